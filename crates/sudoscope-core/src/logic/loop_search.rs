//! The search for alternating inference chains (AICs) and nice loops, the way HoDoKu finds them.
//!
//! HoDoKu builds one implication table per premise ("this candidate is true", "this candidate
//! is false", Trebor's tables): a breadth-first expansion over alternating links, where each
//! implied candidate is recorded once, with the chain that reached it first. An AIC is a
//! premise "x is false" whose table holds "y is true" somewhere that makes a candidate
//! impossible either way; a nice loop is a table holding its own cell again. The chain shown is
//! the first one the table recorded, and HoDoKu drops a chain that comes back to a cell it has
//! left (a "lasso") rather than look for another.
//!
//! Which chains exist therefore depends on the order in which the table is filled, so this
//! module reproduces that order rather than any shortest chain: it reaches every implication
//! with the fast layered search of `links::LinkSearch`, and rebuilds HoDoKu's chain to an
//! implication only when it is needed, by ranking the candidates' first discoverers in HoDoKu's
//! filling order (a candidate's own cell first, then its row, column and box, each in cell
//! order). That is what makes `hint --all` find exactly HoDoKu's AICs and nice loops (checked
//! on 451 boards by `tests/it/logic_hodoku_agreement.rs`).

use std::collections::HashMap;

use super::board::Board;
use super::links::{Graph, LinkSearch, OFF, ON};
use super::step::{BuildFx, Elimination};

/// A premise or an implication: a candidate (`cell * n + digit - 1`) and whether it is assumed
/// true (`ON`) or false (`OFF`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct State {
    node: usize,
    pol: usize,
}

/// The first discoverer of every state reached from one premise, in HoDoKu's table order,
/// worked out lazily: only for the states on chains that are rebuilt.
struct FirstFound<'g> {
    graph: &'g Graph<'g>,
    /// Per state (`node * 2 + pol`): the generation in which `parent`/`key` were set.
    stamp: Vec<u32>,
    parent: Vec<u32>,
    /// The state's rank among its parent's direct implications (HoDoKu's filling order).
    key: Vec<u32>,
    generation: u32,
    premise: State,
}

impl<'g> FirstFound<'g> {
    fn new(graph: &'g Graph<'g>) -> FirstFound<'g> {
        let states = graph.grid.geometry.cell_count() * graph.grid.n * 2;
        FirstFound {
            graph,
            stamp: vec![0; states],
            parent: vec![0; states],
            key: vec![0; states],
            generation: 0,
            premise: State { node: 0, pol: OFF },
        }
    }

    /// Forgets everything: `search` now holds the expansion of `premise`.
    fn reset(&mut self, premise: State) {
        self.generation += 1;
        self.premise = premise;
    }

    fn index(s: State) -> usize {
        s.node * 2 + s.pol
    }

    /// Where `to` comes among the direct implications of `from` in HoDoKu's table: a
    /// candidate true makes the other candidates of its cell false (in digit order), then the
    /// digit false in its row, column and box (each in cell order, a cell only once); a
    /// candidate false makes the other candidate of a bivalue cell true, then the other place
    /// of the digit in its row, column and box when there are just two.
    fn rank(&self, from: State, to: State) -> u32 {
        let grid = &self.graph.grid;
        let n = grid.n;
        let (fc, tc) = (from.node / n, to.node / n);
        if fc == tc {
            return (to.node % n) as u32;
        }
        let geometry = grid.geometry;
        let digit = (to.node % n) as u8 + 1;
        let houses = geometry.houses_of(fc);
        let position = houses
            .iter()
            .position(|&h| {
                geometry.houses()[h].cells.contains(&tc)
                    && (from.pol == ON || grid.board.positions(h, digit).count() == 2)
            })
            .unwrap_or(houses.len());
        (position as u32 + 1) * 4096 + tc as u32
    }

    /// The state that first implied `s` (not the premise).
    fn parent(&mut self, search: &LinkSearch, s: State) -> State {
        let i = Self::index(s);
        if self.stamp[i] == self.generation {
            let p = self.parent[i] as usize;
            return State {
                node: p / 2,
                pol: p % 2,
            };
        }
        let layer = search.dist[s.pol][s.node];
        let from_pol = 1 - s.pol;
        let mut preds: Vec<State> = Vec::new();
        let mut consider = |node: usize| {
            if search.seen(node, from_pol) && search.dist[from_pol][node] + 1 == layer {
                preds.push(State {
                    node,
                    pol: from_pol,
                });
            }
        };
        if s.pol == ON {
            for &u in self.graph.strong_of(s.node) {
                consider(u as usize);
            }
        } else {
            self.graph.for_weak(s.node, &mut consider);
        }
        // Every state the search reached was reached from the layer before it.
        let Some((&first, rest)) = preds.split_first() else {
            debug_assert!(false, "a reached state without a predecessor");
            return self.premise;
        };
        let mut best = first;
        for &p in rest {
            if self.earlier(search, p, best) {
                best = p;
            }
        }
        self.stamp[i] = self.generation;
        self.parent[i] = Self::index(best) as u32;
        self.key[i] = self.rank(best, s);
        best
    }

    /// Whether `a` was added to the table before `b` (both as far from the premise).
    fn earlier(&mut self, search: &LinkSearch, a: State, b: State) -> bool {
        let (mut a, mut b) = (a, b);
        loop {
            if a == b {
                return false;
            }
            let pa = if a == self.premise {
                a
            } else {
                self.parent(search, a)
            };
            let pb = if b == self.premise {
                b
            } else {
                self.parent(search, b)
            };
            if pa == pb {
                return self.key[Self::index(a)] < self.key[Self::index(b)];
            }
            a = pa;
            b = pb;
        }
    }

    /// HoDoKu's chain from the premise to `end`, premise first.
    fn chain(&mut self, search: &LinkSearch, end: State) -> Vec<usize> {
        let mut nodes = vec![end.node];
        let mut s = end;
        while s != self.premise {
            s = self.parent(search, s);
            nodes.push(s.node);
        }
        nodes.reverse();
        nodes
    }
}

