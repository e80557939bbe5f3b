//! Generic exact solver: counts solutions of any size (4×4 … 36×36) and any variant.
//!
//! The generator calls this thousands of times per 16×16 or 25×25 puzzle, so it is built for
//! speed while staying generic: variant houses (diagonals, windows) are simply more houses.
//!
//! # State
//!
//! A search node is one `u64` candidate set per cell (bit `d - 1` = digit `d`) plus a bitmap of
//! *solved* cells (singletons whose digit has already been removed from every peer). Nodes live
//! in a flat arena, one slot per search depth; a branch copies its parent's slot (2 KB for
//! 16×16, 5 KB for 25×25) instead of keeping an undo trail, which keeps the propagation loop
//! free of bookkeeping. The last alternative of a choice reuses the parent's slot in place.
//! The search is iterative (an explicit stack of choices), so depth is never a concern.
//!
//! # Propagation (to a fixpoint)
//!
//! * naked singles: a queue of cells that became singletons; each is removed from its peers
//!   (precomputed flat peer lists), which may create more singletons;
//! * hidden singles: one bit-sliced pass per house computes the digits seen at least once,
//!   twice and three times; a digit seen once that is not already a single is placed, a digit
//!   seen nowhere is a contradiction. The same pass records, per house, the digits with exactly
//!   two places, which the branching rule uses.
//! * locked candidates (pointing and claiming between boxes and rows/columns), see
//!   `LOCKED_CANDIDATES` for what it measured.
//!
//! # Branching
//!
//! Minimum remaining values over cells, ties going to the most constraining cell (most unsolved
//! cells in its houses); when no cell is bivalue, a digit with two places in a house (DLX's
//! column choice) is taken instead.
//!
//! # Lookahead
//!
//! Sparse 16×16 puzzles (tarek's 206, 81–89 givens) defeat singles-and-guess search: the first
//! one took 6.7M nodes (3.2M with locked candidates, 610k with the degree tie-break). So a
//! count that exceeds `PLAIN_BUDGET` nodes starts over with failed-literal probing at every
//! node (`Solver::probe`): both alternatives of the `PROBE_WIDTH` best binary choices are
//! propagated; a refuted one is eliminated, and the choice that propagates most is branched
//! on. That puzzle then takes about 9k probes and 0.3 s.

use crate::grid::{Cage, CageArithmetic, Digits, Geometry};

/// Whether propagation also applies pointing/claiming (box–line locked candidates) once the
/// singles reach a fixpoint. Measured on tarek's 16×16 set with lookahead on: 79k nodes with it
/// against 740k without, for the first ten puzzles; cheap on the easy sets.
const LOCKED_CANDIDATES: bool = true;

/// How many binary choices (bivalue cells and digits with two places in a house), best degree
/// first, the lookahead probes at a node. Tarek's first ten 16×16 puzzles: 8 → 687k nodes,
/// 16 → 113k, 24 → 79k, 32 → 79k (and 0, no lookahead, is over 2M nodes for puzzle 1 alone).
const PROBE_WIDTH: usize = 24;

/// A count first runs without lookahead; past this many alternatives it starts over with it.
/// Easy puzzles (most of krazydad's set needs fewer than 100 nodes) finish before lookahead
/// would pay for itself; hard ones lose at most this many nodes. (Switching lookahead on in
/// the middle of the search instead doubled the nodes on tarek's set: the top of the tree,
/// chosen without it, is where a choice matters most.)
const PLAIN_BUDGET: u64 = 1000;

/// Precomputed, flattened lookup tables of one geometry (houses and peers as `u16` indices, so
/// the inner loops stream through small contiguous arrays).
#[derive(Clone)]
struct Tables {
    size: usize,
    /// The side of a box; `None` for a jigsaw's irregular regions (no locked candidates then).
    box_size: Option<usize>,
    cells: usize,
    house_count: usize,
    /// Every digit of the size: `Digits::all(size)`.
    all: u64,
    /// `house_cells[h * size ..][..size]`: the cells of house `h`.
    house_cells: Vec<u16>,
    /// `peers[peer_start[c] .. peer_start[c + 1]]`: the peers of cell `c`.
    peer_start: Vec<u32>,
    peers: Vec<u16>,
    /// `houses_of[house_start[c] .. house_start[c + 1]]`: the houses containing cell `c`.
    house_start: Vec<u32>,
    houses_of: Vec<u16>,
    /// `cage_cells[cage_start[k] .. cage_start[k + 1]]`: the cells of cage `k` (none without
    /// cages).
    cage_start: Vec<u32>,
    cage_cells: Vec<u16>,
    /// What each cage's digits add up to.
    cage_sum: Vec<u32>,
    /// The digit sets of each (cage size, sum), present when there are cages.
    arith: Option<&'static CageArithmetic>,
    /// Each cell's peers as a bitset of `words` words (see [`Geometry::peer_bits`]), for the
    /// cage rule that removes a cage's certain digit from the cells seeing all its places.
    peer_bits: Vec<u64>,
    /// Without boxes (jigsaw regions), every pair of houses crossing in two cells or more, as
    /// three cell lists: `crossings[i] = [shared, rest of the first, rest of the second]`
    /// (ranges into `crossing_cells`), for locked candidates between any two houses.
    crossings: Vec<[(u32, u32); 3]>,
    crossing_cells: Vec<u16>,
}

