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
use matchsticks::serve::connections::IDLE_TIMEOUT;
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
    let reply = class.get(&format!(
        "/api/check?position={position}&to={}",
        to.join(",")
    ));
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
        assert_eq!(row[2], "3 5 7 (last stick loses)");
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
    let class = Class::open();
    let sam = class.pupil("Sam");
    let mut events = Events::open(class.addr(), "/api/class/events", &[("X-Pupil", &sam)]);
    let soon = Instant::now() + Duration::from_secs(5);
    assert_eq!(
        events.next_named("task", soon),
        Some(json!({ "task": null }))
    );
    // Nothing happens for longer than a connection may wait idle.
    let quiet = Instant::now() + IDLE_TIMEOUT + Duration::from_secs(2);
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

/// The move `explain` recommends at `rows`, as a game's move.
fn best_move(class: &Class, rows: &Value) -> Value {
    let rows: Vec<String> = rows
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.to_string())
        .collect();
    let explained = class.get(&format!("/api/explain?position={}", rows.join(",")));
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
    let explain = class.get("/api/explain?position=1,2,3").json();
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
    thread::sleep(Duration::from_secs(1));
    let bite = class.answer(&sam, json!({ "task": id, "bite": [2, 2] }));
    let check = class.get("/api/chomp/check?shape=4x5&bite=2,2");
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
    let lesson = class.get("/page/lesson?name=copy-cat").json();
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
    for (token, wins) in [(&sam, true), (&al, false)] {
        let mut moves: Vec<Value> = Vec::new();
        let mut game = Value::Null;
        for _ in 0..30 {
            // Slow enough for the limit on each pupil.
            thread::sleep(Duration::from_millis(500));
            let body = json!({ "task": id, "moves": moves, "hints": 0 });
            let reply = class.as_pupil(token, "POST", "/api/class/play", Some(&body));
            assert_eq!(reply.status, 200, "{}", reply.body);
            game = reply.json();
            let me = class.as_pupil(token, "GET", "/api/class/me", None).json();
            let seed = me["game"]["seed"].as_u64().unwrap();
            let page = json!({
                "position": "3 5 7", "level": "perfect", "first": "me",
                "seed": seed, "moves": moves, "hints": 0,
            });
            let page = http::post(class.addr(), "/page/play", &page.to_string());
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
        let refused = class.as_pupil(token, "POST", "/api/class/play", Some(&more));
        assert_eq!(refused.status, 409, "{}", refused.body);
    }
    let tally = class.teacher("GET", "/api/class/tally", None).json();
    assert_eq!(tally["games"], json!({ "won": 1, "lost": 1, "playing": 0 }));
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
    assert!(
        reply.error().contains("EXPENSIVE_PERCENT"),
        "{}",
        reply.body
    );
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
        .map(|_| thread::spawn(move || http::get(addr, "/api/chomp/explain?shape=11x11").status))
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
