//! Moore's Nim, where one move may take from up to K rows, told with the
//! groups of Verhoeff's method and recorded step by step.
//!
//! Rows are split into groups exactly as for ordinary Nim, but equal groups
//! are now gathered in sets of K + 1 instead of pairs. When every group size
//! occurs a multiple of K + 1 times, the player to move is lost. Otherwise
//! the winning move is built size by size, biggest first: a row that has
//! already lost a bigger group may take or leave groups of every smaller
//! size freely, while a row not yet touched may only lose a group of the
//! size at hand, and touching it uses up one of the K rows. Misère play
//! changes only the endgame, when every row holds 0 or 1 stick: then the
//! count of single sticks decides, by its remainder when divided by K + 1,
//! and a built move that would leave such an endgame gives way to one that
//! leaves remainder 1.
//!
//! With K = 1 this is the grouping method itself. Nothing here prints:
//! [`Moore`] is a trace for the renderers, and every winning move is counted
//! and listed by [`Moore::winning_moves`] (in `moore_count.rs`).

use std::collections::BTreeMap;
use std::num::NonZeroU32;

use crate::rules::moves::Move;
use crate::rules::multi_move::MultiMove;
use crate::rules::outcome::Outcome;
use crate::rules::position::Position;
use crate::rules::rule::Rule;
use crate::solve::grouping::RowGroups;
use crate::solve::moore_count::{self, TooManyToCount, WinningMoves};

/// How many groups of one size there are over all rows, and how many are
/// left over once they are gathered in sets of K + 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SizeTally {
    /// The group size.
    pub size: u64,
    /// How many groups of that size, over all rows.
    pub count: u64,
    /// The groups not in a full set: `count` divided by K + 1 leaves this.
    pub left_over: u64,
}

/// What the winning move does with the groups of one size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SizeStep {
    /// The group size.
    pub size: u64,
    /// Rows chosen at bigger sizes, in row order. Each has already lost a
    /// bigger group, so it may keep, give up or gain a group of this size.
    pub free: Vec<usize>,
    /// How many groups of this size all rows hold before the move.
    pub before: u64,
    /// Rows chosen at this size, in row order: each loses its group of this
    /// size, and from here on is free at every smaller size.
    pub newly_chosen: Vec<usize>,
    /// Rows that lose a group of this size, in row order: the newly chosen
    /// ones and any free row that gives its group up.
    pub lose: Vec<usize>,
    /// Free rows that gain a group of this size, in row order.
    pub gain: Vec<usize>,
    /// How many groups of this size all rows hold after the move: a
    /// multiple of K + 1.
    pub after: u64,
}

/// The winning move built size by size, biggest first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Construction {
    /// The largest size whose count is not a multiple of K + 1: the move
    /// starts there, and bigger sizes are left alone.
    pub largest: u64,
    /// One step per size from `largest` down to 1.
    pub steps: Vec<SizeStep>,
    /// Every row after the move.
    pub after: Vec<u64>,
    /// The move itself: from each chosen row, its sticks before minus after.
    pub mv: MultiMove,
}

/// Misère: the built move would leave only rows of 0 or 1 stick, and a
/// multiple of K + 1 single sticks, which loses. Instead every big row is
/// emptied or left with one stick, and perhaps some single sticks are taken
/// too, so that the single sticks left leave remainder 1 when divided by
/// K + 1.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EndgameSwitch {
    /// What the sets-of-K+1 rule alone would do.
    pub ordinary: Construction,
    /// The rows with more than one stick, in row order: the move changes
    /// each of them (there are at most K).
    pub big_rows: Vec<usize>,
    /// How many other rows hold a single stick.
    pub ones_elsewhere: u64,
    /// Big rows left with one stick; the other big rows are emptied.
    pub left_at_one: Vec<usize>,
    /// Rows of one stick that are emptied as well.
    pub emptied_ones: Vec<usize>,
    /// Single sticks left after the move.
    pub ones_after: u64,
    /// The move itself.
    pub mv: MultiMove,
}

