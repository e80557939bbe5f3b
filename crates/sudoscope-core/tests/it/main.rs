//! The engine's integration tests, in one test binary (one link instead of one per file): each
//! former test file is a module here; what they share with the application's tests (the
//! dataset locator, reglib boards, the soundness walker) is in the `sudoscope-testkit` crate.
//! A new test file `tests/it/NAME.rs` needs a `mod NAME;` line below.
//!
//! Run one module with `cargo test --release -p sudoscope-core --test it MODULE::` (e.g.
//! `formats::`), one test with its full name.

mod canon;
mod engine_boundary;
mod exact9;
mod exact_generic;
mod exact_shapes;
mod formats;
mod generate;
mod live_ga;
mod live_lp;
mod live_rfss;
mod logic_advanced;
mod logic_als_forcing;
mod logic_hodoku_agreement;
mod logic_hodoku_compare;
mod logic_killer;
mod logic_links;
mod logic_reglib;
mod logic_soundness;
mod logic_symbols;
mod parse_errors;
mod se_agreement;
mod se_explain;
mod se_never_stuck;
