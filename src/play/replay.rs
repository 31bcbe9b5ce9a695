//! A game against the computer replayed from its start and the pupil's
//! moves alone. The computer's moves follow from the seed, so the same
//! start, seed and pupil moves always give the same game: the classroom
//! page keeps only those, and taking a move back is dropping the last one.

use super::rng::Rng;
use super::{First, Level, PlayError, computer_move};
use crate::console::answer::row_move;
use crate::rules::game::Game;
use crate::rules::moves::IllegalMove;
use crate::rules::outcome::Outcome;
use crate::rules::position::Position;
use crate::solve::search::{Budget, Solver};
use crate::teach::analysis::{Analysis, Extras};
use crate::teach::check::computer_reason;
use crate::teach::document::Document;
use crate::teach::hints::hints;
use crate::teach::review::{self, Side, Turn};
use crate::teach::verdict::Judgement;

/// The most moves of the pupil's a replayed game may hold: far more than a
/// class plays, and few enough to replay at once.
pub const MOST_REPLAYED_MOVES: usize = 1_000;

/// One move of the game, told.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Told {
    /// The move.
    pub turn: Turn,
    /// Why the computer moved as it did, when it says (at `perfect`).
    pub why: Option<String>,
}

impl Told {
    /// The move in words: "You take 2 from row 1." or, with a single row,
    /// "The computer takes 3."
    pub fn said(&self) -> String {
        let (who, takes) = match self.turn.side {
            Side::Pupil => ("You", "take"),
            Side::Computer => ("The computer", "takes"),
        };
        let mv = self.turn.mv;
        match self.turn.before.len() {
            1 => format!("{who} {takes} {}.", mv.take),
            _ => format!("{who} {takes} {} from row {}.", mv.take, mv.row()),
        }
    }
}

/// The end of a game in words, for the player who won.
pub fn result(winner: Side) -> &'static str {
    match winner {
        Side::Pupil => "You win! Well played.",
        Side::Computer => "The computer wins this time.",
    }
}

/// A game so far.
#[derive(Debug)]
pub struct Replay {
    start: Position,
    game: Game,
    level: Level,
    first: First,
    rng: Rng,
    solver: Solver,
    told: Vec<Told>,
}

/// Why a replay stopped.
#[derive(Debug, thiserror::Error)]
pub enum ReplayError {
    /// The game could not be worked out.
    #[error("{0}")]
    Play(#[from] PlayError),
    /// A pupil's move is not allowed where it was made.
    #[error("{}", reason.refusal())]
    Illegal {
        /// The move's number in the game, from 1.
        number: usize,
        /// Why.
        reason: IllegalMove,
    },
    /// A move was sent after the game was over.
    #[error("move {0} comes after the game is over")]
    AfterTheEnd(usize),
    /// More moves than a game may have.
    #[error("a game may have at most {MOST_REPLAYED_MOVES} moves of yours")]
    TooLong,
}

impl Replay {
    /// Starts a game and plays the computer's moves until it is the
    /// pupil's turn or the game is over.
    pub fn start(
        start: Position,
        game: Game,
        first: First,
        level: Level,
        seed: u64,
    ) -> Result<Replay, PlayError> {
        let mut solver = Solver::for_game(game.clone(), Budget::default());
        let analysis =
            Analysis::using(start.clone(), game.clone(), Extras::default(), &mut solver)?;
        if analysis.is_over() {
            return Err(PlayError::NothingToPlay(start.to_string()));
        }
        let mut replay = Replay {
            start,
            game,
            level,
            first,
            rng: Rng::new(seed),
            solver,
            told: Vec::new(),
        };
        replay.computer()?;
        Ok(replay)
    }

    /// Starts a game and plays the pupil's `moves` in it, each a row (from
    /// 1) and how many sticks, each followed by the computer's answer.
    pub fn of(
        start: Position,
        game: Game,
        first: First,
        level: Level,
        seed: u64,
        moves: &[(u64, u64)],
    ) -> Result<Replay, ReplayError> {
        if moves.len() > MOST_REPLAYED_MOVES {
            return Err(ReplayError::TooLong);
        }
        let mut replay = Replay::start(start, game, first, level, seed)?;
        for &(row, take) in moves {
            replay.pupil(row, take)?;
        }
        Ok(replay)
    }

    /// The pupil takes `take` sticks from row `row` (from 1), and the
    /// computer answers.
    pub fn pupil(&mut self, row: u64, take: u64) -> Result<(), ReplayError> {
        let number = self.told.len() + 1;
        if self.is_over() {
            return Err(ReplayError::AfterTheEnd(number));
        }
        let position = self.position();
        let mv = row_move(&position, row, take, &self.game)
            .map_err(|reason| ReplayError::Illegal { number, reason })?;
        self.told.push(Told {
            turn: Turn {
                side: Side::Pupil,
                before: position,
                mv,
            },
            why: None,
        });
        self.computer()?;
        Ok(())
    }

