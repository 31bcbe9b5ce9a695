//! The classroom page on the screens it is shown on, from a small phone
//! to a 1080p projector: every tab fits the width, its type is large
//! enough to read there, a phone shows a game's board, buttons and answer
//! together, words that outgrow their panel can still be reached, the
//! active tab stays readable under the mouse, axe-core finds nothing
//! serious, and a printout has no blank page. Screenshots of each screen
//! go to `target/screenshots/screens-*.png`.
//!
//! axe-core is a test fixture (`tests/fixtures/axe-core/`), handed to the
//! browser over its DevTools protocol; the page itself never loads it.

use crate::common;

use std::path::Path;
use std::time::{Duration, Instant};

use common::cdp::{HEIGHT, Page, WIDTH};
use serde_json::Value;

/// Two phones upright, the classroom projector, and a 1080p one.
const SCREENS: [(u32, u32); 4] = [(360, 640), (390, 844), (1280, 720), (1920, 1080)];

/// Each tab, and what it shows once its content has come.
const TABS: [(&str, &str); 7] = [
    ("play", "#play-board rect[data-row]:not(.as-bundles *)"),
    ("explain", "#explain-steps .step-holder.current"),
    ("check", "#check-board rect[data-row]:not(.as-bundles *)"),
    ("lessons", "#lesson-items button.lesson-choice"),
    ("table", "#table-out table"),
    ("chomp", "#chomp-board rect[data-row]"),
    ("worksheet", "#worksheet-out .step.new-page"),
];

/// Whether a screen is a phone's, where text must be at least 16px.
fn phone(width: u32) -> bool {
    width < 600
}

/// The smallest type allowed on a screen, in CSS pixels: 16 on a phone, 28
/// on a projector of 1080p or more and on a large display stood upright,
/// and on the 720p projector the page was first made for, nothing under
/// 14.
fn least_type(width: u32, height: u32) -> f64 {
    match (width, height) {
        (w, _) if phone(w) => 16.0,
        (w, h) if w >= 1920 && h >= 1080 => 28.0,
        // A large display stood upright, read from the back of a room.
        (w, h) if w >= 1000 && h > w => 28.0,
        _ => 14.0,
    }
}

/// Opens the page at `path` on a screen of `width` × `height`, with axe-core
/// loaded into it; None without a browser.
fn open(path: &str, width: u32, height: u32) -> Option<Page> {
    let page = Page::open_on(path, width, height)?;
    load_axe(&page);
    Some(page)
}

/// Clicks the tab `tab` and waits until its part shows `ready`; the mouse
/// stays on the tab.
fn open_tab(page: &Page, tab: &str, ready: &str) {
    page.click(&format!(".tab[data-tab='{tab}']"));
    page.wait(
        &format!(
            "!document.getElementById('{tab}').hidden && document.querySelector({ready:?}) \
             && document.body.getAttribute('aria-busy') !== 'true'"
        ),
        &format!("the {tab} tab"),
    );
}

/// What makes the page wider than a screen `width` wide, if anything does.
fn sideways(page: &Page, width: u32) -> Option<String> {
    let js = format!(
        "(() => {{ const wide = document.documentElement.scrollWidth; \
         if (wide <= {width} && document.body.scrollWidth <= {width}) return null; \
         const name = (e) => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') \
           + (typeof e.className === 'string' && e.className \
             ? '.' + e.className.split(' ').join('.') : ''); \
         const over = [...document.querySelectorAll('body *')] \
           .filter((e) => e.getBoundingClientRect().right > {width} + 0.5).slice(0, 6).map(name); \
         return `${{wide}} px wide: ${{over.join(', ')}}`; }})()"
    );
    page.eval(&js).as_str().map(str::to_string)
}

/// The smallest type of any words shown, in CSS pixels, and where they
/// are. Words inside drawings are left out: a drawing scales as a whole
/// with its box.
fn smallest_type(page: &Page) -> (f64, String) {
    let js = "(() => { let least = Infinity, where = ''; \
        const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT); \
        for (let n = walk.nextNode(); n; n = walk.nextNode()) { \
          const e = n.parentElement; \
          if (!n.textContent.trim() || e.closest('svg') || !e.checkVisibility()) continue; \
          const box = e.getBoundingClientRect(); \
          if (box.width < 2 || box.height < 2) continue; \
          const size = parseFloat(getComputedStyle(e).fontSize); \
          if (size < least) { least = size; \
            where = `${e.tagName.toLowerCase()}${e.id ? '#' + e.id : ''}.${e.className}: \
${n.textContent.trim().slice(0, 40)}`; } } \
        return [least, where]; })()";
    let found = page.eval(js);
    (
        found[0].as_f64().unwrap_or(f64::INFINITY),
        found[1].as_str().unwrap_or_default().to_string(),
    )
}

