//! SE's uniqueness techniques: unique rectangles and loops (types 1–4, 4.5–5.0 and more) and
//! the bivalue universal grave (BUG types 1–4, 5.6–5.7 and more).
//!
//! Both rest on one fact: a puzzle with a single solution never reaches a "deadly pattern" — a
//! set of cells whose two candidates could be swapped without breaking any house — so whatever
//! would complete such a pattern must be false. SE looks for the patterns in a fixed order and
//! with rules of its own (which loops count, which hint comes first among equals); the rating
//! walk takes the first, so the search order below is SE's and part of the contract.

use super::basic::{ALL_DIGITS, Scope, cell_list, digit_list};
use super::grid::{ALL_CELLS, Mask, SeGrid, bit, cell_name, cells_of, digits, house_name, tables};
use super::{SeHint, Shape};

/// The cells of a candidate loop, in walking order.
type Loop = Vec<u8>;

/// Which kind of unique-loop hint, for SE's order among equal difficulties and its rule that
/// one loop gives at most one hint of each kind.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
enum LoopKind {
    One,
    Two,
    ThreeNaked,
    ThreeHidden,
    Four,
}

impl LoopKind {
    /// SE's type number (both kinds of type 3 are type 3).
    fn number(self) -> u8 {
        match self {
            LoopKind::One => 1,
            LoopKind::Two => 2,
            LoopKind::ThreeNaked | LoopKind::ThreeHidden => 3,
            LoopKind::Four => 4,
        }
    }
}

struct LoopHint {
    kind: LoopKind,
    /// The loop's cells as a bit set (SE calls two hints of one kind on one set equal).
    set: u128,
    hint: SeHint,
}

/// SE's difficulty of a unique loop of `len` cells before its type's addition: 4.5 for a
/// rectangle, 4.6 for six cells, 4.7 for eight, 5.0 from ten on.
fn loop_base(len: usize) -> u32 {
    let mut d = 45;
    if len >= 10 {
        d += 3;
    }
    if len >= 8 {
        d += 2;
    } else if len >= 6 {
        d += 1;
    }
    d
}

fn loop_name(len: usize, kind: LoopKind) -> String {
    if len == 4 {
        format!("Unique Rectangle type {}", kind.number())
    } else {
        format!("Unique Loop {len} type {}", kind.number())
    }
}

fn bits_of(cells: &[u8]) -> u128 {
    cells.iter().fold(0u128, |b, &c| b | 1 << c)
}

/// The cells that see every cell of `cells` (none of `cells` itself).
fn common_peers(cells: &[u8]) -> u128 {
    let t = tables();
    cells
        .iter()
        .fold(!0u128, |b, &c| b & t.peer_bits[c as usize])
        & !bits_of(cells)
        & ALL_CELLS
}

/// The first unique rectangle or loop step in SE's order: lowest difficulty, then lowest type,
/// then the order found (cells in order, each walked depth-first through its houses) — walking
/// only the loops of the pairs of digits that can give one new in `scope` (see
/// `pairs_in_scope`).
pub fn unique_loop(grid: &SeGrid, scope: &Scope) -> Option<SeHint> {
    let mut found: Vec<LoopHint> = Vec::new();
    let t = tables();
    let pairs = pairs_in_scope(grid, scope);
    let bivalue = grid.cells_with(|n| n == 2);
    for (cell, v1, v2) in bivalue_cells(grid, bivalue) {
        if pairs[v1 as usize] & bit(v2) == 0 {
            continue;
        }
        // A loop enters and leaves its start through two houses, each holding another of its
        // cells (every one holds both digits).
        let both = grid.digit_cells[v1 as usize] & grid.digit_cells[v2 as usize] & !(1 << cell);
        let partners = t.houses_of[cell as usize]
            .iter()
            .filter(|&&h| t.house_bits[h as usize] & both != 0)
            .count();
        if partners < 2 {
            continue;
        }
        let pair = bit(v1) | bit(v2);
        let mut walk = LoopWalk {
            grid,
            v1,
            v2,
            path: Vec::new(),
            on_path: 0,
            houses: [0; 2],
            seen_by: [0; 2],
            walked: cells_of(bivalue & ((1 << cell) - 1))
                .filter(|&c| grid.cands[c as usize] == pair)
                .fold(0, |set, c| set | 1 << c),
            found: &mut found,
        };
        walk.from(cell, 2, 0, None);
    }
    found.sort_by_key(|h| (h.hint.difficulty, h.kind.number()));
    found.into_iter().next().map(|h| h.hint)
}

