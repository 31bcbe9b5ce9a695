//! A move: take some sticks from one row. It is also one part of a move
//! from several rows ([`super::multi_move::MultiMove`]), the one form in
//! which the teaching code gives every move, a move from one row being its
//! one-part case.
//!
//! A `Move` only becomes real through [`Position::play`] or
//! `Position::move_to`, the one place where moves are checked against the
//! rules (a move from several rows, in `multi_move.rs`, checks each of its
//! parts here too); the reasons a move can be illegal are the variants of
//! [`IllegalMove`], each with a message a pupil can act on.

use std::fmt;

use super::position::Position;
use super::take_set::TakeSet;

/// Take `take` sticks from row `pile` (counted from 0 inside the program,
/// shown from 1 to the user).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// Index of the row, from 0.
    pub pile: usize,
    /// How many sticks are taken, at least 1.
    pub take: u64,
}

impl Move {
    /// The row number as the user sees it, from 1.
    pub fn row(self) -> usize {
        self.pile + 1
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "take {} from row {}", self.take, self.row())
    }
}

/// Why a move is against the rules.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum IllegalMove {
    /// The new position has a different number of rows.
    #[error(
        "the new position has {to} row{} but the game has {from}, and a move never adds or removes a row (write 0 for an empty row)",
        if *to == 1 { "" } else { "s" }
    )]
    RowCount { from: usize, to: usize },
    /// Nothing changed.
    #[error("nothing was taken, and a move takes at least one stick")]
    NothingTaken,
    /// A row grew.
    #[error("row {row} went from {from} to {to} sticks, but sticks can only be taken away")]
    SticksAdded { row: usize, from: u64, to: u64 },
    /// More than one row changed.
    #[error("rows {first} and {second} both changed, but a move takes from one row only")]
    TwoRowsChanged { first: usize, second: usize },
    /// The row number does not exist.
    #[error("there is no row {row}, {}", only_rows(*rows))]
    NoSuchRow { row: usize, rows: usize },
    /// The game does not allow taking this many.
    #[error("in this game a move takes {allowed} sticks")]
    NotAllowed { take: u64, allowed: String },
    /// More sticks than the row holds.
    #[error("{}", too_many(*row, *has, *take))]
    TooMany { row: usize, has: u64, take: u64 },
    /// A move from several rows named one row twice.
    #[error("row {row} is named twice: say once how many to take from each row")]
    SameRowTwice { row: usize },
    /// A move changed more rows than the game lets one move take from
    /// (only when that is more than one: otherwise `TwoRowsChanged`).
    #[error(
        "{changed} rows changed, but a move may take from at most {allowed} rows: take from fewer rows"
    )]
    TooManyRows { changed: usize, allowed: u32 },
}

impl IllegalMove {
    /// The refusal a pupil reads, as a sentence: "There is no row 4, only
    /// rows 1 to 3."
    pub(crate) fn refusal(&self) -> String {
        let words = self.to_string();
        let mut letters = words.chars();
        match letters.next() {
            Some(first) => format!("{}{}.", first.to_uppercase(), letters.as_str()),
            None => String::new(),
        }
    }
}

/// "only row 1", "only rows 1 and 2", "only rows 1 to 3".
fn only_rows(rows: usize) -> String {
    match rows {
        0 => "and there are no rows".to_string(),
        1 => "only row 1".to_string(),
        2 => "only rows 1 and 2".to_string(),
        n => format!("only rows 1 to {n}"),
    }
}

/// "1 stick", "5 sticks".
/// "row 2 has only 3 sticks, so 4 cannot be taken from it", or, for an
/// empty row, "row 2 is empty, so nothing can be taken from it".
fn too_many(row: usize, has: u64, take: u64) -> String {
    match has {
        0 => format!("row {row} is empty, so nothing can be taken from it"),
        has => format!(
            "row {row} has only {}, so {take} cannot be taken from it",
            sticks(has)
        ),
    }
}

fn sticks(n: u64) -> String {
    match n {
        1 => "1 stick".to_string(),
        n => format!("{n} sticks"),
    }
}

impl Position {
    /// The position after `mv` in Nim, or why `mv` is illegal here.
    pub fn play(&self, mv: Move) -> Result<Position, IllegalMove> {
        self.play_with(mv, &TakeSet::Any)
    }

    /// The position after `mv` when moves may take only `takes`, or why
    /// `mv` is illegal here. Every move is checked here and only here.
    pub fn play_with(&self, mv: Move, takes: &TakeSet) -> Result<Position, IllegalMove> {
        let piles = self.piles();
        let Some(&has) = piles.get(mv.pile) else {
            return Err(IllegalMove::NoSuchRow {
                row: mv.row(),
                rows: piles.len(),
            });
        };
        if mv.take == 0 {
            return Err(IllegalMove::NothingTaken);
        }
        if mv.take > has {
            return Err(IllegalMove::TooMany {
                row: mv.row(),
                has,
                take: mv.take,
            });
        }
        if !takes.allows(mv.take) {
            return Err(IllegalMove::NotAllowed {
                take: mv.take,
                allowed: takes.to_string(),
            });
        }
        let mut after = piles.to_vec();
        after[mv.pile] = has - mv.take;
        Ok(Position::new(after))
    }

