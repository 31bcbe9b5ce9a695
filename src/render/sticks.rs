//! Drawing a row as sticks, its groups set apart: `||||  ||  |`, or plainly
//! side by side for lessons that have not met groups yet.
//!
//! Each group size has its own colour, but the gaps between groups carry
//! the same information for anyone who cannot see colour (or has it off).
//!
//! A row too long to draw stick by stick is drawn in pieces instead: a
//! piece is a single stick or a bundle labelled with its size. Plainly, a
//! row is bundles of ten (of a hundred, …, for longer rows) and the sticks
//! left over; in its groups, each group of ten or more is one bundle.

use colored::{Color, Colorize};

use crate::teach::document::{DrawnRow, MOST_STICKS_DRAWN, PairLine};

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

/// Groups bigger than this are drawn in text as their size in brackets.
const MOST_STICKS_IN_A_PAIR: u64 = 8;

/// One group of a pair, in text: its sticks, or `[16]` when it is big.
fn group_text(size: u64, color: bool) -> (String, usize) {
    let shown = match size <= MOST_STICKS_IN_A_PAIR {
        true => "|".repeat(size as usize),
        false => format!("[{size}]"),
    };
    let width = shown.chars().count();
    (paint(&shown, size, color), width)
}

/// The pairs of one size in text, each in parentheses, then the group
/// without a partner marked ✗: `(|||| ||||) (|||| ||||) |||| ✗`; and its
/// width on screen.
pub(crate) fn draw_pairs(line: &PairLine, color: bool) -> (String, usize) {
    let (group, wide) = group_text(line.size, color);
    let mut parts: Vec<String> = line
        .pairs
        .iter()
        .map(|_| format!("({group} {group})"))
        .collect();
    let mut width = line.pairs.len() * (2 * wide + 3);
    if line.alone.is_some() {
        let mark = match color {
            true => "✗".red().bold().to_string(),
            false => "✗".to_string(),
        };
        parts.push(format!("{group} {mark}"));
        width += wide + 2;
    }
    width += parts.len().saturating_sub(1);
    (parts.join(" "), width)
}

/// One piece of a long row: a single stick, or a bundle of `size` sticks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Piece {
    /// How many sticks it stands for: 1 for a stick.
    pub size: u64,
    /// The size of the group it belongs to, for its colour; `None` when
    /// drawn plainly.
    pub group: Option<u64>,
    /// Whether a gap sets it apart from the piece before, as between groups.
    pub gap: bool,
}

impl Piece {
    /// Whether it is drawn as a labelled bundle rather than a stick.
    pub(crate) fn is_bundle(&self) -> bool {
        self.size > 1
    }
}

/// Groups smaller than this are drawn as sticks, bigger ones as a bundle.
pub(crate) const SMALLEST_BUNDLE: u64 = 10;

/// Past this many pieces, a row's bundles of one size are tied into one.
const MOST_PIECES: usize = 30;

/// A row of `sticks` drawn plainly in pieces, left to right: bundles of
/// ten, a hundred, … (largest first), then the sticks left over. When that
/// makes too many pieces, the bundles of each size are tied into one.
pub(crate) fn plain_pieces(sticks: u64) -> Vec<Piece> {
    let mut counts = Vec::new(); // (bundle size, how many), largest first
    let mut size = 1u64;
    let mut left = sticks;
    while left > 0 {
        counts.push((size, left % 10));
        left /= 10;
        size = size.saturating_mul(10);
    }
    counts.reverse();
    let many = counts.iter().map(|&(_, n)| n as usize).sum::<usize>() > MOST_PIECES;
    let piece = |size| Piece {
        size,
        group: None,
        gap: false,
    };
    counts
        .into_iter()
        .filter(|&(_, n)| n > 0)
        .flat_map(|(size, n)| match (size, many) {
            (1, _) | (_, false) => vec![piece(size); n as usize],
            (_, true) => vec![piece(size * n)],
        })
        .collect()
}

