//! A move that takes from several rows at once, as in Moore's Nim, where a
//! game lets one move take from up to K rows.
//!
//! A [`MultiMove`] is a list of single-row parts; a move from one row is a
//! `MultiMove` of one part, so every method of solving gives its moves in
//! this one form. It becomes real only through [`Position::play_multi`] or
//! `Position::multi_move_to`, the one place where such a move is
//! checked; each part is checked by [`Position::play_with`] exactly as a
//! single move is, so a game with K = 1 accepts and refuses the same
//! moves, with the same reasons, as before.

use std::cmp::Ordering;
use std::fmt;

use super::moves::{IllegalMove, Move};
use super::nim::Nim;
use super::position::Position;

/// Take some sticks from each of one or more rows, in one move.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MultiMove {
    /// The parts in row order.
    parts: Parts,
}

/// A move's parts. Most moves take from one row, and a list of a million
/// winning moves should not cost a million small allocations, so one part
/// is kept in place; a move from one row is always `One`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Parts {
    One(Move),
    Several(Vec<Move>),
}

impl MultiMove {
    /// A move made of these parts, put in row order. Nothing is checked
    /// here: [`Position::play_multi`] says whether the move is legal.
    pub fn new(mut parts: Vec<Move>) -> MultiMove {
        parts.sort_unstable();
        match parts.as_slice() {
            [only] => MultiMove::from(*only),
            _ => MultiMove {
                parts: Parts::Several(parts),
            },
        }
    }

    /// The parts, in row order.
    pub fn parts(&self) -> &[Move] {
        match &self.parts {
            Parts::One(only) => std::slice::from_ref(only),
            Parts::Several(parts) => parts,
        }
    }

    /// The whole move as one single-row move, when it takes from one row.
    pub fn single(&self) -> Option<Move> {
        match self.parts() {
            [only] => Some(*only),
            _ => None,
        }
    }
}

impl From<Move> for MultiMove {
    fn from(mv: Move) -> MultiMove {
        MultiMove {
            parts: Parts::One(mv),
        }
    }
}

/// Moves are ordered by the rows they take from, compared as lists (so a
/// move from row 1 alone comes before one from rows 1 and 2), then by the
/// sticks taken from each of those rows in turn. A move from one row is
/// thus ordered by row, then by sticks taken, as single moves are.
impl Ord for MultiMove {
    fn cmp(&self, other: &MultiMove) -> Ordering {
        let piles = |m: &MultiMove| m.parts().iter().map(|p| p.pile).collect::<Vec<_>>();
        let takes = |m: &MultiMove| m.parts().iter().map(|p| p.take).collect::<Vec<_>>();
        piles(self)
            .cmp(&piles(other))
            .then_with(|| takes(self).cmp(&takes(other)))
    }
}

impl PartialOrd for MultiMove {
    fn partial_cmp(&self, other: &MultiMove) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// "take 2 from row 1", "take 2 from row 1 and 3 from row 3",
/// "take 2 from row 1, 1 from row 2 and 3 from row 3".
impl fmt::Display for MultiMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("take")?;
        let last = self.parts().len().saturating_sub(1);
        for (i, part) in self.parts().iter().enumerate() {
            let joint = match i {
                0 => " ",
                i if i == last => " and ",
                _ => ", ",
            };
            write!(f, "{joint}{} from row {}", part.take, part.row())?;
        }
        Ok(())
    }
}

impl Position {
    /// The position after `mv` in `game`, or why `mv` is illegal here.
    /// Every move that may take from several rows is checked here and only
    /// here; each part goes through [`Position::play_with`].
    pub fn play_multi(&self, mv: &MultiMove, game: &Nim) -> Result<Position, IllegalMove> {
        let parts = mv.parts();
        let Some(first) = parts.first() else {
            return Err(IllegalMove::NothingTaken);
        };
        if let Some(pair) = parts.windows(2).find(|w| w[0].pile == w[1].pile) {
            return Err(IllegalMove::SameRowTwice { row: pair[0].row() });
        }
        // A game that names no rows per move is read as plain one-row play.
        match (game.rows_per_move.max(1), parts) {
            (1, [_, second, ..]) => {
                // One row per move is plain Nim or a subtraction game, and
                // says so in the words a single move has always used.
                return Err(IllegalMove::TwoRowsChanged {
                    first: first.row(),
                    second: second.row(),
                });
            }
            (allowed, parts) if parts.len() as u64 > u64::from(allowed) => {
                return Err(IllegalMove::TooManyRows {
                    changed: parts.len(),
                    allowed,
                });
            }
            _ => {}
        }
        parts.iter().try_fold(self.clone(), |position, &part| {
            position.play_with(part, &game.takes)
        })
    }