/// What axe-core finds in the page as it is now, in the element at
/// `within` or the whole page, of the rule `only` or of every rule: the
/// serious and critical violations, one line each, and how many
/// violations it found of any impact.
fn axe(page: &Page, within: Option<&str>, only: Option<&str>) -> (Vec<String>, usize) {
    // The whole page but the parts hidden behind other tabs, which axe-core
    // would walk through only to find them hidden: the same findings, sooner.
    let context = within.map_or(
        "{ exclude: [...document.querySelectorAll('.pane[hidden]')].map((p) => ['#' + p.id]) }"
            .to_string(),
        |selector| format!("{selector:?}"),
    );
    let rules = only.map_or(String::new(), |rule| format!(", runOnly: [{rule:?}]"));
    let js = format!(
        "axe.run({context}, {{ resultTypes: ['violations']{rules} }}).then((found) => [\
         found.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical') \
         .flatMap((v) => v.nodes.map((n) => `${{v.id}} at ${{n.target.join(' ')}}: \
         ${{(n.failureSummary ?? '').split('\\n').slice(1, 2).join('').trim()}}`)), \
         found.violations.reduce((all, v) => all + v.nodes.length, 0)])"
    );
    let found = page.evaluate(&js, true);
    match found.as_ref().map(|found| (&found[0], found[1].as_u64())) {
        Ok((Value::Array(serious), Some(total))) => (
            serious
                .iter()
                .map(|line| line.as_str().unwrap_or_default().to_string())
                .collect(),
            usize::try_from(total).expect("a count"),
        ),
        _ => panic!("axe-core ran: {found:?}"),
    }
}

/// Checks the page as it is now on a screen of `width` × `height`: no
/// sideways scrolling, type large enough, and no serious violation, adding
/// what is wrong to `wrong` under the name `state`. Gives how many
/// violations axe-core found: serious or critical, and of any impact.
pub(crate) fn look(
    page: &Page,
    (width, height): (u32, u32),
    state: &str,
    wrong: &mut Vec<String>,
) -> (usize, usize) {
    let at = format!("{width}×{height} {state}");
    if let Some(why) = sideways(page, width) {
        wrong.push(format!("{at}: scrolls sideways, {why}"));
    }
    let (least, where_) = smallest_type(page);
    if least < least_type(width, height) {
        wrong.push(format!("{at}: {least}px type at {where_}"));
    }
    let (found, total) = axe(page, None, None);
    wrong.extend(found.iter().map(|v| format!("{at}: {v}")));
    (found.len(), total)
}

/// Moves the mouse off every control, to the bottom left corner.
fn point_away(page: &Page, height: u32) {
    page.point_at(1.0, f64::from(height) - 1.0);
}

// Each screen is a test of its own, so that two can run at once; the
// tests running at the same time share one browser.

#[test]
fn every_tab_fits_a_small_phone_is_readable_and_has_no_serious_violation() {
    every_tab_on(SCREENS[0]);
}

#[test]
fn every_tab_fits_a_phone_is_readable_and_has_no_serious_violation() {
    every_tab_on(SCREENS[1]);
}

#[test]
fn every_tab_fits_a_720p_projector_is_readable_and_has_no_serious_violation() {
    every_tab_on(SCREENS[2]);
}

#[test]
fn every_tab_fits_a_1080p_projector_is_readable_and_has_no_serious_violation() {
    every_tab_on(SCREENS[3]);
}

