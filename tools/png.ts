/**
 * A plain RGB PNG writer, no image library: the install icons (tools/make_icons.ts) and the test
 * images (tests/images.ts) are built with it. It owns its CRC so that test images do not depend
 * on the app's sanitizer (edge/uploads/sanitize.ts) being right; only the byte joining is shared.
 */
import { concat as join } from "../edge/uploads/sanitize.ts";

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** The byte arrays one after the other. */
export const concat = (...parts: Uint8Array[]): Uint8Array => join(parts);

/** One chunk: length, type, data and the CRC of type and data. */
export function pngChunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const v = new DataView(out.buffer);
  v.setUint32(0, data.length);
  out.set(new TextEncoder().encode(type), 4);
  out.set(data, 8);
  v.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/** zlib (the "deflate" format) with the platform's CompressionStream. */
export async function zlib(raw: Uint8Array): Promise<Uint8Array> {
  const s = new Blob([raw as Uint8Array<ArrayBuffer>]).stream().pipeThrough(
    new CompressionStream("deflate"),
  );
  return new Uint8Array(await new Response(s).arrayBuffer());
}

/**
 * An 8-bit RGB PNG of `w` x `h` whose IDAT holds `idat` (a zlib stream of the filtered rows),
 * with `extra` chunks between IHDR and IDAT.
 */
export function assemblePng(
  w: number,
  h: number,
  idat: Uint8Array,
  extra: Uint8Array[] = [],
): Uint8Array {
  const ihdr = new Uint8Array(13);
  const dv = new DataView(ihdr.buffer);
  dv.setUint32(0, w);
  dv.setUint32(4, h);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return concat(
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", ihdr),
    ...extra,
    pngChunk("IDAT", idat),
    pngChunk("IEND", new Uint8Array()),
  );
}

/** The filtered rows (filter 0) of an RGB image of `w` x `h` coloured by `colour(x, y)`. */
export function rgbRows(w: number, h: number, colour: (x: number, y: number) => number[]) {
  const raw = new Uint8Array(h * (w * 3 + 1));
  let o = 0;
  for (let y = 0; y < h; y++) {
    raw[o++] = 0;
    for (let x = 0; x < w; x++) {
      const [r, g, b] = colour(x, y);
      raw[o++] = r!;
      raw[o++] = g!;
      raw[o++] = b!;
    }
  }
  return raw;
}

/** An RGB PNG of `w` x `h` pixels coloured by `colour(x, y)`. */
export async function encodePng(
  w: number,
  h: number,
  colour: (x: number, y: number) => number[],
): Promise<Uint8Array> {
  return assemblePng(w, h, await zlib(rgbRows(w, h, colour)));
}
