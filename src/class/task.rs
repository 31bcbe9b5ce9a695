//! A task the teacher sets the class: a position of any game to find a
//! winning move in, to say whether it can be won, or to play from against
//! the computer; or a bundled lesson's question. It is read and worked out
//! once, when it is set, and every pupil's answer is then judged against
//! what was kept: the analysis, and the game's memo of its searches, so
//! that an answer costs no more than a look-up and a verdict.
//!
//! A task holds its game as [`Each`], and is written once for every game;
//! the games are told apart only by `lesson::games`.

use std::cell::RefCell;
use std::marker::PhantomData;
use std::sync::{Mutex, PoisonError};

use serde::Deserialize;
use serde_json::{Map, Value, json};

use super::Refusal;
use crate::lesson::asking::ladder;
use crate::lesson::games::{self, Each, Family, Which, of_game};
use crate::lesson::{self, Part, Question};
use crate::play::{First, Level, choice};
use crate::render::json as json_layout;
use crate::request::board::board;
use crate::request::check::{self, Refused};
use crate::request::error::Error;
use crate::rules::game::nothing_to_play;
use crate::teach::document::Document;
use crate::teach::lesson::{Asks, InLesson};
use crate::teach::queried::{Queried, Words};
use crate::teach::verdict::Verdict;

/// The most rows a task's position may have (or a Chomp bar), so that
/// every answer the class keeps stays small.
pub(crate) const MOST_TASK_ROWS: usize = 20;

/// What a task asks of each pupil.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// A winning move.
    Move,
    /// Whether the player to move can win: yes or no.
    CanYouWin,
    /// A game against the computer, at a level, with who starts.
    Game {
        /// How well the computer plays.
        level: Level,
        /// Who starts.
        first: First,
    },
}

impl Kind {
    /// Its name in the API: "move", "can-you-win" or "game".
    pub(crate) fn name(self) -> &'static str {
        match self {
            Kind::Move => "move",
            Kind::CanYouWin => "can-you-win",
            Kind::Game { .. } => "game",
        }
    }
}

/// How many tries a pupil has at a task.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Tries {
    /// One answer, or one game.
    One,
    /// Answers, or games, until one is right.
    UntilRight,
}

impl Tries {
    /// Its name in the API: "one" or "until-right".
    pub(crate) fn name(self) -> &'static str {
        match self {
            Tries::One => "one",
            Tries::UntilRight => "until-right",
        }
    }
}

/// A task as the teacher's page asks for it.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Asked {
    kind: String,
    game: Option<String>,
    position: Option<String>,
    normal: Option<bool>,
    take: Option<String>,
    rows_per_move: Option<u64>,
    tries: Option<String>,
    level: Option<String>,
    first: Option<String>,
    lesson: Option<String>,
    question: Option<usize>,
}

impl Asked {
    /// The task in a request's body, or why it cannot be read.
    pub fn read(body: &[u8]) -> Result<Asked, String> {
        serde_json::from_slice(body).map_err(|e| format!("the task could not be read: {e}"))
    }

    /// The game asked for; `None` for a lesson's question, whose game is
    /// bundled with it, or when none is named rightly.
    pub(crate) fn which(&self) -> Option<Which> {
        let which = games::named(self.game.as_deref()).ok()?;
        (self.kind != "lesson").then_some(which)
    }

    /// The position and rules asked for, by the names game `G` reads them
    /// by.
    pub(crate) fn words<G: Queried>(&self) -> TaskWords {
        TaskWords::of(self, G::POSITION_WORDS)
    }

    /// Whether a game against the computer is asked for.
    pub(crate) fn is_game(&self) -> bool {
        self.kind == "game"
    }
}

