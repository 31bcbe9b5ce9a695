//! What a pupil types at a prompt, read the way a pupil means it.
//!
//! - In a game with one row, a bare number is how many to take: `1`.
//! - Otherwise `ROW COUNT` takes COUNT sticks from ROW: `2 3`.
//! - The rows after the move may be typed instead, with commas or spaces:
//!   `3,5,6` or `3 5 6`. With two rows, `4 4` could be either; both
//!   readings are kept, and [`Answer::resolve`] settles which was meant,
//!   or says the pupil must be asked.
//! - `yes`, `no`, `y`, `n` answer a yes-or-no question.
//! - A few words are commands: `hint`, `show`, `undo`, `quit`.

use crate::rules::game::Game;
use crate::rules::moves::{IllegalMove, Move};
use crate::rules::position::Position;
use crate::rules::row_reader::parse_number;

/// One line typed by the pupil, understood.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// Take sticks from a row: `row` counts from 1, as typed.
    Take {
        /// The row number as typed, from 1.
        row: u64,
        /// How many sticks.
        take: u64,
    },
    /// The rows after the move.
    To(Position),
    /// A single number with several rows: how many to take, which is clear
    /// only when one row has sticks, or when every row left has one.
    Bare(u64),
    /// Two numbers with two rows: a move (row, count) or the rows after.
    Either {
        /// Read as a move: the row, from 1.
        row: u64,
        /// Read as a move: how many sticks.
        take: u64,
        /// Read as the rows after the move.
        to: Position,
    },
    /// Yes.
    Yes,
    /// No.
    No,
    /// Ask for the next hint.
    Hint,
    /// Reveal the answer.
    Show,
    /// Take back the last moves.
    Undo,
    /// Stop.
    Quit,
    /// Nothing typed.
    Empty,
    /// Something that is none of the above; the text says what was wrong.
    Unclear(String),
}

/// What an answer comes to at a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Meant {
    /// One legal move.
    Move(Move),
    /// An illegal move, and why.
    Illegal(IllegalMove),
    /// Numbers that do not say which move is meant.
    Unclear(String),
    /// Two different legal moves: the pupil must say which.
    Either {
        /// The answer read as ROW COUNT.
        take: Move,
        /// The answer read as the rows after the move.
        to: Move,
    },
}

impl Answer {
    /// Reads a line typed at a position with `rows` rows.
    pub fn parse(line: &str, rows: usize) -> Answer {
        let line = line.trim();
        let lower = line.to_lowercase();
        match lower.as_str() {
            "" => return Answer::Empty,
            "hint" | "h" | "?" => return Answer::Hint,
            "show" | "answer" | "s" => return Answer::Show,
            "undo" | "u" => return Answer::Undo,
            "quit" | "q" | "exit" => return Answer::Quit,
            "yes" | "y" => return Answer::Yes,
            "no" | "n" => return Answer::No,
            _ => {}
        }
        let parts: Vec<&str> = line
            .split(|c: char| c == ',' || c.is_whitespace())
            .filter(|p| !p.is_empty())
            .collect();
        let numbers: Result<Vec<u64>, _> =
            parts.iter().map(|p| parse_number(p, "number")).collect();
        let numbers = match numbers {
            Ok(numbers) => numbers,
            Err(e) => return Answer::Unclear(e.to_string()),
        };
        let commas = line.contains(',');
        match (numbers.as_slice(), rows) {
            ([take], 1) => Answer::Take {
                row: 1,
                take: *take,
            },
            ([take], _) => Answer::Bare(*take),
            (&[row, take], 2) if !commas => Answer::Either {
                row,
                take,
                to: Position::new(numbers),
            },
            (&[row, take], _) if !commas || rows != 2 => Answer::Take { row, take },
            (_, _) if numbers.len() == rows => Answer::To(Position::new(numbers)),
            _ => Answer::Unclear(match rows {
                1 => "type how many sticks to take, such as 2".to_string(),
                _ => format!(
                    "type a move as ROW COUNT (\"2 3\" takes 3 sticks from row 2) or the rows after it, {rows} numbers"
                ),
            }),
        }
    }

    /// What this answer comes to at `position`, if it is a move at all.
    pub fn resolve(&self, position: &Position, game: &Game) -> Option<Meant> {
        let meant = |mv: Result<Move, IllegalMove>| match mv {
            Ok(mv) => Meant::Move(mv),
            Err(illegal) => Meant::Illegal(illegal),
        };
        Some(match self {
            Answer::Take { row, take } => meant(row_move(position, *row, *take, game)),
            Answer::To(to) => meant(position.move_to_with(to, &game.takes)),
            Answer::Bare(take) => {
                let piles = position.piles();
                let with_sticks: Vec<usize> = (0..piles.len()).filter(|&i| piles[i] > 0).collect();
                let singles = with_sticks.iter().all(|&i| piles[i] == 1);
                match (with_sticks.as_slice(), singles && *take == 1) {
                    // Only one row can be taken from.
                    ([row], _) => meant(row_move(position, *row as u64 + 1, *take, game)),
                    // Every row left has one stick: they are all alike.
                    ([row, ..], true) => meant(row_move(position, *row as u64 + 1, 1, game)),
                    _ => Meant::Unclear(
                        "a single number does not say which row; type ROW COUNT (\"2 3\" takes 3 sticks from row 2) or the rows after the move".to_string(),
                    ),
                }
            }
            Answer::Either { row, take, to } => {
                let taken = row_move(position, *row, *take, game);
                let left = position.move_to_with(to, &game.takes);
                match (taken, left) {
                    (Ok(a), Ok(b)) if a != b => Meant::Either { take: a, to: b },
                    (Ok(mv), _) | (_, Ok(mv)) => Meant::Move(mv),
                    // Neither works: say what is wrong with the reading the
                    // numbers fit best, a row that exists or else the rows.
                    (Err(illegal), Err(_)) if (1..=2).contains(row) => Meant::Illegal(illegal),
                    (Err(_), Err(illegal)) => Meant::Illegal(illegal),
                }
            }
            _ => return None,
        })
    }
}

