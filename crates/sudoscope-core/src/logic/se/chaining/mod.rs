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

mod cycles;
mod dynamic;
mod forcing;
mod memo;
mod rules;
mod wording;
mod x_pass;

use std::collections::{HashMap, HashSet, VecDeque};
use std::rc::Rc;
use std::sync::Arc;

use super::grid::{Conjugates, SeGrid, bit, digits};
use super::implications::Implications;
use super::new_links::{Implied, NewLinks, Reach};
pub use memo::SeMemo;
use memo::{KEPT_SCRATCH, Scratch};
pub use wording::{potential_text, reason_text};

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
    /// the memo remembers of each digit (see `x_pass`), and its steps come without
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
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::dynamic::{found_chains, nested_chains};
    use super::memo::{NESTED_MEMO_GENERATION, NestedChain};
    use super::rules::{rule_hints_where, simple_rule_hints};
    use super::*;
    use crate::logic::se::grid::tables;
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
