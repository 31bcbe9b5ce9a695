//! How fast the classroom page's server answers ordinary requests while
//! hostile clients hold hundreds of connections, send the costliest
//! requests it accepts and send malformed ones, and how much memory that
//! takes.
//!
//! The server runs in this process on loopback. Ordinary requests (an
//! explanation, a board, a computer's move), each on a connection of its
//! own, are timed one after the other:
//!
//! - on a quiet server;
//! - while sixteen searches at the search's limit are sent at once, each
//!   of which is timed too;
//! - then, in each of several runs, while all at once 300 connections are
//!   held open that never finish a request (silent ones, ones that stop in
//!   their headers, some after 60 KB of them, and ones that stop in their
//!   body, with more arriving as the requests go on), eight clients keep
//!   sending the costliest requests the server accepts (a search, a game
//!   and a table at their limits, a pattern of takes that repeats late, a
//!   Chomp search at its limit, the biggest board and verdict the page
//!   draws), trying again 50 ms after a refusal, another keeps sending
//!   malformed requests, and every ten ordinary requests one more client
//!   asks for the biggest drawing and never reads it.
//!
//! `cargo bench --bench load` prints the median (p50) and the 99th
//! percentile (p99) of each, the ordinary requests that failed, what the
//! costly and the malformed requests got, and the process's resident memory
//! at the start, at its peak and 30 seconds after each run. Under `cargo
//! test --all-targets` it runs one short round with a smaller costly
//! request, as a smoke test.

