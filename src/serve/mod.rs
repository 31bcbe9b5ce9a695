//! The classroom page: a small web server on this computer, for a browser
//! on the projector.
//!
//! Everything the page shows is worked out here, by the same code as the
//! command line, and sent as JSON with HTML fragments laid out by
//! `crate::render::html`; the page itself only draws and clicks. The
//! page's files are compiled into the program, so it needs no network.
//!
//! - `api`: the command line's JSON (`/api/…`);
//! - `page`: explanations, checks, boards and tables for the page;
//! - `game`: a game against the computer, replayed on every request
//!   from what the page sends (`sent`);
//! - `lessons`: the bundled lessons, a question at a time;
//! - `class`: a class's routes and its stream of events, when the server
//!   was started with a class (`serve --class`); `network`, the address
//!   its pupils reach;
//! - `expensive`: how much a request may cost, and the few places for
//!   the expensive ones;
//! - `sending`: the room for long replies while they are sent;
//! - [`assets`]: the page's own files.
//!
//! Every game has the same routes, written once and listed for each game
//! in [`router`]: Nim's at the top (`/api/explain`, `/page/play`), each
//! other game's under its own name (`/api/chomp/explain`,
//! `/page/chomp/play`).
//!
//! Work that searches runs away from the threads that answer the network,
//! each request within the same budgets as the command line, and only a
//! few expensive requests at once; long replies are sent only within a
//! few megabytes between them. Request bodies are capped at
//! [`MOST_BODY_BYTES`], and no request reads or writes a file. Only a
//! class is kept between requests, in memory.

use std::future::Future;
use std::io;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::ops::ControlFlow;
use std::pin::Pin;
use std::sync::Arc;

use axum::Router;
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{DefaultBodyLimit, RawQuery};
use axum::routing::{get, post};
use tokio::sync::oneshot;

pub(crate) mod api;
pub mod assets;
pub(crate) mod class;
pub mod connections;
pub(crate) mod expensive;
pub(crate) mod game;
pub mod guard;
pub mod head;
pub(crate) mod lessons;
pub(crate) mod network;
pub(crate) mod page;
pub(crate) mod params;
pub(crate) mod reply;
pub(crate) mod sending;
pub(crate) mod sent;
pub(crate) mod worksheet;

/// The page's words for a refusal, for the tests that hold the page's
/// refusals to the command line's.
#[cfg(feature = "testing")]
pub use self::reply::page_words;

use self::class::{Opened, Room};
use self::connections::Timeouts;
use self::expensive::Expensive;
use self::reply::Reply;
use crate::class::secret::Secret;
use crate::rules::game::Chomp;
use crate::rules::nim::Nim;
use crate::teach::queried::Queried;

/// The port the page is served on unless told otherwise.
pub(crate) const DEFAULT_PORT: u16 = 8357;

/// The address listened on unless told otherwise: this computer only.
pub(crate) const DEFAULT_HOST: IpAddr = IpAddr::V4(Ipv4Addr::LOCALHOST);

/// The address a class listens on unless told otherwise: every address of
/// this computer, so the pupils' devices reach it.
pub(crate) const CLASS_HOST: IpAddr = IpAddr::V4(Ipv4Addr::UNSPECIFIED);

/// The largest request body read: 64 KB.
pub const MOST_BODY_BYTES: usize = 64 * 1024;

/// Every route of the page and its API.
pub fn router() -> Router {
    router_for(None, Timeouts::SERVED)
}

