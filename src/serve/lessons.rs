//! The bundled lessons on the page. A lesson is sent as its parts, with
//! no answers in them; each question is then asked through
//! [`Asking`], as at the terminal. The page keeps the class's tries at a
//! question and sends them all each time, so the hints come in the same
//! order and nothing is kept here. Lessons are chosen by bundled name
//! only: no request reads a file.

use serde::Deserialize;
use serde_json::{Value, json};

use super::page::{board, steps};
use super::params::{ParamError, Params};
use super::reply::Reply;
use crate::console::answer::row_move;
use crate::lesson::asking::{Answer, Asking, Response};
use crate::lesson::chomp::ChompQuestion;
use crate::lesson::chomp_asking::ChompAsking;
use crate::lesson::{self, Asks, Lesson, LessonError, Part, Question, bundled};
use crate::render::html;
use crate::request::error::Error;
use crate::rules::bar::Bite;
use crate::rules::game::{Chomp, Game};
use crate::teach::document::Block;
use crate::teach::explain::{Options, explain};

/// `GET /page/lessons`: every bundled lesson, in teaching order.
pub fn list(query: Option<&str>) -> Reply {
    let answer = || -> Result<String, ParamError> {
        Params::parse(query, &[])?;
        let lessons = bundled::LESSONS
            .iter()
            .map(|found| {
                let lesson = lesson::bundled(found.name).map_err(Error::from)?;
                Ok(json!({
                    "name": found.name,
                    "title": lesson.title,
                    "summary": lesson.summary,
                    "questions": lesson.questions(),
                }))
            })
            .collect::<Result<Vec<Value>, ParamError>>()?;
        Ok(json!({ "lessons": lessons }).to_string())
    };
    Reply::json_or_error(answer())
}

/// `GET /page/lesson?name=twenty-one`: the lesson's parts in order.
/// Narration is HTML; a pause is where the page waits for "Next"; a
/// question comes with its board and no answer.
pub fn lesson(query: Option<&str>) -> Reply {
    let answer = || -> Result<String, ParamError> {
        let p = Params::parse(query, &["name"])?;
        let name = p.get("name").ok_or(ParamError::Missing("name"))?;
        let lesson = lesson::bundled(name).map_err(Error::from)?;
        let mut number = 0;
        let parts = lesson
            .parts
            .iter()
            .map(|part| {
                Ok(match part {
                    Part::Text(words) => {
                        json!({ "kind": "text", "html": html::block_html(&Block::note(words.as_str()), 3) })
                    }
                    Part::Pause => json!({ "kind": "pause" }),
                    Part::Show(setup) => {
                        json!({ "kind": "show", "html": html::block_html(&setup.drawing(), 3) })
                    }
                    Part::Explain(setup) => {
                        let analysis = setup.analysis().map_err(Error::from)?;
                        let options = Options {
                            xor: setup.xor,
                            hide: setup.hide,
                        };
                        let doc = explain(&analysis, options);
                        json!({ "kind": "explain", "title": doc.title, "steps": steps(&doc) })
                    }
                    Part::Question(q) => {
                        number += 1;
                        question(q, number)?
                    }
                    Part::ChompShow(setup) => {
                        json!({ "kind": "show", "html": html::block_html(&setup.drawing(), 3) })
                    }
                    Part::ChompExplain(setup) => {
                        let doc = setup.explanation().map_err(LessonError::from).map_err(Error::from)?;
                        json!({ "kind": "explain", "title": doc.title, "steps": steps(&doc) })
                    }
                    Part::ChompQuestion(q) => {
                        number += 1;
                        json!({
                            "kind": "question",
                            "number": number,
                            "heading": q.heading(),
                            "ask": q.asked(),
                            "asks": "bite",
                            "board": board(&q.setup.bar, &Chomp)?,
                        })
                    }
                })
            })
            .collect::<Result<Vec<Value>, ParamError>>()?;
        Ok(json!({
            "name": name,
            "title": lesson.title,
            "summary": lesson.summary,
            "parts": parts,
        })
        .to_string())
    };
    Reply::json_or_error(answer())
}

/// A question as the page shows it before anyone has tried.
fn question(q: &Question, number: usize) -> Result<Value, ParamError> {
    let setup = &q.setup;
    Ok(json!({
        "kind": "question",
        "number": number,
        "heading": q.heading(),
        "ask": q.asked(),
        "asks": asks(q.asks),
        "board": board(&setup.position, &setup.game)?,
    }))
}

fn asks(asks: Asks) -> &'static str {
    match asks {
        Asks::Move => "move",
        Asks::CanYouWin => "can-you-win",
    }
}

/// What the page sends to answer a question: every try so far.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Answering {
    /// The lesson's bundled name.
    name: String,
    /// The question's number in the lesson, from 1.
    question: usize,
    /// The tries, in order; the last is the one to answer.
    tries: Vec<Try>,
}

/// One try at a question.
#[derive(Clone, Copy, Debug, Deserialize)]
#[serde(tag = "try", rename_all = "kebab-case", deny_unknown_fields)]
enum Try {
    Hint,
    Show,
    Yes,
    No,
    Move { row: u64, take: u64 },
    Bite { row: usize, column: usize },
}