/// Opens every tab, and the states beyond each tab's first, on a screen of
/// `width` × `height`, looks at each (see [`look`]) and saves a screenshot
/// of Play in the middle of a game.
fn every_tab_on(screen @ (width, height): (u32, u32)) {
    let Some(page) = open("/", width, height) else {
        return;
    };
    let started = Instant::now();
    let mut wrong = Vec::new();
    let mut counts = Vec::new();
    for (tab, ready) in TABS {
        open_tab(&page, tab, ready);
        if tab == "play" {
            // In the middle of a game: a move made, and the computer's
            // answer with its reason.
            take_last(&page, "play", "3", "7");
            page.wait(
                "document.querySelector('#play-said .said.computer')",
                "the computer's answer",
            );
            // Back to resting on the tab, as the other tabs are checked.
            let at = page.eval(
                "(r => [r.left + r.width / 2, r.top + r.height / 2]) \
                 (document.querySelector(\".tab[data-tab='play']\").getBoundingClientRect())",
            );
            page.point_at(
                at[0].as_f64().unwrap_or_default(),
                at[1].as_f64().unwrap_or_default(),
            );
        }
        // The whole page is checked once, with the mouse resting on the
        // tab it clicked, as after every click on a tab; then, with the
        // mouse away, the tab keeps its contrast too.
        let (serious, total) = look(&page, screen, tab, &mut wrong);
        let on = tab_contrast(&page, tab);
        point_away(&page, height);
        let away = tab_contrast(&page, tab);
        for (mouse, ratio) in [("on", on), ("away from", away)] {
            if ratio < 4.5 {
                wrong.push(format!(
                    "{width}×{height} {tab}: with the mouse {mouse} its tab, {ratio:.2}:1"
                ));
            }
        }
        counts.push(format!(
            "{tab}: {serious} serious or critical of {total}; its tab {on:.1}:1, {away:.1}:1"
        ));
        if tab == "play" {
            page.eval("scrollTo(0, 0)");
            page.shot(&format!("screens-{width}x{height}-play"));
        }
    }
    // The states beyond each tab's first are tried on one phone and one
    // projector: the other two lay the page out as these do, and every
    // run of axe-core costs the suite time.
    if [SCREENS[1], SCREENS[2]].contains(&screen) {
        for (state, (serious, total)) in states(&page, screen, &mut wrong) {
            counts.push(format!("{state}: {serious} serious or critical of {total}"));
        }
    }
    eprintln!(
        "{width}×{height}, axe-core's violations (with the mouse on the tab), \
         looked at in {:.1?}:\n  {}",
        started.elapsed(),
        counts.join("\n  ")
    );
    page.assert_no_errors(true);
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// Puts the page into the states beyond each tab's first (a game over with
/// its review, a move checked, a lesson's question, Chomp's explanation)
/// and looks at each; gives each state's violation count.
fn states(
    page: &Page,
    screen: (u32, u32),
    wrong: &mut Vec<String>,
) -> Vec<(String, (usize, usize))> {
    let mut counts = Vec::new();
    let mut look_at = |state: &str| {
        point_away(page, screen.1);
        let count = look(page, screen, state, wrong);
        counts.push((state.to_string(), count));
    };

    // A game of one row of 2, lost at once by taking both.
    open_tab(page, "play", TABS[0].1);
    page.eval(
        "(() => { const form = document.getElementById('play-setup'); \
         form.elements.position.value = '2'; form.elements.take.value = ''; \
         form.requestSubmit(); })()",
    );
    page.wait_count(
        "#play-board rect[data-row]:not(.as-bundles *)",
        2,
        "a row of 2",
    );
    take_last(page, "play", "1", "2");
    page.wait(
        "!document.getElementById('play-result').hidden",
        "the end of the game",
    );
    look_at("play, the game over");

    open_tab(page, "check", TABS[2].1);
    take_last(page, "check", "3", "7");
    page.wait(
        "document.querySelector('#check-verdict .verdict')",
        "the verdict",
    );
    look_at("check, a move checked");

    open_tab(page, "lessons", TABS[3].1);
    page.start_lesson("copy-cat", "Two equal rows");
    page.next_until_question();
    look_at("lessons, a question");
    page.click("#lesson-back");

    open_tab(page, "chomp", TABS[5].1);
    unfold(page, "chomp");
    page.click(".mode[data-mode='explain']");
    page.wait(
        "document.querySelector('#chomp-steps .step-holder.current')",
        "Chomp explained",
    );
    look_at("chomp, a bar explained");
    counts
}

/// Opens the settings of the part `part`, where a small screen folds them away.
fn unfold(page: &Page, part: &str) {
    if !page.is(&format!(
        "document.querySelector('#{part} details.settings').open"
    )) {
        page.click(&format!("#{part} details.settings > summary"));
    }
}

/// Hands axe-core to the page over the DevTools protocol.
pub(crate) fn load_axe(page: &Page) {
    let axe = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/axe-core/axe.min.js");
    let axe = std::fs::read_to_string(&axe).expect("axe-core is in the test fixtures");
    page.evaluate(&axe, false)
        .unwrap_or_else(|e| panic!("axe-core loads: {e}"));
}

/// Chooses the last stick of `row` on the board of the part `part` and
/// presses its Take (or Check) button, as a pupil would; `sticks` is how
/// many the row holds.
fn take_last(page: &Page, part: &str, row: &str, sticks: &str) {
    page.click(&format!(
        "#{part}-board rect[data-row='{row}'][data-stick='{sticks}']"
    ));
    page.click(&format!("#{part}-take"));
}

/// The JavaScript that says whether everything at `selector` is seen
/// whole: on the screen, and inside every panel around it that scrolls.
fn seen_whole(selector: &str) -> String {
    format!(
        "[...document.querySelectorAll({selector:?})].every((e) => {{ \
         const r = e.getBoundingClientRect(); \
         if (r.height <= 0 || r.top < 0 || r.bottom > innerHeight + 0.5 || r.left < 0 \
           || r.right > innerWidth + 0.5) return false; \
         for (let p = e.parentElement; p && p !== document.body; p = p.parentElement) {{ \
           if (getComputedStyle(p).overflowY === 'visible') continue; \
           const b = p.getBoundingClientRect(); \
           if (r.top < b.top - 0.5 || r.bottom > b.bottom + 0.5) return false; }} \
         return true; }})"
    )
}

#[test]
fn a_phone_shows_the_board_the_buttons_and_the_answer_together_and_a_lesson_fits() {
    // Upright and on its side.
    for (width, height) in [(360, 640), (390, 844), (640, 360), (844, 390)] {
        let Some(page) = open("/", width, height) else {
            return;
        };
        // A position of five rows, chosen in the settings, which fold away
        // again once the game starts.
        page.wait_count(
            "#play-board rect[data-row]:not(.as-bundles *)",
            15,
            "the board of 3 5 7",
        );
        assert!(page.is("!document.querySelector('#play details.settings').open"));
        unfold(&page, "play");
        page.type_into("#play-setup input[name='position']", "3 4 5 6 7");
        page.click("#play-setup button[type='submit']");
        page.wait_count(
            "#play-board rect[data-row]:not(.as-bundles *)",
            25,
            "the board of 3 4 5 6 7",
        );
        assert!(page.is("!document.querySelector('#play details.settings').open"));
        take_last(&page, "play", "2", "4");
        page.wait(
            "document.querySelector('#play-said .said.computer')",
            "the answer",
        );
        page.shot(&format!("screens-{width}x{height}-play-5-rows"));

        // Every stick, the Take button and the computer's move with its
        // reason are seen at once, with nothing to scroll, in the board or
        // beside it.
        for selector in [
            "#play-board rect[data-row]:not(.as-bundles *)",
            "#play-take",
            "#play-hint",
            "#play-said .said.computer",
            "#play-said .why",
        ] {
            assert!(
                page.is(&seen_whole(selector)),
                "{width}×{height}: {selector} is not all on the screen"
            );
        }
        assert_eq!(sideways(&page, width), None);
        if width > height {
            // The lessons below are the same on their side.
            page.assert_no_errors(true);
            continue;
        }

        // A lesson's drawings, explanations and questions fit the phone
        // too, without scrolling sideways, in type large enough to read.
        for (lesson, question) in [
            ("twenty-one", 0),
            ("twenty-one", 3),
            ("three-five-seven", 1),
            ("why-it-works", 2),
            ("chomp", 1),
        ] {
            page.go(&format!("/#lessons?lesson={lesson}&question={question}"));
            page.wait(
                &format!(
                    "document.getElementById('lesson-title').textContent \
                     && document.querySelector('#lesson-page .part svg') \
                     && location.hash.includes('lesson={lesson}') \
                     && location.hash.includes('question={question}') === ({question} > 0)"
                ),
                lesson,
            );
            let at = format!("{width}×{height} {lesson} {question}");
            assert_eq!(sideways(&page, width), None, "{at}");
            let inside = page.eval(
                "(p => p.scrollWidth <= p.clientWidth + 1 ? null \
                   : [...p.querySelectorAll('*')].filter(e => e.getBoundingClientRect().right \
                       > p.getBoundingClientRect().right + 1).slice(0, 4) \
                     .map(e => e.tagName + '.' + e.getAttribute('class') + ' ' \
                       + Math.round(e.getBoundingClientRect().width)).join(', ')) \
                 (document.getElementById('lesson-page'))",
            );
            if !inside.is_null() {
                page.shot("failed");
            }
            assert!(
                inside.is_null(),
                "{at}: the lesson scrolls sideways inside: {inside}"
            );
            let (least, where_) = smallest_type(&page);
            assert!(least >= 16.0, "{at}: {least}px type at {where_}");
            page.shot(&format!(
                "screens-{width}x{height}-lesson-{lesson}-{question}"
            ));
        }
        page.assert_no_errors(true);
    }
}

#[test]
fn words_that_outgrow_their_panel_show_it_and_scroll_by_keyboard() {
    let Some(page) = open("/#check", WIDTH, HEIGHT) else {
        return;
    };
    // Taking a whole row of six: the verdict redraws all six rows, more
    // than the panel beside the board holds at 1280×720.
    page.type_into("#check-setup input[name='position']", "3 5 7 9 11 13");
    page.press("Enter");
    page.wait_count(
        "#check-board rect[data-row]:not(.as-bundles *)",
        48,
        "the board of six rows",
    );
    take_last(&page, "check", "6", "1");
    page.wait(
        "document.querySelector('#check-verdict .verdict')",
        "the verdict",
    );
    let panel = "document.getElementById('check-verdict')";
    page.wait(
        &format!("{panel}.scrollHeight > {panel}.clientHeight && {panel}.tabIndex === 0"),
        "the verdict to scroll, and to be a keyboard stop",
    );
    // A shadow at the edge shows that there is more, and the panel has a name.
    assert!(page.is(&format!(
        "getComputedStyle({panel}).backgroundImage.includes('radial-gradient')"
    )));
    assert_eq!(
        page.eval(&format!("{panel}.getAttribute('aria-label')")),
        "The verdict"
    );
    // Tab reaches it; the arrow keys then scroll it.
    let mut presses = 0;
    while !page.is(&format!("document.activeElement === {panel}")) {
        presses += 1;
        assert!(presses < 20, "Tab never reaches the verdict");
        page.press("Tab");
    }
    page.press("ArrowDown");
    page.press("End");
    page.wait(
        &format!("{panel}.scrollTop + {panel}.clientHeight >= {panel}.scrollHeight - 1"),
        "the verdict scrolled to its end",
    );
    page.shot("screens-1280x720-long-verdict");
    page.assert_no_errors(true);
}

/// The contrast of the label of the tab `tab` on its background (or the
/// first one behind it), as they are now.
fn tab_contrast(page: &Page, tab: &str) -> f64 {
    let js = format!(
        "(() => {{ const tab = document.querySelector(\".tab[data-tab='{tab}']\"); \
         let e = tab, back = 'rgba(0, 0, 0, 0)'; \
         while (e && /rgba\\(.*, 0\\)$|transparent/.test(back)) {{ \
           back = getComputedStyle(e).backgroundColor; e = e.parentElement; }} \
         return [getComputedStyle(tab).color, back]; }})()"
    );
    let colours = page.eval(&js);
    contrast(
        colours[0].as_str().unwrap_or_default(),
        colours[1].as_str().unwrap_or_default(),
    )
}

/// The contrast ratio of two colours given as `rgb(r, g, b)`, by WCAG's formula.
fn contrast(one: &str, other: &str) -> f64 {
    let luminance = |colour: &str| {
        let parts: Vec<f64> = colour
            .trim_start_matches(|c: char| !c.is_ascii_digit())
            .split(|c: char| !c.is_ascii_digit() && c != '.')
            .filter(|part| !part.is_empty())
            .take(3)
            .map(|part| part.parse::<f64>().expect("a channel") / 255.0)
            .map(|c| {
                if c <= 0.040_45 {
                    c / 12.92
                } else {
                    ((c + 0.055) / 1.055).powf(2.4)
                }
            })
            .collect();
        0.2126 * parts[0] + 0.7152 * parts[1] + 0.0722 * parts[2]
    };
    let (a, b) = (luminance(one), luminance(other));
    (a.max(b) + 0.05) / (a.min(b) + 0.05)
}

#[test]
fn a_printout_of_any_tab_has_no_blank_page() {
    let Some(page) = open("/", WIDTH, HEIGHT) else {
        return;
    };
    // Letter paper with the browser's margins of 0.4 inch: 739 by 979 CSS
    // pixels to print on.
    let (across, down) = (739.2, 979.2);
    for (tab, ready) in TABS {
        open_tab(&page, tab, ready);
        let pdf = page.pdf();
        let pages = pdf_pages(&pdf);
        // How tall the tab is when laid out on paper of that width.
        page.screen(across as u32, down as u32);
        page.print(true);
        let tall = page
            .eval("document.documentElement.getBoundingClientRect().height")
            .as_f64()
            .expect("a height");
        page.print(false);
        page.screen(WIDTH, HEIGHT);
        // A part set to start a page of its own (a worksheet's key) may
        // leave the rest of the page before it empty, but no more.
        let breaks = page
            .eval(&format!(
                "document.querySelectorAll('#{tab} .new-page').length"
            ))
            .as_u64()
            .expect("a count") as usize;
        let needed = (tall / down).ceil().max(1.0) as usize + breaks;
        assert!(
            pages <= needed,
            "{tab} prints on {pages} pages, but its {tall} px need {needed}"
        );
    }
    page.assert_no_errors(true);
}

/// How many pages a PDF from Chromium has: the objects of type /Page.
fn pdf_pages(pdf: &[u8]) -> usize {
    let text = String::from_utf8_lossy(pdf);
    text.match_indices("/Type /Page")
        .filter(|(at, found)| !text[at + found.len()..].starts_with('s'))
        .count()
}

#[test]
fn contrast_is_measured_as_wcag_says() {
    assert!((contrast("rgb(0, 0, 0)", "rgb(255, 255, 255)") - 21.0).abs() < 1e-9);
    assert!((contrast("rgb(255, 255, 255)", "rgb(238, 242, 251)") - 1.12).abs() < 0.01);
    assert!((contrast("rgb(255, 255, 255)", "rgb(17, 17, 17)") - 18.88).abs() < 0.01);
}

/// Loads `path` on a screen of `width` × `height` and waits until `ready`
/// is on the page and nothing is being asked of the server.
/// A page of the same server in a browser context of its own, whose
/// storage no other test shares, on a screen of `width` × `height`.
fn apart(page: &Page, (width, height): (u32, u32)) -> Page {
    let host = page.eval("location.host");
    let url = format!("http://{}/", host.as_str().expect("the page's host"));
    Page::open_apart(&url, width, height).expect("a browser, as for the page")
}

fn visit(page: &Page, (width, height): (u32, u32), path: &str, ready: &str) {
    page.screen(width, height);
    page.go(path);
    page.wait(
        &format!(
            "document.querySelector({ready:?}) && document.body.getAttribute('aria-busy') !== 'true'"
        ),
        path,
    );
}

#[test]
fn the_screens_a_walk_through_found_lacking_show_what_they_must() {
    let Some(page) = open("/", 1920, 1080) else {
        return;
    };
    let started = Instant::now();
    let mut wrong = Vec::new();
    let mut counts = Vec::new();
    let fits = |board: &str| {
        format!("(b => b.scrollHeight <= b.clientHeight + 1)(document.querySelector({board:?}))")
    };

    // A 1080p projector shows every row of a game of five rows, in Play and
    // Check, and of a lesson's question of three, with nothing to scroll.
    let projector = (1920, 1080);
    for (path, board) in [
        ("/#play?position=3+5+7+4+6", "#play-board"),
        ("/#check?position=3+5+7+4+6", "#check-board"),
        (
            "/#lessons?lesson=pairing-groups&question=2",
            ".question:not(.done) .board",
        ),
    ] {
        visit(&page, projector, path, &format!("{board} svg"));
        if !page.is(&fits(board)) {
            wrong.push(format!("1920×1080 {path}: a row is cut off"));
        }
    }
    // The sticks grow after a move, and the rows still fit.
    visit(
        &page,
        projector,
        "/#play?position=3+5+7+4",
        "#play-board svg",
    );
    take_last(&page, "play", "1", "3");
    page.wait(
        "document.querySelector('#play-said .why')",
        "the computer's answer",
    );
    if !page.is(&fits("#play-board")) {
        wrong.push("1920×1080: a row of 4 is cut off after a move".to_string());
    }
    page.shot("screens-1920x1080-play-4-rows-after-a-move");

    // A large display stood upright grows its type as a projector does.
    let upright = (1080, 1920);
    visit(&page, upright, "/#play?position=3+5+7", "#play-board svg");
    let body = page
        .eval("parseFloat(getComputedStyle(document.body).fontSize)")
        .as_f64()
        .unwrap_or_default();
    if body < 28.0 {
        wrong.push(format!("1080×1920: body type of {body}px"));
    }
    counts.push(look(&page, upright, "play upright", &mut wrong));
    page.shot("screens-1080x1920-play");

    // Long rows on a small phone: sticks far enough apart to tap, or
    // bundles of ten whose size can be read.
    let small = (360, 640);
    // On a phone of its own, as the page starts, with plain sticks: the
    // other tests share this browser's storage, and may turn "Show
    // groups" on meanwhile.
    let alone = apart(&page, small);
    visit(&alone, small, "/#play?position=30+25+20", "#play-board svg");
    let apart = alone.eval(
        "(() => { const b = document.getElementById('play-board'); \
         if (b.classList.contains('bundled')) return 99; \
         const r = [...b.querySelectorAll(\"rect[data-row='1']\")].map(e => e.getBoundingClientRect().left); \
         return r[1] - r[0]; })()",
    );
    if apart.as_f64().unwrap_or_default() < 11.0 {
        wrong.push(format!("360×640 30 25 20: sticks {apart} px apart"));
    }
    // The bundles' sizes are laid out a frame or more after the board.
    let least = "Math.min(...[...document.querySelectorAll('#play-board g.bundle text')] \
         .map(t => t.getBoundingClientRect().height).filter(h => h > 0))";
    let settled = Instant::now();
    while alone.eval(least).as_f64().unwrap_or_default() < 12.0
        && settled.elapsed() < Duration::from_secs(3)
    {
        std::thread::sleep(Duration::from_millis(50));
    }
    let label = alone.eval(least);
    if label.as_f64().unwrap_or_default() < 12.0 {
        wrong.push(format!("360×640 30 25 20: a bundle's size {label} px tall"));
    }
    alone.shot("screens-360x640-long-rows");
    // A row of 99999, in bundles of ten thousand and more, for the eye.
    visit(&page, small, "/#play?position=99999", "#play-board svg");
    page.shot("screens-360x640-99999");

    // Many rows on a phone: a shadow says that more are below, then above.
    let phone = (390, 844);
    let rows: Vec<String> = (1..=14).map(|n| (n + 1).to_string()).collect();
    visit(
        &page,
        phone,
        &format!("/#play?position={}", rows.join("+")),
        "#play-board svg",
    );
    page.wait(
        "document.getElementById('play-board').classList.contains('more-below')",
        "a shadow under the rows",
    );
    page.eval("(b => b.scrollTop = b.scrollHeight)(document.getElementById('play-board'))");
    page.wait(
        "(c => c.contains('more-above') && !c.contains('more-below')) \
         (document.getElementById('play-board').classList)",
        "a shadow over the rows",
    );

    // An explanation on a phone: a row's words never a letter a line, and
    // no drawing past the right edge.
    for path in [
        "/#explain?position=45",
        "/#explain?position=2+100&step=4",
        "/#explain?position=12+13+14+15+16+17+18+19+20+21+22+23+24+25&step=2",
    ] {
        visit(&page, phone, path, "#explain-steps .current svg");
        let squeezed = page.eval(
            "(() => { const s = document.getElementById('explain-steps'); \
             if (s.scrollWidth > s.clientWidth + 1) return 'it scrolls sideways'; \
             const right = s.getBoundingClientRect().right + 1; \
             const out = [...s.querySelectorAll('.current svg')].find(e => e.getBoundingClientRect().right > right); \
             if (out) return 'a drawing runs past the edge'; \
             const narrow = [...s.querySelectorAll('.current .rows > .text')] \
               .find(t => t.textContent.trim().length > 3 && t.getBoundingClientRect().width < 60); \
             return narrow ? `words squeezed: ${narrow.textContent}` : null; })()",
        );
        if !squeezed.is_null() {
            wrong.push(format!("390×844 {path}: {squeezed}"));
        }
    }
    counts.push(look(&page, phone, "explain 14 rows, pairs", &mut wrong));
    page.shot("screens-390x844-explain-pairs");

    // A lesson's verdict on a phone is scrolled into sight.
    visit(
        &page,
        phone,
        "/#lessons?lesson=copy-cat&question=1",
        ".question:not(.done) svg",
    );
    page.click(".question rect[data-row='1'][data-stick='4']");
    page.click(".question button.take");
    page.said(1, "the verdict");
    if !page.is(&seen_whole(".said-log .said:last-child .words")) {
        wrong.push("390×844: a lesson's verdict is out of sight".to_string());
    }
    counts.push(look(&page, phone, "lesson, a wrong try", &mut wrong));
    page.shot("screens-390x844-lesson-verdict");

    eprintln!(
        "the screens a walk-through found lacking, looked at in {:.1?}: {counts:?}",
        started.elapsed()
    );
    page.assert_no_errors(true);
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// The JavaScript giving the height of the first stick or square drawn at
/// `selector`, in CSS pixels.
fn drawn_height(selector: &str) -> String {
    format!(
        "[...document.querySelectorAll({selector:?})].map((e) => e.getBoundingClientRect().height)\
         .find((h) => h > 0) ?? 0"
    )
}

#[test]
fn sticks_and_squares_grow_with_the_screen_and_fit_phones_and_upright_displays() {
    let Some(page) = open("/", 1280, 720) else {
        return;
    };
    let mut wrong = Vec::new();
    let fits = "(b => b.scrollHeight <= b.clientHeight + 1)(document.getElementById('play-board'))";
    let stick = drawn_height("#play-board rect[data-row]");
    let square = drawn_height("#chomp-board rect[data-row]");
    let number = |js: &str| page.eval(js).as_f64().unwrap_or_default();

    // A game of 8 rows fits a 720p and a 1080p projector, and of 10 rows a
    // 4K one; each larger screen draws the sticks larger.
    let mut before = 0.0;
    for (screen, rows) in [((1280, 720), 8), ((1920, 1080), 8), ((3840, 2160), 10)] {
        let position: Vec<String> = (1..=rows).map(|n: u32| n.to_string()).collect();
        visit(
            &page,
            screen,
            &format!("/#play?position={}", position.join("+")),
            "#play-board svg",
        );
        let tall = number(&stick);
        if !page.is(fits) {
            wrong.push(format!("{screen:?} {rows} rows: a row is cut off"));
        }
        if tall <= before {
            wrong.push(format!(
                "{screen:?} {rows} rows: sticks {tall} px, not above {before}"
            ));
        }
        before = tall;
    }
    // Few rows and a bar grow past 1080p: larger, not emptier.
    let mut sizes = Vec::new();
    for screen in [(1920, 1080), (3840, 2160)] {
        visit(&page, screen, "/#play?position=3+5+7", "#play-board svg");
        let sticks = number(&stick);
        visit(&page, screen, "/#chomp?shape=4x5", "#chomp-board rect");
        sizes.push((sticks, number(&square)));
    }
    if sizes[1].0 < sizes[0].0 * 1.5 || sizes[1].1 < sizes[0].1 * 1.5 {
        wrong.push(format!("sticks and squares at 1080p, then 4K: {sizes:?}"));
    }

    // A phone: rows of 11 to 20 far enough apart for a finger, or bundled;
    // a chocolate bar's squares large enough to tap. On a phone of its own,
    // as the page starts, with plain sticks: the other tests share this
    // browser's storage, and one may turn "Show groups" on meanwhile.
    let phone = apart(&page, (360, 640));
    for screen in [(360, 640), (390, 844)] {
        visit(&phone, screen, "/#play?position=15+20", "#play-board svg");
        let apart = "(() => { const b = document.getElementById('play-board'); \
             if (b.classList.contains('bundled')) return 99; \
             const r = [...b.querySelectorAll(\"rect[data-row='2']\")] \
               .filter(e => e.getBoundingClientRect().width > 0) \
               .map(e => e.getBoundingClientRect().left); \
             return r[1] - r[0]; })()";
        // The board fits itself again when its box changes size, a frame
        // or more after the screen does: the layout it settles on counts.
        let settled = Instant::now();
        while phone.eval(apart).as_f64().unwrap_or_default() < 20.0
            && settled.elapsed() < Duration::from_secs(3)
        {
            std::thread::sleep(Duration::from_millis(50));
        }
        let apart = phone.eval(apart);
        if apart.as_f64().unwrap_or_default() < 20.0 {
            wrong.push(format!("{screen:?} 15 20: sticks {apart} px apart"));
        }
        visit(&phone, screen, "/#chomp?shape=4x5", "#chomp-board rect");
        let tall = phone.eval(&square).as_f64().unwrap_or_default();
        if tall < 40.0 {
            wrong.push(format!("{screen:?} 4x5: squares {tall} px"));
        }
    }

    // A lesson's question on a small phone: Try is not under Start again.
    visit(
        &page,
        (360, 640),
        "/#lessons?lesson=winning-move&question=2",
        ".question:not(.done) button.take",
    );
    page.eval("document.querySelector('.question:not(.done) button.take').scrollIntoView({block: 'nearest'})");
    let covered = page.eval(
        "(() => { const t = document.querySelector('.question:not(.done) button.take'); \
         const r = t.getBoundingClientRect(); \
         const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2); \
         return t.contains(top) ? null : (top?.id || top?.className || top?.tagName); })()",
    );
    if !covered.is_null() {
        wrong.push(format!("360×640 lesson: Try is under {covered}"));
    }

    // An upright display: labels read from the back, and a table's moves
    // each on one line.
    let upright = (1080, 1920);
    visit(&page, upright, "/#table?position=3+5+7", "#table-out table");
    let broken = page.eval(
        "[...document.querySelectorAll('#table-out td')].filter((c) => { \
           const r = document.createRange(); r.selectNodeContents(c); \
           return r.getBoundingClientRect().height > 2 * parseFloat(getComputedStyle(c).fontSize); \
         }).length",
    );
    if broken.as_u64() != Some(0) {
        wrong.push(format!("1080×1920 table: {broken} cells break a move"));
    }
    let (least, at) = smallest_type(&page);
    if least < 28.0 {
        wrong.push(format!("1080×1920 table: {least}px type at {at}"));
    }
    visit(&page, upright, "/#worksheet", "#worksheet-setup");
    let (least, at) = smallest_type(&page);
    if least < 28.0 {
        wrong.push(format!("1080×1920 worksheet: {least}px type at {at}"));
    }
    page.shot("screens-1080x1920-worksheet-labels");
    page.assert_no_errors(true);
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// The JavaScript giving the smallest bundle's size drawn inside
/// `within`, as tall as its type is on the screen, in CSS pixels; 99 with
/// no bundle shown.
fn least_label(within: &str) -> String {
    format!(
        "(() => {{ let least = 99; \
         for (const t of document.querySelectorAll({:?})) {{ \
           if (t.getBoundingClientRect().height === 0) continue; \
           const svg = t.ownerSVGElement, vb = svg.viewBox.baseVal, box = svg.getBoundingClientRect(); \
           const by = Math.max(box.width / vb.width, box.height / vb.height); \
           least = Math.min(least, parseFloat(getComputedStyle(t).fontSize) * by); }} \
         return Math.round(least * 10) / 10; }})()",
        format!("{within} g.bundle text")
    )
}

/// What scrolls sideways, the page or the panel `panel`, or a drawing
/// that runs past the panel's right edge; null when nothing does.
fn sideways_in(panel: &str) -> String {
    format!(
        "(() => {{ const p = document.querySelector({panel:?}); \
         const page = document.documentElement.scrollWidth, width = innerWidth; \
         if (page > width) return `the page is ${{page}} px wide in ${{width}}`; \
         if (p.scrollWidth > p.clientWidth + 1) \
           return `the panel is ${{p.scrollWidth}} px wide in ${{p.clientWidth}}`; \
         const right = p.getBoundingClientRect().right + 1; \
         const out = [...p.querySelectorAll('svg.sticks')] \
           .find(e => e.checkVisibility() && e.getBoundingClientRect().right > right); \
         return out ? `a drawing ends at ${{out.getBoundingClientRect().right}} past ${{right}}` \
           : null; }})()"
    )
}

#[test]
fn long_rows_keep_their_bundles_readable_and_never_scroll_sideways() {
    let Some(page) = open("/", 360, 640) else {
        return;
    };
    let mut wrong = Vec::new();
    let mut seen = Vec::new();
    let least = 14.0;
    // An explanation's long rows on both phones: a row of 99999 broken
    // into its groups, and a row of 45 in its groups and broken.
    for screen in [(360, 640), (390, 844)] {
        for path in [
            "/#explain?position=99999+3&step=4",
            "/#explain?position=99999+3&step=1",
            "/#explain?position=45+2&step=1",
            "/#explain?position=45+2&step=4",
        ] {
            visit(&page, screen, path, "#explain-steps .current svg");
            let label = page.eval(&least_label("#explain-steps .current"));
            let label = label.as_f64().unwrap_or_default();
            seen.push(format!("{}×{} {path}: {label}px", screen.0, screen.1));
            if label < least {
                wrong.push(format!("{screen:?} {path}: a bundle's size {label}px tall"));
            }
            let over = page.eval(&sideways_in("#explain-steps"));
            if !over.is_null() {
                wrong.push(format!("{screen:?} {path}: {over}"));
            }
            // The screenshot shows the longest drawing.
            page.eval(
                "[...document.querySelectorAll('#explain-steps .current svg.sticks')] \
                 .sort((a, b) => b.clientHeight - a.clientHeight)[0].scrollIntoView()",
            );
            let name = path
                .replace("/#explain?position=", "")
                .replace("&step=", "-");
            page.shot(&format!("screens-{}x{}-long-{name}", screen.0, screen.1));
        }
    }
    // A board with a long row, plainly and in its groups, from a phone to
    // a 1080p projector.
    let switch = "#play-board + .board-controls .board-groups input";
    for screen in [(360, 640), (390, 844), (1280, 720), (1920, 1080)] {
        visit(&page, screen, "/#play?position=45+99999", "#play-board svg");
        for groups in [false, true] {
            if page.is(&format!("document.querySelector({switch:?}).checked")) != groups {
                page.click(switch);
            }
            let label = page.eval(&least_label("#play-board"));
            let label = label.as_f64().unwrap_or_default();
            let stick = page.eval(&drawn_height("#play-board rect[data-row]"));
            seen.push(format!(
                "{}×{} play 45 99999, groups {groups}: {label}px, sticks {stick}px",
                screen.0, screen.1
            ));
            if label < least {
                wrong.push(format!("{screen:?} 45 99999 groups {groups}: {label}px"));
            }
            let over = page.eval(&sideways_in("#play-board"));
            if !over.is_null() {
                wrong.push(format!("{screen:?} 45 99999 groups {groups}: {over}"));
            }
        }
        page.shot(&format!("screens-{}x{}-long-groups", screen.0, screen.1));
        // The bundle of 128 (sticks 99841 to 99968 of row 2) is on a line
        // of its own: a click on it, or in the gap just under it, takes it
        // and the 31 sticks after it, never a piece of the line below.
        let bundle = "#play-board .in-groups g.bundle[data-size='128']";
        let take = "document.querySelector('#play-board + .board-controls .board-take input')";
        page.click(bundle);
        let clicked = page.eval(&format!("{take}.value"));
        page.eval(&format!(
            "(() => {{ const r = document.querySelector({bundle:?}).getBoundingClientRect(); \
             document.querySelector({bundle:?}).closest('svg').dispatchEvent(new MouseEvent('click', \
               {{ bubbles: true, clientX: r.left + 4, clientY: r.bottom + 2 }})); }})()"
        ));
        let between = page.eval(&format!("{take}.value"));
        if clicked != "159" || between != "159" {
            wrong.push(format!(
                "{screen:?}: the bundle of 128 took {clicked}, under it {between}"
            ));
        }
        page.click(switch);
    }
    eprintln!("{}", seen.join("\n"));
    page.assert_no_errors(true);
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn a_touch_screen_is_told_to_tap_and_not_of_enter() {
    // Touch is not emulated here: the browser is every test's, and its
    // touch emulation would reach the others' clicks. The page's own rule
    // for a coarse pointer is read instead.
    let Some(page) = Page::open_on("/", 360, 640) else {
        return;
    };
    page.wait(
        "document.querySelector('#play-board rect[data-row]')",
        "the board",
    );
    let seen = |id: &str| {
        page.eval(&format!(
            "[...document.querySelectorAll('#{id} span')].filter(s => s.checkVisibility()).map(s => s.textContent).join(' ')"
        ))
        .as_str()
        .unwrap_or_default()
        .to_string()
    };
    let tapped = |id: &str| page.text(&format!("#{id} .by-touch"));
    // With a mouse, even on a narrow screen: click, and Enter.
    assert!(
        seen("play-help").starts_with("Click a stick"),
        "{}",
        seen("play-help")
    );
    let play = tapped("play-help");
    assert!(
        play.starts_with("Tap a stick") && !play.contains("Enter"),
        "{play}"
    );
    // A coarse pointer swaps them.
    assert!(page.is(
        "[...document.styleSheets].flatMap(s => [...s.cssRules]).some(r => \
         r.conditionText === '(pointer: coarse)' && r.cssText.includes('.by-touch { display: inline; }') \
         && r.cssText.includes('.by-mouse { display: none; }'))"
    ));
    page.go("/#chomp");
    page.wait(
        "document.querySelector('#chomp-board rect[data-row]')",
        "the bar",
    );
    assert!(seen("chomp-help").starts_with("Click a square"));
    let chomp = tapped("chomp-help");
    assert!(
        chomp.starts_with("Tap a square") && !chomp.contains("Enter"),
        "{chomp}"
    );
    page.assert_no_errors(true);
}
