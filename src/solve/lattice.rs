//! The positions a search from one start can meet, numbered without gaps.
//!
//! Row order does not matter, so a position is kept sorted ascending, and
//! empty rows are dropped because no move can use them. Every position a
//! game can reach from a start `s` is then a non-decreasing sequence `x`
//! with `x[k] <= s[k]` row by row. This module counts those sequences before
//! any search starts, together with the moves the search would try, so a
//! game that is too big is refused at once. It also numbers them: the rank of
//! `x` is the sum over rows of `below(k, x[k])`, the number of valid
//! sequences of `k + 1` rows whose last row is smaller than `x[k]`. This is
//! the combinatorial number system with a bound on each row; a position can
//! only move to positions of smaller rank, so ranks in increasing order are
//! an order in which to solve, and the search keeps its answers in plain
//! arrays indexed by rank instead of a hash map.
//!
//! When a move may take only some numbers of sticks, most row sizes may be
//! impossible to reach (taking 1000 at a time from 5000 leaves 5000, 4000,
//! ...), so the sizes are listed and numbered too, and the lattice is built
//! over their indices.

use crate::rules::nim::Nim;
use crate::rules::take_set::TakeSet;

/// How much a search would do, counted before it starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Work {
    /// Sorted positions it would solve.
    pub positions: u64,
    /// Moves it would try.
    pub moves: u64,
}

/// Which limit a count passed, with the limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Over {
    /// More positions than `limit`.
    Positions(u64),
    /// More moves than `limit`.
    Moves(u64),
}

/// The limits a lattice must stay within.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Limits {
    /// The most positions.
    pub positions: u64,
    /// The most moves.
    pub moves: u64,
}

/// The row sizes a lattice is built over.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Sizes {
    /// Every size from 0 up: a size is its own index.
    Every,
    /// Only these sizes, ascending; a size's index is its place here.
    Listed(Vec<u64>),
}

/// Every sorted position below a top one, with a gapless numbering.
#[derive(Clone, Debug)]
pub(crate) struct Lattice {
    /// The top position as size indices, ascending, with no empty row.
    top: Vec<u32>,
    /// The rows that the listed sizes were worked out from; kept so that a
    /// larger lattice can be built over the same sizes and more.
    sources: Vec<u64>,
    sizes: Sizes,
    /// `below(k, v)` is `below[offsets[k] + v]`.
    below: Vec<u32>,
    offsets: Vec<usize>,
    work: Work,
}

impl Lattice {
    /// The lattice below `top` (rows ascending, none empty) for `game`,
    /// with its sizes worked out from `sources` as well as from `top`'s own
    /// rows, or which limit it passes. Its cost grows with the positions it
    /// counts, so a refusal costs no more than the limit.
    pub(crate) fn new(
        top: &[u64],
        sources: &[u64],
        game: &Nim,
        limits: Limits,
    ) -> Result<Lattice, Over> {
        debug_assert!(top.windows(2).all(|w| w[0] <= w[1]) && top.first() != Some(&0));
        // A row of n sticks alone reaches n + 1 sizes at most: refuse at
        // once before listing anything.
        let too_many = Over::Positions(limits.positions);
        let mut sources: Vec<u64> = sources.iter().chain(top).copied().collect();
        sources.sort_unstable();
        sources.dedup();
        let sizes = match &game.takes {
            TakeSet::Any => Sizes::Every,
            TakeSet::Only(takes) => listed_sizes(&sources, takes, limits.positions)?,
        };
        let index = |size: u64| -> Result<u32, Over> {
            match &sizes {
                Sizes::Every if size < limits.positions => Ok(size as u32),
                Sizes::Every => Err(too_many),
                Sizes::Listed(list) => Ok(list
                    .binary_search(&size)
                    .expect("the top's rows are among the sizes")
                    as u32),
            }
        };
        let top: Vec<u32> = top.iter().map(|&n| index(n)).collect::<Result<_, _>>()?;
        let mut lattice = Lattice {
            top,
            sources,
            sizes,
            below: Vec::new(),
            offsets: Vec::new(),
            work: Work {
                positions: 1,
                moves: 0,
            },
        };
        lattice.count(game, limits)?;
        Ok(lattice)
    }

