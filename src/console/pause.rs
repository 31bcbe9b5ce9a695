//! Waiting at a pause: in a lesson, between the steps of an explanation,
//! and before a game's review.
//!
//! Only an empty Enter goes on, so a typo or a stray word never skips
//! ahead to an answer. `q` stops, `hint` gives a hint when the pause has
//! one, and anything else is answered with what can be typed, and the
//! pause waits again.

use super::answer::Answer;
use super::ask::{read, say};
use super::io::Io;
use super::line::{Line, LineError};

/// What to say to a line at a pause that is not Enter, `q` or `hint`.
pub const GO_ON: &str = "Press Enter to go on, or type hint (q stops).";

/// What to say when `hint` is typed at a pause that has none.
pub const NO_HINT: &str = "No hint here: press Enter to go on.";

/// How a pause ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Paused {
    /// Enter: go on.
    Go,
    /// `q`: stop.
    Stop,
    /// The input has ended.
    End,
}

/// Waits at `prompt` until Enter, `q` or the end of the input. `hint`
/// gives the next hint `hint` has, or says there is none; any other line
/// gets `nudge`.
pub fn pause(
    io: &mut Io<'_>,
    prompt: &str,
    nudge: &str,
    hint: &mut dyn FnMut() -> Option<String>,
) -> Result<Paused, LineError> {
    loop {
        let answer = match read(io, prompt)? {
            Line::End => return Ok(Paused::End),
            Line::Text(text) => Answer::parse(&text),
            Line::NotText => Answer::Unclear,
        };
        match answer {
            Answer::Empty => return Ok(Paused::Go),
            Answer::Quit => return Ok(Paused::Stop),
            Answer::Hint => match hint() {
                Some(hint) => say(io, &format!("Hint: {hint}"))?,
                None => say(io, NO_HINT)?,
            },
            _ => say(io, nudge)?,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(typed: &str, hints: &[&str]) -> (Paused, String) {
        let mut out = Vec::new();
        let mut input = typed.as_bytes();
        let mut io = Io {
            out: &mut out,
            input: &mut input,
            interactive: true,
            color: false,
            width: 80,
        };
        let mut hints = hints.iter().map(|h| h.to_string());
        let paused = pause(&mut io, "> ", GO_ON, &mut || hints.next()).unwrap();
        (paused, String::from_utf8(out).unwrap())
    }

    #[test]
    fn only_enter_goes_on() {
        assert_eq!(run("\n", &[]), (Paused::Go, "> ".to_string()));
        assert_eq!(run("Q\n", &[]), (Paused::Stop, "> ".to_string()));
        assert_eq!(run("", &[]), (Paused::End, "> \n".to_string()));
        let (paused, out) = run("what\nhitn\nhint\nhint\n\n", &["look"]);
        assert_eq!(paused, Paused::Go);
        assert_eq!(
            out,
            format!("> {GO_ON}\n> {GO_ON}\n> Hint: look\n> {NO_HINT}\n> ")
        );
    }
}
