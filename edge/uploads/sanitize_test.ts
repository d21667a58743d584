/** Sniffing and re-encoding (sanitize.ts): what is kept, dropped and refused; fixtures in tests/fixtures/uploads.ts. */
import { assert, assertEquals } from "../../tests/assert.ts";
import {
  checkPixels,
  findMarkup,
  MAX_DIMENSION,
  MAX_PIXELS,
  MAX_UPLOAD_BYTES,
  sanitizeImage,
  UploadRejected,
} from "./sanitize.ts";
import {
  ascii,
  assertNoMetadata,
  chunkOf,
  concat,
  contains,
  decode,
  ihdr,
  indexOf,
  JPEG_BASELINE,
  JPEG_PROGRESSIVE,
  jpegLayout,
  jpegSeg,
  latin1,
  png,
  PNG_RGBA,
  PNG_SIG,
  pngChunk,
  pngChunks,
  rejected,
  riffChunk,
  u16,
  u32be,
  u32le,
  webp,
  WEBP_ANIMATED,
  WEBP_LOSSLESS,
  WEBP_LOSSY_ALPHA,
  WEBP_SIMPLE,
  webpChunks,
  zlibStored,
} from "../../tests/fixtures/uploads.ts";

Deno.test("the declared dimensions are returned for the pixel bound checked before decoding", () => {
  const sofAt = indexOf(JPEG_BASELINE, Uint8Array.of(0xff, 0xc0));
  const input = JPEG_BASELINE.slice();
  input.set(concat(u16(9000), u16(9000)), sofAt + 5);
  const declared = sanitizeImage(input); // each side within MAX_DIMENSION: structurally fine
  assertEquals([declared.width, declared.height], [9000, 9000]);
  let refused: unknown = null;
  try {
    checkPixels(declared);
  } catch (e) {
    refused = e;
  }
  assert(refused instanceof UploadRejected && refused.reason === "PIXELS", String(refused));
  checkPixels({ width: 4000, height: 3000 }); // a 12 MP phone photo
  checkPixels({ width: 6000, height: MAX_PIXELS / 6000 }); // at the bound
});

// ---------------------------------------------------------------------------------------------
// JPEG

Deno.test("JPEG: EXIF/GPS, comment, APPn dropped; JFIF and Adobe kept minimal; scan data intact", async () => {
  const { app1End } = jpegLayout(JPEG_BASELINE);
  assertEquals(latin1(JPEG_BASELINE.subarray(6, 10)), "Exif");
  assert(contains(JPEG_BASELINE, "GPS-Leak"));
  const afterExif = JPEG_BASELINE.subarray(app1End); // DQT ... SOS, scan, EOI
  const jfifHead = concat(ascii("JFIF\0"), Uint8Array.of(1, 1, 0, 0, 72, 0, 72));
  const adobe = concat(ascii("Adobe"), Uint8Array.of(0, 100, 0, 0, 0, 0, 1));
  const input = concat(
    Uint8Array.of(0xff, 0xd8),
    // JFIF with a 7x1 RGB "thumbnail" that is really markup
    jpegSeg(0xe0, concat(jfifHead, Uint8Array.of(7, 1), ascii("<svg onload=alert(1)>"))),
    JPEG_BASELINE.subarray(2, app1End), // APP1 EXIF with the GPS IFD
    jpegSeg(0xfe, ascii("<script>alert(document.cookie)</script>")), // COM
    jpegSeg(0xed, ascii("Photoshop 3.0\0 8BIM IPTC city=London")), // APP13
    jpegSeg(0xe2, ascii("ICC_PROFILE\0\x01\x01 profile bytes")), // APP2
    jpegSeg(0xef, ascii("vendor")), // APP15
    jpegSeg(0xee, concat(adobe, ascii("<?php evil(); ?>"))), // APP14, extra bytes
    afterExif,
  );
  const { mime, bytes } = sanitizeImage(input);
  assertEquals(mime, "image/jpeg");
  assertEquals(
    bytes,
    concat(
      Uint8Array.of(0xff, 0xd8),
      jpegSeg(0xe0, concat(jfifHead, Uint8Array.of(0, 0))), // thumbnail removed
      jpegSeg(0xee, adobe),
      afterExif,
    ),
  );
  assertNoMetadata(bytes);
  assertEquals(findMarkup(bytes), null);
  assertEquals(await decode(bytes, mime), [4, 4]);
});

