//! The search against independent answers: the XOR rule for Nim, and for
//! Moore's Nim (moves from up to K rows) a deliberately plain recursive
//! search written here, which tries every move on every row and shares no
//! code with the library's search. Also: a solver that remembers earlier
//! questions answers like a fresh one.

use std::cell::RefCell;
use std::collections::HashMap;

use matchsticks::rules::nim::Nim;
use matchsticks::rules::outcome::Outcome;
use matchsticks::rules::position::Position;
use matchsticks::rules::rule::Rule;
use matchsticks::rules::take_set::TakeSet;
use matchsticks::solve::nim_sum;
use matchsticks::solve::search::{Budget, Solved, Solver};
use proptest::prelude::*;

/// The plain reference: the value of `rows` when a move takes at least one
/// stick from each of 1 to `k` different rows.
struct Reference {
    k: usize,
    rule: Rule,
    memo: HashMap<Vec<u64>, Solved>,
}

impl Reference {
    fn solve(&mut self, rows: &[u64]) -> Solved {
        let mut key = rows.to_vec();
        key.sort_unstable();
        if let Some(&known) = self.memo.get(&key) {
            return known;
        }
        let mut children = Vec::new();
        every_move(&key, 0, self.k, &mut key.clone(), &mut children);
        let values: Vec<Solved> = children.iter().map(|c| self.solve(c)).collect();
        let losing = values.iter().filter(|v| v.outcome == Outcome::Lose);
        let solved = match (
            losing.map(|v| v.moves_left).min(),
            values.iter().map(|v| v.moves_left).max(),
        ) {
            (Some(fastest), _) => Solved {
                outcome: Outcome::Win,
                moves_left: fastest + 1,
            },
            (None, Some(longest)) => Solved {
                outcome: Outcome::Lose,
                moves_left: longest + 1,
            },
            (None, None) => Solved {
                outcome: self.rule.when_stuck(),
                moves_left: 0,
            },
        };
        self.memo.insert(key, solved);
        solved
    }
}

/// Every position one move away: for each row from `from` on, either leave
/// it or (with rows left to take from) lower it to any smaller size.
fn every_move(rows: &[u64], from: usize, left: usize, now: &mut Vec<u64>, out: &mut Vec<Vec<u64>>) {
    if from == rows.len() {
        if now.as_slice() != rows {
            out.push(now.clone());
        }
        return;
    }
    every_move(rows, from + 1, left, now, out);
    if left > 0 {
        for smaller in 0..rows[from] {
            now[from] = smaller;
            every_move(rows, from + 1, left - 1, now, out);
        }
        now[from] = rows[from];
    }
}

thread_local! {
    // One reference per (K, rule), shared by the cases on this thread, so
    // each position is worked out by plain recursion only once.
    static REFERENCES: RefCell<HashMap<(usize, Rule), Reference>> = RefCell::new(HashMap::new());
}

fn reference(k: usize, rule: Rule, rows: &[u64]) -> Solved {
    REFERENCES.with(|all| {
        all.borrow_mut()
            .entry((k, rule))
            .or_insert_with(|| Reference {
                k,
                rule,
                memo: HashMap::new(),
            })
            .solve(rows)
    })
}

fn rule() -> impl Strategy<Value = Rule> {
    prop_oneof![Just(Rule::Misere), Just(Rule::Normal)]
}

fn moore(k: u32, rule: Rule) -> Nim {
    Nim {
        rows_per_move: k,
        ..Nim::new(rule)
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn agrees_with_xor(piles in prop::collection::vec(0u64..=20, 0..=5), rule in rule()) {
        let position = Position::new(piles.clone());
        let mut solver = Solver::new(rule);
        let solved = solver.solve(&piles).unwrap();
        prop_assert_eq!(solved.outcome, nim_sum::outcome(&position, rule));
        prop_assert_eq!(solver.winning_moves(&position).unwrap(), nim_sum::winning_moves(&position, rule));
        // The best move keeps the promised count, and wins when it can.
        match solver.best_move(&position).unwrap() {
            None => prop_assert_eq!(solved.moves_left, 0),
            Some((mv, after)) => {
                let next = position.play(mv).unwrap();
                prop_assert_eq!(solver.solve(next.piles()).unwrap(), after);
                prop_assert_eq!(after.moves_left + 1, solved.moves_left);
                prop_assert_eq!(after.outcome == Outcome::Lose, solved.outcome == Outcome::Win);
            }
        }
    }

    #[test]
    fn moves_from_several_rows_agree_with_plain_recursion(
        k in 2usize..=3,
        rule in rule(),
        piles in prop::collection::vec(0u64..=7, 1..=4),
    ) {
        let mut solver = Solver::for_game(moore(k as u32, rule), Budget::default());
        prop_assert_eq!(solver.solve(&piles).unwrap(), reference(k, rule, &piles));
    }

    #[test]
    fn remembering_answers_like_a_fresh_search(
        questions in prop::collection::vec(prop::collection::vec(0u64..=9, 0..=4), 1..=6),
        takes in prop_oneof![
            Just(TakeSet::Any),
            Just(TakeSet::parse("1,3,4").unwrap()),
            Just(TakeSet::parse("2,5").unwrap()),
            Just(TakeSet::parse("3").unwrap()),
        ],
        k in 1u32..=2,
        rule in rule(),
    ) {
        let game = match k {
            1 => Nim::with_takes(rule, takes),
            _ => moore(k, rule),
        };
        let mut remembering = Solver::for_game(game.clone(), Budget::default());
        for piles in &questions {
            let fresh = Solver::for_game(game.clone(), Budget::default()).solve(piles);
            prop_assert_eq!(remembering.solve(piles), fresh, "{:?}", piles);
        }
    }
}
