//! What a pupil's line means at a question, for every game: the one reader
//! that the terminal's conversation (`console/ask.rs`) asks, and that the
//! table of cases in its tests holds to account.
//!
//! A line is first read as the words every game shares ([`Said`]):
//! commands, yes and no in a pupil's words, "I don't know", "help", "ok".
//! Anything else is handed to the game ([`Replies::read`]), with the row
//! the question names if it names one. What a line comes to depends on the
//! question:
//!
//! - "Can you win?" ([`YesNo::Only`]) takes yes or no; a move typed there
//!   is a yes and that move ("take 1 from row 2", "yes, 2 4 6"), and "ok"
//!   is not a yes: it is asked about again.
//! - A lesson's question for a move ([`YesNo::Also`]) takes a move, or no
//!   when there is none to find ("no", "none", "there is none").
//! - A game ([`YesNo::Never`]) takes only a move.
//! - "Do you mean …?" ([`confirmed`]) takes yes ("ok", "the first one") or
//!   no ("the second one", "the other one"), or the move typed again.
//!
//! A blank line is told what to type; a line that cannot be used is told
//! what was understood and what to type instead, never in words that give
//! the answer away.

use super::{Otherwise, Reading, Replies, Said, plain};

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

/// A question as the reader sees it.
#[derive(Debug)]
pub struct Asked<'a, G: Replies> {
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
    /// so a count without a row is taken from it.
    pub row: Option<u64>,
}

impl<G: Replies> Clone for Asked<'_, G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G: Replies> Copy for Asked<'_, G> {}

/// What a line means.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Meaning<M> {
    /// A command: hint, show, why, skip, undo or quit.
    Command(Said),
    /// Yes.
    Yes,
    /// No.
    No,
    /// A legal move.
    Move(M),
    /// At a yes-or-no question, a legal move: yes, and this move.
    YesWith(M),
    /// A legal move the pupil is asked about first: `ask` is said, and
    /// [`confirmed`] reads the answer.
    Confirm {
        /// The question, which says what yes and no mean.
        ask: String,
        /// The move a yes makes.
        yes: M,
        /// What a no means.
        no: Otherwise<M>,
    },
    /// Nothing to act on: these words are said, and the question asked
    /// again.
    Tell(String),
}

/// What to say to "I don't know".
pub const NUDGE: &str = "No problem: type hint for a clue, or show to see the answer.";

/// What to say at a yes-or-no question to anything but yes, no or a
/// command.
pub const ONLY_YES_OR_NO: &str = "Please type yes or no, or hint for a clue.";

/// The answer to anything but yes or no when a move is asked about.
pub const YES_OR_NO: &str = "Please type yes or no.";

