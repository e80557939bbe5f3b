//! Bit-parallel exact solver for standard 9×9 sudoku (solution counting up to a limit).
//!
//! # Layout
//!
//! The grid is split into three horizontal *bands* of 27 cells (rows 0-2, 3-5, 6-8).
//! For every digit `d` and band `b` one `u32` (a *sub-band*, index `b * 9 + d`) holds the
//! cells of that band where `d` is still possible: bit `9 * r + c` = row `r` of the band,
//! column `c`. A placed digit stays in its sub-band as its single candidate, so every
//! sub-band of a solved grid holds exactly three bits, one per row and one per box.
//!
//! Bands are the unit because a digit inside one band is a permutation problem: it sits in
//! each of the band's three rows once and in each of its three boxes once. Compressing each
//! row of a sub-band to three *triad* bits (is the digit possible in this row ∩ box?) gives a
//! 3×3 bit matrix, and a 512-entry table tells which triads lie on at least one perfect
//! matching of that matrix. Masking with it applies every box/row locked-candidate
//! deduction of the band (pointing and claiming) at once, and detects a row or box with no
//! place left for the digit. Columns cross the bands, so they are handled by
//! "pointing": a box in which the digit is confined to one column removes that column from
//! the two other bands (this is also what enforces the column rule for placed digits).
//!
//! # Propagation
//!
//! * per sub-band, for every sub-band whose value changed since its band logic last ran
//!   (found by comparing the board with a copy taken at that time, which costs less than
//!   flagging every write): locked candidates in the band, column pointing to the other bands, and rows
//!   left with a single cell (hidden singles in rows, and through the matching also in
//!   boxes) are marked solved and the cell is cleared from the other digits' sub-bands;
//! * per band, a bit-sliced counter over the nine digits finds cells with 0 candidates
//!   (contradiction), 1 candidate (naked single) and 2 candidates (kept for guessing).
//!
//! Placing a digit during the search (a naked single or a guess) only clears its row and
//! box peers in its own sub-band; the band logic above then does the rest. Every placement
//! thus removes the digit from all its peers, and a contradiction anywhere empties a cell,
//! a row or a box, so a board with every cell solved and no contradiction is a valid grid.
//!
//! Not deduced (left to the search): hidden singles in columns and column/box claiming
//! across bands. Measured: they cut search nodes by about 13% on hard puzzles but cost
//! more per node than they saved.
//!
//! # Search
//!
//! Depth-first: after propagation reaches a fixed point, the first bivalue cell (or,
//! failing that, the unsolved cell with fewest candidates) is chosen; the first branch is
//! explored on a copy of the 248-byte board, the last branch re-uses the board itself.
//! No allocation, no recursion deeper than the number of guesses on one path (< 81).

use crate::grid::filled::filled_cells_9x9;

const ALL27: u32 = (1 << 27) - 1;
/// Sub-bands stored per board: the 27 real ones and one always 0, so that the boards'
/// arrays split into whole 128-bit vectors for [`changed_mask`].
const LANES: usize = 28;
/// Bit 0 of each of the three rows of a sub-band.
const ROW_ONES: u32 = 1 | (1 << 9) | (1 << 18);
/// Low 8 bits of each 9-bit row.
const LOW8S: u32 = 0xFF * ROW_ONES;
/// Bit 8 of each 9-bit row.
const HIGHS: u32 = 0x100 * ROW_ONES;

/// `TRIADS[row9]`: bit `g` set iff the 9-bit row has a candidate in box column group `g`.
static TRIADS: [u8; 512] = {
    let mut t = [0u8; 512];
    let mut r = 0;
    while r < 512 {
        let mut g = 0;
        while g < 3 {
            if (r >> (3 * g)) & 7 != 0 {
                t[r] |= 1 << g;
            }
            g += 1;
        }
        r += 1;
    }
    t
};

