//! The classroom page's server, started in this process on a free port and
//! called over real HTTP: every endpoint, what it refuses, the body cap,
//! and thirty games at once, each move checked against a plain search.

use crate::common;

use common::http::{self, Reply};

use std::collections::HashMap;
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::sync::OnceLock;

use matchsticks::serve::{MOST_BODY_BYTES, Server};
use serde_json::{Value, json};

/// One server for every test here.
fn server() -> SocketAddr {
    static SERVER: OnceLock<Server> = OnceLock::new();
    SERVER
        .get_or_init(|| Server::start("127.0.0.1:0".parse().unwrap()).unwrap())
        .addr()
}

fn get(path: &str) -> Reply {
    http::get(server(), path)
}

fn post(path: &str, body: &str) -> Reply {
    http::post(server(), path, body)
}

/// What the command line prints for `args`, as JSON.
fn cli_json(args: &[&str]) -> Value {
    let out = common::matchsticks().args(args).output().unwrap();
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn the_api_returns_what_the_command_line_prints() {
    let cases: &[(&str, &[&str])] = &[
        (
            "/api/explain?position=3,5,7",
            &["explain", "3", "5", "7", "--format", "json"],
        ),
        (
            "/api/explain?position=3+4+5&normal=1&xor=1",
            &[
                "explain", "3", "4", "5", "--normal", "--xor", "--format", "json",
            ],
        ),
        (
            "/api/explain?position=21&take=1-3",
            &["explain", "21", "--take", "1-3", "--format", "json"],
        ),
        (
            "/api/check?position=3,5,7&to=2,5,7",
            &[
                "check", "3", "5", "7", "--to", "2", "5", "7", "--format", "json",
            ],
        ),
        (
            "/api/check?position=3,5,7&row=3&remove=2&normal=1",
            &[
                "check", "3", "5", "7", "--row", "3", "--remove", "2", "--normal", "--format",
                "json",
            ],
        ),
        (
            "/api/check?position=21&take=1-3&row=1&remove=3",
            &[
                "check", "21", "--take", "1-3", "--row", "1", "--remove", "3", "--format", "json",
            ],
        ),
        (
            "/api/table?position=3,5,7&losing=1",
            &["table", "3", "5", "7", "--losing", "--format", "json"],
        ),
    ];
    for (path, args) in cases {
        let reply = get(path);
        assert_eq!(reply.status, 200, "{path}: {}", reply.body);
        assert_eq!(reply.json(), cli_json(args), "{path}");
    }
}

#[test]
fn an_illegal_move_gets_422_with_what_check_prints() {
    let reply = get("/api/check?position=3,5,7&to=2,5,8");
    assert_eq!(reply.status, 422);
    let printed = cli_json(&[
        "check", "3", "5", "7", "--to", "2", "5", "8", "--format", "json",
    ]);
    assert_eq!(reply.json(), printed);
    assert_eq!(printed["legal"], false);
    let page = get("/page/check?position=3,5,7&row=4&remove=1");
    assert_eq!(page.status, 422);
    assert_eq!(page.json()["legal"], false);
    assert_eq!(page.error(), "There is no row 4, only rows 1 to 3.");
}

#[test]
fn bad_input_gets_400_with_the_command_lines_message() {
    let stderr = |args: &[&str]| {
        let out = common::matchsticks().args(args).output().unwrap();
        assert_eq!(out.status.code(), Some(2));
        let text = String::from_utf8(out.stderr).unwrap();
        text.trim_end().strip_prefix("error: ").unwrap().to_string()
    };
    let cases: &[(&str, &[&str])] = &[
        ("/api/explain?position=3,x", &["explain", "3", "x"]),
        (
            "/api/explain?position=3,5&take=0",
            &["explain", "3", "5", "--take", "0"],
        ),
        (
            "/api/explain?position=3,5&take=1-3&xor=1",
            &["explain", "3", "5", "--take", "1-3", "--xor"],
        ),
        (
            "/api/table?position=40,40,40,40",
            &["table", "40", "40", "40", "40"],
        ),
        ("/api/check?position=3,5,7", &["check", "3", "5", "7"]),
        (
            "/api/check?position=3,5,7&row=1",
            &["check", "3", "5", "7", "--row", "1"],
        ),
        ("/api/explain?position=-1", &["explain", "--", "-1"]),
    ];
    for (path, args) in cases {
        let reply = get(path);
        assert_eq!(reply.status, 400, "{path}: {}", reply.body);
        assert_eq!(reply.error(), stderr(args), "{path}");
    }
    // What only a request can get wrong.
    let unknown = get("/api/explain?position=3&colour=red");
    assert_eq!(unknown.status, 400);
    assert!(unknown.error().starts_with("unknown parameter 'colour'"));
    assert_eq!(get("/api/explain").error(), "missing parameter 'position'");
    assert_eq!(get("/page/table").status, 400);
}

#[test]
fn the_page_endpoints_send_documents_as_html() {
    let explain = get("/page/explain?position=3,4,5").json();
    assert_eq!(explain["outcome"], "win");
    let steps = explain["steps"].as_array().unwrap();
    let cli = cli_json(&["explain", "3", "4", "5", "--format", "json"]);
    assert_eq!(steps.len(), cli["steps"].as_array().unwrap().len());
    assert!(
        steps
            .iter()
            .all(|s| s["html"].as_str().unwrap().starts_with("<section"))
    );

    let board = get("/page/board?position=21&take=1-3").json();
    assert_eq!(board["rows"], json!([21]));
    assert_eq!(board["buttons"], json!([1, 2, 3]));
    // Every stick drawn, and the same row in bundles of ten with the one
    // stick left over, for a board too narrow to click them one by one.
    let (sticks, bundles) = board["board"]
        .as_str()
        .unwrap()
        .split_once("class=\"as-bundles\"")
        .unwrap();
    assert_eq!(sticks.matches("data-stick=").count(), 21);
    assert_eq!(bundles.matches("data-from=").count(), 2);
    assert_eq!(bundles.matches("data-stick=\"21\"").count(), 1);
    let nim = get("/page/board?position=3,5,7").json();
    assert_eq!(nim["buttons"], Value::Null);
    assert_eq!(
        nim["board"]
            .as_str()
            .unwrap()
            .matches("data-row=\"3\"")
            .count(),
        7
    );

    let check = get("/page/check?position=3,5,7&row=3&remove=2").json();
    assert_eq!(check["verdict"], "mistake");
    assert_eq!(check["after"]["rows"], json!([3, 5, 5]));
    assert!(
        check["html"]
            .as_str()
            .unwrap()
            .contains("class=\"verdict mistake\"")
    );

    let table = get("/page/table?position=3,5,7").json();
    assert!(table["html"].as_str().unwrap().contains("<table"));
}

#[test]
fn the_pages_files_are_served_from_the_program() {
    let page = get("/");
    assert_eq!(page.status, 200);
    assert!(page.headers["content-type"].starts_with("text/html"));
    assert!(page.body.contains("<script type=\"module\""));
    for asset in matchsticks::serve::assets::ASSETS {
        let reply = get(asset.path);
        assert_eq!(reply.status, 200, "{}", asset.path);
        assert_eq!(reply.headers["content-type"], asset.kind);
        assert_eq!(reply.body, asset.text);
    }
    assert_eq!(get("/no-such-file.js").status, 404);
    assert_eq!(get("/../Cargo.toml").status, 404);
    // The wrong method is refused, not served.
    assert_eq!(post("/api/explain?position=3", "").status, 405);
}

#[test]
fn lessons_are_listed_sent_without_answers_and_answered() {
    let list = get("/page/lessons").json();
    let names: Vec<&str> = list["lessons"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["name"].as_str().unwrap())
        .collect();
    let bundled: Vec<&str> = matchsticks::lesson::bundled::LESSONS
        .iter()
        .map(|l| l.name)
        .collect();
    assert_eq!(names, bundled);
    for name in &names {
        let lesson = get(&format!("/page/lesson?name={name}"));
        assert_eq!(lesson.status, 200, "{name}");
        assert!(
            !lesson.body.contains("\"answer\""),
            "{name} gives an answer away"
        );
    }
    let lesson = get("/page/lesson?name=pairing-groups").json();
    let question = lesson["parts"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["kind"] == "question")
        .unwrap();
    let rows: Vec<u64> = serde_json::from_value(question["board"]["rows"].clone()).unwrap();

    // A hint, then every move until one is good: each answered, none
    // settling the question but a winning one. Where no move wins, every
    // try is told only that it does not win, and the "no" settles it.
    let mut tries = vec![json!({"try": "hint"})];
    let answer = |tries: &[Value]| {
        let body = json!({"name": "pairing-groups", "question": 1, "tries": tries});
        post("/page/lesson/answer", &body.to_string())
    };
    let hinted = answer(&tries).json();
    assert_eq!(hinted["said"]["kind"], "hint");
    assert_eq!(hinted["answer"], Value::Null);
    let mut settled = false;
    'moves: for (i, &n) in rows.iter().enumerate() {
        for take in 1..=n {
            tries.push(json!({"try": "move", "row": i + 1, "take": take}));
            let reply = answer(&tries).json();
            let kind = reply["said"]["kind"].as_str().unwrap().to_string();
            let mut after = rows.clone();
            after[i] -= take;
            assert_eq!(kind == "good", !wins(&after, None), "{after:?}: {kind}");
            if reply["settled"] == true {
                assert!(
                    reply["answer"]["answer"]
                        .as_str()
                        .unwrap()
                        .starts_with("Answer: ")
                );
                settled = true;
                break 'moves;
            }
            assert_eq!(reply["answer"], Value::Null, "{after:?}");
            if !wins(&rows, None) {
                assert_eq!(kind, "tried", "{after:?}");
            }
        }
    }
    if !wins(&rows, None) {
        assert!(!settled, "a move settled a question where no move wins");
        tries.push(json!({"try": "no"}));
        let no = answer(&tries).json();
        assert_eq!(no["said"]["kind"], "right");
        settled = no["settled"] == true;
    }
    assert!(settled);

    let illegal = answer(&[json!({"try": "move", "row": 9, "take": 1})]);
    assert_eq!(illegal.status, 422);
    let shown = answer(&[json!({"try": "show"})]).json();
    assert!(shown["answer"]["answer"].is_string());
    assert_eq!(answer(&[json!({"try": "guess"})]).status, 400);
    let unknown = get("/page/lesson?name=..%2F..%2Fetc%2Fpasswd");
    assert_eq!(unknown.status, 400);
    assert!(unknown.error().starts_with("there is no lesson called"));
}