/// The words of a task's position and rules, by the names its game reads
/// them by: the position under the game's own name for it (`position`,
/// `shape`), and `normal`, `take` and `rows_per_move` as given.
#[derive(Clone, Debug, Default)]
pub(crate) struct TaskWords {
    /// The position, by its game's name for it.
    position: Option<(&'static str, String)>,
    /// Flags that are on.
    flags: Vec<&'static str>,
    /// The rules' words given, by name.
    words: Vec<(&'static str, String)>,
}

impl TaskWords {
    fn of(asked: &Asked, position: &'static str) -> TaskWords {
        let mut words = Vec::new();
        if let Some(take) = &asked.take {
            words.push(("take", take.clone()));
        }
        if let Some(k) = asked.rows_per_move {
            words.push(("rows_per_move", k.to_string()));
        }
        TaskWords {
            position: asked.position.clone().map(|given| (position, given)),
            flags: match asked.normal {
                Some(true) => vec!["normal"],
                _ => Vec::new(),
            },
            words,
        }
    }

    /// The position, as given.
    fn position(&self) -> Option<&str> {
        self.position.as_ref().map(|(_, given)| given.as_str())
    }

    /// Every name given for the rules.
    fn rule_names(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.flags
            .iter()
            .copied()
            .chain(self.words.iter().map(|(name, _)| *name))
    }

    /// Every word by name, the position's first, and the flags that are
    /// on: what a game is replayed from.
    pub(crate) fn given(&self) -> (Vec<(&'static str, String)>, &[&'static str]) {
        let words = self.position.iter().chain(&self.words).cloned().collect();
        (words, &self.flags)
    }
}

impl Words for TaskWords {
    fn words(&self, name: &str) -> Option<Vec<String>> {
        self.position
            .iter()
            .chain(&self.words)
            .find(|(n, _)| *n == name)
            .map(|(_, word)| vec![word.clone()])
    }

    fn flag(&self, name: &str) -> bool {
        self.flags.contains(&name)
    }
}

/// No words at all: the defaults of everything a game may be asked.
struct NoWords;

impl Words for NoWords {
    fn words(&self, _: &str) -> Option<Vec<String>> {
        None
    }
}

/// Words, noting every name a game asks them for.
struct Noting<'a> {
    words: &'a dyn Words,
    asked: RefCell<Vec<String>>,
}

impl Words for Noting<'_> {
    fn words(&self, name: &str) -> Option<Vec<String>> {
        self.asked.borrow_mut().push(name.to_string());
        self.words.words(name)
    }

    fn flag(&self, name: &str) -> bool {
        self.asked.borrow_mut().push(name.to_string());
        self.words.flag(name)
    }
}

/// A lesson's question a task was made from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct FromLesson {
    /// The lesson's bundled name.
    pub(crate) name: String,
    /// Its title.
    pub(crate) title: String,
    /// The question's number in it, from 1.
    pub(crate) question: usize,
}

/// A task's position of game `G`, worked out once for every pupil.
#[derive(Debug)]
pub(crate) struct Worked<G: InLesson + Queried> {
    game: G,
    position: G::Position,
    analysis: G::Analysis,
    /// The game's searches, kept for every answer.
    memo: Mutex<G::Memo>,
    /// The position explained, for the reveal.
    explanation: Document,
    /// Every hint, in order.
    ladder: Vec<String>,
    /// Whether a verdict shows the method's working (a lesson before the
    /// groups does not).
    groups_shown: bool,
}

/// The worked-out tasks of every game.
pub(crate) struct WorkedTask;

impl Family for WorkedTask {
    type Of<G: InLesson + Queried> = Worked<G>;
}

/// A task's position worked out, of any game.
pub(crate) type AnyWorked = Each<WorkedTask>;

/// A move, judged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Judged {
    /// What the pupil is sent: the JSON `/api/check` gives for the move,
    /// or with the better move kept back.
    pub(crate) reply: String,
    /// The rows the move leaves.
    pub(crate) to: Vec<u64>,
    /// The move in words: "take 5 from row 3".
    pub(crate) words: String,
    /// What it was worth.
    pub(crate) verdict: Verdict,
    /// Why, in the method's words, as the pupil was told.
    pub(crate) reason: String,
    /// Why, in a few words about the move, for the projector.
    pub(crate) brief: String,
}

/// A yes or a no, judged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Said {
    /// Whether it was right.
    pub(crate) right: bool,
    /// Why: who wins, or when it is kept back, only that it was wrong.
    pub(crate) reason: String,
}

/// Said to a wrong yes or no when the pupil may try again.
const NOT_QUITE: &str = "not quite: think again, or ask for a hint.";

/// What a task of yes or no asks each pupil, on their own device.
const CAN_YOU_WIN: &str = "It is your turn: can you win?";

/// A failure to work something out, in the words the command line would
/// print.
fn said(e: impl std::error::Error + Send + Sync + 'static) -> String {
    Error::game(e).to_string()
}

