//! The server's connections: accepted, watched and closed, so a classroom's
//! devices, or one device that misbehaves, cannot wear the server out.
//!
//! Each connection is in one of four phases. It waits for a request
//! ([`IDLE_TIMEOUT`]), reads its line and headers ([`HEADER_TIMEOUT`]),
//! reads its body ([`BODY_TIMEOUT`]), and answers. A connection that
//! overstays its phase is closed. While it answers it has no deadline, so
//! a long reply, or a stream that sends now and then, may run on; only a
//! reply the client stops reading is given up, after `SEND_TIMEOUT`.
//!
//! At most [`MOST_CONNECTIONS`] are open. One more closes the connection
//! that has waited longest on its client (idle, or still sending its
//! request), so slow or silent sockets, however many, never lock out a
//! pupil; the same happens when the system has no descriptor left for a
//! new connection. Only when every connection is busy answering is a new
//! one turned away.
//!
//! A reply waits in memory until its client has read it, so the replies
//! of clients that read slowly, or not at all, could fill the memory. At
//! most [`MOST_REPLY_BYTES`] of replies bigger than [`SMALL_REPLY`] are
//! held at once; one more is answered 503 with `Retry-After` instead.

use std::collections::HashMap;
use std::convert::Infallible;
use std::future::Future;
use std::io;
use std::net::SocketAddr;
use std::pin::{Pin, pin};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::task::{Context, Poll, ready};
use std::time::Duration;

use axum::Router;
use axum::body::{Body as AxumBody, Bytes};
use hyper::body::{Body, Frame, Incoming, SizeHint};
use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper::{Request, Response};
use hyper_util::rt::TokioIo;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{Notify, watch};
use tokio::task::JoinSet;
use tokio::time::{Instant, sleep, sleep_until};
use tower::ServiceExt;

use super::guard::{ArrivedAt, SECURE, secured};
use crate::rules::commas::with_commas;

/// The most connections open at once: a class of sixty, each with a
/// stream of events and a request under way, and room to spare.
pub const MOST_CONNECTIONS: usize = 224;

/// How long a connection may wait for its next request before it is
/// closed; a browser opens another when it needs one.
pub const IDLE_TIMEOUT: Duration = Duration::from_secs(10);

/// How long a request's line and headers may take to arrive, from their
/// first byte.
pub const HEADER_TIMEOUT: Duration = Duration::from_secs(5);

/// How long a request's body may take to arrive, after its headers.
pub const BODY_TIMEOUT: Duration = Duration::from_secs(5);

/// How long a reply may wait for the client to read it before the
/// connection is closed.
pub(crate) const SEND_TIMEOUT: Duration = Duration::from_secs(10);

/// The most bytes a request's line and headers may take (the long query
/// of a big position included); more gets 431.
pub const LARGEST_HEAD: usize = 64 * 1024;

/// The most bytes of big replies (over [`SMALL_REPLY`]) held at once while
/// their clients read them: a few of the biggest the page makes.
pub const MOST_REPLY_BYTES: u64 = 24 * 1024 * 1024;

/// A reply this small is always sent: the page's own files, and every
/// ordinary answer. [`MOST_CONNECTIONS`] of them hold at most 14 MB.
pub(crate) const SMALL_REPLY: u64 = 64 * 1024;

/// How long to wait before accepting again when the system refuses a new
/// connection, having closed the one that waited longest.
const ACCEPT_PAUSE: Duration = Duration::from_millis(20);

