//! matchsticks: learn to win Nim without binary numbers.
//!
//! The library holds all the game logic, in layers that only ever depend
//! downward. Its public API is what a program needs to read a position,
//! analyse it, explain it, check a move and lay the answer out:
//!
//! - [`rules`]: positions, moves, the rule (misère or normal), the takes a
//!   game allows, Chomp's bars, and the [`rules::game::Game`] trait every
//!   game implements;
//! - [`solve`]: the solvers (Verhoeff's grouping method, the XOR nim-sum,
//!   the game-tree search, Moore's counting, Grundy values and row
//!   patterns, Chomp's search);
//! - [`teach`]: what the tool says about a position or a move, built once
//!   as a [`teach::document::Document`] with its facts: analyse with
//!   [`teach::analysis::Analysis`], explain with [`teach::explain::explain`],
//!   check with [`teach::check::check`];
//! - [`render`]: layouts of those documents as text, Markdown, HTML or
//!   JSON;
//! - [`serve`]: the classroom page's [`serve::Server`], which may serve a
//!   class too ([`serve::Server::start_class`]);
//! - [`cli`]: the command line ([`cli::args::Cli`] and [`run`]), which the
//!   binary hands over to at once.
//!
//! The layers that talk to a class (the prompt, lessons, games against the
//! computer, the requests shared by the command line and the page, and a
//! class of pupils' devices) are private. The `testing` feature opens them to the tests that drive them
//! from outside; `fuzzing` adds the checks the fuzz targets and the corpus
//! test run, and `arbitrary`. Neither is part of the tool itself.

#![forbid(unsafe_code)]

#[cfg(feature = "testing")]
pub mod class;
#[cfg(not(feature = "testing"))]
mod class;
pub mod cli;
#[cfg(feature = "testing")]
pub mod console;
#[cfg(not(feature = "testing"))]
mod console;
#[cfg(feature = "fuzzing")]
pub mod fuzzing;
#[cfg(feature = "testing")]
pub mod lesson;
#[cfg(not(feature = "testing"))]
mod lesson;
#[cfg(feature = "testing")]
pub mod play;
#[cfg(not(feature = "testing"))]
mod play;
pub mod render;
#[cfg(feature = "testing")]
pub mod request;
#[cfg(not(feature = "testing"))]
mod request;
pub mod rules;
pub mod serve;
pub mod solve;
pub mod teach;
pub(crate) mod verify;

pub use cli::run::run;
pub use request::error::Error;

