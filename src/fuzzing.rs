//! The fuzz targets' checks: one function per target, each taking the bytes
//! a fuzzer makes up and asserting what must hold of the code they reach.
//!
//! The targets in `fuzz/fuzz_targets/` call these functions and nothing
//! else, and `tests/logic/fuzz_corpus.rs` replays every case the fuzzer kept
//! through the same functions, so a plain `cargo test` on stable Rust
//! checks the corpus too. Each function panics when an answer is wrong, not
//! only when the code crashes. The bytes are read with `arbitrary`, which
//! reads the same bytes the same way every time, so a saved case replays
//! exactly; the text targets keep their text at the end of the input, so
//! most saved cases can be read as they are.
//!
//! This module is built only with the `fuzzing` feature, which the fuzz
//! crate and the tests turn on, so the tool itself carries neither these
//! checks nor `arbitrary`.

use crate::teach::document::Reveal;
use std::io::BufReader;
use std::ops::RangeInclusive;

use arbitrary::Unstructured;
use arbitrary::unstructured::Int;
use clap::Parser;

use crate::cli::args::{Cli, Command, Format, one_line};
use crate::cli::output::EXIT_MISTAKE;
use crate::cli::run::execute;
use crate::console::io::Io;
use crate::lesson::{self, handout::handout, runner};
use crate::render::text::{self, Style};
use crate::render::wrap::{columns, is_list_marker};
use crate::render::{json, markdown};
use crate::rules::moves::Move;
use crate::rules::multi_move::MultiMove;
use crate::rules::nim::Nim;
use crate::rules::outcome::Outcome;
use crate::rules::position::Position;
use crate::rules::row_reader::{PositionError, parse_number};
use crate::rules::rule::Rule;
use crate::rules::take_set::{LARGEST_TAKE, TakeSet};
use crate::solve::search::{Budget, Solver};
use crate::teach::analysis::{Analysis, AnalysisError, Extras, Way};
use crate::teach::check::check;
use crate::teach::explain::{Options, explain};
use crate::teach::facts;
use crate::teach::hints::hints;
use crate::teach::reply::answer::{Answer, Meant, row_move};
use crate::teach::verdict::{Judgement, Verdict};

/// Rows read from words and from a stream: the two readings agree, the
/// rows are the numbers typed, and a position prints as words that read
/// back as itself. Errors are one line.
///
/// The input is the text itself.
pub fn position(data: &[u8]) {
    // A stream read whole and read a few bytes at a time: an entry cut
    // between two reads must come out the same.
    let whole = Position::read(&mut &data[..]);
    let chunk = 1 + data.len() % 7;
    let chunked = Position::read(&mut BufReader::with_capacity(chunk, data));
    assert_eq!(
        whole, chunked,
        "reading {chunk} bytes at a time changed the rows"
    );
    if let Err(e) = &whole {
        assert_one_line(&e.to_string());
    }
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    // Words as a shell hands them over, split at spaces only: tabs and new
    // lines stay inside the words, where they still separate rows.
    let words: Vec<&str> = text.split(' ').collect();
    let parsed = Position::parse(&words);
    match (&parsed, &whole) {
        (Ok(a), Ok(b)) => assert_eq!(a, b, "words and a stream read different rows"),
        // A stream numbers its entries; words speak for themselves.
        (Err(w), Err(PositionError::Entry { problem, .. })) => assert_eq!(w, &**problem),
        (Err(w), Err(s)) => assert_eq!(w, s),
        (w, s) => panic!("words read {w:?} but a stream read {s:?}"),
    }
    let position = match parsed {
        Ok(position) => position,
        Err(e) => return assert_one_line(&e.to_string()),
    };
    // The rows are exactly the numbers between the separators.
    let numbers: Vec<u64> = text
        .split([',', ' ', '\t', '\n', '\r'])
        .filter(|t| !t.is_empty())
        .map(|t| parse_number(t, "row size").expect("every entry of a position is a number"))
        .collect();
    assert_eq!(
        position.piles(),
        numbers,
        "the rows are not the numbers typed"
    );
    let printed = position.to_string();
    assert_eq!(Position::parse(&[&printed]), Ok(position.clone()));
    assert_eq!(Position::read(&mut printed.as_bytes()), Ok(position));
}