/// What the method concludes about the position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoorePlan {
    /// No stick is left; the rule says who has won.
    GameOver,
    /// Misère, and every row has at most one stick. The player to move is
    /// lost when the single sticks leave remainder 1 when divided by K + 1;
    /// otherwise they take just enough single sticks to leave such a count.
    Singles {
        /// How many rows have one stick.
        ones: u64,
        /// How many single sticks to take: 0 when the position is lost.
        take: u64,
        /// The rows to empty, in row order (none when lost).
        rows: Vec<usize>,
    },
    /// Every size occurs a multiple of K + 1 times: no move wins.
    AllInSets {
        /// A move that keeps the game going: one stick from the biggest row.
        keep_going: MultiMove,
    },
    /// Some size is left over: this move puts every size in full sets.
    Build(Construction),
    /// Misère: the built move would end in a losing endgame, so this one
    /// is played instead.
    Switch(EndgameSwitch),
}

/// The whole worked example of Moore's Nim for one position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Moore {
    /// The rule played.
    pub rule: Rule,
    /// K: from how many rows one move may take.
    pub rows_per_move: NonZeroU32,
    /// Each row split into groups.
    pub rows: Vec<RowGroups>,
    /// Group sizes over all rows, largest first.
    pub tally: Vec<SizeTally>,
    /// The sizes whose count is not a multiple of K + 1, largest first.
    pub left_over: Vec<u64>,
    /// What to do.
    pub plan: MoorePlan,
}

impl Moore {
    /// Works through the method for `position` under `rule`, when one move
    /// may take from up to `rows_per_move` rows.
    pub fn new(position: &Position, rule: Rule, rows_per_move: NonZeroU32) -> Moore {
        let set = u64::from(rows_per_move.get()) + 1;
        let rows = RowGroups::all(position);
        let mut counts: BTreeMap<u64, u64> = BTreeMap::new();
        for row in &rows {
            for g in row.groups().iter() {
                *counts.entry(g).or_default() += 1;
            }
        }
        let tally: Vec<SizeTally> = counts
            .iter()
            .rev()
            .map(|(&size, &count)| SizeTally {
                size,
                count,
                left_over: count % set,
            })
            .collect();
        let left_over: Vec<u64> = tally
            .iter()
            .filter(|t| t.left_over > 0)
            .map(|t| t.size)
            .collect();
        let piles = position.piles();
        let plan = plan(piles, &tally, &left_over, rule, set);
        Moore {
            rule,
            rows_per_move,
            rows,
            tally,
            left_over,
            plan,
        }
    }

    /// K + 1: how many equal groups make a full set.
    pub(crate) fn set_size(&self) -> u64 {
        u64::from(self.rows_per_move.get()) + 1
    }

    /// Whether the player to move can force a win.
    pub fn outcome(&self) -> Outcome {
        match &self.plan {
            MoorePlan::GameOver => self.rule.when_stuck(),
            MoorePlan::Singles { take: 0, .. } | MoorePlan::AllInSets { .. } => Outcome::Lose,
            MoorePlan::Singles { .. } | MoorePlan::Build(_) | MoorePlan::Switch(_) => Outcome::Win,
        }
    }

    /// The move to recommend: the winning move on a won position, a move
    /// that keeps the game going on a lost one, none when the game is over.
    pub fn recommended(&self) -> Option<MultiMove> {
        match &self.plan {
            MoorePlan::GameOver => None,
            MoorePlan::Singles { rows, .. } if rows.is_empty() => Some(keep_going(&self.sticks())),
            MoorePlan::Singles { rows, .. } => Some(MultiMove::new(
                rows.iter().map(|&pile| Move { pile, take: 1 }).collect(),
            )),
            MoorePlan::AllInSets { keep_going } => Some(keep_going.clone()),
            MoorePlan::Build(c) => Some(c.mv.clone()),
            MoorePlan::Switch(s) => Some(s.mv.clone()),
        }
    }

    /// Every winning move, the first [`moore_count::LISTED_MOVES`] of them
    /// listed in order, with how many there are in all; or an error when
    /// counting them would take more than [`moore_count::COUNT_STEPS`]
    /// steps.
    pub fn winning_moves(&self) -> Result<WinningMoves, TooManyToCount> {
        moore_count::winning_moves(&self.sticks(), self.rule, self.rows_per_move)
    }

    /// Every row's sticks, in row order.
    fn sticks(&self) -> Vec<u64> {
        self.rows.iter().map(|r| r.sticks).collect()
    }
}

