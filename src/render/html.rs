//! The HTML layout: a document as HTML, with every row of sticks drawn in
//! inline SVG. The classroom page shows these fragments, and the HTML
//! handouts wrap them in a page of their own; both use the same stylesheet,
//! so the projector and a printed handout look alike.
//!
//! Like every layout, it places blocks and decides no word. Each stick of a
//! drawn row carries its row and its place in the row, so the page can
//! let a pupil click it; nothing else about the game is in the markup.

use std::fmt::Write;

use super::sticks::{self, Piece};
use super::wrap::JOINERS;
use crate::teach::document::{
    BinaryView, Block, Document, DrawnRow, Grid, MOST_STICKS_DRAWN, PairLine, PositionLine, Reveal,
    Step, Strip, TallyLine,
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

/// `text` escaped as [`escape`] does, where a run glued with no-break
/// spaces may still break before each word that joins two whole parts
/// ("+", "→", …), as the text layout breaks it when it is wider than the
/// line: a sum too wide for a phone goes on at "+ 1", never mid-term.
/// Only for words in an element, never in a title or an attribute.
fn flowing(text: &str) -> String {
    let mut out = escape(text);
    for joiner in JOINERS {
        let glued = format!("\u{a0}{joiner}\u{a0}");
        out = out.replace(&glued, &format!("\u{a0}<wbr/>{joiner}\u{a0}"));
    }
    out
}

/// A whole handout: the document in a page of its own, its style inline,
/// nothing loaded from anywhere else, ready to print.
/// The document is written into the page as it is laid out, so a big one
/// is held once, not also as a copy.
pub(crate) fn page(doc: &Document) -> String {
    let mut out = format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n<title>{}</title>\n<style>\n{STYLE}</style>\n</head>\n<body>\n",
        escape(&doc.title),
    );
    write_document(&mut out, doc, 1);
    out + "</body>\n</html>\n"
}

/// The document as an `<article>`, its title at heading `level`.
pub(crate) fn document(doc: &Document, level: usize) -> String {
    let mut out = String::new();
    write_document(&mut out, doc, level);
    out
}

/// [`document`], written at the end of `out`.
fn write_document(out: &mut String, doc: &Document, level: usize) {
    let _ = writeln!(
        out,
        "<article class=\"doc\">\n<h{level}>{}</h{level}>",
        escape(&doc.title)
    );
    for step in &doc.steps {
        *out += &step_html(step, level + 1);
    }
    *out += "</article>\n";
}

/// One step as a `<section>`: its heading when it has one, then its blocks.
/// What the step gives away is marked, so a page can hold it back.
pub(crate) fn step_html(step: &Step, level: usize) -> String {
    let reveals = match step.reveals {
        Some(Reveal::Outcome) => " data-reveals=\"outcome\"",
        Some(Reveal::Move) => " data-reveals=\"move\"",
        None => "",
    };
    // The stylesheet starts a step marked `new-page` on a page of its own.
    let class = match step.frame.new_page {
        true => "step new-page",
        false => "step",
    };
    let mut out = format!("<section class=\"{class}\"{reveals}>\n");
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
        Block::Sentence { text } => format!("<p>{}</p>\n", flowing(text)),
        Block::Note { text } => paragraphs(text),
        Block::Command { text } => format!("<pre><code>{}</code></pre>\n", escape(text)),
        Block::Move(m) => format!("<p class=\"move\">{}</p>\n", flowing(&m.text)),
        Block::Verdict {
            verdict,
            mark,
            label,
            text,
        } => format!(
            "<p class=\"verdict {verdict}\"><span class=\"mark\">{mark}</span> <strong>{}:</strong> {}</p>\n",
            escape(label),
            flowing(text)
        ),
        Block::Rows { rows } => rows_html(rows),
        Block::Tally { lines } => tally(lines),
        Block::Pairs { sizes } => pairs_html(sizes),
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
                let _ = writeln!(out, "<li>{}</li>", flowing(rest));
            }
            (Some((_, rest)), Some(_)) => {
                let _ = writeln!(out, "<li>{}</li>", flowing(rest));
            }
            (None, Some(tag)) => {
                let _ = writeln!(out, "</{tag}>");
                list = None;
                let _ = writeln!(out, "<p class=\"note\">{}</p>", flowing(line));
            }
            (None, None) => {
                let _ = writeln!(out, "<p class=\"note\">{}</p>", flowing(line));
            }
        }
    }
    if let Some(tag) = list {
        let _ = writeln!(out, "</{tag}>");
    }
    out
}

