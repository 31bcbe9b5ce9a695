//! Positions with no shortcut (several rows, misère play, limited takes),
//! told as one step: every game was searched. Also the reasons a move was
//! good or bad, and the hints, in the same words.

use super::ending;
use crate::rules::moves::Move;
use crate::rules::outcome::Outcome;
use crate::teach::analysis::Analysis;
use crate::teach::board;
use crate::teach::document::{Block, Reveal, Step};

/// The one step: what the search found, and the move.
pub(crate) fn steps(a: &Analysis) -> Vec<Step> {
    let mut blocks = vec![
        board::for_game(&a.position, &a.game, None),
        Block::sentence(
            "With several rows, limited takes and the last stick losing, the pairing method does not work, so every possible game from here was searched.",
        ),
    ];
    if let Some(s) = a.searched {
        blocks.push(Block::sentence(format!(
            "The player to move {}; with best play {} left (this one included).",
            match s.outcome {
                Outcome::Win => "wins",
                Outcome::Lose => "loses",
            },
            match s.moves_left {
                1 => "1 move is".to_string(),
                n => format!("{n} moves are"),
            }
        )));
    }
    let mut steps = vec![Step::numbered(1, "Search every game", blocks).revealing(Reveal::Outcome)];
    if let Some(mv) = &a.best {
        let label = match a.outcome {
            Outcome::Win => "Move",
            Outcome::Lose => crate::teach::words::lost_move_label(&a.position, &a.game),
        };
        let shown =
            Block::labelled_move(&a.position, &a.game, mv, a.outcome == Outcome::Win, label);
        let mut blocks = Vec::new();
        if let Some(settled) = ending::no_slip(&a.position, &a.game)
            && a.outcome == Outcome::Lose
        {
            blocks.push(Block::sentence(settled));
        }
        blocks.push(shown);
        steps.push(Step::numbered(2, "The move", blocks).revealing(Reveal::Move));
    }
    steps
}

/// Why no move could win.
pub(crate) fn why_lost() -> String {
    "the search shows every move leaves your opponent a way to win".to_string()
}

/// Why the position left to the opponent is lost for them.
pub(crate) fn leaves_lost() -> String {
    "a search through every possible game shows your opponent cannot win from here.".to_string()
}

/// Why the position left to the opponent is won for them.
pub(crate) fn leaves_won() -> String {
    "a search through every possible game shows your opponent can win from here.".to_string()
}

/// What a move left, in a few words about the move for a projector;
/// `lost` when it is lost for the opponent.
pub(crate) fn brief(lost: bool) -> String {
    match lost {
        true => "leaves a position the opponent cannot win, as a search of every game shows",
        false => "leaves a position the opponent can win, as a search of every game shows",
    }
    .to_string()
}

/// Why the computer's move leaves the pupil lost.
pub(crate) fn computer_reason() -> String {
    "my search of every possible game says you cannot win from here.".to_string()
}

/// Why the computer's move leaves the pupil lost, briefly, for when it has
/// been said before.
pub(crate) fn computer_short() -> String {
    "my search still says you cannot win from here.".to_string()
}

/// The first three hints, for a position with the outcome `outcome` whose
/// move is `mv`; the move itself is the last, added by the caller.
pub(crate) fn hints(outcome: Outcome, mv: Move) -> Vec<String> {
    vec![
        "The pairing method does not work here, so look at what each move leaves your opponent."
            .to_string(),
        // Only the last stage says that no move wins: that is the answer.
        match outcome {
            Outcome::Win => "A search of every game says the player to move can win.".to_string(),
            Outcome::Lose => {
                "Try each move in your head: after it, can your opponent win?".to_string()
            }
        },
        match outcome {
            Outcome::Win => format!("Take from row {}.", mv.row()),
            Outcome::Lose => {
                "Check every row: is there a move after which your opponent cannot win?".to_string()
            }
        },
    ]
}
