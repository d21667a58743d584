/**
 * Test images built from scratch (independently of the app's sanitizer): PNGs with metadata
 * chunks, compressed with the platform's zlib (CompressionStream "deflate").
 */
const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

function crc32(bytes: Uint8Array) {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array) {
  const out = new Uint8Array(12 + data.length);
  const v = new DataView(out.buffer);
  v.setUint32(0, data.length);
  out.set(new TextEncoder().encode(type), 4);
  out.set(data, 8);
  v.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

export function concat(...parts: Uint8Array[]) {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

async function zlib(data: Uint8Array) {
  const s = new Blob([data as Uint8Array<ArrayBuffer>]).stream().pipeThrough(
    new CompressionStream("deflate"),
  );
  return new Uint8Array(await new Response(s).arrayBuffer());
}

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
  const ihdr = new Uint8Array(13);
  const v = new DataView(ihdr.buffer);
  v.setUint32(0, w);
  v.setUint32(4, h);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const raw = new Uint8Array(h * (1 + w * 3));
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const p = y * (1 + w * 3) + 1 + x * 3;
      raw[p] = (x * 37) & 255;
      raw[p + 1] = (y * 53) & 255;
      raw[p + 2] = 128;
    }
  }
  const enc = new TextEncoder();
  return concat(
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    ...(o.text ? [chunk("tEXt", enc.encode(`Comment\0${o.text}`))] : []),
    ...(o.exif ? [chunk("eXIf", enc.encode(o.exif))] : []),
    chunk("IDAT", (o.idat ?? ((z) => z))(await zlib(raw))),
    chunk("IEND", new Uint8Array()),
    o.trailer ?? new Uint8Array(),
  );
}

/**
 * A decompression bomb: a valid RGB PNG of `w` x `h` black pixels. Its rows of zeros are
 * compressed a band at a time (never held whole), so 9000x9000 (243 MB of pixel data) is a
 * 236 KB file.
 */
export async function makePngBomb(w: number, h: number) {
  const ihdr = new Uint8Array(13);
  const v = new DataView(ihdr.buffer);
  v.setUint32(0, w);
  v.setUint32(4, h);
  ihdr.set([8, 2, 0, 0, 0], 8);
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
  return concat(
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", idat),
    chunk("IEND", new Uint8Array()),
  );
}

/** Multipart upload of `bytes` as the form field `file`. */
export function uploadForm(bytes: Uint8Array, name = "photo.png", type = "image/png") {
  const form = new FormData();
  form.append("file", new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
  return form;
}
