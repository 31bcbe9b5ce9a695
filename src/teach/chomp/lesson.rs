//! Chomp in a lesson, as [`InLesson`] asks for it: a bar to draw
//! (`chomp-show:`, with a bite to mark, `--bite`), a bar worked through
//! (`chomp-explain:`, `--no-move`), and a question answered with a bite
//! (`chomp-question:`). Each bar is read here, its squares charged to the
//! lesson's work and its search to the lesson's budget of shapes, and
//! worked out once the whole lesson is read.

use super::analysis::BarAnalysis;
use super::check::{BiteJudgement, answer};
use super::explain::explain;
use super::reply::parse_given_bite;
use super::teaching::ChompError;
use super::words::{drawn, shapes as shapes_in_words, titled};
use crate::rules::bar::{Bar, Bite};
use crate::rules::game::{Chomp, nothing_to_play};
use crate::rules::outcome::Outcome;
use crate::solve::chomp::{ChompSearch, LARGEST_SEARCH, reachable};
use crate::teach::document::{Block, Document, Reveal};
use crate::teach::lesson::{Directive, InLesson, POSITION_STEPS, Refused, Setup, Work};
use crate::teach::words::{capitalised, with_commas};

/// The most shapes all the Chomp searches of one lesson may value
/// together: as many as one search may, so reading a lesson takes no
/// longer than explaining its biggest bar does.
pub(crate) const LESSON_SHAPES: u64 = LARGEST_SEARCH;

/// The steps of a lesson's work (`LESSON_WORK`) each square of a bar
/// costs, drawn and printed: a bar of 64 by 64 squares draws about 400 KB
/// of HTML.
pub(crate) const SQUARE_STEPS: u64 = 200;

impl InLesson for Chomp {
    /// A bite to mark on a drawn bar (`chomp-show: 3x4 --bite 3,4`).
    type Options = Option<Bite>;
    /// The shapes the lesson's searches may still value.
    type Budget = u64;
    /// The search of every game from the question's bar, made at the first
    /// try; `None` inside before it, or when the bar is beyond the search.
    type Kept = Option<Option<ChompSearch>>;

    const DRAWN: &'static str = "The bar";
    const THEN_MOVE: &'static str = "So which square do you bite?";

    fn budget() -> u64 {
        LESSON_SHAPES
    }

    fn read_setup(
        directive: Directive,
        value: &str,
        budget: &mut u64,
        work: &mut Work,
    ) -> Result<Setup<Chomp>, Refused> {
        bar_setup(directive, value, budget, work)
    }

    /// "2x3 (Chomp: whoever eats the poisoned square loses)".
    fn describe(setup: &Setup<Chomp>) -> String {
        titled(&setup.position)
    }

    /// The bar, with the lesson's bite marked, if it names one.
    fn drawing(setup: &Setup<Chomp>) -> Block {
        Block::Bar(drawn(&setup.position, setup.options))
    }

    fn lesson_analysis(setup: &Setup<Chomp>) -> Result<BarAnalysis, ChompError> {
        Ok(BarAnalysis::new(&setup.position)?)
    }

    /// The explanation, cut short before the bite when the lesson asks.
    fn explanation(setup: &Setup<Chomp>, analysis: &BarAnalysis) -> Document {
        let mut doc = explain(analysis);
        if let Some(hide) = setup.hide {
            doc.steps
                .retain(|s| s.reveals.is_none_or(|shown| shown < hide));
        }
        doc
    }

    /// A bar shows no working of its own.
    fn shows_working(_: &Setup<Chomp>, _: Directive) -> bool {
        false
    }

