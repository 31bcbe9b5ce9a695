//! A worksheet to print: positions drawn as plain sticks for pupils to
//! cross out, each with a line to write an answer on, then on a page of
//! its own the answer key, each answer with its short reason in the
//! method's words.
//!
//! A sheet is a document built once, like an explanation or a handout:
//! text, Markdown and HTML only lay it out. Its positions are chosen with
//! a seeded stream of random numbers, so the same seed gives the same
//! sheet, and its key matches it. Nothing on the pupils' part names a
//! move, says who wins or shows a group: the key holds all of that.

pub mod key;
pub mod kind;
pub(crate) mod pick;
pub mod settings;

use self::key::{Answer, answer, key_line};
use self::kind::Kind;
use self::pick::{PickError, pick};
use self::settings::{Settings, WorksheetError};
use super::analysis::AnalysisError;
use super::board;
use super::document::{Block, Document, Frame, Step};
use super::verdict::JudgeError;
use super::words::capitalised;
use crate::rules::position::Position;

/// Where a pupil writes their name.
const NAME_LINE: &str = "Name: ______________________________";

/// Why a sheet could not be made.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SheetError {
    /// The settings are past a limit.
    #[error("{0}")]
    Settings(#[from] WorksheetError),
    /// A position could not be worked out.
    #[error("{0}")]
    Analysis(#[from] AnalysisError),
    /// A move could not be judged.
    #[error("{0}")]
    Judge(#[from] JudgeError),
}

/// One question of a sheet: its position and its answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Question {
    /// The position asked about, rows in the order drawn.
    pub position: Position,
    /// The answer the key gives.
    pub answer: Answer,
}

/// A worksheet: its questions, and the document that lays them out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Worksheet {
    /// The questions, in order.
    pub questions: Vec<Question>,
    /// The pupils' part, then the key on a page of its own.
    pub document: Document,
}

impl Worksheet {
    /// The sheet `settings` ask for, its positions chosen with `below` (a
    /// random number below its argument), which should be seeded with
    /// `settings.seed` so the sheet's name finds it again.
    pub fn build(
        settings: &Settings,
        below: &mut dyn FnMut(u64) -> u64,
    ) -> Result<Worksheet, SheetError> {
        let kind = settings.kind;
        let game = settings.game()?;
        let count = settings.count()?;
        let rows = settings.rows()?;
        let most = settings.max_sticks()?;
        let chosen = pick(kind, &game, count, rows, most, below).map_err(|e| match e {
            PickError::Sheet(e) => SheetError::Settings(e),
            PickError::Analysis(e) => SheetError::Analysis(e),
        })?;
        let sheet = format!("sheet {}", settings.seed);
        let mut task = vec![Block::note(NAME_LINE), Block::note(kind.task())];
        // Groups are made the same way whoever takes the last stick.
        if kind != Kind::MakeGroups {
            task.push(Block::sentence(format!(
                "The rule: {}.",
                game.in_words(rows)
            )));
        }
        let mut steps = vec![Step::framed(Frame::LEAD, "Task", task)];
        let mut key = Vec::new();
        let mut questions = Vec::new();
        for (i, a) in chosen.iter().enumerate() {
            let number = i + 1;
            let mut blocks = vec![board::plain(&a.position)];
            blocks.extend(kind.blanks(&a.position).into_iter().map(Block::sentence));
            steps.push(Step::aside(&format!("Question {number}"), blocks));
            key.push(key_line(number, kind, a)?);
            questions.push(Question {
                position: a.position.clone(),
                answer: answer(kind, a),
            });
        }
        steps.push(Step::framed(
            Frame::NEW_PAGE,
            &format!("Answer key ({sheet})"),
            key,
        ));
        Ok(Worksheet {
            questions,
            document: Document {
                title: format!("{} ({sheet})", capitalised(kind.title())),
                steps,
            },
        })
    }

    /// The pupils' part alone: every step before the key.
    pub fn pupils_part(&self) -> Vec<&Step> {
        self.document
            .steps
            .iter()
            .take_while(|step| !step.frame.new_page)
            .collect()
    }
}
