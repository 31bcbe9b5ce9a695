//! A game of Chomp against the computer at the keyboard (or from a
//! script).
//!
//! The bar is drawn as a grid after every bite. The pupil types a bite as
//! a row and a column, or `hint` (one stage at a time), `show`, `undo` or
//! `quit`. The computer plays by the search, so the bar must fit it; at the
//! lower levels it sometimes bites at random, from a seed, so a game can be
//! replayed. The game ends when only the poisoned square is left for the
//! player to move (who must eat it) or when someone eats it; then, or when
//! the pupil stops, every bite is reviewed.

use colored::Colorize;

use super::rng::Rng;
use super::{First, Level};
use crate::console::ask;
use crate::console::bite::{BiteReply, ask_bite};
use crate::console::io::Io;
use crate::console::line::LineError;
use crate::render::text;
use crate::rules::bar::{Bar, Bite};
use crate::solve::chomp::{Chomp, TooBig};
use crate::teach::chomp::analysis::{BarAnalysis, Beyond};
use crate::teach::chomp::check::{BiteError, BiteJudgement, computer_reason};
use crate::teach::chomp::hints::hints;
use crate::teach::chomp::review::{self, BiteTurn, Ending};
use crate::teach::chomp::words::{describe, drawn, shapes, with_commas};
use crate::teach::document::Block;
use crate::teach::review::Side;