/// Every route of the page and its API, and a class's when there is one,
/// its streams of events kept open as `timeouts` says.
fn router_for(room: Option<Arc<Room>>, timeouts: Timeouts) -> Router {
    let on = On {
        expensive: Expensive::new(),
    };
    // The lessons are bundled: their work is small and known.
    let router = Router::new()
        .route("/api/table", get(on.query(api::table, expensive::table)))
        .route(
            "/page/table",
            get(on.page_query(page::table, expensive::table)),
        )
        .route(
            "/page/lessons",
            get(on.page_query(lessons::list, |_| false)),
        )
        .route(
            "/page/lesson",
            get(on.page_query(lessons::lesson, |_| false)),
        )
        .route(
            "/page/worksheet",
            get(on.page_query(worksheet::sheet, |_| false)),
        )
        .route(
            "/page/lesson/answer",
            post(on.page_body(lessons::answer, |_| false)),
        );
    // The games: one line each.
    let router = game_routes::<Nim>(router, "", &on);
    let router = game_routes::<Chomp>(router, "/chomp", &on);
    let router = match &room {
        Some(room) => router.merge(class::routes(
            Arc::clone(room),
            on.expensive.clone(),
            timeouts.keep_alive,
        )),
        None => router,
    };
    let router = router.fallback(get(assets::file));
    // In a class, the rest is the teacher's page's alone.
    let router = match room {
        Some(room) => router.layer(axum::middleware::from_fn_with_state(room, class::rest)),
        None => router,
    };
    let sending = sending::Sending::new();
    router
        .layer(DefaultBodyLimit::max(MOST_BODY_BYTES))
        .layer(axum::middleware::from_fn(guard::check))
        .layer(axum::middleware::from_fn_with_state(sending, sending::hold))
        .layer(guard::headers())
}

/// The routes every game has, under `prefix`: its explanation and check as
/// JSON and for the page, its board to click, and a game to play.
fn game_routes<G: Queried>(router: Router, prefix: &str, on: &On) -> Router {
    use self::params::Question;
    let question = |asked: Question| move |q: Option<&str>| expensive::question::<G>(asked, q);
    router
        .route(
            &format!("/api{prefix}/explain"),
            get(on.query(api::explain::<G>, question(Question::Explain))),
        )
        .route(
            &format!("/api{prefix}/check"),
            get(on.query(api::check::<G>, question(Question::Check))),
        )
        .route(
            &format!("/page{prefix}/explain"),
            get(on.page_query(page::explain::<G>, question(Question::PageExplain))),
        )
        .route(
            &format!("/page{prefix}/check"),
            get(on.page_query(page::check::<G>, question(Question::PageCheck))),
        )
        .route(
            &format!("/page{prefix}/board"),
            get(on.page_query(page::board_page::<G>, question(Question::Board))),
        )
        .route(
            &format!("/page{prefix}/play"),
            post(on.page_body(game::play::<G>, expensive::game::<G>)),
        )
}

/// Where the routes' answers are worked out: each on a thread where it
/// may search, away from the threads that answer the network, and an
/// expensive one only in one of the few places for them.
struct On {
    expensive: Expensive,
}

/// A future reply, as a handler gives it.
type Replying = Pin<Box<dyn Future<Output = Reply> + Send>>;

impl On {
    /// A handler for a GET request of the API: `answer` gets the query
    /// string, and `costly` says first whether answering is expensive.
    fn query<C>(
        &self,
        answer: fn(Option<&str>) -> Reply,
        costly: C,
    ) -> impl Fn(RawQuery) -> Replying + Clone + use<C>
    where
        C: Fn(Option<&str>) -> bool + Clone + Send + Sync + 'static,
    {
        self.query_in(answer, costly, std::convert::identity)
    }

    /// A handler for a GET request of the page, as [`On::query`], whose
    /// refusals are in the page's words ([`Reply::in_page_words`]).
    fn page_query<C>(
        &self,
        answer: fn(Option<&str>) -> Reply,
        costly: C,
    ) -> impl Fn(RawQuery) -> Replying + Clone + use<C>
    where
        C: Fn(Option<&str>) -> bool + Clone + Send + Sync + 'static,
    {
        self.query_in(answer, costly, Reply::in_page_words)
    }

    /// A handler for a GET request, its reply put in `words`.
    fn query_in<C>(
        &self,
        answer: fn(Option<&str>) -> Reply,
        costly: C,
        words: fn(Reply) -> Reply,
    ) -> impl Fn(RawQuery) -> Replying + Clone + use<C>
    where
        C: Fn(Option<&str>) -> bool + Clone + Send + Sync + 'static,
    {
        let expensive = self.expensive.clone();
        move |RawQuery(query)| {
            let expensive = expensive.clone();
            let costly = costly.clone();
            let asked = query.clone();
            Box::pin(async move {
                let costly = move || costly(asked.as_deref());
                let reply = expensive
                    .answer(costly, move || answer(query.as_deref()))
                    .await;
                words(reply)
            })
        }
    }

