//! Tradewind pricing core: all money and market maths in fixed-point integers
//! (1 unit = 10^-8; i64 values, i128 intermediates, checked narrowing).
//!
//! The WebAssembly ABI is plain `extern "C"` functions over integers and linear memory (no
//! external crates, no bindgen). Every function returns a status: 0 = ok, otherwise an
//! `Error` code; results go to the `scratch` words or, for roll-ups, to the result buffer.
//! `core-wasm/mod.ts` is the only caller.

pub mod contract;
pub mod fast;
pub mod fixed;
pub mod indicators;
pub mod kline;
pub mod wealth;

use fixed::{Round, R};
use kline::{Candle, Interval};

static mut SCRATCH: [i64; 16] = [0; 16];
static mut RESULT: Vec<Candle> = Vec::new();

fn status(r: R<()>) -> i32 {
    match r {
        Ok(()) => 0,
        Err(e) => e as i32,
    }
}

fn put(values: &[i64]) {
    // Single-threaded WebAssembly instance: nothing else touches SCRATCH during a call.
    unsafe {
        SCRATCH[..values.len()].copy_from_slice(values);
    }
}

fn one(r: R<i64>) -> i32 {
    status(r.map(|v| put(&[v])))
}

/// Exports with one result word and only i64 arguments: `fn name(args) = the call;` becomes
/// `#[no_mangle] pub extern "C" fn name(args: i64...) -> i32 { one(the call) }`.
macro_rules! one_word {
    ($($(#[$attr:meta])* fn $name:ident($($arg:ident),*) = $call:expr;)*) => {
        $(
            $(#[$attr])*
            #[no_mangle]
            pub extern "C" fn $name($($arg: i64),*) -> i32 {
                one($call)
            }
        )*
    };
}

// ---- memory -------------------------------------------------------------------------------

/// Address of the 16 result words.
#[no_mangle]
pub extern "C" fn scratch() -> *mut i64 {
    unsafe { SCRATCH.as_mut_ptr() }
}

fn words_layout(words: u32) -> Option<std::alloc::Layout> {
    std::alloc::Layout::array::<i64>(words.max(1) as usize).ok()
}

/// Allocate `words` i64 words (8-byte aligned); 0 when out of memory.
#[no_mangle]
pub extern "C" fn alloc(words: u32) -> *mut i64 {
    match words_layout(words) {
        Some(layout) => unsafe { std::alloc::alloc(layout) as *mut i64 },
        None => core::ptr::null_mut(),
    }
}

/// Free what `alloc(words)` returned (with the same `words`).
#[no_mangle]
pub extern "C" fn dealloc(ptr: *mut i64, words: u32) {
    if let (false, Some(layout)) = (ptr.is_null(), words_layout(words)) {
        unsafe { std::alloc::dealloc(ptr as *mut u8, layout) }
    }
}

/// Address and length (in candles of 6 words) of the last roll-up's result.
#[no_mangle]
pub extern "C" fn result_ptr() -> *const i64 {
    unsafe { RESULT.as_ptr() as *const i64 }
}

#[no_mangle]
pub extern "C" fn result_len() -> u32 {
    unsafe { RESULT.len() as u32 }
}

/// Release the result buffer's memory.
#[no_mangle]
pub extern "C" fn result_free() {
    unsafe { RESULT = Vec::new() }
}

/// Sequential read of `words` words (the memory-bandwidth reference for benchmarks).
#[no_mangle]
pub extern "C" fn read_sum(ptr: *const i64, words: u32) -> i64 {
    let s = unsafe { core::slice::from_raw_parts(ptr, words as usize) };
    s.iter().fold(0i64, |a, &x| a.wrapping_add(x))
}

// ---- K-lines ------------------------------------------------------------------------------

fn rollup_with(
    ptr: *const i64,
    words: usize,
    iv: u32,
    fill: u32,
    f: fn(&[i64], Interval, bool, &mut Vec<Candle>) -> R<()>,
) -> i32 {
    let iv = match Interval::from_code(iv) {
        Ok(iv) => iv,
        Err(e) => return e as i32,
    };
    let input = if words == 0 { &[][..] } else { unsafe { core::slice::from_raw_parts(ptr, words) } };
    unsafe {
        RESULT.clear();
        let r = f(input, iv, fill != 0, &mut RESULT);
        if r.is_err() {
            RESULT.clear();
        }
        status(r)
    }
}

/// `n` ticks (time ms, price, qty) at `ptr` -> candles of interval `iv` in the result buffer.
#[no_mangle]
pub extern "C" fn rollup_ticks(ptr: *const i64, n: u32, iv: u32, fill: u32) -> i32 {
    rollup_with(ptr, n as usize * 3, iv, fill, kline::rollup_ticks)
}

/// `n` candles (openTime, o, h, l, c, v) at `ptr` -> candles of the coarser interval `iv`.
#[no_mangle]
pub extern "C" fn rollup_candles(ptr: *const i64, n: u32, iv: u32, fill: u32) -> i32 {
    rollup_with(ptr, n as usize * 6, iv, fill, kline::rollup_candles)
}

#[no_mangle]
pub extern "C" fn bucket_start(t: i64, iv: u32) -> i32 {
    one(Interval::from_code(iv).and_then(|iv| kline::bucket_start(t, iv)))
}

#[no_mangle]
pub extern "C" fn next_bucket(t: i64, iv: u32) -> i32 {
    one(Interval::from_code(iv).and_then(|iv| kline::next_bucket(t, iv)))
}

/// Apply one tick to the open candle (`has` = 0: no candle yet). Scratch: the candle's six
/// words, then 0 updated / 1 new bucket opened / 2 stale tick ignored.
#[no_mangle]
pub extern "C" fn kline_update(
    iv: u32,
    has: u32,
    t: i64,
    o: i64,
    h: i64,
    l: i64,
    c: i64,
    v: i64,
    tick_t: i64,
    price: i64,
    qty: i64,
) -> i32 {
    let cur = if has != 0 { Some(Candle { t, o, h, l, c, v }) } else { None };
    status(Interval::from_code(iv).and_then(|iv| kline::update(cur, iv, tick_t, price, qty)).map(
        |(n, kind)| put(&[n.t, n.o, n.h, n.l, n.c, n.v, kind as i64]),
    ))
}

// ---- indicators ---------------------------------------------------------------------------

/// Column `col` (1 open .. 5 volume) of `n` candles at `ptr`.
fn column(ptr: *const i64, n: u32, col: usize) -> Vec<i64> {
    let words = if n == 0 { &[][..] } else { unsafe { core::slice::from_raw_parts(ptr, n as usize * 6) } };
    words.chunks_exact(6).map(|c| c[col]).collect()
}

/// The `k`-th of the `parts` series of `n` words each at `out`.
fn series<'a>(out: *mut i64, n: u32, parts: usize) -> Vec<&'a mut [i64]> {
    if n == 0 {
        return (0..parts).map(|_| &mut [][..]).collect();
    }
    let all = unsafe { core::slice::from_raw_parts_mut(out, n as usize * parts) };
    all.chunks_mut(n as usize).collect()
}

/// Indicator `kind` over `n` candles (openTime, o, h, l, c, v) at `ptr`, written to `out` as
/// one series of `n` words per output (warm-up values are i64::MIN): 0 MA(p1), 1 EMA(p1),
/// 2 BOLL(p1, k = p2): middle, upper, lower; 3 MACD(p1, p2, p3): DIF, DEA, histogram;
/// 4 RSI(p1); 5 KDJ(p1, p2, p3): K, D, J.
#[no_mangle]
pub extern "C" fn indicator(ptr: *const i64, n: u32, kind: u32, p1: i64, p2: i64, p3: i64, out: *mut i64) -> i32 {
    let close = column(ptr, n, 4);
    let r = match kind {
        0 => indicators::ma(&close, p1, series(out, n, 1)[0]),
        1 => indicators::ema(&close, p1, series(out, n, 1)[0]),
        2 => match &mut series(out, n, 3)[..] {
            [m, u, l] => indicators::boll(&close, p1, p2, m, u, l),
            _ => Err(fixed::Error::Invalid),
        },
        3 => match &mut series(out, n, 3)[..] {
            [a, b, c] => indicators::macd(&close, p1, p2, p3, a, b, c),
            _ => Err(fixed::Error::Invalid),
        },
        4 => indicators::rsi(&close, p1, series(out, n, 1)[0]),
        5 => match &mut series(out, n, 3)[..] {
            [k, d, j] => indicators::kdj(&column(ptr, n, 2), &column(ptr, n, 3), &close, p1, p2, p3, k, d, j),
            _ => Err(fixed::Error::Invalid),
        },
        _ => Err(fixed::Error::Invalid),
    };
    status(r)
}

// ---- rounding -----------------------------------------------------------------------------

/// a * b / c rounded down (round = 0, customer receives) or up (1, customer pays).
#[no_mangle]
pub extern "C" fn mul_div(a: i64, b: i64, c: i64, round: i32) -> i32 {
    one(Round::from_code(round).and_then(|r| fixed::mul_div(a, b, c, r)))
}

one_word! {
    fn rounding_remainder(a, b, c) = fixed::rounding_remainder(a, b, c);
}

// ---- leveraged contracts ------------------------------------------------------------------

one_word! {
    fn c_notional(qty, price) = contract::notional(qty, price);
    fn c_margin(qty, price, lev) = contract::margin(qty, price, lev);
    fn c_fee(qty, price, rate) = contract::fee(qty, price, rate);
    fn c_pnl(side, qty, entry, mark) = contract::unrealized_pnl(side, qty, entry, mark);
    fn c_equity(margin, pnl) = contract::equity(margin, pnl);
    fn c_maintenance(qty, mark, mmr) = contract::maintenance_margin(qty, mark, mmr);
}

/// Scratch: ratio, then 1 when defined (0 when the equity is gone).
#[no_mangle]
pub extern "C" fn c_margin_ratio(mm: i64, equity: i64) -> i32 {
    status(contract::margin_ratio(mm, equity).map(|r| match r {
        Some(v) => put(&[v, 1]),
        None => put(&[0, 0]),
    }))
}

one_word! {
    fn c_roe(pnl, margin) = contract::roe(pnl, margin);
    fn c_liq_price(side, qty, entry, margin, mmr) = contract::liquidation_price(side, qty, entry, margin, mmr);
    fn c_is_liquidatable(side, qty, entry, mark, margin, mmr) = contract::is_liquidatable(side, qty, entry, mark, margin, mmr).map(|b| b as i64);
    fn c_tpsl_valid(side, price, sl, tp) = contract::tpsl_valid(side, price, sl, tp);
    fn c_trigger(side, price, sl, tp, lp) = contract::trigger(side, price, sl, tp, lp);
    fn c_trailing_stop(side, extreme, callback) = contract::trailing_stop(side, extreme, callback);
    fn c_shortfall(margin, pnl) = contract::shortfall(margin, pnl);
}

/// A whole position at a mark price in one call. Scratch: notional (entry), margin, open fee,
/// pnl, equity, maintenance margin, margin ratio, ratio defined (1/0), ROE, liquidation price,
/// liquidatable (1/0).
#[no_mangle]
pub extern "C" fn c_position(side: i64, qty: i64, entry: i64, mark: i64, lev: i64, mmr: i64, fee_rate: i64) -> i32 {
    let r = (|| -> R<[i64; 11]> {
        let notional = contract::notional(qty, entry)?;
        let margin = contract::margin(qty, entry, lev)?;
        let fee = contract::fee(qty, entry, fee_rate)?;
        let pnl = contract::unrealized_pnl(side, qty, entry, mark)?;
        let equity = contract::equity(margin, pnl)?;
        let mm = contract::maintenance_margin(qty, mark, mmr)?;
        let ratio = contract::margin_ratio(mm, equity)?;
        let roe = contract::roe(pnl, margin)?;
        let lp = contract::liquidation_price(side, qty, entry, margin, mmr)?;
        let liq = contract::is_liquidatable(side, qty, entry, mark, margin, mmr)?;
        Ok([
            notional,
            margin,
            fee,
            pnl,
            equity,
            mm,
            ratio.unwrap_or(0),
            ratio.is_some() as i64,
            roe,
            lp,
            liq as i64,
        ])
    })();
    status(r.map(|v| put(&v)))
}

/// A hedged group of `n` legs at `ptr` (side, qty, entry, margin, MMR per leg). Scratch: kind
/// (0 never, 1 below, 2 above, 3 now), level, then (when `mark` > 0) 1 if liquidatable at mark.
#[no_mangle]
pub extern "C" fn c_group(ptr: *const i64, n: u32, mark: i64) -> i32 {
    let words = if n == 0 { &[][..] } else { unsafe { core::slice::from_raw_parts(ptr, n as usize * 5) } };
    let legs: Vec<contract::Leg> = words
        .chunks_exact(5)
        .map(|w| contract::Leg { side: w[0], qty: w[1], entry: w[2], margin: w[3], mmr: w[4] })
        .collect();
    let r = (|| -> R<[i64; 3]> {
        let (kind, level) = match contract::group_liquidation(&legs)? {
            contract::GroupLiq::Never => (0, 0),
            contract::GroupLiq::Below(l) => (1, l),
            contract::GroupLiq::Above(l) => (2, l),
            contract::GroupLiq::Now => (3, 0),
        };
        let liq = if mark > 0 { contract::group_is_liquidatable(&legs, mark)? as i64 } else { 0 };
        Ok([kind, level, liq])
    })();
    status(r.map(|v| put(&v)))
}

// ---- fast contracts -----------------------------------------------------------------------

/// Scratch: outcome (0 lose, 1 win, 2 tie), payout.
#[no_mangle]
pub extern "C" fn fast_settle(direction: i64, entry: i64, exit: i64, stake: i64, rate: i64) -> i32 {
    status(fast::settle(direction, entry, exit, stake, rate).map(|(o, p)| put(&[o as i64, p])))
}

// ---- wealth -------------------------------------------------------------------------------

one_word! {
    fn w_daily(amount, rate) = wealth::daily_payout(amount, rate);
    fn w_expected(amount, rate, days) = wealth::expected_income(amount, rate, days);
}

/// Scratch: penalty, refund.
#[no_mangle]
pub extern "C" fn w_redemption(amount: i64, ratio: i64, days_left: i64) -> i32 {
    status(wealth::redemption(amount, ratio, days_left).map(|(p, r)| put(&[p, r])))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixed::Error;

    #[test]
    fn abi_reports_errors_as_codes() {
        assert_eq!(c_margin(0, 1, 1), Error::Invalid as i32);
        assert_eq!(mul_div(1, 1, 0, 0), Error::DivZero as i32);
        assert_eq!(mul_div(1, 1, 1, 7), Error::Invalid as i32);
        assert_eq!(bucket_start(0, 99), Error::BadInterval as i32);
        assert_eq!(w_redemption(100_000_000_000, 400_000, 3), 0);
        unsafe {
            assert_eq!(SCRATCH[0], 1_200_000_000);
            assert_eq!(SCRATCH[1], 98_800_000_000);
        }
        let ticks = [0i64, 5, 1, 60_000, 6, 1];
        assert_eq!(rollup_ticks(ticks.as_ptr(), 2, 0, 1), 0);
        assert_eq!(result_len(), 2);
        let bad = [0i64, 5, 1, -60_000, 6, 1];
        assert_eq!(rollup_ticks(bad.as_ptr(), 2, 0, 1), Error::Unsorted as i32);
        assert_eq!(result_len(), 0);
    }
}
