//! Breaking text into lines that fit the screen.
//!
//! Lines break only at spaces: a word, a number or a take set such as `1-3`
//! is never split. Words joined by no-break spaces (a move, a short
//! position) stay on one line too, unless they are longer than a line. Each
//! line of the input is wrapped on its own, and a list item (`- ` or `1. `)
//! hangs under its first word.

use textwrap::{Options, WordSeparator, WordSplitter, WrapAlgorithm};

/// The narrowest width a line is ever wrapped to.
pub(crate) const NARROWEST: usize = 20;

/// The narrowest screen the tool lays out for: every explanation, table,
/// game and lesson fits from this width up, and `--width` may not go below
/// it. Drawings of rows and grids need about this much.
pub(crate) const NARROWEST_SCREEN: usize = 40;

/// The widest a terminal's width is taken to be: longer lines are hard to
/// follow on a projector. An explicit width may be wider.
pub(crate) const WIDEST_SCREEN: usize = 100;

/// The no-break space, which holds words together on a line.
const GLUE: char = '\u{a0}';

/// The width on screen of `text`, in columns.
pub fn columns(text: &str) -> usize {
    textwrap::core::display_width(text)
}

/// `text` broken into lines of at most `width` columns. The first line
/// starts with `first`, every other line with `rest`.
pub(crate) fn wrap(text: &str, width: usize, first: &str, rest: &str) -> Vec<String> {
    let mut lines = Vec::new();
    for (i, part) in text.lines().enumerate() {
        let start = if i == 0 { first } else { rest };
        let hang = match part.split_once(' ') {
            Some((marker, _)) if is_list_marker(marker) => " ".repeat(marker.len() + 1),
            _ => String::new(),
        };
        let rest = format!("{rest}{hang}");
        let width = width.max(NARROWEST);
        let room = width.saturating_sub(columns(start).max(columns(&rest)));
        let part = unglue_longer_than(part, room);
        let options = Options::new(width)
            .initial_indent(start)
            .subsequent_indent(&rest)
            .break_words(false)
            .word_separator(WordSeparator::AsciiSpace)
            .word_splitter(WordSplitter::NoHyphenation)
            .wrap_algorithm(WrapAlgorithm::FirstFit);
        let wrapped = textwrap::wrap(&part, &options);
        match wrapped.is_empty() {
            true => lines.push(start.trim_end().to_string()),
            false => lines.extend(wrapped.into_iter().map(|l| l.trim_end().replace(GLUE, " "))),
        }
    }
    if lines.is_empty() {
        lines.push(first.trim_end().to_string());
    }
    lines
}

