//! Drawing a chocolate bar of Chomp: a grid of squares with the row and
//! column numbers a pupil types, on a screen or in an HTML page.
//!
//! On a screen a square is `#`, the poisoned one `P`, and a square the
//! marked bite takes `x`, so the picture reads in plain ASCII with colour
//! off; colour only repeats what the letters say. A bar with few columns
//! gets a column number over each square; a wide one gets a ruler of tens
//! and ones over single-letter squares; one too wide even for that shows
//! its stand-in. In HTML every square is an SVG `<rect>` that carries its
//! row and column, so a page can let a pupil click it, and carries the
//! same letters: P on the poisoned square, x on the squares a bite takes.

use std::fmt::Write;

use colored::Colorize;

use super::wrap::wrap;
use crate::teach::document::drawn_bar::DrawnBar;

/// What a square is drawn as.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Square {
    Poison,
    Chocolate,
    Bitten,
}

impl Square {
    fn at(bar: &DrawnBar, row: usize, column: usize) -> Square {
        // The poisoned square keeps its letter even when a bite takes it.
        match (row == 1 && column == 1, bar.is_bitten(row, column)) {
            (true, _) => Square::Poison,
            (false, true) => Square::Bitten,
            (false, false) => Square::Chocolate,
        }
    }

    fn letter(self, color: bool) -> String {
        let letter = match self {
            Square::Poison => "P",
            Square::Chocolate => "#",
            Square::Bitten => "x",
        };
        match (color, self) {
            (false, _) => letter.to_string(),
            (true, Square::Poison) => letter.red().bold().to_string(),
            (true, Square::Chocolate) => letter.yellow().to_string(),
            (true, Square::Bitten) => letter.bright_black().to_string(),
        }
    }

    fn class(self) -> &'static str {
        match self {
            Square::Poison => "poison",
            Square::Chocolate => "square",
            Square::Bitten => "bitten",
        }
    }
}

/// The bar as lines of text at most `width` columns wide, each starting
/// with `indent`, the legend under it; coloured when `color` is set.
pub(crate) fn text(bar: &DrawnBar, indent: &str, width: usize, color: bool) -> String {
    let columns = bar.rows.first().copied().unwrap_or(0);
    let label = bar.rows.len().to_string().len();
    // The grid starts after the row numbers and a space.
    let lead = indent.len() + label + 1;
    let wide = columns.to_string().len() + 1;
    let cell = match (lead + wide * columns <= width, lead + columns <= width) {
        (true, _) => Some(wide),
        (false, true) => Some(1),
        (false, false) => None,
    };
    let mut out = String::new();
    match cell {
        Some(cell) => {
            out += &header(columns, cell, &" ".repeat(lead));
            for (i, &length) in bar.rows.iter().enumerate() {
                let row = i + 1;
                let _ = write!(out, "{indent}{row:>label$} ");
                for column in 1..=length {
                    let letter = Square::at(bar, row, column).letter(color);
                    let _ = write!(out, "{}{letter}", " ".repeat(cell - 1));
                }
                out.push('\n');
            }
        }
        None => {
            for line in wrap(&bar.stand_in, width, indent, indent) {
                out += &line;
                out.push('\n');
            }
        }
    }
    for line in wrap(&bar.legend, width, indent, indent) {
        out += &line;
        out.push('\n');
    }
    out
}

/// The column numbers over the grid: one over each square when every cell
/// is wide enough for it, or else a line of tens over a line of ones.
fn header(columns: usize, cell: usize, margin: &str) -> String {
    match cell {
        1 => {
            let ones: String = (1..=columns).map(|c| digit(c % 10)).collect();
            let tens: String = (1..=columns)
                .map(|c| match c % 10 {
                    0 => digit(c / 10 % 10),
                    _ => ' ',
                })
                .collect();
            match columns >= 10 {
                true => format!("{margin}{}\n{margin}{ones}\n", tens.trim_end()),
                false => format!("{margin}{ones}\n"),
            }
        }
        _ => {
            let numbers: String = (1..=columns).map(|c| format!("{c:>cell$}")).collect();
            format!("{margin}{numbers}\n")
        }
    }
}

fn digit(n: usize) -> char {
    char::from_digit(n as u32, 10).unwrap_or('?')
}

