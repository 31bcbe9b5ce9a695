//! What a pupil types at a prompt, in a lesson or a game.
//!
//! A move is `ROW COUNT` ("2 3" takes 3 sticks from row 2). The whole new
//! position may be typed instead: with commas ("3,5,6") always, or with
//! spaces when the number of rows is not 2 (with two rows, "1 3" is a move).
//! A few words are commands: `hint`, `show`, `undo`, `quit`.

use crate::rules::moves::{IllegalMove, Move};
use crate::rules::position::Position;
use crate::rules::row_reader::parse_number;
use crate::rules::take_set::TakeSet;

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
    /// The position after the move.
    To(Position),
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
        match numbers.as_slice() {
            [row, take] if !line.contains(',') => Answer::Take {
                row: *row,
                take: *take,
            },
            _ if numbers.len() == rows => Answer::To(Position::new(numbers)),
            _ => Answer::Unclear(format!(
                "type a move as ROW COUNT (\"2 3\" takes 3 from row 2) or the new position with {rows} numbers"
            )),
        }
    }

    /// The legal move this answer makes from `position` when moves may take
    /// only `takes`, if it is a move at all.
    pub fn to_move(
        &self,
        position: &Position,
        takes: &TakeSet,
    ) -> Option<Result<Move, IllegalMove>> {
        match self {
            Answer::Take { row, take } => Some(row_move(position, *row, *take, takes)),
            Answer::To(to) => Some(position.move_to_with(to, takes)),
            _ => None,
        }
    }
}

/// The legal move "take `take` from row `row`", with rows counted from 1.
pub fn row_move(
    position: &Position,
    row: u64,
    take: u64,
    takes: &TakeSet,
) -> Result<Move, IllegalMove> {
    match usize::try_from(row) {
        Ok(row) if (1..=position.len()).contains(&row) => {
            let mv = Move {
                pile: row - 1,
                take,
            };
            position.play_with(mv, takes).map(|_| mv)
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

    #[test]
    fn answers() {
        let take = |row, take| Answer::Take { row, take };
        let to = |piles: &[u64]| Answer::To(Position::new(piles.to_vec()));
        let cases = [
            ("2 3", 3, take(2, 3)),
            ("  2   3 ", 3, take(2, 3)),
            ("2 3", 2, take(2, 3)),
            ("2,3", 2, to(&[2, 3])),
            ("3,5,6", 3, to(&[3, 5, 6])),
            ("3 5 6", 3, to(&[3, 5, 6])),
            ("1 2", 2, take(1, 2)),
            ("HINT", 3, Answer::Hint),
            ("show", 3, Answer::Show),
            ("q", 3, Answer::Quit),
            ("undo", 3, Answer::Undo),
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
    }

    #[test]
    fn moves_from_answers() {
        let p = Position::new(vec![3, 5, 7]);
        assert_eq!(
            Answer::parse("1 1", 3).to_move(&p, &TakeSet::Any),
            Some(Ok(Move { pile: 0, take: 1 }))
        );
        assert_eq!(
            Answer::parse("0 1", 3).to_move(&p, &TakeSet::Any),
            Some(Err(IllegalMove::NoSuchRow { row: 0, rows: 3 }))
        );
        assert_eq!(
            Answer::parse("1 9", 3).to_move(&p, &TakeSet::Any),
            Some(Err(IllegalMove::TooMany {
                row: 1,
                has: 3,
                take: 9
            }))
        );
        assert_eq!(Answer::parse("hint", 3).to_move(&p, &TakeSet::Any), None);
    }
}
