//! Running a command: from parsed flags to written output and an exit code.
//!
//! This is the only module that opens standard input and output; the lesson
//! runner and the game session use them through the [`Io`] handed to them.
//! It sends each command to what runs it: the questions every game answers
//! ([`super::questions`], one line per game and command here), and the
//! commands of their own (table, lesson, verify, serve).

use std::io::{self, BufWriter, IsTerminal, Write};
use std::net::SocketAddr;
use std::ops::ControlFlow;

use clap::CommandFactory;

use super::args::{
    ChompArgs, ChompCommand, Cli, Command, LessonArgs, LessonFormat, ServeArgs, TableArgs,
    VerifyArgs, VerifyFormat,
};
use super::browser;
use super::output::{EXIT_MISTAKE, write_answer};
use super::questions::{self, check, explain, play};
use crate::console::io::Io;
use crate::lesson::{self, bundled};
use crate::render::wrap::{NARROWEST_SCREEN, WIDEST_SCREEN};
use crate::render::{html, json, markdown};
use crate::request;
use crate::request::error::Error;
use crate::rules::game::Chomp;
use crate::rules::nim::Nim;
use crate::rules::row_reader::printable;
use crate::rules::rule::Rule;
use crate::teach::facts;
use crate::teach::words::count;

/// Runs the command line against the real terminal and returns the exit
/// code.
pub fn run(cli: Cli) -> Result<u8, Error> {
    let stdout = io::stdout();
    let no_color = std::env::var_os("NO_COLOR");
    let color = cli.color.enabled(stdout.is_terminal(), no_color.as_deref());
    // `colored` keeps its own global switch; set it once, here, to match.
    colored::control::set_override(color);
    let stdin = io::stdin();
    let interactive = stdin.is_terminal();
    // Lines fit the terminal, up to a width a projector can show; a file or
    // a pipe gets 80 columns.
    let width = match (cli.width, terminal_size::terminal_size()) {
        (Some(width), _) => usize::from(width),
        (None, Some((terminal_size::Width(width), _))) if stdout.is_terminal() => {
            usize::from(width).clamp(NARROWEST_SCREEN, WIDEST_SCREEN)
        }
        (None, _) => 80,
    };
    // The screen's height matters only where a person reads and types.
    let height = match terminal_size::terminal_size() {
        Some((_, terminal_size::Height(rows))) if interactive && stdout.is_terminal() => {
            Some(usize::from(rows))
        }
        _ => None,
    };
    let mut out = BufWriter::new(stdout.lock());
    let mut input = stdin.lock();
    let result = execute(
        cli.command,
        &mut Io {
            out: &mut out,
            input: &mut input,
            interactive,
            color,
            width,
            height,
            lines: 0,
        },
    );
    // Flush even after a failure: what was written (such as the JSON of an
    // illegal move) must reach the reader, or the failure to write it be
    // reported.
    match (result, out.flush()) {
        (Ok(code), Ok(())) => Ok(code),
        (Err(e), Ok(())) => Err(e),
        (Err(e), Err(_)) if e.is_broken_pipe() => Err(e),
        (_, Err(write)) => Err(write.into()),
    }
}

/// Runs one command.
pub(crate) fn execute(command: Command, io: &mut Io<'_>) -> Result<u8, Error> {
    match command {
        Command::Explain(args) => explain::<Nim>(&args, args.game.format, args.step, io),
        Command::Check(args) => check::<Nim>(&args, args.game.format, io),
        Command::Lesson(args) => lesson(args, io),
        Command::Table(args) => table(args, io),
        Command::Play(args) => play::<Nim>(&args, args.first, args.level, args.seed, io),
        Command::Verify(args) => verify(args, io),
        Command::Worksheet(args) => super::worksheet::run(&args, io),
        Command::Serve(args) => serve(args, io),
        Command::Chomp(args) => chomp(args, io),
        Command::Completions(args) => completions(args.shell, io),
        Command::Manpage => manpage(io),
        Command::Help(args) => help(&args.command, io),
    }
}

