//! A game against the computer as a list of moves: the one record of a
//! game, kept by the terminal session and rebuilt by the classroom page.
//!
//! The computer's moves follow from the seed, so the same start, seed and
//! pupil moves always give the same game. The page keeps only those and
//! replays them on every request ([`Replay::of`]); taking a move back there
//! is sending one move fewer. The terminal plays one move at a time.

use super::rng::Rng;
use super::{First, Level, PlayError, computer_move};
use crate::console::answer::row_move;
use crate::rules::moves::IllegalMove;
use crate::rules::multi_move::MultiMove;
use crate::rules::nim::Nim;
use crate::rules::outcome::Outcome;
use crate::rules::position::Position;
use crate::rules::rule::Rule;
use crate::rules::take_set::TakeSet;
use crate::solve::one_row::RowPattern;
use crate::solve::search::{Budget, Solver};
use crate::teach::analysis::{Analysis, Extras};
use crate::teach::board;
use crate::teach::computer::{self, Kind};
use crate::teach::document::{Block, Document};
use crate::teach::review::{self, Notes, Side, Turn};
use crate::teach::verdict::Judgement;

/// The most moves of the pupil's a replayed game may hold: far more than a
/// class plays, and few enough to replay at once.
pub const MOST_REPLAYED_MOVES: usize = 1_000;

/// One move of the game, told.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Told {
    /// The move.
    pub turn: Turn,
    /// What the computer said about its move: why it moved (at `perfect`),
    /// or that its move ended the game.
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
        let one_row = self.turn.before.len() == 1;
        format!("{who} {takes} {}.", review::taken(&self.turn.mv, one_row))
    }

    /// The rows after the move.
    pub fn after(&self, game: &Nim) -> Position {
        self.turn.after(game)
    }
}

/// How a game is set up.
#[derive(Clone, Debug)]
pub struct Setup {
    /// The starting rows.
    pub start: Position,
    /// The rules.
    pub game: Nim,
    /// Who moves first.
    pub first: First,
    /// How well the computer plays.
    pub level: Level,
    /// The seed for the computer's random moves.
    pub seed: u64,
    /// Whether the seed was given, to replay a game, rather than picked.
    pub seed_given: bool,
}

impl Setup {
    /// The command that sets this game up again, seed and all:
    /// "matchsticks play 3 4 6 --level beginner --seed 374185", with
    /// `--take`, `--normal` and `--first computer` when they apply.
    pub fn command(&self) -> String {
        let mut command = format!("matchsticks play {}", self.start);
        if let Some(takes) = take_flag(&self.game.takes) {
            command += &format!(" --take {takes}");
        }
        if self.game.rule == Rule::Normal {
            command += " --normal";
        }
        if self.first == First::Computer {
            command += " --first computer";
        }
        match self.level {
            Level::Perfect => {}
            Level::Good => command += " --level good",
            Level::Beginner => command += " --level beginner",
        }
        command + &format!(" --seed {}", self.seed)
    }
}

/// A take set as `--take` reads it: "1-3", "2,3,5"; `None` for Nim.
fn take_flag(takes: &TakeSet) -> Option<String> {
    let takes = takes.only()?;
    let contiguous = takes.windows(2).all(|w| w[1] == w[0] + 1);
    Some(match takes {
        [first, .., last] if contiguous => format!("{first}-{last}"),
        _ => takes
            .iter()
            .map(u64::to_string)
            .collect::<Vec<_>>()
            .join(","),
    })
}

/// How much help the pupil had in a game, for the review: moves taken
/// back, hints asked for, and moves at which the answer was shown.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Helped {
    /// How many of the pupil's moves were taken back.
    pub taken_back: u64,
    /// How many hints the pupil asked for.
    pub hints: u64,
    /// At how many of the pupil's moves the answer was shown.
    pub shown: u64,
}

/// A game so far.
#[derive(Debug)]
pub struct Replay {
    setup: Setup,
    rng: Rng,
    /// The game's search, kept from move to move and for the review, so
    /// nothing is worked out twice.
    solver: Solver,
    /// The single row's pattern, when the board is drawn in its blocks.
    pattern: Option<RowPattern>,
    told: Vec<Told>,
    /// The computer's reasons told in full so far: after that, briefly.
    reasons: Vec<Kind>,
    /// The help the pupil has had so far.
    helped: Helped,
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
    /// Starts a game, refusing one too big to work out or with nothing to
    /// take before anyone moves.
    pub fn start(setup: Setup) -> Result<Replay, PlayError> {
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
        let pattern = analysis.pattern().cloned();
        Ok(Replay {
            rng: Rng::new(setup.seed),
            setup,
            solver,
            pattern,
            told: Vec::new(),
            reasons: Vec::new(),
            helped: Helped::default(),
        })
    }

