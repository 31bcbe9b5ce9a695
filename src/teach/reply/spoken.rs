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
pub(crate) const FILLER: &[&str] = &[
    "i", "i'd", "id", "i'll", "ill", "i'm", "im", "will", "would", "want", "wanna", "to", "like",
    "then", "wait", "ok", "okay", "um", "umm", "erm", "er", "so", "please", "the", "a", "just",
    "let's", "lets", "let", "me", "go", "with", "my", "move", "is", "think", "gonna", "going",
    "no", "oh", "hmm", "actually", "sorry", "bite", "bites", "eat", "square", "try", "it's", "its",
    "away", "out", "oops",
    // A hedge or a question about a move says the move all the same: "maybe
    // row 1", "is it row 3?", "can I take 5?".
    "maybe", "perhaps", "probably", "can", "could", "should", "shall", "it",
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

/// Phrases that say "any row will do".
const ANY: &[&str] = &[
    "any row",
    "any of the rows",
    "any of them",
    "any one",
    "anyone",
    "any line",
    "whichever row",
    "whichever",
    "either row",
    "either one",
    "either",
];

/// Words that take back what was just said: "2 no 3", "row 1, no wait,
/// row 2". At the start of a line they only fill it out.
const CORRECTIONS: &[&str] = &[
    "no",
    "wait",
    "sorry",
    "oops",
    "actually",
    "rather",
    "or",
    "correction",
    "mean",
    "meant",
];

/// The line as the games read it. `rows` are the rows on the board, for
/// "the last row", "the big row" and "the row with 3"; empty when they are
/// not known, and then such words are kept as typed.
///
/// A correction takes back what came before it, and the last one wins: a
/// whole move replaces the move, a row replaces the row ("take 1 from row
/// 1, no wait, row 2"), and a lone number the number typed just before it
/// ("2 no 3" is 3).
pub(crate) fn spoken(line: &str, rows: &[u64]) -> String {
    let mut text = format!(" {} ", plain(line).replace([':', ';'], " "));
    // A dash between two numbers or words parts them: "2-1", "row 2 - 1";
    // one in front of a number is its sign, and stays.
    text = text.replace(" - ", " ");
    let chars: Vec<char> = text.chars().collect();
    text = (0..chars.len())
        .map(|i| match chars[i] {
            '-' if i > 0
                && chars[i - 1].is_alphanumeric()
                && chars.get(i + 1).is_some_and(|c| c.is_alphanumeric()) =>
            {
                ' '
            }
            c => c,
        })
        .collect();
    // "take all but one": what is left is said, so it is a leave.
    for phrase in ["take all but", "take all except", "all but", "all except"] {
        text = text.replace(&format!(" {phrase} "), " leave ");
    }
    for phrase in ALL {
        text = text.replace(&format!(" {phrase} "), " all ");
    }
    for phrase in ANY {
        text = text.replace(&format!(" {phrase} "), " any ");
    }
    // A comma is a word of its own: it parts the rows of a move.
    let text = text.replace(',', " , ");
    let words: Vec<&str> = text.split_whitespace().collect();
    let mut parts = corrected(&words).into_iter().map(|part| said(part, rows));
    let first = parts.next().unwrap_or_default();
    let out = parts.fold(first, correct);
    let mut out: Vec<String> = out
        .into_iter()
        .fold(Vec::new(), |mut out: Vec<String>, word| {
            if !(word == "," && out.last().is_none_or(|w| w == ",")) {
                out.push(word);
            }
            out
        });
    while out.last().is_some_and(|w| w == ",") {
        out.pop();
    }
    out.join(" ").replace(" ,", ",")
}

/// The line cut at each correction that follows something said, the
/// correction's own words left out.
fn corrected<'a>(words: &[&'a str]) -> Vec<Vec<&'a str>> {
    let said =
        |w: &&str| w.bytes().all(|b| b.is_ascii_digit()) || word_number(w).is_some() || *w == "all";
    let mut parts: Vec<Vec<&str>> = vec![Vec::new()];
    let mut i = 0;
    while i < words.len() {
        let word = words[i];
        let taking_back = CORRECTIONS.contains(&word)
            && parts.last().is_some_and(|part| part.iter().any(said))
            && words[i + 1..].iter().any(said);
        if taking_back {
            while i < words.len()
                && (CORRECTIONS.contains(&words[i]) || matches!(words[i], "," | "i" | "wait"))
            {
                i += 1;
            }
            parts.push(Vec::new());
            continue;
        }
        parts.last_mut().expect("there is always a part").push(word);
        i += 1;
    }
    parts.retain(|part| !part.is_empty());
    parts
}

