//! The triad solver's state, propagation and search, generic over the lane implementation.

use super::lanes::Lanes;
use super::tables::*;

/// Every digit, as a 9-bit set.
const ALL: u16 = 0x1FF;
/// A full lane (the result of a lane comparison that holds).
const F: u16 = 0xFFFF;

/// A box as a 4×4 matrix of digit sets in two vectors: `lo` holds matrix rows 0 and 1, `hi`
/// rows 2 and 3 (lane `4i + j` of the pair is entry `(i, j)`). Entries `(i, j)` with `i, j < 3`
/// are the cells; `(i, 3)` is the *horizontal negative triad* of minirow `i` (digits that may
/// lie outside that minirow in this box); `(3, j)` the vertical one of minicolumn `j`; `(3, 3)`
/// stays full and takes no part.
#[derive(Clone, Copy)]
pub(super) struct Quad<V> {
    lo: V,
    hi: V,
}

impl<V: Lanes> Quad<V> {
    #[inline(always)]
    fn new(lo: [u16; 8], hi: [u16; 8]) -> Self {
        Quad {
            lo: V::from_array(lo),
            hi: V::from_array(hi),
        }
    }
    #[inline(always)]
    fn and(self, o: Self) -> Self {
        Quad {
            lo: self.lo.and(o.lo),
            hi: self.hi.and(o.hi),
        }
    }
    #[inline(always)]
    fn or(self, o: Self) -> Self {
        Quad {
            lo: self.lo.or(o.lo),
            hi: self.hi.or(o.hi),
        }
    }
    #[inline(always)]
    fn and_not(self, o: Self) -> Self {
        Quad {
            lo: self.lo.and_not(o.lo),
            hi: self.hi.and_not(o.hi),
        }
    }
    #[inline(always)]
    fn intersects(self, o: Self) -> bool {
        !self.lo.and(o.lo).or(self.hi.and(o.hi)).is_zero()
    }
    #[inline(always)]
    fn is_subset_of(self, o: Self) -> bool {
        self.lo.and_not(o.lo).or(self.hi.and_not(o.hi)).is_zero()
    }
    #[inline(always)]
    fn popcounts(self) -> Self {
        Quad {
            lo: self.lo.popcounts(),
            hi: self.hi.popcounts(),
        }
    }
    #[inline(always)]
    fn any_lt(self, o: Self) -> bool {
        self.lo.any_lt(o.lo) || self.hi.any_lt(o.hi)
    }
    #[inline(always)]
    fn eq_mask(self, o: Self) -> Self {
        Quad {
            lo: self.lo.eq_mask(o.lo),
            hi: self.hi.eq_mask(o.hi),
        }
    }
    #[cfg(test)]
    fn lane(self, i: usize) -> u16 {
        let half = if i < 8 { self.lo } else { self.hi };
        half.to_array()[i % 8]
    }
}

/// The fewest digits each matrix entry can hold: a cell one, a negative triad six (a minirow
/// or minicolumn holds exactly three digits of the box, so six lie outside it).
#[inline(always)]
fn minimums<V: Lanes>() -> Quad<V> {
    Quad::new([1, 1, 1, 6, 1, 1, 1, 6], [1, 1, 1, 6, 6, 6, 6, 0])
}

#[inline(always)]
fn cell_mask<V: Lanes>() -> Quad<V> {
    Quad::new([F, F, F, 0, F, F, F, 0], [F, F, F, 0, 0, 0, 0, 0])
}

/// One band (three boxes in a row, or in a column) as the configurations each digit may still
/// take there: lane `k < 6` holds the digits for which [`CONFIG`]`[k]` is possible. `elims`
/// collects configurations ruled out by the band's boxes until the band applies them.
#[derive(Clone, Copy)]
struct Band<V> {
    configs: V,
    elims: V,
}

/// The whole search state: six bands (`[0]` horizontal, `[1]` vertical) and nine boxes.
/// `Copy`, and copied once per guess.
#[derive(Clone, Copy)]
pub(super) struct State<V> {
    bands: [[Band<V>; 3]; 2],
    boxes: [Quad<V>; 9],
}

