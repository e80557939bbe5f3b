//! Test-only helpers over Simon Tatham's Solo game IDs: the engine's own reader
//! ([`Puzzle::from_solo_id`]) giving back the shape and givens separately, as tests that
//! rebuild a shape (merging two cages, say) need them, and a small cage-aware backtracking
//! solver, independent of the engine's exact solvers, so the hint and exact tests can check
//! Solo's killers and jigsaws against a second opinion of their solutions.

use sudoscope_core::grid::{CageArithmetic, Digits, Geometry, Grid, Puzzle, ShapeSpec};

/// A Solo puzzle read from its game ID.
pub struct SoloPuzzle {
    /// The shape: size, regions (jigsaw), diagonals (`x`), cages (`k`).
    pub spec: ShapeSpec,
    /// The givens, row-major, 0 for empty.
    pub givens: Vec<u8>,
}

impl SoloPuzzle {
    /// The puzzle as the engine holds it.
    pub fn puzzle(&self) -> Result<Puzzle, String> {
        let shape = Geometry::shaped(self.spec.clone()).map_err(|e| e.to_string())?;
        let grid = Grid::from_cells(&shape, self.givens.clone()).map_err(|e| e.to_string())?;
        Ok(Puzzle::from_grid(grid))
    }
}

/// Reads a Solo game ID with the engine's reader.
pub fn read(id: &str) -> Result<SoloPuzzle, String> {
    let puzzle = Puzzle::from_solo_id(id.trim()).map_err(|e| e.to_string())?;
    Ok(SoloPuzzle {
        spec: puzzle.geometry().spec(),
        givens: puzzle.givens.cells().to_vec(),
    })
}

/// The solutions of a puzzle whose shape may have cages, up to `limit` of them, by plain
/// backtracking: each empty cell may take the digits no peer holds that some digit set of its
/// cage (of the cage's remaining size and sum, avoiding its placed digits) still allows; the
/// cell with fewest such digits is tried first. Independent of the engine's exact solver.
pub fn solutions(puzzle: &Puzzle, limit: usize) -> Vec<Vec<u8>> {
    let geometry = puzzle.geometry();
    let mut cells = puzzle.givens.cells().to_vec();
    let mut out = Vec::new();
    search(geometry, &mut cells, limit, &mut out);
    out
}

fn search(g: &Geometry, cells: &mut Vec<u8>, limit: usize, out: &mut Vec<Vec<u8>>) {
    if out.len() >= limit {
        return;
    }
    let n = g.size();
    let arith = CageArithmetic::of(n);
    // Per cage: the digits its empty cells may still take.
    let cage_allowed: Vec<Digits> = g
        .cages()
        .iter()
        .map(|cage| {
            let (mut used, mut sum, mut empty) = (Digits::EMPTY, 0u32, 0usize);
            for &c in &cage.cells {
                match cells[c] {
                    0 => empty += 1,
                    v => {
                        used.insert(v);
                        sum += u32::from(v);
                    }
                }
            }
            if sum > cage.sum {
                return Digits::EMPTY;
            }
            arith
                .sets(empty, cage.sum - sum)
                .iter()
                .filter(|s| (**s & used).is_empty())
                .fold(Digits::EMPTY, |acc, &s| acc | s)
        })
        .collect();
    let mut best: Option<(usize, Digits)> = None;
    for cell in 0..cells.len() {
        if cells[cell] != 0 {
            continue;
        }
        let mut set = Digits::all(n);
        for &p in g.peers(cell) {
            if cells[p] != 0 {
                set.remove(cells[p]);
            }
        }
        if let Some(k) = g.cage_of(cell) {
            set = set & cage_allowed[k];
        }
        if best.is_none_or(|(_, b)| set.len() < b.len()) {
            best = Some((cell, set));
            if set.len() <= 1 {
                break;
            }
        }
    }
    let Some((cell, set)) = best else {
        out.push(cells.clone());
        return;
    };
    for d in set.iter() {
        cells[cell] = d;
        search(g, cells, limit, out);
        if out.len() >= limit {
            break;
        }
    }
    cells[cell] = 0;
}
