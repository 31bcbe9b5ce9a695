//! A lesson question being answered: what the tool says to each try, hint
//! and request for the answer, away from any screen or page.
//!
//! The terminal runner and the classroom page both ask through this, so a
//! class gets the same hints in the same order and the same verdicts
//! wherever the lesson runs. A question never gives its answer before the
//! class has tried or asked for it.

use std::collections::VecDeque;

use super::{Asks, Question};
use crate::rules::multi_move::MultiMove;
use crate::rules::outcome::Outcome;
use crate::teach::analysis::{Analysis, AnalysisError};
use crate::teach::board;
use crate::teach::check::{answer, check, right, verdict_only, yes_or_no};
use crate::teach::document::Document;
use crate::teach::hints::hints;
use crate::teach::verdict::{JudgeError, Judgement, Verdict};
use crate::teach::words::capitalised;

/// A question in progress.
#[derive(Clone, Debug)]
pub struct Asking<'q> {
    question: &'q Question,
    analysis: Analysis,
    hints: Hints,
    asks: Asks,
    settled: bool,
}

/// What the tool says to one try.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Response {
    /// The next hint.
    Hint(String),
    /// Every hint has been given.
    NoMoreHints,
    /// A right yes or no, and who wins (not why: that would give the move
    /// away); `then_move` when the class must now find the move.
    Right {
        /// What the right answer means: "you can win.", "no move wins here.".
        why: String,
        /// Whether the question goes on to ask for the move.
        then_move: bool,
    },
    /// A wrong yes or no, with the next hint if there is one.
    NotQuite(Option<String>),
    /// A move that throws the win away: its verdict, and the next hint.
    Mistake(Document, Option<String>),
    /// A winning move, judged.
    Good(Document),
    /// A move from a lost position: the verdict says no move wins.
    LostAnyway(Document),
}

impl Response {
    /// The verdict on a move, when the try was one.
    pub fn verdict(&self) -> Option<&Document> {
        match self {
            Response::Mistake(doc, _) | Response::Good(doc) | Response::LostAnyway(doc) => {
                Some(doc)
            }
            _ => None,
        }
    }

    /// What the tool says after the verdict, line by line. `show` says how
    /// to ask for the answer where the lesson runs: "type show" at a
    /// prompt, "press Show the answer" on the page.
    pub fn words(&self, show: &str) -> Vec<String> {
        let next = |words: &str, hint: &Option<String>| match hint {
            Some(hint) => format!("{words} Hint: {hint}"),
            None => format!("{words} {} to see the answer.", capitalised(show)),
        };
        match self {
            Response::Hint(hint) => vec![format!("Hint: {hint}")],
            Response::NoMoreHints => vec![format!(
                "No more hints: the last one is above. {} to see the answer.",
                capitalised(show)
            )],
            Response::Right { why, then_move } => {
                let mut lines = vec![format!("Right: {why}")];
                if *then_move {
                    lines.push("So what do you take?".to_string());
                }
                lines
            }
            Response::NotQuite(hint) => vec![next("Not quite.", hint)],
            Response::Mistake(_, hint) => vec![next("Not yet: try again.", hint)],
            Response::Good(_) => vec!["Well done.".to_string()],
            Response::LostAnyway(_) => Vec::new(),
        }
    }

    /// Whether the question is over after this.
    pub fn settles(&self) -> bool {
        matches!(
            self,
            Response::Right {
                then_move: false,
                ..
            } | Response::Good(_)
                | Response::LostAnyway(_)
        )
    }
}

/// The answer, once the class has it or asks for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// The tool's answer: the winning move, or yes or no.
    pub answer: String,
    /// The teacher's words.
    pub words: String,
}

