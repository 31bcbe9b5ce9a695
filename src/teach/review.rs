//! The review after a game, kept short enough to read at the end of one:
//! the result, then only the turning points, the moves that gave a win
//! away, each in one line with the rows at that moment and a move that
//! would have kept the win. When nobody slipped, it says whether the
//! first player could win from the start. How much help the pupil had
//! (moves taken back, hints, answers shown), and the command that plays
//! the game again, close it.

use super::analysis::{Analysis, AnalysisError, Extras};
use super::document::{Block, Document, Frame, Step};
use super::words::{count, ordinal, position, rows_named, times};
use crate::rules::multi_move::MultiMove;
use crate::rules::nim::Nim;
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
    pub(crate) fn who(self) -> &'static str {
        match self {
            Side::Pupil => "you",
            Side::Computer => "the computer",
        }
    }
}

/// What a move took: "7 from row 3", or "7" in a game of one row; "2
/// from row 1 and 3 from row 3" for a move from several rows.
pub(crate) fn taken(mv: &MultiMove, one_row: bool) -> String {
    let parts: Vec<String> = mv
        .parts()
        .iter()
        .map(|p| match one_row {
            true => p.take.to_string(),
            false => format!("{} from row {}", p.take, p.row()),
        })
        .collect();
    parts.join(" and ")
}

/// One move made in a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Turn {
    /// Who moved.
    pub side: Side,
    /// The position before the move.
    pub before: Position,
    /// The move, from one row or, when the game allows it, several.
    pub mv: MultiMove,
}

impl Turn {
    /// The position after the move, a legal move in `game`.
    pub(crate) fn after(&self, game: &Nim) -> Position {
        self.before
            .play_multi(&self.mv, game)
            .expect("played moves are legal")
    }
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
    pub winning: Vec<MultiMove>,
}

impl Reviewed {
    /// True when the mover could win before and the other player can win
    /// after: this move gave the win away.
    pub(crate) fn slipped(&self) -> bool {
        self.before_outcome == Outcome::Win && self.after_outcome == Outcome::Win
    }
}

/// Reviews every move of a game. The turns follow on from each other, as
/// a game records them. The search is the game's own, so what it worked
/// out during the game is not worked out again.
pub fn review(
    turns: &[Turn],
    game: &Nim,
    solver: &mut Solver,
) -> Result<Vec<Reviewed>, AnalysisError> {
    let Some(last) = turns.last() else {
        return Ok(Vec::new());
    };
    // Every position of the game, each worked out once: the position after
    // one move is the position before the next.
    let end = last.after(game);
    let positions: Vec<&Position> = turns.iter().map(|t| &t.before).chain([&end]).collect();
    // Who could win at each, without listing every winning move: only a
    // move that gave the win away needs those.
    let values = positions
        .iter()
        .map(|p| Analysis::brief((*p).clone(), game.clone(), solver))
        .collect::<Result<Vec<_>, _>>()?;
    let mut reviewed = Vec::with_capacity(turns.len());
    for (i, turn) in turns.iter().enumerate() {
        let (before, after) = (&values[i], &values[i + 1]);
        let slipped = before.outcome == Outcome::Win && after.outcome == Outcome::Win;
        let winning = match slipped {
            true => {
                let full =
                    Analysis::using(turn.before.clone(), game.clone(), Extras::default(), solver)?;
                // The recommended move first, then the others.
                let best = full.best.as_ref();
                best.into_iter()
                    .chain(full.winning_moves().iter().filter(|&m| Some(m) != best))
                    .cloned()
                    .collect()
            }
            false => Vec::new(),
        };
        reviewed.push(Reviewed {
            turn: turn.clone(),
            after: positions[i + 1].clone(),
            before_outcome: before.outcome,
            after_outcome: after.outcome,
            winning,
        });
    }
    Ok(reviewed)
}

/// What the review says besides the moves.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Notes {
    /// Whether the game was played to the end.
    pub ended: bool,
    /// How many of the pupil's moves were taken back.
    pub taken_back: u64,
    /// How many hints the pupil asked for.
    pub hints: u64,
    /// At how many of the pupil's moves the answer was shown.
    pub shown: u64,
    /// The command that plays the game again, when the computer's choices
    /// were random: "matchsticks play 3 4 6 --level beginner --seed 7".
    pub replay: Option<String>,
}

/// The most moves a game may say were taken back, for its review.
pub(crate) const MOST_TAKEN_BACK: u64 = 10_000;