/// The bar as an inline SVG: every square a `<rect>` with `data-row` and
/// `data-column`, the poisoned one lettered P, the squares the marked bite
/// takes drawn dashed. It holds numbers only, so nothing in it needs
/// escaping; the HTML layout puts the legend under it.
pub(crate) fn svg(bar: &DrawnBar) -> String {
    const SIZE: usize = 26;
    const STEP: usize = 30;
    const MARGIN: usize = 28;
    let columns = bar.rows.first().copied().unwrap_or(0);
    let width = MARGIN + columns * STEP + 4;
    let height = MARGIN + bar.rows.len() * STEP + 4;
    let squares: usize = bar.rows.iter().sum();
    let mut out = format!(
        "<svg class=\"bar\" xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\" role=\"img\" aria-label=\"a bar of {} rows and {columns} columns, {squares} squares\">",
        bar.rows.len()
    );
    let middle = SIZE / 2;
    for column in 1..=columns {
        let x = MARGIN + (column - 1) * STEP + middle;
        let _ = write!(
            out,
            "<text class=\"number\" x=\"{x}\" y=\"18\" text-anchor=\"middle\">{column}</text>"
        );
    }
    for (i, &length) in bar.rows.iter().enumerate() {
        let row = i + 1;
        let y = MARGIN + i * STEP;
        let _ = write!(
            out,
            "<text class=\"number\" x=\"12\" y=\"{}\" text-anchor=\"middle\">{row}</text>",
            y + middle + 5
        );
        for column in 1..=length {
            let x = MARGIN + (column - 1) * STEP;
            let square = Square::at(bar, row, column);
            let _ = write!(
                out,
                "<rect class=\"{}\" x=\"{x}\" y=\"{y}\" width=\"{SIZE}\" height=\"{SIZE}\" rx=\"3\" data-row=\"{row}\" data-column=\"{column}\"/>",
                square.class()
            );
            // The letters the text grid uses, so the legend holds here too
            // and colour is never the only sign.
            let mark = match square {
                Square::Poison => Some(("poison-mark", "P")),
                Square::Bitten => Some(("bitten-mark", "x")),
                Square::Chocolate => None,
            };
            if let Some((class, letter)) = mark {
                let _ = write!(
                    out,
                    "<text class=\"{class}\" x=\"{}\" y=\"{}\" text-anchor=\"middle\">{letter}</text>",
                    x + middle,
                    y + middle + 6
                );
            }
        }
    }
    out + "</svg>"
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::teach::document::drawn_bar::BiteMark;

    fn drawn(rows: &[usize], bite: Option<(usize, usize)>) -> DrawnBar {
        DrawnBar {
            rows: rows.to_vec(),
            bite: bite.map(|(row, column)| BiteMark { row, column }),
            legend: "P is the poison.".to_string(),
            stand_in: "(too wide)".to_string(),
        }
    }

    #[test]
    fn a_small_bar_has_a_number_over_every_square() {
        let text = text(&drawn(&[5, 5, 3], Some((2, 4))), "  ", 80, false);
        assert_eq!(
            text,
            "     1 2 3 4 5\n  1  P # # # #\n  2  # # # x x\n  3  # # #\n  P is the poison.\n"
        );
    }

    #[test]
    fn a_wide_bar_gets_a_ruler_and_one_letter_squares() {
        let shown = text(&drawn(&[12, 12], None), "", 20, false);
        assert_eq!(
            shown,
            "           1\n  123456789012\n1 P###########\n2 ############\nP is the poison.\n"
        );
        // Narrower still: the stand-in.
        let shown = text(&drawn(&[30], None), "", 20, false);
        assert_eq!(shown, "(too wide)\nP is the poison.\n");
    }

    #[test]
    fn every_square_can_be_clicked() {
        let svg = svg(&drawn(&[2, 1], Some((1, 2))));
        assert_eq!(svg.matches("<rect").count(), 3);
        assert!(svg.contains("class=\"poison\" x=\"28\" y=\"28\""));
        assert!(svg.contains("class=\"bitten\""));
        assert!(svg.contains("class=\"bitten-mark\""));
        assert_eq!(svg.matches(">x</text>").count(), 1);
        assert!(svg.contains("data-row=\"2\" data-column=\"1\""));
    }
}
