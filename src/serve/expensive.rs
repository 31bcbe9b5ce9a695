//! Expensive requests: those whose work may pass [`EXPENSIVE_PERCENT`] of
//! one of its budgets, told from the rest before any of the work is done,
//! from what the game counts cheaply (`Queried::costly`). A few of them
//! run at once, one per core and at most [`MOST_EXPENSIVE`]; one more is
//! refused at once with 503 and `Retry-After`, never queued. Cheap
//! requests never wait for them: each is worked out on the blocking pool,
//! and each expensive one on the thread of its place, all away from the
//! threads that answer the network.
//!
//! The estimate is written once, for every game's questions: read the
//! position, the rules and the extras from the request's words, as the
//! route will, and ask the game. A position of more than
//! [`EXPENSIVE_PERCENT`] of the pieces the page draws (`LARGEST_DRAWING`)
//! is expensive too, whatever its method: its reply is big, and so is the
//! memory it takes while it is made. A request whose words cannot be read,
//! or whose position its route refuses (too big to draw, or a game of too
//! many rows), is cheap, since it is refused at once.

use std::marker::PhantomData;
use std::num::NonZeroUsize;
use std::panic::AssertUnwindSafe;
use std::sync::{Arc, Mutex, mpsc};

use tokio::sync::{Semaphore, oneshot};

use super::game::MOST_ROWS_PLAYED;
use super::params::{LARGEST_DRAWING, Params, Question, TABLE_PARAMS};
use super::reply::Reply;
use super::sent::Sent;
use crate::class::task::Asked;
use crate::lesson::games::of_game;
use crate::rules::nim::Nim;
use crate::teach::lesson::InLesson;
use crate::teach::queried::{Queried, Words};
use crate::teach::table;

/// The share of one of its budgets, in percent, past which a request is
/// expensive: a search's positions or moves, a Chomp search's shapes, the
/// row sizes of a pattern of takes, the steps of counting. Each budget is
/// set so that all of it takes at most about a second.
pub(crate) const EXPENSIVE_PERCENT: u64 = 5;

/// The most expensive requests worked on at once, when the computer has
/// this many cores or more; otherwise one per core. Each holds a core until
/// it is done, and up to about 60 MB while it works (a pattern of takes
/// that repeats late, or the largest position the page draws), so that
/// three keep the server's work within 200 MB.
pub(crate) const MOST_EXPENSIVE: usize = 3;

/// The most cheap requests worked on at once; more wait their turn, each
/// for a few milliseconds. Each takes at most a few megabytes while it is
/// worked out, so these too stay well within the server's memory however
/// many clients ask at once.
pub(crate) const MOST_CHEAP: usize = 16;

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

/// The places for expensive requests, shared by every route of a router:
/// one thread each, kept for as long as the router, so that the memory an
/// expensive request leaves behind is used again by the next rather than
/// kept by whichever of many threads worked it out.
#[derive(Clone, Debug)]
pub(crate) struct Expensive {
    places: Arc<Semaphore>,
    most: usize,
    jobs: mpsc::Sender<Job>,
}

/// An expensive request's work, for the thread of a place.
type Job = Box<dyn FnOnce() + Send>;

impl Expensive {
    /// One place per core, at most [`MOST_EXPENSIVE`]; fewer when the
    /// system will not start as many threads.
    pub(crate) fn new() -> Expensive {
        let cores = std::thread::available_parallelism().map_or(1, NonZeroUsize::get);
        let (jobs, waiting) = mpsc::channel::<Job>();
        let waiting = Arc::new(Mutex::new(waiting));
        let started = (0..cores.min(MOST_EXPENSIVE))
            .filter(|_| {
                let waiting = waiting.clone();
                std::thread::Builder::new()
                    .name("expensive".to_string())
                    .spawn(move || work(&waiting))
                    .is_ok()
            })
            .count();
        Expensive {
            places: Arc::new(Semaphore::new(started)),
            most: started,
            jobs,
        }
    }

