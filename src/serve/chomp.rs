//! Chomp on the page and in the JSON API: a bar explained, a bite checked,
//! a bar drawn to click, and a game against the computer, all from the
//! same request code as `matchsticks chomp`.
//!
//! `/api/chomp/…` returns exactly what `--format json` prints; `/page/chomp/…`
//! returns the same documents laid out as HTML fragments. A bar is named by
//! `shape` (`4x5`, `5,5,3`) and a bite by `bite` (`2,3`), read as the
//! command line reads them and refused with its words. A game is replayed
//! from its start on every request, as Nim's is, so nothing is kept here.

use axum::http::StatusCode;
use serde::Deserialize;
use serde_json::{Value, json};

use super::game::{Refusal, choice, replied, side};
use super::page::{check_reply, explanation, verdict};
use super::params::{ParamError, Params};
use super::reply::Reply;
use crate::play::replay::{Helped, Replay, Setup};
use crate::play::{First, Level};
use crate::render::{html, json};
use crate::request::chomp::{self, BiteRefused};
use crate::request::error::Error;
use crate::rules::bar::{Bar, Bite};
use crate::rules::game::Chomp;
use crate::teach::chomp::facts;
use crate::teach::chomp::review::result;
use crate::teach::chomp::words::{drawn, titled};
use crate::teach::document::Block;

/// The bar named by the parameter `shape`.
fn shape(p: &Params) -> Result<&str, ParamError> {
    p.get("shape").ok_or(ParamError::Missing("shape"))
}

/// The bite named by the parameter `bite`.
fn bite(p: &Params) -> Result<&str, ParamError> {
    p.get("bite").ok_or(ParamError::Missing("bite"))
}

/// A bar drawn for the page: every square an SVG `<rect>` with its
/// `data-row` and `data-column`, so it can be clicked.
pub fn board(bar: &Bar) -> Value {
    json!({
        "rows": bar.row_lengths(),
        "board": html::block_html(&Block::Bar(drawn(bar, None)), 3),
        "game": titled(bar),
        "squares": bar.squares(),
        "over": bar.is_eaten() || bar.row_lengths() == [1],
    })
}

/// `GET /api/chomp/explain?shape=4x5`: what `chomp explain --format json`
/// prints.
pub fn api_explain(query: Option<&str>) -> Reply {
    let answer = || -> Result<String, ParamError> {
        let p = Params::parse(query, &["shape"])?;
        let explained = chomp::explain(&[shape(&p)?])?;
        Ok(json::document(
            &facts::explain(&explained.analysis),
            &explained.document,
        ))
    };
    Reply::json_or_error(answer())
}

/// `GET /api/chomp/check?shape=4x5&bite=2,3`: what `chomp check --format
/// json` prints; an illegal bite gets 422 with the JSON printed for it.
pub fn api_check(query: Option<&str>) -> Reply {
    let asked = || -> Result<Result<String, String>, ParamError> {
        let p = Params::parse(query, &["shape", "bite"])?;
        match chomp::check(&[shape(&p)?], bite(&p)?) {
            Ok(checked) => Ok(Ok(json::document(
                &facts::check(&checked.judgement),
                &checked.document,
            ))),
            Err(BiteRefused::Illegal { json, .. }) => Ok(Err(json)),
            Err(BiteRefused::Failed(e)) => Err(e.into()),
        }
    };
    match asked() {
        Ok(Ok(body)) => Reply::json(body),
        Ok(Err(json)) => Reply::json_with(StatusCode::UNPROCESSABLE_ENTITY, json),
        Err(e) => Reply::error(e),
    }
}

/// `GET /page/chomp/explain?shape=4x5`: the explanation's title, who wins,
/// and its steps as HTML.
pub fn explain(query: Option<&str>) -> Reply {
    let answer = || -> Result<String, ParamError> {
        let p = Params::parse(query, &["shape"])?;
        let explained = chomp::explain(&[shape(&p)?])?;
        Ok(explanation(&explained.document, explained.analysis.outcome))
    };
    Reply::json_or_error(answer())
}

