//! SE's chains of implications: bidirectional cycles and forcing X-/XY-chains, Nishio, cell and
//! region forcing chains, dynamic forcing chains, dynamic forcing chains "plus" (which let
//! intersections, pairs and X-wings act inside a chain) and the nested levels (which let whole
//! forcing chains act inside a chain).
//!
//! A chain is a graph of *potentials* — "rXcY is D" (on) or "rXcY is not D" (off) — each with the
//! potentials that imply it (its parents). SE's difficulty of a chain step is a base per kind of
//! chain plus 0.1 for each step of a geometric ladder of chain sizes (see [`length_bonus`]), the
//! size being the number of distinct potentials the conclusion rests on. Among the steps of one
//! search SE takes the lowest difficulty, then the smallest size, then a fixed order of kinds.
//!
//! In a *dynamic* chain, every "off" potential is struck from a working copy of the grid as it
//! is found, so later links see the reduced grid (a cell left with two candidates, a house left
//! with two places); such a link's parents include the earlier "offs" that made it.

mod x_pass;

use std::cell::RefCell;
use std::collections::{HashMap, HashSet, VecDeque};
use std::rc::Rc;
use std::sync::Arc;

use super::basic;
use super::grid::{
    BOX, COL, Conjugates, Mask, ROW, SeGrid, bit, cell_name, cells_of, digits, house_name, tables,
};
use super::implications::Implications;
use super::new_links::{Implied, NewLinks, Reach};
use super::spread::{CycleWalks, PassLinks, Spread};
use super::{SeHint, Shape};
use x_pass::XPassMemo;

const NONE: u32 = u32::MAX;

/// Candidates a step removes, as (cell, digit).
type Removals = Vec<(u8, u8)>;
/// What a technique inside a chain does: its removals, the offs it needed, its description.
type RuleHint = (Removals, Removals, Arc<Rule>);
/// What a potential concludes: removals, and the placement when it is "on".
type Conclusion = (Removals, Option<(u8, u8)>);
const NKEYS: usize = 81 * 9 * 2;
/// Words of a bit set over the potentials.
const KEY_WORDS: usize = NKEYS.div_ceil(64);
/// An assumption's consequences: the contradiction it met (on node, off node), its ons, its offs.
type OnChain = (Option<(u32, u32)>, PotSet, PotSet);

/// The potentials every one of `sets` holds, as `first`'s node ids in `first`'s order: what a
/// cell's or a house's assumptions all imply (the sets hold 1,458 slots each, so this reads them
/// rather than copying one to narrow it down).
fn common_ids(first: &PotSet, sets: &[&PotSet]) -> Vec<u32> {
    first
        .order
        .iter()
        .filter(|&&(k, _)| sets.iter().all(|s| s.contains(k as usize)))
        .map(|&(_, id)| id)
        .collect()
}

/// Why a potential holds, given its parents.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Cause {
    /// The chain's starting assumption.
    Assumption,
    /// The cell has no other candidate left (for "on"), or holds another digit (for "off").
    NakedSingle,
    /// The digit has no other place left in the house of this type (box, row, column), or is
    /// already placed there.
    Hidden(u8),
    /// A technique (intersection, set, fish or a nested chain) removes it.
    Advanced,
}

/// One potential in a chain's graph.
pub struct Node {
    pub cell: u8,
    pub digit: u8,
    pub on: bool,
    pub cause: Cause,
    /// Where this node's parents start in [`Search`]'s parent pool, and how many.
    pstart: u32,
    plen: u32,
    /// For [`Cause::Advanced`]: the technique that removes this candidate.
    pub rule: Option<Arc<Rule>>,
}

/// A technique acting inside a chain.
pub struct Rule {
    pub description: String,
    /// The size of a nested chain (0 for the simple techniques): it adds to the outer chain's.
    pub complexity: u32,
    /// For a nested chain, what tells it apart from another — its conclusions and the
    /// potentials its proof rests on, in order: an outer chain's size counts the size of each
    /// distinct nested chain once.
    pub signature: Arc<[u16]>,
}

#[inline]
fn key(cell: u8, digit: u8, on: bool) -> usize {
    (cell as usize * 9 + digit as usize - 1) * 2 + on as usize
}

/// The (at most four) potentials one link step yields, as (cell, digit, why), in order.
struct Links {
    items: [(u8, u8, Cause); 4],
    len: usize,
}

impl Default for Links {
    fn default() -> Links {
        Links {
            items: [(0, 0, Cause::Assumption); 4],
            len: 0,
        }
    }
}

impl Links {
    fn push(&mut self, cell: u8, digit: u8, cause: Cause) {
        self.items[self.len] = (cell, digit, cause);
        self.len += 1;
    }

    fn as_slice(&self) -> &[(u8, u8, Cause)] {
        &self.items[..self.len]
    }
}

/// An insertion-ordered set of potentials (by cell, digit, state) holding node ids.
#[derive(Clone)]
pub struct PotSet {
    slot: Vec<u32>,
    order: Vec<(u16, u32)>,
}

impl PotSet {
    fn new() -> PotSet {
        PotSet {
            slot: vec![NONE; NKEYS],
            order: Vec::new(),
        }
    }
    #[inline]
    fn get(&self, k: usize) -> Option<u32> {
        let id = self.slot[k];
        (id != NONE).then_some(id)
    }
    #[inline]
    fn contains(&self, k: usize) -> bool {
        self.slot[k] != NONE
    }
    fn add(&mut self, k: usize, id: u32) -> bool {
        if self.slot[k] != NONE {
            return false;
        }
        self.slot[k] = id;
        self.order.push((k as u16, id));
        true
    }
    /// Empties the set in time proportional to its size (its slot table is kept for reuse).
    fn clear(&mut self) {
        for &(k, _) in &self.order {
            self.slot[k as usize] = NONE;
        }
        self.order.clear();
    }
    fn ids(&self) -> impl Iterator<Item = u32> + '_ {
        self.order.iter().map(|&(_, id)| id)
    }
}

/// [`Search::hopes`] bits: a cycle, a forcing chain from "on", one from "off" may exist.
const HOPES_CYCLE: u8 = 1;
const HOPES_FROM_ON: u8 = 2;
const HOPES_FROM_OFF: u8 = 4;

/// SE's base difficulty (tenths) of cycles and forcing chains that use both cell and house
/// links; the X- and Y-only ones start lower.
const XY_CHAIN_BASE: u32 = 70;

/// Which chains a search looks for: SE's `Chaining(multiple, dynamic, nishio, level)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Chaining {
    /// Cell and region forcing chains over cells and houses with more than two choices.
    pub multiple: bool,
    /// Offs are struck from a working grid as they are found.
    pub dynamic: bool,
    /// Nishio: contradictions only, following one digit (no cell links).
    pub nishio: bool,
    /// 0 plain; 1 "plus" (simple techniques inside chains); 2.. nested chains inside chains.
    pub level: u8,
    /// For level 4 and more: the level of the dynamic chains nested inside.
    pub nesting_limit: u8,
}

/// The kinds of chain steps, each with its place in SE's order among equals.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Cycle {
        x: bool,
        y: bool,
    },
    ForcingChain {
        x: bool,
        y: bool,
    },
    /// Both states of one candidate lead to the same conclusion.
    Double,
    /// One state of a candidate leads to a contradiction.
    Contradiction,
    CellForcing,
    RegionForcing {
        house: usize,
        digit: u8,
    },
}

/// A chain step: what it concludes and the graph that proves it.
#[derive(Clone)]
pub struct ChainHint {
    pub kind: Kind,
    pub difficulty: u32,
    pub complexity: u32,
    pub sort_key: u8,
    pub removals: Vec<(u8, u8)>,
    pub placement: Option<(u8, u8)>,
    /// The conclusions of each branch (one per branch: per state, per candidate, per place).
    pub targets: Vec<u32>,
    /// The assumption (for binary chains), or the cell / house the branches start from.
    pub source: Option<u32>,
}

/// SE's chain-length increment, in tenths: 0.1 for each step of the ladder 4, 6, 8, 12, 16,
/// 24, 32, … (alternately ×3/2 and ×4/3) that the chain's size minus two exceeds.
pub fn length_bonus(complexity: u32) -> u32 {
    let length = complexity as i64 - 2;
    let (mut added, mut ceil, mut odd) = (0, 4i64, false);
    while length > ceil {
        added += 1;
        ceil = if odd { ceil * 4 / 3 } else { ceil * 3 / 2 };
        odd = !odd;
    }
    added
}

impl Chaining {
    /// SE's base difficulty (tenths) of the multiple/dynamic kinds; the unary kinds (cycles,
    /// forcing chains) carry their own.
    fn base(&self) -> u32 {
        if self.level > 0 {
            85 + 5 * self.level as u32
        } else if self.nishio {
            75
        } else if self.dynamic {
            85
        } else {
            80
        }
    }

    /// The name SE gives this search's steps of a kind.
    pub fn name(&self, kind: Kind) -> String {
        let prefix = if self.level > 0 || (self.dynamic && !self.nishio) {
            "Dynamic "
        } else if self.nishio {
            "Nishio "
        } else {
            ""
        };
        let suffix = match self.level {
            0 => "",
            1 => " (+)",
            2 => " (+ Forcing Chains)",
            3 => " (+ Multiple Forcing Chains)",
            _ => " (+ Dynamic Forcing Chains)",
        };
        let base = match kind {
            Kind::Cycle { x: true, y: true } => return "Bidirectional Cycle".into(),
            Kind::Cycle { y: true, .. } => return "Bidirectional Y-Cycle".into(),
            Kind::Cycle { .. } => return "Bidirectional X-Cycle".into(),
            Kind::ForcingChain { x: true, y: true } => return "Forcing Chain".into(),
            Kind::ForcingChain { .. } => return "Forcing X-Chain".into(),
            Kind::Double if self.nishio => "Forcing Chain",
            Kind::Contradiction if self.nishio => "Forcing Chain",
            Kind::Double => "Double Forcing Chain",
            Kind::Contradiction => "Contradiction Forcing Chain",
            Kind::CellForcing => "Cell Forcing Chains",
            Kind::RegionForcing { .. } => "Region Forcing Chains",
        };
        format!("{prefix}{base}{suffix}")
    }
}

