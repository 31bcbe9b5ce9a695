//! A game against the computer at the keyboard (or from a script), for
//! every game.
//!
//! The board is drawn after every move, in the game's own terms: groups
//! for Nim, blocks of the pattern for a single row with limited takes, a
//! grid for a chocolate bar. The pupil answers through the same
//! conversation as a lesson: a move, `hint` (one stage at a time), `show`,
//! `undo` or `quit`. The computer says why it moved, and plainly when its
//! move ends the game. At the end the result stays on the screen until
//! Enter, and then the review tells the turning points.

use super::ending::{coloured, print_review, review_wanted};
use super::replay::{Replay, Setup, Where};
use super::{PlayError, opponent};
use crate::console::ask::{self, Question, Reply, YesNo};
use crate::console::io::Io;
use crate::render::text;
use crate::teach::reply::Replies;
use crate::teach::review::Side;

struct Session<'r, 'io, G: Replies> {
    io: &'r mut Io<'io>,
    game: Replay<G>,
    /// Whether the pupil has been told how to type a move.
    instructed: bool,
}

/// Plays one game. A start too big to work out is refused before anyone
/// moves.
pub(crate) fn play<G: Replies>(setup: Setup<G>, io: &mut Io<'_>) -> Result<(), PlayError> {
    let game = Replay::start(setup)?;
    let mut session = Session {
        io,
        game,
        instructed: false,
    };
    session.run()
}

impl<G: Replies> Session<'_, '_, G> {
    fn say(&mut self, words: &str) -> Result<(), PlayError> {
        ask::say(self.io, words)?;
        Ok(())
    }

    fn run(&mut self) -> Result<(), PlayError> {
        self.introduce()?;
        loop {
            self.board()?;
            if self.game.is_over() {
                return self.game_over();
            }
            let went_on = match self.game.to_move() {
                Side::Computer => self.computer()?,
                Side::Pupil => self.pupil()?,
            };
            if !went_on {
                self.say("Game stopped.")?;
                return self.review(false);
            }
        }
    }

    /// What the game is and who starts.
    fn introduce(&mut self) -> Result<(), PlayError> {
        let setup = self.game.setup();
        let intro = [
            setup.game.introduce(&setup.start),
            opponent(setup.level, setup.seed, setup.seed_given, setup.first),
        ];
        for line in intro {
            self.say(&line)?;
        }
        Ok(())
    }

    fn board(&mut self) -> Result<(), PlayError> {
        self.io.out.write_all(b"\n")?;
        if let Some(board) = self.game.board() {
            let board = text::blocks(&[board], "  ", self.io.style());
            self.io.out.write_all(board.as_bytes())?;
        }
        Ok(())
    }

    /// The computer's turn: its move, and what it says about it. Always
    /// goes on.
    fn computer(&mut self) -> Result<bool, PlayError> {
        let told = self.game.computer()?.clone();
        let said = self.game.said(&told);
        self.say(&said)?;
        if let Some(why) = &told.why {
            self.say(&format!("Why: {why}"))?;
        }
        Ok(true)
    }

    /// The pupil's turn: false when they quit or input ran out.
    fn pupil(&mut self) -> Result<bool, PlayError> {
        let analysis = self.game.analysis()?;
        let ladder = G::hints(&analysis);
        let winning = G::winning(&analysis);
        let what = G::MOVE;
        let mut shown = 0;
        // Whether this move's answer has been shown: the review counts it
        // once a move, however it came.
        let mut revealed = false;
        let position = self.game.position();
        let game = self.game.game().clone();
        let prompt = format!("Your {what}> ");
        let question = Question {
            prompt: &prompt,
            position: &position,
            game: &game,
            yes_no: YesNo::Never,
            winning: &winning,
            row: None,
        };
        // How to type a move, once, just above the first prompt, with an
        // example from the board the pupil moves on.
        if !std::mem::replace(&mut self.instructed, true) {
            let how = question.instructions();
            self.say(&format!("{how} Or type hint, show, undo or quit."))?;
        }
        loop {
            match ask::ask(self.io, question)? {
                Reply::Quit | Reply::End => return Ok(false),
                // The reason for the computer's last move; never a hint.
                Reply::Why => {
                    let why = self
                        .game
                        .told()
                        .iter()
                        .rev()
                        .find_map(|told| told.why.clone());
                    match why {
                        Some(why) => self.say(&format!("Why: {why}"))?,
                        None => self.say(&format!(
                            "Nothing has happened yet to ask why about: make your {what}, or type hint for a clue."
                        ))?,
                    }
                }
                Reply::Skip => self.say(&format!(
                    "A turn cannot be skipped: every turn makes a {what}. Type hint for a clue, or show to see a good {what}."
                ))?,
                Reply::Hint => match ladder.get(shown) {
                    Some(hint) => {
                        shown += 1;
                        self.game.hint_given();
                        if shown == ladder.len() && !std::mem::replace(&mut revealed, true) {
                            self.game.answer_shown();
                        }
                        let hint = format!("Hint {shown}: {hint}");
                        self.say(&hint)?;
                    }
                    None => self.say(&format!("No more hints: that was the {what}."))?,
                },
                Reply::Show => match ladder.last() {
                    Some(answer) => {
                        shown = ladder.len();
                        if !std::mem::replace(&mut revealed, true) {
                            self.game.answer_shown();
                        }
                        let answer = answer.clone();
                        self.say(&answer)?;
                    }
                    None => self.say(&format!("There is no {what} to show."))?,
                },
                Reply::Undo => match self.game.undo() {
                    true => {
                        self.say(&format!("Taken back: it is your {what} again."))?;
                        return Ok(true);
                    }
                    false => self.say(&format!("There is no {what} of yours to take back."))?,
                },
                // A game never asks for yes or no.
                Reply::Yes | Reply::No => {}
                Reply::Move(mv) | Reply::YesWith(mv) => {
                    // Said back, so a move typed as the rows after it is
                    // told as what it takes.
                    self.game.pupil(mv);
                    let told = self.game.told().last().expect("a move was just made");
                    let said = self.game.said(told);
                    self.say(&said)?;
                    return Ok(true);
                }
            }
        }
    }

    fn game_over(&mut self) -> Result<(), PlayError> {
        let winner = self.game.winner().expect("the game is over");
        let (what, result) = self.game.ending().expect("the game is over");
        let line = coloured(result, winner, self.io.color);
        self.io.out.write_all(b"\n")?;
        self.say(&format!("{what} {line}"))?;
        if !review_wanted(self.io)? {
            return Ok(());
        }
        self.review(true)
    }

    fn review(&mut self, ended: bool) -> Result<(), PlayError> {
        // Nothing to review, unless moves were taken back back to the
        // start: the review still counts them, and the hints.
        if self.game.told().is_empty() && !self.game.helped() {
            return Ok(());
        }
        let doc = self.game.review(ended, Where::Prompt)?;
        print_review(self.io, &doc)?;
        Ok(())
    }
}
