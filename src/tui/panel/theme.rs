//! The styles the panel draws with.
//!
//! Colours are the terminal's named ones, so they follow its palette on dark and light
//! backgrounds; every status also has its own symbol and word, so nothing depends on telling
//! colours apart.

use ratatui::style::{Color, Modifier, Style};
use ratatui::symbols::Marker;
use ratatui::symbols::border;

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
    /// The chart marker (braille for resolution; a dot in ASCII mode).
    pub marker: Marker,
    pub border_set: border::Set<'static>,
    /// Plain ASCII status symbols.
    pub ascii: bool,
}

/// Borders in plain ASCII.
const ASCII_BORDER: border::Set<'static> = border::Set {
    top_left: "+",
    top_right: "+",
    bottom_left: "+",
    bottom_right: "+",
    vertical_left: "|",
    vertical_right: "|",
    horizontal_top: "-",
    horizontal_bottom: "-",
};

impl PanelTheme {
    /// The default, coloured theme.
    pub fn colored() -> PanelTheme {
        let bold = Modifier::BOLD;
        PanelTheme {
            border: Style::new().fg(Color::DarkGray),
            title: Style::new().add_modifier(bold),
            solver: Style::new().fg(Color::Cyan).add_modifier(bold),
            label: Style::new().fg(Color::Gray),
            value: Style::new().add_modifier(bold),
            dim: Style::new().fg(Color::DarkGray),
            running: Style::new().fg(Color::Cyan).add_modifier(bold),
            paused: Style::new().fg(Color::Yellow),
            solved: Style::new().fg(Color::Green).add_modifier(bold),
            stuck: Style::new().fg(Color::Magenta).add_modifier(bold),
            cap: Style::new().fg(Color::Yellow).add_modifier(bold),
            error: Style::new().fg(Color::Red).add_modifier(bold),
            axis: Style::new().fg(Color::DarkGray),
            series: [
                Color::Cyan,
                Color::Yellow,
                Color::Magenta,
                Color::Green,
                Color::Blue,
                Color::Red,
                Color::LightCyan,
                Color::LightYellow,
                Color::LightMagenta,
                Color::LightGreen,
                Color::LightBlue,
                Color::LightRed,
            ]
            .into_iter()
            .map(|c| Style::new().fg(c))
            .collect(),
            marker: Marker::Braille,
            border_set: border::ROUNDED,
            ascii: false,
        }
    }

    /// No colours (`NO_COLOR`, `--no-color`): emphasis by modifiers only.
    pub fn plain() -> PanelTheme {
        let bold = Style::new().add_modifier(Modifier::BOLD);
        PanelTheme {
            border: Style::new(),
            title: bold,
            solver: bold,
            label: Style::new(),
            value: bold,
            dim: Style::new().add_modifier(Modifier::DIM),
            running: bold,
            paused: Style::new(),
            solved: bold.add_modifier(Modifier::REVERSED),
            stuck: bold,
            cap: bold,
            error: bold.add_modifier(Modifier::REVERSED),
            axis: Style::new(),
            series: vec![Style::new()],
            marker: Marker::Braille,
            border_set: border::PLAIN,
            ascii: false,
        }
    }

    /// The same theme drawn with ASCII borders, symbols and chart dots (`--ascii`).
    pub fn with_ascii(mut self) -> PanelTheme {
        self.ascii = true;
        self.marker = Marker::Dot;
        self.border_set = ASCII_BORDER;
        self
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