/// Per digit, the digits with which its loops can give a hint in `scope` (every pair, when the
/// scope is everywhere).
///
/// When the grid is an earlier one at which no loop gave a hint, minus candidates, a loop none
/// of whose cells lost a candidate was a loop there too, walked the same way (its cells hold
/// what they held), with the same cells holding more than its two digits. Its hints of type
/// 1 and 2 remove from the same cells, or fewer; those of types 3 and 4, which read the other
/// cells of a house its two cells with more share, too, unless that house changed. So a loop
/// gives a hint new since only if one of its cells lost a candidate (a cell holding both its
/// digits now), or if a house that changed holds two of its cells with more than its digits.
fn pairs_in_scope(grid: &SeGrid, scope: &Scope) -> [Mask; 10] {
    let changed = scope.cells();
    if changed == ALL_CELLS {
        return [ALL_DIGITS; 10];
    }
    let t = tables();
    let mut pairs = [0 as Mask; 10];
    for cell in cells_of(changed) {
        let m = grid.cands[cell as usize];
        for d in digits(m) {
            pairs[d as usize] |= m & !bit(d);
        }
    }
    for house in (0..27).filter(|&h| t.house_bits[h] & changed != 0) {
        // The pairs two cells of the house with more than two candidates both hold: per digit,
        // the digits held with it by the cells before.
        let mut held_with = [0 as Mask; 10];
        for cell in cells_of(t.house_bits[house]) {
            let m = grid.cands[cell as usize];
            if m.count_ones() > 2 {
                for d in digits(m) {
                    pairs[d as usize] |= held_with[d as usize] & m;
                    held_with[d as usize] |= m & !bit(d);
                }
            }
        }
    }
    pairs
}

/// The cells of `bivalue` (the grid's cells with two candidates), in cell order, each with its
/// two digits (lower first): where SE starts its loop walks.
fn bivalue_cells(grid: &SeGrid, bivalue: u128) -> impl Iterator<Item = (u8, u8, u8)> + '_ {
    cells_of(bivalue).map(|cell| {
        let m = grid.cands[cell as usize];
        let v1 = m.trailing_zeros() as u8;
        (cell, v1, (m & !bit(v1)).trailing_zeros() as u8)
    })
}

/// Adds a hint unless one of the same kind on the same cells is there already, or it removes
/// nothing.
fn add(found: &mut Vec<LoopHint>, kind: LoopKind, lp: &[u8], hint: SeHint) {
    let set = bits_of(lp);
    if hint.removals.is_empty() || found.iter().any(|h| h.kind == kind && h.set == set) {
        return;
    }
    found.push(LoopHint { kind, set, hint });
}

/// One depth-first search for deadly loops through the cells holding both `v1` and `v2`,
/// starting from a bivalue cell.
///
/// SE walks every path and keeps the closed ones that pass its test (every house the loop
/// touches holds exactly two of its cells, one at an even and one at an odd place of the walk).
/// This walk finds the same valid loops in the same order, but cuts two kinds of branch early,
/// which leaves SE's list of hints as it was:
/// - a path whose cells already break the test (two cells at places of one parity in a house)
///   can only close into loops that fail it;
/// - a path through a bivalue cell of the same two digits that comes earlier on the board than
///   the start: every valid loop through that cell was found when it was the start, and the
///   hints a loop gives depend on its set of cells, not on where its walk began, so SE's rule
///   that one set of cells gives at most one hint of each kind drops them all again.
struct LoopWalk<'a> {
    grid: &'a SeGrid,
    v1: u8,
    v2: u8,
    /// The cells walked so far, the start first.
    path: Loop,
    /// `path` as a bit set, for the test that a cell is not visited twice.
    on_path: u128,
    /// The houses of the path's cells at even and at odd places.
    houses: [u32; 2],
    /// The cells that share a house with a path cell at even and at odd places (those cells
    /// among them): a cell may not join at a place of the same parity.
    seen_by: [u128; 2],
    /// The cells holding the two digits alone that come before the start: the loops through
    /// them were walked from them already.
    walked: u128,
    /// The hints of the loops closed so far, each worked out as the loop closes.
    found: &'a mut Vec<LoopHint>,
}

impl LoopWalk<'_> {
    /// Walks on from `cell`, never leaving by the kind of house it arrived through. Cells with
    /// more candidates than the loop's two may join: two freely, more only while they all share
    /// one extra digit.
    fn from(&mut self, cell: u8, allowed_extra: i32, extra: Mask, last_kind: Option<usize>) {
        let t = tables();
        let parity = self.path.len() % 2;
        let cell_houses = house_bits(cell);
        self.path.push(cell);
        self.on_path |= 1 << cell;
        self.houses[parity] |= cell_houses;
        let seen_before = self.seen_by[parity];
        self.seen_by[parity] |= t.peer_bits[cell as usize] | 1 << cell;
        let pair = bit(self.v1) | bit(self.v2);
        let start = self.path[0];
        // The cells that may come next hold both digits, are off the path and were not walked
        // from, and share no house with a path cell at the place they would take — or are the
        // start, which closes a loop; walked in the house's order, which is the cells' order.
        let both =
            self.grid.digit_cells[self.v1 as usize] & self.grid.digit_cells[self.v2 as usize];
        let closing = 1u128 << start;
        let open =
            both & !self.on_path & !(self.seen_by[1 - parity] | self.walked) | both & closing;
        for kind in 0..3 {
            if Some(kind) == last_kind {
                continue;
            }
            let house = t.houses_of[cell as usize][kind] as usize;
            for next in cells_of(t.house_bits[house] & open) {
                if next == start {
                    if self.path.len() >= 4 && self.houses[0] == self.houses[1] {
                        loop_hints(self.grid, &self.path, self.v1, self.v2, self.found);
                    }
                    continue;
                }
                let m = self.grid.cands[next as usize];
                let new_extra = (extra | m) & !pair;
                let card = m.count_ones();
                if card == 2 || new_extra.count_ones() == 1 || allowed_extra > 0 {
                    let left = allowed_extra - i32::from(card > 2);
                    self.from(next, left, new_extra, Some(kind));
                }
            }
        }
        self.houses[parity] &= !cell_houses;
        self.seen_by[parity] = seen_before;
        self.on_path &= !(1 << cell);
        self.path.pop();
    }
}

