//! The chocolate bar of Chomp and the bites taken from it.
//!
//! A bar is a staircase: its rows, from the top, never get longer going
//! down, and the square at row 1, column 1 is poisoned. A bite eats a square
//! with everything below it and to its right, so every bite leaves a
//! staircase again. [`Bar::bite`] is the one place a bite is checked. Eating
//! the poisoned square is a legal bite that loses the game: it leaves the
//! eaten bar, with no rows at all, which no parsing ever produces. Rows and
//! columns are counted from 1, as users see them.

use std::fmt;
use std::str::FromStr;

use super::row_reader::printable;

/// The most rows, and the most columns, a bar may have. A bar this size
/// still fits on a screen, and every shape inside it can be named by a path
/// of at most 128 steps.
pub(crate) const LARGEST_SIDE: usize = 64;

/// The hint every shape error ends with.
const SHAPE_HINT: &str =
    "type rows x columns such as 4x5, or the row lengths from the top such as 5,5,3";

/// Why some text is not a bar.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BarError {
    /// Nothing was given.
    #[error("no shape given: {SHAPE_HINT}")]
    Empty,
    /// The text has the wrong form, such as `4x` or `4x5x6`.
    #[error("'{0}' is not a shape: {SHAPE_HINT}")]
    NotAShape(String),
    /// An entry between commas is empty.
    #[error("entry {0} of the shape is empty: put a row length between the commas")]
    EmptyEntry(usize),
    /// A word that should be a number is not one.
    #[error("'{text}' is not a {what}: use a whole number such as 4")]
    NotANumber {
        /// The word as typed.
        text: String,
        /// What it should have been: "number of rows", "row length".
        what: &'static str,
    },
    /// `0x5` or `5x0`.
    #[error("0 {what} leaves no chocolate: a bar has at least 1 row and 1 column")]
    Zero {
        /// "rows" or "columns".
        what: &'static str,
    },
    /// A row of the list is 0.
    #[error("row {row} has 0 squares: every row has at least 1, so leave out empty rows")]
    EmptyRow {
        /// The row, from 1.
        row: usize,
    },
    /// A row is longer than the one above it.
    #[error(
        "row {row} ({length} squares) is longer than row {above} ({above_length} squares): lengths must not increase going down, as in 5,5,3",
        above = row - 1
    )]
    Grows {
        /// The row that grew, from 2.
        row: usize,
        /// Its length.
        length: usize,
        /// The length of the row above it.
        above_length: usize,
    },
    /// More rows or columns than `LARGEST_SIDE`.
    #[error(
        "{given} {what} is too many: a bar has at most {LARGEST_SIDE} rows and {LARGEST_SIDE} columns"
    )]
    TooBig {
        /// The number as typed, or counted.
        given: String,
        /// "rows", "columns" or "squares in a row".
        what: &'static str,
    },
}

/// Eat the square at `row`, `column` (both from 1) and every square below it
/// and to its right.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Bite {
    /// The row, from 1 at the top.
    pub row: usize,
    /// The column, from 1 at the left.
    pub column: usize,
}

impl Bite {
    /// The bite at `row`, `column`, both from 1.
    pub fn new(row: usize, column: usize) -> Bite {
        Bite { row, column }
    }

    /// Whether this bite eats the poisoned square.
    pub(crate) fn is_poison(self) -> bool {
        self.row == 1 && self.column == 1
    }
}

impl fmt::Display for Bite {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "row {}, column {}", self.row, self.column)
    }
}

/// Why a bite cannot be taken from a bar.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum IllegalBite {
    /// The poisoned square is gone.
    #[error("the poisoned square has been eaten: the game is over")]
    GameOver,
    /// Row or column 0.
    #[error("there is no row 0 or column 0: rows and columns are counted from 1")]
    Zero,
    /// Below the bottom row.
    #[error("there is no row {row}: this bar has {}", rows_from_1(*rows))]
    NoSuchRow {
        /// The row asked for.
        row: usize,
        /// How many rows the bar has.
        rows: usize,
    },
    /// Right of the end of the row.
    #[error(
        "row {row} has only {}, so there is no square in column {column}",
        squares(*length)
    )]
    NoSuchColumn {
        /// The row asked for.
        row: usize,
        /// The column asked for.
        column: usize,
        /// How many squares that row has.
        length: usize,
    },
}

