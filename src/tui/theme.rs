//! Colours, modifiers and glyphs. Every meaning that a colour carries is also carried by
//! something else (a modifier or a marker glyph), so the plain theme (`NO_COLOR`,
//! `--no-color`) and colour-blind players lose nothing: conflicts are bold + underlined with a
//! `!` marker, wrong entries after a check get a `✗` (`x`) marker, hint eliminations are
//! crossed out; the cells of an X diagonal or a hyper window carry a marker glyph beside
//! their shade.
//!
//! This is the one home of every glyph and colour on screen, the solver panel's included
//! ([`Theme::panel`]), so `--ascii`, `--no-color` and the light palette reach every cell.

use std::borrow::Cow;

use ratatui::style::{Color, Modifier, Style};
use ratatui::symbols::{Marker, border};

use crate::tui::edges::Edge;

/// Whether the palette suits a dark or a light terminal background.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Background {
    Dark,
    Light,
}

impl Background {
    /// Reads the `COLORFGBG` convention (`"15;0"`: light text on black); dark when unknown.
    pub fn from_colorfgbg(value: Option<&str>) -> Background {
        let bg = value
            .and_then(|v| v.rsplit(';').next())
            .and_then(|b| b.trim().parse::<u8>().ok());
        match bg {
            Some(7) | Some(9..=15) => Background::Light,
            _ => Background::Dark,
        }
    }
}

/// Line and marker characters: Unicode box drawing, or ASCII for plain terminals.
#[derive(Clone, Debug, PartialEq)]
pub struct Glyphs {
    pub ascii: bool,
    pub h: &'static str,
    pub v: &'static str,
    pub cross: &'static str,
    pub top_left: &'static str,
    pub top_right: &'static str,
    pub bottom_left: &'static str,
    pub bottom_right: &'static str,
    pub tee_down: &'static str,
    pub tee_up: &'static str,
    pub tee_right: &'static str,
    pub tee_left: &'static str,
    pub conflict: char,
    pub wrong: char,
    pub empty: char,
    /// Markers of the extra houses: X's main diagonal, its anti-diagonal, a cell on both,
    /// a hyper window.
    pub diagonal: char,
    pub anti_diagonal: char,
    pub both_diagonals: char,
    pub window: char,
    /// The solver panel's state symbols.
    pub status: StatusGlyphs,
    /// The panel's border.
    pub panel_border: border::Set<'static>,
    /// The panel's chart marker; in ASCII mode charts are drawn with `*` by the panel itself,
    /// because every ratatui marker is a non-ASCII character.
    pub chart_marker: Marker,
}

/// The solver panel's state symbols (each also has its word, so none rests on the symbol).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StatusGlyphs {
    pub ready: &'static str,
    pub running: &'static str,
    pub working: &'static str,
    pub paused: &'static str,
    pub solved: &'static str,
    pub stuck: &'static str,
    pub cap: &'static str,
    pub error: &'static str,
}

/// ASCII stand-ins for the non-ASCII characters the UI's texts use (`--ascii`).
const ASCII_FOR: &[(char, &str)] = &[
    ('←', "Left"),
    ('→', "Right"),
    ('↑', "Up"),
    ('↓', "Down"),
    ('×', "x"),
    ('·', "-"),
    ('…', "..."),
    ('—', "--"),
    ('–', "-"),
    ('µ', "u"),
    ('✓', "ok"),
    ('✗', "x"),
    ('‹', "<"),
    ('›', ">"),
    ('▸', ">"),
    ('▶', ">"),
    ('◂', "<"),
    ('⌫', "x"),
    ('⏱', "time"),
    ('╲', "\\"),
    ('╱', "/"),
    ('╳', "X"),
    ('▫', "#"),
    ('’', "'"),
    ('“', "\""),
    ('”', "\""),
    ('≠', "!="),
    ('⇒', "=>"),
    ('−', "-"),
    ('≥', ">="),
    ('≤', "<="),
];

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

