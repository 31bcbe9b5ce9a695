//! `verify` through the real binary: its counts against positions listed
//! independently here, each kind of game checked, and its refusals.

use crate::common;

use std::collections::BTreeSet;

use serde_json::Value;

fn verify(args: &[&str]) -> (i32, Value) {
    let out = common::matchsticks()
        .arg("verify")
        .args(args)
        .args(["--format", "json"])
        .output()
        .unwrap();
    let json = serde_json::from_slice(&out.stdout).unwrap_or(Value::Null);
    (out.status.code().unwrap(), json)
}

/// Every position of up to `rows` rows of up to `sticks`, listed the long
/// way: every row list in every order, then the orders forgotten.
fn positions(rows: usize, sticks: u64) -> usize {
    let mut all: BTreeSet<Vec<u64>> = BTreeSet::new();
    let mut lists: Vec<Vec<u64>> = vec![Vec::new()];
    for _ in 0..=rows {
        for list in &lists {
            let mut sorted = list.clone();
            sorted.sort_unstable();
            all.insert(sorted);
        }
        lists = lists
            .iter()
            .flat_map(|l| (0..=sticks).map(move |n| [l.clone(), vec![n]].concat()))
            .collect();
    }
    all.len()
}

#[test]
fn the_counts_are_the_positions_there_are() {
    for (rows, sticks) in [(0, 5), (1, 0), (1, 6), (2, 3), (3, 4), (4, 2)] {
        let (code, report) = verify(&[
            "--max-rows",
            &rows.to_string(),
            "--max-sticks",
            &sticks.to_string(),
            "--both",
        ]);
        assert_eq!(code, 0, "{report}");
        assert_eq!(
            report["positions"],
            positions(rows, sticks),
            "{rows} rows of {sticks}"
        );
        assert_eq!(report["disagreements"], 0);
        assert_eq!(report["rules"], serde_json::json!(["misere", "normal"]));
    }
}

#[test]
fn every_kind_of_game_agrees_with_the_search() {
    let cases: &[(&[&str], &[&str])] = &[
        (&[], &["the grouping method", "XOR"]),
        (&["--take", "1-3"], &["the row pattern", "Grundy values"]),
        (&["--take", "2,3,5"], &["the row pattern", "Grundy values"]),
        (
            &["--rows-per-move", "2"],
            &["the groups in threes", "the column counts"],
        ),
        (
            &["--rows-per-move", "3"],
            &["the groups in sets of 4", "the column counts"],
        ),
    ];
    for (game, checks) in cases {
        let args = [*game, &["--both", "--max-rows", "4", "--max-sticks", "6"]].concat();
        let (code, report) = verify(&args);
        assert_eq!(code, 0, "{game:?}: {report}");
        assert_eq!(report["disagreements"], 0, "{game:?}");
        assert_eq!(report["first_disagreement"], Value::Null);
        assert_eq!(report["checks"], serde_json::json!(checks), "{game:?}");
        assert_eq!(report["positions"], positions(4, 6));
    }
}

#[test]
fn ranges_past_the_limits_are_refused_at_once() {
    for args in [
        &["--max-rows", "3", "--max-sticks", "180"][..],
        &["--max-rows", "2", "--max-sticks", "1000"],
        &["--max-rows", "100", "--max-sticks", "100000000000"],
        &["--rows-per-move", "3", "--max-rows", "6"],
    ] {
        let out = common::matchsticks()
            .arg("verify")
            .args(args)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert!(stderr.starts_with("error: verify would "), "{stderr}");
        assert!(stderr.contains("the limit"), "{stderr}");
        assert_eq!(stderr.lines().count(), 1);
        assert!(out.stdout.is_empty());
    }
}
