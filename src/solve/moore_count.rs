//! Every winning move of Moore's Nim, counted exactly and listed in order up
//! to a limit.
//!
//! A move chooses up to K rows and a smaller size for each. For one set of
//! rows, the rows left alone already fix how many of the chosen rows must
//! hold each group size afterwards: enough to put every size in full sets of
//! K + 1 or, when the move ends a misère game in single sticks, to leave a
//! count of them with remainder 1. The moves of that set are then counted
//! size by size, biggest first, remembering only which chosen rows are
//! still exactly as big as before over the sizes done so far: a row that has
//! already fallen below may take any group of the smaller sizes, and one
//! that has not may not gain a group it lacks. The same count steers the
//! listing, so no listed move costs a search through dead ends.
//!
//! The work grows with the number of sets of rows, so it is measured in
//! steps and refused, with the limit named, past [`COUNT_STEPS`].

use std::num::NonZeroU32;

use crate::rules::commas::with_commas;
use crate::rules::moves::Move;
use crate::rules::multi_move::MultiMove;
use crate::rules::rule::Rule;

/// At most this many winning moves are listed; the total counts them all.
pub const LISTED_MOVES: usize = 1000;

/// The steps counting may take before it refuses. A step is one row set
/// tried, one state of a set looked at for one size, or one way of giving
/// a size to the chosen rows from one state, about ten nanoseconds each.
/// Checking a move counts twice (before and after it), and a game's turn
/// up to three times, so at this limit the worst positions found still
/// answer in well under a second of CPU.
pub const COUNT_STEPS: u64 = 20_000_000;

/// Group sizes are powers of two up to 2^63, one per bit of a row.
const SIZES: usize = 64;

/// How many winning moves there are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Total {
    /// Exactly this many.
    Exactly(u128),
    /// At least this many (the largest number kept): the true count is too
    /// big to hold.
    AtLeast(u128),
}

/// The winning moves of a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WinningMoves {
    /// The first [`LISTED_MOVES`] winning moves, or all of them when there
    /// are fewer, ordered by the rows they take from and then by the sticks
    /// taken (the order of [`MultiMove`]).
    pub listed: Vec<MultiMove>,
    /// How many winning moves there are in all.
    pub total: Total,
}

impl WinningMoves {
    /// Every one of `moves`, winning moves from one row found all at once
    /// (by the grouping method, a row's pattern, Grundy values or the
    /// search), in their order: these are never cut short.
    pub(crate) fn every(moves: Vec<Move>) -> WinningMoves {
        WinningMoves {
            total: Total::Exactly(moves.len() as u128),
            listed: moves.into_iter().map(MultiMove::from).collect(),
        }
    }
}

/// Counting the winning moves would take more than the budget of steps.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "counting every winning move here would take more than {} steps, the limit: try fewer rows, or fewer rows per move",
    with_commas(u128::from(*limit))
)]
pub struct TooManyToCount {
    /// The limit that was reached, [`COUNT_STEPS`].
    pub limit: u64,
}

/// Every winning move from `piles` under `rule` when a move may take from up
/// to `rows_per_move` rows, listed up to [`LISTED_MOVES`] with the total.
pub fn winning_moves(
    piles: &[u64],
    rule: Rule,
    rows_per_move: NonZeroU32,
) -> Result<WinningMoves, TooManyToCount> {
    let mut counter = Counter::new(piles, rule, rows_per_move);
    match piles.iter().all(|&p| p <= 1) {
        true => counter.singles()?,
        false => counter.every_set()?,
    }
    let total = match counter.total {
        u128::MAX => Total::AtLeast(u128::MAX),
        n => Total::Exactly(n),
    };
    Ok(WinningMoves {
        listed: counter.listed,
        total,
    })
}

