//! The JSON API: the same objects the command line prints with
//! `--format json`, for `explain` and `check` in every game and for Nim's
//! `table`, from the same request code. Malformed input gets 400 with the
//! command line's message; an illegal move gets 422 with the JSON `check`
//! prints for it.

use axum::http::StatusCode;

use super::params::{ParamError, Params, Question, TABLE_PARAMS, check_question};
use super::reply::Reply;
use crate::render::json;
use crate::request;
use crate::request::check::Refused;
use crate::rules::nim::Nim;
use crate::teach::facts;
use crate::teach::queried::Queried;

/// `GET /api/explain?position=3,5,7[&normal=1][&take=1-3][&xor=1]`, and
/// `GET /api/chomp/explain?shape=4x5`: what `explain --format json`
/// prints.
pub(crate) fn explain<G: Queried>(query: Option<&str>) -> Reply {
    let known = Question::Explain.known::<G>();
    let answer = || -> Result<String, ParamError> {
        let p = Params::parse(query, &known)?;
        let position = p.position::<G>()?;
        let game = p.rules::<G>()?;
        let extras = p.extras(&game)?;
        Ok(request::explain::explain(&game, position, &extras)?.json())
    };
    Reply::json_or_error(answer())
}

/// `GET /api/check?position=3,5,7&to=2,5,7` (or `&row=1&remove=1`), and
/// `GET /api/chomp/check?shape=4x5&bite=2,3`: what `check --format json`
/// prints; an illegal move gets 422 with the JSON printed for it.
pub(crate) fn check<G: Queried>(query: Option<&str>) -> Reply {
    let asked = || -> Result<Result<String, String>, ParamError> {
        let (_, checked) = check_question::<G>(Question::Check, query)?;
        match checked {
            Ok(checked) => Ok(Ok(checked.json())),
            Err(Refused::Illegal { json, .. }) => Ok(Err(json)),
            Err(Refused::Failed(e)) => Err(e.into()),
        }
    };
    match asked() {
        Ok(Ok(body)) => Reply::json(body),
        Ok(Err(json)) => Reply::json_with(StatusCode::UNPROCESSABLE_ENTITY, json),
        Err(e) => Reply::error(e),
    }
}

/// `GET /api/table?position=3,5,7[&normal=1][&take=1-3][&losing=1]`.
pub(crate) fn table(query: Option<&str>) -> Reply {
    let answer = || -> Result<String, ParamError> {
        let p = Params::parse(query, &TABLE_PARAMS)?;
        let position = p.position::<Nim>()?;
        let tabled = request::table::table(&position, &p.rules::<Nim>()?, p.flag("losing"))?;
        Ok(json::facts(&facts::table(&tabled.entries)))
    };
    Reply::json_or_error(answer())
}
