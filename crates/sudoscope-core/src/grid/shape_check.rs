//! Checking a [`ShapeSpec`] before a geometry is built from it, and putting it in canonical
//! form (regions numbered in the order of their first cells, cages sorted), so that two specs
//! of one shape build one geometry.
//!
//! Every refusal names the cell or region at fault: a shape comes from a file, a pasted Solo
//! ID or a player's hand-written text, and "bad shape" alone would leave them searching.

use super::cages::{CageArithmetic, MAX_KILLER_SIZE};
use super::error::{GridError, ShapeError};
use super::shape_spec::{Cage, JIGSAW_SIZES, SIZES, ShapeSpec, is_box_layout, side_neighbours};

/// A checked spec in canonical form: regions numbered by their first cell, cages sorted.
pub(super) struct Checked {
    pub size: usize,
    pub box_size: Option<usize>,
    pub regions: Option<Vec<u16>>,
    pub diagonals: bool,
    pub windows: bool,
    pub cages: Vec<Cage>,
}

fn name(size: usize, cell: usize) -> String {
    format!("r{}c{}", cell / size + 1, cell % size + 1)
}

/// Checks `spec` and returns it in canonical form.
pub(super) fn check(spec: ShapeSpec) -> Result<Checked, ShapeError> {
    let n = spec.size;
    if spec.diagonals && spec.windows {
        return Err(ShapeError::DiagonalsAndWindows);
    }
    let mut box_size = SIZES.iter().position(|&s| s == n).map(|i| i + 2);
    let regions = match spec.regions {
        None => {
            if box_size.is_none() {
                return Err(ShapeError::Grid(GridError::UnsupportedSize(n)));
            }
            None
        }
        Some(labels) => {
            let regions = check_regions(n, &labels)?;
            match is_box_layout(n, &regions) {
                Some(k) => {
                    box_size = Some(k);
                    None
                }
                None if JIGSAW_SIZES.contains(&n) => {
                    box_size = None;
                    Some(regions)
                }
                None => return Err(ShapeError::JigsawSize(n)),
            }
        }
    };
    if spec.windows && regions.is_some() {
        return Err(ShapeError::WindowsWithoutBoxes);
    }
    let cages = if spec.cages.is_empty() {
        Vec::new()
    } else {
        if regions.is_some() {
            return Err(ShapeError::CagesOnJigsaw);
        }
        if n > MAX_KILLER_SIZE {
            return Err(ShapeError::KillerSize {
                size: n,
                max: MAX_KILLER_SIZE,
            });
        }
        check_cages(n, spec.cages)?
    };
    Ok(Checked {
        size: n,
        box_size,
        regions,
        diagonals: spec.diagonals,
        windows: spec.windows,
        cages,
    })
}

/// Checks a region map (any labels) and renumbers its regions by their first cells.
fn check_regions(n: usize, labels: &[usize]) -> Result<Vec<u16>, ShapeError> {
    if !JIGSAW_SIZES.contains(&n) && !SIZES.contains(&n) {
        return Err(ShapeError::JigsawSize(n));
    }
    if labels.len() != n * n {
        return Err(ShapeError::RegionMapLength {
            found: labels.len(),
            expected: n * n,
        });
    }
    // Renumber: the region of cell 0 is 0, the next new label met is 1, ...
    let mut renumber: std::collections::HashMap<usize, u16> = std::collections::HashMap::new();
    let mut regions = Vec::with_capacity(n * n);
    for &label in labels {
        let next = renumber.len() as u16;
        regions.push(*renumber.entry(label).or_insert(next));
    }
    if renumber.len() != n {
        return Err(ShapeError::RegionCount {
            found: renumber.len(),
            expected: n,
        });
    }
    for r in 0..n as u16 {
        let cells: Vec<usize> = (0..n * n).filter(|&c| regions[c] == r).collect();
        if cells.len() != n {
            return Err(ShapeError::RegionSize {
                cell: name(n, cells[0]),
                found: cells.len(),
                expected: n,
            });
        }
        if let Some(apart) = cut_off(n, &cells) {
            return Err(ShapeError::RegionNotConnected {
                cell: name(n, cells[0]),
                apart: name(n, apart),
            });
        }
    }
    Ok(regions)
}

/// The first cell of `cells` (sorted) not joined side to side to the first one, if any.
fn cut_off(n: usize, cells: &[usize]) -> Option<usize> {
    let mut reached = vec![false; cells.len()];
    reached[0] = true;
    let mut stack = vec![cells[0]];
    while let Some(cell) = stack.pop() {
        for next in side_neighbours(n, cell) {
            if let Ok(i) = cells.binary_search(&next)
                && !reached[i]
            {
                reached[i] = true;
                stack.push(next);
            }
        }
    }
    reached.iter().position(|&r| !r).map(|i| cells[i])
}

