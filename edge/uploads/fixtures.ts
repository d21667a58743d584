/**
 * Fixtures and helpers of the uploads tests: fixtures are tiny real images (4x4 pixels) embedded as
 * base64, made once with sharp 0.35 (libvips 8.18, libjpeg-turbo/mozjpeg, libpng, libwebp):
 *
 *   const exif = { IFD0: { Make: "TestCam", Model: "GPS-Leak-9000", Software: "fixture" },
 *     IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 0/1", GPSLongitudeRef: "W",
 *             GPSLongitude: "0/1 7/1 0/1" } };  // IFD3 = GPS IFD
 *   sharp(rgba4x4).flatten().jpeg({ quality: 80 }).withExif(exif)              // JPEG_BASELINE
 *   sharp(rgba4x4).flatten().jpeg({ quality: 80, progressive: true }).withExif(exif)
 *   sharp(rgba4x4).png().withExif(exif)                                       // IHDR eXIf pHYs IDAT IEND
 *   sharp(rgba4x4).webp({ lossless: true }).withExif(exif).withIccProfile("srgb") // VP8X ICCP VP8L EXIF
 *   sharp(rgba4x4).webp({ quality: 80 }).withExif(exif)                       // VP8X ALPH VP8 EXIF
 *   sharp(rgba4x4).webp({ lossless: true })                                   // simple VP8L
 *   sharp(two 4x4 pages, { animated: true }).webp({ loop: 0, delay: [100, 100] }).withExif(exif)
 *
 * Other malicious variants are assembled from these in the tests. Decoding is checked with Deno's
 * own decoders (createImageBitmap handles JPEG, PNG and WebP).
 */
import { assert, assertEquals } from "../../tests/assert.ts";
import {
  crc32,
  type ImageMime,
  sanitizeImage,
  UploadRejected,
  type UploadRejectReason,
} from "./sanitize.ts";

// ---------------------------------------------------------------------------------------------
// Helpers

export function b64(s: string): Uint8Array {
  return Uint8Array.from(atob(s), (c) => c.charCodeAt(0));
}
export const ascii = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));
export const latin1 = (b: Uint8Array) => String.fromCharCode(...b);

export function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

export function indexOf(hay: Uint8Array, needle: Uint8Array | string, from = 0): number {
  const n = typeof needle === "string" ? ascii(needle) : needle;
  outer: for (let i = from; i + n.length <= hay.length; i++) {
    for (let k = 0; k < n.length; k++) if (hay[i + k] !== n[k]) continue outer;
    return i;
  }
  return -1;
}
export const contains = (hay: Uint8Array, needle: Uint8Array | string) => indexOf(hay, needle) >= 0;

export function rejected(bytes: Uint8Array, reason: UploadRejectReason, msg?: string): void {
  try {
    sanitizeImage(bytes);
  } catch (e) {
    assert(e instanceof UploadRejected, `expected UploadRejected, got ${e}`);
    assertEquals(e.reason, reason, `${msg ?? ""} ${e.message}`);
    return;
  }
  throw new Error(`expected UploadRejected(${reason}) ${msg ?? ""}`);
}

/** Decodes with Deno's image decoders; returns [width, height]. */
export async function decode(bytes: Uint8Array, mime: ImageMime): Promise<[number, number]> {
  const bitmap = await createImageBitmap(new Blob([bytes.slice()], { type: mime }));
  return [bitmap.width, bitmap.height];
}

/** No metadata from the fixtures' EXIF (make, model, GPS IFD tag) survives. */
export function assertNoMetadata(out: Uint8Array): void {
  for (const s of ["Exif", "EXIF", "GPS-Leak", "TestCam", "fixture", "ICCP", "XMP", "tEXt"]) {
    assert(!contains(out, s), `output still contains ${s}`);
  }
  assert(!contains(out, Uint8Array.of(0x25, 0x88, 0x04, 0x00)), "GPS IFD pointer tag survived");
}

export const u16 = (hi: number) => Uint8Array.of(hi >> 8, hi & 0xff);
export const u32be = (n: number) =>
  Uint8Array.of(n >>> 24, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff);
export const u32le = (n: number) =>
  Uint8Array.of(n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff, n >>> 24);

export const jpegSeg = (marker: number, payload: Uint8Array) =>
  concat(Uint8Array.of(0xff, marker), u16(payload.length + 2), payload);