/// The most steps counting the winning moves from `piles` can take, when
/// a move may take from up to `rows_per_move` rows: worked out from the
/// rows alone, so that a lesson can charge for a count before it runs. At
/// most [`COUNT_STEPS`], where counting refuses.
///
/// Each set of up to K rows with sticks is visited once. Counting the
/// moves of a set of j rows looks, at each group size up to the largest
/// row's, at each of its 2^j states and each way to hand the size out, at
/// most 2^j of them; listing a move decides its rows one by one, each
/// through at most as many steps at each size, twice over (counting what
/// can still finish, then choosing), and at most one listing per set ends
/// without a move.
pub(crate) fn most_steps(piles: &[u64], rows_per_move: NonZeroU32) -> u64 {
    let live = piles.iter().filter(|&&p| p > 0).count() as u64;
    let widest = live.min(u64::from(rows_per_move.get()));
    if piles.iter().all(|&p| p <= 1) {
        // One step per stick taken, for each move listed.
        return (LISTED_MOVES as u64)
            .saturating_mul(widest)
            .min(COUNT_STEPS);
    }
    let largest = piles.iter().copied().max().unwrap_or(0);
    let sizes = u128::from(64 - largest.leading_zeros());
    let width = u32::try_from(widest).unwrap_or(u32::MAX).min(64);
    // Per size, for a set of `width` rows: its rows, its states, and each
    // state with each way onward.
    let per_size = u128::from(width)
        .saturating_add(1u128.checked_shl(width).unwrap_or(u128::MAX))
        .saturating_add(4u128.checked_pow(width).unwrap_or(u128::MAX));
    let mut sets: u128 = 0;
    let mut moves: u128 = 0;
    let mut with_j: u128 = 1;
    for j in 1..=u128::from(widest) {
        with_j = with_j.saturating_mul(u128::from(live) - j + 1) / j;
        sets = sets.saturating_add(with_j);
        let each = u128::from(largest).saturating_pow(j as u32);
        moves = moves.saturating_add(with_j.saturating_mul(each));
    }
    let listed = moves.min(LISTED_MOVES as u128);
    let counting = sets.saturating_add(sets.saturating_mul(sizes).saturating_mul(per_size));
    let tables = 2u128
        .checked_shl(width)
        .unwrap_or(u128::MAX)
        .saturating_add(1);
    let listing = listed
        .saturating_mul(2)
        .saturating_mul(u128::from(width))
        .saturating_mul(sizes)
        .saturating_mul(per_size.saturating_mul(3))
        .saturating_add(
            listed
                .saturating_mul(sizes)
                .saturating_mul(u128::from(width)),
        );
    let steps = counting.saturating_add(tables).saturating_add(listing);
    u64::try_from(steps).unwrap_or(u64::MAX).min(COUNT_STEPS)
}

/// The steps left before counting refuses.
struct Budget {
    left: u64,
}

impl Budget {
    fn spend(&mut self, steps: u64) -> Result<(), TooManyToCount> {
        match self.left.checked_sub(steps) {
            Some(left) => {
                self.left = left;
                Ok(())
            }
            None => Err(TooManyToCount { limit: COUNT_STEPS }),
        }
    }
}

/// The state of one count over a position.
struct Counter<'a> {
    piles: &'a [u64],
    rule: Rule,
    /// K + 1.
    set: u64,
    /// The most rows one move may take from here: K, or fewer if fewer rows
    /// have sticks.
    widest: usize,
    /// The rows with sticks, in row order.
    live: Vec<usize>,
    /// For each size (bit), how many groups of it are left over in sets of
    /// K + 1.
    left_over: [u64; SIZES],
    /// The largest size (bit) with groups left over, if any.
    top: Option<u32>,
    /// Rows of more than one stick.
    big: usize,
    /// Rows of exactly one stick.
    ones: u64,
    budget: Budget,
    /// For each number of rows, the subsets of them grouped by size.
    subsets: Vec<Vec<Vec<u32>>>,
    listed: Vec<MultiMove>,
    total: u128,
}

