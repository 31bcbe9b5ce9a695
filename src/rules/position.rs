//! A position: how many sticks lie in each row.
//!
//! Rows are stored in the order the user typed them and numbered from 1 in
//! everything the user sees. Reading them from text is the business of
//! `super::row_reader`.

use std::fmt;

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
