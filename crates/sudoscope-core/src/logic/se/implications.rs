//! Everything each assumption implies at one grid over cell and house links, worked out for
//! all candidates at once.
//!
//! A static chain search (cycles and forcing X-/XY-chains) follows only links that hold in the
//! grid as it stands: "on" turns off the cell's other candidates and the digit in the cell's
//! houses; "off" turns on a bivalue cell's other candidate and the digit's conjugate place in
//! a house with two. Before following an assumption, the search asks whether a chain from it
//! can exist at all: a cycle only if "cell is digit" implies itself again, a forcing chain from
//! "on" only if it implies its own opposite, one from "off" only if "off" implies "on". Those
//! are reachability questions in one graph of 2 × (candidates) literals, asked for nearly every
//! candidate of the grid.
//!
//! Asked one by one, each is a propagation over a large part of the graph. Here the graph's
//! strongly connected components are found once (Tarjan), and each component's reachable set
//! is the union of its own literals and of the sets of the components its edges lead to (which
//! Tarjan finishes first), kept as a bit set: then a cycle through a literal means that its
//! component has more than one literal (no literal implies itself directly), and "implies" is
//! one bit test.
//!
//! About a third of the candidates at a grid where SE needs chains have no link out of "off":
//! their cell holds more than two candidates and their digit more than two places in each of
//! the cell's houses. Their "off" implies nothing, and (by contraposition) nothing implies
//! their "on". Such an "on" lies on no cycle and is asked about only as an assumption, so it is
//! left out of the components, and what it implies is read from its successors' sets when
//! asked. Such an "off" implies itself alone: it needs no set, and a set that holds it is given
//! its bit.

use super::grid::{ALL_CELLS, Conjugates, Mask, SeGrid, bit, cells_of, digits, index, tables};
use super::spread::PassLinks;

/// Marks a candidate absent from the grid, and a literal not yet visited by the search.
const NONE: u16 = u16::MAX;

/// What each literal ("cell is digit" or "cell is not digit", for each candidate) implies at
/// one grid.
pub struct Implications {
    /// The candidate's number among the grid's candidates, by [`index`]; its "on" literal is
    /// twice that, its "off" literal the next one.
    slot: [u16; 729],
    /// Each literal's strongly connected component.
    component: Vec<u16>,
    /// Whether a component holds more than one literal (so each of them implies itself again).
    cyclic: Vec<bool>,
    /// Whether a cycle within the component could remove a candidate (see
    /// [`Implications::cycle_may_remove`]).
    cycle_removes: Vec<bool>,
    /// Per component, `words` words: the literals it implies (its own among them).
    reach: Vec<u64>,
    words: usize,
    /// The graph, for what an "on" that nothing implies implies (see [`SOURCES`]).
    graph: Graph,
}

/// The component of every "on" that nothing implies: not a component of the graph, but a
/// mark that what it implies is read from its successors (see the module's doc).
const SOURCES: u16 = 0;
/// The component of every "off" that implies nothing (but itself).
const SINKS: u16 = 1;

impl Implications {
    /// The implications at `grid`, whose conjugate places are `conjugates`.
    pub fn of(grid: &SeGrid, conjugates: &Conjugates) -> Implications {
        Implications::over_pass(grid, conjugates, PassLinks { y: true, x: true }, true)
    }

    /// The implications over one pass's links only; without `with_reach`, the components
    /// alone, enough for [`Implications::cycle_may_remove`] over those links (for the X and Y
    /// passes, whose assumptions would each take two walks to judge their cycles;
    /// [`Implications::reaches`] must not be asked then).
    pub fn over_pass(
        grid: &SeGrid,
        conjugates: &Conjugates,
        links: PassLinks,
        with_reach: bool,
    ) -> Implications {
        // Over one kind of link alone, only some "offs" lead anywhere, and only such an "off"
        // leads to an "on": a bivalue cell's over cell links, a place with a conjugate over
        // house links. Every cycle runs through those candidates, so the components alone need
        // nothing else (the literals of the others are components of their own).
        let within: [u128; 10] = match (links.y, links.x) {
            _ if with_reach => [ALL_CELLS; 10],
            (true, false) => [conjugates.bivalue(); 10],
            (false, true) => std::array::from_fn(|d| conjugates.linked(d as u8)),
            _ => [ALL_CELLS; 10],
        };
        Implications::among(grid, conjugates, links, within, with_reach)
    }

