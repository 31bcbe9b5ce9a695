//! Asking a pupil for a move, in a lesson or a game, until the answer is
//! one the tool can act on.
//!
//! A line that cannot be read gets one kind sentence saying what can be
//! typed, with an example that fits the board, and the question again. An
//! illegal move gets its reason. Where two numbers are a legal move two
//! ways, the pupil is asked which was meant, as a yes-or-no question.
//! Only commands and legal moves come back to the caller.

use super::answer::{Answer, Meant, only_row};
use super::example::{Fit, example, typed};
use super::io::Io;
use super::line::{Line, LineError, read_line};
use crate::render::text;
use crate::rules::moves::Move;
use crate::rules::multi_move::MultiMove;
use crate::rules::nim::Nim;
use crate::rules::position::Position;
use crate::teach::document::Block;
use crate::teach::words::{and_list, position};

/// What came of asking.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    /// A legal move.
    Move(Move),
    /// A legal move in a game where a move may take from several rows,
    /// asked for by [`super::ask_parts::ask_parts`].
    Parts(MultiMove),
    /// Yes, to a yes-or-no question.
    Yes,
    /// No, to a yes-or-no question.
    No,
    /// The next hint, please.
    Hint,
    /// The answer, please.
    Show,
    /// Take back the last move.
    Undo,
    /// Stop.
    Quit,
    /// The input has ended.
    End,
}

/// Whether a question takes yes or no for an answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum YesNo {
    /// Only yes or no: "Can the player to move win?"
    Only,
    /// A move, or no when there is none to find (a lesson's question).
    Also,
    /// A move only (a game).
    Never,
}

/// A question to ask.
#[derive(Clone, Copy, Debug)]
pub struct Question<'a> {
    /// The prompt before the cursor: "> ".
    pub prompt: &'a str,
    /// The position a move is made from.
    pub position: &'a Position,
    /// The rules.
    pub game: &'a Nim,
    /// Whether yes and no are answers here.
    pub yes_no: YesNo,
    /// The winning moves, which an example of how to type a move must not
    /// give away.
    pub winning: &'a [Move],
}

impl Question<'_> {
    /// An example move that fits the board, typed: "2 3".
    fn example(&self, fit: Fit) -> Option<String> {
        let mv = example(self.position, self.game, self.winning, fit)
            .or_else(|| example(self.position, self.game, self.winning, Fit::Any))?;
        let fit = match (fit, mv.take == self.position.piles()[mv.pile]) {
            (Fit::All, true) => Fit::All,
            _ => Fit::Any,
        };
        Some(typed(mv, self.position, fit))
    }

    /// How to type a move here: "type the row and how many to take, like
    /// 2 3", or for one row "type how many sticks to take, like 2".
    pub fn how_to_move(&self) -> String {
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
    pub fn instructions(&self) -> String {
        let mv = example(self.position, self.game, self.winning, Fit::Any);
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
            true => format!("{one_row}{SEVERAL_ROWS}"),
            false => one_row,
        }
    }

    /// What to say to a pupil who asks for help: how to answer, and how to
    /// get a clue.
    pub fn help(&self) -> String {
        match self.yes_no {
            YesNo::Only => {
                "Type yes or no. Or type hint for a clue, or show to see the answer.".to_string()
            }
            YesNo::Also | YesNo::Never => format!(
                "{} Or type hint for a clue, or show to see the answer.",
                self.instructions()
            ),
        }
    }

    /// What to say to a line that is not understood.
    fn unclear(&self) -> String {
        match self.yes_no {
            YesNo::Only => "Please type yes or no, or hint for a clue.".to_string(),
            YesNo::Also | YesNo::Never => {
                format!("Sorry, I can't read that: {}.", self.how_to_move())
            }
        }
    }
}

/// How to take from several rows, said after how to take from one.
const SEVERAL_ROWS: &str = " To take from several rows, put commas between them: \"1 2, 3 1\" takes 2 from row 1 and 1 from row 3.";

/// "1 stick", "3 sticks".
fn sticks(n: u64) -> String {
    match n {
        1 => "1 stick".to_string(),
        n => format!("{n} sticks"),
    }
}

/// What to say to "I don't know".
pub const NUDGE: &str = "No problem: type hint for a clue, or show to see the answer.";

/// What to say to a line that is not UTF-8 text.
pub const NOT_TEXT: &str = "Sorry, that is not text I can read. Try again.";

