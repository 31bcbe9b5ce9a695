//! The completion scripts and the man page come from the clap definitions;
//! these tests run the real binary and check that what it prints works.

use std::process::{Command, Stdio};

use clap::CommandFactory;
use matchsticks::cli::args::Cli;

use crate::common;
use common::matchsticks;

fn stdout_of(args: &[&str]) -> String {
    let output = matchsticks().args(args).output().unwrap();
    assert!(output.status.success(), "{args:?}: {output:?}");
    String::from_utf8(output.stdout).unwrap()
}

#[test]
fn the_bash_script_is_valid_bash() {
    let script = stdout_of(&["completions", "bash"]);
    assert!(script.contains("complete -F"), "{script}");
    match Command::new("bash")
        .args(["-n", "-c", &script])
        .stderr(Stdio::piped())
        .output()
    {
        Ok(checked) => assert!(
            checked.status.success(),
            "bash -n: {}",
            String::from_utf8_lossy(&checked.stderr)
        ),
        Err(e) => eprintln!("skipped: bash is not installed here ({e})"),
    }
}

#[test]
fn every_shell_gets_a_script_naming_every_subcommand() {
    let names: Vec<String> = Cli::command()
        .get_subcommands()
        .map(|s| s.get_name().to_string())
        .collect();
    for shell in ["bash", "zsh", "fish", "powershell", "elvish"] {
        let script = stdout_of(&["completions", shell]);
        for name in &names {
            assert!(script.contains(name.as_str()), "{shell} lacks {name}");
        }
    }
}

#[test]
fn the_man_page_names_every_subcommand_and_its_options() {
    let page = stdout_of(&["manpage"]);
    assert!(
        page.starts_with(".ie") || page.contains(".TH matchsticks"),
        "{page}"
    );
    for sub in Cli::command().get_subcommands() {
        let heading = format!(".SH \"MATCHSTICKS {}\"", sub.get_name().to_uppercase());
        assert!(page.contains(&heading), "no section for {}", sub.get_name());
        for arg in sub.get_arguments() {
            if let Some(long) = arg.get_long() {
                assert!(
                    page.contains(&format!("\\-\\-{}", long.replace('-', "\\-"))),
                    "{} --{long} is not in the man page",
                    sub.get_name()
                );
            }
        }
    }
}
