//! What a shape is before it is built: the variant names, the cage and region description a
//! caller hands to [`super::Geometry::shaped`], and the sizes the engine supports. Kept apart
//! from the built geometry so the checks and the error types can speak of them without reaching
//! into the tables they guard.

use std::fmt;

use serde::{Deserialize, Serialize};

/// The kind of a sudoku: which regions it has and what it adds to rows, columns and regions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Variant {
    /// Rows, columns and boxes only.
    #[default]
    Standard,
    /// X-sudoku: both main diagonals are houses too.
    X,
    /// Hyper-sudoku (windoku): extra k×k windows, one cell in from each box edge.
    Hyper,
    /// Killer: boxes, and cages of distinct digits with a sum, usually without givens.
    Killer,
    /// Killer with both main diagonals as houses (Simon Tatham's killer-X).
    KillerX,
    /// Jigsaw: irregular regions of N cells instead of boxes, any N from 4 to 16.
    Jigsaw,
    /// Jigsaw with both main diagonals as houses.
    JigsawX,
}

impl Variant {
    /// Every variant, in the order the CLI lists them.
    pub const ALL: [Variant; 7] = [
        Variant::Standard,
        Variant::X,
        Variant::Hyper,
        Variant::Killer,
        Variant::KillerX,
        Variant::Jigsaw,
        Variant::JigsawX,
    ];

    /// The variants whose shape the size alone decides ([`Geometry::get`](super::Geometry::get) builds them); the
    /// others need their regions or cages.
    pub const CLASSIC: [Variant; 3] = [Variant::Standard, Variant::X, Variant::Hyper];

    /// The name used on the command line and in JSON.
    pub fn name(self) -> &'static str {
        match self {
            Variant::Standard => "standard",
            Variant::X => "x",
            Variant::Hyper => "hyper",
            Variant::Killer => "killer",
            Variant::KillerX => "killer-x",
            Variant::Jigsaw => "jigsaw",
            Variant::JigsawX => "jigsaw-x",
        }
    }

    /// The variant named `name` ([`Variant::name`]), if any.
    pub fn from_name(name: &str) -> Option<Variant> {
        Variant::CLASSIC.into_iter().find(|v| v.name() == name)
    }

    /// Whether both main diagonals are houses.
    pub fn has_diagonals(self) -> bool {
        matches!(self, Variant::X | Variant::KillerX | Variant::JigsawX)
    }

    /// Whether the hyper windows are houses.
    pub fn has_windows(self) -> bool {
        self == Variant::Hyper
    }

    /// Whether the puzzle has cages with sums.
    pub fn has_cages(self) -> bool {
        matches!(self, Variant::Killer | Variant::KillerX)
    }

    /// Whether the regions are an irregular partition rather than boxes.
    pub fn has_irregular_regions(self) -> bool {
        matches!(self, Variant::Jigsaw | Variant::JigsawX)
    }

    /// Whether [`Geometry::get`](super::Geometry::get) builds this variant from its size alone.
    pub fn is_classic(self) -> bool {
        Variant::CLASSIC.contains(&self)
    }

    pub(super) fn classic_index(self) -> Option<usize> {
        Variant::CLASSIC.iter().position(|&v| v == self)
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A killer cage: cells that hold distinct digits adding up to `sum`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Cage {
    /// The cells, row-major indices in increasing order.
    pub cells: Vec<usize>,
    /// What the cage's digits add up to.
    pub sum: u32,
}

/// What a shape is made of, before it is checked and built ([`Geometry::shaped`](super::Geometry::shaped)).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ShapeSpec {
    /// N, the side length and the number of digits.
    pub size: usize,
    /// Each cell's region (any labels, row-major), or `None` for the k×k boxes of N = k².
    pub regions: Option<Vec<usize>>,
    /// Whether both main diagonals are houses.
    pub diagonals: bool,
    /// Whether the hyper windows are houses (boxes only).
    pub windows: bool,
    /// The killer cages; empty for a puzzle without cages. When there are cages, they cover
    /// every cell.
    pub cages: Vec<Cage>,
}

/// The supported box sizes k (N = k²): 4×4 up to 36×36.
pub const BOX_SIZES: std::ops::RangeInclusive<usize> = 2..=6;

/// The supported side lengths N of puzzles with boxes.
pub const SIZES: [usize; 5] = [4, 9, 16, 25, 36];

/// The side lengths a jigsaw may have: any N×N grid cut into N regions of N cells.
pub const JIGSAW_SIZES: std::ops::RangeInclusive<usize> = 4..=16;

/// Whether a region map is the k×k boxes of N = k².
pub(super) fn is_box_layout(size: usize, regions: &[u16]) -> Option<usize> {
    let k = BOX_SIZES.clone().find(|&k| k * k == size)?;
    let mut box_of_region = vec![u16::MAX; size];
    for (cell, &r) in regions.iter().enumerate() {
        let b = ((cell / size / k) * k + (cell % size) / k) as u16;
        let slot = &mut box_of_region[r as usize];
        if *slot == u16::MAX {
            *slot = b;
        } else if *slot != b {
            return None;
        }
    }
    Some(k)
}

/// The cells beside `cell` (up, down, left, right) on an N×N grid: what "connected" means for
/// a jigsaw region or a killer cage.
pub(crate) fn side_neighbours(size: usize, cell: usize) -> impl Iterator<Item = usize> {
    let (r, c) = (cell / size, cell % size);
    [
        (r > 0).then(|| cell - size),
        (r + 1 < size).then(|| cell + size),
        (c > 0).then(|| cell - 1),
        (c + 1 < size).then(|| cell + 1),
    ]
    .into_iter()
    .flatten()
}
