//! The rules of writing a lesson that the format itself cannot enforce,
//! checked by `lesson --check` as warnings, each at its line.
//!
//! A lesson may be valid and still teach badly: narration that says the
//! answer of the question right after it, a worked example whose move the
//! class can copy for a later question, a stretch too long for a
//! projector between two pauses, or a line meant as a directive that is
//! read as narration (`explain 3 5 7` without its colon, `Title:` in the
//! wrong case). `--strict` makes them errors; the bundled lessons have
//! none.

use super::asking::Asking;
use super::games::{keywords, of_game};
use super::{Lesson, Part, Question};
use crate::rules::outcome::Outcome;
use crate::teach::lesson::{Asks, InLesson, Setup};

/// The most lines a screen shows between two pauses, at 80 columns, with
/// a line left for the prompt.
const MOST_LINES: usize = 19;

/// The width the lines are counted at.
const WIDTH: usize = 80;

/// One rule of writing broken, at a line of the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Warning {
    /// The line, from 1.
    pub line: usize,
    /// What is wrong, and what to do.
    pub text: String,
}

/// The directive words, and `pause`.
fn directives() -> Vec<&'static str> {
    let mut all = vec!["title", "summary", "ask", "hint", "answer"];
    all.extend(keywords());
    all
}

/// The warnings of the lesson `source`, parsed as `lesson`.
pub fn warnings(source: &str, lesson: &Lesson) -> Vec<Warning> {
    let mut found = Vec::new();
    let lines: Vec<&str> = source.lines().collect();
    found.extend(looks_like_directives(&lines));
    found.extend(too_long_between_pauses(&lines));
    found.extend(answers_given_away(&lines, lesson));
    found.extend(examples_that_answer(&lines, lesson));
    found.sort_by_key(|w| w.line);
    found
}

/// Lines that look like a directive but are read as narration: a
/// directive's word without its colon, or with capitals.
fn looks_like_directives(lines: &[&str]) -> Vec<Warning> {
    let names = directives();
    let mut found = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let first = line.split_whitespace().next().unwrap_or("");
        let word = first.trim_end_matches(':');
        let has_colon = first.ends_with(':');
        let lower = word.to_lowercase();
        let known = names.contains(&lower.as_str());
        let text = match () {
            _ if known && has_colon && word != lower => format!(
                "'{word}:' is a directive in the wrong case, read as narration: write '{lower}:'"
            ),
            // "explain 3 5 7": a directive's word, then a position.
            _ if known
                && word == lower
                && !has_colon
                && line.split_whitespace().nth(1).is_some_and(starts_setup) =>
            {
                format!(
                    "'{}' looks like a directive without its colon, read as narration: write '{word}:{}'",
                    line.trim(),
                    &line.trim()[word.len()..]
                )
            }
            _ => continue,
        };
        found.push(Warning { line: i + 1, text });
    }
    found
}

/// Whether a word begins a position: a number, or a bar such as `4x5`.
fn starts_setup(word: &str) -> bool {
    word.starts_with(|c: char| c.is_ascii_digit())
}

/// Stretches of narration longer than a screen between two pauses, named
/// at the line where the stretch starts. Narration is counted wrapped at
/// 80 columns, with a blank line between paragraphs; a question or an
/// explanation stops the count, since the class is busy with it.
fn too_long_between_pauses(lines: &[&str]) -> Vec<Warning> {
    let names = directives();
    let mut found = Vec::new();
    let mut start: Option<usize> = None;
    let mut shown = 0;
    let mut paragraph = String::new();
    let flush = |paragraph: &mut String, shown: &mut usize| {
        if !paragraph.is_empty() {
            *shown += textwrap::wrap(paragraph, WIDTH).len() + 1;
            paragraph.clear();
        }
    };
    for (i, line) in lines.iter().enumerate() {
        let trimmed = line.trim();
        let word = trimmed.split(':').next().unwrap_or("");
        let directive = trimmed.contains(':') && names.contains(&word);
        let stop = trimmed == "pause" || (directive && word != "show" && word != "chomp-show");
        if stop || trimmed.is_empty() || directive {
            flush(&mut paragraph, &mut shown);
        }
        if stop {
            if let Some(at) = start.take().filter(|_| shown > MOST_LINES) {
                found.push(Warning {
                    line: at,
                    text: format!(
                        "{shown} lines from here to the next pause, more than the {MOST_LINES} an 80×24 screen shows: add a pause"
                    ),
                });
            }
            shown = 0;
            continue;
        }
        if directive {
            // A drawing: its rows and a blank line.
            let rows = trimmed
                .split_whitespace()
                .filter(|w| starts_setup(w))
                .count();
            shown += rows.max(2) + 1;
        } else if !trimmed.is_empty() {
            paragraph.push_str(trimmed);
            paragraph.push(' ');
        }
        if !trimmed.is_empty() && start.is_none() {
            start = Some(i + 1);
        }
    }
    found
}

