//! What a pupil types for a move of Nim, read the way a pupil means it.
//!
//! Spaces and commas are read alike, capitals and a final `!` or `.` do
//! not matter, and a few words may be mixed in, the way the tool itself
//! writes moves:
//!
//! - `2 3`, `take 3 from row 2`, `2 take 3`, `row 2 take 3`, `r2 3`: take
//!   3 sticks from row 2; numbers may be words up to twenty, so `take two
//!   from row three` is `3 2`;
//! - `3` or `take 3`: take 3 sticks, when only one row has any;
//! - `2 all`, `all from row 2`, `take all from row 2`: empty row 2;
//! - the rows after the move, `3 5 6`, `3,5,6` or `leave 3 5 6`; empty
//!   rows may be left out, so at `0 5 7`, `5 5` means `0 5 5`;
//! - and, as in every game (`Said`), yes and no in a pupil's words,
//!   the commands `hint`, `show`, `undo` and `quit`, and "I don't know",
//!   which gets a nudge rather than a telling-off.
//!
//! Two numbers may be a row and a count, or the rows after the move. When
//! only one reading is a legal move, that one is meant: at `4 6` there is
//! no row 4, so `4 4` leaves 4 and 4. When both are, and they differ
//! (`2 1` at `2 3`), [`Answer::resolve`] keeps both, and the pupil is
//! asked which was meant. With empty rows left out, the row and the count
//! come first; after `leave` the numbers are the rows.

use super::Said;
use super::spoken::spoken;
use crate::rules::moves::{IllegalMove, Move};
use crate::rules::nim::Nim;
use crate::rules::position::Position;
use crate::teach::words::word_number;

/// One line typed by the pupil, understood.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// Numbers alone: a count, a row and a count, or the rows after.
    Numbers(Vec<u64>),
    /// Words said which number is the row: `take 3 from row 2`.
    Take {
        /// The row number as typed, from 1.
        row: u64,
        /// How many sticks.
        take: u64,
    },
    /// How many to take from a number that may be a row or a row's sticks:
    /// `take 1 from 3`, `take one from the three`, `1 from the 3 row`.
    TakeFrom {
        /// The number after "from", from 1.
        of: u64,
        /// How many sticks.
        take: u64,
    },
    /// How many to take, and no row: `take 3`.
    HowMany(u64),
    /// Every stick of a row: `2 all`, or `take all` without a row.
    All(Option<u64>),
    /// Every stick of the row that has this many: `take all 4`.
    AllOf(u64),
    /// A row, and no count: `row 3`, `take the first`.
    Row(u64),
    /// Any row will do: `take 1 from any row`, or with no count, `any`.
    Any(Option<u64>),
    /// What to leave in a row: `row 1 leaves 2`, `leave 2 in row 1`.
    LeaveIn {
        /// The row, from 1.
        row: u64,
        /// The sticks to leave in it.
        left: u64,
    },
    /// The rows to leave: `leave 17`, `leave 3 3`; read as a row and a
    /// count only when they cannot be the rows after the move.
    Leave(Vec<u64>),
    /// Words that mean the same in every game: a command, yes or no.
    Said(Said),
    /// Something that is none of the above.
    Unclear,
}

/// What an answer comes to at a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Meant {
    /// One legal move.
    Move(Move),
    /// A line that is a legal move two ways, to ask which was meant: two
    /// numbers as a row and a count and as the rows after the move (`2 1`
    /// at `2 3`), as a count and a row and as the rows left with sticks
    /// (`1 2` at `0 1 0 4`), or "from 2" as row 2 and as the row of 2 (`take
    /// 1 from the 2 row` at `2 3`).
    Either {
        /// The move read the first way: a row (or a count) first, or the
        /// row by its number.
        take: Move,
        /// The move read the other way: the rows after it, or the row by
        /// its sticks.
        to: Move,
    },
    /// An illegal move, and why.
    Illegal(IllegalMove),
    /// A count (or "all") with no row, where several rows have sticks.
    WhichRow {
        /// The count typed, or `None` for "all".
        take: Option<u64>,
    },
    /// A row with no count.
    HowMany {
        /// The row, from 1.
        row: u64,
    },
    /// "All 4" where no row has exactly that many sticks.
    NoRowOf {
        /// The sticks said.
        sticks: u64,
    },
    /// A move from a row that has no sticks.
    EmptyRow {
        /// The row, from 1.
        row: u64,
    },
    /// "Any row", where the rows that could give it do not all come to
    /// the same: the moves they would be, for the game to weigh.
    AnyOf(Vec<Move>),
    /// Words or numbers that fit no move.
    Unclear,
}