/// Runs one Chomp command, with the same questions as Nim's.
fn chomp(args: ChompArgs, io: &mut Io<'_>) -> Result<u8, Error> {
    match args.command {
        ChompCommand::Explain(args) => explain::<Chomp>(&args, args.format.into(), false, io),
        ChompCommand::Check(args) => check::<Chomp>(&args, args.format.into(), io),
        ChompCommand::Play(args) => play::<Chomp>(&args, args.first, args.level, args.seed, io),
    }
}

/// Checks the method against the search on every position in the range,
/// with a progress bar on a terminal. A disagreement exits with 1.
fn verify(args: VerifyArgs, io: &mut Io<'_>) -> Result<u8, Error> {
    let rules = match (args.both, args.normal) {
        (true, _) => vec![Rule::Misere, Rule::Normal],
        (false, normal) => vec![Rule::from_normal_flag(normal)],
    };
    // Read as every other command reads it: a set of takes with moves
    // from several rows is refused, as no shortcut works it out.
    let game = questions::rules::<Nim>(&args)?
        .with_rows_per_move(args.rows_per_move)
        .map_err(Error::game)?;
    let range = crate::verify::Range {
        rows: args.max_rows,
        sticks: args.max_sticks,
        game,
        rules,
    };
    let total = range.within_limits()? * range.rules.len() as u64;
    let bar = match io::stderr().is_terminal() {
        true => indicatif::ProgressBar::new(total).with_style(
            indicatif::ProgressStyle::with_template(
                "{bar:30} {human_pos}/{human_len} positions, {rate} a second, {eta} left",
            )
            .expect("the template is valid")
            .with_key(
                "rate",
                |state: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
                    let _ = write!(w, "{}", indicatif::HumanCount(state.per_sec() as u64));
                },
            ),
        ),
        false => indicatif::ProgressBar::hidden(),
    };
    let report = crate::verify::verify(&range, &mut |done| {
        // Drawing is throttled by the bar; telling it often is cheap.
        if done % 256 == 0 || done == total {
            bar.set_position(done);
        }
    })?;
    bar.finish_and_clear();
    match args.format {
        VerifyFormat::Text => {
            crate::console::ask::say(io, &report.summary())?;
            if let Some(first) = &report.first {
                crate::console::ask::say(io, &format!("The first: {first}."))?;
            }
        }
        VerifyFormat::Json => writeln!(io.out, "{}", report.json())?,
    }
    Ok(match report.disagreements {
        0 => 0,
        _ => EXIT_MISTAKE,
    })
}

/// Serves the classroom page until Ctrl-C. The address is printed as soon
/// as the server listens, so a script can read it from the first line.
fn serve(args: ServeArgs, io: &mut Io<'_>) -> Result<u8, Error> {
    if args.class {
        return class(args, io);
    }
    let host = args.host.unwrap_or(crate::serve::DEFAULT_HOST);
    let addr = SocketAddr::new(host, args.port);
    // An address for every computer on the network is shown as this
    // computer's own, which a browser here can open.
    let shown = |port| match host.is_unspecified() {
        true => SocketAddr::new(crate::serve::DEFAULT_HOST, port),
        false => SocketAddr::new(host, port),
    };
    let mut written = Ok(());
    crate::serve::serve(addr, |bound| {
        let url = format!("http://{}", shown(bound.port()));
        written = (|| {
            writeln!(io.out, "{url}")?;
            writeln!(io.out, "The classroom page is ready: open it in a browser. Ctrl-C stops it.")?;
            io.out.flush()
        })();
        // Nobody would know where to find a page served from here on.
        if written.is_err() {
            return ControlFlow::Break(());
        }
        if !host.is_loopback() {
            eprintln!(
                "warning: listening on {host}: any computer that can reach this one on the network can open the page"
            );
        }
        if args.open
            && let Err(e) = browser::open(&url)
        {
            eprintln!("warning: cannot open a browser ({e}): open {url} yourself");
        }
        ControlFlow::Continue(())
    })
    .map_err(|source| Error::Serve { addr, source })?;
    written?;
    writeln!(io.out, "Stopped.")?;
    Ok(0)
}

