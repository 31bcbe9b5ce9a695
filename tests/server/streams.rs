//! The binary and its standard streams: a reader that goes away, an input
//! that is closed, and colour switched by flags and NO_COLOR. These need a
//! real process and real pipes, so they are written by hand.

use std::io::Read;
use std::process::Stdio;

use crate::common;
use common::matchsticks;

/// Reads one byte of stdout, closes the pipe, and returns the exit code and
/// stderr.
fn read_one_byte_then_close(args: &[&str]) -> (Option<i32>, String) {
    let mut child = matchsticks()
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let mut byte = [0u8; 1];
    stdout.read_exact(&mut byte).unwrap();
    drop(stdout);
    let output = child.wait_with_output().unwrap();
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn a_closed_pipe_ends_quietly() {
    // Small output (`explain 3 5 7 | head -c 1`, `table 3 5 7 | head -1`)
    // and output far bigger than a pipe's buffer, so the write really fails.
    let many_rows: Vec<String> = (0..30_000).map(|i| (i % 1000).to_string()).collect();
    let many_rows: Vec<&str> = std::iter::once("explain")
        .chain(many_rows.iter().map(String::as_str))
        .collect();
    for args in [
        &["explain", "3", "5", "7"][..],
        &many_rows,
        &["table", "3", "5", "7"],
        &["table", "15", "15", "15"],
        &["lesson", "copy-cat", "--auto"],
        &["lesson", "twenty-one"],
        &["play"],
    ] {
        let (code, stderr) = read_one_byte_then_close(args);
        assert_eq!(code, Some(0), "stderr: {stderr}");
        assert!(stderr.is_empty(), "stderr: {stderr}");
    }
}

#[test]
fn step_mode_with_closed_stdin_does_not_wait() {
    let stepped = matchsticks()
        .args(["explain", "3", "5", "7", "--step"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let plain = matchsticks()
        .args(["explain", "3", "5", "7"])
        .output()
        .unwrap();
    assert!(stepped.status.success());
    assert_eq!(stepped.stdout, plain.stdout);
}

#[test]
fn colour_follows_the_flag_and_no_color() {
    let escape = |args: &[&str], no_color: Option<&str>| {
        let mut command = matchsticks();
        command.args(args);
        if let Some(value) = no_color {
            command.env("NO_COLOR", value);
        }
        let output = command.output().unwrap();
        assert!(output.status.success());
        String::from_utf8(output.stdout).unwrap().contains('\u{1b}')
    };
    let explain = ["explain", "3", "5", "7"];
    assert!(!escape(&explain, None), "no colour into a pipe");
    assert!(escape(
        &[&explain[..], &["--color", "always"]].concat(),
        None
    ));
    assert!(
        escape(&[&explain[..], &["--color=always"]].concat(), Some("1")),
        "the flag wins"
    );
    assert!(!escape(
        &[&explain[..], &["--color", "never"]].concat(),
        None
    ));
    assert!(!escape(
        &[&explain[..], &["--color", "auto"]].concat(),
        Some("1")
    ));
}

#[test]
fn coloured_output_keeps_its_symbols() {
    // Colour is never the only signal: the marks and gaps stay.
    let output = matchsticks()
        .args(["explain", "6", "5", "7", "--color", "always"])
        .output()
        .unwrap();
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(text.contains('✗') && text.contains('✓'));
    let check = matchsticks()
        .args([
            "check", "3", "5", "7", "--to", "3", "5", "5", "--color", "always",
        ])
        .output()
        .unwrap();
    assert_eq!(check.status.code(), Some(1));
    assert!(
        String::from_utf8(check.stdout)
            .unwrap()
            .contains("✗ mistake")
    );
}

/// Runs the binary with `args`, feeding `input` on stdin.
fn with_input(args: &[&str], input: &[u8]) -> std::process::Output {
    let mut child = matchsticks()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_vec();
    // Write from another thread, so a refusal that stops reading early
    // cannot leave both sides waiting.
    let writer = std::thread::spawn(move || {
        let _ = std::io::Write::write_all(&mut stdin, &input);
    });
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap();
    output
}

/// `count` rows of up to 2^63 sticks from a fixed seed, the same every run.
fn random_rows(count: usize, mut seed: u64) -> Vec<String> {
    (0..count)
        .map(|_| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 1).to_string()
        })
        .collect()
}

#[test]
fn rows_from_standard_input_match_rows_as_arguments() {
    // Big enough that every part of an explanation is summed up, as on a
    // huge position, yet quick in a debug build.
    let rows = random_rows(3_000, 11);
    for format in ["text", "json"] {
        let mut args = vec!["explain", "--format", format];
        args.extend(rows.iter().map(String::as_str));
        let given = matchsticks().args(&args).output().unwrap();
        let read = with_input(
            &["explain", "-", "--format", format],
            rows.join("\n").as_bytes(),
        );
        assert!(given.status.success() && read.status.success());
        assert_eq!(given.stdout, read.stdout, "{format}");
    }
}

#[test]
fn rows_from_standard_input_stop_at_the_limit() {
    // One row past the limit the README states.
    let too_many = "1\n".repeat(2_000_001);
    let output = with_input(&["explain", "-"], too_many.as_bytes());
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        String::from_utf8(output.stderr).unwrap(),
        "error: more than 2,000,000 rows: that is the most the tool reads\n"
    );
    assert!(output.stdout.is_empty());
}

