//! A class (`serve --class`) over real HTTP on loopback: pupils joining
//! and answering at once, the tally held to what `/api/check` says of each
//! answer, the key and the tokens, names that are text everywhere and a
//! results file a spreadsheet cannot run, the class's limits, the stream
//! of events, every kind of task, and the binary's two addresses.
//!
//! Each test opens a class of its own, in this process, on a free port;
//! every wait is bounded in time and every loop in count.

use crate::common;

use common::http::{self, Reply};

use std::collections::{BTreeMap, HashMap};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

use matchsticks::serve::Server;
use matchsticks::serve::connections::Timeouts;
use serde_json::{Value, json};

/// A class served in this process.
struct Class {
    server: Server,
}

impl Class {
    fn open() -> Class {
        let server = Server::start_class("127.0.0.1:0".parse().unwrap()).unwrap();
        Class { server }
    }

    /// A class whose server holds its connections to `timeouts`.
    fn open_with(timeouts: Timeouts) -> Class {
        let addr = "127.0.0.1:0".parse().unwrap();
        let server = Server::start_class_with(addr, timeouts).unwrap();
        Class { server }
    }

    fn addr(&self) -> SocketAddr {
        self.server.addr()
    }

    fn key(&self) -> &str {
        self.server.teacher_key().unwrap()
    }

    fn code(&self) -> &str {
        self.server.class_code().unwrap()
    }

    /// A teacher's request, with the key.
    fn teacher(&self, method: &str, path: &str, body: Option<&Value>) -> Reply {
        let body = body.map(Value::to_string);
        let key = [("X-Teacher", self.key())];
        http::request(self.addr(), method, path, &key, body.as_deref())
    }

    /// Sets a task, and answers with its number.
    fn set(&self, task: Value) -> u64 {
        let reply = self.teacher("POST", "/api/class/task", Some(&task));
        assert_eq!(reply.status, 200, "{task}: {}", reply.body);
        reply.json()["id"].as_u64().unwrap()
    }

    fn join(&self, name: &str) -> Reply {
        let body = json!({ "code": self.code(), "name": name }).to_string();
        http::post(self.addr(), "/api/class/join", &body)
    }

    /// A pupil who joined as `name`, by their token.
    fn pupil(&self, name: &str) -> String {
        let reply = self.join(name);
        assert_eq!(reply.status, 200, "{name}: {}", reply.body);
        reply.json()["pupil"].as_str().unwrap().to_string()
    }

    /// A pupil's request, with their token.
    fn as_pupil(&self, token: &str, method: &str, path: &str, body: Option<&Value>) -> Reply {
        let body = body.map(Value::to_string);
        let token = [("X-Pupil", token)];
        http::request(self.addr(), method, path, &token, body.as_deref())
    }

    fn answer(&self, token: &str, answer: Value) -> Reply {
        self.as_pupil(token, "POST", "/api/class/answer", Some(&answer))
    }

    fn get(&self, path: &str) -> Reply {
        http::get(self.addr(), path)
    }
}

/// What `/api/check` gives for the move from `position` to `to`: its
/// status and its body.
fn checked(class: &Class, position: &str, to: &[u64]) -> (u16, String) {
    let to: Vec<String> = to.iter().map(u64::to_string).collect();
    let path = format!("/api/check?position={position}&to={}", to.join(","));
    let reply = class.teacher("GET", &path, None);
    (reply.status, reply.body)
}

/// The move in a check's title: "3 5 7 → 2 5 7 (take 1 from row 1)".
fn move_words(check: &Value) -> String {
    let title = check["title"].as_str().unwrap();
    let open = title.rfind('(').unwrap();
    title[open + 1..title.len() - 1].to_string()
}

#[test]
fn thirty_pupils_answer_at_once_and_the_tally_is_what_check_says() {
    const PUPILS: usize = 30;
    let class = Class::open();
    let id = class.set(json!({ "kind": "move", "position": "3 5 7" }));
    // Good moves, mistakes and illegal moves, in turn.
    let moves: [&[u64]; 10] = [
        &[2, 5, 7],
        &[3, 5, 5],
        &[3, 4, 7],
        &[1, 5, 7],
        &[3, 5, 8],
        &[3, 5, 6],
        &[3, 2, 7],
        &[2, 4, 7],
        &[0, 5, 7],
        &[3, 5],
    ];
    let addr = class.addr();
    let code = class.code().to_string();
    let answering: Vec<_> = (0..PUPILS)
        .map(|i| {
            let code = code.clone();
            let to = moves[i % moves.len()].to_vec();
            thread::spawn(move || {
                let body = json!({ "code": code, "name": format!("pupil {i}") }).to_string();
                let joined = http::post(addr, "/api/class/join", &body);
                assert_eq!(joined.status, 200, "{}", joined.body);
                let token = joined.json()["pupil"].as_str().unwrap().to_string();
                let answer = json!({ "task": id, "to": to }).to_string();
                let token = [("X-Pupil", token.as_str())];
                let reply = http::request(addr, "POST", "/api/class/answer", &token, Some(&answer));
                (to, reply)
            })
        })
        .collect();
    let answered: Vec<(Vec<u64>, Reply)> =
        answering.into_iter().map(|a| a.join().unwrap()).collect();

    // Each reply is what `/api/check` gives for the move, to the byte.
    let mut expected_moves: BTreeMap<Vec<u64>, (String, usize, String, String)> = BTreeMap::new();
    let mut verdicts: HashMap<String, usize> = HashMap::new();
    for (to, reply) in &answered {
        let (status, body) = checked(&class, "3,5,7", to);
        assert_eq!((reply.status, &reply.body), (status, &body), "{to:?}");
        if status != 200 {
            assert_eq!(status, 422, "{body}");
            continue;
        }
        let check: Value = serde_json::from_str(&body).unwrap();
        let verdict = check["verdict"].as_str().unwrap().to_string();
        *verdicts.entry(verdict.clone()).or_default() += 1;
        let reason = check["reason"].as_str().unwrap().to_string();
        let seen =
            expected_moves
                .entry(to.clone())
                .or_insert((move_words(&check), 0, verdict, reason));
        seen.1 += 1;
    }
    let legal: usize = verdicts.values().sum();
    assert!(legal > 0 && legal < PUPILS, "some answers were illegal");

    let tally = class.teacher("GET", "/api/class/tally", None).json();
    assert_eq!(tally["task"], id);
    assert_eq!(tally["kind"], "move");
    assert_eq!(tally["open"], true);
    assert_eq!(tally["joined"], PUPILS);
    assert_eq!(tally["answered"], legal);
    for verdict in ["good", "mistake", "lost-anyway"] {
        let expected = verdicts.get(verdict).copied().unwrap_or(0);
        assert_eq!(tally["verdicts"][verdict], expected, "{verdict}");
    }
    let listed = tally["moves"].as_array().unwrap();
    let counts: Vec<u64> = listed
        .iter()
        .map(|m| m["pupils"].as_u64().unwrap())
        .collect();
    assert!(counts.windows(2).all(|w| w[0] >= w[1]), "{counts:?}");
    let mut tallied = BTreeMap::new();
    for seen in listed {
        let to: Vec<u64> = serde_json::from_value(seen["to"].clone()).unwrap();
        let entry = (
            seen["move"].as_str().unwrap().to_string(),
            seen["pupils"].as_u64().unwrap() as usize,
            seen["verdict"].as_str().unwrap().to_string(),
            seen["reason"].as_str().unwrap().to_string(),
        );
        tallied.insert(to, entry);
    }
    assert_eq!(tallied, expected_moves);
    assert_eq!(tally["hints"], 0);

    // A second task closes the first.
    let next = class.set(json!({ "kind": "move", "position": "1 2 3" }));
    assert_eq!(next, id + 1);
    let token = class.pupil("late");
    let task = class
        .as_pupil(&token, "GET", "/api/class/task", None)
        .json();
    assert_eq!(task["task"]["id"], next);
    assert_eq!(task["task"]["open"], true);
    let late = class.answer(&token, json!({ "task": id, "to": [2, 5, 7] }));
    assert_eq!(late.status, 409, "{}", late.body);
}