/// Serves `router` to every connection `listener` accepts until `stop`,
/// then lets the requests being answered finish, closing the connections
/// that wait on their clients.
pub(super) async fn serve(
    listener: TcpListener,
    router: Router,
    stop: impl Future<Output = ()>,
) -> io::Result<()> {
    let open = Arc::new(Open::default());
    let held = Arc::new(Held::default());
    let (stopping, stopped) = watch::channel(false);
    let mut tasks = JoinSet::new();
    let mut stop = pin!(stop);
    loop {
        tokio::select! {
            () = &mut stop => break,
            accepted = listener.accept() => match accepted {
                Ok((stream, _)) => {
                    // With every connection answering, this one is turned
                    // away: dropping it closes it.
                    if let Some(watched) = open.admit() {
                        let connection = Connection {
                            watched,
                            router: router.clone(),
                            open: Arc::clone(&open),
                            held: Arc::clone(&held),
                            stopped: stopped.clone(),
                        };
                        tasks.spawn(connection.run(stream));
                    }
                }
                Err(e) if is_one_connection(&e) => {}
                // Most likely out of descriptors: free one, then try again.
                Err(_) => {
                    open.close_longest_waiting();
                    sleep(ACCEPT_PAUSE).await;
                }
            },
            Some(_) = tasks.join_next(), if !tasks.is_empty() => {}
        }
    }
    drop(listener);
    let _ = stopping.send(true);
    while tasks.join_next().await.is_some() {}
    Ok(())
}

/// An error that concerns only the connection being accepted.
fn is_one_connection(e: &io::Error) -> bool {
    matches!(
        e.kind(),
        io::ErrorKind::ConnectionRefused
            | io::ErrorKind::ConnectionAborted
            | io::ErrorKind::ConnectionReset
    )
}

/// Where a connection is in its exchange with the client.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// Waiting for the first byte of a request.
    Idle,
    /// Reading a request's line and headers.
    Head,
    /// Reading a request's body.
    Body,
    /// Working out or sending the reply.
    Answering,
}

/// One open connection, as the server watches it.
#[derive(Debug)]
struct Watched {
    id: u64,
    state: Mutex<State>,
    /// Told of every change of phase, and of being closed.
    changed: Notify,
    closed: AtomicBool,
    /// The bytes of a big reply it has still to write, held in
    /// [`MOST_REPLY_BYTES`].
    owed: AtomicU64,
}

#[derive(Debug)]
struct State {
    phase: Phase,
    /// When the phase began.
    since: Instant,
    /// Since when a write has waited for the client to read.
    blocked: Option<Instant>,
}

impl Watched {
    fn new(id: u64) -> Watched {
        Watched {
            id,
            state: Mutex::new(State {
                phase: Phase::Idle,
                since: Instant::now(),
                blocked: None,
            }),
            changed: Notify::new(),
            closed: AtomicBool::new(false),
            owed: AtomicU64::new(0),
        }
    }

    fn state(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn enter(&self, phase: Phase) {
        let mut state = self.state();
        if state.phase != phase {
            state.phase = phase;
            state.since = Instant::now();
            drop(state);
            self.changed.notify_one();
        }
    }

    /// A request's first byte arrived.
    fn heard(&self) {
        if self.state().phase == Phase::Idle {
            self.enter(Phase::Head);
        }
    }

    /// Whether it waits on its client, and since when.
    fn waiting_since(&self) -> Option<Instant> {
        let state = self.state();
        (state.phase != Phase::Answering).then_some(state.since)
    }

    /// When the connection is to be closed unless its phase changes. While
    /// it answers that is only if its client stops reading; until then it
    /// looks again every [`SEND_TIMEOUT`].
    fn deadline(&self) -> Instant {
        let state = self.state();
        match state.phase {
            Phase::Idle => state.since + IDLE_TIMEOUT,
            Phase::Head => state.since + HEADER_TIMEOUT,
            Phase::Body => state.since + BODY_TIMEOUT,
            Phase::Answering => state.blocked.unwrap_or_else(Instant::now) + SEND_TIMEOUT,
        }
    }

    fn is_overdue(&self) -> bool {
        let sending = {
            let state = self.state();
            state.phase == Phase::Answering && state.blocked.is_none()
        };
        !sending && self.deadline() <= Instant::now()
    }

    fn close(&self) {
        self.closed.store(true, Ordering::Relaxed);
        self.changed.notify_one();
    }

    fn is_closed(&self) -> bool {
        self.closed.load(Ordering::Relaxed)
    }
}

/// The connections open now.
#[derive(Debug, Default)]
struct Open {
    next: AtomicU64,
    all: Mutex<HashMap<u64, Arc<Watched>>>,
}

impl Open {
    fn all(&self) -> MutexGuard<'_, HashMap<u64, Arc<Watched>>> {
        self.all.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Room for one more connection, closing the one that has waited
    /// longest when all the room is taken; `None` when every connection
    /// is answering.
    fn admit(&self) -> Option<Arc<Watched>> {
        let mut all = self.all();
        if all.len() >= MOST_CONNECTIONS {
            let longest = longest_waiting(&all)?;
            all.remove(&longest.id);
            longest.close();
        }
        let watched = Arc::new(Watched::new(self.next.fetch_add(1, Ordering::Relaxed)));
        all.insert(watched.id, Arc::clone(&watched));
        Some(watched)
    }

