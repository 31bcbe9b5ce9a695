//! The parameters of a request, read from its query string through the same
//! functions as the command line's words, so the page and the command line
//! accept the same input and refuse it with the same messages.
//!
//! `position=3,5,7` (commas or spaces), `normal=1`, `take=1-3`, and for a
//! move either `to=2,5,7` or `row=3&remove=2`. A flag is on when it is
//! present with any value but `0` or `false`.

use std::collections::BTreeMap;

use crate::request;
use crate::request::error::Error;
use crate::rules::nim::Nim;
use crate::rules::position::Position;

/// The parameters of one request, by name.
#[derive(Clone, Debug, Default)]
pub struct Params {
    values: BTreeMap<String, String>,
}

/// A request's parameters could not be used.
#[derive(Debug, thiserror::Error)]
pub enum ParamError {
    /// A parameter the request does not know.
    #[error("unknown parameter '{0}': the parameters here are {1}")]
    Unknown(String, String),
    /// A parameter the request needs.
    #[error("missing parameter '{0}'")]
    Missing(&'static str),
    /// What the command line would say about the same input.
    #[error("{0}")]
    Input(#[from] Error),
}

impl Params {
    /// Reads a query string, allowing only the names in `known`.
    pub fn parse(query: Option<&str>, known: &[&str]) -> Result<Params, ParamError> {
        let mut values = BTreeMap::new();
        for (name, value) in form_urlencoded(query.unwrap_or("")) {
            if !known.contains(&name.as_str()) {
                return Err(ParamError::Unknown(name, known.join(", ")));
            }
            values.insert(name, value);
        }
        Ok(Params { values })
    }

    /// The value of `name`, if given.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.values.get(name).map(String::as_str)
    }

    /// Whether the flag `name` is on.
    pub fn flag(&self, name: &str) -> bool {
        self.get(name).is_some_and(|v| v != "0" && v != "false")
    }

    /// The rows named by `name`, read as the command line reads its words.
    pub fn position(&self, name: &'static str) -> Result<Position, ParamError> {
        let words = self.get(name).ok_or(ParamError::Missing(name))?;
        Ok(Position::parse(&[words]).map_err(Error::from)?)
    }

    /// The game named by `normal` and `take`.
    pub fn game(&self) -> Result<Nim, ParamError> {
        Ok(request::game(self.flag("normal"), self.get("take"))?)
    }
}

/// The pairs of an `application/x-www-form-urlencoded` string, decoded.
fn form_urlencoded(text: &str) -> Vec<(String, String)> {
    text.split('&')
        .filter(|pair| !pair.is_empty())
        .map(|pair| {
            let (name, value) = pair.split_once('=').unwrap_or((pair, ""));
            (decode(name), decode(value))
        })
        .collect()
}

/// Percent-decoding, with `+` for a space. Bytes that do not decode to
/// UTF-8 text are replaced, and the parsers then refuse them by name.
fn decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| (b as char).to_digit(16);
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' if i + 2 < bytes.len() => match (hex(bytes[i + 1]), hex(bytes[i + 2])) {
                (Some(high), Some(low)) => {
                    out.push((high * 16 + low) as u8);
                    i += 2;
                }
                _ => out.push(b'%'),
            },
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn queries_decode() {
        assert_eq!(
            form_urlencoded("position=3%2C5+7&normal=1&&take"),
            vec![
                ("position".to_string(), "3,5 7".to_string()),
                ("normal".to_string(), "1".to_string()),
                ("take".to_string(), String::new()),
            ]
        );
        assert_eq!(decode("100%"), "100%");
        assert_eq!(decode("%zz%4"), "%zz%4");
    }

    #[test]
    fn parameters_read_as_the_command_line_reads_words() {
        let p = Params::parse(
            Some("position=3,5,7&normal=1&take=1-3"),
            &["position", "normal", "take"],
        )
        .unwrap();
        assert_eq!(p.position("position").unwrap().piles(), &[3, 5, 7]);
        assert!(p.flag("normal") && !p.flag("xor"));
        let bad = Params::parse(Some("position=3,x"), &["position"]).unwrap();
        assert_eq!(
            bad.position("position").unwrap_err().to_string(),
            "'x' is not a row size: use a whole number such as 3"
        );
        let unknown = Params::parse(Some("rows=3"), &["position"]).unwrap_err();
        assert_eq!(
            unknown.to_string(),
            "unknown parameter 'rows': the parameters here are position"
        );
    }
}
