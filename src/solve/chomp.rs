//! Chomp solved: who wins on a chocolate bar, how, and how long the game
//! lasts under perfect play.
//!
//! The search values every shape inside the start bar once, from the eaten
//! bar up, and never recurses. A shape inside an R×C bar is a staircase, a
//! path of R+C steps through the rectangle, and its key is its rank among
//! those paths in dictionary order of the row lengths. The values then sit
//! in one array indexed by rank, with no hashing. The rank is a sum of one
//! number per row, so a bite changes it by a sum over the rows it shortens:
//! trying a bite costs a subtraction and allocates nothing. Before searching,
//! the shapes are counted, and the search refuses past `LARGEST_SEARCH`.
//!
//! Beside the search are the arguments that need none, kept as data for the
//! explanations: strategy stealing, the square strategy and the two-row
//! strategy.

use crate::rules::bar::{Arms, Bar, Bite};
use crate::rules::commas::with_commas;
use crate::rules::outcome::Outcome;
use crate::solve::search::Solved;

/// The most shapes the search values. Every bar within it is solved in well
/// under a second; 11×11 (705,432 shapes) fits, 12×12 (2,704,156) does not.
pub(crate) const LARGEST_SEARCH: u64 = 2_000_000;

/// The bar has more shapes inside it than the search may value.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "this bar is too big to search bite by bite: a game on it can reach {} shapes, more than the search's limit of {}; try a smaller bar",
    with_commas(*count),
    with_commas(u128::from(*limit))
)]
pub struct TooBig {
    /// How many shapes a game from the bar can reach.
    pub count: u128,
    /// The most the search may value.
    pub limit: u64,
}

/// A bar was asked about that the search never saw.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "the bar {bar} does not fit inside {start}, the bar this search started from: search it on its own"
)]
pub struct NotInside {
    /// The bar asked about.
    pub bar: String,
    /// The bar the search started from.
    pub start: String,
}

/// How many shapes a game from `bar` can reach: every staircase inside it,
/// `bar` itself and the eaten bar included. Counted without searching.
pub fn reachable(bar: &Bar) -> u128 {
    count(&rank_steps(bar.row_lengths()))
}

/// The value of every shape inside one start bar.
#[derive(Clone, Debug)]
pub struct ChompSearch {
    start: Bar,
    /// `steps[i][v]`: how much a row `i` (from 0) of length `v` adds to the
    /// rank of a shape.
    steps: Vec<Vec<usize>>,
    /// Moves left under perfect play, by rank. The game always ends with the
    /// poison eaten, by the player who makes the last move, so an odd count
    /// is a loss for the player to move and an even one a win.
    moves_left: Vec<u16>,
}

impl ChompSearch {
    /// Values every shape inside `start`, or refuses at once when there are
    /// more than `LARGEST_SEARCH`.
    pub fn search(start: &Bar) -> Result<ChompSearch, TooBig> {
        ChompSearch::search_within(start, LARGEST_SEARCH)
    }

    /// Values every shape inside `start`, or refuses at once when there are
    /// more than `limit`.
    pub(crate) fn search_within(start: &Bar, limit: u64) -> Result<ChompSearch, TooBig> {
        let steps = rank_steps(start.row_lengths());
        let count = count(&steps);
        if count > u128::from(limit) {
            return Err(TooBig { count, limit });
        }
        // Within the limit every count fits a usize.
        let steps: Vec<Vec<usize>> = steps
            .iter()
            .map(|row| row.iter().map(|&n| n as usize).collect())
            .collect();
        let moves_left = value_all(start.row_lengths(), &steps, count as usize);
        Ok(ChompSearch {
            start: start.clone(),
            steps,
            moves_left,
        })
    }

    /// The bar the search started from.
    #[cfg(test)]
    fn start(&self) -> &Bar {
        &self.start
    }

    /// How many shapes were valued.
    #[cfg(test)]
    fn positions(&self) -> usize {
        self.moves_left.len()
    }

