//! What a program reading about a Nim position needs besides the words:
//! who wins, the recommended and winning moves, the groups, the verdict on
//! a move, the table of positions, the buttons the page offers. Each is a
//! value named as the book documents its JSON, with rows numbered from 1.
//!
//! The facts are worked out here, beside the document, so that the JSON
//! layout only writes them out: it never picks a method, plays a move or
//! asks why a move was good.

use serde::Serialize;

use crate::rules::moves::Move;
use crate::rules::multi_move::MultiMove;
use crate::rules::nim::Nim;
use crate::rules::position::Position;
use crate::solve::moore_count::{Total, WinningMoves};
use crate::teach::analysis::Analysis;
use crate::teach::check::reason;
use crate::teach::method::pattern::formula;
use crate::teach::table::Entry;
use crate::teach::verdict::Judgement;
use crate::teach::words::MOST_LISTED;

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

/// Moves from one row as `{"pile": 1, "take": 2}`, the form Nim's JSON has
/// always given them in.
/// At most [`MOST_LISTED`] of them, as the text view lists them, so a
/// million rows never make a JSON of hundreds of megabytes.
fn single(moves: &[MultiMove]) -> Vec<MoveJson> {
    moves
        .iter()
        .take(MOST_LISTED)
        .filter_map(MultiMove::single)
        .map(|mv| MoveJson::from(&mv))
        .collect()
}

/// How many moves there are, when more than [`MOST_LISTED`] are cut.
fn cut_total(moves: &[MultiMove]) -> Option<usize> {
    Some(moves.len()).filter(|&n| n > MOST_LISTED)
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
struct PatternJson {
    start: u64,
    period: u64,
    losing_remainders: Vec<u64>,
    rule: String,
}

#[derive(Serialize)]
struct CallsJson {
    plain_calls: u64,
    remembered_calls: u64,
}

/// The facts of one method or of Moore's Nim, whose moves may take from
/// several rows and so have a shape of their own. Either is written out
/// as the value it holds.
#[derive(Serialize)]
#[serde(untagged)]
enum ByMethod<R, M> {
    Rows(R),
    Moore(M),
}

#[derive(Serialize)]
struct ExplainJson<'a> {
    rule: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    takes: Option<&'a [u64]>,
    position: &'a [u64],
    outcome: &'static str,
    groups: Option<Vec<Vec<u64>>>,
    /// How many rows have groups, when `groups` lists only the first
    /// [`MOST_LISTED`]; left out when it lists them all.
    #[serde(skip_serializing_if = "Option::is_none")]
    groups_total: Option<usize>,
    unpaired: Option<&'a [u64]>,
    nim_sum: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    grundy: Option<Vec<u64>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pattern: Option<PatternJson>,
    #[serde(rename = "move")]
    recommended: Option<MoveToJson>,
    winning_moves: Vec<MoveJson>,
    /// How many winning moves there are, when `winning_moves` lists only
    /// the first [`MOST_LISTED`]; left out when it lists them all.
    #[serde(skip_serializing_if = "Option::is_none")]
    winning_moves_total: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    brute_force: Option<SearchJson>,
    #[serde(skip_serializing_if = "Option::is_none")]
    search: Option<CallsJson>,
}

/// The facts of a position worked out: who wins, how, and the numbers
/// behind the method.
pub fn explain(a: &Analysis) -> impl Serialize + '_ {
    if a.moore().is_some() {
        return ByMethod::Moore(moore_explain(a));
    }
    let grouping = a.grouping();
    ByMethod::Rows(ExplainJson {
        rule: a.rule().name(),
        takes: a.game.takes.only(),
        position: a.position.piles(),
        outcome: a.outcome.name(),
        groups: grouping.map(|g| {
            g.rows
                .iter()
                .take(MOST_LISTED)
                .map(|r| r.groups().to_vec())
                .collect()
        }),
        groups_total: grouping.map(|g| g.rows.len()).filter(|&n| n > MOST_LISTED),
        unpaired: grouping.map(|g| g.unpaired.as_slice()),
        nim_sum: a.nim_sum(),
        grundy: a.grundy_values(),
        pattern: a.pattern().map(|pattern| PatternJson {
            start: pattern.start(),
            period: pattern.period(),
            losing_remainders: pattern.losing_remainders(),
            rule: formula(pattern),
        }),
        recommended: a
            .best
            .as_ref()
            .and_then(MultiMove::single)
            .map(|mv| MoveToJson {
                pile: mv.row(),
                take: mv.take,
                to: a.after(&mv.into()).piles().to_vec(),
            }),
        winning_moves: single(a.winning_moves()),
        winning_moves_total: cut_total(a.winning_moves()),
        brute_force: a.searched.map(|s| SearchJson {
            outcome: s.outcome.name(),
            moves_left: s.moves_left,
        }),
        search: a.search_counts.map(|c| CallsJson {
            plain_calls: c.plain_calls,
            remembered_calls: c.remembered_calls,
        }),
    })
}