/// Says a line of words to the pupil, wrapped to the screen.
pub fn say(io: &mut Io<'_>, words: &str) -> Result<(), LineError> {
    let style = io.style();
    io.out
        .write_all(text::blocks(&[Block::note(words)], "", style).as_bytes())?;
    Ok(())
}

/// Reads the next line at `prompt`, echoing it when the input is not a
/// person at a keyboard, so a transcript reads like the session.
pub fn read(io: &mut Io<'_>, prompt: &str) -> Result<Line, LineError> {
    io.out.write_all(prompt.as_bytes())?;
    io.out.flush()?;
    let line = read_line(io.input)?;
    match (&line, io.interactive) {
        (Line::End, _) => io.out.write_all(b"\n")?,
        (Line::Text(text), false) => writeln!(io.out, "{text}")?,
        (Line::NotText, false) => writeln!(io.out)?,
        (_, true) => {}
    }
    Ok(line)
}

/// The reply a command asks for: hint, show, undo or quit.
fn command(answer: &Answer) -> Option<Reply> {
    match answer {
        Answer::Hint => Some(Reply::Hint),
        Answer::Show => Some(Reply::Show),
        Answer::Undo => Some(Reply::Undo),
        Answer::Quit => Some(Reply::Quit),
        _ => None,
    }
}

/// Reads lines at `prompt` until one is text, saying sorry to each that
/// is not; `None` when the input has ended.
pub fn read_text(io: &mut Io<'_>, prompt: &str) -> Result<Option<String>, LineError> {
    loop {
        match read(io, prompt)? {
            Line::End => return Ok(None),
            Line::NotText => say(io, NOT_TEXT)?,
            Line::Text(text) => return Ok(Some(text)),
        }
    }
}

/// A line heard at a question, once the commands are answered.
pub enum Heard {
    /// An answer for the caller: a command, yes or no, or the end.
    Reply(Reply),
    /// Not a command: perhaps a move.
    Move {
        /// The line as typed.
        text: String,
        /// The line as understood.
        answer: Answer,
    },
}