    /// The value of `bar` for the player to move. The eaten bar is won with
    /// 0 moves left: the opponent ate the poison. A bar of the poisoned
    /// square alone is lost with 1 move left: it must be eaten.
    pub fn solved(&self, bar: &Bar) -> Result<Solved, NotInside> {
        Ok(solved(self.moves_left[self.rank(bar)?]))
    }

    /// Every bite that leaves the opponent lost, ordered by row then column.
    pub fn winning_bites(&self, bar: &Bar) -> Result<Vec<Bite>, NotInside> {
        Ok(self
            .children(bar)?
            .filter(|(_, after)| after.outcome == Outcome::Lose)
            .map(|(bite, _)| bite)
            .collect())
    }

    /// The bite perfect play recommends, with the value of the bar it
    /// leaves: the winner takes the quickest win, the loser the longest
    /// game. Ties go to the first by row, then by column. `None` once the
    /// bar is eaten.
    pub fn best_bite(&self, bar: &Bar) -> Result<Option<(Bite, Solved)>, NotInside> {
        let outcome = self.solved(bar)?.outcome;
        let mut best: Option<(Bite, Solved)> = None;
        for (bite, after) in self.children(bar)? {
            if after.beats(best.as_ref().map(|(_, b)| b), outcome) {
                best = Some((bite, after));
            }
        }
        Ok(best)
    }

    /// Every legal bite from `bar` with the value of the bar it leaves.
    fn children<'a>(
        &'a self,
        bar: &'a Bar,
    ) -> Result<impl Iterator<Item = (Bite, Solved)> + 'a, NotInside> {
        self.rank(bar)?;
        Ok(bar.bites().map(move |bite| {
            let after = bar.bite(bite).expect("listed bites are legal");
            let rank = self.rank(&after).expect("a bite stays inside");
            (bite, solved(self.moves_left[rank]))
        }))
    }

    /// Where `bar` sits among the shapes inside the start.
    fn rank(&self, bar: &Bar) -> Result<usize, NotInside> {
        let (lengths, bounds) = (bar.row_lengths(), self.start.row_lengths());
        if lengths.len() > bounds.len() || lengths.iter().zip(bounds).any(|(l, b)| l > b) {
            return Err(NotInside {
                bar: bar.to_string(),
                start: self.start.to_string(),
            });
        }
        Ok(lengths
            .iter()
            .zip(&self.steps)
            .map(|(&length, steps)| steps[length])
            .sum())
    }
}

/// A value as stored (moves left) with the outcome it implies.
fn solved(moves_left: u16) -> Solved {
    let outcome = match moves_left % 2 {
        1 => Outcome::Lose,
        _ => Outcome::Win,
    };
    Solved {
        outcome,
        moves_left: u64::from(moves_left),
    }
}

/// The rank steps of the shapes inside a bar with row lengths `bounds`.
///
/// Shapes are ordered as dictionaries order words, the top row's length
/// first. A shape comes after every shape that agrees with it above row `i`
/// and is shorter in row `i`, and there are `steps[i][v]` of those when row
/// `i` has length `v`: the ways to finish the rows below under each shorter
/// length. Summing over the rows gives the rank. Row `i` has one more step,
/// `steps[i][bounds[i] + 1]`, which counts the ways to fill rows `i` and
/// below, so the top row's last step counts every shape.
fn rank_steps(bounds: &[usize]) -> Vec<Vec<u128>> {
    let widest = bounds.first().copied().unwrap_or(0);
    // below[v]: the ways to fill the rows below the current one when the
    // current one has length v. Under the bottom row there is one way.
    let mut below = vec![1u128; widest + 1];
    let mut steps = vec![Vec::new(); bounds.len()];
    for (i, &bound) in bounds.iter().enumerate().rev() {
        let mut row = Vec::with_capacity(bound + 2);
        let mut running = 0u128;
        row.push(running);
        for &ways in &below[..=bound] {
            running += ways;
            row.push(running);
        }
        // A row of length v can hold any length up to v below it, up to
        // this row's own bound.
        below = (0..=widest).map(|v| row[v.min(bound) + 1]).collect();
        steps[i] = row;
    }
    steps
}

