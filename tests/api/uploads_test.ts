/**
 * Image uploads over HTTP: sniffing, bounds, attack files, metadata removal, who may read, and
 * the pixel data decoded under a bound and re-encoded (customer uploads and content images).
 */
import { assert, assertEquals } from "../assert.ts";
import { concat, makePng, makePngBomb, uploadForm } from "../images.ts";
import {
  JPEG_BASELINE,
  JPEG_PROGRESSIVE,
  WEBP_ANIMATED,
  WEBP_LOSSLESS,
  WEBP_LOSSY_ALPHA,
} from "../fixtures/uploads.ts";
import { operatorToken } from "../operator.ts";
import { registerUser, startServer } from "../server.ts";

const enc = new TextEncoder();

function includes(hay: Uint8Array, needle: string) {
  const n = enc.encode(needle);
  outer: for (let i = 0; i + n.length <= hay.length; i++) {
    for (let j = 0; j < n.length; j++) if (hay[i + j] !== n[j]) continue outer;
    return true;
  }
  return false;
}

Deno.test("uploads: only clean JPEG/PNG/WebP, metadata gone, owner and operators only", async (t) => {
  const srv = await startServer({
    seed: true,
    tenants: {
      defaultTenant: "demo",
      tenants: [{ id: "demo", name: "Demo" }, { id: "acme", name: "Acme" }],
    },
  });
  try {
    const { token } = await registerUser(srv, "+12025550190");
    const other = await registerUser(srv, "+12025550191");
    const up = (bytes: Uint8Array, tok = token, name?: string, type?: string) =>
      srv.call<{ imageId: string }>("/api/upload", {
        method: "POST",
        raw: uploadForm(bytes, name, type),
        token: tok,
      });

    await t.step("a PNG with GPS in eXIf and a tEXt comment comes back without them", async () => {
      const png = await makePng(16, 16, {
        text: "shot at home",
        exif: "Exif\0\0GPSLatitude 51.5007 GPSLongitude -0.1246",
      });
      const r = await up(png);
      assertEquals(r.body.code, 0, JSON.stringify(r.body));
      const img = await fetch(`${srv.base}/api/image/${r.body.data.imageId}`, {
        headers: { authorization: token },
      });
      const bytes = new Uint8Array(await img.arrayBuffer());
      assertEquals(img.headers.get("content-type"), "image/png");
      assertEquals(img.headers.get("x-content-type-options"), "nosniff");
      assert(!includes(bytes, "GPS") && !includes(bytes, "eXIf") && !includes(bytes, "tEXt"));
      assert(!includes(bytes, "shot at home"));
      assert(includes(bytes, "IDAT") && includes(bytes, "IEND"));
      // still a PNG a browser can decode
      const bmp = await createImageBitmap(new Blob([bytes], { type: "image/png" }));
      assertEquals([bmp.width, bmp.height], [16, 16]);
    });

    await t.step("attack files are refused and store nothing", async () => {
      const png = await makePng(4, 4);
      const cases: [Uint8Array, string, string, number, string][] = [
        [
          concat(png, enc.encode("<?php system($_GET['c']); ?>")),
          "a.png",
          "image/png",
          400,
          "IMAGE_INVALID",
        ],
        [
          concat(png, enc.encode("PK\x03\x04zip-after-iend")),
          "a.png",
          "image/png",
          400,
          "IMAGE_INVALID",
        ],
        [
          enc.encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
          "a.png",
          "image/png",
          415,
          "IMAGE_TYPE",
        ],
        [
          enc.encode("<html><script>alert(1)</script></html>"),
          "a.jpg",
          "image/jpeg",
          415,
          "IMAGE_TYPE",
        ],
        [enc.encode("GIF89a\x01\x00\x01\x00"), "a.gif", "image/gif", 415, "IMAGE_TYPE"],
        [png.subarray(0, png.length - 20), "a.png", "image/png", 400, "IMAGE_INVALID"],
        [new Uint8Array(5 * 1024 * 1024 + 1), "big.png", "image/png", 413, "IMAGE_TOO_LARGE"],
      ];
      const before = await srv.kv.list({ prefix: ["demo", "images"] }).next();
      assertEquals(before.done, false); // the clean image of the previous step
      let count = 0;
      for await (const _ of srv.kv.list({ prefix: ["demo", "images", "meta"] })) count++;
      for (const [bytes, name, type, status, error] of cases) {
        const r = await up(bytes, token, name, type);
        assertEquals([r.status, r.body.data.error], [status, error], name);
      }
      let after = 0;
      for await (const _ of srv.kv.list({ prefix: ["demo", "images", "meta"] })) after++;
      assertEquals(after, count);
      const huge = await fetch(`${srv.base}/api/upload`, {
        method: "POST",
        headers: { authorization: token },
        body: uploadForm(new Uint8Array(6 * 1024 * 1024)),
      });
      assertEquals(huge.status, 413);
      await huge.arrayBuffer();
      const none = await srv.call("/api/upload", { method: "POST", raw: new FormData(), token });
      assertEquals(none.body.data.error, "VALIDATION");
      const anon = await srv.call("/api/upload", { method: "POST", raw: uploadForm(png) });
      assertEquals(anon.body.code, -99);
    });

    await t.step("other customers, other tenants and bad ids get 404", async () => {
      const r = await up(await makePng(4, 4));
      const id = r.body.data.imageId;
      const get = (headers: Record<string, string>, path = id) =>
        fetch(`${srv.base}/api/image/${path}`, { headers }).then(async (res) => {
          await res.arrayBuffer();
          return res.status;
        });
      assertEquals(await get({ authorization: token }), 200);
      assertEquals(await get({ authorization: other.token }), 404);
      const acme = await registerUser(srv, "+12025550192", "Passw0rd!", { appKey: "acme" });
      assertEquals(await get({ authorization: acme.token, appKey: "acme" }), 404);
      assertEquals(await get({ authorization: token, appKey: "acme" }), 401);
      assertEquals(await get({ authorization: token }, "../../etc/passwd"), 404);
      assertEquals(await get({ authorization: token }, "not-a-uuid"), 404);
      // operators read evidence only once it is attached to something they review
      const op = await operatorToken(srv);
      assertEquals(await get({ authorization: op }), 404);
      assertEquals(await get({ authorization: op, appKey: "acme" }), 401);
    });
  } finally {
    await srv.close();
  }
});