/// Where the search stands after propagation.
enum Choice {
    /// No band has a digit with two configurations left: a candidate solution.
    Settled,
    /// Some digit has no configuration left in some band.
    Dead,
    /// Branch on `digit` (a bit) of band `[orientation][band]`, first config `first`.
    Branch {
        orientation: usize,
        band: usize,
        digit: u16,
        configs: [u16; 8],
    },
}

impl<V: Lanes> State<V> {
    fn empty() -> Self {
        let band = Band {
            configs: V::from_array([ALL, ALL, ALL, ALL, ALL, ALL, 0, 0]),
            elims: V::zero(),
        };
        State {
            bands: [[band; 3]; 2],
            boxes: [Quad::new([ALL; 8], [ALL; 8]); 9],
        }
    }

    /// The state of a puzzle's givens (`0` empty, `1..=9` a digit), propagated, with the
    /// digits each cell allows; `None` when the givens contradict each other or a value is
    /// above 9.
    pub(super) fn from_givens(givens: &[u8; 81]) -> Option<(Self, [u16; 81])> {
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
            if matrix[ei * 4 + ej] & bit == 0 {
                return None; // the same digit already given in this box
            }
            // In the box: the digit leaves the other cells and the two negative triads
            // through the cell; the cell keeps only the digit.
            for i in 0..3 {
                for j in 0..3 {
                    matrix[i * 4 + j] &= !bit;
                }
            }
            matrix[ei * 4 + ej] = bit;
            matrix[ei * 4 + 3] &= !bit;
            matrix[12 + ej] &= !bit;
            // In the two bands: the configurations placing the digit elsewhere in this box.
            for (k, config) in CONFIG.iter().enumerate() {
                if usize::from(config[bj]) != ei {
                    elims[0][bi][k] |= bit;
                }
                if usize::from(config[bi]) != ej {
                    elims[1][bj][k] |= bit;
                }
            }
            allowed[pos] = bit;
        }
        let mut state = State::empty();
        for (quad, m) in state.boxes.iter_mut().zip(&boxes) {
            let mut lo = [0u16; 8];
            let mut hi = [0u16; 8];
            lo.copy_from_slice(&m[..8]);
            hi.copy_from_slice(&m[8..]);
            *quad = Quad::new(lo, hi);
        }
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

    /// The state of pencil marks (bit `d` of `marks[i]`: digit `d + 1` possible in cell `i`),
    /// propagated; `None` on a contradiction.
    pub(super) fn from_candidates(marks: &[u16; 81]) -> Option<(Self, [u16; 81])> {
        let mut state = State::empty();
        let allowed = marks.map(|m| m & ALL);
        for b in 0..9 {
            let (bi, bj) = (b / 3, b % 3);
            let mut lanes = [ALL; 16];
            for i in 0..3 {
                for j in 0..3 {
                    lanes[i * 4 + j] = allowed[(bi * 3 + i) * 9 + bj * 3 + j];
                }
            }
            if !state.restrict_box_lanes(b, &lanes) {
                return None;
            }
        }
        Some((state, allowed))
    }

    fn restrict_box_lanes(&mut self, b: usize, lanes: &[u16; 16]) -> bool {
        let mut lo = [0u16; 8];
        let mut hi = [0u16; 8];
        lo.copy_from_slice(&lanes[..8]);
        hi.copy_from_slice(&lanes[8..]);
        self.box_restrict(b, Quad::new(lo, hi), false)
    }

