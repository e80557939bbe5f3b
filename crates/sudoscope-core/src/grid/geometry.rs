//! The shape of a sudoku: its size, its regions, its extra houses, its cages, and every cell's
//! houses and peers.
//!
//! A shape is data, not a case to switch on: the regions are a partition of the cells (the
//! k×k boxes, or any partition into N connected pieces of N cells for jigsaw), the extra houses
//! are whatever the variant adds (X diagonals, hyper windows), and the cages are groups of
//! distinct digits with a sum (killer). Solvers, hint techniques, the generator and the UI all
//! walk the same precomputed tables, so nobody recomputes "which cells see this one" in a hot
//! loop and no part of the engine asks which variant a puzzle is to decide how to solve it.
//!
//! Geometries are built once and shared: the classic shapes (every box size, standard, X and
//! hyper) live for the whole process behind [`Geometry::get`], and any other shape is interned by
//! [`Geometry::shaped`] — asking twice for the same regions and cages gives the same geometry —
//! and freed when the last puzzle using it is dropped (a jigsaw or killer shape is one puzzle's,
//! and a server or a generator makes them by the thousand). A [`Shape`] is the owned handle a
//! grid keeps; every `&Geometry` can give one back ([`Geometry::shape`]).

use std::any::{Any, TypeId};
use std::collections::HashMap;
use std::fmt;
use std::ops::Deref;
use std::sync::{Arc, Mutex, OnceLock, PoisonError, Weak};

use super::cages::CageArithmetic;
use super::error::{GridError, ShapeError};
use super::shape_check::Checked;
use super::shape_spec::{Cage, SIZES, ShapeSpec, Variant};

/// The kind of a house; the index inside a kind is kept in [`House::index`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HouseKind {
    /// A row.
    Row,
    /// A column.
    Column,
    /// A box.
    Box,
    /// An irregular region of a jigsaw, in the place of a box.
    Region,
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
            HouseKind::Region => "region",
            HouseKind::Diagonal => "diagonal",
            HouseKind::Window => "window",
        }
    }

    /// Whether houses of this kind are the regions of the grid (boxes, or a jigsaw's irregular
    /// regions): the houses that tile the grid beside rows and columns.
    pub fn is_region(self) -> bool {
        matches!(self, HouseKind::Box | HouseKind::Region)
    }
}

/// A set of N cells that must hold every digit exactly once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct House {
    /// Row, column, region or a variant's extra house.
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

/// Size, houses, cages and peers of an N×N sudoku.
pub struct Geometry {
    size: usize,
    box_size: Option<usize>,
    variant: Variant,
    region_of: Vec<u16>,
    cages: Vec<Cage>,
    cage_of: Vec<u16>,
    houses: Vec<House>,
    houses_of_cell: Vec<Vec<usize>>,
    peers: Vec<Vec<usize>>,
    /// The geometry's own handle, so that any `&Geometry` can give back a [`Shape`].
    me: Weak<Geometry>,
    /// Tables that other modules derive from this geometry (peer bitsets, the chains' link
    /// order, the generic solver's indices): one per type, built on first use, kept for the
    /// geometry's life. See [`Geometry::derived`].
    derived: Derived,
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

static CLASSIC: [[OnceLock<Arc<Geometry>>; 3]; 5] = [const { [const { OnceLock::new() }; 3] }; 5];

/// A shared, owned handle to a geometry: what a grid keeps. Cloning it is a reference count;
/// it derefs to the [`Geometry`].
#[derive(Clone)]
pub struct Shape(Arc<Geometry>);

impl Deref for Shape {
    type Target = Geometry;

    fn deref(&self) -> &Geometry {
        &self.0
    }
}

impl fmt::Debug for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&*self.0, f)
    }
}

impl PartialEq for Shape {
    fn eq(&self, other: &Shape) -> bool {
        *self.0 == *other.0
    }
}

impl Eq for Shape {}

