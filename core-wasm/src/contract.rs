//! Leveraged contracts: linear, USDT-margined, isolated margin. Quantities, prices and amounts
//! in units of 10^-8; rates (fee, MMR, ROE, margin ratio) as fractions scaled by 10^8.

use crate::fixed::{add, div_round, mul3_div, mul_div, narrow, Error, Round, R, SCALE};

const S: i128 = SCALE as i128;
/// Leverage options stop at 100x (domain rules).
pub const MAX_LEVERAGE: i64 = 100;

/// +1 long, -1 short.
pub fn side(code: i64) -> R<i64> {
    if code == 1 || code == -1 {
        Ok(code)
    } else {
        Err(Error::Invalid)
    }
}

fn positive(x: i64) -> R<i64> {
    if x > 0 {
        Ok(x)
    } else {
        Err(Error::Invalid)
    }
}

fn rate(x: i64) -> R<i64> {
    if (0..SCALE).contains(&x) {
        Ok(x)
    } else {
        Err(Error::Invalid)
    }
}

fn leverage(x: i64) -> R<i64> {
    if (1..=MAX_LEVERAGE).contains(&x) {
        Ok(x)
    } else {
        Err(Error::Invalid)
    }
}

/// qty x price (informational, rounded down).
pub fn notional(qty: i64, price: i64) -> R<i64> {
    mul_div(positive(qty)?, positive(price)?, SCALE, Round::Down)
}

/// notional / leverage, paid by the customer: rounded up.
pub fn margin(qty: i64, price: i64, lev: i64) -> R<i64> {
    let n = (positive(qty)? as i128) * (positive(price)? as i128);
    div_round(n, S * leverage(lev)? as i128, Round::Up)
}

/// notional x fee rate, paid by the customer: rounded up (open, close and daily holding fee).
pub fn fee(qty: i64, price: i64, fee_rate: i64) -> R<i64> {
    mul3_div(positive(qty)?, positive(price)?, rate(fee_rate)?, S * S, Round::Up)
}

/// side x qty x (mark - entry), rounded down: a gain is received (down), a loss is paid
/// (down = a larger loss).
pub fn unrealized_pnl(side_code: i64, qty: i64, entry: i64, mark: i64) -> R<i64> {
    let s = side(side_code)? as i128;
    let diff = (positive(mark)? as i128) - (positive(entry)? as i128);
    div_round(s * (positive(qty)? as i128) * diff, S, Round::Down)
}

pub fn equity(margin: i64, pnl: i64) -> R<i64> {
    add(margin, pnl)
}

/// Maintenance margin at the mark: qty x mark x MMR, rounded up.
pub fn maintenance_margin(qty: i64, mark: i64, mmr: i64) -> R<i64> {
    mul3_div(positive(qty)?, positive(mark)?, rate(mmr)?, S * S, Round::Up)
}

/// Maintenance margin / equity as a scaled fraction (>= 1.0 means liquidation); None when the
/// equity is gone (<= 0).
pub fn margin_ratio(mm: i64, equity: i64) -> R<Option<i64>> {
    if equity <= 0 {
        return Ok(None);
    }
    mul_div(mm, SCALE, equity, Round::Up).map(Some)
}

/// Return on equity: pnl / margin, scaled, rounded down.
pub fn roe(pnl: i64, margin: i64) -> R<i64> {
    mul_div(pnl, SCALE, positive(margin)?, Round::Down)
}

/// Liquidation price, isolated, fees ignored: the price at which equity = maintenance margin
/// for the margin actually posted. Long: m + q(P - E) = q P MMR, short: m - q(P - E) = q P MMR,
/// so long P = (q E - m) / (q (1 - MMR)) and short P = (m + q E) / (q (1 + MMR)). With the exact
/// margin m = q E / lev this is the domain formula E (1 - 1/lev) / (1 - MMR) (long) and
/// E (1 + 1/lev) / (1 + MMR) (short). Long rounds down and short up, so for every integer price
/// the price test (long P <= LP, short P >= LP) is exactly `is_liquidatable`. A long whose margin
/// covers the whole notional has no liquidation price above zero: 0.
pub fn liquidation_price(side_code: i64, qty: i64, entry: i64, margin: i64, mmr: i64) -> R<i64> {
    let s = side(side_code)?;
    let q = positive(qty)? as i128;
    let e = positive(entry)? as i128;
    let m = positive(margin)? as i128;
    let r = rate(mmr)? as i128;
    let qes = q.checked_mul(e).and_then(|x| x.checked_mul(S)).ok_or(Error::Overflow)?;
    let mss = m * S * S;
    if s == 1 {
        let num = qes - mss;
        if num <= 0 {
            return Ok(0);
        }
        div_round(num, q * (S - r), Round::Down)
    } else {
        let num = qes.checked_add(mss).ok_or(Error::Overflow)?;
        div_round(num, q * (S + r), Round::Up)
    }
}

