//! Speed of whole runs, of the brute-force and Chomp searches, of counting
//! the winning moves of Moore's Nim, and of the page's requests.
//!
//! `cargo bench` times each case many times and prints the minimum, median
//! and maximum. Under `cargo test --all-targets` each case runs once, as a
//! smoke test that the benchmark itself still works (Moore's Nim on fewer
//! rows, since that build is barely optimised).
//!
//! Whole runs start the real binary, so the figures include process start-up
//! and argument parsing, as a teacher would feel them. The largest cases
//! (the tables of 445 445 and 36 36 36 36, and the search's speed in moves
//! per second) run only under `cargo bench`; the smoke test runs small
//! stand-ins, since that build is barely optimised.

use std::num::NonZeroU32;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use matchsticks::rules::bar::Bar;
use matchsticks::rules::nim::Nim;
use matchsticks::rules::rule::Rule;
use matchsticks::solve::chomp::{ChompSearch, reachable};
use matchsticks::solve::moore_count::{self, COUNT_STEPS};
use matchsticks::solve::search::{Budget, Solver};

#[allow(dead_code)]
#[path = "../tests/shared/http.rs"]
mod http;

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

/// Runs the binary once with `input` on standard input, and checks that it
/// exited with 0.
fn run_with_input(args: &[String], input: Stdio) -> usize {
    let output = Command::new(BINARY)
        .args(args)
        .stdin(input)
        .output()
        .expect("the binary starts");
    assert_eq!(output.status.code(), Some(0), "{:?}", &args[..2]);
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

/// A game of `rows` rows of `sticks` against the beginner computer, the
/// pupil always taking one stick from the first row that has one, played
/// to the end: the body to send, and how many moves the pupil made.
fn long_game(rows: usize, sticks: u64) -> (String, usize) {
    use matchsticks::play::replay::{Replay, Setup};
    use matchsticks::play::{First, Level};
    use matchsticks::rules::moves::Move;
    use matchsticks::rules::position::Position;
    let start = Position::new(vec![sticks; rows]);
    let setup = Setup {
        start: start.clone(),
        game: Nim::new(Rule::Misere),
        first: First::Me,
        level: Level::Beginner,
        seed: 1,
        seed_given: true,
    };
    let mut replay = Replay::start(setup).expect("the game starts");
    let mut moves = Vec::new();
    while !replay.is_over() {
        let pile = replay
            .position()
            .piles()
            .iter()
            .position(|&n| n > 0)
            .unwrap();
        replay.pupil(Move { pile, take: 1 }.into());
        moves.push(format!(r#"{{"row": {}, "take": 1}}"#, pile + 1));
        if !replay.is_over() {
            replay.computer().expect("the computer moves");
        }
    }
    let body = format!(
        r#"{{"position": "{start}", "first": "me", "level": "beginner", "seed": 1, "moves": [{}]}}"#,
        moves.join(", ")
    );
    (body, moves.len())
}

/// Times `case` `runs` times, prints the spread, and returns the median.
/// Words given after `--bench` that are not flags pick the cases whose
/// names hold one of them (`cargo bench --bench speed -- rows`); the rest
/// are skipped, with a median of zero.
fn time(name: &str, runs: usize, mut case: impl FnMut()) -> Duration {
    let picked: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    if !picked.is_empty() && !picked.iter().any(|p| name.contains(p.as_str())) {
        return Duration::ZERO;
    }
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
    times[runs / 2]
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
        words(&["check", "--row", "1", "--remove", "1", "--format", "json"]),
        rows,
    ]
    .concat();
    time("check, 10,000 random 64-bit rows, JSON", runs(20), || {
        // Taking one stick from a random huge position is almost surely a
        // mistake (exit 1); the seed is fixed, so it is the same every run.
        run_binary(&check, 1);
    });

    // A million random 64-bit rows read from a file, as a teacher would
    // give them: `matchsticks explain - < rows.txt`.
    let count = if timing { 1_000_000 } else { 10_000 };
    let file = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("rows.txt");
    std::fs::write(&file, random_rows(count, 7).join("\n")).expect("the rows are written");
    let stdin = || Stdio::from(std::fs::File::open(&file).expect("the rows are there"));
    let from_file = words(&["explain", "-"]);
    let bytes = run_with_input(&from_file, stdin());
    let whole = time(
        &format!("explain - < {count} random 64-bit rows (whole run, {bytes} bytes)"),
        runs(10),
        || {
            run_with_input(&from_file, stdin());
        },
    );
    // The floor: the least any program could do with those rows, a bare
    // read, parse, nim-sum and count of the winning rows, in this process.
    let floor = time(
        &format!("floor: read, parse, XOR and count {count} rows (in process)"),
        runs(10),
        || {
            let text = std::fs::read_to_string(&file).expect("the rows are there");
            let rows: Vec<u64> = text
                .split_ascii_whitespace()
                .map(|w| w.parse().unwrap())
                .collect();
            let sum = rows.iter().fold(0, |all, &row| all ^ row);
            let winning = rows.iter().filter(|&&row| row ^ sum < row).count();
            assert!(winning <= rows.len());
        },
    );
    if !floor.is_zero() {
        println!(
            "{:<64} {:.1} times the floor",
            "explain - against the floor (medians)",
            whole.as_secs_f64() / floor.as_secs_f64()
        );
    }

    // Games against the computer, played to the end by a pupil who always
    // takes one stick from row 1, review included: the computer's moves
    // are the work.
    for game in [
        &["3", "5", "7"][..],
        &["54", "54", "54", "54"],
        &["460", "460", "--take", "1-1000"],
    ] {
        let args = [words(&["play", "--first", "me"]), words(game)].concat();
        let script = "1 1\n".repeat(60) + "quit\n";
        let script_file = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("moves.txt");
        std::fs::write(&script_file, &script).expect("the moves are written");
        let moves = || Stdio::from(std::fs::File::open(&script_file).expect("the moves are there"));
        time(
            &format!(
                "play {} to the end, with the review (whole run)",
                game.join(" ")
            ),
            runs(10),
            || {
                run_with_input(&args, moves());
            },
        );
    }

    // The largest tables the search makes within its budgets, whole runs.
    let tables: [&[&str]; 2] = match timing {
        true => [&["table", "445", "445"], &["table", "36", "36", "36", "36"]],
        false => [&["table", "45", "45"], &["table", "6", "6", "6", "6"]],
    };
    for table in tables {
        let args = words(table);
        let bytes = run_binary(&args, 0);
        time(
            &format!("{} (whole run, {bytes} bytes)", table.join(" ")),
            runs(10),
            || {
                run_binary(&args, 0);
            },
        );
    }

    // The search alone, in moves tried per second: every position below
    // the start is solved, so the moves are known before it starts.
    let start: &[u64] = match timing {
        true => &[60, 60, 60, 60],
        false => &[8, 8, 8, 8],
    };
    let work = Solver::new(Rule::Misere)
        .estimate(start)
        .expect("within the budget");
    let mut fastest = Duration::MAX;
    time(
        &format!(
            "search of {start:?}: {} positions, {} moves",
            work.positions, work.moves
        ),
        runs(10),
        || {
            let begin = Instant::now();
            Solver::for_game(Nim::new(Rule::Misere), Budget::default())
                .solve(start)
                .expect("within the budget");
            fastest = fastest.min(begin.elapsed());
        },
    );
    if fastest != Duration::MAX {
        println!(
            "{:<64} {:.0} million moves per second (fastest run)",
            "search speed",
            work.moves as f64 / fastest.as_secs_f64() / 1e6
        );
    }

    // verify, whole runs: the default range, and groups in threes.
    let verifies: [&[&str]; 2] = match timing {
        true => [
            &["verify", "--both"],
            &["verify", "--both", "--rows-per-move", "2"],
        ],
        false => [
            &["verify", "--max-rows", "3"],
            &["verify", "--max-rows", "3", "--rows-per-move", "2"],
        ],
    };
    for args in verifies {
        let args = words(args);
        time(&format!("{} (whole run)", args.join(" ")), runs(5), || {
            run_binary(&args, 0);
        });
    }

    // Requests to the classroom page's server, in this process, over HTTP.
    let server = matchsticks::serve::Server::start("127.0.0.1:0".parse().unwrap())
        .expect("the server starts");
    let addr = server.addr();
    for path in [
        "/api/explain?position=3,5,7",
        "/page/explain?position=3,4,5",
        "/page/board?position=21&take=1-3",
    ] {
        time(&format!("GET {path}"), runs(200), || {
            assert_eq!(http::get(addr, path).status, 200);
        });
    }
    // A computer move: the pupil's move is sent, the game replayed, and
    // the computer answers.
    for (name, body) in [
        (
            "POST /page/play: 21, take 1 to 3, one move each",
            r#"{"position": "21", "take": "1-3", "first": "me", "moves": [{"row": 1, "take": 1}]}"#,
        ),
        (
            "POST /page/play: 3 5 7, three moves each",
            r#"{"position": "3 5 7", "first": "me", "moves": [{"row": 1, "take": 1}, {"row": 2, "take": 1}, {"row": 3, "take": 1}]}"#,
        ),
    ] {
        time(name, runs(200), || {
            assert_eq!(http::post(addr, "/page/play", body).status, 200);
        });
    }
    // A game under a take set on a huge row, at the pupil's 50th move: the
    // row's pattern is worked out once for the game, not at every turn.
    let moves = vec![r#"{"row": 1, "take": 1}"#; 50].join(", ");
    let body = format!(
        r#"{{"position": "1000000000000000000", "take": "1,3,4", "first": "me", "moves": [{moves}]}}"#
    );
    time(
        "POST /page/play: 10^18 --take 1,3,4, at move 50",
        runs(20),
        || {
            let reply = http::post(addr, "/page/play", &body);
            assert_eq!(reply.status, 200, "{}", reply.body);
        },
    );
    // The longest game the page replays: 100 rows of 20 sticks, every
    // move taking one stick, played to the end and reviewed.
    let long = long_game(100, 20);
    time(
        &format!(
            "POST /page/play: {} moves of yours on 100 rows of 20, reviewed",
            long.1
        ),
        runs(10),
        || {
            let reply = http::post(addr, "/page/play", &long.0);
            assert_eq!(reply.status, 200, "{}", reply.body);
        },
    );
    drop(server);

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

    // The largest square the Chomp search accepts, and the rectangle within
    // its limit that costs it the most work. A smoke test searches small
    // bars instead, to stay quick without optimisation.
    let bars = match timing {
        true => ["11x11", "5x44"],
        false => ["4x4", "2x9"],
    };
    for shape in bars {
        let bar: Bar = shape.parse().expect("a valid shape");
        time(
            &format!("chomp search: {shape} ({} shapes)", reachable(&bar)),
            runs(10),
            || {
                ChompSearch::search(&bar).expect("within the limit");
            },
        );
    }
    // Whole runs of `chomp explain`, `check` and `play` at the search's
    // limit (the square and the rectangles that cost it the most work) and
    // beyond it, where the search is refused at once and a rule or strategy
    // stealing answers.
    let shapes: &[&str] = match timing {
        true => &["11x11", "10x14", "5x44", "4x64", "12x12", "12x13", "64x64"],
        false => &["4x4", "12x13"],
    };
    for shape in shapes {
        let bar: Bar = shape.parse().expect("a valid shape");
        let args = words(&["chomp", "explain", shape]);
        time(
            &format!(
                "chomp explain {shape} ({} shapes, whole run)",
                reachable(&bar)
            ),
            runs(10),
            || {
                run_binary(&args, 0);
            },
        );
    }
    let largest = if timing { "11x11" } else { "4x4" };
    let args = words(&["chomp", "check", largest, "--bite", "1,2"]);
    time(
        &format!("chomp check {largest} --bite 1,2 (whole run)"),
        runs(10),
        || {
            run_binary(&args, 1);
        },
    );
    let script_file = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("bites.txt");
    std::fs::write(
        &script_file,
        "3 3
4 1
2 4
quit
",
    )
    .expect("the bites are written");
    let bites = || Stdio::from(std::fs::File::open(&script_file).expect("the bites are there"));
    let args = words(&["chomp", "play", largest]);
    time(
        &format!("chomp play {largest}: three bites each, with the review (whole run)"),
        runs(10),
        || {
            run_with_input(&args, bites());
        },
    );
    let huge = Bar::rectangle(64, 64).expect("the largest bar");
    time("chomp search refusing 64x64", runs(1000), || {
        ChompSearch::search(&huge).expect_err("beyond the limit");
    });
    // Counting every winning move of Moore's Nim must answer, or refuse,
    // within a second: the largest of these come close to the budget of
    // steps, and the last one exceeds it.
    let full = |rows: usize, small: usize| if timing { rows } else { small };
    for (k, rows, answers) in [
        (2, full(350, 12), true),
        (3, full(50, 8), true),
        (12, full(10, 6), true),
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