/// HoDoKu's lasso rule: a chain may not come back to a cell it has left. A nice loop may end
/// in its start cell (and is never said to leave it); an AIC may not.
fn lasso(nodes: &[usize], n: usize, is_loop: bool) -> bool {
    let first = nodes[0] / n;
    let mut left: Vec<usize> = Vec::with_capacity(nodes.len());
    let mut last: Option<usize> = None;
    for &v in nodes {
        let cell = v / n;
        if left.contains(&cell) {
            return true;
        }
        if let Some(l) = last
            && (l != first || !is_loop)
        {
            left.push(l);
        }
        last = Some(cell);
    }
    false
}

/// What the chain searches keep: one chain per set of eliminations, the first of the shortest.
pub(crate) struct Found {
    pub(crate) nodes: Vec<usize>,
    /// Whether the premise is "true" (nice loops only; an AIC's premise is always "false").
    pub(crate) start_on: bool,
    pub(crate) eliminations: Vec<Elimination>,
}

#[derive(Default)]
struct Kept {
    by_elims: HashMap<Vec<Elimination>, Found, BuildFx>,
}

impl Kept {
    /// Whether a chain of `len` nodes for `eliminations` would be kept.
    fn wants(&self, eliminations: &[Elimination], len: usize) -> bool {
        !eliminations.is_empty()
            && self
                .by_elims
                .get(eliminations)
                .is_none_or(|old| old.nodes.len() > len)
    }

    fn keep(&mut self, found: Found) {
        if self.wants(&found.eliminations, found.nodes.len()) {
            self.by_elims.insert(found.eliminations.clone(), found);
        }
    }

    /// Shortest first, then by eliminations: a stable order for the output.
    fn into_sorted(self) -> Vec<Found> {
        let mut found: Vec<Found> = self.by_elims.into_values().collect();
        found.sort_by(|a, b| {
            (a.nodes.len(), &a.eliminations, &a.nodes).cmp(&(
                b.nodes.len(),
                &b.eliminations,
                &b.nodes,
            ))
        });
        found
    }
}

fn sorted(mut e: Vec<Elimination>) -> Vec<Elimination> {
    e.sort_unstable();
    e.dedup();
    e
}

