//! What a pupil types in a game where one move may take from several rows,
//! read the way a pupil means it.
//!
//! - A row and how many, as in any game: `2 3`, `take 3 from row 2`,
//!   `row 2 take 3`, `2 all`.
//! - Several rows are joined with commas or "and", or simply said one
//!   after the other: `1 2, 3 1`, `take 2 from row 1 and all from row 2`,
//!   `row 2 take 1 row 3 take 4`, `2 all, 3 all`, and without commas
//!   `2 1 3 1` when the numbers cannot be the rows after the move.
//! - One count for several rows: `take all from rows 2 and 3`, `take 2
//!   from each row`.
//! - The rows after the move may be typed instead: `3 3 3` or `3,3,3`.
//!   With two rows `4 4` could mean either; both readings are kept, and a
//!   prompt takes the row and the count, the way its instructions teach.
//!
//! Commands (`hint`, `show`, …) are read by [`super::Said`], as in every
//! game. What cannot be read is told as what was understood and what was
//! not; how to type a move is added by the caller, with an example that
//! fits the board.

use super::answer::Answer;
use super::spoken::spoken;
use crate::rules::moves::{IllegalMove, Move};
use crate::rules::multi_move::MultiMove;
use crate::rules::nim::Nim;
use crate::rules::position::Position;
use crate::rules::row_reader::printable;
use crate::teach::words::and_list;

/// A line of numbers, read as a move from one or several rows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Typed {
    /// Sticks taken from rows: each (row from 1, count), as typed.
    Takes(Vec<(u64, u64)>),
    /// The rows after the move.
    To(Position),
    /// Two numbers with two rows: a move (row, count) or the rows after.
    Either {
        /// Read as a move: the row, from 1.
        row: u64,
        /// Read as a move: how many sticks.
        take: u64,
        /// Read as the rows after the move.
        to: Position,
    },
    /// A single number with several rows: how many to take, which is clear
    /// only when one row has sticks.
    Bare(u64),
    /// Not a move; the text says what was understood and what was not.
    Unclear(String),
}

/// What a typed move comes to at a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Meant {
    /// One legal move.
    Move(MultiMove),
    /// An illegal move, and why.
    Illegal(IllegalMove),
    /// Two different legal moves: the pupil must say which.
    Either {
        /// The answer read as ROW COUNT.
        take: MultiMove,
        /// The answer read as the rows after the move.
        to: MultiMove,
    },
}

