//! The grid: box lines, givens, entries, notes, and every highlight layered in a fixed order
//! (shading < hint house < same digit < hint pattern < celebration < cursor), with markers for
//! conflicts and wrong entries so no meaning rests on colour alone. The cells of the extra
//! houses of X-sudoku (the diagonals) and hyper-sudoku (the windows) get their own shade and
//! a marker glyph in a corner, so the rule that made `!3` appear is visible without colour.

use ratatui::buffer::Buffer;
use ratatui::style::Style;

use crate::tui::app::{App, Hint};
use crate::tui::edges::outlined;
use crate::tui::layout::BoardLayout;
use crate::tui::theme::Glyphs;
use crate::tui::view::outlines;
use sudoscope_core::grid::{Alphabet, Digits, Geometry, HouseKind, Variant};
use sudoscope_core::logic::{Link, LinkKind};

/// Per-cell hint marks: pattern cell, placed digit, eliminated digits, house member, and the
/// candidates of the hint's chain that it makes true or false.
#[derive(Clone, Copy, Default)]
struct Marks {
    pattern: bool,
    house: bool,
    placement: u8,
    eliminated: Digits,
    chain_on: Digits,
    chain_off: Digits,
}

impl Marks {
    fn chain(&self) -> Digits {
        self.chain_on | self.chain_off
    }
}

/// Marks the candidates of a chain. Read in order, a chain alternates: a strong link leads
/// from a false candidate to a true one, a weak link from a true one to a false one, so each
/// link says which of its ends the chain makes true.
fn mark_chain(marks: &mut [Marks], links: &[Link]) {
    for link in links {
        let (on, off) = match link.kind {
            LinkKind::Strong => (link.to, link.from),
            LinkKind::Weak => (link.from, link.to),
        };
        marks[on.cell].chain_on.insert(on.digit);
        marks[off.cell].chain_off.insert(off.digit);
    }
}

