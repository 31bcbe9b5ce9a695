//! A position drawn as a board: every row in its groups (for Nim), in
//! blocks the length of the pattern's period (for a single row whose takes
//! repeat, such as blocks of 4 when a move takes 1 to 3), or as plain
//! sticks (for lessons that have not met groups yet, and for other games).

use super::document::{Block, DrawnRow, MOST_STICKS_DRAWN};
use super::method::grouping::drawn_rows;
use super::words::MOST_LISTED;
use crate::rules::nim::Nim;
use crate::rules::position::Position;
use crate::rules::rule::Rule;
use crate::rules::take_set::TakeSet;
use crate::solve::grouping::{Grouping, split};
use crate::solve::one_row::RowPattern;

/// The board as the game's own terms draw it: groups for Nim (from one row
/// or several per move), blocks for a single row with a simple pattern,
/// plain sticks otherwise.
pub(crate) fn for_game(position: &Position, game: &Nim, pattern: Option<&RowPattern>) -> Block {
    match (game.takes == TakeSet::Any, pattern.and_then(block_size)) {
        (true, _) => grouped(position),
        (false, Some(period)) => in_blocks(position, period),
        (false, None) => plain(position),
    }
}

/// The rows in their groups, each with its count beside it.
pub(crate) fn grouped(position: &Position) -> Block {
    rows(position, |n| {
        (split(n), TOO_MANY.to_string(), n.to_string())
    })
}

/// The rows in their groups, each with the stages of joining that made
/// them: how `| | | | | | |` becomes `|||| || |`.
pub(crate) fn joined(position: &Position) -> Block {
    // Groups are the same under either rule.
    let g = Grouping::new(position, Rule::Misere);
    Block::Rows {
        rows: drawn_rows(&g),
    }
}

/// What stands in for a row too long to draw, when its count is shown
/// beside it anyway.
const TOO_MANY: &str = "(too many to draw)";

/// The rows as plain sticks, side by side, each with its count at the
/// end: for lessons that have not met groups yet, and for other games.
pub(crate) fn plain(position: &Position) -> Block {
    rows(position, |n| {
        (Vec::new(), TOO_MANY.to_string(), n.to_string())
    })
}

/// The block a row is drawn in: the pattern's period, when the counts to
/// avoid are one in every period from the start (as 1, 5, 9, … are for
/// takes of 1 to 3). Then a count to avoid is the left-over sticks of that
/// one size plus whole blocks.
fn block_size(pattern: &RowPattern) -> Option<u64> {
    let one_class = pattern.losing_remainders().len() == 1 && pattern.start() == 0;
    (one_class && pattern.period() > 1).then(|| pattern.period())
}

/// Rows drawn as the left-over sticks, then whole blocks of `period`.
fn in_blocks(position: &Position, period: u64) -> Block {
    rows(position, |n| {
        let mut groups = Vec::new();
        if n % period > 0 {
            groups.push(n % period);
        }
        // Rows too long to draw are never drawn, so their blocks are not
        // listed either.
        if n <= MOST_STICKS_DRAWN {
            groups.extend(std::iter::repeat_n(period, (n / period) as usize));
        }
        (groups, TOO_MANY.to_string(), n.to_string())
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
                stages: Vec::new(),
            }
        })
        .collect();
    Block::Rows { rows }
}
