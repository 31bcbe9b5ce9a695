//! Whether anyone still has a choice that matters: a position whose game
//! ends the same way whatever both players do.
//!
//! "Hope your opponent slips" and "if the opponent plays well" are only
//! true where the opponent has a choice to get wrong. In some positions
//! nobody has: the only move takes the last stick (`1`, or `2` when a move
//! takes 2 or 3), or every turn takes exactly one stick (`1 1 1`), or
//! every row can only be taken in the same number of moves (`5 5` when a
//! move takes 5). The words then say that the game is over, or that it
//! goes one way, rather than hope. This shares nothing with the solvers:
//! it only counts how many moves each row can last.

use crate::rules::nim::Nim;
use crate::rules::position::Position;

/// The longest row whose number of moves is counted one stick at a time;
/// a longer row with two takes that fit is taken to leave a choice.
const COUNTED: u64 = 4 * crate::rules::take_set::LARGEST_TAKE;

/// How much choice is left in a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Choice {
    /// No move is possible: the game is over.
    Over,
    /// Every move possible ends the game at once.
    EndsNow,
    /// The game lasts the same number of moves whatever anyone takes, so
    /// it ends the same way: nobody can slip.
    Forced,
    /// Some choice changes how the game goes.
    Open,
}

/// How much choice is left at `position` in `game`.
pub(crate) fn choice(position: &Position, game: &Nim) -> Choice {
    let takes = &game.takes;
    let live: Vec<u64> = position
        .piles()
        .iter()
        .copied()
        .filter(|&n| takes.takes_from(n).next().is_some())
        .collect();
    if live.is_empty() {
        return Choice::Over;
    }
    // Every move ends the game when only one row can be taken from, and
    // whatever it takes leaves a row nothing can be taken from.
    if let [n] = live[..]
        && takes
            .takes_from(n)
            .all(|take| takes.takes_from(n - take).next().is_none())
    {
        return Choice::EndsNow;
    }
    // Taking from several rows at once changes how many moves are left.
    if game.rows_per_move > 1 && live.len() > 1 {
        return Choice::Open;
    }
    let longest = live.iter().copied().max().unwrap_or(0);
    let counts = MoveCounts::up_to(longest.min(COUNTED), game);
    match live.iter().all(|&n| counts.fixed(n, game)) {
        true => Choice::Forced,
        false => Choice::Open,
    }
}

/// The fewest and the most moves a row of each size up to a limit can
/// last, taken alone.
struct MoveCounts {
    fewest: Vec<u64>,
    most: Vec<u64>,
}

impl MoveCounts {
    fn up_to(limit: u64, game: &Nim) -> MoveCounts {
        let mut counts = MoveCounts {
            fewest: Vec::new(),
            most: Vec::new(),
        };
        // Plain Nim needs no table: a row of 2 or more can go in one move
        // or in two.
        if game.takes.only().is_none() {
            return counts;
        }
        for n in 0..=limit {
            let (mut fewest, mut most) = (None::<u64>, None::<u64>);
            for take in game.takes.takes_from(n) {
                let left = (n - take) as usize;
                let (f, m) = (counts.fewest[left] + 1, counts.most[left] + 1);
                fewest = Some(fewest.map_or(f, |x| x.min(f)));
                most = Some(most.map_or(m, |x| x.max(m)));
            }
            counts.fewest.push(fewest.unwrap_or(0));
            counts.most.push(most.unwrap_or(0));
        }
        counts
    }

    /// Whether a row of `n` lasts the same number of moves however it is
    /// taken.
    fn fixed(&self, n: u64, game: &Nim) -> bool {
        // With only one take that fits, every move is that take.
        if game.takes.takes_from(n).nth(1).is_none() {
            return true;
        }
        match usize::try_from(n).ok().and_then(|i| self.fewest.get(i)) {
            Some(fewest) => *fewest == self.most[n as usize],
            None => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::rule::Rule;
    use crate::rules::take_set::TakeSet;
    use std::collections::BTreeSet;

    fn of(rows: &[u64], takes: Option<&str>, k: u32) -> Choice {
        let mut game = match takes {
            Some(t) => Nim::with_takes(Rule::Misere, TakeSet::parse(t).unwrap()),
            None => Nim::new(Rule::Misere),
        };
        if k > 1 {
            game = game.with_rows_per_move(k).unwrap();
        }
        choice(&Position::new(rows.to_vec()), &game)
    }

    #[test]
    fn choices_are_told_apart() {
        let cases: &[(&[u64], Option<&str>, u32, Choice)] = &[
            (&[0, 0], None, 1, Choice::Over),
            (&[1], None, 1, Choice::EndsNow),
            (&[0, 1], None, 1, Choice::EndsNow),
            (&[1, 1, 1], None, 1, Choice::Forced),
            (&[1, 2], None, 1, Choice::Open),
            (&[2], None, 1, Choice::Open),
            (&[1, 1], None, 2, Choice::Open),
            (&[1], None, 2, Choice::EndsNow),
            (&[1], Some("1-3"), 1, Choice::EndsNow),
            (&[2], Some("2,3"), 1, Choice::EndsNow),
            (&[3], Some("2"), 1, Choice::EndsNow),
            (&[1], Some("2,3"), 1, Choice::Over),
            (&[5, 5], Some("5"), 1, Choice::Forced),
            (&[10, 5], Some("5"), 1, Choice::Forced),
            // 2 + 3 or 3 + 2: two moves either way.
            (&[5], Some("2,3"), 1, Choice::Forced),
            (&[6], Some("2,3"), 1, Choice::Open),
            (&[4], Some("1-3"), 1, Choice::Open),
            (&[100_000], Some("7"), 1, Choice::Forced),
            (&[100_000], Some("6,7"), 1, Choice::Open),
        ];
        for (rows, takes, k, expected) in cases {
            assert_eq!(of(rows, *takes, *k), *expected, "{rows:?} {takes:?} k={k}");
        }
    }

    /// How many moves each line of play from `rows` lasts, remembered by
    /// position so that a walk through every game stays quick.
    fn lengths(
        rows: Vec<u64>,
        game: &Nim,
        seen: &mut std::collections::HashMap<Vec<u64>, BTreeSet<u64>>,
    ) -> BTreeSet<u64> {
        if let Some(known) = seen.get(&rows) {
            return known.clone();
        }
        let p = Position::new(rows.clone());
        let moves: Vec<_> = p.moves_with(&game.takes).collect();
        let mut out = BTreeSet::new();
        if moves.is_empty() {
            out.insert(0);
        }
        for mv in moves {
            let mut next = rows.clone();
            next[mv.pile] -= mv.take;
            out.extend(lengths(next, game, seen).iter().map(|n| n + 1));
        }
        seen.insert(rows, out.clone());
        out
    }

    proptest::proptest! {
        /// Forced means every line of play lasts as long: a plain walk
        /// through every game says so too.
        #[test]
        fn forced_is_every_game_as_long(
            rows in proptest::collection::vec(0u64..10, 1..5),
            takes in proptest::sample::select(vec!["1-2", "2,3", "3", "1,4", "2,5"]),
        ) {
            let game = Nim::with_takes(Rule::Misere, TakeSet::parse(takes).unwrap());
            let seen = lengths(rows.clone(), &game, &mut Default::default());
            let forced = matches!(
                choice(&Position::new(rows.clone()), &game),
                Choice::Over | Choice::EndsNow | Choice::Forced
            );
            proptest::prop_assert_eq!(forced, seen.len() == 1, "{:?} {}", rows, takes);
        }
    }
}
