//! The lesson format and the bundled curriculum: every lesson file is valid,
//! bundled and runnable; malformed files give `file:line` problems; and no
//! text, as a lesson or as answers, makes the runner panic.

use std::io::Cursor;
use std::process::Stdio;

use matchsticks::console::io::Io;
use matchsticks::lesson::games::OfGame;
use matchsticks::lesson::parse::parse;
use matchsticks::lesson::warnings::warnings;
use matchsticks::lesson::{Part, bundled};
use proptest::prelude::*;

use crate::common;
use common::{assert_in_order, matchsticks};

fn run(args: &[&str]) -> std::process::Output {
    matchsticks()
        .args(args)
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

#[test]
fn every_lesson_file_is_valid_and_bundled() {
    let mut files = Vec::new();
    for entry in std::fs::read_dir("lessons").unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        if name == "README.md" {
            continue;
        }
        let stem = name
            .strip_suffix(".lesson")
            .unwrap_or_else(|| panic!("lessons/ holds only lessons and README.md, not {name}"));
        assert!(
            stem.bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-'),
            "lesson names use lowercase letters, digits and hyphens: {stem}"
        );
        let source = std::fs::read(format!("lessons/{name}")).unwrap();
        let lesson =
            parse(&source).unwrap_or_else(|problems| panic!("lessons/{name}: {problems:?}"));
        // The bundled lessons keep the rules of writing one, as --strict
        // holds a teacher's lesson to them.
        let warned = warnings(&String::from_utf8_lossy(&source), &lesson);
        assert!(warned.is_empty(), "lessons/{name}: {warned:?}");
        let found = bundled::find(stem).unwrap_or_else(|| panic!("{stem} is not bundled"));
        assert_eq!(found.source.as_bytes(), source.as_slice());
        files.push(stem.to_string());
    }
    assert_eq!(
        files.len(),
        bundled::LESSONS.len(),
        "bundled lessons without a file"
    );
    assert!(files.len() >= 8, "the curriculum has at least 8 lessons");
}

#[test]
fn every_lesson_ends_with_a_question() {
    for found in bundled::LESSONS {
        let lesson = parse(found.source.as_bytes()).unwrap();
        let last = lesson
            .parts
            .iter()
            .rfind(|b| !matches!(b, Part::Text(_) | Part::Pause));
        assert!(
            matches!(last, Some(Part::Question(_))),
            "{} does not end with a question",
            found.name
        );
    }
}

#[test]
fn every_lesson_runs_unattended() {
    for found in bundled::LESSONS {
        for args in [
            &["lesson", found.name, "--auto"][..],
            &["lesson", found.name],
            &["lesson", found.name, "--format", "markdown"],
        ] {
            let output = run(args);
            assert_eq!(output.status.code(), Some(0), "{args:?}: {:?}", output);
            let text = String::from_utf8(output.stdout).unwrap();
            let title = parse(found.source.as_bytes()).unwrap().title;
            assert!(text.contains(&title), "{args:?} shows the title");
            assert!(output.stderr.is_empty(), "{args:?}: {:?}", output.stderr);
        }
    }
}

#[test]
fn every_question_but_the_last_is_followed_by_a_pause() {
    // The class reads the answer before the lesson moves on, in every
    // lesson alike.
    for found in bundled::LESSONS {
        let lesson = parse(found.source.as_bytes()).unwrap();
        for (i, part) in lesson.parts.iter().enumerate() {
            let next = lesson.parts.get(i + 1);
            if matches!(part, Part::Question(_)) && next.is_some() {
                assert!(
                    matches!(next, Some(Part::Pause)),
                    "{}: a question is not followed by a pause",
                    found.name
                );
            }
        }
    }
}

/// The most lines of narration and drawings a lesson shows at 80 columns
/// before it waits, so nothing scrolls away on a 24-line screen.
const TALLEST_STRETCH: usize = 16;

