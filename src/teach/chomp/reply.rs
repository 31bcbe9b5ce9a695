//! A bite of Chomp typed at a prompt, as [`Replies`] asks for it.
//!
//! A bite is a row and a column: `2 3`, `2,3`, `(2,3)` or
//! `row 2 column 3` (also `column 3 row 2`, `r2 c3`). The commands are the
//! words every game reads ([`crate::teach::reply::Said`]). An example of
//! how to type a bite fits the bar on the screen: "like 2 3" only helps if
//! row 2, column 3 is a square of the bar. It is never the poisoned
//! square, and never a winning bite when another will do, so that showing
//! how to type does not give the answer away; its row and column differ
//! when they can, so a pupil sees which number is which. A bite of the
//! poisoned square, while other squares are left, is asked about once
//! more, since it loses at once.

use crate::rules::bar::{Bar, Bite, IllegalBite};
use crate::rules::game::Chomp;
use crate::rules::row_reader::printable;
use crate::teach::reply::spoken::{FILLER, spoken};
use crate::teach::reply::{Otherwise, Reading, Replies};

/// The example in the hint every unclear bite ends with; at a prompt it
/// is replaced by one that fits the bar.
const EXAMPLE: &str = "such as 2 3 for row 2, column 3";

/// The hint every unclear bite ends with.
const HOW: &str = "type a bite as its row and column, such as 2 3 for row 2, column 3";

/// Words that cannot be read as a bite.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{text}' is not a bite: {problem}")]
pub(crate) struct UnclearBite {
    /// The words as typed, made `printable`.
    pub text: String,
    /// What is wrong, and how to type it.
    pub problem: String,
}

/// Reads a bite from words such as `2 3`, `2,3` or `row 2 column 3`.
pub(crate) fn parse_bite(text: &str) -> Result<Bite, UnclearBite> {
    let unclear = |problem: String| UnclearBite {
        text: printable(text.trim()),
        problem,
    };
    let lower = spoken(text, &[]);
    // Letters and digits run together ("r2c3") are split apart.
    let mut spaced = String::new();
    let mut last: Option<char> = None;
    for c in lower.chars() {
        let turn = last.is_some_and(|l| l.is_ascii_digit() != c.is_ascii_digit());
        if turn && c.is_alphanumeric() && last.is_some_and(char::is_alphanumeric) {
            spaced.push(' ');
        }
        spaced.push(c);
        last = Some(c);
    }
    let (mut row, mut column) = (None, None);
    let mut named: Option<bool> = None;
    for word in spaced
        .split(|c: char| c == ',' || c == '(' || c == ')' || c.is_whitespace())
        .filter(|w| !w.is_empty())
    {
        match word {
            "row" | "r" => named = Some(true),
            "column" | "col" | "c" => named = Some(false),
            "and" => {}
            number if number.bytes().all(|b| b.is_ascii_digit()) => {
                let value: usize = number.parse().map_err(|_| {
                    unclear(format!("{number} is far too big for a row or a column"))
                })?;
                let slot = match named.take() {
                    Some(true) => &mut row,
                    Some(false) => &mut column,
                    None if row.is_none() => &mut row,
                    None => &mut column,
                };
                if slot.replace(value).is_some() {
                    return Err(unclear(format!("it names too many numbers; {HOW}")));
                }
            }
            other => {
                let other = printable(other);
                let read: Vec<String> = row.iter().chain(&column).map(usize::to_string).collect();
                return Err(unclear(match read.as_slice() {
                    [] => format!("'{other}' is not a row or a column; {HOW}"),
                    [one] => format!("I read {one}, but not '{other}'; {HOW}"),
                    [..] => format!("I read {}, but not '{other}'; {HOW}", read.join(" and ")),
                }));
            }
        }
    }
    match (row, column) {
        (Some(row), Some(column)) => Ok(Bite::new(row, column)),
        _ => Err(unclear(format!("it needs a row and a column; {HOW}"))),
    }
}