/// Exact liquidation test: equity <= maintenance margin, compared without rounding
/// (scale 10^-24 in i128).
pub fn is_liquidatable(side_code: i64, qty: i64, entry: i64, mark: i64, margin: i64, mmr: i64) -> R<bool> {
    let s = side(side_code)? as i128;
    let q = positive(qty)? as i128;
    let m = rate(mmr)? as i128;
    let diff = (positive(mark)? as i128) - (positive(entry)? as i128);
    let eq = (margin as i128)
        .checked_mul(S * S)
        .and_then(|m| (s * q).checked_mul(diff).and_then(|p| p.checked_mul(S)).and_then(|p| m.checked_add(p)))
        .ok_or(Error::Overflow)?;
    let mm = q
        .checked_mul(mark as i128)
        .and_then(|x| x.checked_mul(m))
        .ok_or(Error::Overflow)?;
    Ok(eq <= mm)
}

/// Whether a stop-loss / take-profit (0 = not set) is on the correct side of the price:
/// long SL below and TP above; short the mirror. Bit 0: SL valid, bit 1: TP valid.
pub fn tpsl_valid(side_code: i64, price: i64, sl: i64, tp: i64) -> R<i64> {
    let s = side(side_code)?;
    let p = positive(price)?;
    if sl < 0 || tp < 0 {
        return Err(Error::Invalid);
    }
    let sl_ok = sl == 0 || if s == 1 { sl < p } else { sl > p };
    let tp_ok = tp == 0 || if s == 1 { tp > p } else { tp < p };
    Ok((sl_ok as i64) | ((tp_ok as i64) << 1))
}

/// What a price triggers for a position (0 = not set for sl / tp / lp):
/// 0 nothing, 1 stop-loss, 2 take-profit, 3 liquidation (checked first).
/// long: liquidation at price <= LP, SL at price <= SL, TP at price >= TP; short the mirror.
pub fn trigger(side_code: i64, price: i64, sl: i64, tp: i64, lp: i64) -> R<i64> {
    let s = side(side_code)?;
    let p = positive(price)?;
    let hit = |level: i64, below: bool| level > 0 && if below { p <= level } else { p >= level };
    let long = s == 1;
    Ok(if hit(lp, long) {
        3
    } else if hit(sl, long) {
        1
    } else if hit(tp, !long) {
        2
    } else {
        0
    })
}

/// A trailing stop's level: `rate` (the callback, a fraction) behind the best price since the
/// stop was set (`extreme`: the highest for a long, the lowest for a short). The distance is
/// rounded down, so the stop is never further from the best price than the rate says.
/// long: level = extreme - floor(extreme x rate); short: extreme + floor(extreme x rate).
/// It fires like a stop-loss: long at price <= level, short at price >= level.
pub fn trailing_stop(side_code: i64, extreme: i64, callback: i64) -> R<i64> {
    let s = side(side_code)?;
    let e = positive(extreme)?;
    let r = positive(rate(callback)?)?;
    let gap = mul_div(e, r, SCALE, Round::Down)?;
    if s == 1 {
        positive(e - gap)
    } else {
        add(e, gap)
    }
}

/// Loss beyond the margin (charged to the insurance account): max(0, -(margin + pnl)).
pub fn shortfall(margin: i64, pnl: i64) -> R<i64> {
    let e = positive(margin)? as i128 + pnl as i128;
    narrow(if e < 0 { -e } else { 0 })
}

/// One leg of a hedged group (a customer's positions on one symbol, both sides):
/// side (+1 long, -1 short), qty, entry, margin posted, MMR.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Leg {
    pub side: i64,
    pub qty: i64,
    pub entry: i64,
    pub margin: i64,
    pub mmr: i64,
}

/// Where a group is liquidated: never, when the price falls to `level` or below, when it rises
/// to `level` or above, or at any price (its equity is already at its maintenance margin).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GroupLiq {
    Never,
    Below(i64),
    Above(i64),
    Now,
}

