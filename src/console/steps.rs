//! Showing an explanation a step at a time, for a class demonstration.
//!
//! Between steps the tool waits, but only for a person at the keyboard:
//! from a file or a pipe everything is shown at once. At each wait, Enter
//! shows the next step, `hint` the next hint (so a class can guess the move
//! before the explanation reaches it), and `q` stops.

use super::answer::Answer;
use super::ask::{read, say};
use super::io::Io;
use super::line::{Line, LineError};

/// How stepping through ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stepped {
    /// Every step was shown.
    Done,
    /// The class asked to stop.
    Quit,
}

/// Shows `sections` in turn, a blank line between them, waiting between
/// them when `wait` is set and the input is a person. `hints` are given
/// one at a time when asked for at a wait.
pub fn step_through(
    io: &mut Io<'_>,
    sections: &[String],
    hints: &[String],
    wait: bool,
) -> Result<Stepped, LineError> {
    let mut wait = wait && io.interactive;
    let mut hints = hints.iter();
    let prompt = match hints.len() {
        0 => "(Enter: next step, q: quit) ",
        _ => "(Enter: next step, hint, q: quit) ",
    };
    for (i, section) in sections.iter().enumerate() {
        if i > 0 {
            io.out.write_all(b"\n")?;
        }
        io.out.write_all(section.as_bytes())?;
        // The title and the first step come together; the waits are
        // between steps.
        while wait && i > 0 && i + 1 < sections.len() {
            match read(io, prompt)? {
                Line::End => wait = false,
                Line::Text(text) => match Answer::parse(&text) {
                    Answer::Quit => return Ok(Stepped::Quit),
                    Answer::Hint => match hints.next() {
                        Some(hint) => say(io, &format!("Hint: {hint}"))?,
                        None => say(io, "No more hints: the steps will show the rest.")?,
                    },
                    _ => break,
                },
                Line::NotText => break,
            }
        }
    }
    Ok(Stepped::Done)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Steps through three sections with two hints, `typed` as input from
    /// a person (or not), and returns what was shown and how it ended.
    fn run(typed: &str, interactive: bool) -> (String, Stepped) {
        let sections = [
            "one\n".to_string(),
            "two\n".to_string(),
            "three\n".to_string(),
        ];
        let hints = ["look".to_string(), "row 1".to_string()];
        let mut out = Vec::new();
        let mut input = typed.as_bytes();
        let mut io = Io {
            out: &mut out,
            input: &mut input,
            interactive,
            color: false,
            width: 80,
        };
        let stepped = step_through(&mut io, &sections, &hints, true).unwrap();
        (String::from_utf8(out).unwrap(), stepped)
    }

    #[test]
    fn a_person_steps_asks_for_hints_and_stops() {
        let (out, stepped) = run("hint\nhint\nhint\nq\n", true);
        assert_eq!(stepped, Stepped::Quit);
        let prompt = "(Enter: next step, hint, q: quit) ";
        assert_eq!(
            out,
            format!(
                "one\n\ntwo\n{prompt}Hint: look\n{prompt}Hint: row 1\n{prompt}No more hints: the steps will show the rest.\n{prompt}"
            )
        );
        let (out, stepped) = run("\n", true);
        assert_eq!(stepped, Stepped::Done);
        assert_eq!(out, format!("one\n\ntwo\n{prompt}\nthree\n"));
    }

    #[test]
    fn a_script_or_the_end_of_input_never_waits() {
        assert_eq!(
            run("q\n", false),
            ("one\n\ntwo\n\nthree\n".to_string(), Stepped::Done)
        );
        // At the end of input the wait is over at once, and so are all the
        // later ones.
        let (out, stepped) = run("", true);
        assert_eq!(stepped, Stepped::Done);
        let prompt = "(Enter: next step, hint, q: quit) ";
        assert_eq!(out, format!("one\n\ntwo\n{prompt}\n\nthree\n"));
    }
}