/// Reads lines at the question's prompt, starting with a line already
/// `pending` if there is one, until one is a reply for the caller or
/// perhaps a move, answering the rest ("I don't know", a yes
/// where a move is wanted) the same way whether a move takes from one row
/// or from several.
pub fn hear(
    io: &mut Io<'_>,
    question: &Question<'_>,
    mut pending: Option<String>,
) -> Result<Heard, LineError> {
    loop {
        let text = match pending.take() {
            Some(text) => text,
            None => match read_text(io, question.prompt)? {
                Some(text) => text,
                None => return Ok(Heard::Reply(Reply::End)),
            },
        };
        let answer = Answer::parse(&text);
        if let Some(reply) = command(&answer) {
            return Ok(Heard::Reply(reply));
        }
        let words = match answer {
            Answer::Empty => continue,
            Answer::Stuck => NUDGE.to_string(),
            Answer::Help => question.help(),
            Answer::Yes if question.yes_no != YesNo::Never => return Ok(Heard::Reply(Reply::Yes)),
            Answer::No if question.yes_no != YesNo::Never => return Ok(Heard::Reply(Reply::No)),
            // A yes-or-no question is answered first; the move comes after.
            _ if question.yes_no == YesNo::Only => question.unclear(),
            Answer::Yes | Answer::No => {
                format!("This question wants a move: {}.", question.how_to_move())
            }
            answer => return Ok(Heard::Move { text, answer }),
        };
        say(io, &words)?;
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

/// Asks until the pupil gives a command or a legal move.
pub fn ask(io: &mut Io<'_>, question: Question<'_>) -> Result<Reply, LineError> {
    let mut pending = None;
    loop {
        let (text, answer) = match hear(io, &question, pending.take())? {
            Heard::Reply(reply) => return Ok(reply),
            Heard::Move { text, answer } => (text, answer),
        };
        let meant = answer.resolve(question.position, question.game);
        let words = match (answer, meant) {
            (_, Some(Meant::Either { take, to })) => match which(io, question, &text, take, to)? {
                Which::Reply(reply) => return Ok(reply),
                Which::Again(text) => {
                    pending = Some(text);
                    continue;
                }
            },
            (_, Some(Meant::Move(mv))) => return Ok(Reply::Move(mv)),
            (answer, Some(Meant::Illegal(illegal))) => {
                let nudge = leave_instead(&answer, question.position, question.game);
                format!("{}{nudge} Try again.", illegal.refusal())
            }
            (answer, Some(Meant::WhichRow { take })) => {
                // A bare number may have been meant as the row; "take 3"
                // is a count.
                let fit = match (answer, take) {
                    (Answer::Numbers(_), Some(n))
                        if (1..=question.position.len() as u64).contains(&n) =>
                    {
                        Fit::Row(n)
                    }
                    (_, Some(n)) => Fit::Take(n),
                    (_, None) => Fit::All,
                };
                match question.example(fit) {
                    Some(example) => {
                        format!("Which row? Type the row and how many, like {example}.")
                    }
                    None => "Which row? Type the row and how many.".to_string(),
                }
            }
            (_, Some(Meant::HowMany { row })) => match question.example(Fit::Row(row)) {
                Some(example) if example.starts_with(&format!("{row} ")) => {
                    format!("How many from row {row}? Type the row and how many, like {example}.")
                }
                _ => match usize::try_from(row)
                    .ok()
                    .and_then(|row| row.checked_sub(1))
                    .and_then(|pile| question.position.piles().get(pile))
                {
                    Some(0) => empty_row(row, question.position),
                    Some(_) => format!(
                        "No move can take from row {row}: {}.",
                        question.how_to_move()
                    ),
                    None => format!("There is no row {row}: {}.", question.how_to_move()),
                },
            },
            (_, Some(Meant::EmptyRow { row })) => empty_row(row, question.position),
            (_, Some(Meant::Unclear) | None) => question.unclear(),
        };
        say(io, &words)?;
    }
}

/// What came of asking which move was meant.
enum Which {
    /// Yes or no gave the move, or a command came instead.
    Reply(Reply),
    /// Another move was typed instead, to read afresh.
    Again(String),
}

/// Asks whether the numbers `typed` were a row and a count (`take`) or the
/// rows after the move (`to`), until the pupil says yes or no, gives a
/// command, or types the move another way: "2 1 can mean two moves. Do
/// you mean take 1 from row 2, which leaves 2 2? Type yes for that, or no
/// for take 2 from row 2, which leaves 2 1."
fn which(
    io: &mut Io<'_>,
    question: Question<'_>,
    typed: &str,
    take: Move,
    to: Move,
) -> Result<Which, LineError> {
    let after = |mv: Move| {
        let rows = question
            .position
            .play_with(mv, &question.game.takes)
            .expect("both readings are legal");
        position(&rows)
    };
    say(
        io,
        &format!(
            "{} can mean two moves. Do you mean {take}, which leaves {}? Type yes for that, or no for {to}, which leaves {}.",
            typed.trim(),
            after(take),
            after(to)
        ),
    )?;
    loop {
        let reply = match read(io, question.prompt)? {
            Line::End => Reply::End,
            Line::NotText => {
                say(io, YES_OR_NO)?;
                continue;
            }
            Line::Text(text) => {
                let answer = Answer::parse(&text);
                match (command(&answer), answer) {
                    (Some(reply), _) => reply,
                    (None, Answer::Yes) => Reply::Move(take),
                    (None, Answer::No) => Reply::Move(to),
                    (None, Answer::Empty) => continue,
                    (None, Answer::Unclear | Answer::Stuck | Answer::Help) => {
                        say(io, YES_OR_NO)?;
                        continue;
                    }
                    (None, _) => return Ok(Which::Again(text)),
                }
            }
        };
        return Ok(Which::Reply(reply));
    }
}

/// The answer to anything but yes or no when asking which move was meant.
const YES_OR_NO: &str = "Please type yes or no.";

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::rule::Rule;

    /// Asks at `rows` in misère Nim with `typed` as the pupil's lines, and
    /// returns the reply and what was shown, prompts and echoes included.
    fn run(rows: &[u64], yes_no: bool, typed: &str, width: usize) -> (Reply, String) {
        let yes_no = match yes_no {
            true => YesNo::Only,
            false => YesNo::Never,
        };
        let position = Position::new(rows.to_vec());
        let game = Nim::new(Rule::Misere);
        let mut out = Vec::new();
        let mut input = typed.as_bytes();
        let mut io = Io {
            out: &mut out,
            input: &mut input,
            interactive: false,
            color: false,
            width,
        };
        let question = Question {
            prompt: "> ",
            position: &position,
            game: &game,
            yes_no,
            winning: &[Move { pile: 0, take: 1 }],
        };
        let reply = ask(&mut io, question).unwrap();
        (reply, String::from_utf8(out).unwrap())
    }

    fn said(rows: &[u64], yes_no: bool, line: &str) -> String {
        let (reply, out) = run(rows, yes_no, &format!("{line}\nq\n"), 200);
        assert_eq!(reply, Reply::Quit, "{out}");
        out.lines().nth(1).unwrap_or_default().to_string()
    }

    #[test]
    fn every_line_not_understood_gets_one_kind_sentence() {
        let cases = [
            (&[3, 5, 7][..], false, "I don't know", NUDGE),
            (
                &[3, 5, 7],
                false,
                "help",
                "Type the row and how many to take: 2 3 takes 3 sticks from row 2. Or type hint for a clue, or show to see the answer.",
            ),
            (
                &[3, 5, 7],
                true,
                "?",
                "Type yes or no. Or type hint for a clue, or show to see the answer.",
            ),
            (
                &[3, 5, 7],
                false,
                "banana",
                "Sorry, I can't read that: type the row and how many to take, like 2 3.",
            ),
            (
                &[21],
                false,
                "lots",
                "Sorry, I can't read that: type how many sticks to take, like 2.",
            ),
            (
                &[3, 5, 7],
                true,
                "take 2",
                "Please type yes or no, or hint for a clue.",
            ),
            (
                &[3, 5, 7],
                false,
                "yes",
                "This question wants a move: type the row and how many to take, like 2 3.",
            ),
            (
                &[1, 1, 1, 1],
                false,
                "3",
                "Which row? Type the row and how many, like 3 1.",
            ),
            (
                &[3, 5, 7],
                false,
                "take 2",
                "Which row? Type the row and how many, like 1 2.",
            ),
            (
                &[3, 5, 7],
                false,
                "take all",
                "Which row? Type the row and how many, like 2 all.",
            ),
            (
                &[3, 5, 7],
                false,
                "row 3",
                "How many from row 3? Type the row and how many, like 3 2.",
            ),
            (
                &[3, 0, 7],
                false,
                "row 2",
                "Row 2 is empty: rows 1 and 3 still have sticks.",
            ),
            (
                &[3, 0, 7],
                false,
                "2 1",
                "Row 2 is empty: rows 1 and 3 still have sticks.",
            ),
            (
                &[0, 0, 7],
                false,
                "1 all",
                "Row 1 is empty: only row 3 still has sticks.",
            ),
            (
                &[3, 5, 7],
                false,
                "row 0",
                "There is no row 0: type the row and how many to take, like 2 3.",
            ),
            (
                &[3, 5, 7],
                false,
                "4 1",
                "There is no row 4, only rows 1 to 3. Try again.",
            ),
            (
                &[21],
                false,
                "25",
                "Row 1 has only 21 sticks, so 25 cannot be taken from it. Try again.",
            ),
        ];
        for (rows, yes_no, line, expected) in cases {
            assert_eq!(said(rows, yes_no, line), expected, "{line:?} at {rows:?}");
        }
    }

    #[test]
    fn two_legal_readings_are_asked_about_with_yes_or_no() {
        // At 2 3, "2 1" takes 1 from row 2 or leaves 2 and 1.
        let (reply, out) = run(&[2, 3], false, "2 1\nmaybe\nyes\n", 200);
        assert_eq!(reply, Reply::Move(Move { pile: 1, take: 1 }));
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(
            lines,
            [
                "> 2 1",
                "2 1 can mean two moves. Do you mean take 1 from row 2, which leaves 2 2? Type yes for that, or no for take 2 from row 2, which leaves 2 1.",
                "> maybe",
                "Please type yes or no.",
                "> yes",
            ]
        );
        let (reply, _) = run(&[2, 3], false, "2,1\nno\n", 200);
        assert_eq!(reply, Reply::Move(Move { pile: 1, take: 2 }));
        // The move typed again another way is read afresh.
        let (reply, _) = run(&[2, 3], false, "2 1\nleave 2 1\n", 200);
        assert_eq!(reply, Reply::Move(Move { pile: 1, take: 2 }));
        let (reply, _) = run(&[2, 3], false, "2 1\nhint\n", 200);
        assert_eq!(reply, Reply::Hint);
        // One legal reading: no question.
        let (reply, out) = run(&[4, 6], false, "4 4\n", 200);
        assert_eq!(reply, Reply::Move(Move { pile: 1, take: 2 }));
        assert_eq!(out, "> 4 4\n");
    }
}
