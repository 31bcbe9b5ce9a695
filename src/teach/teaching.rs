//! What the tool says about a game, whatever the game: a position worked
//! out, a move judged, the hints, the board, what the computer says about
//! its moves, and the review. Play, lessons, the server and the command
//! line are written once against [`Teaching`]; each game implements it
//! once, with its own words (`teach/nim.rs` for Nim, `teach/chomp/` for
//! Chomp).

use std::fmt;

use super::document::{Block, Document};
use super::review::{Notes, Side};
use super::verdict::Verdict;
use crate::rules::game::Game;
use crate::rules::outcome::Outcome;

/// One turn of a game, as a game records it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Turn<G: Game> {
    /// Who moved.
    pub side: Side,
    /// The position before the move.
    pub before: G::Position,
    /// The move, legal there.
    pub mv: G::Move,
}

/// A game the tool can teach.
pub trait Teaching: Game {
    /// What a game keeps from one move to the next, so that nothing is
    /// worked out twice: the search, and what the computer has said.
    type Memo: fmt::Debug + Send;
    /// A position worked out: who wins, and the move to make.
    type Analysis: Clone + fmt::Debug + Send + Sync;
    /// A move judged, with what is needed to explain the verdict.
    type Judgement: Clone + fmt::Debug + Send + Sync;
    /// Why a position or a move could not be worked out.
    type Error: std::error::Error + Send + Sync + 'static;

    /// Gets ready to play or teach from `start`, refusing at once a start
    /// too big to work out.
    fn memo(&self, start: &Self::Position) -> Result<Self::Memo, Self::Error>;

    /// `position` worked out for who wins and the move to make, with what
    /// `memo` keeps.
    fn analyse(
        &self,
        position: &Self::Position,
        memo: &mut Self::Memo,
    ) -> Result<Self::Analysis, Self::Error>;

    /// Whether the player to move at the analysed position can win.
    fn outcome(analysis: &Self::Analysis) -> Outcome;

    /// The move to make: a winning move, or on a lost position one that
    /// keeps the game going; `None` when no move is left.
    fn best(analysis: &Self::Analysis) -> Option<Self::Move>;

    /// Every winning move the analysis knows, so that an example never
    /// gives one away.
    fn winning(analysis: &Self::Analysis) -> Vec<Self::Move>;

    /// The hints for the player to move, first to last; only the last names
    /// the move.
    fn hints(analysis: &Self::Analysis) -> Vec<String>;

    /// `mv` from the analysed position, judged.
    fn judge(
        &self,
        analysis: &Self::Analysis,
        mv: &Self::Move,
        memo: &mut Self::Memo,
    ) -> Result<Self::Judgement, Self::Error>;

    /// What the judged move was worth.
    fn verdict(judgement: &Self::Judgement) -> Verdict;

    /// The verdict with its reason and, after a mistake, the better move.
    fn check(judgement: &Self::Judgement) -> Document;

    /// The verdict with its reason, keeping the better move back.
    fn verdict_only(judgement: &Self::Judgement) -> Document;

    /// The verdict's reason in a few words about the move, not to the
    /// pupil who made it, for a projector the whole class reads: "leaves a
    /// group of 2 without a partner".
    fn brief(judgement: &Self::Judgement) -> String;

    /// The answer to "which move?", in words.
    fn answer(analysis: &Self::Analysis) -> String;

    /// The position as a game draws it; `None` when there is nothing left
    /// to draw.
    fn board(&self, position: &Self::Position, memo: &Self::Memo) -> Option<Block>;

    /// The first line of a game against the computer: what is played, and
    /// its rules.
    fn introduce(&self, start: &Self::Position) -> String;

    /// A move told: "You take 2 from row 1." or "The computer bites row 1,
    /// column 2."
    fn said(&self, turn: &Turn<Self>) -> String;

    /// What the computer says about its move `turn`, at every level: why
    /// it moved, that a random move was a slip when it gives the win away,
    /// or that the move ends the game. `chosen` is the analysis it chose
    /// the move from, `None` for a random move; `None` is said when a
    /// random move's position is too big to work out.
    fn computer_why(
        &self,
        turn: &Turn<Self>,
        chosen: Option<Self::Analysis>,
        memo: &mut Self::Memo,
    ) -> Result<Option<String>, Self::Error>;

    /// How a game ended after `last`, for the player `winner`, in two
    /// parts: what happened ("No move is left."), and the result, which a
    /// screen may colour.
    fn game_over(&self, last: &Turn<Self>, winner: Side) -> (String, String);

    /// The review of `turns`, a game from its start.
    fn review(
        &self,
        turns: &[Turn<Self>],
        notes: Notes,
        memo: &mut Self::Memo,
    ) -> Result<Document, Self::Error>;

    /// The command that sets a game on `start` up again, without who
    /// starts, the level and the seed: "matchsticks play 3 4 6 --normal".
    fn command(&self, start: &Self::Position) -> String;
}
