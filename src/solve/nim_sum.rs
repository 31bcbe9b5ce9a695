//! The conventional solver: the nim-sum (bitwise XOR) of the rows.
//!
//! This is the textbook method, kept apart from the grouping method so that
//! the tests can check one against the other. It never looks at groups.

use crate::rules::moves::Move;
use crate::rules::outcome::Outcome;
use crate::rules::position::Position;
use crate::rules::rule::Rule;

/// The XOR of all row sizes.
pub(crate) fn nim_sum(piles: &[u64]) -> u64 {
    piles.iter().fold(0, |acc, &p| acc ^ p)
}

/// How many binary digits the biggest row needs (at least 1): the number
/// of columns in the XOR view.
pub(crate) fn binary_width(piles: &[u64]) -> u32 {
    piles
        .iter()
        .map(|&p| u64::BITS - p.leading_zeros())
        .max()
        .unwrap_or(0)
        .max(1)
}

/// The facts about a position that decide its outcome.
#[derive(Clone, Copy, Debug)]
struct Summary {
    nim_sum: u64,
    /// Rows with two or more sticks.
    big: usize,
    /// Rows with exactly one stick.
    ones: usize,
}

impl Summary {
    fn of(piles: &[u64]) -> Summary {
        Summary {
            nim_sum: nim_sum(piles),
            big: piles.iter().filter(|&&p| p >= 2).count(),
            ones: piles.iter().filter(|&&p| p == 1).count(),
        }
    }

    /// The summary after row `from` becomes `to`.
    fn after(self, from: u64, to: u64) -> Summary {
        Summary {
            nim_sum: self.nim_sum ^ from ^ to,
            big: self.big - usize::from(from >= 2) + usize::from(to >= 2),
            ones: self.ones - usize::from(from == 1) + usize::from(to == 1),
        }
    }

    fn lost(self, rule: Rule) -> bool {
        match rule {
            Rule::Normal => self.nim_sum == 0,
            // With only single sticks left, an odd number of them is lost
            // (and none at all means the opponent took the last one).
            Rule::Misere if self.big == 0 => self.ones % 2 == 1,
            Rule::Misere => self.nim_sum == 0,
        }
    }
}

/// Whether the player to move can force a win.
pub fn outcome(position: &Position, rule: Rule) -> Outcome {
    if Summary::of(position.piles()).lost(rule) {
        Outcome::Lose
    } else {
        Outcome::Win
    }
}

/// Every move that leaves the opponent lost, ordered by row then by sticks
/// taken.
pub fn winning_moves(position: &Position, rule: Rule) -> Vec<Move> {
    let piles = position.piles();
    let summary = Summary::of(piles);
    let mut moves = Vec::new();
    for (pile, &has) in piles.iter().enumerate() {
        // A lost position after the move either has nim-sum 0, or (misère)
        // holds only single sticks, so only these sizes can be targets.
        let mut targets = [has ^ summary.nim_sum, 1, 0];
        targets.sort_unstable_by(|a, b| b.cmp(a));
        let mut last = None;
        for to in targets {
            if to < has && last != Some(to) && summary.after(has, to).lost(rule) {
                moves.push(Move {
                    pile,
                    take: has - to,
                });
            }
            last = Some(to);
        }
    }
    moves
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(piles: &[u64], rule: Rule, expected: &[(usize, u64)]) {
        let got = winning_moves(&Position::new(piles.to_vec()), rule);
        let expected: Vec<Move> = expected
            .iter()
            .map(|&(row, take)| Move {
                pile: row - 1,
                take,
            })
            .collect();
        assert_eq!(got, expected, "{piles:?} {rule:?}");
    }

    #[test]
    fn known_positions() {
        check(&[3, 5, 7], Rule::Misere, &[(1, 1), (2, 1), (3, 1)]);
        check(&[3, 4, 5], Rule::Normal, &[(1, 2)]);
        check(&[1, 2, 3], Rule::Normal, &[]);
        check(&[1, 1], Rule::Misere, &[(1, 1), (2, 1)]);
        check(&[1, 1], Rule::Normal, &[]);
        check(&[1, 1, 1], Rule::Normal, &[(1, 1), (2, 1), (3, 1)]);
        check(&[1, 6], Rule::Misere, &[(2, 6)]);
        check(&[6], Rule::Misere, &[(1, 5)]);
        check(&[6], Rule::Normal, &[(1, 6)]);
        check(&[0], Rule::Misere, &[]);
        assert_eq!(nim_sum(&[3, 5, 7]), 1);
        assert_eq!(binary_width(&[3, 5, 7]), 3);
        assert_eq!(binary_width(&[0]), 1);
        assert_eq!(binary_width(&[u64::MAX]), 64);
    }
}
