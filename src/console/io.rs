//! Where a command reads and writes.
//!
//! Only the command line opens the real standard streams; everything that
//! talks to a class (lessons, games, stepping through an explanation) is
//! handed an [`Io`], so tests can drive it with a script and a buffer.

use std::io::{BufRead, Write};

use crate::render::text::Style;

/// The streams a command uses, and how to talk on them.
pub struct Io<'a> {
    /// Standard output (or a buffer in tests).
    pub out: &'a mut dyn Write,
    /// Standard input (or a script in tests).
    pub input: &'a mut dyn BufRead,
    /// Whether a person is typing at the input, so it is worth waiting.
    pub interactive: bool,
    /// Whether to colour the output.
    pub color: bool,
    /// How many columns a line may take.
    pub width: usize,
    /// How many lines the screen shows, when it is a terminal a person
    /// reads and types at: an explanation taller than that waits between
    /// its steps, so its first steps do not scroll away unread.
    pub height: Option<usize>,
    /// How many lines have been read at its prompts so far: at most
    /// [`MOST_PROMPT_LINES`](super::line::MOST_PROMPT_LINES) are, so an endless stream of
    /// replies cannot keep a command going for ever.
    pub lines: usize,
}

impl Io<'_> {
    /// How to lay out text on this output.
    pub(crate) fn style(&self) -> Style {
        Style {
            color: self.color,
            width: self.width,
        }
    }
}
