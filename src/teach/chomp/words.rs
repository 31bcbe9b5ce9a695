//! The small phrases every Chomp explanation uses: a bar in words, a bite
//! with the bar it leaves, and lists of bites.
//!
//! They speak a pupil's language: bar, squares, bite, poison, rows and
//! columns.

use crate::rules::bar::{Bar, Bite};
use crate::teach::document::drawn_bar::DrawnBar;
use crate::teach::words::{and_list, count, with_commas};

/// The bar in words: "a bar of 4 rows and 5 columns (20 squares)", or for
/// a staircase "a bar with rows of 5, 5 and 3 squares (13 squares)".
pub(crate) fn describe(bar: &Bar) -> String {
    let squares = count(bar.squares() as u64, "square");
    match (bar.is_rectangle(), bar.row_lengths()) {
        (_, []) => "no bar at all: the poisoned square has been eaten".to_string(),
        (_, [1]) => "only the poisoned square".to_string(),
        (true, _) => format!(
            "a bar of {} and {} ({squares})",
            count(bar.rows() as u64, "row"),
            count(bar.columns() as u64, "column")
        ),
        (false, lengths) => {
            let list: Vec<u64> = lengths.iter().map(|&l| l as u64).collect();
            format!("a bar with rows of {} squares ({squares})", and_list(&list))
        }
    }
}

/// Shapes written longer than this are shortened, so that a word without
/// spaces still fits a line.
const LONGEST_SHAPE: usize = 24;

/// The bar as typed: "4x5", "5,5,3", or "nothing" once eaten. A long
/// staircase keeps its first rows and its last: "64,1,1,1,…,1 (64 rows)".
pub(crate) fn shape(bar: &Bar) -> String {
    let plain = bar.to_string();
    match (bar.is_eaten(), bar.row_lengths()) {
        (true, _) => "nothing".to_string(),
        (false, [first @ .., last]) if plain.len() > LONGEST_SHAPE && first.len() > 4 => {
            let start: Vec<String> = first[..4].iter().map(usize::to_string).collect();
            format!("{},…,{last} ({} rows)", start.join(","), bar.rows())
        }
        (false, _) => plain,
    }
}

/// A count of shapes: "2,000,000", or for a count too long to read, in
/// words a child reads: "more than a million million".
pub(crate) fn shapes(n: u128) -> String {
    match n.to_string().len() {
        0..=12 => with_commas(n),
        _ => "more than a million million".to_string(),
    }
}

/// The game's rule, as a board or a game on the page is headed, beside its
/// bar: "Chomp: whoever eats the poisoned square loses".
pub(crate) const RULE: &str = "Chomp: whoever eats the poisoned square loses";

/// The bar with the game's rule, as an explanation is headed: "4x5 (Chomp:
/// whoever eats the poisoned square loses)".
pub(crate) fn titled(bar: &Bar) -> String {
    format!("{} ({RULE})", shape(bar))
}

/// A bar as a game goes along: its row lengths, "3,3,2", so one shape is
/// always written one way and "2x1" (two rows of one square) is never set
/// beside "2,1" (rows of two and one); a single row is "1x2", a rectangle
/// too long to list "12x13", and a long staircase shortened as [`shape`]
/// does.
pub(crate) fn as_played(bar: &Bar) -> String {
    let lengths: Vec<String> = bar.row_lengths().iter().map(usize::to_string).collect();
    let listed = lengths.join(",");
    // One row alone, "2", would read as a count: "1x2" cannot be mistaken.
    match bar.is_eaten() || lengths.len() == 1 || listed.len() > LONGEST_SHAPE {
        true => crate::teach::words::glued(&shape(bar)),
        false => listed,
    }
}

/// "5,5,5,5 → 5,1,1,1": a bar before and after a bite, both written the
/// same way ([`as_played`]).
pub(crate) fn transition(from: &Bar, to: &Bar) -> String {
    let glue = crate::teach::words::GLUE;
    format!("{}{glue}→{glue}{}", as_played(from), as_played(to))
}

