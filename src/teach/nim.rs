//! Nim taught: the game of rows of sticks, with any take set and from one
//! row or several, as [`Teaching`] asks for it, and asked about in words as
//! `Queried` asks for it. Every sentence comes from the builders beside
//! this file; this file only hands them on, and reads what was asked.

use std::io::BufRead;
use std::num::NonZeroU32;

use serde::{Deserialize, Serialize};

use super::analysis::{Analysis, AnalysisError, Extras, Way};
use super::board;
use super::check::{answer, brief, check, verdict_only};
use super::computer::{self, Kind};
use super::document::{Block, Document};
use super::explain::{Options, explain};
use super::facts;
use super::hints::hints;
use super::queried::{Queried, Words};
use super::reply::answer::row_move;
use super::review::{self, Notes, Side};
use super::teaching::{Teaching, Turn};
use super::verdict::{JudgeError, Judgement, Verdict};
use crate::rules::game::Game;
use crate::rules::moves::IllegalMove;
use crate::rules::multi_move::MultiMove;
use crate::rules::nim::Nim;
use crate::rules::outcome::Outcome;
use crate::rules::position::Position;
use crate::rules::row_reader::{PositionError, parse_number, printable};
use crate::rules::rows_per_move::{self, BadRowsPerMove};
use crate::rules::rule::Rule;
use crate::rules::take_set::{BadTakeSet, TakeSet};
use crate::solve::grundy::Grundy;
use crate::solve::moore_count::{COUNT_STEPS, most_steps};
use crate::solve::one_row::{RowPattern, pattern_limit};
use crate::solve::search::{Budget, MOST_MOVES, MOST_POSITIONS, Solver};

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

    fn brief(judgement: &Judgement) -> String {
        brief(judgement)
    }

    fn answer(analysis: &Analysis) -> String {
        answer(analysis)
    }

    fn board(&self, position: &Position, memo: &NimMemo) -> Option<Block> {
        Some(board::for_game(position, self, memo.pattern.as_ref()))
    }

    fn introduce(&self, start: &Position) -> String {
        match (start.piles(), &self.takes, self.rows_per_move) {
            // One row that a move may take any of: not the 21 game, where
            // a move takes 1 to 3, so the start is said as a row.
            ([sticks], TakeSet::Any, _) => format!(
                "A game on one row of {} against the computer: {}, and a move may take \
                 any number of sticks, the whole row too.",
                super::words::count(*sticks, "stick"),
                self.in_words(1)
            ),
            _ => format!(
                "A game of {start} against the computer: {}.",
                self.in_words(start.len())
            ),
        }
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
        memo: &mut NimMemo,
    ) -> Result<Option<String>, JudgeError> {
        let after = self
            .play(&turn.before, &turn.mv)
            .expect("played moves are legal");
        if let Some(ending) = computer::ending(&turn.before, &after, self) {
            return Ok(Some(ending));
        }
        let worked = |memo: &mut NimMemo| {
            let extras = Extras::default();
            Analysis::using(turn.before.clone(), self.clone(), extras, &mut memo.solver).ok()
        };
        let Some(before) = chosen.or_else(|| worked(memo)) else {
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
        if self.rows_per_move > 1 {
            command += &format!(" --rows-per-move {}", self.rows_per_move);
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

// Queried: Nim asked about in words, by the command line and the page.

/// Why a question about Nim went unanswered.
#[derive(Debug, thiserror::Error)]
pub(crate) enum NimUnanswered {
    /// The rows are not a position.
    #[error("{0}")]
    Position(#[from] PositionError),
    /// A check was not given exactly one move.
    #[error(
        "{0}: give the move as --to ROWS (the rows after it, such as --to 2 5 7) or as --row R --remove K (such as --row 3 --remove 2)"
    )]
    MoveForm(&'static str),
    /// A `--take` value is not a set of takes.
    #[error("invalid --take '{text}': {problem}")]
    BadTakeSet {
        /// The value as typed.
        text: String,
        /// What is wrong with it.
        problem: BadTakeSet,
    },
    /// The rows one move may take from make no game the tool can work out.
    #[error("{0}")]
    RowsPerMove(#[from] BadRowsPerMove),
    /// `--xor` was asked for a game that is not Nim.
    #[error("--xor shows Nim in binary, so it cannot go with --take: leave one of them out")]
    XorNeedsNim,
    /// The position or the move could not be worked out.
    #[error("{0}")]
    Judge(#[from] JudgeError),
}

impl From<AnalysisError> for NimUnanswered {
    fn from(e: AnalysisError) -> NimUnanswered {
        NimUnanswered::Judge(e.into())
    }
}

/// A move of Nim as typed, before it meets a position.
#[derive(Clone, Debug)]
pub(crate) enum TypedMove {
    /// The rows after the move (`--to`).
    To(Position),
    /// The row, from 1, and how many sticks (`--row`, `--remove`), still as
    /// typed: they are read against the position.
    RowRemove {
        /// The row, as typed.
        row: String,
        /// How many sticks, as typed.
        remove: String,
    },
}

/// What an explanation of Nim may add: the binary columns, and the
/// searches that confirm it.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct NimExtras {
    /// The rows in binary, beside the groups.
    pub xor: bool,
    /// The searches.
    pub extras: Extras,
}

/// A pupil's move as the page sends it: the row (from 1) and how many
/// sticks.
#[derive(Clone, Copy, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Played {
    row: u64,
    take: u64,
}

/// The game of the rule and the takes a move may make (`--take`), or why
/// the takes are not a set.
fn with_takes(normal: bool, take: Option<&str>) -> Result<Nim, NimUnanswered> {
    let takes = match take {
        None => TakeSet::Any,
        Some(text) => take_set(text)?,
    };
    Ok(Nim::with_takes(Rule::from_normal_flag(normal), takes))
}

/// The takes a move may make, as typed after `--take`, or why they are not
/// a set, naming what was typed.
pub(crate) fn take_set(text: &str) -> Result<TakeSet, NimUnanswered> {
    TakeSet::parse(text).map_err(|problem| NimUnanswered::BadTakeSet {
        text: printable(text),
        problem,
    })
}

impl Queried for Nim {
    type Typed = TypedMove;
    type Extras = NimExtras;
    type Sent = Played;
    type Unanswered = NimUnanswered;

    const POSITION_WORDS: &'static str = "position";
    const RULE_FLAGS: &'static [&'static str] = &["normal"];
    const RULE_WORDS: &'static [&'static str] = &["take", "rows_per_move"];
    const MOVE_WORDS: &'static [&'static str] = &["to", "row", "remove"];
    const MOVE_WORDS_NEEDED: &'static [&'static str] = &[];
    const EXPLAIN_FLAGS: &'static [&'static str] = &["xor", "brute_force"];
    const PAGE_EXPLAIN_FLAGS: &'static [&'static str] = &["xor"];
    const BOARD: &'static str = "position";

    /// The rule (`normal`), the takes (`take`) and how many rows one move
    /// may take from (`rows_per_move`).
    fn rules(words: &dyn Words) -> Result<Nim, NimUnanswered> {
        let rows_per_move = match words.word("rows_per_move") {
            None => 1,
            Some(k) => rows_per_move::parse(&k)?,
        };
        let game = with_takes(words.flag("normal"), words.word("take").as_deref())?;
        Ok(game.with_rows_per_move(rows_per_move)?)
    }

    /// The rows, or for `-` the rows read from `input`.
    fn position(
        words: &[String],
        input: Option<&mut dyn BufRead>,
    ) -> Result<Position, NimUnanswered> {
        Ok(match (words, input) {
            ([dash], Some(input)) if dash == "-" => Position::read(input)?,
            (words, _) => Position::parse(words)?,
        })
    }

    /// The one move given, as the rows after it (`to`) or as a row and how
    /// many sticks (`row`, `remove`), or a problem that shows both forms.
    fn typed(words: &dyn Words) -> Result<TypedMove, NimUnanswered> {
        let to = match words.words("to") {
            // Given, but empty: the rows after the move are missing, not
            // the rows of the position.
            Some(to) if to.iter().all(|w| w.trim().is_empty()) => {
                return Err(NimUnanswered::MoveForm("--to was given no rows"));
            }
            to => to.map(|to| Position::parse(&to)).transpose()?,
        };
        let problem = match (to, words.word("row"), words.word("remove")) {
            (Some(to), None, None) => return Ok(TypedMove::To(to)),
            (None, Some(row), Some(remove)) => return Ok(TypedMove::RowRemove { row, remove }),
            (None, None, None) => "no move given",
            (None, Some(_), None) => "--row needs --remove",
            (None, None, Some(_)) => "--remove needs --row",
            (Some(_), _, _) => "--to and --row were both given",
        };
        Err(NimUnanswered::MoveForm(problem))
    }

    /// The binary view (`xor`), the search of every game (`brute_force`)
    /// and the count of its calls (`show_search`).
    fn extras(&self, words: &dyn Words) -> Result<NimExtras, NimUnanswered> {
        let xor = words.flag("xor");
        // Moves from several rows have binary columns too, counted in sets.
        if xor && self.takes != TakeSet::Any {
            return Err(NimUnanswered::XorNeedsNim);
        }
        Ok(NimExtras {
            xor,
            extras: Extras {
                brute_force: words.flag("brute_force"),
                show_search: words.flag("show_search"),
            },
        })
    }

    fn explained(
        &self,
        position: Position,
        extras: &NimExtras,
    ) -> Result<(Analysis, Document), NimUnanswered> {
        let analysis = Analysis::new(position, self.clone(), extras.extras)?;
        let options = Options {
            xor: extras.xor,
            hide: None,
        };
        let document = explain(&analysis, options);
        Ok((analysis, document))
    }

    fn typed_move(
        &self,
        position: &Position,
        typed: &TypedMove,
    ) -> Result<Result<MultiMove, IllegalMove>, NimUnanswered> {
        Ok(match typed {
            // With one row per move this is exactly the one-row check.
            TypedMove::To(to) => position.multi_move_to(to, self),
            TypedMove::RowRemove { row, remove } => {
                let row = parse_number(row, "row number")?;
                let take = parse_number(remove, "number of sticks")?;
                row_move(position, row, take, self).map(MultiMove::from)
            }
        })
    }

    fn checked(&self, position: Position, mv: MultiMove) -> Result<Judgement, NimUnanswered> {
        Ok(Judgement::new(position, mv, self)?)
    }

    fn after(judgement: &Judgement) -> Position {
        judgement.to().clone()
    }

    /// A search counts its positions and moves before it starts, and a
    /// game keeps it. Where a pattern of takes repeats is known only once
    /// it is found, and it is found afresh for each position, so it is
    /// looked for only as far as the share allows. Counting the winning
    /// moves from several rows is bounded from the rows alone. The
    /// grouping method costs nothing worth counting, and `--show-search`
    /// may run its plain search to its limit.
    fn costly(&self, position: &Position, extras: &NimExtras, times: u64, share: f64) -> bool {
        let over = |work: f64, budget: f64| work > budget * share;
        let search =
            || match Solver::for_game(self.clone(), Budget::default()).estimate(position.piles()) {
                Ok(work) => {
                    over(work.positions as f64, MOST_POSITIONS as f64)
                        || over(work.moves as f64, MOST_MOVES as f64)
                }
                Err(_) => false,
            };
        let takes = self.takes.only().map_or(1, <[u64]>::len);
        let sizes = (pattern_limit(takes) as f64 * share / times.max(1) as f64) as usize;
        let grundy = || Grundy::within(self, sizes).is_err();
        let way = match Way::of(position, self) {
            Way::Grouping => false,
            Way::Search => search(),
            Way::OneRow(_) => {
                RowPattern::within(self, sizes).is_err() || (self.rule == Rule::Normal && grundy())
            }
            Way::Grundy => grundy(),
            Way::Moore => match NonZeroU32::new(self.rows_per_move) {
                Some(k) => over(most_steps(position.piles(), k) as f64, COUNT_STEPS as f64),
                None => false,
            },
        };
        way || (extras.extras.brute_force && search()) || extras.extras.show_search
    }

    fn explain_facts(analysis: &Analysis) -> impl Serialize {
        facts::explain(analysis)
    }

    fn check_facts(judgement: &Judgement) -> impl Serialize {
        facts::check(judgement)
    }

    /// Illegal input is refused before anything is worked out, so the
    /// facts list no winning moves.
    fn illegal_facts<'a>(
        &'a self,
        position: &'a Position,
        typed: &'a TypedMove,
        reason: &str,
    ) -> impl Serialize + 'a {
        let to = match typed {
            TypedMove::To(to) => Some(to),
            TypedMove::RowRemove { .. } => None,
        };
        facts::illegal(self, position, to, reason)
    }

    fn rows(position: &Position) -> Vec<u64> {
        position.piles().to_vec()
    }

    /// Each row, and each of its groups: a row of 2^64 − 1 sticks is 65.
    fn pieces(position: &Position) -> u64 {
        position.piles().iter().fold(0u64, |pieces, &sticks| {
            pieces.saturating_add(1 + u64::from(sticks.count_ones()))
        })
    }

    const PIECES: &'static str = "rows and groups";

    fn title(&self, position: &Position) -> String {
        self.describe(position.len())
    }

    /// Drawn as a game draws it: in groups, or for a row with limited
    /// takes in the blocks of its pattern.
    fn drawn(&self, position: &Position) -> Result<Block, NimUnanswered> {
        let memo = self.memo(position)?;
        Ok(board::for_game(position, self, memo.pattern.as_ref()))
    }

    fn board_facts(&self, position: &Position) -> impl Serialize {
        facts::board(position, self)
    }

    fn move_facts(mv: &MultiMove) -> impl Serialize {
        facts::played(mv)
    }

    fn sent(&self, position: &Position, sent: &Played) -> Result<MultiMove, IllegalMove> {
        row_move(position, sent.row, sent.take, self).map(MultiMove::from)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::game::Game;

    /// A game on huge rows under a take set, a hundred turns long, each
    /// turn worked out and judged as a game does: the pattern of lost
    /// sizes (one row) or the Grundy values (several rows, normal play)
    /// are worked out once for the whole game, not at every turn.
    #[test]
    fn a_game_under_a_take_set_works_its_pattern_out_once() {
        let huge = 1_000_000_000_000_000_000;
        for (rule, takes, rows) in [
            (Rule::Misere, "1,3,4", vec![huge]),
            (Rule::Normal, "1-3", vec![huge]),
            (Rule::Normal, "1,3,4", vec![huge, huge - 7, 12_345]),
        ] {
            let game = Nim::with_takes(rule, TakeSet::parse(takes).unwrap());
            let mut position = Position::new(rows);
            let mut memo = game.memo(&position).unwrap();
            for _ in 0..100 {
                let analysis = game.analyse(&position, &mut memo).unwrap();
                let mv = Nim::best(&analysis).expect("a huge row has a move");
                game.judge(&analysis, &mv, &mut memo).unwrap();
                position = game.play(&position, &mv).unwrap();
            }
            assert_eq!(memo.solver.patterns_worked(), 1, "{rule:?} {takes}");
        }
    }

    #[test]
    fn a_bad_take_set_is_quoted_on_one_line() {
        // The value is quoted twice, by the error and by the set's own
        // problem; a new line in it once broke the message in two.
        let error = with_takes(false, Some("1\n2")).unwrap_err();
        assert_eq!(
            error.to_string(),
            r"invalid --take '1\n2': '1\n2' is not a number of sticks: give a range like 1-3 or a list like 2,3,5"
        );
    }
}
