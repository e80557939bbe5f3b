//! Which assumptions of a nested cycle or forcing-chain search can matter to the outer chain.
//!
//! A chain nested inside an outer chain is worth something to it only when it rests on a
//! candidate the outer chain removed (otherwise the outer chain gains nothing by it, and SE
//! drops it). In a static search — cycles and forcing X-/XY-chains — the only links that rest on
//! removed candidates are the *strong* ones the removals created: a cell the outer chain left
//! with two candidates, or a house it left with two places for a digit. Weak links ("if this
//! cell is 4, its peer is not 4") hold in any grid. So a chain from an assumption that can reach
//! none of those new strong links would be dropped, and the search need not follow it at all.
//!
//! [`NewLinks`] records the new strong links between the outer chain's starting grid and the
//! reduced grid, and [`Reach`] the potentials from which a chain can get to one of them, found
//! by one backward walk over the links of the reduced grid instead of one forward walk per
//! assumption (where more than nine assumptions in ten reach none).

use super::grid::{Conjugates, Mask, SeGrid, bit, cells_of, digits, index, tables};

/// The strong links of a reduced grid that its starting grid did not have, and where the
/// grid lost candidates (a cell or region forcing chain starting there rests on the loss).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct NewLinks {
    /// Cells with two candidates left that had more.
    bivalue: u128,
    /// Per digit, the houses (bit `h` for house `h`) with two places left that had more.
    bilocal: [u32; 10],
    /// Cells that lost a candidate.
    lost_cells: u128,
    /// Per digit, the houses that lost a place for it.
    lost_houses: [u32; 10],
}

impl NewLinks {
    /// The strong links `grid` has that `source` (the same grid before some removals) lacks.
    pub fn between(source: &SeGrid, grid: &SeGrid) -> NewLinks {
        let mut links = NewLinks::default();
        for cell in 0..81 {
            if source.cands[cell] != grid.cands[cell] {
                links.lost_cells |= 1 << cell;
                if grid.cands[cell].count_ones() == 2 {
                    links.bivalue |= 1 << cell;
                }
            }
        }
        for digit in 1..=9u8 {
            let lost = source.digit_cells[digit as usize] & !grid.digit_cells[digit as usize];
            if lost == 0 {
                continue;
            }
            for (house, &cells) in tables().house_bits.iter().enumerate() {
                if cells & lost != 0 {
                    links.lost_houses[digit as usize] |= 1 << house;
                    if grid.places(house, digit).count_ones() == 2 {
                        links.bilocal[digit as usize] |= 1 << house;
                    }
                }
            }
        }
        links
    }

    /// As if every cell and house had lost a candidate: for tests, a search that looks
    /// everywhere.
    #[cfg(test)]
    pub fn everywhere() -> NewLinks {
        NewLinks {
            bivalue: 0,
            bilocal: [0; 10],
            lost_cells: super::grid::ALL_CELLS,
            lost_houses: [(1 << 27) - 1; 10],
        }
    }

    /// Whether the cell lost a candidate.
    pub fn cell_lost(&self, cell: u8) -> bool {
        self.lost_cells >> cell & 1 == 1
    }

    /// Whether the house lost a place for the digit.
    pub fn house_lost(&self, house: usize, digit: u8) -> bool {
        self.lost_houses[digit as usize] >> house & 1 == 1
    }

    /// The houses that lost a place for some digit (bit `h` for house `h`).
    pub fn houses_lost_any(&self) -> u32 {
        self.lost_houses.iter().fold(0, |all, &h| all | h)
    }

    /// The houses holding a cell that lost a candidate.
    pub fn houses_with_lost_cell(&self) -> u32 {
        let bits = &tables().house_bits;
        (0..27).fold(0, |all, h| {
            all | u32::from(bits[h] & self.lost_cells != 0) << h
        })
    }

    /// The digits that lost a candidate somewhere, as a candidate mask.
    pub fn digits_lost(&self) -> Mask {
        (1..=9).fold(0, |all, d| all | u16::from(self.lost_houses[d] != 0) << d)
    }
}

