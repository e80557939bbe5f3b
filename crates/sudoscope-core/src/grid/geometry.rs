//! The shape of a sudoku: its size, its houses and every cell's peers.
//!
//! A geometry is computed once per (size, variant) and shared for the life of the process:
//! solvers, hint techniques and the UI all walk the same precomputed house and peer tables,
//! so nobody recomputes "which cells see this one" in a hot loop.

use std::any::Any;
use std::fmt;
use std::sync::{Mutex, OnceLock, PoisonError};

use serde::{Deserialize, Serialize};

use super::error::GridError;

/// Which extra houses a puzzle has beside rows, columns and boxes.
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
}

impl Variant {
    /// Every variant, in the order the CLI lists them.
    pub const ALL: [Variant; 3] = [Variant::Standard, Variant::X, Variant::Hyper];

    /// The name used on the command line and in JSON.
    pub fn name(self) -> &'static str {
        match self {
            Variant::Standard => "standard",
            Variant::X => "x",
            Variant::Hyper => "hyper",
        }
    }

    fn index(self) -> usize {
        match self {
            Variant::Standard => 0,
            Variant::X => 1,
            Variant::Hyper => 2,
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The kind of a house; the index inside a kind is kept in [`House::index`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HouseKind {
    /// A row.
    Row,
    /// A column.
    Column,
    /// A box.
    Box,
    /// X-sudoku diagonal: 0 is the main diagonal (r1c1 to rNcN), 1 the anti-diagonal.
    Diagonal,
    /// Hyper-sudoku window.
    Window,
}

impl HouseKind {
    /// Lower-case name, as in `"row 3"`.
    pub fn name(self) -> &'static str {
        match self {
            HouseKind::Row => "row",
            HouseKind::Column => "column",
            HouseKind::Box => "box",
            HouseKind::Diagonal => "diagonal",
            HouseKind::Window => "window",
        }
    }
}

/// A set of N cells that must hold every digit exactly once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct House {
    /// Row, column, box or a variant's extra house.
    pub kind: HouseKind,
    /// 0-based index within its kind (row 0 is the top row).
    pub index: usize,
    /// The cells, in row-major order.
    pub cells: Vec<usize>,
}

impl fmt::Display for House {
    /// `row 3`, `box 5`, `diagonal 1`: 1-based, as in the JSON contract.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.kind.name(), self.index + 1)
    }
}

/// Size and house structure of an N×N sudoku with k×k boxes (N = k², k = 2..=6).
pub struct Geometry {
    box_size: usize,
    size: usize,
    variant: Variant,
    houses: Vec<House>,
    houses_of_cell: Vec<Vec<usize>>,
    peers: Vec<Vec<usize>>,
    /// Tables that other modules derive from this geometry (peer bitsets, the chains' link
    /// order, the generic solver's indices): one per type, built on first use, kept for the
    /// geometry's life. See [`Geometry::derived`].
    derived: Mutex<Vec<&'static (dyn Any + Send + Sync)>>,
    /// [`Geometry::peer_bits`] and [`Geometry::house_bits`]: asked for by every chain technique
    /// at every board, so they sit in lock-free cells of their own.
    peer_bits: OnceLock<Vec<u64>>,
    house_bits: OnceLock<Vec<u64>>,
}

impl fmt::Debug for Geometry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Geometry")
            .field("size", &self.size)
            .field("variant", &self.variant)
            .finish_non_exhaustive()
    }
}

/// The supported box sizes k (N = k²): 4×4 up to 36×36.
pub const BOX_SIZES: std::ops::RangeInclusive<usize> = 2..=6;

/// The supported side lengths N.
pub const SIZES: [usize; 5] = [4, 9, 16, 25, 36];

static GEOMETRIES: [[OnceLock<Geometry>; 3]; 5] = [const { [const { OnceLock::new() }; 3] }; 5];

