//! A bar worked out once: who wins, the known strategy that covers it if
//! there is one, what the search says when the bar fits it, and the bite
//! to make.
//!
//! The search answers every bar within its limit, and then its answers are
//! the ones given. Beyond the limit a strategy still answers an L, a bar of
//! two rows or a bar whose top row is as long as its first column (a
//! square, say), and strategy stealing still says who wins on a rectangle,
//! though not how. Any other bar beyond the limit cannot be worked out.

use crate::rules::bar::{Arms, Bar, Bite};
use crate::rules::outcome::Outcome;
use crate::solve::chomp::{
    ChompSearch, StrategyStealing, equal_sides_strategy, reachable, square_strategy,
    strategy_stealing, two_row_strategy,
};

use super::words::{shape, shapes as shapes_in_words};
use crate::teach::words::with_commas;

/// A rule that wins on a bar without a search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Strategy {
    /// An L: the top row and the first column alone, one row, one column,
    /// or the poisoned square alone. Make the arms equal, then copy.
    Arms(Arms),
    /// The top row exactly as long as the first column, and more than an
    /// L. Bite (2,2) to leave an L with equal arms, then copy.
    EqualSides {
        /// The length of the top row and of the first column.
        side: usize,
        /// Whether the bar is a full square.
        square: bool,
    },
    /// Two rows (and not a square or an L). Keep the bottom row exactly
    /// one square shorter than the top.
    TwoRows {
        /// Squares in the top row.
        top: usize,
        /// Squares in the bottom row.
        bottom: usize,
    },
}

impl Strategy {
    /// The strategy that covers `bar`, if one does. The eaten bar has none.
    pub(crate) fn of(bar: &Bar) -> Option<Strategy> {
        if bar.is_eaten() {
            return None;
        }
        match (bar.arms(), bar.row_lengths()) {
            (Some(arms), _) => Some(Strategy::Arms(arms)),
            (None, _) if bar.rows() == bar.columns() => Some(Strategy::EqualSides {
                side: bar.rows(),
                square: bar.is_rectangle(),
            }),
            (None, &[top, bottom]) => Some(Strategy::TwoRows { top, bottom }),
            (None, _) => None,
        }
    }

    /// Who wins, for the player to move.
    pub fn outcome(self) -> Outcome {
        match self {
            Strategy::Arms(Arms { right, down }) if right == down => Outcome::Lose,
            Strategy::TwoRows { top, bottom } if bottom + 1 == top => Outcome::Lose,
            Strategy::Arms(_) | Strategy::EqualSides { .. } | Strategy::TwoRows { .. } => {
                Outcome::Win
            }
        }
    }

    /// The bite the strategy makes on `bar`, which it covers; `None` when
    /// the bar is lost.
    pub fn bite(self, bar: &Bar) -> Option<Bite> {
        match self {
            Strategy::Arms(_) => square_strategy(bar),
            Strategy::EqualSides { .. } => equal_sides_strategy(bar),
            Strategy::TwoRows { .. } => two_row_strategy(bar),
        }
    }

    /// Every winning bite on `bar`, when the strategy knows them all. On an
    /// L and on two rows the strategy's bite is the only one; on a square
    /// every other bite leaves a rectangle or lets the opponent bite (2,2).
    /// On other bars with equal sides a bite in the top row or the first
    /// column might win too, and only a search can tell.
    pub fn every_winning_bite(self, bar: &Bar) -> Option<Vec<Bite>> {
        match self {
            Strategy::EqualSides { square: false, .. } => None,
            _ => Some(self.bite(bar).into_iter().collect()),
        }
    }
}

/// What the search did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Searched {
    /// It valued every shape a game on the bar can reach.
    Done {
        /// How many shapes that is, the bar and the eaten bar included.
        shapes: u128,
        /// Bites left under perfect play, this one and the poison included.
        bites_left: u64,
    },
    /// The bar can reach more shapes than the search may value.
    Refused {
        /// How many shapes that is.
        shapes: u128,
        /// The most the search may value.
        limit: u64,
    },
}

/// A bar beyond the search that no strategy covers.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "the bar {bar} is too big to search bite by bite: a game on it can reach {} shapes, more than the search's limit of {}, and no known rule covers its shape; try a bar with fewer rows or columns",
    shapes_in_words(*shapes),
    with_commas(u128::from(*limit))
)]
pub struct Beyond {
    /// The bar, as `4x5` or `5,5,3`.
    pub bar: String,
    /// How many shapes a game on it can reach.
    pub shapes: u128,
    /// The most the search may value.
    pub limit: u64,
}

/// A bar worked out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BarAnalysis {
    /// The bar.
    pub bar: Bar,
    /// Who wins, for the player to move.
    pub outcome: Outcome,
    /// The strategy that covers the bar, if one does.
    pub strategy: Option<Strategy>,
    /// The strategy-stealing argument, on a rectangle bigger than 1×1.
    pub stealing: Option<StrategyStealing>,
    /// What the search did.
    pub searched: Searched,
    /// The bite to make: on a won bar a winning bite (the search's
    /// quickest win, or the strategy's bite beyond the search), on a lost
    /// one the bite that makes the game last longest. `None` once the
    /// poison is eaten, and when the bar is won but beyond the search and
    /// every strategy.
    pub bite: Option<Bite>,
    /// Every winning bite, by row then column, when all are known.
    pub winning: Option<Vec<Bite>>,
}

impl BarAnalysis {
    /// Works out `bar` with a search of its own, or says why it cannot.
    pub fn new(bar: &Bar) -> Result<BarAnalysis, Beyond> {
        BarAnalysis::using(bar, None)
    }

