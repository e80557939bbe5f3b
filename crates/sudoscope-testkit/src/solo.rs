//! TEST-ONLY reader of Simon Tatham's Solo game IDs (`3x3:…`, `3x3x:…`, `3x3k:…`,
//! `3x3xk:…`, `Nj:…`, `Njx:…`), for the exact solver's and the generator's tests and benches
//! until the engine's own Solo format lands; it is not the engine's parser and checks only
//! what the fixtures need (a malformed ID is an `Err` with a short reason, never a panic).
//!
//! Solo's description is comma-separated fields: the givens (a digit string where `a`..`z`
//! are runs of 1..26 empty cells and `_` separates adjacent numbers), then for a jigsaw the
//! region structure, then for a killer the cage structure and the cage sums (a grid in the
//! givens' encoding holding each cage's sum in one of its cells). A structure lists which of
//! the internal edges divide two blocks: the vertical edges in reading order, then the
//! horizontal ones column by column; `_` is a dividing edge, `a`..`y` are 1..25 undivided
//! edges followed by a dividing one, and `z` is 25 undivided edges with none after.

use sudoscope_core::grid::{Cage, Geometry, Grid, Puzzle, ShapeSpec};

/// A Solo game ID read into the engine's terms.
pub struct SoloPuzzle {
    /// The shape the ID describes.
    pub spec: ShapeSpec,
    /// The givens, row-major, 0 for an empty cell.
    pub givens: Vec<u8>,
}

impl SoloPuzzle {
    /// The puzzle on its built shape.
    pub fn puzzle(&self) -> Result<Puzzle, String> {
        let shape = Geometry::shaped(self.spec.clone()).map_err(|e| e.to_string())?;
        let grid = Grid::from_cells(&shape, self.givens.clone()).map_err(|e| e.to_string())?;
        Ok(Puzzle::from_grid(grid))
    }
}

