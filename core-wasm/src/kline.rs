//! K-lines: buckets in UTC identified by their open time (ms). 1m..1d are fixed widths; weeks
//! start Monday 00:00 UTC; months, quarters (Jan/Apr/Jul/Oct) and years are calendar buckets.

use crate::fixed::{add, Error, R};

pub const MINUTE: i64 = 60_000;
pub const HOUR: i64 = 60 * MINUTE;
pub const DAY: i64 = 24 * HOUR;
pub const WEEK: i64 = 7 * DAY;
/// 1970-01-01 was a Thursday; the first Monday is 4 days later.
const MONDAY_OFFSET: i64 = 4 * DAY;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Interval {
    M1,
    M5,
    M15,
    M30,
    H1,
    D1,
    W1,
    Mo1,
    Q1,
    Y1,
}

impl Interval {
    pub fn from_code(code: u32) -> R<Interval> {
        Ok(match code {
            0 => Interval::M1,
            1 => Interval::M5,
            2 => Interval::M15,
            3 => Interval::M30,
            4 => Interval::H1,
            5 => Interval::D1,
            6 => Interval::W1,
            7 => Interval::Mo1,
            8 => Interval::Q1,
            9 => Interval::Y1,
            _ => return Err(Error::BadInterval),
        })
    }

    fn width(self) -> Option<i64> {
        match self {
            Interval::M1 => Some(MINUTE),
            Interval::M5 => Some(5 * MINUTE),
            Interval::M15 => Some(15 * MINUTE),
            Interval::M30 => Some(30 * MINUTE),
            Interval::H1 => Some(HOUR),
            Interval::D1 => Some(DAY),
            _ => None,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(C)]
pub struct Candle {
    pub t: i64,
    pub o: i64,
    pub h: i64,
    pub l: i64,
    pub c: i64,
    pub v: i64,
}

/// Days since 1970-01-01 -> (year, month 1-12, day 1-31), proleptic Gregorian (H. Hinnant).
pub fn civil_from_days(z: i64) -> (i64, i64, i64) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    (if m <= 2 { y + 1 } else { y }, m, d)
}

/// (year, month 1-12, day) -> days since 1970-01-01.
pub fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = if m > 2 { m - 3 } else { m + 9 };
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// Calendar range guard: +-200,000 years keeps every product far from overflow.
const MAX_ABS_MS: i64 = 200_000 * 366 * DAY;

fn check_time(t: i64) -> R<()> {
    if t > MAX_ABS_MS || t < -MAX_ABS_MS {
        Err(Error::Invalid)
    } else {
        Ok(())
    }
}

/// Open time of the bucket containing t.
pub fn bucket_start(t: i64, iv: Interval) -> R<i64> {
    check_time(t)?;
    if let Some(w) = iv.width() {
        return Ok(t.div_euclid(w) * w);
    }
    if iv == Interval::W1 {
        return Ok((t - MONDAY_OFFSET).div_euclid(WEEK) * WEEK + MONDAY_OFFSET);
    }
    let (y, m, _) = civil_from_days(t.div_euclid(DAY));
    let start_month = match iv {
        Interval::Mo1 => m,
        Interval::Q1 => (m - 1) / 3 * 3 + 1,
        _ => 1,
    };
    Ok(days_from_civil(y, start_month, 1) * DAY)
}

/// Open time of the bucket after the one opening at `start`.
pub fn next_bucket(start: i64, iv: Interval) -> R<i64> {
    check_time(start)?;
    if let Some(w) = iv.width() {
        return add(start, w);
    }
    if iv == Interval::W1 {
        return add(start, WEEK);
    }
    let (y, m, _) = civil_from_days(start.div_euclid(DAY));
    let months = match iv {
        Interval::Mo1 => 1,
        Interval::Q1 => 3,
        _ => 12,
    };
    let total = y * 12 + (m - 1) + months;
    Ok(days_from_civil(total.div_euclid(12), total.rem_euclid(12) + 1, 1) * DAY)
}

/// Upper bound on the candles of one roll-up result (240 MB): gap filling across an absurd
/// span is refused with an error instead of exhausting WebAssembly memory.
pub const MAX_CANDLES: usize = 5_000_000;

/// Roll-up state: the open candle and where its bucket ends.
pub struct Roller {
    iv: Interval,
    fill: bool,
    cur: Option<Candle>,
    end: i64,
    last_t: i64,
}

impl Roller {
    pub fn new(iv: Interval, fill: bool) -> Roller {
        Roller { iv, fill, cur: None, end: i64::MIN, last_t: i64::MIN }
    }

