//! What every game the tool plays has in common, as far as its rules go:
//! its positions and moves, the one place a move is checked, and how a
//! game ends. Nim (with any take set, from one row or several) and Chomp
//! implement [`Game`]; the teaching of a game is `teach::teaching`, and
//! everything above that is written once, for every game.

use std::fmt;

use super::bar::{Bar, Bite, IllegalBite};
use super::moves::{IllegalMove, Move};
use super::multi_move::MultiMove;
use super::nim::Nim;
use super::outcome::Outcome;
use super::position::Position;
use super::take_set::TakeSet;

/// A two-player game where the players take turns and nothing is left to
/// chance.
pub trait Game: Clone + fmt::Debug + Send + Sync + 'static {
    /// Where the game stands: rows of sticks, or a chocolate bar.
    type Position: Clone + fmt::Debug + fmt::Display + PartialEq + Eq + Send + Sync + 'static;
    /// One player's turn.
    type Move: Clone + fmt::Debug + fmt::Display + PartialEq + Eq + Send + Sync + 'static;
    /// Why a move is not allowed where it was made.
    type Illegal: Clone + fmt::Debug + fmt::Display + Send + Sync + 'static;

    /// What a turn is called: "move", or "bite" in Chomp.
    const MOVE: &'static str;

    /// What a game should start with instead of a position with no move
    /// to make: "sticks that can be taken".
    const START_WITH: &'static str;

    /// Why `illegal` was refused, as a sentence a pupil reads.
    fn refusal(illegal: &Self::Illegal) -> String;

    /// The position after `mv`: the one place a move is checked.
    fn play(
        &self,
        position: &Self::Position,
        mv: &Self::Move,
    ) -> Result<Self::Position, Self::Illegal>;

    /// Whether the game is over at `position`.
    fn is_over(&self, position: &Self::Position) -> bool;

    /// At a `position` where the game is over, how it went for the player
    /// whose turn it would be.
    fn at_end(&self, position: &Self::Position) -> Outcome;

    /// A legal move chosen at random, without listing every move first, so
    /// that a huge position costs no more than a small one. `below(n)`
    /// gives a random number from 0 to n - 1, for n of at least 1. `None`
    /// when no move is left.
    fn random_move(
        &self,
        position: &Self::Position,
        below: &mut dyn FnMut(u64) -> u64,
    ) -> Option<Self::Move>;
}

impl Game for Nim {
    type Position = Position;
    type Move = MultiMove;
    type Illegal = IllegalMove;

    const MOVE: &'static str = "move";

    const START_WITH: &'static str = "sticks that can be taken";

    fn refusal(illegal: &IllegalMove) -> String {
        illegal.refusal()
    }

    fn play(&self, position: &Position, mv: &MultiMove) -> Result<Position, IllegalMove> {
        position.play_multi(mv, self)
    }

    fn is_over(&self, position: &Position) -> bool {
        position.moves_with(&self.takes).next().is_none()
    }

    fn at_end(&self, _: &Position) -> Outcome {
        self.rule.when_stuck()
    }

    fn random_move(
        &self,
        position: &Position,
        below: &mut dyn FnMut(u64) -> u64,
    ) -> Option<MultiMove> {
        random_nim_move(self, position, below)
    }
}

/// Why no game can be played from `position`, or `None` when a move can be
/// made there: "there is no move to make from 3 4: start with sticks that
/// can be taken", under takes of 7. The one place a start with nothing to
/// play is refused, for a game against the computer and for a question in
/// a lesson alike.
pub(crate) fn nothing_to_play<G: Game>(game: &G, position: &G::Position) -> Option<String> {
    game.is_over(position).then(|| no_move_from::<G>(position))
}

/// What is said of a `position` where the game is over, when a move is
/// wanted there.
pub(crate) fn no_move_from<G: Game>(position: &G::Position) -> String {
    format!(
        "there is no {} to make from {position}: start with {}",
        G::MOVE,
        G::START_WITH
    )
}

/// A legal move chosen with `below` (a random number below its
/// argument): a random row that can be moved from, then a random
/// allowed take; or, when a move may take from several rows, how many
/// rows, which, and how many from each. No list of takes is built, so
/// a row of ten billion sticks costs no more than a row of three.
/// `None` when no move is left.
fn random_nim_move(
    nim: &Nim,
    position: &Position,
    below: &mut dyn FnMut(u64) -> u64,
) -> Option<MultiMove> {
    let piles = position.piles();
    let mut rows: Vec<usize> = (0..piles.len())
        .filter(|&i| nim.takes.takes_from(piles[i]).next().is_some())
        .collect();
    if rows.is_empty() {
        return None;
    }
    let take_from = |pile: usize, below: &mut dyn FnMut(u64) -> u64| {
        let sticks = piles[pile];
        let take = match &nim.takes {
            TakeSet::Any => below(sticks) + 1,
            TakeSet::Only(_) => {
                let count = nim.takes.takes_from(sticks).count() as u64;
                let nth = below(count) as usize;
                nim.takes
                    .takes_from(sticks)
                    .nth(nth)
                    .expect("below the count")
            }
        };
        Move { pile, take }
    };
    if nim.rows_per_move <= 1 {
        let pile = rows[below(rows.len() as u64) as usize];
        return Some(MultiMove::from(take_from(pile, below)));
    }
    let most = rows.len().min(nim.rows_per_move as usize) as u64;
    let chosen = below(most) as usize + 1;
    // The first `chosen` rows of a shuffle.
    for i in 0..chosen {
        let j = i + below((rows.len() - i) as u64) as usize;
        rows.swap(i, j);
    }
    let parts = rows[..chosen]
        .iter()
        .map(|&pile| take_from(pile, below))
        .collect();
    Some(MultiMove::new(parts))
}