impl Tables {
    fn build(geometry: &Geometry) -> Tables {
        let size = geometry.size();
        let cells = geometry.cell_count();
        let houses = geometry.houses();
        let mut house_cells = Vec::with_capacity(houses.len() * size);
        for house in houses {
            house_cells.extend(house.cells.iter().map(|&c| c as u16));
        }
        let mut peer_start = Vec::with_capacity(cells + 1);
        let mut peers = Vec::new();
        peer_start.push(0);
        for cell in 0..cells {
            peers.extend(geometry.peers(cell).iter().map(|&p| p as u16));
            peer_start.push(peers.len() as u32);
        }
        let mut house_start = vec![0u32];
        let mut houses_of = Vec::new();
        for cell in 0..cells {
            houses_of.extend(geometry.houses_of(cell).iter().map(|&h| h as u16));
            house_start.push(houses_of.len() as u32);
        }
        let mut cage_start = vec![0u32];
        let mut cage_cells = Vec::new();
        let mut cage_sum = Vec::new();
        for cage in geometry.cages() {
            cage_cells.extend(cage.cells.iter().map(|&c| c as u16));
            cage_start.push(cage_cells.len() as u32);
            cage_sum.push(cage.sum);
        }
        let has_cages = !cage_sum.is_empty();
        let mut crossings = Vec::new();
        let mut crossing_cells = Vec::new();
        if geometry.box_size().is_none() {
            for (a, first) in houses.iter().enumerate() {
                for second in &houses[a + 1..] {
                    let shared: Vec<usize> = first
                        .cells
                        .iter()
                        .copied()
                        .filter(|c| second.cells.contains(c))
                        .collect();
                    if shared.len() < 2 || shared.len() == size {
                        continue;
                    }
                    let mut push = |list: &mut dyn Iterator<Item = usize>| {
                        let start = crossing_cells.len() as u32;
                        crossing_cells.extend(list.map(|c| c as u16));
                        (start, crossing_cells.len() as u32)
                    };
                    let s = push(&mut shared.iter().copied());
                    let f = push(&mut first.cells.iter().copied().filter(|c| !shared.contains(c)));
                    let g = push(&mut second.cells.iter().copied().filter(|c| !shared.contains(c)));
                    crossings.push([s, f, g]);
                }
            }
        }
        Tables {
            size,
            box_size: geometry.box_size(),
            cells,
            house_count: houses.len(),
            all: Digits::all(size).0,
            house_cells,
            peer_start,
            peers,
            house_start,
            houses_of,
            cage_start,
            cage_cells,
            cage_sum,
            arith: has_cages.then(|| geometry.cage_arithmetic()),
            peer_bits: if has_cages {
                geometry.peer_bits().to_vec()
            } else {
                Vec::new()
            },
            crossings,
            crossing_cells,
        }
    }

    /// The shared tables of a geometry, built on first use and kept with it
    /// ([`Geometry::derived`]).
    fn of(geometry: &Geometry) -> &Tables {
        geometry.derived(Tables::build)
    }

