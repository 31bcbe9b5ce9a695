//! The pupils of a class: their names, as typed, and the tokens their
//! devices carry. A name is any printable text a child might type,
//! `<b>Sam</b>`, `=1+1`, `Zoë` and emoji included: it is only ever shown as
//! text. It must not be empty, longer than [`LONGEST_NAME`] or hold a
//! character that cannot be seen or that turns the text around (a control
//! character, or one of Unicode's format characters such as a zero-width
//! space or a right-to-left override), so that no name can pass for
//! another on the projector. No two pupils in the class share a name, as
//! Unicode's compatibility caseless match compares them ([`Named::same`]).
//!
//! The teacher may remove a pupil: their name and their seat are free
//! again and their token lets no one in, but they stay on the roll, so the
//! lines they already have in the results keep their name.

use std::time::Instant;

use caseless::Caseless;
use unicode_normalization::UnicodeNormalization;
use unicode_properties::{GeneralCategory, UnicodeEmoji, UnicodeGeneralCategory};

use super::limit::Bucket;
use super::secret::{NoRandom, Secret};

/// The most pupils in a class.
pub(crate) const MOST_PUPILS: usize = 60;

/// The most pupils who may join one class, those removed included, so
/// that a class that removes and lets pupils join again stays bounded.
pub(crate) const MOST_JOINED: usize = 120;

/// The most characters in a pupil's name.
pub(crate) const LONGEST_NAME: usize = 20;

/// A pupil, by their place on the roll: the order they joined in.
pub type PupilId = usize;

/// A pupil.
#[derive(Debug)]
pub(crate) struct Pupil {
    /// Their name, as typed, without the spaces at either end.
    pub(crate) name: String,
    /// Their name as names are compared.
    same: String,
    /// What their device sends with every request.
    pub(crate) token: Secret,
    /// How many answers, hints and moves they may still send at once.
    pub(crate) bucket: Bucket,
    /// Whether they are in the class: false once the teacher removed them.
    pub(crate) here: bool,
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
    /// So many pupils have joined the class, those removed included.
    #[error(
        "{MOST_JOINED} pupils have joined this class, the most one class may have, \
         counting those removed: the teacher can start a new class"
    )]
    AllJoined,
    /// The system gave no random numbers for a token.
    #[error("the server could not make a token: {0}")]
    NoRandom(NoRandom),
}

/// Every pupil who joined a class, in the order they joined, those removed
/// included.
#[derive(Debug, Default)]
pub(crate) struct Roll {
    pupils: Vec<Pupil>,
}

impl Roll {
    /// Adds a pupil called `given`, or says why not.
    pub(crate) fn join(&mut self, given: &str, now: Instant) -> Result<PupilId, NotJoined> {
        let named = Named::read(given).map_err(NotJoined::BadName)?;
        if let Some(taken) = self.named(&named) {
            return Err(NotJoined::Taken(self.pupils[taken].name.clone()));
        }
        if self.len() >= MOST_PUPILS {
            return Err(NotJoined::Full);
        }
        if self.pupils.len() >= MOST_JOINED {
            return Err(NotJoined::AllJoined);
        }
        let token = Secret::new().map_err(NotJoined::NoRandom)?;
        self.pupils.push(Pupil {
            name: named.name,
            same: named.same,
            token,
            bucket: Bucket::new(now),
            here: true,
        });
        Ok(self.pupils.len() - 1)
    }

    /// The pupil in the class with the name `named`, as names are
    /// compared.
    fn named(&self, named: &Named) -> Option<PupilId> {
        self.pupils
            .iter()
            .position(|p| p.here && p.same == named.same)
    }

    /// Takes the pupil called `given` out of the class, and says who it
    /// was; `None` when no pupil in the class has that name.
    pub(crate) fn remove(&mut self, given: &str) -> Option<PupilId> {
        let named = Named::read(given).ok()?;
        let id = self.named(&named)?;
        self.pupils[id].here = false;
        Some(id)
    }

