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
//! hyper reads each request's line and headers, and refuses one it cannot
//! read with a bare reply of its own, written while no request is being
//! answered. The connection sets that reply aside and sends the one
//! `head::refusal` makes in its place, with the headers every reply
//! carries and the words for what could not be read. A connection that
//! ends after a reply reads and drops what its client still sends, for
//! `LINGER` at most, before it closes: a body refused unread may still
//! be arriving, and closing on it would reset the connection before the
//! client read the refusal.

use std::collections::HashMap;
use std::convert::Infallible;
use std::future::Future;
use std::io;
use std::net::SocketAddr;
use std::pin::{Pin, pin};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::task::{Context, Poll};
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

use super::class::KEEP_ALIVE;
use super::guard::ArrivedAt;
use super::head::{self, LARGEST_HEAD, MOST_HEADERS};

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

/// The deadlines a server holds its connections to, and how often a
/// class's stream of events says it is still there. A server holds them
/// to [`Timeouts::SERVED`]; only the tests shorten them, to see each one
/// kept without waiting seconds for it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Timeouts {
    /// How long a connection may wait for its next request.
    pub idle: Duration,
    /// How long a request's line and headers may take to arrive.
    pub header: Duration,
    /// How long a request's body may take to arrive.
    pub body: Duration,
    /// How often a quiet stream of events says it is still there.
    pub keep_alive: Duration,
}

impl Timeouts {
    /// The timeouts `matchsticks serve` keeps.
    pub const SERVED: Timeouts = Timeouts {
        idle: IDLE_TIMEOUT,
        header: HEADER_TIMEOUT,
        body: BODY_TIMEOUT,
        keep_alive: KEEP_ALIVE,
    };
}

/// How long a reply may wait for the client to read it before the
/// connection is closed.
pub(crate) const SEND_TIMEOUT: Duration = Duration::from_secs(10);

/// How long to wait before accepting again when the system refuses a new
/// connection, having closed the one that waited longest.
const ACCEPT_PAUSE: Duration = Duration::from_millis(20);

/// Serves `router` to every connection `listener` accepts until `stop`,
/// then lets the requests being answered finish, closing the connections
/// that wait on their clients, each held to `timeouts`.
pub(super) async fn serve(
    listener: TcpListener,
    router: Router,
    stop: impl Future<Output = ()>,
    timeouts: Timeouts,
) -> io::Result<()> {
    let open = Arc::new(Open::new(timeouts));
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
    timeouts: Timeouts,
    state: Mutex<State>,
    /// Told of every change of phase, and of being closed.
    changed: Notify,
    closed: AtomicBool,
}

#[derive(Debug)]
struct State {
    phase: Phase,
    /// When the phase began.
    since: Instant,
    /// Since when a write has waited for the client to read.
    blocked: Option<Instant>,
    /// Whether a request has been handed to the routes and its reply has
    /// not all gone yet: whatever is written meanwhile is that reply, and
    /// whatever is written at another time is hyper's own refusal of a
    /// request it could not read.
    replying: bool,
}

