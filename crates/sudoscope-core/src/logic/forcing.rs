//! Forcing chains, the last resort: assume a candidate true (or false), follow the single
//! implications it forces, and see what every assumption agrees on or which one breaks.
//!
//! The implications are those of the chains (HoDoKu's "forcing chains", not nets): a digit
//! placed in a cell rules itself out of the cell's peers and rules the cell's other digits out;
//! a digit ruled out of a bivalue cell puts the other digit there, and a digit ruled out of one
//! of its two places in a house puts it in the other. From each assumption the search follows
//! these implications breadth-first up to [`MAX_LINKS`] links, so every chain shown is a
//! shortest one and none is longer than that bound.
//!
//! * Forcing chain contradiction: assuming a candidate true leads to some candidate being both
//!   true and false, to a cell without candidates, or to a digit without a place in a house,
//!   so the candidate is false (assuming it false and breaking: it is true).
//! * Digit forcing chain: a candidate true and the same candidate false both lead to the same
//!   conclusion, so the conclusion holds.
//! * Cell forcing chain: every candidate of one cell leads to the same conclusion.
//! * House forcing chain: every place of a digit in one house leads to the same conclusion.
//!
//! These searches cost far more than every other technique, so the engine only tries them when
//! nothing else applies (see [`super::is_last_resort`]). They run on grids up to 16×16; the
//! implication tables of larger grids are too big for a hint. The table of one board is
//! computed once and shared by the four techniques.

use std::collections::VecDeque;

use super::board::Board;
use super::chains::Grid;
use super::solving::Solving;
use super::step::{Candidate, Elimination, Link, LinkKind, Placement, Step, StepSink};
use super::technique::Technique;
use crate::grid::Shown;

/// The longest chain followed from an assumption, in links (HoDoKu's default chain bound on
/// 9×9 is 20; a forcing chain is a chain, so it gets the same).
pub const MAX_LINKS: usize = 20;

/// The largest grid searched.
const MAX_SIZE: usize = 16;

/// A candidate and a truth value: `node * 2 + 1` for "true", `node * 2` for "false", where
/// `node = cell * n + digit - 1`.
type Lit = usize;

const FALSE: usize = 0;
const TRUE: usize = 1;

/// What one assumption implies: the candidates it makes true and false (digit-major bitsets:
/// digit `d`'s block of `w` words is a cell set).
struct Closure {
    on: Vec<u64>,
    off: Vec<u64>,
    /// The first contradiction met, if any.
    broken: Option<Broken>,
}

#[derive(Clone, Copy, Debug)]
enum Broken {
    /// A candidate both true and false.
    Both(usize),
    /// A cell whose candidates are all false.
    Cell(usize),
    /// A digit with no place left in a house.
    House(usize, u8),
}

/// The implication graph of one board and the closure of every assumption, built once per
/// board state for the four techniques (see [`Solving::forcing_table`]).
pub(crate) struct Table {
    n: usize,
    w: usize,
    /// Strong partners of each node (false here → true there), CSR.
    strong_start: Vec<u32>,
    strong: Vec<u32>,
    /// The candidate nodes, in increasing order.
    nodes: Vec<usize>,
    /// Closure of each literal (`None` for literals of absent candidates).
    closures: Vec<Option<Closure>>,
    /// Per house and digit with places in it, in house then digit order: the house, the digit
    /// and (`w` words each in `house_place_bits`) its places.
    house_places: Vec<(usize, u8)>,
    house_place_bits: Vec<u64>,
}