#[test]
fn no_lesson_shows_more_than_a_screen_between_waits() {
    use matchsticks::render::text::{Style, blocks};
    use matchsticks::teach::document::Block;
    for found in bundled::LESSONS {
        let lesson = parse(found.source.as_bytes()).unwrap();
        // The title and the summary open the first stretch.
        let header = format!(
            "Lesson: {}\n{}",
            lesson.title,
            lesson.summary.clone().unwrap_or_default()
        );
        let mut stretch = vec![blocks(&[Block::note(header)], "", Style::plain(80))];
        for part in &lesson.parts {
            let (shown, indent) = match part {
                Part::Text(paragraph) => (Block::note(paragraph.clone()), ""),
                Part::Show(OfGame::Nim(setup)) => (setup.drawing(), "  "),
                Part::Show(OfGame::Chomp(setup)) => (setup.drawing(), "  "),
                // A pause or a question waits; an explanation waits
                // between its steps.
                _ => {
                    stretch.clear();
                    continue;
                }
            };
            stretch.push(blocks(&[shown], indent, Style::plain(80)));
            // Each paragraph and drawing is followed by a blank line.
            let lines: usize = stretch.iter().map(|b| b.lines().count() + 1).sum();
            assert!(
                lines <= TALLEST_STRETCH,
                "{}: {lines} lines without a wait:\n{}",
                found.name,
                stretch.join("\n")
            );
        }
    }
}

#[test]
fn no_chomp_question_follows_a_full_explanation_of_its_bar() {
    // An explanation that goes on to the bite would answer the question in
    // advance; before a question on the same bar it must stop short.
    for found in bundled::LESSONS {
        let lesson = parse(found.source.as_bytes()).unwrap();
        let mut explained = Vec::new();
        for part in &lesson.parts {
            match part {
                Part::Explain(OfGame::Chomp(setup)) if setup.hide.is_none() => {
                    explained.push(&setup.position)
                }
                Part::Question(OfGame::Chomp(q)) => assert!(
                    !explained.contains(&&q.setup.position),
                    "{}: the bar {} is explained in full before it is asked about",
                    found.name,
                    q.setup.position
                ),
                _ => {}
            }
        }
    }
}

#[test]
fn narration_quotes_only_what_the_lesson_shows() {
    // A lesson that says 'the line "broken" shows 5 = 2 + 2 + 1' sends the
    // class looking for it: every quoted phrase and every sum such as
    // "5 = 2 + 2 + 1" in the narration must be on the screen somewhere
    // else in the lesson.
    let words = |text: &str| text.split_whitespace().collect::<Vec<_>>().join(" ");
    for found in bundled::LESSONS {
        let lesson = parse(found.source.as_bytes()).unwrap();
        let out = run(&["lesson", found.name, "--auto", "--width", "80"]);
        let mut shown = words(&String::from_utf8(out.stdout).unwrap());
        let narration: Vec<String> = lesson
            .parts
            .iter()
            .filter_map(|part| match part {
                Part::Text(text) => Some(words(text)),
                _ => None,
            })
            .collect();
        for paragraph in &narration {
            shown = shown.replacen(paragraph.as_str(), "", 1);
        }
        for paragraph in &narration {
            let mut quoted: Vec<String> = paragraph
                .split('"')
                .skip(1)
                .step_by(2)
                .map(str::to_string)
                .collect();
            // A sum written with "=": the number, "=", and its terms.
            let tokens: Vec<&str> = paragraph.split(' ').collect();
            for (i, token) in tokens.iter().enumerate() {
                if *token != "=" || i == 0 {
                    continue;
                }
                let mut end = i + 2;
                while tokens.get(end) == Some(&"+") && end + 1 < tokens.len() {
                    end += 2;
                }
                let sum = tokens[i - 1..end].join(" ");
                quoted.push(sum.trim_end_matches(['.', ',', ':', ';']).to_string());
            }
            for phrase in quoted {
                assert!(
                    shown.contains(phrase.as_str()),
                    "{}: the narration quotes {phrase:?}, which the lesson never shows",
                    found.name
                );
            }
        }
    }
}

