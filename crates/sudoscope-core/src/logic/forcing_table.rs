//! The forcing chains' implication table of one board: the implication graph (a placed digit
//! rules itself out of its peers and the cell's other digits out; a digit ruled out of a bivalue
//! cell or of one of its two places in a house puts the other in) and the closure of every
//! assumption, followed breadth-first up to `MAX_LINKS` links. Built once per board state and
//! shared by the four forcing-chain techniques of [`super::forcing`].

use std::collections::VecDeque;

use super::bits::BitBoard;
use super::cage_links::{self, CageLinks};

/// The longest chain followed from an assumption, in links (HoDoKu's default chain bound on
/// 9×9 is 20; a forcing chain is a chain, so it gets the same).
pub(crate) const MAX_LINKS: usize = 20;

/// The largest grid searched.
pub(crate) const MAX_SIZE: usize = 16;

/// A candidate and a truth value: `node * 2 + 1` for "true", `node * 2` for "false", where
/// `node = cell * n + digit - 1`.
pub(crate) type Lit = usize;

pub(crate) const FALSE: usize = 0;
pub(crate) const TRUE: usize = 1;

/// What one assumption implies: the candidates it makes true and false (digit-major bitsets:
/// digit `d`'s block of `w` words is a cell set).
pub(crate) struct Closure {
    pub(crate) on: Vec<u64>,
    pub(crate) off: Vec<u64>,
    /// The first contradiction met, if any.
    pub(crate) broken: Option<Broken>,
}

#[derive(Clone, Copy, Debug)]
pub(crate) enum Broken {
    /// A candidate both true and false.
    Both(usize),
    /// A cell whose candidates are all false.
    Cell(usize),
    /// A digit with no place left in a house.
    House(usize, u8),
}

/// The implication graph of one board and the closure of every assumption, built once per
/// board state for the four techniques (see [`super::solving::Solving::forcing_table`]).
pub(crate) struct Table {
    pub(crate) n: usize,
    pub(crate) w: usize,
    /// Strong partners of each node (false here → true there), CSR.
    strong_start: Vec<u32>,
    strong: Vec<u32>,
    /// The candidate nodes, in increasing order.
    pub(crate) nodes: Vec<usize>,
    /// Closure of each literal (`None` for literals of absent candidates).
    pub(crate) closures: Vec<Option<Closure>>,
    /// Per house and digit with places in it, in house then digit order: the house, the digit
    /// and (`w` words each in `house_place_bits`) its places.
    house_places: Vec<(usize, u8)>,
    house_place_bits: Vec<u64>,
    /// The killer cages' own implications ([`cage_links`]); `None` without cages.
    pub(crate) cages: Option<CageLinks>,
}

impl Table {
    pub(crate) fn build(grid: &BitBoard) -> Table {
        let board = grid.board;
        let g = grid.geometry;
        let (n, w) = (grid.n, grid.w);
        let cells = g.cell_count();
        let mut lists: Vec<Vec<u32>> = vec![Vec::new(); cells * n];
        let mut add = |a: usize, b: usize| {
            if !lists[a].contains(&(b as u32)) {
                lists[a].push(b as u32);
                lists[b].push(a as u32);
            }
        };
        for h in 0..g.houses().len() {
            for d in 1..=n as u8 {
                let mut it = board.positions(h, d);
                if let (Some(a), Some(b), None) = (it.next(), it.next(), it.next()) {
                    add(a * n + d as usize - 1, b * n + d as usize - 1);
                }
            }
        }
        for cell in 0..cells {
            let cands = board.candidates(cell);
            if board.value(cell) == 0 && cands.len() == 2 {
                let mut it = cands.iter();
                if let (Some(a), Some(b)) = (it.next(), it.next()) {
                    add(cell * n + a as usize - 1, cell * n + b as usize - 1);
                }
            }
        }
        let cages = cage_links::build(board);
        for &(a, b) in cages.iter().flat_map(|c| &c.strong) {
            add(a, b);
        }
        let mut strong_start = Vec::with_capacity(lists.len() + 1);
        let mut strong = Vec::new();
        for list in &lists {
            strong_start.push(strong.len() as u32);
            strong.extend_from_slice(list);
        }
        strong_start.push(strong.len() as u32);
        let mut nodes = Vec::new();
        for cell in 0..cells {
            if board.value(cell) == 0 {
                for d in board.candidates(cell).iter() {
                    nodes.push(cell * n + d as usize - 1);
                }
            }
        }
        let mut house_places = Vec::new();
        let mut house_place_bits = Vec::new();
        for (h, house) in g.houses().iter().enumerate() {
            let mut mask = vec![0u64; w];
            for &c in &house.cells {
                if board.value(c) == 0 {
                    mask[c / 64] |= 1 << (c % 64);
                }
            }
            for d in 1..=n as u8 {
                let digit = grid.digit(d);
                if mask.iter().zip(digit).any(|(m, x)| m & x != 0) {
                    house_places.push((h, d));
                    house_place_bits.extend(mask.iter().zip(digit).map(|(m, x)| m & x));
                }
            }
        }
        let mut table = Table {
            n,
            w,
            strong_start,
            strong,
            nodes,
            closures: Vec::new(),
            house_places,
            house_place_bits,
            cages,
        };
        table.closures = table.close_all(grid);
        table
    }

