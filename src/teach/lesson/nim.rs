//! Nim in a lesson, as [`InLesson`] asks for it: rows read with their
//! rules (`--normal`, `--take`, `--rows-per-move`) and a directive's own
//! options (`--groups`, `--xor`, `--no-move`, `--no-verdict`), what each
//! position will cost charged before it is worked out, the searches of one
//! lesson kept within one budget, the rows drawn plainly until the lesson
//! shows groups, and the words of a question's answer.

use std::collections::HashMap;
use std::num::NonZeroU32;

use super::{Directive, InLesson, POSITION_STEPS, Refused, Setup, Work};
use crate::rules::game::nothing_to_play;
use crate::rules::multi_move::MultiMove;
use crate::rules::nim::Nim;
use crate::rules::position::Position;
use crate::rules::rows_per_move;
use crate::rules::rule::Rule;
use crate::rules::take_set::TakeSet;
use crate::solve::grundy::Grundy;
use crate::solve::moore_count::most_steps;
use crate::solve::one_row::{RowPattern, pattern_limit};
use crate::solve::search::{Budget, MOST_MOVES, Solver};
use crate::teach::analysis::{Analysis, AnalysisError, Extras, MOST_MOORE_ROWS, Way};
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

/// The steps of a lesson's work (`LESSON_WORK`) each row of a position
/// costs: drawn, grouped, explained and printed. An explanation of a
/// thousand small rows prints about a megabyte of HTML and takes about as
/// long as this many steps for each row.
pub(crate) const ROW_STEPS: u64 = 2_000;

/// The steps each group of a row costs beyond [`ROW_STEPS`]: every group
/// is drawn, paired and told in every step, so a row of 64 groups prints
/// twenty times the HTML of a row of one.
pub(crate) const GROUP_STEPS: u64 = 500;

/// What a row of `sticks` costs a lesson: [`ROW_STEPS`], and
/// [`GROUP_STEPS`] for each of its groups.
pub(crate) fn row_steps(sticks: u64) -> u64 {
    ROW_STEPS + GROUP_STEPS * u64::from(sticks.count_ones())
}

/// The steps working out a pattern of takes costs for each row size, beyond
/// a step for each take it looks at: keeping the value and looking for a
/// repeat.
const STEPS_PER_SIZE: u64 = 10;