/// What a correction `after` makes of `before`: a whole move replaces it;
/// a row alone replaces its row; a number alone its last number.
fn correct(before: Vec<String>, after: Vec<String>) -> Vec<String> {
    let number = |w: &String| w.bytes().all(|b| b.is_ascii_digit());
    let numbers = after.iter().filter(|w| number(w)).count();
    let whole = numbers != 1
        || after
            .iter()
            .any(|w| matches!(w.as_str(), "take" | "leave" | "all" | "any" | ","));
    if whole {
        return after;
    }
    let value = after
        .iter()
        .find(|w| number(w))
        .expect("one number")
        .clone();
    let named = after
        .iter()
        .find(|w| matches!(w.as_str(), "row" | "column"))
        .cloned();
    let mut out = before;
    let place = match &named {
        // The number after the last "row" (or "column") named before.
        Some(what) => out
            .iter()
            .rposition(|w| w == what)
            .map(|at| at + 1)
            .filter(|&at| out.get(at).is_some_and(number)),
        None => out.iter().rposition(number),
    };
    match (place, named) {
        (Some(at), _) => out[at] = value,
        (None, Some(what)) => {
            out.extend(["from".to_string(), what, value]);
        }
        (None, None) => return after,
    }
    out
}

/// The words of one part of a line as the games read them.
fn said(words: Vec<&str>, rows: &[u64]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut i = 0;
    while i < words.len() {
        let word = words[i];
        let next = words.get(i + 1).copied();
        // "the row with 3 sticks": the row that has 3, when only one has.
        if matches!(word, "row" | "line" | "one")
            && next == Some("with")
            && let Some(n) = words.get(i + 2).and_then(|w| number(w))
            && let Some(row) = only(rows, |has| has == n)
        {
            out.push(format!("row {row}"));
            i += 3;
            while words
                .get(i)
                .is_some_and(|w| matches!(*w, "stick" | "sticks" | "in" | "it"))
            {
                i += 1;
            }
            continue;
        }
        // "the 6 row", "the three line": a row said by a number before it,
        // which may be its number or its sticks, as "from 6" may.
        if matches!(next, Some("row" | "line"))
            && number(word).is_some()
            && words.get(i + 2).is_none_or(|w| number(w).is_none())
        {
            out.extend(word_said(word));
            i += 2;
            continue;
        }
        // "a stick", "the single stick": one stick.
        if matches!(word, "a" | "single") && matches!(next, Some("stick" | "single")) {
            out.push("1".to_string());
            i += if next == Some("single") { 2 } else { 1 };
            continue;
        }
        let named = matches!(next, Some("row" | "line" | "column" | "col"));
        // "the first one", "the last", "take the first": a row, said alone.
        let alone = matches!(next, None | Some("one" | ","));
        let said = match (named || alone).then(|| place(word, rows)).flatten() {
            // "the second row", "the 2nd column": the row named by number.
            Some(n) => {
                let what = match next {
                    Some("column" | "col") => "column",
                    _ => "row",
                };
                if named || next == Some("one") {
                    i += 1;
                }
                Some(format!("{what} {n}"))
            }
            None => word_said(word),
        };
        if let Some(said) = said {
            out.extend(said.split(' ').map(str::to_string));
        }
        i += 1;
    }
    out
}

/// A number in digits or words.
fn number(word: &str) -> Option<u64> {
    match word.bytes().all(|b| b.is_ascii_digit()) {
        true => word.parse().ok(),
        false => word_number(word),
    }
}

/// The row (from 1) of the only row of `rows` that `fits`, if only one does.
fn only(rows: &[u64], fits: impl Fn(u64) -> bool) -> Option<u64> {
    let mut at = rows.iter().enumerate().filter(|&(_, &n)| fits(n));
    match (at.next(), at.next()) {
        (Some((i, _)), None) => Some(i as u64 + 1),
        _ => None,
    }
}

/// One word as the games read it, or `None` when it only fills out the
/// sentence.
fn word_said(word: &str) -> Option<String> {
    if FILLER.contains(&word) || super::fills(word) {
        return None;
    }
    if let Some((_, same)) = SAME.iter().find(|(w, _)| *w == word) {
        return Some(same.to_string());
    }
    if let Some(n) = word_number(word) {
        return Some(n.to_string());
    }
    // A slip of at least four letters, or three with one missing: "fro".
    let letters = word.chars().count();
    if letters >= 3
        && word.chars().all(char::is_alphabetic)
        && !KEYWORDS.contains(&word)
        && let Some(keyword) = KEYWORDS
            .iter()
            .find(|k| (letters >= 4 || k.len() == letters + 1) && one_slip(word, k))
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
        "middle" | "centre" | "center" if rows.len() % 2 == 1 => Some(rows.len() as u64 / 2 + 1),
        "big" | "bigger" | "biggest" | "long" | "longer" | "longest" | "largest" => {
            let most = *rows.iter().max()?;
            only(rows, |n| n == most)
        }
        "small" | "smaller" | "smallest" | "short" | "shorter" | "shortest" | "little" => {
            let least = *rows.iter().filter(|&&n| n > 0).min()?;
            only(rows, |n| n == least)
        }
        _ => None,
    }
}

/// Whether `word` is `keyword` with one letter wrong, missing, extra, or
/// swapped with the next.
pub(crate) fn one_slip(word: &str, keyword: &str) -> bool {
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
            ("take all but one from row 3", "leave 1 from row 3"),
            ("all but 2 of the last row", "leave 2 of row 3"),
            ("take all 4", "take all 4"),
            ("banana", "banana"),
        ];
        for (line, expected) in cases {
            assert_eq!(spoken(line, &rows), expected, "{line:?}");
        }
        // Without the board, "the last row" cannot be told.
        assert_eq!(spoken("the last row", &[]), "last row");
    }
}
