//! A position: how many sticks lie in each row.
//!
//! Rows are stored in the order the user typed them and numbered from 1 in
//! everything the user sees. Parsing lives here so that every command accepts
//! the same spellings: `3 5 7`, `3,5,7` or a mix.

use std::fmt;

/// Why some words are not a position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// A word that should be a number is not one.
    #[error("'{text}' is not a {what}: {why}")]
    BadNumber {
        /// The word as typed.
        text: String,
        /// What it should have been: "row size", "number of sticks".
        what: &'static str,
        /// What is wrong with it.
        why: &'static str,
    },
    /// No row sizes were given.
    #[error(
        "no rows given: type how many sticks each row has, for example `matchsticks explain 3 5 7`"
    )]
    NoRows,
}

/// The rows of a game, each a number of sticks from 0 to `u64::MAX`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    piles: Vec<u64>,
}

impl Position {
    /// A position with these rows, in this order.
    pub fn new(piles: Vec<u64>) -> Position {
        Position { piles }
    }

    /// Reads rows from command-line words. Each word may hold one number or
    /// several separated by commas.
    pub fn parse<S: AsRef<str>>(words: &[S]) -> Result<Position, PositionError> {
        let mut piles = Vec::with_capacity(words.len());
        for word in words {
            for part in word.as_ref().split(|c: char| c == ',' || c.is_whitespace()) {
                if part.is_empty() {
                    continue;
                }
                piles.push(parse_pile(part)?);
            }
        }
        if piles.is_empty() {
            return Err(PositionError::NoRows);
        }
        Ok(Position { piles })
    }

    /// The rows, in the order given.
    pub fn piles(&self) -> &[u64] {
        &self.piles
    }

    /// The number of rows, empty ones included.
    pub fn len(&self) -> usize {
        self.piles.len()
    }

    /// True when there are no rows at all.
    pub fn is_empty(&self) -> bool {
        self.piles.is_empty()
    }

    /// True when no stick is left: the game is over.
    pub fn is_over(&self) -> bool {
        self.piles.iter().all(|&p| p == 0)
    }

    /// The rows in ascending order; the game does not care about row order.
    pub fn sorted(&self) -> Vec<u64> {
        let mut piles = self.piles.clone();
        piles.sort_unstable();
        piles
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, pile) in self.piles.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{pile}")?;
        }
        Ok(())
    }
}

/// Reads one row size, naming what is wrong when it is not one.
fn parse_pile(text: &str) -> Result<u64, PositionError> {
    parse_number(text, "row size")
}

/// Reads a whole number from 0 to `u64::MAX`; `what` names it in the error
/// ("row size", "number of sticks").
pub fn parse_number(text: &str, what: &'static str) -> Result<u64, PositionError> {
    let bad = |why: &'static str| PositionError::BadNumber {
        text: text.to_string(),
        what,
        why,
    };
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    let unsigned = text.strip_prefix('-').unwrap_or(text);
    match (text.starts_with('-'), digits(unsigned)) {
        (true, true) if unsigned.bytes().any(|b| b != b'0') => Err(bad("it cannot be negative")),
        (_, true) => unsigned
            .parse::<u64>()
            .map_err(|_| bad("too big: the largest allowed is 18446744073709551615")),
        (_, false) => Err(bad("use a whole number such as 3")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(words: &[&str], expected: Result<&[u64], &str>) {
        let got = Position::parse(words);
        match (got, expected) {
            (Ok(p), Ok(piles)) => assert_eq!(p.piles(), piles),
            (Err(e), Err(message)) => assert_eq!(e.to_string(), message),
            (got, expected) => panic!("{words:?}: got {got:?}, expected {expected:?}"),
        }
    }

    #[test]
    fn spellings() {
        check(&["3", "5", "7"], Ok(&[3, 5, 7]));
        check(&["3,5,7"], Ok(&[3, 5, 7]));
        check(&["3,5", "7"], Ok(&[3, 5, 7]));
        check(&["3 5 7"], Ok(&[3, 5, 7]));
        check(&["0", "-0"], Ok(&[0, 0]));
        check(&["18446744073709551615"], Ok(&[u64::MAX]));
    }

    #[test]
    fn errors() {
        check(
            &["3,x,5"],
            Err("'x' is not a row size: use a whole number such as 3"),
        );
        check(
            &["-1"],
            Err("'-1' is not a row size: it cannot be negative"),
        );
        check(
            &["18446744073709551616"],
            Err(
                "'18446744073709551616' is not a row size: too big: the largest allowed is 18446744073709551615",
            ),
        );
        check(
            &["2.5"],
            Err("'2.5' is not a row size: use a whole number such as 3"),
        );
        check(&[], Err(PositionError::NoRows.to_string().as_str()));
        check(&[","], Err(PositionError::NoRows.to_string().as_str()));
    }
}
