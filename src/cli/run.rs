//! Running a command: from parsed flags to written output and an exit code.
//!
//! This is the only module that opens standard input and output; the lesson
//! runner and the game session use them through the [`Io`] handed to them.
//! It validates the words on the command line into positions, games and
//! moves, asks the game logic, and hands the result to a renderer.

use std::io::{self, BufWriter, IsTerminal, Write};

use clap::CommandFactory;

use crate::console::io::Io;
use crate::console::steps::step_through;
use crate::teach::hints::hints;

use super::args::{
    CheckArgs, Cli, Command, ExplainArgs, Format, GameArgs, LessonArgs, LessonFormat, PlayArgs,
    TableArgs,
};
use super::error::Error;
use crate::console::answer::row_move;
use crate::lesson::{self, bundled};
use crate::render::wrap::NARROWEST;
use crate::render::{json, markdown, text};
use crate::rules::game::Game;
use crate::rules::position::Position;
use crate::rules::row_reader::{parse_number, printable};
use crate::rules::rule::Rule;
use crate::rules::take_set::TakeSet;
use crate::teach::analysis::{Analysis, Extras};
use crate::teach::explain::{Options as ExplainOptions, explain as explain_doc};
use crate::teach::verdict::{Judgement, Verdict};
use crate::teach::words::count;
use crate::teach::{check::check as check_doc, table_doc};

/// Exit code for a pupil's mistake (`check`).
pub const EXIT_MISTAKE: u8 = 1;

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
    // Lines fit the terminal; a file or a pipe gets 80 columns.
    let width = match (cli.width, terminal_size::terminal_size()) {
        (Some(width), _) => usize::from(width),
        (None, Some((terminal_size::Width(width), _))) if stdout.is_terminal() => {
            usize::from(width).max(NARROWEST)
        }
        (None, _) => 80,
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
pub fn execute(command: Command, io: &mut Io<'_>) -> Result<u8, Error> {
    match command {
        Command::Explain(args) => explain(args, io),
        Command::Check(args) => check(args, io),
        Command::Lesson(args) => lesson(args, io),
        Command::Table(args) => table(args, io),
        Command::Play(args) => play(args, io),
        Command::Completions(args) => completions(args.shell, io),
        Command::Manpage => manpage(io),
    }
}

/// A completion script, made from the clap definitions. It is made in
/// memory first: the generator cannot report a failed write.
fn completions(shell: clap_complete::Shell, io: &mut Io<'_>) -> Result<u8, Error> {
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut Cli::command(), "matchsticks", &mut script);
    io.out.write_all(&script)?;
    Ok(0)
}

/// The manual page, made from the same definitions: the command as a
/// whole, then every subcommand with its options, in one page.
fn manpage(io: &mut Io<'_>) -> Result<u8, Error> {
    let mut page = Vec::new();
    let command = Cli::command();
    clap_mangen::Man::new(command.clone()).render(&mut page)?;
    for sub in command.get_subcommands() {
        let name = format!("matchsticks {}", sub.get_name());
        let man = clap_mangen::Man::new(sub.clone().bin_name(name.clone()));
        writeln!(page, ".SH \"{}\"", name.to_uppercase())?;
        man.render_description_section(&mut page)?;
        man.render_synopsis_section(&mut page)?;
        man.render_options_section(&mut page)?;
        man.render_extra_section(&mut page)?;
    }
    io.out.write_all(&page)?;
    Ok(0)
}

fn play(args: PlayArgs, io: &mut Io<'_>) -> Result<u8, Error> {
    let start = match args.rows.is_empty() {
        true => Position::new(vec![3, 5, 7]),
        false => Position::parse(&args.rows)?,
    };
    let game = Game::with_takes(
        Rule::from_normal_flag(args.normal),
        takes(args.takes.take.as_deref())?,
    );
    // Without a seed, take one from the clock; it is shown so the game can
    // be replayed.
    let seed = args.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos() as u64 % 1_000_000)
            .unwrap_or(0)
    });
    let setup = crate::play::session::Setup {
        start,
        game,
        first: args.first,
        level: args.level,
        seed,
    };
    crate::play::session::play(setup, io)?;
    Ok(0)
}

/// The rows on the command line, or read from standard input for `-`.
fn rows(words: &[String], io: &mut Io<'_>) -> Result<Position, Error> {
    Ok(match words {
        [dash] if dash == "-" => Position::read(io.input)?,
        words => Position::parse(words)?,
    })
}

/// The game named by `--normal` and `--take`.
fn game(args: &GameArgs, take: Option<&str>) -> Result<Game, Error> {
    Ok(Game::with_takes(args.rule(), takes(take)?))
}

/// The takes named by `--take`, or any number without it.
fn takes(take: Option<&str>) -> Result<TakeSet, Error> {
    match take {
        None => Ok(TakeSet::Any),
        Some(text) => TakeSet::parse(text).map_err(|problem| Error::BadTakeSet {
            text: printable(text),
            problem,
        }),
    }
}

fn table(args: TableArgs, io: &mut Io<'_>) -> Result<u8, Error> {
    let position = rows(&args.rows, io)?;
    let game = game(&args.game, args.takes.take.as_deref())?;
    let mut entries = crate::teach::table::table(&position, &game)?;
    if args.losing {
        entries.retain(|e| e.outcome == crate::rules::outcome::Outcome::Lose);
    }
    let output = match args.game.format {
        Format::Json => json::table(&entries),
        format => {
            let doc = table_doc::table(&position, &game, &entries, args.losing);
            match format {
                Format::Markdown => markdown::document(&doc, 1),
                _ => text::document(&doc, io.style()),
            }
        }
    };
    io.out.write_all(output.as_bytes())?;
    Ok(0)
}

