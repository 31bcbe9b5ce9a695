//! The grouping method told as steps: the groups of every row (drawn stage
//! by stage as they are joined), the pairs, whether any group is left
//! without a partner, and the move; the reasons a move was good or bad,
//! and the hints, in the same words; and the same rows in binary.
//!
//! In misère play the endgame comes first: once at most one row has more
//! than one stick, pairs no longer decide, and the explanation says so at
//! the verdict and gives only the endgame move.

use super::ending;
use crate::rules::nim::Nim;
use crate::rules::outcome::Outcome;
use crate::rules::position::Position;
use crate::rules::rule::Rule;
use crate::solve::grouping::{
    GroupMove, Grouping, JOINS_TOLD_UP_TO, JoinRound, Plan, SizeCount, joins as join_rounds, split,
};
use crate::solve::nim_sum::nim_sum;
use crate::teach::document::{
    BinaryRow, BinaryView, Block, DrawnRow, Frame, PairLine, Reveal, Step, TallyLine,
};
use crate::teach::words::{
    LONGEST_SUM, MOST_LISTED, SHORTEST_MERGED_RUN, and_list, capitalised, count, equation,
    groups_of, number_word, rows_with_one, runs, short_sum, sizes_of, sticks_from_to, sum,
};

/// Rows up to this many get a drawing or a line of how their groups were
/// joined.
const JOINS_SHOWN_FOR_ROWS: usize = 8;

/// Rows up to this many sticks have their joining drawn stage by stage;
/// bigger ones (up to [`JOINS_TOLD_UP_TO`]) have it told in words.
const STAGES_DRAWN_UP_TO: u64 = 16;

/// Pairs of one size drawn before the rest are only counted.
const PAIRS_DRAWN: usize = 3;

/// Group sizes whose pairs are drawn, largest first; the rest are counted.
const PAIR_SIZES_DRAWN: usize = 8;

/// What stands in for a row too big to draw.
const TOO_MANY: &str = "(too many to draw)";

/// Every step of the method for a position, or the one step that says the
/// game is over.
pub(crate) fn steps(g: &Grouping, position: &Position, game: &Nim) -> Vec<Step> {
    if position.is_over() {
        return vec![
            Step::framed(
                Frame::BARE,
                "The game is over",
                sentences(vec![game_over(g.rule)]),
            )
            .revealing(Reveal::Outcome),
        ];
    }
    vec![
        groups_step(g),
        pairs_step(g, 2),
        verdict_step(g, 3, ending::settled(position, game)),
        Step::numbered(4, "The move", plan(g, position, game)).revealing(Reveal::Move),
    ]
}

/// Sentences as blocks.
pub(crate) fn sentences(lines: Vec<String>) -> Vec<Block> {
    lines.into_iter().map(Block::sentence).collect()
}

/// Every row drawn in its groups, with how they were joined: drawn stage
/// by stage for small rows, told in words for bigger ones.
pub(crate) fn drawn_rows(g: &Grouping) -> Vec<DrawnRow> {
    let show_joins = g.rows.len() <= JOINS_SHOWN_FOR_ROWS;
    g.rows
        .iter()
        .take(MOST_LISTED)
        .enumerate()
        .map(|(i, row)| {
            let groups = row.groups().to_vec();
            let rounds = join_rounds(row.sticks);
            let drawn = show_joins && row.sticks <= STAGES_DRAWN_UP_TO && !rounds.is_empty();
            let told = show_joins && !drawn && (2..=JOINS_TOLD_UP_TO).contains(&row.sticks);
            DrawnRow {
                label: format!("row {}", i + 1),
                sticks: row.sticks,
                text: equation(row.sticks, &groups),
                groups,
                stand_in: TOO_MANY.to_string(),
                detail: told.then(|| joins(&rounds)),
                stages: match drawn {
                    true => stages(row.sticks, &rounds),
                    false => Vec::new(),
                },
            }
        })
        .collect()
}

/// Step 1: every row drawn with its groups, and how they were joined.
fn groups_step(g: &Grouping) -> Step {
    let rows = drawn_rows(g);
    let mut blocks = vec![
        Block::sentence(
            "Join two groups of the same size until each group in the row has its own size.",
        ),
        Block::Rows { rows },
    ];
    if g.rows.len() > MOST_LISTED {
        blocks.push(Block::sentence(format!(
            "The other {} are not drawn.",
            count((g.rows.len() - MOST_LISTED) as u64, "row")
        )));
    }
    Step::numbered(1, "Make groups in every row", blocks)
}