#[test]
fn the_teachers_key_and_the_pupils_tokens_are_asked_for() {
    let class = Class::open();
    let token = class.pupil("Sam");
    let wrong_key = "0".repeat(class.key().len());
    let teacher_routes: &[(&str, &str, Option<Value>)] = &[
        (
            "POST",
            "/api/class/task",
            Some(json!({"kind": "move", "position": "3"})),
        ),
        ("POST", "/api/class/close", Some(json!({}))),
        ("GET", "/api/class/tally", None),
        ("GET", "/api/class/pupils", None),
        ("GET", "/api/class/results.csv", None),
    ];
    for (method, path, body) in teacher_routes {
        let body = body.as_ref().map(Value::to_string);
        for headers in [
            vec![],
            vec![("X-Teacher", wrong_key.as_str())],
            vec![("X-Teacher", "")],
            vec![("X-Pupil", token.as_str())],
        ] {
            let reply = http::request(class.addr(), method, path, &headers, body.as_deref());
            assert_eq!(
                reply.status, 403,
                "{method} {path} {headers:?}: {}",
                reply.body
            );
        }
    }
    let unknown = "f".repeat(token.len());
    let pupil_routes: &[(&str, &str, Option<Value>)] = &[
        ("GET", "/api/class/me", None),
        ("GET", "/api/class/task", None),
        (
            "POST",
            "/api/class/answer",
            Some(json!({"task": 1, "to": [2]})),
        ),
        ("POST", "/api/class/hint", Some(json!({"task": 1}))),
        (
            "POST",
            "/api/class/play",
            Some(json!({"task": 1, "moves": []})),
        ),
        ("GET", "/api/class/events", None),
    ];
    for (method, path, body) in pupil_routes {
        let body = body.as_ref().map(Value::to_string);
        for headers in [vec![], vec![("X-Pupil", unknown.as_str())]] {
            let reply = http::request(class.addr(), method, path, &headers, body.as_deref());
            assert_eq!(
                reply.status, 403,
                "{method} {path} {headers:?}: {}",
                reply.body
            );
        }
    }
    // A pupil may give the token in the events' address; the key never.
    let key_in_address = class.get(&format!("/api/class/events?pupil={}", class.key()));
    assert_eq!(key_in_address.status, 403);
    let token_in_address = class.get(&format!("/api/class/events?pupil={unknown}"));
    assert_eq!(token_in_address.status, 403);
    // The key shows nowhere but where the server gives it.
    assert!(!format!("{:?}", class.server).contains(class.key()));
    // The teacher and the pupil are let in.
    assert_eq!(class.teacher("GET", "/api/class/tally", None).status, 200);
    let me = class.as_pupil(&token, "GET", "/api/class/me", None);
    assert_eq!(me.json()["name"], "Sam");
    assert_eq!(me.json()["task"], Value::Null);
}

/// The cells of a CSV file, read as a spreadsheet reads them.
fn csv_rows(text: &str) -> Vec<Vec<String>> {
    let mut rows = Vec::new();
    let mut row = Vec::new();
    let mut cell = String::new();
    let mut quoted = false;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match (quoted, c) {
            (true, '"') if chars.peek() == Some(&'"') => {
                chars.next();
                cell.push('"');
            }
            (true, '"') => quoted = false,
            (true, c) => cell.push(c),
            (false, '"') => quoted = true,
            (false, ',') => row.push(std::mem::take(&mut cell)),
            (false, '\r') => {}
            (false, '\n') => {
                row.push(std::mem::take(&mut cell));
                rows.push(std::mem::take(&mut row));
            }
            (false, c) => cell.push(c),
        }
    }
    rows
}

#[test]
fn names_are_text_everywhere_and_the_results_cannot_run_as_formulas() {
    let class = Class::open();
    let hostile = [
        "<b>Sam</b>",
        "=1+1",
        "@x",
        "-2",
        "+3",
        "Jo \"JJ\", Al",
        "=HYPERLINK(\"x\")",
    ];
    let tokens: Vec<String> = hostile.iter().map(|name| class.pupil(name)).collect();
    for (name, token) in hostile.iter().zip(&tokens) {
        let me = class.as_pupil(token, "GET", "/api/class/me", None).json();
        assert_eq!(me["name"], *name);
    }
    let pupils = class.teacher("GET", "/api/class/pupils", None).json();
    assert_eq!(pupils["names"], json!(hostile));
    assert_eq!(pupils["code"], class.code());
    assert!(
        pupils["join"]
            .as_str()
            .unwrap()
            .ends_with(&format!("/join/{}", class.code()))
    );
    assert!(pupils["qr"].as_str().unwrap().starts_with("<svg"));

    // Taken whatever its capitals, and names that cannot be names.
    let taken = class.join(" <B>sam</B> ");
    assert_eq!(taken.status, 409, "{}", taken.body);
    assert!(taken.error().contains("taken"), "{}", taken.body);
    for bad in ["", "   ", "Sam\nB", "Tab\tBy", &"x".repeat(21)] {
        let reply = class.join(bad);
        assert_eq!(reply.status, 400, "{bad:?}: {}", reply.body);
    }
    let wrong_code = http::post(
        class.addr(),
        "/api/class/join",
        &json!({ "code": "QQQQQQ", "name": "Al" }).to_string(),
    );
    assert_eq!(wrong_code.status, 404, "{}", wrong_code.body);

    let id = class.set(json!({ "kind": "move", "position": "3 5 7" }));
    let answered = class.answer(&tokens[1], json!({ "task": id, "to": [2, 5, 7] }));
    assert_eq!(answered.status, 200, "{}", answered.body);
    let results = class.teacher("GET", "/api/class/results.csv", None);
    assert_eq!(results.status, 200);
    assert!(results.headers["content-type"].starts_with("text/csv"));
    assert!(results.headers["content-disposition"].contains("results.csv"));
    let rows = csv_rows(&results.body);
    assert_eq!(
        rows[0],
        [
            "name", "task", "title", "answer", "verdict", "tries", "hints", "seconds"
        ]
    );
    assert_eq!(rows.len(), 1 + hostile.len());
    for (row, name) in rows[1..].iter().zip(hostile) {
        let shown = match name.starts_with(['=', '+', '-', '@']) {
            true => format!("'{name}"),
            false => name.to_string(),
        };
        assert_eq!(row[0], shown);
        assert_eq!(row.len(), 8, "{row:?}");
        assert_eq!(row[1], id.to_string());
        assert_eq!(row[2], "3 5 7 (last stick loses): find a winning move");
    }
    assert_eq!(rows[2][3..6], ["take 1 from row 1", "good", "1"]);
    assert_eq!(rows[1][3..6], ["", "none", "0"]);
    // No cell a spreadsheet reads begins as a formula.
    for row in &rows {
        for cell in row {
            assert!(!cell.starts_with(['=', '+', '@']), "{cell}");
        }
    }
}

