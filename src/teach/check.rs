//! The verdict on a move as a document: the move, good or a mistake or lost
//! anyway, why, and what the opponent can answer. The computer's reason for
//! its own move in a game, and a lesson's answer to a question, are told
//! here too, in the same words.

use super::analysis::Analysis;
use super::board;
use super::document::{Block, Document, Frame, Step};
use super::method::worked::Method;
use super::method::{grouping, grundy, moore, pattern, searched};
use super::verdict::{Judgement, Verdict};
use super::words::{capitalised, glued, move_words, moves, moves_and, position, transition};
use crate::rules::outcome::Outcome;
use crate::solve::grouping::Plan;
use crate::solve::one_row::RowPattern;

/// The comfort after a lost position.
const ANY_MOVE: &str = "So any move will do: keep going and hope your opponent slips.";

/// The steps of a verdict, in Nim and in Chomp alike: the move `shown`,
/// the verdict with its mark and `why`, then what `next` when there is
/// anything to say.
pub fn verdict_steps(shown: Step, verdict: Verdict, why: String, next: Vec<Block>) -> Vec<Step> {
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
        vec![board::for_game(&j.to, &j.after.game, pattern(j))],
    );
    let steps = verdict_steps(shown, j.verdict, reason(j), details(j));
    Document {
        title: format!(
            "{} ({})",
            transition(&j.position, &j.to),
            glued(&j.mv.to_string())
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
pub fn verdict_only(j: &Judgement) -> Document {
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
pub fn right(a: &Analysis) -> String {
    match (a.outcome, &a.method) {
        (Outcome::Win, _) => "you can win.".to_string(),
        (Outcome::Lose, Method::Grouping(g)) if matches!(g.plan, Plan::AllPaired { .. }) => {
            "no move keeps every group paired, so no move wins here.".to_string()
        }
        (Outcome::Lose, _) => "no move wins here.".to_string(),
    }
}

/// The reason for a verdict, as a clause that follows "good: ",
/// "mistake: " or "lost anyway: ".
pub fn reason(j: &Judgement) -> String {
    match (j.verdict, &j.before.method, &j.after.method) {
        (Verdict::LostAnyway, Method::Grouping(before), after) => format!(
            "from {} no move could win, because {}.{} {ANY_MOVE}",
            position(&j.position),
            grouping::why_lost(before),
            match (&before.plan, after) {
                (Plan::AllPaired { .. }, Method::Grouping(after)) => grouping::broken_pairs(after)
                    .map(|broken| format!(" {broken}"))
                    .unwrap_or_default(),
                _ => String::new(),
            }
        ),
        (Verdict::LostAnyway, _, _) => format!(
            "from {} no move could win, because {}. {ANY_MOVE}",
            position(&j.position),
            why_lost(&j.before)
        ),
        (Verdict::Good, _, Method::Grouping(after)) => grouping::leaves_lost(after),
        (Verdict::Good, _, Method::Moore(after)) => moore::leaves_lost(after),
        (Verdict::Mistake, _, Method::Moore(after)) => moore::leaves_won(after),
        (Verdict::Mistake, before, Method::Grouping(after)) => grouping::leaves_won(
            after,
            matches!(before, Method::Grouping(b) if b.unpaired.is_empty()),
        ),
        (Verdict::Good, _, _) if j.after.is_over() => {
            "you made the last move, and in this game that wins.".to_string()
        }
        (Verdict::Mistake, _, _) if j.after.is_over() => {
            "you made the last move, and in this game that loses.".to_string()
        }
        (Verdict::Good, _, Method::OneRow { pile, .. }) => {
            pattern::leaves_lost(j.to.piles()[*pile])
        }
        (Verdict::Mistake, _, Method::OneRow { pile, .. }) => {
            pattern::leaves_won(j.to.piles()[*pile])
        }
        (Verdict::Good, _, Method::Grundy { pairing, .. }) => grundy::leaves_lost(pairing),
        (Verdict::Mistake, _, Method::Grundy { pairing, .. }) => grundy::leaves_won(pairing),
        (Verdict::Good, _, Method::Searched) => searched::leaves_lost(),
        (Verdict::Mistake, _, Method::Searched) => searched::leaves_won(),
    }
}

/// Why a position was lost, for "lost anyway", when it was not solved by
/// grouping.
fn why_lost(a: &Analysis) -> String {
    match &a.method {
        Method::OneRow { pile, .. } => pattern::why_lost(a.position.piles()[*pile]),
        Method::Grundy { .. } => grundy::why_lost(),
        Method::Moore(m) => moore::why_lost(m),
        Method::Grouping(_) | Method::Searched => searched::why_lost(),
    }
}

/// What the opponent answers: their winning reply after a mistake, with the
/// moves there were, and after a move from a lost position, so the class
/// sees why it was lost anyway.
fn details(j: &Judgement) -> Vec<Block> {
    if let Method::Moore(_) = &j.before.method {
        return moore::details(j, j.before.winning.as_ref());
    }
    let mut details: Vec<Block> = j
        .reply()
        .map(|reply| {
            let after = j.after.after(&reply);
            Block::move_with_text(
                &j.to,
                &reply,
                &after,
                true,
                format!(
                    "Your opponent's winning reply: {} ({}).",
                    move_words(&reply),
                    transition(&j.to, &after)
                ),
            )
        })
        .into_iter()
        .collect();
    if j.verdict == Verdict::Mistake {
        details.push(Block::note(format!(
            "Winning moves you had: {}.",
            moves(j.winning_moves())
        )));
    }
    details
}

/// Why the computer made its move, said to the pupil.
pub fn computer_reason(j: &Judgement) -> String {
    if j.verdict == Verdict::LostAnyway {
        return "no move wins for me here, so I keep the game going and hope you slip.".to_string();
    }
    match &j.after.method {
        _ if j.after.is_over() => "I made the last move.".to_string(),
        Method::Grouping(g) => grouping::computer_reason(g),
        Method::OneRow { pile, .. } => pattern::computer_reason(j.to.piles()[*pile]),
        Method::Grundy { .. } => grundy::computer_reason(),
        Method::Moore(after) => moore::computer_reason(after),
        Method::Searched => searched::computer_reason(),
    }
}

/// The computed answer to "can the player to move win?": yes and the
/// winning moves, or no. Why no move wins is left to the teacher's words,
/// so the reveal does not say it twice.
pub fn yes_or_no(a: &Analysis) -> String {
    match a.outcome {
        Outcome::Win => format!("yes. {}", capitalised(&answer(a))),
        Outcome::Lose => "no.".to_string(),
    }
}

/// The computed answer to a question: the winning move or moves, or that
/// none wins.
pub fn answer(a: &Analysis) -> String {
    if let Method::Moore(_) = &a.method {
        return moore::answer(a.outcome, a.winning.as_ref());
    }
    match (a.outcome, a.winning_moves()) {
        (Outcome::Win, []) => "the game is over.".to_string(),
        (Outcome::Win, [only]) => format!("the winning move is {}.", move_words(only)),
        (Outcome::Win, winning) => format!("the winning moves are {}.", moves_and(winning)),
        (Outcome::Lose, _) => "no move wins here.".to_string(),
    }
}
