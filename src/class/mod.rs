//! A class: one teacher and the pupils who joined with the class's code,
//! the tasks the teacher sets them, what each pupil answered, and the
//! results, all in memory for as long as the class runs.
//!
//! This is the class as data, away from any network: who may do what (the
//! teacher's key, each pupil's token, compared in constant time), each
//! pupil's answers judged against the task's position worked out once,
//! the tally the projector shows, and `results.csv`. The server
//! (`serve::class`) only hands requests over and streams the changes.
//!
//! - [`secret`]: the key, the code and the tokens;
//! - [`pupil`]: names and the roll;
//! - [`limit`]: how often a pupil may answer;
//! - [`task`]: a task of any game, worked out once;
//! - [`standing`]: where a pupil stands in the task;
//! - [`tally`]: how the class answered;
//! - [`results`]: the results, as CSV;
//! - [`qr`]: the pupils' address to scan.
//!
//! A class is bounded: at most [`pupil::MOST_PUPILS`] pupils at once and
//! [`pupil::MOST_JOINED`] over its life, [`MOST_TASKS`] tasks, each
//! pupil's tries at a task at most [`MOST_TASK_TRIES`], and once a task is
//! over only a short line is kept of it for each pupil who was there.

use std::marker::PhantomData;
use std::sync::Arc;
use std::time::Instant;

use serde_json::{Map, Value, json};

pub(crate) mod limit;
pub mod pupil;
pub(crate) mod qr;
pub(crate) mod results;
pub(crate) mod secret;
pub(crate) mod standing;
pub(crate) mod tally;
pub mod task;

use self::pupil::{NotJoined, PupilId, Roll};
use self::results::{Done, Mark};
use self::secret::{NoRandom, Secret};
use self::standing::{Game, Standing, Tried};
use self::task::{Kind, Task, Tries};
use crate::lesson::games::{Which, of_game};
use crate::play::{First, Level};
use crate::rules::outcome::Outcome;
use crate::teach::document::Document;
use crate::teach::queried::{Queried, Words};
use crate::teach::review::HINTS_A_TURN;

/// The most tasks one class may set.
pub(crate) const MOST_TASKS: usize = 500;

/// The most answers one pupil may give at one task.
pub(crate) const MOST_TASK_TRIES: usize = 100;

/// Why a request of the class was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// No class has the code given.
    Unknown(String),
    /// The request cannot be read, or asks for what cannot be.
    Bad(String),
    /// The request lacks the key or the token it needs.
    Forbidden(String),
    /// The request does not fit where the class is: a task that is not
    /// open, an answer already given, a name taken, a full class.
    Conflict(String),
    /// A move that breaks the rules, with the JSON `/api/check` gives.
    Illegal(String),
    /// The pupil sends faster than the class allows.
    TooMany,
    /// Something could not be worked out.
    Failed(String),
}

/// How many times each part of the class has changed, so that whoever
/// listens knows what to send again.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Versions {
    /// The task: set or closed.
    pub(crate) task: u64,
    /// The pupils: someone joined, or was removed.
    pub(crate) pupils: u64,
    /// The tally: an answer, a hint, a move, a pupil, a task.
    pub(crate) tally: u64,
    /// Someone was removed, which every pupil's stream checks.
    pub(crate) removed: u64,
}

/// The task set now, and how the class is answering it.
#[derive(Debug)]
struct Current {
    task: Task,
    open: bool,
    started: Instant,
    /// By pupil, in the order they joined; a pupil who joined since is
    /// added when they first answer.
    standings: Vec<Standing>,
    tried: tally::Tried,
    /// The pupils who were in the class while the task was open, in the
    /// order they joined: those who have a line of its results.
    there: Vec<PupilId>,
}

impl Current {
    fn standing(&mut self, pupil: PupilId) -> &mut Standing {
        if self.standings.len() <= pupil {
            self.standings.resize_with(pupil + 1, Standing::default);
        }
        &mut self.standings[pupil]
    }

    /// `pupil` is in the class while the task is open.
    fn arrived(&mut self, pupil: PupilId) {
        if self.open && !self.there.contains(&pupil) {
            self.there.push(pupil);
        }
    }

    /// Whether the position can be won, for a yes-or-no task.
    fn wins(&self) -> Option<bool> {
        (self.task.kind == Kind::CanYouWin)
            .then(|| of_game!(&self.task.worked, w => w.yes_no(true, false).right))
    }

    /// What is kept of it once it is over, or `open` still: a line for
    /// each pupil who was there.
    fn done(&self, open: bool) -> Done {
        let none = Standing::default();
        Done {
            id: self.task.id,
            title: self.task.title.clone(),
            records: self
                .there
                .iter()
                .map(|&id| {
                    let s = self.standings.get(id).unwrap_or(&none);
                    let any = s.mark(open) != Mark::None || s.hints_had() > 0;
                    (id, any.then(|| s.record(self.started, open)))
                })
                .collect(),
        }
    }
}

