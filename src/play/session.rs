//! A game against the computer at the keyboard (or from a script).
//!
//! The board is drawn after every move, in the game's own terms: groups
//! for Nim, blocks of the pattern for a single row with limited takes. The
//! pupil answers through the same conversation as a lesson: a move, `hint`
//! (one stage at a time), `show`, `undo` or `quit`. At the end, or when
//! input runs out, the game is reviewed move by move.

use colored::Colorize;

use super::rng::Rng;
use super::{First, Level, PlayError, computer_move};
use crate::console::ask::{self, Reply};
use crate::console::io::Io;
use crate::render::text;
use crate::rules::game::Game;
use crate::rules::outcome::Outcome;
use crate::rules::position::Position;
use crate::solve::one_row::RowPattern;
use crate::solve::search::{Budget, Solver};
use crate::teach::analysis::{Analysis, Extras, Method};
use crate::teach::board;
use crate::teach::check::computer_reason;
use crate::teach::hints::hints;
use crate::teach::review::{self, Side, Turn};
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
    let pattern = match analysis.method {
        Method::OneRow { pattern, .. } => Some(pattern),
        _ => None,
    };
    let mut session = Session {
        rng: Rng::new(setup.seed),
        io,
        setup,
        turns: Vec::new(),
        pattern,
        solver,
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
        let level = match self.setup.level {
            Level::Perfect => "perfect".to_string(),
            Level::Good => format!("good, seed {}", self.setup.seed),
            Level::Beginner => format!("beginner, seed {}", self.setup.seed),
        };
        let intro = format!(
            "A game of {} ({}) against the computer (level: {level}).",
            self.setup.start,
            self.setup.game.describe(self.setup.start.len())
        );
        self.say(&intro)?;
        self.say(match self.setup.start.len() {
            1 => "Type how many sticks to take, or hint, show, undo or quit.",
            _ => "Type a move as ROW COUNT (\"2 3\" takes 3 sticks from row 2) or the rows after it, or hint, show, undo or quit.",
        })?;
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
        if let (Level::Perfect, Some(before)) = (self.setup.level, choice.analysis) {
            let j = Judgement::using(before, choice.mv, &mut self.solver)?;
            self.say(&format!("Why: {}", computer_reason(&j)))?;
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
        loop {
            let question = ask::Question {
                prompt: "Your move> ",
                position,
                game: &self.setup.game,
                yes_no: false,
            };
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
                        self.say("Taken back: it is your move again.")?;
                        return Ok(true);
                    }
                    None => self.say("There is no move of yours to take back.")?,
                },
                Reply::Yes | Reply::No => {}
                // Only a game of moves from several rows asks for these,
                // and `moore_session` plays those games.
                Reply::Parts(_) => unreachable!("asked for a move from one row"),
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
        self.review(true)
    }

    fn review(&mut self, ended: bool) -> Result<(), PlayError> {
        if self.turns.is_empty() {
            return Ok(());
        }
        let reviewed = review::review(&self.turns, &self.setup.game, &mut self.solver)?;
        let doc = review::document(&reviewed, &self.setup.game, ended);
        let text = text::document(&doc, self.io.style());
        self.io.out.write_all(b"\n")?;
        self.io.out.write_all(text.as_bytes())?;
        Ok(())
    }
}
