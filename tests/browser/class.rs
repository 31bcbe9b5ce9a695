//! A class in a real browser: a class server runs in this process, the
//! teacher's page opens on a projector and two pupils' pages on phones,
//! each in a browser context of its own, as on devices of their own. The
//! pupils join, the teacher sets a task, one pupil answers right and one
//! wrong by clicking sticks, the projector counts one good move and one
//! mistake, a reload brings a pupil back to the same task, and Close and
//! reveal shows the explanation a step at a time. On the way the key
//! leaves the teacher's address, a hostile name shows as text, and both
//! pages fit a phone and a projector with nothing serious for axe-core.
//! Screenshots go to `target/screenshots/class-*.png`.

use crate::common;
use crate::screens::{load_axe, look};

use std::net::SocketAddr;
use std::time::Instant;

use common::cdp::Page;
use common::http::{self, Reply};
use matchsticks::serve::Server;
use serde_json::{Value, json};

/// A small phone, a larger one, the classroom projector and a 1080p one.
const SMALL_PHONE: (u32, u32) = (360, 640);
const PHONE: (u32, u32) = (390, 844);
const PROJECTOR: (u32, u32) = (1280, 720);
const LARGE_PROJECTOR: (u32, u32) = (1920, 1080);

/// A name that would be markup if it were ever put in as HTML.
const HOSTILE: &str = "<b>Ann</b>";

/// Types `text` into the field at `selector`, replacing what it held, as
/// a keyboard of any language would (capitals and `<` included).
fn fill(page: &Page, selector: &str, text: &str) {
    page.eval(&format!("document.querySelector({selector:?}).value = ''"));
    page.click(selector);
    page.command(
        "Input.insertText",
        json!({ "text": text }),
        &format!("typing into {selector}"),
    );
}

/// Joins the class on the pupil's `page` as `name`, and waits to be in.
fn join(page: &Page, name: &str) {
    fill(page, "#join-name", name);
    page.click("#join-form button[type=submit]");
    page.wait(
        "document.getElementById('join').hidden && !document.getElementById('who').hidden",
        &format!("{name} to join"),
    );
}

/// Sets `page` to a screen of `screen`, and checks it as the screens'
/// checks do (no sideways scrolling, type large enough, nothing serious
/// for axe-core), adding what is wrong to `wrong`.
fn looked(page: &Page, screen: (u32, u32), state: &str, wrong: &mut Vec<String>) -> String {
    page.screen(screen.0, screen.1);
    let (serious, total) = look(page, screen, state, wrong);
    format!(
        "{state} at {}×{}: {serious} serious or critical of {total}",
        screen.0, screen.1
    )
}

/// Fails unless everything at each of `selectors` is shown whole on the
/// screen of `page`, with no scrolling.
fn on_screen(page: &Page, selectors: &[&str]) {
    for selector in selectors {
        let js = format!(
            "[...document.querySelectorAll({selector:?})].every((e) => {{ \
             const r = e.getBoundingClientRect(); \
             return r.height > 0 && r.top >= 0 && r.bottom <= innerHeight \
               && r.left >= 0 && r.right <= innerWidth; }})"
        );
        if !page.is(&js) {
            page.shot("failed");
            panic!("{selector} is not all on the screen");
        }
    }
}

/// A class served in this process, with its code and the teacher's key.
struct Class {
    server: Server,
    base: String,
    code: String,
    key: String,
}

impl Class {
    fn open() -> Class {
        let server = Server::start_class("127.0.0.1:0".parse().unwrap()).expect("a class opens");
        let code = server.class_code().expect("the class's code").to_string();
        let key = server.teacher_key().expect("the teacher's key").to_string();
        let base = format!("http://{}", server.addr());
        Class {
            server,
            base,
            code,
            key,
        }
    }

    fn addr(&self) -> SocketAddr {
        self.server.addr()
    }

    /// The teacher's page on a screen of `screen`, once it shows the
    /// pupils' address; None without a browser.
    fn teacher(&self, screen: (u32, u32)) -> Option<Page> {
        let url = format!("{}/teacher#key={}", self.base, self.key);
        let page = Page::open_apart(&url, screen.0, screen.1)?;
        page.wait(
            "document.getElementById('join-address').textContent.includes('/join/')",
            "the pupils' address",
        );
        Some(page)
    }

    /// A pupil's page at `path` (`/join/CODE` unless told) on a screen of
    /// `screen`, a device of its own; None without a browser.
    fn pupil(&self, path: Option<&str>, screen: (u32, u32)) -> Option<Page> {
        let path = path.map_or_else(|| format!("/join/{}", self.code), str::to_string);
        Page::open_apart(&format!("{}{path}", self.base), screen.0, screen.1)
    }

    /// Joins the class as `name` over HTTP, as a device with no page
    /// would, and gives the pupil's token.
    fn join(&self, name: &str) -> String {
        let body = json!({ "code": self.code, "name": name }).to_string();
        let reply = http::post(self.addr(), "/api/class/join", &body);
        assert_eq!(reply.status, 200, "{name}: {}", reply.body);
        reply.json()["pupil"].as_str().expect("a token").to_string()
    }

    /// A pupil's POST to `path`.
    fn as_pupil(&self, token: &str, path: &str, body: &Value) -> Reply {
        let body = body.to_string();
        http::request(
            self.addr(),
            "POST",
            path,
            &[("X-Pupil", token)],
            Some(&body),
        )
    }

    /// The teacher's request: a GET, or a POST of `body`.
    fn as_teacher(&self, path: &str, body: Option<&Value>) -> Reply {
        let body = body.map(Value::to_string);
        let method = if body.is_some() { "POST" } else { "GET" };
        http::request(
            self.addr(),
            method,
            path,
            &[("X-Teacher", &self.key)],
            body.as_deref(),
        )
    }

    /// The task set now, as the server gives it.
    fn task(&self) -> Value {
        self.as_teacher("/api/class/task", None).json()["task"].clone()
    }
}

/// Fails unless the JavaScript `condition` comes true on `page` for every
/// screen of `screens`, waiting for each (the page lays itself out again
/// when the screen changes), and saves a screenshot `NAME-WxH` of each.
fn on_each_screen(page: &Page, screens: &[(u32, u32)], condition: &str, name: &str) {
    for &(width, height) in screens {
        page.screen(width, height);
        page.wait(condition, &format!("{name} at {width}×{height}"));
        page.shot(&format!("{name}-{width}x{height}"));
    }
}

/// Takes the last sticks of `row` from `from` on a pupil's board, and
/// presses Take.
fn take(page: &Page, row: u32, from: u32) {
    page.click(&format!(
        "#task-board rect[data-row='{row}'][data-stick='{from}']"
    ));
    page.click("#task-take");
}

