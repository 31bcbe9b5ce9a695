//! The solvers. Each answers "who wins, and how" in its own way, and none
//! of them prints: the grouping method, the XOR nim-sum, the search through
//! every game, the shortcuts for games with limited takes (row patterns
//! and Grundy values), and the grouping method stretched to Moore's Nim,
//! where a move may take from several rows. The tests hold them against
//! each other. Chomp has its own search and the strategies that need none.

pub mod chomp;
pub(crate) mod columns;
pub(crate) mod forced;
pub mod grouping;
pub(crate) mod grundy;
mod lattice;
pub mod moore;
pub mod moore_count;
pub mod nim_sum;
pub mod one_row;
pub(crate) mod periodic;
pub mod search;
pub(crate) mod search_count;
