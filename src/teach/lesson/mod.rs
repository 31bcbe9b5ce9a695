//! A game as a lesson presents it: a position read from a lesson file with
//! the game's own options, worked out once when the lesson is read,
//! drawn, explained, and asked about.
//!
//! The lesson format, its runner at the terminal and on the page, and the
//! asking of a question are written once, in `lesson/`, against
//! [`InLesson`]; each game says here what only it knows: which options a
//! position takes, what it costs and how much searching a lesson may do
//! (`nim.rs` for Nim, `teach/chomp/lesson.rs` for Chomp), and the words of
//! an answer.
//!
//! A lesson's whole run has one budget of work, [`LESSON_WORK`], and each
//! game's searches one more. Every line is charged as the lesson is read,
//! before anything is worked out, with what it will cost to work out, lay
//! out and print, so a lesson past a budget is refused at once, at the
//! line that passed it.

pub(crate) mod nim;

use std::fmt;

use super::document::{Block, Document, Reveal};
use super::reply::Replies;
use super::words::with_commas;

/// The steps of work one lesson may take, besides its searches: working
/// its positions out, laying them out and printing them, counted line by
/// line as it is read. A step is about what one step of counting the
/// winning moves from several rows costs, some nanoseconds, so a lesson at
/// this budget runs in a fraction of a second and its HTML handout stays
/// within tens of megabytes.
pub(crate) const LESSON_WORK: u64 = 50_000_000;

/// The steps every line of a lesson that is not blank or a comment costs:
/// narration, a pause or a directive, printed and laid out.
pub(crate) const LINE_STEPS: u64 = 2_000;

/// The steps a position costs, beyond its line and its size: drawn,
/// explained or asked about.
pub(crate) const POSITION_STEPS: u64 = 20_000;

/// What one lesson may still spend of [`LESSON_WORK`].
#[derive(Debug)]
pub struct Work {
    left: u64,
}

impl Default for Work {
    fn default() -> Work {
        Work { left: LESSON_WORK }
    }
}

impl Work {
    /// A budget of `steps`, for a test.
    #[cfg(test)]
    pub(crate) fn of(steps: u64) -> Work {
        Work { left: steps }
    }

    /// The steps left, for a test.
    #[cfg(test)]
    pub(crate) fn left(&self) -> u64 {
        self.left
    }

    /// Spends `steps`, or refuses the line that would pass the budget.
    pub(crate) fn spend(&mut self, steps: u64) -> Result<(), Refused> {
        match self.left.checked_sub(steps) {
            Some(left) => {
                self.left = left;
                Ok(())
            }
            None => Err(Refused::over_budget(
                "take more than",
                LESSON_WORK,
                "steps of work",
                "LESSON_WORK",
                "split it into shorter lessons, or use fewer or smaller positions",
            )),
        }
    }
}

/// Why a line of a lesson was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refused {
    /// It is wrong as it is written: what is wrong, after the directive's
    /// name ("has a bad position: …").
    Problem(String),
    /// With it, the lesson would pass one of its budgets, named; nothing
    /// after it is read.
    OverBudget(String),
}

impl Refused {
    /// The lesson would `do` more than `limit` `things`, the budget
    /// called `name` in the book's limits: "by this line the lesson would
    /// take more than 50,000,000 steps of work (LESSON_WORK), the most one
    /// lesson may: …".
    pub(crate) fn over_budget(
        would: &str,
        limit: u64,
        things: &str,
        name: &str,
        instead: &str,
    ) -> Refused {
        Refused::OverBudget(format!(
            "by this line the lesson would {would} {} {things} ({name}), the most one lesson may: {instead}",
            with_commas(u128::from(limit))
        ))
    }
}

impl From<String> for Refused {
    fn from(problem: String) -> Refused {
        Refused::Problem(problem)
    }
}

impl From<&str> for Refused {
    fn from(problem: &str) -> Refused {
        Refused::Problem(problem.to_string())
    }
}

/// What a question asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Asks {
    /// A move (`question:`).
    Move,
    /// Yes or no, then the move when the answer is yes (`can-you-win:`).
    CanYouWin,
}

/// What a lesson does with a position it reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Directive {
    /// Draws it (`show:`).
    Show,
    /// Works through it (`explain:`).
    Explain,
    /// Asks the class about it (`question:`, `can-you-win:`).
    Question(Asks),
}

/// A position with its game and how a lesson presents it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup<G: InLesson> {
    /// The rows, or the bar.
    pub position: G::Position,
    /// The game's rules: misère or normal play and the takes allowed, for
    /// Nim.
    pub game: G,
    /// The game's own options for drawing or explaining the position.
    pub options: G::Options,
    /// Where an explanation stops, so a question that follows is not
    /// answered in advance: before the move (`--no-move`), or before it
    /// even says who wins (`--no-verdict`).
    pub hide: Option<Reveal>,
    /// The position worked out, for explanations and questions: done once,
    /// when the lesson is read, and used when it runs.
    pub analysis: Option<G::Analysis>,
}

