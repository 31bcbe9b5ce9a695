//! `POST /page/play` and `POST /page/chomp/play`: a game against the
//! computer, the same for every game. The page keeps only the start, the
//! seed and the pupil's moves ([`Sent`]); every request replays them, so
//! taking a move back is sending one move fewer, and no game is kept here.

use serde_json::{Value, json};

use super::params::ParamError;
use super::reply::Reply;
use super::sent::{Sent, moves_name};
use crate::play::replay::{Helped, Replay, ReplayError, Setup, Where};
use crate::play::{First, Level, PlayError, choice};
use crate::render::html;
use crate::request::board::{drawn_board, with_facts};
use crate::request::body::unreadable;
use crate::request::error::Error;
use crate::rules::commas::with_commas;
use crate::teach::queried::{Queried, Words};
use crate::teach::review::{self, HINTS_A_TURN, MOST_TAKEN_BACK, Side};
use crate::teach::words::count;

/// The most rows a game on the page may have, so that replaying a long
/// game stays well within a second.
pub(crate) const MOST_ROWS_PLAYED: usize = 100;

/// Why a game could not be replayed: bad input (400) or a move that is not
/// allowed (422).
pub(crate) enum Refusal {
    /// Bad input, and why.
    Bad(String),
    /// A move that is not allowed, and why.
    Illegal(String),
}

/// Where a replayed game stands, or why it could not be replayed.
pub(crate) fn replied(answer: Result<Value, Refusal>) -> Reply {
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

/// Replays the game in `body` and answers with where it stands. Bad input
/// gets 400, a move that is not allowed 422.
pub(crate) fn play<G: Queried>(body: &[u8]) -> Reply {
    replied(replay::<G>(body))
}

fn replay<G: Queried>(body: &[u8]) -> Result<Value, Refusal> {
    let sent: Sent<G> =
        serde_json::from_slice(body).map_err(|e| Refusal::Bad(unreadable("game", &e)))?;
    replayed(&sent)
}

/// Where the game `sent` stands, replayed; or why it cannot be replayed.
pub(crate) fn replayed<G: Queried>(sent: &Sent<G>) -> Result<Value, Refusal> {
    let words = sent.words.words(G::POSITION_WORDS).unwrap_or_default();
    let start = G::position(&words, None).map_err(Error::game)?;
    let rows = G::rows(&start).len();
    if rows > MOST_ROWS_PLAYED {
        return Err(Refusal::Bad(format!(
            "a game here may have at most {MOST_ROWS_PLAYED} rows; this one has {rows}"
        )));
    }
    let game = G::rules(&sent.words).map_err(Error::game)?;
    let level = choice::<Level>(sent.level.as_deref(), "level").map_err(Refusal::Bad)?;
    let first = choice::<First>(sent.first.as_deref(), "first").map_err(Refusal::Bad)?;
    let setup = Setup {
        start,
        game: game.clone(),
        first,
        level,
        seed: sent.seed,
        seed_given: true,
    };
    let helped = helped(sent)?;
    let mut replay = Replay::of(
        setup,
        &sent.moves,
        |position, mv| game.sent(position, mv),
        helped,
    )?;
    let position = replay.position();
    let ladder = replay.hints()?;
    let over = replay.is_over();
    let review = match over || sent.review {
        true => Some(html::document(&replay.review(over, Where::Page)?, 2)),
        false => None,
    };
    let told: Vec<Value> = replay
        .told()
        .iter()
        .map(|t| {
            let said = json!({
                "side": side(t.turn.side),
                "said": replay.said(t),
                "why": t.why,
                "rows_after": G::rows(&t.after(&game)),
            });
            with_facts(said, &G::move_facts(&t.turn.mv))
        })
        .collect();
    // A position with nothing left to draw at a terminal (an eaten bar) is
    // still drawn on the page, so its board keeps its place.
    let drawn = match replay.board() {
        Some(drawn) => drawn,
        None => game.drawn(&position).map_err(Error::game)?,
    };
    let (ended, result) = replay.ending().unzip();
    let start = &replay.setup().start;
    let mut answer = json!({
        "start": G::rows(start),
        "game": game.title(start),
        "to_move": side(replay.to_move()),
        "over": over,
        "winner": replay.winner().map(side),
        "ended": ended,
        "result": result,
        "hints": ladder.iter().take(sent.hints).collect::<Vec<_>>(),
        "hints_total": ladder.len(),
        "review": review,
    });
    answer[G::BOARD] = drawn_board(&position, &game, &drawn);
    answer[moves_name::<G>()] = Value::Array(told);
    Ok(answer)
}

/// The help the pupil says they had in the game, for the review, or why
/// no game of theirs can have had it: at most [`HINTS_A_TURN`] hints, the
/// rungs of the ladder, asked for at this move, at most [`MOST_TAKEN_BACK`]
/// moves taken back, at most [`HINTS_A_TURN`] hints at each of their turns,
/// and the answer shown at most once at each.
fn helped<G: Queried>(sent: &Sent<G>) -> Result<Helped, Refusal> {
    let (taken_back, hints, shown) = (sent.taken_back, sent.hints_used, sent.shown);
    let moves = sent.moves.len() as u64;
    let turns = review::turns(moves, taken_back);
    let most_hints = turns.saturating_mul(HINTS_A_TURN);
    let had = || {
        format!(
            "a game of {} of yours, {taken_back} taken back, has {}",
            count(moves, G::MOVE),
            count(turns, "turn")
        )
    };
    let refused = if sent.hints as u64 > HINTS_A_TURN {
        format!(
            "'hints' is {}, but a move has at most {HINTS_A_TURN} hints",
            sent.hints
        )
    } else if taken_back > MOST_TAKEN_BACK {
        format!(
            "'taken_back' is {taken_back}, but a game may take back at most {}",
            with_commas(u128::from(MOST_TAKEN_BACK))
        )
    } else if hints > most_hints {
        format!(
            "'hints_used' is {hints}, but {}, with at most {HINTS_A_TURN} hints at each: \
             {most_hints} in all",
            had()
        )
    } else if shown > turns {
        format!(
            "'shown' is {shown}, but {}, with the answer shown at most once at each",
            had()
        )
    } else {
        return Ok(Helped {
            taken_back,
            hints,
            shown,
        });
    };
    Err(Refusal::Bad(refused))
}

/// A player as the page names it: "pupil" or "computer".
pub(crate) fn side(side: Side) -> &'static str {
    match side {
        Side::Pupil => "pupil",
        Side::Computer => "computer",
    }
}