impl<G: InLesson + Queried> Worked<G> {
    /// `position` in `game` worked out, with its hints: the teacher's
    /// `hints` first, then the game's, as far as a question that `asks`
    /// allows.
    fn new(
        game: G,
        position: G::Position,
        hints: &[String],
        asks: Asks,
        groups_shown: bool,
    ) -> Result<Worked<G>, String> {
        let rows = G::rows(&position).len();
        if rows > MOST_TASK_ROWS {
            return Err(format!(
                "a task may have at most {MOST_TASK_ROWS} rows, and this one has {rows}: \
                 choose a position of fewer rows"
            ));
        }
        if let Some(why) = nothing_to_play(&game, &position) {
            return Err(why);
        }
        let extras = game.extras(&NoWords).map_err(said)?;
        let memo = game.memo(&position).map_err(|e| unworkable(&e))?;
        let (analysis, explanation) = game.explained(position.clone(), &extras).map_err(said)?;
        let ladder = ladder(hints, G::hints(&analysis), asks);
        Ok(Worked {
            game,
            position,
            analysis,
            memo: Mutex::new(memo),
            explanation,
            ladder,
            groups_shown,
        })
    }

    /// The task's position read from `asked` in game `G`, and worked out.
    fn read(_: PhantomData<G>, asked: &Asked, kind: Kind) -> Result<Worked<G>, String> {
        let words = &asked.words::<G>();
        let given = words
            .position()
            .ok_or("a task needs a position, such as \"3 5 7\"")?;
        let position = G::position(&[given.to_string()], None).map_err(said)?;
        let noting = Noting {
            words,
            asked: RefCell::new(Vec::new()),
        };
        let game = G::rules(&noting).map_err(said)?;
        let asked = noting.asked.into_inner();
        if let Some(unread) = words.rule_names().find(|n| !asked.iter().any(|a| a == n)) {
            return Err(format!("'{unread}' is not one of this game's rules"));
        }
        let asks = match kind {
            Kind::CanYouWin => Asks::CanYouWin,
            Kind::Move | Kind::Game { .. } => Asks::Move,
        };
        Worked::new(game, position, &[], asks, true)
    }

    /// A lesson's question, worked out.
    fn question(q: &Question<G>) -> Result<Worked<G>, String> {
        let setup = &q.setup;
        Worked::new(
            setup.game.clone(),
            setup.position.clone(),
            &q.hints,
            q.asks,
            q.groups_shown,
        )
    }

    /// What the task's JSON says of its position in this game: its rows,
    /// its rules as `explain --format json` names them, its title, and the
    /// board to click.
    fn describe(&self, kind: Kind, asked: Option<&str>) -> Result<Map<String, Value>, String> {
        let facts = serde_json::to_value(G::explain_facts(&self.analysis)).map_err(said)?;
        let fact = |name: &str| facts.get(name).cloned().unwrap_or(Value::Null);
        let question = match (asked, kind) {
            (Some(asked), _) => asked.to_string(),
            (None, Kind::Move) => G::ask_move(&self.position).to_string(),
            (None, Kind::CanYouWin) => CAN_YOU_WIN.to_string(),
            (None, Kind::Game { .. }) => self.game.introduce(&self.position),
        };
        let board = board(&self.position, &self.game).map_err(|e| e.to_string())?;
        let title = format!("{} ({})", self.position, self.game.title(&self.position));
        let described = json!({
            "position": G::rows(&self.position),
            "rule": fact("rule"),
            "take": fact("takes"),
            "rows_per_move": fact("rows_per_move"),
            "question": question,
            "title": plain(&title),
            "board": board,
        });
        match described {
            Value::Object(fields) => Ok(fields),
            _ => unreachable!("an object"),
        }
    }

