//! Long replies while they are sent: held within [`MOST_SENDING_BYTES`]
//! between them, as a layer on every route.
//!
//! A reply is kept whole until its client has read it, and a client may
//! read slowly or not at all for [`SEND_TIMEOUT`] (`connections`). So the
//! replies sent at once, not only the work of making them, are what the
//! server's memory holds. A reply of at most [`LARGE_REPLY`] bytes, as
//! nearly every reply is, goes at once: the connections' cap bounds them.
//! A longer one (a table, a worksheet, a position of many rows drawn)
//! takes its size from room for [`MOST_SENDING_BYTES`] until it is sent or
//! its client has gone; when there is not room for it, it is refused at
//! once with 503 and `Retry-After`, as an expensive request is, and never
//! queued, so a slow reader cannot make the server hold a second copy.
//!
//! [`SEND_TIMEOUT`]: super::connections

use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};

use axum::body::{Body as AxumBody, Bytes};
use axum::extract::{Request, State};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use hyper::body::{Body, Frame, SizeHint};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use super::reply::Reply;
use crate::rules::commas::with_commas;

/// The most bytes of long replies being sent at once: 32 MiB, room for
/// the longest replies the page makes (about 10 MB, a position as big as
/// it draws, checked), one from each place for expensive work.
pub(crate) const MOST_SENDING_BYTES: usize = 32 * 1024 * 1024;

/// The longest reply sent without taking room: 64 KB. Every connection may
/// hold one this long.
pub(crate) const LARGE_REPLY: usize = 64 * 1024;

/// The room is counted in KB.
const UNIT: usize = 1024;

/// The seconds a refused reply is told to wait.
const RETRY_AFTER: u64 = 1;

/// The room for long replies, shared by every route of a router.
#[derive(Clone, Debug)]
pub(crate) struct Sending {
    room: Arc<Semaphore>,
}

impl Sending {
    pub(crate) fn new() -> Sending {
        Sending {
            room: Arc::new(Semaphore::new(MOST_SENDING_BYTES / UNIT)),
        }
    }

    /// Room for a reply of `bytes`, held until dropped; `None` when there is
    /// not room for it now. A reply of unknown length, such as a stream,
    /// makes itself as it is sent and takes none.
    fn room_for(&self, bytes: Option<u64>) -> Result<Option<OwnedSemaphorePermit>, ()> {
        let Some(bytes) = bytes.filter(|&bytes| bytes > LARGE_REPLY as u64) else {
            return Ok(None);
        };
        let units = u32::try_from(bytes.div_ceil(UNIT as u64)).map_err(|_| ())?;
        let held = self.room.clone().try_acquire_many_owned(units);
        held.map(Some).map_err(|_| ())
    }
}

/// Lets a reply go, holding room for it while it is sent when it is long,
/// or refuses it with 503 when there is no room for it.
pub(crate) async fn hold(State(sending): State<Sending>, request: Request, next: Next) -> Response {
    let response = next.run(request).await;
    match sending.room_for(response.body().size_hint().exact()) {
        Ok(None) => response,
        Ok(Some(room)) => response.map(|body| AxumBody::new(Held::new(body, room))),
        Err(()) => busy().into_response(),
    }
}

/// 503: the room for long replies is taken.
fn busy() -> Reply {
    let why = format!(
        "the server is already sending {} bytes ({} MiB) of long replies, the most it holds \
         at once: try again in a moment",
        with_commas(MOST_SENDING_BYTES as u128),
        MOST_SENDING_BYTES / (1024 * 1024)
    );
    Reply::busy(&why, RETRY_AFTER)
}

/// A long reply's body, handed on a piece of [`LARGE_REPLY`] bytes at a
/// time and holding its room until it is dropped: hyper asks for the next
/// piece only when it has sent nearly all of the last, so the room is held
/// until the reply is nearly all sent, or its client has gone. Each piece
/// is a copy: one that shared the reply's memory would keep all of it
/// until that piece was written, after the room was given back.
struct Held {
    body: AxumBody,
    /// What is left of the frame being handed on.
    left: Bytes,
    _room: OwnedSemaphorePermit,
}