#[test]
fn a_no_at_a_move_question_is_heard_as_the_terminal_hears_it() {
    let answer = |name: &str, tries: &[Value]| {
        let body = json!({"name": name, "question": 1, "tries": tries});
        post("/page/lesson/answer", &body.to_string()).json()
    };
    // 1 2 3 is lost: "no move wins" is the right answer, and settles it.
    let no = answer("why-it-works", &[json!({"try": "no"})]);
    assert_eq!(no["said"]["kind"], "right");
    assert_eq!(no["settled"], true);
    assert_eq!(
        no["said"]["words"][0],
        "Right: every group already has a partner, so whatever you take breaks a pair, and \
         your opponent can pair everything up again: no move wins here."
    );
    // 4 6 is won: a "no" is told that a move wins, with a hint, and the
    // question waits for the move.
    let no = answer("copy-cat", &[json!({"try": "no"})]);
    assert_eq!(no["said"]["kind"], "not-quite");
    assert_eq!(no["settled"], false);
    let words = no["said"]["words"][0].as_str().unwrap();
    assert!(
        words.starts_with("Not quite: a move wins here, so look again. Hint: "),
        "{words}"
    );
    // A move from several rows is sent as the rows it leaves: taken where
    // a move may take from two rows, refused as the rules refuse it where
    // it may not.
    let two = json!({"name": "one-or-two-rows", "question": 3, "tries": [{"try": "to", "to": [3, 3, 3]}]});
    let good = post("/page/lesson/answer", &two.to_string()).json();
    assert_eq!(good["said"]["kind"], "good");
    let one = json!({"name": "copy-cat", "question": 1, "tries": [{"try": "to", "to": [3, 5]}]});
    let refused = post("/page/lesson/answer", &one.to_string());
    assert_eq!(refused.status, 422, "{}", refused.body);
    // Hints run out: the page is told, so its Hint button stops.
    let mut tries = vec![json!({"try": "hint"})];
    while answer("why-it-works", &tries)["more_hints"] == true {
        assert!(tries.len() < 10, "hints never run out");
        tries.push(json!({"try": "hint"}));
    }
    let last = answer("why-it-works", &tries);
    assert_eq!(last["said"]["kind"], "hint");
    // Before the last hint, none of them says that no move wins.
    for given in 1..tries.len() {
        let said = answer("why-it-works", &tries[..given]);
        let hint = said["said"]["words"][0].as_str().unwrap();
        assert!(!hint.contains("no move wins"), "hint {given}: {hint}");
    }
}

