//! The JSON layout: one object per answer, for Nim and Chomp alike. The
//! facts a program needs (who wins, the moves, the verdict) come from
//! `teach` beside the document, already named as the book documents
//! them; this layout writes them first, then the document's title and its
//! steps under `steps`, so a page can draw everything from the JSON alone.

use std::io::{self, Write};

use serde::Serialize;

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
    let mut text = Vec::new();
    write_document(facts, doc, &mut text).expect("a Vec takes every byte");
    String::from_utf8(text).expect("serde_json writes UTF-8")
}

/// The same JSON as [`document`], written to `out` as it is made, so a
/// million rows are never held twice, as a document and as its text.
pub(crate) fn write_document<F: Serialize>(
    facts: &F,
    doc: &Document,
    out: &mut dyn Write,
) -> io::Result<()> {
    let answer = Answer {
        facts,
        title: &doc.title,
        steps: steps(doc),
    };
    write(&answer, out)
}

/// Facts with no document, such as an illegal move, which is refused
/// before anything is explained, or the table of positions.
pub(crate) fn facts(facts: &impl Serialize) -> String {
    to_string(facts)
}

/// The JSON text, with the no-break spaces that keep a move on one line
/// on a screen made plain: JSON carries words, not line breaks.
fn to_string(value: &impl Serialize) -> String {
    let mut text = Vec::new();
    write(value, &mut text).expect("a Vec takes every byte");
    String::from_utf8(text).expect("serde_json writes UTF-8")
}

/// `value` as one line of JSON on `out`, its no-break spaces made plain.
fn write(value: &impl Serialize, out: &mut dyn Write) -> io::Result<()> {
    let mut plain = Unglued { out, held: false };
    serde_json::to_writer(&mut plain, value).map_err(io::Error::from)?;
    plain.write_all(b"\n")?;
    plain.flush()
}

/// A writer that passes bytes on with each no-break space (U+00A0, the
/// bytes C2 A0 in UTF-8) made an ordinary space. A C2 at the end of one
/// write is held until the next byte shows what it starts.
struct Unglued<'a> {
    out: &'a mut dyn Write,
    held: bool,
}

impl Write for Unglued<'_> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.write_all(bytes)?;
        Ok(bytes.len())
    }

    fn write_all(&mut self, bytes: &[u8]) -> io::Result<()> {
        let mut start = 0;
        let mut i = 0;
        if std::mem::take(&mut self.held) {
            match bytes.first() {
                Some(0xA0) => {
                    self.out.write_all(b" ")?;
                    (start, i) = (1, 1);
                }
                Some(_) => self.out.write_all(&[0xC2])?,
                None => {
                    self.held = true;
                    return Ok(());
                }
            }
        }
        while i < bytes.len() {
            if bytes[i] == 0xC2 {
                match bytes.get(i + 1) {
                    None => {
                        self.out.write_all(&bytes[start..i])?;
                        self.held = true;
                        return Ok(());
                    }
                    Some(0xA0) => {
                        self.out.write_all(&bytes[start..i])?;
                        self.out.write_all(b" ")?;
                        i += 2;
                        start = i;
                        continue;
                    }
                    Some(_) => {}
                }
            }
            i += 1;
        }
        self.out.write_all(&bytes[start..])
    }

    fn flush(&mut self) -> io::Result<()> {
        if std::mem::take(&mut self.held) {
            self.out.write_all(&[0xC2])?;
        }
        self.out.flush()
    }
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

    proptest::proptest! {
        /// However the text is cut into writes, even between the two bytes
        /// of a no-break space, what comes out is the text made plain.
        #[test]
        fn unglued_writes_make_every_no_break_space_plain(
            text in "[a\u{a0}\u{c2}é ]{0,40}",
            cuts in proptest::collection::vec(0usize..80, 0..6),
        ) {
            let bytes = text.as_bytes();
            let mut cuts: Vec<usize> = cuts.into_iter().map(|c| c.min(bytes.len())).collect();
            cuts.sort_unstable();
            let mut out = Vec::new();
            let mut plain = Unglued { out: &mut out, held: false };
            let mut from = 0;
            for cut in cuts.into_iter().chain([bytes.len()]) {
                plain.write_all(&bytes[from..cut]).unwrap();
                from = cut;
            }
            plain.flush().unwrap();
            proptest::prop_assert_eq!(String::from_utf8(out).unwrap(), text.replace('\u{a0}', " "));
        }
    }
}