    /// The move `given` (by the names the game reads a move by, such as
    /// `to`) judged, as `/api/check` judges it. With `keep_back`, a
    /// mistake's reply keeps the better move back, as a lesson's does: only
    /// its verdict, its reason and the steps that lead to them. An illegal
    /// move is refused with the JSON `/api/check` gives for it.
    pub(crate) fn judge(&self, given: &dyn Words, keep_back: bool) -> Result<Judged, Refusal> {
        let typed = G::typed(given).map_err(|e| Refusal::Bad(said(e)))?;
        let mv = match check::legal(&self.game, &self.position, &typed) {
            Ok(mv) => mv,
            Err(Refused::Illegal { json, .. }) => return Err(Refusal::Illegal(json)),
            Err(Refused::Failed(e)) => return Err(Refusal::Bad(e.to_string())),
        };
        let j = {
            let mut memo = self.memo.lock().unwrap_or_else(PoisonError::into_inner);
            self.game.judge(&self.analysis, &mv, &mut memo)
        }
        .map_err(|e| Refusal::Failed(said(e)))?;
        let verdict = G::verdict(&j);
        let facts = G::check_facts(&j);
        let named = serde_json::to_value(&facts).map_err(|e| Refusal::Failed(said(e)))?;
        let reason = named["reason"].as_str().unwrap_or_default().to_string();
        let reply = match keep_back && verdict == Verdict::Mistake {
            true => {
                let kept = json!({
                    "legal": named["legal"],
                    "verdict": named["verdict"],
                    "reason": named["reason"],
                });
                let shown = G::as_shown(G::verdict_only(&j), &j, self.groups_shown);
                json_layout::document(&kept, &shown)
            }
            // What `/api/check` gives, written the same way.
            false => {
                let shown = G::as_shown(G::check(&j), &j, self.groups_shown);
                json_layout::document(&facts, &shown)
            }
        };
        Ok(Judged {
            reply,
            to: G::rows(&G::after(&j)),
            words: plain(&mv.to_string()),
            verdict,
            reason: plain(&reason),
            brief: plain(&G::brief(&j)),
        })
    }

    /// A yes or a no to "can the player to move win?". With `keep_back`, a
    /// wrong one is told only that it is wrong.
    pub(crate) fn yes_no(&self, yes: bool, keep_back: bool) -> Said {
        let wins = G::outcome(&self.analysis) == crate::rules::outcome::Outcome::Win;
        let right = yes == wins;
        let reason = match right || !keep_back {
            true => G::right(&self.analysis),
            false => NOT_QUITE.to_string(),
        };
        Said {
            right,
            reason: plain(&reason),
        }
    }

    /// Every hint, in order.
    pub(crate) fn ladder(&self) -> &[String] {
        &self.ladder
    }

    /// What a move is called in this game: "move" or "bite".
    pub(crate) fn move_noun(&self) -> &'static str {
        G::MOVE
    }

    /// The position explained.
    pub(crate) fn explanation(&self) -> (&Document, crate::rules::outcome::Outcome) {
        (&self.explanation, G::outcome(&self.analysis))
    }
}

/// Why `first` names nobody who could start a game, in a teacher's words
/// rather than the command line's name for the choice.
fn who_starts(first: Option<&str>) -> String {
    format!(
        "'{}' is not who starts: choose me (the pupil starts) or computer (the computer starts)",
        crate::rules::row_reader::printable(first.unwrap_or_default())
    )
}

