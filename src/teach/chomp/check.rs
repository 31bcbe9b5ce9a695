//! The verdict on a bite as a document: the bite drawn on the bar, good or
//! a mistake or lost anyway, why, and the opponent's winning answer. The
//! computer's reason for its own bite in a game is told here too, in the
//! same words.

use super::analysis::{BarAnalysis, Beyond, Strategy};
use super::words::{bite_from, bites, drawn, transition};
use crate::rules::bar::{Arms, Bar, Bite, IllegalBite};
use crate::rules::outcome::Outcome;
use crate::solve::chomp::ChompSearch;
use crate::teach::check::verdict_steps;
use crate::teach::document::{Block, Document, Frame, Step};
use crate::teach::verdict::Verdict;
use crate::teach::words::count;

/// Why a bite could not be judged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BiteError {
    /// The bite names no square of the bar.
    #[error("illegal bite: {0}")]
    Illegal(#[from] IllegalBite),
    /// The bar before or after the bite cannot be worked out.
    #[error("{0}")]
    Beyond(#[from] Beyond),
}

/// A bite judged, with everything needed to explain the verdict.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BiteJudgement {
    /// The bite made.
    pub bite: Bite,
    /// The verdict.
    pub verdict: Verdict,
    /// The bar before the bite, worked out.
    pub before: BarAnalysis,
    /// The bar after it, worked out from the opponent's side.
    pub after: BarAnalysis,
}

impl BiteJudgement {
    /// Judges `bite` on `bar`, taking values from `chomp` where it covers
    /// them. An illegal bite is refused before anything is worked out.
    pub fn new(
        bar: &Bar,
        bite: Bite,
        chomp: Option<&ChompSearch>,
    ) -> Result<BiteJudgement, BiteError> {
        let left = bar.bite(bite)?;
        let before = BarAnalysis::using(bar, chomp)?;
        let after = BarAnalysis::using(&left, chomp)?;
        let verdict = Verdict::of(before.outcome, after.outcome);
        Ok(BiteJudgement {
            bite,
            verdict,
            before,
            after,
        })
    }

    /// The opponent's winning answer, when they have one and it is known.
    pub fn reply(&self) -> Option<Bite> {
        match self.after.outcome {
            Outcome::Win => self.after.bite,
            Outcome::Lose => None,
        }
    }
}

/// The verdict on a pupil's bite.
pub fn check(j: &BiteJudgement) -> Document {
    let shown = Step::framed(
        Frame::FOLLOW,
        "The bite",
        vec![Block::Bar(drawn(&j.before.bar, Some(j.bite)))],
    );
    let steps = verdict_steps(shown, j.verdict, reason(j), details(j));
    Document {
        title: format!(
            "{} (bite {})",
            transition(&j.before.bar, &j.after.bar),
            j.bite
        ),
        steps,
    }
}

/// The verdict alone, without the reply or the bites there were: what a
/// pupil sees after a wrong try at a lesson's question, before trying
/// again.
pub(crate) fn verdict_only(j: &BiteJudgement) -> Document {
    let mut doc = check(j);
    doc.steps.truncate(2);
    doc
}

/// The answer to a question on the bar `a`, as a clause after "Answer: ":
/// "the winning bite is row 2, column 2.", or "no bite wins here.".
pub(crate) fn answer(a: &BarAnalysis) -> String {
    match (a.outcome, a.known_winning().as_slice()) {
        (Outcome::Lose, _) => "no bite wins here.".to_string(),
        (Outcome::Win, [only]) => format!("the winning bite is {only}."),
        (Outcome::Win, []) => {
            "the first player can win, but the winning bite is beyond what the search may look at."
                .to_string()
        }
        (Outcome::Win, all) => format!("the winning bites are {}.", bites(all)),
    }
}

/// The reason for a verdict, as a clause after "good: ", "mistake: " or
/// "lost anyway: ".
pub(crate) fn reason(j: &BiteJudgement) -> String {
    match j.verdict {
        // Eating the poison ends the game, whatever the bar was.
        Verdict::LostAnyway if j.bite.is_poison() => format!(
            "from {} no bite could win: {}. You ate the poisoned square, so the game is over and you lose.",
            j.before.bar,
            why_lost(&j.before)
        ),
        Verdict::LostAnyway => format!(
            "from {} no bite could win: {}. Any bite is fine; keep going and hope your opponent slips.",
            j.before.bar,
            why_lost(&j.before)
        ),
        Verdict::Good => format!("it {}.", leaves_lost(&j.after)),
        Verdict::Mistake if j.bite.is_poison() => {
            "you ate the poisoned square, so you lose.".to_string()
        }
        Verdict::Mistake => format!("your opponent can win from here: {}.", why_won(&j.after)),
    }
}

