//! The referee: a search through every possible game.
//!
//! It knows nothing about groups or XOR. It solves every position below the
//! start, from the smallest up, and remembers each answer. Row order does
//! not matter to the game and empty rows take no part in it, so positions
//! are remembered sorted and without their empty rows. Besides the outcome
//! it counts the moves left when the winner hurries and the loser holds out,
//! and it notes the best move of every position as it solves it.
//!
//! Before it starts, the search counts the positions and moves it would
//! need (see `lattice.rs`) and refuses at once, naming the limit, when
//! they pass its budget. The budgets are set so that the largest game it
//! accepts is solved within a second. The answers live in plain arrays
//! indexed by each position's rank, so trying a move from one row is a
//! table look-up and an addition: no hashing, sorting or allocation. In
//! Moore's Nim a move may take from up to K rows; such a move is sorted and
//! numbered afresh, so it costs more and its budget shrinks with the rows.

use std::sync::Arc;

use super::grundy::Grundy;
use super::lattice::{Lattice, Limits, Over};
use super::one_row::RowPattern;
use super::periodic::NoRepeat;
use crate::rules::commas::with_commas;
use crate::rules::moves::Move;
use crate::rules::nim::Nim;
use crate::rules::outcome::Outcome;
use crate::rules::position::Position;
use crate::rules::rule::Rule;
use crate::rules::take_set::TakeSet;

pub(crate) use super::lattice::Work;

/// The most positions one search may solve. Visiting a position costs up to
/// 400 nanoseconds when its moves scatter through memory, so this many take
/// at most 0.4 seconds; their answers take 8 bytes each.
pub(crate) const MOST_POSITIONS: usize = 1_000_000;

/// The most moves one search may try. Trying a move from one row is a table
/// look-up and an addition, one or two nanoseconds, so this many take at
/// most 0.4 seconds, and the two limits together stay well under a second.
pub(crate) const MOST_MOVES: u64 = 200_000_000;

/// The most row sizes (positions times rows with sticks) one search may
/// step through. Each position is visited row by row, a few nanoseconds a
/// row, so with many rows fewer positions fit.
pub(crate) const MOST_NUMBERS: u64 = 10_000_000;

/// How many moves from one row a move from several rows costs, for each
/// row of the position and two more: such a move is sorted and numbered
/// afresh. So with several rows per move, a position of `r` rows may try
/// [`MOST_MOVES`] / (`MULTI_ROW_COST` × (`r` + 2)) moves.
pub(crate) const MULTI_ROW_COST: u64 = 2;

/// How much work the search may do before it refuses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Distinct (sorted) positions it may solve.
    pub positions: usize,
    /// Moves from one row it may try; moves from several rows count as
    /// `MULTI_ROW_COST` times the rows plus two.
    pub moves: u64,
    /// Row sizes it may step through in all (positions times rows with
    /// sticks), which bounds its time and memory when there are many rows.
    pub numbers: u64,
}

impl Default for Budget {
    fn default() -> Budget {
        Budget {
            positions: MOST_POSITIONS,
            moves: MOST_MOVES,
            numbers: MOST_NUMBERS,
        }
    }
}

impl Budget {
    /// The most positions of `rows` rows with sticks that fit both the
    /// position and the row-size limits.
    pub(crate) fn positions_for(&self, rows: usize) -> u64 {
        (self.positions as u64)
            .min(self.numbers / rows.max(1) as u64)
            // Ranks are kept in 32 bits.
            .min(u64::from(u32::MAX - 1))
    }

    /// The most moves for `game` on positions of `rows` rows with sticks.
    pub(crate) fn moves_for(&self, game: &Nim, rows: usize) -> u64 {
        match (game.rows_per_move as usize).min(rows) {
            0 | 1 => self.moves,
            _ => self.moves / (MULTI_ROW_COST * (rows as u64 + 2)),
        }
    }
}

/// The search would need more than its budget.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "{}: it has more than {} {what}, {}; try smaller rows",
    too_big_to(*because),
    with_commas(u128::from(*limit)),
    whose_limit(what, *because)
)]
pub struct TooBig {
    /// What ran out: "positions", "moves", or for a table "row sizes to
    /// print".
    pub what: &'static str,
    /// The limit that was hit.
    pub limit: u64,
    /// Why the limit is lower than the named one, when it is.
    pub because: Option<Because>,
}

/// Why a search's limit is lower than the limit the book names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Because {
    /// Positions of many rows: the search steps through at most
    /// `MOST_NUMBERS` row sizes.
    ManyRows {
        /// The rows of each position.
        rows: usize,
    },
    /// Moves from several rows cost more: `MOST_MOVES` shared out by
    /// `MULTI_ROW_COST` times the rows plus two.
    SeveralRows {
        /// The rows of each position.
        rows: usize,
    },
    /// A table's own limits, lower than the search's: the positions it
    /// lists (`TABLE_LIMIT`) and the row sizes it prints (`TABLE_NUMBERS`).
    Table,
}