impl<G: Replies> Asked<'_, G> {
    /// How to type a move, said in full once, at the start.
    pub fn instructions(&self) -> String {
        match self.row {
            Some(row) => self
                .game
                .instructions_from_row(self.position, self.winning, row),
            None => self.game.instructions(self.position, self.winning),
        }
    }

    /// How to type a move here, as a clause: "type the row and how many to
    /// take, like 2 3".
    fn how_to_move(&self) -> String {
        match self.row {
            Some(row) => self
                .game
                .how_to_move_from_row(self.position, self.winning, row),
            None => self.game.how_to_move(self.position, self.winning),
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

    /// What to say to a blank line: what to type here.
    fn blank(&self) -> String {
        match self.yes_no {
            YesNo::Only => "Type yes or no, or hint for a clue, then press Enter.".to_string(),
            YesNo::Also | YesNo::Never => format!(
                "Type your {} and press Enter: {}. Or type hint for a clue.",
                G::MOVE,
                self.how_to_move()
            ),
        }
    }

    /// What the game makes of a line that is not a command or a yes or a
    /// no.
    fn read(&self, line: &str) -> Reading<G::Move> {
        match self.row {
            Some(row) => self
                .game
                .read_from_row(self.position, self.winning, row, line),
            None => self.game.read(self.position, self.winning, line),
        }
    }
}

/// What `line` means at the question `asked`.
pub fn meaning<G: Replies>(asked: &Asked<'_, G>, line: &str) -> Meaning<G::Move> {
    let said = Said::parse(line);
    match said {
        Some(
            command @ (Said::Hint | Said::Show | Said::Why | Said::Skip | Said::Undo | Said::Quit),
        ) => return Meaning::Command(command),
        Some(Said::Empty) => return Meaning::Tell(asked.blank()),
        Some(Said::Stuck) => return Meaning::Tell(NUDGE.to_string()),
        Some(Said::Help) => return Meaning::Tell(asked.help()),
        _ => {}
    }
    match (asked.yes_no, said) {
        (YesNo::Only, Some(Said::Ack)) => {
            Meaning::Tell("Is that a yes or a no? Type yes or no, or hint for a clue.".to_string())
        }
        (YesNo::Only | YesNo::Also, Some(Said::Yes)) => Meaning::Yes,
        (YesNo::Only | YesNo::Also, Some(Said::No)) => Meaning::No,
        (YesNo::Only, _) => yes_or_a_move(asked, line),
        (YesNo::Never, Some(_)) => Meaning::Tell(format!(
            "It is your turn to {}: {}.",
            G::MOVE,
            asked.how_to_move()
        )),
        (_, Some(_)) => Meaning::Tell(format!(
            "This question wants a {}: {}.",
            G::MOVE,
            asked.how_to_move()
        )),
        (_, None) => match asked.read(line) {
            Reading::Move(mv) => Meaning::Move(mv),
            Reading::Confirm { ask, yes, no } => Meaning::Confirm { ask, yes, no },
            Reading::Refused(words) | Reading::Unclear(words) => Meaning::Tell(words),
        },
    }
}

/// At a yes-or-no question, a line that is not plainly yes or no: a move
/// typed there means yes and that move, with a yes or a no before it or
/// not ("yes, take 1 from row 2", "no wait, 2 4 6": the move is the last
/// word); a yes or a no with words the game cannot read is that yes or no.
fn yes_or_a_move<G: Replies>(asked: &Asked<'_, G>, line: &str) -> Meaning<G::Move> {
    let words = plain(line);
    let rest = words
        .split_once([' ', ','])
        .filter(|_| Said::leading(line).is_some())
        .map_or(words.as_str(), |(_, rest)| rest);
    for typed in [words.as_str(), rest] {
        if let Reading::Move(mv) = asked.read(typed) {
            return Meaning::YesWith(mv);
        }
    }
    match Said::leading(line) {
        Some(Said::Yes) => Meaning::Yes,
        Some(Said::No) => Meaning::No,
        _ => Meaning::Tell(ONLY_YES_OR_NO.to_string()),
    }
}

/// The answer to a move asked about, "Do you mean take 1 from row 2?":
/// what `line` means there, where yes makes `yes` and no makes `other`.
/// Anything that reads as a move typed another way is read afresh
/// (`None`); any other line is asked about again.
pub fn confirmed<G: Replies>(
    asked: &Asked<'_, G>,
    line: &str,
    yes: &G::Move,
    other: &G::Move,
) -> Option<Meaning<G::Move>> {
    let words = plain(line);
    let first = [
        "the first",
        "first",
        "the first one",
        "first one",
        "that one",
    ];
    let second = [
        "the second",
        "second",
        "the second one",
        "second one",
        "the other",
        "the other one",
        "other one",
        "the other move",
    ];
    Some(match Said::parse(line) {
        _ if first.contains(&words.as_str()) => Meaning::Move(yes.clone()),
        _ if second.contains(&words.as_str()) => Meaning::Move(other.clone()),
        Some(Said::Yes | Said::Ack) => Meaning::Move(yes.clone()),
        Some(Said::No) => Meaning::Move(other.clone()),
        Some(Said::Empty) => Meaning::Tell(YES_OR_NO.to_string()),
        Some(
            command @ (Said::Hint | Said::Show | Said::Why | Said::Skip | Said::Undo | Said::Quit),
        ) => Meaning::Command(command),
        Some(_) => Meaning::Tell(YES_OR_NO.to_string()),
        None => match asked.read(line) {
            Reading::Unclear(_) => Meaning::Tell(YES_OR_NO.to_string()),
            Reading::Move(_) | Reading::Confirm { .. } | Reading::Refused(_) => return None,
        },
    })
}

#[cfg(test)]
mod tests {
    //! Each reply, the question it answers, and what it means: the table
    //! the reader is held to, for every game.

    use super::*;
    use crate::rules::game::Chomp;
    use crate::rules::multi_move::MultiMove;
    use crate::rules::nim::Nim;
    use crate::rules::position::Position;
    use crate::rules::rule::Rule;
    use crate::rules::take_set::TakeSet;
    use crate::teach::analysis::{Analysis, Extras};

    /// What a reply should come to, in a form easy to write down.
    #[derive(Debug)]
    enum Is {
        Yes,
        No,
        Command(Said),
        /// A move, as the tool says it.
        Move(&'static str),
        /// Yes, with a move, as the tool says it.
        YesWith(&'static str),
        /// Asked about first.
        Confirm,
        /// Words said, holding this.
        Tell(&'static str),
    }

    fn holds<M: std::fmt::Display>(meaning: &Meaning<M>, is: &Is) -> bool {
        let said = |mv: &M| mv.to_string().replace('\u{a0}', " ");
        match (meaning, is) {
            (Meaning::Yes, Is::Yes) | (Meaning::No, Is::No) => true,
            (Meaning::Command(a), Is::Command(b)) => a == b,
            (Meaning::Move(mv), Is::Move(text)) => said(mv) == *text,
            (Meaning::YesWith(mv), Is::YesWith(text)) => said(mv) == *text,
            (Meaning::Confirm { .. }, Is::Confirm) => true,
            (Meaning::Tell(words), Is::Tell(part)) => words.replace('\u{a0}', " ").contains(part),
            _ => false,
        }
    }

    /// Nim at `rows` with `game`, asked as `yes_no`, naming `row`.
    fn nim(rows: &[u64], game: &Nim, yes_no: YesNo, row: Option<u64>, cases: &[(&str, Is)]) {
        let position = Position::new(rows.to_vec());
        let analysis = Analysis::new(position.clone(), game.clone(), Extras::default()).unwrap();
        let asked = Asked {
            position: &position,
            game,
            yes_no,
            winning: analysis.winning_moves(),
            row,
        };
        for (line, is) in cases {
            let meaning = meaning(&asked, line);
            assert!(
                holds(&meaning, is),
                "{line:?} at {rows:?} ({yes_no:?}): {meaning:?}, not {is:?}"
            );
        }
    }

    fn misere() -> Nim {
        Nim::new(Rule::Misere)
    }

    #[test]
    fn can_you_win() {
        use Is::*;
        let twenty_one = Nim::with_takes(Rule::Misere, TakeSet::parse("1-3").unwrap());
        nim(
            &[21],
            &twenty_one,
            YesNo::Only,
            None,
            &[
                ("yes", Yes),
                ("no", No),
                ("definitely not", No),
                ("certainly not", No),
                ("never", No),
                ("I think no", No),
                ("i dont think i can", No),
                ("I lose", No),
                ("i would lose", No),
                ("maybe not", No),
                ("naw", No),
                ("the other player wins", No),
                ("I think not", No),
                ("of course not", No),
                ("not really", No),
                ("sure", Yes),
                ("I can win!", Yes),
                // "ok" acknowledges: it is asked about, not taken as yes.
                ("ok", Tell("Is that a yes or a no?")),
                ("maybe", Tell("type hint for a clue")),
                ("I don't know if I can", Tell("type hint for a clue")),
                ("", Tell("Type yes or no")),
                ("why?", Command(Said::Why)),
                ("hnit", Command(Said::Hint)),
                ("shwo", Command(Said::Show)),
                ("help me", Tell("Type yes or no")),
                ("bye", Command(Said::Quit)),
                ("skip", Command(Said::Skip)),
                ("next", Command(Said::Skip)),
                ("banana", Tell("Please type yes or no")),
                // A move typed here is a yes, and that move.
                ("take 1", YesWith("take 1 from row 1")),
                ("leave 20", YesWith("take 1 from row 1")),
            ],
        );
        nim(
            &[2, 5, 6],
            &misere(),
            YesNo::Only,
            None,
            &[
                ("take 1 from row 2", YesWith("take 1 from row 2")),
                ("2 4 6", YesWith("take 1 from row 2")),
                ("leave 2 4 6", YesWith("take 1 from row 2")),
                ("yes take 1 from row 2", YesWith("take 1 from row 2")),
                (
                    "yes! take one from the middle row",
                    YesWith("take 1 from row 2"),
                ),
                ("yes, banana", Yes),
                ("no, I'm stuck", Tell("type hint for a clue")),
                // A question about how to find the move wants a hint.
                ("how do i know which row", Command(Said::Hint)),
                ("hmm why", Command(Said::Why)),
                ("why is that?", Command(Said::Why)),
                // Typed full width, as some keyboards type.
                ("ｙｅｓ", Yes),
                ("ｔａｋｅ １ from row ２", YesWith("take 1 from row 2")),
            ],
        );
        nim(
            &[1, 4, 5],
            &misere(),
            YesNo::Only,
            None,
            &[(
                "yes, take one from the first row",
                YesWith("take 1 from row 1"),
            )],
        );
    }

    #[test]
    fn every_stick_but_some_or_all_of_a_row_said_by_its_size() {
        use Is::*;
        nim(
            &[1, 1, 4],
            &Nim::new(Rule::Normal),
            YesNo::Also,
            None,
            &[
                // Only row 3 has 4 sticks.
                ("take all 4", Move("take 4 from row 3")),
                ("all 4", Move("take 4 from row 3")),
                ("take all 4 from row 3", Move("take 4 from row 3")),
                // Both rows of one come to the same.
                ("take all 1", Move("take 1 from row 1")),
                ("take all 3", Tell("No row has exactly 3 sticks")),
                ("take all but one from row 3", Move("take 3 from row 3")),
                ("all but 2 of the last row", Move("take 2 from row 3")),
            ],
        );
        nim(
            &[1, 1, 1, 6],
            &misere(),
            YesNo::Also,
            None,
            &[("take all 4", Tell("No row has exactly 4 sticks"))],
        );
        nim(
            &[4, 2, 4, 1],
            &misere(),
            YesNo::Also,
            None,
            // Two rows have 4; emptying either leaves the same rows.
            &[("take all 4", Move("take 4 from row 1"))],
        );
        nim(
            &[3, 5, 7],
            &misere(),
            YesNo::Never,
            None,
            &[
                ("take all but one from row 3", Move("take 6 from row 3")),
                ("ｔａｋｅ １ from row ２", Move("take 1 from row 2")),
                ("２ ３", Move("take 3 from row 2")),
            ],
        );
    }

    #[test]
    fn a_move_or_no() {
        use Is::*;
        nim(
            &[4, 1],
            &misere(),
            YesNo::Also,
            None,
            &[
                // Only row 1 has 4 sticks.
                ("4", Move("take 4 from row 1")),
                ("take 4", Move("take 4 from row 1")),
                ("take all", Tell("Which row?")),
                ("all of them", Tell("Which row?")),
                ("ok", Tell("This question wants a move")),
                ("none", No),
                ("there is none", No),
                ("yes", Yes),
                ("", Tell("Type your move and press Enter")),
            ],
        );
        nim(
            &[2, 3],
            &misere(),
            YesNo::Also,
            None,
            &[
                ("take 1 from row 1 no wait row 2", Move("take 1 from row 2")),
                ("take 2 from row 2 no wait 1", Move("take 2 from row 1")),
                ("take 1 from the row with 3", Move("take 1 from row 2")),
                ("take 1 from the small row", Move("take 1 from row 1")),
                ("take 1 from the shortest row", Move("take 1 from row 1")),
                ("take a stick from row 2", Move("take 1 from row 2")),
                ("take away 1 from row 2", Move("take 1 from row 2")),
                (
                    "take the single stick from row 2",
                    Move("take 1 from row 2"),
                ),
                ("row 2 - 1", Move("take 1 from row 2")),
                ("take 1 fro row 2", Move("take 1 from row 2")),
                ("2 1", Confirm),
                ("take 1 from row 3", Tell("There is no row 3")),
                ("why", Command(Said::Why)),
            ],
        );
        nim(
            &[3, 5, 7],
            &misere(),
            YesNo::Also,
            None,
            &[
                // Every row wins: any row will do.
                ("take 1 from any row", Move("take 1 from row 1")),
                // Which row matters for a count the rows do not share.
                ("1", Tell("Which row?")),
                ("take one", Tell("Which row?")),
            ],
        );
        nim(
            &[1, 1, 1, 1],
            &misere(),
            YesNo::Also,
            None,
            &[
                ("take 1", Move("take 1 from row 1")),
                ("1", Move("take 1 from row 1")),
                ("the first one", Move("take 1 from row 1")),
                ("the last one", Move("take 1 from row 4")),
                ("take the first", Move("take 1 from row 1")),
                ("any", Move("take 1 from row 1")),
                ("any of them", Move("take 1 from row 1")),
                ("take all", Move("take 1 from row 1")),
            ],
        );
        let twenty_one = Nim::with_takes(Rule::Misere, TakeSet::parse("1-3").unwrap());
        nim(
            &[4],
            &twenty_one,
            YesNo::Also,
            None,
            &[
                ("2 no 3", Move("take 3 from row 1")),
                ("no wait, 3", Move("take 3 from row 1")),
            ],
        );
    }

    #[test]
    fn a_row_named_by_its_sticks_or_its_number() {
        use Is::*;
        nim(
            &[4, 6, 9],
            &misere(),
            YesNo::Never,
            None,
            &[
                // There is no row 9: the row of 9 is meant.
                ("take one from the 9", Move("take 1 from row 3")),
                ("take 1 from the 6 row", Move("take 1 from row 2")),
                ("take 1 from row 9", Tell("There is no row 9")),
                ("take 1 from 5", Tell("There is no row 5")),
            ],
        );
        nim(
            &[6, 9, 12],
            &misere(),
            YesNo::Also,
            None,
            &[
                ("take 3 from 12", Move("take 3 from row 3")),
                ("1 from the six row", Move("take 1 from row 1")),
            ],
        );
        nim(
            &[2, 3],
            &misere(),
            YesNo::Never,
            None,
            &[
                ("take one from the three", Move("take 1 from row 2")),
                // Row 2, or the row of 2: both are moves, so it is asked.
                ("take 1 from the 2 row", Confirm),
                ("take 1 from 2", Confirm),
                ("take 1 from row 2", Move("take 1 from row 2")),
            ],
        );
        nim(
            &[3, 1, 3],
            &misere(),
            YesNo::Never,
            None,
            // Row 3 has 3 sticks: both readings are the same row.
            &[("take 2 from the 3", Move("take 2 from row 3"))],
        );
    }

    #[test]
    fn thinking_and_hedging_around_a_move() {
        use Is::*;
        nim(
            &[5],
            &misere(),
            YesNo::Never,
            None,
            &[
                ("umm... 3", Move("take 3 from row 1")),
                ("hmm… 2", Move("take 2 from row 1")),
                ("well... take 1", Move("take 1 from row 1")),
                ("umm...", Tell("type how many sticks to take")),
            ],
        );
        nim(
            &[3, 5],
            &misere(),
            YesNo::Never,
            None,
            &[("hmm... 2 1", Move("take 1 from row 2"))],
        );
        nim(
            &[1, 1, 1, 1, 1],
            &misere(),
            YesNo::Only,
            None,
            &[
                ("um... i take one", YesWith("take 1 from row 1")),
                ("um i take one", YesWith("take 1 from row 1")),
                ("umm... yes", Yes),
            ],
        );
        nim(
            &[6, 9, 12],
            &misere(),
            YesNo::Also,
            None,
            &[
                ("um is it row 3?", Tell("How many from row 3?")),
                ("maybe row 1", Tell("How many from row 1?")),
                ("maybe take 1 from row 1?", Move("take 1 from row 1")),
                ("is it 1 from row 1?", Move("take 1 from row 1")),
                ("maybe", Tell("type hint for a clue")),
            ],
        );
        let twenty_one = Nim::with_takes(Rule::Misere, TakeSet::parse("1-3").unwrap());
        nim(
            &[18],
            &twenty_one,
            YesNo::Never,
            None,
            &[
                ("can i take 5?", Tell("a move takes 1 to 3 sticks")),
                ("can i take 2?", Move("take 2 from row 1")),
                ("could I take 3", Move("take 3 from row 1")),
            ],
        );
    }

    #[test]
    fn two_numbers_with_empty_rows_left_out() {
        use Is::*;
        nim(
            &[0, 1, 0, 4],
            &misere(),
            YesNo::Never,
            None,
            &[
                // 1 from row 2, or the rows left as 1 and 2: both are moves.
                ("1 2", Confirm),
                ("leave 1 2", Move("take 2 from row 4")),
                ("take 1 from row 2", Move("take 1 from row 2")),
                // No row 4 of 1 stick: only the rows after.
                ("1 3", Move("take 1 from row 4")),
            ],
        );
        nim(
            &[0, 5, 7],
            &misere(),
            YesNo::Never,
            None,
            &[("5 5", Move("take 2 from row 3"))],
        );
    }

    #[test]
    fn a_count_from_the_row_the_question_names() {
        use Is::*;
        nim(
            &[6, 5, 7],
            &misere(),
            YesNo::Also,
            Some(1),
            &[
                ("4", Move("take 4 from row 1")),
                ("four", Move("take 4 from row 1")),
                ("take 4", Move("take 4 from row 1")),
                ("leave 2", Move("take 4 from row 1")),
                ("row 1 leaves 2", Move("take 4 from row 1")),
                ("take all", Move("take 6 from row 1")),
                ("take all 6", Move("take 6 from row 1")),
                ("", Tell("type how many sticks to take from row 1, like")),
            ],
        );
    }

    #[test]
    fn a_game_takes_only_a_move() {
        use Is::*;
        nim(
            &[3, 5, 7],
            &misere(),
            YesNo::Never,
            None,
            &[
                ("yes", Tell("It is your turn to move")),
                ("no", Tell("It is your turn to move")),
                ("ok", Tell("It is your turn to move")),
                ("2 3", Move("take 3 from row 2")),
                ("skip", Command(Said::Skip)),
                // What was understood, and what was not.
                ("2 banana", Tell("I read 2, but not 'banana'")),
                ("take banana", Tell("I could not read 'banana'")),
            ],
        );
    }

    #[test]
    fn moves_from_several_rows() {
        use Is::*;
        let two = misere().with_rows_per_move(2).unwrap();
        nim(
            &[3, 3],
            &two,
            YesNo::Also,
            None,
            &[
                (
                    "take 2 from row 1 and all from row 2",
                    Move("take 2 from row 1 and 3 from row 2"),
                ),
                ("banana", Tell("I could not read 'banana'")),
                // No example names a row the board does not have.
                ("banana", Tell("like 1 2, 2 1")),
            ],
        );
        nim(
            &[1, 2, 3],
            &two,
            YesNo::Also,
            None,
            &[
                ("2 all, 3 all", Move("take 2 from row 2 and 3 from row 3")),
                (
                    "take all from rows 2 and 3",
                    Move("take 2 from row 2 and 3 from row 3"),
                ),
            ],
        );
        nim(
            &[3, 4, 7],
            &two,
            YesNo::Also,
            None,
            &[
                (
                    "row 2 take 1 row 3 take 4",
                    Move("take 1 from row 2 and 4 from row 3"),
                ),
                ("2 1 3 1", Move("take 1 from row 2 and 1 from row 3")),
                ("take 9 from row 3", Tell("Type the row and how many")),
            ],
        );
    }

    #[test]
    fn chomp_bites() {
        use Is::*;
        let bar: crate::rules::bar::Bar = "2x2".parse().unwrap();
        let winning = [crate::rules::bar::Bite::new(2, 2)];
        let asked = Asked {
            position: &bar,
            game: &Chomp,
            yes_no: YesNo::Also,
            winning: &winning,
            row: None,
        };
        let cases = [
            ("2 2", Move("row 2, column 2")),
            ("the bottom right one", Move("row 2, column 2")),
            ("bottom right", Move("row 2, column 2")),
            ("top right", Move("row 1, column 2")),
            ("no", No),
            ("hnit", Command(Said::Hint)),
            ("", Tell("Type your bite and press Enter")),
            ("umm the bottom right one", Move("row 2, column 2")),
            (
                "bite the last square of the bottom row",
                Move("row 2, column 2"),
            ),
            ("the first square in the top row", Confirm),
            // The poisoned square, named so: asked about, as 1 1 is.
            ("P", Confirm),
            ("the poisoned square", Confirm),
            ("eat the poison", Confirm),
            ("1 1", Confirm),
        ];
        for (line, is) in cases {
            let meaning = meaning(&asked, line);
            assert!(holds(&meaning, &is), "{line:?}: {meaning:?}, not {is:?}");
        }
        // Squares off the end of an arm of an L.
        let l: crate::rules::bar::Bar = "5,1,1".parse().unwrap();
        let asked = Asked {
            position: &l,
            game: &Chomp,
            yes_no: YesNo::Also,
            winning: &[],
            row: None,
        };
        for (line, is) in [
            ("take 2 from the top", Move("row 1, column 4")),
            ("take 1 from the side", Move("row 3, column 1")),
            ("take 1 from the top arm", Move("row 1, column 5")),
            ("take 2 off the end of the top arm", Move("row 1, column 4")),
            ("take 1 from the side arm", Move("row 3, column 1")),
        ] {
            let meaning = meaning(&asked, line);
            assert!(holds(&meaning, &is), "{line:?}: {meaning:?}, not {is:?}");
        }
    }

    /// Words a pupil's line may be made of, for the lines tried below.
    const WORDS: &[&str] = &[
        "take", "all", "but", "one", "two", "from", "row", "the", "last", "first", "leave", "1",
        "2", "3", "4", "7", "yes", "no", "any", "of", "top", "bottom", "right", "left", "column",
        "poison", "umm", "why", ",", "２", "every",
    ];

    proptest::proptest! {
        /// Every move the reader makes of a line, at any question, is a
        /// legal move at the position asked about.
        #[test]
        fn every_move_read_is_legal(
            rows in proptest::collection::vec(0u64..6, 1..5),
            picks in proptest::collection::vec(0usize..WORDS.len(), 1..7),
            kind in 0usize..3,
            yes_no in 0usize..3,
            row in proptest::option::of(1u64..5),
        ) {
            let line: Vec<&str> = picks.iter().map(|&i| WORDS[i]).collect();
            let line = line.join(" ");
            let yes_no = [YesNo::Only, YesNo::Also, YesNo::Never][yes_no];
            let game = match kind {
                0 => misere(),
                1 => Nim::with_takes(Rule::Normal, TakeSet::parse("1-3").unwrap()),
                _ => misere().with_rows_per_move(2).unwrap(),
            };
            let position = Position::new(rows.clone());
            let asked = Asked { position: &position, game: &game, yes_no, winning: &[], row };
            let legal = |mv: &MultiMove| position.play_multi(mv, &game).is_ok();
            match meaning(&asked, &line) {
                Meaning::Move(mv) | Meaning::YesWith(mv) => {
                    proptest::prop_assert!(legal(&mv), "{line:?} at {rows:?}: {mv:?}");
                }
                Meaning::Confirm { yes, no, .. } => {
                    proptest::prop_assert!(legal(&yes), "{line:?} at {rows:?}: {yes:?}");
                    if let Otherwise::Move(other) = no {
                        proptest::prop_assert!(legal(&other), "{line:?} at {rows:?}");
                    }
                }
                _ => {}
            }
            // The same for a bite of Chomp, on a bar as wide as the rows.
            let widths: Vec<usize> = {
                let mut w: Vec<usize> = rows.iter().map(|&n| n as usize + 1).collect();
                w.sort_unstable_by(|a, b| b.cmp(a));
                w
            };
            let bar = crate::rules::bar::Bar::new(widths).unwrap();
            let asked = Asked { position: &bar, game: &Chomp, yes_no, winning: &[], row: None };
            match meaning(&asked, &line) {
                Meaning::Move(bite) | Meaning::YesWith(bite) | Meaning::Confirm { yes: bite, .. } => {
                    proptest::prop_assert!(bar.bite(bite).is_ok(), "{line:?} on {bar:?}: {bite}");
                }
                _ => {}
            }
        }
    }

    #[test]
    fn which_of_two_readings() {
        let position = Position::new(vec![2, 3]);
        let game = misere();
        let asked = Asked {
            position: &position,
            game: &game,
            yes_no: YesNo::Also,
            winning: &[],
            row: None,
        };
        let Meaning::Confirm {
            yes,
            no: Otherwise::Move(other),
            ..
        } = meaning(&asked, "2 1")
        else {
            panic!("2 1 at 2 3 has two readings")
        };
        for (line, is_yes) in [
            ("yes", true),
            ("ok", true),
            ("the first one", true),
            ("no", false),
            ("the second one", false),
            ("the other one", false),
        ] {
            let expected = if is_yes { &yes } else { &other };
            assert_eq!(
                confirmed(&asked, line, &yes, &other),
                Some(Meaning::Move(expected.clone())),
                "{line:?}"
            );
        }
        assert_eq!(confirmed(&asked, "leave 2 1", &yes, &other), None);
    }
}

#[cfg(test)]
mod examples {
    //! No example of how to type a move, in any game and in anything the
    //! reader says, is a winning move: every one is read back and judged.

    use super::*;
    use crate::rules::bar::Bar;
    use crate::rules::game::{Chomp, Game};
    use crate::rules::nim::Nim;
    use crate::rules::outcome::Outcome;
    use crate::rules::position::Position;
    use crate::rules::rule::Rule;
    use crate::rules::take_set::TakeSet;
    use crate::teach::analysis::{Analysis, Extras};
    use crate::teach::chomp::analysis::BarAnalysis;

    /// Every example of a move in `said`: quoted, after "like" or "such
    /// as", or between "take:" (or "bite:") and "takes" (or "bites").
    fn examples(said: &str) -> Vec<String> {
        let said = &said.replace('\u{a0}', " ");
        let mut found: Vec<String> = said
            .split('"')
            .skip(1)
            .step_by(2)
            .map(str::to_string)
            .collect();
        for lead in ["like ", "such as "] {
            for (_, after) in said
                .match_indices(lead)
                .map(|(i, _)| ((), &said[i + lead.len()..]))
            {
                let end = [".", ";", " for ", " or ", ")"]
                    .iter()
                    .filter_map(|stop| after.find(stop))
                    .min()
                    .unwrap_or(after.len());
                let typed = after[..end].trim_end_matches([' ', ',']);
                // "such as 2 3 for row 2": the digits before "for".
                if !typed.is_empty() {
                    found.push(typed.to_string());
                }
            }
        }
        for (lead, end) in [(": ", " takes "), (": ", " bites ")] {
            for part in said.split(lead).skip(1) {
                if let Some((typed, _)) = part.split_once(end)
                    && typed.bytes().all(|b| b.is_ascii_digit() || b == b' ')
                {
                    found.push(typed.to_string());
                }
            }
        }
        found
    }

    /// Everything the reader may say at `asked` with an example in it.
    fn said<G: Replies>(asked: &Asked<'_, G>) -> Vec<String> {
        let mut said = vec![
            asked.instructions(),
            asked.game.how_to_move(asked.position, asked.winning),
        ];
        for line in ["", "banana", "take", "99 99", "2 banana", "all", "row 1"] {
            if let Meaning::Tell(words) = meaning(asked, line) {
                said.push(words);
            }
        }
        said
    }

    proptest::proptest! {
        #[test]
        fn no_example_in_nim_is_a_winning_move(
            rows in proptest::collection::vec(0u64..6, 1..5),
            normal: bool,
            kind in 0usize..5,
            counted: bool,
        ) {
            let rule = if normal { Rule::Normal } else { Rule::Misere };
            let game = match kind {
                0 => Nim::new(rule),
                1 => Nim::with_takes(rule, TakeSet::parse("1-3").unwrap()),
                2 => Nim::with_takes(rule, TakeSet::parse("2,3").unwrap()),
                3 => Nim::new(rule).with_rows_per_move(2).unwrap(),
                _ => Nim::new(rule).with_rows_per_move(3).unwrap(),
            };
            let position = Position::new(rows.clone());
            proptest::prop_assume!(!game.is_over(&position));
            let analysis = Analysis::new(position.clone(), game.clone(), Extras::default()).unwrap();
            // A game works its positions out briefly, without the list of
            // every winning move from several rows: examples hold anyway.
            let winning = match counted || game.rows_per_move == 1 {
                true => analysis.winning_moves(),
                false => &[],
            };
            let asked = Asked { position: &position, game: &game, yes_no: YesNo::Never, winning, row: None };
            for words in said(&asked) {
                for typed in examples(&words) {
                    let Meaning::Move(mv) = meaning(&asked, &typed) else {
                        panic!("{typed:?} in {words:?} at {rows:?} is not read as a move");
                    };
                    let after = game.play(&position, &mv).unwrap();
                    let left = Analysis::new(after, game.clone(), Extras::default()).unwrap();
                    proptest::prop_assert_eq!(
                        left.outcome, Outcome::Win,
                        "{:?} in {:?} wins at {:?} ({:?})", typed, words, rows, game
                    );
                }
            }
        }
    }

    #[test]
    fn no_example_in_chomp_is_a_winning_bite() {
        for shape in [
            "1x2", "2x2", "2x3", "3x3", "3,1,1", "4,2,1", "2x6", "5,1,1", "4x4", "3,3,2",
        ] {
            let bar: Bar = shape.parse().unwrap();
            let analysis = BarAnalysis::new(&bar).unwrap();
            let winning = analysis.known_winning();
            let asked = Asked {
                position: &bar,
                game: &Chomp,
                yes_no: YesNo::Never,
                winning: &winning,
                row: None,
            };
            for words in said(&asked) {
                for typed in examples(&words) {
                    let Meaning::Move(bite) = meaning(&asked, &typed) else {
                        panic!("{typed:?} in {words:?} on {shape} is not read as a bite");
                    };
                    assert!(
                        !winning.contains(&bite),
                        "{typed:?} in {words:?} wins on {shape}"
                    );
                }
            }
        }
    }
}
