//! The review after a game, kept short enough to read at the end of one:
//! the result, then only the turning points, the moves that gave a win
//! away, each in one line with a move that would have kept it. How many
//! moves were taken back, and how to replay the game, close it.

use super::analysis::{Analysis, AnalysisError, Extras};
use super::document::{Block, Document, Frame, Step};
use super::words::{count, position};
use crate::rules::game::Game;
use crate::rules::moves::Move;
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

/// One move made in a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Turn {
    /// Who moved.
    pub side: Side,
    /// The position before the move.
    pub before: Position,
    /// The move.
    pub mv: Move,
}

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
    /// The winning moves the mover had, when this move gave the win away:
    /// the best first.
    pub winning: Vec<Move>,
}

impl Reviewed {
    /// True when the mover could win before and the other player can win
    /// after: this move gave the win away.
    pub fn slipped(&self) -> bool {
        self.before_outcome == Outcome::Win && self.after_outcome == Outcome::Win
    }
}

/// Reviews every move of a game. The turns follow on from each other, as
/// a game records them. The search is the game's own, so what it worked
/// out during the game is not worked out again.
pub fn review(
    turns: &[Turn],
    game: &Game,
    solver: &mut Solver,
) -> Result<Vec<Reviewed>, AnalysisError> {
    let Some(last) = turns.last() else {
        return Ok(Vec::new());
    };
    // Every position of the game, each worked out once: the position after
    // one move is the position before the next.
    let end = last
        .before
        .play_with(last.mv, &game.takes)
        .expect("played moves are legal");
    let positions: Vec<&Position> = turns.iter().map(|t| &t.before).chain([&end]).collect();
    let values = positions
        .iter()
        .map(|p| Analysis::using((*p).clone(), game.clone(), Extras::default(), solver))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(turns
        .iter()
        .enumerate()
        .map(|(i, turn)| {
            let (before, after) = (&values[i], &values[i + 1]);
            let slipped = before.outcome == Outcome::Win && after.outcome == Outcome::Win;
            // The recommended move first, then the others.
            let winning = match (slipped, before.recommended) {
                (true, Some(best)) => std::iter::once(best)
                    .chain(before.winning_moves.iter().copied().filter(|&m| m != best))
                    .collect(),
                _ => Vec::new(),
            };
            Reviewed {
                turn: turn.clone(),
                after: positions[i + 1].clone(),
                before_outcome: before.outcome,
                after_outcome: after.outcome,
                winning,
            }
        })
        .collect())
}

/// The moves that gave a win away, with their numbers (from 1).
pub fn slips(reviewed: &[Reviewed]) -> Vec<(usize, Side)> {
    reviewed
        .iter()
        .enumerate()
        .filter(|(_, r)| r.slipped())
        .map(|(i, r)| (i + 1, r.turn.side))
        .collect()
}

/// What the review says besides the moves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Notes {
    /// Whether the game was played to the end.
    pub ended: bool,
    /// How many of the pupil's moves were taken back.
    pub taken_back: u64,
    /// The seed that replays the computer's choices, when they were random.
    pub replay: Option<u64>,
}

/// The review as a document: the result, the turning points, and the
/// notes.
pub fn document(reviewed: &[Reviewed], game: &Game, notes: Notes) -> Document {
    let mut result = vec![Block::sentence(match (notes.ended, reviewed.last()) {
        (true, Some(last)) => ending(last, game),
        _ => "The game was stopped before the end.".to_string(),
    })];
    let turning: Vec<Block> = reviewed
        .iter()
        .enumerate()
        .filter(|(_, r)| r.slipped())
        .map(|(i, r)| Block::sentence(turning_point(i + 1, r)))
        .collect();
    if turning.is_empty() {
        result.push(Block::sentence(match notes.ended {
            true => "Nobody slipped: the winner played every move well.",
            false => "Nobody slipped so far.",
        }));
        // Then the game was lost from the start for whoever began it.
        if let (true, Some(first)) = (notes.ended, reviewed.first())
            && first.before_outcome == Outcome::Lose
        {
            result.push(Block::sentence(format!(
                "From {}, whoever moves first cannot win if the other plays well.",
                position(&first.turn.before)
            )));
        }
    }
    let mut closing = Vec::new();
    if notes.taken_back > 0 {
        closing.push(Block::sentence(format!(
            "You took back {}.",
            count(notes.taken_back, "move")
        )));
    }
    if let Some(seed) = notes.replay {
        closing.push(Block::sentence(format!(
            "To replay this game: --seed {seed}"
        )));
    }
    let mut steps = vec![Step::framed(Frame::LEAD, "Result", result)];
    if !turning.is_empty() {
        steps.push(Step::framed(Frame::BARE, "Turning points", turning));
    }
    if !closing.is_empty() {
        steps.push(Step::framed(Frame::CLOSING, "Notes", closing));
    }
    Document {
        title: "Review of the game".to_string(),
        steps,
    }
}

