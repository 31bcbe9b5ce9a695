//! Chomp taught, as [`Teaching`] asks for it: the bar worked out by the
//! search (or a known strategy), a bite judged, the hints, the drawing and
//! the review. The words come from the files beside this one.

use super::analysis::{BarAnalysis, Beyond};
use super::check::{BiteError, BiteJudgement, answer, check, computer_reason, verdict_only};
use super::hints::hints;
use super::review::{self, BiteTurn, Ending};
use super::words::{drawn, shape, shapes};
use crate::rules::bar::{Bar, Bite};
use crate::rules::game::{Chomp, Game};
use crate::rules::outcome::Outcome;
use crate::solve::chomp::{ChompSearch, TooBig};
use crate::teach::document::{Block, Document};
use crate::teach::review::{Notes, Side};
use crate::teach::teaching::{Teaching, Turn};
use crate::teach::verdict::Verdict;
use crate::teach::words::with_commas;

/// The rules, told once at the start of a game.
const RULES: &str = "a bite takes a square and every square below it and to its right, and whoever has to eat the poisoned square P loses";

/// Why a game of Chomp could not go on.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ChompError {
    /// The bar is too big for the computer to play by the search.
    #[error(
        "the bar {bar} is too big to play on: a game on it can reach {} shapes, more than the search's limit of {}, and the computer plays by the search; try a bar with fewer rows or columns, or `matchsticks chomp explain {bar}`",
        shapes(too_big.count),
        with_commas(u128::from(too_big.limit))
    )]
    TooBig {
        /// The bar, as typed.
        bar: String,
        /// What the search said.
        too_big: TooBig,
    },
    /// A bar of the game could not be worked out.
    #[error("{0}")]
    Beyond(#[from] Beyond),
    /// A bite of the game could not be judged.
    #[error("{0}")]
    Bite(#[from] BiteError),
}

impl Teaching for Chomp {
    /// The search of the start, which covers every bar of the game.
    type Memo = ChompSearch;
    type Analysis = BarAnalysis;
    type Judgement = BiteJudgement;
    type Error = ChompError;

    fn memo(&self, start: &Bar) -> Result<ChompSearch, ChompError> {
        ChompSearch::search(start).map_err(|too_big| ChompError::TooBig {
            bar: start.to_string(),
            too_big,
        })
    }

    fn analyse(&self, bar: &Bar, memo: &mut ChompSearch) -> Result<BarAnalysis, ChompError> {
        Ok(BarAnalysis::using(bar, Some(memo))?)
    }

    fn outcome(analysis: &BarAnalysis) -> Outcome {
        analysis.outcome
    }

    fn best(analysis: &BarAnalysis) -> Option<Bite> {
        analysis.bite
    }

    fn winning(analysis: &BarAnalysis) -> Vec<Bite> {
        analysis.known_winning()
    }

    fn hints(analysis: &BarAnalysis) -> Vec<String> {
        hints(analysis)
    }

    fn judge(
        &self,
        analysis: &BarAnalysis,
        bite: &Bite,
        memo: &mut ChompSearch,
    ) -> Result<BiteJudgement, ChompError> {
        Ok(BiteJudgement::new(&analysis.bar, *bite, Some(memo))?)
    }

    fn verdict(judgement: &BiteJudgement) -> Verdict {
        judgement.verdict
    }

    fn check(judgement: &BiteJudgement) -> Document {
        check(judgement)
    }

    fn verdict_only(judgement: &BiteJudgement) -> Document {
        verdict_only(judgement)
    }

    fn answer(analysis: &BarAnalysis) -> String {
        answer(analysis)
    }

    fn board(&self, bar: &Bar, _: &ChompSearch) -> Option<Block> {
        match bar.is_eaten() {
            true => None,
            false => Some(Block::Bar(drawn(bar, None))),
        }
    }

    fn introduce(&self, start: &Bar) -> String {
        format!(
            "A game of Chomp on {} against the computer: {RULES}.",
            shape(start)
        )
    }

    fn said(&self, turn: &Turn<Chomp>) -> String {
        match turn.side {
            Side::Pupil => format!("You bite {}.", turn.mv),
            Side::Computer => format!("The computer bites {}.", turn.mv),
        }
    }

    /// At `perfect` the computer says why it bit; at any level it says so
    /// when its bite leaves only the poisoned square.
    fn computer_why(
        &self,
        turn: &Turn<Chomp>,
        _: Option<BarAnalysis>,
        perfect: bool,
        memo: &mut ChompSearch,
    ) -> Result<Option<String>, ChompError> {
        let ends = turn
            .before
            .bite(turn.mv)
            .is_ok_and(|after| after.row_lengths() == [1]);
        match ends || perfect {
            true => {
                let j = BiteJudgement::new(&turn.before, turn.mv, Some(memo))?;
                Ok(Some(computer_reason(&j)))
            }
            false => Ok(None),
        }
    }

    fn game_over(&self, last: &Turn<Chomp>, winner: Side) -> (String, String) {
        let after = self
            .play(&last.before, &last.mv)
            .expect("played bites are legal");
        let how = review::ended(ending(&after), last.side.other());
        (how.to_string(), review::result(winner).to_string())
    }

    fn review(
        &self,
        turns: &[Turn<Chomp>],
        notes: Notes,
        memo: &mut ChompSearch,
    ) -> Result<Document, ChompError> {
        let end = match (notes.ended, turns.last()) {
            (true, Some(last)) => ending(
                &self
                    .play(&last.before, &last.mv)
                    .expect("played bites are legal"),
            ),
            _ => Ending::Stopped,
        };
        let turns: Vec<BiteTurn> = turns
            .iter()
            .map(|t| BiteTurn {
                side: t.side,
                before: t.before.clone(),
                bite: t.mv,
            })
            .collect();
        Ok(review::document(&turns, memo, end, notes))
    }

    fn command(&self, start: &Bar) -> String {
        format!("matchsticks chomp play {start}")
    }
}

/// How a game that is over ended.
fn ending(bar: &Bar) -> Ending {
    match bar.is_eaten() {
        true => Ending::PoisonEaten,
        false => Ending::OnlyPoisonLeft,
    }
}
