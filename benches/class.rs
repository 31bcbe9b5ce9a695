//! How a class (`serve --class`) keeps up with a full room: sixty pupils,
//! each listening to the class's events and answering as fast as the limit
//! on each pupil allows (three at once, then two a second), while the
//! teacher sets a new task every ten seconds; and how much memory a class
//! of sixty pupils through its five hundred tasks keeps.
//!
//! The server runs in this process on loopback. `cargo bench --bench
//! class` runs for 30 seconds (`-- --seconds N` for another length) and
//! prints:
//!
//! - the median (p50) and the 99th percentile (p99) of an answer's time,
//!   from connecting to the last byte of the reply, and the answers refused
//!   (429) or failed;
//! - for each task set, the time from the teacher's request to the moment
//!   the last of the sixty pupils' streams has the new task;
//! - the process's resident memory at the start, at its peak and after;
//! - then, in memory only (no network, time made up so no pupil is ever
//!   over the limit), the memory a class of sixty pupils keeps once each
//!   has answered each of the class's 500 tasks, with a hint each.
//!
//! The class in memory is filled first, while the process is fresh; `--
//! --only fill` or `-- --only room` runs one part alone, so that the busy
//! room's memory is measured from a fresh start too. Under `cargo test
//! --all-targets` it runs for a second and fills a few tasks, as a
//! smoke test.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use matchsticks::class::Class;
use matchsticks::class::task::{Asked, Task};
use matchsticks::serve::Server;
use serde_json::{Value, json};

/// Pupils in the class: as many as a class may have.
const PUPILS: usize = 60;

/// How often the teacher sets a new task.
const TASK_EVERY: Duration = Duration::from_secs(10);

/// The time between a pupil's answers once the first three are sent.
const PACE: Duration = Duration::from_millis(500);

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let timing = args.iter().any(|a| a == "--bench");
    let seconds = args
        .iter()
        .position(|a| a == "--seconds")
        .and_then(|at| args.get(at + 1))
        .map(|s| s.parse::<u64>().expect("--seconds takes a whole number"))
        .unwrap_or(if timing { 30 } else { 1 });
    let settle = Duration::from_millis(if timing { 10_000 } else { 200 });
    let only = args
        .iter()
        .position(|a| a == "--only")
        .and_then(|at| args.get(at + 1))
        .map(String::as_str);
    // The class in memory first, while the process is fresh, so that its
    // memory is not hidden in what the busy room freed.
    if only != Some("room") {
        filled(if timing { 500 } else { 5 });
    }
    if only != Some("fill") {
        room(Duration::from_secs(seconds), settle);
    }
}

