//! SE's techniques below chains: singles and their "direct" forms, intersections, naked and
//! hidden sets, fish, XY- and XYZ-wings.
//!
//! Each finder reports instances in SE's search order to a sink, which answers whether to stop
//! (the rating walk takes only the first instance of the first technique that has one). The
//! "direct" techniques are SE's way of rating an elimination that immediately leaves a hidden
//! single: they place that single as part of the step, and rate below the plain technique.

use super::grid::{
    ALL_CELLS, BOX, COL, Mask, ROW, SeGrid, bit, cell_name, cells_of, digits, house_name, tables,
};
use super::{SeHint, Shape};

use std::cell::RefCell;

/// Where a finder sends each instance, and whether instances are to be explained in words
/// (a rating reads none of it, and writing it was a few percent of a rating's time).
pub struct Sink<'a> {
    /// Whether instances carry their explanation.
    pub explain: bool,
    /// Takes each instance; `true` stops the search.
    pub take: &'a mut dyn FnMut(SeHint) -> bool,
}

impl Sink<'_> {
    /// Sends an instance; `true` stops the search.
    pub fn send(&mut self, hint: SeHint) -> bool {
        (self.take)(hint)
    }
}

/// Every house, as a set of house numbers (bit `h` for house `h`).
pub const ALL_HOUSES: u32 = (1 << 27) - 1;
/// Every digit, as a [`Mask`].
pub const ALL_DIGITS: Mask = 0x3FE;

/// Where one of the techniques of this module can find an instance at a grid: anywhere, or —
/// when the grid is an earlier one at which the technique found nothing, minus some
/// candidates — only where it lost candidates since.
///
/// Every technique here reads a few houses (a set, an intersection, a single), one digit's
/// places (a fish) or a few cells (a wing), and removes candidates only where it reads. Where
/// nothing it reads has changed since the earlier grid, it would have been an instance there
/// too, with the same removals or more: so at the grid it lies where something was lost. The
/// rating walk runs most techniques at step after step where they find nothing, and each step
/// changes a few houses: those are all a technique looks at then, and it finds the same first
/// instance as a search everywhere, since there is no other.
#[derive(Clone, Copy)]
pub struct Scope {
    /// Per digit, the cells that lost it since the earlier grid; `None`: look everywhere.
    lost: Option<[u128; 10]>,
    /// The cells that lost a candidate.
    lost_cells: u128,
}

impl Scope {
    /// Everywhere.
    pub const EVERYWHERE: Scope = Scope {
        lost: None,
        lost_cells: 0,
    };

    /// Where `grid` can have instances of a technique that found none at `quiet`: everywhere
    /// unless `grid` is `quiet` with candidates removed (or placed).
    pub fn since(quiet: &SeGrid, grid: &SeGrid) -> Scope {
        let mut lost = [0u128; 10];
        for ((lost, &before), &now) in lost
            .iter_mut()
            .zip(&quiet.digit_cells)
            .zip(&grid.digit_cells)
        {
            if now & !before != 0 {
                return Scope::EVERYWHERE;
            }
            *lost = before & !now;
        }
        let replaced = quiet
            .values
            .iter()
            .zip(&grid.values)
            .any(|(&before, &now)| before != 0 && now != before);
        if replaced {
            return Scope::EVERYWHERE;
        }
        Scope {
            lost: Some(lost),
            lost_cells: lost.iter().fold(0, |all, &cells| all | cells),
        }
    }

    /// The houses that can hold a naked or hidden set: those with a cell that lost a
    /// candidate (bit `h` for house `h`).
    pub fn houses(&self) -> u32 {
        if self.lost.is_none() {
            return ALL_HOUSES;
        }
        let bits = &tables().house_bits;
        (0..27).fold(0, |all, h| {
            all | u32::from(bits[h] & self.lost_cells != 0) << h
        })
    }

    /// The digits that can make a fish: those that lost a place.
    pub fn digits(&self) -> Mask {
        self.lost.map_or(ALL_DIGITS, |lost| {
            (1..=9).fold(0, |all, d| all | u16::from(lost[d] != 0) << d)
        })
    }

