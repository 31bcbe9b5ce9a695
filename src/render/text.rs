//! Plain text for a screen or projector, coloured when asked.
//!
//! `explain` is returned as sections, one per step of the method, so the
//! caller can pause between them.

use std::fmt::Write;

use colored::Colorize;

use super::sticks::{self, paint};
use super::{take_words, words};
use crate::rules::outcome::Outcome;
use crate::solve::grouping::{Grouping, split};
use crate::solve::grundy::Grundy;
use crate::solve::nim_sum::binary_width;
use crate::solve::one_row::RowPattern;
use crate::teach::analysis::{Analysis, Method};
use crate::teach::verdict::{Judgement, Verdict};

/// What stands in for a row too big to draw.
const TOO_MANY: &str = "(too many to draw)";

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
    let mut sections = vec![format!("{} ({})\n", a.position, a.game.describe())];
    match &a.method {
        Method::Grouping(g) if a.position.is_over() => {
            sections.push(lines(&words::verdict(g)));
            return sections;
        }
        Method::Grouping(g) => {
            sections.push(groups(g, color));
            sections.push(pairs(g, color));
            sections.push(step(
                3,
                "Is any group left without a partner?",
                &words::verdict(g),
                color,
            ));
            sections.push(step(4, "The move", &words::plan(g, &a.position), color));
            if xor {
                sections.push(xor_view(a, color));
            }
        }
        Method::OneRow { pile, pattern } => {
            let n = a.position.piles()[*pile];
            sections.push(strip(
                "Step 1. Work upward from an empty row",
                "A count is lost (L) when every move leads to a won count (W), and won when some move leads to a lost one.",
                "outcome",
                pattern_strip(pattern),
                color,
            ));
            sections.push(step(
                2,
                "The pattern",
                &take_words::pattern_rule(pattern),
                color,
            ));
            sections.push(step(
                3,
                "This row",
                &[take_words::one_row_verdict(a, n, pattern)],
                color,
            ));
            if a.recommended.is_some() {
                sections.push(step(
                    4,
                    "The move",
                    &take_words::one_row_plan(a, pattern),
                    color,
                ));
            }
        }
        Method::Grundy { grundy, pairing } => {
            let mut worth = strip(
                "Step 1. What each row is worth",
                "In normal play a row acts like a Nim row of its Grundy value: the smallest number that none of its moves lead to.",
                "value",
                grundy_strip(grundy),
                color,
            );
            let _ = writeln!(
                worth,
                "  The values repeat every {}.",
                words::count(grundy.period(), "stick")
            );
            worth += &lines(&take_words::grundy_rows(a, pairing));
            sections.push(worth);
            sections.push(pairs(pairing, color));
            sections.push(step(
                3,
                "Is any group left without a partner?",
                &words::verdict(pairing),
                color,
            ));
            sections.push(step(
                4,
                "The move",
                &take_words::grundy_plan(a, pairing),
                color,
            ));
        }
        Method::Searched => {
            sections.push(step(
                1,
                "Search every game",
                &take_words::searched(a),
                color,
            ));
        }
    }
    let mut summary = format!("Winning moves: {}.\n", words::moves(&a.winning_moves));
    if let (Some(s), false) = (a.searched, matches!(a.method, Method::Searched)) {
        let _ = writeln!(
            summary,
            "A search through every possible game says: {}, with {} left under best play (this one included).",
            s.outcome,
            words::count(s.moves_left, "move"),
        );
    }
    if let Some(c) = a.search_counts {
        let plain = format!("{} calls", c.plain_calls);
        let remembering = format!("{} calls", c.remembered_calls);
        let width = plain.len().max("plain search".len());
        let _ = write!(
            summary,
            "\n{}\n  Both searches find that {}.\n  The plain one works everything out again each time; the other remembers\n  what it has worked out.\n  {:<width$}   remembering search\n  {plain:<width$}   {remembering}\n",
            heading("How much work is remembering worth?", color),
            match c.outcome {
                Outcome::Win => "the player to move wins",
                Outcome::Lose => "the player to move loses",
            },
            "plain search",
        );
    }
    sections.push(summary);
    sections
}

/// A numbered step: a heading and indented lines.
fn step(number: u32, title: &str, body: &[String], color: bool) -> String {
    format!(
        "{}\n{}",
        heading(&format!("Step {number}. {title}"), color),
        lines(body)
    )
}

/// A heading, a sentence and a two-line strip of values under row sizes.
fn strip(
    title: &str,
    sentence: &str,
    label: &str,
    cells: Vec<(u64, String, bool)>,
    color: bool,
) -> String {
    let widths: Vec<usize> = cells
        .iter()
        .map(|(n, v, _)| n.to_string().len().max(v.len()))
        .collect();
    let width = label.len().max("sticks".len());
    let mut top = format!("  {:width$}", "sticks");
    let mut bottom = format!("  {label:width$}");
    for ((n, value, lost), w) in cells.iter().zip(&widths) {
        let _ = write!(top, " {n:>w$}");
        let cell = format!(" {value:>w$}");
        bottom += &match (color, lost) {
            (true, true) => cell.red().bold().to_string(),
            (true, false) => cell.green().to_string(),
            (false, _) => cell,
        };
    }
    format!("{}\n  {sentence}\n{top}\n{bottom}\n", heading(title, color))
}

