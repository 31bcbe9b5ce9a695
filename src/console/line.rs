//! Reading one line at a prompt, within a limit.
//!
//! A line longer than [`LONGEST_LINE`] ends the command at once, naming the
//! limit, and nothing more is read: endless input such as `/dev/zero`
//! cannot fill the memory. A shorter line that is not UTF-8 text is handed
//! back as such, so the prompt can say sorry and ask again.

use crate::rules::commas::with_commas;
use std::io::{self, BufRead, Read};

/// The longest line read at a prompt, in bytes.
pub(crate) const LONGEST_LINE: usize = 4096;

/// The most lines one command reads at its prompts: far more than any
/// class types in a lesson or a game, and few enough to answer within a
/// second.
pub(crate) const MOST_PROMPT_LINES: usize = 10_000;

/// One line read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Line {
    /// A line of text, without its line ending.
    Text(String),
    /// A line whose bytes are not UTF-8 text.
    NotText,
    /// The input has ended.
    End,
}

/// Why a line could not be read.
#[derive(Debug, thiserror::Error)]
pub enum LineError {
    /// The line is longer than the limit.
    #[error(
        "a line of input is longer than {} bytes, the most a prompt reads",
        with_commas(LONGEST_LINE as u128)
    )]
    TooLong,
    /// More lines than [`MOST_PROMPT_LINES`] were read.
    #[error(
        "more than {} lines were read at the prompt, the most one command reads",
        with_commas(MOST_PROMPT_LINES as u128)
    )]
    TooMany,
    /// The input could not be read.
    #[error("cannot read the input: {0}")]
    Io(#[from] io::Error),
}

/// Reads one line from `input`.
pub(crate) fn read_line(input: &mut dyn BufRead) -> Result<Line, LineError> {
    let mut bytes = Vec::new();
    input
        .take(LONGEST_LINE as u64 + 1)
        .read_until(b'\n', &mut bytes)?;
    if bytes.is_empty() {
        return Ok(Line::End);
    }
    match bytes.last() {
        Some(b'\n') => {
            bytes.pop();
        }
        // No line ending within the limit: too long, unless the input
        // simply ended there.
        _ if bytes.len() > LONGEST_LINE => return Err(LineError::TooLong),
        _ => {}
    }
    if bytes.last() == Some(&b'\r') {
        bytes.pop();
    }
    Ok(match String::from_utf8(bytes) {
        Ok(text) => Line::Text(text),
        Err(_) => Line::NotText,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(input: &[u8]) -> Vec<Result<Line, String>> {
        let mut input = input;
        let mut out = Vec::new();
        loop {
            let line = read_line(&mut input).map_err(|e| e.to_string());
            let stop = !matches!(line, Ok(Line::Text(_)) | Ok(Line::NotText));
            out.push(line);
            if stop {
                return out;
            }
        }
    }

    #[test]
    fn lines_endings_and_bytes() {
        assert_eq!(
            lines(b"2 3\r\nhint\n\xff\nlast"),
            vec![
                Ok(Line::Text("2 3".into())),
                Ok(Line::Text("hint".into())),
                Ok(Line::NotText),
                Ok(Line::Text("last".into())),
                Ok(Line::End),
            ]
        );
    }

    #[test]
    fn a_line_past_the_limit_stops_the_reading() {
        let mut long = vec![b'1'; LONGEST_LINE];
        long.push(b'\n');
        assert_eq!(lines(&long)[0], Ok(Line::Text("1".repeat(LONGEST_LINE))));
        let endless = vec![0u8; LONGEST_LINE * 3];
        assert_eq!(
            lines(&endless),
            vec![Err(
                "a line of input is longer than 4,096 bytes, the most a prompt reads".to_string()
            )]
        );
    }
}