/// Reads a bite given with the command (`--bite 2,3`), in a lesson or in
/// a request, as [`parse_bite`] reads a typed one, but refuses an empty
/// entry between commas (`2,,3`, `2,3,`), as every list of numbers the tool
/// is given is refused. A line a pupil types is read by [`parse_bite`],
/// which lets a slip of the finger pass, as every game's reader of a typed
/// move does.
pub(crate) fn parse_given_bite(text: &str) -> Result<Bite, UnclearBite> {
    let entries = text
        .split(',')
        .map(|e| e.trim_matches(|c: char| c == '(' || c == ')'));
    let empty = match text.contains(',') {
        true => entries.enumerate().find(|(_, e)| e.trim().is_empty()),
        false => None,
    };
    match empty {
        Some((entry, _)) => Err(UnclearBite {
            text: printable(text.trim()),
            problem: format!(
                "entry {} is empty: put a number between the commas",
                entry + 1
            ),
        }),
        None => parse_bite(text),
    }
}

/// A corner of the bar named in words: "the bottom right one", "top
/// right", "bottom left". The top left square is the poisoned one.
/// Also "the last square of the bottom row", "the first one in the top
/// row". Words that only fill out a sentence ("umm", "please") may come
/// with it, as with any bite.
fn corner(bar: &Bar, line: &str) -> Option<Bite> {
    let words = crate::teach::reply::plain(line);
    let has = |w: &str| words.split([' ', ',', '-']).any(|x| x == w);
    let lengths = bar.row_lengths();
    let row = match (has("top"), has("bottom")) {
        (true, false) => 1,
        (false, true) => lengths.len(),
        _ => return None,
    };
    let left = has("left") || has("first");
    let right = has("right") || has("last") || has("end");
    let column = match (left, right) {
        (true, false) => 1,
        (false, true) => *lengths.get(row.checked_sub(1)?)?,
        _ => return None,
    };
    // Only words about where the square is, and no numbers.
    let about = [
        "the", "top", "bottom", "left", "right", "first", "last", "end", "one", "square", "corner",
        "piece", "bite", "i", "take", "eat", "in", "at", "on", "of", "bar", "very", "row",
    ];
    let only_place = words
        .split([' ', ',', '-'])
        .filter(|w| !w.is_empty())
        .all(|w| about.contains(&w) || FILLER.contains(&w));
    only_place.then(|| Bite::new(row, column))
}

/// The poisoned square named as such: "P", "the poisoned square", "eat
/// the poison".
fn poison(line: &str) -> Option<Bite> {
    let words = crate::teach::reply::plain(line);
    let words: Vec<&str> = words.split([' ', ',']).filter(|w| !w.is_empty()).collect();
    let named = |w: &&str| matches!(*w, "p" | "poison" | "poisoned" | "poisonous");
    let about = |w: &&str| matches!(*w, "one" | "piece" | "corner" | "take") || FILLER.contains(w);
    (words.iter().any(named) && words.iter().all(|w| named(w) || about(w))).then(|| Bite::new(1, 1))
}

/// Squares taken off the end of the top row or the first column, as a
/// pupil says it of an L: "take 2 from the top", "take 1 from the side".
/// `None` for anything else, or for more than the row or column has
/// besides the poisoned square.
fn from_an_arm(bar: &Bar, line: &str) -> Option<Bite> {
    let words = spoken(line, &[]);
    let words: Vec<&str> = words.split([' ', ',']).filter(|w| !w.is_empty()).collect();
    let (taken, place) = match words.as_slice() {
        ["take", n, "from", place @ ..] | [n, "from", place @ ..] => {
            (n.parse::<usize>().ok()?, place)
        }
        _ => return None,
    };
    let lengths = bar.row_lengths();
    // "the top arm", "the end of the top": the arm is the row or column.
    let place: Vec<&str> = place
        .iter()
        .copied()
        .filter(|w| !matches!(*w, "arm" | "end" | "of" | "part" | "bit"))
        .collect();
    match place.as_slice() {
        ["top"] | ["top", "row"] | ["row", "1"] => {
            let top = *lengths.first()?;
            (taken >= 1 && taken < top).then(|| Bite::new(1, top - taken + 1))
        }
        ["side"] | ["left"] | ["column", "1"] | ["bottom"] => {
            let rows = lengths.len();
            (taken >= 1 && taken < rows).then(|| Bite::new(rows - taken + 1, 1))
        }
        _ => None,
    }
}

