//! Hints in stages, so a pupil is helped a little at a time and never
//! shown the answer before asking for it.
//!
//! Every position with a move has four stages, in the method's own words:
//! what to look at, what it shows, which row to take from, and the move
//! itself. Only the last names the move. Each method's stages are written
//! in its own file under `method/`.

use super::analysis::Analysis;

/// The hints for the player to move, first to last; empty when no move is
/// possible.
pub fn hints(a: &Analysis) -> Vec<String> {
    match &a.best {
        Some(mv) => a.method.hints(a, mv),
        None => Vec::new(),
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
    use crate::teach::words::move_at;

    fn analysed(rows: &[u64], game: Nim) -> Analysis {
        Analysis::new(Position::new(rows.to_vec()), game, Extras::default()).unwrap()
    }

    fn ladder(rows: &[u64], game: Nim) -> Vec<String> {
        hints(&analysed(rows, game))
    }

    #[test]
    fn only_the_last_stage_names_the_move() {
        let games = [
            Nim::new(Rule::Misere),
            Nim::new(Rule::Normal),
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
                let Some(mv) = a.best.as_ref().map(|mv| move_at(mv, &a.position)) else {
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
                // Where no move wins, that is the answer: only the last
                // stage says it.
                assert!(
                    stages[..3].iter().all(|s| !s.contains("no move wins")),
                    "{stages:?}"
                );
            }
        }
        assert!(ladder(&[0, 0], Nim::new(Rule::Misere)).is_empty());
    }

    #[test]
    fn a_forced_last_stick_is_not_called_a_best_try() {
        let last = |rows: &[u64], game| ladder(rows, game).pop().unwrap().replace('\u{a0}', " ");
        assert_eq!(
            last(&[0, 0, 1], Nim::new(Rule::Misere)),
            "You have to take the last stick: take 1 from row 3 (0 0 1 → 0 0 0)."
        );
        let two_or_three = Nim::with_takes(Rule::Misere, TakeSet::parse("2,3").unwrap());
        assert_eq!(
            last(&[2], two_or_three.clone()),
            "You have to take the last stick: take 2 (2 → 0)."
        );
        // One move only, and the ladder is that one stage.
        assert_eq!(ladder(&[0, 0, 1], Nim::new(Rule::Misere)).len(), 1);
        assert_eq!(
            last(&[0, 1], Nim::new(Rule::Normal)),
            "You have to take the last stick: take 1 from row 2 (0 1 → 0 0)."
        );
        // A huge row is a choice too, found without counting its takes.
        assert_eq!(ladder(&[100, u64::MAX, 3], Nim::new(Rule::Misere)).len(), 4);
        // Every move ends the game: a choice, but nobody can slip.
        assert_eq!(
            last(&[3], two_or_three.clone()),
            "No move wins, and nobody can slip from here: take 2 (3 → 1), for example."
        );
        // With a choice that matters, it is a best try.
        assert!(last(&[7], two_or_three).starts_with("No move wins. A best try is"));
    }

    #[test]
    fn the_first_stage_is_the_method_not_the_answer() {
        assert_eq!(
            ladder(&[3, 5, 7], Nim::new(Rule::Misere))[0],
            "Make the groups and pair them. Is any group left without a partner?"
        );
        assert_eq!(
            ladder(&[3, 4, 5], Nim::new(Rule::Normal))[1],
            "The biggest group without a partner is a group of 2."
        );
    }
}
