//! Chart indicators over candle series, in the core's fixed point (1 unit = 10^-8), so the
//! browser's chart and the server compute the same numbers from the same code.
//!
//! Every output has one value per input candle; a value that is not defined yet (the warm-up
//! of a period) is `NONE` (i64::MIN, never a price). Sums, squares and products go through
//! i128 and are checked; every division rounds toward negative infinity (floor), step by step,
//! so a bigint reference that follows the same formulas matches exactly. Conventions (those of
//! common trading apps and of the `trading-signals` library the tests compare against):
//! - MA(n): mean of the last n closes; defined from candle n-1.
//! - EMA(n): alpha = 2/(n+1), seeded with the first close; ema += floor(2*(c-ema)/(n+1));
//!   shown from candle n-1 (the first n-1 values are warm-up).
//! - BOLL(n, k): middle = MA(n); sd = isqrt(floor((n*S2 - S1^2) / n^2)) (population standard
//!   deviation, S1 = sum, S2 = sum of squares of the window); upper/lower = middle +- k*sd.
//! - MACD(fast, slow, signal): DIF = EMA(fast) - EMA(slow) from candle slow-1; DEA = EMA(signal)
//!   of DIF seeded with the first DIF, shown once `signal` DIFs exist; histogram = DIF - DEA.
//! - RSI(n), Wilder: average gain and loss seeded with the mean of the first n moves, then
//!   avg = floor((avg*(n-1) + move)/n); RSI = floor(100*G/(G+L)) (100 when L = 0), from
//!   candle n.
//! - KDJ(n, m1, m2): RSV = floor(100*(C-LLV)/(HHV-LLV)) over n candles (50 when HHV = LLV);
//!   K = floor(((m1-1)*K' + RSV)/m1), D = floor(((m2-1)*D' + K)/m2), both starting at 50;
//!   J = 3K - 2D; from candle n-1.
//!
//! RSI and KDJ are percentages in units (50 % = 50 * 10^8).

use crate::fixed::{div_round, narrow, Error, Round, R, SCALE};

/// The value of a warm-up candle.
pub const NONE: i64 = i64::MIN;

/// Longest period accepted (a year of days is 366; anything longer is an input error).
pub const MAX_PERIOD: usize = 1_000;

fn period(n: i64) -> R<usize> {
    if n < 1 || n > MAX_PERIOD as i64 {
        Err(Error::Invalid)
    } else {
        Ok(n as usize)
    }
}

fn floor_div(n: i128, d: i128) -> R<i64> {
    // Fast path (128-bit division is a library call in WebAssembly): both fit in i64.
    if let (Ok(a), Ok(b)) = (i64::try_from(n), i64::try_from(d)) {
        if b > 0 {
            return Ok(a.div_euclid(b));
        }
    }
    div_round(n, d, Round::Down)
}

fn add128(a: i128, b: i128) -> R<i128> {
    a.checked_add(b).ok_or(Error::Overflow)
}

/// Largest r with r*r <= x (x >= 0).
pub fn isqrt(x: i128) -> i128 {
    if x < 2 {
        return x.max(0);
    }
    // A float estimate (within a few units below 2^106), then corrected in integers, so the
    // result does not depend on the estimate's rounding.
    let mut r = ((x as f64).sqrt() as i128).max(1);
    while r.checked_mul(r).map_or(true, |s| s > x) {
        r -= 1;
    }
    while (r + 1).checked_mul(r + 1).map_or(false, |s| s <= x) {
        r += 1;
    }
    r
}

/// Simple moving average of `src`.
pub fn ma(src: &[i64], n: i64, out: &mut [i64]) -> R<()> {
    let n = period(n)?;
    let mut sum: i128 = 0;
    for (i, &x) in src.iter().enumerate() {
        sum = add128(sum, x as i128)?;
        if i >= n {
            sum -= src[i - n] as i128;
        }
        out[i] = if i + 1 >= n { floor_div(sum, n as i128)? } else { NONE };
    }
    Ok(())
}

/// One EMA step: prev + floor(2*(x-prev)/(n+1)).
fn ema_step(prev: i64, x: i64, n: usize) -> R<i64> {
    let step = floor_div(2 * (x as i128 - prev as i128), n as i128 + 1)?;
    narrow(prev as i128 + step as i128)
}

/// Exponential moving average of `src` (NONE values are skipped: the EMA starts at the first
/// defined value and is shown from its n-th).
pub fn ema(src: &[i64], n: i64, out: &mut [i64]) -> R<()> {
    let n = period(n)?;
    let mut cur: Option<i64> = None;
    let mut seen = 0usize;
    for (i, &x) in src.iter().enumerate() {
        if x == NONE {
            out[i] = NONE;
            continue;
        }
        let v = match cur {
            None => x,
            Some(p) => ema_step(p, x, n)?,
        };
        cur = Some(v);
        seen += 1;
        out[i] = if seen >= n { v } else { NONE };
    }
    Ok(())
}

