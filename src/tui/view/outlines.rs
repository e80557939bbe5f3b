//! The lines of a board whose regions or cages are not the k×k boxes' regular lines: a jigsaw's
//! irregular regions and a killer's cages. Every line segment between two neighbouring cells is
//! decided by those two cells alone — heavy where they lie in different regions, an outline
//! where they lie in different cages — so any partition draws, at any size.
//!
//! Four kinds of segment carry two facts each (region edge? cage edge?), and each kind has its
//! own glyph in Unicode and in ASCII, so nothing rests on colour: a heavy line edges a region
//! (and a cage), a dashed light line edges a cage inside a region, a dashed heavy line is a
//! region edge that a cage crosses, and no line at all joins two cells of one cage. Each cage's
//! sum is written into the line above its top-left cell, which is always a cage edge.
//!
//! The classic boards (boxes, no cages) keep their own drawing in `board.rs`.

use ratatui::buffer::Buffer;
use ratatui::style::Style;

use crate::tui::app::App;
use crate::tui::edges::{Edge, edge};
use crate::tui::layout::BoardLayout;

/// Draws the lines of an outlined board (a layout with lines between every two cells) and
/// the cages' sums.
pub fn draw(app: &App, buf: &mut Buffer, b: &BoardLayout, highlighted: &[bool]) {
    let geometry = app.game.geometry();
    let theme = &app.theme;
    let g = &theme.glyphs;
    let n = geometry.size();
    let (cw, ch) = (b.cell_w, b.cell_h);
    let cell = |r: isize, c: isize| -> Option<usize> {
        (r >= 0 && c >= 0 && (r as usize) < n && (c as usize) < n)
            .then(|| r as usize * n + c as usize)
    };
    // Edge below line-row r (between rows r-1 and r) at column c, and right of line-column c
    // (between columns c-1 and c) at row r.
    let across = |r: usize, c: usize| {
        edge(
            geometry,
            cell(r as isize - 1, c as isize),
            cell(r as isize, c as isize),
        )
    };
    let down = |r: usize, c: usize| {
        edge(
            geometry,
            cell(r as isize, c as isize - 1),
            cell(r as isize, c as isize),
        )
    };
    let style = |e: Edge| match e {
        Edge::Region | Edge::RegionInCage => theme.box_border,
        Edge::Cage => theme.cage_border,
        Edge::Thin | Edge::Blank => theme.border,
    };
    let mut put = |x: u16, y: u16, glyph: &str, s: Style| {
        if let Some(cell) = buf.cell_mut((b.x + x, b.y + y)) {
            cell.set_symbol(glyph).set_style(s);
        }
    };
    for r in 0..=n {
        let y = r as u16 * (ch + 1);
        for c in 0..=n {
            let x = c as u16 * (cw + 1);
            let up = (r > 0).then(|| down(r - 1, c));
            let dn = (r < n).then(|| down(r, c));
            let left = (c > 0).then(|| across(r, c - 1));
            let right = (c < n).then(|| across(r, c));
            let w = |e: Option<Edge>| e.map_or(0, Edge::weight);
            let arms = [w(up), w(dn), w(left), w(right)];
            let strongest = [up, dn, left, right]
                .into_iter()
                .flatten()
                .max_by_key(|e| e.weight())
                .unwrap_or(Edge::Blank);
            let vertical = [up, dn]
                .into_iter()
                .flatten()
                .max_by_key(|e| e.weight())
                .unwrap_or(Edge::Blank);
            let horizontal = [left, right]
                .into_iter()
                .flatten()
                .max_by_key(|e| e.weight())
                .unwrap_or(Edge::Blank);
            let glyph = g.arms(arms, vertical, horizontal);
            put(x, y, glyph, style(strongest));
            // The segment to the right of this junction, and the one below it.
            if let Some(e) = right {
                for dx in 1..=cw {
                    put(x + dx, y, g.edge(e, true), style(e));
                }
            }
            if let Some(e) = dn {
                for dy in 1..=ch {
                    put(x, y + dy, g.edge(e, false), style(e));
                }
            }
        }
    }
    for (i, cage) in geometry.cages().iter().enumerate() {
        let Some(&first) = cage.cells.first() else {
            continue;
        };
        let (row, col) = (geometry.row_of(first) as u16, geometry.col_of(first) as u16);
        let x = col * (cw + 1) + 1;
        let y = row * (ch + 1);
        let mut s = theme.cage_sum;
        if highlighted.get(i).copied().unwrap_or(false) {
            s = s.patch(theme.hint_pattern);
        }
        for (dx, digit) in cage.sum.to_string().chars().take(cw as usize).enumerate() {
            let mut bytes = [0u8; 4];
            put(x + dx as u16, y, digit.encode_utf8(&mut bytes), s);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tui::edges::outlined;
    use sudoscope_core::grid::{Cage, Geometry, ShapeSpec};

    /// 4×4 with boxes, cages of two cells along the rows (the second pair of row 1 reaching
    /// down into row 2 crosses no box line; the pair r1c2-r1c3 crosses one).
    fn killer4() -> sudoscope_core::grid::Shape {
        // Solution 1234/3412/2143/4321.
        let cages = vec![
            Cage {
                cells: vec![0, 4],
                sum: 4,
            },
            Cage {
                cells: vec![1, 2],
                sum: 5,
            },
            Cage {
                cells: vec![3, 7],
                sum: 6,
            },
            Cage {
                cells: vec![5, 6],
                sum: 5,
            },
            Cage {
                cells: vec![8, 12],
                sum: 6,
            },
            Cage {
                cells: vec![9, 10],
                sum: 5,
            },
            Cage {
                cells: vec![11, 15],
                sum: 4,
            },
            Cage {
                cells: vec![13, 14],
                sum: 5,
            },
        ];
        Geometry::shaped(ShapeSpec {
            size: 4,
            regions: None,
            diagonals: false,
            windows: false,
            cages,
        })
        .expect("a valid 4×4 killer")
    }

    #[test]
    fn edges_tell_regions_and_cages_apart() {
        let g = killer4();
        assert!(outlined(&g));
        assert_eq!(edge(&g, Some(0), Some(4)), Edge::Blank);
        assert_eq!(edge(&g, Some(0), Some(1)), Edge::Cage);
        assert_eq!(edge(&g, Some(1), Some(2)), Edge::RegionInCage);
        assert_eq!(edge(&g, Some(4), Some(8)), Edge::Region);
        assert_eq!(edge(&g, None, Some(0)), Edge::Region);
        let classic = Geometry::standard9();
        assert!(!outlined(classic));
    }

    #[test]
    fn every_kind_of_edge_has_its_own_glyph_in_both_alphabets() {
        for g in [
            crate::tui::theme::Glyphs::unicode(),
            crate::tui::theme::Glyphs::ascii(),
        ] {
            for horizontal in [true, false] {
                let kinds = [Edge::Blank, Edge::Cage, Edge::Region, Edge::RegionInCage];
                let glyphs: Vec<&str> = kinds.iter().map(|&e| g.edge(e, horizontal)).collect();
                for i in 0..glyphs.len() {
                    for j in i + 1..glyphs.len() {
                        assert_ne!(glyphs[i], glyphs[j], "{kinds:?} {horizontal}");
                    }
                }
                if g.ascii {
                    assert!(glyphs.iter().all(|s| s.is_ascii()));
                }
            }
        }
    }
}