    /// Starts a game and plays the pupil's `moves` in it, each given as the
    /// row, counted from one, and how many sticks. The computer answers
    /// each in turn, until it is the pupil's move or the game is over.
    /// `helped` is the help the pupil had on the way, for the review.
    pub fn of(setup: Setup, moves: &[(u64, u64)], helped: Helped) -> Result<Replay, ReplayError> {
        if moves.len() > MOST_REPLAYED_MOVES {
            return Err(ReplayError::TooLong);
        }
        let mut replay = Replay::start(setup)?;
        replay.helped = helped;
        replay.computer_if_due()?;
        for &(row, take) in moves {
            let number = replay.told.len() + 1;
            if replay.is_over() {
                return Err(ReplayError::AfterTheEnd(number));
            }
            let mv = row_move(&replay.position(), row, take, &replay.setup.game)
                .map_err(|reason| ReplayError::Illegal { number, reason })?;
            replay.pupil(mv);
            replay.computer_if_due()?;
        }
        Ok(replay)
    }

    fn computer_if_due(&mut self) -> Result<(), PlayError> {
        if self.to_move() == Side::Computer && !self.is_over() {
            self.computer()?;
        }
        Ok(())
    }

    /// The pupil makes `mv`, a legal move from one row or several.
    pub fn pupil(&mut self, mv: impl Into<MultiMove>) {
        let mv = mv.into();
        let before = self.position();
        debug_assert!(before.play_multi(&mv, &self.setup.game).is_ok());
        self.told.push(Told {
            turn: Turn {
                side: Side::Pupil,
                before,
                mv,
            },
            why: None,
        });
    }

