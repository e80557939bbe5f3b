//! Chains: X-chains (one digit), XY-chains (bivalue cells) and alternating inference chains
//! (AICs, any mix of the two), and the wording of chains the loop finders share.
//!
//! A chain is a sequence of candidates joined alternately by strong links ("if this one is
//! false, that one is true": a digit with exactly two places in a house, or a cell with exactly
//! two candidates) and weak links ("if this one is true, that one is false": the same digit in
//! two cells that see each other, or two digits of one cell). A chain that starts and ends with
//! a strong link proves that one of its two end candidates is true, so every candidate that is
//! weakly linked to both ends (it sees both ends with the same digit, or it sits in one end's
//! cell and sees the other end, for ends of different digits) is false.
//!
//! X- and XY-chains are found as HoDoKu's chain solver finds them: a depth-first search over
//! every chain of at most 20 candidates (`2N + 2` in general) that never comes back to a cell,
//! one chain kept per set of eliminations (the first of the shortest), shortest first. Like
//! HoDoKu they include the short ones (a three-link X-chain is also a skyscraper, kite or
//! turbot fish; a two-cell XY-chain a naked pair), so `hint --all` lists what HoDoKu lists.
//! AICs and nice loops live in [`super::nice_loops`]; the link graph and the layered
//! breadth-first search they start from in [`super::links`].

use std::collections::HashMap;

use crate::grid::{Alphabet, Digits, Geometry, HouseKind};

use super::bits::{BitBoard, cells_of, elims, house_bits};
use super::board::Board;
use super::solving::Solving;
use super::step::{BuildFx, Elimination, Step, StepSink, alternating_links, describe_eliminations};
use super::technique::Technique;

// ---------------------------------------------------------------------------------------------
// X- and XY-chains: HoDoKu's depth-first chain search.
// ---------------------------------------------------------------------------------------------

/// The longest chain searched, in candidates: HoDoKu's default of 20 on 9×9.
fn max_nodes(n: usize) -> usize {
    2 * n + 2
}

/// Per cell (CSR), the cells a chain may link it to, HoDoKu's way: its row, column and box in
/// that order (then any other house of a variant), each in cell order, leaving out a box's
/// cells that share a line with the cell (the line links them) and cells already listed; each
/// with the house that links it. A search keeps those that hold its digit.
struct LinkOrder {
    start: Vec<u32>,
    links: Vec<(u32, u32)>,
}

impl LinkOrder {
    fn of(&self, cell: usize) -> &[(u32, u32)] {
        &self.links[self.start[cell] as usize..self.start[cell + 1] as usize]
    }
}

fn link_order(geometry: &Geometry) -> &LinkOrder {
    geometry.derived(|geometry| {
        let mut start = Vec::with_capacity(geometry.cell_count() + 1);
        let mut links: Vec<(u32, u32)> = Vec::new();
        for cell in 0..geometry.cell_count() {
            start.push(links.len() as u32);
            let from = links.len();
            for &h in geometry.houses_of(cell) {
                let house = &geometry.houses()[h];
                let line = matches!(house.kind, HouseKind::Row | HouseKind::Column);
                for &other in &house.cells {
                    let shares_line = geometry.row_of(other) == geometry.row_of(cell)
                        || geometry.col_of(other) == geometry.col_of(cell);
                    if other == cell
                        || !line && shares_line
                        || links[from..].iter().any(|&(c, _)| c as usize == other)
                    {
                        continue;
                    }
                    links.push((other as u32, h as u32));
                }
            }
        }
        start.push(links.len() as u32);
        LinkOrder { start, links }
    })
}

/// Appends to `out` the cells of `among` linked to `cell` (see [`LinkOrder`]).
fn linked_cells(geometry: &Geometry, cell: usize, among: &[u64], out: &mut Vec<(u32, u32)>) {
    out.extend(
        link_order(geometry)
            .of(cell)
            .iter()
            .filter(|&&(other, _)| has_bit(among, other as usize)),
    );
}

/// One chain per set of eliminations: the first of the shortest found.
#[derive(Default)]
struct Kept {
    by_elims: HashMap<Vec<Elimination>, Vec<usize>, BuildFx>,
}

impl Kept {
    fn offer(
        &mut self,
        eliminations: Vec<Elimination>,
        nodes: impl FnOnce() -> Vec<usize>,
        len: usize,
    ) {
        if self
            .by_elims
            .get(&eliminations)
            .is_none_or(|old| old.len() > len)
        {
            self.by_elims.insert(eliminations, nodes());
        }
    }

