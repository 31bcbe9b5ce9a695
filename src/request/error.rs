//! The one error a command can end with, wrapping the error of whichever
//! layer failed, and the single place that turns it into an exit code.

use std::io;

use crate::lesson::LessonError;
use crate::play::PlayError;
use crate::rules::moves::IllegalMove;
use crate::rules::row_reader::PositionError;
use crate::rules::take_set::BadTakeSet;
use crate::solve::search::TooBig;
use crate::teach::analysis::AnalysisError;
use crate::teach::verdict::JudgeError;

/// A failed command.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The rows are not a position.
    #[error("{0}")]
    Position(#[from] PositionError),
    /// `check` was not given exactly one move.
    #[error(
        "{0}: give the move as --to ROWS (the rows after it, such as --to 2 5 7) or as --row R --remove K (such as --row 3 --remove 2)"
    )]
    MoveForm(&'static str),
    /// The move breaks the rules.
    #[error("illegal move: {0}")]
    Illegal(#[from] IllegalMove),
    /// A `--take` value is not a set of takes.
    #[error("invalid --take '{text}': {problem}")]
    BadTakeSet {
        /// The value as typed.
        text: String,
        /// What is wrong with it.
        problem: BadTakeSet,
    },
    /// A position could not be worked out.
    #[error("{0}")]
    Analysis(#[from] AnalysisError),
    /// The rows one move may take from make no game the tool can work out.
    #[error("{0}")]
    RowsPerMove(#[from] crate::rules::rows_per_move::BadRowsPerMove),
    /// `--xor` was asked for a game that is not Nim.
    #[error("--xor shows Nim in binary, so it cannot go with --take: leave one of them out")]
    XorNeedsNim,
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
    /// The shape is not a chocolate bar.
    #[error("{0}")]
    Bar(#[from] crate::rules::bar::BarError),
    /// A bite given on the command line cannot be read.
    #[error("{0}")]
    UnclearBite(#[from] crate::teach::chomp::reply::UnclearBite),
    /// The bite names no square of the bar.
    #[error("illegal bite: {0}")]
    IllegalBite(crate::rules::bar::IllegalBite),
    /// A bar beyond the search that no strategy covers.
    #[error("{0}")]
    Beyond(#[from] crate::teach::chomp::analysis::Beyond),
}

/// What to do about a port in use.
fn port_hint(e: &io::Error) -> &'static str {
    match e.kind() {
        io::ErrorKind::AddrInUse => ": choose another --port, or --port 0 for any free one",
        _ => "",
    }
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
