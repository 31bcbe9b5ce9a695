//! Checking a move, in any game: the move as typed, held against the
//! position, judged with its reason; or refused, with the JSON that says
//! why, before anything is worked out.

use std::io::{self, Write};

use super::error::Error;
use crate::render::json;
use crate::teach::document::Document;
use crate::teach::queried::Queried;

/// A move checked.
#[derive(Clone, Debug)]
pub(crate) struct Checked<G: Queried> {
    /// The verdict and what was worked out.
    pub judgement: G::Judgement,
    /// The explanation of the verdict.
    pub document: Document,
}

impl<G: Queried> Checked<G> {
    /// The facts and the document, as one JSON object.
    pub(crate) fn json(&self) -> String {
        json::document(&G::check_facts(&self.judgement), &self.document)
    }

    /// The same JSON, written to `out` as it is made.
    pub(crate) fn write_json(&self, out: &mut dyn Write) -> io::Result<()> {
        json::write_document(&G::check_facts(&self.judgement), &self.document, out)
    }
}

/// Why a move was not checked.
#[derive(Debug)]
pub(crate) enum Refused<G: Queried> {
    /// The move breaks the rules; it was refused before anything was worked
    /// out. `json` is the object `--format json` prints for it.
    Illegal {
        /// Why the move is illegal.
        illegal: G::Illegal,
        /// The JSON that says so.
        json: String,
    },
    /// Anything else.
    Failed(Error),
}

impl<G: Queried, E: Into<Error>> From<E> for Refused<G> {
    fn from(e: E) -> Refused<G> {
        Refused::Failed(e.into())
    }
}

/// Checks the move `typed` from `position` in `game`.
pub(crate) fn check<G: Queried>(
    game: &G,
    position: G::Position,
    typed: &G::Typed,
) -> Result<Checked<G>, Refused<G>> {
    let mv = legal(game, &position, typed)?;
    let judgement = game.checked(position, mv).map_err(Error::game)?;
    let document = G::check(&judgement);
    Ok(Checked {
        judgement,
        document,
    })
}

/// The move `typed` at `position` in `game`, held against the rules before
/// anything is worked out; an illegal one is refused with the JSON that
/// says why, as `check` refuses it.
pub(crate) fn legal<G: Queried>(
    game: &G,
    position: &G::Position,
    typed: &G::Typed,
) -> Result<G::Move, Refused<G>> {
    match game.typed_move(position, typed).map_err(Error::game)? {
        Ok(mv) => Ok(mv),
        Err(illegal) => {
            let message = Error::illegal::<G>(&illegal).to_string();
            let json = json::facts(&game.illegal_facts(position, typed, &message));
            Err(Refused::Illegal { illegal, json })
        }
    }
}
