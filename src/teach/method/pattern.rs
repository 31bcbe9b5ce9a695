//! A single row under a take set, told as steps: the strip of won and lost
//! counts, the pattern it repeats, this row, and the move; and the reasons
//! a move was good or bad, and the hints, in the same words.

use super::ending;
use crate::rules::moves::Move;
use crate::rules::outcome::Outcome;
use crate::solve::one_row::RowPattern;
use crate::teach::analysis::Analysis;
use crate::teach::board;
use crate::teach::document::{Block, Reveal, Step, Strip, StripCell};
use crate::teach::words::{
    and_list, capitalised, count, full_stop, lost_move_label, move_at, transition,
};

/// Every step for a single row.
pub(crate) fn steps(a: &Analysis, pile: usize, pattern: &RowPattern) -> Vec<Step> {
    let n = a.position.piles()[pile];
    let mut steps = vec![
        Step::numbered(
            1,
            "Find the counts to avoid, from 0 sticks up",
            vec![
                Block::sentence("W means the player to move can win."),
                Block::sentence(
                    "L means the player to move will lose if the other player plays well: it is a count to avoid.",
                ),
                Block::sentence(no_move_left(a)),
                Block::sentence(
                    "Then count up: a count is L if every move from it gives the other player a W, and W if some move gives the other player an L.",
                ),
                Block::Strip(strip(pattern, n)),
            ],
        ),
        Step::numbered(
            2,
            "The pattern",
            pattern_rule(pattern, n)
                .into_iter()
                .map(Block::sentence)
                .collect(),
        ),
        Step::numbered(
            3,
            "This row",
            vec![
                board::for_game(&a.position, &a.game, Some(pattern)),
                Block::sentence(verdict(a, n)),
            ],
        )
        .revealing(Reveal::Outcome),
    ];
    if let Some(mv) = &a.best {
        let to = a.after(mv);
        let left = to.piles()[pile];
        let step = format!(
            "{} ({})",
            move_at(mv, &a.position),
            transition(&a.position, &to)
        );
        let mut blocks = Vec::new();
        let text = match (a.outcome, ending::no_slip(&a.position, &a.game)) {
            (Outcome::Win, _) => match ending::ends_and_wins(&a.position, &a.game, mv) {
                Some(why) => format!("{}: {why}.", capitalised(&step)),
                None => format!(
                    "Leave your opponent {}, a count to avoid: {step}.",
                    count(left, "stick")
                ),
            },
            (Outcome::Lose, Some(settled)) => format!(
                "{settled} {}: {step}.",
                lost_move_label(&a.position, &a.game)
            ),
            (Outcome::Lose, None) => {
                blocks.push(Block::sentence(
                    "Whatever you take, your opponent can leave you a count to avoid again.",
                ));
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
        steps.push(Step::numbered(4, "The move", blocks).revealing(Reveal::Move));
    }
    steps
}

/// Row sizes to show in a strip: two rounds of the pattern, at least 13.
pub(crate) fn strip_length(start: u64, period: u64) -> u64 {
    (start + 2 * period).clamp(13, LONGEST_STRIP)
}

/// The most row sizes a strip shows.
const LONGEST_STRIP: u64 = 31;

/// Why a count with no move left is won or lost: the other player made
/// the last move.
fn no_move_left(a: &Analysis) -> String {
    let (letter, you) = match a.game.rule.when_stuck() {
        Outcome::Win => ("W", "you win"),
        Outcome::Lose => ("L", "you lose"),
    };
    match a.game.takes.allows(1) {
        true => format!(
            "0 is {letter}: with no sticks left on your turn, the other player has taken the last stick, so {you}."
        ),
        false => format!(
            "A count with no move left is {letter}: the other player has made the last move, so {you}."
        ),
    }
}

/// Won and lost counts from 0 upward, far enough to reach a row of `n`
/// when it is not too long.
fn strip(pattern: &RowPattern, n: u64) -> Strip {
    let length = strip_length(pattern.start(), pattern.period()).max((n + 1).min(LONGEST_STRIP));
    let cells = (0..length)
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
pub(crate) fn formula(pattern: &RowPattern) -> String {
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

/// The counts to avoid, listed: "1, 5, 9, 13, 17, 21, …", far enough to
/// pass `n` when it is small and to show the pattern twice over, so a
/// pupil can go on with it ("2, 3, 7, 8, 12, …", not "2, 3, …"), or the
/// first few and the nearest below `n`.
pub(crate) fn counts_to_avoid(pattern: &RowPattern, n: u64) -> String {
    const SHOWN: usize = 6;
    let first = pattern.first_losing_counts(SHOWN + 2);
    let bound = n.max(pattern.start().saturating_add(2 * pattern.period()));
    let upto: Vec<u64> = first.iter().copied().take_while(|&c| c <= bound).collect();
    let listed: Vec<u64> = match upto.len() {
        len if len >= SHOWN => first[..SHOWN].to_vec(),
        len => first[..(len + 1).min(first.len())].to_vec(),
    };
    let mut text = listed
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(", ");
    if pattern.losing_remainders().is_empty() && listed.len() == first.len() {
        return text;
    }
    text += ", …";
    if let Some(near) = nearest_below(pattern, n).filter(|c| !listed.contains(c)) {
        text += &format!(" (the nearest below {n} is {near})");
    }
    text
}

/// The biggest count to avoid below `n`, if there is one.
fn nearest_below(pattern: &RowPattern, n: u64) -> Option<u64> {
    // Within one period below `n` a lost count turns up, once the pattern
    // has started; before that, the few early counts are checked one by one.
    let floor = n.saturating_sub(pattern.period() + pattern.start() + 1);
    (floor..n)
        .rev()
        .find(|&c| pattern.outcome(c) == Outcome::Lose)
}

/// "1 is" or "1, 2 and 5 are".
fn are(counts: &[u64]) -> String {
    match counts {
        [one] => format!("{one} is"),
        many => format!("{} are", and_list(many)),
    }
}

/// The pattern as sentences a pupil can use.
fn pattern_rule(pattern: &RowPattern, n: u64) -> Vec<String> {
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
    lines.push(full_stop(&format!(
        "The counts to avoid are {}",
        counts_to_avoid(pattern, n)
    )));
    lines.push("So the rule is: always leave your opponent a count to avoid.".to_string());
    lines
}

/// Whether the row's count is lost, in words.
pub(crate) fn verdict(a: &Analysis, n: u64) -> String {
    match (a.outcome, a.is_over()) {
        (outcome, true) => format!(
            "No move is possible with {}, so the game is over: the player to move has {}.",
            count(n, "stick"),
            match outcome {
                Outcome::Win => "won",
                Outcome::Lose => "lost",
            }
        ),
        (Outcome::Lose, false) if ending::settled(&a.position, &a.game) => format!(
            "{n} is a count to avoid: the player to move will lose, whatever either player does."
        ),
        (Outcome::Lose, false) => format!(
            "{n} is a count to avoid: the player to move will lose if the opponent plays well."
        ),
        (Outcome::Win, false) => {
            format!("{n} is not a count to avoid: the player to move can win.")
        }
    }
}

/// Why no move could win from `n` sticks.
pub(crate) fn why_lost(n: u64) -> String {
    format!("{n} is a count to avoid")
}

/// Why leaving `n` sticks is lost for the opponent.
pub(crate) fn leaves_lost(n: u64) -> String {
    format!(
        "you leave {}, a count to avoid, so your opponent cannot win.",
        count(n, "stick")
    )
}

/// Why leaving `n` sticks is won for the opponent.
pub(crate) fn leaves_won(n: u64) -> String {
    format!(
        "you leave {}, which is not a count to avoid, so your opponent can win.",
        count(n, "stick")
    )
}

/// What leaving `n` sticks is, in a few words about the move for a
/// projector; `lost` when it is lost for the opponent.
pub(crate) fn brief(n: u64, lost: bool) -> String {
    match lost {
        true => format!("leaves {}, a count to avoid", count(n, "stick")),
        false => format!(
            "leaves {}, which is not a count to avoid",
            count(n, "stick")
        ),
    }
}

/// Why the computer's move leaves the pupil lost.
pub(crate) fn computer_reason(n: u64) -> String {
    format!(
        "that leaves you {}, a count to avoid. Whatever you take, I can leave you another one.",
        count(n, "stick")
    )
}

/// Why the computer's move leaves the pupil `n` sticks, briefly, for when
/// it has been said before.
pub(crate) fn computer_short(n: u64) -> String {
    format!(
        "that leaves you {}, another count to avoid.",
        count(n, "stick")
    )
}

/// The first three hints for row `pile`, whose move is `mv`; the move
/// itself is the last, added by the caller.
pub(crate) fn hints(a: &Analysis, pile: usize, pattern: &RowPattern, mv: Move) -> Vec<String> {
    let won = a.outcome == Outcome::Win;
    let n = a.position.piles()[pile];
    let left = n - mv.take;
    let counts = counts_to_avoid(pattern, n);
    vec![
        "Find the counts to avoid. Whoever has to move from one of them loses.".to_string(),
        match won {
            true => format!(
                "{} Leave your opponent one of them.",
                full_stop(&format!("The counts to avoid are {counts}"))
            ),
            false => full_stop(&format!("The counts to avoid are {counts}")),
        },
        match won {
            true => format!(
                "Leave your opponent {}, a count to avoid.",
                count(left, "stick")
            ),
            // Only the last stage says that no move wins: that is the answer.
            false => format!("Is {n} itself one of the counts to avoid?"),
        },
    ]
}
