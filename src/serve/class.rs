//! The class's routes (`/api/class/…`, the teacher's page and the pupils'
//! page) and its stream of events, for a server started with a class.
//!
//! Everything a class decides is `crate::class`'s; this file hands each
//! request to it and sends back what it says. Who is asking is an argument
//! of each route: [`Teacher`] (the `X-Teacher` key), [`Pupil`] (the
//! `X-Pupil` token) or [`Listener`] (either, or a pupil's `?pupil=` token
//! for the events), refused with 403 before the route runs. The class's
//! work is done away from the threads that answer the network: an answer,
//! a hint or a move on the blocking pool, never in a place for expensive
//! work, so it never waits for one or gets 503; setting a task, which works
//! its position out, goes through the places as any expensive request.
//!
//! The events come from two `watch` channels of how many times each part
//! of the class has changed: every change for the teacher, only the task's
//! for the pupils, so that an answer wakes no pupil's stream. A listener
//! that falls behind gets only the latest, so nothing queues up, whatever
//! the class does.

use std::collections::VecDeque;
use std::convert::Infallible;
use std::io;
use std::marker::PhantomData;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

use axum::Router;
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{FromRequestParts, State};
use axum::http::request::Parts;
use axum::http::{StatusCode, header};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde_json::{Value, json};
use tokio::sync::watch;

use super::expensive::{self, EXPENSIVE_PERCENT, Expensive};
use super::game::{self, replayed};
use super::page::explanation;
use super::reply::Reply;
use super::sent::{Given, Sent};
use super::{assets, network};
use crate::class::limit::RETRY_AFTER;
use crate::class::pupil::PupilId;
use crate::class::secret::Secret;
use crate::class::task::{Asked, Task};
use crate::class::{Class, Playing, Refusal, Versions};
use crate::lesson::games::of_game;
use crate::teach::queried::Queried;

/// How often a stream of events says it is still there when nothing has
/// changed, so that neither end takes a quiet class for a lost connection.
pub(crate) const KEEP_ALIVE: Duration = Duration::from_secs(5);

/// A class, as the server holds it: the class itself, and the channels
/// that tell its listeners what changed: the teacher, and the pupils.
#[derive(Debug)]
pub(crate) struct Room {
    class: Mutex<Class>,
    teacher: watch::Sender<Changes>,
    pupils: watch::Sender<Changes>,
}

/// What the listeners are told: the class's versions, and whether the
/// class has ended.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Changes {
    versions: Versions,
    ended: bool,
}

impl Room {
    /// A new class, whose pupils join at `address`, such as
    /// `http://192.168.1.20:8357`.
    pub(crate) fn open(address: &str) -> io::Result<Arc<Room>> {
        let class = Class::open(address).map_err(io::Error::other)?;
        Ok(Arc::new(Room {
            class: Mutex::new(class),
            teacher: watch::channel(Changes::default()).0,
            pupils: watch::channel(Changes::default()).0,
        }))
    }

    fn class(&self) -> MutexGuard<'_, Class> {
        self.class.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Does `change` to the class, then tells the listeners what changed.
    fn with<T>(&self, change: impl FnOnce(&mut Class) -> T) -> T {
        let mut class = self.class();
        let done = change(&mut class);
        let versions = class.versions();
        drop(class);
        // A pupil hears of a new task, and of a pupil removed, which may
        // be them.
        let to_pupils = Versions {
            task: versions.task,
            removed: versions.removed,
            ..Versions::default()
        };
        for (channel, versions) in [(&self.teacher, versions), (&self.pupils, to_pupils)] {
            channel.send_if_modified(|changes| {
                let changed = changes.versions != versions;
                changes.versions = versions;
                changed
            });
        }
        done
    }

    /// The join code, the teacher's key and the pupils' address.
    pub(crate) fn access(&self) -> (String, Secret, String) {
        let class = self.class();
        (
            class.code().to_string(),
            class.key().clone(),
            class.join_address().to_string(),
        )
    }

