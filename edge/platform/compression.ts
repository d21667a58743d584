/**
 * Bytes on the wire: `Accept-Encoding` negotiation (q-values) and on-the-fly compression of
 * HTML and JSON replies (brotli when asked, else gzip). Built assets are compressed once at
 * build time (`tools/build_islands.ts` writes `.br` and `.gz` next to each file) and served as
 * they are by `routes/static.ts`.
 */
import type { MiddlewareHandler } from "hono";
import { promisify } from "node:util";
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from "node:zlib";

export type Encoding = "br" | "gzip";

/**
 * The encoding to send for an `Accept-Encoding` header, among those `available` (in order of
 * preference when q-values tie): the highest q > 0, `*` standing for any encoding not named.
 * `null`: send the identity representation.
 */
export function negotiate(
  header: string | null | undefined,
  available: readonly Encoding[] = ["br", "gzip"],
): Encoding | null {
  if (!header) return null;
  const q = new Map<string, number>();
  for (const part of header.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    let weight = 1;
    for (const p of params) {
      const m = /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(p);
      if (m) weight = Number(m[1]);
    }
    if (!Number.isFinite(weight)) weight = 0;
    // x-gzip is an old alias of gzip
    q.set(name === "x-gzip" ? "gzip" : name, Math.min(1, Math.max(0, weight)));
  }
  let best: Encoding | null = null;
  let bestQ = 0;
  for (const enc of available) {
    const w = q.get(enc) ?? q.get("*") ?? 0;
    if (w > bestQ) {
      best = enc;
      bestQ = w;
    }
  }
  return best;
}

const brAsync = promisify(brotliCompress);
const gzAsync = promisify(gzip);

/** Compress for a reply on the fly (brotli quality 5, gzip level 6: fast, most of the gain). */
export async function compress(bytes: Uint8Array, enc: Encoding): Promise<Uint8Array> {
  const out = enc === "br"
    ? await brAsync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 5,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    })
    : await gzAsync(bytes, { level: 6 });
  return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
}

/** Compress once for a file served many times (build time): the smallest output. */
export function compressBest(bytes: Uint8Array, enc: Encoding): Uint8Array {
  const out = enc === "br"
    ? brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    })
    : gzipSync(bytes, { level: 9 });
  return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
}

/** Content types worth compressing (text); images, fonts and archives are compressed already. */
export function compressible(contentType: string | null): boolean {
  if (!contentType) return false;
  const t = contentType.split(";")[0]!.trim().toLowerCase();
  return t.startsWith("text/") || t === "application/json" || t === "application/javascript" ||
    t === "image/svg+xml" || t === "application/wasm" || t.endsWith("+json") ||
    t === "application/xml";
}

/** Add a token to the Vary header once. */
export function addVary(headers: Headers, token: string) {
  const vary = headers.get("Vary");
  if (!vary) headers.set("Vary", token);
  else if (
    !vary.split(",").some((v) => {
      const x = v.trim().toLowerCase();
      return x === "*" || x === token.toLowerCase();
    })
  ) headers.set("Vary", `${vary}, ${token}`);
}

/** Bodies below this many bytes go out as they are (the headers would eat the gain). */
export const MIN_COMPRESS_BYTES = 1024;

/**
 * Compress HTML, JSON and other text replies when the client asks (br, else gzip). Skipped:
 * replies already encoded (pre-compressed static files), WebSocket upgrades, 1xx/204/304, HEAD,
 * `Cache-Control: no-transform`, non-text types (images) and bodies under 1 KiB.
 */
export function compression(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    const type = res.headers.get("Content-Type");
    if (!compressible(type)) return;
    // the representation depends on Accept-Encoding from here on, whatever we send
    if (res.status === 101 || c.req.header("upgrade")) return;
    addVary(res.headers, "Accept-Encoding");
    // (`res.body` is not touched before we compress: reading it turns a body of known length into
    // a stream, and an uncompressed reply would then lose its Content-Length)
    if (
      res.headers.has("Content-Encoding") || res.status < 200 ||
      res.status === 204 || res.status === 206 || res.status === 304 || c.req.method === "HEAD" ||
      /\bno-transform\b/i.test(res.headers.get("Cache-Control") ?? "")
    ) return;
    const enc = negotiate(c.req.header("accept-encoding"));
    if (!enc) return;
    const declared = Number(res.headers.get("Content-Length") ?? NaN);
    if (Number.isFinite(declared) && declared < MIN_COMPRESS_BYTES) return;
    const bytes = new Uint8Array(await res.arrayBuffer());
    const headers = new Headers(res.headers);
    let body: Uint8Array = bytes;
    if (bytes.length >= MIN_COMPRESS_BYTES) {
      body = await compress(bytes, enc);
      headers.set("Content-Encoding", enc);
      // a strong validator names these exact bytes: the compressed ones are another
      const etag = headers.get("ETag");
      if (etag && !etag.startsWith("W/")) headers.set("ETag", `W/${etag}`);
    }
    headers.set("Content-Length", String(body.length));
    c.res = undefined as unknown as Response;
    c.res = new Response(body as Uint8Array<ArrayBuffer>, {
      status: res.status,
      statusText: res.statusText,
      headers,
    });
  };
}
