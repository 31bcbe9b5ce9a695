//! An example of how to type a move, fitted to the position on the board.
//!
//! "Like 2 3" only helps if 2 3 is a move here, so the example is always a
//! legal move that reads back as itself. It is never a winning move, nor
//! the answer to the question asked, so that showing how to type does not
//! give the answer away: where every move wins, no example is given. Its
//! row and count differ when they can, so a pupil sees which number is
//! which.

use super::answer::{Answer, Meant, only_row};
use crate::rules::moves::Move;
use crate::rules::nim::Nim;
use crate::rules::position::Position;

/// The rows tried for an example, and the takes tried from each.
const ROWS_TRIED: usize = 8;
const TAKES_TRIED: usize = 4;

/// What the example should show, when the pupil typed part of a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Fit {
    /// Any move.
    Any,
    /// A move from this row (from 1).
    Row(u64),
    /// A move taking this many.
    Take(u64),
    /// A move taking a whole row.
    All,
}

/// An example move at `position`, none of which `wins`, or `None` when
/// there is no such move.
pub(crate) fn example(
    position: &Position,
    game: &Nim,
    wins: &dyn Fn(&Move) -> bool,
    fit: Fit,
) -> Option<Move> {
    let piles = position.piles();
    // Row 2 first, then row 1, then the rest: "2 3" reads better than
    // "1 1".
    let tried: Vec<usize> = match fit {
        Fit::Row(row) => usize::try_from(row)
            .ok()
            .and_then(|row| row.checked_sub(1))
            .filter(|&pile| pile < piles.len())
            .into_iter()
            .collect(),
        _ => [1, 0]
            .into_iter()
            .chain(2..piles.len())
            .filter(|&pile| pile < piles.len())
            .take(ROWS_TRIED)
            .collect(),
    };
    let candidates: Vec<Move> = tried
        .into_iter()
        .flat_map(|pile| {
            let has = piles[pile];
            let takes: Vec<u64> = match fit {
                Fit::All => vec![has],
                Fit::Take(take) => vec![take],
                Fit::Any | Fit::Row(_) => game.takes.takes_from(has).take(TAKES_TRIED).collect(),
            };
            takes.into_iter().map(move |take| Move { pile, take })
        })
        .filter(|&mv| position.play_with(mv, &game.takes).is_ok())
        .filter(|&mv| reads_back(mv, position, game, fit))
        .filter(|mv| !wins(mv))
        .collect();
    // The first of the best: not the end of the game, a row typed apart
    // from its count, more than 1.
    let row_typed = only_row(position).is_none();
    candidates.into_iter().min_by_key(|&mv| {
        let after = position
            .play_with(mv, &game.takes)
            .expect("candidates are legal");
        (
            after.moves_with(&game.takes).next().is_none(),
            row_typed && mv.row() as u64 == mv.take,
            mv.take == 1,
        )
    })
}

/// How a pupil would type `mv` at `position`: "2 3", or "3" when only one
/// row has sticks; "2 all" for a whole row when `fit` asks for it.
pub(crate) fn typed(mv: Move, position: &Position, fit: Fit) -> String {
    match (fit, only_row(position)) {
        (Fit::All, _) => format!("{} all", mv.row()),
        (_, Some(_)) => mv.take.to_string(),
        (_, None) => format!("{} {}", mv.row(), mv.take),
    }
}

/// Whether typing `mv` as shown comes back as `mv` and nothing else.
fn reads_back(mv: Move, position: &Position, game: &Nim, fit: Fit) -> bool {
    Answer::parse(&typed(mv, position, fit)).resolve(position, game) == Some(Meant::Move(mv))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::multi_move::MultiMove;
    use crate::rules::rule::Rule;
    use crate::rules::take_set::TakeSet;
    use crate::teach::analysis::{Analysis, Extras};

    fn shown(rows: &[u64], game: Nim, fit: Fit) -> Option<String> {
        let p = Position::new(rows.to_vec());
        let a = Analysis::new(p.clone(), game.clone(), Extras::default()).unwrap();
        let winning: Vec<Move> = a
            .winning_moves()
            .iter()
            .filter_map(MultiMove::single)
            .collect();
        example(&p, &game, &|mv| winning.contains(mv), fit).map(|mv| typed(mv, &p, fit))
    }

    #[test]
    fn examples_fit_the_board_and_keep_the_answer_back() {
        let nim = Nim::new(Rule::Misere);
        let one_to_three = Nim::with_takes(Rule::Misere, TakeSet::parse("1-3").unwrap());
        let cases: &[(&[u64], &Nim, Fit, &str)] = &[
            // At 3 5 7 taking 1 from any row wins: the example takes 3.
            (&[3, 5, 7], &nim, Fit::Any, "2 3"),
            // 4 6 → 4 4 wins; 2 3 cannot be read as the rows after.
            (&[4, 6], &nim, Fit::Any, "2 3"),
            // At 5 1, "1 1" names row 1 twice.
            (&[5, 1], &nim, Fit::Any, "1 2"),
            (&[22], &one_to_three, Fit::Any, "2"),
            // Taking all 3 would end the game at once.
            (&[3], &nim, Fit::Any, "1"),
            (&[0, 5, 0], &nim, Fit::Any, "2"),
            // A pupil who typed "3" at 1 1 1 may have meant row 3.
            (&[1, 1, 1], &nim, Fit::Row(3), "3 1"),
            (&[1, 3, 5], &nim, Fit::Take(3), "2 3"),
            (&[1, 3, 5], &nim, Fit::All, "2 all"),
        ];
        for (rows, game, fit, expected) in cases {
            assert_eq!(
                shown(rows, (*game).clone(), *fit).as_deref(),
                Some(*expected),
                "{rows:?} {fit:?}"
            );
        }
        assert_eq!(shown(&[0, 0], nim.clone(), Fit::Any), None);
        // "4" at 6 5 7: every move taking 4 wins, so the example takes
        // another count, or there is none of that kind.
        assert_eq!(shown(&[6, 5, 7], nim.clone(), Fit::Take(4)), None);
        // At 1 1 1 1 every move wins: no example at all.
        assert_eq!(shown(&[1, 1, 1, 1], nim, Fit::Any), None);
    }

    proptest::proptest! {
        /// No example, of any kind, is ever a winning move.
        #[test]
        fn no_example_is_a_winning_move(
            rows in proptest::collection::vec(0u64..8, 1..5),
            normal: bool,
            fit in 0u64..4,
            n in 1u64..8,
        ) {
            let rule = match normal {
                true => Rule::Normal,
                false => Rule::Misere,
            };
            let game = Nim::new(rule);
            let p = Position::new(rows);
            let a = Analysis::new(p.clone(), game.clone(), Extras::default()).unwrap();
            let winning: Vec<Move> =
                a.winning_moves().iter().filter_map(MultiMove::single).collect();
            let fit = match fit {
                0 => Fit::Any,
                1 => Fit::Row(n),
                2 => Fit::Take(n),
                _ => Fit::All,
            };
            if let Some(mv) = example(&p, &game, &|mv| winning.contains(mv), fit) {
                let after = p.play_with(mv, &game.takes).unwrap();
                let left = Analysis::new(after, game.clone(), Extras::default()).unwrap();
                proptest::prop_assert_eq!(left.outcome, crate::rules::outcome::Outcome::Win);
            }
        }
    }
}
