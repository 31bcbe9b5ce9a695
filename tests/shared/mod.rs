//! Helpers shared by the tests that run the real binary.

#![allow(dead_code)]

use std::process::Command;

/// The `matchsticks` binary, with `NO_COLOR` cleared so each test decides.
pub fn matchsticks() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_matchsticks"));
    command.env_remove("NO_COLOR");
    command
}

/// Asserts that every piece of `expected` occurs in `text`, in this order.
pub fn assert_in_order(text: &str, expected: &[&str]) {
    let mut rest = text;
    for piece in expected {
        let at = rest
            .find(piece)
            .unwrap_or_else(|| panic!("missing, or out of order: {piece:?}\n{text}"));
        rest = &rest[at + piece.len()..];
    }
}
pub mod cdp;
pub mod http;
