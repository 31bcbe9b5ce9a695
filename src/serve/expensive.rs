//! Expensive requests: those whose work may pass [`EXPENSIVE_PERCENT`] of
//! one of its budgets, told from the rest before any of the work is done,
//! from what the game counts cheaply (`Queried::costly`). A few of them
//! run at once, one per core and at most [`MOST_EXPENSIVE`]; one more is
//! refused at once with 503 and `Retry-After`, never queued. Cheap
//! requests never wait for them: every request is worked out on a thread
//! of its own, away from the threads that answer the network.
//!
//! The estimate is written once, for every game's questions: read the
//! position, the rules and the extras from the request's words, as the
//! route will, and ask the game. A request whose words cannot be read is
//! cheap, since its route refuses it at once.

use std::num::NonZeroUsize;
use std::sync::Arc;

use tokio::sync::Semaphore;

use super::params::Params;
use super::reply::Reply;
use super::sent::Sent;
use crate::rules::nim::Nim;
use crate::teach::queried::{Queried, Words};
use crate::teach::table;

/// The share of one of its budgets, in percent, past which a request is
/// expensive: a search's positions or moves, a Chomp search's shapes, the
/// row sizes of a pattern of takes, the steps of counting. Each budget is
/// set so that all of it takes at most about a second.
pub(crate) const EXPENSIVE_PERCENT: u64 = 5;

/// The most expensive requests worked on at once, when the computer has
/// this many cores or more; otherwise one per core. Each holds a core and
/// some tens of megabytes until it is done.
pub(crate) const MOST_EXPENSIVE: usize = 4;

/// The seconds a refused expensive request is told to wait: about how long
/// the longest takes.
const RETRY_AFTER: u64 = 1;

/// How many times a game of `moves` moves of the pupil's works its
/// positions out: each of up to 2 × `moves` + 2 turns up to four times
/// (the computer's choice, its reason before and after the move, and the
/// review).
fn turns_worked(moves: usize) -> u64 {
    8 * (moves as u64 + 1)
}

/// The places for expensive requests, shared by every route of a router.
#[derive(Clone, Debug)]
pub(crate) struct Expensive {
    places: Arc<Semaphore>,
    most: usize,
}

impl Expensive {
    /// One place per core, at most [`MOST_EXPENSIVE`].
    pub(crate) fn new() -> Expensive {
        let cores = std::thread::available_parallelism().map_or(1, NonZeroUsize::get);
        let most = cores.clamp(1, MOST_EXPENSIVE);
        Expensive {
            places: Arc::new(Semaphore::new(most)),
            most,
        }
    }

    /// Answers with `answer` on the blocking pool: at once when `costly`
    /// says the request is cheap, in a free place when it is expensive,
    /// and with 503 when every place is taken.
    pub(crate) async fn answer(
        &self,
        costly: impl FnOnce() -> bool + Send + 'static,
        answer: impl FnOnce() -> Reply + Send + 'static,
    ) -> Reply {
        let (places, most) = (self.places.clone(), self.most);
        let work = move || match costly() {
            false => answer(),
            true => match places.try_acquire_owned() {
                // The place is held until the work is done, even when the
                // client has gone: the core is busy until then.
                Ok(_place) => answer(),
                Err(_) => busy(most),
            },
        };
        match tokio::task::spawn_blocking(work).await {
            Ok(reply) => reply,
            Err(_) => Reply::failed(),
        }
    }
}

/// 503: every place for an expensive request is taken.
fn busy(most: usize) -> Reply {
    let why = format!(
        "the server is already working out {most} expensive requests, the most it takes on \
         at once (one per core, at most {MOST_EXPENSIVE}): try again in a moment"
    );
    Reply::busy(&why, RETRY_AFTER)
}

/// Whether the question in `words` about a position of game `G`, worked
/// out `times` over, is expensive.
fn asked<G: Queried>(words: &dyn Words, times: u64) -> bool {
    let costly = || -> Option<bool> {
        let position = G::position(&words.words(G::POSITION_WORDS)?, None).ok()?;
        let game = G::rules(words).ok()?;
        let extras = game.extras(words).ok()?;
        Some(game.costly(&position, &extras, times, share()))
    };
    costly().unwrap_or(false)
}

