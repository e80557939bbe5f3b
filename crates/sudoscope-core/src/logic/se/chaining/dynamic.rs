//! The links between potentials and the full propagation of an assumption: static links read
//! from the grid, dynamic ones from a working copy that loses each "off" as it is found, the
//! techniques that act inside a chain ("plus" and the nested levels), and the nested searches
//! whose chains act as one link of the outer chain.

use super::memo::{NestedChain, SeMemo};
use super::rules::simple_rule_hints;
use super::{
    Cause, ChainHint, Chaining, Kind, Links, NKEYS, OnChain, PotSet, Rule, RuleHint, Search, key,
};
use crate::logic::se::grid::{SeGrid, bit, cells_of, digits, tables};
use crate::logic::se::new_links::NewLinks;
use std::rc::Rc;
use std::sync::Arc;

impl<'m> Search<'m> {
    /// What an "on" potential turns off: the cell's other candidates (with `own_cell`), then
    /// the digit elsewhere in its box, row and column — in the cells of `peers` only (a search
    /// that knows the rest lead nowhere leaves them out).
    pub(super) fn on_to_off(&mut self, grid: &SeGrid, id: u32, own_cell: bool, peers: u128) {
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
    pub(super) fn static_ons(&self, grid: &SeGrid, cell: u8, digit: u8, y: bool, x: bool) -> Links {
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
    pub(super) fn off_to_on(
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

    /// Completes `to_on` and `to_off` with everything they imply; on a contradiction, the
    /// potential found both on and off, as (on node, off node).
    pub(super) fn do_chaining(
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
    pub(super) fn on_chain(
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
    pub(super) fn advanced_potentials(
        &mut self,
        grid: &SeGrid,
        source: &SeGrid,
        offs: &PotSet,
    ) -> Vec<u32> {
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
    pub(super) fn nested_rule_hints(&mut self, grid: &SeGrid, source: &SeGrid) -> Vec<RuleHint> {
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
    pub(super) fn chain_signature(&self, h: &ChainHint) -> Vec<u16> {
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
    pub(super) fn rule_needs(&self, h: &ChainHint, current: &SeGrid) -> Vec<(u8, u8)> {
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
}

/// The steps a `cfg` search finds at `grid`, in its order, remembered in `memo`: every step,
/// but that a cycle and forcing-chain search leaves out chains that use none of the strong
/// links the outer chain made from `source` (the outer chain drops them anyway).
pub(super) fn nested_chains(
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
pub(super) fn found_chains(search: &mut Search, grid: &SeGrid) -> Vec<NestedChain> {
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
                crate::logic::se::describe_removals(&h.removals)
            ),
            complexity: h.complexity,
        })
        .collect()
}