/// Draws the board; `solver_shown` says the solver panel is on screen beside it, and only
/// then are the solver's digits drawn into the empty cells (a panel with no room shows
/// nothing, its digits included).
pub fn draw(app: &App, buf: &mut Buffer, b: &BoardLayout, solver_shown: bool) {
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
        Some(Hint::Step { step, stage, .. }) if *stage >= 2 => {
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
            mark_chain(&mut marks, &step.links);
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
    if outlined(geometry) && b.inner_lines() {
        // A cage whose every cell is in the hint's pattern gets its sum marked too.
        let highlighted: Vec<bool> = geometry
            .cages()
            .iter()
            .map(|cage| cage.cells.iter().all(|&c| marks[c].pattern))
            .collect();
        outlines::draw(app, buf, b, &highlighted);
    } else {
        draw_lines(app, buf, b);
    }
    let cursor = app.cursor;
    let cursor_digit = game.entry(cursor);
    let overlay = if solver_shown { app.panel.view() } else { None };
    for cell in 0..cells {
        let (row, col) = (geometry.row_of(cell), geometry.col_of(cell));
        let mut bg = Style::new();
        let marker = extra_marker(geometry, cell, &theme.glyphs);
        if marker.is_some() {
            bg = bg.patch(theme.extra_house);
        }
        // Every house of the cursor's cell, the diagonals and windows included.
        if geometry.sees(cell, cursor) {
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
            for dx in 0..b.cell_w {
                put(buf, x + dx, y + dy, ' ', bg);
            }
        }
        let mid_y = y + (b.cell_h - 1) / 2;
        let mid_x = x + b.cell_w / 2;
        // The marker's corner: top right (free of notes in large cells; beside the digit in
        // one-line cells, where a wrong-entry mark replaces it).
        if let Some(mark) = marker {
            put(buf, x + b.cell_w - 1, y, mark, bg.patch(theme.dim));
        }
        if value != 0 {
            let mut style = if game.is_given(cell) {
                theme.given
            } else {
                theme.entry
            };
            if conflicts[cell] {
                style = style.patch(theme.conflict);
                put(
                    buf,
                    x,
                    mid_y,
                    theme.glyphs.conflict,
                    bg.patch(theme.conflict),
                );
            }
            if wrong.contains(&cell) {
                style = style.patch(theme.wrong);
                put(
                    buf,
                    x + b.cell_w - 1,
                    mid_y,
                    theme.glyphs.wrong,
                    bg.patch(theme.wrong),
                );
            }
            put(buf, mid_x, mid_y, symbol(value), bg.patch(style));
            continue;
        }
        // A chain's candidates are shown even where the player keeps no notes, so the chain
        // can be followed on any board.
        let notes = game.notes(cell) | m.chain();
        // The solver's digits go only where the player has written nothing: their notes
        // stay on screen with the panel open.
        if let Some(view) = overlay
            && notes.is_empty()
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
                put(buf, x, mid_y, theme.glyphs.conflict, cell_bg.patch(style));
            }
            put(buf, mid_x, mid_y, symbol(d), cell_bg.patch(style));
            continue;
        }
        if notes.is_empty() {
            if m.placement != 0 {
                put(
                    buf,
                    mid_x,
                    mid_y,
                    symbol(m.placement),
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
            if m.chain_on.contains(d) {
                s = s.patch(theme.chain_on);
            } else if m.chain_off.contains(d) {
                s = s.patch(theme.chain_off);
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
                put(buf, nx, ny, symbol(d), note_style(d));
            }
        } else {
            // A marked cell keeps its last character for the marker.
            let width = if marker.is_some() { 2 } else { 3 };
            let text = compact_notes(notes, b.k as usize, theme.glyphs.ascii, width);
            let mut style = bg.patch(theme.note);
            if cursor_digit != 0 && notes.contains(cursor_digit) {
                style = style.patch(theme.note_match);
            }
            if !m.chain_on.is_empty() {
                style = style.patch(theme.chain_on);
            } else if !m.chain_off.is_empty() {
                style = style.patch(theme.chain_off);
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
/// One character in one cell. A server draws boards for hundreds of players, thousands of
/// cells a frame each, so the board writes cells itself rather than through
/// `Buffer::set_string`'s text layout: every board glyph is one column wide.
fn put(buf: &mut Buffer, x: u16, y: u16, glyph: char, style: Style) {
    if let Some(cell) = buf.cell_mut((x, y)) {
        cell.set_char(glyph).set_style(style);
    }
}

pub fn symbol(d: u8) -> char {
    Alphabet::Digits.symbol(d)
}

/// The marker of a cell in an extra house (a diagonal or a window), if it is in one.
pub fn extra_marker(geometry: &Geometry, cell: usize, glyphs: &Glyphs) -> Option<char> {
    let houses = geometry.houses();
    let mut diagonals = [false; 2];
    let mut window = false;
    for &h in geometry.houses_of(cell) {
        match houses[h].kind {
            HouseKind::Diagonal => diagonals[houses[h].index.min(1)] = true,
            HouseKind::Window => window = true,
            _ => {}
        }
    }
    match (diagonals, window) {
        ([true, true], _) => Some(glyphs.both_diagonals),
        ([true, false], _) => Some(glyphs.diagonal),
        ([false, true], _) => Some(glyphs.anti_diagonal),
        (_, true) => Some(glyphs.window),
        _ => None,
    }
}

/// What the cell markers of the game's variant mean (None for a standard sudoku).
pub fn legend(app: &App) -> Option<String> {
    let g = &app.theme.glyphs;
    let n = app.game.size();
    let digits = format!("{}–{}", symbol(1), symbol(n as u8));
    let text = match app.game.geometry().variant() {
        Variant::Standard => return None,
        Variant::X => format!(
            "{} {} mark the two diagonals ({} on both): each diagonal holds {digits} once, like a row.",
            g.diagonal, g.anti_diagonal, g.both_diagonals
        ),
        Variant::Hyper => format!(
            "{} marks the extra windows: each holds {digits} once, like a box.",
            g.window
        ),
        Variant::Killer => format!(
            "Each cage holds different digits adding up to its sum; rows, columns and boxes hold {digits} once."
        ),
        Variant::KillerX => format!(
            "Each cage holds different digits adding up to its sum; {} {} mark the diagonals, which hold {digits} once.",
            g.diagonal, g.anti_diagonal
        ),
        Variant::Jigsaw => format!("Each outlined region holds {digits} once, like a box."),
        Variant::JigsawX => format!(
            "Each outlined region holds {digits} once; {} {} mark the diagonals, which do too.",
            g.diagonal, g.anti_diagonal
        ),
    };
    Some(g.text(&text).into_owned())
}

/// Notes in a one-line cell of `width` characters (3, or 2 beside a marker): a braille
/// mini-grid (each dot at its digit's place) for boxes up to 4×4, else the digits
/// themselves; when they do not all fit, the first ones and a `+` (the sidebar lists them
/// all for the cursor's cell).
pub fn compact_notes(notes: Digits, k: usize, ascii: bool, width: usize) -> String {
    let width = width.max(1);
    if !ascii && k <= 4 {
        // Braille dots: left column rows 0..3, then right column rows 0..3.
        const LEFT: [u32; 4] = [0x01, 0x02, 0x04, 0x40];
        const RIGHT: [u32; 4] = [0x08, 0x10, 0x20, 0x80];
        // One column of the box per character when they fit, else two.
        let per_char = if k <= width { 1 } else { 2 };
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
        let s: String = bits
            .iter()
            .map(|&b| char::from_u32(0x2800 + b).unwrap_or(' '))
            .collect();
        return format!("{s:<width$}");
    }
    let digits: Vec<char> = notes.iter().map(symbol).collect();
    let s: String = if digits.len() <= width {
        digits.iter().collect()
    } else {
        let mut s: String = digits.iter().take(width - 1).collect();
        s.push('+');
        s
    };
    format!("{s:<width$}")
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
            if let Some(cell) = buf.cell_mut((b.x + dx, b.y + dy)) {
                cell.set_symbol(glyph).set_style(style);
            }
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
        assert_eq!(
            compact_notes(notes, 3, false, 3),
            "\u{2801}\u{2802}\u{2804}"
        );
        assert_eq!(compact_notes(notes, 3, true, 3), "159");
        assert_eq!(
            compact_notes(Digits::single(16), 4, false, 3)
                .chars()
                .count(),
            3
        );
    }

    #[test]
    fn ascii_notes_are_real_digits_never_a_count() {
        let many: Digits = (1u8..=7).collect();
        assert_eq!(compact_notes(many, 3, true, 3), "12+");
        assert_eq!(compact_notes(many, 3, true, 2), "1+");
        let two: Digits = [4u8, 8].into_iter().collect();
        assert_eq!(compact_notes(two, 3, true, 2), "48");
        // Beside a marker the 3×3 braille grid takes two characters.
        let notes: Digits = [1u8, 5, 9].into_iter().collect();
        assert_eq!(compact_notes(notes, 3, false, 2).chars().count(), 2);
    }
}