/// One search: its graph of potentials and the techniques it lets act inside chains.
pub struct Search<'m> {
    pub cfg: Chaining,
    /// What nested searches found earlier in the same rating or walk.
    memo: &'m SeMemo,
    /// The buffers this search fills (see [`Scratch`]), its graph of potentials among them.
    work: Scratch,
    /// What assuming "cell is digit" implies at this search's grid (its contradiction, its ons,
    /// its offs): the cell forcing chains and the region forcing chains of the three houses
    /// through the cell all start from it, so it is worked out once.
    on_chains: HashMap<(u8, u8), Rc<OnChain>>,
    /// Only the lowest-difficulty steps are wanted (SE's next step), not every step (a nested
    /// search's, whose removals all feed the outer chain): see [`Search::cheapest`].
    cheapest: bool,
    /// In a [`Search::cheapest`] search for cycles and forcing X-/XY-chains: the best
    /// (difficulty, size) found so far and the lowest base difficulty the current pass can
    /// produce. A propagation stops at the depth where every chain still to come would rate
    /// at least as high and be at least as long (see [`Search::cannot_beat_best`]).
    best: Option<(u32, u32)>,
    pass_base: u32,
    /// [`Search::links_before_best`] and [`Search::cycle_links_before_best`], kept up to date
    /// with `best`.
    chain_links_before_best: u32,
    cycle_links_before_best: u32,
    /// For a cycle and forcing-chain search nested in an outer chain: the strong links the
    /// outer chain's removals made. Only chains that use one matter to the outer chain (see
    /// [`super::new_links`]), so assumptions that cannot reach one are not followed.
    new_links: Option<NewLinks>,
    /// The potentials that can reach one of `new_links`, for the current pass's links.
    /// (Boxed: a `Reach` is 11 kB, and an unboxed field is copied whole even to set `None`.)
    reach: Option<Box<Reach>>,
    /// The grid's conjugate places, in a static search (whose grid stays as it is): the house
    /// links the propagations follow, read from a table rather than counted each time.
    conjugates: Option<Box<Conjugates>>,
    /// In a static search: what each literal implies at the grid, for [`Search::hopes`],
    /// worked out when first asked.
    implications: Option<Implications>,
    /// In a static search: the components of the graph of the current X or Y pass's links,
    /// for [`Search::pass_hopes`], worked out when first asked in the pass.
    pass_graph: Option<Implications>,
    /// In a rating's X pass (for the digits searched again) and Y pass: what each literal
    /// implies over the pass's own links, among the candidates its propagations meet (see
    /// [`Implications::within_pass`]). Smaller than `implications` and exact for the pass, it
    /// stands in for it there, and `implications` is worked out only if the XY pass runs.
    pass_implications: Option<Implications>,
    /// The literal the current cycle or forcing-chain propagation looks for (its assumption
    /// again, or the assumption's opposite), when the pass's or the grid's implications are
    /// known: see [`Search::may_reach_goal`].
    goal: Option<usize>,
    /// In a static multiple search: what each assumption implies, as sets (see [`Implied`]),
    /// by cell and digit, worked out when first asked.
    implied: HashMap<(u8, u8), Implied>,
    /// Whether a static multiple search skips the cell and region forcing chains whose
    /// branches' sets share no conclusion (always, but for tests that compare with the search
    /// that does not).
    skip_hopeless: bool,
    /// Whether the X pass takes each digit's first step from the memo when the digit's places
    /// are as they were (see [`x_pass`]): in a search for SE's next step that needs no
    /// proof, as those steps have no nodes in this search.
    remember_x_pass: bool,
}

impl Drop for Search<'_> {
    /// Hands the buffers to the memo for the next search.
    fn drop(&mut self) {
        self.forget_on_chains();
        let mut kept = self.memo.scratch.borrow_mut();
        if kept.len() < KEPT_SCRATCH {
            kept.push(std::mem::take(&mut self.work));
        }
    }
}

