//! The JSON of Chomp's commands: one object each, fields named as the
//! README documents them, with the explanation's steps under `steps` as in
//! Nim's JSON. Rows and columns are counted from 1.

use serde::Serialize;

use super::json::document_steps;
use crate::rules::bar::{Bar, Bite};
use crate::teach::chomp::analysis::{BarAnalysis, Searched, Strategy};
use crate::teach::chomp::check::{BiteJudgement, reason};
use crate::teach::document::Document;

/// A bite as `{"row": 2, "column": 3}`.
#[derive(Serialize)]
struct BiteJson {
    row: usize,
    column: usize,
}

impl From<Bite> for BiteJson {
    fn from(b: Bite) -> BiteJson {
        BiteJson {
            row: b.row,
            column: b.column,
        }
    }
}

/// A bite with the bar it leaves.
#[derive(Serialize)]
struct BiteToJson {
    row: usize,
    column: usize,
    rows_after: Vec<usize>,
}

fn bite_to(bar: &Bar, bite: Bite) -> BiteToJson {
    BiteToJson {
        row: bite.row,
        column: bite.column,
        rows_after: bar
            .bite(bite)
            .expect("a bite told is legal")
            .row_lengths()
            .to_vec(),
    }
}

/// What the search did: how many shapes, and whether it ran.
#[derive(Serialize)]
struct SearchJson {
    ran: bool,
    shapes: u128,
    limit: Option<u64>,
    bites_left: Option<u64>,
}

#[derive(Serialize)]
struct ExplainJson<'a, S: Serialize> {
    rows: &'a [usize],
    outcome: &'static str,
    bite: Option<BiteToJson>,
    winning_bites: Option<Vec<BiteJson>>,
    strategy: Option<&'static str>,
    search: SearchJson,
    title: &'a str,
    steps: S,
}

/// The name of a strategy in JSON.
fn strategy_name(s: Strategy) -> &'static str {
    match s {
        Strategy::Arms(_) => "arms",
        Strategy::EqualSides { square: true, .. } => "square",
        Strategy::EqualSides { square: false, .. } => "equal-sides",
        Strategy::TwoRows { .. } => "two-rows",
    }
}

/// A bar worked out, and its explanation, as one JSON object.
pub fn explain(a: &BarAnalysis, doc: &Document) -> String {
    let search = match a.searched {
        Searched::Done { shapes, bites_left } => SearchJson {
            ran: true,
            shapes,
            limit: None,
            bites_left: Some(bites_left),
        },
        Searched::Refused { shapes, limit } => SearchJson {
            ran: false,
            shapes,
            limit: Some(limit),
            bites_left: None,
        },
    };
    to_string(&ExplainJson {
        rows: a.bar.row_lengths(),
        outcome: a.outcome.name(),
        bite: a.bite.map(|b| bite_to(&a.bar, b)),
        winning_bites: a
            .winning
            .as_ref()
            .map(|all| all.iter().copied().map(BiteJson::from).collect()),
        strategy: a.strategy.map(strategy_name),
        search,
        title: &doc.title,
        steps: document_steps(doc),
    })
}

#[derive(Serialize)]
struct CheckJson<'a, S: Serialize> {
    rows: &'a [usize],
    bite: BiteJson,
    legal: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    rows_after: Option<&'a [usize]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    verdict: Option<&'static str>,
    reason: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    reply: Option<Option<BiteToJson>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    winning_bites: Option<Vec<BiteJson>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    title: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    steps: Option<S>,
}

/// A judged bite, and its explanation, as one JSON object.
pub fn check(j: &BiteJudgement, doc: &Document) -> String {
    to_string(&CheckJson {
        rows: j.before.bar.row_lengths(),
        bite: j.bite.into(),
        legal: true,
        rows_after: Some(j.after.bar.row_lengths()),
        verdict: Some(j.verdict.name()),
        reason: reason(j),
        reply: Some(j.reply().map(|b| bite_to(&j.after.bar, b))),
        winning_bites: Some(
            j.before
                .known_winning()
                .into_iter()
                .map(BiteJson::from)
                .collect(),
        ),
        title: Some(&doc.title),
        steps: Some(document_steps(doc)),
    })
}

/// An illegal bite as one JSON object: `legal` is false and `reason` says
/// what was wrong.
pub fn illegal(bar: &Bar, bite: Bite, reason: &str) -> String {
    to_string(&CheckJson::<()> {
        rows: bar.row_lengths(),
        bite: bite.into(),
        legal: false,
        rows_after: None,
        verdict: None,
        reason: reason.to_string(),
        reply: None,
        winning_bites: None,
        title: None,
        steps: None,
    })
}

fn to_string(value: &impl Serialize) -> String {
    let mut text = serde_json::to_string(value).expect("plain data always serialises");
    text.push('\n');
    text
}
