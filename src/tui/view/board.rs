//! The grid: box lines, givens, entries, notes, and every highlight layered in a fixed order
//! (shading < hint house < same digit < hint pattern < celebration < cursor), with markers for
//! conflicts and wrong entries so no meaning rests on colour alone.

use ratatui::buffer::Buffer;
use ratatui::style::Style;

use super::layout::BoardLayout;
use crate::grid::{Alphabet, Digits};
use crate::tui::app::{App, Hint};

/// Per-cell hint marks: pattern cell, placed digit, eliminated digits, house member.
#[derive(Clone, Copy, Default)]
struct Marks {
    pattern: bool,
    house: bool,
    placement: u8,
    eliminated: Digits,
}

pub fn draw(app: &App, buf: &mut Buffer, b: &BoardLayout) {
    draw_lines(app, buf, b);
    let game = &app.game;
    let geometry = game.geometry();
    let n = game.size();
    let cells = n * n;
    let theme = &app.theme;
    let conflicts = game.conflicts();
    let wrong: Vec<usize> = if game.checked() {
        game.wrong_cells()
    } else {
        Vec::new()
    };
    let mut marks = vec![Marks::default(); cells];
    match &app.hint {
        Some(Hint::Step { step, stage }) if *stage >= 2 => {
            for &h in &step.houses {
                for &c in &geometry.houses()[h].cells {
                    marks[c].house = true;
                }
            }
            for &c in &step.cells {
                marks[c].pattern = true;
            }
            for p in &step.placements {
                marks[p.cell].placement = p.digit;
            }
            for e in &step.eliminations {
                marks[e.cell].eliminated.insert(e.digit);
            }
        }
        Some(Hint::Step { step, .. }) => {
            for &h in &step.houses {
                for &c in &geometry.houses()[h].cells {
                    marks[c].house = true;
                }
            }
        }
        Some(Hint::Wrong { cells }) => {
            for &c in cells {
                marks[c].pattern = true;
            }
        }
        _ => {}
    }
    let cursor = app.cursor;
    let cursor_digit = game.entry(cursor);
    let overlay = if app.panel_open {
        app.panel.view()
    } else {
        None
    };
    for cell in 0..cells {
        let (row, col) = (geometry.row_of(cell), geometry.col_of(cell));
        let mut bg = Style::new();
        if row == geometry.row_of(cursor)
            || col == geometry.col_of(cursor)
            || geometry.box_of(cell) == geometry.box_of(cursor)
        {
            bg = bg.patch(theme.shade);
        }
        let m = marks[cell];
        if m.house {
            bg = bg.patch(theme.hint_house);
        }
        let value = game.entry(cell);
        if cursor_digit != 0 && value == cursor_digit {
            bg = bg.patch(theme.same_digit);
        }
        if m.pattern {
            bg = bg.patch(theme.hint_pattern);
        }
        if m.placement != 0 {
            bg = bg.patch(theme.hint_placement);
        }
        if app.celebration > 0 {
            let wave = (row + col) as u64 + app.frame / 2;
            if (app.celebration as u64 + wave).is_multiple_of(4) {
                bg = bg.patch(theme.celebrate[(wave / 4 % 4) as usize]);
            }
        }
        if cell == cursor {
            bg = bg.patch(theme.cursor);
        }
        let (x, y) = b.cell_origin(row as u16, col as u16);
        for dy in 0..b.cell_h {
            buf.set_string(x, y + dy, " ".repeat(b.cell_w as usize), bg);
        }
        let mid_y = y + (b.cell_h - 1) / 2;
        let mid_x = x + b.cell_w / 2;
        if value != 0 {
            let mut style = if game.is_given(cell) {
                theme.given
            } else {
                theme.entry
            };
            if conflicts[cell] {
                style = style.patch(theme.conflict);
                buf.set_string(
                    x,
                    mid_y,
                    theme.glyphs.conflict.to_string(),
                    bg.patch(theme.conflict),
                );
            }
            if wrong.contains(&cell) {
                style = style.patch(theme.wrong);
                buf.set_string(
                    x + b.cell_w - 1,
                    mid_y,
                    theme.glyphs.wrong.to_string(),
                    bg.patch(theme.wrong),
                );
            }
            buf.set_string(mid_x, mid_y, symbol(value).to_string(), bg.patch(style));
            continue;
        }
        if let Some(view) = overlay
            && let Some(&d) = view.digits.get(cell)
            && d != 0
        {
            let confidence = view.confidence.get(cell).copied().unwrap_or(0.0);
            let mut style = theme.overlay_for(confidence);
            let mut cell_bg = bg;
            if view.unsettled.contains(&cell) {
                cell_bg = cell_bg.patch(theme.overlay_unsettled);
            }
            if view.conflicts.contains(&cell) {
                style = style.patch(theme.overlay_conflict);
                buf.set_string(
                    x,
                    mid_y,
                    theme.glyphs.conflict.to_string(),
                    cell_bg.patch(style),
                );
            }
            buf.set_string(mid_x, mid_y, symbol(d).to_string(), cell_bg.patch(style));
            continue;
        }
        let notes = game.notes(cell);
        if notes.is_empty() {
            if m.placement != 0 {
                buf.set_string(
                    mid_x,
                    mid_y,
                    symbol(m.placement).to_string(),
                    bg.patch(theme.hint_placement),
                );
            }
            continue;
        }
        let note_style = |d: u8| {
            let mut s = bg.patch(theme.note);
            if cursor_digit != 0 && d == cursor_digit {
                s = s.patch(theme.note_match);
            }
            if m.eliminated.contains(d) {
                s = s.patch(theme.hint_elimination);
            }
            if m.placement == d {
                s = s.patch(theme.hint_placement);
            }
            s
        };
        if b.is_large() {
            let k = b.k as usize;
            for d in notes.iter() {
                let i = d as usize - 1;
                let nx = x + 1 + 2 * (i % k) as u16;
                let ny = y + (i / k) as u16;
                buf.set_string(nx, ny, symbol(d).to_string(), note_style(d));
            }
        } else {
            let text = compact_notes(notes, b.k as usize, theme.glyphs.ascii);
            let mut style = bg.patch(theme.note);
            if cursor_digit != 0 && notes.contains(cursor_digit) {
                style = style.patch(theme.note_match);
            }
            if !(m.eliminated & notes).is_empty() {
                style = style.patch(theme.hint_elimination);
            }
            if m.placement != 0 {
                style = style.patch(theme.hint_placement);
            }
            buf.set_string(x, y, text, style);
        }
    }
}

