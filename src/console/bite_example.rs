//! An example of how to type a bite of Chomp, fitted to the bar on the
//! screen.
//!
//! "Like 2 3" only helps if row 2, column 3 is a square of the bar, so the
//! example is always a legal bite. It is never the poisoned square, and
//! never a winning bite when another will do, so that showing how to type
//! does not give the answer away. Its row and column differ when they can,
//! so a pupil sees which number is which.

use crate::rules::bar::{Bar, Bite};

/// An example bite on `bar`, or `None` when only the poisoned square is
/// left. `winning` are the bites to keep back.
pub fn example_bite(bar: &Bar, winning: &[Bite]) -> Option<Bite> {
    // Row 2 reads better than row 1, and a square away from the corner
    // takes only a little; the first that tells row from column wins.
    let score = |b: &Bite| {
        (
            winning.contains(b),
            b.row == b.column,
            b.row != 2,
            b.row.abs_diff(2) + b.column.abs_diff(3),
        )
    };
    bar.bites().filter(|b| !b.is_poison()).min_by_key(score)
}

/// How to type a bite, with an example from `bar`: "Type the row and the
/// column of the square to bite: 2 3 bites row 2, column 3."
pub fn how_to_bite(bar: &Bar, winning: &[Bite]) -> String {
    match example_bite(bar, winning) {
        Some(b) => format!(
            "Type the row and the column of the square to bite: {} {} bites {b}.",
            b.row, b.column
        ),
        None => "Type the row and the column of the square to bite: 1 1 bites the poisoned square."
            .to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn example(shape: &str, winning: &[(usize, usize)]) -> Option<(usize, usize)> {
        let winning: Vec<Bite> = winning.iter().map(|&(r, c)| Bite::new(r, c)).collect();
        example_bite(&shape.parse().unwrap(), &winning).map(|b| (b.row, b.column))
    }

    #[test]
    fn the_example_fits_the_bar_and_keeps_the_answer_back() {
        assert_eq!(example("4x5", &[(3, 3)]), Some((2, 3)));
        // On 2x3 the bite 2 3 wins, so another is shown.
        assert_eq!(example("2x3", &[(2, 3)]), Some((2, 1)));
        assert_eq!(example("1x4", &[(1, 2)]), Some((1, 3)));
        // When every bite but the poison wins, one of them has to do.
        assert_eq!(example("1x2", &[(1, 2)]), Some((1, 2)));
        assert_eq!(example("1x1", &[]), None);
        assert_eq!(
            how_to_bite(&"3x3".parse().unwrap(), &[Bite::new(2, 2)]),
            "Type the row and the column of the square to bite: 2 3 bites row 2, column 3."
        );
    }
}
