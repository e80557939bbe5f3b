//! Where everything goes for a terminal size: the board's cell size (large cells with a
//! candidate mini-grid, or compact one-line cells), the sidebar, the title and status lines,
//! or the size the terminal would need.

use ratatui::layout::Rect;
use sudoscope_core::grid::Geometry;

/// The board's position and cell size; also answers mouse hits.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BoardLayout {
    pub x: u16,
    pub y: u16,
    /// Side length N and box size k.
    pub n: u16,
    pub k: u16,
    pub cell_w: u16,
    pub cell_h: u16,
    /// Thin lines between every two cells (box lines are drawn double then).
    pub inner: bool,
}

/// The three cell sizes, largest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CellSize {
    /// (2k+1)×k characters: every candidate at its own place.
    Large,
    /// One line of three characters, lines between cells.
    Medium,
    /// One line of three characters, box lines only.
    Compact,
}

impl BoardLayout {
    pub fn new(n: usize, k: usize, size: CellSize) -> BoardLayout {
        let (cell_w, cell_h) = if size == CellSize::Large {
            (2 * k + 1, k)
        } else {
            (3, 1)
        };
        BoardLayout {
            x: 0,
            y: 0,
            n: n as u16,
            k: k as u16,
            cell_w: cell_w as u16,
            cell_h: cell_h as u16,
            inner: size != CellSize::Compact,
        }
    }

    /// Large cells draw every candidate at its own place.
    pub fn is_large(&self) -> bool {
        self.cell_h > 1
    }

    /// Large boards draw a thin line between every two cells; compact ones only box lines.
    pub fn inner_lines(&self) -> bool {
        self.inner
    }

    fn extent(&self, cell: u16) -> u16 {
        if self.inner_lines() {
            self.n * (cell + 1) + 1
        } else {
            self.n * cell + self.k + 1
        }
    }

    pub fn width(&self) -> u16 {
        self.extent(self.cell_w)
    }

    pub fn height(&self) -> u16 {
        self.extent(self.cell_h)
    }

    /// Offset of cell `i`'s first character along one axis, from the board's edge.
    fn offset(&self, i: u16, cell: u16) -> u16 {
        if self.inner_lines() {
            1 + i * (cell + 1)
        } else {
            1 + i * cell + i / self.k
        }
    }

    /// Whether the line at `d` characters from the edge is a line, and whether it is a box
    /// line, along an axis with cells of `cell` characters.
    pub fn line_at(&self, d: u16, cell: u16) -> Option<bool> {
        if self.inner_lines() {
            let stride = cell + 1;
            d.is_multiple_of(stride)
                .then(|| (d / stride).is_multiple_of(self.k))
        } else {
            let stride = self.k * cell + 1;
            d.is_multiple_of(stride).then_some(true)
        }
    }

    pub fn area(&self) -> Rect {
        Rect::new(self.x, self.y, self.width(), self.height())
    }

    /// The top-left character of a cell.
    pub fn cell_origin(&self, row: u16, col: u16) -> (u16, u16) {
        (
            self.x + self.offset(col, self.cell_w),
            self.y + self.offset(row, self.cell_h),
        )
    }

    /// The cell under a screen position, if any (box lines belong to no cell).
    pub fn cell_at(&self, column: u16, row: u16) -> Option<usize> {
        let along = |pos: u16, origin: u16, size: u16| -> Option<u16> {
            let d = pos.checked_sub(origin + 1)?;
            let i = if self.inner_lines() {
                if d % (size + 1) == size {
                    return None;
                }
                d / (size + 1)
            } else {
                let stride = self.k * size + 1;
                let (b, within) = (d / stride, d % stride);
                if within >= self.k * size {
                    return None;
                }
                b * self.k + within / size
            };
            (i < self.n).then_some(i)
        };
        let c = along(column, self.x, self.cell_w)?;
        let r = along(row, self.y, self.cell_h)?;
        Some(r as usize * self.n as usize + c as usize)
    }
}

/// The screen's parts for one frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Screen {
    pub title: Rect,
    pub body: Rect,
    pub status: Rect,
    pub board: Option<BoardLayout>,
    pub side: Option<Rect>,
    /// The smallest terminal that would show this board, when the current one is smaller.
    pub needs: Option<(u16, u16)>,
    /// With the solver panel open but no room for it beside the board: the smallest
    /// terminal that would show both.
    pub panel_needs: Option<(u16, u16)>,
}

/// The sidebar's width: what it wants, and the narrowest it gets so that large cells (notes
/// at their places) still fit.
pub const SIDE_MIN: u16 = 26;
pub const SIDE_NARROW: u16 = 22;
/// The solver panel's width: what it wants, and the narrowest (its compact form) so that a
/// 25×25 board keeps its panel in 120 columns.
pub const PANEL_MIN: u16 = 40;
pub const PANEL_NARROW: u16 = 32;

/// Columns between the board and the side, and after the side.
const SIDE_GAP: u16 = 2;

pub fn compute(area: Rect, n: usize, k: usize, panel_open: bool) -> Screen {
    compute_with(area, n, k, false, panel_open)
}

/// The screen for a board of `geometry`: boxes of k×k, or for a board drawn with outlines
/// (a jigsaw's regions, a killer's cages) a line between every two cells — no compact
/// cells, which draw box lines only — and a candidate mini-grid of the smallest side whose
/// square holds N digits.
pub fn for_geometry(area: Rect, geometry: &Geometry, panel_open: bool) -> Screen {
    let n = geometry.size();
    let outlined = crate::tui::edges::outlined(geometry);
    let k = match geometry.box_size() {
        Some(k) => k,
        None => (1..=n).find(|k| k * k >= n).unwrap_or(n),
    };
    compute_with(area, n, k, outlined, panel_open)
}