impl Typed {
    /// Reads a line typed at a board of `piles`.
    pub(crate) fn parse(line: &str, piles: &[u64]) -> Typed {
        let rows = piles.len();
        let plain = spoken(line, piles);
        let words: Vec<&str> = plain.split([' ', ',']).filter(|w| !w.is_empty()).collect();
        // "take 2 from each row": the same count from every row.
        if words
            .iter()
            .any(|w| matches!(*w, "each" | "every" | "both"))
        {
            return each(&words, rows);
        }
        // "leave 1 0": the rows after the move.
        if let Answer::Leave(left) = Answer::parse(&plain) {
            return match left.len() == rows {
                true => Typed::To(Position::new(left)),
                false => Typed::Unclear(format!(
                    "to say the rows you leave, give one number for each of the {rows} rows"
                )),
            };
        }
        let groups = groups(&plain);
        // Each group is a row and a count, in words or numbers.
        let mut numbers: Vec<Vec<u64>> = Vec::new();
        let mut last_count: Option<Count> = None;
        for group in &groups {
            let read = match Answer::parse_at(group, piles) {
                Answer::Take { row, take } => Some((row, Count::Sticks(take))),
                // "from 9": row 9, or where there is none, the one row of 9.
                Answer::TakeFrom { of, take } => {
                    let sized = piles.iter().position(|&has| has == of);
                    let row = match (of as usize > piles.len(), sized) {
                        (true, Some(pile)) if piles.iter().filter(|&&h| h == of).count() == 1 => {
                            pile as u64 + 1
                        }
                        _ => of,
                    };
                    Some((row, Count::Sticks(take)))
                }
                Answer::All(Some(row)) => Some((row, Count::All)),
                Answer::LeaveIn { row, left } => Some((row, Count::Leave(left))),
                // "and row 3": the count said before it.
                Answer::Row(row) => last_count.map(|count| (row, count)),
                _ => None,
            };
            match read {
                Some((row, count)) => {
                    last_count = Some(count);
                    numbers.push(vec![row, count.from(row, piles)]);
                }
                None => {
                    let parsed: Result<Vec<u64>, &str> = group
                        .split_whitespace()
                        .map(|w| w.parse::<u64>().map_err(|_| w))
                        .collect();
                    match parsed {
                        Ok(parsed) => numbers.push(parsed),
                        Err(word) => return Typed::Unclear(not_read(&plain, word)),
                    }
                }
            }
        }
        let all: Vec<u64> = numbers.concat();
        let pairs = numbers.len() >= 2 && numbers.iter().all(|g| g.len() == 2);
        let commas = numbers.len() > 1;
        match (all.as_slice(), pairs) {
            (_, true) => Typed::Takes(numbers.iter().map(|g| (g[0], g[1])).collect()),
            ([take], _) if rows == 1 => Typed::Takes(vec![(1, *take)]),
            ([take], _) => Typed::Bare(*take),
            (&[row, take], _) if rows == 2 && !commas => Typed::Either {
                row,
                take,
                to: Position::new(all),
            },
            (&[row, take], _) if !commas || rows != 2 => Typed::Takes(vec![(row, take)]),
            (all, _) if all.len() == rows => Typed::To(Position::new(all.to_vec())),
            // "2 1 3 1": rows and counts in turn, when they cannot be the
            // rows after the move.
            (all, _) if !commas && all.len() % 2 == 0 => {
                Typed::Takes(all.chunks(2).map(|pair| (pair[0], pair[1])).collect())
            }
            (all, _) => Typed::Unclear(format!(
                "I read {}, which is neither a row and how many for each row nor one number for each of the {rows} rows",
                and_list(all)
            )),
        }
    }

    /// What this comes to at `position` in `game`, or what was not
    /// understood.
    pub(crate) fn resolve(&self, position: &Position, game: &Nim) -> Result<Meant, String> {
        let meant = |mv: Result<MultiMove, IllegalMove>| match mv {
            Ok(mv) => Meant::Move(mv),
            Err(illegal) => Meant::Illegal(illegal),
        };
        Ok(match self {
            Typed::Takes(parts) => meant(takes(position, parts, game)),
            Typed::To(to) => meant(position.multi_move_to(to, game)),
            Typed::Either { row, take, to } => {
                let taken = takes(position, &[(*row, *take)], game);
                let left = position.multi_move_to(to, game);
                match (taken, left) {
                    (Ok(a), Ok(b)) if a != b => Meant::Either { take: a, to: b },
                    (Ok(mv), _) | (_, Ok(mv)) => Meant::Move(mv),
                    // Neither works: say what is wrong with the reading the
                    // numbers fit best, a row that exists or else the rows.
                    (Err(illegal), Err(_)) if (1..=2).contains(row) => Meant::Illegal(illegal),
                    (Err(_), Err(illegal)) => Meant::Illegal(illegal),
                }
            }
            Typed::Bare(take) => {
                let piles = position.piles();
                let mut with_sticks = (0..piles.len()).filter(|&i| piles[i] > 0);
                match (with_sticks.next(), with_sticks.next()) {
                    (Some(only), None) => meant(takes(position, &[(only as u64 + 1, *take)], game)),
                    _ => return Err(format!("I read {take}, but not which row to take it from")),
                }
            }
            Typed::Unclear(why) => return Err(why.clone()),
        })
    }
}

/// How many a group takes from its row.
#[derive(Clone, Copy, Debug)]
enum Count {
    Sticks(u64),
    All,
    Leave(u64),
}

impl Count {
    /// The sticks taken from `row` (from 1) of `piles`; an impossible
    /// count where the row is not there, for the move's check to refuse.
    fn from(self, row: u64, piles: &[u64]) -> u64 {
        let has = usize::try_from(row)
            .ok()
            .and_then(|row| row.checked_sub(1))
            .and_then(|pile| piles.get(pile).copied());
        match (self, has) {
            (Count::Sticks(take), _) => take,
            (Count::All, Some(has)) => has,
            (Count::Leave(left), Some(has)) => has.saturating_sub(left),
            (_, None) => 1,
        }
    }
}

