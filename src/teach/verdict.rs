//! Judging a pupil's move.
//!
//! The verdict compares the position before and after the move: a move from
//! a won position must leave a lost one. Both positions are analysed (with
//! the grouping method, for Nim) so the renderers can say *why*: which
//! groups are paired, which one was left alone, and what the opponent can
//! now do. A move may take from several rows when the game allows it
//! (Moore's Nim); a move from one row is checked and told as it always was.

use super::analysis::{Analysis, AnalysisError, Extras};
use crate::rules::moves::IllegalMove;
use crate::rules::multi_move::MultiMove;
use crate::rules::nim::Nim;
use crate::rules::outcome::Outcome;
use crate::rules::position::Position;
use crate::solve::search::{Budget, Solver};

/// Why a move could not be judged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum JudgeError {
    /// The move breaks the rules.
    #[error("illegal move: {0}")]
    Illegal(#[from] IllegalMove),
    /// A position could not be worked out.
    #[error("{0}")]
    Analysis(#[from] AnalysisError),
}

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
    /// The verdict on a move from a position with outcome `before` to one
    /// with outcome `after`, each for the side to move there: a move from
    /// a won position must leave a lost one.
    pub(crate) fn of(before: Outcome, after: Outcome) -> Verdict {
        match (before, after) {
            (Outcome::Lose, _) => Verdict::LostAnyway,
            (Outcome::Win, Outcome::Lose) => Verdict::Good,
            (Outcome::Win, Outcome::Win) => Verdict::Mistake,
        }
    }

    /// The name used in output: `good`, `mistake` or `lost-anyway`.
    pub(crate) fn name(self) -> &'static str {
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
    /// The move made, from one row or several.
    pub mv: MultiMove,
    /// The verdict.
    pub verdict: Verdict,
    /// The analysis of the position before the move.
    pub before: Analysis,
    /// The analysis of the position after it, from the opponent's side.
    pub after: Analysis,
}

impl Judgement {
    /// Checks `mv` from `position` under `game`: an illegal move, or a game
    /// too big to search, is an error.
    pub fn new(
        position: Position,
        mv: impl Into<MultiMove>,
        game: &Nim,
    ) -> Result<Judgement, JudgeError> {
        let mv = mv.into();
        position.play_multi(&mv, game)?;
        // One search covers the position and every position after it, so
        // the move is judged within the budget of a single search.
        let mut solver = Solver::for_game(game.clone(), Budget::default());
        let before = Analysis::using(position, game.clone(), Extras::default(), &mut solver)?;
        Judgement::using(before, mv, &mut solver)
    }

    /// Checks `mv` from a position already analysed, so the analysis is not
    /// worked out twice.
    pub fn from_analysis(
        before: Analysis,
        mv: impl Into<MultiMove>,
    ) -> Result<Judgement, JudgeError> {
        let mut solver = Solver::for_game(before.game.clone(), Budget::default());
        Judgement::using(before, mv, &mut solver)
    }

    /// Checks `mv` from a position already analysed, searching (when it
    /// must) with `solver`, as a game does move after move.
    pub(crate) fn using(
        before: Analysis,
        mv: impl Into<MultiMove>,
        solver: &mut Solver,
    ) -> Result<Judgement, JudgeError> {
        let mv = mv.into();
        let to = before.position.play_multi(&mv, &before.game)?;
        // Only the winning moves before the move are ever listed.
        let after = Analysis::brief(to, before.game.clone(), solver)?;
        let verdict = Verdict::of(before.outcome, after.outcome);
        Ok(Judgement {
            mv,
            verdict,
            before,
            after,
        })
    }

    /// The position the pupil moved from.
    pub fn position(&self) -> &Position {
        &self.before.position
    }

    /// The position after the move.
    pub fn to(&self) -> &Position {
        &self.after.position
    }

    /// The winning moves there were, from one row or several.
    pub fn winning_moves(&self) -> &[MultiMove] {
        self.before.winning_moves()
    }

    /// The opponent's winning reply, from one row or several, when they
    /// have one: after a mistake, and after any move from a position that
    /// was lost anyway.
    pub fn reply(&self) -> Option<MultiMove> {
        match self.after.outcome {
            Outcome::Win => self.after.best.clone(),
            Outcome::Lose => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::moves::Move;
    use crate::rules::rule::Rule;

    fn check(piles: &[u64], row: usize, take: u64, rule: Rule, verdict: Verdict) {
        let mv = Move {
            pile: row - 1,
            take,
        };
        let j = Judgement::new(Position::new(piles.to_vec()), mv, &Nim::new(rule)).unwrap();
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