/// The number of shapes, from the rank steps: one for the eaten bar alone.
fn count(steps: &[Vec<u128>]) -> u128 {
    steps
        .first()
        .and_then(|top| top.last())
        .copied()
        .unwrap_or(1)
}

/// The moves left of every shape inside `bounds`, by rank. Shapes are
/// visited in rank order, which puts every bar after all the bars a bite
/// leaves: a bite shortens some rows and lengthens none, so the first row it
/// changes is shorter.
fn value_all(bounds: &[usize], steps: &[Vec<usize>], count: usize) -> Vec<u16> {
    let mut moves_left = Vec::with_capacity(count);
    let mut rows = vec![0; bounds.len()];
    loop {
        let rank = moves_left.len();
        moves_left.push(value(&rows, rank, steps, &moves_left));
        if !next_shape(&mut rows, bounds) {
            break;
        }
    }
    debug_assert_eq!(moves_left.len(), count);
    moves_left
}

/// The moves left of the shape `rows` (trailing rows of 0 allowed), whose
/// rank is `rank`, when every shape of lower rank is in `known`.
fn value(rows: &[usize], rank: usize, steps: &[Vec<usize>], known: &[u16]) -> u16 {
    let top = rows.first().copied().unwrap_or(0);
    let mut height = rows.iter().take_while(|&&length| length > 0).count();
    let mut fastest_win: Option<u16> = None;
    let mut longest: Option<u16> = None;
    for column in 1..=top {
        // The rows that reach this column are the top `height`.
        while rows[height - 1] < column {
            height -= 1;
        }
        // Biting at (row, column) cuts every row from `row` to `height` to
        // length column - 1. Walking up from the bottom adds one row each.
        let mut child = rank;
        for row in (0..height).rev() {
            child -= steps[row][rows[row]] - steps[row][column - 1];
            let m = known[child];
            match m % 2 {
                1 => fastest_win = Some(fastest_win.map_or(m, |f| f.min(m))),
                _ => longest = Some(longest.map_or(m, |l| l.max(m))),
            }
        }
    }
    match (fastest_win, longest) {
        (Some(m), _) | (None, Some(m)) => m + 1,
        // The eaten bar: the opponent ate the poison.
        (None, None) => 0,
    }
}

/// Moves `rows` to the next shape inside `bounds` in rank order, or returns
/// false when it is the last (`bounds` itself).
fn next_shape(rows: &mut [usize], bounds: &[usize]) -> bool {
    for i in (0..rows.len()).rev() {
        let most = match i {
            0 => bounds[0],
            i => bounds[i].min(rows[i - 1]),
        };
        if rows[i] < most {
            rows[i] += 1;
            rows[i + 1..].fill(0);
            return true;
        }
    }
    false
}

/// The strategy-stealing argument: on any full rectangle bigger than 1×1
/// the first player wins, though it does not say how.
///
/// Every bite eats the bottom-right square, the `corner`, because it lies
/// below and right of every square. Suppose biting the corner alone lost:
/// the opponent would then have a winning reply. But that reply, taken
/// first, leaves exactly the same bar, since it eats the corner anyway. So
/// the first player could have made it, and wins either way.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StrategyStealing {
    /// The bite the argument starts from: the bottom-right square alone.
    pub corner: Bite,
    /// The verdict for the player to move: always a win.
    pub outcome: Outcome,
}

/// The strategy-stealing verdict for `bar`, without a search, or `None`
/// unless it is a full rectangle bigger than 1×1.
pub(crate) fn strategy_stealing(bar: &Bar) -> Option<StrategyStealing> {
    match bar.is_rectangle() && bar.squares() > 1 {
        true => Some(StrategyStealing {
            corner: Bite::new(bar.rows(), bar.columns()),
            outcome: Outcome::Win,
        }),
        false => None,
    }
}

