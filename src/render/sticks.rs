//! Drawing a row as sticks, its groups set apart: `||||  ||  |`, or plainly
//! side by side for lessons that have not met groups yet.
//!
//! Each group size has its own colour, but the gaps between groups carry
//! the same information for anyone who cannot see colour (or has it off).

use colored::{Color, Colorize};

use crate::teach::document::{DrawnRow, MOST_STICKS_DRAWN};

/// The gap between two groups.
const GAP: &str = "  ";

/// The colour for groups of `size` sticks.
pub(crate) fn color_of(size: u64) -> Color {
    const PALETTE: [Color; 6] = [
        Color::Yellow,
        Color::Green,
        Color::Cyan,
        Color::Magenta,
        Color::Blue,
        Color::Red,
    ];
    PALETTE[size.trailing_zeros() as usize % PALETTE.len()]
}

/// Paints `text` in the colour of groups of `size`, when colour is on.
pub(crate) fn paint(text: &str, size: u64, color: bool) -> String {
    match color {
        true => text.color(color_of(size)).to_string(),
        false => text.to_string(),
    }
}

/// The drawing of a row with these groups and its width on screen, or
/// `None` when the row is too big to draw.
pub(crate) fn draw(groups: &[u64], color: bool) -> Option<(String, usize)> {
    let sticks: u64 = groups.iter().sum();
    if sticks > MOST_STICKS_DRAWN {
        return None;
    }
    let parts: Vec<String> = groups
        .iter()
        .map(|&g| paint(&"|".repeat(g as usize), g, color))
        .collect();
    let width = sticks as usize + GAP.len() * groups.len().saturating_sub(1);
    Some((parts.join(GAP), width))
}

/// One stage of joining: the groups side by side with one space between
/// them (`|| || || |`), and its width.
pub(crate) fn draw_stage(groups: &[u64], color: bool) -> (String, usize) {
    let parts: Vec<String> = groups
        .iter()
        .map(|&g| paint(&"|".repeat(g as usize), g, color))
        .collect();
    let width = groups.iter().sum::<u64>() as usize + groups.len().saturating_sub(1);
    (parts.join(" "), width)
}

/// The drawing of a row, plainly or in its groups, and its width on
/// screen; `None` when the row is too big to draw.
pub(crate) fn draw_row(row: &DrawnRow, color: bool) -> Option<(String, usize)> {
    match row.groups.is_empty() {
        true if row.sticks <= MOST_STICKS_DRAWN => {
            Some(("|".repeat(row.sticks as usize), row.sticks as usize))
        }
        true => None,
        false => draw(&row.groups, color),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn drawings() {
        assert_eq!(
            draw(&[4, 2, 1], false),
            Some(("||||  ||  |".to_string(), 11))
        );
        assert_eq!(draw(&[], false), Some((String::new(), 0)));
        assert_eq!(draw(&[32, 16], false), None);
    }

    #[test]
    fn colours_differ_between_neighbouring_sizes() {
        assert_ne!(color_of(1), color_of(2));
        assert_ne!(color_of(2), color_of(4));
        assert_eq!(color_of(1), color_of(64));
    }
}
