//! What a typing player types, chosen so that the board after any number of moves is known
//! without looking: the fault checks compare the store with it.
//!
//! A player goes through the empty cells of its puzzle in reading order, all but the last
//! (so the puzzle is never solved and the load never stops), putting in each cell's solution
//! digit; then it clears them in the same order; then fills them again, and so on. Move `k`
//! is therefore one cell and one value, and the board after `k` moves is a function of `k`
//! alone, distinct for every `k` within one fill-and-clear cycle. Every move changes the
//! "N to go" count of the header, which is how its echo is recognised.

use sudoscope_core::Level;

use crate::LoadError;

/// The daily level the players type: `d` plays medium when no level was chosen.
pub const DAILY_LEVEL: Level = Level::Medium;

/// A 9×9 puzzle and its solution, row-major, 0 for empty.
pub struct Puzzle {
    pub givens: Vec<u8>,
    pub solution: Vec<u8>,
}

/// Today's daily of [`DAILY_LEVEL`].
pub struct Daily {
    pub day: String,
    pub givens: Vec<u8>,
    pub solution: Vec<u8>,
}

pub fn daily() -> Result<Daily, LoadError> {
    let today = sudoscope::daily::today();
    let daily = sudoscope::daily::daily(today, DAILY_LEVEL)
        .map_err(|e| LoadError::Failed(e.to_string()))?;
    let puzzle = parse(&daily.line)?;
    Ok(Daily {
        day: today.to_string(),
        givens: puzzle.givens,
        solution: puzzle.solution,
    })
}

/// A puzzle line (as the server logs a race room's puzzle) with its one solution.
pub fn parse(line: &str) -> Result<Puzzle, LoadError> {
    let puzzle =
        sudoscope_core::grid::parse_puzzle(line, sudoscope_core::grid::ReadOptions::default())
            .map_err(|e| LoadError::Failed(format!("puzzle {line}: {e}")))?;
    let solution = match sudoscope_core::solve(&puzzle) {
        sudoscope_core::Solution::Unique(grid) => grid,
        _ => {
            return Err(LoadError::Failed(format!(
                "puzzle {line} has no unique solution"
            )));
        }
    };
    let cells = puzzle.givens.cells().len();
    Ok(Puzzle {
        givens: (0..cells).map(|c| puzzle.givens.get(c)).collect(),
        solution: (0..cells).map(|c| solution.get(c)).collect(),
    })
}

/// One player's moves on one puzzle.
#[derive(Clone, Debug)]
pub struct Plan {
    size: usize,
    /// The cells typed into, in reading order: every empty cell but the last.
    cells: Vec<usize>,
    /// Their solution digits.
    digits: Vec<u8>,
    /// Every empty cell of the puzzle (the header's count when nothing is filled).
    empties: usize,
}

impl Plan {
    pub fn new(givens: &[u8], solution: &[u8]) -> Plan {
        let size = (givens.len() as f64).sqrt().round() as usize;
        let mut cells: Vec<usize> = (0..givens.len()).filter(|&c| givens[c] == 0).collect();
        let empties = cells.len();
        cells.pop();
        let digits = cells.iter().map(|&c| solution[c]).collect();
        Plan {
            size,
            cells,
            digits,
            empties,
        }
    }

    /// Moves in one fill-and-clear cycle; after it the board is as it was.
    pub fn cycle(&self) -> u64 {
        2 * self.cells.len() as u64
    }

    /// Move `k` (from 0): the cell and the value it puts there (0 clears).
    pub fn target(&self, k: u64) -> (usize, u8) {
        let n = self.cells.len() as u64;
        let i = (k % n) as usize;
        let filling = (k / n).is_multiple_of(2);
        (self.cells[i], if filling { self.digits[i] } else { 0 })
    }

    /// The value of plan cell `i` after `k` moves.
    fn value_after(&self, k: u64, i: usize) -> u8 {
        let n = self.cells.len() as u64;
        let (pass, done) = (k / n, (k % n) as usize);
        let filled = if pass.is_multiple_of(2) {
            i < done
        } else {
            i >= done
        };
        if filled { self.digits[i] } else { 0 }
    }

    /// Cells the player has filled after `k` moves.
    pub fn filled_after(&self, k: u64) -> usize {
        let n = self.cells.len() as u64;
        let (pass, done) = (k / n, k % n);
        (if pass.is_multiple_of(2) {
            done
        } else {
            n - done
        }) as usize
    }

