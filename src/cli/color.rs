//! Whether to colour the output, decided once.
//!
//! `--color always` and `--color never` mean what they say. With `auto`,
//! output is coloured only when it goes to a terminal and `NO_COLOR` is not
//! set. The answer is passed down to the renderers as a plain `bool`.

use std::ffi::OsStr;

/// The `--color` setting.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum ColorChoice {
    /// Colour when writing to a terminal and NO_COLOR is unset.
    #[default]
    Auto,
    /// Always colour, even into a file or pipe.
    Always,
    /// Never colour.
    Never,
}

impl ColorChoice {
    /// Whether to colour, given where output goes and the value of
    /// `NO_COLOR` (any non-empty value turns colour off under `auto`).
    pub(crate) fn enabled(self, to_terminal: bool, no_color: Option<&OsStr>) -> bool {
        match self {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => to_terminal && no_color.is_none_or(|v| v.is_empty()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decisions() {
        let set = Some(OsStr::new("1"));
        let empty = Some(OsStr::new(""));
        let cases = [
            (ColorChoice::Auto, true, None, true),
            (ColorChoice::Auto, false, None, false),
            (ColorChoice::Auto, true, set, false),
            (ColorChoice::Auto, true, empty, true),
            (ColorChoice::Always, false, set, true),
            (ColorChoice::Never, true, None, false),
        ];
        for (choice, terminal, no_color, expected) in cases {
            assert_eq!(
                choice.enabled(terminal, no_color),
                expected,
                "{choice:?} terminal={terminal} NO_COLOR={no_color:?}"
            );
        }
    }
}