/// What is too big: a game to search, or a table to print.
fn too_big_to(because: Option<Because>) -> &'static str {
    match because {
        Some(Because::Table) => "this table is too big to print",
        _ => "this game is too big to search move by move",
    }
}

/// Which limit was hit, named as the book names it.
fn whose_limit(what: &str, because: Option<Because>) -> String {
    match because {
        None => "the search's limit".to_string(),
        Some(Because::Table) if what == "positions" => "the most a table lists".to_string(),
        Some(Because::Table) => "the most a table prints (positions times rows)".to_string(),
        // The row sizes it steps through (`MOST_NUMBERS`) are the book's
        // business: the teacher needs the number of positions.
        Some(Because::ManyRows { rows }) => format!(
            "the most a search holds with {} rows",
            with_commas(rows as u128)
        ),
        Some(Because::SeveralRows { rows }) => format!(
            "the most a search tries with {} rows when a move may take from several: its {} moves shared out by {MULTI_ROW_COST} times the rows plus two",
            with_commas(rows as u128),
            with_commas(u128::from(MOST_MOVES))
        ),
    }
}

impl From<Over> for TooBig {
    fn from(over: Over) -> TooBig {
        match over {
            Over::Positions(limit) => TooBig {
                what: "positions",
                limit,
                because: None,
            },
            Over::Moves(limit) => TooBig {
                what: "moves",
                limit,
                because: None,
            },
        }
    }
}

/// The value of a position under perfect play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Solved {
    /// Whether the player to move wins.
    pub outcome: Outcome,
    /// Moves until the game ends, this one included, when the winner ends
    /// it as fast as possible and the loser holds out as long as possible.
    pub moves_left: u64,
}

impl Solved {
    /// Whether a move that leaves `self` beats the `best` found so far,
    /// for a player whose own position has `outcome`: the winner takes
    /// the quickest win, the loser the longest game, and a tie keeps the
    /// first.
    pub(crate) fn beats(&self, best: Option<&Solved>, outcome: Outcome) -> bool {
        match (best, outcome) {
            (None, Outcome::Win) => self.outcome == Outcome::Lose,
            (None, Outcome::Lose) => true,
            (Some(b), Outcome::Win) => {
                self.outcome == Outcome::Lose && self.moves_left < b.moves_left
            }
            (Some(b), Outcome::Lose) => self.moves_left > b.moves_left,
        }
    }
}

/// A position reachable from a start, as the table lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Reached {
    /// The rows, ascending, as many as the start has.
    pub position: Vec<u64>,
    /// Its value.
    pub solved: Solved,
    /// Where its best move leads, ascending; `None` when no move is
    /// possible.
    pub best: Option<Vec<u64>>,
}

/// No position: marks a position with no move.
const NONE: u32 = u32::MAX;

/// A value as stored: moves left times two, plus one for a win.
fn pack(outcome: Outcome, moves_left: u32) -> u32 {
    moves_left << 1 | u32::from(outcome == Outcome::Win)
}

fn unpack(value: u32) -> Solved {
    Solved {
        outcome: match value & 1 {
            1 => Outcome::Win,
            _ => Outcome::Lose,
        },
        moves_left: u64::from(value >> 1),
    }
}

/// Every position below one top position, solved.
#[derive(Debug)]
struct Block {
    lattice: Lattice,
    /// The packed value of each position, by rank.
    values: Vec<u32>,
    /// The rank of the position each position's best move leads to.
    best: Vec<u32>,
}

impl Block {
    /// Solves every position of `lattice`, smallest rank first, and adds
    /// the moves tried to `tried`.
    fn solve(lattice: Lattice, game: &Nim, tried: &mut u64) -> Block {
        let n = lattice.len();
        let mut values = vec![0u32; n];
        let mut best = vec![NONE; n];
        let stuck = pack(game.rule.when_stuck(), 0);
        let mut x = vec![0u32; lattice.top().len()];
        let mut moves = 0u64;
        let mut scratch = Scratch::default();
        for rank in 0..n {
            // The quickest win (moves left after it), and the longest
            // hold-out plus one, each with the first child that gives it.
            let (mut win, mut win_at) = (u32::MAX, NONE);
            let (mut hold, mut hold_at) = (0u32, NONE);
            for_each_child(&lattice, game, &x, rank as u32, &mut scratch, |child| {
                moves += 1;
                let value = values[child as usize];
                let left = value >> 1;
                if value & 1 == 0 && left < win {
                    win = left;
                    win_at = child;
                }
                if left + 1 > hold {
                    hold = left + 1;
                    hold_at = child;
                }
            });
            (values[rank], best[rank]) = match (win_at, hold_at) {
                (NONE, NONE) => (stuck, NONE),
                (NONE, _) => (pack(Outcome::Lose, hold), hold_at),
                _ => (pack(Outcome::Win, win + 1), win_at),
            };
            lattice.next(&mut x);
        }
        *tried += moves;
        Block {
            lattice,
            values,
            best,
        }
    }

