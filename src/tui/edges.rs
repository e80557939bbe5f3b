//! What separates two neighbouring cells of a board drawn with outlines (a jigsaw's regions, a
//! killer's cages): the one answer that the board's drawing and the theme's glyphs share.

use sudoscope_core::grid::Geometry;

/// What separates two neighbouring cells (or a cell from the board's edge).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Edge {
    /// One cage, one region: nothing to draw.
    Blank,
    /// One region, and the board has no cages: the thin line between any two cells.
    Thin,
    /// Two cages in one region: the cage's outline.
    Cage,
    /// Two regions (and two cages, or a board without cages), or the board's edge.
    Region,
    /// Two regions, one cage: a region's edge that the cage crosses.
    RegionInCage,
}

impl Edge {
    /// The weight of the line in a junction: 0 none, 1 light, 2 heavy.
    pub fn weight(self) -> u8 {
        match self {
            Edge::Blank => 0,
            Edge::Thin | Edge::Cage => 1,
            Edge::Region | Edge::RegionInCage => 2,
        }
    }
}

/// Whether a board is drawn with outlines (irregular regions or cages) rather than the boxes'
/// regular lines; such a board needs a line between every two cells.
pub fn outlined(geometry: &Geometry) -> bool {
    geometry.box_size().is_none() || !geometry.cages().is_empty()
}

/// The edge between two cells; `None` is outside the board.
pub fn edge(geometry: &Geometry, a: Option<usize>, b: Option<usize>) -> Edge {
    let (Some(a), Some(b)) = (a, b) else {
        return Edge::Region;
    };
    let regions = geometry.region_of(a) != geometry.region_of(b);
    let caged = !geometry.cages().is_empty();
    let cages = geometry.cage_of(a) != geometry.cage_of(b);
    match (regions, caged, cages) {
        (true, true, false) => Edge::RegionInCage,
        (true, _, _) => Edge::Region,
        (false, false, _) => Edge::Thin,
        (false, true, true) => Edge::Cage,
        (false, true, false) => Edge::Blank,
    }
}
