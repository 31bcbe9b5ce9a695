//! Lessons: short scripted demonstrations for a class.
//!
//! A lesson file is plain text (see `lessons/README.md`): narration, pauses,
//! positions to draw or explain, and questions whose answers are checked by
//! the same logic as `matchsticks check`. A lesson never stores an analysis:
//! winning moves and verdicts are computed when it runs.

pub mod bundled;
pub mod parse;
pub mod runner;

use crate::game::Game;
use crate::position::Position;

/// A parsed, valid lesson.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lesson {
    /// The title, shown first and in the list of lessons.
    pub title: String,
    /// A one-line summary.
    pub summary: Option<String>,
    /// What happens, in order.
    pub blocks: Vec<Block>,
}

impl Lesson {
    /// How many questions the lesson asks.
    pub fn questions(&self) -> usize {
        self.blocks
            .iter()
            .filter(|b| matches!(b, Block::Question(_)))
            .count()
    }
}

/// One step of a lesson.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Block {
    /// A paragraph for the teacher to read out.
    Text(String),
    /// Wait for Enter before going on.
    Pause,
    /// Draw a position.
    Show(Setup),
    /// Work through the grouping method for a position.
    Explain(Setup),
    /// Ask the class for a move.
    Question(Question),
}

/// A position with its rule and how to present it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The rows.
    pub position: Position,
    /// Misère or normal play, and the takes allowed.
    pub game: Game,
    /// Whether to add the binary columns to an explanation.
    pub xor: bool,
}

/// A question: the class suggests a move, the tool checks it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Question {
    /// The position the class moves from.
    pub setup: Setup,
    /// What to ask, if the teacher wrote it.
    pub ask: Option<String>,
    /// Hints, shown one at a time on request.
    pub hints: Vec<String>,
    /// The teacher's words for the reveal.
    pub answer: String,
}

/// Something wrong in a lesson file, at a line (from 1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// The line number, from 1.
    pub line: usize,
    /// What is wrong and how to fix it.
    pub message: String,
}
