//! SE's aligned exclusion: aligned pair exclusion (6.2) and aligned triplet exclusion (7.5).
//!
//! Take two (three) cells and every combination of their candidates. A combination is
//! impossible when two of the cells that see each other would hold the same digit, or when a
//! small cell that sees them all (an *excluder*: two candidates for pairs, two or three for
//! triplets) would lose all its candidates to it. A candidate of one of the cells that appears
//! in no possible combination is false. SE walks the cells in a fixed order and takes the first
//! set with a removal; that order is reproduced here, since it decides the path.

use super::basic::{cell_list, digit_list};
use super::grid::{SeGrid, bit, cell_name, digits, tables};
use super::{SeHint, Shape};

/// The cells SE considers, in cell order, each with its excluders (in peer order): empty cells
/// with two or more candidates that see no naked single and at least one excluder.
fn candidates(grid: &SeGrid, degree: u32) -> Vec<(u8, Vec<u8>)> {
    let t = tables();
    let mut out = Vec::new();
    for cell in 0..81u8 {
        if grid.cands[cell as usize].count_ones() < 2 {
            continue;
        }
        let mut single = false;
        let mut excluders = Vec::new();
        for &p in &t.peers[cell as usize] {
            let n = grid.cands[p as usize].count_ones();
            if n == 1 {
                single = true;
            } else if (2..=degree).contains(&n) {
                excluders.push(p);
            }
        }
        if !single && !excluders.is_empty() {
            out.push((cell, excluders));
        }
    }
    out
}

/// The removals of one set of cells given its common excluders.
fn exclusions(grid: &SeGrid, cells: &[u8], excluders: &[u8]) -> Vec<(u8, u8)> {
    let t = tables();
    let options: Vec<Vec<u8>> = cells
        .iter()
        .map(|&c| digits(grid.cands[c as usize]).collect())
        .collect();
    // allowed[i]: the digits of cell i that appear in some possible combination.
    let mut allowed = vec![0u16; cells.len()];
    let mut pick = vec![0u8; cells.len()];
    let mut index = vec![0usize; cells.len()];
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
            if index[i] < options[i].len() {
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

fn intersect(a: &[u8], b: &[u8]) -> Vec<u8> {
    a.iter().copied().filter(|c| b.contains(c)).collect()
}

/// The first aligned pair (`degree` 2) or triplet (3) exclusion in SE's order.
pub fn aligned_exclusion(grid: &SeGrid, degree: u32) -> Option<SeHint> {
    let list = candidates(grid, degree);
    if list.len() < degree as usize {
        return None;
    }
    let in_list = |c: u8| list.iter().any(|(x, _)| *x == c);
    // SE's pair order: (0,1), (0,2), (1,2), (0,3), …
    for second in 1..list.len() {
        for first in 0..second {
            let (c0, ex0) = &list[first];
            let (c1, ex1) = &list[second];
            if degree == 2 {
                let common = intersect(ex0, ex1);
                if common.len() >= 2 {
                    let removals = exclusions(grid, &[*c0, *c1], &common);
                    if !removals.is_empty() {
                        return Some(hint(grid, degree, &[*c0, *c1], &common, removals));
                    }
                }
                continue;
            }
            let mut twin: Vec<u8> = Vec::new();
            for &c in ex0.iter().chain(ex1.iter()) {
                if !twin.contains(&c) && c != *c0 && c != *c1 && in_list(c) {
                    twin.push(c);
                }
            }
            for &c2 in &twin {
                let Some((_, ex2)) = list.iter().find(|(x, _)| *x == c2) else {
                    continue;
                };
                let common = intersect(&intersect(ex0, ex1), ex2);
                if common.len() < 2 {
                    continue;
                }
                let cells = [*c0, *c1, c2];
                let removals = exclusions(grid, &cells, &common);
                if !removals.is_empty() {
                    return Some(hint(grid, degree, &cells, &common, removals));
                }
            }
        }
    }
    None
}
