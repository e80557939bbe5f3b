//! The AVX2 and AVX-512 builds of the triad solver, chosen at run time: a box's 4×4 matrix is
//! one 256-bit register, so every box operation is one instruction where the SSE build needs
//! two. The AVX-512 build (VL, BW, BITALG: 256-bit registers still) is the same code compiled
//! for more instructions — three-input logic and compares into mask registers, which the
//! compiler picks — with popcounts in one instruction instead of a table; on a CPU with them it
//! solves 5–15% faster (README, "Benchmarks").
//!
//! The workspace compiles for x86-64-v2 (SSE4.2), which every x86-64 CPU of the last fifteen
//! years runs; AVX2 and AVX-512 are newer, so they cannot be assumed at compile time. Instead
//! the solver is stamped out twice more here with `#[target_feature(enable = ...)]` on every
//! function (see [`super::solver::triad_solver!`]), and [`count_givens`] /
//! [`count_candidates`] call a build only after `is_x86_feature_detected!` said the CPU has
//! its features.
//!
//! This module holds the solver's only `unsafe` code: the calls into the wide builds (a
//! `#[target_feature]` function may only be called where the feature is known to be present).
//! Everything else is safe: since Rust 1.87 the `core::arch` intrinsics used below are safe
//! to call inside functions that enable their target feature, which every method of
//! [`Avx2Matrix`] and [`Avx512Matrix`] does.

use core::arch::x86_64::{
    __m256i, _mm_or_si128, _mm256_add_epi8, _mm256_and_si256, _mm256_andnot_si256,
    _mm256_broadcastsi128_si256, _mm256_castsi256_si128, _mm256_cmpeq_epi16, _mm256_cmpgt_epi16,
    _mm256_extracti128_si256, _mm256_maddubs_epi16, _mm256_or_si256, _mm256_permute4x64_epi64,
    _mm256_popcnt_epi16, _mm256_set1_epi8, _mm256_set1_epi16, _mm256_setzero_si256,
    _mm256_shuffle_epi8, _mm256_shuffle_epi32, _mm256_srli_epi16, _mm256_testc_si256,
    _mm256_testz_si256,
};
use std::sync::OnceLock;

use safe_arch::{m128i, m256i};

use super::lanes::{HalfShuffles, Sse};
use super::matrix::{GATHER_TRIADS, ROTATE_ROW_1, ROTATE_ROW_2};

/// Set bits of each nibble value 0..16, twice (one table per 128-bit half for `vpshufb`).
const NIBBLE_POPCOUNT: [u8; 32] = [
    0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4, 0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4,
];

/// `vpermq` order that moves every row of the matrix two rows down (rows 2, 3, 0, 1).
const ROWS_PLUS_2: i32 = 0b01_00_11_10;
/// `vpshufd` order that swaps the two rows inside each 128-bit half (rows 1, 0, 3, 2).
const SWAP_ROW_PAIRS: i32 = 0b01_00_11_10;

