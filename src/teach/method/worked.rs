//! A position worked out by one method: the method's working, kept to be
//! told, with who wins, the move to make and the winning moves.
//!
//! Every method gives its moves in one form, [`MultiMove`]: a move from
//! one row is a move of one part, so the grouping method, a row's pattern,
//! Grundy values and the search give theirs exactly as Moore's Nim gives
//! its moves from several rows. This file sits below the words about each
//! method, so the analysis can pick a method and work a position out here
//! without reaching up to what is said of it.

use std::sync::Arc;

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
use crate::solve::search::{Solved, Solver, TooBig};

/// How the position was solved, with the working to show.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Method {
    /// Nim: Verhoeff's grouping method.
    Grouping(Grouping),
    /// One row with sticks, under a take set: the pattern of lost counts.
    OneRow {
        /// The row with the sticks (the first row when none has any).
        pile: usize,
        /// The lost and won counts, kept for the whole game.
        pattern: Arc<RowPattern>,
    },
    /// Several rows, normal play, under a take set.
    Grundy {
        /// The Grundy value of every row size, kept for the whole game.
        grundy: Arc<Grundy>,
        /// The grouping method applied to the rows' Grundy values.
        pairing: Grouping,
    },
    /// Several rows, misère play, under a take set: searched.
    Searched,
    /// Moore's Nim: a move may take from up to K rows (K above 1), and
    /// equal groups are gathered in sets of K + 1.
    Moore(Moore),
}

impl Method {
    /// The grouping trace, for Nim.
    pub(crate) fn grouping(&self) -> Option<&Grouping> {
        match self {
            Method::Grouping(g) => Some(g),
            _ => None,
        }
    }

    /// The pattern of lost counts, for a single row under a take set.
    pub(crate) fn pattern(&self) -> Option<&RowPattern> {
        match self {
            Method::OneRow { pattern, .. } => Some(pattern.as_ref()),
            _ => None,
        }
    }

    /// The working in sets of K + 1, for Moore's Nim.
    pub(crate) fn moore(&self) -> Option<&Moore> {
        match self {
            Method::Moore(m) => Some(m),
            _ => None,
        }
    }

    /// The Grundy value of each row of `position` under `game`, where it
    /// applies (normal play under a take set).
    pub(crate) fn grundy_values(&self, position: &Position, game: &Nim) -> Option<Vec<u64>> {
        match (self, game.rule) {
            (Method::Grundy { pairing, .. }, _) => {
                Some(pairing.rows.iter().map(|r| r.sticks).collect())
            }
            (Method::OneRow { .. }, Rule::Normal) => {
                let grundy = Grundy::new(game).ok()?;
                Some(position.piles().iter().map(|&n| grundy.of(n)).collect())
            }
            _ => None,
        }
    }
}

/// A position worked out by one method.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Worked {
    /// How it was solved.
    pub method: Method,
    /// Whether the player to move can force a win.
    pub outcome: Outcome,
    /// The winning move on a won position, a move that keeps the game going
    /// on a lost one, and none when no move is possible.
    pub best: Option<MultiMove>,
    /// The winning moves, in order, and how many there are; `None` when
    /// Moore's Nim was asked not to count them.
    pub winning: Option<WinningMoves>,
    /// The search's answer, when the search was the method.
    pub searched: Option<Solved>,
}

impl Worked {
    /// Nim, by the grouping method.
    pub(crate) fn by_grouping(position: &Position, rule: Rule) -> Worked {
        let grouping = Grouping::new(position, rule);
        Worked {
            outcome: grouping.outcome(),
            best: grouping.recommended().map(MultiMove::from),
            winning: Some(WinningMoves::every(grouping.winning_moves())),
            method: Method::Grouping(grouping),
            searched: None,
        }
    }

    /// Moore's Nim, in sets of K + 1; its winning moves counted only when
    /// `count` asks for them, as counting can take far longer than the
    /// rest.
    pub(crate) fn by_moore(
        position: &Position,
        game: &Nim,
        count: bool,
    ) -> Result<Worked, TooManyToCount> {
        let k = std::num::NonZeroU32::new(game.rows_per_move).expect("more than one row per move");
        let moore = Moore::new(position, game.rule, k);
        let winning = match count {
            true => Some(moore.winning_moves()?),
            false => None,
        };
        Ok(Worked {
            outcome: moore.outcome(),
            best: moore.recommended(),
            winning,
            method: Method::Moore(moore),
            searched: None,
        })
    }

    /// A single row (row `pile`) under a take set, by its pattern.
    /// The pattern is `solver`'s, worked out once for the game.
    pub(crate) fn by_pattern(
        position: &Position,
        game: &Nim,
        pile: usize,
        solver: &mut Solver,
    ) -> Result<Worked, NoRepeat> {
        let pattern = solver.pattern(game)?;
        // A position with no rows at all has no row to look at: nothing
        // can be taken, as from an empty row.
        let n = position.piles().get(pile).copied().unwrap_or(0);
        let outcome = pattern.outcome(n);
        let winning_moves = pattern.winning_moves(pile, n);
        let best = match outcome {
            Outcome::Win => winning_moves.first().copied(),
            Outcome::Lose => keep_going(position, game),
        };
        Ok(Worked {
            method: Method::OneRow { pile, pattern },
            outcome,
            best: best.map(MultiMove::from),
            winning: Some(WinningMoves::every(winning_moves)),
            searched: None,
        })
    }

    /// Several rows in normal play under a take set, by Grundy values.
    /// The values are `solver`'s, worked out once for the game.
    pub(crate) fn by_grundy(
        position: &Position,
        game: &Nim,
        solver: &mut Solver,
    ) -> Result<Worked, NoRepeat> {
        let grundy = solver.grundy(game)?;
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
            _ => (Outcome::Lose, keep_going(position, game)),
        };
        Ok(Worked {
            method: Method::Grundy { grundy, pairing },
            outcome,
            best: best.map(MultiMove::from),
            winning: Some(WinningMoves::every(winning_moves)),
            searched: None,
        })
    }

    /// Several rows in misère play under a take set, which have no
    /// shortcut: by the search.
    pub(crate) fn by_search(position: &Position, solver: &mut Solver) -> Result<Worked, TooBig> {
        let solved = solver.solve(position.piles())?;
        let winning_moves = solver.winning_moves(position)?;
        let best = solver.best_move(position)?.map(|(mv, _)| mv);
        Ok(Worked {
            method: Method::Searched,
            outcome: solved.outcome,
            best: best.map(MultiMove::from),
            winning: Some(WinningMoves::every(winning_moves)),
            searched: Some(solved),
        })
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