/// A long row drawn in its groups: each group of ten or more one bundle,
/// smaller ones stick by stick, a gap between groups. Sticks the groups do
/// not cover (a row in blocks lists only its left-over sticks once it is
/// too long to draw) follow plainly.
pub(crate) fn grouped_pieces(groups: &[u64], sticks: u64) -> Vec<Piece> {
    let mut pieces = Vec::new();
    for &group in groups {
        let first = pieces.len();
        match group >= SMALLEST_BUNDLE {
            true => pieces.push(Piece {
                size: group,
                group: Some(group),
                gap: false,
            }),
            false => pieces.extend((0..group).map(|_| Piece {
                size: 1,
                group: Some(group),
                gap: false,
            })),
        }
        if let Some(start) = pieces.get_mut(first) {
            start.gap = first > 0;
        }
    }
    let rest = sticks.saturating_sub(groups.iter().sum());
    let first = pieces.len();
    pieces.extend(plain_pieces(rest));
    if let Some(start) = pieces.get_mut(first) {
        start.gap = first > 0;
    }
    pieces
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Pieces in short: "10 10 5×1" style, sizes with a `|` before a gap.
    fn short(pieces: &[Piece]) -> String {
        pieces
            .iter()
            .map(|p| format!("{}{}", if p.gap { "| " } else { "" }, p.size))
            .collect::<Vec<_>>()
            .join(" ")
    }

    #[test]
    fn long_rows_are_drawn_plainly_in_bundles_of_ten_and_more() {
        for (sticks, pieces) in [
            (45, "10 10 10 10 1 1 1 1 1"),
            (41, "10 10 10 10 1"),
            (100, "100"),
            (230, "100 100 10 10 10"),
            (99_999, "90000 9000 900 90 1 1 1 1 1 1 1 1 1"),
            (0, ""),
        ] {
            let drawn = plain_pieces(sticks);
            assert_eq!(short(&drawn), pieces, "{sticks}");
            assert_eq!(drawn.iter().map(|p| p.size).sum::<u64>(), sticks);
        }
        let most = plain_pieces(u64::MAX);
        assert!(most.len() <= MOST_PIECES, "{}", short(&most));
        assert_eq!(most.iter().map(|p| p.size).sum::<u64>(), u64::MAX);
    }

    #[test]
    fn long_rows_in_groups_bundle_the_big_groups() {
        let drawn = grouped_pieces(&[32, 8, 4, 1], 45);
        assert_eq!(short(&drawn), "32 | 1 1 1 1 1 1 1 1 | 1 1 1 1 | 1");
        assert_eq!(drawn[0].group, Some(32));
        assert_eq!(drawn[9].group, Some(4));
        // Blocks of a long row are not listed: the rest is drawn plainly.
        assert_eq!(short(&grouped_pieces(&[1], 45)), "1 | 10 10 10 10 1 1 1 1");
        assert_eq!(
            grouped_pieces(&[u64::MAX], u64::MAX),
            [Piece {
                size: u64::MAX,
                group: Some(u64::MAX),
                gap: false
            }]
        );
    }

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
    fn pairs_in_text() {
        let line = |size, pairs: Vec<[usize; 2]>, alone| PairLine {
            size,
            pairs,
            alone,
            label: String::new(),
            text: String::new(),
        };
        let drawn = |l: &PairLine| draw_pairs(l, false);
        assert_eq!(
            drawn(&line(4, vec![[2, 3]], Some(1))),
            ("(|||| ||||) |||| ✗".to_string(), 18)
        );
        assert_eq!(drawn(&line(2, vec![], Some(1))), ("|| ✗".to_string(), 4));
        assert_eq!(
            drawn(&line(16, vec![[1, 2], [3, 4]], None)),
            ("([16] [16]) ([16] [16])".to_string(), 23)
        );
    }

    #[test]
    fn colours_differ_between_neighbouring_sizes() {
        assert_ne!(color_of(1), color_of(2));
        assert_ne!(color_of(2), color_of(4));
        assert_eq!(color_of(1), color_of(64));
    }
}
