//! `verify`: the method proved on every small position, as a class can
//! watch it happen.
//!
//! Every position of up to N rows of up to M sticks is solved by the
//! search, the referee, and by each shortcut the tool uses for the game:
//! the grouping method and XOR for Nim, the row pattern and Grundy values
//! for take sets, the groups in sets of K + 1 and the column counts when a
//! move may take from several rows. Each must give the search's outcome
//! and the search's winning moves, and the move the tool would explain
//! must be legal and win. The work grows with the number of positions and
//! stays inside the search's own limits.

mod check;
mod positions;

use crate::rules::nim::Nim;
use crate::rules::rule::Rule;
use crate::solve::search::{Budget, Solver, TooBig};
use crate::teach::words::with_commas;

pub(crate) use self::check::Disagreement;

/// The most positions `verify` goes through, under each rule.
pub(crate) const MOST_VERIFIED: u128 = 1_000_000;

/// The most moves `verify` may look at under each rule, counted as the
/// positions times the moves from the largest of them: each move's result
/// is looked up in the search, about a tenth of a microsecond, so this
/// many take at most half a minute.
pub(crate) const MOST_VERIFIED_MOVES: u128 = 200_000_000;

/// What to verify.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Range {
    /// Up to this many rows.
    pub rows: usize,
    /// Up to this many sticks in a row.
    pub sticks: u64,
    /// The game; its rule is replaced by each of `rules` in turn.
    pub game: Nim,
    /// The rules to verify under.
    pub rules: Vec<Rule>,
}

/// What `verify` found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Report {
    /// Positions checked under each rule.
    pub positions: u64,
    /// The rules they were checked under.
    pub rules: Vec<Rule>,
    /// The shortcuts compared with the search, in the order first used.
    pub shortcuts: Vec<String>,
    /// How many disagreements there were.
    pub disagreements: u64,
    /// The first of them.
    pub first: Option<Disagreement>,
}

impl Report {
    /// The closing line: how many positions, under which rules, and what
    /// agreed, or how many disagreements there were.
    pub(crate) fn summary(&self) -> String {
        let rules = match self.rules.as_slice() {
            [Rule::Misere] => "where the last stick loses",
            [Rule::Normal] => "where the last stick wins",
            _ => "under both rules",
        };
        let checked = format!(
            "checked {} position{} {rules}",
            with_commas(u128::from(self.positions)),
            if self.positions == 1 { "" } else { "s" }
        );
        match self.disagreements {
            0 => {
                let names: Vec<&str> = self.shortcuts.iter().map(String::as_str).collect();
                format!(
                    "{checked}: {} and the search agree on every one, and every explained move is legal and wins",
                    names.join(", ")
                )
            }
            1 => format!("{checked}: 1 disagreement"),
            n => format!("{checked}: {} disagreements", with_commas(u128::from(n))),
        }
    }
}

impl Report {
    /// The report as one JSON object: `positions` (checked under each
    /// rule), `rules`, `checks` (the shortcuts compared with the search),
    /// `disagreements`, and `first_disagreement` in words or null.
    pub(crate) fn json(&self) -> String {
        serde_json::json!({
            "positions": self.positions,
            "rules": self.rules.iter().map(|r| r.name()).collect::<Vec<_>>(),
            "checks": self.shortcuts,
            "disagreements": self.disagreements,
            "first_disagreement": self.first.as_ref().map(ToString::to_string),
        })
        .to_string()
    }
}

/// Why `verify` would not start. Public, unlike the rest of this module,
/// because the crate's [`Error`](crate::Error) carries it.
#[derive(Debug, thiserror::Error)]
pub enum VerifyError {
    /// Too many moves to look at.
    #[error(
        "verify would look at up to {moves} moves under each rule ({positions} positions with up to {each} moves each), more than {most}, the limit: try fewer rows, fewer sticks or fewer rows per move"
    )]
    TooManyMoves {
        /// How many, with commas.
        moves: String,
        /// Positions, with commas.
        positions: String,
        /// Moves from the largest position, with commas.
        each: String,
        /// The limit, with commas.
        most: String,
    },
    /// Too many positions.
    #[error(
        "verify would check {positions} positions under each rule, more than {most}, the limit: try fewer rows or fewer sticks"
    )]
    TooMany {
        /// How many, with commas.
        positions: String,
        /// The limit, with commas.
        most: String,
    },
    /// The search cannot solve the largest position.
    #[error("{0}")]
    Search(#[from] TooBig),
}

