//! The grouping method told as steps: the groups of every row, the pairs,
//! whether any group is left without a partner, and the move; and the
//! reasons a move was good or bad, in the same words.

use crate::rules::game::Game;
use crate::rules::outcome::Outcome;
use crate::rules::position::Position;
use crate::rules::rule::Rule;
use crate::solve::grouping::{
    GroupMove, Grouping, JOINS_TOLD_UP_TO, JoinRound, Plan, SizeCount, joins as join_rounds,
};
use crate::teach::document::{Block, DrawnRow, Frame, Step, TallyLine};
use crate::teach::words::{
    LONGEST_SUM, MOST_LISTED, SHORTEST_MERGED_RUN, and_list, count, runs, short_sum, sizes_of,
    times,
};

/// Rows up to this many get a line saying how their groups were joined.
const JOINS_SHOWN_FOR_ROWS: usize = 8;

/// What stands in for a row too big to draw.
const TOO_MANY: &str = "(too many to draw)";

/// Every step of the method for a position, or the one step that says the
/// game is over.
pub fn steps(g: &Grouping, position: &Position, game: &Game) -> Vec<Step> {
    if position.is_over() {
        return vec![Step::framed(
            Frame::BARE,
            "The game is over",
            sentences(verdict(g)),
        )];
    }
    vec![
        groups_step(g),
        pairs_step(g, 2),
        verdict_step(g, 3),
        Step::numbered(4, "The move", plan(g, position, game)),
    ]
}

/// Sentences as blocks.
pub fn sentences(lines: Vec<String>) -> Vec<Block> {
    lines.into_iter().map(Block::sentence).collect()
}

/// Step 1: every row drawn with its groups, and how they were joined.
fn groups_step(g: &Grouping) -> Step {
    let show_joins = g.rows.len() <= JOINS_SHOWN_FOR_ROWS;
    let rows = g
        .rows
        .iter()
        .take(MOST_LISTED)
        .enumerate()
        .map(|(i, row)| {
            let groups = row.groups.to_vec();
            DrawnRow {
                label: format!("row {}", i + 1),
                sticks: row.sticks,
                text: format!("{} = {}", row.sticks, short_sum(&groups)),
                groups,
                stand_in: TOO_MANY.to_string(),
                detail: (show_joins && (2..=JOINS_TOLD_UP_TO).contains(&row.sticks))
                    .then(|| joins(&join_rounds(row.sticks))),
            }
        })
        .collect();
    let mut blocks = vec![
        Block::sentence(
            "Join two groups of the same size until every group in the row has a different size.",
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

/// How a row's groups were made: "1+1 makes 2 three times, one 1 left over".
pub fn joins(rounds: &[JoinRound]) -> String {
    rounds
        .iter()
        .map(|r| {
            let left = match r.left_over {
                true => format!(", one {} left over", r.size),
                false => String::new(),
            };
            format!(
                "{s}+{s} makes {d} {t}{left}",
                s = r.size,
                d = r.size * 2,
                t = times(r.joined)
            )
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// The tally of sizes and the pairs struck off, as step `number`.
pub fn pairs_step(g: &Grouping, number: u32) -> Step {
    let blocks = match g.tally.is_empty() {
        true => vec![Block::sentence("No groups at all.")],
        false => vec![Block::Tally {
            lines: tally_lines(&g.tally),
        }],
    };
    Step::numbered(
        number,
        "Pair off groups of the same size across all rows",
        blocks,
    )
}

/// The tally, one line per size or per run of sizes with the same count.
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
                    "{}, each: {}",
                    sizes_of(run, |t| t.size),
                    tally_counts(run[0])
                ),
            }],
            false => run
                .iter()
                .map(|&t| TallyLine {
                    sizes: vec![t.size],
                    count: t.count,
                    sets: t.pairs(),
                    left: t.count % 2,
                    text: format!("groups of {}: {}", t.size, tally_counts(t)),
                })
                .collect(),
        })
        .collect()
}

