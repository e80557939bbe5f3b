//! Random jigsaw regions: N connected regions of N cells on an N×N grid.
//!
//! Growing regions from random seeds gets stuck often (a region walled in before it has N
//! cells), so the layout starts from a valid one — the k×k boxes when N = k², horizontal
//! strips otherwise — and is shuffled by random border swaps: a cell of region A next to
//! region B changes to B while a cell of B next to A changes to A; the swap is kept only when
//! both regions stay connected. Sizes never change, so every layout along the way is valid,
//! and a few swaps per cell wipe out the starting pattern.

use crate::grid::side_neighbours;
use crate::rng::{GenRng, RandomSource};

/// Swaps tried per cell of the grid.
const SWAPS_PER_CELL: usize = 6;

/// A random region label (0..n) per cell, row-major, each region connected with `n` cells.
pub fn random_regions(n: usize, rng: &mut GenRng) -> Vec<usize> {
    let k = (1..=n).find(|k| k * k == n);
    let mut region: Vec<usize> = (0..n * n)
        .map(|cell| match k {
            Some(k) => (cell / n / k) * k + (cell % n) / k,
            None => cell / n,
        })
        .collect();
    let neighbours = |cell: usize| side_neighbours(n, cell);
    let mut border_b = Vec::with_capacity(n * n);
    for _ in 0..SWAPS_PER_CELL * n * n {
        let a_cell = rng.below(n * n);
        let a = region[a_cell];
        let others: Vec<usize> = neighbours(a_cell).filter(|&p| region[p] != a).collect();
        if others.is_empty() {
            continue;
        }
        let b = region[others[rng.below(others.len())]];
        // A cell of B touching A, to go the other way.
        border_b.clear();
        border_b.extend(
            (0..n * n).filter(|&c| region[c] == b && neighbours(c).any(|p| region[p] == a)),
        );
        if border_b.is_empty() {
            continue;
        }
        let b_cell = border_b[rng.below(border_b.len())];
        region[a_cell] = b;
        region[b_cell] = a;
        if !connected(&region, n, a) || !connected(&region, n, b) {
            region[a_cell] = a;
            region[b_cell] = b;
        }
    }
    region
}

/// Whether the cells labelled `label` form one orthogonally connected piece.
fn connected(region: &[usize], n: usize, label: usize) -> bool {
    let Some(start) = region.iter().position(|&r| r == label) else {
        return true;
    };
    let mut seen = vec![false; n * n];
    let mut stack = vec![start];
    seen[start] = true;
    let mut reached = 0;
    while let Some(cell) = stack.pop() {
        reached += 1;
        for p in side_neighbours(n, cell) {
            if !seen[p] && region[p] == label {
                seen[p] = true;
                stack.push(p);
            }
        }
    }
    reached == region.iter().filter(|&&r| r == label).count()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn regions_are_connected_and_full_and_not_boxes() {
        for n in [4, 5, 7, 9, 12, 16] {
            let mut rng = GenRng::new(7, n as u64);
            let region = random_regions(n, &mut rng);
            for label in 0..n {
                assert_eq!(region.iter().filter(|&&r| r == label).count(), n);
                assert!(connected(&region, n, label), "{n}: region {label}");
            }
            let start = random_regions(n, &mut GenRng::new(8, n as u64));
            assert_ne!(region, start, "{n}: two seeds, one layout");
        }
    }
}
