//! The pupils of a class: their names, as typed, and the tokens their
//! devices carry. A name is any printable text a child might type,
//! `<b>Sam</b>` and `=1+1` included: it is only ever shown as text. It
//! must not be empty, longer than [`LONGEST_NAME`] or hold a control
//! character, and no two pupils share one, whatever its capitals.

use std::time::Instant;

use super::limit::Bucket;
use super::secret::{NoRandom, Secret};

/// The most pupils in a class.
pub(crate) const MOST_PUPILS: usize = 60;

/// The most characters in a pupil's name.
pub(crate) const LONGEST_NAME: usize = 20;

/// A pupil, by their place in the class: the order they joined in.
pub type PupilId = usize;

/// A pupil.
#[derive(Debug)]
pub(crate) struct Pupil {
    /// Their name, as typed, without the spaces at either end.
    pub(crate) name: String,
    /// What their device sends with every request.
    pub(crate) token: Secret,
    /// How many answers, hints and moves they may still send at once.
    pub(crate) bucket: Bucket,
}

/// Why a pupil could not join.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub(crate) enum NotJoined {
    /// The name cannot be a name.
    #[error("{0}")]
    BadName(String),
    /// Another pupil has the name.
    #[error("the name '{0}' is taken in this class: add the first letter of your surname")]
    Taken(String),
    /// The class has all the pupils it may have.
    #[error("the class is full: it has {MOST_PUPILS} pupils, the most a class may have")]
    Full,
    /// The system gave no random numbers for a token.
    #[error("the server could not make a token: {0}")]
    NoRandom(NoRandom),
}

/// Every pupil of a class, in the order they joined.
#[derive(Debug, Default)]
pub(crate) struct Roll {
    pupils: Vec<Pupil>,
}

impl Roll {
    /// Adds a pupil called `given`, or says why not.
    pub(crate) fn join(&mut self, given: &str, now: Instant) -> Result<PupilId, NotJoined> {
        let name = name(given).map_err(NotJoined::BadName)?;
        let lower = name.to_lowercase();
        if let Some(taken) = self.pupils.iter().find(|p| p.name.to_lowercase() == lower) {
            return Err(NotJoined::Taken(taken.name.clone()));
        }
        if self.pupils.len() >= MOST_PUPILS {
            return Err(NotJoined::Full);
        }
        let token = Secret::new().map_err(NotJoined::NoRandom)?;
        self.pupils.push(Pupil {
            name,
            token,
            bucket: Bucket::new(now),
        });
        Ok(self.pupils.len() - 1)
    }

    /// The pupil whose token is `token`. Every pupil's token is compared,
    /// each in constant time, so the time taken tells nothing of which
    /// came close.
    pub(crate) fn find(&self, token: &str) -> Option<PupilId> {
        self.pupils
            .iter()
            .enumerate()
            .fold(None, |found, (id, p)| match p.token.is(token) {
                true => Some(id),
                false => found,
            })
    }

    pub(crate) fn get(&self, id: PupilId) -> &Pupil {
        &self.pupils[id]
    }

    pub(crate) fn get_mut(&mut self, id: PupilId) -> &mut Pupil {
        &mut self.pupils[id]
    }

    /// How many have joined.
    pub(crate) fn len(&self) -> usize {
        self.pupils.len()
    }

    /// Every name, in the order they joined.
    pub(crate) fn names(&self) -> Vec<&str> {
        self.pupils.iter().map(|p| p.name.as_str()).collect()
    }
}

/// `given` as a name: without the spaces at either end, and within the
/// rules of a name; or why it is not one.
pub(crate) fn name(given: &str) -> Result<String, String> {
    let name = given.trim();
    let length = name.chars().count();
    if name.is_empty() {
        return Err("type your first name: a name cannot be empty".to_string());
    }
    if length > LONGEST_NAME {
        return Err(format!(
            "a name may have at most {LONGEST_NAME} characters; this one has {length}"
        ));
    }
    if name.chars().any(char::is_control) {
        return Err(
            "a name cannot hold a control character, such as a new line or a tab".to_string(),
        );
    }
    Ok(name.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_any_printable_text_of_1_to_20_characters() {
        let cases: &[(&str, Option<&str>)] = &[
            ("Sam", Some("Sam")),
            ("  Sam B ", Some("Sam B")),
            ("<b>Sam</b>", Some("<b>Sam</b>")),
            ("=1+1", Some("=1+1")),
            ("@x", Some("@x")),
            ("-2", Some("-2")),
            ("\"Jo\", \"Al\"", Some("\"Jo\", \"Al\"")),
            ("Zoë", Some("Zoë")),
            ("ééééééééééééééééééé", Some("ééééééééééééééééééé")),
            ("12345678901234567890", Some("12345678901234567890")),
            ("123456789012345678901", None),
            ("", None),
            ("   ", None),
            ("Sam\nB", None),
            ("Sam\tB", None),
            ("\u{1b}[31mSam", None),
            ("Sam\u{7f}", None),
        ];
        for &(given, expected) in cases {
            assert_eq!(name(given).ok().as_deref(), expected, "{given:?}");
        }
    }

    #[test]
    fn a_name_is_taken_whatever_its_capitals_and_the_roll_is_capped() {
        let now = Instant::now();
        let mut roll = Roll::default();
        let sam = roll.join("Sam", now).unwrap();
        assert_eq!(
            roll.join(" sAM ", now),
            Err(NotJoined::Taken("Sam".to_string()))
        );
        for i in 1..MOST_PUPILS {
            roll.join(&format!("pupil {i}"), now).unwrap();
        }
        assert_eq!(roll.join("one more", now), Err(NotJoined::Full));
        assert_eq!(roll.len(), MOST_PUPILS);
        let token = roll.get(sam).token.clone();
        assert_eq!(roll.find(token.as_str()), Some(sam));
        assert_eq!(roll.find("0123456789abcdef0123456789abcdef"), None);
        assert_eq!(roll.find(""), None);
    }
}