/// One word or number of a typed move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Token {
    Number(u64),
    /// `row 3`: a number said to be a row.
    Row(u64),
    Take,
    From,
    All,
    Leave,
    Any,
}

impl Answer {
    /// Reads a line as typed.
    pub fn parse(line: &str) -> Answer {
        Answer::parse_at(line, &[])
    }

    /// Reads a line as typed at a board of `rows`, which says what "the
    /// last row" and "the big row" are.
    pub(crate) fn parse_at(line: &str, rows: &[u64]) -> Answer {
        match Said::parse(line) {
            Some(said) => Answer::Said(said),
            None => match tokens(&spoken(line, rows)) {
                Some(tokens) => from_tokens(&tokens),
                None => Answer::Unclear,
            },
        }
    }

    /// What this answer comes to at `position`, if it is a move at all.
    pub fn resolve(&self, position: &Position, game: &Nim) -> Option<Meant> {
        Some(match self {
            Answer::Numbers(numbers) => numbers_meant(numbers, position, game),
            Answer::Take { row, take } => meant(row_move(position, *row, *take, game)),
            Answer::TakeFrom { of, take } => from_row_or_size(*of, *take, position, game),
            Answer::HowMany(take) => match only_row(position) {
                Some(pile) => meant(row_move(position, pile as u64 + 1, *take, game)),
                // Where only one row can give it, or every row that can
                // comes to the same, the count says the move.
                None => match alike(position, game, |has| Some(*take).filter(|&t| t <= has)) {
                    Some(mv) => Meant::Move(mv),
                    None => Meant::WhichRow { take: Some(*take) },
                },
            },
            Answer::All(Some(row)) => all_from(position, *row, game),
            Answer::All(None) => match only_row(position) {
                Some(pile) => all_from(position, pile as u64 + 1, game),
                None => match alike(position, game, |has| Some(has).filter(|&h| h > 0)) {
                    Some(mv) => Meant::Move(mv),
                    None => Meant::WhichRow { take: None },
                },
            },
            // The row with that many: where several have, which does not
            // matter if every one comes to the same, and else is asked.
            Answer::AllOf(sticks) => {
                let whole = |has| Some(has).filter(|&h| h == *sticks && h > 0);
                let first = position
                    .piles()
                    .iter()
                    .position(|&has| whole(has).is_some());
                match (
                    takes_of(position, game, whole).len(),
                    alike(position, game, whole),
                ) {
                    // The rules may not let a whole row go: their reason.
                    (0, _) => match first {
                        Some(pile) => meant(row_move(position, pile as u64 + 1, *sticks, game)),
                        None => Meant::NoRowOf { sticks: *sticks },
                    },
                    (_, Some(mv)) => Meant::Move(mv),
                    _ => Meant::WhichRow {
                        take: Some(*sticks),
                    },
                }
            }
            Answer::Any(Some(take)) => {
                let moves = takes_of(position, game, |has| Some(*take).filter(|&t| t <= has));
                match (
                    moves.as_slice(),
                    alike(position, game, |has| Some(*take).filter(|&t| t <= has)),
                ) {
                    ([], _) => Meant::WhichRow { take: Some(*take) },
                    (_, Some(mv)) => Meant::Move(mv),
                    _ => Meant::AnyOf(moves),
                }
            }
            // "Any" with no count: only where each row has one move.
            Answer::Any(None) => {
                let one_each = position
                    .piles()
                    .iter()
                    .all(|&has| game.takes.takes_from(has).nth(1).is_none());
                let moves = takes_of(position, game, |has| game.takes.takes_from(has).next());
                match (
                    one_each,
                    alike(position, game, |has| game.takes.takes_from(has).next()),
                ) {
                    (true, Some(mv)) => Meant::Move(mv),
                    (true, None) if !moves.is_empty() => Meant::AnyOf(moves),
                    _ => Meant::WhichRow { take: None },
                }
            }
            Answer::LeaveIn { row, left } => {
                let has = usize::try_from(*row)
                    .ok()
                    .and_then(|row| row.checked_sub(1))
                    .and_then(|pile| position.piles().get(pile).copied());
                match has {
                    Some(has) if *left < has => meant(row_move(position, *row, has - left, game)),
                    Some(has) => Meant::Illegal(IllegalMove::SticksAdded {
                        row: *row as usize,
                        from: has,
                        to: *left,
                    }),
                    None => meant(row_move(position, *row, 1, game)),
                }
            }
            // A row of one stick can only lose that stick.
            Answer::Row(row) => match row_move(position, *row, 1, game) {
                Ok(mv) if position.piles()[mv.pile] == 1 => Meant::Move(mv),
                _ => Meant::HowMany { row: *row },
            },
            Answer::Leave(rows) => rows_meant(rows, position, game),
            Answer::Unclear => Meant::Unclear,
            _ => return None,
        })
    }
}

