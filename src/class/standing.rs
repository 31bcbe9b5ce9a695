//! Where one pupil stands in the task set now: the answers they have
//! given, the hints they have had, their game against the computer, and
//! whether they may answer again. When the next task is set it is kept
//! only as a line of the results ([`Record`]).
//!
//! A game counts from the pupil's first move: a game only opened (where
//! the computer may have moved) is not begun, and one not over when its
//! task closes is unfinished. At tries until right, a game lost stays the
//! pupil's result until they move in the next one.

use std::time::Instant;

use serde_json::{Value, json};

use super::results::{Mark, Record};
use crate::teach::verdict::Verdict;
use crate::teach::words::count;

/// One answer a pupil gave, judged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Tried {
    /// The move in words, or "yes" or "no".
    pub(crate) answer: String,
    /// The rows a move left.
    pub(crate) to: Option<Vec<u64>>,
    /// What it was worth.
    pub(crate) mark: Mark,
}

/// A pupil's game against the computer at a game task.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Game {
    /// What a move is called in it: "move" or "bite".
    pub(crate) what: &'static str,
    /// The seed of the computer's random moves, picked for this pupil.
    pub(crate) seed: u64,
    /// The pupil's moves so far, as their page sent them.
    pub(crate) moves: Vec<Value>,
    /// How many moves of theirs there were when they last asked for
    /// hints, and how many hints they had at that move.
    pub(crate) hints_at: (usize, usize),
    /// Every hint they have had, in all their games at this task.
    pub(crate) hints: u64,
    /// The hints they have had in this game, for its review.
    pub(crate) this_game: u64,
    /// How the game stands: playing, won or lost.
    pub(crate) mark: Mark,
    /// How many games they have opened.
    pub(crate) games: u32,
    /// The moves of the game they lost, once they have opened another.
    pub(crate) lost: Option<usize>,
}

impl Game {
    /// How many more hints `hints` at the pupil's move are, with `moves`
    /// moves made: the hints are asked for one more at a time at a move,
    /// and counted once.
    pub(crate) fn more_hints(&self, moves: usize, hints: usize) -> u64 {
        let more = match self.hints_at.0 == moves {
            true => hints.saturating_sub(self.hints_at.1),
            false => hints,
        };
        more as u64
    }

    /// What the game is worth at a task that is `open`, or not, and the
    /// moves that earned it: the game going on, over, or not over when the
    /// task closed; the game lost before, while the pupil has not moved in
    /// the next; or none, before the pupil's first move.
    fn result(&self, open: bool) -> (Mark, usize) {
        let moves = self.moves.len();
        match (self.mark, moves, self.lost) {
            (Mark::Playing, 0, Some(lost)) => (Mark::Lost, lost),
            (Mark::Playing, 0, None) => (Mark::None, 0),
            (Mark::Playing, _, _) if !open => (Mark::Unfinished, moves),
            (mark, _, _) => (mark, moves),
        }
    }

    /// How many games the pupil moved in.
    fn tried(&self) -> u32 {
        match self.moves.is_empty() && self.mark == Mark::Playing {
            true => self.games - 1,
            false => self.games,
        }
    }

    /// The hints asked for at the move the pupil is at.
    fn hints_now(&self) -> usize {
        match self.hints_at.0 == self.moves.len() {
            true => self.hints_at.1,
            false => 0,
        }
    }
}

/// Where a pupil stands in a task.
#[derive(Clone, Debug, Default)]
pub(crate) struct Standing {
    /// Every answer, in order.
    pub(crate) tried: Vec<Tried>,
    /// How many hints they have been shown.
    pub(crate) hints: usize,
    /// What their last answer was told, as sent.
    pub(crate) reply: Option<String>,
    /// Their game, at a game task.
    pub(crate) game: Option<Game>,
    /// When they last answered or moved.
    pub(crate) last: Option<Instant>,
    /// Whether they may answer no more.
    pub(crate) done: bool,
}

impl Standing {
    /// What their latest answer, or their game, was worth, at a task that
    /// is `open` or not.
    pub(crate) fn mark(&self, open: bool) -> Mark {
        match (&self.game, self.tried.last()) {
            (Some(game), _) => game.result(open).0,
            (None, Some(tried)) => tried.mark,
            (None, None) => Mark::None,
        }
    }

    /// The hints they have had.
    pub(crate) fn hints_had(&self) -> u64 {
        match &self.game {
            Some(game) => game.hints,
            None => self.hints as u64,
        }
    }

    /// The line of the results this becomes, for a task begun at
    /// `started` that is `open`, or not.
    pub(crate) fn record(&self, started: Instant, open: bool) -> Record {
        let answer = match (&self.game, self.tried.last()) {
            (Some(game), _) => match game.result(open) {
                (Mark::None, _) => String::new(),
                (_, moves) => count(moves as u64, game.what),
            },
            (None, Some(tried)) => tried.answer.clone(),
            (None, None) => String::new(),
        };
        let tries = match &self.game {
            Some(game) => game.tried(),
            None => self.tried.len() as u32,
        };
        Record {
            answer,
            mark: self.mark(open),
            tries,
            hints: self.hints_had(),
            seconds: self
                .last
                .map_or(0, |last| last.saturating_duration_since(started).as_secs()),
        }
    }

    /// Where they stand, as `GET /api/class/me` tells it: their answers,
    /// what their last one was told, the hints they have been shown from
    /// `ladder`, whether they may answer again, and their game.
    pub(crate) fn json(&self, ladder: &[String]) -> Value {
        let answers: Vec<Value> = self
            .tried
            .iter()
            .map(|t| json!({ "answer": t.answer, "to": t.to, "verdict": t.mark.name() }))
            .collect();
        let reply = self
            .reply
            .as_deref()
            .and_then(|reply| serde_json::from_str::<Value>(reply).ok());
        let game = self.game.as_ref().map(|game| {
            json!({
                "moves": game.moves,
                "hints": game.hints_now(),
                "seed": game.seed,
                "result": game.mark.name(),
            })
        });
        json!({
            "answers": answers,
            "reply": reply,
            "hints": &ladder[..self.hints.min(ladder.len())],
            "done": self.done,
            "game": game,
        })
    }
}

impl From<Verdict> for Mark {
    fn from(verdict: Verdict) -> Mark {
        match verdict {
            Verdict::Good => Mark::Good,
            Verdict::Mistake => Mark::Mistake,
            Verdict::LostAnyway => Mark::LostAnyway,
        }
    }
}
