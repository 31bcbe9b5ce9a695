//! Judging a pupil's move.
//!
//! The verdict compares the position before and after the move: a move from
//! a won position must leave a lost one. Both positions are worked through
//! with the grouping method so the renderers can say *why*: which groups
//! are paired, which one was left alone, and what the opponent can now do.

use crate::grouping::Grouping;
use crate::moves::{IllegalMove, Move};
use crate::outcome::Outcome;
use crate::position::Position;
use crate::rule::Rule;

/// What the move was worth.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// It leaves the opponent lost.
    Good,
    /// A win was possible, and this move gave it away.
    Mistake,
    /// Nothing could win, so any legal move is as good as another.
    LostAnyway,
}

impl Verdict {
    /// The name used in output: `good`, `mistake` or `lost-anyway`.
    pub fn name(self) -> &'static str {
        match self {
            Verdict::Good => "good",
            Verdict::Mistake => "mistake",
            Verdict::LostAnyway => "lost-anyway",
        }
    }
}

/// A checked move with everything needed to explain the verdict.
#[derive(Clone, Debug)]
pub struct Judgement {
    /// The position the pupil moved from.
    pub position: Position,
    /// The move made.
    pub mv: Move,
    /// The position after the move.
    pub to: Position,
    /// The verdict.
    pub verdict: Verdict,
    /// The grouping method on the position before the move.
    pub before: Grouping,
    /// The grouping method on the position after it, from the opponent's side.
    pub after: Grouping,
    /// The winning moves there were.
    pub winning_moves: Vec<Move>,
}

impl Judgement {
    /// Checks `mv` from `position` under `rule`.
    pub fn new(position: Position, mv: Move, rule: Rule) -> Result<Judgement, IllegalMove> {
        let to = position.play(mv)?;
        let before = Grouping::new(&position, rule);
        let after = Grouping::new(&to, rule);
        let verdict = match (before.outcome(), after.outcome()) {
            (Outcome::Lose, _) => Verdict::LostAnyway,
            (Outcome::Win, Outcome::Lose) => Verdict::Good,
            (Outcome::Win, Outcome::Win) => Verdict::Mistake,
        };
        Ok(Judgement {
            winning_moves: before.winning_moves(),
            position,
            mv,
            to,
            verdict,
            before,
            after,
        })
    }

    /// The opponent's best reply after a mistake.
    pub fn reply(&self) -> Option<Move> {
        match self.verdict {
            Verdict::Mistake => self.after.recommended(),
            Verdict::Good | Verdict::LostAnyway => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(piles: &[u64], row: usize, take: u64, rule: Rule, verdict: Verdict) {
        let mv = Move {
            pile: row - 1,
            take,
        };
        let j = Judgement::new(Position::new(piles.to_vec()), mv, rule).unwrap();
        assert_eq!(j.verdict, verdict, "{piles:?} {mv} {rule:?}");
    }

    #[test]
    fn verdicts() {
        check(&[3, 5, 7], 1, 1, Rule::Misere, Verdict::Good);
        check(&[3, 5, 7], 1, 2, Rule::Misere, Verdict::Mistake);
        check(&[1, 2, 3], 3, 3, Rule::Normal, Verdict::LostAnyway);
        check(&[1, 1, 1, 2], 4, 2, Rule::Misere, Verdict::Good);
        check(&[1, 1, 1, 2], 4, 1, Rule::Misere, Verdict::Mistake);
    }
}
