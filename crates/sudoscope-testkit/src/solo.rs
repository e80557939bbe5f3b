//! Test-only: a reader of Simon Tatham's Solo game IDs (`3x3:`, `3x3x:`, `3x3k:`, `3x3xk:`,
//! `9j:`, `9jx:`…) into a [`ShapeSpec`] and givens, and a small cage-aware backtracking
//! solver, so the hint tests can walk Solo's killers and jigsaws against their true solution.
//!
//! This is not the engine's Solo format (that belongs in the engine's formats); it exists so
//! the logic tests do not wait for it, and it trusts its input (the fixtures are Solo's own
//! output). The layout follows `solo.c`: the givens as a run-length grid (`a`..`z` are 1..26
//! empty cells, `_` separates adjacent numbers), then for a jigsaw the region boundaries, then
//! for a killer the cage boundaries and the cage sums (a run-length grid with each sum in one
//! cell of its cage). A boundary field lists, over the internal vertical edges in reading order
//! and then the internal horizontal edges column by column, the number of non-edges before
//! each edge (`_` none, `a`..`y` 1..25, `z` 25 with no edge after them), ended by one virtual
//! edge.

use sudoscope_core::grid::{Cage, CageArithmetic, Digits, Geometry, Grid, Puzzle, ShapeSpec};

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

/// Reads a Solo game ID.
pub fn parse(id: &str) -> Result<SoloPuzzle, String> {
    let (params, desc) = id.trim().split_once(':').ok_or("no ':' in the Solo ID")?;
    let mut p = params;
    let num = |p: &mut &str| -> Option<usize> {
        let end = p.find(|c: char| !c.is_ascii_digit()).unwrap_or(p.len());
        let (n, rest) = p.split_at(end);
        *p = rest;
        n.parse().ok()
    };
    let c = num(&mut p).ok_or("no size in the Solo ID")?;
    let (size, jigsaw) = if let Some(rest) = p
        .strip_prefix('x')
        .filter(|r| r.starts_with(|ch: char| ch.is_ascii_digit()))
    {
        p = rest;
        let r = num(&mut p).ok_or("no box height")?;
        (c * r, false)
    } else if let Some(rest) = p.strip_prefix('j') {
        p = rest;
        (c, true)
    } else {
        (c, false)
    };
    let diagonals = p.contains('x');
    let killer = p.contains('k');
    let area = size * size;
    let mut fields = desc.split(',');
    let givens = run_grid(fields.next().ok_or("no grid")?, area)?;
    let regions = if jigsaw {
        Some(classes(fields.next().ok_or("no region field")?, size)?)
    } else {
        None
    };
    let mut cages = Vec::new();
    if killer {
        let owner = classes(fields.next().ok_or("no cage field")?, size)?;
        let sums = run_grid(fields.next().ok_or("no sum field")?, area)?;
        let mut by_class: std::collections::BTreeMap<usize, Cage> = Default::default();
        for (cell, &class) in owner.iter().enumerate() {
            by_class
                .entry(class)
                .or_insert_with(|| Cage {
                    cells: Vec::new(),
                    sum: 0,
                })
                .cells
                .push(cell);
        }
        for (cell, &sum) in sums.iter().enumerate() {
            if sum != 0 {
                let cage = by_class.get_mut(&owner[cell]).ok_or("sum outside a cage")?;
                cage.sum += u32::from(sum);
            }
        }
        cages = by_class.into_values().collect();
    }
    Ok(SoloPuzzle {
        spec: ShapeSpec {
            size,
            regions,
            diagonals,
            windows: false,
            cages,
        },
        givens,
    })
}

/// A run-length grid of numbers (`a`..`z` empty runs, `_` a separator).
fn run_grid(field: &str, area: usize) -> Result<Vec<u8>, String> {
    let mut out = Vec::with_capacity(area);
    let bytes = field.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        match b {
            b'a'..=b'z' => {
                out.extend(std::iter::repeat_n(0, usize::from(b - b'a' + 1)));
                i += 1;
            }
            b'_' => i += 1,
            b'0'..=b'9' => {
                let start = i;
                while i < bytes.len() && bytes[i].is_ascii_digit() {
                    i += 1;
                }
                let n: u32 = field[start..i].parse().map_err(|_| "bad number")?;
                out.push(u8::try_from(n).map_err(|_| "number too large")?);
            }
            _ => return Err(format!("bad character {:?} in a grid field", b as char)),
        }
    }
    if out.len() != area {
        return Err(format!(
            "grid field has {} cells, expected {area}",
            out.len()
        ));
    }
    Ok(out)
}

/// The classes (regions or cages) of a boundary field, as the smallest cell of each class.
fn classes(field: &str, cr: usize) -> Result<Vec<usize>, String> {
    let area = cr * cr;
    let mut parent: Vec<usize> = (0..area).collect();
    fn find(parent: &mut [usize], mut x: usize) -> usize {
        while parent[x] != x {
            parent[x] = parent[parent[x]];
            x = parent[x];
        }
        x
    }
    let edges = 2 * cr * (cr - 1);
    let mut pos = 0;
    for b in field.bytes() {
        let count = match b {
            b'_' => 0,
            b'a'..=b'z' => usize::from(b - b'a' + 1),
            _ => return Err(format!("bad character {:?} in a boundary field", b as char)),
        };
        for _ in 0..count {
            if pos >= edges {
                return Err("too much data in a boundary field".into());
            }
            let (p0, p1) = if pos < cr * (cr - 1) {
                let (y, x) = (pos / (cr - 1), pos % (cr - 1));
                (y * cr + x, y * cr + x + 1)
            } else {
                let (x, y) = (pos / (cr - 1) - cr, pos % (cr - 1));
                (y * cr + x, (y + 1) * cr + x)
            };
            let (a, b) = (find(&mut parent, p0), find(&mut parent, p1));
            parent[a.max(b)] = a.min(b);
            pos += 1;
        }
        if count != 26 {
            pos += 1;
        }
    }
    if pos != edges + 1 {
        return Err("not enough data in a boundary field".into());
    }
    Ok((0..area).map(|c| find(&mut parent, c)).collect())
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
            set &= cage_allowed[k];
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
