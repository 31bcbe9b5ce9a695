//! A request's line and headers, its head: how much of it the server reads,
//! and what it says when it cannot read one.
//!
//! hyper reads each head before any route sees the request, within
//! [`LARGEST_HEAD`] bytes and [`MOST_HEADERS`] headers, and refuses one it
//! cannot read on its own: 400, 431 or 414, with no body and none of the
//! headers every reply carries. The connection sets that reply aside and
//! sends `refusal` in its place: the same refusal, with those headers
//! and `{"error": ...}` saying what could not be read, found by reading
//! again, with httparse, the parser hyper uses, what had arrived of the
//! head. A body announced over the cap is refused with 413, as the routes
//! refuse one, though hyper tells a length past 2^64 − 3 as a head too
//! large, and one past 2^64 as no length.

use std::time::SystemTime;

use axum::http::StatusCode;

use super::MOST_BODY_BYTES;
use super::guard::{SECURITY_HEADERS, coding_refused};
use super::reply::Reply;
use crate::rules::commas::with_commas;

/// The most bytes a request's line and headers may take (the long query
/// of a big position included); more gets 431.
pub const LARGEST_HEAD: usize = 64 * 1024;

/// The most headers a request may have; more gets 431.
pub const MOST_HEADERS: usize = 100;

/// The reply, in full, to a request whose head hyper refused with status
/// `refused`, from the bytes of it that had arrived (`read`, at most one
/// past [`LARGEST_HEAD`]): the connection is closed after it.
pub(crate) fn refusal(refused: u16, read: &[u8]) -> Vec<u8> {
    whole(why(refused, read))
}

/// The reply, in full, to a head hyper would wait on or close without a
/// word, when what has arrived of it (`read`) is one: empty lines where
/// the request's line should be (one may come before it, but not two), or
/// the start of HTTP/2, which hyper does not speak here. `None` for
/// anything else, hyper's to read.
pub(crate) fn unanswered(read: &[u8]) -> Option<Vec<u8>> {
    let empty = read.iter().all(|b| matches!(b, b'\r' | b'\n'));
    if empty && read.iter().filter(|&&b| b == b'\n').count() >= 2 {
        return Some(whole(bad("the request's line is empty")));
    }
    if read.starts_with(b"PRI * HTTP/2.0\r\n") {
        return Some(whole(bad("this server speaks HTTP/1.1, not HTTP/2")));
    }
    None
}

/// A refusal in full: its status, the headers every reply carries, and
/// its `{"error": ...}`.
fn whole(reply: Reply) -> Vec<u8> {
    let (status, body) = (reply.status, reply.body);
    let mut out = format!(
        "HTTP/1.1 {} {}\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\
         connection: close\r\ndate: {}\r\n",
        status.as_u16(),
        status.canonical_reason().unwrap_or_default(),
        body.len(),
        httpdate::fmt_http_date(SystemTime::now()),
    );
    for (name, value) in SECURITY_HEADERS {
        out += &format!("{name}: {value}\r\n");
    }
    (out + "\r\n" + &body).into_bytes()
}

/// 400, and why.
fn bad(why: &str) -> Reply {
    Reply::status(StatusCode::BAD_REQUEST, why)
}

/// The refusal of a head hyper refused with `refused`, with the words for
/// what could not be read.
fn why(refused: u16, read: &[u8]) -> Reply {
    let too_long = || {
        let why = format!(
            "the request's line and headers are longer than {} bytes ({} KB), the most read",
            with_commas(LARGEST_HEAD as u128),
            LARGEST_HEAD / 1024
        );
        Reply::status(StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE, &why)
    };
    if read.len() > LARGEST_HEAD {
        return too_long();
    }
    let mut headers = [httparse::EMPTY_HEADER; MOST_HEADERS];
    let mut request = httparse::Request::new(&mut headers);
    match request.parse(read) {
        Err(httparse::Error::TooManyHeaders) => {
            let why = format!("the request has more than {MOST_HEADERS} headers, the most read");
            Reply::status(StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE, &why)
        }
        Err(httparse::Error::Token) => bad("the request's method or address could not be read"),
        Err(httparse::Error::Version) => bad("the request is not HTTP/1.1 or HTTP/1.0"),
        Err(_) => bad("a header of the request could not be read"),
        Ok(httparse::Status::Partial) if refused == 431 => too_long(),
        Ok(httparse::Status::Partial) => bad("the request could not be read as HTTP"),
        Ok(httparse::Status::Complete(_)) => framing(request.headers)
            .unwrap_or_else(|| bad("the request's address could not be read")),
    }
}

