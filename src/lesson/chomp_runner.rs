//! Chomp's parts of a lesson at the terminal: a bar drawn, a bar worked
//! through a step at a time, and a question answered with a bite typed as
//! a row and a column.
//!
//! As at a question of Nim, a wrong bite gets its verdict and the next
//! hint, `hint` gives the next hint, `show` reveals the answer and `q`
//! stops; with `--auto`, or once the input runs out, the answer is shown
//! straight away.

use colored::Colorize;

use super::LessonError;
use super::chomp::{BarSetup, ChompQuestion};
use super::chomp_asking::ChompAsking;
use crate::console::ask;
use crate::console::bite::{BiteReply, ask_bite};
use crate::console::bite_example::how_to_bite;
use crate::console::io::Io;
use crate::console::steps::{Stepped, step_through};
use crate::render::text;

/// Whether the lesson goes on after a part.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Went {
    /// On to the next part.
    On,
    /// The class stopped the lesson.
    Quit,
}

/// The bar, drawn, and a blank line.
pub fn show(io: &mut Io<'_>, setup: &BarSetup) -> Result<Went, LessonError> {
    let drawing = text::blocks(&[setup.drawing()], "  ", io.style());
    io.out.write_all(drawing.as_bytes())?;
    io.out.write_all(b"\n")?;
    Ok(Went::On)
}

/// The explanation, a step at a time when `wait` is set and someone is at
/// the keyboard, with hints at the waits that never give away what the
/// lesson holds back.
pub fn explain(io: &mut Io<'_>, setup: &BarSetup, wait: bool) -> Result<Went, LessonError> {
    let doc = setup.explanation()?;
    let stepped = step_through(io, &doc, &setup.hints()?, wait, setup.hide)?;
    io.out.write_all(b"\n")?;
    Ok(match stepped {
        Stepped::Done => Went::On,
        Stepped::Quit => Went::Quit,
    })
}

/// Asks `q` until the class bites well or asks to be shown, then reveals
/// the answer. `auto` is set once the input runs out, so the rest of the
/// lesson runs on by itself.
pub fn question(io: &mut Io<'_>, q: &ChompQuestion, auto: &mut bool) -> Result<Went, LessonError> {
    let heading = q.heading();
    let heading = match io.color {
        true => heading.bold().to_string(),
        false => heading,
    };
    ask::say(io, &heading)?;
    show_bar(io, q)?;
    ask::say(io, q.asked())?;
    io.out.write_all(b"\n")?;
    let mut asking = ChompAsking::new(q)?;
    if *auto {
        return reveal(io, &asking);
    }
    let winning = asking.analysis().known_winning();
    let how = how_to_bite(&q.setup.bar, &winning);
    ask::say(io, &format!("{how} Or type hint, show or q."))?;
    loop {
        let response = match ask_bite(io, "> ", &q.setup.bar, &winning)? {
            BiteReply::Hint => asking.hint(),
            BiteReply::Show => break,
            BiteReply::Quit => return Ok(Went::Quit),
            BiteReply::End => {
                *auto = true;
                break;
            }
            BiteReply::Undo => {
                ask::say(io, "There is nothing to undo in a lesson.")?;
                continue;
            }
            BiteReply::Bite(bite) => asking.bite(bite)?,
        };
        if let Some(verdict) = response.verdict() {
            let verdict = text::document(verdict, io.style());
            io.out.write_all(verdict.as_bytes())?;
        }
        for line in response.words("type show") {
            ask::say(io, &line)?;
        }
        if asking.settled() {
            break;
        }
    }
    io.out.write_all(b"\n")?;
    reveal(io, &asking)
}

fn show_bar(io: &mut Io<'_>, q: &ChompQuestion) -> Result<(), LessonError> {
    let drawing = text::blocks(&[q.setup.drawing()], "  ", io.style());
    io.out.write_all(drawing.as_bytes())?;
    Ok(())
}

/// The tool's answer, then the teacher's words, each a paragraph.
fn reveal(io: &mut Io<'_>, asking: &ChompAsking<'_>) -> Result<Went, LessonError> {
    let answer = asking.answer();
    for paragraph in [format!("Answer: {}", answer.answer), answer.words] {
        ask::say(io, &paragraph)?;
        io.out.write_all(b"\n")?;
    }
    Ok(Went::On)
}