/// The three houses of `cell` as bits of a 27-bit set.
fn house_bits(cell: u8) -> u32 {
    tables().houses_of[cell as usize]
        .iter()
        .fold(0, |b, &h| b | 1 << h)
}

fn loop_hint(lp: &[u8], kind: LoopKind, extra: u32, v1: u8, v2: u8) -> SeHint {
    SeHint {
        difficulty: loop_base(lp.len()) + extra,
        name: loop_name(lp.len(), kind),
        removals: Vec::new(),
        placement: None,
        cells: lp.to_vec(),
        explanation: vec![format!(
            "the cells {} would hold only {v1} and {v2}: the two digits could be swapped, a \
             second solution, so the puzzle (having one) keeps something else there",
            cell_list(lp)
        )],
        shape: Shape::None,
        links: Vec::new(),
    }
}

/// The hints a valid loop gives, by how many of its cells hold more than the loop's digits.
fn loop_hints(grid: &SeGrid, lp: &[u8], v1: u8, v2: u8, found: &mut Vec<LoopHint>) {
    let pair = bit(v1) | bit(v2);
    // (On the stack: most closed loops give no hint, and this runs for each.)
    let mut extra_cells = [0u8; 81];
    let mut count = 0;
    for &c in lp
        .iter()
        .filter(|&&c| grid.cands[c as usize].count_ones() > 2)
    {
        extra_cells[count] = c;
        count += 1;
    }
    let extras = &extra_cells[..count];
    match extras.len() {
        0 => {}
        1 => {
            let rescue = extras[0];
            let mut h = loop_hint(lp, LoopKind::One, 0, v1, v2);
            h.removals = vec![(rescue, v1), (rescue, v2)];
            h.explanation.push(format!(
                "{} is the only cell with more: it cannot be {v1} or {v2}",
                cell_name(rescue)
            ));
            add(found, LoopKind::One, lp, h);
        }
        n => {
            let union: Mask = extras.iter().fold(0, |m, &c| m | grid.cands[c as usize]) & !pair;
            if n > 2 || union.count_ones() == 1 {
                add(found, LoopKind::Two, lp, type2(grid, lp, extras, v1, v2));
            } else if union.count_ones() >= 2 {
                for (kind, h) in type3(grid, lp, extras[0], extras[1], v1, v2) {
                    add(found, kind, lp, h);
                }
            }
            if n == 2
                && let Some(h) = type4(grid, lp, extras[0], extras[1], v1, v2)
            {
                add(found, LoopKind::Four, lp, h);
            }
        }
    }
}

/// Type 2: the cells with more all hold one extra digit; one of them is that digit, so a cell
/// seeing them all is not.
fn type2(grid: &SeGrid, lp: &[u8], extras: &[u8], v1: u8, v2: u8) -> SeHint {
    let extra_mask = grid.cands[extras[0] as usize] & !bit(v1) & !bit(v2);
    let value = digits(extra_mask).next().unwrap_or(0);
    let victims = common_peers(extras);
    let mut h = loop_hint(lp, LoopKind::Two, 0, v1, v2);
    h.removals = (0..81u8)
        .filter(|&c| victims >> c & 1 == 1 && grid.has(c, value))
        .map(|c| (c, value))
        .collect();
    h.explanation.push(format!(
        "so one of {} is {value}: no cell seeing them all can be {value}",
        cell_list(extras)
    ));
    h
}

