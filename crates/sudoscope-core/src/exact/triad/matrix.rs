//! A box's 4×4 matrix of digit sets (16 lanes of 16 bits) as a pair of 8-lane vectors: the
//! matrix type of the portable and SSE builds of the solver. (With AVX2 the matrix is one
//! 256-bit register instead, [`super::avx2::Avx2Matrix`], with the same methods.)
//!
//! Lane `4i + j` is matrix entry `(i, j)`: `lo` holds rows 0 and 1, `hi` rows 2 and 3. The
//! methods are the matrix operations the solver is written in — whole-row and whole-column
//! unions and "exactly once" tests, not lane shuffles — so each implementation can do them
//! its cheapest way.

use super::lanes::{HalfShuffles, Lanes, Shuffle, Z};

/// Rotations inside each 4-lane row of an 8-lane half: by one and by two lanes.
pub const ROTATE_ROW_1: Shuffle = Shuffle::new([1, 2, 3, 0, 5, 6, 7, 4]);
pub const ROTATE_ROW_2: Shuffle = Shuffle::new([2, 3, 0, 1, 6, 7, 4, 5]);

/// Gathers the negative triads of a matrix into lanes `[h0, h1, h2, v0, v1, v2]` of one
/// 8-lane vector: the horizontal ones from lane 3 of rows 0–2 (lanes 3, 7, 11), the vertical
/// ones from row 3 (lanes 12–14). Or the two shuffled halves together.
pub const GATHER_TRIADS: HalfShuffles =
    HalfShuffles::new([3, 7, Z, Z, Z, Z, Z, Z], [Z, Z, 3, 4, 5, 6, Z, Z]);

/// A 4×4 matrix as two 8-lane vectors (rows 0–1, rows 2–3).
#[derive(Clone, Copy)]
pub struct Pair<V> {
    lo: V,
    hi: V,
}

impl<V: Lanes> Pair<V> {
    #[inline(always)]
    pub fn from_array(lanes: [u16; 16]) -> Self {
        let [a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p] = lanes;
        Pair {
            lo: V::from_array([a, b, c, d, e, f, g, h]),
            hi: V::from_array([i, j, k, l, m, n, o, p]),
        }
    }
    #[inline(always)]
    pub fn to_array(self) -> [u16; 16] {
        let (lo, hi) = (self.lo.to_array(), self.hi.to_array());
        let mut lanes = [0u16; 16];
        lanes[..8].copy_from_slice(&lo);
        lanes[8..].copy_from_slice(&hi);
        lanes
    }
    #[inline(always)]
    pub fn splat(x: u16) -> Self {
        Pair {
            lo: V::splat(x),
            hi: V::splat(x),
        }
    }
    /// The same 8 lanes in both halves.
    #[inline(always)]
    pub fn broadcast(half: V) -> Self {
        Pair { lo: half, hi: half }
    }
    /// Lanes 0–7 and lanes 8–15.
    #[inline(always)]
    pub fn halves(self) -> (V, V) {
        (self.lo, self.hi)
    }
    #[inline(always)]
    pub fn and(self, o: Self) -> Self {
        Pair {
            lo: self.lo.and(o.lo),
            hi: self.hi.and(o.hi),
        }
    }
    #[inline(always)]
    pub fn or(self, o: Self) -> Self {
        Pair {
            lo: self.lo.or(o.lo),
            hi: self.hi.or(o.hi),
        }
    }
    /// `self & !o`.
    #[inline(always)]
    pub fn and_not(self, o: Self) -> Self {
        Pair {
            lo: self.lo.and_not(o.lo),
            hi: self.hi.and_not(o.hi),
        }
    }
    #[inline(always)]
    pub fn intersects(self, o: Self) -> bool {
        !self.lo.and(o.lo).or(self.hi.and(o.hi)).is_zero()
    }
    #[inline(always)]
    pub fn is_subset_of(self, o: Self) -> bool {
        self.lo.and_not(o.lo).or(self.hi.and_not(o.hi)).is_zero()
    }
    #[inline(always)]
    pub fn popcounts(self) -> Self {
        Pair {
            lo: self.lo.popcounts(),
            hi: self.hi.popcounts(),
        }
    }
    /// Whether some lane is below the same lane of `o` (values < 2^15).
    #[inline(always)]
    pub fn any_lt(self, o: Self) -> bool {
        self.lo.any_lt(o.lo) || self.hi.any_lt(o.hi)
    }
    #[inline(always)]
    pub fn eq_mask(self, o: Self) -> Self {
        Pair {
            lo: self.lo.eq_mask(o.lo),
            hi: self.hi.eq_mask(o.hi),
        }
    }
    #[inline(always)]
    pub fn nonzero_mask(self) -> Self {
        Pair {
            lo: self.lo.nonzero_mask(),
            hi: self.hi.nonzero_mask(),
        }
    }
    /// Each half shuffled by its own control (lanes move only within their half).
    #[inline(always)]
    pub fn shuffle_halves(self, control: &HalfShuffles) -> Self {
        Pair {
            lo: self.lo.shuffle(&control.lo),
            hi: self.hi.shuffle(&control.hi),
        }
    }
    /// The union of each row, in every lane of that row.
    #[inline(always)]
    pub fn row_unions(self) -> Self {
        let union = |x: V| {
            let t = x.or(x.shuffle(&ROTATE_ROW_2));
            t.or(t.shuffle(&ROTATE_ROW_1))
        };
        Pair {
            lo: union(self.lo),
            hi: union(self.hi),
        }
    }
    /// The union of each column, in every lane of that column.
    #[inline(always)]
    pub fn column_unions(self) -> Self {
        let half = self.lo.or(self.hi);
        let all = half.or(V::join_halves(half, half));
        Pair { lo: all, hi: all }
    }
    /// The digits that occur in exactly one entry of their row, in that entry.
    #[inline(always)]
    pub fn unique_in_rows(self) -> Self {
        let twice = |h: V| {
            let other = h.shuffle(&ROTATE_ROW_2);
            let (one, two) = (h.or(other), h.and(other));
            two.or(two.shuffle(&ROTATE_ROW_1))
                .or(one.and(one.shuffle(&ROTATE_ROW_1)))
        };
        Pair {
            lo: self.lo.and_not(twice(self.lo)),
            hi: self.hi.and_not(twice(self.hi)),
        }
    }
    /// The digits that occur in exactly one entry of their column, in that entry.
    #[inline(always)]
    pub fn unique_in_columns(self) -> Self {
        let (one, two) = (self.lo.or(self.hi), self.lo.and(self.hi));
        let twice = two
            .or(V::join_halves(two, two))
            .or(one.and(V::join_halves(one, one)));
        Pair {
            lo: self.lo.and_not(twice),
            hi: self.hi.and_not(twice),
        }
    }
    /// The six negative triads in lanes 0–5 of one vector (see [`GATHER_TRIADS`]).
    #[inline(always)]
    pub fn gather_triads(self) -> V {
        let g = self.shuffle_halves(&GATHER_TRIADS);
        g.lo.or(g.hi)
    }
}
