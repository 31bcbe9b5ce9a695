//! The end of a game at the keyboard, the same for Nim and Chomp: the
//! result in green or red, a pause so the result is read before the review
//! pushes it up the screen, and the review.

use std::io;

use colored::Colorize;

use crate::console::io::Io;
use crate::console::line::LineError;
use crate::console::pause::{Offered, Paused, Prompt, pause};
use crate::render::text;
use crate::teach::document::Document;
use crate::teach::review::Side;

/// The result `line`, with colour on: green when the pupil won, red when
/// the computer did. The words say who won either way.
pub(crate) fn coloured(line: String, winner: Side, color: bool) -> String {
    match (color, winner) {
        (false, _) => line,
        (true, Side::Pupil) => line.green().bold().to_string(),
        (true, Side::Computer) => line.red().bold().to_string(),
    }
}

/// Whether to show the review. Someone at the keyboard reads the result
/// first and may skip the review; a script always gets it.
pub(crate) fn review_wanted(io: &mut Io<'_>) -> Result<bool, LineError> {
    if !io.interactive {
        return Ok(true);
    }
    let paused = pause(
        io,
        Prompt::only("Enter: see the review (q: skip) "),
        "Press Enter to see the review, or q to skip it.",
        &mut Offered::none(),
    )?;
    Ok(paused == Paused::Go)
}

/// Prints the review after a blank line.
pub(crate) fn print_review(io: &mut Io<'_>, review: &Document) -> io::Result<()> {
    let text = text::document(review, io.style());
    io.out.write_all(b"\n")?;
    io.out.write_all(text.as_bytes())
}