/// Type 3: the two cells with more, taken as one cell holding their extra digits, form a naked
/// set with other cells of a house they share (or the loop's digits form a hidden set there).
fn type3(grid: &SeGrid, lp: &[u8], c1: u8, c2: u8, v1: u8, v2: u8) -> Vec<(LoopKind, SeHint)> {
    let t = tables();
    let pair = bit(v1) | bit(v2);
    let extra = (grid.cands[c1 as usize] | grid.cands[c2 as usize]) & !pair;
    let mut out = Vec::new();
    for degree in 2..=7u32 {
        for kind in 0..3 {
            let house = t.houses_of[c1 as usize][kind] as usize;
            if house != t.houses_of[c2 as usize][kind] as usize {
                continue;
            }
            let cells = &t.houses[house];
            let empty = grid.empty_count(house);
            let index1 = cells.iter().position(|&c| c == c1).unwrap_or(9);
            let index2 = cells.iter().position(|&c| c == c2).unwrap_or(9);
            if degree * 2 <= empty && degree >= extra.count_ones() && index1 < 9 && index2 < 9 {
                // The sets of places holding the first cell and not the second, in the order
                // of their masks (adding the first cell's bit to the others' keeps the order).
                // Only places with two to `degree` candidates can be in such a set: leaving the
                // others out leaves the sets that can, in the same order.
                let fits = (0..9).fold(0u16, |fits, i| {
                    let held = grid.cands[cells[i] as usize].count_ones();
                    fits | u16::from((2..=degree).contains(&held)) << i
                });
                let free: u16 = fits & !(1 << index1) & !(1 << index2);
                for rest in submasks(free).filter(|rest| rest.count_ones() + 1 == degree) {
                    let mut naked = extra & grid.cands[c1 as usize] & grid.cands[c2 as usize];
                    let mut union = extra;
                    let mut all_two = extra.count_ones() >= 2;
                    for i in (0..9).filter(|&i| rest >> i & 1 == 1) {
                        let m = grid.cands[cells[i] as usize];
                        naked |= m;
                        union |= m;
                        all_two &= m.count_ones() >= 2;
                    }
                    if naked.count_ones() != degree || !all_two || union.count_ones() != degree {
                        continue;
                    }
                    let others: Vec<u8> = (0..9)
                        .filter(|&i| rest >> i & 1 == 1)
                        .map(|i| cells[i])
                        .collect();
                    let mut h = loop_hint(lp, LoopKind::ThreeNaked, degree - 1, v1, v2);
                    let mut set_cells = others.clone();
                    set_cells.extend([c1, c2]);
                    h.removals = naked_set_removals(grid, &set_cells, union);
                    h.explanation.push(format!(
                        "one of {} holds {}: with {} they form a naked set on {} in {}",
                        cell_list(&[c1, c2]),
                        digit_list(extra),
                        cell_list(&others),
                        digit_list(union),
                        house_name(house)
                    ));
                    out.push((LoopKind::ThreeNaked, h));
                }
            }
            if degree * 2 < empty {
                // (A digit with no place but the second cell's, or more places than the set's
                // size, is in no such set: leaving it out leaves the sets that can be, in the
                // same order.)
                let fits = |d: u8| {
                    let places = (grid.positions(house, d) & !(1 << index2)).count_ones();
                    (1..=degree).contains(&places)
                };
                if !(fits(v1) && fits(v2)) {
                    continue;
                }
                let rest: Vec<u8> = (1..=9u8)
                    .filter(|&d| bit(d) & (pair | extra) == 0 && fits(d))
                    .collect();
                if (degree as usize) < 2 || degree as usize - 2 > rest.len() {
                    continue;
                }
                for sub in (0u16..1 << rest.len()).filter(|m| m.count_ones() == degree - 2) {
                    let mut hidden: Mask = pair;
                    for (i, &d) in rest.iter().enumerate() {
                        if sub >> i & 1 == 1 {
                            hidden |= bit(d);
                        }
                    }
                    let mut positions = 0u16;
                    let mut ok = true;
                    for d in digits(hidden) {
                        let p = grid.positions(house, d) & !(1 << index2);
                        if p == 0 {
                            ok = false;
                        }
                        positions |= p;
                    }
                    if !ok || positions.count_ones() != degree {
                        continue;
                    }
                    let set_cells: Vec<u8> = (0..9)
                        .filter(|&i| positions >> i & 1 == 1 && i != index1 && i != index2)
                        .map(|i| cells[i])
                        .collect();
                    let added = set_cells.len() as u32 - 1;
                    let mut h = loop_hint(lp, LoopKind::ThreeHidden, added, v1, v2);
                    for &c in &set_cells {
                        for d in digits(grid.cands[c as usize] & !hidden) {
                            h.removals.push((c, d));
                        }
                    }
                    h.explanation.push(format!(
                        "one of {} holds {v1} or {v2} in {}: with {} the digits {} form a \
                         hidden set there",
                        cell_list(&[c1, c2]),
                        house_name(house),
                        cell_list(&set_cells),
                        digit_list(hidden)
                    ));
                    out.push((LoopKind::ThreeHidden, h));
                }
            }
        }
    }
    out
}