impl Table {
    pub(crate) fn build(grid: &Grid) -> Table {
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
    fn close_all(&self, grid: &Grid) -> Vec<Option<Closure>> {
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

    fn strong_of(&self, node: usize) -> &[u32] {
        &self.strong[self.strong_start[node] as usize..self.strong_start[node + 1] as usize]
    }

    fn bit(&self, node: usize) -> (usize, u64) {
        let (cell, d) = (node / self.n, node % self.n);
        (d * self.w + cell / 64, 1u64 << (cell % 64))
    }

    fn closure(&self, lit: Lit) -> Option<&Closure> {
        self.closures.get(lit).and_then(|c| c.as_ref())
    }

    /// A shortest chain of implications from `start` to `target` (both included).
    fn chain(&self, grid: &Grid, start: Lit, target: Lit) -> Vec<Lit> {
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

/// The digit of a candidate node, as the puzzle writes it.
fn digit_of(grid: &Grid, node: usize) -> Shown {
    grid.board.show((node % grid.n) as u8 + 1)
}

/// `r1c2=5` or `r1c2≠5`.
fn lit_name(grid: &Grid, lit: Lit) -> String {
    let node = lit / 2;
    let sign = if lit % 2 == TRUE { "=" } else { "≠" };
    format!("{}{sign}{}", grid.name(node / grid.n), digit_of(grid, node))
}

fn chain_text(grid: &Grid, chain: &[Lit]) -> String {
    chain
        .iter()
        .map(|&l| lit_name(grid, l))
        .collect::<Vec<_>>()
        .join(" ⇒ ")
}

const RULES: &str = "(each arrow is one forced consequence: a placed digit leaves its cell's other \
                     digits and its peers; a digit ruled out of a two-candidate cell, or out of \
                     one of its two places in a house, goes to the other)";

/// Which literals a set of closures all imply: true candidates (placements) and false ones
/// (eliminations), in node order.
fn common(table: &Table, closures: &[&Closure], skip: &[Lit]) -> Vec<Lit> {
    let (n, w) = (table.n, table.w);
    let mut on = vec![u64::MAX; n * w];
    let mut off = vec![u64::MAX; n * w];
    for c in closures {
        for k in 0..n * w {
            on[k] &= c.on[k];
            off[k] &= c.off[k];
        }
    }
    let mut out = Vec::new();
    for (pol, bits) in [(TRUE, &on), (FALSE, &off)] {
        for (k, &word) in bits.iter().enumerate() {
            let mut word = word;
            while word != 0 {
                let cell = (k % w) * 64 + word.trailing_zeros() as usize;
                let lit = (cell * n + k / w) * 2 + pol;
                if !skip.contains(&lit) {
                    out.push(lit);
                }
                word &= word - 1;
            }
        }
    }
    out.sort_unstable_by_key(|&l| (l / 2, 1 - l % 2));
    out
}

/// The step that sets `conclusion`, with the chains that prove it.
fn step(
    grid: &Grid,
    technique: Technique,
    conclusion: Lit,
    chains: &[Vec<Lit>],
    houses: Vec<usize>,
    explanation: String,
) -> Step {
    let n = grid.n;
    let node = conclusion / 2;
    let (cell, digit) = (node / n, (node % n) as u8 + 1);
    let (placements, eliminations) = if conclusion % 2 == TRUE {
        (vec![Placement { cell, digit }], vec![])
    } else {
        (vec![], vec![Elimination { cell, digit }])
    };
    let mut cells: Vec<usize> = chains.iter().flatten().map(|&l| l / 2 / n).collect();
    cells.sort_unstable();
    cells.dedup();
    let mut digits: Vec<u8> = chains
        .iter()
        .flatten()
        .map(|&l| (l / 2 % n) as u8 + 1)
        .collect();
    digits.sort_unstable();
    digits.dedup();
    // Each implication is a link: a true candidate rules the next out (weak), a false one
    // forces the next in (strong).
    let link = |a: Lit, b: Lit| Link {
        from: candidate(n, a),
        to: candidate(n, b),
        kind: if a % 2 == TRUE {
            LinkKind::Weak
        } else {
            LinkKind::Strong
        },
    };
    let links = chains
        .iter()
        .flat_map(|chain| chain.windows(2).map(|pair| link(pair[0], pair[1])))
        .collect();
    Step::new(technique, placements, eliminations)
        .linked(links)
        .houses(houses)
        .cells(cells)
        .digits(digits)
        .explained(explanation)
}

/// The candidate a literal is about, whatever its truth.
fn candidate(n: usize, lit: Lit) -> Candidate {
    let node = lit / 2;
    Candidate {
        cell: node / n,
        digit: (node % n) as u8 + 1,
    }
}

fn conclusion_text(grid: &Grid, lit: Lit) -> String {
    let n = grid.n;
    let node = lit / 2;
    let (cell, d) = (grid.name(node / n), digit_of(grid, node));
    if lit % 2 == TRUE {
        format!("{cell} is {d}")
    } else {
        format!("{cell} is not {d}")
    }
}

fn usable(board: &Board) -> bool {
    board.size() <= MAX_SIZE && !board.is_solved()
}

/// Forcing chain contradiction: an assumption that breaks the grid is wrong.
pub fn contradiction(solving: &Solving, sink: &mut StepSink) {
    let board = solving.board();
    if !usable(board) {
        return;
    }
    let (t, grid) = (solving.forcing_table(), solving.grid());
    let n = t.n;
    for &node in &t.nodes {
        for pol in [TRUE, FALSE] {
            let lit = node * 2 + pol;
            let Some(closure) = t.closure(lit) else {
                continue;
            };
            let Some(broken) = closure.broken else {
                continue;
            };
            let (chains, what, houses) = match broken {
                Broken::Both(v) => (
                    vec![
                        t.chain(grid, lit, v * 2 + TRUE),
                        t.chain(grid, lit, v * 2 + FALSE),
                    ],
                    format!(
                        "{} would be both {d} and not {d}",
                        grid.name(v / n),
                        d = digit_of(grid, v),
                    ),
                    vec![],
                ),
                Broken::Cell(cell) => (
                    board
                        .candidates(cell)
                        .iter()
                        .map(|d| t.chain(grid, lit, (cell * n + d as usize - 1) * 2 + FALSE))
                        .collect(),
                    format!("{} would have no candidate left", grid.name(cell)),
                    vec![],
                ),
                Broken::House(h, d) => (
                    board
                        .positions(h, d)
                        .map(|c| t.chain(grid, lit, (c * n + d as usize - 1) * 2 + FALSE))
                        .collect(),
                    format!(
                        "{} would have no place left in {}",
                        board.show(d),
                        grid.geometry.houses()[h]
                    ),
                    vec![h],
                ),
            };
            let conclusion = lit ^ 1;
            let explanation = sink.text(|| {
                format!(
                    "Forcing chain contradiction: suppose {assume}. Then {what}: {chains}. The \
                 assumption is impossible, so {conclusion} {RULES}.",
                    assume = lit_name(grid, lit)
                        .replace('=', " is ")
                        .replace('≠', " is not "),
                    chains = chains
                        .iter()
                        .map(|c| chain_text(grid, c))
                        .collect::<Vec<_>>()
                        .join("; "),
                    conclusion = conclusion_text(grid, conclusion),
                )
            });
            let s = step(
                grid,
                Technique::ForcingChainContradiction,
                conclusion,
                &chains,
                houses,
                explanation,
            );
            if sink.push(s) {
                return;
            }
        }
    }
}

/// Reports each conclusion once: the first group of assumptions that proves it.
fn report_verity(
    grid: &Grid,
    t: &Table,
    sink: &mut StepSink,
    technique: Technique,
    groups: Vec<(Vec<Lit>, Vec<usize>, String)>,
) {
    let mut done = vec![false; t.closures.len()];
    for (premises, houses, intro) in groups {
        let closures: Option<Vec<&Closure>> = premises
            .iter()
            .map(|&p| t.closure(p).filter(|c| c.broken.is_none()))
            .collect();
        let Some(closures) = closures else {
            continue;
        };
        for conclusion in common(t, &closures, &premises) {
            if std::mem::replace(&mut done[conclusion], true) {
                continue;
            }
            let chains: Vec<Vec<Lit>> = premises
                .iter()
                .map(|&p| t.chain(grid, p, conclusion))
                .collect();
            let explanation = sink.text(|| format!(
                "{title}: {intro}, and each leads to the same result: {chains}. Whichever holds, \
                 {conclusion} {RULES}.",
                title = technique.title(),
                chains = chains
                    .iter()
                    .map(|c| chain_text(grid, c))
                    .collect::<Vec<_>>()
                    .join("; "),
                conclusion = conclusion_text(grid, conclusion),
            ));
            let s = step(
                grid,
                technique,
                conclusion,
                &chains,
                houses.clone(),
                explanation,
            );
            if sink.push(s) {
                return;
            }
        }
    }
}

/// Digit forcing chain: a candidate true and the same candidate false imply the same thing.
pub fn digit_forcing_chain(solving: &Solving, sink: &mut StepSink) {
    let board = solving.board();
    if !usable(board) {
        return;
    }
    let (t, grid) = (solving.forcing_table(), solving.grid());
    let n = t.n;
    let groups = t
        .nodes
        .iter()
        .map(|&node| {
            let intro = sink.text(|| {
                format!(
                    "{cell} is {d} or it is not",
                    cell = grid.name(node / n),
                    d = digit_of(grid, node)
                )
            });
            (vec![node * 2 + TRUE, node * 2 + FALSE], vec![], intro)
        })
        .collect();
    report_verity(grid, t, sink, Technique::DigitForcingChain, groups);
}

/// Cell forcing chain: every candidate of a cell implies the same thing.
pub fn cell_forcing_chain(solving: &Solving, sink: &mut StepSink) {
    let board = solving.board();
    if !usable(board) {
        return;
    }
    let (t, grid) = (solving.forcing_table(), solving.grid());
    let n = t.n;
    let groups = (0..grid.geometry.cell_count())
        .filter(|&c| board.value(c) == 0 && board.candidates(c).len() >= 2)
        .map(|cell| {
            let cands: Vec<u8> = board.candidates(cell).iter().collect();
            let premises = cands
                .iter()
                .map(|&d| (cell * n + d as usize - 1) * 2 + TRUE)
                .collect();
            let intro = sink.text(|| {
                format!(
                    "{} can only be {}",
                    grid.name(cell),
                    cands
                        .iter()
                        .map(|&d| board.show(d).to_string())
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            });
            (premises, vec![], intro)
        })
        .collect();
    report_verity(grid, t, sink, Technique::CellForcingChain, groups);
}

/// House forcing chain: every place of a digit in a house implies the same thing.
pub fn house_forcing_chain(solving: &Solving, sink: &mut StepSink) {
    let board = solving.board();
    if !usable(board) {
        return;
    }
    let (t, grid) = (solving.forcing_table(), solving.grid());
    let n = t.n;
    let mut groups = Vec::new();
    for (h, house) in grid.geometry.houses().iter().enumerate() {
        for d in 1..=n as u8 {
            let places: Vec<usize> = board.positions(h, d).collect();
            if places.len() < 2 {
                continue;
            }
            let premises = places
                .iter()
                .map(|&c| (c * n + d as usize - 1) * 2 + TRUE)
                .collect();
            let intro = sink.text(|| {
                format!(
                    "in {house}, {} can only go in {}",
                    board.show(d),
                    places
                        .iter()
                        .map(|&c| grid.name(c))
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            });
            groups.push((premises, vec![h], intro));
        }
    }
    report_verity(grid, t, sink, Technique::HouseForcingChain, groups);
}