    /// Ends the class: every stream of events ends, so the server can
    /// stop.
    pub(crate) fn end(&self) {
        for channel in [&self.teacher, &self.pupils] {
            channel.send_modify(|changes| changes.ended = true);
        }
    }

    /// The changes `listener` hears of.
    fn listen(&self, listener: Listener) -> watch::Receiver<Changes> {
        match listener {
            Listener::Teacher => self.teacher.subscribe(),
            Listener::Pupil(_) => self.pupils.subscribe(),
        }
    }

    /// What a listener is to be sent, now that the class is at `now` and
    /// it was last sent what it was at `before` (nothing yet, at first),
    /// and whether its stream ends then: a pupil the teacher removed is
    /// told so, and hears no more.
    fn events(
        &self,
        listener: Listener,
        before: Option<Versions>,
        now: Versions,
    ) -> (Vec<Event>, bool) {
        let class = self.class();
        if let Listener::Pupil(pupil) = listener
            && !class.here(pupil)
        {
            let removed = Event::default()
                .event("removed")
                .data(class.removed(pupil).to_string());
            return (vec![removed], true);
        }
        let changed = |part: fn(&Versions) -> u64| before.is_none_or(|b| part(&b) != part(&now));
        let mut events = Vec::new();
        if changed(|v| v.task) {
            events.push(Event::default().event("task").data(&*class.task_json()));
        }
        if listener == Listener::Teacher {
            if changed(|v| v.pupils) {
                events.push(
                    Event::default()
                        .event("pupils")
                        .data(class.names().to_string()),
                );
            }
            if changed(|v| v.tally) {
                events.push(
                    Event::default()
                        .event("tally")
                        .data(class.tally().to_string()),
                );
            }
        }
        (events, false)
    }
}

/// What the class's routes share.
#[derive(Clone, Debug)]
struct Shared {
    room: Arc<Room>,
    expensive: Expensive,
    /// How often a quiet stream of events says it is still there.
    keep_alive: Duration,
}

/// The class's routes, with the places for expensive work the other routes
/// use, and a comment every `keep_alive` on a quiet stream of events.
pub(crate) fn routes(room: Arc<Room>, expensive: Expensive, keep_alive: Duration) -> Router {
    Router::new()
        .route("/teacher", get(assets::teacher))
        .route("/join", get(assets::pupil))
        .route("/join/{code}", get(assets::pupil))
        .route("/api/class/join", post(join))
        .route("/api/class/task", get(task).post(set))
        .route("/api/class/me", get(me))
        .route("/api/class/events", get(events))
        .route("/api/class/answer", post(answer))
        .route("/api/class/hint", post(hint))
        .route("/api/class/play", post(play))
        .route("/api/class/close", post(close))
        .route("/api/class/remove", post(remove))
        .route("/api/class/tally", get(tally))
        .route("/api/class/pupils", get(pupils))
        .route("/api/class/results.csv", get(results))
        .with_state(Shared {
            room,
            expensive,
            keep_alive,
        })
}

/// Lets a request for the rest of matchsticks through only from the
/// teacher's page, in a class: the classroom page (`/`, `/index.html`),
/// its requests (`/page/…`) and the API (`/api/…` but the class's own).
/// The pages' scripts and stylesheets, the teacher's and pupils' pages and
/// the class's requests are let through, each route asking for what it
/// needs. A page opened in the browser is refused in plain text, a request
/// in JSON.
pub(crate) async fn rest(
    State(room): State<Arc<Room>>,
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    let path = request.uri().path();
    let page = path == "/" || path == "/index.html";
    let asks = page
        || path.starts_with("/page/")
        || (path.starts_with("/api/") && !path.starts_with("/api/class/"));
    let key = request
        .headers()
        .get("x-teacher")
        .and_then(|v| v.to_str().ok());
    let allowed = match asks {
        true => room.class().rest(key),
        false => Ok(()),
    };
    let refusal = match allowed {
        Ok(()) => return next.run(request).await,
        Err(Refusal::Forbidden(why)) => why,
        Err(other) => return refused(other).into_response(),
    };
    match page {
        true => (
            StatusCode::FORBIDDEN,
            [
                (header::CONTENT_TYPE, "text/plain; charset=utf-8"),
                (header::CACHE_CONTROL, "no-store"),
            ],
            format!("{refusal}\n"),
        )
            .into_response(),
        false => Reply::status(StatusCode::FORBIDDEN, &refusal).into_response(),
    }
}