/// The groups of a row after each round of joining, starting from single
/// sticks: `| | | | | | |`, then `|| || || |`, then `|||| || |`.
fn stages(sticks: u64, rounds: &[JoinRound]) -> Vec<Vec<u64>> {
    let mut stage = vec![1; sticks as usize];
    let mut all = vec![stage.clone()];
    for round in rounds {
        // The groups of this round's size are joined in twos; bigger groups
        // from earlier left-overs stay where they are.
        let kept: Vec<u64> = stage.iter().copied().filter(|&g| g != round.size).collect();
        let mut next: Vec<u64> = vec![round.size * 2; round.joined as usize];
        if round.left_over {
            next.push(round.size);
        }
        next.extend(kept);
        next.sort_unstable_by(|a, b| b.cmp(a));
        stage = next;
        all.push(stage.clone());
    }
    all
}

/// How a row's groups were made, in words: "7 single sticks make 3 groups
/// of 2, one 1 left over; 3 groups of 2 make 1 group of 4, one 2 left
/// over".
pub(crate) fn joins(rounds: &[JoinRound]) -> String {
    rounds
        .iter()
        .map(|r| {
            let from = match r.size {
                1 => count(r.groups, "single stick"),
                size => groups_of(r.groups, size),
            };
            let left = match r.left_over {
                true => format!(", one {} left over", r.size),
                false => String::new(),
            };
            format!("{from} make {}{left}", groups_of(r.joined, r.size * 2))
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// The tally of sizes and the pairs struck off, then the pairs drawn, as
/// step `number`.
pub(crate) fn pairs_step(g: &Grouping, number: u32) -> Step {
    let blocks = match g.tally.is_empty() {
        true => vec![Block::sentence("No groups at all.")],
        false => {
            let mut blocks = vec![
                Block::Tally {
                    lines: tally_lines(&g.tally),
                },
                Block::Pairs {
                    sizes: pair_lines(g),
                },
            ];
            if let Some(more) = g.tally.len().checked_sub(PAIR_SIZES_DRAWN)
                && more > 0
            {
                blocks.push(Block::sentence(format!(
                    "The pairs of the other {} are not drawn.",
                    count(more as u64, "group size")
                )));
            }
            blocks
        }
    };
    Step::numbered(
        number,
        "Pair off groups of the same size across all rows",
        blocks,
    )
}

/// The groups of the largest sizes set out in pairs, the rows they come
/// from named: the first few pairs of each size, and the group left
/// without a partner. That group is the one in the row the move breaks up, when the
/// move breaks a group of its size, so the drawing and the move agree.
fn pair_lines(g: &Grouping) -> Vec<PairLine> {
    let broken = match &g.plan {
        Plan::Unpaired(m) => Some((m.largest, m.pile + 1)),
        _ => None,
    };
    // For each size drawn: the first rows holding a group of it (enough
    // for the pairs drawn and one more), and the last such row. Sizes are
    // powers of two, so each has its place by its zeros. The rows are read
    // from the front and from the back only until every size drawn has
    // its rows, a few rows out of a million.
    let drawn: u64 = (g.tally.iter().take(PAIR_SIZES_DRAWN)).fold(0, |all, t| all | t.size);
    let mut found: Vec<(Vec<usize>, usize)> = vec![(Vec::new(), 0); u64::BITS as usize];
    let mut wanted = drawn;
    for (i, row) in g.rows.iter().enumerate() {
        if wanted == 0 {
            break;
        }
        let still = wanted;
        for size in row.groups().iter().filter(|&size| still & size != 0) {
            let first = &mut found[size.trailing_zeros() as usize].0;
            first.push(i + 1);
            if first.len() > 2 * PAIRS_DRAWN {
                wanted &= !size;
            }
        }
    }
    let mut wanted = drawn;
    for (i, row) in g.rows.iter().enumerate().rev() {
        if wanted == 0 {
            break;
        }
        let still = wanted;
        for size in row.groups().iter().filter(|&size| still & size != 0) {
            found[size.trailing_zeros() as usize].1 = i + 1;
            wanted &= !size;
        }
    }
    g.tally
        .iter()
        .take(PAIR_SIZES_DRAWN)
        .map(|t| {
            let (mut rows, last) = std::mem::take(&mut found[t.size.trailing_zeros() as usize]);
            let alone = t.unpaired().then_some(match broken {
                Some((size, row)) if size == t.size => row,
                _ => last,
            });
            rows.retain(|&r| Some(r) != alone);
            let pairs: Vec<[usize; 2]> = rows
                .chunks_exact(2)
                .take(PAIRS_DRAWN)
                .map(|two| [two[0], two[1]])
                .collect();
            let mut told: Vec<String> = pairs
                .iter()
                .map(|[a, b]| format!("rows {a} and {b}"))
                .collect();
            let more = t.pairs() - pairs.len() as u64;
            if more > 0 {
                let pairs = if more == 1 { "pair" } else { "pairs" };
                told.push(format!("and {more} more {pairs}"));
            }
            let mut text = told.join(", ");
            if let Some(row) = alone {
                let sep = if text.is_empty() { "" } else { "; " };
                text += &format!("{sep}row {row}: no partner");
            }
            PairLine {
                size: t.size,
                pairs,
                alone,
                label: format!("groups of {}", t.size),
                text,
            }
        })
        .collect()
}

/// The tally, one line per size or per run of sizes with the same count:
/// "two groups of 4: 1 pair", the count in words so it does not look like
/// a size.
fn tally_lines(counts: &[SizeCount]) -> Vec<TallyLine> {
    runs(counts, |t| t.count)
        .into_iter()
        .flat_map(|run| match run.len() >= SHORTEST_MERGED_RUN {
            true => vec![TallyLine {
                sizes: run.iter().map(|t| t.size).collect(),
                count: run[0].count,
                sets: run[0].pairs(),
                left: run[0].count % 2,
                text: format!(
                    "{} of each size from {} down to {} ({} sizes): {}",
                    groups_counted(run[0].count),
                    run[0].size,
                    run[run.len() - 1].size,
                    run.len(),
                    paired_each(run[0])
                ),
            }],
            false => run
                .iter()
                .map(|&t| TallyLine {
                    sizes: vec![t.size],
                    count: t.count,
                    sets: t.pairs(),
                    left: t.count % 2,
                    text: format!("{} of {}: {}", groups_counted(t.count), t.size, paired(t)),
                })
                .collect(),
        })
        .collect()
}

/// "one group", "two groups", "25 groups".
fn groups_counted(n: u64) -> String {
    match n {
        1 => "one group".to_string(),
        n => format!("{} groups", number_word(n)),
    }
}

/// "1 pair", "1 pair, 1 without a partner", "no partner".
fn paired(t: SizeCount) -> String {
    match (t.pairs(), t.unpaired()) {
        (0, _) => "no partner".to_string(),
        (p, false) => count(p, "pair"),
        (p, true) => format!("{}, 1 without a partner", count(p, "pair")),
    }
}

/// The same for every size of a run: "1 pair of each", "no partner for
/// any", "1 pair of each, and 1 of each without a partner".
fn paired_each(t: SizeCount) -> String {
    match (t.pairs(), t.unpaired()) {
        (0, _) => "no partner for any".to_string(),
        (p, false) => format!("{} of each", count(p, "pair")),
        (p, true) => format!(
            "{} of each, and 1 of each without a partner",
            count(p, "pair")
        ),
    }
}

/// Whether any group is left without a partner, as step `number`; in the
/// misère endgame, that pairs no longer decide. `settled` when nobody can
/// slip from here.
pub(crate) fn verdict_step(g: &Grouping, number: u32, settled: bool) -> Step {
    let title = match g.plan {
        Plan::Singles { .. } | Plan::OneBigRow { .. } => {
            "The endgame: at most one row has more than one stick"
        }
        _ => "Is any group left without a partner?",
    };
    Step::numbered(number, title, sentences(verdict(g, settled))).revealing(Reveal::Outcome)
}

/// Does any group lack a partner, or is this the endgame, and what that
/// means for the player to move; `settled` when nobody can slip from here,
/// so a loss does not hang on the opponent playing well.
pub(crate) fn verdict(g: &Grouping, settled: bool) -> Vec<String> {
    let who = match (g.outcome(), settled) {
        (Outcome::Win, _) => "The player to move can win.",
        (Outcome::Lose, true) => "The player to move will lose, whatever either player does.",
        (Outcome::Lose, false) => "The player to move will lose if the opponent plays well.",
    };
    let first = match (&g.plan, g.unpaired.first()) {
        (Plan::GameOver, _) => return vec![game_over(g.rule)],
        (Plan::Singles { ones, .. }, _) => format!(
            "No row has more than one stick, so this is the endgame: pairs no longer decide, the number of rows with one stick does. There {} {}, {}.",
            if *ones == 1 { "is" } else { "are" },
            rows_with_one(*ones),
            odd_or_even(*ones)
        ),
        (Plan::OneBigRow { ordinary, .. }, _) => format!(
            "Only row {} has more than one stick, so this is the endgame: pairs no longer decide. What counts is leaving your opponent an odd number of rows with one stick.",
            ordinary.pile + 1
        ),
        (_, None) => "Every group has a partner.".to_string(),
        (_, Some(_)) => format!("{}.", capitalised(&unpaired(g))),
    };
    vec![first, who.to_string()]
}

/// Every group size without a partner: "a group of 4 has no partner",
/// "groups of 2 and 1 have no partner", or for many sizes "9 group sizes
/// have no partner; the biggest is 256".
fn unpaired(g: &Grouping) -> String {
    match g.unpaired.as_slice() {
        [] => "every group has a partner".to_string(),
        [size] => format!("a group of {size} has no partner"),
        [biggest, ..] if g.unpaired.len() > LONGEST_SUM => format!(
            "{} group sizes have no partner; the biggest is {biggest}",
            g.unpaired.len()
        ),
        sizes => format!("groups of {} have no partner", and_list(sizes)),
    }
}

/// "an odd number" or "an even number".
fn odd_or_even(n: u64) -> &'static str {
    match n % 2 {
        0 => "an even number",
        _ => "an odd number",
    }
}

/// Why nobody moves any more.
fn game_over(rule: Rule) -> String {
    match rule {
        Rule::Misere => "No sticks are left: the game is over, and the player to move has won, because the opponent took the last stick.".to_string(),
        Rule::Normal => "No sticks are left: the game is over, and the player to move has lost, because the opponent took the last stick.".to_string(),
    }
}

/// Step 4: how to find the move, sentence by sentence, then the move.
fn plan(g: &Grouping, position: &Position, game: &Nim) -> Vec<Block> {
    let mut blocks = match &g.plan {
        Plan::GameOver => return Vec::new(),
        Plan::Unpaired(m) => match g
            .recommended()
            .and_then(|mv| ending::winning_end(position, game, &mv.into()))
        {
            Some(end) => sentences(vec![end]),
            None => group_move(m),
        },
        Plan::AllPaired { .. } => sentences(vec![
            "Whatever you take breaks up a pair, and your opponent can pair everything up again."
                .to_string(),
            match ending::no_slip(position, game) {
                Some(settled) => format!("So no move wins. {settled}"),
                None => {
                    "So no move wins. Keep the game going and hope your opponent slips.".to_string()
                }
            },
        ]),
        Plan::Singles { ones, .. } => sentences(singles(*ones, ending::no_slip(position, game))),
        Plan::OneBigRow {
            ordinary,
            ones_elsewhere,
            leave,
        } => {
            let row = ordinary.pile + 1;
            sentences(vec![
                format!(
                    "Besides row {row} there {} {}, {}.",
                    if *ones_elsewhere == 1 { "is" } else { "are" },
                    rows_with_one(*ones_elsewhere),
                    odd_or_even(*ones_elsewhere)
                ),
                format!(
                    "So leave {} in row {row}: that makes {}, an odd number, and your opponent will have to take the last stick.",
                    count(*leave, "stick"),
                    rows_with_one(ones_elsewhere + leave)
                ),
            ])
        }
    };
    if let Some(mv) = g.recommended() {
        let label = match g.outcome() {
            Outcome::Win => "Move",
            Outcome::Lose => crate::teach::words::lost_move_label(position, game),
        };
        blocks.push(Block::labelled_move(
            position,
            game,
            &mv.into(),
            g.outcome() == Outcome::Win,
            label,
        ));
    }
    blocks
}

/// The misère endgame with only single sticks; `settled` says how the
/// game ends when nobody can slip, as it always is here.
fn singles(ones: u64, settled: Option<String>) -> Vec<String> {
    let rule = "Every move takes one stick, and whoever takes the last one loses.".to_string();
    match (ones, settled) {
        (ones, _) if ones % 2 == 0 => vec![
            rule,
            "Take one and leave your opponent an odd number.".to_string(),
        ],
        // One stick: there is no number to hand back, only the last stick.
        (1, Some(settled)) => vec![settled],
        (_, Some(settled)) => vec![
            rule,
            format!("Whatever you do, your opponent gets an even number back. {settled}"),
        ],
        (_, None) => vec![
            rule,
            "Whatever you do, your opponent gets an even number back.".to_string(),
        ],
    }
}

/// Breaking the largest unpaired group, regrouping, and the table of 0, 1
/// or 2 for every smaller size; then the row drawn before, broken and
/// after.
fn group_move(m: &GroupMove) -> Vec<Block> {
    let row = m.pile + 1;
    let g = m.largest;
    let mut lines = vec![format!(
        "The biggest group without a partner is a group of {g}; row {row} has one."
    )];
    // The move first, so the class never takes the single stick that
    // breaks the group for the whole move.
    let taken = m.before - m.after;
    if taken > 1 {
        lines.push(format!(
            "You take {} from row {row} in all: 1 to break up the group of {g}, then {} more to tidy up.",
            count(taken, "stick"),
            taken - 1
        ));
    }
    lines.push(match g {
        1 => format!("Take that single stick from row {row}."),
        2 => "First take 1 stick from the group of 2; the other stick stays, a group of 1."
            .to_string(),
        g => format!(
            "First take 1 stick from the group of {g}; the other {} sticks regroup as {}.",
            g - 1,
            short_sum(&m.regrouped)
        ),
    });
    // Why an even count keeps one group but not two, said the first time
    // two must go: the tidy-up rule as the lessons state it.
    let mut joined_told = false;
    for run in runs(&m.decisions, |d| (d.in_row, d.total % 2, d.remove)) {
        let d = run[0];
        let parity = match d.total % 2 {
            0 => "even",
            _ => "odd",
        };
        let action = match (d.total % 2, d.remove) {
            (_, 0) => "keep it".to_string(),
            (0, 2) if !joined_told => {
                joined_told = true;
                "remove both: two groups of the same size in one row would join into a bigger group"
                    .to_string()
            }
            (0, 2) => "remove both".to_string(),
            (_, r) => format!("remove {}", count(u64::from(r), "group")),
        };
        if run.len() >= SHORTEST_MERGED_RUN {
            let mut sizes = sizes_of(run, |d| d.size);
            sizes[..1].make_ascii_uppercase();
            let action = match action.split_once(':') {
                Some((remove, why)) => format!("{remove} of each size:{why}"),
                None => format!("{action} of each size"),
            };
            lines.push(format!(
                "{sizes}: row {row} now has {} of each, all rows together have an {parity} number of each, so {action}.",
                d.in_row
            ));
            continue;
        }
        for d in run {
            lines.push(format!(
                "Groups of {}: row {row} now has {}, all rows together have {} ({parity}), so {action}.",
                d.size, d.in_row, d.total
            ));
        }
    }
    lines.push(format!(
        "Row {row} goes {}, and every group has a partner again.",
        sticks_from_to(m.before, m.after)
    ));
    let mut blocks = sentences(lines);
    blocks.push(Block::Rows {
        rows: row_changes(m),
    });
    blocks
}

/// The chosen row before the move, with its group of G broken, and after.
fn row_changes(m: &GroupMove) -> Vec<DrawnRow> {
    let before = crate::solve::grouping::split(m.before);
    let kept: Vec<u64> = before.iter().copied().filter(|&s| s != m.largest).collect();
    let mut broken: Vec<u64> = m.regrouped.clone();
    broken.extend(kept.iter().copied());
    broken.sort_unstable_by(|a, b| b.cmp(a));
    let removed: Vec<String> = m
        .decisions
        .iter()
        .filter(|d| d.remove > 0)
        .map(|d| groups_of(u64::from(d.remove), d.size))
        .collect();
    let after = crate::solve::grouping::split(m.after);
    let row = |label: &str, groups: Vec<u64>, text: String| DrawnRow {
        label: label.to_string(),
        sticks: groups.iter().sum(),
        groups,
        stand_in: TOO_MANY.to_string(),
        text,
        detail: None,
        stages: Vec::new(),
    };
    let sum_of = |sticks: u64, groups: &[u64]| equation(sticks, groups);
    let action = match (m.largest, removed.is_empty()) {
        (1, _) => "take the single stick".to_string(),
        (_, true) => "nothing to remove".to_string(),
        (_, false) => format!("remove {}", removed.join(" and ")),
    };
    let mut rows = vec![row("before", before.clone(), sum_of(m.before, &before))];
    if m.largest > 1 {
        // The row as a sum, as before and after are: what is left of the
        // group is among its terms.
        rows.push(row(
            "broken",
            broken.clone(),
            format!(
                "take 1 stick from the group of {}: {}",
                m.largest,
                sum_of(m.before - 1, &broken)
            ),
        ));
    }
    rows.push(row(
        "after",
        after.clone(),
        format!("{action}: {}", sum_of(m.after, &after)),
    ));
    rows
}

/// "1 pair of 4s, 1 pair of 2s".
pub(crate) fn pairs(g: &Grouping) -> String {
    let list: Vec<String> = g
        .tally
        .iter()
        .filter(|t| t.pairs() > 0)
        .map(|t| format!("{} of {}s", count(t.pairs(), "pair"), t.size))
        .collect();
    match list.is_empty() {
        true => "no groups at all".to_string(),
        false => list.join(", "),
    }
}

/// Why no move could win from `before`, a lost position.
pub(crate) fn why_lost(before: &Grouping) -> &'static str {
    match before.plan {
        Plan::Singles { .. } => "an odd number of rows had one stick, and no row had more",
        _ => "every group already had a partner",
    }
}

/// The two rows that have sticks, when exactly two have.
fn two_rows(g: &Grouping) -> Option<(u64, u64)> {
    let mut filled = g.rows.iter().map(|r| r.sticks).filter(|&n| n > 0);
    match (filled.next(), filled.next(), filled.next()) {
        (Some(a), Some(b), None) => Some((a, b)),
        _ => None,
    }
}

/// What to watch for after leaving every group paired: with the last
/// stick losing and only two rows of more than one stick, the opponent
/// may start the endgame with their next move.
fn endgame_warning(after: &Grouping) -> &'static str {
    let big_rows = after.rows.iter().filter(|r| r.sticks > 1).count();
    match (after.rule, big_rows) {
        (Rule::Misere, 2) => {
            " If your opponent leaves only one row with more than one stick, switch to the endgame rule."
        }
        _ => "",
    }
}

