//! The referee: a search through every possible game.
//!
//! It knows nothing about groups or XOR. It tries every move from every
//! position reachable from the start, remembers each answer, and works from
//! the smallest positions up. Row order does not matter to the game, so
//! positions are remembered sorted. Besides the outcome it counts the moves
//! left when the winner hurries and the loser holds out.
//!
//! The search refuses positions with more than a fixed number of reachable
//! positions or moves, saying which limit was hit, instead of hanging.

use std::collections::HashMap;

use crate::rules::game::Game;
use crate::rules::moves::Move;
use crate::rules::outcome::Outcome;
use crate::rules::position::Position;
use crate::rules::rule::Rule;
use crate::rules::take_set::TakeSet;

/// How much work the search may do before it refuses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Distinct (sorted) positions it may remember.
    pub positions: usize,
    /// Moves it may try while exploring.
    pub moves: u64,
    /// Row sizes it may remember in all (positions times rows), which
    /// bounds its memory when there are many rows.
    pub numbers: u64,
}

impl Default for Budget {
    fn default() -> Budget {
        Budget {
            positions: 1_000_000,
            moves: 50_000_000,
            numbers: 20_000_000,
        }
    }
}

impl Budget {
    /// The most positions of `rows` rows that fit both the position and the
    /// memory limits.
    pub fn positions_for(&self, rows: usize) -> u64 {
        (self.positions as u64).min(self.numbers / rows.max(1) as u64)
    }
}

/// The search would need more than its budget.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "this game is too big to search move by move: it has more than {limit} {what}, the search's limit; try smaller rows"
)]
pub struct TooBig {
    /// What ran out: "positions" or "moves".
    pub what: &'static str,
    /// The limit that was hit.
    pub limit: u64,
}

/// The value of a position under perfect play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Solved {
    /// Whether the player to move wins.
    pub outcome: Outcome,
    /// Moves until the game ends, this one included, when the winner ends
    /// it as fast as possible and the loser holds out as long as possible.
    pub moves_left: u64,
}

/// A memoised game-tree search for one game.
#[derive(Debug)]
pub struct Solver {
    game: Game,
    budget: Budget,
    /// Solved positions; `None` marks one found but not yet solved.
    memo: HashMap<Box<[u64]>, Option<Solved>>,
}

impl Solver {
    /// A solver for Nim under `rule`, with the default budget.
    pub fn new(rule: Rule) -> Solver {
        Solver::for_game(Game::nim(rule), Budget::default())
    }

    /// A solver for Nim under `rule`, with a chosen budget.
    pub fn with_budget(rule: Rule, budget: Budget) -> Solver {
        Solver::for_game(Game::nim(rule), budget)
    }

    /// A solver for any take-away game.
    pub fn for_game(game: Game, budget: Budget) -> Solver {
        Solver {
            game,
            budget,
            memo: HashMap::new(),
        }
    }

    /// How many positions are remembered.
    pub fn remembered(&self) -> usize {
        self.memo.len()
    }

    /// Solves a position given in any row order.
    pub fn solve(&mut self, piles: &[u64]) -> Result<Solved, TooBig> {
        let mut key = piles.to_vec();
        key.sort_unstable();
        if let Some(Some(solved)) = self.memo.get(key.as_slice()) {
            return Ok(*solved);
        }
        let fresh = self.discover(key.clone())?;
        for state in &fresh {
            let solved = self.evaluate(state);
            self.memo.insert(state.clone(), Some(solved));
        }
        Ok(self.memo[key.as_slice()].expect("the start was solved"))
    }

    /// Every move that leaves the opponent lost, ordered by row then take.
    pub fn winning_moves(&mut self, position: &Position) -> Result<Vec<Move>, TooBig> {
        self.solve(position.piles())?;
        let mut winning = Vec::new();
        for (mv, after) in self.children(position) {
            if after.outcome == Outcome::Lose {
                winning.push(mv);
            }
        }
        Ok(winning)
    }

    /// The move perfect play recommends, with the value of the position it
    /// leads to: the winner takes the quickest win, the loser the longest
    /// game. Ties go to the first move by row, then by take. `None` when no
    /// move is possible.
    pub fn best_move(&mut self, position: &Position) -> Result<Option<(Move, Solved)>, TooBig> {
        let outcome = self.solve(position.piles())?.outcome;
        let mut best: Option<(Move, Solved)> = None;
        for (mv, after) in self.children(position) {
            let better = match (&best, outcome) {
                (None, Outcome::Win) => after.outcome == Outcome::Lose,
                (None, Outcome::Lose) => true,
                (Some((_, b)), Outcome::Win) => {
                    after.outcome == Outcome::Lose && after.moves_left < b.moves_left
                }
                (Some((_, b)), Outcome::Lose) => after.moves_left > b.moves_left,
            };
            if better {
                best = Some((mv, after));
            }
        }
        Ok(best)
    }

