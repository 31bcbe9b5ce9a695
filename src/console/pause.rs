//! Waiting at a pause: in a lesson, between the steps of an explanation,
//! and before a game's review.
//!
//! Only an empty Enter goes on, so a typo or a stray word never skips
//! ahead to an answer. `q` stops, `hint` gives a hint when the pause has
//! one, and anything else is answered with what can be typed, and the
//! pause waits again. Hints are only mentioned where one can be given.

use super::ask::{read, say};
use super::io::Io;
use super::line::{Line, LineError};
use crate::teach::reply::Said;

/// What to say to a stray line at a pause with no hint to give.
pub(crate) const GO_ON: &str = "Press Enter to go on (q stops).";

/// What to say to a stray line at a pause with a hint to give.
pub(crate) const GO_ON_OR_HINT: &str = "Press Enter to go on, or type hint (q stops).";

/// What to say when `hint` is typed where there never was one.
pub(crate) const NO_HINT: &str = "No hint here: press Enter to go on.";

/// What to say when `hint` is typed after the last hint was given.
pub(crate) const NO_MORE_HINTS: &str = "No more hints: press Enter to go on.";

/// How a pause ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Paused {
    /// Enter: go on.
    Go,
    /// `q`: stop.
    Stop,
    /// The input has ended.
    End,
}

/// The prompt at a pause, with and without a hint to give.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Prompt<'a> {
    /// When no hint is left: "(Enter: go on, q: quit) ".
    pub plain: &'a str,
    /// When a hint is left: "(Enter: next step, hint, q: quit) ".
    pub with_hint: &'a str,
}

impl Prompt<'_> {
    /// The same prompt whether or not a hint is left.
    pub(crate) fn only(prompt: &str) -> Prompt<'_> {
        Prompt {
            plain: prompt,
            with_hint: prompt,
        }
    }
}

/// The hints a pause may give, in order, and whether any were given
/// before it, so that running out reads differently from having none.
#[derive(Clone, Debug, Default)]
pub(crate) struct Offered {
    hints: Vec<String>,
    taken: usize,
    before: bool,
    /// The reason for the verdict just given, for "why?".
    reason: Option<String>,
}

impl Offered {
    /// No hints, and none before.
    pub(crate) fn none() -> Offered {
        Offered::default()
    }

    /// `hints` to give here; `before` when some were given at an earlier
    /// pause.
    pub(crate) fn new(hints: Vec<String>, before: bool) -> Offered {
        Offered {
            hints,
            taken: 0,
            before,
            reason: None,
        }
    }

    /// The same, with the reason for the verdict just given, which "why?"
    /// is told here.
    pub(crate) fn with_reason(self, reason: Option<String>) -> Offered {
        Offered { reason, ..self }
    }

    /// How many of the hints were given.
    pub(crate) fn taken(&self) -> usize {
        self.taken
    }

    fn left(&self) -> bool {
        self.taken < self.hints.len()
    }
}

/// Waits at `prompt` until Enter, `q` or the end of the input. `hint`
/// gives the next hint `offered` has, or says there is none (or none
/// left); any other line gets `nudge`, or, while a hint is left,
/// [`GO_ON_OR_HINT`].
pub(crate) fn pause(
    io: &mut Io<'_>,
    prompt: Prompt<'_>,
    nudge: &str,
    offered: &mut Offered,
) -> Result<Paused, LineError> {
    loop {
        let shown = match offered.left() {
            true => prompt.with_hint,
            false => prompt.plain,
        };
        let said = match read(io, shown)? {
            Line::End => return Ok(Paused::End),
            Line::Text(text) => Said::parse(&text),
            Line::NotText => None,
        };
        match said {
            Some(Said::Empty | Said::Skip) => return Ok(Paused::Go),
            Some(Said::Quit) => return Ok(Paused::Stop),
            Some(Said::Hint) => match offered.hints.get(offered.taken) {
                Some(hint) => {
                    let hint = format!("Hint: {hint}");
                    offered.taken += 1;
                    say(io, &hint)?;
                }
                None if offered.taken > 0 || offered.before => say(io, NO_MORE_HINTS)?,
                None => say(io, NO_HINT)?,
            },
            Some(Said::Why) if offered.reason.is_some() => {
                let reason = offered.reason.clone().unwrap_or_default();
                say(io, &format!("{reason} {GO_ON}"))?;
            }
            _ if offered.left() => say(io, GO_ON_OR_HINT)?,
            _ => say(io, nudge)?,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(typed: &str, hints: &[&str], before: bool) -> (Paused, String) {
        let mut out = Vec::new();
        let mut input = typed.as_bytes();
        let mut io = Io {
            out: &mut out,
            input: &mut input,
            interactive: true,
            color: false,
            width: 80,
            height: None,
            lines: 0,
        };
        let mut offered = Offered::new(hints.iter().map(|h| h.to_string()).collect(), before);
        let prompt = Prompt {
            plain: "> ",
            with_hint: "(hint) > ",
        };
        let paused = pause(&mut io, prompt, GO_ON, &mut offered).unwrap();
        (paused, String::from_utf8(out).unwrap())
    }

    #[test]
    fn only_enter_goes_on() {
        assert_eq!(run("\n", &[], false), (Paused::Go, "> ".to_string()));
        assert_eq!(run("Q\n", &[], false), (Paused::Stop, "> ".to_string()));
        assert_eq!(run("", &[], false), (Paused::End, "> \n".to_string()));
    }

    #[test]
    fn a_hint_is_mentioned_only_while_one_is_left() {
        let (paused, out) = run("what\nbanana\nhint\nbanana\nhint\n\n", &["look"], false);
        assert_eq!(paused, Paused::Go);
        assert_eq!(
            out,
            format!(
                "(hint) > {GO_ON_OR_HINT}\n(hint) > {GO_ON_OR_HINT}\n(hint) > Hint: look\n> {GO_ON}\n> {NO_MORE_HINTS}\n> "
            )
        );
        // A hint mistyped by a letter is a hint, and "next" goes on.
        let (paused, out) = run("hnit\nnext\n", &["look"], false);
        assert_eq!(paused, Paused::Go);
        assert_eq!(out, "(hint) > Hint: look\n> ");
        // Where there never was a hint, it is not mentioned at all.
        let (_, out) = run("banana\nhint\n\n", &[], false);
        assert_eq!(out, format!("> {GO_ON}\n> {NO_HINT}\n> "));
        // Hints given at an earlier pause have run out.
        let (_, out) = run("hint\n\n", &[], true);
        assert_eq!(out, format!("> {NO_MORE_HINTS}\n> "));
    }
}
