//! Chains: X-chains (one digit), XY-chains (bivalue cells) and alternating inference chains
//! (AICs, any mix of the two), plus the cell-set helpers the other advanced techniques share.
//!
//! A chain is a sequence of candidates joined alternately by strong links ("if this one is
//! false, that one is true": a digit with exactly two places in a house, or a cell with exactly
//! two candidates) and weak links ("if this one is true, that one is false": the same digit in
//! two cells that see each other, or two digits of one cell). A chain that starts and ends with
//! a strong link proves that one of its two end candidates is true, so every candidate that is
//! weakly linked to both ends (it sees both ends with the same digit, or it sits in one end's
//! cell and sees the other end, for ends of different digits) is false.
//!
//! The search follows HoDoKu's conventions: for every set of eliminations only the shortest
//! chain is reported, chains are reported shortest first, a chain's length is bounded (20 links
//! on 9×9, `2N + 2` in general, HoDoKu's default restriction), X- and XY-chains are left to their
//! own techniques, and the three-link X-chains to skyscraper, two-string kite and turbot fish.
//! The graph is precomputed once per search as bitsets over cells, and each start candidate is
//! expanded by a breadth-first search over (candidate, polarity) states, so the first chain
//! found between two ends is a shortest one.

use std::collections::HashMap;
use std::sync::OnceLock;

use crate::grid::{Geometry, SIZES, Variant};

use super::board::Board;
use super::step::{Elimination, Step, StepSink, describe_eliminations};
use super::technique::Technique;

// ---------------------------------------------------------------------------------------------
// Cell sets shared by the advanced techniques.
// ---------------------------------------------------------------------------------------------

static PEER_BITS: [[OnceLock<Vec<u64>>; 3]; 5] = [const { [const { OnceLock::new() }; 3] }; 5];

/// Words in a cell bitset of this geometry.
pub(crate) fn words(geometry: &Geometry) -> usize {
    geometry.cell_count().div_ceil(64)
}

/// Every cell's peers as a bitset (cell `c` at `[c * words .. (c + 1) * words]`), computed once
/// per geometry.
pub(crate) fn peer_bits(geometry: &'static Geometry) -> &'static [u64] {
    let size_index = SIZES
        .iter()
        .position(|&n| n == geometry.size())
        .unwrap_or(0);
    let variant_index = Variant::ALL
        .iter()
        .position(|&v| v == geometry.variant())
        .unwrap_or(0);
    PEER_BITS[size_index][variant_index].get_or_init(|| {
        let w = words(geometry);
        let mut bits = vec![0u64; geometry.cell_count() * w];
        for cell in 0..geometry.cell_count() {
            for &peer in geometry.peers(cell) {
                bits[cell * w + peer / 64] |= 1 << (peer % 64);
            }
        }
        bits
    })
}

/// A board seen as bitsets: where each digit can still go, and every cell's peers.
pub(crate) struct Grid<'a> {
    pub board: &'a Board,
    pub geometry: &'static Geometry,
    pub n: usize,
    pub w: usize,
    peers: &'static [u64],
    digits: Vec<u64>,
}