    /// The value of `key` (sorted, no empty row), when it is in this block.
    fn value(&self, key: &[u64]) -> Option<Solved> {
        let rows = self.lattice.top().len();
        let pad = rows.checked_sub(key.len())?;
        let mut x = vec![0u32; rows];
        for (slot, &size) in x[pad..].iter_mut().zip(key) {
            *slot = self.lattice.index(size)?;
        }
        let rank = self.lattice.rank(&x)?;
        Some(unpack(self.values[rank as usize]))
    }

    /// The sizes of the top position.
    fn top(&self) -> Vec<u64> {
        self.lattice
            .top()
            .iter()
            .map(|&i| self.lattice.size(i))
            .collect()
    }
}

/// Scratch space for listing children, reused from position to position so
/// that listing allocates nothing.
#[derive(Default)]
struct Scratch {
    /// `shifts[k]`: what moving rows `0..k` up one place adds to the rank.
    shifts: Vec<u32>,
    /// `run_start[k]`: the first row of the run of equal rows holding `k`.
    run_start: Vec<usize>,
    /// A position being lowered, and the same sorted, for several rows.
    lowered: Vec<u32>,
    sorted: Vec<u32>,
}

/// Calls `f` with the rank of every position one move away from `x`, the
/// position of rank `rank`, first by row then by take. Equal rows give the
/// same children, so only the first of each run of equal rows is moved
/// from.
#[inline(always)]
fn for_each_child(
    lattice: &Lattice,
    game: &Nim,
    x: &[u32],
    rank: u32,
    scratch: &mut Scratch,
    mut f: impl FnMut(u32),
) {
    // With one row, taking from several rows is taking from one.
    let most = (game.rows_per_move as usize).min(x.len());
    if most > 1 {
        scratch.lowered.clear();
        scratch.lowered.extend_from_slice(x);
        let Scratch {
            lowered, sorted, ..
        } = scratch;
        lower_rows(lattice, x, lowered, 0, most, sorted, &mut f);
        return;
    }
    // Lowering row i to v puts v at place j, after the rows below it that
    // are no bigger, and moves rows j..i up one place each; that adds
    // shifts[i] - shifts[j] to the rank.
    let Scratch {
        shifts, run_start, ..
    } = scratch;
    shifts.clear();
    run_start.clear();
    let mut shift = 0u32;
    for (k, &v) in x.iter().enumerate() {
        shifts.push(shift);
        run_start.push(match k > 0 && x[k - 1] == v {
            true => run_start[k - 1],
            false => k,
        });
        if k + 1 < x.len() {
            shift = shift
                .wrapping_add(lattice.below(k + 1, v))
                .wrapping_sub(lattice.below(k, v));
        }
    }
    for i in 0..x.len() {
        let from = x[i];
        if from == 0 || run_start[i] != i {
            continue;
        }
        let base = rank
            .wrapping_sub(lattice.below(i, from))
            .wrapping_add(shifts[i]);
        let mut j = i;
        match &game.takes {
            TakeSet::Any => {
                // Every smaller size, in stretches that land at one place.
                let mut high = from;
                loop {
                    let low = if j == 0 { 0 } else { x[j - 1] };
                    let row = lattice.below_row(j);
                    let at = base.wrapping_sub(shifts[j]);
                    for v in (low..high).rev() {
                        f(at.wrapping_add(row[v as usize]));
                    }
                    if j == 0 {
                        break;
                    }
                    high = low;
                    j = run_start[j - 1];
                }
            }
            TakeSet::Only(takes) => {
                let size = lattice.size(from);
                let mut row = lattice.below_row(j);
                let mut at = base.wrapping_sub(shifts[j]);
                for &take in takes.iter().take_while(|&&t| t <= size) {
                    let v = lattice.lower(from, take);
                    if j > 0 && x[j - 1] > v {
                        while j > 0 && x[j - 1] > v {
                            j = run_start[j - 1];
                        }
                        row = lattice.below_row(j);
                        at = base.wrapping_sub(shifts[j]);
                    }
                    f(at.wrapping_add(row[v as usize]));
                }
            }
        }
    }
}

