//! Small phrases every explanation uses: counts ("3 sticks"), big numbers
//! ("2,000,000"), sums of groups ("4 + 2 + 1"), lists of numbers and moves.
//!
//! They speak a pupil's language: rows, sticks, groups and partners.
//! Binary never appears here.

use std::fmt::Write;

use crate::rules::multi_move::MultiMove;
use crate::rules::nim::Nim;
use crate::rules::position::Position;

/// A number with its thousands set apart: "2,000,000".
pub(crate) use crate::rules::commas::with_commas;

/// "once", "twice", "three times", "11 times".
pub(crate) fn times(n: u64) -> String {
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

/// Numbers from one to twenty as words, so a count and a group size
/// side by side do not look alike: "two groups of 4". A pupil may type
/// them too, and the console reads them back with [`word_number`].
const NUMBER_WORDS: [&str; 20] = [
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
    "twenty",
];

/// "two", "twenty", "21": a number in words up to twenty, in digits after.
pub(crate) fn number_word(n: u64) -> String {
    match n {
        1..=20 => NUMBER_WORDS[n as usize - 1].to_string(),
        n => n.to_string(),
    }
}

/// "two" → 2: a number from one to twenty read back from its word, as
/// [`number_word`] writes it.
pub(crate) fn word_number(word: &str) -> Option<u64> {
    NUMBER_WORDS
        .iter()
        .position(|w| *w == word)
        .map(|i| i as u64 + 1)
}

/// "1st", "2nd", "3rd", "4th", "11th", "21st".
pub(crate) fn ordinal(n: u64) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// "1 group", "2 groups".
pub(crate) fn count(n: u64, thing: &str) -> String {
    match n {
        1 => format!("1 {thing}"),
        n => format!("{n} {thing}s"),
    }
}

/// "1 group of 2", "3 groups of 2".
pub(crate) fn groups_of(n: u64, size: u64) -> String {
    match n {
        1 => format!("1 group of {size}"),
        n => format!("{n} groups of {size}"),
    }
}

/// "1 row with one stick", "3 rows with one stick".
pub(crate) fn rows_with_one(n: u64) -> String {
    match n {
        1 => "1 row with one stick".to_string(),
        n => format!("{n} rows with one stick"),
    }
}

/// "from 6 sticks to 2 sticks", "from 3 sticks to 1 stick".
pub(crate) fn sticks_from_to(from: u64, to: u64) -> String {
    format!("from {} to {}", count(from, "stick"), count(to, "stick"))
}

/// Sums with more groups than this are shortened.
pub(crate) const LONGEST_SUM: usize = 8;

/// Group sizes as a sum, shortened when long: "512 + 256 + … + 1 (9 groups)".
/// Like [`sum`], it stays on one line.
pub(crate) fn short_sum(groups: &[u64]) -> String {
    match groups {
        [first, second, .., last] if groups.len() > LONGEST_SUM => glued(&format!(
            "{first} + {second} + … + {last} ({} groups)",
            groups.len()
        )),
        _ => sum(groups),
    }
}

/// Group sizes as a sum, "4 + 2 + 1", or "0" for an empty row. It stays on
/// one line: a sum broken as "2" and "+ 1" reads as two things.
pub(crate) fn sum(groups: &[u64]) -> String {
    match groups {
        [] => "0".to_string(),
        _ => glued(
            &groups
                .iter()
                .map(u64::to_string)
                .collect::<Vec<_>>()
                .join(" + "),
        ),
    }
}

/// A row's sticks as the sum of its groups, "7 = 4 + 2 + 1", on one line.
pub(crate) fn equation(sticks: u64, groups: &[u64]) -> String {
    format!("{sticks}{GLUE}={GLUE}{}", short_sum(groups))
}

/// "4, 2 and 1"; a list longer than [`MOST_LISTED`] gives its first
/// numbers and says how many more: "1, 1, 1, …, and 1,999,000 more".
pub(crate) fn and_list(numbers: &[u64]) -> String {
    let listed = &numbers[..numbers.len().min(MOST_LISTED)];
    let mut out = String::new();
    for (i, n) in listed.iter().enumerate() {
        let between = match i {
            0 => "",
            _ if i + 1 == numbers.len() => " and ",
            _ => ", ",
        };
        let _ = write!(out, "{between}{n}");
    }
    if numbers.len() > MOST_LISTED {
        let more = (numbers.len() - MOST_LISTED) as u128;
        let _ = write!(out, ", and {} more", with_commas(more));
    }
    out
}

/// Lists longer than this (rows drawn, moves named) show their first
/// items and say how many more there are, so a huge position is summed up
/// rather than spilled.
pub(crate) const MOST_LISTED: usize = 1000;

/// ", and 999,000 more" after a list cut at [`MOST_LISTED`], or nothing.
pub(crate) fn and_more(total: usize, what: &str) -> String {
    match total.checked_sub(MOST_LISTED) {
        Some(more) if more > 0 => format!(", and {more} more {what}"),
        _ => String::new(),
    }
}

/// The no-break space: words joined by it stay on one line when a layout
/// wraps the text, and a layout that does not wrap shows it as a space.
pub(crate) const GLUE: char = '\u{a0}';

/// Positions with more rows than this are not glued onto one line: they
/// may be too long for it.
const LONGEST_GLUED: usize = 12;

/// The words joined so that a line never breaks between them.
pub(crate) fn glued(words: &str) -> String {
    words.replace(' ', &GLUE.to_string())
}

/// A move in words that stay on one line: "take 1 from row 3".
pub(crate) fn move_words(mv: &MultiMove) -> String {
    glued(&mv.to_string())
}

/// A move in words at `position`, on one line: "take 1 from row 3", or
/// in a game of one row, where "from row 1" says nothing, "take 3".
pub(crate) fn move_at(mv: &MultiMove, position: &Position) -> String {
    match (position.len(), mv.parts()) {
        (1, [part]) => glued(&format!("take {}", part.take)),
        _ => move_words(mv),
    }
}

/// Moves in words at `position`, as a list ("take 1, take 3") or, with
/// `and`, as a sentence lists them ("take 1 and take 3").
pub(crate) fn moves_at(list: &[MultiMove], position: &Position, and: bool) -> String {
    let said: Vec<String> = list
        .iter()
        .take(MOST_LISTED)
        .map(|mv| move_at(mv, position))
        .collect();
    match (said.as_slice(), and) {
        ([], _) => "none".to_string(),
        ([init @ .., last], true) if !init.is_empty() && list.len() <= MOST_LISTED => {
            format!("{} and {last}", init.join(", "))
        }
        _ => said.join(", ") + &and_more(list.len(), "moves"),
    }
}

/// A position as its rows, "3 5 7", or for a huge one its first rows and
/// how many there are in all: "1 2 3 … (2000000 rows)". A short position
/// stays on one line.
pub(crate) fn position(p: &Position) -> String {
    match p.len() {
        rows if rows <= LONGEST_GLUED => glued(&p.to_string()),
        rows if rows <= MOST_LISTED => p.to_string(),
        _ => {
            let first: Vec<String> = p.piles()[..MOST_LISTED]
                .iter()
                .map(u64::to_string)
                .collect();
            format!("{} … ({} rows)", first.join(" "), p.len())
        }
    }
}

/// A position named for a pupil: "4 sticks" for one row, "rows 3 4 5"
/// for several.
pub(crate) fn rows_named(p: &Position) -> String {
    match p.piles() {
        [sticks] => count(*sticks, "stick"),
        _ => format!("rows {}", position(p)),
    }
}

/// "3 5 7 → 2 5 7": a legal move from `from`, shown as the positions
/// before and after.
pub(crate) fn transition(from: &Position, to: &Position) -> String {
    format!("{}{GLUE}→{GLUE}{}", position(from), position(to))
}

/// The text with a full stop at the end, unless it already ends a
/// sentence or trails off ("1, 5, 9, …").
pub(crate) fn full_stop(text: &str) -> String {
    match text.ends_with(['.', '…', '?', '!']) {
        true => text.to_string(),
        false => format!("{text}."),
    }
}

/// Items split into runs of neighbours with the same key. Long runs are
/// told as one line, so a huge row does not print sixty near-identical ones.
pub(crate) fn runs<T, K: PartialEq>(items: &[T], key: impl Fn(&T) -> K) -> Vec<&[T]> {
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
pub(crate) const SHORTEST_MERGED_RUN: usize = 6;

/// "groups of 4" or, for a long run, "groups of 64 down to 4 (5 sizes)".
pub(crate) fn sizes_of<T>(run: &[T], size: impl Fn(&T) -> u64) -> String {
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
pub(crate) fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// The label of the move shown from a lost position: "Only move" when
/// there is no other, "For example" when the game goes the same way
/// whatever is taken, else "Best try".
pub(crate) fn lost_move_label(position: &Position, game: &Nim) -> &'static str {
    use crate::solve::forced::{Choice, choice};
    let mut moves = position.moves_with(&game.takes);
    let single = moves.next().is_some() && moves.next().is_none();
    let rows = position.piles().iter().filter(|&&n| n > 0).count();
    match single && (game.rows_per_move <= 1 || rows <= 1) {
        true => "Only move",
        false if choice(position, game) != Choice::Open => "For example",
        false => "Best try",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::moves::Move;

    #[test]
    fn runs_of_equal_neighbours() {
        let items = [1, 1, 2, 2, 2, 1];
        let split: Vec<&[i32]> = runs(&items, |&x| x);
        assert_eq!(split, vec![&[1, 1][..], &[2, 2, 2], &[1]]);
        assert!(runs(&[] as &[i32], |&x| x).is_empty());
    }

    #[test]
    fn long_sums_are_shortened() {
        assert_eq!(short_sum(&[4, 2, 1]), "4\u{a0}+\u{a0}2\u{a0}+\u{a0}1");
        let nine: Vec<u64> = (0..9).rev().map(|b| 1 << b).collect();
        assert_eq!(
            short_sum(&nine).replace(GLUE, " "),
            "256 + 128 + … + 1 (9 groups)"
        );
        assert_eq!(short_sum(&[]), "0");
    }

    #[test]
    fn small_words() {
        assert_eq!(with_commas(2_000_000), "2,000,000");
        assert_eq!(with_commas(705), "705");
        assert_eq!(with_commas(0), "0");
        assert_eq!(times(3), "three times");
        assert_eq!(times(11), "11 times");
        let ordinals: Vec<String> = [1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111]
            .into_iter()
            .map(ordinal)
            .collect();
        assert_eq!(
            ordinals,
            [
                "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st",
                "111th"
            ]
        );
        assert_eq!(count(1, "pair"), "1 pair");
        assert_eq!(number_word(2), "two");
        assert_eq!(number_word(20), "twenty");
        assert_eq!(number_word(21), "21");
        assert_eq!(number_word(0), "0");
        assert_eq!(and_list(&[4, 2, 1]), "4, 2 and 1");
        assert_eq!(and_list(&[4]), "4");
        assert_eq!(and_list(&[]), "");
        let long = and_list(&vec![7; MOST_LISTED + 2_000]);
        assert!(long.starts_with("7, 7, 7, "), "{long}");
        assert!(long.ends_with(", 7, and 2,000 more"), "{long}");
        assert_eq!(long.matches('7').count(), MOST_LISTED);
        assert_eq!(capitalised("take 1"), "Take 1");
        assert_eq!(groups_of(3, 2), "3 groups of 2");
        assert_eq!(rows_with_one(1), "1 row with one stick");
        assert_eq!(sticks_from_to(3, 1), "from 3 sticks to 1 stick");
        assert_eq!(full_stop("1, 5, 9, …"), "1, 5, 9, …");
        assert_eq!(full_stop("the nearest is 17)"), "the nearest is 17).");
    }

    #[test]
    fn moves_and_short_positions_stay_on_one_line() {
        let one = |pile, take| MultiMove::from(Move { pile, take });
        let mv = one(2, 1);
        assert_eq!(move_words(&mv), "take\u{a0}1\u{a0}from\u{a0}row\u{a0}3");
        let p = Position::new(vec![3, 5, 7]);
        assert_eq!(position(&p), "3\u{a0}5\u{a0}7");
        assert_eq!(rows_named(&p), "rows 3\u{a0}5\u{a0}7");
        assert_eq!(rows_named(&Position::new(vec![4])), "4 sticks");
        let long = Position::new(vec![1; 20]);
        assert!(!position(&long).contains(GLUE));
        let three = [mv.clone(), one(0, 1), one(1, 2)];
        assert_eq!(
            moves_at(&three, &p, true).replace(GLUE, " "),
            "take 1 from row 3, take 1 from row 1 and take 2 from row 2"
        );
        assert_eq!(moves_at(&three[..1], &p, true), move_words(&mv));
        assert_eq!(moves_at(&[], &p, false), "none");
        // In a game of one row, the row goes without saying.
        let one_row = Position::new(vec![21]);
        assert_eq!(move_at(&one(0, 3), &one_row).replace(GLUE, " "), "take 3");
        assert_eq!(
            moves_at(&[one(0, 1), one(0, 3)], &one_row, true).replace(GLUE, " "),
            "take 1 and take 3"
        );
    }
}
