//! Each way of solving a position, told in words: its steps for `explain`,
//! its reasons for a verdict or the computer's move, its hints and its
//! answers. One file per method, so every sentence about a method is
//! written once, beside the others about it; `worked.rs` works a position
//! out by its method, below all of them.
//!
//! This file is the one way in: the builders (`explain.rs`, `check.rs`,
//! `hints.rs`, `computer.rs`) ask the method in hand, and each question is
//! handed here to the method's own file, so no builder branches on the
//! method. What the four methods of moves from one row say alike (the
//! answer, the list of winning moves, the last hint) is written here, once.

pub(crate) mod ending;
pub(crate) mod grouping;
pub(crate) mod grundy;
pub mod moore;
pub(crate) mod pattern;
pub(crate) mod searched;
pub(crate) mod worked;

use self::worked::Method;
use crate::rules::multi_move::MultiMove;
use crate::rules::outcome::Outcome;
use crate::rules::position::Position;
use crate::solve::grouping::Plan;
use crate::teach::analysis::Analysis;
use crate::teach::document::Step;
use crate::teach::verdict::Judgement;
use crate::teach::words::{move_at, moves_at, transition};

/// What is said when no move wins.
const NO_MOVE_WINS: &str = "no move wins here.";

/// Which reason the computer gives: a game tells each in full only once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// No move wins for the computer.
    LostAnyway,
    /// Every group has a partner again.
    Paired,
    /// Only rows with one stick are left, an odd number of them.
    Endgame,
    /// The row is left at a count to avoid.
    Pattern,
    /// The rows act like Nim rows that pair up.
    Grundy,
    /// Every group size is in full sets of K + 1 again.
    Sets,
    /// The search says the pupil cannot win.
    Searched,
    /// A random move that gave the win away.
    Slip,
}

impl Method {
    /// The method's steps for `a`, the position it worked out.
    pub(crate) fn steps(&self, a: &Analysis) -> Vec<Step> {
        match self {
            Method::Grouping(g) => grouping::steps(g, &a.position, &a.game),
            Method::OneRow { pile, pattern } => pattern::steps(a, *pile, pattern),
            Method::Grundy { grundy, pairing } => grundy::steps(a, grundy, pairing),
            Method::Searched => searched::steps(a),
            Method::Moore(m) => moore::steps(m, &a.position, &a.game),
        }
    }

    /// Whether the method's steps are the whole explanation of a game that
    /// is over: the grouping method and Moore's say that it is over, and
    /// nothing more.
    pub(crate) fn ends_with_the_game(&self) -> bool {
        match self {
            Method::Grouping(_) | Method::Moore(_) => true,
            Method::OneRow { .. } | Method::Grundy { .. } | Method::Searched => false,
        }
    }

    /// The rows of `a` in binary, for the methods that have such a view:
    /// one column per group size, its 1s paired or gathered in sets.
    pub(crate) fn binary_step(&self, a: &Analysis) -> Option<Step> {
        match self {
            Method::Grouping(_) => Some(grouping::binary_step(a.position.piles())),
            Method::Moore(m) => Some(moore::binary_step(m)),
            Method::OneRow { .. } | Method::Grundy { .. } | Method::Searched => None,
        }
    }

    /// Whether the search is the method itself, so a search confirms
    /// nothing more.
    pub(crate) fn is_the_search(&self) -> bool {
        matches!(self, Method::Searched)
    }

    /// A move from `position` in words: "take 1 from row 3", "take 3" in a
    /// game of one row, or for a move from many rows in Moore's Nim a
    /// shorter summary.
    pub(crate) fn told(&self, mv: &MultiMove, position: &Position) -> String {
        match self {
            Method::Moore(_) => moore::told(mv),
            _ => move_at(mv, position),
        }
    }

    /// The winning moves of `a` as a list, or "none".
    pub(crate) fn listed(&self, a: &Analysis) -> String {
        match self {
            Method::Moore(_) => moore::moves_list(a.winning.as_ref()),
            _ => moves_at(a.winning_moves(), &a.position, false),
        }
    }