#[test]
fn a_first_wrong_bite_at_a_chomp_question_never_names_the_winning_bite() {
    use matchsticks::lesson::asking::{Asking, Response};
    for found in bundled::LESSONS {
        let lesson = parse(found.source.as_bytes()).unwrap();
        for part in &lesson.parts {
            let Part::Question(OfGame::Chomp(q)) = part else {
                continue;
            };
            let asking = Asking::new(q).unwrap();
            let winning: Vec<String> = asking
                .analysis()
                .known_winning()
                .iter()
                .map(|b| b.to_string())
                .collect();
            for bite in q.setup.position.bites() {
                let mut asking = Asking::new(q).unwrap();
                let response = asking.play(bite).unwrap();
                if !matches!(response, Response::Mistake(..)) {
                    continue;
                }
                let mut said: Vec<String> = response
                    .verdict()
                    .map(|doc| doc.steps.iter().flat_map(|s| s.lines()).collect())
                    .unwrap_or_default();
                said.extend(asking.words(&response, "type show", "type hint"));
                let said = said.join(" ");
                for win in &winning {
                    assert!(
                        !said.contains(win.as_str()),
                        "{}: a wrong bite at {} names {win}: {said}",
                        found.name,
                        q.setup.position
                    );
                }
            }
        }
    }
}

#[test]
fn a_lesson_is_found_by_its_name_typed_loosely_or_its_number() {
    let by_name = run(&["lesson", "twenty-one", "--auto"]);
    assert_eq!(by_name.status.code(), Some(0));
    for other in ["twentyone", "Twenty-One", "1", "TWENTY ONE"] {
        let found = run(&["lesson", other, "--auto"]);
        assert_eq!(found.stdout, by_name.stdout, "lesson {other}");
        assert_eq!(found.status.code(), Some(0), "lesson {other}");
    }
    // The book writes them with digits: "the 3-5-7 game", "21 matchsticks".
    for (typed, name) in [("3-5-7", "three-five-seven"), ("21", "twenty-one")] {
        let found = run(&["lesson", typed, "--auto"]);
        assert_eq!(found.status.code(), Some(0), "lesson {typed}");
        assert_eq!(
            found.stdout,
            run(&["lesson", name, "--auto"]).stdout,
            "lesson {typed}"
        );
    }
    let third = run(&["lesson", "3", "--format", "markdown"]);
    let copy_cat = run(&["lesson", "copy-cat", "--format", "markdown"]);
    assert_eq!(third.stdout, copy_cat.stdout);
}

/// Parses `source` and returns its problems as "LINE: message".
fn problems(source: &str) -> Vec<String> {
    match parse(source.as_bytes()) {
        Ok(_) => Vec::new(),
        Err(problems) => problems
            .iter()
            .map(|p| format!("{}: {}", p.line, p.message))
            .collect(),
    }
}

