//! A pupil's line made plain, for every game's reader of moves.
//!
//! Pupils say a move the way they would say it aloud: "no wait, 2 2", "I'd
//! take 2", "take 5 off row 3", "the second row", "the last row", "all of
//! them", "tkae 1", "I bite 2 2". Before a game reads its numbers, this
//! turns such a line into the few words the games read: numbers in digits,
//! rows and columns named by number ("row 2", "column 2"), `take`, `from`,
//! `all`, `leave`, commas between parts. Words that only fill out a
//! sentence are dropped; a word that is none of these is kept, so the game
//! can say it was not understood. Nim and Chomp both read through here, so
//! a reply means the same in every game.

use super::plain;
use crate::teach::words::word_number;

/// Words that fill out a sentence and say nothing about the move.
const FILLER: &[&str] = &[
    "i", "i'd", "id", "i'll", "ill", "i'm", "im", "will", "would", "want", "wanna", "to", "like",
    "then", "wait", "ok", "okay", "um", "umm", "erm", "er", "so", "please", "the", "a", "just",
    "let's", "lets", "let", "me", "go", "with", "my", "move", "is", "think", "gonna", "going",
    "no", "oh", "hmm", "actually", "sorry", "bite", "bites", "eat", "square", "try", "it's", "its",
];

/// Words a move is said with, and what the games read them as.
const SAME: &[(&str, &str)] = &[
    ("remove", "take"),
    ("removes", "take"),
    ("removing", "take"),
    ("grab", "take"),
    ("off", "from"),
    ("everything", "all"),
    ("col", "column"),
];

/// Phrases that say "the whole row".
const ALL: &[&str] = &[
    "all of them",
    "all of it",
    "them all",
    "the whole row",
    "the whole lot",
    "the lot",
    "every stick",
    "all the sticks",
];

/// Words a typo is corrected to, when one letter is wrong, missing, extra
/// or swapped with the next: "tkae" is "take".
const KEYWORDS: &[&str] = &["take", "leave", "remove", "from", "column", "each", "every"];

/// Ordinals in words, from "first".
const ORDINALS: &[&str] = &[
    "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth",
];

/// The line as the games read it. `rows` are the rows on the board, for
/// "the last row" and "the big row"; empty when they are not known, and
/// then such words are kept as typed.
pub(crate) fn spoken(line: &str, rows: &[u64]) -> String {
    let mut text = format!(" {} ", plain(line).replace([':', ';'], " "));
    for phrase in ALL {
        text = text.replace(&format!(" {phrase} "), " all ");
    }
    // A comma is a word of its own: it parts the rows of a move.
    let text = text.replace(',', " , ");
    let words: Vec<&str> = text.split_whitespace().collect();
    let mut out: Vec<String> = Vec::new();
    let mut i = 0;
    while i < words.len() {
        let word = words[i];
        let next = words.get(i + 1).copied();
        let named = matches!(next, Some("row" | "line" | "column" | "col"));
        let said = match named.then(|| place(word, rows)).flatten() {
            // "the second row", "the 2nd column": the row named by number.
            Some(n) => {
                let what = match next {
                    Some("column" | "col") => "column",
                    _ => "row",
                };
                i += 1;
                Some(format!("{what} {n}"))
            }
            None => word_said(word),
        };
        match said {
            Some(comma) if comma == "," && out.last().is_none_or(|w| w == ",") => {}
            Some(said) => out.push(said),
            None => {}
        }
        i += 1;
    }
    while out.last().is_some_and(|w| w == ",") {
        out.pop();
    }
    out.join(" ").replace(" ,", ",")
}

/// One word as the games read it, or `None` when it only fills out the
/// sentence.
fn word_said(word: &str) -> Option<String> {
    if FILLER.contains(&word) {
        return None;
    }
    if let Some((_, same)) = SAME.iter().find(|(w, _)| *w == word) {
        return Some(same.to_string());
    }
    if let Some(n) = word_number(word) {
        return Some(n.to_string());
    }
    if word.chars().count() >= 4
        && !KEYWORDS.contains(&word)
        && let Some(keyword) = KEYWORDS.iter().find(|k| one_slip(word, k))
    {
        return word_said(keyword);
    }
    Some(word.to_string())
}

/// The number of a row or column said as an ordinal: "second", "2nd",
/// "last", or the row with the most sticks, "big", when only one has.
fn place(word: &str, rows: &[u64]) -> Option<u64> {
    if let Some(i) = ORDINALS.iter().position(|w| *w == word) {
        return Some(i as u64 + 1);
    }
    let digits = word.trim_end_matches(|c: char| c.is_ascii_alphabetic());
    let suffix = &word[digits.len()..];
    if !digits.is_empty() && matches!(suffix, "st" | "nd" | "rd" | "th") {
        return digits.parse().ok();
    }
    match word {
        "last" | "bottom" if !rows.is_empty() => Some(rows.len() as u64),
        "top" => Some(1),
        "big" | "bigger" | "biggest" | "long" | "longest" | "largest" => {
            let most = *rows.iter().max()?;
            let mut at = rows.iter().enumerate().filter(|&(_, &n)| n == most);
            match (at.next(), at.next()) {
                (Some((i, _)), None) => Some(i as u64 + 1),
                _ => None,
            }
        }
        _ => None,
    }
}

/// Whether `word` is `keyword` with one letter wrong, missing, extra, or
/// swapped with the next.
fn one_slip(word: &str, keyword: &str) -> bool {
    let (a, b): (Vec<char>, Vec<char>) = (word.chars().collect(), keyword.chars().collect());
    if a == b {
        return true;
    }
    let start = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
    let (a, b) = (&a[start..], &b[start..]);
    match a.len() as isize - b.len() as isize {
        0 => a[1..] == b[1..] || (a.len() >= 2 && a[0] == b[1] && a[1] == b[0] && a[2..] == b[2..]),
        1 => a[1..] == *b,
        -1 => *a == b[1..],
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_made_plain() {
        let rows = [3, 7, 5];
        let cases = [
            ("no wait, 2 2", "2 2"),
            ("ok 2 then", "2"),
            ("the second row, 3", "row 2, 3"),
            ("3rd row 1", "row 3 1"),
            ("the last row all", "row 3 all"),
            ("the big row 2", "row 2 2"),
            ("from row 3 take 5", "from row 3 take 5"),
            ("row 3: 5", "row 3 5"),
            ("take 5 off row 3", "take 5 from row 3"),
            ("remove 5", "take 5"),
            ("I'd take 2", "take 2"),
            ("tkae 1", "take 1"),
            ("all of them", "all"),
            ("take them all", "take all"),
            ("1 2, 3 1", "1 2, 3 1"),
            ("I bite 2 2", "2 2"),
            ("2nd row 2nd column", "row 2 column 2"),
            ("two three", "2 3"),
            ("banana", "banana"),
        ];
        for (line, expected) in cases {
            assert_eq!(spoken(line, &rows), expected, "{line:?}");
        }
        // Without the board, "the last row" cannot be told.
        assert_eq!(spoken("the last row", &[]), "last row");
    }
}