    fn close_longest_waiting(&self) {
        let mut all = self.all();
        if let Some(longest) = longest_waiting(&all) {
            all.remove(&longest.id);
            longest.close();
        }
    }

    fn remove(&self, id: u64) {
        self.all().remove(&id);
    }
}

fn longest_waiting(all: &HashMap<u64, Arc<Watched>>) -> Option<Arc<Watched>> {
    all.values()
        .filter_map(|w| Some((w.waiting_since()?, w)))
        .min_by_key(|(since, _)| *since)
        .map(|(_, w)| Arc::clone(w))
}

/// The bytes of big replies not yet written to their sockets, on every
/// connection. A reply is handed to hyper whole, and hyper keeps it until
/// the client has taken all of it, so a reply is held until its last byte
/// is written, not only until it is made.
#[derive(Debug, Default)]
struct Held {
    bytes: AtomicU64,
}

impl Held {
    /// Room for a reply of `size` bytes, owed by `watched` until it has
    /// written them or closes; `false` when it would pass
    /// [`MOST_REPLY_BYTES`].
    fn hold(&self, watched: &Watched, size: u64) -> bool {
        let room = self
            .bytes
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |held| {
                held.checked_add(size)
                    .filter(|&total| total <= MOST_REPLY_BYTES)
            });
        if room.is_ok() {
            watched.owed.fetch_add(size, Ordering::AcqRel);
        }
        room.is_ok()
    }

    /// `written` bytes of what `watched` owes were written (or, at its
    /// close, will never be).
    fn paid(&self, watched: &Watched, written: u64) {
        let owed = watched
            .owed
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |owed| {
                Some(owed.saturating_sub(written))
            })
            .unwrap_or(0);
        let paid = owed.min(written);
        if paid > 0 {
            self.bytes.fetch_sub(paid, Ordering::AcqRel);
        }
    }
}

/// The server's reply to a request hyper could not read and answered with
/// `status`: the same status, why in words, and [`SECURE`]; the
/// connection closes after it, as hyper's would.
fn unread(status: u16) -> Vec<u8> {
    let why = match status {
        431 => format!(
            "the request's line and headers are bigger than {} bytes (64 KB), or more than \
             100 headers, the most read",
            with_commas(LARGEST_HEAD as u128)
        ),
        414 => "the request's address is longer than the server reads".to_string(),
        _ => "the request could not be read: send an HTTP/1.1 request, its line and \
              headers in plain text"
            .to_string(),
    };
    let body = serde_json::json!({ "error": why }).to_string() + "\n";
    let reason = hyper::StatusCode::from_u16(status)
        .ok()
        .and_then(|s| s.canonical_reason())
        .unwrap_or("Bad Request");
    let mut reply = format!(
        "HTTP/1.1 {status} {reason}\r\ncontent-type: application/json\r\n\
         content-length: {}\r\nconnection: close\r\n",
        body.len()
    );
    for (name, value) in SECURE {
        reply += &format!("{name}: {value}\r\n");
    }
    reply += "\r\n";
    reply += &body;
    reply.into_bytes()
}

