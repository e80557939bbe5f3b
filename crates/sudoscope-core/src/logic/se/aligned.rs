//! SE's aligned exclusion: aligned pair exclusion (6.2) and aligned triplet exclusion (7.5).
//!
//! Take two (three) cells and every combination of their candidates. A combination is
//! impossible when two of the cells that see each other would hold the same digit, or when a
//! small cell that sees them all (an *excluder*: two candidates for pairs, two or three for
//! triplets) would lose all its candidates to it. A candidate of one of the cells that appears
//! in no possible combination is false. SE walks the cells in a fixed order and takes the first
//! set with a removal; that order is reproduced here, since it decides the path.

use super::basic::{cell_list, digit_list};
use super::grid::{SeGrid, bit, cell_name, cells_of, digits, tables};
use super::{SeHint, Shape};

/// The cells SE considers, in cell order, each with its excluders as a set over the 81 cells
/// (peers are in cell order, so walking the set ascending is SE's peer order): empty cells
/// with two or more candidates that see no naked single and at least one excluder.
fn candidates(grid: &SeGrid, degree: u32) -> Vec<(u8, u128)> {
    let t = tables();
    let mut out = Vec::new();
    for cell in 0..81u8 {
        if grid.cands[cell as usize].count_ones() < 2 {
            continue;
        }
        let mut single = false;
        let mut excluders = 0u128;
        for &p in &t.peers[cell as usize] {
            let n = grid.cands[p as usize].count_ones();
            if n == 1 {
                single = true;
                break;
            } else if (2..=degree).contains(&n) {
                excluders |= 1 << p;
            }
        }
        if !single && excluders != 0 {
            out.push((cell, excluders));
        }
    }
    out
}

/// The removals of one set of cells given its common excluders.
fn exclusions(grid: &SeGrid, cells: &[u8], excluders: &[u8]) -> Vec<(u8, u8)> {
    let t = tables();
    // At most three cells (a triplet), each with at most nine candidates.
    let mut options = [[0u8; 9]; 3];
    let mut counts = [0usize; 3];
    for (i, &c) in cells.iter().enumerate() {
        for d in digits(grid.cands[c as usize]) {
            options[i][counts[i]] = d;
            counts[i] += 1;
        }
    }
    // allowed[i]: the digits of cell i that appear in some possible combination.
    let mut allowed = [0u16; 3];
    let mut pick = [0u8; 3];
    let mut index = [0usize; 3];
    let (pick, index, allowed) = (
        &mut pick[..cells.len()],
        &mut index[..cells.len()],
        &mut allowed[..cells.len()],
    );
    'combos: loop {
        for (i, &j) in index.iter().enumerate() {
            pick[i] = options[i][j];
        }
        let mut possible = true;
        'check: for a in 0..cells.len() {
            for b in a + 1..cells.len() {
                if pick[a] == pick[b] && t.peer_bits[cells[a] as usize] >> cells[b] & 1 == 1 {
                    possible = false;
                    break 'check;
                }
            }
        }
        if possible {
            let chosen = pick.iter().fold(0u16, |m, &d| m | bit(d));
            possible = excluders
                .iter()
                .all(|&e| grid.cands[e as usize] & !chosen != 0);
        }
        if possible {
            for (i, &d) in pick.iter().enumerate() {
                allowed[i] |= bit(d);
            }
        }
        // Next combination (odometer over the cells' candidates).
        let mut i = 0;
        loop {
            if i == cells.len() {
                break 'combos;
            }
            index[i] += 1;
            if index[i] < counts[i] {
                break;
            }
            index[i] = 0;
            i += 1;
        }
    }
    let mut removals = Vec::new();
    for (i, &c) in cells.iter().enumerate() {
        for d in digits(grid.cands[c as usize] & !allowed[i]) {
            removals.push((c, d));
        }
    }
    removals
}

fn hint(
    grid: &SeGrid,
    degree: u32,
    cells: &[u8],
    excluders: &[u8],
    removals: Vec<(u8, u8)>,
) -> SeHint {
    let (difficulty, name) = if degree == 2 {
        (62, "Aligned Pair Exclusion")
    } else {
        (75, "Aligned Triplet Exclusion")
    };
    let removed = removals
        .iter()
        .map(|&(c, d)| format!("{}≠{d}", cell_name(c)))
        .collect::<Vec<_>>()
        .join(", ");
    SeHint {
        difficulty,
        name: name.into(),
        explanation: vec![
            format!(
                "the cells {} see the cells {} ({}): no combination of digits may empty one of \
                 them, nor repeat a digit in cells that see each other",
                cell_list(cells),
                cell_list(excluders),
                excluders
                    .iter()
                    .map(|&e| format!(
                        "{} {{{}}}",
                        cell_name(e),
                        digit_list(grid.cands[e as usize])
                    ))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            format!("no possible combination uses {removed}"),
        ],
        removals,
        placement: None,
        cells: cells.to_vec(),
        shape: Shape::None,
        links: Vec::new(),
    }
}

/// The first aligned pair (`degree` 2) or triplet (3) exclusion in SE's order.
pub fn aligned_exclusion(grid: &SeGrid, degree: u32) -> Option<SeHint> {
    let list = candidates(grid, degree);
    if list.len() < degree as usize {
        return None;
    }
    let mut excluders_of = [0u128; 81];
    let mut in_list = 0u128;
    for &(cell, excluders) in &list {
        excluders_of[cell as usize] = excluders;
        in_list |= 1 << cell;
    }
    // SE's pair order: (0,1), (0,2), (1,2), (0,3), …
    for second in 1..list.len() {
        for first in 0..second {
            let (c0, ex0) = list[first];
            let (c1, ex1) = list[second];
            let common01 = ex0 & ex1;
            if degree == 2 {
                if common01.count_ones() >= 2 {
                    let common: Vec<u8> = cells_of(common01).collect();
                    let removals = exclusions(grid, &[c0, c1], &common);
                    if !removals.is_empty() {
                        return Some(hint(grid, degree, &[c0, c1], &common, removals));
                    }
                }
                continue;
            }
            // The third cell: an excluder of the first, then of the second, in the list.
            let pair = 1u128 << c0 | 1u128 << c1;
            let from0 = ex0 & in_list & !pair;
            let from1 = ex1 & in_list & !pair & !from0;
            for c2 in cells_of(from0).chain(cells_of(from1)) {
                let common = common01 & excluders_of[c2 as usize];
                if common.count_ones() < 2 {
                    continue;
                }
                let cells = [c0, c1, c2];
                let common: Vec<u8> = cells_of(common).collect();
                let removals = exclusions(grid, &cells, &common);
                if !removals.is_empty() {
                    return Some(hint(grid, degree, &cells, &common, removals));
                }
            }
        }
    }
    None
}
