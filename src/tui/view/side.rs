//! The sidebar beside the board: the digit palette (clickable, with how many of each digit
//! are still to place), the cursor cell, the mode, the hint card, and a short key list.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Wrap};

use super::board::symbol;
use super::hint;
use crate::tui::app::{App, Hits};
use crate::tui::keymap::KEYS;
use crate::tui::wrap::wrap_words;

/// Draws the sidebar; records in `hits` the palette's hit area, entry width and entries per
/// row, and the hint card's paging.
pub fn draw(app: &App, frame: &mut Frame, area: Rect, hits: &mut Hits) {
    if area.width < 8 || area.height < 3 {
        return;
    }
    let theme = &app.theme;
    let game = &app.game;
    let n = game.size();
    let mut y = area.y;
    let bottom = area.y + area.height;

    // Palette: the digits then a clear entry, each 4 wide, with the count still to place below.
    let entry_w = 4u16;
    let per_row = ((area.width / entry_w).max(1)).min(n as u16 + 1);
    let rows = (n as u16 + 1).div_ceil(per_row);
    let palette_h = rows * 2;
    let mut palette = None;
    if y + palette_h < bottom {
        frame.render_widget(
            Paragraph::new(Line::from(Span::styled(
                if app.notes_mode {
                    "Notes (click to toggle)"
                } else {
                    "Digits (click to enter)"
                },
                theme.dim,
            ))),
            Rect::new(area.x, y, area.width, 1),
        );
        y += 1;
        let counts = game.digit_counts();
        let cursor_digit = game.entry(app.cursor);
        let buf = frame.buffer_mut();
        for i in 0..=n {
            let (r, c) = (i as u16 / per_row, i as u16 % per_row);
            let (x, yy) = (area.x + c * entry_w, y + r * 2);
            if i == n {
                let label = if theme.glyphs.ascii { " x " } else { " ⌫ " };
                buf.set_string(x, yy, label, theme.dim);
                buf.set_string(x, yy + 1, "clr", theme.dim);
                continue;
            }
            let d = (i + 1) as u8;
            let left = n.saturating_sub(counts[d as usize]);
            let mut style = if left == 0 { theme.dim } else { theme.key };
            if d == cursor_digit {
                style = style.patch(theme.same_digit);
            }
            buf.set_string(x, yy, format!(" {} ", symbol(d)), style);
            let count = if left == 0 {
                if theme.glyphs.ascii {
                    " ok".to_string()
                } else {
                    " ✓ ".to_string()
                }
            } else {
                format!("{left:>2} ")
            };
            buf.set_string(x, yy + 1, count, theme.dim);
        }
        palette = Some((
            Rect::new(area.x, y, per_row * entry_w, palette_h),
            entry_w,
            per_row,
        ));
        y += palette_h + 1;
    }

    // The cursor cell and the mode.
    if y + 2 <= bottom {
        let geometry = game.geometry();
        let cell = app.cursor;
        let what = if game.is_given(cell) {
            format!("given {}", symbol(game.entry(cell)))
        } else if game.entry(cell) != 0 {
            format!("entry {}", symbol(game.entry(cell)))
        } else if !game.notes(cell).is_empty() {
            let notes: Vec<String> = game
                .notes(cell)
                .iter()
                .map(|d| symbol(d).to_string())
                .collect();
            format!("notes {}", notes.join(" "))
        } else {
            "empty".to_string()
        };
        let mode = if app.notes_mode {
            Span::styled(
                " NOTES ",
                theme
                    .accent
                    .patch(Style::new().add_modifier(ratatui::style::Modifier::REVERSED)),
            )
        } else {
            Span::styled(" ENTRY ", theme.dim)
        };
        let lines = vec![
            Line::from(vec![
                Span::styled(geometry.cell_name(cell), theme.accent),
                Span::raw("  "),
                Span::raw(what),
            ]),
            Line::from(vec![mode, Span::styled("  n switches", theme.dim)]),
        ];
        frame.render_widget(
            Paragraph::new(lines).wrap(Wrap { trim: true }),
            Rect::new(area.x, y, area.width, 2),
        );
        y += 3;
    }

    // What the variant's cell markers mean.
    if let Some(legend) = super::board::legend(app) {
        let rows = wrap_words(&legend, usize::from(area.width));
        let height = rows.len() as u16;
        if y + height + 3 <= bottom {
            let lines: Vec<Line> = rows
                .into_iter()
                .map(|row| Line::styled(row, theme.dim))
                .collect();
            frame.render_widget(
                Paragraph::new(lines),
                Rect::new(area.x, y, area.width, height),
            );
            y += height + 1;
        }
    }

    // The hint card, or a short key list.
    if y + 3 <= bottom {
        let rest = Rect::new(area.x, y, area.width, bottom - y);
        if let Some(h) = &app.hint {
            hits.hint_pages = draw_hint(app, frame, rest, h);
        } else {
            let k = |key: &'static str, what: &'static str| {
                Line::from(vec![
                    Span::styled(format!("{key:>4} "), theme.key),
                    Span::styled(what, theme.dim),
                ])
            };
            let lines: Vec<Line> = app
                .key_card
                .unwrap_or(GAME_KEYS)
                .iter()
                .map(|&(key, what)| theme.glyphs.line(k(key, what)))
                .collect();
            frame.render_widget(Paragraph::new(lines), rest);
        }
    }
    hits.palette = palette;
}