impl<'q> Asking<'q> {
    /// Starts asking `question`.
    pub fn new(question: &'q Question) -> Result<Asking<'q>, AnalysisError> {
        let analysis = question.setup.analysis()?;
        let hints = Hints::new(&question.hints, hints(&analysis), question.asks);
        Ok(Asking {
            question,
            analysis,
            hints,
            asks: question.asks,
            settled: false,
        })
    }

    /// What is asked now: a `can-you-win:` question asks for a move once
    /// its yes has been given.
    pub fn asks(&self) -> Asks {
        self.asks
    }

    /// Whether the class has answered.
    pub fn settled(&self) -> bool {
        self.settled
    }

    /// The position worked out.
    pub fn analysis(&self) -> &Analysis {
        &self.analysis
    }

    /// The next hint.
    pub fn hint(&mut self) -> Response {
        match self.hints.next() {
            Some(hint) => Response::Hint(hint),
            None => Response::NoMoreHints,
        }
    }

    /// A yes or a no: to "can you win?", or to a question that asks for a
    /// move, where "no" says that no move wins. A right yes goes on to ask
    /// for the move; a right no settles the question. Every question takes
    /// a yes or a no, so whether one is taken never tells who wins.
    pub fn yes_no(&mut self, yes: bool) -> Response {
        let won = self.analysis.outcome == Outcome::Win;
        if yes != won {
            return Response::NotQuite(self.hints.after_a_try());
        }
        match won {
            true => {
                self.asks = Asks::Move;
                self.hints.allow_all();
            }
            false => self.settled = true,
        }
        Response::Right {
            why: right(&self.analysis),
            then_move: won,
        }
    }

    /// A legal move, from one row or, where the game allows, several.
    pub fn play(&mut self, mv: impl Into<MultiMove>) -> Result<Response, JudgeError> {
        let j = Judgement::from_analysis(self.analysis.clone(), mv)?;
        let response = match j.verdict {
            Verdict::Mistake => {
                let hint = self.hints.after_a_try().map(|hint| match right_row(&j) {
                    true => format!("You took from a good row, but not the right number. {hint}"),
                    false => hint,
                });
                Response::Mistake(self.drawn(verdict_only(&j), &j), hint)
            }
            Verdict::Good => Response::Good(self.drawn(check(&j), &j)),
            Verdict::LostAnyway => Response::LostAnyway(self.drawn(check(&j), &j)),
        };
        self.settled |= response.settles();
        Ok(response)
    }

    /// The verdict as the lesson may show it: in a lesson that never shows
    /// groups, the rows after the move are drawn as the question drew
    /// them, plain sticks with their counts.
    fn drawn(&self, mut verdict: Document, j: &Judgement) -> Document {
        if !self.question.groups_shown
            && j.after.game.is_nim()
            && let Some(rows) = verdict.steps.first_mut()
        {
            rows.blocks = vec![board::plain(&j.to)];
        }
        verdict
    }

    /// The answer, revealed.
    pub fn answer(&self) -> Answer {
        let answer = match self.question.asks {
            Asks::Move => answer(&self.analysis),
            Asks::CanYouWin => yes_or_no(&self.analysis),
        };
        Answer {
            answer,
            words: self.question.answer.clone(),
        }
    }
}

/// Whether a wrong move took from a row some winning move takes from, so
/// only the number was wrong.
fn right_row(j: &Judgement) -> bool {
    let rows_left = j.position.piles().iter().filter(|&&n| n > 0).count();
    let one_row_per_move = j.before.game.rows_per_move <= 1;
    match j.mv.single().filter(|_| rows_left > 1 && one_row_per_move) {
        Some(mv) => j
            .winning_moves()
            .iter()
            .filter_map(MultiMove::single)
            .any(|w| w.pile == mv.pile),
        None => false,
    }
}

/// A question's hints, one at a time: the teacher's first, then the tool's
/// stages, carrying on from as many stages as the teacher's hints stood for
/// rather than starting again. While a yes-or-no question waits for its
/// yes or no, only the tool's first stage is offered: the others tell who
/// wins.
#[derive(Clone, Debug)]
pub(super) struct Hints {
    teacher: VecDeque<String>,
    stages: Vec<String>,
    next: usize,
    most: usize,
}

impl Hints {
    pub(super) fn new(teacher: &[String], stages: Vec<String>, asks: Asks) -> Hints {
        let most = match asks {
            Asks::Move => stages.len(),
            Asks::CanYouWin => 1,
        };
        // The last stage, the move itself, is never skipped.
        let next = teacher.len().min(stages.len().saturating_sub(1));
        Hints {
            teacher: teacher.iter().cloned().collect(),
            stages,
            next,
            most,
        }
    }

    /// From now on every stage may be given.
    fn allow_all(&mut self) {
        self.most = self.stages.len();
    }

    pub(super) fn next(&mut self) -> Option<String> {
        if let Some(hint) = self.teacher.pop_front() {
            return Some(hint);
        }
        let hint = self
            .stages
            .get(self.next)
            .filter(|_| self.next < self.most)?;
        self.next += 1;
        Some(hint.clone())
    }

