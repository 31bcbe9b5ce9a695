//! Checking a move: one move, in one of two forms, judged with its reason.

use super::error::Error;
use crate::render::json;
use crate::rules::moves::IllegalMove;
use crate::rules::multi_move::MultiMove;
use crate::rules::nim::Nim;
use crate::rules::position::Position;
use crate::rules::row_reader::parse_number;
use crate::teach::check::check as document;
use crate::teach::document::Document;
use crate::teach::facts;
use crate::teach::reply::answer::row_move;
use crate::teach::verdict::Judgement;

/// The move to check, as it was given.
#[derive(Clone, Copy, Debug)]
pub enum MoveForm<'a> {
    /// The rows after the move.
    To(&'a Position),
    /// The row (from 1) and how many sticks, as typed.
    RowRemove {
        /// The row, as typed.
        row: &'a str,
        /// How many sticks, as typed.
        remove: &'a str,
    },
}

impl<'a> MoveForm<'a> {
    /// The one move form given, or a usage error that shows both forms.
    pub fn of(
        to: Option<&'a Position>,
        row: Option<&'a str>,
        remove: Option<&'a str>,
    ) -> Result<MoveForm<'a>, Error> {
        let problem = match (to, row, remove) {
            (Some(to), None, None) => return Ok(MoveForm::To(to)),
            (None, Some(row), Some(remove)) => return Ok(MoveForm::RowRemove { row, remove }),
            (None, None, None) => "no move given",
            (None, Some(_), None) => "--row needs --remove",
            (None, None, Some(_)) => "--remove needs --row",
            (Some(_), _, _) => "--to and --row were both given",
        };
        Err(Error::MoveForm(problem))
    }
}

/// A move checked.
#[derive(Clone, Debug)]
pub struct Checked {
    /// The verdict and what was worked out.
    pub judgement: Judgement,
    /// The explanation of the verdict.
    pub document: Document,
}

/// Why a move was not checked.
#[derive(Debug)]
pub enum Refused {
    /// The move breaks the rules; it was refused before anything was worked
    /// out. `json` is the object `--format json` prints for it.
    Illegal {
        /// Why the move is illegal.
        illegal: IllegalMove,
        /// The JSON that says so.
        json: String,
    },
    /// Anything else.
    Failed(Error),
}

impl<E: Into<Error>> From<E> for Refused {
    fn from(e: E) -> Refused {
        Refused::Failed(e.into())
    }
}

/// Checks the move given in `form` from `position`.
pub fn check(position: Position, game: &Nim, form: MoveForm<'_>) -> Result<Checked, Refused> {
    let (to, mv) = match form {
        // With one row per move this is exactly the one-row check.
        MoveForm::To(to) => (Some(to), position.multi_move_to(to, game)),
        MoveForm::RowRemove { row, remove } => {
            let row = parse_number(row, "row number")?;
            let take = parse_number(remove, "number of sticks")?;
            let mv = row_move(&position, row, take, game).map(MultiMove::from);
            (None, mv)
        }
    };
    let mv = match mv {
        Ok(mv) => mv,
        Err(illegal) => {
            // Illegal input is refused before anything is worked out, so
            // the JSON lists no winning moves.
            let message = Error::Illegal(illegal.clone()).to_string();
            let json = json::facts(&facts::illegal(game, &position, to, &message));
            return Err(Refused::Illegal { illegal, json });
        }
    };
    let judgement = Judgement::new(position, mv, game)?;
    let document = document(&judgement);
    Ok(Checked {
        judgement,
        document,
    })
}
