//! The classroom page in headless Chromium, in one test binary. Without
//! Chromium each test prints that it is skipped, and fails when `CI` is
//! set.

#[path = "../shared/mod.rs"]
mod common;

mod address;
mod class;
mod page;
mod screens;