    /// These tables (of a geometry without cages) with `cages` added: cage-mates become peers
    /// and the cage rules apply. Cheaper than building a geometry for each candidate cage
    /// layout, which is what the killer generator tries by the hundred.
    fn with_cages(&self, cages: &[Cage]) -> Tables {
        let mut t = self.clone();
        let words = t.cells.div_ceil(64);
        let mut cage_of = vec![usize::MAX; t.cells];
        t.cage_start = vec![0];
        t.cage_cells.clear();
        t.cage_sum.clear();
        for (k, cage) in cages.iter().enumerate() {
            for &c in &cage.cells {
                cage_of[c] = k;
            }
            t.cage_cells.extend(cage.cells.iter().map(|&c| c as u16));
            t.cage_start.push(t.cage_cells.len() as u32);
            t.cage_sum.push(cage.sum);
        }
        t.arith = Some(CageArithmetic::of(t.size));
        let mut bits = vec![0u64; t.cells * words];
        for cell in 0..t.cells {
            let row = &mut bits[cell * words..(cell + 1) * words];
            for &p in self.peers_of(cell) {
                row[p as usize / 64] |= 1 << (p % 64);
            }
            if let Some(cage) = cages.get(cage_of[cell]) {
                for &p in &cage.cells {
                    if p != cell {
                        row[p / 64] |= 1 << (p % 64);
                    }
                }
            }
        }
        t.peers.clear();
        t.peer_start = vec![0];
        for cell in 0..t.cells {
            for (w, &word) in bits[cell * words..(cell + 1) * words].iter().enumerate() {
                let mut b = word;
                while b != 0 {
                    t.peers.push((w * 64 + b.trailing_zeros() as usize) as u16);
                    b &= b - 1;
                }
            }
            t.peer_start.push(t.peers.len() as u32);
        }
        t.peer_bits = bits;
        t
    }

    fn house(&self, h: usize) -> &[u16] {
        &self.house_cells[h * self.size..(h + 1) * self.size]
    }

    fn houses_of(&self, cell: usize) -> &[u16] {
        &self.houses_of[self.house_start[cell] as usize..self.house_start[cell + 1] as usize]
    }

    fn cage(&self, k: usize) -> &[u16] {
        &self.cage_cells[self.cage_start[k] as usize..self.cage_start[k + 1] as usize]
    }

    fn peers_of(&self, cell: usize) -> &[u16] {
        &self.peers[self.peer_start[cell] as usize..self.peer_start[cell + 1] as usize]
    }
}

/// Outcome of lookahead at a node.
enum Probe {
    Branch(Choice),
    Failed,
    Solved,
}

/// What to branch on at a node.
#[derive(Clone, Copy, Debug)]
enum Choice {
    /// Try each digit of `rest` (a candidate mask) in `cell`.
    Cell { cell: u16, rest: u64 },
    /// Place digit `bit` in each cell of house `house` whose index in the house is in `rest`.
    Place { house: u16, bit: u64, rest: u64 },
}

impl Choice {
    /// Takes the next alternative as (cell, digit bit), and whether it was the last.
    fn next(&mut self, tables: &Tables) -> Option<(usize, u64, bool)> {
        match self {
            Choice::Cell { cell, rest } => {
                if *rest == 0 {
                    return None;
                }
                let bit = *rest & rest.wrapping_neg();
                *rest ^= bit;
                Some((*cell as usize, bit, *rest == 0))
            }
            Choice::Place { house, bit, rest } => {
                if *rest == 0 {
                    return None;
                }
                let i = rest.trailing_zeros() as usize;
                *rest &= *rest - 1;
                let cell = tables.house(*house as usize)[i] as usize;
                Some((cell, *bit, *rest == 0))
            }
        }
    }
}

/// Reusable search buffers; [`count_solutions`] makes one per call, callers in a loop (the
/// generator) can keep one and call [`Solver::count`] to skip the allocations.
#[derive(Default)]
pub struct Solver {
    /// Candidate arena: slot `i` (`cells` words) is the node at depth `i`.
    cand: Vec<u64>,
    /// Solved-cell bitmaps, `words` per slot.
    solved: Vec<u64>,
    /// Solved-cell counts per slot.
    nsolved: Vec<u32>,
    /// Open choices: `choices[i]` branches from slot `i` into slot `i + 1`.
    choices: Vec<Choice>,
    /// Singletons waiting to be removed from their peers.
    queue: Vec<u16>,
    /// Per house, the digits with exactly two places (from the last hidden-single pass).
    pairs: Vec<u64>,
    /// Per house, the cells not yet solved (from the last hidden-single pass).
    unsolved: Vec<u32>,
    /// Scratch list of binary choices for the lookahead, with their sort keys.
    binaries: Vec<(i64, Choice)>,
    /// Alternatives tried (search nodes) by the last count.
    nodes: u64,
}

/// Counts solutions up to `limit` (>= 1) starting from per-cell candidate sets (a cell with one
/// candidate counts as placed); writes the first solution found (row-major digits 1..=N) into
/// `solution` (cleared and refilled). Contradictory input (a cell with no candidates, two
/// single-candidate peers with the same digit) gives 0, never a panic.
pub fn count_solutions(
    geometry: &Geometry,
    candidates: &[Digits],
    limit: usize,
    solution: &mut Vec<u8>,
) -> usize {
    Solver::default().count(geometry, candidates, limit, solution)
}