/// The winning bite of the square strategy, or `None` when it does not
/// apply or the bar is lost.
///
/// On an n×n bar (n at least 2), bite (2,2): that leaves an L whose two arms,
/// the rest of the top row and of the first column, are equal. Whatever the
/// opponent bites from one arm, bite as much from the other; the arms stay
/// equal, and the opponent is left with the poisoned square. On an L with
/// unequal arms, the winning bite shortens the longer arm to match; an L
/// with equal arms (the 1×1 bar included) is lost.
pub(crate) fn square_strategy(bar: &Bar) -> Option<Bite> {
    let square = bar.is_rectangle() && bar.rows() == bar.columns();
    match (bar.arms(), square) {
        (Some(Arms { right, down }), _) if right > down => Some(Bite::new(1, down + 2)),
        (Some(Arms { right, down }), _) if down > right => Some(Bite::new(right + 2, 1)),
        (Some(_), _) => None,
        // Not an L, so at least 2×2.
        (None, true) => Some(Bite::new(2, 2)),
        (None, false) => None,
    }
}

/// The winning bite of the equal-sides strategy, or `None` when it does not
/// apply.
///
/// It is the square strategy stretched to any bar whose top row is exactly
/// as long as its first column and which is more than an L: a square, or a
/// staircase such as 4,3,3,1. Biting (2,2) leaves the L of the top row and
/// the first column, with equal arms, and the copying takes over. Every
/// other bite that keeps square (2,2) loses to that same answer, so on a
/// square, where the remaining bites leave rectangles, (2,2) is the only
/// winning bite.
pub(crate) fn equal_sides_strategy(bar: &Bar) -> Option<Bite> {
    // Not an L (and not eaten) means row 2 reaches column 2.
    match (bar.arms(), bar.rows() == bar.columns() && !bar.is_eaten()) {
        (None, true) => Some(Bite::new(2, 2)),
        _ => None,
    }
}

