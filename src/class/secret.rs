//! The class's secrets: the teacher's key, the pupils' tokens and the join
//! code, drawn from the operating system's random numbers, and a key or a
//! token held against what a request brings in constant time, so that how
//! long a wrong one takes to refuse tells nothing about the right one.
//!
//! A key and a token are 128 random bits, written in hex. The join code is
//! not a secret (the projector shows it): it is short, in capitals and
//! digits without 0, O, 1 or I, so that it can be read aloud and typed.

use std::fmt;

use subtle::ConstantTimeEq;

/// The random bytes of a key or a token: 128 bits.
pub(crate) const SECRET_BYTES: usize = 16;

/// How many letters and digits a join code has.
pub(crate) const CODE_LENGTH: usize = 4;

/// What a join code is made of: 32 capitals and digits, none of which can
/// be taken for another.
const CODE_SYMBOLS: &[u8; 32] = b"ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/// The system could not give random numbers.
pub type NoRandom = getrandom::Error;

/// A key or a token, in hex; it never shows itself in a debug print.
#[derive(Clone, PartialEq, Eq)]
pub(crate) struct Secret(String);

impl Secret {
    /// A new secret, from the system's random numbers.
    pub(crate) fn new() -> Result<Secret, NoRandom> {
        let mut bytes = [0u8; SECRET_BYTES];
        getrandom::fill(&mut bytes)?;
        Ok(Secret(bytes.iter().map(|b| format!("{b:02x}")).collect()))
    }

    /// The secret as it is written.
    pub(crate) fn as_str(&self) -> &str {
        &self.0
    }

    /// Whether `given` is this secret, compared in constant time. (Only a
    /// length that differs answers sooner, and every secret has the same.)
    pub(crate) fn is(&self, given: &str) -> bool {
        self.0.as_bytes().ct_eq(given.as_bytes()).into()
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Secret(…)")
    }
}

/// A new join code.
pub(crate) fn code() -> Result<String, NoRandom> {
    let mut bytes = [0u8; CODE_LENGTH];
    getrandom::fill(&mut bytes)?;
    // 32 symbols: the low five bits of a random byte pick each evenly.
    Ok(bytes
        .iter()
        .map(|b| char::from(CODE_SYMBOLS[usize::from(b % 32)]))
        .collect())
}

/// A seed for a pupil's game.
pub(crate) fn seed() -> Result<u64, NoRandom> {
    getrandom::u64()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secrets_are_128_bits_in_hex_and_differ() {
        let a = Secret::new().unwrap();
        let b = Secret::new().unwrap();
        assert_eq!(a.as_str().len(), 2 * SECRET_BYTES);
        assert!(a.as_str().bytes().all(|c| c.is_ascii_hexdigit()));
        assert_ne!(a, b);
        assert!(a.is(a.as_str()));
        assert!(!a.is(b.as_str()));
        assert!(!a.is(""));
        assert!(!a.is(&a.as_str()[1..]));
        assert!(!format!("{a:?}").contains(a.as_str()));
    }

    #[test]
    fn codes_can_be_read_aloud() {
        for _ in 0..100 {
            let code = code().unwrap();
            assert_eq!(code.len(), CODE_LENGTH);
            assert!(
                code.chars()
                    .all(|c| (c.is_ascii_uppercase() || c.is_ascii_digit()) && !"0O1I".contains(c)),
                "{code}"
            );
        }
    }
}