impl Solver {
    /// As [`count_solutions`], reusing this solver's buffers.
    pub fn count(
        &mut self,
        geometry: &Geometry,
        candidates: &[Digits],
        limit: usize,
        solution: &mut Vec<u8>,
    ) -> usize {
        solution.clear();
        if limit == 0 || candidates.len() != geometry.cell_count() {
            return 0;
        }
        let tables = Tables::of(geometry);
        match self.run(tables, candidates, limit, solution, false) {
            Some(count) => count,
            None => {
                let plain_nodes = self.nodes;
                solution.clear();
                let count = self.run(tables, candidates, limit, solution, true);
                self.nodes += plain_nodes;
                count.unwrap_or(0)
            }
        }
    }

    /// As [`Solver::count`] on `geometry` (its houses; its own cages, if any, are ignored)
    /// with `cages` as its cages (each of distinct digits adding up to its sum; cells of size
    /// at most 16, cages not checked for overlap or connectivity: callers build them).
    pub fn count_with_cages(
        &mut self,
        geometry: &Geometry,
        cages: &[Cage],
        candidates: &[Digits],
        limit: usize,
        solution: &mut Vec<u8>,
    ) -> usize {
        solution.clear();
        if limit == 0
            || candidates.len() != geometry.cell_count()
            || geometry.size() > crate::grid::MAX_KILLER_SIZE
        {
            return 0;
        }
        let tables = Tables::of(geometry).with_cages(cages);
        match self.run(&tables, candidates, limit, solution, false) {
            Some(count) => count,
            None => {
                let plain_nodes = self.nodes;
                solution.clear();
                let count = self.run(&tables, candidates, limit, solution, true);
                self.nodes += plain_nodes;
                count.unwrap_or(0)
            }
        }
    }

    /// One depth-first count. Without `probing`, gives up (`None`) past [`PLAIN_BUDGET`]
    /// nodes; with it, always finishes.
    fn run(
        &mut self,
        t: &Tables,
        candidates: &[Digits],
        limit: usize,
        solution: &mut Vec<u8>,
        probing: bool,
    ) -> Option<usize> {
        let cells = t.cells;
        let words = cells.div_ceil(64);
        self.cand.clear();
        self.solved.clear();
        self.nsolved.clear();
        self.choices.clear();
        self.queue.clear();
        self.nodes = 0;
        self.pairs.clear();
        self.pairs.resize(t.house_count, 0);
        self.unsolved.clear();
        self.unsolved.resize(t.house_count, 0);
        self.ensure_slot(0, cells, words);
        for (cell, (slot, set)) in self.cand.iter_mut().zip(candidates).enumerate() {
            *slot = set.0 & t.all;
            if *slot == 0 {
                return Some(0);
            }
            if *slot & (*slot - 1) == 0 {
                self.queue.push(cell as u16);
            }
        }
        let mut count = 0;
        if !self.propagate(t, 0) {
            return Some(0);
        }
        // `depth` is the slot of the node being expanded; `None` after a contradiction, when
        // the next alternative of the innermost open choice is due.
        let mut node = Some(0usize);
        loop {
            if let Some(depth) = node {
                if self.nsolved[depth] as usize == cells {
                    if count == 0 {
                        let slot = &self.cand[depth * cells..(depth + 1) * cells];
                        solution.extend(slot.iter().map(|&m| m.trailing_zeros() as u8 + 1));
                    }
                    count += 1;
                    if count >= limit {
                        return Some(count);
                    }
                } else if probing {
                    match self.probe(t, depth) {
                        Probe::Branch(choice) => self.choices.push(choice),
                        Probe::Failed => {}
                        Probe::Solved => continue,
                    }
                } else {
                    let choice = self.choose(t, depth);
                    self.choices.push(choice);
                }
            }
            // Take the next alternative of the innermost open choice.
            let Some(depth) = self.choices.len().checked_sub(1) else {
                return Some(count);
            };
            let choice = &mut self.choices[depth];
            let Some((cell, bit, last)) = choice.next(t) else {
                self.choices.pop();
                node = None;
                continue;
            };
            let target = if last {
                // The last alternative reuses the parent's slot: the choice is finished.
                self.choices.pop();
                depth
            } else {
                self.ensure_slot(depth + 1, cells, words);
                self.copy_to_next(depth, cells, words);
                depth + 1
            };
            self.nodes += 1;
            if !probing && self.nodes > PLAIN_BUDGET {
                return None;
            }
            self.cand[target * cells + cell] = bit;
            self.queue.clear();
            self.queue.push(cell as u16);
            node = self.propagate(t, target).then_some(target);
        }
    }

