//! Everything `explain` says about one position, computed once.
//!
//! The grouping trace is the lesson; the nim-sum is there for the XOR view;
//! the brute-force result is added only when asked for, because it is the
//! one part whose cost grows with the size of the game.

use crate::brute_force::{Solved, Solver, TooBig};
use crate::grouping::Grouping;
use crate::moves::Move;
use crate::nim_sum::nim_sum;
use crate::position::Position;
use crate::rule::Rule;

/// The analysis of a position for the player about to move.
#[derive(Clone, Debug)]
pub struct Analysis {
    /// The position, rows in the order given.
    pub position: Position,
    /// The worked grouping method.
    pub grouping: Grouping,
    /// The XOR of the row sizes.
    pub nim_sum: u64,
    /// Every winning move, by row then take.
    pub winning_moves: Vec<Move>,
    /// The brute-force referee's answer, when asked for.
    pub searched: Option<Solved>,
}

impl Analysis {
    /// Analyses `position` under `rule`; with `search`, also runs the
    /// brute-force referee (which may refuse a big game).
    pub fn new(position: Position, rule: Rule, search: bool) -> Result<Analysis, TooBig> {
        let searched = match search {
            true => Some(Solver::new(rule).solve(position.piles())?),
            false => None,
        };
        let grouping = Grouping::new(&position, rule);
        Ok(Analysis {
            nim_sum: nim_sum(position.piles()),
            winning_moves: grouping.winning_moves(),
            grouping,
            position,
            searched,
        })
    }

    /// The rule played.
    pub fn rule(&self) -> Rule {
        self.grouping.rule
    }
}
