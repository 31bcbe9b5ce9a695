//! Running a lesson: in class, waiting at pauses and checking answers, or
//! straight through with the answers revealed (`--auto`).
//!
//! A question never shows its answer before the class has tried or asked.
//! A wrong answer gets its verdict and the next hint: the teacher's hints
//! first, then the tool's own, stage by stage. An explanation is shown a
//! step at a time when someone is at the keyboard, so it never pushes the
//! narration off the screen.
//!
//! Input is read line by line whether it comes from a terminal or a script;
//! at the end of input the lesson carries on as with `--auto`.

use colored::Colorize;

use super::{Asks, Lesson, LessonError, Part, Question, Setup};
use crate::console::answer::Answer;
use crate::console::ask::{self, Reply};
use crate::console::io::Io;
use crate::console::line::Line;
use crate::console::steps::{Stepped, step_through};
use crate::render::text;
use crate::rules::outcome::Outcome;
use crate::teach::analysis::Analysis;
use crate::teach::board;
use crate::teach::check::{answer, check, verdict_only, why, yes_or_no};
use crate::teach::document::Block;
use crate::teach::explain::{Options, explain};
use crate::teach::hints::hints;
use crate::teach::verdict::{Judgement, Verdict};

/// Whether to go on after a step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Flow {
    Next,
    Quit,
}

struct Runner<'r, 'io> {
    io: &'r mut Io<'io>,
    /// Print without waiting, answers revealed.
    auto: bool,
}

/// Runs `lesson`; with `auto`, prints it straight through.
pub fn run(lesson: &Lesson, auto: bool, io: &mut Io<'_>) -> Result<(), LessonError> {
    let mut runner = Runner { io, auto };
    runner.header(lesson)?;
    for part in &lesson.parts {
        let flow = match part {
            Part::Text(paragraph) => runner.paragraph(paragraph),
            Part::Pause => runner.pause("(Enter: go on, q: quit) "),
            Part::Show(setup) => runner.show(setup),
            Part::Explain(setup) => runner.explain(setup),
            Part::Question(q) => runner.question(q),
        }?;
        if flow == Flow::Quit {
            return runner.say("Lesson stopped.");
        }
    }
    runner.say("End of the lesson.")
}

impl Runner<'_, '_> {
    fn write(&mut self, text: &str) -> Result<(), LessonError> {
        self.io.out.write_all(text.as_bytes())?;
        Ok(())
    }

    fn say(&mut self, words: &str) -> Result<(), LessonError> {
        ask::say(self.io, words)?;
        Ok(())
    }

    fn blocks(&mut self, blocks: &[Block], indent: &str) -> Result<(), LessonError> {
        let style = self.io.style();
        self.write(&text::blocks(blocks, indent, style))
    }

    fn header(&mut self, lesson: &Lesson) -> Result<(), LessonError> {
        let title = format!("Lesson: {}", lesson.title);
        let title = match self.io.color {
            true => title.bold().to_string(),
            false => title,
        };
        self.say(&title)?;
        if let Some(summary) = &lesson.summary {
            self.say(summary)?;
        }
        self.write("\n")
    }

    /// A wrapped paragraph and a blank line.
    fn paragraph(&mut self, paragraph: &str) -> Result<Flow, LessonError> {
        self.say(paragraph)?;
        self.write("\n")?;
        Ok(Flow::Next)
    }

    /// Waits at a prompt; `q` stops the lesson. At the end of input, and
    /// with `--auto`, it goes on at once.
    fn pause(&mut self, prompt: &str) -> Result<Flow, LessonError> {
        if self.auto {
            return Ok(Flow::Next);
        }
        match ask::read(self.io, prompt)? {
            Line::End => {
                self.auto = true;
                Ok(Flow::Next)
            }
            Line::Text(text) if Answer::parse(&text, 0) == Answer::Quit => Ok(Flow::Quit),
            _ => {
                self.write("\n")?;
                Ok(Flow::Next)
            }
        }
    }

    fn show(&mut self, setup: &Setup) -> Result<Flow, LessonError> {
        let drawing = match setup.groups {
            true => board::joined(&setup.position),
            false => board::plain(&setup.position),
        };
        self.blocks(&[drawing], "  ")?;
        self.write("\n")?;
        Ok(Flow::Next)
    }

    /// The explanation, a step at a time when someone is at the keyboard.
    fn explain(&mut self, setup: &Setup) -> Result<Flow, LessonError> {
        let analysis = setup.analysis()?;
        let options = Options {
            xor: setup.xor,
            hide: setup.hide,
        };
        let sections = text::sections(&explain(&analysis, options), self.io.style());
        let stepped = step_through(self.io, &sections, &[], !self.auto)?;
        self.write("\n")?;
        Ok(match stepped {
            Stepped::Done => Flow::Next,
            Stepped::Quit => Flow::Quit,
        })
    }