/// Stamps out a box matrix in one 256-bit register, every method compiled for `$features`, its
/// per-lane popcounts by the function `$popcounts` (one compiled for those features or fewer).
macro_rules! wide_matrix {
    ($(#[$doc:meta])* $name:ident, $features:literal, $popcounts:ident) => {
        $(#[$doc])*
#[derive(Clone, Copy)]
pub struct $name(__m256i);

impl $name {
    /// Needs no AVX2: this is a plain reinterpretation of the 32 bytes.
    #[inline(always)]
    pub fn from_array(lanes: [u16; 16]) -> Self {
        $name(m256i::from(lanes).0)
    }
    /// Needs no AVX2 either.
    #[inline(always)]
    pub fn to_array(self) -> [u16; 16] {
        <[u16; 16]>::from(m256i(self.0))
    }
    #[target_feature(enable = $features)]
    #[inline]
    pub fn splat(x: u16) -> Self {
        $name(_mm256_set1_epi16(x as i16))
    }
    #[target_feature(enable = $features)]
    #[inline]
    pub fn broadcast(half: Sse) -> Self {
        $name(_mm256_broadcastsi128_si256(half.0.0))
    }
    #[target_feature(enable = $features)]
    #[inline]
    pub fn halves(self) -> (Sse, Sse) {
        (
            Sse(m128i(_mm256_castsi256_si128(self.0))),
            Sse(m128i(_mm256_extracti128_si256::<1>(self.0))),
        )
    }
    #[target_feature(enable = $features)]
    #[inline]
    pub fn and(self, o: Self) -> Self {
        $name(_mm256_and_si256(self.0, o.0))
    }
    #[target_feature(enable = $features)]
    #[inline]
    pub fn or(self, o: Self) -> Self {
        $name(_mm256_or_si256(self.0, o.0))
    }
    /// `self & !o`.
    #[target_feature(enable = $features)]
    #[inline]
    pub fn and_not(self, o: Self) -> Self {
        $name(_mm256_andnot_si256(o.0, self.0))
    }
    #[target_feature(enable = $features)]
    #[inline]
    pub fn intersects(self, o: Self) -> bool {
        _mm256_testz_si256(self.0, o.0) == 0
    }
    #[target_feature(enable = $features)]
    #[inline]
    pub fn is_subset_of(self, o: Self) -> bool {
        // vptest's carry flag: no bit of `self` outside `o`.
        _mm256_testc_si256(o.0, self.0) != 0
    }
    #[target_feature(enable = $features)]
    #[inline]
    pub fn popcounts(self) -> Self {
        $name($popcounts(self.0))
    }
    /// Whether some lane is below the same lane of `o` (values < 2^15).
    #[target_feature(enable = $features)]
    #[inline]
    pub fn any_lt(self, o: Self) -> bool {
        let lt = _mm256_cmpgt_epi16(o.0, self.0);
        _mm256_testz_si256(lt, lt) == 0
    }
    #[target_feature(enable = $features)]
    #[inline]
    pub fn eq_mask(self, o: Self) -> Self {
        $name(_mm256_cmpeq_epi16(self.0, o.0))
    }
    #[target_feature(enable = $features)]
    #[inline]
    pub fn nonzero_mask(self) -> Self {
        let is_zero = _mm256_cmpeq_epi16(self.0, _mm256_setzero_si256());
        $name(_mm256_andnot_si256(is_zero, _mm256_set1_epi16(-1)))
    }
    /// Each 128-bit half shuffled by its own control.
    #[target_feature(enable = $features)]
    #[inline]
    pub fn shuffle_halves(self, control: &HalfShuffles) -> Self {
        $name(_mm256_shuffle_epi8(self.0, m256i::from(control.bytes).0))
    }
    #[target_feature(enable = $features)]
    #[inline]
    fn rotate_in_rows(self, bytes: [u8; 32]) -> Self {
        $name(_mm256_shuffle_epi8(self.0, m256i::from(bytes).0))
    }
    /// Rows moved two down (rows 2, 3, 0, 1): the other half.
    #[target_feature(enable = $features)]
    #[inline]
    fn rows_plus_2(self) -> Self {
        $name(_mm256_permute4x64_epi64::<ROWS_PLUS_2>(self.0))
    }
    /// Rows swapped in pairs (rows 1, 0, 3, 2), inside each half.
    #[target_feature(enable = $features)]
    #[inline]
    fn swap_row_pairs(self) -> Self {
        $name(_mm256_shuffle_epi32::<SWAP_ROW_PAIRS>(self.0))
    }
    /// The union of each row, in every lane of that row.
    #[target_feature(enable = $features)]
    #[inline]
    pub fn row_unions(self) -> Self {
        let t = self.or(self.rotate_in_rows(ROTATE_ROW_2.bytes_twice));
        t.or(t.rotate_in_rows(ROTATE_ROW_1.bytes_twice))
    }
    /// The union of each column, in every lane of that column.
    #[target_feature(enable = $features)]
    #[inline]
    pub fn column_unions(self) -> Self {
        let t = self.or(self.swap_row_pairs());
        t.or(t.rows_plus_2())
    }
    /// The digits that occur in exactly one entry of their row, in that entry.
    #[target_feature(enable = $features)]
    #[inline]
    pub fn unique_in_rows(self) -> Self {
        let other = self.rotate_in_rows(ROTATE_ROW_2.bytes_twice);
        let (one, two) = (self.or(other), self.and(other));
        let twice = two
            .or(two.rotate_in_rows(ROTATE_ROW_1.bytes_twice))
            .or(one.and(one.rotate_in_rows(ROTATE_ROW_1.bytes_twice)));
        self.and_not(twice)
    }
    /// The digits that occur in exactly one entry of their column, in that entry.
    #[target_feature(enable = $features)]
    #[inline]
    pub fn unique_in_columns(self) -> Self {
        let other = self.rows_plus_2();
        let (one, two) = (self.or(other), self.and(other));
        let twice = two
            .or(two.swap_row_pairs())
            .or(one.and(one.swap_row_pairs()));
        self.and_not(twice)
    }
    /// The six negative triads in lanes 0–5 of one vector.
    #[target_feature(enable = $features)]
    #[inline]
    pub fn gather_triads(self) -> Sse {
        let g = self.shuffle_halves(&GATHER_TRIADS).0;
        Sse(m128i(_mm_or_si128(
            _mm256_castsi256_si128(g),
            _mm256_extracti128_si256::<1>(g),
        )))
    }
}

    };
}

/// Set bits of each 16-bit lane, by table: each nibble's count looked up with `vpshufb`, the
/// four summed (AVX2 has no 16-bit popcount).
#[target_feature(enable = "avx2")]
#[inline]
fn popcounts_by_table(x: __m256i) -> __m256i {
    let table = m256i::from(NIBBLE_POPCOUNT).0;
    let nibbles = _mm256_set1_epi8(0x0F);
    let low = _mm256_and_si256(x, nibbles);
    let high = _mm256_and_si256(_mm256_srli_epi16::<4>(x), nibbles);
    let per_byte = _mm256_add_epi8(
        _mm256_shuffle_epi8(table, low),
        _mm256_shuffle_epi8(table, high),
    );
    // Sum the two byte counts of each 16-bit lane (multiply by 1 and add pairs).
    _mm256_maddubs_epi16(per_byte, _mm256_set1_epi8(1))
}

/// Set bits of each 16-bit lane in one instruction (`vpopcntw`, AVX-512 BITALG on 256 bits).
#[target_feature(enable = "avx2,avx512f,avx512vl,avx512bw,avx512bitalg")]
#[inline]
fn popcounts_by_instruction(x: __m256i) -> __m256i {
    _mm256_popcnt_epi16(x)
}

wide_matrix!(
    /// A box's 4×4 matrix of digit sets in one AVX2 register (lane `4i + j` = entry `(i, j)`,
    /// so each 64-bit quarter is one matrix row). The same methods, with the same meaning, as
    /// [`super::matrix::Pair`].
    Avx2Matrix,
    "avx2",
    popcounts_by_table
);

wide_matrix!(
    /// [`Avx2Matrix`] compiled for AVX-512 (VL, BW, BITALG): the same instructions on 256 bits,
    /// which the compiler may now fuse (three-input logic, compares into mask registers), and
    /// popcounts in one instruction.
    Avx512Matrix,
    "avx2,avx512f,avx512vl,avx512bw,avx512bitalg",
    popcounts_by_instruction
);

/// The solver over [`Avx2Matrix`] boxes and SSE bands, every function compiled for AVX2.
mod build {
    type V = super::Sse;
    type M = super::Avx2Matrix;
    super::super::solver::triad_solver!(#[target_feature(enable = "avx2")]);
}

/// The solver over [`Avx512Matrix`] boxes and SSE bands, every function compiled for AVX-512.
mod build512 {
    type V = super::Sse;
    type M = super::Avx512Matrix;
    super::super::solver::triad_solver!(
        #[target_feature(enable = "avx2,avx512f,avx512vl,avx512bw,avx512bitalg")]
    );
}

/// Which of the two wide builds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Width {
    Avx2,
    Avx512,
}

/// Whether this CPU runs that build (asked once per build; `is_x86_feature_detected!` caches
/// its answers anyway, the `OnceLock`s keep them in one place for [`count_givens`] and
/// [`count_candidates`]).
pub fn available(width: Width) -> bool {
    static AVX2: OnceLock<bool> = OnceLock::new();
    static AVX512: OnceLock<bool> = OnceLock::new();
    match width {
        Width::Avx2 => *AVX2.get_or_init(|| std::arch::is_x86_feature_detected!("avx2")),
        Width::Avx512 => *AVX512.get_or_init(|| {
            std::arch::is_x86_feature_detected!("avx2")
                && std::arch::is_x86_feature_detected!("avx512f")
                && std::arch::is_x86_feature_detected!("avx512vl")
                && std::arch::is_x86_feature_detected!("avx512bw")
                && std::arch::is_x86_feature_detected!("avx512bitalg")
        }),
    }
}

/// A wide build's count of a puzzle's givens, or `None` when the CPU cannot run it.
#[inline]
pub fn count_givens(
    width: Width,
    givens: &[u8; 81],
    limit: usize,
    solution: &mut [u8; 81],
) -> Option<(usize, u64)> {
    if !available(width) {
        return None;
    }
    // SAFETY: `build::count_givens` and `build512::count_givens` are `#[target_feature]`
    // functions (AVX2; AVX2 and AVX-512 F/VL/BW/BITALG), sound to call exactly when the CPU has
    // those features; `available(width)` just confirmed each of them with
    // `is_x86_feature_detected!`. They take only references and return plain data.
    Some(unsafe {
        match width {
            Width::Avx2 => build::count_givens(givens, limit, solution),
            Width::Avx512 => build512::count_givens(givens, limit, solution),
        }
    })
}

/// A wide build's count of pencil marks, or `None` when the CPU cannot run it.
#[inline]
pub fn count_candidates(
    width: Width,
    candidates: &[u16; 81],
    limit: usize,
    solution: &mut [u8; 81],
) -> Option<(usize, u64)> {
    if !available(width) {
        return None;
    }
    // SAFETY: as in `count_givens`: the build's features were detected on this CPU just above.
    Some(unsafe {
        match width {
            Width::Avx2 => build::count_candidates(candidates, limit, solution),
            Width::Avx512 => build512::count_candidates(candidates, limit, solution),
        }
    })
}

#[cfg(test)]
mod tests {
    use super::super::lanes::{Lanes, Portable};
    use super::super::matrix::Pair;
    use super::super::tables::{H_BOX, TRIADS_A};
    use super::*;

    /// A fixed pseudo-random stream of 16 9-bit lanes (with zeros and full sets mixed in).
    fn samples() -> Vec<[u16; 16]> {
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        (0..300)
            .map(|_| {
                std::array::from_fn(|_| {
                    x ^= x << 13;
                    x ^= x >> 7;
                    x ^= x << 17;
                    match (x >> 40) % 8 {
                        0 => 0,
                        1 => 0x1FF,
                        _ => (x & 0x1FF) as u16,
                    }
                })
            })
            .collect()
    }

    /// Stamps out a check that every matrix operation of a wide matrix gives what the portable
    /// [`Pair`] gives.
    macro_rules! check_against_portable {
        ($check:ident, $matrix:ident, $features:literal) => {
            #[target_feature(enable = $features)]
            fn $check() {
                type P = Pair<Portable>;
                let all = samples();
                for pair in all.windows(2) {
                    let (a, b) = (pair[0], pair[1]);
                    let (x, y) = ($matrix::from_array(a), $matrix::from_array(b));
                    let (p, q) = (P::from_array(a), P::from_array(b));
                    assert_eq!(x.to_array(), a);
                    assert_eq!(x.and(y).to_array(), p.and(q).to_array());
                    assert_eq!(x.or(y).to_array(), p.or(q).to_array());
                    assert_eq!(x.and_not(y).to_array(), p.and_not(q).to_array());
                    assert_eq!(x.intersects(y), p.intersects(q));
                    assert_eq!(x.is_subset_of(y), p.is_subset_of(q));
                    assert_eq!(x.and(y).is_subset_of(y), p.and(q).is_subset_of(q));
                    assert_eq!(x.popcounts().to_array(), p.popcounts().to_array());
                    assert_eq!(x.any_lt(y), p.any_lt(q));
                    assert_eq!(x.eq_mask(y).to_array(), p.eq_mask(q).to_array());
                    assert_eq!(x.nonzero_mask().to_array(), p.nonzero_mask().to_array());
                    assert_eq!(x.row_unions().to_array(), p.row_unions().to_array());
                    assert_eq!(x.column_unions().to_array(), p.column_unions().to_array());
                    assert_eq!(x.unique_in_rows().to_array(), p.unique_in_rows().to_array());
                    assert_eq!(
                        x.unique_in_columns().to_array(),
                        p.unique_in_columns().to_array()
                    );
                    assert_eq!(x.gather_triads().to_array(), p.gather_triads().to_array());
                    for control in [&TRIADS_A, &H_BOX[0], &H_BOX[1]] {
                        assert_eq!(
                            x.shuffle_halves(control).to_array(),
                            p.shuffle_halves(control).to_array()
                        );
                    }
                    let (lo, hi) = x.halves();
                    let (plo, phi) = p.halves();
                    assert_eq!(
                        (lo.to_array(), hi.to_array()),
                        (plo.to_array(), phi.to_array())
                    );
                    let half: [u16; 8] = std::array::from_fn(|i| a[i]);
                    assert_eq!(
                        $matrix::broadcast(Sse::from_array(half)).to_array(),
                        P::broadcast(Portable::from_array(half)).to_array()
                    );
                }
                assert_eq!($matrix::splat(0x1FF).to_array(), [0x1FF; 16]);
            }
        };
    }

    check_against_portable!(check_avx2, Avx2Matrix, "avx2");
    check_against_portable!(
        check_avx512,
        Avx512Matrix,
        "avx2,avx512f,avx512vl,avx512bw,avx512bitalg"
    );

    #[test]
    fn avx2_matrix_matches_the_portable_pair() {
        if !available(Width::Avx2) {
            eprintln!("skipping: this CPU has no AVX2");
            return;
        }
        // SAFETY: `check_avx2` enables AVX2, and `available` just detected it.
        unsafe { check_avx2() }
    }

    #[test]
    fn avx512_matrix_matches_the_portable_pair() {
        if !available(Width::Avx512) {
            eprintln!("skipping: this CPU has no AVX-512 VL/BW/BITALG");
            return;
        }
        // SAFETY: `check_avx512` enables those features, and `available` just detected them.
        unsafe { check_avx512() }
    }
}
