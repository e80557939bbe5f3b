//! The seam to the solver side panel (`seams.md`, module `src/tui/panel/`).
//!
//! TEMPORARY STAND-IN until the panel's API lands on main: the types and methods mirror the
//! seam so the UI compiles and its integration (toggle key, key mapping, board overlay, copy
//! of a solution) is written once. When `src/tui/panel/` is merged this file becomes
//! `pub use super::panel::{PanelMsg, PanelTheme, SolverPanel, StepPool};`.

use std::sync::Arc;

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::widgets::{Block, Borders, Paragraph, Wrap};

use crate::grid::{Grid, Puzzle};
use crate::live::SolverView;

/// Solver-stepping permits shared by the panels of a process.
#[derive(Debug)]
pub struct StepPool {
    permits: usize,
}

impl StepPool {
    pub fn new(permits: usize) -> StepPool {
        StepPool {
            permits: permits.max(1),
        }
    }

    pub fn permits(&self) -> usize {
        self.permits
    }
}

/// What the panel's keys ask of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PanelMsg {
    NextSolver,
    PrevSolver,
    StartPause,
    Step,
    Reset,
    Faster,
    Slower,
    NewSeed,
}

/// Styles the panel uses.
#[derive(Clone, Debug, Default)]
pub struct PanelTheme;

impl PanelTheme {
    pub fn colored() -> PanelTheme {
        PanelTheme
    }
    pub fn plain() -> PanelTheme {
        PanelTheme
    }
}

/// Stand-in panel: no solver runs yet.
pub struct SolverPanel {
    _pool: Arc<StepPool>,
}

impl SolverPanel {
    pub fn new(pool: Arc<StepPool>) -> SolverPanel {
        SolverPanel { _pool: pool }
    }
    pub fn load(&mut self, _puzzle: &Puzzle) {}
    pub fn handle(&mut self, _msg: PanelMsg) {}
    pub fn poll(&mut self) -> bool {
        false
    }
    pub fn is_running(&self) -> bool {
        false
    }
    pub fn view(&self) -> Option<&SolverView> {
        None
    }
    pub fn solution(&self) -> Option<Grid> {
        None
    }
    pub fn render(&self, frame: &mut Frame, area: Rect, _theme: &PanelTheme) {
        let text = Paragraph::new("The live solver panel is being built (src/tui/panel/).")
            .wrap(Wrap { trim: true })
            .block(Block::default().borders(Borders::ALL).title(" solvers "));
        frame.render_widget(text, area);
    }
}
