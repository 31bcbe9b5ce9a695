//! Turning traces into output: text for a projector, Markdown for a
//! handout, JSON for programs.
//!
//! Renderers never decide a game question; everything they show comes from
//! an [`Analysis`](crate::teach::analysis::Analysis) or a
//! [`Judgement`](crate::teach::verdict::Judgement). The sentences live in
//! [`words`] so every format says the same thing.

pub mod json;
pub mod markdown;
pub mod sticks;
pub mod table;
pub mod take_words;
pub mod text;
pub mod words;
