/**
 * Bytes on the wire: built assets pre-compressed (br, gzip) and chosen by Accept-Encoding with
 * q-values; HTML and JSON compressed on the fly; tiny bodies, images and WebSocket upgrades left
 * alone. Read over a raw socket (fetch would decode for us) and decoded here.
 */
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { assert, assertEquals } from "../assert.ts";
import { makePng, uploadForm } from "../images.ts";
import {
  MOBILE_UA,
  rawGet,
  type RawReply,
  registerUser,
  settleNotifications,
  startServer,
  type TestServer,
} from "../server.ts";

function decode(r: RawReply): Uint8Array {
  const enc = r.headers.get("content-encoding");
  if (enc === "br") return new Uint8Array(brotliDecompressSync(r.body));
  if (enc === "gzip") return new Uint8Array(gunzipSync(r.body));
  assertEquals(enc, null, "unknown encoding");
  return r.body;
}

function varies(r: RawReply) {
  return (r.headers.get("vary") ?? "").toLowerCase().split(",").map((s) => s.trim()).includes(
    "accept-encoding",
  );
}

async function builtScript(srv: TestServer) {
  const html = await (await srv.page("/wp/home")).text();
  const path = /src="(\/static\/build\/[0-9a-f]+\/_boot\.js)"/.exec(html)?.[1];
  assert(path, "the home page loads the boot script (run `deno task build`)");
  const css = /href="(\/static\/build\/[0-9a-f]+\/app\.css)"/.exec(html)?.[1];
  assert(css, "the home page links the built stylesheet");
  return { js: path, css };
}

Deno.test("built scripts and styles are served pre-compressed by Accept-Encoding", async () => {
  const srv = await startServer();
  try {
    const { js, css } = await builtScript(srv);
    const chart = js.replace("_boot.js", "PriceChart.js");
    for (const path of [js, css, chart]) {
      const plain = await rawGet(srv, path);
      assertEquals(plain.status, 200);
      assertEquals(plain.headers.get("content-encoding"), null, "no Accept-Encoding: identity");
      assertEquals(Number(plain.headers.get("content-length")), plain.body.length);
      assert(varies(plain), "Vary: Accept-Encoding on the identity reply too");
      const file = await Deno.readFile(new URL(`../../${path.slice(1)}`, import.meta.url));
      assertEquals(plain.body, file);

      const cases: [string, string | null][] = [
        ["gzip, deflate, br, zstd", "br"],
        ["br", "br"],
        ["gzip", "gzip"],
        ["br;q=0, gzip", "gzip"],
        ["gzip;q=1.0, br;q=0.5", "gzip"],
        ["*", "br"],
        ["*;q=0.3, br;q=0", "gzip"],
        ["identity", null],
        ["deflate", null],
        ["gzip;q=0, br;q=0", null],
      ];
      const etags = new Set<string>();
      for (const [accept, want] of cases) {
        const r = await rawGet(srv, path, { "Accept-Encoding": accept });
        assertEquals(r.status, 200);
        assertEquals(r.headers.get("content-encoding"), want, `${path} for "${accept}"`);
        assertEquals(Number(r.headers.get("content-length")), r.body.length, "Content-Length");
        assert(varies(r), "Vary: Accept-Encoding");
        assertEquals(r.headers.get("cache-control"), "public, max-age=31536000, immutable");
        if (want) assert(r.body.length < file.length, "smaller than the file");
        assertEquals(decode(r), file, `${path} decodes to the file for "${accept}"`);
        etags.add(r.headers.get("etag")!);
      }
      // one validator per representation
      assertEquals(etags.size, 3);
      const br = await rawGet(srv, path, { "Accept-Encoding": "br" });
      const again = await rawGet(srv, path, {
        "Accept-Encoding": "br",
        "If-None-Match": br.headers.get("etag")!,
      });
      assertEquals(again.status, 304);
      assertEquals(again.body.length, 0);
    }
  } finally {
    await srv.close();
  }
});

