//! Tuned masking (the MCM paper's second phase): landing on a target level.
//!
//! Random masking removes orbits one after another, and a puzzle generally gets harder as
//! givens go: the sequence of puzzles P_0 (the full grid, easy) … P_m (minimal) climbs through
//! the levels. Binary search along that sequence finds the last puzzle whose level is at most
//! the target with about log2(m) checks instead of one per removal. The puzzle found is the
//! answer when its level is the target; when the sequence jumps over the target (or never
//! reaches it) the caller starts again with a new masking order.
//!
//! "Level at most L" is decided without rating the whole puzzle: it holds exactly when the
//! logical walk restricted to the techniques of levels up to L (`rate_with`'s walk) solves the
//! puzzle (the rating's
//! path always takes the easiest technique that applies, so it only needs a harder one where
//! the restricted walk is stuck). That skips the expensive chain searches on every puzzle that
//! is too hard; the full rating runs once, on the answer.
//!
//! Hardness is not strictly monotone along the sequence, so the search may settle on a local
//! boundary; the answer is still rated in full, and only a puzzle whose rating is the target
//! level is ever returned, so the level stays a promise.

use crate::grid::{Grid, Puzzle};
use crate::logic::Board;
use crate::logic::path;
use crate::logic::rating::{Level, Rating, rate, technique_level};
use crate::logic::technique::Technique;

use super::fill::singles_closure;
use super::mask::prefix;

/// Failed attempts whose level is pinned down exactly for the timeout message.
const PINNED_ATTEMPTS: usize = 2;

/// Decides "level at most L" with the restricted walks, one technique list per level.
pub struct LevelCheck {
    up_to: Vec<Vec<Technique>>,
}

impl LevelCheck {
    pub fn new() -> LevelCheck {
        let all = path::order(&[]);
        let up_to = Level::ALL
            .iter()
            .map(|&l| {
                all.iter()
                    .copied()
                    .filter(|&t| technique_level(t) <= l)
                    .collect()
            })
            .collect();
        LevelCheck { up_to }
    }

    /// Whether the puzzle's level is at most `level`: the restricted walk of the rating
    /// ([`rate_with`](crate::logic::rating::rate_with) without its score and WNEF), started from the singles' fixpoint that
    /// the generator's own propagation reaches in microseconds (the walk's first phase would
    /// reach the same board step by step).
    pub fn at_most(&self, givens: &Grid, level: Level) -> bool {
        if level == Level::Evil {
            return true;
        }
        let Some(closed) = singles_closure(givens) else {
            return false;
        };
        if closed.is_complete() {
            return true;
        }
        if level == Level::Easy {
            return false;
        }
        let index = Level::ALL.iter().position(|&l| l == level).unwrap_or(0);
        let mut board = Board::from_puzzle(&Puzzle::from_grid(closed));
        path::walk(&mut board, &self.up_to[index], true, |_, _| {}).solved
    }
}

/// Adds the exact levels of the failed attempts [`along_sequence`] kept unpinned (each known
/// to be at most `below`) to `reached`: the timeout message names them.
pub fn pin_levels(check: &LevelCheck, unpinned: &[(Grid, Level)], reached: &mut Vec<Level>) {
    for (chosen, below) in unpinned {
        let level = Level::ALL
            .into_iter()
            .take_while(|l| l < below)
            .find(|&l| check.at_most(chosen, l))
            .unwrap_or(*below);
        if !reached.contains(&level) {
            reached.push(level);
        }
    }
}

/// The puzzle along the removal sequence whose level is `target`, with its full rating when
/// `with_rating`.
#[allow(clippy::too_many_arguments)]
pub fn along_sequence(
    check: &LevelCheck,
    solution: &Grid,
    orbits: &[Vec<usize>],
    removed: &[usize],
    target: Level,
    with_rating: bool,
    reached: &mut Vec<Level>,
    unpinned: &mut Vec<(Grid, Level)>,
    attempts_so_far: usize,
) -> Option<(Grid, Option<Rating>)> {
    let m = removed.len();
    if m == 0 {
        return None;
    }
    let at = |k: usize| prefix(solution, orbits, removed, k);
    let last = at(m);
    let chosen = if check.at_most(&last, target) {
        last
    } else {
        // Invariant: level(P_lo) <= target < level(P_hi).
        let (mut lo, mut hi) = (0usize, m);
        while hi - lo > 1 {
            let mid = lo + (hi - lo) / 2;
            if check.at_most(&at(mid), target) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        at(lo)
    };
    // `chosen` is at most the target; it is the target unless it is at most the level below.
    let below = Level::ALL
        .iter()
        .position(|&l| l == target)
        .and_then(|i| i.checked_sub(1))
        .map(|i| Level::ALL[i]);
    if let Some(below) = below.filter(|&b| check.at_most(&chosen, b)) {
        // Record the level reached instead, for the timeout message. Pinning it down takes
        // more walks (a quarter of an evil puzzle's time when every failure paid for them),
        // so the first failures are kept and pinned only if the deadline passes
        // ([`pin_levels`]); later ones record it when it is free (easy: the singles'
        // fixpoint).
        if attempts_so_far <= PINNED_ATTEMPTS {
            unpinned.push((chosen, below));
        } else if check.at_most(&chosen, Level::Easy) && !reached.contains(&Level::Easy) {
            reached.push(Level::Easy);
        }
        return None;
    }
    if !with_rating {
        if !reached.contains(&target) {
            reached.push(target);
        }
        return Some((chosen, None));
    }
    let rating = rate(&Puzzle::from_grid(chosen.clone()));
    if !reached.contains(&rating.level) {
        reached.push(rating.level);
    }
    (rating.level == target).then_some((chosen, Some(rating)))
}