/// A game a pupil is to be answered in: what it is replayed from.
#[derive(Clone, Debug)]
pub(crate) struct Playing {
    /// The task's number.
    pub(crate) task: u64,
    /// Its game.
    pub(crate) which: Which,
    /// Its start and rules, by name, and which are flags.
    pub(crate) words: Vec<(&'static str, String)>,
    pub(crate) flags: Vec<&'static str>,
    pub(crate) level: Level,
    pub(crate) first: First,
    /// The pupil's seed.
    pub(crate) seed: u64,
    /// The pupil's moves, as sent.
    pub(crate) moves: Vec<Value>,
    /// The hints asked for at this move.
    pub(crate) hints: usize,
    /// The hints had in this pupil's games, for the review.
    pub(crate) hints_used: u64,
    /// Whether this begins a new game after a lost one.
    restart: bool,
}

/// A class.
#[derive(Debug)]
pub struct Class {
    code: String,
    key: Secret,
    /// The pupils' address.
    join: String,
    /// It, as a QR code in SVG.
    qr: String,
    roll: Roll,
    /// The tasks before the one set now.
    done: Vec<Done>,
    current: Option<Current>,
    /// `{"task": …}`, as it is sent.
    task_json: Arc<str>,
    versions: Versions,
}

impl Class {
    /// A class with a new code and key, whose pupils join at `address`
    /// (`http://192.168.1.20:8357`) followed by `/join/CODE`.
    pub fn open(address: &str) -> Result<Class, NoRandom> {
        let code = secret::code()?;
        let key = Secret::new()?;
        let join = format!("{address}/join/{code}");
        // An address a QR code cannot hold is not drawn: the code is shown
        // as text beside it anyway.
        let qr = qr::svg(&join).unwrap_or_default();
        Ok(Class {
            code,
            key,
            join,
            qr,
            roll: Roll::default(),
            done: Vec::new(),
            current: None,
            task_json: Arc::from(json!({ "task": null }).to_string()),
            versions: Versions::default(),
        })
    }

    /// The join code.
    pub fn code(&self) -> &str {
        &self.code
    }

    /// The teacher's key.
    pub(crate) fn key(&self) -> &Secret {
        &self.key
    }

    /// The pupils' address.
    pub(crate) fn join_address(&self) -> &str {
        &self.join
    }

    /// How many times each part has changed.
    pub(crate) fn versions(&self) -> Versions {
        self.versions
    }

    /// Lets the teacher in with `key`, or refuses: with no key, saying
    /// whose this is; with a wrong one, that it is wrong.
    pub(crate) fn teacher(&self, key: Option<&str>) -> Result<(), Refusal> {
        match key {
            Some(key) if self.key.is(key) => Ok(()),
            Some(_) => Err(Refusal::Forbidden(WRONG_KEY.to_string())),
            None => Err(Refusal::Forbidden(
                "only the teacher's page may do this: it needs the class's key, which the \
                 teacher's address carries, as matchsticks printed it when the class was opened"
                    .to_string(),
            )),
        }
    }

    /// Lets the teacher's page, with `key`, use the rest of matchsticks
    /// (the classroom page, its requests and the API), or refuses: in a
    /// class they are the teacher's alone, so that no pupil opens Explain
    /// on the task's position.
    pub(crate) fn rest(&self, key: Option<&str>) -> Result<(), Refusal> {
        match key {
            Some(_) => self.teacher(key),
            None => Err(Refusal::Forbidden(REST.to_string())),
        }
    }

    /// The pupil in the class whose token is `token`, or a refusal: a
    /// pupil the teacher removed is told so.
    pub fn pupil(&self, token: Option<&str>) -> Result<PupilId, Refusal> {
        match token.and_then(|t| self.roll.find(t)) {
            Some(id) if self.roll.here(id) => Ok(id),
            Some(_) => Err(Refusal::Forbidden(REMOVED.to_string())),
            None => Err(Refusal::Forbidden(
                "this device has not joined the class: open the pupils' address and join"
                    .to_string(),
            )),
        }
    }

    /// Whether `pupil` is in the class.
    pub(crate) fn here(&self, pupil: PupilId) -> bool {
        self.roll.here(pupil)
    }

    /// `{"removed", "error"}`: what a pupil's stream says to `pupil` once
    /// the teacher has removed them.
    pub(crate) fn removed(&self, pupil: PupilId) -> Value {
        json!({ "removed": self.roll.get(pupil).name, "error": REMOVED })
    }

    /// `POST /api/class/join`: a pupil joins with the code and a name, and
    /// is given their token.
    pub fn join(&mut self, body: &[u8], now: Instant) -> Result<Value, Refusal> {
        #[derive(serde::Deserialize)]
        #[serde(deny_unknown_fields)]
        struct Joining {
            code: String,
            name: String,
        }
        let joining: Joining = serde_json::from_slice(body)
            .map_err(|e| Refusal::Bad(format!("the request to join could not be read: {e}")))?;
        if !joining.code.trim().eq_ignore_ascii_case(&self.code) {
            return Err(Refusal::Unknown(
                "no class here has that code: check the code on the projector".to_string(),
            ));
        }
        let pupil = self.roll.join(&joining.name, now).map_err(|e| match e {
            NotJoined::BadName(why) => Refusal::Bad(why),
            NotJoined::NoRandom(_) => Refusal::Failed(e.to_string()),
            NotJoined::Taken(_) | NotJoined::Full | NotJoined::AllJoined => {
                Refusal::Conflict(e.to_string())
            }
        })?;
        if let Some(current) = &mut self.current {
            current.arrived(pupil);
        }
        self.versions.pupils += 1;
        self.versions.tally += 1;
        let joined = self.roll.get(pupil);
        Ok(json!({ "pupil": joined.token.as_str(), "name": joined.name }))
    }