/// Narration before a question that says its answer: a winning move, or
/// for "can you win?" the position with whether it is won or lost. Only
/// the narration since the question before counts, named at its line.
fn answers_given_away(lines: &[&str], lesson: &Lesson) -> Vec<Warning> {
    let names = directives();
    // Each narration paragraph with its first line, and each question's
    // line, in order.
    let mut said: Vec<(usize, String)> = Vec::new();
    let mut paragraphs: Vec<Vec<(usize, String)>> = Vec::new();
    let mut at: Option<usize> = None;
    let mut text = String::new();
    let mut in_question = false;
    let mut questions_values: Vec<String> = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let trimmed = line.trim();
        let word = trimmed.split(':').next().unwrap_or("");
        let directive = trimmed.contains(':') && names.contains(&word);
        if (trimmed.is_empty() || directive || trimmed == "pause")
            && let Some(first) = at.take()
        {
            said.push((first, std::mem::take(&mut text).to_lowercase()));
        }
        if matches!(word, "show" | "chomp-show") && directive {
            // A drawing of the question's rows, in the same game, is
            // narration too; a drawing in another game is a contrast.
            let value = trimmed[word.len() + 1..].trim();
            let words: Vec<&str> = value
                .split_whitespace()
                .filter(|w| *w != "--groups")
                .collect();
            said.push((i + 1, format!("drawn: {}", words.join(" "))));
        }
        if directive {
            let question = matches!(word, "question" | "can-you-win" | "chomp-question");
            in_question = question || (in_question && matches!(word, "ask" | "hint" | "answer"));
            if question {
                paragraphs.push(std::mem::take(&mut said));
                let value = trimmed[word.len() + 1..].split_whitespace();
                questions_values.push(value.collect::<Vec<_>>().join(" "));
            }
            continue;
        }
        if trimmed.is_empty() || trimmed == "pause" {
            in_question = false;
            continue;
        }
        if in_question {
            continue;
        }
        at.get_or_insert(i + 1);
        text.push_str(trimmed);
        text.push(' ');
    }
    let questions = lesson.parts.iter().filter_map(|p| match p {
        Part::Question(q) => Some(q),
        _ => None,
    });
    let mut found = Vec::new();
    let mut paragraphs_index = 0;
    for (before, question) in paragraphs.iter().zip(questions) {
        let Some((asks, outcome, winning, position)) = of_game!(question, q => facts(q)) else {
            continue;
        };
        let value = questions_values
            .get(paragraphs_index)
            .cloned()
            .unwrap_or_default();
        paragraphs_index += 1;
        let spelled = spelled(&position);
        let drawn = format!("drawn: {value}");
        let give_away = match asks {
            _ if before.iter().any(|(_, t)| *t == drawn) => before
                .iter()
                .find(|(_, t)| *t == drawn)
                .map(|(line, _)| (*line, "draws the rows of the question after it".to_string())),
            Asks::CanYouWin => {
                let words: &[&str] = match outcome {
                    Outcome::Win => &["can win", "you win", "will win", "is won"],
                    Outcome::Lose => &["loses", "you lose", "will lose", "is lost", "no move wins"],
                };
                before
                    .iter()
                    .filter(|(_, t)| t.contains(&position) || t.contains(&spelled))
                    .find(|(_, t)| words.iter().any(|w| t.contains(w)))
                    .map(|(line, _)| {
                        let what = "says whether the question after it is won or lost";
                        (*line, what.to_string())
                    })
            }
            Asks::Move => before.iter().find_map(|(line, t)| {
                let mv = winning.iter().find(|mv| t.contains(mv.as_str()))?;
                let what = format!("names the winning move of the question after it ({mv})");
                Some((*line, what))
            }),
        };
        if let Some((line, what)) = give_away {
            found.push(Warning {
                line,
                text: format!(
                    "this narration {what}: move it after the question, or into its answer"
                ),
            });
        }
    }
    found
}

