//! Chomp taught, as [`Teaching`] asks for it: the bar worked out by the
//! search (or a known strategy), a bite judged, the hints, the drawing and
//! the review; and asked about in words, as [`Queried`] asks for it: a bar
//! and a bite read, explained and checked on their own, with their facts.
//! The words come from the files beside this one.

use std::io::BufRead;

use serde::{Deserialize, Serialize};

use super::analysis::{BarAnalysis, Beyond};
use super::check::{BiteError, BiteJudgement, answer, brief, check, computer_reason, verdict_only};
use super::explain::explain;
use super::facts;
use super::hints::hints;
use super::reply::{UnclearBite, parse_given_bite};
use super::review::{self, BiteTurn, Ending};
use super::words::{RULE, drawn, shape, shapes};
use crate::rules::bar::{Bar, BarError, Bite, IllegalBite};
use crate::rules::game::{Chomp, Game};
use crate::rules::outcome::Outcome;
use crate::solve::chomp::{ChompSearch, LARGEST_SEARCH, TooBig, reachable};
use crate::teach::document::{Block, Document};
use crate::teach::queried::{Queried, Words};
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
        #[source]
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

    fn brief(judgement: &BiteJudgement) -> String {
        brief(judgement)
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
        chosen: Option<BarAnalysis>,
        memo: &mut ChompSearch,
    ) -> Result<Option<String>, ChompError> {
        match BiteJudgement::new(&turn.before, turn.mv, Some(memo)) {
            Ok(j) => Ok(Some(computer_reason(&j))),
            // A random bite from a bar too big to work out is not judged.
            Err(_) if chosen.is_none() => Ok(None),
            Err(e) => Err(e.into()),
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

// Queried: Chomp asked about in words, by the command line and the page.

/// Why a question about Chomp went unanswered.
#[derive(Debug, thiserror::Error)]
pub(crate) enum ChompUnanswered {
    /// The shape is not a chocolate bar.
    #[error("{0}")]
    Bar(#[from] BarError),
    /// The words are not a bite.
    #[error("{0}")]
    Unclear(#[from] UnclearBite),
    /// A bar beyond the search that no strategy covers.
    #[error("{0}")]
    Beyond(#[from] Beyond),
    /// A bite that could not be judged.
    #[error("{0}")]
    Bite(#[from] BiteError),
}

/// A pupil's bite as the page sends it: the square's row and column, from
/// 1.
#[derive(Clone, Copy, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Bitten {
    row: usize,
    column: usize,
}

impl Queried for Chomp {
    type Typed = Bite;
    type Extras = ();
    type Sent = Bitten;
    type Unanswered = ChompUnanswered;

    const POSITION_WORDS: &'static str = "shape";
    const RULE_FLAGS: &'static [&'static str] = &[];
    const RULE_WORDS: &'static [&'static str] = &[];
    const MOVE_WORDS: &'static [&'static str] = &["bite"];
    const MOVE_WORDS_NEEDED: &'static [&'static str] = &["bite"];
    const EXPLAIN_FLAGS: &'static [&'static str] = &[];
    const PAGE_EXPLAIN_FLAGS: &'static [&'static str] = &[];
    const BOARD: &'static str = "bar";

    /// Chomp has one set of rules.
    fn rules(_: &dyn Words) -> Result<Chomp, ChompUnanswered> {
        Ok(Chomp)
    }

    /// The bar named by its shape: `4x5`, `5,5,3` or `5 5 3`.
    fn position(words: &[String], _: Option<&mut dyn BufRead>) -> Result<Bar, ChompUnanswered> {
        Ok(Bar::parse(words)?)
    }

    /// The bite: `2,3`, `2 3`, `row 2 column 3`.
    fn typed(words: &dyn Words) -> Result<Bite, ChompUnanswered> {
        Ok(parse_given_bite(&words.word("bite").unwrap_or_default())?)
    }

    fn extras(&self, _: &dyn Words) -> Result<(), ChompUnanswered> {
        Ok(())
    }

    /// A rectangle beyond the search is still explained: the first player
    /// wins, though the bite is not known.
    fn explained(&self, bar: Bar, _: &()) -> Result<(BarAnalysis, Document), ChompUnanswered> {
        let analysis = BarAnalysis::new(&bar)?;
        let document = explain(&analysis);
        Ok((analysis, document))
    }

    fn typed_move(
        &self,
        bar: &Bar,
        bite: &Bite,
    ) -> Result<Result<Bite, IllegalBite>, ChompUnanswered> {
        Ok(bar.bite(*bite).map(|_| *bite))
    }

    /// The bar is searched once, when it can be, for the bars before and
    /// after the bite.
    fn checked(&self, bar: Bar, bite: Bite) -> Result<BiteJudgement, ChompUnanswered> {
        let search = ChompSearch::search(&bar).ok();
        Ok(BiteJudgement::new(&bar, bite, search.as_ref())?)
    }

    fn after(judgement: &BiteJudgement) -> Bar {
        judgement.after.bar.clone()
    }

    /// Only the search costs, once for a whole game: the shapes it would
    /// value are counted without valuing any. A bar beyond it is answered
    /// by a rule at once.
    fn costly(&self, bar: &Bar, _: &(), _times: u64, share: f64) -> bool {
        let shapes = reachable(bar);
        let most = LARGEST_SEARCH as f64;
        shapes <= u128::from(LARGEST_SEARCH) && shapes as f64 > most * share
    }

    fn explain_facts(analysis: &BarAnalysis) -> impl Serialize {
        facts::explain(analysis)
    }

    fn check_facts(judgement: &BiteJudgement) -> impl Serialize {
        facts::check(judgement)
    }

    fn illegal_facts<'a>(
        &'a self,
        bar: &'a Bar,
        bite: &'a Bite,
        reason: &str,
    ) -> impl Serialize + 'a {
        facts::illegal(bar, *bite, reason)
    }

    fn rows(bar: &Bar) -> Vec<u64> {
        bar.row_lengths().iter().map(|&n| n as u64).collect()
    }

    fn pieces(bar: &Bar) -> u64 {
        bar.row_lengths().iter().map(|&n| n as u64).sum()
    }

    const PIECES: &'static str = "squares";

    /// The rule alone, as Nim's title is: the page draws the bar beside it,
    /// and a class's task puts its bar before it.
    fn title(&self, _: &Bar) -> String {
        RULE.to_string()
    }

    /// Drawing needs no search, so any bar is drawn, even an eaten one.
    fn drawn(&self, bar: &Bar) -> Result<Block, ChompUnanswered> {
        Ok(Block::Bar(drawn(bar, None)))
    }

    fn board_facts(&self, bar: &Bar) -> impl Serialize {
        facts::board(bar)
    }

    fn move_facts(bite: &Bite) -> impl Serialize {
        facts::bitten(*bite)
    }

    /// Whether the bite is allowed is the game's to say, when it is played.
    fn sent(&self, _: &Bar, sent: &Bitten) -> Result<Bite, IllegalBite> {
        Ok(Bite::new(sent.row, sent.column))
    }
}