impl<'a> Counter<'a> {
    fn new(piles: &'a [u64], rule: Rule, rows_per_move: NonZeroU32) -> Counter<'a> {
        let set = u64::from(rows_per_move.get()) + 1;
        let live: Vec<usize> = (0..piles.len()).filter(|&p| piles[p] > 0).collect();
        let mut left_over = [0u64; SIZES];
        for (bit, slot) in left_over.iter_mut().enumerate() {
            *slot = piles.iter().filter(|&&p| p >> bit & 1 == 1).count() as u64 % set;
        }
        let top = (0..SIZES as u32)
            .rev()
            .find(|&bit| left_over[bit as usize] > 0);
        Counter {
            piles,
            rule,
            set,
            top,
            widest: live.len().min(rows_per_move.get() as usize),
            live,
            left_over,
            big: piles.iter().filter(|&&p| p > 1).count(),
            ones: piles.iter().filter(|&&p| p == 1).count() as u64,
            budget: Budget { left: COUNT_STEPS },
            subsets: Vec::new(),
            listed: Vec::new(),
            total: 0,
        }
    }

    /// Every row holds 0 or 1 stick: a winning move takes one stick from
    /// each of just enough rows, so the moves are the ways to pick them.
    fn singles(&mut self) -> Result<(), TooManyToCount> {
        let take = match self.rule {
            Rule::Normal => self.ones % self.set,
            Rule::Misere => (self.ones + self.set - 1) % self.set,
        };
        if self.ones == 0 || take == 0 {
            return Ok(());
        }
        self.total = binomial(self.ones, take);
        let ones: Vec<usize> = self.live.clone();
        let take = take as usize;
        let mut pick: Vec<usize> = (0..take).collect();
        while self.listed.len() < LISTED_MOVES {
            self.budget.spend(take as u64)?;
            let parts = pick.iter().map(|&i| Move {
                pile: ones[i],
                take: 1,
            });
            self.listed.push(MultiMove::new(parts.collect()));
            // The next choice in order: move the last pick that can move
            // one place on, and the picks after it just behind it.
            let Some(at) = (0..take).rev().find(|&i| pick[i] < ones.len() - take + i) else {
                break;
            };
            pick[at] += 1;
            for i in at + 1..take {
                pick[i] = pick[i - 1] + 1;
            }
        }
        Ok(())
    }

    /// Tries every set of up to K rows with sticks, in order.
    fn every_set(&mut self) -> Result<(), TooManyToCount> {
        // Each set of j rows needs at least 2^j steps if it can win, so
        // refuse at once when even that is over the budget.
        let mut least: u128 = 0;
        let mut sets: u128 = 1;
        let rows = self.live.len() as u128;
        for j in 1..=self.widest as u128 {
            sets = sets.saturating_mul(rows - j + 1) / j;
            least = least.saturating_add(sets.saturating_mul(1u128 << j.min(127)));
            if least > u128::from(self.budget.left) {
                return Err(TooManyToCount { limit: COUNT_STEPS });
            }
        }
        self.sets_from(0, &mut Vec::new())
    }

    /// Visits every set that extends `chosen` with rows from `live[from..]`,
    /// each set before the sets that extend it.
    fn sets_from(&mut self, from: usize, chosen: &mut Vec<usize>) -> Result<(), TooManyToCount> {
        for i in from..self.live.len() {
            chosen.push(self.live[i]);
            self.visit(chosen)?;
            if chosen.len() < self.widest {
                self.sets_from(i + 1, chosen)?;
            }
            chosen.pop();
        }
        Ok(())
    }

    /// Counts, and lists while there is room, the winning moves that take
    /// from exactly the rows `chosen`.
    fn visit(&mut self, chosen: &[usize]) -> Result<(), TooManyToCount> {
        self.budget.spend(1)?;
        let Some(rows) = self.row_set(chosen) else {
            return Ok(());
        };
        if self.subsets.len() <= rows.width() {
            self.budget.spend(1 << rows.width())?;
            self.subsets = (0..=rows.width()).map(subsets_by_size).collect();
        }
        let mut work = Work {
            rows: &rows,
            left_over: &self.left_over,
            set: self.set,
            subsets: &self.subsets[rows.width()],
            budget: &mut self.budget,
        };
        let count = work.count()?;
        if count == 0 {
            return Ok(());
        }
        self.total = self.total.saturating_add(count);
        let room = LISTED_MOVES - self.listed.len();
        if room > 0 {
            let mut found = Vec::new();
            work.list(&mut Vec::new(), room, &mut found)?;
            for after in found {
                let parts = chosen.iter().zip(&after).map(|(&pile, &a)| Move {
                    pile,
                    take: self.piles[pile] - a,
                });
                self.listed.push(MultiMove::new(parts.collect()));
            }
        }
        Ok(())
    }

    /// What the rows `chosen` must hold afterwards for the move to win, or
    /// `None` when plainly no move from exactly these rows can.
    fn row_set(&self, chosen: &[usize]) -> Option<RowSet> {
        let sticks = |pile: &usize| self.piles[*pile];
        let big_here = chosen.iter().filter(|p| sticks(p) > 1).count();
        let (target, start) = match (self.rule, self.top) {
            // No big row is left alone, so the move ends in single sticks:
            // leave a count with remainder 1.
            (Rule::Misere, _) if big_here == self.big => {
                let ones_here = chosen.iter().filter(|p| sticks(p) == 1).count() as u64;
                let keep = (1 + self.set - (self.ones - ones_here) % self.set) % self.set;
                if keep > chosen.len() as u64 {
                    return None;
                }
                let largest = chosen.iter().map(sticks).max()?;
                (Target::Singles(keep), 63 - largest.leading_zeros())
            }
            // Otherwise every size must end in full sets, and with none
            // left over anywhere the rows would have to stay as they are.
            (_, None) => return None,
            // Above the largest left-over size the rows keep their groups;
            // at it, at least as many of them must give it up as are left
            // over, so they must hold that many.
            (_, Some(top)) => {
                let holding = chosen.iter().filter(|p| sticks(p) >> top & 1 == 1).count();
                if (holding as u64) < self.left_over[top as usize] {
                    return None;
                }
                (Target::Sets, top)
            }
        };
        Some(RowSet {
            before: chosen.iter().map(sticks).collect(),
            target,
            start,
        })
    }
}

/// What the chosen rows must hold afterwards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Target {
    /// Every size in full sets, with the rows left alone.
    Sets,
    /// Nothing but single sticks, this many of them in the chosen rows.
    Singles(u64),
}

