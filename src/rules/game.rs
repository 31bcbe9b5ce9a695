//! The rules of the game being played: how it ends (misère or normal), how
//! many sticks a move may take, and from how many rows at once.

use super::rule::Rule;
use super::take_set::TakeSet;

/// The full rules of a take-away game.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Game {
    /// Who wins when no move is left.
    pub rule: Rule,
    /// How many sticks a move may take from one row.
    pub takes: TakeSet,
    /// From how many rows one move may take: 1 in Nim and subtraction
    /// games, more in Moore's Nim (where any number may be taken from each).
    pub rows_per_move: u32,
}

impl Default for Game {
    fn default() -> Game {
        Game::nim(Rule::default())
    }
}

impl Game {
    /// Nim under `rule`: take any number from one row.
    pub fn nim(rule: Rule) -> Game {
        Game::with_takes(rule, TakeSet::Any)
    }

    /// A game under `rule` where a move takes one of `takes` from one row.
    pub fn with_takes(rule: Rule, takes: TakeSet) -> Game {
        Game {
            rule,
            takes,
            rows_per_move: 1,
        }
    }

    /// Whether this is plain Nim: any number from one row.
    pub fn is_nim(&self) -> bool {
        self.takes == TakeSet::Any && self.rows_per_move == 1
    }

    /// The rules in words for a game of `rows` rows: "misère: whoever takes
    /// the last stick loses; a move takes 1 to 3 sticks" (and "from one
    /// row" when there is more than one), or "…; a move may take from up
    /// to 2 rows" when a move may take from several.
    pub fn describe(&self, rows: usize) -> String {
        let takes = match (&self.takes, self.rows_per_move) {
            (TakeSet::Any, 0 | 1) => return self.rule.describe().to_string(),
            (TakeSet::Any, k) => {
                return format!(
                    "{}; a move may take from up to {k} rows",
                    self.rule.describe()
                );
            }
            (takes, _) => takes,
        };
        // When a move cannot take a single stick, a player can be stuck with
        // sticks left, so the rule is about the last move, not the last stick.
        let ending = match (self.rule, takes.allows(1)) {
            (_, true) => self.rule.describe(),
            (Rule::Misere, false) => "misère: whoever makes the last move loses",
            (Rule::Normal, false) => "normal play: whoever makes the last move wins",
        };
        let from = if rows > 1 { " from one row" } else { "" };
        format!("{ending}; a move takes {takes} sticks{from}")
    }
}