    /// Shortest first, then by eliminations.
    fn into_sorted(self) -> Vec<(Vec<usize>, Vec<Elimination>)> {
        let mut found: Vec<(Vec<usize>, Vec<Elimination>)> = self
            .by_elims
            .into_iter()
            .map(|(e, nodes)| (nodes, e))
            .collect();
        found.sort_by(|a, b| (a.0.len(), &a.1, &a.0).cmp(&(b.0.len(), &b.1, &b.0)));
        found
    }
}

/// The cells of `a` that see `b`, as eliminations of `digit` (none when there are none, without
/// allocating: most chain ends eliminate nothing).
fn seeing_both(grid: &BitBoard, a: &[u64], b: usize, digit: u8) -> Vec<Elimination> {
    // A 36×36 grid needs 21 words.
    let mut buf = [0u64; 24];
    let set = &mut buf[..grid.w];
    let mut any = 0;
    for ((s, x), p) in set.iter_mut().zip(a).zip(grid.peers(b)) {
        *s = x & p;
        any |= *s;
    }
    if any == 0 {
        return Vec::new();
    }
    elims(&cells_of(set), digit)
}

fn set_bit(set: &mut [u64], i: usize, on: bool) {
    if on {
        set[i / 64] |= 1 << (i % 64);
    } else {
        set[i / 64] &= !(1 << (i % 64));
    }
}

fn has_bit(set: &[u64], i: usize) -> bool {
    set[i / 64] & (1 << (i % 64)) != 0
}

/// X-chain search state for one digit.
struct XSearch<'g> {
    grid: &'g BitBoard<'g>,
    digit: u8,
    /// Per cell (CSR): linked cells holding the digit and whether the link is strong.
    link_start: Vec<u32>,
    links: Vec<(u32, bool)>,
    start: usize,
    /// The digit's cells that see the start.
    start_sees: Vec<u64>,
    chain: Vec<usize>,
    /// The chain's cells after the start.
    in_chain: Vec<u64>,
    kept: Kept,
    limit: usize,
}

impl XSearch<'_> {
    /// Extends the chain from its last cell; `strong_next` when the next link must be strong
    /// (and can end the chain).
    fn extend(&mut self, strong_next: bool) {
        if self.chain.len() >= self.limit {
            return;
        }
        let current = self.chain[self.chain.len() - 1];
        let (from, to) = (
            self.link_start[current] as usize,
            self.link_start[current + 1] as usize,
        );
        for k in from..to {
            let (next, strong) = self.links[k];
            let next = next as usize;
            if strong_next && !strong {
                continue;
            }
            let closes = next == self.start;
            if !closes && has_bit(&self.in_chain, next) {
                continue;
            }
            self.chain.push(next);
            if strong_next && self.chain.len() > 2 {
                let eliminations = seeing_both(self.grid, &self.start_sees, next, self.digit);
                if !eliminations.is_empty() {
                    let (n, d) = (self.grid.n, self.digit as usize - 1);
                    let chain = &self.chain;
                    self.kept.offer(
                        eliminations,
                        || chain.iter().map(|&c| c * n + d).collect(),
                        chain.len(),
                    );
                }
            }
            if !closes {
                set_bit(&mut self.in_chain, next, true);
                self.extend(!strong_next);
                set_bit(&mut self.in_chain, next, false);
            }
            self.chain.pop();
        }
    }
}

fn find_x_chains(board: &Board, digits: Option<Digits>) -> Vec<(Vec<usize>, Vec<Elimination>)> {
    let grid = BitBoard::new(board);
    let geometry = grid.geometry;
    let cells = geometry.cell_count();
    let houses = geometry.houses().len();
    let mut kept = Kept::default();
    let mut count = vec![0u8; houses];
    let mut buf: Vec<(u32, u32)> = Vec::new();
    for digit in 1..=grid.n as u8 {
        if digits.is_some_and(|d| !d.contains(digit)) {
            continue;
        }
        let places = grid.digit(digit);
        let house_cells = house_bits(geometry);
        for (h, c) in count.iter_mut().enumerate() {
            let house = &house_cells[h * grid.w..(h + 1) * grid.w];
            *c = house
                .iter()
                .zip(places)
                .map(|(x, p)| (x & p).count_ones())
                .sum::<u32>() as u8;
        }
        let mut link_start = Vec::with_capacity(cells + 1);
        let mut links: Vec<(u32, bool)> = Vec::new();
        for cell in 0..cells {
            link_start.push(links.len() as u32);
            if !has_bit(places, cell) {
                continue;
            }
            buf.clear();
            linked_cells(geometry, cell, places, &mut buf);
            links.extend(
                buf.iter()
                    .map(|&(other, h)| (other, count[h as usize] == 2)),
            );
        }
        link_start.push(links.len() as u32);
        let mut search = XSearch {
            grid: &grid,
            digit,
            link_start,
            links,
            start: 0,
            start_sees: vec![0; grid.w],
            chain: Vec::new(),
            in_chain: vec![0; grid.w],
            kept: std::mem::take(&mut kept),
            limit: max_nodes(grid.n),
        };
        for start in cells_of(places) {
            for (s, (d, p)) in search
                .start_sees
                .iter_mut()
                .zip(places.iter().zip(grid.peers(start)))
            {
                *s = d & p;
            }
            if search.start_sees.iter().all(|&w| w == 0) {
                continue;
            }
            search.start = start;
            for k in search.link_start[start] as usize..search.link_start[start + 1] as usize {
                let (next, strong) = search.links[k];
                if !strong {
                    continue;
                }
                search.chain.clear();
                search.chain.extend([start, next as usize]);
                set_bit(&mut search.in_chain, next as usize, true);
                search.extend(false);
                set_bit(&mut search.in_chain, next as usize, false);
            }
        }
        kept = search.kept;
    }
    kept.into_sorted()
}