    /// The pupil whose token is `token`, removed or not. Every pupil's
    /// token is compared, each in constant time, so the time taken tells
    /// nothing of which came close.
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

    /// Whether `id` is in the class.
    pub(crate) fn here(&self, id: PupilId) -> bool {
        self.pupils.get(id).is_some_and(|p| p.here)
    }

    /// How many are in the class.
    pub(crate) fn len(&self) -> usize {
        self.pupils.iter().filter(|p| p.here).count()
    }

    /// The pupils in the class, in the order they joined.
    pub(crate) fn present(&self) -> impl Iterator<Item = PupilId> + '_ {
        (0..self.pupils.len()).filter(|&id| self.pupils[id].here)
    }

    /// The name of every pupil in the class, in the order they joined.
    pub(crate) fn names(&self) -> Vec<&str> {
        self.present()
            .map(|id| self.pupils[id].name.as_str())
            .collect()
    }

    /// The name of every pupil who ever joined, by their id.
    pub(crate) fn every_name(&self) -> Vec<&str> {
        self.pupils.iter().map(|p| p.name.as_str()).collect()
    }
}

/// A name, read: as it is shown, and as it is compared.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Named {
    /// As typed, without the spaces at either end.
    pub(crate) name: String,
    /// As compared: see [`Named::same`].
    same: String,
}

impl Named {
    /// `given` as a name: without the spaces at either end, and within the
    /// rules of a name; or why it is not one.
    pub(crate) fn read(given: &str) -> Result<Named, String> {
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
        let chars: Vec<char> = name.chars().collect();
        if (0..chars.len()).any(|at| unseen(&chars, at)) {
            return Err(
                "a name cannot hold a character that cannot be seen or that turns the \
                 text around, such as a zero-width space or a right-to-left mark: type it \
                 with letters, digits and signs"
                    .to_string(),
            );
        }
        let same = Named::same(name);
        if same.trim().is_empty() {
            return Err(
                "a name needs a letter, a digit or a sign that can be seen: type your first name"
                    .to_string(),
            );
        }
        Ok(Named {
            name: name.to_string(),
            same,
        })
    }

    /// `name` as names are compared, so that two names that show alike
    /// are one: the characters Unicode says to ignore that are not format
    /// characters (variation selectors, fillers) dropped, each run of
    /// spaces made one, then Unicode's compatibility caseless match (D146
    /// of the standard: case folded, and decomposed with NFKD, twice), so
    /// that `SAM`, `sam`, `Ｓａｍ` and `Sam` with a variation selector are
    /// one name, and `Weiß` is `WEISS`.
    fn same(name: &str) -> String {
        let mut kept = String::new();
        for c in name.chars().filter(|&c| !ignored(c)) {
            match c.is_whitespace() {
                true if kept.ends_with(' ') => {}
                true => kept.push(' '),
                false => kept.push(c),
            }
        }
        kept.chars()
            .nfd()
            .default_case_fold()
            .nfkd()
            .default_case_fold()
            .nfkd()
            .collect()
    }
}

/// The characters Unicode's `Default_Ignorable_Code_Point` lists that are
/// neither format characters nor unassigned (those a name cannot hold at
/// all): they show nothing of their own, so a name is compared without
/// them. From Unicode's `DerivedCoreProperties.txt`.
const IGNORED: &[(char, char)] = &[
    ('\u{034F}', '\u{034F}'),   // combining grapheme joiner
    ('\u{115F}', '\u{1160}'),   // Hangul choseong and jungseong fillers
    ('\u{17B4}', '\u{17B5}'),   // Khmer inherent vowels
    ('\u{180B}', '\u{180D}'),   // Mongolian free variation selectors
    ('\u{180F}', '\u{180F}'),   // Mongolian free variation selector four
    ('\u{3164}', '\u{3164}'),   // Hangul filler
    ('\u{FE00}', '\u{FE0F}'),   // variation selectors
    ('\u{FFA0}', '\u{FFA0}'),   // halfwidth Hangul filler
    ('\u{E0100}', '\u{E01EF}'), // variation selectors supplement
];

