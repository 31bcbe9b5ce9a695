//! The positions `verify` goes through: every position of up to N rows of
//! up to M sticks, rows in order from smallest to largest, since the order
//! of rows never changes who wins. Empty rows count, and so does the
//! position with no rows at all.

/// How many positions have up to `rows` rows of up to `sticks` sticks:
/// the choices of `r` sizes from `sticks + 1`, with repeats, summed over
/// `r` up to `rows`, which is the binomial coefficient
/// C(`sticks` + `rows` + 1, `rows`). `None` past `u128`.
pub(crate) fn count(rows: usize, sticks: u64) -> Option<u128> {
    let n = u128::from(sticks) + rows as u128 + 1;
    checked_choose(n, rows as u128)
}

/// C(`n`, `k`), the ways to choose `k` things of `n`; the largest `u128`
/// when it is bigger.
pub(crate) fn choose(n: u128, k: u128) -> u128 {
    checked_choose(n, k).unwrap_or(u128::MAX)
}

fn checked_choose(n: u128, k: u128) -> Option<u128> {
    if k > n {
        return Some(0);
    }
    // Built up one factor at a time, the product stays a whole number.
    (0..k).try_fold(1u128, |c, i| c.checked_mul(n - i).map(|c| c / (i + 1)))
}

/// Every position of up to `rows` rows of up to `sticks` sticks, fewest
/// rows first, each with its rows in order.
pub(crate) fn every(rows: usize, sticks: u64) -> impl Iterator<Item = Vec<u64>> {
    (0..=rows).flat_map(move |r| Ordered::new(r, sticks))
}

/// The lists of `r` sizes up to `most`, each in order, in order.
struct Ordered {
    next: Option<Vec<u64>>,
    most: u64,
}

impl Ordered {
    fn new(r: usize, most: u64) -> Ordered {
        Ordered {
            next: Some(vec![0; r]),
            most,
        }
    }
}

impl Iterator for Ordered {
    type Item = Vec<u64>;

    fn next(&mut self) -> Option<Vec<u64>> {
        let current = self.next.take()?;
        // The next list: raise the last size that can go up, and set every
        // size after it to the same, keeping the order.
        let mut following = current.clone();
        if let Some(i) = following.iter().rposition(|&n| n < self.most) {
            let raised = following[i] + 1;
            following[i..].fill(raised);
            self.next = Some(following);
        }
        Some(current)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_count_is_the_number_listed() {
        for rows in 0..=4 {
            for sticks in 0..=6 {
                let listed = every(rows, sticks).count() as u128;
                assert_eq!(count(rows, sticks), Some(listed), "{rows} rows of {sticks}");
            }
        }
        assert_eq!(count(5, 15), Some(20_349));
        assert_eq!(count(200, u64::MAX), None);
    }

    #[test]
    fn every_position_is_listed_once_in_order() {
        let all: Vec<Vec<u64>> = every(2, 2).collect();
        let expected: Vec<Vec<u64>> = vec![
            vec![],
            vec![0],
            vec![1],
            vec![2],
            vec![0, 0],
            vec![0, 1],
            vec![0, 2],
            vec![1, 1],
            vec![1, 2],
            vec![2, 2],
        ];
        assert_eq!(all, expected);
    }
}
