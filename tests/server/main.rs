//! The classroom server over real HTTP on loopback, in one test binary.

#[path = "../shared/mod.rs"]
mod common;

mod class;
mod hardening;
mod serve;
mod streams;
