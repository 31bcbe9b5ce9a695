//! Each way of solving a position, told in words: its steps for `explain`,
//! and its reasons for a verdict or the computer's move. One file per
//! method, so every sentence about a method is written once, beside the
//! others about it. `worked.rs` works a position out by its method, below
//! all of them.

pub mod grouping;
pub mod grundy;
pub mod moore;
pub mod pattern;
pub mod searched;
pub mod worked;