/// 503: the big replies being sent already hold all the room for them.
fn too_much_held() -> Response<AxumBody> {
    let why = format!(
        "the server is already sending {} bytes of big replies, the most it holds at once: \
         try again in a moment",
        with_commas(u128::from(MOST_REPLY_BYTES))
    );
    secured(super::reply::Reply::busy(&why, 1))
}

/// A connection being served.
struct Connection {
    watched: Arc<Watched>,
    router: Router,
    open: Arc<Open>,
    held: Arc<Held>,
    stopped: watch::Receiver<bool>,
}

impl Connection {
    async fn run(mut self, stream: TcpStream) {
        let arrived = stream.local_addr().ok();
        let watched = Arc::clone(&self.watched);
        let router = self.router.clone();
        let held = Arc::clone(&self.held);
        let service = service_fn(move |request| {
            let (router, watched, held) = (router.clone(), Arc::clone(&watched), held.clone());
            answer(request, router, watched, held, arrived)
        });
        let io = TokioIo::new(Stream {
            stream,
            watched: Arc::clone(&self.watched),
            held: Arc::clone(&self.held),
            own: None,
        });
        let connection = http1::Builder::new()
            .max_buf_size(LARGEST_HEAD)
            .max_header_size(LARGEST_HEAD)
            .serve_connection(io, service);
        let mut connection = pin!(connection);
        let mut stopping = false;
        loop {
            let deadline = self.watched.deadline();
            tokio::select! {
                _ = connection.as_mut() => break,
                () = self.watched.changed.notified() => {
                    if self.watched.is_closed() {
                        break;
                    }
                }
                () = sleep_until(deadline) => {
                    if self.watched.is_overdue() {
                        break;
                    }
                }
                _ = self.stopped.changed(), if !stopping => {
                    // A request not yet read has not begun: only those
                    // being answered are let finish.
                    if self.watched.waiting_since().is_some() {
                        break;
                    }
                    stopping = true;
                    connection.as_mut().graceful_shutdown();
                }
            }
        }
        self.open.remove(self.watched.id);
        // What it never wrote is held no longer.
        self.held.paid(&self.watched, u64::MAX);
    }
}

/// Hands a request to the router, following it through its phases: its
/// body is being read until it ends, and the reply is being sent until
/// its body ends or is dropped. A big reply is sent only when there is
/// room for it within [`MOST_REPLY_BYTES`].
async fn answer(
    request: Request<Incoming>,
    router: Router,
    watched: Arc<Watched>,
    held: Arc<Held>,
    arrived: Option<SocketAddr>,
) -> Result<Response<Reply>, Infallible> {
    watched.enter(Phase::Body);
    let (mut parts, body) = request.into_parts();
    if let Some(at) = arrived {
        parts.extensions.insert(ArrivedAt(at));
    }
    if body.is_end_stream() {
        watched.enter(Phase::Answering);
    }
    let body = Reading {
        body,
        watched: Arc::clone(&watched),
    };
    let Ok(response) = router.oneshot(Request::from_parts(parts, body)).await;
    watched.enter(Phase::Answering);
    let size = response.body().size_hint().upper().unwrap_or(0);
    let response = match size > SMALL_REPLY && !held.hold(&watched, size) {
        true => too_much_held(),
        false => response,
    };
    Ok(response.map(|body| Reply {
        body,
        sent: Some(Sent(watched)),
    }))
}

/// A request's body, read by the routes; its end ends the body's phase.
struct Reading {
    body: Incoming,
    watched: Arc<Watched>,
}

impl Body for Reading {
    type Data = Bytes;
    type Error = hyper::Error;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, hyper::Error>>> {
        let frame = Pin::new(&mut self.body).poll_frame(cx);
        if matches!(frame, Poll::Ready(None)) || self.body.is_end_stream() {
            self.watched.enter(Phase::Answering);
        }
        frame
    }

    fn is_end_stream(&self) -> bool {
        self.body.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.body.size_hint()
    }
}

