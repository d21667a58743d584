/**
 * JavaScript each page type ships: fetches pages from a real server (in-memory KV) the way a
 * browser does (Accept-Encoding: gzip, deflate, br, zstd) and sums, for every script the page
 * loads (boot, islands, shared chunks, following static imports), the raw bytes, the gzipped
 * size, and the bytes actually transferred with the Content-Encoding the server chose; the HTML
 * document and the stylesheet as transferred too. Run: `deno run -A bench/page_weight.ts`
 * (after `deno task build`). Signed in as a registered customer.
 */
import { brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { DESKTOP_UA, MOBILE_UA, rawGet, registerUser, startServer } from "../tests/server.ts";

const srv = await startServer({ seed: true });
const { token } = await registerUser(srv, "+12025550190");
const BROWSER = "gzip, deflate, br, zstd";

async function weigh(path: string, ua: string) {
  const headers = {
    "User-Agent": ua,
    "Accept-Language": "en",
    Cookie: `tw_session=${token}`,
    "Accept-Encoding": BROWSER,
  };
  const doc = await rawGet(srv, path, headers);
  if (doc.status !== 200) throw new Error(`${path}: ${doc.status}`);
  const enc = doc.headers.get("content-encoding");
  const html = new TextDecoder().decode(
    enc === "br"
      ? brotliDecompressSync(doc.body)
      : enc === "gzip"
      ? gunzipSync(doc.body)
      : doc.body,
  );
  const seen = new Set<string>();
  const queue = [...html.matchAll(/(?:src|href)="(\/static\/build\/[^"]+\.js)"/g)].map((m) =>
    m[1]!
  );
  // islands are imported by the boot script at run time: include the ones on the page
  const base = /\/static\/build\/[0-9a-f]+\//.exec(html)?.[0];
  for (const m of html.matchAll(/<tw-island data-name="(\w+)">/g)) queue.push(`${base}${m[1]}.js`);
  let raw = 0, zipped = 0, wire = 0;
  const encodings = new Set<string>();
  while (queue.length) {
    const url = queue.shift()!;
    if (seen.has(url)) continue;
    seen.add(url);
    const plain = new Uint8Array(await (await fetch(srv.base + url)).arrayBuffer());
    const sent = await rawGet(srv, url, { "Accept-Encoding": BROWSER });
    raw += plain.length;
    zipped += gzipSync(plain, { level: 9 }).length;
    wire += sent.body.length;
    encodings.add(sent.headers.get("content-encoding") ?? "identity");
    const text = new TextDecoder().decode(plain);
    for (const m of text.matchAll(/from\s*"\.\/([\w-]+\.js)"|import\s*"\.\/([\w-]+\.js)"/g)) {
      queue.push(url.replace(/[^/]+$/, m[1] ?? m[2]!));
    }
  }
  const cssPath = /href="(\/static\/build\/[^"]+\.css)"/.exec(html)?.[1];
  const css = cssPath ? await rawGet(srv, cssPath, { "Accept-Encoding": BROWSER }) : null;
  return {
    files: seen.size,
    raw,
    zipped,
    wire,
    encodings: [...encodings].join("+") || "-",
    html: doc.body.length,
    htmlEncoding: doc.headers.get("content-encoding") ?? "identity",
    css: css?.body.length ?? 0,
  };
}

const rows: [string, string, string][] = [
  ["mobile home (live quotes)", "/wp/home", MOBILE_UA],
  ["mobile product detail (chart), signed in", "/wp/product/detail/BTCUSDT", MOBILE_UA],
  ["mobile fast ticket", "/wp/product/order?symbol=BTCUSDT", MOBILE_UA],
  ["mobile leveraged ticket", "/wp/product/leveragedDeals?symbol=BTCUSDT", MOBILE_UA],
  ["mobile spot ticket", "/wp/product/bibi?symbol=BTCUSDT", MOBILE_UA],
  ["mobile quotes list", "/wp/quotes/list", MOBILE_UA],
  ["mobile assets", "/wp/trade/property", MOBILE_UA],
  ["mobile user centre", "/wp/user/userCenter", MOBILE_UA],
  ["desktop home", "/pc/home", DESKTOP_UA],
  ["desktop fast ticket (chart + quotes)", "/pc/trade/fast", DESKTOP_UA],
  ["desktop futures ticket", "/pc/trade/future", DESKTOP_UA],
  ["desktop security (two forms)", "/pc/userCenter/security", DESKTOP_UA],
];
console.log(
  "| page type | path | JS files | JS bytes | JS gzip -9 | JS transferred (encoding) | HTML transferred | CSS transferred |",
);
console.log("|---|---|---|---|---|---|---|---|");
for (const [name, path, ua] of rows) {
  try {
    const r = await weigh(path, ua);
    console.log(
      `| ${name} | ${path} | ${r.files} | ${r.raw} | ${r.zipped} | ${r.wire} (${r.encodings}) | ${r.html} (${r.htmlEncoding}) | ${r.css} |`,
    );
  } catch (e) {
    console.log(`| ${name} | ${path} | ${String(e)} |`);
  }
}
await srv.close();
