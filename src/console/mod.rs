//! Talking to a class at a prompt, for every game: where a session reads
//! and writes, how a line is read within a limit, the conversation that
//! asks for a move until one is given (what a typed move means is the
//! game's, in `teach/`), and the pauses between steps.

pub mod ask;
pub mod io;
pub(crate) mod line;
pub(crate) mod pause;
pub(crate) mod steps;