/// Every subset of `set` (a 9-bit mask), in increasing order.
fn submasks(set: u16) -> impl Iterator<Item = u16> {
    let mut next = Some(0u16);
    std::iter::from_fn(move || {
        let sub = next?;
        next = (sub != set).then(|| sub.wrapping_sub(set) & set);
        Some(sub)
    })
}

/// What a naked set of `digits` spread over `cells` (some standing for a pattern's extra
/// digits) removes, SE's generalised way: each digit from every cell that sees all the set's
/// cells holding it.
fn naked_set_removals(grid: &SeGrid, cells: &[u8], set: Mask) -> Vec<(u8, u8)> {
    let t = tables();
    let mut removals = Vec::new();
    for d in digits(set) {
        let victims = cells
            .iter()
            .filter(|&&c| grid.has(c, d))
            .fold(!0u128, |b, &c| b & t.peer_bits[c as usize]);
        for c in 0..81u8 {
            if victims >> c & 1 == 1 && grid.has(c, d) {
                removals.push((c, d));
            }
        }
    }
    removals
}

/// Type 4: the two cells with more share a house where one loop digit has no other place; they
/// cannot both hold the other loop digit, so neither does.
fn type4(grid: &SeGrid, lp: &[u8], c1: u8, c2: u8, v1: u8, v2: u8) -> Option<SeHint> {
    let t = tables();
    let mut lock: [Option<usize>; 2] = [None, None];
    for kind in 0..3 {
        let house = t.houses_of[c1 as usize][kind] as usize;
        if house != t.houses_of[c2 as usize][kind] as usize {
            continue;
        }
        for (slot, v) in [v1, v2].into_iter().enumerate() {
            let elsewhere = t.houses[house]
                .iter()
                .any(|&c| c != c1 && c != c2 && grid.has(c, v));
            if !elsewhere {
                lock[slot] = Some(house);
            }
        }
    }
    let (house, locked, removed) = match lock {
        [Some(h), _] => (h, v1, v2),
        [None, Some(h)] => (h, v2, v1),
        _ => return None,
    };
    let mut h = loop_hint(lp, LoopKind::Four, 0, v1, v2);
    h.removals = vec![(c1, removed), (c2, removed)];
    h.explanation.push(format!(
        "{locked} must go in {} or {} ({}): neither can be {removed}",
        cell_name(c1),
        cell_name(c2),
        house_name(house)
    ));
    Some(h)
}

/// The bivalue universal grave, SE's way: take from the cells with more than two candidates the
/// digits that occur three times in a house; if what is left has every cell bivalue and every
/// digit twice in each house, that grid would have two solutions, so one of the taken digits is
/// true. Types: one such cell (1, 5.6), one such digit (2, 5.7), a naked set with the cells
/// (3, 5.8+), two cells sharing a house and a digit (4, 5.7).
pub fn bug(grid: &SeGrid) -> Option<SeHint> {
    let t = tables();
    let mut temp = *grid;
    let mut bug_cells: Vec<u8> = Vec::new();
    let mut bug_values = [0 as Mask; 81];
    let mut all_values: Mask = 0;
    let mut common: Option<u128> = None;
    let mut all_extra: Option<u128> = None;
    let mut only_value = 0u8;
    let mut one_value = true;
    // Records a cell as holding a BUG digit; false when no type 1–3 can follow.
    let mut take = |cell: u8,
                    value: u8,
                    temp: &mut SeGrid,
                    bug_cells: &mut Vec<u8>,
                    all_values: &mut Mask,
                    common: &mut Option<u128>|
     -> bool {
        if !bug_cells.contains(&cell) {
            bug_cells.push(cell);
        }
        bug_values[cell as usize] |= bit(value);
        *all_values |= bit(value);
        temp.remove(cell, value);
        let peers = t.peer_bits[cell as usize];
        let mut c = common.map_or(peers, |c| c & peers);
        c &= !bits_of(bug_cells);
        *common = Some(c);
        !(bug_cells.len() > 1 && all_values.count_ones() > 1 && c == 0)
    };
    // The cells with three candidates or more.
    let crowded = (0..81).fold(0u128, |set, c| {
        set | u128::from(grid.cands[c].count_ones() >= 3) << c
    });
    for house in 0..27 {
        for value in 1..=9u8 {
            let places = grid.places(house, value);
            let n = places.count_ones();
            if n == 0 || n == 2 {
                continue;
            }
            let new_cells = places & crowded;
            match all_extra {
                None => {
                    all_extra = Some(new_cells);
                    only_value = value;
                }
                Some(ref mut set) if one_value => {
                    if only_value == value {
                        *set |= new_cells;
                    } else {
                        one_value = false;
                    }
                }
                _ => {}
            }
            if new_cells.count_ones() == 1
                && !take(
                    new_cells.trailing_zeros() as u8,
                    value,
                    &mut temp,
                    &mut bug_cells,
                    &mut all_values,
                    &mut common,
                )
            {
                return None;
            }
            if new_cells == 0 {
                return None;
            }
        }
    }
    if one_value && let Some(set) = all_extra {
        let known = bits_of(&bug_cells);
        if set.count_ones() as usize > bug_cells.len() {
            for cell in (0..81u8).filter(|&c| set >> c & 1 == 1 && known >> c & 1 == 0) {
                if !take(
                    cell,
                    only_value,
                    &mut temp,
                    &mut bug_cells,
                    &mut all_values,
                    &mut common,
                ) {
                    return None;
                }
            }
        }
    }
    for cell in 0..81 {
        if temp.values[cell] == 0 && temp.cands[cell].count_ones() != 2 {
            return None;
        }
    }
    for house in 0..27 {
        for value in 1..=9u8 {
            let n = temp.positions(house, value).count_ones();
            if n != 0 && n != 2 {
                return None;
            }
        }
    }
    let common = common.unwrap_or(0);
    if bug_cells.len() == 1 {
        let cell = bug_cells[0];
        let keep = all_values;
        let mut h = bug_hint(56, 1, &bug_cells);
        h.removals = digits(grid.cands[cell as usize] & !keep)
            .map(|d| (cell, d))
            .collect();
        h.explanation
            .push(format!("so {} is {}", cell_name(cell), digit_list(keep)));
        return Some(h);
    }
    if all_values.count_ones() == 1 {
        let value = all_values.trailing_zeros() as u8;
        if common != 0 {
            let mut h = bug_hint(57, 2, &bug_cells);
            h.removals = (0..81u8)
                .filter(|&c| common >> c & 1 == 1 && grid.has(c, value))
                .map(|c| (c, value))
                .collect();
            h.explanation.push(format!(
                "one of {} is {value}: no cell seeing them all can be {value}",
                cell_list(&bug_cells)
            ));
            if !h.removals.is_empty() {
                return Some(h);
            }
        }
        if bug_cells.len() == 2 {
            return bug4(grid, &bug_cells, &bug_values, all_values);
        }
        return None;
    }
    if common != 0 {
        if bug_cells.len() == 2
            && let Some(h) = bug4(grid, &bug_cells, &bug_values, all_values)
        {
            return Some(h);
        }
        return bug3(grid, &bug_cells, all_values, common);
    }
    None
}

