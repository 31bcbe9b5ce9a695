//! The verdict on a move as a document: the move, good or a mistake or lost
//! anyway, why, and what the opponent can answer. The computer's reason for
//! its own move in a game, and a lesson's answer to a question, are told
//! here too, in the same words.

use super::analysis::Analysis;
use super::board;
use super::document::{Block, Document, Frame, Step};
use super::method::ending;
use super::verdict::{Judgement, Verdict};
use super::words::{capitalised, move_at, position, transition};
use crate::rules::outcome::Outcome;
use crate::solve::one_row::RowPattern;

/// The comfort after a lost position.
const ANY_MOVE: &str = "So any move will do: keep going and hope your opponent slips.";

/// What a lost position's move is told where nobody can slip.
const NO_SLIP: &str =
    "Nobody can slip from here, so the game goes the same way whatever anyone takes.";

/// What a lost position's last move is told: the game is over, and lost.
const GAME_OVER: &str = "You made the last move, so the game is over and you lose.";

/// The steps of a verdict, in Nim and in Chomp alike: the move `shown`,
/// the verdict with its mark and `why`, then what `next` when there is
/// anything to say.
pub(crate) fn verdict_steps(
    shown: Step,
    verdict: Verdict,
    why: String,
    next: Vec<Block>,
) -> Vec<Step> {
    let (mark, label) = match verdict {
        Verdict::Good => ("✓", "good"),
        Verdict::Mistake => ("✗", "mistake"),
        Verdict::LostAnyway => ("○", "lost anyway"),
    };
    let mut steps = vec![
        shown,
        Step::framed(
            Frame::LEAD,
            "Verdict",
            vec![Block::Verdict {
                verdict: verdict.name(),
                mark,
                label,
                text: why,
            }],
        ),
    ];
    if !next.is_empty() {
        steps.push(Step::framed(Frame::FOLLOW, "What next", next));
    }
    steps
}

/// The verdict on a pupil's move.
pub fn check(j: &Judgement) -> Document {
    let shown = Step::framed(
        Frame::FOLLOW,
        "The rows after the move",
        vec![board::for_game(j.to(), &j.after.game, pattern(j))],
    );
    let steps = verdict_steps(shown, j.verdict, reason(j), details(j));
    Document {
        title: format!(
            "{} ({})",
            transition(j.position(), j.to()),
            move_at(&j.mv, j.position())
        ),
        steps,
    }
}

/// The pattern of counts to avoid, when a single row has one: the rows
/// after the move are drawn in its blocks.
fn pattern(j: &Judgement) -> Option<&RowPattern> {
    j.before.pattern().or(j.after.pattern())
}

/// The verdict alone, without the reply or the moves there were: what a
/// pupil sees after a wrong try, before trying again.
pub(crate) fn verdict_only(j: &Judgement) -> Document {
    let mut doc = check(j);
    doc.steps.truncate(2);
    doc
}

/// What a right yes or no is told, as a clause after "Right: ". It only
/// says who wins: the reason is kept for the answer, so the move the class
/// is about to be asked for is not given away.
///
/// Where every group has a partner, it says so in the words a lesson asks
/// about: no move keeps every group paired.
pub(crate) fn right(a: &Analysis) -> String {
    match a.outcome {
        Outcome::Win => "you can win.".to_string(),
        Outcome::Lose => a.method.no_move_wins(),
    }
}

/// The reason for a verdict, as a clause that follows "good: ",
/// "mistake: " or "lost anyway: ".
pub(crate) fn reason(j: &Judgement) -> String {
    match j.verdict {
        // The move ended the game, and a lost position's last move loses:
        // there is nothing left to keep going with.
        Verdict::LostAnyway if j.after.is_over() => format!(
            "from {} no move could win, because {} {GAME_OVER}",
            position(j.position()),
            j.before.method.why_lost(j)
        ),
        // Nobody can slip from here: there is nothing to hope for.
        Verdict::LostAnyway if ending::settled(j.position(), &j.before.game) => format!(
            "from {} no move could win, because {} {NO_SLIP}",
            position(j.position()),
            j.before.method.why_lost(j)
        ),
        Verdict::LostAnyway => format!(
            "from {} no move could win, because {} {ANY_MOVE}",
            position(j.position()),
            j.before.method.why_lost(j)
        ),
        Verdict::Good | Verdict::Mistake => j.after.method.left(j),
    }
}

