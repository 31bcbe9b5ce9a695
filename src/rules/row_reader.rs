//! Reading row sizes from text: the words on a command line, or a stream as
//! long as a million rows (`matchsticks explain -`).
//!
//! Both go through one reader, so `3,5,7`, `3 5 7`, one number a line, or
//! any mix mean the same everywhere, and an empty entry (`3,,5`) is named
//! wherever it appears. A stream is read in chunks, byte by byte, with
//! limits on its rows and bytes that are checked as it goes, so endless
//! input is refused as soon as it passes them.

use std::io::BufRead;

use super::position::Position;

use super::commas::with_commas;

/// Why some words are not a position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// A word that should be a number is not one.
    #[error("'{text}' is not a {what}: {why}")]
    BadNumber {
        /// The word as typed, made `printable`.
        text: String,
        /// What it should have been: "row size", "number of sticks".
        what: &'static str,
        /// What is wrong with it.
        why: &'static str,
    },
    /// No row sizes were given.
    #[error(
        "no rows given: type how many sticks each row has, for example `matchsticks explain 3 5 7`"
    )]
    NoRows,
    /// Two commas with nothing between them.
    #[error("entry {entry} is empty: put a number between the commas")]
    EmptyEntry {
        /// Which entry, counting from 1.
        entry: usize,
    },
    /// An entry of a stream is not a row size.
    #[error("entry {entry}: {problem}")]
    Entry {
        /// Which entry, counting from 1.
        entry: usize,
        /// What is wrong with it.
        problem: Box<PositionError>,
    },
    /// A stream holds more rows than the tool reads.
    #[error(
        "more than {} rows: that is the most the tool reads",
        with_commas(MOST_ROWS_READ as u128)
    )]
    TooManyRows,
    /// A stream is longer than the tool reads.
    #[error(
        "more than {} bytes (64 MiB) of rows: that is the most the tool reads",
        with_commas(MOST_BYTES_READ as u128)
    )]
    TooMuchInput,
    /// The stream could not be read.
    #[error("cannot read the rows: {0}")]
    Read(String),
}

impl Position {
    /// Reads rows from command-line words. Each word may hold one number or
    /// several separated by commas.
    pub fn parse<S: AsRef<str>>(words: &[S]) -> Result<Position, PositionError> {
        from_words(words).map(Position::new)
    }

    /// Reads rows from a stream: numbers separated by commas, spaces or
    /// new lines, within `MOST_ROWS_READ` and `MOST_BYTES_READ`.
    pub(crate) fn read(input: &mut dyn BufRead) -> Result<Position, PositionError> {
        from_stream(input).map(Position::new)
    }
}

/// Reads a whole number from 0 to `u64::MAX`; `what` names it in the error
/// ("row size", "number of sticks").
pub(crate) fn parse_number(text: &str, what: &'static str) -> Result<u64, PositionError> {
    let bad = |why: &'static str| PositionError::BadNumber {
        text: printable(text),
        what,
        why,
    };
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    let unsigned = text.strip_prefix('-').unwrap_or(text);
    match (text.starts_with('-'), digits(unsigned)) {
        (true, true) if unsigned.bytes().any(|b| b != b'0') => Err(bad("it cannot be negative")),
        (_, true) => unsigned
            .parse::<u64>()
            .map_err(|_| bad("too big: the largest allowed is 18,446,744,073,709,551,615")),
        (_, false) => Err(bad("use a whole number such as 3")),
    }
}

/// `text` ready to quote in a message: control characters (a new line, a
/// form feed, an escape) are written as escapes such as `\n` or `\u{c}`.
/// A message quotes what the user typed or piped in, and must stay on one
/// line and never move the cursor or colour the terminal.
pub(crate) fn printable(text: &str) -> String {
    text.chars()
        .map(|c| match is_unprintable(c) {
            true => c.escape_default().to_string(),
            false => c.to_string(),
        })
        .collect()
}