/// Checks the cages of an N×N killer and sorts them (cells within each, cages by first cell).
fn check_cages(n: usize, mut cages: Vec<Cage>) -> Result<Vec<Cage>, ShapeError> {
    let count = n * n;
    let arithmetic = CageArithmetic::of(n);
    let mut owner = vec![usize::MAX; count];
    for (i, cage) in cages.iter_mut().enumerate() {
        cage.cells.sort_unstable();
        if let Some(&bad) = cage.cells.iter().find(|&&c| c >= count) {
            return Err(ShapeError::CageCellOutOfRange { cell: bad, count });
        }
        let Some(&first) = cage.cells.first() else {
            return Err(ShapeError::EmptyCage {
                cell: format!("cage {}", i + 1),
            });
        };
        for pair in cage.cells.windows(2) {
            if pair[0] == pair[1] {
                return Err(ShapeError::CageOverlap {
                    cell: name(n, pair[0]),
                });
            }
        }
        for &cell in &cage.cells {
            if owner[cell] != usize::MAX {
                return Err(ShapeError::CageOverlap {
                    cell: name(n, cell),
                });
            }
            owner[cell] = i;
        }
        let len = cage.cells.len();
        if len > n {
            return Err(ShapeError::CageTooLarge {
                cell: name(n, first),
                len,
                size: n,
            });
        }
        let (min, max) = arithmetic.sum_range(len);
        if !(min..=max).contains(&cage.sum) {
            return Err(ShapeError::ImpossibleSum {
                cell: name(n, first),
                sum: cage.sum,
                len,
                min,
                max,
            });
        }
        if let Some(apart) = cut_off(n, &cage.cells) {
            return Err(ShapeError::CageNotConnected {
                cell: name(n, first),
                apart: name(n, apart),
            });
        }
    }
    if let Some(cell) = owner.iter().position(|&o| o == usize::MAX) {
        return Err(ShapeError::Uncaged {
            cell: name(n, cell),
        });
    }
    let total: u32 = cages.iter().map(|c| c.sum).sum();
    let expected = (n * n * (n + 1) / 2) as u32;
    if total != expected {
        return Err(ShapeError::CageTotal {
            found: total,
            expected,
            size: n,
        });
    }
    cages.sort_unstable();
    Ok(cages)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(size: usize, regions: Vec<usize>) -> ShapeSpec {
        ShapeSpec {
            size,
            regions: Some(regions),
            ..ShapeSpec::default()
        }
    }

    #[test]
    fn regions_are_refused_by_name() {
        // 4×4: one region of 5 cells and one of 3.
        let err = check(spec(
            4,
            vec![0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 0, 3, 3],
        ))
        .err();
        assert_eq!(
            err.map(|e| e.to_string()),
            Some("the region at r1c1 has 5 cells, expected 4".into())
        );
        // Region 0 in two pieces: r1c1-r1c2 and r4c3-r4c4.
        let err = check(spec(
            4,
            vec![0, 0, 1, 1, 2, 2, 1, 1, 2, 2, 3, 3, 3, 3, 0, 0],
        ))
        .err();
        assert_eq!(
            err.map(|e| e.to_string()),
            Some("the region at r1c1 is not connected: r4c3 is cut off from it".into())
        );
        let err = check(spec(4, vec![0; 15])).err();
        assert!(matches!(
            err,
            Some(ShapeError::RegionMapLength { found: 15, .. })
        ));
        let err = check(spec(17, vec![0; 289])).err();
        assert!(matches!(err, Some(ShapeError::JigsawSize(17))));
    }

    #[test]
    fn cages_are_refused_by_name() {
        let cage = |cells: Vec<usize>, sum| Cage { cells, sum };
        let killer = |cages| ShapeSpec {
            size: 4,
            cages,
            ..ShapeSpec::default()
        };
        let err = |cages| check(killer(cages)).err().map(|e| e.to_string());
        assert_eq!(
            err(vec![cage(vec![0, 1], 8)]),
            Some("the cage at r1c1 cannot sum to 8: 2 different digits make 3 to 7".into())
        );
        assert_eq!(
            err(vec![cage(vec![0, 1], 3), cage(vec![1, 2], 3)]),
            Some("r1c2 is in two cages".into())
        );
        assert_eq!(
            err(vec![cage(vec![0, 5], 3)]),
            Some("the cage at r1c1 is not connected: r2c2 is cut off from it".into())
        );
        assert_eq!(
            err(vec![cage(vec![0, 1], 3)]),
            Some("r1c3 is in no cage: a killer's cages cover the grid".into())
        );
        let pairs: Vec<Cage> = (0..8).map(|p| cage(vec![2 * p, 2 * p + 1], 5)).collect();
        assert!(check(killer(pairs.clone())).is_ok());
        let mut short = pairs;
        short[3].sum = 4;
        assert_eq!(
            err(short),
            Some("the cages add up to 39, but a 4×4 grid adds up to 40".into())
        );
    }
}
