//! The sentences of an explanation, shared by every output format.
//!
//! They speak a pupil's language: rows, sticks, groups and partners. Binary
//! never appears here; the XOR view is drawn separately, and only on request.
//! Renderers decide layout and colour; these functions decide wording.

use super::take_words;
use crate::rules::moves::Move;
use crate::rules::outcome::Outcome;
use crate::rules::position::Position;
use crate::rules::rule::Rule;
use crate::solve::grouping::{GroupMove, Grouping, JoinRound, Plan, SizeCount};
use crate::teach::analysis::{Analysis, Method};
use crate::teach::verdict::{Judgement, Verdict};

/// "once", "twice", "three times", "11 times".
pub fn times(n: u64) -> String {
    const WORDS: [&str; 8] = [
        "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    ];
    match n {
        1 => "once".to_string(),
        2 => "twice".to_string(),
        3..=10 => format!("{} times", WORDS[n as usize - 3]),
        n => format!("{n} times"),
    }
}

/// "1 group", "2 groups".
pub fn count(n: u64, thing: &str) -> String {
    match n {
        1 => format!("1 {thing}"),
        n => format!("{n} {thing}s"),
    }
}

/// Sums with more groups than this are shortened.
const LONGEST_SUM: usize = 8;

/// Group sizes as a sum, shortened when long: "512 + 256 + … + 1 (9 groups)".
pub fn short_sum(groups: &[u64]) -> String {
    match groups {
        [first, second, .., last] if groups.len() > LONGEST_SUM => {
            format!("{first} + {second} + … + {last} ({} groups)", groups.len())
        }
        _ => sum(groups),
    }
}

/// Group sizes as a sum, "4 + 2 + 1", or "0" for an empty row.
pub fn sum(groups: &[u64]) -> String {
    match groups {
        [] => "0".to_string(),
        _ => groups
            .iter()
            .map(u64::to_string)
            .collect::<Vec<_>>()
            .join(" + "),
    }
}

/// How a row's groups were made: "1+1 makes 2 three times (one 1 left over)".
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

/// Items split into runs of neighbours with the same key. Long runs are
/// told as one line, so a huge row does not print sixty near-identical ones.
pub fn runs<T, K: PartialEq>(items: &[T], key: impl Fn(&T) -> K) -> Vec<&[T]> {
    let mut runs = Vec::new();
    let mut start = 0;
    for i in 1..=items.len() {
        if i == items.len() || key(&items[i]) != key(&items[start]) {
            runs.push(&items[start..i]);
            start = i;
        }
    }
    runs
}

/// Runs at least this long are told in one line.
pub const SHORTEST_MERGED_RUN: usize = 6;

/// "groups of 4" or, for a long run, "groups of 64 down to 4 (5 sizes)".
pub fn sizes_of<T>(run: &[T], size: impl Fn(&T) -> u64) -> String {
    match run {
        [first, .., last] if run.len() >= SHORTEST_MERGED_RUN => format!(
            "groups of {} down to {} ({} sizes)",
            size(first),
            size(last),
            run.len()
        ),
        [first, ..] => format!("groups of {}", size(first)),
        [] => String::new(),
    }
}

/// The tally, one line per size or per run of sizes with the same count.
pub fn tally_lines(counts: &[SizeCount]) -> Vec<(String, bool)> {
    runs(counts, |t| t.count)
        .into_iter()
        .flat_map(|run| match run.len() >= SHORTEST_MERGED_RUN {
            true => vec![(
                format!(
                    "{}, each: {}",
                    sizes_of(run, |t| t.size),
                    tally_counts(run[0])
                ),
                run[0].unpaired(),
            )],
            false => run.iter().map(|&t| (tally(t), t.unpaired())).collect(),
        })
        .collect()
}

/// One line of the tally: "groups of 4: 2 → 1 pair".
pub fn tally(t: SizeCount) -> String {
    format!("groups of {}: {}", t.size, tally_counts(t))
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

/// Numbers as "4, 2 and 1".
pub fn and_list(numbers: &[u64]) -> String {
    match numbers {
        [] => String::new(),
        [only] => only.to_string(),
        [init @ .., last] => format!(
            "{} and {last}",
            init.iter()
                .map(u64::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

/// A list of moves: "take 1 from row 1, take 1 from row 2".
pub fn moves(moves: &[Move]) -> String {
    match moves {
        [] => "none".to_string(),
        _ => moves
            .iter()
            .map(Move::to_string)
            .collect::<Vec<_>>()
            .join(", "),
    }
}

/// "3 5 7 → 2 5 7". Only for moves known to be legal; takes are not
/// checked here.
pub fn transition(from: &Position, mv: Move) -> String {
    match from.play(mv) {
        Ok(to) => format!("{from} → {to}"),
        Err(_) => from.to_string(),
    }
}

/// Step 3: does any group lack a partner, and what does that mean.
pub fn verdict(g: &Grouping) -> Vec<String> {
    let who = match g.outcome() {
        Outcome::Win => "The player to move can win.",
        Outcome::Lose => "The player to move will lose if the opponent plays well.",
    };
    let first = match (&g.plan, g.unpaired.first()) {
        (Plan::GameOver, _) => return game_over(g.rule),
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
fn game_over(rule: Rule) -> Vec<String> {
    vec![match rule {
        Rule::Misere => "No sticks are left: the game is over, and the player to move has won, because the opponent took the last stick.".to_string(),
        Rule::Normal => "No sticks are left: the game is over, and the player to move has lost, because the opponent took the last stick.".to_string(),
    }]
}

/// Step 4: how to find the move, sentence by sentence.
pub fn plan(g: &Grouping, position: &Position) -> Vec<String> {
    let mut lines = match &g.plan {
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
    if let Some(mv) = g.recommended() {
        let label = match g.outcome() {
            Outcome::Win => "Move",
            Outcome::Lose => "Best try",
        };
        lines.push(format!("{label}: {mv} ({}).", transition(position, mv)));
    }
    lines
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

/// Steps 4 to 6 of the method: break the group, regroup, and apply the
/// table of 0, 1 or 2 to every smaller size.
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

/// The reason for a verdict, as a clause that follows "good: ",
/// "mistake: " or "lost anyway: ".
pub fn reason(j: &Judgement) -> String {
    match (j.verdict, &j.before.method, &j.after.method) {
        (Verdict::LostAnyway, Method::Grouping(before), _) => format!(
            "from {} no move could win, because {}. {}",
            j.position,
            match before.plan {
                Plan::Singles { .. } => "an odd number of single sticks was left",
                _ => "every group already had a partner",
            },
            ANY_MOVE
        ),
        (Verdict::LostAnyway, _, _) => format!(
            "from {} no move could win: {}. {}",
            j.position,
            take_words::why_lost(&j.before),
            ANY_MOVE
        ),
        (Verdict::Good, _, Method::Grouping(after)) => leaves_lost(after),
        (Verdict::Mistake, _, Method::Grouping(after)) => leaves_won(after),
        (Verdict::Good, _, _) => take_words::leaves_lost(&j.after),
        (Verdict::Mistake, _, _) => take_words::leaves_won(&j.after),
    }
}

/// Why the computer made its move, said to the pupil.
pub fn computer_reason(j: &Judgement) -> String {
    if j.verdict == Verdict::LostAnyway {
        return "no move wins for me here, so I keep the game going and hope you slip.".to_string();
    }
    match &j.after.method {
        _ if j.after.is_over() => "I made the last move.".to_string(),
        Method::Grouping(g) => match g.plan {
            Plan::Singles { ones, .. } => format!(
                "that leaves you {}, an odd number, so the last one will be yours.",
                count(ones, "single stick")
            ),
            _ => format!(
                "now every group has a partner ({}), and whatever you take, I can pair them up again.",
                pairs(g)
            ),
        },
        Method::OneRow { pattern, pile } => format!(
            "that leaves you {}, and {} is a count you cannot win from.",
            count(j.to.piles()[*pile], "stick"),
            take_words::formula(pattern)
        ),
        Method::Grundy { .. } => {
            "now the rows act like Nim rows whose groups all pair up, so you cannot win."
                .to_string()
        }
        Method::Searched => {
            "my search of every possible game says you cannot win from here.".to_string()
        }
    }
}

/// The comfort after a lost position.
const ANY_MOVE: &str = "Any legal move is fine; keep going and hope your opponent slips.";

/// Why the position left to the opponent is lost for them.
fn leaves_lost(after: &Grouping) -> String {
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
fn leaves_won(after: &Grouping) -> String {
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

/// The computed answer to a question: the winning moves, or that none wins.
pub fn answer(a: &Analysis) -> String {
    match (a.outcome, a.winning_moves.as_slice()) {
        (Outcome::Win, []) => "the game is over.".to_string(),
        (Outcome::Win, winning) => format!("the winning moves are: {}.", moves(winning)),
        (Outcome::Lose, _) => "no move wins here: whatever you take, your opponent can win. Any move will do; try to keep the game going.".to_string(),
    }
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

/// The lines after the reason: the reply and the missed moves for a
/// mistake, the pairs for a good move.
pub fn check_details(j: &Judgement) -> Vec<String> {
    match (j.verdict, j.reply()) {
        (Verdict::Mistake, Some(reply)) => vec![
            format!(
                "Your opponent's winning reply: {reply} ({}).",
                transition(&j.to, reply)
            ),
            format!("Winning moves you had: {}.", moves(j.winning_moves())),
        ],
        (Verdict::Mistake, None) => {
            vec![format!(
                "Winning moves you had: {}.",
                moves(j.winning_moves())
            )]
        }
        (Verdict::Good, _) | (Verdict::LostAnyway, _) => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_of_equal_neighbours() {
        let items = [1, 1, 2, 2, 2, 1];
        let split: Vec<&[i32]> = runs(&items, |&x| x);
        assert_eq!(split, vec![&[1, 1][..], &[2, 2, 2], &[1]]);
        assert!(runs(&[] as &[i32], |&x| x).is_empty());
    }

    #[test]
    fn long_sums_are_shortened() {
        assert_eq!(short_sum(&[4, 2, 1]), "4 + 2 + 1");
        let nine: Vec<u64> = (0..9).rev().map(|b| 1 << b).collect();
        assert_eq!(short_sum(&nine), "256 + 128 + … + 1 (9 groups)");
        assert_eq!(short_sum(&[]), "0");
    }

    #[test]
    fn small_words() {
        assert_eq!(times(3), "three times");
        assert_eq!(times(11), "11 times");
        assert_eq!(count(1, "pair"), "1 pair");
        assert_eq!(and_list(&[4, 2, 1]), "4, 2 and 1");
    }
}