/// The group's maintenance requirement is on its net exposure: N = sum(s q) (signed net qty)
/// at the highest MMR of its legs, |N| x P x MMR. What one side gains the other loses, so only
/// the net moves the equity with the price; equal lots need no maintenance and have no level.
/// (Charging every leg's gross maintenance made a flat pair "liquidatable" once the price rose
/// far enough, e.g. at ten times the market for a 20x pair, and put a net exposure's level above
/// where its equity meets its requirement.) Fees are ignored, as for one position; the daily
/// holding fees the engine takes from a leg's margin are already out of the margin posted.
///
/// The condition as `a + price * b <= 0` (scale 10^-24): equity sum(m) + sum(s q (P - E))
/// against maintenance P |N| MMR, so a = sum(m S^2) - sum(s q E S) and b = N S - |N| MMR.
fn group_terms(legs: &[Leg]) -> R<(i128, i128)> {
    if legs.is_empty() {
        return Err(Error::Invalid);
    }
    let (mut a, mut net, mut mmr) = (0i128, 0i128, 0i128);
    for l in legs {
        let s = side(l.side)? as i128;
        let q = positive(l.qty)? as i128;
        let e = positive(l.entry)? as i128;
        let m = positive(l.margin)? as i128;
        let r = rate(l.mmr)? as i128;
        let qes = q.checked_mul(e).and_then(|x| x.checked_mul(S)).ok_or(Error::Overflow)?;
        a = m
            .checked_mul(S * S)
            .and_then(|x| a.checked_add(x))
            .and_then(|x| x.checked_sub(s * qes))
            .ok_or(Error::Overflow)?;
        net += s * q;
        mmr = mmr.max(r);
    }
    let b = net.checked_mul(S).and_then(|x| x.checked_sub(net.abs() * mmr)).ok_or(Error::Overflow)?;
    Ok((a, b))
}

/// A hedged group's liquidation level: where the combined equity of all its legs falls to the
/// maintenance requirement of its net exposure (`group_terms`). One leg gives
/// `liquidation_price` exactly (long: Below, rounded down; short: Above, rounded up); a net
/// long is liquidated below its level, a net short above; equal lots never (their equity does
/// not move with the price) unless it is already gone (Now).
pub fn group_liquidation(legs: &[Leg]) -> R<GroupLiq> {
    let (a, b) = group_terms(legs)?;
    Ok(if b > 0 {
        // net long: a + P b <= 0 <=> P <= -a / b
        if a >= 0 {
            GroupLiq::Never
        } else {
            match div_round(-a, b, Round::Down)? {
                0 => GroupLiq::Never,
                level => GroupLiq::Below(level),
            }
        }
    } else if b < 0 {
        // net short: P >= a / -b
        if a <= 0 {
            GroupLiq::Now
        } else {
            GroupLiq::Above(div_round(a, -b, Round::Up)?)
        }
    } else if a <= 0 {
        GroupLiq::Now
    } else {
        GroupLiq::Never
    })
}

/// Exact test: the group's combined equity at `mark` <= its combined maintenance margin.
pub fn group_is_liquidatable(legs: &[Leg], mark: i64) -> R<bool> {
    let (a, b) = group_terms(legs)?;
    let pb = (positive(mark)? as i128).checked_mul(b).ok_or(Error::Overflow)?;
    Ok(a.checked_add(pb).ok_or(Error::Overflow)? <= 0)
}

#[cfg(test)]
mod tests {
    use super::*;
    const U: i64 = SCALE;

    #[test]
    fn position_numbers() {
        // 0.5 BTC long at 20,000 with 10x: notional 10,000, margin 1,000
        let (q, e) = (U / 2, 20_000 * U);
        assert_eq!(notional(q, e), Ok(10_000 * U));
        assert_eq!(margin(q, e, 10), Ok(1_000 * U));
        // taker fee 0.05% -> 5
        assert_eq!(fee(q, e, 50_000), Ok(5 * U));
        // mark 19,000: pnl -500, equity 500, ROE -50%
        let pnl = unrealized_pnl(1, q, e, 19_000 * U).unwrap();
        assert_eq!(pnl, -500 * U);
        assert_eq!(equity(1_000 * U, pnl), Ok(500 * U));
        assert_eq!(roe(pnl, 1_000 * U), Ok(-U / 2));
        assert_eq!(unrealized_pnl(-1, q, e, 19_000 * U), Ok(500 * U));
        // MM at 0.5%: 47.5; ratio 47.5 / 500 = 9.5%
        let mm = maintenance_margin(q, 19_000 * U, 500_000).unwrap();
        assert_eq!(mm, 475 * U / 10);
        assert_eq!(margin_ratio(mm, 500 * U), Ok(Some(9_500_000)));
        assert_eq!(margin_ratio(mm, 0), Ok(None));
    }

