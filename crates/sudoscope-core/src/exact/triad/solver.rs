//! The triad solver's state, propagation and search.
//!
//! The propagation and the search are written once, in [`triad_solver!`], and stamped out per
//! vector implementation (portable, SSE, AVX2): a module that invokes the macro names its
//! 8-lane band type `V` and its 16-lane box matrix type `M`, and may add attributes to every
//! generated function. The AVX2 build needs that: `#[target_feature(enable = "avx2")]` has to
//! sit on each function of the recursion (box → band → box, and the search) for the 256-bit
//! instructions to be compiled into it, and a generic function cannot carry it for one type
//! only. The band-only parts (choosing a branch, reading off a solution) do not depend on the
//! matrix type and are plain generic functions here.

use super::lanes::Lanes;
use super::tables::{GIVEN_CLEARS, OTHER_CONFIGS};

/// Every digit, as a 9-bit set.
pub const ALL: u16 = 0x1FF;
/// A full lane (the result of a lane comparison that holds).
pub const F: u16 = 0xFFFF;

/// The fewest digits each box-matrix entry can hold: a cell one, a negative triad six (a
/// minirow or minicolumn holds exactly three digits of the box, so six lie outside it); entry
/// `(3, 3)` takes no part.
pub const MINIMUMS: [u16; 16] = [1, 1, 1, 6, 1, 1, 1, 6, 1, 1, 1, 6, 6, 6, 6, 0];
/// The nine cells of a box matrix.
pub const CELLS: [u16; 16] = [F, F, F, 0, F, F, F, 0, F, F, F, 0, 0, 0, 0, 0];
/// The horizontal negative triads (lane 3 of rows 0–2).
pub const H_TRIADS: [u16; 16] = [0, 0, 0, F, 0, 0, 0, F, 0, 0, 0, F, 0, 0, 0, 0];
/// The vertical negative triads (row 3, lanes 0–2).
pub const V_TRIADS: [u16; 16] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, F, F, F, 0];

/// One band (three boxes in a row, or in a column) as the configurations each digit may still
/// take there: lane `k < 6` holds the digits for which [`CONFIG`]`[k]` is possible. `elims`
/// collects configurations ruled out by the band's boxes until the band applies them.
#[derive(Clone, Copy)]
pub struct Band<V> {
    pub configs: V,
    pub elims: V,
}

impl<V: Lanes> Band<V> {
    pub fn open() -> Self {
        Band {
            configs: V::from_array([ALL, ALL, ALL, ALL, ALL, ALL, 0, 0]),
            elims: V::zero(),
        }
    }
}

/// Where the search stands after propagation.
pub enum Choice {
    /// No band has a digit with two configurations left: a candidate solution.
    Settled,
    /// Some digit has no configuration left in some band.
    Dead,
    /// Branch on `digit` (a bit) of band `[orientation][band]`, whose configurations are
    /// `configs`.
    Branch {
        orientation: usize,
        band: usize,
        digit: u16,
        configs: [u16; 8],
    },
}

/// The band to branch on (fewest configurations left among those not settled) and, in it,
/// a digit with the fewest configurations (two when there is one).
pub fn choose<V: Lanes>(bands: &[[Band<V>; 3]; 2]) -> Choice {
    let mut best: Option<(u32, usize, usize)> = None;
    for (o, bands) in bands.iter().enumerate() {
        for (b, band) in bands.iter().enumerate() {
            let [w0, w1] = band.configs.to_u64s();
            let n = w0.count_ones() + w1.count_ones();
            if n < 9 {
                return Choice::Dead;
            }
            if n > 9 && best.is_none_or(|(bn, _, _)| n < bn) {
                best = Some((n, o, b));
            }
        }
    }
    let Some((_, o, b)) = best else {
        return Choice::Settled;
    };
    let configs = bands[o % 2][b % 3].configs.to_array();
    let (mut one, mut two, mut three, mut four) = (0u16, 0u16, 0u16, 0u16);
    for &c in &configs[..6] {
        four |= three & c;
        three |= two & c;
        two |= one & c;
        one |= c;
    }
    let pick = [two & !three, three & !four, four]
        .into_iter()
        .find(|&s| s != 0)
        .unwrap_or(0);
    Choice::Branch {
        orientation: o,
        band: b,
        digit: pick & pick.wrapping_neg(),
        configs,
    }
}

