//! The page's address in a real browser: a reload in the middle of a game
//! or of a lesson comes back to it, Back returns to the part or the game
//! before and never undoes a move, an address made by hand is refused
//! kindly, and a lesson ends on a page naming the next lesson.

use crate::common;

use common::cdp::Page;

/// Waits until Play is idle, with nothing greyed out on its board.
fn play_idle(page: &Page) {
    page.wait(
        "document.getElementById('play').getAttribute('aria-busy') === 'false' \
         && !document.querySelector('#play-board rect.taken')",
        "Play to be idle",
    );
}

/// Takes `n` sticks in a game of one row with take buttons, and waits for
/// the computer's answer.
fn take(page: &Page, n: usize) {
    page.click(&format!("#play-buttons button[data-take='{n}']"));
    play_idle(page);
}

/// The sticks on Play's board and what was said at the last turn, in one line.
fn game_now(page: &Page) -> String {
    page.eval(
        "document.querySelectorAll('#play-board rect[data-row]:not(.as-bundles *)').length + ' | ' \
         + document.getElementById('play-said').innerText + ' | ' \
         + document.getElementById('play-hints').innerText",
    )
    .as_str()
    .unwrap_or_default()
    .to_string()
}

/// Goes Back (or Forward, by `by`) in the tab's history and waits until
/// the address has changed.
fn history(page: &Page, by: i32) {
    let before = page.eval("location.hash");
    page.eval(&format!("history.go({by})"));
    page.wait(
        &format!("location.hash !== {before}"),
        "the address to change",
    );
}

#[test]
fn a_reload_in_the_middle_of_a_game_comes_back_to_it() {
    let Some(page) = Page::open("/") else { return };
    page.click("button.preset[data-position='21']");
    page.wait_count(
        "#play-board rect[data-row]:not(.as-bundles *)",
        21,
        "21 sticks",
    );
    play_idle(&page);
    take(&page, 1);
    take(&page, 2);
    page.click("#play-hint");
    page.wait_count("#play-hints li", 1, "a hint");
    let before = game_now(&page);
    let address = page.eval("location.hash");
    let hash = address.as_str().unwrap_or_default();
    assert!(
        hash.starts_with("#play?") && hash.contains("moves=1.1,1.2") && hash.contains("seed="),
        "{hash}"
    );

    page.reload();
    page.wait(
        &format!(
            "document.querySelectorAll('#play-board rect[data-row]:not(.as-bundles *)').length === {}",
            before.split(' ').next().unwrap()
        ),
        "the game as it was",
    );
    play_idle(&page);
    assert_eq!(game_now(&page), before);
    assert_eq!(page.eval("location.hash"), address);
    assert_eq!(
        page.eval("document.querySelector('#play-setup [name=take]').value"),
        "1-3"
    );
    // The game goes on from there, and Undo takes back the last move before the reload.
    take(&page, 1);
    page.click("#play-undo");
    play_idle(&page);
    assert_eq!(
        game_now(&page).split(" | ").next(),
        before.split(" | ").next()
    );

    // A link with the same address, opened anew, shows the same game.
    let link = page.eval("location.hash");
    let other = Page::open(&format!("/{}", link.as_str().unwrap())).expect("a browser");
    other.wait(
        &format!(
            "document.querySelectorAll('#play-board rect[data-row]:not(.as-bundles *)').length === {}",
            before.split(' ').next().unwrap()
        ),
        "the game of the link",
    );
    page.assert_no_errors(true);
    other.assert_no_errors(true);
}

