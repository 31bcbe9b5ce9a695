//! Asking a pupil for a move, in a lesson or a game, until the answer is
//! one the tool can act on.
//!
//! A line that cannot be read (not a number, not text at all) gets "Sorry"
//! and the question again. An illegal move gets its reason. Where the
//! numbers fit two different legal moves, the pupil is asked which was
//! meant rather than the tool guessing. Only commands and legal moves come
//! back to the caller.

use super::answer::{Answer, Meant};
use super::io::Io;
use super::line::{Line, LineError, read_line};
use crate::render::text;
use crate::rules::game::Game;
use crate::rules::moves::Move;
use crate::rules::multi_move::MultiMove;
use crate::rules::position::Position;
use crate::teach::document::Block;
use crate::teach::words::transition;

/// What came of asking.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    /// A legal move.
    Move(Move),
    /// A legal move in a game where a move may take from several rows,
    /// asked for by [`super::ask_parts::ask_parts`].
    Parts(MultiMove),
    /// Yes, to a yes-or-no question.
    Yes,
    /// No, to a yes-or-no question.
    No,
    /// The next hint, please.
    Hint,
    /// The answer, please.
    Show,
    /// Take back the last move.
    Undo,
    /// Stop.
    Quit,
    /// The input has ended.
    End,
}

/// A question to ask.
#[derive(Clone, Copy, Debug)]
pub struct Question<'a> {
    /// The prompt before the cursor: "> ".
    pub prompt: &'a str,
    /// The position a move is made from.
    pub position: &'a Position,
    /// The rules.
    pub game: &'a Game,
    /// Whether yes and no are answers here.
    pub yes_no: bool,
}

/// Says a line of words to the pupil, wrapped to the screen.
pub fn say(io: &mut Io<'_>, words: &str) -> Result<(), LineError> {
    let style = io.style();
    io.out
        .write_all(text::blocks(&[Block::note(words)], "", style).as_bytes())?;
    Ok(())
}

/// Reads the next line at `prompt`, echoing it when the input is not a
/// person at a keyboard, so a transcript reads like the session.
pub fn read(io: &mut Io<'_>, prompt: &str) -> Result<Line, LineError> {
    io.out.write_all(prompt.as_bytes())?;
    io.out.flush()?;
    let line = read_line(io.input)?;
    match (&line, io.interactive) {
        (Line::End, _) => io.out.write_all(b"\n")?,
        (Line::Text(text), false) => writeln!(io.out, "{text}")?,
        (Line::NotText, false) => writeln!(io.out)?,
        (_, true) => {}
    }
    Ok(line)
}

/// With one row, a number that cannot be taken may be the count the pupil
/// wants to leave: " To leave 17, type 1." Otherwise nothing.
fn leave_instead(answer: &Answer, position: &Position, game: &Game) -> String {
    let (Answer::Take { take, .. }, [sticks]) = (answer, position.piles()) else {
        return String::new();
    };
    let left = Position::new(vec![*take]);
    match position.move_to_with(&left, &game.takes) {
        Ok(mv) if take < sticks => format!(" To leave {take}, type {}.", mv.take),
        _ => String::new(),
    }
}

/// Asks until the pupil gives a command or a legal move.
pub fn ask(io: &mut Io<'_>, question: Question<'_>) -> Result<Reply, LineError> {
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
        let answer = Answer::parse(&text, question.position.len());
        let meant = answer.resolve(question.position, question.game);
        match (answer, meant) {
            (Answer::Empty, _) => {}
            (Answer::Hint, _) => return Ok(Reply::Hint),
            (Answer::Show, _) => return Ok(Reply::Show),
            (Answer::Undo, _) => return Ok(Reply::Undo),
            (Answer::Quit, _) => return Ok(Reply::Quit),
            (Answer::Yes, _) if question.yes_no => return Ok(Reply::Yes),
            (Answer::No, _) if question.yes_no => return Ok(Reply::No),
            // A yes-or-no question is answered first; the move comes after.
            (_, _) if question.yes_no => {
                say(io, "Sorry: answer yes or no first (or hint, show or q).")?
            }
            (Answer::Yes | Answer::No, _) => say(
                io,
                "Sorry, this question wants a move, not yes or no. Try again.",
            )?,
            (Answer::Unclear(why), _) => say(io, &format!("Sorry: {why}. Try again."))?,
            (_, Some(Meant::Move(mv))) => return Ok(Reply::Move(mv)),
            (answer, Some(Meant::Illegal(illegal))) => {
                let nudge = leave_instead(&answer, question.position, question.game);
                say(
                    io,
                    &format!("That move is not allowed: {illegal}.{nudge} Try again."),
                )?
            }
            (_, Some(Meant::Unclear(why))) => say(io, &format!("Sorry: {why}. Try again."))?,
            (_, Some(Meant::Either { take, to })) => {
                let from = question.position;
                let after = |mv: Move| {
                    from.play_with(mv, &question.game.takes)
                        .expect("both readings are legal")
                };
                say(
                    io,
                    &format!(
                        "Do you mean 1: {take} ({}), or 2: the rows after the move ({})? Type 1 or 2.",
                        transition(from, &after(take)),
                        transition(from, &after(to))
                    ),
                )?;
                match read(io, question.prompt)? {
                    Line::End => return Ok(Reply::End),
                    Line::Text(choice) if choice.trim() == "1" => return Ok(Reply::Move(take)),
                    Line::Text(choice) if choice.trim() == "2" => return Ok(Reply::Move(to)),
                    // Anything else is a fresh answer.
                    Line::Text(other) => pending = Some(other),
                    Line::NotText => say(io, "Sorry, that is not text I can read. Try again.")?,
                }
            }
            (_, None) => {}
        }
    }
}
