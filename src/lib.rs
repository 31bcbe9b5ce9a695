//! matchsticks: learn to win Nim without binary numbers.
//!
//! The library holds all the game logic, in layers that only ever depend
//! downward:
//!
//! - [`rules`]: positions, moves, the rule (misère or normal) and the takes
//!   a game allows;
//! - [`solve`]: the solvers (Verhoeff's grouping method, the XOR nim-sum,
//!   the game-tree search, Grundy values and row patterns);
//! - [`teach`]: what the tool says about a position or a move, built once
//!   as a document;
//! - [`render`]: layouts of those documents as text, Markdown or JSON;
//! - [`console`], [`lesson`] and [`play`]: talking to a class at a prompt;
//! - [`request`]: the questions a user asks, taken from plain words, the
//!   same for the command line and the page;
//! - [`cli`]: the command line, which the binary hands over to at once;
//! - `fuzzing`, only with the `fuzzing` feature: the checks the fuzz
//!   targets and the corpus test run, kept out of the tool itself.

#![forbid(unsafe_code)]

pub mod cli;
pub mod console;
#[cfg(feature = "fuzzing")]
pub mod fuzzing;
pub mod lesson;
pub mod play;
pub mod render;
pub mod request;
pub mod rules;
pub mod serve;
pub mod solve;
pub mod teach;
pub mod verify;

pub use cli::run::run;
pub use request::error::Error;