impl<'m> Search<'m> {
    pub fn new(cfg: Chaining, memo: &'m SeMemo) -> Search<'m> {
        let mut work = memo
            .scratch
            .borrow_mut()
            .pop()
            .unwrap_or_else(Scratch::with_room);
        work.reset();
        Search {
            cfg,
            memo,
            work,
            on_chains: HashMap::new(),
            cheapest: false,
            best: None,
            pass_base: 0,
            chain_links_before_best: u32::MAX,
            cycle_links_before_best: u32::MAX,
            new_links: None,
            reach: None,
            conjugates: None,
            implications: None,
            pass_graph: None,
            pass_implications: None,
            goal: None,
            implied: HashMap::new(),
            skip_hopeless: true,
            remember_x_pass: false,
        }
    }

    /// A search for SE's next step: the first of the steps in SE's order (difficulty, size,
    /// kind, then the order found). What cannot come before the best step found so far is not
    /// looked for — a kind of chain whose base difficulty is above it, a chain too long to
    /// beat it — so the steps returned start with SE's next step but may leave others out.
    pub fn cheapest(cfg: Chaining, memo: &'m SeMemo) -> Search<'m> {
        let mut search = Search::new(cfg, memo);
        search.cheapest = true;
        search
    }

    /// [`Search::cheapest`] for a rating, whose steps need no proof: the X pass reuses what
    /// the memo remembers of each digit (see [`x_pass`]), and its steps come without
    /// their graphs (no targets).
    pub fn cheapest_unproved(cfg: Chaining, memo: &'m SeMemo) -> Search<'m> {
        let mut search = Search::cheapest(cfg, memo);
        search.remember_x_pass = true;
        search
    }

    /// The search's potentials, by id (a step's chain refers to them).
    pub fn nodes(&self) -> &[Node] {
        &self.work.nodes
    }

    /// The memo this search shares with the searches nested in it.
    pub fn memo(&self) -> &'m SeMemo {
        self.memo
    }

    /// A node's parents.
    pub fn parents(&self, id: u32) -> &[u32] {
        let n = &self.work.nodes[id as usize];
        &self.work.pool[n.pstart as usize..(n.pstart + n.plen) as usize]
    }

    fn push(&mut self, cell: u8, digit: u8, on: bool, cause: Cause, parents: &[u32]) -> u32 {
        let start = self.work.pool.len();
        self.work.pool.extend_from_slice(parents);
        self.push_pooled(cell, digit, on, cause, start)
    }

    /// A node whose parents are the pool's entries from `start` on.
    fn push_pooled(&mut self, cell: u8, digit: u8, on: bool, cause: Cause, start: usize) -> u32 {
        self.work.nodes.push(Node {
            cell,
            digit,
            on,
            cause,
            pstart: start as u32,
            plen: (self.work.pool.len() - start) as u32,
            rule: None,
        });
        (self.work.nodes.len() - 1) as u32
    }

    /// Drops the remembered assumptions' outcomes, keeping their sets for reuse.
    fn forget_on_chains(&mut self) {
        let known: Vec<Rc<OnChain>> = self.on_chains.drain().map(|(_, c)| c).collect();
        for chain in known {
            if let Ok((_, ons, offs)) = Rc::try_unwrap(chain) {
                self.give_set(ons);
                self.give_set(offs);
            }
        }
    }

    /// An empty set, reused when one is spare.
    fn take_set(&mut self) -> PotSet {
        self.work.spare_sets.pop().unwrap_or_else(PotSet::new)
    }

    /// Gives a set back for reuse.
    fn give_set(&mut self, mut set: PotSet) {
        set.clear();
        self.work.spare_sets.push(set);
    }

    /// The work queues, emptied and filled with the sets' potentials (give them back with
    /// [`Search::give_queues`]).
    fn take_queues(&mut self, to_on: &PotSet, to_off: &PotSet) -> (VecDeque<u32>, VecDeque<u32>) {
        let (mut on, mut off) = std::mem::take(&mut self.work.queues);
        on.clear();
        off.clear();
        on.extend(to_on.ids());
        off.extend(to_off.ids());
        (on, off)
    }

    fn give_queues(&mut self, queues: (VecDeque<u32>, VecDeque<u32>)) {
        self.work.queues = queues;
    }

    fn node_key(&self, id: u32) -> usize {
        let n = &self.work.nodes[id as usize];
        key(n.cell, n.digit, n.on)
    }

    /// Every step this search finds at the grid, in SE's order (difficulty, size, kind).
    pub fn hints(&mut self, grid: &SeGrid) -> Vec<ChainHint> {
        self.forget_on_chains();
        self.conjugates = (!self.cfg.dynamic).then(|| Box::new(Conjugates::of(grid)));
        self.implications = None;
        self.pass_implications = None;
        self.best = None;
        let mut result = if self.cfg.multiple || self.cfg.dynamic {
            self.multiple_chains(grid)
        } else {
            let mut all = if self.remember_x_pass && self.cheapest && self.new_links.is_none() {
                self.x_pass_remembered(grid)
            } else {
                self.loops(grid, false, true)
            };
            all.extend(self.loops(grid, true, false));
            // Cycles and forcing chains over both cell and house links start at 7.0.
            let easiest = all.iter().map(|h| h.difficulty).min();
            if !self.cheapest || easiest.is_none_or(|d| d >= XY_CHAIN_BASE) {
                all.extend(self.loops(grid, true, true));
            }
            all
        };
        result.sort_by_key(|h| (h.difficulty, h.complexity, h.sort_key));
        result
    }

    // ----- the links -------------------------------------------------------------------------

    /// What an "on" potential turns off: the cell's other candidates (with `own_cell`), then
    /// the digit elsewhere in its box, row and column — in the cells of `peers` only (a search
    /// that knows the rest lead nowhere leaves them out).
    fn on_to_off(&mut self, grid: &SeGrid, id: u32, own_cell: bool, peers: u128) {
        let t = tables();
        let (cell, digit) = (
            self.work.nodes[id as usize].cell,
            self.work.nodes[id as usize].digit,
        );
        self.work.buf.clear();
        if own_cell {
            for v in digits(grid.cands[cell as usize] & !bit(digit)) {
                self.work.buf.push((cell, v, Cause::NakedSingle));
            }
        }
        let mut added: u128 = 1 << cell;
        for (kind, &h) in t.houses_of[cell as usize].iter().enumerate() {
            // A house's cells in SE's order are in increasing cell order; a place found through
            // two houses is listed once, through the first.
            let places = grid.places(h as usize, digit) & !added;
            added |= places;
            for c in cells_of(places & peers) {
                self.work.buf.push((c, digit, Cause::Hidden(kind as u8)));
            }
        }
    }

    /// What "`cell` is not `digit`" turns on at `grid` as it stands: the cell's last other
    /// candidate (when cell links are allowed), then the digit's last other place in each of
    /// the cell's houses (box, row, column; a place found through two houses once, through the
    /// first). No nodes are made: a static propagation makes only those it keeps (most of what
    /// a link yields is known already), and [`Search::off_to_on`] builds on this.
    fn static_ons(&self, grid: &SeGrid, cell: u8, digit: u8, y: bool, x: bool) -> Links {
        let t = tables();
        let mut links = Links::default();
        if y {
            let m = grid.cands[cell as usize];
            if m.count_ones() == 2 {
                let other = (m & !bit(digit)).trailing_zeros() as u8;
                links.push(cell, other, Cause::NakedSingle);
            }
        }
        if x {
            for (kind, &h) in t.houses_of[cell as usize].iter().enumerate() {
                let other = match &self.conjugates {
                    Some(conjugates) => match conjugates.other(cell, digit, kind) {
                        Some(other) => other,
                        None => continue,
                    },
                    None => {
                        let others = grid.places(h as usize, digit) & !(1u128 << cell);
                        if others.count_ones() != 1 {
                            continue;
                        }
                        others.trailing_zeros() as u8
                    }
                };
                // (The cell's own other candidate, linked above, is not in another cell.)
                if links.as_slice().iter().all(|&(c, _, _)| c != other) {
                    links.push(other, digit, Cause::Hidden(kind as u8));
                }
            }
        }
        links
    }

    /// What an "off" potential turns on (see [`Search::static_ons`]), as nodes. In a dynamic
    /// search the offs that emptied the cell or house since `source` become parents too.
    fn off_to_on(
        &mut self,
        grid: &SeGrid,
        id: u32,
        source: Option<&SeGrid>,
        offs: &PotSet,
        y: bool,
        x: bool,
    ) -> Vec<u32> {
        let t = tables();
        let (cell, digit) = (
            self.work.nodes[id as usize].cell,
            self.work.nodes[id as usize].digit,
        );
        let mut out = std::mem::take(&mut self.work.ons);
        out.clear();
        for &(c, d, cause) in self.static_ons(grid, cell, digit, y, x).as_slice() {
            let start = self.work.pool.len();
            self.work.pool.push(id);
            if let Some(src) = source {
                // The offs that left the cell with one candidate, or the house with one place.
                let (gone_cells, gone_digits) = match cause {
                    Cause::Hidden(kind) => {
                        let h = t.houses_of[cell as usize][kind as usize] as usize;
                        (src.places(h, digit) & !grid.places(h, digit), 0)
                    }
                    _ => (0, src.cands[cell as usize] & !grid.cands[cell as usize]),
                };
                for g in cells_of(gone_cells) {
                    if let Some(p) = offs.get(key(g, digit, false)) {
                        self.work.pool.push(p);
                    }
                }
                for v in digits(gone_digits) {
                    if let Some(p) = offs.get(key(cell, v, false)) {
                        self.work.pool.push(p);
                    }
                }
            }
            out.push(self.push_pooled(c, d, true, cause, start));
        }
        out
    }

    // ----- full propagation --------------------------------------------------------------------

    /// Completes `to_on` and `to_off` with everything they imply; on a contradiction, the
    /// potential found both on and off, as (on node, off node).
    fn do_chaining(
        &mut self,
        grid: &mut SeGrid,
        to_on: &mut PotSet,
        to_off: &mut PotSet,
    ) -> Option<(u32, u32)> {
        let save = *grid;
        let y = !self.cfg.nishio;
        let (mut pending_on, mut pending_off) = self.take_queues(to_on, to_off);
        let result = 'main: loop {
            if let Some(p) = pending_on.pop_front() {
                self.on_to_off(grid, p, y, u128::MAX);
                let buf = std::mem::take(&mut self.work.buf);
                for &(c, d, cause) in &buf {
                    if let Some(on) = to_on.get(key(c, d, true)) {
                        let off = self.push(c, d, false, cause, &[p]);
                        self.work.buf = buf;
                        break 'main Some((on, off));
                    }
                    if !to_off.contains(key(c, d, false)) {
                        let off = self.push(c, d, false, cause, &[p]);
                        to_off.add(key(c, d, false), off);
                        pending_off.push_back(off);
                    }
                }
                self.work.buf = buf;
                continue;
            }
            if let Some(p) = pending_off.pop_front() {
                let ons = self.off_to_on(grid, p, Some(&save), to_off, y, true);
                if self.cfg.dynamic {
                    let n = &self.work.nodes[p as usize];
                    let (c, d) = (n.cell, n.digit);
                    grid.remove(c, d);
                }
                let mut absurd = None;
                for &on in &ons {
                    let n = &self.work.nodes[on as usize];
                    let (c, d) = (n.cell, n.digit);
                    if let Some(off) = to_off.get(key(c, d, false)) {
                        absurd = Some((on, off));
                        break;
                    }
                    if to_on.add(key(c, d, true), on) {
                        pending_on.push_back(on);
                    }
                }
                self.work.ons = ons;
                if absurd.is_some() {
                    break 'main absurd;
                }
                continue;
            }
            if self.cfg.level > 0 {
                let mut any = false;
                for off in self.advanced_potentials(grid, &save, to_off) {
                    if to_off.add(self.node_key(off), off) {
                        pending_off.push_back(off);
                        any = true;
                    }
                }
                if any {
                    continue;
                }
            }
            break None;
        };
        self.give_queues((pending_on, pending_off));
        *grid = save;
        result
    }

    /// What assuming "`cell` is `digit`" implies at the search's grid, worked out once per
    /// search (`assumption`: its node, when the caller made one already).
    fn on_chain(
        &mut self,
        grid: &mut SeGrid,
        cell: u8,
        digit: u8,
        assumption: Option<u32>,
    ) -> Rc<OnChain> {
        if let Some(known) = self.on_chains.get(&(cell, digit)) {
            return known.clone();
        }
        let p = assumption.unwrap_or_else(|| self.push(cell, digit, true, Cause::Assumption, &[]));
        let mut ons = self.take_set();
        let mut offs = self.take_set();
        ons.add(key(cell, digit, true), p);
        let absurd = self.do_chaining(grid, &mut ons, &mut offs);
        let chain = Rc::new((absurd, ons, offs));
        self.on_chains.insert((cell, digit), chain.clone());
        chain
    }

    /// The candidates the techniques allowed inside this level's chains remove at the reduced
    /// grid, as "off" nodes whose parents are the offs the technique needed (SE uses the first
    /// technique, in its order, that finds anything).
    fn advanced_potentials(&mut self, grid: &SeGrid, source: &SeGrid, offs: &PotSet) -> Vec<u32> {
        let mut result = Vec::new();
        for rule in 0..5 {
            let found: Vec<RuleHint> = match rule {
                0..=3 => simple_rule_hints(grid, source, rule),
                _ => self.nested_rule_hints(grid, source),
            };
            for (removals, parents, info) in found {
                for &(c, d) in &removals {
                    let start = self.work.pool.len();
                    for &(pc, pd) in &parents {
                        if let Some(p) = offs.get(key(pc, pd, false)) {
                            self.work.pool.push(p);
                        }
                    }
                    let id = self.push_pooled(c, d, false, Cause::Advanced, start);
                    self.work.nodes[id as usize].rule = Some(info.clone());
                    result.push(id);
                }
            }
            if !result.is_empty() {
                break;
            }
        }
        result
    }

    /// The chains nested inside this level's chains, found at the reduced grid.
    fn nested_rule_hints(&mut self, grid: &SeGrid, source: &SeGrid) -> Vec<RuleHint> {
        let level = self.cfg.level;
        let inner: Vec<Chaining> = if level < 2 {
            vec![]
        } else if level < 4 {
            let mut v = vec![Chaining {
                multiple: false,
                dynamic: false,
                nishio: false,
                level: 0,
                nesting_limit: 0,
            }];
            if level >= 3 {
                v.push(Chaining {
                    multiple: true,
                    ..v[0]
                });
            }
            v
        } else {
            vec![Chaining {
                multiple: true,
                dynamic: true,
                nishio: false,
                level: self.cfg.nesting_limit,
                nesting_limit: 0,
            }]
        };
        let mut out = Vec::new();
        for cfg in inner {
            for chain in nested_chains(cfg, grid, source, self.memo).iter() {
                // The candidates the chain needed gone that the outer chain removed (the
                // others were gone before it started).
                let parents = chain.needs_removed_from(source);
                if parents.is_empty() {
                    continue;
                }
                let info = Arc::new(Rule {
                    description: chain.description.clone(),
                    complexity: chain.complexity,
                    signature: chain.signature.clone(),
                });
                out.push((chain.removals.clone(), parents, info));
            }
            if !out.is_empty() {
                break;
            }
        }
        out
    }

    /// What makes two chain steps the same chain for SE's sizes (its `FullChain`): the same
    /// conclusions, each reached through the same potentials met in the same order walking
    /// back from it level by level (parents in order, each potential once). As the number of
    /// conclusions SE gives the step, then per conclusion its potentials' keys, each list ended
    /// by `u16::MAX`. A cycle's second conclusion, its reverse, follows from the first, so
    /// only the first is walked.
    fn chain_signature(&self, h: &ChainHint) -> Vec<u16> {
        let conclusions = h.targets.len() + usize::from(matches!(h.kind, Kind::Cycle { .. }));
        let mut out = vec![conclusions as u16];
        let mut done = vec![false; NKEYS];
        for &target in &h.targets {
            done.fill(false);
            let mut level = vec![target];
            while !level.is_empty() {
                let mut next = Vec::new();
                for id in level {
                    let k = self.node_key(id);
                    if !done[k] {
                        done[k] = true;
                        out.push(k as u16);
                        next.extend_from_slice(self.parents(id));
                    }
                }
                level = next;
            }
            out.push(u16::MAX);
        }
        out
    }

    /// The candidates missing from `current` that a chain step relies on, when it is used
    /// inside an outer chain: for each "on" link, the candidates of its cell or the places of
    /// its digit that had to be gone. An outer chain's own offs are those of them its starting
    /// grid still had (placed cells are the same in both, so they are left out here).
    fn rule_needs(&self, h: &ChainHint, current: &SeGrid) -> Vec<(u8, u8)> {
        let t = tables();
        let gone = |c: u8, d: u8| current.values[c as usize] == 0 && !current.has(c, d);
        let mut result: Vec<(u8, u8)> = Vec::new();
        let mut seen_result = vec![false; NKEYS];
        for &target in &h.targets {
            let mut done = vec![false; NKEYS];
            let mut todo = vec![target];
            while let Some(id) = todo.pop() {
                let k = self.node_key(id);
                if done[k] {
                    continue;
                }
                done[k] = true;
                let n = &self.work.nodes[id as usize];
                let cause = match (n.cause, h.kind) {
                    (Cause::Assumption, Kind::CellForcing) => Some(Cause::NakedSingle),
                    (Cause::Assumption, Kind::RegionForcing { house, .. }) => {
                        Some(Cause::Hidden((house / 9) as u8))
                    }
                    (Cause::Assumption, _) => None,
                    (c, _) => Some(c),
                };
                if n.on {
                    let mut add = |c: u8, d: u8| {
                        let k = key(c, d, false);
                        if !seen_result[k] {
                            seen_result[k] = true;
                            result.push((c, d));
                        }
                    };
                    match cause {
                        Some(Cause::NakedSingle) => {
                            for v in 1..=9 {
                                if gone(n.cell, v) {
                                    add(n.cell, v);
                                }
                            }
                        }
                        Some(Cause::Hidden(kind)) => {
                            let h = t.houses_of[n.cell as usize][kind as usize] as usize;
                            for &c in &t.houses[h] {
                                if gone(c, n.digit) {
                                    add(c, n.digit);
                                }
                            }
                        }
                        _ => {}
                    }
                }
                todo.extend(self.parents(id).iter().copied());
            }
        }
        result
    }

    // ----- sizes -------------------------------------------------------------------------------

    /// How many distinct potentials (by cell, digit, state) a node rests on, itself included.
    /// `seen` (a bit per potential) and `todo` come empty and are left dirty.
    fn ancestor_count(&self, id: u32, seen: &mut [u64; KEY_WORDS], todo: &mut Vec<u32>) -> u32 {
        let mut count = 0;
        todo.push(id);
        while let Some(n) = todo.pop() {
            let k = self.node_key(n);
            if seen[k / 64] >> (k % 64) & 1 == 1 {
                continue;
            }
            seen[k / 64] |= 1 << (k % 64);
            count += 1;
            todo.extend(self.parents(n).iter().copied());
        }
        count
    }

    /// SE's size of a step: the ancestors of each branch's conclusion, plus the sizes of the
    /// distinct chains nested in them.
    fn complexity(&self, targets: &[u32]) -> u32 {
        let mut seen = [0u64; KEY_WORDS];
        let mut todo = Vec::new();
        let mut flat = 0;
        for &t in targets {
            seen.fill(0);
            flat += self.ancestor_count(t, &mut seen, &mut todo);
        }
        // Only nested levels have rules with a size of their own; below them the walk would
        // find nothing (and the graph of a search can hold millions of nodes).
        if self.cfg.level < 2 {
            return flat;
        }
        let mut nested = 0;
        // Distinct by content, not by instance: SE counts two nested chains as one when they
        // prove the same conclusions through the same potentials (the same chain found again
        // in another branch, at another reduced grid, counts once).
        let mut rules: Vec<&[u16]> = Vec::new();
        let mut visited: HashSet<u32> = HashSet::new();
        let mut todo: Vec<u32> = targets.to_vec();
        while let Some(n) = todo.pop() {
            if !visited.insert(n) {
                continue;
            }
            let node = &self.work.nodes[n as usize];
            if let Some(rule) = &node.rule
                && rule.complexity > 0
                && !rules.contains(&&rule.signature[..])
            {
                rules.push(&rule.signature);
                nested += rule.complexity;
            }
            todo.extend(self.parents(n).iter().copied());
        }
        flat + nested
    }

    #[allow(clippy::too_many_arguments)]
    fn make_hint(
        &self,
        kind: Kind,
        base: u32,
        sort_key: u8,
        removals: Vec<(u8, u8)>,
        placement: Option<(u8, u8)>,
        targets: Vec<u32>,
        source: Option<u32>,
    ) -> ChainHint {
        let complexity = self.complexity(&targets);
        ChainHint {
            kind,
            difficulty: base + length_bonus(complexity),
            complexity,
            sort_key,
            removals,
            placement,
            targets,
            source,
        }
    }

    /// The step that concludes a potential: off removes the candidate; on places the digit
    /// (removing the cell's other candidates). `None` when it changes nothing.
    fn conclusion(&self, grid: &SeGrid, id: u32) -> Conclusion {
        let n = &self.work.nodes[id as usize];
        if n.on {
            let removals = digits(grid.cands[n.cell as usize] & !bit(n.digit))
                .map(|d| (n.cell, d))
                .collect();
            (removals, Some((n.cell, n.digit)))
        } else {
            (vec![(n.cell, n.digit)], None)
        }
    }

    // ----- cycles and forcing X-/XY-chains -----------------------------------------------------

    /// One pass of the cycle and forcing-chain search: over house links (`x`), cell links
    /// (`y`) or both.
    fn loops(&mut self, grid: &SeGrid, y: bool, x: bool) -> Vec<ChainHint> {
        let mut result = Vec::new();
        self.start_pass(grid, y, x);
        self.pass_over(grid, y, x, basic::ALL_DIGITS, &mut result);
        result
    }

    /// Sets up a pass: its base difficulty, its limits, what its assumptions may reach (in a
    /// rating's Y pass, its own implications; the X pass sets its own per digit searched).
    fn start_pass(&mut self, grid: &SeGrid, y: bool, x: bool) {
        self.pass_graph = None;
        self.pass_implications = match &self.conjugates {
            Some(conjugates) if self.remember_x_pass && y && !x => Some(Implications::within_pass(
                grid,
                conjugates,
                PassLinks { y, x },
                basic::ALL_DIGITS,
            )),
            _ => None,
        };
        self.pass_base = if x && y { XY_CHAIN_BASE } else { 65 };
        self.follow_best();
        self.reach = match (self.new_links, &self.conjugates) {
            (Some(links), Some(conjugates)) => {
                Some(Box::new(Reach::new(grid, conjugates, &links, y, x)))
            }
            _ => None,
        };
    }

    /// Follows the pass's assumptions of the `wanted` digits, cell by cell, into `result`.
    fn pass_over(
        &mut self,
        grid: &SeGrid,
        y: bool,
        x: bool,
        wanted: Mask,
        result: &mut Vec<ChainHint>,
    ) {
        for cell in cells_of(grid.cells_with(|n| n > 1)) {
            for d in digits(grid.cands[cell as usize] & wanted) {
                let before = result.len();
                self.unary(grid, cell, d, y, x, result);
                if self.cheapest {
                    for h in &result[before..] {
                        let rank = (h.difficulty, h.complexity);
                        if self.best.is_none_or(|best| rank < best) {
                            self.best = Some(rank);
                            self.follow_best();
                        }
                    }
                }
            }
        }
    }

    /// The X pass's first step, from each digit's first step: remembered when the digit's
    /// places are as they were (see [`x_pass`]), else searched for that digit alone
    /// and remembered. The steps are returned in the order the whole pass would have found
    /// them (by their assumption's cell, then digit), so SE's order among equals holds; the
    /// best of them bounds the passes that follow, as the whole pass's would.
    fn x_pass_remembered(&mut self, grid: &SeGrid) -> Vec<ChainHint> {
        self.start_pass(grid, false, true);
        let mut firsts: Vec<(u8, u8, ChainHint)> = Vec::new();
        let mut changed: Mask = 0;
        for digit in 1..=9u8 {
            let places = grid.digit_cells[digit as usize];
            if places == 0 {
                continue;
            }
            match self.memo.x_pass.borrow().get(digit, places) {
                Some(first) => firsts
                    .extend(first.map(|(cell, hint)| (cell, digit, x_pass::at_grid(hint, grid)))),
                None => changed |= bit(digit),
            }
        }
        // The digits searched again share one graph of implications (house links never leave
        // a digit, so each digit's answers are those of its own graph).
        self.pass_implications = match self.conjugates.as_deref() {
            Some(conjugates) if changed != 0 => {
                let links = PassLinks { y: false, x: true };
                Some(Implications::within_pass(grid, conjugates, links, changed))
            }
            _ => None,
        };
        for digit in digits(changed) {
            // The digit alone, bounded by its own steps only: what is remembered must not
            // depend on the other digits.
            self.best = None;
            self.follow_best();
            let mut found = Vec::new();
            self.pass_over(grid, false, true, bit(digit), &mut found);
            let first = found
                .into_iter()
                .min_by_key(|h| (h.difficulty, h.complexity))
                .map(|h| {
                    let cell = self.assumption_cell(&h);
                    let targets = Vec::new();
                    (cell, ChainHint { targets, ..h })
                });
            let places = grid.digit_cells[digit as usize];
            self.memo
                .x_pass
                .borrow_mut()
                .insert(digit, places, first.clone());
            // (Found at this grid: its removals are as they are now.)
            firsts.extend(first.map(|(cell, hint)| (cell, digit, hint)));
        }
        firsts.sort_by_key(|&(cell, digit, _)| (cell, digit));
        self.best = firsts
            .iter()
            .map(|(_, _, h)| (h.difficulty, h.complexity))
            .min();
        firsts.into_iter().map(|(_, _, h)| h).collect()
    }

    /// The cell of the assumption a unary chain step starts from: the root of its target's
    /// first parents.
    fn assumption_cell(&self, hint: &ChainHint) -> u8 {
        let mut p = hint.targets[0];
        while let Some(&parent) = self.parents(p).first() {
            p = parent;
        }
        self.work.nodes[p as usize].cell
    }

    /// Brings the chain and cycle limits up to date with `best` and the pass.
    fn follow_best(&mut self) {
        self.chain_links_before_best = self.links_before_best();
        self.cycle_links_before_best = self.cycle_links_before_best();
    }

    /// The most links a forcing chain of this pass can take and still come before the best
    /// step found so far (a chain of n links holds n + 1 potentials); no limit while none is
    /// found, or when every step is wanted.
    fn links_before_best(&self) -> u32 {
        let base = if self.pass_base == XY_CHAIN_BASE {
            XY_CHAIN_BASE
        } else {
            66
        };
        match self.best.filter(|_| self.cheapest) {
            Some(best) => (1..NKEYS as u32)
                .take_while(|&n| (base + length_bonus(n + 1), n + 1) < best)
                .last()
                .unwrap_or(0),
            None => u32::MAX,
        }
    }

    /// The most links a cycle of this pass can take and still come before the best step found
    /// so far (its propagation closes it that many links out; see
    /// [`Search::cannot_beat_best`]); no limit while none is found, or when every step is
    /// wanted.
    fn cycle_links_before_best(&self) -> u32 {
        match self.best.filter(|_| self.cheapest) {
            Some(_) => (1..NKEYS as u32)
                .take_while(|&n| !self.cannot_beat_best(n))
                .last()
                .unwrap_or(0),
            None => u32::MAX,
        }
    }

    /// Whether no chain whose conclusion lies `depth` links or more from its assumption can
    /// come before the best step found so far. Such a chain holds at least `depth` distinct
    /// potentials (a propagation never repeats one along a path, but for a cycle's return to
    /// its start), so it rates at least the pass's base plus the length bonus of `depth`; SE
    /// orders steps by difficulty, then size, then kind (X before Y before XY) and then the
    /// order they were found, so one that only ties the best never comes first either.
    fn cannot_beat_best(&self, depth: u32) -> bool {
        self.cheapest
            && self
                .best
                .is_some_and(|best| (self.pass_base + length_bonus(depth), depth) >= best)
    }

    fn unary(
        &mut self,
        grid: &SeGrid,
        cell: u8,
        digit: u8,
        y: bool,
        x: bool,
        out: &mut Vec<ChainHint>,
    ) {
        if !x && grid.cands[cell as usize].count_ones() > 2 {
            return;
        }
        // In a nested search, what cannot reach a new strong link is not followed.
        let (cycle, from_on, from_off) = self.reach.as_ref().map_or((true, true, true), |r| {
            (
                r.cycle(cell, digit),
                r.forcing_chain(cell, digit, true),
                r.forcing_chain(cell, digit, false),
            )
        });
        if !(cycle || x && (from_on || from_off)) {
            return;
        }
        // Nor what the sets of implications say cannot end where the search needs to.
        let wanted = (u8::from(cycle) * HOPES_CYCLE)
            | (u8::from(x && from_on) * HOPES_FROM_ON)
            | (u8::from(x && from_off) * HOPES_FROM_OFF);
        let mut hopes = self.hopes(grid, cell, digit, wanted);
        if hopes != 0 {
            hopes = self.pass_hopes(grid, cell, digit, hopes, PassLinks { y, x });
        }
        let cycle = hopes & HOPES_CYCLE != 0;
        let from_on = hopes & HOPES_FROM_ON != 0;
        let from_off = hopes & HOPES_FROM_OFF != 0;
        if !(cycle || x && (from_on || from_off)) {
            return;
        }
        let p_on = self.push(cell, digit, true, Cause::Assumption, &[]);
        let mut cycles = Vec::new();
        let mut chains = Vec::new();
        let mut to_on = self.take_set();
        let mut to_off = self.take_set();
        if cycle {
            to_on.add(key(cell, digit, true), p_on);
            self.do_cycles(grid, &mut to_on, &mut to_off, y, x, &mut cycles, p_on);
        }
        if x {
            if from_on {
                to_on.clear();
                to_off.clear();
                to_on.add(key(cell, digit, true), p_on);
                self.do_forcing_chains(grid, &mut to_on, &mut to_off, y, &mut chains, p_on);
            }
            if from_off {
                let p_off = self.push(cell, digit, false, Cause::Assumption, &[]);
                to_on.clear();
                to_off.clear();
                to_off.add(key(cell, digit, false), p_off);
                self.do_forcing_chains(grid, &mut to_on, &mut to_off, y, &mut chains, p_off);
            }
        }
        self.give_set(to_on);
        self.give_set(to_off);
        for dst in cycles {
            if let Some(h) = self.cycle_hint(grid, dst, x, y) {
                out.push(h);
            }
        }
        for target in chains {
            let (removals, placement) = self.conclusion(grid, target);
            if removals.is_empty() {
                continue;
            }
            let base = if x && y { XY_CHAIN_BASE } else { 66 };
            let sort_key = if x && y {
                4
            } else if y {
                3
            } else {
                2
            };
            out.push(self.make_hint(
                Kind::ForcingChain { x, y },
                base,
                sort_key,
                removals,
                placement,
                vec![target],
                None,
            ));
        }
    }

    /// Which of the `wanted` searches from "`cell` is `digit`" can find a step, as `HOPES_*`
    /// bits: a cycle only if the assumption implies itself again through literals among which
    /// a cycle could remove something, a forcing chain from "on" only if that implies its
    /// opposite, one from "off" only if "off" implies "on" — over the pass's own links when it
    /// has its implications (a rating's X and Y passes), else over cell and house links
    /// together, which every pass's links are part of. The answers for every candidate are
    /// worked out together, once per pass or per grid, when first wanted ([`Implications`]).
    /// All wanted, but in a search that skips nothing (tests) or has no conjugate table.
    fn hopes(&mut self, grid: &SeGrid, cell: u8, digit: u8, wanted: u8) -> u8 {
        let Some(conjugates) = self.conjugates.as_deref().filter(|_| self.skip_hopeless) else {
            return wanted;
        };
        let implications = match &self.pass_implications {
            Some(own) => own,
            None => self
                .implications
                .get_or_insert_with(|| Implications::of(grid, conjugates)),
        };
        let mut found = 0;
        if wanted & HOPES_CYCLE != 0 && implications.cycle_may_remove(cell, digit) {
            found |= HOPES_CYCLE;
        }
        if wanted & HOPES_FROM_ON != 0 && implications.on_implies_off(cell, digit) {
            found |= HOPES_FROM_ON;
        }
        if wanted & HOPES_FROM_OFF != 0 && implications.off_implies_on(cell, digit) {
            found |= HOPES_FROM_OFF;
        }
        found
    }

    /// Which of the `wanted` searches (`HOPES_*` bits) from "`cell` is `digit`" can find a
    /// step worth having over the links of this pass alone ([`Search::hopes`] judges over all
    /// links, which in the X pass are many more): a cycle that may remove something, a forcing
    /// chain at all — and, when a step was found already, a cycle or forcing chain short
    /// enough to come before it (judged by walks; see [`Spread`]). All wanted in a search that
    /// skips nothing.
    fn pass_hopes(
        &mut self,
        grid: &SeGrid,
        cell: u8,
        digit: u8,
        wanted: u8,
        links: PassLinks,
    ) -> u8 {
        let Some(conjugates) = self.conjugates.as_deref().filter(|_| self.skip_hopeless) else {
            return wanted;
        };
        let mut found = wanted;
        // Cycles in the X and Y passes: the literals of a cycle through "on" are those it
        // implies that imply it again, its component in the pass's graph, whose components
        // are worked out once per pass (in the XY pass, and in a pass with its own
        // implications, `hopes` judged them over the same links already).
        let judged_in_pass = self.pass_implications.is_some();
        if !(judged_in_pass || links.x && links.y) && wanted & HOPES_CYCLE != 0 {
            let graph = self
                .pass_graph
                .get_or_insert_with(|| Implications::over_pass(grid, conjugates, links, false));
            if !graph.cycle_may_remove(cell, digit) {
                found &= !HOPES_CYCLE;
            }
        }
        // In the XY pass, once a step is found, only cycles short enough to come before it
        // matter, and few of those can remove anything; two walks judge them, and the forcing
        // chains on the way.
        let max_cycle = self.cycle_links_before_best;
        if links.x && links.y && found & HOPES_CYCLE != 0 && max_cycle != u32::MAX {
            let max_chain = self.chain_links_before_best;
            let walks = &mut self.work.cycle_walks;
            let judged = Spread::loop_hopes(
                grid,
                conjugates,
                (cell, digit),
                (max_cycle, max_chain),
                walks,
            );
            for (bit, hope) in [
                (HOPES_CYCLE, judged.cycle),
                (HOPES_FROM_ON, judged.chain_from_on),
                (HOPES_FROM_OFF, judged.chain_from_off),
            ] {
                if !hope {
                    found &= !bit;
                }
            }
            return found;
        }
        // Forcing chains (none in the Y pass): a walk says whether the assumption's opposite
        // follows within so many links. In the XY pass, whose links are all links, and in a
        // pass with its own implications, that adds only the chains' sizes, which matter once
        // a step is found.
        let chains = HOPES_FROM_ON | HOPES_FROM_OFF;
        let max_links = self.chain_links_before_best;
        let judged_all = links.y || judged_in_pass;
        if !links.x || found & chains == 0 || judged_all && max_links == u32::MAX {
            return found;
        }
        for (bit, on) in [(HOPES_FROM_ON, true), (HOPES_FROM_OFF, false)] {
            if found & bit != 0
                && !Spread::chain_within(grid, conjugates, links, (cell, digit, on), max_links)
            {
                found &= !bit;
            }
        }
        found
    }

    /// Marks every ancestor of `child` (its first parents, up to the assumption) in
    /// `ancestry`, for [`Search::is_marked_ancestor`].
    fn mark_ancestors(&mut self, child: u32) {
        if self.work.ancestry.is_empty() {
            self.work.ancestry = vec![0; NKEYS];
        }
        self.work.ancestry_stamp = self.work.ancestry_stamp.wrapping_add(1);
        if self.work.ancestry_stamp == 0 {
            self.work.ancestry.fill(0);
            self.work.ancestry_stamp = 1;
        }
        let mut p = child;
        while let Some(&parent) = self.parents(p).first() {
            let k = self.node_key(parent);
            self.work.ancestry[k] = self.work.ancestry_stamp;
            p = parent;
        }
    }

    /// Whether potential `k` is among the ancestors [`Search::mark_ancestors`] marked last.
    fn is_marked_ancestor(&self, k: usize) -> bool {
        self.work.ancestry[k] == self.work.ancestry_stamp
    }

    /// Sets what the propagation from assumption `source` looks for: the assumption itself
    /// again (a cycle, `again`), or its opposite (a forcing chain).
    fn set_goal(&mut self, source: u32, again: bool) {
        let n = &self.work.nodes[source as usize];
        let (cell, digit, on) = (n.cell, n.digit, n.on);
        self.goal = self
            .goal_graph()
            .and_then(|i| i.literal(cell, digit, on == again));
    }

    /// The implications the current pass reads its goals in: its own when it has them, else
    /// the grid's when they are worked out.
    fn goal_graph(&self) -> Option<&Implications> {
        self.pass_implications
            .as_ref()
            .or(self.implications.as_ref())
    }

    /// Whether a potential the propagation just made can lead to its goal. One that cannot
    /// (over the pass's own links, or over all cell and house links, of which the pass's are
    /// part — see [`Search::goal_graph`]) is not followed: no
    /// cycle or forcing chain passes through it, and leaving it out changes nothing else the
    /// propagation finds — every node on a path to the goal has its first parent on such a
    /// path too, and keeps the depth and the place in the queue among those kept that it had.
    /// Everything may, when the grid's implications are not worked out (a search that skips
    /// nothing).
    fn may_reach_goal(&self, cell: u8, digit: u8, on: bool) -> bool {
        let (Some(implications), Some(goal)) = (self.goal_graph(), self.goal) else {
            return true;
        };
        implications
            .literal(cell, digit, on)
            .is_none_or(|from| implications.reaches(from, goal))
    }

    /// Follows the assumption in `to_on` ("cell is digit") for the cycles back to it, with
    /// SE's rules: "on" potentials are kept once, the first time they are reached; "off" ones
    /// each time, but never twice along one path. Only nodes that matter are made: an "off"
    /// reached again through another path turns on nothing that is not on already (its first
    /// instance, ahead of it in the queue, turned those on), so it is kept only when it links
    /// back to the assumption — where a longer path closes another cycle.
    #[allow(clippy::too_many_arguments)]
    fn do_cycles(
        &mut self,
        grid: &SeGrid,
        to_on: &mut PotSet,
        to_off: &mut PotSet,
        y: bool,
        x: bool,
        cycles: &mut Vec<u32>,
        source: u32,
    ) {
        let source_key = self.node_key(source);
        // The "offs" that link back to the assumption (the links are symmetric: those its
        // cell's other candidate and its conjugate places; the assumption is "on", so a strong
        // link back to it is what "off" would turn on).
        let back: Links = {
            let n = &self.work.nodes[source as usize];
            self.static_ons(grid, n.cell, n.digit, y, x)
        };
        self.set_goal(source, true);
        let (mut pending_on, mut pending_off) = self.take_queues(to_on, to_off);
        let mut length = 0;
        while !pending_on.is_empty() || !pending_off.is_empty() {
            length += 1;
            if self.cannot_beat_best(length) {
                break;
            }
            while let Some(p) = pending_on.pop_front() {
                if x || !self.skip_hopeless {
                    self.on_to_off(grid, p, y, u128::MAX);
                } else {
                    // Over cell links alone (the Y pass) an "off" leads on only in a bivalue
                    // cell, to its other candidate: from a peer, to a new "on"; from the
                    // potential's own cell, back to the potential, which is on already (or,
                    // from the assumption, a loop of two links, no cycle). Leaving the rest
                    // out changes nothing the search finds: they have no successors that are
                    // not on already, and one left out here and met again later is a dead end
                    // there too.
                    let bivalue = self.conjugates.as_ref().map_or(u128::MAX, |c| c.bivalue());
                    self.on_to_off(grid, p, false, bivalue);
                }
                if self.work.buf.is_empty() {
                    continue;
                }
                // Every "off" made is in `to_off`, so one that is not cannot be an ancestor of
                // `p`: the ancestors are marked only when an "off" met again links back.
                let mut ancestors_marked = false;
                let buf = std::mem::take(&mut self.work.buf);
                for &(c, d, cause) in &buf {
                    let k = key(c, d, false);
                    if !self.may_reach_goal(c, d, false) {
                        continue;
                    }
                    if to_off.contains(k) {
                        let links_back = back
                            .as_slice()
                            .iter()
                            .any(|&(bc, bd, _)| bc == c && bd == d);
                        if !links_back {
                            continue;
                        }
                        if !ancestors_marked {
                            self.mark_ancestors(p);
                            ancestors_marked = true;
                        }
                        if self.is_marked_ancestor(k) {
                            continue;
                        }
                    }
                    let off = self.push(c, d, false, cause, &[p]);
                    pending_off.push_back(off);
                    to_off.add(k, off);
                }
                self.work.buf = buf;
            }
            length += 1;
            if self.cannot_beat_best(length) {
                break;
            }
            while let Some(p) = pending_off.pop_front() {
                let (cell, digit) = {
                    let n = &self.work.nodes[p as usize];
                    (n.cell, n.digit)
                };
                for &(c, d, cause) in self.static_ons(grid, cell, digit, y, x).as_slice() {
                    let k = key(c, d, true);
                    if k == source_key {
                        // The assumption is on already: a cycle, when long enough.
                        if length >= 4 {
                            let on = self.push(c, d, true, cause, &[p]);
                            cycles.push(on);
                        }
                    } else if !to_on.contains(k) && self.may_reach_goal(c, d, true) {
                        let on = self.push(c, d, true, cause, &[p]);
                        to_on.add(k, on);
                        pending_on.push_back(on);
                    }
                }
            }
        }
        self.give_queues((pending_on, pending_off));
        self.goal = None;
    }

    fn do_forcing_chains(
        &mut self,
        grid: &SeGrid,
        to_on: &mut PotSet,
        to_off: &mut PotSet,
        y: bool,
        chains: &mut Vec<u32>,
        source: u32,
    ) {
        let source_key = self.node_key(source);
        self.set_goal(source, false);
        let (mut pending_on, mut pending_off) = self.take_queues(to_on, to_off);
        // Levels drained so far: the nodes made while draining level `length` lie `length`
        // links from the assumption (which sits in either queue).
        let mut length = 0;
        while !pending_on.is_empty() || !pending_off.is_empty() {
            length += u32::from(!pending_on.is_empty());
            if self.cannot_beat_best(length) {
                break;
            }
            while let Some(p) = pending_on.pop_front() {
                self.on_to_off(grid, p, y, u128::MAX);
                let buf = std::mem::take(&mut self.work.buf);
                for &(c, d, cause) in &buf {
                    let next = (c, d, false, cause);
                    self.follow(next, p, source_key, (to_off, &mut pending_off), chains);
                }
                self.work.buf = buf;
            }
            length += u32::from(!pending_off.is_empty());
            if self.cannot_beat_best(length) {
                break;
            }
            while let Some(p) = pending_off.pop_front() {
                let (cell, digit) = {
                    let n = &self.work.nodes[p as usize];
                    (n.cell, n.digit)
                };
                for &(c, d, cause) in self.static_ons(grid, cell, digit, y, true).as_slice() {
                    let next = (c, d, true, cause);
                    self.follow(next, p, source_key, (to_on, &mut pending_on), chains);
                }
            }
        }
        self.give_queues((pending_on, pending_off));
        self.goal = None;
    }

    /// One link of a forcing-chain propagation from the assumption `source_key` to the
    /// potential "`c` is (`on`) / is not `d`", from node `parent`: a node is made when the
    /// potential is new to `seen` and may lead to the goal (then it is kept and queued), or
    /// when it is the assumption's opposite, not met before (then it ends a chain).
    fn follow(
        &mut self,
        (c, d, on, cause): (u8, u8, bool, Cause),
        parent: u32,
        source_key: usize,
        (seen, queue): (&mut PotSet, &mut VecDeque<u32>),
        chains: &mut Vec<u32>,
    ) {
        let k = key(c, d, on);
        let chain_new =
            key(c, d, !on) == source_key && !chains.iter().any(|&n| self.node_key(n) == k);
        let fresh = !seen.contains(k) && self.may_reach_goal(c, d, on);
        if chain_new || fresh {
            let node = self.push(c, d, on, cause, &[parent]);
            if chain_new {
                chains.push(node);
            }
            if fresh {
                seen.add(k, node);
                queue.push_back(node);
            }
        }
    }

    fn cycle_hint(&self, grid: &SeGrid, dst_on: u32, x: bool, y: bool) -> Option<ChainHint> {
        let t = tables();
        let mut cells: u128 = 0;
        let mut p = dst_on;
        while let Some(&parent) = self.parents(p).first() {
            cells |= 1 << self.work.nodes[p as usize].cell;
            p = parent;
        }
        // Per digit, the cells off the cycle that see one of its "on" nodes (forw) and one of
        // its "off" nodes (back) of that digit: those seeing both lose the digit.
        let mut forw = [0u128; 10];
        let mut back = [0u128; 10];
        let mut p = dst_on;
        while let Some(&parent) = self.parents(p).first() {
            let n = &self.work.nodes[p as usize];
            let seen = t.peer_bits[n.cell as usize] & grid.digit_cells[n.digit as usize] & !cells;
            if n.on {
                forw[n.digit as usize] |= seen;
            } else {
                back[n.digit as usize] |= seen;
            }
            p = parent;
        }
        let mut removals: Vec<(u8, u8)> = (1..=9u8)
            .flat_map(|d| cells_of(forw[d as usize] & back[d as usize]).map(move |c| (c, d)))
            .collect();
        removals.sort_unstable();
        if removals.is_empty() {
            return None;
        }
        let base = if x && y { XY_CHAIN_BASE } else { 65 };
        let sort_key = if x && y {
            4
        } else if y {
            3
        } else {
            2
        };
        Some(self.make_hint(
            Kind::Cycle { x, y },
            base,
            sort_key,
            removals,
            None,
            vec![dst_on],
            None,
        ))
    }

    // ----- Nishio, multiple and dynamic chains -------------------------------------------------

    fn multiple_chains(&mut self, grid: &SeGrid) -> Vec<ChainHint> {
        // A static search nested in an outer chain follows only what can reach a strong link
        // the outer chain made (over cell and house links, as its propagation does).
        self.reach = match self.new_links {
            Some(links) if !self.cfg.dynamic && !self.cfg.nishio => self
                .conjugates
                .as_deref()
                .map(|conjugates| Box::new(Reach::new(grid, conjugates, &links, true, true))),
            _ => None,
        };
        let mut result = Vec::new();
        for cell in 0..81u8 {
            let card = grid.cands[cell as usize].count_ones();
            if grid.values[cell as usize] == 0 && (card > 2 || (card > 1 && self.cfg.dynamic)) {
                self.multiple_for_cell(grid, cell, card, &mut result);
            }
        }
        result
    }

    /// Whether a chain from "`cell` is `digit`" can matter (always, but in a pruned search).
    fn reaches_new_link(&self, cell: u8, digit: u8) -> bool {
        self.reach
            .as_ref()
            .is_none_or(|r| r.from(cell, digit, true))
    }

    /// Whether a cell or region forcing chain can matter to the outer chain: when the outer
    /// chain removed one of the cell's candidates or the digit's places in the house (the
    /// chain then rests on that removal from its start), or one of its branches can reach a
    /// new strong link. Always, but in a pruned search.
    fn forcing_matters(&self, lost: bool, mut branches: impl Iterator<Item = (u8, u8)>) -> bool {
        self.reach.is_none() || lost || branches.any(|(c, d)| self.reaches_new_link(c, d))
    }

    /// Whether the branches of a cell or region forcing chain can share a conclusion: in a
    /// static search, only when their sets of implications do (the cheap test spares the
    /// propagations that build proofs); in a dynamic one, always.
    fn may_share_a_conclusion(&mut self, grid: &SeGrid, branches: &[(u8, u8)]) -> bool {
        if self.cfg.dynamic || self.cfg.nishio || !self.skip_hopeless {
            return true;
        }
        let Some(conjugates) = self.conjugates.as_deref() else {
            return true;
        };
        // Branch by branch, so that two branches with nothing in common spare the others.
        let mut common: Option<Implied> = None;
        for &(cell, digit) in branches {
            let implied = *self
                .implied
                .entry((cell, digit))
                .or_insert_with(|| Implied::new(grid, conjugates, cell, digit));
            let shared = common.map_or(implied, |c| c.and(&implied));
            if !shared.concludes(grid) {
                return false;
            }
            common = Some(shared);
        }
        common.is_some()
    }

    fn multiple_for_cell(&mut self, grid: &SeGrid, cell: u8, card: u32, out: &mut Vec<ChainHint>) {
        let mut work = *grid;
        let nishio = self.cfg.nishio;
        let do_double = card >= 3 && !nishio && self.cfg.dynamic;
        let do_contradiction = self.cfg.dynamic || nishio;
        let cands = grid.cands[cell as usize];
        for d in digits(cands) {
            // A static search wants neither state's contradiction nor a double implication,
            // only what "on" implies (worked out when a cell or region chain needs it).
            if do_double || do_contradiction {
                let p_on = self.push(cell, d, true, Cause::Assumption, &[]);
                let p_off = self.push(cell, d, false, Cause::Assumption, &[]);
                self.binary(&mut work, p_on, p_off, out, do_double, do_contradiction);
            }
            if !nishio {
                self.region_chainings(&mut work, out, cell, d);
            }
        }
        let lost = self.new_links.is_some_and(|l| l.cell_lost(cell));
        let branches: Vec<(u8, u8)> = digits(cands).map(|d| (cell, d)).collect();
        let wanted = !nishio
            && (card == 2 || (self.cfg.multiple && card > 2))
            && self.forcing_matters(lost, branches.iter().copied())
            && self.may_share_a_conclusion(grid, &branches);
        if wanted {
            // What assuming each of the cell's digits implies, in digit order.
            let values: Vec<Rc<OnChain>> = digits(cands)
                .map(|d| self.on_chain(&mut work, cell, d, None))
                .collect();
            let ons: Vec<&PotSet> = values.iter().map(|c| &c.1).collect();
            let offs: Vec<&PotSet> = values.iter().map(|c| &c.2).collect();
            for outcomes in [ons, offs] {
                for target in common_ids(outcomes[0], &outcomes[1..]) {
                    let k = self.node_key(target);
                    let targets: Vec<u32> = outcomes.iter().filter_map(|s| s.get(k)).collect();
                    let (removals, placement) = self.conclusion(grid, target);
                    if removals.is_empty() {
                        continue;
                    }
                    out.push(self.make_hint(
                        Kind::CellForcing,
                        self.cfg.base(),
                        5,
                        removals,
                        placement,
                        targets,
                        None,
                    ));
                }
            }
        }
    }

    /// The chains from assuming a candidate on (`p_on`) and off (`p_off`): contradictions and
    /// double implications (what "on" implies stays remembered for the cell and region chains).
    fn binary(
        &mut self,
        grid: &mut SeGrid,
        p_on: u32,
        p_off: u32,
        out: &mut Vec<ChainHint>,
        do_double: bool,
        do_contradiction: bool,
    ) {
        let base = self.cfg.base();
        let mut off_to_on = self.take_set();
        let mut off_to_off = self.take_set();
        let (cell, digit) = (
            self.work.nodes[p_on as usize].cell,
            self.work.nodes[p_on as usize].digit,
        );
        let chain = self.on_chain(grid, cell, digit, Some(p_on));
        let (absurd, on_to_on, on_to_off) = &*chain;
        if do_contradiction && let Some((on, off)) = *absurd {
            let (removals, placement) = self.conclusion(grid, p_off);
            out.push(self.make_hint(
                Kind::Contradiction,
                base,
                7,
                removals,
                placement,
                vec![on, off],
                Some(p_on),
            ));
        }
        off_to_off.add(self.node_key(p_off), p_off);
        let absurd = self.do_chaining(grid, &mut off_to_on, &mut off_to_off);
        if do_contradiction && let Some((on, off)) = absurd {
            let (removals, placement) = self.conclusion(grid, p_on);
            if !removals.is_empty() {
                out.push(self.make_hint(
                    Kind::Contradiction,
                    base,
                    7,
                    removals,
                    placement,
                    vec![on, off],
                    Some(p_off),
                ));
            }
        }
        if do_double {
            for from_on in on_to_on.ids().collect::<Vec<_>>() {
                if let Some(from_off) = off_to_on.get(self.node_key(from_on)) {
                    let (removals, placement) = self.conclusion(grid, from_on);
                    if !removals.is_empty() {
                        out.push(self.make_hint(
                            Kind::Double,
                            base,
                            1,
                            removals,
                            placement,
                            vec![from_on, from_off],
                            Some(p_on),
                        ));
                    }
                }
            }
            for from_on in on_to_off.ids().collect::<Vec<_>>() {
                if let Some(from_off) = off_to_off.get(self.node_key(from_on)) {
                    let (removals, _) = self.conclusion(grid, from_on);
                    out.push(self.make_hint(
                        Kind::Double,
                        base,
                        1,
                        removals,
                        None,
                        vec![from_on, from_off],
                        Some(p_on),
                    ));
                }
            }
        }
        self.give_set(off_to_on);
        self.give_set(off_to_off);
    }

    fn region_chainings(
        &mut self,
        grid: &mut SeGrid,
        out: &mut Vec<ChainHint>,
        cell: u8,
        digit: u8,
    ) {
        let t = tables();
        for kind in 0..3 {
            let house = t.houses_of[cell as usize][kind] as usize;
            let pos = grid.positions(house, digit);
            let card = pos.count_ones();
            if !(card == 2 || (self.cfg.multiple && card > 2)) {
                continue;
            }
            if t.houses[house][pos.trailing_zeros() as usize] != cell {
                continue;
            }
            let places: Vec<u8> = (0..9)
                .filter(|i| pos >> i & 1 == 1)
                .map(|i| t.houses[house][i])
                .collect();
            let lost = self.new_links.is_some_and(|l| l.house_lost(house, digit));
            let branches: Vec<(u8, u8)> = places.iter().map(|&p| (p, digit)).collect();
            if !self.forcing_matters(lost, branches.iter().copied())
                || !self.may_share_a_conclusion(grid, &branches)
            {
                continue;
            }
            // What putting the digit in each of its places in the house implies, in house
            // order (this cell's own outcome first).
            let outcomes: Vec<Rc<OnChain>> = places
                .iter()
                .map(|&place| self.on_chain(grid, place, digit, None))
                .collect();
            let pos_on: Vec<&PotSet> = outcomes.iter().map(|c| &c.1).collect();
            let pos_off: Vec<&PotSet> = outcomes.iter().map(|c| &c.2).collect();
            for outcomes in [&pos_on, &pos_off] {
                for target in common_ids(outcomes[0], &outcomes[1..]) {
                    let k = self.node_key(target);
                    let targets: Vec<u32> = outcomes.iter().filter_map(|s| s.get(k)).collect();
                    let (removals, placement) = self.conclusion(grid, target);
                    if removals.is_empty() {
                        continue;
                    }
                    out.push(self.make_hint(
                        Kind::RegionForcing { house, digit },
                        self.cfg.base(),
                        6,
                        removals,
                        placement,
                        targets,
                        None,
                    ));
                }
            }
        }
    }
}

/// A chain found by a search nested inside another, as the outer search uses it.
struct NestedChain {
    removals: Removals,
    /// What tells the chain apart from another ([`Search::chain_signature`]).
    signature: Arc<[u16]>,
    /// What the chain needed gone ([`Search::rule_needs`]), in the order its proof meets them.
    needs: Removals,
    description: String,
    complexity: u32,
}

impl NestedChain {
    /// The candidates the chain needed gone that were still there at `source` (the outer
    /// chain's starting grid), so that the outer chain removed them: a chain with none gives
    /// the outer chain nothing.
    fn needs_removed_from(&self, source: &SeGrid) -> Removals {
        self.needs
            .iter()
            .copied()
            .filter(|&(cell, digit)| source.has(cell, digit))
            .collect()
    }
}

/// How many grids' nested chains one generation of a [`SeMemo`] holds; the memo keeps two, so
/// at most twice this many. On the hardest puzzles an entry averages about 10 KB (the chains
/// found there, each with its description): one generation of 20,000 (the bound once) let a
/// never-stuck walk of a forum-hardest puzzle peak at 336 MB, two of 2,000 peak at 171 MB in the
/// same time, and two of 1,000 at 126 MB but 25% slower (`hint --path` on
/// `6.......2.9.4...5...1...7...5..84.......2.......3.5.4.2.....6...3...9.8...7.....1`).
const NESTED_MEMO_GENERATION: usize = 2_000;

/// The chains SE's nested searches found, by the search's kind and grid, for one rating or one
/// walk of steps. A nested search is a pure function of the two, and the same reduced grid
/// recurs: the next ladder level repeats the same outer propagations, and the next step most
/// of them (its grid differs by a candidate or two that many assumptions remove anyway). The
/// memo lives as long as its owner — a rating, a never-stuck walk, a live solver — and its
/// memory goes with it (it was per thread once, and a long-lived thread kept hundreds of
/// megabytes after its last rating). It forgets by generations: when the current one is full
/// it becomes the old one (the previous old one is dropped), and an entry found in the old one
/// moves back to the current one, so what the latest steps used stays.
#[derive(Default)]
pub struct SeMemo {
    nested: RefCell<NestedMemo>,
    older: RefCell<NestedMemo>,
    /// Buffers of searches that have ended, for the next ones (see [`Scratch`]).
    scratch: RefCell<Vec<Scratch>>,
    /// Per technique below the chains (`basic`), the last grid at which it found nothing: at
    /// the grids that follow, it looks only where candidates went since.
    pub(super) basic: basic::QuietGrids,
    /// Each digit's first X-pass step at its places (see [`x_pass`]).
    x_pass: RefCell<XPassMemo>,
}

/// The buffers a search fills and empties, handed from one search to the next through the
/// [`SeMemo`]: a rating makes thousands of searches (one per step and kind of chain, and the
/// nested ones), and growing these from empty each time — reallocations copying the node
/// arena, fresh 1,458-slot sets filled with "none" — took about a tenth of a rating's
/// instructions on the puzzle bank.
#[derive(Default)]
struct Scratch {
    /// The search's potentials, by id.
    nodes: Vec<Node>,
    /// Every node's parents, contiguous per node (one allocation for the whole search).
    pool: Vec<u32>,
    buf: Vec<(u8, u8, Cause)>,
    /// The "on" nodes [`Search::off_to_on`] made, reused between calls.
    ons: Vec<u32>,
    /// Emptied sets kept for reuse: a fresh set fills a 1,458-slot table, and the forcing
    /// chains nested in a chain make thousands of them per search.
    spare_sets: Vec<PotSet>,
    /// The work queues of the propagations, emptied before every use.
    queues: (VecDeque<u32>, VecDeque<u32>),
    /// `ancestry[k] == ancestry_stamp` marks potential `k` as an ancestor of the node a cycle
    /// search is expanding: its chain is walked once, not once per potential it implies.
    ancestry: Vec<u32>,
    ancestry_stamp: u32,
    /// The levels of the walks that judge the XY pass's cycles (emptied before every use).
    cycle_walks: CycleWalks,
}

/// The nodes (and parents) a new [`Scratch`] has room for: most cycle and forcing-chain
/// searches below SE 9 make under a thousand, some several thousand, and a rating's first
/// searches then do not grow the arena by copying it again and again.
const SCRATCH_ROOM: usize = 4096;

impl Scratch {
    fn with_room() -> Scratch {
        Scratch {
            nodes: Vec::with_capacity(SCRATCH_ROOM),
            pool: Vec::with_capacity(SCRATCH_ROOM),
            ..Scratch::default()
        }
    }

