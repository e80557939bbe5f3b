//! A drawn frame as an SVG picture: every cell of a ratatui [`Buffer`] becomes its character in
//! a monospace font over its background colour, with bold, italic, underline, strike-through,
//! dim and reverse kept. The documentation's screenshots are made this way from the app's own
//! frames, so they show the real screens in colour, and the output depends only on the buffer
//! (no clock, no font metrics), so a test can re-render them and compare byte for byte.

use std::fmt::Write;

use ratatui::buffer::{Buffer, Cell};
use ratatui::style::{Color, Modifier};

/// Width of one terminal column in the picture, in SVG units.
const CELL_WIDTH: u32 = 9;
/// Height of one terminal row.
const CELL_HEIGHT: u32 = 18;
/// Font size: a monospace glyph is about 0.6 em wide, so 15 fills the 9-unit column.
const FONT_SIZE: u32 = 15;
/// Distance from a row's top to the text's baseline.
const BASELINE: u32 = 14;
/// The terminal's own colours, where a cell says `Color::Reset` (a dark terminal, which is
/// what the app's default theme is drawn for).
const DEFAULT_FG: &str = "#d0d0d0";
const DEFAULT_BG: &str = "#1c1c1c";

/// The SVG picture of `buffer`.
pub fn buffer_to_svg(buffer: &Buffer) -> String {
    let area = buffer.area;
    let width = u32::from(area.width) * CELL_WIDTH;
    let height = u32::from(area.height) * CELL_HEIGHT;
    let mut svg = String::new();
    let _ = writeln!(
        svg,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
         viewBox=\"0 0 {width} {height}\" font-family=\"'DejaVu Sans Mono', Menlo, Consolas, \
         monospace\" font-size=\"{FONT_SIZE}\">"
    );
    let _ = writeln!(
        svg,
        "<rect width=\"{width}\" height=\"{height}\" fill=\"{DEFAULT_BG}\"/>"
    );
    for y in 0..area.height {
        let row: Vec<&Cell> = (0..area.width)
            .map(|x| &buffer[(area.x + x, area.y + y)])
            .collect();
        backgrounds(&mut svg, &row, u32::from(y));
        texts(&mut svg, &row, u32::from(y));
    }
    svg.push_str("</svg>\n");
    svg
}

/// How a cell looks, after `REVERSED` is applied.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Look {
    fg: Color,
    bg: Color,
    modifier: Modifier,
}

impl Look {
    fn of(cell: &Cell) -> Look {
        let (fg, bg) = if cell.modifier.contains(Modifier::REVERSED) {
            (reset_to(cell.bg, DEFAULT_BG), reset_to(cell.fg, DEFAULT_FG))
        } else {
            (cell.fg, cell.bg)
        };
        Look {
            fg,
            bg,
            modifier: cell.modifier - Modifier::REVERSED,
        }
    }
}

/// A reversed cell's `Reset` colour is the terminal's colour for the other role.
fn reset_to(color: Color, default: &str) -> Color {
    match color {
        Color::Reset => parse_hex(default),
        other => other,
    }
}

fn parse_hex(hex: &str) -> Color {
    let byte = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).unwrap_or(0);
    Color::Rgb(byte(1), byte(3), byte(5))
}

/// One rectangle per run of cells sharing a background other than the terminal's.
fn backgrounds(svg: &mut String, row: &[&Cell], y: u32) {
    let mut x = 0;
    while x < row.len() {
        let bg = Look::of(row[x]).bg;
        let mut end = x + 1;
        while end < row.len() && Look::of(row[end]).bg == bg {
            end += 1;
        }
        if bg != Color::Reset {
            let _ = writeln!(
                svg,
                "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{CELL_HEIGHT}\" fill=\"{}\"/>",
                x as u32 * CELL_WIDTH,
                y * CELL_HEIGHT,
                (end - x) as u32 * CELL_WIDTH,
                hex(bg, DEFAULT_BG)
            );
        }
        x = end;
    }
}

/// One `<text>` per run of cells sharing a look, stretched to exactly its columns so the
/// picture keeps the terminal's grid whatever font draws it. Runs of blanks are left out
/// unless a line is drawn through or under them.
fn texts(svg: &mut String, row: &[&Cell], y: u32) {
    let mut x = 0;
    while x < row.len() {
        let look = Look::of(row[x]);
        let mut end = x + 1;
        while end < row.len() && {
            let next = Look::of(row[end]);
            next.fg == look.fg && next.modifier == look.modifier
        } {
            end += 1;
        }
        let text: String = row[x..end].iter().map(|c| c.symbol()).collect();
        let lined = look
            .modifier
            .intersects(Modifier::UNDERLINED | Modifier::CROSSED_OUT);
        let hidden = look.modifier.contains(Modifier::HIDDEN);
        if !hidden && (lined || !text.trim().is_empty()) {
            let _ = write!(
                svg,
                "<text x=\"{}\" y=\"{}\" textLength=\"{}\" lengthAdjust=\"spacingAndGlyphs\" \
                 xml:space=\"preserve\" fill=\"{}\"{}>",
                x as u32 * CELL_WIDTH,
                y * CELL_HEIGHT + BASELINE,
                (end - x) as u32 * CELL_WIDTH,
                hex(look.fg, DEFAULT_FG),
                attributes(look.modifier)
            );
            escape_into(svg, &text);
            svg.push_str("</text>\n");
        }
        x = end;
    }
}