    /// Every legal move from a solved position with the value of where it
    /// leads.
    fn children(&self, position: &Position) -> Vec<(Move, Solved)> {
        position
            .moves_with(&self.game.takes)
            .map(|mv| {
                let mut after = position
                    .play_with(mv, &self.game.takes)
                    .expect("generated moves are legal")
                    .sorted();
                after.shrink_to_fit();
                let solved =
                    self.memo[after.as_slice()].expect("children of a solved position are solved");
                (mv, solved)
            })
            .collect()
    }

    /// Every solved position, sorted within itself, in no set order.
    pub fn positions(&self) -> Vec<Vec<u64>> {
        self.memo.keys().map(|k| k.to_vec()).collect()
    }

    /// Finds every position reachable from `start` that is not yet solved,
    /// ordered so that each comes after all positions it can move to.
    fn discover(&mut self, start: Vec<u64>) -> Result<Vec<Box<[u64]>>, TooBig> {
        // With many rows each position takes more memory, so fewer fit.
        let limit = self.budget.positions_for(start.len());
        let too_many_positions = TooBig {
            what: "positions",
            limit,
        };
        // A row of n sticks alone reaches n + 1 positions in Nim: refuse at
        // once. Otherwise count the positions Nim could reach before visiting
        // them (with fewer takes allowed, fewer are reachable, so this may
        // refuse a little early, never late).
        if start.iter().any(|&p| p >= limit) || reachable(&start, limit).is_none() {
            return Err(too_many_positions);
        }
        let mut fresh: Vec<Box<[u64]>> = Vec::new();
        let mut stack: Vec<Box<[u64]>> = vec![start.into_boxed_slice()];
        let mut moves_tried = 0u64;
        let mut outcome = Ok(());
        while let Some(state) = stack.pop() {
            if self.memo.contains_key(&state) {
                continue;
            }
            if self.memo.len() as u64 >= limit {
                outcome = Err(too_many_positions.clone());
                break;
            }
            self.memo.insert(state.clone(), None);
            for_each_child(&state, &self.game.takes, |child| {
                moves_tried += 1;
                if !self.memo.contains_key(child) {
                    stack.push(child.into());
                }
            });
            fresh.push(state);
            if moves_tried > self.budget.moves {
                outcome = Err(TooBig {
                    what: "moves",
                    limit: self.budget.moves,
                });
                break;
            }
        }
        if let Err(e) = outcome {
            for state in &fresh {
                self.memo.remove(state);
            }
            return Err(e);
        }
        fresh.sort_by_cached_key(|s| s.iter().map(|&p| u128::from(p)).sum::<u128>());
        Ok(fresh)
    }

    /// Solves one position whose children are all solved.
    fn evaluate(&self, state: &[u64]) -> Solved {
        let mut fastest_win: Option<u64> = None;
        let mut longest: Option<u64> = None;
        for_each_child(state, &self.game.takes, |child| {
            let s = self.memo[child].expect("children are solved first");
            if s.outcome == Outcome::Lose {
                fastest_win = Some(fastest_win.map_or(s.moves_left, |m| m.min(s.moves_left)));
            }
            longest = Some(longest.map_or(s.moves_left, |m| m.max(s.moves_left)));
        });
        match (fastest_win, longest) {
            (Some(m), _) => Solved {
                outcome: Outcome::Win,
                moves_left: m + 1,
            },
            (None, Some(m)) => Solved {
                outcome: Outcome::Lose,
                moves_left: m + 1,
            },
            (None, None) => Solved {
                outcome: self.game.rule.when_stuck(),
                moves_left: 0,
            },
        }
    }
}

/// How many sorted positions can be reached from the sorted `start`, or
/// `None` as soon as the count passes `limit`. A position is reachable when,
/// both sorted, each of its rows is no bigger than the matching row of the
/// start, so this counts non-decreasing sequences bounded row by row.
fn reachable(start: &[u64], limit: u64) -> Option<u64> {
    // ways[v]: sequences for the rows so far whose last row holds v sticks.
    let mut ways: Vec<u64> = vec![1];
    for &most in start {
        let mut running = 0u64;
        let next: Vec<u64> = (0..=most as usize)
            .map(|v| {
                running = running.saturating_add(ways.get(v).copied().unwrap_or(0));
                running
            })
            .collect();
        let total = next.iter().fold(0u64, |a, &b| a.saturating_add(b));
        if total > limit {
            return None;
        }
        ways = next;
    }
    Some(ways.iter().sum())
}

