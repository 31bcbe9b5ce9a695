//! Asking a pupil for a move in a game where one move may take from
//! several rows, until the answer is one the tool can act on: the same
//! conversation as [`super::ask::ask`], with moves read by
//! [`super::parts::Typed`].

use super::answer::Answer;
use super::ask::{NUDGE, Question, Reply, YesNo, read, say};
use super::io::Io;
use super::line::{Line, LineError};
use super::parts::{Meant, Typed};

/// Asks until the pupil gives a command or a legal move, which comes back
/// as [`Reply::Parts`].
pub fn ask_parts(io: &mut Io<'_>, question: Question<'_>) -> Result<Reply, LineError> {
    loop {
        let text = match read(io, question.prompt)? {
            Line::End => return Ok(Reply::End),
            Line::NotText => {
                say(io, "Sorry, that is not text I can read. Try again.")?;
                continue;
            }
            Line::Text(text) => text,
        };
        match Answer::parse(&text) {
            Answer::Empty => continue,
            Answer::Hint => return Ok(Reply::Hint),
            Answer::Show => return Ok(Reply::Show),
            Answer::Undo => return Ok(Reply::Undo),
            Answer::Quit => return Ok(Reply::Quit),
            Answer::Help => {
                say(io, &question.help())?;
                continue;
            }
            Answer::Stuck => {
                say(io, NUDGE)?;
                continue;
            }
            Answer::Yes if question.yes_no != YesNo::Never => return Ok(Reply::Yes),
            Answer::No if question.yes_no != YesNo::Never => return Ok(Reply::No),
            // A yes-or-no question is answered first; the move comes after.
            _ if question.yes_no == YesNo::Only => {
                say(io, "Please type yes or no, or hint for a clue.")?;
                continue;
            }
            Answer::Yes | Answer::No => {
                say(
                    io,
                    &format!("This question wants a move: {}.", question.how_to_move()),
                )?;
                continue;
            }
            _ => {}
        }
        let typed = Typed::parse(&text, question.position.len());
        match typed.resolve(question.position, question.game) {
            Err(why) => say(io, &format!("Sorry: {why}. Try again."))?,
            Ok(Meant::Move(mv)) => return Ok(Reply::Parts(mv)),
            Ok(Meant::Illegal(illegal)) => say(io, &format!("{} Try again.", illegal.refusal()))?,
            // Numbers that read both as parts and as the rows after the
            // move are read as parts, the way the instructions teach.
            Ok(Meant::Either { take, .. }) => return Ok(Reply::Parts(take)),
        }
    }
}