/// An example bite on `bar`, or `None` when only the poisoned square is
/// left. `winning` are the bites to keep back.
pub(crate) fn example_bite(bar: &Bar, winning: &[Bite]) -> Option<Bite> {
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
    bar.bites()
        .filter(|b| !b.is_poison() && !winning.contains(b))
        .min_by_key(score)
}

/// How to type a bite, with an example from `bar`: "Type the row and the
/// column of the square to bite: 2 3 bites row 2, column 3."
pub(crate) fn how_to_bite(bar: &Bar, winning: &[Bite]) -> String {
    match example_bite(bar, winning) {
        Some(b) => format!(
            "Type the row and the column of the square to bite: {}\u{a0}{} bites {b}.",
            b.row, b.column
        ),
        None => "Type the row and the column of the square to bite.".to_string(),
    }
}

impl Replies for Chomp {
    fn instructions(&self, bar: &Bar, winning: &[Bite]) -> String {
        how_to_bite(bar, winning)
    }

    /// "type a bite as its row and column, such as 2 1 for row 2, column 1", with
    /// the example fitted to the bar.
    fn how_to_move(&self, bar: &Bar, winning: &[Bite]) -> String {
        fitted(HOW.to_string(), bar, winning)
    }

    fn read(&self, bar: &Bar, winning: &[Bite], line: &str) -> Reading<Bite> {
        let said = corner(bar, line)
            .or_else(|| from_an_arm(bar, line))
            .or_else(|| poison(line));
        let bite = match said.map_or_else(|| parse_bite(line), Ok) {
            Ok(bite) => bite,
            Err(unclear) => {
                let problem = fitted(unclear.problem, bar, winning);
                return Reading::Unclear(format!(
                    "Sorry: {problem}. Try again, or type hint for a clue."
                ));
            }
        };
        if let Err(illegal) = bar.bite(bite) {
            return Reading::Refused(format!("That bite is not allowed: {illegal}. Try again."));
        }
        match bite.is_poison() && bar.squares() > 1 {
            true => Reading::Confirm {
                ask: "That is the poisoned square: whoever eats it loses! Type yes to eat it anyway, or type another bite.".to_string(),
                yes: bite,
                no: Otherwise::Say("Good: type another bite.".to_string()),
            },
            false => Reading::Move(bite),
        }
    }

    fn picked(&self, bar: &Bar, row: u64, column: u64) -> Result<Bite, IllegalBite> {
        let number = |n: u64| usize::try_from(n).unwrap_or(usize::MAX);
        let bite = Bite::new(number(row), number(column));
        bar.bite(bite).map(|_| bite)
    }
}

