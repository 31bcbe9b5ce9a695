//! A single row under a take set, told as steps: the strip of won and lost
//! counts, the pattern it repeats, this row, and the move; and the reasons
//! a move was good or bad, in the same words.

use crate::rules::outcome::Outcome;
use crate::solve::one_row::RowPattern;
use crate::teach::analysis::Analysis;
use crate::teach::document::{Block, Step, Strip, StripCell};
use crate::teach::words::{and_list, count, transition};

/// Every step for a single row.
pub fn steps(a: &Analysis, pile: usize, pattern: &RowPattern) -> Vec<Step> {
    let n = a.position.piles()[pile];
    let mut steps = vec![
        Step::numbered(
            1,
            "Work upward from an empty row",
            vec![
                Block::sentence(
                    "A count is lost (L) when every move leads to a won count (W), and won when some move leads to a lost one.",
                ),
                Block::Strip(strip(pattern)),
            ],
        ),
        Step::numbered(
            2,
            "The pattern",
            pattern_rule(pattern)
                .into_iter()
                .map(Block::sentence)
                .collect(),
        ),
        Step::numbered(3, "This row", vec![Block::sentence(verdict(a, n, pattern))]),
    ];
    if let Some(mv) = a.recommended {
        let to = a.after(mv);
        let step = format!("{mv} ({})", transition(&a.position, &to));
        let mut blocks = Vec::new();
        let text = match a.outcome {
            Outcome::Win => format!("Leave your opponent {}: {step}.", formula(pattern)),
            Outcome::Lose => {
                blocks.push(Block::sentence(format!(
                    "Whatever you take, your opponent can leave you {} again.",
                    formula(pattern)
                )));
                format!("Best try: {step}, and hope your opponent slips.")
            }
        };
        blocks.push(Block::move_with_text(
            &a.position,
            mv,
            &to,
            a.outcome == Outcome::Win,
            text,
        ));
        steps.push(Step::numbered(4, "The move", blocks));
    }
    steps
}

/// Row sizes to show in a strip: two rounds of the pattern, at least 13.
pub fn strip_length(start: u64, period: u64) -> u64 {
    (start + 2 * period).clamp(13, 31)
}

/// Won and lost counts from 0 upward.
fn strip(pattern: &RowPattern) -> Strip {
    let cells = (0..strip_length(pattern.start(), pattern.period()))
        .map(|n| {
            let lost = pattern.outcome(n) == Outcome::Lose;
            StripCell {
                sticks: n,
                value: if lost { "L" } else { "W" }.to_string(),
                lost,
            }
        })
        .collect();
    Strip {
        top: "sticks".to_string(),
        label: "outcome".to_string(),
        cells,
    }
}

/// The lost counts as a rule: "4m+1", "7m or 7m+1", "6m+2, from 5 on".
pub fn formula(pattern: &RowPattern) -> String {
    let period = pattern.period();
    let terms: Vec<String> = pattern
        .losing_remainders()
        .iter()
        .map(|&r| match r {
            0 => format!("{period}m"),
            r => format!("{period}m+{r}"),
        })
        .collect();
    let rule = match terms.as_slice() {
        [] => "none".to_string(),
        [only] => only.clone(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    };
    match (pattern.start(), terms.is_empty()) {
        (0, _) | (_, true) => rule,
        (start, false) => format!("{rule}, from {start} on"),
    }
}

/// The lost counts in words, first few listed: "1, 5, 9, 13, …".
fn losing_counts(pattern: &RowPattern) -> String {
    let first = pattern.first_losing_counts(5);
    match first.len() {
        0 => "none".to_string(),
        _ => {
            first
                .iter()
                .map(u64::to_string)
                .collect::<Vec<_>>()
                .join(", ")
                + ", …"
        }
    }
}

/// "1 is" or "1, 2 and 5 are".
fn are(counts: &[u64]) -> String {
    match counts {
        [one] => format!("{one} is"),
        many => format!("{} are", and_list(many)),
    }
}

/// The pattern as a sentence a pupil can use.
fn pattern_rule(pattern: &RowPattern) -> Vec<String> {
    let mut lines = vec![format!(
        "The strip repeats every {}.",
        count(pattern.period(), "stick")
    )];
    if pattern.losing_remainders().is_empty() {
        lines.push(match pattern.early_losing_counts().as_slice() {
            [] => "No count is lost: the player to move always wins.".to_string(),
            early => format!("Only {} lost; every bigger count is won.", are(early)),
        });
        return lines;
    }
    lines.push(format!(
        "The counts you never want to face are {}: that is {}.",
        losing_counts(pattern),
        formula(pattern)
    ));
    let early = pattern.early_losing_counts();
    if !early.is_empty() && pattern.start() > 0 {
        lines.push(format!(
            "Before the pattern starts, {} also lost.",
            are(&early)
        ));
    }
    lines.push(format!(
        "So the rule is: leave your opponent {}.",
        formula(pattern)
    ));
    lines
}

/// Whether the row's count is lost, in words.
fn verdict(a: &Analysis, n: u64, pattern: &RowPattern) -> String {
    match (a.outcome, a.is_over()) {
        (outcome, true) => format!(
            "No move is possible with {}, so the game is over: the player to move has {}.",
            count(n, "stick"),
            match outcome {
                Outcome::Win => "won",
                Outcome::Lose => "lost",
            }
        ),
        (Outcome::Lose, false) => format!(
            "{n} is one of the counts to avoid ({}): the player to move will lose if the opponent plays well.",
            formula(pattern)
        ),
        (Outcome::Win, false) => format!(
            "{n} is not one of the counts to avoid ({}): the player to move can win.",
            formula(pattern)
        ),
    }
}

/// Why no move could win from `n` sticks.
pub fn why_lost(n: u64, pattern: &RowPattern) -> String {
    format!("{n} is one of the counts to avoid ({})", formula(pattern))
}

/// Why leaving `n` sticks is lost for the opponent.
pub fn leaves_lost(n: u64, pattern: &RowPattern) -> String {
    format!(
        "you leave {}, one of the counts to avoid ({}), so your opponent cannot win.",
        count(n, "stick"),
        formula(pattern)
    )
}

/// Why leaving `n` sticks is won for the opponent.
pub fn leaves_won(n: u64, pattern: &RowPattern) -> String {
    format!(
        "you leave {}, which is not one of the counts to avoid ({}), so your opponent can win.",
        count(n, "stick"),
        formula(pattern)
    )
}

/// Why the computer's move leaves the pupil lost.
pub fn computer_reason(n: u64, pattern: &RowPattern) -> String {
    format!(
        "that leaves you {}, and {} is a count you cannot win from.",
        count(n, "stick"),
        formula(pattern)
    )
}
