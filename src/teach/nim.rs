//! Nim taught: the game of rows of sticks, with any take set and from one
//! row or several, as [`Teaching`] asks for it. Every sentence comes from
//! the builders beside this file; this file only hands them on.

use super::analysis::{Analysis, Extras};
use super::board;
use super::check::{answer, check, verdict_only};
use super::computer::{self, Kind};
use super::document::{Block, Document};
use super::hints::hints;
use super::review::{self, Notes, Side};
use super::teaching::{Teaching, Turn};
use super::verdict::{JudgeError, Judgement, Verdict};
use crate::rules::game::Game;
use crate::rules::multi_move::MultiMove;
use crate::rules::nim::Nim;
use crate::rules::outcome::Outcome;
use crate::rules::position::Position;
use crate::rules::rule::Rule;
use crate::rules::take_set::TakeSet;
use crate::solve::one_row::RowPattern;
use crate::solve::search::{Budget, Solver};

/// What a game of Nim keeps from move to move.
#[derive(Debug)]
pub struct NimMemo {
    /// The game's search, kept for the review, so nothing is worked out
    /// twice.
    solver: Solver,
    /// The single row's pattern, when the board is drawn in its blocks.
    pattern: Option<RowPattern>,
    /// The kinds of reason the computer has told in full: after that, it
    /// tells them briefly.
    reasons: Vec<Kind>,
}

impl Teaching for Nim {
    type Memo = NimMemo;
    type Analysis = Analysis;
    type Judgement = Judgement;
    type Error = JudgeError;

    fn memo(&self, start: &Position) -> Result<NimMemo, JudgeError> {
        let mut solver = Solver::for_game(self.clone(), Budget::default());
        let analysis =
            Analysis::using(start.clone(), self.clone(), Extras::default(), &mut solver)?;
        Ok(NimMemo {
            solver,
            pattern: analysis.pattern().cloned(),
            reasons: Vec::new(),
        })
    }

    fn analyse(&self, position: &Position, memo: &mut NimMemo) -> Result<Analysis, JudgeError> {
        Ok(Analysis::brief(
            position.clone(),
            self.clone(),
            &mut memo.solver,
        )?)
    }

    fn outcome(analysis: &Analysis) -> Outcome {
        analysis.outcome
    }

    fn best(analysis: &Analysis) -> Option<MultiMove> {
        analysis.best.clone()
    }

    fn winning(analysis: &Analysis) -> Vec<MultiMove> {
        analysis.winning_moves().to_vec()
    }

    fn hints(analysis: &Analysis) -> Vec<String> {
        hints(analysis)
    }

    fn judge(
        &self,
        analysis: &Analysis,
        mv: &MultiMove,
        memo: &mut NimMemo,
    ) -> Result<Judgement, JudgeError> {
        Judgement::using(analysis.clone(), mv.clone(), &mut memo.solver)
    }

    fn verdict(judgement: &Judgement) -> Verdict {
        judgement.verdict
    }

    fn check(judgement: &Judgement) -> Document {
        check(judgement)
    }

    fn verdict_only(judgement: &Judgement) -> Document {
        verdict_only(judgement)
    }

    fn answer(analysis: &Analysis) -> String {
        answer(analysis)
    }

    fn board(&self, position: &Position, memo: &NimMemo) -> Option<Block> {
        Some(board::for_game(position, self, memo.pattern.as_ref()))
    }

    fn introduce(&self, start: &Position) -> String {
        format!(
            "A game of {start} against the computer: {}.",
            self.in_words(start.len())
        )
    }

    fn said(&self, turn: &Turn<Nim>) -> String {
        let (who, takes) = match turn.side {
            Side::Pupil => ("You", "take"),
            Side::Computer => ("The computer", "takes"),
        };
        let one_row = turn.before.len() == 1;
        format!("{who} {takes} {}.", review::taken(&turn.mv, one_row))
    }

    fn computer_why(
        &self,
        turn: &Turn<Nim>,
        chosen: Option<Analysis>,
        perfect: bool,
        memo: &mut NimMemo,
    ) -> Result<Option<String>, JudgeError> {
        let after = self
            .play(&turn.before, &turn.mv)
            .expect("played moves are legal");
        if let Some(ending) = computer::ending(&turn.before, &after, self) {
            return Ok(Some(ending));
        }
        let Some(before) = chosen.filter(|_| perfect) else {
            return Ok(None);
        };
        let j = Judgement::using(before, turn.mv.clone(), &mut memo.solver)?;
        let reason = computer::reason(&j);
        Ok(Some(match memo.reasons.contains(&reason.kind) {
            true => reason.short,
            false => {
                memo.reasons.push(reason.kind);
                reason.full
            }
        }))
    }

    fn game_over(&self, last: &Turn<Nim>, winner: Side) -> (String, String) {
        let after = self
            .play(&last.before, &last.mv)
            .expect("played moves are legal");
        let ending = review::ending(last.side, &after, self);
        let result = match winner {
            Side::Pupil => format!("{ending} Well played!"),
            Side::Computer => ending,
        };
        ("No move is left.".to_string(), result)
    }

    fn review(
        &self,
        turns: &[Turn<Nim>],
        notes: Notes,
        memo: &mut NimMemo,
    ) -> Result<Document, JudgeError> {
        let turns: Vec<review::Turn> = turns
            .iter()
            .map(|t| review::Turn {
                side: t.side,
                before: t.before.clone(),
                mv: t.mv.clone(),
            })
            .collect();
        let reviewed = review::review(&turns, self, &mut memo.solver)?;
        Ok(review::document(&reviewed, self, notes))
    }

    fn command(&self, start: &Position) -> String {
        let mut command = format!("matchsticks play {start}");
        if let Some(takes) = take_flag(&self.takes) {
            command += &format!(" --take {takes}");
        }
        if self.rule == Rule::Normal {
            command += " --normal";
        }
        command
    }
}

/// A take set as `--take` reads it: "1-3", "2,3,5"; `None` for Nim.
fn take_flag(takes: &TakeSet) -> Option<String> {
    let takes = takes.only()?;
    let contiguous = takes.windows(2).all(|w| w[1] == w[0] + 1);
    Some(match takes {
        [first, .., last] if contiguous => format!("{first}-{last}"),
        _ => takes
            .iter()
            .map(u64::to_string)
            .collect::<Vec<_>>()
            .join(","),
    })
}
