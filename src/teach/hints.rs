//! Hints in stages, so a pupil is helped a little at a time and never
//! shown the answer before asking for it.
//!
//! Every position with a move has four stages, in the method's own words:
//! what to look at, what it shows, which row to take from, and the move
//! itself. Only the last names the move.

use super::analysis::Analysis;
use super::method::moore;
use super::method::pattern::counts_to_avoid;
use super::method::worked::Method;
use super::words::{and_list, count, full_stop, move_words, position, rows_with_one, transition};
use crate::rules::moves::Move;
use crate::rules::outcome::Outcome;
use crate::solve::grouping::{Grouping, Plan};

/// The hints for the player to move, first to last; empty when no move is
/// possible.
pub fn hints(a: &Analysis) -> Vec<String> {
    if let Method::Moore(m) = &a.method {
        return moore_hints(a, m);
    }
    let Some(best) = &a.best else {
        return Vec::new();
    };
    // Every other method moves from one row.
    let mv = best.single().expect("a move from one row");
    // With one move left to make there is nothing to work out: say so.
    if only_move(a) {
        let to = a.after(best);
        let step = format!("{} ({})", move_words(best), transition(&a.position, &to));
        let only = match must_take_the_last(a) {
            true => "You have to take the last stick",
            false => "There is only one move you can make",
        };
        return vec![format!("{only}: {step}.")];
    }
    let won = a.outcome == Outcome::Win;
    let mut stages = match &a.method {
        Method::Grouping(g) => grouping(g, mv),
        Method::OneRow { pile, pattern } => {
            let n = a.position.piles()[*pile];
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
                    false => format!(
                        "{n} is itself a count to avoid, so no move wins. Take a little and hope your opponent slips."
                    ),
                },
            ]
        }
        Method::Grundy { pairing, .. } => {
            let values: Vec<u64> = pairing.rows.iter().map(|r| r.sticks).collect();
            vec![
                "Work out what each row acts like, then pair off the groups of those values. Is any group left without a partner?"
                    .to_string(),
                format!(
                    "The rows act like Nim rows of {}; {}.",
                    and_list(&values),
                    match pairing.unpaired.first() {
                        Some(size) => format!("the biggest group without a partner is a group of {size}"),
                        None => "every group has a partner, so no move wins".to_string(),
                    }
                ),
                format!("Take from row {}.", mv.row()),
            ]
        }
        Method::Moore { .. } => unreachable!("Moore's Nim is hinted above"),
        Method::Searched => vec![
            "The pairing method does not work here, so look at what each move leaves your opponent."
                .to_string(),
            match won {
                true => "A search of every game says the player to move can win.".to_string(),
                false => {
                    "A search of every game says the player to move will lose against good play."
                        .to_string()
                }
            },
            format!("Take from row {}.", mv.row()),
        ],
    };
    let to = a.after(best);
    let step = format!("{} ({})", move_words(best), transition(&a.position, &to));
    stages.push(match (won, must_take_the_last(a)) {
        (true, _) => format!("The move is {step}."),
        (false, true) => format!("You have to take the last stick: {step}."),
        (false, false) => format!("No move wins. A best try is {step}."),
    });
    stages
}

/// The four stages for Moore's Nim, whose move may take from several rows.
fn moore_hints(a: &Analysis, m: &crate::solve::moore::Moore) -> Vec<String> {
    let Some(mv) = &a.best else {
        return Vec::new();
    };
    let mut stages = moore::hints(m, mv);
    let label = match a.outcome {
        Outcome::Win => "Move",
        Outcome::Lose => "Best try",
    };
    stages.push(format!(
        "{label}: {} ({} → {}).",
        moore::told(mv),
        position(&a.position),
        position(&a.after(mv))
    ));
    stages
}

/// Whether exactly one move can be made.
fn only_move(a: &Analysis) -> bool {
    let mut moves = a
        .position
        .piles()
        .iter()
        // Two takes from one row are already a choice: count no further,
        // as a row may be huge.
        .map(|&n| a.game.takes.takes_from(n).take(2).count())
        .filter(|&n| n > 0);
    matches!((moves.next(), moves.next()), (Some(1), None))
}

/// Whether every move takes the last stick: one row is left, and every
/// take allowed from it empties it.
fn must_take_the_last(a: &Analysis) -> bool {
    let mut left = a.position.piles().iter().filter(|&&n| n > 0);
    match (left.next(), left.next()) {
        (Some(&n), None) => a.game.takes.takes_from(n).all(|take| take == n),
        _ => false,
    }
}

