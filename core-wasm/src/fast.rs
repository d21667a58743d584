//! Fast (short-expiry up/down) contracts: outcome and payout from the entry and exit ticks.

use crate::fixed::{add, mul_div, Error, Round, R, SCALE};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    Lose = 0,
    Win = 1,
    /// Exit equals entry: the stake comes back.
    Tie = 2,
}

/// Payout rates above 1000% are refused as input errors.
pub const MAX_RATE: i64 = 10 * SCALE;

/// direction +1 up, -1 down. Win pays stake x (1 + rate), rounded down; loss pays 0.
pub fn settle(direction: i64, entry: i64, exit: i64, stake: i64, rate: i64) -> R<(Outcome, i64)> {
    if (direction != 1 && direction != -1) || entry <= 0 || exit <= 0 || stake <= 0 {
        return Err(Error::Invalid);
    }
    if !(0..=MAX_RATE).contains(&rate) {
        return Err(Error::Invalid);
    }
    if exit == entry {
        return Ok((Outcome::Tie, stake));
    }
    let up = exit > entry;
    if up == (direction == 1) {
        let gain = mul_div(stake, rate, SCALE, Round::Down)?;
        Ok((Outcome::Win, add(stake, gain)?))
    } else {
        Ok((Outcome::Lose, 0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    const U: i64 = SCALE;

    #[test]
    fn outcomes() {
        assert_eq!(settle(1, 100 * U, 101 * U, 10 * U, 85_000_000), Ok((Outcome::Win, 1_850_000_000)));
        assert_eq!(settle(-1, 100 * U, 101 * U, 10 * U, 85_000_000), Ok((Outcome::Lose, 0)));
        assert_eq!(settle(-1, 100 * U, 99 * U, 10 * U, 85_000_000), Ok((Outcome::Win, 1_850_000_000)));
        assert_eq!(settle(1, 100 * U, 100 * U, 10 * U, 85_000_000), Ok((Outcome::Tie, 10 * U)));
        // 3 units at 85% -> 5.55 rounded down to 5
        assert_eq!(settle(1, 1, 2, 3, 85_000_000), Ok((Outcome::Win, 5)));
        assert_eq!(settle(0, 1, 2, 3, 1), Err(Error::Invalid));
        assert_eq!(settle(1, 1, 2, 0, 1), Err(Error::Invalid));
        assert_eq!(settle(1, 1, 2, 1, MAX_RATE + 1), Err(Error::Invalid));
    }
}
