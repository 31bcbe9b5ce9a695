//! A position drawn as a board: every row in its groups (for a game), or as
//! plain sticks (for lessons that have not met groups yet).

use super::document::{Block, DrawnRow};
use super::words::{MOST_LISTED, short_sum};
use crate::rules::position::Position;
use crate::solve::grouping::split;

/// The rows in their groups, each with its count beside it.
pub fn grouped(position: &Position) -> Block {
    rows(position, |n| {
        let groups = split(n);
        let stand_in = format!("({})", short_sum(&groups));
        (groups, stand_in, n.to_string())
    })
}

/// The rows as plain sticks, side by side.
pub fn plain(position: &Position) -> Block {
    rows(position, |n| {
        (Vec::new(), format!("({n} sticks)"), String::new())
    })
}

fn rows(position: &Position, each: impl Fn(u64) -> (Vec<u64>, String, String)) -> Block {
    let rows = position
        .piles()
        .iter()
        .take(MOST_LISTED)
        .enumerate()
        .map(|(i, &sticks)| {
            let (groups, stand_in, text) = each(sticks);
            DrawnRow {
                label: format!("row {}", i + 1),
                sticks,
                groups,
                stand_in,
                text,
                detail: None,
            }
        })
        .collect();
    Block::Rows { rows }
}