fn bug_hint(difficulty: u32, kind: u8, cells: &[u8]) -> SeHint {
    SeHint {
        difficulty,
        name: format!("BUG type {kind}"),
        removals: Vec::new(),
        placement: None,
        cells: cells.to_vec(),
        explanation: vec![format!(
            "without the extra candidates of {} every cell would be bivalue and every digit \
             twice in each house: a deadly pattern with two solutions, so one of them is true",
            cell_list(cells)
        )],
        shape: Shape::None,
        links: Vec::new(),
    }
}

/// BUG type 4: the two cells share a house and a non-BUG digit; one of them holds its BUG digit,
/// so the shared digit is in the other, and each loses the rest.
fn bug4(grid: &SeGrid, cells: &[u8], bug_values: &[Mask; 81], all_values: Mask) -> Option<SeHint> {
    let t = tables();
    let (c1, c2) = (cells[0], cells[1]);
    let shared = grid.cands[c1 as usize] & grid.cands[c2 as usize] & !all_values;
    if shared.count_ones() != 1 {
        return None;
    }
    let value = shared.trailing_zeros() as u8;
    let house = (0..3).find_map(|k| {
        let h = t.houses_of[c1 as usize][k];
        (h == t.houses_of[c2 as usize][k]).then_some(h as usize)
    })?;
    let mut h = bug_hint(57, 4, cells);
    for c in [c1, c2] {
        for d in digits(grid.cands[c as usize] & !bug_values[c as usize] & !bit(value)) {
            h.removals.push((c, d));
        }
    }
    h.explanation.push(format!(
        "{value} goes in {} or {} ({}), so each keeps only its BUG digit and {value}",
        cell_name(c1),
        cell_name(c2),
        house_name(house)
    ));
    (!h.removals.is_empty()).then_some(h)
}