#[test]
fn a_class_holds_sixty_pupils_and_each_may_send_only_so_fast() {
    let class = Class::open();
    let tokens: Vec<String> = (1..=60).map(|i| class.pupil(&format!("p{i}"))).collect();
    let full = class.join("p61");
    assert_eq!(full.status, 409, "{}", full.body);
    assert!(full.error().contains("60"), "{}", full.body);

    let id = class.set(json!({
        "kind": "move", "position": "3 5 7", "tries": "until-right"
    }));
    // Sent as fast as one connection after another goes: at most three at
    // once, then two a second.
    let start = Instant::now();
    let replies: Vec<Reply> = (0..10)
        .map(|_| class.answer(&tokens[0], json!({ "task": id, "to": [3, 5, 5] })))
        .collect();
    let elapsed = start.elapsed().as_secs_f64();
    let through = replies.iter().filter(|r| r.status == 200).count();
    let refused: Vec<&Reply> = replies.iter().filter(|r| r.status == 429).collect();
    assert_eq!(through + refused.len(), replies.len());
    assert!(through >= 3, "{through}");
    assert!(
        through as f64 <= 3.0 + 2.0 * elapsed + 1.0,
        "{through} in {elapsed} s"
    );
    assert!(!refused.is_empty());
    for reply in refused {
        assert_eq!(reply.headers["retry-after"], "1");
        assert!(reply.error().contains("2 a second"), "{}", reply.body);
    }
    // Another pupil is not held back by the first.
    let other = class.answer(&tokens[1], json!({ "task": id, "to": [3, 5, 5] }));
    assert_eq!(other.status, 200, "{}", other.body);
}

/// A stream of server-sent events, read a line at a time.
struct Events {
    reader: BufReader<TcpStream>,
    keep_alives: usize,
}

impl Events {
    fn open(addr: SocketAddr, path: &str, headers: &[(&str, &str)]) -> Events {
        let mut stream = TcpStream::connect(addr).unwrap();
        let mut head = format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\n");
        for (name, value) in headers {
            head += &format!("{name}: {value}\r\n");
        }
        stream.write_all((head + "\r\n").as_bytes()).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_millis(100)))
            .unwrap();
        let mut events = Events {
            reader: BufReader::new(stream),
            keep_alives: 0,
        };
        let status = events
            .line(Instant::now() + Duration::from_secs(5))
            .unwrap();
        assert!(status.starts_with("HTTP/1.1 200"), "{status}");
        events
    }

    /// The next line, without its ending, before `deadline`.
    fn line(&mut self, deadline: Instant) -> Option<String> {
        let mut line = Vec::new();
        while Instant::now() < deadline {
            match self.reader.read_until(b'\n', &mut line) {
                Ok(0) => return None,
                Ok(_) if line.ends_with(b"\n") => {
                    let text = String::from_utf8(line).unwrap();
                    return Some(text.trim_end_matches(['\r', '\n']).to_string());
                }
                Ok(_) => {}
                Err(e)
                    if matches!(
                        e.kind(),
                        std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                    ) => {}
                Err(e) => panic!("{e}"),
            }
        }
        None
    }

    /// The next event, its name and its data, before `deadline`; keep-alive
    /// comments are counted.
    fn next(&mut self, deadline: Instant) -> Option<(String, Value)> {
        let mut name = None;
        while let Some(line) = self.line(deadline) {
            if line.starts_with(':') {
                self.keep_alives += 1;
            } else if let Some(event) = line.strip_prefix("event: ") {
                name = Some(event.to_string());
            } else if let Some(data) = line.strip_prefix("data: ") {
                let data = serde_json::from_str(data).unwrap();
                return Some((name.take().unwrap_or_default(), data));
            }
        }
        None
    }

    /// The next event called `name`, skipping others, before `deadline`.
    fn next_named(&mut self, name: &str, deadline: Instant) -> Option<Value> {
        while let Some((event, data)) = self.next(deadline) {
            if event == name {
                return Some(data);
            }
        }
        None
    }
}

#[test]
fn a_new_task_reaches_every_pupil_within_a_second() {
    let class = Class::open();
    let sam = class.pupil("Sam");
    let al = class.pupil("Al");
    let soon = || Instant::now() + Duration::from_secs(5);
    let mut teacher = Events::open(
        class.addr(),
        "/api/class/events",
        &[("X-Teacher", class.key())],
    );
    let mut by_header = Events::open(class.addr(), "/api/class/events", &[("X-Pupil", &sam)]);
    let mut in_address = Events::open(class.addr(), &format!("/api/class/events?pupil={al}"), &[]);
    // Every listener first gets the task now; the teacher, the pupils and
    // the tally too.
    for events in [&mut teacher, &mut by_header, &mut in_address] {
        assert_eq!(
            events.next_named("task", soon()),
            Some(json!({ "task": null }))
        );
    }
    assert_eq!(teacher.next_named("pupils", soon()).unwrap()["joined"], 2);
    assert_eq!(teacher.next_named("tally", soon()).unwrap()["joined"], 2);

    let set = Instant::now();
    let id = class.set(json!({ "kind": "move", "position": "2 6 9" }));
    for events in [&mut by_header, &mut in_address] {
        let task = events
            .next_named("task", set + Duration::from_secs(1))
            .expect("the task within a second");
        assert_eq!(task["task"]["id"], id);
        assert_eq!(task["task"]["open"], true);
    }
    assert!(
        set.elapsed() < Duration::from_secs(1),
        "{:?}",
        set.elapsed()
    );
    // What the stream sends is what the task request gives.
    let asked = class.as_pupil(&sam, "GET", "/api/class/task", None).json();
    assert_eq!(teacher.next_named("task", soon()).unwrap(), asked);

    // The teacher hears of a pupil who joins and of an answer.
    class.pupil("Jo");
    assert_eq!(
        teacher.next_named("pupils", soon()).unwrap()["names"],
        json!(["Sam", "Al", "Jo"])
    );
    let answered = class.answer(&sam, json!({ "task": id, "to": [2, 6, 5] }));
    assert_eq!(answered.status, 200);
    let mut tally = teacher.next_named("tally", soon()).unwrap();
    for _ in 0..5 {
        if tally["answered"] == 1 {
            break;
        }
        tally = teacher.next_named("tally", soon()).unwrap();
    }
    assert_eq!(tally["answered"], 1);
    // Closing the task tells every pupil.
    let closed = class.teacher("POST", "/api/class/close", Some(&json!({})));
    assert_eq!(closed.json()["id"], id);
    let task = by_header.next_named("task", soon()).unwrap();
    assert_eq!(task["task"]["open"], false);
}

