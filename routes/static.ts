import type { Context } from "hono";
import {
  compressBest,
  compressible,
  type Encoding,
  negotiate,
} from "../edge/platform/compression.ts";

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

interface Variant {
  bytes: Uint8Array;
  etag: string;
}

/** A file's representations: identity and the compressed ones, with their validators. */
interface Entry {
  mtime: number | null;
  identity: Variant;
  encoded: Partial<Record<Encoding, Variant>>;
}

const cache = new Map<string, Entry>();

async function sha(bytes: Uint8Array) {
  const d = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes as Uint8Array<ArrayBuffer>));
  return Array.from(d.slice(0, 12), (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * Load a file and its compressed forms: the `.br` / `.gz` written next to it at build time
 * (`deno task build`), else compressed here once and kept (files outside the build, such as
 * /static/admin.css). A changed file (mtime) is read again.
 */
async function load(rel: string, type: string): Promise<Entry | null> {
  const url = new URL(rel, ROOT);
  let mtime: number | null;
  try {
    mtime = (await Deno.stat(url)).mtime?.getTime() ?? null;
  } catch {
    return null;
  }
  const hit = cache.get(rel);
  if (hit && hit.mtime === mtime) return hit;
  let bytes: Uint8Array;
  try {
    bytes = await Deno.readFile(url);
  } catch {
    return null;
  }
  const tag = await sha(bytes);
  const entry: Entry = { mtime, identity: { bytes, etag: `"${tag}"` }, encoded: {} };
  // every text file, however small: compressed once, so the bytes saved cost nothing per request
  if (compressible(type)) {
    for (const [enc, ext] of [["br", "br"], ["gzip", "gz"]] as const) {
      let z: Uint8Array | null = null;
      try {
        z = await Deno.readFile(new URL(`${rel}.${ext}`, ROOT));
      } catch {
        z = compressBest(bytes, enc);
      }
      // only worth it when smaller
      if (z.length < bytes.length) entry.encoded[enc] = { bytes: z, etag: `"${tag}-${ext}"` };
    }
  }
  cache.set(rel, entry);
  return entry;
}

/**
 * Static files. Everything under /static/build/<hash>/ is content-addressed and cached
 * forever; other files revalidate (ETag). Text files go out brotli- or gzip-compressed as the
 * client's Accept-Encoding asks (pre-compressed at build time).
 */
export async function serveStatic(c: Context) {
  const rel = c.req.path.slice("/static/".length);
  if (!/^[\w\-./]+$/.test(rel) || rel.split("/").some((p) => p === ".." || p === "")) {
    return c.notFound();
  }
  const ext = rel.slice(rel.lastIndexOf(".") + 1);
  const type = TYPES[ext];
  if (!type) return c.notFound();
  const entry = await load(rel, type);
  if (!entry) return c.notFound();
  const available = (["br", "gzip"] as const).filter((e) => entry.encoded[e]);
  const enc = available.length ? negotiate(c.req.header("accept-encoding"), available) : null;
  const variant = enc ? entry.encoded[enc]! : entry.identity;
  const immutable = rel.startsWith("build/") && rel !== "build/manifest.json";
  const headers: Record<string, string> = {
    "Content-Type": type,
    "Cache-Control": immutable ? "public, max-age=31536000, immutable" : "public, max-age=300",
    "ETag": variant.etag,
  };
  if (enc) headers["Content-Encoding"] = enc;
  if (available.length) headers["Vary"] = "Accept-Encoding";
  const inm = c.req.header("if-none-match");
  if (inm && inm.split(",").some((t) => t.trim().replace(/^W\//, "") === variant.etag)) {
    return c.body(null, 304, headers);
  }
  headers["Content-Length"] = String(variant.bytes.length);
  return c.body(variant.bytes as Uint8Array<ArrayBuffer>, 200, headers);
}