/// "2 → 1 pair", "3 → 1 pair, 1 without a partner", "1 → no partner".
fn tally_counts(t: SizeCount) -> String {
    let pairs = match t.pairs() {
        0 => String::new(),
        p => count(p, "pair"),
    };
    let alone = match (t.unpaired(), pairs.is_empty()) {
        (false, _) => String::new(),
        (true, true) => "no partner".to_string(),
        (true, false) => ", 1 without a partner".to_string(),
    };
    format!("{} → {pairs}{alone}", t.count)
}

/// Whether any group is left without a partner, as step `number`.
pub fn verdict_step(g: &Grouping, number: u32) -> Step {
    Step::numbered(
        number,
        "Is any group left without a partner?",
        sentences(verdict(g)),
    )
}

/// Does any group lack a partner, and what that means.
fn verdict(g: &Grouping) -> Vec<String> {
    let who = match g.outcome() {
        Outcome::Win => "The player to move can win.",
        Outcome::Lose => "The player to move will lose if the opponent plays well.",
    };
    let first = match (&g.plan, g.unpaired.first()) {
        (Plan::GameOver, _) => return vec![game_over(g.rule)],
        (Plan::Singles { .. }, _) => {
            "Every row has at most one stick, so the endgame rule decides, not the pairs."
                .to_string()
        }
        (_, None) => "Every group has a partner.".to_string(),
        (_, Some(&size)) => match g.unpaired.len() {
            1 => format!("A group of {size} has no partner."),
            n if n > LONGEST_SUM => {
                format!("{n} group sizes have no partner; the biggest is {size}.")
            }
            _ => format!("Groups of {} have no partner.", and_list(&g.unpaired)),
        },
    };
    vec![first, who.to_string()]
}

/// Why nobody moves any more.
fn game_over(rule: Rule) -> String {
    match rule {
        Rule::Misere => "No sticks are left: the game is over, and the player to move has won, because the opponent took the last stick.".to_string(),
        Rule::Normal => "No sticks are left: the game is over, and the player to move has lost, because the opponent took the last stick.".to_string(),
    }
}

/// Step 4: how to find the move, sentence by sentence, then the move.
fn plan(g: &Grouping, position: &Position, game: &Game) -> Vec<Block> {
    let lines = match &g.plan {
        Plan::GameOver => return Vec::new(),
        Plan::Unpaired(m) => group_move(m),
        Plan::AllPaired { .. } => vec![
            "Whatever you take breaks up a pair, and your opponent can pair everything up again."
                .to_string(),
            "So no move wins. Keep the game going and hope your opponent slips.".to_string(),
        ],
        Plan::Singles { ones, .. } => singles(*ones),
        Plan::OneBigRow {
            ordinary,
            ones_elsewhere,
            leave,
        } => {
            let row = ordinary.pile + 1;
            let mut lines = group_move(ordinary);
            let singles = ones_elsewhere + ordinary.after;
            lines.push(format!(
                "But only row {row} has more than one stick. Leaving {} there would leave {} in rows of one stick: an even number, and then your opponent can make you take the last stick.",
                ordinary.after,
                count(singles, "stick"),
            ));
            lines.push(format!(
                "So leave {leave} in row {row} instead: that makes {} in rows of one stick, an odd number, and your opponent will have to take the last one.",
                count(ones_elsewhere + leave, "stick"),
            ));
            lines
        }
    };
    let mut blocks = sentences(lines);
    if let Some(mv) = g.recommended() {
        let label = match g.outcome() {
            Outcome::Win => "Move",
            Outcome::Lose => "Best try",
        };
        blocks.push(Block::labelled_move(
            position,
            game,
            mv,
            g.outcome() == Outcome::Win,
            label,
        ));
    }
    blocks
}