/// A set of takes: a parsed set is ascending, within the limit, allows
/// exactly the takes it lists, and says in words exactly those takes.
/// Errors are one line.
///
/// The input is the text after `--take`.
pub fn take_set(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let set = match TakeSet::parse(&text) {
        Ok(set) => set,
        Err(e) => return assert_one_line(&e.to_string()),
    };
    let takes = set.only().expect("a parsed set lists its takes");
    assert!(!takes.is_empty(), "a parsed set is empty");
    assert!(
        takes.windows(2).all(|w| w[0] < w[1]),
        "{takes:?} is not ascending"
    );
    assert!(
        takes.iter().all(|t| (1..=LARGEST_TAKE).contains(t)),
        "{takes:?}"
    );
    // Every number named, alone or in a range, is in the set, and nothing
    // else is.
    let mut named = Vec::new();
    for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let bounds = part.split_once('-').unwrap_or((part, part));
        let (from, to) = (number(bounds.0), number(bounds.1));
        named.extend(from..=to);
    }
    named.sort_unstable();
    named.dedup();
    assert_eq!(takes, named, "the set is not the takes named in {text:?}");
    for take in (0..=LARGEST_TAKE + 1).chain([u64::MAX]) {
        assert_eq!(set.allows(take), takes.contains(&take), "take {take}");
    }
    for sticks in [0, 1, 2, 3, 5, 8, 13, LARGEST_TAKE, u64::MAX] {
        let from: Vec<u64> = set.takes_from(sticks).collect();
        let fit: Vec<u64> = takes.iter().copied().filter(|&t| t <= sticks).collect();
        assert_eq!(from, fit, "the takes from a row of {sticks}");
    }
    let said = set.to_string();
    assert_eq!(takes_said(&said), takes, "{said:?} does not say {takes:?}");
    assert_one_line(&Nim::with_takes(Rule::Misere, set).describe(2));
}

/// Moves on small positions and short games: a move played leaves the
/// rows it should, the move between two positions is found exactly when
/// one legal move joins them, and every way of naming a move agrees on
/// whether it is legal.
pub fn moves(data: &[u8]) {
    let mut input = Input::new(data);
    let rows = input.pick(0..=5usize);
    let mut position = Position::new((0..rows).map(|_| input.sticks()).collect());
    let game = input.game();
    let takes = &game.takes;

    // One move, maybe illegal, both as a move and as a typed row.
    let mv = Move {
        pile: input.pick(0..=rows + 1),
        take: input.sticks(),
    };
    let played = position.play_with(mv, takes);
    let has = position.piles().get(mv.pile).copied();
    let legal = has.is_some_and(|has| mv.take >= 1 && mv.take <= has && takes.allows(mv.take));
    assert_eq!(played.is_ok(), legal, "{mv:?} from {position}: {played:?}");
    match &played {
        Ok(after) => {
            let mut expected = position.piles().to_vec();
            expected[mv.pile] -= mv.take;
            assert_eq!(after.piles(), expected, "{mv} from {position}");
            assert_eq!(position.move_to_with(after, takes), Ok(mv));
        }
        Err(e) => assert_one_line(&e.to_string()),
    }
    let row = match input.pick(0..=3u8) {
        0 => input.pick(0..=u64::MAX),
        _ => mv.pile as u64 + 1,
    };
    let typed = row_move(&position, row, mv.take, &game);
    let as_move = usize::try_from(row)
        .ok()
        .filter(|r| (1..=rows).contains(r))
        .map(|r| Move {
            pile: r - 1,
            take: mv.take,
        });
    match as_move {
        Some(m) => assert_eq!(typed, position.play_with(m, takes).map(|_| m)),
        None => assert!(typed.is_err(), "row {row} of {rows} was taken from"),
    }

    // A move to a position near this one: found exactly when one legal
    // move leads there.
    let to = input.near(&position);
    let found = position.move_to_with(&to, takes);
    assert_eq!(
        found.as_ref().ok(),
        move_between(&position, &to, takes).as_ref()
    );
    match &found {
        Ok(m) => assert_eq!(position.play_with(*m, takes).as_ref(), Ok(&to)),
        Err(e) => assert_one_line(&e.to_string()),
    }

    // The listed moves are legal, and on small rows they are all of them.
    for (pile, &has) in position.piles().iter().enumerate() {
        let listed: Vec<u64> = takes.takes_from(has).take(100).collect();
        assert!(
            listed
                .iter()
                .all(|&t| takes.allows(t) && (1..=has).contains(&t))
        );
        if has <= 64 {
            let legal: Vec<u64> = (0..=has + 1)
                .filter(|&take| position.play_with(Move { pile, take }, takes).is_ok())
                .collect();
            assert_eq!(listed, legal, "the moves from row {}", pile + 1);
        }
    }

    // A short game, each move picked from the moves listed.
    for _ in 0..input.pick(0..=40u8) {
        let listed: Vec<Move> = position.moves_with(takes).take(64).collect();
        if listed.is_empty() {
            break;
        }
        let mv = listed[input.pick(0..=listed.len() - 1)];
        let after = position
            .play_with(mv, takes)
            .expect("a listed move is legal");
        assert_eq!(position.move_to_with(&after, takes), Ok(mv));
        position = after;
    }
}