/// The legal move "take `take` from row `row`", with rows counted from 1.
pub fn row_move(
    position: &Position,
    row: u64,
    take: u64,
    game: &Game,
) -> Result<Move, IllegalMove> {
    match usize::try_from(row) {
        Ok(row) if (1..=position.len()).contains(&row) => {
            let mv = Move {
                pile: row - 1,
                take,
            };
            position.play_with(mv, &game.takes).map(|_| mv)
        }
        _ => Err(IllegalMove::NoSuchRow {
            row: usize::try_from(row).unwrap_or(usize::MAX),
            rows: position.len(),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::rule::Rule;
    use crate::rules::take_set::TakeSet;

    #[test]
    fn answers() {
        let take = |row, take| Answer::Take { row, take };
        let to = |piles: &[u64]| Answer::To(Position::new(piles.to_vec()));
        let either = |row, take| Answer::Either {
            row,
            take,
            to: Position::new(vec![row, take]),
        };
        let cases = [
            ("1", 1, take(1, 1)),
            (" 3 ", 1, take(1, 3)),
            ("1 3", 1, take(1, 3)),
            ("2 3", 3, take(2, 3)),
            ("  2   3 ", 3, take(2, 3)),
            ("4 4", 2, either(4, 4)),
            ("4,4", 2, to(&[4, 4])),
            ("3,5,6", 3, to(&[3, 5, 6])),
            ("3 5 6", 3, to(&[3, 5, 6])),
            ("2,3", 4, take(2, 3)),
            ("HINT", 3, Answer::Hint),
            ("show", 3, Answer::Show),
            ("q", 3, Answer::Quit),
            ("undo", 3, Answer::Undo),
            ("Yes", 3, Answer::Yes),
            ("n", 1, Answer::No),
            ("", 3, Answer::Empty),
        ];
        for (line, rows, expected) in cases {
            assert_eq!(
                Answer::parse(line, rows),
                expected,
                "{line:?} with {rows} rows"
            );
        }
        assert!(matches!(Answer::parse("two", 3), Answer::Unclear(_)));
        assert!(matches!(Answer::parse("1 2 3 4", 3), Answer::Unclear(_)));
        assert!(matches!(Answer::parse("-1 2", 3), Answer::Unclear(_)));
        assert!(matches!(Answer::parse("1 2", 1), Answer::Take { .. }));
        assert_eq!(Answer::parse("3", 4), Answer::Bare(3));
    }

    fn meant(line: &str, rows: &[u64], game: &Game) -> Option<Meant> {
        let p = Position::new(rows.to_vec());
        Answer::parse(line, p.len()).resolve(&p, game)
    }

    #[test]
    fn readings_settle_on_the_move_that_is_legal() {
        let nim = Game::nim(Rule::Misere);
        let mv = |row: usize, take| {
            Meant::Move(Move {
                pile: row - 1,
                take,
            })
        };
        // A bare number in the 21 game takes that many.
        let one_to_three = Game::with_takes(Rule::Misere, TakeSet::parse("1-3").unwrap());
        assert_eq!(meant("1", &[21], &one_to_three), Some(mv(1, 1)));
        // "4 4" with two rows: there is no row 4, so it is the rows after.
        assert_eq!(meant("4 4", &[4, 6], &nim), Some(mv(2, 2)));
        // Both readings the same move: no need to ask.
        assert_eq!(meant("1 4", &[5, 4], &nim), Some(mv(1, 4)));
        // Two different legal moves: ask.
        assert_eq!(
            meant("1 1", &[5, 1], &nim),
            Some(Meant::Either {
                take: Move { pile: 0, take: 1 },
                to: Move { pile: 0, take: 4 },
            })
        );
        assert_eq!(
            meant("2 9", &[5, 4], &nim),
            Some(Meant::Illegal(IllegalMove::TooMany {
                row: 2,
                has: 4,
                take: 9
            }))
        );
        assert_eq!(meant("hint", &[5, 4], &nim), None);
        // A single number: clear with one row left, or only single sticks.
        assert_eq!(meant("3", &[0, 5, 0], &nim), Some(mv(2, 3)));
        assert_eq!(meant("1", &[1, 0, 1, 1], &nim), Some(mv(1, 1)));
        assert!(matches!(meant("1", &[1, 2], &nim), Some(Meant::Unclear(_))));
    }
}
