//! The classroom page in a real browser: the server runs in this process,
//! a headless Chromium loads the page, and each test clicks and presses
//! keys as a teacher would, then reads what the page shows. Every test
//! saves a screenshot at 1280×720 in `target/screenshots/`. The browser is
//! driven by the small DevTools client in `common/cdp.rs`; without
//! Chromium each test says it is skipped.

mod common;

use std::panic::AssertUnwindSafe;
use std::time::{Duration, Instant};

use common::cdp::{PATIENCE, Page, lock};

/// Fails unless `text` holds every one of `parts`, showing the text.
fn assert_contains(text: &str, parts: &[&str]) {
    for part in parts {
        assert!(text.contains(part), "{part:?} is not in: {text}");
    }
}

#[test]
fn the_page_opens_on_3_5_7_ready_to_play() {
    let started = Instant::now();
    let Some(page) = Page::open("/") else { return };
    page.wait_count("#play-board rect[data-row]", 15, "the board of 3 5 7");
    let timing = page.eval(
        "(() => { const n = performance.getEntriesByType('navigation')[0]; \
         const game = performance.getEntriesByType('resource').find(e => e.name.endsWith('/page/play')); \
         return `loaded in ${Math.round(n.loadEventEnd)} ms, board drawn by ${Math.round(game.responseEnd)} ms`; })()",
    );
    eprintln!(
        "the page {timing}; 3 5 7 seen after {:?} (with the browser's start)",
        started.elapsed()
    );
    assert_eq!(page.rows("#play-board"), "3 5 7");
    assert!(page.is("!document.getElementById('play').hidden"));
    assert!(page.text("#play-game").contains("last stick loses"));

    // A stick and every stick to its right are chosen; Esc forgets them.
    page.click("#play-board rect[data-row='3'][data-stick='5']");
    let chosen = "#play-board rect.chosen";
    assert_eq!(page.places(chosen), "3.5 3.6 3.7");
    assert_eq!(page.text("#play-take"), "Take 3 from row 3");
    page.press("Escape");
    assert_eq!(page.places(chosen), "");
    // The arrow keys choose too: up to row 3's last stick, then one more.
    page.press("ArrowUp");
    page.press("ArrowLeft");
    assert_eq!(page.places(chosen), "3.6 3.7");
    page.shot("page");

    // Printed, the board stays and the buttons and tabs go.
    page.print(true);
    assert!(page.shown("#play-board svg.sticks"));
    for gone in ["#play-take", "#play-hint", ".tabs", "#play-setup", ".keys"] {
        assert!(!page.shown(gone), "{gone} is printed");
    }
    page.shot("page-print");
    page.print(false);

    // Every part of the page opens from its letter.
    for (key, part) in [
        ("e", "explain"),
        ("c", "check"),
        ("l", "lessons"),
        ("t", "table"),
        ("p", "play"),
    ] {
        page.press(key);
        page.wait(
            &format!("!document.getElementById('{part}').hidden && location.hash === '#{part}'"),
            part,
        );
    }
    page.wait(
        "document.querySelector('#table-out table.grid')",
        "the table of 3 5 7",
    );
    page.assert_no_errors(true);
}