/// The reply that refuses a request for `refusal`.
fn refused(refusal: Refusal) -> Reply {
    match refusal {
        Refusal::Unknown(why) => Reply::status(StatusCode::NOT_FOUND, &why),
        Refusal::Bad(why) => Reply::bad_request(why),
        Refusal::Forbidden(why) => Reply::status(StatusCode::FORBIDDEN, &why),
        Refusal::Conflict(why) => Reply::status(StatusCode::CONFLICT, &why),
        Refusal::Illegal(json) => Reply::json_with(StatusCode::UNPROCESSABLE_ENTITY, json),
        Refusal::TooMany => Reply::too_many(
            &format!(
                "too many answers at once: a pupil may send {} at once, then {} a second",
                crate::class::limit::ANSWER_BURST,
                crate::class::limit::ANSWERS_A_SECOND
            ),
            RETRY_AFTER,
        ),
        Refusal::Failed(why) => Reply::status(StatusCode::INTERNAL_SERVER_ERROR, &why),
    }
}

/// The JSON, or the refusal.
fn replied(answer: Result<Value, Refusal>) -> Reply {
    match answer {
        Ok(value) => Reply::json(value.to_string()),
        Err(refusal) => refused(refusal),
    }
}

/// Runs `work` on the class on the blocking pool, away from the threads
/// that answer the network, and tells the listeners what changed.
async fn blocking<T: Send + 'static>(
    room: &Arc<Room>,
    work: impl FnOnce(&mut Class) -> T + Send + 'static,
) -> Result<T, Reply> {
    let room = Arc::clone(room);
    tokio::task::spawn_blocking(move || room.with(work))
        .await
        .map_err(|_| Reply::failed())
}

/// The body, or the reply that refuses it (over the cap).
fn body(bytes: Result<Bytes, BytesRejection>) -> Result<Bytes, Reply> {
    bytes.map_err(|rejected| Reply::refused(rejected.status(), &rejected.body_text()))
}

/// The teacher, by the class's key in `X-Teacher`.
#[derive(Clone, Copy, Debug)]
struct Teacher;

/// A pupil, by their token in `X-Pupil`.
#[derive(Clone, Copy, Debug)]
struct Pupil(PupilId);

/// Whoever listens to the events: the teacher, or a pupil, by the token in
/// `X-Pupil` or in the address (`?pupil=TOKEN`), which an `EventSource`
/// can send; the teacher's key never travels in an address.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Listener {
    Teacher,
    Pupil(PupilId),
}

fn header<'a>(parts: &'a Parts, name: &str) -> Option<&'a str> {
    parts.headers.get(name).and_then(|v| v.to_str().ok())
}

impl FromRequestParts<Shared> for Teacher {
    type Rejection = Reply;

    async fn from_request_parts(parts: &mut Parts, shared: &Shared) -> Result<Teacher, Reply> {
        let key = header(parts, "x-teacher");
        shared.room.class().teacher(key).map_err(refused)?;
        Ok(Teacher)
    }
}

impl FromRequestParts<Shared> for Pupil {
    type Rejection = Reply;

    async fn from_request_parts(parts: &mut Parts, shared: &Shared) -> Result<Pupil, Reply> {
        let token = header(parts, "x-pupil");
        let pupil = shared.room.class().pupil(token).map_err(refused)?;
        Ok(Pupil(pupil))
    }
}

