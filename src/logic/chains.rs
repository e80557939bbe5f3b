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

use crate::grid::{Digits, Geometry, SIZES, Variant};

use super::board::Board;
use super::step::{BuildFx, Elimination, Step, StepSink, describe_eliminations};
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

/// Breadth-first search state, reused across start nodes. Visited sets are bitsets laid out
/// digit-major (digit `d`'s block of `w` words is a cell set), so one weak-link layer is a few
/// word operations per node: the same digit in the node's peers, OR-ed in at once.
struct Search {
    n: usize,
    w: usize,
    vis: [Vec<u64>; 2],
    /// Distance (links from the start) per (node, polarity), valid where `vis` is set.
    dist: [Vec<u16>; 2],
    frontier: Vec<usize>,
    next: Vec<usize>,
    fresh: Vec<u64>,
}

const OFF: usize = 0;
const ON: usize = 1;

impl Search {
    fn new(graph: &Graph) -> Search {
        let (n, w) = (graph.grid.n, graph.grid.w);
        let nodes = graph.grid.geometry.cell_count() * n;
        Search {
            n,
            w,
            vis: [vec![0; n * w], vec![0; n * w]],
            dist: [vec![0; nodes], vec![0; nodes]],
            frontier: Vec::new(),
            next: Vec::new(),
            fresh: vec![0; n * w],
        }
    }

    fn bit(&self, node: usize) -> (usize, u64) {
        let (cell, d) = (node / self.n, node % self.n);
        (d * self.w + cell / 64, 1u64 << (cell % 64))
    }

    fn seen(&self, node: usize, pol: usize) -> bool {
        let (i, b) = self.bit(node);
        self.vis[pol][i] & b != 0
    }

    fn mark(&mut self, node: usize, pol: usize, dist: u16) -> bool {
        let (i, b) = self.bit(node);
        if self.vis[pol][i] & b != 0 {
            return false;
        }
        self.vis[pol][i] |= b;
        self.dist[pol][node] = dist;
        true
    }

    /// Expands `start` assumed false; afterwards `seen(e, ON)` tells whether "start false
    /// implies e true" by an alternating chain of at most `max_links` links.
    fn run(&mut self, graph: &Graph, start: usize) {
        self.run_from(graph, start, OFF);
    }

    /// Expands `start` assumed false (`OFF`) or true (`ON`).
    fn run_from(&mut self, graph: &Graph, start: usize, start_pol: usize) {
        let (n, w) = (self.n, self.w);
        self.vis[OFF].fill(0);
        self.vis[ON].fill(0);
        self.frontier.clear();
        self.mark(start, start_pol, 0);
        self.frontier.push(start);
        let mut layer = 0u16;
        while !self.frontier.is_empty() && (layer as usize) < graph.max_links {
            self.next.clear();
            if (layer as usize + start_pol).is_multiple_of(2) {
                // OFF nodes: their strong partners are ON.
                for k in 0..self.frontier.len() {
                    let u = self.frontier[k];
                    for &v in graph.strong_of(u) {
                        if self.mark(v as usize, ON, layer + 1) {
                            self.next.push(v as usize);
                        }
                    }
                }
            } else {
                // ON nodes: their weak partners are OFF.
                self.fresh.fill(0);
                for &u in &self.frontier {
                    let (cell, d) = (u / n, u % n);
                    let peers = graph.grid.peers(cell);
                    let digit = graph.grid.digit(d as u8 + 1);
                    let block = &mut self.fresh[d * w..(d + 1) * w];
                    for i in 0..w {
                        block[i] |= peers[i] & digit[i] & graph.usable[i];
                    }
                    if graph.kind == Kind::Aic {
                        for o in graph.grid.board.candidates(cell).iter() {
                            let o = o as usize - 1;
                            if o != d {
                                self.fresh[o * w + cell / 64] |= 1 << (cell % 64);
                            }
                        }
                    }
                }
                for i in 0..n * w {
                    let mut bits = self.fresh[i] & !self.vis[OFF][i];
                    self.vis[OFF][i] |= bits;
                    while bits != 0 {
                        let cell = (i % w) * 64 + bits.trailing_zeros() as usize;
                        let node = cell * n + i / w;
                        self.dist[OFF][node] = layer + 1;
                        self.next.push(node);
                        bits &= bits - 1;
                    }
                }
            }
            std::mem::swap(&mut self.frontier, &mut self.next);
            layer += 1;
        }
    }

