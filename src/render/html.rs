//! The HTML layout: a document as HTML, with every row of sticks drawn in
//! inline SVG. The classroom page shows these fragments, and the HTML
//! handouts wrap them in a page of their own; both use the same stylesheet,
//! so the projector and a printed handout look alike.
//!
//! Like every layout, it places blocks and decides no word. Each stick of a
//! drawn row carries its row and its place in the row, so the page can
//! let a pupil click it; nothing else about the game is in the markup.

use std::fmt::Write;

use crate::teach::document::{
    BinaryView, Block, Document, DrawnRow, Grid, MOST_STICKS_DRAWN, PositionLine, Reveal, Step,
    Strip, TallyLine,
};

/// The stylesheet of documents, shared with the classroom page.
pub(crate) const STYLE: &str = include_str!("../../assets/web/document.css");

/// Text made safe to put between tags or in an attribute.
pub(crate) fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// A whole handout: the document in a page of its own, its style inline,
/// nothing loaded from anywhere else, ready to print.
pub(crate) fn page(doc: &Document) -> String {
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n<title>{}</title>\n<style>\n{STYLE}</style>\n</head>\n<body>\n{}</body>\n</html>\n",
        escape(&doc.title),
        document(doc, 1)
    )
}

/// The document as an `<article>`, its title at heading `level`.
pub(crate) fn document(doc: &Document, level: usize) -> String {
    let mut out = format!(
        "<article class=\"doc\">\n<h{level}>{}</h{level}>\n",
        escape(&doc.title)
    );
    for step in &doc.steps {
        out += &step_html(step, level + 1);
    }
    out + "</article>\n"
}

/// One step as a `<section>`: its heading when it has one, then its blocks.
/// What the step gives away is marked, so a page can hold it back.
pub(crate) fn step_html(step: &Step, level: usize) -> String {
    let reveals = match step.reveals {
        Some(Reveal::Outcome) => " data-reveals=\"outcome\"",
        Some(Reveal::Move) => " data-reveals=\"move\"",
        None => "",
    };
    let mut out = format!("<section class=\"step\"{reveals}>\n");
    if step.frame.heading {
        let _ = writeln!(out, "<h{level}>{}</h{level}>", escape(&step.heading()));
    }
    for block in &step.blocks {
        out += &block_html(block, level + 1);
    }
    out + "</section>\n"
}

/// One block.
pub(crate) fn block_html(block: &Block, level: usize) -> String {
    match block {
        Block::Sentence { text } => format!("<p>{}</p>\n", escape(text)),
        Block::Note { text } => paragraphs(text),
        Block::Move(m) => format!(
            "<p class=\"move\" data-to=\"{}\">{}</p>\n",
            m.to.iter()
                .map(u64::to_string)
                .collect::<Vec<_>>()
                .join(","),
            escape(&m.text)
        ),
        Block::Verdict {
            verdict,
            mark,
            label,
            text,
        } => format!(
            "<p class=\"verdict {verdict}\"><span class=\"mark\">{mark}</span> <strong>{}:</strong> {}</p>\n",
            escape(label),
            escape(text)
        ),
        Block::Rows { rows } => rows_html(rows),
        Block::Tally { lines } => tally(lines),
        Block::Strip(s) => strip(s),
        Block::Binary(view) => binary(view),
        Block::Columns { header, rows } => columns(header, rows),
        Block::Grid(grid) => grid_html(grid),
        Block::Positions { entries } => positions(entries),
        Block::Document(inner) => document(inner, level),
        Block::Bar(bar) => format!(
            "<figure class=\"bar\">{}<figcaption>{}</figcaption></figure>\n",
            super::bar::svg(bar),
            escape(&bar.legend)
        ),
    }
}

/// A note's lines, each a paragraph, or a list when they are list items:
/// numbered items keep their numbers (`<ol start>`), dashes are bullets.
fn paragraphs(text: &str) -> String {
    let mut out = String::new();
    // The tag of the list open, if one is.
    let mut list: Option<&str> = None;
    for line in text.lines() {
        let item = line
            .split_once(' ')
            .filter(|(marker, _)| super::wrap::is_list_marker(marker));
        match (item, list) {
            (Some((marker, rest)), None) => {
                let tag = match marker.strip_suffix('.') {
                    Some(number) => {
                        let _ = writeln!(out, "<ol start=\"{number}\">");
                        "ol"
                    }
                    None => {
                        out += "<ul>\n";
                        "ul"
                    }
                };
                list = Some(tag);
                let _ = writeln!(out, "<li>{}</li>", escape(rest));
            }
            (Some((_, rest)), Some(_)) => {
                let _ = writeln!(out, "<li>{}</li>", escape(rest));
            }
            (None, Some(tag)) => {
                let _ = writeln!(out, "</{tag}>");
                list = None;
                let _ = writeln!(out, "<p class=\"note\">{}</p>", escape(line));
            }
            (None, None) => {
                let _ = writeln!(out, "<p class=\"note\">{}</p>", escape(line));
            }
        }
    }
    if let Some(tag) = list {
        let _ = writeln!(out, "</{tag}>");
    }
    out
}

