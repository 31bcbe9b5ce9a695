//! A game of Chomp against the computer as a list of bites: the one record
//! of a game, kept by the terminal session and rebuilt by the classroom
//! page.
//!
//! The computer plays by the search, so the bar must fit it; the search is
//! run once, when the game starts, and covers every bar the game reaches.
//! At the lower levels the computer sometimes bites at random, from the
//! seed, so the same start, seed and pupil's bites always give the same
//! game. The page keeps only those and replays them on every request
//! ([`ChompReplay::of`]); taking a bite back there is sending one bite
//! fewer. The game ends when someone eats the poisoned square, or when only
//! the poisoned square is left for the player to bite, who must eat it.

use super::replay::MOST_REPLAYED_MOVES;
use super::rng::Rng;
use super::{First, Level};
use crate::console::line::LineError;
use crate::rules::bar::{Bar, Bite, IllegalBite};
use crate::solve::chomp::{ChompSearch, TooBig};
use crate::teach::chomp::analysis::{BarAnalysis, Beyond};
use crate::teach::chomp::check::{BiteError, BiteJudgement, computer_reason};
use crate::teach::chomp::hints::hints;
use crate::teach::chomp::review::{self, BiteTurn, Ending, Notes};
use crate::teach::chomp::words::shapes;
use crate::teach::document::Document;
use crate::teach::review::Side;
use crate::teach::words::{GLUE, with_commas};

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
    /// Whether the seed was given, to replay a game, rather than picked.
    pub seed_given: bool,
}

impl ChompSetup {
    /// The command that sets this game up again, seed and all:
    /// "matchsticks chomp play 4x5 --first computer --level good --seed 7".
    /// Each option stays on one line with its value.
    pub fn command(&self) -> String {
        let mut command = format!("matchsticks chomp play {}", self.start);
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

/// One bite of the game, told.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BiteTold {
    /// The bite.
    pub turn: BiteTurn,
    /// What the computer said about its bite: why it bit (at `perfect`),
    /// or that its bite left only the poisoned square.
    pub why: Option<String>,
}

impl BiteTold {
    /// The bite in words: "You bite row 2, column 3." or "The computer
    /// bites row 1, column 2."
    pub fn said(&self) -> String {
        match self.turn.side {
            Side::Pupil => format!("You bite {}.", self.turn.bite),
            Side::Computer => format!("The computer bites {}.", self.turn.bite),
        }
    }
}

/// Why a replay stopped.
#[derive(Debug, thiserror::Error)]
pub enum ChompReplayError {
    /// The game could not be worked out.
    #[error("{0}")]
    Play(#[from] ChompPlayError),
    /// A pupil's bite names no square of the bar where it was made.
    #[error("illegal bite: {reason}")]
    Illegal {
        /// The bite's number in the game, from 1.
        number: usize,
        /// Why.
        reason: IllegalBite,
    },
    /// A bite was sent after the game was over.
    #[error("bite {0} comes after the game is over")]
    AfterTheEnd(usize),
    /// More bites than a game may have.
    #[error("a game may have at most {MOST_REPLAYED_MOVES} bites of yours")]
    TooLong,
}

/// A game of Chomp so far.
#[derive(Debug)]
pub struct ChompReplay {
    setup: ChompSetup,
    rng: Rng,
    /// The search of the start, which covers every bar of the game.
    chomp: ChompSearch,
    told: Vec<BiteTold>,
    /// How many of the pupil's bites were taken back.
    taken_back: u64,
}

impl ChompReplay {
    /// Starts a game, refusing at once a bar too big for the search.
    pub fn start(setup: ChompSetup) -> Result<ChompReplay, ChompPlayError> {
        let chomp =
            ChompSearch::search(&setup.start).map_err(|too_big| ChompPlayError::TooBig {
                bar: setup.start.to_string(),
                too_big,
            })?;
        Ok(ChompReplay {
            rng: Rng::new(setup.seed),
            setup,
            chomp,
            told: Vec::new(),
            taken_back: 0,
        })
    }

    /// Starts a game and makes the pupil's `bites` in it, the computer
    /// answering each in turn, until it is the pupil's bite or the game is
    /// over. `taken_back` is how many bites the pupil took back on the way,
    /// for the review.
    pub fn of(
        setup: ChompSetup,
        bites: &[Bite],
        taken_back: u64,
    ) -> Result<ChompReplay, ChompReplayError> {
        if bites.len() > MOST_REPLAYED_MOVES {
            return Err(ChompReplayError::TooLong);
        }
        let mut replay = ChompReplay::start(setup)?;
        replay.taken_back = taken_back;
        replay.computer_if_due()?;
        for &bite in bites {
            let number = replay.told.len() + 1;
            if replay.is_over() {
                return Err(ChompReplayError::AfterTheEnd(number));
            }
            replay
                .bar()
                .bite(bite)
                .map_err(|reason| ChompReplayError::Illegal { number, reason })?;
            replay.pupil(bite);
            replay.computer_if_due()?;
        }
        Ok(replay)
    }

