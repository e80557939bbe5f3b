//! The canonical form as its definition reads: every one of the 3,359,232 geometric
//! transformations, each with its best relabelling, the smallest string kept. Thousands of
//! times slower than the search; it exists to check the search against.

use super::{CanonError, Cells, TRANSFORMATIONS, check, transposed};

/// The canonical (minlex) form computed by trying every transformation in turn.
///
/// Each candidate is compared with the best so far while it is being written, and dropped at
/// the first cell where it is larger; nothing else is skipped. Takes tens of milliseconds a
/// puzzle: use [`super::minlex`] for real work.
pub fn brute_force_minlex(cells: &Cells) -> Result<Cells, CanonError> {
    check(cells)?;
    let line_orders = line_orders();
    debug_assert_eq!(
        2 * line_orders.len() * line_orders.len(),
        TRANSFORMATIONS as usize
    );
    let mut best = [u8::MAX; 81];
    let mut candidate = [0u8; 81];
    for grid in [*cells, transposed(cells)] {
        for rows in &line_orders {
            let mut by_rows = [0u8; 81];
            for (target, &source) in rows.iter().enumerate() {
                let source = source as usize * 9;
                by_rows[target * 9..target * 9 + 9].copy_from_slice(&grid[source..source + 9]);
            }
            for cols in &line_orders {
                if write_if_smaller(&by_rows, cols, &best, &mut candidate) {
                    best = candidate;
                }
            }
        }
    }
    Ok(best)
}

/// Writes `grid` with its columns in `cols` order and digits numbered by first appearance
/// into `candidate`, stopping early (false) once it is larger than `best`; true when it is
/// smaller.
fn write_if_smaller(grid: &Cells, cols: &[u8; 9], best: &Cells, candidate: &mut Cells) -> bool {
    let mut labels = [0u8; 10];
    let mut next_label = 1;
    let mut smaller = false;
    for cell in 0..81 {
        let digit = grid[cell / 9 * 9 + cols[cell % 9] as usize] as usize;
        let value = if digit == 0 {
            0
        } else {
            if labels[digit] == 0 {
                labels[digit] = next_label;
                next_label += 1;
            }
            labels[digit]
        };
        if !smaller {
            if value > best[cell] {
                return false;
            }
            smaller = value < best[cell];
        }
        candidate[cell] = value;
    }
    smaller
}

/// The 1,296 orders of nine lines that keep chutes together: the chutes permuted, and the
/// lines within each chute permuted; entry `i` is the source line placed at position `i`.
fn line_orders() -> Vec<[u8; 9]> {
    const PERMS: [[u8; 3]; 6] = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let mut orders = Vec::with_capacity(1296);
    for chutes in PERMS {
        for a in PERMS {
            for b in PERMS {
                for c in PERMS {
                    let mut order = [0u8; 9];
                    for (i, within) in [a, b, c].iter().enumerate() {
                        for j in 0..3 {
                            order[i * 3 + j] = chutes[i] * 3 + within[j];
                        }
                    }
                    orders.push(order);
                }
            }
        }
    }
    orders
}