    /// Lookahead at a propagated, unsolved node (failed-literal probing): for the
    /// [`PROBE_WIDTH`] most constraining binary choices, propagates both alternatives in the
    /// next slot. A refuted alternative is eliminated at the node itself (and propagation and
    /// probing rerun); otherwise the choice whose two alternatives remove the most candidates
    /// (product of the two counts, as in look-ahead SAT solvers) is returned.
    fn probe(&mut self, t: &Tables, depth: usize) -> Probe {
        let cells = t.cells;
        let words = cells.div_ceil(64);
        let base = depth * cells;
        self.ensure_slot(depth + 1, cells, words);
        'restart: loop {
            if self.nsolved[depth] as usize == cells {
                return Probe::Solved;
            }
            let mut binaries = std::mem::take(&mut self.binaries);
            binaries.clear();
            {
                let cand = &self.cand[base..base + cells];
                for (cell, &m) in cand.iter().enumerate() {
                    if m.count_ones() == 2 {
                        let choice = Choice::Cell {
                            cell: cell as u16,
                            rest: m,
                        };
                        binaries.push((-self.degree(t, cell), choice));
                    }
                }
                for (h, &pairs) in self.pairs.iter().enumerate() {
                    let mut p = pairs;
                    while p != 0 {
                        let bit = p & p.wrapping_neg();
                        p ^= bit;
                        let choice = place_choice(t, cand, h, bit);
                        binaries.push((-2 * i64::from(self.unsolved[h]), choice));
                    }
                }
            }
            if binaries.is_empty() {
                self.binaries = binaries;
                return Probe::Branch(self.choose(t, depth));
            }
            binaries.sort_unstable_by_key(|b| b.0);
            binaries.truncate(PROBE_WIDTH);
            let before: u32 = self.cand[base..base + cells]
                .iter()
                .map(|m| m.count_ones())
                .sum();
            let mut best: Option<(u64, Choice)> = None;
            for &(_, choice) in &binaries {
                let mut alternatives = choice;
                let mut score = [0u64; 2];
                let mut j = 0;
                while let Some((cell, bit, _)) = alternatives.next(t) {
                    if self.cand[base + cell] & bit == 0 {
                        // Eliminated by an earlier refutation in this round.
                        continue;
                    }
                    self.copy_to_next(depth, cells, words);
                    self.cand[base + cells + cell] = bit;
                    self.queue.clear();
                    self.queue.push(cell as u16);
                    self.nodes += 1;
                    if self.propagate(t, depth + 1) {
                        let after: u32 = self.cand[base + cells..base + 2 * cells]
                            .iter()
                            .map(|m| m.count_ones())
                            .sum();
                        score[j.min(1)] = u64::from(before.saturating_sub(after));
                        j += 1;
                    } else {
                        // Refuted: the digit is not in that cell at this node.
                        let m = self.cand[base + cell] & !bit;
                        self.queue.clear();
                        if m & m.wrapping_sub(1) == 0 {
                            self.queue.push(cell as u16);
                        }
                        self.cand[base + cell] = m;
                        self.binaries = binaries;
                        if m == 0 || !self.propagate(t, depth) {
                            return Probe::Failed;
                        }
                        continue 'restart;
                    }
                }
                let value = score[0] * score[1] + score[0] + score[1];
                if best.is_none_or(|(b, _)| value > b) {
                    best = Some((value, choice));
                }
            }
            self.binaries = binaries;
            return match best {
                Some((_, choice)) => Probe::Branch(choice),
                None => Probe::Branch(self.choose(t, depth)),
            };
        }
    }

    /// Copies slot `depth` into slot `depth + 1` (which must exist).
    fn copy_to_next(&mut self, depth: usize, cells: usize, words: usize) {
        let (parent, child) = self.cand.split_at_mut((depth + 1) * cells);
        child[..cells].copy_from_slice(&parent[depth * cells..]);
        let (parent, child) = self.solved.split_at_mut((depth + 1) * words);
        child[..words].copy_from_slice(&parent[depth * words..]);
        self.nsolved[depth + 1] = self.nsolved[depth];
    }

    /// Search nodes (alternatives tried) of the last count: the solver's unit of work.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Makes sure slot `depth` exists in the arenas.
    fn ensure_slot(&mut self, depth: usize, cells: usize, words: usize) {
        let needed = depth + 1;
        if self.nsolved.len() < needed {
            self.cand.resize(needed * cells, 0);
            self.solved.resize(needed * words, 0);
            self.nsolved.resize(needed, 0);
        }
    }

    /// Propagates the queued singletons and hidden singles in slot `depth` to a fixpoint.
    /// Returns false on a contradiction.
    fn propagate(&mut self, t: &Tables, depth: usize) -> bool {
        let cells = t.cells;
        let words = cells.div_ceil(64);
        let cand = &mut self.cand[depth * cells..(depth + 1) * cells];
        let solved = &mut self.solved[depth * words..(depth + 1) * words];
        let nsolved = &mut self.nsolved[depth];
        let queue = &mut self.queue;
        loop {
            // Naked singles.
            while let Some(cell) = queue.pop() {
                let cell = cell as usize;
                let (w, b) = (cell / 64, 1u64 << (cell % 64));
                if solved[w] & b != 0 {
                    continue;
                }
                solved[w] |= b;
                *nsolved += 1;
                let m = cand[cell];
                for &p in t.peers_of(cell) {
                    let p = p as usize;
                    let x = cand[p];
                    if x & m != 0 {
                        let y = x ^ m;
                        if y == 0 {
                            return false;
                        }
                        cand[p] = y;
                        if y & (y - 1) == 0 {
                            queue.push(p as u16);
                        }
                    }
                }
            }
            // Hidden singles, empty digits, and the pair digits for branching.
            for h in 0..t.house_count {
                let house = t.house(h);
                let (mut once, mut twice, mut thrice, mut fixed) = (0u64, 0u64, 0u64, 0u64);
                for &c in house {
                    let m = cand[c as usize];
                    thrice |= twice & m;
                    twice |= once & m;
                    once |= m;
                    if m & (m - 1) == 0 {
                        fixed |= m;
                    }
                }
                if once != t.all {
                    return false;
                }
                self.pairs[h] = twice & !thrice;
                self.unsolved[h] = (t.size as u32) - fixed.count_ones();
                let mut hidden = once & !twice & !fixed;
                while hidden != 0 {
                    let bit = hidden & hidden.wrapping_neg();
                    hidden ^= bit;
                    let Some(&c) = house.iter().find(|&&c| cand[c as usize] & bit != 0) else {
                        // Its only cell was just given another hidden digit.
                        return false;
                    };
                    cand[c as usize] = bit;
                    queue.push(c);
                }
            }
            if !queue.is_empty() {
                continue;
            }
            if let Some(arith) = t.arith {
                match cage_pass(t, arith, cand, queue) {
                    Lc::Nothing => {}
                    Lc::Changed => continue,
                    Lc::Contradiction => return false,
                }
            }
            if let (true, Some(k)) = (LOCKED_CANDIDATES, t.box_size) {
                match locked_candidates(t, k, cand, queue) {
                    Lc::Nothing => {}
                    Lc::Changed => continue,
                    Lc::Contradiction => return false,
                }
            } else if LOCKED_CANDIDATES && !t.crossings.is_empty() {
                match locked_crossings(t, cand, queue) {
                    Lc::Nothing => {}
                    Lc::Changed => continue,
                    Lc::Contradiction => return false,
                }
            }
            return true;
        }
    }

    /// Picks the branching with the fewest alternatives at the (propagated) node `depth`:
    /// the unsolved cell with fewest candidates, ties going to the cell with the most unsolved
    /// cells in its houses (most constraining: tarek's first three 16×16 puzzles took 1.5M
    /// nodes with it against 2M+ and unfinished with the first such cell, and 4M with the
    /// least constraining one). When no cell is bivalue, a digit with two places in a house is
    /// preferred.
    fn choose(&self, t: &Tables, depth: usize) -> Choice {
        let cells = t.cells;
        let cand = &self.cand[depth * cells..(depth + 1) * cells];
        let mut best_cell = 0;
        let mut best_key = (u32::MAX, i64::MAX);
        for (cell, &m) in cand.iter().enumerate() {
            let n = m.count_ones();
            if n > 1 && n <= best_key.0 {
                let key = (n, -self.degree(t, cell));
                if key < best_key {
                    best_key = key;
                    best_cell = cell;
                }
            }
        }
        if best_key.0 > 2 {
            let best_pair = (0..t.house_count)
                .filter(|&h| self.pairs[h] != 0)
                .max_by_key(|&h| self.unsolved[h]);
            if let Some(h) = best_pair {
                let pairs = self.pairs[h];
                return place_choice(t, cand, h, pairs & pairs.wrapping_neg());
            }
        }
        Choice::Cell {
            cell: best_cell as u16,
            rest: cand[best_cell],
        }
    }

    /// How constraining a cell is: the unsolved cells of its houses (from the last
    /// hidden-single pass).
    fn degree(&self, t: &Tables, cell: usize) -> i64 {
        t.houses_of(cell)
            .iter()
            .map(|&h| i64::from(self.unsolved[h as usize]))
            .sum()
    }
}

