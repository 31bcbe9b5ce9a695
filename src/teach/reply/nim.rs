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
use super::spoken::spoken;
use super::{Otherwise, Reading, Replies};
use crate::rules::moves::{IllegalMove, Move};
use crate::rules::multi_move::MultiMove;
use crate::rules::nim::Nim;
use crate::rules::outcome::Outcome;
use crate::rules::position::Position;
use crate::rules::row_reader::readable;
use crate::solve::moore::Moore;
use crate::teach::words::{and_list, capitalised, glued, position as rows};

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

    fn read_from_row(
        &self,
        position: &Position,
        winning: &[MultiMove],
        row: u64,
        line: &str,
    ) -> Reading<MultiMove> {
        let typing = Typing::new(self, position, winning);
        if self.rows_per_move > 1 {
            return typing.parts(line);
        }
        // A count, "all" or what to leave, with no row: from the row named.
        let line = match Answer::parse_at(line, position.piles()) {
            Answer::HowMany(n) => format!("take {n} from row {row}"),
            Answer::Numbers(numbers) if numbers.len() == 1 => {
                format!("take {} from row {row}", numbers[0])
            }
            Answer::All(None) => format!("take all from row {row}"),
            Answer::AllOf(n) => format!("take {n} from row {row}"),
            Answer::Leave(left) if left.len() == 1 => format!("row {row} leave {}", left[0]),
            _ => line.to_string(),
        };
        typing.one_row(&line)
    }

    fn instructions_from_row(
        &self,
        position: &Position,
        winning: &[MultiMove],
        row: u64,
    ) -> String {
        let typing = Typing::new(self, position, winning);
        match (self.rows_per_move > 1, typing.count_from(row)) {
            (false, Some(take)) => format!(
                "Type how many sticks to take from row {row}: {take} takes {} from row {row}.",
                sticks(take)
            ),
            (false, None) => format!("Type how many sticks to take from row {row}."),
            (true, _) => typing.instructions(),
        }
    }

    fn how_to_move_from_row(&self, position: &Position, winning: &[MultiMove], row: u64) -> String {
        let typing = Typing::new(self, position, winning);
        match (self.rows_per_move > 1, typing.count_from(row)) {
            (false, Some(take)) => {
                format!("type how many sticks to take from row {row}, like {take}")
            }
            (false, None) => format!("type how many sticks to take from row {row}"),
            (true, _) => typing.how_to_move(),
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
    /// Every winning move, from one row or several.
    all_winning: &'a [MultiMove],
}

impl<'a> Typing<'a> {
    fn new(game: &'a Nim, position: &'a Position, winning: &'a [MultiMove]) -> Typing<'a> {
        Typing {
            game,
            position,
            all_winning: winning,
        }
    }

    /// Whether `mv` wins: one of the winning moves given, or, where a move
    /// may take from several rows and they were not all counted, a move
    /// that leaves the opponent lost.
    fn wins(&self, mv: &MultiMove) -> bool {
        if self.all_winning.contains(mv) {
            return true;
        }
        let Some(k) = std::num::NonZeroU32::new(self.game.rows_per_move).filter(|k| k.get() > 1)
        else {
            return false;
        };
        self.position
            .play_multi(mv, self.game)
            .is_ok_and(|after| Moore::new(&after, self.game.rule, k).outcome() == Outcome::Lose)
    }

    /// An example move that fits the board, typed: "2 3".
    fn example(&self, fit: Fit) -> Option<String> {
        let wins = |mv: &Move| self.wins(&MultiMove::from(*mv));
        let mv = example(self.position, self.game, &wins, fit)
            .or_else(|| example(self.position, self.game, &wins, Fit::Any))?;
        let fit = match (fit, mv.take == self.position.piles()[mv.pile]) {
            (Fit::All, true) => Fit::All,
            _ => Fit::Any,
        };
        // Kept on one line, so "2" and "3" are never read apart.
        Some(glued(&typed(mv, self.position, fit)))
    }

    /// A count to take from `row` (from 1) for an example where the
    /// question names the row: legal, winning nothing, and not the row's
    /// own number when another will do, so the two are not confused.
    fn count_from(&self, row: u64) -> Option<u64> {
        let pile = usize::try_from(row).ok()?.checked_sub(1)?;
        let has = *self.position.piles().get(pile)?;
        let fits = |&take: &u64| {
            let mv = Move { pile, take };
            self.position.play_with(mv, &self.game.takes).is_ok()
                && !self.wins(&MultiMove::from(mv))
        };
        let takes: Vec<u64> = self
            .game
            .takes
            .takes_from(has)
            .take(8)
            .filter(fits)
            .collect();
        takes
            .iter()
            .copied()
            .find(|&take| take != row && take > 1 && take < has)
            .or_else(|| takes.iter().copied().find(|&take| take != row))
            .or_else(|| takes.first().copied())
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
        let wins = |mv: &Move| self.wins(&MultiMove::from(*mv));
        let mv = example(self.position, self.game, &wins, Fit::Any);
        let one_row = match (mv, only_row(self.position)) {
            (Some(mv), None) => format!(
                "Type the row and how many to take: {}\u{a0}{} takes {} from row {}.",
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
    /// part of it names a row the board does not have, and it wins nothing.
    fn several_rows(&self) -> String {
        let Some(several) = self.several_example() else {
            return match self.position.piles().iter().filter(|&&n| n > 0).count() {
                0 | 1 => String::new(),
                _ => " To take from several rows, put commas between them.".to_string(),
            };
        };
        let parts: Vec<(&str, &str)> = several
            .split(", ")
            .filter_map(|part| part.split_once('\u{a0}'))
            .collect();
        let [(row_a, take_a), (row_b, take_b)] = parts[..] else {
            return String::new();
        };
        format!(
            " To take from several rows, put commas between them: \"{several}\" takes {take_a} from row {row_a} and {take_b} from row {row_b}."
        )
    }

    /// What to say to a line that is not understood.
    fn unclear(&self) -> String {
        format!(
            "Sorry, I can't read that: {}. Or type hint for a clue.",
            self.how_to_move()
        )
    }

    /// What to say to a line that is no move: what was understood and what
    /// was not, when a word stood in the way ("I read 2, but not
    /// 'banana'"), and how to type a move.
    fn not_read(&self, line: &str) -> String {
        const KNOWN: &[&str] = &[
            "take", "takes", "from", "of", "in", "row", "line", "r", "leave", "all", "any",
            "stick", "sticks", "the", "and", "i", "will", "please", "them",
        ];
        let plain = spoken(line, self.position.piles());
        let words: Vec<&str> = plain.split([' ', ',']).filter(|w| !w.is_empty()).collect();
        let numbers: Vec<u64> = words.iter().filter_map(|w| w.parse().ok()).collect();
        let odd = words
            .iter()
            .find(|w| w.parse::<u64>().is_err() && !KNOWN.contains(w) && row_word(w).is_none());
        match (numbers.as_slice(), odd) {
            ([], Some(word)) if words.len() > 1 => format!(
                "Sorry, I could not read '{}' as part of a move: {}. Or type hint for a clue.",
                readable(word),
                self.how_to_move()
            ),
            (read @ [_, ..], Some(word)) => format!(
                "Sorry, I read {}, but not '{}': {}. Or type hint for a clue.",
                and_list(read),
                readable(word),
                self.how_to_move()
            ),
            _ => self.unclear(),
        }
    }

    /// A line read as a move from one row.
    fn one_row(&self, line: &str) -> Reading<MultiMove> {
        let answer = Answer::parse_at(line, self.position.piles());
        let meant = answer.resolve(self.position, self.game);
        let words = match (answer, meant) {
            (Answer::Unclear, _) => return Reading::Unclear(self.not_read(line)),
            (_, Some(Meant::Either { take, to })) => {
                return Reading::Confirm {
                    ask: self.which(line, take, to),
                    yes: MultiMove::from(take),
                    no: Otherwise::Move(MultiMove::from(to)),
                };
            }
            (_, Some(Meant::Move(mv))) => return Reading::Move(MultiMove::from(mv)),
            // "Any row": right if every row it could mean is judged alike.
            (_, Some(Meant::AnyOf(moves))) => {
                let wins = |mv: &Move| self.wins(&MultiMove::from(*mv));
                if moves.iter().all(wins) || !moves.iter().any(wins) {
                    return Reading::Move(MultiMove::from(moves[0]));
                }
                match self.example(Fit::Any) {
                    Some(example) => format!(
                        "The rows do not all come to the same here: which row? Type the row and how many, like {example}."
                    ),
                    None => "The rows do not all come to the same here: which row?".to_string(),
                }
            }
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
                Some(example)
                    if example
                        .replace('\u{a0}', " ")
                        .starts_with(&format!("{row} ")) =>
                {
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
            (_, Some(Meant::NoRowOf { sticks: n })) => format!(
                "No row has exactly {n} {}: {}.",
                if n == 1 { "stick" } else { "sticks" },
                self.how_to_move()
            ),
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
        // Spaces as one space, so a tab or a run of spaces is shown as
        // the words typed.
        let typed: Vec<String> = typed.split_whitespace().map(readable).collect();
        format!(
            "{} can mean two moves. Do you mean {take}, which leaves {}? Type yes for that, or no for {to}, which leaves {}.",
            typed.join(" "),
            after(take),
            after(to)
        )
    }

    /// A line read as a move from one row or several. Numbers that read
    /// both as parts and as the rows after the move are read as parts, the
    /// way the instructions teach.
    fn parts(&self, line: &str) -> Reading<MultiMove> {
        let typed = Typed::parse(line, self.position.piles());
        match typed.resolve(self.position, self.game) {
            Err(why) => Reading::Unclear(format!(
                "Sorry: {why}. {} Try again, or type hint for a clue.",
                self.how_several()
            )),
            Ok(parts::Meant::Move(mv) | parts::Meant::Either { take: mv, .. }) => Reading::Move(mv),
            Ok(parts::Meant::Illegal(illegal)) => Reading::Refused(format!(
                "{} {} Try again.",
                illegal.refusal(),
                self.how_several()
            )),
        }
    }

    /// How to type a move from one row or several, with examples from this
    /// board that win nothing: "Type the row and how many, like 2 1; for
    /// several rows put commas between them, like 1 2, 2 1."
    fn how_several(&self) -> String {
        let one = match self.example(Fit::Any) {
            Some(example) => format!("Type the row and how many, like {example}"),
            None => "Type the row and how many".to_string(),
        };
        match self.several_example() {
            Some(several) => {
                format!("{one}; for several rows put commas between them, like {several}.")
            }
            None => format!("{one}; for several rows put commas between them."),
        }
    }

    /// A move from two rows of this board, typed: "1 2, 2 1"; none that
    /// wins, and none where the board has fewer than two rows with sticks.
    fn several_example(&self) -> Option<String> {
        let piles = self.position.piles();
        let rows: Vec<usize> = (0..piles.len()).filter(|&i| piles[i] > 0).take(2).collect();
        let [a, b] = rows[..] else {
            return None;
        };
        let take_a = [2, 1].into_iter().find(|&take| {
            let parts = vec![Move { pile: a, take }, Move { pile: b, take: 1 }];
            take <= piles[a] && !self.wins(&MultiMove::new(parts))
        })?;
        Some(format!("{}\u{a0}{take_a}, {}\u{a0}1", a + 1, b + 1))
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

/// A row run together with its number, `r2` or `row2`: its number.
fn row_word(word: &str) -> Option<u64> {
    let digits = word
        .strip_prefix("row")
        .or_else(|| word.strip_prefix('r'))?;
    digits.parse().ok()
}
