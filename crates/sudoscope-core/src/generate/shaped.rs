//! Killer and jigsaw puzzles: shapes the classic generator does not make.
//!
//! * Jigsaw: random connected regions (`regions`), a random complete grid of that shape,
//!   then givens removed in random order while the puzzle stays unique. For a level, the
//!   removal sequence is searched (bisection on how many removals are kept) for a prefix the
//!   rating puts at that level: houses are data, so the classic techniques rate jigsaws.
//! * Killer: a random complete grid, then cages. The layout starts from random dominoes (or
//!   single cells where none fits) and merges neighbouring cages with disjoint digits, the
//!   smallest first, keeping a merge while the puzzle, with zero givens, stays unique and
//!   still judged at or below the level (Simon Tatham's approach in Solo). Each trial is one
//!   count of the generic solver with the cages laid over the classic geometry, no geometry
//!   built per trial. With `givens` the cages are merged freely and givens added where two
//!   solutions differ, then removed again while unique.
//!
//! A killer's level comes from a [`KillerJudge`]. Until the hint engine knows cage
//! techniques, the built-in judge is [`KillerJudge::Effort`]: the largest cage and whether
//! the exact solver's propagation (cage combinations, singles, locked candidates) finishes
//! without guessing — a proxy, documented as such; a caller with a killer rating passes
//! [`KillerJudge::Rating`].

use std::time::Instant;

use crate::exact::generic::Solver;
use crate::grid::side_neighbours;
use crate::grid::{Cage, Digits, Geometry, Grid, JIGSAW_SIZES, Puzzle, ShapeSpec, Variant};
use crate::logic::rating::{Level, Rating, rate};
use crate::rng::{GenRng, RandomSource};

use super::fill::{FillFailure, fill};
use super::regions::random_regions;
use super::stop::Stop;
use super::{GenerateError, human};

/// What to make.
#[derive(Clone, Debug, PartialEq)]
pub struct ShapedOptions {
    /// Killer, KillerX, Jigsaw or JigsawX.
    pub variant: Variant,
    /// N: 4, 9 or 16 for killers, 4..=16 for jigsaws.
    pub size: usize,
    /// The level to reach; `None` = any.
    pub level: Option<Level>,
    /// Killer only: allow givens besides the cages.
    pub givens: bool,
    /// The seed: same options and seed, same puzzles.
    pub seed: u64,
    /// The time budget of one puzzle.
    pub timeout: std::time::Duration,
}

/// A generated killer or jigsaw.
#[derive(Clone, Debug)]
pub struct Shaped {
    /// The puzzle, on its shape.
    pub puzzle: Puzzle,
    /// Its one solution.
    pub solution: Grid,
    /// The level it was judged at (`None` when no level was asked for).
    pub level: Option<Level>,
    /// The full rating, for jigsaws made to a level.
    pub rating: Option<Rating>,
}

/// How a killer's level is judged while its cages are merged.
pub enum KillerJudge<'a> {
    /// Built in, until killer techniques rate killers: easy = cages of at most 3 cells and no
    /// guess needed by the exact solver's propagation, medium = at most 4 and no guess, hard =
    /// at most 5 and at most [`HARD_MAX_NODES`] guesses, evil = anything unique whose proof
    /// takes the solver's plain search (no lookahead restart, about a thousand nodes).
    Effort,
    /// A rating of the candidate puzzle (called for every merge tried).
    Rating(&'a dyn Fn(&Puzzle) -> Level),
}

/// The most search nodes a hard killer may need under [`KillerJudge::Effort`].
pub const HARD_MAX_NODES: u64 = 20;

/// The largest cage an evil killer gets.
const EVIL_MAX_CAGE: usize = 7;

/// The `index`-th killer or jigsaw of `options.seed`, judged by [`KillerJudge::Effort`].
pub fn generate_shaped(options: &ShapedOptions, index: u64) -> Result<Shaped, GenerateError> {
    generate_shaped_with(options, index, &KillerJudge::Effort)
}

