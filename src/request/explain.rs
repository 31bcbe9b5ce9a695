//! Explaining a position: the analysis and its document.

use super::error::Error;
use crate::rules::nim::Nim;
use crate::rules::position::Position;
use crate::rules::take_set::TakeSet;
use crate::teach::analysis::{Analysis, Extras};
use crate::teach::document::Document;
use crate::teach::explain::{Options, explain as document};

/// What to explain, and what to add.
#[derive(Clone, Debug)]
pub struct Request {
    /// The rows.
    pub position: Position,
    /// The rules.
    pub game: Nim,
    /// Add the binary view (Nim only).
    pub xor: bool,
    /// Search every game as well.
    pub brute_force: bool,
    /// Count the calls of a plain and a remembering search.
    pub show_search: bool,
}

/// A position explained.
#[derive(Clone, Debug)]
pub struct Explained {
    /// What was worked out.
    pub analysis: Analysis,
    /// The explanation.
    pub document: Document,
}

/// Explains the position, or says why it cannot.
pub fn explain(request: Request) -> Result<Explained, Error> {
    // Moves from several rows have binary columns too, counted in sets.
    if request.xor && request.game.takes != TakeSet::Any {
        return Err(Error::XorNeedsNim);
    }
    let extras = Extras {
        brute_force: request.brute_force,
        show_search: request.show_search,
    };
    let analysis = Analysis::new(request.position, request.game, extras)?;
    let document = document(
        &analysis,
        Options {
            xor: request.xor,
            hide: None,
        },
    );
    Ok(Explained { analysis, document })
}
