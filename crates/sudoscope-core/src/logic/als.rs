//! Almost locked sets: ALS-XZ and ALS-XY-wing, in HoDoKu's definitions.
//!
//! An almost locked set (ALS) is a group of `k` unsolved cells of one house holding `k + 1`
//! candidates between them (a single bivalue cell is the smallest). Take away any one of its
//! digits and the rest is locked: the other `k` digits fill its `k` cells.
//!
//! Two ALSs that share no cell have a *restricted common candidate* (RCC) `x` when every cell
//! of one holding `x` sees every cell of the other holding `x`: `x` can then be true in at most
//! one of them, so at least one of them is locked without `x`.
//!
//! * ALS-XZ: ALSs A and B with RCC `x`. Whichever of A and B loses `x` is locked, so if `z` is
//!   another digit of both, one of them holds `z`: a cell that sees every `z` of A and of B
//!   cannot be `z`. With two RCCs (doubly linked), neither ALS can hold both RCCs, so both are
//!   locked sets on their other digits and each RCC is true in one of them: every non-RCC digit
//!   goes from the cells that see all its places in its ALS, and each RCC from the cells that
//!   see all its places in both.
//! * ALS-XY-wing: a pivot ALS C with RCC `x` to A and RCC `y` to B (`x ≠ y`), and a digit `z`
//!   of A and B that is no RCC. If A has no `z` it is locked on its other digits, so it holds
//!   `x`; then C has no `x` and is locked, so it holds `y`; then B has no `y` and holds `z`. So
//!   A or B holds `z`, and a cell that sees every `z` of both cannot be `z`.
//!
//! Like HoDoKu (default settings) the ALSs of one step share no cell, and one step is reported
//! per pair (ALS-XZ) or per pair of RCC links (ALS-XY-wing) with all its eliminations.
//! HoDoKu's "allow ALS overlap" option ([`Overlap::Allowed`], used by its regression library's
//! `-2` cases) lets two sets share cells as long as no restricted common sits in the shared
//! cells: an RCC holder in both sets would have to see itself.

use super::board::Board;
use super::chains::Grid;
use super::solving::Solving;
use super::step::{Elimination, Step, StepSink, cell_list, describe_eliminations, digit_list};
use super::technique::Technique;
use crate::grid::Digits;

/// One almost locked set with, per digit, where it holds that digit and which cells see all
/// those places.
struct Als {
    cells: Vec<usize>,
    digits: Digits,
    house: usize,
    /// Per digit (block `d - 1` of `w` words): the ALS cells holding it (empty when absent);
    /// then per digit the cells (of any kind) that see every holder of it; then the ALS's
    /// cells as a set.
    bits: Vec<u64>,
    /// The digits that some cell outside the holders could lose: a cell holding the digit
    /// sees every holder of it. Eliminations of a digit need it in every set involved.
    reach: Digits,
    n: usize,
    w: usize,
}

impl Als {
    fn hold(&self, d: u8) -> &[u64] {
        let i = d as usize - 1;
        &self.bits[i * self.w..(i + 1) * self.w]
    }

    fn see(&self, d: u8) -> &[u64] {
        let i = self.n + d as usize - 1;
        &self.bits[i * self.w..(i + 1) * self.w]
    }

    fn set(&self) -> &[u64] {
        let i = 2 * self.n;
        &self.bits[i * self.w..(i + 1) * self.w]
    }
}

/// The largest ALS searched: every size on 9×9 (a house has at most 8 unsolved cells that can
/// form one), smaller on big grids, where subsets of a house are too many.
fn max_cells(n: usize) -> usize {
    if n <= 9 { n - 1 } else { 4 }
}

fn collect(grid: &Grid) -> Vec<Als> {
    let board = grid.board;
    let g = grid.geometry;
    let n = grid.n;
    let w = grid.w;
    let limit = max_cells(n);
    let mut out = Vec::new();
    let mut empty: Vec<usize> = Vec::new();
    let mut chosen: Vec<usize> = Vec::new();
    for (h, house) in g.houses().iter().enumerate() {
        empty.clear();
        empty.extend(house.cells.iter().copied().filter(|&c| board.value(c) == 0));
        chosen.clear();
        extend(
            grid,
            &empty,
            0,
            &mut chosen,
            Digits::EMPTY,
            limit,
            &mut |cells, digits| {
                // Each set once: in the first house (in house order) holding all its cells,
                // which finds it first, since every house holding the cells finds it.
                let earlier = g.houses_of(cells[0]).iter().any(|&other| {
                    other < h && cells[1..].iter().all(|&c| g.houses_of(c).contains(&other))
                });
                if earlier {
                    return;
                }
                let mut bits = vec![0u64; (2 * n + 1) * w];
                for &c in cells {
                    bits[2 * n * w + c / 64] |= 1 << (c % 64);
                }
                for d in digits.iter() {
                    let i = d as usize - 1;
                    let (holders, seers) = bits.split_at_mut(n * w);
                    let hold = &mut holders[i * w..(i + 1) * w];
                    let see = &mut seers[i * w..(i + 1) * w];
                    see.fill(u64::MAX);
                    for &c in cells {
                        if board.candidates(c).contains(d) {
                            hold[c / 64] |= 1 << (c % 64);
                            for (s, p) in see.iter_mut().zip(grid.peers(c)) {
                                *s &= p;
                            }
                        }
                    }
                }
                let mut reach = Digits::EMPTY;
                for d in digits.iter() {
                    let i = n + d as usize - 1;
                    let see = &bits[i * w..(i + 1) * w];
                    if see.iter().zip(grid.digit(d)).any(|(s, x)| s & x != 0) {
                        reach.insert(d);
                    }
                }
                out.push(Als {
                    cells: cells.to_vec(),
                    digits,
                    house: h,
                    bits,
                    reach,
                    n,
                    w,
                });
            },
        );
    }
    out
}

