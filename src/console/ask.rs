//! Asking a pupil for a move, in a lesson or a game and for every game,
//! until the answer is one the tool can act on.
//!
//! One line at a time is read at the prompt, and what it means is the
//! reader's, in `teach/reply/meaning.rs`, the same for every game and
//! question: a command, yes or no, a legal move, or words to say before
//! asking again (how to type a move, with an example that fits the board;
//! an illegal move's reason). A move the game asks about first (one of two
//! readings, or the poisoned square) is settled by a yes or a no. Only
//! commands, yes and no and legal moves come back to the caller.

use super::io::Io;
use super::line::{Line, LineError, MOST_PROMPT_LINES, read_line};
use crate::render::text;
use crate::rules::row_reader::readable;
use crate::teach::document::Block;
pub use crate::teach::reply::meaning::YesNo;
use crate::teach::reply::meaning::{Asked, Meaning, YES_OR_NO, confirmed, meaning};
use crate::teach::reply::{Otherwise, Replies, Said};

/// What came of asking.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply<M> {
    /// A legal move.
    Move(M),
    /// Yes, to a yes-or-no question.
    Yes,
    /// Yes, to a yes-or-no question, said with a legal move.
    YesWith(M),
    /// No, to a yes-or-no question.
    No,
    /// The next hint, please.
    Hint,
    /// The answer, please.
    Show,
    /// "Why?": the reason for the last verdict.
    Why,
    /// "skip", "next": on without answering.
    Skip,
    /// Take back the last move.
    Undo,
    /// Stop.
    Quit,
    /// The input has ended.
    End,
}

/// A question to ask.
#[derive(Debug)]
pub struct Question<'a, G: Replies> {
    /// The prompt before the cursor: "> ".
    pub prompt: &'a str,
    /// The position a move is made from.
    pub position: &'a G::Position,
    /// The game and its rules.
    pub game: &'a G,
    /// Whether yes and no are answers here.
    pub yes_no: YesNo,
    /// The winning moves, which an example of how to type a move must not
    /// give away.
    pub winning: &'a [G::Move],
    /// The row the question names ("How many do you take from row 1?"),
    /// so a bare count is taken from it.
    pub row: Option<u64>,
}

impl<G: Replies> Clone for Question<'_, G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G: Replies> Copy for Question<'_, G> {}

impl<'a, G: Replies> Question<'a, G> {
    /// The question as the reader sees it.
    fn asked(&self) -> Asked<'a, G> {
        Asked {
            position: self.position,
            game: self.game,
            yes_no: self.yes_no,
            winning: self.winning,
            row: self.row,
        }
    }

    /// How to type a move, said in full once, at the start.
    pub(crate) fn instructions(&self) -> String {
        self.asked().instructions()
    }
}

/// What to say to a line that is not UTF-8 text.
pub(crate) const NOT_TEXT: &str = "Sorry, that is not text I can read. Try again.";

/// Says a line of words to the pupil, wrapped to the screen.
pub(crate) fn say(io: &mut Io<'_>, words: &str) -> Result<(), LineError> {
    let style = io.style();
    io.out
        .write_all(text::blocks(&[Block::note(words)], "", style).as_bytes())?;
    Ok(())
}

/// Reads the next line at `prompt`, echoing it when the input is not a
/// person at a keyboard, so a transcript reads like the session. The echo
/// is `readable`: a line piped in may hold an escape that would clear the
/// screen, and is shown as a terminal shows the key, `^[`.
pub(crate) fn read(io: &mut Io<'_>, prompt: &str) -> Result<Line, LineError> {
    io.out.write_all(prompt.as_bytes())?;
    io.out.flush()?;
    io.lines += 1;
    if io.lines > MOST_PROMPT_LINES {
        return Err(LineError::TooMany);
    }
    let line = read_line(io.input)?;
    match (&line, io.interactive) {
        (Line::End, _) => io.out.write_all(b"\n")?,
        (Line::Text(text), false) => writeln!(io.out, "{}", readable(text))?,
        (Line::NotText, false) => writeln!(io.out)?,
        (_, true) => {}
    }
    Ok(line)
}

