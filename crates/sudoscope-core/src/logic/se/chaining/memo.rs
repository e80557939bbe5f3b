//! What a rating or a walk keeps between its searches: the chains the nested searches found,
//! by kind of search and grid; the buffers of ended searches; each technique's quiet grid; and
//! each digit's first X-pass step.

use super::x_pass::XPassMemo;
use super::{Cause, Chaining, Node, PotSet, Removals};
use crate::logic::se::basic;
use crate::logic::se::grid::SeGrid;
use crate::logic::se::new_links::NewLinks;
use crate::logic::se::spread::CycleWalks;
use std::cell::RefCell;
use std::collections::{HashMap, VecDeque};
use std::sync::Arc;

/// A chain found by a search nested inside another, as the outer search uses it.
pub(super) struct NestedChain {
    pub(super) removals: Removals,
    /// What tells the chain apart from another ([`Search::chain_signature`](super::Search::chain_signature)).
    pub(super) signature: Arc<[u16]>,
    /// What the chain needed gone ([`Search::rule_needs`](super::Search::rule_needs)), in the order its proof meets them.
    pub(super) needs: Removals,
    pub(super) description: String,
    pub(super) complexity: u32,
}

impl NestedChain {
    /// The candidates the chain needed gone that were still there at `source` (the outer
    /// chain's starting grid), so that the outer chain removed them: a chain with none gives
    /// the outer chain nothing.
    pub(super) fn needs_removed_from(&self, source: &SeGrid) -> Removals {
        self.needs
            .iter()
            .copied()
            .filter(|&(cell, digit)| source.has(cell, digit))
            .collect()
    }
}

/// How many grids' nested chains one generation of a [`SeMemo`] holds; the memo keeps two, so
/// at most twice this many. On the hardest puzzles an entry averages about 10 KB (the chains
/// found there, each with its description): with one generation of 20,000 a never-stuck walk
/// of a forum-hardest puzzle peaks at 336 MB, with two of 2,000 at 171 MB in the same time,
/// and with two of 1,000 at 126 MB but 25% slower (`hint --path` on
/// `6.......2.9.4...5...1...7...5..84.......2.......3.5.4.2.....6...3...9.8...7.....1`).
pub(super) const NESTED_MEMO_GENERATION: usize = 2_000;

/// The chains SE's nested searches found, by the search's kind and grid, for one rating or one
/// walk of steps. A nested search is a pure function of the two, and the same reduced grid
/// recurs: the next ladder level repeats the same outer propagations, and the next step most
/// of them (its grid differs by a candidate or two that many assumptions remove anyway). The
/// memo lives as long as its owner — a rating, a never-stuck walk, a live solver — and its
/// memory goes with it (a memo per thread would keep hundreds of megabytes in a long-lived
/// thread after its last rating). It forgets by generations: when the current one is full
/// it becomes the old one (the previous old one is dropped), and an entry found in the old one
/// moves back to the current one, so what the latest steps used stays.
#[derive(Default)]
pub struct SeMemo {
    pub(super) nested: RefCell<NestedMemo>,
    pub(super) older: RefCell<NestedMemo>,
    /// Buffers of searches that have ended, for the next ones (see [`Scratch`]).
    pub(super) scratch: RefCell<Vec<Scratch>>,
    /// Per technique below the chains (`basic`), the last grid at which it found nothing: at
    /// the grids that follow, it looks only where candidates went since.
    pub(in crate::logic::se) basic: basic::QuietGrids,
    /// Each digit's first X-pass step at its places (see [`x_pass`](super::x_pass)).
    pub(super) x_pass: RefCell<XPassMemo>,
}

/// The buffers a search fills and empties, handed from one search to the next through the
/// [`SeMemo`]: a rating makes thousands of searches (one per step and kind of chain, and the
/// nested ones), and growing these from empty each time — reallocations copying the node
/// arena, fresh 1,458-slot sets filled with "none" — took about a tenth of a rating's
/// instructions on the puzzle bank.
#[derive(Default)]
pub(super) struct Scratch {
    /// The search's potentials, by id.
    pub(super) nodes: Vec<Node>,
    /// Every node's parents, contiguous per node (one allocation for the whole search).
    pub(super) pool: Vec<u32>,
    pub(super) buf: Vec<(u8, u8, Cause)>,
    /// The "on" nodes [`Search::off_to_on`](super::Search::off_to_on) made, reused between calls.
    pub(super) ons: Vec<u32>,
    /// Emptied sets kept for reuse: a fresh set fills a 1,458-slot table, and the forcing
    /// chains nested in a chain make thousands of them per search.
    pub(super) spare_sets: Vec<PotSet>,
    /// The work queues of the propagations, emptied before every use.
    pub(super) queues: (VecDeque<u32>, VecDeque<u32>),
    /// `ancestry[k] == ancestry_stamp` marks potential `k` as an ancestor of the node a cycle
    /// search is expanding: its chain is walked once, not once per potential it implies.
    pub(super) ancestry: Vec<u32>,
    pub(super) ancestry_stamp: u32,
    /// The levels of the walks that judge the XY pass's cycles (emptied before every use).
    pub(super) cycle_walks: CycleWalks,
}

/// The nodes (and parents) a new [`Scratch`] has room for: most cycle and forcing-chain
/// searches below SE 9 make under a thousand, some several thousand, and a rating's first
/// searches then do not grow the arena by copying it again and again.
const SCRATCH_ROOM: usize = 4096;

impl Scratch {
    pub(super) fn with_room() -> Scratch {
        Scratch {
            nodes: Vec::with_capacity(SCRATCH_ROOM),
            pool: Vec::with_capacity(SCRATCH_ROOM),
            ..Scratch::default()
        }
    }

    /// Empties what a new search must find empty (the spare sets are emptied when given
    /// back, the queues before every use, and `ancestry` is valid with its stamp).
    pub(super) fn reset(&mut self) {
        self.nodes.clear();
        self.pool.clear();
        self.buf.clear();
        self.ons.clear();
    }
}

/// At most this many ended searches' buffers are kept: as many as are nested in each other at
/// once (an outer search, its nested ones, theirs), so the memory they hold is what the
/// deepest moment of the rating needed anyway.
pub(super) const KEPT_SCRATCH: usize = 6;

/// Nested searches' chains by the search's kind, grid and the strong links the outer chain made
/// (which decide what a cycle and forcing-chain search follows).
type NestedMemo = HashMap<NestedKey, Arc<[NestedChain]>>;
type NestedKey = (Chaining, SeGrid, NewLinks);

impl SeMemo {
    /// How many grids' chains are remembered.
    pub fn len(&self) -> usize {
        self.nested.borrow().len() + self.older.borrow().len()
    }

    /// Whether nothing is remembered yet.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The chains remembered for a search, moved to the current generation when found in the
    /// old one.
    pub(super) fn get(&self, key: &NestedKey) -> Option<Arc<[NestedChain]>> {
        if let Some(chains) = self.nested.borrow().get(key) {
            return Some(chains.clone());
        }
        let chains = self.older.borrow_mut().remove(key)?;
        self.insert(*key, chains.clone());
        Some(chains)
    }

    pub(super) fn insert(&self, key: NestedKey, chains: Arc<[NestedChain]>) {
        let mut nested = self.nested.borrow_mut();
        if nested.len() >= NESTED_MEMO_GENERATION {
            *self.older.borrow_mut() = std::mem::take(&mut *nested);
        }
        nested.insert(key, chains);
    }
}
