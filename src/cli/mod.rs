//! The command line: the clap definitions, the colour decision, the one
//! error type every command returns, and running a parsed command.

pub mod args;
pub mod color;
pub mod error;
pub mod run;
