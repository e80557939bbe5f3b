//! The terminal UI: the `App` (state and `update`; no I/O, no view types), the views that
//! draw it, the key map and theme, and the local terminal runner. The SSH server drives the
//! same `App`.

pub mod app;
pub mod edges;
pub mod job;
pub mod keymap;
pub mod layout;
pub mod local_store;
pub mod panel;
pub mod panel_link;
pub mod records;
pub mod run;
pub mod svg;
pub mod terminal;
pub mod terminal_out;
pub mod terminal_watch;
pub mod theme;
pub mod view;
pub mod wrap;

pub use app::{App, AppConfig, AppError, Effect, Hits, Msg, StartGame};
pub use panel_link::{PanelMsg, PanelTheme, SolverPanel, StepPool};