/// "only rows with one stick are left, and there are 3 of them".
fn only_ones(ones: u64) -> String {
    format!("only rows with one stick are left, and there are {ones} of them")
}

/// Why the position left to the opponent is lost for them.
pub(crate) fn leaves_lost(after: &Grouping) -> String {
    match (&after.plan, two_rows(after)) {
        (Plan::GameOver, _) => "you took the last stick, and in this game that wins.".to_string(),
        (Plan::Singles { ones: 1, .. }, _) => {
            "only one stick is left, so your opponent will have to take it.".to_string()
        }
        (Plan::Singles { ones, .. }, _) => format!(
            "{}: an odd number, so your opponent will have to take the last stick.",
            only_ones(*ones)
        ),
        (_, Some((n, _))) if n > 1 => format!(
            "both rows now have {}, so you can copy every move your opponent makes.{}",
            count(n, "stick"),
            endgame_warning(after)
        ),
        _ => format!(
            "every group now has a partner ({}), so your opponent cannot win if you keep pairing{}.",
            pairs(after),
            match after.rule {
                Rule::Misere => {
                    " and switch to the endgame rule when at most one row has more than one stick"
                }
                Rule::Normal => "",
            }
        ),
    }
}

/// Why the position left to the opponent is won for them; `paired_before`
/// when every group had a partner before the move, so the opponent pairs
/// them up *again*.
pub(crate) fn leaves_won(after: &Grouping, paired_before: bool) -> String {
    match (&after.plan, two_rows(after)) {
        (Plan::GameOver, _) => "you took the last stick, and in this game that loses.".to_string(),
        (Plan::Singles { ones, .. }, _) => format!(
            "{}: an even number, so your opponent can make you take the last stick.",
            only_ones(*ones)
        ),
        // Even in the endgame some group has no partner: say so first, in
        // the words of the groups, then how the opponent wins.
        (Plan::OneBigRow { ordinary, .. }, _) => format!(
            "after your move {}, so your opponent can win. It is the endgame: only row {} has more than one stick, and your opponent can leave you an odd number of rows with one stick.",
            unpaired(after),
            ordinary.pile + 1
        ),
        (Plan::Unpaired(_), Some((a, b))) => format!(
            "the rows now have {a} and {b} sticks, so your opponent can make them equal and then copy you."
        ),
        (Plan::Unpaired(_), None) => format!(
            "after your move {}, so your opponent can pair everything up{}.",
            unpaired(after),
            if paired_before { " again" } else { "" }
        ),
        (Plan::AllPaired { .. }, _) => "your opponent can win from here.".to_string(),
    }
}

