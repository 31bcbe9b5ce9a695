//! Showing an explanation a step at a time, for a class demonstration.
//!
//! Between steps the tool waits, but only for a person at the keyboard:
//! from a file or a pipe everything is shown at once. Each wait is a
//! [`pause`]: Enter shows the next step, `q` stops, and `hint` gives a hint
//! that fits what is on the screen, so a class can guess ahead of the
//! explanation. A hint the screen has already answered is never given:
//! once a step has said who wins, only the hints about the move are left,
//! and once it has shown the move, there are none.

use super::io::Io;
use super::line::LineError;
use super::pause::{GO_ON, Offered, Paused, Prompt, pause};
use crate::render::text;
use crate::teach::document::{Document, Reveal};

/// How stepping through ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Stepped {
    /// Every step was shown.
    Done,
    /// The class asked to stop.
    Quit,
}

/// What may be given away, at most: an explanation cut short before the
/// move keeps its hints from naming the move too.
pub(crate) type Hide = Option<Reveal>;

/// Shows `doc` in turn, a blank line between its sections, waiting between
/// them when `wait` is set and the input is a person. `hints` are the
/// hint stages for its position, first to last: what to look at, what it
/// shows, where to take from, and the move. None that gives away `hide`
/// or more is offered.
pub(crate) fn step_through(
    io: &mut Io<'_>,
    doc: &Document,
    hints: &[String],
    wait: bool,
    hide: Hide,
) -> Result<Stepped, LineError> {
    let sections = text::sections(doc, io.style());
    let shown = shown_by_section(doc);
    // The sections must line up with the steps for hints to fit them;
    // if they ever do not, no hint is offered rather than a wrong one.
    let hints = match shown.len() == sections.len() {
        true => hints,
        false => &[],
    };
    let mut wait = wait && io.interactive;
    let mut next = 0;
    for (i, section) in sections.iter().enumerate() {
        if i > 0 {
            io.out.write_all(b"\n")?;
        }
        io.out.write_all(section.as_bytes())?;
        // The title and the first step come together; the waits are
        // between steps.
        if !(wait && i > 0 && i + 1 < sections.len()) {
            continue;
        }
        let fitting: Vec<usize> = fitting(hints, &shown[..=i], hide)
            .into_iter()
            .filter(|&k| k >= next)
            .collect();
        let prompt = Prompt {
            plain: "(Enter: next step, q: quit) ",
            with_hint: "(Enter: next step, hint, q: quit) ",
        };
        let mut offered = Offered::new(
            fitting.iter().map(|&k| hints[k].clone()).collect(),
            next > 0,
        );
        let paused = pause(io, prompt, GO_ON, &mut offered)?;
        if let Some(k) = offered.taken().checked_sub(1) {
            next = fitting[k] + 1;
        }
        match paused {
            Paused::Go => {}
            Paused::Stop => return Ok(Stepped::Quit),
            Paused::End => wait = false,
        }
    }
    Ok(Stepped::Done)
}

/// What each section of the text layout gives away, and its sentences:
/// the title first, then a section for each step that stands apart, with
/// the steps that follow straight on joined to it, as the layout joins
/// them.
fn shown_by_section(doc: &Document) -> Vec<(Option<Reveal>, String)> {
    let mut shown = vec![(None, doc.title.clone())];
    for step in &doc.steps {
        let words = format!("{} {}", step.heading(), step.lines().join(" "));
        match (step.frame.gap, shown.last_mut()) {
            (false, Some((reveals, text))) => {
                *reveals = (*reveals).max(step.reveals);
                text.push(' ');
                text.push_str(&words);
            }
            _ => shown.push((step.reveals, words)),
        }
    }
    shown
}

/// What a hint stage gives away: the first only says where to look, the
/// next what the looking shows (and so who wins), and the last two where
/// to take from and the move itself.
fn gives_away(stage: usize, stages: usize) -> Option<Reveal> {
    match stage {
        0 => None,
        k if k + 2 >= stages => Some(Reveal::Move),
        _ => Some(Reveal::Outcome),
    }
}

/// The hint stages worth giving once `shown` is on the screen: none that
/// the screen has answered, said in words or given away, and none that
/// gives away `hide`.
fn fitting(hints: &[String], shown: &[(Option<Reveal>, String)], hide: Hide) -> Vec<usize> {
    let revealed = shown.iter().map(|(r, _)| *r).max().flatten();
    let screen = plain(
        &shown
            .iter()
            .map(|(_, text)| text.as_str())
            .collect::<Vec<_>>()
            .join(" "),
    );
    // A stage whose first sentence is on the screen is answered, and a
    // later stage answered answers the earlier ones too.
    let answered = hints
        .iter()
        .rposition(|hint| screen.contains(&plain(first_sentence(hint))))
        .map_or(0, |k| k + 1);
    (answered..hints.len())
        .filter(|&k| {
            let gives = gives_away(k, hints.len());
            let new = revealed.is_none() || gives > revealed;
            let allowed = hide.is_none_or(|hide| gives < Some(hide));
            new && allowed
        })
        .collect()
}