    /// The move that turns this position into `to` in `game`, or why no
    /// legal move does: no row may grow, and at most as many rows may shrink
    /// as the game lets one move take from.
    pub(crate) fn multi_move_to(
        &self,
        to: &Position,
        game: &Nim,
    ) -> Result<MultiMove, IllegalMove> {
        if game.rows_per_move <= 1 {
            // Exactly the checks, and the reasons, of a single-row move.
            return self.move_to_with(to, &game.takes).map(MultiMove::from);
        }
        let (from, to) = (self.piles(), to.piles());
        if from.len() != to.len() {
            return Err(IllegalMove::RowCount {
                from: from.len(),
                to: to.len(),
            });
        }
        let changed: Vec<(usize, u64, u64)> = from
            .iter()
            .zip(to)
            .enumerate()
            .filter(|(_, (a, b))| a != b)
            .map(|(pile, (&a, &b))| (pile, a, b))
            .collect();
        if let Some(&(pile, before, after)) = changed.iter().find(|(_, a, b)| b > a) {
            return Err(IllegalMove::SticksAdded {
                row: pile + 1,
                from: before,
                to: after,
            });
        }
        let mv = MultiMove::new(
            changed
                .iter()
                .map(|&(pile, before, after)| Move {
                    pile,
                    take: before - after,
                })
                .collect(),
        );
        self.play_multi(&mv, game)?;
        Ok(mv)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::rule::Rule;
    use crate::rules::take_set::TakeSet;

    fn game(rows_per_move: u32) -> Nim {
        Nim {
            rows_per_move,
            ..Nim::new(Rule::Normal)
        }
    }

    fn mv(parts: &[(usize, u64)]) -> MultiMove {
        MultiMove::new(
            parts
                .iter()
                .map(|&(row, take)| Move {
                    pile: row - 1,
                    take,
                })
                .collect(),
        )
    }

    /// Plays `parts` (rows from 1) on `from` with `k` rows per move.
    fn check_play(from: &[u64], k: u32, parts: &[(usize, u64)], expected: Result<&[u64], &str>) {
        let position = Position::new(from.to_vec());
        let got = position.play_multi(&mv(parts), &game(k));
        match (got, expected) {
            (Ok(p), Ok(piles)) => assert_eq!(p.piles(), piles),
            (Err(e), Err(message)) => assert_eq!(e.to_string(), message),
            (got, expected) => panic!("{from:?} {parts:?}: got {got:?}, expected {expected:?}"),
        }
    }

    fn check_to(from: &[u64], to: &[u64], k: u32, expected: Result<&[(usize, u64)], &str>) {
        let from_position = Position::new(from.to_vec());
        let got = from_position.multi_move_to(&Position::new(to.to_vec()), &game(k));
        match (got, expected) {
            (Ok(m), Ok(parts)) => assert_eq!(m, mv(parts)),
            (Err(e), Err(message)) => assert_eq!(e.to_string(), message),
            (got, expected) => panic!("{from:?} -> {to:?}: got {got:?}, expected {expected:?}"),
        }
    }

    #[test]
    fn playing_moves_from_several_rows() {
        check_play(&[3, 5, 7], 2, &[(1, 2), (3, 3)], Ok(&[1, 5, 4]));
        check_play(&[3, 5, 7], 2, &[(3, 3), (1, 2)], Ok(&[1, 5, 4]));
        check_play(&[3, 5, 7], 3, &[(1, 3), (2, 5), (3, 7)], Ok(&[0, 0, 0]));
        check_play(&[3, 5, 7], 2, &[(2, 1)], Ok(&[3, 4, 7]));
        check_play(
            &[3, 5, 7],
            2,
            &[],
            Err("nothing was taken, and a move takes at least one stick"),
        );
        check_play(
            &[3, 5, 7],
            2,
            &[(1, 1), (1, 2)],
            Err("row 1 is named twice: say once how many to take from each row"),
        );
        check_play(
            &[3, 5, 7],
            2,
            &[(1, 1), (2, 1), (3, 1)],
            Err("3 rows changed, but a move may take from at most 2 rows: take from fewer rows"),
        );
        check_play(
            &[3, 5, 7, 9],
            3,
            &[(1, 1), (2, 1), (3, 1), (4, 1)],
            Err("4 rows changed, but a move may take from at most 3 rows: take from fewer rows"),
        );
        check_play(
            &[3, 5, 7],
            2,
            &[(1, 4), (2, 1)],
            Err("row 1 has only 3 sticks, so 4 cannot be taken from it"),
        );
        check_play(
            &[3, 5, 7],
            2,
            &[(2, 1), (4, 1)],
            Err("there is no row 4, only rows 1 to 3"),
        );
        check_play(
            &[3, 5, 7],
            2,
            &[(2, 1), (3, 0)],
            Err("nothing was taken, and a move takes at least one stick"),
        );
    }

    #[test]
    fn one_row_per_move_keeps_the_single_move_reasons() {
        check_play(&[3, 5, 7], 1, &[(2, 5)], Ok(&[3, 0, 7]));
        check_play(
            &[3, 5, 7],
            1,
            &[(1, 1), (2, 1)],
            Err("rows 1 and 2 both changed, but a move takes from one row only"),
        );
        check_play(
            &[3, 5, 7],
            1,
            &[(1, 1), (2, 1), (3, 1)],
            Err("rows 1 and 2 both changed, but a move takes from one row only"),
        );
        check_to(&[3, 5, 7], &[3, 5, 0], 1, Ok(&[(3, 7)]));
        check_to(
            &[3, 5, 7],
            &[2, 4, 7],
            1,
            Err("rows 1 and 2 both changed, but a move takes from one row only"),
        );
        check_to(
            &[3, 5, 7],
            &[2, 6, 7],
            1,
            Err("row 2 went from 5 to 6 sticks, but sticks can only be taken away"),
        );
        // Every single move and every pair of positions is judged as before.
        let position = Position::new(vec![3, 0, 2]);
        for to in [[3, 0, 1], [1, 0, 2], [3, 0, 2], [2, 0, 1], [3, 1, 2]] {
            let to = Position::new(to.to_vec());
            assert_eq!(
                position.multi_move_to(&to, &game(1)),
                position.move_to(&to).map(MultiMove::from)
            );
        }
        for pile in 0..4 {
            for take in 0..5 {
                let single = Move { pile, take };
                assert_eq!(
                    position.play_multi(&single.into(), &game(1)),
                    position.play(single)
                );
            }
        }
    }

    #[test]
    fn moves_between_positions() {
        check_to(&[3, 5, 7], &[2, 5, 4], 2, Ok(&[(1, 1), (3, 3)]));
        check_to(&[3, 5, 7], &[3, 5, 6], 2, Ok(&[(3, 1)]));
        check_to(&[3, 5, 7], &[0, 0, 0], 3, Ok(&[(1, 3), (2, 5), (3, 7)]));
        check_to(
            &[3, 5, 7],
            &[3, 5, 7],
            2,
            Err("nothing was taken, and a move takes at least one stick"),
        );
        check_to(
            &[3, 5, 7],
            &[2, 4, 8],
            2,
            Err("row 3 went from 7 to 8 sticks, but sticks can only be taken away"),
        );
        check_to(
            &[3, 5, 7],
            &[2, 4, 6],
            2,
            Err("3 rows changed, but a move may take from at most 2 rows: take from fewer rows"),
        );
        check_to(
            &[3, 5, 7],
            &[3, 5],
            2,
            Err(
                "the new position has 2 rows but the game has 3, and a move never adds or removes a row (write 0 for an empty row)",
            ),
        );
    }

    #[test]
    fn a_take_set_applies_to_every_row() {
        let game = Nim {
            rows_per_move: 2,
            ..Nim::with_takes(Rule::Misere, TakeSet::parse("1-2").unwrap())
        };
        let position = Position::new(vec![3, 5, 7]);
        assert_eq!(
            position.play_multi(&mv(&[(1, 2), (2, 1)]), &game),
            Ok(Position::new(vec![1, 4, 7]))
        );
        assert_eq!(
            position
                .multi_move_to(&Position::new(vec![2, 5, 4]), &game)
                .unwrap_err()
                .to_string(),
            "in this game a move takes 1 or 2 sticks"
        );
    }

    #[test]
    fn words_and_order() {
        let cases: &[(&[(usize, u64)], &str)] = &[
            (&[(1, 2)], "take 2 from row 1"),
            (&[(3, 3), (1, 2)], "take 2 from row 1 and 3 from row 3"),
            (
                &[(1, 2), (2, 1), (3, 3)],
                "take 2 from row 1, 1 from row 2 and 3 from row 3",
            ),
        ];
        for &(parts, words) in cases {
            assert_eq!(mv(parts).to_string(), words);
        }
        let mut moves = vec![
            mv(&[(2, 1)]),
            mv(&[(1, 1), (3, 1)]),
            mv(&[(1, 2)]),
            mv(&[(1, 1), (2, 5)]),
            mv(&[(1, 1)]),
            mv(&[(1, 2), (2, 1)]),
        ];
        moves.sort();
        assert_eq!(
            moves,
            vec![
                mv(&[(1, 1)]),
                mv(&[(1, 2)]),
                mv(&[(1, 1), (2, 5)]),
                mv(&[(1, 2), (2, 1)]),
                mv(&[(1, 1), (3, 1)]),
                mv(&[(2, 1)]),
            ]
        );
    }
}