/// How many colours the groups have (`g0` to `g11` in `document.css`):
/// sizes 1 to 2048 each have their own, so no drawing a row of up to 4095
/// sticks holds two sizes of one colour. A bigger group is a bundle that
/// carries its size written on it.
const COLOURS: u32 = 12;

/// The colour class of groups of `size`: one per size.
fn colour(size: u64) -> String {
    format!("g{}", size.trailing_zeros() % COLOURS)
}

/// How wide a stick is drawn, and how far apart sticks stand, in the SVG's
/// own units.
const STICK_WIDTH: u32 = 10;
const STICK_STEP: u32 = 16;
/// The gap between two groups, beside the space between sticks.
const GROUP_GAP: u32 = 14;
/// The margin before the first stick and after the last.
const MARGIN: u32 = 3;

/// How wide a bundle of `size` sticks is drawn: room for its label.
fn bundle_width(size: u64) -> u32 {
    let digits = size.to_string().len() as u32;
    (12 * digits + 14).max(36)
}

/// The widest line of a long row's drawing, in the SVG's own units: the
/// rest of the row goes on to a next line. However long the row, its
/// drawing is then drawn at least as large as a phone's width divided by
/// this, and its bundles' sizes stay large enough to read.
const LINE: u32 = 260;
/// The space between two lines of one row's drawing.
const LINE_GAP: u32 = 8;

/// A drawing of pieces (sticks and bundles) and its size.
struct Drawn {
    svg: String,
    /// The width with no gaps between groups, as a plain board shows it.
    plain: u32,
    /// The width with the gaps.
    grouped: u32,
    /// The height, of all its lines.
    tall: u32,
}

/// Pieces drawn left to right. Each stick, and each bundle, knows its row
/// and its place (from 1) when `row` is given. The pieces after each gap
/// sit in a `<g class="group">` moved right by the gaps so far: a page that
/// shows the sticks plainly can close the gaps by undoing that move.
fn pieces_svg(pieces: &[Piece], row: Option<usize>, height: u32) -> Drawn {
    let grouped = pieces.iter().any(|p| p.group.is_some());
    let mut out = String::new();
    let (mut x, mut place, mut gaps) = (MARGIN, 1u64, 0u32);
    if grouped {
        out += "<g class=\"group\">";
    }
    for piece in pieces {
        if grouped && piece.gap {
            gaps += 1;
            let _ = write!(
                out,
                "</g><g class=\"group\" transform=\"translate({} 0)\">",
                gaps * GROUP_GAP
            );
        }
        let (drawn, advance) = piece_svg(piece, (x, 0), row.map(|r| (r, place)), height);
        out += &drawn;
        x += advance;
        place = place.saturating_add(piece.size);
    }
    if grouped {
        out += "</g>";
    }
    // The space after the last stick is the margin instead.
    let plain = (x + MARGIN).saturating_sub(STICK_STEP - STICK_WIDTH).max(1);
    Drawn {
        svg: out,
        plain,
        grouped: plain + gaps * GROUP_GAP,
        tall: height,
    }
}

/// How far along the next piece starts after `piece`.
fn advance(piece: &Piece) -> u32 {
    match piece.is_bundle() {
        true => bundle_width(piece.size) + STICK_STEP - STICK_WIDTH,
        false => STICK_STEP,
    }
}