    /// What each literal implies over the links of the X pass (house links) for the digits of
    /// `x_digits` alone, or of the Y pass (cell links; `x_digits` unused) among the bivalue cells
    /// alone: the candidates those passes' propagations can meet (the Y pass starts only from
    /// bivalue cells and follows only them). Every link from one of those candidates leads to
    /// another, so the answers are those of the pass's whole graph, from a graph a fraction of
    /// its size.
    pub fn within_pass(
        grid: &SeGrid,
        conjugates: &Conjugates,
        links: PassLinks,
        x_digits: Mask,
    ) -> Implications {
        debug_assert!(links.x != links.y, "one kind of link");
        let within: [u128; 10] = if links.y {
            [conjugates.bivalue(); 10]
        } else {
            std::array::from_fn(|d| if x_digits >> d & 1 == 1 { ALL_CELLS } else { 0 })
        };
        Implications::among(grid, conjugates, links, within, true)
    }

    /// The implications over `links` among the candidates of the cells of `within` (by digit),
    /// which the links must not leave.
    fn among(
        grid: &SeGrid,
        conjugates: &Conjugates,
        links: PassLinks,
        within: [u128; 10],
        with_reach: bool,
    ) -> Implications {
        let mut slot = [NONE; 729];
        let mut candidates = Vec::with_capacity(729);
        // (Numbered digit by digit: a pass's graph may hold a few digits' places, or a few
        // cells, out of the whole grid.)
        for digit in 1..=9u8 {
            for cell in cells_of(grid.digit_cells[digit as usize] & within[digit as usize]) {
                slot[index(cell, digit)] = candidates.len() as u16;
                candidates.push((cell, digit));
            }
        }
        let graph = Graph::of(grid, conjugates, &slot, &candidates, links, within);
        let literals = 2 * candidates.len();
        let words = if with_reach { literals.div_ceil(64) } else { 0 };
        // (Room for the most components there can be: one per literal.)
        let mut implications = Implications {
            slot,
            component: vec![NONE; literals],
            cyclic: Vec::with_capacity(literals),
            cycle_removes: Vec::new(),
            reach: Vec::with_capacity(literals * words),
            words,
            graph,
        };
        implications.find_components();
        implications.find_removing_components(grid, &candidates);
        implications
    }

    /// Whether "`cell` is `digit`" implies itself again through other literals (a cycle
    /// through it can exist).
    #[cfg(test)]
    pub fn on_returns(&self, cell: u8, digit: u8) -> bool {
        self.literal(cell, digit, true)
            .is_some_and(|on| self.cyclic[self.component[on] as usize])
    }

    /// Whether a cycle through "`cell` is `digit`" can exist and remove a candidate. A cycle
    /// removes the digit from a cell off the cycle that sees one of its "on" potentials and one
    /// of its "off" potentials of that digit. Every potential of a cycle through a literal lies
    /// in the literal's component, so when no cell holding a digit sees both an "on" and an
    /// "off" literal of it in the component, no cycle through it removes anything. (Cycles
    /// that remove nothing are most of those a search finds: a closed path of conjugate
    /// places and bivalue cells is a cycle, but proves nothing new.)
    pub fn cycle_may_remove(&self, cell: u8, digit: u8) -> bool {
        self.literal(cell, digit, true)
            .is_some_and(|on| self.cycle_removes[self.component[on] as usize])
    }

    /// Whether "`cell` is `digit`" implies "`cell` is not `digit`" (a forcing chain from "on"
    /// can exist).
    pub fn on_implies_off(&self, cell: u8, digit: u8) -> bool {
        self.implies(cell, digit, true)
    }

    /// Whether "`cell` is not `digit`" implies "`cell` is `digit`" (a forcing chain from "off"
    /// can exist).
    pub fn off_implies_on(&self, cell: u8, digit: u8) -> bool {
        self.implies(cell, digit, false)
    }

    /// Whether the literal (`on`) of the candidate implies its opposite.
    fn implies(&self, cell: u8, digit: u8, on: bool) -> bool {
        let (Some(from), Some(to)) = (
            self.literal(cell, digit, on),
            self.literal(cell, digit, !on),
        ) else {
            return false;
        };
        self.reaches(from, to)
    }

    /// Whether literal `from` implies literal `to` (either itself).
    #[inline]
    pub fn reaches(&self, from: usize, to: usize) -> bool {
        debug_assert!(self.words > 0, "asked what a components-only graph implies");
        let component = self.component[from];
        if component == SOURCES {
            return self.source_reaches(from, to);
        }
        // An "off" that implies nothing (`SINKS`) implies itself alone: its component's set
        // is empty, and `from == to` answers (without a branch, as a search asks this of
        // nearly every literal it meets; a literal of any other component is in its set).
        let base = component as usize * self.words;
        (self.reach[base + to / 64] >> (to % 64) & 1 == 1) | (from == to)
    }