/// "Take `take` from `of`", where `of` may be a row's number or its
/// sticks ("take one from the 9" at 4 6 9). With no row `of`, the row that
/// has `of` sticks is meant, if only one has (or every one that has comes
/// to the same); where both readings are legal moves and differ, both are
/// kept, to ask which was meant. A reading that is no legal move gives way
/// to the other; where neither is legal, the row `of` says why, if there
/// is one, and else the row of that size.
fn from_row_or_size(of: u64, take: u64, position: &Position, game: &Nim) -> Meant {
    let numbered = row_move(position, of, take, game);
    let sized_rows = takes_of(position, game, |has| (has == of).then_some(take));
    let sized = alike(position, game, |has| (has == of).then_some(take));
    let is_row = (1..=position.len() as u64).contains(&of);
    match (numbered, sized) {
        (Ok(numbered), Some(sized)) if position.piles()[numbered.pile] != of => Meant::Either {
            take: numbered,
            to: sized,
        },
        (Ok(mv), _) | (_, Some(mv)) => Meant::Move(mv),
        (Err(illegal), None) if is_row => meant(Err(illegal)),
        // Rows of that size that come to different moves: which one?
        (Err(_), None) if !sized_rows.is_empty() => Meant::WhichRow { take: Some(take) },
        (Err(illegal), None) => match position.piles().iter().position(|&has| has == of) {
            Some(pile) => meant(row_move(position, pile as u64 + 1, take, game)),
            None => meant(Err(illegal)),
        },
    }
}

/// The legal moves taking, from each row, what `take` says for a row of
/// that many sticks, if anything.
fn takes_of(position: &Position, game: &Nim, take: impl Fn(u64) -> Option<u64>) -> Vec<Move> {
    position
        .piles()
        .iter()
        .enumerate()
        .filter_map(|(pile, &has)| {
            Some(Move {
                pile,
                take: take(has)?,
            })
        })
        .filter(|&mv| position.play_with(mv, &game.takes).is_ok())
        .collect()
}

/// The move `take` makes, when only one row can make it or every row that
/// can comes to the same rows (in another order): then which row does not
/// matter, and the first is taken.
fn alike(position: &Position, game: &Nim, take: impl Fn(u64) -> Option<u64>) -> Option<Move> {
    let moves = takes_of(position, game, take);
    let after = |mv: &Move| {
        let mut rows = position
            .play_with(*mv, &game.takes)
            .expect("the moves are legal")
            .piles()
            .to_vec();
        rows.sort_unstable();
        rows
    };
    let first = moves.first()?;
    let same = after(first);
    moves.iter().all(|mv| after(mv) == same).then_some(*first)
}

/// A number typed in digits or as a word from one to twenty.
fn number(word: &str) -> Option<u64> {
    match word.bytes().all(|b| b.is_ascii_digit()) {
        true => word.parse().ok(),
        false => word_number(word),
    }
}

/// A row run together with its number: `r2`, `row2`.
fn row_joined(word: &str) -> Option<u64> {
    let digits = word
        .strip_prefix("row")
        .or_else(|| word.strip_prefix('r'))?;
    match !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
        true => digits.parse().ok(),
        false => None,
    }
}

/// The words and numbers of a line, or `None` when a word is not one a
/// move is made of. Words that only fill out a sentence are dropped.
fn tokens(words: &str) -> Option<Vec<Token>> {
    let mut tokens = Vec::new();
    let mut row_next = false;
    for word in words.split([' ', ',']).filter(|w| !w.is_empty()) {
        let token = match word {
            "take" | "takes" | "taking" | "took" => Token::Take,
            "leave" | "leaves" | "leaving" => Token::Leave,
            "from" | "of" | "in" => Token::From,
            "all" | "everything" | "them" => Token::All,
            "any" => Token::Any,
            "row" | "line" | "r" => match std::mem::replace(&mut row_next, true) {
                true => return None,
                false => continue,
            },
            "i" | "i'll" | "ill" | "will" | "stick" | "sticks" | "please" | "the" | "and" => {
                continue;
            }
            _ => match (number(word), row_joined(word)) {
                (Some(n), _) if std::mem::take(&mut row_next) => Token::Row(n),
                (Some(n), _) => Token::Number(n),
                (None, Some(row)) => Token::Row(row),
                (None, None) => return None,
            },
        };
        if row_next {
            return None;
        }
        tokens.push(token);
    }
    match row_next {
        true => None,
        false => Some(tokens),
    }
}