    /// The closure of every literal of every candidate: what it implies within
    /// [`MAX_LINKS`] links, and whether that breaks.
    ///
    /// All the breadth-first searches run at once, one bit per start literal: each literal
    /// keeps the set of starts that reached it and the set that reached it in the last layer,
    /// and one layer ORs each literal's newly-reached starts into its implications. Every
    /// start follows exactly its own search (a layer of a search starting at a true literal
    /// only holds true literals on even layers, as before), so the sets are those of one
    /// search per literal, for a fraction of the work.
    fn close_all(&self, grid: &BitBoard) -> Vec<Option<Closure>> {
        let (n, w) = (self.n, self.w);
        let cells = grid.geometry.cell_count();
        let m = self.nodes.len();
        // Literal index: position of the node in `nodes` times two, plus the polarity.
        let mut index = vec![u32::MAX; cells * n];
        for (i, &node) in self.nodes.iter().enumerate() {
            index[node] = i as u32;
        }
        // What each literal implies in one link, CSR over literal indices.
        let mut out_start: Vec<u32> = Vec::with_capacity(2 * m + 1);
        let mut out: Vec<u32> = Vec::new();
        for &u in &self.nodes {
            // False: its strong partners are true.
            out_start.push(out.len() as u32);
            for &v in self.strong_of(u) {
                out.push(index[v as usize] * 2 + TRUE as u32);
            }
            self.push_cage_links(&index, u * 2 + FALSE, &mut out);
            // True: the digit's other places among the peers and the cell's other digits
            // are false, in the order the single searches visited them (it does not matter
            // for the sets, only for the work).
            out_start.push(out.len() as u32);
            let (cell, d) = (u / n, u % n);
            let peers = grid.peers(cell);
            let digit = grid.digit(d as u8 + 1);
            for k in 0..w {
                let mut bits = peers[k] & digit[k];
                while bits != 0 {
                    let other = k * 64 + bits.trailing_zeros() as usize;
                    out.push(index[other * n + d] * 2 + FALSE as u32);
                    bits &= bits - 1;
                }
            }
            for o in grid.board.candidates(cell).iter() {
                let o = o as usize - 1;
                if o != d {
                    out.push(index[cell * n + o] * 2 + FALSE as u32);
                }
            }
            self.push_cage_links(&index, u * 2 + TRUE, &mut out);
        }
        out_start.push(out.len() as u32);
        let lits = 2 * m;
        let sw = lits.div_ceil(64);
        let mut seen = vec![0u64; lits * sw];
        let mut frontier = vec![0u64; lits * sw];
        let mut next = vec![0u64; lits * sw];
        for l in 0..lits {
            seen[l * sw + l / 64] |= 1 << (l % 64);
            frontier[l * sw + l / 64] |= 1 << (l % 64);
        }
        let mut active: Vec<u32> = (0..lits as u32).collect();
        let mut reached: Vec<u32> = Vec::new();
        let mut is_reached = vec![false; lits];
        for _ in 0..MAX_LINKS {
            if active.is_empty() {
                break;
            }
            reached.clear();
            for &l in &active {
                let l = l as usize;
                let from = &frontier[l * sw..(l + 1) * sw];
                for &t in &out[out_start[l] as usize..out_start[l + 1] as usize] {
                    let t = t as usize;
                    if !is_reached[t] {
                        is_reached[t] = true;
                        reached.push(t as u32);
                    }
                    for (x, &f) in next[t * sw..(t + 1) * sw].iter_mut().zip(from) {
                        *x |= f;
                    }
                }
                frontier[l * sw..(l + 1) * sw].fill(0);
            }
            active.clear();
            for &t in &reached {
                let t = t as usize;
                is_reached[t] = false;
                let mut any = 0u64;
                for k in t * sw..(t + 1) * sw {
                    let fresh = next[k] & !seen[k];
                    seen[k] |= fresh;
                    frontier[k] = fresh;
                    next[k] = 0;
                    any |= fresh;
                }
                if any != 0 {
                    active.push(t as u32);
                }
            }
        }
        // Which starts break, and how: the first contradiction in the order of the checks
        // (a candidate both true and false, by digit then cell; a cell without candidates; a
        // digit without a place in a house, by house then digit), found for all starts at
        // once.
        let mut broken: Vec<Option<Broken>> = vec![None; lits];
        let mut settled = vec![0u64; sw];
        let mut set = vec![0u64; sw];
        let mut settle = |set: &[u64], settled: &mut [u64], what: Broken| {
            for (k, (&x, done)) in set.iter().zip(settled.iter_mut()).enumerate() {
                let mut bits = x & !*done;
                *done |= bits;
                while bits != 0 {
                    // Words hold 64 starts; the last word's spare bits are no start.
                    if let Some(slot) = broken.get_mut(k * 64 + bits.trailing_zeros() as usize) {
                        *slot = Some(what);
                    }
                    bits &= bits - 1;
                }
            }
        };
        for d in 0..n {
            let digit = grid.digit(d as u8 + 1);
            for (k, &word) in digit.iter().enumerate() {
                let mut bits = word;
                while bits != 0 {
                    let node = (k * 64 + bits.trailing_zeros() as usize) * n + d;
                    bits &= bits - 1;
                    let i = index[node] as usize;
                    let (t, f) = (2 * i + TRUE, 2 * i + FALSE);
                    for (k, x) in set.iter_mut().enumerate() {
                        *x = seen[t * sw + k] & seen[f * sw + k];
                    }
                    settle(&set, &mut settled, Broken::Both(node));
                }
            }
        }
        for cell in 0..cells {
            if grid.board.value(cell) != 0 {
                continue;
            }
            set.fill(u64::MAX);
            for d in grid.board.candidates(cell).iter() {
                let f = 2 * index[cell * n + d as usize - 1] as usize + FALSE;
                for (k, x) in set.iter_mut().enumerate() {
                    *x &= seen[f * sw + k];
                }
            }
            settle(&set, &mut settled, Broken::Cell(cell));
        }
        for (e, &(h, d)) in self.house_places.iter().enumerate() {
            set.fill(u64::MAX);
            let places = &self.house_place_bits[e * w..(e + 1) * w];
            for (k, &word) in places.iter().enumerate() {
                let mut bits = word;
                while bits != 0 {
                    let cell = k * 64 + bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    let f = 2 * index[cell * n + d as usize - 1] as usize + FALSE;
                    for (k, x) in set.iter_mut().enumerate() {
                        *x &= seen[f * sw + k];
                    }
                }
            }
            settle(&set, &mut settled, Broken::House(h, d));
        }
        // Per start: the literals it reached, as digit-major cell sets.
        let mut on = vec![0u64; lits * n * w];
        let mut off = vec![0u64; lits * n * w];
        for l in 0..lits {
            let (i, b) = self.bit(self.nodes[l / 2]);
            let target = if l % 2 == TRUE { &mut on } else { &mut off };
            for (k, &word) in seen[l * sw..(l + 1) * sw].iter().enumerate() {
                let mut bits = word;
                while bits != 0 {
                    let start = k * 64 + bits.trailing_zeros() as usize;
                    target[start * n * w + i] |= b;
                    bits &= bits - 1;
                }
            }
        }
        let mut closures: Vec<Option<Closure>> = (0..cells * n * 2).map(|_| None).collect();
        for (l, (on, off)) in on
            .chunks_exact(n * w)
            .zip(off.chunks_exact(n * w))
            .enumerate()
        {
            closures[self.nodes[l / 2] * 2 + l % 2] = Some(Closure {
                on: on.to_vec(),
                off: off.to_vec(),
                broken: broken[l],
            });
        }
        closures
    }