    fn computer_if_due(&mut self) -> Result<(), ChompPlayError> {
        if self.to_move() == Side::Computer && !self.is_over() {
            self.computer()?;
        }
        Ok(())
    }

    /// The pupil makes `bite`, a legal bite.
    pub fn pupil(&mut self, bite: Bite) {
        let before = self.bar();
        debug_assert!(before.has(bite));
        self.told.push(BiteTold {
            turn: BiteTurn {
                side: Side::Pupil,
                before,
                bite,
            },
            why: None,
        });
    }

    /// The computer bites, and says why at `perfect`; at any level it says
    /// so when its bite leaves only the poisoned square.
    pub fn computer(&mut self) -> Result<&BiteTold, ChompPlayError> {
        let bar = self.bar();
        let analysis = BarAnalysis::using(&bar, Some(&self.chomp))?;
        let random = self.rng.percent(self.setup.level.mistake_rate());
        let bite = match (random, analysis.bite) {
            (false, Some(bite)) => bite,
            _ => self.random_bite(&bar),
        };
        let ends = bar.bite(bite).is_ok_and(|after| after.row_lengths() == [1]);
        let why = match (ends, self.setup.level) {
            (true, _) | (false, Level::Perfect) => {
                let j = BiteJudgement::new(&bar, bite, Some(&self.chomp))?;
                Some(computer_reason(&j))
            }
            (false, Level::Good | Level::Beginner) => None,
        };
        self.told.push(BiteTold {
            turn: BiteTurn {
                side: Side::Computer,
                before: bar,
                bite,
            },
            why,
        });
        Ok(self.told.last().expect("just told"))
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

    /// Takes back the pupil's last bite and everything after it; false
    /// when the pupil has not bitten.
    pub fn undo(&mut self) -> bool {
        match self.told.iter().rposition(|t| t.turn.side == Side::Pupil) {
            Some(last) => {
                self.told.truncate(last);
                self.taken_back += 1;
                true
            }
            None => false,
        }
    }

    /// How the game was set up.
    pub fn setup(&self) -> &ChompSetup {
        &self.setup
    }

    /// Every bite so far.
    pub fn told(&self) -> &[BiteTold] {
        &self.told
    }

    /// The bar now.
    pub fn bar(&self) -> Bar {
        match self.told.last() {
            Some(t) => t.turn.after(),
            None => self.setup.start.clone(),
        }
    }

    /// Who bites next.
    pub fn to_move(&self) -> Side {
        self.setup.first.to_move(self.told.len())
    }

    /// How the game ended, once it is over.
    pub fn ending(&self) -> Option<Ending> {
        let bar = self.bar();
        match (bar.is_eaten(), bar.row_lengths()) {
            (true, _) => Some(Ending::PoisonEaten),
            (false, [1]) => Some(Ending::OnlyPoisonLeft),
            _ => None,
        }
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.ending().is_some()
    }

    /// Who has won, once the game is over: whoever did not eat the
    /// poisoned square, or was not left it to eat.
    pub fn winner(&self) -> Option<Side> {
        let to_move = self.to_move();
        self.ending().map(|ending| match ending {
            Ending::PoisonEaten => to_move,
            Ending::OnlyPoisonLeft | Ending::Stopped => to_move.other(),
        })
    }

    /// How the game ended, in words: "Only the poisoned square is left for
    /// the computer: it has to eat it."
    pub fn ended(&self) -> Option<&'static str> {
        self.ending()
            .map(|ending| review::ended(ending, self.to_move()))
    }

    /// The bar now, worked out with the game's search.
    pub fn analysis(&self) -> Result<BarAnalysis, Beyond> {
        BarAnalysis::using(&self.bar(), Some(&self.chomp))
    }

    /// The hints for the pupil's bite now, first to last; none once the
    /// game is over.
    pub fn hints(&self) -> Result<Vec<String>, Beyond> {
        match self.is_over() {
            true => Ok(Vec::new()),
            false => Ok(hints(&self.analysis()?)),
        }
    }