/// Reads one Solo game ID.
pub fn read(id: &str) -> Result<SoloPuzzle, String> {
    let (params, desc) = id
        .trim()
        .split_once(':')
        .ok_or("no ':' between parameters and description")?;
    let (size, jigsaw, rest) =
        if let (false, Some((c, tail))) = (params.contains('j'), params.split_once('x')) {
            let c: usize = c.parse().map_err(|_| "bad box width")?;
            let digits = tail.trim_end_matches(|ch: char| ch.is_ascii_alphabetic());
            let r: usize = digits.parse().map_err(|_| "bad box height")?;
            if c != r {
                return Err("only square boxes are read".into());
            }
            (c * r, false, tail[digits.len()..].to_string())
        } else {
            let digits: String = params.chars().take_while(|c| c.is_ascii_digit()).collect();
            let n: usize = digits.parse().map_err(|_| "bad size")?;
            let flags = &params[digits.len()..];
            if !flags.starts_with('j') {
                return Err("expected 'j' after a jigsaw's size".into());
            }
            (n, true, flags[1..].to_string())
        };
    let diagonals = rest.contains('x');
    let killer = rest.contains('k');
    let fields: Vec<&str> = desc.split(',').collect();
    let area = size * size;
    let givens = grid_field(fields.first().ok_or("no givens")?, area, size)?;
    let mut next = 1;
    let regions = if jigsaw {
        let field = fields.get(next).ok_or("no region structure")?;
        next += 1;
        Some(structure(field, size)?)
    } else {
        None
    };
    let mut cages = Vec::new();
    if killer {
        let blocks = structure(fields.get(next).ok_or("no cage structure")?, size)?;
        let sums = grid_field(fields.get(next + 1).ok_or("no cage sums")?, area, 99)?;
        let count = blocks.iter().max().map_or(0, |m| m + 1);
        let mut cells: Vec<Vec<usize>> = vec![Vec::new(); count];
        let mut total = vec![None; count];
        for (cell, &b) in blocks.iter().enumerate() {
            cells[b].push(cell);
            if sums[cell] != 0 {
                total[b] = Some(u32::from(sums[cell]));
            }
        }
        for (cells, sum) in cells.into_iter().zip(total) {
            let sum = sum.ok_or("a cage without a sum")?;
            cages.push(Cage { cells, sum });
        }
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

/// A grid in Solo's givens encoding; numbers above `max` are refused.
fn grid_field(field: &str, area: usize, max: usize) -> Result<Vec<u8>, String> {
    let mut out = Vec::with_capacity(area);
    let bytes = field.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let ch = bytes[i];
        match ch {
            b'a'..=b'z' => {
                out.extend(std::iter::repeat_n(0, usize::from(ch - b'a') + 1));
                i += 1;
            }
            b'_' => i += 1,
            b'0'..=b'9' => {
                let start = i;
                while i < bytes.len() && bytes[i].is_ascii_digit() {
                    i += 1;
                }
                let n: usize = field[start..i].parse().map_err(|_| "bad number")?;
                if n == 0 || n > max {
                    return Err(format!("number {n} out of range"));
                }
                out.push(n as u8);
            }
            _ => return Err(format!("unexpected '{}'", ch as char)),
        }
    }
    if out.len() != area {
        return Err(format!("{} cells, expected {area}", out.len()));
    }
    Ok(out)
}

/// A block structure as a block index per cell (blocks numbered by first cell).
fn structure(field: &str, n: usize) -> Result<Vec<usize>, String> {
    let edges = 2 * n * (n - 1);
    let mut divided = Vec::with_capacity(edges + 1);
    for ch in field.bytes() {
        match ch {
            b'_' => divided.push(true),
            b'z' => divided.extend(std::iter::repeat_n(false, 25)),
            b'a'..=b'y' => {
                divided.extend(std::iter::repeat_n(false, usize::from(ch - b'a') + 1));
                divided.push(true);
            }
            _ => return Err(format!("unexpected '{}' in a structure", ch as char)),
        }
    }
    // The last dividing edge is the terminating virtual one.
    if divided.len() != edges + 1 {
        return Err(format!("{} edges, expected {}", divided.len(), edges + 1));
    }
    let mut parent: Vec<usize> = (0..n * n).collect();
    fn find(parent: &mut [usize], mut x: usize) -> usize {
        while parent[x] != x {
            parent[x] = parent[parent[x]];
            x = parent[x];
        }
        x
    }
    for (i, &cut) in divided.iter().take(edges).enumerate() {
        if cut {
            continue;
        }
        let (a, b) = if i < n * (n - 1) {
            let (y, x) = (i / (n - 1), i % (n - 1));
            (y * n + x, y * n + x + 1)
        } else {
            let j = i - n * (n - 1);
            let (x, y) = (j / (n - 1), j % (n - 1));
            (y * n + x, (y + 1) * n + x)
        };
        let (ra, rb) = (find(&mut parent, a), find(&mut parent, b));
        parent[ra.max(rb)] = ra.min(rb);
    }
    let mut label = vec![usize::MAX; n * n];
    let mut next = 0;
    let mut out = Vec::with_capacity(n * n);
    for cell in 0..n * n {
        let root = find(&mut parent, cell);
        if label[root] == usize::MAX {
            label[root] = next;
            next += 1;
        }
        out.push(label[root]);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_a_killer_and_a_jigsaw() {
        let killer = read("3x3k:zzzc,_a___a________a________a___a_a_abaa_aa_a___a_b__aaab_a_baa__aa____c___aba___aa_____aaa__a_aab_aa_,15_15a12_15_9_10a15a11_4c8_12f15c5_10_17a12a14_9c7d17a11a13a5a12b16_15a9_9b10_16a14b10g15a13a5a").unwrap();
        assert_eq!(killer.spec.size, 9);
        let total: u32 = killer.spec.cages.iter().map(|c| c.sum).sum();
        assert_eq!(total, 405);
        assert!(killer.puzzle().is_ok());
        let jigsaw = read("9j:c1i8_7b2d4d6b8_5c1_7g6_2c1_8b5d6d1b3_2i5c,adaaa___aa_baaad__d__dd__abbcdcdb__abaaabbb_aa_b___b_aaca_bcb_").unwrap();
        let regions = jigsaw.spec.regions.as_ref().unwrap();
        assert_eq!(regions.iter().max(), Some(&8));
        assert!(jigsaw.puzzle().is_ok());
        assert!(read("9j:zz,").is_err());
    }
}