#[test]
fn a_class_answers_a_task_and_the_projector_tallies_it_and_reveals_why() {
    let server = Server::start_class("127.0.0.1:0".parse().unwrap()).expect("a class opens");
    let code = server.class_code().expect("the class's code").to_string();
    let key = server.teacher_key().expect("the teacher's key").to_string();
    let base = format!("http://{}", server.addr());
    let started = Instant::now();
    let mut wrong = Vec::new();
    let mut counts = Vec::new();

    // Without the key, the teacher's page says how to open it.
    let Some(teacher) = Page::open_apart(&format!("{base}/teacher"), PROJECTOR.0, PROJECTOR.1)
    else {
        return;
    };
    teacher.wait(
        "!document.getElementById('no-key').hidden",
        "the page to ask for its key",
    );
    assert!(
        teacher
            .text("#no-key")
            .contains("matchsticks serve --class")
    );

    // With it, the key leaves the address at once and stays in the tab.
    teacher.go_to(&format!("{base}/teacher#key={key}"));
    teacher.wait(
        "document.getElementById('join-address').textContent.includes('/join/')",
        "the pupils' address",
    );
    let address = teacher.eval("location.href");
    let address = address.as_str().unwrap_or_default();
    assert!(
        !address.contains(&key) && !address.contains("key="),
        "{address}"
    );
    assert!(teacher.is(&format!("Object.values(sessionStorage).includes({key:?})")));
    assert_eq!(teacher.text("#join-code"), code);
    assert!(teacher.is("document.querySelector('#join-qr svg path')"));

    // Two pupils join on their phones; a name taken, whatever its
    // capitals, is refused in the server's words.
    let join_at = format!("{base}/join/{code}");
    let sam = Page::open_apart(&join_at, PHONE.0, PHONE.1).expect("a browser");
    let ann = Page::open_apart(&join_at, SMALL_PHONE.0, SMALL_PHONE.1).expect("a browser");
    join(&sam, "Sam");
    fill(&ann, "#join-name", "sam");
    ann.click("#join-form button[type=submit]");
    ann.wait(
        "!document.getElementById('join-error').hidden",
        "the name refused",
    );
    assert!(ann.text("#join-error").contains("taken"));
    join(&ann, HOSTILE);
    assert_eq!(ann.text("#who"), format!("{HOSTILE} · {code}"));

    // The projector counts them; their names only when asked, as text.
    teacher.wait(
        "document.getElementById('join-count').textContent === '2 joined'",
        "two pupils",
    );
    assert_eq!(teacher.count("#names li"), 0);
    teacher.click("#names-toggle");
    teacher.wait_count("#names li", 2, "the names");
    assert!(teacher.is(&format!(
        "[...document.querySelectorAll('#names .name')].some((name) => name.textContent === {HOSTILE:?})"
    )));
    assert_eq!(teacher.count("#names b"), 0);
    assert_eq!(ann.count("#who b"), 0);
    load_axe(&teacher);
    counts.push(looked(&teacher, PROJECTOR, "teacher, joining", &mut wrong));
    load_axe(&ann);
    counts.push(looked(&ann, SMALL_PHONE, "pupil, waiting", &mut wrong));

    // A task: a winning move in 1 2 3 6 9, one try; five rows, the most
    // a phone must show with its buttons and the verdict.
    teacher.click("#to-setting");
    fill(&teacher, "#task-form input[name=position]", "1 2 3 6 9");
    teacher.click("#set-task");
    teacher.wait(
        "!document.getElementById('task').hidden && document.querySelector('#task-board svg')",
        "the task on the projector",
    );
    for pupil in [&sam, &ann] {
        pupil.wait_count(
            "#task-board rect[data-row]:not(.as-bundles *)",
            21,
            "the board of 1 2 3 6 9",
        );
    }
    // Sam takes 3 from row 5, leaving 1 2 3 6 6: good. Ann takes 4,
    // leaving 1 2 3 6 5: a mistake.
    take(&sam, 5, 7);
    ann.click("#task-board rect[data-row='5'][data-stick='6']");
    // On the small phone, every stick and the buttons are on the screen
    // together, and then the verdict with the sticks.
    on_screen(
        &ann,
        &[
            "#task-board rect[data-row]:not(.as-bundles *)",
            "#task-take",
            "#task-hint",
        ],
    );
    ann.click("#task-take");
    sam.wait(
        "document.querySelector('#task-said .verdict-box.good')",
        "Sam's verdict",
    );
    ann.wait(
        "document.querySelector('#task-said .verdict-box.mistake')",
        "Ann's verdict",
    );
    assert!(sam.text("#task-said").contains("good"));
    assert!(ann.text("#task-said").contains("mistake"));
    // One try: no more answers, and no Take to press.
    assert!(!ann.shown("#task-take"));
    on_screen(
        &ann,
        &[
            "#task-board rect[data-row]:not(.as-bundles *)",
            "#task-said .verdict-line",
        ],
    );
    ann.shot("class-pupil-360x640");

    // The projector: both answered, one good and one mistake, each move
    // with its pupils and the mistake with its reason.
    teacher.wait(
        "document.querySelector('#tally-bars .good .bar-count')?.textContent === '1' \
         && document.querySelector('#tally-bars .mistake .bar-count')?.textContent === '1'",
        "the tally",
    );
    assert_eq!(teacher.text("#tally-answered"), "2 of 2 answered");
    // The moves stay hidden while the task is open, unless asked for.
    assert_eq!(teacher.count("#tally-moves li"), 0);
    assert_eq!(teacher.text("#tally-moves-heading"), "The moves chosen (2)");
    teacher.click("#moves-toggle");
    teacher.wait_count("#tally-moves li", 2, "the moves shown");
    let mistake = teacher.text("#tally-moves li.mistake");
    assert!(
        mistake.contains("take 4 from row 5") && mistake.contains("1 pupil"),
        "{mistake}"
    );
    assert!(teacher.is("document.querySelector('#tally-moves li.mistake .reason')"));
    counts.push(looked(
        &teacher,
        PROJECTOR,
        "teacher, the tally",
        &mut wrong,
    ));

    // A reload brings Ann back to the same task, as she left it.
    ann.reload();
    ann.wait(
        "document.querySelector('#task-said .verdict-box.mistake') \
         && document.querySelectorAll('#task-board rect[data-row]:not(.as-bundles *)').length === 21",
        "Ann's task again",
    );
    load_axe(&ann);
    counts.push(looked(&ann, SMALL_PHONE, "pupil, answered", &mut wrong));
    load_axe(&sam);
    counts.push(looked(&sam, PROJECTOR, "pupil, answered", &mut wrong));

    // Close and reveal: the explanation a step at a time, keys too.
    teacher.click("#close-reveal");
    teacher.wait(
        "document.querySelector('#reveal-steps .step-holder.current')",
        "the explanation",
    );
    let first = teacher.text("#reveal-counter");
    assert!(first.starts_with("1 / "), "{first}");
    teacher.press("ArrowRight");
    teacher.wait(
        "document.getElementById('reveal-counter').textContent.startsWith('2 / ')",
        "the next step",
    );
    for pupil in [&sam, &ann] {
        pupil.wait(
            "!document.getElementById('task-closed').hidden",
            "the task closed",
        );
    }
    counts.push(looked(
        &teacher,
        SMALL_PHONE,
        "teacher, revealed",
        &mut wrong,
    ));

    // The results, fetched with the key in a header and saved as a file.
    teacher.eval(
        "(() => { const made = URL.createObjectURL; URL.createObjectURL = (blob) => { \
         blob.text().then((t) => { window.saved = t; }); return made.call(URL, blob); }; })()",
    );
    teacher.click("#results");
    teacher.wait("window.saved", "the results");
    let csv = teacher.eval("window.saved");
    let csv = csv.as_str().unwrap_or_default();
    assert!(csv.contains("Sam") && csv.contains(HOSTILE), "{csv}");

    // A move that may take from two rows: 3 4 7 is won only by taking
    // from two, 1 from row 2 and 4 from row 3, which Sam chooses by
    // clicking in both rows, as the rows it leaves.
    teacher.screen(PROJECTOR.0, PROJECTOR.1);
    teacher.click("#new-task");
    fill(&teacher, "#task-form input[name=position]", "3 4 7");
    fill(&teacher, "#task-form input[name=rows_per_move]", "2");
    teacher.click("#set-task");
    teacher.wait(
        "document.getElementById('task-title').textContent.startsWith('3 4 7')",
        "the task of two rows on the projector",
    );
    sam.wait_count(
        "#task-board rect[data-row]:not(.as-bundles *)",
        14,
        "the board of 3 4 7",
    );
    sam.click("#task-board rect[data-row='2'][data-stick='4']");
    sam.click("#task-board rect[data-row='3'][data-stick='4']");
    assert_eq!(sam.text("#task-take"), "Take 1 from row 2 and 4 from row 3");
    sam.click("#task-take");
    sam.wait(
        "document.querySelector('#task-said .verdict-box.good')",
        "Sam's verdict on a move from two rows",
    );
    assert!(sam.text("#task-said").contains("3 4 7 → 3 3 3"));
    // Closed and revealed, then revealed again after a reload, as the
    // Explain tab explains it: with its two rows per move.
    teacher.click("#close-reveal");
    teacher.wait(
        "document.getElementById('reveal-title').textContent.replace(/\\u00a0/g, ' ').startsWith('3 4 7') \
         && document.querySelector('#reveal-steps .step-holder.current')",
        "the explanation",
    );
    let revealed = teacher.text("#reveal-title");
    teacher.reload();
    teacher.wait(
        "document.getElementById('close-reveal').textContent === 'Reveal'",
        "the closed task again",
    );
    teacher.click("#close-reveal");
    teacher.wait(
        "document.querySelector('#reveal-steps .step-holder.current')",
        "the explanation again",
    );

    assert_eq!(teacher.text("#reveal-title"), revealed);
    assert!(revealed.contains("up to 2 rows"), "{revealed}");

    // Screenshots of both pages on a phone and a 1080p projector.
    for (page, name) in [(&teacher, "teacher"), (&sam, "pupil")] {
        for screen in [PHONE, LARGE_PROJECTOR] {
            page.screen(screen.0, screen.1);
            page.shot(&format!("class-{name}-{}x{}", screen.0, screen.1));
        }
    }
    eprintln!(
        "a class in {:.1?}, axe-core's violations:\n  {}",
        started.elapsed(),
        counts.join("\n  ")
    );
    for page in [&teacher, &sam, &ann] {
        // A refused name and a reload leave failed requests in the log.
        page.assert_no_errors(false);
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// The JavaScript that says whether the element at `selector` is seen
/// whole on the screen and covered by nothing: what its middle and four
/// points around it show (not its very corners, which a rounded border
/// leaves to what is behind).
fn uncovered(selector: &str) -> String {
    format!(
        "(() => {{ const e = document.querySelector({selector:?}); if (!e) return false; \
         const r = e.getBoundingClientRect(); \
         if (r.height <= 0 || r.top < 0 || r.left < 0 || r.bottom > innerHeight + 0.5 \
           || r.right > innerWidth + 0.5) return false; \
         const [x1, x2, x3] = [0.25, 0.5, 0.75].map((f) => r.left + r.width * f); \
         const [y1, y2, y3] = [0.25, 0.5, 0.75].map((f) => r.top + r.height * f); \
         const corners = [[x1, y1], [x3, y1], [x1, y3], [x3, y3], [x2, y2]]; \
         return corners.every(([x, y]) => {{ const hit = document.elementFromPoint(x, y); \
           return hit && (hit === e || e.contains(hit)); }}); }})()"
    )
}

#[test]
fn the_projector_keeps_the_moves_back_while_the_class_answers_and_fits_the_reveal() {
    let class = Class::open();
    let Some(teacher) = class.teacher(PROJECTOR) else {
        return;
    };
    load_axe(&teacher);
    let mut wrong = Vec::new();
    let mut counts = Vec::new();
    let pupils: Vec<String> = (1..=11)
        .map(|n| class.join(&format!("Pupil {n}")))
        .collect();
    teacher.click("#to-setting");
    fill(&teacher, "#task-form input[name=position]", "5 7 9 12");
    teacher.click("#set-task");
    teacher.wait(
        "document.getElementById('task-title').textContent.startsWith('5 7 9 12')",
        "the task on the projector",
    );
    // Eleven pupils, ten moves: the first by two of them.
    let id = class.task()["id"].clone();
    let moves = [
        (1, 1),
        (1, 1),
        (1, 2),
        (2, 3),
        (3, 4),
        (4, 1),
        (4, 5),
        (2, 7),
        (3, 9),
        (4, 12),
        (3, 2),
    ];
    for (token, (row, remove)) in pupils.iter().zip(moves) {
        let body = json!({ "task": id, "row": row, "remove": remove });
        let reply = class.as_pupil(token, "/api/class/answer", &body);
        assert_eq!(reply.status, 200, "{}", reply.body);
    }
    teacher.wait(
        "document.getElementById('tally-answered').textContent === '11 of 11 answered'",
        "the tally",
    );
    // Open: the bars and the count, but not one move, until asked for.
    let bars = teacher.eval(
        "[...document.querySelectorAll('#tally-bars .bar-count')].reduce((n, c) => n + Number(c.textContent), 0)",
    );
    assert_eq!(bars, json!(11));
    assert_eq!(teacher.count("#tally-moves li"), 0);
    assert!(!teacher.shown("#tally-moves"));
    teacher.wait(
        "document.getElementById('tally-moves-heading').textContent === 'The moves chosen (10)'",
        "how many moves, and no more",
    );
    counts.push(looked(
        &teacher,
        PROJECTOR,
        "teacher, a task open",
        &mut wrong,
    ));
    on_each_screen(
        &teacher,
        &[PROJECTOR, LARGE_PROJECTOR],
        &uncovered("#moves-toggle"),
        "class-teacher-open",
    );
    teacher.screen(PROJECTOR.0, PROJECTOR.1);

    // Asked for: every move, the most chosen first, all of them seen in
    // the tally's panel without scrolling it.
    teacher.click("#moves-toggle");
    teacher.wait_count("#tally-moves li", 10, "the ten moves chosen");
    let chosen = teacher.eval(
        "[...document.querySelectorAll('#tally-moves .pupils')].map((p) => parseInt(p.textContent)).join(' ')",
    );
    assert_eq!(chosen, json!("2 1 1 1 1 1 1 1 1 1"));
    let all_seen = "(() => { const box = document.getElementById('tally'); \
         const b = box.getBoundingClientRect(); \
         return box.scrollHeight <= box.clientHeight + 1 \
           && [...box.querySelectorAll('#tally-moves li')].every((li) => { \
             const r = li.getBoundingClientRect(); \
             return r.top >= b.top && r.bottom <= b.bottom + 1 && r.right <= b.right + 1; }); })()";
    on_each_screen(
        &teacher,
        &[PROJECTOR, LARGE_PROJECTOR],
        all_seen,
        "class-teacher-ten-moves",
    );
    teacher.screen(PROJECTOR.0, PROJECTOR.1);
    // A mistake is told in the server's few words for the projector.
    let tally = class.as_teacher("/api/class/tally", None).json();
    let mistake = tally["moves"]
        .as_array()
        .expect("the moves")
        .iter()
        .find(|m| m["verdict"] == "mistake" && m["pupils"] == 2)
        .or_else(|| {
            tally["moves"]
                .as_array()?
                .iter()
                .find(|m| m["verdict"] == "mistake")
        })
        .expect("a mistake")
        .clone();
    let brief = mistake["brief"]
        .as_str()
        .expect("a move's brief")
        .to_string();
    let shown = teacher.eval(&format!(
        "[...document.querySelectorAll('#tally-moves li')].find((li) => \
         li.querySelector('.what').textContent === {:?})?.querySelector('.reason')?.textContent",
        mistake["move"].as_str().expect("the move in words")
    ));
    assert_eq!(
        shown.as_str().map(|s| s.replace('\u{a0}', " ")),
        Some(brief)
    );
    // The choice is for this task, on this page only: a reload (a
    // projector's laptop does it) hides the moves again, and so does
    // Hide moves.
    teacher.reload();
    teacher.wait(
        "document.getElementById('tally-moves-heading').textContent === 'The moves chosen (10)'",
        "the moves hidden after a reload",
    );
    assert_eq!(teacher.count("#tally-moves li"), 0);
    load_axe(&teacher);
    teacher.click("#moves-toggle");
    teacher.wait_count("#tally-moves li", 10, "the moves shown again");
    teacher.click("#moves-toggle");
    teacher.wait_count("#tally-moves li", 0, "the moves hidden again");
    teacher.click("#moves-toggle");
    teacher.wait_count("#tally-moves li", 10, "the moves shown for the reveal");

    // Closed and revealed: the moves show, and every step of the
    // explanation fits beside them, its words as large as the tally's.
    teacher.click("#close-reveal");
    teacher.wait(
        "document.querySelector('#reveal-steps .step-holder.current')",
        "the explanation",
    );
    assert_eq!(teacher.count("#tally-moves li"), 10);
    assert!(!teacher.shown("#moves-toggle"));
    // Beside the reveal, the moves keep to one column, and neither they
    // nor the bars' numbers are cut off.
    let whole_moves = "[...document.querySelectorAll('#tally-moves li')].every((li) => \
         [...li.children].every((part) => \
           part.getBoundingClientRect().right <= li.getBoundingClientRect().right + 0.5)) \
         && [...document.querySelectorAll('#tally-bars .bar-count')].every((n) => \
           n.getBoundingClientRect().right \
             <= document.getElementById('tally').getBoundingClientRect().right + 0.5)";
    on_each_screen(
        &teacher,
        &[PROJECTOR, LARGE_PROJECTOR],
        whole_moves,
        "class-teacher-revealed-moves",
    );
    let fits = "(() => { const box = document.getElementById('reveal-steps'); \
         const step = box.querySelector('.step-holder.current'); \
         const size = (e) => parseFloat(getComputedStyle(e).fontSize); \
         const reason = document.querySelector('#tally .reason'); \
         return box.scrollHeight <= box.clientHeight + 1 && box.scrollWidth <= box.clientWidth + 1 \
           && size(step) >= size(reason) - 0.5; })()";
    for step in 1..=12 {
        on_each_screen(
            &teacher,
            &[PROJECTOR, LARGE_PROJECTOR],
            fits,
            &format!("class-teacher-reveal-{step}"),
        );
        let counter = teacher.text("#reveal-counter");
        if counter.starts_with(&format!("{step} / {step}")) {
            break;
        }
        assert!(step < 12, "{counter}");
        teacher.click("#reveal-next");
        teacher.wait(
            &format!(
                "document.getElementById('reveal-counter').textContent.startsWith('{} / ')",
                step + 1
            ),
            "the next step",
        );
    }
    counts.push(looked(
        &teacher,
        LARGE_PROJECTOR,
        "teacher, revealed",
        &mut wrong,
    ));

    // Can you win?: one try, and no position is lost anyway.
    teacher.screen(PROJECTOR.0, PROJECTOR.1);
    teacher.click("#new-task");
    teacher.click("input[name=kind][value='can-you-win']");
    assert!(teacher.is(
        "document.querySelector('select[name=tries] option[value=until-right]').disabled \
         && document.querySelector('select[name=tries]').value === 'one'"
    ));
    teacher.click("#set-task");
    teacher.wait(
        "document.getElementById('task-heading').textContent === 'Can you win?' \
         && document.querySelectorAll('#tally-bars .bar-row').length === 2",
        "the bars of a yes or a no",
    );
    assert_eq!(teacher.count("#tally-bars .lost-anyway"), 0);
    // The moves shown at the task before are not this task's answers:
    // they stay hidden until asked for again.
    let asked = class.task()["id"].clone();
    let yes = json!({ "task": asked, "answer": "yes" });
    let reply = class.as_pupil(&pupils[0], "/api/class/answer", &yes);
    assert_eq!(reply.status, 200, "{}", reply.body);
    teacher.wait(
        "document.getElementById('tally-moves-heading').textContent === 'The answers (1)'",
        "the answers counted, and hidden",
    );
    assert_eq!(teacher.count("#tally-moves li"), 0);
    assert_eq!(teacher.text("#moves-toggle"), "Show answers");
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    eprintln!("axe-core's violations:\n  {}", counts.join("\n  "));
    teacher.assert_no_errors(true);
}

/// Presses Next in the lesson on the projector, and waits until the
/// lesson has gone on (or has set its question as the task).
fn lesson_next(teacher: &Page) {
    let before = teacher.text("#lesson-counter");
    teacher.click("#lesson-next");
    teacher.wait(
        &format!(
            "!document.getElementById('task').hidden \
             || document.getElementById('lesson-counter').textContent !== {before:?}"
        ),
        "the lesson to go on",
    );
    // A question reached is set as the class's task.
    teacher.wait(
        "!document.querySelector('#lesson-page > .part.question:last-child') \
         || !document.getElementById('task').hidden",
        "the question set",
    );
}

#[test]
fn a_lesson_closes_its_question_before_it_goes_on() {
    let class = Class::open();
    let Some(teacher) = class.teacher(LARGE_PROJECTOR) else {
        return;
    };
    let sam = class.join("Sam");
    teacher.click("#to-setting");
    teacher.click("input[name=kind][value='lesson']");
    teacher.eval(
        "(() => { const s = document.querySelector('select[name=lesson]'); s.value = 'winning-move'; \
         s.dispatchEvent(new Event('change', { bubbles: true })); })()",
    );
    teacher.click("#set-task");
    teacher.wait("!document.getElementById('lesson').hidden", "the lesson");
    // On to its first question, which becomes the class's task.
    for _ in 0..5 {
        if teacher.shown("#task") {
            break;
        }
        lesson_next(&teacher);
    }
    teacher.wait(
        "!document.getElementById('task').hidden && !document.getElementById('lesson-on').hidden",
        "the lesson's question as the task",
    );
    let question = class.task();
    assert_eq!(question["open"], json!(true), "{question}");
    // Next in the lesson closes it first and reveals it; nobody answers
    // it after that.
    teacher.click("#lesson-on");
    teacher.wait(
        "!document.getElementById('reveal').hidden \
         && document.querySelector('#reveal-steps .step-holder.current')",
        "the question closed and revealed",
    );
    assert_eq!(class.task()["open"], json!(false));
    let late = class.as_pupil(
        &sam,
        "/api/class/answer",
        &json!({ "task": question["id"], "to": [6, 1, 7] }),
    );
    assert_eq!(late.status, 409, "{}", late.body);
    // The next Next goes on in the lesson, whose explanations have one
    // counter, the lesson's own.
    teacher.click("#lesson-on");
    teacher.wait(
        "!document.getElementById('lesson').hidden",
        "the lesson again",
    );
    let mut explained = false;
    for _ in 0..12 {
        if teacher.is("document.querySelector('#lesson-page .part.explain')") {
            explained = true;
            assert_eq!(teacher.count("#lesson-page .counter"), 0);
            assert_eq!(teacher.count("#lesson .counter"), 1);
        }
        if teacher.shown("#task") {
            break;
        }
        lesson_next(&teacher);
    }
    assert!(
        explained,
        "the lesson explains a position before its second question"
    );
    teacher.wait(
        "!document.getElementById('task').hidden",
        "the second question",
    );
    assert_eq!(class.task()["open"], json!(true));
    // A task set apart from the lesson is closed at the lesson's end.
    teacher.click("#new-task");
    teacher.click("input[name=kind][value='move']");
    teacher.click("#set-task");
    teacher.wait(
        "document.getElementById('task-heading').textContent === 'Find a winning move'",
        "a task apart from the lesson",
    );
    let apart = class.task();
    assert_eq!(apart["open"], json!(true));
    assert!(apart["lesson"].is_null(), "{apart}");
    teacher.click("#tab-lesson");
    for _ in 0..5 {
        if teacher.is("document.querySelector('#lesson-page .the-end')") {
            break;
        }
        lesson_next(&teacher);
    }
    teacher.wait(
        "document.querySelector('#lesson-page .the-end')",
        "the lesson's end",
    );
    teacher.wait(
        "document.getElementById('task-state').textContent === 'Closed.'",
        "the task closed",
    );
    let closed = class.task();
    assert_eq!(
        (closed["id"].clone(), closed["open"].clone()),
        (apart["id"].clone(), json!(false))
    );
    teacher.assert_no_errors(true);
}

#[test]
fn the_task_form_never_does_nothing_without_a_word() {
    let class = Class::open();
    let Some(teacher) = class.teacher(LARGE_PROJECTOR) else {
        return;
    };
    teacher.click("#to-setting");
    // A number a move cannot take from: said in the error line, naming
    // the field, where the browser's own bubble would go unseen.
    fill(&teacher, "#task-form input[name=rows_per_move]", "0");
    teacher.click("#set-task");
    teacher.wait(
        "!document.getElementById('setting-error').hidden",
        "the error",
    );
    let said = teacher.text("#setting-error");
    assert!(said.starts_with("Rows per move:"), "{said}");
    fill(&teacher, "#task-form input[name=rows_per_move]", "1.5");
    fill(&teacher, "#task-form input[name=position]", "");
    teacher.click("#set-task");
    teacher.wait(
        "document.getElementById('setting-error').textContent.startsWith('Rows:')",
        "the next error in place of the first",
    );
    fill(&teacher, "#task-form input[name=position]", "4x5");
    // A chocolate bar has no rows per move: the field left wrong is
    // hidden, and neither checked nor sent.
    teacher.eval(
        "(() => { const s = document.querySelector('select[name=game]'); s.value = 'chomp'; \
         s.dispatchEvent(new Event('change', { bubbles: true })); })()",
    );
    assert!(!teacher.shown("#task-form input[name=rows_per_move]"));
    teacher.click("#set-task");
    teacher.wait(
        "!document.getElementById('task').hidden \
         && document.getElementById('task-title').textContent.startsWith('4x5')",
        "the bar set as the task",
    );
    assert_eq!(class.task()["game"], json!("chomp"));
    // Nor for a lesson.
    teacher.click("#new-task");
    teacher.click("input[name=kind][value='lesson']");
    teacher.click("#set-task");
    teacher.wait(
        "!document.getElementById('lesson').hidden",
        "the lesson started",
    );
    assert!(!teacher.shown("#setting-error"));
    // A refusal from the server is said too, in its words.
    teacher.click("#tab-setting");
    teacher.click("input[name=kind][value='move']");
    teacher.eval(
        "(() => { const s = document.querySelector('select[name=game]'); s.value = 'nim'; \
         s.dispatchEvent(new Event('change', { bubbles: true })); })()",
    );
    fill(&teacher, "#task-form input[name=rows_per_move]", "1");
    fill(&teacher, "#task-form input[name=position]", "3 x 5");
    teacher.click("#set-task");
    teacher.wait(
        "!document.getElementById('setting-error').hidden \
         && !document.getElementById('setting-error').textContent.startsWith('Rows per move')",
        "the server's refusal",
    );
    teacher.assert_no_errors(false);
}

/// Sixty first names, some long, as a class might have.
fn sixty_names() -> Vec<String> {
    let first = [
        "Ava",
        "Ben",
        "Cleo",
        "Dan",
        "Eli",
        "Fay",
        "Gus",
        "Hana",
        "Ivan",
        "Jo",
        "Kai",
        "Lea",
        "Maximilian",
        "Nia",
        "Oz",
        "Pia",
        "Quinn",
        "Rae",
        "Sol",
        "Tia",
    ];
    (0..60)
        .map(|n| match n / 20 {
            0 => first[n].to_string(),
            1 => format!("{} {}", first[n % 20], char::from(b'A' + (n % 7) as u8)),
            _ => format!("{}-Marie {}", first[n % 20], n),
        })
        .collect()
}

#[test]
fn sixty_names_leave_the_code_and_the_buttons_free_and_a_pupil_can_be_removed() {
    let class = Class::open();
    let Some(teacher) = class.teacher(PROJECTOR) else {
        return;
    };
    load_axe(&teacher);
    let names = sixty_names();
    let ava = class.pupil(None, PHONE).expect("a browser");
    join(&ava, &names[0]);
    for name in &names[1..] {
        class.join(name);
    }
    teacher.wait(
        "document.getElementById('join-count').textContent === '60 joined'",
        "sixty pupils",
    );
    teacher.click("#names-toggle");
    teacher.wait_count("#names li", 60, "the names");
    let mut wrong = Vec::new();
    let mut counts = Vec::new();
    // The address breaks only after a "/": each piece on one line.
    let whole = "[...document.getElementById('join-address').childNodes] \
         .filter((n) => n.nodeType === Node.TEXT_NODE).every((n) => { \
           const r = document.createRange(); r.selectNodeContents(n); \
           return r.getClientRects().length === 1; })";
    let free = format!(
        "{} && {} && {} && {} && (() => {{ \
           const a = document.getElementById('names').getBoundingClientRect(); \
           const b = document.getElementById('join-qr').getBoundingClientRect(); \
           return a.bottom <= innerHeight + 0.5 && (a.right <= b.left || a.bottom <= b.top); }})()",
        uncovered("#names-toggle"),
        uncovered("#to-setting"),
        uncovered("#join-qr"),
        whole,
    );
    for screen in [PROJECTOR, LARGE_PROJECTOR] {
        on_each_screen(&teacher, &[screen], &free, "class-teacher-60-names");
        counts.push(looked(&teacher, screen, "teacher, 60 names", &mut wrong));
    }
    // Without the names the address is whole too.
    teacher.click("#names-toggle");
    on_each_screen(
        &teacher,
        &[PROJECTOR, LARGE_PROJECTOR],
        whole,
        "class-teacher-joining",
    );
    teacher.click("#names-toggle");
    teacher.wait_count("#names li", 60, "the names again");

    // Removing a pupil asks first; Keep keeps them.
    let remove = format!("#names button.remove[data-name={:?}]", names[0]);
    teacher.click(&remove);
    teacher.wait(
        "document.querySelector('#names li.removing')",
        "the question",
    );
    teacher.click("#names li.removing button.keep");
    teacher.wait(
        &format!("document.querySelector({remove:?})"),
        "the name kept",
    );
    teacher.click(&remove);
    teacher.click("#names li.removing button.danger");
    teacher.wait(
        "document.getElementById('join-count').textContent === '59 joined'",
        "the pupil removed",
    );
    assert_eq!(teacher.count("#names li"), 59);
    // Ava's page says so, and she joins again under her name.
    ava.wait(
        "!document.getElementById('join').hidden && !document.getElementById('join-error').hidden",
        "the removed pupil's page",
    );
    let told = ava.text("#join-error");
    assert!(!told.is_empty());
    // A name left in the box is chosen whole, so typing replaces it.
    ava.wait(
        "(() => { const box = document.getElementById('join-name'); \
         return box.value === '' || (document.activeElement === box \
         && box.selectionStart === 0 && box.selectionEnd === box.value.length); })()",
        "the old name chosen whole",
    );
    join(&ava, &names[0]);
    teacher.wait(
        "document.getElementById('join-count').textContent === '60 joined'",
        "Ava again",
    );
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    eprintln!("axe-core's violations:\n  {}", counts.join("\n  "));
    teacher.assert_no_errors(true);
}

#[test]
fn a_pupil_types_the_code_when_the_address_lacks_it_and_sees_how_long_a_name_may_be() {
    let class = Class::open();
    // At /join, the code is asked for with the name.
    let Some(zoe) = class.pupil(Some("/join"), SMALL_PHONE) else {
        return;
    };
    zoe.wait(
        "!document.getElementById('join-code-field').hidden",
        "the code's box",
    );
    fill(&zoe, "#join-code", &class.code.to_lowercase());
    join(&zoe, "Zoë");
    assert_eq!(
        zoe.eval("location.pathname"),
        json!(format!("/join/{}", class.code))
    );
    assert_eq!(zoe.text("#who"), format!("Zoë · {}", class.code));
    zoe.reload();
    zoe.wait(
        "!document.getElementById('waiting').hidden",
        "Zoë still in the class",
    );

    // A code mistyped in the address: the code's box comes, with the
    // server's words, and the name stays.
    let ben = class.pupil(Some("/join/ZZZZ"), PHONE).expect("a browser");
    fill(&ben, "#join-name", "Ben");
    ben.click("#join-form button[type=submit]");
    ben.wait(
        "!document.getElementById('join-code-field').hidden \
         && !document.getElementById('join-error').hidden",
        "the code asked for",
    );
    assert_eq!(
        ben.eval("document.getElementById('join-code').value"),
        json!("ZZZZ")
    );
    assert_eq!(
        ben.eval("document.getElementById('join-name').value"),
        json!("Ben")
    );
    load_axe(&ben);
    let mut wrong = Vec::new();
    let axe = looked(&ben, PHONE, "pupil, a wrong code", &mut wrong);
    fill(&ben, "#join-code", &class.code);
    join(&ben, "Ben");

    // A name too long is not cut short without a word: the server says
    // what its limit is, and the name stays as typed, to be put right.
    let max = class.pupil(None, SMALL_PHONE).expect("a browser");
    fill(&max, "#join-name", "Maximilian-Alexander-Jo");
    max.click("#join-form button[type=submit]");
    max.wait(
        "!document.getElementById('join-error').hidden",
        "the server's refusal",
    );
    let said = max.text("#join-error");
    assert!(said.contains("20"), "{said}");
    assert_eq!(
        max.eval("document.getElementById('join-name').value.length"),
        json!(23)
    );
    join(&max, "Maximilian");
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    eprintln!("axe-core: {axe}");
}

#[test]
fn a_pupils_board_gives_no_free_hint_says_what_is_left_and_when_hints_run_out() {
    let class = Class::open();
    let Some(pupil) = class.pupil(None, SMALL_PHONE) else {
        return;
    };
    join(&pupil, "Sam");
    let task = json!({ "kind": "move", "position": "3 7 12 15 20 9 6 1" });
    let set = class.as_teacher("/api/class/task", Some(&task));
    assert_eq!(set.status, 200, "{}", set.body);
    pupil.wait(
        "document.querySelector('#task-board.bundled svg')",
        "the board of eight rows, long rows in bundles",
    );
    // No groups to colour: they would show the pairs.
    assert!(!pupil.is("document.querySelector('#task .board-groups')?.checkVisibility()"));
    assert!(!pupil.is("document.querySelector('#task-board.show-groups')"));
    // Six of the eight rows show at once, and the buttons under them.
    let rows = pupil.eval(
        "(() => { const b = document.getElementById('task-board').getBoundingClientRect(); \
         return [...document.querySelectorAll('#task-board .rows > .drawing')].filter((d) => { \
           const r = d.getBoundingClientRect(); return r.top >= b.top && r.bottom <= b.bottom; }).length; })()",
    );
    assert!(rows.as_u64().unwrap_or(0) >= 6, "{rows} rows shown");
    // Eleven from the twenty of row 5: a bundle and one stick of the other.
    fill(&pupil, "#task .board-row input", "5");
    fill(&pupil, "#task .board-take input", "11");
    pupil.wait(
        "document.getElementById('task-take').textContent === 'Take 11 from row 5'",
        "the take chosen",
    );
    pupil.click("#task-take");
    pupil.wait(
        "document.querySelector('#task-said .verdict-box')",
        "the verdict",
    );
    let left = pupil.eval(
        "(() => { const row = [...document.querySelectorAll('#task-board g.bundle[data-row=\"5\"]')]; \
         const count = row[0].closest('.drawing').nextElementSibling.textContent; \
         return [row.map((b) => b.querySelector('text').textContent + (b.classList.contains('taken') ? ' taken' : '')).join(', '), count].join(' / '); })()",
    );
    assert_eq!(left, json!("9, 10 taken / 9"));
    assert_eq!(pupil.count("#task-board .part"), 0);
    let mut wrong = Vec::new();
    load_axe(&pupil);
    let axe = looked(
        &pupil,
        SMALL_PHONE,
        "pupil, a long row taken from",
        &mut wrong,
    );
    pupil.shot("class-pupil-bundles-360x640");

    // Can you win?: one hint before the answer, then why no more.
    let task = json!({ "kind": "can-you-win", "position": "4 5 6 7" });
    let set = class.as_teacher("/api/class/task", Some(&task));
    assert_eq!(set.status, 200, "{}", set.body);
    pupil.wait(
        "!document.getElementById('task-yes').hidden",
        "the question",
    );
    assert_eq!(pupil.text("#task-kind"), "Can you win?");
    let asked = pupil.text("#task-ask").to_lowercase();
    assert!(asked.contains("can you win?"), "{asked}");
    pupil.click("#task-hint");
    pupil.wait(
        "!document.getElementById('task-no-more').hidden",
        "no more hints",
    );
    assert_eq!(pupil.count("#task-hints li"), 1);
    assert!(!pupil.shown("#task-hint"));
    let why = pupil.text("#task-no-more");
    assert!(why.len() > 12, "{why}");
    for screen in [SMALL_PHONE, PHONE] {
        looked(&pupil, screen, "pupil, no more hints", &mut wrong);
        pupil.shot(&format!(
            "class-pupil-no-more-hints-{}x{}",
            screen.0, screen.1
        ));
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    eprintln!("axe-core: {axe}");
    pupil.assert_no_errors(true);
}

#[test]
fn the_key_stays_out_of_the_tabs_history_going_back_and_forth() {
    let class = Class::open();
    let Some(teacher) = class.teacher(PROJECTOR) else {
        return;
    };
    let history = || {
        let entries = teacher.command("Page.getNavigationHistory", json!({}), "the tab's history");
        entries["entries"]
            .as_array()
            .expect("the entries")
            .iter()
            .map(|e| e["url"].as_str().unwrap_or_default().to_string())
            .collect::<Vec<_>>()
    };
    let clean = |entries: &[String]| entries.iter().all(|url| !url.contains(&class.key));
    assert!(clean(&history()), "{:?}", history());
    // Another page, then Back: the teacher's page again, with the key
    // kept for the tab, and still none in the history; then Forward.
    teacher.go_to(&format!("{}/join/{}", class.base, class.code));
    teacher.eval("history.back()");
    teacher.poll(
        "location.pathname === '/teacher' && document.readyState === 'complete'",
        "the teacher's page, back",
    );
    teacher.wait(
        "document.getElementById('join-code').textContent.length > 0",
        "the class again",
    );
    assert!(!teacher.text("#join-address").is_empty());
    assert!(clean(&history()), "{:?}", history());
    teacher.eval("history.forward()");
    teacher.poll(
        "location.pathname.startsWith('/join/') && document.readyState === 'complete'",
        "the pupils' page, forward",
    );
    teacher.eval("history.back()");
    teacher.poll(
        "location.pathname === '/teacher' && document.readyState === 'complete'",
        "the teacher's page, back again",
    );
    // A key pasted into the address of the open page is taken out of it
    // too, and Back finds none.
    teacher.eval(&format!("location.hash = '#key={}'", class.key));
    teacher.wait("location.hash === ''", "the key out of the address");
    assert!(clean(&history()), "{:?}", history());
    assert!(
        !teacher
            .eval("location.href")
            .as_str()
            .unwrap_or_default()
            .contains("key")
    );
    teacher.assert_no_errors(false);
}

/// Steps the lesson on the projector until its question is the class's task.
fn on_to_the_question(teacher: &Page) {
    for _ in 0..12 {
        if teacher.shown("#task") {
            break;
        }
        lesson_next(teacher);
    }
    teacher.wait(
        "!document.getElementById('task').hidden && !document.getElementById('lesson-on').hidden",
        "the lesson's question as the task",
    );
}

#[test]
fn a_reload_on_the_projector_comes_back_to_the_lessons_step_and_sets_nothing_again() {
    let class = Class::open();
    let Some(teacher) = class.teacher(LARGE_PROJECTOR) else {
        return;
    };
    teacher.click("#to-setting");
    teacher.click("input[name=kind][value='lesson']");
    teacher.eval(
        "(() => { const s = document.querySelector('select[name=lesson]'); s.value = 'winning-move'; \
         s.dispatchEvent(new Event('change', { bubbles: true })); })()",
    );
    teacher.click("#set-task");
    teacher.wait("!document.getElementById('lesson').hidden", "the lesson");
    on_to_the_question(&teacher);
    let question = class.task();
    let at_question = teacher.text("#lesson-counter");
    // Reloaded at the question: its task, with the lesson's buttons.
    teacher.reload();
    teacher.wait(
        "!document.getElementById('task').hidden && !document.getElementById('lesson-on').hidden \
         && !document.getElementById('lesson-return').hidden \
         && !document.getElementById('tab-lesson').hidden",
        "the question's task and the lesson's buttons after a reload",
    );
    teacher.click("#lesson-return");
    teacher.wait("!document.getElementById('lesson').hidden", "the lesson");
    assert_eq!(teacher.text("#lesson-counter"), at_question);
    assert_eq!(class.task()["id"], question["id"], "nothing set again");
    // On past the question (closed and revealed, then on), and reloaded
    // at a step of words: the same step, and still nothing set again.
    teacher.click("#tab-task");
    teacher.click("#lesson-on");
    teacher.wait(
        "!document.getElementById('reveal').hidden",
        "the question revealed",
    );
    teacher.click("#lesson-on");
    // The lesson shows again, and its counter moves on as its step is drawn.
    teacher.wait(
        &format!(
            "!document.getElementById('lesson').hidden \
             && document.getElementById('lesson-counter').textContent !== {at_question:?}"
        ),
        "the lesson again, a step further",
    );
    let further = teacher.text("#lesson-counter");
    assert_ne!(further, at_question);
    teacher.reload();
    teacher.wait(
        &format!(
            "!document.getElementById('lesson').hidden \
             && document.getElementById('lesson-counter').textContent === {further:?}"
        ),
        "the same step of the lesson after a reload",
    );
    let now = class.task();
    assert_eq!(
        (now["id"].clone(), now["open"].clone()),
        (question["id"].clone(), json!(false))
    );
    // Next goes on from there, to the lesson's next question.
    on_to_the_question(&teacher);
    let next = class.task();
    assert_eq!(next["lesson"]["question"], json!(2), "{next}");
    teacher.assert_no_errors(true);
}

/// Puts `page`'s network offline, or back online.
fn offline(page: &Page, off: bool) {
    page.command("Network.enable", json!({}), "the network domain");
    page.command(
        "Network.emulateNetworkConditions",
        json!({ "offline": off, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1 }),
        "the network's state",
    );
}

#[test]
fn a_pupil_who_loses_the_connection_keeps_their_move_and_is_told_in_their_words() {
    let class = Class::open();
    let Some(pupil) = class.pupil(None, PHONE) else {
        return;
    };
    join(&pupil, "Ben");
    let set = class.as_teacher(
        "/api/class/task",
        Some(&json!({"kind": "game", "position": "3 4 5", "level": "good", "first": "me"})),
    );
    assert_eq!(set.status, 200, "{}", set.body);
    let title = class.task()["title"].as_str().expect("a title").to_string();
    assert!(title.starts_with("3 4 5 ("), "{title}");
    // The heading line has the position while the game is open, as at
    // every other kind of task.
    pupil.wait(
        "document.querySelector('#task-board rect[data-row]') && !document.getElementById('task-take').hidden",
        "the game's board",
    );
    pupil.wait(
        &format!("document.getElementById('task-game').textContent === {title:?}"),
        "the task's title under its heading",
    );
    offline(&pupil, true);
    pupil.click("#task-board rect[data-row='3'][data-stick='5']");
    let chosen = pupil.text("#task-take");
    pupil.click("#task-take");
    let token = pupil
        .eval(&format!(
            "JSON.parse(localStorage.getItem('matchsticks.class.{}')).pupil",
            class.code
        ))
        .as_str()
        .expect("the pupil's token")
        .to_string();
    let me = http::request(
        class.addr(),
        "GET",
        "/api/class/me",
        &[("X-Pupil", &token)],
        None,
    );
    let words = me.json()["offline"]
        .as_str()
        .expect("the words")
        .to_string();
    pupil.wait(
        &format!("document.getElementById('task-error').textContent === {words:?}"),
        "the pupil told there is no connection",
    );
    // The move is still chosen, ready to send again.
    assert_eq!(pupil.text("#task-take"), chosen);
    assert!(pupil.is("!document.getElementById('task-take').disabled"));
    pupil.shot("class-pupil-offline");
    offline(&pupil, false);
    pupil.wait(
        "document.getElementById('task-error').hidden",
        "the words gone once back online",
    );
    pupil.click("#task-take");
    // The move reaches the class (within five seconds, asked at most 50 times).
    let sent = Instant::now();
    let mut moves = 0;
    for _ in 0..50 {
        let me = http::request(
            class.addr(),
            "GET",
            "/api/class/me",
            &[("X-Pupil", &token)],
            None,
        );
        moves = me.json()["game"]["moves"].as_array().map_or(0, Vec::len);
        if moves >= 1 || sent.elapsed().as_secs() >= 5 {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    assert!(moves >= 1, "the move chosen offline was never sent");
    pupil.wait(
        "!document.querySelector('#task-said .thinking')",
        "the computer's answer",
    );
    pupil.wait(
        &format!("document.getElementById('task-game').textContent === {title:?}"),
        "the task's title, after a move",
    );
}
