//! A game against the computer where one move may take from several rows
//! (Moore's Nim, `--rows-per-move`). It runs as a game from one row per
//! move does: the board in its groups after every move, the pupil's move
//! or `hint`, `show`, `undo`, `quit`, the computer's reason, and the review;
//! only the moves are read, chosen and told as moves from several rows.

use colored::Colorize;

use super::replay::Setup;
use super::rng::Rng;
use super::{Level, PlayError};
use crate::console::ask::{self, Reply, YesNo};
use crate::console::ask_parts::ask_parts;
use crate::console::io::Io;
use crate::render::text;
use crate::rules::game::Game;
use crate::rules::moves::Move;
use crate::rules::multi_move::MultiMove;
use crate::rules::outcome::Outcome;
use crate::rules::position::Position;
use crate::solve::search::{Budget, Solver};
use crate::teach::analysis::{Analysis, AnalysisError, Extras};
use crate::teach::board;
use crate::teach::check::computer_reason;
use crate::teach::hints::hints;
use crate::teach::method::moore::told;
use crate::teach::review::{self, Played, Side, Turn};
use crate::teach::verdict::Judgement;

/// How to type a move, said once at the start.
const INSTRUCTIONS: &str = "Type a move as ROW COUNT (\"2 3\" takes 3 sticks from row 2). To take from several rows, put commas between them: \"1 2, 3 1\" takes 2 from row 1 and 1 from row 3. Or type the rows after the move, or hint, show, undo or quit.";

struct Session<'r, 'io> {
    io: &'r mut Io<'io>,
    setup: Setup,
    rng: Rng,
    turns: Vec<Turn<MultiMove>>,
    /// The game's search, kept from move to move and for the review.
    solver: Solver,
    /// How many of the pupil's moves were taken back.
    taken_back: u64,
    /// The position the computer's move left, worked out for its reason,
    /// so the pupil's turn need not work it out again.
    ready: Option<Analysis>,
}

/// Plays one game where a move may take from several rows.
pub fn play(setup: Setup, io: &mut Io<'_>) -> Result<(), PlayError> {
    // Refuse a game that cannot be worked out, or with nothing to take,
    // before anyone moves.
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
    let mut session = Session {
        rng: Rng::new(setup.seed),
        io,
        setup,
        turns: Vec::new(),
        solver,
        taken_back: 0,
        ready: None,
    };
    session.run()
}

/// The computer's move: the method's at its level, or now and then a random
/// one; with the analysis it was chosen from, for its reason.
fn computer_move(
    position: &Position,
    game: &Game,
    level: Level,
    rng: &mut Rng,
    solver: &mut Solver,
) -> Result<(MultiMove, Option<Analysis>), AnalysisError> {
    if rng.percent(level.mistake_rate()) {
        return Ok((random_move(position, game, rng), None));
    }
    let analysis = Analysis::brief(position.clone(), game.clone(), solver)?;
    let mv = analysis.best().expect("the game is not over");
    Ok((mv, Some(analysis)))
}

/// A legal move chosen at random: how many rows (up to what the game
/// allows), which rows with sticks, and how many from each.
fn random_move(position: &Position, game: &Game, rng: &mut Rng) -> MultiMove {
    let piles = position.piles();
    let mut rows: Vec<usize> = (0..piles.len()).filter(|&i| piles[i] > 0).collect();
    let most = rows.len().min(game.rows_per_move as usize) as u64;
    let chosen = rng.below(most) as usize + 1;
    // The first `chosen` rows of a shuffle.
    for i in 0..chosen {
        let j = i + rng.below((rows.len() - i) as u64) as usize;
        rows.swap(i, j);
    }
    let parts = rows[..chosen]
        .iter()
        .map(|&pile| Move {
            pile,
            take: rng.below(piles[pile]) + 1,
        })
        .collect();
    MultiMove::new(parts)
}

impl Session<'_, '_> {
    fn say(&mut self, words: &str) -> Result<(), PlayError> {
        ask::say(self.io, words)?;
        Ok(())
    }

    fn position(&self) -> Position {
        match self.turns.last() {
            Some(t) => t.mv.after(&t.before, &self.setup.game),
            None => self.setup.start.clone(),
        }
    }