/// The reply a command asks for.
fn command<M>(said: Said) -> Reply<M> {
    match said {
        Said::Hint => Reply::Hint,
        Said::Show => Reply::Show,
        Said::Undo => Reply::Undo,
        Said::Quit => Reply::Quit,
        Said::Why => Reply::Why,
        Said::Skip => Reply::Skip,
        Said::Empty | Said::Stuck | Said::Help | Said::Ack | Said::Yes | Said::No => {
            unreachable!("the reader gives only commands as commands")
        }
    }
}

/// Reads lines at `prompt` until one is text, saying sorry to each that
/// is not; `None` when the input has ended.
pub(crate) fn read_text(io: &mut Io<'_>, prompt: &str) -> Result<Option<String>, LineError> {
    loop {
        match read(io, prompt)? {
            Line::End => return Ok(None),
            Line::NotText => say(io, NOT_TEXT)?,
            Line::Text(text) => return Ok(Some(text)),
        }
    }
}

/// Asks until the pupil gives a command, a yes or a no, or a legal move.
pub fn ask<G: Replies>(
    io: &mut Io<'_>,
    question: Question<'_, G>,
) -> Result<Reply<G::Move>, LineError> {
    let asked = question.asked();
    let mut pending = None;
    loop {
        let text = match pending.take() {
            Some(text) => text,
            None => match read_text(io, question.prompt)? {
                Some(text) => text,
                None => return Ok(Reply::End),
            },
        };
        let words = match meaning(&asked, &text) {
            Meaning::Command(said) => return Ok(command(said)),
            Meaning::Yes => return Ok(Reply::Yes),
            Meaning::No => return Ok(Reply::No),
            Meaning::Move(mv) => return Ok(Reply::Move(mv)),
            Meaning::YesWith(mv) => return Ok(Reply::YesWith(mv)),
            Meaning::Tell(words) => words,
            Meaning::Confirm { ask, yes, no } => {
                say(io, &ask)?;
                match confirm(io, &question, yes, no)? {
                    Confirmed::Reply(reply) => return Ok(reply),
                    Confirmed::Again(text) => {
                        pending = text;
                        continue;
                    }
                }
            }
        };
        say(io, &words)?;
    }
}

/// What came of asking about a move.
enum Confirmed<M> {
    /// Yes or no gave the move, or a command came instead.
    Reply(Reply<M>),
    /// Ask again, reading this line afresh if there is one.
    Again(Option<String>),
}

/// Reads the answer to a move asked about, once the question is said: yes
/// makes `yes`. When `no` is another move, the pupil is asked until a yes
/// or a no comes, a command, or a move typed another way; when it is words
/// (the question said "or type another move"), they are said, and any
/// other line is read as a reply of its own.
fn confirm<G: Replies>(
    io: &mut Io<'_>,
    question: &Question<'_, G>,
    yes: G::Move,
    no: Otherwise<G::Move>,
) -> Result<Confirmed<G::Move>, LineError> {
    let other = match no {
        Otherwise::Move(other) => other,
        Otherwise::Say(words) => return another(io, question.prompt, yes, &words),
    };
    let asked = question.asked();
    loop {
        let text = match read(io, question.prompt)? {
            Line::End => return Ok(Confirmed::Reply(Reply::End)),
            Line::NotText => {
                say(io, YES_OR_NO)?;
                continue;
            }
            Line::Text(text) => text,
        };
        let reply = match confirmed(&asked, &text, &yes, &other) {
            None => return Ok(Confirmed::Again(Some(text))),
            Some(Meaning::Command(said)) => command(said),
            Some(Meaning::Move(mv)) => Reply::Move(mv),
            Some(Meaning::Tell(words)) => {
                say(io, &words)?;
                continue;
            }
            Some(_) => {
                say(io, YES_OR_NO)?;
                continue;
            }
        };
        return Ok(Confirmed::Reply(reply));
    }
}