/// Sixty pupils answering over HTTP for `length`.
fn room(length: Duration, settle: Duration) {
    let start_memory = resident();
    let server = Server::start_class("127.0.0.1:0".parse().unwrap()).expect("the class opens");
    let addr = server.addr();
    let key = server.teacher_key().unwrap().to_string();
    let code = server.class_code().unwrap().to_string();
    let peak = Arc::new(AtomicU64::new(start_memory.unwrap_or(0)));
    let done = Arc::new(AtomicBool::new(false));
    let sampler = {
        let (peak, done) = (peak.clone(), done.clone());
        thread::spawn(move || {
            while !done.load(Ordering::Relaxed) {
                if let Some(now) = resident() {
                    peak.fetch_max(now, Ordering::Relaxed);
                }
                thread::sleep(Duration::from_millis(50));
            }
        })
    };

    // Every pupil joins and listens; each stream notes when each task
    // reached it.
    let arrivals: Arc<Mutex<Vec<(u64, Instant)>>> = Arc::default();
    let current = Arc::new(AtomicU64::new(0));
    let tokens: Vec<String> = (0..PUPILS)
        .map(|i| {
            let body = json!({ "code": code, "name": format!("pupil {i}") }).to_string();
            let reply = exchange(addr, "POST", "/api/class/join", &[], Some(&body)).unwrap();
            assert_eq!(reply.0, 200, "{}", reply.1);
            let joined: Value = serde_json::from_str(&reply.1).unwrap();
            joined["pupil"].as_str().unwrap().to_string()
        })
        .collect();
    let listening: Vec<_> = tokens
        .iter()
        .map(|token| listen(addr, token, arrivals.clone(), current.clone(), done.clone()))
        .collect();
    let set_task = || {
        let task = json!({ "kind": "move", "position": "3 5 7", "tries": "until-right" });
        let key = [("X-Teacher", key.as_str())];
        let at = Instant::now();
        let reply = exchange(
            addr,
            "POST",
            "/api/class/task",
            &key,
            Some(&task.to_string()),
        );
        let reply = reply.expect("the task is set");
        assert_eq!(reply.0, 200, "{}", reply.1);
        let id = serde_json::from_str::<Value>(&reply.1).unwrap()["id"]
            .as_u64()
            .unwrap();
        (id, at)
    };
    let mut sets = vec![set_task()];
    let begun = Instant::now();
    let times: Arc<Mutex<Vec<Duration>>> = Arc::default();
    let refused = Arc::new(AtomicU64::new(0));
    let failed = Arc::new(AtomicU64::new(0));
    let answering: Vec<_> = tokens
        .iter()
        .map(|token| {
            let (token, current) = (token.clone(), current.clone());
            let (times, refused, failed) = (times.clone(), refused.clone(), failed.clone());
            thread::spawn(move || {
                let mut next = begun;
                let mut sent = 0u32;
                while begun.elapsed() < length {
                    thread::sleep(next.saturating_duration_since(Instant::now()));
                    let task = current.load(Ordering::Relaxed);
                    if task == 0 {
                        next = Instant::now() + Duration::from_millis(10);
                        continue;
                    }
                    let answer = json!({ "task": task, "to": [3, 5, 5] }).to_string();
                    let pupil = [("X-Pupil", token.as_str())];
                    let at = Instant::now();
                    match exchange(addr, "POST", "/api/class/answer", &pupil, Some(&answer)) {
                        Ok((200, _)) => times.lock().unwrap().push(at.elapsed()),
                        Ok((429, _)) => _ = refused.fetch_add(1, Ordering::Relaxed),
                        // The task changed on the way: not the server's fault.
                        Ok((409, _)) => {}
                        _ => _ = failed.fetch_add(1, Ordering::Relaxed),
                    }
                    // Three at once, then one each PACE from when the
                    // third was answered, as the server counts.
                    sent += 1;
                    match sent {
                        0..3 => {}
                        3 => next = Instant::now() + PACE,
                        _ => next += PACE,
                    }
                }
            })
        })
        .collect();
    let mut next_set = begun + TASK_EVERY;
    while next_set + TASK_EVERY / 2 <= begun + length {
        thread::sleep(next_set.saturating_duration_since(Instant::now()));
        sets.push(set_task());
        next_set += TASK_EVERY;
    }
    if sets.len() == 1 && length >= Duration::from_secs(1) {
        thread::sleep(length / 2);
        sets.push(set_task());
    }
    for pupil in answering {
        pupil.join().unwrap();
    }
    report("answers, sixty pupils at the limit", &times.lock().unwrap());
    println!(
        "answers refused (429): {}, failed: {}",
        refused.load(Ordering::Relaxed),
        failed.load(Ordering::Relaxed)
    );
    let arrivals = arrivals.lock().unwrap().clone();
    for (id, at) in &sets {
        let reached: Vec<Duration> = arrivals
            .iter()
            .filter(|(task, _)| task == id)
            .map(|(_, arrived)| arrived.saturating_duration_since(*at))
            .collect();
        let last = reached.iter().max().copied().unwrap_or_default();
        println!(
            "task {id}: reached {} of {PUPILS} pupils' streams, the last {last:.2?} after it was set",
            reached.len()
        );
        assert_eq!(reached.len(), PUPILS, "every pupil hears of every task");
    }
    let during = peak.load(Ordering::Relaxed);
    thread::sleep(settle);
    println!(
        "resident memory: {} at the start, {} at the peak, {} {settle:?} after",
        kb(start_memory),
        kb(Some(during)),
        kb(resident())
    );
    done.store(true, Ordering::Relaxed);
    server.stop().expect("the server stops, ending the streams");
    for stream in listening {
        stream.join().unwrap();
    }
    sampler.join().unwrap();
    println!(
        "resident memory once the class has ended: {}",
        kb(resident())
    );
}