impl Glyphs {
    /// The line character where lines meet: `v` and `h` are the weights (0 none, 1 thin,
    /// 2 box line) of the vertical and horizontal line through the point, and the flags say
    /// which arms exist (edges of the board have fewer).
    pub fn junction(
        &self,
        v: u8,
        h: u8,
        up: bool,
        down: bool,
        left: bool,
        right: bool,
    ) -> &'static str {
        if self.ascii {
            return match (v, h) {
                (0, 0) => " ",
                (0, 2) => "=",
                (0, _) => "-",
                (2, 0) => "|",
                (_, 0) => ":",
                _ => "+",
            };
        }
        let vertical = up || down;
        let horizontal = left || right;
        let i = match (v, h) {
            (1, 1) => 0,
            (1, 2) => 1,
            (2, 1) => 2,
            _ => 3,
        };
        if !horizontal || h == 0 {
            return if v == 2 { "║" } else { "│" };
        }
        if !vertical || v == 0 {
            return if h == 2 { "═" } else { "─" };
        }
        let table: [&'static str; 4] = match (up, down, left, right) {
            (true, true, true, true) => ["┼", "╪", "╫", "╬"],
            (false, true, true, true) => ["┬", "╤", "╥", "╦"],
            (true, false, true, true) => ["┴", "╧", "╨", "╩"],
            (true, true, false, true) => ["├", "╞", "╟", "╠"],
            (true, true, true, false) => ["┤", "╡", "╢", "╣"],
            (false, true, false, true) => ["┌", "╒", "╓", "╔"],
            (false, true, true, false) => ["┐", "╕", "╖", "╗"],
            (true, false, false, true) => ["└", "╘", "╙", "╚"],
            _ => ["┘", "╛", "╜", "╝"],
        };
        table[i]
    }

    /// The line of one cell edge on an outlined board (see `view::outlines`), along a
    /// horizontal or a vertical line; each kind of edge has its own character in both
    /// alphabets.
    pub fn edge(&self, edge: Edge, horizontal: bool) -> &'static str {
        let (h, v) = match (self.ascii, edge) {
            (_, Edge::Blank) => (" ", " "),
            (true, Edge::Thin | Edge::Cage) => ("-", ":"),
            (true, Edge::Region) => ("=", "|"),
            (true, Edge::RegionInCage) => (".", "."),
            (false, Edge::Thin) => ("─", "│"),
            (false, Edge::Cage) => ("╌", "╎"),
            (false, Edge::Region) => ("━", "┃"),
            (false, Edge::RegionInCage) => ("╍", "╏"),
        };
        if horizontal { h } else { v }
    }

    /// The junction of an outlined board whose arms (up, down, left, right) have the weights
    /// `arms` (0 none, 1 light, 2 heavy); `vertical` and `horizontal` are the strongest edges
    /// through it each way, which ASCII draws when the point has arms one way only.
    pub fn arms(&self, arms: [u8; 4], vertical: Edge, horizontal: Edge) -> &'static str {
        let [up, down, left, right] = arms.map(|w| w.min(2) as usize);
        if self.ascii {
            return match (up + down > 0, left + right > 0) {
                (true, true) => "+",
                (true, false) => self.edge(vertical, false),
                (false, true) => self.edge(horizontal, true),
                (false, false) => " ",
            };
        }
        // A straight line through the point keeps its segments' dashes.
        if left + right == 0 && up == down {
            return self.edge(vertical, false);
        }
        if up + down == 0 && left == right {
            return self.edge(horizontal, true);
        }
        // Every combination of light and heavy arms, indexed up·27 + down·9 + left·3 + right.
        const TABLE: [&str; 81] = [
            " ", "╶", "╺", "╴", "─", "╼", "╸", "╾", "━", "╷", "┌", "┍", "┐", "┬", "┮", "┑", "┭",
            "┯", "╻", "┎", "┏", "┒", "┰", "┲", "┓", "┱", "┳", "╵", "└", "┕", "┘", "┴", "┶", "┙",
            "┵", "┷", "│", "├", "┝", "┤", "┼", "┾", "┥", "┽", "┿", "╽", "┟", "┢", "┧", "╁", "╆",
            "┪", "╅", "╈", "╹", "┖", "┗", "┚", "┸", "┺", "┛", "┹", "┻", "╿", "┞", "┡", "┦", "╀",
            "╄", "┩", "╃", "╇", "┃", "┠", "┣", "┨", "╂", "╊", "┫", "╉", "╋",
        ];
        TABLE[up * 27 + down * 9 + left * 3 + right]
    }

    pub fn unicode() -> Glyphs {
        Glyphs {
            ascii: false,
            h: "─",
            v: "│",
            cross: "┼",
            top_left: "┌",
            top_right: "┐",
            bottom_left: "└",
            bottom_right: "┘",
            tee_down: "┬",
            tee_up: "┴",
            tee_right: "├",
            tee_left: "┤",
            conflict: '!',
            wrong: '✗',
            empty: '·',
            diagonal: '╲',
            anti_diagonal: '╱',
            both_diagonals: '╳',
            window: '▫',
            status: StatusGlyphs {
                ready: "○",
                running: "▶",
                working: "…",
                paused: "‖",
                solved: "✔",
                stuck: "✖",
                cap: "■",
                error: "✖",
            },
            panel_border: border::ROUNDED,
            chart_marker: Marker::Braille,
        }
    }

    pub fn ascii() -> Glyphs {
        Glyphs {
            ascii: true,
            h: "-",
            v: "|",
            cross: "+",
            top_left: "+",
            top_right: "+",
            bottom_left: "+",
            bottom_right: "+",
            tee_down: "+",
            tee_up: "+",
            tee_right: "+",
            tee_left: "+",
            conflict: '!',
            wrong: 'x',
            empty: '.',
            diagonal: '\\',
            anti_diagonal: '/',
            both_diagonals: 'X',
            window: '#',
            status: StatusGlyphs {
                ready: "-",
                running: ">",
                working: "~",
                paused: "=",
                solved: "*",
                stuck: "!",
                cap: "#",
                error: "x",
            },
            panel_border: ASCII_BORDER,
            chart_marker: Marker::Dot,
        }
    }

    /// The border of popups and cards: thin lines, or ASCII.
    pub fn border(&self) -> border::Set<'static> {
        if self.ascii {
            ASCII_BORDER
        } else {
            border::PLAIN
        }
    }

    pub fn new(ascii: bool) -> Glyphs {
        if ascii {
            Glyphs::ascii()
        } else {
            Glyphs::unicode()
        }
    }

    /// `text` as this terminal can show it: unchanged, or with every non-ASCII character
    /// replaced by its ASCII stand-in (`?` for one without).
    pub fn text<'a>(&self, text: &'a str) -> Cow<'a, str> {
        if !self.ascii || text.is_ascii() {
            return Cow::Borrowed(text);
        }
        let mut out = String::with_capacity(text.len());
        for ch in text.chars() {
            if ch.is_ascii() {
                out.push(ch);
            } else {
                match ASCII_FOR.iter().find(|(c, _)| *c == ch) {
                    Some((_, ascii)) => out.push_str(ascii),
                    None => out.push('?'),
                }
            }
        }
        Cow::Owned(out)
    }

    /// A line whose spans pass through [`Glyphs::text`].
    pub fn line(&self, line: ratatui::text::Line<'static>) -> ratatui::text::Line<'static> {
        if !self.ascii {
            return line;
        }
        let spans = line
            .spans
            .into_iter()
            .map(|span| {
                let content = self.text(&span.content).into_owned();
                ratatui::text::Span::styled(content, span.style)
            })
            .collect::<Vec<_>>();
        ratatui::text::Line::from(spans)
            .style(line.style)
            .alignment(line.alignment.unwrap_or_default())
    }
}

