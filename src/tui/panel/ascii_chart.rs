//! Charts in plain ASCII for `--ascii` terminals. ratatui's `Chart` draws its axes with box
//! lines and its points with braille, dots or blocks, none of which is ASCII; this draws the
//! same picture (title, y labels, `|` axis, `+---` base line, x labels) with one character
//! per point, a different one per series so the bands stay apart without colour.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::symbols::bar;
use ratatui::text::Line;

/// The point characters, cycled through for the series.
const POINTS: [char; 8] = ['*', 'o', '+', 'x', '#', '%', '@', '&'];

/// The sparkline's bars in ASCII, from empty to full.
pub const ASCII_BARS: bar::Set<'static> = bar::Set {
    full: "#",
    seven_eighths: "#",
    three_quarters: "=",
    five_eighths: "=",
    half: "-",
    three_eighths: "-",
    one_quarter: "_",
    one_eighth: "_",
    empty: " ",
};

/// One chart: its title line, its bounds and series (points with a style each).
pub struct AsciiChart<'a> {
    pub title: Line<'a>,
    pub x: [f64; 2],
    pub y: [f64; 2],
    pub labels: ([String; 2], [String; 2]),
    pub series: Vec<(&'a [(f64, f64)], Style)>,
    pub axis: Style,
    pub label: Style,
}

impl AsciiChart<'_> {
    pub fn draw(&self, buf: &mut Buffer, area: Rect) {
        let area = area.intersection(buf.area);
        if area.height < 4 || area.width < 6 {
            return;
        }
        buf.set_line(area.x, area.y, &self.title, area.width);
        let ([x_lo, x_hi], [y_lo, y_hi]) = &self.labels;
        let label_w = y_lo.len().max(y_hi.len()) as u16;
        let axis_x = area.x + label_w;
        let plot_x = axis_x + 1;
        let plot_w = (area.x + area.width).saturating_sub(plot_x);
        let plot_top = area.y + 1;
        let base_y = area.y + area.height - 2;
        let plot_h = base_y - plot_top;
        if plot_w == 0 || plot_h == 0 {
            return;
        }
        buf.set_string(area.x, plot_top, y_hi, self.label);
        if plot_h > 1 {
            buf.set_string(area.x, base_y - 1, y_lo, self.label);
        }
        for y in plot_top..base_y {
            buf.set_string(axis_x, y, "|", self.axis);
        }
        buf.set_string(axis_x, base_y, "+", self.axis);
        buf.set_string(plot_x, base_y, "-".repeat(plot_w as usize), self.axis);
        let labels_y = base_y + 1;
        buf.set_string(axis_x, labels_y, x_lo, self.label);
        let hi_x = (area.x + area.width).saturating_sub(x_hi.len() as u16);
        buf.set_string(hi_x.max(axis_x), labels_y, x_hi, self.label);
        let span = |b: [f64; 2]| (b[1] - b[0]).max(f64::MIN_POSITIVE);
        for (i, (points, style)) in self.series.iter().enumerate() {
            let mark = POINTS[i % POINTS.len()].to_string();
            for &(px, py) in points.iter() {
                if !(px.is_finite() && py.is_finite()) {
                    continue;
                }
                let fx = ((px - self.x[0]) / span(self.x)).clamp(0.0, 1.0);
                let fy = ((py - self.y[0]) / span(self.y)).clamp(0.0, 1.0);
                let col = plot_x + (fx * f64::from(plot_w - 1)).round() as u16;
                let row = base_y - 1 - (fy * f64::from(plot_h - 1)).round() as u16;
                buf.set_string(col, row, &mark, *style);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rising_line_is_ascii_and_rises() {
        let points: Vec<(f64, f64)> = (0..10).map(|i| (i as f64, i as f64)).collect();
        let chart = AsciiChart {
            title: Line::from("clashes"),
            x: [0.0, 9.0],
            y: [0.0, 9.0],
            labels: (["0".into(), "9".into()], ["0".into(), "9".into()]),
            series: vec![(&points, Style::new())],
            axis: Style::new(),
            label: Style::new(),
        };
        let mut buf = Buffer::empty(Rect::new(0, 0, 20, 8));
        let area = buf.area;
        chart.draw(&mut buf, area);
        let rows: Vec<String> = (0..8)
            .map(|y| (0..20).map(|x| buf[(x, y)].symbol().to_string()).collect())
            .collect();
        assert!(rows.iter().all(|r| r.is_ascii()), "{rows:#?}");
        // The first point is bottom left, the last top right.
        assert_eq!(&rows[5][2..3], "*", "{rows:#?}");
        assert_eq!(&rows[1][19..20], "*", "{rows:#?}");
        assert!(rows[6].starts_with(" +---"), "{rows:#?}");
    }
}
