/**
 * Write the web app's install icons (static/icons/icon-<size>.png): the brand mark, a white
 * "T" over two wind lines on an accent disc, on the app's dark background. Plain PNG encoding
 * (zlib via CompressionStream), no image library. Run: deno run -A tools/make_icons.ts
 */
const BG = [0x0b, 0x0e, 0x14];
const ACCENT = [0x12, 0xb8, 0x86];
const INK = [0xff, 0xff, 0xff];

function crc32(bytes: Uint8Array): number {
  let c = ~0;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const v = new DataView(out.buffer);
  v.setUint32(0, data.length);
  out.set(new TextEncoder().encode(type), 4);
  out.set(data, 8);
  v.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

async function zlib(raw: Uint8Array): Promise<Uint8Array> {
  const s = new Blob([raw as Uint8Array<ArrayBuffer>]).stream().pipeThrough(
    new CompressionStream("deflate"),
  );
  return new Uint8Array(await new Response(s).arrayBuffer());
}

/** The colour of pixel (x, y) of an icon of `size` (maskable: the mark stays in the safe zone). */
function pixel(x: number, y: number, size: number): number[] {
  const u = (x + 0.5) / size - 0.5;
  const v = (y + 0.5) / size - 0.5;
  const r = Math.hypot(u, v);
  if (r > 0.4) return BG;
  // the "T": a bar and a stem
  const bar = v > -0.22 && v < -0.12 && Math.abs(u) < 0.2;
  const stem = Math.abs(u) < 0.05 && v >= -0.12 && v < 0.24;
  // two wind lines to the left of the stem
  const wind = (v > 0.02 && v < 0.06 && u > -0.26 && u < -0.09) ||
    (v > 0.12 && v < 0.16 && u > -0.2 && u < -0.09);
  return bar || stem || wind ? INK : ACCENT;
}

/** An RGB PNG of `w` x `h` pixels coloured by `colour(x, y)`. */
export async function encodePng(
  w: number,
  h: number,
  colour: (x: number, y: number) => number[],
): Promise<Uint8Array> {
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
  const ihdr = new Uint8Array(13);
  const dv = new DataView(ihdr.buffer);
  dv.setUint32(0, w);
  dv.setUint32(4, h);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const parts = [
    new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk("IHDR", ihdr),
    chunk("IDAT", await zlib(raw)),
    chunk("IEND", new Uint8Array()),
  ];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

if (import.meta.main) {
  const dir = new URL("../static/icons/", import.meta.url);
  await Deno.mkdir(dir, { recursive: true });
  for (const size of [180, 192, 512]) {
    const png = await encodePng(size, size, (x, y) => pixel(x, y, size));
    await Deno.writeFile(new URL(`icon-${size}.png`, dir), png);
  }
  console.log("static/icons: icon-180.png, icon-192.png, icon-512.png");
}