/// `MATCHING[t]` for a 3×3 triad matrix `t` (bit `3 * row + box`): the 27-bit mask of the
/// cells of all triads that belong to at least one perfect matching (row → box
/// permutation) inside `t`, or 0 when there is none (the band cannot hold the digit).
static MATCHING: [u32; 512] = {
    const PERMS: [[usize; 3]; 6] = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let mut m = [0u32; 512];
    let mut t = 0;
    while t < 512 {
        let mut p = 0;
        while p < 6 {
            let perm = PERMS[p];
            let mut ok = true;
            let mut r = 0;
            while r < 3 {
                if (t >> (3 * r + perm[r])) & 1 == 0 {
                    ok = false;
                }
                r += 1;
            }
            if ok {
                let mut r = 0;
                while r < 3 {
                    m[t] |= 7 << (9 * r + 3 * perm[r]);
                    r += 1;
                }
            }
            p += 1;
        }
        t += 1;
    }
    m
};

/// `POINTING[cols]` for the 9-bit set of columns where a digit is possible in a band: the
/// 27-bit mask to AND into the digit's other two bands. Each box whose candidates sit in
/// one column claims that column, which the other bands therefore lose.
static POINTING: [u32; 512] = {
    let mut m = [0u32; 512];
    let mut cols = 0;
    while cols < 512 {
        let mut keep = ALL27;
        let mut g = 0;
        while g < 3 {
            let grp = (cols >> (3 * g)) & 7;
            if grp == 1 || grp == 2 || grp == 4 {
                keep &= !((grp << (3 * g)) as u32 * ROW_ONES);
            }
            g += 1;
        }
        m[cols] = keep;
        cols += 1;
    }
    m
};

/// `BAND_AND_POSITION[cell]`: the band of a cell (0–2) and its position in the band (0–26).
static BAND_AND_POSITION: [[u8; 2]; 81] = {
    let mut table = [[0u8; 2]; 81];
    let mut cell = 0;
    while cell < 81 {
        table[cell] = [(cell / 27) as u8, (cell % 27) as u8];
        cell += 1;
    }
    table
};

/// `KEEP_IN_BAND[pos]`: the band's cells that are not row or box peers of cell `pos`
/// (the cell itself is kept).
static KEEP_IN_BAND: [u32; 27] = {
    let mut m = [0u32; 27];
    let mut pos = 0;
    while pos < 27 {
        let r = pos / 9;
        let g = (pos % 9) / 3;
        let peers = (0x1FF << (9 * r)) | ((7 << (3 * g)) * ROW_ONES);
        m[pos] = (ALL27 & !peers) | (1 << pos);
        pos += 1;
    }
    m
};

/// The propagation state. `Copy` and small, so guessing copies it.
#[derive(Clone, Copy)]
struct Board {
    /// `cand[b * 9 + d]`: cells of band `b` where digit `d + 1` is possible. Band-major, so
    /// the nine digits of a band are contiguous (clearing a solved cell from all of them
    /// vectorises).
    cand: [u32; LANES],
    /// `prev[i]`: value of `cand[i]` when its band logic last ran; a sub-band whose value
    /// differs needs another look. Comparing is cheaper than flagging every write.
    prev: [u32; LANES],
    /// Cells of each band not placed yet.
    unsolved: [u32; 3],
    /// Cells of each band with exactly two candidates (valid after a naked-single pass).
    pairs: [u32; 3],
}

impl Board {
    const fn new() -> Self {
        Board {
            cand: {
                let mut cand = [ALL27; LANES];
                cand[27] = 0;
                cand
            },
            prev: [0; LANES],
            unsolved: [ALL27; 3],
            pairs: [0; 3],
        }
    }

