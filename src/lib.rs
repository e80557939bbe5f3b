//! sudoscope: the terminal application — local play (`tui`), the SSH server (`serve`) — built
//! on the engine crate `sudoscope-core`, whose modules are re-exported here under their own
//! names so `sudoscope::grid`, `sudoscope::logic`, … stay the engine's paths.
//!
//! Everything that touches a terminal, an async runtime, SSH or a database lives in this crate;
//! the engine itself knows nothing of them (see `crates/sudoscope-core`).

pub use sudoscope_core::{canon, exact, generate, grid, live, logic};

pub mod daily;
pub mod names;
pub mod serve;
pub mod store;
pub mod tui;