/// How often one position may have its game's patterns worked out: for
/// its analysis, its drawing, and its Grundy values in an explanation.
const PATTERN_USES: u64 = 3;

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
    /// The moves the lesson's searches may still try, and the steps
    /// working out the patterns of each game with a set of takes costs,
    /// measured the first time the lesson meets the game.
    type Budget = (u64, HashMap<Nim, u64>);
    /// The search the tries are judged with, when the question has a try.
    type Kept = Option<Solver>;

    const DRAWN: &'static str = "The rows";
    const THEN_MOVE: &'static str = "So what do you take?";

    fn budget() -> (u64, HashMap<Nim, u64>) {
        (LESSON_SEARCH, HashMap::new())
    }

    /// Every position takes `--normal`, `--misere`, `--take SET` and
    /// `--rows-per-move K`; a drawing takes `--groups` too, and an
    /// explanation `--xor`, `--no-move` and `--no-verdict`. A position the
    /// lesson will work out must be one the tool can work out, so a lesson
    /// that passes `--check` also runs; a question must have a move to
    /// make. Each position costs its rows, the patterns of its takes, and
    /// the work of the method that will explain it: counting the winning
    /// moves from several rows, a row's value for each take, or a search.
    fn read_setup(
        directive: Directive,
        value: &str,
        (moves, patterns): &mut (u64, HashMap<Nim, u64>),
        work: &mut Work,
    ) -> Result<Setup<Nim>, Refused> {
        let extra: &[&str] = match directive {
            Directive::Show => &["--groups"],
            Directive::Explain => &["--xor", "--no-move", "--no-verdict"],
            Directive::Question(_) => &[],
        };
        let setup = setup(value, extra)?;
        if let Directive::Question(_) = directive
            && let Some(why) = nothing_to_play(&setup.game, &setup.position)
        {
            return Err(format!("cannot be asked: {why}").into());
        }
        let rows = setup.position.len();
        let way = Way::of(&setup.position, &setup.game);
        if way == Way::Moore && directive != Directive::Show && rows > MOST_MOORE_ROWS {
            let refused = AnalysisError::TooManyRows { rows };
            return Err(format!("cannot be worked out: {refused}").into());
        }
        let drawn = setup.position.piles().iter().fold(0u64, |steps, &sticks| {
            steps.saturating_add(row_steps(sticks))
        });
        let worked_out = pattern_steps(&setup.game, patterns);
        work.spend(
            POSITION_STEPS
                .saturating_add(drawn)
                .saturating_add(worked_out.saturating_mul(PATTERN_USES)),
        )?;
        if directive == Directive::Show {
            return Ok(setup);
        }
        match way {
            Way::Search => afford(&setup, moves)?,
            Way::Moore => {
                let k = NonZeroU32::new(setup.game.rows_per_move).unwrap_or(NonZeroU32::MIN);
                work.spend(most_steps(setup.position.piles(), k))?;
            }
            // Each row's winning takes are looked for among all the takes.
            Way::Grundy => {
                let takes = setup.game.takes.only().map_or(1, <[u64]>::len) as u64;
                work.spend((rows as u64).saturating_mul(takes))?;
            }
            Way::Grouping | Way::OneRow(_) => {}
        }
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

    /// The first try searches the question's position, when its method is
    /// the search, and every later try finds what its move leaves there.
    fn judged(
        analysis: &Analysis,
        kept: &mut Option<Solver>,
        mv: &MultiMove,
    ) -> Result<Judgement, JudgeError> {
        let solver = kept.get_or_insert_with(|| {
            let (position, game) = (&analysis.position, &analysis.game);
            let mut solver = Solver::for_game(game.clone(), Budget::default());
            if Way::of(position, game) == Way::Search {
                // Within the budget the lesson charged; were it not, each
                // try would search on its own.
                let _ = solver.solve(position.piles());
            }
            solver
        });
        Judgement::using(analysis.clone(), mv.clone(), solver)
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

/// Counts the search a position needs against the lesson's budget of
/// `moves`, so a lesson of many heavy positions is refused before any is
/// searched.
fn afford(setup: &Setup<Nim>, moves: &mut u64) -> Result<(), Refused> {
    let work = Solver::for_game(setup.game.clone(), Budget::default())
        .estimate(setup.position.piles())
        .map_err(|e| format!("cannot be worked out: {e}"))?;
    match moves.checked_sub(work.moves) {
        Some(left) => {
            *moves = left;
            Ok(())
        }
        None => Err(Refused::over_budget(
            "try more than",
            LESSON_SEARCH,
            "moves in its searches",
            "LESSON_SEARCH",
            "use smaller rows, or split the lesson",
        )),
    }
}

/// The steps working out the patterns of `game`'s takes costs once: the
/// lost counts of a row and, in normal play, its Grundy values, each a
/// step for every take looked at and [`STEPS_PER_SIZE`] more for every row
/// size worked out. Nothing for Nim. Each game is worked out the first
/// time a lesson meets it, and what that took is kept in `known`.
fn pattern_steps(game: &Nim, known: &mut HashMap<Nim, u64>) -> u64 {
    let Some(takes) = game.takes.only() else {
        return 0;
    };
    if let Some(&steps) = known.get(game) {
        return steps;
    }
    let widest = takes.last().copied().unwrap_or(1);
    let count = takes.len() as u64;
    // Sizes are worked out until the last `widest` of them repeat; one
    // that never repeats stops at the limit.
    let limit = pattern_limit(takes.len()) as u64;
    let sizes = |start: u64, period: u64| start.saturating_add(period).saturating_add(widest);
    let lost = RowPattern::new(game).map_or(limit, |p| sizes(p.start(), p.period()));
    let values = match game.rule {
        Rule::Normal => Grundy::new(game).map_or(limit, |g| sizes(g.start(), g.period())),
        Rule::Misere => 0,
    };
    let per_size = count + STEPS_PER_SIZE;
    let steps = lost
        .saturating_add(values.saturating_mul(2))
        .saturating_mul(per_size);
    known.insert(game.clone(), steps);
    steps
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::teach::lesson::LESSON_WORK;

    /// What reading `value` for `directive` leaves of the lesson's work,
    /// with the patterns `known` so far.
    fn left_after(directive: Directive, value: &str, known: &mut HashMap<Nim, u64>) -> u64 {
        let mut budget = (LESSON_SEARCH, std::mem::take(known));
        let mut work = Work::default();
        let read = Setup::<Nim>::read(directive, value, &mut budget, &mut work);
        assert!(read.is_ok(), "{value}: {read:?}");
        *known = budget.1;
        work.left()
    }

    #[test]
    fn a_position_costs_its_rows_and_a_game_s_patterns_are_worked_out_once() {
        let mut known = HashMap::new();
        let plain = LESSON_WORK - left_after(Directive::Show, "3 5 7", &mut known);
        // 3, 5 and 7 are 2, 2 and 3 groups.
        assert_eq!(plain, POSITION_STEPS + 3 * ROW_STEPS + 7 * GROUP_STEPS);
        assert!(known.is_empty(), "Nim has no pattern to work out");
        let first = LESSON_WORK - left_after(Directive::Show, "21 --take 1-3", &mut known);
        assert_eq!(known.len(), 1);
        let again = LESSON_WORK - left_after(Directive::Explain, "22 --take 1-3", &mut known);
        assert_eq!(known.len(), 1, "the same game is not worked out again");
        // Every use is charged all the same: the pattern of takes of 1 to
        // 3 repeats at once, so it costs little.
        assert_eq!(first, again);
        let pattern = first - POSITION_STEPS - row_steps(21);
        assert!(pattern > 0 && pattern < ROW_STEPS, "{pattern}");
    }

    #[test]
    fn counting_winning_moves_from_several_rows_is_charged_before_it_runs() {
        let mut known = HashMap::new();
        let rows: Vec<String> = (1..=1000).map(|n| n.to_string()).collect();
        let value = format!("{} --rows-per-move 2", rows.join(" "));
        let groups: u64 = (1..=1000u64).map(|n| u64::from(n.count_ones())).sum();
        let drawn = POSITION_STEPS + 1000 * ROW_STEPS + groups * GROUP_STEPS;
        let shown = LESSON_WORK - left_after(Directive::Show, &value, &mut known);
        assert_eq!(shown, drawn, "a drawing counts nothing");
        let explained = LESSON_WORK - left_after(Directive::Explain, &value, &mut known);
        assert_eq!(explained, drawn + crate::solve::moore_count::COUNT_STEPS);
    }
}