/// What is wrong with how a head hyper read in full frames its body: a
/// length that is no number, two lengths, a length over the cap, or a body
/// in chunks or another coding; `None` when its body is framed well, and
/// something else was wrong.
fn framing(headers: &[httparse::Header<'_>]) -> Option<Reply> {
    let named = |name: &str| -> Vec<String> {
        let all = headers.iter().filter(|h| h.name.eq_ignore_ascii_case(name));
        all.map(|h| String::from_utf8_lossy(h.value).trim().to_string())
            .collect()
    };
    let mut lengths = named("content-length");
    lengths.dedup();
    if lengths
        .iter()
        .any(|l| l.is_empty() || !l.bytes().all(|b| b.is_ascii_digit()))
    {
        return Some(bad(
            "the request's length (Content-Length) is not a whole number of bytes",
        ));
    }
    let over = |l: &String| {
        l.parse::<u64>()
            .map_or(true, |l| l > MOST_BODY_BYTES as u64)
    };
    if lengths.iter().any(over) {
        return Some(Reply::refused(StatusCode::PAYLOAD_TOO_LARGE, ""));
    }
    if lengths.len() > 1 {
        return Some(bad(
            "the request gives two different lengths (Content-Length)",
        ));
    }
    named("transfer-encoding")
        .first()
        .map(|coding| coding_refused(coding.as_bytes()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_refusal_says_what_could_not_be_read() {
        let get = |headers: &str| format!("GET / HTTP/1.1\r\nHost: x\r\n{headers}\r\n");
        let many = "X: y\r\n".repeat(MOST_HEADERS);
        let cases: Vec<(u16, String, u16, &str)> = vec![
            (
                400,
                "G\0T / HTTP/1.1\r\n\r\n".into(),
                400,
                "method or address",
            ),
            (
                400,
                "GET / HTTP/1.2\r\n\r\n".into(),
                400,
                "not HTTP/1.1 or HTTP/1.0",
            ),
            (400, get("X: a\0b\r\n"), 400, "a header of the request"),
            (
                400,
                get("Content-Length: -1\r\n"),
                400,
                "not a whole number of bytes",
            ),
            (
                400,
                get("Content-Length: 1, 1\r\n"),
                400,
                "not a whole number of bytes",
            ),
            (
                400,
                get("Content-Length: 2\r\nContent-Length: 3\r\n"),
                400,
                "two different",
            ),
            (
                431,
                get("Content-Length: 18446744073709551615\r\n"),
                413,
                "bigger than 65,536 bytes (64 KB)",
            ),
            (
                400,
                get("Content-Length: 18446744073709551616\r\n"),
                413,
                "bigger than 65,536 bytes (64 KB)",
            ),
            (
                400,
                get("Transfer-Encoding: identity\r\n"),
                501,
                "not in chunks",
            ),
            (431, get(&many), 431, "more than 100 headers"),
            (
                431,
                "GET /".to_string() + &"x".repeat(LARGEST_HEAD),
                431,
                "longer than 65,536 bytes (64 KB)",
            ),
            (400, get(""), 400, "address could not be read"),
            (400, "GET / HT".into(), 400, "could not be read as HTTP"),
        ];
        for (refused, read, status, words) in cases {
            let reply = why(refused, read.as_bytes());
            let why = &reply.body;
            assert_eq!(reply.status.as_u16(), status, "{read:.60?}: {why}");
            assert!(why.contains(words), "{read:.60?}: {why}");
        }
    }

    #[test]
    fn empty_lines_and_http_2_are_answered_at_once() {
        let status = |read: &[u8]| {
            let reply = unanswered(read)?;
            Some(String::from_utf8(reply).unwrap()[9..12].to_string())
        };
        assert_eq!(status(b"\r\n\r\n").as_deref(), Some("400"));
        assert_eq!(status(b"\n\n").as_deref(), Some("400"));
        assert_eq!(
            status(b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n").as_deref(),
            Some("400")
        );
        for read in [
            &b"\r\n"[..],
            b"\r\nGET / HTTP/1.1\r\n\r\n",
            b"PRI * HTTP/2",
            b"GET /",
        ] {
            assert_eq!(status(read), None, "{read:?}");
        }
    }

    #[test]
    fn a_refusal_is_a_whole_reply_with_every_header() {
        let reply = String::from_utf8(refusal(400, b"GET / HTTP/1.2\r\n\r\n")).unwrap();
        let (head, body) = reply.split_once("\r\n\r\n").unwrap();
        assert!(head.starts_with("HTTP/1.1 400 Bad Request\r\n"), "{head}");
        assert!(head.contains(&format!("\r\ncontent-length: {}\r\n", body.len())));
        assert!(head.contains("\r\nconnection: close\r\n"), "{head}");
        for (name, value) in SECURITY_HEADERS {
            assert!(head.contains(&format!("\r\n{name}: {value}")), "{name}");
        }
        let json: serde_json::Value = serde_json::from_str(body).unwrap();
        assert_eq!(json["error"], "the request is not HTTP/1.1 or HTTP/1.0");
    }
}