Deno.test("pages and JSON replies are compressed on the fly; tiny bodies and images are not", async () => {
  const srv = await startServer();
  try {
    const { token } = await registerUser(srv, "+12025550177");
    // the sign-in's "new device" notice lands first (a page counts the unread ones)
    await settleNotifications(srv);
    // fresh prices: a stale quote shows its age in seconds, which could change between two reads
    for (const s of srv.deps.market.symbols) {
      await srv.deps.market.tape.ingest({
        symbol: s.code,
        time: Date.now(),
        price: s.sim.start,
        qty: 1n,
      });
    }
    // HTML page (signed in, so both replies carry the same session-dependent content)
    const headers = {
      "User-Agent": MOBILE_UA,
      "Accept-Language": "en",
      Cookie: `tw_session=${token}`,
    };
    const plain = await rawGet(srv, "/wp/quotes/list", headers);
    assertEquals(plain.status, 200);
    assertEquals(plain.headers.get("content-encoding"), null);
    assert(varies(plain));
    for (const enc of ["br", "gzip"]) {
      const r = await rawGet(srv, "/wp/quotes/list", { ...headers, "Accept-Encoding": enc });
      assertEquals(r.headers.get("content-encoding"), enc, `page as ${enc}`);
      assertEquals(Number(r.headers.get("content-length")), r.body.length);
      assert(varies(r));
      assert(r.headers.get("content-type")!.startsWith("text/html"));
      assert(r.headers.get("content-security-policy"), "security headers kept");
      assert(r.body.length < plain.body.length / 2, `page ${enc} is much smaller`);
      // (the time the page was read, where its socket resumes, is each read's own)
      const page = (b: Uint8Array) =>
        new TextDecoder().decode(b).replace(/ data-ev-at="\d+"/, ' data-ev-at=""');
      assertEquals(page(decode(r)), page(plain.body));
    }

    // JSON: the OpenAPI document (large) and the quotes list (served from a cache, which follows
    // the tape on its own time: wait until it lists the prices above)
    for (let i = 0; i < 200; i++) {
      const q = await srv.call<{ items: { price: string | null }[] }>("/api/market/symbols");
      if (q.body.data.items.every((x) => x.price)) break;
      await new Promise((r) => setTimeout(r, 25));
    }
    for (const path of ["/api/doc", "/api/market/symbols"]) {
      const ident = await rawGet(srv, path, { "Accept-Encoding": "identity" });
      assertEquals(ident.headers.get("content-encoding"), null);
      const r = await rawGet(srv, path, { "Accept-Encoding": "gzip, br" });
      assertEquals(r.headers.get("content-encoding"), "br", path);
      assertEquals(Number(r.headers.get("content-length")), r.body.length);
      assert(varies(r));
      assertEquals(
        JSON.parse(new TextDecoder().decode(decode(r))),
        JSON.parse(
          new TextDecoder().decode(ident.body),
        ),
      );
      const gz = await rawGet(srv, path, { "Accept-Encoding": "gzip" });
      assertEquals(gz.headers.get("content-encoding"), "gzip");
      assertEquals(decode(gz), decode(r));
    }

    // a tiny JSON reply goes out as it is
    const tiny = await rawGet(srv, "/api/user/info", { "Accept-Encoding": "br, gzip" });
    assertEquals(tiny.status, 401);
    assertEquals(tiny.headers.get("content-encoding"), null);
    assert(tiny.body.length < 1024);
    JSON.parse(new TextDecoder().decode(tiny.body));

    // HEAD: headers only, nothing compressed twice
    const head = await rawGet(srv, "/api/doc", { "Accept-Encoding": "br" }, "HEAD");
    assertEquals(head.status, 200);
    assertEquals(head.body.length, 0);
  } finally {
    await srv.close();
  }
});

Deno.test("images are not compressed again; the socket still upgrades", async () => {
  const srv = await startServer();
  try {
    const { token } = await registerUser(srv, "+12025550178");
    const up = await srv.call<{ imageId: string }>("/api/upload", {
      method: "POST",
      raw: uploadForm(await makePng(200, 200)),
      token,
    });
    assertEquals(up.body.code, 0, JSON.stringify(up.body));
    const img = await rawGet(srv, `/api/image/${up.body.data.imageId}`, {
      Authorization: token,
      "Accept-Encoding": "gzip, br",
    });
    assertEquals(img.status, 200);
    assertEquals(img.headers.get("content-type"), "image/png");
    assertEquals(img.headers.get("content-encoding"), null, "a PNG is compressed already");
    assert(img.body.length > 1024);
    assertEquals(img.body[1], 0x50);

    // the logo (SVG) is text: compressed once like the built files
    const logo = await rawGet(srv, "/static/logo.svg", { "Accept-Encoding": "br" });
    assertEquals(logo.status, 200);
    const file = await Deno.readFile(new URL("../../static/logo.svg", import.meta.url));
    assertEquals(decode(logo), file);

    const ws = new WebSocket(srv.base.replace("http", "ws") + "/ws", {
      headers: { "Accept-Encoding": "gzip, br", Origin: srv.base },
    } as unknown as string[]);
    const opened = await new Promise<boolean>((resolve) => {
      ws.onopen = () => resolve(true);
      ws.onerror = () => resolve(false);
    });
    assert(opened, "WebSocket upgrade works with compression on");
    ws.close();
    await new Promise((r) => ws.onclose = r);
  } finally {
    await srv.close();
  }
});
