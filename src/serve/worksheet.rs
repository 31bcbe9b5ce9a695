//! `/page/worksheet`: a worksheet for the page to show and print, the
//! same sheet the command line prints for the same settings, as an HTML
//! fragment laid out by [`html`].

use serde_json::json;

use super::params::{ParamError, Params};
use super::reply::Reply;
use crate::render::html;
use crate::request::error::Error;
use crate::request::worksheet::worksheet;
use crate::rules::rule::Rule;
use crate::teach::nim::take_set;
use crate::teach::worksheet::kind::Kind;
use crate::teach::worksheet::settings::Settings;

/// The parameters a worksheet is asked for with, as the command line's
/// flags name them.
const KNOWN: &[&str] = &[
    "kind",
    "count",
    "seed",
    "rows",
    "max_sticks",
    "take",
    "normal",
];

/// The sheet the query asks for: `{"title", "html"}`, or 400 and why not.
pub(crate) fn sheet(query: Option<&str>) -> Reply {
    let answer = || -> Result<String, ParamError> {
        let p = Params::parse(query, KNOWN)?;
        p.needs(&["kind", "seed"])?;
        let kind = p.get("kind").unwrap_or_default();
        let kind = Kind::from_name(kind).ok_or_else(|| {
            bad(format!(
                "'{}' is not a kind of worksheet: choose {}",
                crate::rules::row_reader::printable(kind),
                Kind::NAMES.join(", ")
            ))
        })?;
        let take = match p.get("take").filter(|t| !t.is_empty()) {
            Some(words) => Some(take_set(words).map_err(Error::game)?),
            None => None,
        };
        let settings = Settings {
            kind,
            count: number(&p, "count")?.unwrap_or(10) as usize,
            seed: number(&p, "seed")?.unwrap_or(0),
            rows: number(&p, "rows")?.map(|n| n as usize),
            max_sticks: number(&p, "max_sticks")?,
            take,
            rule: Rule::from_normal_flag(p.flag("normal")),
        };
        let sheet = worksheet(&settings).map_err(Error::from)?;
        Ok(json!({
            "title": sheet.document.title,
            "html": html::document(&sheet.document, 2),
        })
        .to_string())
    };
    Reply::json_or_error(answer())
}

/// The whole number `name` names, if given.
fn number(p: &Params, name: &str) -> Result<Option<u64>, ParamError> {
    match p.get(name).filter(|v| !v.is_empty()) {
        None => Ok(None),
        Some(v) => v.trim().parse().map(Some).map_err(|_| {
            bad(format!(
                "'{}' is not a number for {name}: use a whole number such as 10",
                crate::rules::row_reader::printable(v)
            ))
        }),
    }
}

/// A refusal in words.
fn bad(why: String) -> ParamError {
    ParamError::Input(Error::game(std::io::Error::other(why)))
}
