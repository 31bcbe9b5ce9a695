//! The classroom page's server against what a classroom network may send
//! it: requests from other sites and other names, bodies that are not
//! JSON or too big, connections that say nothing or stop halfway, hundreds
//! of them at once, and malformed requests. The router is called in this
//! process where no socket is needed; the rest talks to servers started in
//! this process on loopback. Every wait is bounded, in time and in count.

use crate::common;

use std::convert::Infallible;
use std::io::{ErrorKind, Read, Write};
use std::net::{Shutdown, SocketAddr, TcpStream};
use std::pin::Pin;
use std::process::Stdio;
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use axum::body::{Body, Bytes};
use axum::http::{Request, StatusCode, header};
use hyper::body::Frame;
use matchsticks::serve::connections::{
    BODY_TIMEOUT, HEADER_TIMEOUT, IDLE_TIMEOUT, MOST_CONNECTIONS, Timeouts,
};
use matchsticks::serve::guard::{ArrivedAt, POLICY, names};
use matchsticks::serve::head::LARGEST_HEAD;
use matchsticks::serve::{MOST_BODY_BYTES, Server, router};
use serde_json::Value;
use tower::ServiceExt;

/// A reply from the router: the status, the headers and the body.
struct Answer {
    status: StatusCode,
    headers: axum::http::HeaderMap,
    body: String,
}

impl Answer {
    fn error(&self) -> String {
        let json: Value = serde_json::from_str(&self.body).unwrap();
        json["error"].as_str().unwrap().to_string()
    }
}

/// Hands `request` to the router in this process, as a connection that
/// arrived at 127.0.0.1:8357 would, and waits at most ten seconds.
fn call(request: Request<Body>) -> Answer {
    call_at(request, "127.0.0.1:8357")
}

/// Hands `request` to the router as a connection that arrived at `at`
/// would.
fn call_at(mut request: Request<Body>, at: &str) -> Answer {
    request
        .extensions_mut()
        .insert(ArrivedAt(at.parse().unwrap()));
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        let answered = tokio::time::timeout(Duration::from_secs(10), router().oneshot(request));
        let response = answered
            .await
            .expect("answered within ten seconds")
            .unwrap();
        let (parts, body) = response.into_parts();
        let body = axum::body::to_bytes(body, usize::MAX).await.unwrap();
        Answer {
            status: parts.status,
            headers: parts.headers,
            body: String::from_utf8(body.to_vec()).unwrap(),
        }
    })
}

/// A request as the page sends it, from `localhost:8357`.
fn request(method: &str, path: &str) -> axum::http::request::Builder {
    Request::builder()
        .method(method)
        .uri(path)
        .header(header::HOST, "localhost:8357")
}

const GAME: &str = r#"{"position": "3 5 7", "first": "computer", "seed": 1}"#;

fn post_game(kind: Option<&str>) -> Answer {
    let mut builder = request("POST", "/page/play");
    if let Some(kind) = kind {
        builder = builder.header(header::CONTENT_TYPE, kind);
    }
    call(builder.body(Body::from(GAME)).unwrap())
}

#[test]
fn only_json_bodies_are_read() {
    for kind in ["application/json", "application/json; charset=utf-8"] {
        assert_eq!(post_game(Some(kind)).status, StatusCode::OK, "{kind}");
    }
    for kind in [
        Some("text/plain"),
        Some("text/plain; charset=utf-8"),
        Some("application/x-www-form-urlencoded"),
        Some("multipart/form-data; boundary=x"),
        None,
    ] {
        let refused = post_game(kind);
        assert_eq!(
            refused.status,
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "{kind:?}"
        );
        assert_eq!(
            refused.error(),
            "a request body must be sent as application/json"
        );
    }
}

#[test]
fn requests_from_other_sites_are_refused() {
    let from = |origin: &str, method: &str| {
        let builder = request(method, "/page/play")
            .header(header::ORIGIN, origin)
            .header(header::CONTENT_TYPE, "application/json");
        call(builder.body(Body::from(GAME)).unwrap()).status
    };
    assert_eq!(from("http://localhost:8357", "POST"), StatusCode::OK);
    assert_eq!(from("http://LOCALHOST:8357", "POST"), StatusCode::OK);
    for origin in [
        "http://evil.example",
        "http://evil.example:8357",
        "http://localhost:8358",
        "http://127.0.0.1:8357",
        "https://localhost:8357",
        "null",
    ] {
        assert_eq!(from(origin, "POST"), StatusCode::FORBIDDEN, "{origin}");
    }
    let foreign_get = call(
        request("GET", "/api/explain?position=3,5,7")
            .header(header::ORIGIN, "http://evil.example")
            .body(Body::empty())
            .unwrap(),
    );
    assert_eq!(foreign_get.status, StatusCode::FORBIDDEN);
    assert!(foreign_get.error().starts_with("requests from other sites"));
    // No Origin at all (curl, a script, these tests) is fine.
    assert_eq!(post_game(Some("application/json")).status, StatusCode::OK);
}

#[test]
fn only_this_computers_names_and_address_are_answered() {
    let at = |host: &str, arrived: &str| {
        let request = Request::get("/api/explain?position=3,5,7")
            .header(header::HOST, host)
            .body(Body::empty())
            .unwrap();
        let answer = call_at(request, arrived);
        (answer.status, answer.body)
    };
    let mut ours = vec![
        "localhost:8357".to_string(),
        "LOCALHOST:8357".to_string(),
        "127.0.0.1:8357".to_string(),
    ];
    ours.extend(names().iter().map(|name| format!("{name}:8357")));
    for host in &ours {
        assert_eq!(at(host, "127.0.0.1:8357").0, StatusCode::OK, "{host}");
    }
    // Without a port a host names port 80, where that is the port listened on.
    for host in ["localhost", "127.0.0.1", "localhost:80"] {
        assert_eq!(at(host, "127.0.0.1:80").0, StatusCode::OK, "{host}");
    }
    let wrong_host = "this server answers only to this computer's own names and addresses";
    let wrong_port = "this server answers only at the port it listens on";
    for (host, why) in [
        ("evil.example", wrong_host),
        ("evil.example:8357", wrong_host),
        ("localhost.evil.example", wrong_host),
        ("127.0.0.2:8357", wrong_host),
        ("192.168.1.5", wrong_host),
        ("[::1]:8357", wrong_host),
        ("user@localhost", wrong_host),
        ("", wrong_host),
        // The right computer at another port, or at no port that can be.
        ("localhost", wrong_port),
        ("127.0.0.1", wrong_port),
        ("localhost:8358", wrong_port),
        ("127.0.0.1:1", wrong_port),
        ("localhost:8357abc", wrong_port),
        ("localhost:18446744073709551615", wrong_port),
        ("localhost:", wrong_port),
        ("localhost:+8357", wrong_port),
    ] {
        let (status, body) = at(host, "127.0.0.1:8357");
        assert_eq!(status, StatusCode::FORBIDDEN, "{host}: {body}");
        assert!(body.contains(why), "{host}: {body}");
    }
    assert!(names().iter().any(|name| name == "localhost"));
    // A target in absolute form names its host too.
    let absolute = Request::get("http://evil.example/api/explain?position=3")
        .header(header::HOST, "localhost:8357")
        .body(Body::empty())
        .unwrap();
    assert_eq!(call(absolute).status, StatusCode::FORBIDDEN);
}