#[test]
fn a_reload_in_the_middle_of_a_lesson_comes_back_to_its_question() {
    let Some(page) = Page::open("/#lessons") else {
        return;
    };
    page.start_lesson("copy-cat", "Two equal rows");
    page.next_until_question();
    // A wrong try and a hint, then the reload.
    page.click(".question rect[data-row='1'][data-stick='4']");
    page.click(".question button.take");
    page.said(1, "the first answer");
    page.click(".question button.hint-button");
    let hint = page.said(2, "the hint");
    let heading = page.text(".question:not(.done) h3");
    let hash = page.eval("location.hash");
    assert_eq!(
        hash,
        "#lessons?lesson=copy-cat&question=1&tries=move.1.1,hint"
    );

    page.reload();
    page.wait(
        "document.querySelectorAll('.said-log .said').length === 2",
        "the question with its two tries",
    );
    assert!(page.shown("#lesson-run"));
    assert_eq!(page.text(".question:not(.done) h3"), heading);
    assert_eq!(page.text(".said-log .said:last-child"), hint);
    assert!(page.is("document.getElementById('lesson-next').disabled"));
    assert_eq!(page.eval("location.hash"), hash);
    // It goes on as before: the right move settles it.
    page.click(".question rect[data-row='2'][data-stick='5']");
    page.press("Enter");
    let said = page.said(3, "the verdict");
    assert!(said.trim_end().ends_with("Well done."), "{said}");
    assert!(page.is("!document.getElementById('lesson-next').disabled"));
    page.assert_no_errors(true);
}

#[test]
fn back_returns_to_the_part_and_the_game_before_and_never_undoes_a_move() {
    let Some(page) = Page::open("/") else { return };
    page.wait_count(
        "#play-board rect[data-row]:not(.as-bundles *)",
        15,
        "the board of 3 5 7",
    );
    play_idle(&page);
    let first = page.eval("location.hash");
    // A new game of 21: a new entry in the history. Its moves are not.
    page.click("button.preset[data-position='21']");
    page.wait_count(
        "#play-board rect[data-row]:not(.as-bundles *)",
        21,
        "21 sticks",
    );
    play_idle(&page);
    let entries = page.eval("history.length");
    take(&page, 1);
    take(&page, 1);
    assert_eq!(
        page.eval("history.length"),
        entries,
        "a move added to the history"
    );
    let played = game_now(&page);
    let at = page.eval("location.hash");

    // Another part, and Back to Play: the game as it was, both moves kept.
    page.press("e");
    page.wait(
        "document.querySelector('#explain-steps .step-holder.current')",
        "the explanation",
    );
    assert!(page.is("location.hash.startsWith('#explain?')"));
    history(&page, -1);
    page.wait("!document.getElementById('play').hidden", "Play again");
    assert!(page.is("document.getElementById('explain').hidden"));
    assert_eq!(page.eval("location.hash"), at);
    assert_eq!(game_now(&page), played);

    // Back again: the game before, 3 5 7, not 21 with one move fewer.
    history(&page, -1);
    page.wait_count(
        "#play-board rect[data-row]:not(.as-bundles *)",
        15,
        "3 5 7 again",
    );
    play_idle(&page);
    assert_eq!(page.eval("location.hash"), first);
    // Forward: 21 with its two moves.
    history(&page, 1);
    page.wait(
        &format!(
            "document.querySelectorAll('#play-board rect[data-row]:not(.as-bundles *)').length === {}",
            played.split(' ').next().unwrap()
        ),
        "21 after two moves",
    );
    play_idle(&page);
    assert_eq!(game_now(&page), played);
    page.assert_no_errors(true);
}

#[test]
fn an_address_made_by_hand_is_refused_kindly() {
    let Some(page) = Page::open("/#play?position=%3Cb%3E1%3C%2Fb%3E&seed=x&moves=9.9") else {
        return;
    };
    // The server refuses the rows, and says why on the page.
    page.wait(
        "!document.getElementById('play-error').hidden",
        "the refusal",
    );
    let said = page.text("#play-error");
    assert!(!said.is_empty() && !said.contains('\n'), "{said}");
    assert_eq!(
        page.count("#play-error b"),
        0,
        "words of the address became HTML"
    );
    // What can be read is used, and the page goes on working.
    page.go("/#play?position=21&take=1-3&level=best&seed=12&moves=zz");
    page.wait_count(
        "#play-board rect[data-row]:not(.as-bundles *)",
        21,
        "21 sticks",
    );
    assert!(page.text("#play-error").contains("\"level\""));
    play_idle(&page);
    take(&page, 1);
    // A move no row allows: the server says so, and the page still works.
    page.go("/#play?position=3&seed=5&moves=7.1");
    page.wait(
        "!document.getElementById('play-error').hidden",
        "the refusal",
    );
    page.go("/#lessons?lesson=no-such-lesson&question=-1");
    page.wait(
        "!document.getElementById('lessons-error').hidden",
        "no lesson",
    );
    page.wait(
        "document.querySelector('button.lesson-choice')",
        "the list of lessons",
    );
    page.go("/#nowhere?x=%00");
    page.wait_count(
        "#play-board rect[data-row]:not(.as-bundles *)",
        15,
        "Play, as the page starts",
    );
    let long = "1,".repeat(5000);
    page.go(&format!("/#explain?position={long}"));
    page.wait(
        "!document.getElementById('explain-error').hidden",
        "too long",
    );
    assert!(page.text("#explain-error").contains("too long"));
    // Refusals by the server are failed requests, and nothing else.
    page.assert_no_errors(false);
}