    /// `POST /api/class/remove`: the teacher takes the pupil with the
    /// name given out of the class. Their name and their seat are free,
    /// their token lets no one in, and their lines stay in the results.
    pub fn remove(&mut self, body: &[u8]) -> Result<Value, Refusal> {
        #[derive(serde::Deserialize)]
        #[serde(deny_unknown_fields)]
        struct Removing {
            name: String,
        }
        let removing: Removing = serde_json::from_slice(body).map_err(|e| {
            Refusal::Bad(format!(
                "the request to remove a pupil could not be read: {e}"
            ))
        })?;
        let pupil = self.roll.remove(&removing.name).ok_or_else(|| {
            Refusal::Unknown(format!(
                "no pupil called '{}' is in the class",
                crate::rules::row_reader::printable(removing.name.trim())
            ))
        })?;
        self.versions.pupils += 1;
        self.versions.tally += 1;
        self.versions.removed += 1;
        Ok(json!({ "removed": self.roll.get(pupil).name }))
    }

    /// Whether another task may be set, or why not.
    pub(crate) fn room_for_a_task(&self) -> Result<(), Refusal> {
        let set = self.done.len() + usize::from(self.current.is_some());
        match set < MOST_TASKS {
            true => Ok(()),
            false => Err(Refusal::Conflict(format!(
                "this class has set {MOST_TASKS} tasks, the most one class may: \
                 download the results and start a new class"
            ))),
        }
    }

    /// Sets `task`, closing the one before; answers with its number.
    pub fn set(&mut self, mut task: Task, now: Instant) -> Result<u64, Refusal> {
        self.room_for_a_task()?;
        if let Some(before) = self.current.take() {
            self.done.push(before.done(false));
        }
        let id = self.done.len() as u64 + 1;
        task.renumber(id);
        self.current = Some(Current {
            task,
            open: true,
            started: now,
            standings: Vec::new(),
            tried: tally::Tried::default(),
            there: self.roll.present().collect(),
        });
        self.task_changed();
        Ok(id)
    }

    /// Closes the task set now; answers with its number.
    pub(crate) fn close(&mut self) -> Result<u64, Refusal> {
        match &mut self.current {
            Some(current) if current.open => {
                current.open = false;
                let id = current.task.id;
                self.task_changed();
                Ok(id)
            }
            _ => Err(Refusal::Conflict("no task is open".to_string())),
        }
    }

    /// The explanation of the latest task's position, and who wins there.
    pub(crate) fn reveal(&self) -> Option<(Document, Outcome)> {
        let current = self.current.as_ref()?;
        let (doc, outcome) = of_game!(&current.task.worked, w => w.explanation());
        Some((doc.clone(), outcome))
    }

    fn task_changed(&mut self) {
        let task = match &self.current {
            Some(current) => current.task.json(current.open),
            None => Value::Null,
        };
        self.task_json = Arc::from(json!({ "task": task }).to_string());
        self.versions.task += 1;
        self.versions.tally += 1;
    }

    /// `{"task": …}`, as `GET /api/class/task` gives it.
    pub(crate) fn task_json(&self) -> Arc<str> {
        Arc::clone(&self.task_json)
    }

    /// The task an answer, a hint or a game is for: the one set now, and
    /// open, of one of `kinds`; the pupil's bucket is charged first.
    fn answering(
        &mut self,
        pupil: PupilId,
        body: &Map<String, Value>,
        now: Instant,
    ) -> Result<&mut Current, Refusal> {
        if !self.roll.here(pupil) {
            return Err(Refusal::Forbidden(REMOVED.to_string()));
        }
        if !self.roll.get_mut(pupil).bucket.take(now) {
            return Err(Refusal::TooMany);
        }
        let id = body.get("task").and_then(Value::as_u64).ok_or_else(|| {
            Refusal::Bad("'task' must be the number of the task answered".to_string())
        })?;
        match &mut self.current {
            None => Err(Refusal::Conflict("no task is set".to_string())),
            Some(current) if current.task.id != id => Err(Refusal::Conflict(format!(
                "task {id} is not the task set now, which is task {}",
                current.task.id
            ))),
            Some(current) if !current.open => Err(Refusal::Conflict(format!(
                "task {id} is closed: wait for the next one"
            ))),
            Some(current) => Ok(current),
        }
    }