/** Where the fixture's APP1 ends and its (first) SOS segment starts and ends. */
export function jpegLayout(b: Uint8Array) {
  const app1End = 4 + ((b[4]! << 8) | b[5]!);
  const sosAt = indexOf(b, Uint8Array.of(0xff, 0xda));
  const sosEnd = sosAt + 2 + ((b[sosAt + 2]! << 8) | b[sosAt + 3]!);
  return { app1End, sosAt, sosEnd };
}

export const pngChunk = (type: string, data: Uint8Array) =>
  concat(u32be(data.length), ascii(type), data, u32be(crc32(concat(ascii(type), data))));

/** PNG chunks as [type, whole chunk bytes]. */
export function pngChunks(png: Uint8Array): [string, Uint8Array][] {
  const out: [string, Uint8Array][] = [];
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  for (let pos = 8; pos < png.length;) {
    const len = view.getUint32(pos);
    out.push([latin1(png.subarray(pos + 4, pos + 8)), png.subarray(pos, pos + 12 + len)]);
    pos += 12 + len;
  }
  return out;
}
export const PNG_SIG = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
export const png = (...chunks: Uint8Array[]) => concat(PNG_SIG, ...chunks);

/** RIFF chunks of a WebP as [fourcc, payload]. */
export function webpChunks(webp: Uint8Array): [string, Uint8Array][] {
  const out: [string, Uint8Array][] = [];
  const view = new DataView(webp.buffer, webp.byteOffset, webp.byteLength);
  for (let pos = 12; pos + 8 <= webp.length;) {
    const len = view.getUint32(pos + 4, true);
    out.push([latin1(webp.subarray(pos, pos + 4)), webp.subarray(pos + 8, pos + 8 + len)]);
    pos += 8 + len + (len & 1);
  }
  return out;
}
export const riffChunk = (id: string, data: Uint8Array) =>
  concat(
    ascii(id),
    u32le(data.length),
    data,
    data.length & 1 ? Uint8Array.of(0) : new Uint8Array(),
  );
export const webp = (...chunks: Uint8Array[]) => {
  const body = concat(ascii("WEBP"), ...chunks);
  return concat(ascii("RIFF"), u32le(body.length), body);
};
export const chunkOf = (img: Uint8Array, id: string) => {
  const found = webpChunks(img).find(([c]) => c === id);
  assert(found, `no ${id} chunk`);
  return found[1];
};

/** zlib stream of `raw` in one stored (uncompressed) deflate block. */
export function zlibStored(raw: Uint8Array): Uint8Array {
  let a = 1, b = 0;
  for (const x of raw) {
    a = (a + x) % 65521;
    b = (b + a) % 65521;
  }
  const len = raw.length;
  return concat(
    Uint8Array.of(0x78, 0x01, 0x01, len & 0xff, len >> 8, ~len & 0xff, (~len >> 8) & 0xff),
    raw,
    u32be(((b << 16) | a) >>> 0),
  );
}

export function ihdr(width: number, height: number, depth = 8, colour = 0): Uint8Array {
  return pngChunk(
    "IHDR",
    concat(u32be(width), u32be(height), Uint8Array.of(depth, colour, 0, 0, 0)),
  );
}

// ---------------------------------------------------------------------------------------------
// Fixtures (see the header comment for how they were made)

