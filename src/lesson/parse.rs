//! Reading a lesson file.
//!
//! The format is line by line. `# ...` is a comment. A line `keyword: text`
//! whose keyword is a lowercase word is a directive; `pause` alone is a
//! pause; anything else is narration, and a blank line ends a paragraph.
//! Narration lines right after `ask:`, `hint:` or `answer:` continue that
//! text. Every problem is collected with its line number, so a teacher sees
//! them all at once.
//!
//! Each line is charged to the lesson's budgets as it is read, with what it
//! will cost to work out and lay out; the line that would pass one is the
//! last read, and the lesson is refused at once. Only when every line is
//! within them are the positions worked out, in a second pass.

use super::games::{self, AnySetup, Budgets, of_game};
use super::{Lesson, Next, Part, Problem, Question};
use crate::render::wrap::is_list_marker;
use crate::rules::row_reader::{is_turning, is_unprintable, printable};
use crate::teach::lesson::{Asks, Directive, LINE_STEPS, Refused};

/// The directives a lesson may use: the title and the summary, those that
/// set up a position of each game, and those that belong to a question.
fn directives() -> impl Iterator<Item = &'static str> {
    ["title", "summary"]
        .into_iter()
        .chain(games::keywords())
        .chain(["ask", "hint", "answer"])
}

/// Parses a lesson, or lists every problem in it.
pub fn parse(source: &[u8]) -> Result<Lesson, Vec<Problem>> {
    parse_within(source, Budgets::default())
}

/// Parses a lesson whose work and searches may do at most what `budgets`
/// allow.
pub(super) fn parse_within(source: &[u8], budgets: Budgets) -> Result<Lesson, Vec<Problem>> {
    let mut parser = Parser {
        budgets,
        ..Parser::default()
    };
    let source = source.strip_prefix(b"\xef\xbb\xbf").unwrap_or(source);
    for (index, raw) in source.split(|&b| b == b'\n').enumerate() {
        if parser.stopped {
            break;
        }
        let line = index + 1;
        match std::str::from_utf8(raw) {
            Ok(text) => parser.line(line, text.trim_end()),
            Err(_) => parser.problem(
                line,
                "this line is not valid UTF-8 text: save the file as UTF-8".to_string(),
            ),
        }
    }
    parser.finish()
}

/// Where narration lines go when they continue a directive.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Continues {
    Ask,
    Hint,
    Answer,
}

/// A question still being read.
#[derive(Debug)]
struct Draft {
    line: usize,
    keyword: String,
    asks: Asks,
    /// `None` when the position was bad (already reported); the question
    /// still collects its lines so they are not reported as stray.
    setup: Option<AnySetup>,
    ask: Option<String>,
    hints: Vec<String>,
    answer: Option<String>,
}

#[derive(Debug, Default)]
struct Parser {
    title: Option<String>,
    summary: Option<String>,
    parts: Vec<Part>,
    paragraph: Vec<String>,
    question: Option<Draft>,
    continues: Option<Continues>,
    problems: Vec<Problem>,
    /// What the lesson's work and its searches of each game may still do.
    budgets: Budgets,
    /// The parts to work out once every line is read: each part's place,
    /// its line and its directive.
    to_work_out: Vec<(usize, usize, String)>,
    /// Whether a line passed a budget, so no more are read.
    stopped: bool,
}

impl Parser {
    fn problem(&mut self, line: usize, message: String) {
        self.problems.push(Problem { line, message });
    }

    /// Refuses the lesson at `line`, which would pass a budget: the
    /// problem is reported and nothing after it is read.
    fn stop(&mut self, line: usize, message: String) {
        self.problem(line, message);
        self.stopped = true;
    }

    fn line(&mut self, line: usize, text: &str) {
        if text.trim_start().starts_with('#') || text.trim().is_empty() {
            self.blank_or_comment(text);
            return;
        }
        // Every other line is printed or worked out, and so costs.
        if let Err(Refused::OverBudget(message) | Refused::Problem(message)) =
            self.budgets.work.spend(LINE_STEPS)
        {
            return self.stop(line, message);
        }
        // Shown as it is, a control character would reach the terminal: an
        // escape can clear the screen or colour it, and no line's width
        // can be measured.
        if let Some(c) = text.chars().find(|&c| is_unprintable(c) && c != '\t') {
            let what = match is_turning(c) {
                true => "the invisible mark",
                false => "the control character",
            };
            return self.problem(
                line,
                format!(
                    "this line holds {what} {}: remove it, as a lesson is plain text",
                    printable(&c.to_string())
                ),
            );
        }
        if text.trim() == "pause" {
            self.end_block();
            self.parts.push(Part::Pause);
            return;
        }
        match directive(text) {
            Some((keyword, value)) => self.directive(line, keyword, value),
            None => self.narration(text.trim()),
        }
    }