/// A pupil's stream of events: each task's number noted with when it
/// arrived, the latest one kept in `current`.
fn listen(
    addr: SocketAddr,
    token: &str,
    arrivals: Arc<Mutex<Vec<(u64, Instant)>>>,
    current: Arc<AtomicU64>,
    done: Arc<AtomicBool>,
) -> thread::JoinHandle<()> {
    let mut stream = TcpStream::connect(addr).unwrap();
    let head =
        format!("GET /api/class/events HTTP/1.1\r\nHost: {addr}\r\nX-Pupil: {token}\r\n\r\n");
    stream.write_all(head.as_bytes()).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_millis(200)))
        .unwrap();
    thread::spawn(move || {
        let mut reader = BufReader::new(stream);
        let mut line = Vec::new();
        loop {
            match reader.read_until(b'\n', &mut line) {
                Ok(0) => return,
                Ok(_) if line.ends_with(b"\n") => {
                    let at = Instant::now();
                    let text = String::from_utf8_lossy(&line);
                    if let Some(data) = text.trim_end().strip_prefix("data: ") {
                        let data: Value = serde_json::from_str(data).unwrap();
                        if let Some(id) = data["task"]["id"].as_u64() {
                            arrivals.lock().unwrap().push((id, at));
                            current.fetch_max(id, Ordering::Relaxed);
                        }
                    }
                    line.clear();
                }
                Ok(_) => {}
                Err(_) if done.load(Ordering::Relaxed) => return,
                Err(_) => {}
            }
        }
    })
}

/// Sixty pupils through `tasks` tasks, in memory: each answers each task
/// once, after a hint, and the class's memory is measured before and
/// after.
fn filled(tasks: usize) {
    let before = resident();
    let started = Instant::now();
    let mut now = Instant::now();
    let mut class = Class::open("http://192.168.1.20:8357").unwrap();
    let code = class.code().to_string();
    let pupils: Vec<_> = (0..PUPILS)
        .map(|i| {
            let body = json!({ "code": code, "name": format!("pupil {i:02} with a name") });
            let joined = class.join(body.to_string().as_bytes(), now).unwrap();
            class.pupil(joined["pupil"].as_str()).unwrap()
        })
        .collect();
    let positions = ["3 5 7", "2 6 9", "1 4 5 6", "4 7 9 12", "5 8 11 13"];
    for t in 0..tasks {
        let asked = json!({ "kind": "move", "position": positions[t % positions.len()] });
        let task = Task::new(&Asked::read(asked.to_string().as_bytes()).unwrap()).unwrap();
        now += Duration::from_secs(60);
        let id = class.set(task, now).unwrap();
        for &pupil in &pupils {
            now += Duration::from_secs(1);
            let hint = json!({ "task": id }).to_string();
            class.hint(pupil, hint.as_bytes(), now).unwrap();
            let rows: Vec<u64> = positions[t % positions.len()]
                .split(' ')
                .map(|r| r.parse().unwrap())
                .collect();
            let mut to = rows.clone();
            to[pupil % rows.len()] -= 1;
            let answer = json!({ "task": id, "to": to }).to_string();
            class.answer(pupil, answer.as_bytes(), now).unwrap();
        }
    }
    let after = resident();
    let lines = class.results().lines().count();
    println!(
        "a class of {PUPILS} pupils through {tasks} tasks: resident memory {} before, {} after \
         ({} kept), {lines} lines of results, {:.1?} to fill",
        kb(before),
        kb(after),
        kb(after.zip(before).map(|(a, b)| a.saturating_sub(b))),
        started.elapsed()
    );
    assert_eq!(lines, 1 + PUPILS * tasks);
    drop(class);
}

/// Sends a request on a connection of its own and reads the whole reply:
/// its status and its body.
fn exchange(
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: Option<&str>,
) -> Result<(u16, String), String> {
    let mut head = format!("{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n");
    for (name, value) in headers {
        head += &format!("{name}: {value}\r\n");
    }
    if let Some(body) = body {
        head += &format!(
            "Content-Type: application/json\r\nContent-Length: {}\r\n",
            body.len()
        );
    }
    head += "\r\n";
    head += body.unwrap_or("");
    let mut stream = TcpStream::connect(addr).map_err(|e| e.to_string())?;
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .map_err(|e| e.to_string())?;
    stream
        .write_all(head.as_bytes())
        .map_err(|e| e.to_string())?;
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).map_err(|e| e.to_string())?;
    let raw = String::from_utf8_lossy(&raw);
    let status = raw
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| format!("no status in {raw:?}"))?;
    let body = raw
        .split_once("\r\n\r\n")
        .map_or("", |(_, b)| b)
        .to_string();
    Ok((status, body))
}

fn report(name: &str, times: &[Duration]) {
    let mut sorted = times.to_vec();
    sorted.sort();
    if sorted.is_empty() {
        println!("{name}: none answered");
        return;
    }
    let at = |share: f64| sorted[((sorted.len() - 1) as f64 * share).round() as usize];
    println!(
        "{name:<40} p50 {:>9.2?}  p99 {:>9.2?}  max {:>9.2?}  ({} answers)",
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
