//! Speed of whole runs, of the brute-force search, and of counting the
//! winning moves of Moore's Nim.
//!
//! `cargo bench` times each case many times and prints the minimum, median
//! and maximum. Under `cargo test --all-targets` each case runs once, as a
//! smoke test that the benchmark itself still works (Moore's Nim on fewer
//! rows, since that build is not optimised).
//!
//! Whole runs start the real binary, so the figures include process start-up
//! and argument parsing, as a teacher would feel them.

use std::num::NonZeroU32;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use matchsticks::rules::rule::Rule;
use matchsticks::solve::moore_count::{self, COUNT_STEPS};
use matchsticks::solve::search::Solver;

const BINARY: &str = env!("CARGO_BIN_EXE_matchsticks");

/// A small, fixed pseudo-random sequence (splitmix64), so every run times the
/// same positions.
fn random_rows(count: usize, mut seed: u64) -> Vec<String> {
    (0..count)
        .map(|_| {
            seed = seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = seed;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            (z ^ (z >> 31)).max(1).to_string()
        })
        .collect()
}

/// Runs the binary once and checks that it exited as expected.
fn run_binary(args: &[String], expected_code: i32) -> usize {
    let output = Command::new(BINARY)
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("the binary starts");
    assert_eq!(
        output.status.code(),
        Some(expected_code),
        "{:?}",
        &args[..2]
    );
    output.stdout.len()
}

/// Every sorted position of up to `rows` rows of up to `most` sticks.
fn sorted_positions(rows: usize, most: u64) -> Vec<Vec<u64>> {
    let mut all = vec![Vec::new()];
    let mut frontier = vec![Vec::new()];
    for _ in 0..rows {
        frontier = frontier
            .into_iter()
            .flat_map(|p: Vec<u64>| {
                let low = p.last().copied().unwrap_or(0);
                (low..=most).map(move |n| [p.clone(), vec![n]].concat())
            })
            .collect();
        all.extend(frontier.iter().cloned());
    }
    all
}

fn time(name: &str, runs: usize, mut case: impl FnMut()) {
    let mut times: Vec<Duration> = (0..runs)
        .map(|_| {
            let start = Instant::now();
            case();
            start.elapsed()
        })
        .collect();
    times.sort();
    println!(
        "{name:<64} min {:>9.2?}  median {:>9.2?}  max {:>9.2?}  ({runs} runs)",
        times[0],
        times[runs / 2],
        times[runs - 1]
    );
}

fn main() {
    let timing = std::env::args().any(|a| a == "--bench");
    let runs = |n: usize| if timing { n } else { 1 };
    let words = |list: &[&str]| list.iter().map(|s| s.to_string()).collect::<Vec<_>>();

    let classic = words(&["explain", "3", "5", "7"]);
    time("explain 3 5 7 (whole run)", runs(50), || {
        run_binary(&classic, 0);
    });

    for (name, args) in [
        ("table 3 5 7 (whole run)", &["table", "3", "5", "7"][..]),
        (
            "explain 10^18 --take 2,3,5 (whole run)",
            &["explain", "1000000000000000000", "--take", "2,3,5"],
        ),
        (
            "table 15 15 15 15 (whole run)",
            &["table", "15", "15", "15", "15"],
        ),
    ] {
        let args = words(args);
        time(name, runs(20), || {
            run_binary(&args, 0);
        });
    }

    let rows = random_rows(10_000, 2016);
    let explain = [words(&["explain", "--format", "json"]), rows.clone()].concat();
    let bytes = run_binary(&explain, 0);
    time(
        &format!("explain, 10,000 random 64-bit rows, JSON ({bytes} bytes)"),
        runs(20),
        || {
            run_binary(&explain, 0);
        },
    );
    let check = [
        words(&["check", "--take", "1", "--pile", "1", "--format", "json"]),
        rows,
    ]
    .concat();
    time("check, 10,000 random 64-bit rows, JSON", runs(20), || {
        // Taking one stick from a random huge position is almost surely a
        // mistake (exit 1); the seed is fixed, so it is the same every run.
        run_binary(&check, 1);
    });

    let positions = sorted_positions(5, 15);
    time(
        &format!(
            "brute force: all {} positions of up to 5 rows of up to 15, both rules",
            positions.len()
        ),
        runs(10),
        || {
            for rule in [Rule::Misere, Rule::Normal] {
                let mut solver = Solver::new(rule);
                for p in &positions {
                    solver.solve(p).expect("within the budget");
                }
            }
        },
    );

    // Counting every winning move of Moore's Nim must answer, or refuse,
    // within a second: the largest of these come close to the budget of
    // steps, and the last one exceeds it.
    let full = |rows: usize, small: usize| if timing { rows } else { small };
    for (k, rows, answers) in [
        (2, full(600, 12), true),
        (3, full(80, 8), true),
        (12, full(14, 6), true),
        (3, full(100, 6), !timing),
    ] {
        let piles: Vec<u64> = random_rows(rows, 2016)
            .iter()
            .map(|r| r.parse().expect("rows are numbers"))
            .collect();
        let verdict = match answers {
            true => "answered",
            false => "refused",
        };
        time(
            &format!(
                "Moore's Nim, K = {k}: every winning move of {rows} random 64-bit rows ({verdict})"
            ),
            runs(10),
            || {
                let counted =
                    moore_count::winning_moves(&piles, Rule::Normal, NonZeroU32::new(k).unwrap());
                assert_eq!(counted.is_ok(), answers, "the limit is {COUNT_STEPS} steps");
            },
        );
    }
}