/// The rows of one move and what they must hold afterwards.
struct RowSet {
    /// Each chosen row's sticks before the move; each must end smaller.
    before: Vec<u64>,
    target: Target,
    /// The largest size worked through; above it every chosen row keeps
    /// the groups it has.
    start: u32,
}

impl RowSet {
    fn width(&self) -> usize {
        self.before.len()
    }

    /// The chosen rows that hold a group of size 2^bit before the move, one
    /// bit per row.
    fn holding(&self, bit: u32) -> u32 {
        self.before
            .iter()
            .enumerate()
            .map(|(i, &p)| ((p >> bit & 1) as u32) << i)
            .fold(0, |a, b| a | b)
    }

    /// The sizes below `start` and `start` itself, as a mask of low bits.
    fn worked(&self) -> u64 {
        match self.start {
            63 => u64::MAX,
            s => (1u64 << (s + 1)) - 1,
        }
    }
}

/// Counting and listing the moves of one set of rows.
///
/// A state is the set of rows (one bit each) still exactly as big as before
/// over the sizes done so far. Every row starts that way, and every row
/// must have fallen below by the end.
struct Work<'w> {
    rows: &'w RowSet,
    /// For each size (bit), the groups left over over all rows.
    left_over: &'w [u64; SIZES],
    /// K + 1.
    set: u64,
    /// Subsets of the rows, grouped by how many rows they hold.
    subsets: &'w [Vec<u32>],
    budget: &'w mut Budget,
}