    /// Places digit `d` (0-based) at `cell` (one bit) of band `b`, removing it from all
    /// peers and all other digits from the cell. Returns false if it was not a candidate.
    /// Used for the givens, where clashes must be detected at once.
    fn assign_full(&mut self, d: usize, b: usize, cell: u32) -> bool {
        let idx = b * 9 + d;
        if self.cand.get(idx).is_none_or(|&c| c & cell == 0) {
            return false;
        }
        let pos = cell.trailing_zeros() as usize % 27;
        for e in 0..9 {
            self.cand[b * 9 + e] &= !cell;
        }
        self.cand[idx] |= cell;
        self.cand[idx] &= KEEP_IN_BAND[pos];
        let colmask = !((1u32 << (pos % 9)) * ROW_ONES);
        let (o1, o2) = other_bands(b);
        self.cand[o1 * 9 + d] &= colmask;
        self.cand[o2 * 9 + d] &= colmask;
        self.unsolved[b] &= !cell;
        true
    }

    /// The board with the givens placed (`givens[i]`: 0 empty, 1..=9 a digit): exactly what
    /// placing them one by one with [`Board::assign_full`] leaves, built a band and a digit at
    /// a time instead (a given's digit off its row, box and column peers, every other digit
    /// off its cell): one pass over the givens alone, then one branch-free pass over the 27
    /// sub-bands, about half the instructions of the per-given calls on a 17-clue puzzle.
    /// None when two givens of a digit share a house or a value is above 9.
    fn from_givens(givens: &[u8; 81]) -> Option<Board> {
        if givens.iter().fold(false, |above, &v| above | (v > 9)) {
            return None;
        }
        // For each band and digit (`b * 9 + d`, arrays of 32 so that a masked index needs no
        // bounds check): the cells given it, and the cells that are not row or box peers of
        // any of them (each given keeping itself).
        let mut placed = [0u32; 32];
        let mut keep = [ALL27; 32];
        let mut occupied = [0u32; 4];
        for cell in filled_cells_9x9(givens) {
            let [b, pos] = BAND_AND_POSITION[cell].map(usize::from);
            let idx = (b * 9 + usize::from(givens[cell]) - 1) & 31;
            placed[idx] |= 1 << pos;
            keep[idx] &= KEEP_IN_BAND[pos];
            occupied[b & 3] |= 1 << pos;
        }
        // The columns of a band's cells, as a mask of whole columns of a band.
        let columns = |cells: u32| ((cells | cells >> 9 | cells >> 18) & 0x1FF) * ROW_ONES;
        let mut board = Board::new();
        // Any given that lost its own digit shares a house with another given of it; checked
        // once after the loop, which has no branch and so runs on vectors.
        let mut lost = 0;
        for (b, (unsolved, &given)) in board.unsolved.iter_mut().zip(&occupied).enumerate() {
            *unsolved = ALL27 & !given;
            let free = *unsolved;
            let (o1, o2) = other_bands(b);
            let band = b * 9..b * 9 + 9;
            for (((slot, &mine), &keep), (&above, &below)) in board.cand[band.clone()]
                .iter_mut()
                .zip(&placed[band.clone()])
                .zip(&keep[band])
                .zip(
                    placed[o1 * 9..o1 * 9 + 9]
                        .iter()
                        .zip(&placed[o2 * 9..o2 * 9 + 9]),
                )
            {
                let cand = (free | mine) & keep & !columns(above | below);
                lost |= mine & !cand;
                *slot = cand;
            }
        }
        if lost != 0 {
            return None;
        }
        Some(board)
    }

    /// Places digit `d` at `cell` of band `b` lazily, during the search: only the row and
    /// box peers in the band are cleared. The band logic then sees a row holding a single
    /// cell, marks it solved, clears the other digits from it and the column from the
    /// other bands. Returns false if `d` was not a candidate of the cell.
    #[inline(always)]
    fn assign(&mut self, d: usize, b: usize, cell: u32) -> bool {
        let idx = (b * 9 + d) % 27;
        if self.cand[idx] & cell == 0 {
            return false;
        }
        self.cand[idx] &= KEEP_IN_BAND[cell.trailing_zeros() as usize % 27];
        true
    }