use std::collections::BTreeMap;
use std::io::{ErrorKind, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

const GAME: &str = r#"{"position": "3 5 7", "first": "me", "moves": [{"row": 1, "take": 1}, {"row": 2, "take": 1}]}"#;

/// Connections held open at once.
const HELD: usize = 300;

/// Clients that keep sending costly requests, and the searches sent at
/// once in the burst.
const COSTLY_CLIENTS: usize = 8;
const BURST: usize = 16;

/// Thirty takes up to 915 whose pattern repeats only after tens of
/// thousands of row sizes.
const TAKES: &str = "3,30,65,97,121,138,215,262,273,389,400,444,457,461,484,500,508,583,\
                     623,668,713,780,781,783,786,808,822,856,868,915";

/// A search at the search's limit of moves.
const SEARCH: &str = "/api/explain?position=167,167,167&take=1-1000";

/// A request: its method, path and body.
#[derive(Clone)]
struct Asked {
    post: bool,
    path: String,
    body: String,
}

impl Asked {
    fn get(path: &str) -> Asked {
        Asked {
            post: false,
            path: path.to_string(),
            body: String::new(),
        }
    }

    fn post(path: &str, body: &str) -> Asked {
        Asked {
            post: true,
            path: path.to_string(),
            body: body.to_string(),
        }
    }

    fn bytes(&self, addr: SocketAddr) -> Vec<u8> {
        self.string(addr).into_bytes()
    }

    fn string(&self, addr: SocketAddr) -> String {
        let (method, kind) = match self.post {
            true => ("POST", "Content-Type: application/json\r\n"),
            false => ("GET", ""),
        };
        format!(
            "{method} {} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n{kind}\
             Content-Length: {}\r\n\r\n{}",
            self.path,
            self.body.len(),
            self.body
        )
    }
}

/// The costliest requests the server accepts, a few of each kind.
fn costly(timing: bool) -> Vec<Asked> {
    if !timing {
        // The smoke test's build is barely optimised: a smaller search.
        return vec![Asked::get("/api/chomp/explain?shape=10x10")];
    }
    let pattern = format!("/api/explain?position=100000,77777&normal=1&take={TAKES}");
    vec![
        Asked::get(SEARCH),
        Asked::post(
            "/page/play",
            r#"{"position": "167 167 167", "take": "1-1000", "first": "computer", "seed": 1}"#,
        ),
        Asked::get(&pattern),
        Asked::get("/api/chomp/explain?shape=11x11"),
        Asked::post(
            "/page/chomp/play",
            r#"{"shape": "11x11", "first": "computer", "seed": 1}"#,
        ),
        Asked::get("/page/table?position=30,30,30,30"),
        Asked::get(&biggest_drawing()),
    ]
}

/// The biggest position the page draws (153 rows of 64 groups), checked:
/// a reply of about 7 MB.
fn biggest_drawing() -> String {
    let rows = vec!["18446744073709551615"; 153].join(",");
    format!("/page/check?position={rows}&row=1&remove=1")
}

/// A connection that asks for the biggest drawing and never reads the
/// reply, which the server holds until it gives up on the client.
fn unread(addr: SocketAddr) -> Option<TcpStream> {
    let mut stream = TcpStream::connect(addr).ok()?;
    stream
        .write_all(Asked::get(&biggest_drawing()).string(addr).as_bytes())
        .ok()?;
    Some(stream)
}

fn main() {
    let timing = std::env::args().any(|a| a == "--bench");
    let requests = if timing { 600 } else { 12 };
    let runs = if timing { 5 } else { 1 };
    let settle = Duration::from_millis(if timing { 30_000 } else { 200 });
    let server = matchsticks::serve::Server::start("127.0.0.1:0".parse().unwrap())
        .expect("the server starts");
    let addr = server.addr();
    assert_eq!(ordinary(addr, 0), Ok(200));
    let start = resident();

    let quiet = timed(addr, requests, |_| {});
    report("ordinary requests, quiet server", &quiet);

    burst(addr, timing);

    for run in 1..=runs {
        let settled = load(addr, requests, timing, settle);
        println!(
            "run {run}: resident memory {} at the start, {} at the peak, {} {:?} after",
            kb(start),
            kb(settled.peak),
            kb(settled.after),
            settle
        );
        if !timing {
            assert_eq!(settled.failed, 0, "ordinary requests failed under load");
        }
    }
    server.stop().expect("the server stops");
}

/// Sends [`BURST`] costly requests at once and times each, and ordinary
/// requests one after another until they are all answered.
fn burst(addr: SocketAddr, timing: bool) {
    let asked = match timing {
        true => Asked::get(SEARCH),
        false => costly(false).remove(0),
    };
    let started = Instant::now();
    let sent: Vec<_> = (0..BURST)
        .map(|_| {
            let asked = asked.clone();
            thread::spawn(move || {
                let started = Instant::now();
                (fetch(addr, &asked.bytes(addr)), started.elapsed())
            })
        })
        .collect();
    let mut meanwhile = Vec::new();
    while sent.iter().any(|s| !s.is_finished()) && meanwhile.len() < 10_000 {
        let asked = Instant::now();
        assert_eq!(ordinary(addr, meanwhile.len()), Ok(200));
        meanwhile.push(asked.elapsed());
        thread::sleep(Duration::from_millis(5));
    }
    let answered: Vec<_> = sent.into_iter().map(|s| s.join().unwrap()).collect();
    let wall = started.elapsed();
    let mut by_status: BTreeMap<String, Vec<Duration>> = BTreeMap::new();
    for (status, took) in answered {
        let status = match status {
            Ok(status) => status.to_string(),
            Err(e) => format!("failed ({e})"),
        };
        by_status.entry(status).or_default().push(took);
    }
    println!(
        "{BURST} costly requests at once ({}), all answered in {wall:.2?}:",
        asked.path
    );
    for (status, mut times) in by_status {
        times.sort();
        println!(
            "  {status}: {:>2}, each in {:.2?} to {:.2?}",
            times.len(),
            times[0],
            times[times.len() - 1]
        );
    }
    if !meanwhile.is_empty() {
        report("ordinary requests meanwhile", &meanwhile);
    }
}

/// What one run of the load left.
struct Settled {
    peak: Option<u64>,
    after: Option<u64>,
    failed: usize,
}

/// Times `count` ordinary requests while slow connections are held and
/// costly and malformed requests arrive, all at once; then lets the load go
/// and waits `settle`.
fn load(addr: SocketAddr, count: usize, timing: bool, settle: Duration) -> Settled {
    let stop = Arc::new(AtomicBool::new(false));
    let peak = Arc::new(AtomicU64::new(resident().unwrap_or(0)));
    let sampler = {
        let (stop, peak) = (stop.clone(), peak.clone());
        thread::spawn(move || {
            while !stop.load(Ordering::Relaxed) {
                peak.fetch_max(resident().unwrap_or(0), Ordering::Relaxed);
                thread::sleep(Duration::from_millis(10));
            }
        })
    };
    let mut held: Vec<TcpStream> = (0..HELD).map(|kind| slow(addr, kind)).collect();
    let costly_got = Arc::new(Mutex::new(BTreeMap::<String, u64>::new()));
    let clients = if timing { COSTLY_CLIENTS } else { 2 };
    let senders: Vec<_> = (0..clients)
        .map(|client| {
            let (stop, got) = (stop.clone(), costly_got.clone());
            let asked = costly(timing);
            thread::spawn(move || {
                let mut n = client;
                while !stop.load(Ordering::Relaxed) {
                    let one = &asked[n % asked.len()];
                    n += 1;
                    let status = fetch(addr, &one.bytes(addr));
                    let name = match &status {
                        Ok(status) => status.to_string(),
                        Err(e) => format!("failed ({e})"),
                    };
                    *got.lock().unwrap().entry(name).or_default() += 1;
                    if status == Ok(503) {
                        thread::sleep(Duration::from_millis(50));
                    }
                }
            })
        })
        .collect();
    let malformed_got = Arc::new(Mutex::new(BTreeMap::<String, u64>::new()));
    let malformer = {
        let (stop, got) = (stop.clone(), malformed_got.clone());
        thread::spawn(move || {
            let cases = malformed(addr);
            let mut n = 0;
            while !stop.load(Ordering::Relaxed) {
                // Most leave the connection open for another request.
                let name = match exchange(addr, &cases[n % cases.len()], true) {
                    Ok(status) if (400..500).contains(&status) => "4xx".to_string(),
                    Ok(status) => status.to_string(),
                    Err(_) => "closed".to_string(),
                };
                *got.lock().unwrap().entry(name).or_default() += 1;
                n += 1;
            }
        })
    };
    let mut failed = 0;
    let mut times = Vec::with_capacity(count);
    for n in 0..count {
        // Five more slow connections for every ten requests, so the server
        // keeps closing the ones that waited longest.
        if n % 10 == 0 {
            held.extend((0..5).map(|kind| slow(addr, n + kind)));
            held.extend(unread(addr).filter(|_| timing));
        }
        let started = Instant::now();
        if ordinary(addr, n) != Ok(200) {
            failed += 1;
        }
        times.push(started.elapsed());
    }
    stop.store(true, Ordering::Relaxed);
    for sender in senders {
        sender.join().unwrap();
    }
    malformer.join().unwrap();
    sampler.join().unwrap();
    drop(held);
    report(
        &format!("ordinary requests, {HELD} slow, costly, malformed"),
        &times,
    );
    println!("  ordinary requests failed: {failed} of {count}");
    println!("  costly requests got: {:?}", costly_got.lock().unwrap());
    println!(
        "  malformed requests got: {:?}",
        malformed_got.lock().unwrap()
    );
    thread::sleep(settle);
    Settled {
        peak: Some(peak.load(Ordering::Relaxed)).filter(|&kb| kb > 0),
        after: resident(),
        failed,
    }
}

/// Sends `count` ordinary requests one after the other, calling `between`
/// before each, and returns how long each took.
fn timed(addr: SocketAddr, count: usize, mut between: impl FnMut(usize)) -> Vec<Duration> {
    (0..count)
        .map(|n| {
            between(n);
            let started = Instant::now();
            assert_eq!(ordinary(addr, n), Ok(200));
            started.elapsed()
        })
        .collect()
}

/// One ordinary request, of three kinds in turn: its status.
fn ordinary(addr: SocketAddr, n: usize) -> Result<u16, String> {
    let asked = match n % 3 {
        0 => Asked::get("/api/explain?position=3,5,7"),
        1 => Asked::get("/page/board?position=21&take=1-3"),
        _ => Asked::post("/page/play", GAME),
    };
    fetch(addr, &asked.bytes(addr))
}

/// Sends `bytes` on a connection of its own and reads the reply to its
/// end, waiting at most a minute: the reply's status, or why there was
/// none.
fn fetch(addr: SocketAddr, bytes: &[u8]) -> Result<u16, String> {
    exchange(addr, bytes, false)
}

/// Sends `bytes` on a connection of its own and reads the reply to its end,
/// or only to the end of its status line when `status_only`, waiting at
/// most a minute: the reply's status, or why there was none.
fn exchange(addr: SocketAddr, bytes: &[u8], status_only: bool) -> Result<u16, String> {
    let mut stream = TcpStream::connect(addr).map_err(|e| e.kind().to_string())?;
    stream
        .set_read_timeout(Some(Duration::from_secs(60)))
        .map_err(|e| e.to_string())?;
    // The server may close before all is written; what it says is read.
    let _ = stream.write_all(bytes);
    let mut reply = Vec::new();
    let mut buf = [0; 4096];
    while !(status_only && reply.windows(2).any(|w| w == b"\r\n")) {
        match stream.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => reply.extend_from_slice(&buf[..n]),
            Err(e) if e.kind() == ErrorKind::ConnectionReset => break,
            Err(e) => return Err(e.kind().to_string()),
        }
    }
    let text = String::from_utf8_lossy(&reply);
    text.strip_prefix("HTTP/1.1 ")
        .and_then(|rest| rest.get(..3))
        .and_then(|status| status.parse().ok())
        .ok_or_else(|| "no reply".to_string())
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

/// Requests no client should send, each refused with a status from 400 to
/// 499 (501 for a body in a coding the server does not read) or by closing
/// the connection.
fn malformed(addr: SocketAddr) -> Vec<Vec<u8>> {
    let json = "Content-Type: application/json\r\n";
    let post = |headers: &str, body: &str| {
        format!("POST /page/play HTTP/1.1\r\nHost: {addr}\r\n{headers}\r\n{body}")
    };
    let get = |target: &str, headers: &str| {
        format!("GET {target} HTTP/1.1\r\nHost: {addr}\r\n{headers}\r\n")
    };
    let long = format!("X-Long: {}\r\n", "x".repeat(70 * 1024));
    let taken_back = format!(r#"{{"position": "3 5 7", "taken_back": {}}}"#, u64::MAX);
    [
        "\u{1}\u{2}hello\r\n\r\n".to_string(),
        "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".to_string(),
        "GET /\r\n\r\n".to_string(),
        get("/", &long),
        post(&format!("{json}Content-Length: ten\r\n"), ""),
        post(
            &format!("{json}Transfer-Encoding: chunked\r\n"),
            "zz\r\n{}\r\n0\r\n\r\n",
        ),
        post(&format!("{json}Content-Length: 10000000\r\n"), "{"),
        post("Content-Type: text/plain\r\nContent-Length: 2\r\n", "{}"),
        "GET / HTTP/1.1\r\nHost: evil.example\r\n\r\n".to_string(),
        get("/", "Origin: http://evil.example\r\n"),
        post(&format!("{json}Content-Length: 5\r\n"), "{\"p\":"),
        get("/api/explain?position=%ff%fe", ""),
        Asked::post("/page/play", r#"{"position": "3 5 7", "shown": -1}"#).string(addr),
        Asked::post("/page/play", &taken_back).string(addr),
        get("/", "Host: evil.example\r\n"),
        "GET /api/explain?position=3 HTTP/1.1\r\n\r\n".to_string(),
        get("/api/explain?position=3&position=5", ""),
        post(
            &format!("{json}Transfer-Encoding: gzip, chunked\r\n"),
            "2\r\n{}\r\n0\r\n\r\n",
        ),
        get("/", "X: a\u{0}b\r\n"),
    ]
    .into_iter()
    .map(String::into_bytes)
    .collect()
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
