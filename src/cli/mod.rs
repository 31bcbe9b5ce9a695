//! The command line: the clap definitions, the colour decision, and running
//! a parsed command.

pub mod args;
pub(crate) mod browser;
pub(crate) mod color;
pub(crate) mod output;
pub(crate) mod questions;
pub(crate) mod run;
pub(crate) mod words;
pub(crate) mod worksheet;