/// The choice placing digit `bit` in each of its places in house `h`.
fn place_choice(t: &Tables, cand: &[u64], h: usize, bit: u64) -> Choice {
    let rest = t
        .house(h)
        .iter()
        .enumerate()
        .filter(|&(_, &c)| cand[c as usize] & bit != 0)
        .fold(0u64, |rest, (i, _)| rest | 1 << i);
    Choice::Place {
        house: h as u16,
        bit,
        rest,
    }
}

/// Pointing and claiming between every box and every row/column crossing it.
///
/// Segments are the k-cell intersections of a line and a box. A digit of a segment found in no
/// other segment of its box is confined to the line there (pointing: removed from the line's
/// other boxes); a digit found in no other segment of its line is confined to the box there
/// (claiming: removed from the box's other lines). New singletons are queued.
fn locked_candidates(t: &Tables, k: usize, cand: &mut [u64], queue: &mut Vec<u16>) -> Lc {
    let n = t.size;
    let mut changed = false;
    // seg[line * k + j]: union of the candidates of line `line` in its j-th box.
    let mut seg = [0u64; 36 * 6];
    for pass in 0..2 {
        // pass 0: rows, pass 1: columns.
        let at = |line: usize, pos: usize| -> usize {
            if pass == 0 {
                line * n + pos
            } else {
                pos * n + line
            }
        };
        for line in 0..n {
            for j in 0..k {
                let mut m = 0;
                for i in 0..k {
                    m |= cand[at(line, j * k + i)];
                }
                seg[line * k + j] = m;
            }
        }
        for line in 0..n {
            let band = line / k;
            let row_segs = &seg[line * k..line * k + k];
            for j in 0..k {
                let mut other_line = 0;
                let mut other_box = 0;
                for (jj, &m) in row_segs.iter().enumerate() {
                    if jj != j {
                        other_line |= m;
                    }
                }
                for l in band * k..band * k + k {
                    if l != line {
                        other_box |= seg[l * k + j];
                    }
                }
                let s = row_segs[j];
                // Pointing: confined to this line within the box.
                let pointing = s & !other_box & other_line;
                if pointing != 0 {
                    for (jj, &m) in row_segs.iter().enumerate() {
                        if jj != j && m & pointing != 0 {
                            for i in 0..k {
                                let c = at(line, jj * k + i);
                                match eliminate(cand, c, pointing, queue) {
                                    Some(true) => changed = true,
                                    Some(false) => {}
                                    None => return Lc::Contradiction,
                                }
                            }
                        }
                    }
                }
                // Claiming: confined to this box within the line.
                let claiming = s & !other_line & other_box;
                if claiming != 0 {
                    for l in band * k..band * k + k {
                        if l != line && seg[l * k + j] & claiming != 0 {
                            for i in 0..k {
                                let c = at(l, j * k + i);
                                match eliminate(cand, c, claiming, queue) {
                                    Some(true) => changed = true,
                                    Some(false) => {}
                                    None => return Lc::Contradiction,
                                }
                            }
                        }
                    }
                }
            }
        }
        if changed {
            // Segments are stale after eliminations: let singles run before the columns.
            return Lc::Changed;
        }
    }
    Lc::Nothing
}

