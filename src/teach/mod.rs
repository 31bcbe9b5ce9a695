//! Teaching: what the tool says about a position, a move or a table,
//! worked out once from the solvers and built into a [`document`] that
//! every layout shows the same way.

pub mod analysis;
pub(crate) mod board;
pub mod check;
pub mod chomp;
pub(crate) mod computer;
pub mod document;
pub mod explain;
pub mod facts;
pub mod hints;
pub(crate) mod lesson;
pub mod method;
pub mod nim;
pub(crate) mod queried;
pub mod reply;
pub mod review;
pub mod table;
pub mod table_doc;
pub mod teaching;
pub mod verdict;
pub(crate) mod words;
pub mod worksheet;
