//! A game against the computer at the keyboard (or from a script).
//!
//! The board is drawn with its groups after every move. The pupil types
//! `ROW COUNT`, `hint`, `undo` or `quit`; anything else is rejected with the
//! reason and asked again. At the end, or when input runs out, the game is
//! reviewed move by move.

use colored::Colorize;

use super::PlayError;
use super::review::{Reviewed, review, slips};
use super::rng::Rng;
use super::{First, Level, Side, Turn, computer_move};
use crate::console::answer::Answer;
use crate::console::io::Io;
use crate::render::text;
use crate::rules::game::Game;
use crate::rules::outcome::Outcome;
use crate::rules::position::Position;
use crate::teach::analysis::{Analysis, Extras};
use crate::teach::board;
use crate::teach::check::computer_reason;
use crate::teach::document::Block;
use crate::teach::explain::explain;
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
}

/// Plays one game.
pub fn play(setup: Setup, io: &mut Io<'_>) -> Result<(), PlayError> {
    // Refuse a game too big to analyse, or with nothing to take, before
    // anyone moves.
    let analysis = Analysis::new(setup.start.clone(), setup.game.clone(), Extras::default())?;
    if analysis.is_over() {
        return Err(PlayError::NothingToPlay(setup.start.to_string()));
    }
    let mut session = Session {
        rng: Rng::new(setup.seed),
        io,
        setup,
        turns: Vec::new(),
    };
    session.run()
}

impl Session<'_, '_> {
    fn say(&mut self, line: &str) -> Result<(), PlayError> {
        self.io.out.write_all(line.as_bytes())?;
        self.io.out.write_all(b"\n")?;
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
            self.setup.game.describe()
        );
        self.say(&intro)?;
        self.say(
            "Type a move as ROW COUNT (\"2 3\" takes 3 sticks from row 2), or hint, undo or quit.",
        )?;
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
                return self.review();
            }
        }
    }

    fn board(&mut self, position: &Position) -> Result<(), PlayError> {
        let board = text::blocks(&[board::grouped(position)], "  ", self.io.style());
        self.io.out.write_all(b"\n")?;
        self.io.out.write_all(board.as_bytes())?;
        Ok(())
    }

    /// The computer's turn. Always goes on.
    fn computer(&mut self, position: &Position) -> Result<bool, PlayError> {
        let choice = computer_move(position, &self.setup.game, self.setup.level, &mut self.rng)?
            .expect("the game is not over");
        self.say(&format!(
            "The computer takes {} from row {}.",
            choice.mv.take,
            choice.mv.row()
        ))?;
        if let (Level::Perfect, Some(before)) = (self.setup.level, choice.analysis) {
            let j = Judgement::from_analysis(before, choice.mv)?;
            let why = format!("Why: {}", computer_reason(&j));
            let style = self.io.style();
            let why = text::blocks(&[Block::note(why)], "", style);
            self.io.out.write_all(why.as_bytes())?;
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
        loop {
            self.io.out.write_all(b"Your move> ")?;
            self.io.out.flush()?;
            let mut line = String::new();
            if self.io.input.read_line(&mut line)? == 0 {
                self.say("")?;
                return Ok(false);
            }
            let line = line.trim_end_matches(['\n', '\r']);
            if !self.io.interactive {
                self.say(line)?;
            }
            match Answer::parse(line, position.len()) {
                Answer::Empty => {}
                Answer::Quit => return Ok(false),
                Answer::Hint => {
                    let analysis = Analysis::new(
                        position.clone(),
                        self.setup.game.clone(),
                        Extras::default(),
                    )?;
                    let hint = text::document(&explain(&analysis, false), self.io.style());
                    self.io.out.write_all(hint.as_bytes())?;
                }
                Answer::Undo => match self.turns.iter().rposition(|t| t.side == Side::Pupil) {
                    Some(last) => {
                        self.turns.truncate(last);
                        self.say("Taken back: it is your move again.")?;
                        return Ok(true);
                    }
                    None => self.say("There is no move of yours to take back.")?,
                },
                Answer::Show => self.say("Type hint to see how to win from here.")?,
                Answer::Unclear(message) => self.say(&format!("Sorry: {message}."))?,
                answer @ (Answer::Take { .. } | Answer::To(_)) => {
                    match answer
                        .to_move(position, &self.setup.game.takes)
                        .expect("a move or a position")
                    {
                        Ok(mv) => {
                            self.turns.push(Turn {
                                side: Side::Pupil,
                                before: position.clone(),
                                mv,
                            });
                            return Ok(true);
                        }
                        Err(illegal) => {
                            self.say(&format!("That move is not allowed: {illegal}. Try again."))?
                        }
                    }
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
        self.say(&format!("\nNo move is left. {line}"))?;
        self.review()
    }

    fn review(&mut self) -> Result<(), PlayError> {
        if self.turns.is_empty() {
            return Ok(());
        }
        let reviewed = review(&self.turns, &self.setup.game)?;
        self.say("\nReview of the game (for each move: the mover's outcome before it, the other player's after it)")?;
        for (i, r) in reviewed.iter().enumerate() {
            let line = review_line(i + 1, r);
            self.say(&line)?;
        }
        let slipped = slips(&reviewed);
        let summary = match slipped.as_slice() {
            [] => "Who slipped when: nobody threw away a win.".to_string(),
            list => format!(
                "Who slipped when: {}.",
                list.iter()
                    .map(|(n, side)| format!("move {n} ({})", who(*side)))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        };
        self.say(&summary)
    }
}

fn who(side: Side) -> &'static str {
    match side {
        Side::Pupil => "you",
        Side::Computer => "the computer",
    }
}

/// "  3. you: take 2 from row 3 (2 5 7 → 2 5 5): win (12 left) → win for the computer (10 left)  ✗ threw away a win".
fn review_line(number: usize, r: &Reviewed) -> String {
    let left = |n: Option<u64>| match n {
        Some(n) => format!(" ({n} left)"),
        None => String::new(),
    };
    let mark = match r.slipped() {
        true => "  ✗ threw away a win",
        false => "",
    };
    format!(
        "  {number}. {}: {} ({} → {}): {}{} before, {} for {} after{}{mark}",
        who(r.turn.side),
        r.turn.mv,
        r.turn.before,
        r.after,
        r.before_outcome,
        left(r.before_left),
        r.after_outcome,
        who(r.turn.side.other()),
        left(r.after_left),
    )
}