Deno.test("uploads: pixel data decoded under a bound, bombs and corrupt data refused, images re-encoded", async (t) => {
  const srv = await startServer({ seed: true });
  try {
    const { token } = await registerUser(srv, "+12025550193");
    const op = await operatorToken(srv);
    // A 9000x9000 RGB PNG of zeros: 243 MB of pixel data in a file of about 236 KB.
    const bomb = await makePngBomb(9000, 9000);
    assert(bomb.length < 300_000, `${bomb.length} bytes`);
    // Valid structure and CRCs, but the zlib stream is garbage (0xFF: a reserved block type).
    const corrupt = await makePng(16, 16, {
      idat: (z) => concat(z.subarray(0, 2), new Uint8Array(z.length).fill(0xff)),
    });
    // Bytes hidden after the end of the zlib stream inside IDAT: kept by a re-wrapper.
    const hidden = await makePng(16, 16, { idat: (z) => concat(z, enc.encode("HIDDENPAYLOAD")) });
    const doors = [["customer upload", "/api/upload", token], [
      "public content image",
      "/api/admin/content/image",
      op,
    ]] as const;
    for (const [door, path, tok] of doors) {
      const up = (bytes: Uint8Array, name = "a.png", type = "image/png") =>
        srv.call<{ imageId: string }>(path, {
          method: "POST",
          raw: uploadForm(bytes, name, type),
          token: tok,
        });
      const served = async (id: string) => {
        const res = await fetch(`${srv.base}/api/image/${id}`, { headers: { authorization: tok } });
        assertEquals(res.status, 200, door);
        return new Uint8Array(await res.arrayBuffer());
      };

      await t.step(`${door}: a bomb, corrupt pixel data and an animation are refused`, async () => {
        let before = 0;
        for await (const _ of srv.kv.list({ prefix: ["demo", "images", "meta"] })) before++;
        const cases: [Uint8Array, string, string, string][] = [
          [bomb, "bomb.png", "image/png", "IMAGE_TOO_MANY_PIXELS"],
          [corrupt, "corrupt.png", "image/png", "IMAGE_UNREADABLE"],
          [WEBP_ANIMATED, "a.webp", "image/webp", "IMAGE_UNREADABLE"],
        ];
        for (const [bytes, name, type, error] of cases) {
          const r = await up(bytes, name, type);
          assertEquals([r.status, r.body.data.error], [400, error], `${door}: ${name}`);
          assert(!r.body.message.includes("IMAGE_"), r.body.message); // a sentence, not an id
        }
        const zh = await srv.call(path, {
          method: "POST",
          raw: uploadForm(bomb),
          token: tok,
          headers: { "accept-language": "zh-CN" },
        });
        assertEquals(zh.body.data.error, "IMAGE_TOO_MANY_PIXELS");
        assert(zh.body.message.includes("像素"), zh.body.message);
        let after = 0;
        for await (const _ of srv.kv.list({ prefix: ["demo", "images", "meta"] })) after++;
        assertEquals(after, before);
      });

      await t.step(`${door}: each format is re-encoded and decodes to its size`, async () => {
        const cases: [Uint8Array, string, string, number, number][] = [
          [await makePng(16, 8), "a.png", "image/png", 16, 8],
          [JPEG_BASELINE, "a.jpg", "image/jpeg", 4, 4],
          [JPEG_PROGRESSIVE, "b.jpg", "image/jpeg", 4, 4],
          [WEBP_LOSSLESS, "a.webp", "image/webp", 4, 4],
          [WEBP_LOSSY_ALPHA, "b.webp", "image/webp", 4, 4],
        ];
        for (const [bytes, name, type, w, h] of cases) {
          const r = await up(bytes, name, type);
          assertEquals(r.body.code, 0, `${door} ${name}: ${JSON.stringify(r.body)}`);
          const back = await served(r.body.data.imageId);
          const bmp = await createImageBitmap(new Blob([back], { type }));
          assertEquals([bmp.width, bmp.height], [w, h], `${door} ${name}`);
        }
        const r = await up(hidden);
        assertEquals(r.body.code, 0, JSON.stringify(r.body));
        assert(!includes(await served(r.body.data.imageId), "HIDDENPAYLOAD"), door);
      });
    }
  } finally {
    await srv.close();
  }
});
