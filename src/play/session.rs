//! A game against the computer at the keyboard (or from a script).
//!
//! The board is drawn after every move, in the game's own terms: groups
//! for Nim, blocks of the pattern for a single row with limited takes. The
//! pupil answers through the same conversation as a lesson: a move, `hint`
//! (one stage at a time), `show`, `undo` or `quit`. The computer says why
//! it moved, in full the first time and briefly after, and plainly when
//! its move ends the game. At the end the result stays on the screen until
//! Enter, and then the review tells the turning points.

use super::ending::{coloured, print_review, review_wanted};
use super::replay::{Replay, Setup};
use super::{PlayError, opponent};
use crate::console::ask::{self, Reply, YesNo};
use crate::console::ask_parts::ask_parts;
use crate::console::io::Io;
use crate::render::text;
use crate::rules::moves::Move;
use crate::rules::multi_move::MultiMove;
use crate::teach::hints::hints;
use crate::teach::review::Side;

struct Session<'r, 'io> {
    io: &'r mut Io<'io>,
    game: Replay,
    /// Whether the pupil has been told how to type a move.
    instructed: bool,
}

/// Plays one game.
pub fn play(setup: Setup, io: &mut Io<'_>) -> Result<(), PlayError> {
    let game = Replay::start(setup)?;
    let mut session = Session {
        io,
        game,
        instructed: false,
    };
    session.run()
}

impl Session<'_, '_> {
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
            format!(
                "A game of {} against the computer: {}.",
                setup.start,
                setup.game.in_words(setup.start.len())
            ),
            opponent(setup.level, setup.seed, setup.seed_given, setup.first),
        ];
        for line in intro {
            self.say(&line)?;
        }
        Ok(())
    }

    fn board(&mut self) -> Result<(), PlayError> {
        let board = text::blocks(&[self.game.board()], "  ", self.io.style());
        self.io.out.write_all(b"\n")?;
        self.io.out.write_all(board.as_bytes())?;
        Ok(())
    }

    /// The computer's turn: its move, and what it says about it. Always
    /// goes on.
    fn computer(&mut self) -> Result<bool, PlayError> {
        let told = self.game.computer()?.clone();
        self.say(&told.said())?;
        if let Some(why) = &told.why {
            self.say(&format!("Why: {why}"))?;
        }
        Ok(true)
    }

    /// The pupil's turn: false when they quit or input ran out.
    fn pupil(&mut self) -> Result<bool, PlayError> {
        let analysis = self.game.analysis()?;
        let ladder = hints(&analysis);
        let mut shown = 0;
        // Whether this move's answer has been shown: the review counts it
        // once a move, however it came.
        let mut revealed = false;
        let position = self.game.position();
        let game = self.game.game().clone();
        let winning: Vec<Move> = analysis
            .winning_moves()
            .iter()
            .filter_map(MultiMove::single)
            .collect();
        let question = ask::Question {
            prompt: "Your move> ",
            position: &position,
            game: &game,
            yes_no: YesNo::Never,
            winning: &winning,
        };
        // How to type a move, once, just above the first prompt, with an
        // example from the board the pupil moves on.
        let several = game.rows_per_move > 1;
        if !std::mem::replace(&mut self.instructed, true) {
            let instructions = format!(
                "{} Or type hint, show, undo or quit.",
                question.instructions()
            );
            ask::say(self.io, &instructions)?;
        }
        loop {
            let asked = match several {
                true => ask_parts(self.io, question)?,
                false => ask::ask(self.io, question)?,
            };
            match asked {
                Reply::Quit | Reply::End => return Ok(false),
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
                    None => self.say("No more hints: that was the move.")?,
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
                    None => self.say("There is no move to show.")?,
                },
                Reply::Undo => match self.game.undo() {
                    true => {
                        self.say("Taken back: it is your move again.")?;
                        return Ok(true);
                    }
                    false => self.say("There is no move of yours to take back.")?,
                },
                Reply::Yes | Reply::No => {}
                Reply::Parts(mv) => return self.moved(mv),
                Reply::Move(mv) => return self.moved(mv),
            }
        }
    }

    /// Plays the pupil's move and says it back, so a move typed as the
    /// rows after it is told as what it takes. Always goes on.
    fn moved(&mut self, mv: impl Into<MultiMove>) -> Result<bool, PlayError> {
        self.game.pupil(mv);
        let said = self
            .game
            .told()
            .last()
            .expect("a move was just played")
            .said();
        self.say(&said)?;
        Ok(true)
    }

    fn game_over(&mut self) -> Result<(), PlayError> {
        let winner = self.game.winner().expect("the game is over");
        let line = match winner {
            Side::Pupil => format!("{} Well played!", self.game.ending().expect("over")),
            Side::Computer => self.game.ending().expect("the game is over"),
        };
        let line = coloured(line, winner, self.io.color);
        self.io.out.write_all(b"\n")?;
        self.say(&format!("No move is left. {line}"))?;
        if !review_wanted(self.io)? {
            return Ok(());
        }
        self.review(true)
    }

    fn review(&mut self, ended: bool) -> Result<(), PlayError> {
        if self.game.told().is_empty() {
            return Ok(());
        }
        let doc = self.game.review(ended)?;
        print_review(self.io, &doc)?;
        Ok(())
    }
}