/// AICs: from every premise "x is false", every "y is true" at least three links on that
/// either sees, with `y = x`, at least two other places of `x` (they are false: one of the
/// ends is `x`), or, with `y ≠ x`, sits in a cell seeing the premise's cell where each end's
/// cell holds the other end's digit (both cross eliminations hold). One elimination alone is
/// left to the nice loops, as in HoDoKu.
pub(crate) fn find_aics(graph: &Graph) -> Vec<Found> {
    let grid = &graph.grid;
    let board = grid.board;
    let n = grid.n;
    let w = grid.w;
    let cells = grid.geometry.cell_count();
    let mut search = LinkSearch::new(graph);
    let mut first = FirstFound::new(graph);
    let mut kept = Kept::default();
    let mut common = vec![0u64; w];
    for start in 0..cells * n {
        let (sc, x) = (start / n, (start % n) as u8 + 1);
        if board.value(sc) != 0 || !board.candidates(sc).contains(x) {
            continue;
        }
        if graph.strong_of(start).is_empty() {
            continue;
        }
        search.run_from(graph, start, OFF);
        first.reset(State {
            node: start,
            pol: OFF,
        });
        for (i, &visited) in search.vis[ON].iter().enumerate() {
            let mut bits = visited;
            while bits != 0 {
                let ec = (i % w) * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let end = ec * n + i / w;
                if ec == sc || search.dist[ON][end] < 3 {
                    continue;
                }
                let y = (end % n) as u8 + 1;
                let eliminations = if y == x {
                    for (k, c) in common.iter_mut().enumerate() {
                        *c = grid.peers(sc)[k] & grid.peers(ec)[k] & grid.digit(x)[k];
                    }
                    if common.iter().map(|c| c.count_ones()).sum::<u32>() < 2 {
                        continue;
                    }
                    super::bits::cells_of(&common)
                        .into_iter()
                        .map(|cell| Elimination { cell, digit: x })
                        .collect()
                } else {
                    if !grid.sees(sc, ec) || !grid.has(ec, x) || !grid.has(sc, y) {
                        continue;
                    }
                    sorted(vec![
                        Elimination { cell: ec, digit: x },
                        Elimination { cell: sc, digit: y },
                    ])
                };
                let len = search.dist[ON][end] as usize + 1;
                if !kept.wants(&eliminations, len) {
                    continue;
                }
                let nodes = first.chain(&search, State { node: end, pol: ON });
                if lasso(&nodes, n, false) {
                    continue;
                }
                kept.keep(Found {
                    nodes,
                    start_on: false,
                    eliminations,
                });
            }
        }
    }
    kept.into_sorted()
}

/// Which kind of nice loop a closed chain is, HoDoKu's way.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum LoopKind {
    Discontinuous,
    Continuous,
}

/// Both kinds of nice loop at one board: one search finds them together, once per board state
/// (see [`super::solving::Solving::loops`]).
pub(crate) struct Loops {
    pub(crate) discontinuous: Vec<Found>,
    pub(crate) continuous: Vec<Found>,
}

/// Nice loops: every premise whose table comes back to its own cell, two links or more away,
/// leaving and entering the cell through other cells:
/// * "x true" implies "x false", or "y true" (another digit of the cell): x is false;
/// * "x false" implies "x true": x is true, the cell's other digits go;
/// * "x false" implies "y false": y is false (if y were true, x would be false and so y);
/// * "x false" implies "y true": a continuous loop (x or y is true in the cell, and every weak
///   link of the loop is a strong one in disguise): each weak link between cells removes its
///   digit from the cells seeing both ends, each cell with two strong links keeps only their
///   digits.
pub(crate) fn find_loops(graph: &Graph) -> Loops {
    let grid = &graph.grid;
    let board = grid.board;
    let n = grid.n;
    let cells = grid.geometry.cell_count();
    let mut search = LinkSearch::new(graph);
    let mut first = FirstFound::new(graph);
    let mut discontinuous = Kept::default();
    let mut continuous = Kept::default();
    for pol in [ON, OFF] {
        for cell in 0..cells {
            if board.value(cell) != 0 {
                continue;
            }
            let cands = board.candidates(cell);
            for x in cands.iter() {
                let start = cell * n + x as usize - 1;
                search.run_from(graph, start, pol);
                first.reset(State { node: start, pol });
                for y in cands.iter() {
                    let end_node = cell * n + y as usize - 1;
                    for end_pol in [ON, OFF] {
                        let end = State {
                            node: end_node,
                            pol: end_pol,
                        };
                        if !search.seen(end_node, end_pol) || search.dist[end_pol][end_node] < 2 {
                            continue;
                        }
                        let (first_strong, last_strong) = (pol == OFF, end_pol == ON);
                        let kind = if first_strong == last_strong && x == y
                            || first_strong != last_strong && x != y
                        {
                            LoopKind::Discontinuous
                        } else if first_strong && last_strong
                            || !first_strong && !last_strong && cands.len() == 2
                        {
                            LoopKind::Continuous
                        } else {
                            continue;
                        };
                        let kept = match kind {
                            LoopKind::Discontinuous => &mut discontinuous,
                            LoopKind::Continuous => &mut continuous,
                        };
                        let len = search.dist[end_pol][end_node] as usize + 1;
                        // A discontinuous loop's eliminations are known before the chain is.
                        let early = match (first_strong, last_strong) {
                            (false, false) | (false, true) => vec![Elimination { cell, digit: x }],
                            (true, false) => vec![Elimination { cell, digit: y }],
                            (true, true) => cands
                                .iter()
                                .filter(|&d| d != x)
                                .map(|digit| Elimination { cell, digit })
                                .collect(),
                        };
                        if kind == LoopKind::Discontinuous && !kept.wants(&early, len) {
                            continue;
                        }
                        let nodes = first.chain(&search, end);
                        let k = nodes.len();
                        if nodes[1] / n == cell
                            || nodes[k - 2] / n == cell
                            || lasso(&nodes, n, true)
                        {
                            continue;
                        }
                        let eliminations = match kind {
                            LoopKind::Discontinuous => early,
                            LoopKind::Continuous => {
                                continuous_eliminations(board, graph, &nodes, pol, (x, y))
                            }
                        };
                        kept.keep(Found {
                            nodes,
                            start_on: pol == ON,
                            eliminations,
                        });
                    }
                }
            }
        }
    }
    Loops {
        discontinuous: discontinuous.into_sorted(),
        continuous: continuous.into_sorted(),
    }
}