fn lesson(args: LessonArgs, io: &mut Io<'_>) -> Result<u8, Error> {
    let lesson = match (&args.check, &args.file, &args.name) {
        (Some(path), _, _) => {
            let lesson = lesson::read_file(path)?;
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
        (None, None, Some(name)) => lesson::bundled(name)?,
        (None, None, None) => {
            let width = bundled::LESSONS
                .iter()
                .map(|l| l.name.len())
                .max()
                .unwrap_or(0);
            for found in bundled::LESSONS {
                let title = lesson::parse::parse(found.source.as_bytes())
                    .map(|l| l.title)
                    .unwrap_or_default();
                writeln!(io.out, "{:width$}  {title}", found.name)?;
            }
            return Ok(0);
        }
    };
    match args.format {
        LessonFormat::Markdown => {
            let handout = lesson::handout::handout(&lesson)?;
            io.out
                .write_all(markdown::document(&handout, 1).as_bytes())?
        }
        LessonFormat::Text => lesson::runner::run(&lesson, args.auto, io)?,
    }
    Ok(0)
}

fn explain(args: ExplainArgs, io: &mut Io<'_>) -> Result<u8, Error> {
    let position = rows(&args.rows, io)?;
    let game = game(&args.game, args.takes.take.as_deref())?;
    let extras = Extras {
        brute_force: args.brute_force,
        show_search: args.show_search,
    };
    if args.xor && !game.is_nim() {
        return Err(Error::XorNeedsNim);
    }
    let analysis = Analysis::new(position, game, extras)?;
    let doc = explain_doc(
        &analysis,
        ExplainOptions {
            xor: args.xor,
            no_move: false,
        },
    );
    match args.game.format {
        Format::Json => io
            .out
            .write_all(json::explain(&analysis, &doc).as_bytes())?,
        Format::Markdown => io.out.write_all(markdown::document(&doc, 1).as_bytes())?,
        Format::Text => {
            let sections = text::sections(&doc, io.style());
            step_through(io, &sections, &hints(&analysis), args.step)?;
        }
    }
    Ok(0)
}

/// The two ways `check` takes a move, once it is known that exactly one
/// was given.
enum MoveForm<'a> {
    /// `--to ROWS`: the rows after the move.
    To(&'a [String]),
    /// `--row R --remove K`.
    RowRemove { row: &'a str, remove: &'a str },
}

impl MoveForm<'_> {
    /// The move form given, or a usage error showing both forms.
    fn of(args: &CheckArgs) -> Result<MoveForm<'_>, Error> {
        let problem = match (&args.to, &args.row, &args.remove) {
            (Some(to), None, None) => return Ok(MoveForm::To(to)),
            (None, Some(row), Some(remove)) => return Ok(MoveForm::RowRemove { row, remove }),
            (None, None, None) => "no move given",
            (None, Some(_), None) => "--row needs --remove",
            (None, None, Some(_)) => "--remove needs --row",
            (Some(_), _, _) => "--to and --row were both given",
        };
        Err(Error::MoveForm(problem))
    }
}

fn check(args: CheckArgs, io: &mut Io<'_>) -> Result<u8, Error> {
    let form = MoveForm::of(&args)?;
    let position = rows(&args.rows, io)?;
    let game = game(&args.game, args.takes.take.as_deref())?;
    let (to, mv) = match form {
        MoveForm::To(words) => {
            let to = Position::parse(words)?;
            let mv = position.move_to_with(&to, &game.takes);
            (Some(to), mv)
        }
        MoveForm::RowRemove { row, remove } => {
            let row = parse_number(row, "row number")?;
            let take = parse_number(remove, "number of sticks")?;
            (None, row_move(&position, row, take, &game))
        }
    };
    let judgement = match mv {
        Ok(mv) => Judgement::new(position.clone(), mv, &game)?,
        Err(illegal) => {
            if args.game.format == Format::Json {
                let message = Error::Illegal(illegal.clone()).to_string();
                let winning = Analysis::new(position.clone(), game.clone(), Extras::default())
                    .map(|a| a.winning_moves)
                    .unwrap_or_default();
                let json = json::illegal(&game, &position, to.as_ref(), &message, &winning);
                io.out.write_all(json.as_bytes())?;
            }
            return Err(illegal.into());
        }
    };
    let doc = check_doc(&judgement);
    let output = match args.game.format {
        Format::Json => json::check(&judgement, &doc),
        Format::Markdown => markdown::document(&doc, 1),
        Format::Text => text::document(&doc, io.style()),
    };
    io.out.write_all(output.as_bytes())?;
    Ok(match judgement.verdict {
        Verdict::Mistake => EXIT_MISTAKE,
        Verdict::Good | Verdict::LostAnyway => 0,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bad_take_set_is_quoted_on_one_line() {
        // The value is quoted twice, by the error and by the set's own
        // problem; a new line in it once broke the message in two.
        let error = takes(Some("1\n2")).unwrap_err();
        assert_eq!(
            error.to_string(),
            r"invalid --take '1\n2': '1\n2' is not a number of sticks: give a range like 1-3 or a list like 2,3,5"
        );
    }
}
