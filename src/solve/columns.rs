//! Moore's rule on binary columns, for games where one move may take from
//! up to K rows: write every row in binary; the player to move is lost
//! exactly when each column holds a multiple of K + 1 ones. With K = 1
//! this is the XOR rule. Misère play changes only the endgame, when no row
//! has more than one stick: then the count of single sticks is lost when it
//! leaves remainder 1 on division by K + 1.
//!
//! It shares nothing with the groups of `moore.rs`, so the two agreeing
//! means something.

use crate::rules::outcome::Outcome;
use crate::rules::rule::Rule;

/// Whether the player to move from `piles` can force a win, when a move
/// may take from up to `set - 1` rows.
pub(crate) fn outcome(piles: &[u64], rule: Rule, set: u64) -> Outcome {
    let lost = match rule {
        Rule::Misere if piles.iter().all(|&n| n <= 1) => {
            piles.iter().filter(|&&n| n == 1).count() as u64 % set == 1
        }
        _ => (0..u64::BITS).all(|bit| {
            (piles.iter().filter(|&&n| n >> bit & 1 == 1).count() as u64).is_multiple_of(set)
        }),
    };
    match lost {
        true => Outcome::Lose,
        false => Outcome::Win,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_of_threes_when_two_rows_may_change() {
        // 1, 2, 3 in binary: 01, 10, 11. Each column holds two ones.
        assert_eq!(outcome(&[1, 2, 3], Rule::Normal, 2), Outcome::Lose);
        assert_eq!(outcome(&[1, 2, 3], Rule::Normal, 3), Outcome::Win);
        assert_eq!(outcome(&[5, 5, 5], Rule::Normal, 3), Outcome::Lose);
        assert_eq!(outcome(&[], Rule::Normal, 3), Outcome::Lose);
    }

    #[test]
    fn misere_ends_on_single_sticks() {
        assert_eq!(outcome(&[1, 1, 1, 1], Rule::Misere, 3), Outcome::Lose);
        assert_eq!(outcome(&[1, 1, 1], Rule::Misere, 3), Outcome::Win);
        assert_eq!(outcome(&[], Rule::Misere, 3), Outcome::Win);
        assert_eq!(outcome(&[2, 2, 2], Rule::Misere, 3), Outcome::Lose);
    }
}
