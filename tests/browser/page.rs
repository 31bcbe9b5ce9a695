//! The classroom page in a real browser: the server runs in this process,
//! a headless Chromium loads the page, and each test clicks and presses
//! keys as a teacher would, then reads what the page shows. Every test
//! saves a screenshot at 1280×720 in `target/screenshots/`. The browser is
//! driven by the small DevTools client in `common/cdp.rs`; without
//! Chromium each test says it is skipped.

use crate::common;

use std::panic::AssertUnwindSafe;
use std::time::{Duration, Instant};

use common::cdp::{PATIENCE, Page, lock};
use serde_json::json;

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
    page.wait_count(
        "#play-board rect[data-row]:not(.as-bundles *)",
        15,
        "the board of 3 5 7",
    );
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
            &format!(
                "!document.getElementById('{part}').hidden \
                 && (location.hash + '?').startsWith('#{part}?')"
            ),
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
    page.wait_count(
        "#play-board rect[data-row]:not(.as-bundles *)",
        21,
        "21 sticks",
    );
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
             ? document.querySelectorAll('#play-board rect[data-row]:not(.as-bundles *)').length + '|' + document.getElementById('play-said').innerText \
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
    page.wait_count(
        "#check-board rect[data-row]:not(.as-bundles *)",
        15,
        "3 5 7",
    );
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
    page.wait_count(
        "#check-board rect[data-row]:not(.as-bundles *)",
        12,
        "3 5 4",
    );
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

    // A hint, by a double click whose second click comes once the hint
    // is shown: one hint.
    page.click(".question button.hint-button");
    assert!(page.said(2, "the hint").starts_with("Hint:"));
    page.second_click(".question button.hint-button");
    // The verdict on the wrong try, drawing and reason, stays beside it.
    assert!(page.shown(".said-log .said.old .verdict-html svg.sticks"));
    assert_contains(&page.text(".said-log"), &["mistake"]);

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
fn the_verdict_on_a_wrong_try_stays_beside_the_hints_after_a_reload() {
    let Some(page) = Page::open("/#lessons?lesson=winning-move&question=2&tries=move.1.9,hint")
    else {
        return;
    };
    let hint = page.said(2, "the try and the hint");
    assert!(hint.starts_with("Hint:"), "{hint}");
    let verdict = ".said-log .said.old .verdict-html";
    assert!(page.shown(&format!("{verdict} svg.sticks")));
    assert_contains(&page.text(verdict), &["mistake", "5 and 3"]);
    // A newer verdict puts the older away.
    page.click(".question:not(.done) rect[data-row='1'][data-stick='9']");
    page.click(".question:not(.done) button.take");
    page.said(3, "the second try");
    assert_eq!(
        page.count(".said-log .said .verdict-html"),
        2,
        "both verdicts are kept"
    );
    assert!(page.is(
        "[...document.querySelectorAll('.said-log .said .verdict-html')].filter(v => v.checkVisibility()).length === 1"
    ));
    page.assert_no_errors(true);
}

#[test]
fn a_lesson_question_opens_plain_though_groups_were_shown_before() {
    let Some(page) = Page::open("/") else { return };
    page.eval("localStorage.setItem('matchsticks.show-groups', 'on')");
    page.go("/#lessons?lesson=making-groups&question=1");
    page.reload();
    let question = ".question:not(.done)";
    page.wait(
        &format!("document.querySelector('{question} rect[data-row]')"),
        "the question's board",
    );
    // Remembered, and shown on the verdicts, but the class makes the
    // groups of the question's rows itself.
    let remembered = page.is("document.documentElement.classList.contains('groups-shown')");
    let plain = page.is(&format!(
        "!document.querySelector('{question} .board').classList.contains('show-groups') \
         && !document.querySelector('{question} .board-groups input').checked"
    ));
    // The browser's storage is every test's: the choice is not left on.
    page.eval("localStorage.removeItem('matchsticks.show-groups')");
    assert!(
        page.text(&format!("{question} .ask"))
            .contains("Make the groups")
    );
    assert!(
        remembered && plain,
        "remembered {remembered}, plain {plain}"
    );
    page.assert_no_errors(true);
}

