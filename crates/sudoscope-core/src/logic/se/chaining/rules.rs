//! The generalized rules: the simple techniques SE lets act inside "plus" and nested chains
//! (intersections of any house, hidden and naked pairs, X-wings), each reporting what it
//! removes and which of the outer chain's removals it needed.

use super::{Rule, RuleHint};
use crate::logic::se::basic;
use crate::logic::se::grid::{BOX, COL, ROW, SeGrid, cells_of, digits, house_name, tables};
use crate::logic::se::new_links::NewLinks;
use crate::logic::se::{SeHint, Shape};
use std::sync::Arc;

/// The simple techniques SE lets act inside "plus" and nested chains — intersections (any house
/// whose places of a digit all see the same cells), hidden pairs, naked pairs, X-wings — as
/// (removals, offs they needed relative to `source`, description).
pub(super) fn simple_rule_hints(grid: &SeGrid, source: &SeGrid, rule: usize) -> Vec<RuleHint> {
    // Only what rests on a candidate the outer chain removed is wanted (the others are dropped
    // below), so only the houses and digits that lost one are searched: an intersection, a
    // hidden set or a fish rests on a lost place of its digits in its houses, a naked set on a
    // lost candidate of its cells.
    rule_hints_where(grid, source, rule, &NewLinks::between(source, grid))
}

/// [`simple_rule_hints`] searching only where `lost` says candidates were lost.
pub(super) fn rule_hints_where(
    grid: &SeGrid,
    source: &SeGrid,
    rule: usize,
    lost: &NewLinks,
) -> Vec<RuleHint> {
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
            description: format!(
                "{} ({})",
                h.name,
                crate::logic::se::describe_removals(&h.removals)
            ),
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
pub(super) fn generalized_intersections(grid: &SeGrid, lost: &NewLinks, sink: &mut basic::Sink) {
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
