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

use super::grid::{SeGrid, bit, digits, tables};

/// The strong links of a reduced grid that its starting grid did not have.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct NewLinks {
    /// Cells with two candidates left that had more.
    bivalue: u128,
    /// Per digit, the houses (bit `h` for house `h`) with two places left that had more.
    bilocal: [u32; 10],
}

impl NewLinks {
    /// The strong links `grid` has that `source` (the same grid before some removals) lacks.
    pub fn between(source: &SeGrid, grid: &SeGrid) -> NewLinks {
        let mut links = NewLinks::default();
        for cell in 0..81 {
            if grid.cands[cell].count_ones() == 2 && source.cands[cell] != grid.cands[cell] {
                links.bivalue |= 1 << cell;
            }
        }
        for digit in 1..=9u8 {
            let lost = source.digit_cells[digit as usize] & !grid.digit_cells[digit as usize];
            if lost == 0 {
                continue;
            }
            for (house, &cells) in tables().house_bits.iter().enumerate() {
                if cells & lost != 0 && grid.places(house, digit).count_ones() == 2 {
                    links.bilocal[digit as usize] |= 1 << house;
                }
            }
        }
        links
    }
}

/// The potentials ("cell is digit" on, "cell is not digit" off) from which a chain over the
/// links of one search pass can reach a new strong link: per digit, a set of cells for each
/// state. With cell links (`y`) "on" implies the cell's other candidates off and a bivalue cell's
/// "off" its other candidate on; with house links (`x`) a digit's "off" in a house with two places
/// implies the other place on; "on" always implies the digit off in every peer.
pub struct Reach {
    on: [u128; 10],
    off: [u128; 10],
}

impl Reach {
    pub fn new(grid: &SeGrid, links: &NewLinks, y: bool, x: bool) -> Reach {
        let t = tables();
        let mut reach = Reach {
            on: [0; 10],
            off: [0; 10],
        };
        let mut todo: Vec<(u8, u8, bool)> = Vec::new();
        let mark =
            |reach: &mut Reach, todo: &mut Vec<(u8, u8, bool)>, cell: u8, digit: u8, on: bool| {
                if reach.add(cell, digit, on) {
                    todo.push((cell, digit, on));
                }
            };
        // The new links start from an "off": the cell's or the house's other choice is on.
        if y {
            let mut cells = links.bivalue;
            while cells != 0 {
                let cell = cells.trailing_zeros() as u8;
                cells &= cells - 1;
                for d in digits(grid.cands[cell as usize]) {
                    mark(&mut reach, &mut todo, cell, d, false);
                }
            }
        }
        if x {
            for digit in 1..=9u8 {
                let mut houses = links.bilocal[digit as usize];
                while houses != 0 {
                    let house = houses.trailing_zeros() as usize;
                    houses &= houses - 1;
                    let mut cells = grid.places(house, digit);
                    while cells != 0 {
                        let cell = cells.trailing_zeros() as u8;
                        cells &= cells - 1;
                        mark(&mut reach, &mut todo, cell, digit, false);
                    }
                }
            }
        }
        // Walk the links backwards: what implies a potential that reaches a new link reaches
        // one too.
        while let Some((cell, digit, on)) = todo.pop() {
            let cands = grid.cands[cell as usize];
            if on {
                if y && cands.count_ones() == 2 {
                    let other = (cands & !bit(digit)).trailing_zeros() as u8;
                    mark(&mut reach, &mut todo, cell, other, false);
                }
                if x {
                    for &house in &t.houses_of[cell as usize] {
                        let places = grid.places(house as usize, digit);
                        if places.count_ones() == 2 {
                            let other = (places & !(1u128 << cell)).trailing_zeros() as u8;
                            mark(&mut reach, &mut todo, other, digit, false);
                        }
                    }
                }
            } else {
                if y {
                    for d in digits(cands & !bit(digit)) {
                        mark(&mut reach, &mut todo, cell, d, true);
                    }
                }
                let mut peers = t.peer_bits[cell as usize] & grid.digit_cells[digit as usize];
                while peers != 0 {
                    let peer = peers.trailing_zeros() as u8;
                    peers &= peers - 1;
                    mark(&mut reach, &mut todo, peer, digit, true);
                }
            }
        }
        reach
    }

    /// Adds a potential; false when it was there already.
    fn add(&mut self, cell: u8, digit: u8, on: bool) -> bool {
        let set = if on {
            &mut self.on[digit as usize]
        } else {
            &mut self.off[digit as usize]
        };
        let fresh = *set >> cell & 1 == 0;
        *set |= 1 << cell;
        fresh
    }

    /// Whether a chain from this potential can reach a new strong link.
    pub fn from(&self, cell: u8, digit: u8, on: bool) -> bool {
        let set = if on { self.on } else { self.off };
        set[digit as usize] >> cell & 1 == 1
    }
}
