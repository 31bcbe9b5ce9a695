//! The `matchsticks` command: parse the arguments, run, map the result to
//! an exit code. Everything else lives in the library.

#![forbid(unsafe_code)]

use std::io::Write;
use std::process::ExitCode;

use clap::Parser;
use clap::error::ErrorKind;
use matchsticks::cli::args::{Cli, one_line};

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) if !e.use_stderr() => {
            // --help and --version; a closed pipe is not worth a complaint.
            let _ = e.print();
            return ExitCode::SUCCESS;
        }
        Err(e) if e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            let _ = e.print();
            return ExitCode::from(2);
        }
        Err(e) => {
            let _ = writeln!(std::io::stderr(), "{}", one_line(&e));
            return ExitCode::from(2);
        }
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