/// Whether `c` is one of [`IGNORED`].
fn ignored(c: char) -> bool {
    IGNORED
        .iter()
        .any(|&(first, last)| (first..=last).contains(&c))
}

/// Whether the character at `at` in `chars` cannot be in a name: a format
/// character (Unicode's category Cf: zero-width spaces and joiners,
/// direction marks, embeddings, overrides and isolates, the byte-order
/// mark, the soft hyphen), a line or paragraph separator, or a private-use
/// or unassigned character. Two format characters are kept where they
/// build an emoji: a zero-width joiner between two emoji (👩‍🚀), and the
/// tags that follow a black flag to make a region's flag (Scotland's).
fn unseen(chars: &[char], at: usize) -> bool {
    let c = chars[at];
    match c.general_category() {
        GeneralCategory::Format if c == '\u{200D}' => !joins_emoji(chars, at),
        GeneralCategory::Format if ('\u{E0020}'..='\u{E007F}').contains(&c) => !flag_tag(chars, at),
        GeneralCategory::Format
        | GeneralCategory::LineSeparator
        | GeneralCategory::ParagraphSeparator
        | GeneralCategory::PrivateUse
        | GeneralCategory::Surrogate
        | GeneralCategory::Unassigned => true,
        _ => false,
    }
}

/// Whether the zero-width joiner at `at` joins two emoji, the one before
/// it perhaps followed by a variation selector (👁️‍🗨️).
fn joins_emoji(chars: &[char], at: usize) -> bool {
    let emoji = |c: &char| c.is_emoji_char() && !c.is_ascii();
    let before = chars[..at].iter().rev().find(|&&c| !ignored(c));
    before.is_some_and(emoji) && chars.get(at + 1).is_some_and(emoji)
}

/// Whether the tag at `at` is one of those that follow a black flag to
/// make a region's flag: the tags run from the flag, and end with the
/// cancel tag.
fn flag_tag(chars: &[char], at: usize) -> bool {
    let is_tag = |c: &char| ('\u{E0020}'..='\u{E007F}').contains(c);
    let start = chars[..at].iter().rposition(|c| !is_tag(c));
    let end = chars[at..].iter().position(|c| !is_tag(c)).map(|n| at + n);
    let last = end.unwrap_or(chars.len()) - 1;
    start.is_some_and(|s| chars[s] == '\u{1F3F4}') && chars[last] == '\u{E007F}'
}

#[cfg(test)]
mod tests {
    use super::*;

