//! How many sticks one move may take: any number (Nim), or only some
//! numbers, as in "take 1 to 3" or "take 2, 3 or 5" (subtraction games).

use std::fmt;

use super::commas::with_commas;
use super::row_reader::printable;

/// The largest take a set may name. Outcomes are computed upward one count
/// at a time and remembered over a window as wide as the largest take, so
/// the window is kept to a size that answers at once.
pub(crate) const LARGEST_TAKE: u64 = 1000;

/// The numbers of sticks a move may take from one row.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum TakeSet {
    /// Any number from 1 up to the whole row: Nim.
    #[default]
    Any,
    /// Only these numbers, ascending, distinct, each from 1 to
    /// `LARGEST_TAKE`.
    Only(Vec<u64>),
}

/// Why a `--take` value is not a set of takes.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BadTakeSet {
    /// Nothing was given.
    #[error("the set of takes is empty: give a range like 1-3 or a list like 2,3,5")]
    Empty,
    /// A part is not a number; the part is made `printable`.
    #[error("'{0}' is not a number of sticks: give a range like 1-3 or a list like 2,3,5")]
    NotANumber(String),
    /// An entry between commas is empty, counted from 1.
    #[error("entry {0} of the set of takes is empty: put a number between the commas")]
    EmptyEntry(usize),
    /// Zero was named.
    #[error("0 cannot be a take: every move takes at least one stick")]
    Zero,
    /// A range runs the wrong way.
    #[error("the range {from}-{to} runs backwards: write {to}-{from}")]
    Backwards { from: u64, to: u64 },
    /// A take is bigger than the limit, as typed: it may be too big for
    /// any number the tool holds.
    #[error(
        "{} is too many to take in one move: takes go up to {}",
        .0,
        with_commas(u128::from(LARGEST_TAKE))
    )]
    TooBig(String),
}

impl TakeSet {
    /// Reads a set such as `1-3`, `2,3,5` or `1-3,7`.
    pub fn parse(text: &str) -> Result<TakeSet, BadTakeSet> {
        if text.chars().all(|c| c == ',' || c.is_whitespace()) {
            return Err(BadTakeSet::Empty);
        }
        let mut takes = Vec::new();
        // An empty entry is refused, as it is among rows: `1,,2` is more
        // likely a slip than a list of two.
        for (i, part) in text.split(',').map(str::trim).enumerate() {
            if part.is_empty() {
                return Err(BadTakeSet::EmptyEntry(i + 1));
            }
            let (from, to) = match part.split_once('-') {
                Some((from, to)) => (number(from)?, number(to)?),
                None => (number(part)?, number(part)?),
            };
            if from == 0 || to == 0 {
                return Err(BadTakeSet::Zero);
            }
            if from > to {
                return Err(BadTakeSet::Backwards { from, to });
            }
            if to > LARGEST_TAKE {
                return Err(BadTakeSet::TooBig(to.to_string()));
            }
            takes.extend(from..=to);
        }
        takes.sort_unstable();
        takes.dedup();
        match takes.is_empty() {
            true => Err(BadTakeSet::Empty),
            false => Ok(TakeSet::Only(takes)),
        }
    }

    /// Whether a move may take `take` sticks.
    pub(crate) fn allows(&self, take: u64) -> bool {
        match self {
            TakeSet::Any => take >= 1,
            TakeSet::Only(takes) => takes.binary_search(&take).is_ok(),
        }
    }

    /// The takes possible from a row of `sticks`, ascending.
    pub fn takes_from(&self, sticks: u64) -> Box<dyn Iterator<Item = u64> + '_> {
        match self {
            TakeSet::Any => Box::new(1..=sticks),
            TakeSet::Only(takes) => {
                Box::new(takes.iter().copied().take_while(move |&t| t <= sticks))
            }
        }
    }

    /// The listed takes, or `None` for Nim.
    pub(crate) fn only(&self) -> Option<&[u64]> {
        match self {
            TakeSet::Any => None,
            TakeSet::Only(takes) => Some(takes),
        }
    }
}