/// Whether a question about a position of game `G` in a query string (an
/// explanation, a check, a board) is expensive. A check works out the
/// position before the move and the one after it.
pub(crate) fn question<G: Queried>(query: Option<&str>) -> bool {
    asked::<G>(&Params::any(query), 2)
}

/// Whether a game of `G` as the page sends it is expensive to replay.
pub(crate) fn game<G: Queried>(body: &[u8]) -> bool {
    match serde_json::from_slice::<Sent<G>>(body) {
        Ok(sent) => asked::<G>(&sent.words, turns_worked(sent.moves.len())),
        Err(_) => false,
    }
}

/// Whether Nim's table of positions in a query string is expensive.
pub(crate) fn table(query: Option<&str>) -> bool {
    let p = Params::any(query);
    match (p.position::<Nim>(), p.rules::<Nim>()) {
        (Ok(start), Ok(game)) => table::costly(&start, &game, share()),
        _ => false,
    }
}

/// [`EXPENSIVE_PERCENT`] as a fraction.
fn share() -> f64 {
    EXPENSIVE_PERCENT as f64 / 100.0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::game::Chomp;

    /// Thirty takes up to 915 whose pattern repeats only after tens of
    /// thousands of row sizes.
    const LATE: &str = "3,30,65,97,121,138,215,262,273,389,400,444,457,461,484,500,508,583,\
                        623,668,713,780,781,783,786,808,822,856,868,915";

    #[test]
    fn expensive_questions_are_told_from_cheap_ones() {
        let late = format!("position=100000&take={LATE}");
        let late_grundy = format!("position=100000,77777&normal=1&take={LATE}");
        let nim = [
            ("position=3,5,7", false),
            ("position=3,5,7&xor=1&brute_force=1", false),
            ("position=150,150,150&brute_force=1", true),
            ("position=20,20,20&take=1-3", false),
            ("position=167,167,167&take=1-1000", true),
            ("position=167,167,167&take=1-1000&row=1&remove=1", true),
            ("position=21&take=1-3", false),
            ("position=100,57&normal=1&take=1,3,4", false),
            (&late, true),
            (&late_grundy, true),
            // Refused at once, for passing a budget or as unreadable.
            ("position=1000,1000,1000&take=1-1000", false),
            ("position=3,x", false),
            ("take=1-1000", false),
        ];
        for (query, costly) in nim {
            assert_eq!(question::<Nim>(Some(query)), costly, "{query}");
        }
        for (shape, costly) in [("4x5", false), ("9x9", false), ("10x10", true)] {
            let query = format!("shape={shape}&bite=1,2");
            assert_eq!(question::<Chomp>(Some(&query)), costly, "{shape}");
        }
        // Beyond the search a rule answers at once.
        assert!(!question::<Chomp>(Some("shape=12x12")));
        for (query, costly) in [("position=3,5,7", false), ("position=30,30,30,30", true)] {
            assert_eq!(table(Some(query)), costly, "{query}");
        }
    }

    #[test]
    fn games_are_told_by_the_work_of_all_their_turns() {
        let moves = |n: usize| vec![r#"{"row": 1, "take": 1}"#; n].join(",");
        let nim = [
            (r#""position": "21", "take": "1-3""#.to_string(), 0, false),
            (r#""position": "21", "take": "1-3""#.to_string(), 10, false),
            (
                r#""position": "100", "take": "1,3,4""#.to_string(),
                40,
                false,
            ),
            (
                r#""position": "167 167 167", "take": "1-1000""#.to_string(),
                0,
                true,
            ),
            (
                format!(r#""position": "100000", "take": "{LATE}""#),
                0,
                true,
            ),
        ];
        for (words, n, costly) in nim {
            let body = format!(r#"{{{words}, "moves": [{}]}}"#, moves(n));
            assert_eq!(game::<Nim>(body.as_bytes()), costly, "{body}");
        }
        assert!(!game::<Chomp>(br#"{"shape": "8x8", "bites": []}"#));
        assert!(game::<Chomp>(br#"{"shape": "11x11", "bites": []}"#));
        assert!(!game::<Nim>(b"not a game"));
    }
}