/// The winning bite of the two-row strategy, or `None` when the bar has more
/// than two rows or is lost.
///
/// On two rows, leave the bottom row exactly one square shorter than the
/// top: from there, any bite the opponent makes can be answered by one that
/// restores it, down to the poisoned square alone. A single row counts as a
/// bottom row of 0, so it is won by leaving the poisoned square alone, and a
/// bar already one shorter is lost.
pub(crate) fn two_row_strategy(bar: &Bar) -> Option<Bite> {
    match *bar.row_lengths() {
        [top] if top > 1 => Some(Bite::new(1, 2)),
        [top, bottom] if bottom == top => Some(Bite::new(2, top)),
        [top, bottom] if bottom + 1 < top => Some(Bite::new(1, bottom + 2)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bar(shape: &str) -> Bar {
        shape.parse().unwrap()
    }

    fn bites(list: &[(usize, usize)]) -> Vec<Bite> {
        list.iter().map(|&(r, c)| Bite::new(r, c)).collect()
    }

    fn check(shape: &str, outcome: Outcome, moves_left: u64, winning: &[(usize, usize)]) {
        let start = bar(shape);
        let chomp = ChompSearch::search(&start).unwrap();
        let solved = chomp.solved(&start).unwrap();
        assert_eq!(
            (solved.outcome, solved.moves_left),
            (outcome, moves_left),
            "{shape}"
        );
        assert_eq!(
            chomp.winning_bites(&start).unwrap(),
            bites(winning),
            "{shape}"
        );
    }

    #[test]
    fn small_bars() {
        use Outcome::*;
        // The poisoned square alone must be eaten.
        check("1x1", Lose, 1, &[]);
        // One row or one column: leave the poison alone.
        check("1x2", Win, 2, &[(1, 2)]);
        check("1x7", Win, 2, &[(1, 2)]);
        check("7x1", Win, 2, &[(2, 1)]);
        check("2x2", Win, 4, &[(2, 2)]);
        // An L with equal arms: every bite is answered by the same on the
        // other arm.
        check("2,1", Lose, 3, &[]);
        check("3,1,1", Lose, 5, &[]);
        check("2x3", Win, 6, &[(2, 3)]);
        check("3,2", Lose, 5, &[]);
        check("3x3", Win, 6, &[(2, 2)]);
    }

    #[test]
    fn the_eaten_bar_is_won_by_the_player_to_move() {
        let eaten = bar("3x3").bite(Bite::new(1, 1)).unwrap();
        let chomp = ChompSearch::search(&eaten).unwrap();
        assert_eq!(chomp.positions(), 1);
        assert_eq!(
            chomp.solved(&eaten).unwrap(),
            Solved {
                outcome: Outcome::Win,
                moves_left: 0
            }
        );
        assert_eq!(chomp.best_bite(&eaten).unwrap(), None);
        // Eating the poison is legal but never wins.
        let chomp = ChompSearch::search(&bar("1x1")).unwrap();
        assert_eq!(
            chomp.best_bite(&bar("1x1")).unwrap(),
            Some((Bite::new(1, 1), chomp.solved(&eaten).unwrap()))
        );
    }

    #[test]
    fn best_bites() {
        let best = |start: &str, shape: &str| {
            let chomp = ChompSearch::search(&bar(start)).unwrap();
            chomp
                .best_bite(&bar(shape))
                .unwrap()
                .map(|(b, s)| (b.row, b.column, s.moves_left))
        };
        // The winner hurries: (1,2) leaves the poison alone at once.
        assert_eq!(best("1x5", "1x5"), Some((1, 2, 1)));
        // The loser holds out: on 2,1 eating the poison ends it at once,
        // and either arm lasts two more moves; the first such bite is taken.
        assert_eq!(best("2,1", "2,1"), Some((1, 2, 2)));
        // Any bar inside the start can be asked about.
        assert_eq!(best("4x4", "2,1"), Some((1, 2, 2)));
        assert_eq!(best("4x4", "3x3"), Some((2, 2, 5)));
    }

    #[test]
    fn counts_shapes_before_searching() {
        let check =
            |shape: &str, shapes: u128| assert_eq!(reachable(&bar(shape)), shapes, "{shape}");
        check("1x1", 2);
        check("1x5", 6);
        check("2,1", 5);
        // Choose where the 10 down-steps of 20 go.
        check("10x10", 184_756);
        // 56 shapes inside 3x5, less the 4 whose third row is longer than 3.
        check("5,5,3", 52);
        check("64x64", 23_951_146_041_928_082_866_135_587_776_380_551_750);
        // The search values exactly the shapes counted.
        for shape in ["1x1", "2,1", "5,5,3", "4x6", "6,6,4,4,1"] {
            let chomp = ChompSearch::search(&bar(shape)).unwrap();
            assert_eq!(chomp.positions() as u128, reachable(&bar(shape)), "{shape}");
        }
    }

    #[test]
    fn ranks_follow_the_search_order() {
        let bounds = [6, 6, 4, 4, 1];
        let steps = rank_steps(&bounds);
        let steps: Vec<Vec<usize>> = steps
            .iter()
            .map(|r| r.iter().map(|&n| n as usize).collect())
            .collect();
        let mut rows = vec![0; bounds.len()];
        let mut expected = 0;
        loop {
            let rank: usize = rows.iter().zip(&steps).map(|(&l, s)| s[l]).sum();
            assert_eq!(rank, expected, "{rows:?}");
            expected += 1;
            if !next_shape(&mut rows, &bounds) {
                break;
            }
        }
        assert_eq!(rows, bounds);
    }

    #[test]
    fn refuses_beyond_the_limit() {
        // 3x3 holds C(6,3) = 20 shapes.
        assert!(ChompSearch::search_within(&bar("3x3"), 20).is_ok());
        let err = ChompSearch::search_within(&bar("3x3"), 19).unwrap_err();
        assert_eq!(
            err,
            TooBig {
                count: 20,
                limit: 19
            }
        );
        assert_eq!(
            err.to_string(),
            "this bar is too big to search bite by bite: a game on it can reach 20 shapes, more than the search's limit of 19; try a smaller bar"
        );
        let err = ChompSearch::search(&bar("64x64")).unwrap_err();
        assert_eq!(err.limit, LARGEST_SEARCH);
        assert_eq!(err.count, reachable(&bar("64x64")));
        assert!(ChompSearch::search(&bar("12x12")).is_err());
        assert_eq!(
            ChompSearch::search(&bar("12x12")).unwrap_err().to_string(),
            "this bar is too big to search bite by bite: a game on it can reach 2,704,156 shapes, more than the search's limit of 2,000,000; try a smaller bar"
        );
    }

    #[test]
    fn only_bars_inside_the_start_are_known() {
        let chomp = ChompSearch::search(&bar("5,5,3")).unwrap();
        assert!(chomp.solved(&bar("5,3,3")).is_ok());
        assert_eq!(chomp.start(), &bar("5,5,3"));
        let err = chomp.solved(&bar("4,4,4")).unwrap_err();
        assert_eq!(
            err.to_string(),
            "the bar 3x4 does not fit inside 5,5,3, the bar this search started from: search it on its own"
        );
        assert!(chomp.winning_bites(&bar("6")).is_err());
        assert!(chomp.best_bite(&bar("1,1,1,1")).is_err());
    }

    #[test]
    fn strategy_stealing_needs_a_rectangle_bigger_than_one_square() {
        let corner =
            |shape: &str| strategy_stealing(&bar(shape)).map(|s| (s.corner.row, s.corner.column));
        assert_eq!(corner("4x5"), Some((4, 5)));
        assert_eq!(corner("1x2"), Some((1, 2)));
        assert_eq!(corner("1x1"), None);
        assert_eq!(corner("5,5,3"), None);
        assert_eq!(
            strategy_stealing(&bar("2x2")).unwrap().outcome,
            Outcome::Win
        );
    }

    #[test]
    fn equal_sides_need_a_top_row_as_long_as_the_first_column() {
        let bite = |shape: &str| equal_sides_strategy(&bar(shape)).map(|b| (b.row, b.column));
        assert_eq!(bite("5x5"), Some((2, 2)));
        assert_eq!(bite("4,3,3,1"), Some((2, 2)));
        assert_eq!(bite("4,1,1,1"), None);
        assert_eq!(bite("4,3,3"), None);
        assert_eq!(bite("1x1"), None);
        let eaten = bar("2x2").bite(Bite::new(1, 1)).unwrap();
        assert_eq!(equal_sides_strategy(&eaten), None);
    }

    #[test]
    fn strategies_name_their_bite() {
        let square = |shape: &str| square_strategy(&bar(shape)).map(|b| (b.row, b.column));
        assert_eq!(square("5x5"), Some((2, 2)));
        assert_eq!(square("5,1,1"), Some((1, 4)));
        assert_eq!(square("2,1,1,1"), Some((3, 1)));
        assert_eq!(square("1x4"), Some((1, 2)));
        assert_eq!(square("3,1,1"), None);
        assert_eq!(square("1x1"), None);
        assert_eq!(square("4x5"), None);
        let two_rows = |shape: &str| two_row_strategy(&bar(shape)).map(|b| (b.row, b.column));
        assert_eq!(two_rows("2x5"), Some((2, 5)));
        assert_eq!(two_rows("5,2"), Some((1, 4)));
        assert_eq!(two_rows("5,4"), None);
        assert_eq!(two_rows("1x5"), Some((1, 2)));
        assert_eq!(two_rows("1x1"), None);
        assert_eq!(two_rows("1,1"), Some((2, 1)));
        assert_eq!(two_rows("3x3"), None);
    }

    /// Row lengths from the top of every bar inside `rows`×`columns`, the eaten
    /// bar left out.
    fn staircases(rows: usize, columns: usize) -> Vec<Vec<usize>> {
        let mut all = Vec::new();
        let mut frontier: Vec<Vec<usize>> = vec![Vec::new()];
        for _ in 0..rows {
            frontier = frontier
                .into_iter()
                .flat_map(|shape| {
                    let most = shape.last().copied().unwrap_or(columns);
                    (1..=most).map(move |length| [shape.clone(), vec![length]].concat())
                })
                .collect();
            all.extend(frontier.iter().cloned());
        }
        all
    }

    #[test]
    fn the_square_strategy_wins_on_squares_and_their_ls() {
        let chomp = ChompSearch::search(&Bar::rectangle(8, 8).unwrap()).unwrap();
        for n in 2..=8 {
            let square = Bar::rectangle(n, n).unwrap();
            assert_eq!(square_strategy(&square), Some(Bite::new(2, 2)));
            assert!(
                chomp
                    .winning_bites(&square)
                    .unwrap()
                    .contains(&Bite::new(2, 2))
            );
        }
        // Every L inside 8x8, which is every L a game on a square can reach,
        // 1x1 included: the strategy names a winning bite exactly when there is
        // one.
        for right in 0..8 {
            for down in 0..8 {
                let l = Bar::new([vec![right + 1], vec![1; down]].concat()).unwrap();
                let winning = chomp.winning_bites(&l).unwrap();
                match square_strategy(&l) {
                    Some(bite) => assert!(winning.contains(&bite), "{l}: {bite}"),
                    None => assert!(winning.is_empty(), "{l}"),
                }
            }
        }
    }

    #[test]
    fn the_two_row_strategy_wins_on_every_bar_of_two_rows() {
        let chomp = ChompSearch::search(&Bar::rectangle(2, 12).unwrap()).unwrap();
        for rows in staircases(2, 12) {
            let bar = Bar::new(rows).unwrap();
            let winning = chomp.winning_bites(&bar).unwrap();
            match two_row_strategy(&bar) {
                Some(bite) => assert!(winning.contains(&bite), "{bar}: {bite}"),
                None => assert!(winning.is_empty(), "{bar}"),
            }
        }
    }

    #[test]
    fn strategy_stealing_matches_the_search() {
        let chomp = ChompSearch::search(&Bar::rectangle(6, 6).unwrap()).unwrap();
        for rows in 1..=6 {
            for columns in 1..=6 {
                let bar = Bar::rectangle(rows, columns).unwrap();
                let Some(argument) = strategy_stealing(&bar) else {
                    assert_eq!((rows, columns), (1, 1));
                    continue;
                };
                assert_eq!(argument.corner, Bite::new(rows, columns));
                assert_eq!(chomp.solved(&bar).unwrap().outcome, argument.outcome);
                // The heart of the argument: a reply to the corner bite leaves
                // what that reply would have left as a first bite.
                let after_corner = bar.bite(argument.corner).unwrap();
                for reply in after_corner.bites() {
                    assert_eq!(
                        after_corner.bite(reply).unwrap(),
                        bar.bite(reply).unwrap(),
                        "{bar}: {reply}"
                    );
                }
                // So when the corner bite loses, the reply that beats it wins.
                if chomp.solved(&after_corner).unwrap().outcome == Outcome::Win {
                    let first = chomp.winning_bites(&bar).unwrap();
                    for reply in chomp.winning_bites(&after_corner).unwrap() {
                        assert!(first.contains(&reply), "{bar}: {reply}");
                    }
                }
            }
        }
    }

    #[test]
    fn equal_sides_win_with_row_2_column_2_on_every_such_bar_up_to_7x7() {
        let chomp = ChompSearch::search(&Bar::rectangle(7, 7).unwrap()).unwrap();
        let mut seen = 0;
        for rows in staircases(7, 7) {
            let bar = Bar::new(rows).unwrap();
            if let Some(bite) = equal_sides_strategy(&bar) {
                seen += 1;
                let winning = chomp.winning_bites(&bar).unwrap();
                assert!(winning.contains(&bite), "{bar}");
                // On a square it is the only winning bite.
                if bar.is_rectangle() {
                    assert_eq!(winning, vec![bite], "{bar}");
                }
            }
        }
        assert!(seen > 100, "only {seen} bars with equal sides");
    }
}