impl Work<'_> {
    /// How many of the chosen rows must hold size 2^bit afterwards, given
    /// the ones that hold it before.
    fn need(&self, bit: u32, holding: u32) -> u64 {
        match self.rows.target {
            // The rows left alone hold the rest of the count, so the
            // chosen rows make up what the full sets lack.
            Target::Sets => {
                let left = self.left_over[bit as usize];
                (u64::from(holding.count_ones()) + self.set - left) % self.set
            }
            Target::Singles(keep) if bit == 0 => keep,
            Target::Singles(_) => 0,
        }
    }

    /// The subsets of the chosen rows that may hold size 2^bit afterwards:
    /// those of the needed size, or none when more are needed than there
    /// are rows.
    fn holders(&self, bit: u32, holding: u32) -> &[u32] {
        let need = self.need(bit, holding);
        match usize::try_from(need) {
            Ok(need) if need <= self.rows.width() => &self.subsets[need],
            _ => &[],
        }
    }

    /// The number of moves from these rows that win.
    fn count(&mut self) -> Result<u128, TooManyToCount> {
        let mut ways = self.start::<u128>();
        for bit in (0..=self.rows.start).rev() {
            ways = self.step(&ways, bit, 0, 0)?;
            if ways.iter().all(|&w| w == 0) {
                return Ok(0);
            }
        }
        Ok(ways[0])
    }

    /// Every row still as big as before, in one way.
    fn start<W: Ways>(&self) -> Vec<W> {
        let mut ways = vec![W::NONE; 1 << self.rows.width()];
        ways[(1 << self.rows.width()) - 1] = W::ONE;
        ways
    }

    /// The states that `state` leads to at size 2^bit, one for each way of
    /// handing out the size: `holders` are the subsets of rows that may hold
    /// it, `holding` those that held it before, and the rows in `forced`
    /// must hold it exactly when their bit is in `value`.
    fn onward(
        state: u32,
        holding: u32,
        holders: &[u32],
        forced: u32,
        value: u32,
    ) -> impl Iterator<Item = usize> + '_ {
        holders
            .iter()
            // A row still as big as before cannot gain a group it lacks.
            .filter(move |&&hold| hold & state & !holding == 0 && hold & forced == value)
            // It stays as big only by keeping exactly what it had.
            .map(move |&hold| (state & !(hold ^ holding)) as usize)
    }

    /// The ways into each state after size 2^bit, from the ways into each
    /// state before it, with the rows in `forced` holding the size exactly
    /// when their bit is in `value`.
    fn step<W: Ways>(
        &mut self,
        ways: &[W],
        bit: u32,
        forced: u32,
        value: u32,
    ) -> Result<Vec<W>, TooManyToCount> {
        let holding = self.rows.holding(bit);
        let holders = self.holders(bit, holding).len() as u64;
        let busy = ways.iter().filter(|&&w| w != W::NONE).count() as u64;
        self.budget
            .spend(self.rows.width() as u64 + ways.len() as u64 + busy * holders)?;
        let holders = self.holders(bit, holding);
        let mut next = vec![W::NONE; ways.len()];
        for (state, &w) in ways.iter().enumerate().filter(|(_, w)| **w != W::NONE) {
            for after in Self::onward(state as u32, holding, holders, forced, value) {
                next[after] = next[after].plus(w);
            }
        }
        Ok(next)
    }

    /// For each size (bit) from 0 to `start + 1` and each state, whether the
    /// move can be finished from that state with the sizes below 2^bit, the
    /// rows before the `fixed.len()`-th holding the sizes of `fixed`.
    fn finishes(&mut self, fixed: &[u64]) -> Result<Vec<Vec<bool>>, TooManyToCount> {
        let states = 1usize << self.rows.width();
        let forced = (1u32 << fixed.len()) - 1;
        let mut below = vec![false; states];
        below[0] = true;
        let mut table = vec![below];
        for bit in 0..=self.rows.start {
            let holding = self.rows.holding(bit);
            let count = self.holders(bit, holding).len();
            self.budget
                .spend((self.rows.width() + states * count) as u64)?;
            let holders = self.holders(bit, holding);
            let value = fixed_at(fixed, bit);
            let below = table.last().expect("the table starts with one row");
            let here = (0..states as u32)
                .map(|state| {
                    Self::onward(state, holding, holders, forced, value).any(|after| below[after])
                })
                .collect();
            table.push(here);
        }
        Ok(table)
    }

    /// Lists up to `room` winning moves into `found`, each as every chosen
    /// row's sticks after the move, in order: the first row as big as
    /// possible (the fewest sticks taken from it), then the next, and so on.
    /// `fixed` holds the rows already decided.
    fn list(
        &mut self,
        fixed: &mut Vec<u64>,
        room: usize,
        found: &mut Vec<Vec<u64>>,
    ) -> Result<(), TooManyToCount> {
        let last = self.rows.width() - 1;
        if fixed.len() == last {
            // The other rows decided, the last one's sizes are forced: the
            // rest of each size's count. The count said it fits.
            let width = self.rows.width() as u64;
            self.budget
                .spend((u64::from(self.rows.start) + 1) * width)?;
            let low = (0..=self.rows.start).fold(0u64, |low, bit| {
                let held = u64::from(fixed_at(fixed, bit).count_ones());
                let need = self.need(bit, self.rows.holding(bit));
                low | (need - held) << bit
            });
            fixed.push(self.rows.before[last] & !self.rows.worked() | low);
            found.push(fixed.clone());
            fixed.pop();
            return Ok(());
        }
        let finishes = self.finishes(fixed)?;
        let start = self.start::<bool>();
        self.list_sizes(fixed, self.rows.start + 1, 0, start, &finishes, room, found)
    }

    /// Decides the next row's sizes below 2^`left`, larger first, having
    /// given it `low` below the sizes already decided.
    #[allow(clippy::too_many_arguments)]
    fn list_sizes(
        &mut self,
        fixed: &mut Vec<u64>,
        left: u32,
        low: u64,
        ways: Vec<bool>,
        finishes: &[Vec<bool>],
        room: usize,
        found: &mut Vec<Vec<u64>>,
    ) -> Result<(), TooManyToCount> {
        let row = fixed.len();
        if left == 0 {
            fixed.push(self.rows.before[row] & !self.rows.worked() | low);
            self.list(fixed, room, found)?;
            fixed.pop();
            return Ok(());
        }
        let bit = left - 1;
        for holds in [1u32, 0] {
            if found.len() >= room {
                break;
            }
            let forced = (1u32 << (row + 1)) - 1;
            let value = fixed_at(fixed, bit) | holds << row;
            let next = self.step(&ways, bit, forced, value)?;
            let open = next
                .iter()
                .zip(&finishes[bit as usize])
                .any(|(&w, &f)| w && f);
            if open {
                let low = low | u64::from(holds) << bit;
                self.list_sizes(fixed, bit, low, next, finishes, room, found)?;
            }
        }
        Ok(())
    }
}