    /// `POST /api/class/answer`: a move, or a yes or a no, judged.
    pub fn answer(&mut self, pupil: PupilId, body: &[u8], now: Instant) -> Result<String, Refusal> {
        let body = object(body, "answer")?;
        let current = self.answering(pupil, &body, now)?;
        let (id, kind, tries) = (current.task.id, current.task.kind, current.task.tries);
        let move_words = of_game!(&current.task.worked, w => move_words(w));
        let allowed: Vec<&str> = ["task", "answer"]
            .into_iter()
            .chain(move_words.iter().copied())
            .collect();
        if let Some(unknown) = body.keys().find(|k| !allowed.contains(&k.as_str())) {
            return Err(Refusal::Bad(format!(
                "an answer has no field '{}': it has {}",
                crate::rules::row_reader::printable(unknown),
                allowed.join(", ")
            )));
        }
        let standing = current.standing(pupil);
        if standing.done {
            return Err(Refusal::Conflict(match tries {
                Tries::One => format!("you have answered task {id}, and it takes one try"),
                Tries::UntilRight => format!("you have answered task {id} already"),
            }));
        }
        if standing.tried.len() >= MOST_TASK_TRIES {
            return Err(Refusal::Conflict(format!(
                "you have given {MOST_TASK_TRIES} answers at task {id}, the most kept at one task"
            )));
        }
        let keep_back = tries == Tries::UntilRight;
        let worked = &current.task.worked;
        let reply = match kind {
            Kind::Move => {
                if body.contains_key("answer") {
                    return Err(Refusal::Bad(format!(
                        "task {id} asks for a move, not for yes or no: send it as {}",
                        move_words.join(" or ")
                    )));
                }
                let judged = of_game!(worked, w => w.judge(&Sent(&body), keep_back))?;
                current.tried.moved(pupil, &judged);
                let standing = current.standing(pupil);
                standing.tried.push(Tried {
                    answer: judged.words,
                    to: Some(judged.to),
                    mark: judged.verdict.into(),
                });
                standing.done = tries == Tries::One
                    || judged.verdict != crate::teach::verdict::Verdict::Mistake;
                judged.reply
            }
            Kind::CanYouWin => {
                let yes = match body.get("answer").and_then(Value::as_str) {
                    Some(answer) if answer.eq_ignore_ascii_case("yes") => true,
                    Some(answer) if answer.eq_ignore_ascii_case("no") => false,
                    _ => {
                        return Err(Refusal::Bad(format!(
                            "task {id} asks whether the player to move can win: \
                             send \"answer\": \"yes\" or \"no\""
                        )));
                    }
                };
                if let Some(word) = body.keys().find(|k| move_words.contains(&k.as_str())) {
                    return Err(Refusal::Bad(format!(
                        "task {id} asks for yes or no, not for a move: leave out '{word}'"
                    )));
                }
                let said = of_game!(worked, w => w.yes_no(yes, keep_back));
                current.tried.said(pupil, yes);
                let mark = if said.right {
                    Mark::Good
                } else {
                    Mark::Mistake
                };
                let answer = if yes { "yes" } else { "no" };
                let standing = current.standing(pupil);
                standing.tried.push(Tried {
                    answer: answer.to_string(),
                    to: None,
                    mark,
                });
                standing.done = tries == Tries::One || said.right;
                json!({
                    "answer": answer,
                    "verdict": mark.name(),
                    "right": said.right,
                    "reason": said.reason,
                })
                .to_string()
            }
            Kind::Game { .. } => {
                return Err(Refusal::Bad(format!(
                    "task {id} is a game against the computer: send its moves to play"
                )));
            }
        };
        let standing = current.standing(pupil);
        standing.reply = Some(reply.clone());
        standing.last = Some(now);
        self.versions.tally += 1;
        Ok(reply)
    }

    /// `POST /api/class/hint`: one more hint, and every hint so far.
    pub fn hint(&mut self, pupil: PupilId, body: &[u8], now: Instant) -> Result<Value, Refusal> {
        let body = object(body, "hint")?;
        if let Some(unknown) = body.keys().find(|k| *k != "task") {
            return Err(Refusal::Bad(format!(
                "a hint's request has no field '{}': it has task",
                crate::rules::row_reader::printable(unknown)
            )));
        }
        let current = self.answering(pupil, &body, now)?;
        if let Kind::Game { .. } = current.task.kind {
            return Err(Refusal::Bad(format!(
                "task {} is a game: its hints come with play, one more in 'hints' each time",
                current.task.id
            )));
        }
        let ladder = of_game!(&current.task.worked, w => w.ladder().to_vec());
        let no_more = current.task.no_more();
        let standing = current.standing(pupil);
        let given = standing.hints < ladder.len();
        if given {
            standing.hints += 1;
        }
        let shown = standing.hints;
        if given {
            self.versions.tally += 1;
        }
        Ok(hints_json(&ladder, shown, no_more))
    }

    /// `POST /api/class/play`, before the game is replayed: what to replay
    /// it from, or why it is not to be. The pupil's moves must go on from
    /// those kept (a class's game takes no move back); a game that is over
    /// is only shown again, or at a task of tries until right, after a
    /// game lost, begun again with no moves.
    pub(crate) fn play(
        &mut self,
        pupil: PupilId,
        body: &[u8],
        now: Instant,
    ) -> Result<Playing, Refusal> {
        let mut body = object(body, "game")?;
        let current = self.answering(pupil, &body, now)?;
        let (id, tries) = (current.task.id, current.task.tries);
        let Kind::Game { level, first } = current.task.kind else {
            return Err(Refusal::Bad(format!(
                "task {id} is not a game: send its answer to answer"
            )));
        };
        let which: Which = of_game!(map &current.task.worked, _ => PhantomData);
        let what = of_game!(&current.task.worked, w => move_name(w));
        let moves_name = format!("{what}s");
        if let Some(unknown) = body
            .keys()
            .find(|k| !["task", "hints", moves_name.as_str()].contains(&k.as_str()))
        {
            return Err(Refusal::Bad(format!(
                "a game's request has no field '{}': it has task, {moves_name} and hints",
                crate::rules::row_reader::printable(unknown)
            )));
        }
        let moves = match body.remove(&moves_name) {
            None => Vec::new(),
            Some(Value::Array(moves)) => moves,
            Some(_) => {
                return Err(Refusal::Bad(format!(
                    "'{moves_name}' must be a list of your {moves_name}"
                )));
            }
        };
        let hints = match body.get("hints").map(Value::as_u64) {
            None => 0,
            Some(Some(hints)) if hints <= HINTS_A_TURN => hints as usize,
            Some(_) => {
                return Err(Refusal::Bad(format!(
                    "'hints' must be a number of hints from 0 to {HINTS_A_TURN}"
                )));
            }
        };
        let words = current.task.words.clone().unwrap_or_default();
        let standing = current.standing(pupil);
        let game = match &mut standing.game {
            Some(game) => game,
            None => standing.game.insert(Game {
                what,
                seed: secret::seed().map_err(|e| Refusal::Failed(e.to_string()))?,
                moves: Vec::new(),
                hints_at: (0, 0),
                hints: 0,
                this_game: 0,
                mark: Mark::Playing,
                games: 1,
                lost: None,
            }),
        };
        let restart = match game.mark {
            Mark::Playing if moves.starts_with(&game.moves) => false,
            Mark::Playing => {
                return Err(Refusal::Conflict(format!(
                    "a {what} in a class's game cannot be taken back: send every {what} made so far"
                )));
            }
            _ if moves == game.moves => false,
            Mark::Lost if tries == Tries::UntilRight && moves.is_empty() => true,
            _ => {
                return Err(Refusal::Conflict(match tries {
                    Tries::One => format!("your game at task {id} is over, and it takes one game"),
                    Tries::UntilRight => format!("you have won your game at task {id}"),
                }));
            }
        };
        let hints_used = match restart {
            true => hints as u64,
            false => game.this_game + game.more_hints(moves.len(), hints),
        };
        let (words, flags) = words.given();
        Ok(Playing {
            task: id,
            which,
            words,
            flags: flags.to_vec(),
            level,
            first,
            seed: game.seed,
            moves,
            hints,
            hints_used,
            restart,
        })
    }