/// Calls `f` with every position (sorted) one move away from the sorted
/// `state`. Equal rows give the same children, so only the first of each
/// run of equal rows is moved from.
fn for_each_child(state: &[u64], takes: &TakeSet, mut f: impl FnMut(&[u64])) {
    let mut child = state.to_vec();
    for i in 0..state.len() {
        if state[i] == 0 || (i > 0 && state[i] == state[i - 1]) {
            continue;
        }
        for take in takes.takes_from(state[i]) {
            child.copy_from_slice(state);
            child[i] = state[i] - take;
            // Row i was the first of its value, so everything before it is
            // smaller; slide the new value left to keep the order.
            let mut j = i;
            while j > 0 && child[j - 1] > child[j] {
                child.swap(j - 1, j);
                j -= 1;
            }
            f(&child);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(piles: &[u64], rule: Rule, outcome: Outcome, moves_left: u64) {
        let got = Solver::new(rule).solve(piles).unwrap();
        assert_eq!(
            got,
            Solved {
                outcome,
                moves_left
            },
            "{piles:?} {rule:?}"
        );
    }

    #[test]
    fn small_games() {
        use Outcome::*;
        check(&[], Rule::Misere, Win, 0);
        check(&[0, 0], Rule::Normal, Lose, 0);
        check(&[1], Rule::Misere, Lose, 1);
        check(&[1], Rule::Normal, Win, 1);
        check(&[2], Rule::Misere, Win, 2);
        check(&[1, 1], Rule::Normal, Lose, 2);
        // 2 2 normal is lost. Taking one stick (2 1) makes the winner answer
        // 1 1, which lasts four moves; taking a whole row lasts only two.
        check(&[2, 2], Rule::Normal, Lose, 4);
        check(&[2, 2], Rule::Misere, Lose, 3);
    }

    #[test]
    fn counts_reachable_positions() {
        assert_eq!(reachable(&[], 100), Some(1));
        assert_eq!(reachable(&[3], 100), Some(4));
        // 0 0, 0 1, 1 1, 0 2, 1 2.
        assert_eq!(reachable(&[1, 2], 100), Some(5));
        assert_eq!(reachable(&[15, 15, 15, 15, 15], 1 << 20), Some(15_504));
        assert_eq!(reachable(&[200, 200, 200, 200], 1_000_000), None);
        // The count matches what the search actually visits.
        let mut solver = Solver::new(Rule::Normal);
        solver.solve(&[2, 3, 5, 7]).unwrap();
        assert_eq!(
            Some(solver.remembered() as u64),
            reachable(&[2, 3, 5, 7], 1000)
        );
    }

    #[test]
    fn best_moves() {
        let best = |piles: &[u64], rule| {
            let p = Position::new(piles.to_vec());
            Solver::new(rule)
                .best_move(&p)
                .unwrap()
                .map(|(m, s)| (m.row(), m.take, s.moves_left))
        };
        // Win at once by taking the last stick (normal) ...
        assert_eq!(best(&[3], Rule::Normal), Some((1, 3, 0)));
        // ... or hold out longest when lost: 2 2 normal, take one stick.
        assert_eq!(best(&[2, 2], Rule::Normal), Some((1, 1, 3)));
        assert_eq!(best(&[0], Rule::Normal), None);
    }

    #[test]
    fn subtraction_games() {
        let game = |takes: &str, rule| Game::with_takes(rule, TakeSet::parse(takes).unwrap());
        let mut solver = Solver::for_game(game("1-3", Rule::Misere), Budget::default());
        // 21 matchsticks, take 1 to 3, last one loses: 4m+1 are lost.
        for n in 0..=21 {
            let expected = if n % 4 == 1 {
                Outcome::Lose
            } else {
                Outcome::Win
            };
            assert_eq!(solver.solve(&[n]).unwrap().outcome, expected, "{n}");
        }
        // Take 2, 3 or 5, normal play: a row of 1 cannot be moved from.
        let mut solver = Solver::for_game(game("2,3,5", Rule::Normal), Budget::default());
        assert_eq!(
            solver.solve(&[1]).unwrap(),
            Solved {
                outcome: Outcome::Lose,
                moves_left: 0
            }
        );
        let mut solver = Solver::for_game(game("2,3,5", Rule::Misere), Budget::default());
        assert_eq!(
            solver.solve(&[1, 1]).unwrap(),
            Solved {
                outcome: Outcome::Win,
                moves_left: 0
            }
        );
    }

    #[test]
    fn refuses_beyond_the_budget() {
        let budget = Budget {
            positions: 100,
            moves: 1_000,
            numbers: 1_000_000,
        };
        let err = Solver::with_budget(Rule::Misere, budget)
            .solve(&[7, 7, 7, 7])
            .unwrap_err();
        assert_eq!(err.what, "positions");
        let err = Solver::new(Rule::Normal).solve(&[u64::MAX]).unwrap_err();
        assert_eq!(err.limit, 1_000_000);
        let mut solver = Solver::with_budget(Rule::Misere, budget);
        assert!(solver.solve(&[50, 50]).is_err());
        assert_eq!(
            solver.remembered(),
            0,
            "a refused search leaves nothing half-done"
        );
        // Many rows of one stick are few positions but much memory.
        let err = Solver::new(Rule::Misere).solve(&[1; 10_000]).unwrap_err();
        assert_eq!(
            err,
            TooBig {
                what: "positions",
                limit: 2_000
            }
        );
        assert!(Solver::new(Rule::Misere).solve(&[1; 1_000]).is_ok());
    }
}