    /// Keeps in box `b` only what `allowed` allows, then draws every consequence inside the
    /// box (naked singles; hidden singles in its rows, columns and minirow/minicolumn clauses;
    /// minirows and minicolumns forced to hold or to lack a digit) and passes what concerns
    /// the box's two bands on to them. Returns false on a contradiction.
    fn box_restrict(&mut self, b: usize, allowed: Quad<V>, from_vertical: bool) -> bool {
        let mut cells = self.boxes[b % 9];
        if cells.is_subset_of(allowed) {
            return true;
        }
        let (bi, bj) = (b / 3 % 3, b % 3);
        let mut elims = cells.and_not(allowed);
        let mut h_elims = V::zero();
        let mut v_elims = V::zero();
        let mins = minimums::<V>();
        loop {
            cells = cells.and_not(elims);
            let counts = cells.popcounts();
            if counts.any_lt(mins) {
                return false;
            }
            // Entries at their minimum hold exactly what they have left (a naked single, or
            // the six digits that lie outside a minirow).
            let at_minimum = cells.and(counts.eq_mask(mins));
            let assertions = at_minimum
                .or(unique_in_rows(cells))
                .or(unique_in_columns(cells));
            self.assertions_to_elims(assertions, bi, bj, &mut elims, &mut h_elims, &mut v_elims);
            if !elims.intersects(cells) {
                break;
            }
        }
        self.boxes[b % 9] = cells;
        let h = &mut self.bands[0][bi].elims;
        *h = h.or(h_elims);
        let v = &mut self.bands[1][bj].elims;
        *v = v.or(v_elims);
        // Answer the band the message came from last.
        let (first, second) = if from_vertical {
            ((0, bi, bj), (1, bj, bi))
        } else {
            ((1, bj, bi), (0, bi, bj))
        };
        self.band_eliminate(first.0, first.1, first.2)
            && self.band_eliminate(second.0, second.1, second.2)
    }

    /// Turns the digits asserted in box `(bi, bj)` into eliminations: inside the box (an
    /// asserted cell keeps only its digit, which leaves the other cells and the negative
    /// triads of its minirow and minicolumn) and in its two bands (a digit asserted in a
    /// minirow rules out the configurations placing it in another one of this box; a digit
    /// asserted outside a minirow, those placing it inside).
    #[inline(always)]
    fn assertions_to_elims(
        &self,
        assertions: Quad<V>,
        bi: usize,
        bj: usize,
        box_elims: &mut Quad<V>,
        h_elims: &mut V,
        v_elims: &mut V,
    ) {
        let cells = assertions.and(cell_mask());
        // The union of each row's asserted cells, in every lane of the row.
        let row_union = |x: V| {
            let t = x.or(x.shuffle(&ROTATE_ROW_2));
            t.or(t.shuffle(&ROTATE_ROW_1))
        };
        let rows = Quad {
            lo: row_union(cells.lo),
            hi: row_union(cells.hi),
        };
        // The union of each column's asserted cells (lanes 0–3 and again 4–7).
        let half = cells.lo.or(cells.hi);
        let columns = half.or(V::join_halves(half, half));
        // Every digit asserted anywhere in the box.
        let half = rows.lo.or(rows.hi);
        let anywhere = half.or(V::join_halves(half, half));
        let mask = cell_mask::<V>();
        let h_mask = V::from_array([0, 0, 0, F, 0, 0, 0, F]);
        let hi_h_v_mask = V::from_array([0, 0, 0, F, F, F, F, 0]);
        let new = Quad {
            lo: anywhere
                .and(mask.lo)
                .or(rows.lo.and(h_mask))
                .or(cells.lo.nonzero_mask()),
            hi: anywhere
                .and(mask.hi)
                .or(rows.hi.or(columns).and(hi_h_v_mask))
                .or(cells.hi.nonzero_mask()),
        }
        .and_not(cells);
        *box_elims = box_elims.or(new);

        // [h0, h1, h2, v0, v1, v2]: digits asserted to lie outside each minirow/minicolumn,
        // and digits asserted inside each.
        let outside = assertions
            .lo
            .shuffle(&GATHER_H_LO)
            .or(assertions.hi.shuffle(&GATHER_HV_HI));
        let inside = rows
            .lo
            .shuffle(&GATHER_H_LO)
            .or(rows.hi.shuffle(&GATHER_H_HI))
            .or(columns.shuffle(&GATHER_COLUMNS));
        let h = &GATHERED_TO_H_CONFIGS[bj % 3];
        *h_elims = h_elims
            .or(outside.shuffle(&h[0]))
            .or(inside.shuffle(&h[1]))
            .or(inside.shuffle(&h[2]));
        let v = &GATHERED_TO_V_CONFIGS[bi % 3];
        *v_elims = v_elims
            .or(outside.shuffle(&v[0]))
            .or(inside.shuffle(&v[1]))
            .or(inside.shuffle(&v[2]));
    }

