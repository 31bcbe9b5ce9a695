//! How many rows one move may take from: `--rows-per-move K`, read from
//! words and checked against the rest of the game.
//!
//! K = 1 is ordinary Nim and K = 2 is Verhoeff's closing challenge (one or
//! two rows). Any K at least the number of rows lets a move take from
//! every row, so every K from 1 up is a game; only 0 is not. A limited set
//! of takes is only worked out for moves from one row, so it is refused
//! with K above 1 rather than answered wrongly.

use super::nim::Nim;
use super::row_reader::printable;
use super::take_set::TakeSet;

/// Why a number of rows per move was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BadRowsPerMove {
    /// Not a whole number: the words as typed, made `printable`.
    #[error("'{0}' is not a number of rows: use a whole number such as 2")]
    NotANumber(String),
    /// Zero rows.
    #[error("a move takes from at least 1 row: use 1 for ordinary Nim, or 2 for one or two rows")]
    Zero,
    /// Past what the game counts in.
    #[error(
        "'{0}' is more rows than the most, {max}: any number at least as big as the number of rows already lets a move take from every row",
        max = u32::MAX
    )]
    TooBig(String),
    /// A limited set of takes with moves from several rows.
    #[error(
        "--take cannot go with --rows-per-move above 1: a limited set of takes is only worked out for moves from one row, so leave one of them out"
    )]
    WithTakes,
}

/// Reads K from `text`: a whole number from 1 to `u32::MAX`.
pub(crate) fn parse(text: &str) -> Result<u32, BadRowsPerMove> {
    let digits = text.trim();
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(BadRowsPerMove::NotANumber(printable(text)));
    }
    match digits.parse::<u32>() {
        Ok(0) => Err(BadRowsPerMove::Zero),
        Ok(k) => Ok(k),
        // Only digits, so the number is too big to hold.
        Err(_) => Err(BadRowsPerMove::TooBig(digits.to_string())),
    }
}

impl Nim {
    /// This game with moves from up to `rows_per_move` rows, or why that is
    /// not a game the tool can work out.
    pub(crate) fn with_rows_per_move(&self, rows_per_move: u32) -> Result<Nim, BadRowsPerMove> {
        match (rows_per_move, &self.takes) {
            (0, _) => Err(BadRowsPerMove::Zero),
            (1, _) | (_, TakeSet::Any) => Ok(Nim {
                rows_per_move,
                ..self.clone()
            }),
            (_, TakeSet::Only(_)) => Err(BadRowsPerMove::WithTakes),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::rule::Rule;

    #[test]
    fn reading_k() {
        let cases: &[(&str, Result<u32, &str>)] = &[
            ("1", Ok(1)),
            ("2", Ok(2)),
            (" 3 ", Ok(3)),
            ("4294967295", Ok(u32::MAX)),
            (
                "0",
                Err(
                    "a move takes from at least 1 row: use 1 for ordinary Nim, or 2 for one or two rows",
                ),
            ),
            (
                "4294967296",
                Err(
                    "'4294967296' is more rows than the most, 4294967295: any number at least as big as the number of rows already lets a move take from every row",
                ),
            ),
            (
                "-1",
                Err("'-1' is not a number of rows: use a whole number such as 2"),
            ),
            (
                "two",
                Err("'two' is not a number of rows: use a whole number such as 2"),
            ),
            (
                "",
                Err("'' is not a number of rows: use a whole number such as 2"),
            ),
        ];
        for (text, expected) in cases {
            let got = parse(text).map_err(|e| e.to_string());
            assert_eq!(got, expected.map_err(str::to_string), "{text:?}");
        }
    }

    #[test]
    fn a_take_set_goes_only_with_one_row_per_move() {
        let takes = Nim::with_takes(Rule::Misere, TakeSet::parse("1-3").unwrap());
        assert_eq!(takes.with_rows_per_move(1).map(|g| g.rows_per_move), Ok(1));
        assert_eq!(takes.with_rows_per_move(2), Err(BadRowsPerMove::WithTakes));
        let nim = Nim::new(Rule::Normal).with_rows_per_move(3).unwrap();
        assert_eq!((nim.rows_per_move, nim.is_nim()), (3, false));
    }
}