/// A long row's pieces drawn left to right in lines no wider than
/// [`LINE`], one under another: a bundle, or a run of sticks (a small
/// group, or the sticks left over) that would end past the line starts the
/// next one, so a group is never cut in two. A gap sets groups apart
/// within a line. Each piece knows its row and its place (from 1).
fn lines_svg(pieces: &[Piece], row: usize, height: u32) -> Drawn {
    // The pieces in runs that stay on one line: sticks together, until a
    // gap or a bundle.
    let mut runs: Vec<&[Piece]> = Vec::new();
    let mut start = 0;
    for i in 1..=pieces.len() {
        let ends = i == pieces.len()
            || pieces[i].gap
            || pieces[i].is_bundle()
            || pieces[i - 1].is_bundle();
        if ends {
            runs.push(&pieces[start..i]);
            start = i;
        }
    }
    let unused = STICK_STEP - STICK_WIDTH;
    let (mut out, mut x, mut top, mut widest, mut place) = (String::new(), MARGIN, 0, 1, 1u64);
    for run in runs {
        let gap = match run[0].gap {
            true => GROUP_GAP,
            false => 0,
        };
        let wide = run.iter().map(advance).sum::<u32>() - unused;
        if x > MARGIN && x + gap + wide + MARGIN > LINE {
            widest = widest.max(x - unused + MARGIN);
            (x, top) = (MARGIN, top + height + LINE_GAP);
        } else if x > MARGIN {
            x += gap;
        }
        for piece in run {
            let (drawn, advance) = piece_svg(piece, (x, top), Some((row, place)), height);
            out += &drawn;
            x += advance;
            place = place.saturating_add(piece.size);
        }
    }
    if x > MARGIN {
        widest = widest.max(x - unused + MARGIN);
    }
    Drawn {
        svg: out,
        plain: widest,
        grouped: widest,
        tall: top + height,
    }
}

/// One stick or bundle at `x`, on the line whose top is at `top`, with its
/// row and place when it has them, and how far along the next one starts.
fn piece_svg(
    piece: &Piece,
    (x, top): (u32, u32),
    at: Option<(usize, u64)>,
    height: u32,
) -> (String, u32) {
    let class = match piece.group {
        Some(size) => colour(size),
        None => "plain".to_string(),
    };
    let tall = height - 4;
    if !piece.is_bundle() {
        let data = match at {
            Some((row, place)) => format!(" data-row=\"{row}\" data-stick=\"{place}\""),
            None => String::new(),
        };
        let svg = format!(
            "<rect class=\"{class}\" x=\"{x}\" y=\"{}\" width=\"{STICK_WIDTH}\" height=\"{tall}\" rx=\"3\"{data}/>",
            top + 2
        );
        return (svg, advance(piece));
    }
    let wide = bundle_width(piece.size);
    let data = match at {
        Some((row, place)) => format!(
            " data-row=\"{row}\" data-from=\"{place}\" data-size=\"{}\"",
            piece.size
        ),
        None => String::new(),
    };
    let svg = format!(
        "<g class=\"bundle\"{data}><rect class=\"{class}\" x=\"{x}\" y=\"{}\" width=\"{wide}\" height=\"{tall}\" rx=\"5\"/><text x=\"{}\" y=\"{}\">{}</text></g>",
        top + 2,
        x + wide / 2,
        top + height / 2 + 7,
        piece.size
    );
    (svg, advance(piece))
}

/// Groups (or, with none, `plain` sticks) as pieces of one stick each.
fn stick_pieces(groups: &[u64], plain: u64) -> Vec<Piece> {
    match groups.is_empty() {
        true => (0..plain)
            .map(|_| Piece {
                size: 1,
                group: None,
                gap: false,
            })
            .collect(),
        false => groups
            .iter()
            .enumerate()
            .flat_map(|(i, &g)| {
                (0..g).map(move |k| Piece {
                    size: 1,
                    group: Some(g),
                    gap: i > 0 && k == 0,
                })
            })
            .collect(),
    }
}

/// The ways a page may show a drawing other than as its `<svg>` is sized:
/// plainly or in its groups (the width of each, and for a long row the
/// height of each, as its lines differ), and in bundles of ten (its width).
#[derive(Default)]
struct Ways {
    widths: Option<(u32, u32)>,
    heights: Option<(u32, u32)>,
    bundled: Option<u32>,
}