    /// The header's "N to go" after `k` moves.
    pub fn to_go_after(&self, k: u64) -> usize {
        self.empties - self.filled_after(k)
    }

    /// The keys of move `k` with the cursor at `cursor` (`None`: unknown, as after a
    /// connection): the cursor keys that reach its cell, then the digit or `0`. Left and
    /// right (`h`, `l`) go in reading order; from an unknown place the cursor first goes to
    /// the top left corner (`k` and `h` stop at the edges). Returns the keys and the cursor
    /// after them.
    pub fn keys(&self, cursor: Option<usize>, k: u64) -> (String, usize) {
        let (cell, value) = self.target(k);
        let n = self.size;
        let absolute = || {
            let mut keys = "k".repeat(n - 1) + &"h".repeat(n - 1);
            keys += &"j".repeat(cell / n);
            keys += &"l".repeat(cell % n);
            keys
        };
        let mut keys = match cursor {
            Some(from) => {
                let relative = if cell >= from {
                    "l".repeat(cell - from)
                } else {
                    "h".repeat(from - cell)
                };
                let other = absolute();
                if other.len() < relative.len() {
                    other
                } else {
                    relative
                }
            }
            None => absolute(),
        };
        keys.push(char::from(b'0' + value));
        (keys, cell)
    }

    /// How many moves the board `entries` (row-major, as a stored game holds them) is the
    /// board after: the largest `k` ≤ `latest` whose board it is, looking back at most one
    /// cycle (within which every board is different). `None` when it is none of them: the
    /// board holds something the player never typed, or lost more than a cycle.
    pub fn moves_in(&self, entries: &[u8], latest: u64) -> Option<u64> {
        if entries.len() != self.size * self.size {
            return None;
        }
        let earliest = latest.saturating_sub(self.cycle() - 1);
        (earliest..=latest).rev().find(|&k| {
            self.cells
                .iter()
                .enumerate()
                .all(|(i, &cell)| entries[cell] == self.value_after(k, i))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LINE: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    fn board_after(plan: &Plan, givens: &[u8], k: u64) -> Vec<u8> {
        let mut board = givens.to_vec();
        for m in 0..k {
            let (cell, value) = plan.target(m);
            board[cell] = value;
        }
        board
    }

    #[test]
    fn the_board_after_k_moves_is_known_and_found_again() {
        let puzzle = parse(LINE).expect("parses");
        let plan = Plan::new(&puzzle.givens, &puzzle.solution);
        let n = plan.cells.len() as u64;
        assert_eq!(plan.to_go_after(0), plan.empties);
        for k in [0, 1, n - 1, n, n + 1, 2 * n - 1, 2 * n, 3 * n + 5] {
            let board = board_after(&plan, &puzzle.givens, k);
            let filled = board
                .iter()
                .zip(&puzzle.givens)
                .filter(|(b, g)| **g == 0 && **b != 0)
                .count();
            assert_eq!(plan.filled_after(k), filled, "k = {k}");
            // Found as itself, and as itself from a later point of view.
            assert_eq!(plan.moves_in(&board, k), Some(k), "k = {k}");
            assert_eq!(plan.moves_in(&board, k + 3), Some(k), "k = {k}");
        }
        // A board that lost a move is found at the move before.
        let mut lost = board_after(&plan, &puzzle.givens, 7);
        let (cell, _) = plan.target(6);
        lost[cell] = 0;
        assert_eq!(plan.moves_in(&lost, 7), Some(6));
        // A digit never typed is no board of the plan.
        let mut wrong = board_after(&plan, &puzzle.givens, 3);
        let (cell, digit) = plan.target(3);
        wrong[cell] = digit % 9 + 1;
        assert_eq!(plan.moves_in(&wrong, 3), None);
    }

    #[test]
    fn keys_reach_the_cell_in_reading_order() {
        let puzzle = parse(LINE).expect("parses");
        let plan = Plan::new(&puzzle.givens, &puzzle.solution);
        let (keys, cell) = plan.keys(None, 0);
        assert_eq!(cell, 2, "the first empty cell of the puzzle");
        assert_eq!(keys, "kkkkkkkkhhhhhhhhll4");
        let (keys, next) = plan.keys(Some(cell), 1);
        assert_eq!((keys.as_str(), next), ("l6", 3));
    }
}