/// Depth-first subsets of `empty[from..]` added to `chosen`, reporting every one whose digits
/// number one more than its cells.
fn extend(
    grid: &Grid,
    empty: &[usize],
    from: usize,
    chosen: &mut Vec<usize>,
    digits: Digits,
    limit: usize,
    found: &mut dyn FnMut(&[usize], Digits),
) {
    for i in from..empty.len() {
        let cell = empty[i];
        let union = digits | grid.board.candidates(cell);
        // k cells can only become an ALS while their digits stay within limit + 1.
        if union.len() as usize > limit + 1 {
            continue;
        }
        chosen.push(cell);
        let digit_count = union.len() as usize;
        if digit_count == chosen.len() + 1 {
            found(chosen, union);
        }
        // Each further cell adds one cell and no fewer digits, so it brings the digits'
        // excess over the cells down by one at most: stop when the cells left cannot bring it
        // down to one.
        let room = (limit - chosen.len()).min(empty.len() - i - 1);
        if chosen.len() < limit && digit_count <= chosen.len() + 1 + room {
            extend(grid, empty, i + 1, chosen, union, limit, found);
        }
        chosen.pop();
    }
}

/// The lowest member of a bitset.
fn first_cell(set: &[u64]) -> Option<usize> {
    set.iter()
        .enumerate()
        .find(|(_, w)| **w != 0)
        .map(|(k, w)| k * 64 + w.trailing_zeros() as usize)
}

fn subset(a: &[u64], b: &[u64]) -> bool {
    a.iter().zip(b).all(|(x, y)| x & !y == 0)
}

fn overlap(a: &[u64], b: &[u64]) -> bool {
    a.iter().zip(b).any(|(x, y)| x & y != 0)
}

/// Eliminates `d` from the cells holding it that see every holder of `d` in all of `sets`
/// and belong to none of `spare`, in cell order.
fn push_targets(grid: &Grid, sets: &[&Als], spare: &[&Als], d: u8, out: &mut Vec<Elimination>) {
    // A stack buffer: a 36×36 grid needs 21 words.
    let mut buf = [0u64; 24];
    let t = &mut buf[..grid.w];
    t.copy_from_slice(grid.digit(d));
    for als in sets {
        for (x, s) in t.iter_mut().zip(als.see(d)) {
            *x &= s;
        }
    }
    for als in spare {
        for (x, s) in t.iter_mut().zip(als.set()) {
            *x &= !s;
        }
    }
    for (k, &word) in t.iter().enumerate() {
        let mut bits = word;
        while bits != 0 {
            out.push(Elimination {
                cell: k * 64 + bits.trailing_zeros() as usize,
                digit: d,
            });
            bits &= bits - 1;
        }
    }
}

fn describe(grid: &Grid, als: &Als) -> String {
    format!(
        "{{{}}} in {} ({})",
        cell_list(grid.geometry, &als.cells),
        grid.geometry.houses()[als.house],
        digit_list(
            grid.board.alphabet(),
            &als.digits.iter().collect::<Vec<_>>()
        )
    )
}

/// Whether the ALSs of one step may share cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Overlap {
    /// HoDoKu's default: the sets of one step are disjoint.
    Disjoint,
    /// HoDoKu's "allow ALS overlap" option: shared cells hold no restricted common.
    Allowed,
}