    /// Works out `bar`, taking its values from `chomp` when that search
    /// covers it (as a game's search covers every bar the game reaches),
    /// and searching it on its own otherwise.
    pub(crate) fn using(bar: &Bar, chomp: Option<&ChompSearch>) -> Result<BarAnalysis, Beyond> {
        let strategy = Strategy::of(bar);
        let stealing = strategy_stealing(bar);
        let own;
        let search = match chomp.filter(|c| c.solved(bar).is_ok()) {
            Some(c) => Ok(c),
            None => match ChompSearch::search(bar) {
                Ok(c) => {
                    own = c;
                    Ok(&own)
                }
                Err(too_big) => Err(too_big),
            },
        };
        let shapes = reachable(bar);
        match (search, strategy, stealing) {
            (Ok(c), _, _) => {
                let solved = c.solved(bar).expect("the search covers the bar");
                Ok(BarAnalysis {
                    bar: bar.clone(),
                    outcome: solved.outcome,
                    strategy,
                    stealing,
                    searched: Searched::Done {
                        shapes,
                        bites_left: solved.moves_left,
                    },
                    bite: c
                        .best_bite(bar)
                        .expect("the search covers the bar")
                        .map(|(bite, _)| bite),
                    winning: Some(c.winning_bites(bar).expect("the search covers the bar")),
                })
            }
            (Err(too_big), Some(s), _) => Ok(BarAnalysis {
                bar: bar.clone(),
                outcome: s.outcome(),
                strategy,
                stealing,
                searched: Searched::Refused {
                    shapes,
                    limit: too_big.limit,
                },
                bite: s.bite(bar),
                winning: s.every_winning_bite(bar),
            }),
            (Err(too_big), None, Some(argument)) => Ok(BarAnalysis {
                bar: bar.clone(),
                outcome: argument.outcome,
                strategy,
                stealing,
                searched: Searched::Refused {
                    shapes,
                    limit: too_big.limit,
                },
                bite: None,
                winning: None,
            }),
            (Err(too_big), None, None) => Err(Beyond {
                bar: shape(bar),
                shapes,
                limit: too_big.limit,
            }),
        }
    }

    /// The winning bites known: all of them when they are known, or else
    /// the strategy's bite, if any.
    pub fn known_winning(&self) -> Vec<Bite> {
        match (&self.winning, self.outcome) {
            (Some(all), _) => all.clone(),
            (None, Outcome::Win) => self.bite.into_iter().collect(),
            (None, Outcome::Lose) => Vec::new(),
        }
    }

    /// Whether the bar is won but no winning bite is known: strategy
    /// stealing says one exists, and it lies beyond the search.
    pub(crate) fn winning_unknown(&self) -> bool {
        self.outcome == Outcome::Win && self.known_winning().is_empty()
    }

    /// Whether only the poisoned square is left: the player to move must
    /// eat it.
    pub(crate) fn only_poison(&self) -> bool {
        self.bar.row_lengths() == [1]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn analysed(shape: &str) -> BarAnalysis {
        BarAnalysis::new(&shape.parse().unwrap()).unwrap()
    }

    #[test]
    fn strategies_cover_their_shapes() {
        let of = |shape: &str| Strategy::of(&shape.parse().unwrap());
        assert_eq!(of("1x1"), Some(Strategy::Arms(Arms { right: 0, down: 0 })));
        assert_eq!(of("4,1"), Some(Strategy::Arms(Arms { right: 3, down: 1 })));
        assert_eq!(
            of("3x3"),
            Some(Strategy::EqualSides {
                side: 3,
                square: true
            })
        );
        assert_eq!(
            of("4,3,3,1"),
            Some(Strategy::EqualSides {
                side: 4,
                square: false
            })
        );
        assert_eq!(of("5,2"), Some(Strategy::TwoRows { top: 5, bottom: 2 }));
        assert_eq!(of("4x5"), None);
        assert_eq!(of("5,5,3"), None);
    }

    #[test]
    fn beyond_the_search_the_strategies_still_answer() {
        let square = analysed("30x30");
        assert_eq!(square.outcome, Outcome::Win);
        assert_eq!(square.bite, Some(Bite::new(2, 2)));
        assert_eq!(square.winning, Some(vec![Bite::new(2, 2)]));
        assert!(matches!(square.searched, Searched::Refused { .. }));
        // A rectangle: who wins, but not how.
        let wide = analysed("12x13");
        assert_eq!(
            (wide.outcome, wide.bite, wide.winning),
            (Outcome::Win, None, None)
        );
        // Equal sides but not a square: one winning bite is known.
        let sides = analysed(&format!("20{}", ",19".repeat(19)));
        assert_eq!(sides.bite, Some(Bite::new(2, 2)));
        assert_eq!(sides.winning, None);
        assert_eq!(sides.known_winning(), vec![Bite::new(2, 2)]);
        // Anything else is refused, naming the limit.
        let err =
            BarAnalysis::new(&format!("20{}", ",18".repeat(18)).parse().unwrap()).unwrap_err();
        assert!(
            err.to_string()
                .contains("more than the search's limit of 2,000,000")
        );
    }

    #[test]
    fn within_the_search_its_answers_are_given() {
        let a = analysed("4x5");
        assert_eq!(a.outcome, Outcome::Win);
        assert!(a.strategy.is_none() && a.stealing.is_some());
        assert!(matches!(a.searched, Searched::Done { shapes: 126, .. }));
        let poison = analysed("1x1");
        assert_eq!(poison.bite, Some(Bite::new(1, 1)));
        assert!(poison.only_poison());
        assert_eq!(poison.winning, Some(Vec::new()));
    }
}
