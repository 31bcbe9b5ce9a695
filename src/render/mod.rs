//! Layouts: a document from `teach` placed as text for a screen, Markdown
//! or HTML for a handout (HTML also for the classroom page), or JSON for
//! programs.
//!
//! Layouts never decide a game question or a word. They place blocks; a
//! change to what the tool says is made once, in the builders.

pub(crate) mod bar;
pub(crate) mod html;
pub mod json;
pub(crate) mod markdown;
pub(crate) mod sticks;
pub mod text;
pub mod wrap;