impl Range {
    /// How many positions are checked under each rule.
    pub(crate) fn positions(&self) -> Option<u128> {
        positions::count(self.rows, self.sticks)
    }

    /// Refuses a range past [`MOST_VERIFIED`] or past the search's limits,
    /// at once, before any work.
    pub(crate) fn within_limits(&self) -> Result<u64, VerifyError> {
        let count = self.positions();
        let too_many = || VerifyError::TooMany {
            positions: count.map_or("more than 2^128".to_string(), with_commas),
            most: with_commas(MOST_VERIFIED),
        };
        let count = count.filter(|&c| c <= MOST_VERIFIED).ok_or_else(too_many)?;
        let each = self.moves_from_largest();
        let moves = count.saturating_mul(each);
        if moves > MOST_VERIFIED_MOVES {
            return Err(VerifyError::TooManyMoves {
                moves: with_commas(moves),
                positions: with_commas(count),
                each: with_commas(each),
                most: with_commas(MOST_VERIFIED_MOVES),
            });
        }
        let top = vec![self.sticks; self.rows];
        for &rule in &self.rules {
            self.solver(rule).estimate(&top)?;
        }
        Ok(count as u64)
    }

    /// How many moves the largest position has: for each number of rows
    /// a move may take from, the ways to choose those rows times the takes
    /// from each. Under a take set, each position's row values are worked
    /// out afresh, trying every take from every smaller row, and that work
    /// is counted as moves too.
    fn moves_from_largest(&self) -> u128 {
        let takes = self.game.takes.takes_from(self.sticks).count() as u128;
        let most = (self.game.rows_per_move.max(1) as usize).min(self.rows);
        let moves = (1..=most)
            .map(|j| {
                let choose = positions::choose(self.rows as u128, j as u128);
                choose.saturating_mul(takes.saturating_pow(j as u32))
            })
            .fold(0u128, u128::saturating_add);
        let row_values = match self.game.takes.only() {
            Some(_) => u128::from(self.sticks).saturating_mul(takes),
            None => 0,
        };
        moves.saturating_add(row_values)
    }

    fn game(&self, rule: Rule) -> Nim {
        Nim {
            rule,
            ..self.game.clone()
        }
    }

    fn solver(&self, rule: Rule) -> Solver {
        Solver::for_game(self.game(rule), Budget::default())
    }
}

/// Checks every position in `range`, telling `progress` how many are done
/// after each one (counting across the rules).
pub(crate) fn verify(range: &Range, progress: &mut dyn FnMut(u64)) -> Result<Report, VerifyError> {
    let positions = range.within_limits()?;
    let mut report = Report {
        positions,
        rules: range.rules.clone(),
        shortcuts: Vec::new(),
        disagreements: 0,
        first: None,
    };
    let mut done = 0;
    for &rule in &range.rules {
        let game = range.game(rule);
        let mut solver = range.solver(rule);
        // Solving the largest position first solves every other one.
        solver.solve(&vec![range.sticks; range.rows])?;
        for piles in positions::every(range.rows, range.sticks) {
            let found = check::check(&piles, &game, &mut solver)?;
            report.disagreements += found.len() as u64;
            if report.first.is_none() {
                report.first = found.into_iter().next();
            }
            done += 1;
            progress(done);
        }
        for shortcut in check::shortcuts(&game) {
            if !report.shortcuts.contains(&shortcut) {
                report.shortcuts.push(shortcut);
            }
        }
    }
    Ok(report)
}