    /// A blank line ends a paragraph; a comment does nothing.
    fn blank_or_comment(&mut self, text: &str) {
        if text.trim().is_empty() {
            self.end_paragraph();
            self.continues = None;
        }
    }

    fn narration(&mut self, text: &str) {
        match (self.continues, self.question.as_mut()) {
            (Some(target), Some(q)) => {
                let slot = match target {
                    Continues::Ask => q.ask.as_mut(),
                    Continues::Hint => q.hints.last_mut(),
                    Continues::Answer => q.answer.as_mut(),
                };
                if let Some(slot) = slot {
                    slot.push(' ');
                    slot.push_str(text);
                }
            }
            _ => {
                self.end_question();
                self.paragraph.push(text.to_string());
            }
        }
    }

    fn end_paragraph(&mut self) {
        if self.paragraph.is_empty() {
            return;
        }
        // Lines are joined into one paragraph, except that a list item
        // ("- ..." or "1. ...") starts a line of its own.
        let mut text = String::new();
        for line in self.paragraph.drain(..) {
            if !text.is_empty() {
                text.push(if is_list_item(&line) { '\n' } else { ' ' });
            }
            text.push_str(&line);
        }
        self.parts.push(Part::Text(text));
    }

    fn directive(&mut self, line: usize, keyword: &str, value: &str) {
        self.continues = None;
        let needs_text = |parser: &mut Parser| {
            if value.is_empty() {
                parser.problem(line, format!("'{keyword}:' needs some text after it"));
            }
            !value.is_empty()
        };
        if let Some((directive, setup)) = games::read(keyword, value, &mut self.budgets) {
            return self.position(line, keyword, directive, setup);
        }
        match keyword {
            "title" | "summary" => {
                self.end_block();
                if !needs_text(self) {
                    return;
                }
                let slot = match keyword {
                    "title" => &mut self.title,
                    _ => &mut self.summary,
                };
                match slot {
                    Some(_) => self.problem(line, format!("a lesson has only one '{keyword}:'")),
                    None => *slot = Some(value.to_string()),
                }
            }
            "ask" | "hint" | "answer" => {
                self.end_paragraph();
                if !needs_text(self) {
                    return;
                }
                let Some(q) = self.question.as_mut() else {
                    return self.problem(
                        line,
                        format!("'{keyword}:' belongs to a question: put it after a 'question:' line"),
                    );
                };
                let (slot, target) = match keyword {
                    "ask" => (&mut q.ask, Continues::Ask),
                    "hint" => {
                        q.hints.push(value.to_string());
                        self.continues = Some(Continues::Hint);
                        return;
                    }
                    _ => (&mut q.answer, Continues::Answer),
                };
                match slot {
                    Some(_) => {
                        self.problem(line, format!("this question already has an '{keyword}:'"))
                    }
                    None => {
                        *slot = Some(value.to_string());
                        self.continues = Some(target);
                    }
                }
            }
            other => self.problem(
                line,
                format!(
                    "unknown directive '{other}:'; the directives are {}, and pause (narration may not start with a lowercase word and a colon)",
                    directives()
                        .map(|d| format!("{d}:"))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            ),
        }
    }

    /// A directive that sets up a position of a game: to draw, to explain
    /// or to ask about. Its position was read and charged by the game, and
    /// is worked out, when the directive needs it, once every line is read.
    fn position(
        &mut self,
        line: usize,
        keyword: &str,
        directive: Directive,
        setup: Result<AnySetup, Refused>,
    ) {
        self.end_block();
        let setup = match setup {
            Ok(setup) => Some(setup),
            Err(Refused::Problem(message)) => {
                self.problem(line, format!("'{keyword}:' {message}"));
                None
            }
            Err(Refused::OverBudget(message)) => return self.stop(line, message),
        };
        match (directive, setup) {
            (Directive::Show, Some(setup)) => self.parts.push(Part::Show(setup)),
            (Directive::Explain, Some(setup)) => {
                self.to_work_out
                    .push((self.parts.len(), line, keyword.to_string()));
                self.parts.push(Part::Explain(setup));
            }
            (Directive::Question(asks), setup) => {
                self.question = Some(Draft {
                    line,
                    keyword: keyword.to_string(),
                    asks,
                    setup,
                    ask: None,
                    hints: Vec::new(),
                    answer: None,
                })
            }
            (Directive::Show | Directive::Explain, None) => {}
        }
    }

    fn end_question(&mut self) {
        self.continues = None;
        let Some(q) = self.question.take() else {
            return;
        };
        match (q.answer, q.setup) {
            (Some(answer), Some(setup)) => {
                self.to_work_out.push((self.parts.len(), q.line, q.keyword));
                let question = of_game!(map setup, setup => Question {
                    asks: q.asks,
                    setup,
                    ask: q.ask,
                    hints: q.hints,
                    answer,
                    groups_shown: false,
                });
                self.parts.push(Part::Question(question));
            }
            (Some(_), None) => {}
            (None, _) => self.problem(
                q.line,
                "this question has no answer: add an 'answer:' line for the reveal".to_string(),
            ),
        }
    }

    /// Ends whatever paragraph or question is open.
    fn end_block(&mut self) {
        self.end_paragraph();
        self.end_question();
    }

    /// Works out every part that explains a position or asks about it, now
    /// that the lesson is known to be within its budgets.
    fn work_out(&mut self) {
        for (at, line, keyword) in std::mem::take(&mut self.to_work_out) {
            let worked = match &mut self.parts[at] {
                Part::Explain(setup) => of_game!(setup, s => s.work_out()),
                Part::Question(q) => of_game!(q, q => q.setup.work_out()),
                Part::Text(_) | Part::Pause | Part::Show(_) => Ok(()),
            };
            if let Err(message) = worked {
                self.problem(line, format!("'{keyword}:' {message}"));
            }
        }
    }

    fn finish(mut self) -> Result<Lesson, Vec<Problem>> {
        if self.stopped {
            self.problems.sort_by_key(|p| p.line);
            return Err(self.problems);
        }
        self.end_block();
        self.work_out();
        if self.title.is_none() {
            self.problem(
                1,
                "the lesson has no title: add a 'title:' line".to_string(),
            );
        }
        if self.parts.is_empty() && self.problems.is_empty() {
            self.problem(
                1,
                "the lesson is empty: add narration, a position or a question".to_string(),
            );
        }
        // Groups shown anywhere in the lesson may be shown after a try too.
        let groups_shown = self.parts.iter().any(|part| match part {
            Part::Explain(setup) => of_game!(setup, s => s.shows_working(Directive::Explain)),
            Part::Show(setup) => of_game!(setup, s => s.shows_working(Directive::Show)),
            Part::Text(_) | Part::Pause | Part::Question(_) => false,
        });
        for part in &mut self.parts {
            if let Part::Question(q) = part {
                of_game!(q, q => q.groups_shown = groups_shown);
            }
        }
        match (self.problems.is_empty(), self.title) {
            (true, Some(title)) => Ok(Lesson {
                title,
                summary: self.summary,
                parts: self.parts,
                next: Next::Unknown,
            }),
            _ => {
                self.problems.sort_by_key(|p| p.line);
                Err(self.problems)
            }
        }
    }
}

/// Whether a narration line starts a list item: "- text" or "2. text".
fn is_list_item(line: &str) -> bool {
    line.split_once(' ')
        .is_some_and(|(marker, _)| is_list_marker(marker))
}

/// Splits `keyword: value` when the keyword is a lowercase word (hyphens
/// allowed, as in `can-you-win`).
fn directive(text: &str) -> Option<(&str, &str)> {
    let (keyword, value) = text.split_once(':')?;
    let keyword = keyword.trim_start();
    keyword
        .bytes()
        .all(|b| b.is_ascii_lowercase() || b == b'-')
        .then_some(())
        .filter(|_| !keyword.is_empty())
        .map(|_| (keyword, value.trim()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lesson::games::OfGame;
    use crate::rules::nim::Nim;
    use crate::rules::position::Position;
    use crate::rules::rule::Rule;
    use crate::rules::take_set::TakeSet;
    use crate::solve::search::{Budget, Solver};
    use crate::teach::analysis::{Analysis, Extras};
    use crate::teach::lesson::nim::{Shown, row_steps};
    use crate::teach::lesson::{POSITION_STEPS, Setup, Work};
    use std::collections::HashMap;

    #[test]
    fn a_small_lesson() {
        let source = "title: Pairs\nsummary: Equal rows.\n\n# a comment\nTwo rows\nof four:\n- one\n  more\n2. two\n\npause\nshow: 4 4\nexplain: 4,4 --xor --normal\nquestion: 4 4\nask: Your move?\nhint: Copy.\nhint: Really,\ncopy.\nanswer: Nothing wins.\nIt is lost.\n\nThe end.\n";
        let lesson = parse(source.as_bytes()).unwrap();
        assert_eq!(lesson.title, "Pairs");
        assert_eq!(lesson.summary.as_deref(), Some("Equal rows."));
        let four_four = Position::new(vec![4, 4]);
        // Explanations and questions are worked out as they are read.
        let worked =
            |game: Nim| Some(Analysis::new(four_four.clone(), game, Extras::default()).unwrap());
        assert_eq!(
            lesson.parts,
            vec![
                Part::Text("Two rows of four:\n- one more\n2. two".to_string()),
                Part::Pause,
                Part::Show(OfGame::Nim(Setup {
                    position: four_four.clone(),
                    game: Nim::new(Rule::Misere),
                    options: Shown {
                        xor: false,
                        groups: false,
                    },
                    hide: None,
                    analysis: None,
                })),
                Part::Explain(OfGame::Nim(Setup {
                    position: four_four.clone(),
                    game: Nim::new(Rule::Normal),
                    options: Shown {
                        xor: true,
                        groups: false,
                    },
                    hide: None,
                    analysis: worked(Nim::new(Rule::Normal)),
                })),
                Part::Question(OfGame::Nim(Question {
                    asks: Asks::Move,
                    setup: Setup {
                        position: four_four.clone(),
                        game: Nim::new(Rule::Misere),
                        options: Shown {
                            xor: false,
                            groups: false,
                        },
                        hide: None,
                        analysis: worked(Nim::new(Rule::Misere)),
                    },
                    ask: Some("Your move?".to_string()),
                    hints: vec!["Copy.".to_string(), "Really, copy.".to_string()],
                    answer: "Nothing wins. It is lost.".to_string(),
                    groups_shown: true,
                })),
                Part::Text("The end.".to_string()),
            ]
        );
    }

    #[test]
    fn the_searches_of_a_whole_lesson_share_one_budget() {
        // Each of these positions needs the search (misère, limited takes,
        // two rows), and all of them together pass a small budget.
        let source = "title: T\nexplain: 6 6 --take 1-3\nquestion: 6 5 --take 1-3\nanswer: A.\nexplain: 7 6 --take 1-3\nshow: 99 99\n";
        let one = Solver::for_game(
            Nim::with_takes(Rule::Misere, TakeSet::parse("1-3").unwrap()),
            Budget::default(),
        );
        let cost = |rows: &[u64]| one.estimate(rows).unwrap().moves;
        let two = cost(&[6, 6]) + cost(&[6, 5]);
        let moves = |moves| Budgets {
            nim: (moves, HashMap::new()),
            ..Budgets::default()
        };
        assert!(parse_within(source.as_bytes(), moves(two + cost(&[7, 6]))).is_ok());
        let problems = parse_within(source.as_bytes(), moves(two)).unwrap_err();
        assert_eq!(
            problems,
            vec![Problem {
                line: 5,
                message: "by this line the lesson would try more than 200,000,000 moves in its searches (LESSON_SEARCH), the most one lesson may: use smaller rows, or split the lesson".to_string(),
            }]
        );
    }

    #[test]
    fn a_whole_lesson_is_refused_at_the_line_that_passes_its_work() {
        // Three lines of 2,000 steps, then a position of three rows:
        // 20,000 steps, and 2,000 for each row and 500 for each group.
        let source = "title: T\nSome text.\npause\nexplain: 3 5 7\nshow: x\nshow: y\n";
        let work = |steps| Budgets {
            work: Work::of(steps),
            ..Budgets::default()
        };
        let lines = |problems: &[Problem]| problems.iter().map(|p| p.line).collect::<Vec<_>>();
        let problems = parse_within(source.as_bytes(), Budgets::default()).unwrap_err();
        assert_eq!(lines(&problems), [5, 6], "{problems:?}");
        // With just enough for the first four lines, the fifth passes the
        // budget: it is the one problem, and nothing after it is read.
        let before = 3 * LINE_STEPS;
        let explain = LINE_STEPS + POSITION_STEPS + row_steps(3) + row_steps(5) + row_steps(7);
        let problems = parse_within(source.as_bytes(), work(before + explain)).unwrap_err();
        assert_eq!(lines(&problems), [5], "{problems:?}");
        // One step short, the lesson stops at its fourth line.
        let problems = parse_within(source.as_bytes(), work(before + explain - 1)).unwrap_err();
        assert_eq!(
            problems,
            vec![Problem {
                line: 4,
                message: "by this line the lesson would take more than 50,000,000 steps of work (LESSON_WORK), the most one lesson may: split it into shorter lessons, or use fewer or smaller positions".to_string(),
            }]
        );
        // Problems found before the stop are reported too, in line order:
        // a question's missing answer is found after the lines below it.
        let unanswered = "title: T\nquestion: 3 5\nhint:\n\nSome text.\nMore.\n";
        let four_lines = 4 * LINE_STEPS + POSITION_STEPS + row_steps(3) + row_steps(5);
        let problems = parse_within(unanswered.as_bytes(), work(four_lines)).unwrap_err();
        assert_eq!(lines(&problems), [2, 3, 6], "{problems:?}");
        // A comment and a blank line cost nothing.
        let quiet = "title: T\n# note\n\nSome text.\n";
        assert!(parse_within(quiet.as_bytes(), work(2 * LINE_STEPS)).is_ok());
    }

    #[test]
    fn a_question_needs_a_move_to_make() {
        // The check of a game against the computer, in its words.
        let source = "title: T\nquestion: 5 --take 7\nanswer: A.\nquestion: 3 4 --take 7\nanswer: A.\ncan-you-win: 5 --take 7\nanswer: A.\nchomp-question: 1x1\nanswer: A.\nquestion: 7 --take 7\nanswer: A.\n";
        let problems = parse(source.as_bytes()).unwrap_err();
        let said: Vec<(usize, &str)> = problems
            .iter()
            .map(|p| (p.line, p.message.as_str()))
            .collect();
        assert_eq!(
            said,
            [
                (
                    2,
                    "'question:' cannot be asked: there is no move to make from 5: start with sticks that can be taken"
                ),
                (
                    4,
                    "'question:' cannot be asked: there is no move to make from 3 4: start with sticks that can be taken"
                ),
                (
                    6,
                    "'can-you-win:' cannot be asked: there is no move to make from 5: start with sticks that can be taken"
                ),
                (
                    8,
                    "'chomp-question:' cannot be asked: there is no bite to make from 1x1: start with a bar bigger than the poisoned square, such as 2x3"
                ),
            ]
        );
    }

    #[test]
    fn windows_line_endings_and_a_byte_order_mark() {
        let lesson = parse(b"\xef\xbb\xbftitle: T\r\nSome text.\r\n").unwrap();
        assert_eq!(lesson.title, "T");
        assert_eq!(lesson.parts, vec![Part::Text("Some text.".to_string())]);
    }

    #[test]
    fn control_characters_are_refused() {
        let problems = parse(b"title: T\nSome \x1b[2Jtext.\n# a \x07 comment\n").unwrap_err();
        assert_eq!(
            problems,
            vec![Problem {
                line: 2,
                message: r"this line holds the control character \u{1b}: remove it, as a lesson is plain text".to_string(),
            }]
        );
    }

    #[test]
    fn narration_may_start_with_a_capital_and_a_colon() {
        let lesson = parse(b"title: T\nNote: this is narration.\n").unwrap();
        assert_eq!(
            lesson.parts,
            vec![Part::Text("Note: this is narration.".to_string())]
        );
    }
}
