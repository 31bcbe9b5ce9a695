//! matchsticks: learn to win Nim without binary numbers.
//!
//! The library holds all the game logic: positions and moves, three
//! independent solvers (Verhoeff's grouping method, the XOR nim-sum and a
//! brute-force search), the judging of a pupil's move, and renderers that
//! turn the results into text, Markdown or JSON. The binary only parses the
//! command line and calls [`run`].

#![forbid(unsafe_code)]

pub mod analysis;
pub mod answer;
pub mod brute_force;
pub mod cli;
pub mod color;
pub mod error;
pub mod game;
pub mod grouping;
pub mod grundy;
pub mod lesson;
pub mod moves;
pub mod nim_sum;
pub mod one_row;
pub mod outcome;
pub mod periodic;
pub mod play;
pub mod position;
pub mod render;
pub mod rng;
pub mod rule;
pub mod run;
pub mod search_count;
pub mod table;
pub mod take_set;
pub mod verdict;

pub use error::Error;
pub use run::run;