    /// A handler for a POST request of the page: `answer` gets the body,
    /// read up to [`MOST_BODY_BYTES`], and `costly` says first whether
    /// answering is expensive; its refusals are in the page's words
    /// ([`Reply::in_page_words`]).
    fn page_body(
        &self,
        answer: fn(&[u8]) -> Reply,
        costly: fn(&[u8]) -> bool,
    ) -> impl Fn(Result<Bytes, BytesRejection>) -> Replying + Clone + use<> {
        let expensive = self.expensive.clone();
        move |bytes: Result<Bytes, BytesRejection>| match bytes {
            Ok(bytes) => {
                let expensive = expensive.clone();
                let asked = bytes.clone();
                Box::pin(async move {
                    let costly = move || costly(&asked);
                    let reply = expensive.answer(costly, move || answer(&bytes)).await;
                    reply.in_page_words()
                })
            }
            Err(rejected) => {
                let reply = Reply::refused(rejected.status(), &rejected.body_text());
                Box::pin(std::future::ready(reply))
            }
        }
    }
}

/// A server running in the background, for as long as it is kept.
#[derive(Debug)]
pub struct Server {
    addr: SocketAddr,
    stop: Option<oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<io::Result<()>>>,
    /// A class's join code and teacher's key, when it serves one; the key
    /// never shows in a debug print.
    class: Option<(String, Secret)>,
}

impl Server {
    /// Listens on `addr` (port 0 picks a free port) and serves from a
    /// thread of its own until stopped or dropped.
    pub fn start(addr: SocketAddr) -> io::Result<Server> {
        Server::started(addr, false, Timeouts::SERVED)
    }

    /// Listens on `addr` as [`Server::start`] does, holding its
    /// connections to `timeouts` instead of [`Timeouts::SERVED`]: for
    /// the tests, which see each deadline kept without waiting seconds.
    #[cfg(feature = "testing")]
    pub fn start_with(addr: SocketAddr, timeouts: Timeouts) -> io::Result<Server> {
        Server::started(addr, false, timeouts)
    }

    /// Listens on `addr` as [`Server::start`] does, with a class open
    /// (as `matchsticks serve --class` opens one): its join code is
    /// [`Server::class_code`] and its teacher's key
    /// [`Server::teacher_key`]. Its pupils' address is made from `addr`
    /// as bound, or from this computer's address on the network when
    /// `addr` is unspecified (`0.0.0.0`).
    pub fn start_class(addr: SocketAddr) -> io::Result<Server> {
        Server::started(addr, true, Timeouts::SERVED)
    }

    /// Listens on `addr` with a class open, as [`Server::start_class`]
    /// does, holding its connections to `timeouts`: for the tests.
    #[cfg(feature = "testing")]
    pub fn start_class_with(addr: SocketAddr, timeouts: Timeouts) -> io::Result<Server> {
        Server::started(addr, true, timeouts)
    }

    fn started(addr: SocketAddr, with_class: bool, timeouts: Timeouts) -> io::Result<Server> {
        let listener = bind(addr)?;
        let addr = listener.local_addr()?;
        let room = match with_class {
            true => Some(class::open(addr)?.0),
            false => None,
        };
        let class = room.as_ref().map(|room| {
            let (code, key, _) = room.access();
            (code, key)
        });
        let (stop, stopped) = oneshot::channel::<()>();
        let thread = std::thread::spawn(move || {
            runtime()?.block_on(async move {
                let listener = tokio::net::TcpListener::from_std(listener)?;
                let stop = async {
                    let _ = stopped.await;
                };
                serve_on(listener, room, stop, timeouts).await
            })
        });
        Ok(Server {
            addr,
            stop: Some(stop),
            thread: Some(thread),
            class,
        })
    }