#[derive(Serialize)]
struct CheckJson<'a> {
    rule: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    takes: Option<&'a [u64]>,
    position: &'a [u64],
    to: Option<&'a [u64]>,
    legal: bool,
    verdict: Option<&'static str>,
    reason: String,
    winning_moves: Vec<MoveJson>,
    /// How many winning moves there are, when `winning_moves` lists only
    /// the first [`MOST_LISTED`]; left out when it lists them all.
    #[serde(skip_serializing_if = "Option::is_none")]
    winning_moves_total: Option<usize>,
}

/// The facts of a judged move: the verdict, why, and the moves that win.
pub fn check(j: &Judgement) -> impl Serialize + '_ {
    if j.before.moore().is_some() {
        return ByMethod::Moore(moore_check(j));
    }
    ByMethod::Rows(CheckJson {
        rule: j.before.rule().name(),
        takes: j.before.game.takes.only(),
        position: j.position().piles(),
        to: Some(j.to().piles()),
        legal: true,
        verdict: Some(j.verdict.name()),
        reason: reason(j),
        winning_moves: single(j.winning_moves()),
        winning_moves_total: cut_total(j.winning_moves()),
    })
}

/// The facts of an illegal move: `legal` is false and `reason` says what
/// was wrong. Nothing is worked out for it, so no winning moves are
/// listed.
pub(crate) fn illegal<'a>(
    game: &'a Nim,
    position: &'a Position,
    to: Option<&'a Position>,
    reason: &str,
) -> impl Serialize + 'a {
    CheckJson {
        rule: game.rule.name(),
        takes: game.takes.only(),
        position: position.piles(),
        to: to.map(Position::piles),
        legal: false,
        verdict: None,
        reason: reason.to_string(),
        winning_moves: Vec::new(),
        winning_moves_total: None,
    }
}

#[derive(Serialize)]
struct EntryJson<'a> {
    position: &'a [u64],
    outcome: &'static str,
    to: Option<&'a [u64]>,
    moves_left: u64,
}

/// The table of positions, one value per line.
pub(crate) fn table(entries: &[Entry]) -> impl Serialize + '_ {
    entries
        .iter()
        .map(|e| EntryJson {
            position: &e.position,
            outcome: e.outcome.name(),
            to: e.to.as_deref(),
            moves_left: e.moves_left,
        })
        .collect::<Vec<EntryJson>>()
}

#[derive(Serialize)]
struct BoardJson {
    buttons: Option<Vec<u64>>,
    rows_per_move: Option<u32>,
}

/// What the page needs beside a drawn position: the takes to offer as
/// buttons, when a single row allows only a few, and how many rows a move
/// may take from, when more than one, so that sticks can be chosen in
/// that many rows.
pub(crate) fn board(position: &Position, game: &Nim) -> impl Serialize + use<> {
    BoardJson {
        buttons: match (position.piles(), game.takes.only()) {
            ([sticks], Some(_)) => Some(game.takes.takes_from(*sticks).collect()),
            _ => None,
        },
        rows_per_move: (game.rows_per_move > 1).then_some(game.rows_per_move),
    }
}

/// Nothing: a move told in a game is drawn from the rows it leaves.
#[derive(Serialize)]
struct PlayedJson {}

/// What the page needs about a move told in a game, beside the rows it
/// leaves: nothing more.
pub(crate) fn played(_: &MultiMove) -> impl Serialize + use<> {
    PlayedJson {}
}

/// One part of a move from several rows: `{"pile": 1, "take": 2}`.
#[derive(Serialize)]
struct PartJson {
    pile: usize,
    take: u64,
}

