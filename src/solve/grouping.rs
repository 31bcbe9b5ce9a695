//! Tom Verhoeff's grouping method, recorded step by step.
//!
//! Every row is split into groups by joining two equal groups until all
//! sizes in the row differ. Groups of the same size are then paired off
//! across the rows. If every group has a partner the player to move is lost;
//! otherwise the largest group without a partner shows which row to take
//! from, and a small table (remove 0, 1 or 2 groups of each smaller size)
//! says how many sticks to take. Misère play adds an endgame rule for when
//! at most one row has more than one stick.
//!
//! Nothing here prints: [`Grouping`] is a trace of the steps, and the
//! renderers turn it into words, Markdown or JSON.

use crate::rules::moves::Move;
use crate::rules::outcome::Outcome;
use crate::rules::position::Position;
use crate::rules::rule::Rule;

/// Rows up to this many sticks are small enough to tell how their groups
/// were joined.
pub(crate) const JOINS_TOLD_UP_TO: u64 = 64;

/// One round of joining inside a row: every two groups of `size` become one
/// group twice as big.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct JoinRound {
    /// The size of the groups being joined.
    pub size: u64,
    /// How many groups of `size` there were.
    pub groups: u64,
    /// How many joins were made, each giving a group of `2 * size`.
    pub joined: u64,
    /// Whether one group of `size` was left without a partner in this row.
    pub left_over: bool,
}

/// The rounds of joining that turn `sticks` single sticks into groups of
/// different sizes. A row of 0 or 1 stick needs no joining.
pub(crate) fn joins(sticks: u64) -> Vec<JoinRound> {
    let mut rounds = Vec::new();
    let (mut size, mut groups) = (1u64, sticks);
    while groups >= 2 {
        let joined = groups / 2;
        rounds.push(JoinRound {
            size,
            groups,
            joined,
            left_over: groups % 2 == 1,
        });
        groups = joined;
        size *= 2;
    }
    rounds
}

/// The group sizes of a row, largest first, all different, adding up to
/// `sticks`. Found by joining, exactly as a pupil would.
pub(crate) fn split(sticks: u64) -> Vec<u64> {
    Groups::of(sticks).to_vec()
}

/// The groups of one row: distinct sizes, each a power of two. They are
/// kept as one mark per possible size, so that a million rows take a word
/// each rather than a list each.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Groups {
    marks: u64,
}

impl Groups {
    /// The groups a row of `sticks` single sticks ends with. Joining two
    /// equal groups round after round ([`joins`]) leaves a group of a size
    /// exactly when that round had an odd number of groups of it, and
    /// those rounds are the halvings of `sticks`: one mark per size, set
    /// where `sticks` itself has it. A million rows are split at once; the
    /// test `joining_leaves_the_groups_marked` holds it to the rounds.
    pub(crate) fn of(sticks: u64) -> Groups {
        Groups { marks: sticks }
    }

    /// Whether there is a group of `size`.
    pub(crate) fn contains(self, size: u64) -> bool {
        size.is_power_of_two() && self.marks & size != 0
    }

    /// How many groups there are.
    pub(crate) fn len(self) -> usize {
        self.marks.count_ones() as usize
    }

    /// The sizes, largest first.
    pub(crate) fn iter(self) -> impl Iterator<Item = u64> {
        let mut left = self.marks;
        std::iter::from_fn(move || {
            let largest = (left != 0).then(|| 1u64 << (u64::BITS - 1 - left.leading_zeros()))?;
            left &= !largest;
            Some(largest)
        })
    }

    /// The sizes, largest first, as a list.
    pub(crate) fn to_vec(self) -> Vec<u64> {
        self.iter().collect()
    }
}

/// One row after splitting.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RowGroups {
    /// How many sticks the row has.
    pub sticks: u64,
}

impl RowGroups {
    /// Every row of `position`, each split into its groups.
    pub(crate) fn all(position: &Position) -> Vec<RowGroups> {
        position
            .piles()
            .iter()
            .map(|&sticks| RowGroups { sticks })
            .collect()
    }

    /// Its groups, worked out again each time they are asked for: joining
    /// is a few steps, and a million rows keep only their sticks.
    pub fn groups(&self) -> Groups {
        Groups::of(self.sticks)
    }
}

