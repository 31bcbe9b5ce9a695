//! What a pupil types at a prompt, for every game.
//!
//! Some words mean the same in every game: the commands `hint`, `show`,
//! `undo` and `quit`, yes and no in a pupil's words, "I don't know" and
//! "help" (`Said`). The rest is a move, and only the game can say how
//! one is typed and what a line comes to at a position ([`Replies`]): Nim
//! reads rows and sticks (`answer.rs`, `parts.rs`, with examples from
//! `example.rs`, put together in `nim.rs`), Chomp a row and a column
//! (`teach/chomp/reply.rs`). One conversation at the keyboard,
//! `console/ask.rs`, asks for a move in every game with these.

pub mod answer;
pub(crate) mod example;
pub mod meaning;
pub(crate) mod nim;
pub(crate) mod parts;
pub(crate) mod spoken;
pub(crate) mod yes_no;

use super::teaching::Teaching;

/// Words that acknowledge rather than answer: "ok" after "Can you win?"
/// does not say whether the pupil can, so it is not taken as yes. Where a
/// move is asked about ("Do you mean …?") it agrees, as yes does.
const ACK: &[&str] = &[
    "ok",
    "okay",
    "okey",
    "k",
    "kk",
    "alright",
    "all right",
    "fine",
    "cool",
    "got it",
    "i see",
    "right",
    "ok then",
    "oh ok",
    "oh okay",
    "understood",
    "nice",
    "great",
    "thanks",
    "thank you",
    "ty",
    "mhm",
    "hmm ok",
];

/// Ways of saying "I'll stop now".
const QUIT: &[&str] = &[
    "quit",
    "q",
    "exit",
    "stop",
    "bye",
    "bye bye",
    "goodbye",
    "good bye",
    "quit lesson",
    "stop lesson",
    "exit lesson",
    "quit the lesson",
    "stop the lesson",
    "quit game",
    "stop the game",
    "i want to stop",
    "i want to quit",
    "end",
];

/// Ways of asking to move on without answering.
const SKIP: &[&str] = &[
    "skip",
    "next",
    "pass",
    "skip it",
    "skip this",
    "skip this one",
    "next question",
    "skip question",
    "move on",
    "go on",
];

/// The commands a pupil may mistype by a letter: "hnit" is "hint".
const COMMANDS: &[(&str, Said)] = &[
    ("hint", Said::Hint),
    ("show", Said::Show),
    ("help", Said::Help),
    ("quit", Said::Quit),
    ("undo", Said::Undo),
    ("skip", Said::Skip),
    ("next", Said::Skip),
];

/// Ways of asking why.
const WHY: &[&str] = &[
    "why",
    "but why",
    "how come",
    "why not",
    "why is that",
    "why is it",
    "why so",
    "explain",
];

/// Ways of asking to be told the answer.
const SHOW: &[&str] = &[
    "show",
    "s",
    "answer",
    "show me",
    "tell me",
    "just tell me",
    "i give up",
    "give up",
    "the answer",
    "what is the answer",
    "what's the answer",
    "whats the answer",
];

/// Ways a pupil asks how to answer.
const HELP: &[&str] = &[
    "help",
    "help me",
    "help please",
    "please help",
    "i need help",
    "how do i answer",
    "what do i write",
    "how does this work",
    "what do i have to do",
    "what",
    "huh",
    "what do i do",
    "what do i type",
    "what now",
    "how",
    "how do i play",
];

/// Ways of saying "I don't know".
const STUCK: &[&str] = &[
    "i don't know",
    "i dont know",
    "i do not know",
    "don't know",
    "dont know",
    "dunno",
    "i dunno",
    "idk",
    "no idea",
    "not sure",
    "i'm not sure",
    "im not sure",
    "stuck",
    "i'm stuck",
    "im stuck",
    "maybe",
    "perhaps",
    "no clue",
    "i have no clue",
    "i have no idea",
];

/// A line that means the same in every game: not a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Said {
    /// Nothing typed.
    Empty,
    /// Ask for the next hint.
    Hint,
    /// Reveal the answer.
    Show,
    /// Take back the last moves.
    Undo,
    /// Stop.
    Quit,
    /// "I don't know": a nudge towards a hint.
    Stuck,
    /// "help" or "?": how to answer.
    Help,
    /// "Why?": the reason for the last verdict; never a hint.
    Why,
    /// "skip", "next": move on without answering.
    Skip,
    /// "ok": heard, but neither yes nor no.
    Ack,
    /// Yes.
    Yes,
    /// No.
    No,
}