/// The moves that lower up to `left` rows (any number from each), for rows
/// `from` onwards, the rows before already decided in `lowered`. A row equal
/// to the one before is only lowered when that one was, since lowering
/// either gives the same positions.
fn lower_rows(
    lattice: &Lattice,
    x: &[u32],
    lowered: &mut [u32],
    from: usize,
    left: usize,
    sorted: &mut Vec<u32>,
    f: &mut impl FnMut(u32),
) {
    if from == x.len() {
        if lowered != x {
            sorted.clear();
            sorted.extend_from_slice(lowered);
            sorted.sort_unstable();
            f(lattice.rank_below(sorted));
        }
        return;
    }
    let first_of_run = from == 0 || x[from - 1] != x[from] || lowered[from - 1] != x[from - 1];
    if left > 0 && x[from] > 0 && first_of_run {
        for v in (0..x[from]).rev() {
            lowered[from] = v;
            lower_rows(lattice, x, lowered, from + 1, left - 1, sorted, f);
        }
        lowered[from] = x[from];
    }
    lower_rows(lattice, x, lowered, from + 1, left, sorted, f);
}

/// Rows sorted ascending, empty ones dropped: how positions are remembered.
fn key(piles: &[u64]) -> Vec<u64> {
    let mut key: Vec<u64> = piles.iter().copied().filter(|&n| n > 0).collect();
    key.sort_unstable();
    key
}

/// `key` with one row of `from` sticks lowered to `to`, still a key.
fn lowered(key: &[u64], from: u64, to: u64) -> Vec<u64> {
    let mut after = key.to_vec();
    let at = after.partition_point(|&n| n < from);
    after.remove(at);
    if to > 0 {
        let at = after.partition_point(|&n| n < to);
        after.insert(at, to);
    }
    after
}

/// The rows of `a` and `b` (keys), paired from the largest, each the larger
/// of the pair: the smallest position above both.
fn envelope(a: &[u64], b: &[u64]) -> Vec<u64> {
    let (long, short) = if a.len() >= b.len() { (a, b) } else { (b, a) };
    let pad = long.len() - short.len();
    let mut top = long.to_vec();
    for (slot, &n) in top[pad..].iter_mut().zip(short) {
        *slot = (*slot).max(n);
    }
    top
}

/// A memoised game-tree search for one game.
#[derive(Debug)]
pub struct Solver {
    game: Nim,
    budget: Budget,
    /// Solved blocks of positions, the newest last.
    blocks: Vec<Block>,
    /// Moves tried so far, in all searches.
    tried: u64,
    /// The game's pattern of lost row sizes and its Grundy values, worked
    /// out the first time a position asks for them and kept for the rest
    /// of the game: on a huge row each is most of a turn's work.
    kept: Kept,
}

/// What a game keeps of its takes' working, and how often it was done.
#[derive(Debug, Default)]
struct Kept {
    pattern: Option<Arc<RowPattern>>,
    grundy: Option<Arc<Grundy>>,
    worked: u32,
}

impl Solver {
    /// A solver for Nim under `rule`, with the default budget.
    pub fn new(rule: Rule) -> Solver {
        Solver::for_game(Nim::new(rule), Budget::default())
    }

    /// A solver for Nim under `rule`, with a chosen budget.
    #[cfg(test)]
    fn with_budget(rule: Rule, budget: Budget) -> Solver {
        Solver::for_game(Nim::new(rule), budget)
    }

    /// A solver for any take-away game, Moore's Nim included.
    pub fn for_game(game: Nim, budget: Budget) -> Solver {
        Solver {
            game,
            budget,
            blocks: Vec::new(),
            tried: 0,
            kept: Kept::default(),
        }
    }

    /// The pattern of lost row sizes of `game`, kept when it is this
    /// solver's game.
    pub(crate) fn pattern(&mut self, game: &Nim) -> Result<Arc<RowPattern>, NoRepeat> {
        if *game != self.game {
            return RowPattern::new(game).map(Arc::new);
        }
        if let Some(kept) = &self.kept.pattern {
            return Ok(kept.clone());
        }
        self.kept.worked += 1;
        let pattern = Arc::new(RowPattern::new(game)?);
        self.kept.pattern = Some(pattern.clone());
        Ok(pattern)
    }

    /// The Grundy values of `game`, kept when it is this solver's game.
    pub(crate) fn grundy(&mut self, game: &Nim) -> Result<Arc<Grundy>, NoRepeat> {
        if *game != self.game {
            return Grundy::new(game).map(Arc::new);
        }
        if let Some(kept) = &self.kept.grundy {
            return Ok(kept.clone());
        }
        self.kept.worked += 1;
        let grundy = Arc::new(Grundy::new(game)?);
        self.kept.grundy = Some(grundy.clone());
        Ok(grundy)
    }

    /// How many times this solver has worked out a pattern or Grundy
    /// values for its game.
    #[cfg(test)]
    pub(crate) fn patterns_worked(&self) -> u32 {
        self.kept.worked
    }

