//! Yes and no as pupils say them: "yes", "sure", "I think so", "definitely
//! not", "never", "I don't think I can", "I lose", "the other player
//! wins", "there is none".
//!
//! A line is read word by word, and only when every word is one of these
//! few (so "banana not" is not a no): words that say yes or no, a negation
//! that turns a yes into a no ("definitely not", "I don't think I can"),
//! winning and losing said of the pupil or of the opponent ("I lose" is a
//! no, "the other player loses" a yes), and words that only fill out the
//! sentence. "I don't know" and "maybe" are not an answer: they are read
//! before this, as a pupil being stuck. "ok" alone is not a yes either:
//! it acknowledges, and a pupil who types it after "Can you win?" has not
//! said whether they can ([`super::Said::Ack`]).

/// Words that say yes.
const YES: &[&str] = &[
    "yes",
    "y",
    "yeah",
    "yep",
    "yup",
    "yea",
    "ya",
    "yah",
    "sure",
    "true",
    "definitely",
    "certainly",
    "absolutely",
    "totally",
    "obviously",
    "course",
    "ofc",
    "probably",
    "correct",
    "can",
    "so",
    "do",
    "will",
    "easily",
    "easy",
];

/// Words that say no, or turn a yes into a no.
const NO: &[&str] = &[
    "no",
    "n",
    "nope",
    "nah",
    "naw",
    "nay",
    "not",
    "never",
    "none",
    "nothing",
    "false",
    "can't",
    "cant",
    "cannot",
    "don't",
    "dont",
    "won't",
    "wont",
    "isn't",
    "isnt",
    "impossible",
    "nobody",
    "nowhere",
    "nil",
    "zero",
];

/// Words that name the pupil, and the opponent, as who wins or loses.
const ME: &[&str] = &["i", "me", "i'll", "ill", "i'd", "id", "i'm", "im"];
const THEM: &[&str] = &[
    "other", "opponent", "they", "them", "computer", "he", "she", "partner", "friend",
];

/// Winning and losing.
const WIN: &[&str] = &["win", "wins", "winning", "won"];
const LOSE: &[&str] = &["lose", "loses", "losing", "lost", "loser"];

/// Words that only fill out the sentence.
const FILLER: &[&str] = &[
    "think", "guess", "believe", "reckon", "bet", "player", "the", "a", "of", "it", "is", "there",
    "one", "move", "moves", "any", "am", "going", "to", "gonna", "would", "could", "really",
    "quite", "just", "surely", "really", "sadly", "well", "oh", "um", "hmm", "then", "here",
    "this", "time", "that", "my", "from", "game", "be", "at", "all", "way", "chance", "please",
    "sir", "miss", "haha", "lol", "for", "maybe", "perhaps", "bit",
];

/// Whether the words say yes (`Some(true)`), no (`Some(false)`), or
/// neither, or something else besides.
pub(crate) fn yes_or_no(words: &str) -> Option<bool> {
    let known = |w: &str| {
        [YES, NO, ME, THEM, WIN, LOSE, FILLER]
            .iter()
            .any(|list| list.contains(&w))
    };
    // "yesss", "nooo": a word with its letters run together, if that is
    // one of them.
    let words: Vec<String> = words
        .split([' ', ','])
        .filter(|w| !w.is_empty())
        .map(|w| match known(w) {
            true => w.to_string(),
            false => super::collapsed(w),
        })
        .collect();
    if words.is_empty() || !words.iter().all(|w| known(w)) {
        return None;
    }
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    let has = |list: &[&str]| words.iter().any(|w| list.contains(w));
    // Pupils stack negations for weight ("no, I can't", "nope, never"):
    // any of them makes it a no.
    let negated = has(NO);
    // Who is said to win or lose: the opponent when named, else the pupil.
    let them = has(THEM);
    let outcome = match (has(WIN), has(LOSE)) {
        (true, false) => Some(true),
        (false, true) => Some(false),
        _ => None,
    };
    let said = match outcome {
        // "the other player wins": the pupil cannot.
        Some(wins) => wins != them,
        // No winning or losing: a yes word, or a no.
        None if has(YES) || has(NO) => true,
        None => return None,
    };
    Some(said != negated)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn yes_and_no_in_pupils_words() {
        let cases = [
            ("yes", Some(true)),
            ("sure", Some(true)),
            ("of course", Some(true)),
            ("definitely", Some(true)),
            ("i think so", Some(true)),
            ("i can win", Some(true)),
            ("yes i can", Some(true)),
            ("i win", Some(true)),
            ("the other player loses", Some(true)),
            ("i can't lose", Some(true)),
            ("no", Some(false)),
            ("nope", Some(false)),
            ("definitely not", Some(false)),
            ("certainly not", Some(false)),
            ("of course not", Some(false)),
            ("never", Some(false)),
            ("i think no", Some(false)),
            ("i think not", Some(false)),
            ("i dont think i can", Some(false)),
            ("i don't think so", Some(false)),
            ("i lose", Some(false)),
            ("i would lose", Some(false)),
            ("maybe not", Some(false)),
            ("nooo", Some(false)),
            ("cannot", Some(false)),
            ("naw", Some(false)),
            ("the other player wins", Some(false)),
            ("my opponent wins", Some(false)),
            ("none", Some(false)),
            ("there is none", Some(false)),
            ("there isn't one", Some(false)),
            ("not really", Some(false)),
            ("no way", Some(false)),
            ("probably not", Some(false)),
            ("i cannot win", Some(false)),
            ("yesss", Some(true)),
            ("banana", None),
            ("banana not", None),
            ("take", None),
            ("ok", None),
        ];
        for (words, expected) in cases {
            assert_eq!(yes_or_no(words), expected, "{words:?}");
        }
    }
}
