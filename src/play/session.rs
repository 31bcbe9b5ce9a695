//! A game against the computer at the keyboard (or from a script).
//!
//! The board is drawn after every move, in the game's own terms: groups
//! for Nim, blocks of the pattern for a single row with limited takes. The
//! pupil answers through the same conversation as a lesson: a move, `hint`
//! (one stage at a time), `show`, `undo` or `quit`. The computer says why
//! it moved, in full the first time and briefly after, and plainly when
//! its move ends the game. At the end the result stays on the screen until
//! Enter, and then the review tells the turning points.

use colored::Colorize;

use super::rng::Rng;
use super::{First, Level, PlayError, computer_move};
use crate::console::ask::{self, Reply};
use crate::console::io::Io;
use crate::console::pause::{Paused, pause};
use crate::render::text;
use crate::rules::game::Game;
use crate::rules::outcome::Outcome;
use crate::rules::position::Position;
use crate::solve::one_row::RowPattern;
use crate::solve::search::{Budget, Solver};
use crate::teach::analysis::{Analysis, Extras, Method};
use crate::teach::board;
use crate::teach::computer::{self, Kind};
use crate::teach::hints::hints;
use crate::teach::review::{self, Notes, Side, Turn};
use crate::teach::verdict::Judgement;

/// How a game is set up.
#[derive(Clone, Debug)]
pub struct Setup {
    /// The starting rows.
    pub start: Position,
    /// The rules.
    pub game: Game,
    /// Who moves first.
    pub first: First,
    /// How well the computer plays.
    pub level: Level,
    /// The seed for the computer's random moves.
    pub seed: u64,
    /// Whether the seed was given, to replay a game, rather than picked.
    pub seed_given: bool,
}

struct Session<'r, 'io> {
    io: &'r mut Io<'io>,
    setup: Setup,
    rng: Rng,
    turns: Vec<Turn>,
    /// The single row's pattern, when the board is drawn in its blocks.
    pattern: Option<RowPattern>,
    /// The game's search, kept from move to move and for the review, so
    /// nothing is worked out twice.
    solver: Solver,
    /// The computer's reasons told in full so far: after that, briefly.
    told: Vec<Kind>,
    /// How many of the pupil's moves were taken back.
    taken_back: u64,
    /// Whether the pupil has been told how to type a move.
    instructed: bool,
}

/// Plays one game.
pub fn play(setup: Setup, io: &mut Io<'_>) -> Result<(), PlayError> {
    // Refuse a game too big to analyse, or with nothing to take, before
    // anyone moves.
    let mut solver = Solver::for_game(setup.game.clone(), Budget::default());
    let analysis = Analysis::using(
        setup.start.clone(),
        setup.game.clone(),
        Extras::default(),
        &mut solver,
    )?;
    if analysis.is_over() {
        return Err(PlayError::NothingToPlay(setup.start.to_string()));
    }
    let pattern = match &analysis.method {
        Method::OneRow { pattern, .. } => Some(pattern.clone()),
        _ => None,
    };
    let mut session = Session {
        rng: Rng::new(setup.seed),
        io,
        setup,
        turns: Vec::new(),
        pattern,
        solver,
        told: Vec::new(),
        taken_back: 0,
        instructed: false,
    };
    session.run()
}

impl Session<'_, '_> {
    fn say(&mut self, words: &str) -> Result<(), PlayError> {
        ask::say(self.io, words)?;
        Ok(())
    }