/// Every style the UI draws with.
#[derive(Clone, Debug)]
pub struct Theme {
    pub color: bool,
    pub glyphs: Glyphs,
    pub border: Style,
    pub box_border: Style,
    /// A killer cage's outline inside a region (its glyphs differ from the region's too).
    pub cage_border: Style,
    /// A killer cage's sum, written into the outline above its top-left cell.
    pub cage_sum: Style,
    pub given: Style,
    pub entry: Style,
    pub note: Style,
    pub note_match: Style,
    pub cursor: Style,
    pub shade: Style,
    /// The cells of an X diagonal or a hyper window (with a marker glyph as well).
    pub extra_house: Style,
    pub same_digit: Style,
    pub conflict: Style,
    pub wrong: Style,
    pub hint_house: Style,
    pub hint_pattern: Style,
    pub hint_elimination: Style,
    pub hint_placement: Style,
    /// A chain's candidates that the chain makes true (the ends of its strong links).
    pub chain_on: Style,
    /// A chain's candidates that the chain makes false (the ends of its weak links).
    pub chain_off: Style,
    pub title: Style,
    pub accent: Style,
    pub key: Style,
    pub dim: Style,
    pub message: Style,
    pub error: Style,
    pub success: Style,
    /// Solver overlay digits by confidence band: low, middle, high.
    pub overlay: [Style; 3],
    pub overlay_conflict: Style,
    pub overlay_unsettled: Style,
    pub celebrate: [Style; 4],
    /// The solver panel's styles and glyphs, made from the same choices.
    pub panel: PanelTheme,
}

