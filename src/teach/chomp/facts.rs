//! What a program reading about a Chomp bar needs besides the words: who
//! wins, the bite to make and every winning bite when they are known, the
//! strategy, what the search did, the verdict on a bite, and what the page
//! needs to draw a bar and a bite. Each is a value named as the book
//! documents its JSON, rows and columns counted from 1.
//!
//! The facts are worked out here, beside the document, so that the JSON
//! layout only writes them out, the same way as Nim's.

use serde::Serialize;

use super::analysis::{BarAnalysis, Searched, Strategy};
use super::check::{BiteJudgement, reason};
use crate::rules::bar::{Bar, Bite};

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
struct ExplainJson<'a> {
    rows: &'a [usize],
    outcome: &'static str,
    bite: Option<BiteToJson>,
    winning_bites: Option<Vec<BiteJson>>,
    strategy: Option<&'static str>,
    search: SearchJson,
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

/// The facts of a bar worked out: who wins, how, and what the search did.
pub fn explain(a: &BarAnalysis) -> impl Serialize + '_ {
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
    ExplainJson {
        rows: a.bar.row_lengths(),
        outcome: a.outcome.name(),
        bite: a.bite.map(|b| bite_to(&a.bar, b)),
        winning_bites: a
            .winning
            .as_ref()
            .map(|all| all.iter().copied().map(BiteJson::from).collect()),
        strategy: a.strategy.map(strategy_name),
        search,
    }
}

#[derive(Serialize)]
struct CheckJson<'a> {
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
    /// `null` when the bar is won but its winning bites lie beyond the
    /// search; left out when the bite was not legal.
    #[serde(skip_serializing_if = "Option::is_none")]
    winning_bites: Option<Option<Vec<BiteJson>>>,
}

/// The facts of a judged bite: the verdict, why, the reply that wins
/// after a mistake, and the bites that win.
pub fn check(j: &BiteJudgement) -> impl Serialize + '_ {
    CheckJson {
        rows: j.before.bar.row_lengths(),
        bite: j.bite.into(),
        legal: true,
        rows_after: Some(j.after.bar.row_lengths()),
        verdict: Some(j.verdict.name()),
        reason: reason(j),
        reply: Some(j.reply().map(|b| bite_to(&j.after.bar, b))),
        winning_bites: Some(match j.before.winning_unknown() {
            true => None,
            false => Some(
                j.before
                    .known_winning()
                    .into_iter()
                    .map(BiteJson::from)
                    .collect(),
            ),
        }),
    }
}

/// The facts of an illegal bite: `legal` is false and `reason` says what
/// was wrong.
pub(crate) fn illegal<'a>(bar: &'a Bar, bite: Bite, reason: &str) -> impl Serialize + 'a {
    CheckJson {
        rows: bar.row_lengths(),
        bite: bite.into(),
        legal: false,
        rows_after: None,
        verdict: None,
        reason: reason.to_string(),
        reply: None,
        winning_bites: None,
    }
}

#[derive(Serialize)]
struct BoardJson {
    squares: usize,
}

/// What the page needs beside a drawn bar: how many squares it has.
pub(crate) fn board(bar: &Bar) -> impl Serialize + use<> {
    BoardJson {
        squares: bar.squares(),
    }
}

/// What the page needs about a bite told in a game: its row and column.
pub(crate) fn bitten(bite: Bite) -> impl Serialize + use<> {
    BiteJson::from(bite)
}