/// Row sizes to show in a strip: two rounds of the pattern, at least 13.
fn strip_length(start: u64, period: u64) -> u64 {
    (start + 2 * period).clamp(13, 31)
}

/// Won and lost counts from 0 upward.
fn pattern_strip(pattern: &RowPattern) -> Vec<(u64, String, bool)> {
    (0..strip_length(pattern.start(), pattern.period()))
        .map(|n| {
            let lost = pattern.outcome(n) == Outcome::Lose;
            (n, if lost { "L" } else { "W" }.to_string(), lost)
        })
        .collect()
}

/// Grundy values from 0 upward.
fn grundy_strip(grundy: &Grundy) -> Vec<(u64, String, bool)> {
    (0..strip_length(grundy.start(), grundy.period()))
        .map(|n| (n, grundy.of(n).to_string(), grundy.of(n) == 0))
        .collect()
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
    let drawings: Vec<(String, usize)> = g
        .rows
        .iter()
        .map(|row| {
            sticks::draw(&row.groups, color)
                .unwrap_or_else(|| (TOO_MANY.to_string(), TOO_MANY.chars().count()))
        })
        .collect();
    let draw_width = drawings.iter().map(|d| d.1).max().unwrap_or(0);
    let show_joins = g.rows.len() <= JOINS_SHOWN_FOR_ROWS;
    for (i, (row, drawing)) in g.rows.iter().zip(&drawings).enumerate() {
        let label = format!("row {}", i + 1);
        let (picture, width) = (drawing.0.clone(), drawing.1);
        let pad = " ".repeat(draw_width.saturating_sub(width));
        let sum = match (row.groups.len(), color) {
            (0, _) => "0".to_string(),
            // Colour each group size like its sticks when it is short enough.
            (1..=8, true) => row
                .groups
                .iter()
                .map(|&s| paint(&s.to_string(), s, color))
                .collect::<Vec<_>>()
                .join(" + "),
            _ => words::short_sum(&row.groups),
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
    for (line, unpaired) in words::tally_lines(&g.tally) {
        let line = match (unpaired, color) {
            (true, true) => line.red().bold().to_string(),
            _ => line,
        };
        let mark = if unpaired { "✗" } else { "✓" };
        let _ = writeln!(out, "  {mark} {line}");
    }
    if g.tally.is_empty() {
        out += "  No groups at all.\n";
    }
    out
}

/// The binary columns beside the rows: each column is one group size.
fn xor_view(a: &Analysis, color: bool) -> String {
    let nim_sum = a.nim_sum().unwrap_or(0);
    let top = binary_width(a.position.piles());
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
        .chain([&nim_sum])
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
    // The groups beside the digits: each 1 is one of the row's groups.
    for (i, &p) in a.position.piles().iter().enumerate() {
        let line = row(&format!("row {}", i + 1), p);
        let _ = writeln!(
            out,
            "{}   groups {}",
            line.trim_end(),
            words::sum(&split(p))
        );
    }
    let line = row("nim-sum", nim_sum);
    let unpaired = match nim_sum {
        0 => "all paired".to_string(),
        n => format!("unpaired {}", words::sum(&split(n))),
    };
    let _ = writeln!(out, "{}   {unpaired}", line.trim_end());
    out += "  The nim-sum has a 1 in every column with an odd number of 1s: those are\n  the group sizes without a partner.\n";
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

/// The verdict on a pupil's move, wrapped for a projector.
pub fn check(j: &Judgement, color: bool) -> String {
    let (mark, name) = match j.verdict {
        Verdict::Good => ("✓", "good"),
        Verdict::Mistake => ("✗", "mistake"),
        Verdict::LostAnyway => ("○", "lost anyway"),
    };
    let label = format!("{mark} {name}:");
    let painted = match (color, j.verdict) {
        (false, _) => label.clone(),
        (true, Verdict::Good) => label.green().bold().to_string(),
        (true, Verdict::Mistake) => label.red().bold().to_string(),
        (true, Verdict::LostAnyway) => label.yellow().bold().to_string(),
    };
    let mut out = format!("{} → {} ({})\n", j.position, j.to, j.mv);
    let verdict = format!("{label} {}", words::reason(j));
    for (i, line) in wrap(&verdict, 76).into_iter().enumerate() {
        let _ = match i {
            0 => writeln!(out, "{painted}{}", &line[label.len()..]),
            _ => writeln!(out, "  {line}"),
        };
    }
    for detail in words::check_details(j) {
        for (i, line) in wrap(&detail, 74).into_iter().enumerate() {
            let indent = if i == 0 { "  " } else { "    " };
            let _ = writeln!(out, "{indent}{line}");
        }
    }
    out
}
