//! What the page shows for an explanation, a check, a board to click and a
//! table: the command line's documents, laid out as HTML fragments by
//! [`html`], with the few facts the page needs to draw and click.
//!
//! Input is read and refused exactly as by the JSON API.

use axum::http::StatusCode;
use serde_json::{Value, json};

use super::params::{ParamError, Params};
use super::reply::Reply;
use crate::render::html;
use crate::request;
use crate::request::check::{MoveForm, Refused};
use crate::request::error::Error;
use crate::rules::nim::Nim;
use crate::rules::outcome::Outcome;
use crate::rules::position::Position;
use crate::teach::analysis::{Analysis, Extras};
use crate::teach::board;
use crate::teach::document::Document;
use crate::teach::verdict::Verdict;

/// The steps of a document, each as HTML with its heading.
pub fn steps(doc: &Document) -> Value {
    doc.steps
        .iter()
        .map(|step| {
            json!({
                "heading": step.frame.heading.then(|| step.heading()),
                "html": html::step_html(step, 3),
            })
        })
        .collect()
}

/// An explanation as the page shows it: its title, who wins, and its
/// steps as HTML.
pub fn explanation(doc: &Document, outcome: Outcome) -> String {
    json!({
        "title": doc.title,
        "outcome": outcome.to_string(),
        "steps": steps(doc),
    })
    .to_string()
}

/// A move or a bite checked, as the page shows it: the verdict, its
/// reasons as HTML, and the board after it.
pub fn verdict(verdict: Verdict, doc: &Document, after: Value) -> String {
    json!({
        "legal": true,
        "verdict": verdict.name(),
        "html": html::document(doc, 2),
        "after": after,
    })
    .to_string()
}

/// The reply to a check on the page: the verdict, or 422 and why the move
/// or the bite is not allowed.
pub fn check_reply(answer: Result<Result<String, String>, ParamError>) -> Reply {
    match answer {
        Ok(Ok(body)) => Reply::json(body),
        Ok(Err(why)) => Reply::json_with(
            StatusCode::UNPROCESSABLE_ENTITY,
            json!({ "legal": false, "error": why }).to_string(),
        ),
        Err(e) => Reply::error(e),
    }
}

/// The board for `position` in its game, drawn as the terminal draws it
/// (groups for Nim, blocks for a row with limited takes), with each stick
/// clickable; and the takes to offer as buttons when a single row allows
/// only a few.
pub fn board(position: &Position, game: &Nim) -> Result<Value, Error> {
    let analysis = Analysis::new(position.clone(), game.clone(), Extras::default())?;
    let drawn = board::for_game(position, game, analysis.pattern());
    Ok(json!({
        "rows": position.piles(),
        "game": game.describe(position.len()),
        "board": html::block_html(&drawn, 3),
        "buttons": buttons(position, game),
        "over": analysis.is_over(),
    }))
}

/// The takes to offer as buttons: when a single row allows only a few.
pub fn buttons(position: &Position, game: &Nim) -> Option<Vec<u64>> {
    match (position.piles(), game.takes.only()) {
        ([sticks], Some(_)) => Some(game.takes.takes_from(*sticks).collect()),
        _ => None,
    }
}

/// `GET /page/explain?position=3,5,7[&normal=1][&take=1-3][&xor=1]`: the
/// explanation's title and steps.
pub fn explain(query: Option<&str>) -> Reply {
    let answer = || -> Result<String, ParamError> {
        let p = Params::parse(query, &["position", "normal", "take", "xor"])?;
        let explained = request::explain::explain(request::explain::Request {
            position: p.position("position")?,
            game: p.game()?,
            xor: p.flag("xor"),
            brute_force: false,
            show_search: false,
        })?;
        Ok(explanation(&explained.document, explained.analysis.outcome))
    };
    Reply::json_or_error(answer())
}

/// `GET /page/check?position=3,5,7&to=2,5,7` (or `&row=1&remove=1`): the
/// verdict and its reasons as HTML, and the board after the move. An
/// illegal move gets 422 and why.
pub fn check(query: Option<&str>) -> Reply {
    let answer = || -> Result<Result<String, String>, ParamError> {
        let p = Params::parse(
            query,
            &["position", "to", "row", "remove", "normal", "take"],
        )?;
        let position = p.position("position")?;
        let game = p.game()?;
        let to = p
            .get("to")
            .is_some()
            .then(|| p.position("to"))
            .transpose()?;
        let form = MoveForm::of(to.as_ref(), p.get("row"), p.get("remove"))?;
        let checked = match request::check::check(position, &game, form) {
            Ok(checked) => checked,
            Err(Refused::Illegal { illegal, .. }) => return Ok(Err(illegal.refusal())),
            Err(Refused::Failed(e)) => return Err(e.into()),
        };
        let j = &checked.judgement;
        let after = board(&j.to, &game)?;
        Ok(Ok(verdict(j.verdict, &checked.document, after)))
    };
    check_reply(answer())
}

/// `GET /page/board?position=21[&normal=1][&take=1-3]`: a board to click.
pub fn board_page(query: Option<&str>) -> Reply {
    let answer = || -> Result<String, ParamError> {
        let p = Params::parse(query, &["position", "normal", "take"])?;
        Ok(board(&p.position("position")?, &p.game()?)?.to_string())
    };
    Reply::json_or_error(answer())
}

/// `GET /page/table?position=3,5,7[&normal=1][&take=1-3][&losing=1]`: the
/// table as HTML.
pub fn table(query: Option<&str>) -> Reply {
    let answer = || -> Result<String, ParamError> {
        let p = Params::parse(query, &["position", "normal", "take", "losing"])?;
        let start = p.position("position")?;
        let game = p.game()?;
        let losing = p.flag("losing");
        let tabled = request::table::table(&start, &game, losing)?;
        Ok(json!({ "html": html::document(&tabled.document, 2) }).to_string())
    };
    Reply::json_or_error(answer())
}
