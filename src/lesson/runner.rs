//! Running a lesson: in class, waiting at pauses and checking answers, or
//! straight through with the answers revealed (`--auto`).
//!
//! Input is read line by line whether it comes from a terminal or a script.
//! At the end of input the lesson carries on as with `--auto`. When the
//! input is not a terminal, each line read is echoed so that a transcript
//! reads like the session it records.

use colored::Colorize;

use super::LessonError;
use super::{Lesson, Part, Question, Setup};
use crate::console::answer::Answer;
use crate::console::io::Io;
use crate::render::text;
use crate::teach::analysis::{Analysis, Extras};
use crate::teach::board;
use crate::teach::check::{answer, check};
use crate::teach::document::Block;
use crate::teach::explain::explain;
use crate::teach::verdict::{JudgeError, Judgement, Verdict};

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
            Part::Pause => runner.pause(),
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

    fn say(&mut self, line: &str) -> Result<(), LessonError> {
        self.write(&format!("{line}\n"))
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
        self.say("")
    }

    /// A wrapped paragraph and a blank line.
    fn paragraph(&mut self, paragraph: &str) -> Result<Flow, LessonError> {
        let style = self.io.style();
        self.write(&text::blocks(&[Block::note(paragraph)], "", style))?;
        self.say("")?;
        Ok(Flow::Next)
    }

    /// Reads one line; `None` at the end of input, after which the lesson
    /// runs on by itself.
    fn read(&mut self, prompt: &str) -> Result<Option<String>, LessonError> {
        if self.auto {
            return Ok(None);
        }
        self.write(prompt)?;
        self.io.out.flush()?;
        let mut line = String::new();
        if self.io.input.read_line(&mut line)? == 0 {
            self.auto = true;
            self.say("")?;
            return Ok(None);
        }
        let line = line.trim_end_matches(['\n', '\r']).to_string();
        if !self.io.interactive {
            self.say(&line)?;
        }
        Ok(Some(line))
    }

    fn pause(&mut self) -> Result<Flow, LessonError> {
        match self.read("(Enter: go on, q: quit) ")? {
            Some(line) if Answer::parse(&line, 0) == Answer::Quit => Ok(Flow::Quit),
            Some(_) => {
                self.say("")?;
                Ok(Flow::Next)
            }
            None => Ok(Flow::Next),
        }
    }

    fn show(&mut self, setup: &Setup) -> Result<Flow, LessonError> {
        self.write(&text::blocks(
            &[board::plain(&setup.position)],
            "  ",
            self.io.style(),
        ))?;
        self.say("")?;
        Ok(Flow::Next)
    }

    fn explain(&mut self, setup: &Setup) -> Result<Flow, LessonError> {
        let analysis = Analysis::new(
            setup.position.clone(),
            setup.game.clone(),
            Extras::default(),
        )?;
        self.write(&text::document(
            &explain(&analysis, setup.xor),
            self.io.style(),
        ))?;
        self.say("")?;
        Ok(Flow::Next)
    }

    fn question(&mut self, q: &Question) -> Result<Flow, LessonError> {
        let position = &q.setup.position;
        let heading = format!("Question: {} ({})", position, q.setup.game.describe());
        let heading = match self.io.color {
            true => heading.bold().to_string(),
            false => heading,
        };
        self.say(&heading)?;
        self.write(&text::blocks(
            &[board::plain(position)],
            "  ",
            self.io.style(),
        ))?;
        let ask = q.ask.as_deref().unwrap_or("Your move: what do you take?");
        self.paragraph(ask)?;
        if !self.auto {
            self.say(
                "Type a move as ROW COUNT (\"2 3\" takes 3 sticks from row 2), or hint, show or q.",
            )?;
        }
        let mut hints = q.hints.iter();
        while let Some(line) = self.read("> ")? {
            match Answer::parse(&line, position.len()) {
                Answer::Empty => {}
                Answer::Hint => match hints.next() {
                    Some(hint) => self.say(&format!("Hint: {hint}"))?,
                    None => self.say("No more hints: type show to see the answer.")?,
                },
                Answer::Show => break,
                Answer::Quit => return Ok(Flow::Quit),
                Answer::Undo => self.say("There is nothing to undo in a lesson.")?,
                Answer::Unclear(message) => self.say(&format!("Sorry: {message}."))?,
                answer @ (Answer::Take { .. } | Answer::To(_)) => {
                    let judged = answer
                        .to_move(position, &q.setup.game.takes)
                        .expect("a move or a position")
                        .map_err(JudgeError::from)
                        .and_then(|mv| Judgement::new(position.clone(), mv, &q.setup.game));
                    match judged {
                        Err(JudgeError::Illegal(illegal)) => {
                            self.say(&format!("That move is not allowed: {illegal}."))?
                        }
                        Err(JudgeError::Analysis(e)) => return Err(e.into()),
                        Ok(j) => {
                            self.write(&text::document(&check(&j), self.io.style()))?;
                            match j.verdict {
                                Verdict::Mistake => {
                                    self.say("Try again, or type hint or show.")?;
                                    continue;
                                }
                                Verdict::Good => self.say("Well done.\n")?,
                                Verdict::LostAnyway => self.say("")?,
                            }
                            break;
                        }
                    }
                }
            }
        }
        self.reveal(q)?;
        Ok(Flow::Next)
    }

    fn reveal(&mut self, q: &Question) -> Result<(), LessonError> {
        let analysis = Analysis::new(
            q.setup.position.clone(),
            q.setup.game.clone(),
            Extras::default(),
        )?;
        self.paragraph(&format!("Answer: {}", answer(&analysis)))?;
        self.paragraph(&q.answer)?;
        Ok(())
    }
}
