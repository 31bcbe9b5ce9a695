//! Asking a pupil for a move in a game where one move may take from
//! several rows, until the answer is one the tool can act on: the same
//! conversation as [`super::ask::ask`], with moves read by
//! [`super::parts::Typed`].

use super::ask::{Heard, Question, Reply, hear, say};
use super::io::Io;
use super::line::LineError;
use super::parts::{Meant, Typed};

/// Asks until the pupil gives a command or a legal move, which comes back
/// as [`Reply::Parts`].
pub fn ask_parts(io: &mut Io<'_>, question: Question<'_>) -> Result<Reply, LineError> {
    loop {
        let text = match hear(io, &question, None)? {
            Heard::Reply(reply) => return Ok(reply),
            Heard::Move { text, .. } => text,
        };
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