/// Bollinger bands: middle, upper, lower.
pub fn boll(src: &[i64], n: i64, k: i64, mid: &mut [i64], up: &mut [i64], lo: &mut [i64]) -> R<()> {
    let nn = period(n)?;
    if !(0..=100).contains(&k) {
        return Err(Error::Invalid);
    }
    let (mut s1, mut s2): (i128, i128) = (0, 0);
    for (i, &x) in src.iter().enumerate() {
        let x = x as i128;
        s1 = add128(s1, x)?;
        s2 = add128(s2, x.checked_mul(x).ok_or(Error::Overflow)?)?;
        if i >= nn {
            let y = src[i - nn] as i128;
            s1 -= y;
            s2 -= y * y;
        }
        if i + 1 < nn {
            (mid[i], up[i], lo[i]) = (NONE, NONE, NONE);
            continue;
        }
        let m = floor_div(s1, nn as i128)?;
        let spread = (nn as i128)
            .checked_mul(s2)
            .and_then(|a| s1.checked_mul(s1).and_then(|b| a.checked_sub(b)))
            .ok_or(Error::Overflow)?;
        let sd = isqrt(spread / (nn as i128 * nn as i128));
        let band = sd.checked_mul(k as i128).ok_or(Error::Overflow)?;
        mid[i] = m;
        up[i] = narrow(m as i128 + band)?;
        lo[i] = narrow(m as i128 - band)?;
    }
    Ok(())
}

/// MACD: DIF, DEA, histogram.
pub fn macd(
    src: &[i64],
    fast: i64,
    slow: i64,
    signal: i64,
    dif: &mut [i64],
    dea: &mut [i64],
    hist: &mut [i64],
) -> R<()> {
    let (f, s) = (period(fast)?, period(slow)?);
    period(signal)?;
    if f >= s {
        return Err(Error::Invalid);
    }
    let (mut ef, mut es) = (0i64, 0i64);
    for (i, &x) in src.iter().enumerate() {
        if i == 0 {
            (ef, es) = (x, x);
        } else {
            ef = ema_step(ef, x, f)?;
            es = ema_step(es, x, s)?;
        }
        dif[i] = if i + 1 >= s { narrow(ef as i128 - es as i128)? } else { NONE };
    }
    ema(dif, signal, dea)?;
    for i in 0..src.len() {
        hist[i] = if dea[i] == NONE { NONE } else { narrow(dif[i] as i128 - dea[i] as i128)? };
    }
    Ok(())
}

/// Relative strength index with Wilder's smoothing.
pub fn rsi(src: &[i64], n: i64, out: &mut [i64]) -> R<()> {
    let nn = period(n)?;
    let (mut g, mut l): (i128, i128) = (0, 0);
    let hundred = 100 * SCALE as i128;
    for (i, &x) in src.iter().enumerate() {
        if i == 0 {
            out[i] = NONE;
            continue;
        }
        let d = x as i128 - src[i - 1] as i128;
        let (up, down) = if d > 0 { (d, 0) } else { (0, -d) };
        if i <= nn {
            g = add128(g, up)?;
            l = add128(l, down)?;
            if i == nn {
                g = floor_div(g, nn as i128)? as i128;
                l = floor_div(l, nn as i128)? as i128;
            }
        } else {
            let w = nn as i128 - 1;
            g = floor_div(add128(g * w, up)?, nn as i128)? as i128;
            l = floor_div(add128(l * w, down)?, nn as i128)? as i128;
        }
        out[i] = if i < nn {
            NONE
        } else if l == 0 {
            100 * SCALE
        } else {
            floor_div(hundred.checked_mul(g).ok_or(Error::Overflow)?, g + l)?
        };
    }
    Ok(())
}