#[test]
fn a_lesson_ends_naming_the_next_one_and_the_last_says_it_is_the_last() {
    let Some(page) = Page::open("/#lessons") else {
        return;
    };
    let next_title = page.evaluate(
        "new Promise(done => { const look = () => { \
           const b = document.querySelector(\"button.lesson-choice[data-name='making-groups'] strong\"); \
           if (b) done(b.textContent); else setTimeout(look, 15); }; look(); })",
        true,
    );
    let next_title = next_title
        .as_ref()
        .ok()
        .and_then(|t| t.as_str())
        .expect("the next lesson's title")
        .to_string();
    page.start_lesson("copy-cat", "Two equal rows");
    // Both questions answered by showing the answer, then Next to the end.
    for question in 0..2 {
        if question > 0 {
            page.click("#lesson-next");
        }
        page.next_until_question();
        page.click(".question:not(.done) button.reveal");
        page.wait(
            "!document.getElementById('lesson-next').disabled",
            "the answer",
        );
    }
    let mut nexts = 0;
    while !page.is("document.querySelector('#lesson-page .the-end button')") {
        nexts += 1;
        assert!(nexts < 10, "the lesson never ended");
        page.click("#lesson-next");
    }
    let end = page.text("#lesson-page .the-end");
    assert!(end.contains("The end of the lesson."), "{end}");
    assert!(end.contains(&format!("Next lesson: {next_title}")), "{end}");
    assert!(page.is("document.getElementById('lesson-next').disabled"));
    assert!(page.is("location.hash.endsWith('&end=1')"));
    page.shot("lesson-end");

    // Its button starts the next lesson; Back returns to this end.
    page.click("#lesson-page .the-end button.next-lesson-start");
    page.wait(
        &format!("document.getElementById('lesson-title').textContent === {next_title:?}"),
        "the next lesson",
    );
    history(&page, -1);
    page.wait(
        "document.querySelector('#lesson-page .the-end button.next-lesson-start')",
        "the end of copy-cat again",
    );

    // The last lesson says that it is the last.
    page.go("/#lessons?lesson=chomp&end=1");
    page.wait(
        "document.querySelector('#lesson-page .the-end .last-lesson')",
        "the end of the last lesson",
    );
    assert!(
        page.text("#lesson-page .the-end")
            .contains("This was the last lesson.")
    );
    page.assert_no_errors(true);
}

