//! The class's results: one line per pupil per task, kept once a task is
//! over, and written as `results.csv` for a spreadsheet. A task has a line
//! for each pupil who was in the class while it was open, and only for
//! them: a pupil who joined later has none, so that being absent and
//! giving no answer are told apart.
//!
//! Names are text everywhere, a spreadsheet included: every text cell is
//! quoted, and one that starts as a formula would (`=`, `+`, `-`, `@`, or
//! a tab or a carriage return) gets a leading `'`, so a spreadsheet shows
//! it rather than runs it.

use std::fmt::Write;

use super::pupil::PupilId;

/// What a pupil's answer or game was worth.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Mark {
    /// No answer.
    None,
    /// A winning move, or a right yes or no.
    Good,
    /// A move that gave the win away, or a wrong yes or no.
    Mistake,
    /// A move from a position no move wins.
    LostAnyway,
    /// A game going on, at a task still open: the pupil has moved.
    Playing,
    /// A game not over when its task was closed.
    Unfinished,
    /// A game won.
    Won,
    /// A game lost.
    Lost,
}

impl Mark {
    /// Its name in the API and the results.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Mark::None => "none",
            Mark::Good => "good",
            Mark::Mistake => "mistake",
            Mark::LostAnyway => "lost-anyway",
            Mark::Playing => "playing",
            Mark::Unfinished => "unfinished",
            Mark::Won => "won",
            Mark::Lost => "lost",
        }
    }
}

/// A pupil's line of the results for one task.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Record {
    /// Their last answer: a move in words, yes or no, or their moves in a
    /// game; empty when they gave none.
    pub(crate) answer: String,
    /// What it was worth.
    pub(crate) mark: Mark,
    /// How many answers they tried, or games they moved in.
    pub(crate) tries: u32,
    /// How many hints they had.
    pub(crate) hints: u64,
    /// The seconds from the task's start to their last answer.
    pub(crate) seconds: u64,
}

/// A task that is over, with the line of each pupil who was in the class
/// while it was open, in the order they joined (`None` for one who gave
/// no answer).
#[derive(Clone, Debug)]
pub(crate) struct Done {
    pub(crate) id: u64,
    /// What it was, and its position and rules, in words.
    pub(crate) title: String,
    pub(crate) records: Vec<(PupilId, Option<Record>)>,
}

/// The header of `results.csv`.
const HEADER: &str = "name,task,title,answer,verdict,tries,hints,seconds";

/// `results.csv`: at every task in `tasks`, in order, a line for every
/// pupil it has one for, named by `names` (every pupil who joined, by
/// their id).
pub(crate) fn csv(names: &[&str], tasks: &[Done]) -> String {
    let mut out = format!("{HEADER}\r\n");
    let none = Record {
        answer: String::new(),
        mark: Mark::None,
        tries: 0,
        hints: 0,
        seconds: 0,
    };
    for task in tasks {
        for (id, record) in &task.records {
            let record = record.as_ref().unwrap_or(&none);
            let _ = write!(
                out,
                "{},{},{},{},{},{},{},{}\r\n",
                cell(names.get(*id).copied().unwrap_or_default()),
                task.id,
                cell(&task.title),
                cell(&record.answer),
                record.mark.name(),
                record.tries,
                record.hints,
                record.seconds
            );
        }
    }
    out
}

/// A text cell: quoted, its quotes doubled, and a leading `'` when a
/// spreadsheet would take it for a formula.
pub(crate) fn cell(text: &str) -> String {
    let formula = text.starts_with(['=', '+', '-', '@', '\t', '\r']);
    let guard = if formula { "'" } else { "" };
    format!("\"{guard}{}\"", text.replace('"', "\"\""))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_are_quoted_and_formulas_are_shown_not_run() {
        let cases: &[(&str, &str)] = &[
            ("Sam", r#""Sam""#),
            ("=1+1", r#""'=1+1""#),
            ("+1", r#""'+1""#),
            ("-2", r#""'-2""#),
            ("@x", r#""'@x""#),
            ("<b>Sam</b>", r#""<b>Sam</b>""#),
            (r#"Jo "JJ", Al"#, r#""Jo ""JJ"", Al""#),
            ("a=1", r#""a=1""#),
            ("", r#""""#),
        ];
        for &(text, expected) in cases {
            assert_eq!(cell(text), expected, "{text}");
        }
    }

    #[test]
    fn every_pupil_who_was_there_has_a_line_at_a_task() {
        let good = Record {
            answer: "take 1 from row 1".to_string(),
            mark: Mark::Good,
            tries: 1,
            hints: 2,
            seconds: 17,
        };
        let tasks = [
            Done {
                id: 1,
                title: "3 5 7 (last stick loses): find a winning move".to_string(),
                records: vec![(0, Some(good.clone())), (1, None)],
            },
            // Al joined after task 1: he has a line at task 2 only.
            Done {
                id: 2,
                title: "1 2 (last stick loses): find a winning move".to_string(),
                records: vec![(0, None), (1, None), (2, Some(good))],
            },
        ];
        assert_eq!(
            csv(&["Sam", "=1+1", "Al"], &tasks),
            "name,task,title,answer,verdict,tries,hints,seconds\r\n\
             \"Sam\",1,\"3 5 7 (last stick loses): find a winning move\",\
             \"take 1 from row 1\",good,1,2,17\r\n\
             \"'=1+1\",1,\"3 5 7 (last stick loses): find a winning move\",\"\",none,0,0,0\r\n\
             \"Sam\",2,\"1 2 (last stick loses): find a winning move\",\"\",none,0,0,0\r\n\
             \"'=1+1\",2,\"1 2 (last stick loses): find a winning move\",\"\",none,0,0,0\r\n\
             \"Al\",2,\"1 2 (last stick loses): find a winning move\",\
             \"take 1 from row 1\",good,1,2,17\r\n"
        );
    }
}