    /// The computed answer to a question about `a`: the winning move or
    /// moves, or that none wins.
    pub(crate) fn answer(&self, a: &Analysis) -> String {
        match (self, a.outcome, a.winning_moves()) {
            (Method::Moore(_), outcome, _) => moore::answer(outcome, a.winning.as_ref()),
            (_, Outcome::Win, []) => "the game is over.".to_string(),
            (_, Outcome::Win, [only]) => {
                format!("the winning move is {}.", move_at(only, &a.position))
            }
            (_, Outcome::Win, winning) => {
                format!(
                    "the winning moves are {}.",
                    moves_at(winning, &a.position, true)
                )
            }
            (_, Outcome::Lose, _) => NO_MOVE_WINS.to_string(),
        }
    }

    /// What a right "no" is told, as a clause: where every group has a
    /// partner, in the words a lesson asks about.
    pub(crate) fn no_move_wins(&self) -> String {
        match self {
            Method::Grouping(g) if matches!(g.plan, Plan::AllPaired { .. }) => {
                grouping::no_pair_kept()
            }
            _ => NO_MOVE_WINS.to_string(),
        }
    }

    /// Why no move could win from the position `j`'s move was made from,
    /// this method's: a clause with its full stop, and what the move broke
    /// when there is more to say.
    pub(crate) fn why_lost(&self, j: &Judgement) -> String {
        let why = match self {
            Method::Grouping(before) => return grouping::lost_anyway(before, j.after.grouping()),
            Method::OneRow { pile, .. } => pattern::why_lost(j.position().piles()[*pile]),
            Method::Grundy { .. } => grundy::why_lost(),
            Method::Moore(before) => moore::why_lost(before),
            Method::Searched => searched::why_lost(),
        };
        format!("{why}.")
    }

    /// Why the position `j`'s move leaves, this method's, is lost or won
    /// for the opponent, as a clause; a move from a won position.
    pub(crate) fn left(&self, j: &Judgement) -> String {
        let lost = j.after.outcome == Outcome::Lose;
        match (self, lost) {
            (Method::Grouping(after), true) => grouping::leaves_lost(after),
            (Method::Grouping(after), false) => grouping::leaves_won(
                after,
                j.before.grouping().is_some_and(|b| b.unpaired.is_empty()),
            ),
            (Method::Moore(after), true) => moore::leaves_lost(after),
            (Method::Moore(after), false) => moore::leaves_won(after),
            // The grouping method and Moore's tell the end in their own
            // words; the others only say who made the last move.
            (_, true) if j.after.is_over() => {
                "you made the last move, and in this game that wins.".to_string()
            }
            (_, false) if j.after.is_over() => {
                "you made the last move, and in this game that loses.".to_string()
            }
            (Method::OneRow { pile, .. }, true) => pattern::leaves_lost(j.to().piles()[*pile]),
            (Method::OneRow { pile, .. }, false) => pattern::leaves_won(j.to().piles()[*pile]),
            (Method::Grundy { pairing, .. }, true) => grundy::leaves_lost(pairing),
            (Method::Grundy { pairing, .. }, false) => grundy::leaves_won(pairing),
            (Method::Searched, true) => searched::leaves_lost(),
            (Method::Searched, false) => searched::leaves_won(),
        }
    }

    /// What `j`'s move from a won position left, this method's, in a few
    /// words about the move rather than to the pupil who made it, for a
    /// projector the whole class reads: "leaves a group of 2 without a
    /// partner".
    pub(crate) fn brief(&self, j: &Judgement) -> String {
        let lost = j.after.outcome == Outcome::Lose;
        match self {
            Method::Grouping(after) => grouping::brief(after, lost),
            Method::Moore(after) => moore::brief(after),
            _ if j.after.is_over() => "takes the last stick".to_string(),
            Method::OneRow { pile, .. } => pattern::brief(j.to().piles()[*pile], lost),
            Method::Grundy { pairing, .. } => grundy::brief(pairing, lost),
            Method::Searched => searched::brief(lost),
        }
    }