#[cfg(test)]
mod tests {
    // Each limit is a constant beside the code it bounds, most of them
    // private to the crate, so the book's table of limits is held to them here.
    #[test]
    fn the_book_states_every_limit_as_the_code_has_it() {
        use crate::teach::words::with_commas;
        use crate::{class, console, lesson, play, rules, serve, solve, teach, verify};
        let limits: &[(&str, u64)] = &[
            ("MOST_ROWS_READ", rules::row_reader::MOST_ROWS_READ as u64),
            ("MOST_BYTES_READ", rules::row_reader::MOST_BYTES_READ as u64),
            ("LONGEST_LINE", console::line::LONGEST_LINE as u64),
            ("MOST_PROMPT_LINES", console::line::MOST_PROMPT_LINES as u64),
            ("LARGEST_LESSON", lesson::LARGEST_LESSON),
            ("LARGEST_TAKE", rules::take_set::LARGEST_TAKE),
            (
                "MOST_QUESTIONS",
                teach::worksheet::settings::MOST_QUESTIONS as u64,
            ),
            (
                "MOST_SHEET_ROWS",
                teach::worksheet::settings::MOST_SHEET_ROWS as u64,
            ),
            (
                "MOST_SHEET_STICKS",
                teach::worksheet::settings::MOST_SHEET_STICKS,
            ),
            ("MOST_DRAWS", teach::worksheet::pick::MOST_DRAWS as u64),
            ("MOST_POSITIONS", solve::search::MOST_POSITIONS as u64),
            ("MOST_MOVES", solve::search::MOST_MOVES),
            ("MOST_NUMBERS", solve::search::MOST_NUMBERS),
            ("LESSON_SEARCH", teach::lesson::nim::LESSON_SEARCH),
            ("LESSON_SHAPES", teach::chomp::lesson::LESSON_SHAPES),
            ("LESSON_WORK", teach::lesson::LESSON_WORK),
            ("TABLE_LIMIT", teach::table::TABLE_LIMIT as u64),
            ("TABLE_NUMBERS", teach::table::TABLE_NUMBERS),
            ("PATTERN_LIMIT", solve::one_row::PATTERN_LIMIT as u64),
            ("PATTERN_WORK", solve::one_row::PATTERN_WORK as u64),
            ("PLAIN_CALL_LIMIT", solve::search_count::PLAIN_CALL_LIMIT),
            ("LARGEST_ROW", solve::search_count::LARGEST_ROW),
            ("MOST_LISTED", teach::words::MOST_LISTED as u64),
            ("MOST_MOORE_ROWS", teach::analysis::MOST_MOORE_ROWS as u64),
            ("LISTED_MOVES", solve::moore_count::LISTED_MOVES as u64),
            ("COUNT_STEPS", solve::moore_count::COUNT_STEPS),
            ("MOST_STICKS_DRAWN", teach::document::MOST_STICKS_DRAWN),
            ("MOST_VERIFIED", verify::MOST_VERIFIED as u64),
            ("MOST_VERIFIED_MOVES", verify::MOST_VERIFIED_MOVES as u64),
            ("MOST_BODY_BYTES", serve::MOST_BODY_BYTES as u64),
            ("LARGEST_HEAD", serve::head::LARGEST_HEAD as u64),
            ("MOST_HEADERS", serve::head::MOST_HEADERS as u64),
            (
                "MOST_CONNECTIONS",
                serve::connections::MOST_CONNECTIONS as u64,
            ),
            ("IDLE_TIMEOUT", serve::connections::IDLE_TIMEOUT.as_secs()),
            (
                "HEADER_TIMEOUT",
                serve::connections::HEADER_TIMEOUT.as_secs(),
            ),
            ("BODY_TIMEOUT", serve::connections::BODY_TIMEOUT.as_secs()),
            ("SEND_TIMEOUT", serve::connections::SEND_TIMEOUT.as_secs()),
            ("MOST_ROWS_PLAYED", serve::game::MOST_ROWS_PLAYED as u64),
            ("LARGEST_DRAWING", serve::params::LARGEST_DRAWING),
            (
                "MOST_REPLAYED_MOVES",
                play::replay::MOST_REPLAYED_MOVES as u64,
            ),
            ("MOST_TRIES", serve::lessons::MOST_TRIES as u64),
            ("MOST_TAKEN_BACK", teach::review::MOST_TAKEN_BACK),
            ("EXPENSIVE_PERCENT", serve::expensive::EXPENSIVE_PERCENT),
            ("MOST_EXPENSIVE", serve::expensive::MOST_EXPENSIVE as u64),
            ("MOST_CHEAP", serve::expensive::MOST_CHEAP as u64),
            ("LARGE_REPLY", serve::sending::LARGE_REPLY as u64),
            (
                "MOST_SENDING_BYTES",
                serve::sending::MOST_SENDING_BYTES as u64,
            ),
            ("LARGEST_SEARCH", solve::chomp::LARGEST_SEARCH),
            ("LARGEST_SIDE", rules::bar::LARGEST_SIDE as u64),
            ("MOST_PUPILS", class::pupil::MOST_PUPILS as u64),
            ("LONGEST_NAME", class::pupil::LONGEST_NAME as u64),
            ("MOST_TASKS", class::MOST_TASKS as u64),
            ("MOST_TASK_ROWS", class::task::MOST_TASK_ROWS as u64),
            ("MOST_TASK_TRIES", class::MOST_TASK_TRIES as u64),
            ("ANSWER_BURST", u64::from(class::limit::ANSWER_BURST)),
            (
                "ANSWERS_A_SECOND",
                u64::from(class::limit::ANSWERS_A_SECOND),
            ),
            ("KEEP_ALIVE", serve::class::KEEP_ALIVE.as_secs()),
        ];
        let book = std::fs::read_to_string(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/src/limits.md"),
        )
        .unwrap();
        for (name, value) in limits {
            let row = format!("| `{name}` | {} |", with_commas(u128::from(*value)));
            assert!(
                book.contains(&row),
                "docs/src/limits.md should have the row {row}"
            );
        }
    }
}
