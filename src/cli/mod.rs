//! The command line: the clap definitions, the colour decision, and running
//! a parsed command.

pub mod args;
pub mod browser;
pub mod color;
pub mod output;
pub mod questions;
pub mod run;
pub mod words;
