//! The text layout: a document for a screen or projector, at the screen's
//! width, coloured when asked.
//!
//! It places blocks and never decides a word: every sentence comes from the
//! document. Every line fits the width: sentences wrap at spaces, a row too
//! long to draw shows its stand-in, and wide tables (strips, grids, binary
//! columns) are cut into bands. Colour is an extra signal only; the marks
//! (✓ ✗ ○), the gaps between groups and the letters W and L carry the same
//! information.

use std::fmt::Write;

use colored::Colorize;

use super::sticks;
use super::wrap::{chunks, columns, wrap};
use crate::teach::document::{
    BinaryView, Block, Document, DrawnRow, Grid, PairLine, PositionLine, Step, Strip, TallyLine,
};

/// How text is laid out: its width and whether it is coloured.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Style {
    /// Whether to colour.
    pub color: bool,
    /// The most columns a line may take.
    pub width: usize,
}

impl Style {
    /// No colour, at `width` columns: for files, handouts and tests.
    pub fn plain(width: usize) -> Style {
        Style {
            color: false,
            width,
        }
    }
}

/// The document as one string.
pub fn document(doc: &Document, style: Style) -> String {
    sections(doc, style).join("\n")
}

/// The document in sections: the title, then one per step that stands
/// apart, so a demonstration can pause between them. Joined with a blank
/// line between them, they make the whole document.
pub(crate) fn sections(doc: &Document, style: Style) -> Vec<String> {
    let mut sections = vec![lines(&doc.title, "", "  ", style)];
    for step in &doc.steps {
        let text = step_text(step, style);
        match (step.frame.gap, sections.last_mut()) {
            (false, Some(last)) => last.push_str(&text),
            _ => sections.push(text),
        }
    }
    sections
}

/// Text wrapped to the width, each line ended.
fn lines(text: &str, first: &str, rest: &str, style: Style) -> String {
    wrap(text, style.width, first, rest)
        .into_iter()
        .map(|l| l + "\n")
        .collect()
}

/// One step: its heading, if shown, and its blocks.
fn step_text(step: &Step, style: Style) -> String {
    let mut out = String::new();
    // A screen has no pages: a rule across it stands for the page break.
    if step.frame.new_page {
        out += &"─".repeat(style.width);
        out.push('\n');
    }
    if step.frame.heading {
        for line in wrap(&step.heading(), style.width, "", "  ") {
            out += &bold(&line, style.color);
            out.push('\n');
        }
    }
    let indent = if step.frame.indent { "  " } else { "" };
    out + &blocks(&step.blocks, indent, style)
}

/// Blocks laid out one after another, each line starting with `indent`.
pub fn blocks(blocks: &[Block], indent: &str, style: Style) -> String {
    blocks.iter().map(|b| block(b, indent, style)).collect()
}

/// A block laid out, with every no-break space printed as an ordinary
/// one, whether or not the block wraps its text.
fn block(block: &Block, indent: &str, style: Style) -> String {
    super::wrap::unglued(&glued_block(block, indent, style))
}

