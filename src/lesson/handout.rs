//! A lesson as a printable handout: the narration, the drawings and the
//! worked explanations in order, each question with its hints, and the
//! answers gathered at the end so the class tries the questions first.

use super::{Asks, Lesson, LessonError, Part};
use crate::teach::check::{answer, yes_or_no};
use crate::teach::chomp::check::answer as bite_answer;
use crate::teach::document::{Block, Document, Frame, Step};
use crate::teach::explain::{Options, explain};
use crate::teach::words::capitalised;

/// The lesson as one document.
pub fn handout(lesson: &Lesson) -> Result<Document, LessonError> {
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
            Part::Show(setup) => steps.push(Step::framed(
                Frame::CLOSING,
                "The rows",
                vec![setup.drawing()],
            )),
            Part::Explain(setup) => {
                let analysis = setup.analysis()?;
                let doc = explain(
                    &analysis,
                    Options {
                        xor: setup.xor,
                        hide: setup.hide,
                    },
                );
                steps.push(Step::framed(
                    Frame::CLOSING,
                    "Worked example",
                    vec![Block::Document(Box::new(doc))],
                ));
            }
            Part::Question(q) => {
                let asked = vec![
                    Block::note(format!("{}.", capitalised(&q.setup.describe()))),
                    q.setup.drawing(),
                    Block::note(
                        q.ask
                            .clone()
                            .unwrap_or_else(|| "Your move: what do you take?".to_string()),
                    ),
                ];
                let analysis = q.setup.analysis()?;
                let tool = match q.asks {
                    Asks::Move => answer(&analysis),
                    Asks::CanYouWin => yes_or_no(&analysis),
                };
                let number = answers.len() + 1;
                let (step, answered) = question(number, asked, &q.hints, &tool, &q.answer);
                steps.push(step);
                answers.push(answered);
            }
            Part::ChompShow(setup) => steps.push(Step::framed(
                Frame::CLOSING,
                "The bar",
                vec![setup.drawing()],
            )),
            Part::ChompExplain(setup) => steps.push(Step::framed(
                Frame::CLOSING,
                "Worked example",
                vec![Block::Document(Box::new(setup.explanation()?))],
            )),
            Part::ChompQuestion(q) => {
                let asked = vec![
                    Block::note(format!("{}.", q.describe())),
                    q.setup.drawing(),
                    Block::note(q.asked().to_string()),
                ];
                let tool = bite_answer(&q.setup.analysis()?);
                let number = answers.len() + 1;
                let (step, answered) = question(number, asked, &q.hints, &tool, &q.answer);
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

/// Question `number` of a handout, Nim or Chomp: the step that `asked` it,
/// with its hints, and its answer for the end of the handout, the tool's
/// answer first and then the lesson's words.
fn question(
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
