//! The link graph of one board and the layered breadth-first search over it that the AICs,
//! the nice loops and the loop search start from.
//!
//! Strong links join two candidates of which one must be true (a digit with exactly two places
//! in a house, a cell with exactly two candidates), weak links two of which one must be false
//! (the same digit in two cells that see each other, two digits of one cell). The search
//! expands a premise ("this candidate is false", or "true") layer by layer along alternating
//! links, so it also tells how many links the shortest chain to each reached candidate has.

use super::bits::BitBoard;
use super::board::Board;

/// The link graph of one board: strong links (a digit with two places in a house, a bivalue
/// cell) and weak ones (the same digit in two cells that see each other, two digits of a cell).
pub(crate) struct Graph<'a> {
    pub grid: BitBoard<'a>,
    /// Strong partners of each node (node = cell * n + digit - 1), CSR.
    strong_start: Vec<u32>,
    strong: Vec<u32>,
    /// The empty cells.
    usable: Vec<u64>,
    max_links: usize,
}

impl<'a> Graph<'a> {
    /// The graph, searched up to `max_links` links from a premise.
    pub fn for_tables(board: &'a Board, max_links: usize) -> Graph<'a> {
        let grid = BitBoard::new(board);
        let geometry = grid.geometry;
        let n = grid.n;
        let cells = geometry.cell_count();
        let mut usable = vec![0u64; grid.w];
        for cell in 0..cells {
            if board.value(cell) == 0 {
                usable[cell / 64] |= 1 << (cell % 64);
            }
        }
        let mut lists: Vec<Vec<u32>> = vec![Vec::new(); cells * n];
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
        for cell in 0..cells {
            let cands = board.candidates(cell);
            if board.value(cell) == 0 && cands.len() == 2 {
                let mut it = cands.iter();
                if let (Some(a), Some(b)) = (it.next(), it.next()) {
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
            max_links,
            grid,
            strong_start,
            strong,
            usable,
        }
    }

    pub fn strong_of(&self, node: usize) -> &[u32] {
        &self.strong[self.strong_start[node] as usize..self.strong_start[node + 1] as usize]
    }

    /// Calls `f` for every weak partner of `node` (strong partners included: a strong link is
    /// also weak).
    pub fn for_weak(&self, node: usize, mut f: impl FnMut(usize)) {
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
        for other in self.grid.board.candidates(cell).iter() {
            if other != d {
                f(cell * n + other as usize - 1);
            }
        }
    }
}

/// Breadth-first search state, reused across premises. Visited sets are bitsets laid out
/// digit-major (digit `d`'s block of `w` words is a cell set), so one weak-link layer is a few
/// word operations per node: the same digit in the node's peers, OR-ed in at once.
pub(crate) struct LinkSearch {
    n: usize,
    w: usize,
    pub vis: [Vec<u64>; 2],
    /// Distance (links from the premise) per (node, polarity), valid where `vis` is set.
    pub dist: [Vec<u16>; 2],
    frontier: Vec<usize>,
    next: Vec<usize>,
    fresh: Vec<u64>,
}

pub(crate) const OFF: usize = 0;
pub(crate) const ON: usize = 1;

impl LinkSearch {
    pub fn new(graph: &Graph) -> LinkSearch {
        let (n, w) = (graph.grid.n, graph.grid.w);
        let nodes = graph.grid.geometry.cell_count() * n;
        LinkSearch {
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

    pub fn seen(&self, node: usize, pol: usize) -> bool {
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

    /// Expands `start` assumed false (`OFF`) or true (`ON`): afterwards `seen(e, pol)` tells
    /// whether the premise implies `e` with polarity `pol` by an alternating chain of at most
    /// the graph's `max_links` links, and `dist` how many links the shortest one has.
    pub fn run_from(&mut self, graph: &Graph, start: usize, start_pol: usize) {
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
                    for o in graph.grid.board.candidates(cell).iter() {
                        let o = o as usize - 1;
                        if o != d {
                            self.fresh[o * w + cell / 64] |= 1 << (cell % 64);
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
}

/// The chain graph of a board with HoDoKu's table length: unbounded on 9×9 (its tables hold
/// every implication), `2N + 2` links on larger grids, where chains that long teach nothing.
pub(crate) fn graph(board: &Board) -> Graph<'_> {
    let n = board.size();
    Graph::for_tables(board, if n <= 9 { usize::MAX } else { 2 * n + 2 })
}