/// Explanations that show a winning move leaving the very position a
/// winning move of a later question leaves: the class copies the example
/// instead of thinking (`explain: 1 1 6` ends at 1 1 1, and so does the
/// answer to `question: 1 1 4`). Named at the explanation's line.
fn examples_that_answer(lines: &[&str], lesson: &Lesson) -> Vec<Warning> {
    // The lines of the explanations, in the order of their parts.
    let explain_lines: Vec<usize> = lines
        .iter()
        .enumerate()
        .filter(|(_, line)| {
            let word = line.trim().split(':').next().unwrap_or("");
            line.contains(':') && matches!(word, "explain" | "chomp-explain")
        })
        .map(|(i, _)| i + 1)
        .collect();
    let mut explained: Vec<(usize, Vec<String>)> = Vec::new();
    let mut found = Vec::new();
    let mut explains = explain_lines.into_iter();
    for part in &lesson.parts {
        match part {
            Part::Explain(setup) => {
                let Some(line) = explains.next() else {
                    continue;
                };
                let shown = of_game!(setup, s => explained_left(s));
                explained.push((line, shown));
            }
            Part::Question(q) => {
                let left = of_game!(q, q => question_left(q));
                for (line, shown) in &explained {
                    if let Some(same) = shown.iter().find(|rows| left.contains(rows)) {
                        found.push(Warning {
                            line: *line,
                            text: format!(
                                "this explanation's move leaves {}, as the answer to a later question does: the class can copy it, so explain another position or add --no-move",
                                same.split(" (").next().unwrap_or(same)
                            ),
                        });
                    }
                }
                explained.retain(|(_, shown)| !shown.iter().any(|rows| left.contains(rows)));
            }
            _ => {}
        }
    }
    found
}

/// The positions an explanation's winning moves leave, when it shows them.
fn explained_left<G: InLesson>(setup: &Setup<G>) -> Vec<String> {
    match (setup.hide, setup.analysis()) {
        (None, Ok(analysis)) => left_by(&setup.game, &setup.position, &G::winning(&analysis)),
        _ => Vec::new(),
    }
}

/// The positions a question's winning moves leave.
fn question_left<G: InLesson>(q: &Question<G>) -> Vec<String> {
    match Asking::new(q) {
        Ok(asking) => left_by(
            &q.setup.game,
            &q.setup.position,
            &G::winning(asking.analysis()),
        ),
        Err(_) => Vec::new(),
    }
}

/// The positions the `moves` leave from `position`, each with the rows the
/// move made: rows in order and empty rows left out, so the same move in
/// another row order counts as the same, and a move that leaves the same
/// rows another way (emptying a row rather than leaving one stick in it)
/// does not.
fn left_by<G: InLesson>(game: &G, position: &G::Position, moves: &[G::Move]) -> Vec<String> {
    let before = rows(&position.to_string());
    moves
        .iter()
        .filter_map(|mv| game.play(position, mv).ok())
        .map(|after| {
            let written = after.to_string();
            match (&before, rows(&written)) {
                (Some(before), Some(after)) => {
                    let mut made = after.clone();
                    for row in before {
                        if let Some(i) = made.iter().position(|r| r == row) {
                            made.remove(i);
                        }
                    }
                    let made: Vec<String> = made.iter().map(u64::to_string).collect();
                    let after: Vec<String> = after.iter().map(u64::to_string).collect();
                    format!("{} (making {})", after.join(" "), made.join(" "))
                }
                _ => written,
            }
        })
        .collect()
}