#[test]
fn a_quiet_stream_is_kept_open_past_the_idle_timeout() {
    // The timeouts shortened, so that the test waits two seconds, not
    // twelve: the stream outlives the idle timeout all the same.
    let timeouts = Timeouts {
        idle: Duration::from_secs(1),
        keep_alive: Duration::from_millis(400),
        ..Timeouts::SERVED
    };
    assert!(Timeouts::SERVED.keep_alive < Timeouts::SERVED.idle);
    let class = Class::open_with(timeouts);
    let sam = class.pupil("Sam");
    let mut events = Events::open(class.addr(), "/api/class/events", &[("X-Pupil", &sam)]);
    let soon = Instant::now() + Duration::from_secs(5);
    assert_eq!(
        events.next_named("task", soon),
        Some(json!({ "task": null }))
    );
    // Nothing happens for longer than a connection may wait idle.
    let quiet = Instant::now() + timeouts.idle + Duration::from_secs(1);
    assert_eq!(events.next(quiet), None);
    assert!(
        events.keep_alives >= 2,
        "{} keep-alives",
        events.keep_alives
    );
    let id = class.set(json!({ "kind": "can-you-win", "position": "1 2 3" }));
    let task = events.next_named("task", Instant::now() + Duration::from_secs(1));
    assert_eq!(task.unwrap()["task"]["id"], id);
}

#[test]
fn a_class_with_streams_open_stops_at_once() {
    let class = Class::open();
    let sam = class.pupil("Sam");
    let mut events = Events::open(class.addr(), "/api/class/events", &[("X-Pupil", &sam)]);
    assert!(
        events
            .next_named("task", Instant::now() + Duration::from_secs(5))
            .is_some()
    );
    let (stopped, stopping) = mpsc::channel();
    thread::spawn(move || stopped.send(class.server.stop().is_ok()));
    assert_eq!(stopping.recv_timeout(Duration::from_secs(5)), Ok(true));
    // The stream ended with the class.
    assert_eq!(events.next(Instant::now() + Duration::from_secs(2)), None);
}

/// A pupil's request, sent again every 50 ms while the limit on each
/// pupil refuses it with 429, for five seconds at most: as fast as the
/// limit lets the pupil through. A request refused so is refused before
/// it is read, so sending it again changes nothing else.
fn paced(send: impl Fn() -> Reply) -> Reply {
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        let reply = send();
        if reply.status != 429 || Instant::now() > deadline {
            return reply;
        }
        thread::sleep(Duration::from_millis(50));
    }
}

/// The move `explain` recommends at `rows`, as a game's move.
fn best_move(class: &Class, rows: &Value) -> Value {
    let rows: Vec<String> = rows
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.to_string())
        .collect();
    let path = format!("/api/explain?position={}", rows.join(","));
    let explained = class.teacher("GET", &path, None);
    let mv = &explained.json()["move"];
    json!({ "row": mv["pile"], "take": mv["take"] })
}

/// The first row with sticks, and one taken from it.
fn any_move(rows: &Value) -> Value {
    let row = rows
        .as_array()
        .unwrap()
        .iter()
        .position(|r| r != 0)
        .unwrap();
    json!({ "row": row + 1, "take": 1 })
}

#[test]
fn every_kind_of_task_is_answered_and_a_reload_finds_the_pupil_where_they_were() {
    let class = Class::open();
    let sam = class.pupil("Sam");
    let al = class.pupil("Al");

    // Can you win: yes or no.
    let id = class.set(json!({ "kind": "can-you-win", "position": "1 2 3" }));
    let wrong = class
        .answer(&sam, json!({ "task": id, "answer": "yes" }))
        .json();
    assert_eq!(wrong["right"], false);
    assert_eq!(wrong["verdict"], "mistake");
    let explain = class
        .teacher("GET", "/api/explain?position=1,2,3", None)
        .json();
    assert_eq!(explain["outcome"], "lose");
    let right = class
        .answer(&al, json!({ "task": id, "answer": "no" }))
        .json();
    assert_eq!(
        (&right["right"], &right["verdict"]),
        (&json!(true), &json!("good"))
    );
    let tally = class.teacher("GET", "/api/class/tally", None).json();
    assert_eq!(tally["answers"].as_array().unwrap().len(), 2);

    // A move of Chomp, with hints: the bite is judged as `chomp check`
    // judges it.
    let id = class.set(json!({ "kind": "move", "game": "chomp", "position": "4x5" }));
    let hint = |token: &str| {
        class.as_pupil(
            token,
            "POST",
            "/api/class/hint",
            Some(&json!({ "task": id })),
        )
    };
    let first = hint(&sam).json();
    let second = hint(&sam).json();
    assert_eq!(first["hints"].as_array().unwrap().len(), 1);
    assert_eq!(second["hints"][0], first["hints"][0]);
    assert_eq!(second["hints"].as_array().unwrap().len(), 2);
    // Four requests in a row would pass the limit on each pupil.
    let bite = paced(|| class.answer(&sam, json!({ "task": id, "bite": [2, 2] })));
    let check = class.teacher("GET", "/api/chomp/check?shape=4x5&bite=2,2", None);
    assert_eq!((bite.status, &bite.body), (check.status, &check.body));
    // A reload finds Sam where Sam was.
    let me = class.as_pupil(&sam, "GET", "/api/class/me", None).json();
    assert_eq!(me["task"]["id"], id);
    assert_eq!(me["task"]["game"], "chomp");
    assert_eq!(me["hints"], second["hints"]);
    assert_eq!(me["reply"], bite.json());
    assert_eq!(me["answers"][0]["verdict"], check.json()["verdict"]);
    assert_eq!(me["done"], true);
    let tally = class.teacher("GET", "/api/class/tally", None).json();
    assert_eq!(tally["hints"], 2);

    // A lesson's question, with its words.
    let id = class.set(json!({ "kind": "lesson", "lesson": "copy-cat", "question": 1 }));
    let task = class.as_pupil(&al, "GET", "/api/class/task", None).json()["task"].clone();
    assert_eq!(task["id"], id);
    assert_eq!(task["lesson"]["name"], "copy-cat");
    assert!(task["question"].as_str().is_some_and(|q| !q.is_empty()));
    let lesson = class
        .teacher("GET", "/page/lesson?name=copy-cat", None)
        .json();
    let asked = lesson["parts"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["kind"] == "question")
        .unwrap()
        .clone();
    assert_eq!(task["question"], asked["ask"]);
    assert_eq!(task["position"], asked["board"]["rows"]);

    // A game against the computer: each pupil's game is what the page's
    // game gives from the same start and seed.
    let id = class.set(json!({ "kind": "game", "position": "3 5 7" }));
    // Each pupil plays at once, as fast as the limit on each pupil lets
    // them: the limit is each pupil's own.
    let play_through = |token: &str, wins: bool| {
        let mut moves: Vec<Value> = Vec::new();
        let mut game = Value::Null;
        for _ in 0..30 {
            let body = json!({ "task": id, "moves": moves, "hints": 0 });
            let reply = paced(|| class.as_pupil(token, "POST", "/api/class/play", Some(&body)));
            assert_eq!(reply.status, 200, "{}", reply.body);
            game = reply.json();
            let me = class.as_pupil(token, "GET", "/api/class/me", None).json();
            let seed = me["game"]["seed"].as_u64().unwrap();
            let page = json!({
                "position": "3 5 7", "level": "perfect", "first": "me",
                "seed": seed, "moves": moves, "hints": 0,
            });
            let page = class.teacher("POST", "/page/play", Some(&page));
            assert_eq!(reply.body, page.body);
            if game["over"] == true {
                break;
            }
            let rows = &game["position"]["rows"];
            moves.push(match wins {
                true => best_move(&class, rows),
                false => any_move(rows),
            });
        }
        assert_eq!(game["over"], true);
        assert_eq!(game["winner"], if wins { "pupil" } else { "computer" });
        let mut after = moves.clone();
        after.push(json!({ "row": 1, "take": 1 }));
        let more = json!({ "task": id, "moves": after });
        let refused = paced(|| class.as_pupil(token, "POST", "/api/class/play", Some(&more)));
        assert_eq!(refused.status, 409, "{}", refused.body);
    };
    thread::scope(|scope| {
        scope.spawn(|| play_through(&sam, true));
        scope.spawn(|| play_through(&al, false));
    });
    let tally = class.teacher("GET", "/api/class/tally", None).json();
    assert_eq!(
        tally["games"],
        json!({ "won": 1, "lost": 1, "playing": 0, "unfinished": 0, "not_started": 0 })
    );
    assert_eq!(tally["answered"], 2);

    // The results: a line per pupil per task, hints counted.
    let rows = csv_rows(&class.teacher("GET", "/api/class/results.csv", None).body);
    assert_eq!(rows.len(), 1 + 2 * 4);
    let sam_chomp = &rows[3];
    assert_eq!(sam_chomp[0], "Sam");
    assert_eq!(sam_chomp[4], check.json()["verdict"].as_str().unwrap());
    assert_eq!(sam_chomp[6], "2");
    assert_eq!(rows[7][4], "won");
    assert_eq!(rows[8][4], "lost");
}

