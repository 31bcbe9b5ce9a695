//! How fast the classroom page's server answers ordinary requests while
//! hostile clients hold hundreds of connections, and how much memory that
//! takes.
//!
//! The server runs in this process on loopback. Ordinary requests (an
//! explanation, a board, a computer's move), each on a connection of its
//! own, are timed first on a quiet server, then while 300 connections are
//! held open that never finish a request: silent ones, ones that stop in
//! their headers (some after 60 KB of them) and ones that stop in their
//! body, with more arriving as the requests go on. `cargo bench --bench
//! load` prints the median (p50) and the 99th percentile (p99) of each, and
//! the process's resident memory at the start, at its peak and after the
//! held connections are let go. Under `cargo test --all-targets` it runs a
//! few requests, as a smoke test.

use std::io::Write;
use std::net::{SocketAddr, TcpStream};
use std::time::{Duration, Instant};

#[allow(dead_code)]
#[path = "../tests/common/http.rs"]
mod http;

const GAME: &str = r#"{"position": "3 5 7", "first": "me", "moves": [{"row": 1, "take": 1}, {"row": 2, "take": 1}]}"#;

/// Connections held open at once.
const HELD: usize = 300;

fn main() {
    let timing = std::env::args().any(|a| a == "--bench");
    let requests = if timing { 600 } else { 12 };
    let server = matchsticks::serve::Server::start("127.0.0.1:0".parse().unwrap())
        .expect("the server starts");
    let addr = server.addr();
    ordinary(addr, 0);
    let start = resident();

    let quiet = timed(addr, requests, |_| {});
    report("ordinary requests, quiet server", &quiet);

    let mut held: Vec<TcpStream> = (0..HELD).map(|kind| slow(addr, kind)).collect();
    let mut peak = resident();
    let loaded = timed(addr, requests, |n| {
        // Five more slow connections for every ten requests, so the server
        // keeps closing the ones that waited longest.
        if n % 10 == 0 {
            held.extend((0..5).map(|kind| slow(addr, n + kind)));
        }
        peak = peak.max(resident());
    });
    report(
        &format!("ordinary requests, {HELD} slow connections held"),
        &loaded,
    );
    drop(held);
    std::thread::sleep(Duration::from_millis(500));
    let after = resident();
    println!(
        "resident memory: {} at the start, {} at the peak, {} after",
        kb(start),
        kb(peak),
        kb(after)
    );
    server.stop().expect("the server stops");
}

/// Sends `count` ordinary requests one after the other, calling `between`
/// before each, and returns how long each took.
fn timed(addr: SocketAddr, count: usize, mut between: impl FnMut(usize)) -> Vec<Duration> {
    (0..count)
        .map(|n| {
            between(n);
            let started = Instant::now();
            ordinary(addr, n);
            started.elapsed()
        })
        .collect()
}

/// One ordinary request, of three kinds in turn, which must succeed.
fn ordinary(addr: SocketAddr, n: usize) {
    let reply = match n % 3 {
        0 => http::get(addr, "/api/explain?position=3,5,7"),
        1 => http::get(addr, "/page/board?position=21&take=1-3"),
        _ => http::post(addr, "/page/play", GAME),
    };
    assert_eq!(reply.status, 200, "{}", reply.body);
}

/// A connection that never finishes its request: silent, stopped in its
/// headers (short or 60 KB long), or stopped in its body.
fn slow(addr: SocketAddr, kind: usize) -> TcpStream {
    let mut stream = TcpStream::connect(addr).unwrap();
    let sent = match kind % 4 {
        0 => String::new(),
        1 => format!("GET / HTTP/1.1\r\nHost: {addr}\r\nUser-Ag"),
        2 => format!(
            "GET / HTTP/1.1\r\nHost: {addr}\r\nX-Padding: {}",
            "x".repeat(60 * 1024)
        ),
        _ => format!(
            "POST /page/play HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{{\"pos"
        ),
    };
    // The server may already have closed it to make room.
    let _ = stream.write_all(sent.as_bytes());
    stream
}

fn report(name: &str, times: &[Duration]) {
    let mut sorted = times.to_vec();
    sorted.sort();
    let at = |share: f64| sorted[((sorted.len() - 1) as f64 * share).round() as usize];
    println!(
        "{name:<56} p50 {:>9.2?}  p99 {:>9.2?}  max {:>9.2?}  ({} requests)",
        at(0.50),
        at(0.99),
        sorted[sorted.len() - 1],
        sorted.len()
    );
}

/// The process's resident memory in KB, where the system tells it.
fn resident() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

fn kb(amount: Option<u64>) -> String {
    match amount {
        Some(kb) => format!("{:.1} MB", kb as f64 / 1024.0),
        None => "unknown".to_string(),
    }
}