#[test]
fn no_move_wins_is_the_right_answer_where_none_does_and_hints_end_once() {
    let Some(page) = Page::open("/#lessons?lesson=why-it-works&question=1") else {
        return;
    };
    let question = ".question:not(.done)";
    page.wait(
        &format!("document.querySelector('{question} button.hint-button')"),
        "the question",
    );
    // Hints one at a time, double clicks or not, until the button stops;
    // none but the last says that no move wins, and "no more hints" is
    // never said.
    let mut hints = 0;
    while page.is(&format!(
        "!document.querySelector('{question} button.hint-button').disabled"
    )) {
        hints += 1;
        assert!(hints < 8, "the hints never end");
        page.double_click(&format!("{question} button.hint-button"));
        let hint = page.said(hints, "a hint");
        assert!(hint.starts_with("Hint:"), "{hint}");
        let last = page.is(&format!(
            "document.querySelector('{question} button.hint-button').disabled"
        ));
        assert_eq!(hint.contains("No move wins"), last, "hint {hints}: {hint}");
    }
    assert!(hints >= 3, "{hints} hints");
    assert!(!page.text(".said-log").contains("No more hints"));
    // The right answer, by a double click: right once, and Next goes on.
    page.double_click(&format!("{question} button.none"));
    let said = page.said(hints + 1, "the answer");
    assert!(said.starts_with("Right: "), "{said}");
    page.wait(
        "!document.getElementById('lesson-next').disabled",
        "Next to be free",
    );
    assert!(page.is("location.hash.endsWith(',hint,no')"));
    page.shot("lesson-no-move-wins");
    page.assert_no_errors(true);
}