/// The RCC graph: every pair of ALSs with at least one RCC, as (a, b, rccs), a < b.
///
/// Rather than testing every pair, each ALS A looks, per digit x, only at the ALSs whose first
/// cell holding x is among the cells that see every x of A: the sets it can share x with.
fn links(grid: &Grid, alses: &[Als], rule: Overlap) -> Vec<(usize, usize, Digits)> {
    let n = grid.n;
    // (cell, digit) -> the ALSs whose first holder of digit is that cell.
    let mut first: Vec<Vec<u32>> = vec![Vec::new(); grid.geometry.cell_count() * n];
    for (i, als) in alses.iter().enumerate() {
        for d in als.digits.iter() {
            if let Some(c) = first_cell(als.hold(d)) {
                first[c * n + d as usize - 1].push(i as u32);
            }
        }
    }
    let mut rc: Vec<Digits> = vec![Digits::EMPTY; alses.len()];
    let mut touched: Vec<usize> = Vec::new();
    let mut out = Vec::new();
    for (i, a) in alses.iter().enumerate() {
        for x in a.digits.iter() {
            let see = a.see(x);
            for (k, (&s, &dx)) in see.iter().zip(grid.digit(x)).enumerate() {
                let mut reach = s & dx;
                while reach != 0 {
                    let c = k * 64 + reach.trailing_zeros() as usize;
                    reach &= reach - 1;
                    for &j in &first[c * n + x as usize - 1] {
                        let j = j as usize;
                        if j <= i
                            || !subset(alses[j].hold(x), a.see(x))
                            || (rule == Overlap::Disjoint && overlap(alses[j].set(), a.set()))
                        {
                            continue;
                        }
                        if rc[j].is_empty() {
                            touched.push(j);
                        }
                        rc[j].insert(x);
                    }
                }
            }
        }
        touched.sort_unstable();
        for &j in &touched {
            out.push((i, j, rc[j]));
            rc[j] = Digits::EMPTY;
        }
        touched.clear();
    }
    out
}

/// The ALSs of a board and their RCC links, built once per board state for both ALS
/// techniques (see [`Solving::als`]).
pub(crate) struct AlsData {
    alses: Vec<Als>,
    links: Vec<(usize, usize, Digits)>,
}

impl AlsData {
    pub(crate) fn build(grid: &Grid, rule: Overlap) -> AlsData {
        let alses = collect(grid);
        let links = links(grid, &alses, rule);
        AlsData { alses, links }
    }
}

/// Every ALS-XZ or ALS-XY-wing step at `board` under `rule` (other techniques: none).
pub fn find_all_with(board: &Board, technique: Technique, rule: Overlap) -> Vec<Step> {
    let solving = Solving::new(board);
    let mut sink = StepSink::new(false);
    match technique {
        Technique::AlsXz => als_xz_with(&solving, &mut sink, rule),
        Technique::AlsXyWing => als_xy_wing_with(&solving, &mut sink, rule),
        _ => {}
    }
    sink.into_steps()
}

fn sorted(mut e: Vec<Elimination>) -> Vec<Elimination> {
    e.sort_unstable();
    e.dedup();
    e
}

/// ALS-XZ, singly and doubly linked.
pub fn als_xz(solving: &Solving, sink: &mut StepSink) {
    als_xz_with(solving, sink, Overlap::Disjoint);
}

fn als_xz_with(solving: &Solving, sink: &mut StepSink, rule: Overlap) {
    let grid = solving.grid();
    let data = solving.als(rule);
    let alses = &data.alses;
    for &(i, j, r) in &data.links {
        let (a, b) = (&alses[i], &alses[j]);
        let mut eliminations = Vec::new();
        let doubly = r.len() >= 2;
        if doubly {
            let rc: Digits = r.iter().take(2).collect();
            // Like HoDoKu, the cells of the other set are left alone (their digits are
            // already accounted for by the pattern).
            for als in [a, b] {
                for z in ((als.digits - rc) & als.reach).iter() {
                    push_targets(grid, &[als], &[a, b], z, &mut eliminations);
                }
            }
            for x in (rc & a.reach & b.reach).iter() {
                push_targets(grid, &[a, b], &[], x, &mut eliminations);
            }
        } else {
            for z in ((a.digits & b.digits & a.reach & b.reach) - r).iter() {
                push_targets(grid, &[a, b], &[], z, &mut eliminations);
            }
        }
        if eliminations.is_empty() {
            continue;
        }
        let eliminations = sorted(eliminations);
        let rc = digit_list(grid.board.alphabet(), &r.iter().take(2).collect::<Vec<_>>());
        let explanation = sink.text(|| if doubly {
            format!(
                "ALS-XZ (doubly linked): A = {sa} and B = {sb} are almost locked sets (one more \
                 digit than cells). {rc} are restricted common: each can be true in only one of \
                 them, and neither can lose both, so A and B are both locked without them and each \
                 of {rc} is in A or B. Every other digit is locked in its set, and each of {rc} \
                 sits in A or B: {what}",
                sa = describe(grid, a),
                sb = describe(grid, b),
                what = describe_eliminations(grid.geometry, grid.board.alphabet(), &eliminations),
            )
        } else {
            let z = digit_list(grid.board.alphabet(), &((a.digits & b.digits) - r).iter().collect::<Vec<_>>());
            format!(
                "ALS-XZ: A = {sa} and B = {sb} are almost locked sets (one more digit than \
                 cells). Every {rc} of A sees every {rc} of B, so at most one of them holds {rc} \
                 and the other is locked on its remaining digits. Then A or B holds {z}: cells \
                 that see every {z} of both cannot be {z}: {what}",
                sa = describe(grid, a),
                sb = describe(grid, b),
                what = describe_eliminations(grid.geometry, grid.board.alphabet(), &eliminations),
            )
        });
        let mut cells: Vec<usize> = a.cells.iter().chain(&b.cells).copied().collect();
        cells.sort_unstable();
        let step = Step::eliminating(Technique::AlsXz, eliminations)
            .houses(vec![a.house, b.house])
            .cells(cells)
            .digits((a.digits | b.digits).iter().collect())
            .explained(explanation);
        if sink.push(step) {
            return;
        }
    }
}