/// A move that gave the win away, in one line: "Move 3: you took 7 from
/// row 3. Taking 1 from row 1 would have kept the win."
fn turning_point(number: usize, r: &Reviewed) -> String {
    let one_row = r.turn.before.len() == 1;
    let took = taken(r.turn.mv, one_row);
    match (r.turn.side, r.winning.as_slice()) {
        (Side::Pupil, [best]) => format!(
            "Move {number}: you took {took}. Taking {} would have kept the win.",
            taken(*best, one_row)
        ),
        (Side::Pupil, [best, ..]) => format!(
            "Move {number}: you took {took}. One of {} winning moves, such as taking {}, would have kept the win.",
            r.winning.len(),
            taken(*best, one_row)
        ),
        (Side::Pupil, []) => format!("Move {number}: you took {took}, and the win slipped away."),
        (Side::Computer, _) => {
            format!("Move {number}: the computer took {took}, and that gave you a chance to win.")
        }
    }
}

/// "7 from row 3", or "7" in a game of one row.
fn taken(mv: Move, one_row: bool) -> String {
    match one_row {
        true => mv.take.to_string(),
        false => format!("{} from row {}", mv.take, mv.row()),
    }
}

/// Who made the last move, and so who won.
fn ending(last: &Reviewed, game: &Game) -> String {
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

    fn solver(game: &Game) -> Solver {
        Solver::for_game(game.clone(), crate::solve::search::Budget::default())
    }

    /// The turns of a game from `start`, each side moving in turn.
    fn played(start: &[u64], first: Side, moves: &[(usize, u64)]) -> Vec<Turn> {
        let mut position = Position::new(start.to_vec());
        let mut side = first;
        let mut turns = Vec::new();
        for &(row, take) in moves {
            let mv = Move {
                pile: row - 1,
                take,
            };
            let after = position.play(mv).unwrap();
            turns.push(Turn {
                side,
                before: position,
                mv,
            });
            position = after;
            side = side.other();
        }
        turns
    }

    fn lines(game: &Game, turns: &[Turn], notes: Notes) -> Vec<String> {
        let reviewed = review(turns, game, &mut solver(game)).unwrap();
        let doc = document(&reviewed, game, notes);
        doc.steps.iter().flat_map(|s| s.lines()).collect()
    }

    #[test]
    fn only_the_turning_points_are_told() {
        let game = Game::nim(Rule::Misere);
        // The pupil gives the win away at once; the computer wins 3 5 5
        // back, then empties row 3 and gives it away in turn.
        let turns = played(&[3, 5, 7], Side::Pupil, &[(3, 2), (1, 3), (2, 1), (3, 5)]);
        let notes = Notes {
            ended: false,
            taken_back: 2,
            replay: Some(7),
        };
        assert_eq!(
            lines(&game, &turns, notes),
            [
                "The game was stopped before the end.",
                "Move 1: you took 2 from row 3. One of 3 winning moves, such as taking 1 from row 1, would have kept the win.",
                "Move 4: the computer took 5 from row 3, and that gave you a chance to win.",
                "You took back 2 moves.",
                "To replay this game: --seed 7",
            ]
        );
    }

    #[test]
    fn a_game_without_a_slip_says_so_kindly() {
        let game = Game::nim(Rule::Misere);
        let notes = Notes {
            ended: true,
            ..Notes::default()
        };
        let won = played(&[2], Side::Pupil, &[(1, 1), (1, 1)]);
        assert_eq!(
            lines(&game, &won, notes),
            [
                "The computer took the last stick, so you won.",
                "Nobody slipped: the winner played every move well.",
            ]
        );
        let all_at_once = played(&[3], Side::Pupil, &[(1, 3)]);
        assert_eq!(
            lines(&game, &all_at_once, notes),
            [
                "You took the last stick, so the computer won.",
                "Move 1: you took 3. Taking 2 would have kept the win.",
            ]
        );
        let normal = Game::nim(Rule::Normal);
        assert_eq!(
            lines(&normal, &all_at_once, notes)[0],
            "You took the last stick, so you won."
        );
        // A start lost for the first player: no slip, and that is why.
        let lost = played(&[1, 1, 1], Side::Pupil, &[(1, 1), (2, 1), (3, 1)]);
        assert_eq!(
            lines(&game, &lost, notes),
            [
                "You took the last stick, so the computer won.",
                "Nobody slipped: the winner played every move well.",
                "From 1\u{a0}1\u{a0}1, whoever moves first cannot win if the other plays well.",
            ]
        );
    }
}
