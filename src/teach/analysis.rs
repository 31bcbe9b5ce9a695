//! Everything `explain` says about one position, computed once.
//!
//! The method depends on the game. Nim is explained with the grouping
//! method. A single row under a take set is explained by its pattern of lost
//! counts. Several rows under a take set in normal play become Nim rows of
//! their Grundy values, paired like Nim. Several rows under a take set in
//! misère play have no shortcut and are searched move by move. When a move
//! may take from several rows (Moore's Nim), equal groups are gathered in
//! sets of one more than that number, and the winning move is built size by
//! size. This file picks the method; `method/worked.rs` works the position
//! out by it, and every method gives its moves in one form, from one row or
//! several.

use super::method::worked::{Method, Worked};
use crate::rules::commas::with_commas;
use crate::rules::multi_move::MultiMove;
use crate::rules::nim::Nim;
use crate::rules::outcome::Outcome;
use crate::rules::position::Position;
use crate::rules::rule::Rule;
use crate::solve::grouping::Grouping;
use crate::solve::moore::Moore;
use crate::solve::moore_count::{TooManyToCount, WinningMoves};
use crate::solve::nim_sum::nim_sum;
use crate::solve::one_row::RowPattern;
use crate::solve::periodic::NoRepeat;
use crate::solve::search::{Budget, Solved, Solver, TooBig};
use crate::solve::search_count::{self, SearchCounts, SearchRefused};

/// The most rows a position may have when a move may take from several
/// rows. Up to a thousand winning moves are listed, each with every row
/// after it, so this keeps that listing to a million row sizes.
pub(crate) const MOST_MOORE_ROWS: usize = 1_000;

/// Why a position could not be worked out.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AnalysisError {
    /// The game is too big to search.
    #[error("{0}")]
    TooBig(#[from] TooBig),
    /// The pattern of a subtraction game did not repeat soon enough.
    #[error("{0}")]
    NoRepeat(#[from] NoRepeat),
    /// `--show-search` was refused.
    #[error("{0}")]
    SearchRefused(#[from] SearchRefused),
    /// Counting every winning move of Moore's Nim would take too long.
    #[error("{0}")]
    TooManyToCount(#[from] TooManyToCount),
    /// Too many rows for moves from several rows.
    #[error(
        "with moves from several rows a position may have at most {} rows, and this one has {}: use fewer rows",
        with_commas(MOST_MOORE_ROWS as u128),
        with_commas(*rows as u128)
    )]
    TooManyRows {
        /// The rows the position has.
        rows: usize,
    },
    /// A game the tool cannot work out, such as limited takes from several
    /// rows at once.
    #[error("{0}")]
    RowsPerMove(#[from] crate::rules::rows_per_move::BadRowsPerMove),
}

/// Which way a position is worked out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Way {
    /// Nim: the grouping method.
    Grouping,
    /// One row with sticks (the one given), under a take set.
    OneRow(usize),
    /// Several rows, normal play, under a take set: Grundy values.
    Grundy,
    /// Several rows, misère play, under a take set: the search.
    Search,
    /// Moves from several rows: sets of K + 1.
    Moore,
}

impl Way {
    /// The way for `position` under `game`.
    pub(crate) fn of(position: &Position, game: &Nim) -> Way {
        let mut with_sticks = (0..position.len()).filter(|&i| position.piles()[i] > 0);
        let first = with_sticks.next();
        let more = with_sticks.next().is_some();
        match (game.takes.only(), game.rule, more) {
            (None, _, _) if game.rows_per_move > 1 => Way::Moore,
            (None, _, _) => Way::Grouping,
            (Some(_), _, false) => Way::OneRow(first.unwrap_or(0)),
            (Some(_), Rule::Normal, true) => Way::Grundy,
            (Some(_), Rule::Misere, true) => Way::Search,
        }
    }
}

/// Extra work `explain` may be asked for.
#[derive(Clone, Copy, Debug, Default)]
pub struct Extras {
    /// Confirm with the brute-force search.
    pub brute_force: bool,
    /// Count the calls of a plain and a remembering search.
    pub show_search: bool,
}

/// The analysis of a position for the player about to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// The position, rows in the order given.
    pub position: Position,
    /// The rules.
    pub game: Nim,
    /// How it was solved.
    pub method: Method,
    /// Whether the player to move can force a win.
    pub outcome: Outcome,
    /// The move to make, from one row or, in Moore's Nim, several: the
    /// winning move on a won position, a move that keeps the game going on
    /// a lost one, and none when no move is possible.
    pub best: Option<MultiMove>,
    /// The winning moves, from one row or several, in order: all of them,
    /// or for Moore's Nim the first
    /// [`crate::solve::moore_count::LISTED_MOVES`]; and how many there are
    /// in all. `None` when they were not counted (`Analysis::brief`).
    pub winning: Option<WinningMoves>,
    /// The brute-force result, when asked for or when it was the method.
    pub searched: Option<Solved>,
    /// The call counts of `--show-search`.
    pub search_counts: Option<SearchCounts>,
}