/// A pupil's line as it can be shown back to them: a tab as a space, and
/// any other control character the way a terminal shows a key it does not
/// print, `^[` for Escape (so the arrow key up is `^[[A`), `^?` for
/// Delete; what else [`printable`] escapes it escapes the same way. Never a
/// raw control character, and never Rust's `\u{1b}`, which a teacher
/// would not know.
pub(crate) fn readable(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            '\t' => " ".to_string(),
            '\0'..='\u{1f}' => format!("^{}", char::from(c as u8 + 0x40)),
            '\u{7f}' => "^?".to_string(),
            c if is_unprintable(c) => c.escape_default().to_string(),
            c => c.to_string(),
        })
        .collect()
}

/// Whether `c` would break a line, move the cursor or colour the terminal
/// if it were printed: a control character, or a line or paragraph
/// separator, which are not control characters but end a line all the
/// same; or a mark that turns the text around it right to left, so that
/// what is shown is not what is written. [`printable`] escapes these.
pub(crate) fn is_unprintable(c: char) -> bool {
    c.is_control() || matches!(c, '\u{2028}' | '\u{2029}') || is_turning(c)
}

/// Whether `c` is one of the invisible marks that change the direction of
/// the text after it: "\u{202e}evil" is shown as "live".
pub(crate) fn is_turning(c: char) -> bool {
    matches!(
        c,
        '\u{061c}' | '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}'
    )
}

/// The most rows read from a stream.
pub(crate) const MOST_ROWS_READ: usize = 2_000_000;

/// The most bytes read from a stream: 64 MiB.
pub(crate) const MOST_BYTES_READ: usize = 64 << 20;

/// The most bytes of an entry a message quotes.
const QUOTED: usize = 64;

/// Reads row sizes entry by entry. Entries are separated by commas or white
/// space; every comma must stand between two entries.
#[derive(Debug)]
struct RowReader {
    rows: Vec<u64>,
    /// The entry being read, as bytes.
    entry: Vec<u8>,
    /// Entries started so far, counting the one being read.
    entries: usize,
    /// Whether an entry is due before the next comma: at the start, and
    /// after every comma.
    entry_due: bool,
    /// Whether the text is a stream, whose errors name the entry's number
    /// (command-line words speak for themselves).
    numbered: bool,
}

impl RowReader {
    fn new(numbered: bool) -> RowReader {
        RowReader {
            rows: Vec::new(),
            entry: Vec::new(),
            entries: 0,
            entry_due: true,
            numbered,
        }
    }

    fn feed(&mut self, bytes: &[u8]) -> Result<(), PositionError> {
        let mut i = 0;
        while i < bytes.len() {
            let b = bytes[i];
            if b.is_ascii_digit() && self.entry.is_empty() {
                // The common case, a run of digits that fits in 64 bits and
                // ends in this chunk, is read straight from it; anything
                // else is kept as an entry and read when it ends.
                let start = i;
                let (run, row) = digits(&bytes[i..]);
                i += run;
                let digits = &bytes[start..i];
                self.entries += 1;
                match (row, bytes.get(i)) {
                    (Some(row), Some(&b)) if is_separator(b) => {
                        self.push(row)?;
                        // A space or a line end after a row ends nothing
                        // more: the entry is read.
                        if matches!(b, b' ' | b'\t' | b'\n' | b'\r') {
                            i += 1;
                        }
                    }
                    _ => self.entry.extend_from_slice(digits),
                }
                continue;
            }
            i += 1;
            match b {
                b',' => {
                    self.end_entry()?;
                    if self.entry_due {
                        return Err(self.empty_entry());
                    }
                    self.entry_due = true;
                }
                b' ' | b'\t' | b'\n' | b'\r' => self.end_entry()?,
                _ => {
                    if self.entry.is_empty() {
                        self.entries += 1;
                    }
                    // All of it: a number may have any count of leading
                    // zeros, so its end is needed to read it. The stream's
                    // byte limit bounds an entry too.
                    self.entry.push(b);
                }
            }
        }
        Ok(())
    }

    /// An empty entry: the one after the last comma.
    fn empty_entry(&mut self) -> PositionError {
        PositionError::EmptyEntry {
            entry: self.entries + 1,
        }
    }