Deno.test("JPEG: the generated baseline and progressive fixtures only lose APP1", async () => {
  for (const input of [JPEG_BASELINE, JPEG_PROGRESSIVE]) {
    const { bytes } = sanitizeImage(input);
    assertEquals(
      bytes,
      concat(Uint8Array.of(0xff, 0xd8), input.subarray(jpegLayout(input).app1End)),
    );
    assertNoMetadata(bytes);
    assertEquals(await decode(bytes, "image/jpeg"), [4, 4]);
  }
  // progressive: several scans, each SOS kept
  const scans = (b: Uint8Array) => {
    let n = 0;
    for (
      let i = indexOf(b, Uint8Array.of(0xff, 0xda));
      i >= 0;
      i = indexOf(b, Uint8Array.of(0xff, 0xda), i + 2)
    ) n++;
    return n;
  };
  assert(scans(sanitizeImage(JPEG_PROGRESSIVE).bytes) >= 5);
  assertEquals(scans(sanitizeImage(JPEG_PROGRESSIVE).bytes), scans(JPEG_PROGRESSIVE));
});

Deno.test("JPEG: restart markers, stuffed bytes and fill bytes in the scan are handled", () => {
  // A hand-made scan body exercising FF00, RSTn and FF fill before EOI; not decodable, but the
  // structural walk must carry it over byte for byte.
  const { app1End, sosAt, sosEnd } = jpegLayout(JPEG_BASELINE);
  const head = JPEG_BASELINE.subarray(app1End, sosAt); // DQT, SOF0, DHT
  const sos = JPEG_BASELINE.subarray(sosAt, sosEnd);
  // deno-fmt-ignore
  const scan = Uint8Array.of(0x12, 0xff, 0x00, 0x34, 0xff, 0xd0, 0x56, 0xff, 0xd7, 0x78, 0xff, 0x00);
  const input = concat(
    Uint8Array.of(0xff, 0xd8),
    jpegSeg(0xdd, Uint8Array.of(0, 1)), // DRI
    head,
    sos,
    scan,
    Uint8Array.of(0xff, 0xff, 0xff, 0xd9), // fill bytes, then EOI
  );
  const { bytes } = sanitizeImage(input);
  assertEquals(
    bytes,
    concat(
      Uint8Array.of(0xff, 0xd8),
      jpegSeg(0xdd, Uint8Array.of(0, 1)),
      head,
      sos,
      scan,
      Uint8Array.of(0xff, 0xd9),
    ),
  );
});

Deno.test("JPEG: anything after EOI is a polyglot", () => {
  const zip = concat(
    ascii("PK\x03\x04\x14\x00\x00\x00\x08\x00"),
    ascii("shell.php"),
    new Uint8Array(30),
  );
  rejected(concat(JPEG_BASELINE, ascii("<?php system($_GET['c']); ?>")), "POLYGLOT", "php");
  rejected(concat(JPEG_BASELINE, zip), "POLYGLOT", "zip");
  rejected(concat(JPEG_BASELINE, Uint8Array.of(0)), "POLYGLOT", "one byte");
  rejected(concat(JPEG_BASELINE, JPEG_BASELINE), "POLYGLOT", "second image");
});

Deno.test("JPEG: markup inside kept scan data is a polyglot", () => {
  const { sosEnd } = jpegLayout(JPEG_BASELINE);
  const payload = ascii("<script>alert(1)</script>");
  const input = concat(
    JPEG_BASELINE.subarray(0, sosEnd),
    payload,
    JPEG_BASELINE.subarray(sosEnd),
  );
  rejected(input, "POLYGLOT");
});

