//! The Chomp search must agree with a plain one, and the strategies that
//! need no search must name bites the search calls winning.
//!
//! The plain search below knows nothing of ranks or `Bar`: it recurses over
//! row lengths and remembers them in a `HashMap`, so agreement means
//! something.

use std::collections::HashMap;

use matchsticks::rules::bar::{Bar, Bite};
use matchsticks::rules::outcome::Outcome;
use matchsticks::solve::chomp::{Chomp, square_strategy, strategy_stealing, two_row_strategy};
use proptest::prelude::*;

/// What the plain search knows of a bar: outcome and moves left for the
/// player to move, the winning bites, and the best bite as (row, column).
#[derive(Clone, Debug, PartialEq, Eq)]
struct Plain {
    outcome: Outcome,
    moves_left: u64,
    winning: Vec<(usize, usize)>,
    best: Option<(usize, usize)>,
}

/// The bar left by biting at `row`, `column` (from 0), without empty rows.
fn plain_bite(rows: &[usize], row: usize, column: usize) -> Vec<usize> {
    rows.iter()
        .enumerate()
        .map(|(i, &length)| if i >= row { length.min(column) } else { length })
        .filter(|&length| length > 0)
        .collect()
}

/// Outcome and moves left of `rows`, searched by plain recursion. No rows
/// left means the opponent ate the poison.
fn plain_value(rows: &[usize], memo: &mut HashMap<Vec<usize>, (Outcome, u64)>) -> (Outcome, u64) {
    if rows.is_empty() {
        return (Outcome::Win, 0);
    }
    if let Some(&known) = memo.get(rows) {
        return known;
    }
    let mut children = Vec::new();
    for row in 0..rows.len() {
        for column in 0..rows[row] {
            children.push(plain_value(&plain_bite(rows, row, column), memo));
        }
    }
    let fastest_win = children
        .iter()
        .filter(|(outcome, _)| *outcome == Outcome::Lose)
        .map(|&(_, moves)| moves)
        .min();
    let longest = children.iter().map(|&(_, moves)| moves).max();
    let value = match (fastest_win, longest) {
        (Some(moves), _) => (Outcome::Win, moves + 1),
        (None, Some(moves)) => (Outcome::Lose, moves + 1),
        (None, None) => unreachable!("a bar with rows has a bite"),
    };
    memo.insert(rows.to_vec(), value);
    value
}

/// Everything the plain search says about `rows`.
fn plain(rows: &[usize], memo: &mut HashMap<Vec<usize>, (Outcome, u64)>) -> Plain {
    let (outcome, moves_left) = plain_value(rows, memo);
    let mut winning = Vec::new();
    let mut best: Option<((usize, usize), u64)> = None;
    for row in 0..rows.len() {
        for column in 0..rows[row] {
            let (after, moves) = plain_value(&plain_bite(rows, row, column), memo);
            let bite = (row + 1, column + 1);
            if after == Outcome::Lose {
                winning.push(bite);
            }
            let better = match (outcome, after, best) {
                (Outcome::Win, Outcome::Win, _) => false,
                (_, _, None) => true,
                (Outcome::Win, _, Some((_, fastest))) => moves < fastest,
                (Outcome::Lose, _, Some((_, longest))) => moves > longest,
            };
            if better {
                best = Some((bite, moves));
            }
        }
    }
    Plain {
        outcome,
        moves_left,
        winning,
        best: best.map(|(bite, _)| bite),
    }
}

/// What the library's search, started from `start`, says about `bar`.
fn searched(start: &Bar, bar: &Bar) -> Plain {
    let chomp = Chomp::search(start).expect("small bars fit the limit");
    let solved = chomp.solved(bar).expect("the bar is inside the start");
    let pair = |b: Bite| (b.row, b.column);
    Plain {
        outcome: solved.outcome,
        moves_left: solved.moves_left,
        winning: chomp
            .winning_bites(bar)
            .unwrap()
            .into_iter()
            .map(pair)
            .collect(),
        best: chomp.best_bite(bar).unwrap().map(|(bite, _)| pair(bite)),
    }
}

/// Row lengths from the top of every bar inside `rows`×`columns`, the eaten
/// bar left out.
fn staircases(rows: usize, columns: usize) -> Vec<Vec<usize>> {
    let mut all = Vec::new();
    let mut frontier: Vec<Vec<usize>> = vec![Vec::new()];
    for _ in 0..rows {
        frontier = frontier
            .into_iter()
            .flat_map(|shape| {
                let most = shape.last().copied().unwrap_or(columns);
                (1..=most).map(move |length| [shape.clone(), vec![length]].concat())
            })
            .collect();
        all.extend(frontier.iter().cloned());
    }
    all
}

