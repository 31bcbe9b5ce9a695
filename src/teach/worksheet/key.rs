//! The answer key: each question's answer, with its short reason in the
//! method's own words, taken from what an explanation or a verdict says
//! (the step that tells who wins, the reason a move is good, how a row's
//! groups are joined), so the key and `explain` never disagree.

use super::kind::Kind;
use crate::rules::multi_move::MultiMove;
use crate::rules::outcome::Outcome;
use crate::solve::grouping::{Grouping, joins as join_rounds, split};
use crate::teach::analysis::Analysis;
use crate::teach::check::reason;
use crate::teach::document::{Block, Reveal};
use crate::teach::method::grouping::{drawn_rows, joins};
use crate::teach::verdict::{JudgeError, Judgement};
use crate::teach::words::{capitalised, glued, move_at, position, transition};

/// The answer to one question of a sheet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// Whether the player to move can win.
    Outcome(Outcome),
    /// The move the key gives, and every winning move.
    Move {
        /// The move the key gives, with its reason.
        given: MultiMove,
        /// Every winning move: any of them is right.
        winning: Vec<MultiMove>,
    },
    /// Each row's groups, largest first.
    Groups(Vec<Vec<u64>>),
}

/// The answer to the question of `kind` about `a`.
pub(crate) fn answer(kind: Kind, a: &Analysis) -> Answer {
    match (kind, &a.best) {
        (Kind::MakeGroups, _) => {
            Answer::Groups(a.position.piles().iter().map(|&n| split(n)).collect())
        }
        (Kind::CanYouWin, _) | (_, None) => Answer::Outcome(a.outcome),
        (_, Some(best)) => Answer::Move {
            given: best.clone(),
            winning: a.winning_moves().to_vec(),
        },
    }
}

/// The key's line for question `number`, of `kind`, about `a`: the
/// answer, then why.
pub(crate) fn key_line(number: usize, kind: Kind, a: &Analysis) -> Result<Block, JudgeError> {
    let said = match answer(kind, a) {
        Answer::Outcome(outcome) => format!(
            "{}: {} {}",
            position(&a.position),
            match outcome {
                Outcome::Win => "Yes.",
                Outcome::Lose => "No.",
            },
            who_wins(a).join(" ")
        ),
        Answer::Move { given, winning } => {
            let to = a.after(&given);
            let j = Judgement::from_analysis(a.clone(), given.clone())?;
            let mut said = format!(
                "{} ({}): {}",
                capitalised(&move_at(&given, &a.position)),
                transition(&a.position, &to),
                reason(&j)
            );
            if winning.len() > 1 {
                said += &format!(" Winning moves: {}.", a.method.listed(a));
            }
            said
        }
        Answer::Groups(_) => {
            // Groups are the same under either rule.
            let rows = drawn_rows(&Grouping::new(&a.position, a.rule()));
            let several = rows.len() > 1;
            rows.iter()
                .map(|row| {
                    let grouped = format!(
                        "{} ({}).",
                        glued(&row.text),
                        joins(&join_rounds(row.sticks))
                    );
                    match several {
                        true => format!("{}: {grouped}", capitalised(&row.label)),
                        false => grouped,
                    }
                })
                .collect::<Vec<_>>()
                .join(" ")
        }
    };
    Ok(Block::sentence(format!("{number}. {said}")))
}

/// The sentences of the explanation's step that tells who wins, and why.
fn who_wins(a: &Analysis) -> Vec<String> {
    a.method
        .steps(a)
        .into_iter()
        .filter(|step| step.reveals == Some(Reveal::Outcome))
        .flat_map(|step| step.blocks)
        .filter_map(|block| match block {
            Block::Sentence { text } => Some(text),
            _ => None,
        })
        .collect()
}