    /// Band logic for one sub-band (see the module doc). Returns false on contradiction.
    #[inline(always)]
    fn update_subband(&mut self, idx: usize) -> bool {
        let idx = idx % 27;
        // Same digit, other bands: idx ± 9 modulo 27, branch-free.
        let o1 = if idx >= 18 { idx - 18 } else { idx + 9 };
        let o2 = if idx >= 9 { idx - 9 } else { idx + 18 };
        let b = usize::from(idx >= 9) + usize::from(idx >= 18);
        let old = self.cand[idx];
        let t = u32::from(TRIADS[(old & 0x1FF) as usize])
            | u32::from(TRIADS[((old >> 9) & 0x1FF) as usize]) << 3
            | u32::from(TRIADS[((old >> 18) & 0x1FF) as usize]) << 6;
        let m = old & MATCHING[t as usize];
        if m == 0 {
            return false;
        }
        self.prev[idx] = m;
        // Column pointing into the other two bands.
        let cols = (m | (m >> 9) | (m >> 18)) & 0x1FF;
        let keep = POINTING[cols as usize];
        self.cand[o1] &= keep;
        self.cand[o2] &= keep;
        // Rows with a single cell: every row is non-empty here, so subtracting 1 per row
        // never borrows across rows, and `y` has a zero row exactly where `m` has one bit.
        let y = m & m.wrapping_sub(ROW_ONES);
        let nonzero = (((y & LOW8S) + LOW8S) | y) & HIGHS;
        let single_rows = ((!nonzero & HIGHS) >> 8) * 0x1FF;
        let s = m & single_rows & self.unsolved[b];
        // Unconditional (a no-op when `s == 0`): cheaper than a hard-to-predict branch.
        // The digit's own sub-band is restored just below.
        self.unsolved[b] &= !s;
        for c in &mut self.cand[b * 9..b * 9 + 9] {
            *c &= !s;
        }
        self.cand[idx] = m;
        true
    }

    /// Bit `i` set iff sub-band `i` changed since its band logic last ran.
    #[inline(always)]
    fn changed(&self) -> u32 {
        changed_mask(&self.cand, &self.prev)
    }

    /// Runs the band logic on every changed sub-band until nothing changes.
    #[inline(always)]
    fn update(&mut self) -> bool {
        loop {
            let mut mask = self.changed();
            if mask == 0 {
                return true;
            }
            while mask != 0 {
                let idx = mask.trailing_zeros() as usize;
                mask &= mask - 1;
                if !self.update_subband(idx) {
                    return false;
                }
            }
        }
    }

    /// Runs the band logic and naked singles to a fixed point. Returns false on
    /// contradiction.
    fn propagate(&mut self) -> bool {
        loop {
            if !self.update() {
                return false;
            }
            if self.is_solved() {
                return true;
            }
            let mut placed = false;
            for b in 0..3 {
                let mut one = 0u32;
                let mut two = 0u32;
                let mut three = 0u32;
                for d in 0..9 {
                    let c = self.cand[b * 9 + d];
                    three |= two & c;
                    two |= one & c;
                    one |= c;
                }
                if one != ALL27 {
                    return false;
                }
                self.pairs[b] = two & !three;
                let mut singles = one & !two & self.unsolved[b];
                while singles != 0 {
                    let cell = singles & singles.wrapping_neg();
                    singles ^= cell;
                    let mut d = 0;
                    while d < 9 && self.cand[b * 9 + d] & cell == 0 {
                        d += 1;
                    }
                    if d == 9 || !self.assign(d, b, cell) {
                        return false;
                    }
                    placed = true;
                }
            }
            if !placed {
                return true;
            }
        }
    }

    fn is_solved(&self) -> bool {
        self.unsolved[0] | self.unsolved[1] | self.unsolved[2] == 0
    }

    fn extract(&self, out: &mut [u8; 81]) {
        for d in 0..9 {
            for b in 0..3 {
                let mut m = self.cand[b * 9 + d];
                while m != 0 {
                    let pos = m.trailing_zeros() as usize;
                    m &= m - 1;
                    if let Some(slot) = out.get_mut(b * 27 + pos) {
                        *slot = d as u8 + 1;
                    }
                }
            }
        }
    }