/// The most hints a pupil is given at one turn, in every game: the stages
/// of a hint ladder, the last of which names the move.
pub(crate) const HINTS_A_TURN: u64 = 4;

/// The turns at which a pupil can have asked for help in a game where
/// `moves` of their moves stand and `taken_back` were taken back: the
/// first, one after each move made, and one after each taken back. Help
/// is counted by them: at most [`HINTS_A_TURN`] hints at each, and the
/// answer shown at most once at each.
pub(crate) fn turns(moves: u64, taken_back: u64) -> u64 {
    moves
        .saturating_add(taken_back.saturating_mul(2))
        .saturating_add(1)
}

/// The review as a document: the result, the turning points, and the
/// notes.
pub fn document(reviewed: &[Reviewed], game: &Nim, notes: Notes) -> Document {
    let mut result = vec![Block::sentence(match (notes.ended, reviewed.last()) {
        (true, Some(last)) => ending(last.turn.side, &last.after, game),
        _ => "The game was stopped before the end.".to_string(),
    })];
    let turning = turning_points(reviewed);
    if turning.is_empty() {
        result.push(Block::sentence(no_slip(reviewed, notes.ended)));
    }
    if let Some(first) = lost_start(reviewed) {
        result.push(Block::sentence(first));
    }
    laid_out(result, turning, notes, "move")
}