impl<G: InLesson> Setup<G> {
    /// Reads a position of a `directive` and its options, such as
    /// `3 5 7 --normal` or `4x5 --no-move`, charging to `work` what it
    /// will cost and to `budget` the search it will need, without working
    /// anything out yet ([`Setup::work_out`] does, once the lesson is read
    /// within its budgets).
    pub(crate) fn read(
        directive: Directive,
        value: &str,
        budget: &mut G::Budget,
        work: &mut Work,
    ) -> Result<Setup<G>, Refused> {
        G::read_setup(directive, value, budget, work)
    }

    /// Works the position out, for a directive that explains it or asks
    /// about it, and keeps the analysis; the message says why it cannot
    /// be, after the directive's name.
    pub(crate) fn work_out(&mut self) -> Result<(), String> {
        let analysis =
            G::lesson_analysis(self).map_err(|e| format!("cannot be worked out: {e}"))?;
        self.analysis = Some(analysis);
        Ok(())
    }

    /// The position and its rules in a pupil's words: "rows 3 4 5 (last
    /// stick loses)", "2x3 (Chomp: whoever eats the poisoned square
    /// loses)".
    pub(crate) fn describe(&self) -> String {
        G::describe(self)
    }

    /// The position drawn for the class.
    pub fn drawing(&self) -> Block {
        G::drawing(self)
    }

    /// The position worked out: as the lesson kept it when it was read, or
    /// worked out now for a setup made some other way.
    pub(crate) fn analysis(&self) -> Result<G::Analysis, G::Error> {
        match &self.analysis {
            Some(analysis) => Ok(analysis.clone()),
            None => G::lesson_analysis(self),
        }
    }

    /// The explanation, cut short where the lesson asks.
    pub(crate) fn explanation(&self) -> Result<Document, G::Error> {
        Ok(G::explanation(self, &self.analysis()?))
    }

    /// Whether the lesson, by drawing (`directive` show) or explaining
    /// this, shows the method's working, such as Nim's groups.
    pub(crate) fn shows_working(&self, directive: Directive) -> bool {
        G::shows_working(self, directive)
    }
}

/// A game a lesson can draw, explain and ask about.
pub trait InLesson: Replies {
    /// The options a lesson may give a position beyond `--no-move`: the
    /// binary columns and the groups for Nim, a bite to mark for Chomp.
    type Options: Clone + fmt::Debug + PartialEq + Eq + Send + Sync;
    /// How much searching a lesson's positions of this game may still do
    /// together, so reading a lesson takes no longer than one explanation,
    /// and what the game remembers of the lesson's positions to charge
    /// them.
    type Budget: fmt::Debug;
    /// What a question keeps between one try and the next, so a try is
    /// judged without working the position out again: a search of every
    /// game from the question's position, made at the first try.
    type Kept: Default;

    /// What a drawing of a position is called in a handout: "The rows".
    const DRAWN: &'static str;
    /// What is said when a yes was right and the move is still wanted:
    /// "So what do you take?"
    const THEN_MOVE: &'static str;

    /// The searching one lesson may do.
    fn budget() -> Self::Budget;

    /// See [`Setup::read`].
    fn read_setup(
        directive: Directive,
        value: &str,
        budget: &mut Self::Budget,
        work: &mut Work,
    ) -> Result<Setup<Self>, Refused>;

    /// See [`Setup::describe`].
    fn describe(setup: &Setup<Self>) -> String;

    /// See [`Setup::drawing`].
    fn drawing(setup: &Setup<Self>) -> Block;

    /// The position of a setup worked out, when the lesson did not keep
    /// it.
    fn lesson_analysis(setup: &Setup<Self>) -> Result<Self::Analysis, Self::Error>;

    /// The explanation of `analysis`, the setup's position, cut short
    /// where the lesson asks.
    fn explanation(setup: &Setup<Self>, analysis: &Self::Analysis) -> Document;

    /// See [`Setup::shows_working`].
    fn shows_working(setup: &Setup<Self>, directive: Directive) -> bool;

    /// What a question asks for a move at `position` when the teacher did
    /// not write it: "Your move: what do you take?"
    fn ask_move(position: &Self::Position) -> &'static str;

    /// A move at a lesson's question, judged from the analysed position as
    /// `matchsticks check` judges it, with what the question `kept` from
    /// its earlier tries.
    fn judged(
        analysis: &Self::Analysis,
        kept: &mut Self::Kept,
        mv: &Self::Move,
    ) -> Result<Self::Judgement, Self::Error>;

    /// What a right yes or no means: "you can win.", "no move wins here.".
    fn right(analysis: &Self::Analysis) -> String;

    /// The answer to "can the player to move win?": "yes. The winning move
    /// is …", or "no.".
    fn yes_or_no(analysis: &Self::Analysis) -> String;

    /// What to say before the next hint after a wrong move that was nearly
    /// right: "You took from a good row, but not the right number."
    fn nearly(judgement: &Self::Judgement) -> Option<&'static str>;

    /// The verdict on a move as the lesson shows it; `working_shown` tells
    /// whether the lesson shows the method's working anywhere, so a lesson
    /// before groups are taught draws the position after a try plainly.
    fn as_shown(verdict: Document, judgement: &Self::Judgement, working_shown: bool) -> Document;
}