/// Why a task's position cannot be worked out for the class: the cause
/// the game gives (such as a Chomp bar past its search's limit), and not
/// the game's own words around it, which speak of playing the computer
/// and of other tabs, neither of which a task has.
fn unworkable(e: &(dyn std::error::Error + 'static)) -> String {
    let cause = e.source().unwrap_or(e);
    format!("a task is worked out for the whole class as it is set, and {cause}")
}

/// A choice as the command line names it: "perfect", "computer".
fn named(value: impl clap::ValueEnum) -> Value {
    value
        .to_possible_value()
        .map_or(Value::Null, |p| Value::from(p.get_name()))
}

/// The words `asked` gives, by the names of game `G`.
fn words_of<G: Queried>(_: PhantomData<G>, asked: &Asked) -> TaskWords {
    asked.words::<G>()
}

/// Text with the no-break spaces that keep a move on one line made plain,
/// as JSON and a spreadsheet want it.
pub(crate) fn plain(text: &str) -> String {
    text.replace('\u{a0}', " ")
}

/// A task, set.
#[derive(Debug)]
pub struct Task {
    /// Its number in the class, from 1.
    pub(crate) id: u64,
    pub(crate) kind: Kind,
    pub(crate) tries: Tries,
    /// Its position and rules, and what it asks, in a line for the
    /// results: "2 6 9 (last stick loses): find a winning move".
    pub(crate) title: String,
    /// For a game: the words it is replayed from.
    pub(crate) words: Option<TaskWords>,
    /// What the task's JSON says, but whether it is open.
    described: Map<String, Value>,
    /// Its position, worked out.
    pub(crate) worked: AnyWorked,
}

impl Task {
    /// The task `asked` for, read and worked out; or why it cannot be set,
    /// in the words the command line would use. It is numbered when it is
    /// set.
    pub fn new(asked: &Asked) -> Result<Task, String> {
        let tries = match asked.tries.as_deref() {
            None | Some("one") => Tries::One,
            Some("until-right") => Tries::UntilRight,
            Some(other) => {
                return Err(format!(
                    "'{}' is not a number of tries: choose one or until-right",
                    crate::rules::row_reader::printable(other)
                ));
            }
        };
        let yes_or_no = |kind: Kind| match (kind, tries) {
            (Kind::CanYouWin, Tries::UntilRight) => Err(
                "a question of yes or no takes one try: after a wrong answer the only one \
                     left would be right, so every pupil would end up right. Choose one try"
                    .to_string(),
            ),
            _ => Ok(()),
        };
        let which = games::named(asked.game.as_deref())?;
        let fields = |names: &[(&str, bool)]| -> Result<(), String> {
            match names.iter().find(|(_, given)| *given) {
                Some((name, _)) => {
                    Err(format!("a task of kind '{}' takes no '{name}'", asked.kind))
                }
                None => Ok(()),
            }
        };
        let game_fields = [
            ("level", asked.level.is_some()),
            ("first", asked.first.is_some()),
        ];
        let lesson_fields = [
            ("lesson", asked.lesson.is_some()),
            ("question", asked.question.is_some()),
        ];
        let (kind, worked, lesson, asked_words) = match asked.kind.as_str() {
            "move" | "can-you-win" | "game" => {
                fields(&lesson_fields)?;
                let kind = match asked.kind.as_str() {
                    "move" => Kind::Move,
                    "can-you-win" => Kind::CanYouWin,
                    _ => Kind::Game {
                        level: choice(asked.level.as_deref(), "level")?,
                        first: choice(asked.first.as_deref(), "first")
                            .map_err(|_| who_starts(asked.first.as_deref()))?,
                    },
                };
                if !matches!(kind, Kind::Game { .. }) {
                    fields(&game_fields)?;
                }
                yes_or_no(kind)?;
                let worked =
                    of_game!(map which, marker => Worked::read(marker, asked, kind)).transpose()?;
                (kind, worked, None, None)
            }
            "lesson" => {
                fields(&game_fields)?;
                let given = [
                    ("game", asked.game.is_some()),
                    ("position", asked.position.is_some()),
                    ("normal", asked.normal.is_some()),
                    ("take", asked.take.is_some()),
                    ("rows_per_move", asked.rows_per_move.is_some()),
                ];
                fields(&given)?;
                let name = asked
                    .lesson
                    .as_deref()
                    .ok_or("a lesson's task needs 'lesson'")?;
                let number = asked.question.ok_or("a lesson's task needs 'question'")?;
                let found = lesson::bundled(name).map_err(|e| e.to_string())?;
                let questions = found.questions();
                let q = found
                    .parts
                    .iter()
                    .filter_map(|part| match part {
                        Part::Question(q) => Some(q),
                        _ => None,
                    })
                    .nth(number.wrapping_sub(1))
                    .ok_or_else(|| {
                        format!("the lesson '{name}' has no question {number}: it has {questions}")
                    })?;
                let (kind, ask) = of_game!(q, q => (
                    match q.asks {
                        Asks::Move => Kind::Move,
                        Asks::CanYouWin => Kind::CanYouWin,
                    },
                    q.asked().to_string(),
                ));
                yes_or_no(kind)?;
                let worked = of_game!(map q, q => Worked::question(q)).transpose()?;
                let from = FromLesson {
                    name: name.to_string(),
                    title: found.title.clone(),
                    question: number,
                };
                (kind, worked, Some(from), Some(ask))
            }
            other => {
                return Err(format!(
                    "'{}' is not a kind of task: choose move, can-you-win, game or lesson",
                    crate::rules::row_reader::printable(other)
                ));
            }
        };
        let mut described = of_game!(&worked, w => w.describe(kind, asked_words.as_deref()))?;
        let (level, first) = match kind {
            Kind::Game { level, first } => (Some(level), Some(first)),
            _ => (None, None),
        };
        let what = of_game!(&worked, w => w.move_noun());
        let asks = match (&lesson, kind) {
            (Some(from), _) => format!(
                "question {} of the lesson \"{}\"",
                from.question, from.title
            ),
            (None, Kind::Move) => format!("find a winning {what}"),
            (None, Kind::CanYouWin) => "can you win?".to_string(),
            (None, Kind::Game { level, first }) => format!(
                "a game against the computer, level {}, {}",
                named(level).as_str().unwrap_or_default(),
                match first {
                    First::Me => "the pupil starts",
                    First::Computer => "the computer starts",
                }
            ),
        };
        let title = format!(
            "{}: {asks}",
            described["title"].as_str().unwrap_or_default()
        );
        described.insert("kind".into(), kind.name().into());
        described.insert("game".into(), worked.name().into());
        described.insert("tries".into(), tries.name().into());
        described.insert("level".into(), level.map_or(Value::Null, named));
        described.insert("first".into(), first.map_or(Value::Null, named));
        described.insert(
            "lesson".into(),
            match &lesson {
                Some(from) => json!({
                    "name": from.name,
                    "title": from.title,
                    "question": from.question,
                }),
                None => Value::Null,
            },
        );
        Ok(Task {
            id: 0,
            kind,
            tries,
            title,
            words: match kind {
                Kind::Game { .. } => Some(of_game!(which, marker => words_of(marker, asked))),
                _ => None,
            },
            described,
            worked,
        })
    }

    /// Numbers the task `id`, as it is set.
    pub(crate) fn renumber(&mut self, id: u64) {
        self.id = id;
        self.described.insert("id".into(), id.into());
    }

    /// What is said where the Hint button was, once every hint has been
    /// shown.
    pub(crate) fn no_more(&self) -> &'static str {
        match self.kind {
            Kind::CanYouWin => {
                "No more hints: the others would tell who wins, and that is the question."
            }
            Kind::Move | Kind::Game { .. } => "No more hints: the last one gave the answer.",
        }
    }

    /// The task as `GET /api/class/task` gives it.
    pub(crate) fn json(&self, open: bool) -> Value {
        let mut fields = self.described.clone();
        fields.insert("open".into(), open.into());
        Value::Object(fields)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lesson::games::OfGame;
    use crate::request::check::check as api_check;
    use crate::rules::game::{Chomp, Game};
    use crate::rules::nim::Nim;

    fn asked(body: &str) -> Asked {
        Asked::read(body.as_bytes()).unwrap()
    }

    fn task(body: &str) -> Result<Task, String> {
        Task::new(&asked(body))
    }

    /// A move by the names a game reads it by.
    struct Move(&'static str, String);

    impl Words for Move {
        fn words(&self, name: &str) -> Option<Vec<String>> {
            (name == self.0).then(|| vec![self.1.clone()])
        }
    }

    #[test]
    fn a_task_says_what_it_is() {
        let t = task(r#"{"kind": "move", "position": "2 6 9"}"#).unwrap();
        let json = t.json(true);
        assert_eq!(json["kind"], "move");
        assert_eq!(json["game"], "nim");
        assert_eq!(json["position"], json!([2, 6, 9]));
        assert_eq!(json["rule"], "misere");
        assert_eq!(json["take"], Value::Null);
        assert_eq!(json["tries"], "one");
        assert_eq!(json["title"], "2 6 9 (last stick loses)");
        assert_eq!(json["question"], "Your move: what do you take?");
        assert_eq!(json["board"]["rows"], json!([2, 6, 9]));
        assert_eq!(json["open"], true);
        let game = task(
            r#"{"kind": "game", "position": "21", "take": "1-3", "normal": true,
                "level": "good", "first": "computer", "tries": "until-right"}"#,
        )
        .unwrap();
        let json = game.json(false);
        assert_eq!(json["take"], json!([1, 2, 3]));
        assert_eq!(json["rule"], "normal");
        assert_eq!(
            (&json["level"], &json["first"]),
            (&json!("good"), &json!("computer"))
        );
        assert_eq!(json["tries"], "until-right");
        assert!(game.words.is_some());
        let bar = task(r#"{"kind": "can-you-win", "game": "chomp", "position": "4x5"}"#).unwrap();
        let json = bar.json(true);
        assert_eq!(json["game"], "chomp");
        assert_eq!(json["rule"], Value::Null);
        assert_eq!(json["position"], json!([5, 5, 5, 5]));
        assert_eq!(json["question"], "It is your turn: can you win?");
        // The bar once, then its rule, as a Nim task's rows then theirs.
        assert_eq!(
            json["title"],
            "4x5 (Chomp: whoever eats the poisoned square loses)"
        );
    }

    #[test]
    fn a_lessons_question_is_a_task_with_its_words() {
        let t = task(r#"{"kind": "lesson", "lesson": "copy-cat", "question": 1}"#).unwrap();
        let json = t.json(true);
        let lesson = lesson::bundled("copy-cat").unwrap();
        assert_eq!(json["lesson"]["name"], "copy-cat");
        assert_eq!(json["lesson"]["title"], lesson.title.as_str());
        assert_eq!(json["lesson"]["question"], 1);
        assert!(["move", "can-you-win"].contains(&json["kind"].as_str().unwrap()));
        let missing = task(r#"{"kind": "lesson", "lesson": "copy-cat", "question": 99}"#);
        assert!(
            missing
                .unwrap_err()
                .starts_with("the lesson 'copy-cat' has no question 99: it has "),
        );
        let unknown = task(r#"{"kind": "lesson", "lesson": "copy-kat", "question": 1}"#);
        assert_eq!(
            unknown.unwrap_err(),
            "there is no lesson called 'copy-kat': did you mean 'copy-cat'?"
        );
    }

    #[test]
    fn a_task_is_refused_in_the_words_of_the_command_line() {
        let cases: &[(&str, &str)] = &[
            (
                r#"{"kind": "move", "position": "3,x"}"#,
                "'x' is not a row size: use a whole number such as 3",
            ),
            (
                r#"{"kind": "move", "position": "3 5", "take": "0"}"#,
                "invalid --take '0': ",
            ),
            (
                r#"{"kind": "move", "position": "0 0"}"#,
                "there is no move to make from 0 0: start with sticks that can be taken",
            ),
            (
                r#"{"kind": "move", "game": "chomp", "position": "4x5", "take": "1-3"}"#,
                "'take' is not one of this game's rules",
            ),
            (
                r#"{"kind": "move", "position": "1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1"}"#,
                "a task may have at most 20 rows, and this one has 21",
            ),
            (r#"{"kind": "move"}"#, "a task needs a position"),
            (
                r#"{"kind": "guess", "position": "3"}"#,
                "'guess' is not a kind of task",
            ),
            (
                r#"{"kind": "move", "position": "3", "level": "good"}"#,
                "a task of kind 'move' takes no 'level'",
            ),
            (
                r#"{"kind": "game", "position": "3", "level": "best"}"#,
                "'best' is not a level: choose perfect, good, beginner",
            ),
            (
                r#"{"kind": "move", "game": "go", "position": "3"}"#,
                "'go' is not a game here: choose nim or chomp",
            ),
            (
                r#"{"kind": "move", "position": "3", "tries": "two"}"#,
                "'two' is not a number of tries",
            ),
        ];
        for (body, expected) in cases {
            let refused = task(body).unwrap_err();
            assert!(refused.starts_with(expected), "{body}: {refused}");
        }
        assert!(Asked::read(br#"{"kind": "move", "colour": "red"}"#).is_err());
    }

    /// Every legal move of `words` in game `G`, judged by the task, gets
    /// exactly the JSON `/api/check` gives it.
    fn judged_as_check_judges<G: InLesson + Queried>(
        body: &str,
        moves: impl Fn(&G::Position) -> Vec<Move>,
    ) {
        let asked = asked(body);
        let words = asked.words::<G>();
        let game = G::rules(&words).unwrap();
        let position = G::position(&[asked.position.clone().unwrap()], None).unwrap();
        let t = Task::new(&asked).unwrap();
        let w = of_game!(&t.worked, w => w as &dyn std::any::Any)
            .downcast_ref::<Worked<G>>()
            .unwrap();
        let mut judged = 0;
        for mv in moves(&position) {
            let typed = G::typed(&mv).unwrap();
            match api_check(&game, position.clone(), &typed) {
                Ok(checked) => {
                    let mine = w.judge(&mv, false).unwrap();
                    assert_eq!(mine.reply, checked.json(), "{body} {}", mv.1);
                    judged += 1;
                }
                Err(Refused::Illegal { json, .. }) => {
                    assert_eq!(w.judge(&mv, false), Err(Refusal::Illegal(json)));
                }
                Err(Refused::Failed(e)) => panic!("{e}"),
            }
        }
        assert!(judged > 0, "{body}");
    }

    /// Every `to` a move of one row could give, and some it could not.
    fn nim_moves(position: &crate::rules::position::Position) -> Vec<Move> {
        let rows = position.piles();
        let mut moves = Vec::new();
        for (i, &n) in rows.iter().enumerate() {
            for left in 0..=n + 1 {
                let mut to = rows.to_vec();
                to[i] = left;
                let to: Vec<String> = to.iter().map(u64::to_string).collect();
                moves.push(Move("to", to.join(",")));
            }
        }
        moves
    }

    #[test]
    fn a_move_is_judged_as_the_api_judges_it_in_every_game() {
        judged_as_check_judges::<Nim>(r#"{"kind": "move", "position": "3 5 7"}"#, nim_moves);
        judged_as_check_judges::<Nim>(
            r#"{"kind": "move", "position": "1 2 3", "normal": true}"#,
            nim_moves,
        );
        judged_as_check_judges::<Nim>(
            r#"{"kind": "move", "position": "21", "take": "1-3"}"#,
            nim_moves,
        );
        judged_as_check_judges::<Nim>(
            r#"{"kind": "move", "position": "3 4 5", "rows_per_move": 2}"#,
            |_| {
                ["3,3,3", "2,4,4", "0,0,0", "3,4,5", "3,4,4"]
                    .iter()
                    .map(|to| Move("to", to.to_string()))
                    .collect()
            },
        );
        judged_as_check_judges::<Chomp>(
            r#"{"kind": "move", "game": "chomp", "position": "3x4"}"#,
            |_| {
                let mut bites = Vec::new();
                for row in 1..=4 {
                    for column in 1..=5 {
                        bites.push(Move("bite", format!("{row},{column}")));
                    }
                }
                bites
            },
        );
        // A move after the game's own rules: Chomp's bite is its own.
        assert!(Chomp.is_over(&crate::rules::bar::Bar::parse(&["1x1".to_string()]).unwrap()));
    }

    #[test]
    fn trying_until_right_keeps_the_better_move_back() {
        let t = task(r#"{"kind": "move", "position": "3 5 7", "tries": "until-right"}"#).unwrap();
        let OfGame::Nim(w) = &t.worked else {
            panic!("a Nim task")
        };
        let mistake = w.judge(&Move("to", "3,5,5".into()), true).unwrap();
        assert_eq!(mistake.verdict, Verdict::Mistake);
        let reply: Value = serde_json::from_str(&mistake.reply).unwrap();
        assert_eq!(reply["verdict"], "mistake");
        assert!(reply.get("winning_moves").is_none(), "{reply}");
        assert!(reply["reason"].as_str().unwrap().contains("no partner"));
        let shown = mistake.reply.replace('\u{a0}', " ");
        assert!(!shown.contains("take 1 from row"), "{shown}");
        let full = w.judge(&Move("to", "3,5,5".into()), false).unwrap();
        assert!(full.reply.contains("winning_moves"));
        // A good move is told in full either way.
        let good = w.judge(&Move("to", "2,5,7".into()), true).unwrap();
        assert_eq!(good, w.judge(&Move("to", "2,5,7".into()), false).unwrap());
        assert_eq!(good.words, "take 1 from row 1");
        assert_eq!(good.to, [2, 5, 7]);
    }

    #[test]
    fn a_yes_or_no_is_told_who_wins_unless_it_may_try_again() {
        let won = task(r#"{"kind": "can-you-win", "position": "3 5 7"}"#).unwrap();
        let lost = task(r#"{"kind": "can-you-win", "position": "1 2 3"}"#).unwrap();
        let (OfGame::Nim(won), OfGame::Nim(lost)) = (&won.worked, &lost.worked) else {
            panic!("Nim tasks")
        };
        assert!(won.yes_no(true, true).right);
        assert!(!won.yes_no(false, false).right);
        assert_eq!(won.yes_no(false, false).reason, "you can win.");
        assert_eq!(won.yes_no(false, true).reason, NOT_QUITE);
        assert!(lost.yes_no(false, true).right);
        assert!(
            lost.yes_no(true, false)
                .reason
                .ends_with("no move wins here.")
        );
        // Before its answer, a yes-or-no task gives only the hint that
        // tells nothing of who wins.
        assert_eq!(won.ladder().len(), 1);
    }
}