/// An `<svg>` of sticks, `width` × `height` in its own units, holding
/// `body`, with the other `ways` a page may show it.
fn svg(body: &str, sticks: u64, (width, height): (u32, u32), ways: Ways) -> String {
    let mut both = String::new();
    if let Some((plain, grouped)) = ways.widths {
        both += &format!(
            " data-plain-width=\"{plain}\" data-groups-width=\"{grouped}\" preserveAspectRatio=\"xMinYMin slice\""
        );
    }
    if let Some((plain, grouped)) = ways.heights {
        both += &format!(" data-plain-height=\"{plain}\" data-groups-height=\"{grouped}\"");
    }
    if let Some(bundled) = ways.bundled {
        both += &format!(" data-bundles-width=\"{bundled}\"");
    }
    // What a screen reader says of the row: "1 stick", "7 sticks".
    let said = if sticks == 1 { "stick" } else { "sticks" };
    format!(
        "<svg class=\"sticks\" xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\"{both} role=\"img\" aria-label=\"{sticks} {said}\">{body}</svg>"
    )
}

/// Sticks drawn side by side in an SVG, a wider gap between groups. Each
/// stick knows its row and its place (from 1, left to right) when `row` is
/// given, so a page can let it be clicked.
pub(crate) fn sticks_svg(groups: &[u64], plain: u64, row: Option<usize>, height: u32) -> String {
    let drawn = pieces_svg(&stick_pieces(groups, plain), row, height);
    let sticks = match groups.is_empty() {
        true => plain,
        false => groups.iter().sum(),
    };
    let widths = (!groups.is_empty()).then_some((drawn.plain, drawn.grouped));
    let ways = Ways {
        widths,
        ..Ways::default()
    };
    svg(&drawn.svg, sticks, (drawn.grouped, height), ways)
}

/// A board of rows to click, as [`block_html`] draws rows, except that a
/// row of more than ten sticks, short enough to draw stick by stick, is
/// drawn in bundles of ten too: a board too narrow for its sticks to be
/// clicked one by one (a phone's) shows the bundles instead.
pub(crate) fn board_html(block: &Block) -> String {
    match block {
        Block::Rows { rows } => rows_drawn(rows, true),
        other => block_html(other, 3),
    }
}

/// A row drawn for its row number `row`: stick by stick when it is short
/// enough, else in bundles, in lines no wider than [`LINE`]; plainly and,
/// when it has groups, in its groups too, the page choosing which to show
/// (a handout shows the groups). A short row is one drawing whose gaps a
/// page can close; on a board (`board`), one of more than ten sticks also
/// comes in bundles.
fn row_svg(row: &DrawnRow, number: usize, board: bool) -> String {
    const HEIGHT: u32 = 48;
    if row.sticks <= MOST_STICKS_DRAWN && board && row.sticks > sticks::SMALLEST_BUNDLE {
        let drawn = pieces_svg(&stick_pieces(&row.groups, row.sticks), Some(number), HEIGHT);
        let bundles = pieces_svg(&sticks::plain_pieces(row.sticks), Some(number), HEIGHT);
        let body = format!(
            "<g class=\"as-sticks\">{}</g><g class=\"as-bundles\">{}</g>",
            drawn.svg, bundles.svg
        );
        let ways = Ways {
            widths: (!row.groups.is_empty()).then_some((drawn.plain, drawn.grouped)),
            heights: None,
            bundled: Some(bundles.plain),
        };
        let width = drawn.grouped.max(bundles.plain);
        return svg(&body, row.sticks, (width, HEIGHT), ways);
    }
    if row.sticks <= MOST_STICKS_DRAWN {
        return sticks_svg(&row.groups, row.sticks, Some(number), HEIGHT);
    }
    let plain = lines_svg(&sticks::plain_pieces(row.sticks), number, HEIGHT);
    if row.groups.is_empty() {
        let size = (plain.plain, plain.tall);
        return svg(&plain.svg, row.sticks, size, Ways::default());
    }
    let grouped = lines_svg(
        &sticks::grouped_pieces(&row.groups, row.sticks),
        number,
        HEIGHT,
    );
    let body = format!(
        "<g class=\"as-plain\">{}</g><g class=\"in-groups\">{}</g>",
        plain.svg, grouped.svg
    );
    let size = (
        plain.plain.max(grouped.grouped),
        plain.tall.max(grouped.tall),
    );
    let ways = Ways {
        widths: Some((plain.plain, grouped.grouped)),
        heights: Some((plain.tall, grouped.tall)),
        bundled: None,
    };
    svg(&body, row.sticks, size, ways)
}