/// Which new strong links each potential ("cell is digit" on, "cell is not digit" off) can reach
/// over the links of one search pass. With cell links (`y`) "on" implies the cell's other
/// candidates off and a bivalue cell's "off" its other candidate on; with house links (`x`) a
/// digit's "off" in a house with two places implies the other place on; "on" always implies the
/// digit off in every peer.
///
/// Each new link joins two choices `t` and `u` (a new bivalue cell's two digits, a house's two
/// new places), and is used as "not t, so u" or "not u, so t". New link `i` gives the label bit
/// `2i` to "t off" and `2i + 1` to "u off" (folded onto 32 pairs: sharing bits only lets more
/// through); a potential's label holds the bits of every tail it can reach. The links of a
/// static grid are symmetric under contraposition ("if A then B" goes with "if not B then not
/// A"), which is what makes the labels say more than reachability:
/// - a forcing chain from `p` to its own opposite through "not t, so u" reaches "t off", and
///   its remainder "u on … not p" read backwards is "p … u off": `p` reaches both ends' tails;
/// - a cycle from "s on" back to itself through "not t, so u" has "s on … t off" and, read
///   backwards, "s off … u off".
pub struct Reach {
    on: [u64; 729],
    off: [u64; 729],
}

/// The label bits of a new link's two tails.
fn pair_bits(link: usize) -> (u64, u64) {
    let slot = link % 32;
    (1 << (2 * slot), 1 << (2 * slot + 1))
}

/// Label bits of even positions (each link's first tail).
const FIRST_TAILS: u64 = 0x5555_5555_5555_5555;

impl Reach {
    pub fn new(
        grid: &SeGrid,
        conjugates: &Conjugates,
        links: &NewLinks,
        y: bool,
        x: bool,
    ) -> Reach {
        let t = tables();
        let mut reach = Reach {
            on: [0; 729],
            off: [0; 729],
        };
        let mut todo: Vec<(u8, u8, bool)> = Vec::new();
        let mut link = 0;
        if y {
            for cell in cells_of(links.bivalue) {
                let (first, second) = pair_bits(link);
                link += 1;
                let mut ds = digits(grid.cands[cell as usize]);
                if let (Some(a), Some(b)) = (ds.next(), ds.next()) {
                    reach.spread(&mut todo, cell, a, false, first);
                    reach.spread(&mut todo, cell, b, false, second);
                }
            }
        }
        if x {
            for digit in 1..=9u8 {
                let mut houses = links.bilocal[digit as usize];
                while houses != 0 {
                    let house = houses.trailing_zeros() as usize;
                    houses &= houses - 1;
                    let (first, second) = pair_bits(link);
                    link += 1;
                    let places = grid.places(house, digit);
                    let a = places.trailing_zeros() as u8;
                    let b = (127 - places.leading_zeros()) as u8;
                    reach.spread(&mut todo, a, digit, false, first);
                    reach.spread(&mut todo, b, digit, false, second);
                }
            }
        }
        // Walk the links backwards: what implies a potential reaches what it reaches.
        while let Some((cell, digit, on)) = todo.pop() {
            let label = reach.label(cell, digit, on);
            let cands = grid.cands[cell as usize];
            if on {
                if y && cands.count_ones() == 2 {
                    let other = (cands & !bit(digit)).trailing_zeros() as u8;
                    reach.spread(&mut todo, cell, other, false, label);
                }
                if x {
                    for kind in 0..3 {
                        if let Some(other) = conjugates.other(cell, digit, kind) {
                            reach.spread(&mut todo, other, digit, false, label);
                        }
                    }
                }
            } else {
                if y {
                    for d in digits(cands & !bit(digit)) {
                        reach.spread(&mut todo, cell, d, true, label);
                    }
                }
                let peers = t.peer_bits[cell as usize] & grid.digit_cells[digit as usize];
                for peer in cells_of(peers) {
                    reach.spread(&mut todo, peer, digit, true, label);
                }
            }
        }
        reach
    }

    fn label(&self, cell: u8, digit: u8, on: bool) -> u64 {
        let i = index(cell, digit);
        if on { self.on[i] } else { self.off[i] }
    }