    /// The computer moves if it is its turn.
    fn computer(&mut self) -> Result<(), PlayError> {
        if self.to_move() != Side::Computer || self.is_over() {
            return Ok(());
        }
        let position = self.position();
        let Some(choice) = computer_move(
            &position,
            &self.game,
            self.level,
            &mut self.rng,
            &mut self.solver,
        )?
        else {
            return Ok(());
        };
        let why = match (self.level, choice.analysis) {
            (Level::Perfect, Some(before)) => {
                let j = Judgement::using(before, choice.mv, &mut self.solver)?;
                Some(computer_reason(&j))
            }
            _ => None,
        };
        self.told.push(Told {
            turn: Turn {
                side: Side::Computer,
                before: position,
                mv: choice.mv,
            },
            why,
        });
        Ok(())
    }

    /// The game's rules.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The rows it started from.
    pub fn start_position(&self) -> &Position {
        &self.start
    }

    /// Every move so far.
    pub fn told(&self) -> &[Told] {
        &self.told
    }

    /// The rows now.
    pub fn position(&self) -> Position {
        match self.told.last() {
            Some(t) => t
                .turn
                .before
                .play_with(t.turn.mv, &self.game.takes)
                .expect("replayed moves are legal"),
            None => self.start.clone(),
        }
    }

    /// Who moves next.
    pub fn to_move(&self) -> Side {
        let first = match self.first {
            First::Computer => Side::Computer,
            First::Me => Side::Pupil,
        };
        match self.told.len() % 2 {
            0 => first,
            _ => first.other(),
        }
    }

    /// Whether no move is left.
    pub fn is_over(&self) -> bool {
        self.position()
            .moves_with(&self.game.takes)
            .next()
            .is_none()
    }

    /// Who has won, once the game is over.
    pub fn winner(&self) -> Option<Side> {
        let stuck = self.to_move();
        self.is_over().then(|| match self.game.rule.when_stuck() {
            Outcome::Win => stuck,
            Outcome::Lose => stuck.other(),
        })
    }

    /// The hint ladder for the pupil's move now, last stage the move.
    pub fn hints(&mut self) -> Result<Vec<String>, PlayError> {
        if self.is_over() {
            return Ok(Vec::new());
        }
        let analysis = Analysis::using(
            self.position(),
            self.game.clone(),
            Extras::default(),
            &mut self.solver,
        )?;
        Ok(hints(&analysis))
    }

    /// The review of the game so far.
    pub fn review(&mut self) -> Result<Document, PlayError> {
        let turns: Vec<Turn> = self.told.iter().map(|t| t.turn.clone()).collect();
        let reviewed = review::review(&turns, &self.game, &mut self.solver)?;
        Ok(review::document(&reviewed, &self.game, self.is_over()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::rule::Rule;
    use crate::rules::take_set::TakeSet;

    fn twenty_one() -> Game {
        Game::with_takes(Rule::Misere, TakeSet::parse("1-3").unwrap())
    }

    #[test]
    fn the_same_moves_and_seed_give_the_same_game() {
        let play = |moves: &[(u64, u64)]| {
            Replay::of(
                Position::new(vec![21]),
                twenty_one(),
                First::Me,
                Level::Beginner,
                7,
                moves,
            )
            .unwrap()
        };
        let moves = [(1, 1), (1, 2)];
        let once = play(&moves);
        let twice = play(&moves);
        assert_eq!(once.told(), twice.told());
        // Two pupil moves, each answered.
        assert_eq!(once.told().len(), 4);
        assert_eq!(once.to_move(), Side::Pupil);
        // Taking a move back is replaying one move fewer.
        assert_eq!(play(&moves[..1]).told(), &once.told()[..2]);
    }

    #[test]
    fn the_perfect_computer_wins_from_a_winning_start_and_says_why() {
        let mut replay = Replay::start(
            Position::new(vec![3, 5, 7]),
            Game::nim(Rule::Misere),
            First::Computer,
            Level::Perfect,
            0,
        )
        .unwrap();
        assert!(replay.told()[0].why.is_some());
        while !replay.is_over() {
            let mv = replay
                .position()
                .moves_with(&replay.game().takes)
                .next()
                .unwrap();
            replay.pupil(mv.row() as u64, mv.take).unwrap();
        }
        assert_eq!(replay.winner(), Some(Side::Computer));
        assert!(!replay.review().unwrap().steps.is_empty());
    }

    #[test]
    fn an_illegal_move_is_refused_with_its_number() {
        let refused = Replay::of(
            Position::new(vec![21]),
            twenty_one(),
            First::Me,
            Level::Perfect,
            0,
            &[(1, 4)],
        )
        .unwrap_err();
        assert_eq!(
            refused.to_string(),
            "That move is not allowed: in this game a move takes 1 to 3 sticks."
        );
        assert!(matches!(refused, ReplayError::Illegal { number: 1, .. }));
    }
}