    /// The hint that comes with a wrong try: the next one, but never the
    /// last stage, which is the answer itself; that waits until the class
    /// asks for it.
    pub(super) fn after_a_try(&mut self) -> Option<String> {
        match self.teacher.is_empty() && self.next + 1 >= self.stages.len() {
            true => None,
            false => self.next(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lesson::parse::parse;
    use crate::rules::moves::Move;

    fn question(source: &str) -> Question {
        let lesson = parse(source.as_bytes()).unwrap();
        lesson
            .parts
            .into_iter()
            .find_map(|part| match part {
                super::super::Part::Question(q) => Some(q),
                _ => None,
            })
            .unwrap()
    }

    #[test]
    fn wrong_tries_never_bring_the_move_itself() {
        let q = question("title: t\nquestion: 3 5 7\nanswer: Well.\n");
        let mut asking = Asking::new(&q).unwrap();
        let mut given = Vec::new();
        for _ in 0..5 {
            match asking.play(Move { pile: 2, take: 7 }).unwrap() {
                Response::Mistake(_, hint) => given.push(hint),
                other => panic!("not a mistake: {other:?}"),
            }
        }
        // Three stages come with the tries; the fourth, the move, waits.
        assert_eq!(given.iter().filter(|h| h.is_some()).count(), 3);
        assert!(given[3].is_none() && given[4].is_none());
        match asking.hint() {
            Response::Hint(hint) => {
                let hint = hint.replace('\u{a0}', " ");
                assert!(hint.contains("take 1 from row 1"), "{hint}");
            }
            other => panic!("no hint: {other:?}"),
        }
    }

    #[test]
    fn a_wrong_move_gets_its_verdict_and_the_teachers_hint_first() {
        let q = question("title: t\nquestion: 3 5 7\nhint: Look at the 4s.\nanswer: Well.\n");
        let mut asking = Asking::new(&q).unwrap();
        let wrong = asking.play(Move { pile: 2, take: 7 }).unwrap();
        let Response::Mistake(_, Some(hint)) = wrong else {
            panic!("not a mistake: {wrong:?}")
        };
        // Row 3 was a row to take from, so only the number was wrong.
        assert_eq!(
            hint,
            "You took from a good row, but not the right number. Look at the 4s."
        );
        assert!(!asking.settled());
        let right = asking.play(Move { pile: 0, take: 1 }).unwrap();
        assert!(matches!(right, Response::Good(_)));
        assert!(asking.settled());
    }

    #[test]
    fn a_yes_moves_a_can_you_win_question_on_to_the_move() {
        let q = question("title: t\ncan-you-win: 3 5 7\nanswer: Yes.\n");
        let mut asking = Asking::new(&q).unwrap();
        assert!(matches!(asking.yes_no(false), Response::NotQuite(_)));
        let right = asking.yes_no(true);
        assert!(matches!(
            right,
            Response::Right {
                then_move: true,
                ..
            }
        ));
        assert_eq!(asking.asks(), Asks::Move);
        assert!(!asking.settled());
        // Every hint stage is open now, down to the move itself.
        let mut last = None;
        while let Response::Hint(hint) = asking.hint() {
            last = Some(hint);
        }
        assert!(last.unwrap().contains("take\u{a0}1"));
    }

    #[test]
    fn no_answers_a_move_question_where_no_move_wins() {
        let q = question("title: t\nquestion: 1 2 3\nanswer: None does.\n");
        let mut asking = Asking::new(&q).unwrap();
        assert!(matches!(asking.yes_no(true), Response::NotQuite(_)));
        assert!(!asking.settled());
        let right = asking.yes_no(false);
        assert_eq!(
            right,
            Response::Right {
                why: "no move keeps every group paired, so no move wins here.".to_string(),
                then_move: false,
            }
        );
        assert!(asking.settled());
        assert_eq!(asking.answer().answer, "no move wins here.");
    }

    #[test]
    fn yes_to_a_move_question_asks_for_the_move() {
        let q = question("title: t\nquestion: 4 1\nanswer: Take 4.\n");
        let mut asking = Asking::new(&q).unwrap();
        assert!(matches!(asking.yes_no(false), Response::NotQuite(_)));
        let right = asking.yes_no(true);
        assert_eq!(
            right,
            Response::Right {
                why: "you can win.".to_string(),
                then_move: true,
            }
        );
        assert!(!asking.settled());
        assert_eq!(asking.asks(), Asks::Move);
        let good = asking.play(Move { pile: 0, take: 4 }).unwrap();
        assert!(matches!(good, Response::Good(_)));
        assert!(asking.settled());
    }

    #[test]
    fn a_lost_position_is_settled_by_no() {
        let q = question("title: t\ncan-you-win: 1 2 3\nanswer: No.\n");
        let mut asking = Asking::new(&q).unwrap();
        let right = asking.yes_no(false);
        assert!(matches!(
            right,
            Response::Right {
                then_move: false,
                ..
            }
        ));
        assert!(asking.settled());
        assert_eq!(asking.answer().answer, "no.");
    }
}
