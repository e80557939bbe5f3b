//! Tuned masking (the MCM paper's second phase): landing on a target level.
//!
//! Random masking removes orbits one after another, and a puzzle generally gets harder as
//! givens go: the sequence of puzzles P_0 (the full grid, easy) … P_m (minimal) climbs through
//! the levels. Binary search along that sequence finds the last puzzle whose level is at most
//! the target with about log2(m) ratings instead of one per removal. The puzzle found is the
//! answer when its level is the target; when the sequence jumps over the target (or never
//! reaches it) the caller starts again with a new grid and order.
//!
//! Hardness is not strictly monotone along the sequence, so the search may settle on a local
//! boundary; the answer is still rated, and only a puzzle whose rating is the target level is
//! ever returned, so the level stays a promise.

use crate::grid::{Grid, Puzzle};
use crate::logic::rating::{Level, Rating, rate};

use super::mask::prefix;

/// The puzzle along the removal sequence whose level is `target`, with its rating.
pub fn along_sequence(
    solution: &Grid,
    orbits: &[Vec<usize>],
    removed: &[usize],
    target: Level,
    reached: &mut Vec<Level>,
) -> Option<(Grid, Rating)> {
    let mut rate_at = |k: usize| {
        let givens = prefix(solution, orbits, removed, k);
        let rating = rate(&Puzzle::from_grid(givens.clone()));
        if !reached.contains(&rating.level) {
            reached.push(rating.level);
        }
        (givens, rating)
    };
    let m = removed.len();
    if m == 0 {
        return None;
    }
    let last = rate_at(m);
    if last.1.level <= target {
        return (last.1.level == target).then_some(last);
    }
    // Invariant: level(P_lo) <= target < level(P_hi).
    let (mut lo, mut hi) = (0usize, m);
    let mut best = None;
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        let found = rate_at(mid);
        if found.1.level <= target {
            lo = mid;
            best = Some(found);
        } else {
            hi = mid;
        }
    }
    best.filter(|(_, rating)| rating.level == target)
}
