//! Nim in a lesson, as [`InLesson`] asks for it: rows read with their
//! rules (`--normal`, `--take`, `--rows-per-move`) and a directive's own
//! options (`--groups`, `--xor`, `--no-move`, `--no-verdict`), the
//! searches of one lesson kept within one budget, the rows drawn plainly
//! until the lesson shows groups, and the words of a question's answer.

use super::{Directive, InLesson, Setup};
use crate::rules::game::nothing_to_play;
use crate::rules::multi_move::MultiMove;
use crate::rules::nim::Nim;
use crate::rules::position::Position;
use crate::rules::rows_per_move;
use crate::rules::rule::Rule;
use crate::rules::take_set::TakeSet;
use crate::solve::one_row::RowPattern;
use crate::solve::search::{Budget, MOST_MOVES, Solver};
use crate::teach::analysis::{Analysis, Extras, Way};
use crate::teach::board;
use crate::teach::check::{right, yes_or_no};
use crate::teach::document::{Block, Document, Reveal};
use crate::teach::explain::{Options, explain};
use crate::teach::verdict::{JudgeError, Judgement};
use crate::teach::words::rows_named;

/// The most moves all the searches of one lesson may try together: as many
/// as one search may, so reading or running a lesson takes no longer than
/// one explanation does.
pub(crate) const LESSON_SEARCH: u64 = MOST_MOVES;

/// How a lesson shows rows of Nim.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Shown {
    /// Whether to add the binary columns to an explanation (`--xor`).
    pub xor: bool,
    /// Whether to draw the rows in their groups, joined stage by stage
    /// (`show: … --groups`).
    pub groups: bool,
}

impl InLesson for Nim {
    type Options = Shown;
    /// The moves the lesson's searches may still try.
    type Budget = u64;

    const DRAWN: &'static str = "The rows";
    const THEN_MOVE: &'static str = "So what do you take?";

    fn budget() -> u64 {
        LESSON_SEARCH
    }

    /// Every position takes `--normal`, `--misere`, `--take SET` and
    /// `--rows-per-move K`; a drawing takes `--groups` too, and an
    /// explanation `--xor`, `--no-move` and `--no-verdict`. A position the
    /// lesson will work out must be one the tool can work out, so a lesson
    /// that passes `--check` also runs; a question must have a move to
    /// make.
    fn read_setup(
        directive: Directive,
        value: &str,
        budget: &mut u64,
    ) -> Result<Setup<Nim>, String> {
        let extra: &[&str] = match directive {
            Directive::Show => &["--groups"],
            Directive::Explain => &["--xor", "--no-move", "--no-verdict"],
            Directive::Question(_) => &[],
        };
        let mut setup = setup(value, extra)?;
        if let Directive::Question(_) = directive
            && let Some(why) = nothing_to_play(&setup.game, &setup.position)
        {
            return Err(format!("cannot be asked: {why}"));
        }
        if directive == Directive::Show {
            return Ok(setup);
        }
        afford(&setup, budget)?;
        let analysis = Analysis::new(
            setup.position.clone(),
            setup.game.clone(),
            Extras::default(),
        )
        .map_err(|e| format!("cannot be worked out: {e}"))?;
        setup.analysis = Some(analysis);
        Ok(setup)
    }

    /// "rows 3 4 5 (last stick loses)", "21 sticks (last stick loses; a
    /// move takes 1 to 3 sticks)".
    fn describe(setup: &Setup<Nim>) -> String {
        format!(
            "{} ({})",
            rows_named(&setup.position),
            setup.game.describe(setup.position.len())
        )
    }

    /// The rows drawn for the class: in their groups when the lesson asks
    /// for them (`--groups`); in blocks when the takes make a simple
    /// pattern, as a game against the computer draws them; otherwise as
    /// plain sticks, so a question does not show its groups.
    fn drawing(setup: &Setup<Nim>) -> Block {
        if setup.options.groups {
            return board::joined(&setup.position);
        }
        match setup.game.is_nim() {
            true => board::plain(&setup.position),
            false => {
                let pattern = RowPattern::new(&setup.game).ok();
                board::for_game(&setup.position, &setup.game, pattern.as_ref())
            }
        }
    }

    fn lesson_analysis(setup: &Setup<Nim>) -> Result<Analysis, JudgeError> {
        Ok(Analysis::new(
            setup.position.clone(),
            setup.game.clone(),
            Extras::default(),
        )?)
    }

    fn explanation(setup: &Setup<Nim>, analysis: &Analysis) -> Document {
        let options = Options {
            xor: setup.options.xor,
            hide: setup.hide,
        };
        explain(analysis, options)
    }

    /// An explanation shows the groups, and so does a drawing in groups.
    fn shows_working(setup: &Setup<Nim>, directive: Directive) -> bool {
        match directive {
            Directive::Explain => true,
            Directive::Show => setup.options.groups,
            Directive::Question(_) => false,
        }
    }