/// A move from one row or several: `{"parts": [...], "to": [...]}`.
#[derive(Serialize)]
struct PartsJson {
    parts: Vec<PartJson>,
    to: Vec<u64>,
}

impl PartsJson {
    /// `mv` from `from`, a legal move there.
    fn of(from: &Position, game: &Nim, mv: &MultiMove) -> PartsJson {
        let to = from.play_multi(mv, game).expect("moves shown are legal");
        PartsJson {
            parts: mv
                .parts()
                .iter()
                .map(|p| PartJson {
                    pile: p.row(),
                    take: p.take,
                })
                .collect(),
            to: to.piles().to_vec(),
        }
    }
}

/// How many winning moves there are: a number, or for a count too big to
/// hold, the string `"more than N"`.
#[derive(Serialize)]
#[serde(untagged)]
enum TotalJson {
    Exactly(u128),
    AtLeast(String),
}

impl From<Total> for TotalJson {
    fn from(total: Total) -> TotalJson {
        match total {
            Total::Exactly(n) => TotalJson::Exactly(n),
            Total::AtLeast(n) => TotalJson::AtLeast(format!("more than {}", n - 1)),
        }
    }
}

#[derive(Serialize)]
struct MooreExplainJson<'a> {
    rule: &'static str,
    rows_per_move: u32,
    position: &'a [u64],
    outcome: &'static str,
    groups: Vec<Vec<u64>>,
    left_over: &'a [u64],
    #[serde(rename = "move")]
    recommended: Option<PartsJson>,
    winning_moves: Vec<PartsJson>,
    winning_moves_total: TotalJson,
    #[serde(skip_serializing_if = "Option::is_none")]
    brute_force: Option<SearchJson>,
}

/// Moore's Nim, where a move may take from several rows: each move is
/// `{"parts": [...]}`, since the top-level `takes` already names the takes
/// a game allows.
fn moore_explain(a: &Analysis) -> MooreExplainJson<'_> {
    let (Some(moore), Some(&WinningMoves { ref listed, total })) = (a.moore(), a.winning.as_ref())
    else {
        unreachable!("only called for Moore's Nim, its winning moves counted")
    };
    MooreExplainJson {
        rule: a.rule().name(),
        rows_per_move: a.game.rows_per_move,
        position: a.position.piles(),
        outcome: a.outcome.name(),
        groups: moore.rows.iter().map(|r| r.groups().to_vec()).collect(),
        left_over: &moore.left_over,
        recommended: a
            .best
            .clone()
            .map(|mv| PartsJson::of(&a.position, &a.game, &mv)),
        winning_moves: listed
            .iter()
            .map(|mv| PartsJson::of(&a.position, &a.game, mv))
            .collect(),
        winning_moves_total: total.into(),
        brute_force: a.searched.map(|s| SearchJson {
            outcome: s.outcome.name(),
            moves_left: s.moves_left,
        }),
    }
}

#[derive(Serialize)]
struct MooreCheckJson<'a> {
    rule: &'static str,
    rows_per_move: u32,
    position: &'a [u64],
    to: &'a [u64],
    legal: bool,
    #[serde(rename = "move")]
    made: PartsJson,
    verdict: &'static str,
    reason: String,
    winning_moves: Vec<PartsJson>,
    winning_moves_total: TotalJson,
}

/// A judged move in Moore's Nim, with the move made and the winning moves
/// as `{"parts": [...]}`.
fn moore_check(j: &Judgement) -> MooreCheckJson<'_> {
    let Some(&WinningMoves { ref listed, total }) = j.before.winning.as_ref() else {
        unreachable!("a checked move's winning moves are counted")
    };
    MooreCheckJson {
        rule: j.before.rule().name(),
        rows_per_move: j.before.game.rows_per_move,
        position: j.position().piles(),
        to: j.to().piles(),
        legal: true,
        made: PartsJson::of(j.position(), &j.before.game, &j.mv),
        verdict: j.verdict.name(),
        reason: reason(j),
        winning_moves: listed
            .iter()
            .map(|mv| PartsJson::of(j.position(), &j.before.game, mv))
            .collect(),
        winning_moves_total: total.into(),
    }
}
