//! Subtraction games and the table: the shortcuts (row patterns, Grundy
//! values) against direct computation and the brute-force referee, and the
//! classroom facts they must reproduce.

use matchsticks::rules::multi_move::MultiMove;
use matchsticks::rules::nim::Nim;
use matchsticks::rules::outcome::Outcome;
use matchsticks::rules::position::Position;
use matchsticks::rules::rule::Rule;
use matchsticks::rules::take_set::TakeSet;
use matchsticks::solve::one_row::RowPattern;
use matchsticks::solve::search::{Budget, Solver};
use matchsticks::teach::analysis::{Analysis, Extras};
use matchsticks::teach::table::table;
use proptest::prelude::*;

fn game(takes: &[u64], rule: Rule) -> Nim {
    let list: Vec<String> = takes.iter().map(u64::to_string).collect();
    Nim::with_takes(rule, TakeSet::parse(&list.join(",")).unwrap())
}

fn analyse(piles: &[u64], game: &Nim) -> Analysis {
    Analysis::new(
        Position::new(piles.to_vec()),
        game.clone(),
        Extras::default(),
    )
    .unwrap()
}

/// Outcomes of a single row from 0 to `upto`, computed the plain way.
fn direct(takes: &[u64], rule: Rule, upto: usize) -> Vec<Outcome> {
    let mut outcomes: Vec<Outcome> = Vec::with_capacity(upto + 1);
    for n in 0..=upto {
        let options: Vec<Outcome> = takes
            .iter()
            .filter(|&&t| t as usize <= n)
            .map(|&t| outcomes[n - t as usize])
            .collect();
        outcomes.push(
            match (options.is_empty(), options.contains(&Outcome::Lose)) {
                (true, _) => rule.when_stuck(),
                (false, true) => Outcome::Win,
                (false, false) => Outcome::Lose,
            },
        );
    }
    outcomes
}

/// The rows of `position` in ascending order, as the table lists them.
fn sorted(position: Position) -> Vec<u64> {
    let mut rows = position.piles().to_vec();
    rows.sort_unstable();
    rows
}

fn take_set() -> impl Strategy<Value = Vec<u64>> {
    prop::collection::btree_set(1u64..=12, 1..=4).prop_map(|s| s.into_iter().collect())
}

fn rule() -> impl Strategy<Value = Rule> {
    prop_oneof![Just(Rule::Misere), Just(Rule::Normal)]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn the_row_pattern_matches_direct_computation(takes in take_set(), rule in rule(), big in 0usize..20_000) {
        let pattern = RowPattern::new(&game(&takes, rule)).unwrap();
        let outcomes = direct(&takes, rule, big.max(300));
        for (n, &expected) in outcomes.iter().enumerate() {
            prop_assert_eq!(pattern.outcome(n as u64), expected, "count {}", n);
        }
        // The stated period really repeats, so any size follows from it.
        let (start, period) = (pattern.start() as usize, pattern.period() as usize);
        for n in start..outcomes.len() - period {
            prop_assert_eq!(outcomes[n], outcomes[n + period]);
        }
    }

    #[test]
    fn huge_rows_follow_the_period(takes in take_set(), rule in rule(), n in any::<u64>()) {
        let pattern = RowPattern::new(&game(&takes, rule)).unwrap();
        let (start, period) = (pattern.start(), pattern.period());
        prop_assume!(n >= start);
        let small = start + (n - start) % period;
        prop_assert_eq!(pattern.outcome(n), direct(&takes, rule, small as usize)[small as usize]);
        // A winning take from a huge row leads to a lost count.
        let a = analyse(&[n], &game(&takes, rule));
        for mv in a.winning_moves().iter().map(|mv| mv.single().unwrap()) {
            prop_assert_eq!(pattern.outcome(n - mv.take), Outcome::Lose);
        }
    }

    #[test]
    fn grundy_and_patterns_match_brute_force(
        takes in take_set(),
        rule in rule(),
        piles in prop::collection::vec(0u64..=12, 1..=4),
    ) {
        let game = game(&takes, rule);
        let mut solver = Solver::for_game(game.clone(), Budget::default());
        let position = Position::new(piles.clone());
        let a = analyse(&piles, &game);
        prop_assert_eq!(a.outcome, solver.solve(&piles).unwrap().outcome);
        prop_assert_eq!(a.winning_moves(), solver.winning_moves(&position).unwrap().into_iter().map(MultiMove::from).collect::<Vec<_>>());
        if let Some(mv) = &a.best {
            prop_assert!(position.play_multi(mv, &game).is_ok());
        }
    }

    #[test]
    fn table_entries_agree_with_the_referee(
        takes in prop_oneof![Just(None), take_set().prop_map(Some)],
        rule in rule(),
        piles in prop::collection::vec(0u64..=6, 1..=3),
    ) {
        let game = match &takes {
            None => Nim::new(rule),
            Some(takes) => game(takes, rule),
        };
        let entries = table(&Position::new(piles), &game).unwrap();
        let mut referee = Solver::for_game(game.clone(), Budget::default());
        for e in &entries {
            prop_assert!(e.position.windows(2).all(|w| w[0] <= w[1]));
            prop_assert!(e.position.iter().any(|&n| n > 0));
            let solved = referee.solve(&e.position).unwrap();
            prop_assert_eq!((e.outcome, e.moves_left), (solved.outcome, solved.moves_left));
            match &e.to {
                None => prop_assert_eq!(e.moves_left, 0),
                Some(to) => {
                    // One legal move away, and it keeps the promised count.
                    let after = referee.solve(to).unwrap();
                    prop_assert_eq!(after.moves_left + 1, e.moves_left);
                    if e.outcome == Outcome::Win {
                        prop_assert_eq!(after.outcome, Outcome::Lose);
                    }
                    let reachable = Position::new(e.position.clone())
                        .moves_with(&game.takes)
                        .any(|mv| sorted(Position::new(e.position.clone()).play_with(mv, &game.takes).unwrap()) == *to);
                    prop_assert!(reachable, "{:?} → {:?}", e.position, to);
                }
            }
        }
    }
}

