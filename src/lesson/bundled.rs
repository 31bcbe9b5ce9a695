//! The lessons that ship inside the binary, in teaching order.
//!
//! The files in `lessons/` are the source; they are compiled in so that
//! `matchsticks lesson` works from any folder. A test checks that every file
//! there is listed here and that each one parses. A lesson is found by its
//! name, typed loosely, or by its number in the list.

use super::parse;
use crate::teach::words::word_number;

/// A lesson compiled into the binary.
#[derive(Clone, Copy, Debug)]
pub struct Bundled {
    /// The name used on the command line: lowercase, digits and hyphens.
    pub name: &'static str,
    /// The lesson file's text.
    pub source: &'static str,
}

macro_rules! lessons {
    ($($name:literal),* $(,)?) => {
        &[$(Bundled {
            name: $name,
            source: include_str!(concat!("../../lessons/", $name, ".lesson")),
        }),*]
    };
}

/// Every bundled lesson, simplest first.
pub const LESSONS: &[Bundled] = lessons![
    "twenty-one",
    "single-sticks",
    "copy-cat",
    "making-groups",
    "pairing-groups",
    "winning-move",
    "three-five-seven",
    "why-it-works",
    "misere-switch",
    "one-or-two-rows",
    "binary",
    "chomp",
];

/// The bundled lesson a teacher means by `name`: its name in any case,
/// with or without its hyphens ("Twenty-One", "twentyone"), its number in
/// the list, from 1, in digits or as a word ("one"), or its name with its
/// numbers in digits, as the book writes them ("3-5-7", "21").
pub fn find(name: &str) -> Option<&'static Bundled> {
    let wanted = letters(name);
    if let Some(found) = LESSONS.iter().find(|l| letters(l.name) == wanted) {
        return Some(found);
    }
    let number = match name.trim().parse::<u64>() {
        Ok(number) => Some(number),
        Err(_) => word_number(&name.trim().to_lowercase()),
    };
    if let Some(i) = number.and_then(|n| usize::try_from(n).ok()?.checked_sub(1))
        && let Some(found) = LESSONS.get(i)
    {
        return Some(found);
    }
    LESSONS.iter().find(|l| {
        letters(&in_digits(l.name)) == wanted && wanted.chars().any(|c| c.is_ascii_digit())
    })
}

/// A lesson's name with its numbers in digits: "three-five-seven" is
/// "3-5-7", "twenty-one" is "21".
fn in_digits(name: &str) -> String {
    let words: Vec<&str> = name.split('-').collect();
    let tens = |w: &str| match w {
        "twenty" => Some(20),
        "thirty" => Some(30),
        "forty" => Some(40),
        "fifty" => Some(50),
        _ => None,
    };
    let mut out: Vec<String> = Vec::new();
    let mut i = 0;
    while i < words.len() {
        let word = words[i];
        let unit = |w: Option<&&str>| w.and_then(|w| word_number(w)).filter(|&n| n < 10);
        match (tens(word), unit(words.get(i + 1))) {
            (Some(t), Some(u)) => {
                out.push((t + u).to_string());
                i += 2;
                continue;
            }
            (Some(t), None) => out.push(t.to_string()),
            (None, _) => {
                out.push(word_number(word).map_or_else(|| word.to_string(), |n| n.to_string()))
            }
        }
        i += 1;
    }
    out.join("-")
}

/// What comes after the bundled lesson called `name` in the course.
pub(crate) fn after(name: &str) -> super::Next {
    match LESSONS.iter().position(|l| l.name == name) {
        Some(i) if i + 1 < LESSONS.len() => super::Next::Lesson {
            number: i + 2,
            name: LESSONS[i + 1].name,
        },
        Some(_) => super::Next::Last,
        None => super::Next::Unknown,
    }
}