/// A question of a lesson, of either game.
enum Asked<'l> {
    Nim(&'l Question),
    Chomp(&'l ChompQuestion),
}

/// The most tries replayed at one question.
pub const MOST_TRIES: usize = 200;

/// `POST /page/lesson/answer`: the answer to the last of the tries, and
/// where the question stands.
pub fn answer(body: &[u8]) -> Reply {
    match answering(body) {
        Ok(Ok(answer)) => Reply::json(answer.to_string()),
        Ok(Err(illegal)) => Reply::illegal(illegal),
        Err(bad) => Reply::bad_request(bad),
    }
}

fn answering(body: &[u8]) -> Result<Result<Value, String>, String> {
    let asked: Answering =
        serde_json::from_slice(body).map_err(|e| format!("the answer could not be read: {e}"))?;
    if asked.tries.len() > MOST_TRIES {
        return Err(format!("at most {MOST_TRIES} tries are kept at a question"));
    }
    let lesson: Lesson = lesson::bundled(&asked.name).map_err(|e| e.to_string())?;
    let q = lesson
        .parts
        .iter()
        .filter_map(|part| match part {
            Part::Question(q) => Some(Asked::Nim(q)),
            Part::ChompQuestion(q) => Some(Asked::Chomp(q)),
            _ => None,
        })
        .nth(asked.question.wrapping_sub(1))
        .ok_or_else(|| {
            format!(
                "the lesson '{}' has no question {}: it has {}",
                asked.name,
                asked.question,
                lesson.questions()
            )
        })?;
    let q = match q {
        Asked::Nim(q) => q,
        Asked::Chomp(q) => return answering_bites(q, &asked.tries),
    };
    let mut asking = Asking::new(q).map_err(|e| e.to_string())?;
    let mut said = Value::Null;
    let mut shown = false;
    for (i, &attempt) in asked.tries.iter().enumerate() {
        let last = i + 1 == asked.tries.len();
        let response = match attempt {
            Try::Hint => asking.hint(),
            Try::Show => {
                shown = true;
                continue;
            }
            Try::Yes | Try::No if asking.asks() != Asks::CanYouWin => {
                return Err(format!(
                    "try {}: this question wants a move, not yes or no",
                    i + 1
                ));
            }
            Try::Yes => asking.yes_no(true),
            Try::No => asking.yes_no(false),
            Try::Bite { .. } => {
                return Err(format!(
                    "try {}: this question wants a move, not a bite",
                    i + 1
                ));
            }
            Try::Move { row, take } => {
                match row_move(&q.setup.position, row, take, &q.setup.game) {
                    Ok(mv) => asking.play(mv).map_err(|e| e.to_string())?,
                    Err(illegal) if last => return Ok(Err(illegal.refusal())),
                    Err(illegal) => return Err(format!("try {}: {}", i + 1, illegal.refusal())),
                }
            }
        };
        if last {
            said = response_json(&response);
        }
        if asking.settled() && !last {
            return Err(format!(
                "try {} comes after the question was answered",
                i + 2
            ));
        }
    }
    let answer = (asking.settled() || shown).then(|| asking.answer());
    Ok(Ok(standing(
        said,
        asks(asking.asks()),
        asking.settled(),
        answer,
    )))
}

/// The answer to the last of the tries at a question of Chomp, each a
/// hint, a request for the answer, or a bite.
fn answering_bites(q: &ChompQuestion, tries: &[Try]) -> Result<Result<Value, String>, String> {
    let mut asking = ChompAsking::new(q).map_err(|e| e.to_string())?;
    let mut said = Value::Null;
    let mut shown = false;
    for (i, &attempt) in tries.iter().enumerate() {
        let last = i + 1 == tries.len();
        let response = match attempt {
            Try::Hint => asking.hint(),
            Try::Show => {
                shown = true;
                continue;
            }
            Try::Bite { row, column } => {
                let bite = Bite::new(row, column);
                match q.setup.bar.bite(bite) {
                    Ok(_) => asking.bite(bite).map_err(|e| e.to_string())?,
                    Err(illegal) if last => {
                        return Ok(Err(Chomp::refusal(&illegal)));
                    }
                    Err(illegal) => {
                        return Err(format!("try {}: {}", i + 1, Chomp::refusal(&illegal)));
                    }
                }
            }
            Try::Yes | Try::No | Try::Move { .. } => {
                return Err(format!(
                    "try {}: this question wants a bite, a row and a column",
                    i + 1
                ));
            }
        };
        if last {
            said = response_json(&response);
        }
        if asking.settled() && !last {
            return Err(format!(
                "try {} comes after the question was answered",
                i + 2
            ));
        }
    }
    let answer = (asking.settled() || shown).then(|| asking.answer());
    Ok(Ok(standing(said, "bite", asking.settled(), answer)))
}

/// Where a question stands after the tries, Nim or Chomp: what was said
/// to the last, what it asks for, whether it is settled, and the answer
/// once it is settled or shown.
fn standing(said: Value, asks: &str, settled: bool, answer: Option<Answer>) -> Value {
    let answer = answer.map(
        |answer| json!({ "answer": format!("Answer: {}", answer.answer), "words": answer.words }),
    );
    json!({
        "said": said,
        "asks": asks,
        "settled": settled,
        "answer": answer,
    })
}

/// What the tool says to a try: its kind, the verdict on a move as HTML,
/// and the words after it, line by line.
fn response_json(response: &Response) -> Value {
    let kind = match response {
        Response::Hint(_) => "hint",
        Response::NoMoreHints => "no-more-hints",
        Response::Right { .. } => "right",
        Response::NotQuite(_) => "not-quite",
        Response::Mistake(..) => "mistake",
        Response::Good(_) => "good",
        Response::LostAnyway(_) => "lost-anyway",
    };
    json!({
        "kind": kind,
        "html": response.verdict().map(|doc| html::document(doc, 3)),
        "words": response.words("press Show the answer"),
    })
}