    /// The computer moves, and says why: in full the first time a kind of
    /// reason comes up and briefly after, and plainly when its move ends
    /// the game.
    pub fn computer(&mut self) -> Result<&Told, PlayError> {
        let position = self.position();
        let game = &self.setup.game;
        let choice = computer_move(
            &position,
            game,
            self.setup.level,
            &mut self.rng,
            &mut self.solver,
        )?
        .ok_or_else(|| PlayError::NothingToPlay(position.to_string()))?;
        let after = position
            .play_multi(&choice.mv, game)
            .expect("the computer's moves are legal");
        let why = match (
            computer::ending(&position, &after, game),
            self.setup.level,
            choice.analysis,
        ) {
            (Some(ending), _, _) => Some(ending),
            (None, Level::Perfect, Some(before)) => {
                let j = Judgement::using(before, choice.mv.clone(), &mut self.solver)?;
                let reason = computer::reason(&j);
                match self.reasons.contains(&reason.kind) {
                    true => Some(reason.short),
                    false => {
                        self.reasons.push(reason.kind);
                        Some(reason.full)
                    }
                }
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
        Ok(self.told.last().expect("just told"))
    }

    /// Takes back the pupil's last move and everything after it; false
    /// when the pupil has not moved.
    pub fn undo(&mut self) -> bool {
        match self.told.iter().rposition(|t| t.turn.side == Side::Pupil) {
            Some(last) => {
                self.told.truncate(last);
                self.helped.taken_back += 1;
                true
            }
            None => false,
        }
    }

    /// The pupil asked for a hint and got one.
    pub fn hint_given(&mut self) {
        self.helped.hints += 1;
    }

    /// The answer was shown at the pupil's move (count it once a move).
    pub fn answer_shown(&mut self) {
        self.helped.shown += 1;
    }

    /// How the game was set up.
    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    /// The game's rules.
    pub fn game(&self) -> &Nim {
        &self.setup.game
    }

    /// Every move so far.
    pub fn told(&self) -> &[Told] {
        &self.told
    }

    /// The rows now.
    pub fn position(&self) -> Position {
        match self.told.last() {
            Some(t) => t.after(&self.setup.game),
            None => self.setup.start.clone(),
        }
    }

    /// The rows now, drawn in the game's own terms: groups for Nim, blocks
    /// of the pattern for a single row with limited takes.
    pub fn board(&self) -> Block {
        board::for_game(&self.position(), &self.setup.game, self.pattern.as_ref())
    }

    /// Who moves next.
    pub fn to_move(&self) -> Side {
        self.setup.first.to_move(self.told.len())
    }

    /// Whether no move is left.
    pub fn is_over(&self) -> bool {
        self.position()
            .moves_with(&self.setup.game.takes)
            .next()
            .is_none()
    }

    /// How the game ended, once it is over, in the words the review uses:
    /// "You took the last stick, so the computer wins."
    pub fn ending(&self) -> Option<String> {
        let last = self.told.last().filter(|_| self.is_over())?;
        Some(review::ending(
            last.turn.side,
            &last.after(&self.setup.game),
            &self.setup.game,
        ))
    }

    /// Who has won, once the game is over.
    pub fn winner(&self) -> Option<Side> {
        let stuck = self.to_move();
        self.is_over()
            .then(|| match self.setup.game.rule.when_stuck() {
                Outcome::Win => stuck,
                Outcome::Lose => stuck.other(),
            })
    }

    /// The position now, worked out with the game's search: who wins and
    /// the move to make, for hints.
    pub fn analysis(&mut self) -> Result<Analysis, PlayError> {
        Ok(Analysis::brief(
            self.position(),
            self.setup.game.clone(),
            &mut self.solver,
        )?)
    }

    /// The review of the game so far; `ended` when it was played to the
    /// end rather than stopped.
    pub fn review(&mut self, ended: bool) -> Result<Document, PlayError> {
        let turns: Vec<Turn> = self.told.iter().map(|t| t.turn.clone()).collect();
        let reviewed = review::review(&turns, &self.setup.game, &mut self.solver)?;
        let notes = Notes {
            ended,
            taken_back: self.helped.taken_back,
            hints: self.helped.hints,
            shown: self.helped.shown,
            // The seed only matters when the computer's choices are random.
            replay: match self.setup.level {
                Level::Perfect => None,
                Level::Good | Level::Beginner => Some(self.setup.command()),
            },
        };
        Ok(review::document(&reviewed, &self.setup.game, notes))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn setup(start: &[u64], game: Nim, first: First, level: Level, seed: u64) -> Setup {
        Setup {
            start: Position::new(start.to_vec()),
            game,
            first,
            level,
            seed,
            seed_given: true,
        }
    }

    fn twenty_one(level: Level, seed: u64) -> Setup {
        let game = Nim::with_takes(Rule::Misere, TakeSet::parse("1-3").unwrap());
        setup(&[21], game, First::Me, level, seed)
    }

    #[test]
    fn the_same_moves_and_seed_give_the_same_game() {
        let play = |moves: &[(u64, u64)]| {
            Replay::of(twenty_one(Level::Beginner, 7), moves, Helped::default()).unwrap()
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
        let game = Nim::nim(Rule::Misere);
        let mut replay = Replay::of(
            setup(&[3, 5, 7], game, First::Computer, Level::Perfect, 0),
            &[],
            Helped::default(),
        )
        .unwrap();
        assert!(replay.told()[0].why.is_some());
        while !replay.is_over() {
            let mv = replay
                .position()
                .moves_with(&replay.game().takes)
                .next()
                .unwrap();
            replay.pupil(mv);
            if !replay.is_over() {
                replay.computer().unwrap();
            }
        }
        assert_eq!(replay.winner(), Some(Side::Computer));
        assert!(!replay.review(true).unwrap().steps.is_empty());
        assert!(replay.undo());
        assert_eq!(replay.to_move(), Side::Pupil);
    }

    #[test]
    fn an_illegal_move_is_refused_with_its_number() {
        let refused =
            Replay::of(twenty_one(Level::Perfect, 0), &[(1, 4)], Helped::default()).unwrap_err();
        assert_eq!(
            refused.to_string(),
            "In this game a move takes 1 to 3 sticks."
        );
        assert!(matches!(refused, ReplayError::Illegal { number: 1, .. }));
    }

    #[test]
    fn the_command_sets_the_same_game_up_again() {
        let mut setup = twenty_one(Level::Beginner, 7);
        assert_eq!(
            setup.command(),
            "matchsticks play 21 --take 1-3 --level beginner --seed 7"
        );
        setup.game = Nim::with_takes(Rule::Normal, TakeSet::parse("2,3,5").unwrap());
        setup.first = First::Computer;
        setup.level = Level::Good;
        assert_eq!(
            setup.command(),
            "matchsticks play 21 --take 2,3,5 --normal --first computer --level good --seed 7"
        );
        let nim = self::setup(
            &[3, 4, 6],
            Nim::nim(Rule::Misere),
            First::Me,
            Level::Beginner,
            9,
        );
        assert_eq!(
            nim.command(),
            "matchsticks play 3 4 6 --level beginner --seed 9"
        );
    }
}