#[test]
fn a_task_the_command_line_would_refuse_is_refused_in_its_words() {
    let class = Class::open();
    let stderr = |args: &[&str]| {
        let out = common::matchsticks().args(args).output().unwrap();
        let text = String::from_utf8(out.stderr).unwrap();
        text.trim_end().strip_prefix("error: ").unwrap().to_string()
    };
    let cases: &[(Value, &[&str])] = &[
        (
            json!({"kind": "move", "position": "3 x"}),
            &["explain", "3", "x"],
        ),
        (
            json!({"kind": "move", "position": "3 5", "take": "0"}),
            &["explain", "3", "5", "--take", "0"],
        ),
        (
            json!({"kind": "move", "game": "chomp", "position": "65x2"}),
            &["chomp", "explain", "65x2"],
        ),
    ];
    for (task, args) in cases {
        let reply = class.teacher("POST", "/api/class/task", Some(task));
        assert_eq!(reply.status, 400, "{task}: {}", reply.body);
        // The teacher's page names its boxes where the terminal names flags.
        assert_eq!(
            reply.error(),
            matchsticks::serve::page_words(&stderr(args)),
            "{task}"
        );
    }
    // A game whose start is costly to replay is refused, naming the limit.
    let costly = json!({"kind": "game", "position": "167 167 167", "take": "1-1000"});
    let reply = class.teacher("POST", "/api/class/task", Some(&costly));
    assert_eq!(reply.status, 400, "{}", reply.body);
    let why = reply.error();
    assert!(why.contains("5% of one of the server's budgets"), "{why}");
    assert!(!why.contains("EXPENSIVE_PERCENT"), "{why}");
    // Nothing set: no task to answer.
    let token = class.pupil("Sam");
    let answer = class.answer(&token, json!({ "task": 1, "to": [2] }));
    assert_eq!(answer.status, 409);
}

#[test]
fn answers_never_wait_for_expensive_work_nor_get_503() {
    const SENT: usize = 12;
    let class = Class::open();
    let tokens: Vec<String> = (0..10).map(|i| class.pupil(&format!("p{i}"))).collect();
    let id = class.set(json!({
        "kind": "move", "position": "3 5 7", "tries": "until-right"
    }));
    let addr = class.addr();
    let busy: Vec<_> = (0..SENT)
        .map(|_| {
            let key = class.key().to_string();
            thread::spawn(move || {
                let path = "/api/chomp/explain?shape=10x10";
                http::request(addr, "GET", path, &[("X-Teacher", &key)], None).status
            })
        })
        .collect();
    let mut answered = 0;
    let mut while_busy = 0;
    for i in 0..200 {
        if busy.iter().all(|b| b.is_finished()) {
            break;
        }
        let reply = class.answer(
            &tokens[i % tokens.len()],
            json!({ "task": id, "to": [3, 5, 5] }),
        );
        assert_eq!(reply.status, 200, "{}", reply.body);
        answered += 1;
        while_busy += usize::from(busy.iter().any(|b| !b.is_finished()));
        thread::sleep(Duration::from_millis(60));
    }
    let statuses: Vec<u16> = busy.into_iter().map(|b| b.join().unwrap()).collect();
    assert!(
        statuses.contains(&503),
        "the places were never all taken: {statuses:?}"
    );
    assert!(answered > 0 && while_busy > 0);
}

