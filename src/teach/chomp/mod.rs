//! What the tool says about Chomp: a bar worked out once (`analysis.rs`),
//! its explanation (`explain.rs`), the verdict on a bite (`check.rs`),
//! what a program reads beside them (`facts.rs`), hints in stages
//! (`hints.rs`), the review of a game (`review.rs`), a bite typed at a
//! prompt (`reply.rs`), a bar in a lesson (`lesson.rs`), and the small
//! phrases they share (`words.rs`). Every word and fact about a bar is
//! decided here; the layouts only place it.

pub mod analysis;
pub mod check;
pub mod explain;
pub mod facts;
pub(crate) mod hints;
pub(crate) mod lesson;
pub(crate) mod reply;
pub(crate) mod review;
pub(crate) mod teaching;
pub(crate) mod words;