impl<'a> Grid<'a> {
    pub fn new(board: &'a Board) -> Grid<'a> {
        let geometry = board.geometry();
        let n = geometry.size();
        let w = words(geometry);
        let mut digits = vec![0u64; n * w];
        for (cell, cands) in board.all_candidates().iter().enumerate() {
            if board.value(cell) != 0 {
                continue;
            }
            for d in cands.iter() {
                digits[(d as usize - 1) * w + cell / 64] |= 1 << (cell % 64);
            }
        }
        Grid {
            board,
            geometry,
            n,
            w,
            peers: peer_bits(geometry),
            digits,
        }
    }

    pub fn peers(&self, cell: usize) -> &[u64] {
        &self.peers[cell * self.w..(cell + 1) * self.w]
    }

    /// The cells still holding `digit` as a candidate.
    pub fn digit(&self, digit: u8) -> &[u64] {
        let d = digit as usize - 1;
        &self.digits[d * self.w..(d + 1) * self.w]
    }

    pub fn has(&self, cell: usize, digit: u8) -> bool {
        self.board.candidates(cell).contains(digit)
    }

    pub fn sees(&self, a: usize, b: usize) -> bool {
        self.peers(a)[b / 64] & (1 << (b % 64)) != 0
    }

    /// The cells holding `digit` that see every cell of `cells` (and are none of them).
    pub fn common_peers(&self, cells: &[usize], digit: u8) -> Vec<usize> {
        let mut set: Vec<u64> = self.digit(digit).to_vec();
        for &c in cells {
            for (s, p) in set.iter_mut().zip(self.peers(c)) {
                *s &= p;
            }
        }
        cells_of(&set)
    }

    pub fn name(&self, cell: usize) -> String {
        self.geometry.cell_name(cell)
    }

    /// The cells of a house holding `digit`.
    pub fn places(&self, house: usize, digit: u8) -> Vec<usize> {
        self.board.positions(house, digit).collect()
    }
}

/// The members of a bitset, in increasing order.
pub(crate) fn cells_of(set: &[u64]) -> Vec<usize> {
    let mut out = Vec::new();
    for (i, &word) in set.iter().enumerate() {
        let mut bits = word;
        while bits != 0 {
            out.push(i * 64 + bits.trailing_zeros() as usize);
            bits &= bits - 1;
        }
    }
    out
}

/// Eliminations of one digit from a list of cells.
pub(crate) fn elims(cells: &[usize], digit: u8) -> Vec<Elimination> {
    cells
        .iter()
        .map(|&cell| Elimination { cell, digit })
        .collect()
}

// ---------------------------------------------------------------------------------------------
// The chain engine.
// ---------------------------------------------------------------------------------------------

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    /// One digit, strong links in houses only.
    X,
    /// Bivalue cells only: strong links inside cells, weak links between cells.
    Xy,
    /// Everything.
    Aic,
}

/// The link graph of one board for one kind of chain.
struct Graph<'a> {
    grid: Grid<'a>,
    kind: Kind,
    /// Strong partners of each node (node = cell * n + digit - 1), CSR.
    strong_start: Vec<u32>,
    strong: Vec<u32>,
    /// Cells usable by the chain (all empty cells, or bivalue ones for XY).
    usable: Vec<u64>,
    max_links: usize,
}