    /// How many moves its searches have tried so far.
    #[cfg(test)]
    pub(crate) fn tried(&self) -> u64 {
        self.tried
    }

    /// How many positions are remembered (a position remembered in two
    /// searches counts twice).
    #[cfg(test)]
    fn remembered(&self) -> usize {
        self.blocks.iter().map(|b| b.lattice.len()).sum()
    }

    /// What solving `piles` from nothing would take, or which limit it
    /// passes. Counting costs far less than solving, so a refusal is at once.
    pub fn estimate(&self, piles: &[u64]) -> Result<Work, TooBig> {
        Ok(self.lattice(&key(piles), &[])?.work())
    }

    /// The lattice below `top`, within the budget.
    fn lattice(&self, top: &[u64], sources: &[u64]) -> Result<Lattice, TooBig> {
        let rows = top.len();
        let limits = Limits {
            positions: self.budget.positions_for(rows),
            moves: self.budget.moves_for(&self.game, rows),
        };
        Lattice::new(top, sources, &self.game, limits).map_err(|over| {
            let mut too_big = TooBig::from(over);
            too_big.because = match too_big.what {
                "positions" if too_big.limit < self.budget.positions as u64 => {
                    Some(Because::ManyRows { rows })
                }
                "moves" if too_big.limit < self.budget.moves => Some(Because::SeveralRows { rows }),
                _ => None,
            };
            too_big
        })
    }

    /// The value of a remembered position, newest search first.
    fn remembered_value(&self, key: &[u64]) -> Option<Solved> {
        self.blocks.iter().rev().find_map(|b| b.value(key))
    }

    /// Solves a position given in any row order.
    pub fn solve(&mut self, piles: &[u64]) -> Result<Solved, TooBig> {
        let key = key(piles);
        if key.is_empty() {
            return Ok(unpack(pack(self.game.rule.when_stuck(), 0)));
        }
        if let Some(solved) = self.remembered_value(&key) {
            return Ok(solved);
        }
        // Solve the smallest position above both this one and the last
        // search, so a run of related questions grows one block instead of
        // piling up many; when that is too big, this position alone.
        let merged = self.blocks.last().and_then(|last| {
            // The sizes this position's rows can reach must be listed too.
            let top = envelope(&last.top(), &key);
            let sources = [last.lattice.sources(), &key].concat();
            self.lattice(&top, &sources).ok()
        });
        let block = match merged {
            Some(lattice) => {
                self.blocks.pop();
                Block::solve(lattice, &self.game, &mut self.tried)
            }
            None => Block::solve(self.lattice(&key, &[])?, &self.game, &mut self.tried),
        };
        self.blocks.push(block);
        Ok(self.remembered_value(&key).expect("the start was solved"))
    }

    /// The value of the position `mv` leads to from `position`, whose key
    /// is `key` and which is solved.
    fn value_after(&self, position: &Position, key: &[u64], mv: Move) -> Solved {
        let from = position.piles()[mv.pile];
        let after = lowered(key, from, from - mv.take);
        match after.is_empty() {
            true => unpack(pack(self.game.rule.when_stuck(), 0)),
            false => self
                .remembered_value(&after)
                .expect("children of a solved position are solved"),
        }
    }

    /// Every move from one row that leaves the opponent lost, ordered by row
    /// then take. When a move may take from several rows, those moves are
    /// not listed: enumerate them and `solve` what each leaves.
    pub fn winning_moves(&mut self, position: &Position) -> Result<Vec<Move>, TooBig> {
        self.solve(position.piles())?;
        let key = key(position.piles());
        Ok(position
            .moves_with(&self.game.takes)
            .filter(|&mv| self.value_after(position, &key, mv).outcome == Outcome::Lose)
            .collect())
    }

    /// The move perfect play recommends, with the value of the position it
    /// leads to: the winner takes the quickest win, the loser the longest
    /// game. Ties go to the first move by row, then by take. `None` when no
    /// move is possible. Only moves from one row are considered: when a
    /// move may take from several rows, enumerate them and `solve` each.
    pub fn best_move(&mut self, position: &Position) -> Result<Option<(Move, Solved)>, TooBig> {
        let solved = self.solve(position.piles())?;
        // The search already knows what the best move leads to: a lost
        // position one move shorter, or when lost the longest hold-out.
        let target = Solved {
            outcome: match solved.outcome {
                Outcome::Win => Outcome::Lose,
                Outcome::Lose => Outcome::Win,
            },
            moves_left: solved.moves_left.saturating_sub(1),
        };
        let key = key(position.piles());
        let mut best: Option<(Move, Solved)> = None;
        for mv in position.moves_with(&self.game.takes) {
            let after = self.value_after(position, &key, mv);
            if after.beats(best.as_ref().map(|(_, b)| b), solved.outcome) {
                best = Some((mv, after));
            }
            // Nothing later can beat the search's own best.
            if after == target {
                break;
            }
        }
        Ok(best)
    }