Deno.test("JPEG: every truncation, missing parts and bad lengths are malformed", () => {
  for (let n = 3; n < JPEG_PROGRESSIVE.length; n++) {
    rejected(JPEG_PROGRESSIVE.subarray(0, n), "MALFORMED", `prefix ${n}`);
  }
  rejected(Uint8Array.of(0xff, 0xd8, 0xff, 0xd9), "MALFORMED", "no frame");
  const sosAt = indexOf(JPEG_BASELINE, Uint8Array.of(0xff, 0xda));
  rejected(
    concat(JPEG_BASELINE.subarray(0, sosAt), Uint8Array.of(0xff, 0xd9)),
    "MALFORMED",
    "no scan",
  );
  // a segment length running past the end of the file
  rejected(concat(Uint8Array.of(0xff, 0xd8, 0xff, 0xfe, 0x7f, 0xff), ascii("x")), "MALFORMED");
  // garbage where a marker must be
  rejected(concat(Uint8Array.of(0xff, 0xd8, 0xff, 0xfe, 0, 3, 0x41, 0x42)), "MALFORMED");
});

Deno.test("JPEG: frame dimensions are bounded", () => {
  const sofAt = indexOf(JPEG_BASELINE, Uint8Array.of(0xff, 0xc0));
  for (
    const [h, w, ok] of [[MAX_DIMENSION, MAX_DIMENSION, true], [4, MAX_DIMENSION + 1, false], [
      60000,
      4,
      false,
    ], [0, 4, false]] as const
  ) {
    const input = JPEG_BASELINE.slice();
    input.set(concat(u16(h), u16(w)), sofAt + 5); // FF C0, length (2), precision, height, width
    if (ok) sanitizeImage(input);
    else rejected(input, "MALFORMED", `${w}x${h}`);
  }
});

// ---------------------------------------------------------------------------------------------
// PNG

Deno.test("PNG: text, eXIf, time, ICC and unknown ancillary chunks dropped; image chunks kept", async () => {
  const chunks = pngChunks(PNG_RGBA);
  assertEquals(chunks.map(([t]) => t), ["IHDR", "eXIf", "pHYs", "IDAT", "IEND"]);
  const get = (t: string) => chunks.find(([c]) => c === t)![1];
  const input = png(
    get("IHDR"),
    pngChunk("tEXt", ascii("Comment\0<script>alert(1)</script>")),
    pngChunk("zTXt", ascii("Raw profile type exif\0\0xyz")),
    pngChunk("iTXt", ascii("XML:com.adobe.xmp\0\0\0\0\0<x:xmpmeta>GPS</x:xmpmeta>")),
    pngChunk("tIME", Uint8Array.of(7, 234, 1, 2, 3, 4, 5)),
    pngChunk("iCCP", ascii("icc\0\0zz")),
    get("eXIf"),
    pngChunk("gAMA", u32be(45455)),
    pngChunk("sRGB", Uint8Array.of(0)),
    get("pHYs"),
    pngChunk("prVt", ascii("private ancillary")),
    get("IDAT"),
    get("IEND"),
  );
  const { mime, bytes } = sanitizeImage(input);
  assertEquals(mime, "image/png");
  assertEquals(
    bytes,
    png(
      get("IHDR"),
      pngChunk("gAMA", u32be(45455)),
      pngChunk("sRGB", Uint8Array.of(0)),
      get("pHYs"),
      get("IDAT"),
      get("IEND"),
    ),
  );
  assertNoMetadata(bytes);
  for (const s of ["zTXt", "iTXt", "tIME", "iCCP", "eXIf", "prVt", "<script"]) {
    assert(!contains(bytes, s), s);
  }
  assertEquals(await decode(bytes, mime), [4, 4]);
  // the fixture itself: only eXIf goes
  assertEquals(
    sanitizeImage(PNG_RGBA).bytes,
    png(get("IHDR"), get("pHYs"), get("IDAT"), get("IEND")),
  );
});

