//! The seam to the solver side panel (`seams.md`, module `src/tui/panel/`): what the UI core
//! uses of it, in one place.

pub use super::panel::{PanelMsg, PanelTheme, SolverPanel, StepPool};