    /// The digits that lost a place in `house` (a single there reads nothing else).
    fn house_digits(&self, house: usize) -> Mask {
        let Some(lost) = &self.lost else {
            return ALL_DIGITS;
        };
        let bits = tables().house_bits[house];
        if self.lost_cells & bits == 0 {
            return 0;
        }
        (1..=9).fold(0, |all, d| all | u16::from(lost[d] & bits != 0) << d)
    }

    /// Whether one of `cells` lost `digit`.
    fn digit_lost_in(&self, digit: u8, cells: u128) -> bool {
        self.lost
            .is_none_or(|lost| lost[digit as usize] & cells != 0)
    }

    /// The cells that lost a candidate (every cell, when the scope is everywhere).
    pub fn cells(&self) -> u128 {
        if self.lost.is_none() {
            ALL_CELLS
        } else {
            self.lost_cells
        }
    }

    /// Whether one of `cells` lost a candidate.
    fn any_cell(&self, cells: u128) -> bool {
        self.lost.is_none() || self.lost_cells & cells != 0
    }
}

/// One technique of SE's ladder below the chains, searching `scope` of a grid.
pub type Finder = fn(&SeGrid, &Scope, &mut Sink) -> bool;

/// Per technique of the ladder (by its place), the last grid at which it found nothing: kept
/// from one step of a puzzle to the next (in the rating's memo). The techniques that found
/// nothing at one step share that step's grid, kept once.
#[derive(Default)]
pub struct QuietGrids(RefCell<Quiet>);

#[derive(Default)]
struct Quiet {
    /// The grids some technique found nothing at last, each with its number.
    grids: Vec<(u32, SeGrid)>,
    /// Per technique, the number of its grid.
    of_technique: Vec<Option<u32>>,
    /// The number the next grid kept gets.
    next: u32,
}

impl Quiet {
    /// Records that the technique at `place` found nothing at `grid`, which has number `id`
    /// if it is kept already.
    fn record(&mut self, place: usize, grid: &SeGrid, id: &mut Option<u32>) {
        if self.of_technique.len() <= place {
            self.of_technique.resize(place + 1, None);
        }
        let number = *id.get_or_insert_with(|| {
            let number = self.next;
            self.next = self.next.wrapping_add(1);
            // Only grids some technique still refers to are kept.
            let used = &self.of_technique;
            self.grids.retain(|(n, _)| used.contains(&Some(*n)));
            self.grids.push((number, *grid));
            number
        });
        self.of_technique[place] = Some(number);
    }

    /// The technique's grid, with its number.
    fn of(&self, place: usize) -> Option<(u32, &SeGrid)> {
        let number = (*self.of_technique.get(place)?)?;
        let (_, grid) = self.grids.iter().find(|(n, _)| *n == number)?;
        Some((number, grid))
    }
}

/// A ladder of techniques run at one grid, each in the scope its last quiet grid allows.
pub struct Ladder<'a> {
    finders: &'a [Finder],
    quiet: &'a QuietGrids,
    grid: &'a SeGrid,
    /// This grid's number among the quiet grids, once a technique found nothing here.
    id: Option<u32>,
    /// The last scope worked out, with the number of the quiet grid it is from (techniques
    /// that found nothing at the same step share one).
    last: Option<(u32, Scope)>,
}

