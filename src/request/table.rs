//! The table of positions reachable from a start.

use super::error::Error;
use crate::rules::nim::Nim;
use crate::rules::outcome::Outcome;
use crate::rules::position::Position;
use crate::teach::document::Document;
use crate::teach::table::{Entry, table as entries};
use crate::teach::table_doc::table as document;

/// A table worked out.
#[derive(Clone, Debug)]
pub(crate) struct Tabled {
    /// Its entries: every reachable position, or only the lost ones.
    pub entries: Vec<Entry>,
    /// The table as a document.
    pub document: Document,
}

/// The table of every position reachable from `start`, or with `losing`
/// only the lost ones.
pub(crate) fn table(start: &Position, game: &Nim, losing: bool) -> Result<Tabled, Error> {
    let mut entries = entries(start, game)?;
    if losing {
        entries.retain(|e| e.outcome == Outcome::Lose);
    }
    let document = document(start, game, &entries, losing);
    Ok(Tabled { entries, document })
}