/// ALS-XY-wing: pivot C linked to A by one RCC and to B by another.
pub fn als_xy_wing(solving: &Solving, sink: &mut StepSink) {
    als_xy_wing_with(solving, sink, Overlap::Disjoint);
}

fn als_xy_wing_with(solving: &Solving, sink: &mut StepSink, rule: Overlap) {
    let grid = solving.grid();
    let data = solving.als(rule);
    let (alses, links) = (&data.alses, &data.links);
    // Links by ALS: (other ALS, rccs).
    let mut by_als: Vec<Vec<(usize, Digits)>> = vec![Vec::new(); alses.len()];
    for &(i, j, r) in links {
        by_als[i].push((j, r));
        by_als[j].push((i, r));
    }
    for (c, around) in by_als.iter().enumerate() {
        for (k, &(ia, ra)) in around.iter().enumerate() {
            for &(ib, rb) in &around[k + 1..] {
                // Two different digits are needed for the two links.
                if ra.len() == 1 && rb.len() == 1 && ra == rb {
                    continue;
                }
                let (a, b, pivot) = (&alses[ia], &alses[ib], &alses[c]);
                // Like HoDoKu, the two wings share no cell unless overlap is allowed; even then
                // one may not contain the other.
                let nested = subset(a.set(), b.set()) || subset(b.set(), a.set());
                if nested || (rule == Overlap::Disjoint && overlap(a.set(), b.set())) {
                    continue;
                }
                let zs = (a.digits & b.digits) - ra - rb;
                let reach = zs & a.reach & b.reach;
                if reach.is_empty() {
                    continue;
                }
                let mut eliminations = Vec::new();
                for z in reach.iter() {
                    // The pivot's own cells are fair targets: "A or B holds z" does not
                    // depend on what C holds.
                    push_targets(grid, &[a, b], &[], z, &mut eliminations);
                }
                if eliminations.is_empty() {
                    continue;
                }
                let eliminations = sorted(eliminations);
                let (x, y) = (
                    digit_list(grid.board.alphabet(), &ra.iter().collect::<Vec<_>>()),
                    digit_list(grid.board.alphabet(), &rb.iter().collect::<Vec<_>>()),
                );
                let z = digit_list(grid.board.alphabet(), &zs.iter().collect::<Vec<_>>());
                let explanation = sink.text(|| {
                    format!(
                        "ALS-XY-wing: the almost locked set C = {sc} shares the restricted common \
                     {x} with A = {sa} and {y} with B = {sb} (each can be true in only one of the \
                     two sets it links; an almost locked set has one digit more than cells, so \
                     without one digit it is locked on the others). Take z, any of {z}: if A had \
                     no z, it would be locked and hold {x}; then C would have no {x} and hold {y}; \
                     then B would have no {y} and hold z. So A or B holds z, and cells that see \
                     every z of both cannot be z: {what}",
                        sc = describe(grid, pivot),
                        sa = describe(grid, a),
                        sb = describe(grid, b),
                        what = describe_eliminations(
                            grid.geometry,
                            grid.board.alphabet(),
                            &eliminations
                        ),
                    )
                });
                let mut cells: Vec<usize> = a
                    .cells
                    .iter()
                    .chain(&b.cells)
                    .chain(&pivot.cells)
                    .copied()
                    .collect();
                cells.sort_unstable();
                let step = Step::eliminating(Technique::AlsXyWing, eliminations)
                    .houses(vec![pivot.house, a.house, b.house])
                    .cells(cells)
                    .digits((a.digits | b.digits | pivot.digits).iter().collect())
                    .explained(explanation);
                if sink.push(step) {
                    return;
                }
            }
        }
    }
}