/// The line cut into the parts of a move: at commas and "and", before
/// "row" once a part has its row and count, and "rows 2 and 3" into a part
/// for each row.
fn groups(plain: &str) -> Vec<String> {
    // "rows 2 and 3": a part for each row, the later ones taking the count
    // of the first.
    let words: Vec<&str> = plain.split_whitespace().collect();
    let mut listed: Vec<String> = Vec::new();
    let mut i = 0;
    while i < words.len() {
        if words[i] == "rows" {
            let mut rows = Vec::new();
            i += 1;
            while let Some(word) = words.get(i) {
                match word.trim_end_matches(',') {
                    n if n.parse::<u64>().is_ok() => rows.push(format!("row {n}")),
                    "and" | "" => {}
                    _ => break,
                }
                i += 1;
            }
            listed.push(rows.join(", "));
            continue;
        }
        listed.push(words[i].to_string());
        i += 1;
    }
    let spaced = listed.join(" ").replace(" and ", ",");
    let mut groups: Vec<Vec<String>> = Vec::new();
    for part in spaced.split(',') {
        let words: Vec<&str> = part.split_whitespace().collect();
        let mut current: Vec<String> = Vec::new();
        for &word in &words {
            let complete = current.iter().filter(|w| w.parse::<u64>().is_ok()).count() >= 2
                || current.iter().any(|w| w == "all") && current.iter().any(|w| w == "row");
            if matches!(word, "row" | "take" | "from") && complete {
                groups.push(std::mem::take(&mut current));
            }
            current.push(word.to_string());
        }
        groups.push(current);
    }
    groups
        .into_iter()
        .map(|g| g.join(" "))
        .filter(|g| !g.trim().is_empty())
        .collect()
}

/// "take 2 from each row": that count from every one of `rows` rows.
fn each(words: &[&str], rows: usize) -> Typed {
    let numbers: Vec<u64> = words.iter().filter_map(|w| w.parse().ok()).collect();
    match numbers.as_slice() {
        [take] => Typed::Takes((1..=rows as u64).map(|row| (row, *take)).collect()),
        _ => Typed::Unclear("I could not tell how many to take from each row".to_string()),
    }
}

/// Why a line was not read, saying what was understood and what was not:
/// "I read 2 and 3, but not 'banana'".
fn not_read(plain: &str, word: &str) -> String {
    let read: Vec<u64> = plain
        .split([' ', ','])
        .filter_map(|w| w.parse().ok())
        .collect();
    let shown = printable(word);
    match read.as_slice() {
        [] => format!("I could not read '{shown}' as part of a move"),
        read => format!("I read {}, but not '{shown}'", and_list(read)),
    }
}