impl<'a> Graph<'a> {
    fn new(board: &'a Board, kind: Kind) -> Graph<'a> {
        let grid = Grid::new(board);
        let geometry = grid.geometry;
        let n = grid.n;
        let cells = geometry.cell_count();
        let mut usable = vec![0u64; grid.w];
        for cell in 0..cells {
            let len = board.candidates(cell).len();
            if board.value(cell) == 0 && (kind != Kind::Xy || len == 2) {
                usable[cell / 64] |= 1 << (cell % 64);
            }
        }
        let mut lists: Vec<Vec<u32>> = vec![Vec::new(); cells * n];
        if kind != Kind::Xy {
            for h in 0..geometry.houses().len() {
                for d in 1..=n as u8 {
                    let mut it = board.positions(h, d);
                    if let (Some(a), Some(b), None) = (it.next(), it.next(), it.next()) {
                        let (na, nb) = (a * n + d as usize - 1, b * n + d as usize - 1);
                        if !lists[na].contains(&(nb as u32)) {
                            lists[na].push(nb as u32);
                            lists[nb].push(na as u32);
                        }
                    }
                }
            }
        }
        if kind != Kind::X {
            for cell in 0..cells {
                let cands = board.candidates(cell);
                if board.value(cell) == 0 && cands.len() == 2 {
                    let mut it = cands.iter();
                    let (a, b) = (it.next().unwrap(), it.next().unwrap());
                    let (na, nb) = (cell * n + a as usize - 1, cell * n + b as usize - 1);
                    lists[na].push(nb as u32);
                    lists[nb].push(na as u32);
                }
            }
        }
        let mut strong_start = Vec::with_capacity(lists.len() + 1);
        let mut strong = Vec::new();
        for list in &lists {
            strong_start.push(strong.len() as u32);
            strong.extend_from_slice(list);
        }
        strong_start.push(strong.len() as u32);
        Graph {
            max_links: 2 * n + 2,
            grid,
            kind,
            strong_start,
            strong,
            usable,
        }
    }

    fn strong_of(&self, node: usize) -> &[u32] {
        &self.strong[self.strong_start[node] as usize..self.strong_start[node + 1] as usize]
    }

    /// Calls `f` for every weak partner of `node` (strong partners included: a strong link is
    /// also weak).
    fn for_weak(&self, node: usize, mut f: impl FnMut(usize)) {
        let n = self.grid.n;
        let (cell, d) = (node / n, (node % n) as u8 + 1);
        let peers = self.grid.peers(cell);
        let digit = self.grid.digit(d);
        for i in 0..self.grid.w {
            let mut bits = peers[i] & digit[i] & self.usable[i];
            while bits != 0 {
                let other = i * 64 + bits.trailing_zeros() as usize;
                f(other * n + d as usize - 1);
                bits &= bits - 1;
            }
        }
        if self.kind == Kind::Aic {
            for other in self.grid.board.candidates(cell).iter() {
                if other != d {
                    f(cell * n + other as usize - 1);
                }
            }
        }
    }

    /// Whether `t` is weakly linked to `node` for the purpose of eliminations.
    fn elim_linked(&self, t: usize, node: usize) -> bool {
        let n = self.grid.n;
        let (tc, td) = (t / n, t % n);
        let (c, d) = (node / n, node % n);
        if td == d {
            tc != c && self.grid.sees(tc, c)
        } else {
            self.kind == Kind::Aic && tc == c
        }
    }

    /// The candidates (nodes) an elimination can target from an end node: same digit in its
    /// peers, and (AIC) the other digits of its cell.
    fn targets(&self, node: usize) -> Vec<usize> {
        let n = self.grid.n;
        let (cell, d) = (node / n, (node % n) as u8 + 1);
        let peers = self.grid.peers(cell);
        let digit = self.grid.digit(d);
        let mut out = Vec::new();
        for i in 0..self.grid.w {
            let mut bits = peers[i] & digit[i];
            while bits != 0 {
                let other = i * 64 + bits.trailing_zeros() as usize;
                out.push(other * n + d as usize - 1);
                bits &= bits - 1;
            }
        }
        if self.kind == Kind::Aic {
            for other in self.grid.board.candidates(cell).iter() {
                if other != d {
                    out.push(cell * n + other as usize - 1);
                }
            }
        }
        out
    }
}

/// A found chain: its nodes, start first (the start is strongly linked to the second node).
struct Found {
    nodes: Vec<usize>,
    eliminations: Vec<Elimination>,
}

/// Breadth-first search state, reused across start nodes.
struct Search {
    /// Stamp of the start for which `dist` entries are valid, per (node, polarity).
    stamp: Vec<u32>,
    dist: Vec<u16>,
    parent: Vec<u32>,
    queue: Vec<u32>,
}

const OFF: usize = 0;
const ON: usize = 1;

impl Search {
    fn new(nodes: usize) -> Search {
        Search {
            stamp: vec![0; nodes * 2],
            dist: vec![0; nodes * 2],
            parent: vec![0; nodes * 2],
            queue: Vec::new(),
        }
    }

