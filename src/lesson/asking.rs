//! A lesson question being answered: what the tool says to each try, hint
//! and request for the answer, away from any screen or page.
//!
//! The terminal runner and the classroom page both ask through this, for
//! every game, so a class gets the same hints in the same order and the
//! same verdicts wherever the lesson runs. A move is judged by the same
//! judgement as `matchsticks check` (or `chomp check`). A question never
//! gives its answer before the class has tried or asked for it.

use std::collections::VecDeque;

use super::Question;
use crate::rules::outcome::Outcome;
use crate::teach::document::Document;
use crate::teach::lesson::{Asks, InLesson};
use crate::teach::verdict::Verdict;
use crate::teach::words::capitalised;

/// A question in progress.
pub struct Asking<'q, G: InLesson> {
    question: &'q Question<G>,
    analysis: G::Analysis,
    /// What the tries so far worked out, so the next is judged at once.
    kept: G::Kept,
    hints: Hints,
    asks: Asks,
    settled: bool,
    /// Whether a right yes has been given: a no after it is not a new
    /// answer to the yes-or-no question ("no, wait" after a wrong move).
    said_yes: bool,
    /// What "why?" is told now, after the last try: see [`Asking::why`].
    why: Why,
}

/// What the last try leaves to explain.
#[derive(Clone, Debug, Default)]
enum Why {
    /// No try yet.
    #[default]
    Nothing,
    /// A move judged: its verdict's reason, if the verdict gives one.
    Verdict(Option<String>),
    /// A wrong yes or no, or a move tried where none wins: the reason
    /// would give the answer away.
    Wrong,
    /// A right yes or no: who wins, and why, as far as it can be said
    /// before the move is found.
    Right(String),
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
    /// A wrong yes or no, with the next hint if there is one. `missed`
    /// names what a "no" missed at a question that asks for a move where
    /// one wins: "move" or "bite".
    NotQuite {
        /// The next hint, if there is one.
        hint: Option<String>,
        /// "move" or "bite", when a "no" said that none wins and one does.
        missed: Option<&'static str>,
    },
    /// Words only, nothing judged: a yes or a no once the yes has been
    /// given, right, and the move is what is asked for now.
    Noted(String),
    /// A move that throws the win away: its verdict, and the next hint.
    Mistake(Document, Option<String>),
    /// A move tried where no move wins, before the class has said so: it
    /// does not win, and the question waits for a "no". Saying at once
    /// that no move wins would give the answer away.
    Tried {
        /// The next hint, if there is one.
        hint: Option<String>,
        /// "move" or "bite".
        what: &'static str,
    },
    /// A winning move, judged.
    Good(Document),
}

impl Response {
    /// The verdict on a move, when the try was one.
    pub fn verdict(&self) -> Option<&Document> {
        match self {
            Response::Mistake(doc, _) | Response::Good(doc) => Some(doc),
            _ => None,
        }
    }

