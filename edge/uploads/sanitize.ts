/**
 * Sniffing and re-encoding of uploaded images (pure, synchronous; storage is in store.ts).
 *
 * `sanitizeImage` sniffs the type from the bytes alone (JPEG, PNG, WebP), walks the container
 * structurally and rebuilds it from a whitelist of parts, so metadata (EXIF/GPS, XMP, ICC, text,
 * comments) never reaches storage. Anything that does not parse exactly is refused: truncated or
 * inconsistent structure is MALFORMED, bytes after the end of the image or markup hidden in a
 * kept part is POLYGLOT. It also returns the dimensions the header declares, so that the pixel
 * bound (MAX_PIXELS) is checked before any decoder allocates the pixels (reencode.ts decodes).
 */

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
/** Largest width or height accepted (decompression-bomb guard). */
export const MAX_DIMENSION = 10_000;
/**
 * Most pixels an upload may declare (width x height), checked on the header before decoding:
 * decoded RGBA takes 4 bytes a pixel, so 24 MP is 96 MB, and decoding plus re-encoding holds
 * about three such buffers. A 24 MP camera photo (6000x4000) and any phone photo pass; a
 * 9000x9000 decompression bomb (81 MP, ~324 MB decoded) does not.
 */
export const MAX_PIXELS = 24_000_000;

export type ImageMime = "image/jpeg" | "image/png" | "image/webp";
/**
 * PIXELS: over MAX_PIXELS; UNREADABLE: the pixel data does not decode; BUSY: too many uploads
 * wait for the decoder (the last two come from reencode.ts).
 */
export type UploadRejectReason =
  | "TYPE"
  | "SIZE"
  | "MALFORMED"
  | "POLYGLOT"
  | "PIXELS"
  | "UNREADABLE"
  | "BUSY";
/** A sanitized image: the rebuilt bytes and the width and height its header declares. */
export type SanitizedImage = { mime: ImageMime; bytes: Uint8Array; width: number; height: number };

export class UploadRejected extends Error {
  constructor(readonly reason: UploadRejectReason, detail?: string) {
    super(detail ? `upload rejected (${reason}): ${detail}` : `upload rejected (${reason})`);
    this.name = "UploadRejected";
  }
}

const malformed = (detail: string) => new UploadRejected("MALFORMED", detail);
const polyglot = (detail: string) => new UploadRejected("POLYGLOT", detail);

/**
 * Sniffs, validates and rebuilds an uploaded image without its metadata. Pure, synchronous; does
 * not decode the pixel data (reencode.ts does, after checking the dimensions returned here).
 */
export function sanitizeImage(bytes: Uint8Array): SanitizedImage {
  if (bytes.length === 0 || bytes.length > MAX_UPLOAD_BYTES) {
    throw new UploadRejected("SIZE", `${bytes.length} bytes`);
  }
  let mime: ImageMime;
  let out: Rebuilt;
  if (startsWith(bytes, JPEG_MAGIC)) {
    mime = "image/jpeg";
    out = sanitizeJpeg(bytes);
  } else if (startsWith(bytes, PNG_MAGIC)) {
    mime = "image/png";
    out = sanitizePng(bytes);
  } else if (startsWith(bytes, RIFF) && startsWith(bytes, WEBP, 8)) {
    mime = "image/webp";
    out = sanitizeWebp(bytes);
  } else {
    throw new UploadRejected("TYPE", "not a JPEG, PNG or WebP image");
  }
  const hit = findMarkup(out.bytes);
  if (hit) throw polyglot(`kept image data contains "${hit}"`);
  return { mime, ...out };
}

/** A rebuilt container and the dimensions its header declares. */
type Rebuilt = { bytes: Uint8Array; width: number; height: number };

/** Refuses an image whose declared dimensions exceed MAX_PIXELS (before any decoding). */
export function checkPixels(img: { width: number; height: number }): void {
  const pixels = img.width * img.height;
  if (pixels > MAX_PIXELS) {
    throw new UploadRejected("PIXELS", `${img.width}x${img.height} exceeds ${MAX_PIXELS} pixels`);
  }
}