/// The colour class of groups of `size`: one per size, cycling as the
/// screen's colours do.
fn colour(size: u64) -> String {
    format!("g{}", size.trailing_zeros() % 6)
}

/// Sticks drawn side by side in an SVG, a wider gap between groups. Each
/// stick knows its row and its place (from 1, left to right) when `row` is
/// given, so a page can let it be clicked.
pub(crate) fn sticks_svg(groups: &[u64], plain: u64, row: Option<usize>, height: u32) -> String {
    const WIDTH: u32 = 10;
    const STEP: u32 = 16;
    const GROUP_GAP: u32 = 14;
    let sizes: Vec<(u64, String)> = match groups.is_empty() {
        true => vec![(plain, "plain".to_string())],
        false => groups.iter().map(|&g| (g, colour(g))).collect(),
    };
    let sticks: u64 = sizes.iter().map(|(n, _)| n).sum();
    let gaps = sizes.len().saturating_sub(1) as u32;
    let width = (sticks as u32 * STEP + gaps * GROUP_GAP).max(1);
    let mut out = format!(
        "<svg class=\"sticks\" xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\" role=\"img\" aria-label=\"{sticks} sticks\">"
    );
    let (mut x, mut place) = (3u32, 1u64);
    for (n, class) in &sizes {
        for _ in 0..*n {
            let data = match row {
                Some(row) => format!(" data-row=\"{row}\" data-stick=\"{place}\""),
                None => String::new(),
            };
            let _ = write!(
                out,
                "<rect class=\"{class}\" x=\"{x}\" y=\"2\" width=\"{WIDTH}\" height=\"{}\" rx=\"3\"{data}/>",
                height - 4
            );
            x += STEP;
            place += 1;
        }
        x += GROUP_GAP;
    }
    out + "</svg>"
}

/// Rows drawn one under another: label, drawing, words, and the stages of
/// joining under a row when it has them.
fn rows_html(rows: &[DrawnRow]) -> String {
    let mut out = String::from("<div class=\"rows\">\n");
    for (i, row) in rows.iter().enumerate() {
        let drawing = match row.sticks <= MOST_STICKS_DRAWN {
            true => sticks_svg(&row.groups, row.sticks, Some(i + 1), 48),
            false => format!("<span class=\"stand-in\">{}</span>", escape(&row.stand_in)),
        };
        let _ = writeln!(
            out,
            "<span class=\"label\">{}</span><span class=\"drawing\">{drawing}</span><span class=\"text\">{}</span>",
            escape(&row.label),
            escape(&row.text)
        );
        if let Some(detail) = &row.detail {
            let _ = writeln!(out, "<span class=\"stages\">{}</span>", escape(detail));
        }
        if !row.stages.is_empty() {
            let stages: Vec<String> = row
                .stages
                .iter()
                .map(|stage| sticks_svg(stage, 0, None, 28))
                .collect();
            let _ = writeln!(
                out,
                "<span class=\"stages\">{}</span>",
                stages.join("<span class=\"arrow\">→</span>")
            );
        }
    }
    out + "</div>\n"
}

/// The tally, a mark before each line.
fn tally(lines: &[TallyLine]) -> String {
    let mut out = String::from("<ul class=\"tally\">\n");
    for line in lines {
        let (class, mark) = match line.left {
            0 => ("paired", "✓"),
            _ => ("alone", "✗"),
        };
        let _ = writeln!(
            out,
            "<li class=\"{class}\"><span class=\"mark\">{mark}</span>{}</li>",
            escape(&line.text)
        );
    }
    out + "</ul>\n"
}