    /// Counts the positions and moves, row by row, and fills `below`.
    ///
    /// The moves from one position that lower `d` rows are the coefficient
    /// of `z^d` in a product with one factor per run of equal rows: a run of
    /// `m` rows of size `w` lowers a first few of its rows (lowering any
    /// other equal rows gives the same positions), each in `a` ways where
    /// `a` is how many takes fit `w`, so its factor is `1 + az + ... +
    /// (az)^m`. Row by row, for the sequences ending in size `w`, `sums[d][w]`
    /// adds up the `z^d` coefficients of their products and `tops[d][w]`
    /// those of the last factor's top term times the rest, which is what
    /// grows when one more row of size `w` joins the run. `sums[0]` counts
    /// the sequences themselves.
    fn count(&mut self, game: &Nim, limits: Limits) -> Result<(), Over> {
        let rows = self.top.len();
        // A move lowers at most this many rows, and never more than there
        // are.
        let most = (game.rows_per_move.max(1) as usize).min(rows.max(1));
        let ways: Vec<u64> = self.lowerings(game);
        let mut sums: Vec<Vec<u64>> = Vec::new();
        let mut tops: Vec<Vec<u64>> = Vec::new();
        for k in 0..rows {
            let bound = self.top[k] as usize;
            let at = |table: &Vec<Vec<u64>>, d: usize, w: usize| -> u64 {
                table
                    .get(d)
                    .and_then(|row| row.get(w))
                    .copied()
                    .unwrap_or(0)
            };
            // Zeroed fresh rather than cloned, so a row refused early never
            // touches most of its memory.
            let zeros = || {
                (0..=most)
                    .map(|_| vec![0u64; bound + 1])
                    .collect::<Vec<_>>()
            };
            let (mut next_sums, mut next_tops) = (zeros(), zeros());
            // smaller[d]: sums[d] over the sizes below w, for the rows
            // before; with no row before, one empty sequence.
            let mut smaller = vec![0u64; most + 1];
            if k == 0 {
                smaller[0] = 1;
            }
            // below(k, v): the sequences of k + 1 rows ending below v. They
            // are counted as they are made, so a row that passes the limit
            // stops at once.
            self.offsets.push(self.below.len());
            let mut total = 0u64;
            for w in 0..=bound {
                let a = ways[w];
                for d in (0..=most).rev() {
                    let lower = match d {
                        0 => 0,
                        _ => smaller[d - 1].saturating_add(at(&tops, d - 1, w)),
                    };
                    next_tops[d][w] = a.saturating_mul(lower);
                    next_sums[d][w] = smaller[d]
                        .saturating_add(at(&sums, d, w))
                        .saturating_add(next_tops[d][w]);
                }
                for (d, s) in smaller.iter_mut().enumerate() {
                    *s = s.saturating_add(at(&sums, d, w));
                }
                // Accepted counts stay below u32::MAX; a refused one is
                // never used.
                self.below.push(total.min(u64::from(u32::MAX)) as u32);
                total = total.saturating_add(next_sums[0][w]);
                if total > limits.positions {
                    return Err(Over::Positions(limits.positions));
                }
            }
            let moves = next_sums[1..]
                .iter()
                .flatten()
                .fold(0u64, |a, &b| a.saturating_add(b));
            if moves > limits.moves {
                return Err(Over::Moves(limits.moves));
            }
            self.work = Work {
                positions: total,
                moves,
            };
            sums = next_sums;
            tops = next_tops;
        }
        Ok(())
    }

    /// For each size index up to the largest row, how many ways a row of
    /// that size can be lowered.
    fn lowerings(&self, game: &Nim) -> Vec<u64> {
        let largest = self.top.last().map_or(0, |&t| t as usize);
        (0..=largest)
            .map(|w| {
                let size = self.size(w as u32);
                match &game.takes {
                    TakeSet::Any => size,
                    TakeSet::Only(takes) => takes.partition_point(|&t| t <= size) as u64,
                }
            })
            .collect()
    }

