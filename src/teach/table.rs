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
use crate::solve::search::{Budget, MOST_MOVES, Solver, TooBig};

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
        .estimate(start.piles())?
        .positions
        .saturating_mul(start.len() as u64);
    if printed > TABLE_NUMBERS {
        return Err(TooBig {
            what: "row sizes to print",
            limit: TABLE_NUMBERS,
            because: None,
        });
    }
    let mut entries: Vec<Entry> = solver
        .reached(start.piles())?
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
            Err(TooBig {
                what: "row sizes to print",
                limit: TABLE_NUMBERS,
                because: None,
            })
        );
        assert_eq!(
            table(&Position::new(vec![1; 500]), &game).map(|t| t.len()),
            Ok(500)
        );
        assert_eq!(
            table(&Position::new(vec![50; 4]), &game).unwrap_err().what,
            "positions"
        );
    }
}