impl Said {
    /// Reads a line as typed: spaces and capitals do not matter, nor a
    /// final `!` or `.`; a command mistyped by a letter is the command; yes
    /// and no are read in a pupil's words (`yes_no.rs`), and a yes or a no
    /// with more words after it, `no, I'm stuck`, by its first word.
    /// `None` for anything else, which may be a move.
    pub fn parse(line: &str) -> Option<Said> {
        let lower = narrow(line.trim()).to_lowercase().replace('’', "'");
        let words = plain(line);
        let words = unhesitating(&words);
        Some(match words {
            "" if lower.is_empty() => Said::Empty,
            "" if lower.contains('?') => Said::Help,
            "undo" | "u" | "back" | "take back" => Said::Undo,
            w if QUIT.contains(&w) => Said::Quit,
            w if SKIP.contains(&w) => Said::Skip,
            w if stuck(w) => Said::Stuck,
            w if SHOW.contains(&w) || asks_answer(w) => Said::Show,
            w if asks_hint(w) => Said::Hint,
            w if WHY.contains(&w) || asks_why(w) => Said::Why,
            w if asks_how(w) => Said::Hint,
            w if HELP.contains(&w) => Said::Help,
            w if ACK.contains(&w) => Said::Ack,
            w if !names_number(w) && yes_no::yes_or_no(w).is_some() => match yes_no::yes_or_no(w) {
                Some(true) => Said::Yes,
                _ => Said::No,
            },
            w => match mistyped(w) {
                Some(said) => said,
                None => return yes_no_first(w),
            },
        })
    }
}

/// A command mistyped by one letter, "hnit", "shwo": one word of at
/// least four letters.
fn mistyped(word: &str) -> Option<Said> {
    if word.contains(' ') || word.chars().count() < 4 {
        return None;
    }
    COMMANDS
        .iter()
        .find(|(command, _)| spoken::one_slip(word, command))
        .map(|&(_, said)| said)
}

/// Whether the words say "I don't know": as listed, or any "know" that is
/// denied, "I don't know if I can".
fn stuck(words: &str) -> bool {
    let has = |w: &str| words.split(' ').any(|x| x == w);
    STUCK.contains(&words)
        || has("know")
            && ["don't", "dont", "not", "no", "dunno"]
                .iter()
                .any(|w| has(w))
        || has("sure") && (has("not") || has("unsure"))
}

impl Said {
    /// A yes or a no said first, whatever follows it: "yes, take 1 from
    /// row 2" answers a yes-or-no question with yes, where no move is
    /// asked for.
    pub(crate) fn leading(line: &str) -> Option<Said> {
        let words = plain(line);
        let first = words.split([' ', ',']).next()?;
        match yes_no::yes_or_no(first.trim_end_matches(['!', '.', '?', ';', ':'])) {
            Some(true) => Some(Said::Yes),
            Some(false) => Some(Said::No),
            None => None,
        }
    }
}

/// Sounds that only say the pupil is thinking, "hmm", "umm", "er".
const HESITATIONS: &[&str] = &[
    "hmm", "hm", "hmmm", "umm", "um", "uh", "uhh", "er", "erm", "ehm",
];

/// `words` without the sounds of thinking in front: "hmm why" is "why".
/// A line of nothing but those sounds is kept as typed.
fn unhesitating(words: &str) -> &str {
    let mut rest = words;
    while let Some((first, after)) = rest.split_once([' ', ',']) {
        if !HESITATIONS.contains(&collapsed(first).as_str()) {
            break;
        }
        rest = after.trim_start_matches([' ', ',']);
    }
    rest
}

/// Whether words that name no number ask why: "why did that lose", "why
/// is row 2 wrong" names a number, and stays a reply of its own.
fn asks_why(words: &str) -> bool {
    let first = words.split([' ', ',']).next().unwrap_or("");
    matches!(first, "why" | "whyy" | "how come") && !names_number(words)
}

/// Whether words that name no number ask how to find the move, which a
/// hint answers: "how do I know which row", "how can I tell".
fn asks_how(words: &str) -> bool {
    const HOW: &[&str] = &[
        "how do i know",
        "how can i know",
        "how would i know",
        "how do i tell",
        "how can i tell",
        "how do i find",
        "how can i find",
        "how do i work",
        "how do i decide",
        "how do i choose",
        "how do i pick",
        "which row do i",
        "which one do i",
        "where do i start",
    ];
    HOW.iter().any(|how| words.starts_with(how)) && !names_number(words)
}