impl<'a> Ladder<'a> {
    pub fn new(finders: &'a [Finder], quiet: &'a QuietGrids, grid: &'a SeGrid) -> Ladder<'a> {
        Ladder {
            finders,
            quiet,
            grid,
            id: None,
            last: None,
        }
    }

    /// Runs the techniques at the places of `range`, in order, until one finds an instance
    /// (then true); each that finds nothing has this grid as its quiet grid from then on.
    pub fn run(&mut self, range: std::ops::Range<usize>, sink: &mut Sink) -> bool {
        for place in range {
            let scope = self.scope(place);
            if (self.finders[place])(self.grid, &scope, sink) {
                return true;
            }
            self.quiet
                .0
                .borrow_mut()
                .record(place, self.grid, &mut self.id);
        }
        false
    }

    /// Where the technique at `place` can find something new since its quiet grid.
    fn scope(&mut self, place: usize) -> Scope {
        let quiet = self.quiet.0.borrow();
        let Some((number, grid)) = quiet.of(place) else {
            return Scope::EVERYWHERE;
        };
        match self.last {
            Some((last, scope)) if last == number => scope,
            _ => {
                let scope = Scope::since(grid, self.grid);
                self.last = Some((number, scope));
                scope
            }
        }
    }
}

/// Houses of one type, SE's order.
fn houses_of_type(kind: usize) -> std::ops::Range<usize> {
    kind * 9..kind * 9 + 9
}

/// The houses of a set (bit `h` for house `h`), in SE's order.
fn houses_in(set: u32) -> impl Iterator<Item = usize> {
    let mut rest = set;
    std::iter::from_fn(move || {
        (rest != 0).then(|| {
            let house = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            house
        })
    })
}

fn hint(difficulty: u32, name: String) -> SeHint {
    SeHint {
        difficulty,
        name,
        removals: Vec::new(),
        placement: None,
        cells: Vec::new(),
        explanation: Vec::new(),
        shape: Shape::None,
        links: Vec::new(),
    }
}

/// Hidden singles: first a house's last empty cell (1.0), then a digit with one place in a box
/// (1.2) or in a column or row (1.5). SE looks at boxes, then columns, then rows.
pub fn hidden_single(grid: &SeGrid, scope: &Scope, sink: &mut Sink) -> bool {
    let t = tables();
    let empty = grid.empty_cells();
    // The houses with one empty cell left.
    let last_cell = (0..27).fold(0u32, |all, h| {
        all | u32::from((t.house_bits[h] & empty).count_ones() == 1) << h
    });
    for alone in [true, false] {
        for kind in [BOX, COL, ROW] {
            for house in houses_of_type(kind) {
                if (last_cell >> house & 1 == 1) != alone {
                    continue;
                }
                for digit in digits(scope.house_digits(house)) {
                    let places = grid.places(house, digit);
                    if places.count_ones() == 1 {
                        let cell = places.trailing_zeros() as u8;
                        let difficulty = if alone {
                            10
                        } else if kind == BOX {
                            12
                        } else {
                            15
                        };
                        let mut h = hint(difficulty, "Hidden Single".into());
                        h.placement = Some((cell, digit));
                        h.cells = vec![cell];
                        if sink.explain {
                            h.explanation.push(if alone {
                                format!(
                                    "{} is the last empty cell of {}: it is {digit}",
                                    cell_name(cell),
                                    house_name(house)
                                )
                            } else {
                                format!(
                                    "{digit} has one place left in {}: {}",
                                    house_name(house),
                                    cell_name(cell)
                                )
                            });
                        }
                        if sink.send(h) {
                            return true;
                        }
                    }
                }
            }
        }
    }
    false
}

/// Naked singles (2.3): a cell with one candidate left, in cell order.
pub fn naked_single(grid: &SeGrid, sink: &mut Sink) -> bool {
    for cell in cells_of(grid.cells_with(|n| n == 1)) {
        let digit = grid.cands[cell as usize].trailing_zeros() as u8;
        let mut h = hint(23, "Naked Single".into());
        h.placement = Some((cell, digit));
        h.cells = vec![cell];
        if sink.explain {
            h.explanation.push(format!(
                "{} has one candidate left: {digit}",
                cell_name(cell)
            ));
        }
        if sink.send(h) {
            return true;
        }
    }
    false
}

/// The cells of `house` whose position bit is set.
fn cells_at(house: usize, positions: u16) -> impl Iterator<Item = u8> {
    let cells = tables().houses[house];
    (0..9)
        .filter(move |i| positions >> i & 1 == 1)
        .map(move |i| cells[i])
}

/// Intersections (locked candidates). In plain mode, pointing (2.6: a box's digit confined to a
/// line) and claiming (2.8: a line's digit confined to a box). In direct mode (1.7 / 1.9), only
/// those whose eliminations leave a hidden single in another house of the first house's type,
/// which the step then places.
pub fn locking(grid: &SeGrid, direct: bool, scope: &Scope, sink: &mut Sink) -> bool {
    let digits_in_scope = scope.digits();
    for (kind1, kind2) in [(BOX, COL), (BOX, ROW), (COL, BOX), (ROW, BOX)] {
        for digit in digits(digits_in_scope) {
            // The houses of `kind1` whose places (two or more) lie in one house of `kind2`,
            // the first place's: all nine judged without a branch, then walked.
            let lined_up = houses_of_type(kind1).fold(0u32, |set, h1| {
                let cells1 = grid.places(h1, digit);
                let first = (cells1.trailing_zeros() as usize).min(80);
                let h2 = tables().houses_of[first][kind2] as usize;
                let fits = (cells1.count_ones() >= 2) & (cells1 & !tables().house_bits[h2] == 0);
                set | u32::from(fits) << h1
            });
            for h1 in houses_in(lined_up) {
                let cells1 = grid.places(h1, digit);
                let first = cells1.trailing_zeros() as usize;
                let h2 = tables().houses_of[first][kind2] as usize;
                // A plain one reads the two houses; a direct one also the houses of the first
                // one's type that cross the second (where it looks for the single).
                let bits2 = tables().house_bits[h2];
                let read = if direct {
                    houses_of_type(kind1)
                        .map(|h3| tables().house_bits[h3])
                        .filter(|&bits3| bits3 & bits2 != 0)
                        .fold(bits2, |all, bits3| all | bits3)
                } else {
                    tables().house_bits[h1] | bits2
                };
                if !scope.digit_lost_in(digit, read) {
                    continue;
                }
                if direct {
                    if direct_locking(grid, kind1, h1, h2, digit, sink) {
                        return true;
                    }
                } else if let Some(h) = locking_hint(grid, h1, h2, digit, None, sink.explain)
                    && sink.send(h)
                {
                    return true;
                }
            }
        }
    }
    false
}

fn direct_locking(
    grid: &SeGrid,
    kind1: usize,
    h1: usize,
    h2: usize,
    digit: u8,
    sink: &mut Sink,
) -> bool {
    let bits2 = tables().house_bits[h2];
    for h3 in houses_of_type(kind1) {
        if h3 == h1 || tables().house_bits[h3] & bits2 == 0 {
            continue;
        }
        let pos3 = grid.positions(h3, digit);
        if pos3.count_ones() > 1 {
            let remain: Vec<u8> = cells_at(h3, pos3)
                .filter(|&c| bits2 >> c & 1 == 0)
                .collect();
            if remain.len() == 1
                && let Some(h) =
                    locking_hint(grid, h1, h2, digit, Some((remain[0], h3)), sink.explain)
                && sink.send(h)
            {
                return true;
            }
        }
    }
    false
}

fn locking_hint(
    grid: &SeGrid,
    h1: usize,
    h2: usize,
    digit: u8,
    single: Option<(u8, usize)>,
    explain: bool,
) -> Option<SeHint> {
    let bits1 = tables().house_bits[h1];
    let removals: Vec<(u8, u8)> = tables().houses[h2]
        .iter()
        .filter(|&&c| bits1 >> c & 1 == 0 && grid.has(c, digit))
        .map(|&c| (c, digit))
        .collect();
    if removals.is_empty() {
        return None;
    }
    let pointing = h1 < 9;
    let (difficulty, name) = match (single.is_some(), pointing) {
        (true, true) => (17, "Direct Pointing"),
        (true, false) => (19, "Direct Claiming"),
        (false, true) => (26, "Pointing"),
        (false, false) => (28, "Claiming"),
    };
    let mut h = hint(difficulty, name.into());
    h.cells = cells_at(h1, grid.positions(h1, digit)).collect();
    // A direct step only places its single (SE applies nothing else): the eliminations that
    // lead to it stay on the grid for the next steps to find.
    if single.is_none() {
        h.removals = removals;
    }
    if explain {
        h.explanation.push(format!(
            "in {}, {digit} can only be in {}, which all lie in {}: {digit} goes from the rest of {}",
            house_name(h1),
            cell_list(&h.cells),
            house_name(h2),
            house_name(h2)
        ));
    }
    if let Some((cell, h3)) = single {
        h.placement = Some((cell, digit));
        if explain {
            h.explanation.push(format!(
                "then {digit} has one place left in {}: {}",
                house_name(h3),
                cell_name(cell)
            ));
        }
    }
    h.shape = Shape::Locked { house: h1, digit };
    Some(h)
}

/// Cell names joined by commas.
pub fn cell_list(cells: &[u8]) -> String {
    cells
        .iter()
        .map(|&c| cell_name(c))
        .collect::<Vec<_>>()
        .join(",")
}

/// Every `degree`-subset of the positions in `open` (bits 0–8) whose `items` together hold
/// exactly `degree` bits — a naked set's cells and their candidates, a hidden set's digits and
/// their places, a fish's base lines and their positions — in SE's order (increasing mask
/// value), until `found` says to stop (then true).
///
/// SE walks every subset of the nine; here a subset is grown from its largest position down
/// (which yields them in increasing mask value) and given up as soon as its items hold more
/// than `degree` bits, so only the few that can still fit are looked at.
fn tight_sets(
    items: &[u16; 9],
    open: u16,
    degree: u32,
    found: &mut dyn FnMut(u16) -> bool,
) -> bool {
    /// Adds `left` more positions below `below` to `chosen` (whose items hold `union`).
    fn grow(
        items: &[u16; 9],
        open: u16,
        degree: u32,
        (left, below, chosen, union): (u32, u32, u16, u16),
        found: &mut dyn FnMut(u16) -> bool,
    ) -> bool {
        if left == 0 {
            return union.count_ones() == degree && found(chosen);
        }
        // The next (smaller) position, smallest first: an open one whose items keep the union
        // within `degree` bits, with enough open ones below it. All nine are judged at once,
        // then the fitting ones walked: a test of each would be a branch no predictor guesses.
        let fitting = (0..9).fold(0u16, |set, i| {
            set | u16::from((union | items[i]).count_ones() <= degree) << i
        });
        let mut next = fitting & open & ((1 << below) - 1) & !((1 << (left - 1)) - 1);
        while next != 0 {
            let i = next.trailing_zeros();
            next &= next - 1;
            let union = union | items[i as usize];
            if grow(
                items,
                open,
                degree,
                (left - 1, i, chosen | 1 << i, union),
                found,
            ) {
                return true;
            }
        }
        false
    }
    grow(items, open, degree, (degree, 9, 0, 0), found)
}

/// Naked pairs, triples, quads (3.0 / 3.6 / 5.0) in boxes, then columns, then rows; in the
/// houses of `houses` only (bit `h` for house `h`).
pub fn naked_set_in(grid: &SeGrid, degree: u32, houses: u32, sink: &mut Sink) -> bool {
    let t = tables();
    let empty = grid.empty_cells();
    for kind in [BOX, COL, ROW] {
        for house in houses_in(houses & 0x1FF << (kind * 9)) {
            if (t.house_bits[house] & empty).count_ones() < degree * 2 {
                continue;
            }
            let cands = t.houses[house].map(|c| grid.cands[c as usize]);
            // Positions whose cell has two candidates or more: a set's cells must all be.
            let open = (0..9).fold(0u16, |m, i| m | u16::from(cands[i].count_ones() > 1) << i);
            let mut found = |sub: u16| {
                let union: Mask = (0..9)
                    .filter(|i| sub >> i & 1 == 1)
                    .fold(0, |m, i| m | cands[i]);
                let cells: Vec<u8> = cells_at(house, sub).collect();
                let mut removals = Vec::new();
                for &other in &t.houses[house] {
                    if !cells.contains(&other) {
                        for d in digits(union & grid.cands[other as usize]) {
                            removals.push((other, d));
                        }
                    }
                }
                if removals.is_empty() {
                    return false;
                }
                let (difficulty, name) = match degree {
                    2 => (30, "Naked Pair"),
                    3 => (36, "Naked Triplet"),
                    _ => (50, "Naked Quad"),
                };
                let mut h = hint(difficulty, name.into());
                if sink.explain {
                    h.explanation.push(format!(
                        "in {}, the cells {} hold only the digits {}: no other cell of the house can",
                        house_name(house),
                        cell_list(&cells),
                        digit_list(union)
                    ));
                }
                h.cells = cells.clone();
                h.removals = removals;
                h.shape = Shape::NakedSet {
                    cells,
                    digits: union,
                };
                sink.send(h)
            };
            if tight_sets(&cands, open, degree, &mut found) {
                return true;
            }
        }
    }
    false
}

/// Digits of a mask joined by commas.
pub fn digit_list(mask: Mask) -> String {
    digits(mask)
        .map(|d| d.to_string())
        .collect::<Vec<_>>()
        .join(",")
}

/// Hidden pairs, triples, quads (3.4 / 4.0 / 5.4); in direct mode (pair 2.0, triple 2.5) only
/// those whose eliminations leave another digit a single place in the house, which the step
/// then places. In the houses of `houses` only (bit `h` for house `h`).
pub fn hidden_set_in(
    grid: &SeGrid,
    degree: u32,
    direct: bool,
    houses: u32,
    sink: &mut Sink,
) -> bool {
    let t = tables();
    let empty_cells = grid.empty_cells();
    for kind in [BOX, COL, ROW] {
        for house in houses_in(houses & 0x1FF << (kind * 9)) {
            let empty = (t.house_bits[house] & empty_cells).count_ones();
            if !(empty > degree * 2 || (direct && empty > degree)) {
                continue;
            }
            let positions: [u16; 10] = std::array::from_fn(|d| match d {
                0 => 0,
                _ => grid.positions(house, d as u8),
            });
            // By digit (index d - 1): its places; those with two places or more (a set's digits
            // must all be).
            let places: [u16; 9] = std::array::from_fn(|i| positions[i + 1]);
            let spread = (0..9).fold(0u16, |m, i| m | u16::from(places[i].count_ones() > 1) << i);
            let mut found = |sub: u16| {
                let set: Mask = sub << 1;
                let union = digits(set).fold(0u16, |u, d| u | positions[d as usize]);
                let cells: Vec<u8> = cells_at(house, union).collect();
                let mut removals = Vec::new();
                for &c in &cells {
                    for d in digits(grid.cands[c as usize] & !set) {
                        removals.push((c, d));
                    }
                }
                let mut single = None;
                if direct {
                    for d in (1..=9u8).filter(|&d| set & bit(d) == 0) {
                        let p = positions[d as usize];
                        if p.count_ones() > 1 && (p & !union).count_ones() == 1 {
                            let i = (p & !union).trailing_zeros() as usize;
                            single = Some((t.houses[house][i], d));
                            break;
                        }
                    }
                    if single.is_none() {
                        return false;
                    }
                }
                if removals.is_empty() {
                    return false;
                }
                let (difficulty, name) = match (direct, degree) {
                    (true, 2) => (20, "Direct Hidden Pair"),
                    (true, _) => (25, "Direct Hidden Triplet"),
                    (false, 2) => (34, "Hidden Pair"),
                    (false, 3) => (40, "Hidden Triplet"),
                    (false, _) => (54, "Hidden Quad"),
                };
                let mut h = hint(difficulty, name.into());
                if sink.explain {
                    h.explanation.push(format!(
                        "in {}, the digits {} can only be in {}: those cells hold nothing else",
                        house_name(house),
                        digit_list(set),
                        cell_list(&cells)
                    ));
                }
                if let Some((cell, d)) = single {
                    h.placement = Some((cell, d));
                    if sink.explain {
                        h.explanation.push(format!(
                            "then {d} has one place left in {}: {}",
                            house_name(house),
                            cell_name(cell)
                        ));
                    }
                }
                h.cells = cells;
                // A direct step only places its single (SE applies nothing else).
                if !direct {
                    h.removals = removals;
                }
                h.shape = Shape::HiddenSet { house, digits: set };
                sink.send(h)
            };
            if tight_sets(&places, spread, degree, &mut found) {
                return true;
            }
        }
    }
    false
}

/// X-wing, swordfish, jellyfish (3.2 / 3.8 / 5.2): base columns first, then base rows; of the
/// digits of `digits` only.
pub fn fish_in(grid: &SeGrid, degree: u32, digits: Mask, sink: &mut Sink) -> bool {
    let t = tables();
    let mut placed = [0u32; 10];
    for &v in &grid.values {
        placed[v as usize] += 1;
    }
    for (base_kind, cover_kind) in [(COL, ROW), (ROW, COL)] {
        // Each digit's positions in the nine base lines, and the lines that can be part of a
        // fish of this size (two places or more, at most `degree`).
        let mut lines = [[0u16; 9]; 10];
        let mut fits = [0u16; 10];
        for digit in (1..=9u8).filter(|&d| digits & bit(d) != 0) {
            for (i, line) in lines[digit as usize].iter_mut().enumerate() {
                *line = grid.positions(base_kind * 9 + i, digit);
                if (2..=degree).contains(&line.count_ones()) {
                    fits[digit as usize] |= 1 << i;
                }
            }
        }
        // SE's order: by base lines (increasing mask), then by digit.
        let mut found: Vec<(u16, u8)> = Vec::new();
        for digit in 1..=9u8 {
            if placed[digit as usize] + degree * 2 <= 9 {
                tight_sets(
                    &lines[digit as usize],
                    fits[digit as usize],
                    degree,
                    &mut |sub| {
                        found.push((sub, digit));
                        false
                    },
                );
            }
        }
        found.sort_unstable();
        for (sub, digit) in found {
            let union = (0..9)
                .filter(|i| sub >> i & 1 == 1)
                .fold(0u16, |u, i| u | lines[digit as usize][i]);
            // The cover houses are the lines at the union's positions; eliminate the digit
            // from their cells outside the base lines.
            let mut removals = Vec::new();
            let mut cells = Vec::new();
            for j in (0..9).filter(|j| union >> j & 1 == 1) {
                let cover = cover_kind * 9 + j;
                for (i, &c) in t.houses[cover].iter().enumerate() {
                    if grid.has(c, digit) {
                        if sub >> i & 1 == 1 {
                            cells.push(c);
                        } else {
                            removals.push((c, digit));
                        }
                    }
                }
            }
            if removals.is_empty() {
                continue;
            }
            removals.sort_unstable();
            cells.sort_unstable();
            let (difficulty, name) = match degree {
                2 => (32, "X-Wing"),
                3 => (38, "Swordfish"),
                _ => (52, "Jellyfish"),
            };
            let base: Vec<usize> = (0..9)
                .filter(|i| sub >> i & 1 == 1)
                .map(|i| base_kind * 9 + i)
                .collect();
            let covers: Vec<usize> = (0..9)
                .filter(|j| union >> j & 1 == 1)
                .map(|j| cover_kind * 9 + j)
                .collect();
            let mut h = hint(difficulty, name.into());
            if sink.explain {
                h.explanation.push(format!(
                    "{digit} is confined to {} in {}: it goes from the rest of {}",
                    cell_list(&cells),
                    base.iter()
                        .map(|&b| house_name(b))
                        .collect::<Vec<_>>()
                        .join(", "),
                    covers
                        .iter()
                        .map(|&b| house_name(b))
                        .collect::<Vec<_>>()
                        .join(", ")
                ));
            }
            h.cells = cells;
            h.removals = removals;
            h.shape = Shape::Fish { base, digit };
            if sink.send(h) {
                return true;
            }
        }
    }
    false
}

/// XY-wing (4.2) and XYZ-wing (4.4): a pivot with two (three) candidates and two bivalue
/// pincers it sees; whatever the pivot holds, one pincer (or the pivot) holds z.
pub fn xy_wing(grid: &SeGrid, xyz: bool, scope: &Scope, sink: &mut Sink) -> bool {
    let t = tables();
    let pivot_size = if xyz { 3 } else { 2 };
    for pivot in cells_of(grid.cells_with(|n| n == pivot_size)) {
        let pm = grid.cands[pivot as usize];
        // The pivot or a pincer (one of its peers) must have lost a candidate.
        let wing = 1u128 << pivot | t.peer_bits[pivot as usize];
        if !scope.any_cell(wing) {
            continue;
        }
        // The pincers can only be the pivot's bivalue peers (in SE's peer order) that hold
        // one of its digits and one other (XY), or two of its three (XYZ): sifted without a
        // branch each (which fit is anyone's guess to a branch predictor), then walked.
        let fits = |m: Mask| {
            let shared = (m & pm).count_ones();
            (m.count_ones() == 2) & if xyz { shared == 2 } else { shared == 1 }
        };
        let mut pincers = [0u8; 20];
        let mut count = 0;
        for &p in &t.peers[pivot as usize] {
            pincers[count] = p;
            count += usize::from(fits(grid.cands[p as usize]));
        }
        let pincers = &pincers[..count];
        for (i, &a) in pincers.iter().enumerate() {
            let am = grid.cands[a as usize];
            for &b in &pincers[i + 1..] {
                let bm = grid.cands[b as usize];
                if am == bm {
                    continue;
                }
                let z = am & bm;
                if z.count_ones() != 1 {
                    continue;
                }
                let valid = if xyz {
                    (am | bm) == pm
                } else {
                    (am | bm) & !z == pm && pm & z == 0
                };
                if !valid || !scope.any_cell(1 << pivot | 1 << a | 1 << b) {
                    continue;
                }
                let digit = z.trailing_zeros() as u8;
                let mut seen = t.peer_bits[a as usize] & t.peer_bits[b as usize];
                if xyz {
                    seen &= t.peer_bits[pivot as usize];
                }
                let removals: Vec<(u8, u8)> =
                    cells_of(seen & grid.digit_cells[digit as usize] & !(1u128 << pivot))
                        .map(|c| (c, digit))
                        .collect();
                if removals.is_empty() {
                    continue;
                }
                let name = if xyz { "XYZ-Wing" } else { "XY-Wing" };
                let mut h = hint(if xyz { 44 } else { 42 }, name.into());
                h.cells = vec![pivot, a, b];
                h.removals = removals;
                if sink.explain {
                    h.explanation.push(format!(
                        "whatever {} holds ({}), {} or {}{} is {digit}: a cell seeing them all cannot be {digit}",
                        cell_name(pivot),
                        digit_list(pm),
                        cell_name(a),
                        cell_name(b),
                        if xyz { " or the pivot itself" } else { "" }
                    ));
                }
                if sink.send(h) {
                    return true;
                }
            }
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    /// Each technique gets back the grid it last found nothing at; a grid no technique refers
    /// to any more is dropped, and the techniques of one step share one copy.
    #[test]
    fn quiet_grids_keep_each_techniques_last_grid_once() {
        let first = crate::logic::se::test_grids::start(crate::logic::se::test_grids::PUZZLES[0]);
        let mut second = first;
        second.remove(1, 4);
        let mut quiet = Quiet::default();
        let mut id = None;
        quiet.record(0, &first, &mut id);
        quiet.record(2, &first, &mut id);
        assert_eq!(quiet.grids.len(), 1);
        let mut id2 = None;
        quiet.record(0, &second, &mut id2);
        quiet.record(2, &second, &mut id2);
        assert!(quiet.of(0).is_some_and(|(_, g)| *g == second));
        assert!(quiet.of(2).is_some_and(|(_, g)| *g == second));
        assert!(quiet.of(1).is_none());
        // The first grid is dropped when the next one comes (no technique refers to it).
        let mut id3 = None;
        quiet.record(1, &first, &mut id3);
        assert_eq!(quiet.grids.len(), 2);
        assert!(quiet.of(1).is_some_and(|(_, g)| *g == first));
    }

    proptest! {
        /// The sets are those of SE's walk over every subset in increasing mask order: the
        /// subsets of `open` of the size whose items hold exactly that many bits.
        #[test]
        fn tight_sets_are_the_walk_over_every_subset(
            // Items over few bits, so that many subsets fit.
            items in proptest::array::uniform9(0u16..32),
            open in 0u16..512,
            degree in 1u32..=4,
            stop_after in 0usize..6,
        ) {
            let walk: Vec<u16> = (0u16..512)
                .filter(|m| m.count_ones() == degree && m & !open == 0)
                .filter(|&m| {
                    let union = (0..9).filter(|i| m >> i & 1 == 1).fold(0, |u, i| u | items[i]);
                    union.count_ones() == degree
                })
                .collect();
            let mut found = Vec::new();
            let stopped = tight_sets(&items, open, degree, &mut |sub| {
                found.push(sub);
                found.len() > stop_after
            });
            prop_assert_eq!(stopped, walk.len() > stop_after);
            prop_assert_eq!(&found[..], &walk[..walk.len().min(stop_after + 1)]);
        }
    }
}