impl Analysis {
    /// Analyses `position` under `game`.
    pub fn new(position: Position, game: Nim, extras: Extras) -> Result<Analysis, AnalysisError> {
        let mut solver = Solver::for_game(game.clone(), Budget::default());
        Analysis::using(position, game, extras, &mut solver)
    }

    /// Analyses `position` under `game`, searching (when it must) with
    /// `solver`, which keeps what it works out: a game asks about one
    /// position after another and pays for the search once.
    pub(crate) fn using(
        position: Position,
        game: Nim,
        extras: Extras,
        solver: &mut Solver,
    ) -> Result<Analysis, AnalysisError> {
        Analysis::work(position, game, extras, solver, true)
    }

    /// Analyses `position` under `game` for who wins and the move to make,
    /// without counting every winning move of Moore's Nim, which can take
    /// far longer than the rest: for a position whose winning moves are
    /// never listed, such as the one a move leaves or one in a review.
    /// Other methods find their winning moves as they go, and give them.
    pub(crate) fn brief(
        position: Position,
        game: Nim,
        solver: &mut Solver,
    ) -> Result<Analysis, AnalysisError> {
        Analysis::work(position, game, Extras::default(), solver, false)
    }

    fn work(
        position: Position,
        game: Nim,
        extras: Extras,
        solver: &mut Solver,
        count: bool,
    ) -> Result<Analysis, AnalysisError> {
        if game.rows_per_move > 1 {
            // Checked again here, as every game is worked out here: a take
            // set from several rows would be answered wrongly.
            game.with_rows_per_move(game.rows_per_move)?;
            if position.len() > MOST_MOORE_ROWS {
                return Err(AnalysisError::TooManyRows {
                    rows: position.len(),
                });
            }
        }
        let worked = match Way::of(&position, &game) {
            Way::Moore => Worked::by_moore(&position, &game, count)?,
            Way::Grouping => Worked::by_grouping(&position, game.rule),
            Way::OneRow(pile) => Worked::by_pattern(&position, &game, pile, solver)?,
            Way::Grundy => Worked::by_grundy(&position, &game, solver)?,
            Way::Search => Worked::by_search(&position, solver)?,
        };
        let mut analysis = Analysis {
            position,
            game,
            method: worked.method,
            outcome: worked.outcome,
            best: worked.best,
            winning: worked.winning,
            searched: worked.searched,
            search_counts: None,
        };
        if extras.brute_force && analysis.searched.is_none() {
            analysis.searched = Some(solver.solve(analysis.position.piles())?);
        }
        if extras.show_search {
            analysis.search_counts = Some(analysis.count_searches()?);
        }
        Ok(analysis)
    }

    fn count_searches(&self) -> Result<SearchCounts, SearchRefused> {
        let with_sticks: Vec<usize> = (0..self.position.len())
            .filter(|&i| self.position.piles()[i] > 0)
            .collect();
        let n = match with_sticks.as_slice() {
            [] => 0,
            [pile] => self.position.piles()[*pile],
            _ => return Err(SearchRefused::NotOneRow),
        };
        if n > search_count::LARGEST_ROW {
            return Err(SearchRefused::RowTooBig);
        }
        let takes: Vec<u64> = match self.game.takes.only() {
            Some(takes) => takes.to_vec(),
            None => (1..=n).collect(),
        };
        search_count::count(n, &takes, self.game.rule)
    }

    /// The rule played.
    pub(crate) fn rule(&self) -> Rule {
        self.game.rule
    }

    /// The XOR of the rows, for Nim.
    pub(crate) fn nim_sum(&self) -> Option<u64> {
        self.grouping().map(|_| nim_sum(self.position.piles()))
    }

    /// The Grundy value of each row, where it applies (normal play under
    /// a take set).
    pub(crate) fn grundy_values(&self) -> Option<Vec<u64>> {
        self.method.grundy_values(&self.position, &self.game)
    }

    /// The grouping trace, for Nim.
    pub(crate) fn grouping(&self) -> Option<&Grouping> {
        self.method.grouping()
    }

    /// The pattern of lost counts, for a single row under a take set: a
    /// board is drawn in its blocks.
    pub(crate) fn pattern(&self) -> Option<&RowPattern> {
        self.method.pattern()
    }

    /// The working in sets of K + 1, for Moore's Nim.
    pub(crate) fn moore(&self) -> Option<&Moore> {
        self.method.moore()
    }

    /// The winning moves listed, in order; none when they were not
    /// counted.
    pub fn winning_moves(&self) -> &[MultiMove] {
        match &self.winning {
            Some(winning) => &winning.listed,
            None => &[],
        }
    }

    /// The position after `mv`, a legal move here from one row or several.
    pub(crate) fn after(&self, mv: &MultiMove) -> Position {
        self.position
            .play_multi(mv, &self.game)
            .expect("moves shown are legal")
    }

    /// Whether no move is possible: the game is over.
    pub(crate) fn is_over(&self) -> bool {
        self.position.moves_with(&self.game.takes).next().is_none()
    }
}