    fn position(&self) -> Position {
        match self.turns.last() {
            Some(t) => t
                .before
                .play_with(t.mv, &self.setup.game.takes)
                .expect("played moves are legal"),
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

    fn run(&mut self) -> Result<(), PlayError> {
        self.introduce()?;
        loop {
            let position = self.position();
            self.board(&position)?;
            if position.moves_with(&self.setup.game.takes).next().is_none() {
                return self.game_over();
            }
            let went_on = match self.to_move() {
                Side::Computer => self.computer(&position)?,
                Side::Pupil => self.pupil(&position)?,
            };
            if !went_on {
                self.say("Game stopped.")?;
                return self.review(false);
            }
        }
    }

    /// What the game is and who starts.
    fn introduce(&mut self) -> Result<(), PlayError> {
        let setup = &self.setup;
        let level = match setup.level {
            Level::Perfect => "The computer plays perfectly",
            Level::Good => "The computer plays well, but slips now and then",
            Level::Beginner => "The computer is a beginner and slips often",
        };
        let seed = match (setup.seed_given, setup.level) {
            (true, Level::Good | Level::Beginner) => format!(" (seed {})", setup.seed),
            _ => String::new(),
        };
        let first = match setup.first {
            First::Me => "You go first.",
            First::Computer => "It goes first.",
        };
        let intro = [
            format!(
                "A game of {} against the computer: {}.",
                setup.start,
                setup.game.in_words(setup.start.len())
            ),
            format!("{level}{seed}. {first}"),
        ];
        for line in intro {
            self.say(&line)?;
        }
        Ok(())
    }

    fn board(&mut self, position: &Position) -> Result<(), PlayError> {
        let drawn = board::for_game(position, &self.setup.game, self.pattern.as_ref());
        let board = text::blocks(&[drawn], "  ", self.io.style());
        self.io.out.write_all(b"\n")?;
        self.io.out.write_all(board.as_bytes())?;
        Ok(())
    }

    /// The computer's turn. Always goes on.
    fn computer(&mut self, position: &Position) -> Result<bool, PlayError> {
        let choice = computer_move(
            position,
            &self.setup.game,
            self.setup.level,
            &mut self.rng,
            &mut self.solver,
        )?
        .expect("the game is not over");
        let took = match position.len() {
            1 => format!("The computer takes {}.", choice.mv.take),
            _ => format!(
                "The computer takes {} from row {}.",
                choice.mv.take,
                choice.mv.row()
            ),
        };
        self.say(&took)?;
        let after = position
            .play_with(choice.mv, &self.setup.game.takes)
            .expect("the computer's moves are legal");
        let why = match (
            computer::ending(position, &after, &self.setup.game),
            self.setup.level,
            choice.analysis,
        ) {
            (Some(ending), _, _) => Some(ending),
            (None, Level::Perfect, Some(before)) => {
                let j = Judgement::using(before, choice.mv, &mut self.solver)?;
                let reason = computer::reason(&j);
                match self.told.contains(&reason.kind) {
                    true => Some(reason.short),
                    false => {
                        self.told.push(reason.kind);
                        Some(reason.full)
                    }
                }
            }
            _ => None,
        };
        if let Some(why) = why {
            self.say(&format!("Why: {why}"))?;
        }
        self.turns.push(Turn {
            side: Side::Computer,
            before: position.clone(),
            mv: choice.mv,
        });
        Ok(true)
    }

    /// The pupil's turn: false when they quit or input ran out.
    fn pupil(&mut self, position: &Position) -> Result<bool, PlayError> {
        let analysis = Analysis::using(
            position.clone(),
            self.setup.game.clone(),
            Extras::default(),
            &mut self.solver,
        )?;
        let ladder = hints(&analysis);
        let mut shown = 0;
        let game = self.setup.game.clone();
        let question = ask::Question {
            prompt: "Your move> ",
            position,
            game: &game,
            yes_no: false,
            winning: &analysis.winning_moves,
        };
        // How to type a move, once, just above the first prompt, with an
        // example from the board the pupil moves on.
        if !std::mem::replace(&mut self.instructed, true) {
            let instructions = format!(
                "{} Or type hint, show, undo or quit.",
                question.instructions()
            );
            ask::say(self.io, &instructions)?;
        }
        loop {
            match ask::ask(self.io, question)? {
                Reply::Quit | Reply::End => return Ok(false),
                Reply::Hint => match ladder.get(shown) {
                    Some(hint) => {
                        shown += 1;
                        let hint = format!("Hint {shown}: {hint}");
                        self.say(&hint)?;
                    }
                    None => self.say("No more hints: that was the move.")?,
                },
                Reply::Show => match ladder.last() {
                    Some(answer) => {
                        shown = ladder.len();
                        let answer = answer.clone();
                        self.say(&answer)?;
                    }
                    None => self.say("There is no move to show.")?,
                },
                Reply::Undo => match self.turns.iter().rposition(|t| t.side == Side::Pupil) {
                    Some(last) => {
                        self.turns.truncate(last);
                        self.taken_back += 1;
                        self.say("Taken back: it is your move again.")?;
                        return Ok(true);
                    }
                    None => self.say("There is no move of yours to take back.")?,
                },
                Reply::Yes | Reply::No => {}
                Reply::Move(mv) => {
                    self.turns.push(Turn {
                        side: Side::Pupil,
                        before: position.clone(),
                        mv,
                    });
                    return Ok(true);
                }
            }
        }
    }

    fn game_over(&mut self) -> Result<(), PlayError> {
        // The player to move cannot move: the rule says who has won.
        let stuck = self.to_move();
        let winner = match self.setup.game.rule.when_stuck() {
            Outcome::Win => stuck,
            Outcome::Lose => stuck.other(),
        };
        let line = match winner {
            Side::Pupil => "You win! Well played.",
            Side::Computer => "The computer wins this time.",
        };
        let line = match (self.io.color, winner) {
            (false, _) => line.to_string(),
            (true, Side::Pupil) => line.green().bold().to_string(),
            (true, Side::Computer) => line.red().bold().to_string(),
        };
        self.io.out.write_all(b"\n")?;
        self.say(&format!("No move is left. {line}"))?;
        // Someone at the keyboard reads the result before the review
        // pushes it up the screen, and may skip the review.
        if self.io.interactive {
            let paused = pause(
                self.io,
                "Enter: see the review (q: skip) ",
                "Press Enter to see the review, or q to skip it.",
                &mut || None,
            )?;
            if paused != Paused::Go {
                return Ok(());
            }
        }
        self.review(true)
    }

    fn review(&mut self, ended: bool) -> Result<(), PlayError> {
        if self.turns.is_empty() {
            return Ok(());
        }
        let reviewed = review::review(&self.turns, &self.setup.game, &mut self.solver)?;
        let notes = Notes {
            ended,
            taken_back: self.taken_back,
            replay: match self.setup.level {
                Level::Perfect => None,
                Level::Good | Level::Beginner => Some(self.setup.seed),
            },
        };
        let doc = review::document(&reviewed, &self.setup.game, notes);
        let text = text::document(&doc, self.io.style());
        self.io.out.write_all(b"\n")?;
        self.io.out.write_all(text.as_bytes())?;
        Ok(())
    }
}
