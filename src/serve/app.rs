//! What the SSH server needs from the game: the seam between a session and the UI.
//!
//! The server knows nothing about sudoku; it feeds terminal events in, draws frames out and
//! stores the snapshots the app asks to save. The terminal UI's `App` implements this (see
//! `tui_app.rs`); tests use small apps of their own.

use ratatui::Frame;
use ratatui::crossterm::event::Event;

/// What the app asks the session to do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SessionEffect {
    /// The player quit: restore their terminal and close the channel.
    Quit,
    /// Persist this snapshot of the game (the app emits one after every change).
    Save(String),
}

/// One player's game, driven by one SSH session.
pub trait SessionApp: Send {
    /// A key, mouse, paste or resize event from the player's terminal.
    fn event(&mut self, event: Event) -> Vec<SessionEffect>;
    /// Time passed: the clock, a running solver's newest view.
    fn tick(&mut self) -> Vec<SessionEffect>;
    /// Draws the whole screen.
    fn render(&self, frame: &mut Frame);
    /// True while the screen changes by itself (a solver runs): the session then draws at
    /// the animation rate instead of once a second.
    fn needs_frames(&self) -> bool;
}

/// Makes the app of a new session, from the player's saved snapshot if there is one (a
/// snapshot that cannot be read gives a fresh game, not an error); an error is shown to the
/// player as one line before the session closes.
pub type AppFactory =
    std::sync::Arc<dyn Fn(Option<String>) -> Result<Box<dyn SessionApp>, String> + Send + Sync>;