/// A reply's body as it is sent; once it is all sent, or dropped, the
/// connection waits for the next request.
struct Reply {
    body: AxumBody,
    sent: Option<Sent>,
}

/// Marks the connection idle when dropped.
struct Sent(Arc<Watched>);

impl Drop for Sent {
    fn drop(&mut self) {
        self.0.enter(Phase::Idle);
    }
}

impl Body for Reply {
    type Data = Bytes;
    type Error = axum::Error;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, axum::Error>>> {
        let frame = Pin::new(&mut self.body).poll_frame(cx);
        if matches!(frame, Poll::Ready(None | Some(Err(_)))) {
            self.sent = None;
        }
        frame
    }

    fn is_end_stream(&self) -> bool {
        self.body.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.body.size_hint()
    }
}

/// The socket, noting when a request's first byte arrives and when a
/// write waits for the client.
///
/// When a request cannot be read as HTTP at all (a broken request line or
/// header, a head past [`LARGEST_HEAD`]), hyper answers it itself, before
/// any route sees it, with a bare status and no body. That reply is
/// written here instead as the server's own: the same status, the
/// headers every reply carries ([`SECURE`]), and why in words.
struct Stream {
    stream: TcpStream,
    watched: Arc<Watched>,
    held: Arc<Held>,
    /// The server's reply in place of hyper's own, and how much of it is
    /// sent.
    own: Option<(Vec<u8>, usize)>,
}

impl Stream {
    /// Whether `buf`, written while no request is being answered, is
    /// hyper's own reply to a request it could not read: a status line
    /// whose head lacks the headers the router puts on every reply.
    fn unread_reply(&self, buf: &[u8]) -> Option<u16> {
        let waiting = matches!(self.watched.state().phase, Phase::Idle | Phase::Head);
        let status = buf.strip_prefix(b"HTTP/1.1 ")?.get(..3)?;
        let head = buf.split(|&b| b == b'\n').take_while(|line| *line != b"\r");
        let ours = head.into_iter().any(|line| {
            line.to_ascii_lowercase()
                .starts_with(SECURE[0].0.as_str().as_bytes())
        });
        let status = std::str::from_utf8(status).ok()?.parse().ok()?;
        (waiting && !ours).then_some(status)
    }

    /// Sends what is left of the server's own reply.
    fn send_own(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let Stream {
            stream,
            watched,
            own,
            ..
        } = self;
        let Some((reply, sent)) = own else {
            return Poll::Ready(Ok(()));
        };
        while *sent < reply.len() {
            let written = Pin::new(&mut *stream).poll_write(cx, &reply[*sent..]);
            match noted(watched, written) {
                Poll::Ready(Ok(0)) => return Poll::Ready(Err(io::ErrorKind::WriteZero.into())),
                Poll::Ready(Ok(n)) => *sent += n,
                Poll::Ready(Err(e)) => return Poll::Ready(Err(e)),
                Poll::Pending => return Poll::Pending,
            }
        }
        Poll::Ready(Ok(()))
    }

    /// Writes `bufs` (all `len` bytes of them), or the server's reply in
    /// place of hyper's own.
    fn write_or_replace(
        &mut self,
        cx: &mut Context<'_>,
        first: &[u8],
        len: usize,
        write: impl FnOnce(Pin<&mut TcpStream>, &mut Context<'_>) -> Poll<io::Result<usize>>,
    ) -> Poll<io::Result<usize>> {
        if self.own.is_none()
            && let Some(status) = self.unread_reply(first)
        {
            self.own = Some((unread(status), 0));
        }
        if self.own.is_some() {
            // Hyper's own bytes are dropped: the server's go instead.
            return self.send_own(cx).map_ok(|()| len);
        }
        let written = write(Pin::new(&mut self.stream), cx);
        if let Poll::Ready(Ok(n)) = written {
            self.held.paid(&self.watched, n as u64);
        }
        self.wrote(written)
    }

    fn wrote<T>(&self, written: Poll<io::Result<T>>) -> Poll<io::Result<T>> {
        noted(&self.watched, written)
    }
}

/// Notes on `watched` whether a write waits for the client, and since
/// when.
fn noted<T>(watched: &Watched, written: Poll<io::Result<T>>) -> Poll<io::Result<T>> {
    let mut state = watched.state();
    match (&written, state.blocked) {
        (Poll::Pending, None) => state.blocked = Some(Instant::now()),
        (Poll::Ready(_), Some(_)) => state.blocked = None,
        _ => {}
    }
    written
}

impl AsyncRead for Stream {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let before = buf.filled().len();
        let read = Pin::new(&mut self.stream).poll_read(cx, buf);
        if buf.filled().len() > before {
            self.watched.heard();
        }
        read
    }
}