impl Geometry {
    /// The shared geometry of an N×N sudoku of the given variant.
    ///
    /// Fails for a side length that is not 4, 9, 16, 25 or 36.
    pub fn get(size: usize, variant: Variant) -> Result<&'static Geometry, GridError> {
        let box_size = SIZES
            .iter()
            .position(|&n| n == size)
            .map(|i| i + 2)
            .ok_or(GridError::UnsupportedSize(size))?;
        Ok(GEOMETRIES[box_size - 2][variant.index()]
            .get_or_init(|| Geometry::build(box_size, variant)))
    }

    /// The classic 9×9 geometry.
    pub fn standard9() -> &'static Geometry {
        GEOMETRIES[1][0].get_or_init(|| Geometry::build(3, Variant::Standard))
    }

    fn build(box_size: usize, variant: Variant) -> Geometry {
        let size = box_size * box_size;
        let mut houses = Vec::new();
        for r in 0..size {
            houses.push(House {
                kind: HouseKind::Row,
                index: r,
                cells: (0..size).map(|c| r * size + c).collect(),
            });
        }
        for c in 0..size {
            houses.push(House {
                kind: HouseKind::Column,
                index: c,
                cells: (0..size).map(|r| r * size + c).collect(),
            });
        }
        for b in 0..size {
            let (top, left) = ((b / box_size) * box_size, (b % box_size) * box_size);
            houses.push(House {
                kind: HouseKind::Box,
                index: b,
                cells: square(size, top, left, box_size),
            });
        }
        match variant {
            Variant::Standard => {}
            Variant::X => {
                houses.push(House {
                    kind: HouseKind::Diagonal,
                    index: 0,
                    cells: (0..size).map(|i| i * size + i).collect(),
                });
                houses.push(House {
                    kind: HouseKind::Diagonal,
                    index: 1,
                    cells: (0..size).map(|i| i * size + (size - 1 - i)).collect(),
                });
            }
            Variant::Hyper => {
                // Windows start one cell in from each box edge: offsets 1, k+2, 2k+3, ...
                // For 9×9 these are the classic windoku windows at rows/cols 2–4 and 6–8.
                let starts: Vec<usize> =
                    (0..box_size - 1).map(|i| 1 + i * (box_size + 1)).collect();
                let mut index = 0;
                for &top in &starts {
                    for &left in &starts {
                        houses.push(House {
                            kind: HouseKind::Window,
                            index,
                            cells: square(size, top, left, box_size),
                        });
                        index += 1;
                    }
                }
            }
        }
        let cell_count = size * size;
        let mut houses_of_cell = vec![Vec::new(); cell_count];
        for (h, house) in houses.iter().enumerate() {
            for &cell in &house.cells {
                houses_of_cell[cell].push(h);
            }
        }
        let mut peers = vec![Vec::new(); cell_count];
        let mut seen = vec![usize::MAX; cell_count];
        for cell in 0..cell_count {
            for &h in &houses_of_cell[cell] {
                for &other in &houses[h].cells {
                    if other != cell && seen[other] != cell {
                        seen[other] = cell;
                        peers[cell].push(other);
                    }
                }
            }
            peers[cell].sort_unstable();
        }
        Geometry {
            box_size,
            size,
            variant,
            houses,
            houses_of_cell,
            peers,
            derived: Mutex::new(Vec::new()),
            peer_bits: OnceLock::new(),
            house_bits: OnceLock::new(),
        }
    }

    /// The table of type `T` derived from this geometry, built by `build` the first time it is
    /// asked for and shared from then on.
    ///
    /// Geometries live for the whole process (one per size and variant, see [`Geometry::get`]),
    /// so whatever a module precomputes from one — bitsets, orderings, index tables — belongs
    /// with it rather than in a per-module cache keyed by size and variant. There is one table
    /// per type: a module that needs one wraps it in a type of its own. The lock is not held
    /// while `build` runs, so a build may ask for other derived tables; if two threads build the
    /// same table at once, the first stored wins and the other is dropped.
    pub fn derived<T: Any + Send + Sync>(
        &'static self,
        build: impl FnOnce(&'static Geometry) -> T,
    ) -> &'static T {
        if let Some(found) = self.find_derived::<T>() {
            return found;
        }
        let made = build(self);
        let mut tables = self.derived.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(found) = tables.iter().find_map(|t| t.downcast_ref::<T>()) {
            return found;
        }
        // Leaked on purpose: at most one table per (geometry, type), and geometries are static.
        let made: &'static T = Box::leak(Box::new(made));
        tables.push(made);
        made
    }

    fn find_derived<T: Any + Send + Sync>(&self) -> Option<&'static T> {
        let tables = self.derived.lock().unwrap_or_else(PoisonError::into_inner);
        tables.iter().find_map(|t| t.downcast_ref::<T>())
    }

    /// Every cell's peers as a bitset of `cell_count().div_ceil(64)` words (cell `c` at
    /// `[c * words .. (c + 1) * words]`), for the set algebra of the chain techniques.
    pub fn peer_bits(&self) -> &[u64] {
        self.peer_bits.get_or_init(|| {
            let w = self.cell_count().div_ceil(64);
            let mut bits = vec![0u64; self.cell_count() * w];
            for cell in 0..self.cell_count() {
                for &peer in self.peers(cell) {
                    bits[cell * w + peer / 64] |= 1 << (peer % 64);
                }
            }
            bits
        })
    }

    /// Every house's cells as a bitset (house `h` at `[h * words .. (h + 1) * words]`).
    pub fn house_bits(&self) -> &[u64] {
        self.house_bits.get_or_init(|| {
            let w = self.cell_count().div_ceil(64);
            let mut bits = vec![0u64; self.houses().len() * w];
            for (h, house) in self.houses().iter().enumerate() {
                for &cell in &house.cells {
                    bits[h * w + cell / 64] |= 1 << (cell % 64);
                }
            }
            bits
        })
    }

    /// k: the side of a box (3 for 9×9).
    pub fn box_size(&self) -> usize {
        self.box_size
    }

    /// N: the side of the grid and the number of digits (9 for 9×9).
    pub fn size(&self) -> usize {
        self.size
    }

    /// N²: the number of cells.
    pub fn cell_count(&self) -> usize {
        self.size * self.size
    }

    /// The variant's extra houses.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// Every house: rows, then columns, then boxes, then the variant's extra houses.
    pub fn houses(&self) -> &[House] {
        &self.houses
    }

    /// Indices into [`Geometry::houses`] of the houses containing `cell`.
    pub fn houses_of(&self, cell: usize) -> &[usize] {
        &self.houses_of_cell[cell]
    }

    /// The cells sharing at least one house with `cell` (itself excluded), sorted.
    pub fn peers(&self, cell: usize) -> &[usize] {
        &self.peers[cell]
    }

    /// The 0-based row of `cell`.
    pub fn row_of(&self, cell: usize) -> usize {
        cell / self.size
    }

    /// The 0-based column of `cell`.
    pub fn col_of(&self, cell: usize) -> usize {
        cell % self.size
    }

    /// The 0-based box of `cell` (boxes numbered row by row).
    pub fn box_of(&self, cell: usize) -> usize {
        let (r, c) = (self.row_of(cell), self.col_of(cell));
        (r / self.box_size) * self.box_size + c / self.box_size
    }

    /// The index of the cell at 0-based `row`, `col`.
    pub fn cell(&self, row: usize, col: usize) -> usize {
        row * self.size + col
    }

    /// Whether two distinct cells share a house.
    pub fn sees(&self, a: usize, b: usize) -> bool {
        a != b && self.peers[a].binary_search(&b).is_ok()
    }

    /// Human name of a cell, `r1c1` for the top-left.
    pub fn cell_name(&self, cell: usize) -> String {
        format!("r{}c{}", self.row_of(cell) + 1, self.col_of(cell) + 1)
    }
}