    /// Every position reachable from `start` (rows ascending, as many as
    /// `start` has, the one with no sticks included), in no set order, each
    /// with its value and where its best move leads, as the search recorded
    /// them. Ties between best moves go to the first by row (of the sorted
    /// position), then by take.
    pub(crate) fn reached(&mut self, start: &[u64]) -> Result<Vec<Reached>, TooBig> {
        let top = key(start);
        let lattice = self.lattice(&top, &[])?;
        // With a set of takes, not every smaller size can be reached, and
        // finding which can be tries every move a second time.
        let listed = matches!(self.game.takes, TakeSet::Only(_));
        let limit = self.budget.moves_for(&self.game, top.len());
        if listed && lattice.work().moves > limit / 2 {
            return Err(TooBig {
                what: "moves",
                limit,
                because: (limit < self.budget.moves)
                    .then_some(Because::SeveralRows { rows: top.len() }),
            });
        }
        let block = Block::solve(lattice, &self.game, &mut self.tried);
        let lattice = &block.lattice;
        let rows = lattice.top().len();
        let mut reach = vec![!listed; lattice.len()];
        if listed {
            let mut x = lattice.top().to_vec();
            let mut rank = lattice.len() - 1;
            reach[rank] = true;
            let mut scratch = Scratch::default();
            loop {
                if reach[rank] {
                    for_each_child(lattice, &self.game, &x, rank as u32, &mut scratch, |c| {
                        reach[c as usize] = true;
                    });
                }
                if !lattice.previous(&mut x) {
                    break;
                }
                rank -= 1;
            }
        }
        // Every position by rank, rows padded with the start's empty ones.
        let pad = start.len() - rows;
        let mut x = vec![0u32; rows];
        let mut positions: Vec<Vec<u64>> = Vec::with_capacity(lattice.len());
        for _ in 0..lattice.len() {
            let mut position = vec![0u64; start.len()];
            for (slot, &i) in position[pad..].iter_mut().zip(&x) {
                *slot = lattice.size(i);
            }
            positions.push(position);
            lattice.next(&mut x);
        }
        let reached = (0..lattice.len())
            .filter(|&rank| reach[rank])
            .map(|rank| Reached {
                position: positions[rank].clone(),
                solved: unpack(block.values[rank]),
                best: match block.best[rank] {
                    NONE => None,
                    to => Some(positions[to as usize].clone()),
                },
            })
            .collect();
        self.tried += match listed {
            true => block.lattice.work().moves,
            false => 0,
        };
        self.blocks.push(block);
        Ok(reached)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn check(piles: &[u64], rule: Rule, outcome: Outcome, moves_left: u64) {
        let got = Solver::new(rule).solve(piles).unwrap();
        assert_eq!(
            got,
            Solved {
                outcome,
                moves_left
            },
            "{piles:?} {rule:?}"
        );
    }

    #[test]
    fn small_games() {
        use Outcome::*;
        check(&[], Rule::Misere, Win, 0);
        check(&[0, 0], Rule::Normal, Lose, 0);
        check(&[1], Rule::Misere, Lose, 1);
        check(&[1], Rule::Normal, Win, 1);
        check(&[2], Rule::Misere, Win, 2);
        check(&[1, 1], Rule::Normal, Lose, 2);
        // 2 2 normal is lost. Taking one stick (2 1) makes the winner answer
        // 1 1, which lasts four moves; taking a whole row lasts only two.
        check(&[2, 2], Rule::Normal, Lose, 4);
        check(&[2, 2], Rule::Misere, Lose, 3);
    }

    fn moore(rows_per_move: u32, rule: Rule) -> Nim {
        Nim {
            rows_per_move,
            ..Nim::new(rule)
        }
    }

    #[test]
    fn moves_from_several_rows() {
        use Outcome::*;
        let check = |piles: &[u64], k, rule, outcome, moves_left| {
            let got = Solver::for_game(moore(k, rule), Budget::default()).solve(piles);
            assert_eq!(
                got,
                Ok(Solved {
                    outcome,
                    moves_left
                }),
                "{piles:?} K={k} {rule:?}"
            );
        };
        // Both rows at once wins at once.
        check(&[1, 1], 2, Rule::Normal, Win, 1);
        check(&[3, 5], 2, Rule::Normal, Win, 1);
        // Three single sticks, up to two a move: every move leaves a win.
        check(&[1, 1, 1], 2, Rule::Normal, Lose, 2);
        check(&[1, 1, 1], 3, Rule::Normal, Win, 1);
        // Misère: leave the last stick to the opponent.
        check(&[1, 1], 2, Rule::Misere, Win, 2);
        check(&[2, 2], 2, Rule::Misere, Win, 2);
        // Moore: lost when every binary place holds a multiple of K + 1
        // ones. 1 2 3 has two ones in each place; the win leaves 1 1 1.
        check(&[1, 2, 3], 2, Rule::Normal, Win, 3);
        let solved = Solver::for_game(moore(2, Rule::Normal), Budget::default()).solve(&[3, 3, 3]);
        assert_eq!(
            solved.map(|s| s.outcome),
            Ok(Lose),
            "three ones in each place"
        );
    }

    #[test]
    fn the_estimate_bounds_the_work() {
        let takes = |t: &str| Nim::with_takes(Rule::Misere, TakeSet::parse(t).unwrap());
        // Positions and moves are counted exactly.
        for (game, piles) in [
            (Nim::new(Rule::Normal), &[2, 3, 5, 7][..]),
            (Nim::new(Rule::Misere), &[0, 4, 4, 9]),
            (Nim::new(Rule::Misere), &[1; 40]),
            (takes("2,3,5"), &[9, 12, 12]),
            (takes("4,7"), &[30, 31]),
            (moore(2, Rule::Normal), &[3, 4, 6]),
            (moore(3, Rule::Misere), &[2, 2, 2, 5]),
            (moore(4, Rule::Normal), &[1; 9]),
        ] {
            let mut solver = Solver::for_game(game.clone(), Budget::default());
            let estimate = solver.estimate(piles).unwrap();
            solver.solve(piles).unwrap();
            assert_eq!(solver.remembered() as u64, estimate.positions, "{piles:?}");
            assert_eq!(solver.tried, estimate.moves, "{piles:?}");
        }
    }

    #[test]
    fn best_moves() {
        let best = |piles: &[u64], rule| {
            let p = Position::new(piles.to_vec());
            Solver::new(rule)
                .best_move(&p)
                .unwrap()
                .map(|(m, s)| (m.row(), m.take, s.moves_left))
        };
        // Win at once by taking the last stick (normal) ...
        assert_eq!(best(&[3], Rule::Normal), Some((1, 3, 0)));
        // ... or hold out longest when lost: 2 2 normal, take one stick.
        assert_eq!(best(&[2, 2], Rule::Normal), Some((1, 1, 3)));
        assert_eq!(best(&[0], Rule::Normal), None);
    }

    #[test]
    fn subtraction_games() {
        let game = |takes: &str, rule| Nim::with_takes(rule, TakeSet::parse(takes).unwrap());
        let mut solver = Solver::for_game(game("1-3", Rule::Misere), Budget::default());
        // 21 matchsticks, take 1 to 3, last one loses: 4m+1 are lost.
        for n in 0..=21 {
            let expected = if n % 4 == 1 {
                Outcome::Lose
            } else {
                Outcome::Win
            };
            assert_eq!(solver.solve(&[n]).unwrap().outcome, expected, "{n}");
        }
        // Take 2, 3 or 5, normal play: a row of 1 cannot be moved from.
        let mut solver = Solver::for_game(game("2,3,5", Rule::Normal), Budget::default());
        assert_eq!(
            solver.solve(&[1]).unwrap(),
            Solved {
                outcome: Outcome::Lose,
                moves_left: 0
            }
        );
        let mut solver = Solver::for_game(game("2,3,5", Rule::Misere), Budget::default());
        assert_eq!(
            solver.solve(&[1, 1]).unwrap(),
            Solved {
                outcome: Outcome::Win,
                moves_left: 0
            }
        );
    }

    #[test]
    fn refuses_beyond_the_budget_before_trying_a_move() {
        let budget = |positions, moves, numbers| Budget {
            positions,
            moves,
            numbers,
        };
        let check = |piles: &[u64], budget: Budget, what, limit| {
            let mut solver = Solver::with_budget(Rule::Misere, budget);
            assert_eq!(
                solver.solve(piles).map_err(|e| (e.what, e.limit)),
                Err((what, limit)),
                "{piles:?}"
            );
            assert_eq!(solver.tried, 0, "refused before starting: {piles:?}");
            assert_eq!(solver.remembered(), 0, "nothing half-done: {piles:?}");
        };
        let small = budget(100, 1_000, 1_000_000);
        check(&[7, 7, 7, 7], small, "positions", 100);
        check(&[30, 30], small, "positions", 100);
        check(&[50, 50], small, "moves", 1_000);
        check(&[60], small, "moves", 1_000);
        check(&[u64::MAX], small, "positions", 100);
        check(&[u64::MAX; 3], Budget::default(), "positions", 1_000_000);
        // Many rows of one stick are few positions but many row sizes.
        check(&[1; 200], budget(1_000, 1_000, 10_000), "positions", 50);
        let mut solver = Solver::with_budget(Rule::Misere, budget(1_000, 1_000, 10_000));
        let refused = solver.solve(&[1; 200]).unwrap_err();
        assert_eq!(refused.because, Some(Because::ManyRows { rows: 200 }));
        assert!(
            refused
                .to_string()
                .contains("more than 50 positions, the most a search holds with 200 rows;"),
            "{refused}"
        );
        // Just inside every limit, and empty rows cost nothing.
        let mut solver = Solver::with_budget(Rule::Misere, budget(5, 7, 10));
        assert!(solver.solve(&[0, 0, 1, 2]).is_ok());
        // Moves from several rows cost more each, the more rows the more.
        let mut solver = Solver::for_game(moore(2, Rule::Normal), budget(100, 1_000, 1_000));
        assert_eq!(
            solver.solve(&[9, 9]),
            Err(TooBig {
                what: "moves",
                limit: 1_000 / (MULTI_ROW_COST * 4),
                because: Some(Because::SeveralRows { rows: 2 }),
            })
        );
        assert!(
            TooBig {
                what: "moves",
                limit: 7,
                because: None,
            }
            .to_string()
            .contains("more than 7 moves, the search's limit; try smaller rows")
        );
    }

    #[test]
    fn remembers_across_questions() {
        // Later questions above earlier ones grow one block, and the
        // answers match a fresh search.
        let mut solver = Solver::new(Rule::Misere);
        for piles in [&[3, 1][..], &[2, 5], &[0, 0, 4], &[6, 6, 6], &[2, 5]] {
            let fresh = Solver::new(Rule::Misere).solve(piles);
            assert_eq!(solver.solve(piles), fresh, "{piles:?}");
        }
        assert_eq!(solver.blocks.len(), 1);
        // One position above the budget on its own refuses; the earlier
        // answers stay.
        let mut solver = Solver::with_budget(
            Rule::Normal,
            Budget {
                positions: 20,
                ..Budget::default()
            },
        );
        assert!(solver.solve(&[3, 3]).is_ok());
        assert!(solver.solve(&[9, 9]).is_err());
        assert!(solver.solve(&[10]).is_ok(), "alone it fits");
        assert_eq!(solver.remembered(), 10 + 11);
        assert_eq!(solver.solve(&[3, 3]).unwrap().outcome, Outcome::Lose);
    }

    #[test]
    fn records_every_reached_position() {
        let reached = Solver::new(Rule::Normal).reached(&[0, 2]).unwrap();
        let at = |position: &[u64]| reached.iter().find(|r| r.position == position).unwrap();
        assert_eq!(reached.len(), 3);
        assert_eq!(at(&[0, 2]).best, Some(vec![0, 0]));
        assert_eq!(at(&[0, 0]).best, None);
        // Only the sizes a set of takes can reach: 5, 3 and 1 from 5.
        let game = Nim::with_takes(Rule::Normal, TakeSet::parse("2").unwrap());
        let mut solver = Solver::for_game(game, Budget::default());
        let mut rows: Vec<Vec<u64>> = solver
            .reached(&[5, 3])
            .unwrap()
            .into_iter()
            .map(|r| r.position)
            .collect();
        rows.sort();
        assert_eq!(
            rows,
            vec![vec![1, 1], vec![1, 3], vec![1, 5], vec![3, 3], vec![3, 5]]
        );
    }

    fn rule() -> impl Strategy<Value = Rule> {
        prop_oneof![Just(Rule::Misere), Just(Rule::Normal)]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]

        #[test]
        fn the_estimate_is_what_the_search_does(
            piles in prop::collection::vec(0u64..=12, 0..=4),
            takes in prop_oneof![Just(TakeSet::Any), Just(TakeSet::parse("2,5").unwrap())],
            rule in rule(),
        ) {
            let game = Nim::with_takes(rule, takes);
            let mut solver = Solver::for_game(game.clone(), Budget::default());
            let estimate = solver.estimate(&piles).unwrap();
            solver.solve(&piles).unwrap();
            // The position with no sticks needs no search.
            let searched = match piles.iter().any(|&n| n > 0) {
                true => estimate.positions,
                false => 0,
            };
            prop_assert_eq!(solver.remembered() as u64, searched);
            // A budget of exactly the estimate is enough, one move less is not.
            let budget = |moves: u64| Budget {
                positions: estimate.positions as usize,
                moves,
                numbers: u64::MAX,
            };
            prop_assert!(Solver::for_game(game.clone(), budget(estimate.moves)).solve(&piles).is_ok());
            if estimate.moves > 0 {
                prop_assert!(Solver::for_game(game, budget(estimate.moves - 1)).solve(&piles).is_err());
            }
        }
    }
}