impl AsyncWrite for Stream {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        self.write_or_replace(cx, buf, buf.len(), |stream, cx| stream.poll_write(cx, buf))
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let first = bufs
            .iter()
            .find(|b| !b.is_empty())
            .map_or(&[][..], |b| &b[..]);
        let len = bufs.iter().map(|b| b.len()).sum();
        self.write_or_replace(cx, first, len, |stream, cx| {
            stream.poll_write_vectored(cx, bufs)
        })
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        ready!(self.send_own(cx))?;
        Pin::new(&mut self.stream).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        ready!(self.send_own(cx))?;
        Pin::new(&mut self.stream).poll_shutdown(cx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A connection in `phase` since `ago`, its writes blocked since
    /// `blocked` ago.
    fn watched(id: u64, phase: Phase, ago: u64, blocked: Option<u64>) -> Arc<Watched> {
        let watched = Watched::new(id);
        let now = Instant::now();
        *watched.state() = State {
            phase,
            since: now - Duration::from_secs(ago),
            blocked: blocked.map(|ago| now - Duration::from_secs(ago)),
        };
        Arc::new(watched)
    }

    #[test]
    fn each_phase_has_its_deadline() {
        let cases: &[(Phase, u64, Option<u64>, bool)] = &[
            (Phase::Idle, 9, None, false),
            (Phase::Idle, 11, None, true),
            (Phase::Head, 4, None, false),
            (Phase::Head, 6, None, true),
            (Phase::Body, 4, None, false),
            (Phase::Body, 6, None, true),
            // Answering, for as long as the client reads.
            (Phase::Answering, 3600, None, false),
            (Phase::Answering, 3600, Some(9), false),
            (Phase::Answering, 3600, Some(11), true),
        ];
        for &(phase, ago, blocked, overdue) in cases {
            let w = watched(0, phase, ago, blocked);
            assert_eq!(w.is_overdue(), overdue, "{phase:?} {ago} {blocked:?}");
        }
    }

    #[test]
    fn a_full_house_closes_the_connection_that_waited_longest() {
        let open = Open::default();
        let ages = [
            (Phase::Answering, 500),
            (Phase::Idle, 3),
            (Phase::Body, 4),
            (Phase::Head, 1),
        ];
        for (id, &(phase, ago)) in ages.iter().enumerate() {
            open.all()
                .insert(id as u64, watched(id as u64, phase, ago, None));
        }
        let longest = longest_waiting(&open.all()).unwrap();
        assert_eq!(longest.id, 2);
        // Only answering connections left: nothing to close.
        let busy = Open::default();
        for id in 0..MOST_CONNECTIONS as u64 {
            busy.all()
                .insert(id, watched(id, Phase::Answering, 1, None));
        }
        busy.next.store(MOST_CONNECTIONS as u64, Ordering::Relaxed);
        assert!(busy.admit().is_none());
        let waiting = busy.all().get(&7).cloned().unwrap();
        waiting.enter(Phase::Idle);
        let admitted = busy.admit().unwrap();
        assert!(waiting.is_closed());
        assert!(!busy.all().contains_key(&7));
        assert!(busy.all().contains_key(&admitted.id));
        assert_eq!(busy.all().len(), MOST_CONNECTIONS);
    }
}
