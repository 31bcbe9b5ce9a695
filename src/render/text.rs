//! The text layout: a document for a screen or projector, coloured when
//! asked.
//!
//! It places blocks and never decides a word: every sentence comes from the
//! document. Colour is an extra signal only; the marks (✓ ✗ ○), the gaps
//! between groups and the letters W and L carry the same information.

use std::fmt::Write;

use colored::Colorize;

use super::sticks;
use crate::teach::document::{
    BinaryView, Block, Document, DrawnRow, Grid, PositionLine, Step, Strip, TallyLine,
};

/// The width notes and verdicts are wrapped to, indentation included.
const WRAP: usize = 76;

/// The document as one string.
pub fn document(doc: &Document, color: bool) -> String {
    sections(doc, color).join("\n")
}

/// The document in sections: the title, then one per step that stands
/// apart, so a demonstration can pause between them. Joined with a blank
/// line between them, they make the whole document.
pub fn sections(doc: &Document, color: bool) -> Vec<String> {
    let mut sections = vec![format!("{}\n", doc.title)];
    for step in &doc.steps {
        let text = step_text(step, color);
        match (step.frame.gap, sections.last_mut()) {
            (false, Some(last)) => last.push_str(&text),
            _ => sections.push(text),
        }
    }
    sections
}

/// One step: its heading, if shown, and its blocks.
fn step_text(step: &Step, color: bool) -> String {
    let mut out = String::new();
    if step.frame.heading {
        out += &bold(&step.heading(), color);
        out.push('\n');
    }
    let indent = if step.frame.indent { "  " } else { "" };
    out + &blocks(&step.blocks, indent, color)
}

/// Blocks laid out one after another, each line starting with `indent`.
pub fn blocks(blocks: &[Block], indent: &str, color: bool) -> String {
    blocks.iter().map(|b| block(b, indent, color)).collect()
}

fn block(block: &Block, indent: &str, color: bool) -> String {
    match block {
        Block::Sentence { text } => format!("{indent}{text}\n"),
        Block::Move(m) => format!("{indent}{}\n", m.text),
        Block::Note { text } => wrap(text, WRAP - indent.len())
            .iter()
            .map(|line| format!("{indent}{line}\n"))
            .collect(),
        Block::Verdict {
            verdict,
            mark,
            label,
            text,
        } => {
            let label = format!("{mark} {label}:");
            let painted = match (color, *verdict) {
                (false, _) => label.clone(),
                (true, "good") => label.green().bold().to_string(),
                (true, "mistake") => label.red().bold().to_string(),
                (true, _) => label.yellow().bold().to_string(),
            };
            wrap(&format!("{label} {text}"), WRAP - indent.len())
                .into_iter()
                .enumerate()
                .map(|(i, line)| match i {
                    0 => format!("{indent}{painted}{}\n", &line[label.len()..]),
                    _ => format!("{indent}  {line}\n"),
                })
                .collect()
        }
        Block::Rows { rows } => rows_text(rows, indent, color),
        Block::Tally { lines } => tally(lines, indent, color),
        Block::Strip(s) => strip(s, indent, color),
        Block::Binary(view) => binary(view, indent, color),
        Block::Columns { header, rows } => columns(header, rows, indent),
        Block::Grid(grid) => grid_text(grid, indent, color),
        Block::Positions { entries } => positions(entries, indent, color),
        Block::Document(inner) => document(inner, color),
    }
}

/// A heading, bold when colour is on.
fn bold(text: &str, color: bool) -> String {
    match color {
        true => text.bold().to_string(),
        false => text.to_string(),
    }
}

/// Rows drawn in a column, their words beside them and any detail under.
fn rows_text(rows: &[DrawnRow], indent: &str, color: bool) -> String {
    let label_width = rows.iter().map(|r| r.label.len()).max().unwrap_or(0);
    let drawings: Vec<(String, usize)> = rows
        .iter()
        .map(|row| {
            sticks::draw_row(row, color)
                .unwrap_or_else(|| (row.stand_in.clone(), row.stand_in.chars().count()))
        })
        .collect();
    let widest = drawings.iter().map(|d| d.1).max().unwrap_or(0);
    let mut out = String::new();
    for (row, (picture, width)) in rows.iter().zip(&drawings) {
        let pad = " ".repeat(widest - width);
        let line = format!(
            "{indent}{:<label_width$}  {picture}{pad}  {}",
            row.label, row.text
        );
        out += line.trim_end();
        out.push('\n');
        if let Some(detail) = &row.detail {
            let _ = writeln!(out, "{indent}{:label_width$}  {detail}", "");
        }
    }
    out
}

