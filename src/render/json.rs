//! The JSON layout: one object per answer, for Nim and Chomp alike. The
//! facts a program needs (who wins, the moves, the verdict) come from
//! `teach` beside the document, already named as the README documents
//! them; this layout writes them first, then the document's title and its
//! steps under `steps`, so a page can draw everything from the JSON alone.

use serde::Serialize;

use super::wrap::unglued;
use crate::teach::document::{Block, Document};

/// One step: its sentences as plain text, and its blocks.
#[derive(Serialize)]
struct StepJson<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    number: Option<u32>,
    title: &'a str,
    lines: Vec<String>,
    blocks: &'a [Block],
}

/// The steps of a document as JSON objects.
fn steps(doc: &Document) -> Vec<StepJson<'_>> {
    doc.steps
        .iter()
        .map(|s| StepJson {
            number: s.number,
            title: &s.title,
            lines: s.lines(),
            blocks: &s.blocks,
        })
        .collect()
}

/// The facts' fields, then the document's. Flattening keeps the facts'
/// fields in the order their builder gave them.
#[derive(Serialize)]
struct Answer<'a, F: Serialize> {
    #[serde(flatten)]
    facts: &'a F,
    title: &'a str,
    steps: Vec<StepJson<'a>>,
}

/// A document and the facts worked out beside it, as one JSON object:
/// the facts' fields, then `title` and `steps`.
pub fn document<F: Serialize>(facts: &F, doc: &Document) -> String {
    to_string(&Answer {
        facts,
        title: &doc.title,
        steps: steps(doc),
    })
}

/// Facts with no document, such as an illegal move, which is refused
/// before anything is explained, or the table of positions.
pub(crate) fn facts(facts: &impl Serialize) -> String {
    to_string(facts)
}

/// The JSON text, with the no-break spaces that keep a move on one line
/// on a screen made plain: JSON carries words, not line breaks.
fn to_string(value: &impl Serialize) -> String {
    let text = serde_json::to_string(value).expect("plain data always serialises");
    unglued(&text) + "\n"
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Facts as a builder writes them: fields in no alphabetical order, one
    /// left out when empty, and a count too big for 64 bits.
    #[derive(Serialize)]
    struct Facts {
        rows: Vec<u64>,
        #[serde(skip_serializing_if = "Option::is_none")]
        takes: Option<u64>,
        legal: bool,
        shapes: u128,
        reason: &'static str,
    }

    const FACTS: Facts = Facts {
        rows: Vec::new(),
        takes: None,
        legal: true,
        shapes: u128::MAX,
        reason: "take\u{a0}1",
    };

    #[test]
    fn the_facts_come_first_in_their_own_order_then_title_and_steps() {
        let doc = Document {
            title: "3\u{a0}5\u{a0}7".to_string(),
            steps: Vec::new(),
        };
        assert_eq!(
            document(&FACTS, &doc),
            "{\"rows\":[],\"legal\":true,\"shapes\":340282366920938463463374607431768211455,\
             \"reason\":\"take 1\",\"title\":\"3 5 7\",\"steps\":[]}\n"
        );
    }

    #[test]
    fn facts_alone_have_no_title_or_steps() {
        assert_eq!(
            facts(&FACTS),
            "{\"rows\":[],\"legal\":true,\"shapes\":340282366920938463463374607431768211455,\
             \"reason\":\"take 1\"}\n"
        );
    }
}