    /// Appends the cage links of literal `lit` (`node * 2 + truth`) as literal indices.
    fn push_cage_links(&self, index: &[u32], lit: Lit, out: &mut Vec<u32>) {
        let Some(cages) = &self.cages else { return };
        for &t in &cages.implies[lit] {
            let i = index[t / 2];
            if i != u32::MAX {
                out.push(i * 2 + (t % 2) as u32);
            }
        }
    }

    fn strong_of(&self, node: usize) -> &[u32] {
        &self.strong[self.strong_start[node] as usize..self.strong_start[node + 1] as usize]
    }

    fn bit(&self, node: usize) -> (usize, u64) {
        let (cell, d) = (node / self.n, node % self.n);
        (d * self.w + cell / 64, 1u64 << (cell % 64))
    }

    pub(crate) fn closure(&self, lit: Lit) -> Option<&Closure> {
        self.closures.get(lit).and_then(|c| c.as_ref())
    }

    /// A shortest chain of implications from `start` to `target` (both included).
    pub(crate) fn chain(&self, grid: &BitBoard, start: Lit, target: Lit) -> Vec<Lit> {
        let n = self.n;
        let mut parent: Vec<usize> = vec![usize::MAX; self.closures.len()];
        let mut depth: Vec<u16> = vec![0; self.closures.len()];
        let mut queue = VecDeque::new();
        parent[start] = start;
        queue.push_back(start);
        while let Some(u) = queue.pop_front() {
            if u == target {
                break;
            }
            if depth[u] as usize >= MAX_LINKS {
                continue;
            }
            let node = u / 2;
            let mut visit = |v: Lit, queue: &mut VecDeque<Lit>| {
                if parent[v] == usize::MAX {
                    parent[v] = u;
                    depth[v] = depth[u] + 1;
                    queue.push_back(v);
                }
            };
            if let Some(cages) = &self.cages {
                for &v in &cages.implies[u] {
                    if self.closures.get(v).is_some_and(|c| c.is_some()) {
                        visit(v, &mut queue);
                    }
                }
            }
            if u % 2 == FALSE {
                for &v in self.strong_of(node) {
                    visit(v as usize * 2 + TRUE, &mut queue);
                }
            } else {
                let (cell, d) = (node / n, node % n);
                let peers = grid.peers(cell);
                let digit = grid.digit(d as u8 + 1);
                for k in 0..self.w {
                    let mut bits = peers[k] & digit[k];
                    while bits != 0 {
                        let other = k * 64 + bits.trailing_zeros() as usize;
                        visit((other * n + d) * 2 + FALSE, &mut queue);
                        bits &= bits - 1;
                    }
                }
                for o in grid.board.candidates(cell).iter() {
                    let o = o as usize - 1;
                    if o != d {
                        visit((cell * n + o) * 2 + FALSE, &mut queue);
                    }
                }
            }
        }
        let mut out = vec![target];
        let mut at = target;
        while at != start {
            at = parent[at];
            if at == usize::MAX {
                // Not reached: cannot happen for a literal of the closure.
                return vec![start, target];
            }
            out.push(at);
        }
        out.reverse();
        out
    }
}