/// "only row 1", "rows 1 to 4".
fn rows_from_1(rows: usize) -> String {
    match rows {
        1 => "only row 1".to_string(),
        n => format!("rows 1 to {n}"),
    }
}

/// "1 square", "5 squares".
fn squares(n: usize) -> String {
    match n {
        1 => "1 square".to_string(),
        n => format!("{n} squares"),
    }
}

/// The arms of an L-shaped bar: the top row and the first column, one
/// square wide, meeting at the poisoned square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Arms {
    /// Squares in the top row right of the poisoned one.
    pub right: usize,
    /// Squares in the first column below the poisoned one.
    pub down: usize,
}

/// A chocolate bar: row lengths from the top, never increasing, each at
/// least 1, with at most `LARGEST_SIDE` rows and columns. It has no rows
/// only once the poisoned square has been eaten.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Bar {
    rows: Vec<usize>,
}

impl Bar {
    /// A bar with these row lengths, from the top.
    pub fn new(rows: Vec<usize>) -> Result<Bar, BarError> {
        if rows.is_empty() {
            return Err(BarError::Empty);
        }
        if rows.len() > LARGEST_SIDE {
            return Err(BarError::TooBig {
                given: rows.len().to_string(),
                what: "rows",
            });
        }
        for (i, &length) in rows.iter().enumerate() {
            match (i.checked_sub(1).map(|above| rows[above]), length) {
                (_, 0) => return Err(BarError::EmptyRow { row: i + 1 }),
                (_, length) if length > LARGEST_SIDE => {
                    return Err(BarError::TooBig {
                        given: length.to_string(),
                        what: "squares in a row",
                    });
                }
                (Some(above_length), length) if length > above_length => {
                    return Err(BarError::Grows {
                        row: i + 1,
                        length,
                        above_length,
                    });
                }
                _ => {}
            }
        }
        Ok(Bar { rows })
    }

    /// A full bar of `rows` rows and `columns` columns.
    pub fn rectangle(rows: usize, columns: usize) -> Result<Bar, BarError> {
        for (count, what) in [(rows, "rows"), (columns, "columns")] {
            match count {
                0 => return Err(BarError::Zero { what }),
                n if n > LARGEST_SIDE => {
                    return Err(BarError::TooBig {
                        given: n.to_string(),
                        what,
                    });
                }
                _ => {}
            }
        }
        Ok(Bar {
            rows: vec![columns; rows],
        })
    }

    /// Reads a shape from command-line words: `4x5` (or `4X5`, `4 x 5`),
    /// or the row lengths from the top separated by commas or spaces
    /// (`5,5,3`, `5 5 3`).
    pub(crate) fn parse<S: AsRef<str>>(words: &[S]) -> Result<Bar, BarError> {
        let text = words
            .iter()
            .map(AsRef::as_ref)
            .collect::<Vec<_>>()
            .join(" ");
        let text = text.trim();
        let one_word =
            |s: &str| !s.is_empty() && !s.contains(|c: char| separator(c) || c == 'x' || c == 'X');
        match text.split_once(['x', 'X']) {
            Some((rows, columns)) if one_word(rows.trim()) && one_word(columns.trim()) => {
                Bar::rectangle(
                    number(rows.trim(), "number of rows", "rows")?,
                    number(columns.trim(), "number of columns", "columns")?,
                )
            }
            Some(_) => Err(BarError::NotAShape(printable(text))),
            None => {
                let mut rows = Vec::new();
                // Entries are split at commas, and an empty one (`5,,3`,
                // `,5`, `5,5,3,`) is refused, as it is among Nim's rows.
                for (i, entry) in text.split(',').enumerate() {
                    let only_commas = text.chars().all(separator);
                    if entry.trim().is_empty() && text.contains(',') && !only_commas {
                        return Err(BarError::EmptyEntry(i + 1));
                    }
                    for part in entry.split_whitespace() {
                        rows.push(number(part, "row length", "squares in a row")?);
                    }
                }
                Bar::new(rows)
            }
        }
    }