/// How many groups of one size there are over all rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SizeCount {
    /// The group size.
    pub size: u64,
    /// How many groups of that size, over all rows.
    pub count: u64,
}

impl SizeCount {
    /// Pairs that can be struck off.
    pub(crate) fn pairs(self) -> u64 {
        self.count / 2
    }

    /// Whether one group is left without a partner.
    pub(crate) fn unpaired(self) -> bool {
        self.count % 2 == 1
    }
}

/// What to do with the groups of one smaller size in the chosen row
/// (Verhoeff's table of 0, 1 or 2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SizeDecision {
    /// The group size S, smaller than the largest unpaired size.
    pub size: u64,
    /// Groups of size S in the chosen row after regrouping: 1 or 2.
    pub in_row: u8,
    /// How many size-S groups all rows hold at this point (after
    /// regrouping); the table only cares whether it is even.
    pub total: u64,
    /// How many size-S groups to remove from the row: 0, 1 or 2.
    pub remove: u8,
}

/// The winning move found from the largest unpaired group.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GroupMove {
    /// The largest group size without a partner, G.
    pub largest: u64,
    /// The row chosen: one that holds a group of size G.
    pub pile: usize,
    /// The row's sticks before the move.
    pub before: u64,
    /// The groups that the other G - 1 sticks of the broken group form.
    pub regrouped: Vec<u64>,
    /// For each size below G, largest first, what to remove.
    pub decisions: Vec<SizeDecision>,
    /// The row's sticks after the move.
    pub after: u64,
}

impl GroupMove {
    /// The move as sticks taken from a row.
    pub fn as_move(&self) -> Move {
        Move {
            pile: self.pile,
            take: self.before - self.after,
        }
    }
}

/// What the method concludes about the position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Plan {
    /// No stick is left; the rule says who has won.
    GameOver,
    /// Misère, and every row has at most one stick. With an even number of
    /// single sticks the player to move wins by taking one; with an odd
    /// number they lose.
    Singles {
        /// How many rows have one stick.
        ones: u64,
        /// The first row with a stick.
        first: usize,
    },
    /// Misère, and exactly one row has more than one stick. The ordinary
    /// move would leave an even number of single sticks; instead empty that
    /// row or leave one stick in it so that the count of singles is odd.
    OneBigRow {
        /// What the pairing rule alone would do.
        ordinary: GroupMove,
        /// Rows other than the big one holding a single stick.
        ones_elsewhere: u64,
        /// Sticks to leave in the big row: 0 or 1.
        leave: u64,
    },
    /// Every group has a partner: no move wins.
    AllPaired {
        /// A move that keeps the game going: one stick from the biggest row.
        keep_going: Move,
    },
    /// Some group has no partner: this move pairs everything up.
    Unpaired(GroupMove),
}

/// The whole worked example for one position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grouping {
    /// The rule played.
    pub rule: Rule,
    /// Each row split into groups.
    pub rows: Vec<RowGroups>,
    /// Group sizes over all rows, largest first.
    pub tally: Vec<SizeCount>,
    /// The sizes left without a partner, largest first.
    pub unpaired: Vec<u64>,
    /// What to do.
    pub plan: Plan,
}

impl Grouping {
    /// Works through the method for `position` under `rule`.
    pub fn new(position: &Position, rule: Rule) -> Grouping {
        let rows = RowGroups::all(position);
        let counts = marks_counted(&rows);
        let tally: Vec<SizeCount> = (0..u64::BITS as usize)
            .rev()
            .filter(|&bit| counts[bit] > 0)
            .map(|bit| SizeCount {
                size: 1 << bit,
                count: counts[bit],
            })
            .collect();
        let unpaired: Vec<u64> = tally
            .iter()
            .filter(|t| t.unpaired())
            .map(|t| t.size)
            .collect();
        let plan = plan(&rows, &tally, &unpaired, rule);
        Grouping {
            rule,
            rows,
            tally,
            unpaired,
            plan,
        }
    }

    /// Whether the player to move can force a win.
    pub fn outcome(&self) -> Outcome {
        match &self.plan {
            Plan::GameOver => self.rule.when_stuck(),
            Plan::Singles { ones, .. } if ones % 2 == 1 => Outcome::Lose,
            Plan::Singles { .. } | Plan::OneBigRow { .. } | Plan::Unpaired(_) => Outcome::Win,
            Plan::AllPaired { .. } => Outcome::Lose,
        }
    }

