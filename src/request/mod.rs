//! The questions a user asks the tool (explain a position, check a move,
//! table the positions), each taken from plain words and answered once.
//! The command line and the classroom page both come through here, so they
//! accept the same input, refuse it with the same words, and print the same
//! answers.

pub mod check;
pub mod chomp;
pub mod error;
pub mod explain;
pub mod table;

use crate::rules::nim::Nim;
use crate::rules::row_reader::printable;
use crate::rules::rule::Rule;
use crate::rules::take_set::TakeSet;
use error::Error;

/// The game named by the rule and the takes a move may make (`--take`), or
/// why the takes are not a set.
pub fn game(normal: bool, take: Option<&str>) -> Result<Nim, Error> {
    let takes = match take {
        None => TakeSet::Any,
        Some(text) => TakeSet::parse(text).map_err(|problem| Error::BadTakeSet {
            text: printable(text),
            problem,
        })?,
    };
    Ok(Nim::with_takes(Rule::from_normal_flag(normal), takes))
}

/// The game named by the rule, the takes (`--take`) and how many rows one
/// move may take from (`--rows-per-move`), or why they make no game the
/// tool can work out.
pub fn game_with_rows(normal: bool, take: Option<&str>, rows_per_move: u32) -> Result<Nim, Error> {
    Ok(game(normal, take)?.with_rows_per_move(rows_per_move)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bad_take_set_is_quoted_on_one_line() {
        // The value is quoted twice, by the error and by the set's own
        // problem; a new line in it once broke the message in two.
        let error = game(false, Some("1\n2")).unwrap_err();
        assert_eq!(
            error.to_string(),
            r"invalid --take '1\n2': '1\n2' is not a number of sticks: give a range like 1-3 or a list like 2,3,5"
        );
    }
}