    /// What the search of this lattice would do.
    pub(crate) fn work(&self) -> Work {
        self.work
    }

    /// How many positions it holds.
    pub(crate) fn len(&self) -> usize {
        self.work.positions as usize
    }

    /// The top position, as size indices.
    pub(crate) fn top(&self) -> &[u32] {
        &self.top
    }

    /// The rows the sizes were worked out from.
    pub(crate) fn sources(&self) -> &[u64] {
        &self.sources
    }

    /// The size with index `index`.
    pub(crate) fn size(&self, index: u32) -> u64 {
        match &self.sizes {
            Sizes::Every => u64::from(index),
            Sizes::Listed(list) => list[index as usize],
        }
    }

    /// The index of `size`, when it is one of the lattice's sizes.
    pub(crate) fn index(&self, size: u64) -> Option<u32> {
        match &self.sizes {
            Sizes::Every => u32::try_from(size).ok(),
            Sizes::Listed(list) => list.binary_search(&size).ok().map(|i| i as u32),
        }
    }

    /// The index of the size `take` below the size with index `from`.
    #[inline(always)]
    pub(crate) fn lower(&self, from: u32, take: u64) -> u32 {
        match &self.sizes {
            Sizes::Every => from - take as u32,
            Sizes::Listed(list) => {
                let size = list[from as usize] - take;
                // Sizes are distinct whole numbers, so the size `take`
                // below sits at most `take` places down, exactly there when
                // no size between is missing.
                let guess = (from as usize).saturating_sub(take as usize);
                match list[guess] == size {
                    true => guess as u32,
                    false => {
                        let after = &list[guess..from as usize];
                        (guess + after.partition_point(|&s| s < size)) as u32
                    }
                }
            }
        }
    }

    /// `below(k, v)`: the valid sequences of `k + 1` rows whose last row is
    /// smaller than `v`.
    #[inline(always)]
    pub(crate) fn below(&self, k: usize, v: u32) -> u32 {
        self.below[self.offsets[k] + v as usize]
    }

    /// The row of `below` for row `k`, to index by size.
    #[inline(always)]
    pub(crate) fn below_row(&self, k: usize) -> &[u32] {
        let end = self.offsets.get(k + 1).copied().unwrap_or(self.below.len());
        &self.below[self.offsets[k]..end]
    }

    /// The rank of `x` (size indices, ascending, as many rows as the top),
    /// or `None` when it is not below the top.
    pub(crate) fn rank(&self, x: &[u32]) -> Option<u32> {
        if x.len() != self.top.len() || x.iter().zip(&self.top).any(|(a, b)| a > b) {
            return None;
        }
        Some(self.rank_below(x))
    }

    /// The rank of `x`, known to be below the top.
    #[inline]
    pub(crate) fn rank_below(&self, x: &[u32]) -> u32 {
        x.iter()
            .enumerate()
            .map(|(k, &v)| self.below(k, v))
            .fold(0u32, u32::wrapping_add)
    }

    /// Moves `x` to the position of the next rank; false after the last.
    pub(crate) fn next(&self, x: &mut [u32]) -> bool {
        // Raise the lowest row that can grow, and lay every row below it
        // back to empty: the same as adding one to a counter.
        for k in 0..x.len() {
            let room = x.get(k + 1).map_or(self.top[k], |&up| up.min(self.top[k]));
            if x[k] < room {
                x[k] += 1;
                x[..k].fill(0);
                return true;
            }
        }
        false
    }

    /// Moves `x` to the position of the rank before; false at rank 0.
    pub(crate) fn previous(&self, x: &mut [u32]) -> bool {
        let Some(k) = x.iter().position(|&v| v > 0) else {
            return false;
        };
        x[k] -= 1;
        for j in (0..k).rev() {
            x[j] = self.top[j].min(x[j + 1]);
        }
        true
    }
}