#[test]
fn the_page_is_refused_in_its_own_words_with_no_flag_or_command() {
    let play = |body: &str| post("/page/play", body);
    let refusals = [
        play(r#"{"position": "", "moves": []}"#),
        play(r#"{"position": "3 5 7", "take": "0-3", "moves": []}"#),
        play(r#"{"position": "3 5 7", "take": "abc", "moves": []}"#),
        get("/page/explain"),
        get("/page/explain?position=3+5+7&take=5-1"),
        get("/page/explain?position=3+5+7&take=1-3&xor=1"),
        get("/page/check?position=3+5+7&take=0-3&row=1&remove=1"),
        get("/page/table"),
        get("/page/table?position=3&take=x"),
        get("/page/board?position=3&take=0"),
        get("/page/chomp/board"),
        get("/page/worksheet?kind=make-groups"),
        get("/page/worksheet?kind=make-groups&seed=1&max_sticks=x"),
        get("/page/lesson?name=no-such-lesson"),
    ];
    for reply in &refusals {
        let why = reply.error();
        assert_eq!(reply.status, 400, "{why}");
        for terminal in ["--", "`", "matchsticks ", "parameter", "max_sticks"] {
            assert!(!why.contains(terminal), "{terminal:?} in: {why}");
        }
    }
    assert_eq!(
        refusals[1].error(),
        "Take '0-3': 0 cannot be a take: every move takes at least one stick"
    );
    assert_eq!(refusals[3].error(), refusals[0].error());
    // The API keeps the command line's words, as --format json prints them.
    assert!(
        get("/api/explain?position=3&take=0")
            .error()
            .starts_with("invalid --take '0'")
    );
}

#[test]
fn bodies_are_capped() {
    let big = format!(
        "{{\"position\": \"3 5 7\", \"moves\": [], \"pad\": \"{}\"}}",
        "x".repeat(MOST_BODY_BYTES)
    );
    let reply = post("/page/play", &big);
    assert_eq!(reply.status, 413);
    assert_eq!(
        reply.error(),
        "the request is bigger than 65,536 bytes (64 KB), the most read"
    );
    // Just under the cap is read, and refused for what it says.
    let padded = format!(
        "{{\"position\": \"3 5 7\"{}}}",
        " ".repeat(MOST_BODY_BYTES - 40)
    );
    assert_eq!(post("/page/play", &padded).status, 200);
    let bad = post("/page/play", "{\"position\": \"3 5 7\", \"pad\": 1}");
    assert_eq!(bad.status, 400);
    assert!(
        bad.error()
            .starts_with("the game could not be read: unknown field `pad`")
    );
    let illegal = post(
        "/page/play",
        "{\"position\": \"21\", \"take\": \"1-3\", \"moves\": [{\"row\": 1, \"take\": 4}]}",
    );
    assert_eq!(illegal.status, 422);
    assert_eq!(illegal.error(), "In this game a move takes 1 to 3 sticks.");
}

/// Whether the player to move wins from `rows`, by plain search: a move
/// takes from one row (only `takes`, when given), and whoever cannot move
/// has won, because the other player took the last stick.
fn wins(rows: &[u64], takes: Option<&[u64]>) -> bool {
    fn search(
        rows: &mut Vec<u64>,
        takes: Option<&[u64]>,
        seen: &mut HashMap<Vec<u64>, bool>,
    ) -> bool {
        let mut key = rows.clone();
        key.sort_unstable();
        if let Some(&known) = seen.get(&key) {
            return known;
        }
        let mut any_move = false;
        let mut won = false;
        'rows: for i in 0..rows.len() {
            for take in 1..=rows[i] {
                if takes.is_some_and(|t| !t.contains(&take)) {
                    continue;
                }
                any_move = true;
                rows[i] -= take;
                let loses = !search(rows, takes, seen);
                rows[i] += take;
                if loses {
                    won = true;
                    break 'rows;
                }
            }
        }
        let result = won || !any_move;
        seen.insert(key, result);
        result
    }
    search(&mut rows.to_vec(), takes, &mut HashMap::new())
}

/// A game played to its end through `/page/play`, the pupil always making
/// the first move the test finds; every computer move is checked.
fn play_out(start: &[u64], take: Option<&[u64]>, first: &str, seed: u64) -> Value {
    let position = start
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(" ");
    let take_text = take.map(|t| t.iter().map(u64::to_string).collect::<Vec<_>>().join(","));
    let mut moves: Vec<Value> = Vec::new();
    loop {
        let body = json!({
            "position": position, "take": take_text, "first": first,
            "seed": seed, "moves": moves,
        });
        let reply = post("/page/play", &body.to_string());
        assert_eq!(reply.status, 200, "{}", reply.body);
        let game = reply.json();
        // Every computer move from a won position keeps the win.
        let told = game["moves"].as_array().unwrap();
        let mut before = start.to_vec();
        for m in told {
            let after: Vec<u64> = serde_json::from_value(m["rows_after"].clone()).unwrap();
            if m["side"] == "computer" && wins(&before, take) {
                assert!(
                    !wins(&after, take),
                    "{before:?} -> {after:?} throws the win away"
                );
            }
            before = after;
        }
        if game["over"] == true {
            return game;
        }
        assert_eq!(game["to_move"], "pupil");
        let rows: Vec<u64> = serde_json::from_value(game["position"]["rows"].clone()).unwrap();
        let (row, n) = rows.iter().enumerate().find(|(_, n)| **n > 0).unwrap();
        let amount = match take {
            Some(t) => *t.iter().filter(|&&k| k <= *n).min().unwrap(),
            None => 1,
        };
        moves.push(json!({"row": row + 1, "take": amount}));
    }
}

#[test]
fn thirty_games_at_once_are_each_answered_correctly() {
    let games: Vec<std::thread::JoinHandle<()>> = (0..30u64)
        .map(|i| {
            std::thread::spawn(move || {
                let (start, take): (Vec<u64>, Option<&[u64]>) = match i % 3 {
                    0 => (vec![3, 5, 7], None),
                    1 => (vec![21], Some(&[1, 2, 3])),
                    _ => (vec![1 + i % 4, 2 + i % 5, 4], None),
                };
                let first = if i % 2 == 0 { "me" } else { "computer" };
                let game = play_out(&start, take, first, i);
                // The computer plays perfectly: it wins whenever it could.
                let pupil_starts = first == "me";
                let computer_could = wins(&start, take) != pupil_starts;
                if computer_could {
                    assert_eq!(game["winner"], "computer", "{start:?} {first}");
                }
                assert!(game["review"].as_str().unwrap().contains("<article"));
                assert!(game["result"].is_string());
            })
        })
        .collect();
    for game in games {
        game.join().unwrap();
    }
}

#[test]
fn a_game_gives_hints_one_at_a_time_and_takes_moves_back() {
    let ask = |moves: Value, hints: usize| {
        let body = json!({"position": "3 5 7", "first": "me", "moves": moves, "hints": hints});
        post("/page/play", &body.to_string()).json()
    };
    let fresh = ask(json!([]), 0);
    assert_eq!(fresh["hints"], json!([]));
    let total = fresh["hints_total"].as_u64().unwrap() as usize;
    assert!(total >= 2);
    let one = ask(json!([]), 1);
    assert_eq!(one["hints"].as_array().unwrap().len(), 1);
    let all = ask(json!([]), total);
    assert_eq!(all["hints"].as_array().unwrap().len(), total);
    // The last hint is the move.
    let last = all["hints"][total - 1]
        .as_str()
        .unwrap()
        .replace('\u{a0}', " ");
    assert!(last.contains("take 1"), "{last}");
    // Undo is one move fewer: the same game as before that move.
    let moved = ask(json!([{"row": 3, "take": 7}]), 0);
    assert_eq!(moved["moves"].as_array().unwrap().len(), 2);
    assert_eq!(ask(json!([]), 0)["position"], fresh["position"]);
}

#[test]
fn the_review_counts_the_help_the_page_sends() {
    let body = json!({
        "position": "3 5 7", "first": "me", "moves": [{"row": 3, "take": 2}],
        "review": true, "taken_back": 1, "hints_used": 3, "shown": 2,
    });
    let game = post("/page/play", &body.to_string()).json();
    let review = game["review"].as_str().unwrap().replace('\u{a0}', " ");
    assert!(review.contains("You took back 1 move."), "{review}");
    assert!(
        review.contains("You asked for 3 hints and saw the answer twice."),
        "{review}"
    );
    assert!(
        review.contains("Your 1st move, at 3 5 7: you took 2 from row 3."),
        "{review}"
    );
    // Left out, the counts are nothing to tell.
    let body = json!({"position": "3 5 7", "moves": [{"row": 3, "take": 2}], "review": true});
    let game = post("/page/play", &body.to_string()).json();
    assert!(!game["review"].as_str().unwrap().contains("hint"));
}

/// Runs `matchsticks serve` with `args`, reads its address from the first
/// line, and returns the child and the address.
fn serve_command(args: &[&str]) -> (std::process::Child, String) {
    use std::io::BufRead;
    let mut child = common::matchsticks()
        .arg("serve")
        .args(args)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    std::io::BufReader::new(child.stdout.as_mut().unwrap())
        .read_line(&mut first)
        .unwrap();
    (child, first.trim_end().to_string())
}

/// Sends Ctrl-C's signal to the child and returns what it printed.
fn interrupt(mut child: std::process::Child) -> std::process::Output {
    let killed = std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let status = child.wait().unwrap();
    let mut stdout = String::new();
    let mut stderr = String::new();
    child
        .stdout
        .take()
        .unwrap()
        .read_to_string(&mut stdout)
        .unwrap();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    std::process::Output {
        status,
        stdout: stdout.into_bytes(),
        stderr: stderr.into_bytes(),
    }
}

#[test]
fn serve_prints_its_address_first_and_stops_cleanly_on_ctrl_c() {
    let (child, url) = serve_command(&["--port", "0"]);
    let port = url
        .strip_prefix("http://127.0.0.1:")
        .unwrap_or_else(|| panic!("not an address: {url}"));
    let addr: SocketAddr = format!("127.0.0.1:{port}").parse().unwrap();
    let mut stream = TcpStream::connect(addr).unwrap();
    stream
        .write_all(
            format!("GET / HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n").as_bytes(),
        )
        .unwrap();
    let mut page = String::new();
    stream.read_to_string(&mut page).unwrap();
    assert!(page.starts_with("HTTP/1.1 200"), "{page}");
    let out = interrupt(child);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert!(String::from_utf8_lossy(&out.stdout).ends_with("Stopped.\n"));
    assert!(out.stderr.is_empty(), "{out:?}");
}

#[test]
fn serving_beyond_this_computer_warns_and_a_port_in_use_is_refused() {
    let (child, url) = serve_command(&["--port", "0", "--host", "0.0.0.0"]);
    assert!(url.starts_with("http://127.0.0.1:"), "{url}");
    let out = interrupt(child);
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.starts_with("warning: listening on 0.0.0.0: any computer"),
        "{stderr}"
    );
    assert_eq!(out.status.code(), Some(0));

    let taken = server().port().to_string();
    let refused = common::matchsticks()
        .args(["serve", "--port", &taken])
        .output()
        .unwrap();
    assert_eq!(refused.status.code(), Some(2));
    let stderr = String::from_utf8(refused.stderr).unwrap();
    assert!(
        stderr.starts_with("error: cannot serve the page on 127.0.0.1:"),
        "{stderr}"
    );
    assert!(
        stderr.trim_end().ends_with("or --port 0 for any free one"),
        "{stderr}"
    );
    assert_eq!(stderr.lines().count(), 1);
}

/// Whether the player to bite wins on the bar `rows` (row lengths from
/// the top), by plain search: a bite at (r, c) cuts every row from r down
/// to c - 1 squares, and whoever faces the eaten bar has won, because the
/// other player ate the poison.
fn chomp_wins(rows: &[usize]) -> bool {
    fn search(rows: &[usize], seen: &mut HashMap<Vec<usize>, bool>) -> bool {
        if rows.is_empty() {
            return true;
        }
        if let Some(&known) = seen.get(rows) {
            return known;
        }
        let won =
            (0..rows.len()).any(|r| (0..rows[r]).any(|c| !search(&chomp_bite(rows, r, c), seen)));
        seen.insert(rows.to_vec(), won);
        won
    }
    search(rows, &mut HashMap::new())
}

/// `rows` after biting row `r`, column `c`, both from 0.
fn chomp_bite(rows: &[usize], r: usize, c: usize) -> Vec<usize> {
    let mut after: Vec<usize> = rows.to_vec();
    for length in &mut after[r..] {
        *length = (*length).min(c);
    }
    after.retain(|&length| length > 0);
    after
}

#[test]
fn the_chomp_api_returns_what_chomp_prints() {
    let cases: &[(&str, &[&str])] = &[
        ("/api/chomp/explain?shape=4x5", &["chomp", "explain", "4x5"]),
        (
            "/api/chomp/explain?shape=5,5,3",
            &["chomp", "explain", "5,5,3"],
        ),
        (
            "/api/chomp/explain?shape=5+5+3",
            &["chomp", "explain", "5", "5", "3"],
        ),
        (
            "/api/chomp/explain?shape=12x13",
            &["chomp", "explain", "12x13"],
        ),
        (
            "/api/chomp/explain?shape=30x30",
            &["chomp", "explain", "30x30"],
        ),
        (
            "/api/chomp/check?shape=4x5&bite=2,3",
            &["chomp", "check", "4x5", "--bite", "2,3"],
        ),
        (
            "/api/chomp/check?shape=3,2&bite=2+2",
            &["chomp", "check", "3,2", "--bite", "2 2"],
        ),
        (
            "/api/chomp/check?shape=20x20&bite=row+5+column+5",
            &["chomp", "check", "20x20", "--bite", "row 5 column 5"],
        ),
    ];
    for (path, args) in cases {
        let reply = get(path);
        assert_eq!(reply.status, 200, "{path}: {}", reply.body);
        let mut args = args.to_vec();
        args.extend(["--format", "json"]);
        assert_eq!(reply.json(), cli_json(&args), "{path}");
    }
    // An illegal bite gets 422 and the JSON `chomp check` prints for it.
    let illegal = get("/api/chomp/check?shape=4x5&bite=5,1");
    assert_eq!(illegal.status, 422);
    let printed = cli_json(&["chomp", "check", "4x5", "--bite", "5,1", "--format", "json"]);
    assert_eq!(illegal.json(), printed);
    assert_eq!(printed["legal"], false);
    let page = get("/page/chomp/check?shape=5,5,3&bite=3,4");
    assert_eq!(page.status, 422);
    assert_eq!(page.json()["legal"], false);
    assert_eq!(
        page.error(),
        "illegal bite: row 3 has only 3 squares, so there is no square in column 4"
    );
}

#[test]
fn bad_chomp_input_gets_400_with_the_command_lines_message() {
    let stderr = |args: &[&str]| {
        let out = common::matchsticks().args(args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let text = String::from_utf8(out.stderr).unwrap();
        text.trim_end().strip_prefix("error: ").unwrap().to_string()
    };
    let beyond = format!("20{}", ",18".repeat(18));
    let beyond_path = format!("/api/chomp/explain?shape={beyond}");
    let cases: &[(&str, &[&str])] = &[
        ("/api/chomp/explain?shape=4x", &["chomp", "explain", "4x"]),
        ("/api/chomp/explain?shape=0x5", &["chomp", "explain", "0x5"]),
        ("/api/chomp/explain?shape=3,5", &["chomp", "explain", "3,5"]),
        (
            "/api/chomp/explain?shape=65x1",
            &["chomp", "explain", "65x1"],
        ),
        (&beyond_path, &["chomp", "explain", &beyond]),
        ("/page/chomp/explain?shape=4x", &["chomp", "explain", "4x"]),
        ("/page/chomp/board?shape=3x0", &["chomp", "explain", "3x0"]),
        (
            "/api/chomp/check?shape=4x5&bite=two+x",
            &["chomp", "check", "4x5", "--bite", "two x"],
        ),
        (
            "/page/chomp/check?shape=4x5&bite=2",
            &["chomp", "check", "4x5", "--bite", "2"],
        ),
        (
            "/api/chomp/check?shape=12x13&bite=12,13",
            &["chomp", "check", "12x13", "--bite", "12,13"],
        ),
    ];
    for (path, args) in cases {
        let started = std::time::Instant::now();
        let reply = get(path);
        assert_eq!(reply.status, 400, "{path}: {}", reply.body);
        assert_eq!(reply.error(), stderr(args), "{path}");
        // Beyond the search is refused at once, not after a search.
        assert!(
            started.elapsed().as_millis() < 1000,
            "{path} took {:?}",
            started.elapsed()
        );
    }
    assert_eq!(
        get("/api/chomp/explain").error(),
        "missing parameter 'shape'"
    );
    assert_eq!(
        get("/api/chomp/check?shape=4x5").error(),
        "missing parameter 'bite'"
    );
    assert!(
        get("/page/chomp/board?shape=4x5&position=3")
            .error()
            .starts_with("unknown parameter 'position'")
    );
    // A game beyond the search is refused as `chomp play` refuses it.
    let big = post("/page/chomp/play", "{\"shape\": \"12x12\"}");
    assert_eq!(big.status, 400);
    assert_eq!(
        big.error(),
        matchsticks::serve::page_words(&stderr(&["chomp", "play", "12x12"]))
    );
    assert!(big.error().ends_with("or explain it with Explain this bar"));
    let level = post(
        "/page/chomp/play",
        "{\"shape\": \"3x3\", \"level\": \"expert\"}",
    );
    assert_eq!(level.status, 400);
    assert_eq!(
        level.error(),
        "'expert' is not a level: choose perfect, good, beginner"
    );
    let unknown = post("/page/chomp/play", "{\"shape\": \"3x3\", \"moves\": []}");
    assert_eq!(unknown.status, 400);
    assert!(
        unknown
            .error()
            .starts_with("the game could not be read: unknown field `moves`")
    );
}

#[test]
fn the_chomp_page_endpoints_send_documents_as_html_and_bars_to_click() {
    let explain = get("/page/chomp/explain?shape=3x3").json();
    assert_eq!(explain["outcome"], "win");
    assert_eq!(
        explain["title"],
        "3x3 (Chomp: whoever eats the poisoned square loses)"
    );
    let steps = explain["steps"].as_array().unwrap();
    let cli = cli_json(&["chomp", "explain", "3x3", "--format", "json"]);
    assert_eq!(steps.len(), cli["steps"].as_array().unwrap().len());
    for (step, printed) in steps.iter().zip(cli["steps"].as_array().unwrap()) {
        let html = step["html"].as_str().unwrap();
        assert!(html.starts_with("<section"), "{html}");
        assert!(html.contains(printed["title"].as_str().unwrap()), "{html}");
    }

    let board = get("/page/chomp/board?shape=5,5,3").json();
    assert_eq!(board["rows"], json!([5, 5, 3]));
    assert_eq!(board["squares"], 13);
    assert_eq!(board["over"], false);
    let html = board["board"].as_str().unwrap();
    assert_eq!(html.matches("<rect").count(), 13);
    assert!(html.contains("data-row=\"3\" data-column=\"3\""));
    assert!(!html.contains("data-row=\"3\" data-column=\"4\""));
    // Drawing needs no search: a bar beyond it is drawn too.
    let big = get("/page/chomp/board?shape=40x40").json();
    assert_eq!(big["squares"], 1600);

    let check = get("/page/chomp/check?shape=4x5&bite=4,5").json();
    assert_eq!(check["legal"], true);
    assert_eq!(check["verdict"], "mistake");
    assert_eq!(check["after"]["rows"], json!([5, 5, 5, 4]));
    let html = check["html"].as_str().unwrap();
    assert!(html.contains("class=\"verdict mistake\""), "{html}");
    assert!(html.contains("Your opponent&#39;s winning reply"), "{html}");
    let good = get("/page/chomp/check?shape=3x3&bite=2,2").json();
    assert_eq!(good["verdict"], "good");
    assert_eq!(good["after"]["rows"], json!([3, 1, 1]));
    let poison = get("/page/chomp/check?shape=2x2&bite=1,1").json();
    assert_eq!(poison["verdict"], "mistake");
    assert_eq!(poison["after"]["over"], true);
}

/// A game of Chomp played to its end through `/page/chomp/play`, the pupil
/// biting by `choose`; every bite of the computer's from a won bar is
/// checked against the plain search.
fn chomp_play_out(
    shape: &str,
    first: &str,
    seed: u64,
    choose: impl Fn(&[usize]) -> (usize, usize),
) -> Value {
    let start: Vec<usize> = get(&format!("/page/chomp/board?shape={shape}")).json()["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_u64().unwrap() as usize)
        .collect();
    let mut bites: Vec<Value> = Vec::new();
    loop {
        let body = json!({"shape": shape, "first": first, "seed": seed, "bites": bites});
        let reply = post("/page/chomp/play", &body.to_string());
        assert_eq!(reply.status, 200, "{}", reply.body);
        let game = reply.json();
        let mut before = start.clone();
        for told in game["bites"].as_array().unwrap() {
            let after: Vec<usize> = serde_json::from_value(told["rows_after"].clone()).unwrap();
            if told["side"] == "computer" {
                assert!(told["why"].is_string(), "{told}");
                if chomp_wins(&before) {
                    assert!(
                        !chomp_wins(&after),
                        "{before:?} -> {after:?} throws the win away"
                    );
                }
            }
            before = after;
        }
        let now: Vec<usize> = serde_json::from_value(game["bar"]["rows"].clone()).unwrap();
        assert_eq!(now, before);
        assert_eq!(
            game["bar"]["board"]
                .as_str()
                .unwrap()
                .matches("<rect")
                .count(),
            now.iter().sum::<usize>()
        );
        if game["over"] == true {
            return game;
        }
        assert_eq!(game["to_move"], "pupil");
        let (row, column) = choose(&now);
        bites.push(json!({"row": row, "column": column}));
    }
}

#[test]
fn a_game_of_chomp_is_played_to_the_end_over_http() {
    // The pupil always bites the bottom-right square, the slowest way to
    // lose; the computer wins from every start where it can.
    let corner = |rows: &[usize]| (rows.len(), *rows.last().unwrap());
    for (shape, first) in [
        ("3x4", "me"),
        ("4x5", "computer"),
        ("5,5,3", "me"),
        ("2x6", "computer"),
    ] {
        let game = chomp_play_out(shape, first, 1, corner);
        assert_eq!(game["winner"], "computer", "{shape} {first}");
        assert_eq!(game["result"], "The computer wins this time.");
        assert_eq!(
            game["ended"],
            "Only the poisoned square is left for you: you have to eat it."
        );
        assert_eq!(game["hints"], json!([]));
        let review = game["review"].as_str().unwrap();
        assert!(review.contains("<article"), "{review}");
        assert!(
            review.contains("Only the poisoned square was left for you, so the computer won."),
            "{review}"
        );
    }
    // The pupil who plays the plain search's winning bite beats it.
    let best = |rows: &[usize]| {
        (0..rows.len())
            .flat_map(|r| (0..rows[r]).map(move |c| (r, c)))
            .find(|&(r, c)| !chomp_wins(&chomp_bite(rows, r, c)))
            .map(|(r, c)| (r + 1, c + 1))
            .unwrap_or((rows.len(), *rows.last().unwrap()))
    };
    let won = chomp_play_out("3x4", "me", 1, best);
    assert_eq!(won["winner"], "pupil");
    assert_eq!(won["result"], "You win! Well played.");
}

#[test]
fn a_game_of_chomp_gives_hints_takes_bites_back_and_refuses_illegal_bites() {
    let ask = |bites: Value, hints: usize| {
        let body = json!({"shape": "3x3", "bites": bites, "hints": hints});
        post("/page/chomp/play", &body.to_string()).json()
    };
    let fresh = ask(json!([]), 0);
    assert_eq!(fresh["hints"], json!([]));
    assert_eq!(fresh["to_move"], "pupil");
    assert_eq!(fresh["review"], Value::Null);
    let total = fresh["hints_total"].as_u64().unwrap() as usize;
    assert_eq!(total, 4);
    assert_eq!(ask(json!([]), 1)["hints"].as_array().unwrap().len(), 1);
    let all = ask(json!([]), total)["hints"].clone();
    assert_eq!(all.as_array().unwrap().len(), total);
    // Only the last hint names the bite.
    assert!(all[total - 1].as_str().unwrap().contains("row 2, column 2"));
    assert!(!all[total - 2].as_str().unwrap().contains("column 2"));
    // A bite is answered by the computer; undo is one bite fewer.
    let bitten = ask(json!([{"row": 3, "column": 3}]), 0);
    let told = bitten["bites"].as_array().unwrap();
    assert_eq!(told.len(), 2);
    assert_eq!(told[0]["said"], "You bite row 3, column 3.");
    assert_eq!(told[1]["said"], "The computer bites row 2, column 2.");
    assert_eq!(told[1]["rows_after"], json!([3, 1, 1]));
    assert_eq!(ask(json!([]), 0)["bar"], fresh["bar"]);
    // Bites taken back are counted in the review, asked for before the end.
    let body = json!({"shape": "3x3", "bites": [{"row": 3, "column": 3}], "taken_back": 2, "review": true, "level": "good", "seed": 9});
    let review = post("/page/chomp/play", &body.to_string()).json()["review"].clone();
    let review = review.as_str().unwrap().replace('\u{a0}', " ");
    assert!(review.contains("You took back 2 bites."), "{review}");
    // The page has Play again; it names no command it cannot run.
    assert!(!review.contains("matchsticks"), "{review}");
    // A bite that is not there, or after the end, is refused with 422.
    let illegal = post(
        "/page/chomp/play",
        &json!({"shape": "3x3", "bites": [{"row": 4, "column": 1}]}).to_string(),
    );
    assert_eq!(illegal.status, 422);
    assert_eq!(
        illegal.error(),
        "illegal bite: there is no row 4: this bar has rows 1 to 3"
    );
    let poison = json!({"row": 1, "column": 1});
    let after = post(
        "/page/chomp/play",
        &json!({"shape": "3x3", "bites": [poison, poison]}).to_string(),
    );
    assert_eq!(after.status, 422);
    assert_eq!(after.error(), "bite 2 comes after the game is over");
    let eaten = ask(json!([poison]), 0);
    assert_eq!(eaten["winner"], "computer");
    assert_eq!(eaten["ended"], "You ate the poisoned square.");
}

#[test]
fn the_chomp_lesson_asks_for_bites_and_judges_them_as_chomp_check_does() {
    let lesson = get("/page/lesson?name=chomp").json();
    let parts = lesson["parts"].as_array().unwrap();
    let questions: Vec<&Value> = parts.iter().filter(|p| p["kind"] == "question").collect();
    assert_eq!(questions.len(), 4);
    // The bars are drawn to click, and no part gives an answer away.
    for q in &questions {
        assert_eq!(q["asks"], "bite");
        let board = q["board"]["board"].as_str().unwrap();
        assert_eq!(
            board.matches("data-column=").count(),
            q["board"]["squares"].as_u64().unwrap() as usize
        );
    }
    assert!(
        parts
            .iter()
            .any(|p| p["kind"] == "show"
                && p["html"].as_str().unwrap().contains("<svg class=\"bar\""))
    );
    assert!(parts.iter().any(|p| p["kind"] == "explain"));

    let answer = |question: usize, tries: &[Value]| {
        let body = json!({"name": "chomp", "question": question, "tries": tries});
        post("/page/lesson/answer", &body.to_string())
    };
    // Every bite on the first question's bar, each on its own: the verdict
    // is the plain search's, and only a winning bite settles it.
    let rows: Vec<usize> = serde_json::from_value(questions[0]["board"]["rows"].clone()).unwrap();
    for r in 0..rows.len() {
        for c in 0..rows[r] {
            let tries = [json!({"try": "bite", "row": r + 1, "column": c + 1})];
            let reply = answer(1, &tries).json();
            let wins = !chomp_wins(&chomp_bite(&rows, r, c));
            let kind = reply["said"]["kind"].as_str().unwrap();
            assert_eq!(kind == "good", wins, "({}, {}): {kind}", r + 1, c + 1);
            assert_eq!(reply["settled"], wins);
            // A wrong bite's verdict keeps the winning bite back.
            if !wins {
                let html = reply["said"]["html"].as_str().unwrap();
                assert!(!html.contains("row 2, column 2"), "{html}");
                assert_eq!(reply["answer"], Value::Null);
            }
            // What the page says is what chomp check says.
            let bite = format!("{},{}", r + 1, c + 1);
            let printed = cli_json(&["chomp", "check", "2x2", "--bite", &bite, "--format", "json"]);
            assert_eq!(printed["verdict"], if wins { "good" } else { "mistake" });
        }
    }
    // A hint, a wrong bite with the next hint, then the right one.
    let mut tries = vec![json!({"try": "hint"})];
    let hinted = answer(1, &tries).json();
    assert_eq!(hinted["said"]["kind"], "hint");
    tries.push(json!({"try": "bite", "row": 1, "column": 2}));
    let wrong = answer(1, &tries).json();
    assert_eq!(wrong["said"]["kind"], "mistake");
    assert!(
        wrong["said"]["words"][0]
            .as_str()
            .unwrap()
            .starts_with("Not yet: try again. Hint:")
    );
    tries.push(json!({"try": "bite", "row": 2, "column": 2}));
    let right = answer(1, &tries).json();
    assert_eq!(right["settled"], true);
    assert_eq!(
        right["answer"]["answer"],
        "Answer: the winning bite is row 2, column 2."
    );
    // Show reveals the answer at any time.
    let shown = answer(4, &[json!({"try": "show"})]).json();
    assert_eq!(
        shown["answer"]["answer"],
        "Answer: the winning bite is row 2, column 6."
    );
    // A bite off the bar is 422, as chomp check refuses it; a move where a
    // bite is wanted, or a bite where a move is, is bad input.
    let off = answer(1, &[json!({"try": "bite", "row": 3, "column": 1})]);
    assert_eq!(off.status, 422);
    assert_eq!(
        off.error(),
        "illegal bite: there is no row 3: this bar has rows 1 to 2"
    );
    let moved = answer(1, &[json!({"try": "move", "row": 1, "take": 1})]);
    assert_eq!(moved.status, 400);
    let body = json!({"name": "copy-cat", "question": 1, "tries": [{"try": "bite", "row": 1, "column": 1}]});
    assert_eq!(post("/page/lesson/answer", &body.to_string()).status, 400);
    let after = answer(
        1,
        &[
            json!({"try": "bite", "row": 2, "column": 2}),
            json!({"try": "hint"}),
        ],
    );
    assert_eq!(after.status, 400);
    assert_eq!(
        after.error(),
        "This question's try 2 comes after it was answered, so it cannot be made"
    );
}

#[test]
fn the_worksheet_tab_gets_the_sheet_the_command_line_prints() {
    let sheet = get("/page/worksheet?kind=winning-move&count=5&seed=9&normal=1").json();
    let fragment = sheet["html"].as_str().unwrap();
    assert!(fragment.contains("class=\"step new-page\""));
    // The page sets the sheet a heading level lower than a page of its own.
    let as_printed = fragment
        .replace("h3>", "hX>")
        .replace("h2>", "h1>")
        .replace("hX>", "h2>");
    let args = [
        "worksheet",
        "--kind",
        "winning-move",
        "--count",
        "5",
        "--seed",
        "9",
        "--normal",
        "--format",
        "html",
    ];
    let out = common::matchsticks().args(args).output().unwrap();
    assert!(String::from_utf8(out.stdout).unwrap().contains(&as_printed));

    let over = get("/page/worksheet?kind=can-you-win&count=41&seed=1");
    assert_eq!(over.status, 400);
    assert_eq!(over.error(), "a worksheet has 1 to 40 questions, not 41");
    assert_eq!(get("/page/worksheet?kind=take-set&seed=1").status, 400);
    assert_eq!(get("/page/worksheet?kind=odd&seed=1").status, 400);
    assert_eq!(
        get("/page/worksheet?kind=make-groups").error(),
        "the Sheet box is empty: type a number, such as 1"
    );
}