    /// Expands `start` assumed false; afterwards `reached(e, ON)` tells whether "start false
    /// implies e true" by an alternating chain of at most `max_links` links.
    fn run(&mut self, graph: &Graph, start: usize, stamp: u32) {
        self.queue.clear();
        let s = start * 2 + OFF;
        self.stamp[s] = stamp;
        self.dist[s] = 0;
        self.queue.push(s as u32);
        let mut head = 0;
        while head < self.queue.len() {
            let state = self.queue[head] as usize;
            head += 1;
            let (node, pol) = (state / 2, state % 2);
            let d = self.dist[state];
            if d as usize >= graph.max_links {
                continue;
            }
            if pol == OFF {
                for &next in graph.strong_of(node) {
                    let ns = next as usize * 2 + ON;
                    if self.stamp[ns] != stamp {
                        self.stamp[ns] = stamp;
                        self.dist[ns] = d + 1;
                        self.parent[ns] = state as u32;
                        self.queue.push(ns as u32);
                    }
                }
            } else {
                graph.for_weak(node, |next| {
                    let ns = next * 2 + OFF;
                    if self.stamp[ns] != stamp {
                        self.stamp[ns] = stamp;
                        self.dist[ns] = d + 1;
                        self.parent[ns] = state as u32;
                        self.queue.push(ns as u32);
                    }
                });
            }
        }
    }

    fn reached(&self, node: usize, pol: usize, stamp: u32) -> bool {
        self.stamp[node * 2 + pol] == stamp
    }

