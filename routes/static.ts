import type { Context } from "hono";

const ROOT = new URL("../static/", import.meta.url);
const TYPES: Record<string, string> = {
  js: "text/javascript; charset=utf-8",
  css: "text/css; charset=utf-8",
  svg: "image/svg+xml",
  png: "image/png",
  json: "application/json",
  woff2: "font/woff2",
  wasm: "application/wasm",
};

/**
 * Static files. Everything under /static/build/<hash>/ is content-addressed and cached
 * forever; other files revalidate.
 */
export async function serveStatic(c: Context) {
  const rel = c.req.path.slice("/static/".length);
  if (!/^[\w\-./]+$/.test(rel) || rel.split("/").some((p) => p === ".." || p === "")) {
    return c.notFound();
  }
  const ext = rel.slice(rel.lastIndexOf(".") + 1);
  const type = TYPES[ext];
  if (!type) return c.notFound();
  let body: Uint8Array;
  try {
    body = await Deno.readFile(new URL(rel, ROOT));
  } catch {
    return c.notFound();
  }
  const immutable = rel.startsWith("build/") && rel !== "build/manifest.json";
  return c.body(body as Uint8Array<ArrayBuffer>, 200, {
    "Content-Type": type,
    "Cache-Control": immutable ? "public, max-age=31536000, immutable" : "public, max-age=300",
  });
}