    /// The move that turns this position into `to` in Nim, or why no
    /// single legal move does.
    #[cfg(test)]
    pub(crate) fn move_to(&self, to: &Position) -> Result<Move, IllegalMove> {
        self.move_to_with(to, &TakeSet::Any)
    }

    /// The move that turns this position into `to` when moves may take only
    /// `takes`, or why no single legal move does.
    pub(crate) fn move_to_with(&self, to: &Position, takes: &TakeSet) -> Result<Move, IllegalMove> {
        let (from, to) = (self.piles(), to.piles());
        if from.len() != to.len() {
            return Err(IllegalMove::RowCount {
                from: from.len(),
                to: to.len(),
            });
        }
        let mut changed = from.iter().zip(to).enumerate().filter(|(_, (a, b))| a != b);
        let Some((pile, (&before, &after))) = changed.next() else {
            return Err(IllegalMove::NothingTaken);
        };
        if after > before {
            return Err(IllegalMove::SticksAdded {
                row: pile + 1,
                from: before,
                to: after,
            });
        }
        if let Some((second, (&b, &a))) = changed.next() {
            if a > b {
                return Err(IllegalMove::SticksAdded {
                    row: second + 1,
                    from: b,
                    to: a,
                });
            }
            return Err(IllegalMove::TwoRowsChanged {
                first: pile + 1,
                second: second + 1,
            });
        }
        let mv = Move {
            pile,
            take: before - after,
        };
        self.play_with(mv, takes)?;
        Ok(mv)
    }

    /// Every legal Nim move, ordered by row then by how many are taken.
    pub fn moves(&self) -> impl Iterator<Item = Move> + '_ {
        self.moves_with(&TakeSet::Any)
    }

    /// Every legal move when moves may take only `takes`, ordered by row
    /// then by how many are taken.
    pub fn moves_with<'a>(&'a self, takes: &'a TakeSet) -> impl Iterator<Item = Move> + 'a {
        self.piles()
            .iter()
            .enumerate()
            .flat_map(move |(pile, &has)| {
                takes.takes_from(has).map(move |take| Move { pile, take })
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check_to(from: &[u64], to: &[u64], expected: Result<Move, &str>) {
        let got = Position::new(from.to_vec()).move_to(&Position::new(to.to_vec()));
        match (got, expected) {
            (Ok(m), Ok(e)) => assert_eq!(m, e),
            (Err(e), Err(message)) => assert_eq!(e.to_string(), message),
            (got, expected) => panic!("{from:?} -> {to:?}: got {got:?}, expected {expected:?}"),
        }
    }

    #[test]
    fn moves_between_positions() {
        check_to(&[3, 5, 7], &[2, 5, 7], Ok(Move { pile: 0, take: 1 }));
        check_to(&[3, 5, 7], &[3, 5, 0], Ok(Move { pile: 2, take: 7 }));
        check_to(
            &[3, 5, 7],
            &[3, 5, 7],
            Err("nothing was taken, and a move takes at least one stick"),
        );
        check_to(
            &[3, 5, 7],
            &[3, 6, 7],
            Err("row 2 went from 5 to 6 sticks, but sticks can only be taken away"),
        );
        check_to(
            &[3, 5, 7],
            &[2, 4, 7],
            Err("rows 1 and 2 both changed, but a move takes from one row only"),
        );
        check_to(
            &[3, 5, 7],
            &[2, 6, 7],
            Err("row 2 went from 5 to 6 sticks, but sticks can only be taken away"),
        );
        check_to(
            &[3, 5, 7],
            &[3, 5],
            Err(
                "the new position has 2 rows but the game has 3, and a move never adds or removes a row (write 0 for an empty row)",
            ),
        );
    }

    #[test]
    fn playing_a_move() {
        let p = Position::new(vec![3, 5]);
        assert_eq!(
            p.play(Move { pile: 1, take: 5 }),
            Ok(Position::new(vec![3, 0]))
        );
        assert_eq!(
            p.play(Move { pile: 2, take: 1 }).unwrap_err().to_string(),
            "there is no row 3, only rows 1 and 2"
        );
        assert_eq!(
            p.play(Move { pile: 0, take: 4 }).unwrap_err().to_string(),
            "row 1 has only 3 sticks, so 4 cannot be taken from it"
        );
        assert_eq!(
            IllegalMove::TooMany {
                row: 2,
                has: 0,
                take: 1
            }
            .to_string(),
            "row 2 is empty, so nothing can be taken from it"
        );
        assert_eq!(
            p.play(Move { pile: 0, take: 0 }),
            Err(IllegalMove::NothingTaken)
        );
        assert_eq!(p.moves().count(), 8);
        let takes = TakeSet::parse("2,3").unwrap();
        assert_eq!(p.moves_with(&takes).count(), 4);
        assert_eq!(
            p.play_with(Move { pile: 1, take: 1 }, &takes)
                .unwrap_err()
                .to_string(),
            "in this game a move takes 2 or 3 sticks"
        );
    }
}