    /// The row lengths from the top; empty once the poison is eaten.
    pub fn row_lengths(&self) -> &[usize] {
        &self.rows
    }

    /// How many rows are left.
    pub(crate) fn rows(&self) -> usize {
        self.rows.len()
    }

    /// How many columns are left: the length of the top row.
    pub(crate) fn columns(&self) -> usize {
        self.rows.first().copied().unwrap_or(0)
    }

    /// How many squares are left, the poisoned one included.
    pub(crate) fn squares(&self) -> usize {
        self.rows.iter().sum()
    }

    /// Whether every row has the same length. The eaten bar counts as a
    /// rectangle of 0 by 0.
    pub(crate) fn is_rectangle(&self) -> bool {
        self.rows.iter().all(|&length| length == self.columns())
    }

    /// Whether the poisoned square has been eaten, which ends the game: the
    /// player who ate it lost.
    pub(crate) fn is_eaten(&self) -> bool {
        self.rows.is_empty()
    }

    /// The arms when the bar is an L: one row, one column, or the top row
    /// and the first column together. `None` for any other shape and for the
    /// eaten bar.
    pub(crate) fn arms(&self) -> Option<Arms> {
        match self.rows.as_slice() {
            [top, rest @ ..] if rest.iter().all(|&length| length == 1) => Some(Arms {
                right: top - 1,
                down: rest.len(),
            }),
            _ => None,
        }
    }

    /// Whether the square a bite names is still there, so biting it is
    /// legal.
    #[cfg(test)]
    fn has(&self, bite: Bite) -> bool {
        self.check(bite).is_ok()
    }

    /// Every legal bite, ordered by row then by column; the poisoned square
    /// comes first.
    pub fn bites(&self) -> impl Iterator<Item = Bite> + '_ {
        self.rows
            .iter()
            .enumerate()
            .flat_map(|(i, &length)| (1..=length).map(move |column| Bite::new(i + 1, column)))
    }

    /// The bar after `bite`, or why it cannot be taken. Every bite is checked
    /// here and only here. Biting the poisoned square is legal and leaves the
    /// eaten bar: whoever bit has lost.
    pub fn bite(&self, bite: Bite) -> Result<Bar, IllegalBite> {
        self.check(bite)?;
        // The rows from the bitten one down keep only the columns left of the
        // bite; the first column bitten empties them all.
        let mut rows = self.rows.clone();
        for length in &mut rows[bite.row - 1..] {
            *length = (*length).min(bite.column - 1);
        }
        if bite.column == 1 {
            rows.truncate(bite.row - 1);
        }
        Ok(Bar { rows })
    }

    /// Why `bite` names no square of this bar, if it does not.
    fn check(&self, bite: Bite) -> Result<(), IllegalBite> {
        if self.is_eaten() {
            return Err(IllegalBite::GameOver);
        }
        if bite.row == 0 || bite.column == 0 {
            return Err(IllegalBite::Zero);
        }
        let Some(&length) = self.rows.get(bite.row - 1) else {
            return Err(IllegalBite::NoSuchRow {
                row: bite.row,
                rows: self.rows(),
            });
        };
        match bite.column > length {
            true => Err(IllegalBite::NoSuchColumn {
                row: bite.row,
                column: bite.column,
                length,
            }),
            false => Ok(()),
        }
    }
}

impl FromStr for Bar {
    type Err = BarError;

    /// Reads one word, as `Bar::parse` does.
    fn from_str(text: &str) -> Result<Bar, BarError> {
        Bar::parse(&[text])
    }
}

impl fmt::Display for Bar {
    /// `4x5` for a full rectangle, `5,5,3` otherwise, `0x0` once eaten.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_rectangle() {
            return write!(f, "{}x{}", self.rows(), self.columns());
        }
        for (i, length) in self.rows.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{length}")?;
        }
        Ok(())
    }
}

/// What separates the row lengths of a list.
fn separator(c: char) -> bool {
    c == ',' || c.is_whitespace()
}

