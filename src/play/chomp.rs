//! A game of Chomp against the computer at the keyboard (or from a
//! script).
//!
//! The game itself is a [`ChompReplay`], the same record the classroom
//! page replays; this file only talks. The bar is drawn as a grid after
//! every bite. The pupil types a bite as a row and a column, or `hint`
//! (one stage at a time), `show`, `undo` or `quit`. The computer says what
//! it bit and, at `perfect`, why. At the end the result stays on the
//! screen until Enter, and then every bite is reviewed.

use super::chomp_replay::{ChompPlayError, ChompReplay, ChompSetup};
use super::ending::{coloured, print_review, review_wanted};
use super::opponent;
use crate::console::ask;
use crate::console::bite::{BiteReply, ask_bite};
use crate::console::bite_example::how_to_bite;
use crate::console::io::Io;
use crate::render::text;
use crate::teach::chomp::review::result;
use crate::teach::chomp::words::{drawn, shape};
use crate::teach::document::Block;
use crate::teach::review::Side;

/// The rules, told once at the start of a game.
const RULES: &str = "a bite takes a square and every square below it and to its right, and whoever has to eat the poisoned square P loses";

struct Session<'r, 'io> {
    io: &'r mut Io<'io>,
    game: ChompReplay,
    /// Whether the pupil has been told how to type a bite.
    instructed: bool,
}

/// Plays one game. A bar too big for the search is refused before anyone
/// bites.
pub fn play(setup: ChompSetup, io: &mut Io<'_>) -> Result<(), ChompPlayError> {
    let game = ChompReplay::start(setup)?;
    let mut session = Session {
        io,
        game,
        instructed: false,
    };
    session.run()
}

impl Session<'_, '_> {
    fn say(&mut self, words: &str) -> Result<(), ChompPlayError> {
        ask::say(self.io, words)?;
        Ok(())
    }

    fn run(&mut self) -> Result<(), ChompPlayError> {
        self.introduce()?;
        loop {
            self.draw()?;
            if self.game.is_over() {
                return self.game_over();
            }
            let went_on = match self.game.to_move() {
                Side::Computer => self.computer()?,
                Side::Pupil => self.pupil()?,
            };
            if !went_on {
                self.say("Game stopped.")?;
                return self.review();
            }
        }
    }

    /// What the game is and who starts, in the words of a game of Nim.
    fn introduce(&mut self) -> Result<(), ChompPlayError> {
        let setup = self.game.setup();
        let intro = [
            format!(
                "A game of Chomp on {} against the computer: {RULES}.",
                shape(&setup.start)
            ),
            opponent(setup.level, setup.seed, setup.seed_given, setup.first),
        ];
        for line in intro {
            self.say(&line)?;
        }
        Ok(())
    }

    fn draw(&mut self) -> Result<(), ChompPlayError> {
        self.io.out.write_all(b"\n")?;
        let bar = self.game.bar();
        if bar.is_eaten() {
            return Ok(());
        }
        let drawing = text::blocks(&[Block::Bar(drawn(&bar, None))], "  ", self.io.style());
        self.io.out.write_all(drawing.as_bytes())?;
        Ok(())
    }

    /// The computer's bite, and what it says about it. Always goes on.
    fn computer(&mut self) -> Result<bool, ChompPlayError> {
        let told = self.game.computer()?.clone();
        self.say(&told.said())?;
        if let Some(why) = &told.why {
            self.say(&format!("Why: {why}"))?;
        }
        Ok(true)
    }

    /// The pupil's turn: false when they quit or input ran out.
    fn pupil(&mut self) -> Result<bool, ChompPlayError> {
        let analysis = self.game.analysis()?;
        let ladder = self.game.hints()?;
        let bar = self.game.bar();
        // How to type a bite, once, just above the first prompt, with an
        // example from the bar that does not give the winning bite away.
        if !std::mem::replace(&mut self.instructed, true) {
            let how = how_to_bite(&bar, &analysis.known_winning());
            self.say(&format!("{how} Or type hint, show, undo or quit."))?;
        }
        let mut shown = 0;
        loop {
            match ask_bite(self.io, "Your bite> ", &bar, &analysis.known_winning())? {
                BiteReply::Quit | BiteReply::End => return Ok(false),
                BiteReply::Hint => match ladder.get(shown) {
                    Some(hint) => {
                        shown += 1;
                        let hint = format!("Hint {shown}: {hint}");
                        self.say(&hint)?;
                    }
                    None => self.say("No more hints: that was the bite.")?,
                },
                BiteReply::Show => match ladder.last() {
                    Some(answer) => {
                        shown = ladder.len();
                        let answer = answer.clone();
                        self.say(&answer)?;
                    }
                    None => self.say("There is no bite to show.")?,
                },
                BiteReply::Undo => match self.game.undo() {
                    true => {
                        self.say("Taken back: it is your bite again.")?;
                        return Ok(true);
                    }
                    false => self.say("There is no bite of yours to take back.")?,
                },
                BiteReply::Bite(bite) => {
                    self.game.pupil(bite);
                    let said = self.game.told().last().expect("just bitten").said();
                    self.say(&said)?;
                    return Ok(true);
                }
            }
        }
    }

    fn game_over(&mut self) -> Result<(), ChompPlayError> {
        let winner = self.game.winner().expect("the game is over");
        let how = self.game.ended().expect("the game is over");
        let line = coloured(result(winner).to_string(), winner, self.io.color);
        self.say(&format!("{how} {line}"))?;
        if !review_wanted(self.io)? {
            return Ok(());
        }
        self.review()
    }

    fn review(&mut self) -> Result<(), ChompPlayError> {
        if self.game.told().is_empty() {
            return Ok(());
        }
        let doc = self.game.review();
        print_review(self.io, &doc)?;
        Ok(())
    }
}