/// What a move left, `after`, in a few words about the move for a
/// projector the whole class reads; `lost` when it is lost for the
/// opponent: "leaves groups of 8, 4, 2 and 1 without a partner".
pub(crate) fn brief(after: &Grouping, lost: bool) -> String {
    match (&after.plan, lost) {
        (Plan::GameOver, _) => "takes the last stick".to_string(),
        (Plan::Singles { ones, .. }, _) => {
            format!("leaves {}, {}", rows_with_one(*ones), odd_or_even(*ones))
        }
        (Plan::AllPaired { .. }, true) => "leaves every group with a partner".to_string(),
        (Plan::AllPaired { .. }, false) => "leaves a position the opponent can win".to_string(),
        (Plan::Unpaired(_) | Plan::OneBigRow { .. }, _) => match after.unpaired.as_slice() {
            [] => "leaves every group with a partner".to_string(),
            [size] => format!("leaves a group of {size} without a partner"),
            [biggest, ..] if after.unpaired.len() > LONGEST_SUM => format!(
                "leaves {} group sizes without a partner, the biggest {biggest}",
                after.unpaired.len()
            ),
            sizes => format!("leaves groups of {} without a partner", and_list(sizes)),
        },
    }
}

/// What became of the pairs after a move from a position where every
/// group had a partner: "Now groups of 2 and 1 have no partner."
pub(crate) fn broken_pairs(after: &Grouping) -> Option<String> {
    match after.unpaired.is_empty() {
        true => None,
        false => Some(format!("Now {}.", unpaired(after))),
    }
}