impl Theme {
    /// The colour theme for a background.
    pub fn colored(background: Background, ascii: bool) -> Theme {
        let dark = background == Background::Dark;
        let pick = |d: u8, l: u8| Color::Indexed(if dark { d } else { l });
        let bold = Modifier::BOLD;
        let glyphs = Glyphs::new(ascii);
        let named = |d: Color, l: Color| if dark { d } else { l };
        let panel = PanelTheme {
            border: Style::new().fg(Color::DarkGray),
            title: Style::new().add_modifier(bold),
            solver: Style::new()
                .fg(named(Color::Cyan, Color::Blue))
                .add_modifier(bold),
            label: Style::new().fg(named(Color::Gray, Color::DarkGray)),
            value: Style::new().add_modifier(bold),
            dim: Style::new().fg(Color::DarkGray),
            running: Style::new()
                .fg(named(Color::Cyan, Color::Blue))
                .add_modifier(bold),
            paused: Style::new().fg(pick(220, 130)),
            solved: Style::new().fg(Color::Green).add_modifier(bold),
            stuck: Style::new().fg(Color::Magenta).add_modifier(bold),
            cap: Style::new().fg(pick(220, 130)).add_modifier(bold),
            error: Style::new().fg(Color::Red).add_modifier(bold),
            axis: Style::new().fg(Color::DarkGray),
            series: if dark {
                vec![
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
            } else {
                // Dark inks that read on a light background.
                [25u8, 130, 90, 28, 18, 124, 31, 94, 127, 22, 20, 160]
                    .into_iter()
                    .map(Color::Indexed)
                    .collect()
            }
            .into_iter()
            .map(|c| Style::new().fg(c))
            .collect(),
            glyphs: glyphs.clone(),
        };
        Theme {
            color: true,
            glyphs,
            panel,
            border: Style::new().fg(pick(242, 248)),
            box_border: Style::new().fg(pick(250, 240)).add_modifier(bold),
            cage_border: Style::new().fg(pick(180, 94)),
            cage_sum: Style::new().fg(pick(222, 94)).add_modifier(bold),
            given: Style::new().add_modifier(bold),
            entry: Style::new().fg(pick(75, 25)),
            note: Style::new().fg(pick(244, 245)),
            note_match: Style::new().fg(pick(214, 130)).add_modifier(bold),
            cursor: Style::new().add_modifier(Modifier::REVERSED | bold),
            shade: Style::new().bg(pick(236, 254)),
            extra_house: Style::new().bg(pick(238, 253)),
            same_digit: Style::new().bg(pick(24, 153)).add_modifier(bold),
            conflict: Style::new()
                .fg(pick(203, 160))
                .add_modifier(bold | Modifier::UNDERLINED),
            wrong: Style::new()
                .fg(pick(208, 166))
                .add_modifier(bold | Modifier::UNDERLINED),
            hint_house: Style::new().bg(pick(235, 230)),
            hint_pattern: Style::new().bg(pick(25, 117)).add_modifier(bold),
            hint_elimination: Style::new()
                .fg(pick(208, 166))
                .add_modifier(bold | Modifier::CROSSED_OUT),
            hint_placement: Style::new()
                .bg(pick(29, 121))
                .add_modifier(bold | Modifier::UNDERLINED),
            chain_on: Style::new().fg(pick(78, 28)).add_modifier(bold),
            chain_off: Style::new()
                .fg(pick(141, 90))
                .add_modifier(bold | Modifier::ITALIC),
            title: Style::new().fg(pick(75, 25)).add_modifier(bold),
            accent: Style::new().fg(pick(214, 130)).add_modifier(bold),
            key: Style::new().fg(pick(117, 24)).add_modifier(bold),
            dim: Style::new().fg(pick(244, 245)),
            message: Style::new(),
            error: Style::new().fg(pick(203, 160)).add_modifier(bold),
            success: Style::new().fg(pick(78, 28)).add_modifier(bold),
            overlay: [
                Style::new()
                    .fg(pick(96, 182))
                    .add_modifier(Modifier::ITALIC | Modifier::DIM),
                Style::new()
                    .fg(pick(170, 133))
                    .add_modifier(Modifier::ITALIC),
                Style::new().fg(pick(213, 127)).add_modifier(bold),
            ],
            overlay_conflict: Style::new()
                .fg(pick(203, 160))
                .add_modifier(bold | Modifier::UNDERLINED),
            overlay_unsettled: Style::new().bg(pick(58, 229)),
            celebrate: [
                Style::new().bg(pick(25, 117)).add_modifier(bold),
                Style::new().bg(pick(29, 121)).add_modifier(bold),
                Style::new().bg(pick(94, 223)).add_modifier(bold),
                Style::new().bg(pick(90, 219)).add_modifier(bold),
            ],
        }
    }

    /// No colour at all: meaning is carried by modifiers and marker glyphs.
    pub fn plain(ascii: bool) -> Theme {
        let s = Style::new;
        let m = |modifier| Style::new().add_modifier(modifier);
        let glyphs = Glyphs::new(ascii);
        let bold = m(Modifier::BOLD);
        let panel = PanelTheme {
            border: s(),
            title: bold,
            solver: bold,
            label: s(),
            value: bold,
            dim: m(Modifier::DIM),
            running: bold,
            paused: s(),
            solved: bold.add_modifier(Modifier::REVERSED),
            stuck: bold,
            cap: bold,
            error: bold.add_modifier(Modifier::REVERSED),
            axis: s(),
            series: vec![s()],
            glyphs: Glyphs {
                panel_border: if ascii { ASCII_BORDER } else { border::PLAIN },
                ..glyphs.clone()
            },
        };
        Theme {
            color: false,
            glyphs,
            panel,
            border: s(),
            box_border: m(Modifier::BOLD),
            cage_border: s(),
            cage_sum: m(Modifier::BOLD),
            given: m(Modifier::BOLD),
            entry: s(),
            note: m(Modifier::DIM),
            note_match: m(Modifier::BOLD | Modifier::UNDERLINED),
            cursor: m(Modifier::REVERSED | Modifier::BOLD),
            shade: s(),
            extra_house: s(),
            same_digit: m(Modifier::UNDERLINED | Modifier::BOLD),
            conflict: m(Modifier::BOLD | Modifier::UNDERLINED),
            wrong: m(Modifier::BOLD | Modifier::UNDERLINED),
            hint_house: s(),
            hint_pattern: m(Modifier::REVERSED),
            hint_elimination: m(Modifier::CROSSED_OUT | Modifier::BOLD),
            hint_placement: m(Modifier::REVERSED | Modifier::UNDERLINED),
            chain_on: m(Modifier::BOLD | Modifier::UNDERLINED),
            chain_off: m(Modifier::BOLD | Modifier::ITALIC),
            title: m(Modifier::BOLD),
            accent: m(Modifier::BOLD),
            key: m(Modifier::BOLD),
            dim: m(Modifier::DIM),
            message: s(),
            error: m(Modifier::BOLD),
            success: m(Modifier::BOLD),
            overlay: [
                m(Modifier::DIM | Modifier::ITALIC),
                m(Modifier::ITALIC),
                m(Modifier::BOLD | Modifier::ITALIC),
            ],
            overlay_conflict: m(Modifier::BOLD | Modifier::UNDERLINED),
            overlay_unsettled: m(Modifier::UNDERLINED),
            celebrate: [
                m(Modifier::REVERSED),
                m(Modifier::BOLD),
                m(Modifier::REVERSED),
                m(Modifier::BOLD),
            ],
        }
    }

    /// The overlay style for a solver digit of this confidence (0..=1).
    pub fn overlay_for(&self, confidence: f32) -> Style {
        if confidence >= 0.67 {
            self.overlay[2]
        } else if confidence >= 0.34 {
            self.overlay[1]
        } else {
            self.overlay[0]
        }
    }
}

/// The solver panel's styles and glyphs. The UI's one theme makes them ([`Theme::panel`]) from
/// the same choices as the board (colour or not, dark or light background, Unicode or ASCII),
/// so the panel never disagrees with the screen around it. Every status also has its own
/// symbol and word, so nothing depends on telling colours apart.
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colorfgbg_picks_the_background() {
        assert_eq!(Background::from_colorfgbg(Some("0;15")), Background::Light);
        assert_eq!(Background::from_colorfgbg(Some("15;0")), Background::Dark);
        assert_eq!(Background::from_colorfgbg(None), Background::Dark);
        assert_eq!(Background::from_colorfgbg(Some("junk")), Background::Dark);
    }

