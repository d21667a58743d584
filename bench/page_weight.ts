/**
 * JavaScript each page type ships, gzipped: fetches pages from a real server (in-memory KV)
 * and sums the gzipped size of every script the page loads (boot, islands, shared chunks,
 * following static imports). Run: `deno run -A bench/page_weight.ts` (after `deno task build`).
 */
import { DESKTOP_UA, MOBILE_UA, registerUser, startServer } from "../tests/server.ts";

const srv = await startServer();
const { token } = await registerUser(srv, "+12025550190");

async function gz(bytes: Uint8Array) {
  const stream = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(
    new CompressionStream("gzip"),
  );
  return (await new Response(stream).arrayBuffer()).byteLength;
}

async function jsOf(path: string, ua: string) {
  const html = await (await fetch(srv.base + path, {
    headers: { "user-agent": ua, cookie: `tw_session=${token}` },
  })).text();
  const seen = new Set<string>();
  const queue = [...html.matchAll(/(?:src|href)="(\/static\/build\/[^"]+\.js)"/g)].map((m) =>
    m[1]!
  );
  // islands are imported by the boot script at run time: include the ones on the page
  const base = /\/static\/build\/[0-9a-f]+\//.exec(html)?.[0];
  for (const m of html.matchAll(/<tw-island data-name="(\w+)">/g)) queue.push(`${base}${m[1]}.js`);
  let raw = 0, zipped = 0;
  while (queue.length) {
    const url = queue.shift()!;
    if (seen.has(url)) continue;
    seen.add(url);
    const bytes = new Uint8Array(await (await fetch(srv.base + url)).arrayBuffer());
    raw += bytes.length;
    zipped += await gz(bytes);
    const text = new TextDecoder().decode(bytes);
    for (const m of text.matchAll(/from\s*"\.\/([\w-]+\.js)"|import\s*"\.\/([\w-]+\.js)"/g)) {
      queue.push(url.replace(/[^/]+$/, m[1] ?? m[2]!));
    }
  }
  return { files: seen.size, raw, zipped };
}

const rows: [string, string, string][] = [
  ["mobile static page (assets, coming soon)", "/wp/trade/property", MOBILE_UA],
  ["mobile home (live quotes)", "/wp/home", MOBILE_UA],
  ["mobile product detail (chart)", "/wp/product/detail/BTCUSDT", MOBILE_UA],
  ["mobile quotes list", "/wp/quotes/list", MOBILE_UA],
  ["desktop trade page (chart + quotes)", "/pc/trade/fast", DESKTOP_UA],
  ["mobile login", "/wp/user/login", MOBILE_UA],
  ["mobile register", "/wp/user/register", MOBILE_UA],
  ["mobile user centre", "/wp/user/userCenter", MOBILE_UA],
  ["mobile language", "/wp/user/language", MOBILE_UA],
  ["desktop home (nav islands)", "/pc/home", DESKTOP_UA],
  ["desktop security (two forms)", "/pc/userCenter/security", DESKTOP_UA],
];
console.log("| page type | path | JS files | JS bytes | JS gzipped |");
console.log("|---|---|---|---|---|");
for (const [name, path, ua] of rows) {
  const r = await jsOf(path, ua);
  console.log(`| ${name} | ${path} | ${r.files} | ${r.raw} | ${r.zipped} |`);
}
await srv.close();
