//! Everything `explain` says about one position, computed once.
//!
//! The method depends on the game. Nim is explained with the grouping
//! method. A single row under a take set is explained by its pattern of lost
//! counts. Several rows under a take set in normal play become Nim rows of
//! their Grundy values, paired like Nim. Several rows under a take set in
//! misère play have no shortcut and are searched move by move. When a move
//! may take from several rows (Moore's Nim), equal groups are gathered in
//! sets of one more than that number, and the winning move is built size by
//! size. Every method gives its moves in one form, from one row or
//! several.

use crate::rules::moves::Move;
use crate::rules::multi_move::MultiMove;
use crate::rules::nim::Nim;
use crate::rules::outcome::Outcome;
use crate::rules::position::Position;
use crate::rules::rule::Rule;
use crate::solve::grouping::Grouping;
use crate::solve::grundy::Grundy;
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
pub const MOST_MOORE_ROWS: usize = 1_000;

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
        "with moves from several rows a position may have at most {MOST_MOORE_ROWS} rows, and this one has {rows}: use fewer rows"
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

/// How the position was solved, with the working to show.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Method {
    /// Nim: Verhoeff's grouping method.
    Grouping(Grouping),
    /// One row with sticks, under a take set: the pattern of lost counts.
    OneRow {
        /// The row with the sticks (the first row when none has any).
        pile: usize,
        /// The lost and won counts.
        pattern: RowPattern,
    },
    /// Several rows, normal play, under a take set.
    Grundy {
        /// The Grundy value of every row size.
        grundy: Grundy,
        /// The grouping method applied to the rows' Grundy values.
        pairing: Grouping,
    },
    /// Several rows, misère play, under a take set: searched.
    Searched,
    /// Moore's Nim: a move may take from up to K rows (K above 1), and
    /// equal groups are gathered in sets of K + 1.
    Moore(Moore),
}

