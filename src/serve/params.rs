//! The parameters of a request, read from its query string and handed to
//! the game as the words of its question ([`Words`]), so the page and the
//! command line accept the same input and refuse it with the same
//! messages.
//!
//! Each game names its own parameters: Nim's `position=3,5,7` (commas or
//! spaces), `normal=1`, `take=1-3`, and for a move either `to=2,5,7` or
//! `row=3&remove=2`; Chomp's `shape=4x5` and `bite=2,3`. A flag is on when
//! it is present with any value but `0` or `false`. A parameter given twice
//! is refused, as a JSON body's field given twice is.

use std::collections::BTreeMap;

use crate::request;
use crate::request::check::{Checked, Refused};
use crate::request::error::Error;
use crate::rules::commas::with_commas;
use crate::teach::queried::{Queried, Words};

/// The questions a query string may ask of a game, each with the
/// parameters it knows. A route reads its query by these names, and the
/// estimate of its cost refuses the same unknown names, so that a request
/// it will refuse never takes a place for an expensive one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Question {
    /// `/api/…/explain`.
    Explain,
    /// `/page/…/explain`.
    PageExplain,
    /// `/api/…/check`.
    Check,
    /// `/page/…/check`, whose reply draws the board after the move.
    PageCheck,
    /// `/page/…/board`.
    Board,
}

impl Question {
    /// The parameters this question knows in game `G`.
    pub(crate) fn known<G: Queried>(self) -> Vec<&'static str> {
        let position = &[G::POSITION_WORDS][..];
        let (before, after) = match self {
            Question::Explain => (&[][..], G::EXPLAIN_FLAGS),
            Question::PageExplain => (&[][..], G::PAGE_EXPLAIN_FLAGS),
            Question::Check | Question::PageCheck => (G::MOVE_WORDS, &[][..]),
            Question::Board => (&[][..], &[][..]),
        };
        [position, before, G::RULE_FLAGS, G::RULE_WORDS, after].concat()
    }

    /// Whether its reply draws the position on the page, which refuses
    /// one too big to draw ([`LARGEST_DRAWING`]).
    pub(crate) fn draws(self) -> bool {
        matches!(
            self,
            Question::PageExplain | Question::PageCheck | Question::Board
        )
    }
}

/// The most pieces of one position the page draws (Nim's rows and their
/// groups, a bar's squares): each is drawn once or more in every step, so
/// a position at this limit makes a reply of about 10 MB, and about three
/// times as much memory while it is made. A bigger one is refused: the
/// command line and `/api/` take it.
pub(crate) const LARGEST_DRAWING: u64 = 10_000;

/// The parameters of the table of positions.
pub(crate) const TABLE_PARAMS: [&str; 4] = ["position", "normal", "take", "losing"];

/// The parameters of one request, by name.
#[derive(Clone, Debug, Default)]
pub(crate) struct Params {
    values: BTreeMap<String, String>,
}

/// A request's parameters could not be used.
#[derive(Debug, thiserror::Error)]
pub(crate) enum ParamError {
    /// A parameter the request does not know.
    #[error("unknown parameter '{0}': the parameters here are {1}")]
    Unknown(String, String),
    /// A parameter the request needs.
    #[error("missing parameter '{0}'")]
    Missing(&'static str),
    /// A parameter given more than once, which could mean either value.
    #[error("the parameter '{0}' is given more than once: give it once")]
    Twice(String),
    /// A position bigger than the page draws.
    #[error(
        "the page draws at most {} {what} of a position, and this one has {}: use fewer or smaller rows, or the command line",
        with_commas(u128::from(LARGEST_DRAWING)),
        with_commas(u128::from(*pieces))
    )]
    TooBigToDraw {
        /// What the drawing is made of: "rows and groups".
        what: &'static str,
        /// How many pieces the position has.
        pieces: u64,
    },
    /// What the command line would say about the same input.
    #[error("{0}")]
    Input(#[from] Error),
}

impl Params {
    /// Reads a query string, allowing only the names in `known`, each once,
    /// as a JSON body allows each field once.
    pub(crate) fn parse(query: Option<&str>, known: &[&str]) -> Result<Params, ParamError> {
        let mut values = BTreeMap::new();
        for (name, value) in form_urlencoded(query.unwrap_or("")) {
            if !known.contains(&name.as_str()) {
                return Err(ParamError::Unknown(name, known.join(", ")));
            }
            if values.contains_key(&name) {
                return Err(ParamError::Twice(name));
            }
            values.insert(name, value);
        }
        Ok(Params { values })
    }