/// The cage rules, over every cage, once the singles are at a fixpoint. For a cage with
/// `open` unsolved cells whose solved cells hold `placed` (adding up to `placed_sum`), the
/// open cells hold one of the digit sets of (`open`, sum − `placed_sum`) that avoids `placed`,
/// uses only digits some open cell still has and meets every open cell's candidates:
///
/// * each open cell keeps only digits of some such set (the union) — which also forces the
///   value of a cage's last open cell, and refutes a full cage with the wrong sum;
/// * a digit in every such set (the cage must contain it) with one place in the cage is
///   placed there, and is removed from every cell that sees all its places in the cage.
fn cage_pass(t: &Tables, arith: &CageArithmetic, cand: &mut [u64], queue: &mut Vec<u16>) -> Lc {
    let words = t.cells.div_ceil(64);
    let mut changed = false;
    for k in 0..t.cage_sum.len() {
        let cage = t.cage(k);
        let (mut placed, mut placed_sum, mut available, mut open) = (0u64, 0u32, 0u64, 0usize);
        for &c in cage {
            let m = cand[c as usize];
            if m & (m - 1) == 0 {
                placed |= m;
                placed_sum += m.trailing_zeros() + 1;
            } else {
                available |= m;
                open += 1;
            }
        }
        let sum = t.cage_sum[k];
        if open == 0 {
            if placed_sum != sum {
                return Lc::Contradiction;
            }
            continue;
        }
        if placed_sum >= sum {
            return Lc::Contradiction;
        }
        let (mut allowed, mut must) = (0u64, u64::MAX);
        for set in arith.sets(open, sum - placed_sum) {
            let s = set.0;
            if s & placed != 0 || s & !available != 0 {
                continue;
            }
            if cage.iter().any(|&c| {
                let m = cand[c as usize];
                m & (m - 1) != 0 && m & s == 0
            }) {
                continue;
            }
            allowed |= s;
            must &= s;
        }
        if allowed == 0 {
            return Lc::Contradiction;
        }
        for &c in cage {
            let m = cand[c as usize];
            if m & (m - 1) != 0 && m & !allowed != 0 {
                // `allowed` meets every open cell, so this never empties one.
                let y = m & allowed;
                cand[c as usize] = y;
                if y & (y - 1) == 0 {
                    queue.push(c);
                }
                changed = true;
            }
        }
        let mut certain = must & !placed;
        while certain != 0 {
            let bit = certain & certain.wrapping_neg();
            certain ^= bit;
            // The peers every open place of the digit in the cage shares.
            let mut common = [u64::MAX; 4];
            let mut places = 0;
            let mut last = 0u16;
            for &c in cage {
                let m = cand[c as usize];
                if m & bit != 0 {
                    places += 1;
                    last = c;
                    let row = &t.peer_bits[c as usize * words..(c as usize + 1) * words];
                    for (w, &b) in common.iter_mut().zip(row) {
                        *w &= b;
                    }
                }
            }
            match places {
                0 => return Lc::Contradiction,
                1 if cand[last as usize] != bit => {
                    cand[last as usize] = bit;
                    queue.push(last);
                    changed = true;
                    continue;
                }
                _ => {}
            }
            if words > common.len() {
                continue;
            }
            for (w, &bits) in common.iter().enumerate().take(words) {
                let mut b = bits;
                while b != 0 {
                    let c = w * 64 + b.trailing_zeros() as usize;
                    b &= b - 1;
                    match eliminate(cand, c, bit, queue) {
                        Some(true) => changed = true,
                        Some(false) => {}
                        None => return Lc::Contradiction,
                    }
                }
            }
        }
    }
    if changed { Lc::Changed } else { Lc::Nothing }
}