fn number(text: &str) -> Result<u64, BadTakeSet> {
    let text = text.trim();
    match text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        true => Err(BadTakeSet::NotANumber(printable(text))),
        // All digits, so only overflow can fail: that is far too big.
        false => text
            .parse()
            .map_err(|_| BadTakeSet::TooBig(text.to_string())),
    }
}

impl fmt::Display for TakeSet {
    /// "any number", "1-3", "2, 3 or 5".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let takes = match self {
            TakeSet::Any => return f.write_str("any number"),
            TakeSet::Only(takes) => takes,
        };
        let contiguous = takes.windows(2).all(|w| w[1] == w[0] + 1);
        match takes.as_slice() {
            [only] => write!(f, "{only}"),
            [first, .., last] if contiguous && takes.len() > 2 => write!(f, "{first} to {last}"),
            [init @ .., last] => {
                let init: Vec<String> = init.iter().map(u64::to_string).collect();
                write!(f, "{} or {last}", init.join(", "))
            }
            [] => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parsing() {
        let only = |t: &[u64]| Ok(TakeSet::Only(t.to_vec()));
        assert_eq!(TakeSet::parse("1-3"), only(&[1, 2, 3]));
        assert_eq!(TakeSet::parse("2,3,5"), only(&[2, 3, 5]));
        assert_eq!(TakeSet::parse("5, 2,3,3"), only(&[2, 3, 5]));
        assert_eq!(TakeSet::parse("1-2,7"), only(&[1, 2, 7]));
        assert_eq!(TakeSet::parse("4"), only(&[4]));
        for (text, entry) in [("1,,2", 2), ("1,2,", 3), (",1", 1), ("1, ,2", 2)] {
            assert_eq!(
                TakeSet::parse(text),
                Err(BadTakeSet::EmptyEntry(entry)),
                "{text}"
            );
        }
        assert_eq!(TakeSet::parse("0"), Err(BadTakeSet::Zero));
        assert_eq!(TakeSet::parse("0-3"), Err(BadTakeSet::Zero));
        assert_eq!(
            TakeSet::parse("3-1"),
            Err(BadTakeSet::Backwards { from: 3, to: 1 })
        );
        assert_eq!(TakeSet::parse("x"), Err(BadTakeSet::NotANumber("x".into())));
        assert_eq!(
            TakeSet::parse("-1"),
            Err(BadTakeSet::NotANumber(String::new()))
        );
        assert_eq!(TakeSet::parse(""), Err(BadTakeSet::Empty));
        // Quoted in a message, a control character is written as an escape.
        assert_eq!(
            TakeSet::parse("1\u{c}2"),
            Err(BadTakeSet::NotANumber(r"1\u{c}2".into()))
        );
        assert_eq!(TakeSet::parse(" , "), Err(BadTakeSet::Empty));
        assert_eq!(
            TakeSet::parse("1-1001"),
            Err(BadTakeSet::TooBig("1001".into()))
        );
        assert_eq!(
            TakeSet::parse("99999999999999999999"),
            Err(BadTakeSet::TooBig("99999999999999999999".into()))
        );
    }

    #[test]
    fn wording() {
        let say = |t: &str| TakeSet::parse(t).unwrap().to_string();
        assert_eq!(say("1-3"), "1 to 3");
        assert_eq!(say("2,3,5"), "2, 3 or 5");
        assert_eq!(say("1,2"), "1 or 2");
        assert_eq!(say("4"), "4");
        assert_eq!(TakeSet::Any.to_string(), "any number");
    }

    #[test]
    fn takes_from_a_row() {
        let set = TakeSet::parse("2,3,5").unwrap();
        assert_eq!(set.takes_from(4).collect::<Vec<_>>(), vec![2, 3]);
        assert_eq!(set.takes_from(1).count(), 0);
        assert_eq!(
            TakeSet::Any.takes_from(3).collect::<Vec<_>>(),
            vec![1, 2, 3]
        );
        assert!(set.allows(5) && !set.allows(4));
    }
}
