//! Puzzles in a band of Sudoku Explainer's ER, by generating and rating — with two savings
//! over rating whole random puzzles until one fits.
//!
//! First, the rating has a ceiling ([`se::rate_board_below`]): SE walks its rules in increasing
//! difficulty, so once a step above the band is required the candidate is out, and the chain
//! searches a harder puzzle would need are never run. Second, a masking's removal sequence
//! P_0 (the full grid) … P_m (minimal) mostly gets harder as givens go, so the puzzle chosen
//! is not P_m alone: when P_m rates above the band, binary search finds the last P_k at most
//! the band's top (about log2(m) bounded ratings), which lands just under the jump above it —
//! and a band is a range, so that puzzle is often in it. A puzzle that singles solve rates at
//! most 2.3 (every SE rule tried before the naked single rates less), so those are never
//! rated during the search.
//!
//! Every puzzle returned carries the rating `rate --se` gives it: a bounded rating at most its
//! ceiling is the full one.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::grid::{Grid, Puzzle};
use crate::logic::Board;
use crate::logic::se::{self, Bounded, SeRating};

use super::fill::singles_closure;
use super::mask::prefix;
use super::stop::Stop;

/// The most a puzzle that singles solve can rate (SE's naked single, 2.3).
const SINGLES_CAP: u32 = 23;

/// A band of SE's ER, in tenths, both ends included; an open end is 0 or `u32::MAX`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SeBand {
    /// The lowest ER wanted, in tenths.
    pub min: u32,
    /// The highest ER wanted, in tenths (`u32::MAX`: no ceiling).
    pub max: u32,
}

/// Why a band's text was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum BandError {
    /// Not `A..B` with numbers.
    #[error(
        "expected an ER band such as 7.0..8.0 (either end may be open: 9.0.., ..3.0), not {0:?}"
    )]
    Syntax(String),
    /// An end outside SE's scale.
    #[error("ER {0} is outside 1.0..20.0")]
    OutOfScale(String),
    /// The low end above the high one.
    #[error("the band {0} is empty: its low end is above its high end")]
    Empty(String),
}

impl SeBand {
    /// Whether a rating's ER is in the band.
    pub fn contains(&self, er: u32) -> bool {
        (self.min..=self.max).contains(&er)
    }

    /// How far an ER is from the band, in tenths (0 inside it).
    pub fn distance(&self, er: u32) -> u32 {
        if er < self.min {
            self.min - er
        } else {
            er.saturating_sub(self.max)
        }
    }
}

impl FromStr for SeBand {
    type Err = BandError;

    /// `A..B`, `A..` or `..B`, ER as SE writes it (`7`, `7.0`, `8.5`; tenths at most).
    fn from_str(text: &str) -> Result<SeBand, BandError> {
        let (low, high) = text
            .trim()
            .split_once("..")
            .ok_or_else(|| BandError::Syntax(text.into()))?;
        let end = |part: &str, open: u32| -> Result<u32, BandError> {
            let part = part.trim();
            if part.is_empty() {
                return Ok(open);
            }
            let value: f64 = part.parse().map_err(|_| BandError::Syntax(text.into()))?;
            let tenths = (value * 10.0).round();
            if !value.is_finite() || (value * 10.0 - tenths).abs() > 1e-6 {
                return Err(BandError::Syntax(text.into()));
            }
            if !(10.0..=200.0).contains(&tenths) {
                return Err(BandError::OutOfScale(part.into()));
            }
            Ok(tenths as u32)
        };
        let band = SeBand {
            min: end(low, 0)?,
            max: end(high, u32::MAX)?,
        };
        if band.min > band.max {
            return Err(BandError::Empty(text.into()));
        }
        Ok(band)
    }
}

impl fmt::Display for SeBand {
    /// As it is written on the command line: `7.0..8.0`, `9.0..`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.min > 0 {
            write!(f, "{:.1}", self.min as f64 / 10.0)?;
        }
        f.write_str("..")?;
        if self.max < u32::MAX {
            write!(f, "{:.1}", self.max as f64 / 10.0)?;
        }
        Ok(())
    }
}

