//! The solvers, what is said and the binary's commands, in one test
//! binary: each file is a module, so they are linked once, not one by one.

#[path = "../shared/mod.rs"]
mod common;

mod answers;
mod architecture;
mod chomp;
mod completions;
mod docs;
mod documents;
mod exhaustive;
mod fuzz_corpus;
mod games;
mod handouts;
mod lessons;
mod moore;
mod play;
mod search;
mod solvers_agree;
mod verify;
mod widths;
mod worksheets;