/// Opens a class until Ctrl-C: where it listens, then the teacher's and
/// the pupils' addresses, as soon as it does. The teacher's key is printed
/// here and nowhere else.
fn class(args: ServeArgs, io: &mut Io<'_>) -> Result<u8, Error> {
    let host = args.host.unwrap_or(crate::serve::CLASS_HOST);
    let addr = SocketAddr::new(host, args.port);
    let listening = match host {
        host if host.is_unspecified() => {
            "A class is open on every address of this computer (--host chooses one).".to_string()
        }
        host if host.is_loopback() => {
            format!("A class is open on {host} only, which no other device can reach.")
        }
        host => format!("A class is open on {host} only."),
    };
    let mut written = Ok(());
    crate::serve::serve_class(addr, |opened| {
        written = (|| {
            writeln!(io.out, "{listening}")?;
            writeln!(io.out, "teacher: {}", opened.teacher)?;
            writeln!(io.out, "pupils:  {}", opened.pupils)?;
            writeln!(io.out, "Ctrl-C ends the class.")?;
            io.out.flush()
        })();
        if written.is_err() {
            return ControlFlow::Break(());
        }
        if opened.no_network {
            eprintln!(
                "warning: this computer is on no network, so no other device can join: \
                 connect it to the classroom's network and start the class again"
            );
        }
        if args.open
            && let Err(e) = browser::open(&opened.teacher)
        {
            eprintln!("warning: cannot open a browser ({e}): open the teacher's address yourself");
        }
        ControlFlow::Continue(())
    })
    .map_err(|source| Error::Serve { addr, source })?;
    written?;
    writeln!(io.out, "The class has ended.")?;
    Ok(0)
}

/// A completion script, made from the clap definitions. It is made in
/// memory first: the generator cannot report a failed write.
fn completions(shell: clap_complete::Shell, io: &mut Io<'_>) -> Result<u8, Error> {
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut Cli::command(), "matchsticks", &mut script);
    io.out.write_all(&script)?;
    Ok(0)
}

/// The help of a command, or of the whole program when none is named: the
/// same words as `--help`.
fn help(names: &[String], io: &mut Io<'_>) -> Result<u8, Error> {
    let mut command = Cli::command();
    command.build();
    let mut at = &mut command;
    for name in names {
        at = at
            .find_subcommand_mut(name)
            .ok_or_else(|| Error::NoSuchCommand(printable(&names.join(" "))))?;
    }
    write!(io.out, "{}", at.render_long_help())?;
    Ok(0)
}

/// The manual page, made from the same definitions: the command as a
/// whole, then every subcommand with its options (Chomp's own commands
/// too), in one page.
fn manpage(io: &mut Io<'_>) -> Result<u8, Error> {
    let mut page = Vec::new();
    let command = Cli::command();
    let man = clap_mangen::Man::new(command.clone());
    man.render_title(&mut page)?;
    man.render_name_section(&mut page)?;
    man.render_synopsis_section(&mut page)?;
    man.render_description_section(&mut page)?;
    man.render_options_section(&mut page)?;
    // The subcommands are sections of this page, not pages of their own.
    writeln!(page, ".SH SUBCOMMANDS")?;
    for sub in command.get_subcommands() {
        let about = sub.get_about().map(|a| a.to_string()).unwrap_or_default();
        writeln!(page, ".TP\n\\fB{}\\fR", roff(sub.get_name()))?;
        writeln!(
            page,
            "{} (see MATCHSTICKS {} below)",
            roff(&about),
            roff(&sub.get_name().to_uppercase())
        )?;
    }
    examples(&command, ".SH", &mut page)?;
    man.render_version_section(&mut page)?;
    for sub in command.get_subcommands() {
        manpage_section(sub, "matchsticks", &mut page)?;
    }
    io.out.write_all(&page)?;
    Ok(0)
}