    /// The game in `playing` was replayed: it stands at `result` (`None`
    /// while it goes on, or who won). Kept only while its task is still
    /// the one set now.
    pub(crate) fn played(
        &mut self,
        pupil: PupilId,
        playing: &Playing,
        result: Option<bool>,
        now: Instant,
    ) {
        let Some(current) = self.current.as_mut().filter(|c| c.task.id == playing.task) else {
            return;
        };
        let tries = current.task.tries;
        let standing = current.standing(pupil);
        let Some(game) = standing.game.as_mut() else {
            return;
        };
        if playing.restart {
            game.lost = Some(game.moves.len());
            game.games += 1;
            game.hints_at = (0, 0);
            game.this_game = 0;
        }
        let more = game.more_hints(playing.moves.len(), playing.hints);
        game.hints += more;
        game.this_game += more;
        if game.hints_at.0 != playing.moves.len() || playing.hints > game.hints_at.1 {
            game.hints_at = (playing.moves.len(), playing.hints);
        }
        game.moves.clone_from(&playing.moves);
        game.mark = match result {
            None => Mark::Playing,
            Some(true) => Mark::Won,
            Some(false) => Mark::Lost,
        };
        standing.done = match game.mark {
            Mark::Playing => false,
            Mark::Won => true,
            _ => tries == Tries::One,
        };
        standing.last = Some(now);
        self.versions.tally += 1;
    }

    /// `GET /api/class/me`: where `pupil` stands in the task now.
    pub(crate) fn me(&self, pupil: PupilId) -> Value {
        let name = &self.roll.get(pupil).name;
        let task: Value = serde_json::from_str::<Value>(&self.task_json)
            .map(|mut t| t["task"].take())
            .unwrap_or(Value::Null);
        let none = Standing::default();
        let mut me = match &self.current {
            Some(current) => {
                let ladder = of_game!(&current.task.worked, w => w.ladder());
                let standing = current.standings.get(pupil).unwrap_or(&none);
                let mut me = standing.json(ladder);
                let mut hints = hints_json(ladder, standing.hints, current.task.no_more());
                me["more"] = hints["more"].take();
                me["no_more"] = hints["no_more"].take();
                me
            }
            None => {
                let mut me = none.json(&[]);
                me["more"] = Value::Bool(false);
                me["no_more"] = Value::Null;
                me
            }
        };
        me["name"] = Value::from(name.as_str());
        me["task"] = task;
        me["offline"] = Value::from(OFFLINE);
        me
    }

    /// `GET /api/class/tally`.
    pub fn tally(&self) -> Value {
        let joined = self.roll.len();
        let Some(current) = &self.current else {
            return tally::empty(joined);
        };
        let about = tally::About {
            id: current.task.id,
            kind: current.task.kind.name(),
            open: current.open,
            wins: current.wins(),
            game: matches!(current.task.kind, Kind::Game { .. }),
        };
        let counted: Vec<PupilId> = current
            .there
            .iter()
            .copied()
            .filter(|&id| self.roll.here(id))
            .collect();
        let (standings, tried) = (&current.standings, &current.tried);
        tally::tally(&about, joined, &counted, standings, tried)
    }

    /// Who has joined: `{"joined", "names"}`.
    pub(crate) fn names(&self) -> Value {
        json!({ "joined": self.roll.len(), "names": self.roll.names() })
    }

    /// `GET /api/class/pupils`: the code, the pupils' address and its QR
    /// code, and who has joined.
    pub(crate) fn pupils(&self) -> Value {
        json!({
            "code": self.code,
            "join": self.join,
            "qr": self.qr,
            "joined": self.roll.len(),
            "names": self.roll.names(),
        })
    }