/// The verdict's reason in a few words about the move, not to the pupil
/// who made it, for a projector the whole class reads: "leaves a group of
/// 2 without a partner", "no move wins from 1 2 3".
pub(crate) fn brief(j: &Judgement) -> String {
    match j.verdict {
        Verdict::LostAnyway => format!("no move wins from {}", position(j.position())),
        Verdict::Good | Verdict::Mistake => j.after.method.brief(j),
    }
}

/// What the opponent answers: their winning reply after a mistake, with the
/// moves there were, and after a move from a lost position, so the class
/// sees why it was lost anyway.
fn details(j: &Judgement) -> Vec<Block> {
    let method = &j.before.method;
    let mut details: Vec<Block> = j
        .reply()
        .map(|reply| {
            let after = j.after.after(&reply);
            let text = format!(
                "Your opponent's winning reply: {} ({}).",
                method.told(&reply, j.to()),
                transition(j.to(), &after)
            );
            Block::move_with_text(j.to(), &reply, &after, true, text)
        })
        .into_iter()
        .collect();
    if j.verdict == Verdict::Mistake {
        details.push(Block::note(format!(
            "Winning moves you had: {}.",
            method.listed(&j.before)
        )));
    }
    details
}

/// Why the computer made its move, said to the pupil.
pub(crate) fn computer_reason(j: &Judgement) -> String {
    match j.verdict {
        Verdict::LostAnyway if ending::settled(j.position(), &j.before.game) => {
            "no move wins for me here, and nobody can slip from here.".to_string()
        }
        Verdict::LostAnyway => {
            "no move wins for me here, so I keep the game going and hope you slip.".to_string()
        }
        _ if j.after.is_over() => "I made the last move.".to_string(),
        Verdict::Mistake => {
            "I slipped: I moved without working it out, so now you can win.".to_string()
        }
        Verdict::Good => j.after.method.computer_reason(j),
    }
}

/// The computed answer to "can the player to move win?": yes and the
/// winning moves, or no. Why no move wins is left to the teacher's words,
/// so the reveal does not say it twice.
pub(crate) fn yes_or_no(a: &Analysis) -> String {
    match a.outcome {
        Outcome::Win => format!("yes. {}", capitalised(&answer(a))),
        Outcome::Lose => "no.".to_string(),
    }
}

/// The computed answer to a question: the winning move or moves, or that
/// none wins.
pub(crate) fn answer(a: &Analysis) -> String {
    a.method.answer(a)
}

#[cfg(test)]
mod nobody_can_slip {
    use super::{check, computer_reason};
    use crate::rules::game::Game;
    use crate::rules::nim::Nim;
    use crate::rules::position::Position;
    use crate::rules::rule::Rule;
    use crate::rules::take_set::TakeSet;
    use crate::teach::analysis::{Analysis, Extras};
    use crate::teach::explain::{Options, explain};
    use crate::teach::hints::hints;
    use crate::teach::method::ending::settled;
    use crate::teach::verdict::Judgement;

    /// Everything said about `position`: its explanation, its hints, and
    /// the verdict on every move from it, with the reason the computer
    /// would give for it.
    fn said(position: &Position, game: &Nim) -> Vec<String> {
        let a = Analysis::new(position.clone(), game.clone(), Extras::default()).unwrap();
        let mut said: Vec<String> = explain(&a, Options::default())
            .steps
            .iter()
            .flat_map(|s| s.lines())
            .collect();
        said.extend(hints(&a));
        for mv in position.moves_with(&game.takes) {
            let j = Judgement::from_analysis(a.clone(), mv).unwrap();
            said.extend(check(&j).steps.iter().flat_map(|s| s.lines()));
            said.push(computer_reason(&j));
        }
        said
    }