/// One subcommand's part of the manual page, followed by its own
/// subcommands' parts.
fn manpage_section(sub: &clap::Command, parent: &str, page: &mut Vec<u8>) -> io::Result<()> {
    let name = format!("{parent} {}", sub.get_name());
    let man = clap_mangen::Man::new(sub.clone().bin_name(name.clone()));
    writeln!(page, ".SH \"{}\"", name.to_uppercase())?;
    man.render_description_section(page)?;
    man.render_synopsis_section(page)?;
    man.render_options_section(page)?;
    examples(sub, ".SS", page)?;
    for inner in sub.get_subcommands() {
        manpage_section(inner, &name, page)?;
    }
    Ok(())
}

/// A command's examples and notes (the text after its help), set as they
/// are in `--help`, line for line, so the columns of an example and its
/// comment stay together and a command copies whole; `heading` is the
/// macro that heads them, a section or a subsection.
fn examples(command: &clap::Command, heading: &str, page: &mut Vec<u8>) -> io::Result<()> {
    let Some(text) = command.get_after_help().map(|t| t.to_string()) else {
        return Ok(());
    };
    let body = text.strip_prefix("Examples:\n").unwrap_or(&text);
    writeln!(page, "{heading} EXAMPLES\n.nf")?;
    for line in body.lines() {
        writeln!(page, "{}", roff(line))?;
    }
    writeln!(page, ".fi")
}

/// Text made safe to set in a man page: backslashes and hyphens as roff
/// writes them, and a line that would start with a control character
/// guarded.
fn roff(text: &str) -> String {
    let escaped = text.replace('\\', "\\e").replace('-', "\\-");
    match escaped.starts_with(['.', '\'']) {
        true => format!("\\&{escaped}"),
        false => escaped,
    }
}

fn table(args: TableArgs, io: &mut Io<'_>) -> Result<u8, Error> {
    let position = questions::position::<Nim>(&args, io)?;
    let game = questions::rules::<Nim>(&args)?;
    let tabled = request::table::table(&position, &game, args.losing)?;
    let json =
        |out: &mut dyn Write| out.write_all(json::facts(&facts::table(&tabled.entries)).as_bytes());
    let style = io.style();
    write_answer(io.out, args.game.format, &tabled.document, json, style)?;
    Ok(0)
}