/// Why a game of Chomp could not go on.
#[derive(Debug, thiserror::Error)]
pub enum ChompPlayError {
    /// The bar is too big for the computer to play by the search.
    #[error(
        "the bar {bar} is too big to play on: a game on it can reach {} shapes, more than the search's limit of {}, and the computer plays by the search; try a bar with fewer rows or columns, or `matchsticks chomp explain {bar}`",
        shapes(too_big.count),
        with_commas(u128::from(too_big.limit))
    )]
    TooBig {
        /// The bar, as typed.
        bar: String,
        /// What the search said.
        too_big: TooBig,
    },
    /// A bar of the game could not be worked out.
    #[error("{0}")]
    Beyond(#[from] Beyond),
    /// A bite of the game could not be judged.
    #[error("{0}")]
    Bite(#[from] BiteError),
    /// A bite could not be read, or the bar not written.
    #[error("{0}")]
    Line(#[from] LineError),
}

impl From<std::io::Error> for ChompPlayError {
    fn from(e: std::io::Error) -> ChompPlayError {
        ChompPlayError::Line(LineError::Io(e))
    }
}

/// How a game of Chomp is set up.
#[derive(Clone, Debug)]
pub struct ChompSetup {
    /// The bar at the start.
    pub start: Bar,
    /// Who bites first.
    pub first: First,
    /// How well the computer plays.
    pub level: Level,
    /// The seed for the computer's random bites.
    pub seed: u64,
}

struct Session<'r, 'io> {
    io: &'r mut Io<'io>,
    setup: ChompSetup,
    rng: Rng,
    turns: Vec<BiteTurn>,
    /// The search of the start, which covers every bar of the game.
    chomp: Chomp,
}

/// Plays one game. A bar too big for the search is refused before anyone
/// bites.
pub fn play(setup: ChompSetup, io: &mut Io<'_>) -> Result<(), ChompPlayError> {
    let chomp = Chomp::search(&setup.start).map_err(|too_big| ChompPlayError::TooBig {
        bar: setup.start.to_string(),
        too_big,
    })?;
    let mut session = Session {
        rng: Rng::new(setup.seed),
        io,
        setup,
        turns: Vec::new(),
        chomp,
    };
    session.run()
}

impl Session<'_, '_> {
    fn say(&mut self, words: &str) -> Result<(), ChompPlayError> {
        ask::say(self.io, words)?;
        Ok(())
    }

    fn bar(&self) -> Bar {
        match self.turns.last() {
            Some(turn) => turn.after(),
            None => self.setup.start.clone(),
        }
    }

    fn to_move(&self) -> Side {
        let first = match self.setup.first {
            First::Computer => Side::Computer,
            First::Me => Side::Pupil,
        };
        match self.turns.len() % 2 {
            0 => first,
            _ => first.other(),
        }
    }

    fn run(&mut self) -> Result<(), ChompPlayError> {
        let level = match self.setup.level {
            Level::Perfect => "perfect".to_string(),
            Level::Good => format!("good, seed {}", self.setup.seed),
            Level::Beginner => format!("beginner, seed {}", self.setup.seed),
        };
        let intro = format!(
            "A game of Chomp on {} against the computer (level: {level}). A bite takes a square and every square below it and to its right. Whoever has to eat the poisoned square P loses.",
            describe(&self.setup.start)
        );
        self.say(&intro)?;
        self.say(
            "Type a bite as ROW COLUMN (\"2 3\" bites row 2, column 3), or hint, show, undo or quit.",
        )?;
        loop {
            let bar = self.bar();
            self.draw(&bar)?;
            if bar.is_eaten() {
                return self.over(Ending::PoisonEaten);
            }
            if bar.squares() == 1 {
                return self.over(Ending::OnlyPoisonLeft);
            }
            let went_on = match self.to_move() {
                Side::Computer => self.computer(&bar)?,
                Side::Pupil => self.pupil(&bar)?,
            };
            if !went_on {
                self.say("Game stopped.")?;
                return self.review(Ending::Stopped);
            }
        }
    }

    fn draw(&mut self, bar: &Bar) -> Result<(), ChompPlayError> {
        self.io.out.write_all(b"\n")?;
        if bar.is_eaten() {
            return Ok(());
        }
        let drawing = text::blocks(&[Block::Bar(drawn(bar, None))], "  ", self.io.style());
        self.io.out.write_all(drawing.as_bytes())?;
        Ok(())
    }

    /// The computer's bite. Always goes on.
    fn computer(&mut self, bar: &Bar) -> Result<bool, ChompPlayError> {
        let analysis = BarAnalysis::using(bar, Some(&self.chomp))?;
        let random = self.rng.percent(self.setup.level.mistake_rate());
        let bite = match (random, analysis.bite) {
            (false, Some(bite)) => bite,
            _ => self.random_bite(bar),
        };
        self.say(&format!("The computer bites {bite}."))?;
        if self.setup.level == Level::Perfect {
            let j = BiteJudgement::new(bar, bite, Some(&self.chomp))?;
            self.say(&format!("Why: {}", computer_reason(&j)))?;
        }
        self.turns.push(BiteTurn {
            side: Side::Computer,
            before: bar.clone(),
            bite,
        });
        Ok(true)
    }

    /// A legal bite at random, never the poisoned square while another
    /// square is left.
    fn random_bite(&mut self, bar: &Bar) -> Bite {
        let bites: Vec<Bite> = bar.bites().filter(|b| !b.is_poison()).collect();
        match bites.is_empty() {
            true => Bite::new(1, 1),
            false => bites[self.rng.below(bites.len() as u64) as usize],
        }
    }

    /// The pupil's turn: false when they quit or input ran out.
    fn pupil(&mut self, bar: &Bar) -> Result<bool, ChompPlayError> {
        let analysis = BarAnalysis::using(bar, Some(&self.chomp))?;
        let ladder = hints(&analysis);
        let mut shown = 0;
        loop {
            match ask_bite(self.io, "Your bite> ", bar)? {
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
                BiteReply::Undo => match self.turns.iter().rposition(|t| t.side == Side::Pupil) {
                    Some(last) => {
                        self.turns.truncate(last);
                        self.say("Taken back: it is your bite again.")?;
                        return Ok(true);
                    }
                    None => self.say("There is no bite of yours to take back.")?,
                },
                BiteReply::Bite(bite) => {
                    self.say(&format!("You bite {bite}."))?;
                    self.turns.push(BiteTurn {
                        side: Side::Pupil,
                        before: bar.clone(),
                        bite,
                    });
                    return Ok(true);
                }
            }
        }
    }

    fn over(&mut self, ending: Ending) -> Result<(), ChompPlayError> {
        let to_move = self.to_move();
        // Whoever ate the poison lost; whoever is left the poison alone
        // must eat it, and loses.
        let winner = match ending {
            Ending::PoisonEaten => to_move,
            _ => to_move.other(),
        };
        let how = match (ending, to_move) {
            (Ending::PoisonEaten, Side::Pupil) => "The computer ate the poisoned square.",
            (Ending::PoisonEaten, Side::Computer) => "You ate the poisoned square.",
            (_, Side::Pupil) => "Only the poisoned square is left for you: you have to eat it.",
            (_, Side::Computer) => {
                "Only the poisoned square is left for the computer: it has to eat it."
            }
        };
        let result = match winner {
            Side::Pupil => "You win! Well played.",
            Side::Computer => "The computer wins this time.",
        };
        let result = match (self.io.color, winner) {
            (false, _) => result.to_string(),
            (true, Side::Pupil) => result.green().bold().to_string(),
            (true, Side::Computer) => result.red().bold().to_string(),
        };
        self.say(&format!("{how} {result}"))?;
        self.review(ending)
    }

    fn review(&mut self, ending: Ending) -> Result<(), ChompPlayError> {
        if self.turns.is_empty() {
            return Ok(());
        }
        let doc = review::document(&self.turns, &self.chomp, ending);
        let text = text::document(&doc, self.io.style());
        self.io.out.write_all(b"\n")?;
        self.io.out.write_all(text.as_bytes())?;
        Ok(())
    }
}
