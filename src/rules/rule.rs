//! Who wins when the sticks run out.
//!
//! Classrooms usually play misère ("whoever takes the last stick loses"); the
//! textbook game is normal play ("whoever takes the last stick wins"). Every
//! solver takes a `Rule` so that the difference is stated in one place.

use super::outcome::Outcome;

/// The winning condition of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Rule {
    /// Whoever takes the last stick loses.
    #[default]
    Misere,
    /// Whoever takes the last stick wins.
    Normal,
}

impl Rule {
    /// The rule chosen by a `--normal` flag: misère unless it is given.
    pub fn from_normal_flag(normal: bool) -> Rule {
        match normal {
            true => Rule::Normal,
            false => Rule::Misere,
        }
    }

    /// The name used in JSON output: `"misere"` or `"normal"`.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Rule::Misere => "misere",
            Rule::Normal => "normal",
        }
    }

    /// The outcome for a player who has no move left.
    ///
    /// In misère play the opponent just took the last stick (or was the one
    /// who left nothing to take), so the stuck player has won.
    pub fn when_stuck(self) -> Outcome {
        match self {
            Rule::Misere => Outcome::Win,
            Rule::Normal => Outcome::Lose,
        }
    }
}