impl FromRequestParts<Shared> for Listener {
    type Rejection = Reply;

    async fn from_request_parts(parts: &mut Parts, shared: &Shared) -> Result<Listener, Reply> {
        let class = shared.room.class();
        if let Some(key) = header(parts, "x-teacher") {
            class.teacher(Some(key)).map_err(refused)?;
            return Ok(Listener::Teacher);
        }
        let in_address = parts.uri.query().and_then(|query| {
            query
                .split('&')
                .find_map(|pair| pair.strip_prefix("pupil="))
        });
        let token = header(parts, "x-pupil").or(in_address);
        let pupil = class.pupil(token).map_err(refused)?;
        Ok(Listener::Pupil(pupil))
    }
}

/// `POST /api/class/join`.
async fn join(State(shared): State<Shared>, bytes: Result<Bytes, BytesRejection>) -> Reply {
    let answer = async {
        let bytes = body(bytes)?;
        let joined = blocking(&shared.room, move |class| {
            class.join(&bytes, Instant::now())
        });
        Ok::<_, Reply>(replied(joined.await?))
    };
    answer.await.unwrap_or_else(|refused| refused)
}

/// `GET /api/class/task`.
async fn task(State(shared): State<Shared>, _: Listener) -> Reply {
    let task = shared.room.class().task_json();
    Reply::json(task.to_string())
}

/// `POST /api/class/task`: the task read, worked out (in a place for
/// expensive work when it may cost), and set.
async fn set(
    State(shared): State<Shared>,
    _: Teacher,
    bytes: Result<Bytes, BytesRejection>,
) -> Reply {
    let answer = async {
        let bytes = body(bytes)?;
        let asked = Asked::read(&bytes).map_err(Reply::bad_request)?;
        shared.room.class().room_for_a_task().map_err(refused)?;
        if expensive::game_task(&asked) {
            return Err(Reply::bad_request(format!(
                "a game is replayed at every pupil's move, so its start must be cheap to work \
                 out, and this one may take more than {EXPENSIVE_PERCENT}% of one of the \
                 server's budgets: choose a smaller start"
            )));
        }
        let asked = Arc::new(asked);
        let costly = {
            let asked = Arc::clone(&asked);
            move || expensive::task(&asked)
        };
        let task = shared
            .expensive
            .work(costly, move || Task::new(&asked))
            .await?
            .map_err(Reply::bad_request)?;
        let id = blocking(&shared.room, move |class| class.set(task, Instant::now())).await?;
        Ok(replied(id.map(|id| json!({ "id": id }))))
    };
    // The teacher's page shows why a task is refused, in its own words.
    answer
        .await
        .unwrap_or_else(|refused| refused)
        .in_page_words()
}

/// `POST /api/class/close`: the task closed, and its position explained
/// for the reveal, as `GET /page/explain` gives it.
async fn close(
    State(shared): State<Shared>,
    _: Teacher,
    bytes: Result<Bytes, BytesRejection>,
) -> Reply {
    let answer = async {
        body(bytes)?;
        let closed = blocking(&shared.room, |class| {
            let id = class.close()?;
            let reveal = class
                .reveal()
                .map(|(doc, outcome)| explanation(&doc, outcome));
            let reveal = reveal.and_then(|text| serde_json::from_str::<Value>(&text).ok());
            Ok(json!({ "id": id, "reveal": reveal }))
        });
        Ok::<_, Reply>(replied(closed.await?))
    };
    answer.await.unwrap_or_else(|refused| refused)
}

/// `POST /api/class/remove`: the teacher takes a pupil out of the class.
async fn remove(
    State(shared): State<Shared>,
    _: Teacher,
    bytes: Result<Bytes, BytesRejection>,
) -> Reply {
    let answer = async {
        let bytes = body(bytes)?;
        let removed = blocking(&shared.room, move |class| class.remove(&bytes));
        Ok::<_, Reply>(replied(removed.await?))
    };
    answer.await.unwrap_or_else(|refused| refused)
}

