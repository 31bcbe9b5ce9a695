//! A move of Nim typed at a prompt, as [`Replies`] asks for it: how to
//! type one, with an example that fits the board (`example.rs`), and what
//! a line comes to, read from one row (`answer.rs`) or, where a move may
//! take from several, from several (`parts.rs`).
//!
//! A line that cannot be read gets one kind sentence saying what can be
//! typed, with an example that fits the board. An illegal move gets its
//! reason. Where two numbers are a legal move two ways, the pupil is asked
//! which was meant, as a yes-or-no question.

use super::answer::{Answer, Meant, only_row, row_move};
use super::example::{Fit, example, typed};
use super::parts::{self, Typed};
use super::{Otherwise, Reading, Replies};
use crate::rules::moves::{IllegalMove, Move};
use crate::rules::multi_move::MultiMove;
use crate::rules::nim::Nim;
use crate::rules::position::Position;
use crate::teach::words::{and_list, capitalised, position as rows};

impl Replies for Nim {
    fn instructions(&self, position: &Position, winning: &[MultiMove]) -> String {
        Typing::new(self, position, winning).instructions()
    }

    fn how_to_move(&self, position: &Position, winning: &[MultiMove]) -> String {
        Typing::new(self, position, winning).how_to_move()
    }

    fn read(&self, position: &Position, winning: &[MultiMove], line: &str) -> Reading<MultiMove> {
        let typing = Typing::new(self, position, winning);
        match self.rows_per_move > 1 {
            true => typing.parts(line),
            false => typing.one_row(line),
        }
    }

    fn picked(&self, position: &Position, row: u64, take: u64) -> Result<MultiMove, IllegalMove> {
        row_move(position, row, take, self).map(MultiMove::from)
    }
}

/// A move being typed at a position.
struct Typing<'a> {
    game: &'a Nim,
    position: &'a Position,
    /// The winning moves from one row, which an example keeps back.
    winning: Vec<Move>,
    /// Every winning move, from one row or several.
    all_winning: &'a [MultiMove],
}