    /// Empties what a new search must find empty (the spare sets are emptied when given
    /// back, the queues before every use, and `ancestry` is valid with its stamp).
    fn reset(&mut self) {
        self.nodes.clear();
        self.pool.clear();
        self.buf.clear();
        self.ons.clear();
    }
}

/// At most this many ended searches' buffers are kept: as many as are nested in each other at
/// once (an outer search, its nested ones, theirs), so the memory they hold is what the
/// deepest moment of the rating needed anyway.
const KEPT_SCRATCH: usize = 6;

/// Nested searches' chains by the search's kind, grid and the strong links the outer chain made
/// (which decide what a cycle and forcing-chain search follows).
type NestedMemo = HashMap<NestedKey, Arc<[NestedChain]>>;
type NestedKey = (Chaining, SeGrid, NewLinks);

impl SeMemo {
    /// How many grids' chains are remembered.
    pub fn len(&self) -> usize {
        self.nested.borrow().len() + self.older.borrow().len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The chains remembered for a search, moved to the current generation when found in the
    /// old one.
    fn get(&self, key: &NestedKey) -> Option<Arc<[NestedChain]>> {
        if let Some(chains) = self.nested.borrow().get(key) {
            return Some(chains.clone());
        }
        let chains = self.older.borrow_mut().remove(key)?;
        self.insert(*key, chains.clone());
        Some(chains)
    }

    fn insert(&self, key: NestedKey, chains: Arc<[NestedChain]>) {
        let mut nested = self.nested.borrow_mut();
        if nested.len() >= NESTED_MEMO_GENERATION {
            *self.older.borrow_mut() = std::mem::take(&mut *nested);
        }
        nested.insert(key, chains);
    }
}

/// The steps a `cfg` search finds at `grid`, in its order, remembered in `memo`: every step,
/// but that a cycle and forcing-chain search leaves out chains that use none of the strong
/// links the outer chain made from `source` (the outer chain drops them anyway).
fn nested_chains(
    cfg: Chaining,
    grid: &SeGrid,
    source: &SeGrid,
    memo: &SeMemo,
) -> Arc<[NestedChain]> {
    let static_chains = !cfg.dynamic && !cfg.nishio;
    let new_links = static_chains.then(|| NewLinks::between(source, grid));
    let memo_key = (cfg, *grid, new_links.unwrap_or_default());
    if let Some(chains) = memo.get(&memo_key) {
        return chains;
    }
    let mut search = Search::new(cfg, memo);
    search.new_links = new_links;
    let chains: Arc<[NestedChain]> = found_chains(&mut search, grid).into();
    memo.insert(memo_key, chains.clone());
    chains
}

/// Every step `search` finds at `grid`, in its order, as an outer chain uses it.
fn found_chains(search: &mut Search, grid: &SeGrid) -> Vec<NestedChain> {
    let cfg = search.cfg;
    search
        .hints(grid)
        .iter()
        .map(|h| NestedChain {
            removals: h.removals.clone(),
            signature: search.chain_signature(h).into(),
            needs: search.rule_needs(h, grid),
            description: format!(
                "{} ({})",
                cfg.name(h.kind),
                super::describe_removals(&h.removals)
            ),
            complexity: h.complexity,
        })
        .collect()
}

/// The simple techniques SE lets act inside "plus" and nested chains — intersections (any house
/// whose places of a digit all see the same cells), hidden pairs, naked pairs, X-wings — as
/// (removals, offs they needed relative to `source`, description).
fn simple_rule_hints(grid: &SeGrid, source: &SeGrid, rule: usize) -> Vec<RuleHint> {
    // Only what rests on a candidate the outer chain removed is wanted (the others are dropped
    // below), so only the houses and digits that lost one are searched: an intersection, a
    // hidden set or a fish rests on a lost place of its digits in its houses, a naked set on a
    // lost candidate of its cells.
    rule_hints_where(grid, source, rule, &NewLinks::between(source, grid))
}

/// [`simple_rule_hints`] searching only where `lost` says candidates were lost.
fn rule_hints_where(grid: &SeGrid, source: &SeGrid, rule: usize, lost: &NewLinks) -> Vec<RuleHint> {
    let t = tables();
    let mut found: Vec<SeHint> = Vec::new();
    let mut take = |h| {
        found.push(h);
        false
    };
    // A rule's name and removals describe it inside a chain; its explanation is not read.
    let mut sink = basic::Sink {
        explain: false,
        take: &mut take,
    };
    match rule {
        0 => generalized_intersections(grid, lost, &mut sink),
        1 => {
            basic::hidden_set_in(grid, 2, false, lost.houses_lost_any(), &mut sink);
        }
        2 => {
            basic::naked_set_in(grid, 2, lost.houses_with_lost_cell(), &mut sink);
        }
        _ => {
            basic::fish_in(grid, 2, lost.digits_lost(), &mut sink);
        }
    }
    let mut out = Vec::new();
    for h in found {
        let mut parents = Vec::new();
        match &h.shape {
            Shape::Locked { house, digit } => {
                // The crossing house that holds every place left (a line for a box, the box
                // for a line): places lost where the two houses meet are no reason.
                let places = grid.places(*house, *digit);
                let first = places.trailing_zeros() as usize;
                let cross = t.houses_of[first]
                    .iter()
                    .map(|&x| x as usize)
                    .find(|&x| x != *house && places & !t.house_bits[x] == 0)
                    .map_or(0, |x| t.house_bits[x]);
                for &c in &t.houses[*house] {
                    if !grid.has(c, *digit) && source.has(c, *digit) && cross >> c & 1 == 0 {
                        parents.push((c, *digit));
                    }
                }
            }
            Shape::HiddenSet { house, digits: set } => {
                let mut mine = 0u16;
                for d in digits(*set) {
                    mine |= grid.positions(*house, d);
                }
                for (i, &c) in t.houses[*house].iter().enumerate() {
                    if mine >> i & 1 == 0 {
                        for d in digits(*set) {
                            if source.has(c, d) {
                                parents.push((c, d));
                            }
                        }
                    }
                }
            }
            Shape::NakedSet { cells, digits: set } => {
                for &c in cells {
                    for d in digits(source.cands[c as usize] & !*set) {
                        parents.push((c, d));
                    }
                }
            }
            Shape::Fish { base, digit } => {
                let covers: u128 = h.cells.iter().fold(0u128, |b, &c| {
                    b | t.houses
                        [t.houses_of[c as usize][if base[0] / 9 == 1 { 2 } else { 1 }] as usize]
                        .iter()
                        .fold(0u128, |b, &x| b | 1 << x)
                });
                for &b in base {
                    for &c in &t.houses[b] {
                        if source.has(c, *digit) && !grid.has(c, *digit) && covers >> c & 1 == 0 {
                            parents.push((c, *digit));
                        }
                    }
                }
            }
            Shape::None => {}
        }
        if parents.is_empty() {
            continue;
        }
        let info = Arc::new(Rule {
            description: format!("{} ({})", h.name, super::describe_removals(&h.removals)),
            complexity: 0,
            signature: Arc::from(Vec::new()),
        });
        out.push((h.removals, parents, info));
    }
    out
}

/// SE's intersections (pointing and claiming) as they run inside chains: a digit whose two or
/// more places in a house all lie in one crossing house is removed from that house's other
/// cells (here only where the first house `lost` a place of the digit).
///
/// The order is SE's, and it matters: every removal of every instance is queued in the order
/// the instances are found, and a candidate removed by two instances is credited to the first
/// (its parents, hence the chain's size, come from that one), while the queue's order decides
/// which contradiction a propagation meets first. SE looks for boxes whose places lie in one
/// column, then in one row, then columns whose places lie in one box, then rows; each of the
/// four passes digit by digit, house by house.
fn generalized_intersections(grid: &SeGrid, lost: &NewLinks, sink: &mut basic::Sink) {
    let t = tables();
    for (kind, cross) in [(BOX, COL), (BOX, ROW), (COL, BOX), (ROW, BOX)] {
        for digit in 1..=9u8 {
            for house in kind * 9..kind * 9 + 9 {
                if !lost.house_lost(house, digit) {
                    continue;
                }
                let places = grid.places(house, digit);
                if places.count_ones() < 2 {
                    continue;
                }
                let first = places.trailing_zeros() as usize;
                let other = t.houses_of[first][cross] as usize;
                if places & !t.house_bits[other] != 0 {
                    continue;
                }
                let hits =
                    t.house_bits[other] & !t.house_bits[house] & grid.digit_cells[digit as usize];
                if hits == 0 {
                    continue;
                }
                sink.send(SeHint {
                    difficulty: 26,
                    name: format!("Intersection of {digit} in {}", house_name(house)),
                    removals: cells_of(hits).map(|c| (c, digit)).collect(),
                    placement: None,
                    cells: cells_of(places).collect(),
                    explanation: Vec::new(),
                    shape: Shape::Locked { house, digit },
                    links: Vec::new(),
                });
            }
        }
    }
}

/// A potential in words: "r1c2 is 4" / "r1c2 is not 4".
pub fn potential_text(n: &Node) -> String {
    format!(
        "{} is {}{}",
        cell_name(n.cell),
        if n.on { "" } else { "not " },
        n.digit
    )
}

/// Why a potential follows from its first parent, for a player.
pub fn reason_text(search: &Search, id: u32) -> String {
    let n = &search.nodes()[id as usize];
    let t = tables();
    match n.cause {
        Cause::Assumption => "suppose so".into(),
        Cause::NakedSingle if n.on => format!("the last candidate left in {}", cell_name(n.cell)),
        Cause::NakedSingle => format!("{} holds another digit", cell_name(n.cell)),
        Cause::Hidden(kind) => {
            let house = t.houses_of[n.cell as usize][kind as usize] as usize;
            if n.on {
                format!("the last place for {} in {}", n.digit, house_name(house))
            } else {
                format!("{} is already placed in {}", n.digit, house_name(house))
            }
        }
        Cause::Advanced => n
            .rule
            .as_ref()
            .map(|r| format!("by {}", r.description))
            .unwrap_or_default(),
    }
}

/// The mask of a cell's candidates, for callers outside this module.
pub fn mask_of(grid: &SeGrid, cell: u8) -> Mask {
    grid.cands[cell as usize]
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::logic::se::test_grids::{PUZZLES, reduced, start};

    /// A static search at level 0: cycles and forcing chains, or (`multiple`) cell and region
    /// forcing chains too.
    fn static_chaining(multiple: bool) -> Chaining {
        Chaining {
            multiple,
            dynamic: false,
            nishio: false,
            level: 0,
            nesting_limit: 0,
        }
    }

    /// `source` with the picked candidates removed (each cell keeps one at least).
    /// What an outer chain gets from a nested search: the chains that rest on a candidate it
    /// removed, with what they remove, need, say and weigh.
    fn useful(chains: &[NestedChain], source: &SeGrid) -> Vec<(Removals, Removals, String, u32)> {
        chains
            .iter()
            .map(|c| {
                (
                    c.removals.clone(),
                    c.needs_removed_from(source),
                    c.description.clone(),
                    c.complexity,
                )
            })
            .filter(|(_, needs, _, _)| !needs.is_empty())
            .collect()
    }

    /// The memo stays within two generations, forgets the oldest grids first, and keeps what was
    /// used lately across a change of generation.
    #[test]
    fn nested_memo_forgets_by_generation() {
        let cfg = static_chaining(false);
        let base = start(PUZZLES[0]);
        let key = |i: usize| {
            let mut grid = base;
            grid.values[0] = (i % 256) as u8;
            grid.values[1] = (i / 256) as u8;
            (cfg, grid, NewLinks::default())
        };
        let none: Arc<[NestedChain]> = Arc::from(Vec::new());
        let memo = SeMemo::default();
        let total = 2 * NESTED_MEMO_GENERATION + 10;
        for i in 0..total {
            memo.insert(key(i), none.clone());
            // Keep using the first grid: it must survive every change of generation.
            assert!(
                memo.get(&key(0)).is_some(),
                "the grid in use is kept at {i}"
            );
            assert!(memo.len() <= 2 * NESTED_MEMO_GENERATION);
        }
        assert!(
            memo.get(&key(1)).is_none(),
            "the oldest unused grid is forgotten"
        );
        assert!(
            memo.get(&key(total - 1)).is_some(),
            "the newest grid is kept"
        );
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(if cfg!(debug_assertions) { 8 } else { 64 }))]

