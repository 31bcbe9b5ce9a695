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
    let mut commands: Vec<(String, clap::Command)> = Cli::command()
        .get_subcommands()
        .map(|sub| (sub.get_name().to_owned(), sub.clone()))
        .collect();
    let mut seen = 0;
    // Chomp's own commands are walked too: each has a section of its own,
    // after its parent's.
    while let Some((name, sub)) = commands.pop() {
        seen += 1;
        let heading = format!(".SH \"MATCHSTICKS {}\"", name.to_uppercase());
        let at = page
            .find(&heading)
            .unwrap_or_else(|| panic!("no section for {name}"));
        let section = &page[at + heading.len()..];
        let section = &section[..section.find(".SH \"MATCHSTICKS").unwrap_or(section.len())];
        for arg in sub.get_arguments() {
            if let Some(long) = arg.get_long() {
                assert!(
                    section.contains(&format!("\\-\\-{}", long.replace('-', "\\-"))),
                    "{name} --{long} is not in its part of the man page"
                );
            }
        }
        for inner in sub.get_subcommands() {
            commands.push((format!("{name} {}", inner.get_name()), inner.clone()));
        }
    }
    assert!(
        seen > Cli::command().get_subcommands().count(),
        "no nested commands"
    );
}

#[test]
fn the_man_page_refers_only_to_itself_and_keeps_examples_whole() {
    let page = stdout_of(&["manpage"]);
    // No page of its own for a subcommand: each is a section of this one.
    assert!(!page.contains("(1)"), "a reference to another page");
    assert!(page.contains("MATCHSTICKS EXPLAIN below"), "{page}");
    // Examples are set line for line, so each stays on its line.
    let example = "matchsticks play 21 \\-\\-take 1\\-3 \\-\\-first computer";
    let at = page.find(example).expect("the 21 example");
    let before = &page[..at];
    assert!(
        before.rfind(".nf") > before.rfind(".fi"),
        "not in a .nf block"
    );
}

#[test]
fn lesson_names_complete_after_lesson() {
    let script = stdout_of(&["completions", "bash"]);
    for name in ["three-five-seven", "twenty-one", "chomp"] {
        assert!(script.contains(name), "{name} is not offered");
    }
}

#[test]
fn help_names_a_command_and_has_help_of_its_own() {
    let explain = stdout_of(&["help", "chomp", "explain"]);
    assert!(
        explain.contains("Usage: matchsticks chomp explain"),
        "{explain}"
    );
    assert_eq!(explain, stdout_of(&["chomp", "explain", "--help"]));
    let help = stdout_of(&["help", "--help"]);
    assert!(help.contains("Usage: matchsticks help"), "{help}");
    let unknown = matchsticks().args(["help", "nope"]).output().unwrap();
    assert_eq!(unknown.status.code(), Some(2));
    assert_eq!(
        String::from_utf8(unknown.stderr).unwrap(),
        "error: no command 'nope': `matchsticks help` lists the commands\n"
    );
}

/// The book's install commands, run as written in a home folder that has
/// none of their folders yet: each must make its file.
#[test]
fn the_install_commands_in_the_book_work_in_a_fresh_home() {
    let page = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/src/reference.md"),
    )
    .unwrap();
    let start = page.find("```sh\nmkdir -p").expect("the install commands") + "```sh\n".len();
    let script = &page[start..start + page[start..].find("```").unwrap()];
    let home = std::env::temp_dir().join(format!("matchsticks-home-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&home);
    // Where `cargo install` puts the program.
    let bin = home.join(".cargo/bin");
    std::fs::create_dir_all(&bin).unwrap();
    let binary = std::path::Path::new(env!("CARGO_BIN_EXE_matchsticks"));
    // A link, not a copy: a copy's file is open for writing while it is
    // made, and a process another test forks meanwhile keeps it open, so
    // running it would fail with "text file busy".
    std::os::unix::fs::symlink(binary, bin.join("matchsticks")).unwrap();
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let status = Command::new("bash")
        .args(["-euc", script])
        .env("HOME", &home)
        .env("PATH", &path)
        .status()
        .unwrap();
    assert!(status.success(), "{script}");
    for made in [
        ".local/share/bash-completion/completions/matchsticks",
        ".zfunc/_matchsticks",
        ".config/fish/completions/matchsticks.fish",
        ".cargo/share/man/man1/matchsticks.1",
    ] {
        let file = home.join(made);
        let size = std::fs::metadata(&file).map(|m| m.len()).unwrap_or(0);
        assert!(size > 100, "{made} was not made");
    }
    // And `man` finds the page there, with no MANPATH set.
    match Command::new("man")
        .args(["-w", "matchsticks"])
        .env_remove("MANPATH")
        .env("HOME", &home)
        .env("PATH", &path)
        .output()
    {
        Ok(found) => assert!(
            String::from_utf8_lossy(&found.stdout).contains(".cargo/share/man/man1/matchsticks.1"),
            "man -w: {found:?}"
        ),
        Err(e) => eprintln!("skipped: man is not installed here ({e})"),
    }
    std::fs::remove_dir_all(&home).unwrap();
}
