//! Talking to a class at a prompt: where a session reads and writes, and
//! how a typed answer is understood.

pub mod answer;
pub mod io;