    /// A shortest chain from `start` (OFF) to `end` (ON), rebuilt from the distances.
    fn path(&self, graph: &Graph, start: usize, end: usize) -> Vec<usize> {
        self.path_to(graph, start, end, ON)
    }

    /// A shortest chain from the search's start to `end` with polarity `end_pol`.
    fn path_to(&self, graph: &Graph, start: usize, end: usize, end_pol: usize) -> Vec<usize> {
        let mut nodes = vec![end];
        let (mut node, mut pol) = (end, end_pol);
        let mut d = self.dist[end_pol][end];
        while d > 0 {
            let want = d - 1;
            let prev = if pol == ON {
                graph
                    .strong_of(node)
                    .iter()
                    .map(|&v| v as usize)
                    .find(|&v| self.seen(v, OFF) && self.dist[OFF][v] == want)
            } else {
                let mut found = None;
                graph.for_weak(node, |v| {
                    if found.is_none() && self.seen(v, ON) && self.dist[ON][v] == want {
                        found = Some(v);
                    }
                });
                found
            };
            node = prev.expect("a BFS predecessor");
            pol = 1 - pol;
            d = want;
            nodes.push(node);
        }
        debug_assert_eq!(node, start);
        let _ = start;
        nodes.reverse();
        nodes
    }
}