#[test]
fn a_line_that_is_not_text_is_answered_politely() {
    // A stray 0xff byte in an answer: "Sorry" and the question again, and
    // the game or lesson goes on.
    let game = with_input(
        &["play", "3", "5", "7", "--first", "me"],
        b"\xff\n1 1\nquit\n",
    );
    assert_eq!(game.status.code(), Some(0));
    let out = String::from_utf8(game.stdout).unwrap();
    assert!(
        out.contains("Sorry, that is not text I can read. Try again."),
        "{out}"
    );
    // The move after it was taken, and the computer answered it.
    let after = &out[out.find("Your move> 1 1").expect("the move was asked for")..];
    assert!(after.contains("The computer takes"), "{out}");
    let lesson = with_input(&["lesson", "copy-cat"], b"\n\n\xff\n4,4\n");
    assert_eq!(lesson.status.code(), Some(0));
    let out = String::from_utf8(lesson.stdout).unwrap();
    assert!(out.contains("Sorry, that is not text I can read."), "{out}");
    assert!(out.contains("Well done."), "{out}");
}

#[test]
fn a_full_disk_is_reported_on_every_output() {
    let full = || std::fs::OpenOptions::new().write(true).open("/dev/full");
    if full().is_err() {
        eprintln!("skipped: this system has no /dev/full");
        return;
    }
    let cases: &[&[&str]] = &[
        &["--version"],
        &["--help"],
        &["explain", "--help"],
        &["explain", "3", "5", "7"],
        &["explain", "3", "5", "7", "--format", "json"],
        &[
            "check", "3", "5", "7", "--to", "2", "5", "7", "--format", "json",
        ],
        &[
            "check", "3", "5", "7", "--to", "2", "4", "7", "--format", "json",
        ],
        &["table", "3", "5", "7"],
        &["lesson", "copy-cat", "--auto"],
        &["completions", "bash"],
        &["manpage"],
    ];
    for args in cases {
        let output = matchsticks()
            .args(*args)
            .stdin(Stdio::null())
            .stdout(full().unwrap())
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(
            stderr.contains("cannot write the output"),
            "{args:?}: {stderr}"
        );
    }
}

#[test]
fn endless_input_stops_at_once_naming_the_limit() {
    let zero = || std::fs::File::open("/dev/zero");
    if zero().is_err() {
        eprintln!("skipped: this system has no /dev/zero");
        return;
    }
    let cases: &[(&[&str], bool, &str)] = &[
        (
            &["play"],
            true,
            "a line of input is longer than 4,096 bytes",
        ),
        (
            &["lesson", "copy-cat"],
            true,
            "a line of input is longer than 4,096 bytes",
        ),
        (&["explain", "3", "5", "7", "--step"], true, ""),
        // A device is not read at all: only a file has an end to wait for.
        (
            &["lesson", "--file", "/dev/zero"],
            false,
            "'/dev/zero' is not a file",
        ),
        // A device is not read at all: only a file has an end to wait for.
        (
            &["lesson", "--check", "/dev/zero"],
            false,
            "'/dev/zero' is not a file",
        ),
        (
            &["explain", "-"],
            true,
            "more than 67,108,864 bytes (64 MiB) of rows",
        ),
    ];
    for (args, zero_on_stdin, message) in cases {
        let stdin = match zero_on_stdin {
            true => Stdio::from(zero().unwrap()),
            false => Stdio::null(),
        };
        let output = matchsticks().args(*args).stdin(stdin).output().unwrap();
        let stderr = String::from_utf8(output.stderr).unwrap();
        if message.is_empty() {
            // Not waiting for a person: it never reads the input at all.
            assert_eq!(output.status.code(), Some(0), "{args:?}: {stderr}");
        } else {
            assert_eq!(output.status.code(), Some(2), "{args:?}");
            assert!(stderr.contains(message), "{args:?}: {stderr}");
        }
    }
}

#[test]
fn a_lesson_file_past_its_cap_is_refused_as_soon_as_that_much_is_read() {
    let path = std::env::temp_dir().join(format!("matchsticks-big-{}.lesson", std::process::id()));
    // A sparse file of 1 MiB and one byte, all zeros.
    let file = std::fs::File::create(&path).unwrap();
    file.set_len((1 << 20) + 1).unwrap();
    for flag in ["--file", "--check"] {
        let output = matchsticks()
            .args(["lesson", flag, path.to_str().unwrap()])
            .stdin(Stdio::null())
            .output()
            .unwrap();
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert_eq!(output.status.code(), Some(2), "{flag}: {stderr}");
        assert!(
            stderr.contains("bigger than 1,048,576 bytes (1 MiB)"),
            "{stderr}"
        );
    }
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn json_lists_are_cut_as_the_text_view_cuts_them_with_their_totals() {
    // 3,000 random rows of up to 2^63: about half hold the largest unpaired
    // group, so far more than the 1,000 listed are winning rows.
    let rows = random_rows(3_000, 5);
    let read = with_input(
        &["explain", "-", "--format", "json"],
        rows.join(" ").as_bytes(),
    );
    assert!(read.status.success());
    let json: serde_json::Value = serde_json::from_slice(&read.stdout).unwrap();
    assert_eq!(json["position"].as_array().unwrap().len(), 3_000);
    assert_eq!(json["groups"].as_array().unwrap().len(), 1_000);
    assert_eq!(json["groups_total"], 3_000);
    let listed = json["winning_moves"].as_array().unwrap().len();
    let total = json["winning_moves_total"].as_u64().unwrap();
    assert_eq!(listed, 1_000);
    assert!(total > 1_000, "{total}");
    // A small position lists everything and names no totals.
    let small = matchsticks()
        .args(["explain", "3", "5", "7", "--format", "json"])
        .output()
        .unwrap();
    let json: serde_json::Value = serde_json::from_slice(&small.stdout).unwrap();
    assert!(json.get("groups_total").is_none() && json.get("winning_moves_total").is_none());
}