/// The eliminations of a branch on `digit` with configurations `configs`: (try the first
/// configuration: drop the others; try the rest: drop the first).
pub fn branch_elims(configs: &[u16; 8], digit: u16) -> ([u16; 8], [u16; 8]) {
    let mut first = [0u16; 8];
    let mut rest = [0u16; 8];
    let mut found = false;
    for k in 0..6 {
        if configs[k] & digit != 0 {
            if found {
                first[k] = digit; // dropped when trying the first one
            } else {
                rest[k] = digit; // dropped when trying the rest
                found = true;
            }
        }
    }
    (first, rest)
}

/// The grid a settled state's box matrices stand for, checked as a sudoku solution: every
/// cell holds exactly one digit, one that `allowed` allows, and every row, column and box
/// holds all nine digits. Returns false (with `out` partly written) when it is not one.
///
/// Once every band has settled, each digit has one minirow and one minicolumn left in every
/// box, and the propagation has restricted the box's cells to them, so a true solution shows
/// here as nine single digits per box. The propagation skips some checks for speed (it does
/// not test that a row of a box matrix still holds every digit, for one), so a state whose
/// bands look settled may still hide a contradiction; checking the grid itself means such a
/// state is never counted.
pub fn settled_grid(boxes: &[[u16; 16]; 9], allowed: &[u16; 81], out: &mut [u8; 81]) -> bool {
    let mut rows = [0u16; 9];
    let mut columns = [0u16; 9];
    for (b, lanes) in boxes.iter().enumerate() {
        let (bi, bj) = (b / 3, b % 3);
        let mut in_box = 0u16;
        for i in 0..3 {
            for j in 0..3 {
                let digits = lanes[i * 4 + j];
                let (row, col) = (bi * 3 + i, bj * 3 + j);
                let pos = row * 9 + col;
                if digits.count_ones() != 1 || digits & !allowed[pos] != 0 {
                    return false;
                }
                in_box |= digits;
                rows[row] |= digits;
                columns[col] |= digits;
                out[pos] = digits.trailing_zeros() as u8 + 1;
            }
        }
        if in_box != ALL {
            return false;
        }
    }
    rows.iter().chain(&columns).all(|&seen| seen == ALL)
}

/// The box matrices and band eliminations of a puzzle's givens (`0` empty, `1..=9` a digit),
/// before propagation, with the digits each cell allows; `None` when two givens of a box are
/// the same digit or a value is above 9.
#[allow(clippy::type_complexity)]
pub fn givens_to_lanes(
    givens: &[u8; 81],
) -> Option<([[u16; 16]; 9], [[[u16; 8]; 3]; 2], [u16; 81])> {
    let mut boxes = [[ALL; 16]; 9];
    let mut elims = [[[0u16; 8]; 3]; 2];
    let mut allowed = [ALL; 81];
    for (pos, &value) in givens.iter().enumerate() {
        if value == 0 {
            continue;
        }
        if value > 9 {
            return None;
        }
        let bit = 1u16 << (value - 1);
        let (row, col) = (pos / 9, pos % 9);
        let (bi, bj, ei, ej) = (row / 3, col / 3, row % 3, col % 3);
        let matrix = &mut boxes[bi * 3 + bj];
        let entry = ei * 4 + ej;
        if matrix[entry] & bit == 0 {
            return None; // the same digit already given in this box
        }
        // In the box: the digit leaves the other cells and the two negative triads through
        // the cell; the cell keeps only the digit.
        for (lane, clear) in matrix.iter_mut().zip(&GIVEN_CLEARS[entry]) {
            *lane &= !(clear & bit);
        }
        matrix[entry] = bit;
        // In the two bands: the configurations placing the digit elsewhere in this box.
        for (e, drop) in elims[0][bi].iter_mut().zip(&OTHER_CONFIGS[bj][ei]) {
            *e |= drop & bit;
        }
        for (e, drop) in elims[1][bj].iter_mut().zip(&OTHER_CONFIGS[bi][ej]) {
            *e |= drop & bit;
        }
        allowed[pos] = bit;
    }
    Some((boxes, elims, allowed))
}

