//! Lessons: short scripted demonstrations for a class.
//!
//! A lesson file is plain text (see `lessons/README.md`): narration, pauses,
//! positions to draw or explain, and questions whose answers are checked by
//! the same logic as `matchsticks check`. A lesson never stores an analysis:
//! winning moves and verdicts are computed when it runs.
//!
//! A lesson may be about any game the tool teaches; a part that shows,
//! explains or asks about a position holds it with its game
//! ([`games::OfGame`]), and everything here is written once for every
//! game.

use std::io;
use std::path::{Path, PathBuf};

pub mod asking;
pub mod bundled;
pub mod games;
pub(crate) mod handout;
pub mod parse;
pub mod runner;
pub mod warnings;

use crate::rules::commas::with_commas;
use crate::rules::row_reader::printable;
use crate::teach::lesson::{Asks, InLesson, Setup};
use games::{AnyQuestion, AnySetup};

/// A parsed, valid lesson.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lesson {
    /// The title, shown first and in the list of lessons.
    pub title: String,
    /// A one-line summary.
    pub summary: Option<String>,
    /// What happens, in order.
    pub parts: Vec<Part>,
    /// What comes after it in the course, for a bundled lesson.
    pub next: Next,
}

/// What comes after a lesson in the course of bundled lessons.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Next {
    /// Not a bundled lesson: a teacher's own file.
    #[default]
    Unknown,
    /// The next bundled lesson, by number (from 1) and name.
    Lesson {
        /// Its number in the course, from 1.
        number: usize,
        /// Its name.
        name: &'static str,
    },
    /// This is the last lesson of the course.
    Last,
}

impl Lesson {
    /// What the lesson says at its end, with what comes next: "End of the
    /// lesson. Next: matchsticks lesson 2 (single-sticks)."
    pub fn ending(&self) -> String {
        match self.next {
            Next::Unknown => "End of the lesson.".to_string(),
            Next::Lesson { number, name } => {
                format!("End of the lesson. Next: matchsticks lesson {number} ({name}).")
            }
            Next::Last => "End of the lesson. That was the last lesson: well done!".to_string(),
        }
    }

    /// How many questions the lesson asks, of every game.
    pub(crate) fn questions(&self) -> usize {
        self.parts
            .iter()
            .filter(|b| matches!(b, Part::Question(_)))
            .count()
    }
}

/// One step of a lesson.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Part {
    /// A paragraph for the teacher to read out.
    Text(String),
    /// Wait for Enter before going on.
    Pause,
    /// Draw a position: rows of sticks, or a chocolate bar.
    Show(AnySetup),
    /// Work through a position, as `explain` does.
    Explain(AnySetup),
    /// Ask the class for a move, or whether they can win.
    Question(AnyQuestion),
}

/// A question: the class suggests a move, the tool checks it.
#[derive(Clone, Debug)]
pub struct Question<G: InLesson> {
    /// What it asks for.
    pub asks: Asks,
    /// The position the class moves from.
    pub setup: Setup<G>,
    /// What to ask, if the teacher wrote it.
    pub ask: Option<String>,
    /// Hints, shown one at a time on request.
    pub hints: Vec<String>,
    /// The teacher's words for the reveal.
    pub answer: String,
    /// Whether the lesson shows the method's working itself (in Nim an
    /// explanation, or a drawing with `--groups`). A lesson that does not,
    /// such as one before groups are taught, draws the rows after a try
    /// plainly too.
    pub groups_shown: bool,
}

// Written out: a derive would ask the game itself to be comparable, where
// it is the setup, with the game's analysis, that must be.
impl<G: InLesson> PartialEq for Question<G>
where
    Setup<G>: PartialEq,
{
    fn eq(&self, other: &Question<G>) -> bool {
        self.asks == other.asks
            && self.setup == other.setup
            && self.ask == other.ask
            && self.hints == other.hints
            && self.answer == other.answer
            && self.groups_shown == other.groups_shown
    }
}

impl<G: InLesson> Eq for Question<G> where Setup<G>: Eq {}

impl<G: InLesson> Question<G> {
    /// The line that opens the question: "Question: rows 3 4 5 (last stick
    /// loses)".
    pub(crate) fn heading(&self) -> String {
        format!("Question: {}", self.setup.describe())
    }

    /// What the question asks: the teacher's words, or the tool's own.
    pub(crate) fn asked(&self) -> &str {
        match (&self.ask, self.asks) {
            (Some(ask), _) => ask,
            (None, Asks::CanYouWin) => "Can the player to move win?",
            (None, Asks::Move) => G::ask_move(&self.setup.position),
        }
    }
}

/// Something wrong in a lesson file, at a line (from 1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// The line number, from 1.
    pub line: usize,
    /// What is wrong and how to fix it.
    pub message: String,
}