/// Decides what to do, following the method's steps in order.
fn plan(piles: &[u64], tally: &[SizeTally], left_over: &[u64], rule: Rule, set: u64) -> MoorePlan {
    if piles.iter().all(|&p| p == 0) {
        return MoorePlan::GameOver;
    }
    let endgame = |rows: &[u64]| rows.iter().all(|&p| p <= 1);
    let ones_rows = || piles.iter().enumerate().filter(|&(_, &p)| p == 1);
    match (rule, endgame(piles), left_over.first()) {
        (Rule::Misere, true, _) => {
            let ones = ones_rows().count() as u64;
            // Leave a count of single sticks with remainder 1.
            let take = (ones + set - 1) % set;
            let rows = ones_rows()
                .map(|(pile, _)| pile)
                .take(take as usize)
                .collect();
            MoorePlan::Singles { ones, take, rows }
        }
        (_, _, None) => MoorePlan::AllInSets {
            keep_going: keep_going(piles),
        },
        (_, _, Some(&largest)) => {
            let built = construct(piles, tally, largest, set);
            match (rule, endgame(&built.after)) {
                (Rule::Misere, true) => MoorePlan::Switch(switch(piles, built, set)),
                _ => MoorePlan::Build(built),
            }
        }
    }
}

/// One stick from the biggest row (the first of equals): a legal move that
/// keeps a lost game going while giving away as little as possible.
fn keep_going(piles: &[u64]) -> MultiMove {
    let pile = piles
        .iter()
        .enumerate()
        .max_by(|(i, a), (j, b)| a.cmp(b).then(j.cmp(i)))
        .map_or(0, |(pile, _)| pile);
    Move { pile, take: 1 }.into()
}

/// Builds the winning move size by size, from `largest` down to 1. At each
/// size the count must become a multiple of K + 1: the free rows (chosen at
/// bigger sizes) are used first, by giving them groups of this size; only
/// when they are too few are new rows chosen, each losing its group of this
/// size. Either way no more than K rows are ever chosen.
fn construct(piles: &[u64], tally: &[SizeTally], largest: u64, set: u64) -> Construction {
    let count = |size: u64| tally.iter().find(|t| t.size == size).map_or(0, |t| t.count);
    let mut chosen = vec![false; piles.len()];
    let mut after = piles.to_vec();
    let mut steps = Vec::new();
    for bit in (0..=largest.trailing_zeros()).rev() {
        let size = 1u64 << bit;
        let had = |pile: usize| piles[pile] & size != 0;
        let free: Vec<usize> = (0..piles.len()).filter(|&p| chosen[p]).collect();
        let before = count(size);
        // Groups held by rows not chosen yet, and how many of them are
        // past a multiple of K + 1.
        let untouched = before - free.iter().filter(|&&p| had(p)).count() as u64;
        let over = untouched % set;
        let (newly_chosen, held): (Vec<usize>, u64) = match over {
            0 => (Vec::new(), 0),
            // The free rows can bring the count up to the next multiple.
            over if set - over <= free.len() as u64 => (Vec::new(), set - over),
            // Too few free rows: bring the count down instead, each new row
            // giving up its group (and the free rows keeping none). The free
            // rows and the new ones together are then fewer than K + 1.
            over => (
                (0..piles.len())
                    .filter(|&p| !chosen[p] && had(p))
                    .take(over as usize)
                    .collect(),
                0,
            ),
        };
        // The free rows that end with a group of this size: those that
        // already had one first, so that as few groups as possible move.
        let held = held as usize;
        let mut holders: Vec<usize> = free.iter().copied().filter(|&p| had(p)).collect();
        holders.truncate(held);
        let gainers = free.iter().copied().filter(|&p| !had(p));
        holders.extend(gainers.take(held - holders.len()));
        let gain: Vec<usize> = holders.iter().copied().filter(|&p| !had(p)).collect();
        let mut lose: Vec<usize> = free
            .iter()
            .copied()
            .filter(|&p| had(p) && !holders.contains(&p))
            .chain(newly_chosen.iter().copied())
            .collect();
        lose.sort_unstable();
        for &p in &free {
            match holders.contains(&p) {
                true => after[p] |= size,
                false => after[p] &= !size,
            }
        }
        for &p in &newly_chosen {
            after[p] &= !size;
            chosen[p] = true;
        }
        steps.push(SizeStep {
            size,
            free,
            before,
            after: untouched - newly_chosen.len() as u64 + held as u64,
            newly_chosen,
            lose,
            gain,
        });
    }
    let mv = moves_between(piles, &after);
    Construction {
        largest,
        steps,
        after,
        mv,
    }
}