/// What a pupil types: read at any position and under any game, any text
/// is read without a panic; what it comes to is a legal move, or a refusal
/// whose reason is one line; a move is offered two ways only as two
/// different legal moves; and an empty row named is one of the rows, while
/// a row asked about is whatever number was typed, row 0 included.
///
/// The input is a few bytes for the position and the game, then the line.
pub fn answer(data: &[u8]) {
    let mut input = Input::new(data);
    let rows = input.pick(0..=4usize);
    let position = Position::new((0..rows).map(|_| input.sticks()).collect());
    let game = input.game();
    let line = String::from_utf8_lossy(input.rest());
    let takes = &game.takes;

    let answer = Answer::parse(&line);
    match answer.resolve(&position, &game) {
        Some(Meant::Move(mv)) => {
            assert!(position.play_with(mv, takes).is_ok(), "{mv} is illegal");
        }
        Some(Meant::Either { take, to }) => {
            assert_ne!(take, to, "the same move offered twice");
            assert!(position.play_with(take, takes).is_ok(), "{take} is illegal");
            assert!(position.play_with(to, takes).is_ok(), "{to} is illegal");
        }
        Some(Meant::Illegal(e)) => assert_one_line(&e.to_string()),
        // An empty row is one of the rows.
        Some(Meant::EmptyRow { row }) => {
            let has = pile_of(row).and_then(|pile| position.piles().get(pile));
            assert_eq!(has, Some(&0), "row {row} is not an empty row");
        }
        // A row without a count is the number typed, which may name no
        // row at all (`r0`, `row 9`): the prompt then says there is no
        // such row. A row of one stick that may lose it is that move.
        Some(Meant::HowMany { row }) => {
            let one = pile_of(row).filter(|&pile| position.piles().get(pile) == Some(&1));
            if let Some(pile) = one {
                let mv = Move { pile, take: 1 };
                assert!(
                    position.play_with(mv, takes).is_err(),
                    "asked how many from row {row}, where {mv} is the only move"
                );
            }
        }
        // "Any row": every move it could mean is legal.
        Some(Meant::AnyOf(moves)) => {
            assert!(!moves.is_empty(), "any of no move");
            for mv in moves {
                assert!(position.play_with(mv, takes).is_ok(), "{mv} is illegal");
            }
        }
        // "All 4" where no row has exactly 4.
        Some(Meant::NoRowOf { sticks }) => {
            assert!(
                !position.piles().contains(&sticks) || sticks == 0,
                "row with {sticks} sticks not found"
            );
        }
        Some(Meant::WhichRow { .. } | Meant::Unclear) | None => {}
    }
}

/// A lesson file: a lesson that reads can be laid out as a handout and
/// run straight through (`--auto`), and every line it prints fits the
/// width, but for a word of the teacher's too long to fit any line. A file
/// that does not read gets problems in line order, each one line.
///
/// The input is one byte for the width, then the file.
pub fn lesson(data: &[u8]) {
    let mut input = Input::new(data);
    let width = input.pick(LAYOUT_WIDTHS);
    let source = input.rest();
    if !quick_lesson(source) {
        return;
    }
    let lesson = match lesson::parse::parse(source) {
        Ok(lesson) => lesson,
        Err(problems) => {
            assert!(!problems.is_empty(), "a lesson failed with no problem");
            let last = source.split(|&b| b == b'\n').count();
            assert!(problems.windows(2).all(|w| w[0].line <= w[1].line));
            for problem in &problems {
                assert!((1..=last).contains(&problem.line), "line {}", problem.line);
                assert_one_line(&problem.message);
            }
            return;
        }
    };
    let doc = handout(&lesson).expect("a lesson that reads has a handout");
    let page = markdown::document(&doc, 1);
    assert!(page.starts_with("# "), "{page:?}");
    let mut out = Vec::new();
    let mut empty: &[u8] = b"";
    let mut io = Io {
        out: &mut out,
        input: &mut empty,
        interactive: false,
        color: false,
        width,
        height: None,
        lines: 0,
    };
    runner::run(&lesson, true, &mut io).expect("a lesson that reads runs");
    let out = String::from_utf8(out).expect("a lesson prints text");
    let source = String::from_utf8_lossy(source);
    for line in out.lines() {
        fits_but_for_a_long_word(line, width, &source);
    }
}

/// A command line run against memory: it never panics, ends with exit code
/// 0, 1 (only for `check`'s mistake) or 2, reports an error on one line
/// per problem, and its JSON parses.
///
/// The input is the arguments, separated by zero bytes, and standard input
/// is empty. An input that starts with [`BUILT`] is read instead with
/// `arbitrary` into a command that text rarely reaches: `play`, `explain`
/// or `check` on up to thousands of rows as large as 2^64 - 1, under
/// either rule, a set of takes or moves from several rows, and a game at
/// any level, seed and first player, whose moves are the rest of the
/// input as typed lines. The computer's random moves on such rows pick a
/// take without listing the takes, or the case would run out of time or
/// memory.
pub fn cli(data: &[u8]) {
    match data.split_first() {
        Some((&BUILT, rest)) => {
            let (args, typed) = built_command(rest);
            run_cli(args, typed);
        }
        _ => {
            let args = data
                .split(|&b| b == 0)
                .map(|arg| String::from_utf8_lossy(arg).into_owned())
                .collect();
            run_cli(args, b"");
        }
    }
}