    /// Why the computer's move judged in `j` leaves the pupil lost, the
    /// position left being this method's.
    pub(crate) fn computer_reason(&self, j: &Judgement) -> String {
        match self {
            Method::Grouping(after) => grouping::computer_reason(after),
            Method::OneRow { pile, .. } => pattern::computer_reason(j.to().piles()[*pile]),
            Method::Grundy { .. } => grundy::computer_reason(),
            Method::Moore(after) => moore::computer_reason(after),
            Method::Searched => searched::computer_reason(),
        }
    }

    /// The same reason briefly, for when it has been said before, and
    /// which reason it is.
    pub(crate) fn computer_short(&self, j: &Judgement) -> (Kind, String) {
        match self {
            Method::Grouping(after) => match after.plan {
                Plan::Singles { .. } => (Kind::Endgame, grouping::computer_short(after)),
                _ => (Kind::Paired, grouping::computer_short(after)),
            },
            Method::OneRow { pile, .. } => (
                Kind::Pattern,
                pattern::computer_short(j.to().piles()[*pile]),
            ),
            Method::Grundy { .. } => (Kind::Grundy, grundy::computer_short()),
            Method::Moore(m) => (Kind::Sets, moore::computer_short(m)),
            Method::Searched => (Kind::Searched, searched::computer_short()),
        }
    }

    /// The hints for the player to move at `a`, whose move is `mv`: four
    /// stages, only the last naming the move; or, for a move from one row
    /// when it is the only move there is, that one stage.
    pub(crate) fn hints(&self, a: &Analysis, mv: &MultiMove) -> Vec<String> {
        match (self, mv.single()) {
            (Method::Moore(m), _) => moore::hints(a, m, mv),
            // With one move left to make there is nothing to work out: say so.
            (_, Some(_)) if only_move(a) => {
                let only = match must_take_the_last(a) {
                    true => "You have to take the last stick",
                    false => "There is only one move you can make",
                };
                vec![format!("{only}: {}.", step(a, mv))]
            }
            (Method::Grouping(g), Some(_)) => with_the_move(a, mv, grouping::hints(g)),
            (Method::OneRow { pile, pattern }, Some(one)) => {
                with_the_move(a, mv, pattern::hints(a, *pile, pattern, one))
            }
            (Method::Grundy { pairing, .. }, Some(one)) => {
                with_the_move(a, mv, grundy::hints(pairing, one))
            }
            (Method::Searched, Some(one)) => with_the_move(a, mv, searched::hints(a.outcome, one)),
            (_, None) => unreachable!("only Moore's Nim moves from several rows"),
        }
    }
}

/// A move from one row and the positions it joins: "take 1 from row 3
/// (3 5 7 → 3 5 6)".
fn step(a: &Analysis, mv: &MultiMove) -> String {
    let to = a.after(mv);
    format!(
        "{} ({})",
        move_at(mv, &a.position),
        transition(&a.position, &to)
    )
}

/// The hints of a method of moves from one row, then the move itself.
fn with_the_move(a: &Analysis, mv: &MultiMove, mut stages: Vec<String>) -> Vec<String> {
    let step = step(a, mv);
    stages.push(match (a.outcome, must_take_the_last(a)) {
        (Outcome::Win, _) => format!("The move is {step}."),
        (Outcome::Lose, true) => format!("You have to take the last stick: {step}."),
        (Outcome::Lose, false) if ending::settled(&a.position, &a.game) => {
            format!("No move wins, and nobody can slip from here: {step}, for example.")
        }
        (Outcome::Lose, false) => format!("No move wins. A best try is {step}."),
    });
    stages
}

/// Whether exactly one move can be made.
fn only_move(a: &Analysis) -> bool {
    let mut moves = a
        .position
        .piles()
        .iter()
        // Two takes from one row are already a choice: count no further,
        // as a row may be huge.
        .map(|&n| a.game.takes.takes_from(n).take(2).count())
        .filter(|&n| n > 0);
    matches!((moves.next(), moves.next()), (Some(1), None))
}

/// Whether every move takes the last stick: one row is left, and every
/// take allowed from it empties it.
fn must_take_the_last(a: &Analysis) -> bool {
    let mut left = a.position.piles().iter().filter(|&&n| n > 0);
    match (left.next(), left.next()) {
        (Some(&n), None) => a.game.takes.takes_from(n).all(|take| take == n),
        _ => false,
    }
}
