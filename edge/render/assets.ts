/**
 * Built assets: island bundles and the stylesheets live under /static/build/<content-hash>/,
 * written by `deno task build` (tools/build_islands.ts) with a manifest.
 */
export interface Manifest {
  /** URL prefix of the content-hashed build directory, ending in "/". */
  base: string;
  boot: string;
  css: string;
  /** the console's stylesheet */
  adminCss: string;
  /** The pricing-core facade as a browser module (islands share it as a chunk). */
  core: string;
  islands: Record<string, string>;
}

const MANIFEST_URL = new URL("../../static/build/manifest.json", import.meta.url);
let cached: Manifest | null | undefined;

export function manifest(): Manifest | null {
  if (cached !== undefined) return cached;
  try {
    cached = JSON.parse(Deno.readTextFileSync(MANIFEST_URL)) as Manifest;
  } catch {
    console.warn("[render] static/build/manifest.json missing: run `deno task build`");
    cached = null;
  }
  return cached;
}
