//! The sentences for games where a move may take only some numbers of
//! sticks: one row and its pattern of lost counts, several rows and their
//! Grundy values, and positions that could only be searched.

use super::words::{and_list, count, transition};
use crate::rules::outcome::Outcome;
use crate::solve::grouping::Grouping;
use crate::solve::one_row::RowPattern;
use crate::teach::analysis::{Analysis, Method};

/// The lost counts as a rule: "4m+1", "7m or 7m+1", "6m+2 (from 5 on)".
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
        [init @ .., last] if !init.is_empty() => format!("{} or {last}", init.join(", ")),
        [only] => only.clone(),
        _ => unreachable!(),
    };
    match (pattern.start(), terms.is_empty()) {
        (0, _) | (_, true) => rule,
        (start, false) => format!("{rule}, from {start} on"),
    }
}

/// The lost counts in words, first few listed: "1, 5, 9, 13, …".
pub fn losing_counts(pattern: &RowPattern) -> String {
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

/// The pattern as a sentence a pupil can use.
pub fn pattern_rule(pattern: &RowPattern) -> Vec<String> {
    let mut lines = vec![format!(
        "The strip repeats every {}.",
        count(pattern.period(), "stick")
    )];
    if pattern.losing_remainders().is_empty() {
        lines.push(match pattern.early_losing_counts().as_slice() {
            [] => "No count is lost: the player to move always wins.".to_string(),
            early => format!(
                "Only {} lost; every bigger count is won.",
                match early {
                    [one] => format!("{one} is"),
                    many => format!("{} are", and_list(many)),
                }
            ),
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
            match early.as_slice() {
                [one] => format!("{one} is"),
                many => format!("{} are", and_list(many)),
            }
        ));
    }
    lines.push(format!(
        "So the rule is: leave your opponent {}.",
        formula(pattern)
    ));
    lines
}

/// Whether the row's count is lost, in words.
pub fn one_row_verdict(a: &Analysis, n: u64, pattern: &RowPattern) -> String {
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

/// How to move from one row.
pub fn one_row_plan(a: &Analysis, pattern: &RowPattern) -> Vec<String> {
    let Some(mv) = a.recommended else {
        return Vec::new();
    };
    let step = transition(&a.position, mv);
    match a.outcome {
        Outcome::Win => vec![format!(
            "Leave your opponent {}: {mv} ({step}).",
            formula(pattern)
        )],
        Outcome::Lose => vec![
            format!(
                "Whatever you take, your opponent can leave you {} again.",
                formula(pattern)
            ),
            format!("Best try: {mv} ({step}), and hope your opponent slips."),
        ],
    }
}

/// What each row is worth in normal play, row by row.
pub fn grundy_rows(a: &Analysis, pairing: &Grouping) -> Vec<String> {
    a.position
        .piles()
        .iter()
        .zip(&pairing.rows)
        .enumerate()
        .map(|(i, (n, value))| {
            let groups = match value.groups.len() {
                0 | 1 => String::new(),
                _ => format!(" = {}", super::words::sum(&value.groups)),
            };
            format!(
                "row {}: {} acts like a Nim row of {}{groups}",
                i + 1,
                count(*n, "stick"),
                value.sticks
            )
        })
        .collect()
}

/// How to move with several rows in normal play.
pub fn grundy_plan(a: &Analysis, pairing: &Grouping) -> Vec<String> {
    let Some(mv) = a.recommended else {
        return Vec::new();
    };
    let step = transition(&a.position, mv);
    match (a.outcome, pairing.recommended()) {
        (Outcome::Win, Some(nim)) => {
            let from = pairing.rows[nim.pile].sticks;
            let n = a.position.piles()[mv.pile];
            vec![
                format!(
                    "In the Nim rows, the move is to make row {} act like {} instead of {from}.",
                    mv.row(),
                    from - nim.take
                ),
                format!(
                    "With the real sticks: {mv} ({step}); a row of {} acts like {}.",
                    n - mv.take,
                    from - nim.take
                ),
            ]
        }
        _ => vec![
            "Every group of the Nim rows has a partner, so no move wins.".to_string(),
            format!("Best try: {mv} ({step}), and hope your opponent slips."),
        ],
    }
}

/// The explanation when the only way was to search.
pub fn searched(a: &Analysis) -> Vec<String> {
    let mut lines = vec![
        "With several rows, misère play and limited takes there is no simple pairing rule, so every possible game from here was searched.".to_string(),
    ];
    if let Some(s) = a.searched {
        lines.push(format!(
            "The player to move {}; with best play {} left (this one included).",
            match s.outcome {
                Outcome::Win => "wins",
                Outcome::Lose => "loses",
            },
            match s.moves_left {
                1 => "1 move is".to_string(),
                n => format!("{n} moves are"),
            }
        ));
    }
    if let Some(mv) = a.recommended {
        let label = match a.outcome {
            Outcome::Win => "Move",
            Outcome::Lose => "Best try",
        };
        lines.push(format!("{label}: {mv} ({}).", transition(&a.position, mv)));
    }
    lines
}

/// Why a position was lost, for "lost anyway".
pub fn why_lost(a: &Analysis) -> String {
    match &a.method {
        Method::OneRow { pattern, pile } => format!(
            "{} is one of the counts to avoid ({})",
            a.position.piles()[*pile],
            formula(pattern)
        ),
        Method::Grundy { .. } => {
            "the rows act like Nim rows in which every group already had a partner".to_string()
        }
        _ => "the search shows every move leaves your opponent a way to win".to_string(),
    }
}

/// Why the position left to the opponent is lost for them.
pub fn leaves_lost(after: &Analysis) -> String {
    match &after.method {
        _ if after.is_over() => "you made the last move, and that wins in normal play.".to_string(),
        Method::OneRow { pattern, pile } => format!(
            "you leave {}, one of the counts to avoid ({}), so your opponent cannot win.",
            count(after.position.piles()[*pile], "stick"),
            formula(pattern)
        ),
        Method::Grundy { pairing, .. } => format!(
            "the rows now act like Nim rows of {}, where every group has a partner, so your opponent cannot win.",
            pairing_values(pairing)
        ),
        _ => "a search through every possible game shows your opponent cannot win from here."
            .to_string(),
    }
}

/// Why the position left to the opponent is won for them.
pub fn leaves_won(after: &Analysis) -> String {
    match &after.method {
        _ if after.is_over() => {
            "you made the last move, and in misère play that loses.".to_string()
        }
        Method::OneRow { pattern, pile } => format!(
            "you leave {}, which is not one of the counts to avoid ({}), so your opponent can win.",
            count(after.position.piles()[*pile], "stick"),
            formula(pattern)
        ),
        Method::Grundy { pairing, .. } => format!(
            "the rows now act like Nim rows of {}, where a group of {} has no partner, so your opponent can win.",
            pairing_values(pairing),
            pairing.unpaired.first().copied().unwrap_or(0)
        ),
        _ => "a search through every possible game shows your opponent can win from here."
            .to_string(),
    }
}

/// The rows' Grundy values: "2, 0 and 3".
fn pairing_values(pairing: &Grouping) -> String {
    let values: Vec<u64> = pairing.rows.iter().map(|r| r.sticks).collect();
    and_list(&values)
}