        /// Leaving out the assumptions that cannot reach a strong link the outer chain made
        /// changes nothing the outer chain uses: at a grid reduced by random removals (each
        /// cell keeps a candidate), the pruned nested search (cycles and forcing chains, or
        /// cell and region forcing chains) yields the same useful chains, in the same order,
        /// as the full one.
        #[test]
        fn pruned_nested_search_keeps_every_useful_chain(
            which in 0usize..PUZZLES.len(),
            multiple in any::<bool>(),
            picks in proptest::collection::vec((0u8..81, 1u8..=9), 1..40),
        ) {
            let source = start(PUZZLES[which]);
            let grid = reduced(&source, &picks);
            let cfg = static_chaining(multiple);
            let memo = SeMemo::default();
            let pruned = nested_chains(cfg, &grid, &source, &memo);
            // The full search: no new links recorded, so every assumption is followed, and
            // every cell and region forcing chain is looked for.
            let mut search = Search::new(cfg, &memo);
            search.skip_hopeless = false;
            let full = found_chains(&mut search, &grid);
            prop_assert_eq!(useful(&pruned, &source), useful(&full, &source));
            prop_assert!(pruned.len() <= full.len());
        }

        /// The simple techniques inside chains, searched only where the outer chain removed
        /// candidates, find every instance that rests on a removal, in the same order.
        #[test]
        fn focused_simple_techniques_find_every_useful_instance(
            which in 0usize..PUZZLES.len(),
            picks in proptest::collection::vec((0u8..81, 1u8..=9), 1..40),
        ) {
            let source = start(PUZZLES[which]);
            let grid = reduced(&source, &picks);
            let describe = |hints: Vec<RuleHint>| -> Vec<(Removals, Removals, String)> {
                hints.into_iter().map(|(r, p, rule)| (r, p, rule.description.clone())).collect()
            };
            for rule in 0..4 {
                let focused = describe(simple_rule_hints(&grid, &source, rule));
                let everywhere = describe(rule_hints_where(&grid, &source, rule, &NewLinks::everywhere()));
                prop_assert_eq!(focused, everywhere);
            }
        }

