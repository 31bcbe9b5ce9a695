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
use super::games::of_game;
use super::{Lesson, LessonError, Part, Question};
use crate::console::ask::{self, Reply, YesNo};
use crate::console::io::Io;
use crate::console::pause::{GO_ON, Offered, Paused, Prompt, pause};
use crate::console::steps::{Stepped, step_through};
use crate::render::text;
use crate::teach::document::Block;
use crate::teach::lesson::{Asks, InLesson, Setup};

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
    /// The reason for the last question's verdict, for a pupil who asks
    /// why at the pause after it.
    reason: Option<String>,
}

/// Runs `lesson`; with `auto`, prints it straight through.
pub fn run(lesson: &Lesson, auto: bool, io: &mut Io<'_>) -> Result<(), LessonError> {
    let mut runner = Runner {
        io,
        auto,
        reason: None,
    };
    runner.header(lesson)?;
    for part in &lesson.parts {
        let flow = match part {
            Part::Text(paragraph) => runner.paragraph(paragraph),
            Part::Pause => runner.pause("(Enter: go on, q: quit) "),
            Part::Show(setup) => of_game!(setup, setup => runner.show(setup)),
            Part::Explain(setup) => of_game!(setup, setup => runner.explain(setup)),
            Part::Question(q) => of_game!(q, q => runner.question(q)),
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
        let mut offered = Offered::none().with_reason(self.reason.take());
        match pause(self.io, Prompt::only(prompt), GO_ON, &mut offered)? {
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

    fn show<G: InLesson>(&mut self, setup: &Setup<G>) -> Result<Flow, LessonError> {
        self.blocks(&[setup.drawing()], "  ")?;
        self.write("\n")?;
        Ok(Flow::Next)
    }

    /// The explanation, a step at a time when someone is at the keyboard,
    /// with hints at the waits that never give away what the lesson holds
    /// back for a question.
    fn explain<G: InLesson>(&mut self, setup: &Setup<G>) -> Result<Flow, LessonError> {
        let analysis = setup.analysis().map_err(LessonError::game)?;
        let doc = G::explanation(setup, &analysis);
        let hints = G::hints(&analysis);
        let stepped = step_through(self.io, &doc, &hints, !self.auto, setup.hide)?;
        self.write("\n")?;
        Ok(match stepped {
            Stepped::Done => Flow::Next,
            Stepped::Quit => Flow::Quit,
        })
    }

    /// Asks `q` until the class answers it or asks to be shown, then
    /// reveals the answer. A wrong move gets its verdict and the next
    /// hint, `hint` gives the next hint, `show` reveals the answer and `q`
    /// stops; with `--auto`, or once the input runs out, the answer is
    /// shown straight away.
    fn question<G: InLesson>(&mut self, q: &Question<G>) -> Result<Flow, LessonError> {
        let setup = &q.setup;
        let heading = q.heading();
        let heading = match self.io.color {
            true => heading.bold().to_string(),
            false => heading,
        };
        self.say(&heading)?;
        self.blocks(&[setup.drawing()], "  ")?;
        self.paragraph(q.asked())?;
        self.reason = None;
        let mut asking = Asking::new(q).map_err(LessonError::game)?;
        if self.auto {
            return self.reveal(&asking);
        }
        let winning = G::winning(asking.analysis());
        let row = named_row(q.asked());
        let question = |yes_no| ask::Question {
            prompt: "> ",
            position: &setup.position,
            game: &setup.game,
            yes_no,
            winning: &winning,
            row,
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
            let response = match ask::ask(self.io, question)? {
                Reply::Hint => asking.hint(),
                // The reason for the last verdict, and never a hint.
                Reply::Why => {
                    self.say(&asking.why())?;
                    continue;
                }
                Reply::Show | Reply::Skip => break,
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
                Reply::Move(mv) => asking.play(mv).map_err(LessonError::game)?,
                // A move typed at "Can you win?": yes, and that move,
                // judged at once. Where no move wins, the judgement says
                // the move does not win, and the question waits for a no.
                Reply::YesWith(mv) => {
                    if asking.can_win() {
                        let right = asking.yes_no(true);
                        let said = asking.words(&right, "type show", "type hint");
                        if let Some(first) = said.first() {
                            self.say(first)?;
                        }
                    }
                    asking.play(mv).map_err(LessonError::game)?
                }
            };
            self.respond(&asking, &response)?;
            if asking.settled() {
                break;
            }
        }
        self.reason = asking.last_reason();
        self.write("\n")?;
        self.reveal(&asking)
    }

    /// What the tool says to a try: the verdict on a move, then words.
    fn respond<G: InLesson>(
        &mut self,
        asking: &Asking<'_, G>,
        response: &Response,
    ) -> Result<(), LessonError> {
        if let Some(verdict) = response.verdict() {
            let style = self.io.style();
            self.write(&text::document(verdict, style))?;
        }
        for line in asking.words(response, "type show", "type hint") {
            self.say(&line)?;
        }
        Ok(())
    }

    /// The tool's answer, then the teacher's words, each a paragraph.
    fn reveal<G: InLesson>(&mut self, asking: &Asking<'_, G>) -> Result<Flow, LessonError> {
        let answer = asking.answer();
        self.paragraph(&format!("Answer: {}", answer.answer))?;
        self.paragraph(&answer.words)
    }
}

/// The row a question names, as in "How many do you take from row 1?", so
/// that a bare count is taken from it; `None` when it names none. Only a
/// question counts, a sentence ending with "?": a row named in a statement
/// ("Your opponent took 3 from row 2.") is not where to take from.
fn named_row(asked: &str) -> Option<u64> {
    let mut sentences = Vec::new();
    let mut start = 0;
    for (i, c) in asked.char_indices() {
        if matches!(c, '.' | '!' | '?') {
            sentences.push(&asked[start..=i]);
            start = i + 1;
        }
    }
    sentences
        .into_iter()
        .filter(|sentence| sentence.ends_with('?'))
        .find_map(|sentence| {
            let words: Vec<&str> = sentence.split_whitespace().collect();
            words.windows(3).find_map(|w| match w {
                ["from", "row", n] => n.trim_end_matches(['?', '.', ',', '!']).parse().ok(),
                _ => None,
            })
        })
}

#[cfg(test)]
mod tests {
    use super::named_row;

    #[test]
    fn only_a_question_names_the_row_to_take_from() {
        assert_eq!(named_row("How many do you take from row 1?"), Some(1));
        assert_eq!(
            named_row("Nine and five. How many do you take from row 3? Find it."),
            Some(3)
        );
        assert_eq!(
            named_row("Your opponent took 3 sticks from row 2. What do you take instead?"),
            None
        );
        assert_eq!(named_row("What do you take?"), None);
    }
}