/// The first byte of a `cli` case built with `arbitrary`: one that text
/// never holds.
const BUILT: u8 = 0xff;

/// A command built from `data`, and what is typed at it.
fn built_command(data: &[u8]) -> (Vec<String>, &[u8]) {
    use clap::ValueEnum;
    let mut input = Input::new(data);
    let command = ["play", "explain", "check"][input.pick(0..=2usize)];
    let count = match input.pick(0..=3u8) {
        0 => input.pick(1..=5000usize),
        _ => input.pick(1..=6usize),
    };
    let mut args: Vec<String> = vec![command.to_string()];
    args.extend((0..count).map(|_| input.sticks().to_string()));
    if input.flag() {
        args.push("--normal".to_string());
    }
    match input.pick(0..=7u8) {
        0 | 1 => {
            let takes = (0..input.pick(1..=3u8)).map(|_| match input.pick(0..=3u8) {
                0 => input.pick(1..=LARGEST_TAKE_FUZZED).to_string(),
                1 => format!("1-{}", input.pick(1..=LARGEST_TAKE_FUZZED)),
                _ => input.pick(1..=9u64).to_string(),
            });
            args.extend(["--take".to_string(), takes.collect::<Vec<_>>().join(",")]);
        }
        // Counting the winning moves from several rows is bounded by its
        // own budget, which takes seconds in a debug build on many rows.
        2 if count <= 8 => {
            let k = match input.pick(0..=2u8) {
                0 => input.pick(2..=u32::MAX),
                _ => input.pick(2..=5u32),
            };
            args.extend(["--rows-per-move".to_string(), k.to_string()]);
        }
        _ => {}
    }
    let name = |v: Option<clap::builder::PossibleValue>| v.map(|v| v.get_name().to_string());
    match command {
        "play" => {
            let levels = crate::play::Level::value_variants();
            let firsts = crate::play::First::value_variants();
            let level = &levels[input.pick(0..=levels.len() - 1)];
            let first = &firsts[input.pick(0..=firsts.len() - 1)];
            args.extend(
                ["--level".to_string()]
                    .into_iter()
                    .chain(name(level.to_possible_value())),
            );
            args.extend(
                ["--first".to_string()]
                    .into_iter()
                    .chain(name(first.to_possible_value())),
            );
            args.extend(["--seed".to_string(), input.pick(0..=u64::MAX).to_string()]);
        }
        "check" => {
            let row = input.pick(1..=count + 1);
            args.extend(["--row".to_string(), row.to_string(), "--remove".to_string()]);
            args.push(input.sticks().to_string());
        }
        _ => {}
    }
    if input.flag() {
        args.extend(["--format".to_string(), "json".to_string()]);
    }
    (args, input.rest())
}

/// Runs the command line `args` with `typed` on standard input, and checks
/// what [`cli`] says must hold.
fn run_cli(args: Vec<String>, typed: &[u8]) {
    let words = std::iter::once("matchsticks".to_string()).chain(args);
    let mut cli = match Cli::try_parse_from(words) {
        Ok(cli) => cli,
        Err(e) => return assert_one_line(&one_line(&e)),
    };
    let json = match &mut cli.command {
        Command::Explain(a) => a.game.format == Format::Json,
        Command::Check(a) => a.game.format == Format::Json,
        Command::Table(a) => a.game.format == Format::Json,
        // Without a seed a game takes one from the clock, and a case
        // would not replay.
        Command::Play(a) => {
            a.seed.get_or_insert(0);
            false
        }
        // Lesson files are read from the disk, which a case does not hold;
        // the `lesson` target reads lesson text.
        Command::Lesson(a) if a.file.is_some() || a.check.is_some() => return,
        _ => false,
    };
    if !quick_command(&cli.command) {
        return;
    }
    let checks = matches!(cli.command, Command::Check(_));
    let mut out = Vec::new();
    let mut typed = typed;
    let mut io = Io {
        out: &mut out,
        input: &mut typed,
        interactive: false,
        color: false,
        width: cli.width.map_or(80, usize::from),
        height: None,
        lines: 0,
    };
    match execute(cli.command, &mut io) {
        Ok(code) => assert!(code == 0 || (checks && code == EXIT_MISTAKE), "exit {code}"),
        Err(e) => {
            assert!((1..=2).contains(&e.exit_code()), "exit {}", e.exit_code());
            assert!(!e.is_broken_pipe());
            let report = e.report();
            match &e {
                crate::Error::Lesson(lesson::LessonError::Problems { .. }) => {
                    assert!(report.lines().all(|l| !l.is_empty()));
                }
                _ => {
                    assert!(report.starts_with("error: "), "{report:?}");
                    assert_one_line(&report);
                }
            }
        }
    }
    let out = String::from_utf8(out).expect("a command prints text");
    if json && !out.is_empty() {
        serde_json::from_str::<serde_json::Value>(&out).expect("the JSON output parses");
    }
}

