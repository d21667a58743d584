/**
 * The worker that decodes an upload's pixel data and encodes it again (started by reencode.ts,
 * one job per worker). The codecs are the squoosh WASM builds packaged by @jsquash: MozJPEG
 * (libjpeg-turbo) for JPEG, the Rust `png` crate for PNG, libwebp for WebP. Decoding runs in a
 * worker so a multi-second photo never blocks the server's event loop, and the worker ends with
 * the job so the WASM memory the pixels took is given back.
 */
/// <reference lib="deno.worker" />
import decodeJpeg, { init as initJpegDecoder } from "@jsquash/jpeg/decode.js";
import encodeJpeg from "@jsquash/jpeg/encode.js";
import { decode as decodePng } from "@jsquash/png/decode.js";
import encodePng from "@jsquash/png/encode.js";
import decodeWebp from "@jsquash/webp/decode.js";
import encodeWebp from "@jsquash/webp/encode.js";
import type { ReencodeJob, ReencodeReply } from "./reencode.ts";

/** JPEG and lossy WebP quality: the first try, then one smaller try when over the size bound. */
const QUALITIES = [85, 70] as const;

// libjpeg reports corrupt entropy data ("Corrupt JPEG data: ...", "Premature end of JPEG file")
// as warnings and fills the gap with grey; a warning refuses the image like a decode error.
const jpegWarnings: string[] = [];

async function decode(job: ReencodeJob): Promise<ImageData> {
  const buffer = job.bytes.buffer as ArrayBuffer;
  if (job.mime === "image/png") return await decodePng(buffer);
  if (job.mime === "image/webp") return await decodeWebp(buffer);
  await initJpegDecoder({ printErr: (m: string) => jpegWarnings.push(m) });
  const image = await decodeJpeg(buffer);
  if (jpegWarnings.length) throw new Error(jpegWarnings.join("; "));
  return image;
}

async function encode(job: ReencodeJob, image: ImageData, quality: number) {
  if (job.mime === "image/png") return await encodePng(image);
  if (job.mime === "image/webp") {
    return await encodeWebp(image, job.lossless ? { lossless: 1 } : { quality });
  }
  // Baseline (not progressive): twice as fast to encode, a few percent larger.
  return await encodeJpeg(image, { quality, progressive: false });
}

self.onmessage = async (e: MessageEvent<ReencodeJob>) => {
  const job = e.data;
  let image: ImageData;
  try {
    image = await decode(job);
  } catch (err) {
    return reply({ ok: false, reason: "UNREADABLE", detail: String(err) });
  }
  if (image.width !== job.width || image.height !== job.height) {
    const got = `${image.width}x${image.height}`;
    return reply({ ok: false, reason: "UNREADABLE", detail: `decoded ${got}, header differs` });
  }
  let out = new Uint8Array(0);
  for (const quality of QUALITIES) {
    out = new Uint8Array(await encode(job, image, quality));
    if (out.length <= job.maxBytes || job.mime === "image/png" || job.lossless) break;
  }
  if (out.length > job.maxBytes) {
    return reply({ ok: false, reason: "SIZE", detail: `${out.length} bytes re-encoded` });
  }
  reply({ ok: true, bytes: out });
};

/** Posts the one reply and ends the worker (one job each). */
function reply(r: ReencodeReply) {
  if (r.ok) self.postMessage(r, [r.bytes.buffer]);
  else self.postMessage(r);
  self.close();
}
