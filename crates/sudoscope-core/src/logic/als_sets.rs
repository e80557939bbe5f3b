//! The almost locked sets of one board and the restricted common candidates linking them: the
//! table both ALS techniques of [`super::als`] search, built once per board state and overlap
//! rule.
//!
//! An almost locked set (ALS) is a group of `k` unsolved cells of one house holding `k + 1`
//! candidates between them; two ALSs have a restricted common candidate (RCC) `x` when every
//! cell of one holding `x` sees every cell of the other holding `x`.

use super::bits::BitBoard;
use crate::grid::Digits;

/// One almost locked set with, per digit, where it holds that digit and which cells see all
/// those places.
pub(crate) struct Als {
    pub(crate) cells: Vec<usize>,
    pub(crate) digits: Digits,
    pub(crate) house: usize,
    /// Per digit (block `d - 1` of `w` words): the ALS cells holding it (empty when absent);
    /// then per digit the cells (of any kind) that see every holder of it; then the ALS's
    /// cells as a set.
    bits: Vec<u64>,
    /// The digits that some cell outside the holders could lose: a cell holding the digit
    /// sees every holder of it. Eliminations of a digit need it in every set involved.
    pub(crate) reach: Digits,
    n: usize,
    w: usize,
}

impl Als {
    pub(crate) fn hold(&self, d: u8) -> &[u64] {
        let i = d as usize - 1;
        &self.bits[i * self.w..(i + 1) * self.w]
    }

    pub(crate) fn see(&self, d: u8) -> &[u64] {
        let i = self.n + d as usize - 1;
        &self.bits[i * self.w..(i + 1) * self.w]
    }

    pub(crate) fn set(&self) -> &[u64] {
        let i = 2 * self.n;
        &self.bits[i * self.w..(i + 1) * self.w]
    }
}

/// The largest ALS searched: every size on 9×9 (a house has at most 8 unsolved cells that can
/// form one), smaller on big grids, where subsets of a house are too many.
fn max_cells(n: usize) -> usize {
    if n <= 9 { n - 1 } else { 4 }
}

fn collect(grid: &BitBoard) -> Vec<Als> {
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
    grid: &BitBoard,
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

pub(crate) fn subset(a: &[u64], b: &[u64]) -> bool {
    a.iter().zip(b).all(|(x, y)| x & !y == 0)
}

pub(crate) fn overlap(a: &[u64], b: &[u64]) -> bool {
    a.iter().zip(b).any(|(x, y)| x & y != 0)
}

/// Whether the ALSs of one step may share cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Overlap {
    /// HoDoKu's default: the sets of one step are disjoint.
    Disjoint,
    /// HoDoKu's "allow ALS overlap" option: shared cells hold no restricted common (only
    /// the `lab` harnesses and tests ask for it).
    #[cfg_attr(not(feature = "lab"), allow(dead_code))]
    Allowed,
}

/// The RCC graph: every pair of ALSs with at least one RCC, as (a, b, rccs), a < b.
///
/// Rather than testing every pair, each ALS A looks, per digit x, only at the ALSs whose first
/// cell holding x is among the cells that see every x of A: the sets it can share x with.
fn links(grid: &BitBoard, alses: &[Als], rule: Overlap) -> Vec<(usize, usize, Digits)> {
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
/// techniques (see [`super::solving::Solving::als`]).
pub(crate) struct AlsData {
    pub(crate) alses: Vec<Als>,
    pub(crate) links: Vec<(usize, usize, Digits)>,
}

impl AlsData {
    pub(crate) fn build(grid: &BitBoard, rule: Overlap) -> AlsData {
        let alses = collect(grid);
        let links = links(grid, &alses, rule);
        AlsData { alses, links }
    }
}