/// Reads a whole number; `what` names it when it is not one, `counted`
/// names what it counts when it is far too big.
fn number(text: &str, what: &'static str, counted: &'static str) -> Result<usize, BarError> {
    if !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(BarError::NotANumber {
            text: printable(text),
            what,
        });
    }
    // All digits, so only overflow can fail: that is far too big.
    text.parse().map_err(|_| BarError::TooBig {
        given: text.to_string(),
        what: counted,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(words: &[&str], expected: Result<&[usize], &str>) {
        let got = Bar::parse(words);
        match (got, expected) {
            (Ok(bar), Ok(rows)) => assert_eq!(bar.row_lengths(), rows, "{words:?}"),
            (Err(e), Err(message)) => assert_eq!(e.to_string(), message, "{words:?}"),
            (got, expected) => panic!("{words:?}: got {got:?}, expected {expected:?}"),
        }
    }

    #[test]
    fn spellings() {
        check(&["4x5"], Ok(&[5, 5, 5, 5]));
        check(&["4X5"], Ok(&[5, 5, 5, 5]));
        check(&["4", "x", "5"], Ok(&[5, 5, 5, 5]));
        check(&[" 1x1 "], Ok(&[1]));
        check(&["5,5,3"], Ok(&[5, 5, 3]));
        check(&["5", "5", "3"], Ok(&[5, 5, 3]));
        check(&["5, 5,", "3"], Ok(&[5, 5, 3]));
        check(&["64x64"], Ok(&[64; 64]));
    }

    #[test]
    fn errors() {
        let hint = "type rows x columns such as 4x5, or the row lengths from the top such as 5,5,3";
        check(&[], Err(&format!("no shape given: {hint}")));
        check(&[" ", ","], Err(&format!("no shape given: {hint}")));
        check(&["4x"], Err(&format!("'4x' is not a shape: {hint}")));
        for (words, entry) in [
            (&["5,5,3,"][..], 4),
            (&[",5"], 1),
            (&["5,,3"], 2),
            (&["5,", ",3"], 2),
        ] {
            let empty =
                format!("entry {entry} of the shape is empty: put a row length between the commas");
            check(words, Err(&empty));
        }
        check(
            &["\u{1b}[2Jx5"],
            Err("'\\u{1b}[2J' is not a number of rows: use a whole number such as 4"),
        );
        check(&["4x5x6"], Err(&format!("'4x5x6' is not a shape: {hint}")));
        check(&["5,5x3"], Err(&format!("'5,5x3' is not a shape: {hint}")));
        check(
            &["ax5"],
            Err("'a' is not a number of rows: use a whole number such as 4"),
        );
        check(
            &["4x-5"],
            Err("'-5' is not a number of columns: use a whole number such as 4"),
        );
        check(
            &["5,2.5"],
            Err("'2.5' is not a row length: use a whole number such as 4"),
        );
        check(
            &["0x5"],
            Err("0 rows leaves no chocolate: a bar has at least 1 row and 1 column"),
        );
        check(
            &["5x0"],
            Err("0 columns leaves no chocolate: a bar has at least 1 row and 1 column"),
        );
        check(
            &["5,0,3"],
            Err("row 2 has 0 squares: every row has at least 1, so leave out empty rows"),
        );
        check(
            &["3,5"],
            Err(
                "row 2 (5 squares) is longer than row 1 (3 squares): lengths must not increase going down, as in 5,5,3",
            ),
        );
        check(
            &["65x3"],
            Err("65 rows is too many: a bar has at most 64 rows and 64 columns"),
        );
        check(
            &["3x99999999999999999999999"],
            Err(
                "99999999999999999999999 columns is too many: a bar has at most 64 rows and 64 columns",
            ),
        );
        check(
            &["65,1"],
            Err("65 squares in a row is too many: a bar has at most 64 rows and 64 columns"),
        );
        let many = vec!["1"; 65];
        check(
            &many,
            Err("65 rows is too many: a bar has at most 64 rows and 64 columns"),
        );
    }

    #[test]
    fn shapes() {
        let bar = |text: &str| text.parse::<Bar>().unwrap();
        assert_eq!(bar("4x5").to_string(), "4x5");
        assert_eq!(bar("5,5,5").to_string(), "3x5");
        assert_eq!(bar("5,5,3").to_string(), "5,5,3");
        assert_eq!(bar("7").to_string(), "1x7");
        let b = bar("5,5,3");
        assert_eq!((b.rows(), b.columns(), b.squares()), (3, 5, 13));
        assert!(!b.is_rectangle() && bar("2x3").is_rectangle());
        assert_eq!(bar("4,1,1").arms(), Some(Arms { right: 3, down: 2 }));
        assert_eq!(bar("1x1").arms(), Some(Arms { right: 0, down: 0 }));
        assert_eq!(bar("3x1").arms(), Some(Arms { right: 0, down: 2 }));
        assert_eq!(bar("2x2").arms(), None);
        assert_eq!(bar("2,1").bites().count(), 3);
        assert_eq!(
            bar("2,1").bites().collect::<Vec<_>>(),
            [Bite::new(1, 1), Bite::new(1, 2), Bite::new(2, 1)]
        );
    }

    fn check_bite(bar: &str, row: usize, column: usize, expected: Result<&[usize], &str>) {
        let got = bar.parse::<Bar>().unwrap().bite(Bite::new(row, column));
        match (got, expected) {
            (Ok(after), Ok(rows)) => assert_eq!(after.row_lengths(), rows),
            (Err(e), Err(message)) => assert_eq!(e.to_string(), message),
            (got, expected) => panic!("{bar} ({row},{column}): got {got:?}, expected {expected:?}"),
        }
    }

    #[test]
    fn bites() {
        check_bite("4x5", 2, 3, Ok(&[5, 2, 2, 2]));
        check_bite("4x5", 4, 5, Ok(&[5, 5, 5, 4]));
        check_bite("4x5", 3, 1, Ok(&[5, 5]));
        check_bite("4x5", 1, 2, Ok(&[1, 1, 1, 1]));
        check_bite("5,5,3", 2, 4, Ok(&[5, 3, 3]));
        check_bite("5,3,1", 1, 3, Ok(&[2, 2, 1]));
        check_bite("2x2", 2, 2, Ok(&[2, 1]));
        // Eating the poison leaves nothing: the one who bit has lost.
        check_bite("4x5", 1, 1, Ok(&[]));
        check_bite("1x1", 1, 1, Ok(&[]));
        check_bite(
            "4x5",
            0,
            2,
            Err("there is no row 0 or column 0: rows and columns are counted from 1"),
        );
        check_bite(
            "4x5",
            2,
            0,
            Err("there is no row 0 or column 0: rows and columns are counted from 1"),
        );
        check_bite(
            "4x5",
            5,
            1,
            Err("there is no row 5: this bar has rows 1 to 4"),
        );
        check_bite(
            "5,5,3",
            3,
            4,
            Err("row 3 has only 3 squares, so there is no square in column 4"),
        );
        check_bite(
            "2,1",
            2,
            2,
            Err("row 2 has only 1 square, so there is no square in column 2"),
        );
    }

    #[test]
    fn the_eaten_bar() {
        let eaten = Bar::rectangle(3, 3).unwrap().bite(Bite::new(1, 1)).unwrap();
        assert!(eaten.is_eaten() && eaten.is_rectangle());
        assert_eq!((eaten.rows(), eaten.columns(), eaten.squares()), (0, 0, 0));
        assert_eq!(eaten.to_string(), "0x0");
        assert_eq!(eaten.arms(), None);
        assert_eq!(eaten.bites().count(), 0);
        assert_eq!(
            eaten.bite(Bite::new(1, 1)).unwrap_err().to_string(),
            "the poisoned square has been eaten: the game is over"
        );
    }

    #[test]
    fn every_legal_bite_is_a_square_of_the_bar() {
        let bar = "6,4,4,1".parse::<Bar>().unwrap();
        for row in 0..=5 {
            for column in 0..=7 {
                let bite = Bite::new(row, column);
                assert_eq!(bar.has(bite), bar.bite(bite).is_ok(), "{bite}");
                assert_eq!(bar.has(bite), bar.bites().any(|b| b == bite), "{bite}");
            }
        }
    }
}