/// The first three stages for the grouping method, the endgame included.
fn grouping(g: &Grouping, mv: Move) -> Vec<String> {
    const PAIR: &str = "Make the groups and pair them. Is any group left without a partner?";
    const COUNT: &str =
        "How many rows have more than one stick? With one or none, it is the endgame.";
    match &g.plan {
        Plan::Unpaired(m) => vec![
            PAIR.to_string(),
            format!("The biggest group without a partner is a group of {}.", m.largest),
            format!("Take from row {}, which has a group of {}.", m.pile + 1, m.largest),
        ],
        Plan::AllPaired { .. } => vec![
            PAIR.to_string(),
            "Every group has a partner, so no move wins. Your opponent can always pair them up again."
                .to_string(),
            format!("Take from row {}, to keep the game going.", mv.row()),
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
                _ => "The number is odd, so no move wins. Take a stick and hope.".to_string(),
            },
        ],
        Plan::GameOver => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::nim::Nim;
    use crate::rules::position::Position;
    use crate::rules::rule::Rule;
    use crate::rules::take_set::TakeSet;
    use crate::teach::analysis::Extras;

    fn analysed(rows: &[u64], game: Nim) -> Analysis {
        Analysis::new(Position::new(rows.to_vec()), game, Extras::default()).unwrap()
    }

    fn ladder(rows: &[u64], game: Nim) -> Vec<String> {
        hints(&analysed(rows, game))
    }

    #[test]
    fn only_the_last_stage_names_the_move() {
        let games = [
            Nim::nim(Rule::Misere),
            Nim::nim(Rule::Normal),
            Nim::with_takes(Rule::Misere, TakeSet::parse("1-3").unwrap()),
            Nim::with_takes(Rule::Normal, TakeSet::parse("1-3").unwrap()),
            Nim::with_takes(Rule::Misere, TakeSet::parse("2,3,5").unwrap()),
        ];
        for game in games {
            for rows in [
                &[3, 5, 7][..],
                &[1, 2, 3],
                &[1, 1, 5],
                &[1, 1],
                &[22],
                &[21],
                &[6, 9],
            ] {
                let a = analysed(rows, game.clone());
                let stages = hints(&a);
                let Some(mv) = a.best.as_ref().map(move_words) else {
                    assert!(stages.is_empty(), "no move, yet hints: {stages:?}");
                    continue;
                };
                assert_eq!(stages.len(), 4, "{rows:?} {game:?}");
                assert!(
                    stages[..3]
                        .iter()
                        .all(|s| !s.contains(&mv) && !s.contains('→')),
                    "{stages:?}"
                );
                assert!(stages[3].contains(&mv), "{stages:?}");
            }
        }
        assert!(ladder(&[0, 0], Nim::nim(Rule::Misere)).is_empty());
    }

    #[test]
    fn a_forced_last_stick_is_not_called_a_best_try() {
        let last = |rows: &[u64], game| ladder(rows, game).pop().unwrap().replace('\u{a0}', " ");
        assert_eq!(
            last(&[0, 0, 1], Nim::nim(Rule::Misere)),
            "You have to take the last stick: take 1 from row 3 (0 0 1 → 0 0 0)."
        );
        let two_or_three = Nim::with_takes(Rule::Misere, TakeSet::parse("2,3").unwrap());
        assert_eq!(
            last(&[2], two_or_three.clone()),
            "You have to take the last stick: take 2 from row 1 (2 → 0)."
        );
        // One move only, and the ladder is that one stage.
        assert_eq!(ladder(&[0, 0, 1], Nim::nim(Rule::Misere)).len(), 1);
        assert_eq!(
            last(&[0, 1], Nim::nim(Rule::Normal)),
            "You have to take the last stick: take 1 from row 2 (0 1 → 0 0)."
        );
        // A huge row is a choice too, found without counting its takes.
        assert_eq!(ladder(&[100, u64::MAX, 3], Nim::nim(Rule::Misere)).len(), 4);
        // With a choice, it is a best try.
        assert!(last(&[3], two_or_three).starts_with("No move wins. A best try is"));
    }

    #[test]
    fn the_first_stage_is_the_method_not_the_answer() {
        assert_eq!(
            ladder(&[3, 5, 7], Nim::nim(Rule::Misere))[0],
            "Make the groups and pair them. Is any group left without a partner?"
        );
        assert_eq!(
            ladder(&[3, 4, 5], Nim::nim(Rule::Normal))[1],
            "The biggest group without a partner is a group of 2."
        );
    }
}