/// A digit's symbol in the UI's alphabet (`1-9`, then `A`...).
pub fn symbol(d: u8) -> char {
    Alphabet::Digits.symbol(d)
}

/// Notes in a three-character cell: a braille mini-grid (each dot at its digit's place) for
/// boxes up to 4×4, else up to three symbols or a count.
pub fn compact_notes(notes: Digits, k: usize, ascii: bool) -> String {
    if !ascii && k <= 4 {
        // Braille dots: left column rows 0..3, then right column rows 0..3.
        const LEFT: [u32; 4] = [0x01, 0x02, 0x04, 0x40];
        const RIGHT: [u32; 4] = [0x08, 0x10, 0x20, 0x80];
        let per_char = if k <= 3 { 1 } else { 2 };
        let chars = k.div_ceil(per_char);
        let mut bits = vec![0u32; chars];
        for d in notes.iter() {
            let i = d as usize - 1;
            let (r, c) = (i / k, i % k);
            let dot = if per_char == 1 || c % 2 == 0 {
                LEFT[r]
            } else {
                RIGHT[r]
            };
            bits[c / per_char] |= dot;
        }
        let mut s: String = bits
            .iter()
            .map(|&b| char::from_u32(0x2800 + b).unwrap_or(' '))
            .collect();
        while s.chars().count() < 3 {
            s.push(' ');
        }
        return s;
    }
    let count = notes.len();
    if count <= 3 {
        let s: String = notes.iter().map(symbol).collect();
        format!("{s:<3}")
    } else {
        format!("{}{:<2}", if ascii { '+' } else { '·' }, count.min(99))
    }
}

/// Box lines are double (compact boards have only box lines, drawn thin), the lines between
/// cells of a large board thin and dim.
fn draw_lines(app: &App, buf: &mut Buffer, b: &BoardLayout) {
    let g = &app.theme.glyphs;
    let (w, h) = (b.width(), b.height());
    let weight = |line: Option<bool>| match line {
        None => 0u8,
        Some(true) if b.inner_lines() => 2,
        Some(_) => 1,
    };
    for dy in 0..h {
        let hw = weight(b.line_at(dy, b.cell_h));
        for dx in 0..w {
            let vw = weight(b.line_at(dx, b.cell_w));
            if vw == 0 && hw == 0 {
                continue;
            }
            let glyph = g.junction(
                vw,
                hw,
                vw > 0 && dy > 0,
                vw > 0 && dy + 1 < h,
                hw > 0 && dx > 0,
                hw > 0 && dx + 1 < w,
            );
            let strong = vw == 2 || hw == 2 || !b.inner_lines();
            let style = if strong {
                app.theme.box_border
            } else {
                app.theme.border
            };
            buf.set_string(b.x + dx, b.y + dy, glyph, style);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn braille_notes_put_each_digit_at_its_place() {
        let notes: Digits = [1u8, 5, 9].into_iter().collect();
        // 1: column 0 row 0; 5: column 1 row 1; 9: column 2 row 2.
        assert_eq!(compact_notes(notes, 3, false), "\u{2801}\u{2802}\u{2804}");
        assert_eq!(compact_notes(notes, 3, true), "159");
        let many: Digits = (1u8..=7).collect();
        assert_eq!(compact_notes(many, 3, true), "+7 ");
        assert_eq!(
            compact_notes(Digits::single(16), 4, false).chars().count(),
            3
        );
    }
}
