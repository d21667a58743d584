/**
 * Upload decoding (edge/uploads/reencode.ts): sanitize, decode and re-encode a typical 12 MP
 * phone photo (4000x3000 JPEG, quality 92, a little sensor noise), a 2 MP PNG screenshot, and
 * the refusal of a 9000x9000 PNG bomb (the header alone). Each call starts its own worker, as an
 * upload does. `deno task bench`.
 */
import encodeJpeg from "@jsquash/jpeg/encode.js";
import { cleanUpload } from "../edge/uploads/reencode.ts";
import { makePng, makePngBomb } from "../tests/images.ts";

function photo(w: number, h: number): ImageData {
  const data = new Uint8ClampedArray(w * h * 4);
  let seed = 42;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      seed = (seed * 1_103_515_245 + 12_345) & 0x7fffffff;
      const noise = (seed >> 16) & 7;
      const i = (y * w + x) * 4;
      data[i] = (x / 16 + noise + 40 * Math.sin(y / 90)) & 255;
      data[i + 1] = (y / 12 + noise) & 255;
      data[i + 2] = ((x + y) / 28 + noise) & 255;
      data[i + 3] = 255;
    }
  }
  return { data, width: w, height: h, colorSpace: "srgb" } as ImageData;
}

const jpeg12mp = new Uint8Array(await encodeJpeg(photo(4000, 3000), { quality: 92 }));
const png2mp = await makePng(1920, 1080);
const bomb = await makePngBomb(9000, 9000);
console.log(
  `inputs: 12 MP JPEG ${jpeg12mp.length} bytes, 2 MP PNG ${png2mp.length} bytes, bomb ${bomb.length} bytes`,
);

Deno.bench("upload: 12 MP JPEG sanitized, decoded, re-encoded (q85)", { n: 5 }, async () => {
  await cleanUpload(jpeg12mp);
});

Deno.bench("upload: 2 MP PNG sanitized, decoded, re-encoded", { n: 5 }, async () => {
  await cleanUpload(png2mp);
});

Deno.bench("upload: 9000x9000 PNG bomb refused on its header", async () => {
  await cleanUpload(bomb).catch(() => {});
});