/// XY-chain search state.
struct XySearch<'g> {
    grid: &'g BitBoard<'g>,
    /// Per bivalue cell (CSR): the bivalue cells linked to it.
    link_start: Vec<u32>,
    links: Vec<u32>,
    start: usize,
    start_digit: u8,
    /// The cells holding the start digit that see the start cell.
    start_sees: Vec<u64>,
    /// (cell, digit) nodes as `cell * n + digit - 1`.
    chain: Vec<usize>,
    /// The chain's cells.
    in_chain: Vec<u64>,
    kept: Kept,
    limit: usize,
}

impl XySearch<'_> {
    fn extend(&mut self, inside_cell: bool) {
        if self.chain.len() >= self.limit {
            return;
        }
        let n = self.grid.n;
        let last = self.chain[self.chain.len() - 1];
        let (cell, digit) = (last / n, (last % n) as u8 + 1);
        let board = self.grid.board;
        if inside_cell {
            let Some(other) = board.candidates(cell).iter().find(|&d| d != digit) else {
                return;
            };
            self.chain.push(cell * n + other as usize - 1);
            if other == self.start_digit && self.chain.len() > 2 {
                let eliminations = seeing_both(self.grid, &self.start_sees, cell, other);
                if !eliminations.is_empty() {
                    let chain = &self.chain;
                    self.kept.offer(eliminations, || chain.clone(), chain.len());
                }
            }
            self.extend(false);
            self.chain.pop();
            return;
        }
        for k in self.link_start[cell] as usize..self.link_start[cell + 1] as usize {
            let next = self.links[k] as usize;
            if next == self.start
                || has_bit(&self.in_chain, next)
                || !board.candidates(next).contains(digit)
            {
                continue;
            }
            self.chain.push(next * n + digit as usize - 1);
            set_bit(&mut self.in_chain, next, true);
            self.extend(true);
            set_bit(&mut self.in_chain, next, false);
            self.chain.pop();
        }
    }
}

fn find_xy_chains(board: &Board) -> Vec<(Vec<usize>, Vec<Elimination>)> {
    let grid = BitBoard::new(board);
    let geometry = grid.geometry;
    let n = grid.n;
    let cells = geometry.cell_count();
    let bivalue = |c: usize| board.value(c) == 0 && board.candidates(c).len() == 2;
    let mut bivalues = vec![0u64; grid.w];
    for cell in (0..cells).filter(|&c| bivalue(c)) {
        bivalues[cell / 64] |= 1 << (cell % 64);
    }
    let mut link_start = Vec::with_capacity(cells + 1);
    let mut links: Vec<u32> = Vec::new();
    let mut buf: Vec<(u32, u32)> = Vec::new();
    for cell in 0..cells {
        link_start.push(links.len() as u32);
        if bivalue(cell) {
            buf.clear();
            linked_cells(geometry, cell, &bivalues, &mut buf);
            links.extend(buf.iter().map(|&(other, _)| other));
        }
    }
    link_start.push(links.len() as u32);
    let mut search = XySearch {
        grid: &grid,
        link_start,
        links,
        start: 0,
        start_digit: 0,
        start_sees: vec![0; grid.w],
        chain: Vec::new(),
        in_chain: vec![0; grid.w],
        kept: Kept::default(),
        limit: max_nodes(n),
    };
    for start in 0..cells {
        if !bivalue(start) {
            continue;
        }
        let cands = board.candidates(start);
        let mut it = cands.iter();
        let (Some(p), Some(q)) = (it.next(), it.next()) else {
            continue;
        };
        for (a, b) in [(p, q), (q, p)] {
            for (s, (d, pe)) in search
                .start_sees
                .iter_mut()
                .zip(grid.digit(a).iter().zip(grid.peers(start)))
            {
                *s = d & pe;
            }
            if search.start_sees.iter().all(|&w| w == 0) {
                continue;
            }
            search.start = start;
            search.start_digit = a;
            search.chain.clear();
            search
                .chain
                .extend([start * n + a as usize - 1, start * n + b as usize - 1]);
            set_bit(&mut search.in_chain, start, true);
            search.extend(false);
            set_bit(&mut search.in_chain, start, false);
        }
    }
    search.kept.into_sorted()
}

