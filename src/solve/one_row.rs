//! A single row under a take set: which counts are lost, and why.
//!
//! The outcome of every count is worked out upward from 0, the way a class
//! would fill in a strip of paper: a count is won when some allowed take
//! leads to a lost count. The strip soon repeats; the repeating part gives
//! the rule pupils can use ("leave your opponent 4m+1").

use super::periodic::{NoRepeat, Periodic};
use crate::rules::moves::Move;
use crate::rules::nim::Nim;
use crate::rules::outcome::Outcome;

/// How many row sizes may be worked out before giving up on a pattern.
pub(crate) const PATTERN_LIMIT: usize = 1_000_000;

/// How many looks at earlier values (row sizes times takes) the search for
/// a pattern may make, so a large set of takes cannot make it hang.
pub(crate) const PATTERN_WORK: usize = 50_000_000;

/// The row sizes to work out for a set of `takes` takes.
pub(crate) fn pattern_limit(takes: usize) -> usize {
    PATTERN_LIMIT.min(PATTERN_WORK / takes.max(1))
}

/// The outcome of every row size in one take-away game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RowPattern {
    /// The game.
    pub game: Nim,
    /// `true` where the count is lost for the player to move.
    lost: Periodic<bool>,
}

impl RowPattern {
    /// Works out the pattern for `game`, which must have a take set.
    pub fn new(game: &Nim) -> Result<RowPattern, NoRepeat> {
        let takes = game.takes.only().map_or(1, <[u64]>::len);
        RowPattern::within(game, pattern_limit(takes))
    }

    /// Works out the pattern for `game` from at most `sizes` row sizes, so
    /// that finding whether it repeats soon costs no more than that.
    pub(crate) fn within(game: &Nim, sizes: usize) -> Result<RowPattern, NoRepeat> {
        let takes = game.takes.only().unwrap_or(&[1]).to_vec();
        let widest = *takes.last().unwrap_or(&1) as usize;
        let stuck_lost = game.rule.when_stuck() == Outcome::Lose;
        let lost = Periodic::find(widest, sizes, |earlier: &[bool]| {
            let n = earlier.len();
            let mut options = takes.iter().filter(|&&t| t as usize <= n).peekable();
            match options.peek() {
                None => stuck_lost,
                // Lost when every move leaves the opponent a won count.
                Some(_) => options.all(|&t| !earlier[n - t as usize]),
            }
        })?;
        Ok(RowPattern {
            game: game.clone(),
            lost,
        })
    }

    /// The outcome for the player to move with `n` sticks in the row.
    pub fn outcome(&self, n: u64) -> Outcome {
        match self.lost.at(n) {
            true => Outcome::Lose,
            false => Outcome::Win,
        }
    }

    /// Where the repeating part begins.
    pub fn start(&self) -> u64 {
        self.lost.start
    }

    /// How often the pattern repeats.
    pub fn period(&self) -> u64 {
        self.lost.period
    }

    /// The remainders `r` (from 0 to period - 1) such that counts from
    /// `start` on with `n % period == r` are lost.
    pub(crate) fn losing_remainders(&self) -> Vec<u64> {
        let (start, period) = (self.start(), self.period());
        let mut remainders: Vec<u64> = (start..start + period)
            .filter(|&n| self.lost.at(n))
            .map(|n| n % period)
            .collect();
        remainders.sort_unstable();
        remainders
    }

    /// Lost counts before the repeating part begins.
    pub(crate) fn early_losing_counts(&self) -> Vec<u64> {
        (0..self.start()).filter(|&n| self.lost.at(n)).collect()
    }

    /// The first `how_many` lost counts.
    pub(crate) fn first_losing_counts(&self, how_many: usize) -> Vec<u64> {
        let bound = self.start() + self.period() * (how_many as u64 + 1);
        (0..bound)
            .filter(|&n| self.lost.at(n))
            .take(how_many)
            .collect()
    }

    /// Every winning take from a row of `n` sticks (row `pile`), ascending.
    pub(crate) fn winning_moves(&self, pile: usize, n: u64) -> Vec<Move> {
        self.game
            .takes
            .takes_from(n)
            .filter(|&t| self.lost.at(n - t))
            .map(|take| Move { pile, take })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::rule::Rule;
    use crate::rules::take_set::TakeSet;

    fn pattern(takes: &str, rule: Rule) -> RowPattern {
        RowPattern::new(&Nim::with_takes(rule, TakeSet::parse(takes).unwrap())).unwrap()
    }

    #[test]
    fn twenty_one_matchsticks() {
        let p = pattern("1-3", Rule::Misere);
        assert_eq!((p.start(), p.period()), (0, 4));
        assert_eq!(p.losing_remainders(), vec![1]);
        assert_eq!(p.first_losing_counts(4), vec![1, 5, 9, 13]);
        assert_eq!(p.outcome(21), Outcome::Lose);
        assert_eq!(p.winning_moves(0, 22), vec![Move { pile: 0, take: 1 }]);
        assert_eq!(p.winning_moves(0, 24), vec![Move { pile: 0, take: 3 }]);
    }

    #[test]
    fn take_two_three_or_five() {
        let p = pattern("2,3,5", Rule::Normal);
        assert_eq!(p.period(), 7);
        assert_eq!(p.losing_remainders(), vec![0, 1]);
        assert_eq!(p.outcome(1_000_000_000_000_000_000), Outcome::Lose);
        assert_eq!(p.outcome(1_000_000_000_000_000_002), Outcome::Win);
    }
}