Deno.test("PNG: markup carried in IDAT pixel data is a polyglot", async () => {
  // A valid 25x1 greyscale PNG whose (stored, uncompressed) pixels spell a script tag.
  const text = ascii("<script>alert(1)</script>");
  const image = png(
    ihdr(text.length, 1),
    pngChunk("IDAT", zlibStored(concat(Uint8Array.of(0), text))),
    pngChunk("IEND", new Uint8Array()),
  );
  assertEquals(await decode(image, "image/png"), [25, 1]); // a real, decodable image
  rejected(image, "POLYGLOT");
  // same structure with harmless pixels passes
  const plain = png(
    ihdr(text.length, 1),
    pngChunk("IDAT", zlibStored(new Uint8Array(text.length + 1))),
    pngChunk("IEND", new Uint8Array()),
  );
  assertEquals(sanitizeImage(plain).bytes, plain);
});

Deno.test("PNG: CRC, chunk order, critical chunks, trailing data, dimensions", () => {
  const chunks = pngChunks(PNG_RGBA);
  const get = (t: string) => chunks.find(([c]) => c === t)![1];
  const [IHDR, IDAT, IEND] = [get("IHDR"), get("IDAT"), get("IEND")];

  const badCrc = PNG_RGBA.slice();
  badCrc[PNG_RGBA.length - 20]! ^= 1; // inside IDAT
  rejected(badCrc, "MALFORMED", "bad CRC");
  rejected(png(get("pHYs"), IHDR, IDAT, IEND), "MALFORMED", "IHDR not first");
  rejected(png(IHDR, IDAT), "MALFORMED", "no IEND");
  rejected(png(IHDR, IEND), "MALFORMED", "no IDAT");
  rejected(png(IHDR, IHDR, IDAT, IEND), "MALFORMED", "two IHDR");
  rejected(png(IHDR, pngChunk("ABCD", ascii("x")), IDAT, IEND), "MALFORMED", "unknown critical");
  rejected(png(IHDR, pngChunk("CgBI", ascii("x")), IDAT, IEND), "MALFORMED", "Apple CgBI");
  rejected(png(IHDR, IDAT, pngChunk("tEXt", ascii("a\0b")), IDAT, IEND), "MALFORMED", "split IDAT");
  rejected(png(ihdr(4, 4, 8, 3), IDAT, IEND), "MALFORMED", "palette without PLTE");
  rejected(png(ihdr(4, 4, 3, 2), IDAT, IEND), "MALFORMED", "bad bit depth");
  rejected(concat(PNG_RGBA, ascii("<?php echo 1; ?>")), "POLYGLOT", "after IEND");
  rejected(concat(PNG_RGBA, IEND), "POLYGLOT", "second IEND");
  rejected(png(ihdr(MAX_DIMENSION + 1, 1), IDAT, IEND), "MALFORMED", "too wide");
  rejected(png(ihdr(1, 0xffffffff), IDAT, IEND), "MALFORMED", "too tall");
  rejected(png(ihdr(0, 4), IDAT, IEND), "MALFORMED", "zero width");
  sanitizeImage(png(ihdr(MAX_DIMENSION, MAX_DIMENSION), IDAT, IEND)); // at the limit: accepted
  for (let n = 8; n < PNG_RGBA.length; n++) {
    rejected(PNG_RGBA.subarray(0, n), "MALFORMED", `prefix ${n}`);
  }
});

// ---------------------------------------------------------------------------------------------
// WebP

Deno.test("WebP lossless: EXIF, ICCP and XMP dropped, VP8X flags cleared, VP8L intact", async () => {
  assertEquals(webpChunks(WEBP_LOSSLESS).map(([c]) => c), ["VP8X", "ICCP", "VP8L", "EXIF"]);
  const vp8x = chunkOf(WEBP_LOSSLESS, "VP8X");
  assertEquals(vp8x[0], 0x38); // ICC | alpha | EXIF
  const withXmp = vp8x.slice();
  withXmp[0] = 0x3c; // and XMP
  const input = webp(
    riffChunk("VP8X", withXmp),
    riffChunk("ICCP", chunkOf(WEBP_LOSSLESS, "ICCP")),
    riffChunk("VP8L", chunkOf(WEBP_LOSSLESS, "VP8L")),
    riffChunk("EXIF", chunkOf(WEBP_LOSSLESS, "EXIF")),
    riffChunk("XMP ", ascii("<x:xmpmeta>GPS</x:xmpmeta>")),
    riffChunk("ZZZZ", ascii("unknown chunk")),
  );
  for (const source of [input, WEBP_LOSSLESS]) {
    const { mime, bytes } = sanitizeImage(source);
    assertEquals(mime, "image/webp");
    assertEquals(webpChunks(bytes).map(([c]) => c), ["VP8X", "VP8L"]);
    assertEquals(chunkOf(bytes, "VP8X")[0], 0x10); // alpha only
    assertEquals(chunkOf(bytes, "VP8X").subarray(1), vp8x.subarray(1));
    assertEquals(chunkOf(bytes, "VP8L"), chunkOf(WEBP_LOSSLESS, "VP8L"));
    assertEquals(new DataView(bytes.buffer, bytes.byteOffset).getUint32(4, true), bytes.length - 8);
    assertNoMetadata(bytes);
    assertEquals(await decode(bytes, mime), [4, 4]);
  }
});