/// Row sizes and the value under each.
fn strip(s: &Strip) -> String {
    let mut top = format!("<tr><th>{}</th>", escape(&s.top));
    let mut bottom = format!("<tr><th>{}</th>", escape(&s.label));
    for cell in &s.cells {
        let class = if cell.lost { "lost" } else { "won" };
        let _ = write!(top, "<td>{}</td>", cell.sticks);
        let _ = write!(bottom, "<td class=\"{class}\">{}</td>", escape(&cell.value));
    }
    format!("<table class=\"strip\">\n{top}</tr>\n{bottom}</tr>\n</table>\n")
}

/// The rows in binary, one column per group size, headed by its size.
fn binary(view: &BinaryView) -> String {
    let mut out = String::from("<table class=\"binary\">\n<tr><th></th><th></th>");
    for heading in &view.headings {
        let _ = write!(out, "<th>{}</th>", escape(heading));
    }
    out += "<th></th></tr>\n";
    for row in &view.rows {
        let _ = write!(
            out,
            "<tr><th>{}</th><td class=\"value\">{}</td>",
            escape(&row.label),
            row.value
        );
        for (digit, size) in row.digits.iter().zip(&view.sizes) {
            let class = match digit {
                1 => format!(" class=\"{}\"", colour(*size)),
                _ => String::new(),
            };
            let _ = write!(out, "<td{class}>{digit}</td>");
        }
        let _ = writeln!(out, "<td>{}</td></tr>", escape(&row.text));
    }
    out + "</table>\n"
}

/// A small table of words.
fn columns(header: &[String], rows: &[Vec<String>]) -> String {
    let cells = |tag: &str, cells: &[String]| -> String {
        cells
            .iter()
            .map(|c| format!("<{tag}>{}</{tag}>", escape(c)))
            .collect()
    };
    let mut out = format!(
        "<table class=\"columns\">\n<tr>{}</tr>\n",
        cells("th", header)
    );
    for row in rows {
        let _ = writeln!(out, "<tr>{}</tr>", cells("td", row));
    }
    out + "</table>\n"
}

/// A grid of positions.
fn grid_html(grid: &Grid) -> String {
    let mut out = String::from("<table class=\"grid\">\n<tr><th></th>");
    for c in &grid.columns {
        let _ = write!(out, "<th>{c}</th>");
    }
    out += "</tr>\n";
    for row in &grid.rows {
        let _ = write!(out, "<tr><th>{}</th>", row.size);
        for cell in &row.cells {
            match cell {
                Some(cell) => {
                    let class = if cell.lost { "lost" } else { "won" };
                    let _ = write!(out, "<td class=\"{class}\">{}</td>", escape(&cell.text));
                }
                None => out += "<td>·</td>",
            }
        }
        out += "</tr>\n";
    }
    out + "</table>\n"
}

/// Positions as a list.
fn positions(entries: &[PositionLine]) -> String {
    let mut out = String::from("<ul class=\"positions\">\n");
    for e in entries {
        let class = if e.lost { "lost" } else { "won" };
        match &e.cell {
            Some(cell) => {
                let _ = writeln!(
                    out,
                    "<li class=\"{class}\">{} {}</li>",
                    escape(&e.position),
                    escape(&cell.text)
                );
            }
            None => {
                let _ = writeln!(out, "<li class=\"{class}\">{}</li>", escape(&e.position));
            }
        }
    }
    out + "</ul>\n"
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_escaped() {
        assert_eq!(escape("a < b & \"c\""), "a &lt; b &amp; &quot;c&quot;");
    }

    #[test]
    fn list_items_keep_their_numbers() {
        assert_eq!(
            paragraphs("Two:\n3. three\n4. four\n- a dash"),
            "<p class=\"note\">Two:</p>\n<ol start=\"3\">\n<li>three</li>\n<li>four</li>\n<li>a dash</li>\n</ol>\n"
        );
        assert_eq!(paragraphs("- one"), "<ul>\n<li>one</li>\n</ul>\n");
    }

    #[test]
    fn sticks_know_their_row_and_place() {
        let svg = sticks_svg(&[2, 1], 3, Some(2), 48);
        assert_eq!(svg.matches("<rect").count(), 3);
        assert!(svg.contains("data-row=\"2\" data-stick=\"3\""));
        assert!(svg.contains("class=\"g1\"") && svg.contains("class=\"g0\""));
        let plain = sticks_svg(&[], 4, None, 28);
        assert_eq!(plain.matches("class=\"plain\"").count(), 4);
        assert!(!plain.contains("data-row"));
    }
}