/// The words up to the first full stop (or trailing "…") that ends a
/// sentence.
fn first_sentence(text: &str) -> &str {
    let end = [". ", "… "]
        .iter()
        .filter_map(|stop| text.find(stop).map(|at| at + stop.len() - 1))
        .min();
    match end {
        Some(end) => &text[..end],
        None => text,
    }
}

/// Text for comparing: lower case, single spaces, no full stop at the end.
fn plain(text: &str) -> String {
    text.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
        .trim_end_matches('.')
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::nim::Nim;
    use crate::rules::position::Position;
    use crate::rules::rule::Rule;
    use crate::rules::take_set::TakeSet;
    use crate::teach::analysis::{Analysis, Extras};
    use crate::teach::explain::{Options, explain};
    use crate::teach::hints::hints;

    /// Steps through the explanation of `rows`, with `typed` as input from
    /// a person (or not), and returns what was shown and how it ended.
    fn run(rows: &[u64], game: Nim, typed: &str, interactive: bool) -> (String, Stepped) {
        let a = Analysis::new(Position::new(rows.to_vec()), game, Extras::default()).unwrap();
        let doc = explain(&a, Options::default());
        let mut out = Vec::new();
        let mut input = typed.as_bytes();
        let mut io = Io {
            out: &mut out,
            input: &mut input,
            interactive,
            color: false,
            width: 80,
            height: None,
            lines: 0,
        };
        let stepped = step_through(&mut io, &doc, &hints(&a), true, None).unwrap();
        (String::from_utf8(out).unwrap(), stepped)
    }

    #[test]
    fn hints_fit_the_step_on_the_screen() {
        let nim = Nim::new(Rule::Misere);
        // After step 1 the first hint is the question to ask next.
        let (out, _) = run(&[3, 5, 7], nim.clone(), "hint\nq\n", true);
        assert!(
            out.contains("(Enter: next step, hint, q: quit) Hint: Make the groups and pair them"),
            "{out}"
        );
        // After step 3 has said who wins, the next hint is where to take
        // from, then the move; after step 4 there is none.
        let (out, stepped) = run(&[3, 5, 7], nim, "\n\nhint\nhint\nhint\n\nhint\n\n", true);
        assert_eq!(stepped, Stepped::Done);
        assert!(
            out.contains("Hint: Take from row 1, which has a group of 1.\n"),
            "{out}"
        );
        assert!(
            out.contains("Hint: The move is take 1 from row 1 (3 5 7 → 2 5 7).\n"),
            "{out}"
        );
        assert!(!out.contains("Hint: The biggest group"), "{out}");
        assert_eq!(out.matches("Hint:").count(), 2, "{out}");
        assert!(
            out.ends_with(&format!("(Enter: next step, q: quit) {}\n(Enter: next step, q: quit) \nWinning moves: take 1 from row 1, take 1 from row 2, take 1 from row 3.\n", super::super::pause::NO_MORE_HINTS)),
            "{out}"
        );
    }

    #[test]
    fn a_hint_the_screen_already_says_is_skipped() {
        // Step 2 of the 22 game lists the counts to avoid, which is the
        // second hint: after it comes the third.
        let game = Nim::with_takes(Rule::Misere, TakeSet::parse("1-3").unwrap());
        let (out, _) = run(&[22], game, "\nhint\nq\n", true);
        assert!(
            out.contains("Hint: Leave your opponent 21 sticks, a count to avoid."),
            "{out}"
        );
    }

    #[test]
    fn only_enter_goes_on_and_q_stops() {
        let (out, stepped) = run(&[3, 5, 7], Nim::new(Rule::Misere), "what\nq\n", true);
        assert_eq!(stepped, Stepped::Quit);
        // A hint is there to give after step 1, so the nudge names it.
        assert!(
            out.contains(&format!(
                "hint, q: quit) {}\n",
                super::super::pause::GO_ON_OR_HINT
            )),
            "{out}"
        );
        assert!(!out.contains("Step 2"), "{out}");
    }

    #[test]
    fn a_script_or_the_end_of_input_never_waits() {
        let (all, stepped) = run(&[3, 5, 7], Nim::new(Rule::Misere), "q\n", false);
        assert_eq!(stepped, Stepped::Done);
        assert!(!all.contains("(Enter"), "{all}");
        // At the end of input the wait is over at once, and so are all the
        // later ones.
        let (out, stepped) = run(&[3, 5, 7], Nim::new(Rule::Misere), "", true);
        assert_eq!(stepped, Stepped::Done);
        assert_eq!(out.matches("(Enter").count(), 1, "{out}");
        assert!(out.ends_with("take 1 from row 3.\n"), "{out}");
    }
}
