//! The rules of the game: rows of sticks, moves, who wins at the end, and
//! how many sticks one move may take, and from how many rows. Everything
//! above this folder relies on these types being valid once built.

pub mod game;
pub mod moves;
pub mod multi_move;
pub mod outcome;
pub mod position;
pub mod rule;
pub mod take_set;
