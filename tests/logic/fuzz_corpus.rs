//! The fuzzer's finds, replayed on stable Rust: every file in
//! `fuzz/corpus/<target>/` (the cases the fuzzer kept for their coverage)
//! and in `fuzz/regressions/<target>/` (cases that once failed) goes
//! through the same `matchsticks::fuzzing` check the fuzz target runs, so
//! every `cargo test` re-checks them.

use std::fs;
use std::panic;
use std::path::{Path, PathBuf};

use matchsticks::fuzzing;

/// A fuzz target's check: it panics when the case breaks an invariant.
type Check = fn(&[u8]);

/// Every fuzz target and its check.
const TARGETS: &[(&str, Check)] = &[
    ("position", fuzzing::position),
    ("take_set", fuzzing::take_set),
    ("moves", fuzzing::moves),
    ("answer", fuzzing::answer),
    ("lesson", fuzzing::lesson),
    ("cli", fuzzing::cli),
    ("analysis", fuzzing::analysis),
    ("http", fuzzing::http),
];

fn fuzz_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz")
}

/// The files in `dir`, in name order.
fn files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.is_file())
        .collect();
    files.sort();
    files
}

/// Runs `check` on every case of `target`, and fails naming each case that
/// fails. The corpus must be there and hold cases, so it cannot vanish
/// unnoticed; regressions exist only for targets that have had a bug.
fn replay(target: &str) {
    let check = TARGETS
        .iter()
        .find(|(name, _)| *name == target)
        .map(|(_, check)| *check)
        .unwrap_or_else(|| panic!("no fuzz target called {target}"));
    let corpus = fuzz_dir().join("corpus").join(target);
    let mut cases = files(&corpus);
    assert!(!cases.is_empty(), "{} holds no cases", corpus.display());
    let regressions = fuzz_dir().join("regressions").join(target);
    if regressions.exists() {
        cases.extend(files(&regressions));
    }
    let failed: Vec<String> = cases
        .iter()
        .filter_map(|case| {
            let data = fs::read(case).unwrap();
            let outcome = panic::catch_unwind(|| check(&data));
            let message = outcome.err()?;
            let message = message
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| message.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_default();
            Some(format!("{}: {message}", case.display()))
        })
        .collect();
    assert!(
        failed.is_empty(),
        "{} of {} cases failed:\n{}",
        failed.len(),
        cases.len(),
        failed.join("\n")
    );
}

#[test]
fn position() {
    replay("position");
}

#[test]
fn take_set() {
    replay("take_set");
}

#[test]
fn moves() {
    replay("moves");
}

#[test]
fn answer() {
    replay("answer");
}

#[test]
fn lesson() {
    replay("lesson");
}

#[test]
fn cli() {
    replay("cli");
}

#[test]
fn analysis() {
    replay("analysis");
}

#[test]
fn http() {
    replay("http");
}

/// A new target gets a corpus and a replay: every file in
/// `fuzz/fuzz_targets/` is a target listed here, and the other way round.
#[test]
fn every_target_is_replayed() {
    let mut found: Vec<String> = files(&fuzz_dir().join("fuzz_targets"))
        .iter()
        .filter_map(|path| Some(path.file_stem()?.to_string_lossy().into_owned()))
        .collect();
    found.sort();
    let mut listed: Vec<String> = TARGETS.iter().map(|(name, _)| name.to_string()).collect();
    listed.sort();
    assert_eq!(found, listed);
}