/// The answer the words and numbers make.
fn from_tokens(tokens: &[Token]) -> Answer {
    use Token::{All, Any, From, Leave, Number, Row, Take};
    let numbers = |tokens: &[Token]| -> Option<Vec<u64>> {
        tokens
            .iter()
            .map(|t| match t {
                Number(n) => Some(*n),
                _ => None,
            })
            .collect()
    };
    match tokens {
        [Leave, rest @ ..] if !rest.is_empty() => {
            if let Some(numbers) = numbers(rest) {
                return Answer::Leave(numbers);
            }
        }
        [_, ..] => {
            if let Some(numbers) = numbers(tokens) {
                return Answer::Numbers(numbers);
            }
        }
        [] => {}
    }
    match *tokens {
        [Row(row)] => Answer::Row(row),
        [Take, Number(take), From, Number(of)]
        | [From, Number(of), Take, Number(take)]
        | [Number(take), From, Number(of)]
        | [Take, All, Number(take), From, Number(of)]
        | [All, Number(take), From, Number(of)] => Answer::TakeFrom { of, take },
        [Row(row), Number(take)]
        | [Row(row) | Number(row), Take, Number(take)]
        | [Take, Number(take), From, Row(row)]
        | [Take, Number(take), Row(row)]
        | [From, Row(row), Take, Number(take)]
        | [From, Row(row), Number(take)]
        | [Number(take), From, Row(row)] => Answer::Take { row, take },
        [Take, Number(take)] => Answer::HowMany(take),
        [Take, Row(row)] => Answer::Row(row),
        [Any] | [Take, Any] => Answer::Any(None),
        [Take, Number(take), From, Any]
        | [Number(take), From, Any]
        | [Take, Number(take), Any]
        | [Take, Any, Number(take)]
        | [Any, Number(take)] => Answer::Any(Some(take)),
        [Row(row), Leave, Number(left)]
        | [Leave, Number(left), From | Take, Row(row)]
        | [Leave, Number(left), Row(row)] => Answer::LeaveIn { row, left },
        [Take, All] | [All] => Answer::All(None),
        [Take, All, Number(sticks)] | [All, Number(sticks)] => Answer::AllOf(sticks),
        [Take, All, Number(take), From, Row(row)] | [All, Number(take), From, Row(row)] => {
            Answer::Take { row, take }
        }
        [Take, All, From, Row(row) | Number(row)]
        | [All, From, Row(row) | Number(row)]
        | [Take, All, Row(row)]
        | [All, Row(row)]
        | [Row(row) | Number(row), All]
        | [Row(row) | Number(row), Take, All] => Answer::All(Some(row)),
        _ => Answer::Unclear,
    }
}

fn meant(mv: Result<Move, IllegalMove>) -> Meant {
    match mv {
        Ok(mv) => Meant::Move(mv),
        Err(IllegalMove::TooMany { row, has: 0, .. }) => Meant::EmptyRow { row: row as u64 },
        Err(illegal) => Meant::Illegal(illegal),
    }
}

/// The row a count without a row must mean: the only row, or the only row
/// with sticks.
pub(crate) fn only_row(position: &Position) -> Option<usize> {
    let piles = position.piles();
    if piles.len() == 1 {
        return Some(0);
    }
    let mut with_sticks = (0..piles.len()).filter(|&i| piles[i] > 0);
    match (with_sticks.next(), with_sticks.next()) {
        (Some(pile), None) => Some(pile),
        _ => None,
    }
}

/// Every stick of `row` (from 1).
fn all_from(position: &Position, row: u64, game: &Nim) -> Meant {
    let sticks = usize::try_from(row)
        .ok()
        .and_then(|row| row.checked_sub(1))
        .and_then(|pile| position.piles().get(pile).copied());
    match sticks {
        Some(0) => Meant::EmptyRow { row },
        _ => meant(row_move(position, row, sticks.unwrap_or(0), game)),
    }
}