fn lesson(args: LessonArgs, io: &mut Io<'_>) -> Result<u8, Error> {
    // clap leaves `requires` unchecked beside a lesson's name: say it here.
    if args.strict && args.check.is_none() {
        return Err(Error::Usage(
            "--strict goes with --check: matchsticks lesson --check --strict my.lesson".to_string(),
        ));
    }
    // `--check FILE` or `--check --strict FILE`: the file is the value, or
    // else the word given as a name; never both.
    let check = match (&args.check, &args.name) {
        (Some(Some(_)), Some(name)) => {
            return Err(Error::Usage(format!(
                "the lesson '{}' cannot be run while a file is checked: give one file to --check",
                printable(name)
            )));
        }
        (Some(Some(path)), None) => Some(path.clone()),
        (Some(None), Some(name)) => Some(std::path::PathBuf::from(name)),
        (Some(None), None) => {
            return Err(Error::Usage(
                "--check needs the lesson file to check: matchsticks lesson --check my.lesson"
                    .to_string(),
            ));
        }
        (None, _) => None,
    };
    let lesson = match (&check, &args.file, &args.name) {
        (Some(path), _, _) => {
            let lesson = lesson::read_file(path)?;
            let source = std::fs::read(path).unwrap_or_default();
            let found = lesson::warnings::warnings(&String::from_utf8_lossy(&source), &lesson);
            let kind = match args.strict {
                true => "error",
                false => "warning",
            };
            for warning in &found {
                let at = format!("{}:{}", path.display(), warning.line);
                writeln!(io.out, "{at}: {kind}: {}", printable(&warning.text))?;
            }
            if args.strict && !found.is_empty() {
                return Ok(2);
            }
            let summary = format!(
                "{}: a valid lesson, \"{}\": {}, {}\n",
                path.display(),
                lesson.title,
                count(lesson.parts.len() as u64, "step"),
                count(lesson.questions() as u64, "question"),
            );
            io.out.write_all(summary.as_bytes())?;
            return Ok(0);
        }
        (None, Some(path), _) => lesson::read_file(path)?,
        // The file a bundled lesson is written in, as it is in the source.
        (None, None, Some(name)) if matches!(args.format, LessonFormat::Source) => {
            // An unknown name is refused as when the lesson is run.
            lesson::bundled(name)?;
            let found = bundled::find(name).expect("a bundled lesson was found by its name");
            io.out.write_all(found.source.as_bytes())?;
            return Ok(0);
        }
        (None, None, Some(name)) => lesson::bundled(name)?,
        (None, None, None) if !matches!(args.format, LessonFormat::Text) => {
            return Err(Error::Usage(
                "--format prints a lesson as a handout: name the lesson, such as matchsticks lesson copy-cat --format markdown"
                    .to_string(),
            ));
        }
        (None, None, None) => {
            let width = bundled::LESSONS
                .iter()
                .map(|l| l.name.len())
                .max()
                .unwrap_or(0);
            for (number, found) in bundled::LESSONS.iter().enumerate() {
                let title = title_of(found.source);
                writeln!(io.out, "{:>2}. {:width$}  {title}", number + 1, found.name)?;
            }
            writeln!(io.out, "\nRun `matchsticks lesson NAME` to start one.")?;
            return Ok(0);
        }
    };
    match args.format {
        LessonFormat::Markdown => {
            let handout = lesson::handout::handout(&lesson)?;
            io.out
                .write_all(markdown::document(&handout, 1).as_bytes())?
        }
        LessonFormat::Html => {
            let handout = lesson::handout::handout(&lesson)?;
            io.out.write_all(html::page(&handout).as_bytes())?
        }
        LessonFormat::Text => lesson::runner::run(&lesson, args.auto, io)?,
        // A file of one's own: it is already there to read.
        LessonFormat::Source => {
            return Err(Error::Usage(
                "--format source prints a bundled lesson's file: name the lesson, such as matchsticks lesson copy-cat --format source"
                    .to_string(),
            ));
        }
    }
    Ok(0)
}

/// The title a lesson's file gives it.
fn title_of(source: &str) -> String {
    lesson::parse::parse(source.as_bytes())
        .map(|l| l.title)
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    use super::*;

    /// What `explain ROWS` shows a person at a terminal of `height` lines,
    /// pressing Enter at every wait.
    fn explained(rows: &[&str], height: Option<usize>) -> String {
        let mut args = vec!["matchsticks", "explain"];
        args.extend(rows);
        let cli = Cli::try_parse_from(args).unwrap();
        let mut out = Vec::new();
        let input = "\n".repeat(10);
        let mut typed = input.as_bytes();
        let mut io = Io {
            out: &mut out,
            input: &mut typed,
            interactive: true,
            color: false,
            width: 80,
            height,
            lines: 0,
        };
        execute(cli.command, &mut io).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn an_explanation_taller_than_the_screen_waits_between_its_steps() {
        let waits = |out: &str| out.matches("(Enter: next step").count();
        // 31 17 9 takes about fifty lines: on 24 it waits, on 100 it does not.
        assert!(waits(&explained(&["31", "17", "9"], Some(24))) >= 2);
        assert_eq!(waits(&explained(&["31", "17", "9"], Some(100))), 0);
        // A short one fits, and piped output never waits.
        assert_eq!(waits(&explained(&["1", "1"], Some(24))), 0);
        assert_eq!(waits(&explained(&["31", "17", "9"], None)), 0);
    }
}