/// A small position under any game: the analysis agrees with the search
/// through every game on who wins and on the winning moves, its move is
/// legal and on a won position leaves a lost one, its verdicts on moves
/// agree, and its explanation builds and lays out as text (within the
/// width), Markdown and JSON.
pub fn analysis(data: &[u8]) {
    let mut input = Input::new(data);
    let rows = input.pick(1..=4usize);
    let position = Position::new((0..rows).map(|_| input.pick(0..=9)).collect());
    let game = input.game();
    let extras = Extras {
        brute_force: input.flag(),
        show_search: input.flag(),
    };
    let takes = &game.takes;
    let a = match Analysis::new(position.clone(), game.clone(), extras) {
        Ok(a) => a,
        // A pattern that does not repeat soon enough is a stated limit.
        Err(AnalysisError::NoRepeat(_)) => return,
        // Otherwise only --show-search may refuse a position this small,
        // and only when more than one row has sticks.
        Err(e) if extras.show_search => {
            let with_sticks = position.piles().iter().filter(|&&n| n > 0).count();
            assert!(with_sticks > 1, "{position} ({game:?}): {e}");
            return;
        }
        Err(e) => panic!("{position} ({game:?}) was not worked out: {e}"),
    };
    let mut solver = Solver::for_game(game.clone(), Budget::default());
    let searched = solver
        .solve(position.piles())
        .expect("a small game is searched");
    assert_eq!(
        a.outcome,
        searched.outcome,
        "{position} ({})",
        game.describe(position.len())
    );
    let winning = solver.winning_moves(&position).expect("searched");
    let winning: Vec<MultiMove> = winning.into_iter().map(MultiMove::from).collect();
    assert_eq!(
        a.winning_moves(),
        winning,
        "{position} ({})",
        game.describe(position.len())
    );
    if let Some(s) = a.searched {
        assert_eq!(s, searched);
    }
    match &a.best {
        None => assert!(a.is_over(), "no move recommended from {position}"),
        Some(mv) => {
            let after = position.play_multi(mv, &game).expect("the move is legal");
            let left = solver.solve(after.piles()).expect("searched").outcome;
            match a.outcome {
                Outcome::Win => assert_eq!(left, Outcome::Lose, "{mv} from {position}"),
                Outcome::Lose => assert!(a.winning_moves().is_empty()),
            }
        }
    }
    let hints = hints(&a);
    assert_eq!(hints.is_empty(), a.best.is_none());

    // A move from the position, judged.
    let listed: Vec<Move> = position.moves_with(takes).collect();
    if !listed.is_empty() {
        let mv = listed[input.pick(0..=listed.len() - 1)];
        let j = Judgement::from_analysis(a.clone(), mv).expect("a legal move is judged");
        let verdict = match (a.outcome, a.winning_moves().contains(&mv.into())) {
            (Outcome::Lose, _) => Verdict::LostAnyway,
            (Outcome::Win, true) => Verdict::Good,
            (Outcome::Win, false) => Verdict::Mistake,
        };
        assert_eq!(j.verdict, verdict, "{mv} from {position}");
        let width = input.pick(LAYOUT_WIDTHS);
        fits(&text::document(&check(&j), Style::plain(width)), width);
    }

    let options = Options {
        xor: game.is_nim() && input.flag(),
        hide: match input.pick(0..=2usize) {
            0 => None,
            1 => Some(Reveal::Move),
            _ => Some(Reveal::Outcome),
        },
    };
    let doc = explain(&a, options);
    let width = input.pick(LAYOUT_WIDTHS);
    fits(&text::document(&doc, Style::plain(width)), width);
    assert!(markdown::document(&doc, 1).starts_with("# "));
    let value: serde_json::Value =
        serde_json::from_str(&json::document(&facts::explain(&a), &doc)).expect("the JSON parses");
    assert_eq!(value["outcome"], a.outcome.name());
    assert_eq!(value["position"], serde_json::json!(position.piles()));
}