/// `GET /page/chomp/board?shape=4x5`: a bar to click. Drawing needs no
/// search, so any bar is drawn.
pub fn board_page(query: Option<&str>) -> Reply {
    let answer = || -> Result<String, ParamError> {
        let p = Params::parse(query, &["shape"])?;
        let bar = Bar::parse(&[shape(&p)?]).map_err(Error::from)?;
        Ok(board(&bar).to_string())
    };
    Reply::json_or_error(answer())
}

/// `GET /page/chomp/check?shape=4x5&bite=2,3`: the verdict and its reasons
/// as HTML, and the bar after the bite. An illegal bite gets 422 and why.
pub fn check(query: Option<&str>) -> Reply {
    let asked = || -> Result<Result<String, String>, ParamError> {
        let p = Params::parse(query, &["shape", "bite"])?;
        let checked = match chomp::check(&[shape(&p)?], bite(&p)?) {
            Ok(checked) => checked,
            Err(BiteRefused::Illegal { illegal, .. }) => {
                return Ok(Err(Error::IllegalBite(illegal).to_string()));
            }
            Err(BiteRefused::Failed(e)) => return Err(e.into()),
        };
        let j = &checked.judgement;
        let after = board(&j.after.bar);
        Ok(Ok(verdict(j.verdict, &checked.document, after)))
    };
    check_reply(asked())
}

/// A game of Chomp as the page sends it.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Asked {
    /// The bar at the start, as the command line reads it: "4x5".
    shape: String,
    #[serde(default)]
    level: Option<String>,
    #[serde(default)]
    first: Option<String>,
    #[serde(default)]
    seed: u64,
    /// The pupil's bites so far, in order.
    #[serde(default)]
    bites: Vec<Bitten>,
    /// How many hints the pupil has asked for at this bite.
    #[serde(default)]
    hints: usize,
    /// How many bites the pupil has taken back, for the review.
    #[serde(default)]
    taken_back: u64,
    /// The review, even if the game is not over.
    #[serde(default)]
    review: bool,
}

/// A pupil's bite: the square's row and column, from 1.
#[derive(Clone, Copy, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Bitten {
    row: usize,
    column: usize,
}

/// `POST /page/chomp/play`: replays the game in the body and answers with
/// where it stands. Bad input gets 400, a bite that is not allowed 422.
pub fn play(body: &[u8]) -> Reply {
    replied(replay(body))
}

fn replay(body: &[u8]) -> Result<Value, Refusal> {
    let asked: Asked = serde_json::from_slice(body)
        .map_err(|e| Refusal::Bad(format!("the game could not be read: {e}")))?;
    let bad = |e: Error| Refusal::Bad(e.to_string());
    let start = Bar::parse(&[asked.shape.as_str()]).map_err(|e| bad(e.into()))?;
    let level = choice::<Level>(asked.level.as_deref(), "level").map_err(Refusal::Bad)?;
    let first = choice::<First>(asked.first.as_deref(), "first").map_err(Refusal::Bad)?;
    let bites: Vec<Bite> = asked
        .bites
        .iter()
        .map(|b| Bite::new(b.row, b.column))
        .collect();
    let setup = Setup {
        start,
        game: Chomp,
        first,
        level,
        seed: asked.seed,
        seed_given: true,
    };
    let helped = Helped {
        taken_back: asked.taken_back,
        ..Helped::default()
    };
    let mut game = Replay::of(setup, &bites, |_, bite| Ok(*bite), helped)?;
    let ladder = game.hints()?;
    let over = game.is_over();
    let told: Vec<Value> = game
        .told()
        .iter()
        .map(|t| {
            json!({
                "side": side(t.turn.side),
                "said": game.said(t),
                "why": t.why,
                "row": t.turn.mv.row,
                "column": t.turn.mv.column,
                "rows_after": t.after(&Chomp).row_lengths(),
            })
        })
        .collect();
    let review = match over || asked.review {
        true => Some(html::document(&game.review(over)?, 2)),
        false => None,
    };
    Ok(json!({
        "start": game.setup().start.row_lengths(),
        "game": titled(&game.setup().start),
        "bar": board(&game.position()),
        "bites": told,
        "to_move": side(game.to_move()),
        "over": over,
        "winner": game.winner().map(side),
        "ended": game.ending().map(|(how, _)| how),
        "result": game.winner().map(result),
        "hints": ladder.iter().take(asked.hints).collect::<Vec<_>>(),
        "hints_total": ladder.len(),
        "review": review,
    }))
}