    #[test]
    fn where_nobody_can_slip_no_word_hopes_for_a_slip() {
        let games = [
            Nim::new(Rule::Misere),
            Nim::new(Rule::Normal),
            Nim::with_takes(Rule::Misere, TakeSet::parse("1-3").unwrap()),
            Nim::with_takes(Rule::Normal, TakeSet::parse("2,3").unwrap()),
            Nim::with_takes(Rule::Misere, TakeSet::parse("2").unwrap()),
            Nim::new(Rule::Misere).with_rows_per_move(2).unwrap(),
        ];
        for game in &games {
            for rows in [
                vec![1],
                vec![2],
                vec![3],
                vec![1, 1],
                vec![1, 1, 1],
                vec![0, 1, 1],
                vec![2, 2],
                vec![4, 2],
                vec![5, 3],
            ] {
                let position = Position::new(rows.clone());
                if !settled(&position, game) || game.is_over(&position) {
                    continue;
                }
                // What W and L mean is said of every count, not of this one.
                for line in said(&position, game)
                    .into_iter()
                    .filter(|line| !line.starts_with("L means"))
                {
                    let line = line.replace('\u{a0}', " ");
                    let hoped = line.contains("hope")
                        || line.contains("plays well")
                        || line.contains("against good play")
                        || line.contains("slips") && !line.contains("nobody can slip");
                    assert!(!hoped, "{rows:?} {game:?}: {line}");
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::moves::Move;
    use crate::rules::nim::Nim;
    use crate::rules::position::Position;
    use crate::rules::rule::Rule;

    /// The group sizes a brief names as without a partner: "a group of 2",
    /// "groups of 8, 4, 2 and 1"; none for "every group with a partner".
    fn named(brief: &str) -> Option<Vec<u64>> {
        if brief == "leaves every group with a partner" {
            return Some(Vec::new());
        }
        let sizes = brief
            .strip_prefix("leaves a group of ")
            .or_else(|| brief.strip_prefix("leaves groups of "))?
            .strip_suffix(" without a partner")?;
        sizes
            .split([',', ' '])
            .filter(|word| !word.is_empty() && *word != "and")
            .map(|n| n.parse().ok())
            .collect()
    }

    proptest::proptest! {
        /// While some row has more than one stick, the projector's few
        /// words on a move name every group size left without a partner,
        /// and only those: the sizes an odd number of rows hold, whatever
        /// the move was worth.
        #[test]
        fn a_brief_names_every_group_left_without_a_partner(
            rows in proptest::collection::vec(0u64..32, 1..5),
            normal: bool,
            pick: proptest::sample::Index,
            take in 1u64..32,
        ) {
            let rule = if normal { Rule::Normal } else { Rule::Misere };
            let filled: Vec<usize> = (0..rows.len()).filter(|&r| rows[r] > 0).collect();
            proptest::prop_assume!(!filled.is_empty());
            let pile = filled[pick.index(filled.len())];
            let mv = Move { pile, take: take.min(rows[pile]) };
            let j = Judgement::new(Position::new(rows), mv, &Nim::new(rule)).unwrap();
            let left = j.to().piles().to_vec();
            let brief = brief(&j);
            proptest::prop_assert!(!brief.contains("your"), "{}", brief);
            if j.verdict != Verdict::LostAnyway && left.iter().any(|&n| n > 1) {
                let odd = left.iter().fold(0, |x, n| x ^ n);
                let unpaired: Vec<u64> =
                    (0..6).rev().map(|bit| 1 << bit).filter(|b| odd & b != 0).collect();
                proptest::prop_assert_eq!(named(&brief), Some(unpaired), "{}", brief);
            }
        }
    }
}