/// The verdict's reason in a few words about the bite, not to the pupil
/// who made it, for a projector the whole class reads: "leaves an L with
/// equal arms of 3 squares each".
pub(crate) fn brief(j: &BiteJudgement) -> String {
    let after = &j.after;
    match j.verdict {
        Verdict::LostAnyway => format!("no bite wins from {}", j.before.bar),
        _ if j.bite.is_poison() => "eats the poisoned square".to_string(),
        Verdict::Good => match after.strategy {
            _ if after.only_poison() => "leaves only the poisoned square".to_string(),
            Some(Strategy::Arms(Arms { right, .. })) => format!(
                "leaves an L with equal arms of {} each",
                count(right as u64, "square")
            ),
            Some(Strategy::TwoRows { .. }) => {
                "leaves the bottom row one square shorter than the top".to_string()
            }
            _ => {
                "leaves a bar the opponent cannot win, as a search of every game shows".to_string()
            }
        },
        Verdict::Mistake => match (after.strategy, after.stealing) {
            (Some(Strategy::Arms(Arms { right: 0, .. } | Arms { down: 0, .. })), _) => {
                "leaves only one row or one column".to_string()
            }
            (Some(Strategy::Arms(_)), _) => "leaves an L with arms that are not equal".to_string(),
            (Some(Strategy::EqualSides { .. }), _) => {
                "leaves the top row and the first column just as long".to_string()
            }
            (Some(Strategy::TwoRows { .. }), _) => {
                "leaves two rows the opponent can make one square apart".to_string()
            }
            (None, Some(_)) if after.bite.is_none() => {
                "leaves a rectangle, which the player to move can always win".to_string()
            }
            _ => "leaves a bar the opponent can win, as a search of every game shows".to_string(),
        },
    }
}

/// Why the player to move is lost on `a`, as a clause.
fn why_lost(a: &BarAnalysis) -> String {
    match a.strategy {
        _ if a.only_poison() => "only the poisoned square was left".to_string(),
        Some(Strategy::Arms(Arms { right, .. })) => format!(
            "the bar is an L with equal arms of {} each, so your opponent can copy every bite on the other arm",
            count(right as u64, "square")
        ),
        Some(Strategy::TwoRows { .. }) => {
            "the bottom row is one square shorter than the top, and your opponent can keep it so"
                .to_string()
        }
        _ => "every bite leaves your opponent a bar they can win, as a search of every game from here finds".to_string(),
    }
}

/// What a bite that wins leaves behind, as a clause after "it".
fn leaves_lost(after: &BarAnalysis) -> String {
    match after.strategy {
        _ if after.only_poison() => {
            "leaves only the poisoned square, and your opponent has to eat it".to_string()
        }
        Some(Strategy::Arms(Arms { right, .. })) => format!(
            "leaves an L with equal arms of {} each: whatever your opponent bites from one arm, bite just as much from the other",
            count(right as u64, "square")
        ),
        Some(Strategy::TwoRows { .. }) => {
            "leaves the bottom row one square shorter than the top: whatever your opponent bites, you can make it so again".to_string()
        }
        _ => "leaves a bar where a search of every game says your opponent will lose against good play"
            .to_string(),
    }
}

/// Why the player to move can win on `a`, as a clause.
fn why_won(a: &BarAnalysis) -> String {
    match (a.strategy, a.stealing) {
        // A single row or column: no L to speak of yet.
        (Some(Strategy::Arms(Arms { right: 0, .. } | Arms { down: 0, .. })), _) => {
            "only one row or one column is left, so they can bite off everything but the poisoned square".to_string()
        }
        (Some(Strategy::Arms(_)), _) => {
            "the arms of the L are not equal, so they can make them equal and copy".to_string()
        }
        (Some(Strategy::EqualSides { .. }), _) => {
            // Said without the square, so a wrong try at a question on a
            // bar with equal sides does not hand the class the answer.
            "the top row and the first column are just as long, so they can bite off everything else, leaving an L with equal arms, and copy".to_string()
        }
        (Some(Strategy::TwoRows { .. }), _) => {
            "they can leave the bottom row one square shorter than the top".to_string()
        }
        (None, Some(_)) if a.bite.is_none() => {
            "the bar left is a rectangle, and on a rectangle the first player can always win"
                .to_string()
        }
        _ => "a search of every game from here finds them a winning bite".to_string(),
    }
}