/// The headers that decide whether a request is let in are read once: given
/// twice, a reader that took the other one would decide differently, so
/// the request is refused. An HTTP/1.1 request must name its host, and a
/// request a browser says another site made is refused though it carries
/// no `Origin`.
#[test]
fn headers_that_decide_are_given_once() {
    let ours = "localhost:8357";
    let game = |headers: &[(&str, &str)]| {
        let mut builder = Request::post("/page/play");
        for &(name, value) in headers {
            builder = builder.header(name, value);
        }
        call(builder.body(Body::from(GAME)).unwrap())
    };
    let json = ("content-type", "application/json");
    type Headers<'a> = &'a [(&'a str, &'a str)];
    let twice = |name: &str| format!("the request has more than one '{name}' header: send one");
    let (hosts, origins, kinds) = (twice("host"), twice("origin"), twice("content-type"));
    let cases: &[(Headers, StatusCode, &str)] = &[
        (&[("host", ours), json], StatusCode::OK, ""),
        (
            &[("host", ours), ("host", "evil.example"), json],
            StatusCode::BAD_REQUEST,
            &hosts,
        ),
        (
            &[("host", ours), ("host", ours), json],
            StatusCode::BAD_REQUEST,
            &hosts,
        ),
        (
            &[json],
            StatusCode::BAD_REQUEST,
            "the request names no host: send a Host header, as every HTTP/1.1 request does",
        ),
        (
            &[
                ("host", ours),
                ("origin", "http://localhost:8357"),
                ("origin", "http://evil.example"),
                json,
            ],
            StatusCode::BAD_REQUEST,
            &origins,
        ),
        (
            &[("host", ours), json, ("content-type", "text/plain")],
            StatusCode::BAD_REQUEST,
            &kinds,
        ),
        (
            &[("host", ours), json, json],
            StatusCode::BAD_REQUEST,
            &kinds,
        ),
        (
            &[("host", ours), ("sec-fetch-site", "cross-site"), json],
            StatusCode::FORBIDDEN,
            "requests from other sites are refused: \
             open the page at the address matchsticks serve printed",
        ),
        (
            &[("host", ours), ("sec-fetch-site", "same-origin"), json],
            StatusCode::OK,
            "",
        ),
    ];
    for (headers, status, error) in cases {
        let answer = game(headers);
        assert_eq!(answer.status, *status, "{headers:?}: {}", answer.body);
        if !error.is_empty() {
            assert_eq!(answer.error(), *error, "{headers:?}");
        }
    }
    // HTTP/1.0 had no Host; a request in it may leave it out.
    let old = Request::get("/api/explain?position=3,5,7")
        .version(axum::http::Version::HTTP_10)
        .body(Body::empty())
        .unwrap();
    assert_eq!(call(old).status, StatusCode::OK);
}

/// A body is read only whole, with its length announced: one in chunks, or
/// in a coding this server does not read, is refused before any of it is
/// read, however big its chunks say they are.
#[test]
fn bodies_in_chunks_are_refused_before_they_are_read() {
    let chunked = |coding: &str| {
        let request = request("POST", "/page/play")
            .header(header::CONTENT_TYPE, "application/json")
            .header(header::TRANSFER_ENCODING, coding)
            .body(Body::new(Silent))
            .unwrap();
        call(request)
    };
    let why = "a request body must be sent whole, with its length (Content-Length), \
               not in chunks (Transfer-Encoding)";
    for (coding, status) in [
        ("chunked", StatusCode::LENGTH_REQUIRED),
        ("Chunked", StatusCode::LENGTH_REQUIRED),
        ("gzip, chunked", StatusCode::NOT_IMPLEMENTED),
        ("identity", StatusCode::NOT_IMPLEMENTED),
    ] {
        let answer = chunked(coding);
        assert_eq!(answer.status, status, "{coding}: {}", answer.body);
        assert_eq!(answer.error(), why, "{coding}");
    }
    // Over a socket, whatever the chunks say, the refusal comes at once.
    let server = Server::start("127.0.0.1:0".parse().unwrap()).unwrap();
    let addr = server.addr();
    let post = |headers: &str, body: &str| {
        format!(
            "POST /page/play HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n{headers}\r\n{body}"
        )
    };
    for (sent, status) in [
        (
            post("Transfer-Encoding: chunked\r\n", "ffffffffffffffff\r\nabc"),
            411,
        ),
        (
            post(
                "Transfer-Encoding: gzip, chunked\r\n",
                "2\r\n{}\r\n0\r\n\r\n",
            ),
            501,
        ),
        (
            post(
                "Transfer-Encoding: chunked\r\nContent-Length: 2\r\n",
                "2\r\n{}\r\n0\r\n\r\n",
            ),
            411,
        ),
        (
            post(
                "Content-Length: 2\r\nTransfer-Encoding: chunked\r\n",
                "2\r\n{}\r\n0\r\n\r\n",
            ),
            411,
        ),
    ] {
        let started = Instant::now();
        assert_eq!(
            exchange(addr, sent.as_bytes()),
            Heard::Status(status),
            "{sent}"
        );
        assert!(
            started.elapsed() < Duration::from_secs(1),
            "{sent}: {:?}",
            started.elapsed()
        );
    }
}

/// A body that never sends a byte.
struct Silent;

impl hyper::body::Body for Silent {
    type Data = Bytes;
    type Error = Infallible;