    /// `GET /api/class/results.csv`: the line of every pupil who was
    /// there at every task.
    pub fn results(&self) -> String {
        let mut tasks = self.done.clone();
        tasks.extend(self.current.as_ref().map(|c| c.done(c.open)));
        results::csv(&self.roll.every_name(), &tasks)
    }
}

// What the pages show of a refusal is plain text, never Markdown: a
// command is named in words, with no backticks around it.

/// What a device without the key is told of the rest of matchsticks.
const REST: &str = "in a class, the rest of matchsticks is for the teacher's page: a pupil \
     joins at the pupils' address on the projector, and a teacher who wants the classroom \
     page too starts matchsticks serve a second time, beside the class";

/// What a wrong key is told.
const WRONG_KEY: &str = "this key is wrong, or belongs to another class: open the teacher's \
     address that matchsticks printed when this class was opened";

/// What a pupil's page says while it cannot reach the class (given with
/// `GET /api/class/me`, since then no request gets through): words for a
/// pupil on a phone, not for whoever runs matchsticks.
const OFFLINE: &str = "No connection: check the Wi-Fi, then try again.";

/// What a pupil the teacher removed is told, at every request.
const REMOVED: &str = "the teacher has taken this device out of the class: type your name \
     to join again";

/// The hints shown, `shown` of `ladder`: whether there are more, and when
/// there are none, why (`no_more`).
fn hints_json(ladder: &[String], shown: usize, no_more: &str) -> Value {
    let shown = shown.min(ladder.len());
    let more = shown < ladder.len();
    json!({
        "hints": &ladder[..shown],
        "more": more,
        "no_more": (!more).then_some(no_more),
    })
}

/// The body of a request as a JSON object, or why it is not one.
fn object(body: &[u8], what: &str) -> Result<Map<String, Value>, Refusal> {
    match serde_json::from_slice::<Value>(body) {
        Ok(Value::Object(fields)) => Ok(fields),
        Ok(_) => Err(Refusal::Bad(format!("the {what} must be a JSON object"))),
        Err(e) => Err(Refusal::Bad(format!("the {what} could not be read: {e}"))),
    }
}

/// The names a move of `w`'s game may be given by.
fn move_words<G: crate::teach::lesson::InLesson + Queried>(
    _: &task::Worked<G>,
) -> &'static [&'static str] {
    G::MOVE_WORDS
}

/// What a game of `w`'s kind calls a move: "move" or "bite".
fn move_name<G: crate::teach::lesson::InLesson + Queried>(_: &task::Worked<G>) -> &'static str {
    G::MOVE
}

/// A move as an answer's body gives it, by the names the game reads: a
/// list of numbers (`"to": [2, 6, 5]`) is read as the same numbers written
/// with commas, a number or a text as it is.
struct Sent<'a>(&'a Map<String, Value>);