/// BUG type 3: the BUG digits, as one cell, form a naked set with other cells of a house shared
/// by all the BUG cells.
fn bug3(grid: &SeGrid, cells: &[u8], all_values: Mask, common: u128) -> Option<SeHint> {
    let t = tables();
    for degree in 2..=6u32 {
        for kind in 0..3 {
            let house = t.houses_of[cells[0] as usize][kind];
            if cells
                .iter()
                .any(|&c| t.houses_of[c as usize][kind] != house)
            {
                continue;
            }
            let region: Vec<u8> = (0..81u8)
                .filter(|&c| common >> c & 1 == 1 && t.houses_of[c as usize][kind] == house)
                .collect();
            if region.len() < degree as usize {
                continue;
            }
            let k = degree - 1;
            for sub in (0u32..1 << region.len()).filter(|m| m.count_ones() == k) {
                let naked_cells: Vec<u8> = (0..region.len())
                    .filter(|&i| sub >> i & 1 == 1)
                    .map(|i| region[i])
                    .collect();
                let other: Mask = naked_cells
                    .iter()
                    .fold(0, |m, &c| m | grid.cands[c as usize]);
                if other.count_ones() != degree {
                    continue;
                }
                let all_two = naked_cells
                    .iter()
                    .all(|&c| grid.cands[c as usize].count_ones() >= 2)
                    && all_values.count_ones() >= 2;
                let union = other | all_values;
                if !all_two || union.count_ones() != degree {
                    continue;
                }
                let mut h = bug_hint(57 + degree - 1, 3, cells);
                let mut set_cells = naked_cells.clone();
                set_cells.extend_from_slice(cells);
                h.removals = naked_set_removals(grid, &set_cells, union);
                h.explanation.push(format!(
                    "one of them holds {}: with {} that is a naked set on {} in {}",
                    digit_list(all_values),
                    cell_list(&naked_cells),
                    digit_list(union),
                    house_name(house as usize)
                ));
                if !h.removals.is_empty() {
                    return Some(h);
                }
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    /// The subsets of a mask are each of the 512 masks inside it, once, in increasing order.
    #[test]
    fn submasks_are_every_subset_in_order() {
        for set in [0u16, 0x1, 0x1FF, 0b1_0110_1001, 0b0_1000_0010] {
            let inside: Vec<u16> = (0..512).filter(|m| m & !set == 0).collect();
            assert_eq!(submasks(set).collect::<Vec<_>>(), inside, "{set:b}");
        }
    }

    /// SE's own search, kept as the reference for the pruned one: every closed path from every
    /// bivalue cell, tested afterwards.
    fn exhaustive_unique_loop(grid: &SeGrid) -> Option<SeHint> {
        let mut found: Vec<LoopHint> = Vec::new();
        for (cell, v1, v2) in bivalue_cells(grid, grid.cells_with(|n| n == 2)) {
            let mut loops = Vec::new();
            every_path(grid, cell, v1, v2, &mut Vec::new(), 2, 0, None, &mut loops);
            for lp in loops.iter().filter(|lp| passes_se_test(lp)) {
                loop_hints(grid, lp, v1, v2, &mut found);
            }
        }
        found.sort_by_key(|h| (h.hint.difficulty, h.kind.number()));
        found.into_iter().next().map(|h| h.hint)
    }

    #[allow(clippy::too_many_arguments)]
    fn every_path(
        grid: &SeGrid,
        cell: u8,
        v1: u8,
        v2: u8,
        path: &mut Loop,
        allowed_extra: i32,
        extra: Mask,
        last_kind: Option<usize>,
        out: &mut Vec<Loop>,
    ) {
        let t = tables();
        path.push(cell);
        for kind in (0..3).filter(|&k| Some(k) != last_kind) {
            for &next in &t.houses[t.houses_of[cell as usize][kind] as usize] {
                if next == path[0] && path.len() >= 4 {
                    out.push(path.clone());
                } else if !path.contains(&next) {
                    let m = grid.cands[next as usize];
                    if m & bit(v1) == 0 || m & bit(v2) == 0 {
                        continue;
                    }
                    let new_extra = (extra | m) & !bit(v1) & !bit(v2);
                    let card = m.count_ones();
                    if card == 2 || new_extra.count_ones() == 1 || allowed_extra > 0 {
                        let left = allowed_extra - i32::from(card > 2);
                        every_path(grid, next, v1, v2, path, left, new_extra, Some(kind), out);
                    }
                }
            }
        }
        path.pop();
    }

    /// Every house of the loop holds two of its cells, one at an even and one at an odd place.
    fn passes_se_test(lp: &[u8]) -> bool {
        let t = tables();
        let mut visited = [0u32; 2];
        for (i, &cell) in lp.iter().enumerate() {
            for &h in &t.houses_of[cell as usize] {
                if visited[i % 2] & 1 << h != 0 {
                    return false;
                }
                visited[i % 2] |= 1 << h;
            }
        }
        visited[0] == visited[1]
    }

    /// What a hint says, for comparing two (SeHint has no equality: its chain data need none).
    type Summary = (u32, String, Vec<(u8, u8)>, Vec<u8>, Vec<String>);

    fn summary(h: &SeHint) -> Summary {
        (
            h.difficulty,
            h.name.clone(),
            h.removals.clone(),
            h.cells.clone(),
            h.explanation.clone(),
        )
    }

    /// A grid of empty cells whose candidates come from `draws`, one per cell: two of 1–5
    /// (three when the picks are equal), and in one cell of four also one of 6–9. Each pair
    /// of digits then sits in a few cells, often enough to close a loop, seldom enough for the
    /// exhaustive walk to finish.
    fn random_grid(draws: &[u32]) -> SeGrid {
        let mut grid = SeGrid {
            values: [0; 81],
            cands: [0; 81],
            digit_cells: [0; 10],
        };
        for (cell, &r) in draws.iter().take(81).enumerate() {
            let (a, b) = ((r % 5) as u8, (r / 5 % 5) as u8);
            let mut m = bit(1 + a) | bit(1 + b);
            if a == b {
                m |= bit(1 + (a + 1) % 5);
            }
            if r / 25 % 4 == 0 {
                m |= bit(6 + (r / 100 % 4) as u8);
            }
            grid.cands[cell] = m;
            for d in digits(m) {
                grid.digit_cells[d as usize] |= 1 << cell;
            }
        }
        grid
    }

    #[test]
    fn random_grids_give_ses_step_and_often_one() {
        use crate::rng::{FastRng, RandomSource};
        let mut rng = FastRng::new(15);
        let mut with_step = 0;
        for _ in 0..300 {
            let draws: Vec<u32> = (0..81).map(|_| rng.next_u64() as u32).collect();
            let grid = random_grid(&draws);
            let pruned = unique_loop(&grid, &Scope::EVERYWHERE).map(|h| summary(&h));
            let reference = exhaustive_unique_loop(&grid).map(|h| summary(&h));
            with_step += usize::from(reference.is_some());
            assert_eq!(pruned, reference);
        }
        // The comparison means something only if the grids have loops to find.
        assert!(with_step >= 50, "only {with_step} of 300 grids had a step");
    }

    /// At a grid that is an earlier one where no loop gave a hint, with candidates struck since
    /// and maybe a cell placed, walking the loops of the pairs in the scope of what changed
    /// gives the step a walk of every pair gives. The earlier grids are random grids with a
    /// step, hidden by candidates added to the step's cells and elsewhere; striking some of
    /// them again often brings a step back.
    #[test]
    fn only_pairs_whose_loops_changed_are_walked() {
        use crate::rng::{FastRng, RandomSource};
        let mut rng = FastRng::new(21);
        let (mut compared, mut with_step) = (0, 0);
        while compared < 4000 {
            let draws: Vec<u32> = (0..81).map(|_| rng.next_u64() as u32).collect();
            let mut quiet = random_grid(&draws);
            let Some(hidden) = unique_loop(&quiet, &Scope::EVERYWHERE) else {
                continue;
            };
            // Candidates added to the step's cells, or to their peers (where types 3 and 4
            // read), often of the loop's own digits.
            let loop_digits = hidden
                .cells
                .iter()
                .fold(ALL_DIGITS, |m, &c| m & quiet.cands[c as usize]);
            let mut added = Vec::new();
            for _ in 0..1 + rng.next_u64() % 6 {
                let r = rng.next_u64();
                let mut cell = hidden.cells[(r % 64) as usize % hidden.cells.len()];
                if (r / 64).is_multiple_of(2) {
                    cell = tables().peers[cell as usize][(r / 128 % 20) as usize];
                }
                let digit = match digits(loop_digits).nth((r / 4096 % 4) as usize) {
                    Some(d) if (r / 65536).is_multiple_of(2) => d,
                    _ => 1 + (r / 300_000 % 9) as u8,
                };
                added.push((cell, digit));
            }
            for &(cell, digit) in &added {
                quiet.cands[cell as usize] |= bit(digit);
                quiet.digit_cells[digit as usize] |= 1 << cell;
            }
            if unique_loop(&quiet, &Scope::EVERYWHERE).is_some() {
                continue;
            }
            let mut grid = quiet;
            for &(cell, digit) in &added {
                if rng.next_u64().is_multiple_of(2) && grid.cands[cell as usize].count_ones() > 2 {
                    grid.remove(cell, digit);
                }
            }
            if rng.next_u64().is_multiple_of(4) {
                let cell = (rng.next_u64() % 81) as u8;
                grid.place(cell, grid.cands[cell as usize].trailing_zeros() as u8);
            }
            let scope = Scope::since(&quiet, &grid);
            let everywhere = unique_loop(&grid, &Scope::EVERYWHERE).map(|h| summary(&h));
            with_step += usize::from(everywhere.is_some());
            assert_eq!(unique_loop(&grid, &scope).map(|h| summary(&h)), everywhere);
            compared += 1;
        }
        // The comparison means something only if the grids have steps to find.
        assert!(
            with_step >= 1000,
            "only {with_step} of 4000 grids had a step"
        );
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(128))]

        /// The pruned walk gives SE's step (the same hint, cells in the same order) wherever
        /// the exhaustive one does.
        #[test]
        fn pruned_walk_gives_ses_step(draws in proptest::collection::vec(any::<u32>(), 81)) {
            let grid = random_grid(&draws);
            let pruned = unique_loop(&grid, &Scope::EVERYWHERE).map(|h| summary(&h));
            let reference = exhaustive_unique_loop(&grid).map(|h| summary(&h));
            prop_assert_eq!(pruned, reference);
        }
    }
}