    fn ask_move(_: &Bar) -> &'static str {
        "Your bite: which square do you bite?"
    }

    fn judged(
        analysis: &BarAnalysis,
        kept: &mut Option<Option<ChompSearch>>,
        bite: &Bite,
    ) -> Result<BiteJudgement, ChompError> {
        let search = kept.get_or_insert_with(|| ChompSearch::search(&analysis.bar).ok());
        Ok(BiteJudgement::new(&analysis.bar, *bite, search.as_ref())?)
    }

    fn right(analysis: &BarAnalysis) -> String {
        match analysis.outcome {
            Outcome::Win => "you can win.".to_string(),
            Outcome::Lose => "no bite wins here.".to_string(),
        }
    }

    fn yes_or_no(analysis: &BarAnalysis) -> String {
        match analysis.outcome {
            Outcome::Win => format!("yes. {}", capitalised(&answer(analysis))),
            Outcome::Lose => "no.".to_string(),
        }
    }

    fn nearly(_: &BiteJudgement) -> Option<&'static str> {
        None
    }

    /// A bar is drawn the same in every lesson.
    fn as_shown(verdict: Document, _: &BiteJudgement, _: bool) -> Document {
        verdict
    }
}

/// Reads the bar of a Chomp directive and its options (`4x5 --no-move`),
/// charges its squares to `work` and, when the directive works it out, its
/// search to `shapes_left`. The message says what is wrong, after the
/// directive's name.
fn bar_setup(
    directive: Directive,
    value: &str,
    shapes_left: &mut u64,
    work: &mut Work,
) -> Result<Setup<Chomp>, Refused> {
    let options: &[&str] = match directive {
        Directive::Show => &["--bite"],
        Directive::Explain => &["--no-move"],
        Directive::Question(_) => &[],
    };
    let mut hide = None;
    let mut bite = None;
    let mut words = Vec::new();
    let mut given = value.split_whitespace();
    while let Some(word) = given.next() {
        match word {
            "--no-move" if options.contains(&word) => hide = Some(Reveal::Move),
            "--bite" if options.contains(&word) => {
                let text = given
                    .next()
                    .ok_or("has --bite without a square after it, such as 3,4")?;
                bite = Some(parse_given_bite(text).map_err(|e| format!("has a bad --bite: {e}"))?);
            }
            option if option.starts_with("--") => {
                return Err(match options {
                    [] => format!("has an unknown option '{option}': it takes none"),
                    _ => format!(
                        "has an unknown option '{option}': the options here are {}",
                        options.join(", ")
                    ),
                }
                .into());
            }
            shape => words.push(shape),
        }
    }
    if words.is_empty() {
        return Err("needs a bar, such as 4x5 or 5,5,3".into());
    }
    let bar = Bar::parse(&words).map_err(|e| format!("has a bad bar: {e}"))?;
    if let Some(bite) = bite {
        bar.bite(bite)
            .map_err(|e| format!("has a --bite that is not on the bar: {e}"))?;
    }
    let shapes = reachable(&bar);
    if let Directive::Question(_) = directive {
        if let Some(why) = nothing_to_play(&Chomp, &bar) {
            return Err(format!("cannot be asked: {why}").into());
        }
        if shapes > u128::from(LARGEST_SEARCH) {
            return Err(format!(
                "cannot be asked: a game on this bar can reach {} shapes, more than the search's limit of {}, and bites are judged by the search; use a bar with fewer rows or columns",
                shapes_in_words(shapes),
                with_commas(u128::from(LARGEST_SEARCH))
            )
            .into());
        }
    }
    let squares = bar.squares() as u64;
    work.spend(POSITION_STEPS.saturating_add(squares.saturating_mul(SQUARE_STEPS)))?;
    let setup = Setup {
        position: bar,
        game: Chomp,
        options: bite,
        hide,
        analysis: None,
    };
    // Only a search costs: beyond it, a rule answers at once.
    if directive != Directive::Show && shapes <= u128::from(LARGEST_SEARCH) {
        *shapes_left = shapes_left.checked_sub(shapes as u64).ok_or_else(|| {
            Refused::over_budget(
                "value more than",
                LESSON_SHAPES,
                "shapes in its searches",
                "LESSON_SHAPES",
                "use smaller bars, or split the lesson",
            )
        })?;
    }
    Ok(setup)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read_bar(keyword: &str, value: &str, left: &mut u64) -> Result<Setup<Chomp>, Refused> {
        let directive = match keyword {
            "chomp-show" => Directive::Show,
            "chomp-explain" => Directive::Explain,
            _ => Directive::Question(crate::teach::lesson::Asks::Move),
        };
        Setup::read(directive, value, left, &mut Work::default())
    }

    fn setup(keyword: &str, value: &str) -> Result<Setup<Chomp>, String> {
        let mut left = LESSON_SHAPES;
        read_bar(keyword, value, &mut left).map_err(|refused| match refused {
            Refused::Problem(message) => message,
            Refused::OverBudget(message) => format!("over budget: {message}"),
        })
    }

    #[test]
    fn bars_are_read_with_their_options() {
        let shown = setup("chomp-show", "5 5 3").unwrap();
        assert_eq!(shown.position.row_lengths(), [5, 5, 3]);
        assert!(shown.analysis.is_none());
        let marked = setup("chomp-show", "3x4 --bite 3,4").unwrap();
        assert_eq!(marked.options, Some(Bite::new(3, 4)));
        let mut explained = setup("chomp-explain", "4x5 --no-move").unwrap();
        assert_eq!(explained.hide, Some(Reveal::Move));
        // Worked out once the whole lesson is read.
        assert!(explained.analysis.is_none());
        explained.work_out().unwrap();
        assert!(explained.analysis.is_some());
        // Beyond the search a rectangle is still explained.
        assert!(setup("chomp-explain", "30x30").is_ok());
        let problems = [
            ("chomp-show", "", "needs a bar, such as 4x5 or 5,5,3"),
            (
                "chomp-show",
                "4x",
                "has a bad bar: '4x' is not a shape: type rows x columns such as 4x5, or the row lengths from the top such as 5,5,3",
            ),
            (
                "chomp-show",
                "3x4 --bite 4,1",
                "has a --bite that is not on the bar: there is no row 4: this bar has rows 1 to 3",
            ),
            (
                "chomp-show",
                "3x4 --bite",
                "has --bite without a square after it, such as 3,4",
            ),
            (
                "chomp-question",
                "2x3 --no-move",
                "has an unknown option '--no-move': it takes none",
            ),
            (
                "chomp-explain",
                "2x3 --xor",
                "has an unknown option '--xor': the options here are --no-move",
            ),
            (
                "chomp-question",
                "1x1",
                "cannot be asked: there is no bite to make from 1x1: start with a bar bigger than the poisoned square, such as 2x3",
            ),
            (
                "chomp-question",
                "12x12",
                "cannot be asked: a game on this bar can reach 2,704,156 shapes, more than the search's limit of 2,000,000, and bites are judged by the search; use a bar with fewer rows or columns",
            ),
        ];
        for (keyword, value, message) in problems {
            assert_eq!(setup(keyword, value).unwrap_err(), message, "{value}");
        }
    }

    #[test]
    fn the_searches_of_a_lesson_share_one_budget() {
        // 10x10 has 184,756 shapes: ten of them fit, the eleventh does not.
        let mut left = LESSON_SHAPES;
        for _ in 0..10 {
            read_bar("chomp-explain", "10x10", &mut left).unwrap();
        }
        let refused = read_bar("chomp-question", "10x10", &mut left).unwrap_err();
        assert_eq!(
            refused,
            Refused::OverBudget(
                "by this line the lesson would value more than 2,000,000 shapes in its searches (LESSON_SHAPES), the most one lesson may: use smaller bars, or split the lesson".to_string()
            )
        );
        // Drawing searches nothing.
        assert!(read_bar("chomp-show", "10x10", &mut left).is_ok());
    }

    #[test]
    fn every_square_drawn_is_charged_to_the_lesson_s_work() {
        let costs = [("chomp-show", "4x5"), ("chomp-explain", "64x64")];
        for (keyword, bar) in costs {
            let squares = Bar::parse(&[bar]).unwrap().squares() as u64;
            let cost = POSITION_STEPS + squares * SQUARE_STEPS;
            let directive = match keyword {
                "chomp-show" => Directive::Show,
                _ => Directive::Explain,
            };
            let mut left = LESSON_SHAPES;
            let mut just_enough = Work::of(cost);
            assert!(Setup::<Chomp>::read(directive, bar, &mut left, &mut just_enough).is_ok());
            let mut short = Work::of(cost - 1);
            let refused = Setup::<Chomp>::read(directive, bar, &mut left, &mut short);
            assert!(
                matches!(refused, Err(Refused::OverBudget(_))),
                "{refused:?}"
            );
        }
    }
}