#[test]
fn a_game_of_21_is_played_to_the_end_by_clicking() {
    let Some(page) = Page::open("/") else { return };
    page.click("button.preset[data-position='21']");
    page.wait_count("#play-board rect[data-row]", 21, "21 sticks");
    assert!(
        page.text("#play-game")
            .contains("a move takes 1 to 3 sticks")
    );

    page.click("#play-hint");
    page.wait_count("#play-hints li", 1, "a hint");
    assert!(!page.text("#play-hints li").is_empty());

    let idle = "document.getElementById('play').getAttribute('aria-busy') === 'false'";
    let mut turns = 0;
    loop {
        // How the game stands, in one look: the sticks left and what was
        // said, or "over".
        let state = page.eval(
            "document.getElementById('play-result').hidden \
             ? document.querySelectorAll('#play-board rect[data-row]').length + '|' + document.getElementById('play-said').innerText \
             : 'over'",
        );
        let state = state.as_str().unwrap_or_default().to_string();
        let Some((sticks, said)) = state.split_once('|') else {
            break;
        };
        if turns > 0 {
            assert!(said.starts_with("You take"), "{said}");
            assert!(said.contains("The computer takes"), "{said}");
        }
        turns += 1;
        assert!(turns < 30, "the game never ended");
        let last = format!("#play-board rect[data-row='1'][data-stick='{sticks}']");
        // Take the last stick by clicking it and then "Take" (or Enter), or
        // two sticks with the "Take 2" button.
        match turns % 3 {
            1 => {
                page.click(&last);
                if turns == 1 {
                    assert_eq!(page.text("#play-take"), "Take 1 from row 1");
                }
                page.click("#play-take");
            }
            2 if sticks != "1" => page.click("#play-buttons button[data-take='2']"),
            _ => {
                page.click(&last);
                page.press("Enter");
            }
        }
        page.wait(
            &format!("{idle} && !document.querySelector('#play-board rect.taken')"),
            "the computer's move",
        );
    }
    // The computer plays perfectly, and 21 is a count to avoid for whoever starts.
    assert_eq!(
        page.text("#play-result"),
        "You took the last stick, so the computer wins."
    );
    assert_contains(
        &page.text("#play-review"),
        &["Review of the game", "You took the last stick"],
    );
    let trips = page.request_times("/page/play");
    eprintln!("{turns} turns; each game request took (ms): {trips}");
    page.shot("play-21");
    page.assert_no_errors(true);
}

#[test]
fn explain_3_4_5_goes_step_by_step() {
    let Some(page) = Page::open("/#explain") else {
        return;
    };
    page.wait(
        "document.querySelector('#explain-steps .step-holder')",
        "the first explanation",
    );
    page.type_into("#explain-setup [name=position]", "3 4 5");
    page.press("Enter");
    page.wait(
        "document.getElementById('explain-title').textContent.replace(/\\u00a0/g, ' ').startsWith('3 4 5')",
        "3 4 5",
    );

    let step = "#explain-steps .step-holder.current";
    let shown = "[...document.querySelectorAll('#explain-steps .step-holder')].filter(s => s.offsetParent).length";
    assert_eq!(page.text("#explain-counter"), "1 / 5");
    assert!(
        page.text(step)
            .starts_with("Step 1. Make groups in every row")
    );
    page.click("#explain-next");
    assert_eq!(page.text("#explain-counter"), "2 / 5");
    assert!(page.text(step).starts_with("Step 2. Pair off groups"));
    assert!(page.text(step).contains("one group of 2: no partner"));
    page.press("ArrowRight");
    assert!(page.text(step).starts_with("Step 3."));
    assert!(page.text(step).contains("The player to move can win."));
    page.press("ArrowLeft");
    assert_eq!(page.text("#explain-counter"), "2 / 5");
    page.press("ArrowRight");
    page.press("ArrowRight");
    assert_eq!(page.text("#explain-counter"), "4 / 5");
    assert!(
        page.text(step)
            .contains("Move: take 2 from row 1 (3 4 5 → 1 4 5).")
    );
    assert_eq!(page.eval(shown), 1, "one step at a time");
    page.shot("explain-3-4-5");
    page.press("ArrowRight");
    assert!(
        page.text(step)
            .contains("Winning moves: take 2 from row 1.")
    );
    assert!(page.is("document.getElementById('explain-next').disabled"));

    // The binary view adds a step and keeps the place.
    page.click("#explain-xor");
    page.wait(
        "document.getElementById('explain-counter').textContent === '5 / 6'",
        "the XOR view",
    );
    assert!(page.text(step).starts_with("The same in binary"));
    assert!(page.text(step).contains("nim-sum"));
    // The arrows still step while the switch has the focus.
    page.press("ArrowRight");
    assert_eq!(page.text("#explain-counter"), "6 / 6");
    page.assert_no_errors(true);
}

