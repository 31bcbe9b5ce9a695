//! The explanation of a position: the steps of whichever method solved it,
//! the binary view when asked for, and the winning moves.

use super::analysis::Analysis;
use super::document::{BinaryRow, BinaryView, Block, Document, Frame, Reveal, Step};
use super::method::worked::Method;
use super::method::{grouping, grundy, moore, pattern, searched};
use super::words::{MOST_LISTED, count, moves, position, sum};
use crate::rules::outcome::Outcome;
use crate::solve::grouping::split;
use crate::solve::nim_sum::nim_sum;

/// What an explanation shows besides the method's steps.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// Add the binary view (Nim only).
    pub xor: bool,
    /// Stop before the steps that give this away (and anything more):
    /// before the move, or before even saying who wins.
    pub hide: Option<Reveal>,
}

/// The explanation of `a`.
pub fn explain(a: &Analysis, options: Options) -> Document {
    let mut doc = full(a, options.xor);
    if let Some(hide) = options.hide {
        doc.steps
            .retain(|s| s.reveals.is_none_or(|shown| shown < hide));
    }
    doc
}

/// Every step, the move included.
fn full(a: &Analysis, xor: bool) -> Document {
    let title = format!(
        "{} ({})",
        position(&a.position),
        a.game.describe(a.position.len())
    );
    let mut steps = match &a.method {
        Method::Grouping(g) => grouping::steps(g, &a.position, &a.game),
        Method::OneRow { pile, pattern } => pattern::steps(a, *pile, pattern),
        Method::Grundy { grundy, pairing } => grundy::steps(a, grundy, pairing),
        Method::Searched => searched::steps(a),
        Method::Moore(m) => moore::steps(m, &a.position, &a.game),
    };
    if let Method::Grouping(_) = a.method {
        if a.position.is_over() {
            return Document { title, steps };
        }
        if xor {
            steps.push(binary_step(a.position.piles()));
        }
    }
    if let Method::Moore(m) = &a.method {
        if a.position.is_over() {
            return Document { title, steps };
        }
        if xor {
            steps.push(moore::binary_step(m));
        }
    }
    steps.push(closing(a));
    if let Some(c) = a.search_counts {
        steps.push(Step::aside(
            "How much work is remembering worth?",
            vec![
                Block::sentence(format!(
                    "Both searches find that {}.",
                    match c.outcome {
                        Outcome::Win => "the player to move wins",
                        Outcome::Lose => "the player to move loses",
                    }
                )),
                Block::note(
                    "The plain one works everything out again each time; the other remembers what it has worked out.",
                ),
                Block::Columns {
                    header: vec!["plain search".to_string(), "remembering search".to_string()],
                    rows: vec![vec![
                        format!("{} calls", c.plain_calls),
                        format!("{} calls", c.remembered_calls),
                    ]],
                },
            ],
        ));
    }
    Document { title, steps }
}

/// The winning moves, and what a search confirmed.
fn closing(a: &Analysis) -> Step {
    let list = match &a.method {
        Method::Moore(_) => moore::moves_list(a.winning.as_ref()),
        _ => moves(a.winning_moves()),
    };
    let mut blocks = vec![Block::sentence(format!("Winning moves: {list}."))];
    if let (Some(s), false) = (a.searched, matches!(a.method, Method::Searched)) {
        blocks.push(Block::sentence(format!(
            "A search through every possible game says: {}, with {} left under best play (this one included).",
            s.outcome,
            count(s.moves_left, "move"),
        )));
    }
    Step::framed(Frame::CLOSING, "Winning moves", blocks).revealing(Reveal::Move)
}

/// The rows in binary beside their groups: each column is one group size.
fn binary_step(piles: &[u64]) -> Step {
    let total = nim_sum(piles);
    let mut view = BinaryView::columns(piles);
    let mut rows: Vec<BinaryRow> = piles
        .iter()
        .take(MOST_LISTED)
        .enumerate()
        .map(|(i, &p)| {
            view.line(
                format!("row {}", i + 1),
                p,
                format!("groups {}", sum(&split(p))),
            )
        })
        .collect();
    rows.push(view.line(
        "nim-sum".to_string(),
        total,
        match total {
            0 => "all paired".to_string(),
            n => format!("unpaired {}", sum(&split(n))),
        },
    ));
    view.rows = rows;
    Step::aside(
        "The same in binary (the XOR view)",
        vec![
            Block::sentence(
                "Each column is one group size: a 1 means the row has a group of that size.",
            ),
            Block::Binary(view),
            Block::note(
                "The nim-sum has a 1 in every column with an odd number of 1s: those are the group sizes without a partner.",
            ),
        ],
    )
}
