//! Popups over the board: help, solution path, new game, open, pause, and the message shown
//! when the terminal is too small.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};

use crate::grid::Variant;
use crate::tui::app::{App, LEVEL_CHOICES, NewGameForm, SIZE_CHOICES};
use crate::tui::keymap::KEYS;

/// A centred rectangle of at most `w`×`h` inside `area`.
pub fn centered(area: Rect, w: u16, h: u16) -> Rect {
    let w = w.min(area.width);
    let h = h.min(area.height);
    Rect::new(
        area.x + (area.width - w) / 2,
        area.y + (area.height - h) / 2,
        w,
        h,
    )
}

fn popup(
    app: &App,
    frame: &mut Frame,
    area: Rect,
    title: String,
    lines: Vec<Line<'_>>,
    scroll: u16,
) {
    frame.render_widget(Clear, area);
    let block = Block::default()
        .borders(Borders::ALL)
        .border_style(app.theme.title)
        .title(Span::styled(title, app.theme.title));
    frame.render_widget(
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .scroll((scroll, 0))
            .block(block),
        area,
    );
}

pub fn help(app: &App, frame: &mut Frame, area: Rect, scroll: u16) {
    let theme = &app.theme;
    let mut lines = Vec::new();
    let mut group = "";
    for &(g, keys, what) in KEYS {
        if g != group {
            if !group.is_empty() {
                lines.push(Line::from(""));
            }
            lines.push(Line::from(Span::styled(g, theme.accent)));
            group = g;
        }
        lines.push(Line::from(vec![
            Span::styled(format!("  {keys:<26}"), theme.key),
            Span::raw(what),
        ]));
    }
    let total = lines.len() as u16;
    let rect = centered(area, 84, total + 3);
    let inner = rect.height.saturating_sub(2);
    let scroll = scroll.min(total.saturating_sub(inner));
    let title = if total > inner {
        " Keys — j/k scroll, any other key closes ".to_string()
    } else {
        " Keys — any key closes ".to_string()
    };
    popup(app, frame, rect, title, lines, scroll);
}

pub fn path(app: &App, frame: &mut Frame, area: Rect, lines: &[String], solved: bool, scroll: u16) {
    let theme = &app.theme;
    let mut text: Vec<Line> = lines.iter().map(|l| Line::from(l.as_str())).collect();
    text.push(Line::from(""));
    text.push(Line::from(Span::styled(
        if solved {
            "…and the grid is solved.".to_string()
        } else {
            "…then no technique applies: the rest needs guessing.".to_string()
        },
        if solved { theme.success } else { theme.error },
    )));
    let rect = centered(area, area.width.saturating_sub(4).max(20), area.height);
    let inner = rect.height.saturating_sub(2);
    let total = text.len() as u16;
    let scroll = scroll.min(total.saturating_sub(inner));
    let title = format!(
        " Solution path: {} steps — j/k scroll, Esc closes ",
        lines.len()
    );
    frame.render_widget(Clear, rect);
    let block = Block::default()
        .borders(Borders::ALL)
        .border_style(theme.title)
        .title(Span::styled(title, theme.title));
    frame.render_widget(Paragraph::new(text).scroll((scroll, 0)).block(block), rect);
}

pub fn new_game(app: &App, frame: &mut Frame, area: Rect, form: &NewGameForm) {
    let theme = &app.theme;
    let values = [
        LEVEL_CHOICES[form.level].map_or("any".to_string(), |l| l.id().to_string()),
        {
            let n = SIZE_CHOICES[form.size];
            format!("{n}×{n}")
        },
        Variant::ALL[form.variant].name().to_string(),
        if form.symmetric { "yes" } else { "no" }.to_string(),
    ];
    let names = ["Level", "Size", "Variant", "Symmetric"];
    let mut lines = vec![Line::from("")];
    for (i, (name, value)) in names.iter().zip(values).enumerate() {
        let selected = i == form.field;
        let style = if selected { theme.cursor } else { Style::new() };
        lines.push(Line::from(vec![
            Span::raw(if selected { " ▸ " } else { "   " }),
            Span::styled(format!("{name:<10}"), theme.accent),
            Span::styled(format!(" ‹ {value:^8} › "), style),
        ]));
    }
    lines.push(Line::from(""));
    lines.push(Line::from(vec![
        Span::styled(" ↑↓", theme.key),
        Span::raw(" field  "),
        Span::styled("←→", theme.key),
        Span::raw(" change  "),
        Span::styled("Enter", theme.key),
        Span::raw(" start  "),
        Span::styled("Esc", theme.key),
        Span::raw(" cancel"),
    ]));
    let rect = centered(area, 50, lines.len() as u16 + 2);
    popup(app, frame, rect, " New game ".into(), lines, 0);
}

pub fn open(app: &App, frame: &mut Frame, area: Rect, text: &str, error: Option<&str>) {
    let theme = &app.theme;
    let mut lines = vec![
        Line::from("Paste a puzzle in any format sudoscope reads (one line, a grid,"),
        Line::from(".ss/.sdk, pencilmarks), or type it; Enter opens it."),
        Line::from(""),
    ];
    let shown: Vec<&str> = text.lines().collect();
    let start = shown.len().saturating_sub(9);
    for l in &shown[start..] {
        let l: String = l.chars().take(90).collect();
        lines.push(Line::from(Span::styled(l, theme.entry)));
    }
    if text.is_empty() {
        lines.push(Line::from(Span::styled("(nothing yet)", theme.dim)));
    }
    lines.push(Line::from(""));
    if let Some(e) = error {
        lines.push(Line::from(Span::styled(e.to_string(), theme.error)));
    }
    lines.push(Line::from(vec![
        Span::styled("Enter", theme.key),
        Span::raw(" open  "),
        Span::styled("Ctrl-u", theme.key),
        Span::raw(" clear  "),
        Span::styled("Esc", theme.key),
        Span::raw(" cancel"),
    ]));
    let rect = centered(area, 96, lines.len() as u16 + 2);
    popup(app, frame, rect, " Open a puzzle ".into(), lines, 0);
}

pub fn paused(app: &App, frame: &mut Frame, area: Rect) {
    let lines = vec![
        Line::from(""),
        Line::from(Span::styled("Paused", app.theme.title)),
        Line::from(""),
        Line::from(vec![
            Span::raw("the grid is hidden; "),
            Span::styled("p", app.theme.key),
            Span::raw(" resumes"),
        ]),
    ];
    let rect = centered(area, 34, 6);
    frame.render_widget(Clear, rect);
    frame.render_widget(
        Paragraph::new(lines)
            .alignment(ratatui::layout::Alignment::Center)
            .block(Block::default().borders(Borders::ALL)),
        rect,
    );
}

pub fn too_small(app: &App, frame: &mut Frame, area: Rect, needs: (u16, u16)) {
    let n = app.game.size();
    let text = format!(
        "This {n}×{n} puzzle needs a terminal of at least {}×{} (now {}×{}). Enlarge the window or use a smaller font; q quits.",
        needs.0, needs.1, area.width, area.height
    );
    frame.render_widget(
        Paragraph::new(text)
            .style(app.theme.error)
            .wrap(Wrap { trim: true }),
        area,
    );
}
