//! Whether the player about to move can force a win.

use std::fmt;

/// The result of perfect play, seen by the player about to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// Some move leaves the opponent lost.
    Win,
    /// Every move leaves the opponent a way to win.
    Lose,
}

impl Outcome {
    /// The name used in JSON output.
    pub fn name(self) -> &'static str {
        match self {
            Outcome::Win => "win",
            Outcome::Lose => "lose",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
