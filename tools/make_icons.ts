/**
 * Write the web app's install icons (static/icons/icon-<size>.png): the brand mark, a white
 * "T" over two wind lines on an accent disc, on the app's dark background. Plain PNG encoding
 * (tools/png.ts), no image library. Run: deno run -A tools/make_icons.ts
 */
import { encodePng } from "./png.ts";

const BG = [0x0b, 0x0e, 0x14];
const ACCENT = [0x12, 0xb8, 0x86];
const INK = [0xff, 0xff, 0xff];

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

if (import.meta.main) {
  const dir = new URL("../static/icons/", import.meta.url);
  await Deno.mkdir(dir, { recursive: true });
  for (const size of [180, 192, 512]) {
    const png = await encodePng(size, size, (x, y) => pixel(x, y, size));
    await Deno.writeFile(new URL(`icon-${size}.png`, dir), png);
  }
  console.log("static/icons: icon-180.png, icon-192.png, icon-512.png");
}