#[test]
fn twenty_one_matchsticks_right_move_at_every_count() {
    // Take 1 to 3, last one loses: from a lost count (4m+1) take 1;
    // otherwise take (count - 1) mod 4.
    let expected = [
        (1, 1),
        (2, 1),
        (3, 2),
        (4, 3),
        (5, 1),
        (6, 1),
        (7, 2),
        (8, 3),
        (9, 1),
        (10, 1),
        (11, 2),
        (12, 3),
        (13, 1),
        (14, 1),
        (15, 2),
        (16, 3),
        (17, 1),
        (18, 1),
        (19, 2),
        (20, 3),
        (21, 1),
    ];
    let game = game(&[1, 2, 3], Rule::Misere);
    for (count, take) in expected {
        let a = analyse(&[count], &game);
        assert_eq!(
            a.best.as_ref().and_then(MultiMove::single).map(|m| m.take),
            Some(take),
            "count {count}"
        );
        let lost = count % 4 == 1;
        assert_eq!(a.outcome == Outcome::Lose, lost, "count {count}");
    }
}

#[test]
fn take_two_three_or_five_lost_counts_below_forty() {
    let game = game(&[2, 3, 5], Rule::Normal);
    let lost: Vec<u64> = (0..40)
        .filter(|&n| analyse(&[n], &game).outcome == Outcome::Lose)
        .collect();
    assert_eq!(lost, vec![0, 1, 7, 8, 14, 15, 21, 22, 28, 29, 35, 36]);
}

#[test]
fn three_five_seven_table_has_the_classic_lost_positions() {
    let entries = table(&Position::new(vec![3, 5, 7]), &Nim::new(Rule::Misere)).unwrap();
    let lost: Vec<Vec<u64>> = entries
        .iter()
        .filter(|e| e.outcome == Outcome::Lose)
        .map(|e| e.position.clone())
        .collect();
    // Every group paired (nim-sum 0) with some row above 1, or an odd
    // number of single sticks.
    let expected: Vec<Vec<u64>> = vec![
        vec![0, 0, 1],
        vec![0, 2, 2],
        vec![0, 3, 3],
        vec![0, 4, 4],
        vec![0, 5, 5],
        vec![1, 1, 1],
        vec![1, 2, 3],
        vec![1, 4, 5],
        vec![2, 4, 6],
        vec![2, 5, 7],
        vec![3, 4, 7],
        vec![3, 5, 6],
    ];
    assert_eq!(lost, expected);
    assert_eq!(entries.len(), 87);
}

/// The Grundy value of every row size up to `upto`, worked out plainly:
/// the smallest number not among the values one move away.
fn grundy_values(takes: &[u64], upto: usize) -> Vec<u64> {
    let mut values: Vec<u64> = Vec::with_capacity(upto + 1);
    for n in 0..=upto {
        let reachable: Vec<u64> = takes
            .iter()
            .filter(|&&t| t as usize <= n)
            .map(|&t| values[n - t as usize])
            .collect();
        values.push((0..).find(|g| !reachable.contains(g)).unwrap());
    }
    values
}

/// Every "a row of X acts like Y" and "X sticks acts like a Nim row of Y"
/// in the lines of a document, as (X, Y).
fn acts_like(lines: &[String]) -> Vec<(u64, u64)> {
    let number = |word: &str| {
        word.trim_matches(|c: char| !c.is_ascii_digit())
            .parse::<u64>()
            .ok()
    };
    let mut found = Vec::new();
    for line in lines {
        let words: Vec<&str> = line.split_whitespace().collect();
        for window in words.windows(6) {
            if let ["row", "of", x, "acts", "like", y] = window {
                found.extend(number(x).zip(number(y)));
            }
        }
        for window in words.windows(9) {
            if let [
                x,
                "sticks" | "stick",
                "acts",
                "like",
                "a",
                "Nim",
                "row",
                "of",
                y,
            ] = window
            {
                found.extend(number(x).zip(number(y)));
            }
        }
    }
    found
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn every_acts_like_sentence_states_the_true_grundy_value(
        takes in take_set(),
        piles in prop::collection::vec(0u64..40, 1..5),
    ) {
        let game = game(&takes, Rule::Normal);
        let a = analyse(&piles, &game);
        let doc = matchsticks::teach::explain::explain(&a, Default::default());
        let lines: Vec<String> = doc.steps.iter().flat_map(|s| s.lines()).collect();
        let values = grundy_values(&takes, 60);
        let claims = acts_like(&lines);
        if piles.iter().filter(|&&p| p > 0).count() > 1 {
            prop_assert!(!claims.is_empty(), "no value was stated: {lines:?}");
        }
        for (x, y) in claims {
            prop_assert_eq!(y, values[x as usize], "a row of {} acts like {}: {:?}", x, y, lines);
        }
    }
}