/// `words` with the example of how to type a bite replaced by one from
/// `bar`, when the bar has a square to bite.
fn fitted(words: String, bar: &Bar, winning: &[Bite]) -> String {
    match example_bite(bar, winning) {
        Some(b) => words.replace(
            EXAMPLE,
            &format!("such as {}\u{a0}{} for {b}", b.row, b.column),
        ),
        None => words.replace(&format!(", {EXAMPLE}"), ""),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(text: &str, expected: Result<(usize, usize), &str>) {
        let got = parse_bite(text)
            .map(|b| (b.row, b.column))
            .map_err(|e| e.to_string());
        assert_eq!(got, expected.map_err(str::to_string), "{text:?}");
    }

    #[test]
    fn bites_as_pupils_type_them() {
        check("2 3", Ok((2, 3)));
        check("2,3", Ok((2, 3)));
        check(" (2, 3) ", Ok((2, 3)));
        check("row 2 column 3", Ok((2, 3)));
        check("Row 2, Column 3", Ok((2, 3)));
        check("column 3 row 2", Ok((2, 3)));
        check("r2c3", Ok((2, 3)));
        check("r2 c3", Ok((2, 3)));
        check("0 4", Ok((0, 4)));
        let how = "type a bite as its row and column, such as 2 3 for row 2, column 3";
        check(
            "2",
            Err(&format!(
                "'2' is not a bite: it needs a row and a column; {how}"
            )),
        );
        check(
            "2 3 4",
            Err(&format!(
                "'2 3 4' is not a bite: it names too many numbers; {how}"
            )),
        );
        check("two 3", Ok((2, 3)));
        check("bite 2 2", Ok((2, 2)));
        check("I bite 2 2", Ok((2, 2)));
        check("2nd row 2nd column", Ok((2, 2)));
        check("the third row, first column", Ok((3, 1)));
        check(
            "2 -3",
            Err(&format!(
                "'2 -3' is not a bite: I read 2, but not '-3'; {how}"
            )),
        );
        check(
            "middle",
            Err(&format!(
                "'middle' is not a bite: 'middle' is not a row or a column; {how}"
            )),
        );
        check(
            "99999999999999999999999 1",
            Err(
                "'99999999999999999999999 1' is not a bite: 99999999999999999999999 is far too big for a row or a column",
            ),
        );
    }

    #[test]
    fn a_bite_given_with_the_command_has_no_empty_entry() {
        let given = |text: &str| {
            parse_given_bite(text)
                .map(|b| (b.row, b.column))
                .map_err(|e| e.to_string())
        };
        for text in ["2,3", "2 3", "(2, 3)", "row 2, column 3", " 2 , 3 "] {
            assert_eq!(given(text), Ok((2, 3)), "{text:?}");
        }
        let empty = |text: &str, entry: usize| {
            Err(format!(
                "'{text}' is not a bite: entry {entry} is empty: put a number between the commas"
            ))
        };
        assert_eq!(given("2,,3"), empty("2,,3", 2));
        assert_eq!(given("2,3,"), empty("2,3,", 3));
        assert_eq!(given(",3"), empty(",3", 1));
        assert_eq!(given("2, ,3"), empty("2, ,3", 2));
        assert_eq!(given("(2,)"), empty("(2,)", 2));
        // A pupil's slip at the prompt is read as meant.
        assert_eq!(parse_bite("2,,3").map(|b| (b.row, b.column)), Ok((2, 3)));
    }

    fn example(shape: &str, winning: &[(usize, usize)]) -> Option<(usize, usize)> {
        let winning: Vec<Bite> = winning.iter().map(|&(r, c)| Bite::new(r, c)).collect();
        example_bite(&shape.parse().unwrap(), &winning).map(|b| (b.row, b.column))
    }

    #[test]
    fn the_example_fits_the_bar_and_keeps_the_answer_back() {
        // The example in the words is the one a bar's own replaces.
        assert!(HOW.ends_with(EXAMPLE));
        assert_eq!(example("4x5", &[(3, 3)]), Some((2, 3)));
        // On 2x3 the bite 2 3 wins, so another is shown.
        assert_eq!(example("2x3", &[(2, 3)]), Some((2, 1)));
        assert_eq!(example("1x4", &[(1, 2)]), Some((1, 3)));
        // When every bite but the poison wins, no example is shown.
        assert_eq!(example("1x2", &[(1, 2)]), None);
        assert_eq!(example("1x1", &[]), None);
        assert_eq!(
            how_to_bite(&"3x3".parse().unwrap(), &[Bite::new(2, 2)]).replace('\u{a0}', " "),
            "Type the row and the column of the square to bite: 2 3 bites row 2, column 3."
        );
    }
}
