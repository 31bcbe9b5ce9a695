//! What the page shows for an explanation, a check, a board to click and a
//! table: the command line's documents, laid out as HTML fragments by
//! [`html`], with the few facts the page needs to draw and click. Every
//! game has the same explanation, check and board, each under its own
//! path; the table is Nim's.
//!
//! Input is read and refused exactly as by the JSON API.

use axum::http::StatusCode;
use serde_json::{Value, json};

use super::params::{ParamError, Params, Question, TABLE_PARAMS, check_question};
use super::reply::Reply;
use crate::render::html;
use crate::request;
use crate::request::board::board;
use crate::request::check::Refused;
use crate::rules::nim::Nim;
use crate::rules::outcome::Outcome;
use crate::teach::document::Document;
use crate::teach::queried::Queried;
use crate::teach::verdict::Verdict;

/// The steps of a document, each as HTML with its heading.
pub(crate) fn steps(doc: &Document) -> Value {
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
pub(crate) fn explanation(doc: &Document, outcome: Outcome) -> String {
    json!({
        "title": doc.title,
        "outcome": outcome.to_string(),
        "steps": steps(doc),
    })
    .to_string()
}

/// A move or a bite checked, as the page shows it: the verdict, its
/// reasons as HTML, and the board after it.
pub(crate) fn verdict(verdict: Verdict, doc: &Document, after: Value) -> String {
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
pub(crate) fn check_reply(answer: Result<Result<String, String>, ParamError>) -> Reply {
    match answer {
        Ok(Ok(body)) => Reply::json(body),
        Ok(Err(why)) => Reply::json_with(
            StatusCode::UNPROCESSABLE_ENTITY,
            json!({ "legal": false, "error": why }).to_string(),
        ),
        Err(e) => Reply::error(e),
    }
}

/// `GET /page/explain?position=3,5,7[&normal=1][&take=1-3][&xor=1]`, and
/// `GET /page/chomp/explain?shape=4x5`: the explanation's title, who
/// wins, and its steps.
pub(crate) fn explain<G: Queried>(query: Option<&str>) -> Reply {
    let known = Question::PageExplain.known::<G>();
    let answer = || -> Result<String, ParamError> {
        let p = Params::parse(query, &known)?;
        let position = p.drawable::<G>()?;
        let game = p.rules::<G>()?;
        let extras = p.extras(&game)?;
        let explained = request::explain::explain(&game, position, &extras)?;
        Ok(explanation(
            &explained.document,
            G::outcome(&explained.analysis),
        ))
    };
    Reply::json_or_error(answer())
}

/// `GET /page/check?position=3,5,7&to=2,5,7` (or `&row=1&remove=1`), and
/// `GET /page/chomp/check?shape=4x5&bite=2,3`: the verdict and its reasons
/// as HTML, and the board after the move. An illegal move gets 422 and
/// why; a position too big to draw, 400.
pub(crate) fn check<G: Queried>(query: Option<&str>) -> Reply {
    let answer = || -> Result<Result<String, String>, ParamError> {
        let (game, checked) = check_question::<G>(Question::PageCheck, query)?;
        let checked = match checked {
            Ok(checked) => checked,
            Err(Refused::Illegal { illegal, .. }) => return Ok(Err(G::refusal(&illegal))),
            Err(Refused::Failed(e)) => return Err(e.into()),
        };
        let j = &checked.judgement;
        let after = board(&G::after(j), &game)?;
        Ok(Ok(verdict(G::verdict(j), &checked.document, after)))
    };
    check_reply(answer())
}

/// `GET /page/board?position=21[&normal=1][&take=1-3]`, and
/// `GET /page/chomp/board?shape=4x5`: a board to click.
pub(crate) fn board_page<G: Queried>(query: Option<&str>) -> Reply {
    let known = Question::Board.known::<G>();
    let answer = || -> Result<String, ParamError> {
        let p = Params::parse(query, &known)?;
        let position = p.drawable::<G>()?;
        Ok(board(&position, &p.rules::<G>()?)?.to_string())
    };
    Reply::json_or_error(answer())
}

/// `GET /page/table?position=3,5,7[&normal=1][&take=1-3][&losing=1]`: the
/// table as HTML.
pub(crate) fn table(query: Option<&str>) -> Reply {
    let answer = || -> Result<String, ParamError> {
        let p = Params::parse(query, &TABLE_PARAMS)?;
        let start = p.position::<Nim>()?;
        let game = p.rules::<Nim>()?;
        let losing = p.flag("losing");
        let tabled = request::table::table(&start, &game, losing)?;
        Ok(json!({ "html": html::document(&tabled.document, 2) }).to_string())
    };
    Reply::json_or_error(answer())
}
