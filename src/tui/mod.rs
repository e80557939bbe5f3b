//! The terminal UI: the `App` (state, `update`, `render`; no I/O), its views, the key map and
//! theme, and the local terminal runner. The SSH server drives the same `App`.

pub mod app;
pub use sudoscope_core::game;
pub mod gen_seam;
pub mod job;
pub mod keymap;
pub mod layout;
pub mod panel;
pub mod panel_link;
pub mod records;
pub mod run;
pub mod terminal;
pub mod terminal_watch;
pub mod theme;
pub mod view;
pub mod wrap;

pub use app::{App, AppConfig, AppError, Effect, Hits, Msg, StartGame};
pub use panel_link::{PanelMsg, PanelTheme, SolverPanel, StepPool};