/// Which way a position is worked out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Way {
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
    pub fn of(position: &Position, game: &Nim) -> Way {
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
    /// in all. `None` when they were not counted ([`Analysis::brief`]).
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
    pub fn using(
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
    pub fn brief(
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
        let with_sticks: Vec<usize> = (0..position.len())
            .filter(|&i| position.piles()[i] > 0)
            .collect();
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
        let mut analysis = match Way::of(&position, &game) {
            Way::Moore => Analysis::by_moore(position, game, count)?,
            Way::Grouping => Analysis::by_grouping(position, game),
            Way::OneRow(pile) => Analysis::one_row(position, game, pile)?,
            Way::Grundy => Analysis::grundy(position, game)?,
            Way::Search => Analysis::searched(position, game, solver)?,
        };
        if extras.brute_force && analysis.searched.is_none() {
            analysis.searched = Some(solver.solve(analysis.position.piles())?);
        }
        if extras.show_search {
            analysis.search_counts = Some(analysis.count_searches(&with_sticks)?);
        }
        Ok(analysis)
    }

    fn by_grouping(position: Position, game: Nim) -> Analysis {
        let grouping = Grouping::new(&position, game.rule);
        Analysis {
            outcome: grouping.outcome(),
            best: grouping.recommended().map(MultiMove::from),
            winning: Some(WinningMoves::every(grouping.winning_moves())),
            method: Method::Grouping(grouping),
            position,
            game,
            searched: None,
            search_counts: None,
        }
    }

    fn by_moore(position: Position, game: Nim, count: bool) -> Result<Analysis, AnalysisError> {
        let k = std::num::NonZeroU32::new(game.rows_per_move).expect("more than one row per move");
        let moore = Moore::new(&position, game.rule, k);
        let winning = match count {
            true => Some(moore.winning_moves()?),
            false => None,
        };
        Ok(Analysis {
            outcome: moore.outcome(),
            best: moore.recommended(),
            method: Method::Moore(moore),
            position,
            game,
            winning,
            searched: None,
            search_counts: None,
        })
    }

    fn one_row(position: Position, game: Nim, pile: usize) -> Result<Analysis, AnalysisError> {
        let pattern = RowPattern::new(&game)?;
        // A position with no rows at all has no row to look at: nothing
        // can be taken, as from an empty row.
        let n = position.piles().get(pile).copied().unwrap_or(0);
        let outcome = pattern.outcome(n);
        let winning_moves = pattern.winning_moves(pile, n);
        let best = match outcome {
            Outcome::Win => winning_moves.first().copied(),
            Outcome::Lose => keep_going(&position, &game),
        };
        Ok(Analysis {
            position,
            game,
            method: Method::OneRow { pile, pattern },
            outcome,
            best: best.map(MultiMove::from),
            winning: Some(WinningMoves::every(winning_moves)),
            searched: None,
            search_counts: None,
        })
    }

    fn grundy(position: Position, game: Nim) -> Result<Analysis, AnalysisError> {
        let grundy = Grundy::new(&game)?;
        let values: Vec<u64> = position.piles().iter().map(|&n| grundy.of(n)).collect();
        let total = nim_sum(&values);
        let pairing = Grouping::new(&Position::new(values.clone()), Rule::Normal);
        let winning_moves: Vec<Move> = match total {
            0 => Vec::new(),
            _ => position
                .piles()
                .iter()
                .enumerate()
                .flat_map(|(pile, &n)| {
                    let target = values[pile] ^ total;
                    let grundy = &grundy;
                    game.takes
                        .takes_from(n)
                        .filter(move |&t| grundy.of(n - t) == target)
                        .map(move |take| Move { pile, take })
                })
                .collect(),
        };
        // The move follows the pairing: the row it chose, brought to the
        // value it chose, so what is said of that row is true of the move.
        let paired = pairing.recommended().and_then(|nim| {
            let n = position.piles()[nim.pile];
            let target = values[nim.pile] - nim.take;
            game.takes
                .takes_from(n)
                .find(|&t| grundy.of(n - t) == target)
                .map(|take| Move {
                    pile: nim.pile,
                    take,
                })
        });
        let (outcome, best) = match (winning_moves.is_empty(), paired) {
            (false, Some(mv)) => (Outcome::Win, Some(mv)),
            _ => (Outcome::Lose, keep_going(&position, &game)),
        };
        Ok(Analysis {
            position,
            method: Method::Grundy { grundy, pairing },
            game,
            outcome,
            best: best.map(MultiMove::from),
            winning: Some(WinningMoves::every(winning_moves)),
            searched: None,
            search_counts: None,
        })
    }

    fn searched(
        position: Position,
        game: Nim,
        solver: &mut Solver,
    ) -> Result<Analysis, AnalysisError> {
        let solved = solver.solve(position.piles())?;
        let winning_moves = solver.winning_moves(&position)?;
        let best = solver.best_move(&position)?.map(|(mv, _)| mv);
        Ok(Analysis {
            position,
            game,
            method: Method::Searched,
            outcome: solved.outcome,
            best: best.map(MultiMove::from),
            winning: Some(WinningMoves::every(winning_moves)),
            searched: Some(solved),
            search_counts: None,
        })
    }

    fn count_searches(&self, with_sticks: &[usize]) -> Result<SearchCounts, SearchRefused> {
        let n = match with_sticks {
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
    pub fn rule(&self) -> Rule {
        self.game.rule
    }

    /// The XOR of the rows, for Nim.
    pub fn nim_sum(&self) -> Option<u64> {
        match &self.method {
            Method::Grouping(_) => Some(nim_sum(self.position.piles())),
            _ => None,
        }
    }

    /// The Grundy value of each row, where it applies (normal play under
    /// a take set).
    pub fn grundy_values(&self) -> Option<Vec<u64>> {
        match (&self.method, self.game.rule) {
            (Method::Grundy { pairing, .. }, _) => {
                Some(pairing.rows.iter().map(|r| r.sticks).collect())
            }
            (Method::OneRow { .. }, Rule::Normal) => {
                let grundy = Grundy::new(&self.game).ok()?;
                Some(
                    self.position
                        .piles()
                        .iter()
                        .map(|&n| grundy.of(n))
                        .collect(),
                )
            }
            _ => None,
        }
    }

    /// The grouping trace, for Nim.
    pub fn grouping(&self) -> Option<&Grouping> {
        match &self.method {
            Method::Grouping(g) => Some(g),
            _ => None,
        }
    }

    /// The pattern of lost counts, for a single row under a take set: a
    /// board is drawn in its blocks.
    pub fn pattern(&self) -> Option<&RowPattern> {
        match &self.method {
            Method::OneRow { pattern, .. } => Some(pattern),
            _ => None,
        }
    }

    /// The working in sets of K + 1, for Moore's Nim.
    pub fn moore(&self) -> Option<&Moore> {
        match &self.method {
            Method::Moore(m) => Some(m),
            _ => None,
        }
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
    pub fn after(&self, mv: &MultiMove) -> Position {
        self.position
            .play_multi(mv, &self.game)
            .expect("moves shown are legal")
    }

    /// Whether no move is possible: the game is over.
    pub fn is_over(&self) -> bool {
        self.position.moves_with(&self.game.takes).next().is_none()
    }
}

/// A move that keeps a lost game going: the smallest allowed take from the
/// biggest row that can be moved from.
fn keep_going(position: &Position, game: &Nim) -> Option<Move> {
    position
        .piles()
        .iter()
        .enumerate()
        .filter_map(|(pile, &n)| game.takes.takes_from(n).next().map(|take| (n, pile, take)))
        .max_by(|a, b| a.0.cmp(&b.0).then(b.1.cmp(&a.1)))
        .map(|(_, pile, take)| Move { pile, take })
}