/// A request to the classroom page's server, handed to its router in this
/// process as if it came in at 127.0.0.1:8357: it is answered, never with
/// 500; every reply carries the security headers; a JSON reply parses and
/// its error is one line; and only a request that names this computer,
/// comes from no other site, posts JSON and fits the body cap is answered
/// with success.
///
/// The input is the request much as it is written on the wire: a line
/// `METHOD TARGET`, lines `Name: value`, an empty line, then the body.
pub fn http(data: &[u8]) {
    use axum::http::header;
    use tower::ServiceExt;

    use crate::serve::guard::{self, POLICY};
    use crate::serve::{MOST_BODY_BYTES, router};

    let Some((request, body_length)) = http_request(data) else {
        return;
    };
    let header_of = |name| request.headers().get(name).and_then(|v| v.to_str().ok());
    let host = header_of(header::HOST).map(str::to_string);
    let origin = header_of(header::ORIGIN).map(str::to_string);
    let kind = header_of(header::CONTENT_TYPE).map(str::to_ascii_lowercase);
    let posted = request.method() == axum::http::Method::POST;
    let path = request.uri().to_string();

    thread_local! {
        static RUNTIME: tokio::runtime::Runtime = tokio::runtime::Builder::new_current_thread()
            .build()
            .expect("a runtime for the router");
    }
    let (parts, body) = RUNTIME.with(|runtime| {
        runtime.block_on(async {
            let response = router().oneshot(request).await.expect("the router answers");
            let (parts, body) = response.into_parts();
            let body = axum::body::to_bytes(body, usize::MAX).await;
            (parts, body.expect("the reply is read"))
        })
    });
    let status = parts.status;
    assert_ne!(status.as_u16(), 500, "{path}: a handler failed");
    for (name, value) in [
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        (header::CONTENT_SECURITY_POLICY, POLICY),
        (header::X_FRAME_OPTIONS, "DENY"),
        (header::REFERRER_POLICY, "no-referrer"),
    ] {
        assert_eq!(
            parts.headers.get(&name).map(|v| v.as_bytes()),
            Some(value.as_bytes())
        );
    }
    if parts
        .headers
        .get(header::CONTENT_TYPE)
        .map(|v| v.as_bytes())
        == Some(b"application/json")
    {
        let json: serde_json::Value = serde_json::from_slice(&body).expect("the JSON parses");
        if let Some(error) = json.get("error") {
            assert_one_line(error.as_str().expect("an error is words"));
        }
    }
    if !status.is_success() {
        return;
    }
    // Only what the server allows is answered with success.
    let host_name = |authority: &str| {
        let authority = authority.trim();
        match authority.strip_prefix('[') {
            Some(v6) => v6
                .split(']')
                .next()
                .unwrap_or_default()
                .to_ascii_lowercase(),
            None => authority
                .split(':')
                .next()
                .unwrap_or_default()
                .to_ascii_lowercase(),
        }
    };
    if let Some(host) = &host {
        let name = host_name(host);
        let ours = name == "127.0.0.1"
            || name == "::ffff:127.0.0.1"
            || guard::names().iter().any(|n| n.eq_ignore_ascii_case(&name));
        assert!(ours, "{path} answered for the host {host:?}");
    }
    if let Some(origin) = &origin {
        let site = origin.strip_prefix("http://").map(host_name);
        assert_eq!(
            site,
            host.as_deref().map(host_name),
            "{path} answered {origin:?}"
        );
    }
    if posted {
        assert!(
            kind.as_deref()
                .is_some_and(|k| k.starts_with("application/json")),
            "{path} read a body sent as {kind:?}"
        );
        assert!(
            body_length <= MOST_BODY_BYTES,
            "{path} read {body_length} bytes"
        );
    }
}

/// The request a case writes, and the length of its body.
fn http_request(data: &[u8]) -> Option<(axum::http::Request<axum::body::Body>, usize)> {
    use crate::serve::guard::ArrivedAt;

    let (head, body) = match data.windows(4).position(|w| w == b"\r\n\r\n") {
        Some(at) => (&data[..at], &data[at + 4..]),
        None => match data.windows(2).position(|w| w == b"\n\n") {
            Some(at) => (&data[..at], &data[at + 2..]),
            None => (data, &[][..]),
        },
    };
    let head = std::str::from_utf8(head).ok()?;
    let mut lines = head.lines();
    let mut first = lines.next()?.split(' ');
    let mut request = axum::http::Request::builder()
        .method(first.next()?)
        .uri(first.next()?)
        .extension(ArrivedAt("127.0.0.1:8357".parse().expect("an address")));
    for line in lines {
        let (name, value) = line.split_once(':')?;
        request = request.header(name.trim(), value.trim());
    }
    let request = request.body(axum::body::Body::from(body.to_vec())).ok()?;
    Some((request, body.len()))
}

/// Reads a case's choices from its bytes, the same way every time. When
/// the bytes run out every choice is the smallest, so any input is a case.
struct Input<'a>(Unstructured<'a>);