    /// Add one bar (a tick is a bar with o = h = l = c). Closed candles go to `out`.
    #[inline(always)]
    pub fn push(&mut self, t: i64, o: i64, h: i64, l: i64, c: i64, v: i64, out: &mut Vec<Candle>) -> R<()> {
        if t < self.last_t {
            return Err(Error::Unsorted);
        }
        if l <= 0 || h < l || o < l || o > h || c < l || c > h || v < 0 {
            return Err(Error::Invalid);
        }
        self.last_t = t;
        if t < self.end {
            // Hot path: same bucket.
            if let Some(cur) = self.cur.as_mut() {
                if h > cur.h {
                    cur.h = h;
                }
                if l < cur.l {
                    cur.l = l;
                }
                cur.c = c;
                cur.v = add(cur.v, v)?;
                return Ok(());
            }
        }
        let start = bucket_start(t, self.iv)?;
        if let Some(prev) = self.cur {
            out.push(prev);
            if self.fill {
                let mut s = next_bucket(prev.t, self.iv)?;
                while s < start {
                    if out.len() >= MAX_CANDLES || out.try_reserve(1).is_err() {
                        return Err(Error::Invalid);
                    }
                    out.push(Candle { t: s, o: prev.c, h: prev.c, l: prev.c, c: prev.c, v: 0 });
                    s = next_bucket(s, self.iv)?;
                }
            }
        }
        self.cur = Some(Candle { t: start, o, h, l, c, v });
        self.end = next_bucket(start, self.iv)?;
        Ok(())
    }

    pub fn finish(self, out: &mut Vec<Candle>) {
        if let Some(c) = self.cur {
            out.push(c);
        }
    }
}

/// Ticks as (time, price, qty) triples -> candles of one interval.
pub fn rollup_ticks(ticks: &[i64], iv: Interval, fill: bool, out: &mut Vec<Candle>) -> R<()> {
    if ticks.len() % 3 != 0 {
        return Err(Error::Invalid);
    }
    let mut r = Roller::new(iv, fill);
    for tick in ticks.chunks_exact(3) {
        let (t, p, q) = (tick[0], tick[1], tick[2]);
        r.push(t, p, p, p, p, q, out)?;
    }
    r.finish(out);
    Ok(())
}

/// Candles as (openTime, o, h, l, c, v) -> candles of a coarser interval.
pub fn rollup_candles(candles: &[i64], iv: Interval, fill: bool, out: &mut Vec<Candle>) -> R<()> {
    if candles.len() % 6 != 0 {
        return Err(Error::Invalid);
    }
    let mut r = Roller::new(iv, fill);
    for c in candles.chunks_exact(6) {
        r.push(c[0], c[1], c[2], c[3], c[4], c[5], out)?;
    }
    r.finish(out);
    Ok(())
}

/// How a tick changed a live candle.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Update {
    /// The tick fell in the open candle, which was updated.
    Updated = 0,
    /// The tick opened a new bucket; the previous candle is closed.
    Opened = 1,
    /// The tick is older than the open candle and was ignored.
    Stale = 2,
}

