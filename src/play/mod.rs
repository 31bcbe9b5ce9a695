//! Playing against the computer.
//!
//! The computer plays perfectly at `perfect`; at `good` and `beginner` it
//! sometimes picks a random legal move instead, at a rate set by the level,
//! using a seeded generator so a game can be replayed. The game at the
//! keyboard is in `session.rs`; the review after it is told by
//! `teach::review`.

pub(crate) mod ending;
pub mod replay;
pub mod rng;
pub(crate) mod session;

use self::rng::Rng;
use crate::teach::analysis::AnalysisError;
use crate::teach::review::Side;
use crate::teach::teaching::Teaching;
use crate::teach::verdict::JudgeError;

/// Why a game could not go on.
#[derive(Debug, thiserror::Error)]
pub enum PlayError {
    /// A position or a move of the game could not be worked out.
    #[error("{0}")]
    Game(#[source] Box<dyn std::error::Error + Send + Sync>),
    /// A game was asked for where no move is possible: the reason, from
    /// `rules::game::nothing_to_play`.
    #[error("{0}")]
    NothingToPlay(String),
    /// Reading a move or writing the board failed.
    #[error("cannot write the output: {0}")]
    Io(#[from] std::io::Error),
    /// A move could not be read.
    #[error("{0}")]
    Line(#[from] crate::console::line::LineError),
}

impl PlayError {
    /// A game's own error.
    pub(crate) fn game(e: impl std::error::Error + Send + Sync + 'static) -> PlayError {
        PlayError::Game(Box::new(e))
    }
}

impl From<AnalysisError> for PlayError {
    fn from(e: AnalysisError) -> PlayError {
        PlayError::game(e)
    }
}

impl From<JudgeError> for PlayError {
    fn from(e: JudgeError) -> PlayError {
        PlayError::game(e)
    }
}

/// How well the computer plays.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Level {
    /// Never makes a mistake, and says why it moved
    #[default]
    Perfect,
    /// Plays a random move one time in four
    Good,
    /// Plays a random move one time in two
    Beginner,
}

impl Level {
    /// How often, in percent, the computer plays a random move.
    pub(crate) fn mistake_rate(self) -> u64 {
        match self {
            Level::Perfect => 0,
            Level::Good => 25,
            Level::Beginner => 50,
        }
    }
}

/// Who moves first. The pupil does, unless asked otherwise: from most
/// starts, 3-5-7 among them, the first player can win, and a first game
/// should be one a pupil can win.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum First {
    /// You start
    #[default]
    Me,
    /// The computer starts
    Computer,
}

impl First {
    /// Who is to move once `turns` turns have been played.
    pub(crate) fn to_move(self, turns: usize) -> Side {
        let first = match self {
            First::Computer => Side::Computer,
            First::Me => Side::Pupil,
        };
        match turns % 2 {
            0 => first,
            _ => first.other(),
        }
    }
}

/// One of a command-line choice's values, named as on the command line, or
/// why it is none of them.
pub(crate) fn choice<T: clap::ValueEnum + Default>(
    value: Option<&str>,
    name: &str,
) -> Result<T, String> {
    let Some(value) = value else {
        return Ok(T::default());
    };
    T::from_str(value, true).map_err(|_| {
        let names: Vec<String> = T::value_variants()
            .iter()
            .filter_map(|v| v.to_possible_value().map(|p| p.get_name().to_string()))
            .collect();
        format!("'{value}' is not a {name}: choose {}", names.join(", "))
    })
}

/// How the computer plays and who starts, said as a game begins: "The
/// computer plays well, but slips now and then (seed 7). You go first."
/// The seed is told when it was given and the level uses it.
pub(crate) fn opponent(level: Level, seed: u64, seed_given: bool, first: First) -> String {
    let how = match level {
        Level::Perfect => "The computer plays perfectly",
        Level::Good => "The computer plays well, but slips now and then",
        Level::Beginner => "The computer is a beginner and slips often",
    };
    let seed = match (seed_given, level) {
        (true, Level::Good | Level::Beginner) => format!(" (seed {seed})"),
        _ => String::new(),
    };
    let first = match first {
        First::Me => "You go first.",
        First::Computer => "It goes first.",
    };
    format!("{how}{seed}. {first}")
}

/// The computer's choice, and whether it was a deliberate random move.
#[derive(Clone, Debug)]
pub struct Choice<G: Teaching> {
    /// The move.
    pub mv: G::Move,
    /// The analysis the move was chosen from; `None` for a random move.
    pub analysis: Option<G::Analysis>,
}

/// Picks the computer's move from `position`, or `None` when it cannot move.
/// At the lower levels it sometimes plays at random, as the level says;
/// otherwise it plays the game's best move.
pub fn computer_move<G: Teaching>(
    position: &G::Position,
    game: &G,
    level: Level,
    rng: &mut Rng,
    memo: &mut G::Memo,
) -> Result<Option<Choice<G>>, PlayError> {
    if game.is_over(position) {
        return Ok(None);
    }
    let random = |rng: &mut Rng| {
        game.random_move(position, &mut |n| rng.below(n))
            .map(|mv| Choice { mv, analysis: None })
    };
    if rng.percent(level.mistake_rate()) {
        return Ok(random(rng));
    }
    // Who wins and the move to make; a game never lists every winning move.
    let analysis = game.analyse(position, memo).map_err(PlayError::game)?;
    Ok(match G::best(&analysis) {
        Some(mv) => Some(Choice {
            mv,
            analysis: Some(analysis),
        }),
        None => random(rng),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::game::Game;
    use crate::rules::nim::Nim;
    use crate::rules::outcome::Outcome;
    use crate::rules::position::Position;
    use crate::rules::rule::Rule;
    use crate::rules::take_set::TakeSet;
    use crate::teach::analysis::{Analysis, Extras};
    use crate::teach::nim::NimMemo;

    fn solver(game: &Nim) -> NimMemo {
        game.memo(&Position::new(vec![1])).unwrap()
    }

    #[test]
    fn perfect_play_wins_from_a_won_position() {
        let game = Nim::new(Rule::Misere);
        let p = Position::new(vec![3, 5, 7]);
        let choice = computer_move(
            &p,
            &game,
            Level::Perfect,
            &mut Rng::new(0),
            &mut solver(&game),
        )
        .unwrap()
        .unwrap();
        let after = p.play_multi(&choice.mv, &game).unwrap();
        let analysis = Analysis::new(after, game, Extras::default()).unwrap();
        assert_eq!(analysis.outcome, Outcome::Lose);
        assert!(choice.analysis.is_some());
    }

    #[test]
    fn lower_levels_make_random_but_legal_moves_at_their_rate() {
        let game = Nim::with_takes(Rule::Normal, TakeSet::parse("2,3,5").unwrap());
        let p = Position::new(vec![1, 9, 20]);
        let mut rng = Rng::new(42);
        let mut random = 0;
        for _ in 0..400 {
            let choice = computer_move(&p, &game, Level::Beginner, &mut rng, &mut solver(&game))
                .unwrap()
                .unwrap();
            assert!(p.play_multi(&choice.mv, &game).is_ok(), "{:?}", choice);
            random += usize::from(choice.analysis.is_none());
        }
        assert!((150..250).contains(&random), "{random} random moves in 400");
        assert!(
            computer_move(
                &Position::new(vec![1]),
                &game,
                Level::Good,
                &mut rng,
                &mut solver(&game)
            )
            .unwrap()
            .is_none()
        );
    }

    #[test]
    fn random_moves_are_legal_and_use_every_number_of_rows() {
        let game = Nim::new(Rule::Misere).with_rows_per_move(2).unwrap();
        let p = Position::new(vec![0, 3, 5, 7]);
        let mut rng = Rng::new(7);
        let mut widths = [0; 3];
        for _ in 0..200 {
            let mv = game.random_move(&p, &mut |n| rng.below(n)).unwrap();
            assert!(p.play_multi(&mv, &game).is_ok(), "{mv}");
            widths[mv.parts().len()] += 1;
        }
        assert!(widths[1] > 50 && widths[2] > 50, "{widths:?}");
    }

    #[test]
    fn the_perfect_computer_leaves_a_lost_position_from_several_rows_too() {
        let game = Nim::new(Rule::Normal).with_rows_per_move(2).unwrap();
        let p = Position::new(vec![3, 5, 6]);
        let mut solver = solver(&game);
        let choice = computer_move(&p, &game, Level::Perfect, &mut Rng::new(0), &mut solver)
            .unwrap()
            .unwrap();
        assert!(choice.analysis.is_some());
        let after = p.play_multi(&choice.mv, &game).unwrap();
        let analysis = Analysis::new(after, game, Extras::default()).unwrap();
        assert_eq!(analysis.outcome, Outcome::Lose);
    }
}