    /// Adds label bits to a potential, queueing it when they are new to it.
    fn spread(&mut self, todo: &mut Vec<(u8, u8, bool)>, cell: u8, digit: u8, on: bool, bits: u64) {
        let i = index(cell, digit);
        let label = if on {
            &mut self.on[i]
        } else {
            &mut self.off[i]
        };
        if *label | bits != *label {
            *label |= bits;
            todo.push((cell, digit, on));
        }
    }

    /// Whether a chain from this potential can reach a new strong link.
    pub fn from(&self, cell: u8, digit: u8, on: bool) -> bool {
        self.label(cell, digit, on) != 0
    }

    /// Whether a forcing chain from this potential to its opposite can use a new strong link:
    /// the potential reaches both tails of one.
    pub fn forcing_chain(&self, cell: u8, digit: u8, on: bool) -> bool {
        let label = self.label(cell, digit, on);
        label & (label >> 1) & FIRST_TAILS != 0
    }

    /// Whether a cycle through "cell is digit" can use a new strong link: "on" reaches one
    /// tail of it and "off" the other.
    pub fn cycle(&self, cell: u8, digit: u8) -> bool {
        let off = self.label(cell, digit, false);
        let partners = (off & FIRST_TAILS) << 1 | (off >> 1) & FIRST_TAILS;
        self.label(cell, digit, true) & partners != 0
    }
}

/// What assuming "cell is digit" implies over the links of a static grid (cell and house
/// links), as sets of potentials without their proofs: per digit, the cells implied on and
/// the cells implied off. It holds everything a static search's propagation from the same
/// assumption reaches (that one also stops at a contradiction), so a cell or region forcing
/// chain whose branches' sets share no conclusion does not exist, and its propagations, which
/// build every implication's proof, need not run. In the same way a cycle through a potential
/// needs the potential among what its own implications imply, and a forcing chain from it
/// needs its opposite there (Stack-kept, allocation-free: it runs for most candidates of
/// every grid a chain search meets).
#[derive(Clone, Copy)]
pub struct Implied {
    on: [u128; 10],
    off: [u128; 10],
}

impl Implied {
    pub fn new(grid: &SeGrid, conjugates: &Conjugates, cell: u8, digit: u8) -> Implied {
        let mut implied = Implied::nothing();
        let (mut ons, mut offs) = (Stack::new(), Stack::new());
        implied.on[digit as usize] = 1 << cell;
        ons.push(cell, digit);
        implied.close(grid, conjugates, &mut ons, &mut offs, |_| false);
        implied
    }

    /// Whether what "cell is digit" turns off implies it again (`again`: a cycle through it
    /// can exist) and its opposite (`opposite`: a forcing chain from it can), each only when
    /// asked; the propagation stops once the asked ones are found. The assumption is not
    /// marked itself, so that coming back to it counts. (The searches ask
    /// [`super::implications::Implications`], which answers for all candidates at once; this
    /// one-at-a-time propagation is what its tests check it against.)
    #[cfg(test)]
    pub fn after_leads_to(
        grid: &SeGrid,
        conjugates: &Conjugates,
        cell: u8,
        digit: u8,
        again: bool,
        opposite: bool,
    ) -> (bool, bool) {
        let mut implied = Implied::nothing();
        let (mut ons, mut offs) = (Stack::new(), Stack::new());
        ons.push(cell, digit);
        implied.close(grid, conjugates, &mut ons, &mut offs, |i| {
            (!again || i.has_on(cell, digit)) && (!opposite || i.has_off(cell, digit))
        });
        (
            again && implied.has_on(cell, digit),
            opposite && implied.has_off(cell, digit),
        )
    }

    /// Whether "cell is not digit" implies "cell is digit" (a forcing chain from "off" can
    /// exist); the propagation stops once it does. (Kept for the tests, as above.)
    #[cfg(test)]
    pub fn off_leads_to_on(grid: &SeGrid, conjugates: &Conjugates, cell: u8, digit: u8) -> bool {
        let mut implied = Implied::nothing();
        let (mut ons, mut offs) = (Stack::new(), Stack::new());
        implied.off[digit as usize] = 1 << cell;
        offs.push(cell, digit);
        implied.close(grid, conjugates, &mut ons, &mut offs, |i| {
            i.has_on(cell, digit)
        })
    }

