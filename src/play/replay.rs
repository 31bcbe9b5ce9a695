//! A game against the computer as a list of moves: the one record of a
//! game, for every game, kept by the terminal session and rebuilt by the
//! classroom page.
//!
//! The computer's moves follow from the seed, so the same start, seed and
//! pupil moves always give the same game. The page keeps only those and
//! replays them on every request ([`Replay::of`]); taking a move back there
//! is sending one move fewer. The terminal plays one move at a time.

use super::rng::Rng;
use super::{First, Level, PlayError, computer_move};
use crate::rules::commas::with_commas;
use crate::rules::game::{Game, no_move_from, nothing_to_play};
use crate::teach::document::{Block, Document};
use crate::teach::review::{Notes, Side};
use crate::teach::teaching::{Teaching, Turn};
use crate::teach::words::GLUE;

/// The most moves of the pupil's a replayed game may hold: far more than a
/// class plays, and few enough to replay at once.
pub(crate) const MOST_REPLAYED_MOVES: usize = 1_000;

/// One move of the game, told.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Told<G: Game> {
    /// The move.
    pub turn: Turn<G>,
    /// What the computer said about its move: why it moved (at `perfect`),
    /// or that its move ended the game.
    pub why: Option<String>,
}

impl<G: Game> Told<G> {
    /// The position after the move.
    pub(crate) fn after(&self, game: &G) -> G::Position {
        game.play(&self.turn.before, &self.turn.mv)
            .expect("played moves are legal")
    }
}

/// How a game is set up.
#[derive(Clone, Debug)]
pub struct Setup<G: Game> {
    /// The start.
    pub start: G::Position,
    /// The game and its rules.
    pub game: G,
    /// Who moves first.
    pub first: First,
    /// How well the computer plays.
    pub level: Level,
    /// The seed for the computer's random moves.
    pub seed: u64,
    /// Whether the seed was given, to replay a game, rather than picked.
    pub seed_given: bool,
}

impl<G: Teaching> Setup<G> {
    /// The command that sets this game up again, seed and all:
    /// "matchsticks play 3 4 6 --level beginner --seed 374185", with the
    /// game's own flags and `--first computer` when they apply. Each
    /// option stays on one line with its value.
    pub(crate) fn command(&self) -> String {
        let mut command = self.game.command(&self.start);
        if self.first == First::Computer {
            command += &format!(" --first{GLUE}computer");
        }
        match self.level {
            Level::Perfect => {}
            Level::Good => command += &format!(" --level{GLUE}good"),
            Level::Beginner => command += &format!(" --level{GLUE}beginner"),
        }
        command + &format!(" --seed{GLUE}{}", self.seed)
    }
}

/// How much help the pupil had in a game, for the review: moves taken
/// back, hints asked for, and moves at which the answer was shown.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Helped {
    /// How many of the pupil's moves were taken back.
    pub taken_back: u64,
    /// How many hints the pupil asked for.
    pub hints: u64,
    /// At how many of the pupil's moves the answer was shown.
    pub shown: u64,
}

/// A game so far.
#[derive(Debug)]
pub struct Replay<G: Teaching> {
    setup: Setup<G>,
    rng: Rng,
    /// What the game keeps from move to move, for the computer, the hints
    /// and the review, so nothing is worked out twice.
    memo: G::Memo,
    told: Vec<Told<G>>,
    /// The help the pupil has had so far.
    helped: Helped,
}

/// Why a replay stopped.
#[derive(Debug, thiserror::Error)]
pub(crate) enum ReplayError {
    /// The game could not be worked out.
    #[error("{0}")]
    Play(#[from] PlayError),
    /// A pupil's move is not allowed where it was made.
    #[error("{reason}")]
    Illegal {
        /// The move's number in the game, from 1.
        number: usize,
        /// Why, as a sentence.
        reason: String,
    },
    /// A move was sent after the game was over.
    #[error("{what} {number} comes after the game is over")]
    AfterTheEnd {
        /// "move" or "bite".
        what: &'static str,
        /// The move's number in the game, from 1.
        number: usize,
    },
    /// More moves than a game may have.
    #[error(
        "a game may have at most {} {what}s of yours",
        with_commas(MOST_REPLAYED_MOVES as u128)
    )]
    TooLong {
        /// "move" or "bite".
        what: &'static str,
    },
}