pub(crate) fn report(
    board: &Board,
    sink: &mut StepSink,
    technique: Technique,
    found: Vec<(Vec<usize>, Vec<Elimination>)>,
) {
    let geometry = board.geometry();
    let n = geometry.size();
    for (nodes, eliminations) in found {
        let mut cells: Vec<usize> = nodes.iter().map(|&v| v / n).collect();
        cells.dedup();
        let mut digits: Vec<u8> = nodes.iter().map(|&v| (v % n) as u8 + 1).collect();
        digits.sort_unstable();
        digits.dedup();
        let explanation = sink.text(|| {
            let chain = notation(geometry, board.alphabet(), &nodes, n);
            let (first, last) = (nodes[0], nodes[nodes.len() - 1]);
            let end_name = |v: usize| {
                let digit = board.show((v % n) as u8 + 1);
                format!("{digit} in {}", geometry.cell_name(v / n))
            };
            let removed: Vec<String> = eliminations
                .iter()
                .map(|e| format!("{}<>{}", geometry.cell_name(e.cell), board.show(e.digit)))
                .collect();
            format!(
                "{title}: {chain} => {removed}. The links alternate strong (=, one of the two is \
             true) and weak (-, not both true), starting and ending with a strong link, so \
             {a} or {b} is true; every candidate that would rule out both ends is false: {what}",
                title = technique.title(),
                removed = removed.join(", "),
                a = end_name(first),
                b = end_name(last),
                what = describe_eliminations(geometry, board.alphabet(), &eliminations),
            )
        });
        let links = sink.links(|| alternating_links(&nodes, n, true));
        let step = Step::eliminating(technique, eliminations)
            .cells(cells)
            .digits(digits)
            .linked(links)
            .explained(explanation);
        if sink.push(step) {
            return;
        }
    }
}

/// X-chains: alternating chains of one digit.
pub fn x_chain(solving: &Solving, sink: &mut StepSink) {
    let board = solving.board();
    let found = find_x_chains(board, sink.digits());
    report(board, sink, Technique::XChain, found);
}

/// XY-chains: chains of bivalue cells, each cell's two digits strongly linked.
pub fn xy_chain(solving: &Solving, sink: &mut StepSink) {
    let board = solving.board();
    let found = find_xy_chains(board);
    report(board, sink, Technique::XyChain, found);
}

/// Eureka-style notation: `(4)r1c2=(4)r1c7-(4)r3c8=(4)r5c8`, with links inside one cell written
/// `(4=7)r1c2`.
pub(crate) fn notation(
    geometry: &Geometry,
    alphabet: Alphabet,
    nodes: &[usize],
    n: usize,
) -> String {
    let digit = |v: usize| alphabet.show((v % n) as u8 + 1);
    let mut out = String::new();
    let mut i = 0;
    while i < nodes.len() {
        let (cell, d) = (nodes[i] / n, digit(nodes[i]));
        if i > 0 {
            out.push(if i % 2 == 1 { '=' } else { '-' });
        }
        if i + 1 < nodes.len() && nodes[i + 1] / n == cell {
            let d2 = digit(nodes[i + 1]);
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

pub(crate) fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().collect::<String>() + chars.as_str(),
        None => String::new(),
    }
}

/// A loop in Eureka-style notation, closed with the start cell: `(4)r1c2-(4)r1c7=...=(4)r1c2`
/// for a start assumed true (its first link is weak), `=` first for a start assumed false.
pub(crate) fn loop_notation(
    geometry: &Geometry,
    alphabet: Alphabet,
    nodes: &[usize],
    n: usize,
    start_on: bool,
) -> String {
    let mut out = String::new();
    for (i, &v) in nodes.iter().enumerate() {
        if i > 0 {
            // Links alternate; a start assumed false leaves by a strong link.
            let strong = (i % 2 == 1) != start_on;
            out.push(if strong { '=' } else { '-' });
        }
        let digit = alphabet.show((v % n) as u8 + 1);
        out.push_str(&format!("({digit}){}", geometry.cell_name(v / n)));
    }
    out
}