impl Geometry {
    /// The shared geometry of an N×N sudoku of a variant whose size decides its shape
    /// (standard, X, hyper: [`Variant::CLASSIC`]).
    ///
    /// Fails for a side length that is not 4, 9, 16, 25 or 36, and for a variant that needs
    /// regions or cages ([`Geometry::shaped`] builds those).
    pub fn get(size: usize, variant: Variant) -> Result<&'static Geometry, GridError> {
        let box_size = SIZES
            .iter()
            .position(|&n| n == size)
            .map(|i| i + 2)
            .ok_or(GridError::UnsupportedSize(size))?;
        let v = variant
            .classic_index()
            .ok_or(GridError::NeedsShape(variant))?;
        let built = CLASSIC[box_size - 2][v]
            .get_or_init(|| Geometry::build(size, Some(box_size), variant, None, Vec::new()));
        Ok(built)
    }

    /// The classic 9×9 geometry.
    pub fn standard9() -> &'static Geometry {
        CLASSIC[1][0]
            .get_or_init(|| Geometry::build(9, Some(3), Variant::Standard, None, Vec::new()))
    }

    /// The geometry of any shape: boxes or irregular regions, diagonals or windows, cages.
    /// Checks the spec (regions of N connected cells, cages that fit, ...) and gives the one
    /// shared geometry of that shape; a shape without irregular regions or cages is the
    /// classic one [`Geometry::get`] gives.
    pub fn shaped(spec: ShapeSpec) -> Result<Shape, ShapeError> {
        let checked = super::shape_check::check(spec)?;
        if checked.regions.is_none() && checked.cages.is_empty() {
            let variant = if checked.diagonals {
                Variant::X
            } else if checked.windows {
                Variant::Hyper
            } else {
                Variant::Standard
            };
            let geometry = Geometry::get(checked.size, variant).map_err(ShapeError::Grid)?;
            return Ok(geometry.shape());
        }
        Ok(intern(checked))
    }

    fn build(
        size: usize,
        box_size: Option<usize>,
        variant: Variant,
        regions: Option<Vec<u16>>,
        cages: Vec<Cage>,
    ) -> Arc<Geometry> {
        let region_of: Vec<u16> = match regions {
            Some(regions) => regions,
            None => {
                let k = box_size.unwrap_or(1);
                (0..size * size)
                    .map(|cell| ((cell / size / k) * k + (cell % size) / k) as u16)
                    .collect()
            }
        };
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
        let region_kind = if box_size.is_some() {
            HouseKind::Box
        } else {
            HouseKind::Region
        };
        for b in 0..size {
            houses.push(House {
                kind: region_kind,
                index: b,
                cells: (0..size * size)
                    .filter(|&cell| region_of[cell] as usize == b)
                    .collect(),
            });
        }
        if variant.has_diagonals() {
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
        if let (true, Some(k)) = (variant.has_windows(), box_size) {
            // Windows start one cell in from each box edge: offsets 1, k+2, 2k+3, ...
            // For 9×9 these are the classic windoku windows at rows/cols 2–4 and 6–8.
            let starts: Vec<usize> = (0..k - 1).map(|i| 1 + i * (k + 1)).collect();
            let mut index = 0;
            for &top in &starts {
                for &left in &starts {
                    houses.push(House {
                        kind: HouseKind::Window,
                        index,
                        cells: square(size, top, left, k),
                    });
                    index += 1;
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
        let mut cage_of = vec![u16::MAX; cell_count];
        for (i, cage) in cages.iter().enumerate() {
            for &cell in &cage.cells {
                cage_of[cell] = i as u16;
            }
        }
        let mut peers = vec![Vec::new(); cell_count];
        let mut seen = vec![usize::MAX; cell_count];
        for cell in 0..cell_count {
            let cage_mates = cages
                .get(cage_of[cell] as usize)
                .map_or(&[][..], |cage| &cage.cells[..]);
            let house_mates = houses_of_cell[cell]
                .iter()
                .flat_map(|&h| houses[h].cells.iter());
            for &other in house_mates.chain(cage_mates) {
                if other != cell && seen[other] != cell {
                    seen[other] = cell;
                    peers[cell].push(other);
                }
            }
            peers[cell].sort_unstable();
        }
        Arc::new_cyclic(|me| Geometry {
            size,
            box_size,
            variant,
            region_of,
            cages,
            cage_of,
            houses,
            houses_of_cell,
            peers,
            me: me.clone(),
            derived: Derived::default(),
            peer_bits: OnceLock::new(),
            house_bits: OnceLock::new(),
        })
    }

    /// The owned handle of this geometry, for a grid or a solver to keep.
    pub fn shape(&self) -> Shape {
        // Every geometry lives in an `Arc` from birth (`build`), and `&self` proves that Arc is
        // alive, so the upgrade cannot fail.
        Shape(self.me.upgrade().expect("a borrowed geometry is alive"))
    }

    /// The table of type `T` derived from this geometry, built by `build` the first time it is
    /// asked for and shared from then on.
    ///
    /// Whatever a module precomputes from a geometry — bitsets, orderings, index tables —
    /// belongs with it rather than in a per-module cache keyed by shape, and is dropped with
    /// it. There is one table per type: a module that needs one wraps it in a type of its own.
    /// The lock is not held while `build` runs, so a build may ask for other derived tables; if
    /// two threads build the same table at once, the first stored wins and the other is
    /// dropped.
    pub fn derived<T: Any + Send + Sync>(&self, build: impl FnOnce(&Geometry) -> T) -> &T {
        if let Some(found) = self.derived.find::<T>() {
            return found;
        }
        let made = build(self);
        self.derived.insert(made)
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

    /// k, the side of a box (3 for 9×9), when the regions are the k×k boxes; `None` for a
    /// jigsaw's irregular regions. Techniques built on bands and stacks of boxes ask this.
    pub fn box_size(&self) -> Option<usize> {
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

    /// The kind of sudoku this shape is.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// Every house: rows, then columns, then regions (boxes or irregular regions, region `b`
    /// at index `2N + b`), then the variant's extra houses.
    pub fn houses(&self) -> &[House] {
        &self.houses
    }

    /// Indices into [`Geometry::houses`] of the houses containing `cell`.
    pub fn houses_of(&self, cell: usize) -> &[usize] {
        &self.houses_of_cell[cell]
    }

    /// The cells sharing at least one house or cage with `cell` (itself excluded), sorted.
    pub fn peers(&self, cell: usize) -> &[usize] {
        &self.peers[cell]
    }

    /// The killer cages, ordered by their first cell; empty without cages.
    pub fn cages(&self) -> &[Cage] {
        &self.cages
    }

    /// The index into [`Geometry::cages`] of the cage holding `cell`, if any.
    pub fn cage_of(&self, cell: usize) -> Option<usize> {
        let cage = self.cage_of[cell];
        (cage != u16::MAX).then_some(cage as usize)
    }

    /// The cage arithmetic of this size: which digit sets a cage's size and sum allow.
    pub fn cage_arithmetic(&self) -> &'static CageArithmetic {
        CageArithmetic::of(self.size)
    }

    /// The 0-based row of `cell`.
    pub fn row_of(&self, cell: usize) -> usize {
        cell / self.size
    }

    /// The 0-based column of `cell`.
    pub fn col_of(&self, cell: usize) -> usize {
        cell % self.size
    }

    /// The 0-based region of `cell`: its box (numbered row by row), or its jigsaw region
    /// (numbered in the order of their first cells). The region's house is at `2N + region`.
    pub fn region_of(&self, cell: usize) -> usize {
        self.region_of[cell] as usize
    }

    /// The index of the cell at 0-based `row`, `col`.
    pub fn cell(&self, row: usize, col: usize) -> usize {
        row * self.size + col
    }

    /// Whether two distinct cells share a house or a cage.
    pub fn sees(&self, a: usize, b: usize) -> bool {
        a != b && self.peers[a].binary_search(&b).is_ok()
    }

    /// Human name of a cell, `r1c1` for the top-left.
    pub fn cell_name(&self, cell: usize) -> String {
        format!("r{}c{}", self.row_of(cell) + 1, self.col_of(cell) + 1)
    }

    /// The spec this geometry was built from (regions only when irregular), to save or send a
    /// shape and build it again.
    pub fn spec(&self) -> ShapeSpec {
        ShapeSpec {
            size: self.size,
            regions: self
                .variant
                .has_irregular_regions()
                .then(|| self.region_of.iter().map(|&r| r as usize).collect()),
            diagonals: self.variant.has_diagonals(),
            windows: self.variant.has_windows(),
            cages: self.cages.clone(),
        }
    }
}

/// Geometries are equal when their shapes are: size, variant, regions and cages.
impl PartialEq for Geometry {
    fn eq(&self, other: &Geometry) -> bool {
        std::ptr::eq(self, other)
            || self.size == other.size
                && self.variant == other.variant
                && self.region_of == other.region_of
                && self.cages == other.cages
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

/// What identifies an interned shape.
#[derive(Clone, PartialEq, Eq, Hash)]
struct ShapeKey {
    size: usize,
    variant: Variant,
    regions: Option<Vec<u16>>,
    cages: Vec<Cage>,
}

/// The interned non-classic shapes, held weakly: a shape lives as long as some grid uses it.
struct Interned {
    shapes: HashMap<ShapeKey, Weak<Geometry>>,
    /// The map's size after the last sweep of dead entries; the next sweep runs at twice that.
    swept_at: usize,
}

static INTERNED: Mutex<Option<Interned>> = Mutex::new(None);

fn intern(checked: Checked) -> Shape {
    let variant = match (
        checked.regions.is_some(),
        !checked.cages.is_empty(),
        checked.diagonals,
    ) {
        (true, _, false) => Variant::Jigsaw,
        (true, _, true) => Variant::JigsawX,
        (false, _, false) => Variant::Killer,
        (false, _, true) => Variant::KillerX,
    };
    let key = ShapeKey {
        size: checked.size,
        variant,
        regions: checked.regions.clone(),
        cages: checked.cages.clone(),
    };
    let mut guard = INTERNED.lock().unwrap_or_else(PoisonError::into_inner);
    let interned = guard.get_or_insert_with(|| Interned {
        shapes: HashMap::new(),
        swept_at: 64,
    });
    if let Some(alive) = interned.shapes.get(&key).and_then(Weak::upgrade) {
        return Shape(alive);
    }
    let built = Geometry::build(
        checked.size,
        checked.box_size,
        variant,
        checked.regions,
        checked.cages,
    );
    interned.shapes.insert(key, Arc::downgrade(&built));
    if interned.shapes.len() >= 2 * interned.swept_at {
        interned.shapes.retain(|_, shape| shape.strong_count() > 0);
        interned.swept_at = interned.shapes.len().max(64);
    }
    Shape(built)
}

/// How many interned (non-classic) shapes are alive now: for tests of the interner.
pub fn live_shapes() -> usize {
    let guard = INTERNED.lock().unwrap_or_else(PoisonError::into_inner);
    guard.as_ref().map_or(0, |i| {
        i.shapes.values().filter(|s| s.strong_count() > 0).count()
    })
}

/// The derived tables of one geometry: a few write-once slots, each holding one table of one
/// type. A slot is filled once and never emptied until the geometry drops, so a reference to
/// its table lives as long as the geometry.
#[derive(Default)]
struct Derived {
    slots: [OnceLock<(TypeId, Box<dyn Any + Send + Sync>)>; DERIVED_SLOTS],
    /// Taken while a slot is being claimed, so two tables never race for one slot.
    claim: Mutex<()>,
}

/// More than the engine's derived table types (today: the chains' link order, the generic
/// solver's tables); a table past this many is built but not kept.
const DERIVED_SLOTS: usize = 8;

impl Derived {
    fn find<T: Any>(&self) -> Option<&T> {
        self.slots
            .iter()
            .map_while(|slot| slot.get())
            .find(|(id, _)| *id == TypeId::of::<T>())
            .and_then(|(_, table)| table.downcast_ref::<T>())
    }

    fn insert<T: Any + Send + Sync>(&self, made: T) -> &T {
        let _claim = self.claim.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(found) = self.find::<T>() {
            return found;
        }
        match self.slots.iter().find(|slot| slot.get().is_none()) {
            Some(slot) => {
                let stored = slot.get_or_init(|| (TypeId::of::<T>(), Box::new(made)));
                stored
                    .1
                    .downcast_ref::<T>()
                    .expect("the slot just filled holds a T")
            }
            // Every slot taken: a programming error (raise DERIVED_SLOTS); keep working by
            // leaking this one table rather than failing.
            None => Box::leak(Box::new(made)),
        }
    }
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
        assert_eq!(g.region_of(g.cell(4, 7)), 5);
        assert!(!g.sees(0, 80) && g.sees(0, 8) && g.sees(0, 20));
    }

    #[test]
    fn every_size_builds_with_consistent_peers() {
        for &n in &SIZES {
            for variant in Variant::CLASSIC {
                let g = Geometry::get(n, variant).expect("supported size");
                assert!(g.houses().iter().all(|h| h.cells.len() == n));
                let k = g.box_size().expect("boxes");
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
        assert!(Geometry::get(9, Variant::Killer).is_err());
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

    /// A 6×6 jigsaw: 2×3 blocks, the first two reshaped into an L and its complement.
    fn jigsaw6() -> ShapeSpec {
        #[rustfmt::skip]
        let regions = vec![
            0, 0, 0, 0, 1, 1,
            0, 0, 1, 1, 1, 1,
            2, 2, 2, 3, 3, 3,
            2, 2, 2, 3, 3, 3,
            4, 4, 4, 5, 5, 5,
            4, 4, 4, 5, 5, 5,
        ];
        ShapeSpec {
            size: 6,
            regions: Some(regions),
            ..ShapeSpec::default()
        }
    }

    #[test]
    fn a_jigsaw_has_its_regions_as_houses_and_is_interned() {
        let g = Geometry::shaped(jigsaw6()).expect("a valid jigsaw");
        assert_eq!(g.variant(), Variant::Jigsaw);
        assert_eq!(g.box_size(), None);
        assert_eq!(g.houses().len(), 18);
        let first = &g.houses()[12];
        assert_eq!(first.kind, HouseKind::Region);
        assert_eq!(first.cells, vec![0, 1, 2, 3, 6, 7]);
        assert_eq!(first.to_string(), "region 1");
        assert!(
            g.sees(0, 7) && !g.sees(0, 8),
            "r1c1 sees its region's r2c2 only"
        );
        let again = Geometry::shaped(jigsaw6()).expect("again");
        assert!(std::ptr::eq(&*g, &*again), "the same shape is one geometry");
        let handle = (*again).shape();
        assert!(std::ptr::eq(&*handle, &*g));
    }

    #[test]
    fn interned_shapes_are_freed_with_their_last_grid() {
        let mut spec = jigsaw6();
        if let Some(r) = spec.regions.as_mut() {
            // Another layout than the other tests' (plain 2×3 blocks), so they do not keep it
            // alive.
            r.swap(3, 8);
        }
        let g = Geometry::shaped(spec.clone()).expect("valid");
        let weak = Arc::downgrade(&g.0);
        drop(g);
        assert!(weak.upgrade().is_none(), "nothing else holds the shape");
    }

    #[test]
    fn box_shaped_regions_are_the_classic_geometry() {
        let regions: Vec<usize> = (0..81).map(|c| (c / 27) * 3 + (c % 9) / 3).collect();
        let g = Geometry::shaped(ShapeSpec {
            size: 9,
            regions: Some(regions),
            ..ShapeSpec::default()
        })
        .expect("boxes");
        assert!(std::ptr::eq(&*g, Geometry::standard9()));
    }

    #[test]
    fn cages_are_peers_but_not_houses() {
        let mut cages: Vec<Cage> = (0..16)
            .step_by(2)
            .map(|c| Cage {
                cells: vec![c, c + 1],
                sum: 0,
            })
            .collect();
        // A 4×4 killer with every row cut into two cages of two: r1c1+r1c2 = 3 ({1,2}), ...
        let solution = [1u32, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
        for cage in &mut cages {
            cage.sum = cage.cells.iter().map(|&c| solution[c]).sum();
        }
        let g = Geometry::shaped(ShapeSpec {
            size: 4,
            cages,
            ..ShapeSpec::default()
        })
        .expect("a valid killer");
        assert_eq!(g.variant(), Variant::Killer);
        assert_eq!(g.houses().len(), 12, "cages are no houses");
        assert_eq!(g.cages().len(), 8);
        assert_eq!(g.cage_of(1), Some(0));
        assert_eq!(g.cages()[0].sum, 3);
        assert_eq!(g.spec().cages.len(), 8);
    }
}