/// The sizes a row can reach from any of `sources` by taking only `takes`,
/// ascending, or `Over` when there are more than `limit`.
///
/// The numbers that sums of takes can make form a pattern that repeats with
/// the smallest take `m`: once a number `n` can be made, so can `n + m`. So
/// for each remainder modulo `m` it is enough to know the smallest number
/// with that remainder that can be made; the sizes from a row of `s` are
/// then `s` minus each of those, in steps of `m`.
fn listed_sizes(sources: &[u64], takes: &[u64], limit: u64) -> Result<Sizes, Over> {
    let step = takes[0];
    // Taking one at a time reaches every smaller size.
    if step == 1 {
        return Ok(Sizes::Every);
    }
    let smallest = smallest_sums(takes);
    let mut count = 0u64;
    for &s in sources {
        for &least in smallest.iter().flatten() {
            if least <= s {
                count = count.saturating_add((s - least) / step + 1);
            }
        }
        if count > limit {
            return Err(Over::Positions(limit));
        }
    }
    // Size 0 is always listed, so that index 0 is an empty row, as in a
    // position with fewer rows than the lattice.
    let mut sizes: Vec<u64> = Vec::with_capacity(count as usize + 1);
    sizes.push(0);
    for &s in sources {
        for &least in smallest.iter().flatten().filter(|&&l| l <= s) {
            let top = s - least;
            sizes.extend((0..=top / step).map(|j| top - j * step));
        }
    }
    sizes.sort_unstable();
    sizes.dedup();
    let largest = sources.last().copied().unwrap_or(0);
    match sizes.len() as u64 == largest + 1 {
        true => Ok(Sizes::Every),
        false => Ok(Sizes::Listed(sizes)),
    }
}