    /// Where it listens.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// The code pupils join its class with, when it serves one.
    pub fn class_code(&self) -> Option<&str> {
        self.class.as_ref().map(|(code, _)| code.as_str())
    }

    /// Its class's teacher's key, sent as `X-Teacher`, when it serves one.
    pub fn teacher_key(&self) -> Option<&str> {
        self.class.as_ref().map(|(_, key)| key.as_str())
    }

    /// Stops it, letting requests already begun finish.
    pub fn stop(mut self) -> io::Result<()> {
        self.shut()
    }

    fn shut(&mut self) -> io::Result<()> {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        match self.thread.take().map(std::thread::JoinHandle::join) {
            Some(Ok(result)) => result,
            Some(Err(_)) => Err(io::Error::other("the server stopped unexpectedly")),
            None => Ok(()),
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.shut();
    }
}

/// Serves in the foreground until Ctrl-C. `listening` is told the address
/// once Ctrl-C is being listened for too, before anything is served; when
/// it breaks (the address could not be passed on), nothing is served.
pub(crate) fn serve(
    addr: SocketAddr,
    listening: impl FnOnce(SocketAddr) -> ControlFlow<()>,
) -> io::Result<()> {
    let listener = bind(addr)?;
    runtime()?.block_on(async move {
        let stop = interrupted()?;
        if listening(listener.local_addr()?).is_break() {
            return Ok(());
        }
        let listener = tokio::net::TcpListener::from_std(listener)?;
        serve_on(listener, None, stop, Timeouts::SERVED).await
    })
}

/// Serves a class in the foreground until Ctrl-C, as [`serve`] serves the
/// page; `listening` is told where the teacher and the pupils open it.
pub(crate) fn serve_class(
    addr: SocketAddr,
    listening: impl FnOnce(&Opened) -> ControlFlow<()>,
) -> io::Result<()> {
    let listener = bind(addr)?;
    let (room, opened) = class::open(listener.local_addr()?)?;
    runtime()?.block_on(async move {
        let stop = interrupted()?;
        if listening(&opened).is_break() {
            return Ok(());
        }
        let listener = tokio::net::TcpListener::from_std(listener)?;
        serve_on(listener, Some(room), stop, Timeouts::SERVED).await
    })
}

/// Ctrl-C, listened for from the moment this is called, so a Ctrl-C that
/// comes straight after the address is printed still stops the server
/// cleanly.
#[cfg(unix)]
fn interrupted() -> io::Result<impl Future<Output = ()> + Send + 'static> {
    use tokio::signal::unix::{SignalKind, signal};
    let mut interrupt = signal(SignalKind::interrupt())?;
    Ok(async move {
        interrupt.recv().await;
    })
}

#[cfg(not(unix))]
fn interrupted() -> io::Result<impl Future<Output = ()> + Send + 'static> {
    Ok(async {
        let _ = tokio::signal::ctrl_c().await;
    })
}

/// Binds at once, so a port in use is reported before anything else.
fn bind(addr: SocketAddr) -> io::Result<std::net::TcpListener> {
    let listener = std::net::TcpListener::bind(addr)?;
    listener.set_nonblocking(true)?;
    Ok(listener)
}

/// One thread answers the network; cheap requests are worked out on at
/// most [`expensive::MOST_CHEAP`] more, and expensive ones in their places.
fn runtime() -> io::Result<tokio::runtime::Runtime> {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .max_blocking_threads(expensive::MOST_CHEAP)
        .build()
}

/// Serves the page, and `room`'s class when there is one, until `stop`;
/// the class's streams of events end then, so that the requests being
/// answered can all finish.
async fn serve_on(
    listener: tokio::net::TcpListener,
    room: Option<Arc<Room>>,
    stop: impl Future<Output = ()> + Send + 'static,
    timeouts: Timeouts,
) -> io::Result<()> {
    let router = router_for(room.clone(), timeouts);
    let stop = async move {
        stop.await;
        if let Some(room) = room {
            room.end();
        }
    };
    connections::serve(listener, router, stop, timeouts).await
}