impl<'a> Typing<'a> {
    fn new(game: &'a Nim, position: &'a Position, winning: &'a [MultiMove]) -> Typing<'a> {
        Typing {
            game,
            position,
            winning: winning.iter().filter_map(MultiMove::single).collect(),
            all_winning: winning,
        }
    }

    /// An example move that fits the board, typed: "2 3".
    fn example(&self, fit: Fit) -> Option<String> {
        let mv = example(self.position, self.game, &self.winning, fit)
            .or_else(|| example(self.position, self.game, &self.winning, Fit::Any))?;
        let fit = match (fit, mv.take == self.position.piles()[mv.pile]) {
            (Fit::All, true) => Fit::All,
            _ => Fit::Any,
        };
        Some(typed(mv, self.position, fit))
    }

    /// How to type a move here: "type the row and how many to take, like
    /// 2 3", or for one row "type how many sticks to take, like 2".
    fn how_to_move(&self) -> String {
        let what = match only_row(self.position) {
            Some(_) => "type how many sticks to take",
            None => "type the row and how many to take",
        };
        match self.example(Fit::Any) {
            Some(example) => format!("{what}, like {example}"),
            None => what.to_string(),
        }
    }

    /// How to type a move, said in full once, at the start:
    /// "Type the row and how many to take: 2 3 takes 3 sticks from row 2."
    fn instructions(&self) -> String {
        let mv = example(self.position, self.game, &self.winning, Fit::Any);
        let one_row = match (mv, only_row(self.position)) {
            (Some(mv), None) => format!(
                "Type the row and how many to take: {} {} takes {} from row {}.",
                mv.row(),
                mv.take,
                sticks(mv.take),
                mv.row()
            ),
            (Some(mv), Some(_)) => format!(
                "Type how many sticks to take: {} takes {}.",
                mv.take,
                sticks(mv.take)
            ),
            (None, _) => "Type the row and how many sticks to take.".to_string(),
        };
        match self.game.rows_per_move > 1 && self.position.len() > 1 {
            true => format!("{one_row}{}", self.several_rows()),
            false => one_row,
        }
    }

    /// How to take from several rows, said after how to take from one,
    /// with rows of this board: " To take from several rows, put commas
    /// between them: "1 2, 3 1" takes 2 from row 1 and 1 from row 3." No
    /// part of it names a row the board does not have.
    fn several_rows(&self) -> String {
        let piles = self.position.piles();
        let rows: Vec<usize> = (0..piles.len()).filter(|&i| piles[i] > 0).take(2).collect();
        let [a, b] = rows[..] else {
            return String::new();
        };
        let winning = |take: u64| {
            let parts = vec![Move { pile: a, take }, Move { pile: b, take: 1 }];
            self.all_winning.contains(&MultiMove::new(parts))
        };
        let Some(take_a) = [2, 1]
            .into_iter()
            .find(|&take| take <= piles[a] && !winning(take))
        else {
            return " To take from several rows, put commas between them.".to_string();
        };
        format!(
            " To take from several rows, put commas between them: \"{} {take_a}, {} 1\" takes {take_a} from row {} and 1 from row {}.",
            a + 1,
            b + 1,
            a + 1,
            b + 1
        )
    }

    /// What to say to a line that is not understood.
    fn unclear(&self) -> String {
        format!(
            "Sorry, I can't read that: {}. Or type hint for a clue.",
            self.how_to_move()
        )
    }

    /// A line read as a move from one row.
    fn one_row(&self, line: &str) -> Reading<MultiMove> {
        let answer = Answer::parse_at(line, self.position.piles());
        let meant = answer.resolve(self.position, self.game);
        let words = match (answer, meant) {
            (Answer::Unclear, _) => return Reading::Unclear(self.unclear()),
            (_, Some(Meant::Either { take, to })) => {
                return Reading::Confirm {
                    ask: self.which(line, take, to),
                    yes: MultiMove::from(take),
                    no: Otherwise::Move(MultiMove::from(to)),
                };
            }
            (_, Some(Meant::Move(mv))) => return Reading::Move(MultiMove::from(mv)),
            (answer, Some(Meant::Illegal(illegal))) => {
                let nudge = leave_instead(&answer, self.position, self.game);
                format!("{}{nudge} Try again.", illegal.refusal())
            }
            // No row has that many: saying which row would not help.
            (_, Some(Meant::WhichRow { take: Some(n) }))
                if n > self.position.len() as u64
                    && self.position.piles().iter().all(|&has| has < n) =>
            {
                format!(
                    "No row has {n} sticks: the biggest has {}. {}.",
                    self.position.piles().iter().max().copied().unwrap_or(0),
                    capitalised(&self.how_to_move())
                )
            }
            (answer, Some(Meant::WhichRow { take })) => {
                // A bare number may have been meant as the row; "take 3"
                // is a count.
                let fit = match (answer, take) {
                    (Answer::Numbers(_), Some(n))
                        if (1..=self.position.len() as u64).contains(&n) =>
                    {
                        Fit::Row(n)
                    }
                    (_, Some(n)) => Fit::Take(n),
                    (_, None) => Fit::All,
                };
                match self.example(fit) {
                    Some(example) => {
                        format!("Which row? Type the row and how many, like {example}.")
                    }
                    None => "Which row? Type the row and how many.".to_string(),
                }
            }
            (_, Some(Meant::HowMany { row })) => match self.example(Fit::Row(row)) {
                Some(example) if example.starts_with(&format!("{row} ")) => {
                    format!("How many from row {row}? Type the row and how many, like {example}.")
                }
                _ => match usize::try_from(row)
                    .ok()
                    .and_then(|row| row.checked_sub(1))
                    .and_then(|pile| self.position.piles().get(pile))
                {
                    Some(0) => empty_row(row, self.position),
                    Some(_) => format!("No move can take from row {row}: {}.", self.how_to_move()),
                    None => format!("There is no row {row}: {}.", self.how_to_move()),
                },
            },
            (_, Some(Meant::EmptyRow { row })) => empty_row(row, self.position),
            (_, Some(Meant::Unclear) | None) => self.unclear(),
        };
        Reading::Refused(words)
    }

    /// Asks whether the numbers `typed` were a row and a count (`take`) or
    /// the rows after the move (`to`): "2 1 can mean two moves. Do you mean
    /// take 1 from row 2, which leaves 2 2? Type yes for that, or no for
    /// take 2 from row 2, which leaves 2 1."
    fn which(&self, typed: &str, take: Move, to: Move) -> String {
        let after = |mv: Move| {
            let after = self
                .position
                .play_with(mv, &self.game.takes)
                .expect("both readings are legal");
            rows(&after)
        };
        format!(
            "{} can mean two moves. Do you mean {take}, which leaves {}? Type yes for that, or no for {to}, which leaves {}.",
            typed.trim(),
            after(take),
            after(to)
        )
    }

    /// A line read as a move from one row or several. Numbers that read
    /// both as parts and as the rows after the move are read as parts, the
    /// way the instructions teach.
    fn parts(&self, line: &str) -> Reading<MultiMove> {
        let typed = Typed::parse(line, self.position.len());
        match typed.resolve(self.position, self.game) {
            Err(why) => Reading::Unclear(format!("Sorry: {why}. Try again.")),
            Ok(parts::Meant::Move(mv) | parts::Meant::Either { take: mv, .. }) => Reading::Move(mv),
            Ok(parts::Meant::Illegal(illegal)) => {
                Reading::Refused(format!("{} Try again.", illegal.refusal()))
            }
        }
    }
}

/// "1 stick", "3 sticks".
fn sticks(n: u64) -> String {
    match n {
        1 => "1 stick".to_string(),
        n => format!("{n} sticks"),
    }
}

/// With one row, a number that cannot be taken may be the count the pupil
/// wants to leave: " To leave 17, type 1." Otherwise nothing.
fn leave_instead(answer: &Answer, position: &Position, game: &Nim) -> String {
    let take = match answer {
        Answer::Numbers(numbers) => match numbers.as_slice() {
            [take] => *take,
            _ => return String::new(),
        },
        Answer::HowMany(take) => *take,
        _ => return String::new(),
    };
    let [sticks] = position.piles() else {
        return String::new();
    };
    let left = Position::new(vec![take]);
    match position.move_to_with(&left, &game.takes) {
        Ok(mv) if take < *sticks => format!(" To leave {take}, type {}.", mv.take),
        _ => String::new(),
    }
}

/// What to say to a move from an empty row: which rows still have sticks.
/// "Row 2 is empty: rows 1 and 3 still have sticks."
fn empty_row(row: u64, position: &Position) -> String {
    /// Rows with sticks named one by one; more are counted.
    const MOST_NAMED: usize = 8;
    let left: Vec<u64> = (0..position.len())
        .filter(|&pile| position.piles()[pile] > 0)
        .map(|pile| pile as u64 + 1)
        .collect();
    let still = match left.as_slice() {
        [only] => format!("only row {only} still has sticks"),
        rows if rows.len() <= MOST_NAMED => format!("rows {} still have sticks", and_list(rows)),
        rows => format!("{} other rows still have sticks", rows.len()),
    };
    format!("Row {row} is empty: {still}.")
}
