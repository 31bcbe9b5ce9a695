//! The rules of the game being played: how it ends (misère or normal), how
//! many sticks a move may take, and from how many rows at once.

use super::rule::Rule;
use super::take_set::TakeSet;

/// The full rules of a take-away game.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Nim {
    /// Who wins when no move is left.
    pub rule: Rule,
    /// How many sticks a move may take from one row.
    pub takes: TakeSet,
    /// From how many rows one move may take: 1 in Nim and subtraction
    /// games, more in Moore's Nim (where any number may be taken from each).
    pub rows_per_move: u32,
}

impl Default for Nim {
    fn default() -> Nim {
        Nim::new(Rule::default())
    }
}

impl Nim {
    /// Nim under `rule`: take any number from one row.
    pub fn new(rule: Rule) -> Nim {
        Nim::with_takes(rule, TakeSet::Any)
    }

    /// A game under `rule` where a move takes one of `takes` from one row.
    pub fn with_takes(rule: Rule, takes: TakeSet) -> Nim {
        Nim {
            rule,
            takes,
            rows_per_move: 1,
        }
    }

    /// Whether this is plain Nim: any number from one row.
    pub fn is_nim(&self) -> bool {
        self.takes == TakeSet::Any && self.rows_per_move == 1
    }

    /// The rules in words a pupil knows, for a game of `rows` rows: "last
    /// stick loses", or "last stick loses; a move takes 1 to 3 sticks" (and
    /// "from one row" when there is more than one), or "last stick loses; a
    /// move may take from up to 2 rows" when a move may take from several.
    pub(crate) fn describe(&self, rows: usize) -> String {
        let ending = |thing: &str| match self.rule {
            Rule::Misere => format!("last {thing} loses"),
            Rule::Normal => format!("last {thing} wins"),
        };
        let takes = match (&self.takes, self.rows_per_move) {
            (TakeSet::Any, 0 | 1) => return ending("stick"),
            (TakeSet::Any, k) => {
                return format!("{}; a move may take from up to {k} rows", ending("stick"));
            }
            (takes, _) => takes,
        };
        // When a move cannot take a single stick, a player can be stuck with
        // sticks left, so the rule is about the last move, not the last stick.
        let ending = match takes.allows(1) {
            true => ending("stick"),
            false => ending("move"),
        };
        let from = if rows > 1 { " from one row" } else { "" };
        let sticks = match takes.only() {
            Some([1]) => "stick",
            _ => "sticks",
        };
        format!("{ending}; a move takes {takes} {sticks}{from}")
    }

    /// The rules as a pupil would say them, without the name of the rule:
    /// "whoever takes the last stick loses, and a move takes 1 to 3
    /// sticks".
    pub(crate) fn in_words(&self, rows: usize) -> String {
        let ending = match (self.rule, self.takes.allows(1)) {
            (Rule::Misere, true) => "whoever takes the last stick loses",
            (Rule::Normal, true) => "whoever takes the last stick wins",
            (Rule::Misere, false) => "whoever makes the last move loses",
            (Rule::Normal, false) => "whoever makes the last move wins",
        };
        match (&self.takes, self.rows_per_move) {
            (TakeSet::Any, 0 | 1) => ending.to_string(),
            (TakeSet::Any, k) => format!("{ending}, and a move may take from up to {k} rows"),
            (takes, _) => {
                let from = if rows > 1 { " from one row" } else { "" };
                format!("{ending}, and a move takes {takes} sticks{from}")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rules_in_a_pupils_words_never_name_the_rule() {
        let takes = |set| TakeSet::parse(set).unwrap();
        let cases = [
            (
                Nim::new(Rule::Misere),
                3,
                "whoever takes the last stick loses",
            ),
            (
                Nim::new(Rule::Normal),
                3,
                "whoever takes the last stick wins",
            ),
            (
                Nim::with_takes(Rule::Misere, takes("1-3")),
                1,
                "whoever takes the last stick loses, and a move takes 1 to 3 sticks",
            ),
            (
                Nim::with_takes(Rule::Normal, takes("2,3")),
                2,
                "whoever makes the last move wins, and a move takes 2 or 3 sticks from one row",
            ),
        ];
        for (game, rows, expected) in cases {
            assert_eq!(game.in_words(rows), expected);
            assert!(!game.in_words(rows).contains("misère"));
        }
    }
}