#[test]
fn malformed_lessons_name_their_lines() {
    let cases: &[(&str, &[&str])] = &[
        (
            "title: T\nfoo: bar\n",
            &[
                "2: unknown directive 'foo:'; the directives are title:, summary:, show:, explain:, question:, can-you-win:, chomp-show:, chomp-explain:, chomp-question:, ask:, hint:, answer:, and pause (narration may not start with a lowercase word and a colon)",
            ],
        ),
        (
            "title: T\nquestion: 3 5 7\nask: Go.\n",
            &["2: this question has no answer: add an 'answer:' line for the reveal"],
        ),
        (
            "title: T\nquestion: 3,x,7\nanswer: A.\n",
            &[
                "2: 'question:' has a bad position: 'x' is not a row size: use a whole number such as 3",
            ],
        ),
        (
            "title: T\nshow:\n",
            &["2: 'show:' needs a position, such as 3 5 7"],
        ),
        (
            "title: T\nquestion: 3 5 --rows-per-move 0\nanswer: A.\n",
            &[
                "2: 'question:' has a bad --rows-per-move: a move takes from at least 1 row: use 1 for ordinary Nim, or 2 for one or two rows",
            ],
        ),
        (
            "title: T\nexplain: 3 5 --rows-per-move\n",
            &["2: 'explain:' has --rows-per-move without a number after it, such as 2"],
        ),
        (
            "title: T\nexplain: 21 --take 1-3 --rows-per-move 2\n",
            &[
                "2: 'explain:' uses --take with --rows-per-move above 1: a limited set of takes is only worked out for moves from one row, so leave one of them out",
            ],
        ),
        (
            "title: T\nshow: 3 5 --xor\n",
            &[
                "2: 'show:' has an unknown option '--xor': the options here are --normal, --misere, --take, --rows-per-move and --groups",
            ],
        ),
        (
            "title: T\nexplain: 3 5 --fast\n",
            &[
                "2: 'explain:' has an unknown option '--fast': the options here are --normal, --misere, --take, --rows-per-move, --xor, --no-move and --no-verdict",
            ],
        ),
        (
            "title: T\nquestion: 0 0\nanswer: A.\n",
            &[
                "2: 'question:' cannot be asked: there is no move to make from 0 0: start with sticks that can be taken",
            ],
        ),
        // No move can answer these, as `play 5 --take 7` has nothing to
        // play.
        (
            "title: T\nquestion: 5 --take 7\nanswer: A.\n",
            &[
                "2: 'question:' cannot be asked: there is no move to make from 5: start with sticks that can be taken",
            ],
        ),
        (
            "title: T\nquestion: 3 4 --take 7\nanswer: A.\n",
            &[
                "2: 'question:' cannot be asked: there is no move to make from 3 4: start with sticks that can be taken",
            ],
        ),
        (
            "title: T\ncan-you-win: 5 --take 7\nanswer: A.\n",
            &[
                "2: 'can-you-win:' cannot be asked: there is no move to make from 5: start with sticks that can be taken",
            ],
        ),
        (
            "title: T\nhint: Look.\n",
            &["2: 'hint:' belongs to a question: put it after a 'question:' line"],
        ),
        (
            "title: T\ntitle: U\nText.\n",
            &["2: a lesson has only one 'title:'"],
        ),
        (
            "Some text.\n",
            &["1: the lesson has no title: add a 'title:' line"],
        ),
        (
            "title: T\n",
            &["1: the lesson is empty: add narration, a position or a question"],
        ),
        (
            "title:\nText.\n",
            &[
                "1: 'title:' needs some text after it",
                "1: the lesson has no title: add a 'title:' line",
            ],
        ),
        (
            "title: T\nquestion: 1 2\nanswer: A.\nanswer: B.\n",
            &["4: this question already has an 'answer:'"],
        ),
        ("title: T\nText \u{fffd}.\nshow: 1\n\nbad1: x\n", &[]),
        (
            "title: T\nbad\x01: x\n",
            &[
                "2: this line holds the control character \\u{1}: remove it, as a lesson is plain text",
            ],
        ),
        (
            "title: T\nchomp-show: 4x\n",
            &[
                "2: 'chomp-show:' has a bad bar: '4x' is not a shape: type rows x columns such as 4x5, or the row lengths from the top such as 5,5,3",
            ],
        ),
        (
            "title: T\nchomp-explain: 4x5 --xor\n",
            &["2: 'chomp-explain:' has an unknown option '--xor': the options here are --no-move"],
        ),
        (
            "title: T\nchomp-question: 2x3\nask: Go.\n",
            &["2: this question has no answer: add an 'answer:' line for the reveal"],
        ),
        (
            "title: T\nchomp-question: 1x1\nanswer: A.\n",
            &[
                "2: 'chomp-question:' cannot be asked: there is no bite to make from 1x1: start with a bar bigger than the poisoned square, such as 2x3",
            ],
        ),
        (
            "title: T\nchomp-explain:\n",
            &["2: 'chomp-explain:' needs a bar, such as 4x5 or 5,5,3"],
        ),
    ];
    for (source, expected) in cases {
        assert_eq!(problems(source), *expected, "{source:?}");
    }
    // Several problems are all reported, in line order.
    assert_eq!(
        problems("summary: S\nfoo: x\nquestion: 1\nbar: y\n"),
        vec![
            "1: the lesson has no title: add a 'title:' line".to_string(),
            "2: unknown directive 'foo:'; the directives are title:, summary:, show:, explain:, question:, can-you-win:, chomp-show:, chomp-explain:, chomp-question:, ask:, hint:, answer:, and pause (narration may not start with a lowercase word and a colon)".to_string(),
            "3: this question has no answer: add an 'answer:' line for the reveal".to_string(),
            "4: unknown directive 'bar:'; the directives are title:, summary:, show:, explain:, question:, can-you-win:, chomp-show:, chomp-explain:, chomp-question:, ask:, hint:, answer:, and pause (narration may not start with a lowercase word and a colon)".to_string(),
        ]
    );
    // Invalid UTF-8 is reported on its own line.
    let bad = parse(b"title: T\nok\n\xff\xfe here\n").unwrap_err();
    assert_eq!(bad.len(), 1);
    assert_eq!(
        (bad[0].line, bad[0].message.as_str()),
        (
            3,
            "this line is not valid UTF-8 text: save the file as UTF-8"
        )
    );
}