    /// Applies band `[o][b]`'s pending eliminations, then the triad rule (a minirow of a box
    /// left with exactly three possible digits holds those three), and restricts the band's
    /// three boxes to what the remaining configurations allow, box `from` last. Returns false
    /// on a contradiction.
    fn band_eliminate(&mut self, o: usize, b: usize, from: usize) -> bool {
        let band = &mut self.bands[o % 2][b % 3];
        if !band.configs.intersects(band.elims) {
            return true;
        }
        let mut configs = band.configs.and_not(band.elims);
        let triads = triads_of(configs);
        let three = triads.popcounts().eq_mask(Quad {
            lo: V::splat(3),
            hi: V::splat(3),
        });
        let full = triads.and(three);
        let mut drop = V::zero();
        for (p, source) in [full.lo, full.lo, full.hi].into_iter().enumerate() {
            let [s1, s2] = &TRIAD_TO_OTHER_CONFIGS[p];
            drop = drop.or(source.shuffle(s1)).or(source.shuffle(s2));
        }
        configs = configs.and_not(drop);
        band.configs = configs;

        let triads = triads_of(configs);
        let every = V::from_array([0, 0, 0, ALL, 0, 0, 0, 0]);
        let per_peer = [
            triads.lo.or(every),
            triads.lo.upper_half_down().or(every),
            triads.hi.or(every),
        ];
        for p in [(from + 1) % 3, (from + 2) % 3, from % 3] {
            let t = per_peer[p];
            let (box_index, allowed) = if o == 0 {
                let allowed = Quad {
                    lo: t.shuffle(&H_BOX_LO[0]).or(t.shuffle(&H_BOX_LO[1])),
                    hi: t.shuffle(&H_BOX_HI[0]).or(t.shuffle(&H_BOX_HI[1])),
                };
                (b * 3 + p, allowed)
            } else {
                let allowed = Quad {
                    lo: t.shuffle(&V_BOX_LO),
                    hi: t.shuffle(&V_BOX_HI[0]).or(t.shuffle(&V_BOX_HI[1])),
                };
                (p * 3 + b, allowed)
            };
            if !self.box_restrict(box_index, allowed, o == 1) {
                return false;
            }
        }
        true
    }

