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

    /// A pupil's page at `path` (`/join/CODE` unless told) on a screen of
    /// `screen`, a device of its own; None without a browser.
    fn pupil(&self, path: Option<&str>, screen: (u32, u32)) -> Option<Page> {
        let path = path.map_or_else(|| format!("/join/{}", self.code), str::to_string);
        Page::open_apart(&format!("{}{path}", self.base), screen.0, screen.1)
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
        "[...document.querySelectorAll('#names li')].some((li) => li.textContent === {HOSTILE:?})"
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
    assert_eq!(teacher.count("#tally-moves li"), 2);
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
fn a_pupils_board_gives_no_free_hint_and_says_what_is_left() {
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

    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    eprintln!("axe-core: {axe}");
    pupil.assert_no_errors(true);
}
