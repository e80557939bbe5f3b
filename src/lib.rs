//! sudoscope: the terminal application — local play (`tui`), the SSH server (`serve`) — built
//! on the engine crate `sudoscope-core`, which it uses by its own name (`sudoscope_core::…`).
//!
//! Everything that touches a terminal, an async runtime, SSH or a database lives in this crate;
//! the engine itself knows nothing of them (see `crates/sudoscope-core`).

pub mod daily;
pub mod names;
pub mod race;
pub mod serve;
pub mod store;
pub mod tui;