    /// Chooses the cell to branch on: the first bivalue cell, else the unsolved cell with
    /// the fewest candidates. Returns (band, cell bit).
    fn choose_cell(&self) -> Option<(usize, u32)> {
        for b in 0..3 {
            let p = self.pairs[b];
            if p != 0 {
                return Some((b, p & p.wrapping_neg()));
            }
        }
        let mut best: Option<(u32, usize, u32)> = None;
        for b in 0..3 {
            let mut u = self.unsolved[b];
            while u != 0 {
                let cell = u & u.wrapping_neg();
                u ^= cell;
                let mut n = 0;
                for d in 0..9 {
                    n += u32::from(self.cand[b * 9 + d] & cell != 0);
                }
                if best.is_none_or(|(bn, _, _)| n < bn) {
                    best = Some((n, b, cell));
                }
            }
        }
        best.map(|(_, b, cell)| (b, cell))
    }
}

/// Bit `i` set iff `a[i] != b[i]`: seven 128-bit comparisons, each turned into four bits of
/// the mask (`pcmpeqd` and `movmskps` through `safe_arch`, so no `unsafe`). About a tenth of
/// the solver's time went to this comparison one sub-band at a time.
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
#[inline(always)]
fn changed_mask(a: &[u32; LANES], b: &[u32; LANES]) -> u32 {
    use safe_arch::{cast_to_m128_from_m128i, cmp_eq_mask_i32_m128i, m128i, move_mask_m128};
    let mut same = 0u32;
    for k in 0..LANES / 4 {
        let i = 4 * k;
        let x = m128i::from([a[i], a[i + 1], a[i + 2], a[i + 3]]);
        let y = m128i::from([b[i], b[i + 1], b[i + 2], b[i + 3]]);
        let equal = cast_to_m128_from_m128i(cmp_eq_mask_i32_m128i(x, y));
        same |= (move_mask_m128(equal) as u32) << i;
    }
    !same & ALL27
}

/// [`changed_mask`] one sub-band at a time: the portable path (other targets), and the
/// reference the vector one is tested against.
#[cfg_attr(all(target_arch = "x86_64", target_feature = "sse2"), allow(dead_code))]
#[inline(always)]
fn changed_mask_portable(a: &[u32; LANES], b: &[u32; LANES]) -> u32 {
    let mut mask = 0u32;
    for i in 0..27 {
        mask |= u32::from(a[i] != b[i]) << i;
    }
    mask
}

#[cfg(not(all(target_arch = "x86_64", target_feature = "sse2")))]
#[inline(always)]
fn changed_mask(a: &[u32; LANES], b: &[u32; LANES]) -> u32 {
    changed_mask_portable(a, b)
}

#[inline(always)]
fn other_bands(b: usize) -> (usize, usize) {
    match b {
        0 => (1, 2),
        1 => (0, 2),
        _ => (0, 1),
    }
}

struct Search<'a> {
    limit: usize,
    count: usize,
    /// Guesses tried: the work measure reported as `iterations` (unit `nodes`).
    nodes: u64,
    /// The search gives up once `nodes` passes this (see [`count_if_easy`]).
    budget: u64,
    solution: &'a mut [u8; 81],
}

impl Search<'_> {
    /// Explores `board` (already assigned, not yet propagated) depth-first.
    fn run(&mut self, mut board: Board) {
        loop {
            if !board.propagate() {
                return;
            }
            if board.is_solved() {
                if self.count == 0 {
                    board.extract(self.solution);
                }
                self.count += 1;
                return;
            }
            let Some((b, cell)) = board.choose_cell() else {
                return;
            };
            // Try every candidate but the last on a copy; the last one on `board` itself.
            let mut last = None;
            for d in 0..9 {
                if board.cand[b * 9 + d] & cell != 0 {
                    if let Some(prev) = last {
                        self.nodes += 1;
                        if self.nodes > self.budget {
                            return;
                        }
                        let mut child = board;
                        if child.assign(prev, b, cell) {
                            self.run(child);
                        }
                        if self.count >= self.limit || self.nodes > self.budget {
                            return;
                        }
                    }
                    last = Some(d);
                }
            }
            self.nodes += 1;
            if self.nodes > self.budget {
                return;
            }
            match last {
                Some(d) if board.assign(d, b, cell) => {}
                _ => return,
            }
        }
    }
}

