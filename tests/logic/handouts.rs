//! HTML handouts stand alone: each is well-formed markup (read here as
//! XML, which is stricter than a browser), loads nothing from anywhere
//! else, and draws its rows in inline SVG.

use quick_xml::Reader;
use quick_xml::events::Event;

use crate::common;
use common::matchsticks;

/// The handout the binary prints for `args` (which end in `--format html`).
fn handout(args: &[&str]) -> String {
    let output = matchsticks().args(args).output().unwrap();
    assert!(
        matches!(output.status.code(), Some(0 | 1)),
        "{args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

/// Fails unless `html` parses from start to end with every tag closed.
fn parses(html: &str, args: &[&str]) {
    let body = html
        .strip_prefix("<!DOCTYPE html>\n")
        .unwrap_or_else(|| panic!("{args:?}: no doctype"));
    let mut reader = Reader::from_str(body);
    let mut depth = 0i32;
    loop {
        match reader.read_event() {
            Ok(Event::Start(_)) => depth += 1,
            Ok(Event::End(_)) => depth -= 1,
            Ok(Event::Eof) => break,
            Ok(_) => {}
            Err(e) => panic!(
                "{args:?}: not well formed at {}: {e}",
                reader.buffer_position()
            ),
        }
        assert!(depth >= 0, "{args:?}: a tag closed twice");
    }
    assert_eq!(depth, 0, "{args:?}: a tag left open");
}

/// Fails if the handout refers to anything outside itself. The SVG
/// namespace names a vocabulary; it is never fetched.
fn stands_alone(html: &str, args: &[&str]) {
    let without_namespace = html.replace("xmlns=\"http://www.w3.org/2000/svg\"", "");
    for outside in [
        "http:", "https:", " src=", " href=", "url(", "@import", "<link", "<script",
    ] {
        assert!(
            !without_namespace.contains(outside),
            "{args:?}: refers outside itself ({outside})"
        );
    }
}

#[test]
fn every_handout_parses_and_stands_alone() {
    let mut cases: Vec<Vec<&str>> = vec![
        vec!["explain", "3", "5", "7"],
        vec!["explain", "6", "5", "7", "--normal", "--xor"],
        vec!["explain", "1", "1", "5"],
        vec!["explain", "22", "--take", "1-3"],
        vec!["explain", "10", "8", "7", "--take", "2,3,5", "--normal"],
        vec!["explain", "5", "6", "--take", "1-3"],
        vec!["explain", "18446744073709551615", "3"],
        vec!["check", "3", "5", "7", "--to", "3", "5", "5"],
        vec!["check", "1", "2", "3", "--to", "1", "2", "2"],
        vec!["table", "3", "5", "7"],
        vec!["table", "21", "--take", "1-3", "--losing"],
    ];
    let names: Vec<&str> = matchsticks::lesson::bundled::LESSONS
        .iter()
        .map(|l| l.name)
        .collect();
    cases.extend(names.iter().map(|name| vec!["lesson", name]));
    for mut args in cases {
        args.extend(["--format", "html"]);
        let html = handout(&args);
        parses(&html, &args);
        stands_alone(&html, &args);
        // Positions small enough are drawn as sticks in SVG.
        if args[0] != "lesson" && !args.contains(&"18446744073709551615") {
            assert!(
                html.contains("<svg class=\"sticks\""),
                "{args:?}: nothing drawn"
            );
        }
    }
}

#[test]
fn text_from_the_user_is_escaped() {
    // A lesson's own words pass through the handout as text, never markup.
    let dir = std::env::temp_dir().join(format!("handout-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("tags.lesson");
    std::fs::write(
        &file,
        "title: <b>Bold</b> & co\nSticks < stones > words & \"quotes\".\nshow: 3 5\n",
    )
    .unwrap();
    let args = [
        "lesson",
        "--file",
        file.to_str().unwrap(),
        "--format",
        "html",
    ];
    let html = handout(&args);
    parses(&html, &args);
    assert!(html.contains("&lt;b&gt;Bold&lt;/b&gt; &amp; co"), "{html}");
    assert!(html.contains("Sticks &lt; stones &gt; words &amp; &quot;quotes&quot;."));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn every_chomp_handout_parses_stands_alone_and_can_be_clicked() {
    for args in [
        &["chomp", "explain", "4x5"][..],
        &["chomp", "explain", "5,5,3"],
        &["chomp", "explain", "30x30"],
        &["chomp", "explain", "12x13"],
        &["chomp", "check", "4x5", "--bite", "1,1"],
        &["chomp", "check", "3,2", "--bite", "2,2"],
    ] {
        let mut args = args.to_vec();
        args.extend(["--format", "html"]);
        let html = handout(&args);
        parses(&html, &args);
        stands_alone(&html, &args);
        // Every square of the bar is a rect that knows its row and column.
        let rows = html.matches("data-row=").count();
        assert!(rows > 0, "{args:?}: no bar drawn");
        assert_eq!(rows, html.matches("data-column=").count(), "{args:?}");
        assert!(html.contains("class=\"poison"), "{args:?}: no poison");
    }
}

#[test]
fn no_lesson_handout_answers_a_question_before_the_answers() {
    // On paper the whole lesson is in view at once: before the answers no
    // move from a question's position is shown, and no hint.
    use matchsticks::lesson::games::OfGame;
    use matchsticks::lesson::{Part, bundled, parse::parse};
    for found in bundled::LESSONS {
        let lesson = parse(found.source.as_bytes()).unwrap();
        for format in ["markdown", "html"] {
            let sheet = handout(&["lesson", found.name, "--format", format]);
            // The hints come near the end in a part of their own, then the
            // answers: a pupil who looks a hint up sees no answer.
            let (hints_at, answers) = match format {
                "markdown" => (sheet.find("## Hints"), sheet.find("## Answers")),
                _ => (sheet.find(">Hints<"), sheet.find(">Answers<")),
            };
            let answers = answers.unwrap_or(sheet.len());
            let hints_at = hints_at.unwrap_or(answers);
            assert!(
                hints_at <= answers,
                "{}: the hints after the answers",
                found.name
            );
            let pupils = sheet[..hints_at].replace('\u{a0}', " ");
            let hinted = sheet[hints_at..answers].replace('\u{a0}', " ");
            for part in &lesson.parts {
                let Part::Question(q) = part else {
                    continue;
                };
                let (position, hints, asks) = match q {
                    OfGame::Nim(q) => (q.setup.position.to_string(), &q.hints, q.asks),
                    OfGame::Chomp(q) => (q.setup.position.to_string(), &q.hints, q.asks),
                };
                // Who wins shows in the pairs before it is said: no step
                // of a worked example of a yes-or-no question's position.
                if format == "markdown" && format!("{asks:?}") == "CanYouWin" {
                    assert!(
                        !pupils.contains(&format!("### {position} (")),
                        "{}: a worked example of {position} before the answers",
                        found.name
                    );
                }
                let moved = format!("({position} → ");
                assert!(
                    !pupils.contains(&moved) && !hinted.contains(&moved),
                    "{} ({format}): a move from {position} before the answers",
                    found.name
                );
                for hint in hints {
                    let start: String = hint.chars().take(30).collect();
                    // HTML escapes some characters: those hints are held
                    // to the Markdown sheet.
                    if format == "html" && start.contains(['&', '\'', '"', '<', '>']) {
                        continue;
                    }
                    assert!(
                        !pupils.contains(&start),
                        "{} ({format}): the hint {hint:?} before the answers",
                        found.name
                    );
                }
            }
        }
    }
}
