//! A bite read from the words a user types: `2 3`, `2,3`, `(2,3)`,
//! `row 2 column 3` (also `column 3 row 2`, `r2 c3`). The command line's
//! `--bite`, the page's `bite=` and a pupil at a prompt all read a bite
//! here, so they accept the same words and refuse them the same way.
//! Whether the bite names a square of the bar is [`Bar::bite`]'s to say.
//!
//! [`Bar::bite`]: super::bar::Bar::bite

use super::bar::Bite;

/// The hint every unclear bite ends with; a prompt swaps its example for
/// one that fits the bar.
pub const HOW: &str = "type a bite as ROW COLUMN, such as 2 3 for row 2, column 3";

/// Words that cannot be read as a bite.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{text}' is not a bite: {problem}")]
pub struct UnclearBite {
    /// The words as typed.
    pub text: String,
    /// What is wrong, and how to type it.
    pub problem: String,
}

/// Reads a bite from words such as `2 3`, `2,3` or `row 2 column 3`.
pub fn parse_bite(text: &str) -> Result<Bite, UnclearBite> {
    let unclear = |problem: String| UnclearBite {
        text: text.trim().to_string(),
        problem,
    };
    let lower = text.to_lowercase();
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
            other => return Err(unclear(format!("'{other}' is not a number; {HOW}"))),
        }
    }
    match (row, column) {
        (Some(row), Some(column)) => Ok(Bite::new(row, column)),
        _ => Err(unclear(format!("it needs a row and a column; {HOW}"))),
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
        let how = "type a bite as ROW COLUMN, such as 2 3 for row 2, column 3";
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
        check(
            "two 3",
            Err(&format!(
                "'two 3' is not a bite: 'two' is not a number; {how}"
            )),
        );
        check(
            "2 -3",
            Err(&format!(
                "'2 -3' is not a bite: '-3' is not a number; {how}"
            )),
        );
        check(
            "99999999999999999999999 1",
            Err(
                "'99999999999999999999999 1' is not a bite: 99999999999999999999999 is far too big for a row or a column",
            ),
        );
    }
}