fn glued_block(block: &Block, indent: &str, style: Style) -> String {
    let hang = format!("{indent}  ");
    match block {
        // A sentence's later lines hang under it, so a list of sentences
        // reads as a list; a note is a paragraph, its lines flush.
        Block::Sentence { text } => lines(text, indent, &hang, style),
        Block::Note { text } => lines(text, indent, indent, style),
        Block::Command { text } => command(text, style.width),
        Block::Move(m) => lines(&m.text, indent, &hang, style),
        Block::Verdict {
            verdict,
            mark,
            label,
            text,
        } => {
            let label = format!("{mark} {label}:");
            let painted = match (style.color, *verdict) {
                (false, _) => label.clone(),
                (true, "good") => label.green().bold().to_string(),
                (true, "mistake") => label.red().bold().to_string(),
                (true, _) => label.yellow().bold().to_string(),
            };
            wrap(&format!("{label} {text}"), style.width, indent, &hang)
                .into_iter()
                .enumerate()
                .map(|(i, line)| match i {
                    0 => format!("{indent}{painted}{}\n", &line[indent.len() + label.len()..]),
                    _ => format!("{line}\n"),
                })
                .collect()
        }
        Block::Rows { rows } => rows_text(rows, indent, style),
        Block::Tally { lines } => tally(lines, indent, style),
        Block::Pairs { sizes } => pairs(sizes, indent, style),
        Block::Strip(s) => strip(s, indent, style),
        Block::Binary(view) => binary(view, indent, style),
        Block::Columns { header, rows } => table_of_words(header, rows, indent),
        Block::Grid(grid) => grid_text(grid, indent, style),
        Block::Positions { entries } => positions(entries, indent, style),
        Block::Document(inner) => document(inner, style),
        Block::Bar(bar) => super::bar::text(bar, indent, style.width, style.color),
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
/// A drawing that would push its line past the width shows its stand-in.
fn rows_text(rows: &[DrawnRow], indent: &str, style: Style) -> String {
    let label_width = rows.iter().map(|r| columns(&r.label)).max().unwrap_or(0);
    // Room for a drawing, keeping a few columns for the words beside it.
    let room = style
        .width
        .saturating_sub(indent.len() + label_width + 2 + 2 + 8);
    let drawings: Vec<(String, usize)> = rows
        .iter()
        .map(|row| {
            sticks::draw_row(row, style.color)
                .filter(|(_, width)| *width <= room)
                .unwrap_or_else(|| (row.stand_in.clone(), columns(&row.stand_in)))
        })
        .collect();
    let widest = drawings.iter().map(|d| d.1).max().unwrap_or(0);
    let start = columns(indent) + label_width + 2;
    let words_at = start + widest + 2;
    let mut out = String::new();
    for (row, (picture, width)) in rows.iter().zip(&drawings) {
        let head = format!(
            "{indent}{}{}  {picture}",
            row.label,
            " ".repeat(label_width - columns(&row.label))
        );
        // Words go beside the drawing when the longest of them fits there.
        let longest = row.text.split(' ').map(columns).max().unwrap_or(0);
        if row.text.is_empty() {
            out += head.trim_end();
            out.push('\n');
        } else if words_at + longest.max(12) <= style.width {
            let pad = " ".repeat(widest - width + 2);
            let first = format!("{head}{pad}");
            let rest = " ".repeat(words_at);
            out += &lines_keeping(&row.text, &first, &rest, style.width);
        } else {
            // Too narrow for words beside the drawing: put them under it.
            out += head.trim_end();
            out.push('\n');
            out += &lines(&row.text, &" ".repeat(start), &" ".repeat(start + 2), style);
        }
        if let Some(detail) = &row.detail {
            out += &lines(detail, &" ".repeat(start), &" ".repeat(start + 2), style);
        }
        out += &stages(&row.stages, start, style);
    }
    out
}

/// The stages of joining under a row, one arrow between each two, carried
/// on to the next line when the screen is too narrow. A stage wider than
/// the room there is is not drawn at all.
fn stages(stages: &[Vec<u64>], start: usize, style: Style) -> String {
    const ARROW: &str = "  →  ";
    let drawn: Vec<(String, usize)> = stages
        .iter()
        .map(|s| sticks::draw_stage(s, style.color))
        .collect();
    let room = style.width.saturating_sub(start + 3);
    if drawn.is_empty() || drawn.iter().any(|(_, w)| *w > room) {
        return String::new();
    }
    let margin = " ".repeat(start);
    let mut out = margin.clone();
    let mut used = start;
    for (i, (picture, width)) in drawn.iter().enumerate() {
        // A stage that is not the last keeps room for the arrow after it,
        // which may end the line.
        let tail = if i + 1 < drawn.len() { 3 } else { 0 };
        if i > 0 {
            if used + ARROW.len() + width + tail > style.width {
                out += "  →\n";
                out += &margin;
                used = start;
            } else {
                out += ARROW;
                used += columns(ARROW);
            }
        }
        out += picture;
        used += width;
    }
    out + "\n"
}

/// Like `lines`, but `first` may hold colour codes: its width on screen is
/// measured without them.
fn lines_keeping(text: &str, first: &str, rest: &str, width: usize) -> String {
    let shown = strip_colour(first);
    let wrapped = wrap(text, width, &" ".repeat(columns(&shown)), rest);
    wrapped
        .into_iter()
        .enumerate()
        .map(|(i, line)| match i {
            0 => format!("{first}{}\n", &line[columns(&shown)..]),
            _ => format!("{line}\n"),
        })
        .collect()
}

/// Text without its colour codes, to measure it.
fn strip_colour(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut in_code = false;
    for c in text.chars() {
        match (in_code, c) {
            (false, '\u{1b}') => in_code = true,
            (true, 'm') => in_code = false,
            (true, _) => {}
            (false, c) => out.push(c),
        }
    }
    out
}

/// The tally, a ✓ or ✗ before each line.
fn tally(lines: &[TallyLine], indent: &str, style: Style) -> String {
    let mut out = String::new();
    for line in lines {
        let alone = line.left > 0;
        let mark = if alone { "✗" } else { "✓" };
        let first = format!("{indent}{mark} ");
        let rest = format!("{indent}    ");
        for piece in wrap(&line.text, style.width, &first, &rest) {
            let painted = match (alone, style.color) {
                (true, true) => piece.red().bold().to_string(),
                _ => piece,
            };
            out += &painted;
            out.push('\n');
        }
    }
    out
}

/// The pairs of each size, a line per size: its label, the pairs drawn,
/// and the words beside them, or under them when the screen is narrow. A
/// drawing wider than the room there is is left out; the words stay.
fn pairs(sizes: &[PairLine], indent: &str, style: Style) -> String {
    let label_width = sizes.iter().map(|l| columns(&l.label)).max().unwrap_or(0);
    let start = columns(indent) + label_width + 2;
    let room = style.width.saturating_sub(start);
    let drawings: Vec<(String, usize)> = sizes
        .iter()
        .map(|l| sticks::draw_pairs(l, style.color))
        .map(|(picture, width)| match width <= room {
            true => (picture, width),
            false => (String::new(), 0),
        })
        .collect();
    let widest = drawings.iter().map(|d| d.1).max().unwrap_or(0);
    let words_at = start + widest + 2;
    let mut out = String::new();
    for (line, (picture, width)) in sizes.iter().zip(&drawings) {
        let head = format!(
            "{indent}{}{}  {picture}",
            line.label,
            " ".repeat(label_width - columns(&line.label))
        );
        let longest = line.text.split(' ').map(columns).max().unwrap_or(0);
        if words_at + longest.max(12) <= style.width {
            let first = format!("{head}{}", " ".repeat(widest - width + 2));
            out += &lines_keeping(&line.text, &first, &" ".repeat(words_at), style.width);
        } else {
            out += head.trim_end();
            out.push('\n');
            out += &lines(
                &line.text,
                &format!("{indent}  "),
                &format!("{indent}    "),
                style,
            );
        }
    }
    out
}

/// Splits `widths` (of cells that follow a label `lead` columns wide) into
/// bands of neighbours that fit in `width`, each at least one cell.
fn bands(widths: &[usize], lead: usize, width: usize) -> Vec<std::ops::Range<usize>> {
    let mut bands = Vec::new();
    let mut start = 0;
    let mut used = lead;
    for (i, w) in widths.iter().enumerate() {
        if i > start && used + 1 + w > width {
            bands.push(start..i);
            start = i;
            used = lead;
        }
        used += 1 + w;
    }
    if start < widths.len() || widths.is_empty() {
        bands.push(start..widths.len());
    }
    bands
}

/// Row sizes on one line and their values under them, in bands that fit.
fn strip(s: &Strip, indent: &str, style: Style) -> String {
    let label = s.label.len().max(s.top.len());
    let widths: Vec<usize> = s
        .cells
        .iter()
        .map(|c| c.sticks.to_string().len().max(c.value.len()))
        .collect();
    let mut out = String::new();
    for band in bands(&widths, indent.len() + label, style.width) {
        let mut top = format!("{indent}{:label$}", s.top);
        let mut bottom = format!("{indent}{:label$}", s.label);
        for (cell, w) in s.cells[band.clone()].iter().zip(&widths[band]) {
            let _ = write!(top, " {:>w$}", cell.sticks);
            let text = format!(" {:>w$}", cell.value);
            bottom += &match (style.color, cell.lost) {
                (true, true) => text.red().bold().to_string(),
                (true, false) => text.green().to_string(),
                (false, _) => text,
            };
        }
        let _ = writeln!(out, "{top}\n{bottom}");
    }
    out
}

/// A command on lines of its own, with no indent, so it copies whole: a
/// command wider than the screen goes on over lines that end in ` \\`, as
/// a shell reads them.
fn command(text: &str, width: usize) -> String {
    let words: Vec<String> = text.split(' ').map(str::to_string).collect();
    let lines = super::wrap::chunks(&words, " ", width.saturating_sub(2));
    let last = lines.len().saturating_sub(1);
    lines
        .iter()
        .enumerate()
        .map(|(i, line)| match i == last {
            true => format!("{line}\n"),
            false => format!("{line} \\\n"),
        })
        .collect()
}

/// The binary columns, each digit 1 in the colour of its group size, in
/// bands that fit; the words after the digits follow the last band, or go
/// under the table when there is no room beside it. A rule stands between
/// a row's number and its digits, so `3 │ 0 1 1` never reads as a fourth
/// digit.
fn binary(view: &BinaryView, indent: &str, style: Style) -> String {
    let label_width = view.rows.iter().map(|r| r.label.len()).max().unwrap_or(0);
    let number_width = view
        .rows
        .iter()
        .map(|r| r.value.to_string().len())
        .max()
        .unwrap_or(1);
    const RULE: &str = " │";
    let lead = indent.len() + label_width + 2 + number_width + columns(RULE);
    let widths: Vec<usize> = view.headings.iter().map(String::len).collect();
    let text_width = view
        .rows
        .iter()
        .map(|r| columns(&r.text))
        .max()
        .unwrap_or(0);
    let all: usize = lead + widths.iter().map(|w| w + 1).sum::<usize>();
    let beside = all + 3 + text_width <= style.width;
    let bands = bands(&widths, lead, style.width);
    let mut out = String::new();
    for (b, band) in bands.iter().enumerate() {
        let _ = writeln!(
            out,
            "{indent}{:label_width$}  {:number_width$}{RULE} {}",
            "",
            "",
            view.headings[band.clone()].join(" ")
        );
        for row in &view.rows {
            let value = match b {
                0 => row.value.to_string(),
                _ => String::new(),
            };
            let mut line = format!(
                "{indent}{:<label_width$}  {value:>number_width$}{RULE}",
                row.label
            );
            for ((digit, size), w) in row.digits[band.clone()]
                .iter()
                .zip(&view.sizes[band.clone()])
                .zip(&widths[band.clone()])
            {
                let cell = format!(" {digit:>w$}");
                line += &match digit {
                    1 => sticks::paint(&cell, *size, style.color),
                    _ => cell,
                };
            }
            match beside {
                true => {
                    let _ = writeln!(out, "{}   {}", line.trim_end(), row.text);
                }
                false => {
                    let _ = writeln!(out, "{}", line.trim_end());
                }
            }
        }
    }
    if !beside {
        for row in &view.rows {
            out += &lines(
                &format!("{}: {}", row.label, row.text),
                indent,
                &format!("{indent}  "),
                style,
            );
        }
    }
    out
}

/// A small table of words: every column but the last padded to its widest.
fn table_of_words(header: &[String], rows: &[Vec<String>], indent: &str) -> String {
    let widths: Vec<usize> = (0..header.len())
        .map(|c| {
            std::iter::once(header)
                .chain(rows.iter().map(Vec::as_slice))
                .map(|r| r.get(c).map_or(0, |t| columns(t)))
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

/// A grid of positions: sizes across the top and down the side, in bands
/// of columns that fit.
fn grid_text(grid: &Grid, indent: &str, style: Style) -> String {
    let width = grid
        .rows
        .iter()
        .flat_map(|r| r.cells.iter().flatten())
        .map(|c| columns(&c.text))
        .max()
        .unwrap_or(1)
        .max(3);
    let widths = vec![width; grid.columns.len()];
    let mut out = String::new();
    for (b, band) in bands(&widths, indent.len() + 5, style.width)
        .into_iter()
        .enumerate()
    {
        if b > 0 {
            out.push('\n');
        }
        let mut header = format!("{indent}{:>4} ", "");
        for c in &grid.columns[band.clone()] {
            let _ = write!(header, " {c:<width$}");
        }
        let _ = writeln!(out, "{}", header.trim_end());
        for row in &grid.rows {
            let mut line = format!("{indent}{:>4} ", row.size);
            for cell in &row.cells[band.clone()] {
                let text = match cell {
                    Some(cell) => {
                        paint_outcome(format!("{:<width$}", cell.text), cell.lost, style.color)
                    }
                    None => format!("{:<width$}", "·"),
                };
                let _ = write!(line, " {text}");
            }
            let _ = writeln!(out, "{}", line.trim_end());
        }
    }
    out
}

/// Positions one a line, each with its cell when there is one. A position
/// too long for the line breaks after a comma.
fn positions(entries: &[PositionLine], indent: &str, style: Style) -> String {
    let width = entries
        .iter()
        .map(|e| columns(&e.position))
        .max()
        .unwrap_or(0);
    let cell_width = entries
        .iter()
        .filter_map(|e| e.cell.as_ref().map(|c| columns(&c.text) + 2))
        .max()
        .unwrap_or(0);
    let fits = indent.len() + width + cell_width <= style.width;
    let mut out = String::new();
    for e in entries {
        let cell = e.cell.as_ref();
        let position = match (fits, cell) {
            (true, Some(_)) => format!("{:<width$}", e.position),
            _ => e.position.clone(),
        };
        let pieces: Vec<String> = match fits {
            true => vec![position],
            false => {
                let rows: Vec<String> = position.split(',').map(str::to_string).collect();
                chunks(
                    &rows,
                    ",",
                    style.width.saturating_sub(indent.len() + 2).max(1),
                )
            }
        };
        for (i, piece) in pieces.iter().enumerate() {
            let lead = if i == 0 {
                indent.to_string()
            } else {
                format!("{indent}  ")
            };
            match cell {
                None => {
                    let _ = writeln!(
                        out,
                        "{lead}{}",
                        paint_outcome(piece.clone(), e.lost, style.color)
                    );
                }
                Some(_) => {
                    let _ = writeln!(out, "{lead}{piece}");
                }
            }
        }
        if let Some(cell) = cell {
            let painted = paint_outcome(cell.text.clone(), cell.lost, style.color);
            match fits {
                true => {
                    out.pop();
                    let _ = writeln!(out, "  {painted}");
                }
                false => {
                    let _ = writeln!(out, "{indent}  {painted}");
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_command_stays_whole_or_goes_on_as_a_shell_reads_it() {
        let text = "matchsticks play 21 --take 1-3 --first computer --level beginner --seed 250559";
        let block = Block::Command {
            text: text.to_string(),
        };
        assert_eq!(
            blocks(std::slice::from_ref(&block), "  ", Style::plain(80)),
            format!("{text}\n")
        );
        let narrow = blocks(&[block], "  ", Style::plain(40));
        let lines: Vec<&str> = narrow.lines().collect();
        assert!(lines.len() > 1, "{narrow}");
        assert!(lines.iter().all(|l| columns(l) <= 40), "{narrow}");
        assert!(
            lines[..lines.len() - 1].iter().all(|l| l.ends_with(" \\")),
            "{narrow}"
        );
        let joined = narrow.replace(" \\\n", " ");
        assert_eq!(joined.trim_end(), text);
    }

    fn line(size: u64, pairs: Vec<[usize; 2]>, alone: Option<usize>, text: &str) -> PairLine {
        PairLine {
            size,
            pairs,
            alone,
            label: format!("groups of {size}"),
            text: text.to_string(),
        }
    }

    #[test]
    fn pairs_are_drawn_beside_their_words_or_above_them() {
        let lines = [
            line(4, vec![[2, 3]], None, "rows 2 and 3"),
            line(2, vec![], Some(1), "row 1: no partner"),
        ];
        assert_eq!(
            pairs(&lines, "  ", Style::plain(60)),
            "  groups of 4  (|||| ||||)  rows 2 and 3\n  groups of 2  || ✗         row 1: no partner\n"
        );
        // Too narrow for the words beside: they go under, set in.
        assert_eq!(
            pairs(&lines[1..], "", Style::plain(24)),
            "groups of 2  || ✗\n  row 1: no partner\n"
        );
        // Too narrow for the drawing: the words alone.
        let big = [line(1 << 40, vec![[1, 2]], None, "rows 1 and 2")];
        let out = pairs(&big, "", Style::plain(40));
        assert_eq!(out, "groups of 1099511627776    rows 1 and 2\n");
    }
}
