//! The one error a command can end with, wrapping the error of whichever
//! layer failed, and the single place that turns it into an exit code.

use std::io;

use crate::lesson::LessonError;
use crate::play::PlayError;
use crate::rules::game::Game;
use crate::rules::row_reader::PositionError;
use crate::solve::search::TooBig;
use crate::teach::analysis::AnalysisError;
use crate::teach::verdict::JudgeError;

/// A failed command.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The rows are not a position.
    #[error("{0}")]
    Position(#[from] PositionError),
    /// A question about a game went unanswered: its words name no position,
    /// move or game of its kind, or it is too big to work out.
    #[error("{0}")]
    Game(#[source] Box<dyn std::error::Error + Send + Sync>),
    /// The move or bite breaks the rules.
    #[error("illegal {what}: {why}")]
    Illegal {
        /// What a turn is called: "move" or "bite".
        what: &'static str,
        /// Why it is not allowed.
        why: String,
    },
    /// A position could not be worked out.
    #[error("{0}")]
    Analysis(#[from] AnalysisError),
    /// A move could not be judged.
    #[error("{0}")]
    Judge(#[from] JudgeError),
    /// A table would be too big.
    #[error("{0}")]
    Table(#[from] TooBig),
    /// A lesson could not be read or run.
    #[error("{0}")]
    Lesson(#[from] LessonError),
    /// A game could not go on.
    #[error("{0}")]
    Play(#[from] PlayError),
    /// A line of input could not be read.
    #[error("{0}")]
    Line(#[from] crate::console::line::LineError),
    /// A `verify` range past its limits.
    #[error("{0}")]
    Verify(#[from] crate::verify::VerifyError),
    /// A worksheet could not be made.
    #[error("{0}")]
    Worksheet(#[from] crate::teach::worksheet::SheetError),
    /// Flags that cannot go together, or a flag missing what it needs.
    #[error("{0}")]
    Usage(String),
    /// `matchsticks help` was asked about a command there is not.
    #[error("no command '{0}': `matchsticks help` lists the commands")]
    NoSuchCommand(String),
    /// The classroom page could not be served.
    #[error("cannot serve the page on {addr}: {source}{}", port_hint(source))]
    Serve {
        /// Where it was to listen.
        addr: std::net::SocketAddr,
        /// Why it could not.
        source: io::Error,
    },
    /// Writing the output failed.
    #[error("cannot write the output: {0}")]
    Io(#[from] io::Error),
}

/// What to do about a port in use.
fn port_hint(e: &io::Error) -> &'static str {
    match e.kind() {
        io::ErrorKind::AddrInUse => ": choose another --port, or --port 0 for any free one",
        _ => "",
    }
}

impl Error {
    /// A game's own reason for leaving a question unanswered.
    pub(crate) fn game(e: impl std::error::Error + Send + Sync + 'static) -> Error {
        Error::Game(Box::new(e))
    }

    /// The move or bite `illegal`, refused by the rules of `G`.
    pub(crate) fn illegal<G: Game>(illegal: &G::Illegal) -> Error {
        Error::Illegal {
            what: G::MOVE,
            why: illegal.to_string(),
        }
    }

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
            Error::Lesson(LessonError::Problems { .. }) => self.to_string(),
            _ => format!("error: {self}"),
        }
    }

    /// True when the reader of our output went away (`| head`): the
    /// program should stop quietly.
    pub fn is_broken_pipe(&self) -> bool {
        // The pipe may close under any layer that writes, so look through
        // every error this one wraps.
        let mut cause: Option<&(dyn std::error::Error + 'static)> = Some(self);
        while let Some(e) = cause {
            if e.downcast_ref::<io::Error>()
                .is_some_and(|io| io.kind() == io::ErrorKind::BrokenPipe)
            {
                return true;
            }
            cause = e.source();
        }
        false
    }
}