    #[test]
    fn liquidation_prices_match_the_formula() {
        // long 10x, MMR 0.5%: 20,000 x 0.9 / 0.995 = 18,090.452261306...
        let m = margin(U / 2, 20_000 * U, 10).unwrap();
        let lp = liquidation_price(1, U / 2, 20_000 * U, m, 500_000).unwrap();
        assert_eq!(lp, 1_809_045_226_130); // rounded down
        // short: 20,000 x 1.1 / 1.005 = 21,890.547263681...
        let sp = liquidation_price(-1, U / 2, 20_000 * U, m, 500_000).unwrap();
        assert_eq!(sp, 2_189_054_726_369); // rounded up
        // at the rounded LP the exact test agrees: liquidatable at LP, not one unit above
        assert_eq!(is_liquidatable(1, U / 2, 20_000 * U, lp, m, 500_000), Ok(true));
        assert_eq!(is_liquidatable(1, U / 2, 20_000 * U, lp + 1, m, 500_000), Ok(false));
        assert_eq!(is_liquidatable(-1, U / 2, 20_000 * U, sp, m, 500_000), Ok(true));
        assert_eq!(is_liquidatable(-1, U / 2, 20_000 * U, sp - 1, m, 500_000), Ok(false));
        // 1x long: margin = notional, no liquidation above zero
        let full = margin(U, 20_000 * U, 1).unwrap();
        assert_eq!(liquidation_price(1, U, 20_000 * U, full, 0), Ok(0));
        assert_eq!(liquidation_price(2, U, 20_000 * U, full, 0), Err(Error::Invalid));
        assert_eq!(liquidation_price(1, U, 20_000 * U, 0, 0), Err(Error::Invalid));
    }

    #[test]
    fn stops_and_triggers() {
        let p = 100 * U;
        assert_eq!(tpsl_valid(1, p, 90 * U, 110 * U), Ok(3));
        assert_eq!(tpsl_valid(1, p, 110 * U, 90 * U), Ok(0));
        assert_eq!(tpsl_valid(-1, p, 110 * U, 90 * U), Ok(3));
        assert_eq!(tpsl_valid(-1, p, 0, 0), Ok(3));
        assert_eq!(trigger(1, 89 * U, 90 * U, 110 * U, 80 * U), Ok(1));
        assert_eq!(trigger(1, 111 * U, 90 * U, 110 * U, 80 * U), Ok(2));
        assert_eq!(trigger(1, 79 * U, 90 * U, 110 * U, 80 * U), Ok(3));
        assert_eq!(trigger(1, 100 * U, 90 * U, 110 * U, 80 * U), Ok(0));
        assert_eq!(trigger(-1, 111 * U, 110 * U, 90 * U, 120 * U), Ok(1));
        assert_eq!(trigger(-1, 89 * U, 110 * U, 90 * U, 120 * U), Ok(2));
        assert_eq!(trigger(-1, 121 * U, 110 * U, 90 * U, 120 * U), Ok(3));
        // trailing stop: 1% behind 100 -> 99 (long), 101 (short); the distance rounds down
        assert_eq!(trailing_stop(1, 100 * U, U / 100), Ok(99 * U));
        assert_eq!(trailing_stop(-1, 100 * U, U / 100), Ok(101 * U));
        assert_eq!(trailing_stop(1, 333, U / 100), Ok(330));
        assert_eq!(trailing_stop(-1, 333, U / 100), Ok(336));
        assert_eq!(trailing_stop(1, 100 * U, 0), Err(Error::Invalid));
        assert_eq!(trailing_stop(1, 100 * U, U), Err(Error::Invalid));
        assert_eq!(trailing_stop(0, 100 * U, U / 100), Err(Error::Invalid));
        assert_eq!(shortfall(100, -150), Ok(50));
        assert_eq!(shortfall(100, -50), Ok(0));
        assert_eq!(shortfall(1, i64::MIN), Ok(i64::MAX));
        assert_eq!(shortfall(0, -1), Err(Error::Invalid));
    }

