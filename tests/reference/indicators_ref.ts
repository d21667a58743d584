/**
 * An independent bigint reference for the chart indicators, written from the definitions in
 * core-wasm/src/indicators.rs's header (not from its loops): windows re-summed from slices,
 * the BOLL deviation from the squared deviations (sum of (n*x - S1)^2 / n^3, equal to the
 * core's (n*S2 - S1^2)/n^2), square roots by bisection, smoothing written as weighted means.
 * Warm-up values are null. Used only by tests and benchmarks.
 */
import { floorDiv, S } from "./core_ref.ts";

export type Series = (bigint | null)[];

function window(xs: readonly bigint[], end: number, n: number): bigint[] {
  return xs.slice(end + 1 - n, end + 1);
}
const sum = (xs: readonly bigint[]) => xs.reduce((a, b) => a + b, 0n);

/** Largest r with r^2 <= x, by bisection. */
export function isqrtRef(x: bigint): bigint {
  let lo = 0n, hi = 1n;
  while (hi * hi <= x) hi *= 2n;
  while (hi - lo > 1n) {
    const mid = (lo + hi) / 2n;
    if (mid * mid <= x) lo = mid;
    else hi = mid;
  }
  return lo;
}

export function maRef(xs: readonly bigint[], n: number): Series {
  return xs.map((_, i) => i < n - 1 ? null : floorDiv(sum(window(xs, i, n)), BigInt(n)));
}

/** EMA over the defined values of xs, seeded with the first, shown from its n-th. */
export function emaRef(xs: readonly (bigint | null)[], n: number): Series {
  let ema: bigint | null = null;
  let seen = 0;
  return xs.map((x) => {
    if (x === null) return null;
    // weighted mean written out: ema' = (2x + (n-1)ema)/(n+1), taken as ema + floor(...)
    ema = ema === null
      ? x
      : ema + floorDiv(2n * x + BigInt(n - 1) * ema - BigInt(n + 1) * ema, BigInt(n + 1));
    seen++;
    return seen >= n ? ema : null;
  });
}

export function bollRef(xs: readonly bigint[], n: number, k: number) {
  const middle = maRef(xs, n);
  const N = BigInt(n);
  const sd = xs.map((_, i) => {
    if (i < n - 1) return null;
    const w = window(xs, i, n);
    const s1 = sum(w);
    return isqrtRef(floorDiv(sum(w.map((x) => (N * x - s1) ** 2n)), N ** 3n));
  });
  const band = (sign: bigint) =>
    middle.map((m, i) => m === null ? null : m + sign * BigInt(k) * sd[i]!);
  return { middle, upper: band(1n), lower: band(-1n) };
}

export function macdRef(xs: readonly bigint[], fast: number, slow: number, signal: number) {
  // both EMAs run from the first close; DIF is shown once the slow one is
  const all = (n: number) => {
    let e = xs[0]!;
    return xs.map((x, i) => (i === 0 ? e : (e = e + floorDiv(2n * (x - e), BigInt(n + 1)))));
  };
  const f = all(fast), s = all(slow);
  const dif: Series = xs.map((_, i) => i < slow - 1 ? null : f[i]! - s[i]!);
  const dea = emaRef(dif, signal);
  const histogram = dif.map((d, i) => dea[i] === null ? null : d! - dea[i]!);
  return { dif, dea, histogram };
}

export function rsiRef(xs: readonly bigint[], n: number): Series {
  const N = BigInt(n);
  const gains = xs.map((x, i) => i === 0 ? 0n : (x > xs[i - 1]! ? x - xs[i - 1]! : 0n));
  const losses = xs.map((x, i) => i === 0 ? 0n : (x < xs[i - 1]! ? xs[i - 1]! - x : 0n));
  let g = 0n, l = 0n;
  return xs.map((_, i) => {
    if (i < n) return null;
    if (i === n) {
      g = floorDiv(sum(gains.slice(1, n + 1)), N);
      l = floorDiv(sum(losses.slice(1, n + 1)), N);
    } else {
      g = floorDiv(g * (N - 1n) + gains[i]!, N);
      l = floorDiv(l * (N - 1n) + losses[i]!, N);
    }
    return l === 0n ? 100n * S : floorDiv(100n * S * g, g + l);
  });
}

export function kdjRef(
  high: readonly bigint[],
  low: readonly bigint[],
  close: readonly bigint[],
  n: number,
  m1: number,
  m2: number,
) {
  let k = 50n * S, d = 50n * S;
  const K: Series = [], D: Series = [], J: Series = [];
  close.forEach((c, i) => {
    if (i < n - 1) {
      K.push(null), D.push(null), J.push(null);
      return;
    }
    const hh = window(high, i, n).reduce((a, b) => a > b ? a : b);
    const ll = window(low, i, n).reduce((a, b) => a < b ? a : b);
    const rsv = hh === ll ? 50n * S : floorDiv(100n * S * (c - ll), hh - ll);
    k = floorDiv(BigInt(m1 - 1) * k + rsv, BigInt(m1));
    d = floorDiv(BigInt(m2 - 1) * d + k, BigInt(m2));
    K.push(k), D.push(d), J.push(3n * k - 2n * d);
  });
  return { k: K, d: D, j: J };
}