impl<'a> Input<'a> {
    fn new(data: &'a [u8]) -> Input<'a> {
        Input(Unstructured::new(data))
    }

    fn pick<T: Int>(&mut self, range: RangeInclusive<T>) -> T {
        let start = *range.start();
        self.0.int_in_range(range).unwrap_or(start)
    }

    fn flag(&mut self) -> bool {
        self.pick(0..=1u8) == 1
    }

    /// A row: mostly a few sticks, sometimes as many as a row can hold.
    fn sticks(&mut self) -> u64 {
        match self.pick(0..=15u8) {
            0 => u64::MAX - self.pick(0..=2),
            1 => self.pick(0..=u64::MAX),
            2 => self.pick(0..=1000),
            _ => self.pick(0..=12),
        }
    }

    /// A game with one row per move: either rule, Nim or a set of takes,
    /// mostly small ones, up to [`LARGEST_TAKE_FUZZED`].
    fn game(&mut self) -> Nim {
        let rule = Rule::from_normal_flag(self.flag());
        let takes = match self.pick(0..=4u8) {
            0 | 1 => TakeSet::Any,
            _ => {
                let listed: Vec<String> = (0..self.pick(1..=4u8))
                    .map(|_| match self.pick(0..=7u8) {
                        0 => self.pick(1..=LARGEST_TAKE_FUZZED),
                        _ => self.pick(1..=9),
                    })
                    .map(|t| t.to_string())
                    .collect();
                TakeSet::parse(&listed.join(",")).expect("takes from 1 to the limit")
            }
        };
        Nim::with_takes(rule, takes)
    }

    /// A position near `from`: the same, one or two rows changed, or a row
    /// more or fewer.
    fn near(&mut self, from: &Position) -> Position {
        let mut piles = from.piles().to_vec();
        match (self.pick(0..=5u8), piles.len()) {
            (0, _) => {}
            (1, _) => piles.push(self.sticks()),
            (2, _) => {
                piles.pop();
            }
            (_, 0) => piles.push(self.sticks()),
            (n, len) => {
                for _ in 0..(n - 2).min(2) {
                    let row = self.pick(0..=len - 1);
                    piles[row] = match self.flag() {
                        true => piles[row].saturating_sub(self.sticks()),
                        false => self.sticks(),
                    };
                }
            }
        }
        Position::new(piles)
    }

    fn rest(self) -> &'a [u8] {
        self.0.take_rest()
    }
}

/// The one legal move from `from` to `to`, worked out directly: the same
/// rows but for one, which is smaller by an allowed take.
fn move_between(from: &Position, to: &Position, takes: &TakeSet) -> Option<Move> {
    if from.len() != to.len() {
        return None;
    }
    let mut changed = (0..from.len()).filter(|&i| from.piles()[i] != to.piles()[i]);
    let (pile, None) = (changed.next()?, changed.next()) else {
        return None;
    };
    let take = from.piles()[pile].checked_sub(to.piles()[pile])?;
    takes.allows(take).then_some(Move { pile, take })
}

/// The index of a row counted from 1, as a user types it, if any row can
/// have it: row 0 has none.
fn pile_of(row: u64) -> Option<usize> {
    usize::try_from(row).ok()?.checked_sub(1)
}

/// A take in a set that parsed: only digits.
fn number(text: &str) -> u64 {
    text.trim()
        .parse()
        .expect("a set that parsed names numbers")
}

/// The takes a set names in words: "4", "1 to 3", "2, 3 or 5".
fn takes_said(said: &str) -> Vec<u64> {
    let numbers = |list: &str| -> Vec<u64> { list.split(", ").map(number).collect() };
    match (said.split_once(" to "), said.rsplit_once(" or ")) {
        (Some((first, last)), None) => (number(first)..=number(last)).collect(),
        (None, Some((init, last))) => [numbers(init), vec![number(last)]].concat(),
        (None, None) => vec![number(said)],
        (Some(_), Some(_)) => panic!("{said:?} is both a range and a list"),
    }
}

/// The widths a case lays out at: those `tests/logic/widths.rs` holds every
/// layout to. Below 40 columns some lines cannot fit: a huge row's number
/// after its indent, a table's columns, the stand-in for a long drawing.
const LAYOUT_WIDTHS: RangeInclusive<usize> = 40..=160;

/// Panics when a message runs over more than one line: it is printed after
/// `error:`, or as one line among others.
fn assert_one_line(message: &str) {
    let breaks = [
        '\n', '\r', '\u{b}', '\u{c}', '\u{85}', '\u{2028}', '\u{2029}',
    ];
    assert!(!message.contains(breaks), "not one line: {message:?}");
}

/// Panics at the first line wider than `width`.
fn fits(out: &str, width: usize) {
    for line in out.lines() {
        assert!(columns(line) <= width, "wider than {width}: {line:?}");
    }
}

/// Lines break only at spaces, so a word wider than the screen stays whole
/// on a line of its own (after its indent or list marker). Any other line
/// must fit, and the long word must be the teacher's.
fn fits_but_for_a_long_word(line: &str, width: usize, source: &str) {
    if columns(line) <= width {
        return;
    }
    let words: Vec<&str> = line.split(' ').filter(|w| !w.is_empty()).collect();
    let word = match words.as_slice() {
        [word] | [_, word] if words.len() == 1 || is_list_marker(words[0]) => *word,
        _ => panic!("wider than {width}: {line:?}"),
    };
    assert!(source.contains(word), "wider than {width}: {line:?}");
}