#[test]
fn serve_class_prints_the_teachers_and_the_pupils_addresses() {
    let mut child = common::matchsticks()
        .args(["serve", "--class", "--port", "0", "--host", "127.0.0.1"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let mut lines = Vec::new();
    for _ in 0..4 {
        let mut line = String::new();
        out.read_line(&mut line).unwrap();
        lines.push(line.trim_end().to_string());
    }
    assert_eq!(
        lines[0],
        "A class is open on 127.0.0.1 only, which no other device can reach."
    );
    assert_eq!(lines[3], "Ctrl-C ends the class.");
    let teacher = lines[1].strip_prefix("teacher: http://127.0.0.1:").unwrap();
    let (port, key) = teacher.split_once("/teacher#key=").unwrap();
    assert_eq!(key.len(), 32);
    assert!(
        key.bytes()
            .all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase())
    );
    let pupils = lines[2]
        .strip_prefix(&format!("pupils:  http://127.0.0.1:{port}/join/"))
        .unwrap();
    assert!((4..=6).contains(&pupils.len()), "{pupils}");
    assert!(
        pupils
            .chars()
            .all(|c| (c.is_ascii_uppercase() || c.is_ascii_digit()) && !"0O1I".contains(c)),
        "{pupils}"
    );
    // The class is live: a pupil joins with the code, the teacher sees it.
    let addr: SocketAddr = format!("127.0.0.1:{port}").parse().unwrap();
    let joined = http::post(
        addr,
        "/api/class/join",
        &json!({ "code": pupils, "name": "Sam" }).to_string(),
    );
    assert_eq!(joined.status, 200, "{}", joined.body);
    let seen = http::request(
        addr,
        "GET",
        "/api/class/pupils",
        &[("X-Teacher", key)],
        None,
    );
    assert_eq!(seen.json()["names"], json!(["Sam"]));
    let out = interrupt(child, out);
    assert_eq!(out.0, Some(0), "{out:?}");
    assert_eq!(out.1, "The class has ended.\n");
    assert_eq!(out.2, "");

    // Without --host, on every address, and it says so.
    let mut child = common::matchsticks()
        .args(["serve", "--class", "--port", "0"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    out.read_line(&mut first).unwrap();
    assert_eq!(
        first,
        "A class is open on every address of this computer (--host chooses one).\n"
    );
    let mut teacher = String::new();
    out.read_line(&mut teacher).unwrap();
    assert!(teacher.starts_with("teacher: http://"), "{teacher}");
    assert_eq!(interrupt(child, out).0, Some(0));
}

/// Sends Ctrl-C's signal to `child` and gives its exit code and the rest
/// of what it printed on each stream.
fn interrupt(
    mut child: std::process::Child,
    mut out: BufReader<std::process::ChildStdout>,
) -> (Option<i32>, String, String) {
    let killed = std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let status = child.wait().unwrap();
    let mut rest = String::new();
    out.read_to_string(&mut rest).unwrap();
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    (status.code(), rest, stderr)
}

#[test]
fn serve_without_class_has_no_class() {
    let server = Server::start("127.0.0.1:0".parse().unwrap()).unwrap();
    assert_eq!(server.class_code(), None);
    assert_eq!(server.teacher_key(), None);
    for path in [
        "/teacher",
        "/join/ABCD",
        "/api/class/task",
        "/api/class/tally",
    ] {
        let reply = http::get(server.addr(), path);
        assert_eq!(reply.status, 404, "{path}: {}", reply.body);
    }
    let join = http::post(
        server.addr(),
        "/api/class/join",
        &json!({ "code": "ABCD", "name": "Sam" }).to_string(),
    );
    assert_ne!(join.status, 200);
}

impl Events {
    /// Whether the stream ends before `deadline`: its last chunk comes,
    /// after any events still to come.
    fn ended(&mut self, deadline: Instant) -> bool {
        while let Some(line) = self.line(deadline) {
            if line == "0" {
                return true;
            }
        }
        false
    }
}

#[test]
fn in_a_class_the_rest_of_matchsticks_is_the_teachers_alone() {
    let class = Class::open();
    let sam = class.pupil("Sam");
    let wrong_key = "0".repeat(class.key().len());
    // The task's position, explained, would give the answer away.
    let rest = [
        ("GET", "/", None),
        ("GET", "/index.html", None),
        ("GET", "/page/explain?position=2,6,9", None),
        ("GET", "/page/board?position=2,6,9", None),
        ("GET", "/page/lessons", None),
        ("GET", "/api/explain?position=2,6,9", None),
        ("GET", "/api/check?position=2,6,9&to=2,6,4", None),
        ("GET", "/api/chomp/explain?shape=4x5", None),
        ("GET", "/api/table?position=2", None),
        (
            "POST",
            "/page/play",
            Some(json!({"position": "2 6 9", "moves": []})),
        ),
    ];
    for (method, path, body) in &rest {
        let body = body.as_ref().map(Value::to_string);
        let page = !path.starts_with("/api/") && !path.starts_with("/page/");
        for headers in [vec![], vec![("X-Pupil", sam.as_str())]] {
            let reply = http::request(class.addr(), method, path, &headers, body.as_deref());
            assert_eq!(reply.status, 403, "{path} {headers:?}: {}", reply.body);
            let why = match page {
                true => {
                    assert!(reply.headers["content-type"].starts_with("text/plain"));
                    reply.body.clone()
                }
                false => reply.error(),
            };
            assert!(
                why.starts_with("in a class, the rest of matchsticks is for the teacher's page"),
                "{path}: {why}"
            );
            assert!(!why.contains("Winning"), "{why}");
        }
        let wrong = [("X-Teacher", wrong_key.as_str())];
        let reply = http::request(class.addr(), method, path, &wrong, body.as_deref());
        assert_eq!(reply.status, 403, "{path}: {}", reply.body);
        assert!(reply.body.contains("wrong"), "{path}: {}", reply.body);
        let key = [("X-Teacher", class.key())];
        let reply = http::request(class.addr(), method, path, &key, body.as_deref());
        assert_eq!(reply.status, 200, "{path}: {}", reply.body);
    }
    // The pages a class needs, their files, and the class's own requests.
    for open in [
        "/teacher".to_string(),
        "/join".to_string(),
        format!("/join/{}", class.code()),
        "/app.js".to_string(),
        "/pupil.js".to_string(),
        "/class.css".to_string(),
    ] {
        assert_eq!(class.get(&open).status, 200, "{open}");
    }
    let me = class.as_pupil(&sam, "GET", "/api/class/me", None);
    assert_eq!(me.status, 200, "{}", me.body);
    // Without a class, the page is everyone's, as before.
    let alone = Server::start("127.0.0.1:0".parse().unwrap()).unwrap();
    for path in [
        "/",
        "/page/explain?position=2,6,9",
        "/api/explain?position=2,6,9",
    ] {
        assert_eq!(http::get(alone.addr(), path).status, 200, "{path}");
    }
}

#[test]
fn a_wrong_key_is_told_it_is_wrong_and_no_key_whose_page_this_is() {
    let class = Class::open();
    let wrong_key = "0".repeat(class.key().len());
    let path = "/api/class/tally";
    let none = http::request(class.addr(), "GET", path, &[], None);
    assert_eq!(none.status, 403);
    assert!(
        none.error()
            .starts_with("only the teacher's page may do this")
    );
    for wrong in [wrong_key.as_str(), "yesterday"] {
        let reply = http::request(class.addr(), "GET", path, &[("X-Teacher", wrong)], None);
        assert_eq!(reply.status, 403);
        let why = reply.error();
        assert!(
            why.contains("wrong") && why.contains("another class"),
            "{why}"
        );
    }
}

#[test]
fn the_teacher_removes_a_pupil_and_frees_the_name_and_the_seat() {
    let class = Class::open();
    let sam = class.pupil("Sam");
    let al = class.pupil("Al");
    let id = class.set(json!({ "kind": "move", "position": "3 5 7" }));
    let answered = class.answer(&sam, json!({ "task": id, "to": [2, 5, 7] }));
    assert_eq!(answered.status, 200, "{}", answered.body);
    let soon = || Instant::now() + Duration::from_secs(5);
    let mut sams = Events::open(class.addr(), "/api/class/events", &[("X-Pupil", &sam)]);
    let mut als = Events::open(class.addr(), "/api/class/events", &[("X-Pupil", &al)]);
    assert!(sams.next_named("task", soon()).is_some());
    assert!(als.next_named("task", soon()).is_some());

    // Only the teacher removes, and only a pupil in the class.
    let remove = |name: &str| {
        let body = json!({ "name": name });
        class.teacher("POST", "/api/class/remove", Some(&body))
    };
    let by_pupil = class.as_pupil(
        &al,
        "POST",
        "/api/class/remove",
        Some(&json!({ "name": "Sam" })),
    );
    assert_eq!(by_pupil.status, 403, "{}", by_pupil.body);
    let nobody = remove("Nobody");
    assert_eq!(nobody.status, 404, "{}", nobody.body);
    let removed = remove(" sAM ");
    assert_eq!(removed.status, 200, "{}", removed.body);
    assert_eq!(removed.json(), json!({ "removed": "Sam" }));
    assert_eq!(remove("Sam").status, 404);

    // The device is told, its stream ends, and its token lets no one in.
    let told = sams.next_named("removed", soon()).expect("told");
    assert_eq!(told["removed"], "Sam");
    assert!(told["error"].as_str().unwrap().contains("join again"));
    assert!(sams.ended(soon()), "the removed pupil's stream goes on");
    for (method, path) in [("GET", "/api/class/me"), ("GET", "/api/class/events")] {
        let reply = class.as_pupil(&sam, method, path, None);
        assert_eq!(reply.status, 403, "{path}");
        assert_eq!(reply.error(), told["error"], "{path}");
    }
    let again = class.answer(&sam, json!({ "task": id, "to": [3, 4, 7] }));
    assert_eq!(again.status, 403, "{}", again.body);
    // Another pupil's stream goes on.
    class.set(json!({ "kind": "move", "position": "1 2" }));
    assert!(als.next_named("task", soon()).is_some());

    // The name and the seat are free; the lines Sam had stay.
    let names = class.teacher("GET", "/api/class/pupils", None).json();
    assert_eq!(names["names"], json!(["Al"]));
    assert_eq!(names["joined"], 1);
    let new_sam = class.pupil("Sam");
    assert_ne!(new_sam, sam);
    let tally = class.teacher("GET", "/api/class/tally", None).json();
    assert_eq!(tally["joined"], 2);
    let rows = csv_rows(&class.teacher("GET", "/api/class/results.csv", None).body);
    let lines: Vec<[&str; 3]> = rows[1..]
        .iter()
        .map(|r| [r[0].as_str(), r[1].as_str(), r[4].as_str()])
        .collect();
    // At task 2 the first Sam was gone, and the new one joined while it
    // was open.
    assert_eq!(
        lines,
        [
            ["Sam", "1", "good"],
            ["Al", "1", "none"],
            ["Al", "2", "none"],
            ["Sam", "2", "none"],
        ]
    );
}

#[test]
fn names_that_hide_characters_or_pass_for_another_are_refused() {
    let class = Class::open();
    class.pupil("Sam");
    for hidden in [
        "Sam\u{200B}",
        "\u{202E}evil",
        "S\u{200D}am",
        "\u{FEFF}Al",
        "Al\u{2066}",
    ] {
        let reply = class.join(hidden);
        assert_eq!(reply.status, 400, "{hidden:?}: {}", reply.body);
        assert!(reply.error().contains("cannot be seen"), "{}", reply.body);
    }
    for same in ["SAM", "ｓａｍ", "Sam\u{FE0F}", "sam  "] {
        let reply = class.join(same);
        assert_eq!(reply.status, 409, "{same:?}: {}", reply.body);
        assert!(reply.error().contains("'Sam'"), "{}", reply.body);
    }
    // Another alphabet's letters are another name, which the teacher sees.
    for other in ["\u{405}am", "Zoë", "👩\u{200D}🚀"] {
        let reply = class.join(other);
        assert_eq!(reply.status, 200, "{other:?}: {}", reply.body);
    }
    let names = class.teacher("GET", "/api/class/pupils", None).json();
    assert_eq!(
        names["names"],
        json!(["Sam", "\u{405}am", "Zoë", "👩\u{200D}🚀"])
    );
}

#[test]
fn a_question_of_yes_or_no_takes_one_try() {
    let class = Class::open();
    for task in [
        json!({ "kind": "can-you-win", "position": "4 5 6 7", "tries": "until-right" }),
        json!({
            "kind": "lesson", "lesson": "three-five-seven", "question": 1,
            "tries": "until-right",
        }),
    ] {
        let reply = class.teacher("POST", "/api/class/task", Some(&task));
        assert_eq!(reply.status, 400, "{task}: {}", reply.body);
        assert!(reply.error().contains("one try"), "{}", reply.body);
        let mut once = task.clone();
        once["tries"] = json!("one");
        class.set(once);
    }
    // A lesson's question of a move may still be tried until right.
    class.set(json!({
        "kind": "lesson", "lesson": "three-five-seven", "question": 2, "tries": "until-right",
    }));
}

#[test]
fn limits_are_said_in_words_not_by_the_codes_names() {
    let class = Class::open();
    let rows = vec!["1"; 21].join(" ");
    let reply = class.teacher(
        "POST",
        "/api/class/task",
        Some(&json!({ "kind": "move", "position": rows })),
    );
    assert_eq!(reply.status, 400, "{}", reply.body);
    let why = reply.error();
    assert!(
        why.contains("at most 20 rows") && why.contains("21"),
        "{why}"
    );
    assert!(!why.contains("MOST_"), "{why}");
}

#[test]
fn the_projector_is_told_each_move_in_a_few_words_naming_every_group_left_over() {
    let class = Class::open();
    let id = class.set(json!({ "kind": "move", "position": "2 6 9" }));
    let sam = class.pupil("Sam");
    let al = class.pupil("Al");
    class.answer(&sam, json!({ "task": id, "to": [0, 6, 9] }));
    class.answer(&al, json!({ "task": id, "to": [2, 6, 4] }));
    let tally = class.teacher("GET", "/api/class/tally", None).json();
    let brief = |to: Value| {
        let moves = tally["moves"].as_array().unwrap();
        let seen = moves.iter().find(|m| m["to"] == to).unwrap();
        seen["brief"].as_str().unwrap().to_string()
    };
    // 6 is 4 + 2 and 9 is 8 + 1: four groups without a partner.
    assert_eq!(
        brief(json!([0, 6, 9])),
        "leaves groups of 8, 4, 2 and 1 without a partner"
    );
    assert_eq!(brief(json!([2, 6, 4])), "leaves every group with a partner");
    for m in tally["moves"].as_array().unwrap() {
        assert!(!m["brief"].as_str().unwrap().contains("your"), "{m}");
    }

    // Two rows a move: every size left out of full threes is named.
    let id = class.set(json!({ "kind": "move", "position": "3 5 6", "rows_per_move": 2 }));
    for (token, to) in [(&sam, [3, 3, 6]), (&al, [0, 0, 6])] {
        let reply = paced(|| class.answer(token, json!({ "task": id, "to": to })));
        assert_eq!(reply.status, 200, "{}", reply.body);
    }
    let tally = class.teacher("GET", "/api/class/tally", None).json();
    let brief = |to: Value| {
        let moves = tally["moves"].as_array().unwrap();
        let seen = moves.iter().find(|m| m["to"] == to).unwrap();
        seen["brief"].as_str().unwrap().to_string()
    };
    // 3 3 6: two 1s and one 4 are left over; 0 0 6: one 4 and one 2.
    assert_eq!(
        brief(json!([3, 3, 6])),
        "leaves groups of 4 and 1 out of full threes"
    );
    assert_eq!(
        brief(json!([0, 0, 6])),
        "leaves groups of 4 and 2 out of full threes"
    );
}

/// Plays `moves` in `token`'s game of task `id`.
fn play(class: &Class, token: &str, id: u64, moves: &[Value]) -> Value {
    let body = json!({ "task": id, "moves": moves, "hints": 0 });
    let reply = paced(|| class.as_pupil(token, "POST", "/api/class/play", Some(&body)));
    assert_eq!(reply.status, 200, "{}", reply.body);
    reply.json()
}

#[test]
fn a_game_counts_from_the_first_move_and_only_pupils_who_were_there_have_lines() {
    let class = Class::open();
    let sam = class.pupil("Sam");
    let al = class.pupil("Al");
    let jo = class.pupil("Jo");
    let id = class.set(json!({
        "kind": "game", "position": "1 2", "normal": true, "level": "perfect",
        "first": "me", "tries": "until-right",
    }));
    // Sam opens the game and moves; Al only opens it; Jo loses, then
    // opens a new game.
    play(&class, &sam, id, &[]);
    play(&class, &al, id, &[]);
    play(&class, &jo, id, &[]);
    let sam_game = play(&class, &sam, id, &[json!({ "row": 2, "take": 1 })]);
    assert_eq!(sam_game["over"], false);
    // When the last stick wins, 1 2 is won by taking 1 from row 2, and
    // taking row 2 whole lets the computer take the last stick.
    let lost = play(&class, &jo, id, &[json!({ "row": 2, "take": 2 })]);
    assert_eq!(lost["over"], true);
    assert_eq!(lost["winner"], "computer");
    play(&class, &jo, id, &[]);
    let tally = class.teacher("GET", "/api/class/tally", None).json();
    assert_eq!(
        tally["games"],
        json!({ "won": 0, "lost": 1, "playing": 1, "unfinished": 0, "not_started": 1 })
    );
    assert_eq!(tally["answered"], 1);

    let closed = class.teacher("POST", "/api/class/close", Some(&json!({})));
    assert_eq!(closed.status, 200);
    let tally = class.teacher("GET", "/api/class/tally", None).json();
    assert_eq!(
        tally["games"],
        json!({ "won": 0, "lost": 1, "playing": 0, "unfinished": 1, "not_started": 1 })
    );
    // Bo joins after the game was closed, and is there for the next task.
    let bo = class.pupil("Bo");
    let next = class.set(json!({ "kind": "can-you-win", "position": "1 2 3" }));
    class.answer(&bo, json!({ "task": next, "answer": "no" }));
    let rows = csv_rows(&class.teacher("GET", "/api/class/results.csv", None).body);
    let title = "1 2 (last stick wins): a game against the computer, level perfect, \
                 the pupil starts";
    let lines: Vec<Vec<&str>> = rows[1..]
        .iter()
        .map(|r| r.iter().map(String::as_str).take(6).collect())
        .collect();
    let cyw = "1 2 3 (last stick loses): can you win?";
    assert_eq!(
        lines,
        [
            vec!["Sam", "1", title, "1 move", "unfinished", "1"],
            vec!["Al", "1", title, "", "none", "0"],
            vec!["Jo", "1", title, "1 move", "lost", "1"],
            vec!["Sam", "2", cyw, "", "none", "0"],
            vec!["Al", "2", cyw, "", "none", "0"],
            vec!["Jo", "2", cyw, "", "none", "0"],
            vec!["Bo", "2", cyw, "no", "good", "1"],
        ]
    );
}

#[test]
fn a_lessons_task_says_which_lesson_and_question_it_was() {
    let class = Class::open();
    let sam = class.pupil("Sam");
    let id = class.set(json!({ "kind": "lesson", "lesson": "winning-move", "question": 1 }));
    let task = class.as_pupil(&sam, "GET", "/api/class/task", None).json();
    assert!(
        task["task"]["question"]
            .as_str()
            .unwrap()
            .contains("from row 1")
    );
    // The question names row 1, but a winning move in row 2 wins as well,
    // as the terminal's lesson judges it, and the lesson says so.
    let other_row = class.answer(&sam, json!({ "task": id, "to": [6, 1, 7] }));
    assert_eq!(other_row.json()["verdict"], "good", "{}", other_row.body);
    let tab = json!({
        "name": "winning-move", "question": 1, "tries": [{ "try": "to", "to": [6, 1, 7] }],
    });
    let tab = class.teacher("POST", "/page/lesson/answer", Some(&tab));
    assert_eq!(tab.status, 200, "{}", tab.body);
    assert!(
        tab.body.contains("Taking 4 from row 2 or from row 3 works"),
        "{}",
        tab.body
    );
    let rows = csv_rows(&class.teacher("GET", "/api/class/results.csv", None).body);
    assert_eq!(
        rows[1][2],
        "6 5 7 (last stick loses): question 1 of the lesson \"Finding the winning move\""
    );
}

#[test]
fn every_refusal_a_page_shows_is_plain_words_about_the_class() {
    let class = Class::open();
    let sam = class.pupil("Sam");
    let wrong_key = "0".repeat(class.key().len());
    let mut said = Vec::new();
    // The wrong key on the teacher's page, no key, and a pupil at `/`.
    let wrong = [("X-Teacher", wrong_key.as_str())];
    said.push(http::request(class.addr(), "GET", "/api/class/tally", &wrong, None).error());
    said.push(http::request(class.addr(), "GET", "/api/class/tally", &[], None).error());
    let page = http::request(class.addr(), "GET", "/", &[("X-Pupil", &sam)], None);
    assert_eq!(page.status, 403);
    said.push(page.body.clone());
    // A bar too big for a task that no computer plays, of either kind.
    for kind in ["move", "can-you-win"] {
        let task = json!({"kind": kind, "game": "chomp", "position": "12x12"});
        let reply = class.teacher("POST", "/api/class/task", Some(&task));
        assert_eq!(reply.status, 400, "{}", reply.body);
        let why = reply.error();
        assert!(why.starts_with("a task is worked out"), "{why}");
        assert!(
            why.contains("2,704,156") && why.contains("2,000,000"),
            "{why}"
        );
        for not_here in ["computer", "Explain this bar", "play on"] {
            assert!(!why.contains(not_here), "{why}");
        }
        said.push(why);
    }
    // Who starts a game, in a teacher's words.
    let game = json!({"kind": "game", "position": "3 5 7", "first": "you"});
    let reply = class.teacher("POST", "/api/class/task", Some(&game));
    assert_eq!(reply.status, 400, "{}", reply.body);
    let why = reply.error();
    assert!(
        why.starts_with("'you' is not who starts: choose me"),
        "{why}"
    );
    assert!(
        why.contains("the pupil") && why.contains("computer"),
        "{why}"
    );
    said.push(why);
    // What a pupil's page says without a connection comes from the server.
    let me = class.as_pupil(&sam, "GET", "/api/class/me", None).json();
    let offline = me["offline"].as_str().unwrap().to_string();
    assert!(offline.contains("No connection"), "{offline}");
    assert!(!offline.contains("matchsticks"), "{offline}");
    said.push(offline);
    for words in &said {
        assert!(!words.contains('`'), "Markdown shown as typed: {words}");
    }
}

#[test]
fn the_book_quotes_the_words_a_task_asks_as_the_server_says_them() {
    let class = Class::open();
    let sam = class.pupil("Sam");
    let book =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/src/class.md")).unwrap();
    // A quote may be broken across lines in the book.
    let book = book.split_whitespace().collect::<Vec<_>>().join(" ");
    let mut quoted = Vec::new();
    for kind in ["move", "can-you-win"] {
        class.set(json!({ "kind": kind, "position": "3 5 7" }));
        let task = class.teacher("GET", "/api/class/task", None).json();
        quoted.push(task["task"]["question"].as_str().unwrap().to_string());
    }
    let me = class.as_pupil(&sam, "GET", "/api/class/me", None).json();
    quoted.push(me["offline"].as_str().unwrap().to_string());
    for words in &quoted {
        assert!(
            book.contains(words.as_str()),
            "class.md does not say {words:?}"
        );
    }
}
