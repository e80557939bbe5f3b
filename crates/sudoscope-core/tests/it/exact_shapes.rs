//! The exact solver on killer and jigsaw shapes: Simon Tatham's Solo puzzles (unique by
//! construction) count to exactly one and their solution keeps every rule, and on random 4×4
//! killers and jigsaws the counts agree with a brute-force enumeration that knows only the
//! rules (no propagation, no cage arithmetic).

use std::path::PathBuf;

use proptest::prelude::*;
use sudoscope_core::exact;
use sudoscope_core::grid::{Cage, Geometry, Grid, Puzzle, ShapeSpec};
use sudoscope_core::rng::{GenRng, RandomSource};
use sudoscope_testkit::solo;

fn fixture(name: &str) -> Vec<String> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/solo")
        .join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(str::to_string)
        .collect()
}

fn check_unique(file: &str) {
    let ids = fixture(file);
    assert!(ids.len() >= 10, "{file}: too few puzzles");
    for id in &ids {
        let read = solo::read(id).unwrap_or_else(|e| panic!("{file}: {e}: {id}"));
        let puzzle = read
            .puzzle()
            .unwrap_or_else(|e| panic!("{file}: {e}: {id}"));
        let count = exact::count(&puzzle, 2);
        assert_eq!(count.solutions, 1, "{file}: {id}");
        let solution = count.first.expect("a solution");
        assert!(solution.is_solved(), "{file}: broken solution for {id}");
        assert!(puzzle.givens.is_extended_by(&solution), "{file}: {id}");
        // Two cages whose digits differ merged into one: the solution still counts (the
        // pruning never loses a solution), and the puzzle usually has more.
        let cages = &read.spec.cages;
        let digits = |k: usize| -> u64 {
            cages[k]
                .cells
                .iter()
                .map(|&c| 1u64 << solution.get(c))
                .sum()
        };
        let pair = (0..cages.len())
            .flat_map(|a| (a + 1..cages.len()).map(move |b| (a, b)))
            .find(|&(a, b)| {
                let touch = cages[a].cells.iter().any(|&x| {
                    cages[b].cells.iter().any(|&y| {
                        (x + 1 == y && y % 9 != 0)
                            || (y + 1 == x && x % 9 != 0)
                            || x + 9 == y
                            || y + 9 == x
                    })
                });
                touch && digits(a) & digits(b) == 0
            });
        if let Some((a, b)) = pair {
            let mut spec = read.spec.clone();
            let second = spec.cages.remove(b);
            let first = &mut spec.cages[a];
            first.cells.extend(second.cells);
            first.cells.sort_unstable();
            first.sum += second.sum;
            let shape = Geometry::shaped(spec).unwrap_or_else(|e| panic!("{file}: {e}"));
            let grid = Grid::from_cells(&shape, read.givens.clone()).unwrap();
            let merged = exact::count(&Puzzle::from_grid(grid), 2);
            assert!(
                merged.solutions >= 1,
                "{file}: merging cages lost the solution"
            );
        }
    }
}

#[test]
fn solo_killers_are_unique() {
    for file in ["3x3kdu.txt", "3x3kdi.txt", "3x3kda.txt", "3x3kde.txt"] {
        check_unique(file);
    }
}

#[test]
fn solo_killer_x_are_unique() {
    check_unique("3x3xkdu.txt");
}

#[test]
fn solo_jigsaws_are_unique() {
    check_unique("9jdu.txt");
    check_unique("9jxdu.txt");
}

