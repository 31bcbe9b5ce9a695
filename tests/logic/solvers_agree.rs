//! The three solvers (grouping, XOR and brute force) must agree, and the
//! grouping method must keep its promises. These are properties over random
//! positions, for both rules.

use std::cell::RefCell;

use matchsticks::rules::moves::Move;
use matchsticks::rules::multi_move::MultiMove;
use matchsticks::rules::nim::Nim;
use matchsticks::rules::outcome::Outcome;
use matchsticks::rules::position::Position;
use matchsticks::rules::rule::Rule;
use matchsticks::solve::grouping::{Grouping, Plan};
use matchsticks::solve::nim_sum;
use matchsticks::solve::search::Solver;
use matchsticks::teach::verdict::{Judgement, Verdict};
use proptest::prelude::*;

thread_local! {
    // One remembering solver per rule, shared by all cases on this thread:
    // the positions of up to 6 rows of up to 15 are then solved only once.
    static MISERE: RefCell<Solver> = RefCell::new(Solver::new(Rule::Misere));
    static NORMAL: RefCell<Solver> = RefCell::new(Solver::new(Rule::Normal));
}

/// Runs `f` with this thread's remembering solver for `rule`.
fn with_solver<T>(rule: Rule, f: impl FnOnce(&mut Solver) -> T) -> T {
    let run = |solver: &RefCell<Solver>| f(&mut solver.borrow_mut());
    match rule {
        Rule::Misere => MISERE.with(run),
        Rule::Normal => NORMAL.with(run),
    }
}

/// The brute-force outcome and winning moves.
fn searched(position: &Position, rule: Rule) -> (Outcome, Vec<Move>) {
    with_solver(rule, |solver| {
        let solved = solver
            .solve(position.piles())
            .expect("small games fit the budget");
        let moves = solver
            .winning_moves(position)
            .expect("small games fit the budget");
        (solved.outcome, moves)
    })
}

fn rule() -> impl Strategy<Value = Rule> {
    prop_oneof![Just(Rule::Misere), Just(Rule::Normal)]
}

fn small_position() -> impl Strategy<Value = Position> {
    prop::collection::vec(0u64..=15, 0..=6).prop_map(Position::new)
}

fn big_position() -> impl Strategy<Value = Position> {
    // Mix huge rows with tiny ones so the misère endgame also turns up.
    let pile = prop_oneof![any::<u64>(), 0u64..=3];
    prop::collection::vec(pile, 1..=1000).prop_map(Position::new)
}

proptest! {
    #[test]
    fn grouping_and_xor_agree_on_small_games(position in small_position(), rule in rule()) {
        let g = Grouping::new(&position, rule);
        prop_assert_eq!(g.outcome(), nim_sum::outcome(&position, rule));
        prop_assert_eq!(g.winning_moves(), nim_sum::winning_moves(&position, rule));
    }

    #[test]
    fn both_match_brute_force(position in small_position(), rule in rule()) {
        let (outcome, moves) = searched(&position, rule);
        let g = Grouping::new(&position, rule);
        prop_assert_eq!(g.outcome(), outcome);
        prop_assert_eq!(&g.winning_moves(), &moves);
        prop_assert_eq!(nim_sum::outcome(&position, rule), outcome);
        prop_assert_eq!(&nim_sum::winning_moves(&position, rule), &moves);
    }

    #[test]
    fn grouping_and_xor_agree_on_huge_games(position in big_position(), rule in rule()) {
        let g = Grouping::new(&position, rule);
        prop_assert_eq!(g.outcome(), nim_sum::outcome(&position, rule));
        prop_assert_eq!(g.winning_moves(), nim_sum::winning_moves(&position, rule));
    }

    #[test]
    fn recommended_moves_are_legal_and_win_when_possible(position in big_position(), rule in rule()) {
        let g = Grouping::new(&position, rule);
        match g.recommended() {
            None => prop_assert!(position.is_over()),
            Some(mv) => {
                let after = position.play(mv);
                prop_assert!(after.is_ok(), "{} is illegal: {:?}", mv, after);
                if g.outcome() == Outcome::Win {
                    prop_assert_eq!(nim_sum::outcome(&after.unwrap(), rule), Outcome::Lose);
                }
            }
        }
    }

    #[test]
    fn the_zero_one_two_table_pairs_every_size(position in big_position(), rule in rule()) {
        // Whenever the method breaks a group, every size ends up even.
        if let Plan::Unpaired(m) = &Grouping::new(&position, rule).plan {
            let after = position.play(m.as_move()).unwrap();
            let regrouped = Grouping::new(&after, rule);
            prop_assert!(regrouped.unpaired.is_empty(), "{:?}", regrouped.unpaired);
            prop_assert!(m.decisions.iter().all(|d| d.remove <= d.in_row && (d.total - u64::from(d.remove)) % 2 == 0));
        }
    }

    #[test]
    fn a_verdict_matches_the_outcomes(position in small_position(), pick in any::<prop::sample::Index>(), rule in rule()) {
        let moves: Vec<Move> = position.moves().collect();
        prop_assume!(!moves.is_empty());
        let mv = moves[pick.index(moves.len())];
        let j = Judgement::new(position.clone(), mv, &Nim::new(rule)).unwrap();
        let before = nim_sum::outcome(&position, rule);
        let after = nim_sum::outcome(&position.play(mv).unwrap(), rule);
        let expected = match (before, after) {
            (Outcome::Lose, _) => Verdict::LostAnyway,
            (Outcome::Win, Outcome::Lose) => Verdict::Good,
            (Outcome::Win, Outcome::Win) => Verdict::Mistake,
        };
        prop_assert_eq!(j.verdict, expected);
        prop_assert_eq!(j.winning_moves().contains(&mv.into()), expected == Verdict::Good);
        // After a mistake, and after any move from a lost position, the
        // opponent has a winning reply, unless the game is over; after a
        // good move there is none.
        match (expected, j.reply().as_ref().and_then(MultiMove::single)) {
            (Verdict::Good, reply) => prop_assert_eq!(reply, None),
            (_, Some(reply)) => {
                prop_assert_eq!(nim_sum::outcome(&j.to().play(reply).unwrap(), rule), Outcome::Lose);
            }
            (_, None) => prop_assert!(j.to().is_over()),
        }
    }

    #[test]
    fn positions_print_and_parse_back(piles in prop::collection::vec(any::<u64>(), 1..20)) {
        let position = Position::new(piles);
        prop_assert_eq!(Position::parse(&[position.to_string()]).unwrap(), position);
    }

    #[test]
    fn moves_left_never_exceed_the_sticks(position in small_position(), rule in rule()) {
        let s = with_solver(rule, |solver| solver.solve(position.piles()).unwrap());
        let sticks: u64 = position.piles().iter().sum();
        prop_assert!(s.moves_left <= sticks);
        prop_assert_eq!(s.moves_left == 0, position.is_over());
    }
}