    /// What the tool says after the verdict, line by line. `show` says how
    /// to ask for the answer where the lesson runs: "type show" at a
    /// prompt, "press Show the answer" on the page; `more` how to ask for
    /// the next hint ("type hint", "press Hint") while one is left that
    /// did not come with this answer (the move itself never comes with a
    /// try); `then` asks for the move after a right yes: "So what do you
    /// take?"
    pub(crate) fn words(&self, show: &str, more: Option<&str>, then: &str) -> Vec<String> {
        let next = |words: &str, hint: &Option<String>| match (hint, more) {
            (Some(hint), _) => format!("{words} Hint: {hint}"),
            (None, Some(more)) => format!(
                "{words} {} for one more hint, or {show} to see the answer.",
                capitalised(more)
            ),
            (None, None) => format!("{words} {} to see the answer.", capitalised(show)),
        };
        // With no hint left, a wrong yes or no is asked to think again
        // before it is pointed at the answer.
        let again = |words: &str, hint: &Option<String>| match (hint, more) {
            (Some(hint), _) => format!("{words} Hint: {hint}"),
            (None, Some(more)) => format!(
                "{words} Think it over and try again, or {more} for one more hint, or {show} to see the answer."
            ),
            (None, None) => {
                format!("{words} Think it over and try again, or {show} to see the answer.")
            }
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
                    lines.push(then.to_string());
                }
                lines
            }
            Response::NotQuite { hint, missed } => vec![match missed {
                Some(what) => again(
                    &format!("Not quite: a {what} wins here, so look again."),
                    hint,
                ),
                None => again("Not quite.", hint),
            }],
            Response::Mistake(_, hint) => vec![next("Not yet: try again.", hint)],
            Response::Tried { hint, what } => vec![again(
                &format!(
                    "That {what} does not win. Try another, or answer no if you think none does."
                ),
                hint,
            )],
            Response::Noted(words) => vec![words.clone()],
            Response::Good(_) => vec!["Well done.".to_string()],
        }
    }

    /// Whether the question is over after this.
    pub(crate) fn settles(&self) -> bool {
        matches!(
            self,
            Response::Right {
                then_move: false,
                ..
            } | Response::Good(_)
        )
    }
}

/// The answer, once the class has it or asks for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Answer {
    /// The tool's answer: the winning move, or yes or no.
    pub answer: String,
    /// The teacher's words.
    pub words: String,
}