Deno.test("WebP lossy with alpha, simple and animated forms", async () => {
  const lossy = sanitizeImage(WEBP_LOSSY_ALPHA).bytes;
  assertEquals(webpChunks(lossy).map(([c]) => c), ["VP8X", "ALPH", "VP8 "]);
  assertEquals(chunkOf(lossy, "VP8X")[0], 0x10);
  assertEquals(chunkOf(lossy, "ALPH"), chunkOf(WEBP_LOSSY_ALPHA, "ALPH"));
  assertEquals(chunkOf(lossy, "VP8 "), chunkOf(WEBP_LOSSY_ALPHA, "VP8 "));
  assertNoMetadata(lossy);
  assertEquals(await decode(lossy, "image/webp"), [4, 4]);

  assertEquals(sanitizeImage(WEBP_SIMPLE).bytes, WEBP_SIMPLE); // nothing to remove

  assertEquals(webpChunks(WEBP_ANIMATED).map(([c]) => c), ["VP8X", "ANIM", "ANMF", "ANMF", "EXIF"]);
  const anim = sanitizeImage(WEBP_ANIMATED).bytes;
  assertEquals(webpChunks(anim).map(([c]) => c), ["VP8X", "ANIM", "ANMF", "ANMF"]);
  assertEquals(chunkOf(anim, "VP8X")[0], 0x12); // alpha | animation
  assertEquals(
    anim.subarray(indexOf(anim, "ANIM")),
    WEBP_ANIMATED.subarray(indexOf(WEBP_ANIMATED, "ANIM"), indexOf(WEBP_ANIMATED, "EXIF")),
  );
  assertNoMetadata(anim);
  assertEquals(await decode(anim, "image/webp"), [4, 4]);
});

Deno.test("WebP: RIFF size, trailing data, structure and dimensions", () => {
  const size = new DataView(WEBP_SIMPLE.buffer, WEBP_SIMPLE.byteOffset).getUint32(4, true);
  const withSize = (b: Uint8Array, n: number) => {
    const c = b.slice();
    new DataView(c.buffer).setUint32(4, n, true);
    return c;
  };
  rejected(concat(WEBP_SIMPLE, ascii("<?php echo 1; ?>")), "POLYGLOT", "after RIFF");
  rejected(concat(WEBP_LOSSLESS, JPEG_BASELINE), "POLYGLOT", "appended JPEG");
  rejected(withSize(WEBP_SIMPLE, size + 2), "MALFORMED", "RIFF longer than file");
  rejected(withSize(WEBP_SIMPLE, size - 8), "POLYGLOT", "RIFF shorter than file");
  // VP8L payload has odd length 77: a RIFF size that leaves out the final pad byte is tolerated
  assertEquals(chunkOf(WEBP_SIMPLE, "VP8L").length % 2, 1);
  assertEquals(sanitizeImage(withSize(WEBP_SIMPLE, size - 1)).bytes, WEBP_SIMPLE);
  for (let n = 12; n < WEBP_LOSSY_ALPHA.length; n++) {
    rejected(WEBP_LOSSY_ALPHA.subarray(0, n), "MALFORMED", `prefix ${n}`);
  }
  rejected(webp(riffChunk("EXIF", ascii("Exif\0\0"))), "MALFORMED", "no image chunk");
  rejected(webp(riffChunk("VP8X", chunkOf(WEBP_LOSSLESS, "VP8X"))), "MALFORMED", "VP8X only");
  rejected(webp(riffChunk("VP8L", ascii("not a VP8L bitstream"))), "MALFORMED", "bad VP8L");

  // VP8L header: 0x2F then 14-bit width-1 and height-1
  const vp8l = (w: number, h: number) => {
    const bits = (w - 1) | ((h - 1) << 14);
    return concat(Uint8Array.of(0x2f), u32le(bits >>> 0), new Uint8Array(8));
  };
  rejected(webp(riffChunk("VP8L", vp8l(MAX_DIMENSION + 1, 1))), "MALFORMED", "VP8L too wide");
  rejected(webp(riffChunk("VP8L", vp8l(16, 16383))), "MALFORMED", "VP8L too tall");
  // VP8X canvas: 24-bit width-1 and height-1 at offsets 4 and 7
  const bigCanvas = chunkOf(WEBP_LOSSLESS, "VP8X").slice();
  bigCanvas.set([0x10, 0x27, 0x00], 4); // width 10001
  rejected(
    webp(riffChunk("VP8X", bigCanvas), riffChunk("VP8L", chunkOf(WEBP_LOSSLESS, "VP8L"))),
    "MALFORMED",
    "canvas",
  );
});

