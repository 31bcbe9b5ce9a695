//! Teaching: what the tool says about a position, a move or a table, worked
//! out once from the solvers.

pub mod analysis;
pub mod table;
pub mod verdict;