    #[test]
    fn bad_numbers_are_refused() {
        assert_eq!(margin(0, U, 10), Err(Error::Invalid));
        assert_eq!(margin(U, -1, 10), Err(Error::Invalid));
        assert_eq!(fee(U, U, SCALE), Err(Error::Invalid));
        assert_eq!(fee(i64::MAX, i64::MAX, SCALE - 1), Err(Error::Overflow));
        assert_eq!(notional(i64::MAX, i64::MAX), Err(Error::Overflow));
    }

    #[test]
    fn hedged_groups() {
        let (q, e) = (U, 20_000 * U); // 1 BTC at 20,000
        let m = margin(q, e, 100).unwrap(); // 200
        let long = Leg { side: 1, qty: q, entry: e, margin: m, mmr: 500_000 };
        let short = Leg { side: -1, ..long };
        // one leg: exactly the isolated liquidation price
        let lp = liquidation_price(1, q, e, m, 500_000).unwrap();
        assert_eq!(group_liquidation(&[long]), Ok(GroupLiq::Below(lp)));
        let sp = liquidation_price(-1, q, e, m, 500_000).unwrap();
        assert_eq!(group_liquidation(&[short]), Ok(GroupLiq::Above(sp)));
        for p in [lp - 1, lp, lp + 1] {
            assert_eq!(group_is_liquidatable(&[long], p), is_liquidatable(1, q, e, p, m, 500_000));
        }
        // equal lots: the P&L cancels and the net needs no maintenance: never, at any price
        assert_eq!(group_liquidation(&[long, short]), Ok(GroupLiq::Never));
        for p in [1, 20_600 * U, 40_000 * U, 400_000 * U, i64::MAX / 4] {
            assert_eq!(group_is_liquidatable(&[long, short], p), Ok(false));
        }
        // 2 long against 1 short: the net long with the pooled margin (600)
        let long2 = Leg { qty: 2 * q, margin: 2 * m, ..long };
        match group_liquidation(&[long2, short]).unwrap() {
            GroupLiq::Below(level) => {
                assert_eq!(group_is_liquidatable(&[long2, short], level), Ok(true));
                assert_eq!(group_is_liquidatable(&[long2, short], level + 1), Ok(false));
                // 600 + (P - 20,000) = 1 x P x 0.5 %: 19,497.49, wider than the lone long's 19,899.49
                assert_eq!(level, 1_949_748_743_718);
            }
            other => panic!("{:?}", other),
        }
        // the net's MMR is the highest of the legs' (a leg in a higher bracket)
        let short_hi = Leg { mmr: 1_000_000, ..short };
        let hi = group_liquidation(&[long2, short_hi]).unwrap();
        assert!(matches!(hi, GroupLiq::Below(l) if l > 1_949_748_743_718), "{:?}", hi);
        // a flat group whose equity is gone is due now
        // (a long bought at 30,000 against a short sold at 20,000: 10,000 lost on 400 of margin)
        let gone = [Leg { side: 1, qty: q, entry: 30_000 * U, margin: m, mmr: 500_000 }, short];
        assert_eq!(group_liquidation(&gone), Ok(GroupLiq::Now));
        // a fully margined long (1x) and nothing else: never
        let full = Leg { margin: margin(q, e, 1).unwrap(), mmr: 0, ..long };
        assert_eq!(group_liquidation(&[full]), Ok(GroupLiq::Never));
        assert_eq!(group_liquidation(&[]), Err(Error::Invalid));
        assert_eq!(group_liquidation(&[Leg { side: 0, ..long }]), Err(Error::Invalid));
    }