    /// The value of `name`, if given.
    pub(crate) fn get(&self, name: &str) -> Option<&str> {
        self.values.get(name).map(String::as_str)
    }

    /// Whether the flag `name` is on.
    pub(crate) fn flag(&self, name: &str) -> bool {
        self.get(name).is_some_and(|v| v != "0" && v != "false")
    }

    /// The position the game's words give, as [`Params::position`] reads
    /// it, when the page may draw it: of at most [`LARGEST_DRAWING`]
    /// pieces.
    pub(crate) fn drawable<G: Queried>(&self) -> Result<G::Position, ParamError> {
        let position = self.position::<G>()?;
        match G::pieces(&position) {
            pieces if pieces > LARGEST_DRAWING => Err(ParamError::TooBigToDraw {
                what: G::PIECES,
                pieces,
            }),
            _ => Ok(position),
        }
    }

    /// The position the game's words give, read as the command line reads
    /// them.
    pub(crate) fn position<G: Queried>(&self) -> Result<G::Position, ParamError> {
        let name = G::POSITION_WORDS;
        let words = self.words(name).ok_or(ParamError::Missing(name))?;
        Ok(G::position(&words, None).map_err(Error::game)?)
    }

    /// The game the parameters choose: Nim's `normal` and `take`.
    pub(crate) fn rules<G: Queried>(&self) -> Result<G, ParamError> {
        Ok(G::rules(self).map_err(Error::game)?)
    }

    /// Refuses the first of `names` not given.
    pub(crate) fn needs(&self, names: &[&'static str]) -> Result<(), ParamError> {
        match names.iter().find(|&&name| self.get(name).is_none()) {
            Some(&missing) => Err(ParamError::Missing(missing)),
            None => Ok(()),
        }
    }

    /// The move the parameters give, as typed. The words every move needs
    /// are asked for first, with the position's, by [`Params::needs`].
    pub(crate) fn typed<G: Queried>(&self) -> Result<G::Typed, ParamError> {
        Ok(G::typed(self).map_err(Error::game)?)
    }

    /// What the parameters ask an explanation in `game` to add.
    pub(crate) fn extras<G: Queried>(&self, game: &G) -> Result<G::Extras, ParamError> {
        Ok(game.extras(self).map_err(Error::game)?)
    }
}

impl Words for Params {
    fn words(&self, name: &str) -> Option<Vec<String>> {
        self.get(name).map(|value| vec![value.to_string()])
    }

    fn flag(&self, name: &str) -> bool {
        Params::flag(self, name)
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

/// A move judged, or refused with why.
type CheckAnswer<G> = Result<Checked<G>, Refused<G>>;

/// A check question from a query string, for `/api/…/check` and
/// `/page/…/check` alike: the game's rules, and the move judged or
/// refused. Every word the question needs is asked for before any is
/// read, and on the page, where the board after the move is drawn, a
/// position too big to draw is refused before anything is worked out.
pub(crate) fn check_question<G: Queried>(
    question: Question,
    query: Option<&str>,
) -> Result<(G, CheckAnswer<G>), ParamError> {
    let p = Params::parse(query, &question.known::<G>())?;
    p.needs(&[&[G::POSITION_WORDS][..], G::MOVE_WORDS_NEEDED].concat())?;
    let position = match question.draws() {
        true => p.drawable::<G>()?,
        false => p.position::<G>()?,
    };
    let game = p.rules::<G>()?;
    let typed = p.typed::<G>()?;
    let checked = request::check::check(&game, position, &typed);
    Ok((game, checked))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::nim::Nim;

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
        assert_eq!(p.position::<Nim>().unwrap().piles(), &[3, 5, 7]);
        assert!(p.flag("normal") && !p.flag("xor"));
        let bad = Params::parse(Some("position=3,x"), &["position"]).unwrap();
        assert_eq!(
            bad.position::<Nim>().unwrap_err().to_string(),
            "'x' is not a row size: use a whole number such as 3"
        );
        let unknown = Params::parse(Some("rows=3"), &["position"]).unwrap_err();
        assert_eq!(
            unknown.to_string(),
            "unknown parameter 'rows': the parameters here are position"
        );
        let twice = Params::parse(
            Some("position=3&normal=1&position=5"),
            &["position", "normal"],
        );
        assert_eq!(
            twice.unwrap_err().to_string(),
            "the parameter 'position' is given more than once: give it once"
        );
    }
}