/// A position written as rows of numbers, sorted with the empty rows left
/// out; `None` for any other position.
fn rows(written: &str) -> Option<Vec<u64>> {
    let mut rows: Vec<u64> = written
        .split_whitespace()
        .map(|w| w.parse().ok())
        .collect::<Option<_>>()?;
    rows.retain(|&n| n > 0);
    rows.sort_unstable();
    Some(rows)
}

/// What a question asks, who wins it, its winning moves in words, and
/// its position as written; `None` when it cannot be worked out.
fn facts<G: InLesson>(q: &Question<G>) -> Option<(Asks, Outcome, Vec<String>, String)> {
    let asking = Asking::new(q).ok()?;
    let analysis = asking.analysis();
    let winning = G::winning(analysis)
        .iter()
        .map(|mv| mv.to_string().to_lowercase())
        .collect();
    Some((
        q.asks,
        G::outcome(analysis),
        winning,
        q.setup.position.to_string(),
    ))
}

/// Rows "3 3 3" as a lesson writes them in words: "3, 3 and 3".
fn spelled(rows: &str) -> String {
    let rows: Vec<&str> = rows.split_whitespace().collect();
    match rows.as_slice() {
        [] => String::new(),
        [one] => one.to_string(),
        [first @ .., last] => format!("{} and {last}", first.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn warned(source: &str) -> Vec<(usize, String)> {
        let lesson = super::super::parse::parse(source.as_bytes()).unwrap();
        warnings(source, &lesson)
            .into_iter()
            .map(|w| (w.line, w.text))
            .collect()
    }

    #[test]
    fn each_rule_is_named_at_its_line() {
        let source = "title: T\n\nexplain 3 5 7\n\nTitle: X\n";
        let found = warned(source);
        assert_eq!(found.len(), 2, "{found:?}");
        assert_eq!(found[0].0, 3);
        assert!(found[0].1.contains("without its colon"), "{found:?}");
        assert_eq!(found[1].0, 5);
        assert!(found[1].1.contains("wrong case"), "{found:?}");
    }

    #[test]
    fn narration_that_answers_the_next_question_is_warned_about() {
        let source = "title: T\n\nRows of 3 and 3: the player to move loses.\n\ncan-you-win: 3 3\nask: Can you win?\nanswer: No.\n\nAt 1 4 6, take 1 from row 3.\n\nquestion: 1 4 6\nanswer: A.\n";
        let found = warned(source);
        let lines: Vec<usize> = found.iter().map(|w| w.0).collect();
        assert_eq!(lines, [3, 9], "{found:?}");
        let drawn = "title: T\n\nshow: 3 3 3 --groups\n\ncan-you-win: 3 3 3\nanswer: No.\n";
        assert_eq!(warned(drawn).len(), 1, "{:?}", warned(drawn));
    }

    #[test]
    fn an_example_whose_move_is_the_next_answer_is_warned_about() {
        // 1 1 6 and 1 1 4 are both won by leaving one stick in the big row.
        let copied = "title: T\n\nexplain: 1 1 6\n\nquestion: 1 1 4\nanswer: A.\n";
        let found = warned(copied);
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].0, 3);
        assert!(found[0].1.contains("leaves 1 1 1"), "{found:?}");
        // Emptying the big row leaves the same rows another way: no copy.
        let other = "title: T\n\nexplain: 1 1 6\n\nquestion: 1 1 1 6\nanswer: A.\n";
        assert!(warned(other).is_empty(), "{:?}", warned(other));
        let hidden = "title: T\n\nexplain: 1 1 6 --no-move\n\nquestion: 1 1 4\nanswer: A.\n";
        assert!(warned(hidden).is_empty(), "{:?}", warned(hidden));
    }

    #[test]
    fn a_long_stretch_without_a_pause_is_warned_about() {
        let long = "Words words words words words words words words words words.\n\n".repeat(12);
        let source = format!("title: T\n\n{long}pause\n\nShort.\n");
        let found = warned(&source);
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].0, 3);
        assert!(found[0].1.contains("add a pause"), "{found:?}");
    }
}