    fn question(&mut self, q: &Question) -> Result<Flow, LessonError> {
        let setup = &q.setup;
        let analysis = setup.analysis()?;
        let heading = format!(
            "Question: {} ({})",
            setup.position,
            setup.game.describe(setup.position.len())
        );
        let heading = match self.io.color {
            true => heading.bold().to_string(),
            false => heading,
        };
        self.say(&heading)?;
        self.blocks(&[board::plain(&setup.position)], "  ")?;
        let (default, instructions) = match (q.asks, setup.position.len()) {
            (Asks::CanYouWin, _) => (
                "Can the player to move win?",
                "Type yes or no, or hint, show or q.",
            ),
            (Asks::Move, 1) => (
                "Your move: how many do you take?",
                "Type how many sticks to take, or hint, show or q.",
            ),
            (Asks::Move, _) => (
                "Your move: what do you take?",
                "Type a move as ROW COUNT (\"2 3\" takes 3 sticks from row 2) or the rows after it, or hint, show or q.",
            ),
        };
        self.paragraph(q.ask.as_deref().unwrap_or(default))?;
        if self.auto {
            return self.reveal(q, &analysis);
        }
        self.say(instructions)?;
        let mut hints = Hints::new(&q.hints, hints(&analysis), q.asks);
        let mut asks = q.asks;
        loop {
            let question = ask::Question {
                prompt: "> ",
                position: &setup.position,
                game: &setup.game,
                yes_no: asks == Asks::CanYouWin,
            };
            let reply = ask::ask(self.io, question)?;
            let won = analysis.outcome == Outcome::Win;
            match reply {
                Reply::Hint => match hints.next() {
                    Some(hint) => self.say(&format!("Hint: {hint}"))?,
                    None => self.say("No more hints: type show to see the answer.")?,
                },
                Reply::Show => break,
                Reply::Quit => return Ok(Flow::Quit),
                Reply::End => {
                    self.auto = true;
                    break;
                }
                Reply::Undo => self.say("There is nothing to undo in a lesson.")?,
                Reply::Yes | Reply::No if (reply == Reply::Yes) == won => {
                    self.say(&format!("Right: {}", why(&analysis)))?;
                    match won {
                        // Yes, so now the move.
                        true => {
                            asks = Asks::Move;
                            hints.allow_all();
                            self.say("So what do you take?")?;
                        }
                        false => break,
                    }
                }
                Reply::Yes | Reply::No => {
                    let hint = hints.next();
                    self.not_yet("Not quite.", hint)?;
                }
                Reply::Move(mv) => {
                    let j = Judgement::from_analysis(analysis.clone(), mv)?;
                    match j.verdict {
                        Verdict::Mistake => {
                            let style = self.io.style();
                            self.write(&text::document(&verdict_only(&j), style))?;
                            let hint = hints.next();
                            self.not_yet("Not yet: try again.", hint)?;
                        }
                        Verdict::Good => {
                            let style = self.io.style();
                            self.write(&text::document(&check(&j), style))?;
                            self.say("Well done.")?;
                            break;
                        }
                        Verdict::LostAnyway => {
                            let style = self.io.style();
                            self.write(&text::document(&check(&j), style))?;
                            break;
                        }
                    }
                }
            }
        }
        self.write("\n")?;
        self.reveal(q, &analysis)
    }

    /// After a wrong try: say so, and give the next hint if there is one.
    fn not_yet(&mut self, words: &str, hint: Option<String>) -> Result<(), LessonError> {
        match hint {
            Some(hint) => self.say(&format!("{words} Hint: {hint}")),
            None => self.say(&format!("{words} Type show to see the answer.")),
        }
    }

    fn reveal(&mut self, q: &Question, analysis: &Analysis) -> Result<Flow, LessonError> {
        let answer = match q.asks {
            Asks::Move => answer(analysis),
            Asks::CanYouWin => yes_or_no(analysis),
        };
        self.paragraph(&format!("Answer: {answer}"))?;
        self.paragraph(&q.answer)
    }
}

/// A question's hints, one at a time: the teacher's first, then the tool's
/// stages, carrying on from as many stages as the teacher's hints stood for
/// rather than starting again. While a yes-or-no question waits for its
/// yes or no, only the tool's first stage is offered: the others tell who
/// wins.
struct Hints {
    teacher: std::collections::VecDeque<String>,
    stages: Vec<String>,
    next: usize,
    most: usize,
}

impl Hints {
    fn new(teacher: &[String], stages: Vec<String>, asks: Asks) -> Hints {
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

    fn next(&mut self) -> Option<String> {
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
}