impl<'q, G: InLesson> Asking<'q, G> {
    /// Starts asking `question`.
    pub fn new(question: &'q Question<G>) -> Result<Asking<'q, G>, G::Error> {
        let analysis = question.setup.analysis()?;
        let hints = Hints::new(&question.hints, G::hints(&analysis), question.asks);
        Ok(Asking {
            question,
            analysis,
            kept: G::Kept::default(),
            hints,
            asks: question.asks,
            settled: false,
            said_yes: false,
            why: Why::Nothing,
        })
    }

    /// What is asked now: a `can-you-win:` question asks for a move once
    /// its yes has been given.
    pub(crate) fn asks(&self) -> Asks {
        self.asks
    }

    /// Whether the class has answered.
    pub(crate) fn settled(&self) -> bool {
        self.settled
    }

    /// The position worked out.
    pub fn analysis(&self) -> &G::Analysis {
        &self.analysis
    }

    /// Whether a hint is left to give: the Hint button is of use.
    pub(crate) fn more_hints(&self) -> bool {
        self.hints.more()
    }

    /// The next hint.
    pub(crate) fn hint(&mut self) -> Response {
        match self.hints.next() {
            Some(hint) => Response::Hint(hint),
            None => Response::NoMoreHints,
        }
    }

    /// A yes or a no: to "can you win?", or to a question that asks for a
    /// move, where "no" says that no move wins. A right yes goes on to ask
    /// for the move; a right no settles the question. Every question takes
    /// a yes or a no, so whether one is taken never tells who wins.
    pub(crate) fn yes_no(&mut self, yes: bool) -> Response {
        let won = G::outcome(&self.analysis) == Outcome::Win;
        // The yes was given, and right: the move is what is asked now.
        if self.said_yes {
            return Response::Noted(match yes {
                true => format!("Yes, you can win. {}", G::THEN_MOVE),
                false => format!(
                    "You said yes, and that was right: you can win. {} Or type hint for a clue.",
                    G::THEN_MOVE
                ),
            });
        }
        if yes != won {
            self.why = Why::Wrong;
            let missed = (won && self.asks == Asks::Move).then_some(G::MOVE);
            return Response::NotQuite {
                hint: self.hints.after_a_try(),
                missed,
            };
        }
        match won {
            true => {
                self.asks = Asks::Move;
                self.said_yes = true;
                self.hints.allow_all();
            }
            false => self.settled = true,
        }
        let why = G::right(&self.analysis);
        self.why = Why::Right(why.clone());
        Response::Right {
            why,
            then_move: won,
        }
    }

    /// Whether the player to move can win: a yes is right.
    pub(crate) fn can_win(&self) -> bool {
        G::outcome(&self.analysis) == Outcome::Win
    }

    /// What "why?" is told now: the reason for the last verdict on a move;
    /// after a wrong answer, that its reason would give the answer away;
    /// after a right yes, that the reason comes with the move. Never a
    /// hint, and never a reason that gives the move away.
    pub(crate) fn why(&self) -> String {
        match &self.why {
            Why::Verdict(Some(reason)) => reason.clone(),
            Why::Wrong => {
                "That answer was not right, and saying why would give the right one away: type hint for a clue, or show to see the answer and why."
                    .to_string()
            }
            Why::Right(why) if !self.said_yes || self.settled => capitalised(why),
            Why::Nothing | Why::Verdict(None) | Why::Right(_) => self.why_not_yet(),
        }
    }

    /// The reason for the last verdict, once the question is over, for a
    /// pupil who asks why at the pause after it; `None` if there is none.
    pub(crate) fn last_reason(&self) -> Option<String> {
        match &self.why {
            Why::Verdict(reason) => reason.clone(),
            Why::Right(why) if self.settled => Some(capitalised(why)),
            Why::Nothing | Why::Wrong | Why::Right(_) => None,
        }
    }

    /// What "why?" is told before any verdict has a reason to give: never
    /// a hint, and never the reason itself, which would give the move away.
    fn why_not_yet(&self) -> String {
        match self.said_yes {
            true => {
                "The reason comes with the answer: find the move first, or type hint for a clue."
                    .to_string()
            }
            false => {
                "There is nothing to explain yet: try an answer first, or type hint for a clue."
                    .to_string()
            }
        }
    }

    /// A legal move: a mistake gets its verdict, keeping the better move
    /// back, and the next hint; a good move, or any move from a lost
    /// position, settles the question.
    pub fn play(&mut self, mv: G::Move) -> Result<Response, G::Error> {
        let j = G::judged(&self.analysis, &mut self.kept, &mv)?;
        let shown = |verdict| G::as_shown(verdict, &j, self.question.groups_shown);
        self.why = match G::verdict(&j) {
            Verdict::LostAnyway => Why::Wrong,
            Verdict::Mistake | Verdict::Good => Why::Verdict(None),
        };
        let response = match G::verdict(&j) {
            Verdict::Mistake => {
                let hint = self.hints.after_a_try().map(|hint| match G::nearly(&j) {
                    Some(nearly) => format!("{nearly} {hint}"),
                    None => hint,
                });
                Response::Mistake(shown(G::verdict_only(&j)), hint)
            }
            Verdict::Good => Response::Good(shown(G::check(&j))),
            // Where no move wins, "no" is the answer: a try is only told
            // that it does not win, and the question waits for the "no".
            Verdict::LostAnyway => Response::Tried {
                hint: self.hints.after_a_try(),
                what: G::MOVE,
            },
        };
        if let (Why::Verdict(reason), Some(verdict)) = (&mut self.why, response.verdict()) {
            *reason = verdict.reason();
        }
        self.settled |= response.settles();
        Ok(response)
    }

    /// What the tool says after the verdict on `response`, line by line;
    /// see [`Response::words`]. `show` says how to ask for the answer
    /// ("type show"), `hint` how to ask for a hint ("type hint"): while a
    /// hint is left, the class is pointed to it before the answer.
    pub fn words(&self, response: &Response, show: &str, hint: &str) -> Vec<String> {
        let more = self.more_hints().then_some(hint);
        response.words(show, more, G::THEN_MOVE)
    }

    /// The answer, revealed.
    pub(crate) fn answer(&self) -> Answer {
        let answer = match self.question.asks {
            Asks::Move => G::answer(&self.analysis),
            Asks::CanYouWin => G::yes_or_no(&self.analysis),
        };
        Answer {
            answer,
            words: self.question.answer.clone(),
        }
    }
}

/// Every hint a question gives, in the order it gives them: the teacher's
/// `hints` first, then the game's `stages` from as far as those stood
/// for, and for a yes-or-no question only as far as tells nothing of who
/// wins. A class hands them out one at a time, to each pupil on their
/// own, as a lesson does.
pub(crate) fn ladder(hints: &[String], stages: Vec<String>, asks: Asks) -> Vec<String> {
    let mut hints = Hints::new(hints, stages, asks);
    std::iter::from_fn(|| hints.next()).collect()
}

/// A question's hints, one at a time: the teacher's first, then the tool's
/// stages, carrying on from as many stages as the teacher's hints stood for
/// rather than starting again, and past any stage that the teacher's hints
/// already said, so that each hint says more than the one before. While a yes-or-no question waits for its
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
        let last = stages.len().saturating_sub(1);
        let mut next = teacher.len().min(last);
        let said: Vec<&str> = teacher.iter().map(String::as_str).collect();
        while next < last && already_said(&stages[next], &said) {
            next += 1;
        }
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