/// "row 2, column 2 (5,5,5,5 → 5,1,1,1)", or for the poison "row 1, column 1,
/// the poisoned square".
pub(crate) fn bite_from(bar: &Bar, bite: Bite) -> String {
    match bite.is_poison() {
        true => format!("{bite}, the poisoned square"),
        false => {
            let after = bar.bite(bite).expect("a bite told is legal");
            format!("{bite} ({})", transition(bar, &after))
        }
    }
}

/// Bites as a list: "row 1, column 2; row 2, column 1", or "none".
pub(crate) fn bites(list: &[Bite]) -> String {
    match list {
        [] => "none".to_string(),
        _ => list
            .iter()
            .map(Bite::to_string)
            .collect::<Vec<_>>()
            .join("; "),
    }
}

/// What the letters of a drawn bar mean.
const LEGEND: &str = "P is the poisoned square.";

/// What the letters of a drawn bar with a bite mean.
const BITE_LEGEND: &str = "P is the poisoned square; x marks the squares the bite takes.";

/// The bar drawn, with `bite` marked when given.
pub(crate) fn drawn(bar: &Bar, bite: Option<Bite>) -> DrawnBar {
    let legend = match bite {
        Some(_) => BITE_LEGEND,
        None => LEGEND,
    };
    let stand_in = format!(
        "({} columns: too wide to draw on this screen)",
        bar.columns()
    );
    DrawnBar::new(bar, bite, legend.to_string(), stand_in)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bar(shape: &str) -> Bar {
        shape.parse().unwrap()
    }

    #[test]
    fn phrases() {
        assert_eq!(shapes(2_704_156), "2,704,156");
        assert_eq!(
            shapes(23_951_146_041_928_082_866_135_587_776_380_551_750),
            "more than a million million"
        );
        assert_eq!(shapes(999_999_999_999), "999,999,999,999");
        let long = Bar::new([vec![64], vec![1; 63]].concat()).unwrap();
        assert_eq!(shape(&long), "64,1,1,1,…,1 (64 rows)");
        assert_eq!(
            describe(&bar("4x5")),
            "a bar of 4 rows and 5 columns (20 squares)"
        );
        assert_eq!(
            describe(&bar("1x2")),
            "a bar of 1 row and 2 columns (2 squares)"
        );
        assert_eq!(
            describe(&bar("5,5,3")),
            "a bar with rows of 5, 5 and 3 squares (13 squares)"
        );
        assert_eq!(describe(&bar("1x1")), "only the poisoned square");
        assert_eq!(
            bite_from(&bar("4x5"), Bite::new(2, 2)).replace('\u{a0}', " "),
            "row 2, column 2 (5,5,5,5 → 5,1,1,1)"
        );
        assert_eq!(
            bite_from(&bar("4x5"), Bite::new(1, 1)),
            "row 1, column 1, the poisoned square"
        );
        assert_eq!(
            bites(&[Bite::new(1, 2), Bite::new(2, 1)]),
            "row 1, column 2; row 2, column 1"
        );
        assert_eq!(bites(&[]), "none");
    }

    #[test]
    fn a_bar_reads_the_same_on_every_line_whatever_its_shape() {
        // 2,1 → 1,1 and then 1,1 → 1x1: the bar 1,1 is never also 2x1, and a
        // single row is never written as a bare count.
        let plain = |from: &str, to: &Bar| transition(&bar(from), to).replace('\u{a0}', " ");
        assert_eq!(plain("2,1", &bar("1,1")), "2,1 → 1,1");
        assert_eq!(plain("2x1", &bar("1x1")), "1,1 → 1x1");
        assert_eq!(plain("2x2", &bar("2x1")), "2,2 → 1,1");
        let eaten = bar("1x1").bite(Bite::new(1, 1)).unwrap();
        assert_eq!(plain("1x1", &eaten), "1x1 → nothing");
    }
}