/// Geometries are unique per (size, variant), so those two decide equality.
impl PartialEq for Geometry {
    fn eq(&self, other: &Geometry) -> bool {
        self.box_size == other.box_size && self.variant == other.variant
    }
}

impl Eq for Geometry {}

fn square(size: usize, top: usize, left: usize, side: usize) -> Vec<usize> {
    let mut cells = Vec::with_capacity(side * side);
    for r in top..top + side {
        for c in left..left + side {
            cells.push(r * size + c);
        }
    }
    cells
}

#[cfg(test)]
mod tests {
    #[test]
    fn derived_tables_are_built_once_per_geometry_and_type() {
        struct Count(usize);
        struct Other(u8);
        let g9 = Geometry::standard9();
        let g4 = Geometry::get(4, Variant::Standard).expect("4×4");
        let a = g9.derived(|g| Count(g.cell_count()));
        let b = g9.derived(|_| Count(0));
        assert!(
            std::ptr::eq(a, b),
            "the second request gets the first table"
        );
        assert_eq!(b.0, 81);
        assert_eq!(g4.derived(|g| Count(g.cell_count())).0, 16, "per geometry");
        assert_eq!(g9.derived(|_| Other(7)).0, 7, "per type");
        let words = 81usize.div_ceil(64);
        let peers = g9.peer_bits();
        let ones: u32 = peers[..words].iter().map(|w| w.count_ones()).sum();
        assert_eq!(ones, 20, "r1c1 has 20 peers");
        assert_eq!(g9.house_bits().len(), 27 * words);
    }

    use super::*;

    #[test]
    fn standard_9x9_has_27_houses_and_20_peers() {
        let g = Geometry::standard9();
        assert_eq!(g.houses().len(), 27);
        assert!((0..81).all(|c| g.peers(c).len() == 20));
        assert_eq!(g.box_of(g.cell(4, 7)), 5);
        assert!(!g.sees(0, 80) && g.sees(0, 8) && g.sees(0, 20));
    }

    #[test]
    fn every_size_builds_with_consistent_peers() {
        for &n in &SIZES {
            for variant in Variant::ALL {
                let g = Geometry::get(n, variant).expect("supported size");
                assert!(g.houses().iter().all(|h| h.cells.len() == n));
                let k = g.box_size();
                let base = 3 * (n - 1) - 2 * (k - 1);
                for cell in 0..g.cell_count() {
                    assert!(g.peers(cell).len() >= base);
                    for &p in g.peers(cell) {
                        assert!(g.sees(p, cell), "peer relation must be symmetric");
                    }
                }
            }
        }
        assert!(Geometry::get(10, Variant::Standard).is_err());
    }

    #[test]
    fn variant_houses() {
        let x = Geometry::get(9, Variant::X).unwrap();
        assert_eq!(x.houses().len(), 29);
        assert_eq!(x.houses_of(40).len(), 5, "the centre is on both diagonals");
        let hyper = Geometry::get(9, Variant::Hyper).unwrap();
        assert_eq!(hyper.houses().len(), 31);
        // Windows at rows/cols 2–4 and 6–8 (1-based): r2c2 is the top-left of window 1.
        assert_eq!(hyper.houses()[27].cells[0], hyper.cell(1, 1));
        assert_eq!(hyper.houses()[30].cells[8], hyper.cell(7, 7));
        assert_eq!(
            Geometry::get(16, Variant::Hyper).unwrap().houses().len(),
            48 + 9
        );
    }
}