impl Held {
    fn new(body: AxumBody, room: OwnedSemaphorePermit) -> Held {
        Held {
            body,
            left: Bytes::new(),
            _room: room,
        }
    }
}

impl Body for Held {
    type Data = Bytes;
    type Error = axum::Error;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, axum::Error>>> {
        if self.left.is_empty() {
            match std::task::ready!(Pin::new(&mut self.body).poll_frame(cx)) {
                Some(Ok(frame)) => match frame.into_data() {
                    Ok(data) => self.left = data,
                    Err(frame) => return Poll::Ready(Some(Ok(frame))),
                },
                other => return Poll::Ready(other),
            }
        }
        let piece = self.left.len().min(LARGE_REPLY);
        let copy = Bytes::copy_from_slice(&self.left[..piece]);
        // The rest; none, with the reply's memory let go, after the last.
        self.left = self.left.slice(piece..);
        Poll::Ready(Some(Ok(Frame::data(copy))))
    }

    fn is_end_stream(&self) -> bool {
        self.left.is_empty() && self.body.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        let rest = self.body.size_hint();
        let left = self.left.len() as u64;
        let mut hint = SizeHint::new();
        hint.set_lower(rest.lower() + left);
        if let Some(upper) = rest.upper() {
            hint.set_upper(upper + left);
        }
        hint
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_replies_take_room_until_dropped_and_short_ones_none() {
        let sending = Sending::new();
        let all = MOST_SENDING_BYTES / UNIT;
        assert!(matches!(sending.room_for(None), Ok(None)));
        assert!(matches!(
            sending.room_for(Some(LARGE_REPLY as u64)),
            Ok(None)
        ));
        let half = sending
            .room_for(Some(MOST_SENDING_BYTES as u64 / 2))
            .unwrap();
        assert_eq!(sending.room.available_permits(), all / 2);
        let one_more = sending.room_for(Some(LARGE_REPLY as u64 + 1)).unwrap();
        assert_eq!(sending.room.available_permits(), all / 2 - 65);
        assert!(
            sending
                .room_for(Some(MOST_SENDING_BYTES as u64 / 2))
                .is_err()
        );
        drop(half);
        drop(one_more);
        assert_eq!(sending.room.available_permits(), all);
        assert!(
            sending
                .room_for(Some(MOST_SENDING_BYTES as u64 + 1))
                .is_err()
        );
        assert!(sending.room_for(Some(u64::MAX)).is_err());
        assert_eq!(sending.room.available_permits(), all);
    }

    #[test]
    fn a_long_reply_goes_in_pieces_of_its_own_and_holds_its_room_to_the_last() {
        let sending = Sending::new();
        let all = MOST_SENDING_BYTES / UNIT;
        let sent: Vec<u8> = (0..200 * 1024).map(|i| (i % 251) as u8).collect();
        let reply = Bytes::from(sent.clone());
        let memory = reply.as_ptr() as usize..reply.as_ptr() as usize + reply.len();
        let room = sending.room_for(Some(reply.len() as u64)).unwrap().unwrap();
        let mut held = Held::new(AxumBody::from(reply), room);
        let runtime = tokio::runtime::Builder::new_current_thread()
            .build()
            .unwrap();
        let mut got = Vec::new();
        while !held.is_end_stream() {
            assert_eq!(sending.room.available_permits(), all - 200);
            let frame = runtime.block_on(std::future::poll_fn(|cx| {
                Pin::new(&mut held).poll_frame(cx)
            }));
            let piece = frame.unwrap().unwrap().into_data().unwrap();
            assert!(piece.len() <= LARGE_REPLY, "{}", piece.len());
            assert!(!memory.contains(&(piece.as_ptr() as usize)));
            got.extend_from_slice(&piece);
        }
        assert_eq!(got, sent);
        // hyper drops a body that has ended.
        drop(held);
        assert_eq!(sending.room.available_permits(), all);
    }
}