    fn path(&self, end: usize, start: usize) -> Vec<usize> {
        let mut state = end * 2 + ON;
        let mut nodes = vec![end];
        while state != start * 2 + OFF {
            state = self.parent[state] as usize;
            nodes.push(state / 2);
        }
        nodes.reverse();
        nodes
    }
}

fn find_chains(board: &Board, kind: Kind) -> Vec<Found> {
    let graph = Graph::new(board, kind);
    let n = graph.grid.n;
    let node_count = graph.grid.geometry.cell_count() * n;
    let mut search = Search::new(node_count);
    let mut by_elims: HashMap<Vec<Elimination>, Found> = HashMap::new();
    let mut stamp = 0u32;
    for start in 0..node_count {
        if graph.strong_of(start).is_empty() {
            continue;
        }
        let targets = graph.targets(start);
        if targets.is_empty() {
            continue;
        }
        stamp += 1;
        search.run(&graph, start, stamp);
        // Ends e > start (the reverse chain is the same chain) weakly linked to a target.
        let mut ends: Vec<usize> = Vec::new();
        for &t in &targets {
            for e in graph.targets(t) {
                if e > start
                    && e != t
                    && search.reached(e, ON, stamp)
                    && search.dist[e * 2 + ON] >= 3
                    && !ends.contains(&e)
                {
                    ends.push(e);
                }
            }
        }
        for e in ends {
            if kind != Kind::Aic && e % n != start % n {
                continue;
            }
            if e / n == start / n {
                // Both ends in one cell: a nice loop, not an AIC.
                continue;
            }
            let mut eliminations: Vec<Elimination> = targets
                .iter()
                .copied()
                .filter(|&t| t != e && graph.elim_linked(t, e))
                .map(|t| Elimination {
                    cell: t / n,
                    digit: (t % n) as u8 + 1,
                })
                .collect();
            if eliminations.is_empty() {
                continue;
            }
            eliminations.sort_unstable();
            let nodes = search.path(e, start);
            if !accepts(kind, &nodes, n, board) {
                continue;
            }
            match by_elims.get(&eliminations) {
                Some(old) if old.nodes.len() <= nodes.len() => {}
                _ => {
                    by_elims.insert(
                        eliminations.clone(),
                        Found {
                            nodes,
                            eliminations,
                        },
                    );
                }
            }
        }
    }
    let mut found: Vec<Found> = by_elims.into_values().collect();
    found.sort_by(|a, b| {
        (a.nodes.len(), &a.eliminations, &a.nodes).cmp(&(b.nodes.len(), &b.eliminations, &b.nodes))
    });
    found
}

/// Which chains a technique reports: X-chains of five links and more (three-link ones are
/// skyscrapers, kites and turbot fish), XY-chains of four cells and more (three cells make an
/// XY-wing), AICs that are neither.
fn accepts(kind: Kind, nodes: &[usize], n: usize, board: &Board) -> bool {
    match kind {
        Kind::X => nodes.len() >= 4,
        Kind::Xy => nodes.len() >= 8,
        Kind::Aic => {
            let single_digit = nodes.iter().all(|&v| v % n == nodes[0] % n);
            let xy = nodes.len() % 2 == 0
                && nodes.chunks(2).all(|pair| {
                    pair[0] / n == pair[1] / n && board.candidates(pair[0] / n).len() == 2
                })
                && nodes[0] % n == nodes[nodes.len() - 1] % n;
            !(single_digit || xy)
        }
    }
}

/// Eureka-style notation: `(4)r1c2=(4)r1c7-(4)r3c8=(4)r5c8`, with links inside one cell written
/// `(4=7)r1c2`.
fn notation(geometry: &Geometry, nodes: &[usize], n: usize) -> String {
    let mut out = String::new();
    let mut i = 0;
    while i < nodes.len() {
        let (cell, d) = (nodes[i] / n, nodes[i] % n + 1);
        if i > 0 {
            out.push(if i % 2 == 1 { '=' } else { '-' });
        }
        if i + 1 < nodes.len() && nodes[i + 1] / n == cell {
            let d2 = nodes[i + 1] % n + 1;
            let link = if i % 2 == 0 { '=' } else { '-' };
            out.push_str(&format!("({d}{link}{d2}){}", geometry.cell_name(cell)));
            i += 2;
        } else {
            out.push_str(&format!("({d}){}", geometry.cell_name(cell)));
            i += 1;
        }
    }
    out
}

fn report(board: &Board, sink: &mut StepSink, kind: Kind, technique: Technique) {
    let geometry = board.geometry();
    let n = geometry.size();
    for found in find_chains(board, kind) {
        let nodes = &found.nodes;
        let mut cells: Vec<usize> = nodes.iter().map(|&v| v / n).collect();
        cells.dedup();
        let mut digits: Vec<u8> = nodes.iter().map(|&v| (v % n) as u8 + 1).collect();
        digits.sort_unstable();
        digits.dedup();
        let chain = notation(geometry, nodes, n);
        let (first, last) = (nodes[0], nodes[nodes.len() - 1]);
        let end_name = |v: usize| format!("{} in {}", v % n + 1, geometry.cell_name(v / n));
        let removed: Vec<String> = found
            .eliminations
            .iter()
            .map(|e| format!("{}<>{}", geometry.cell_name(e.cell), e.digit))
            .collect();
        let explanation = format!(
            "{title}: {chain} => {removed}. The links alternate strong (=, one of the two is \
             true) and weak (-, not both true), starting and ending with a strong link, so \
             {a} or {b} is true; every candidate that would rule out both ends is false: {what}",
            title = technique.title(),
            removed = removed.join(", "),
            a = end_name(first),
            b = end_name(last),
            what = describe_eliminations(geometry, &found.eliminations),
        );
        let step = Step {
            technique,
            houses: vec![],
            cells,
            digits,
            placements: vec![],
            eliminations: found.eliminations,
            explanation,
        };
        if sink.push(step) {
            return;
        }
    }
}

/// X-chains: alternating chains of one digit.
pub fn x_chain(board: &Board, sink: &mut StepSink) {
    report(board, sink, Kind::X, Technique::XChain);
}

/// XY-chains: chains of bivalue cells, each cell's two digits strongly linked.
pub fn xy_chain(board: &Board, sink: &mut StepSink) {
    report(board, sink, Kind::Xy, Technique::XyChain);
}

/// Alternating inference chains mixing both kinds of links.
pub fn aic(board: &Board, sink: &mut StepSink) {
    report(board, sink, Kind::Aic, Technique::Aic);
}