/// `GET /api/class/me`.
async fn me(State(shared): State<Shared>, Pupil(pupil): Pupil) -> Reply {
    let me = blocking(&shared.room, move |class| class.me(pupil)).await;
    me.map_or_else(|refused| refused, |me| Reply::json(me.to_string()))
}

/// `POST /api/class/answer`.
async fn answer(
    State(shared): State<Shared>,
    Pupil(pupil): Pupil,
    bytes: Result<Bytes, BytesRejection>,
) -> Reply {
    let answer = async {
        let bytes = body(bytes)?;
        let answered = blocking(&shared.room, move |class| {
            class.answer(pupil, &bytes, Instant::now())
        });
        Ok::<_, Reply>(match answered.await? {
            Ok(reply) => Reply::json(reply),
            Err(refusal) => refused(refusal),
        })
    };
    answer.await.unwrap_or_else(|refused| refused)
}

/// `POST /api/class/hint`.
async fn hint(
    State(shared): State<Shared>,
    Pupil(pupil): Pupil,
    bytes: Result<Bytes, BytesRejection>,
) -> Reply {
    let answer = async {
        let bytes = body(bytes)?;
        let hinted = blocking(&shared.room, move |class| {
            class.hint(pupil, &bytes, Instant::now())
        });
        Ok::<_, Reply>(replied(hinted.await?))
    };
    answer.await.unwrap_or_else(|refused| refused)
}

/// `POST /api/class/play`: the pupil's game replayed from the task's
/// start with their seed, as `POST /page/play` replays it, then kept.
async fn play(
    State(shared): State<Shared>,
    Pupil(pupil): Pupil,
    bytes: Result<Bytes, BytesRejection>,
) -> Reply {
    let answer = async {
        let bytes = body(bytes)?;
        let room = Arc::clone(&shared.room);
        let replied = tokio::task::spawn_blocking(move || {
            let playing = room
                .with(|class| class.play(pupil, &bytes, Instant::now()))
                .map_err(refused)?;
            let game = of_game!(playing.which, game => replay(game, &playing));
            let game = game.map_err(|refusal| game::replied(Err(refusal)))?;
            let result = match game["over"].as_bool() {
                Some(true) => Some(game["winner"] == "pupil"),
                _ => None,
            };
            room.with(|class| class.played(pupil, &playing, result, Instant::now()));
            Ok::<_, Reply>(Reply::json(game.to_string()))
        });
        replied.await.map_err(|_| Reply::failed())?
    };
    answer.await.unwrap_or_else(|refused| refused)
}

/// The game in `playing`, of game `G`, replayed as `/page/play` replays a
/// game the page sends.
fn replay<G: Queried>(_: PhantomData<G>, playing: &Playing) -> Result<Value, game::Refusal> {
    let moves: Vec<G::Sent> = serde_json::from_value(Value::Array(playing.moves.clone()))
        .map_err(|e| game::Refusal::Bad(format!("the game could not be read: {e}")))?;
    let sent = Sent::<G> {
        words: Given::of(&playing.words, &playing.flags),
        level: name(playing.level),
        first: name(playing.first),
        seed: playing.seed,
        moves,
        hints: playing.hints,
        review: false,
        taken_back: 0,
        hints_used: playing.hints_used,
        shown: 0,
    };
    replayed(&sent)
}

/// A choice as the command line names it: "perfect", "computer".
fn name(value: impl clap::ValueEnum) -> Option<String> {
    value.to_possible_value().map(|p| p.get_name().to_string())
}

/// `GET /api/class/tally`.
async fn tally(State(shared): State<Shared>, _: Teacher) -> Reply {
    let tally = blocking(&shared.room, |class| class.tally()).await;
    tally.map_or_else(|refused| refused, |tally| Reply::json(tally.to_string()))
}

