//! What a command that answers one question hands back, for Nim and Chomp
//! alike: its document laid out in the format asked for, and the exit code
//! its verdict gives.

use std::io::{self, Write};

use super::args::BarFormat;
use super::args::Format;
use crate::render::text::{self, Style};
use crate::render::{html, markdown};
use crate::teach::document::Document;
use crate::teach::verdict::Verdict;

/// Exit code for a pupil's mistake (`check`, `chomp check`), and for
/// disagreements found by `verify`.
pub(crate) const EXIT_MISTAKE: u8 = 1;

/// The exit code for a checked move or bite: a mistake is
/// [`EXIT_MISTAKE`], a good move or one from a lost position is 0.
pub(crate) fn verdict_code(verdict: Verdict) -> u8 {
    match verdict {
        Verdict::Mistake => EXIT_MISTAKE,
        Verdict::Good | Verdict::LostAnyway => 0,
    }
}

/// Writes `doc` to `out`, laid out in `format`. The JSON says more than
/// the document, so each command writes its own with `json`, as it is
/// made.
pub(crate) fn write_answer(
    out: &mut dyn Write,
    format: Format,
    doc: &Document,
    json: impl FnOnce(&mut dyn Write) -> io::Result<()>,
    style: Style,
) -> io::Result<()> {
    let laid_out = match format {
        Format::Json => return json(out),
        Format::Markdown => markdown::document(doc, 1),
        Format::Html => html::page(doc),
        Format::Text => text::document(doc, style),
    };
    out.write_all(laid_out.as_bytes())
}

impl From<BarFormat> for Format {
    fn from(format: BarFormat) -> Format {
        match format {
            BarFormat::Text => Format::Text,
            BarFormat::Json => Format::Json,
            BarFormat::Markdown => Format::Markdown,
            BarFormat::Html => Format::Html,
        }
    }
}