/// The bounded rating of a standard 9×9 puzzle known to have one solution; `None` when the
/// stop was reached (or, never on such a puzzle, SE found no step).
pub(crate) fn rate_below(givens: &Grid, ceiling: u32, stop: Stop<'_>) -> Option<Bounded> {
    let board = Board::from_puzzle(&Puzzle::from_grid(givens.clone()));
    se::rate_board_below(&board, ceiling, || stop.reached()).ok()
}

/// The rating of one puzzle when its ER is in the band.
pub(crate) fn rate_in(givens: &Grid, band: SeBand, stop: Stop<'_>) -> Option<SeRating> {
    match rate_below(givens, band.max, stop)? {
        Bounded::Rated(rating) if band.contains(rating.er) => Some(rating),
        _ => None,
    }
}

/// The puzzle along a masking's removal sequence whose ER is in the band, with its rating.
pub(crate) fn along_sequence(
    solution: &Grid,
    orbits: &[Vec<usize>],
    removed: &[usize],
    band: SeBand,
    stop: Stop<'_>,
) -> Option<(Grid, SeRating)> {
    let m = removed.len();
    let at = |k: usize| prefix(solution, orbits, removed, k);
    // Whether P_k rates at most the ceiling, and its rating when it was worked out; `None`
    // when the stop came first.
    let at_most = |givens: &Grid| -> Option<Result<Option<SeRating>, ()>> {
        if band.max >= SINGLES_CAP && singles_closure(givens).is_some_and(|g| g.is_complete()) {
            return Some(Ok(None));
        }
        match rate_below(givens, band.max, stop)? {
            Bounded::Rated(rating) => Some(Ok(Some(rating))),
            Bounded::Above(_) => Some(Err(())),
        }
    };
    let last = at(m);
    let (chosen, known) = match at_most(&last)? {
        Ok(rating) => (last, rating),
        Err(()) => {
            // Invariant: P_lo rates at most the ceiling, P_hi above it.
            let (mut lo, mut hi, mut lo_rating) = (0usize, m, None);
            while hi - lo > 1 {
                let mid = lo + (hi - lo) / 2;
                match at_most(&at(mid))? {
                    Ok(rating) => (lo, lo_rating) = (mid, rating),
                    Err(()) => hi = mid,
                }
            }
            (at(lo), lo_rating)
        }
    };
    let rating = match known {
        Some(rating) => rating,
        // Singles solve it: below 2.3, cheap to rate in full, and only wanted when the band
        // reaches that low.
        None if band.min <= SINGLES_CAP => match rate_below(&chosen, u32::MAX, stop)? {
            Bounded::Rated(rating) => rating,
            Bounded::Above(_) => return None,
        },
        None => return None,
    };
    band.contains(rating.er).then_some((chosen, rating))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bands_read_as_written_and_refuse_what_is_not_a_band() {
        let band = |t: &str| t.parse::<SeBand>();
        assert_eq!(band("7.0..8.0"), Ok(SeBand { min: 70, max: 80 }));
        assert_eq!(band("7..8.5"), Ok(SeBand { min: 70, max: 85 }));
        assert_eq!(
            band("9.0.."),
            Ok(SeBand {
                min: 90,
                max: u32::MAX
            })
        );
        assert_eq!(band("..3.0"), Ok(SeBand { min: 0, max: 30 }));
        assert!(matches!(band("7.0"), Err(BandError::Syntax(_))));
        assert!(matches!(band("7.05..8"), Err(BandError::Syntax(_))));
        assert!(matches!(band("a..8"), Err(BandError::Syntax(_))));
        assert!(matches!(band("0.5..8"), Err(BandError::OutOfScale(_))));
        assert!(matches!(band("8..7"), Err(BandError::Empty(_))));
        assert_eq!(band("9.0..").map(|b| b.to_string()), Ok("9.0..".into()));
        assert_eq!(band("..3").map(|b| b.to_string()), Ok("..3.0".into()));
    }

    #[test]
    fn the_distance_to_a_band_is_zero_inside_and_grows_outside() {
        let band = SeBand { min: 70, max: 80 };
        assert_eq!(band.distance(75), 0);
        assert_eq!(band.distance(70), 0);
        assert_eq!(band.distance(80), 0);
        assert_eq!(band.distance(62), 8);
        assert_eq!(band.distance(90), 10);
        assert!(band.contains(80) && !band.contains(81));
    }
}