    fn end_entry(&mut self) -> Result<(), PositionError> {
        if self.entry.is_empty() {
            return Ok(());
        }
        // The common case, plain digits that fit in 64 bits, is read here
        // byte by byte; anything else goes through `parse_number`.
        let digits = (self.entry.iter()).try_fold(0u64, |n, &d| match d.is_ascii_digit() {
            true => n.checked_mul(10)?.checked_add(u64::from(d - b'0')),
            false => None,
        });
        let row = match digits {
            Some(row) => row,
            None => self.parsed()?,
        };
        self.entry.clear();
        self.push(row)
    }

    /// Keeps `row`, the entry just read, within [`MOST_ROWS_READ`].
    fn push(&mut self, row: u64) -> Result<(), PositionError> {
        if self.rows.len() == MOST_ROWS_READ {
            return Err(PositionError::TooManyRows);
        }
        self.rows.push(row);
        self.entry_due = false;
        Ok(())
    }

    /// The entry read by `parse_number`, or what is wrong with it.
    fn parsed(&self) -> Result<u64, PositionError> {
        let text = String::from_utf8_lossy(&self.entry);
        parse_number(&text, "row size").map_err(|e| {
            // Quote a long entry's start, not all of it.
            let e = match e {
                PositionError::BadNumber { what, why, .. } if self.entry.len() > QUOTED => {
                    PositionError::BadNumber {
                        text: printable(&String::from_utf8_lossy(&self.entry[..QUOTED])),
                        what,
                        why,
                    }
                }
                e => e,
            };
            match self.numbered {
                true => PositionError::Entry {
                    entry: self.entries,
                    problem: Box::new(e),
                },
                false => e,
            }
        })
    }

    fn finish(mut self) -> Result<Vec<u64>, PositionError> {
        self.end_entry()?;
        match (self.rows.is_empty(), self.entry_due) {
            (true, _) => Err(PositionError::NoRows),
            (false, true) => Err(self.empty_entry()),
            (false, false) => Ok(self.rows),
        }
    }
}

/// Whether `b` separates two entries.
/// The run of digits `bytes` starts with: its length, and its value when
/// it fits in 64 bits. Eight digits at a time while there are eight, then
/// one at a time; nineteen digits always fit, and past them each digit is
/// checked.
fn digits(bytes: &[u8]) -> (usize, Option<u64>) {
    let mut value = 0u64;
    let mut len = 0;
    while len < 16
        && let Some(word) = bytes.get(len..len + 8)
    {
        let word = u64::from_le_bytes(word.try_into().expect("eight bytes"));
        match eight_digits(word) {
            Some(eight) => value = value * 100_000_000 + eight,
            None => break,
        }
        len += 8;
    }
    let mut fits = true;
    while let Some(&d) = bytes.get(len).filter(|d| d.is_ascii_digit()) {
        let d = u64::from(d - b'0');
        match len < 19 {
            true => value = value * 10 + d,
            false => match value.checked_mul(10).and_then(|v| v.checked_add(d)) {
                Some(more) => value = more,
                None => fits = false,
            },
        }
        len += 1;
    }
    (len, fits.then_some(value))
}

/// The value of eight ASCII digits read as a little-endian word, or `None`
/// when a byte is not a digit.
fn eight_digits(word: u64) -> Option<u64> {
    const ZEROS: u64 = 0x3030_3030_3030_3030;
    // A byte is a digit when it is at least '0' and adding 0x46 leaves it
    // below 0x80 (at most '9'): neither sets a byte's top bit.
    let low = word.wrapping_sub(ZEROS);
    let high = word.wrapping_add(0x4646_4646_4646_4646);
    if (low | high) & 0x8080_8080_8080_8080 != 0 {
        return None;
    }
    // Pairs, then fours, then all eight: the first byte is the first digit.
    let pairs = (low.wrapping_mul(10) + (low >> 8)) & 0x00ff_00ff_00ff_00ff;
    let fours = (pairs.wrapping_mul(100) + (pairs >> 16)) & 0x0000_ffff_0000_ffff;
    Some((fours.wrapping_mul(10_000) + (fours >> 32)) & 0xffff_ffff)
}

fn is_separator(b: u8) -> bool {
    matches!(b, b',' | b' ' | b'\t' | b'\n' | b'\r')
}

