//! The review after a game of Chomp: every bite with whether the biter
//! could win before it and the other player after it, the bites left with
//! best play, each bite that threw a win away with the bite that would have
//! won, and who had to eat the poisoned square.

use super::words::bite_from;
use crate::rules::bar::{Bar, Bite};
use crate::rules::outcome::Outcome;
use crate::solve::chomp::ChompSearch;
use crate::teach::document::{Block, Document, Frame, Step};
use crate::teach::review::{Notes, Side, help};
use crate::teach::words::count;

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

/// The review as a document. Every bar of the game lies inside the start
/// that `chomp` searched. `notes` add how many bites were taken back and
/// the command that plays the game again.
pub(crate) fn document(
    turns: &[BiteTurn],
    chomp: &ChompSearch,
    ending: Ending,
    notes: Notes,
) -> Document {
    let mut blocks = Vec::new();
    let mut slips = Vec::new();
    for (i, turn) in turns.iter().enumerate() {
        let after = turn.after();
        let before_value = chomp.solved(&turn.before).expect("inside the start");
        let after_value = chomp.solved(&after).expect("inside the start");
        let who = turn.side.who();
        blocks.push(Block::note(format!(
            "{}. {who} bit {}. Before it {who} {}; after it {} {}.",
            i + 1,
            bite_from(&turn.before, turn.bite),
            chances(before_value.outcome, before_value.moves_left, &turn.before),
            turn.side.other().who(),
            chances(after_value.outcome, after_value.moves_left, &after)
        )));
        let slipped = before_value.outcome == Outcome::Win && after_value.outcome == Outcome::Win;
        if slipped {
            slips.push((i + 1, turn.side));
            let better = chomp
                .best_bite(&turn.before)
                .expect("inside the start")
                .map(|(bite, _)| bite)
                .expect("a won bar has a winning bite");
            blocks.push(Block::Verdict {
                verdict: "mistake",
                mark: "✗",
                label: "threw away a win",
                text: format!("the winning bite was {}.", bite_from(&turn.before, better)),
            });
        }
    }
    let who_slipped = match slips.as_slice() {
        [] => "Who slipped: nobody threw away a win.".to_string(),
        list => format!(
            "Who slipped: {}.",
            list.iter()
                .map(|(n, side)| format!("bite {n} ({})", side.who()))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    };
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
    let mut result = vec![Block::sentence(who_slipped), Block::sentence(end)];
    if notes.taken_back > 0 {
        result.push(Block::sentence(format!(
            "You took back {}.",
            count(notes.taken_back, "bite")
        )));
    }
    if let Some(help) = help(notes.hints, notes.shown) {
        result.push(Block::sentence(help));
    }
    if let Some(command) = notes.replay {
        result.push(Block::sentence(format!(
            "To play this game again: {command}"
        )));
    }
    Document {
        title: "Review of the game".to_string(),
        steps: vec![
            Step::framed(Frame::BARE, "Bites", blocks),
            Step::framed(Frame::CLOSING, "Result", result),
        ],
    }
}

/// "you won" or "the computer won".
fn won(side: Side) -> &'static str {
    match side {
        Side::Pupil => "you won",
        Side::Computer => "the computer won",
    }
}

/// "could win (6 bites left with best play)", or how the game stood once
/// only the poison was left or it was eaten.
fn chances(outcome: Outcome, left: u64, bar: &Bar) -> String {
    match (bar.is_eaten(), bar.row_lengths() == [1], outcome) {
        (true, _, _) => "had won: the poisoned square was eaten".to_string(),
        (false, true, _) => "had lost: only the poisoned square was left".to_string(),
        (false, false, Outcome::Win) => {
            format!("could win ({} left with best play)", count(left, "bite"))
        }
        (false, false, Outcome::Lose) => {
            format!(
                "could not win ({} left with best play)",
                count(left, "bite")
            )
        }
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
        let lines = doc.steps[0].lines();
        assert_eq!(
            lines[1],
            "threw away a win: the winning bite was row 2, column 2 (3,3,3 → 3,1,1)."
        );
        assert_eq!(
            doc.steps[1].lines(),
            [
                "Who slipped: bite 1 (you).",
                "The game was stopped before the end."
            ]
        );
    }
}
