//! Wealth ("mining financing"): daily payouts, expected income, early redemption.

use crate::fixed::{mul3_div, mul_div, sub, Error, Round, R, SCALE};

fn check(amount: i64, rate: i64) -> R<()> {
    if amount <= 0 || !(0..SCALE).contains(&rate) {
        Err(Error::Invalid)
    } else {
        Ok(())
    }
}

/// amount x daily rate, received by the customer: rounded down.
pub fn daily_payout(amount: i64, daily_rate: i64) -> R<i64> {
    check(amount, daily_rate)?;
    mul_div(amount, daily_rate, SCALE, Round::Down)
}

/// The sum of the daily payouts over the period (each day rounded as it will be paid).
pub fn expected_income(amount: i64, daily_rate: i64, days: i64) -> R<i64> {
    if days <= 0 {
        return Err(Error::Invalid);
    }
    daily_payout(amount, daily_rate)?.checked_mul(days).ok_or(Error::Overflow)
}

/// Early redemption: penalty = ratio x remaining days x amount (paid: rounded up, at most the
/// amount); refund = amount - penalty.
pub fn redemption(amount: i64, ratio: i64, days_left: i64) -> R<(i64, i64)> {
    check(amount, ratio)?;
    if days_left < 0 {
        return Err(Error::Invalid);
    }
    let p = mul3_div(amount, ratio, days_left, SCALE as i128, Round::Up)?;
    let penalty = if p > amount { amount } else { p };
    Ok((penalty, sub(amount, penalty)?))
}

#[cfg(test)]
mod tests {
    use super::*;
    const U: i64 = SCALE;

    #[test]
    fn spec_example() {
        // 1000 locked, 3 days left, 0.4% -> penalty 12, refund 988
        assert_eq!(redemption(1000 * U, 400_000, 3), Ok((12 * U, 988 * U)));
        assert_eq!(redemption(1000 * U, 400_000, 0), Ok((0, 1000 * U)));
        assert_eq!(redemption(1000 * U, 50_000_000, 3), Ok((1000 * U, 0)));
    }

    #[test]
    fn payouts() {
        // 1000 at 0.35% a day = 3.5 a day, 5 days = 17.5
        assert_eq!(daily_payout(1000 * U, 350_000), Ok(350_000_000));
        assert_eq!(expected_income(1000 * U, 350_000, 5), Ok(1_750_000_000));
        assert_eq!(daily_payout(3, 50_000_000), Ok(1));
        assert_eq!(daily_payout(0, 1), Err(Error::Invalid));
        assert_eq!(expected_income(U, 1, 0), Err(Error::Invalid));
    }
}