#[test]
fn a_wrong_move_is_checked_by_clicking() {
    let Some(page) = Page::open("/#check") else {
        return;
    };
    page.wait_count("#check-board rect[data-row]", 15, "3 5 7");
    page.click("#check-board rect[data-row='3'][data-stick='5']");
    assert_eq!(page.text("#check-take"), "Check: take 3 from row 3");
    page.click("#check-take");
    page.wait(
        "document.querySelector('#check-verdict .verdict')",
        "the verdict",
    );
    assert_contains(
        &page.text("#check-verdict"),
        &["3 5 7 → 3 5 4", "mistake", "Your opponent's winning reply"],
    );
    assert_eq!(page.count("#check-board rect.taken"), 3);
    page.shot("check-mistake");

    // Going on from there draws the rows after the move.
    page.click("#check-on");
    page.wait_count("#check-board rect[data-row]", 12, "3 5 4");
    assert_eq!(page.rows("#check-board"), "3 5 4");
    page.assert_no_errors(true);
}

#[test]
fn a_lesson_question_is_answered_a_try_at_a_time() {
    let Some(page) = Page::open("/#lessons") else {
        return;
    };
    page.start_lesson("copy-cat", "Two equal rows");
    // Narration until the question; it waits for the class.
    page.next_until_question();
    assert!(page.is("document.getElementById('lesson-next').disabled"));
    assert!(page.text(".question .ask").contains("What do you take?"));
    assert_eq!(page.rows(".question .board"), "4 6");
    assert!(page.text(".question").contains("Show the answer"));
    assert!(page.is("document.querySelector('.question .answer').hidden"));

    // A wrong try: one stick from row 1.
    page.click(".question rect[data-row='1'][data-stick='4']");
    page.click(".question button.take");
    let said = page.said(1, "the first answer");
    assert_contains(&said, &["Not yet: try again.", "mistake"]);

    // A hint.
    page.click(".question button.hint-button");
    assert!(page.said(2, "the hint").starts_with("Hint:"));

    // The right move: two sticks from row 2, chosen with the keyboard.
    page.click(".question rect[data-row='2'][data-stick='5']");
    page.press("Enter");
    let said = page.said(3, "the verdict");
    assert!(said.trim_end().ends_with("Well done."), "{said}");
    assert!(said.contains("4 6 → 4 4"), "{said}");
    let answer = page.text(".question .answer");
    assert!(
        answer.contains("Answer: the winning move is take 2 from row 2."),
        "{answer}"
    );
    assert!(page.is("!document.getElementById('lesson-next').disabled"));
    page.shot("lesson-copy-cat");
    page.assert_no_errors(true);
}