/// Runs the search; returns (solutions found, guesses tried).
fn count_from_board(board: Board, limit: usize, solution: &mut [u8; 81]) -> (usize, u64) {
    count_from_board_within(board, limit, u64::MAX, solution)
}

/// Runs the search, giving up after `budget` guesses: then the count is incomplete and the
/// nodes returned exceed the budget.
fn count_from_board_within(
    board: Board,
    limit: usize,
    budget: u64,
    solution: &mut [u8; 81],
) -> (usize, u64) {
    if limit == 0 {
        return (0, 0);
    }
    let mut search = Search {
        limit,
        count: 0,
        nodes: 0,
        budget,
        solution,
    };
    search.run(board);
    (search.count, search.nodes)
}

/// [`count_solutions_with_nodes`] for the puzzles this solver is the fastest on, as
/// `exact::count_9x9` uses it; `Err(guesses spent)` when it gives up, so that the triad
/// solver takes the puzzle. It gives up at once, before guessing, when more than
/// `max_open_cells` cells are still empty after the givens' singles and box–line
/// eliminations — how many cells that cheap propagation leaves open forecasts the length of
/// the search well (17-clue puzzles left with 50 or more open cells take this solver 23 to 70
/// guesses and the triad solver 6 to 10), and deciding then wastes only the propagation — and
/// otherwise after `budget` guesses, for the rare puzzle the forecast got wrong.
pub fn count_if_easy(
    givens: &[u8; 81],
    limit: usize,
    max_open_cells: u32,
    budget: u64,
    solution: &mut [u8; 81],
) -> Result<(usize, u64), u64> {
    let Some(mut board) = Board::from_givens(givens) else {
        return Ok((0, 0));
    };
    if limit == 0 || !board.propagate() {
        return Ok((0, 0));
    }
    if board.unsolved.iter().map(|u| u.count_ones()).sum::<u32>() > max_open_cells {
        return Err(0);
    }
    let (count, nodes) = count_from_board_within(board, limit, budget, solution);
    if nodes <= budget {
        Ok((count, nodes))
    } else {
        Err(nodes)
    }
}

/// Counts the solutions of a standard 9×9 sudoku, stopping at `limit` (limit >= 1).
/// `givens[i]` is the digit of cell i (row-major, 0 = empty, 1..=9). Returns the number of
/// solutions found (<= limit). When it returns >= 1, `solution` holds the first solution found.
/// Givens that clash (same digit twice in a house) give 0, never a panic. Values > 9 give 0.
/// A `limit` of 0 returns 0 without searching.
pub fn count_solutions(givens: &[u8; 81], limit: usize, solution: &mut [u8; 81]) -> usize {
    count_solutions_with_nodes(givens, limit, solution).0
}

/// [`count_solutions`] that also returns the number of search nodes (guesses) it took.
pub fn count_solutions_with_nodes(
    givens: &[u8; 81],
    limit: usize,
    solution: &mut [u8; 81],
) -> (usize, u64) {
    match Board::from_givens(givens) {
        Some(board) => count_from_board(board, limit, solution),
        None => (0, 0),
    }
}

