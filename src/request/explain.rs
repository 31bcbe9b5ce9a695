//! Explaining a position, in any game: the analysis, its document, and
//! the JSON `--format json` and the API print for them.

use std::io::{self, Write};

use super::error::Error;
use crate::render::json;
use crate::teach::document::Document;
use crate::teach::queried::Queried;

/// A position explained.
#[derive(Clone, Debug)]
pub(crate) struct Explained<G: Queried> {
    /// What was worked out.
    pub analysis: G::Analysis,
    /// The explanation.
    pub document: Document,
}

impl<G: Queried> Explained<G> {
    /// The facts and the document, as one JSON object.
    pub(crate) fn json(&self) -> String {
        json::document(&G::explain_facts(&self.analysis), &self.document)
    }

    /// The same JSON, written to `out` as it is made.
    pub(crate) fn write_json(&self, out: &mut dyn Write) -> io::Result<()> {
        json::write_document(&G::explain_facts(&self.analysis), &self.document, out)
    }
}

/// Explains `position` in `game`, adding `extras`, or says why it cannot.
pub(crate) fn explain<G: Queried>(
    game: &G,
    position: G::Position,
    extras: &G::Extras,
) -> Result<Explained<G>, Error> {
    let (analysis, document) = game.explained(position, extras).map_err(Error::game)?;
    Ok(Explained { analysis, document })
}
