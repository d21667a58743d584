/**
 * Uploads are decoded, not only re-wrapped: `cleanUpload` sanitizes the container (sanitize.ts),
 * refuses more than MAX_PIXELS declared by the header before any decoder allocates them, decodes
 * the pixel data fully and stores a fresh encoding of it, so a decompression bomb, corrupt
 * compressed data or bytes that only a lenient decoder skips never reach storage.
 *
 * Decoding is heavy (about 0.4 s to decode and 1.5 s to encode a 12 MP JPEG, up to ~300 MB at the
 * pixel bound), so it runs in a worker (reencode_worker.ts), one image at a time per process: a
 * queue of at most MAX_WAITING uploads waits its turn, more are refused as busy. The worker ends
 * itself after its one reply, which gives its WASM memory back.
 *
 * Formats stay what they were: PNG is re-encoded as 8-bit RGBA PNG, JPEG as baseline JPEG at
 * quality 85 (70 if 85 would be over the size bound), WebP lossless as lossless WebP and lossy
 * WebP at quality 85 (then 70). Animated WebP does not decode (libwebp's still-image decoder):
 * refused as unreadable.
 */
import {
  checkPixels,
  type ImageMime,
  MAX_UPLOAD_BYTES,
  type SanitizedImage,
  sanitizeImage,
  UploadRejected,
} from "./sanitize.ts";

/** Uploads waiting for the decoder beyond the one being decoded; more are refused (BUSY). */
export const MAX_WAITING = 16;

/** What the worker is given: a sanitized image and the largest re-encoding it may store. */
export type ReencodeJob = {
  mime: ImageMime;
  bytes: Uint8Array;
  width: number;
  height: number;
  lossless: boolean;
  maxBytes: number;
};
export type ReencodeReply =
  | { ok: true; bytes: Uint8Array }
  | { ok: false; reason: "UNREADABLE" | "SIZE"; detail: string };

let queue: Promise<unknown> = Promise.resolve();
let waiting = 0;

/**
 * The upload sanitized, decoded under the pixel bound and re-encoded; throws UploadRejected for
 * any refusal (the sanitizer's, PIXELS, UNREADABLE, SIZE, BUSY).
 */
export async function cleanUpload(bytes: Uint8Array): Promise<SanitizedImage> {
  const img = sanitizeImage(bytes);
  checkPixels(img);
  if (waiting >= MAX_WAITING) throw new UploadRejected("BUSY", `${waiting} uploads waiting`);
  waiting++;
  const turn = queue.then(() => {
    waiting--;
    return inWorker(img);
  });
  queue = turn.catch(() => {});
  const out = await turn;
  // The encoder's output passes the same checks as an upload (structure, markup, dimensions).
  const clean = sanitizeImage(out);
  if (clean.mime !== img.mime || clean.width !== img.width || clean.height !== img.height) {
    throw new Error(`re-encoded ${img.mime} ${img.width}x${img.height} changed shape`);
  }
  return clean;
}

/** Whether a sanitized WebP is lossless: its bitstream chunk (first, or after VP8X) is VP8L. */
function isLosslessWebp(b: Uint8Array): boolean {
  const id = (at: number) => String.fromCharCode(...b.subarray(at, at + 4));
  return id(12) === "VP8L" || (id(12) === "VP8X" && id(30) === "VP8L");
}

function inWorker(img: SanitizedImage): Promise<Uint8Array> {
  const job: ReencodeJob = {
    mime: img.mime,
    bytes: img.bytes.slice(), // its own buffer, transferred to the worker
    width: img.width,
    height: img.height,
    lossless: img.mime === "image/webp" && isLosslessWebp(img.bytes),
    maxBytes: MAX_UPLOAD_BYTES,
  };
  const worker = new Worker(new URL("./reencode_worker.ts", import.meta.url), { type: "module" });
  return new Promise<Uint8Array>((resolve, reject) => {
    worker.onmessage = (e: MessageEvent<ReencodeReply>) => {
      const r = e.data;
      if (r.ok) resolve(r.bytes);
      else reject(new UploadRejected(r.reason, r.detail));
    };
    // A failure outside decoding (loading the codecs, encoding) is the server's, not the image's.
    worker.onerror = (e) => {
      e.preventDefault();
      worker.terminate();
      reject(new Error(`image re-encoding failed: ${e.message}`));
    };
    worker.postMessage(job, [job.bytes.buffer]);
  });
}