/// Whether the givens have a solution that differs from `solution` (one of their solutions)
/// in at least one of `cells` (empty in `givens`). When the givens plus `solution`'s digits
/// in `cells` have `solution` as their only solution, this is exactly "the givens have more
/// than one solution": a second solution agreeing with `solution` on `cells` would solve the
/// fuller puzzle too. It searches for that second solution directly, one refutation per
/// cell (the cell's digit excluded, the cells before it fixed), so no search time goes into
/// finding `solution` again; the masker asks this about every removal.
pub fn differs_in(givens: &[u8; 81], solution: &[u8; 81], cells: &[usize]) -> bool {
    let Some(mut base) = Board::from_givens(givens) else {
        return false;
    };
    let mut scratch = [0u8; 81];
    for &c in cells {
        let (b, cell) = (c / 27, 1u32 << (c % 27));
        let d = usize::from(solution[c]).wrapping_sub(1);
        if d >= 9 {
            return false;
        }
        let mut board = base;
        board.cand[b * 9 + d] &= !cell;
        if count_from_board(board, 1, &mut scratch).0 > 0 {
            return true;
        }
        if !base.assign_full(d, b, cell) {
            return false;
        }
    }
    false
}

/// Like [`count_solutions`], but starts from pencil marks: bit `d - 1` of `candidates[i]`
/// set means digit `d` is still possible in cell `i`. A cell with exactly one candidate is
/// treated as placed; a cell with none makes the count 0. Bits above bit 8 are ignored.
pub fn count_solutions_from_candidates(
    candidates: &[u16; 81],
    limit: usize,
    solution: &mut [u8; 81],
) -> usize {
    count_candidates_with_nodes(candidates, limit, solution).0
}

/// [`count_solutions_from_candidates`] that also returns the number of search nodes.
pub fn count_candidates_with_nodes(
    candidates: &[u16; 81],
    limit: usize,
    solution: &mut [u8; 81],
) -> (usize, u64) {
    let mut board = Board::new();
    board.cand = [0; LANES];
    for (i, &m) in candidates.iter().enumerate() {
        let b = i / 27;
        let cell = 1u32 << (i % 27);
        for d in 0..9 {
            if m >> d & 1 != 0 {
                board.cand[b * 9 + d] |= cell;
            }
        }
    }
    count_from_board(board, limit, solution)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_are_sane() {
        assert_eq!(MATCHING[0b111_111_111], ALL27);
        assert_eq!(MATCHING[0b100_010_001], 7 | 7 << 12 | 7 << 24);
        assert_eq!(MATCHING[0b000_111_111], 0);
        assert_eq!(POINTING[0x1FF], ALL27);
    }

    proptest::proptest! {
        /// The vector comparison finds exactly the sub-bands the portable one does (the
        /// arrays drawn so that most lanes agree, as on a real board).
        #[test]
        fn changed_mask_matches_the_portable_one(
            base in proptest::array::uniform27(0u32..=ALL27),
            changes in proptest::collection::vec((0usize..27, 0u32..=ALL27), 0..6),
        ) {
            let mut a = [0u32; LANES];
            a[..27].copy_from_slice(&base);
            let mut b = a;
            for (i, v) in changes {
                b[i] = v;
            }
            proptest::prop_assert_eq!(changed_mask(&a, &b), changed_mask_portable(&a, &b));
        }

        /// Building the board from the givens at once gives what placing them one by one
        /// does, clashes (None) included: givens drawn dense enough that many clash.
        #[test]
        fn from_givens_matches_placing_one_by_one(
            cells in proptest::collection::vec((0u8..100, 1u8..=9), 81),
            density in 1u8..50,
        ) {
            let mut givens = [0u8; 81];
            for (slot, &(roll, digit)) in givens.iter_mut().zip(&cells) {
                if roll < density {
                    *slot = digit;
                }
            }
            let mut one_by_one = Some(Board::new());
            for (i, &v) in givens.iter().enumerate() {
                if v != 0
                    && let Some(board) = &mut one_by_one
                    && !board.assign_full(usize::from(v - 1), i / 27, 1 << (i % 27))
                {
                    one_by_one = None;
                }
            }
            let at_once = Board::from_givens(&givens);
            proptest::prop_assert_eq!(
                at_once.map(|b| (b.cand, b.prev, b.unsolved, b.pairs)),
                one_by_one.map(|b| (b.cand, b.prev, b.unsolved, b.pairs))
            );
        }
    }
}
