/**
 * The tape's hash chain (domain rules, "Verifiable settlement"), one per symbol:
 *
 *   h0 = sha256("tradewind-tape-v1|" + symbol)
 *   h_n = sha256(h_(n-1) + "|" + n + "|" + time + "|" + price + "|" + qty)
 *
 * `n` is the tick's sequence number (1, 2, ...), `time` integer ms, `price` and `qty` the
 * canonical decimal strings of the API (`formatDecimal`: no trailing zeros, no exponent), every
 * hash lowercase hex. Worked example (BTCUSDT):
 *
 *   h0 = sha256("tradewind-tape-v1|BTCUSDT")
 *      = 8882d861449fd4e33b98b77f697e17e78c1311584a6f76a13f5cbf81af4d13fd
 *   h1 = sha256(h0 + "|1|1764000000000|60000.5|0.01")
 *      = ede606fbfd791b722037fa800fb471a89ff31a02838a43902d76d8c2154064ea
 *
 * (both checked against coreutils' sha256sum; `chain_test.ts` holds them as fixed vectors)
 *
 * Pure and synchronous (hash-wasm's SHA-256, instantiated once): the server, the verifier and
 * the browser's Verify view all use this one module.
 */
import { createSHA256 } from "hash-wasm";
import { formatDecimal } from "../core-wasm/decimal.ts";

const hasher = await createSHA256();

const sha256 = (text: string) => hasher.init().update(text).digest("hex");

/** The chain's start for `symbol` (the hash "before" tick 1). */
export function genesisHash(symbol: string): string {
  return sha256(`tradewind-tape-v1|${symbol}`);
}

/** The hash of tick `seq` following `prevHash`. */
export function tickHash(
  prevHash: string,
  seq: number,
  time: number,
  price: bigint,
  qty: bigint,
): string {
  return sha256(`${prevHash}|${seq}|${time}|${formatDecimal(price)}|${formatDecimal(qty)}`);
}

/** A tick as the chain sees it. */
export interface ChainTick {
  seq: number;
  time: number;
  price: bigint;
  qty: bigint;
  hash: string;
}

/** Where a chain walk stopped: the first tick that does not follow from the one before. */
export interface ChainBreak {
  seq: number;
  reason: "seq" | "time" | "hash";
  expected: string;
  found: string;
}

/**
 * Check that `ticks` (ascending) continue the chain from `prev` (the tick before the first, or
 * the genesis: `{seq: 0, hash: genesisHash(symbol), time: 0}`): consecutive sequence numbers,
 * times that never go back, every hash recomputed. Null when intact.
 */
export function verifyChain(
  prev: { seq: number; hash: string; time: number },
  ticks: readonly ChainTick[],
): ChainBreak | null {
  let p = prev;
  for (const t of ticks) {
    if (t.seq !== p.seq + 1) {
      return { seq: t.seq, reason: "seq", expected: String(p.seq + 1), found: String(t.seq) };
    }
    if (t.time < p.time) {
      return { seq: t.seq, reason: "time", expected: `>= ${p.time}`, found: String(t.time) };
    }
    const h = tickHash(p.hash, t.seq, t.time, t.price, t.qty);
    if (h !== t.hash) return { seq: t.seq, reason: "hash", expected: h, found: t.hash };
    p = t;
  }
  return null;
}