/// The opponent's winning answer, and after a mistake the winning bites
/// there were.
fn details(j: &BiteJudgement) -> Vec<Block> {
    let mut details = Vec::new();
    match (j.after.outcome, j.reply(), j.after.bar.is_eaten()) {
        (_, _, true) => {}
        (Outcome::Win, Some(reply), false) => details.push(Block::sentence(format!(
            "Your opponent's winning reply: {}.",
            bite_from(&j.after.bar, reply)
        ))),
        (Outcome::Win, None, false) => details.push(Block::sentence(
            "Your opponent can win, but the winning reply is beyond what the search may look at.",
        )),
        (Outcome::Lose, _, false) => {}
    }
    if j.verdict == Verdict::Mistake {
        let known = j.before.known_winning();
        let text = match (&j.before.winning, j.before.winning_unknown()) {
            (_, true) => "You had a winning bite: strategy stealing says one exists, but \
                 it lies beyond what the search may look at."
                .to_string(),
            (Some(_), false) => format!("Winning bites you had: {}.", bites(&known)),
            (None, false) => format!("A winning bite you had: {}.", bites(&known)),
        };
        details.push(Block::note(text));
    }
    details
}

/// Why the computer made its bite, said to the pupil.
pub(crate) fn computer_reason(j: &BiteJudgement) -> String {
    match j.verdict {
        Verdict::LostAnyway => {
            "no bite wins for me here, so I keep the game going and hope you slip.".to_string()
        }
        Verdict::Mistake => "I slipped: this bite does not win.".to_string(),
        Verdict::Good => match j.after.strategy {
            _ if j.after.only_poison() => {
                "only the poisoned square is left for you.".to_string()
            }
            Some(Strategy::Arms(_)) => {
                "that leaves you an L with equal arms: whatever you bite from one arm, I bite just as much from the other.".to_string()
            }
            Some(Strategy::TwoRows { .. }) => {
                "the bottom row is now one square shorter than the top, and I can keep it that way.".to_string()
            }
            _ => "a search of every game says you will lose from here if I play well.".to_string(),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn judged(shape: &str, row: usize, column: usize) -> BiteJudgement {
        BiteJudgement::new(&shape.parse().unwrap(), Bite::new(row, column), None).unwrap()
    }

    #[test]
    fn verdicts() {
        assert_eq!(judged("4x5", 1, 1).verdict, Verdict::Mistake);
        assert_eq!(judged("3x3", 2, 2).verdict, Verdict::Good);
        assert_eq!(judged("3x3", 3, 3).verdict, Verdict::Mistake);
        assert_eq!(judged("3,2", 2, 2).verdict, Verdict::LostAnyway);
        assert_eq!(judged("1x1", 1, 1).verdict, Verdict::LostAnyway);
        // Beyond the search, a square is still judged by its strategy.
        let j = judged("20x20", 5, 5);
        assert_eq!(j.verdict, Verdict::Mistake);
        assert_eq!(j.reply(), Some(Bite::new(2, 2)));
        let err = BiteJudgement::new(&"4x5".parse().unwrap(), Bite::new(5, 1), None).unwrap_err();
        assert_eq!(
            err.to_string(),
            "illegal bite: there is no row 5: this bar has rows 1 to 4"
        );
    }

    #[test]
    fn answers_and_verdicts_alone() {
        let a = |shape: &str| answer(&BarAnalysis::new(&shape.parse().unwrap()).unwrap());
        assert_eq!(a("3x3"), "the winning bite is row 2, column 2.");
        assert_eq!(a("3,2"), "no bite wins here.");
        assert_eq!(
            a("4,3,1"),
            "the winning bites are row 1, column 3; row 3, column 1."
        );
        // A wrong try is told its verdict, not the bites there were.
        let wrong = verdict_only(&judged("3x3", 3, 3));
        assert_eq!(wrong.steps.len(), 2);
        assert!(check(&judged("3x3", 3, 3)).steps.len() > 2);
    }

    #[test]
    fn reasons() {
        assert_eq!(
            reason(&judged("3x3", 2, 2)),
            "it leaves an L with equal arms of 2 squares each: whatever your opponent bites from one arm, bite just as much from the other."
        );
        assert_eq!(
            reason(&judged("4x5", 1, 1)),
            "you ate the poisoned square, so you lose."
        );
    }
}
