//! Grundy values: how a row of a subtraction game behaves inside a bigger
//! game.
//!
//! In normal play, a row of `n` sticks under a take set behaves exactly
//! like a Nim row of `g(n)` sticks, where `g(n)` is the smallest number not
//! among the values of the rows one move away. Several rows are then solved
//! like Nim: pair off the groups of their Grundy values.

use super::one_row::pattern_limit;
use super::periodic::{NoRepeat, Periodic};
use crate::rules::nim::Nim;

/// The Grundy value of every row size in one subtraction game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grundy {
    values: Periodic<u64>,
}

impl Grundy {
    /// Works out the values for `game`'s take set.
    pub(crate) fn new(game: &Nim) -> Result<Grundy, NoRepeat> {
        let takes = game.takes.only().map_or(1, <[u64]>::len);
        Grundy::within(game, pattern_limit(takes))
    }

    /// Works out the values for `game`'s take set from at most `sizes` row
    /// sizes, so that finding whether they repeat soon costs no more than
    /// that.
    pub(crate) fn within(game: &Nim, sizes: usize) -> Result<Grundy, NoRepeat> {
        let takes = game.takes.only().unwrap_or(&[1]).to_vec();
        let widest = *takes.last().unwrap_or(&1) as usize;
        // A row has at most one option per take, so its value is at most
        // the number of takes. `seen[g] == n + 1` marks g as an option of
        // row n; marking by row number means the buffer is never cleared,
        // so each value costs one look per take, not one per take per
        // candidate.
        let mut seen: Vec<usize> = vec![0; takes.len() + 1];
        let values = Periodic::find(widest, sizes, |earlier: &[u64]| {
            let n = earlier.len();
            for &t in takes.iter().take_while(|&&t| t as usize <= n) {
                if let Some(mark) = seen.get_mut(earlier[n - t as usize] as usize) {
                    *mark = n + 1;
                }
            }
            seen.iter()
                .position(|&mark| mark != n + 1)
                .expect("some value is missing") as u64
        })?;
        Ok(Grundy { values })
    }

    /// The Grundy value of a row of `n` sticks.
    pub(crate) fn of(&self, n: u64) -> u64 {
        self.values.at(n)
    }

    /// How often the values repeat.
    pub(crate) fn period(&self) -> u64 {
        self.values.period
    }

    /// Where the repeating part begins.
    pub(crate) fn start(&self) -> u64 {
        self.values.start
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::rule::Rule;
    use crate::rules::take_set::TakeSet;

    #[test]
    fn take_one_to_three() {
        let g = Grundy::new(&Nim::with_takes(
            Rule::Normal,
            TakeSet::parse("1-3").unwrap(),
        ))
        .unwrap();
        assert_eq!(
            (0..8).map(|n| g.of(n)).collect::<Vec<_>>(),
            vec![0, 1, 2, 3, 0, 1, 2, 3]
        );
        assert_eq!(g.period(), 4);
        assert_eq!(g.of(u64::MAX), 3);
    }

    #[test]
    fn take_two_three_or_five() {
        let g = Grundy::new(&Nim::with_takes(
            Rule::Normal,
            TakeSet::parse("2,3,5").unwrap(),
        ))
        .unwrap();
        // 0 0 1 1 2 2 3 0 0 1 1 2 2 3 ...
        assert_eq!(
            (0..14).map(|n| g.of(n)).collect::<Vec<_>>(),
            vec![0, 0, 1, 1, 2, 2, 3, 0, 0, 1, 1, 2, 2, 3]
        );
        assert_eq!(g.period(), 7);
    }

    #[test]
    fn a_thousand_takes() {
        // Take 1 to 1000: a row of n behaves like n mod 1001 sticks, and
        // every value up to 1000 turns up.
        let g = Grundy::new(&Nim::with_takes(
            Rule::Normal,
            TakeSet::parse("1-1000").unwrap(),
        ))
        .unwrap();
        assert!((0..5000).all(|n| g.of(n) == n % 1001));
        assert_eq!(g.period(), 1001);
    }
}
