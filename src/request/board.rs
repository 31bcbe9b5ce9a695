//! A board to click, in any game: the position drawn as the terminal draws
//! it (Nim's rows in their groups or the blocks of their pattern, a bar's
//! squares), laid out as HTML, with the facts a page needs beside it. The
//! page asks for one on its own, and a game, a lesson's question and a
//! class's task each send one with what they show.

use serde::Serialize;
use serde_json::{Value, json};

use super::error::Error;
use crate::render::html;
use crate::teach::document::Block;
use crate::teach::queried::Queried;

/// The board for `position` in its game, drawn to click, with the facts
/// the page needs beside it.
pub(crate) fn board<G: Queried>(position: &G::Position, game: &G) -> Result<Value, Error> {
    let drawn = game.drawn(position).map_err(Error::game)?;
    Ok(drawn_board(position, game, &drawn))
}

/// The board for `position` in its game, already `drawn`: its rows, its
/// title, the drawing as HTML, whether the game is over there, and the
/// game's own facts (the takes to offer as buttons, the squares).
pub(crate) fn drawn_board<G: Queried>(position: &G::Position, game: &G, drawn: &Block) -> Value {
    let board = json!({
        "rows": G::rows(position),
        "game": game.title(position),
        "board": html::board_html(drawn),
        "over": game.is_over(position),
    });
    with_facts(board, &game.board_facts(position))
}

/// `value`, an object, with the fields of `facts` added.
pub(crate) fn with_facts(mut value: Value, facts: &impl Serialize) -> Value {
    let facts = serde_json::to_value(facts).expect("facts are plain data");
    match (&mut value, facts) {
        (Value::Object(fields), Value::Object(more)) => fields.extend(more),
        _ => unreachable!("a board and its facts are objects"),
    }
    value
}
