//! The review after a game: every move with whether the mover could win
//! before it and the other player after it, the moves left with best play,
//! which moves threw away a win and what would have won instead, and who
//! took the last stick. A game records its moves from one row as
//! [`Move`]s, or, when a move may take from several rows, as
//! [`MultiMove`]s; the review tells both the same way.

use std::fmt;

use super::analysis::{Analysis, AnalysisError};
use super::document::{Block, Document, Frame, Step};
use super::words::{count, transition};
use crate::rules::game::Game;
use crate::rules::moves::Move;
use crate::rules::multi_move::MultiMove;
use crate::rules::outcome::Outcome;
use crate::rules::position::Position;
use crate::solve::search::Solver;

/// The two players.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// The pupil at the keyboard.
    Pupil,
    /// The computer.
    Computer,
}

impl Side {
    /// The other player.
    pub fn other(self) -> Side {
        match self {
            Side::Pupil => Side::Computer,
            Side::Computer => Side::Pupil,
        }
    }

    /// "you" or "the computer".
    pub fn who(self) -> &'static str {
        match self {
            Side::Pupil => "you",
            Side::Computer => "the computer",
        }
    }
}

/// A move as a game records it: from one row, or from several rows when
/// the game allows it.
pub trait Played: Clone + fmt::Display {
    /// The position after this move from `before`, a legal move there.
    fn after(&self, before: &Position, game: &Game) -> Position;
    /// The move `analysis` recommends, in this form.
    fn recommended(analysis: &Analysis) -> Option<Self>;
}

impl Played for Move {
    fn after(&self, before: &Position, game: &Game) -> Position {
        before
            .play_with(*self, &game.takes)
            .expect("played moves are legal")
    }

    fn recommended(analysis: &Analysis) -> Option<Move> {
        analysis.recommended
    }
}

impl Played for MultiMove {
    fn after(&self, before: &Position, game: &Game) -> Position {
        before
            .play_multi(self, game)
            .expect("played moves are legal")
    }

    fn recommended(analysis: &Analysis) -> Option<MultiMove> {
        analysis.best()
    }
}

/// One move made in a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Turn<M = Move> {
    /// Who moved.
    pub side: Side,
    /// The position before the move.
    pub before: Position,
    /// The move.
    pub mv: M,
}

/// One reviewed move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reviewed<M = Move> {
    /// The move as played.
    pub turn: Turn<M>,
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
    /// The move that would have won, when this one threw a win away.
    pub better: Option<M>,
}

impl<M> Reviewed<M> {
    /// True when the mover could win before and the other player can win
    /// after: this move threw the win away.
    pub fn slipped(&self) -> bool {
        self.before_outcome == Outcome::Win && self.after_outcome == Outcome::Win
    }
}

/// Reviews every move of a game. The turns follow on from each other, as
/// a game records them.
/// The search is the game's own, so what it worked out during the game is
/// not worked out again.
pub fn review<M: Played>(
    turns: &[Turn<M>],
    game: &Game,
    solver: &mut Solver,
) -> Result<Vec<Reviewed<M>>, AnalysisError> {
    let Some(last) = turns.last() else {
        return Ok(Vec::new());
    };
    // Every position of the game, each valued once: the position after one
    // move is the position before the next.
    let end = last.mv.after(&last.before, game);
    let positions: Vec<&Position> = turns.iter().map(|t| &t.before).chain([&end]).collect();
    let mut searchable = true;
    let mut values = Vec::with_capacity(positions.len());
    for p in &positions {
        // Who could win and the move to make; a review lists no more.
        let analysis = Analysis::brief((*p).clone(), game.clone(), solver)?;
        // Once the search refuses, it is not asked again: the shortcut
        // methods still give every outcome.
        let left = match searchable {
            true => match solver.solve(p.piles()) {
                Ok(solved) => Some(solved.moves_left),
                Err(_) => {
                    searchable = false;
                    None
                }
            },
            false => None,
        };
        values.push((analysis, left));
    }
    Ok(turns
        .iter()
        .enumerate()
        .map(|(i, turn)| {
            let (before, before_left) = &values[i];
            let (after, after_left) = &values[i + 1];
            let slipped = before.outcome == Outcome::Win && after.outcome == Outcome::Win;
            Reviewed {
                turn: turn.clone(),
                after: positions[i + 1].clone(),
                before_outcome: before.outcome,
                after_outcome: after.outcome,
                before_left: *before_left,
                after_left: *after_left,
                better: M::recommended(before).filter(|_| slipped),
            }
        })
        .collect())
}

/// The moves that threw away a win, with their numbers (from 1).
pub fn slips<M>(reviewed: &[Reviewed<M>]) -> Vec<(usize, Side)> {
    reviewed
        .iter()
        .enumerate()
        .filter(|(_, r)| r.slipped())
        .map(|(i, r)| (i + 1, r.turn.side))
        .collect()
}

/// "could win (14 moves left with best play)", or, when the game is over,
/// that it is over and who has won.
fn chances(outcome: Outcome, left: Option<u64>, over: bool) -> String {
    match (over, outcome) {
        (true, Outcome::Win) => return "had won: the game was over".to_string(),
        (true, Outcome::Lose) => return "had lost: the game was over".to_string(),
        (false, _) => {}
    }
    let can = match outcome {
        Outcome::Win => "could win",
        Outcome::Lose => "could not win",
    };
    match left {
        Some(n) => format!("{can} ({} left with best play)", count(n, "move")),
        None => can.to_string(),
    }
}