/// Whether words that name no number ask for a hint: "hint", "can I
/// have a hint", "another hint", "a clue please".
fn asks_hint(words: &str) -> bool {
    let hint = |w: &str| matches!(w, "hint" | "hints" | "clue" | "clues");
    words == "h" || !names_number(words) && words.split([' ', ',']).any(hint)
}

/// Whether words ask to be shown the answer: "show me the answer", "can
/// you tell me the answer".
fn asks_answer(words: &str) -> bool {
    let has = |w: &str| words.split([' ', ',']).any(|x| x == w);
    (has("answer") || has("solution")) && (has("show") || has("tell") || has("give") || has("see"))
}

/// Whether words name a number, in digits or in words: then they may be a
/// move, and a yes, a no or a hint in front of it does not swallow it.
fn names_number(words: &str) -> bool {
    words.split([' ', ',']).any(|w| {
        w.bytes().any(|b| b.is_ascii_digit()) || crate::teach::words::word_number(w).is_some()
    })
}

/// A line as the readers take it: lowercase, one space between words, and
/// no `.`, `!`, `?` or the like at the end. Letters, digits and signs
/// typed full width, as a Japanese or Chinese keyboard may type them
/// ("ｔａｋｅ １"), are read as their narrow selves. A sound of thinking
/// or a word that only fills out a sentence is read without the dots or
/// marks after it, so "umm... 3" is "umm 3"; a comma after it stays, as
/// a comma may part the rows of a move.
pub(crate) fn plain(line: &str) -> String {
    let lower = narrow(line.trim()).to_lowercase().replace('’', "'");
    let words = lower.trim_end_matches(['.', '!', '?', ',', ';', ':', '…']);
    words
        .split_whitespace()
        .map(|word| {
            let comma = word.ends_with(',');
            let bare = word.trim_end_matches(['.', '!', '?', ',', ';', ':', '…']);
            match !bare.is_empty() && bare != word && fills(bare) {
                true if comma => format!("{bare},"),
                true => bare.to_string(),
                false => word.to_string(),
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Whether a word only says the pupil is thinking or fills out a
/// sentence: "umm", "hmm", "well", "so".
pub(crate) fn fills(word: &str) -> bool {
    HESITATIONS.contains(&collapsed(word).as_str())
        || spoken::FILLER.contains(&word)
        || matches!(word, "well" | "ah")
}

/// `line` with full-width forms (U+FF01 to U+FF5E, and the ideographic
/// space) as the ASCII characters they stand for.
pub(crate) fn narrow(line: &str) -> String {
    line.chars()
        .map(|c| match c {
            '\u{3000}' => ' ',
            '\u{ff01}'..='\u{ff5e}' => char::from_u32(c as u32 - 0xfee0).unwrap_or(c),
            c => c,
        })
        .collect()
}

/// A word with its repeated letters run together: "yesss" is "yes".
pub(crate) fn collapsed(word: &str) -> String {
    let mut out = String::new();
    for c in word.chars() {
        if !out.ends_with(c) {
            out.push(c);
        }
    }
    out
}

/// A yes or a no with more words after it, "no, I'm stuck", "yes banana":
/// the first word decides, unless the rest says "I don't know". No word a
/// move is typed with is a yes or a no, so this never hides a move.
fn yes_no_first(words: &str) -> Option<Said> {
    let (first, rest) = words.split_once([' ', ','])?;
    // "no wait, 2 2", "ok 2 then": the move after it is the reply.
    if names_number(rest) {
        return None;
    }
    let rest = rest.trim_matches([' ', ',']);
    match yes_no::yes_or_no(first) {
        _ if stuck(rest) => Some(Said::Stuck),
        Some(true) => Some(Said::Yes),
        Some(false) => Some(Said::No),
        None => None,
    }
}

/// What a typed line comes to at a position, in a game's own terms.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reading<M> {
    /// A legal move.
    Move(M),
    /// A legal move the pupil is asked about first: `ask` is said, and yes
    /// means `yes`.
    Confirm {
        /// The question, which says what yes and no mean.
        ask: String,
        /// The move a yes makes.
        yes: M,
        /// What a no means.
        no: Otherwise<M>,
    },
    /// Words a move is typed with that make no legal move here: what to
    /// say, ending with what to do.
    Refused(String),
    /// Words no move is typed with: what to say.
    Unclear(String),
}

/// What a no means when a move is asked about.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Otherwise<M> {
    /// The other of two moves the line could mean: the pupil is asked
    /// until a yes or a no comes, or another move.
    Move(M),
    /// Another move is wanted, as the question said: this is said, and
    /// any other line is read as a reply of its own.
    Say(String),
}

/// A game whose moves a pupil can type at a prompt, or pick on the page.
pub trait Replies: Teaching {
    /// How to type a move, said in full once, before the first prompt,
    /// with an example from `position` that is none of the `winning`
    /// moves when another will do: "Type the row and how many to take: 2 3
    /// takes 3 sticks from row 2."
    fn instructions(&self, position: &Self::Position, winning: &[Self::Move]) -> String;

    /// How to type a move, as a clause for a sentence that asks again:
    /// "type the row and how many to take, like 2 3".
    fn how_to_move(&self, position: &Self::Position, winning: &[Self::Move]) -> String;

    /// How to type a move where the question names a `row` ("How many do
    /// you take from row 1?"), said in full once: only the count is asked
    /// for. Games without rows say [`Self::instructions`].
    fn instructions_from_row(
        &self,
        position: &Self::Position,
        winning: &[Self::Move],
        row: u64,
    ) -> String {
        let _ = row;
        self.instructions(position, winning)
    }

    /// [`Self::how_to_move`] where the question names a `row`.
    fn how_to_move_from_row(
        &self,
        position: &Self::Position,
        winning: &[Self::Move],
        row: u64,
    ) -> String {
        let _ = row;
        self.how_to_move(position, winning)
    }

    /// What `line`, which `Said` does not read, comes to at `position`.
    /// An example in what is said is none of the `winning` moves when
    /// another will do.
    fn read(
        &self,
        position: &Self::Position,
        winning: &[Self::Move],
        line: &str,
    ) -> Reading<Self::Move>;

    /// What `line` comes to at `position` where the question names a
    /// `row` ("How many do you take from row 1?"): a count or "all" without
    /// a row is from that row. Games without rows read it as [`Self::read`].
    fn read_from_row(
        &self,
        position: &Self::Position,
        winning: &[Self::Move],
        row: u64,
        line: &str,
    ) -> Reading<Self::Move> {
        let _ = row;
        self.read(position, winning, line)
    }

    /// The move picked on the page by two numbers, each from 1: a row and
    /// how many to take from it in Nim, a row and a column in Chomp.
    fn picked(
        &self,
        position: &Self::Position,
        first: u64,
        second: u64,
    ) -> Result<Self::Move, Self::Illegal>;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_words_every_game_shares() {
        let cases = [
            ("", Some(Said::Empty)),
            ("?", Some(Said::Help)),
            ("  Hint! ", Some(Said::Hint)),
            ("show me", Some(Said::Show)),
            ("take back", Some(Said::Undo)),
            ("Q", Some(Said::Quit)),
            ("I don’t know", Some(Said::Stuck)),
            ("yes i don't know", Some(Said::Stuck)),
            ("how do I play?", Some(Said::Help)),
            ("Yesss!", Some(Said::Yes)),
            ("nope", Some(Said::No)),
            ("no I can't", Some(Said::No)),
            ("yeah, row 2", None),
            ("2 3", None),
            ("take 3 from row 2", None),
            ("...", None),
            ("banana", None),
            ("no wait, 2 2", None),
            ("ok 2 then", None),
            ("I think so", Some(Said::Yes)),
            ("maybe", Some(Said::Stuck)),
            ("probably not", Some(Said::No)),
            ("I can't", Some(Said::No)),
            ("of course", Some(Said::Yes)),
            ("why?", Some(Said::Why)),
            ("can I have a hint", Some(Said::Hint)),
            ("another hint", Some(Said::Hint)),
            ("show me the answer", Some(Said::Show)),
            ("no clue", Some(Said::Stuck)),
            ("hmm why", Some(Said::Why)),
            ("umm, why?", Some(Said::Why)),
            ("why did that lose", Some(Said::Why)),
            ("why not row 2", None),
            ("how do i know which row", Some(Said::Hint)),
            ("How can I tell?", Some(Said::Hint)),
            ("ｈｉｎｔ", Some(Said::Hint)),
            ("hmm", None),
        ];
        for (line, said) in cases {
            assert_eq!(Said::parse(line), said, "{line:?}");
        }
        // Where only yes or no will do, the first word answers.
        assert_eq!(Said::leading("yeah, row 2"), Some(Said::Yes));
        assert_eq!(Said::leading("no wait, 2 2"), Some(Said::No));
        assert_eq!(Said::leading("2 2"), None);
    }
}
