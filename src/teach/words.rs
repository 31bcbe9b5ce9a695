//! Small phrases every explanation uses: counts ("3 sticks"), sums of
//! groups ("4 + 2 + 1"), lists of numbers and moves.
//!
//! They speak a pupil's language: rows, sticks, groups and partners.
//! Binary never appears here.

use crate::rules::moves::Move;
use crate::rules::position::Position;

/// "once", "twice", "three times", "11 times".
pub fn times(n: u64) -> String {
    const WORDS: [&str; 8] = [
        "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    ];
    match n {
        1 => "once".to_string(),
        2 => "twice".to_string(),
        3..=10 => format!("{} times", WORDS[n as usize - 3]),
        n => format!("{n} times"),
    }
}

/// "1 group", "2 groups".
pub fn count(n: u64, thing: &str) -> String {
    match n {
        1 => format!("1 {thing}"),
        n => format!("{n} {thing}s"),
    }
}

/// "1 group of 2", "3 groups of 2".
pub fn groups_of(n: u64, size: u64) -> String {
    match n {
        1 => format!("1 group of {size}"),
        n => format!("{n} groups of {size}"),
    }
}

/// "1 row with one stick", "3 rows with one stick".
pub fn rows_with_one(n: u64) -> String {
    match n {
        1 => "1 row with one stick".to_string(),
        n => format!("{n} rows with one stick"),
    }
}

/// "from 6 sticks to 2 sticks", "from 3 sticks to 1 stick".
pub fn sticks_from_to(from: u64, to: u64) -> String {
    format!("from {} to {}", count(from, "stick"), count(to, "stick"))
}

/// Sums with more groups than this are shortened.
pub const LONGEST_SUM: usize = 8;

/// Group sizes as a sum, shortened when long: "512 + 256 + … + 1 (9 groups)".
pub fn short_sum(groups: &[u64]) -> String {
    match groups {
        [first, second, .., last] if groups.len() > LONGEST_SUM => {
            format!("{first} + {second} + … + {last} ({} groups)", groups.len())
        }
        _ => sum(groups),
    }
}

/// Group sizes as a sum, "4 + 2 + 1", or "0" for an empty row.
pub fn sum(groups: &[u64]) -> String {
    match groups {
        [] => "0".to_string(),
        _ => groups
            .iter()
            .map(u64::to_string)
            .collect::<Vec<_>>()
            .join(" + "),
    }
}

/// Numbers as "4, 2 and 1".
pub fn and_list(numbers: &[u64]) -> String {
    match numbers {
        [] => String::new(),
        [only] => only.to_string(),
        [init @ .., last] => format!(
            "{} and {last}",
            init.iter()
                .map(u64::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

/// Lists longer than this (rows drawn, moves named) show their first
/// items and say how many more there are, so a huge position is summed up
/// rather than spilled.
pub const MOST_LISTED: usize = 1000;

/// ", and 999,000 more" after a list cut at [`MOST_LISTED`], or nothing.
pub fn and_more(total: usize, what: &str) -> String {
    match total.checked_sub(MOST_LISTED) {
        Some(more) if more > 0 => format!(", and {more} more {what}"),
        _ => String::new(),
    }
}

/// A list of moves: "take 1 from row 1, take 1 from row 2", or "none".
pub fn moves(moves: &[Move]) -> String {
    match moves {
        [] => "none".to_string(),
        _ => {
            moves
                .iter()
                .take(MOST_LISTED)
                .map(Move::to_string)
                .collect::<Vec<_>>()
                .join(", ")
                + &and_more(moves.len(), "moves")
        }
    }
}

/// A position as its rows, "3 5 7", or for a huge one its first rows and
/// how many there are in all: "1 2 3 … (2000000 rows)".
pub fn position(p: &Position) -> String {
    match p.len() > MOST_LISTED {
        false => p.to_string(),
        true => {
            let first: Vec<String> = p.piles()[..MOST_LISTED]
                .iter()
                .map(u64::to_string)
                .collect();
            format!("{} … ({} rows)", first.join(" "), p.len())
        }
    }
}

/// "3 5 7 → 2 5 7": a legal move from `from`, shown as the positions
/// before and after.
pub fn transition(from: &Position, to: &Position) -> String {
    format!("{} → {}", position(from), position(to))
}

/// Items split into runs of neighbours with the same key. Long runs are
/// told as one line, so a huge row does not print sixty near-identical ones.
pub fn runs<T, K: PartialEq>(items: &[T], key: impl Fn(&T) -> K) -> Vec<&[T]> {
    let mut runs = Vec::new();
    let mut start = 0;
    for i in 1..=items.len() {
        if i == items.len() || key(&items[i]) != key(&items[start]) {
            runs.push(&items[start..i]);
            start = i;
        }
    }
    runs
}

/// Runs at least this long are told in one line.
pub const SHORTEST_MERGED_RUN: usize = 6;

/// "groups of 4" or, for a long run, "groups of 64 down to 4 (5 sizes)".
pub fn sizes_of<T>(run: &[T], size: impl Fn(&T) -> u64) -> String {
    match run {
        [first, .., last] if run.len() >= SHORTEST_MERGED_RUN => format!(
            "groups of {} down to {} ({} sizes)",
            size(first),
            size(last),
            run.len()
        ),
        [first, ..] => format!("groups of {}", size(first)),
        [] => String::new(),
    }
}

/// The text with its first letter in upper case.
pub fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_of_equal_neighbours() {
        let items = [1, 1, 2, 2, 2, 1];
        let split: Vec<&[i32]> = runs(&items, |&x| x);
        assert_eq!(split, vec![&[1, 1][..], &[2, 2, 2], &[1]]);
        assert!(runs(&[] as &[i32], |&x| x).is_empty());
    }

    #[test]
    fn long_sums_are_shortened() {
        assert_eq!(short_sum(&[4, 2, 1]), "4 + 2 + 1");
        let nine: Vec<u64> = (0..9).rev().map(|b| 1 << b).collect();
        assert_eq!(short_sum(&nine), "256 + 128 + … + 1 (9 groups)");
        assert_eq!(short_sum(&[]), "0");
    }

    #[test]
    fn small_words() {
        assert_eq!(times(3), "three times");
        assert_eq!(times(11), "11 times");
        assert_eq!(count(1, "pair"), "1 pair");
        assert_eq!(and_list(&[4, 2, 1]), "4, 2 and 1");
        assert_eq!(capitalised("take 1"), "Take 1");
        assert_eq!(groups_of(3, 2), "3 groups of 2");
        assert_eq!(rows_with_one(1), "1 row with one stick");
        assert_eq!(sticks_from_to(3, 1), "from 3 sticks to 1 stick");
    }
}