/// The text with the no-break spaces of any glued words wider than `room`
/// made ordinary, so such words may break rather than run off the line.
/// They give way first only before a word that joins two whole parts (`+`,
/// `→`, `=`, `and`), so a long sum breaks between its terms and a long
/// move between its rows; only where a part is still too wide do all of
/// them give way.
fn unglue_longer_than(text: &str, room: usize) -> String {
    text.split(' ')
        .map(|word| {
            if !word.contains(GLUE) || columns(word) <= room {
                return word.to_string();
            }
            let mut parts = word.split(GLUE).peekable();
            let mut joined = String::new();
            while let Some(part) = parts.next() {
                joined.push_str(part);
                match parts.peek() {
                    Some(next) if JOINERS.contains(next) => joined.push(' '),
                    Some(_) => joined.push(GLUE),
                    None => {}
                }
            }
            match joined.split(' ').all(|part| columns(part) <= room) {
                true => joined,
                false => word.replace(GLUE, " "),
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The words a long glued run may break before: each joins two whole parts.
pub(crate) const JOINERS: &[&str] = &["+", "→", "=", "and", "…"];

/// The text with its no-break spaces made ordinary: for layouts that do
/// not wrap.
pub(crate) fn unglued(text: &str) -> String {
    text.replace(GLUE, " ")
}

/// "-" or a number with a full stop, as at the start of a list item.
pub(crate) fn is_list_marker(word: &str) -> bool {
    let number = word.strip_suffix('.').unwrap_or("");
    word == "-" || (!number.is_empty() && number.bytes().all(|b| b.is_ascii_digit()))
}

/// A list of items joined by `separator`, broken after a separator so no
/// line is longer than `width`: for long lists without spaces, such as the
/// rows of a position written `0,4,5`.
pub(crate) fn chunks(items: &[String], separator: &str, width: usize) -> Vec<String> {
    let mut lines = vec![String::new()];
    for (i, item) in items.iter().enumerate() {
        let piece = match i + 1 == items.len() {
            true => item.clone(),
            false => format!("{item}{separator}"),
        };
        let line = lines.last_mut().expect("there is always a line");
        if !line.is_empty() && columns(line) + columns(piece.trim_end()) > width {
            lines.push(String::new());
        }
        lines.last_mut().expect("just pushed").push_str(&piece);
    }
    lines
        .into_iter()
        .map(|l| l.trim_end().to_string())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_and_take_sets_are_never_split() {
        let text = "a move takes 1-3 sticks from one row; groups of 4 pair off";
        for width in NARROWEST..60 {
            let lines = wrap(text, width, "  ", "    ");
            assert!(lines.iter().all(|l| columns(l) <= width), "{lines:?}");
            let words: Vec<&str> = lines.iter().flat_map(|l| l.split_whitespace()).collect();
            assert_eq!(words.join(" "), text, "width {width}");
        }
    }

    #[test]
    fn glued_words_stay_on_one_line_when_they_fit() {
        let text = "so the answer is take\u{a0}1\u{a0}from\u{a0}row\u{a0}3 (3\u{a0}5\u{a0}7).";
        assert_eq!(
            wrap(text, 30, "", ""),
            ["so the answer is", "take 1 from row 3 (3 5 7)."]
        );
        // Too long for the line: it breaks at its spaces after all.
        let lines = wrap(text, 20, "  ", "  ");
        assert!(lines.iter().all(|l| columns(l) <= 20), "{lines:?}");
        let words: Vec<&str> = lines.iter().flat_map(|l| l.split_whitespace()).collect();
        assert_eq!(words.join(" "), unglued(text));
        assert!(lines.iter().all(|l| !l.contains(GLUE)));
    }

    #[test]
    fn a_long_sum_breaks_only_between_its_terms() {
        let sum = ["7", "=", "4", "+", "2", "+", "1"].join("\u{a0}");
        let text = format!("the row goes to {sum} now");
        assert_eq!(
            wrap(&text, 22, "", ""),
            ["the row goes to", "7 = 4 + 2 + 1 now"]
        );
        // Wider than a line: it breaks before a "+", never after one.
        for width in NARROWEST..30 {
            let long = (0..12).map(|n| (1u64 << n).to_string()).collect::<Vec<_>>();
            let text = long.join("\u{a0}+\u{a0}");
            let lines = wrap(&text, width, "", "");
            assert!(lines.iter().all(|l| columns(l) <= width), "{lines:?}");
            assert!(lines.iter().all(|l| !l.ends_with('+')), "{lines:?}");
        }
    }

    #[test]
    fn list_items_hang_under_their_first_word() {
        let lines = wrap("- one two three four five six\n2. seven", 20, "", "");
        assert_eq!(lines, ["- one two three four", "  five six", "2. seven"]);
    }

    #[test]
    fn long_lists_break_after_a_separator() {
        let items: Vec<String> = (0..12).map(|n| n.to_string()).collect();
        let lines = chunks(&items, ",", 10);
        assert_eq!(lines, ["0,1,2,3,4,", "5,6,7,8,9,", "10,11"]);
        assert!(lines.iter().all(|l| l.len() <= 10));
    }
}