#[test]
fn check_reports_file_and_line_and_exits_2() {
    let dir = std::env::temp_dir().join(format!("matchsticks-lessons-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("broken.lesson");
    std::fs::write(&path, "title: Broken\nquestion: 3 5 7\nfoo: bar\n").unwrap();
    let path_text = path.to_str().unwrap();
    let output = run(&["lesson", "--check", path_text]);
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8(output.stderr).unwrap();
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(lines.len(), 2, "{stderr}");
    assert!(lines[0].starts_with(&format!("{path_text}:2: this question has no answer")));
    assert!(lines[1].starts_with(&format!("{path_text}:3: unknown directive 'foo:'")));

    let missing = dir.join("missing.lesson");
    let output = run(&["lesson", "--check", missing.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.starts_with("error: cannot read the lesson file '"),
        "{stderr}"
    );
    assert!(stderr.contains("missing.lesson"), "{stderr}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Lessons within the 1 MiB a lesson file may be that once took seconds,
/// gigabytes or hundreds of megabytes of output, each refused as it is read
/// at the line that passes the lesson's work, whatever it was asked to do.
#[test]
fn a_lesson_past_its_work_is_refused_at_the_line_that_passes_it() {
    let dir = std::env::temp_dir().join(format!("matchsticks-work-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let thousand: Vec<String> = (1..=1000).map(|n| n.to_string()).collect();
    let moore = format!("explain: {} --rows-per-move 2\n", thousand.join(" "));
    let huge = format!("explain:{}\n", " 18446744073709551615".repeat(200));
    let files = [
        // 31,500 steps a line (2,000 for each row, 500 for each of its 7
        // groups): 1,587 fit after the title.
        ("small.lesson", "explain: 3 5 7\n".repeat(69_900), 1589),
        // A count of the winning moves, and a thousand rows, each line.
        ("moore.lesson", moore.repeat(267), 4),
        // 200 rows of 64 groups each line, which once drew 470 MB of HTML.
        ("huge.lesson", huge.repeat(240), 9),
    ];
    for (name, lines, passed) in files {
        let path = dir.join(name);
        std::fs::write(&path, format!("title: T\n{lines}")).unwrap();
        let path = path.to_str().unwrap();
        let asked = [
            vec!["lesson", "--check", path],
            vec!["lesson", "--file", path, "--auto"],
            vec!["lesson", "--file", path, "--format", "html"],
        ];
        for args in asked {
            let output = run(&args);
            assert_eq!(output.status.code(), Some(2), "{args:?}");
            assert!(output.stdout.is_empty(), "{args:?}");
            let stderr = String::from_utf8(output.stderr).unwrap();
            assert_eq!(
                stderr,
                format!(
                    "{path}:{passed}: by this line the lesson would take more than 50,000,000 steps of work (LESSON_WORK), the most one lesson may: split it into shorter lessons, or use fewer or smaller positions\n"
                ),
                "{args:?}"
            );
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Runs a lesson from source with the given input, as a script.
fn run_scripted(source: &str, input: &str) -> Result<String, matchsticks::Error> {
    let lesson = match parse(source.as_bytes()) {
        Ok(lesson) => lesson,
        Err(_) => return Ok(String::new()),
    };
    let mut out = Vec::new();
    let mut input = Cursor::new(input.as_bytes().to_vec());
    let mut io = Io {
        out: &mut out,
        input: &mut input,
        interactive: false,
        color: false,
        width: 80,
        height: None,
        lines: 0,
    };
    matchsticks::lesson::runner::run(&lesson, false, &mut io)?;
    Ok(String::from_utf8(out).unwrap())
}

#[test]
fn a_scripted_class_answers_right_wrong_with_hints_and_show() {
    let copy_cat = bundled::find("copy-cat").unwrap().source;
    let transcript = run_scripted(
        copy_cat,
        "\n\n1 1\nhint\nhint\nhint\n4,4\n\n2 9\nhint\nhint\nhint\nshow\n",
    )
    .unwrap();
    let expected_in_order = [
        "Question: rows 4 6 (last stick loses)",
        "> 1 1",
        "✗ mistake: the rows now have 3 and 6 sticks, so your opponent can make them",
        "Not yet: try again. Hint: Can you make the two rows the same?",
        "> hint",
        "Hint: Which row has more sticks, and how many more?",
        "> hint",
        "Hint: Take the extra sticks from the longer row.",
        "> hint",
        // The teacher's three hints stood for the first three stages, so
        // the tool's carry on from the last: the move.
        "Hint: The move is take 2 from row 2 (4 6 → 4 4).",
        "> 4,4",
        "✓ good: both rows now have 4 sticks, so you can copy every move your",
        "Well done.",
        "Answer: the winning move is take 2 from row 2.",
        "> 2 9",
        "Row 2 has only 1 stick, so 9 cannot be taken from it. Try again.",
        "Hint: Think about who will take the very last stick.",
        "Hint: What if row 1 were empty?",
        "Hint: Take from row 1.",
        "> show",
        "Answer: the winning move is take 4 from row 1.",
        "End of the lesson.",
    ];
    assert_in_order(&transcript, &expected_in_order);
    // Before the class gets the first question right, the move is never
    // shown: not after a wrong try, not in a hint until the last.
    let before_right = &transcript
        [transcript.find("> 1 1").unwrap()..transcript.find("Hint: The move is").unwrap()];
    assert!(
        !before_right.contains("take 2 from row 2"),
        "{before_right}"
    );
    assert!(!before_right.contains("4 6 → 4 4"), "{before_right}");
}

#[test]
fn a_lesson_ends_by_saying_what_comes_next() {
    let first = matchsticks::lesson::bundled("twenty-one").unwrap();
    assert_eq!(
        first.ending(),
        "End of the lesson. Next: matchsticks lesson 2 (single-sticks)."
    );
    let last = matchsticks::lesson::bundled(bundled::LESSONS.last().unwrap().name).unwrap();
    assert_eq!(
        last.ending(),
        "End of the lesson. That was the last lesson: well done!"
    );
    // A teacher's own file has no place in the course.
    let own = parse(b"title: t\n\nSome words.\n").unwrap();
    assert_eq!(own.ending(), "End of the lesson.");
}

#[test]
fn quitting_stops_the_lesson() {
    let copy_cat = bundled::find("copy-cat").unwrap().source;
    let transcript = run_scripted(copy_cat, "q\n").unwrap();
    assert!(transcript.ends_with("Lesson stopped.\n"), "{transcript}");
    assert!(!transcript.contains("Question"));
    let transcript = run_scripted(copy_cat, "\n\nquit\n").unwrap();
    assert!(transcript.contains("Question: rows 4 6") && transcript.ends_with("Lesson stopped.\n"));
}

#[test]
fn end_of_input_runs_on_with_answers_revealed() {
    let copy_cat = bundled::find("copy-cat").unwrap().source;
    let transcript = run_scripted(copy_cat, "").unwrap();
    assert!(transcript.contains("Answer: the winning move is take 2 from row 2."));
    assert!(transcript.contains("Answer: the winning move is take 4 from row 1."));
    assert!(transcript.ends_with("End of the lesson.\n"));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn any_text_as_a_lesson_never_panics(bytes in prop::collection::vec(any::<u8>(), 0..400)) {
        let _ = parse(&bytes);
    }

    #[test]
    fn lesson_like_text_never_panics(lines in prop::collection::vec(
        prop_oneof![
            Just("title: T".to_string()),
            Just("pause".to_string()),
            Just(String::new()),
            "(show|explain|question|ask|hint|answer|summary|oops): [ -~]{0,12}",
            "question: [0-9 ,]{0,8}( --normal| --xor)?",
            "[ -~]{0,20}",
        ],
        0..20,
    )) {
        let _ = run_scripted(&lines.join("\n"), "show\n");
    }

    #[test]
    fn any_answer_lines_never_panic(answers in prop::collection::vec("[ -~]{0,12}|[0-9]{1,20} [0-9]{1,20}", 0..30)) {
        let lesson = bundled::find("misere-switch").unwrap().source;
        let transcript = run_scripted(lesson, &answers.join("\n"));
        prop_assert!(transcript.is_ok());
        let transcript = transcript.unwrap();
        prop_assert!(transcript.ends_with("End of the lesson.\n") || transcript.ends_with("Lesson stopped.\n"));
    }
}

#[test]
fn no_help_example_tells_the_answer_to_a_lessons_question() {
    // The help is the first screen a pupil at the keyboard sees: an example
    // that judges a lesson's own position answers its question in advance.
    let mut asked: Vec<String> = Vec::new();
    for found in bundled::LESSONS {
        for line in found.source.lines() {
            let Some((word, value)) = line.split_once(':') else {
                continue;
            };
            if matches!(word, "question" | "can-you-win" | "chomp-question") {
                let rows: Vec<&str> = value
                    .split_whitespace()
                    .take_while(|w| !w.starts_with("--"))
                    .collect();
                asked.push(rows.join(" ").replace(',', " "));
            }
        }
    }
    let verdicts = [
        "good",
        "mistake",
        "lost anyway",
        "can win",
        "cannot win",
        "player wins",
        "player loses",
        "could win",
    ];
    let commands = [
        "",
        "explain",
        "check",
        "table",
        "play",
        "lesson",
        "worksheet",
        "chomp",
    ];
    let chomp = ["explain", "check", "play"];
    let helps = commands
        .iter()
        .map(|c| vec![*c])
        .chain(chomp.iter().map(|c| vec!["chomp", *c]));
    for words in helps {
        let mut args: Vec<&str> = words.into_iter().filter(|w| !w.is_empty()).collect();
        args.push("--help");
        let help = String::from_utf8(run(&args).stdout).unwrap();
        for line in help.lines().map(str::trim) {
            let Some(example) = line.strip_prefix("matchsticks ") else {
                continue;
            };
            let tokens: Vec<&str> = example.split_whitespace().collect();
            let position: Vec<&str> = tokens
                .iter()
                .skip_while(|w| !w.starts_with(|c: char| c.is_ascii_digit()))
                .take_while(|w| !w.starts_with("--"))
                .copied()
                .collect();
            let position = position.join(" ").replace(',', " ");
            let judged = verdicts.iter().find(|v| line.contains(*v));
            if let (true, Some(verdict)) = (asked.contains(&position), judged) {
                panic!("`{args:?}` says {verdict:?} of a lesson's question: {line}");
            }
        }
    }
}

#[test]
fn a_pipe_is_refused_as_a_lesson_file_rather_than_waited_on() {
    let dir = std::env::temp_dir().join(format!("matchsticks-fifo-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let fifo = dir.join("lesson");
    // mkfifo comes with coreutils, as bash does for the book's scripts.
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    assert!(made.unwrap().success(), "mkfifo failed");
    let path = fifo.to_str().unwrap();
    // Nobody writes to the pipe: opening it would wait for ever, and the
    // test's own time limit would be all that ended it.
    for args in [["lesson", "--file", path], ["lesson", "--check", path]] {
        let out = run(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(
            err,
            format!("error: '{path}' is not a file: give the path of a lesson file\n")
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_mark_that_turns_text_around_is_refused_in_a_lesson_and_named_escaped() {
    let text = "title: Evil \u{202e}elttit\nsummary: s\n\nHello.\n\nquestion: 1 2 3\nask: Why?\n";
    let problems = parse(text.as_bytes()).unwrap_err();
    assert_eq!(problems[0].line, 1);
    assert_eq!(
        problems[0].message,
        "this line holds the invisible mark \\u{202e}: remove it, as a lesson is plain text"
    );
}