/// For each remainder modulo the smallest take, the smallest sum of takes
/// with that remainder, or `None` when no sum has it. A shortest-path search
/// over the remainders, with at most 1000 of them.
fn smallest_sums(takes: &[u64]) -> Vec<Option<u64>> {
    let step = takes[0] as usize;
    let mut best: Vec<Option<u64>> = vec![None; step];
    let mut done = vec![false; step];
    best[0] = Some(0);
    loop {
        let next = (0..step)
            .filter(|&r| !done[r])
            .filter_map(|r| best[r].map(|b| (b, r)))
            .min();
        let Some((sum, r)) = next else {
            return best;
        };
        done[r] = true;
        for &t in &takes[1..] {
            let to = (r + t as usize) % step;
            if best[to].is_none_or(|b| sum + t < b) {
                best[to] = Some(sum + t);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::rule::Rule;

    const ROOMY: Limits = Limits {
        positions: 1 << 30,
        moves: 1 << 40,
    };

    fn lattice(top: &[u64], game: &Nim) -> Lattice {
        Lattice::new(top, &[], game, ROOMY).unwrap()
    }

    /// Every sorted position below `top` by brute force, with the number of
    /// moves from it.
    fn every_position(top: &[u64]) -> Vec<Vec<u64>> {
        let mut all: Vec<Vec<u64>> = vec![Vec::new()];
        for &most in top {
            all = all
                .into_iter()
                .flat_map(|p| {
                    let low = p.last().copied().unwrap_or(0);
                    (low..=most).map(move |v| [p.clone(), vec![v]].concat())
                })
                .collect();
        }
        all
    }

    #[test]
    fn counts_positions_and_moves() {
        let nim = Nim::new(Rule::Normal);
        let check = |top: &[u64], positions: u64, moves: u64| {
            assert_eq!(
                lattice(top, &nim).work(),
                Work { positions, moves },
                "{top:?}"
            );
        };
        check(&[], 1, 0);
        check(&[3], 4, 6);
        // 0 0, 0 1, 0 2, 1 1, 1 2: moves 0 + 1 + 2 + 1 + 3.
        check(&[1, 2], 5, 7);
        check(&[445, 445], 99_681, 44_258_810);
        // Moves from up to two rows: 0 1 has one; 1 1 has two, since
        // taking from either row alone leaves the same position.
        let moore = |k| Nim {
            rows_per_move: k,
            ..Nim::new(Rule::Normal)
        };
        assert_eq!(lattice(&[1, 1], &moore(2)).work().moves, 3);
        // 2 2: 1 + 2z + 4z^2; 1 2: (1 + z)(1 + 2z); 0 2: 2; 1 1: 1 + z + z^2;
        // 0 1: 1.
        assert_eq!(lattice(&[2, 2], &moore(2)).work().moves, 6 + 5 + 2 + 2 + 1);
        assert_eq!(
            lattice(&[1; 40], &moore(40)).work().moves,
            (1..=40).sum::<u64>()
        );
    }

    #[test]
    fn ranks_are_a_numbering_in_order() {
        for top in [&[2, 3, 5][..], &[1, 1, 4, 4], &[6], &[]] {
            let l = lattice(top, &Nim::new(Rule::Misere));
            let all = every_position(top);
            assert_eq!(all.len(), l.len(), "{top:?}");
            let mut x = vec![0u32; top.len()];
            let mut seen = Vec::new();
            loop {
                let rank = l.rank(&x).unwrap();
                assert_eq!(rank as usize, seen.len(), "{x:?}");
                seen.push(x.clone());
                if !l.next(&mut x) {
                    break;
                }
            }
            assert_eq!(seen.len(), all.len());
            let mut back = vec![x.clone()];
            while l.previous(&mut x) {
                back.push(x.clone());
            }
            back.reverse();
            assert_eq!(back, seen);
            // Lowering a row lowers the rank.
            for p in &all {
                let idx: Vec<u32> = p.iter().map(|&v| v as u32).collect();
                for i in 0..p.len() {
                    if idx[i] > 0 {
                        let mut lower = idx.clone();
                        lower[i] -= 1;
                        lower.sort_unstable();
                        assert!(l.rank(&lower) < l.rank(&idx));
                    }
                }
            }
        }
    }

    #[test]
    fn lists_only_reachable_sizes() {
        let game = |takes: &str| Nim::with_takes(Rule::Misere, TakeSet::parse(takes).unwrap());
        let sizes = |top: &[u64], takes: &str| {
            let l = lattice(top, &game(takes));
            (0..=*l.top().last().unwrap())
                .map(|i| l.size(i))
                .collect::<Vec<_>>()
        };
        assert_eq!(
            sizes(&[5000], "1000"),
            vec![0, 1000, 2000, 3000, 4000, 5000]
        );
        // 7 from 7, 5 or 2: 7, 5, 2, 3, 0, 1 (7-3-3), ...: with 2 and 5
        // every sum from 4 on can be made.
        assert_eq!(sizes(&[7], "2,5"), vec![0, 1, 2, 3, 5, 7]);
        assert_eq!(sizes(&[3, 4], "1-3"), vec![0, 1, 2, 3, 4]);
        let l = lattice(&[1_000_000, 1_000_000], &game("1000"));
        assert_eq!(l.work().positions, 1001 * 1002 / 2);
        assert_eq!(
            l.lower(l.index(5000).unwrap(), 1000),
            l.index(4000).unwrap()
        );
    }

    #[test]
    fn refuses_before_counting_far() {
        let nim = Nim::new(Rule::Misere);
        let small = Limits {
            positions: 100,
            moves: 1000,
        };
        let refuse = |top: &[u64], game: &Nim| Lattice::new(top, &[], game, small).unwrap_err();
        assert_eq!(refuse(&[u64::MAX], &nim), Over::Positions(100));
        assert_eq!(refuse(&[7, 7, 7, 7], &nim), Over::Positions(100));
        assert_eq!(refuse(&[30, 30], &nim), Over::Positions(100));
        assert_eq!(refuse(&[60], &nim), Over::Moves(1000));
        let thousand = Nim::with_takes(Rule::Misere, TakeSet::parse("1000").unwrap());
        assert_eq!(refuse(&[u64::MAX], &thousand), Over::Positions(100));
    }
}