/// Numbers typed with spaces: a count, or a row and a count as the
/// prompt teaches, or else the rows after the move. Where a row and a
/// count is no move but the rows after are, the count may have come first:
/// if that too is a legal move, and another, both are kept, to ask.
fn numbers_meant(numbers: &[u64], position: &Position, game: &Nim) -> Meant {
    if let [take] = numbers {
        return Answer::HowMany(*take)
            .resolve(position, game)
            .expect("a count is a move or a refusal");
    }
    let as_take = match numbers {
        [row, take] => Some(row_move(position, *row, *take, game)),
        _ => None,
    };
    // Where the row and the count are no move, the count may have come
    // first ("1 2" for 1 from row 2).
    let count_first = match numbers {
        [take, row] => row_move(position, *row, *take, game).ok(),
        _ => None,
    };
    match (as_take, rows_after(numbers, position, game)) {
        // The rows after count as a second reading only when every row is
        // given: with empty rows left out, a row and a count comes first.
        (Some(Ok(take)), Some(Ok(to))) if take != to && numbers.len() == position.len() => {
            Meant::Either { take, to }
        }
        (Some(Err(_)), Some(Ok(to))) if count_first.is_some_and(|take| take != to) => {
            Meant::Either {
                take: count_first.expect("checked"),
                to,
            }
        }
        (Some(Ok(mv)), _) | (_, Some(Ok(mv))) => Meant::Move(mv),
        // Neither reading is legal: say what is wrong with the one the
        // numbers fit best, a row that exists or else the rows.
        (Some(Err(illegal)), _) if (1..=position.len() as u64).contains(&numbers[0]) => {
            meant(Err(illegal))
        }
        (_, Some(Err(illegal))) | (Some(Err(illegal)), None) => Meant::Illegal(illegal),
        (None, None) => Meant::Unclear,
    }
}

/// Numbers after `leave`: the rows after the move, or else a row and a
/// count; one number where every row has one stick, the sticks (and rows)
/// left in all: "leave three" at 1 1 1 1. Elsewhere one number may be a
/// row's sticks as well as all of them ("leave 5" at 4 6), so it is not
/// guessed.
fn rows_meant(numbers: &[u64], position: &Position, game: &Nim) -> Meant {
    let rows_wrong = match rows_after(numbers, position, game) {
        Some(Ok(mv)) => return Meant::Move(mv),
        Some(Err(illegal)) => Some(illegal),
        None => None,
    };
    let total: u64 = position
        .piles()
        .iter()
        .fold(0, |sum, &n| sum.saturating_add(n));
    if let [left] = numbers
        && position.len() > 1
        && position.piles().iter().all(|&n| n <= 1)
        && *left < total
    {
        let take = total - left;
        if let Some(mv) = alike(position, game, |has| Some(take).filter(|&t| t <= has)) {
            return Meant::Move(mv);
        }
    }
    let as_take = match numbers {
        [row, take] => Some(row_move(position, *row, *take, game)),
        _ => None,
    };
    match (rows_wrong, as_take) {
        (_, Some(Ok(mv))) => Meant::Move(mv),
        (Some(illegal), _) => Meant::Illegal(illegal),
        (None, Some(Err(illegal))) => meant(Err(illegal)),
        (None, None) => Meant::Unclear,
    }
}

/// The numbers read as the rows after the move, all of them or those with
/// sticks: the move, why it is illegal, or `None` when they cannot be.
fn rows_after(
    numbers: &[u64],
    position: &Position,
    game: &Nim,
) -> Option<Result<Move, IllegalMove>> {
    Some(match numbers.len().cmp(&position.len()) {
        std::cmp::Ordering::Equal => {
            position.move_to_with(&Position::new(numbers.to_vec()), &game.takes)
        }
        std::cmp::Ordering::Less => {
            let mv = without_empty_rows(position, numbers)?;
            position.play_with(mv, &game.takes).map(|_| mv)
        }
        std::cmp::Ordering::Greater => return None,
    })
}