        /// Skipping the candidates whose sets of implications rule out a cycle or forcing
        /// chain (Search::hopes), or whose walks over the pass's links do (Search::pass_hopes),
        /// and the Y pass's "offs" that lead nowhere (in Search::do_cycles), changes
        /// neither SE's next step nor its chain, nor any step of a full search.
        #[test]
        fn hopeless_assumptions_hide_no_cycle_or_forcing_chain(
            which in 0usize..PUZZLES.len(),
            cheapest in any::<bool>(),
            picks in proptest::collection::vec((0u8..81, 1u8..=9), 0..40),
        ) {
            let grid = reduced(&start(PUZZLES[which]), &picks);
            let cfg = static_chaining(false);
            let memo = SeMemo::default();
            let steps = |skip_hopeless: bool| {
                let mut search = if cheapest {
                    Search::cheapest(cfg, &memo)
                } else {
                    Search::new(cfg, &memo)
                };
                search.skip_hopeless = skip_hopeless;
                let hints = search.hints(&grid);
                hints
                    .iter()
                    .map(|h| {
                        // Each target's chain back to its assumption (a static chain's
                        // nodes have one parent each).
                        let chain: Vec<Vec<(u8, u8, bool)>> = h
                            .targets
                            .iter()
                            .map(|&t| {
                                let mut links = Vec::new();
                                let mut p = Some(t);
                                while let Some(id) = p {
                                    let n = &search.nodes()[id as usize];
                                    links.push((n.cell, n.digit, n.on));
                                    p = search.parents(id).first().copied();
                                }
                                links
                            })
                            .collect();
                        (h.difficulty, h.complexity, h.removals.clone(), h.placement, chain)
                    })
                    .collect::<Vec<_>>()
            };
            // A cheapest search promises its first step (SE's next), not the others.
            let (skipping, all) = (steps(true), steps(false));
            if cheapest {
                prop_assert_eq!(skipping.first(), all.first());
            } else {
                prop_assert_eq!(skipping, all);
            }
        }

        /// The conjugate table the static searches read their house links from says what
        /// counting the digit's places in the house says, for every candidate and house type;
        /// and the set of a candidate's conjugates holds those of its three houses.
        #[test]
        fn conjugates_are_the_houses_with_two_places(
            which in 0usize..PUZZLES.len(),
            picks in proptest::collection::vec((0u8..81, 1u8..=9), 1..60),
        ) {
            let grid = reduced(&start(PUZZLES[which]), &picks);
            let conjugates = Conjugates::of(&grid);
            let t = tables();
            for cell in 0..81u8 {
                for digit in digits(grid.cands[cell as usize]) {
                    let mut all = 0u128;
                    for (kind, &house) in t.houses_of[cell as usize].iter().enumerate() {
                        let others = grid.places(house as usize, digit) & !(1u128 << cell);
                        let counted = (others.count_ones() == 1).then(|| others.trailing_zeros() as u8);
                        prop_assert_eq!(conjugates.other(cell, digit, kind), counted);
                        all |= if counted.is_some() { others } else { 0 };
                    }
                    prop_assert_eq!(conjugates.others(cell, digit), all, "r{}c{} {}", cell / 9 + 1, cell % 9 + 1, digit);
                }
            }
        }
    }
}
