/** Browser entry of the pricing-core facade (islands import core-wasm/mod.ts directly and share
 * it as a chunk; this entry makes it loadable on its own). */
export * from "../core-wasm/mod.ts";