/// As [`generate_shaped`], with the judge of killer levels given.
pub fn generate_shaped_with(
    options: &ShapedOptions,
    index: u64,
    judge: &KillerJudge<'_>,
) -> Result<Shaped, GenerateError> {
    let n = options.size;
    let ok_size = match options.variant {
        Variant::Killer | Variant::KillerX => matches!(n, 4 | 9 | 16),
        Variant::Jigsaw | Variant::JigsawX => JIGSAW_SIZES.contains(&n),
        _ => false,
    };
    if !options.variant.has_cages() && !options.variant.has_irregular_regions() {
        return Err(GenerateError::Unsupported(format!(
            "{} is not a killer or jigsaw variant",
            options.variant
        )));
    }
    if !ok_size {
        return Err(GenerateError::Unsupported(format!(
            "{} puzzles come in sizes {}, not {n}",
            options.variant,
            if options.variant.has_cages() {
                "4, 9 and 16"
            } else {
                "4 to 16"
            }
        )));
    }
    let deadline = Instant::now() + options.timeout;
    let stop = Stop::at(deadline);
    let mut rng = GenRng::new(options.seed, index);
    let mut solver = Solver::default();
    let mut attempts = 0;
    while !stop.reached() {
        attempts += 1;
        let made = if options.variant.has_cages() {
            killer(options, judge, &mut rng, &mut solver, stop)
        } else {
            jigsaw(options, &mut rng, &mut solver, stop)
        };
        if let Some(shaped) = made? {
            return Ok(shaped);
        }
    }
    let level = options.level.map_or(String::new(), |l| format!("{l} "));
    Err(GenerateError::Timeout(format!(
        "no {level}{n}×{n} {} puzzle found within {} ({attempts} attempts)",
        options.variant,
        human(options.timeout)
    )))
}

/// One jigsaw attempt: `None` when this layout or masking did not give the level.
fn jigsaw(
    options: &ShapedOptions,
    rng: &mut GenRng,
    solver: &mut Solver,
    stop: Stop<'_>,
) -> Result<Option<Shaped>, GenerateError> {
    let n = options.size;
    let spec = ShapeSpec {
        size: n,
        regions: Some(random_regions(n, rng)),
        diagonals: options.variant.has_diagonals(),
        windows: false,
        cages: Vec::new(),
    };
    let shape = Geometry::shaped(spec).map_err(|e| GenerateError::Unsupported(e.to_string()))?;
    let solution = match fill(&shape, rng, stop) {
        Ok(grid) => grid,
        // This layout has no complete grid (or the time ran out): try another.
        Err(FillFailure::Unsatisfiable | FillFailure::Timeout) => return Ok(None),
    };
    let mut order: Vec<usize> = (0..shape.cell_count()).collect();
    rng.shuffle(&mut order);
    let mut cand: Vec<Digits> = solution
        .cells()
        .iter()
        .map(|&d| Digits::single(d))
        .collect();
    let all = Digits::all(n);
    let mut removed = Vec::new();
    let mut scratch = Vec::new();
    for &cell in &order {
        if stop.reached() {
            return Ok(None);
        }
        cand[cell] = all;
        if solver.count(&shape, &cand, 2, &mut scratch) == 1 {
            removed.push(cell);
        } else {
            cand[cell] = Digits::single(solution.get(cell));
        }
    }
    let with_removed = |k: usize| -> Puzzle {
        let mut cells = solution.cells().to_vec();
        for &c in &removed[..k] {
            cells[c] = 0;
        }
        let grid = Grid::from_cells(&shape, cells).unwrap_or_else(|_| Grid::empty(&shape));
        Puzzle::from_grid(grid)
    };
    let Some(target) = options.level else {
        return Ok(Some(Shaped {
            puzzle: with_removed(removed.len()),
            solution,
            level: None,
            rating: None,
        }));
    };
    // The level rises (roughly) with the removals: bisect for the most removals rated at or
    // below the target, and keep it when it is the target.
    let full = rate(&with_removed(removed.len()));
    let (puzzle, rating) = if full.level <= target {
        (with_removed(removed.len()), full)
    } else {
        let (mut lo, mut hi) = (0, removed.len());
        let mut best = None;
        while lo + 1 < hi {
            let mid = (lo + hi) / 2;
            let rating = rate(&with_removed(mid));
            if rating.level <= target {
                best = Some((mid, rating));
                lo = mid;
            } else {
                hi = mid;
            }
        }
        match best {
            Some((k, rating)) => (with_removed(k), rating),
            None => return Ok(None),
        }
    };
    if rating.level != target {
        return Ok(None);
    }
    Ok(Some(Shaped {
        puzzle,
        solution,
        level: Some(target),
        rating: Some(rating),
    }))
}

