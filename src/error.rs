//! Everything that can go wrong, with messages that say what to do next.
//!
//! Every failure of a command is one `Error`; [`Error::exit_code`] is the
//! single place that turns it into a process exit code.

use std::io;
use std::path::PathBuf;

use crate::brute_force::TooBig;
use crate::lesson::Problem;
use crate::moves::IllegalMove;

/// A failed command.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// A word that should be a number is not one.
    #[error("'{text}' is not a {what}: {why}")]
    BadNumber {
        /// The word as typed.
        text: String,
        /// What it should have been: "row size", "number of sticks".
        what: &'static str,
        /// What is wrong with it.
        why: &'static str,
    },
    /// No row sizes were given.
    #[error(
        "no rows given: type how many sticks each row has, for example `matchsticks explain 3 5 7`"
    )]
    NoPiles,
    /// `check` was given no move.
    #[error("no move given: add --to with the new position, or --take K --pile P")]
    NoMove,
    /// The move breaks the rules.
    #[error("illegal move: {0}")]
    Illegal(#[from] IllegalMove),
    /// The brute-force search would be too big.
    #[error("{0}")]
    TooBig(#[from] TooBig),
    /// A lesson file has problems; each is reported with its line.
    #[error("{}", lesson_problems(path, problems))]
    Lesson {
        /// The file.
        path: PathBuf,
        /// What is wrong, line by line.
        problems: Vec<Problem>,
    },
    /// A lesson file could not be read.
    #[error("cannot read the lesson file '{}': {source}", path.display())]
    LessonFile {
        /// The file.
        path: PathBuf,
        /// Why.
        source: io::Error,
    },
    /// No bundled lesson has this name.
    #[error("there is no lesson called '{0}': run `matchsticks lesson` to list them")]
    UnknownLesson(String),
    /// A `--take` value is not a set of takes.
    #[error("invalid --take '{text}': {problem}")]
    BadTakeSet {
        /// The value as typed.
        text: String,
        /// What is wrong with it.
        problem: crate::take_set::BadTakeSet,
    },
    /// The pattern of a subtraction game did not repeat soon enough.
    #[error("{0}")]
    NoRepeat(#[from] crate::periodic::NoRepeat),
    /// `--show-search` was refused.
    #[error("{0}")]
    SearchRefused(#[from] crate::search_count::SearchRefused),
    /// A game was asked for where no move is possible.
    #[error("there is no move to make from {0}: start with sticks that can be taken")]
    NothingToPlay(String),
    /// Reading input or writing output failed.
    #[error("{0}")]
    Io(#[from] io::Error),
}

impl Error {
    /// The exit code for this error. Every error is bad input or a failed
    /// write, exit code 2; code 1 is kept for a pupil's mistake, which is a
    /// verdict rather than an error.
    pub fn exit_code(&self) -> u8 {
        2
    }

    /// What to print on standard error: one line per problem, each
    /// starting `error:` or, for a lesson file, `PATH:LINE:`.
    pub fn report(&self) -> String {
        match self {
            Error::Lesson { .. } => self.to_string(),
            _ => format!("error: {self}"),
        }
    }

    /// True when the reader of our output went away (`| head`): the
    /// program should stop quietly.
    pub fn is_broken_pipe(&self) -> bool {
        matches!(self, Error::Io(e) if e.kind() == io::ErrorKind::BrokenPipe)
    }
}

/// "PATH:LINE: message", one line per problem.
fn lesson_problems(path: &std::path::Path, problems: &[Problem]) -> String {
    problems
        .iter()
        .map(|p| format!("{}:{}: {}", path.display(), p.line, p.message))
        .collect::<Vec<_>>()
        .join("\n")
}