/// The most sticks in a position that a case searches. The search accepts
/// games that take up to a second, and the fuzzer would spend its time
/// there; its limits are tested in `tests/logic/search.rs`. Nim without a search
/// is quick on rows of any size and is always run.
const MOST_STICKS_SEARCHED: u64 = 40;

/// The largest take in a case's set of takes. A set's pattern is worked
/// out row size by row size until it repeats, which for some sets with
/// takes in the hundreds takes a tenth of a second (seconds in a debug
/// build, where the corpus is replayed); `tests/logic/games.rs` tests the
/// patterns of larger takes.
const LARGEST_TAKE_FUZZED: u64 = 64;

/// Whether a set of takes, as typed, is one a case works with: one that
/// does not read (an error, which is quick), or one within
/// [`LARGEST_TAKE_FUZZED`].
fn quick_takes(text: &str) -> bool {
    TakeSet::parse(text).map_or(true, |set| {
        set.only()
            .is_some_and(|takes| takes.iter().all(|&t| t <= LARGEST_TAKE_FUZZED))
    })
}

/// The most sticks a case makes a table for. A table prints every position
/// below its start, thousands of them from 40 sticks in many rows.
const MOST_STICKS_TABLED: u64 = 15;

/// The most sticks a case counts the calls of `--show-search` for. Its
/// plain search makes calls exponential in the row, up to ten million
/// (seconds in a debug build).
const MOST_STICKS_COUNTED: u64 = 16;

/// Whether a command line is quick to run: its takes are within
/// [`LARGEST_TAKE_FUZZED`], and it only searches small positions (or none).
fn quick_command(command: &Command) -> bool {
    let (rows, take, most) = match command {
        Command::Explain(a) if a.show_search => (&a.rows, &a.takes.take, MOST_STICKS_COUNTED),
        Command::Explain(a) if a.brute_force || a.takes.take.is_some() => {
            (&a.rows, &a.takes.take, MOST_STICKS_SEARCHED)
        }
        Command::Check(a) if a.takes.take.is_some() => {
            (&a.rows, &a.takes.take, MOST_STICKS_SEARCHED)
        }
        Command::Table(a) => (&a.rows, &a.takes.take, MOST_STICKS_TABLED),
        // A game of Nim works each turn out by groups, on rows of any size,
        // and so does a game with a set of takes unless it searches.
        Command::Play(a) if a.takes.take.is_none() => return true,
        Command::Play(a) if !searches(&a.rows, a.takes.take.as_deref(), a.normal) => {
            return a.takes.take.as_deref().is_none_or(quick_takes);
        }
        Command::Play(a) => (&a.rows, &a.takes.take, MOST_STICKS_SEARCHED),
        // Nim without a search.
        _ => return true,
    };
    let small = Position::parse(rows).map_or(true, |p| sticks(&p) <= most);
    small && take.as_deref().is_none_or(quick_takes)
}

/// Whether a game of `rows` under the takes `take` and the rule `normal`
/// is worked out by a search that may take long: one on several rows, in
/// misère play, under a set of takes, whose work passes no limit (a game
/// past one is refused at once).
fn searches(rows: &[String], take: Option<&str>, normal: bool) -> bool {
    let (Ok(position), Some(Ok(takes))) = (Position::parse(rows), take.map(TakeSet::parse)) else {
        return false;
    };
    let game = Nim::with_takes(Rule::from_normal_flag(normal), takes);
    Way::of(&position, &game) == Way::Search
        && Solver::for_game(game, Budget::default())
            .estimate(position.piles())
            .is_ok()
}

/// Whether a lesson is quick to run: on a line that limits the takes, the
/// takes are within [`LARGEST_TAKE_FUZZED`] and the other numbers add up
/// to at most [`MOST_STICKS_SEARCHED`]. A lesson in Nim never searches.
fn quick_lesson(source: &[u8]) -> bool {
    String::from_utf8_lossy(source)
        .lines()
        .filter(|line| line.contains("--take"))
        .all(|line| {
            let mut words = line.split_whitespace();
            let mut total = 0u64;
            while let Some(word) = words.next() {
                match word {
                    "--take" if !words.next().is_none_or(quick_takes) => return false,
                    "--take" => {}
                    _ => {
                        let numbers = word.split(',').filter_map(|n| n.parse::<u64>().ok());
                        total = numbers.fold(total, u64::saturating_add);
                    }
                }
            }
            total <= MOST_STICKS_SEARCHED
        })
}

/// The sticks in all rows, at most `u64::MAX`.
fn sticks(position: &Position) -> u64 {
    position.piles().iter().fold(0, |s, &n| s.saturating_add(n))
}
