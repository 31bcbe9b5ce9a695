//! A game asked about in words: by the command line, by the JSON API and
//! by the classroom page. What a question says (the position, the move,
//! the rules) is read here, the same way for all three, and answered on
//! its own, outside any game: a position explained, a move checked, the
//! facts the JSON carries beside each document, and the board the page
//! draws to click. The request layer, the server and the command line are
//! written once against [`Queried`]; each game implements it beside its
//! [`Teaching`], with its own words (`teach/nim.rs`,
//! `teach/chomp/teaching.rs`).

use std::fmt;
use std::io::BufRead;

use serde::Serialize;
use serde::de::DeserializeOwned;

use super::document::{Block, Document};
use super::teaching::Teaching;

/// The words a question was asked in, by name: the parameters of a query
/// string or of a game the page sends, or the values of a command line's
/// flags. A game reads its position, its move and its rules from them by
/// the same names everywhere, so every way in reads them alike.
pub(crate) trait Words {
    /// The words given for `name`: the rows typed on a command line, or
    /// the one value of a parameter; `None` when none were given.
    fn words(&self, name: &str) -> Option<Vec<String>>;

    /// Whether the flag `name` is on; none is, for a question that takes
    /// no flags.
    fn flag(&self, _name: &str) -> bool {
        false
    }

    /// The words given for `name` as one: a row number, the takes, a bite.
    fn word(&self, name: &str) -> Option<String> {
        self.words(name).map(|words| words.join(" "))
    }
}

/// A game that can be asked about in words.
pub(crate) trait Queried: Teaching {
    /// A move as typed, read but not yet held against a position.
    type Typed: fmt::Debug;
    /// What an explanation may add when asked, such as Nim's binary
    /// columns.
    type Extras: fmt::Debug;
    /// A pupil's move as the page sends it in a game.
    type Sent: DeserializeOwned + fmt::Debug;
    /// Why a question went unanswered: words that name no position, move or
    /// game of this kind, or a position too big to work out.
    type Unanswered: std::error::Error + Send + Sync + 'static;

    // What the words are called, in a query string and in the game the
    // page sends; the command line's flags give the same names.

    /// The name of the words that give a position: "position" or "shape".
    const POSITION_WORDS: &'static str;
    /// The flags that choose the rules, such as Nim's "normal".
    const RULE_FLAGS: &'static [&'static str];
    /// The words that choose the rules, such as Nim's "take".
    const RULE_WORDS: &'static [&'static str];
    /// The words that may give a move, in the order they are listed.
    const MOVE_WORDS: &'static [&'static str];
    /// Those of [`Queried::MOVE_WORDS`] that every move needs.
    const MOVE_WORDS_NEEDED: &'static [&'static str];
    /// The flags an explanation takes in the JSON API.
    const EXPLAIN_FLAGS: &'static [&'static str];
    /// The flags an explanation takes on the page.
    const PAGE_EXPLAIN_FLAGS: &'static [&'static str];
    /// What a game's reply on the page calls the board where the game
    /// stands: "position", or "bar".
    const BOARD: &'static str;

    /// The game the words choose: Nim's rule and takes.
    fn rules(words: &dyn Words) -> Result<Self, Self::Unanswered>;

    /// The position the words give; `input`, where there is one, is read
    /// when the words ask for it (Nim's `-`).
    fn position(
        words: &[String],
        input: Option<&mut dyn BufRead>,
    ) -> Result<Self::Position, Self::Unanswered>;

    /// The move the words give, as typed.
    fn typed(words: &dyn Words) -> Result<Self::Typed, Self::Unanswered>;

    /// What the words ask an explanation to add, in this game.
    fn extras(&self, words: &dyn Words) -> Result<Self::Extras, Self::Unanswered>;

    /// `position` worked out and explained with `extras`.
    fn explained(
        &self,
        position: Self::Position,
        extras: &Self::Extras,
    ) -> Result<(Self::Analysis, Document), Self::Unanswered>;

    /// The move `typed` at `position`, or why it is not allowed there.
    fn typed_move(
        &self,
        position: &Self::Position,
        typed: &Self::Typed,
    ) -> Result<Result<Self::Move, Self::Illegal>, Self::Unanswered>;

    /// The legal move `mv` from `position`, judged.
    fn checked(
        &self,
        position: Self::Position,
        mv: Self::Move,
    ) -> Result<Self::Judgement, Self::Unanswered>;

    /// The position the judged move leaves.
    fn after(judgement: &Self::Judgement) -> Self::Position;

    /// Whether working `position` out with `extras`, `times` over (once
    /// for a question on its own, once for each turn of a game replayed
    /// from it), may take more than `share` (a fraction) of one of the
    /// budgets that bound it: a search's positions or moves, a Chomp
    /// search's shapes, the row sizes of a pattern of takes, the steps of
    /// counting. It is found before any of that work and at a small part
    /// of its cost, so that a server can tell an expensive question from a
    /// cheap one. Work a game keeps from one turn to the next counts once;
    /// a question refused at once, for passing a budget, costs nothing.
    fn costly(
        &self,
        position: &Self::Position,
        extras: &Self::Extras,
        times: u64,
        share: f64,
    ) -> bool;

    /// The facts of an explanation, named as the book documents its JSON.
    fn explain_facts(analysis: &Self::Analysis) -> impl Serialize;

    /// The facts of a check.
    fn check_facts(judgement: &Self::Judgement) -> impl Serialize;

    /// The facts of a move refused for `reason` before anything was worked
    /// out.
    fn illegal_facts<'a>(
        &'a self,
        position: &'a Self::Position,
        typed: &'a Self::Typed,
        reason: &str,
    ) -> impl Serialize + 'a;

    // The page.

    /// The position as the page counts it: sticks or squares, row by row.
    fn rows(position: &Self::Position) -> Vec<u64>;

    /// What a drawing of `position` is made of, as [`Queried::PIECES`]
    /// names it: counted before anything is drawn, since every piece is
    /// drawn once or more in each step of an explanation.
    fn pieces(position: &Self::Position) -> u64;

    /// What [`Queried::pieces`] counts, in words: "rows and groups".
    const PIECES: &'static str;

    /// The game at `position`, as a title the page shows beside its
    /// drawing: its rules, without the position ("last stick loses").
    fn title(&self, position: &Self::Position) -> String;

    /// `position` drawn to click, on its own, outside any game.
    fn drawn(&self, position: &Self::Position) -> Result<Block, Self::Unanswered>;

    /// What the page needs beside a drawn board, such as Nim's take
    /// buttons.
    fn board_facts(&self, position: &Self::Position) -> impl Serialize;

    /// What the page needs about a move told in a game, beside the rows it
    /// leaves.
    fn move_facts(mv: &Self::Move) -> impl Serialize;

    /// The move the page sent at `position`, or why it is not allowed
    /// there.
    fn sent(
        &self,
        position: &Self::Position,
        sent: &Self::Sent,
    ) -> Result<Self::Move, Self::Illegal>;
}