fn staircase_within_5x5() -> impl Strategy<Value = Vec<usize>> {
    prop::collection::vec(1usize..=5, 1..=5).prop_map(|mut rows| {
        rows.sort_unstable_by(|a, b| b.cmp(a));
        rows
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn search_agrees_with_plain_recursion(rows in staircase_within_5x5()) {
        let mut memo = HashMap::new();
        let bar = Bar::new(rows.clone()).unwrap();
        let expected = plain(&rows, &mut memo);
        // Started from the bar itself, and from the 5x5 bar around it.
        prop_assert_eq!(&searched(&bar, &bar), &expected);
        prop_assert_eq!(&searched(&Bar::rectangle(5, 5).unwrap(), &bar), &expected);
    }

    #[test]
    fn a_recommended_bite_is_legal_and_winning_bites_leave_a_loss(rows in staircase_within_5x5()) {
        let bar = Bar::new(rows).unwrap();
        let chomp = Chomp::search(&bar).unwrap();
        let (bite, after) = chomp.best_bite(&bar).unwrap().expect("a bar has a bite");
        prop_assert_eq!(chomp.solved(&bar.bite(bite).unwrap()).unwrap(), after);
        for bite in chomp.winning_bites(&bar).unwrap() {
            let left = bar.bite(bite).unwrap();
            prop_assert_eq!(chomp.solved(&left).unwrap().outcome, Outcome::Lose);
        }
    }
}

#[test]
fn every_bar_up_to_5x5_agrees_with_plain_recursion() {
    let mut memo = HashMap::new();
    let around = Bar::rectangle(5, 5).unwrap();
    let shapes = staircases(5, 5);
    // C(10,5) shapes inside 5x5, less the eaten bar.
    assert_eq!(shapes.len(), 251);
    for rows in shapes {
        let bar = Bar::new(rows.clone()).unwrap();
        let expected = plain(&rows, &mut memo);
        assert_eq!(searched(&around, &bar), expected, "{bar}");
        assert_eq!(searched(&bar, &bar), expected, "{bar}");
    }
}

#[test]
fn the_square_strategy_wins_on_squares_and_their_ls() {
    let chomp = Chomp::search(&Bar::rectangle(8, 8).unwrap()).unwrap();
    for n in 2..=8 {
        let square = Bar::rectangle(n, n).unwrap();
        assert_eq!(square_strategy(&square), Some(Bite::new(2, 2)));
        assert!(
            chomp
                .winning_bites(&square)
                .unwrap()
                .contains(&Bite::new(2, 2))
        );
    }
    // Every L inside 8x8, which is every L a game on a square can reach,
    // 1x1 included: the strategy names a winning bite exactly when there is
    // one.
    for right in 0..8 {
        for down in 0..8 {
            let l = Bar::new([vec![right + 1], vec![1; down]].concat()).unwrap();
            let winning = chomp.winning_bites(&l).unwrap();
            match square_strategy(&l) {
                Some(bite) => assert!(winning.contains(&bite), "{l}: {bite}"),
                None => assert!(winning.is_empty(), "{l}"),
            }
        }
    }
}

#[test]
fn the_two_row_strategy_wins_on_every_bar_of_two_rows() {
    let chomp = Chomp::search(&Bar::rectangle(2, 12).unwrap()).unwrap();
    for rows in staircases(2, 12) {
        let bar = Bar::new(rows).unwrap();
        let winning = chomp.winning_bites(&bar).unwrap();
        match two_row_strategy(&bar) {
            Some(bite) => assert!(winning.contains(&bite), "{bar}: {bite}"),
            None => assert!(winning.is_empty(), "{bar}"),
        }
    }
}

#[test]
fn strategy_stealing_matches_the_search() {
    let chomp = Chomp::search(&Bar::rectangle(6, 6).unwrap()).unwrap();
    for rows in 1..=6 {
        for columns in 1..=6 {
            let bar = Bar::rectangle(rows, columns).unwrap();
            let Some(argument) = strategy_stealing(&bar) else {
                assert_eq!((rows, columns), (1, 1));
                continue;
            };
            assert_eq!(argument.corner, Bite::new(rows, columns));
            assert_eq!(chomp.solved(&bar).unwrap().outcome, argument.outcome);
            // The heart of the argument: a reply to the corner bite leaves
            // what that reply would have left as a first bite.
            let after_corner = bar.bite(argument.corner).unwrap();
            for reply in after_corner.bites() {
                assert_eq!(
                    after_corner.bite(reply).unwrap(),
                    bar.bite(reply).unwrap(),
                    "{bar}: {reply}"
                );
            }
            // So when the corner bite loses, the reply that beats it wins.
            if chomp.solved(&after_corner).unwrap().outcome == Outcome::Win {
                let first = chomp.winning_bites(&bar).unwrap();
                for reply in chomp.winning_bites(&after_corner).unwrap() {
                    assert!(first.contains(&reply), "{bar}: {reply}");
                }
            }
        }
    }
}