/// The misère endgame with only single sticks.
fn singles(ones: u64) -> Vec<String> {
    let rule =
        "With only single sticks left, every move takes one, and whoever takes the last one loses.";
    match ones % 2 {
        0 => vec![
            rule.to_string(),
            format!(
                "There are {ones}, an even number: take one and leave your opponent an odd number."
            ),
        ],
        _ => vec![
            rule.to_string(),
            format!(
                "There {}, an odd number: whatever you do, your opponent gets an even number back.",
                match ones {
                    1 => "is 1".to_string(),
                    n => format!("are {n}"),
                }
            ),
        ],
    }
}

/// Breaking the largest unpaired group, regrouping, and the table of 0, 1
/// or 2 for every smaller size.
fn group_move(m: &GroupMove) -> Vec<String> {
    let row = m.pile + 1;
    let g = m.largest;
    let mut lines = vec![format!(
        "The biggest group without a partner is a group of {g}; row {row} has one."
    )];
    if g == 1 {
        lines.push(format!("Take that single stick from row {row}."));
    } else {
        lines.push(format!(
            "Take 1 stick from that group of {g}; the other {} regroup as {}.",
            g - 1,
            short_sum(&m.regrouped)
        ));
    }
    for run in runs(&m.decisions, |d| (d.in_row, d.total % 2, d.remove)) {
        let d = run[0];
        let parity = match d.total % 2 {
            0 => "even",
            _ => "odd",
        };
        let action = match d.remove {
            0 => "keep it".to_string(),
            r => format!("remove {}", count(u64::from(r), "group")),
        };
        if run.len() >= SHORTEST_MERGED_RUN {
            let mut sizes = sizes_of(run, |d| d.size);
            sizes[..1].make_ascii_uppercase();
            lines.push(format!(
                "{sizes}: row {row} now has {} of each, all rows together have an {parity} number of each, so {action} of each size.",
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
        "Row {row} goes from {} to {} sticks, and every group has a partner again.",
        m.before, m.after
    ));
    lines
}

/// "1 pair of 4s, 1 pair of 2s".
pub fn pairs(g: &Grouping) -> String {
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
pub fn why_lost(before: &Grouping) -> &'static str {
    match before.plan {
        Plan::Singles { .. } => "an odd number of single sticks was left",
        _ => "every group already had a partner",
    }
}

/// Why the position left to the opponent is lost for them.
pub fn leaves_lost(after: &Grouping) -> String {
    match &after.plan {
        Plan::GameOver => "you took the last stick, and that wins in normal play.".to_string(),
        Plan::Singles { ones, .. } => format!(
            "you leave {}, an odd number, so your opponent will have to take the last one.",
            count(*ones, "single stick")
        ),
        _ => format!(
            "every group now has a partner ({}), so your opponent cannot win if you keep pairing.",
            pairs(after)
        ),
    }
}

/// Why the position left to the opponent is won for them.
pub fn leaves_won(after: &Grouping) -> String {
    match (&after.plan, after.unpaired.first()) {
        (Plan::GameOver, _) => {
            "you took the last stick, and in misère play that loses.".to_string()
        }
        (Plan::Singles { ones, .. }, _) => format!(
            "you leave {}, an even number, so your opponent can make you take the last one.",
            count(*ones, "single stick")
        ),
        (Plan::OneBigRow { ordinary, .. }, _) => format!(
            "you leave only row {} with more than one stick, so your opponent can leave you an odd number of single sticks.",
            ordinary.pile + 1
        ),
        (_, Some(size)) => format!(
            "after your move a group of {size} has no partner, so your opponent can pair everything up."
        ),
        (_, None) => "your opponent can win from here.".to_string(),
    }
}

/// Why the computer's move leaves the pupil lost.
pub fn computer_reason(after: &Grouping) -> String {
    match after.plan {
        Plan::Singles { ones, .. } => format!(
            "that leaves you {}, an odd number, so the last one will be yours.",
            count(ones, "single stick")
        ),
        _ => format!(
            "now every group has a partner ({}), and whatever you take, I can pair them up again.",
            pairs(after)
        ),
    }
}
