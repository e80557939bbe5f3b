//! Nishio, multiple and dynamic forcing chains: from both states of one candidate (double and
//! contradiction chains), from every candidate of a cell (cell forcing chains) and from every
//! place of a digit in a house (region forcing chains), each branch propagated in full.

use super::{Cause, ChainHint, Kind, OnChain, PotSet, Search, common_ids};
use crate::logic::se::grid::{SeGrid, digits, tables};
use crate::logic::se::new_links::{Implied, Reach};
use std::rc::Rc;

impl<'m> Search<'m> {
    pub(super) fn multiple_chains(&mut self, grid: &SeGrid) -> Vec<ChainHint> {
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
    pub(super) fn reaches_new_link(&self, cell: u8, digit: u8) -> bool {
        self.reach
            .as_ref()
            .is_none_or(|r| r.from(cell, digit, true))
    }

    /// Whether a cell or region forcing chain can matter to the outer chain: when the outer
    /// chain removed one of the cell's candidates or the digit's places in the house (the
    /// chain then rests on that removal from its start), or one of its branches can reach a
    /// new strong link. Always, but in a pruned search.
    pub(super) fn forcing_matters(
        &self,
        lost: bool,
        mut branches: impl Iterator<Item = (u8, u8)>,
    ) -> bool {
        self.reach.is_none() || lost || branches.any(|(c, d)| self.reaches_new_link(c, d))
    }

    /// Whether the branches of a cell or region forcing chain can share a conclusion: in a
    /// static search, only when their sets of implications do (the cheap test spares the
    /// propagations that build proofs); in a dynamic one, always.
    pub(super) fn may_share_a_conclusion(&mut self, grid: &SeGrid, branches: &[(u8, u8)]) -> bool {
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

    pub(super) fn multiple_for_cell(
        &mut self,
        grid: &SeGrid,
        cell: u8,
        card: u32,
        out: &mut Vec<ChainHint>,
    ) {
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
    pub(super) fn binary(
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

    pub(super) fn region_chainings(
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