/// The misère endgame instead of `built`, which would leave only rows of 0
/// or 1 stick with a multiple of K + 1 single sticks. The big rows (at most
/// K, since `built` changes them all) go to 0 or 1 stick. If leaving some
/// of them at one stick reaches remainder 1, that is done; otherwise they
/// are all emptied along with just enough single-stick rows, which the
/// rows `built` left unused always allow.
fn switch(piles: &[u64], built: Construction, set: u64) -> EndgameSwitch {
    let big_rows: Vec<usize> = (0..piles.len()).filter(|&p| piles[p] > 1).collect();
    let ones: Vec<usize> = (0..piles.len()).filter(|&p| piles[p] == 1).collect();
    let ones_elsewhere = ones.len() as u64;
    let big = big_rows.len() as u64;
    // How many single sticks the big rows must add to the others to leave
    // remainder 1.
    let wanted = (1 + set - ones_elsewhere % set) % set;
    let (left_at_one, emptied_ones): (Vec<usize>, Vec<usize>) = match wanted <= big {
        true => (big_rows[..wanted as usize].to_vec(), Vec::new()),
        false => (Vec::new(), ones[..(set - wanted) as usize].to_vec()),
    };
    let mut after = piles.to_vec();
    for &p in &big_rows {
        after[p] = u64::from(left_at_one.contains(&p));
    }
    for &p in &emptied_ones {
        after[p] = 0;
    }
    let ones_after = ones_elsewhere - emptied_ones.len() as u64 + left_at_one.len() as u64;
    EndgameSwitch {
        mv: moves_between(piles, &after),
        ordinary: built,
        big_rows,
        ones_elsewhere,
        left_at_one,
        emptied_ones,
        ones_after,
    }
}