#[test]
fn a_game_of_chomp_is_played_to_the_end_by_clicking_and_a_bite_checked() {
    let Some(page) = Page::open("/") else { return };
    // M opens Chomp, which starts a game on its bar at once.
    page.press("m");
    page.wait(
        "!document.getElementById('chomp').hidden && document.querySelectorAll('#chomp-board rect[data-row]').length === 20",
        "a game on 4x5",
    );
    page.type_into("#chomp-setup [name=shape]", "3x4");
    page.press("Enter");
    let squares = "document.querySelectorAll('#chomp-board rect[data-row]').length";
    page.wait(&format!("{squares} === 12"), "a game on 3x4");
    assert!(page.text("#chomp-game").starts_with("3x4 (Chomp"));

    // A square lights up the squares a bite there takes; Esc forgets it.
    let lit = "#chomp-board rect.chosen";
    page.click("#chomp-board rect[data-row='2'][data-column='3']");
    assert_eq!(page.places(lit), "2.3 2.4 3.3 3.4");
    assert_eq!(page.text("#chomp-bite"), "Bite row 2, column 3");
    page.shot("chomp-choose");
    page.press("Escape");
    assert_eq!(page.places(lit), "");
    // The arrows choose too: the bottom-right square first, then up.
    page.press("ArrowDown");
    page.press("ArrowUp");
    assert_eq!(page.places(lit), "2.4 3.4");

    page.click("#chomp-hint");
    page.wait_count("#chomp-hints li", 1, "a hint");

    let idle = "document.getElementById('chomp').getAttribute('aria-busy') === 'false'";
    let mut turns = 0;
    loop {
        let state = page.eval(
            "document.getElementById('chomp-result').hidden \
             ? [...document.querySelectorAll('#chomp-board rect[data-row]')].map(r => r.dataset.row + '.' + r.dataset.column).at(-1) + '|' + document.getElementById('chomp-said').innerText \
             : 'over'",
        );
        let state = state.as_str().unwrap_or_default().to_string();
        let Some((last, said)) = state.split_once('|') else {
            break;
        };
        if turns > 0 {
            assert!(said.starts_with("You bite row"), "{said}");
            assert_contains(said, &["The computer bites row", "Why: "]);
        }
        turns += 1;
        assert!(turns < 12, "the game never ended");
        // Bite the bottom-right square: with the mouse and Bite, or Enter.
        let (row, column) = last.split_once('.').unwrap();
        page.click(&format!(
            "#chomp-board rect[data-row='{row}'][data-column='{column}']"
        ));
        match turns % 2 {
            1 => page.click("#chomp-bite"),
            _ => page.press("Enter"),
        }
        page.wait(
            &format!("{idle} && !document.querySelector('#chomp-board rect.taken')"),
            "the computer's bite",
        );
    }
    // The computer plays perfectly, and biting the corner gives 3x4 away.
    assert_contains(
        &page.text("#chomp-result"),
        &[
            "Only the poisoned square is left for you",
            "The computer wins this time.",
        ],
    );
    assert_contains(
        &page.text("#chomp-review"),
        &["Review of the game", "threw away a win"],
    );
    let trips = page.request_times("/page/chomp/play");
    eprintln!("{turns} Chomp turns; each game request took (ms): {trips}");
    page.shot("chomp");

    // Undo takes the last bite back, and the game goes on.
    page.click("#chomp-undo");
    page.wait(
        &format!("document.getElementById('chomp-result').hidden && {squares} > 1"),
        "the game again",
    );
    assert!(page.is("!document.getElementById('chomp-hint').disabled"));

    // Check a bite: the verdict, why, and the reply.
    page.click(".mode[data-mode='check']");
    page.wait(
        &format!("{squares} === 12 && !document.getElementById('chomp-check-actions').hidden"),
        "3x4 to check",
    );
    page.click("#chomp-board rect[data-row='3'][data-column='4']");
    assert_eq!(page.text("#chomp-check"), "Check: bite row 3, column 4");
    page.press("Enter");
    page.wait(
        "document.querySelector('#chomp-verdict .verdict')",
        "the verdict",
    );
    assert_contains(
        &page.text("#chomp-verdict"),
        &[
            "3x4 → 4,4,3",
            "mistake",
            "Your opponent's winning reply",
            "Winning bites you had: row 2, column 3.",
        ],
    );
    page.shot("chomp-check");
    page.click("#chomp-on");
    page.wait(&format!("{squares} === 11"), "the bar after the bite");
    assert_eq!(
        page.eval("document.querySelector('#chomp-setup [name=shape]').value"),
        "4,4,3"
    );

    // Explain the bar, a step at a time.
    page.click(".mode[data-mode='explain']");
    page.wait(
        "document.querySelector('#chomp-steps .step-holder.current')",
        "the explanation",
    );
    let step = "#chomp-steps .step-holder.current";
    assert!(
        page.text("#chomp-explain-title")
            .starts_with("4,4,3 (Chomp")
    );
    assert!(page.text(step).starts_with("Step 1. The bar"));
    page.press("ArrowRight");
    assert!(page.text(step).starts_with("Step 2. Who can win?"));
    page.click("#chomp-back");
    assert!(page.text(step).starts_with("Step 1."));
    page.shot("chomp-explain");

    // Printed, every step of the explanation is there, without buttons.
    page.print(true);
    assert!(page.all_shown("#chomp-steps .step-holder"));
    assert!(page.all_shown("#chomp-steps svg.bar"));
    for gone in ["#chomp-next", ".modes", "#chomp-setup", ".tabs", ".keys"] {
        assert!(!page.shown(gone), "{gone} is printed");
    }
    page.shot("chomp-print");
    page.assert_no_errors(true);
}