/// `digits` (X-chains only) limits the start candidates to those digits: an X-chain stays on
/// its start's digit.
fn find_chains(board: &Board, kind: Kind, digits: Option<Digits>) -> Vec<Found> {
    let graph = Graph::new(board, kind);
    let n = graph.grid.n;
    let node_count = graph.grid.geometry.cell_count() * n;
    let mut search = Search::new(&graph);
    let mut by_elims: HashMap<Vec<Elimination>, Found, BuildFx> = HashMap::default();
    let mut ends: Vec<usize> = Vec::new();
    let w = graph.grid.w;
    let mut end_bits = vec![0u64; n * w];
    let mut buf: Vec<Elimination> = Vec::new();
    for start in 0..node_count {
        if graph.strong_of(start).is_empty() {
            continue;
        }
        if kind == Kind::X && digits.is_some_and(|d| !d.contains((start % n) as u8 + 1)) {
            continue;
        }
        let targets = graph.targets(start);
        if targets.is_empty() {
            continue;
        }
        search.run(&graph, start);
        // Ends e > start (the reverse chain is the same chain) weakly linked to a target,
        // gathered as a bitset: the targets' weak partners that the search reached ON.
        ends.clear();
        end_bits.fill(0);
        for &t in &targets {
            let (tc, td) = (t / n, t % n);
            let peers = graph.grid.peers(tc);
            let digit = graph.grid.digit(td as u8 + 1);
            for i in 0..w {
                end_bits[td * w + i] |= peers[i] & digit[i];
            }
            if kind == Kind::Aic {
                for o in board.candidates(tc).iter() {
                    let o = o as usize - 1;
                    if o != td {
                        end_bits[o * w + tc / 64] |= 1 << (tc % 64);
                    }
                }
            }
        }
        for (i, (&end, &visited)) in end_bits.iter().zip(&search.vis[ON]).enumerate().take(n * w) {
            let mut bits = end & visited;
            while bits != 0 {
                let cell = (i % w) * 64 + bits.trailing_zeros() as usize;
                let e = cell * n + i / w;
                if e > start && search.dist[ON][e] >= 3 {
                    ends.push(e);
                }
                bits &= bits - 1;
            }
        }
        for &e in &ends {
            if kind != Kind::Aic && e % n != start % n {
                continue;
            }
            if e / n == start / n {
                // Both ends in one cell: a nice loop, not an AIC.
                continue;
            }
            buf.clear();
            buf.extend(
                targets
                    .iter()
                    .copied()
                    .filter(|&t| t != e && graph.elim_linked(t, e))
                    .map(|t| Elimination {
                        cell: t / n,
                        digit: (t % n) as u8 + 1,
                    }),
            );
            if buf.is_empty() {
                continue;
            }
            buf.sort_unstable();
            let links = search.dist[ON][e] as usize + 1;
            if by_elims
                .get(buf.as_slice())
                .is_some_and(|old| old.nodes.len() <= links)
            {
                continue;
            }
            let nodes = search.path(&graph, start, e);
            if !accepts(kind, &nodes, n, board) {
                continue;
            }
            by_elims.insert(
                buf.clone(),
                Found {
                    nodes,
                    eliminations: buf.clone(),
                },
            );
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
            let xy = nodes.len().is_multiple_of(2)
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
    let digits = if kind == Kind::X { sink.digits() } else { None };
    for found in find_chains(board, kind, digits) {
        let nodes = &found.nodes;
        let mut cells: Vec<usize> = nodes.iter().map(|&v| v / n).collect();
        cells.dedup();
        let mut digits: Vec<u8> = nodes.iter().map(|&v| (v % n) as u8 + 1).collect();
        digits.sort_unstable();
        digits.dedup();
        let explanation = sink.text(|| {
            let chain = notation(geometry, nodes, n);
            let (first, last) = (nodes[0], nodes[nodes.len() - 1]);
            let end_name = |v: usize| format!("{} in {}", v % n + 1, geometry.cell_name(v / n));
            let removed: Vec<String> = found
                .eliminations
                .iter()
                .map(|e| format!("{}<>{}", geometry.cell_name(e.cell), e.digit))
                .collect();
            format!(
                "{title}: {chain} => {removed}. The links alternate strong (=, one of the two is \
             true) and weak (-, not both true), starting and ending with a strong link, so \
             {a} or {b} is true; every candidate that would rule out both ends is false: {what}",
                title = technique.title(),
                removed = removed.join(", "),
                a = end_name(first),
                b = end_name(last),
                what = describe_eliminations(geometry, &found.eliminations),
            )
        });
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

/// A discontinuous nice loop: a chain from a candidate back to its own cell.
struct Loop {
    /// The chain, start first; `start_on` tells whether the start is assumed true.
    nodes: Vec<usize>,
    start_on: bool,
    eliminations: Vec<Elimination>,
}

/// Discontinuous nice loops (HoDoKu's rules), found with the AIC link graph. For a candidate
/// `x` of a cell:
/// * `x` false forces `x` true (two strong links at `x`): `x` is true, every other candidate of
///   the cell goes;
/// * `x` false forces another candidate `y` of the cell true (two strong links, different
///   digits): `x` or `y` is true, the cell's other candidates go;
/// * `x` true forces `x` false (two weak links), or forces another candidate of its cell true
///   (a weak and a strong link, different digits): `x` is false.
fn find_nice_loops(board: &Board) -> Vec<Loop> {
    let graph = Graph::new(board, Kind::Aic);
    let n = graph.grid.n;
    let cells = graph.grid.geometry.cell_count();
    let mut search = Search::new(&graph);
    let mut by_elims: HashMap<Vec<Elimination>, Loop, BuildFx> = HashMap::default();
    let keep = |by_elims: &mut HashMap<Vec<Elimination>, Loop, BuildFx>, found: Loop| {
        if found.eliminations.is_empty()
            || by_elims
                .get(&found.eliminations)
                .is_some_and(|old| old.nodes.len() <= found.nodes.len())
        {
            return;
        }
        by_elims.insert(found.eliminations.clone(), found);
    };
    for cell in 0..cells {
        if board.value(cell) != 0 || board.candidates(cell).len() < 2 {
            continue;
        }
        let cands = board.candidates(cell);
        for x in cands.iter() {
            let start = cell * n + x as usize - 1;
            // Assumed false.
            if !graph.strong_of(start).is_empty() {
                search.run_from(&graph, start, OFF);
                for y in cands.iter() {
                    let end = cell * n + y as usize - 1;
                    if !search.seen(end, ON) || search.dist[ON][end] < 3 {
                        continue;
                    }
                    let eliminations: Vec<Elimination> = cands
                        .iter()
                        .filter(|&d| d != x && d != y)
                        .map(|digit| Elimination { cell, digit })
                        .collect();
                    if eliminations.is_empty() {
                        continue;
                    }
                    let links = search.dist[ON][end] as usize + 1;
                    if by_elims
                        .get(&eliminations)
                        .is_some_and(|old| old.nodes.len() <= links)
                    {
                        continue;
                    }
                    let nodes = search.path_to(&graph, start, end, ON);
                    keep(
                        &mut by_elims,
                        Loop {
                            nodes,
                            start_on: false,
                            eliminations,
                        },
                    );
                }
            }
            // Assumed true.
            search.run_from(&graph, start, ON);
            let eliminations = vec![Elimination { cell, digit: x }];
            let mut best: Option<(usize, usize)> = None;
            for y in cands.iter() {
                let end = cell * n + y as usize - 1;
                let pol = if y == x { OFF } else { ON };
                if !search.seen(end, pol) || search.dist[pol][end] < 3 {
                    continue;
                }
                let d = search.dist[pol][end] as usize;
                if best.is_none_or(|(bd, _)| d < bd) {
                    best = Some((d, end));
                }
            }
            if let Some((d, end)) = best {
                if by_elims
                    .get(&eliminations)
                    .is_some_and(|old| old.nodes.len() <= d + 1)
                {
                    continue;
                }
                let pol = if end == start { OFF } else { ON };
                let nodes = search.path_to(&graph, start, end, pol);
                keep(
                    &mut by_elims,
                    Loop {
                        nodes,
                        start_on: true,
                        eliminations,
                    },
                );
            }
        }
    }
    let mut found: Vec<Loop> = by_elims.into_values().collect();
    found.sort_by(|a, b| {
        (a.nodes.len(), &a.eliminations, &a.nodes).cmp(&(b.nodes.len(), &b.eliminations, &b.nodes))
    });
    found
}

/// Discontinuous nice loops: see [`find_nice_loops`].
pub fn discontinuous_nice_loop(board: &Board, sink: &mut StepSink) {
    let geometry = board.geometry();
    let n = geometry.size();
    for found in find_nice_loops(board) {
        let nodes = &found.nodes;
        let mut cells: Vec<usize> = nodes.iter().map(|&v| v / n).collect();
        cells.sort_unstable();
        cells.dedup();
        let mut digits: Vec<u8> = nodes.iter().map(|&v| (v % n) as u8 + 1).collect();
        digits.sort_unstable();
        digits.dedup();
        let (first, last) = (nodes[0], nodes[nodes.len() - 1]);
        let explanation = sink.text(|| {
            let cell = geometry.cell_name(first / n);
            let (x, y) = (first % n + 1, last % n + 1);
            let chain = loop_notation(geometry, nodes, n, found.start_on);
            let why = if !found.start_on && x == y {
                format!("if {cell} were not {x} it would have to be {x}, so {cell} is {x}")
            } else if !found.start_on {
                format!("if {cell} were not {x} it would have to be {y}, so {cell} is {x} or {y}")
            } else if x == y {
                format!("if {cell} were {x} it could not be {x}, so {cell} is not {x}")
            } else {
                format!("if {cell} were {x} it would also have to be {y}, so {cell} is not {x}")
            };
            format!(
                "Discontinuous nice loop: {chain}. The links alternate strong (=, if one is false \
             the other is true) and weak (-, if one is true the other is false), and the loop \
             comes back to the cell it started from: {why}. {what}",
                what = capitalise(&describe_eliminations(geometry, &found.eliminations)),
            )
        });
        let step = Step {
            technique: Technique::DiscontinuousNiceLoop,
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

fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().collect::<String>() + chars.as_str(),
        None => String::new(),
    }
}

/// A loop in Eureka-style notation, closed with the start cell: `(4)r1c2-(4)r1c7=...=(4)r1c2`
/// for a start assumed true (its first link is weak), `=` first for a start assumed false.
fn loop_notation(geometry: &Geometry, nodes: &[usize], n: usize, start_on: bool) -> String {
    let mut out = String::new();
    for (i, &v) in nodes.iter().enumerate() {
        if i > 0 {
            // Links alternate; a start assumed false leaves by a strong link.
            let strong = (i % 2 == 1) != start_on;
            out.push(if strong { '=' } else { '-' });
        }
        out.push_str(&format!("({}){}", v % n + 1, geometry.cell_name(v / n)));
    }
    out
}
