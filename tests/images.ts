/**
 * Test images built from scratch (independently of the app's sanitizer, with tools/png.ts): PNGs
 * with metadata chunks, compressed with the platform's zlib (CompressionStream "deflate").
 */
import { assemblePng, concat, pngChunk, rgbRows, zlib } from "../tools/png.ts";

export { concat };

/**
 * An RGB PNG of `w` x `h` (a gradient), optionally with a tEXt comment and an eXIf chunk
 * carrying `exif` bytes (e.g. GPS coordinates), and anything appended after IEND.
 */
export async function makePng(
  w: number,
  h: number,
  o: {
    text?: string;
    exif?: string;
    trailer?: Uint8Array;
    /** Replaces the IDAT data (the zlib stream), e.g. to corrupt it; the CRC stays right. */
    idat?: (zlib: Uint8Array) => Uint8Array;
  } = {},
) {
  const raw = rgbRows(w, h, (x, y) => [(x * 37) & 255, (y * 53) & 255, 128]);
  const enc = new TextEncoder();
  return concat(
    assemblePng(w, h, (o.idat ?? ((z) => z))(await zlib(raw)), [
      ...(o.text ? [pngChunk("tEXt", enc.encode(`Comment\0${o.text}`))] : []),
      ...(o.exif ? [pngChunk("eXIf", enc.encode(o.exif))] : []),
    ]),
    o.trailer ?? new Uint8Array(),
  );
}

/**
 * A decompression bomb: a valid RGB PNG of `w` x `h` black pixels. Its rows of zeros are
 * compressed a band at a time (never held whole), so 9000x9000 (243 MB of pixel data) is a
 * 236 KB file.
 */
export async function makePngBomb(w: number, h: number) {
  const band = 64; // rows compressed at a time
  const zeros = new Uint8Array(band * (1 + w * 3));
  let y = 0;
  const rows = new ReadableStream<Uint8Array<ArrayBuffer>>({
    pull(c) {
      const n = Math.min(band, h - y);
      y += n;
      if (n > 0) c.enqueue(zeros.subarray(0, n * (1 + w * 3)));
      else c.close();
    },
  });
  const idat = new Uint8Array(
    await new Response(rows.pipeThrough(new CompressionStream("deflate"))).arrayBuffer(),
  );
  return assemblePng(w, h, idat);
}

/** Multipart upload of `bytes` as the form field `file`. */
export function uploadForm(bytes: Uint8Array, name = "photo.png", type = "image/png") {
  const form = new FormData();
  form.append("file", new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
  return form;
}