/// `GET /api/class/pupils`.
async fn pupils(State(shared): State<Shared>, _: Teacher) -> Reply {
    let pupils = blocking(&shared.room, |class| class.pupils()).await;
    pupils.map_or_else(|refused| refused, |pupils| Reply::json(pupils.to_string()))
}

/// `GET /api/class/results.csv`, as a file to save.
async fn results(State(shared): State<Shared>, _: Teacher) -> Response {
    match blocking(&shared.room, |class| class.results()).await {
        Ok(csv) => (
            [
                (header::CONTENT_TYPE, "text/csv; charset=utf-8"),
                (
                    header::CONTENT_DISPOSITION,
                    "attachment; filename=\"results.csv\"",
                ),
                (header::CACHE_CONTROL, "no-store"),
            ],
            csv,
        )
            .into_response(),
        Err(refused) => refused.into_response(),
    }
}

/// A listener's place in the stream of events.
struct Listening {
    room: Arc<Room>,
    listener: Listener,
    changes: watch::Receiver<Changes>,
    /// The versions last sent; `None` before the first events.
    sent: Option<Versions>,
    waiting: VecDeque<Event>,
    /// Whether the stream ends once `waiting` is sent.
    ending: bool,
}

/// `GET /api/class/events`: the task at once and whenever it is set or
/// closed; for the teacher also who has joined and the tally, whenever
/// they change. A comment every [`KEEP_ALIVE`] keeps a quiet stream open.
async fn events(State(shared): State<Shared>, listener: Listener) -> Response {
    let keep_alive = shared.keep_alive;
    let listening = Listening {
        changes: shared.room.listen(listener),
        room: shared.room,
        listener,
        sent: None,
        waiting: VecDeque::new(),
        ending: false,
    };
    let stream = futures_util::stream::unfold(listening, next_event);
    Sse::new(stream)
        .keep_alive(KeepAlive::new().interval(keep_alive))
        .into_response()
}

/// The next event for a listener, waiting until something changes; the
/// stream ends with the class.
async fn next_event(mut listening: Listening) -> Option<(Result<Event, Infallible>, Listening)> {
    loop {
        if let Some(event) = listening.waiting.pop_front() {
            return Some((Ok(event), listening));
        }
        if listening.ending {
            return None;
        }
        if listening.sent.is_some() && listening.changes.changed().await.is_err() {
            return None;
        }
        let changes = *listening.changes.borrow_and_update();
        if changes.ended {
            return None;
        }
        let before = listening.sent.replace(changes.versions);
        let (room, listener) = (Arc::clone(&listening.room), listening.listener);
        let events =
            tokio::task::spawn_blocking(move || room.events(listener, before, changes.versions));
        let (events, ending) = events.await.ok()?;
        listening.waiting.extend(events);
        listening.ending = ending;
    }
}

/// A class opened for `listening` at `addr`: the teacher's and the pupils'
/// addresses, made from this computer's address on the network.
#[derive(Clone, Debug)]
pub(crate) struct Opened {
    /// The teacher's page, with the key after `#key=`.
    pub(crate) teacher: String,
    /// The pupils' page.
    pub(crate) pupils: String,
    /// Whether a network address was wanted and none was found.
    pub(crate) no_network: bool,
}

/// Opens a class for a server bound at `bound`: its pupils join at this
/// computer's address on the network when it listens on every address.
pub(crate) fn open(bound: SocketAddr) -> io::Result<(Arc<Room>, Opened)> {
    let (ip, found) = network::shown(bound.ip());
    let base = format!("http://{}", SocketAddr::new(ip, bound.port()));
    let room = Room::open(&base)?;
    let (_, key, pupils) = room.access();
    let opened = Opened {
        teacher: format!("{base}/teacher#key={}", key.as_str()),
        pupils,
        no_network: !found,
    };
    Ok((room, opened))
}
