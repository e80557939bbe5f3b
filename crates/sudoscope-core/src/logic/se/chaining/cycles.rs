//! Cycles and forcing X-/XY-chains: SE's search from one assumption, pass by pass (house links
//! alone, cell links alone, both), for bidirectional cycles (the assumption comes back as
//! itself) and forcing chains (it comes back as its opposite), with the bounds that stop a
//! propagation once no chain still to come could beat the best step found.

use super::x_pass;
use super::{
    Cause, ChainHint, HOPES_CYCLE, HOPES_FROM_OFF, HOPES_FROM_ON, Kind, Links, NKEYS, PotSet,
    Search, XY_CHAIN_BASE, key, length_bonus,
};
use crate::logic::se::basic;
use crate::logic::se::grid::{Mask, SeGrid, bit, cells_of, digits, tables};
use crate::logic::se::implications::Implications;
use crate::logic::se::new_links::Reach;
use crate::logic::se::spread::{PassLinks, Spread};
use std::collections::VecDeque;

impl<'m> Search<'m> {
    /// One pass of the cycle and forcing-chain search: over house links (`x`), cell links
    /// (`y`) or both.
    pub(super) fn loops(&mut self, grid: &SeGrid, y: bool, x: bool) -> Vec<ChainHint> {
        let mut result = Vec::new();
        self.start_pass(grid, y, x);
        self.pass_over(grid, y, x, basic::ALL_DIGITS, &mut result);
        result
    }

    /// Sets up a pass: its base difficulty, its limits, what its assumptions may reach (in a
    /// rating's Y pass, its own implications; the X pass sets its own per digit searched).
    pub(super) fn start_pass(&mut self, grid: &SeGrid, y: bool, x: bool) {
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
    pub(super) fn pass_over(
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
    pub(super) fn x_pass_remembered(&mut self, grid: &SeGrid) -> Vec<ChainHint> {
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
    pub(super) fn assumption_cell(&self, hint: &ChainHint) -> u8 {
        let mut p = hint.targets[0];
        while let Some(&parent) = self.parents(p).first() {
            p = parent;
        }
        self.work.nodes[p as usize].cell
    }

    /// Brings the chain and cycle limits up to date with `best` and the pass.
    pub(super) fn follow_best(&mut self) {
        self.chain_links_before_best = self.links_before_best();
        self.cycle_links_before_best = self.cycle_links_before_best();
    }

    /// The most links a forcing chain of this pass can take and still come before the best
    /// step found so far (a chain of n links holds n + 1 potentials); no limit while none is
    /// found, or when every step is wanted.
    pub(super) fn links_before_best(&self) -> u32 {
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
    pub(super) fn cycle_links_before_best(&self) -> u32 {
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
    pub(super) fn cannot_beat_best(&self, depth: u32) -> bool {
        self.cheapest
            && self
                .best
                .is_some_and(|best| (self.pass_base + length_bonus(depth), depth) >= best)
    }

    pub(super) fn unary(
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
    pub(super) fn hopes(&mut self, grid: &SeGrid, cell: u8, digit: u8, wanted: u8) -> u8 {
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
    pub(super) fn pass_hopes(
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
    pub(super) fn mark_ancestors(&mut self, child: u32) {
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
    pub(super) fn is_marked_ancestor(&self, k: usize) -> bool {
        self.work.ancestry[k] == self.work.ancestry_stamp
    }

    /// Sets what the propagation from assumption `source` looks for: the assumption itself
    /// again (a cycle, `again`), or its opposite (a forcing chain).
    pub(super) fn set_goal(&mut self, source: u32, again: bool) {
        let n = &self.work.nodes[source as usize];
        let (cell, digit, on) = (n.cell, n.digit, n.on);
        self.goal = self
            .goal_graph()
            .and_then(|i| i.literal(cell, digit, on == again));
    }

    /// The implications the current pass reads its goals in: its own when it has them, else
    /// the grid's when they are worked out.
    pub(super) fn goal_graph(&self) -> Option<&Implications> {
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
    pub(super) fn may_reach_goal(&self, cell: u8, digit: u8, on: bool) -> bool {
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
    pub(super) fn do_cycles(
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

    pub(super) fn do_forcing_chains(
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
    pub(super) fn follow(
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

    pub(super) fn cycle_hint(
        &self,
        grid: &SeGrid,
        dst_on: u32,
        x: bool,
        y: bool,
    ) -> Option<ChainHint> {
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
}
