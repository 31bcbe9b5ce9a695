//! Asking a pupil for a move in a game where one move may take from
//! several rows, until the answer is one the tool can act on: the same
//! conversation as [`super::ask::ask`], with moves read by
//! [`super::parts::Typed`].

use super::answer::Answer;
use super::ask::{Question, Reply, read, say};
use super::io::Io;
use super::line::{Line, LineError};
use super::parts::{Meant, Typed};
use crate::rules::multi_move::MultiMove;
use crate::teach::words::transition;

/// Asks until the pupil gives a command or a legal move, which comes back
/// as [`Reply::Parts`].
pub fn ask_parts(io: &mut Io<'_>, question: Question<'_>) -> Result<Reply, LineError> {
    let mut pending: Option<String> = None;
    loop {
        let text = match pending.take() {
            Some(text) => text,
            None => match read(io, question.prompt)? {
                Line::End => return Ok(Reply::End),
                Line::NotText => {
                    say(io, "Sorry, that is not text I can read. Try again.")?;
                    continue;
                }
                Line::Text(text) => text,
            },
        };
        match Answer::parse(&text, question.position.len()) {
            Answer::Empty => continue,
            Answer::Hint => return Ok(Reply::Hint),
            Answer::Show => return Ok(Reply::Show),
            Answer::Undo => return Ok(Reply::Undo),
            Answer::Quit => return Ok(Reply::Quit),
            Answer::Yes if question.yes_no => return Ok(Reply::Yes),
            Answer::No if question.yes_no => return Ok(Reply::No),
            // A yes-or-no question is answered first; the move comes after.
            _ if question.yes_no => {
                say(io, "Sorry: answer yes or no first (or hint, show or q).")?;
                continue;
            }
            Answer::Yes | Answer::No => {
                say(
                    io,
                    "Sorry, this question wants a move, not yes or no. Try again.",
                )?;
                continue;
            }
            _ => {}
        }
        let typed = Typed::parse(&text, question.position.len());
        match typed.resolve(question.position, question.game) {
            Err(why) => say(io, &format!("Sorry: {why}. Try again."))?,
            Ok(Meant::Move(mv)) => return Ok(Reply::Parts(mv)),
            Ok(Meant::Illegal(illegal)) => say(
                io,
                &format!("That move is not allowed: {illegal}. Try again."),
            )?,
            Ok(Meant::Either { take, to }) => {
                let from = question.position;
                let after = |mv: &MultiMove| {
                    from.play_multi(mv, question.game)
                        .expect("both readings are legal")
                };
                say(
                    io,
                    &format!(
                        "Do you mean 1: {take} ({}), or 2: the rows after the move ({})? Type 1 or 2.",
                        transition(from, &after(&take)),
                        transition(from, &after(&to))
                    ),
                )?;
                match read(io, question.prompt)? {
                    Line::End => return Ok(Reply::End),
                    Line::Text(choice) if choice.trim() == "1" => return Ok(Reply::Parts(take)),
                    Line::Text(choice) if choice.trim() == "2" => return Ok(Reply::Parts(to)),
                    // Anything else is a fresh answer.
                    Line::Text(other) => pending = Some(other),
                    Line::NotText => say(io, "Sorry, that is not text I can read. Try again.")?,
                }
            }
        }
    }
}