/// The review as a document. `ended` says whether the game was played to
/// the end, so the last line can say who took the last stick.
pub fn document<M: Played>(reviewed: &[Reviewed<M>], game: &Game, ended: bool) -> Document {
    let mut blocks = Vec::new();
    for (i, r) in reviewed.iter().enumerate() {
        let who = r.turn.side.who();
        let over = r.after.moves_with(&game.takes).next().is_none();
        blocks.push(Block::note(format!(
            "{}. {who}: {} ({}). Before it {who} {}; after it {} {}.",
            i + 1,
            r.turn.mv,
            transition(&r.turn.before, &r.after),
            chances(r.before_outcome, r.before_left, false),
            r.turn.side.other().who(),
            chances(r.after_outcome, r.after_left, over)
        )));
        if let Some(better) = &r.better {
            let won = better.after(&r.turn.before, game);
            blocks.push(Block::Verdict {
                verdict: "mistake",
                mark: "✗",
                label: "threw away a win",
                text: format!(
                    "the winning move was {better} ({}).",
                    transition(&r.turn.before, &won)
                ),
            });
        }
    }
    let slipped = slips(reviewed);
    let mut closing = vec![Block::sentence(match slipped.as_slice() {
        [] => "Who slipped: nobody threw away a win.".to_string(),
        list => format!(
            "Who slipped: {}.",
            list.iter()
                .map(|(n, side)| format!("move {n} ({})", side.who()))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    })];
    closing.push(Block::sentence(match (ended, reviewed.last()) {
        (true, Some(last)) => ending(last, game),
        _ => "The game was stopped before the end.".to_string(),
    }));
    Document {
        title: "Review of the game".to_string(),
        steps: vec![
            Step::framed(Frame::BARE, "Moves", blocks),
            Step::framed(Frame::CLOSING, "Result", closing),
        ],
    }
}

/// Who made the last move, and so who won.
fn ending<M>(last: &Reviewed<M>, game: &Game) -> String {
    let mover = last.turn.side;
    let winner = match game.rule.when_stuck() {
        // The player left without a move wins in misère play.
        Outcome::Win => mover.other(),
        Outcome::Lose => mover,
    };
    let took = match last.after.is_over() {
        true => "took the last stick",
        false => "made the last move",
    };
    let won = match winner {
        Side::Pupil => "you won",
        Side::Computer => "the computer won",
    };
    let mover = match mover {
        Side::Pupil => "You",
        Side::Computer => "The computer",
    };
    format!("{mover} {took}, so {won}.")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::rule::Rule;
    use crate::teach::analysis::Extras;

    fn solver(game: &Game) -> Solver {
        Solver::for_game(game.clone(), crate::solve::search::Budget::default())
    }

    #[test]
    fn a_slip_is_flagged_with_the_move_that_would_have_won() {
        let game = Game::nim(Rule::Misere);
        let start = Position::new(vec![3, 5, 7]);
        // The computer wins by taking one from row 1; the pupil answers, and
        // then the computer throws the win away by emptying row 3.
        let first = Move { pile: 0, take: 1 };
        let second = Move { pile: 1, take: 1 };
        let p1 = start.play(first).unwrap();
        let p2 = p1.play(second).unwrap();
        let third = Move { pile: 2, take: 7 };
        let turn = |side, before: &Position, mv| Turn {
            side,
            before: before.clone(),
            mv,
        };
        let turns = vec![
            turn(Side::Computer, &start, first),
            turn(Side::Pupil, &p1, second),
            turn(Side::Computer, &p2, third),
        ];
        let reviewed = review(&turns, &game, &mut solver(&game)).unwrap();
        assert!(!reviewed[0].slipped());
        assert!(!reviewed[1].slipped(), "the pupil was lost anyway");
        assert!(reviewed[2].slipped());
        assert_eq!(slips(&reviewed), vec![(3, Side::Computer)]);
        assert_eq!(reviewed[0].before_left, Some(14));
        // The better move leaves the pupil lost.
        let better = reviewed[2].better.unwrap();
        let won = p2.play(better).unwrap();
        let a = Analysis::new(won, game.clone(), Extras::default()).unwrap();
        assert_eq!(a.outcome, Outcome::Lose);
    }

    #[test]
    fn the_last_line_says_who_took_the_last_stick() {
        let game = Game::nim(Rule::Misere);
        let start = Position::new(vec![1]);
        let turns = vec![Turn {
            side: Side::Pupil,
            before: start,
            mv: Move { pile: 0, take: 1 },
        }];
        let reviewed = review(&turns, &game, &mut solver(&game)).unwrap();
        let doc = document(&reviewed, &game, true);
        let last = doc.steps.last().unwrap().lines();
        assert_eq!(
            last.last().unwrap(),
            "You took the last stick, so the computer won."
        );
        let normal = Game::nim(Rule::Normal);
        let doc = document(
            &review(&turns, &normal, &mut solver(&normal)).unwrap(),
            &normal,
            true,
        );
        assert!(doc.steps[1].lines()[1].ends_with("so you won."));
    }
}