impl Words for Sent<'_> {
    fn words(&self, name: &str) -> Option<Vec<String>> {
        let word = |value: &Value| match value {
            Value::String(text) => text.clone(),
            other => other.to_string(),
        };
        let given = match self.0.get(name)? {
            Value::Array(items) => items.iter().map(word).collect::<Vec<_>>().join(","),
            value => word(value),
        };
        Some(vec![given])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    /// A class with pupils called `names`, their ids in order, and a time
    /// that moves on a second at each request so no bucket is empty.
    struct Room {
        class: Class,
        pupils: Vec<PupilId>,
        now: Instant,
    }

    impl Room {
        fn new(names: &[&str]) -> Room {
            let mut class = Class::open("http://127.0.0.1:8357").unwrap();
            let now = Instant::now();
            let code = class.code().to_string();
            let pupils = names
                .iter()
                .map(|name| {
                    let body = json!({ "code": code, "name": name }).to_string();
                    let token = class.join(body.as_bytes(), now).unwrap()["pupil"]
                        .as_str()
                        .unwrap()
                        .to_string();
                    class.pupil(Some(&token)).unwrap()
                })
                .collect();
            Room { class, pupils, now }
        }

        fn tick(&mut self) -> Instant {
            self.now += Duration::from_secs(1);
            self.now
        }

        fn set(&mut self, body: &str) -> u64 {
            let task = Task::new(&task::Asked::read(body.as_bytes()).unwrap()).unwrap();
            let now = self.tick();
            self.class.set(task, now).unwrap()
        }

        fn answer(&mut self, pupil: usize, body: Value) -> Result<Value, Refusal> {
            let now = self.tick();
            let id = self.pupils[pupil];
            let reply = self.class.answer(id, body.to_string().as_bytes(), now)?;
            Ok(serde_json::from_str(&reply).unwrap())
        }

        fn hint(&mut self, pupil: usize, task: u64) -> Result<Value, Refusal> {
            let now = self.tick();
            let body = json!({ "task": task }).to_string();
            self.class.hint(self.pupils[pupil], body.as_bytes(), now)
        }
    }

    fn conflict(refused: Result<Value, Refusal>) -> String {
        match refused {
            Err(Refusal::Conflict(why)) => why,
            other => panic!("not a conflict: {other:?}"),
        }
    }

    #[test]
    fn the_key_and_the_tokens_let_in_only_their_holders() {
        let room = Room::new(&["Sam"]);
        let class = &room.class;
        let key = class.key().as_str();
        assert!(class.teacher(Some(key)).is_ok());
        let wrong = "0".repeat(key.len());
        for key in [None, Some(""), Some(wrong.as_str()), Some(class.code())] {
            assert!(matches!(class.teacher(key), Err(Refusal::Forbidden(_))));
        }
        assert!(matches!(class.pupil(Some(key)), Err(Refusal::Forbidden(_))));
        assert!(matches!(class.pupil(None), Err(Refusal::Forbidden(_))));
    }

    #[test]
    fn joining_needs_the_code_and_a_name_no_one_has() {
        let mut room = Room::new(&["Sam"]);
        let now = room.now;
        let code = room.class.code().to_lowercase();
        let mut join = |code: &str, name: &str| {
            let body = json!({ "code": code, "name": name }).to_string();
            room.class.join(body.as_bytes(), now)
        };
        assert!(matches!(join("ZZZZZ", "Al"), Err(Refusal::Unknown(_))));
        assert!(matches!(join(&code, " SAM "), Err(Refusal::Conflict(_))));
        assert!(matches!(join(&code, ""), Err(Refusal::Bad(_))));
        assert_eq!(join(&code, " <b>Al</b> ").unwrap()["name"], "<b>Al</b>");
        assert_eq!(
            room.class.names(),
            json!({ "joined": 2, "names": ["Sam", "<b>Al</b>"] })
        );
    }

    #[test]
    fn one_try_is_one_answer_and_an_illegal_move_is_no_try() {
        let mut room = Room::new(&["Sam", "Al"]);
        let id = room.set(r#"{"kind": "move", "position": "3 5 7"}"#);
        let illegal = room.answer(0, json!({ "task": id, "to": [3, 5, 8] }));
        assert!(matches!(illegal, Err(Refusal::Illegal(_))), "{illegal:?}");
        assert_eq!(room.class.tally()["answered"], 0);
        let mistake = room
            .answer(0, json!({ "task": id, "to": [3, 5, 5] }))
            .unwrap();
        assert_eq!(mistake["verdict"], "mistake");
        assert!(mistake.get("winning_moves").is_some());
        let again = room.answer(0, json!({ "task": id, "to": [2, 5, 7] }));
        assert_eq!(
            conflict(again),
            "you have answered task 1, and it takes one try"
        );
        room.answer(1, json!({ "task": id, "to": [3, 5, 5] }))
            .unwrap();
        let tally = room.class.tally();
        assert_eq!(tally["answered"], 2);
        assert_eq!(tally["verdicts"]["mistake"], 2);
        assert_eq!(tally["moves"][0]["pupils"], 2);
        assert_eq!(tally["moves"][0]["move"], "take 2 from row 3");
        // Answers to another task, or to a closed one, are refused.
        let other = room.answer(1, json!({ "task": id + 1, "to": [2, 5, 7] }));
        assert_eq!(
            conflict(other),
            "task 2 is not the task set now, which is task 1"
        );
        room.class.close().unwrap();
        let closed = room.answer(1, json!({ "task": id, "to": [2, 5, 7] }));
        assert_eq!(conflict(closed), "task 1 is closed: wait for the next one");
        assert!(matches!(room.class.close(), Err(Refusal::Conflict(_))));
    }

    #[test]
    fn until_right_counts_every_move_tried_and_the_latest_answer() {
        let mut room = Room::new(&["Sam"]);
        let id = room.set(r#"{"kind": "move", "position": "3 5 7", "tries": "until-right"}"#);
        let mistake = room
            .answer(0, json!({ "task": id, "to": [3, 5, 5] }))
            .unwrap();
        assert!(mistake.get("winning_moves").is_none());
        assert_eq!(room.class.tally()["verdicts"]["mistake"], 1);
        let hinted = room.hint(0, id).unwrap();
        assert_eq!(hinted["hints"].as_array().unwrap().len(), 1);
        let good = room
            .answer(0, json!({ "task": id, "to": [2, 5, 7] }))
            .unwrap();
        assert_eq!(good["verdict"], "good");
        let tally = room.class.tally();
        assert_eq!(
            tally["verdicts"],
            json!({ "good": 1, "mistake": 0, "lost-anyway": 0 })
        );
        assert_eq!(tally["moves"].as_array().unwrap().len(), 2);
        assert_eq!(tally["hints"], 1);
        let again = room.answer(0, json!({ "task": id, "to": [2, 5, 7] }));
        assert_eq!(conflict(again), "you have answered task 1 already");
        // A reload finds the pupil where they were.
        let me = room.class.me(room.pupils[0]);
        assert_eq!(me["name"], "Sam");
        assert_eq!(me["task"]["id"], id);
        assert_eq!(me["answers"].as_array().unwrap().len(), 2);
        assert_eq!(me["answers"][1]["verdict"], "good");
        assert_eq!(me["reply"], good);
        assert_eq!(me["hints"], hinted["hints"]);
        assert_eq!(me["done"], true);
        let csv = room.class.results();
        assert!(
            csv.ends_with(
                "\"Sam\",1,\"3 5 7 (last stick loses): find a winning move\",\"take 1 from row 1\",\
                 good,2,1,3\r\n"
            ),
            "{csv}"
        );
    }

    #[test]
    fn yes_and_no_are_tallied_with_a_right_answer_as_good() {
        let mut room = Room::new(&["Sam", "Al", "Jo"]);
        let id = room.set(r#"{"kind": "can-you-win", "position": "1 2 3"}"#);
        for (pupil, answer) in [(0, "no"), (1, "yes"), (2, "No")] {
            room.answer(pupil, json!({ "task": id, "answer": answer }))
                .unwrap();
        }
        let wrong = room.answer(1, json!({ "task": id, "answer": "no" }));
        assert!(matches!(wrong, Err(Refusal::Conflict(_))));
        let bad = room.answer(0, json!({ "task": id, "to": [1, 2, 2] }));
        assert!(matches!(bad, Err(Refusal::Conflict(_))));
        let tally = room.class.tally();
        assert_eq!(tally["verdicts"]["good"], 2);
        assert_eq!(tally["verdicts"]["mistake"], 1);
        assert_eq!(
            tally["answers"],
            json!([
                { "answer": "yes", "pupils": 1, "verdict": "mistake" },
                { "answer": "no", "pupils": 2, "verdict": "good" },
            ])
        );
    }

    #[test]
    fn answers_of_the_wrong_kind_are_refused() {
        let mut room = Room::new(&["Sam"]);
        let id = room.set(r#"{"kind": "move", "position": "3 5 7"}"#);
        let cases = [
            json!({ "task": id, "answer": "yes" }),
            json!({ "task": id, "to": [2, 5, 7], "colour": "red" }),
            json!({ "to": [2, 5, 7] }),
            json!([1, 2]),
        ];
        for body in cases {
            let refused = room.answer(0, body.clone());
            assert!(
                matches!(refused, Err(Refusal::Bad(_))),
                "{body}: {refused:?}"
            );
        }
        let id = room.set(r#"{"kind": "game", "position": "3 5 7"}"#);
        let game = room.answer(0, json!({ "task": id, "to": [2, 5, 7] }));
        assert!(matches!(game, Err(Refusal::Bad(_))));
        assert!(matches!(room.hint(0, id), Err(Refusal::Bad(_))));
    }

    #[test]
    fn a_pupil_sends_three_at_once_then_two_a_second() {
        let mut room = Room::new(&["Sam"]);
        let id = room.set(r#"{"kind": "move", "position": "3 5 7", "tries": "until-right"}"#);
        let now = room.tick();
        let pupil = room.pupils[0];
        let body = json!({ "task": id, "to": [3, 5, 5] }).to_string();
        for _ in 0..limit::ANSWER_BURST {
            room.class.answer(pupil, body.as_bytes(), now).unwrap();
        }
        let refused = room.class.answer(pupil, body.as_bytes(), now);
        assert_eq!(refused, Err(Refusal::TooMany));
        let hint = room
            .class
            .hint(pupil, json!({ "task": id }).to_string().as_bytes(), now);
        assert_eq!(hint, Err(Refusal::TooMany));
        let later = now + Duration::from_millis(500);
        assert!(room.class.answer(pupil, body.as_bytes(), later).is_ok());
    }

    #[test]
    fn a_game_goes_on_from_the_moves_kept_and_is_won_or_lost() {
        let mut room = Room::new(&["Sam"]);
        let id = room.set(r#"{"kind": "game", "position": "3 5 7", "tries": "until-right"}"#);
        let pupil = room.pupils[0];
        let play = |room: &mut Room, moves: Value, hints: u64| {
            let now = room.tick();
            let body = json!({ "task": id, "moves": moves, "hints": hints }).to_string();
            room.class.play(pupil, body.as_bytes(), now)
        };
        let one = json!([{ "row": 1, "take": 1 }]);
        let first = play(&mut room, json!([]), 0).unwrap();
        let seed = first.seed;
        room.class.played(pupil, &first, None, room.now);
        let hinted = play(&mut room, json!([]), 2).unwrap();
        assert_eq!(hinted.hints_used, 2);
        room.class.played(pupil, &hinted, None, room.now);
        let moved = play(&mut room, one.clone(), 0).unwrap();
        assert_eq!(moved.seed, seed);
        room.class.played(pupil, &moved, Some(false), room.now);
        assert_eq!(
            room.class.tally()["games"],
            json!({ "won": 0, "lost": 1, "playing": 0, "unfinished": 0, "not_started": 0 })
        );
        // A game lost is shown again, or begun again with no moves.
        assert!(play(&mut room, one.clone(), 0).is_ok());
        let taken_back = play(&mut room, json!([{ "row": 2, "take": 1 }]), 0);
        assert!(matches!(taken_back, Err(Refusal::Conflict(_))));
        let again = play(&mut room, json!([]), 0).unwrap();
        room.class.played(pupil, &again, None, room.now);
        // Until the first move of the new game, the game lost stands.
        let lost = json!({ "won": 0, "lost": 1, "playing": 0, "unfinished": 0, "not_started": 0 });
        assert_eq!(room.class.tally()["games"], lost);
        assert!(room.class.results().contains(",lost,1,"));
        let back = play(&mut room, json!([{ "row": 2, "take": 1 }]), 0).unwrap();
        room.class.played(pupil, &back, None, room.now);
        let back = play(&mut room, json!([]), 0);
        assert_eq!(
            conflict(back.map(|_| Value::Null)),
            "a move in a class's game cannot be taken back: send every move made so far"
        );
        let tally = room.class.tally();
        assert_eq!(
            tally["games"],
            json!({ "won": 0, "lost": 0, "playing": 1, "unfinished": 0, "not_started": 0 })
        );
        assert_eq!(tally["hints"], 2);
        let me = room.class.me(pupil);
        assert_eq!(me["game"]["moves"], json!([{ "row": 2, "take": 1 }]));
        assert_eq!(me["game"]["result"], "playing");
        let csv = room.class.results();
        assert!(csv.ends_with(",\"1 move\",playing,2,2,7\r\n"), "{csv}");
    }

    #[test]
    fn a_class_sets_at_most_its_tasks_and_keeps_a_line_a_pupil_of_each() {
        let mut room = Room::new(&["Sam", "=1+1"]);
        for _ in 0..MOST_TASKS {
            room.set(r#"{"kind": "move", "position": "1 2"}"#);
        }
        assert!(matches!(
            room.class.room_for_a_task(),
            Err(Refusal::Conflict(_))
        ));
        let task =
            Task::new(&task::Asked::read(br#"{"kind": "move", "position": "1 2"}"#).unwrap());
        let now = room.tick();
        assert!(matches!(
            room.class.set(task.unwrap(), now),
            Err(Refusal::Conflict(_))
        ));
        let csv = room.class.results();
        assert_eq!(csv.lines().count(), 1 + 2 * MOST_TASKS);
        assert!(csv.contains(
            "\r\n\"'=1+1\",500,\"1 2 (last stick loses): find a winning move\",\"\",none,0,0,0\r\n"
        ));
    }
}