    /// The move to recommend: the winning move on a won position, a move
    /// that keeps the game going on a lost one, none when the game is over.
    pub fn recommended(&self) -> Option<Move> {
        match &self.plan {
            Plan::GameOver => None,
            Plan::Singles { first, .. } => Some(Move {
                pile: *first,
                take: 1,
            }),
            Plan::OneBigRow {
                ordinary, leave, ..
            } => Some(Move {
                pile: ordinary.pile,
                take: ordinary.before - leave,
            }),
            Plan::AllPaired { keep_going } => Some(*keep_going),
            Plan::Unpaired(m) => Some(m.as_move()),
        }
    }

    /// Every winning move, ordered by row then by sticks taken. Each row
    /// holding a group of the largest unpaired size gives one.
    pub fn winning_moves(&self) -> Vec<Move> {
        match &self.plan {
            Plan::Unpaired(m) => {
                let flipped: u64 = self.unpaired.iter().fold(0, |all, size| all ^ size);
                self.rows
                    .iter()
                    .enumerate()
                    .filter(|(_, row)| row.groups().contains(m.largest))
                    .map(|(pile, row)| {
                        // The explained move's decisions, in one step: each
                        // unpaired size is flipped in the row (its group taken
                        // away if the row has one, made if not), and since
                        // sizes are distinct doublings, flipping them all is
                        // one exclusive or. A million rows may each give a move.
                        Move {
                            pile,
                            take: row.sticks - (row.sticks ^ flipped),
                        }
                    })
                    .collect()
            }
            Plan::OneBigRow { .. } => self.recommended().into_iter().collect(),
            Plan::Singles { ones, .. } if ones % 2 == 0 => self
                .rows
                .iter()
                .enumerate()
                .filter(|(_, row)| row.sticks == 1)
                .map(|(pile, _)| Move { pile, take: 1 })
                .collect(),
            _ => Vec::new(),
        }
    }
}

/// For every byte, eight one-byte counters: 1 where the byte has its bit.
const SPREAD: [u64; 256] = {
    let mut spread = [0u64; 256];
    let mut byte = 0;
    while byte < 256 {
        let mut bit = 0;
        while bit < 8 {
            if byte >> bit & 1 == 1 {
                spread[byte] |= 1 << (8 * bit);
            }
            bit += 1;
        }
        byte += 1;
    }
    spread
};

/// How many rows have a group of each size, by the size's bit: the tally
/// of a million rows. Each row's eight bytes are added as eight one-byte
/// counters each, up to 255 rows at a time before the counters are
/// emptied, rather than one size at a time.
fn marks_counted(rows: &[RowGroups]) -> [u64; u64::BITS as usize] {
    let mut counts = [0u64; u64::BITS as usize];
    for block in rows.chunks(u8::MAX as usize) {
        let mut bytes = [0u64; 8];
        for row in block {
            let marks = row.groups().marks;
            for (byte, counters) in bytes.iter_mut().enumerate() {
                *counters += SPREAD[(marks >> (8 * byte) & 0xff) as usize];
            }
        }
        for (byte, counters) in bytes.iter().enumerate() {
            for bit in 0..8 {
                counts[8 * byte + bit] += counters >> (8 * bit) & 0xff;
            }
        }
    }
    counts
}