// ---------------------------------------------------------------------------------------------
// Byte helpers

const ascii = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));
const JPEG_MAGIC = Uint8Array.of(0xff, 0xd8, 0xff);
const PNG_MAGIC = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
const RIFF = ascii("RIFF");
const WEBP = ascii("WEBP");

function startsWith(b: Uint8Array, prefix: Uint8Array, at = 0): boolean {
  if (at + prefix.length > b.length) return false;
  for (let i = 0; i < prefix.length; i++) if (b[at + i] !== prefix[i]) return false;
  return true;
}

/** Byte at `i`; the callers bounds-check first, this only satisfies noUncheckedIndexedAccess. */
const u8 = (b: Uint8Array, i: number): number => b[i] ?? 0;
const u16be = (b: Uint8Array, i: number) => (u8(b, i) << 8) | u8(b, i + 1);
const u32be = (b: Uint8Array, i: number) =>
  ((u8(b, i) << 24) | (u8(b, i + 1) << 16) | (u8(b, i + 2) << 8) | u8(b, i + 3)) >>> 0;
const u24le = (b: Uint8Array, i: number) => u8(b, i) | (u8(b, i + 1) << 8) | (u8(b, i + 2) << 16);
const u32le = (b: Uint8Array, i: number) => (u24le(b, i) | (u8(b, i + 3) << 24)) >>> 0;
const fourcc = (b: Uint8Array, i: number) => String.fromCharCode(...b.subarray(i, i + 4));

export function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

function checkDimensions(width: number, height: number, what: string): void {
  if (width < 1 || height < 1) throw malformed(`${what}: zero width or height`);
  if (width > MAX_DIMENSION || height > MAX_DIMENSION) {
    throw malformed(`${what}: ${width}x${height} exceeds ${MAX_DIMENSION}`);
  }
}

// ---------------------------------------------------------------------------------------------
// Markup scan over the kept bytes

/**
 * Markup that must not survive in a stored image. Each needle counts only when followed by a
 * delimiter that ends an HTML tag name or PHP open tag (whitespace, "/" or ">"), as every parser
 * requires: `<svgX` is no SVG element. Without that, the short `<svg` would match random
 * compressed data about once per 500 MB (roughly 1% of 5 MB photos); with it, once per ~20 GB.
 * `javascript:` is long enough to stand alone.
 */
const MARKUP: readonly { text: string; needle: Uint8Array; delimited: boolean }[] = [
  "<script",
  "<html",
  "<svg",
  "<?php",
  "<!doctype",
  "<iframe",
  "javascript:",
].map((text) => ({ text, needle: ascii(text), delimited: !text.endsWith(":") }));

const isDelimiter = (c: number) =>
  c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0c || c === 0x0d || c === 0x2f || c === 0x3e;