    /// The band to branch on (fewest configurations left among those not settled) and, in it,
    /// a digit with the fewest configurations (two when there is one).
    fn choose(&self) -> Choice {
        let mut best: Option<(u32, usize, usize)> = None;
        for (o, bands) in self.bands.iter().enumerate() {
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
        let configs = self.bands[o][b].configs.to_array();
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

    /// The grid a settled state stands for, checked: every digit has one configuration in
    /// every band, the nine digits of each box fall on nine different cells, and each cell's
    /// digit is one that `allowed` allows. Returns false if the state is not a solution.
    fn settled_grid(&self, allowed: &[u16; 81], out: &mut [u8; 81]) -> bool {
        // [box][digit] → element (minirow from the horizontal band, minicolumn from the
        // vertical one).
        let mut element = [[[0u8; 9]; 9]; 2];
        for (o, bands) in self.bands.iter().enumerate() {
            for (b, band) in bands.iter().enumerate() {
                let lanes = band.configs.to_array();
                let mut seen = 0u16;
                for (k, config) in CONFIG.iter().enumerate() {
                    let mut digits = lanes[k];
                    if digits & seen != 0 {
                        return false;
                    }
                    seen |= digits;
                    while digits != 0 {
                        let d = digits.trailing_zeros() as usize % 9;
                        digits &= digits - 1;
                        for (p, &e) in config.iter().enumerate() {
                            let box_index = if o == 0 { b * 3 + p } else { p * 3 + b };
                            element[o][box_index][d] = e;
                        }
                    }
                }
                if seen != ALL {
                    return false;
                }
            }
        }
        let [rows, columns] = &element;
        for (box_index, (rows, columns)) in rows.iter().zip(columns).enumerate() {
            let (bi, bj) = (box_index / 3, box_index % 3);
            let mut occupied = 0u16;
            for (d, (&i, &j)) in rows.iter().zip(columns).enumerate() {
                let (i, j) = (usize::from(i) % 3, usize::from(j) % 3);
                if occupied >> (i * 3 + j) & 1 != 0 {
                    return false;
                }
                occupied |= 1 << (i * 3 + j);
                let pos = (bi * 3 + i) * 9 + bj * 3 + j;
                if allowed[pos] >> d & 1 == 0 {
                    return false;
                }
                out[pos] = d as u8 + 1;
            }
        }
        true
    }
}

/// Configurations → the band's triad matrix (see [`TRIADS_LO_A`]).
#[inline(always)]
fn triads_of<V: Lanes>(configs: V) -> Quad<V> {
    Quad {
        lo: configs
            .shuffle(&TRIADS_LO_A)
            .or(configs.shuffle(&TRIADS_LO_B)),
        hi: configs
            .shuffle(&TRIADS_HI_A)
            .or(configs.shuffle(&TRIADS_HI_B)),
    }
}

/// The digits that occur in exactly one entry of their matrix row, in that entry. Each row
/// (three cells and the negative triad) holds every digit exactly once: in one of the cells,
/// or, when the digit is not in that minirow, in the negative triad.
#[inline(always)]
fn unique_in_rows<V: Lanes>(x: Quad<V>) -> Quad<V> {
    let twice = |h: V| {
        let other = h.shuffle(&ROTATE_ROW_2);
        let (one, two) = (h.or(other), h.and(other));
        two.or(two.shuffle(&ROTATE_ROW_1))
            .or(one.and(one.shuffle(&ROTATE_ROW_1)))
    };
    Quad {
        lo: x.lo.and_not(twice(x.lo)),
        hi: x.hi.and_not(twice(x.hi)),
    }
}

/// The same for matrix columns (three cells and the vertical negative triad).
#[inline(always)]
fn unique_in_columns<V: Lanes>(x: Quad<V>) -> Quad<V> {
    let (one, two) = (x.lo.or(x.hi), x.lo.and(x.hi));
    let twice = two
        .or(V::join_halves(two, two))
        .or(one.and(V::join_halves(one, one)));
    Quad {
        lo: x.lo.and_not(twice),
        hi: x.hi.and_not(twice),
    }
}

/// Depth-first counting of solutions up to a limit.
pub(super) struct Search<'a> {
    pub limit: usize,
    pub count: usize,
    /// Branches tried (each side of a guess counts once).
    pub nodes: u64,
    pub allowed: &'a [u16; 81],
    pub solution: &'a mut [u8; 81],
}

impl Search<'_> {
    pub(super) fn run<V: Lanes>(&mut self, state: &mut State<V>) {
        loop {
            match state.choose() {
                Choice::Dead => return,
                Choice::Settled => {
                    let mut grid = [0u8; 81];
                    if state.settled_grid(self.allowed, &mut grid) {
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
                    // The digit's configurations in this band: try the first, then the rest.
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

#[cfg(test)]
mod tests {
    use super::super::lanes::Portable;
    use super::*;

    #[test]
    fn an_empty_state_is_not_settled_and_keeps_every_digit() {
        let state = State::<Portable>::empty();
        assert!(matches!(state.choose(), Choice::Branch { .. }));
        for b in &state.boxes {
            assert_eq!(b.lane(0), ALL);
            assert_eq!(b.lane(15), ALL);
        }
    }
}
