//! The table of positions: every position reachable from a start, with its
//! outcome, the move perfect play recommends, and how many moves are left.
//!
//! Row order does not matter, so each position is sorted ascending and
//! listed once. The brute-force search fills the table in one pass and
//! records each position's value and best move as it goes; the table only
//! orders what it recorded. Its budgets keep the table to a size worth
//! printing.

use crate::rules::nim::Nim;
use crate::rules::outcome::Outcome;
use crate::rules::position::Position;
use crate::solve::search::{Because, Budget, MOST_MOVES, Solver, TooBig};

/// The most positions a table may list.
pub(crate) const TABLE_LIMIT: usize = 100_000;

/// The most row sizes a table may print (positions times rows), so that a
/// start of thousands of rows is refused at once rather than printing
/// hundreds of megabytes.
pub(crate) const TABLE_NUMBERS: u64 = 1_000_000;

/// One line of the table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The rows, ascending.
    pub position: Vec<u64>,
    /// The outcome for the player to move.
    pub outcome: Outcome,
    /// The position after the recommended move, ascending; `None` when no
    /// move is possible.
    pub to: Option<Vec<u64>>,
    /// Moves left under perfect play, this one included.
    pub moves_left: u64,
}

/// Every position reachable from `start` except the one with no sticks,
/// in ascending order.
pub fn table(start: &Position, game: &Nim) -> Result<Vec<Entry>, TooBig> {
    let mut solver = solver(game);
    let printed = solver
        .estimate(start.piles())
        .map_err(as_a_table)?
        .positions
        .saturating_mul(start.len() as u64);
    if printed > TABLE_NUMBERS {
        return Err(too_much_to_print());
    }
    let mut entries: Vec<Entry> = solver
        .reached(start.piles())
        .map_err(as_a_table)?
        .into_iter()
        .filter(|r| r.position.iter().any(|&n| n > 0))
        .map(|r| Entry {
            position: r.position,
            outcome: r.solved.outcome,
            to: r.best,
            moves_left: r.solved.moves_left,
        })
        .collect();
    entries.sort_unstable_by(|a, b| a.position.cmp(&b.position));
    Ok(entries)
}

/// A table that would print more than [`TABLE_NUMBERS`] row sizes.
fn too_much_to_print() -> TooBig {
    TooBig {
        what: "row sizes to print",
        limit: TABLE_NUMBERS,
        because: Some(Because::Table),
    }
}

/// The search's refusal named as the table's limits name it: more
/// positions than [`TABLE_LIMIT`] pass the table's own limit, and more
/// positions than a search holds of so many rows (at most
/// `MOST_NUMBERS` row sizes, ten times [`TABLE_NUMBERS`]) would print
/// more than a table prints. Too many moves are the search's.
fn as_a_table(too_big: TooBig) -> TooBig {
    match (too_big.what, too_big.because) {
        ("positions", Some(Because::ManyRows { .. })) => too_much_to_print(),
        ("positions", None) => TooBig {
            because: Some(Because::Table),
            ..too_big
        },
        _ => too_big,
    }
}

/// The search behind a table, within the table's budget.
fn solver(game: &Nim) -> Solver {
    let budget = Budget {
        positions: TABLE_LIMIT,
        ..Budget::default()
    };
    Solver::for_game(game.clone(), budget)
}

/// Whether the table from `start` may take more than `share` (a fraction)
/// of one of its budgets: the positions it lists, the row sizes it prints,
/// the moves its search tries. Counted before any position is searched; a
/// table refused at once costs nothing.
pub(crate) fn costly(start: &Position, game: &Nim, share: f64) -> bool {
    match solver(game).estimate(start.piles()) {
        Ok(work) => {
            let printed = work.positions.saturating_mul(start.len() as u64);
            let over = |work: u64, budget: u64| work as f64 > budget as f64 * share;
            over(work.positions, TABLE_LIMIT as u64)
                || over(printed, TABLE_NUMBERS)
                || over(work.moves, MOST_MOVES)
        }
        Err(_) => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::rule::Rule;

    #[test]
    fn a_small_table() {
        let entries = table(&Position::new(vec![1, 2]), &Nim::new(Rule::Misere)).unwrap();
        let entry = |position: &[u64], outcome, to: &[u64], moves_left| Entry {
            position: position.to_vec(),
            outcome,
            to: Some(to.to_vec()),
            moves_left,
        };
        use Outcome::*;
        assert_eq!(
            entries,
            vec![
                entry(&[0, 1], Lose, &[0, 0], 1),
                entry(&[0, 2], Win, &[0, 1], 2),
                entry(&[1, 1], Win, &[0, 1], 2),
                entry(&[1, 2], Win, &[0, 1], 2),
            ]
        );
    }

    #[test]
    fn refuses_a_table_too_big_to_print() {
        let game = Nim::new(Rule::Misere);
        // 1,501 positions of 1,500 rows: few to search, far too many to print.
        assert_eq!(
            table(&Position::new(vec![1; 1_500]), &game),
            Err(too_much_to_print())
        );
        // A million rows: more than a search of so many rows holds, and
        // more to print than a table prints even of its first positions.
        let refused = table(&Position::new(vec![1; 1_000_000]), &game).unwrap_err();
        assert_eq!(refused, too_much_to_print());
        assert_eq!(
            refused.to_string(),
            "this table is too big to print: it has more than 1,000,000 row sizes to print, \
             the most a table prints (positions times rows); try smaller rows"
        );
        assert_eq!(
            table(&Position::new(vec![1; 500]), &game).map(|t| t.len()),
            Ok(500)
        );
        let refused = table(&Position::new(vec![50; 4]), &game).unwrap_err();
        assert_eq!(
            refused.to_string(),
            "this table is too big to print: it has more than 100,000 positions, \
             the most a table lists; try smaller rows"
        );
    }
}