#[test]
fn a_move_from_two_rows_is_chosen_by_clicking_in_both_and_comes_back_after_a_reload() {
    let Some(page) = Page::open("/#lessons?lesson=one-or-two-rows&question=3") else {
        return;
    };
    let question = ".question:not(.done)";
    page.wait(
        &format!("document.querySelectorAll('{question} rect[data-row]:not(.as-bundles *)').length === 14"),
        "3 4 7",
    );
    // One stick of row 2, then four of row 3: both stay chosen.
    page.click(&format!("{question} rect[data-row='2'][data-stick='4']"));
    page.click(&format!("{question} rect[data-row='3'][data-stick='4']"));
    assert_eq!(
        page.text(&format!("{question} button.take")),
        "Try: take 1 from row 2 and 4 from row 3"
    );
    assert_eq!(page.count(&format!("{question} rect.chosen")), 5);
    page.click(&format!("{question} button.take"));
    let said = page.said(1, "the verdict");
    assert!(said.contains("3 4 7 → 3 3 3"), "{said}");
    assert!(said.trim_end().ends_with("Well done."), "{said}");
    page.wait(
        "location.hash.endsWith('&tries=to.3.3.3')",
        "the move in the address",
    );
    page.reload();
    page.wait(
        "!document.getElementById('lesson-next').disabled \
         && document.querySelectorAll('.said-log .said').length === 1",
        "the question answered again",
    );
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
    assert_eq!(
        page.text("#chomp-game"),
        "Chomp: whoever eats the poisoned square loses"
    );

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
    // A game over offers another, as Play does, in place of Bite.
    assert!(page.shown("#chomp-play-again") && !page.shown("#chomp-bite"));
    assert!(page.is("document.activeElement.id === 'chomp-play-again'"));

    // Undo takes the last bite back, and the game goes on.
    page.click("#chomp-undo");
    page.wait(
        &format!("document.getElementById('chomp-result').hidden && {squares} > 1"),
        "the game again",
    );
    assert!(page.is("!document.getElementById('chomp-hint').disabled"));
    assert!(!page.shown("#chomp-play-again") && page.shown("#chomp-bite"));

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
            "4,4,4 → 4,4,3",
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
    assert!(said.contains("2,2 → 2,1"), "{said}");
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

/// The JavaScript that says whether the sticks chosen on `board` can be
/// seen inside it, not scrolled away.
fn chosen_in_view(board: &str) -> String {
    format!(
        "(() => {{ const b = document.querySelector('{board}'); \
         const c = [...b.querySelectorAll('.chosen, .part')].find(e => !e.closest('.as-plain, .in-groups') \
           || getComputedStyle(e.closest('.as-plain, .in-groups')).display !== 'none'); \
         if (!c) return false; const r = c.getBoundingClientRect(), box = b.getBoundingClientRect(); \
         return r.height > 0 && r.top >= box.top - 8 && r.bottom <= box.bottom + 8; }})()"
    )
}

/// How many sticks row `row` of `board` has now, read from its drawing.
fn sticks_in_row(page: &Page, board: &str, row: usize) -> u64 {
    let js = format!(
        "parseInt(document.querySelectorAll('{board} .rows .drawing svg')[{}].getAttribute('aria-label'))",
        row - 1
    );
    page.eval(&js).as_u64().expect("a count of sticks")
}

/// Waits until the computer has answered in Play.
fn computer_answered(page: &Page) {
    page.wait(
        "document.getElementById('play').getAttribute('aria-busy') === 'false' \
         && !document.querySelector('#play-board .taken')",
        "the computer's move",
    );
}

#[test]
fn a_row_of_45_is_drawn_in_bundles_and_played_by_clicking_keys_and_the_take_field() {
    let Some(page) = Page::open("/") else { return };
    // The first game drawn takes the focus: typing waits for it.
    page.wait_count(
        "#play-board rect[data-row]:not(.as-bundles *)",
        15,
        "the board of 3 5 7",
    );
    page.type_into("#play-setup [name=position]", "45");
    page.press("Enter");
    page.wait_count("#play-board .as-plain g.bundle", 4, "four bundles of ten");
    // Plainly, as the page starts: bundles of ten, then five sticks.
    assert!(page.all_shown("#play-board .as-plain g.bundle"));
    assert!(page.is(
        "getComputedStyle(document.querySelector('#play-board .in-groups')).display === 'none'"
    ));
    assert_eq!(
        page.eval("document.querySelector('#play-board .as-plain g.bundle').textContent"),
        "10"
    );
    assert_eq!(page.count("#play-board .as-plain rect[data-stick]"), 5);

    // A click on the second bundle chooses it and all to its right; a key
    // chooses one stick fewer, a stepper one more.
    page.click("#play-board .as-plain g.bundle[data-from='11']");
    assert_eq!(page.text("#play-take"), "Take 35 from row 1");
    assert_eq!(page.count("#play-board .as-plain g.bundle.chosen"), 3);
    page.press("ArrowRight");
    assert_eq!(page.text("#play-take"), "Take 34 from row 1");
    assert_eq!(page.count("#play-board .as-plain g.bundle.part"), 1);
    let take = "#play-board + .board-controls input[aria-label=Take]";
    assert_eq!(
        page.eval(&format!("document.querySelector({take:?}).value")),
        "34"
    );
    page.shot("long-row-chosen");
    page.click("#play-board + .board-controls button[aria-label='One stick more']");
    assert_eq!(page.text("#play-take"), "Take 35 from row 1");
    page.click("#play-take");
    computer_answered(&page);
    // 10 were left, and the computer, playing perfectly, left 1.
    assert_eq!(page.rows("#play-board"), "1");
    page.press("ArrowUp");
    page.press("Enter");
    page.wait("!document.getElementById('play-result').hidden", "the end");
    assert_eq!(
        page.text("#play-result"),
        "You took the last stick, so the computer wins."
    );

    // A second game, played by typing a number and Enter.
    page.click("#play-setup button[type=submit]");
    page.wait_count("#play-board .as-plain g.bundle", 4, "45 again");
    // A row typed chooses one stick, but the Take field only suggests it:
    // a number typed there next is that number, not run on from a 1.
    let row = "#play-board + .board-controls input[aria-label=Row]";
    page.type_into(row, "1");
    assert_eq!(page.text("#play-take"), "Take 1 from row 1");
    assert_eq!(
        page.eval(&format!("document.querySelector({take:?}).value")),
        ""
    );
    page.click(take);
    page.press("3");
    page.press("7");
    assert_eq!(page.text("#play-take"), "Take 37 from row 1");
    // Clicked again, what it holds is chosen, and typing replaces it.
    page.click(row);
    page.click(take);
    for digit in ["1", "3", "7"] {
        page.press(digit);
    }
    // More than the row has chooses nothing, and says why: it is never
    // made into another move.
    assert!(page.is("document.getElementById('play-take').disabled"));
    assert_eq!(page.count("#play-board .chosen"), 0);
    assert_eq!(
        page.text("#play-board + .board-controls .board-note"),
        "Row 1 has only 45 sticks, so you cannot take 137."
    );
    page.press("Enter");
    assert!(page.is("document.getElementById('play-result').hidden"));
    page.type_into(take, "44");
    assert!(!page.shown("#play-board + .board-controls .board-note"));
    assert_eq!(page.text("#play-take"), "Take 44 from row 1");
    page.press("Enter");
    page.wait("!document.getElementById('play-result').hidden", "the end");
    assert!(
        page.text("#play-result")
            .starts_with("The computer took the last stick, so you win.")
    );
    page.shot("long-row-won");

    // Check draws a long row in bundles too, and checks a move typed.
    page.press("c");
    page.type_into("#check-setup [name=position]", "3 41");
    page.press("Enter");
    page.wait_count("#check-board .as-plain g.bundle", 4, "3 41 in Check");
    page.type_into("#check-board + .board-controls input[aria-label=Row]", "2");
    page.type_into(
        "#check-board + .board-controls input[aria-label=Take]",
        "38",
    );
    page.press("Enter");
    page.wait(
        "document.querySelector('#check-verdict .verdict')",
        "the verdict",
    );
    assert_contains(&page.text("#check-verdict"), &["3 41 → 3 3", "good"]);
    page.assert_no_errors(true);
}

#[test]
fn twelve_rows_scroll_and_are_played_to_the_end_with_the_chosen_row_in_view() {
    let Some(page) = Page::open("/") else { return };
    // The first game drawn takes the focus: typing waits for it.
    page.wait_count(
        "#play-board rect[data-row]:not(.as-bundles *)",
        15,
        "the board of 3 5 7",
    );
    let rows: Vec<String> = (1..=12).map(|n| n.to_string()).collect();
    page.type_into("#play-setup [name=position]", &rows.join(" "));
    page.press("Enter");
    page.wait_count("#play-board .rows .drawing", 12, "twelve rows");
    let board = "#play-board";
    assert!(
        page.is("(b => b.scrollHeight > b.clientHeight)(document.getElementById('play-board'))"),
        "twelve rows at 1280×720 scroll inside the board"
    );
    let mut turns = 0;
    while page.is("document.getElementById('play-result').hidden") {
        turns += 1;
        assert!(turns < 60, "the game never ended");
        let left: Vec<u64> = (1..=12).map(|r| sticks_in_row(&page, board, r)).collect();
        let last = left
            .iter()
            .rposition(|&n| n > 0)
            .expect("a row with sticks")
            + 1;
        if turns % 2 == 1 {
            // By keys: up to the last row with sticks, then more from it.
            page.press("ArrowUp");
            for _ in 1..left[last - 1].min(3) {
                page.press("ArrowLeft");
            }
            assert!(page.is(&chosen_in_view(board)), "row {last} is out of view");
            if turns == 1 {
                page.shot("twelve-rows-chosen");
            }
            page.press("Enter");
        } else {
            // By the fields: the whole of the first row with sticks.
            let first = left.iter().position(|&n| n > 0).expect("a row") + 1;
            let fields = "#play-board + .board-controls input";
            page.type_into(&format!("{fields}[aria-label=Row]"), &first.to_string());
            page.type_into(
                &format!("{fields}[aria-label=Take]"),
                &left[first - 1].to_string(),
            );
            assert_eq!(
                page.text("#play-take"),
                format!("Take {} from row {first}", left[first - 1])
            );
            assert!(
                page.is(&chosen_in_view(board)),
                "row {first} is out of view"
            );
            page.press("Enter");
        }
        computer_answered(&page);
    }
    assert_contains(&page.text("#play-result"), &["last stick"]);

    // Check takes many more rows, and the arrows still show the row chosen.
    page.press("c");
    let many: Vec<String> = (1..=40).map(|n| (n % 7 + 1).to_string()).collect();
    page.type_into("#check-setup [name=position]", &many.join(" "));
    page.press("Enter");
    page.wait_count("#check-board .rows .drawing", 40, "forty rows");
    // As a keyboard reaches it with Tab.
    page.eval("document.getElementById('check-board').focus()");
    page.press("ArrowUp");
    assert!(
        page.is(&chosen_in_view("#check-board")),
        "row 40 is out of view"
    );
    assert!(page.is("document.getElementById('check-board').scrollTop > 0"));
    page.shot("forty-rows-check");
    page.assert_no_errors(true);
}

#[test]
fn groups_are_shown_only_when_asked_and_the_choice_is_remembered() {
    let Some(page) = Page::open("/") else { return };
    // Under a name of its own the page keeps its own storage, so what this
    // test switches on is not seen by the tests running beside it.
    let own = format!("http://localhost:{}/", page.shared.server.addr().port());
    let reload = |url: &str| {
        page.command("Page.navigate", json!({ "url": url }), "the page again");
        page.wait(
            "location.hostname === 'localhost' && document.querySelectorAll('#play-board rect[data-row]:not(.as-bundles *)').length === 15",
            "3 5 7 drawn",
        );
    };
    reload(&own);
    let switch = "#play-board + .board-controls .board-groups input";
    let fill = "getComputedStyle(document.querySelector(\"#play-board rect[data-row='3'][data-stick='7']\")).fill";
    // Plain sticks by default: one colour, no gaps.
    assert!(page.is(&format!("!document.querySelector({switch:?}).checked")));
    let plain = page.eval(fill);
    assert!(page.is(
        "[...document.querySelectorAll('#play-board svg.sticks g.group')].every(g => getComputedStyle(g).transform === 'none')"
    ));
    page.click(switch);
    assert!(page.is("document.getElementById('play-board').classList.contains('show-groups')"));
    assert_ne!(
        page.eval(fill),
        plain,
        "the single stick of 7 has its group's colour"
    );
    page.shot("show-groups");

    // Remembered after a reload, and on every board.
    reload(&own);
    assert!(page.is(&format!("document.querySelector({switch:?}).checked")));
    assert_ne!(page.eval(fill), plain);
    page.press("c");
    page.wait_count(
        "#check-board rect[data-row]:not(.as-bundles *)",
        15,
        "3 5 7 in Check",
    );
    assert!(page.is("document.getElementById('check-board').classList.contains('show-groups')"));

    // Switched off, it stays off; Explain shows the groups all the same.
    page.press("p");
    page.click(switch);
    reload(&own);
    assert!(page.is(&format!("!document.querySelector({switch:?}).checked")));
    assert_eq!(page.eval(fill), plain);
    page.press("e");
    page.wait(
        "document.querySelector('#explain-steps .step-holder.current svg.sticks')",
        "the explanation",
    );
    let explained = "getComputedStyle(document.querySelector('#explain-steps .current .rows svg.sticks rect.g2')).fill";
    assert_ne!(page.eval(explained), plain, "Explain colours the groups");
    // Step 2 draws the pairs, the group without a partner marked.
    page.click("#explain-next");
    assert_eq!(page.count("#explain-steps .current .pairs rect.pair"), 3);
    assert_eq!(page.count("#explain-steps .current .pairs rect.alone"), 1);
    assert_contains(
        &page.text("#explain-steps .current .pairs"),
        &[
            "groups of 4",
            "rows 2 and 3",
            "rows 2 and 3; row 1: no partner",
        ],
    );
    page.shot("explain-pairs");
    page.assert_no_errors(true);
}

#[test]
fn the_computer_shows_the_start_and_double_clicks_count_once() {
    let Some(page) = Page::open("/") else { return };
    page.wait_count(
        "#play-board rect[data-row]:not(.as-bundles *)",
        15,
        "the board of 3 5 7",
    );
    // 21 with the computer first: the 21 sticks are seen before its move.
    page.eval(
        "(() => { const f = document.getElementById('play-setup'); \
         f.elements.position.value = '21'; f.elements.take.value = '1-3'; \
         f.elements.first.value = 'computer'; f.elements.level.value = 'good'; \
         f.requestSubmit(); })()",
    );
    page.wait_count(
        "#play-board rect[data-row]:not(.as-bundles *)",
        21,
        "the 21 sticks at the start",
    );
    let idle = "document.getElementById('play').getAttribute('aria-busy') === 'false'";
    page.wait(
        &format!("{idle} && document.getElementById('play-said').innerText.includes('The computer takes')"),
        "the computer's first move",
    );
    assert!(page.count("#play-board rect[data-row]:not(.as-bundles *)") < 21);

    // Two quick clicks on Hint show one more rung, not two.
    page.eval(
        "(() => { const b = document.getElementById('play-hint'); b.click(); b.click(); })()",
    );
    page.wait(
        &format!("{idle} && document.querySelectorAll('#play-hints li').length > 0"),
        "a hint",
    );
    assert_eq!(page.count("#play-hints li"), 1);
    // Nor does a double click whose second click comes once the first's
    // hint is shown.
    page.click("#play-hint");
    page.wait(
        &format!("{idle} && document.querySelectorAll('#play-hints li').length === 2"),
        "the second hint",
    );
    page.second_click("#play-hint");
    page.wait(idle, "Play to be idle");
    assert_eq!(
        page.count("#play-hints li"),
        2,
        "a double click gave two hints"
    );
    assert!(page.is("location.hash.includes('hints=2')"));

    // Two moves, then two quick clicks on Undo: one move is taken back.
    let mut sticks = Vec::new();
    for _ in 0..2 {
        sticks.push(page.count("#play-board rect[data-row]:not(.as-bundles *)"));
        page.click("#play-buttons button[data-take='1']");
        page.wait(
            &format!("{idle} && !document.querySelector('#play-board rect.taken')"),
            "the computer's move",
        );
    }
    page.click("#play-undo");
    page.wait(
        &format!(
            "{idle} && document.querySelectorAll('#play-board rect[data-row]:not(.as-bundles *)').length === {}",
            sticks[1]
        ),
        "one move taken back",
    );
    // The second click of that double click, once the first is answered,
    // takes back nothing more.
    page.second_click("#play-undo");
    page.wait(idle, "Play to be idle");
    assert_eq!(
        page.count("#play-board rect[data-row]:not(.as-bundles *)"),
        sticks[1]
    );
    // Played to the end, the review counts one take-back and one hint.
    let mut turns = 0;
    while page.is("document.getElementById('play-result').hidden") {
        turns += 1;
        assert!(turns < 30, "the game never ended");
        page.click("#play-buttons button[data-take='1']");
        page.wait(
            &format!("{idle} && !document.querySelector('#play-board rect.taken')"),
            "the computer's move",
        );
    }
    assert_contains(&page.text("#play-review"), &["took back 1 move", "2 hints"]);
    // The page speaks page: no command to type, but a button.
    assert!(!page.text("#play-review").contains("matchsticks"));
    page.click("#play-again");
    page.wait_count(
        "#play-board rect[data-row]:not(.as-bundles *)",
        21,
        "the same start again",
    );
    page.wait(
        &format!("{idle} && document.getElementById('play-result').hidden"),
        "a new game",
    );
    assert!(!page.shown("#play-again"));
    page.assert_no_errors(true);
}

#[test]
fn a_move_from_two_rows_is_made_by_keyboard_and_fields_and_a_third_row_says_what_gave_way() {
    let Some(page) = Page::open("/#lessons?lesson=one-or-two-rows&question=3") else {
        return;
    };
    let question = ".question:not(.done)";
    let try_button = format!("{question} button.take");
    page.wait(
        &format!("document.querySelectorAll('{question} rect[data-row]:not(.as-bundles *)').length === 14"),
        "3 4 7",
    );
    // The fields: row 2, take 1, Add a row, then row 3, take 4.
    page.type_into(&format!("{question} .board-row input"), "2");
    page.type_into(&format!("{question} .board-take input"), "1");
    page.click(&format!("{question} .board-another"));
    page.type_into(&format!("{question} .board-row input"), "3");
    page.type_into(&format!("{question} .board-take input"), "4");
    assert_eq!(
        page.text(&try_button),
        "Try: take 1 from row 2 and 4 from row 3"
    );
    // The keys: Esc forgets; ↓ ↓ chooses row 2's last stick, Shift+↓ adds
    // row 3, and ← three times makes it four sticks.
    page.eval(&format!(
        "document.querySelector('{question} .board').focus()"
    ));
    page.press("Escape");
    page.press("ArrowDown");
    page.press("ArrowDown");
    page.press_shifted("ArrowDown");
    for _ in 0..3 {
        page.press("ArrowLeft");
    }
    assert_eq!(
        page.text(&try_button),
        "Try: take 1 from row 2 and 4 from row 3"
    );
    assert!(
        page.text(&format!("{question} .board-note")).is_empty(),
        "a note with nothing to say"
    );
    // A third row: the earliest gives way, and the page says so.
    page.click(&format!("{question} rect[data-row='1'][data-stick='3']"));
    assert_eq!(
        page.text(&try_button),
        "Try: take 1 from row 1 and 4 from row 3"
    );
    let note = page.text(&format!("{question} .board-note"));
    assert!(note.starts_with("Row 2 is no longer chosen"), "{note}");

    // A turn of the wheel over the focused Take field leaves the move as typed.
    page.type_into(&format!("{question} .board-row input"), "3");
    page.type_into(&format!("{question} .board-take input"), "2");
    let before = page.text(&try_button);
    let at = page.eval(&format!(
        "(r => [r.left + r.width / 2, r.top + r.height / 2])\
         (document.querySelector('{question} .board-take input').getBoundingClientRect())"
    ));
    let (x, y) = (at[0].as_f64().expect("x"), at[1].as_f64().expect("y"));
    for _ in 0..3 {
        page.command(
            "Input.dispatchMouseEvent",
            json!({ "type": "mouseWheel", "x": x, "y": y, "deltaX": 0, "deltaY": 120 }),
            "a turn of the wheel",
        );
    }
    page.eval("new Promise((done) => setTimeout(done, 200))");
    assert_eq!(page.text(&try_button), before);
    assert_eq!(
        page.eval(&format!(
            "document.querySelector('{question} .board-take input').value"
        )),
        "2"
    );

    // Start again asks first: one press leaves the lesson where it is.
    let title = page.text("#lesson-page");
    page.click("#lesson-restart");
    assert_eq!(page.text("#lesson-restart"), "Sure? Start again");
    assert!(page.is(&format!("document.querySelector('{question}')")));
    assert_eq!(page.text("#lesson-page"), title);
    page.click("#lesson-restart");
    page.wait(
        "!document.querySelector('.question') && !location.hash.includes('question')",
        "the lesson from its start",
    );
    assert_eq!(page.text("#lesson-restart"), "Start again");
    page.assert_no_errors(true);
}

#[test]
fn a_verdict_draws_its_rows_plainly_unless_the_groups_are_shown() {
    let Some(page) = Page::open("/#check?position=9+5+3") else {
        return;
    };
    page.eval("localStorage.removeItem('matchsticks.show-groups')");
    page.reload();
    page.wait_count(
        "#check-board rect[data-row]:not(.as-bundles *)",
        17,
        "9 5 3",
    );
    page.click("#check-board rect[data-row='1'][data-stick='9']");
    page.click("#check-take");
    page.wait(
        "document.querySelector('#check-verdict svg.sticks rect')",
        "the verdict's rows",
    );
    // The colours of the verdict's sticks, and whether any group is set apart.
    let looks = "(() => { const v = document.getElementById('check-verdict'); \
        const fills = new Set([...v.querySelectorAll('svg.sticks rect')] \
          .map((r) => getComputedStyle(r).fill)); \
        const apart = [...v.querySelectorAll('svg.sticks g.group')] \
          .some((g) => getComputedStyle(g).transform !== 'none'); \
        return [fills.size, apart]; })()";
    let plain = page.eval(looks);
    assert_eq!(
        plain,
        json!([1, false]),
        "groups shown while the switch is off"
    );
    page.click("#check-board + .board-controls .board-groups input");
    let grouped = page.eval(looks);
    assert!(
        grouped[0].as_u64().unwrap_or_default() > 1,
        "no groups once the switch is on: {grouped}"
    );
    page.click("#check-board + .board-controls .board-groups input");
    page.assert_no_errors(true);
}

#[test]
fn a_refusal_reads_as_a_sentence_with_its_numbers_grouped() {
    let Some(page) = Page::open("/#play?position=99999999999999999999") else {
        return;
    };
    page.wait(
        "!document.getElementById('play-error').hidden",
        "the refusal",
    );
    let said = page.text("#play-error");
    assert!(said.contains("18,446,744,073,709,551,615"), "{said}");
    // The first letter is drawn as a capital.
    assert!(page.is(
        "getComputedStyle(document.getElementById('play-error'), '::first-letter').textTransform === 'uppercase'"
    ));
}

#[test]
fn a_refused_worksheet_takes_the_sheet_before_away_and_print_with_it() {
    let Some(page) = Page::open("/#worksheet?kind=twenty-one&count=5&seed=77") else {
        return;
    };
    page.wait(
        "document.querySelector('#worksheet-out .step')",
        "the 21 game's sheet",
    );
    assert!(page.is("!document.getElementById('worksheet-print').disabled"));
    page.eval(
        "document.querySelector('#worksheet-setup [name=kind]').value = 'take-set'; \
         document.querySelector('#worksheet-setup [name=take]').value = ''",
    );
    page.click("#worksheet-setup button[type=submit]");
    page.wait(
        "!document.getElementById('worksheet-error').hidden",
        "the refusal",
    );
    assert!(page.is("!document.getElementById('worksheet-out').hasChildNodes()"));
    assert!(page.is("document.getElementById('worksheet-print').disabled"));
    assert!(
        page.is("location.hash.includes('kind=take-set')"),
        "{}",
        page.eval("location.hash")
    );
}

#[test]
fn a_take_game_that_leaves_the_computer_stuck_says_why() {
    let Some(page) = Page::open("/#play?position=3&take=2&first=me&seed=1") else {
        return;
    };
    page.wait(
        "document.querySelector(\"#play-buttons button[data-take='2']\")",
        "the Take 2 button",
    );
    page.click("#play-buttons button[data-take='2']");
    page.wait(
        "!document.getElementById('play-result').hidden",
        "the result",
    );
    let result = page.text("#play-result");
    assert_contains(
        &result,
        &[
            "the computer cannot take 2 from the 1 stick left",
            "the computer wins",
        ],
    );
    page.assert_no_errors(true);
}