/// The bundled lesson `name` most likely meant, when it is no lesson's
/// name: one a slip of the keys away, one whose name starts with it, or
/// one whose title has it as a word.
pub(crate) fn closest(name: &str) -> Option<&'static Bundled> {
    let typed = letters(name);
    if typed.len() < 3 {
        return None;
    }
    let slips = match typed.chars().count() {
        0..=4 => 1,
        5..=8 => 2,
        _ => 3,
    };
    LESSONS
        .iter()
        .filter_map(|l| {
            let own = letters(l.name);
            let distance = edits(&typed, &own);
            let title = parse::parse(l.source.as_bytes())
                .map(|lesson| lesson.title.to_lowercase())
                .unwrap_or_default();
            let in_title = title
                .split(|c: char| !c.is_alphanumeric())
                .any(|word| word == typed);
            match (distance <= slips, own.starts_with(&typed), in_title) {
                (true, _, _) => Some(((0, distance), l)),
                (_, true, _) => Some(((1, 0), l)),
                (_, _, true) => Some(((2, 0), l)),
                _ => None,
            }
        })
        .min_by_key(|(score, _)| *score)
        .map(|(_, l)| l)
}

/// A name as its letters and digits, in lower case: "Twenty-One" is
/// "twentyone".
fn letters(name: &str) -> String {
    name.chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect()
}

/// How many letters must be added, removed or changed to turn `a` into
/// `b`.
fn edits(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = (above + 1)
                .min(row[j] + 1)
                .min(diagonal + usize::from(ca != cb));
            diagonal = above;
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lesson::games::Budgets;
    use crate::teach::lesson::{LESSON_WORK, Work};

    #[test]
    fn a_lesson_is_found_by_its_numbers_in_digits() {
        let name = |typed: &str| find(typed).map(|l| l.name);
        assert_eq!(name("3-5-7"), Some("three-five-seven"));
        assert_eq!(name("357"), Some("three-five-seven"));
        assert_eq!(name("21"), Some("twenty-one"));
        // A number in the list comes first.
        assert_eq!(name("3"), Some("copy-cat"));
        assert_eq!(name("one"), Some("twenty-one"));
        // A name with number words in it is that name.
        assert_eq!(name("one-or-two-rows"), Some("one-or-two-rows"));
        assert_eq!(name("99"), None);
    }

    #[test]
    fn every_bundled_lesson_takes_a_small_part_of_the_budget() {
        // A lesson of a hundred lines and a dozen positions, with groups,
        // patterns and moves from several rows, stays far from the limit.
        for found in LESSONS {
            let within = Budgets {
                work: Work::of(LESSON_WORK / 20),
                ..Budgets::default()
            };
            let read = parse::parse_within(found.source.as_bytes(), within);
            assert!(read.is_ok(), "{}: {read:?}", found.name);
        }
    }

    #[test]
    fn a_lesson_is_found_the_way_a_teacher_types_it() {
        let cases = [
            ("twenty-one", Some("twenty-one")),
            ("twentyone", Some("twenty-one")),
            ("Twenty-One", Some("twenty-one")),
            ("TWENTY ONE", Some("twenty-one")),
            ("1", Some("twenty-one")),
            ("one", Some("twenty-one")),
            ("Twelve", Some("chomp")),
            ("3", Some("copy-cat")),
            ("10", Some("one-or-two-rows")),
            ("11", Some("binary")),
            ("12", Some("chomp")),
            ("0", None),
            ("13", None),
            ("copy", None),
        ];
        for (typed, expected) in cases {
            assert_eq!(find(typed).map(|l| l.name), expected, "{typed:?}");
        }
    }

    #[test]
    fn a_near_miss_gets_a_suggestion() {
        let cases = [
            ("copy-kat", Some("copy-cat")),
            ("binery", Some("binary")),
            ("pairing", Some("pairing-groups")),
            ("endgame", Some("single-sticks")),
            ("three-five-severn", Some("three-five-seven")),
            ("chess", None),
            ("x", None),
        ];
        for (typed, expected) in cases {
            assert_eq!(closest(typed).map(|l| l.name), expected, "{typed:?}");
        }
    }
}
