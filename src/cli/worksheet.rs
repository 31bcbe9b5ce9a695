//! `matchsticks worksheet`: the flags turned into a sheet's settings, and
//! the sheet laid out in the format asked for.

use super::args::{SheetFormat, WorksheetArgs};
use crate::console::io::Io;
use crate::render::{html, markdown, text};
use crate::request::error::Error;
use crate::request::worksheet::worksheet;
use crate::rules::rule::Rule;
use crate::rules::take_set::TakeSet;
use crate::teach::worksheet::settings::Settings;

/// Prints the sheet `args` ask for.
pub(crate) fn run(args: &WorksheetArgs, io: &mut Io<'_>) -> Result<u8, Error> {
    let take = match &args.takes.take {
        Some(words) => Some(TakeSet::parse(words).map_err(Error::game)?),
        None => None,
    };
    // Without a seed, one is picked, and said where it does not get in the
    // way of a sheet written to a file: the sheet names it too.
    let seed = match args.seed {
        Some(seed) => seed,
        None => {
            let seed = super::questions::fresh_seed();
            eprintln!(
                "No --seed given, so this is sheet {seed}: add --seed {seed} to print the same sheet again."
            );
            seed
        }
    };
    let settings = Settings {
        kind: args.kind,
        count: args.count,
        seed,
        rows: args.rows,
        max_sticks: args.max_sticks,
        take,
        rule: Rule::from_normal_flag(args.normal),
    };
    let sheet = worksheet(&settings)?;
    let laid_out = match args.format {
        SheetFormat::Text => text::document(&sheet.document, io.style()),
        SheetFormat::Markdown => markdown::document(&sheet.document, 1),
        SheetFormat::Html => html::page(&sheet.document),
    };
    io.out.write_all(laid_out.as_bytes())?;
    Ok(0)
}