    /// [`Implications::reaches`] from an "on" that nothing implies: itself, or what one of its
    /// successors implies (they are "offs", never in [`SOURCES`]). Asked about assumptions only.
    #[inline(never)]
    fn source_reaches(&self, from: usize, to: usize) -> bool {
        from == to
            || self
                .graph
                .successors(from)
                .iter()
                .any(|&s| self.reaches(s as usize, to))
    }

    /// The number of the literal "`cell` is (`on`) or is not `digit`", when the grid has the
    /// candidate.
    pub fn literal(&self, cell: u8, digit: u8, on: bool) -> Option<usize> {
        let slot = self.slot[index(cell, digit)];
        (slot != NONE).then(|| 2 * slot as usize + usize::from(!on))
    }

    /// Tarjan's strongly connected components, without recursion; each component's reachable
    /// set is made as it is finished, when every component it leads to is finished already.
    fn find_components(&mut self) {
        let graph = std::mem::take(&mut self.graph);
        let literals = self.component.len();
        let mut walk = Walk {
            order: vec![NONE; literals],
            low: vec![0; literals],
            on_stack: vec![false; literals],
            stack: Vec::with_capacity(literals),
            path: Vec::with_capacity(literals),
            visited: 0,
        };
        let mut members: Vec<u16> = Vec::with_capacity(literals);
        // The "ons" that nothing implies and the "offs" that imply nothing have their marks
        // (and are marked visited, off the stack).
        self.cyclic.extend([false, false]);
        self.reach.resize(2 * self.words, 0);
        for on in (0..literals).step_by(2) {
            if graph.successors(on + 1).is_empty() {
                self.component[on] = SOURCES;
                self.component[on + 1] = SINKS;
                walk.order[on] = 0;
                walk.order[on + 1] = 0;
            }
        }
        for root in 0..literals as u16 {
            if walk.order[root as usize] != NONE {
                continue;
            }
            walk.enter(root, &graph);
            while let Some(&mut (v, ref mut next)) = walk.path.last_mut() {
                let (v, vi) = (v, v as usize);
                if *next < graph.start[vi + 1] {
                    let w = graph.edges[*next as usize] as usize;
                    *next += 1;
                    if walk.order[w] == NONE {
                        walk.enter(w as u16, &graph);
                    } else if walk.on_stack[w] {
                        walk.low[vi] = walk.low[vi].min(walk.order[w]);
                    }
                    continue;
                }
                walk.path.pop();
                if let Some(&(parent, _)) = walk.path.last() {
                    walk.low[parent as usize] = walk.low[parent as usize].min(walk.low[vi]);
                }
                if walk.low[vi] == walk.order[vi] {
                    members.clear();
                    while let Some(w) = walk.stack.pop() {
                        walk.on_stack[w as usize] = false;
                        members.push(w);
                        if w == v {
                            break;
                        }
                    }
                    self.finish_component(&graph, &members);
                }
            }
        }
        self.graph = graph;
    }

    /// Works out [`Implications::cycle_may_remove`] for every component: per cyclic component
    /// and digit, the cells that see one of its "on" literals of the digit and those that see
    /// one of its "off" literals; it may remove when a cell holding the digit is in both.
    fn find_removing_components(&mut self, grid: &SeGrid, candidates: &[(u8, u8)]) {
        let t = tables();
        // Seen cells by cyclic component (numbered in `order`), digit and state.
        let mut order = vec![NONE; self.cyclic.len()];
        let mut seen: Vec<[[u128; 2]; 9]> = Vec::new();
        for (literal, &component) in self.component.iter().enumerate() {
            let component = component as usize;
            if !self.cyclic[component] {
                continue;
            }
            if order[component] == NONE {
                order[component] = seen.len() as u16;
                seen.push([[0; 2]; 9]);
            }
            let (cell, digit) = candidates[literal / 2];
            seen[order[component] as usize][digit as usize - 1][literal % 2] |=
                t.peer_bits[cell as usize];
        }
        self.cycle_removes = order
            .iter()
            .map(|&o| {
                o != NONE
                    && seen[o as usize]
                        .iter()
                        .enumerate()
                        .any(|(d, [on, off])| on & off & grid.digit_cells[d + 1] != 0)
            })
            .collect();
    }

