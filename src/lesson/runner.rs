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

use super::asking::{Asking, Response};
use super::{Asks, Lesson, LessonError, Part, Question, Setup};
use crate::console::answer::Answer;
use crate::console::ask::{self, Reply};
use crate::console::ask_parts::ask_parts;
use crate::console::io::Io;
use crate::console::line::Line;
use crate::console::steps::{Stepped, step_through};
use crate::render::text;
use crate::teach::board;
use crate::teach::document::Block;
use crate::teach::explain::{Options, explain};

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
            (Asks::Move, _) if setup.game.rows_per_move > 1 => (
                "Your move: what do you take?",
                "Type a move as ROW COUNT (\"2 3\" takes 3 sticks from row 2), with commas between rows (\"1 2, 3 1\" takes 2 from row 1 and 1 from row 3), or the rows after it; or hint, show or q.",
            ),
            (Asks::Move, _) => (
                "Your move: what do you take?",
                "Type a move as ROW COUNT (\"2 3\" takes 3 sticks from row 2) or the rows after it, or hint, show or q.",
            ),
        };
        self.paragraph(q.ask.as_deref().unwrap_or(default))?;
        let mut asking = Asking::new(q)?;
        if self.auto {
            return self.reveal(&asking);
        }
        self.say(instructions)?;
        loop {
            let question = ask::Question {
                prompt: "> ",
                position: &setup.position,
                game: &setup.game,
                yes_no: asking.asks() == Asks::CanYouWin,
            };
            // A move may take from several rows: read it as such.
            let asked = match setup.game.rows_per_move > 1 {
                true => ask_parts(self.io, question)?,
                false => ask::ask(self.io, question)?,
            };
            let response = match asked {
                Reply::Hint => asking.hint(),
                Reply::Show => break,
                Reply::Quit => return Ok(Flow::Quit),
                Reply::End => {
                    self.auto = true;
                    break;
                }
                Reply::Undo => {
                    self.say("There is nothing to undo in a lesson.")?;
                    continue;
                }
                Reply::Yes => asking.yes_no(true),
                Reply::No => asking.yes_no(false),
                Reply::Move(mv) => asking.play(mv)?,
                Reply::Parts(mv) => asking.play(mv)?,
            };
            self.respond(&response)?;
            if asking.settled() {
                break;
            }
        }
        self.write("\n")?;
        self.reveal(&asking)
    }

    /// What the tool says to a try.
    fn respond(&mut self, response: &Response) -> Result<(), LessonError> {
        let style = self.io.style();
        match response {
            Response::Hint(hint) => self.say(&format!("Hint: {hint}")),
            Response::NoMoreHints => self.say("No more hints: type show to see the answer."),
            Response::Right { why, then_move } => {
                self.say(&format!("Right: {why}"))?;
                match then_move {
                    true => self.say("So what do you take?"),
                    false => Ok(()),
                }
            }
            Response::NotQuite(hint) => self.not_yet("Not quite.", hint.clone()),
            Response::Mistake(verdict, hint) => {
                self.write(&text::document(verdict, style))?;
                self.not_yet("Not yet: try again.", hint.clone())
            }
            Response::Good(judged) => {
                self.write(&text::document(judged, style))?;
                self.say("Well done.")
            }
            Response::LostAnyway(judged) => self.write(&text::document(judged, style)),
        }
    }

    /// After a wrong try: say so, and give the next hint if there is one.
    fn not_yet(&mut self, words: &str, hint: Option<String>) -> Result<(), LessonError> {
        match hint {
            Some(hint) => self.say(&format!("{words} Hint: {hint}")),
            None => self.say(&format!("{words} Type show to see the answer.")),
        }
    }

    fn reveal(&mut self, asking: &Asking<'_>) -> Result<Flow, LessonError> {
        let answer = asking.answer();
        self.paragraph(&format!("Answer: {}", answer.answer))?;
        self.paragraph(&answer.words)
    }
}
