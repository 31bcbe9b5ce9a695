//! `POST /page/play`: a game against the computer. The page keeps only the
//! start, the seed and the pupil's moves; every request replays them, so
//! taking a move back is sending one move fewer, and no game is kept here.

use serde::Deserialize;
use serde_json::{Value, json};

use super::page::buttons;
use super::params::ParamError;
use super::reply::Reply;
use crate::play::replay::{Helped, Replay, ReplayError, Setup};
use crate::play::{First, Level, PlayError};
use crate::render::html;
use crate::request;
use crate::request::error::Error;
use crate::rules::multi_move::MultiMove;
use crate::rules::position::Position;
use crate::teach::reply::answer::row_move;
use crate::teach::review::{Side, ending};

/// The most rows a game on the page may have, so that replaying a long
/// game stays well within a second.
pub const MOST_ROWS_PLAYED: usize = 100;

/// The game as the page sends it.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Asked {
    /// The starting rows, as the command line reads them: "3 5 7".
    position: String,
    #[serde(default)]
    normal: bool,
    #[serde(default)]
    take: Option<String>,
    #[serde(default)]
    level: Option<String>,
    #[serde(default)]
    first: Option<String>,
    #[serde(default)]
    seed: u64,
    /// The pupil's moves so far, in order.
    #[serde(default)]
    moves: Vec<Played>,
    /// How many hints the pupil has asked for at this move.
    #[serde(default)]
    hints: usize,
    /// The review, even if the game is not over.
    #[serde(default)]
    review: bool,
    /// How many moves the pupil has taken back, for the review.
    #[serde(default)]
    taken_back: u64,
    /// How many hints the pupil has asked for in the whole game, for the
    /// review.
    #[serde(default)]
    hints_used: u64,
    /// At how many of the pupil's moves the answer was shown, for the
    /// review.
    #[serde(default)]
    shown: u64,
}

/// A pupil's move: the row (from 1) and how many sticks.
#[derive(Clone, Copy, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Played {
    row: u64,
    take: u64,
}

/// Why a game could not be replayed, Nim or Chomp: bad input (400) or a
/// move or bite that is not allowed (422).
pub enum Refusal {
    /// Bad input, and why.
    Bad(String),
    /// A move or bite that is not allowed, and why.
    Illegal(String),
}

/// Where a replayed game stands, or why it could not be replayed.
pub fn replied(answer: Result<Value, Refusal>) -> Reply {
    match answer {
        Ok(answer) => Reply::json(answer.to_string()),
        Err(Refusal::Bad(why)) => Reply::bad_request(why),
        Err(Refusal::Illegal(why)) => Reply::illegal(why),
    }
}

impl<E: Into<ParamError>> From<E> for Refusal {
    fn from(e: E) -> Refusal {
        Refusal::Bad(e.into().to_string())
    }
}

impl From<ReplayError> for Refusal {
    fn from(e: ReplayError) -> Refusal {
        match e {
            ReplayError::Play(e) => Refusal::from(Error::from(e)),
            illegal => Refusal::Illegal(illegal.to_string()),
        }
    }
}

impl From<PlayError> for Refusal {
    fn from(e: PlayError) -> Refusal {
        Refusal::from(Error::from(e))
    }
}

/// Replays the game in `body` and answers with where it stands.
pub fn play(body: &[u8]) -> Reply {
    replied(replay(body))
}

fn replay(body: &[u8]) -> Result<Value, Refusal> {
    let asked: Asked = serde_json::from_slice(body)
        .map_err(|e| Refusal::Bad(format!("the game could not be read: {e}")))?;
    let start = Position::parse(&[asked.position.as_str()]).map_err(Error::from)?;
    if start.len() > MOST_ROWS_PLAYED {
        return Err(Refusal::Bad(format!(
            "a game here may have at most {MOST_ROWS_PLAYED} rows; this one has {}",
            start.len()
        )));
    }
    let game = request::game(asked.normal, asked.take.as_deref())?;
    let level = choice::<Level>(asked.level.as_deref(), "level").map_err(Refusal::Bad)?;
    let first = choice::<First>(asked.first.as_deref(), "first").map_err(Refusal::Bad)?;
    let moves: Vec<(u64, u64)> = asked.moves.iter().map(|m| (m.row, m.take)).collect();
    let setup = Setup {
        start,
        game: game.clone(),
        first,
        level,
        seed: asked.seed,
        seed_given: true,
    };
    let helped = Helped {
        taken_back: asked.taken_back,
        hints: asked.hints_used,
        shown: asked.shown,
    };
    let mut replay = Replay::of(
        setup,
        &moves,
        |position, &(row, take)| row_move(position, row, take, &game).map(MultiMove::from),
        helped,
    )?;
    let position = replay.position();
    let ladder = replay.hints()?;
    let over = replay.is_over();
    let review = match over || asked.review {
        true => Some(html::document(&replay.review(over)?, 2)),
        false => None,
    };
    let told: Vec<Value> = replay
        .told()
        .iter()
        .map(|t| {
            json!({
                "side": side(t.turn.side),
                "said": replay.said(t),
                "why": t.why,
                "rows_after": t.after(replay.game()).piles(),
            })
        })
        .collect();
    Ok(json!({
        "start": replay.setup().start.piles(),
        "position": {
            "rows": position.piles(),
            "game": replay.game().describe(position.len()),
            "board": html::block_html(&replay.board().expect("rows are always drawn"), 3),
            "buttons": buttons(&position, replay.game()),
            "over": over,
        },
        "moves": told,
        "to_move": side(replay.to_move()),
        "over": replay.is_over(),
        "winner": replay.winner().map(side),
        "result": replay
            .told()
            .last()
            .filter(|_| over)
            .map(|last| ending(last.turn.side, &last.after(replay.game()), replay.game())),
        "hints": ladder.iter().take(asked.hints).collect::<Vec<_>>(),
        "hints_total": ladder.len(),
        "review": review,
    }))
}

/// A player as the page names it: "pupil" or "computer".
pub fn side(side: Side) -> &'static str {
    match side {
        Side::Pupil => "pupil",
        Side::Computer => "computer",
    }
}

/// One of a command-line choice's values, named as on the command line, or
/// why it is none of them.
pub fn choice<T: clap::ValueEnum + Default>(value: Option<&str>, name: &str) -> Result<T, String> {
    let Some(value) = value else {
        return Ok(T::default());
    };
    T::from_str(value, true).map_err(|_| {
        let names: Vec<String> = T::value_variants()
            .iter()
            .filter_map(|v| v.to_possible_value().map(|p| p.get_name().to_string()))
            .collect();
        format!("'{value}' is not a {name}: choose {}", names.join(", "))
    })
}