/// Locked candidates between any two crossing houses (irregular regions with rows, columns
/// and diagonals, where the box–line pass does not apply): a digit of the shared cells found
/// nowhere else in one house is removed from the rest of the other. Jigsaw 9×9 from Solo:
/// measured with the shapes bench, see the benchmarks document.
fn locked_crossings(t: &Tables, cand: &mut [u64], queue: &mut Vec<u16>) -> Lc {
    let union = |cand: &[u64], (a, b): (u32, u32)| -> u64 {
        t.crossing_cells[a as usize..b as usize]
            .iter()
            .fold(0, |m, &c| m | cand[c as usize])
    };
    let mut changed = false;
    for &[shared, first, second] in &t.crossings {
        let s = union(cand, shared);
        let (f, g) = (union(cand, first), union(cand, second));
        for (confined, rest) in [(s & !f & g, second), (s & !g & f, first)] {
            if confined == 0 {
                continue;
            }
            for &c in &t.crossing_cells[rest.0 as usize..rest.1 as usize] {
                match eliminate(cand, c as usize, confined, queue) {
                    Some(true) => changed = true,
                    Some(false) => {}
                    None => return Lc::Contradiction,
                }
            }
        }
    }
    if changed { Lc::Changed } else { Lc::Nothing }
}

/// Outcome of a locked-candidates pass.
#[derive(PartialEq, Eq)]
enum Lc {
    Nothing,
    Changed,
    Contradiction,
}

/// Removes `mask` from cell `c`: `Some(true)` if something was removed, `None` if the cell is
/// left empty. A new singleton is queued.
#[inline]
fn eliminate(cand: &mut [u64], c: usize, mask: u64, queue: &mut Vec<u16>) -> Option<bool> {
    let x = cand[c];
    if x & mask == 0 {
        return Some(false);
    }
    let y = x & !mask;
    if y == 0 {
        return None;
    }
    cand[c] = y;
    if y & (y - 1) == 0 {
        queue.push(c as u16);
    }
    Some(true)
}