/// The largest cage a level allows under the effort judge.
fn max_cage(level: Option<Level>) -> usize {
    match level {
        Some(Level::Easy) => 3,
        Some(Level::Medium) => 4,
        Some(Level::Hard) => 5,
        Some(Level::Evil) | None => EVIL_MAX_CAGE,
    }
}

/// The effort judge's level of a unique killer: its largest cage and the solver's nodes.
fn effort_level(largest: usize, nodes: u64) -> Level {
    match (largest, nodes) {
        (..=3, 0) => Level::Easy,
        (..=4, 0) => Level::Medium,
        (..=5, n) if n <= HARD_MAX_NODES => Level::Hard,
        _ => Level::Evil,
    }
}

/// One killer attempt.
fn killer(
    options: &ShapedOptions,
    judge: &KillerJudge<'_>,
    rng: &mut GenRng,
    solver: &mut Solver,
    stop: Stop<'_>,
) -> Result<Option<Shaped>, GenerateError> {
    let n = options.size;
    let base_variant = if options.variant.has_diagonals() {
        Variant::X
    } else {
        Variant::Standard
    };
    let base =
        Geometry::get(n, base_variant).map_err(|e| GenerateError::Unsupported(e.to_string()))?;
    let solution = match fill(base, rng, stop) {
        Ok(grid) => grid,
        Err(_) => return Ok(None),
    };
    let digits = solution.cells();
    let cells = n * n;
    let cap = match judge {
        KillerJudge::Effort => max_cage(options.level),
        KillerJudge::Rating(_) => EVIL_MAX_CAGE,
    };
    let neighbours = |cell: usize| side_neighbours(n, cell);
    // cage[cell]: the cage's label (the label of a merged cage is the smaller one).
    let mut cage: Vec<usize> = (0..cells).collect();
    let mut order: Vec<usize> = (0..cells).collect();
    rng.shuffle(&mut order);
    for &cell in &order {
        if cage[cell] != cell || cage.iter().filter(|&&k| k == cell).count() > 1 {
            continue;
        }
        let free: Vec<usize> = neighbours(cell)
            .filter(|&p| cage.iter().filter(|&&k| k == cage[p]).count() == 1)
            .collect();
        if let Some(&p) = free.get(rng.below(free.len().max(1))) {
            let label = cell.min(p);
            cage[cell] = label;
            cage[p] = label;
        }
    }
    let all = vec![Digits::all(n); cells];
    let mut scratch = Vec::new();
    let to_cages = |cage: &[usize]| -> Vec<Cage> {
        let mut out: Vec<Cage> = Vec::new();
        let mut index = vec![usize::MAX; cells];
        for cell in 0..cells {
            let k = cage[cell];
            if index[k] == usize::MAX {
                index[k] = out.len();
                out.push(Cage {
                    cells: Vec::new(),
                    sum: 0,
                });
            }
            let c = &mut out[index[k]];
            c.cells.push(cell);
            c.sum += u32::from(digits[cell]);
        }
        out
    };
    // Whether a layout is acceptable: unique with zero givens and judged at most the level.
    let mut judged = |cage: &[usize], solver: &mut Solver| -> Option<Level> {
        let cages = to_cages(cage);
        if solver.count_with_cages_bounded(base, &cages, &all, 2, &mut scratch) != Some(1) {
            return None;
        }
        let level = match judge {
            KillerJudge::Effort => {
                let largest = cages.iter().map(|c| c.cells.len()).max().unwrap_or(0);
                effort_level(largest, solver.nodes())
            }
            KillerJudge::Rating(rate) => rate(&puzzle_of(base, options, &cages, &vec![0; cells])?),
        };
        options.level.is_none_or(|t| level <= t).then_some(level)
    };
    let uniqueness = !options.givens;
    let mut level = if uniqueness {
        judged(&cage, solver)
    } else {
        None
    };
    if uniqueness && level.is_none() {
        // The dominoes already allow two solutions: start from single cells.
        cage = (0..cells).collect();
        level = judged(&cage, solver);
    }
    let mut rejected: std::collections::HashSet<(usize, usize, usize)> = Default::default();
    loop {
        if stop.reached() {
            return Ok(None);
        }
        let mut size = vec![0usize; cells];
        let mut held = vec![0u64; cells];
        for cell in 0..cells {
            size[cage[cell]] += 1;
            held[cage[cell]] |= 1 << digits[cell];
        }
        let mut pairs: Vec<(usize, usize)> = Vec::new();
        for cell in 0..cells {
            for p in neighbours(cell) {
                let (a, b) = (cage[cell], cage[p]);
                if a < b
                    && size[a] + size[b] <= cap
                    && held[a] & held[b] == 0
                    && !rejected.contains(&(a, b, size[a] + size[b]))
                    && !pairs.contains(&(a, b))
                {
                    pairs.push((a, b));
                }
            }
        }
        if pairs.is_empty() {
            break;
        }
        rng.shuffle(&mut pairs);
        pairs.sort_by_key(|&(a, b)| size[a] + size[b]);
        let (a, b) = pairs[0];
        let before = cage.clone();
        for k in cage.iter_mut() {
            if *k == b {
                *k = a;
            }
        }
        if uniqueness {
            match judged(&cage, solver) {
                Some(l) => level = Some(l),
                None => {
                    rejected.insert((a, b, size[a] + size[b]));
                    cage = before;
                }
            }
        }
    }
    let cages = to_cages(&cage);
    let mut givens = vec![0u8; cells];
    if options.givens {
        // Givens where two solutions differ, then removed again while unique.
        loop {
            let cand = given_candidates(&givens, n);
            let mut first = Vec::new();
            if solver.count_with_cages(base, &cages, &cand, 1, &mut first) == 0 {
                return Ok(None);
            }
            if solver.count_with_cages(base, &cages, &cand, 2, &mut scratch) == 1 {
                break;
            }
            // The first solution found differs from ours somewhere, or some other one does:
            // give the first open cell where it differs, else a random open cell.
            let differing = (0..cells).find(|&c| givens[c] == 0 && first[c] != digits[c]);
            let open: Vec<usize> = (0..cells).filter(|&c| givens[c] == 0).collect();
            let cell = differing.unwrap_or_else(|| open[rng.below(open.len())]);
            givens[cell] = digits[cell];
        }
        let mut given_cells: Vec<usize> = (0..cells).filter(|&c| givens[c] != 0).collect();
        rng.shuffle(&mut given_cells);
        for cell in given_cells {
            givens[cell] = 0;
            let cand = given_candidates(&givens, n);
            if solver.count_with_cages(base, &cages, &cand, 2, &mut scratch) != 1 {
                givens[cell] = digits[cell];
            }
        }
        let largest = cages.iter().map(|c| c.cells.len()).max().unwrap_or(0);
        level = Some(effort_level(largest, solver.nodes()));
    }
    if let Some(target) = options.level
        && level != Some(target)
    {
        return Ok(None);
    }
    let Some(puzzle) = puzzle_of(base, options, &cages, &givens) else {
        return Ok(None);
    };
    let solution = Grid::from_cells(puzzle.geometry(), digits.to_vec())
        .map_err(|e| GenerateError::Unsupported(e.to_string()))?;
    Ok(Some(Shaped {
        puzzle,
        solution,
        level: options.level.and(level),
        rating: None,
    }))
}