/// Why no move could win from `before`, as a clause and its full stop,
/// then what the move broke when every group had a partner: "every group
/// already had a partner. Now groups of 2 and 1 have no partner."
pub(crate) fn lost_anyway(before: &Grouping, after: Option<&Grouping>) -> String {
    let broken = match (&before.plan, after) {
        (Plan::AllPaired { .. }, Some(after)) => broken_pairs(after)
            .map(|broken| format!(" {broken}"))
            .unwrap_or_default(),
        _ => String::new(),
    };
    format!("{}.{broken}", why_lost(before))
}

/// What a right "no" is told where every group has a partner, in the words
/// a lesson asks about.
pub(crate) fn no_pair_kept() -> String {
    "every group already has a partner, so whatever you take breaks a pair, and your opponent can pair everything up again: no move wins here.".to_string()
}

/// Why the computer's move leaves the pupil lost, briefly, for when it has
/// been said before.
pub(crate) fn computer_short(after: &Grouping) -> String {
    match after.plan {
        Plan::Singles { .. } => {
            "that leaves you an odd number of rows with one stick again.".to_string()
        }
        _ => "every group has a partner again.".to_string(),
    }
}

/// The first three hints for a position, the endgame included; the move
/// itself is the last, added by the caller. Only that last one says that
/// no move wins: that is the answer.
pub(crate) fn hints(g: &Grouping) -> Vec<String> {
    const PAIR: &str = "Make the groups and pair them. Is any group left without a partner?";
    const COUNT: &str =
        "How many rows have more than one stick? With one or none, it is the endgame.";
    match &g.plan {
        Plan::Unpaired(m) => vec![
            PAIR.to_string(),
            format!(
                "The biggest group without a partner is a group of {}.",
                m.largest
            ),
            format!(
                "Take from row {}, which has a group of {}.",
                m.pile + 1,
                m.largest
            ),
        ],
        // Only the last stage says that no move wins: that is the answer.
        Plan::AllPaired { .. } => vec![
            PAIR.to_string(),
            "Every group has a partner. Try a move in your head: which group loses its partner?"
                .to_string(),
            "A move changes the groups of one row only. After a move, would every group size still come an even number of times?"
                .to_string(),
        ],
        Plan::OneBigRow { ordinary, .. } => vec![
            COUNT.to_string(),
            format!(
                "Only row {} has more than one stick, so leave your opponent an odd number of rows with one stick.",
                ordinary.pile + 1
            ),
            format!("Take from row {}.", ordinary.pile + 1),
        ],
        Plan::Singles { ones, .. } => vec![
            COUNT.to_string(),
            format!(
                "No row has more than one stick, and there {} {}.",
                if *ones == 1 { "is" } else { "are" },
                rows_with_one(*ones)
            ),
            match ones {
                1 => "Only one stick is left, and whoever takes it loses.".to_string(),
                n if n % 2 == 0 => {
                    "Take any single stick, and an odd number is left for your opponent."
                        .to_string()
                }
                _ => "Every turn takes one stick. Count the turns that are left: who takes the last stick?"
                    .to_string(),
            },
        ],
        Plan::GameOver => Vec::new(),
    }
}

