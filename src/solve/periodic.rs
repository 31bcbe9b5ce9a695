//! Sequences that settle into a repeating pattern.
//!
//! In a take-away game where a move takes at most `m` sticks, the value of a
//! row of `n` sticks depends only on the values of the `m` smaller rows
//! below it. So once `m` values in a row repeat, everything after repeats
//! too. Working upward until that happens answers any row size, even
//! 2^64 - 1, from a short table.

/// An eventually periodic sequence: `values[n]` for small `n`, then the
/// stretch from `start` repeats every `period`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Periodic<T> {
    values: Vec<T>,
    /// Where the repeating part begins.
    pub start: u64,
    /// How long the repeating part is.
    pub period: u64,
}

/// The sequence did not repeat within the counts examined.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "the pattern of this game does not repeat within the first {limit} row sizes, the limit of this tool"
)]
pub struct NoRepeat {
    /// How many values were computed.
    pub limit: u64,
}

impl<T: Copy + Eq + Into<u64>> Periodic<T> {
    /// Computes values upward with `next(earlier_values)` until the last
    /// `window` values repeat; gives up after `limit` values.
    pub(crate) fn find(
        window: usize,
        limit: usize,
        mut next: impl FnMut(&[T]) -> T,
    ) -> Result<Periodic<T>, NoRepeat> {
        const BASE: u64 = 0x100_0000_01b3;
        let window = window.max(1);
        let drop_factor = (0..window).fold(1u64, |acc, _| acc.wrapping_mul(BASE));
        let mut values: Vec<T> = Vec::new();
        // A rolling hash of the last `window` values, and where each hash
        // was last seen; a hit is confirmed by comparing the values.
        let mut hash = 0u64;
        let mut seen: std::collections::HashMap<u64, usize> = std::collections::HashMap::new();
        while values.len() < limit {
            let n = values.len();
            if n >= window {
                match seen.get(&hash) {
                    Some(&earlier)
                        if values[earlier - window..earlier] == values[n - window..n] =>
                    {
                        return Ok(Periodic::settle(values, earlier - window, n - earlier));
                    }
                    _ => {
                        seen.insert(hash, n);
                    }
                }
            }
            let value = next(&values);
            values.push(value);
            hash = hash
                .wrapping_mul(BASE)
                .wrapping_add(value.into().wrapping_add(1));
            if n + 1 > window {
                let dropped: u64 = values[n - window].into();
                hash = hash.wrapping_sub(dropped.wrapping_add(1).wrapping_mul(drop_factor));
            }
        }
        Err(NoRepeat {
            limit: limit as u64,
        })
    }

    /// Builds the answer from values known to repeat from `start` with
    /// `period`, moving `start` as early as the values allow.
    fn settle(mut values: Vec<T>, mut start: usize, period: usize) -> Periodic<T> {
        while start > 0 && values[start - 1] == values[start - 1 + period] {
            start -= 1;
        }
        values.truncate(start + period);
        Periodic {
            values,
            start: start as u64,
            period: period as u64,
        }
    }

    /// The value at `n`, for any `n`.
    pub(crate) fn at(&self, n: u64) -> T {
        let index = match n < self.start + self.period {
            true => n,
            false => self.start + (n - self.start) % self.period,
        };
        self.values[index as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_a_pure_period() {
        // n mod 3 == 0 → 1, else 0: period 3 from the start.
        let p = Periodic::find(3, 1000, |v: &[u8]| u8::from(v.len().is_multiple_of(3))).unwrap();
        assert_eq!((p.start, p.period), (0, 3));
        assert_eq!(p.at(u64::MAX), u8::from(u64::MAX % 3 == 0));
    }

    #[test]
    fn finds_a_late_start() {
        // 5, 4, 3, 2, 1, then 7 8 7 8 ...
        let seq = |n: usize| -> u16 {
            match n {
                0..=4 => 5 - n as u16,
                _ if n % 2 == 1 => 7,
                _ => 8,
            }
        };
        let p = Periodic::find(2, 1000, |v: &[u16]| seq(v.len())).unwrap();
        assert_eq!((p.start, p.period), (5, 2));
        for n in 0..40 {
            assert_eq!(p.at(n), seq(n as usize), "{n}");
        }
    }

    #[test]
    fn gives_up_at_the_limit() {
        let err = Periodic::find(1, 100, |v: &[u64]| v.len() as u64).unwrap_err();
        assert_eq!(err.limit, 100);
    }
}
