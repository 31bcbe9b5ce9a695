//! Talking to a class at a prompt: where a session reads and writes, how a
//! line is read within a limit, how a typed answer is understood, the
//! conversation that asks for a move until one is given, with examples
//! that fit the board, and the pauses between steps.

pub mod answer;
pub mod ask;
pub mod ask_parts;
pub mod bite;
pub mod bite_example;
pub mod example;
pub mod io;
pub mod line;
pub mod move_prompt;
pub mod parts;
pub mod pause;
pub mod steps;