/// Reads the answer to a move asked about where no means that another
/// move is wanted: yes makes `yes`, no is answered with `words`, and any
/// other line is a reply of its own.
fn another<M>(
    io: &mut Io<'_>,
    prompt: &str,
    yes: M,
    words: &str,
) -> Result<Confirmed<M>, LineError> {
    let text = match read(io, prompt)? {
        Line::End => return Ok(Confirmed::Reply(Reply::End)),
        Line::NotText => {
            say(io, NOT_TEXT)?;
            return Ok(Confirmed::Again(None));
        }
        Line::Text(text) => text,
    };
    Ok(match Said::parse(&text) {
        Some(Said::Yes) => Confirmed::Reply(Reply::Move(yes)),
        Some(Said::No) => {
            say(io, words)?;
            Confirmed::Again(None)
        }
        _ => Confirmed::Again(Some(text)),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::bar::Bite;
    use crate::rules::game::Chomp;
    use crate::rules::moves::Move;
    use crate::rules::multi_move::MultiMove;
    use crate::rules::nim::Nim;
    use crate::rules::position::Position;
    use crate::rules::rule::Rule;
    use crate::teach::reply::meaning::NUDGE;

    /// A move from one row.
    fn one(pile: usize, take: u64) -> MultiMove {
        MultiMove::from(Move { pile, take })
    }

    /// Asks `question` with `typed` as the pupil's lines, and returns the
    /// reply and what was shown, prompts and echoes included.
    fn talk<G: Replies>(
        question: Question<'_, G>,
        typed: &str,
        width: usize,
    ) -> (Reply<G::Move>, String) {
        let mut out = Vec::new();
        let mut input = typed.as_bytes();
        let mut io = Io {
            out: &mut out,
            input: &mut input,
            interactive: false,
            color: false,
            width,
            height: None,
            lines: 0,
        };
        let reply = ask(&mut io, question).unwrap();
        (reply, String::from_utf8(out).unwrap())
    }

    /// Asks at `rows` in misère Nim with `typed` as the pupil's lines, and
    /// returns the reply and what was shown, prompts and echoes included.
    fn run(rows: &[u64], yes_no: bool, typed: &str, width: usize) -> (Reply<MultiMove>, String) {
        let yes_no = match yes_no {
            true => YesNo::Only,
            false => YesNo::Never,
        };
        let position = Position::new(rows.to_vec());
        let game = Nim::new(Rule::Misere);
        let question = Question {
            prompt: "> ",
            position: &position,
            game: &game,
            yes_no,
            winning: &[one(0, 1)],
            row: None,
        };
        talk(question, typed, width)
    }

    #[test]
    fn a_bare_count_is_taken_from_the_row_the_question_names() {
        let position = Position::new(vec![6, 5, 7]);
        let game = Nim::new(Rule::Misere);
        let question = Question {
            prompt: "> ",
            position: &position,
            game: &game,
            yes_no: YesNo::Also,
            winning: &[],
            row: Some(1),
        };
        let (reply, _) = talk(question, "three\n", 80);
        assert_eq!(reply, Reply::Move(one(0, 3)));
        let (reply, _) = talk(question, "why?\n", 80);
        assert_eq!(reply, Reply::Why);
    }

    #[test]
    fn an_endless_stream_of_lines_ends_at_the_limit_and_not_before() {
        let position = Position::new(vec![3, 5, 7]);
        let game = Nim::new(Rule::Misere);
        let question = Question {
            prompt: "> ",
            position: &position,
            game: &game,
            yes_no: YesNo::Never,
            winning: &[],
            row: None,
        };
        // Started with `before` lines already read, `lines` more come, then
        // `then`.
        let before = MOST_PROMPT_LINES - 3;
        let asked = |lines: usize, then: &str| {
            let typed = format!("{}{then}", "nonsense\n".repeat(lines));
            let (mut out, mut input) = (Vec::new(), typed.as_bytes());
            let mut io = Io {
                out: &mut out,
                input: &mut input,
                interactive: false,
                color: false,
                width: 80,
                height: None,
                lines: before,
            };
            ask(&mut io, question).map_err(|e| e.to_string())
        };
        // The last line the limit allows is still heard.
        assert_eq!(asked(2, "q\n"), Ok(Reply::Quit));
        let refused = asked(3, "q\n").unwrap_err();
        assert!(refused.contains("more than 10,000 lines"), "{refused}");
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
                "Sorry, I can't read that: type the row and how many to take, like 2 3. Or type hint for a clue.",
            ),
            (
                &[21],
                false,
                "lots",
                "Sorry, I can't read that: type how many sticks to take, like 2. Or type hint for a clue.",
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
                "It is your turn to move: type the row and how many to take, like 2 3.",
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
        assert_eq!(reply, Reply::Move(one(1, 1)));
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
        assert_eq!(reply, Reply::Move(one(1, 2)));
        // The move typed again another way is read afresh.
        let (reply, _) = run(&[2, 3], false, "2 1\nleave 2 1\n", 200);
        assert_eq!(reply, Reply::Move(one(1, 2)));
        let (reply, _) = run(&[2, 3], false, "2 1\nhint\n", 200);
        assert_eq!(reply, Reply::Hint);
        // One legal reading: no question.
        let (reply, out) = run(&[4, 6], false, "4 4\n", 200);
        assert_eq!(reply, Reply::Move(one(1, 2)));
        assert_eq!(out, "> 4 4\n");
    }

    /// Asks for a bite of `shape` with `typed` as the pupil's lines, and
    /// returns what was shown and the reply.
    fn session(typed: &str, shape: &str) -> (String, Reply<Bite>) {
        let bar = shape.parse().unwrap();
        let question = Question {
            prompt: "> ",
            position: &bar,
            game: &Chomp,
            yes_no: YesNo::Never,
            winning: &[Bite::new(2, 2)],
            row: None,
        };
        let (reply, out) = talk(question, typed, 80);
        (out, reply)
    }

    #[test]
    fn the_poison_is_asked_about_and_illegal_bites_refused() {
        let (out, reply) = session("5 1\n1 1\nno\n2 2\n", "4x5");
        assert_eq!(reply, Reply::Move(Bite::new(2, 2)));
        assert!(
            out.contains("That bite is not allowed: there is no row 5"),
            "{out}"
        );
        assert!(out.contains("That is the poisoned square"), "{out}");
        assert!(out.contains("Good: type another bite."), "{out}");
        // An unclear bite gets an example that fits the bar and keeps the
        // winning bite back.
        let (out, _) = session("middle\n", "2x2");
        assert!(
            out.replace('\n', " ")
                .contains("such as 2 1 for row 2, column 1. Try again, or type hint"),
            "{out}"
        );
        let (_, reply) = session("1,1\nyes\n", "4x5");
        assert_eq!(reply, Reply::Move(Bite::new(1, 1)));
        let (_, reply) = session("1 1\n", "1x1");
        assert_eq!(reply, Reply::Move(Bite::new(1, 1)));
        assert_eq!(session("hint\n", "4x5").1, Reply::Hint);
        assert_eq!(session("", "4x5").1, Reply::End);
    }

    #[test]
    fn a_line_after_the_poison_is_asked_about_is_read_afresh() {
        // Anything but yes or no answers the prompt itself: a command, or
        // another bite.
        let (_, reply) = session("1 1\nhint\n", "4x5");
        assert_eq!(reply, Reply::Hint);
        let (out, reply) = session("1 1\nmiddle\n3 3\n", "4x5");
        assert_eq!(reply, Reply::Move(Bite::new(3, 3)));
        assert!(
            out.contains("Sorry: 'middle' is not a row or a column"),
            "{out}"
        );
        // A yes or a no where a bite is wanted is not a bite.
        let (out, _) = session("yes\nq\n", "4x5");
        assert!(
            out.replace('\n', " ").contains(
                "It is your turn to bite: type a bite as its row and column, such as 2 3 for row 2, column 3."
            ),
            "{out}"
        );
    }
}
