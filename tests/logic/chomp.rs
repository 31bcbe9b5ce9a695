//! The Chomp search must agree with a plain one, and the strategies that
//! need no search must name bites the search calls winning.
//!
//! The plain search below knows nothing of ranks or `Bar`: it recurses over
//! row lengths and remembers them in a `HashMap`, so agreement means
//! something.

use std::collections::HashMap;

use matchsticks::rules::bar::{Bar, Bite};
use matchsticks::rules::outcome::Outcome;
use matchsticks::solve::chomp::ChompSearch;
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
    let chomp = ChompSearch::search(start).expect("small bars fit the limit");
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
        let chomp = ChompSearch::search(&bar).unwrap();
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

// What the tool tells about a bar, held to the plain search: the analysis
// behind `chomp explain` and `chomp check`, the strategies it names, and
// the documents, on every bar inside 5x5.

use matchsticks::render::{json, text};
use matchsticks::teach::chomp::analysis::{BarAnalysis, Strategy as Rule};
use matchsticks::teach::chomp::check::{BiteJudgement, check};
use matchsticks::teach::chomp::explain::explain;
use matchsticks::teach::chomp::facts;
use matchsticks::teach::verdict::Verdict;

fn pairs(bites: &[Bite]) -> Vec<(usize, usize)> {
    bites.iter().map(|b| (b.row, b.column)).collect()
}

#[test]
fn every_explained_bar_up_to_5x5_agrees_with_plain_recursion() {
    let mut memo = HashMap::new();
    for rows in staircases(5, 5) {
        let bar = Bar::new(rows.clone()).unwrap();
        let expected = plain(&rows, &mut memo);
        let a = BarAnalysis::new(&bar).unwrap();
        assert_eq!(a.outcome, expected.outcome, "{bar}");
        assert_eq!(
            a.winning.as_deref().map(pairs),
            Some(expected.winning.clone()),
            "{bar}"
        );
        // The explained bite is legal, and on a won bar it wins.
        let bite = a.bite.expect("a bar has a bite");
        let left = bar.bite(bite).expect("the explained bite is legal");
        let (after, _) = plain_value(left.row_lengths(), &mut memo);
        match expected.outcome {
            Outcome::Win => assert_eq!(after, Outcome::Lose, "{bar}: {bite}"),
            Outcome::Lose => assert_eq!(Some((bite.row, bite.column)), expected.best, "{bar}"),
        }
        // A strategy says who wins, and when it claims to know every winning
        // bite it knows them all.
        if let Some(strategy) = a.strategy {
            assert_eq!(strategy.outcome(), expected.outcome, "{bar}: {strategy:?}");
            let named = strategy.bite(&bar).map(|b| (b.row, b.column));
            match named {
                Some(b) => assert!(expected.winning.contains(&b), "{bar}: {b:?}"),
                None => assert!(expected.winning.is_empty(), "{bar}"),
            }
            if let Some(all) = strategy.every_winning_bite(&bar) {
                assert_eq!(pairs(&all), expected.winning, "{bar}: {strategy:?}");
            }
        }
        // The JSON says what the analysis says.
        let json: serde_json::Value =
            serde_json::from_str(&json::document(&facts::explain(&a), &explain(&a))).unwrap();
        assert_eq!(json["rows"], serde_json::json!(rows));
        assert_eq!(json["outcome"], expected.outcome.name());
        assert_eq!(json["bite"]["row"], bite.row);
        assert_eq!(
            json["bite"]["rows_after"],
            serde_json::json!(left.row_lengths())
        );
        assert_eq!(
            json["winning_bites"].as_array().unwrap().len(),
            expected.winning.len()
        );
    }
}

#[test]
fn every_bite_on_every_bar_up_to_5x5_is_judged_as_the_plain_search_would() {
    let mut memo = HashMap::new();
    for rows in staircases(5, 5) {
        let bar = Bar::new(rows.clone()).unwrap();
        let chomp = ChompSearch::search(&bar).unwrap();
        let (before, _) = plain_value(&rows, &mut memo);
        for bite in bar.bites() {
            let j = BiteJudgement::new(&bar, bite, Some(&chomp)).unwrap();
            let (after, _) = plain_value(bar.bite(bite).unwrap().row_lengths(), &mut memo);
            let verdict = match (before, after) {
                (Outcome::Lose, _) => Verdict::LostAnyway,
                (Outcome::Win, Outcome::Lose) => Verdict::Good,
                (Outcome::Win, Outcome::Win) => Verdict::Mistake,
            };
            assert_eq!(j.verdict, verdict, "{bar}: {bite}");
            // The reply named after a bite that leaves a won bar wins.
            if let Some(reply) = j.reply() {
                let left = j.after.bar.bite(reply).unwrap();
                assert_eq!(
                    plain_value(left.row_lengths(), &mut memo).0,
                    Outcome::Lose,
                    "{bar}: {bite}, {reply}"
                );
            }
        }
    }
}

/// The words of a text with its line breaks and indentation taken out.
fn words(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Every line of every step in `json` appears in `text`, in order.
fn lines_appear_in_order(json: &str, text: &str) {
    let value: serde_json::Value = serde_json::from_str(json).unwrap();
    let text = words(text);
    let mut rest = text.as_str();
    for step in value["steps"].as_array().unwrap() {
        for line in step["lines"].as_array().unwrap() {
            let line = words(line.as_str().unwrap());
            let at = rest
                .find(&line)
                .unwrap_or_else(|| panic!("missing or out of order: {line:?}\nin: {text}"));
            rest = &rest[at + line.len()..];
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]

    #[test]
    fn the_text_of_an_explanation_and_a_verdict_says_every_line_of_the_json(
        rows in staircase_within_5x5(),
        choice in any::<proptest::sample::Index>(),
        width in 20usize..120,
    ) {
        let bar = Bar::new(rows).unwrap();
        let a = BarAnalysis::new(&bar).unwrap();
        let doc = explain(&a);
        let shown = text::document(&doc, text::Style::plain(1000));
        lines_appear_in_order(&json::document(&facts::explain(&a), &doc), &shown);
        // Every line fits the width asked for.
        for line in text::document(&doc, text::Style::plain(width)).lines() {
            prop_assert!(line.chars().count() <= width, "{line:?} is wider than {width}");
        }
        let bites: Vec<Bite> = bar.bites().collect();
        let bite = bites[choice.index(bites.len())];
        let j = BiteJudgement::new(&bar, bite, None).unwrap();
        let doc = check(&j);
        lines_appear_in_order(
            &json::document(&facts::check(&j), &doc),
            &text::document(&doc, text::Style::plain(1000)),
        );
    }
}

#[test]
fn beyond_the_search_a_square_is_still_solved_and_a_rectangle_still_won() {
    for n in [12, 30, 64] {
        let a = BarAnalysis::new(&Bar::rectangle(n, n).unwrap()).unwrap();
        assert_eq!(a.outcome, Outcome::Win);
        assert_eq!(a.bite, Some(Bite::new(2, 2)));
        assert_eq!(
            a.strategy,
            Some(Rule::EqualSides {
                side: n,
                square: true
            })
        );
    }
    let a = BarAnalysis::new(&Bar::rectangle(12, 64).unwrap()).unwrap();
    assert_eq!((a.outcome, a.bite, a.winning), (Outcome::Win, None, None));
}
