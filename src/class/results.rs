//! The class's results: one line per pupil per task, kept once a task is
//! over, and written as `results.csv` for a spreadsheet.
//!
//! Names are text everywhere, a spreadsheet included: every text cell is
//! quoted, and one that starts as a formula would (`=`, `+`, `-`, `@`, or
//! a tab or a carriage return) gets a leading `'`, so a spreadsheet shows
//! it rather than runs it.

use std::fmt::Write;

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
    /// A game still going.
    Playing,
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
    /// How many answers, or games, they tried.
    pub(crate) tries: u32,
    /// How many hints they had.
    pub(crate) hints: u64,
    /// The seconds from the task's start to their last answer.
    pub(crate) seconds: u64,
}

/// A task that is over, with every pupil's line (by the order they
/// joined in; `None` for one who gave no answer).
#[derive(Clone, Debug)]
pub(crate) struct Done {
    pub(crate) id: u64,
    pub(crate) title: String,
    pub(crate) records: Vec<Option<Record>>,
}

/// The header of `results.csv`.
const HEADER: &str = "name,task,title,answer,verdict,tries,hints,seconds";

/// `results.csv`: a line for every pupil in `names` at every task in
/// `tasks`, in order.
pub(crate) fn csv(names: &[&str], tasks: &[Done]) -> String {
    let mut out = format!("{HEADER}\r\n");
    for task in tasks {
        for (id, name) in names.iter().enumerate() {
            let none = Record {
                answer: String::new(),
                mark: Mark::None,
                tries: 0,
                hints: 0,
                seconds: 0,
            };
            let record = task
                .records
                .get(id)
                .and_then(Option::as_ref)
                .unwrap_or(&none);
            let _ = write!(
                out,
                "{},{},{},{},{},{},{},{}\r\n",
                cell(name),
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
    fn every_pupil_has_a_line_at_every_task() {
        let tasks = [Done {
            id: 1,
            title: "3 5 7 (last stick loses)".to_string(),
            records: vec![Some(Record {
                answer: "take 1 from row 1".to_string(),
                mark: Mark::Good,
                tries: 1,
                hints: 2,
                seconds: 17,
            })],
        }];
        assert_eq!(
            csv(&["Sam", "=1+1"], &tasks),
            "name,task,title,answer,verdict,tries,hints,seconds\r\n\
             \"Sam\",1,\"3 5 7 (last stick loses)\",\"take 1 from row 1\",good,1,2,17\r\n\
             \"'=1+1\",1,\"3 5 7 (last stick loses)\",\"\",none,0,0,0\r\n"
        );
    }
}