/// Decides what to do, following the method's steps in order.
fn plan(rows: &[RowGroups], tally: &[SizeCount], unpaired: &[u64], rule: Rule) -> Plan {
    let Some(biggest) = rows
        .iter()
        .enumerate()
        .max_by(|(i, a), (j, b)| a.sticks.cmp(&b.sticks).then(j.cmp(i)))
        .filter(|(_, row)| row.sticks > 0)
        .map(|(pile, _)| pile)
    else {
        return Plan::GameOver;
    };
    let big_rows = rows.iter().filter(|r| r.sticks > 1).count();
    let ones = rows.iter().filter(|r| r.sticks == 1).count() as u64;
    match (rule, big_rows, unpaired.first()) {
        (Rule::Misere, 0, _) => Plan::Singles {
            ones,
            first: biggest,
        },
        (Rule::Misere, 1, Some(&largest)) => {
            let ordinary = group_move(rows, tally, biggest, largest);
            // Leave an odd number of single sticks: one more in the big row
            // if the others make an even number, none if they make an odd one.
            let leave = u64::from(ones.is_multiple_of(2));
            Plan::OneBigRow {
                ordinary,
                ones_elsewhere: ones,
                leave,
            }
        }
        (_, _, Some(&largest)) => {
            let pile = rows
                .iter()
                .position(|r| r.groups().contains(largest))
                .expect("an unpaired size belongs to some row");
            Plan::Unpaired(group_move(rows, tally, pile, largest))
        }
        (_, _, None) => Plan::AllPaired {
            keep_going: Move {
                pile: biggest,
                take: 1,
            },
        },
    }
}

/// Steps 4 to 6 of the method for row `pile`, which holds a group of size
/// `largest`: break that group by taking one stick, regroup the rest, then
/// for every smaller size remove 0, 1 or 2 groups so each size is even.
fn group_move(rows: &[RowGroups], tally: &[SizeCount], pile: usize, largest: u64) -> GroupMove {
    let row = &rows[pile];
    let decisions: Vec<SizeDecision> = decisions(row.groups(), tally, largest).collect();
    GroupMove {
        largest,
        pile,
        before: row.sticks,
        regrouped: split(largest - 1),
        after: after(row.groups(), largest, decisions.iter().copied()),
        decisions,
    }
}

/// The sticks a row keeps: its groups bigger than `largest`, and what the
/// decisions leave of every smaller size.
fn after(groups: Groups, largest: u64, decisions: impl Iterator<Item = SizeDecision>) -> u64 {
    let bigger: u64 = groups.iter().filter(|&g| g > largest).sum();
    bigger
        + decisions
            .map(|d| u64::from(d.in_row - d.remove) * d.size)
            .sum::<u64>()
}