/// The largest lesson file read: 1 MiB.
pub(crate) const LARGEST_LESSON: u64 = 1 << 20;

/// Reads and parses a lesson file, reporting problems with the file's path.
/// A file past [`LARGEST_LESSON`] is refused as soon as that much is read.
pub(crate) fn read_file(path: &Path) -> Result<Lesson, LessonError> {
    use std::io::Read;
    let failed = |source| LessonError::Read {
        path: path.to_path_buf(),
        source,
    };
    // A pipe or a device could keep the open waiting for a writer forever.
    match std::fs::metadata(path) {
        Ok(meta) if !meta.is_file() => return Err(LessonError::NotAFile(path.to_path_buf())),
        Ok(_) => {}
        Err(source) => return Err(failed(source)),
    }
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|file| file.take(LARGEST_LESSON + 1).read_to_end(&mut bytes))
        .map_err(failed)?;
    if bytes.len() as u64 > LARGEST_LESSON {
        return Err(LessonError::TooBig(path.to_path_buf()));
    }
    parse::parse(&bytes).map_err(|problems| LessonError::Problems {
        path: path.to_path_buf(),
        problems,
    })
}

/// The bundled lesson called `name`, parsed.
pub fn bundled(name: &str) -> Result<Lesson, LessonError> {
    let found = bundled::find(name).ok_or_else(|| LessonError::Unknown {
        name: printable(name),
        closest: bundled::closest(name).map(|l| l.name),
    })?;
    let mut lesson =
        parse::parse(found.source.as_bytes()).map_err(|problems| LessonError::Problems {
            path: format!("lessons/{}.lesson", found.name).into(),
            problems,
        })?;
    lesson.next = bundled::after(found.name);
    Ok(lesson)
}

/// Why a lesson could not be read or run.
#[derive(Debug, thiserror::Error)]
pub enum LessonError {
    /// A lesson file has problems; each is reported with its line.
    #[error("{}", problem_lines(path, problems))]
    Problems {
        /// The file.
        path: PathBuf,
        /// What is wrong, line by line.
        problems: Vec<Problem>,
    },
    /// A lesson file could not be read.
    #[error("cannot read the lesson file '{}': {source}", shown(path))]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        source: io::Error,
    },
    /// The path is a folder, a pipe or a device, not a lesson file.
    #[error("'{}' is not a file: give the path of a lesson file", shown(.0))]
    NotAFile(PathBuf),
    /// A lesson file is bigger than the tool reads.
    #[error(
        "the lesson file '{}' is bigger than {} bytes (1 MiB), the most a lesson may be",
        shown(.0),
        with_commas(u128::from(LARGEST_LESSON))
    )]
    TooBig(PathBuf),
    /// No bundled lesson has this name.
    #[error("there is no lesson called '{name}': {}", match closest {
        Some(closest) => format!("did you mean '{closest}'?"),
        None => "run `matchsticks lesson` to list them".to_string(),
    })]
    Unknown {
        /// The name given.
        name: String,
        /// The bundled lesson it was most likely meant to be.
        closest: Option<&'static str>,
    },
    /// A position in the lesson, or a move at one of its questions, could
    /// not be worked out.
    #[error("{0}")]
    Game(Box<dyn std::error::Error + Send + Sync>),
    /// Reading an answer or writing the lesson failed.
    #[error("cannot write the output: {0}")]
    Io(#[from] io::Error),
    /// An answer could not be read.
    #[error("{0}")]
    Line(#[from] crate::console::line::LineError),
}

impl LessonError {
    /// A game's error, as a lesson reports it.
    pub(crate) fn game(error: impl std::error::Error + Send + Sync + 'static) -> LessonError {
        LessonError::Game(Box::new(error))
    }
}

/// A path as a message quotes it: on one line, whatever it holds.
fn shown(path: &Path) -> String {
    printable(&path.display().to_string())
}

/// "PATH:LINE: message", one line per problem.
fn problem_lines(path: &Path, problems: &[Problem]) -> String {
    problems
        .iter()
        .map(|p| format!("{}:{}: {}", shown(path), p.line, p.message))
        .collect::<Vec<_>>()
        .join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_paths_are_quoted_on_one_line() {
        // What was typed for a lesson's name or file reaches the message;
        // a carriage return or a new line in it once did so as it was.
        let unknown = bundled("zzzz\rqqqq").unwrap_err().to_string();
        assert_eq!(
            unknown,
            r"there is no lesson called 'zzzz\rqqqq': run `matchsticks lesson` to list them"
        );
        let missing = read_file(Path::new("no\nsuch.lesson")).unwrap_err();
        assert!(
            missing
                .to_string()
                .starts_with(r"cannot read the lesson file 'no\nsuch.lesson': "),
            "{missing}"
        );
    }
}
