//! Fixed-point arithmetic: 1 unit = 10^-8 for amounts, prices and rates. Products go through
//! i128; every narrowing back to i64 is checked. Rounding follows the domain rules: what the
//! customer pays rounds up, what the customer receives rounds down.

/// 10^8: the number of units in 1.
pub const SCALE: i64 = 100_000_000;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Error {
    /// A result does not fit in i64 (or an intermediate in i128).
    Overflow = 1,
    /// An argument is outside its domain (negative quantity, leverage 0, bad side...).
    Invalid = 2,
    /// Division by zero.
    DivZero = 3,
    /// Ticks or candles are not in time order.
    Unsorted = 4,
    /// Unknown interval code.
    BadInterval = 5,
}

pub type R<T> = Result<T, Error>;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Round {
    /// Toward negative infinity: amounts the customer receives.
    Down,
    /// Toward positive infinity: amounts the customer pays.
    Up,
}

impl Round {
    pub fn from_code(code: i32) -> R<Round> {
        match code {
            0 => Ok(Round::Down),
            1 => Ok(Round::Up),
            _ => Err(Error::Invalid),
        }
    }
}

/// n / d rounded as asked, narrowed to i64.
pub fn div_round(n: i128, d: i128, r: Round) -> R<i64> {
    if d == 0 {
        return Err(Error::DivZero);
    }
    let q = n.checked_div(d).ok_or(Error::Overflow)?;
    let rem = n % d;
    let floor = if rem != 0 && ((rem < 0) != (d < 0)) { q - 1 } else { q };
    let v = match r {
        Round::Down => floor,
        Round::Up => {
            if rem != 0 {
                floor + 1
            } else {
                floor
            }
        }
    };
    narrow(v)
}

pub fn narrow(v: i128) -> R<i64> {
    if v > i64::MAX as i128 || v < i64::MIN as i128 {
        Err(Error::Overflow)
    } else {
        Ok(v as i64)
    }
}

/// a * b / c.
pub fn mul_div(a: i64, b: i64, c: i64, r: Round) -> R<i64> {
    div_round((a as i128) * (b as i128), c as i128, r)
}

/// a * b * c / d, with an overflow check on the triple product.
pub fn mul3_div(a: i64, b: i64, c: i64, d: i128, r: Round) -> R<i64> {
    let ab = (a as i128) * (b as i128);
    let abc = ab.checked_mul(c as i128).ok_or(Error::Overflow)?;
    div_round(abc, d, r)
}

/// What rounding leaves over when a * b / c is paid rounded up but passed on rounded down:
/// the part that goes to the house rounding account (0 when the division is exact).
pub fn rounding_remainder(a: i64, b: i64, c: i64) -> R<i64> {
    let up = mul_div(a, b, c, Round::Up)?;
    let down = mul_div(a, b, c, Round::Down)?;
    Ok(up - down)
}

pub fn add(a: i64, b: i64) -> R<i64> {
    a.checked_add(b).ok_or(Error::Overflow)
}

pub fn sub(a: i64, b: i64) -> R<i64> {
    a.checked_sub(b).ok_or(Error::Overflow)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rounding_directions() {
        assert_eq!(mul_div(10, 1, 3, Round::Down), Ok(3));
        assert_eq!(mul_div(10, 1, 3, Round::Up), Ok(4));
        assert_eq!(mul_div(-10, 1, 3, Round::Down), Ok(-4));
        assert_eq!(mul_div(-10, 1, 3, Round::Up), Ok(-3));
        assert_eq!(mul_div(10, 1, -3, Round::Down), Ok(-4));
        assert_eq!(mul_div(9, 1, 3, Round::Up), Ok(3));
        assert_eq!(rounding_remainder(10, 1, 3), Ok(1));
        assert_eq!(rounding_remainder(9, 1, 3), Ok(0));
    }

    #[test]
    fn overflow_is_an_error_not_a_wrap() {
        assert_eq!(mul_div(i64::MAX, i64::MAX, 1, Round::Down), Err(Error::Overflow));
        assert_eq!(mul_div(1, 1, 0, Round::Down), Err(Error::DivZero));
        assert_eq!(mul3_div(i64::MAX, i64::MAX, i64::MAX, 1, Round::Down), Err(Error::Overflow));
        assert_eq!(add(i64::MAX, 1), Err(Error::Overflow));
        assert_eq!(sub(i64::MIN, 1), Err(Error::Overflow));
        assert_eq!(div_round(i64::MIN as i128, -1, Round::Down), Err(Error::Overflow));
    }
}