/// A continuous nice loop's eliminations, HoDoKu's way: the digit of every weak link between
/// two cells goes from the cells (outside the loop) seeing both; a cell entered and left by
/// strong links of digits `a` and `b` (and the start cell when the loop starts and ends with
/// strong links) keeps only `a` and `b`.
fn continuous_eliminations(
    board: &Board,
    graph: &Graph,
    nodes: &[usize],
    start_pol: usize,
    (x, y): (u8, u8),
) -> Vec<Elimination> {
    let grid = &graph.grid;
    let n = grid.n;
    let w = grid.w;
    let cell = |i: usize| nodes[i] / n;
    let digit = |i: usize| (nodes[i] % n) as u8 + 1;
    // Polarity alternates from the premise's.
    let on = |i: usize| i.is_multiple_of(2) == (start_pol == ON);
    let last = nodes.len() - 1;
    let first_strong = start_pol == OFF;
    let last_strong = on(last);
    let mut in_loop = vec![0u64; w];
    for &v in nodes {
        in_loop[(v / n) / 64] |= 1 << ((v / n) % 64);
    }
    let start_cell = cell(0);
    let mut out = Vec::new();
    let keep_only = |c: usize, a: u8, b: u8, out: &mut Vec<Elimination>| {
        for d in board.candidates(c).iter() {
            if d != a && d != b {
                out.push(Elimination { cell: c, digit: d });
            }
        }
    };
    for i in 0..=last {
        if i == 0 && first_strong && last_strong {
            keep_only(start_cell, x, y, &mut out);
        } else if i > 0
            && on(i)
            && i + 2 <= last
            && cell(i - 1) != cell(i)
            && !on(i + 1)
            && cell(i) == cell(i + 1)
            && on(i + 2)
            && cell(i + 1) != cell(i + 2)
        {
            keep_only(cell(i), digit(i), digit(i + 2), &mut out);
        }
        if i > 0 && !on(i) && cell(i - 1) != cell(i) {
            let d = digit(i);
            let (a, b) = (grid.peers(cell(i - 1)), grid.peers(cell(i)));
            for k in 0..w {
                let mut bits = a[k] & b[k] & grid.digit(d)[k] & !in_loop[k];
                if k == start_cell / 64 {
                    bits &= !(1 << (start_cell % 64));
                }
                while bits != 0 {
                    out.push(Elimination {
                        cell: k * 64 + bits.trailing_zeros() as usize,
                        digit: d,
                    });
                    bits &= bits - 1;
                }
            }
        }
    }
    sorted(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_chain_that_comes_back_to_a_cell_it_left_is_a_lasso() {
        let n = 9;
        // r1c1(1) -> r1c2(1) -> r1c2(2) -> r1c3(2): no cell revisited.
        assert!(!lasso(&[0, 9, 10, 19], n, false));
        // r1c1 -> r1c2 -> r1c1 again.
        assert!(lasso(&[0, 9, 1], n, false));
        // A loop may close on its start cell, an AIC may not.
        assert!(!lasso(&[0, 9, 10, 1], n, true));
        assert!(lasso(&[0, 9, 10, 1], n, false));
    }
}