/// The move that leaves `typed` as the rows with sticks, empty rows left
/// out, if there is one: at `0 5 7`, `5 5` is "take 2 from row 3", and at
/// `1 2 3`, `2 3` is "take 1 from row 1". When several rows of the same
/// size could be the one emptied, the moves are alike and the first is
/// taken.
fn without_empty_rows(position: &Position, typed: &[u64]) -> Option<Move> {
    if typed.contains(&0) {
        return None;
    }
    let rows: Vec<(usize, u64)> = position
        .piles()
        .iter()
        .copied()
        .enumerate()
        .filter(|&(_, n)| n > 0)
        .collect();
    if rows.len() == typed.len() {
        // One row made smaller, none emptied.
        let mut changed = (0..typed.len()).filter(|&i| rows[i].1 != typed[i]);
        let (Some(i), None) = (changed.next(), changed.next()) else {
            return None;
        };
        let (pile, has) = rows[i];
        return (typed[i] < has).then(|| Move {
            pile,
            take: has - typed[i],
        });
    }
    if rows.len() != typed.len() + 1 {
        return None;
    }
    // One row emptied: the first place the rows and the typed numbers
    // differ, moved back over rows of the same size.
    let mut i = (0..typed.len())
        .find(|&i| rows[i].1 != typed[i])
        .unwrap_or(typed.len());
    if rows[i + 1..]
        .iter()
        .map(|r| r.1)
        .ne(typed[i..].iter().copied())
    {
        return None;
    }
    while i > 0 && rows[i - 1].1 == rows[i].1 {
        i -= 1;
    }
    let (pile, has) = rows[i];
    Some(Move { pile, take: has })
}