    fn nothing() -> Implied {
        Implied {
            on: [0; 10],
            off: [0; 10],
        }
    }

    /// Adds what the queued potentials imply (each is marked already, but for the assumption
    /// of [`Implied::after_leads_to`]), until `done` says enough is known; whether it did.
    fn close(
        &mut self,
        grid: &SeGrid,
        conjugates: &Conjugates,
        ons: &mut Stack,
        offs: &mut Stack,
        done: impl Fn(&Implied) -> bool,
    ) -> bool {
        let t = tables();
        while !ons.is_empty() || !offs.is_empty() {
            while let Some((cell, digit)) = ons.pop() {
                if done(self) {
                    return true;
                }
                let cands = grid.cands[cell as usize];
                for d in digits(cands & !bit(digit)) {
                    if self.off[d as usize] >> cell & 1 == 0 {
                        self.off[d as usize] |= 1 << cell;
                        offs.push(cell, d);
                    }
                }
                let peers = t.peer_bits[cell as usize] & grid.digit_cells[digit as usize];
                let fresh = peers & !self.off[digit as usize];
                self.off[digit as usize] |= fresh;
                for c in super::grid::cells_of(fresh) {
                    offs.push(c, digit);
                }
            }
            while let Some((cell, digit)) = offs.pop() {
                if done(self) {
                    return true;
                }
                let cands = grid.cands[cell as usize];
                if cands.count_ones() == 2 {
                    let other = (cands & !bit(digit)).trailing_zeros() as u8;
                    if self.on[other as usize] >> cell & 1 == 0 {
                        self.on[other as usize] |= 1 << cell;
                        ons.push(cell, other);
                    }
                }
                for kind in 0..3 {
                    if let Some(other) = conjugates.other(cell, digit, kind)
                        && self.on[digit as usize] >> other & 1 == 0
                    {
                        self.on[digit as usize] |= 1 << other;
                        ons.push(other, digit);
                    }
                }
            }
        }
        done(self)
    }

    /// Whether "cell is digit" is among the implications.
    #[cfg(test)]
    pub fn has_on(&self, cell: u8, digit: u8) -> bool {
        self.on[digit as usize] >> cell & 1 == 1
    }

    /// Whether "cell is not digit" is among the implications.
    #[cfg(test)]
    pub fn has_off(&self, cell: u8, digit: u8) -> bool {
        self.off[digit as usize] >> cell & 1 == 1
    }

    /// What both imply.
    pub fn and(&self, other: &Implied) -> Implied {
        Implied {
            on: std::array::from_fn(|d| self.on[d] & other.on[d]),
            off: std::array::from_fn(|d| self.off[d] & other.off[d]),
        }
    }

    /// Whether a potential of the set would conclude something at `grid`: any candidate
    /// implied off, or a digit implied on in a cell with other candidates.
    pub fn concludes(&self, grid: &SeGrid) -> bool {
        (1..=9).any(|d| {
            self.off[d] != 0
                || super::grid::cells_of(self.on[d])
                    .any(|c| grid.cands[c as usize].count_ones() > 1)
        })
    }
}

/// A fixed-capacity stack of candidates (cell, digit), for a propagation that queues each
/// candidate at most once per state (and the unmarked assumption of
/// [`Implied::after_leads_to`] once
/// more: 730 slots).
struct Stack {
    items: [(u8, u8); 730],
    len: usize,
}

impl Stack {
    fn new() -> Stack {
        Stack {
            items: [(0, 0); 730],
            len: 0,
        }
    }

    fn is_empty(&self) -> bool {
        self.len == 0
    }

    fn push(&mut self, cell: u8, digit: u8) {
        self.items[self.len] = (cell, digit);
        self.len += 1;
    }

    fn pop(&mut self) -> Option<(u8, u8)> {
        self.len = self.len.checked_sub(1)?;
        Some(self.items[self.len])
    }
}