/// Counts the solutions of a spec and givens by plain backtracking over the rules: distinct
/// digits in rows, columns, regions, diagonals and cages; cage sums checked when a cage is
/// full. Capped at `limit`.
fn brute_force(spec: &ShapeSpec, givens: &[u8], limit: usize) -> usize {
    let n = spec.size;
    let region = |c: usize| match &spec.regions {
        Some(r) => r[c],
        None => {
            let k = (n as f64).sqrt() as usize;
            (c / n / k) * k + (c % n) / k
        }
    };
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for i in 0..n {
        groups.push((0..n).map(|j| i * n + j).collect());
        groups.push((0..n).map(|j| j * n + i).collect());
    }
    let mut by_region: std::collections::BTreeMap<usize, Vec<usize>> = Default::default();
    for c in 0..n * n {
        by_region.entry(region(c)).or_default().push(c);
    }
    groups.extend(by_region.into_values());
    if spec.diagonals {
        groups.push((0..n).map(|i| i * n + i).collect());
        groups.push((0..n).map(|i| i * n + n - 1 - i).collect());
    }
    groups.extend(spec.cages.iter().map(|c| c.cells.clone()));
    let mut grid = givens.to_vec();
    fn ok(grid: &[u8], groups: &[Vec<usize>], spec: &ShapeSpec) -> bool {
        for g in groups {
            let mut seen = 0u64;
            for &c in g {
                let d = grid[c];
                if d != 0 {
                    if seen & (1 << d) != 0 {
                        return false;
                    }
                    seen |= 1 << d;
                }
            }
        }
        spec.cages.iter().all(|cage| {
            let digits: Vec<u32> = cage.cells.iter().map(|&c| u32::from(grid[c])).collect();
            let s: u32 = digits.iter().sum();
            if digits.contains(&0) {
                s < cage.sum
            } else {
                s == cage.sum
            }
        })
    }
    fn go(
        grid: &mut Vec<u8>,
        at: usize,
        groups: &[Vec<usize>],
        spec: &ShapeSpec,
        limit: usize,
    ) -> usize {
        if at == grid.len() {
            return 1;
        }
        if grid[at] != 0 {
            return go(grid, at + 1, groups, spec, limit);
        }
        let mut found = 0;
        for d in 1..=spec.size as u8 {
            grid[at] = d;
            if ok(grid, groups, spec) {
                found += go(grid, at + 1, groups, spec, limit - found);
                if found >= limit {
                    break;
                }
            }
        }
        grid[at] = 0;
        found
    }
    if !ok(&grid, groups.as_slice(), spec) {
        return 0;
    }
    go(&mut grid, 0, &groups, spec, limit)
}

/// A random 4×4 Latin-ish solution of the spec's rows, columns and regions (none when the
/// regions allow none), by randomised backtracking.
fn random_fill(spec: &ShapeSpec, rng: &mut GenRng) -> Option<Vec<u8>> {
    let shape = Geometry::shaped(ShapeSpec {
        cages: Vec::new(),
        ..spec.clone()
    })
    .ok()?;
    let mut grid = vec![0u8; 16];
    fn go(grid: &mut [u8], at: usize, g: &Geometry, rng: &mut GenRng) -> bool {
        if at == grid.len() {
            return true;
        }
        let mut digits = [1u8, 2, 3, 4];
        rng.shuffle(&mut digits);
        for d in digits {
            if g.peers(at).iter().all(|&p| grid[p] != d) {
                grid[at] = d;
                if go(grid, at + 1, g, rng) {
                    return true;
                }
            }
        }
        grid[at] = 0;
        false
    }
    go(&mut grid, 0, &shape, rng).then_some(grid)
}

/// Random connected regions of four cells on 4×4 (grown from random seeds; `None` when the
/// growth gets stuck).
fn random_regions(rng: &mut GenRng) -> Option<Vec<usize>> {
    let mut region = vec![usize::MAX; 16];
    let mut sizes = [0usize; 4];
    let mut seeds: Vec<usize> = (0..16).collect();
    rng.shuffle(&mut seeds);
    for (r, &s) in seeds.iter().take(4).enumerate() {
        region[s] = r;
        sizes[r] = 1;
    }
    for _ in 0..12 {
        let mut options = Vec::new();
        for c in 0..16 {
            if region[c] != usize::MAX {
                continue;
            }
            let (row, col) = (c / 4, c % 4);
            let near = [
                (row > 0).then(|| c - 4),
                (row < 3).then(|| c + 4),
                (col > 0).then(|| c - 1),
                (col < 3).then(|| c + 1),
            ];
            for p in near.into_iter().flatten() {
                let r = region[p];
                if r != usize::MAX && sizes[r] < 4 {
                    options.push((c, r));
                }
            }
        }
        if options.is_empty() {
            return None;
        }
        let (c, r) = options[rng.below(options.len())];
        region[c] = r;
        sizes[r] += 1;
    }
    Some(region)
}