    /// The review of the game so far: to its end, or stopped.
    pub fn review(&self) -> Document {
        let turns: Vec<BiteTurn> = self.told.iter().map(|t| t.turn.clone()).collect();
        let notes = Notes {
            taken_back: self.taken_back,
            // The seed only matters when the computer's choices are random.
            replay: match self.setup.level {
                Level::Perfect => None,
                Level::Good | Level::Beginner => Some(self.setup.command()),
            },
        };
        let ending = self.ending().unwrap_or(Ending::Stopped);
        review::document(&turns, &self.chomp, ending, notes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn setup(shape: &str, first: First, level: Level, seed: u64) -> ChompSetup {
        ChompSetup {
            start: shape.parse().unwrap(),
            first,
            level,
            seed,
            seed_given: true,
        }
    }

    #[test]
    fn the_same_bites_and_seed_give_the_same_game() {
        let play = |bites: &[Bite]| {
            ChompReplay::of(setup("4x5", First::Me, Level::Beginner, 7), bites, 0).unwrap()
        };
        // The second bite is the bottom-right square of whatever is left.
        let after_one = play(&[Bite::new(4, 5)]).bar();
        let bites = [Bite::new(4, 5), after_one.bites().last().unwrap()];
        let once = play(&bites);
        assert_eq!(once.told(), play(&bites).told());
        assert_eq!(once.told().len(), 4);
        assert_eq!(once.to_move(), Side::Pupil);
        // Taking a bite back is replaying one bite fewer.
        assert_eq!(play(&bites[..1]).told(), &once.told()[..2]);
    }

    #[test]
    fn the_perfect_computer_wins_from_a_won_start_and_says_why() {
        let mut game =
            ChompReplay::of(setup("3x3", First::Computer, Level::Perfect, 0), &[], 0).unwrap();
        assert_eq!(game.told()[0].turn.bite, Bite::new(2, 2));
        assert!(
            game.told()[0]
                .why
                .as_deref()
                .unwrap()
                .contains("equal arms")
        );
        while !game.is_over() {
            let bite = game.bar().bites().last().unwrap();
            game.pupil(bite);
            if !game.is_over() {
                game.computer().unwrap();
            }
        }
        assert_eq!(game.winner(), Some(Side::Computer));
        assert_eq!(game.ending(), Some(Ending::OnlyPoisonLeft));
        assert_eq!(
            game.ended(),
            Some("Only the poisoned square is left for you: you have to eat it.")
        );
        assert!(game.hints().unwrap().is_empty());
        assert!(game.undo());
        assert_eq!(game.to_move(), Side::Pupil);
        assert!(!game.is_over());
    }

    #[test]
    fn eating_the_poison_ends_the_game_and_loses_it() {
        let game = ChompReplay::of(
            setup("2x2", First::Me, Level::Perfect, 0),
            &[Bite::new(1, 1)],
            0,
        )
        .unwrap();
        assert_eq!(game.ending(), Some(Ending::PoisonEaten));
        assert_eq!(game.winner(), Some(Side::Computer));
        let after = ChompReplay::of(
            setup("2x2", First::Me, Level::Perfect, 0),
            &[Bite::new(1, 1), Bite::new(1, 1)],
            0,
        )
        .unwrap_err();
        assert_eq!(after.to_string(), "bite 2 comes after the game is over");
    }

    #[test]
    fn an_illegal_bite_or_a_bar_too_big_is_refused() {
        let refused = ChompReplay::of(
            setup("4x5", First::Me, Level::Perfect, 0),
            &[Bite::new(5, 1)],
            0,
        )
        .unwrap_err();
        assert_eq!(
            refused.to_string(),
            "illegal bite: there is no row 5: this bar has rows 1 to 4"
        );
        assert!(matches!(
            refused,
            ChompReplayError::Illegal { number: 1, .. }
        ));
        let big = ChompReplay::start(setup("12x12", First::Me, Level::Perfect, 0)).unwrap_err();
        assert!(
            big.to_string()
                .starts_with("the bar 12x12 is too big to play on")
        );
    }

    #[test]
    fn the_review_names_the_seed_at_the_lower_levels_and_counts_bites_taken_back() {
        let game = ChompReplay::of(
            setup("3x3", First::Me, Level::Good, 5),
            &[Bite::new(3, 3)],
            2,
        )
        .unwrap();
        let lines: Vec<String> = game
            .review()
            .steps
            .iter()
            .flat_map(|s| s.lines())
            .map(|line| line.replace(GLUE, " "))
            .collect();
        assert!(
            lines.contains(&"You took back 2 bites.".to_string()),
            "{lines:?}"
        );
        assert!(
            lines.contains(
                &"To play this game again: matchsticks chomp play 3x3 --level good --seed 5"
                    .to_string()
            ),
            "{lines:?}"
        );
    }
}
