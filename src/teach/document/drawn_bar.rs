//! A chocolate bar of Chomp as a document shows it: its rows of squares,
//! the poisoned one, and the squares a bite takes, marked. The words that
//! go with the picture (what the marks mean, what stands in for a bar too
//! wide to draw) are decided here by the builders, like every other word.

use serde::Serialize;

use crate::rules::bar::{Bar, Bite};

/// A bar to draw.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DrawnBar {
    /// The row lengths, from the top. The poisoned square is row 1,
    /// column 1.
    pub rows: Vec<usize>,
    /// A bite to mark: the square it names and every square below it and
    /// to its right are drawn as taken.
    pub bite: Option<BiteMark>,
    /// What the marks mean, under the drawing.
    pub legend: String,
    /// What is shown instead when the bar is too wide to draw.
    pub stand_in: String,
}

/// The square a bite names, rows and columns counted from 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct BiteMark {
    /// The row, from 1 at the top.
    pub row: usize,
    /// The column, from 1 at the left.
    pub column: usize,
}

impl From<Bite> for BiteMark {
    fn from(bite: Bite) -> BiteMark {
        BiteMark {
            row: bite.row,
            column: bite.column,
        }
    }
}

impl DrawnBar {
    /// `bar`, with `bite` marked when given.
    pub(crate) fn new(bar: &Bar, bite: Option<Bite>, legend: String, stand_in: String) -> DrawnBar {
        DrawnBar {
            rows: bar.row_lengths().to_vec(),
            bite: bite.map(BiteMark::from),
            legend,
            stand_in,
        }
    }

    /// Whether the square at `row`, `column` (from 1) is one the marked
    /// bite takes.
    pub(crate) fn is_bitten(&self, row: usize, column: usize) -> bool {
        self.bite
            .is_some_and(|b| row >= b.row && column >= b.column)
    }
}
