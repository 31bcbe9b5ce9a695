//! The Markdown layout: a document as a handout that prints well, with
//! headings for the steps, lists for the sentences, and the drawings in
//! code blocks exactly as the screen shows them.

use std::fmt::Write;

use super::text;
use super::wrap::{is_list_marker, unglued};
use crate::teach::document::{Block, Document, Grid, PositionLine, Strip};

/// The width of a printed page in a monospaced font: drawings in a handout
/// are laid out for it.
const HANDOUT_WIDTH: usize = 80;

/// The document as a handout, its title at heading `level` (1 for `#`).
pub(crate) fn document(doc: &Document, level: usize) -> String {
    let mut out = format!("{} {}\n\n", "#".repeat(level), inline(&doc.title));
    for step in &doc.steps {
        // Markdown has no pages: a thematic break stands for the page break.
        if step.frame.new_page {
            out += "---\n\n";
        }
        if step.frame.heading {
            let _ = write!(out, "{} {}\n\n", "#".repeat(level + 1), step.heading());
        }
        for block in &step.blocks {
            out += &block_text(block, level + 2);
        }
        out.push('\n');
    }
    // Blocks each keep a blank line around themselves; one is enough. The
    // page is not wrapped here, so words glued for a screen are plain.
    let mut tidy = String::with_capacity(out.len());
    for line in unglued(out.trim()).lines() {
        if !(line.is_empty() && tidy.ends_with("\n\n")) {
            tidy.push_str(line);
            tidy.push('\n');
        }
    }
    tidy
}

fn block_text(block: &Block, level: usize) -> String {
    match block {
        // A sentence is a list item; one numbered already ("1. 7 5 2: No.")
        // is an item of a numbered list, not a bullet holding a list.
        Block::Sentence { text } => match text.split_once(' ') {
            Some((marker, rest)) if is_list_marker(marker) && marker != "-" => {
                format!("{marker} {}\n", inline(rest))
            }
            _ => format!("- {}\n", inline(text)),
        },
        Block::Move(m) => format!("- **{}**\n", inline(&m.text)),
        Block::Note { text } => format!("\n{}\n\n", inline(text)),
        Block::Command { text } => format!("\n```sh\n{text}\n```\n\n"),
        Block::Verdict { label, text, .. } => format!("**{label}**: {}\n\n", inline(text)),
        Block::Tally { lines } => lines
            .iter()
            .map(|l| {
                let mark = if l.left > 0 { "✗" } else { "✓" };
                format!("- {mark} {}\n", l.text)
            })
            .collect(),
        // Drawings keep their shape in a code block, as on the screen.
        Block::Rows { .. } | Block::Pairs { .. } | Block::Binary(_) => {
            format!(
                "\n```text\n{}```\n\n",
                text::blocks(
                    std::slice::from_ref(block),
                    "",
                    text::Style::plain(HANDOUT_WIDTH)
                )
            )
        }
        Block::Strip(s) => strip(s),
        Block::Columns { header, rows } => table(header, rows),
        Block::Grid(grid) => grid_table(grid),
        Block::Positions { entries } => positions(entries),
        Block::Document(inner) => format!("{}\n", document(inner, level)),
        // A bar keeps its grid in a code block, as on the screen.
        Block::Bar(bar) => format!(
            "\n```text\n{}```\n\n",
            super::bar::text(bar, "", HANDOUT_WIDTH, false)
        ),
    }
}

/// Words as Markdown shows them, whatever they hold: a lesson's own
/// narration may have `<script>`, a link or a stray code fence, which a
/// handout must print as the words they are, not run or follow. HTML is
/// written as entities, and the marks that open code, links and headings
/// are escaped.
fn inline(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for line in text.split_inclusive('\n') {
        if line.starts_with('#') {
            out.push('\\');
        }
        for c in line.chars() {
            match c {
                '&' => out.push_str("&amp;"),
                '<' => out.push_str("&lt;"),
                '\\' | '`' | '[' | ']' => {
                    out.push('\\');
                    out.push(c);
                }
                c => out.push(c),
            }
        }
    }
    out
}

/// A Markdown table.
fn table(header: &[String], rows: &[Vec<String>]) -> String {
    let line = |cells: &[String]| format!("| {} |\n", cells.join(" | "));
    let mut out = format!(
        "\n{}\n|{}\n",
        line(header).trim_end(),
        "---|".repeat(header.len())
    );
    for row in rows {
        out += &line(row);
    }
    out + "\n"
}

/// Row sizes and their values as a two-line table.
fn strip(s: &Strip) -> String {
    let mut header = vec![s.top.clone()];
    header.extend(s.cells.iter().map(|c| c.sticks.to_string()));
    let mut values = vec![s.label.clone()];
    values.extend(s.cells.iter().map(|c| c.value.clone()));
    table(&header, &[values])
}

/// A grid of positions as a table, a blank corner top left.
fn grid_table(grid: &Grid) -> String {
    let mut header = vec![String::new()];
    header.extend(grid.columns.iter().map(u64::to_string));
    let rows: Vec<Vec<String>> = grid
        .rows
        .iter()
        .map(|r| {
            std::iter::once(r.size.to_string())
                .chain(r.cells.iter().map(|c| match c {
                    Some(cell) => cell.text.clone(),
                    None => "·".to_string(),
                }))
                .collect()
        })
        .collect();
    table(&header, &rows)
}

/// Positions as a list.
fn positions(entries: &[PositionLine]) -> String {
    entries
        .iter()
        .map(|e| match &e.cell {
            Some(cell) => format!("- {}: {}\n", e.position, cell.text),
            None => format!("- {}\n", e.position),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lessons_own_words_are_printed_never_run_or_followed() {
        let said = [
            (
                "<script>alert(1)</script>",
                "&lt;script>alert(1)&lt;/script>",
            ),
            ("[x](javascript:alert(1))", "\\[x\\](javascript:alert(1))"),
            ("```", "\\`\\`\\`"),
            ("# Not a heading", "\\# Not a heading"),
            ("Tom & Jerry", "Tom &amp; Jerry"),
            ("7 = 4 + 2 + 1", "7 = 4 + 2 + 1"),
        ];
        for (words, shown) in said {
            let out = block_text(&Block::note(words), 3);
            assert_eq!(out.trim(), shown, "{words}");
        }
    }
}