/// A number of ways, or only whether there is one: counting needs the
/// first, while listing needs only the second, in a sixteenth of the memory.
trait Ways: Copy + PartialEq {
    const NONE: Self;
    const ONE: Self;
    fn plus(self, more: Self) -> Self;
}

impl Ways for u128 {
    const NONE: u128 = 0;
    const ONE: u128 = 1;
    fn plus(self, more: u128) -> u128 {
        self.saturating_add(more)
    }
}

impl Ways for bool {
    const NONE: bool = false;
    const ONE: bool = true;
    fn plus(self, more: bool) -> bool {
        self || more
    }
}

/// The rows of `fixed` that hold size 2^bit, one bit per row.
fn fixed_at(fixed: &[u64], bit: u32) -> u32 {
    fixed
        .iter()
        .enumerate()
        .map(|(i, &q)| ((q >> bit & 1) as u32) << i)
        .fold(0, |a, b| a | b)
}

/// The subsets of `width` rows (one bit each), grouped by how many rows they
/// hold.
fn subsets_by_size(width: usize) -> Vec<Vec<u32>> {
    let mut by_size = vec![Vec::new(); width + 1];
    for subset in 0..1u32 << width {
        by_size[subset.count_ones() as usize].push(subset);
    }
    by_size
}

/// The number of ways to pick `k` of `n`, or `u128::MAX` when it is at
/// least that.
fn binomial(n: u64, k: u64) -> u128 {
    let k = k.min(n - k);
    let mut ways: u128 = 1;
    for i in 0..k {
        // ways * (n - i) is divisible by i + 1; divide first where possible
        // so that only a result too big to hold can overflow.
        let (top, bottom) = (u128::from(n - i), u128::from(i + 1));
        let g = gcd(ways, bottom);
        let Some(next) = (ways / g).checked_mul(top / (bottom / g)) else {
            return u128::MAX;
        };
        ways = next;
    }
    ways
}

