//! Chomp in a lesson: a bar to draw (`chomp-show:`), a bar worked through
//! (`chomp-explain:`), and a question answered with a bite
//! (`chomp-question:`).
//!
//! Each bar is read here, with its options, and worked out once, when the
//! lesson is read; a question is asked through `chomp_asking.rs`.

use crate::console::bite::parse_bite;
use crate::rules::bar::{Bar, Bite};
use crate::solve::chomp::{LARGEST_SEARCH, reachable};
use crate::teach::chomp::analysis::BarAnalysis;
use crate::teach::chomp::check::BiteError;
use crate::teach::chomp::explain::explain;
use crate::teach::chomp::hints::hints;
use crate::teach::chomp::words::{drawn, shapes as shapes_in_words, titled};
use crate::teach::document::{Block, Document, Reveal};
use crate::teach::words::with_commas;

/// The most shapes all the Chomp searches of one lesson may value
/// together: as many as one search may, so reading a lesson takes no
/// longer than explaining its biggest bar does.
pub const LESSON_SHAPES: u64 = LARGEST_SEARCH;

/// A bar of Chomp in a lesson, and how to present it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BarSetup {
    /// The bar.
    pub bar: Bar,
    /// A bite to mark on a drawn bar (`chomp-show: 3x4 --bite 3,4`).
    pub bite: Option<Bite>,
    /// Where an explanation stops, so a question that follows is not
    /// answered in advance: before the bite (`--no-move`).
    pub hide: Option<Reveal>,
    /// The bar worked out, for explanations and questions: done once, when
    /// the lesson is read.
    pub analysis: Option<BarAnalysis>,
}

impl BarSetup {
    /// The bar drawn for the class, with the lesson's bite marked, if it
    /// names one.
    pub fn drawing(&self) -> Block {
        Block::Bar(drawn(&self.bar, self.bite))
    }

    /// The bar worked out: as the lesson kept it, or worked out now.
    pub fn analysis(&self) -> Result<BarAnalysis, BiteError> {
        match &self.analysis {
            Some(analysis) => Ok(analysis.clone()),
            None => Ok(BarAnalysis::new(&self.bar)?),
        }
    }

    /// The explanation of the bar, cut short before the bite when the
    /// lesson asks.
    pub fn explanation(&self) -> Result<Document, BiteError> {
        let mut doc = explain(&self.analysis()?);
        if let Some(hide) = self.hide {
            doc.steps
                .retain(|s| s.reveals.is_none_or(|shown| shown < hide));
        }
        Ok(doc)
    }

    /// The hint stages for the bar, first to last.
    pub fn hints(&self) -> Result<Vec<String>, BiteError> {
        Ok(hints(&self.analysis()?))
    }
}

/// A question: the class suggests a bite, the tool judges it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChompQuestion {
    /// The bar the class bites.
    pub setup: BarSetup,
    /// What to ask, if the teacher wrote it.
    pub ask: Option<String>,
    /// Hints, shown one at a time on request.
    pub hints: Vec<String>,
    /// The teacher's words for the reveal.
    pub answer: String,
}

impl ChompQuestion {
    /// The bar and the game's rule: "2x3 (Chomp: whoever eats the poisoned
    /// square loses)".
    pub fn describe(&self) -> String {
        titled(&self.setup.bar)
    }

    /// The line that opens the question: "Question: 2x3 (Chomp: whoever
    /// eats the poisoned square loses)".
    pub fn heading(&self) -> String {
        format!("Question: {}", self.describe())
    }

    /// What the question asks: the teacher's words, or the tool's own.
    pub fn asked(&self) -> &str {
        match &self.ask {
            Some(ask) => ask,
            None => "Your bite: which square do you bite?",
        }
    }
}

/// Reads the bar of a Chomp directive and its options (`4x5 --no-move`),
/// works it out when the directive needs it, and charges its search to
/// `shapes_left`. The message says what is wrong, after the directive's
/// name.
pub fn bar_setup(keyword: &str, value: &str, shapes_left: &mut u64) -> Result<BarSetup, String> {
    let options: &[&str] = match keyword {
        "chomp-show" => &["--bite"],
        "chomp-explain" => &["--no-move"],
        _ => &[],
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
                bite = Some(parse_bite(text).map_err(|e| format!("has a bad --bite: {e}"))?);
            }
            option if option.starts_with("--") => {
                return Err(match options {
                    [] => format!("has an unknown option '{option}': it takes none"),
                    _ => format!(
                        "has an unknown option '{option}': the options here are {}",
                        options.join(", ")
                    ),
                });
            }
            shape => words.push(shape),
        }
    }
    if words.is_empty() {
        return Err("needs a bar, such as 4x5 or 5,5,3".to_string());
    }
    let bar = Bar::parse(&words).map_err(|e| format!("has a bad bar: {e}"))?;
    if let Some(bite) = bite {
        bar.bite(bite)
            .map_err(|e| format!("has a --bite that is not on the bar: {e}"))?;
    }
    let mut setup = BarSetup {
        bar,
        bite,
        hide,
        analysis: None,
    };
    if keyword == "chomp-show" {
        return Ok(setup);
    }
    let shapes = reachable(&setup.bar);
    if keyword == "chomp-question" {
        if setup.bar.squares() == 1 {
            return Err("needs a bar with more than the poisoned square, such as 2x3".to_string());
        }
        if shapes > u128::from(LARGEST_SEARCH) {
            return Err(format!(
                "cannot be asked: a game on this bar can reach {} shapes, more than the search's limit of {}, and bites are judged by the search; use a bar with fewer rows or columns",
                shapes_in_words(shapes),
                with_commas(u128::from(LARGEST_SEARCH))
            ));
        }
    }
    // Only a search costs: beyond it, a rule answers at once.
    if shapes <= u128::from(LARGEST_SEARCH) {
        *shapes_left = shapes_left.checked_sub(shapes as u64).ok_or_else(|| {
            format!(
                "cannot be worked out: with the bars before it, the lesson's searches would look at more than {LESSON_SHAPES} shapes, the most one lesson may; use smaller bars"
            )
        })?;
    }
    let analysis =
        BarAnalysis::new(&setup.bar).map_err(|e| format!("cannot be worked out: {e}"))?;
    setup.analysis = Some(analysis);
    Ok(setup)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn setup(keyword: &str, value: &str) -> Result<BarSetup, String> {
        let mut left = LESSON_SHAPES;
        bar_setup(keyword, value, &mut left)
    }

    #[test]
    fn bars_are_read_with_their_options() {
        let shown = setup("chomp-show", "5 5 3").unwrap();
        assert_eq!(shown.bar.row_lengths(), [5, 5, 3]);
        assert!(shown.analysis.is_none());
        let marked = setup("chomp-show", "3x4 --bite 3,4").unwrap();
        assert_eq!(marked.bite, Some(Bite::new(3, 4)));
        let explained = setup("chomp-explain", "4x5 --no-move").unwrap();
        assert_eq!(explained.hide, Some(Reveal::Move));
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
                "needs a bar with more than the poisoned square, such as 2x3",
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
            bar_setup("chomp-explain", "10x10", &mut left).unwrap();
        }
        let refused = bar_setup("chomp-question", "10x10", &mut left).unwrap_err();
        assert!(refused.contains("the most one lesson may"), "{refused}");
        // Drawing costs nothing.
        assert!(bar_setup("chomp-show", "10x10", &mut left).is_ok());
    }
}