/// The table of 0, 1 or 2 for a row with `groups` that breaks its group of
/// `largest`: one decision for each smaller size, largest first.
fn decisions(
    groups: Groups,
    tally: &[SizeCount],
    largest: u64,
) -> impl Iterator<Item = SizeDecision> + '_ {
    // The tally is sorted from the largest size down.
    let total = |size: u64| {
        tally
            .binary_search_by(|t| size.cmp(&t.size))
            .map_or(0, |i| tally[i].count)
    };
    // The other `largest - 1` sticks of the broken group regroup as one
    // group of every smaller size.
    Groups::of(largest - 1).iter().map(move |size| {
        let in_row = u8::from(groups.contains(size)) + 1;
        // The regrouped group joins the count of this size.
        let total = total(size) + 1;
        let remove = match (in_row, total % 2 == 0) {
            (1, true) => 0,
            (1, false) => 1,
            (_, true) => 2,
            (_, false) => 1,
        };
        SizeDecision {
            size,
            in_row,
            total,
            remove,
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// The counters a byte at a time count what a size at a time
        /// counts, past the 255 rows one block of counters holds.
        #[test]
        fn the_tally_counts_each_size_over_all_rows(
            rows in prop::collection::vec(any::<u64>(), 0..700),
        ) {
            let rows: Vec<RowGroups> = rows.into_iter().map(|sticks| RowGroups { sticks }).collect();
            let counted = marks_counted(&rows);
            for (bit, &count) in counted.iter().enumerate() {
                let size = 1u64 << bit;
                let rows_with_it = rows.iter().filter(|r| r.groups().contains(size)).count();
                prop_assert_eq!(count, rows_with_it as u64, "size {}", size);
            }
        }
    }

    #[test]
    fn splits() {
        let cases: &[(u64, &[u64])] = &[
            (0, &[]),
            (1, &[1]),
            (2, &[2]),
            (3, &[2, 1]),
            (5, &[4, 1]),
            (7, &[4, 2, 1]),
            (12, &[8, 4]),
            (u64::MAX >> 62, &[2, 1]),
        ];
        for &(n, groups) in cases {
            assert_eq!(split(n), groups, "split({n})");
        }
        assert_eq!(split(u64::MAX).len(), 64);
        assert_eq!(split(1 << 63), vec![1 << 63]);
    }

    #[test]
    fn joins_of_seven() {
        assert_eq!(
            joins(7),
            vec![
                JoinRound {
                    size: 1,
                    groups: 7,
                    joined: 3,
                    left_over: true
                },
                JoinRound {
                    size: 2,
                    groups: 3,
                    joined: 1,
                    left_over: true
                },
            ]
        );
        assert!(joins(1).is_empty());
    }

    fn check(piles: &[u64], rule: Rule, outcome: Outcome, recommended: Option<(usize, u64)>) {
        let g = Grouping::new(&Position::new(piles.to_vec()), rule);
        assert_eq!(g.outcome(), outcome, "{piles:?} {rule:?}");
        assert_eq!(
            g.recommended(),
            recommended.map(|(row, take)| Move {
                pile: row - 1,
                take
            }),
            "{piles:?} {rule:?}"
        );
    }

    #[test]
    fn verdicts_and_moves() {
        use Outcome::*;
        use Rule::*;
        check(&[3, 5, 7], Misere, Win, Some((1, 1)));
        check(&[3, 4, 5], Normal, Win, Some((1, 2)));
        check(&[1, 2, 3], Normal, Lose, Some((3, 1)));
        check(&[1, 2, 3], Misere, Lose, Some((3, 1)));
        check(&[0, 0], Misere, Win, None);
        check(&[0, 0], Normal, Lose, None);
        check(&[1, 1], Misere, Win, Some((1, 1)));
        check(&[1, 1, 1], Misere, Lose, Some((1, 1)));
        check(&[1, 1, 5], Misere, Win, Some((3, 4)));
        check(&[1, 5], Misere, Win, Some((2, 5)));
        check(&[1, 5], Normal, Win, Some((2, 4)));
        check(&[6, 5, 7], Normal, Win, Some((1, 4)));
    }

    #[test]
    fn the_zero_one_two_table() {
        // 6 5 7: groups 4+2, 4+1, 4+2+1. Unpaired: 4. Row 1 breaks its 4 into
        // 2+1 (it now holds 2, 2, 1).
        let g = Grouping::new(&Position::new(vec![6, 5, 7]), Rule::Normal);
        let Plan::Unpaired(m) = &g.plan else {
            panic!("expected a winning move, got {:?}", g.plan)
        };
        assert_eq!((m.largest, m.pile, m.after), (4, 0, 2));
        assert_eq!(m.regrouped, vec![2, 1]);
        assert_eq!(
            m.decisions,
            vec![
                SizeDecision {
                    size: 2,
                    in_row: 2,
                    total: 3,
                    remove: 1
                },
                SizeDecision {
                    size: 1,
                    in_row: 1,
                    total: 3,
                    remove: 1
                },
            ]
        );
    }

    proptest! {
        #[test]
        fn split_gives_distinct_powers_of_two_adding_up(n in any::<u64>()) {
            let groups = split(n);
            prop_assert!(groups.iter().all(|g| g.is_power_of_two()));
            prop_assert!(groups.windows(2).all(|w| w[0] > w[1]), "distinct, largest first: {:?}", groups);
            prop_assert_eq!(groups.iter().map(|&g| u128::from(g)).sum::<u128>(), u128::from(n));
        }

        #[test]
        fn joins_account_for_every_stick(n in 0u64..=100_000) {
            let rounds = joins(n);
            let mut groups = n;
            for r in &rounds {
                prop_assert_eq!(r.groups, groups);
                prop_assert_eq!(r.joined * 2 + u64::from(r.left_over), r.groups);
                groups = r.joined;
            }
            prop_assert!(groups <= 1);
        }

        #[test]
        fn joining_leaves_the_groups_marked(n in any::<u64>()) {
            // The rounds of joining, followed to the end: a group is left
            // over in a round with an odd count, and the last round's
            // joined group (if any) stays.
            let rounds = joins(n);
            let mut left: Vec<u64> = rounds.iter().filter(|r| r.left_over).map(|r| r.size).collect();
            match rounds.last() {
                Some(last) => left.push(last.size * 2),
                None if n == 1 => left.push(1),
                None => {}
            }
            left.reverse();
            prop_assert_eq!(Groups::of(n).to_vec(), left);
        }
    }
}