/// Random cages over a full grid: each cell starts alone, then random adjacent merges up to
/// cages of `max_len` cells with distinct digits; sums from the grid.
fn random_cages(grid: &[u8], merges: usize, max_len: usize, rng: &mut GenRng) -> Vec<Cage> {
    let mut cage: Vec<usize> = (0..16).collect();
    for _ in 0..merges {
        let c = rng.below(16);
        let p = if rng.below(2) == 0 { c + 1 } else { c + 4 };
        if p >= 16 || (p == c + 1 && c % 4 == 3) {
            continue;
        }
        let (a, b) = (cage[c], cage[p]);
        if a == b {
            continue;
        }
        let members: Vec<usize> = (0..16).filter(|&x| cage[x] == a || cage[x] == b).collect();
        let mut seen = 0u32;
        let distinct = members.iter().all(|&x| {
            let bit = 1 << grid[x];
            let fresh = seen & bit == 0;
            seen |= bit;
            fresh
        });
        if members.len() <= max_len && distinct {
            for x in members {
                cage[x] = a.min(b);
            }
        }
    }
    let mut cages: std::collections::BTreeMap<usize, Cage> = Default::default();
    for c in 0..16 {
        let entry = cages.entry(cage[c]).or_insert(Cage {
            cells: Vec::new(),
            sum: 0,
        });
        entry.cells.push(c);
        entry.sum += u32::from(grid[c]);
    }
    cages.into_values().collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Killers (optionally X, optionally a few givens, sometimes a wrong sum) and jigsaws with
    /// random givens: the exact count equals the brute-force count.
    #[test]
    fn counts_agree_with_brute_force(seed in any::<u64>()) {
        let mut rng = GenRng::new(seed, 0);
        let kind = rng.below(3);
        let diagonals = rng.below(3) == 0;
        let mut attempt = None;
        for _ in 0..50 {
            let regions = if kind == 2 { random_regions(&mut rng) } else { None };
            if kind == 2 && regions.is_none() {
                continue;
            }
            let spec = ShapeSpec { size: 4, regions, diagonals, windows: false, cages: Vec::new() };
            if let Some(solution) = random_fill(&spec, &mut rng) {
                attempt = Some((spec, solution));
                break;
            }
        }
        let Some((mut spec, solution)) = attempt else { return Ok(()); };
        let mut givens = vec![0u8; 16];
        if kind == 2 {
            for c in 0..16 {
                if rng.below(3) == 0 { givens[c] = solution[c]; }
            }
        } else {
            spec.cages = random_cages(&solution, 6 + rng.below(20), 2 + rng.below(3), &mut rng);
            if kind == 1 {
                let c = rng.below(16);
                givens[c] = solution[c];
            }
            if rng.below(3) == 0 && spec.cages.len() >= 2 {
                // Two sums off by one (the total stays right): usually no solution, sometimes
                // others.
                let k = rng.below(spec.cages.len());
                let j = (k + 1 + rng.below(spec.cages.len() - 1)) % spec.cages.len();
                spec.cages[k].sum += 1;
                spec.cages[j].sum -= 1;
            }
        }
        let Ok(shape) = Geometry::shaped(spec.clone()) else { return Ok(()); };
        let grid = Grid::from_cells(&shape, givens.clone()).unwrap();
        let limit = 50;
        let counted = exact::count(&Puzzle::from_grid(grid), limit).solutions;
        let brute = brute_force(&spec, &givens, limit);
        prop_assert_eq!(counted, brute, "spec {:?} givens {:?}", spec, givens);
    }
}