#[test]
fn a_lesson_page_between_questions_and_a_checked_move_come_back_from_the_address() {
    let Some(page) = Page::open("/#lessons?lesson=why-it-works") else {
        return;
    };
    // Three pages on, with no question yet: the address says how far.
    page.wait("document.querySelector('#lesson-page .part')", "the lesson");
    for _ in 0..3 {
        page.click("#lesson-next");
    }
    page.wait(
        "location.hash === '#lessons?lesson=why-it-works&next=3'",
        "the page in the address",
    );
    let shown = page.text("#lesson-page");
    page.reload();
    page.wait(
        "document.querySelector('#lesson-page .part')",
        "the lesson again",
    );
    assert_eq!(page.text("#lesson-page"), shown);

    // A move checked: the address names it, and a link shows its verdict.
    page.go("/#check?position=4+6+9");
    page.wait_count(
        "#check-board rect[data-row]:not(.as-bundles *)",
        19,
        "4 6 9",
    );
    page.click("#check-board rect[data-row='3'][data-stick='3']");
    page.click("#check-take");
    page.wait(
        "document.querySelector('#check-verdict .verdict')",
        "the verdict",
    );
    page.wait(
        "location.hash === '#check?position=4+6+9&move=3.7'",
        "the move in the address",
    );
    let verdict = page.text("#check-verdict");
    page.reload();
    page.wait(
        "document.querySelector('#check-verdict .verdict')",
        "the verdict again",
    );
    assert_eq!(page.text("#check-verdict"), verdict);
    assert_eq!(page.count("#check-board rect.taken"), 7);
    // Trying another move takes it out of the address.
    page.click("#check-again");
    page.wait(
        "location.hash === '#check?position=4+6+9'",
        "no move in the address",
    );
    page.assert_no_errors(true);
}

#[test]
fn a_shared_game_that_cannot_be_replayed_says_so_and_a_checked_bite_comes_back() {
    let Some(page) = Page::open("/") else { return };
    // Opened over a game, and opened afresh: the page says that the
    // shared game did not open, and why.
    play_idle(&page);
    let link = "/#play?position=3+5+7&level=perfect&first=me&seed=5&moves=9.9";
    for fresh in [false, true] {
        if fresh {
            // The link put in the address bar without the page hearing of
            // it, then loaded afresh.
            page.eval(&format!("history.replaceState(null, '', {link:?})"));
            page.reload();
        } else {
            page.go(link);
        }
        page.wait(
            "document.getElementById('play-error').textContent.includes('\"moves\"') \
             && document.getElementById('play').getAttribute('aria-busy') === 'false'",
            if fresh {
                "the refusal, afresh"
            } else {
                "the refusal, over a game"
            },
        );
        let said = page.text("#play-error");
        assert!(
            said.contains("There is no row 9") && said.contains("\"moves\""),
            "{said}"
        );
        assert_eq!(
            page.count("#play-board rect[data-row]:not(.as-bundles *)"),
            15
        );
    }

    // Chomp: the bite checked is in the address, and a reload shows its
    // verdict again.
    page.go("/#chomp?mode=check&shape=3x3");
    page.wait(
        "document.querySelector('#chomp-board rect[data-row]')",
        "the bar",
    );
    page.click("#chomp-board rect[data-row='3'][data-column='3']");
    page.click("#chomp-check");
    page.wait(
        "document.querySelector('#chomp-verdict .verdict')",
        "the verdict",
    );
    page.wait(
        "location.hash === '#chomp?mode=check&shape=3x3&bite=3.3'",
        "the bite in the address",
    );
    let verdict = page.text("#chomp-verdict");
    page.reload();
    page.wait(
        "document.querySelector('#chomp-verdict .verdict')",
        "the verdict again",
    );
    assert_eq!(page.text("#chomp-verdict"), verdict);
    // Checking another bite takes it out of the address.
    page.click("#chomp-again");
    page.wait(
        "location.hash === '#chomp?mode=check&shape=3x3'",
        "no bite in the address",
    );
    page.assert_no_errors(false);
}

#[test]
fn a_refused_game_opened_by_address_takes_the_board_before_away() {
    let Some(page) = Page::open("/#play?position=1,2,3,4,5&seed=3") else {
        return;
    };
    page.wait_count(
        "#play-board rect[data-row]:not(.as-bundles *)",
        15,
        "1 2 3 4 5",
    );
    // A link to a game of 200 rows, more than a game here may have.
    let rows = vec!["1"; 200].join(",");
    page.go(&format!("/#play?position={rows}&seed=4"));
    page.wait(
        "!document.getElementById('play-error').hidden",
        "the refusal",
    );
    assert!(page.text("#play-error").contains("200"));
    // The board, its words and its buttons go: they were another game.
    page.wait_count("#play-board rect[data-row]", 0, "the board before to go");
    assert_eq!(page.text("#play-said"), "");
    assert!(page.is("document.getElementById('play-take').disabled"));
}