/// Chomp: a chocolate bar whose top left square is poisoned. A bite takes
/// a square and every square below it and to its right, and whoever has
/// to eat the poisoned square loses.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Chomp;

impl Game for Chomp {
    type Position = Bar;
    type Move = Bite;
    type Illegal = IllegalBite;

    const MOVE: &'static str = "bite";

    const START_WITH: &'static str = "a bar bigger than the poisoned square, such as 2x3";

    fn refusal(illegal: &IllegalBite) -> String {
        format!("illegal bite: {illegal}")
    }

    fn play(&self, bar: &Bar, bite: &Bite) -> Result<Bar, IllegalBite> {
        bar.bite(*bite)
    }

    /// Over when the poisoned square is eaten, or is all that is left.
    fn is_over(&self, bar: &Bar) -> bool {
        bar.is_eaten() || bar.row_lengths() == [1]
    }

    /// Whoever ate the poisoned square has lost, so the player to move has
    /// won; whoever is left only the poisoned square has lost.
    fn at_end(&self, bar: &Bar) -> Outcome {
        match bar.is_eaten() {
            true => Outcome::Win,
            false => Outcome::Lose,
        }
    }

    /// Never the poisoned square while another square is left.
    fn random_move(&self, bar: &Bar, below: &mut dyn FnMut(u64) -> u64) -> Option<Bite> {
        if bar.is_eaten() {
            return None;
        }
        let squares = bar.squares() as u64 - 1;
        if squares == 0 {
            return Some(Bite::new(1, 1));
        }
        // The squares other than the poison, counted row by row.
        let mut nth = below(squares) + 1;
        for (row, &length) in bar.row_lengths().iter().enumerate() {
            let length = length as u64;
            if nth < length {
                return Some(Bite::new(row + 1, nth as usize + 1));
            }
            nth -= length;
        }
        unreachable!("the bar has that many squares")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::rule::Rule;

    /// A fixed stand-in for a random number generator: always the middle.
    fn middle(n: u64) -> u64 {
        n / 2
    }

    #[test]
    fn a_random_move_on_huge_rows_lists_no_takes() {
        // Ten billion sticks, and the most a row may hold: listing every
        // take would need 80 GB, or overflow.
        for rows in [vec![10_000_000_000; 3], vec![u64::MAX; 3]] {
            let position = Position::new(rows);
            for nim in [
                Nim::new(Rule::Misere),
                Nim::new(Rule::Normal).with_rows_per_move(2).unwrap(),
            ] {
                let mv = nim.random_move(&position, &mut middle).unwrap();
                assert!(nim.play(&position, &mv).is_ok(), "{mv}");
            }
        }
    }

    #[test]
    fn a_start_with_no_move_to_make_is_refused_in_the_game_s_words() {
        let takes_of_seven = Nim::with_takes(Rule::Misere, TakeSet::parse("7").unwrap());
        let cases = [
            (
                nothing_to_play(&takes_of_seven, &Position::new(vec![3, 4])),
                Some("there is no move to make from 3 4: start with sticks that can be taken"),
            ),
            (
                nothing_to_play(&takes_of_seven, &Position::new(vec![3, 7])),
                None,
            ),
            (
                nothing_to_play(&Nim::new(Rule::Normal), &Position::new(vec![0, 0])),
                Some("there is no move to make from 0 0: start with sticks that can be taken"),
            ),
            (
                nothing_to_play(&Chomp, &Bar::rectangle(1, 1).unwrap()),
                Some(
                    "there is no bite to make from 1x1: start with a bar bigger than the poisoned square, such as 2x3",
                ),
            ),
            (
                nothing_to_play(&Chomp, &Bar::rectangle(1, 2).unwrap()),
                None,
            ),
        ];
        for (got, expected) in cases {
            assert_eq!(got.as_deref(), expected);
        }
    }

    #[test]
    fn a_random_bite_is_never_the_poison_while_another_square_is_left() {
        let bar = Bar::rectangle(3, 4).unwrap();
        for pick in 0..11 {
            let bite = Chomp.random_move(&bar, &mut |_| pick).unwrap();
            assert!(
                !bite.is_poison() && Chomp.play(&bar, &bite).is_ok(),
                "{bite}"
            );
        }
        let poison_only = Bar::rectangle(1, 1).unwrap();
        assert_eq!(
            Chomp.random_move(&poison_only, &mut middle),
            Some(Bite::new(1, 1))
        );
    }
}