/// The SVG attributes of a cell's modifiers.
fn attributes(modifier: Modifier) -> String {
    let mut out = String::new();
    if modifier.contains(Modifier::BOLD) {
        out.push_str(" font-weight=\"bold\"");
    }
    if modifier.contains(Modifier::ITALIC) {
        out.push_str(" font-style=\"italic\"");
    }
    if modifier.contains(Modifier::DIM) {
        out.push_str(" opacity=\"0.6\"");
    }
    let mut lines = Vec::new();
    if modifier.contains(Modifier::UNDERLINED) {
        lines.push("underline");
    }
    if modifier.contains(Modifier::CROSSED_OUT) {
        lines.push("line-through");
    }
    if !lines.is_empty() {
        let _ = write!(out, " text-decoration=\"{}\"", lines.join(" "));
    }
    out
}

fn escape_into(svg: &mut String, text: &str) {
    for c in text.chars() {
        match c {
            '&' => svg.push_str("&amp;"),
            '<' => svg.push_str("&lt;"),
            '>' => svg.push_str("&gt;"),
            '"' => svg.push_str("&quot;"),
            c => svg.push(c),
        }
    }
}

/// A colour as `#rrggbb`; `Reset` is the terminal's `default`.
fn hex(color: Color, default: &str) -> String {
    let (r, g, b) = match color {
        Color::Reset => return default.to_string(),
        Color::Rgb(r, g, b) => (r, g, b),
        Color::Indexed(i) => indexed(i),
        Color::Black => indexed(0),
        Color::Red => indexed(1),
        Color::Green => indexed(2),
        Color::Yellow => indexed(3),
        Color::Blue => indexed(4),
        Color::Magenta => indexed(5),
        Color::Cyan => indexed(6),
        Color::Gray => indexed(7),
        Color::DarkGray => indexed(8),
        Color::LightRed => indexed(9),
        Color::LightGreen => indexed(10),
        Color::LightYellow => indexed(11),
        Color::LightBlue => indexed(12),
        Color::LightMagenta => indexed(13),
        Color::LightCyan => indexed(14),
        Color::White => indexed(15),
    };
    format!("#{r:02x}{g:02x}{b:02x}")
}

/// xterm's 256-colour palette: 16 system colours, a 6×6×6 cube, 24 greys.
fn indexed(i: u8) -> (u8, u8, u8) {
    const SYSTEM: [(u8, u8, u8); 16] = [
        (0x00, 0x00, 0x00),
        (0xcd, 0x00, 0x00),
        (0x00, 0xcd, 0x00),
        (0xcd, 0xcd, 0x00),
        (0x00, 0x00, 0xee),
        (0xcd, 0x00, 0xcd),
        (0x00, 0xcd, 0xcd),
        (0xe5, 0xe5, 0xe5),
        (0x7f, 0x7f, 0x7f),
        (0xff, 0x00, 0x00),
        (0x00, 0xff, 0x00),
        (0xff, 0xff, 0x00),
        (0x5c, 0x5c, 0xff),
        (0xff, 0x00, 0xff),
        (0x00, 0xff, 0xff),
        (0xff, 0xff, 0xff),
    ];
    const CUBE: [u8; 6] = [0, 95, 135, 175, 215, 255];
    match i {
        0..=15 => SYSTEM[usize::from(i)],
        16..=231 => {
            let n = i - 16;
            (
                CUBE[usize::from(n / 36)],
                CUBE[usize::from(n / 6 % 6)],
                CUBE[usize::from(n % 6)],
            )
        }
        _ => {
            let level = 8 + 10 * (i - 232);
            (level, level, level)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::layout::Rect;
    use ratatui::style::Style;

    fn buffer() -> Buffer {
        let mut buffer = Buffer::empty(Rect::new(0, 0, 6, 2));
        buffer.set_string(0, 0, "a<b", Style::default().fg(Color::Indexed(196)));
        buffer.set_string(
            3,
            0,
            "x",
            Style::default()
                .bg(Color::Blue)
                .add_modifier(Modifier::BOLD | Modifier::CROSSED_OUT),
        );
        buffer.set_string(
            0,
            1,
            "rev",
            Style::default().add_modifier(Modifier::REVERSED),
        );
        buffer
    }

    #[test]
    fn cells_keep_their_columns_colours_and_modifiers() {
        let svg = buffer_to_svg(&buffer());
        assert!(svg.starts_with("<svg "), "{svg}");
        assert!(svg.contains("width=\"54\" height=\"36\""), "{svg}");
        // Indexed 196 is pure red in xterm's cube; `<` is escaped.
        assert!(svg.contains("fill=\"#ff0000\">a&lt;b</text>"), "{svg}");
        // The styled cell: its background rectangle, bold and struck through, at column 3.
        assert!(
            svg.contains("<rect x=\"27\" y=\"0\" width=\"9\" height=\"18\" fill=\"#0000ee\"/>"),
            "{svg}"
        );
        assert!(
            svg.contains("font-weight=\"bold\" text-decoration=\"line-through\">x</text>"),
            "{svg}"
        );
        // Reversed: the terminal's foreground becomes the background.
        assert!(svg.contains("fill=\"#d0d0d0\"/>"), "{svg}");
        assert!(svg.contains("fill=\"#1c1c1c\">rev</text>"), "{svg}");
    }

    #[test]
    fn the_same_buffer_gives_the_same_picture() {
        assert_eq!(buffer_to_svg(&buffer()), buffer_to_svg(&buffer()));
    }

    #[test]
    fn the_palette_matches_xterm() {
        assert_eq!(hex(Color::Indexed(16), ""), "#000000");
        assert_eq!(hex(Color::Indexed(231), ""), "#ffffff");
        assert_eq!(hex(Color::Indexed(232), ""), "#080808");
        assert_eq!(hex(Color::Indexed(255), ""), "#eeeeee");
        assert_eq!(hex(Color::Indexed(25), ""), "#005faf");
        assert_eq!(hex(Color::Reset, "#123456"), "#123456");
    }
}
