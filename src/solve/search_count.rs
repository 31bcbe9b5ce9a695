//! Why remembering matters: the same question asked of a plain recursive
//! search and of one that remembers its answers, counting every call.
//!
//! `wins(n)` tries the allowed takes in increasing order, skipping takes
//! larger than `n`, and returns true at the first take whose result the
//! opponent cannot win. A count with no legal take is a base case. Every
//! call is counted: the first, the base cases, and (for the remembering
//! search) the calls answered from memory. The counts come from running
//! the searches, never from a formula.

use crate::rules::commas::with_commas;
use crate::rules::outcome::Outcome;
use crate::rules::rule::Rule;

/// Calls the plain search may make before it is stopped.
pub(crate) const PLAIN_CALL_LIMIT: u64 = 10_000_000;

/// The largest row the searches accept; each call goes one level deeper
/// into the computer's memory for every take, so very tall rows are refused.
pub(crate) const LARGEST_ROW: u64 = 10_000;

/// The number of calls each search made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchCounts {
    /// Calls made by the search that forgets.
    pub plain_calls: u64,
    /// Calls made by the search that remembers, answers from memory included.
    pub remembered_calls: u64,
    /// The answer both found.
    pub outcome: Outcome,
}

/// Why the searches were not run.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SearchRefused {
    /// The plain search passed its limit.
    #[error(
        "the plain search would take too long: it passed {} calls, its limit, and is still going; try a smaller row",
        with_commas(u128::from(PLAIN_CALL_LIMIT))
    )]
    TooManyCalls,
    /// The row is taller than the searches accept.
    #[error(
        "--show-search works with rows of up to {} sticks",
        with_commas(u128::from(LARGEST_ROW))
    )]
    RowTooBig,
    /// More than one row has sticks.
    #[error("--show-search works with a single row")]
    NotOneRow,
}

/// Runs both searches on a row of `n` sticks.
pub(crate) fn count(n: u64, takes: &[u64], rule: Rule) -> Result<SearchCounts, SearchRefused> {
    if n > LARGEST_ROW {
        return Err(SearchRefused::RowTooBig);
    }
    let stuck_wins = rule.when_stuck() == Outcome::Win;
    let mut plain = Plain {
        takes,
        stuck_wins,
        calls: 0,
    };
    let wins = plain.wins(n).ok_or(SearchRefused::TooManyCalls)?;
    let mut remembering = Remembering {
        takes,
        stuck_wins,
        calls: 0,
        memory: vec![None; n as usize + 1],
    };
    let same = remembering.wins(n);
    debug_assert_eq!(wins, same);
    Ok(SearchCounts {
        plain_calls: plain.calls,
        remembered_calls: remembering.calls,
        outcome: if wins { Outcome::Win } else { Outcome::Lose },
    })
}

struct Plain<'a> {
    takes: &'a [u64],
    stuck_wins: bool,
    calls: u64,
}

impl Plain<'_> {
    /// `None` once the call limit is passed.
    fn wins(&mut self, n: u64) -> Option<bool> {
        self.calls += 1;
        if self.calls > PLAIN_CALL_LIMIT {
            return None;
        }
        let mut any = false;
        for &t in self.takes.iter().take_while(|&&t| t <= n) {
            any = true;
            if !self.wins(n - t)? {
                return Some(true);
            }
        }
        Some(if any { false } else { self.stuck_wins })
    }
}

struct Remembering<'a> {
    takes: &'a [u64],
    stuck_wins: bool,
    calls: u64,
    memory: Vec<Option<bool>>,
}

impl Remembering<'_> {
    fn wins(&mut self, n: u64) -> bool {
        self.calls += 1;
        if let Some(known) = self.memory[n as usize] {
            return known;
        }
        let mut any = false;
        let mut result = None;
        for &t in self.takes.iter().take_while(|&&t| t <= n) {
            any = true;
            if !self.wins(n - t) {
                result = Some(true);
                break;
            }
        }
        let result = result.unwrap_or(if any { false } else { self.stuck_wins });
        self.memory[n as usize] = Some(result);
        result
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_counts_by_hand() {
        // Take 1 or 2, normal play, 2 sticks: wins(2) tries 1 → wins(1),
        // which tries 1 → wins(0), a base case (lost). So wins(1) is true,
        // and wins(2) tries 2 → wins(0) (lost): true. Calls: 2,1,0,0 = 4.
        let c = count(2, &[1, 2], Rule::Normal).unwrap();
        assert_eq!((c.plain_calls, c.outcome), (4, Outcome::Win));
        // The remembering search answers the second wins(0) from memory,
        // but that call still counts.
        assert_eq!(c.remembered_calls, 4);
    }

    #[test]
    fn memory_saves_calls_on_bigger_rows() {
        let c = count(25, &[1, 2, 3], Rule::Misere).unwrap();
        assert_eq!(c.outcome, Outcome::Lose);
        assert!(c.plain_calls > 100 * c.remembered_calls, "{c:?}");
        assert!(c.remembered_calls <= 3 * 26 + 1);
    }

    #[test]
    fn refuses_what_would_take_too_long() {
        assert_eq!(
            count(200, &[1, 2, 3], Rule::Misere),
            Err(SearchRefused::TooManyCalls)
        );
        assert_eq!(
            count(LARGEST_ROW + 1, &[1], Rule::Misere),
            Err(SearchRefused::RowTooBig)
        );
    }
}