    /// Answers with `answer`, away from the threads that answer the
    /// network: on the blocking pool when `costly` says the request is
    /// cheap, in a free place when it is expensive, and with 503 at once
    /// when every place is taken.
    pub(crate) async fn answer(
        &self,
        costly: impl FnOnce() -> bool + Send + 'static,
        answer: impl FnOnce() -> Reply + Send + 'static,
    ) -> Reply {
        self.work(costly, answer)
            .await
            .unwrap_or_else(|refused| refused)
    }

    /// Does `work` as [`Expensive::answer`] does, and gives what it made;
    /// or the reply that refuses it (503 with every place taken, 500 when
    /// the work stopped unfinished).
    pub(crate) async fn work<T: Send + 'static>(
        &self,
        costly: impl FnOnce() -> bool + Send + 'static,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, Reply> {
        let told = tokio::task::spawn_blocking(move || match costly() {
            false => Ok(work()),
            true => Err(work),
        });
        match told.await {
            Ok(Ok(done)) => Ok(done),
            Ok(Err(work)) => self.in_place(work).await,
            Err(_) => Err(Reply::failed()),
        }
    }

    /// Does `work` in a free place, or refuses it with 503.
    async fn in_place<T: Send + 'static>(
        &self,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, Reply> {
        let Ok(place) = self.places.clone().try_acquire_owned() else {
            return Err(busy(self.most));
        };
        let (reply, replied) = oneshot::channel();
        // The place is held until the work is done, even when the client
        // has gone: its thread is busy until then.
        let job: Job = Box::new(move || {
            let done = work();
            drop(place);
            let _ = reply.send(done);
        });
        match self.jobs.send(job) {
            Ok(()) => replied.await.map_err(|_| Reply::failed()),
            Err(_) => Err(Reply::failed()),
        }
    }
}

