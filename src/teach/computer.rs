//! What the computer says about its own move in a game.
//!
//! A reason is said in full the first time it comes up and briefly after
//! that, so a class does not read the same long sentence every turn; the
//! game decides which, from the reason's kind. A move that ends the game
//! says so plainly, in the rule's terms, rather than giving a reason for a
//! game that is over.

use super::check::computer_reason;
pub(crate) use super::method::Kind;
use super::verdict::{Judgement, Verdict};
use crate::rules::nim::Nim;
use crate::rules::position::Position;
use crate::rules::rule::Rule;

/// The computer's reason for a move, in full and in short.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Reason {
    /// Which reason it is.
    pub kind: Kind,
    /// The reason in full, as a clause: "now every group has a partner …".
    pub full: String,
    /// The same, briefly, for when it has been said before.
    pub short: String,
}

/// Why the computer made the move judged in `j`, a move that leaves the
/// game going.
pub(crate) fn reason(j: &Judgement) -> Reason {
    let (kind, short) = match j.verdict {
        Verdict::LostAnyway => (
            Kind::LostAnyway,
            "still no winning move for me, so I keep going.".to_string(),
        ),
        Verdict::Mistake => (
            Kind::Slip,
            "I slipped again: you can win from here.".to_string(),
        ),
        Verdict::Good => j.after.method.computer_short(j),
    };
    Reason {
        kind,
        full: computer_reason(j),
        short,
    }
}

/// What the computer says when its move from `before` to `after` ends the
/// game, or `None` when the game goes on. In misère play it says it had
/// to, when every move it had would have ended the game.
pub(crate) fn ending(before: &Position, after: &Position, game: &Nim) -> Option<String> {
    if ends(after, game) {
        let forced = before.moves_with(&game.takes).all(|mv| {
            let to = before
                .play_with(mv, &game.takes)
                .expect("listed moves are legal");
            ends(&to, game)
        });
        let last = match after.is_over() {
            true => "the last stick",
            false => "the last move",
        };
        let verb = match after.is_over() {
            true => "take",
            false => "make",
        };
        return Some(match (game.rule, forced) {
            (Rule::Misere, true) => format!("I have to {verb} {last}, so you win!"),
            (Rule::Misere, false) => format!("I {verb} {last}, so you win!"),
            (Rule::Normal, _) => format!("I {verb} {last}, so I win."),
        });
    }
    None
}

/// Whether no move is left at `position`.
fn ends(position: &Position, game: &Nim) -> bool {
    position.moves_with(&game.takes).next().is_none()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::moves::Move;
    use crate::rules::take_set::TakeSet;
    use crate::teach::verdict::Judgement;

    /// Rows before, the move as (row, take), the game, and what is said.
    type Case<'a> = (&'a [u64], (usize, u64), &'a Nim, Option<&'a str>);

    fn said(before: &[u64], mv: (usize, u64), game: &Nim) -> Option<String> {
        let before = Position::new(before.to_vec());
        let mv = Move {
            pile: mv.0 - 1,
            take: mv.1,
        };
        let after = before.play_with(mv, &game.takes).unwrap();
        ending(&before, &after, game)
    }

    #[test]
    fn the_computers_reason_is_short_sentences_a_child_reads() {
        let games = [
            Nim::new(Rule::Misere),
            Nim::new(Rule::Normal),
            Nim::with_takes(Rule::Misere, TakeSet::parse("1-3").unwrap()),
        ];
        // Good moves, each leaving the pupil lost, by each way of seeing it.
        let cases: [(&[u64], (usize, u64), usize); 4] = [
            (&[3, 5, 7], (1, 1), 0),
            (&[3, 5, 7], (1, 1), 1),
            (&[2, 3, 6, 7], (4, 3), 0),
            (&[21], (1, 3), 2),
        ];
        for (rows, (row, take), game) in cases {
            let mv = Move {
                pile: row - 1,
                take,
            };
            let j = Judgement::new(Position::new(rows.to_vec()), mv, &games[game]).unwrap();
            let full = reason(&j).full;
            // Words in brackets list the pairs; the sentences are the rest.
            let mut said = String::new();
            let mut inside = 0;
            for c in full.chars() {
                match c {
                    '(' => inside += 1,
                    ')' => inside -= 1,
                    _ if inside == 0 => said.push(c),
                    _ => {}
                }
            }
            for sentence in said.split('.').filter(|s| !s.trim().is_empty()) {
                let words = sentence.split_whitespace().count();
                assert!(words <= 16, "{words} words in {sentence:?} of {full:?}");
            }
        }
    }

    #[test]
    fn the_last_move_is_told_in_the_rules_terms() {
        let misere = Nim::new(Rule::Misere);
        let normal = Nim::new(Rule::Normal);
        let two_or_three = Nim::with_takes(Rule::Misere, TakeSet::parse("2,3").unwrap());
        let one_to_three = Nim::with_takes(Rule::Misere, TakeSet::parse("1-3").unwrap());
        let cases: &[Case] = &[
            (
                &[0, 1],
                (2, 1),
                &misere,
                Some("I have to take the last stick, so you win!"),
            ),
            (
                &[1],
                (1, 1),
                &one_to_three,
                Some("I have to take the last stick, so you win!"),
            ),
            // A slip at a lower level: another move was there.
            (
                &[0, 4],
                (2, 4),
                &misere,
                Some("I take the last stick, so you win!"),
            ),
            (
                &[3, 0],
                (1, 3),
                &normal,
                Some("I take the last stick, so I win."),
            ),
            // With takes of 2 or 3, a single stick cannot be taken.
            (
                &[4],
                (1, 3),
                &two_or_three,
                Some("I make the last move, so you win!"),
            ),
            (
                &[3],
                (1, 2),
                &two_or_three,
                Some("I have to make the last move, so you win!"),
            ),
            (
                &[2],
                (1, 2),
                &two_or_three,
                Some("I have to take the last stick, so you win!"),
            ),
            (&[3, 5, 7], (1, 1), &misere, None),
        ];
        for (before, mv, game, expected) in cases {
            assert_eq!(
                said(before, *mv, game).as_deref(),
                *expected,
                "{before:?} {mv:?}"
            );
        }
    }

    #[test]
    fn a_reason_has_a_short_form() {
        let game = Nim::new(Rule::Misere);
        let j = |rows: &[u64], mv: Move| {
            Judgement::new(Position::new(rows.to_vec()), mv, &game).unwrap()
        };
        let paired = reason(&j(&[3, 5, 7], Move { pile: 0, take: 1 }));
        assert_eq!(paired.kind, Kind::Paired);
        assert!(paired.full.starts_with("now every group has a partner"));
        assert_eq!(paired.short, "every group has a partner again.");
        let lost = reason(&j(&[1, 2, 3], Move { pile: 2, take: 1 }));
        assert_eq!(lost.kind, Kind::LostAnyway);
        let endgame = reason(&j(&[1, 1, 3], Move { pile: 2, take: 2 }));
        assert_eq!(endgame.kind, Kind::Endgame);
    }
}
