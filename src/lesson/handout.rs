//! A lesson as a printable handout: the narration, the drawings and the
//! worked explanations in order, each question with its hints, and the
//! answers gathered at the end so the class tries the questions first.

use super::games::of_game;
use super::{Lesson, LessonError, Part, Question};
use crate::teach::document::{Block, Document, Frame, Step};
use crate::teach::lesson::{Asks, InLesson, Setup};
use crate::teach::words::capitalised;

/// The lesson as one document.
pub(crate) fn handout(lesson: &Lesson) -> Result<Document, LessonError> {
    let mut steps = Vec::new();
    if let Some(summary) = &lesson.summary {
        steps.push(Step::framed(
            Frame::LEAD,
            "Summary",
            vec![Block::note(summary.clone())],
        ));
    }
    let mut answers = Vec::new();
    for part in &lesson.parts {
        match part {
            Part::Text(paragraph) => steps.push(Step::framed(
                Frame::CLOSING,
                "Narration",
                vec![Block::note(paragraph.clone())],
            )),
            Part::Pause => {}
            Part::Show(setup) => steps.push(of_game!(setup, setup => shown(setup))),
            Part::Explain(setup) => steps.push(of_game!(setup, setup => worked(setup))?),
            Part::Question(q) => {
                let number = answers.len() + 1;
                let (step, answered) = of_game!(q, q => question(number, q))?;
                steps.push(step);
                answers.push(answered);
            }
        }
    }
    if !answers.is_empty() {
        steps.push(Step::aside("Answers", answers));
    }
    Ok(Document {
        title: lesson.title.clone(),
        steps,
    })
}

/// A position drawn: "The rows", "The bar".
fn shown<G: InLesson>(setup: &Setup<G>) -> Step {
    Step::framed(Frame::CLOSING, G::DRAWN, vec![setup.drawing()])
}

/// A position worked through.
fn worked<G: InLesson>(setup: &Setup<G>) -> Result<Step, LessonError> {
    let doc = setup.explanation().map_err(LessonError::game)?;
    Ok(Step::framed(
        Frame::CLOSING,
        "Worked example",
        vec![Block::Document(Box::new(doc))],
    ))
}

/// Question `number` of a handout: the step that asks it, with its hints,
/// and its answer for the end of the handout, the tool's answer first and
/// then the lesson's words.
fn question<G: InLesson>(number: usize, q: &Question<G>) -> Result<(Step, Block), LessonError> {
    let asked = vec![
        Block::note(format!("{}.", capitalised(&q.setup.describe()))),
        q.setup.drawing(),
        Block::note(q.asked().to_string()),
    ];
    let analysis = q.setup.analysis().map_err(LessonError::game)?;
    let tool = match q.asks {
        Asks::Move => G::answer(&analysis),
        Asks::CanYouWin => G::yes_or_no(&analysis),
    };
    Ok(asked_step(number, asked, &q.hints, &tool, &q.answer))
}

/// Question `number` of a handout, as `asked`, with its `hints`; and its
/// answer, the `tool`'s and the lesson's `words`.
fn asked_step(
    number: usize,
    asked: Vec<Block>,
    hints: &[String],
    tool: &str,
    words: &str,
) -> (Step, Block) {
    let title = format!("Question {number}");
    let mut blocks = asked;
    blocks.extend(
        hints
            .iter()
            .enumerate()
            .map(|(i, hint)| Block::sentence(format!("Hint {}: {hint}", i + 1))),
    );
    let step = Step::aside(&title, blocks);
    let answer = Block::Document(Box::new(Document {
        title,
        steps: vec![Step::framed(
            Frame::CLOSING,
            "Answer",
            vec![
                Block::note(capitalised(tool)),
                Block::note(words.to_string()),
            ],
        )],
    }));
    (step, answer)
}
