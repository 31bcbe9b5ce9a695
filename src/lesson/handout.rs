//! A lesson as a printable handout: the narration, the drawings and the
//! worked explanations in order, each question where it is asked, and its
//! hints and answer gathered at the end so the class tries the questions
//! first.
//!
//! On paper the whole lesson is in view at once, so nothing before the
//! answers may give one away, wherever it stands: a teacher's hint may name
//! the move, so hints wait near the end, in a part of their own before the
//! answers, where a pupil who looks one up does not see the answer; and an
//! explanation of a position some question asks about, before or after it,
//! stops where that question needs it to (before the move, or before who
//! wins), with the rest of it, and the narration between the same two
//! pauses, which talks about it, given with that question's answer.

use super::games::{AnyQuestion, AnySetup, of_game};
use super::{Lesson, LessonError, Part, Question};
use crate::teach::document::{Block, Document, Frame, Reveal, Step};
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
    let questions: Vec<&AnyQuestion> = lesson
        .parts
        .iter()
        .filter_map(|part| match part {
            Part::Question(q) => Some(q),
            _ => None,
        })
        .collect();
    let mut answers = Vec::new();
    let mut hints = Vec::new();
    // Explanations held back in part, under the number of the question
    // they would answer.
    let mut held: Vec<(usize, Block)> = Vec::new();
    // The question an explanation held back in each stretch between two
    // pauses would answer: the narration of that stretch talks about the
    // explanation, so it goes with the rest of it.
    let mut stretch_held = Vec::new();
    let mut now = None;
    for part in &lesson.parts {
        match part {
            Part::Pause => stretch_held.push(now.take()),
            Part::Explain(setup) => {
                now = now.or(answered(setup, &questions).map(|(number, _)| number));
            }
            _ => {}
        }
    }
    stretch_held.push(now);
    let mut stretch = 0;
    for part in &lesson.parts {
        match part {
            Part::Text(paragraph) => match stretch_held[stretch] {
                Some(number) => held.push((number, Block::note(paragraph.clone()))),
                None => steps.push(Step::framed(
                    Frame::CLOSING,
                    "Narration",
                    vec![Block::note(paragraph.clone())],
                )),
            },
            Part::Pause => stretch += 1,
            Part::Show(setup) => steps.push(of_game!(setup, setup => shown(setup))),
            Part::Explain(setup) => match answered(setup, &questions) {
                Some((number, hide)) => {
                    let (cut, full) = of_game!(setup, setup => held_back(setup, hide, number))?;
                    steps.push(cut);
                    held.push((number, full));
                }
                None => steps.push(of_game!(setup, setup => worked(setup))?),
            },
            Part::Question(q) => {
                let number = answers.len() + 1;
                let (step, hinted, answered) = of_game!(q, q => question(number, q))?;
                steps.push(step);
                hints.push(hinted);
                answers.push(answered);
            }
        }
    }
    let hinted: Vec<Block> = hints.into_iter().flatten().collect();
    if !hinted.is_empty() {
        steps.push(Step::aside("Hints", hinted));
    }
    if !answers.is_empty() {
        let mut blocks = Vec::new();
        for (i, answer) in answers.into_iter().enumerate() {
            blocks.push(answer);
            blocks.extend(
                held.iter()
                    .filter(|(number, _)| *number == i + 1)
                    .map(|(_, full)| full.clone()),
            );
        }
        steps.push(Step::aside("Answers", blocks));
    }
    Ok(Document {
        title: lesson.title.clone(),
        steps,
    })
}

