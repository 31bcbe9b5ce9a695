//! Plain text for a screen or projector, coloured when asked.
//!
//! `explain` is returned as sections, one per step of the method, so the
//! caller can pause between them.

use std::fmt::Write;

use colored::Colorize;

use super::sticks::{self, paint};
use super::words;
use crate::analysis::Analysis;
use crate::grouping::Grouping;
use crate::verdict::{Judgement, Verdict};

/// Rows up to this many get a line saying how their groups were joined.
const JOINS_SHOWN_FOR_ROWS: usize = 8;

/// A heading, bold when colour is on.
fn heading(text: &str, color: bool) -> String {
    match color {
        true => text.bold().to_string(),
        false => text.to_string(),
    }
}

/// The explanation of a position, one string per step.
pub fn explain(a: &Analysis, xor: bool, color: bool) -> Vec<String> {
    let g = &a.grouping;
    let mut sections = vec![format!("{} ({})\n", a.position, a.rule().describe())];
    if a.position.is_over() {
        sections.push(lines(&words::verdict(g)));
        return sections;
    }
    sections.push(groups(g, color));
    sections.push(pairs(g, color));
    sections.push(format!(
        "{}\n{}",
        heading("Step 3. Is any group left without a partner?", color),
        lines(&words::verdict(g))
    ));
    sections.push(format!(
        "{}\n{}",
        heading("Step 4. The move", color),
        lines(&words::plan(g, &a.position))
    ));
    if xor {
        sections.push(xor_view(a, color));
    }
    let mut summary = format!("Winning moves: {}.\n", words::moves(&a.winning_moves));
    if let Some(s) = a.searched {
        let _ = writeln!(
            summary,
            "A search through every possible game says: {}, with {} left under best play (this one included).",
            s.outcome,
            words::count(s.moves_left, "move"),
        );
    }
    sections.push(summary);
    sections
}

/// Indented lines, each ending in a newline.
fn lines(lines: &[String]) -> String {
    lines.iter().map(|l| format!("  {l}\n")).collect()
}

/// Step 1: every row drawn with its groups.
fn groups(g: &Grouping, color: bool) -> String {
    let mut out = heading("Step 1. Make groups in every row\n", color);
    out +=
        "  Join two groups of the same size until every group in the row has a different size.\n";
    let label_width = format!("row {}", g.rows.len()).len();
    let drawings: Vec<Option<(String, usize)>> = g
        .rows
        .iter()
        .map(|row| sticks::draw(&row.groups, color))
        .collect();
    let draw_width = drawings.iter().flatten().map(|d| d.1).max().unwrap_or(0);
    let show_joins = g.rows.len() <= JOINS_SHOWN_FOR_ROWS;
    for (i, (row, drawing)) in g.rows.iter().zip(&drawings).enumerate() {
        let label = format!("row {}", i + 1);
        let (picture, width) = match drawing {
            Some((picture, width)) => (picture.clone(), *width),
            None => ("(too many to draw)".to_string(), 18),
        };
        let pad = " ".repeat(draw_width.saturating_sub(width));
        let sum: Vec<String> = row
            .groups
            .iter()
            .map(|&s| paint(&s.to_string(), s, color))
            .collect();
        let sum = match sum.is_empty() {
            true => "0".to_string(),
            false => sum.join(" + "),
        };
        let _ = writeln!(
            out,
            "  {label:<label_width$}  {picture}{pad}  {} = {sum}",
            row.sticks
        );
        if let Some(joins) = row.joins.as_ref().filter(|j| show_joins && !j.is_empty()) {
            let _ = writeln!(out, "  {:label_width$}  {}", "", words::joins(joins));
        }
    }
    out
}

/// Step 2: the tally of sizes and the pairs struck off.
fn pairs(g: &Grouping, color: bool) -> String {
    let mut out = heading(
        "Step 2. Pair off groups of the same size across all rows\n",
        color,
    );
    for t in &g.tally {
        let line = words::tally(*t);
        let line = match (t.unpaired(), color) {
            (true, true) => line.red().bold().to_string(),
            _ => line,
        };
        let mark = if t.unpaired() { "✗" } else { "✓" };
        let _ = writeln!(out, "  {mark} {line}");
    }
    if g.tally.is_empty() {
        out += "  No groups at all.\n";
    }
    out
}

