//! The lessons that ship inside the binary, in teaching order.
//!
//! The files in `lessons/` are the source; they are compiled in so that
//! `matchsticks lesson` works from any folder. A test checks that every file
//! there is listed here and that each one parses.

/// A lesson compiled into the binary.
#[derive(Clone, Copy, Debug)]
pub struct Bundled {
    /// The name used on the command line: lowercase, digits and hyphens.
    pub name: &'static str,
    /// The lesson file's text.
    pub source: &'static str,
}

macro_rules! lessons {
    ($($name:literal),* $(,)?) => {
        &[$(Bundled {
            name: $name,
            source: include_str!(concat!("../../lessons/", $name, ".lesson")),
        }),*]
    };
}

/// Every bundled lesson, simplest first.
pub const LESSONS: &[Bundled] = lessons![
    "twenty-one",
    "single-sticks",
    "copy-cat",
    "making-groups",
    "pairing-groups",
    "winning-move",
    "three-five-seven",
    "why-it-works",
    "misere-switch",
    "one-or-two-rows",
    "binary",
];

/// The bundled lesson called `name`.
pub fn find(name: &str) -> Option<&'static Bundled> {
    LESSONS.iter().find(|l| l.name == name)
}