    #[test]
    fn the_panel_follows_the_themes_choices() {
        let dark = Theme::colored(Background::Dark, false);
        let light = Theme::colored(Background::Light, false);
        assert_ne!(dark.panel.series, light.panel.series, "light inks on light");
        assert_ne!(dark.panel.paused, light.panel.paused);
        let ascii = Theme::colored(Background::Dark, true);
        assert!(ascii.panel.glyphs.ascii);
        assert!(ascii.panel.glyphs.panel_border.top_left.is_ascii());
        assert!(
            Theme::plain(false)
                .panel
                .series
                .iter()
                .all(|s| s.fg.is_none())
        );
    }

    #[test]
    fn ascii_text_has_only_ascii() {
        let g = Glyphs::ascii();
        let text = "9×9 · ⏱ 1:02 — hint: technique → pattern… ✓ ✗ ╲ ╱ ╳ ▫ µs ‹x›";
        let ascii = g.text(text);
        assert!(ascii.is_ascii(), "{ascii}");
        assert_eq!(g.text("9×9"), "9x9");
        assert_eq!(Glyphs::unicode().text("9×9"), "9×9");
    }

    #[test]
    fn plain_theme_has_no_colour() {
        let t = Theme::plain(false);
        for style in [t.conflict, t.hint_elimination, t.cursor, t.entry, t.given] {
            assert_eq!(style.fg, None);
            assert_eq!(style.bg, None);
        }
        assert!(t.conflict.add_modifier.contains(Modifier::UNDERLINED));
    }
}
