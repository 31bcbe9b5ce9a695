//! Each command's flags by the names a game reads its question by
//! ([`Words`]): the same names the page's parameters have, so a game reads
//! the command line and the page alike. Nothing is read here; the flags
//! are only handed over.

use super::args::{
    CheckArgs, ChompCheckArgs, ChompExplainArgs, ChompPlayArgs, ExplainArgs, PlayArgs,
    RowsPerMoveArgs, TableArgs, TakeArgs, VerifyArgs,
};
use crate::teach::queried::Words;

/// The start of `matchsticks play` without rows: the 3-5-7 game.
const PLAYED_WITHOUT_ROWS: [&str; 3] = ["3", "5", "7"];

/// The words of the rules every Nim command shares: `--take` and
/// `--rows-per-move`.
fn rule_words(name: &str, takes: &TakeArgs, per_move: &RowsPerMoveArgs) -> Option<Vec<String>> {
    match name {
        "take" => takes.take.clone().map(|take| vec![take]),
        "rows_per_move" => Some(vec![per_move.rows_per_move.to_string()]),
        _ => None,
    }
}

/// One word, when given.
fn one(word: &Option<String>) -> Option<Vec<String>> {
    word.clone().map(|word| vec![word])
}

impl Words for ExplainArgs {
    fn words(&self, name: &str) -> Option<Vec<String>> {
        match name {
            "position" => Some(self.rows.clone()),
            _ => rule_words(name, &self.takes, &self.per_move),
        }
    }

    fn flag(&self, name: &str) -> bool {
        match name {
            "normal" => self.game.normal,
            "xor" => self.xor,
            "brute_force" => self.brute_force,
            "show_search" => self.show_search,
            _ => false,
        }
    }
}

impl Words for CheckArgs {
    fn words(&self, name: &str) -> Option<Vec<String>> {
        match name {
            "position" => Some(self.rows.clone()),
            "to" => self.to.clone(),
            "row" => one(&self.row),
            "remove" => one(&self.remove),
            _ => rule_words(name, &self.takes, &self.per_move),
        }
    }

    fn flag(&self, name: &str) -> bool {
        name == "normal" && self.game.normal
    }
}

impl Words for TableArgs {
    fn words(&self, name: &str) -> Option<Vec<String>> {
        match name {
            "position" => Some(self.rows.clone()),
            _ => rule_words(name, &self.takes, &self.per_move),
        }
    }

    fn flag(&self, name: &str) -> bool {
        name == "normal" && self.game.normal
    }
}

impl Words for PlayArgs {
    fn words(&self, name: &str) -> Option<Vec<String>> {
        match name {
            "position" if self.rows.is_empty() => {
                Some(PLAYED_WITHOUT_ROWS.map(str::to_string).to_vec())
            }
            "position" => Some(self.rows.clone()),
            _ => rule_words(name, &self.takes, &self.per_move),
        }
    }

    fn flag(&self, name: &str) -> bool {
        name == "normal" && self.normal
    }
}

/// Only the takes: `verify` chooses the rules it checks under, and how
/// many rows a move may take from, itself.
impl Words for VerifyArgs {
    fn words(&self, name: &str) -> Option<Vec<String>> {
        match name {
            "take" => one(&self.takes.take),
            _ => None,
        }
    }
}

impl Words for ChompExplainArgs {
    fn words(&self, name: &str) -> Option<Vec<String>> {
        match name {
            "shape" => Some(self.shape.clone()),
            _ => None,
        }
    }
}

impl Words for ChompCheckArgs {
    fn words(&self, name: &str) -> Option<Vec<String>> {
        match name {
            "shape" => Some(self.shape.clone()),
            "bite" => Some(vec![self.bite.clone()]),
            _ => None,
        }
    }
}

impl Words for ChompPlayArgs {
    fn words(&self, name: &str) -> Option<Vec<String>> {
        match name {
            "shape" => Some(self.shape.clone()),
            _ => None,
        }
    }
}