/// A place's thread: the jobs sent to it, one at a time, until the router
/// is gone. A job that panics is answered with 500 (its reply is dropped)
/// and the thread goes on.
fn work(waiting: &Mutex<mpsc::Receiver<Job>>) {
    loop {
        let job = match waiting.lock() {
            Ok(waiting) => waiting.recv(),
            Err(_) => return,
        };
        match job {
            Ok(job) => {
                let _ = std::panic::catch_unwind(AssertUnwindSafe(job));
            }
            Err(_) => return,
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
/// out `times` over, is expensive. A position its route `refused` at once
/// is not.
fn asked<G: Queried>(
    words: &dyn Words,
    times: u64,
    refused: impl FnOnce(&G::Position) -> bool,
) -> bool {
    let costly = || -> Option<bool> {
        let position = G::position(&words.words(G::POSITION_WORDS)?, None).ok()?;
        let game = G::rules(words).ok()?;
        let extras = game.extras(words).ok()?;
        if refused(&position) {
            return Some(false);
        }
        let drawn = G::pieces(&position) as f64 > LARGEST_DRAWING as f64 * share();
        Some(drawn || game.costly(&position, &extras, times, share()))
    };
    costly().unwrap_or(false)
}

/// Whether `question` about a position of game `G` in a query string (an
/// explanation, a check, a board) is expensive. A check works out the
/// position before the move and the one after it. A query with a
/// parameter the question does not know is cheap: its route refuses it
/// at once, so it never takes a place; so is a position too big for the
/// page to draw, on the page.
pub(crate) fn question<G: Queried>(question: Question, query: Option<&str>) -> bool {
    let too_big =
        |position: &G::Position| question.draws() && G::pieces(position) > LARGEST_DRAWING;
    match Params::parse(query, &question.known::<G>()) {
        Ok(params) => asked::<G>(&params, 2, too_big),
        Err(_) => false,
    }
}

/// Whether a game of `G` as the page sends it is expensive to replay. A
/// game of more rows than the page plays is refused at once.
pub(crate) fn game<G: Queried>(body: &[u8]) -> bool {
    let too_many = |position: &G::Position| G::rows(position).len() > MOST_ROWS_PLAYED;
    match serde_json::from_slice::<Sent<G>>(body) {
        Ok(sent) => asked::<G>(&sent.words, turns_worked(sent.moves.len()), too_many),
        Err(_) => false,
    }
}

/// Whether setting the class's task `asked` is expensive: its position
/// worked out once for every pupil's answers, once explained for the
/// reveal, and drawn. A lesson's question is bundled, and cheap.
pub(crate) fn task(asked: &Asked) -> bool {
    match asked.which() {
        Some(which) => of_game!(which, game => task_of(game, asked, 3)),
        None => false,
    }
}

/// Whether a game task's start is too expensive to be replayed, as every
/// pupil's move in it is, as a cheap request: where a game on the page
/// would be expensive with no move made yet.
pub(crate) fn game_task(asked: &Asked) -> bool {
    match asked.which() {
        Some(which) if asked.is_game() => {
            of_game!(which, game => task_of(game, asked, turns_worked(0)))
        }
        _ => false,
    }
}

fn task_of<G: InLesson + Queried>(_: PhantomData<G>, task: &Asked, times: u64) -> bool {
    asked::<G>(&task.words::<G>(), times, |_| false)
}

/// Whether Nim's table of positions in a query string is expensive.
pub(crate) fn table(query: Option<&str>) -> bool {
    let Ok(p) = Params::parse(query, &TABLE_PARAMS) else {
        return false;
    };
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
    use axum::http::StatusCode;
    use std::sync::Barrier;
    use std::time::Duration;

    #[test]
    fn every_place_taken_refuses_one_more_at_once_and_a_place_outlives_a_panic() {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        runtime.block_on(async {
            let expensive = Expensive::new();
            let most = expensive.most;
            assert!((1..=MOST_EXPENSIVE).contains(&most));
            // Work that holds its place until it is let go.
            let go = Arc::new(Barrier::new(most + 1));
            let held: Vec<_> = (0..most)
                .map(|_| {
                    let (expensive, go) = (expensive.clone(), go.clone());
                    tokio::spawn(async move {
                        let hold = move || {
                            go.wait();
                            Reply::json("held".to_string())
                        };
                        expensive.answer(|| true, hold).await
                    })
                })
                .collect();
            for _ in 0..1000 {
                if expensive.places.available_permits() == 0 {
                    break;
                }
                tokio::time::sleep(Duration::from_millis(10)).await;
            }
            assert_eq!(expensive.places.available_permits(), 0);
            let refused = expensive.answer(|| true, || unreachable!()).await;
            assert_eq!(refused.status, StatusCode::SERVICE_UNAVAILABLE);
            assert_eq!(refused.retry_after, Some(RETRY_AFTER));
            let cheap = expensive.answer(|| false, || Reply::json("cheap".to_string()));
            assert_eq!(cheap.await.body, "cheap");
            tokio::task::spawn_blocking(move || go.wait())
                .await
                .unwrap();
            for held in held {
                assert_eq!(held.await.unwrap().body, "held");
            }
            let panicked = expensive.answer(|| true, || panic!("a bug")).await;
            assert_eq!(panicked.status, StatusCode::INTERNAL_SERVER_ERROR);
            for _ in 0..=most {
                let answered = expensive.answer(|| true, || Reply::json("again".to_string()));
                assert_eq!(answered.await.body, "again");
            }
        });
    }

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
        // 500 rows and groups (5% of what the page draws) are cheap to draw.
        let huge = |n: usize| format!("position={}", vec!["18446744073709551615"; n].join(","));
        let (seven, eight) = (huge(7), huge(8));
        let ones = |n: usize| format!("position={}", vec!["1"; n].join(","));
        let (cheap_ones, many_ones) = (ones(250), ones(251));
        let drawn = [
            (&seven, false),
            (&eight, true),
            (&cheap_ones, false),
            (&many_ones, true),
        ];
        for (query, costly) in nim.into_iter().chain(drawn.map(|(q, c)| (q.as_str(), c))) {
            let asked = match query.contains("row=") {
                true => Question::Check,
                false => Question::Explain,
            };
            assert_eq!(question::<Nim>(asked, Some(query)), costly, "{query}");
        }
        for (shape, costly) in [("4x5", false), ("9x9", false), ("10x10", true)] {
            let query = format!("shape={shape}&bite=1,2");
            assert_eq!(
                question::<Chomp>(Question::Check, Some(&query)),
                costly,
                "{shape}"
            );
        }
        // Beyond the search a rule answers at once.
        assert!(!question::<Chomp>(Question::Explain, Some("shape=12x12")));
        // A position drawn big is expensive, whatever its work, unless the
        // page refuses it at once as too big to draw: 153 rows of 64 groups
        // are 9,945 rows and groups, 154 are 10,010.
        let rows = |n: usize, size: u64| vec![size.to_string(); n].join(",");
        let huge = rows(1000, u64::MAX);
        let many = rows(101, 1);
        let drawn = [
            (Question::Explain, format!("position={huge}"), true),
            (
                Question::PageExplain,
                format!("position={huge}&xor=1"),
                false,
            ),
            (
                Question::PageExplain,
                format!("position={}", rows(153, u64::MAX)),
                true,
            ),
            (
                Question::PageExplain,
                format!("position={}", rows(154, u64::MAX)),
                false,
            ),
            (
                Question::Check,
                format!("position={huge}&row=1&remove=1"),
                true,
            ),
            (
                Question::PageCheck,
                format!("position={huge}&row=1&remove=1"),
                false,
            ),
            (Question::Board, format!("position={huge}"), false),
            (
                Question::Board,
                format!("position={}", rows(100, u64::MAX)),
                true,
            ),
            (Question::Board, format!("position={many}"), false),
            (Question::PageExplain, format!("position={many}"), false),
            (Question::Board, format!("position={}", rows(100, 1)), false),
            // Three rows and groups each: 300 are few to draw.
            (
                Question::Board,
                format!("position={}", rows(100, 40)),
                false,
            ),
        ];
        for (asked, query, costly) in drawn {
            assert_eq!(
                question::<Nim>(asked, Some(&query)),
                costly,
                "{asked:?} {}",
                &query[..40]
            );
        }
        assert!(question::<Chomp>(
            Question::PageExplain,
            Some("shape=64x64")
        ));
        assert!(!question::<Chomp>(Question::Board, Some("shape=20x20")));
        for (query, costly) in [("position=3,5,7", false), ("position=30,30,30,30", true)] {
            assert_eq!(table(Some(query)), costly, "{query}");
        }
        // The same expensive questions with a parameter their routes do
        // not know are refused at once, so they are cheap.
        for (asked, query) in [
            (
                Question::Explain,
                "position=150,150,150&brute_force=1&bogus=1",
            ),
            (Question::PageExplain, "position=150,150,150&brute_force=1"),
            (
                Question::Check,
                "position=167,167,167&take=1-1000&to=1,167,167&xor=1",
            ),
            (Question::Board, "position=167,167,167&take=1-1000&row=1"),
        ] {
            assert!(!question::<Nim>(asked, Some(query)), "{query}");
        }
        assert!(!table(Some("position=30,30,30,30&bogus=1")));
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
        let rows = |n: usize| vec![u64::MAX.to_string(); n].join(" ");
        for (n, costly) in [(100, true), (101, false)] {
            let body = format!(r#"{{"position": "{}", "moves": []}}"#, rows(n));
            assert_eq!(game::<Nim>(body.as_bytes()), costly, "{n} rows");
        }
        assert!(!game::<Chomp>(br#"{"shape": "8x8", "bites": []}"#));
        assert!(game::<Chomp>(br#"{"shape": "11x11", "bites": []}"#));
        assert!(!game::<Nim>(b"not a game"));
    }
}