impl<G: Teaching> Replay<G> {
    /// Starts a game, refusing one too big to work out or with nothing to
    /// take before anyone moves.
    pub fn start(setup: Setup<G>) -> Result<Replay<G>, PlayError> {
        let memo = setup.game.memo(&setup.start).map_err(PlayError::game)?;
        if let Some(why) = nothing_to_play(&setup.game, &setup.start) {
            return Err(PlayError::NothingToPlay(why));
        }
        Ok(Replay {
            rng: Rng::new(setup.seed),
            setup,
            memo,
            told: Vec::new(),
            helped: Helped::default(),
        })
    }

    /// Starts a game and plays the pupil's `moves` in it, each read by
    /// `read` from the position it is made at. The computer answers each
    /// in turn, until it is the pupil's move or the game is over. `helped`
    /// is the help the pupil had on the way, for the review.
    pub(crate) fn of<M>(
        setup: Setup<G>,
        moves: &[M],
        read: impl Fn(&G::Position, &M) -> Result<G::Move, G::Illegal>,
        helped: Helped,
    ) -> Result<Replay<G>, ReplayError> {
        if moves.len() > MOST_REPLAYED_MOVES {
            return Err(ReplayError::TooLong { what: G::MOVE });
        }
        let mut replay = Replay::start(setup)?;
        replay.helped = helped;
        replay.computer_if_due()?;
        for sent in moves {
            let number = replay.told.len() + 1;
            if replay.is_over() {
                return Err(ReplayError::AfterTheEnd {
                    what: G::MOVE,
                    number,
                });
            }
            let position = replay.position();
            let mv = read(&position, sent)
                .and_then(|mv| replay.setup.game.play(&position, &mv).map(|_| mv))
                .map_err(|illegal| ReplayError::Illegal {
                    number,
                    reason: G::refusal(&illegal),
                })?;
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

    /// The pupil makes `mv`, a legal move.
    pub fn pupil(&mut self, mv: G::Move) {
        let before = self.position();
        debug_assert!(self.setup.game.play(&before, &mv).is_ok());
        self.told.push(Told {
            turn: Turn {
                side: Side::Pupil,
                before,
                mv,
            },
            why: None,
        });
    }

    /// The computer moves, and says why at every level, in the game's own
    /// words: a slip is called a slip, and a move that ends the game says
    /// so plainly.
    pub fn computer(&mut self) -> Result<&Told<G>, PlayError> {
        let position = self.position();
        let game = &self.setup.game;
        let choice = computer_move(
            &position,
            game,
            self.setup.level,
            &mut self.rng,
            &mut self.memo,
        )?
        .ok_or_else(|| PlayError::NothingToPlay(no_move_from::<G>(&position)))?;
        let turn = Turn {
            side: Side::Computer,
            before: position,
            mv: choice.mv,
        };
        let why = game
            .computer_why(&turn, choice.analysis, &mut self.memo)
            .map_err(PlayError::game)?;
        self.told.push(Told { turn, why });
        Ok(self.told.last().expect("just told"))
    }

    /// Takes back the pupil's last move and everything after it; false
    /// when the pupil has not moved.
    pub(crate) fn undo(&mut self) -> bool {
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
    pub(crate) fn hint_given(&mut self) {
        self.helped.hints += 1;
    }

    /// The answer was shown at the pupil's move (count it once a move).
    pub(crate) fn answer_shown(&mut self) {
        self.helped.shown += 1;
    }

    /// Whether the pupil was helped at all: a hint, an answer shown or a
    /// move taken back, which a review counts even with no move left.
    pub(crate) fn helped(&self) -> bool {
        let Helped {
            taken_back,
            hints,
            shown,
        } = self.helped;
        taken_back + hints + shown > 0
    }

    /// How the game was set up.
    pub(crate) fn setup(&self) -> &Setup<G> {
        &self.setup
    }

    /// The game and its rules.
    pub(crate) fn game(&self) -> &G {
        &self.setup.game
    }

    /// Every move so far.
    pub(crate) fn told(&self) -> &[Told<G>] {
        &self.told
    }

    /// A move told: "You take 2 from row 1."
    pub(crate) fn said(&self, told: &Told<G>) -> String {
        self.setup.game.said(&told.turn)
    }

    /// Where the game stands now.
    pub fn position(&self) -> G::Position {
        match self.told.last() {
            Some(t) => t.after(&self.setup.game),
            None => self.setup.start.clone(),
        }
    }

    /// The position now, drawn in the game's own terms; `None` when
    /// nothing is left to draw.
    pub(crate) fn board(&self) -> Option<Block> {
        self.setup.game.board(&self.position(), &self.memo)
    }

    /// Who moves next.
    pub(crate) fn to_move(&self) -> Side {
        self.setup.first.to_move(self.told.len())
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.setup.game.is_over(&self.position())
    }

    /// How the game ended, once it is over, in two parts: what happened,
    /// and the result for the winner.
    pub(crate) fn ending(&self) -> Option<(String, String)> {
        let last = self.told.last().filter(|_| self.is_over())?;
        let winner = self.winner()?;
        Some(self.setup.game.game_over(&last.turn, winner))
    }

    /// Who has won, once the game is over.
    pub(crate) fn winner(&self) -> Option<Side> {
        let to_move = self.to_move();
        self.is_over()
            .then(|| match self.setup.game.at_end(&self.position()) {
                crate::rules::outcome::Outcome::Win => to_move,
                crate::rules::outcome::Outcome::Lose => to_move.other(),
            })
    }

    /// The position now, worked out: who wins and the move to make, for
    /// hints.
    pub(crate) fn analysis(&mut self) -> Result<G::Analysis, PlayError> {
        let position = self.position();
        self.setup
            .game
            .analyse(&position, &mut self.memo)
            .map_err(PlayError::game)
    }

    /// The hints for the pupil's move now, first to last; none once the
    /// game is over.
    pub(crate) fn hints(&mut self) -> Result<Vec<String>, PlayError> {
        match self.is_over() {
            true => Ok(Vec::new()),
            false => Ok(G::hints(&self.analysis()?)),
        }
    }

    /// The review of the game so far; `ended` when it was played to the
    /// end rather than stopped. At a prompt it ends with the command that
    /// plays the game again; the page has a button for that instead.
    pub(crate) fn review(&mut self, ended: bool, at: Where) -> Result<Document, PlayError> {
        let turns: Vec<Turn<G>> = self.told.iter().map(|t| t.turn.clone()).collect();
        let notes = Notes {
            ended,
            taken_back: self.helped.taken_back,
            hints: self.helped.hints,
            shown: self.helped.shown,
            // The seed only matters when the computer's choices are random.
            replay: match (self.setup.level, at) {
                (Level::Perfect, _) | (_, Where::Page) => None,
                (Level::Good | Level::Beginner, Where::Prompt) => Some(self.setup.command()),
            },
        };
        self.setup
            .game
            .review(&turns, notes, &mut self.memo)
            .map_err(PlayError::game)
    }
}

/// Where a review is read: at a prompt, which can be told a command, or
/// on the page, which cannot run one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Where {
    Prompt,
    Page,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::bar::Bite;
    use crate::rules::game::Chomp;
    use crate::rules::multi_move::MultiMove;
    use crate::rules::nim::Nim;
    use crate::rules::position::Position;
    use crate::rules::rule::Rule;
    use crate::rules::take_set::TakeSet;
    use crate::teach::reply::answer::row_move;
    use crate::teach::verdict::{Judgement, Verdict};

    fn setup(start: &[u64], game: Nim, first: First, level: Level, seed: u64) -> Setup<Nim> {
        Setup {
            start: Position::new(start.to_vec()),
            game,
            first,
            level,
            seed,
            seed_given: true,
        }
    }

    fn twenty_one(level: Level, seed: u64) -> Setup<Nim> {
        let game = Nim::with_takes(Rule::Misere, TakeSet::parse("1-3").unwrap());
        setup(&[21], game, First::Me, level, seed)
    }

    /// Replays Nim moves given as a row (from 1) and a take, as the page
    /// sends them.
    fn nim(setup: Setup<Nim>, moves: &[(u64, u64)]) -> Result<Replay<Nim>, ReplayError> {
        let game = setup.game.clone();
        let read = |p: &Position, &(row, take): &(u64, u64)| {
            row_move(p, row, take, &game).map(MultiMove::from)
        };
        Replay::of(setup, moves, read, Helped::default())
    }

    fn chomp(shape: &str, first: First, level: Level, seed: u64) -> Setup<Chomp> {
        Setup {
            start: shape.parse().unwrap(),
            game: Chomp,
            first,
            level,
            seed,
            seed_given: true,
        }
    }

    fn bites(
        setup: Setup<Chomp>,
        bites: &[Bite],
        helped: Helped,
    ) -> Result<Replay<Chomp>, ReplayError> {
        Replay::of(setup, bites, |_, bite| Ok(*bite), helped)
    }

    #[test]
    fn the_same_moves_and_seed_give_the_same_game() {
        let play = |moves: &[(u64, u64)]| nim(twenty_one(Level::Beginner, 7), moves).unwrap();
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

    /// The pupil's first legal move, in the order moves are listed.
    fn first_move(replay: &Replay<Nim>) -> MultiMove {
        let takes = &replay.game().takes;
        MultiMove::from(replay.position().moves_with(takes).next().unwrap())
    }

    #[test]
    fn the_perfect_computer_wins_from_a_winning_start_and_says_why() {
        let game = Nim::new(Rule::Misere);
        let start = setup(&[3, 5, 7], game, First::Computer, Level::Perfect, 0);
        let mut replay = nim(start, &[]).unwrap();
        assert!(replay.told()[0].why.is_some());
        while !replay.is_over() {
            replay.pupil(first_move(&replay));
            if !replay.is_over() {
                replay.computer().unwrap();
            }
        }
        assert_eq!(replay.winner(), Some(Side::Computer));
        assert!(!replay.review(true, Where::Prompt).unwrap().steps.is_empty());
        assert!(replay.undo());
        assert_eq!(replay.to_move(), Side::Pupil);
    }

    #[test]
    fn the_computer_says_why_at_every_level_and_calls_a_slip_a_slip() {
        for level in [Level::Beginner, Level::Good, Level::Perfect] {
            for seed in 0..20 {
                let game = Nim::new(Rule::Misere);
                let start = setup(&[3, 5, 6], game, First::Me, level, seed);
                let mut replay = nim(start, &[]).unwrap();
                let mut turns = 0;
                while !replay.is_over() && turns < 40 {
                    turns += 1;
                    replay.pupil(first_move(&replay));
                    if replay.is_over() {
                        break;
                    }
                    let before = replay.position();
                    let told = replay.computer().unwrap().clone();
                    let why = told.why.expect("the computer says why at every level");
                    let game = replay.game().clone();
                    let j = Judgement::new(before, told.turn.mv.clone(), &game).unwrap();
                    // A move that ends the game says so instead.
                    assert_eq!(
                        why.contains("slipped"),
                        j.verdict == Verdict::Mistake && !replay.is_over(),
                        "{level:?} seed {seed}: {why}"
                    );
                }
                assert!(replay.is_over(), "{level:?} seed {seed}: the game ends");
            }
        }
    }

    #[test]
    fn an_illegal_move_is_refused_with_its_number() {
        let refused = nim(twenty_one(Level::Perfect, 0), &[(1, 4)]).unwrap_err();
        assert_eq!(
            refused.to_string(),
            "In this game a move takes 1 to 3 sticks."
        );
        assert!(matches!(refused, ReplayError::Illegal { number: 1, .. }));
    }

    #[test]
    fn the_command_sets_the_same_game_up_again() {
        let unglued = |setup: &Setup<Nim>| setup.command().replace(GLUE, " ");
        let mut setup = twenty_one(Level::Beginner, 7);
        assert_eq!(
            unglued(&setup),
            "matchsticks play 21 --take 1-3 --level beginner --seed 7"
        );
        setup.game = Nim::with_takes(Rule::Normal, TakeSet::parse("2,3,5").unwrap());
        setup.first = First::Computer;
        setup.level = Level::Good;
        assert_eq!(
            unglued(&setup),
            "matchsticks play 21 --take 2,3,5 --normal --first computer --level good --seed 7"
        );
        let nim = self::setup(
            &[3, 4, 6],
            Nim::new(Rule::Misere),
            First::Me,
            Level::Beginner,
            9,
        );
        assert_eq!(
            unglued(&nim),
            "matchsticks play 3 4 6 --level beginner --seed 9"
        );
        // Every flag that shapes the game is in it, or it replays another.
        let mut moore = Nim::new(Rule::Misere);
        moore.rows_per_move = 2;
        let moore = self::setup(&[3, 4, 6], moore, First::Me, Level::Beginner, 9);
        assert_eq!(
            unglued(&moore),
            "matchsticks play 3 4 6 --rows-per-move 2 --level beginner --seed 9"
        );
    }

    #[test]
    fn the_same_bites_and_seed_give_the_same_game() {
        let play = |list: &[Bite]| {
            bites(
                chomp("4x5", First::Me, Level::Beginner, 7),
                list,
                Helped::default(),
            )
            .unwrap()
        };
        // The second bite is the bottom-right square of whatever is left.
        let after_one = play(&[Bite::new(4, 5)]).position();
        let list = [Bite::new(4, 5), after_one.bites().last().unwrap()];
        let once = play(&list);
        assert_eq!(once.told(), play(&list).told());
        assert_eq!(once.told().len(), 4);
        assert_eq!(once.to_move(), Side::Pupil);
        // Taking a bite back is replaying one bite fewer.
        assert_eq!(play(&list[..1]).told(), &once.told()[..2]);
    }

    #[test]
    fn the_perfect_computer_wins_from_a_won_bar_and_says_why() {
        let start = chomp("3x3", First::Computer, Level::Perfect, 0);
        let mut game = bites(start, &[], Helped::default()).unwrap();
        assert_eq!(game.told()[0].turn.mv, Bite::new(2, 2));
        assert!(
            game.told()[0]
                .why
                .as_deref()
                .unwrap()
                .contains("equal arms")
        );
        while !game.is_over() {
            let bite = game.position().bites().last().unwrap();
            game.pupil(bite);
            if !game.is_over() {
                game.computer().unwrap();
            }
        }
        assert_eq!(game.winner(), Some(Side::Computer));
        let (how, _) = game.ending().unwrap();
        assert_eq!(
            how,
            "Only the poisoned square is left for you: you have to eat it."
        );
        assert!(game.hints().unwrap().is_empty());
        assert!(game.undo());
        assert_eq!(game.to_move(), Side::Pupil);
        assert!(!game.is_over());
    }

    #[test]
    fn eating_the_poison_ends_the_game_and_loses_it() {
        let start = || chomp("2x2", First::Me, Level::Perfect, 0);
        let game = bites(start(), &[Bite::new(1, 1)], Helped::default()).unwrap();
        assert_eq!(game.ending().unwrap().0, "You ate the poisoned square.");
        assert_eq!(game.winner(), Some(Side::Computer));
        let poison = [Bite::new(1, 1), Bite::new(1, 1)];
        let after = bites(start(), &poison, Helped::default()).unwrap_err();
        assert_eq!(after.to_string(), "bite 2 comes after the game is over");
    }

    #[test]
    fn an_illegal_bite_or_a_bar_too_big_is_refused() {
        let start = chomp("4x5", First::Me, Level::Perfect, 0);
        let refused = bites(start, &[Bite::new(5, 1)], Helped::default()).unwrap_err();
        assert_eq!(
            refused.to_string(),
            "illegal bite: there is no row 5: this bar has rows 1 to 4"
        );
        assert!(matches!(refused, ReplayError::Illegal { number: 1, .. }));
        let big = Replay::start(chomp("12x12", First::Me, Level::Perfect, 0)).unwrap_err();
        assert!(
            big.to_string()
                .starts_with("the bar 12x12 is too big to play on")
        );
    }

    #[test]
    fn the_review_names_the_seed_and_counts_the_help_in_every_game() {
        let helped = Helped {
            taken_back: 2,
            hints: 3,
            shown: 1,
        };
        let mut game = bites(
            chomp("3x3", First::Me, Level::Good, 5),
            &[Bite::new(3, 3)],
            helped,
        )
        .unwrap();
        let lines: Vec<String> = game
            .review(false, Where::Prompt)
            .unwrap()
            .steps
            .iter()
            .flat_map(|s| s.lines())
            .map(|line| line.replace(GLUE, " "))
            .collect();
        for line in [
            "You took back 2 bites.",
            "You asked for 3 hints and saw the answer once.",
            "To play this game again:",
            "matchsticks chomp play 3x3 --level good --seed 5",
        ] {
            assert!(lines.contains(&line.to_string()), "{line}: {lines:?}");
        }
    }
}