export const JPEG_BASELINE = b64(
  "/9j/4QFwRXhpZgAASUkqAAgAAAAKAA8BAgAIAAAArAAAABABAgAOAAAAngAAABIBAwABAAAAAQAAABoBBQABAAAA" +
    "hgAAABsBBQABAAAAjgAAACgBAwABAAAAAgAAADEBAgAIAAAAlgAAABMCAwABAAAAAQAAAGmHBAABAAAAtAAAACWI" +
    "BAABAAAAAgEAAAAAAAA4YwAA6AMAADhjAADoAwAAZml4dHVyZQBHUFMtTGVhay05MDAwAFRlc3RDYW0ABgAAkAcA" +
    "BAAAADAyMTABkQcABAAAAAECAwAAoAcABAAAADAxMDABoAMAAQAAAP//AAACoAQAAQAAAAQAAAADoAQAAQAAAAQA" +
    "AAAAAAAABAABAAIAAgAAAE4AAAACAAUAAwAAAFABAAADAAIAAgAAAFcAAAAEAAUAAwAAADgBAAAAAAAAAAAAAAEA" +
    "AAAHAAAAAQAAAAAAAAABAAAAMwAAAAEAAAAeAAAAAQAAAAAAAAABAAAA/9sAQwAGBAUGBQQGBgUGBwcGCAoQCgoJ" +
    "CQoUDg8MEBcUGBgXFBYWGh0lHxobIxwWFiAsICMmJykqKRkfLTAtKDAlKCko/9sAQwEHBwcKCAoTCgoTKBoWGigo" +
    "KCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgo/8AAEQgABAAEAwEiAAIRAQMR" +
    "Af/EABUAAQEAAAAAAAAAAAAAAAAAAAAH/8QAIBAAAQMEAgMAAAAAAAAAAAAAAQACAwQGEhMFUREhwf/EABUBAQEA" +
    "AAAAAAAAAAAAAAAAAAQF/8QAHhEAAgEDBQAAAAAAAAAAAAAAAQMAAgRBESIyUZH/2gAMAwEAAhEDEQA/AKtb9pcZ" +
    "oq2xb4GtqpW+IpMcjl7ceye/gARETGOYajuPsj0XLtOZzk9z/9k=",
);
export const JPEG_PROGRESSIVE = b64(
  "/9j/4QFwRXhpZgAASUkqAAgAAAAKAA8BAgAIAAAArAAAABABAgAOAAAAngAAABIBAwABAAAAAQAAABoBBQABAAAA" +
    "hgAAABsBBQABAAAAjgAAACgBAwABAAAAAgAAADEBAgAIAAAAlgAAABMCAwABAAAAAQAAAGmHBAABAAAAtAAAACWI" +
    "BAABAAAAAgEAAAAAAAA4YwAA6AMAADhjAADoAwAAZml4dHVyZQBHUFMtTGVhay05MDAwAFRlc3RDYW0ABgAAkAcA" +
    "BAAAADAyMTABkQcABAAAAAECAwAAoAcABAAAADAxMDABoAMAAQAAAP//AAACoAQAAQAAAAQAAAADoAQAAQAAAAQA" +
    "AAAAAAAABAABAAIAAgAAAE4AAAACAAUAAwAAAFABAAADAAIAAgAAAFcAAAAEAAUAAwAAADgBAAAAAAAAAAAAAAEA" +
    "AAAHAAAAAQAAAAAAAAABAAAAMwAAAAEAAAAeAAAAAQAAAAAAAAABAAAA/9sAQwAGBAUGBQQGBgUGBwcGCAoQCgoJ" +
    "CQoUDg8MEBcUGBgXFBYWGh0lHxobIxwWFiAsICMmJykqKRkfLTAtKDAlKCko/9sAQwEHBwcKCAoTCgoTKBoWGigo" +
    "KCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgo/8IAEQgABAAEAwEiAAIRAQMR" +
    "Af/EABUAAQEAAAAAAAAAAAAAAAAAAAAG/8QAFQEBAQAAAAAAAAAAAAAAAAAAAwT/2gAMAwEAAhADEAAAAasNH//E" +
    "ABYQAQEBAAAAAAAAAAAAAAAAAAQDEf/aAAgBAQABBQI5J5//xAAYEQACAwAAAAAAAAAAAAAAAAAAAQIDUf/aAAgB" +
    "AwEBPwFWT0//xAAXEQEAAwAAAAAAAAAAAAAAAAACABEx/9oACAECAQE/AU1ez//EABkQAAIDAQAAAAAAAAAAAAAA" +
    "AAERAAIiMf/aAAgBAQAGPwKyY0eGf//EABgQAAMBAQAAAAAAAAAAAAAAAAERMQAh/9oACAEBAAE/IUdMCg+3f//a" +
    "AAwDAQACAAMAAAAQA//EABkRAAEFAAAAAAAAAAAAAAAAAEEAARExUf/aAAgBAwEBPxCNcl9X/8QAFxEBAAMAAAAA" +
    "AAAAAAAAAAAAAQAhkf/aAAgBAgEBPxBCts//xAAZEAEAAgMAAAAAAAAAAAAAAAABMVEAIcH/2gAIAQEAAT8Qh7i3" +
    "Ela3wDP/2Q==",
);
export const PNG_RGBA = b64(
  "iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAYAAACp8Z5+AAABaGVYSWZJSSoACAAAAAoADwECAAgAAACsAAAAEAEC" +
    "AA4AAACeAAAAEgEDAAEAAAABAAAAGgEFAAEAAACGAAAAGwEFAAEAAACOAAAAKAEDAAEAAAACAAAAMQECAAgAAACW" +
    "AAAAEwIDAAEAAAABAAAAaYcEAAEAAAC0AAAAJYgEAAEAAAACAQAAAAAAADhjAADoAwAAOGMAAOgDAABmaXh0dXJl" +
    "AEdQUy1MZWFrLTkwMDAAVGVzdENhbQAGAACQBwAEAAAAMDIxMAGRBwAEAAAAAQIDAACgBwAEAAAAMDEwMAGgAwAB" +
    "AAAA//8AAAKgBAABAAAABAAAAAOgBAABAAAABAAAAAAAAAAEAAEAAgACAAAATgAAAAIABQADAAAAUAEAAAMAAgAC" +
    "AAAAVwAAAAQABQADAAAAOAEAAAAAAAAAAAAAAQAAAAcAAAABAAAAAAAAAAEAAAAzAAAAAQAAAB4AAAABAAAAAAAA" +
    "AAEAAACTp0fpAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAT0lEQVQImQFEALv/AAAAyIA8Ecj/eCLI/7QzyIAA8ETI" +
    "/yxVyP9oZsiApHfI/wDgiMj/HJnIgFiqyP+Uu8j/ANDMyIAM3cj/SO7I/4T/yIDztyiP6Wij1AAAAABJRU5ErkJg" +
    "gg==",
);
export const WEBP_LOSSLESS = b64(
  "UklGRsoDAABXRUJQVlA4WAoAAAA4AAAAAwAAAwAASUNDUOABAAAAAAHgbGNtcwQgAABtbnRyUkdCIFhZWiAH4gAD" +
    "ABQACQAOAB1hY3NwTVNGVAAAAABzYXdzY3RybAAAAAAAAAAAAAAAAAAA9tYAAQAAAADTLWhhbmR56b9WWj4BtoMj" +
    "hVVG90+qAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAApkZXNjAAAA/AAAACRjcHJ0AAABIAAAACJ3dHB0" +
    "AAABRAAAABRjaGFkAAABWAAAACxyWFlaAAABhAAAABRnWFlaAAABmAAAABRiWFlaAAABrAAAABRyVFJDAAABwAAA" +
    "ACBnVFJDAAABwAAAACBiVFJDAAABwAAAACBtbHVjAAAAAAAAAAEAAAAMZW5VUwAAAAgAAAAcAHMAUgBHAEJtbHVj" +
    "AAAAAAAAAAEAAAAMZW5VUwAAAAYAAAAcAEMAQwAwAABYWVogAAAAAAAA9tYAAQAAAADTLXNmMzIAAAAAAAEMPwAA" +
    "Bd3///MmAAAHkAAA/ZL///uh///9ogAAA9wAAMBxWFlaIAAAAAAAAG+gAAA48gAAA49YWVogAAAAAAAAYpYAALeJ" +
    "AAAY2lhZWiAAAAAAAAAkoAAAD4UAALbEcGFyYQAAAAAAAwAAAAJmaQAA8qcAAA1ZAAAT0AAACltWUDhMTQAAAC8D" +
    "wAAQf2AQYJoUYog6l6vEMIlDKGQjCVqAvQfgUBZ/kA5gkAkkbWy+v3kPpJvlkMdh9lsB4KBXDxAEQKRY0GJCixYt" +
    "LkRF9D/4NYYAAEVYSUZuAQAARXhpZgAASUkqAAgAAAAKAA8BAgAIAAAArAAAABABAgAOAAAAngAAABIBAwABAAAA" +
    "AQAAABoBBQABAAAAhgAAABsBBQABAAAAjgAAACgBAwABAAAAAgAAADEBAgAIAAAAlgAAABMCAwABAAAAAQAAAGmH" +
    "BAABAAAAtAAAACWIBAABAAAAAgEAAAAAAAA4YwAA6AMAADhjAADoAwAAZml4dHVyZQBHUFMtTGVhay05MDAwAFRl" +
    "c3RDYW0ABgAAkAcABAAAADAyMTABkQcABAAAAAECAwAAoAcABAAAADAxMDABoAMAAQAAAP//AAACoAQAAQAAAAQA" +
    "AAADoAQAAQAAAAQAAAAAAAAABAABAAIAAgAAAE4AAAACAAUAAwAAAFABAAADAAIAAgAAAFcAAAAEAAUAAwAAADgB" +
    "AAAAAAAAAAAAAAEAAAAHAAAAAQAAAAAAAAABAAAAMwAAAAEAAAAeAAAAAQAAAAAAAAABAAAA",
);
export const WEBP_LOSSY_ALPHA = b64(
  "UklGRvoBAABXRUJQVlA4WAoAAAAYAAAAAwAAAwAAQUxQSBEAAAAAgP//gP//gP//gP//gP//gABWUDggTAAAADAC" +
    "AJ0BKgQABAABQCYlsAJ0ugDUAAOrQiEAAM49/1hBqYoMPY8cGRoVf+CVr93puaPTYvqdhz/4XR4drv0Kj2LvpGjk" +
    "xUf4XtTxmABFWElGbgEAAEV4aWYAAElJKgAIAAAACgAPAQIACAAAAKwAAAAQAQIADgAAAJ4AAAASAQMAAQAAAAEA" +
    "AAAaAQUAAQAAAIYAAAAbAQUAAQAAAI4AAAAoAQMAAQAAAAIAAAAxAQIACAAAAJYAAAATAgMAAQAAAAEAAABphwQA" +
    "AQAAALQAAAAliAQAAQAAAAIBAAAAAAAAOGMAAOgDAAA4YwAA6AMAAGZpeHR1cmUAR1BTLUxlYWstOTAwMABUZXN0" +
    "Q2FtAAYAAJAHAAQAAAAwMjEwAZEHAAQAAAABAgMAAKAHAAQAAAAwMTAwAaADAAEAAAD//wAAAqAEAAEAAAAEAAAA" +
    "A6AEAAEAAAAEAAAAAAAAAAQAAQACAAIAAABOAAAAAgAFAAMAAABQAQAAAwACAAIAAABXAAAABAAFAAMAAAA4AQAA" +
    "AAAAAAAAAAABAAAABwAAAAEAAAAAAAAAAQAAADMAAAABAAAAHgAAAAEAAAAAAAAAAQAAAA==",
);
export const WEBP_ANIMATED = b64(
  "UklGRqICAABXRUJQVlA4WAoAAAAaAAAAAwAAAwAAQU5JTQYAAAD/////AABBTk1GegAAAAAAAAAAAAMAAAMAAGQA" +
    "AAJBTFBIEQAAAACA//+A//+A//+A//+A//+AAFZQOCBIAAAAcAIAnQEqBAAEAAFAJiWwAnS6ANQA9f8D0QCteADi" +
    "ep1hBqYoMPaBM4Mpv/BZbctqt9bzPPkh/kbz3hJVRx97jwkqo+7LeAAAQU5NRn4AAAAAAAAAAAADAAADAABkAAAC" +
    "QUxQSBEAAAAAhEgM0JRYHOCkaCzwtHg8AABWUDggTAAAABACAJ0BKgQABAABQCYlsAJ0ugADCPeQegAA/vosxEBZ" +
    "tDHSYFpn/0b5mH8Lnev/Gxqd/Bxuv+vict+LH5eaGpMeE4/gK8OvbOufgABFWElGbgEAAEV4aWYAAElJKgAIAAAA" +
    "CgAPAQIACAAAAKwAAAAQAQIADgAAAJ4AAAASAQMAAQAAAAEAAAAaAQUAAQAAAIYAAAAbAQUAAQAAAI4AAAAoAQMA" +
    "AQAAAAIAAAAxAQIACAAAAJYAAAATAgMAAQAAAAEAAABphwQAAQAAALQAAAAliAQAAQAAAAIBAAAAAAAAOGMAAOgD" +
    "AAA4YwAA6AMAAGZpeHR1cmUAR1BTLUxlYWstOTAwMABUZXN0Q2FtAAYAAJAHAAQAAAAwMjEwAZEHAAQAAAABAgMA" +
    "AKAHAAQAAAAwMTAwAaADAAEAAAD//wAAAqAEAAEAAAAEAAAAA6AEAAEAAAAIAAAAAAAAAAQAAQACAAIAAABOAAAA" +
    "AgAFAAMAAABQAQAAAwACAAIAAABXAAAABAAFAAMAAAA4AQAAAAAAAAAAAAABAAAABwAAAAEAAAAAAAAAAQAAADMA" +
    "AAABAAAAHgAAAAEAAAAAAAAAAQAAAA==",
);
export const WEBP_SIMPLE = b64(
  "UklGRloAAABXRUJQVlA4TE0AAAAvA8AAEH9gEGCaFGKIOperxDCJQyhkIwlagL0H4FAWf5AOYJAJJG1svr95D6Sb" +
    "5ZDHYfZbAeCgVw8QBECkWNBiQosWLS5ERfQ/+DWGAAA=",
);
