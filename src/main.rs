//! The `matchsticks` command: parse the arguments, run, map the result to
//! an exit code. Everything else lives in the library.

#![forbid(unsafe_code)]

use std::io::Write;
use std::process::ExitCode;

use clap::Parser;
use matchsticks::cli::args::{Cli, early_exit};

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        // Help, the version, or a usage error: clap has the words.
        Err(e) => return ExitCode::from(early_exit(&e)),
    };
    match matchsticks::run(cli) {
        Ok(code) => ExitCode::from(code),
        Err(e) if e.is_broken_pipe() => ExitCode::SUCCESS,
        Err(e) => {
            let _ = writeln!(std::io::stderr(), "{}", e.report());
            ExitCode::from(e.exit_code())
        }
    }
}