    fn name(given: &str) -> Option<String> {
        Named::read(given).ok().map(|named| named.name)
    }

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
            ("Zoe\u{308}", Some("Zoe\u{308}")),
            ("ééééééééééééééééééé", Some("ééééééééééééééééééé")),
            ("12345678901234567890", Some("12345678901234567890")),
            ("Ава", Some("Ава")),
            ("عمر", Some("عمر")),
            ("陈", Some("陈")),
            ("Sam 🚀", Some("Sam 🚀")),
            ("❤\u{FE0F}", Some("❤\u{FE0F}")),
            // Emoji joined into one, and a region's flag.
            ("👩\u{200D}🚀", Some("👩\u{200D}🚀")),
            (
                "👁\u{FE0F}\u{200D}🗨\u{FE0F}",
                Some("👁\u{FE0F}\u{200D}🗨\u{FE0F}"),
            ),
            (
                "Al 🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}",
                Some("Al 🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}"),
            ),
            ("123456789012345678901", None),
            ("", None),
            ("   ", None),
            ("Sam\nB", None),
            ("Sam\tB", None),
            ("\u{1b}[31mSam", None),
            ("Sam\u{7f}", None),
            // Invisible, and direction-changing.
            ("Sam\u{200B}", None),
            ("S\u{200C}am", None),
            ("Sam\u{200D}", None),
            ("S\u{200D}am", None),
            ("\u{202E}evil", None),
            ("\u{2066}Sam\u{2069}", None),
            ("\u{200F}Sam", None),
            ("\u{FEFF}Sam", None),
            ("Sa\u{AD}m", None),
            ("Sam\u{2060}", None),
            ("Sam\u{2028}B", None),
            ("Sam\u{E000}", None),
            ("Sam\u{E0067}\u{E007F}", None),
            ("\u{3164}", None),
            ("\u{FE0F}", None),
            ("\u{3164} \u{FE0F}", None),
        ];
        for &(given, expected) in cases {
            assert_eq!(name(given).as_deref(), expected, "{given:?}");
        }
    }

    #[test]
    fn what_is_wrong_with_a_name_is_said() {
        let why = |given: &str| Named::read(given).unwrap_err();
        assert!(why("Sam\u{200B}").contains("cannot be seen"));
        assert!(why("\u{202E}evil").contains("turns the text around"));
        assert!(why("Sam\tB").contains("control character"));
        assert!(why("\u{3164}").contains("can be seen"));
    }

    #[test]
    fn names_that_show_alike_are_one_name() {
        let same = |a: &str, b: &str| Named::read(a).unwrap().same == Named::read(b).unwrap().same;
        for (a, b) in [
            ("Sam", "sAM"),
            ("Sam", "Ｓａｍ"),
            ("Sam", "Sam\u{FE0F}"),
            ("Sam", "Sam\u{3164}"),
            ("Sam B", "Sam  B"),
            ("Sam B", "Sam\u{A0}B"),
            ("Zoë", "Zoe\u{308}"),
            ("ZOË", "zoë"),
            ("Weiß", "WEISS"),
            ("ΟΔΥΣΣΕΥΣ", "οδυσσευς"),
            ("ﬁn", "FIN"),
        ] {
            assert!(same(a, b), "{a:?} {b:?}");
        }
        for (a, b) in [("Sam", "Ѕam"), ("Zoe", "Zoë"), ("Al", "Al2"), ("Jo", "J o")] {
            assert!(!same(a, b), "{a:?} {b:?}");
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
        assert_eq!(
            roll.join("ＳＡＭ", now),
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

    #[test]
    fn a_pupil_removed_frees_the_name_and_the_seat_but_stays_on_the_roll() {
        let now = Instant::now();
        let mut roll = Roll::default();
        let sam = roll.join("Sam", now).unwrap();
        let al = roll.join("Al", now).unwrap();
        assert_eq!(roll.remove("Nobody"), None);
        assert_eq!(roll.remove(" SAM "), Some(sam));
        assert_eq!(roll.remove("Sam"), None);
        assert!(!roll.here(sam) && roll.here(al));
        assert_eq!(roll.len(), 1);
        assert_eq!(roll.names(), ["Al"]);
        // The token is still known, so its holder can be told.
        let token = roll.get(sam).token.clone();
        assert_eq!(roll.find(token.as_str()), Some(sam));
        let again = roll.join("Sam", now).unwrap();
        assert_ne!(again, sam);
        assert_eq!(roll.names(), ["Al", "Sam"]);
        assert_eq!(roll.every_name(), ["Sam", "Al", "Sam"]);
        // Seats come free, but the roll of everyone who joined is bounded.
        let mut joined = 3;
        while joined < MOST_JOINED {
            let id = roll.join("Jo", now).unwrap();
            assert_eq!(roll.remove("Jo"), Some(id));
            joined += 1;
        }
        assert_eq!(roll.join("Jo", now), Err(NotJoined::AllJoined));
        assert_eq!(roll.len(), 2);
    }
}