/// A review's document, for every game: the result, the turning points,
/// and the notes on moves (`unit`: "move", "bite") taken back, hints and
/// answers shown, and how to play the game again.
pub(crate) fn laid_out(
    result: Vec<Block>,
    turning: Vec<Block>,
    notes: Notes,
    unit: &str,
) -> Document {
    let mut closing = Vec::new();
    if notes.taken_back > 0 {
        closing.push(Block::sentence(format!(
            "You took back {}.",
            count(notes.taken_back, unit)
        )));
    }
    if let Some(help) = help(notes.hints, notes.shown) {
        closing.push(Block::sentence(help));
    }
    closing.extend(replay(notes.replay));
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

/// How to play the game again, the command on a line of its own so it
/// copies whole; nothing when there is no command.
fn replay(command: Option<String>) -> Vec<Block> {
    match command {
        Some(text) => vec![
            Block::sentence("To play this game again:"),
            Block::Command { text },
        ],
        None => Vec::new(),
    }
}

/// Every move that gave a win away, each counted among its player's own
/// moves.
fn turning_points(reviewed: &[Reviewed]) -> Vec<Block> {
    let mut made = [0, 0];
    reviewed
        .iter()
        .filter_map(|r| {
            let mine = &mut made[r.turn.side as usize];
            *mine += 1;
            r.slipped()
                .then(|| Block::sentence(turning_point(*mine, r)))
        })
        .collect()
}

/// What the review says when nobody slipped: for a game played to the
/// end, whether its first player could win from the start.
fn no_slip(reviewed: &[Reviewed], ended: bool) -> String {
    let first = match (ended, reviewed.first()) {
        (true, Some(first)) => first,
        _ => return "Nobody slipped so far.".to_string(),
    };
    let from = position(&first.turn.before);
    match (first.before_outcome, first.turn.side) {
        (Outcome::Win, Side::Pupil) => {
            format!("From {from} you could win from the start, and you did not slip.")
        }
        (Outcome::Win, Side::Computer) => {
            format!("From {from} the computer could win from the start, and it did not slip.")
        }
        (Outcome::Lose, Side::Pupil) => "Nobody slipped.".to_string(),
        (Outcome::Lose, Side::Computer) => format!(
            "Nobody slipped: from {from}, whoever moves first cannot win if the other plays well."
        ),
    }
}

/// When the pupil moved first from a start the first player cannot win,
/// said once the game is over, never before it: they could not have won
/// against good play, and letting the computer start gives them a chance.
fn lost_start(reviewed: &[Reviewed]) -> Option<String> {
    let first = reviewed.first()?;
    (first.turn.side == Side::Pupil && first.before_outcome == Outcome::Lose).then(|| {
        format!(
            "From {}, whoever moves first cannot win if the other plays well: let the computer go first next time, and you can win.",
            rows_named(&first.turn.before)
        )
    })
}

/// The hints and answers the pupil asked for: "You asked for 3 hints and
/// saw the answer twice."
/// How much help the pupil had, in words; `None` when there was none.
fn help(hints: u64, shown: u64) -> Option<String> {
    match (hints, shown) {
        (0, 0) => None,
        (hints, 0) => Some(format!("You asked for {}.", count(hints, "hint"))),
        (0, shown) => Some(format!("You saw the answer {}.", times(shown))),
        (hints, shown) => Some(format!(
            "You asked for {} and saw the answer {}.",
            count(hints, "hint"),
            times(shown)
        )),
    }
}

/// A move that gave the win away, in one line, with the rows it was made
/// from: "Your 2nd move, at 3 4 6: you took 6 from row 3. Taking 1 from
/// row 1 would have kept the win."
fn turning_point(number: usize, r: &Reviewed) -> String {
    let one_row = r.turn.before.len() == 1;
    let took = taken(&r.turn.mv, one_row);
    let at = position(&r.turn.before);
    let nth = ordinal(number as u64);
    match (r.turn.side, r.winning.as_slice()) {
        (Side::Pupil, [best]) => format!(
            "Your {nth} move, at {at}: you took {took}. Taking {} would have kept the win.",
            taken(best, one_row)
        ),
        (Side::Pupil, [best, ..]) => format!(
            "Your {nth} move, at {at}: you took {took}. One of {} winning moves, such as taking {}, would have kept the win.",
            r.winning.len(),
            taken(best, one_row)
        ),
        (Side::Pupil, []) => {
            format!("Your {nth} move, at {at}: you took {took}, and the win slipped away.")
        }
        (Side::Computer, _) => format!(
            "The computer's {nth} move, at {at}: it took {took}, and that gave you a chance to win."
        ),
    }
}

/// How a game ended, in one sentence, said at once on the end screen and
/// again in the review: who made the last move, and so who wins. "You
/// took the last stick, so the computer wins."
pub(crate) fn ending(mover: Side, after: &Position, game: &Nim) -> String {
    let winner = match game.rule.when_stuck() {
        // The player left without a move wins in misère play.
        Outcome::Win => mover.other(),
        Outcome::Lose => mover,
    };
    // Sticks can be left that no move may take: say why no move is left.
    let took = match after.is_over() {
        true => "took the last stick".to_string(),
        false => {
            let stuck = match mover {
                Side::Pupil => "the computer cannot",
                Side::Computer => "you cannot",
            };
            let rows: Vec<u64> = after.piles().iter().copied().filter(|&n| n > 0).collect();
            let from = match rows[..] {
                [n] => format!("the {} left", count(n, "stick")),
                _ => "any row".to_string(),
            };
            format!(
                "made the last move: {stuck} take {} from {from}",
                game.takes
            )
        }
    };
    let won = match winner {
        Side::Pupil => "you win",
        Side::Computer => "the computer wins",
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
    use crate::rules::moves::Move;
    use crate::rules::rule::Rule;

    fn solver(game: &Nim) -> Solver {
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
                mv: mv.into(),
            });
            position = after;
            side = side.other();
        }
        turns
    }

    fn lines(game: &Nim, turns: &[Turn], notes: Notes) -> Vec<String> {
        let reviewed = review(turns, game, &mut solver(game)).unwrap();
        let doc = document(&reviewed, game, notes);
        doc.steps.iter().flat_map(|s| s.lines()).collect()
    }

    #[test]
    fn only_the_turning_points_are_told() {
        let game = Nim::new(Rule::Misere);
        // The pupil gives the win away at once; the computer wins 3 5 5
        // back, then empties row 3 and gives it away in turn.
        let turns = played(&[3, 5, 7], Side::Pupil, &[(3, 2), (1, 3), (2, 1), (3, 5)]);
        let notes = Notes {
            ended: false,
            taken_back: 2,
            hints: 3,
            shown: 2,
            replay: Some("matchsticks play 3 5 7 --level good --seed 7".to_string()),
        };
        assert_eq!(
            lines(&game, &turns, notes),
            [
                "The game was stopped before the end.",
                "Your 1st move, at 3\u{a0}5\u{a0}7: you took 2 from row 3. One of 3 winning moves, such as taking 1 from row 1, would have kept the win.",
                "The computer's 2nd move, at 0\u{a0}4\u{a0}5: it took 5 from row 3, and that gave you a chance to win.",
                "You took back 2 moves.",
                "You asked for 3 hints and saw the answer twice.",
                "To play this game again:",
                "matchsticks play 3 5 7 --level good --seed 7",
            ]
        );
    }

    #[test]
    fn help_is_told_only_when_there_was_some() {
        assert_eq!(help(0, 0), None);
        assert_eq!(help(1, 0).as_deref(), Some("You asked for 1 hint."));
        assert_eq!(help(0, 1).as_deref(), Some("You saw the answer once."));
    }

    #[test]
    fn a_game_without_a_slip_says_so_kindly() {
        let game = Nim::new(Rule::Misere);
        let notes = Notes {
            ended: true,
            ..Notes::default()
        };
        let won = played(&[2], Side::Pupil, &[(1, 1), (1, 1)]);
        assert_eq!(
            lines(&game, &won, notes.clone()),
            [
                "The computer took the last stick, so you win.",
                "From 2 you could win from the start, and you did not slip.",
            ]
        );
        let all_at_once = played(&[3], Side::Pupil, &[(1, 3)]);
        assert_eq!(
            lines(&game, &all_at_once, notes.clone()),
            [
                "You took the last stick, so the computer wins.",
                "Your 1st move, at 3: you took 3. Taking 2 would have kept the win.",
            ]
        );
        let normal = Nim::new(Rule::Normal);
        assert_eq!(
            lines(&normal, &all_at_once, notes.clone())[0],
            "You took the last stick, so you win."
        );
        // A start lost for the pupil, who moved first: no slip, why, and
        // who should start next time, said only now the game is over.
        let lost = played(&[1, 1, 1], Side::Pupil, &[(1, 1), (2, 1), (3, 1)]);
        assert_eq!(
            lines(&game, &lost, notes.clone()),
            [
                "You took the last stick, so the computer wins.",
                "Nobody slipped.",
                "From rows 1\u{a0}1\u{a0}1, whoever moves first cannot win if the other plays well: let the computer go first next time, and you can win.",
            ]
        );
        // The computer went first from a won start and never slipped: the
        // pupil had no chance, and the review says so.
        let no_chance = played(
            &[1, 1, 2],
            Side::Computer,
            &[(3, 1), (1, 1), (2, 1), (3, 1)],
        );
        assert_eq!(
            lines(&game, &no_chance, notes),
            [
                "You took the last stick, so the computer wins.",
                "From 1\u{a0}1\u{a0}2 the computer could win from the start, and it did not slip.",
            ]
        );
    }

    #[test]
    fn no_ladder_of_hints_has_more_stages_than_a_turn_allows() {
        use crate::rules::bar::Bar;
        use crate::rules::take_set::TakeSet;
        use crate::teach::chomp::analysis::BarAnalysis;
        let takes = |rule, takes| Nim::with_takes(rule, TakeSet::parse(takes).unwrap());
        let mut moore = Nim::new(Rule::Misere);
        moore.rows_per_move = 2;
        let games = [
            (vec![3, 5, 7], Nim::new(Rule::Misere)),
            (vec![1, 1, 2], Nim::new(Rule::Normal)),
            (vec![21], takes(Rule::Misere, "1-3")),
            (vec![7, 9], takes(Rule::Normal, "1,3,4")),
            (vec![5, 6], takes(Rule::Misere, "1,2")),
            (vec![3, 5, 6], moore),
        ];
        let nim = games.into_iter().map(|(rows, game)| {
            let a = Analysis::new(Position::new(rows), game, Extras::default()).unwrap();
            crate::teach::hints::hints(&a).len()
        });
        let chomp = ["4x5", "2x1", "3,2", "5,5,3", "4,1,1", "12x13"].map(|shape| {
            let a = BarAnalysis::new(&shape.parse::<Bar>().unwrap()).unwrap();
            crate::teach::chomp::hints::hints(&a).len()
        });
        let longest = nim.chain(chomp).max().unwrap();
        assert_eq!(longest as u64, HINTS_A_TURN);
    }

    #[test]
    fn a_game_that_ends_with_sticks_left_says_why_no_move_is_left() {
        use crate::rules::take_set::TakeSet;
        let game = Nim::with_takes(Rule::Misere, TakeSet::parse("2").unwrap());
        assert_eq!(
            ending(Side::Pupil, &Position::new(vec![1]), &game),
            "You made the last move: the computer cannot take 2 from the 1 stick left, so the computer wins."
        );
        assert_eq!(
            ending(Side::Computer, &Position::new(vec![1, 1]), &game),
            "The computer made the last move: you cannot take 2 from any row, so you win."
        );
    }
}