    fn to_move(&self) -> Side {
        let first = match self.setup.first {
            super::First::Computer => Side::Computer,
            super::First::Me => Side::Pupil,
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
        self.say(INSTRUCTIONS)?;
        loop {
            let position = self.position();
            self.board(&position)?;
            if position.is_over() {
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
        let drawn = board::for_game(position, &self.setup.game, None);
        let board = text::blocks(&[drawn], "  ", self.io.style());
        self.io.out.write_all(b"\n")?;
        self.io.out.write_all(board.as_bytes())?;
        Ok(())
    }

    /// The computer's turn. Always goes on.
    fn computer(&mut self, position: &Position) -> Result<bool, PlayError> {
        let (mv, analysis) = computer_move(
            position,
            &self.setup.game,
            self.setup.level,
            &mut self.rng,
            &mut self.solver,
        )?;
        let took = told(&mv).replacen("take", "takes", 1);
        self.say(&format!("The computer {took}."))?;
        if let (Level::Perfect, Some(before)) = (self.setup.level, analysis) {
            let j = Judgement::using(before, mv.clone(), &mut self.solver)?;
            self.say(&format!("Why: {}", computer_reason(&j)))?;
            self.ready = Some(j.after);
        }
        self.turns.push(Turn {
            side: Side::Computer,
            before: position.clone(),
            mv,
        });
        Ok(true)
    }

    /// The pupil's turn: false when they quit or input ran out.
    fn pupil(&mut self, position: &Position) -> Result<bool, PlayError> {
        let analysis = match self.ready.take() {
            Some(ready) if ready.position == *position => ready,
            _ => Analysis::brief(position.clone(), self.setup.game.clone(), &mut self.solver)?,
        };
        let ladder = hints(&analysis);
        let mut shown = 0;
        loop {
            let question = ask::Question {
                prompt: "Your move> ",
                position,
                game: &self.setup.game,
                yes_no: YesNo::Never,
                winning: &[],
            };
            match ask_parts(self.io, question)? {
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
                Reply::Move(mv) => return self.pupil_moved(position, mv.into()),
                Reply::Parts(mv) => return self.pupil_moved(position, mv),
            }
        }
    }

    fn pupil_moved(&mut self, position: &Position, mv: MultiMove) -> Result<bool, PlayError> {
        self.turns.push(Turn {
            side: Side::Pupil,
            before: position.clone(),
            mv,
        });
        Ok(true)
    }

    fn game_over(&mut self) -> Result<(), PlayError> {
        // The player to move cannot move: the rule says who has won.
        let stuck = self.to_move();
        let winner = match self.setup.game.rule.when_stuck() {
            Outcome::Win => stuck,
            Outcome::Lose => stuck.other(),
        };
        let line = super::replay::result(winner);
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
        let notes = review::Notes {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::rule::Rule;

    #[test]
    fn random_moves_are_legal_and_use_every_number_of_rows() {
        let game = Game::nim(Rule::Misere).with_rows_per_move(2).unwrap();
        let p = Position::new(vec![0, 3, 5, 7]);
        let mut rng = Rng::new(7);
        let mut widths = [0; 3];
        for _ in 0..200 {
            let mv = random_move(&p, &game, &mut rng);
            assert!(p.play_multi(&mv, &game).is_ok(), "{mv}");
            widths[mv.rows()] += 1;
        }
        assert!(widths[1] > 50 && widths[2] > 50, "{widths:?}");
    }

    #[test]
    fn the_perfect_computer_leaves_a_lost_position() {
        let game = Game::nim(Rule::Normal).with_rows_per_move(2).unwrap();
        let p = Position::new(vec![3, 5, 6]);
        let mut solver = Solver::for_game(game.clone(), Budget::default());
        let (mv, analysis) =
            computer_move(&p, &game, Level::Perfect, &mut Rng::new(0), &mut solver).unwrap();
        assert!(analysis.is_some());
        let after = p.play_multi(&mv, &game).unwrap();
        assert_eq!(solver.solve(after.piles()).unwrap().outcome, Outcome::Lose);
    }
}