/// The rows in command-line words.
pub(crate) fn from_words<S: AsRef<str>>(words: &[S]) -> Result<Vec<u64>, PositionError> {
    let mut reader = RowReader::new(false);
    for word in words {
        reader.feed(word.as_ref().as_bytes())?;
        reader.feed(b" ")?;
    }
    reader.finish()
}

/// The bytes asked of a stream of rows at a time.
const STREAM_CHUNK: usize = 1 << 20;

/// The rows in a stream, within [`MOST_ROWS_READ`] and [`MOST_BYTES_READ`].
pub(crate) fn from_stream(input: &mut dyn BufRead) -> Result<Vec<u64>, PositionError> {
    // The stream is read to its end, so a big buffer of its own takes
    // nothing from whoever reads it next, and asks the system for the rows
    // in a few large reads rather than thousands of small ones.
    let mut input = std::io::BufReader::with_capacity(STREAM_CHUNK, input);
    let mut reader = RowReader::new(true);
    let mut read = 0usize;
    loop {
        let chunk = input
            .fill_buf()
            .map_err(|e| PositionError::Read(e.to_string()))?;
        if chunk.is_empty() {
            return reader.finish();
        }
        let len = chunk.len();
        if read + len > MOST_BYTES_READ {
            return Err(PositionError::TooMuchInput);
        }
        reader.feed(chunk)?;
        input.consume(len);
        read += len;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(text: &str) -> Result<Vec<u64>, String> {
        let words: Vec<&str> = text.split(' ').collect();
        from_words(&words).map_err(|e| e.to_string())
    }

    fn stream(text: &str) -> Result<Vec<u64>, String> {
        from_stream(&mut text.as_bytes()).map_err(|e| e.to_string())
    }

    #[test]
    fn a_run_of_digits_is_read_eight_at_a_time_as_one_at_a_time() {
        let mut texts: Vec<String> = vec![
            "0".into(),
            "12345678".into(),
            "123456789".into(),
            "18446744073709551615".into(),
            "18446744073709551616".into(),
            "99999999999999999999".into(),
            "0000000000000000000000000042".into(),
            "1234567/".into(),
            "12345678:9".into(),
        ];
        // Every digit, and every byte after a run, at each place.
        for len in 1..=21 {
            for b in (0..=255u8).step_by(7) {
                let mut text = "9".repeat(len).into_bytes();
                text.push(b);
                texts.push(String::from_utf8_lossy(&text).into_owned());
            }
        }
        for text in texts {
            let bytes = text.as_bytes();
            let run = bytes.iter().take_while(|b| b.is_ascii_digit()).count();
            let value = text[..run].parse::<u64>().ok();
            assert_eq!(digits(bytes), (run, value), "{text:?}");
        }
    }

    #[test]
    fn spellings_agree_between_words_and_streams() {
        for text in ["3 5 7", "3,5,7", "3, 5 ,7", "3,5 7", " 3  5\t7 "] {
            assert_eq!(words(text), Ok(vec![3, 5, 7]), "{text:?}");
            assert_eq!(stream(text), Ok(vec![3, 5, 7]), "{text:?}");
        }
        assert_eq!(stream("3\n5\r\n7\n"), Ok(vec![3, 5, 7]));
    }

    #[test]
    fn empty_entries_are_named() {
        let empty = |n: usize| {
            Err(format!(
                "entry {n} is empty: put a number between the commas"
            ))
        };
        assert_eq!(words("3,,5"), empty(2));
        assert_eq!(words(",3"), empty(1));
        assert_eq!(words("3,"), empty(2));
        assert_eq!(stream("3, ,5"), empty(2));
        assert_eq!(stream("3\n5,\n,7"), empty(3));
    }

    #[test]
    fn stream_errors_name_the_entry() {
        assert_eq!(
            stream("3 5\nx 7"),
            Err("entry 3: 'x' is not a row size: use a whole number such as 3".to_string())
        );
        assert_eq!(
            words("3 x"),
            Err("'x' is not a row size: use a whole number such as 3".to_string())
        );
        assert_eq!(stream("\n \n"), Err(PositionError::NoRows.to_string()));
        assert_eq!(
            stream("\u{ff}"),
            Err("entry 1: 'ÿ' is not a row size: use a whole number such as 3".to_string())
        );
    }

    #[test]
    fn long_entries_are_read_to_their_end() {
        // Leading zeros make a number as long as you like; it once lost
        // its last digits past 64 bytes, so that 0…05 read as 0.
        let zeros = "0".repeat(70);
        assert_eq!(words(&format!("{zeros}5 7")), Ok(vec![5, 7]));
        assert_eq!(stream(&format!("-{zeros}\n{zeros}12")), Ok(vec![0, 12]));
        assert_eq!(
            words(&format!("-{zeros}1")),
            Err(format!(
                "'-{}' is not a row size: it cannot be negative",
                &zeros[..63]
            ))
        );
        // A message quotes only the start.
        assert_eq!(
            stream(&format!("{}x", "1".repeat(100))),
            Err(format!(
                "entry 1: '{}' is not a row size: use a whole number such as 3",
                "1".repeat(64)
            ))
        );
    }

    #[test]
    fn messages_quote_control_characters_as_escapes() {
        // A form feed or an escape inside an entry does not separate rows;
        // quoted as it is, it would break the message's line or reach the
        // terminal.
        assert_eq!(
            stream("3\u{c}5 \u{1b}[31m"),
            Err(r"entry 1: '3\u{c}5' is not a row size: use a whole number such as 3".to_string())
        );
        assert_eq!(
            words("\u{1b}[31m"),
            Err(r"'\u{1b}[31m' is not a row size: use a whole number such as 3".to_string())
        );
        assert_eq!(printable("a\u{2028}b\u{85}ü"), r"a\u{2028}b\u{85}ü");
        // A pupil's line shown back: keys as a terminal shows them.
        assert_eq!(readable("\u{1b}[A\t2\u{7f}"), "^[[A 2^?");
        assert_eq!(readable("a\u{202e}b"), r"a\u{202e}b");
        assert!(readable("\u{1b}\r\n\u{0}").chars().all(|c| !c.is_control()));
    }

    #[test]
    fn streams_stop_at_their_limits() {
        let many = "1 ".repeat(MOST_ROWS_READ + 1);
        assert_eq!(stream(&many), Err(PositionError::TooManyRows.to_string()));
        assert_eq!(
            stream(&"1 ".repeat(MOST_ROWS_READ)).map(|r| r.len()),
            Ok(MOST_ROWS_READ)
        );
        // Endless input: a reader that never runs dry is refused at the byte
        // limit, long before memory runs out.
        let mut spaces = std::io::repeat(b' ');
        let mut endless = std::io::BufReader::new(&mut spaces);
        assert_eq!(from_stream(&mut endless), Err(PositionError::TooMuchInput));
    }

    fn check_words(words: &[&str], expected: Result<&[u64], &str>) {
        let got = Position::parse(words);
        match (got, expected) {
            (Ok(p), Ok(piles)) => assert_eq!(p.piles(), piles),
            (Err(e), Err(message)) => assert_eq!(e.to_string(), message),
            (got, expected) => panic!("{words:?}: got {got:?}, expected {expected:?}"),
        }
    }

    #[test]
    fn spellings() {
        check_words(&["3", "5", "7"], Ok(&[3, 5, 7]));
        check_words(&["3,5,7"], Ok(&[3, 5, 7]));
        check_words(&["3,5", "7"], Ok(&[3, 5, 7]));
        check_words(&["3 5 7"], Ok(&[3, 5, 7]));
        check_words(&["0", "-0"], Ok(&[0, 0]));
        check_words(&["18446744073709551615"], Ok(&[u64::MAX]));
    }

    #[test]
    fn errors() {
        check_words(
            &["3,x,5"],
            Err("'x' is not a row size: use a whole number such as 3"),
        );
        check_words(
            &["-1"],
            Err("'-1' is not a row size: it cannot be negative"),
        );
        check_words(
            &["18446744073709551616"],
            Err(
                "'18446744073709551616' is not a row size: too big: the largest allowed is 18,446,744,073,709,551,615",
            ),
        );
        check_words(
            &["2.5"],
            Err("'2.5' is not a row size: use a whole number such as 3"),
        );
        check_words(&[], Err(PositionError::NoRows.to_string().as_str()));
        check_words(
            &[","],
            Err("entry 1 is empty: put a number between the commas"),
        );
    }
}