/// Stochastic KDJ over highs, lows and closes.
#[allow(clippy::too_many_arguments)]
pub fn kdj(
    high: &[i64],
    low: &[i64],
    close: &[i64],
    n: i64,
    m1: i64,
    m2: i64,
    k_out: &mut [i64],
    d_out: &mut [i64],
    j_out: &mut [i64],
) -> R<()> {
    let nn = period(n)?;
    let (m1, m2) = (period(m1)? as i128, period(m2)? as i128);
    let fifty = 50 * SCALE;
    let (mut k, mut d) = (fifty as i128, fifty as i128);
    for i in 0..close.len() {
        if i + 1 < nn {
            (k_out[i], d_out[i], j_out[i]) = (NONE, NONE, NONE);
            continue;
        }
        let w = i + 1 - nn..=i;
        let hh = high[w.clone()].iter().copied().max().unwrap_or(0) as i128;
        let ll = low[w].iter().copied().min().unwrap_or(0) as i128;
        let rsv = if hh == ll {
            fifty as i128
        } else {
            let num = (close[i] as i128 - ll).checked_mul(100 * SCALE as i128).ok_or(Error::Overflow)?;
            floor_div(num, hh - ll)? as i128
        };
        k = floor_div(add128(k * (m1 - 1), rsv)?, m1)? as i128;
        d = floor_div(add128(d * (m2 - 1), k)?, m2)? as i128;
        k_out[i] = narrow(k)?;
        d_out[i] = narrow(d)?;
        j_out[i] = narrow(3 * k - 2 * d)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const U: i64 = SCALE;

    #[test]
    fn integer_square_root() {
        for x in [0i128, 1, 2, 3, 4, 15, 16, 17, 99, 100, 1 << 100, i128::MAX] {
            let r = isqrt(x);
            assert!(r * r <= x && (r + 1).checked_mul(r + 1).map_or(true, |s| s > x), "{x}");
        }
    }

    #[test]
    fn moving_averages_and_warm_up() {
        let src = [10 * U, 11 * U, 12 * U, 13 * U];
        let mut out = [0; 4];
        ma(&src, 3, &mut out).unwrap();
        assert_eq!(out, [NONE, NONE, 11 * U, 12 * U]);
        ema(&src, 3, &mut out).unwrap();
        // seeded with 10; alpha 1/2: 10.5, then 11.25
        assert_eq!(out, [NONE, NONE, 11 * U + U / 4, 12 * U + U / 8]);
        // floor rounds toward negative infinity: (7 - 0) * 2 / 3 = 4.67 -> 4; (0 - 7)... -> -5
        let mut two = [0; 2];
        ema(&[0, 7], 2, &mut two).unwrap();
        assert_eq!(two, [NONE, 4]);
        ema(&[7, 0], 2, &mut two).unwrap();
        assert_eq!(two, [NONE, 2]);
        assert_eq!(ma(&src, 0, &mut out), Err(Error::Invalid));
        assert_eq!(ma(&[i64::MAX, i64::MAX], 2, &mut two), Ok(()));
        assert_eq!(two[1], i64::MAX);
    }

    #[test]
    fn bollinger_population_deviation() {
        // 2, 4, 4, 4, 5, 5, 7, 9: mean 5, population sd 2
        let src: Vec<i64> = [2, 4, 4, 4, 5, 5, 7, 9].iter().map(|x| x * U).collect();
        let (mut m, mut u, mut l) = (vec![0; 8], vec![0; 8], vec![0; 8]);
        boll(&src, 8, 2, &mut m, &mut u, &mut l).unwrap();
        assert_eq!((m[7], u[7], l[7]), (5 * U, 9 * U, U));
        assert_eq!(m[6], NONE);
    }

    #[test]
    fn rsi_all_gains_is_100_and_mixed_is_exact() {
        let up: Vec<i64> = (1..=5).map(|x| x * U).collect();
        let mut out = vec![0; 5];
        rsi(&up, 2, &mut out).unwrap();
        assert_eq!(out, vec![NONE, NONE, 100 * U, 100 * U, 100 * U]);
        // moves +2, -1: G = 1, L = 0.5 -> 66.666... -> floor
        rsi(&[10 * U, 12 * U, 11 * U], 2, &mut out[..3]).unwrap();
        assert_eq!(out[2], 6_666_666_666);
    }

    #[test]
    fn macd_and_kdj_shapes() {
        let src: Vec<i64> = (0..40).map(|i| (100 + (i * 7) % 13) * U).collect();
        let (mut a, mut b, mut c) = (vec![0; 40], vec![0; 40], vec![0; 40]);
        macd(&src, 12, 26, 9, &mut a, &mut b, &mut c).unwrap();
        assert_eq!((a[24], a[25] != NONE), (NONE, true));
        assert_eq!((b[32], b[33] != NONE), (NONE, true));
        assert_eq!(c[33], a[33] - b[33]);
        assert_eq!(macd(&src, 26, 12, 9, &mut a, &mut b, &mut c), Err(Error::Invalid));
        let flat = vec![U; 40];
        kdj(&flat, &flat, &flat, 9, 3, 3, &mut a, &mut b, &mut c).unwrap();
        assert_eq!((a[7], a[8], b[8], c[8]), (NONE, 50 * U, 50 * U, 50 * U));
    }
}