/// Rows drawn one under another: label, drawing, words, and the stages of
/// joining under a row when it has them.
fn rows_html(rows: &[DrawnRow]) -> String {
    rows_drawn(rows, false)
}

/// Rows drawn as [`rows_html`] draws them, for a board when `board`.
fn rows_drawn(rows: &[DrawnRow], board: bool) -> String {
    let mut out = String::from("<div class=\"rows\">\n");
    for (i, row) in rows.iter().enumerate() {
        let drawing = row_svg(row, i + 1, board);
        let _ = writeln!(
            out,
            "<span class=\"label\">{}</span><span class=\"drawing\">{drawing}</span><span class=\"text\">{}</span>",
            escape(&row.label),
            flowing(&row.text)
        );
        if let Some(detail) = &row.detail {
            let _ = writeln!(out, "<span class=\"stages\">{}</span>", flowing(detail));
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

/// The pairs of each size, a line per size: its label, the pairs drawn
/// (each pair framed), the group without a partner framed in dashes and
/// marked ✗, and the words.
fn pairs_html(lines: &[PairLine]) -> String {
    const HEIGHT: u32 = 36;
    const PAD: u32 = 5;
    let mut out = String::from("<div class=\"rows pairs\">\n");
    for line in lines {
        let group = sticks::grouped_pieces(&[line.size], line.size);
        let (mut body, mut x) = (String::new(), PAD + 2);
        let mut framed = |class: &str, groups: usize, body: &mut String| {
            let start = x;
            let mut inner = String::new();
            for i in 0..groups {
                if i > 0 {
                    x += GROUP_GAP;
                }
                for piece in &group {
                    let (drawn, advance) = piece_svg(piece, (x, 0), None, HEIGHT);
                    inner += &drawn;
                    x += advance;
                }
            }
            x -= STICK_STEP - STICK_WIDTH;
            let _ = write!(
                body,
                "<rect class=\"{class}\" x=\"{}\" y=\"0\" width=\"{}\" height=\"{HEIGHT}\" rx=\"6\"/>{inner}",
                start - PAD,
                x - start + 2 * PAD
            );
            x += 3 * PAD;
        };
        for _ in &line.pairs {
            framed("pair", 2, &mut body);
        }
        if line.alone.is_some() {
            framed("alone", 1, &mut body);
            let _ = write!(
                body,
                "<text class=\"alone-mark\" x=\"{x}\" y=\"{}\">✗</text>",
                HEIGHT / 2 + 7
            );
            x += 22;
        }
        let width = x;
        let _ = writeln!(
            out,
            "<span class=\"label\">{}</span><span class=\"drawing\"><svg class=\"sticks\" xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{HEIGHT}\" viewBox=\"0 0 {width} {HEIGHT}\" aria-hidden=\"true\">{body}</svg></span><span class=\"text\">{}</span>",
            escape(&line.label),
            flowing(&line.text)
        );
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
            flowing(&line.text)
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
    fn no_two_group_sizes_of_a_drawable_row_share_a_colour() {
        let sizes: Vec<u64> = (0..COLOURS).map(|k| 1 << k).collect();
        let classes: std::collections::BTreeSet<String> =
            sizes.iter().map(|&s| colour(s)).collect();
        assert_eq!(classes.len(), sizes.len());
        // Each class is coloured for the page and the handouts.
        let css = include_str!("../../assets/web/document.css");
        for class in &classes {
            assert!(
                css.contains(&format!("svg.sticks rect.{class} ")),
                "{class}"
            );
            assert!(
                css.contains(&format!("table.binary td.{class} ")),
                "{class}"
            );
        }
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
        assert!(!plain.contains("data-plain-width"));
    }

    /// A row to draw, of `sticks` in `groups`.
    fn row(sticks: u64, groups: &[u64]) -> DrawnRow {
        DrawnRow {
            label: "row 1".to_string(),
            sticks,
            groups: groups.to_vec(),
            stand_in: "(too many to draw)".to_string(),
            text: sticks.to_string(),
            detail: None,
            stages: Vec::new(),
        }
    }

    #[test]
    fn a_board_draws_a_row_of_more_than_ten_sticks_in_bundles_too() {
        let rows = |sticks: u64, groups: &[u64]| Block::Rows {
            rows: vec![row(sticks, groups)],
        };
        let board = board_html(&rows(25, &[16, 8, 1]));
        let (sticks, bundles) = board.split_once("<g class=\"as-bundles\">").unwrap();
        assert_eq!(sticks.matches("data-stick=").count(), 25);
        // Two bundles of ten, each knowing its first stick, then five sticks.
        assert_eq!(bundles.matches("data-from=").count(), 2);
        assert!(bundles.contains("data-from=\"11\" data-size=\"10\""));
        assert_eq!(bundles.matches("data-stick=").count(), 5);
        assert!(board.contains("data-bundles-width="));
        // Ten sticks or fewer, and a handout, have their sticks only.
        assert!(!board_html(&rows(10, &[8, 2])).contains("as-bundles"));
        assert!(!block_html(&rows(25, &[16, 8, 1]), 3).contains("as-bundles"));
    }

    #[test]
    fn a_short_row_in_groups_can_close_its_gaps() {
        let svg = row_svg(&row(7, &[4, 2, 1]), 3, false);
        // Three groups, the second and third moved right by one gap more.
        assert_eq!(svg.matches("<g class=\"group\"").count(), 3);
        assert!(svg.contains("translate(14 0)") && svg.contains("translate(28 0)"));
        assert!(svg.contains("data-plain-width=\"112\" data-groups-width=\"140\""));
        assert!(svg.contains("width=\"140\""));
        assert!(svg.contains("data-row=\"3\" data-stick=\"7\""));
        assert!(!svg.contains("bundle"));
    }

    #[test]
    fn a_long_row_is_drawn_in_bundles_plainly_and_in_its_groups() {
        let svg = row_svg(&row(45, &[32, 8, 4, 1]), 1, false);
        let (plain, grouped) = svg.split_once("<g class=\"in-groups\">").unwrap();
        assert!(plain.contains("<g class=\"as-plain\">"));
        // Plainly: four bundles of ten, then five sticks, places 41 to 45.
        assert_eq!(plain.matches("data-size=\"10\"").count(), 4);
        assert!(plain.contains("data-row=\"1\" data-from=\"31\" data-size=\"10\""));
        assert_eq!(plain.matches("<rect class=\"plain\"").count(), 9);
        assert!(plain.contains("data-stick=\"41\"") && plain.contains("data-stick=\"45\""));
        assert!(plain.contains(">10</text>"));
        // In groups: a bundle of 32, then 8, 4 and 1 stick by stick.
        assert!(grouped.contains("data-row=\"1\" data-from=\"1\" data-size=\"32\""));
        assert!(grouped.contains(">32</text>"));
        assert_eq!(grouped.matches("data-stick=").count(), 13);
        assert!(grouped.contains("data-stick=\"33\"") && grouped.contains("data-stick=\"45\""));
        assert!(svg.contains("aria-label=\"45 sticks\""));
        let one = row_svg(&row(1, &[1]), 1, false);
        assert!(one.contains("aria-label=\"1 stick\""), "{one}");
        // A row with no groups has only its plain drawing.
        // The longest row there can be is drawn too.
        let most = row_svg(&row(u64::MAX, &[u64::MAX]), 1, false);
        assert!(most.contains(&format!(">{}</text>", u64::MAX)));
        let alone = row_svg(&row(99_999, &[]), 2, false);
        assert!(!alone.contains("as-plain") && !alone.contains("in-groups"));
        assert!(alone.contains(">90000</text>"));
    }

    /// The number after `name="` in `svg`.
    fn attribute(svg: &str, name: &str) -> u32 {
        let at = svg.find(&format!(" {name}=\"")).unwrap() + name.len() + 3;
        svg[at..].split('"').next().unwrap().parse().unwrap()
    }

    #[test]
    fn a_long_row_goes_on_to_more_lines_never_wider_than_one() {
        // A row of 99998 broken into 25 groups: seventeen bundles and
        // thirty sticks, as an explanation's move draws it.
        let mut groups: Vec<u64> = [32768, 32768, 16384, 8192, 4096, 2048, 1024, 1024]
            .into_iter()
            .chain([
                512, 512, 256, 128, 128, 64, 32, 16, 16, 8, 8, 4, 4, 2, 2, 1, 1,
            ])
            .collect();
        groups.sort_unstable_by(|a, b| b.cmp(a));
        let sticks = groups.iter().sum();
        let svg = row_svg(&row(sticks, &groups), 2, false);
        let (plain, grouped) = svg.split_once("<g class=\"in-groups\">").unwrap();
        let (width, height) = (attribute(&svg, "width"), attribute(&svg, "height"));
        let wide = attribute(&svg, "data-groups-width");
        assert!(wide <= width && width <= LINE, "{wide} {width}");
        let tall = attribute(&svg, "data-groups-height");
        assert_eq!(tall, height);
        // Several lines of 48, 8 apart.
        assert!(
            tall > 4 * 56 && (tall + LINE_GAP).is_multiple_of(48 + LINE_GAP),
            "{tall}"
        );
        // Plainly, its bundles of 90000, 9000, 900 and 90 on one line, then
        // the eight sticks left over.
        assert_eq!(attribute(&svg, "data-plain-height"), 2 * 48 + LINE_GAP);
        assert!(attribute(&svg, "data-plain-width") <= LINE);
        // Every piece is inside the drawing, each group's sticks on one
        // line: the eight sticks of each group of 8 share their top.
        for piece in grouped.split("<rect ").skip(1) {
            assert!(attribute(piece, "x") + attribute(piece, "width") <= wide - MARGIN);
            assert!(attribute(piece, "y") + attribute(piece, "height") <= height);
        }
        let tops = |class: &str| -> Vec<u32> {
            grouped
                .split("<rect ")
                .map(|p| p.split("/>").next().unwrap())
                .filter(|p| {
                    p.starts_with(&format!("class=\"{class}\"")) && p.contains("data-stick")
                })
                .map(|p| attribute(p, "y"))
                .collect()
        };
        let eights = tops("g3");
        assert_eq!(eights.len(), 16);
        assert!(eights[..8].iter().all(|&y| y == eights[0]), "{eights:?}");
        assert!(eights[8..].iter().all(|&y| y == eights[8]), "{eights:?}");
        // Each piece knows its place, the last stick the last.
        assert!(grouped.contains(&format!("data-stick=\"{sticks}\"")));
        assert!(plain.contains("data-row=\"2\" data-from=\"1\" data-size=\"90000\""));
        // However long the row, as in a handout.
        let most = row_svg(&row(u64::MAX, &[u64::MAX]), 1, false);
        assert!(attribute(&most, "width") <= LINE);
        // A short row stays on one line, with no heights to choose from.
        let short = row_svg(&row(40, &[32, 8]), 1, false);
        assert_eq!(attribute(&short, "height"), 48);
        assert!(!short.contains("data-groups-height"));
    }

    #[test]
    fn pairs_are_framed_and_the_group_alone_marked() {
        let html = pairs_html(&[PairLine {
            size: 2,
            pairs: vec![[2, 3], [4, 5]],
            alone: Some(1),
            label: "groups of 2".to_string(),
            text: "rows 2 and 3, rows 4 and 5; row 1: no partner".to_string(),
        }]);
        assert_eq!(html.matches("<rect class=\"pair\"").count(), 2);
        assert_eq!(html.matches("<rect class=\"alone\"").count(), 1);
        // Two sticks in each of five groups, all in the colour of 2s.
        assert_eq!(html.matches("<rect class=\"g1\"").count(), 10);
        assert!(html.contains("✗</text>"));
        assert!(html.contains("<span class=\"label\">groups of 2</span>"));
        assert!(html.contains("row 1: no partner</span>"));
        // A big group is a bundle labelled with its size.
        let big = pairs_html(&[PairLine {
            size: 64,
            pairs: vec![[1, 2]],
            alone: None,
            label: "groups of 64".to_string(),
            text: "rows 1 and 2".to_string(),
        }]);
        assert_eq!(big.matches(">64</text>").count(), 2);
        assert!(!big.contains("data-row"));
    }
}