/** First markup needle found in `b` (ASCII case-insensitive), or null. */
export function findMarkup(b: Uint8Array): string | null {
  for (let i = 0; i < b.length; i++) {
    if (b[i] !== 0x3c && (u8(b, i) | 0x20) !== 0x6a) continue; // "<" or "j"/"J"
    for (const { text, needle, delimited } of MARKUP) {
      const end = i + needle.length;
      if (end > b.length) continue;
      let k = 0;
      // Lower-case only letters: OR-ing 0x20 into "<", "?", "!" or ":" would not change them.
      for (; k < needle.length; k++) {
        const c = u8(b, i + k);
        const lc = c >= 0x41 && c <= 0x5a ? c | 0x20 : c;
        if (lc !== needle[k]) break;
      }
      if (k < needle.length) continue;
      if (!delimited || end === b.length || isDelimiter(u8(b, end))) return text;
    }
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// JPEG

/** Bytes of the JFIF APP0 payload kept: "JFIF\0", version, units, densities, thumbnail 0x0. */
const JFIF_LENGTH = 14;
/** Bytes of the Adobe APP14 payload kept: "Adobe", version, flags0, flags1, transform. */
const ADOBE_LENGTH = 12;

const segment = (marker: number, payload: Uint8Array) =>
  concat([
    Uint8Array.of(0xff, marker, (payload.length + 2) >> 8, (payload.length + 2) & 0xff),
    payload,
  ]);

function sanitizeJpeg(b: Uint8Array): Rebuilt {
  const out: Uint8Array[] = [Uint8Array.of(0xff, 0xd8)];
  let pos = 2;
  let sof = false;
  let width = 0;
  let height = 0;
  let scans = 0;
  for (;;) {
    // A marker is 0xFF (optionally repeated as fill) then the marker code.
    if (u8(b, pos) !== 0xff) throw malformed(`JPEG: expected a marker at ${pos}`);
    while (pos < b.length && b[pos] === 0xff) pos++;
    if (pos >= b.length) throw malformed("JPEG: missing EOI");
    const marker = u8(b, pos++);
    if (marker === 0xd9) { // EOI
      if (!sof || scans === 0) throw malformed("JPEG: no frame or no scan");
      if (pos < b.length) throw polyglot(`JPEG: ${b.length - pos} bytes after EOI`);
      out.push(Uint8Array.of(0xff, 0xd9));
      return { bytes: concat(out), width, height };
    }
    // TEM, RST outside a scan, a second SOI: not in a valid file.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8) || marker === 0x00) {
      throw malformed(`JPEG: unexpected marker FF${hex(marker)}`);
    }
    if (pos + 2 > b.length) throw malformed("JPEG: truncated segment length");
    const length = u16be(b, pos);
    if (length < 2 || pos + length > b.length) throw malformed("JPEG: truncated segment");
    const payload = b.subarray(pos + 2, pos + length);
    pos += length;

    if (marker === 0xdb || marker === 0xc4 || marker === 0xdd || marker === 0xcc) {
      out.push(segment(marker, payload)); // DQT, DHT, DRI, DAC
    } else if (isSof(marker)) {
      if (sof) throw malformed("JPEG: more than one frame header");
      if (payload.length < 6) throw malformed("JPEG: short frame header");
      const components = u8(payload, 5);
      if (components < 1 || payload.length !== 6 + 3 * components) {
        throw malformed("JPEG: bad frame header length");
      }
      width = u16be(payload, 3);
      height = u16be(payload, 1);
      checkDimensions(width, height, "JPEG frame");
      sof = true;
      out.push(segment(marker, payload));
    } else if (marker === 0xda) { // SOS, then entropy-coded data up to the next marker
      if (!sof) throw malformed("JPEG: scan before frame header");
      const n = u8(payload, 0);
      if (n < 1 || n > 4 || payload.length !== 4 + 2 * n) throw malformed("JPEG: bad scan header");
      const start = pos;
      pos = scanEntropy(b, pos);
      scans++;
      out.push(segment(marker, payload), b.subarray(start, pos));
    } else if (marker === 0xe0) { // APP0: JFIF only, thumbnail removed
      if (payload.length >= JFIF_LENGTH && startsWith(payload, ascii("JFIF\0"))) {
        const jfif = payload.slice(0, JFIF_LENGTH);
        jfif[12] = 0;
        jfif[13] = 0;
        out.push(segment(marker, jfif));
      }
    } else if (marker === 0xee) { // APP14: Adobe colour transform only
      if (payload.length >= ADOBE_LENGTH && startsWith(payload, ascii("Adobe"))) {
        out.push(segment(marker, payload.slice(0, ADOBE_LENGTH)));
      }
    } else if ((marker >= 0xe1 && marker <= 0xef) || marker === 0xfe) {
      // APP1 (EXIF/XMP), APP2..APP13, APP15 and COM: dropped.
    } else {
      // DNL, hierarchical (DHP/EXP), JPGn extensions, reserved codes: not accepted.
      throw malformed(`JPEG: unsupported marker FF${hex(marker)}`);
    }
  }
}

const hex = (n: number) => n.toString(16).toUpperCase().padStart(2, "0");

/** SOF0..SOF15, except DHT (C4), JPG (C8) and DAC (CC). */
const isSof = (m: number) => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;

/** End of entropy-coded data starting at `pos`: the next marker other than FF00 and RSTn. */
function scanEntropy(b: Uint8Array, pos: number): number {
  for (let i = pos; i + 1 < b.length; i++) {
    if (b[i] !== 0xff) continue;
    const next = u8(b, i + 1);
    if (next === 0x00 || (next >= 0xd0 && next <= 0xd7)) {
      i++; // stuffed zero or restart marker: still scan data
      continue;
    }
    return i; // a marker (or fill bytes before one)
  }
  throw malformed("JPEG: scan data runs to the end of the file (missing EOI)");
}

// ---------------------------------------------------------------------------------------------
// PNG

const PNG_KEEP = new Set(["IHDR", "PLTE", "IDAT", "IEND", "tRNS", "gAMA", "cHRM", "sRGB", "pHYs"]);
/** Valid bit depths per colour type (PNG spec, table 11.1). */
const PNG_DEPTHS: Record<number, number[]> = {
  0: [1, 2, 4, 8, 16],
  2: [8, 16],
  3: [1, 2, 4, 8],
  4: [8, 16],
  6: [8, 16],
};

const CRC_TABLE = Uint32Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

/** CRC-32 (ISO-HDLC, as PNG uses) of `b`. */
export function crc32(b: Uint8Array): number {
  let c = 0xffffffff;
  for (let i = 0; i < b.length; i++) c = (CRC_TABLE[(c ^ u8(b, i)) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function sanitizePng(b: Uint8Array): Rebuilt {
  const out: Uint8Array[] = [PNG_MAGIC];
  let width = 0;
  let height = 0;
  let pos = PNG_MAGIC.length;
  let first = true;
  let colourType = -1;
  let palette = false;
  let idat: "none" | "open" | "closed" = "none";
  for (;;) {
    if (pos + 12 > b.length) throw malformed("PNG: truncated chunk (missing IEND)");
    const length = u32be(b, pos);
    if (length > 0x7fffffff || pos + 12 + length > b.length) {
      throw malformed("PNG: chunk length past end of file");
    }
    const type = fourcc(b, pos + 4);
    if (!/^[A-Za-z]{4}$/.test(type)) throw malformed("PNG: invalid chunk type");
    const whole = b.subarray(pos, pos + 12 + length);
    const data = whole.subarray(8, 8 + length);
    if (crc32(whole.subarray(4, 8 + length)) !== u32be(whole, 8 + length)) {
      throw malformed(`PNG: bad CRC in ${type}`);
    }
    pos += 12 + length;

    if (first !== (type === "IHDR")) throw malformed("PNG: IHDR must be the first chunk, once");
    first = false;
    if (idat === "open" && type !== "IDAT") idat = "closed";
    if (type === "IHDR") {
      if (length !== 13) throw malformed("PNG: bad IHDR length");
      width = u32be(data, 0);
      height = u32be(data, 4);
      checkDimensions(width, height, "PNG IHDR");
      const depth = u8(data, 8);
      colourType = u8(data, 9);
      if (!PNG_DEPTHS[colourType]?.includes(depth)) throw malformed("PNG: bad depth/colour type");
      if (u8(data, 10) !== 0 || u8(data, 11) !== 0 || u8(data, 12) > 1) {
        throw malformed("PNG: bad compression, filter or interlace method");
      }
    } else if (type === "PLTE") {
      if (idat !== "none" || palette) throw malformed("PNG: misplaced PLTE");
      palette = true;
    } else if (type === "IDAT") {
      if (idat === "closed") throw malformed("PNG: IDAT chunks not consecutive");
      if (colourType === 3 && !palette) throw malformed("PNG: palette image without PLTE");
      idat = "open";
    } else if (type === "IEND") {
      if (length !== 0) throw malformed("PNG: IEND with data");
      if (idat === "none") throw malformed("PNG: no IDAT");
      if (pos < b.length) throw polyglot(`PNG: ${b.length - pos} bytes after IEND`);
      out.push(whole);
      return { bytes: concat(out), width, height };
    } else if (!PNG_KEEP.has(type) && type.charCodeAt(0) < 0x61) {
      throw malformed(`PNG: unknown critical chunk ${type}`);
    }
    if (PNG_KEEP.has(type)) out.push(whole); // CRC already verified: copied as is
  }
}

// ---------------------------------------------------------------------------------------------
// WebP

// Kept: VP8X (metadata flags cleared), ANIM, ANMF (rebuilt), ALPH, "VP8 ", VP8L.
// Dropped: EXIF, "XMP ", ICCP and unknown chunks.
const VP8X_ICC = 0x20;
const VP8X_EXIF = 0x08;
const VP8X_XMP = 0x04;
const VP8X_ANIMATION = 0x02;
/** ANMF header before its frame sub-chunks: X, Y, width-1, height-1 (u24 each), duration, flags. */
const ANMF_HEADER = 16;

type RiffChunk = { id: string; data: Uint8Array };

/** Chunks of a RIFF body (`b` from the first chunk to the end); each chunk pads to even size. */
function riffChunks(b: Uint8Array, what: string): RiffChunk[] {
  const chunks: RiffChunk[] = [];
  let pos = 0;
  while (pos < b.length) {
    if (pos + 8 > b.length) throw malformed(`${what}: truncated chunk header`);
    const size = u32le(b, pos + 4);
    if (pos + 8 + size > b.length) throw malformed(`${what}: chunk past the end`);
    chunks.push({ id: fourcc(b, pos), data: b.subarray(pos + 8, pos + 8 + size) });
    pos += 8 + size + (size & 1); // pad byte (may be missing after the last chunk)
  }
  return chunks;
}

function riffChunk(id: string, data: Uint8Array): Uint8Array {
  const head = new Uint8Array(8);
  head.set(ascii(id));
  new DataView(head.buffer).setUint32(4, data.length, true);
  return data.length & 1 ? concat([head, data, Uint8Array.of(0)]) : concat([head, data]);
}

/** Checks a VP8 (lossy) or VP8L (lossless) bitstream header; returns its width and height. */
function checkBitstream(c: RiffChunk): [number, number] {
  let w: number;
  let h: number;
  if (c.id === "VP8 ") {
    // Frame tag (3 bytes, key frame bit 0 clear), start code 9D 01 2A, 14-bit width and height.
    if (c.data.length < 10 || (u8(c.data, 0) & 1) !== 0) throw malformed("WebP: bad VP8 header");
    if (u8(c.data, 3) !== 0x9d || u8(c.data, 4) !== 0x01 || u8(c.data, 5) !== 0x2a) {
      throw malformed("WebP: bad VP8 start code");
    }
    w = (u8(c.data, 6) | (u8(c.data, 7) << 8)) & 0x3fff;
    h = (u8(c.data, 8) | (u8(c.data, 9) << 8)) & 0x3fff;
  } else {
    // Signature 0x2F, then 14 bits width-1 and 14 bits height-1, little-endian bit order.
    if (c.data.length < 5 || u8(c.data, 0) !== 0x2f) throw malformed("WebP: bad VP8L header");
    const bits = u32le(c.data, 1);
    w = (bits & 0x3fff) + 1;
    h = ((bits >>> 14) & 0x3fff) + 1;
  }
  checkDimensions(w, h, `WebP ${c.id.trim()}`);
  return [w, h];
}

/**
 * Image data of a still image or of one ANMF frame: optional ALPH (lossy only) then exactly one
 * VP8/VP8L bitstream; other chunks are dropped. Returns the kept chunks and the bitstream size.
 */
function frameChunks(chunks: RiffChunk[], what: string): [RiffChunk[], number, number] {
  const kept = chunks.filter((c) => c.id === "ALPH" || c.id === "VP8 " || c.id === "VP8L");
  const streams = kept.filter((c) => c.id !== "ALPH");
  const stream = streams[0];
  if (streams.length !== 1 || !stream) throw malformed(`${what}: needs one VP8/VP8L bitstream`);
  const [w, h] = checkBitstream(stream);
  const alph = kept.length - 1;
  if (alph > 1 || (alph === 1 && (stream.id !== "VP8 " || kept[0]?.id !== "ALPH"))) {
    throw malformed(`${what}: misplaced ALPH`);
  }
  return [kept, w, h];
}

function sanitizeWebp(b: Uint8Array): Rebuilt {
  // The RIFF size counts from "WEBP"; an odd size may be followed by its one padding byte.
  const size = u32le(b, 4);
  const end = 8 + size;
  if (size < 4 || end > b.length) throw malformed("WebP: RIFF size past the end of the file");
  const padding = size & 1 && b.length === end + 1 && b[end] === 0 ? 1 : 0;
  if (b.length > end + padding) throw polyglot(`WebP: ${b.length - end} bytes after RIFF`);

  const chunks = riffChunks(b.subarray(12, end + padding), "WebP");
  const first = chunks[0];
  if (!first) throw malformed("WebP: no chunks");
  let kept: RiffChunk[];
  let width: number;
  let height: number;
  if (first.id !== "VP8X") {
    // Simple format: one VP8 or VP8L chunk; anything else (metadata) is dropped.
    if (chunks.some((c) => ["VP8X", "ANIM", "ANMF", "ALPH"].includes(c.id))) {
      throw malformed("WebP: extended chunks without VP8X");
    }
    [kept, width, height] = frameChunks(chunks, "WebP");
  } else {
    if (first.data.length !== 10) throw malformed("WebP: bad VP8X size");
    if (chunks.filter((c) => c.id === "VP8X").length !== 1) throw malformed("WebP: two VP8X");
    const flags = u8(first.data, 0);
    width = u24le(first.data, 4) + 1;
    height = u24le(first.data, 7) + 1;
    checkDimensions(width, height, "WebP canvas");
    const vp8x = first.data.slice();
    vp8x[0] = flags & ~(VP8X_ICC | VP8X_EXIF | VP8X_XMP); // their chunks are dropped
    const head: RiffChunk = { id: "VP8X", data: vp8x };
    if (flags & VP8X_ANIMATION) {
      // Animation: one ANIM, then frames; each ANMF is rebuilt from its kept sub-chunks.
      const anim = chunks.filter((c) => c.id === "ANIM");
      const animChunk = anim[0];
      if (anim.length !== 1 || !animChunk || animChunk.data.length !== 6) {
        throw malformed("WebP: animation needs one ANIM");
      }
      if (chunks.some((c) => c.id === "VP8 " || c.id === "VP8L" || c.id === "ALPH")) {
        throw malformed("WebP: still image data in an animation");
      }
      const frames = chunks.filter((c) => c.id === "ANMF").map(sanitizeFrame);
      if (frames.length === 0) throw malformed("WebP: animation without frames");
      kept = [head, animChunk, ...frames];
    } else {
      if (chunks.some((c) => c.id === "ANIM" || c.id === "ANMF")) {
        throw malformed("WebP: frames without the animation flag");
      }
      const [image, w, h] = frameChunks(chunks.slice(1), "WebP");
      if (w !== width || h !== height) throw malformed("WebP: canvas and image sizes differ");
      kept = [head, ...image];
    }
  }
  const body = concat(kept.map((c) => riffChunk(c.id, c.data)));
  const header = concat([RIFF, new Uint8Array(4), WEBP]);
  new DataView(header.buffer).setUint32(4, 4 + body.length, true);
  return { bytes: concat([header, body]), width, height };
}

function sanitizeFrame(c: RiffChunk): RiffChunk {
  if (c.data.length < ANMF_HEADER) throw malformed("WebP: short ANMF");
  checkDimensions(u24le(c.data, 6) + 1, u24le(c.data, 9) + 1, "WebP frame");
  const [subs] = frameChunks(riffChunks(c.data.subarray(ANMF_HEADER), "WebP ANMF"), "WebP frame");
  const data = concat([
    c.data.subarray(0, ANMF_HEADER),
    ...subs.map((s) => riffChunk(s.id, s.data)),
  ]);
  return { id: "ANMF", data };
}