    /// xorshift64*: a fixed-seed generator (the crate has no dependencies), so a failure
    /// replays exactly; the seed and the group are printed by the assertion.
    struct Rng(u64);
    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 >> 12;
            self.0 ^= self.0 << 25;
            self.0 ^= self.0 >> 27;
            self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
        }
        fn range(&mut self, lo: i64, hi: i64) -> i64 {
            lo + (self.next() % ((hi - lo + 1) as u64)) as i64
        }
    }

    /// The brute-force side: the group's equity at `p` leg by leg with the core's own figures
    /// (margin + unrealized P&L of every leg) against the net's maintenance margin.
    fn brute_liquidatable(legs: &[Leg], p: i64) -> bool {
        let equity: i128 = legs
            .iter()
            .map(|l| (l.margin + unrealized_pnl(l.side, l.qty, l.entry, p).unwrap()) as i128)
            .sum();
        let net: i64 = legs.iter().map(|l| l.side * l.qty).sum();
        let mmr = legs.iter().map(|l| l.mmr).max().unwrap();
        let mm = if net == 0 { 0 } else { maintenance_margin(net.abs(), p, mmr).unwrap() };
        equity <= mm as i128
    }

    /// The first price in [lo, hi] where `f` turns true, given f(hi) (f false then true).
    fn first_true(mut lo: i64, mut hi: i64, f: impl Fn(i64) -> bool) -> i64 {
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            if f(mid) {
                hi = mid
            } else {
                lo = mid + 1
            }
        }
        hi
    }

    #[test]
    fn property_group_level_matches_a_brute_force_search_over_prices() {
        const TICK: i64 = U / 100; // one price tick (0.01 USDT)
        const TOP: i64 = 10_000_000 * U; // the scan's highest price
        let mmrs = [500_000, 1_000_000, 2_500_000, 5_000_000];
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        let (mut flat, mut below, mut above, mut never) = (0, 0, 0, 0);
        for case in 0..3000 {
            let n = rng.range(1, 5) as usize;
            let mut legs: Vec<Leg> = (0..n)
                .map(|_| {
                    let qty = rng.range(1, 10_000) * (U / 1000); // 0.001 to 10 BTC
                    let entry = rng.range(1_000 * U, 100_000 * U);
                    let lev = rng.range(1, 100);
                    Leg {
                        side: if rng.next() % 2 == 0 { 1 } else { -1 },
                        qty,
                        entry,
                        margin: margin(qty, entry, lev).unwrap(),
                        mmr: mmrs[rng.range(0, 3) as usize],
                    }
                })
                .collect();
            // one case in three is fully hedged: a leg that brings the net to zero
            let net: i64 = legs.iter().map(|l| l.side * l.qty).sum();
            if case % 3 == 0 && net != 0 {
                let entry = legs[0].entry + rng.range(-U * 500, U * 500);
                legs.push(Leg {
                    side: -net.signum(),
                    qty: net.abs(),
                    entry,
                    margin: margin(net.abs(), entry, rng.range(1, 100)).unwrap(),
                    mmr: mmrs[rng.range(0, 3) as usize],
                });
            }
            let net: i64 = legs.iter().map(|l| l.side * l.qty).sum();
            let what = format!("case {} {:?}", case, legs);
            let f = |p: i64| brute_liquidatable(&legs, p);
            match group_liquidation(&legs).unwrap() {
                GroupLiq::Below(level) => {
                    below += 1;
                    assert!(net > 0, "{}", what);
                    // liquidatable from the bottom up to the level, not above it
                    let g = |p: i64| !f(p);
                    let brute = first_true(TICK, TOP, g) - 1;
                    assert!((level - brute).abs() <= TICK, "{} level {} brute {}", what, level, brute);
                    assert_eq!(group_is_liquidatable(&legs, level), Ok(true), "{}", what);
                    assert_eq!(group_is_liquidatable(&legs, level + 1), Ok(false), "{}", what);
                    if legs.len() == 1 {
                        let l = legs[0];
                        assert_eq!(level, liquidation_price(l.side, l.qty, l.entry, l.margin, l.mmr).unwrap());
                    }
                }
                GroupLiq::Above(level) => {
                    above += 1;
                    assert!(net < 0, "{}", what);
                    assert!(level > 0);
                    if level < TOP {
                        let brute = first_true(TICK, TOP, f);
                        assert!((level - brute).abs() <= TICK, "{} level {} brute {}", what, level, brute);
                    }
                    assert_eq!(group_is_liquidatable(&legs, level), Ok(true), "{}", what);
                    assert_eq!(group_is_liquidatable(&legs, level - 1), Ok(false), "{}", what);
                }
                GroupLiq::Never => {
                    never += 1;
                    if net == 0 {
                        flat += 1;
                    }
                    // nowhere on a grid from one tick to 10 million, nor at the entries
                    let mut p = TICK;
                    while p < TOP {
                        assert!(!f(p), "{} liquidatable at {}", what, p);
                        p = p + p / 8 + 1;
                    }
                    for l in &legs {
                        assert!(!f(l.entry), "{}", what);
                    }
                }
                GroupLiq::Now => {
                    // equity already at or below the requirement: only a flat, lost group here
                    assert!(f(legs[0].entry) && f(1) || net == 0, "{}", what);
                }
            }
        }
        // every shape was met
        assert!(flat > 100 && below > 100 && above > 100 && never > flat, "{} {} {} {}", flat, below, above, never);
    }
}