fn gcd(a: u128, b: u128) -> u128 {
    match b {
        0 => a,
        b => gcd(b, a % b),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn k(rows_per_move: u32) -> NonZeroU32 {
        NonZeroU32::new(rows_per_move).unwrap()
    }

    #[test]
    fn binomials() {
        let cases: &[(u64, u64, u128)] = &[
            (0, 0, 1),
            (5, 0, 1),
            (5, 2, 10),
            (5, 5, 1),
            (52, 5, 2_598_960),
            (100, 50, 100_891_344_545_564_193_334_812_497_256),
            (1000, 500, u128::MAX),
        ];
        for &(n, r, ways) in cases {
            assert_eq!(binomial(n, r), ways, "{n} choose {r}");
        }
    }

    /// The winning moves as text, and the total.
    fn check(piles: &[u64], rows_per_move: u32, rule: Rule, moves: &[&str], total: u128) {
        let w = winning_moves(piles, rule, k(rows_per_move)).unwrap();
        let words: Vec<String> = w.listed.iter().map(MultiMove::to_string).collect();
        assert_eq!(words, moves, "{piles:?} K={rows_per_move} {rule:?}");
        assert_eq!(w.total, Total::Exactly(total));
    }

    #[test]
    fn small_positions() {
        use Rule::*;
        check(&[2, 2, 2], 2, Normal, &[], 0);
        // Only 1 1 1 puts both sizes in full sets of three.
        check(
            &[1, 2, 3],
            2,
            Normal,
            &["take 1 from row 2 and 2 from row 3"],
            1,
        );
        check(
            &[3, 3],
            2,
            Misere,
            &[
                "take 2 from row 1 and 3 from row 2",
                "take 3 from row 1 and 2 from row 2",
            ],
            2,
        );
        check(
            &[3, 5, 7],
            1,
            Normal,
            &[
                "take 1 from row 1",
                "take 1 from row 2",
                "take 1 from row 3",
            ],
            3,
        );
        check(
            &[1, 1, 1, 1, 1],
            3,
            Normal,
            &[
                "take 1 from row 1",
                "take 1 from row 2",
                "take 1 from row 3",
                "take 1 from row 4",
                "take 1 from row 5",
            ],
            5,
        );
        check(&[1, 1, 1, 1, 1], 3, Misere, &[], 0);
        check(&[0, 0], 2, Normal, &[], 0);
    }

    #[test]
    fn long_lists_stop_at_the_limit_but_count_everything() {
        // 2000 single sticks, K = 2, normal play: take two of them.
        let w = winning_moves(&[1; 2000], Rule::Normal, k(2)).unwrap();
        assert_eq!(w.total, Total::Exactly(2000 * 1999 / 2));
        assert_eq!(w.listed.len(), LISTED_MOVES);
        assert_eq!(
            w.listed[0].to_string(),
            "take 1 from row 1 and 1 from row 2"
        );
        assert_eq!(
            w.listed[LISTED_MOVES - 1].to_string(),
            "take 1 from row 1 and 1 from row 1001"
        );
    }

    #[test]
    fn huge_totals_are_kept_as_at_least() {
        // Seven rows of 2^64 - 1 with K = 4: every size is left over twice,
        // and four chosen rows can share out two groups of each size in six
        // ways, at every one of the 64 sizes.
        let w = winning_moves(&[u64::MAX; 7], Rule::Normal, k(4)).unwrap();
        assert_eq!(w.total, Total::AtLeast(u128::MAX));
        assert_eq!(w.listed.len(), LISTED_MOVES);
    }

    /// The steps a count of `piles` takes, or `None` when it refuses.
    fn steps_taken(piles: &[u64], rule: Rule, rows_per_move: NonZeroU32) -> u64 {
        let mut counter = Counter::new(piles, rule, rows_per_move);
        let _ = match piles.iter().all(|&p| p <= 1) {
            true => counter.singles(),
            false => counter.every_set(),
        };
        COUNT_STEPS - counter.budget.left
    }

    #[test]
    fn a_count_never_takes_more_steps_than_its_bound() {
        // A fixed sequence stands in for random positions: every count of
        // up to five rows of up to 40 sticks, from one to four rows a move.
        let mut seed: u64 = 7;
        let mut next = |n: u64| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) % n
        };
        for _ in 0..3000 {
            let rows = 1 + next(5) as usize;
            let most = [1, 2, 7, 40][next(4) as usize];
            let piles: Vec<u64> = (0..rows).map(|_| next(most + 1)).collect();
            let rule = [Rule::Misere, Rule::Normal][next(2) as usize];
            let per_move = k(1 + next(4) as u32);
            let taken = steps_taken(&piles, rule, per_move);
            let bound = most_steps(&piles, per_move);
            assert!(
                taken <= bound,
                "{piles:?} {rule:?} {per_move}: {taken} > {bound}"
            );
        }
        // The bound is the limit where counting stops.
        let thousand: Vec<u64> = (1..=1000).collect();
        assert_eq!(most_steps(&thousand, k(2)), COUNT_STEPS);
        assert!(most_steps(&[3, 5, 7], k(2)) < COUNT_STEPS / 100);
    }

    #[test]
    fn too_much_work_is_refused_with_the_limit_named() {
        let piles: Vec<u64> = (1..=2000).collect();
        let refused = winning_moves(&piles, Rule::Normal, k(3)).unwrap_err();
        assert_eq!(
            refused.to_string(),
            format!(
                "counting every winning move here would take more than 20,000,000 steps, the limit: try fewer rows, or fewer rows per move"
            )
        );
    }
}