/// The tally, a ✓ or ✗ before each line.
fn tally(lines: &[TallyLine], indent: &str, color: bool) -> String {
    lines
        .iter()
        .map(|line| {
            let alone = line.left > 0;
            let text = match (alone, color) {
                (true, true) => line.text.red().bold().to_string(),
                _ => line.text.clone(),
            };
            let mark = if alone { "✗" } else { "✓" };
            format!("{indent}{mark} {text}\n")
        })
        .collect()
}

/// Row sizes on one line and their values under them.
fn strip(s: &Strip, indent: &str, color: bool) -> String {
    let width = s.label.len().max(s.top.len());
    let mut top = format!("{indent}{:width$}", s.top);
    let mut bottom = format!("{indent}{:width$}", s.label);
    for cell in &s.cells {
        let w = cell.sticks.to_string().len().max(cell.value.len());
        let _ = write!(top, " {:>w$}", cell.sticks);
        let text = format!(" {:>w$}", cell.value);
        bottom += &match (color, cell.lost) {
            (true, true) => text.red().bold().to_string(),
            (true, false) => text.green().to_string(),
            (false, _) => text,
        };
    }
    format!("{top}\n{bottom}\n")
}

/// The binary columns, each digit 1 in the colour of its group size.
fn binary(view: &BinaryView, indent: &str, color: bool) -> String {
    let label_width = view.rows.iter().map(|r| r.label.len()).max().unwrap_or(0);
    let number_width = view
        .rows
        .iter()
        .map(|r| r.value.to_string().len())
        .max()
        .unwrap_or(1);
    let mut out = format!(
        "{indent}{:label_width$}  {:number_width$} {}\n",
        "",
        "",
        view.headings.join(" ")
    );
    for row in &view.rows {
        let mut line = format!(
            "{indent}{:<label_width$}  {:>number_width$}",
            row.label, row.value
        );
        for ((digit, size), heading) in row.digits.iter().zip(&view.sizes).zip(&view.headings) {
            let cell = format!(" {digit:>w$}", w = heading.len());
            line += &match digit {
                1 => sticks::paint(&cell, *size, color),
                _ => cell,
            };
        }
        let _ = writeln!(out, "{}   {}", line.trim_end(), row.text);
    }
    out
}

/// A small table of words: every column but the last padded to its widest.
fn columns(header: &[String], rows: &[Vec<String>], indent: &str) -> String {
    let widths: Vec<usize> = (0..header.len())
        .map(|c| {
            std::iter::once(header)
                .chain(rows.iter().map(Vec::as_slice))
                .map(|r| r.get(c).map_or(0, |t| t.chars().count()))
                .max()
                .unwrap_or(0)
        })
        .collect();
    let line = |cells: &[String]| {
        let mut line = indent.to_string();
        for (c, cell) in cells.iter().enumerate() {
            match c + 1 == cells.len() {
                true => line += cell,
                false => {
                    let _ = write!(line, "{cell:<w$}   ", w = widths[c]);
                }
            }
        }
        line + "\n"
    };
    std::iter::once(line(header))
        .chain(rows.iter().map(|r| line(r)))
        .collect()
}

/// A cell in the colour of its outcome: red for lost, green for won.
fn paint_outcome(text: String, lost: bool, color: bool) -> String {
    match (color, lost) {
        (false, _) => text,
        (true, false) => text.green().to_string(),
        (true, true) => text.red().bold().to_string(),
    }
}

/// A grid of positions: sizes across the top and down the side.
fn grid_text(grid: &Grid, indent: &str, color: bool) -> String {
    let width = grid
        .rows
        .iter()
        .flat_map(|r| r.cells.iter().flatten())
        .map(|c| c.text.chars().count())
        .max()
        .unwrap_or(1)
        .max(3);
    let mut header = format!("{indent}{:>4} ", "");
    for c in &grid.columns {
        let _ = write!(header, " {c:<width$}");
    }
    let mut out = format!("{}\n", header.trim_end());
    for row in &grid.rows {
        let mut line = format!("{indent}{:>4} ", row.size);
        for cell in &row.cells {
            let text = match cell {
                Some(cell) => paint_outcome(format!("{:<width$}", cell.text), cell.lost, color),
                None => format!("{:<width$}", "·"),
            };
            let _ = write!(line, " {text}");
        }
        let _ = writeln!(out, "{}", line.trim_end());
    }
    out
}

/// Positions one a line, each with its cell when there is one.
fn positions(entries: &[PositionLine], indent: &str, color: bool) -> String {
    let width = entries.iter().map(|e| e.position.len()).max().unwrap_or(0);
    entries
        .iter()
        .map(|e| match &e.cell {
            Some(cell) => format!(
                "{indent}{:<width$}  {}\n",
                e.position,
                paint_outcome(cell.text.clone(), cell.lost, color)
            ),
            None => format!(
                "{indent}{}\n",
                paint_outcome(e.position.clone(), e.lost, color)
            ),
        })
        .collect()
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