/// Incremental form for live charts: apply one tick to the open candle (None: no candle yet).
pub fn update(cur: Option<Candle>, iv: Interval, t: i64, p: i64, q: i64) -> R<(Candle, Update)> {
    if p <= 0 || q < 0 {
        return Err(Error::Invalid);
    }
    let start = bucket_start(t, iv)?;
    match cur {
        Some(c) if start < c.t => Ok((c, Update::Stale)),
        Some(c) if start == c.t => Ok((
            Candle {
                t: c.t,
                o: c.o,
                h: if p > c.h { p } else { c.h },
                l: if p < c.l { p } else { c.l },
                c: p,
                v: add(c.v, q)?,
            },
            Update::Updated,
        )),
        _ => Ok((Candle { t: start, o: p, h: p, l: p, c: p, v: q }, Update::Opened)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const T2024_02_29_1234: i64 = 1_709_209_440_000; // Thu 2024-02-29 12:24:00 UTC

    #[test]
    fn calendar_round_trip() {
        for z in [-800_000i64, -1, 0, 59, 11_016, 19_782, 2_932_896] {
            let (y, m, d) = civil_from_days(z);
            assert_eq!(days_from_civil(y, m, d), z);
        }
        assert_eq!(civil_from_days(19_782), (2024, 2, 29));
    }

    #[test]
    fn buckets() {
        let t = T2024_02_29_1234;
        assert_eq!(bucket_start(t, Interval::M5), Ok(t - 4 * MINUTE));
        assert_eq!(bucket_start(t, Interval::H1), Ok(t - 24 * MINUTE));
        // Monday 2024-02-26
        assert_eq!(bucket_start(t, Interval::W1), Ok(days_from_civil(2024, 2, 26) * DAY));
        assert_eq!(bucket_start(t, Interval::Mo1), Ok(days_from_civil(2024, 2, 1) * DAY));
        assert_eq!(bucket_start(t, Interval::Q1), Ok(days_from_civil(2024, 1, 1) * DAY));
        assert_eq!(bucket_start(t, Interval::Y1), Ok(days_from_civil(2024, 1, 1) * DAY));
        let feb = days_from_civil(2024, 2, 1) * DAY;
        assert_eq!(next_bucket(feb, Interval::Mo1), Ok(days_from_civil(2024, 3, 1) * DAY));
        let q4 = days_from_civil(2023, 10, 1) * DAY;
        assert_eq!(next_bucket(q4, Interval::Q1), Ok(days_from_civil(2024, 1, 1) * DAY));
        assert_eq!(bucket_start(-1, Interval::D1), Ok(-DAY));
        assert_eq!(bucket_start(i64::MAX, Interval::D1), Err(Error::Invalid));
    }

    #[test]
    fn rollup_fills_gaps_with_previous_close() {
        let m = MINUTE;
        let ticks = [0, 100, 1, 30_000, 120, 2, 3 * m + 1, 90, 5];
        let mut out = Vec::new();
        rollup_ticks(&ticks, Interval::M1, true, &mut out).unwrap();
        assert_eq!(
            out,
            vec![
                Candle { t: 0, o: 100, h: 120, l: 100, c: 120, v: 3 },
                Candle { t: m, o: 120, h: 120, l: 120, c: 120, v: 0 },
                Candle { t: 2 * m, o: 120, h: 120, l: 120, c: 120, v: 0 },
                Candle { t: 3 * m, o: 90, h: 90, l: 90, c: 90, v: 5 },
            ]
        );
        let mut sparse = Vec::new();
        rollup_ticks(&ticks, Interval::M1, false, &mut sparse).unwrap();
        assert_eq!(sparse.len(), 2);
    }

    #[test]
    fn rollup_rejects_bad_input() {
        let mut out = Vec::new();
        assert_eq!(rollup_ticks(&[10, 1, 1, 5, 1, 1], Interval::M1, false, &mut out), Err(Error::Unsorted));
        assert_eq!(rollup_ticks(&[10, 0, 1], Interval::M1, false, &mut out), Err(Error::Invalid));
        assert_eq!(rollup_ticks(&[10, 1, -1], Interval::M1, false, &mut out), Err(Error::Invalid));
        assert_eq!(rollup_ticks(&[10, 1], Interval::M1, false, &mut out), Err(Error::Invalid));
        assert_eq!(
            rollup_ticks(&[0, 1, i64::MAX, 1, 1, 1], Interval::M1, false, &mut out),
            Err(Error::Overflow)
        );
    }

    #[test]
    fn incremental_update() {
        let (c, k) = update(None, Interval::M1, 61_000, 100, 2).unwrap();
        assert_eq!((c, k), (Candle { t: 60_000, o: 100, h: 100, l: 100, c: 100, v: 2 }, Update::Opened));
        let (c, k) = update(Some(c), Interval::M1, 62_000, 90, 1).unwrap();
        assert_eq!((c.l, c.c, c.v, k), (90, 90, 3, Update::Updated));
        let (_, k) = update(Some(c), Interval::M1, 1_000, 90, 1).unwrap();
        assert_eq!(k, Update::Stale);
        let (n, k) = update(Some(c), Interval::M1, 125_000, 95, 1).unwrap();
        assert_eq!((n.t, n.o, k), (120_000, 95, Update::Opened));
    }
}