impl Watched {
    fn new(id: u64, timeouts: Timeouts) -> Watched {
        Watched {
            id,
            timeouts,
            state: Mutex::new(State {
                phase: Phase::Idle,
                since: Instant::now(),
                blocked: None,
                replying: false,
            }),
            changed: Notify::new(),
            closed: AtomicBool::new(false),
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

    /// A request was handed to the routes, its body to be read: its reply
    /// is under way, and stays so until it has all gone, whatever is
    /// flushed before the routes first look at it.
    fn replies(&self) {
        self.state().replying = true;
        self.enter(Phase::Body);
    }

    fn is_replying(&self) -> bool {
        self.state().replying
    }

    /// Everything written so far has gone: once a reply's body has ended,
    /// so has the reply.
    fn flushed(&self) {
        let mut state = self.state();
        if matches!(state.phase, Phase::Idle | Phase::Head) {
            state.replying = false;
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
            Phase::Idle => state.since + self.timeouts.idle,
            Phase::Head => state.since + self.timeouts.header,
            Phase::Body => state.since + self.timeouts.body,
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
#[derive(Debug)]
struct Open {
    next: AtomicU64,
    all: Mutex<HashMap<u64, Arc<Watched>>>,
    timeouts: Timeouts,
}

impl Open {
    fn new(timeouts: Timeouts) -> Open {
        Open {
            next: AtomicU64::new(0),
            all: Mutex::default(),
            timeouts,
        }
    }

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
        let id = self.next.fetch_add(1, Ordering::Relaxed);
        let watched = Arc::new(Watched::new(id, self.timeouts));
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

/// A connection being served.
struct Connection {
    watched: Arc<Watched>,
    router: Router,
    open: Arc<Open>,
    stopped: watch::Receiver<bool>,
}

impl Connection {
    async fn run(mut self, stream: TcpStream) {
        let arrived = stream.local_addr().ok();
        let watched = Arc::clone(&self.watched);
        let router = self.router.clone();
        let service = service_fn(move |request| {
            watched.replies();
            answer(request, router.clone(), Arc::clone(&watched), arrived)
        });
        let io = TokioIo::new(Stream::new(stream, Arc::clone(&self.watched)));
        let connection = http1::Builder::new()
            .max_buf_size(LARGEST_HEAD)
            .max_header_size(LARGEST_HEAD)
            .max_headers(MOST_HEADERS)
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
    }
}

/// Hands a request to the router, following it through its phases: its
/// body is being read until it ends, and the reply is being sent until
/// its body ends or is dropped.
async fn answer(
    request: Request<Incoming>,
    router: Router,
    watched: Arc<Watched>,
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

/// How long, after a reply that ends its connection, what the client still
/// sends is read and dropped before the connection closes: a body refused
/// before it was read may still be arriving, and closing with bytes unread
/// resets the connection, and the client may never read the reply.
const LINGER: Duration = Duration::from_secs(1);

/// The most bytes read and dropped then.
const MOST_LINGERED: usize = 1024 * 1024;

/// The socket, noting when a request's first byte arrives and when a
/// write waits for the client; keeping what has arrived of a request's
/// line and headers until a route has it, so that hyper's bare refusal of
/// one it could not read is set aside and a reply that says why is sent in
/// its place; and reading what the client still sends before it closes.
struct Stream {
    stream: TcpStream,
    watched: Arc<Watched>,
    /// What has arrived of the request's line and headers while no reply
    /// is under way, up to one byte more than hyper reads.
    head: Vec<u8>,
    /// The reply sent in place of hyper's refusal, and how much of it is
    /// written.
    refusal: Option<(Vec<u8>, usize)>,
    /// Until when, and for how many more bytes, what the client sends after
    /// the last reply is read and dropped.
    lingering: Option<(Pin<Box<tokio::time::Sleep>>, usize)>,
}

impl Stream {
    fn new(stream: TcpStream, watched: Arc<Watched>) -> Stream {
        Stream {
            stream,
            watched,
            head: Vec::new(),
            refusal: None,
            lingering: None,
        }
    }

    /// Keeps `arrived` as part of a request's head, when no reply is under
    /// way; forgets the last head when one is.
    fn arrived(&mut self, arrived: &[u8]) {
        if self.watched.is_replying() {
            self.head = Vec::new();
            return;
        }
        let room = (LARGEST_HEAD + 1).saturating_sub(self.head.len());
        self.head
            .extend_from_slice(&arrived[..arrived.len().min(room)]);
    }

    /// Sets what hyper writes aside when it is its own refusal of a request
    /// it could not read, written while no reply is under way, and makes
    /// the reply sent in its place: then how many bytes it wrote, as if
    /// they were written; `None` when it is a reply.
    fn set_aside(&mut self, bufs: &[&[u8]]) -> Option<usize> {
        if self.refusal.is_none() {
            if self.watched.is_replying() {
                self.head = Vec::new();
                return None;
            }
            let line: Vec<u8> = bufs
                .iter()
                .flat_map(|b| b.iter())
                .take(12)
                .copied()
                .collect();
            let status = line.get(9..12).and_then(|s| std::str::from_utf8(s).ok());
            let status = status.and_then(|s| s.parse().ok()).unwrap_or(400);
            self.refusal = Some((head::refusal(status, &self.head), 0));
            self.head = Vec::new();
        }
        Some(bufs.iter().map(|b| b.len()).sum())
    }

    /// Writes the reply sent in place of hyper's refusal, if there is one.
    fn send_refusal(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let Stream {
            stream,
            watched,
            refusal,
            ..
        } = self;
        while let Some((bytes, written)) = refusal.as_mut()
            && *written < bytes.len()
        {
            let sent = wrote(
                watched,
                Pin::new(&mut *stream).poll_write(cx, &bytes[*written..]),
            );
            match std::task::ready!(sent)? {
                0 => return Poll::Ready(Err(io::ErrorKind::WriteZero.into())),
                n => *written += n,
            }
        }
        Poll::Ready(Ok(()))
    }

    /// Reads and drops what the client still sends, until it is done, or
    /// for [`LINGER`] or [`MOST_LINGERED`] bytes.
    fn linger(&mut self, cx: &mut Context<'_>) -> Poll<()> {
        let Some((until, left)) = &mut self.lingering else {
            return Poll::Ready(());
        };
        let mut scratch = [0; 8192];
        while *left > 0 {
            let mut dropped = ReadBuf::new(&mut scratch);
            match Pin::new(&mut self.stream).poll_read(cx, &mut dropped) {
                Poll::Ready(Ok(())) if !dropped.filled().is_empty() => {
                    *left = left.saturating_sub(dropped.filled().len());
                }
                Poll::Ready(_) => break,
                Poll::Pending if until.as_mut().poll(cx).is_pending() => return Poll::Pending,
                Poll::Pending => break,
            }
        }
        *left = 0;
        Poll::Ready(())
    }
}

/// Notes whether a write waits for the client.
fn wrote<T>(watched: &Watched, written: Poll<io::Result<T>>) -> Poll<io::Result<T>> {
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
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        // Refused: hyper reads no more, and closes.
        if this.refusal.is_some() {
            return Poll::Ready(Ok(()));
        }
        let before = buf.filled().len();
        let read = Pin::new(&mut this.stream).poll_read(cx, buf);
        let arrived = &buf.filled()[before..];
        if !arrived.is_empty() {
            this.watched.heard();
            this.arrived(arrived);
            // A head hyper would not answer is answered here, and hyper
            // never sees it.
            if let Some(refusal) = head::unanswered(&this.head) {
                this.refusal = Some((refusal, 0));
                buf.set_filled(before);
            }
        }
        read
    }
}

impl AsyncWrite for Stream {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        if let Some(set_aside) = this.set_aside(&[buf]) {
            return Poll::Ready(Ok(set_aside));
        }
        wrote(
            &this.watched,
            Pin::new(&mut this.stream).poll_write(cx, buf),
        )
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        let slices: Vec<&[u8]> = bufs.iter().map(|b| &**b).collect();
        if let Some(set_aside) = this.set_aside(&slices) {
            return Poll::Ready(Ok(set_aside));
        }
        let written = Pin::new(&mut this.stream).poll_write_vectored(cx, bufs);
        wrote(&this.watched, written)
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        std::task::ready!(this.send_refusal(cx))?;
        let flushed = std::task::ready!(Pin::new(&mut this.stream).poll_flush(cx));
        if flushed.is_ok() {
            this.watched.flushed();
        }
        Poll::Ready(flushed)
    }

    /// Sends the last reply, closes the writing half, and lingers.
    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        std::task::ready!(this.send_refusal(cx))?;
        if this.lingering.is_none() {
            std::task::ready!(Pin::new(&mut this.stream).poll_shutdown(cx))?;
            this.lingering = Some((Box::pin(sleep(LINGER)), MOST_LINGERED));
        }
        this.linger(cx).map(Ok)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A connection in `phase` since `ago`, its writes blocked since
    /// `blocked` ago.
    fn watched(id: u64, phase: Phase, ago: u64, blocked: Option<u64>) -> Arc<Watched> {
        let watched = Watched::new(id, Timeouts::SERVED);
        let now = Instant::now();
        *watched.state() = State {
            phase,
            since: now - Duration::from_secs(ago),
            blocked: blocked.map(|ago| now - Duration::from_secs(ago)),
            replying: false,
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
    fn a_reply_is_under_way_from_its_request_until_all_of_it_has_gone() {
        let w = watched(0, Phase::Head, 0, None);
        assert!(!w.is_replying());
        w.replies();
        w.flushed();
        assert!(w.is_replying());
        for phase in [Phase::Body, Phase::Answering] {
            w.enter(phase);
            w.flushed();
            assert!(w.is_replying(), "{phase:?}");
        }
        // Its body has ended: the next flush sends the last of it.
        w.enter(Phase::Idle);
        assert!(w.is_replying());
        w.flushed();
        assert!(!w.is_replying());
    }

    #[test]
    fn a_full_house_closes_the_connection_that_waited_longest() {
        let open = Open::new(Timeouts::SERVED);
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
        let busy = Open::new(Timeouts::SERVED);
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