/// The rows in binary beside their groups: each column is one group size.
pub(crate) fn binary_step(piles: &[u64]) -> Step {
    let total = nim_sum(piles);
    let mut view = BinaryView::columns(piles);
    let mut rows: Vec<BinaryRow> =
        view.row_lines(piles, MOST_LISTED, |p| format!("groups {}", sum(&split(p))));
    rows.push(view.line(
        "nim-sum".to_string(),
        total,
        match total {
            0 => "all paired".to_string(),
            n => format!("unpaired {}", sum(&split(n))),
        },
    ));
    view.rows = rows;
    Step::aside(
        "The same in binary (the XOR view)",
        vec![
            Block::sentence(
                "Each column is one group size: a 1 means the row has a group of that size.",
            ),
            Block::Binary(view),
            Block::note(
                "The nim-sum has a 1 in every column with an odd number of 1s: those are the group sizes without a partner.",
            ),
        ],
    )
}

/// Why the computer's move leaves the pupil lost.
pub(crate) fn computer_reason(after: &Grouping) -> String {
    match after.plan {
        Plan::Singles { ones: 1, .. } => {
            "now only one stick is left, so it will be yours.".to_string()
        }
        Plan::Singles { ones, .. } => format!(
            "now {}: an odd number, so the last stick will be yours.",
            only_ones(ones)
        ),
        // Short sentences, one thought each, for a ten-year-old to read.
        _ => format!(
            "now every group has a partner ({}). Whatever you take, I can pair them up again.{}",
            pairs(after),
            match after.rule {
                Rule::Normal => "",
                Rule::Misere =>
                    " When only one row (or none) has more than one stick, I switch to the endgame rule.",
            }
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grouped(rows: &[u64], rule: Rule) -> Grouping {
        Grouping::new(&Position::new(rows.to_vec()), rule)
    }

    #[test]
    fn the_tidy_up_rule_says_once_why_an_even_count_keeps_one_group_but_not_two() {
        let g = grouped(&[2, 100], Rule::Misere);
        let Plan::Unpaired(m) = &g.plan else {
            panic!("2 100 has a group without a partner")
        };
        let lines: Vec<String> = group_move(m).iter().flat_map(Block::lines).collect();
        let said = |part: &str| lines.iter().filter(|l| l.contains(part)).count();
        assert_eq!(said("would join into a bigger group"), 1, "{lines:#?}");
        assert_eq!(said("(even), so remove both"), 2, "{lines:#?}");
        assert_eq!(said("(even), so keep it"), 1, "{lines:#?}");
    }

    #[test]
    fn a_mistake_names_every_size_without_a_partner() {
        let cases: [(&[u64], &str); 5] = [
            (
                &[3, 5, 5],
                "after your move groups of 2 and 1 have no partner, so your opponent can pair everything up.",
            ),
            (
                &[2, 2, 6],
                "after your move groups of 4 and 2 have no partner, so your opponent can pair everything up.",
            ),
            // The endgame really applies: the groups first, then how the
            // opponent wins.
            (
                &[0, 3],
                "after your move groups of 2 and 1 have no partner, so your opponent can win. It is the endgame: only row 2 has more than one stick, and your opponent can leave you an odd number of rows with one stick.",
            ),
            (
                &[3, 6],
                "the rows now have 3 and 6 sticks, so your opponent can make them equal and then copy you.",
            ),
            (
                &[1, 1],
                "only rows with one stick are left, and there are 2 of them: an even number, so your opponent can make you take the last stick.",
            ),
        ];
        for (rows, expected) in cases {
            assert_eq!(
                leaves_won(&grouped(rows, Rule::Misere), false),
                expected,
                "{rows:?}"
            );
        }
        // Only a move from a position where every group had a partner
        // leaves the opponent to pair them up *again*.
        assert!(leaves_won(&grouped(&[3, 5, 5], Rule::Misere), true).ends_with("up again."));
    }

    #[test]
    fn the_tally_counts_in_words_and_pairs_in_numbers() {
        let texts = |rows: &[u64]| -> Vec<String> {
            tally_lines(&grouped(rows, Rule::Misere).tally)
                .into_iter()
                .map(|line| line.text)
                .collect()
        };
        assert_eq!(
            texts(&[3, 5, 7]),
            [
                "two groups of 4: 1 pair",
                "two groups of 2: 1 pair",
                "three groups of 1: 1 pair, 1 without a partner",
            ]
        );
        assert_eq!(texts(&[4]), ["one group of 4: no partner"]);
        assert_eq!(
            texts(&[63, 63]),
            ["two groups of each size from 32 down to 1 (6 sizes): 1 pair of each"]
        );
        assert_eq!(
            texts(&[63]),
            ["one group of each size from 32 down to 1 (6 sizes): no partner for any"]
        );
    }

    #[test]
    fn pairing_is_advised_with_the_endgame_switch_when_the_last_stick_loses() {
        let warns = |rows: &[u64], rule| leaves_lost(&grouped(rows, rule)).contains("endgame");
        // Keeping pairs is not enough in misere: the advice always names
        // the switch.
        assert!(warns(&[2, 5, 7], Rule::Misere));
        assert!(warns(&[2, 4, 6], Rule::Misere));
        assert!(warns(&[1, 4, 5], Rule::Misere));
        assert!(!warns(&[2, 5, 7], Rule::Normal));
        assert!(warns(&[4, 4], Rule::Misere));
        // When the last stick wins there is no endgame.
        assert!(!warns(&[4, 4], Rule::Normal));
        assert_eq!(
            leaves_lost(&grouped(&[4, 4], Rule::Normal)),
            "both rows now have 4 sticks, so you can copy every move your opponent makes."
        );
    }

    #[test]
    fn pairs_are_drawn_size_by_size_with_the_group_left_alone_marked() {
        // (size, pairs, row alone, words) for each line.
        type Line = (u64, Vec<[usize; 2]>, Option<usize>, String);
        let lines = |rows: &[u64]| -> Vec<Line> {
            pair_lines(&grouped(rows, Rule::Misere))
                .into_iter()
                .map(|l| {
                    assert_eq!(l.label, format!("groups of {}", l.size));
                    (l.size, l.pairs, l.alone, l.text)
                })
                .collect()
        };
        assert_eq!(
            lines(&[3, 4, 5]),
            [
                (4, vec![[2, 3]], None, "rows 2 and 3".to_string()),
                (2, vec![], Some(1), "row 1: no partner".to_string()),
                (1, vec![[1, 3]], None, "rows 1 and 3".to_string()),
            ]
        );
        // The group alone is the one the move breaks up (in row 1, not the
        // last row), and smaller sizes leave their last group alone.
        assert_eq!(
            lines(&[4, 4, 4, 1]),
            [
                (
                    4,
                    vec![[2, 3]],
                    Some(1),
                    "rows 2 and 3; row 1: no partner".to_string()
                ),
                (1, vec![], Some(4), "row 4: no partner".to_string()),
            ]
        );
        // Many pairs: the first few are drawn and the rest counted.
        let many = lines(&[1; 11]);
        assert_eq!(many[0].1, [[1, 2], [3, 4], [5, 6]]);
        assert_eq!(
            many[0].3,
            "rows 1 and 2, rows 3 and 4, rows 5 and 6, and 2 more pairs; row 11: no partner"
        );
        // Huge rows: only the largest sizes are drawn, and the rest counted.
        let huge = grouped(&[u64::MAX, u64::MAX - 2], Rule::Misere);
        let drawn = pair_lines(&huge);
        assert_eq!(drawn.len(), PAIR_SIZES_DRAWN);
        assert_eq!(drawn[0].pairs, [[1, 2]]);
        assert_eq!(
            pairs_step(&huge, 2).lines().last().unwrap(),
            "The pairs of the other 56 group sizes are not drawn."
        );
    }
}