fn compute_with(area: Rect, n: usize, k: usize, outlined: bool, panel_open: bool) -> Screen {
    let title = Rect::new(area.x, area.y, area.width, area.height.min(1));
    let status = Rect::new(
        area.x,
        area.y + area.height.saturating_sub(1),
        area.width,
        area.height.min(1),
    );
    let body = Rect::new(
        area.x,
        area.y + 1,
        area.width,
        area.height.saturating_sub(2),
    );
    let large = BoardLayout::new(n, k, CellSize::Large);
    let medium = BoardLayout::new(n, k, CellSize::Medium);
    let compact = BoardLayout::new(n, k, CellSize::Compact);
    // (board, the side's narrowest width; 0 for no side), best first.
    let choices: &[(BoardLayout, u16)] = if panel_open {
        &[
            (medium, PANEL_MIN),
            (compact, PANEL_MIN),
            (large, PANEL_MIN),
            (medium, PANEL_NARROW),
            (compact, PANEL_NARROW),
            (large, 0),
            (medium, 0),
            (compact, 0),
        ]
    } else {
        &[
            (large, SIDE_MIN),
            (large, SIDE_NARROW),
            (medium, SIDE_MIN),
            (compact, SIDE_MIN),
            (large, 0),
            (medium, 0),
            (compact, 0),
        ]
    };
    let fits = |b: &BoardLayout, side: u16| {
        let extra = if side > 0 { side + SIDE_GAP } else { 0 };
        b.width() + 1 + extra <= body.width && b.height() <= body.height
    };
    // An outlined board needs a line between every two cells, which compact cells lack.
    let drawable = |b: &BoardLayout| !outlined || b.inner_lines();
    let choice = choices
        .iter()
        .copied()
        .find(|&(b, side)| drawable(&b) && fits(&b, side));
    let smallest = if outlined { medium } else { compact };
    let Some((mut board, side_min)) = choice else {
        return Screen {
            title,
            body,
            status,
            board: None,
            side: None,
            needs: Some((smallest.width() + 2, smallest.height() + 2)),
            panel_needs: None,
        };
    };
    board.y = body.y + (body.height - board.height()) / 2;
    let side = if side_min > 0 {
        board.x = body.x + 1;
        let x = board.x + board.width() + SIDE_GAP;
        let width = (body.x + body.width).saturating_sub(x + 1);
        let width = if panel_open { width } else { width.min(60) };
        Some(Rect::new(x, body.y, width, body.height))
    } else {
        board.x = body.x + (body.width - board.width()) / 2;
        None
    };
    let panel_needs = (panel_open && side.is_none()).then(|| {
        (
            smallest.width() + 1 + PANEL_NARROW + SIDE_GAP,
            smallest.height() + 2,
        )
    });
    Screen {
        title,
        body,
        status,
        board: Some(board),
        side,
        needs: None,
        panel_needs,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nine_by_nine_fits_80x24_compact_and_uses_large_cells_when_room() {
        let s = compute(Rect::new(0, 0, 80, 24), 9, 3, false);
        let b = s.board.unwrap();
        assert!(!b.is_large());
        assert!(s.side.is_some());
        let s = compute(Rect::new(0, 0, 120, 40), 9, 3, false);
        assert!(s.board.unwrap().is_large());
    }

    #[test]
    fn big_boards_fit_or_say_what_they_need() {
        assert!(
            compute(Rect::new(0, 0, 120, 40), 16, 4, false)
                .board
                .is_some()
        );
        assert!(
            compute(Rect::new(0, 0, 120, 40), 25, 5, false)
                .board
                .is_some()
        );
        let s = compute(Rect::new(0, 0, 80, 24), 25, 5, false);
        assert!(s.board.is_none());
        assert_eq!(s.needs, Some((83, 33)));
        assert!(compute(Rect::new(0, 0, 3, 1), 9, 3, false).needs.is_some());
    }

    #[test]
    fn twenty_five_keeps_its_panel_in_120x40_and_says_what_it_needs_below() {
        let s = compute(Rect::new(0, 0, 120, 40), 25, 5, true);
        assert!(s.board.is_some());
        let side = s.side.expect("the panel beside a 25×25 board in 120×40");
        assert!(side.width >= PANEL_NARROW, "{side:?}");
        assert_eq!(s.panel_needs, None);
        let s = compute(Rect::new(0, 0, 100, 40), 25, 5, true);
        assert!(s.board.is_some() && s.side.is_none());
        assert_eq!(s.panel_needs, Some((116, 33)));
    }

    #[test]
    fn nine_by_nine_has_large_cells_from_100x40() {
        let s = compute(Rect::new(0, 0, 100, 40), 9, 3, false);
        assert!(s.board.unwrap().is_large());
        assert!(s.side.unwrap().width >= SIDE_NARROW);
        let s = compute(Rect::new(0, 0, 100, 38), 9, 3, false);
        assert!(!s.board.unwrap().is_large());
    }

    #[test]
    fn hits_round_trip_and_borders_hit_nothing() {
        for size in [CellSize::Large, CellSize::Medium, CellSize::Compact] {
            let mut b = BoardLayout::new(9, 3, size);
            b.x = 5;
            b.y = 2;
            for cell in 0..81u16 {
                let (x, y) = b.cell_origin(cell / 9, cell % 9);
                assert_eq!(b.cell_at(x, y), Some(cell as usize));
                assert_eq!(
                    b.cell_at(x + b.cell_w - 1, y + b.cell_h - 1),
                    Some(cell as usize)
                );
            }
            assert_eq!(b.cell_at(5, 2), None);
            assert_eq!(b.cell_at(b.x + b.width() - 1, 3), None);
            assert_eq!(b.cell_at(0, 0), None);
        }
    }
}