/// The legal move "take `take` from row `row`", with rows counted from 1.
pub(crate) fn row_move(
    position: &Position,
    row: u64,
    take: u64,
    game: &Nim,
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
    fn lines_as_pupils_type_them() {
        let take = |row, take| Answer::Take { row, take };
        let numbers = |n: &[u64]| Answer::Numbers(n.to_vec());
        let cases = [
            ("1", numbers(&[1])),
            (" 3 ", numbers(&[3])),
            ("2 3", numbers(&[2, 3])),
            ("2,3", numbers(&[2, 3])),
            ("  2 ,  3 ", numbers(&[2, 3])),
            ("3,5,6", numbers(&[3, 5, 6])),
            ("3,", numbers(&[3])),
            ("take 2", Answer::HowMany(2)),
            ("Take 2 sticks.", Answer::HowMany(2)),
            ("take 1 from row 3", take(3, 1)),
            ("take 1 from 3", Answer::TakeFrom { of: 3, take: 1 }),
            ("I take 1 stick from row 3!", take(3, 1)),
            ("3 take 1", take(3, 1)),
            ("row 3 take 1", take(3, 1)),
            ("row 3, 1", take(3, 1)),
            ("1 from row 3", take(3, 1)),
            ("4 all", Answer::All(Some(4))),
            ("row 4 all", Answer::All(Some(4))),
            ("all from row 4", Answer::All(Some(4))),
            ("take all from 4", Answer::All(Some(4))),
            ("take all", Answer::All(None)),
            ("row 3", Answer::Row(3)),
            ("leave 17", Answer::Leave(vec![17])),
            ("Leave 3, 3.", Answer::Leave(vec![3, 3])),
            ("leave", Answer::Unclear),
            ("leave row 2", Answer::Unclear),
            ("I'm stuck", Answer::Said(Said::Stuck)),
            ("HINT", Answer::Said(Said::Hint)),
            ("show", Answer::Said(Said::Show)),
            ("q", Answer::Said(Said::Quit)),
            ("undo", Answer::Said(Said::Undo)),
            ("Yes", Answer::Said(Said::Yes)),
            ("Yes!", Answer::Said(Said::Yes)),
            ("yeah", Answer::Said(Said::Yes)),
            ("yess", Answer::Said(Said::Yes)),
            ("yep.", Answer::Said(Said::Yes)),
            ("n", Answer::Said(Said::No)),
            ("nope", Answer::Said(Said::No)),
            ("Nooo!", Answer::Said(Said::No)),
            ("nah", Answer::Said(Said::No)),
            ("I don't know", Answer::Said(Said::Stuck)),
            ("I don’t know.", Answer::Said(Said::Stuck)),
            ("dunno", Answer::Said(Said::Stuck)),
            ("?", Answer::Said(Said::Help)),
            ("help", Answer::Said(Said::Help)),
            ("What do I type?", Answer::Said(Said::Help)),
            ("", Answer::Said(Said::Empty)),
            ("   ", Answer::Said(Said::Empty)),
            ("two", numbers(&[2])),
            ("take two from row three", take(3, 2)),
            ("4 six", numbers(&[4, 6])),
            ("Twenty", numbers(&[20])),
            ("twentyone", Answer::Unclear),
            ("r2 1", take(2, 1)),
            ("row2 1", take(2, 1)),
            ("R2, 1", take(2, 1)),
            ("r 2 1", take(2, 1)),
            ("take 1 from r3", take(3, 1)),
            ("row three all", Answer::All(Some(3))),
            ("r", Answer::Unclear),
            ("row row 2 1", Answer::Unclear),
            ("r2x 1", Answer::Unclear),
            ("no i cant", Answer::Said(Said::No)),
            ("No, I can't.", Answer::Said(Said::No)),
            ("yes i can", Answer::Said(Said::Yes)),
            ("Yesss I can!", Answer::Said(Said::Yes)),
            ("no I don't know", Answer::Said(Said::Stuck)),
            ("banana 3", Answer::Unclear),
            ("-1 2", Answer::Unclear),
            ("row", Answer::Unclear),
            ("take", Answer::Unclear),
            ("99999999999999999999", Answer::Unclear),
            ("all", Answer::All(None)),
            // A command mistyped by a letter is the command.
            ("hitn", Answer::Said(Said::Hint)),
            ("hnt", Answer::Unclear),
            ("from row 3 take 5", take(3, 5)),
            ("row 3: 5", take(3, 5)),
            ("take 5 off row 3", take(3, 5)),
            ("remove 5", Answer::HowMany(5)),
            ("I'd take 2", Answer::HowMany(2)),
            ("tkae 1", Answer::HowMany(1)),
            ("all of them", Answer::All(None)),
            ("take them all", Answer::All(None)),
            ("no wait, 2 2", numbers(&[2, 2])),
            ("ok 2 then", numbers(&[2])),
            ("second row 3", take(2, 3)),
            ("3rd row, 1", take(3, 1)),
        ];
        for (line, expected) in cases {
            assert_eq!(Answer::parse(line), expected, "{line:?}");
        }
    }

    fn meant(line: &str, rows: &[u64], game: &Nim) -> Option<Meant> {
        let p = Position::new(rows.to_vec());
        Answer::parse(line).resolve(&p, game)
    }

    fn mv(row: usize, take: u64) -> Meant {
        Meant::Move(Move {
            pile: row - 1,
            take,
        })
    }

    /// Both readings of two numbers: a row and a count, and the rows after.
    fn either(take: (usize, u64), to: (usize, u64)) -> Meant {
        let at = |(row, take): (usize, u64)| Move {
            pile: row - 1,
            take,
        };
        Meant::Either {
            take: at(take),
            to: at(to),
        }
    }

    #[test]
    fn readings_settle_on_the_move_that_is_legal() {
        let nim = Nim::new(Rule::Misere);
        let one_to_three = Nim::with_takes(Rule::Misere, TakeSet::parse("1-3").unwrap());
        let two_or_three = Nim::with_takes(Rule::Misere, TakeSet::parse("2,3").unwrap());
        let cases: &[(&str, &[u64], &Nim, Meant)] = &[
            // A single number with one row is how many to take.
            ("1", &[21], &one_to_three, mv(1, 1)),
            ("take 3", &[21], &one_to_three, mv(1, 3)),
            // ... and with one row that has sticks, too.
            ("3", &[0, 5, 0], &nim, mv(2, 3)),
            ("take all", &[0, 5, 0], &nim, mv(2, 5)),
            ("1 1", &[0, 5, 7], &nim, Meant::EmptyRow { row: 1 }),
            ("1 all", &[0, 5, 7], &nim, Meant::EmptyRow { row: 1 }),
            // Rows alike: which one does not matter.
            ("1", &[1, 1, 1, 1], &nim, mv(1, 1)),
            ("take all", &[2, 0, 2], &nim, mv(1, 2)),
            // Only one row can give it.
            ("4", &[4, 1], &nim, mv(1, 4)),
            // Otherwise it does not say which row.
            ("1", &[1, 2, 1], &nim, Meant::WhichRow { take: Some(1) }),
            ("3", &[1, 2], &nim, Meant::WhichRow { take: Some(3) }),
            ("all", &[1, 2], &nim, Meant::WhichRow { take: None }),
            ("row 2", &[1, 2], &nim, Meant::HowMany { row: 2 }),
            // A row with one stick left: there is only one move from it.
            ("row 1", &[1, 2], &nim, mv(1, 1)),
            ("row 1", &[1, 2], &two_or_three, Meant::HowMany { row: 1 }),
            // Words say which number is the row.
            ("take 1 from row 3", &[1, 4, 6], &nim, mv(3, 1)),
            ("4 all", &[1, 4, 6, 2], &nim, mv(4, 2)),
            // "4 4" with two rows: there is no row 4, so it is the rows after.
            ("4 4", &[4, 6], &nim, mv(2, 2)),
            ("4,4", &[4, 6], &nim, mv(2, 2)),
            ("four four", &[4, 6], &nim, mv(2, 2)),
            // Both readings the same move.
            ("1 4", &[5, 4], &nim, mv(1, 4)),
            ("1,4", &[5, 4], &nim, mv(1, 4)),
            // Two legal readings that differ: both are kept, to ask.
            ("2 1", &[2, 3], &nim, either((2, 1), (2, 2))),
            ("2,1", &[2, 3], &nim, either((2, 1), (2, 2))),
            ("1 1", &[5, 1], &nim, either((1, 1), (1, 4))),
            // "leave" says which.
            ("leave 1 1", &[5, 1], &nim, mv(1, 4)),
            // One reading is no legal move: the other is meant.
            ("1,3", &[21], &one_to_three, mv(1, 3)),
            ("2,1", &[5, 4], &nim, mv(2, 1)),
            // The rows after, with empty rows left out.
            ("5 5", &[0, 5, 7], &nim, mv(3, 2)),
            ("5,5", &[0, 5, 7], &nim, mv(3, 2)),
            ("leave 3,1", &[0, 3, 4], &nim, mv(3, 3)),
            ("3,1", &[0, 3, 4], &nim, mv(3, 1)),
            ("1 1 1", &[1, 1, 1, 1], &nim, mv(1, 1)),
            // No row and count, but the count first is a move too: asked.
            ("2 3", &[1, 2, 3], &nim, either((3, 2), (1, 1))),
            ("1 2", &[0, 1, 0, 4], &nim, either((2, 1), (4, 2))),
            // The count first is no move (no row 5): the rows after.
            ("1 5", &[1, 2, 5], &nim, mv(2, 2)),
            ("0 5 5", &[0, 5, 7], &nim, mv(3, 2)),
            // "leave" says the numbers are the rows after.
            ("leave 18", &[21], &one_to_three, mv(1, 3)),
            // One number at several rows: the sticks left in all.
            ("leave three", &[1, 1, 1, 1], &nim, mv(1, 1)),
            ("leave 3 3", &[0, 3, 4], &nim, mv(3, 1)),
            ("leave 4", &[4, 6], &nim, mv(2, 6)),
            ("leave 5", &[4, 6], &nim, Meant::Unclear),
            (
                "leave 5 6",
                &[4, 6],
                &nim,
                Meant::Illegal(IllegalMove::SticksAdded {
                    row: 1,
                    from: 4,
                    to: 5,
                }),
            ),
        ];
        for (line, rows, game, expected) in cases {
            assert_eq!(
                meant(line, rows, game).as_ref(),
                Some(expected),
                "{line:?} at {rows:?}"
            );
        }
    }

    #[test]
    fn leaving_out_an_empty_row_comes_after_a_row_and_a_count() {
        let nim = Nim::new(Rule::Misere);
        // "3 5" takes 5 from row 3 rather than emptying row 1.
        assert_eq!(
            meant("3 5", &[1, 3, 5], &nim),
            Some(Meant::Move(Move { pile: 2, take: 5 }))
        );
        assert_eq!(
            meant("3 1", &[0, 3, 4], &nim),
            Some(Meant::Move(Move { pile: 2, take: 1 }))
        );
    }

    #[test]
    fn a_move_that_fits_no_reading_is_refused_with_its_reason() {
        let nim = Nim::new(Rule::Misere);
        assert_eq!(
            meant("2 9", &[5, 4], &nim),
            Some(Meant::Illegal(IllegalMove::TooMany {
                row: 2,
                has: 4,
                take: 9
            }))
        );
        assert_eq!(
            meant("4 1", &[3, 5, 7], &nim),
            Some(Meant::Illegal(IllegalMove::NoSuchRow { row: 4, rows: 3 }))
        );
        assert_eq!(
            meant("3 5 7", &[3, 5, 7], &nim),
            Some(Meant::Illegal(IllegalMove::NothingTaken))
        );
        assert_eq!(meant("1 2 3 4", &[3, 5, 7], &nim), Some(Meant::Unclear));
        assert_eq!(
            meant("6 6", &[0, 5, 7], &nim),
            Some(Meant::Illegal(IllegalMove::NoSuchRow { row: 6, rows: 3 }))
        );
        // With commas the refusal is about the rows after the move.
        assert!(
            matches!(
                meant("3,9", &[5, 4], &nim),
                Some(Meant::Illegal(IllegalMove::SticksAdded { row: 2, .. }))
            ),
            "{:?}",
            meant("3,9", &[5, 4], &nim)
        );
        assert_eq!(meant("hint", &[5, 4], &nim), None);
    }
}