    fn poll_frame(
        self: Pin<&mut Self>,
        _: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, Infallible>>> {
        Poll::Pending
    }
}

#[test]
fn a_body_announced_over_the_cap_is_refused_before_it_is_read() {
    let refused = call(
        request("POST", "/page/play")
            .header(header::CONTENT_TYPE, "application/json")
            .header(header::CONTENT_LENGTH, "10000000")
            .body(Body::new(Silent))
            .unwrap(),
    );
    assert_eq!(refused.status, StatusCode::PAYLOAD_TOO_LARGE);
    assert_eq!(
        refused.error(),
        "the request is bigger than 65,536 bytes (64 KB), the most read"
    );
    // Over a socket: the reply comes while the body is still unsent.
    let server = Server::start("127.0.0.1:0".parse().unwrap()).unwrap();
    let addr = server.addr();
    let head = format!(
        "POST /page/play HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: 10000000\r\n\r\n{{\"position\""
    );
    let started = Instant::now();
    assert_eq!(exchange(addr, head.as_bytes()), Heard::Status(413));
    assert!(started.elapsed() < BODY_TIMEOUT, "{:?}", started.elapsed());
    assert_eq!(MOST_BODY_BYTES, 64 * 1024);
}

#[test]
fn every_reply_carries_the_security_headers() {
    let json = |body: &str| {
        request("POST", "/page/play")
            .header(header::CONTENT_TYPE, "application/json")
            .body(Body::from(body.to_string()))
            .unwrap()
    };
    let big = format!("{{\"pad\": \"{}\"}}", "x".repeat(MOST_BODY_BYTES));
    let cases: Vec<(Request<Body>, StatusCode)> = vec![
        (
            request("GET", "/").body(Body::empty()).unwrap(),
            StatusCode::OK,
        ),
        (
            request("GET", "/app.js").body(Body::empty()).unwrap(),
            StatusCode::OK,
        ),
        (
            request("GET", "/app.css").body(Body::empty()).unwrap(),
            StatusCode::OK,
        ),
        (
            request("GET", "/api/explain?position=3,5,7")
                .body(Body::empty())
                .unwrap(),
            StatusCode::OK,
        ),
        (
            request("GET", "/api/explain?position=3,x")
                .body(Body::empty())
                .unwrap(),
            StatusCode::BAD_REQUEST,
        ),
        (
            request("GET", "/nothing/here").body(Body::empty()).unwrap(),
            StatusCode::NOT_FOUND,
        ),
        (json(&big), StatusCode::PAYLOAD_TOO_LARGE),
        (
            request("POST", "/page/play")
                .body(Body::from(GAME))
                .unwrap(),
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
        ),
        (
            Request::get("/")
                .header(header::HOST, "evil.example")
                .body(Body::empty())
                .unwrap(),
            StatusCode::FORBIDDEN,
        ),
        (json("{}"), StatusCode::BAD_REQUEST),
        (
            request("POST", "/")
                .header(header::CONTENT_TYPE, "application/json")
                .body(Body::from("{}"))
                .unwrap(),
            StatusCode::METHOD_NOT_ALLOWED,
        ),
    ];
    for (request, status) in cases {
        let path = request.uri().to_string();
        let answer = call(request);
        assert_eq!(answer.status, status, "{path}: {}", answer.body);
        let header = |name| answer.headers.get(name).map(|v| v.to_str().unwrap());
        assert_eq!(
            header(header::X_CONTENT_TYPE_OPTIONS),
            Some("nosniff"),
            "{path}"
        );
        assert_eq!(
            header(header::CONTENT_SECURITY_POLICY),
            Some(POLICY),
            "{path}"
        );
        assert_eq!(header(header::X_FRAME_OPTIONS), Some("DENY"), "{path}");
        assert_eq!(
            header(header::REFERRER_POLICY),
            Some("no-referrer"),
            "{path}"
        );
    }
    for needed in ["default-src 'self'", "frame-ancestors 'none'"] {
        assert!(POLICY.contains(needed), "{needed}");
    }
    assert!(!POLICY.contains("unsafe"));
}

/// The policy allows no inline script or style, so the page must have
/// none: no `<script>` without `src`, no `<style>`, no `style` or `on…`
/// attributes, in the page's files or in the fragments the server sends.
#[test]
fn the_page_runs_under_its_policy() {
    fn inline(text: &str) -> Vec<String> {
        let lower = text.to_lowercase();
        let mut found = Vec::new();
        for (at, _) in lower.match_indices("<script") {
            let tag = &lower[at..at + lower[at..].find('>').unwrap_or(0)];
            if !tag.contains(" src=") {
                found.push(tag.to_string());
            }
        }
        if lower.contains("<style") {
            found.push("<style>".to_string());
        }
        for (at, _) in lower.match_indices(" style=") {
            found.push(lower[at..(at + 40).min(lower.len())].to_string());
        }
        let bytes = lower.as_bytes();
        for (at, _) in lower.match_indices(" on") {
            let name: String = lower[at + 1..]
                .chars()
                .take_while(char::is_ascii_alphabetic)
                .collect();
            if name.len() > 2 && bytes.get(at + 1 + name.len()) == Some(&b'=') {
                found.push(name);
            }
        }
        found
    }
    for asset in matchsticks::serve::assets::ASSETS {
        if asset.kind.starts_with("text/html") {
            assert_eq!(inline(asset.text), Vec::<String>::new(), "{}", asset.path);
        }
        for banned in [
            "eval(",
            "new Function",
            "setAttribute(\"style\"",
            ".innerHTML = `",
        ] {
            assert!(!asset.text.contains(banned), "{} uses {banned}", asset.path);
        }
    }
    for path in [
        "/page/explain?position=3,4,5",
        "/page/board?position=21&take=1-3",
        "/page/table?position=3,5",
        "/page/chomp/board?shape=4x5",
        "/page/chomp/explain?shape=3x3",
    ] {
        let answer = call(request("GET", path).body(Body::empty()).unwrap());
        assert_eq!(answer.status, StatusCode::OK, "{path}");
        assert_eq!(inline(&answer.body), Vec::<String>::new(), "{path}");
    }
}

/// The computer's random move on rows too big to list every take.
#[test]
fn the_computer_moves_at_random_on_huge_rows() {
    let largest = u64::MAX.to_string();
    let huge = [largest.as_str(); 3].join(" ");
    for rows in ["10000000000 10000000000 10000000000", huge.as_str()] {
        let body =
            format!(r#"{{"position":"{rows}","level":"beginner","first":"computer","seed":3}}"#);
        let answer = call(
            request("POST", "/page/play")
                .header(header::CONTENT_TYPE, "application/json")
                .body(Body::from(body))
                .unwrap(),
        );
        assert_eq!(answer.status, StatusCode::OK, "{}", answer.body);
        let json: Value = serde_json::from_str(&answer.body).unwrap();
        let moves = json["moves"].as_array().unwrap();
        assert_eq!(moves.len(), 1);
        assert_eq!(moves[0]["side"], "computer");
        assert_eq!(json["to_move"], "pupil");

        let mut args = vec!["play"];
        args.extend(rows.split(' '));
        args.extend(["--level", "beginner", "--first", "computer", "--seed", "3"]);
        let out = common::matchsticks()
            .args(&args)
            .stdin(Stdio::null())
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{stderr}");
        assert!(!stderr.contains("panicked"), "{stderr}");
        let stdout = String::from_utf8(out.stdout).unwrap();
        assert!(stdout.contains("The computer takes"), "{stdout}");
    }
}

#[cfg(target_os = "linux")]
#[test]
fn serve_stops_when_its_address_cannot_be_written() {
    let full = std::fs::File::create("/dev/full").unwrap();
    let mut child = common::matchsticks()
        .args(["serve", "--port", "0"])
        .stdout(full)
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if started.elapsed() > Duration::from_secs(20) {
            child.kill().unwrap();
            panic!("serve went on serving with nowhere to write its address");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    assert_eq!(status.code(), Some(2), "{stderr}");
    assert_eq!(
        stderr,
        "error: cannot write the output: No space left on device (os error 28)\n"
    );
}

/// What came back on a socket: a status line, or the connection closing
/// with no reply.
#[derive(Debug, PartialEq, Eq)]
enum Heard {
    Status(u16),
    Closed,
}

/// Sends `bytes` on a new connection and reads the status line of the
/// reply, waiting at most ten seconds.
fn exchange(addr: SocketAddr, bytes: &[u8]) -> Heard {
    let mut stream = TcpStream::connect(addr).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    // The server may close before all is written; what it says is read.
    let _ = stream.write_all(bytes);
    heard(&mut stream)
}

fn heard(stream: &mut TcpStream) -> Heard {
    let mut reply = Vec::new();
    let mut buf = [0; 1024];
    while !reply.windows(2).any(|w| w == b"\r\n") {
        match stream.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => reply.extend_from_slice(&buf[..n]),
            Err(e) if e.kind() == ErrorKind::ConnectionReset => break,
            Err(e) => panic!("no reply: {e}"),
        }
    }
    let text = String::from_utf8_lossy(&reply);
    match text.strip_prefix("HTTP/1.1 ") {
        Some(rest) => Heard::Status(rest[..3].parse().unwrap()),
        None if reply.is_empty() => Heard::Closed,
        None => panic!("not a reply: {text:?}"),
    }
}

/// How long the server takes to close `stream`, which must not be closed
/// sooner than `least`; at most thirty seconds are waited.
fn closed_after(stream: &mut TcpStream, started: Instant) -> Duration {
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    let mut buf = [0; 64];
    loop {
        match stream.read(&mut buf) {
            Ok(0) => return started.elapsed(),
            Ok(_) => continue,
            Err(e) if e.kind() == ErrorKind::ConnectionReset => return started.elapsed(),
            Err(e) => panic!("still open after {:?}: {e}", started.elapsed()),
        }
    }
}

#[test]
fn silent_and_half_sent_requests_are_closed_in_time() {
    // The server keeps these.
    assert_eq!(Timeouts::SERVED.idle, IDLE_TIMEOUT);
    assert_eq!(Timeouts::SERVED.header, HEADER_TIMEOUT);
    assert_eq!(Timeouts::SERVED.body, BODY_TIMEOUT);
    // Each shortened, so that the test waits three seconds, not ten, and
    // apart by more than the slack allowed, so that a connection held to
    // another phase's timeout shows.
    let timeouts = Timeouts {
        idle: Duration::from_secs(3),
        header: Duration::from_secs(1),
        body: Duration::from_secs(1),
        ..Timeouts::SERVED
    };
    let slack = Duration::from_secs(1);
    let server = Server::start_with("127.0.0.1:0".parse().unwrap(), timeouts).unwrap();
    let addr = server.addr();
    let head = format!("GET /api/explain?position=3,5,7 HTTP/1.1\r\nHost: {addr}\r\nAcc");
    let body = format!(
        "POST /page/play HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{{\"position\""
    );
    let kept_alive = format!("GET /app.css HTTP/1.1\r\nHost: {addr}\r\n\r\n");
    let cases: Vec<(&str, Option<String>, Duration)> = vec![
        ("silent", None, timeouts.idle),
        ("half-sent headers", Some(head), timeouts.header),
        ("half-sent body", Some(body), timeouts.body),
        ("kept alive after a reply", Some(kept_alive), timeouts.idle),
    ];
    let waits: Vec<_> = cases
        .into_iter()
        .map(|(what, sent, timeout)| {
            std::thread::spawn(move || {
                let mut stream = TcpStream::connect(addr).unwrap();
                let started = Instant::now();
                if let Some(sent) = sent {
                    stream.write_all(sent.as_bytes()).unwrap();
                }
                let took = closed_after(&mut stream, started);
                (what, took, timeout)
            })
        })
        .collect();
    for wait in waits {
        let (what, took, timeout) = wait.join().unwrap();
        assert!(
            took >= timeout - Duration::from_millis(100) && took < timeout + slack,
            "{what}: closed after {took:?}, not about {timeout:?}"
        );
    }
    assert!(HEADER_TIMEOUT <= Duration::from_secs(5));
    assert!(BODY_TIMEOUT <= Duration::from_secs(5));
}

/// Opens a connection that holds a place on the server without ever
/// finishing a request: `kind` says it says nothing, stops in its
/// headers, or stops in its body.
fn slow(addr: SocketAddr, kind: usize) -> TcpStream {
    let mut stream = TcpStream::connect(addr).unwrap();
    let sent = match kind % 3 {
        0 => String::new(),
        1 => format!("GET / HTTP/1.1\r\nHost: {addr}\r\nUser-Ag"),
        _ => format!(
            "POST /page/play HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{{\"pos"
        ),
    };
    stream.write_all(sent.as_bytes()).unwrap();
    stream
}

/// Requests no client should send, and what each gets: a status of 400 or
/// more and below 500, or the connection closed; never a hang.
fn malformed(addr: SocketAddr) -> Vec<(String, Vec<u8>)> {
    let long = "x".repeat(LARGEST_HEAD + 1);
    let mut cases: Vec<(&str, String)> = vec![
        ("not HTTP", "\u{1}\u{2}hello\r\n\r\n".to_string()),
        (
            "HTTP/2 preface",
            "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".to_string(),
        ),
        ("no version", "GET /\r\n\r\n".to_string()),
        (
            "a header too long",
            format!("GET / HTTP/1.1\r\nHost: {addr}\r\nX-Long: {long}\r\n\r\n"),
        ),
        (
            "a bad length",
            format!(
                "POST /page/play HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: ten\r\n\r\n"
            ),
        ),
        (
            "two lengths",
            format!(
                "POST /page/play HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{{}}"
            ),
        ),
        (
            "a bad chunk",
            format!(
                "POST /page/play HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{{}}\r\n0\r\n\r\n"
            ),
        ),
        (
            "a huge chunk",
            format!(
                "POST /page/play HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nffffffff\r\n{{"
            ),
        ),
        (
            "a body announced huge",
            format!(
                "POST /page/play HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: 10000000\r\n\r\n{{"
            ),
        ),
        (
            "text sent as a game",
            format!(
                "POST /page/play HTTP/1.1\r\nHost: {addr}\r\nContent-Type: text/plain\r\nContent-Length: 2\r\n\r\n{{}}"
            ),
        ),
        (
            "a foreign host",
            "GET / HTTP/1.1\r\nHost: evil.example\r\n\r\n".to_string(),
        ),
        (
            "a foreign origin",
            format!("GET / HTTP/1.1\r\nHost: {addr}\r\nOrigin: http://evil.example\r\n\r\n"),
        ),
        (
            "a foreign absolute target",
            format!("GET http://evil.example/ HTTP/1.1\r\nHost: {addr}\r\n\r\n"),
        ),
        (
            "a control byte in the path",
            format!("GET /\u{7f}x HTTP/1.1\r\nHost: {addr}\r\n\r\n"),
        ),
        (
            "bad JSON",
            format!(
                "POST /page/play HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: 5\r\n\r\n{{\"p\":"
            ),
        ),
        (
            "a bad query",
            format!("GET /api/explain?position=%ff%fe HTTP/1.1\r\nHost: {addr}\r\n\r\n"),
        ),
        (
            "two hosts",
            format!("GET / HTTP/1.1\r\nHost: {addr}\r\nHost: evil.example\r\n\r\n"),
        ),
        (
            "no host",
            "GET /api/explain?position=3 HTTP/1.1\r\n\r\n".to_string(),
        ),
        (
            "a parameter twice",
            format!("GET /api/explain?position=3&position=5 HTTP/1.1\r\nHost: {addr}\r\n\r\n"),
        ),
        (
            "a NUL in a header",
            format!("GET / HTTP/1.1\r\nHost: {addr}\r\nX: a\u{0}b\r\n\r\n"),
        ),
    ];
    cases
        .drain(..)
        .map(|(what, text)| (what.to_string(), text.into_bytes()))
        .collect()
}

/// Ordinary requests, each on a connection of its own, and the answer each
/// must get.
fn ordinary(addr: SocketAddr) -> Vec<(bool, &'static str, String)> {
    let paths = [
        (false, "/api/explain?position=3,5,7"),
        (false, "/page/board?position=21&take=1-3"),
        (false, "/app.js"),
        (true, "/page/play"),
    ];
    paths
        .iter()
        .map(|&(post, path)| {
            let reply = match post {
                false => common::http::get(addr, path),
                true => common::http::post(addr, path, GAME),
            };
            assert_eq!(reply.status, 200, "{path}");
            (post, path, reply.body)
        })
        .collect()
}

// Room for a class of sixty, each with a stream of events and a request,
// and still fewer than the descriptors a process is often allowed.
const _: () = assert!(120 <= MOST_CONNECTIONS && MOST_CONNECTIONS <= 250);

#[test]
fn ordinary_requests_are_answered_while_hostile_clients_hold_connections() {
    let server = Server::start("127.0.0.1:0".parse().unwrap()).unwrap();
    let addr = server.addr();
    let expected = ordinary(addr);
    let started = Instant::now();
    let mut held: Vec<TcpStream> = (0..300).map(|kind| slow(addr, kind)).collect();
    for round in 0..3 {
        for (what, bytes) in malformed(addr) {
            match exchange(addr, &bytes) {
                Heard::Closed => {}
                Heard::Status(status) => {
                    assert!((400..500).contains(&status), "{what}: {status}")
                }
            }
        }
        for (post, path, body) in &expected {
            let reply = match post {
                false => common::http::get(addr, path),
                true => common::http::post(addr, path, GAME),
            };
            assert_eq!(reply.status, 200, "{path}, round {round}");
            assert_eq!(&reply.body, body, "{path}, round {round}");
        }
        // More slow connections arrive between the rounds.
        held.extend((0..100).map(|kind| slow(addr, kind)));
    }
    assert!(started.elapsed() < Duration::from_secs(60));
    // Stopping closes at once the connections that wait on their clients.
    let stopping = Instant::now();
    server.stop().unwrap();
    assert!(
        stopping.elapsed() < Duration::from_secs(2),
        "{:?}",
        stopping.elapsed()
    );
    drop(held);
}

#[test]
fn the_connection_that_waited_longest_makes_room() {
    let server = Server::start("127.0.0.1:0".parse().unwrap()).unwrap();
    let addr = server.addr();
    let mut held: Vec<TcpStream> = Vec::new();
    for _ in 0..MOST_CONNECTIONS {
        held.push(TcpStream::connect(addr).unwrap());
        // Accepted in the order they came.
        std::thread::sleep(Duration::from_millis(1));
    }
    std::thread::sleep(Duration::from_millis(300));
    let reply = common::http::get(addr, "/api/explain?position=3,5,7");
    assert_eq!(reply.status, 200);
    // The oldest was closed to make room; the newest is still open.
    let started = Instant::now();
    let took = closed_after(&mut held[0], started);
    assert!(took < Duration::from_secs(2), "{took:?}");
    let newest = held.last_mut().unwrap();
    newest
        .set_read_timeout(Some(Duration::from_millis(200)))
        .unwrap();
    let still = newest.read(&mut [0; 8]);
    assert!(
        matches!(&still, Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut)),
        "{still:?}"
    );
    for stream in &held {
        let _ = stream.shutdown(Shutdown::Both);
    }
}

/// The binary, allowed few file descriptors, keeps answering while more
/// slow connections are held than it has descriptors for.
#[cfg(target_os = "linux")]
#[test]
fn a_server_short_of_descriptors_still_answers() {
    use std::io::BufRead;
    const _: () = assert!(256 + 50 > MOST_CONNECTIONS);
    for descriptors in [256, 96] {
        let child = std::process::Command::new("sh")
            .arg("-c")
            .arg(format!(
                "ulimit -n {descriptors} && exec \"$0\" serve --port 0"
            ))
            .arg(env!("CARGO_BIN_EXE_matchsticks"))
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let mut child = Stopped(child);
        let mut first = String::new();
        std::io::BufReader::new(child.0.stdout.as_mut().unwrap())
            .read_line(&mut first)
            .unwrap();
        let addr: SocketAddr = first
            .trim_end()
            .strip_prefix("http://")
            .unwrap_or_else(|| panic!("not an address: {first:?}"))
            .parse()
            .unwrap();
        // Fifty more than the descriptors: with 256, more than the most
        // connections too.
        let holding = descriptors + 50;
        let held: Vec<TcpStream> = (0..holding).map(|kind| slow(addr, kind)).collect();
        for _ in 0..10 {
            let reply = common::http::get(addr, "/api/explain?position=3,5,7");
            assert_eq!(reply.status, 200, "with {descriptors} descriptors");
        }
        drop(held);
    }
}

/// A child process, stopped when the test is done with it, passed or not.
struct Stopped(std::process::Child);

impl Drop for Stopped {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Expensive requests sent at once, more than the server takes on: those
/// past its places are refused at once with 503 and `Retry-After`, while
/// cheap requests are answered all along.
#[test]
fn expensive_requests_past_the_limit_are_refused_while_cheap_ones_answer() {
    // More than the most places a server has (three) and then some, so that
    // some are refused however many cores this computer has. Each asks of
    // the smallest bar the server counts as expensive, so that the places
    // are busy for under a second.
    const SENT: usize = 12;
    let server = Server::start("127.0.0.1:0".parse().unwrap()).unwrap();
    let addr = server.addr();
    let ready = std::sync::Arc::new(std::sync::Barrier::new(SENT + 1));
    let sent: Vec<_> = (0..SENT)
        .map(|_| {
            let ready = ready.clone();
            std::thread::spawn(move || {
                ready.wait();
                common::http::get(addr, "/api/chomp/explain?shape=10x10")
            })
        })
        .collect();
    ready.wait();
    let mut cheap = 0;
    let mut while_busy = 0;
    while sent.iter().any(|s| !s.is_finished()) && cheap < 1000 {
        let reply = common::http::get(addr, "/api/explain?position=3,5,7");
        assert_eq!(reply.status, 200, "{}", reply.body);
        assert_eq!(reply.json()["outcome"], "win");
        cheap += 1;
        while_busy += usize::from(sent.iter().any(|s| !s.is_finished()));
    }
    assert!(while_busy > 0, "no cheap request was answered meanwhile");
    let replies: Vec<_> = sent.into_iter().map(|s| s.join().unwrap()).collect();
    let (answered, refused): (Vec<_>, Vec<_>) = replies.iter().partition(|r| r.status == 200);
    let statuses: Vec<u16> = replies.iter().map(|r| r.status).collect();
    assert!(!answered.is_empty() && !refused.is_empty(), "{statuses:?}");
    for reply in answered {
        assert_eq!(reply.json()["outcome"], "win");
    }
    for reply in refused {
        assert_eq!(reply.status, 503, "{}", reply.body);
        assert_eq!(reply.headers["retry-after"], "1");
        let error = reply.error();
        let limit = " expensive requests, the most it takes on at once \
                     (one per core, at most 3): try again in a moment";
        assert!(
            error.starts_with("the server is already working out ") && error.ends_with(limit),
            "{error}"
        );
        assert!(!reply.body.trim_end().contains('\n'), "{}", reply.body);
    }
    // With the places free again, an expensive request is answered.
    let reply = common::http::get(addr, "/api/chomp/explain?shape=10x10");
    assert_eq!(reply.status, 200, "{}", reply.body);
}

/// An expensive question with a parameter its route does not know is
/// refused with 400 without taking one of the places for expensive
/// requests: while every place is busy it still gets 400, never 503.
#[test]
fn unknown_parameters_are_refused_before_they_take_a_place() {
    const SENT: usize = 8;
    let server = Server::start("127.0.0.1:0".parse().unwrap()).unwrap();
    let addr = server.addr();
    let ready = std::sync::Arc::new(std::sync::Barrier::new(SENT + 1));
    let sent: Vec<_> = (0..SENT)
        .map(|_| {
            let ready = ready.clone();
            std::thread::spawn(move || {
                ready.wait();
                common::http::get(addr, "/api/chomp/explain?shape=10x10")
            })
        })
        .collect();
    ready.wait();
    let unknown = [
        ("/api/chomp/explain?shape=11x11&bogus=1", "bogus"),
        ("/page/chomp/explain?shape=11x11&rows=3", "rows"),
        ("/api/chomp/check?shape=11x11&bite=1,2&xor=1", "xor"),
        ("/page/chomp/board?shape=11x11&bite=1,2", "bite"),
        ("/api/explain?position=150,150,150&brute_force=1&x=1", "x"),
        ("/page/table?position=30,30,30,30&rows=1", "rows"),
    ];
    let mut while_busy = 0;
    for round in 0..200 {
        if sent.iter().all(|s| s.is_finished()) {
            break;
        }
        let (path, name) = unknown[round % unknown.len()];
        let reply = common::http::get(addr, path);
        assert_eq!(reply.status, 400, "{path}: {}", reply.body);
        let error = reply.error();
        assert!(
            error.starts_with(&format!(
                "unknown parameter '{name}': the parameters here are "
            )),
            "{error}"
        );
        while_busy += usize::from(sent.iter().any(|s| !s.is_finished()));
    }
    assert!(
        while_busy > 0,
        "no request was refused while the places were busy"
    );
    let statuses: Vec<u16> = sent.into_iter().map(|s| s.join().unwrap().status).collect();
    assert!(
        statuses.contains(&503),
        "the places were never all taken: {statuses:?}"
    );
}

/// A game's help as the page sends it, for the review: each count is held
/// to what a game of its moves allows.
#[test]
fn the_help_a_game_says_it_had_is_held_to_what_the_game_allows() {
    let post = |path: &str, body: String| {
        call(
            request("POST", path)
                .header(header::CONTENT_TYPE, "application/json")
                .body(Body::from(body))
                .unwrap(),
        )
    };
    let nim = |help: &str| {
        let body = format!(
            r#"{{"position": "3 5 7", "first": "me", "seed": 1, "review": true,
                 "moves": [{{"row": 1, "take": 1}}] {help}}}"#
        );
        post("/page/play", body)
    };
    let chomp = |help: &str| {
        let body = format!(
            r#"{{"shape": "4x5", "first": "me", "seed": 1, "review": true,
                 "bites": [{{"row": 4, "column": 5}}] {help}}}"#
        );
        post("/page/chomp/play", body)
    };
    let most = u64::MAX;
    // With one move standing there are two turns, the first and one after
    // the move; a move taken back adds two more, the one it was taken back
    // at and the one after.
    let game = |taken_back: u64, turns: u64| {
        format!("a game of 1 {{move}} of yours, {taken_back} taken back, has {turns} turns")
    };
    let hints = |hints, taken_back, turns| {
        let game = game(taken_back, turns);
        let most = turns * 4;
        format!("'hints_used' is {hints}, but {game}, with at most 4 hints at each: {most} in all")
    };
    let shown = |shown, taken_back, turns| {
        let game = game(taken_back, turns);
        format!("'shown' is {shown}, but {game}, with the answer shown at most once at each")
    };
    let taken_back = |n| format!("'taken_back' is {n}, but a game may take back at most 10,000");
    let asked = |n| format!("'hints' is {n}, but a move has at most 4 hints");
    let refused = [
        (format!(r#", "hints": {most}"#), asked(most)),
        (r#", "hints": 5"#.to_string(), asked(5)),
        (format!(r#", "taken_back": {most}"#), taken_back(most)),
        (r#", "taken_back": 10001"#.to_string(), taken_back(10_001)),
        (format!(r#", "hints_used": {most}"#), hints(most, 0, 2)),
        (
            r#", "taken_back": 1, "hints_used": 17"#.to_string(),
            hints(17, 1, 4),
        ),
        (format!(r#", "shown": {most}"#), shown(most, 0, 2)),
        (
            r#", "taken_back": 1, "shown": 5"#.to_string(),
            shown(5, 1, 4),
        ),
    ];
    for (play, kind) in [(&nim as &dyn Fn(&str) -> Answer, "move"), (&chomp, "bite")] {
        for (help, error) in &refused {
            let answer = play(help);
            assert_eq!(
                answer.status,
                StatusCode::BAD_REQUEST,
                "{help}: {}",
                answer.body
            );
            assert_eq!(answer.error(), error.replace("{move}", kind), "{help}");
            assert!(!answer.body.trim_end().contains('\n'), "{}", answer.body);
        }
        // At the most a game allows, and left out, the help is counted.
        let answer = play(r#", "taken_back": 1, "hints_used": 16, "shown": 4, "hints": 4"#);
        assert_eq!(answer.status, StatusCode::OK, "{}", answer.body);
        let json: Value = serde_json::from_str(&answer.body).unwrap();
        assert_eq!(json["hints"].as_array().unwrap().len(), 4);
        let review = json["review"].as_str().unwrap();
        assert!(
            review.contains(&format!("You took back 1 {kind}.")),
            "{review}"
        );
        assert!(
            review.contains("You asked for 16 hints and saw the answer four times."),
            "{review}"
        );
        let answer = play("");
        assert_eq!(answer.status, StatusCode::OK, "{}", answer.body);
    }
}

/// A query parameter given twice could mean either value: it is refused by
/// name on every route that reads a query, as a JSON body's field given
/// twice is, and never taken as the last or the first.
#[test]
fn a_parameter_given_twice_is_refused_by_name() {
    let cases = [
        ("/api/explain?position=3&position=5", "position"),
        ("/api/explain?position=3,5,7&xor=1&xor=0", "xor"),
        ("/api/check?position=3,5,7&row=1&remove=1&row=2", "row"),
        ("/api/table?position=3,5&losing=1&losing=1", "losing"),
        ("/api/chomp/explain?shape=4x5&shape=2x2", "shape"),
        ("/api/chomp/check?shape=4x5&bite=2,3&bite=1,1", "bite"),
        ("/page/explain?position=3,4,5&take=1-3&take=1-2", "take"),
        ("/page/board?position=21&normal=1&normal=1", "normal"),
        ("/page/check?position=3,5,7&to=2,5,7&to=3,4,7", "to"),
        ("/page/table?position=3,5&position=3,5", "position"),
        ("/page/worksheet?kind=can-you-win&seed=1&seed=2", "seed"),
        ("/page/lesson?name=copy-cat&name=copy-cat", "name"),
        // Refused at once, so never expensive.
        (
            "/api/explain?position=150,150,150&brute_force=1&brute_force=1",
            "brute_force",
        ),
    ];
    for (path, name) in cases {
        let answer = call(request("GET", path).body(Body::empty()).unwrap());
        assert_eq!(
            answer.status,
            StatusCode::BAD_REQUEST,
            "{path}: {}",
            answer.body
        );
        assert_eq!(
            answer.error(),
            format!("the parameter '{name}' is given more than once: give it once"),
            "{path}"
        );
    }
    // Each once is fine, in any order.
    let once = call(
        request("GET", "/api/explain?xor=1&position=3,5,7")
            .body(Body::empty())
            .unwrap(),
    );
    assert_eq!(once.status, StatusCode::OK, "{}", once.body);
}

/// The page holds every drawing of a position to one limit, of its rows
/// and groups, whatever the drawing is for: a board to click of more rows
/// than a game may have is drawn when it is within it, and a position past
/// it is refused on every route that draws, before anything is worked out.
#[test]
fn every_drawing_on_the_page_is_held_to_one_limit() {
    let rows = |n: usize| vec!["7"; n].join(",");
    // A row of 7 sticks is drawn as a row and three groups.
    for path in [
        format!("/page/board?position={}", rows(3100)),
        format!("/page/check?position={}&to=6,{}", rows(3100), rows(3099)),
        format!("/page/explain?position={}", rows(3100)),
    ] {
        let answer = call(request("GET", &path).body(Body::empty()).unwrap());
        assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{}", answer.body);
        assert_eq!(
            answer.error(),
            "the page draws at most 10,000 rows and groups of a position, and this one has \
             12,400: use fewer or smaller rows, or the command line"
        );
    }
    for path in [
        format!("/page/board?position={}", rows(100)),
        format!("/page/check?position={}&row=1&remove=1", rows(100)),
        format!("/page/board?position={}", rows(101)),
        format!("/page/check?position={}&row=1&remove=1", rows(101)),
        format!("/page/explain?position={}", rows(2500)),
    ] {
        let answer = call(request("GET", &path).body(Body::empty()).unwrap());
        assert_eq!(answer.status, StatusCode::OK, "{}", answer.body);
    }
}

/// Requests hyper cannot read are refused before any route sees them; the
/// refusal is still a whole reply, with the headers every reply carries
/// and `{"error": ...}` saying what could not be read, and a body
/// announced over the cap gets 413 however long its length is written.
#[test]
fn requests_that_cannot_be_read_are_refused_in_words_with_every_header() {
    let server = Server::start("127.0.0.1:0".parse().unwrap()).unwrap();
    let addr = server.addr();
    let post = |headers: &str| {
        format!(
            "POST /page/play HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n{headers}\r\n{{}}"
        )
    };
    let many = "X-A: b\r\n".repeat(101);
    let cases: Vec<(String, u16, &str)> = vec![
        // Neither waits for the head's deadline: no head is coming.
        ("\r\n\r\n".to_string(), 400, "the request's line is empty"),
        (
            "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".to_string(),
            400,
            "this server speaks HTTP/1.1, not HTTP/2",
        ),
        (
            "\u{16}\u{3}\u{1}\u{2}\0\u{1}\r\n\r\n".to_string(),
            400,
            "the request's method or address could not be read",
        ),
        (
            format!("GET /\u{1b}[2J HTTP/1.1\r\nHost: {addr}\r\n\r\n"),
            400,
            "the request's method or address could not be read",
        ),
        (
            format!("GET / HTTP/1.2\r\nHost: {addr}\r\n\r\n"),
            400,
            "the request is not HTTP/1.1 or HTTP/1.0",
        ),
        (
            format!("GET / HTTP/1.1\r\nHost: {addr}\r\nX: a\r\n b\r\n\r\n"),
            400,
            "a header of the request could not be read",
        ),
        (
            format!("GET / HTTP/1.1\r\nHost: {addr}\r\nX: a\0b\r\n\r\n"),
            400,
            "a header of the request could not be read",
        ),
        (
            format!("GET / HTTP/1.1\r\nHost: {addr}\r\nX\r\n\r\n"),
            400,
            "a header of the request could not be read",
        ),
        (
            format!("GET / HTTP/1.1\r\nHost: {addr}\r\n{many}\r\n"),
            431,
            "the request has more than 100 headers, the most read",
        ),
        (
            format!(
                "GET / HTTP/1.1\r\nHost: {addr}\r\nX-Long: {}\r\n\r\n",
                "x".repeat(LARGEST_HEAD)
            ),
            431,
            "the request's line and headers are longer than 65,536 bytes (64 KB), the most read",
        ),
        (
            post("Content-Length: ten\r\n"),
            400,
            "the request's length (Content-Length) is not a whole number of bytes",
        ),
        (
            post("Content-Length: 2\r\nContent-Length: 3\r\n"),
            400,
            "the request gives two different lengths (Content-Length)",
        ),
        (
            post("Content-Length: 18446744073709551615\r\n"),
            413,
            "the request is bigger than 65,536 bytes (64 KB), the most read",
        ),
        (
            post("Content-Length: 99999999999999999999999\r\n"),
            413,
            "the request is bigger than 65,536 bytes (64 KB), the most read",
        ),
        (
            post("Transfer-Encoding: identity\r\nContent-Length: 2\r\n"),
            501,
            "a request body must be sent whole, with its length (Content-Length), \
             not in chunks (Transfer-Encoding)",
        ),
    ];
    for (sent, status, error) in cases {
        let what = format!("{:?}", &sent[..sent.len().min(60)]);
        let started = Instant::now();
        let reply = whole_reply(addr, sent.as_bytes());
        assert!(
            started.elapsed() < HEADER_TIMEOUT,
            "{what}: {:?}",
            started.elapsed()
        );
        assert_eq!(reply.status, status, "{what}: {}", reply.body);
        assert_eq!(reply.error(), error, "{what}");
        assert_eq!(reply.headers["content-type"], "application/json", "{what}");
        assert_secured(&reply, &what);
        assert_eq!(reply.headers["connection"], "close", "{what}");
    }
    // A request read well after one that was not is answered as ever.
    let reply = common::http::get(addr, "/api/explain?position=3,5,7");
    assert_eq!(reply.status, 200, "{}", reply.body);
}

/// Sends `bytes` on a new connection, the server maybe closing before all
/// are written, and reads the whole reply within ten seconds.
fn whole_reply(addr: SocketAddr, bytes: &[u8]) -> common::http::Reply {
    let mut stream = TcpStream::connect(addr).unwrap();
    let _ = stream.write_all(bytes);
    read_reply(&mut stream)
}

/// A body refused before it is read may still be arriving when the refusal
/// is sent. The server reads and drops what follows for a while before it
/// closes, so that its client, still sending, reads the refusal and the
/// end of the connection rather than a reset.
#[test]
fn a_body_refused_unread_is_let_arrive_so_the_refusal_is_read() {
    let server = Server::start("127.0.0.1:0".parse().unwrap()).unwrap();
    let addr = server.addr();
    let mut stream = TcpStream::connect(addr).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    let head = format!(
        "POST /page/play HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: 1000000\r\n\r\n"
    );
    stream.write_all(head.as_bytes()).unwrap();
    assert_eq!(heard(&mut stream), Heard::Status(413));
    // The client goes on sending its body after the refusal has come.
    let piece = vec![b' '; 64 * 1024];
    for sent in 0..10 {
        std::thread::sleep(Duration::from_millis(20));
        if let Err(e) = stream.write_all(&piece) {
            panic!("the connection was cut after {sent} pieces: {e}");
        }
    }
    stream.shutdown(Shutdown::Write).unwrap();
    let mut rest = Vec::new();
    let ended = stream.read_to_end(&mut rest);
    assert!(ended.is_ok(), "{ended:?}");
}

/// Reads all a connection says until it closes, waiting at most ten
/// seconds: the status, the headers (names in lower case) and the body. A
/// reset fails: the server lets what its client still sends arrive before
/// it closes.
fn read_reply(stream: &mut TcpStream) -> common::http::Reply {
    read_rest(stream, Vec::new())
}

/// [`read_reply`], after the first bytes of it, `raw`, were read.
fn read_rest(stream: &mut TcpStream, mut raw: Vec<u8>) -> common::http::Reply {
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    if let Err(e) = stream.read_to_end(&mut raw) {
        panic!("no whole reply: {e}");
    }
    let raw = String::from_utf8(raw).unwrap();
    let (head, body) = raw
        .split_once("\r\n\r\n")
        .unwrap_or_else(|| panic!("{raw:?}"));
    let mut lines = head.lines();
    let status = lines.next().unwrap()[9..12].parse().unwrap();
    let headers = lines
        .filter_map(|l| l.split_once(": "))
        .map(|(k, v)| (k.to_ascii_lowercase(), v.to_string()))
        .collect();
    common::http::Reply {
        status,
        headers,
        body: body.to_string(),
    }
}

/// The headers every reply carries, on a reply read from a socket.
fn assert_secured(reply: &common::http::Reply, what: &str) {
    let header = |name: &str| reply.headers.get(name).map(String::as_str);
    assert_eq!(header("x-content-type-options"), Some("nosniff"), "{what}");
    assert_eq!(header("content-security-policy"), Some(POLICY), "{what}");
    assert_eq!(header("x-frame-options"), Some("DENY"), "{what}");
    assert_eq!(header("referrer-policy"), Some("no-referrer"), "{what}");
}

/// Two readers of one request (a proxy, the server) must see the same
/// request: a header the guard reads may not be given twice, a request
/// must name its host and the port it reached, and its body is framed by
/// its length alone, never in chunks, with or without a length. Query
/// parameters may not be given twice either.
#[test]
fn a_request_must_say_each_thing_once_and_plainly() {
    let game = |more: &[(&str, &str)]| {
        let mut builder = request("POST", "/page/play");
        for (name, value) in more {
            builder = builder.header(*name, *value);
        }
        call(builder.body(Body::from(GAME)).unwrap())
    };
    let json = ("content-type", "application/json");
    let here = "http://localhost:8357";
    let twice = |name: &str| format!("the request has more than one '{name}' header: send one");
    let chunks = "a request body must be sent whole, with its length (Content-Length), \
                  not in chunks (Transfer-Encoding)";
    let cases: Vec<(Answer, StatusCode, String)> = vec![
        (game(&[json]), StatusCode::OK, String::new()),
        (
            game(&[json, ("host", "evil.example")]),
            StatusCode::BAD_REQUEST,
            twice("host"),
        ),
        (
            game(&[json, ("origin", here), ("origin", "http://evil.example")]),
            StatusCode::BAD_REQUEST,
            twice("origin"),
        ),
        (
            game(&[json, ("content-type", "text/plain")]),
            StatusCode::BAD_REQUEST,
            twice("content-type"),
        ),
        (
            game(&[json, ("content-length", "39"), ("content-length", "39")]),
            StatusCode::BAD_REQUEST,
            twice("content-length"),
        ),
        (
            game(&[json, ("transfer-encoding", "gzip, chunked")]),
            StatusCode::NOT_IMPLEMENTED,
            chunks.to_string(),
        ),
        (
            game(&[
                json,
                ("transfer-encoding", "chunked"),
                ("content-length", "39"),
            ]),
            StatusCode::LENGTH_REQUIRED,
            chunks.to_string(),
        ),
    ];
    for (i, (answer, status, error)) in cases.into_iter().enumerate() {
        assert_eq!(answer.status, status, "case {i}: {}", answer.body);
        if !error.is_empty() {
            assert_eq!(answer.error(), error, "case {i}");
        }
        assert_eq!(answer.headers[header::X_FRAME_OPTIONS], "DENY", "case {i}");
    }
    // A request over a connection names its host, with a port that is one.
    let at = |host: Option<&str>| {
        let mut builder = Request::get("/api/explain?position=3");
        if let Some(host) = host {
            builder = builder.header(header::HOST, host);
        }
        call(builder.body(Body::empty()).unwrap())
    };
    let nameless = at(None);
    assert_eq!(nameless.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        nameless.error(),
        "the request names no host: send a Host header, as every HTTP/1.1 request does"
    );
    for host in [
        "localhost:8357abc",
        "localhost:99999",
        "localhost:18446744073709551615",
        "localhost:",
    ] {
        assert_eq!(at(Some(host)).status, StatusCode::FORBIDDEN, "{host}");
    }
    // Another port on this computer is another server.
    assert_eq!(at(Some("localhost:9000")).status, StatusCode::FORBIDDEN);
    let doubled = call(
        request("GET", "/api/explain?position=3&position=5")
            .body(Body::empty())
            .unwrap(),
    );
    assert_eq!(doubled.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        doubled.error(),
        "the parameter 'position' is given more than once: give it once"
    );
}

/// The page draws a position of at most `LARGEST_DRAWING` rows and groups:
/// a bigger one would make a reply of tens of megabytes. The command
/// line's JSON, much smaller, takes it.
#[test]
fn the_page_draws_positions_within_its_limit() {
    let rows = |n: usize| vec!["18446744073709551615"; n].join(",");
    // 153 rows of 64 groups are 9,945 rows and groups; 154 are 10,010.
    for path in ["/page/explain", "/page/board", "/page/check"] {
        let query = |n| match path {
            "/page/check" => format!("{path}?position={}&row=1&remove=1", rows(n)),
            _ => format!("{path}?position={}", rows(n)),
        };
        let drawn = call(request("GET", &query(153)).body(Body::empty()).unwrap());
        assert_eq!(drawn.status, StatusCode::OK, "{path}: {}", drawn.error());
        let refused = call(request("GET", &query(154)).body(Body::empty()).unwrap());
        assert_eq!(refused.status, StatusCode::BAD_REQUEST, "{path}");
        assert_eq!(
            refused.error(),
            "the page draws at most 10,000 rows and groups of a position, and this one has \
             10,010: use fewer or smaller rows, or the command line",
            "{path}"
        );
    }
    let api = format!("/api/explain?position={}", rows(1000));
    assert_eq!(
        call(request("GET", &api).body(Body::empty()).unwrap()).status,
        StatusCode::OK
    );
}

/// Replies wait in memory until their clients read them. Clients that ask
/// for big replies and never read them fill the room for big replies, and
/// then one more gets 503 at once, never queued, while small replies are
/// answered all along; once they go, big replies are sent again, whole.
#[test]
fn big_replies_left_unread_are_held_within_their_limit() {
    let server = Server::start("127.0.0.1:0".parse().unwrap()).unwrap();
    let addr = server.addr();
    // About six megabytes of HTML, more than the sockets' buffers hold,
    // and near the longest reply the page makes.
    let path = format!(
        "/page/check?position={}&row=1&remove=1",
        vec!["18446744073709551615"; 150].join(",")
    );
    let big = format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
    let held = "the server is already sending 33,554,432 bytes (32 MiB) of long replies, the \
                most it holds at once: try again in a moment";
    let mut unread = Vec::new();
    let mut refused = None;
    for _ in 0..100 {
        let mut stream = TcpStream::connect(addr).unwrap();
        stream.write_all(big.as_bytes()).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(10)))
            .unwrap();
        let mut status = vec![0; 12];
        stream.read_exact(&mut status).unwrap();
        match &status[..] {
            // Sent, and left unread.
            b"HTTP/1.1 200" => unread.push(stream),
            b"HTTP/1.1 503" => {
                let reply = read_rest(&mut stream, status);
                if reply.error() == held {
                    refused = Some(reply);
                    break;
                }
                // Every place for an expensive request was busy: again.
                std::thread::sleep(Duration::from_millis(20));
            }
            other => panic!("{}", String::from_utf8_lossy(other)),
        }
        // Small replies are always answered.
        let small = common::http::get(addr, "/api/explain?position=3,5,7");
        assert_eq!(small.status, 200);
    }
    let reply = refused.expect("the room for big replies never filled");
    assert!(unread.len() >= 2, "{} sent", unread.len());
    assert_eq!(reply.headers["retry-after"], "1");
    assert_secured(&reply, "held");
    let small = common::http::get(addr, "/page/board?position=3,5,7");
    assert_eq!(small.status, 200, "{}", small.body);
    // Once the clients go, the room is free again, and a big reply is read
    // whole.
    drop(unread);
    let mut again = None;
    for _ in 0..100 {
        let reply = common::http::get(addr, &path);
        if reply.status == 200 {
            again = Some(reply);
            break;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let again = again.expect("no big reply after the clients went");
    assert!(again.body.len() > 5_000_000, "{}", again.body.len());
    assert_eq!(again.json()["legal"], true);
}