/// The first question, by number from 1, that an explanation of `setup`
/// would answer in advance, and where the explanation must stop for it:
/// before who wins for a yes-or-no question, before the move for one that
/// asks for a move. `None` when it answers none, or stops early enough
/// already.
fn answered(setup: &AnySetup, questions: &[&AnyQuestion]) -> Option<(usize, Reveal)> {
    let hides = |reveal: Reveal| -> u8 {
        match reveal {
            Reveal::Move => 1,
            Reveal::Outcome => 2,
        }
    };
    let already = of_game!(setup, setup => setup.hide).map_or(0, hides);
    let mut found: Option<(usize, Reveal)> = None;
    for (i, q) in questions.iter().enumerate() {
        let Some(asks) = setup.same_position(q) else {
            continue;
        };
        let needed = match asks {
            Asks::Move => Reveal::Move,
            Asks::CanYouWin => Reveal::Outcome,
        };
        if hides(needed) <= already {
            continue;
        }
        found = match found {
            Some((first, hide)) if hides(hide) >= hides(needed) => Some((first, hide)),
            Some((first, _)) => Some((first, needed)),
            None => Some((i + 1, needed)),
        };
    }
    found
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

/// An explanation that would answer question `number`: cut short at
/// `hide` where it stands, with a note saying where the rest is; and the
/// whole of it, for the answers.
fn held_back<G: InLesson>(
    setup: &Setup<G>,
    hide: Reveal,
    number: usize,
) -> Result<(Step, Block), LessonError> {
    let step = match hide {
        // Who wins shows in the pairs before it is said: a pupil who has
        // learnt the rule reads the answer off step 2. So none of it.
        Reveal::Outcome => Step::framed(
            Frame::CLOSING,
            "Worked example",
            vec![Block::note(format!(
                "This example would answer question {number}: it is with the answers."
            ))],
        ),
        Reveal::Move => {
            let mut cut = setup.clone();
            cut.hide = Some(hide);
            let short = cut.explanation().map_err(LessonError::game)?;
            Step::framed(
                Frame::CLOSING,
                "Worked example",
                vec![
                    Block::Document(Box::new(short)),
                    Block::note(format!(
                        "The move would answer question {number}: the rest of this example is with the answers."
                    )),
                ],
            )
        }
    };
    let full = setup.explanation().map_err(LessonError::game)?;
    let full = Block::Document(Box::new(Document {
        title: format!("The worked example in full: {}", full.title),
        steps: full.steps,
    }));
    Ok((step, full))
}

/// Question `number` of a handout: the step that asks it, and its hints
/// and answer for the end of the handout, the tool's answer first and then
/// the lesson's words.
fn question<G: InLesson>(
    number: usize,
    q: &Question<G>,
) -> Result<(Step, Option<Block>, Block), LessonError> {
    let mut asked = vec![
        Block::note(format!("{}.", capitalised(&q.setup.describe()))),
        q.setup.drawing(),
        Block::note(q.asked().to_string()),
    ];
    if !q.hints.is_empty() {
        asked.push(Block::note(
            "Stuck? The hints are near the end, in a part of their own before the answers.",
        ));
    }
    let analysis = q.setup.analysis().map_err(LessonError::game)?;
    let tool = match q.asks {
        Asks::Move => G::answer(&analysis),
        Asks::CanYouWin => G::yes_or_no(&analysis),
    };
    Ok(asked_step(number, asked, &q.hints, &tool, &q.answer))
}

/// Question `number` of a handout, as `asked`; its `hints`, for a part of
/// their own near the end, so that a pupil who turns to a hint does not
/// see the answer; and its answer for the very end, the `tool`'s and the
/// lesson's `words`.
fn asked_step(
    number: usize,
    asked: Vec<Block>,
    hints: &[String],
    tool: &str,
    words: &str,
) -> (Step, Option<Block>, Block) {
    let title = format!("Question {number}");
    let step = Step::aside(&title, asked);
    let hinted = (!hints.is_empty()).then(|| {
        Block::Document(Box::new(Document {
            title: format!("Hints to question {number}"),
            steps: vec![Step::framed(
                Frame::CLOSING,
                "Hints",
                hints
                    .iter()
                    .enumerate()
                    .map(|(i, hint)| Block::sentence(format!("Hint {}: {hint}", i + 1)))
                    .collect(),
            )],
        }))
    });
    let steps = vec![Step::framed(
        Frame::CLOSING,
        "Answer",
        vec![
            Block::note(capitalised(tool)),
            Block::note(words.to_string()),
        ],
    )];
    let answer = Block::Document(Box::new(Document { title, steps }));
    (step, hinted, answer)
}