#[test]
fn a_chomp_question_in_a_lesson_is_answered_by_clicking_a_square() {
    let Some(page) = Page::open("/#lessons") else {
        return;
    };
    page.start_lesson("chomp", "Chomp");
    // The bar shown first is drawn, not clickable.
    page.wait("document.querySelector('#lesson-page svg.bar')", "the bar");
    page.next_until_question();
    assert!(page.text(".question h3").contains("Question: 2x2"));
    assert_eq!(page.count(".question .board rect[data-column]"), 3 + 1);
    assert!(page.is("document.querySelector('.question .answer').hidden"));

    // A wrong bite: the square right of the poison, which takes its column.
    page.click(".question rect[data-row='1'][data-column='2']");
    assert_eq!(page.places(".question rect.chosen"), "1.2 2.2");
    assert_eq!(
        page.text(".question button.take"),
        "Try: bite row 1, column 2"
    );
    page.click(".question button.take");
    let said = page.said(1, "the first answer");
    assert_contains(&said, &["mistake", "Not yet: try again. Hint:"]);
    assert!(!said.contains("row 2, column 2"), "{said}");

    page.click(".question button.hint-button");
    assert!(page.said(2, "the hint").starts_with("Hint:"));

    // The right bite, with the keyboard: the bottom-right square.
    page.press("ArrowDown");
    page.press("Enter");
    let said = page.said(3, "the verdict");
    assert!(said.contains("2x2 → 2,1"), "{said}");
    assert!(said.trim_end().ends_with("Well done."), "{said}");
    let answer = page.text(".question .answer");
    assert!(
        answer.contains("Answer: the winning bite is row 2, column 2."),
        "{answer}"
    );
    page.shot("lesson-chomp");
    page.assert_no_errors(true);
}

#[test]
fn errors_in_the_page_are_heard() {
    // Every test ends by checking that the page reported no error; that
    // means something only if the errors reach the test.
    let Some(page) = Page::open("/") else { return };
    page.assert_no_errors(true);
    page.eval(
        "setTimeout(() => { throw new Error('thrown on purpose'); }); \
         console.error('said on purpose'); \
         fetch('/not-a-page-on-purpose').catch(() => {}); null",
    );
    let deadline = Instant::now() + PATIENCE;
    let heard = loop {
        let heard = lock(&page.errors).clone();
        if heard.len() >= 3 || Instant::now() > deadline {
            break heard;
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    assert_eq!(heard.len(), 3, "{heard:#?}");
    assert_contains(
        &heard.join("\n"),
        &[
            "exception: Uncaught Error: thrown on purpose",
            "console.error: ",
            "said on purpose",
            "network: ",
        ],
    );
    // A failed request counts only when the test asks for it to.
    lock(&page.errors).retain(|error| error.starts_with("network: "));
    page.assert_no_errors(false);
    let checked = std::panic::catch_unwind(AssertUnwindSafe(|| page.assert_no_errors(true)));
    assert!(checked.is_err(), "a failed request failed no test");
    lock(&page.errors).clear();
}
