//! The bundled lessons on the page. A lesson is sent as its parts, with
//! no answers in them; each question is then asked through
//! [`Asking`], as at the terminal. The page keeps the class's tries at a
//! question and sends them all each time, so the hints come in the same
//! order and nothing is kept here. Lessons are chosen by bundled name
//! only: no request reads a file.

use serde::Deserialize;
use serde_json::{Value, json};

use super::page::steps;
use super::params::{ParamError, Params};
use super::reply::Reply;
use crate::lesson::asking::{Answer, Asking, Response};
use crate::lesson::games::of_game;
use crate::lesson::{self, Lesson, LessonError, Part, Question, bundled};
use crate::render::html;
use crate::request::board::board;
use crate::request::body::unreadable;
use crate::request::error::Error;
use crate::rules::game::Game;
use crate::teach::document::Block;
use crate::teach::lesson::{Asks, InLesson};
use crate::teach::queried::Queried;

/// `GET /page/lessons`: every bundled lesson, in teaching order.
pub(crate) fn list(query: Option<&str>) -> Reply {
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
pub(crate) fn lesson(query: Option<&str>) -> Reply {
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
                        let drawing = of_game!(setup, setup => setup.drawing());
                        json!({ "kind": "show", "html": html::block_html(&drawing, 3) })
                    }
                    Part::Explain(setup) => {
                        let doc = of_game!(setup, setup => setup.explanation().map_err(LessonError::game))
                            .map_err(Error::from)?;
                        json!({ "kind": "explain", "title": doc.title, "steps": steps(&doc) })
                    }
                    Part::Question(q) => {
                        number += 1;
                        of_game!(q, q => question(q, number))?
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
fn question<G: InLesson + Queried>(q: &Question<G>, number: usize) -> Result<Value, ParamError> {
    let setup = &q.setup;
    Ok(json!({
        "kind": "question",
        "number": number,
        "heading": q.heading(),
        "ask": q.asked(),
        "asks": asks::<G>(q.asks),
        "board": board(&setup.position, &setup.game)?,
    }))
}

/// What a question asks for, as the page names it: "move" or "bite", or
/// "can-you-win".
fn asks<G: Game>(asks: Asks) -> &'static str {
    match asks {
        Asks::Move => G::MOVE,
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

/// One try at a question: a move from one row (`move`), or from several
/// (`to`, the rows it leaves, where a move may take from several rows).
#[derive(Clone, Debug, Deserialize)]
#[serde(tag = "try", rename_all = "kebab-case", deny_unknown_fields)]
enum Try {
    Hint,
    Show,
    Yes,
    No,
    Move { row: u64, take: u64 },
    To { to: Vec<u64> },
    Bite { row: usize, column: usize },
}

/// The most tries replayed at one question.
pub(crate) const MOST_TRIES: usize = 200;

/// `POST /page/lesson/answer`: the answer to the last of the tries, and
/// where the question stands.
pub(crate) fn answer(body: &[u8]) -> Reply {
    match answering(body) {
        Ok(Ok(answer)) => Reply::json(answer.to_string()),
        Ok(Err(illegal)) => Reply::illegal(illegal),
        Err(bad) => Reply::bad_request(bad),
    }
}

fn answering(body: &[u8]) -> Result<Result<Value, String>, String> {
    let asked: Answering = serde_json::from_slice(body).map_err(|e| unreadable("answer", &e))?;
    if asked.tries.len() > MOST_TRIES {
        return Err(format!("at most {MOST_TRIES} tries are kept at a question"));
    }
    let lesson: Lesson = lesson::bundled(&asked.name).map_err(|e| e.to_string())?;
    let q = lesson
        .parts
        .iter()
        .filter_map(|part| match part {
            Part::Question(q) => Some(q),
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
    of_game!(q, q => tried(q, &asked.tries))
}

/// The answer to the last of `tries` at `q`, each a hint, a request for
/// the answer, a yes or a no, or a move.
fn tried<G: InLesson + Queried>(
    q: &Question<G>,
    tries: &[Try],
) -> Result<Result<Value, String>, String> {
    let mut asking = Asking::new(q).map_err(|e| e.to_string())?;
    let mut said = Value::Null;
    let mut shown = false;
    for (i, attempt) in tries.iter().enumerate() {
        let last = i + 1 == tries.len();
        let tried = match attempt {
            Try::Hint => Ok(asking.hint()),
            Try::Show => {
                shown = true;
                continue;
            }
            // At a question that asks for a move, "no" says that none
            // wins, as the terminal takes it: right where none does.
            Try::Yes => Ok(asking.yes_no(true)),
            Try::No => Ok(asking.yes_no(false)),
            &Try::Move { row, take } => play(&mut asking, q, "move", row, take),
            Try::To { to } => play_to(&mut asking, q, to),
            &Try::Bite { row, column } => play(&mut asking, q, "bite", row as u64, column as u64),
        };
        let response = match tried {
            Ok(response) => response,
            Err(Refused::Illegal(words)) if last => return Ok(Err(words)),
            Err(Refused::Illegal(words) | Refused::Wrong(words)) => {
                return Err(format!(
                    "This question's try {} cannot be made again: {words}",
                    i + 1
                ));
            }
            Err(Refused::Failed(words)) => return Err(words),
        };
        if last {
            said = response_json(&asking, &response);
        }
        if asking.settled() && !last {
            return Err(format!(
                "This question's try {} comes after it was answered, so it cannot be made",
                i + 2
            ));
        }
    }
    let answer = (asking.settled() || shown).then(|| asking.answer());
    Ok(Ok(standing(
        said,
        asks::<G>(asking.asks()),
        (asking.settled(), asking.more_hints()),
        answer,
    )))
}

/// Why a try was not answered.
enum Refused {
    /// The move picked breaks the rules: why, as the page says it.
    Illegal(String),
    /// The try is not what the question asks for.
    Wrong(String),
    /// The move could not be judged.
    Failed(String),
}

/// The move picked on the page as `kind` ("move" or "bite") by two
/// numbers, played at `q`.
fn play<G: InLesson>(
    asking: &mut Asking<'_, G>,
    q: &Question<G>,
    kind: &str,
    first: u64,
    second: u64,
) -> Result<Response, Refused> {
    if kind != G::MOVE {
        return Err(Refused::Wrong(format!(
            "this question is answered with a {}, not a {kind}",
            G::MOVE
        )));
    }
    let mv = q
        .setup
        .game
        .picked(&q.setup.position, first, second)
        .map_err(|illegal| Refused::Illegal(G::refusal(&illegal)))?;
    asking.play(mv).map_err(|e| Refused::Failed(e.to_string()))
}

/// The move to the rows `to`, from one row or several, played at `q`,
/// read as `check --to` reads it.
fn play_to<G: InLesson + Queried>(
    asking: &mut Asking<'_, G>,
    q: &Question<G>,
    to: &[u64],
) -> Result<Response, Refused> {
    let rows: Vec<String> = to.iter().map(u64::to_string).collect();
    let words = format!("to={}", rows.join("+"));
    let typed = Params::parse(Some(&words), &["to"])
        .map_err(|e| Refused::Wrong(e.to_string()))?
        .typed::<G>()
        .map_err(|_| Refused::Wrong(format!("this question is answered with a {}", G::MOVE)))?;
    let mv = q
        .setup
        .game
        .typed_move(&q.setup.position, &typed)
        .map_err(|e| Refused::Failed(e.to_string()))?
        .map_err(|illegal| Refused::Illegal(G::refusal(&illegal)))?;
    asking.play(mv).map_err(|e| Refused::Failed(e.to_string()))
}

/// Where a question stands after the tries: what was said to the last,
/// what it asks for, whether it is settled and whether a hint is left,
/// and the answer once it is settled or shown.
fn standing(
    said: Value,
    asks: &str,
    (settled, more_hints): (bool, bool),
    answer: Option<Answer>,
) -> Value {
    let answer = answer.map(
        |answer| json!({ "answer": format!("Answer: {}", answer.answer), "words": answer.words }),
    );
    json!({
        "said": said,
        "asks": asks,
        "settled": settled,
        "more_hints": more_hints,
        "answer": answer,
    })
}

/// What the tool says to a try: its kind, the verdict on a move as HTML,
/// and the words after it, line by line.
fn response_json<G: InLesson>(asking: &Asking<'_, G>, response: &Response) -> Value {
    let kind = match response {
        Response::Hint(_) => "hint",
        Response::NoMoreHints => "no-more-hints",
        Response::Right { .. } => "right",
        Response::NotQuite { .. } => "not-quite",
        Response::Noted(_) => "noted",
        Response::Mistake(..) => "mistake",
        Response::Tried { .. } => "tried",
        Response::Good(_) => "good",
    };
    json!({
        "kind": kind,
        "html": response.verdict().map(|doc| html::document(doc, 3)),
        "words": asking.words(response, "press Show the answer", "press Hint"),
    })
}