/// The short key list of a game.
const GAME_KEYS: &[(&str, &str)] = &[
    ("i", "hint (again: more)"),
    ("n f", "notes · fill notes"),
    ("u ^r", "undo · redo"),
    ("c", "check entries"),
    ("s", "live solvers"),
    ("g o", "new game · open"),
    ("?", "all keys"),
];

/// The hint card in a bordered box.
/// Draws the hint card; when its text is taller than the card, says how many rows it showed
/// and how far the text can be paged (for [`Hits::hint_pages`]).
pub fn draw_hint(
    app: &App,
    frame: &mut Frame,
    area: Rect,
    h: &crate::tui::app::Hint,
) -> Option<(u16, u16)> {
    let g = &app.theme.glyphs;
    let block = Block::default()
        .borders(Borders::ALL)
        .border_set(g.border());
    let inner = block.inner(area);
    let (title, lines) = hint::card(h, app.game.geometry(), &app.theme, inner.width);
    let lines: Vec<Line> = lines.into_iter().map(|l| g.line(l)).collect();
    let block = block
        .border_style(app.theme.accent)
        .title(Span::styled(g.text(&title).into_owned(), app.theme.accent));
    let whole = Paragraph::new(lines.clone()).wrap(Wrap { trim: true });
    let fits = whole.line_count(inner.width) <= usize::from(inner.height);
    match lines.split_last() {
        Some((keys, text)) if !fits && inner.height >= 2 => {
            // Taller than the card (a nested chain's explanation runs to dozens of lines):
            // the card's last line, its keys, stays on the bottom row, the text is shown a
            // card's height at a time above it, and the bottom border says where the player
            // is and that PageDown / PageUp page through it.
            let rows = inner.height - 1;
            let text = Paragraph::new(text.to_vec()).wrap(Wrap { trim: true });
            let total = u16::try_from(text.line_count(inner.width)).unwrap_or(u16::MAX);
            let max = total.saturating_sub(rows);
            let scroll = match h {
                crate::tui::app::Hint::Step { scroll, .. } => (*scroll).min(max),
                _ => 0,
            };
            let last = (scroll + rows).min(total);
            let more = match (scroll > 0, scroll < max) {
                (true, true) => "PgUp PgDn",
                (false, _) => "PgDn",
                (true, false) => "PgUp",
            };
            let position = format!(" {}-{last} of {total}, {more} ", scroll + 1);
            let block = block
                .title_bottom(Line::from(Span::styled(position, app.theme.accent)).right_aligned());
            frame.render_widget(block, area);
            let text_area = Rect::new(inner.x, inner.y, inner.width, rows);
            let keys_area = Rect::new(inner.x, inner.bottom() - 1, inner.width, 1);
            frame.render_widget(text.scroll((scroll, 0)), text_area);
            frame.render_widget(Paragraph::new(keys.clone()), keys_area);
            Some((rows, max))
        }
        _ => {
            frame.render_widget(whole.block(block), area);
            None
        }
    }
}

/// The solver panel's keys (from the key table), in the rows the panel leaves empty until it
/// has charts to draw; nothing when they do not all fit.
pub fn panel_keys(app: &App, frame: &mut Frame, area: Rect) {
    let theme = &app.theme;
    let g = &theme.glyphs;
    let mut keys: Vec<_> = KEYS
        .iter()
        .filter(|k| k.section == "Solver panel")
        .collect();
    keys.extend(KEYS.iter().filter(|k| k.keys == "s" && k.section == "Game"));
    let keys_w = keys
        .iter()
        .map(|k| k.keys.chars().count())
        .max()
        .unwrap_or(0);
    let indent = keys_w + 2;
    let what_w = usize::from(area.width).saturating_sub(indent);
    if what_w < 12 {
        return;
    }
    // A blank row, the heading, then each key with its words wrapped under themselves.
    let mut lines = vec![Line::from(""), Line::from(Span::styled("Keys", theme.dim))];
    for k in keys {
        let mut rows = wrap_words(&g.text(k.what), what_w).into_iter();
        lines.push(Line::from(vec![
            Span::styled(format!("{:>keys_w$}  ", g.text(k.keys)), theme.key),
            Span::styled(rows.next().unwrap_or_default(), theme.dim),
        ]));
        for row in rows {
            lines.push(Line::styled(
                format!("{}{row}", " ".repeat(indent)),
                theme.dim,
            ));
        }
    }
    if lines.len() <= usize::from(area.height) {
        frame.render_widget(Paragraph::new(lines), area);
    }
}