    /// Records a finished component: its literals, and what they imply.
    fn finish_component(&mut self, graph: &Graph, members: &[u16]) {
        let id = self.cyclic.len();
        self.cyclic.push(members.len() > 1);
        if self.words == 0 {
            // Components only (see `over_pass`).
            for &w in members {
                self.component[w as usize] = id as u16;
            }
            return;
        }
        let base = id * self.words;
        self.reach.resize(base + self.words, 0);
        let (finished, own) = self.reach.split_at_mut(base);
        for &w in members {
            self.component[w as usize] = id as u16;
            own[w as usize / 64] |= 1 << (w % 64);
        }
        for &w in members {
            let edges = graph.start[w as usize] as usize..graph.start[w as usize + 1] as usize;
            for &x in &graph.edges[edges] {
                let other = self.component[x as usize] as usize;
                if other == SINKS as usize {
                    own[x as usize / 64] |= 1 << (x % 64);
                } else if other != id {
                    let theirs = &finished[other * self.words..(other + 1) * self.words];
                    for (mine, &their) in own.iter_mut().zip(theirs) {
                        *mine |= their;
                    }
                }
            }
        }
    }
}

/// Tarjan's bookkeeping, by literal.
struct Walk {
    /// When the literal was first visited (`NONE`: not yet).
    order: Vec<u16>,
    /// The earliest visit the literal reaches among those still on `stack`.
    low: Vec<u16>,
    on_stack: Vec<bool>,
    /// The visited literals whose component is not finished.
    stack: Vec<u16>,
    /// The depth-first path: each literal with the next of its edges to follow.
    path: Vec<(u16, u32)>,
    visited: u16,
}

impl Walk {
    fn enter(&mut self, v: u16, graph: &Graph) {
        self.order[v as usize] = self.visited;
        self.low[v as usize] = self.visited;
        self.visited += 1;
        self.on_stack[v as usize] = true;
        self.stack.push(v);
        self.path.push((v, graph.start[v as usize]));
    }
}

/// The implication graph as adjacency lists: literal `l`'s successors are
/// `edges[start[l]..start[l + 1]]`.
#[derive(Default)]
struct Graph {
    start: Vec<u32>,
    edges: Vec<u16>,
}

impl Graph {
    fn successors(&self, literal: usize) -> &[u16] {
        &self.edges[self.start[literal] as usize..self.start[literal + 1] as usize]
    }

