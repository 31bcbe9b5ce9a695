//! The rules of the game: rows of sticks, moves, who wins at the end, and
//! how many sticks one move may take, and from how many rows; and for
//! Chomp, the chocolate bar and its bites. Everything above this folder
//! relies on these types being valid once built.

pub mod bar;
pub(crate) mod commas;
pub mod game;
pub mod moves;
pub mod multi_move;
pub mod nim;
pub mod outcome;
pub mod position;
pub(crate) mod row_reader;
pub(crate) mod rows_per_move;
pub mod rule;
pub mod take_set;
