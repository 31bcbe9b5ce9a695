//! A question of Chomp being answered: what the tool says to each bite,
//! hint and request for the answer, away from any screen or page.
//!
//! A bite is judged by the same judgement as `matchsticks chomp check`, and
//! the hints come as at a question of Nim: the teacher's first, then the
//! tool's own stages. The terminal runner and the classroom page both ask
//! through [`ChompAsking`], so a class hears the same words in both, and
//! no answer is given before the class has tried or asked for it.

use super::Asks;
use super::asking::{Answer, Hints, Response};
use super::chomp::ChompQuestion;
use crate::rules::bar::Bite;
use crate::teach::chomp::analysis::BarAnalysis;
use crate::teach::chomp::check::{BiteError, BiteJudgement, answer, check, verdict_only};
use crate::teach::chomp::hints::hints;
use crate::teach::verdict::Verdict;

/// A Chomp question being answered.
#[derive(Clone, Debug)]
pub struct ChompAsking<'q> {
    question: &'q ChompQuestion,
    analysis: BarAnalysis,
    hints: Hints,
    settled: bool,
}

impl<'q> ChompAsking<'q> {
    /// Starts asking `question`.
    pub fn new(question: &'q ChompQuestion) -> Result<ChompAsking<'q>, BiteError> {
        let analysis = question.setup.analysis()?;
        let hints = Hints::new(&question.hints, hints(&analysis), Asks::Move);
        Ok(ChompAsking {
            question,
            analysis,
            hints,
            settled: false,
        })
    }

    /// The bar worked out.
    pub fn analysis(&self) -> &BarAnalysis {
        &self.analysis
    }

    /// Whether the class has answered.
    pub fn settled(&self) -> bool {
        self.settled
    }

    /// The next hint.
    pub fn hint(&mut self) -> Response {
        match self.hints.next() {
            Some(hint) => Response::Hint(hint),
            None => Response::NoMoreHints,
        }
    }

    /// A bite, judged: a mistake gets its verdict and the next hint, a
    /// good bite or any bite on a lost bar settles the question.
    pub fn bite(&mut self, bite: Bite) -> Result<Response, BiteError> {
        let j = BiteJudgement::new(&self.question.setup.bar, bite, None)?;
        let response = match j.verdict {
            Verdict::Mistake => Response::Mistake(verdict_only(&j), self.hints.after_a_try()),
            Verdict::Good => Response::Good(check(&j)),
            Verdict::LostAnyway => Response::LostAnyway(check(&j)),
        };
        self.settled |= response.settles();
        Ok(response)
    }

    /// The answer, revealed.
    pub fn answer(&self) -> Answer {
        Answer {
            answer: answer(&self.analysis),
            words: self.question.answer.clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lesson::chomp::{LESSON_SHAPES, bar_setup};

    fn question(shape: &str, hints: &[&str]) -> ChompQuestion {
        let mut left = LESSON_SHAPES;
        ChompQuestion {
            setup: bar_setup("chomp-question", shape, &mut left).unwrap(),
            ask: None,
            hints: hints.iter().map(|h| h.to_string()).collect(),
            answer: "Copy.".to_string(),
        }
    }

    #[test]
    fn a_wrong_bite_gets_its_verdict_and_the_teachers_hint_first() {
        let q = question("3x3", &["Look for an L."]);
        let mut asking = ChompAsking::new(&q).unwrap();
        let wrong = asking.bite(Bite::new(3, 3)).unwrap();
        let Response::Mistake(verdict, Some(hint)) = wrong else {
            panic!("not a mistake: {wrong:?}")
        };
        assert_eq!(hint, "Look for an L.");
        // The verdict keeps the winning bite back.
        assert!(
            verdict
                .steps
                .iter()
                .flat_map(|s| s.lines())
                .all(|line| !line.contains("row 2, column 2")),
            "{verdict:?}"
        );
        assert!(!asking.settled());
        // The teacher's hint stood for the first stage; the tool's go on.
        let Response::Hint(next) = asking.hint() else {
            panic!("no hint")
        };
        assert!(next.starts_with("Bite so that only the top row"), "{next}");
        let right = asking.bite(Bite::new(2, 2)).unwrap();
        assert!(matches!(right, Response::Good(_)));
        assert!(asking.settled());
        assert_eq!(
            asking.answer().answer,
            "the winning bite is row 2, column 2."
        );
    }

    #[test]
    fn any_bite_on_a_lost_bar_settles_the_question() {
        let q = question("3,1,1", &[]);
        let mut asking = ChompAsking::new(&q).unwrap();
        assert!(matches!(
            asking.bite(Bite::new(1, 3)).unwrap(),
            Response::LostAnyway(_)
        ));
        assert!(asking.settled());
        assert_eq!(asking.answer().answer, "no bite wins here.");
        assert_eq!(
            q.heading(),
            "Question: 3,1,1 (Chomp: whoever eats the poisoned square loses)"
        );
        assert_eq!(q.asked(), "Your bite: which square do you bite?");
    }
}