/// Pencil marks (bit `d` of `marks[i]`: digit `d + 1` possible in cell `i`) as the nine box
/// matrices they allow (negative triads unconstrained), with the digits each cell allows.
pub fn candidates_to_lanes(marks: &[u16; 81]) -> ([[u16; 16]; 9], [u16; 81]) {
    let allowed = marks.map(|m| m & ALL);
    let mut boxes = [[ALL; 16]; 9];
    for (b, lanes) in boxes.iter_mut().enumerate() {
        let (bi, bj) = (b / 3, b % 3);
        for i in 0..3 {
            for j in 0..3 {
                lanes[i * 4 + j] = allowed[(bi * 3 + i) * 9 + bj * 3 + j];
            }
        }
    }
    (boxes, allowed)
}

/// The propagation and search, stamped out for one vector implementation: the invoking
/// module defines the band type `V` (implementing [`Lanes`]) and the box matrix type `M`
/// (with the methods of [`super::matrix::Pair`]); the optional attributes go on every
/// generated function. Generates `count_givens` and `count_candidates`, each returning
/// (solutions found up to the limit, branches tried).
macro_rules! triad_solver {
    ($(#[$attr:meta])*) => {
        use $crate::exact::triad::lanes::Lanes as _;
        use $crate::exact::triad::solver::{
            branch_elims, candidates_to_lanes, choose, givens_to_lanes, settled_grid, Band,
            Choice, ALL, CELLS, H_TRIADS, MINIMUMS, V_TRIADS,
        };
        use $crate::exact::triad::tables::*;

        /// The whole search state: six bands (`[0]` horizontal, `[1]` vertical) and nine box
        /// matrices (see the parent module for both layouts). `Copy`, and copied once per
        /// guess.
        #[derive(Clone, Copy)]
        pub(super) struct State {
            bands: [[Band<V>; 3]; 2],
            boxes: [M; 9],
        }

        impl State {
            $(#[$attr])*
            fn from_givens(givens: &[u8; 81]) -> Option<(Self, [u16; 81])> {
                let (boxes, elims, allowed) = givens_to_lanes(givens)?;
                let mut state = State {
                    bands: [[Band::open(); 3]; 2],
                    boxes: boxes.map(M::from_array),
                };
                for (bands, e) in state.bands.iter_mut().zip(&elims) {
                    for (band, e) in bands.iter_mut().zip(e) {
                        band.elims = V::from_array(*e);
                    }
                }
                let ok = state.band_eliminate(0, 0, 1)
                    && state.band_eliminate(1, 0, 1)
                    && state.band_eliminate(0, 1, 2)
                    && state.band_eliminate(1, 1, 2)
                    && state.band_eliminate(0, 2, 0)
                    && state.band_eliminate(1, 2, 0);
                ok.then_some((state, allowed))
            }

            $(#[$attr])*
            fn from_candidates(marks: &[u16; 81]) -> Option<(Self, [u16; 81])> {
                let (boxes, allowed) = candidates_to_lanes(marks);
                let mut state = State {
                    bands: [[Band::open(); 3]; 2],
                    boxes: [M::splat(ALL); 9],
                };
                for (b, lanes) in boxes.iter().enumerate() {
                    if !state.box_restrict(b, M::from_array(*lanes), false) {
                        return None;
                    }
                }
                Some((state, allowed))
            }

            /// Keeps in box `b` only what `allowed` allows, then draws every consequence
            /// inside the box (naked singles; hidden singles in its rows, columns and
            /// minirow/minicolumn clauses; minirows and minicolumns forced to hold or to lack
            /// a digit) and passes what concerns the box's two bands on to them. Returns
            /// false on a contradiction.
            $(#[$attr])*
            fn box_restrict(&mut self, b: usize, allowed: M, from_vertical: bool) -> bool {
                let mut cells = self.boxes[b % 9];
                if cells.is_subset_of(allowed) {
                    return true;
                }
                let (bi, bj) = (b / 3 % 3, b % 3);
                let mut elims = cells.and_not(allowed);
                let mins = M::from_array(MINIMUMS);
                let assertions = loop {
                    cells = cells.and_not(elims);
                    let counts = cells.popcounts();
                    if counts.any_lt(mins) {
                        return false;
                    }
                    // Entries at their minimum hold exactly what they have left (a naked
                    // single, or the six digits that lie outside a minirow).
                    let at_minimum = cells.and(counts.eq_mask(mins));
                    let assertions = at_minimum
                        .or(cells.unique_in_rows())
                        .or(cells.unique_in_columns());
                    elims = elims.or(assertions_to_box_elims(assertions));
                    if !elims.intersects(cells) {
                        break assertions;
                    }
                };
                self.boxes[b % 9] = cells;
                // What the box asserted only grows from one round to the next (a single stays
                // single, a digit alone in a row stays alone, or the box is contradictory and
                // the search will find out), so the bands hear the last round's assertions.
                let (h_elims, v_elims) = assertions_to_band_elims(assertions, bi, bj);
                let h = &mut self.bands[0][bi].elims;
                *h = h.or(h_elims);
                let v = &mut self.bands[1][bj].elims;
                *v = v.or(v_elims);
                // Answer the band the message came from last.
                if from_vertical {
                    self.band_eliminate(0, bi, bj) && self.band_eliminate(1, bj, bi)
                } else {
                    self.band_eliminate(1, bj, bi) && self.band_eliminate(0, bi, bj)
                }
            }

            /// Applies band `[o][b]`'s pending eliminations, then the triad rule (a minirow of
            /// a box left with exactly three possible digits holds those three), and restricts
            /// the band's three boxes to what the remaining configurations allow, box `from`
            /// last. Returns false on a contradiction.
            $(#[$attr])*
            fn band_eliminate(&mut self, o: usize, b: usize, from: usize) -> bool {
                let band = &mut self.bands[o % 2][b % 3];
                if !band.configs.intersects(band.elims) {
                    return true;
                }
                let mut configs = band.configs.and_not(band.elims);
                let triads = triads_of(configs);
                let full = triads.and(triads.popcounts().eq_mask(M::splat(3)));
                let (full_lo, full_hi) = full.halves();
                let mut drop = V::zero();
                for (p, source) in [full_lo, full_lo, full_hi].into_iter().enumerate() {
                    let [s1, s2] = &TRIAD_TO_OTHER_CONFIGS[p];
                    drop = drop.or(source.shuffle(s1)).or(source.shuffle(s2));
                }
                configs = configs.and_not(drop);
                band.configs = configs;

                let (lo, hi) = triads_of(configs).halves();
                let every = V::from_array([0, 0, 0, ALL, 0, 0, 0, 0]);
                let per_peer = [lo.or(every), lo.upper_half_down().or(every), hi.or(every)];
                let to_box = if o == 0 { &H_BOX } else { &V_BOX };
                for p in [(from + 1) % 3, (from + 2) % 3, from % 3] {
                    let t = M::broadcast(per_peer[p]);
                    let allowed = t.shuffle_halves(&to_box[0]).or(t.shuffle_halves(&to_box[1]));
                    let box_index = if o == 0 { b * 3 + p } else { p * 3 + b };
                    if !self.box_restrict(box_index, allowed, o == 1) {
                        return false;
                    }
                }
                true
            }
        }

        /// Configurations → the band's triad matrix (see [`TRIADS_A`]).
        $(#[$attr])*
        #[inline]
        fn triads_of(configs: V) -> M {
            let c = M::broadcast(configs);
            c.shuffle_halves(&TRIADS_A).or(c.shuffle_halves(&TRIADS_B))
        }

        /// The digits asserted in a box (a cell keeping one digit, a negative triad keeping
        /// its six) → the box's own eliminations: an asserted cell keeps only its digit, which
        /// leaves the other cells and the negative triads of its minirow and minicolumn.
        $(#[$attr])*
        #[inline]
        fn assertions_to_box_elims(assertions: M) -> M {
            let cells = assertions.and(M::from_array(CELLS));
            let rows = cells.row_unions();
            // Every digit asserted anywhere in the box leaves its other cells; an asserted
            // cell loses every other digit; the minirow and minicolumn through it lose the
            // digit from their negative triads.
            rows.column_unions()
                .and(M::from_array(CELLS))
                .or(asserted_inside(cells, rows))
                .or(cells.nonzero_mask())
                .and_not(cells)
        }

        /// Digits asserted inside each minirow (in its negative-triad lane) and each
        /// minicolumn (in its lane of row 3), from the asserted cells and their row unions.
        $(#[$attr])*
        #[inline]
        fn asserted_inside(cells: M, rows: M) -> M {
            rows.and(M::from_array(H_TRIADS))
                .or(cells.column_unions().and(M::from_array(V_TRIADS)))
        }

        /// The digits asserted in box `(bi, bj)` → eliminations for its two bands,
        /// (horizontal, vertical): a digit asserted in a minirow rules out the configurations
        /// placing it in another one of this box; a digit asserted outside a minirow, those
        /// placing it inside.
        $(#[$attr])*
        #[inline]
        fn assertions_to_band_elims(assertions: M, bi: usize, bj: usize) -> (V, V) {
            let cells = assertions.and(M::from_array(CELLS));
            // [h0, h1, h2, v0, v1, v2]: digits asserted to lie outside each
            // minirow/minicolumn, and digits asserted inside each.
            let outside = assertions.gather_triads();
            let inside = asserted_inside(cells, cells.row_unions()).gather_triads();
            let h = &GATHERED_TO_H_CONFIGS[bj % 3];
            let v = &GATHERED_TO_V_CONFIGS[bi % 3];
            (
                outside.shuffle(&h[0]).or(inside.shuffle(&h[1])).or(inside.shuffle(&h[2])),
                outside.shuffle(&v[0]).or(inside.shuffle(&v[1])).or(inside.shuffle(&v[2])),
            )
        }

        /// Depth-first counting of solutions up to a limit.
        struct Search<'a> {
            limit: usize,
            count: usize,
            /// Branches tried (each side of a guess counts once).
            nodes: u64,
            allowed: &'a [u16; 81],
            solution: &'a mut [u8; 81],
        }

        impl Search<'_> {
            $(#[$attr])*
            fn run(&mut self, state: &mut State) {
                loop {
                    match choose(&state.bands) {
                        Choice::Dead => return,
                        Choice::Settled => {
                            let mut grid = [0u8; 81];
                            if settled_grid(&state.boxes.map(M::to_array), self.allowed, &mut grid) {
                                if self.count == 0 {
                                    *self.solution = grid;
                                }
                                self.count += 1;
                            }
                            return;
                        }
                        Choice::Branch {
                            orientation: o,
                            band: b,
                            digit,
                            configs,
                        } => {
                            if digit == 0 {
                                return;
                            }
                            // The digit's configurations in this band: try the first, then
                            // the rest.
                            let (first, rest) = branch_elims(&configs, digit);
                            self.nodes += 1;
                            let mut child = *state;
                            let band = &mut child.bands[o % 2][b % 3];
                            band.elims = band.elims.or(V::from_array(first));
                            if child.band_eliminate(o, b, 0) {
                                self.run(&mut child);
                                if self.count >= self.limit {
                                    return;
                                }
                            }
                            self.nodes += 1;
                            let band = &mut state.bands[o % 2][b % 3];
                            band.elims = band.elims.or(V::from_array(rest));
                            if !state.band_eliminate(o, b, 0) {
                                return;
                            }
                        }
                    }
                }
            }
        }

        $(#[$attr])*
        fn search(
            start: Option<(State, [u16; 81])>,
            limit: usize,
            solution: &mut [u8; 81],
        ) -> (usize, u64) {
            let Some((mut state, allowed)) = start else {
                return (0, 0);
            };
            if limit == 0 {
                return (0, 0);
            }
            let mut search = Search {
                limit,
                count: 0,
                nodes: 0,
                allowed: &allowed,
                solution,
            };
            search.run(&mut state);
            (search.count, search.nodes)
        }

        /// Counts the solutions of a puzzle's givens up to `limit`: (found, branches).
        $(#[$attr])*
        pub(in $crate::exact::triad) fn count_givens(
            givens: &[u8; 81],
            limit: usize,
            solution: &mut [u8; 81],
        ) -> (usize, u64) {
            search(State::from_givens(givens), limit, solution)
        }

        /// Counts the solutions of pencil marks up to `limit`: (found, branches).
        $(#[$attr])*
        pub(in $crate::exact::triad) fn count_candidates(
            candidates: &[u16; 81],
            limit: usize,
            solution: &mut [u8; 81],
        ) -> (usize, u64) {
            search(State::from_candidates(candidates), limit, solution)
        }
    };
}

pub(super) use triad_solver;
