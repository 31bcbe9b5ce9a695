//! What a pupil types for a bite of Chomp, read the way a pupil means it,
//! and the conversation that asks for a bite until one is given.
//!
//! A bite is a row and a column: `2 3`, `2,3`, `(2,3)` or
//! `row 2 column 3` (also `column 3 row 2`, `r2 c3`). The commands are the
//! same words as in a game of Nim: `hint`, `show`, `undo`, `quit`.

use super::answer::Answer;
use super::ask::{NOT_TEXT, NUDGE, read, read_text, say};
use super::bite_example::{example_bite, how_to_bite};
use super::io::Io;
use super::line::{Line, LineError};
use crate::rules::bar::{Bar, Bite};
pub use crate::rules::bite_reader::{UnclearBite, parse_bite};

/// The example in the hint every unclear bite ends with; at a prompt it
/// is replaced by one that fits the bar.
const EXAMPLE: &str = "such as 2 3 for row 2, column 3";

/// What came of asking for a bite.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BiteReply {
    /// A legal bite.
    Bite(Bite),
    /// The next hint, please.
    Hint,
    /// The bite, please.
    Show,
    /// Take back the last bite.
    Undo,
    /// Stop.
    Quit,
    /// The input has ended.
    End,
}

/// Asks until the pupil gives a command or a legal bite of `bar`. A bite
/// of the poisoned square, while other squares are left, is asked about
/// once more, since it loses at once. A bite that cannot be read is
/// answered with an example from `bar`, never one of the `winning` bites
/// when another will do.
pub fn ask_bite(
    io: &mut Io<'_>,
    prompt: &str,
    bar: &Bar,
    winning: &[Bite],
) -> Result<BiteReply, LineError> {
    let mut pending: Option<String> = None;
    loop {
        let text = match pending.take() {
            Some(text) => text,
            None => match read_text(io, prompt)? {
                Some(text) => text,
                None => return Ok(BiteReply::End),
            },
        };
        match Answer::parse(&text) {
            Answer::Empty => continue,
            Answer::Hint => return Ok(BiteReply::Hint),
            Answer::Show => return Ok(BiteReply::Show),
            Answer::Undo => return Ok(BiteReply::Undo),
            Answer::Quit => return Ok(BiteReply::Quit),
            Answer::Help => {
                let how = how_to_bite(bar, winning);
                say(
                    io,
                    &format!("{how} Or type hint for a clue, or show to see the answer."),
                )?;
                continue;
            }
            Answer::Stuck => {
                say(io, NUDGE)?;
                continue;
            }
            _ => {}
        }
        let bite = match parse_bite(&text) {
            Ok(bite) => bite,
            Err(unclear) => {
                let problem = match example_bite(bar, winning) {
                    Some(b) => unclear
                        .problem
                        .replace(EXAMPLE, &format!("such as {} {} for {b}", b.row, b.column)),
                    None => unclear.problem,
                };
                say(io, &format!("Sorry: {problem}. Try again."))?;
                continue;
            }
        };
        if let Err(illegal) = bar.bite(bite) {
            say(
                io,
                &format!("That bite is not allowed: {illegal}. Try again."),
            )?;
            continue;
        }
        if !bite.is_poison() || bar.squares() == 1 {
            return Ok(BiteReply::Bite(bite));
        }
        say(
            io,
            "That is the poisoned square: whoever eats it loses! Type yes to eat it anyway, or type another bite.",
        )?;
        match read(io, prompt)? {
            Line::End => return Ok(BiteReply::End),
            Line::Text(answer) => match Answer::parse(&answer) {
                Answer::Yes => return Ok(BiteReply::Bite(bite)),
                Answer::No => say(io, "Good: type another bite.")?,
                _ => pending = Some(answer),
            },
            Line::NotText => say(io, NOT_TEXT)?,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::bite_reader::HOW;

    fn session(typed: &str, shape: &str) -> (String, BiteReply) {
        let mut out = Vec::new();
        let mut input = typed.as_bytes();
        let mut io = Io {
            out: &mut out,
            input: &mut input,
            interactive: false,
            color: false,
            width: 80,
        };
        let reply = ask_bite(&mut io, "> ", &shape.parse().unwrap(), &[Bite::new(2, 2)]).unwrap();
        (String::from_utf8(out).unwrap(), reply)
    }

    #[test]
    fn the_poison_is_asked_about_and_illegal_bites_refused() {
        let (out, reply) = session("5 1\n1 1\nno\n2 2\n", "4x5");
        assert_eq!(reply, BiteReply::Bite(Bite::new(2, 2)));
        assert!(
            out.contains("That bite is not allowed: there is no row 5"),
            "{out}"
        );
        assert!(out.contains("That is the poisoned square"), "{out}");
        assert!(out.contains("Good: type another bite."), "{out}");
        assert!(HOW.ends_with(EXAMPLE));
        // An unclear bite gets an example that fits the bar and keeps the
        // winning bite back.
        let (out, _) = session("middle\n", "2x2");
        assert!(
            out.replace('\n', " ")
                .contains("such as 2 1 for row 2, column 1. Try again."),
            "{out}"
        );
        let (_, reply) = session("1,1\nyes\n", "4x5");
        assert_eq!(reply, BiteReply::Bite(Bite::new(1, 1)));
        let (_, reply) = session("1 1\n", "1x1");
        assert_eq!(reply, BiteReply::Bite(Bite::new(1, 1)));
        assert_eq!(session("hint\n", "4x5").1, BiteReply::Hint);
        assert_eq!(session("", "4x5").1, BiteReply::End);
    }
}
