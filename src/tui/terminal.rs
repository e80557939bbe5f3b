//! Putting the terminal back as the player had it: out of raw mode, mouse capture and bracketed
//! paste, back to the main screen with the cursor shown. The runner calls it on every way out,
//! the panic hook before a report is printed, and the watchdog before it ends a stuck process.

use std::io;

use ratatui::crossterm::event::{DisableBracketedPaste, DisableMouseCapture};
use ratatui::crossterm::execute;
use ratatui::crossterm::terminal::{LeaveAlternateScreen, disable_raw_mode};

/// Puts the terminal back as it was; safe to call more than once.
pub fn restore() {
    let _ = disable_raw_mode();
    let _ = execute!(
        io::stdout(),
        DisableBracketedPaste,
        DisableMouseCapture,
        LeaveAlternateScreen,
        ratatui::crossterm::cursor::Show
    );
}