    /// Whether [`Hints::next`] has a hint to give.
    pub(super) fn more(&self) -> bool {
        !self.teacher.is_empty() || self.next < self.most.min(self.stages.len())
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

/// Whether a stage of the tool's hints tells nothing that one of `said`
/// (the teacher's hints, or the question) has not: it names a row and
/// something in it, and one of them names the same rows and every number
/// it names. "Take from row 1, which has a group of 8" after "Take one
/// stick from the 8 in row 1" would say less than the hint before it. A
/// stage that names no row is never taken as said ("a group of 1" tells
/// something new after "5 is 4 + 1"), nor one that names only its row
/// ("Take from row 1" after "taking 3 from row 1 and leaving 1 and 1").
fn already_said(stage: &str, said: &[&str]) -> bool {
    let numbers = |text: &str| -> Vec<String> {
        text.split(|c: char| !c.is_ascii_digit())
            .filter(|n| !n.is_empty())
            .map(str::to_string)
            .collect()
    };
    let rows = |text: &str| -> Vec<String> {
        text.to_lowercase()
            .split("row ")
            .skip(1)
            .filter_map(|after| {
                numbers(after)
                    .into_iter()
                    .next()
                    .filter(|_| after.starts_with(|c: char| c.is_ascii_digit()))
            })
            .collect()
    };
    let (named, rows_named) = (numbers(stage), rows(stage));
    !rows_named.is_empty()
        && named.iter().any(|n| !rows_named.contains(n))
        && said.iter().any(|text| {
            let (given, rows_given) = (numbers(text), rows(text));
            rows_named.iter().all(|r| rows_given.contains(r))
                && named.iter().all(|n| given.contains(n))
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lesson::Part;
    use crate::lesson::games::OfGame;
    use crate::lesson::parse::parse;
    use crate::rules::bar::Bite;
    use crate::rules::game::Chomp;
    use crate::rules::moves::Move;
    use crate::rules::multi_move::MultiMove;
    use crate::rules::nim::Nim;
    use crate::teach::chomp::check::BiteJudgement;
    use crate::teach::lesson::{Directive, Setup, Work};
    use crate::teach::teaching::Teaching;
    use crate::teach::verdict::Judgement;

    fn question(source: &str) -> Question<Nim> {
        let lesson = parse(source.as_bytes()).unwrap();
        lesson
            .parts
            .into_iter()
            .find_map(|part| match part {
                Part::Question(OfGame::Nim(q)) => Some(q),
                _ => None,
            })
            .unwrap()
    }

    /// A move from one row.
    fn one(pile: usize, take: u64) -> MultiMove {
        MultiMove::from(Move { pile, take })
    }

    #[test]
    fn wrong_tries_never_bring_the_move_itself() {
        let q = question("title: t\nquestion: 3 5 7\nanswer: Well.\n");
        let mut asking = Asking::new(&q).unwrap();
        let mut given = Vec::new();
        for _ in 0..5 {
            match asking.play(one(2, 7)).unwrap() {
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
        let wrong = asking.play(one(2, 7)).unwrap();
        let Response::Mistake(_, Some(hint)) = wrong else {
            panic!("not a mistake: {wrong:?}")
        };
        // Row 3 was a row to take from, so only the number was wrong.
        assert_eq!(
            hint,
            "You took from a good row, but not the right number. Look at the 4s."
        );
        assert!(!asking.settled());
        let right = asking.play(one(0, 1)).unwrap();
        assert!(matches!(right, Response::Good(_)));
        assert!(asking.settled());
    }

    #[test]
    fn the_ladder_is_the_hints_a_question_gives_one_by_one() {
        let q = question("title: t\nquestion: 3 5 7\nhint: Look at the 4s.\nanswer: Well.\n");
        let mut asking = Asking::new(&q).unwrap();
        let given: Vec<String> = std::iter::from_fn(|| match asking.hint() {
            Response::Hint(hint) => Some(hint),
            _ => None,
        })
        .collect();
        let stages = Nim::hints(asking.analysis());
        assert_eq!(ladder(&q.hints, stages.clone(), Asks::Move), given);
        // Before its yes or no, a yes-or-no question gives only the first
        // stage, which tells nothing of who wins.
        assert_eq!(ladder(&[], stages.clone(), Asks::CanYouWin), stages[..1]);
    }

    #[test]
    fn a_yes_moves_a_can_you_win_question_on_to_the_move() {
        let q = question("title: t\ncan-you-win: 3 5 7\nanswer: Yes.\n");
        let mut asking = Asking::new(&q).unwrap();
        assert!(matches!(asking.yes_no(false), Response::NotQuite { .. }));
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
        assert!(matches!(asking.yes_no(true), Response::NotQuite { .. }));
        assert!(!asking.settled());
        let right = asking.yes_no(false);
        assert_eq!(
            right,
            Response::Right {
                why: "every group already has a partner, so whatever you take breaks a pair, and your opponent can pair everything up again: no move wins here.".to_string(),
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
        assert!(matches!(asking.yes_no(false), Response::NotQuite { .. }));
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
        let good = asking.play(one(0, 4)).unwrap();
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

    fn bar_question(shape: &str, hints: &[&str]) -> Question<Chomp> {
        let mut left = Chomp::budget();
        let mut work = Work::default();
        let mut setup =
            Setup::read(Directive::Question(Asks::Move), shape, &mut left, &mut work).unwrap();
        setup.work_out().unwrap();
        Question {
            asks: Asks::Move,
            setup,
            ask: None,
            hints: hints.iter().map(|h| h.to_string()).collect(),
            answer: "Copy.".to_string(),
            groups_shown: false,
        }
    }

    #[test]
    fn every_try_is_judged_as_on_its_own_with_the_search_made_once() {
        // Misère with a set of takes on several rows: the search.
        let q = question("title: t\nquestion: 6 7 9 --take 1,3,4\nanswer: Well.\n");
        let analysis = q.setup.analysis().unwrap();
        let mut kept = None;
        let mut searched = None;
        for mv in analysis.position.moves_with(&analysis.game.takes) {
            let mv = MultiMove::from(mv);
            let tried = Nim::judged(&analysis, &mut kept, &mv).unwrap();
            let alone = Judgement::from_analysis(analysis.clone(), mv.clone()).unwrap();
            assert_eq!(tried.verdict, alone.verdict, "{mv:?}");
            assert_eq!(tried.after, alone.after, "{mv:?}");
            // Every position a move leaves was found by the first search.
            let tried = kept.as_ref().expect("a try keeps its search").tried();
            assert!(tried > 0);
            assert_eq!(*searched.get_or_insert(tried), tried, "{mv:?}");
        }
        let q = bar_question("4x5", &[]);
        let analysis = q.setup.analysis().unwrap();
        let mut kept = None;
        for row in 1..=4 {
            for column in 1..=5 {
                let bite = Bite::new(row, column);
                let tried = Chomp::judged(&analysis, &mut kept, &bite).unwrap();
                let alone = BiteJudgement::new(&analysis.bar, bite, None).unwrap();
                assert_eq!(tried, alone, "{bite}");
            }
        }
        assert!(matches!(kept, Some(Some(_))), "the bar's search is kept");
    }

    #[test]
    fn a_wrong_bite_gets_its_verdict_and_the_teachers_hint_first() {
        let q = bar_question("3x3", &["Look for an L."]);
        let mut asking = Asking::new(&q).unwrap();
        let wrong = asking.play(Bite::new(3, 3)).unwrap();
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
        let right = asking.play(Bite::new(2, 2)).unwrap();
        assert!(matches!(right, Response::Good(_)));
        assert!(asking.settled());
        assert_eq!(
            asking.answer().answer,
            "the winning bite is row 2, column 2."
        );
    }

    #[test]
    fn a_bite_on_a_lost_bar_waits_for_the_no_without_giving_it_away() {
        let q = bar_question("3,1,1", &[]);
        let mut asking = Asking::new(&q).unwrap();
        let tried = asking.play(Bite::new(1, 3)).unwrap();
        assert!(matches!(tried, Response::Tried { what: "bite", .. }));
        assert!(
            tried.verdict().is_none(),
            "no verdict: it would say no bite wins"
        );
        assert!(!asking.settled());
        let words = tried.words("type show", None, "").join(" ");
        assert!(words.starts_with("That bite does not win."), "{words}");
        assert!(!words.contains("no bite wins here."), "{words}");
        assert!(matches!(asking.yes_no(false), Response::Right { .. }));
        assert!(asking.settled());
        assert_eq!(asking.answer().answer, "no bite wins here.");
        assert_eq!(
            q.heading(),
            "Question: 3,1,1 (Chomp: whoever eats the poisoned square loses)"
        );
        assert_eq!(q.asked(), "Your bite: which square do you bite?");
    }

    #[test]
    fn a_bite_question_takes_a_yes_or_a_no_as_a_move_question_does() {
        // No bite wins on 3,1,1: "no" says so and settles the question.
        let lost = bar_question("3,1,1", &[]);
        let mut asking = Asking::new(&lost).unwrap();
        assert!(matches!(asking.yes_no(true), Response::NotQuite { .. }));
        let right = asking.yes_no(false);
        assert_eq!(
            right,
            Response::Right {
                why: "no bite wins here.".to_string(),
                then_move: false,
            }
        );
        assert!(asking.settled());
        // A yes on a bar that is won asks for the bite.
        let won = bar_question("2x2", &[]);
        let mut asking = Asking::new(&won).unwrap();
        let right = asking.yes_no(true);
        assert_eq!(
            asking.words(&right, "type show", "type hint"),
            ["Right: you can win.", "So which square do you bite?"]
        );
        assert!(!asking.settled());
        assert!(matches!(
            asking.play(Bite::new(2, 2)).unwrap(),
            Response::Good(_)
        ));
    }

    /// Every hint a question gives, one by one, with the ask before them.
    fn given<G: InLesson>(q: &Question<G>) -> Vec<String> {
        let mut asking = Asking::new(q).unwrap();
        asking.hints.allow_all();
        std::iter::from_fn(|| match asking.hint() {
            Response::Hint(hint) => Some(hint.replace('\u{a0}', " ")),
            _ => None,
        })
        .collect()
    }

    #[test]
    fn no_bundled_hint_of_the_tool_only_repeats_the_question_or_the_lesson() {
        for found in crate::lesson::bundled::LESSONS {
            let lesson = crate::lesson::bundled(found.name).unwrap();
            for part in lesson.parts {
                let Part::Question(q) = part else { continue };
                let (ask, teachers, hints) = match &q {
                    OfGame::Nim(q) => (q.ask.clone(), q.hints.len(), given(q)),
                    OfGame::Chomp(q) => (q.ask.clone(), q.hints.len(), given(q)),
                };
                // The tool's stages after the lesson's own hints; the last,
                // the move, is given whatever was said.
                let last = hints.len().saturating_sub(1);
                for (i, hint) in hints.iter().enumerate().take(last).skip(teachers) {
                    let before: Vec<&str> = hints[..teachers.min(i)]
                        .iter()
                        .map(String::as_str)
                        .chain(ask.as_deref())
                        .collect();
                    assert!(
                        !already_said(hint, &before),
                        "{}: {hint:?} says no more than {before:?}",
                        found.name
                    );
                }
            }
        }
    }

    #[test]
    fn a_tool_stage_the_lessons_hints_went_past_is_skipped() {
        let lesson = crate::lesson::bundled("winning-move").unwrap();
        let q = lesson
            .parts
            .iter()
            .find_map(|part| match part {
                Part::Question(OfGame::Nim(q)) if q.setup.position.piles() == [9, 5, 3] => Some(q),
                _ => None,
            })
            .unwrap();
        let hints = given(q);
        // The lesson's two hints, then the move: "Take from row 1, which has
        // a group of 8" would say less than "Take one stick from the 8 in
        // row 1".
        assert_eq!(hints.len(), 3, "{hints:#?}");
        assert!(hints[2].starts_with("The move is"), "{hints:#?}");
    }

    #[test]
    fn the_chomp_lessons_hints_never_repeat_the_counts_of_the_question() {
        let lesson = crate::lesson::bundled("chomp").unwrap();
        let numbers = |text: &str| -> Vec<String> {
            let mut n: Vec<String> = text
                .split(|c: char| !c.is_ascii_digit())
                .filter(|n| !n.is_empty())
                .map(str::to_string)
                .collect();
            n.sort();
            n.dedup();
            n
        };
        for part in lesson.parts {
            let Part::Question(OfGame::Chomp(q)) = part else {
                continue;
            };
            let ask = numbers(q.ask.as_deref().unwrap_or_default());
            let hints = given(&q);
            // Before the bite itself, no hint only counts again what the
            // question counted ("Two rows of 6 squares each"); the row to
            // bite in is news.
            for hint in hints[..hints.len() - 1]
                .iter()
                .filter(|h| !h.contains("in row"))
            {
                let counted = numbers(hint);
                assert!(
                    counted.is_empty() || !counted.iter().all(|n| ask.contains(n)),
                    "{hint:?} repeats {:?}",
                    q.ask
                );
            }
        }
    }

    #[test]
    fn a_wrong_try_points_to_the_hint_left_before_the_answer() {
        let q = question("title: t\nquestion: 3 5 7\nanswer: Well.\n");
        let mut asking = Asking::new(&q).unwrap();
        let words = |asking: &mut Asking<Nim>| {
            let wrong = asking.play(one(2, 7)).unwrap();
            asking.words(&wrong, "type show", "type hint").join(" ")
        };
        for _ in 0..3 {
            assert!(words(&mut asking).contains("Hint: "));
        }
        // The move itself never comes with a try, but Hint still gives it.
        assert_eq!(
            words(&mut asking),
            "Not yet: try again. Type hint for one more hint, or type show to see the answer."
        );
        assert!(matches!(asking.hint(), Response::Hint(_)));
        assert_eq!(
            words(&mut asking),
            "Not yet: try again. Type show to see the answer."
        );
    }
}
