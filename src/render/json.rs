//! JSON for programs: one object per command, fields named as documented in
//! the README. Rows are numbered from 1 here too.

use serde::Serialize;

use super::words;
use crate::analysis::Analysis;
use crate::moves::Move;
use crate::position::Position;
use crate::rule::Rule;
use crate::verdict::Judgement;

/// A move as `{"pile": 1, "take": 2}`.
#[derive(Serialize)]
struct MoveJson {
    pile: usize,
    take: u64,
}

impl From<&Move> for MoveJson {
    fn from(m: &Move) -> MoveJson {
        MoveJson {
            pile: m.row(),
            take: m.take,
        }
    }
}

/// A move with the position it leads to.
#[derive(Serialize)]
struct MoveToJson {
    pile: usize,
    take: u64,
    to: Vec<u64>,
}

#[derive(Serialize)]
struct SearchJson {
    outcome: &'static str,
    moves_left: u64,
}

#[derive(Serialize)]
struct ExplainJson<'a> {
    rule: &'static str,
    position: &'a [u64],
    outcome: &'static str,
    groups: Vec<&'a [u64]>,
    unpaired: &'a [u64],
    nim_sum: u64,
    #[serde(rename = "move")]
    recommended: Option<MoveToJson>,
    winning_moves: Vec<MoveJson>,
    #[serde(skip_serializing_if = "Option::is_none")]
    brute_force: Option<SearchJson>,
}

/// The analysis of a position as one JSON object.
pub fn explain(a: &Analysis) -> String {
    let g = &a.grouping;
    let json = ExplainJson {
        rule: a.rule().name(),
        position: a.position.piles(),
        outcome: g.outcome().name(),
        groups: g.rows.iter().map(|r| r.groups.as_slice()).collect(),
        unpaired: &g.unpaired,
        nim_sum: a.nim_sum,
        recommended: g.recommended().map(|mv| MoveToJson {
            pile: mv.row(),
            take: mv.take,
            to: a
                .position
                .play(mv)
                .expect("recommended moves are legal")
                .piles()
                .to_vec(),
        }),
        winning_moves: a.winning_moves.iter().map(MoveJson::from).collect(),
        brute_force: a.searched.map(|s| SearchJson {
            outcome: s.outcome.name(),
            moves_left: s.moves_left,
        }),
    };
    to_string(&json)
}

#[derive(Serialize)]
struct CheckJson<'a> {
    rule: &'static str,
    position: &'a [u64],
    to: Option<&'a [u64]>,
    legal: bool,
    verdict: Option<&'static str>,
    reason: String,
    winning_moves: Vec<MoveJson>,
}

/// A judged move as one JSON object.
pub fn check(j: &Judgement) -> String {
    to_string(&CheckJson {
        rule: j.before.rule.name(),
        position: j.position.piles(),
        to: Some(j.to.piles()),
        legal: true,
        verdict: Some(j.verdict.name()),
        reason: words::reason(j),
        winning_moves: j.winning_moves.iter().map(MoveJson::from).collect(),
    })
}

/// An illegal move as one JSON object: `legal` is false and `reason` says
/// what was wrong.
pub fn illegal(
    rule: Rule,
    position: &Position,
    to: Option<&Position>,
    reason: &str,
    winning_moves: &[Move],
) -> String {
    to_string(&CheckJson {
        rule: rule.name(),
        position: position.piles(),
        to: to.map(Position::piles),
        legal: false,
        verdict: None,
        reason: reason.to_string(),
        winning_moves: winning_moves.iter().map(MoveJson::from).collect(),
    })
}

fn to_string(value: &impl Serialize) -> String {
    let mut text = serde_json::to_string(value).expect("plain data always serialises");
    text.push('\n');
    text
}
