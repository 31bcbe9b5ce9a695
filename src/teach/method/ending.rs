//! What every method says where nobody has a choice left: the only move
//! ends the game, or every line of play lasts as long (`solve/forced.rs`).
//!
//! There the opponent cannot slip and nothing depends on playing well, so
//! the words say that the game is over, or that it can only go one way,
//! and who loses; never "hope your opponent slips" or "if the opponent
//! plays well". Each method asks here before it says either.

use crate::rules::multi_move::MultiMove;
use crate::rules::nim::Nim;
use crate::rules::outcome::Outcome;
use crate::rules::position::Position;
use crate::rules::rule::Rule;
use crate::solve::forced::{Choice, choice};

/// Whether the game from `position` ends the same way whatever anyone
/// does: nobody can slip.
pub(crate) fn settled(position: &Position, game: &Nim) -> bool {
    !matches!(choice(position, game), Choice::Open)
}

/// The sentence that replaces "hope your opponent slips" at a lost
/// position where nobody can slip; `None` where someone can.
pub(crate) fn no_slip(position: &Position, game: &Nim) -> Option<String> {
    let ends = ends_how(game);
    Some(match choice(position, game) {
        Choice::Open | Choice::Over => return None,
        Choice::EndsNow => {
            let mut moves = position.moves_with(&game.takes);
            let only = moves.next().is_some() && moves.next().is_none();
            let takes_all = position
                .moves_with(&game.takes)
                .all(|mv| position.piles()[mv.pile] == mv.take)
                && position.piles().iter().filter(|&&n| n > 0).count() == 1;
            match (only, takes_all, game.rule) {
                (true, true, Rule::Misere) => {
                    "Your only move takes the last stick, so the game is over and you lose."
                        .to_string()
                }
                (true, _, _) => format!(
                    "Your only move ends the game: you make the last move, and {ends}, so you lose."
                ),
                (false, _, _) => format!(
                    "Every move you can make ends the game: you make the last move, and {ends}, so you lose."
                ),
            }
        }
        Choice::Forced => match (game.takes.only(), game.rule) {
            (None, Rule::Misere) => "Nobody can slip here: every turn takes exactly one stick, so you will take the last one and lose.".to_string(),
            (None, Rule::Normal) => "Nobody can slip here: every turn takes exactly one stick, so your opponent will take the last one, and you lose.".to_string(),
            (Some(_), _) => "Nobody can slip here: every row lasts the same number of moves however it is taken, so the game goes the same way whatever anyone takes, and you lose.".to_string(),
        },
    })
}

/// "whoever makes the last move loses", for the rule.
fn ends_how(game: &Nim) -> &'static str {
    match game.rule.when_stuck() {
        Outcome::Win => "whoever makes the last move loses",
        Outcome::Lose => "whoever makes the last move wins",
    }
}

/// Why a winning move that ends the game wins, as a clause: "you take
/// the last stick and win". `None` for a move the game goes on after, or
/// in a game where the last move loses.
pub(crate) fn ends_and_wins(
    position: &Position,
    game: &Nim,
    mv: &MultiMove,
) -> Option<&'static str> {
    let after = position.play_multi(mv, game).ok()?;
    if game.rule.when_stuck() != Outcome::Lose || after.moves_with(&game.takes).next().is_some() {
        return None;
    }
    Some(match after.is_over() {
        true => "you take the last stick and win",
        false => "no move is left after it, so you make the last move and win",
    })
}

/// A winning move that ends the game, said plainly: "Take all 3: you
/// take the last stick and win." `None` where [`ends_and_wins`] is.
pub(crate) fn winning_end(position: &Position, game: &Nim, mv: &MultiMove) -> Option<String> {
    let why = ends_and_wins(position, game, mv)?;
    let taken: u64 = mv.parts().iter().map(|part| part.take).sum();
    let left: u64 = position.piles().iter().sum();
    Some(match (taken == left, taken) {
        (true, 1) => "Take the last stick, and you win.".to_string(),
        (true, n) if mv.parts().len() == 1 => format!("Take all {n}: {why}."),
        (true, _) => format!("Take every stick that is left: {why}."),
        (false, _) => format!("{}.", super::super::words::capitalised(why)),
    })
}
