//! The questions every game answers at the command line, written once:
//! explain a position, check a move, play a game. Each reads what was
//! asked from the command's flags by name ([`Words`]), as the page reads
//! its parameters, hands it to [`crate::request`], and lays out the answer
//! in the format asked for, with the exit code its verdict gives.

use std::io::Write;

use super::args::Format;
use super::output::{verdict_code, write_answer};
use crate::console::io::Io;
use crate::console::steps::step_through;
use crate::play::replay::Setup;
use crate::play::{First, Level};
use crate::request;
use crate::request::check::Refused;
use crate::request::error::Error;
use crate::teach::queried::{Queried, Words};
use crate::teach::reply::Replies;

/// The position the flags give; a game that reads a stream (Nim's `-`)
/// reads standard input.
pub(crate) fn position<G: Queried>(
    asked: &dyn Words,
    io: &mut Io<'_>,
) -> Result<G::Position, Error> {
    let words = asked.words(G::POSITION_WORDS).unwrap_or_default();
    G::position(&words, Some(&mut *io.input)).map_err(Error::game)
}

/// The game the flags choose.
pub(crate) fn rules<G: Queried>(asked: &dyn Words) -> Result<G, Error> {
    G::rules(asked).map_err(Error::game)
}

/// Explains the position asked about, a step at a time with `step` when a
/// person is typing, or when the explanation is taller than their screen.
pub(crate) fn explain<G: Queried>(
    asked: &dyn Words,
    format: Format,
    step: bool,
    io: &mut Io<'_>,
) -> Result<u8, Error> {
    let position = position::<G>(asked, io)?;
    let game = rules::<G>(asked)?;
    let extras = game.extras(asked).map_err(Error::game)?;
    let explained = request::explain::explain(&game, position, &extras)?;
    let doc = &explained.document;
    match format {
        Format::Text => {
            // At a terminal, an explanation taller than the screen waits
            // between its steps, as --step does, so its start is read.
            let lines = crate::render::text::document(doc, io.style())
                .lines()
                .count();
            let taller = io.height.is_some_and(|height| lines >= height);
            step_through(
                io,
                doc,
                &G::hints(&explained.analysis),
                step || taller,
                None,
            )?;
        }
        format => {
            let style = io.style();
            write_answer(io.out, format, doc, |out| explained.write_json(out), style)?;
        }
    }
    Ok(0)
}

/// Checks the move asked about. The move's flags are read before the
/// position, so a bad flag is refused before standard input is read.
pub(crate) fn check<G: Queried>(
    asked: &dyn Words,
    format: Format,
    io: &mut Io<'_>,
) -> Result<u8, Error> {
    let typed = G::typed(asked).map_err(Error::game)?;
    let position = position::<G>(asked, io)?;
    let game = rules::<G>(asked)?;
    let checked = match request::check::check(&game, position, &typed) {
        Ok(checked) => checked,
        Err(Refused::Illegal { illegal, json }) => {
            if format == Format::Json {
                io.out.write_all(json.as_bytes())?;
            }
            return Err(Error::illegal::<G>(&illegal));
        }
        Err(Refused::Failed(e)) => return Err(e),
    };
    let style = io.style();
    let json = |out: &mut dyn Write| checked.write_json(out);
    write_answer(io.out, format, &checked.document, json, style)?;
    Ok(verdict_code(G::verdict(&checked.judgement)))
}

/// Plays a game against the computer from the start asked for. Without a
/// seed, one is taken from the clock; the review shows it, so the game
/// can be replayed.
pub(crate) fn play<G: Queried + Replies>(
    asked: &dyn Words,
    first: First,
    level: Level,
    seed: Option<u64>,
    io: &mut Io<'_>,
) -> Result<u8, Error> {
    let words = asked.words(G::POSITION_WORDS).unwrap_or_default();
    // Standard input is for the moves, so the start is only ever words.
    let start = G::position(&words, None).map_err(Error::game)?;
    let game = rules::<G>(asked)?;
    let setup = Setup {
        start,
        game,
        first,
        level,
        seed: seed.unwrap_or_else(fresh_seed),
        seed_given: seed.is_some(),
    };
    crate::play::session::play(setup, io)?;
    Ok(0)
}

/// A seed picked from the clock, for a game or a sheet given none: short
/// enough to read out and type again.
pub(crate) fn fresh_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64 % 1_000_000)
        .unwrap_or(0)
}
