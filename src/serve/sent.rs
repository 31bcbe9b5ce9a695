//! A game as the page sends it: the game's own words (its start and its
//! rules, named as the game names them), the pupil's moves in the game's
//! own form, how the game is set up, and the help the pupil has had. The
//! page keeps nothing else, so this is all a game is replayed from.
//!
//! Which fields a body may have depends on the game, so it is read field
//! by field rather than by a derived reader; an unknown, repeated or
//! missing field is refused in the words serde's derived readers use.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::marker::PhantomData;

use serde::de::{self, Deserialize, Deserializer, MapAccess, Visitor};

use crate::teach::queried::{Queried, Words};

/// A game as the page sends it.
#[derive(Debug)]
pub(crate) struct Sent<G: Queried> {
    /// The game's own words: its start and its rules.
    pub words: Given,
    /// How well the computer plays, as the command line names it.
    pub level: Option<String>,
    /// Who moves first, as the command line names it.
    pub first: Option<String>,
    /// The seed of the computer's random moves.
    pub seed: u64,
    /// The pupil's moves so far, in order.
    pub moves: Vec<G::Sent>,
    /// How many hints the pupil has asked for at this move.
    pub hints: usize,
    /// The review, even if the game is not over.
    pub review: bool,
    /// How many moves the pupil has taken back, for the review.
    pub taken_back: u64,
    /// How many hints the pupil has asked for in the whole game, for the
    /// review.
    pub hints_used: u64,
    /// At how many of the pupil's moves the answer was shown, for the
    /// review.
    pub shown: u64,
}

/// The game's own words in a body: the start, and the rules' words and
/// flags.
#[derive(Debug, Default)]
pub(crate) struct Given {
    words: BTreeMap<&'static str, String>,
    flags: BTreeSet<&'static str>,
}

impl Words for Given {
    fn words(&self, name: &str) -> Option<Vec<String>> {
        self.words.get(name).map(|word| vec![word.clone()])
    }

    fn flag(&self, name: &str) -> bool {
        self.flags.contains(name)
    }
}

impl Given {
    /// The words given by name, and the flags that are on.
    pub(crate) fn of(words: &[(&'static str, String)], flags: &[&'static str]) -> Given {
        Given {
            words: words.iter().cloned().collect(),
            flags: flags.iter().copied().collect(),
        }
    }
}

/// What the moves are called in a body, and in the reply: "moves" or
/// "bites".
pub(crate) fn moves_name<G: Queried>() -> String {
    format!("{}s", G::MOVE)
}

/// Every field a body of game `G` may have, in order: the game's own, then
/// those every game has, its moves among them.
fn fields<G: Queried>() -> Vec<String> {
    let own = [&[G::POSITION_WORDS][..], G::RULE_FLAGS, G::RULE_WORDS].concat();
    let moves = moves_name::<G>();
    let shared = ["level", "first", "seed", &moves, "hints", "review"];
    let help = ["taken_back", "hints_used", "shown"];
    [&own[..], &shared, &help]
        .concat()
        .into_iter()
        .map(str::to_string)
        .collect()
}

/// The words of serde's derived readers for an unknown field.
fn unknown(field: &str, fields: &[String]) -> String {
    let names: Vec<String> = fields.iter().map(|f| format!("`{f}`")).collect();
    format!(
        "unknown field `{field}`, expected one of {}",
        names.join(", ")
    )
}

impl<'de, G: Queried> Deserialize<'de> for Sent<G> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Sent<G>, D::Error> {
        deserializer.deserialize_map(Reader(PhantomData))
    }
}

/// Reads a body field by field.
struct Reader<G>(PhantomData<G>);

impl<'de, G: Queried> Visitor<'de> for Reader<G> {
    type Value = Sent<G>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The name the derived reader of a game once gave, kept so that a
        // body that is not an object is refused in the same words.
        f.write_str("struct Asked")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Sent<G>, A::Error> {
        let fields = fields::<G>();
        let moves = moves_name::<G>();
        let mut sent = Sent {
            words: Given::default(),
            level: None,
            first: None,
            seed: 0,
            moves: Vec::new(),
            hints: 0,
            review: false,
            taken_back: 0,
            hints_used: 0,
            shown: 0,
        };
        let mut seen = BTreeSet::new();
        while let Some(key) = map.next_key::<String>()? {
            if !fields.contains(&key) {
                return Err(de::Error::custom(unknown(&key, &fields)));
            }
            if !seen.insert(key.clone()) {
                return Err(de::Error::custom(format!("duplicate field `{key}`")));
            }
            let own = |names: &[&'static str]| names.iter().copied().find(|&n| n == key);
            match key.as_str() {
                "level" => sent.level = map.next_value()?,
                "first" => sent.first = map.next_value()?,
                "seed" => sent.seed = map.next_value()?,
                "hints" => sent.hints = map.next_value()?,
                "review" => sent.review = map.next_value()?,
                "taken_back" => sent.taken_back = map.next_value()?,
                "hints_used" => sent.hints_used = map.next_value()?,
                "shown" => sent.shown = map.next_value()?,
                name if name == moves => sent.moves = map.next_value()?,
                name if name == G::POSITION_WORDS => {
                    let start: String = map.next_value()?;
                    sent.words.words.insert(G::POSITION_WORDS, start);
                }
                _ => match (own(G::RULE_FLAGS), own(G::RULE_WORDS)) {
                    (Some(flag), _) => {
                        if map.next_value::<bool>()? {
                            sent.words.flags.insert(flag);
                        }
                    }
                    (None, Some(word)) => {
                        if let Some(value) = map.next_value::<Option<String>>()? {
                            sent.words.words.insert(word, value);
                        }
                    }
                    (None, None) => unreachable!("every field is listed"),
                },
            }
        }
        match seen.contains(G::POSITION_WORDS) {
            true => Ok(sent),
            false => Err(de::Error::custom(format!(
                "missing field `{}`",
                G::POSITION_WORDS
            ))),
        }
    }
}
