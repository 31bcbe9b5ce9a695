//! Every position of up to 4 rows of up to 7 sticks, for both rules: the
//! grouping method and the XOR solver must give exactly the brute-force
//! outcome and set of winning moves.

use matchsticks::rules::position::Position;
use matchsticks::rules::rule::Rule;
use matchsticks::solve::grouping::Grouping;
use matchsticks::solve::nim_sum;
use matchsticks::solve::search::Solver;

/// All row lists of `rows` rows, each from 0 to `most`, in every order.
fn positions(rows: usize, most: u64) -> Vec<Vec<u64>> {
    (0..rows).fold(vec![Vec::new()], |acc, _| {
        acc.into_iter()
            .flat_map(|p| {
                (0..=most).map(move |n| {
                    let mut q = p.clone();
                    q.push(n);
                    q
                })
            })
            .collect()
    })
}

#[test]
fn every_small_position_agrees_with_brute_force() {
    let mut checked = 0;
    for rule in [Rule::Misere, Rule::Normal] {
        let mut solver = Solver::new(rule);
        for rows in 1..=4 {
            for piles in positions(rows, 7) {
                let position = Position::new(piles);
                let outcome = solver.solve(position.piles()).unwrap().outcome;
                let moves = solver.winning_moves(&position).unwrap();
                let g = Grouping::new(&position, rule);
                assert_eq!(
                    g.outcome(),
                    outcome,
                    "grouping outcome of {position} ({rule:?})"
                );
                assert_eq!(
                    g.winning_moves(),
                    moves,
                    "grouping moves of {position} ({rule:?})"
                );
                assert_eq!(
                    nim_sum::outcome(&position, rule),
                    outcome,
                    "XOR outcome of {position}"
                );
                assert_eq!(
                    nim_sum::winning_moves(&position, rule),
                    moves,
                    "XOR moves of {position}"
                );
                checked += 1;
            }
        }
    }
    // 8 + 64 + 512 + 4096 positions, for each rule.
    assert_eq!(checked, 2 * 4680);
}
