//! The review after a game of Chomp, laid out as a game of Nim's is: who
//! had to eat the poisoned square, then only the bites that threw a win
//! away, each with the bite that would have won, then the notes.

use super::words::{as_played, bite_from};
use crate::rules::bar::{Bar, Bite};
use crate::rules::outcome::Outcome;
use crate::solve::chomp::ChompSearch;
use crate::teach::document::{Block, Document};
use crate::teach::review::{Notes, Side, laid_out};
use crate::teach::words::ordinal;

/// One bite made in a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct BiteTurn {
    /// Who bit.
    pub side: Side,
    /// The bar before the bite.
    pub before: Bar,
    /// The bite.
    pub bite: Bite,
}

impl BiteTurn {
    /// The bar after the bite.
    pub(crate) fn after(&self) -> Bar {
        self.before.bite(self.bite).expect("played bites are legal")
    }
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Ending {
    /// Someone bit the poisoned square.
    PoisonEaten,
    /// Only the poisoned square was left for the player to move.
    OnlyPoisonLeft,
    /// The game was stopped before the end.
    Stopped,
}

/// The end of a game in words, for the player who won.
pub(crate) fn result(winner: Side) -> &'static str {
    match winner {
        Side::Pupil => "You win! Well played.",
        Side::Computer => "The computer wins this time.",
    }
}

/// How a game ended, in words, for the player whose bite it is now.
pub(crate) fn ended(ending: Ending, to_move: Side) -> &'static str {
    match (ending, to_move) {
        (Ending::PoisonEaten, Side::Pupil) => "The computer ate the poisoned square.",
        (Ending::PoisonEaten, Side::Computer) => "You ate the poisoned square.",
        (Ending::OnlyPoisonLeft, Side::Pupil) => {
            "Only the poisoned square is left for you: you have to eat it."
        }
        (Ending::OnlyPoisonLeft, Side::Computer) => {
            "Only the poisoned square is left for the computer: it has to eat it."
        }
        (Ending::Stopped, _) => "The game was stopped before the end.",
    }
}

/// The review as a document, as a game of Nim's is: the result first, so
/// it stays on a small screen, then only the turning points, the bites
/// that threw a win away, each with the bite that would have won it, then
/// the notes. Every bar of the game lies inside the start that `chomp`
/// searched. `notes` add how many bites were taken back and the command
/// that plays the game again.
pub(crate) fn document(
    turns: &[BiteTurn],
    chomp: &ChompSearch,
    ending: Ending,
    notes: Notes,
) -> Document {
    let mut turning = Vec::new();
    let mut made = [0u64, 0];
    let mut slips = 0;
    for turn in turns {
        let mine = &mut made[turn.side as usize];
        *mine += 1;
        let after = turn.after();
        let before_value = chomp.solved(&turn.before).expect("inside the start");
        let after_value = chomp.solved(&after).expect("inside the start");
        if before_value.outcome != Outcome::Win || after_value.outcome != Outcome::Win {
            continue;
        }
        slips += 1;
        let nth = ordinal(*mine);
        let at = as_played(&turn.before);
        let bit = bite_from(&turn.before, turn.bite);
        turning.push(match turn.side {
            Side::Pupil => {
                let better = chomp
                    .best_bite(&turn.before)
                    .expect("inside the start")
                    .map(|(bite, _)| bite)
                    .expect("a won bar has a winning bite");
                Block::Verdict {
                    verdict: "mistake",
                    mark: "✗",
                    label: "threw away a win",
                    text: format!(
                        "your {nth} bite, at {at}: you bit {bit}. Biting {} would have kept the win.",
                        bite_from(&turn.before, better)
                    ),
                }
            }
            Side::Computer => Block::sentence(format!(
                "The computer's {nth} bite, at {at}: it bit {bit}, and that gave you a chance to win."
            )),
        });
    }
    let end = match (ending, turns.last()) {
        (Ending::Stopped, _) | (_, None) => "The game was stopped before the end.".to_string(),
        (Ending::PoisonEaten, Some(last)) => format!(
            "{} the poisoned square, so {}.",
            match last.side {
                Side::Pupil => "You ate",
                Side::Computer => "The computer ate",
            },
            won(last.side.other())
        ),
        (Ending::OnlyPoisonLeft, Some(last)) => format!(
            "Only the poisoned square was left for {}, so {}.",
            last.side.other().who(),
            won(last.side)
        ),
    };
    let mut result = vec![Block::sentence(end)];
    if slips == 0 {
        result.push(Block::sentence(no_slip(turns, chomp, ending)));
    }
    laid_out(result, turning, notes, "bite")
}

/// What the review says when nobody threw a win away: for a game played
/// to the end, whether its first player could win from the start.
fn no_slip(turns: &[BiteTurn], chomp: &ChompSearch, ending: Ending) -> String {
    let first = match (ending, turns.first()) {
        (Ending::Stopped, _) | (_, None) => return "Nobody slipped so far.".to_string(),
        (_, Some(first)) => first,
    };
    let from = as_played(&first.before);
    let outcome = chomp
        .solved(&first.before)
        .expect("inside the start")
        .outcome;
    match (outcome, first.side) {
        (Outcome::Win, Side::Pupil) => {
            format!("From {from} you could win from the start, and you did not slip.")
        }
        (Outcome::Win, Side::Computer) => {
            format!("From {from} the computer could win from the start, and it did not slip.")
        }
        (Outcome::Lose, Side::Pupil) => format!(
            "Nobody slipped: from {from}, whoever bites first cannot win if the other plays well. Let the computer go first next time, and you can win."
        ),
        (Outcome::Lose, Side::Computer) => format!(
            "Nobody slipped: from {from}, whoever bites first cannot win if the other plays well."
        ),
    }
}

/// "you won" or "the computer won".
fn won(side: Side) -> &'static str {
    match side {
        Side::Pupil => "you won",
        Side::Computer => "the computer won",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_slip_is_flagged_with_the_bite_that_would_have_won() {
        let start: Bar = "3x3".parse().unwrap();
        let chomp = ChompSearch::search(&start).unwrap();
        let first = BiteTurn {
            side: Side::Pupil,
            before: start.clone(),
            bite: Bite::new(3, 3),
        };
        let second = BiteTurn {
            side: Side::Computer,
            before: first.after(),
            bite: Bite::new(2, 2),
        };
        let doc = document(&[first, second], &chomp, Ending::Stopped, Notes::default());
        assert_eq!(
            doc.steps[0].lines(),
            ["The game was stopped before the end."]
        );
        let turning: Vec<String> = doc.steps[1]
            .lines()
            .iter()
            .map(|line| line.replace('\u{a0}', " "))
            .collect();
        assert_eq!(
            turning,
            [
                "threw away a win: your 1st bite, at 3,3,3: you bit row 3, column 3 (3,3,3 → 3,3,2). Biting row 2, column 2 (3,3,3 → 3,1,1) would have kept the win."
            ]
        );
    }
}