    fn ask_move(position: &Position) -> &'static str {
        match position.len() {
            1 => "Your move: how many do you take?",
            _ => "Your move: what do you take?",
        }
    }

    fn judged(analysis: &Analysis, mv: &MultiMove) -> Result<Judgement, JudgeError> {
        Judgement::from_analysis(analysis.clone(), mv.clone())
    }

    fn right(analysis: &Analysis) -> String {
        right(analysis)
    }

    fn yes_or_no(analysis: &Analysis) -> String {
        yes_or_no(analysis)
    }

    /// A wrong move from one row that took from a row some winning move
    /// takes from: only the number was wrong.
    fn nearly(j: &Judgement) -> Option<&'static str> {
        let rows_left = j.position().piles().iter().filter(|&&n| n > 0).count();
        let one_row_per_move = j.before.game.rows_per_move <= 1;
        let right_row = match j.mv.single().filter(|_| rows_left > 1 && one_row_per_move) {
            Some(mv) => j
                .winning_moves()
                .iter()
                .filter_map(MultiMove::single)
                .any(|w| w.pile == mv.pile),
            None => false,
        };
        right_row.then_some("You took from a good row, but not the right number.")
    }

    /// In a lesson that never shows groups, the rows after the move are
    /// drawn as the question drew them, plain sticks with their counts.
    fn as_shown(mut verdict: Document, j: &Judgement, working_shown: bool) -> Document {
        if !working_shown
            && j.after.game.is_nim()
            && let Some(rows) = verdict.steps.first_mut()
        {
            rows.blocks = vec![board::plain(j.to())];
        }
        verdict
    }
}

/// Reads a position and its options: `3 5 7 --normal --xor`. Every
/// position takes `--normal`, `--misere`, `--take SET` and
/// `--rows-per-move K`; `extra` names the options this directive adds.
fn setup(value: &str, extra: &[&str]) -> Result<Setup<Nim>, String> {
    let mut setup = Setup {
        position: Position::new(Vec::new()),
        game: Nim::new(Rule::Misere),
        options: Shown::default(),
        hide: None,
        analysis: None,
    };
    let mut rows = Vec::new();
    let mut words = value.split_whitespace();
    while let Some(word) = words.next() {
        match word {
            "--normal" => setup.game.rule = Rule::Normal,
            "--misere" => setup.game.rule = Rule::Misere,
            "--take" => {
                let set = words
                    .next()
                    .ok_or("has --take without a set after it, such as 1-3")?;
                setup.game.takes =
                    TakeSet::parse(set).map_err(|e| format!("has a bad --take: {e}"))?;
            }
            "--rows-per-move" => {
                let k = words
                    .next()
                    .ok_or("has --rows-per-move without a number after it, such as 2")?;
                setup.game.rows_per_move = rows_per_move::parse(k)
                    .map_err(|e| format!("has a bad --rows-per-move: {e}"))?;
            }
            option if extra.contains(&option) => match option {
                "--xor" => setup.options.xor = true,
                "--groups" => setup.options.groups = true,
                "--no-move" => setup.hide = Some(Reveal::Move),
                _ => setup.hide = Some(Reveal::Outcome),
            },
            option if option.starts_with("--") => {
                let mut allowed = vec!["--normal", "--misere", "--take", "--rows-per-move"];
                allowed.extend(extra);
                let last = allowed.pop().unwrap_or_default();
                return Err(format!(
                    "has an unknown option '{option}': the options here are {} and {last}",
                    allowed.join(", ")
                ));
            }
            row => rows.push(row),
        }
    }
    // K was read as at least 1, so only a take set can be refused here.
    setup.game = setup
        .game
        .with_rows_per_move(setup.game.rows_per_move)
        .map_err(|_| {
            "uses --take with --rows-per-move above 1: a limited set of takes is only worked out for moves from one row, so leave one of them out".to_string()
        })?;
    if (setup.options.xor || setup.options.groups) && setup.game.takes != TakeSet::Any {
        return Err(
            "cannot use --xor or --groups with --take: groups and binary are for Nim".to_string(),
        );
    }
    setup.position = Position::parse(&rows).map_err(|e| match rows.is_empty() {
        true => "needs a position, such as 3 5 7".to_string(),
        false => format!("has a bad position: {e}"),
    })?;
    Ok(setup)
}

/// Counts the search a position needs against the lesson's `budget`, so a
/// lesson of many heavy positions is refused before any is searched.
fn afford(setup: &Setup<Nim>, budget: &mut u64) -> Result<(), String> {
    if Way::of(&setup.position, &setup.game) != Way::Search {
        return Ok(());
    }
    let work = Solver::for_game(setup.game.clone(), Budget::default())
        .estimate(setup.position.piles())
        .map_err(|e| format!("cannot be worked out: {e}"))?;
    match budget.checked_sub(work.moves) {
        Some(left) => {
            *budget = left;
            Ok(())
        }
        None => Err(format!(
            "cannot be worked out: with the positions before it, the lesson would try more than {LESSON_SEARCH} moves in its searches, the most one lesson may; use smaller rows"
        )),
    }
}
