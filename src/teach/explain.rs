//! The explanation of a position: the steps of whichever method solved it,
//! the binary view when asked for, and the winning moves.

use super::analysis::Analysis;
use super::document::{Block, Document, Frame, Reveal, Step};
use super::words::{count, position};
use crate::rules::outcome::Outcome;

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
    let mut steps = a.method.steps(a);
    if a.position.is_over() && a.method.ends_with_the_game() {
        return Document { title, steps };
    }
    if xor {
        steps.extend(a.method.binary_step(a));
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
    let list = a.method.listed(a);
    let mut blocks = vec![Block::sentence(format!("Winning moves: {list}."))];
    if let (Some(s), false) = (a.searched, a.method.is_the_search()) {
        blocks.push(Block::sentence(format!(
            "A search through every possible game says: {}, with {} left under best play (this one included).",
            s.outcome,
            count(s.moves_left, "move"),
        )));
    }
    Step::framed(Frame::CLOSING, "Winning moves", blocks).revealing(Reveal::Move)
}