/// The killer puzzle of cages and givens on the base geometry's houses.
fn puzzle_of(
    base: &Geometry,
    options: &ShapedOptions,
    cages: &[Cage],
    givens: &[u8],
) -> Option<Puzzle> {
    let spec = ShapeSpec {
        size: base.size(),
        regions: None,
        diagonals: options.variant.has_diagonals(),
        windows: false,
        cages: cages.to_vec(),
    };
    let shape = Geometry::shaped(spec).ok()?;
    let grid = Grid::from_cells(&shape, givens.to_vec()).ok()?;
    Some(Puzzle::from_grid(grid))
}

/// The candidates givens leave before any propagation: a given's own digit, every digit
/// elsewhere (the solver does the rest).
fn given_candidates(givens: &[u8], n: usize) -> Vec<Digits> {
    givens
        .iter()
        .map(|&g| {
            if g == 0 {
                Digits::all(n)
            } else {
                Digits::single(g)
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn options(variant: Variant, size: usize, level: Option<Level>, seed: u64) -> ShapedOptions {
        ShapedOptions {
            variant,
            size,
            level,
            givens: false,
            seed,
            timeout: Duration::from_secs(60),
        }
    }

    #[test]
    fn killers_are_unique_zero_given_and_reproducible() {
        for (variant, level, seed) in [
            (Variant::Killer, Some(Level::Easy), 1),
            (Variant::Killer, Some(Level::Medium), 2),
            (Variant::KillerX, Some(Level::Easy), 3),
        ] {
            let o = options(variant, 9, level, seed);
            let made = generate_shaped(&o, 0).unwrap();
            assert_eq!(made.puzzle.givens.filled_count(), 0);
            assert_eq!(crate::exact::count(&made.puzzle, 2).solutions, 1);
            assert!(made.solution.is_solved());
            assert_eq!(made.level, level);
            let largest = made.puzzle.geometry().cages().iter().map(|c| c.cells.len());
            assert!(largest.max().unwrap_or(0) <= max_cage(level));
            let again = generate_shaped(&o, 0).unwrap();
            assert_eq!(
                again.puzzle.geometry().cages(),
                made.puzzle.geometry().cages()
            );
        }
    }

    #[test]
    fn killer_with_givens_is_unique() {
        let o = ShapedOptions {
            givens: true,
            ..options(Variant::Killer, 9, None, 4)
        };
        let made = generate_shaped(&o, 0).unwrap();
        assert_eq!(crate::exact::count(&made.puzzle, 2).solutions, 1);
        assert!(made.puzzle.givens.is_extended_by(&made.solution));
    }

    #[test]
    fn jigsaws_are_unique_and_irregular() {
        for (variant, size, level) in [
            (Variant::Jigsaw, 9, None),
            (Variant::Jigsaw, 6, None),
            (Variant::JigsawX, 9, None),
            (Variant::Jigsaw, 9, Some(Level::Easy)),
        ] {
            let made = generate_shaped(&options(variant, size, level, 5), 0).unwrap();
            let g = made.puzzle.geometry();
            assert_eq!(g.size(), size);
            assert!(
                g.box_size().is_none(),
                "{variant} {size}: regions are boxes"
            );
            assert_eq!(crate::exact::count(&made.puzzle, 2).solutions, 1);
            assert!(made.puzzle.givens.is_extended_by(&made.solution));
            if let Some(level) = level {
                assert_eq!(made.rating.map(|r| r.level), Some(level));
            }
        }
    }

    #[test]
    fn refuses_what_it_cannot_make() {
        assert!(generate_shaped(&options(Variant::Killer, 25, None, 0), 0).is_err());
        assert!(generate_shaped(&options(Variant::Jigsaw, 17, None, 0), 0).is_err());
        assert!(generate_shaped(&options(Variant::Standard, 9, None, 0), 0).is_err());
    }
}
