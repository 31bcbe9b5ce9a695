//! Asking for a move at the keyboard, for any game: how to type one, said
//! once with an example from the board, and the prompt that reads a move
//! or a command. A game of Nim reads rows and sticks (`ask.rs`,
//! `ask_parts.rs`), a game of Chomp a row and a column (`bite.rs`).

use super::ask::{self, Question, Reply, YesNo};
use super::ask_parts::ask_parts;
use super::bite::{BiteReply, ask_bite};
use super::bite_example::how_to_bite;
use super::io::Io;
use super::line::LineError;
use crate::rules::bar::{Bar, Bite};
use crate::rules::game::Chomp;
use crate::rules::multi_move::MultiMove;
use crate::rules::nim::Nim;
use crate::rules::position::Position;
use crate::teach::teaching::Teaching;

/// What a pupil typed at a game's prompt.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Asked<M> {
    /// A legal move.
    Move(M),
    /// The next hint.
    Hint,
    /// The answer.
    Show,
    /// Take the last move back.
    Undo,
    /// Stop, or the input ran out.
    Quit,
}

/// A game whose moves can be typed at a prompt.
pub trait Prompt: Teaching {
    /// How to type a move, said once at the start, with an example from
    /// `position` that is none of the `winning` moves when another will do.
    fn how_to_move(&self, position: &Self::Position, winning: &[Self::Move]) -> String;

    /// Asks until the pupil types a legal move or a command.
    fn ask_move(
        &self,
        io: &mut Io<'_>,
        prompt: &str,
        position: &Self::Position,
        winning: &[Self::Move],
    ) -> Result<Asked<Self::Move>, LineError>;
}

/// The one-row winning moves, which Nim's examples keep back.
fn single(winning: &[MultiMove]) -> Vec<crate::rules::moves::Move> {
    winning.iter().filter_map(MultiMove::single).collect()
}

impl Prompt for Nim {
    fn how_to_move(&self, position: &Position, winning: &[MultiMove]) -> String {
        let winning = single(winning);
        question(self, "", position, &winning).instructions()
    }

    fn ask_move(
        &self,
        io: &mut Io<'_>,
        prompt: &str,
        position: &Position,
        winning: &[MultiMove],
    ) -> Result<Asked<MultiMove>, LineError> {
        let winning = single(winning);
        let question = question(self, prompt, position, &winning);
        loop {
            let reply = match self.rows_per_move > 1 {
                true => ask_parts(io, question)?,
                false => ask::ask(io, question)?,
            };
            return Ok(match reply {
                Reply::Quit | Reply::End => Asked::Quit,
                Reply::Hint => Asked::Hint,
                Reply::Show => Asked::Show,
                Reply::Undo => Asked::Undo,
                Reply::Yes | Reply::No => continue,
                Reply::Parts(mv) => Asked::Move(mv),
                Reply::Move(mv) => Asked::Move(MultiMove::from(mv)),
            });
        }
    }
}

fn question<'a>(
    game: &'a Nim,
    prompt: &'a str,
    position: &'a Position,
    winning: &'a [crate::rules::moves::Move],
) -> Question<'a> {
    Question {
        prompt,
        position,
        game,
        yes_no: YesNo::Never,
        winning,
    }
}

impl Prompt for Chomp {
    fn how_to_move(&self, bar: &Bar, winning: &[Bite]) -> String {
        how_to_bite(bar, winning)
    }

    fn ask_move(
        &self,
        io: &mut Io<'_>,
        prompt: &str,
        bar: &Bar,
        winning: &[Bite],
    ) -> Result<Asked<Bite>, LineError> {
        Ok(match ask_bite(io, prompt, bar, winning)? {
            BiteReply::Quit | BiteReply::End => Asked::Quit,
            BiteReply::Hint => Asked::Hint,
            BiteReply::Show => Asked::Show,
            BiteReply::Undo => Asked::Undo,
            BiteReply::Bite(bite) => Asked::Move(bite),
        })
    }
}
