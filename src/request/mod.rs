//! The questions a user asks the tool (explain a position, check a move,
//! table the positions), each answered once. A game reads the words of a
//! question itself ([`crate::teach::queried`]); the command line and the
//! classroom page both hand those words over and come through here, so
//! they accept the same input, refuse it with the same words, and print
//! the same answers, for every game.

pub(crate) mod board;
pub(crate) mod body;
pub(crate) mod check;
pub(crate) mod error;
pub(crate) mod explain;
pub(crate) mod table;
pub mod worksheet;