/// The binary columns beside the rows: each column is one group size.
fn xor_view(a: &Analysis, color: bool) -> String {
    let top = a
        .position
        .piles()
        .iter()
        .map(|&p| 64 - p.leading_zeros())
        .max()
        .unwrap_or(0)
        .max(1);
    let sizes: Vec<u64> = (0..top).rev().map(|bit| 1u64 << bit).collect();
    let labels: Vec<String> = sizes
        .iter()
        .map(|&s| match s {
            0..=9999 => s.to_string(),
            _ => format!("2^{}", s.trailing_zeros()),
        })
        .collect();
    let label_width = format!("row {}", a.position.len())
        .len()
        .max("nim-sum".len());
    let number_width = a
        .position
        .piles()
        .iter()
        .chain([&a.nim_sum])
        .map(|p| p.to_string().len())
        .max()
        .unwrap_or(1);
    let row = |label: &str, value: u64| {
        let mut line = format!("  {label:<label_width$}  {value:>number_width$}");
        for (size, l) in sizes.iter().zip(&labels) {
            let digit = u64::from(value & size != 0);
            let cell = format!(" {digit:>w$}", w = l.len());
            line += &match digit {
                1 => paint(&cell, *size, color),
                _ => cell,
            };
        }
        line + "\n"
    };
    let mut out = heading("The same in binary (the XOR view)\n", color);
    out += "  Each column is one group size: a 1 means the row has a group of that size.\n";
    let _ = writeln!(
        out,
        "  {:label_width$}  {:number_width$} {}",
        "",
        "",
        labels.join(" ")
    );
    for (i, &p) in a.position.piles().iter().enumerate() {
        out += &row(&format!("row {}", i + 1), p);
    }
    out += &row("nim-sum", a.nim_sum);
    out += "  The nim-sum has a 1 in every column with an odd number of 1s: those are the group sizes without a partner.\n";
    out
}

/// Breaks text into lines of at most `width` characters, at spaces. Each
/// line of the input is wrapped on its own; list items ("- ", "1. ") get a
/// hanging indent.
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    text.lines()
        .flat_map(|part| wrap_line(part, width))
        .collect()
}

/// "-" or a number with a full stop, as at the start of a list item.
pub fn is_list_marker(word: &str) -> bool {
    let number = word.strip_suffix('.').unwrap_or("");
    word == "-" || (!number.is_empty() && number.bytes().all(|b| b.is_ascii_digit()))
}

fn wrap_line(text: &str, width: usize) -> Vec<String> {
    let indent = match text.split_once(' ') {
        Some((marker, _)) if is_list_marker(marker) => marker.len() + 1,
        _ => 0,
    };
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
            lines.push(std::mem::take(&mut line));
            line = " ".repeat(indent);
        }
        if !line.trim().is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// The verdict on a pupil's move.
pub fn check(j: &Judgement, color: bool) -> String {
    let (mark, name) = match j.verdict {
        Verdict::Good => ("✓", "good"),
        Verdict::Mistake => ("✗", "mistake"),
        Verdict::LostAnyway => ("○", "lost anyway"),
    };
    let verdict = format!("{mark} {name}:");
    let verdict = match (color, j.verdict) {
        (false, _) => verdict,
        (true, Verdict::Good) => verdict.green().bold().to_string(),
        (true, Verdict::Mistake) => verdict.red().bold().to_string(),
        (true, Verdict::LostAnyway) => verdict.yellow().bold().to_string(),
    };
    let mut out = format!(
        "{} → {} ({})\n{verdict} {}\n",
        j.position,
        j.to,
        j.mv,
        words::reason(j)
    );
    out += &lines(&words::check_details(j));
    out
}
