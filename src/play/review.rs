//! The review after a game: every move with the outcome and moves left
//! before and after it, and which moves threw away a win.

use super::PlayError;
use super::{Side, Turn};
use crate::rules::game::Game;
use crate::rules::outcome::Outcome;
use crate::rules::position::Position;
use crate::solve::search::{Budget, Solver};
use crate::teach::analysis::{Analysis, Extras};

/// One reviewed move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reviewed {
    /// The move as played.
    pub turn: Turn,
    /// The position after it.
    pub after: Position,
    /// The outcome for the mover, before the move.
    pub before_outcome: Outcome,
    /// The outcome for the other player, after the move.
    pub after_outcome: Outcome,
    /// Moves left before the move, when the game is small enough to search.
    pub before_left: Option<u64>,
    /// Moves left after the move, when the game is small enough to search.
    pub after_left: Option<u64>,
}

impl Reviewed {
    /// True when the mover could win before and the other player can win
    /// after: this move threw the win away.
    pub fn slipped(&self) -> bool {
        self.before_outcome == Outcome::Win && self.after_outcome == Outcome::Win
    }
}

/// Reviews every move of a game. The turns follow on from each other, as
/// a session records them.
pub fn review(turns: &[Turn], game: &Game) -> Result<Vec<Reviewed>, PlayError> {
    let Some(last) = turns.last() else {
        return Ok(Vec::new());
    };
    // Every position of the game, each valued once: the position after one
    // move is the position before the next.
    let end = last
        .before
        .play_with(last.mv, &game.takes)
        .expect("played moves are legal");
    let positions: Vec<&Position> = turns.iter().map(|t| &t.before).chain([&end]).collect();
    let mut solver = Solver::for_game(game.clone(), Budget::default());
    let values = positions
        .iter()
        .map(|p| value(&mut solver, p, game))
        .collect::<Result<Vec<_>, PlayError>>()?;
    Ok(turns
        .iter()
        .enumerate()
        .map(|(i, turn)| {
            debug_assert_eq!(
                turn.before.play_with(turn.mv, &game.takes).as_ref(),
                Ok(positions[i + 1])
            );
            Reviewed {
                turn: turn.clone(),
                after: positions[i + 1].clone(),
                before_outcome: values[i].0,
                after_outcome: values[i + 1].0,
                before_left: values[i].1,
                after_left: values[i + 1].1,
            }
        })
        .collect())
}

/// The outcome of a position and, when the game is small enough to search,
/// the moves left. The search answers both; when it refuses, the shortcut
/// methods still give the outcome.
fn value(
    solver: &mut Solver,
    p: &Position,
    game: &Game,
) -> Result<(Outcome, Option<u64>), PlayError> {
    match solver.solve(p.piles()) {
        Ok(solved) => Ok((solved.outcome, Some(solved.moves_left))),
        Err(_) => {
            let analysis = Analysis::new(p.clone(), game.clone(), Extras::default())?;
            Ok((analysis.outcome, None))
        }
    }
}

/// The moves that threw away a win, with their numbers (from 1).
pub fn slips(reviewed: &[Reviewed]) -> Vec<(usize, Side)> {
    reviewed
        .iter()
        .enumerate()
        .filter(|(_, r)| r.slipped())
        .map(|(i, r)| (i + 1, r.turn.side))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::moves::Move;
    use crate::rules::rule::Rule;

    #[test]
    fn a_slip_is_flagged() {
        let game = Game::nim(Rule::Misere);
        let start = Position::new(vec![3, 5, 7]);
        // The computer wins by taking one from row 1; the pupil answers, and
        // then the computer throws the win away by emptying row 3.
        let first = Move { pile: 0, take: 1 };
        let second = Move { pile: 1, take: 1 };
        let p1 = start.play(first).unwrap();
        let p2 = p1.play(second).unwrap();
        let third = Move { pile: 2, take: 7 };
        let turns = vec![
            Turn {
                side: Side::Computer,
                before: start,
                mv: first,
            },
            Turn {
                side: Side::Pupil,
                before: p1,
                mv: second,
            },
            Turn {
                side: Side::Computer,
                before: p2,
                mv: third,
            },
        ];
        let reviewed = review(&turns, &game).unwrap();
        assert!(!reviewed[0].slipped());
        assert!(!reviewed[1].slipped(), "the pupil was lost anyway");
        assert!(reviewed[2].slipped());
        assert_eq!(slips(&reviewed), vec![(3, Side::Computer)]);
        assert_eq!(reviewed[0].before_left, Some(14));
    }
}