// ---------------------------------------------------------------------------------------------
// Type and size

Deno.test("type is sniffed from content: everything but JPEG, PNG and WebP is refused", () => {
  const refused: [string, Uint8Array][] = [
    ["svg", ascii('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')],
    [
      "svg with xml prolog",
      ascii('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>'),
    ],
    ["html", ascii("<!DOCTYPE html><html><script>alert(1)</script></html>")],
    ["gif", concat(ascii("GIF89a"), Uint8Array.of(1, 0, 1, 0, 0, 0, 0, 0x2c), new Uint8Array(20))],
    ["pdf", ascii("%PDF-1.7\n1 0 obj << >> endobj\n%%EOF")],
    ["text", ascii("just some text")],
    ["zip", ascii("PK\x03\x04\x14\x00\x00\x00")],
    ["riff wave", concat(ascii("RIFF"), u32le(4), ascii("WAVE"))],
    ["bmp", concat(ascii("BM"), new Uint8Array(60))],
    ["jpeg magic too short", Uint8Array.of(0xff, 0xd8)],
    ["png magic too short", PNG_SIG.subarray(0, 7)],
  ];
  for (const [name, bytes] of refused) rejected(bytes, "TYPE", name);
});

Deno.test("size: empty and over 5 MiB are refused before parsing", () => {
  rejected(new Uint8Array(), "SIZE", "empty");
  const big = new Uint8Array(MAX_UPLOAD_BYTES + 1);
  big.set(JPEG_BASELINE);
  rejected(big, "SIZE", "5 MiB + 1");
  const atLimit = new Uint8Array(MAX_UPLOAD_BYTES);
  atLimit.set(JPEG_BASELINE);
  rejected(atLimit, "POLYGLOT", "5 MiB exactly is parsed (then trailing zeros after EOI)");
});

Deno.test("markup scan: case-insensitive, needs a tag delimiter, covers every needle", () => {
  const hit = (s: string) => findMarkup(ascii(s));
  assertEquals(hit("xx<ScRiPt>"), "<script");
  assertEquals(hit("<HTML lang=en>"), "<html");
  assertEquals(hit("a<svg/onload=alert(1)>"), "<svg");
  assertEquals(hit("<svg"), "<svg"); // at the very end
  assertEquals(hit("<?PHP\nsystem()"), "<?php");
  assertEquals(hit("<!DocType html>"), "<!doctype");
  assertEquals(hit("<iframe\tsrc=x>"), "<iframe");
  assertEquals(hit("href=JavaScript:alert(1)"), "javascript:");
  assertEquals(hit("<svgx <htmlfoo <scripts"), null); // not tags to any parser
  assertEquals(hit("< script> <s vg> javascript"), null);
  assertEquals(findMarkup(new Uint8Array(1000)), null);
});
