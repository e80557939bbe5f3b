//! The styles and glyphs the panel draws with. They are made by the UI's one theme
//! ([`crate::tui::theme::Theme::panel`]) from the same choices as the board (colour or not,
//! dark or light background, Unicode or ASCII), so the panel never disagrees with the screen
//! around it. Every status also has its own symbol and word, so nothing depends on telling
//! colours apart.

use ratatui::style::Style;

use crate::tui::theme::{Background, Glyphs, Theme};

/// Styles and symbols for the panel.
#[derive(Clone, Debug, PartialEq)]
pub struct PanelTheme {
    pub border: Style,
    pub title: Style,
    /// The solver's name.
    pub solver: Style,
    pub label: Style,
    pub value: Style,
    /// Secondary text (positions, units, axis labels).
    pub dim: Style,
    pub running: Style,
    pub paused: Style,
    pub solved: Style,
    pub stuck: Style,
    pub cap: Style,
    pub error: Style,
    pub axis: Style,
    /// Chart lines, cycled through for the bands.
    pub series: Vec<Style>,
    /// Borders, status symbols, chart marker; `glyphs.ascii` draws charts in ASCII.
    pub glyphs: Glyphs,
}

impl PanelTheme {
    /// The panel of the default theme: colour, dark background, Unicode.
    pub fn colored() -> PanelTheme {
        Theme::colored(Background::Dark, false).panel
    }

    /// The panel of the plain theme (`NO_COLOR`, `--no-color`): emphasis by modifiers only.
    pub fn plain() -> PanelTheme {
        Theme::plain(false).panel
    }

    /// The style of the `i`-th chart series.
    pub fn series_style(&self, i: usize) -> Style {
        if self.series.is_empty() {
            Style::new()
        } else {
            self.series[i % self.series.len()]
        }
    }
}

impl Default for PanelTheme {
    fn default() -> PanelTheme {
        PanelTheme::colored()
    }
}
