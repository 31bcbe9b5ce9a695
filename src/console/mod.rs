//! Talking to a class at a prompt: where a session reads and writes, how a
//! line is read within a limit, how a typed answer is understood, and the
//! conversation that asks for a move until one is given.

pub mod answer;
pub mod ask;
pub mod ask_parts;
pub mod io;
pub mod line;
pub mod parts;
pub mod steps;
