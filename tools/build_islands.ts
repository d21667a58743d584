/**
 * Build the browser assets: every island in islands/, the hydrate entry and the pricing-core
 * facade (with core.wasm), bundled by
 * `deno bundle` with code splitting (Preact is a shared chunk), and the stylesheets: the customer
 * pages' `app.css` and the console's `admin.css`, each the parts of `styles/<name>/` joined in
 * the order of their names (one concern per part, each short enough to read). The output goes to
 * static/build/<content-hash>/ with static/build/manifest.json naming the files.
 */
import { compressBest } from "../edge/platform/compression.ts";

const root = new URL("../", import.meta.url);
const islandsDir = new URL("islands/", root);
const buildDir = new URL("static/build/", root);
const tmp = new URL(".tmp/", buildDir);

await Deno.remove(buildDir, { recursive: true }).catch(() => {});
await Deno.mkdir(tmp, { recursive: true });

const islands: string[] = [];
for await (const e of Deno.readDir(islandsDir)) {
  if (e.isFile && /^[A-Z]\w*\.tsx$/.test(e.name)) islands.push(e.name.replace(/\.tsx$/, ""));
}
islands.sort();

const cmd = new Deno.Command(Deno.execPath(), {
  args: [
    "bundle",
    "--platform",
    "browser",
    "--format",
    "esm",
    "--code-splitting",
    "--minify",
    "--outdir",
    tmp.pathname,
    "islands/_boot.ts",
    "islands/_core.ts",
    ...islands.map((n) => `islands/${n}.tsx`),
  ],
  cwd: root.pathname,
  stdout: "inherit",
  stderr: "inherit",
});
const { success } = await cmd.output();
if (!success) Deno.exit(1);
for (const sheet of ["app", "admin"]) {
  const dir = new URL(`styles/${sheet}/`, root);
  const parts: string[] = [];
  for await (const e of Deno.readDir(dir)) {
    if (e.isFile && e.name.endsWith(".css")) parts.push(e.name);
  }
  parts.sort();
  const text = await Promise.all(parts.map((p) => Deno.readTextFile(new URL(p, dir))));
  await Deno.writeTextFile(new URL(`${sheet}.css`, tmp), text.join(""));
}
// The pricing core: bundled code finds it next to itself (new URL("./core.wasm", import.meta.url)).
await Deno.copyFile(new URL("core-wasm/core.wasm", root), new URL("core.wasm", tmp));

// Content hash over every output file (names and bytes), so the directory name changes
// whenever anything in it does.
const files: string[] = [];
for await (const e of Deno.readDir(tmp)) if (e.isFile) files.push(e.name);
files.sort();
const hasher: Uint8Array[] = [];
for (const f of files) {
  hasher.push(new TextEncoder().encode(f + "\0"), await Deno.readFile(new URL(f, tmp)));
}
const all = new Uint8Array(hasher.reduce((n, b) => n + b.length, 0));
let off = 0;
for (const b of hasher) {
  all.set(b, off);
  off += b.length;
}
const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", all));
const hash = Array.from(digest.slice(0, 6), (b) => b.toString(16).padStart(2, "0")).join("");
// Pre-compressed forms (brotli at its best quality, gzip -9), made once here and served as they
// are by routes/static.ts according to the client's Accept-Encoding.
let raw = 0, br = 0, gz = 0;
for (const f of files) {
  if (!/\.(js|css|wasm)$/.test(f)) continue;
  const bytes = await Deno.readFile(new URL(f, tmp));
  const b = compressBest(bytes, "br");
  const g = compressBest(bytes, "gzip");
  await Deno.writeFile(new URL(`${f}.br`, tmp), b);
  await Deno.writeFile(new URL(`${f}.gz`, tmp), g);
  raw += bytes.length;
  br += b.length;
  gz += g.length;
}
await Deno.rename(tmp, new URL(`${hash}/`, buildDir));

const manifest = {
  base: `/static/build/${hash}/`,
  boot: "_boot.js",
  css: "app.css",
  adminCss: "admin.css",
  core: "_core.js",
  islands: Object.fromEntries(islands.map((n) => [n, `${n}.js`])),
};
await Deno.writeTextFile(new URL("manifest.json", buildDir), JSON.stringify(manifest, null, 2));
console.log(
  `built ${islands.length} islands into static/build/${hash}/ (${raw} bytes; br ${br}, gzip ${gz})`,
);
