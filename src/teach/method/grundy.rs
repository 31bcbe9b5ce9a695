//! Several rows under a take set in normal play, told as steps: what each
//! row is worth (its Grundy value), then the grouping method on those
//! values; and the reasons a move was good or bad, and the hints, in the
//! same words.

use super::{ending, grouping};
use crate::rules::moves::Move;
use crate::rules::outcome::Outcome;
use crate::solve::grouping::Grouping;
use crate::solve::grundy::Grundy;
use crate::teach::analysis::Analysis;
use crate::teach::board;
use crate::teach::document::{Block, Reveal, Step, Strip, StripCell};
use crate::teach::words::{self, MOST_LISTED, and_list, count, move_words, sum, transition};

/// Every step for several rows in normal play.
pub(crate) fn steps(a: &Analysis, grundy: &Grundy, pairing: &Grouping) -> Vec<Step> {
    let mut worth = vec![
        board::for_game(&a.position, &a.game, None),
        Block::sentence(format!(
            "When the last {} wins, each row acts like a plain Nim row of some size, called its value (its Grundy value). The strip below works the values out from 0 up: a row no move can take from is worth 0, and any other row is worth the smallest number that no row one move away is worth.",
            match a.game.takes.allows(1) {
                true => "stick",
                false => "move",
            }
        )),
        Block::Strip(strip(grundy)),
        Block::sentence(format!(
            "The values repeat every {}.",
            count(grundy.period(), "stick")
        )),
    ];
    worth.extend(rows(a, pairing).into_iter().map(Block::sentence));
    vec![
        Step::numbered(1, "What each row is worth", worth),
        grouping::pairs_step(pairing, 2),
        grouping::verdict_step(pairing, 3, ending::settled(&a.position, &a.game)),
        Step::numbered(4, "The move", plan(a, pairing)).revealing(Reveal::Move),
    ]
}

/// Grundy values from 0 upward.
fn strip(grundy: &Grundy) -> Strip {
    let cells = (0..super::pattern::strip_length(grundy.start(), grundy.period()))
        .map(|n| StripCell {
            sticks: n,
            value: grundy.of(n).to_string(),
            lost: grundy.of(n) == 0,
        })
        .collect();
    Strip {
        top: "sticks".to_string(),
        label: "value".to_string(),
        cells,
    }
}

/// What each row is worth, row by row.
fn rows(a: &Analysis, pairing: &Grouping) -> Vec<String> {
    a.position
        .piles()
        .iter()
        .zip(&pairing.rows)
        .take(MOST_LISTED)
        .enumerate()
        .map(|(i, (n, value))| {
            let groups = match value.groups().len() {
                0 | 1 => String::new(),
                _ => format!(" = {}", sum(&value.groups().to_vec())),
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

/// How to move.
fn plan(a: &Analysis, pairing: &Grouping) -> Vec<Block> {
    let Some(best) = &a.best else {
        return Vec::new();
    };
    // Under a take set every move takes from one row.
    let mv = best.single().expect("a move from one row");
    let to = a.after(best);
    let step = transition(&a.position, &to);
    match (a.outcome, pairing.recommended()) {
        (Outcome::Win, Some(nim)) => {
            let from = pairing.rows[nim.pile].sticks;
            let n = a.position.piles()[mv.pile];
            vec![
                Block::sentence(format!(
                    "In the Nim rows, the move is to make row {} act like {} instead of {from}.",
                    mv.row(),
                    from - nim.take
                )),
                Block::move_with_text(
                    &a.position,
                    best,
                    &to,
                    true,
                    format!(
                        "With the real sticks: {} ({step}); a row of {} acts like {}.",
                        move_words(best),
                        n - mv.take,
                        from - nim.take
                    ),
                ),
            ]
        }
        _ => {
            let text = match ending::no_slip(&a.position, &a.game) {
                Some(settled) => format!(
                    "{settled} {}: {} ({step}).",
                    words::lost_move_label(&a.position, &a.game),
                    move_words(best)
                ),
                None => format!(
                    "Best try: {} ({step}), and hope your opponent slips.",
                    move_words(best)
                ),
            };
            vec![
                Block::sentence("Every group of the Nim rows has a partner, so no move wins."),
                Block::move_with_text(&a.position, best, &to, false, text),
            ]
        }
    }
}

/// The rows' values: "2, 0 and 3".
fn values(pairing: &Grouping) -> String {
    let values: Vec<u64> = pairing.rows.iter().map(|r| r.sticks).collect();
    and_list(&values)
}

/// Why no move could win.
pub(crate) fn why_lost() -> String {
    "the rows act like Nim rows in which every group already had a partner".to_string()
}

/// Why the position left to the opponent is lost for them.
pub(crate) fn leaves_lost(pairing: &Grouping) -> String {
    format!(
        "the rows now act like Nim rows of {}, where every group has a partner, so your opponent cannot win.",
        values(pairing)
    )
}

/// Why the position left to the opponent is won for them.
pub(crate) fn leaves_won(pairing: &Grouping) -> String {
    format!(
        "the rows now act like Nim rows of {}, where a group of {} has no partner, so your opponent can win.",
        values(pairing),
        pairing.unpaired.first().copied().unwrap_or(0)
    )
}

/// What the rows a move left act like, in a few words about the move for
/// a projector; `lost` when they are lost for the opponent.
pub(crate) fn brief(pairing: &Grouping, lost: bool) -> String {
    let like = format!("leaves rows that act like Nim rows of {}", values(pairing));
    match (lost, pairing.unpaired.as_slice()) {
        (true, _) | (false, []) => format!("{like}, every group with a partner"),
        (false, [size]) => format!("{like}, a group of {size} without a partner"),
        (false, sizes) => format!("{like}, groups of {} without a partner", and_list(sizes)),
    }
}

/// Why the computer's move leaves the pupil lost.
pub(crate) fn computer_reason() -> String {
    "now the rows act like Nim rows whose groups all pair up, so you cannot win.".to_string()
}

/// Why the computer's move leaves the pupil lost, briefly, for when it has
/// been said before.
pub(crate) fn computer_short() -> String {
    "the rows pair up again.".to_string()
}

/// The first three hints, for rows whose values pair as `pairing` and
/// whose move is `mv`; the move itself is the last, added by the caller.
pub(crate) fn hints(pairing: &Grouping, mv: Move) -> Vec<String> {
    let values: Vec<u64> = pairing.rows.iter().map(|r| r.sticks).collect();
    vec![
        "Work out what each row acts like, then pair off the groups of those values. Is any group left without a partner?"
            .to_string(),
        // Only the last stage says that no move wins: that is the answer.
        format!(
            "The rows act like Nim rows of {}; {}",
            and_list(&values),
            match pairing.unpaired.first() {
                Some(size) => format!("the biggest group without a partner is a group of {size}."),
                None => "every group has a partner. Try a move in your head: which group loses its partner?".to_string(),
            }
        ),
        format!("Take from row {}.", mv.row()),
    ]
}