/// The move that turns `before` into `after`, which never has more sticks
/// in a row.
fn moves_between(before: &[u64], after: &[u64]) -> MultiMove {
    MultiMove::new(
        before
            .iter()
            .zip(after)
            .enumerate()
            .filter(|(_, (b, a))| b != a)
            .map(|(pile, (b, a))| Move { pile, take: b - a })
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn k(rows_per_move: u32) -> NonZeroU32 {
        NonZeroU32::new(rows_per_move).unwrap()
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

    /// `recommended` gives parts as (row from 1, take).
    fn check(
        piles: &[u64],
        rows_per_move: u32,
        rule: Rule,
        outcome: Outcome,
        recommended: Option<&[(usize, u64)]>,
    ) {
        let m = Moore::new(&Position::new(piles.to_vec()), rule, k(rows_per_move));
        let context = format!("{piles:?} K={rows_per_move} {rule:?}");
        assert_eq!(m.outcome(), outcome, "{context}");
        assert_eq!(m.recommended(), recommended.map(mv), "{context}");
    }

    #[test]
    fn verdicts_and_moves() {
        use Outcome::*;
        use Rule::*;
        // 2 2 2: three groups of 2 make a full set of three.
        check(&[2, 2, 2], 2, Normal, Lose, Some(&[(1, 1)]));
        check(&[2, 2, 2], 2, Misere, Lose, Some(&[(1, 1)]));
        // 3 5 6: every size twice; with K = 2 one more is needed of each.
        check(&[3, 5, 6], 2, Normal, Win, Some(&[(2, 2), (3, 3)]));
        check(&[3, 5, 6], 1, Normal, Lose, Some(&[(3, 1)]));
        // 7 7 7 7: four of every size, one left over in sets of three.
        check(&[7, 7, 7, 7], 2, Normal, Win, Some(&[(1, 7)]));
        check(&[7, 7, 7, 7], 3, Normal, Lose, Some(&[(1, 1)]));
        check(&[1, 2, 3], 2, Normal, Win, Some(&[(2, 1), (3, 2)]));
        check(&[0, 0], 2, Normal, Lose, None);
        check(&[0, 0], 2, Misere, Win, None);
        // Single sticks: lost when they leave remainder 1 by K + 1.
        check(&[1, 1, 1, 1], 2, Misere, Lose, Some(&[(1, 1)]));
        check(&[1, 1, 1], 2, Misere, Win, Some(&[(1, 1), (2, 1)]));
        check(&[1, 1, 1, 1, 1], 3, Misere, Lose, Some(&[(1, 1)]));
        check(
            &[1, 1, 1, 1],
            3,
            Misere,
            Win,
            Some(&[(1, 1), (2, 1), (3, 1)]),
        );
        check(&[1, 1, 1], 2, Normal, Lose, Some(&[(1, 1)]));
        check(&[1, 1, 1, 1], 2, Normal, Win, Some(&[(1, 1)]));
        // Misère switch: normal play would empty both rows of 3.
        check(&[3, 3], 2, Normal, Win, Some(&[(1, 3), (2, 3)]));
        check(&[3, 3], 2, Misere, Win, Some(&[(1, 2), (2, 3)]));
        check(&[1, 4], 1, Misere, Win, Some(&[(2, 4)]));
        check(&[1, 1, 4], 2, Misere, Win, Some(&[(1, 1), (3, 4)]));
    }

    #[test]
    fn each_size_is_decided_in_turn() {
        // 3 5 6 with K = 2: sizes 4, 2 and 1 each occur twice. Size 4: no
        // row is free yet, so rows 2 and 3 give up their 4s. Size 2: rows 2
        // and 3 are free; row 3 keeps its 2 and row 2 gains one. Size 1: row
        // 3 gains a 1, row 2 keeps its own, so size 1 occurs three times.
        let m = Moore::new(&Position::new(vec![3, 5, 6]), Rule::Normal, k(2));
        let MoorePlan::Build(c) = &m.plan else {
            panic!("expected a built move, got {:?}", m.plan)
        };
        let step = |size,
                    free: &[usize],
                    before,
                    newly: &[usize],
                    lose: &[usize],
                    gain: &[usize],
                    after| SizeStep {
            size,
            free: free.to_vec(),
            before,
            newly_chosen: newly.to_vec(),
            lose: lose.to_vec(),
            gain: gain.to_vec(),
            after,
        };
        assert_eq!(c.largest, 4);
        assert_eq!(
            c.steps,
            vec![
                step(4, &[], 2, &[1, 2], &[1, 2], &[], 0),
                step(2, &[1, 2], 2, &[], &[], &[1], 3),
                step(1, &[1, 2], 2, &[], &[], &[2], 3),
            ]
        );
        assert_eq!(c.after, vec![3, 3, 3]);
        assert_eq!(c.mv, mv(&[(2, 2), (3, 3)]));
    }

    #[test]
    fn the_tally_counts_in_sets() {
        let m = Moore::new(&Position::new(vec![7, 7, 7, 7, 4]), Rule::Normal, k(2));
        let tally: Vec<(u64, u64, u64)> = m
            .tally
            .iter()
            .map(|t| (t.size, t.count, t.left_over))
            .collect();
        assert_eq!(tally, vec![(4, 5, 2), (2, 4, 1), (1, 4, 1)]);
        assert_eq!(m.left_over, vec![4, 2, 1]);
        assert_eq!(m.set_size(), 3);
    }

    #[test]
    fn the_misere_switch_is_recorded() {
        // 1 1 5 5 with K = 2: normal play would leave three single sticks,
        // a full set. Leaving one stick in each 5 makes four, remainder 1.
        let m = Moore::new(&Position::new(vec![1, 1, 5, 5]), Rule::Misere, k(2));
        let MoorePlan::Switch(s) = &m.plan else {
            panic!("expected the endgame switch, got {:?}", m.plan)
        };
        assert_eq!(s.ordinary.mv, mv(&[(3, 4), (4, 5)]));
        assert_eq!(s.big_rows, vec![2, 3]);
        assert_eq!(s.ones_elsewhere, 2);
        assert_eq!(s.left_at_one, vec![2, 3]);
        assert_eq!(s.emptied_ones, Vec::<usize>::new());
        assert_eq!(s.ones_after, 4);
        assert_eq!(s.mv, mv(&[(3, 4), (4, 4)]));
        // 1 1 6 with K = 3: the big row alone leaves two or three single
        // sticks, never a remainder of 1 by 4, so it is emptied along with
        // one of the single sticks.
        let m = Moore::new(&Position::new(vec![1, 1, 6]), Rule::Misere, k(3));
        let MoorePlan::Switch(s) = &m.plan else {
            panic!("expected the endgame switch, got {:?}", m.plan)
        };
        assert_eq!(s.ordinary.mv, mv(&[(1, 1), (2, 1), (3, 6)]));
        assert_eq!(
            (s.left_at_one.clone(), s.emptied_ones.clone()),
            (vec![], vec![0])
        );
        assert_eq!(s.ones_after, 1);
        assert_eq!(s.mv, mv(&[(1, 1), (3, 6)]));
    }
}