    fn of(
        grid: &SeGrid,
        conjugates: &Conjugates,
        slot: &[u16; 729],
        candidates: &[(u8, u8)],
        links: PassLinks,
        within: [u128; 10],
    ) -> Graph {
        let t = tables();
        let literal = |cell: u8, digit: u8, on: bool| 2 * slot[index(cell, digit)] + u16::from(!on);
        let mut start = Vec::with_capacity(2 * candidates.len() + 1);
        let mut edges = Vec::with_capacity(candidates.len() * 24);
        for &(cell, digit) in candidates {
            let cands = grid.cands[cell as usize];
            // "cell is digit": its other candidates and the digit's other places in its houses
            // are off.
            start.push(edges.len() as u32);
            if links.y {
                for other in digits(cands & !bit(digit)) {
                    edges.push(literal(cell, other, false));
                }
            }
            let peers = t.peer_bits[cell as usize]
                & grid.digit_cells[digit as usize]
                & within[digit as usize];
            for peer in cells_of(peers) {
                edges.push(literal(peer, digit, false));
            }
            // "cell is not digit": a bivalue cell's other candidate, and the digit's other place
            // in a house with two, are on.
            start.push(edges.len() as u32);
            if links.y && cands.count_ones() == 2 {
                let other = (cands & !bit(digit)).trailing_zeros() as u8;
                edges.push(literal(cell, other, true));
            }
            if links.x {
                for other in cells_of(conjugates.others(cell, digit)) {
                    edges.push(literal(other, digit, true));
                }
            }
        }
        start.push(edges.len() as u32);
        Graph { start, edges }
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::logic::se::new_links::Implied;
    use crate::logic::se::test_grids::{PUZZLES, reduced, start};

    /// Every candidate's three answers agree with a propagation from that one assumption.
    fn agrees_with_propagation(grid: &SeGrid) {
        let conjugates = Conjugates::of(grid);
        let implications = Implications::of(grid, &conjugates);
        for cell in 0..81u8 {
            for digit in digits(grid.cands[cell as usize]) {
                let (again, opposite) =
                    Implied::after_leads_to(grid, &conjugates, cell, digit, true, true);
                let from_off = Implied::off_leads_to_on(grid, &conjugates, cell, digit);
                assert_eq!(
                    implications.on_returns(cell, digit),
                    again,
                    "r{cell} {digit}"
                );
                assert_eq!(implications.on_implies_off(cell, digit), opposite);
                assert_eq!(implications.off_implies_on(cell, digit), from_off);
            }
        }
    }

    #[test]
    fn start_grids_agree_with_propagation() {
        for puzzle in PUZZLES {
            agrees_with_propagation(&start(puzzle));
        }
    }

    #[test]
    fn absent_candidates_imply_nothing() {
        let grid = start(PUZZLES[0]);
        let implications = Implications::of(&grid, &Conjugates::of(&grid));
        // r1c1 holds the given 1: no candidates.
        for digit in 1..=9 {
            assert!(!implications.on_returns(0, digit));
            assert!(!implications.on_implies_off(0, digit));
            assert!(!implications.off_implies_on(0, digit));
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// Grids with candidates struck at random (each cell keeps one): bivalue cells and
        /// conjugate pairs appear and vanish, and the answers still agree.
        #[test]
        fn reduced_grids_agree_with_propagation(
            which in 0..PUZZLES.len(),
            picks in proptest::collection::vec((0u8..81, 1u8..=9), 0..120),
        ) {
            agrees_with_propagation(&reduced(&start(PUZZLES[which]), &picks));
        }

        /// The implications of the X pass for some digits, and of the Y pass among the
        /// bivalue cells, answer every question about their candidates as the pass's graph over
        /// all candidates does.
        #[test]
        fn a_pass_implications_within_its_candidates_are_those_of_its_whole_graph(
            which in 0..PUZZLES.len(),
            picks in proptest::collection::vec((0u8..81, 1u8..=9), 0..120),
            some_digits in 1u16..0x200,
        ) {
            let grid = reduced(&start(PUZZLES[which]), &picks);
            let conjugates = Conjugates::of(&grid);
            let x_digits = some_digits << 1;
            for links in [PassLinks { y: true, x: false }, PassLinks { y: false, x: true }] {
                let within = Implications::within_pass(&grid, &conjugates, links, x_digits);
                let whole = Implications::over_pass(&grid, &conjugates, links, true);
                let inside = |cell: u8, digit: u8| {
                    if links.y {
                        grid.cands[cell as usize].count_ones() == 2
                    } else {
                        x_digits & bit(digit) != 0
                    }
                };
                let literals: Vec<(u8, u8, bool)> = (0..81u8)
                    .flat_map(|cell| digits(grid.cands[cell as usize]).map(move |d| (cell, d)))
                    .filter(|&(cell, digit)| inside(cell, digit))
                    .flat_map(|(cell, digit)| [(cell, digit, true), (cell, digit, false)])
                    .collect();
                for &(cell, digit, on) in &literals {
                    if on {
                        prop_assert_eq!(
                            within.cycle_may_remove(cell, digit),
                            whole.cycle_may_remove(cell, digit)
                        );
                        prop_assert_eq!(
                            within.on_implies_off(cell, digit),
                            whole.on_implies_off(cell, digit)
                        );
                        prop_assert_eq!(
                            within.off_implies_on(cell, digit),
                            whole.off_implies_on(cell, digit)
                        );
                    }
                    let (from, from_whole) = (
                        within.literal(cell, digit, on).expect("inside"),
                        whole.literal(cell, digit, on).expect("a candidate"),
                    );
                    for &(c, d, o) in &literals {
                        prop_assert_eq!(
                            within.reaches(from, within.literal(c, d, o).expect("inside")),
                            whole.reaches(from_whole, whole.literal(c, d, o).expect("a candidate")),
                            "{:?} r{}c{}", links, cell / 9 + 1, cell % 9 + 1
                        );
                    }
                }
            }
        }

        /// The X and Y passes' components, found over the candidates that can be on their
        /// cycles alone (places with a conjugate, bivalue cells), judge every cycle as those of
        /// the whole graph do.
        #[test]
        fn a_single_pass_components_need_only_the_candidates_on_its_cycles(
            which in 0..PUZZLES.len(),
            picks in proptest::collection::vec((0u8..81, 1u8..=9), 0..120),
        ) {
            let grid = reduced(&start(PUZZLES[which]), &picks);
            let conjugates = Conjugates::of(&grid);
            for links in [PassLinks { y: true, x: false }, PassLinks { y: false, x: true }] {
                let restricted = Implications::over_pass(&grid, &conjugates, links, false);
                let whole = Implications::over_pass(&grid, &conjugates, links, true);
                for cell in 0..81u8 {
                    for digit in digits(grid.cands[cell as usize]) {
                        prop_assert_eq!(
                            restricted.cycle_may_remove(cell, digit),
                            whole.cycle_may_remove(cell, digit),
                            "{:?} r{}c{} {}", links, cell / 9 + 1, cell % 9 + 1, digit
                        );
                    }
                }
            }
        }
    }
}
