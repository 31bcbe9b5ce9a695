//! Running `matchsticks chomp`: from parsed flags to the request, and the
//! answer laid out in the format asked for.

use super::chomp_args::{
    BarFormat as Format, ChompArgs, ChompCheckArgs, ChompCommand, ChompExplainArgs, ChompPlayArgs,
};
use super::output::{layout, verdict_code};
use crate::console::io::Io;
use crate::play::replay::Setup;
use crate::play::session::play as play_game;
use crate::render::json;
use crate::request::chomp::{self, BiteRefused};
use crate::request::error::Error;
use crate::rules::bar::Bar;
use crate::rules::game::Chomp;
use crate::teach::chomp::facts;

/// Runs one Chomp subcommand and returns the exit code.
pub fn run(args: ChompArgs, io: &mut Io<'_>) -> Result<u8, Error> {
    match args.command {
        ChompCommand::Explain(args) => explain(args, io),
        ChompCommand::Check(args) => check(args, io),
        ChompCommand::Play(args) => play(args, io),
    }
}

fn explain(args: ChompExplainArgs, io: &mut Io<'_>) -> Result<u8, Error> {
    let explained = chomp::explain(&args.shape)?;
    let doc = &explained.document;
    let json = || json::document(&facts::explain(&explained.analysis), doc);
    let output = layout(args.format.into(), doc, json, io.style());
    io.out.write_all(output.as_bytes())?;
    Ok(0)
}

fn check(args: ChompCheckArgs, io: &mut Io<'_>) -> Result<u8, Error> {
    let checked = match chomp::check(&args.shape, &args.bite) {
        Ok(checked) => checked,
        Err(BiteRefused::Illegal { illegal, json }) => {
            if args.format == Format::Json {
                io.out.write_all(json.as_bytes())?;
            }
            return Err(Error::IllegalBite(illegal));
        }
        Err(BiteRefused::Failed(e)) => return Err(e),
    };
    let doc = &checked.document;
    let json = || json::document(&facts::check(&checked.judgement), doc);
    let output = layout(args.format.into(), doc, json, io.style());
    io.out.write_all(output.as_bytes())?;
    Ok(verdict_code(checked.judgement.verdict))
}

fn play(args: ChompPlayArgs, io: &mut Io<'_>) -> Result<u8, Error> {
    let start = Bar::parse(&args.shape)?;
    // Without a seed, take one from the clock; it is shown so the game can
    // be replayed.
    let seed_given = args.seed.is_some();
    let seed = args.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos() as u64 % 1_000_000)
            .unwrap_or(0)
    });
    let setup = Setup {
        start,
        game: Chomp,
        first: args.first,
        level: args.level,
        seed,
        seed_given,
    };
    play_game(setup, io)?;
    Ok(0)
}
