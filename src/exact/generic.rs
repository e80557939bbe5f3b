//! Generic exact solver (placeholder: being written).

use crate::grid::{Digits, Geometry};

/// Counts solutions up to `limit`; writes the first into `solution`.
pub fn count_solutions(
    _geometry: &Geometry,
    _candidates: &[Digits],
    _limit: usize,
    _solution: &mut Vec<u8>,
) -> usize {
    0
}
