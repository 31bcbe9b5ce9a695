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
use super::chomp_runner::{self, Went};
use super::{Asks, Lesson, LessonError, Part, Question, Setup};
use crate::console::ask::{self, Reply, YesNo};
use crate::console::ask_parts::ask_parts;
use crate::console::io::Io;
use crate::console::pause::{GO_ON, Offered, Paused, Prompt, pause};
use crate::console::steps::{Stepped, step_through};
use crate::render::text;
use crate::rules::moves::Move;
use crate::rules::multi_move::MultiMove;
use crate::teach::document::Block;
use crate::teach::explain::{Options, explain};
use crate::teach::hints::hints;

/// Whether to go on after a step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Flow {
    Next,
    Quit,
}

impl From<Went> for Flow {
    fn from(went: Went) -> Flow {
        match went {
            Went::On => Flow::Next,
            Went::Quit => Flow::Quit,
        }
    }
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
            Part::ChompShow(setup) => chomp_runner::show(runner.io, setup).map(Flow::from),
            Part::ChompExplain(setup) => {
                chomp_runner::explain(runner.io, setup, !runner.auto).map(Flow::from)
            }
            Part::ChompQuestion(q) => {
                chomp_runner::question(runner.io, q, &mut runner.auto).map(Flow::from)
            }
        }?;
        if flow == Flow::Quit {
            return runner.say("Lesson stopped.");
        }
    }
    runner.say(&lesson.ending())
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

    /// Waits at a prompt until Enter; `q` stops the lesson. A pause has no
    /// hint of its own. At the end of input, and with `--auto`, it goes on
    /// at once.
    fn pause(&mut self, prompt: &str) -> Result<Flow, LessonError> {
        if self.auto {
            return Ok(Flow::Next);
        }
        match pause(self.io, Prompt::only(prompt), GO_ON, &mut Offered::none())? {
            Paused::End => {
                self.auto = true;
                Ok(Flow::Next)
            }
            Paused::Stop => Ok(Flow::Quit),
            Paused::Go => {
                self.write("\n")?;
                Ok(Flow::Next)
            }
        }
    }

    fn show(&mut self, setup: &Setup) -> Result<Flow, LessonError> {
        self.blocks(&[setup.drawing()], "  ")?;
        self.write("\n")?;
        Ok(Flow::Next)
    }

    /// The explanation, a step at a time when someone is at the keyboard,
    /// with hints at the waits that never give away what the lesson holds
    /// back for a question.
    fn explain(&mut self, setup: &Setup) -> Result<Flow, LessonError> {
        let analysis = setup.analysis()?;
        let options = Options {
            xor: setup.xor,
            hide: setup.hide,
        };
        let doc = explain(&analysis, options);
        let stepped = step_through(self.io, &doc, &hints(&analysis), !self.auto, setup.hide)?;
        self.write("\n")?;
        Ok(match stepped {
            Stepped::Done => Flow::Next,
            Stepped::Quit => Flow::Quit,
        })
    }

    fn question(&mut self, q: &Question) -> Result<Flow, LessonError> {
        let setup = &q.setup;
        let heading = q.heading();
        let heading = match self.io.color {
            true => heading.bold().to_string(),
            false => heading,
        };
        self.say(&heading)?;
        self.blocks(&[setup.drawing()], "  ")?;
        self.paragraph(q.asked())?;
        let mut asking = Asking::new(q)?;
        if self.auto {
            return self.reveal(&asking);
        }
        let winning: Vec<Move> = match setup.game.rows_per_move > 1 {
            true => Vec::new(),
            false => asking
                .analysis()
                .winning_moves()
                .iter()
                .filter_map(MultiMove::single)
                .collect(),
        };
        let question = |yes_no| ask::Question {
            prompt: "> ",
            position: &setup.position,
            game: &setup.game,
            yes_no,
            winning: &winning,
        };
        let instructions = match q.asks {
            Asks::CanYouWin => "Type yes or no, or hint, show or q.".to_string(),
            Asks::Move => format!(
                "{} Or type hint, show or q.",
                question(YesNo::Also).instructions()
            ),
        };
        self.say(&instructions)?;
        loop {
            // Yes or no first, when asked; at a move, "no" may say that no
            // move wins.
            let question = question(match asking.asks() {
                Asks::CanYouWin => YesNo::Only,
                Asks::Move => YesNo::Also,
            });
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

    /// What the tool says to a try: the verdict on a move, then words.
    fn respond(&mut self, response: &Response) -> Result<(), LessonError> {
        if let Some(verdict) = response.verdict() {
            let style = self.io.style();
            self.write(&text::document(verdict, style))?;
        }
        for line in response.words("type show") {
            self.say(&line)?;
        }
        Ok(())
    }

    fn reveal(&mut self, asking: &Asking<'_>) -> Result<Flow, LessonError> {
        let answer = asking.answer();
        self.paragraph(&format!("Answer: {}", answer.answer))?;
        self.paragraph(&answer.words)
    }
}