/// The move taking each (row from 1, count) of `parts`, checked.
fn takes(position: &Position, parts: &[(u64, u64)], game: &Nim) -> Result<MultiMove, IllegalMove> {
    let moves: Result<Vec<Move>, IllegalMove> = parts
        .iter()
        .map(|&(row, take)| match usize::try_from(row) {
            Ok(row) if (1..=position.len()).contains(&row) => Ok(Move {
                pile: row - 1,
                take,
            }),
            _ => Err(IllegalMove::NoSuchRow {
                row: usize::try_from(row).unwrap_or(usize::MAX),
                rows: position.len(),
            }),
        })
        .collect();
    let mv = MultiMove::new(moves?);
    position.play_multi(&mv, game)?;
    Ok(mv)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::rule::Rule;

    /// A board of `rows` rows of 7 sticks.
    fn board(rows: usize) -> Vec<u64> {
        vec![7; rows]
    }

    #[test]
    fn lines_read_as_moves() {
        let takes = |parts: &[(u64, u64)]| Typed::Takes(parts.to_vec());
        let to = |piles: &[u64]| Typed::To(Position::new(piles.to_vec()));
        let cases = [
            ("2 3", 3, takes(&[(2, 3)])),
            ("1 2, 3 1", 3, takes(&[(1, 2), (3, 1)])),
            ("1 2,3 1", 3, takes(&[(1, 2), (3, 1)])),
            ("1 2 and 3 1", 3, takes(&[(1, 2), (3, 1)])),
            ("1 2 AND 3 1", 4, takes(&[(1, 2), (3, 1)])),
            ("1 1, 2 1", 2, takes(&[(1, 1), (2, 1)])),
            ("3 3 3", 3, to(&[3, 3, 3])),
            ("3,3,3", 3, to(&[3, 3, 3])),
            ("4,4", 2, to(&[4, 4])),
            ("5", 1, takes(&[(1, 5)])),
            (
                "4 4",
                2,
                Typed::Either {
                    row: 4,
                    take: 4,
                    to: Position::new(vec![4, 4]),
                },
            ),
        ];
        for (line, rows, expected) in cases {
            assert_eq!(
                Typed::parse(line, &board(rows)),
                expected,
                "{line:?} with {rows} rows"
            );
        }
        assert_eq!(Typed::parse("3", &board(3)), Typed::Bare(3));
        // Moore's games in a pupil's words.
        assert_eq!(Typed::parse("leave 1 0", &board(2)), to(&[1, 0]));
        assert_eq!(
            Typed::parse("take 2 from each row", &board(3)),
            takes(&[(1, 2), (2, 2), (3, 2)])
        );
        assert_eq!(
            Typed::parse("2 banana", &board(3)),
            Typed::Unclear("I read 2, but not 'banana'".to_string())
        );
        // Rows and counts in turn, without commas, where they cannot be
        // the rows after the move; and all of a row.
        assert_eq!(Typed::parse("1 2 3 1", &board(3)), takes(&[(1, 2), (3, 1)]));
        assert_eq!(
            Typed::parse("2 all, 3 all", &[1, 2, 3]),
            takes(&[(2, 2), (3, 3)])
        );
        for (line, rows) in [("1 2, 3 1 4", 3), ("x", 3), ("-1", 3), ("1 2 3 1 4", 3)] {
            assert!(
                matches!(Typed::parse(line, &board(rows)), Typed::Unclear(_)),
                "{line:?} with {rows} rows"
            );
        }
    }

    #[test]
    fn moves_are_checked_against_the_game() {
        let game = Nim::new(Rule::Misere).with_rows_per_move(2).unwrap();
        let p = Position::new(vec![1, 2, 3]);
        let meant = |line: &str| Typed::parse(line, p.piles()).resolve(&p, &game);
        let mv = |parts: &[(usize, u64)]| {
            MultiMove::new(
                parts
                    .iter()
                    .map(|&(r, take)| Move { pile: r - 1, take })
                    .collect(),
            )
        };
        assert_eq!(meant("2 2, 3 3"), Ok(Meant::Move(mv(&[(2, 2), (3, 3)]))));
        // The words the tool itself uses for such a move.
        assert_eq!(
            meant("take 2 from row 2 and 3 from row 3"),
            Ok(Meant::Move(mv(&[(2, 2), (3, 3)])))
        );
        assert_eq!(meant("1 0 0"), Ok(Meant::Move(mv(&[(2, 2), (3, 3)]))));
        assert_eq!(
            meant("0 1 2"),
            Ok(Meant::Illegal(IllegalMove::TooManyRows {
                changed: 3,
                allowed: 2
            }))
        );
        assert_eq!(
            meant("4 1, 1 1"),
            Ok(Meant::Illegal(IllegalMove::NoSuchRow { row: 4, rows: 3 }))
        );
        assert_eq!(
            meant("1 1, 1 1"),
            Ok(Meant::Illegal(IllegalMove::SameRowTwice { row: 1 }))
        );
        assert_eq!(
            Typed::parse("2", &[0, 0, 3]).resolve(&Position::new(vec![0, 0, 3]), &game),
            Ok(Meant::Move(mv(&[(3, 2)])))
        );
        assert!(meant("2").is_err());
        // Two rows, "1 1": row 1 take 1, or the rows 1 and 1.
        let two = Position::new(vec![2, 3]);
        assert_eq!(
            Typed::parse("1 1", two.piles()).resolve(&two, &game),
            Ok(Meant::Either {
                take: mv(&[(1, 1)]),
                to: mv(&[(1, 1), (2, 2)]),
            })
        );
    }
}
