//! The JSON API: the same objects the command line prints with
//! `--format json`, for `explain`, `check` and `table`, from the same
//! request code. Malformed input gets 400 with the command line's message;
//! an illegal move gets 422 with the JSON `check` prints for it.

use axum::http::StatusCode;

use super::params::{ParamError, Params};
use super::reply::Reply;
use crate::render::json;
use crate::request;
use crate::request::check::{MoveForm, Refused};
use crate::teach::facts;

/// `GET /api/explain?position=3,5,7[&normal=1][&take=1-3][&xor=1]`.
pub fn explain(query: Option<&str>) -> Reply {
    let known = ["position", "normal", "take", "xor", "brute_force"];
    let answer = || -> Result<String, ParamError> {
        let p = Params::parse(query, &known)?;
        let asked = request::explain::Request {
            position: p.position("position")?,
            game: p.game()?,
            xor: p.flag("xor"),
            brute_force: p.flag("brute_force"),
            show_search: false,
        };
        let explained = request::explain::explain(asked)?;
        Ok(json::document(
            &facts::explain(&explained.analysis),
            &explained.document,
        ))
    };
    Reply::json_or_error(answer())
}

/// `GET /api/check?position=3,5,7&to=2,5,7` (or `&row=1&remove=1`).
pub fn check(query: Option<&str>) -> Reply {
    let known = ["position", "to", "row", "remove", "normal", "take"];
    let p = match Params::parse(query, &known) {
        Ok(p) => p,
        Err(e) => return Reply::error(e),
    };
    let inputs = || -> Result<_, ParamError> {
        let to = p
            .get("to")
            .is_some()
            .then(|| p.position("to"))
            .transpose()?;
        Ok((p.position("position")?, p.game()?, to))
    };
    let (position, game, to) = match inputs() {
        Ok(inputs) => inputs,
        Err(e) => return Reply::error(e),
    };
    let form = match MoveForm::of(to.as_ref(), p.get("row"), p.get("remove")) {
        Ok(form) => form,
        Err(e) => return Reply::error(ParamError::from(e)),
    };
    match request::check::check(position, &game, form) {
        Ok(checked) => Reply::json(json::document(
            &facts::check(&checked.judgement),
            &checked.document,
        )),
        Err(Refused::Illegal { json, .. }) => {
            Reply::json_with(StatusCode::UNPROCESSABLE_ENTITY, json)
        }
        Err(Refused::Failed(e)) => Reply::error(ParamError::from(e)),
    }
}

/// `GET /api/table?position=3,5,7[&normal=1][&take=1-3][&losing=1]`.
pub fn table(query: Option<&str>) -> Reply {
    let known = ["position", "normal", "take", "losing"];
    let answer = || -> Result<String, ParamError> {
        let p = Params::parse(query, &known)?;
        let tabled = request::table::table(&p.position("position")?, &p.game()?, p.flag("losing"))?;
        Ok(json::facts(&facts::table(&tabled.entries)))
    };
    Reply::json_or_error(answer())
}
