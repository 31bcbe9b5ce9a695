//! Choosing a sheet's positions with a seeded stream of random numbers:
//! rows of the sizes asked for, no position twice (rows in another order
//! count as the same position), and for yes-or-no questions as many
//! positions lost for the player to move as won, as far as the sizes
//! allow. The same numbers always choose the same positions.

use std::collections::BTreeSet;

use super::kind::Kind;
use super::settings::{MOST_SHEET_ROWS, MOST_SHEET_STICKS, WorksheetError};
use crate::rules::nim::Nim;
use crate::rules::outcome::Outcome;
use crate::rules::position::Position;
use crate::teach::analysis::{Analysis, AnalysisError, Extras};

/// The most positions drawn at random for one sheet before the search for
/// more stops: small sizes have only a few different positions.
pub(crate) const MOST_DRAWS: usize = 20_000;

/// The smallest row of a make-groups question: a row of 1 or 2 is one
/// group already, with nothing to work out.
const SMALLEST_TO_GROUP: u64 = 3;

/// A position chosen, worked out once.
pub(crate) type Chosen = Analysis;

/// Why positions could not be chosen.
#[derive(Debug)]
pub(crate) enum PickError {
    /// Too few positions fit.
    Sheet(WorksheetError),
    /// A position could not be worked out.
    Analysis(AnalysisError),
}

/// `count` different positions of `rows` rows of 1 to `most` sticks for a
/// sheet of `kind` in `game`, chosen with `below` (a random number below
/// its argument), in the order they are asked.
pub(crate) fn pick(
    kind: Kind,
    game: &Nim,
    count: usize,
    rows: usize,
    most: u64,
    below: &mut dyn FnMut(u64) -> u64,
) -> Result<Vec<Chosen>, PickError> {
    let least = match kind {
        Kind::MakeGroups => SMALLEST_TO_GROUP.min(most),
        _ => 1,
    };
    // Yes-or-no questions are half of them lost; the others all have a
    // winning move to find, except make-groups, which asks no game question.
    let (lost_wanted, won_only) = match kind {
        Kind::CanYouWin => (count / 2, false),
        Kind::MakeGroups => (0, false),
        _ => (0, true),
    };
    let mut seen = BTreeSet::new();
    let (mut won, mut lost) = (Vec::new(), Vec::new());
    for _ in 0..MOST_DRAWS {
        if lost.len() >= lost_wanted && won.len() >= count - lost_wanted {
            break;
        }
        let piles: Vec<u64> = (0..rows).map(|_| least + below(most - least + 1)).collect();
        let mut key = piles.clone();
        key.sort_unstable();
        if !seen.insert(key) {
            continue;
        }
        // The rows are asked in the order drawn, so they are not always
        // smallest first.
        let a = Analysis::new(Position::new(piles), game.clone(), Extras::default())
            .map_err(PickError::Analysis)?;
        match (a.outcome, kind) {
            // A row no take fits is won by being stuck: no move to find.
            (_, _) if won_only && a.is_over() => {}
            (_, Kind::MakeGroups) | (Outcome::Win, _) => won.push(a),
            (Outcome::Lose, _) if won_only => {}
            (Outcome::Lose, _) => lost.push(a),
        }
        won.truncate(count);
        lost.truncate(count);
    }
    // Short of one outcome, the other fills the sheet.
    let lost_taken = lost_wanted.min(lost.len());
    let won_taken = won.len().min(count - lost_taken);
    let lost_taken = lost.len().min(count - won_taken);
    if won_taken + lost_taken < count {
        return Err(PickError::Sheet(WorksheetError::TooFew {
            found: won_taken + lost_taken,
            more_rows: !kind.one_row() && rows < MOST_SHEET_ROWS,
            more_sticks: most < MOST_SHEET_STICKS,
        }));
    }
    won.truncate(won_taken);
    lost.truncate(lost_taken);
    let mut chosen: Vec<Chosen> = won.into_iter().chain(lost).collect();
    shuffle(&mut chosen, below);
    Ok(chosen)
}

/// Puts `items` in a random order (Fisher and Yates's shuffle).
fn shuffle<T>(items: &mut [T], below: &mut dyn FnMut(u64) -> u64) {
    for i in (1..items.len()).rev() {
        let j = below(i as u64 + 1) as usize;
        items.swap(i, j);
    }
}
