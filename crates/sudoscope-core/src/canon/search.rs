//! The fast exact minlex search.
//!
//! The canonical string is built a row at a time. Every partial transformation that ties for
//! the smallest string so far is kept as a [`State`]; each is extended by every source row
//! that may come next, and only the extensions whose new row is the smallest of all survive.
//! Because a row's first-appearance labels depend only on the rows above it and on the row
//! itself, a prefix that loses can never win later, so this is exact.
//!
//! What makes it fast is that a state does not fix the column order. It keeps the set of
//! column permutations still in the race as ordered cells: stacks in target order, with
//! neighbours that are still interchangeable joined, and inside each stack its three columns
//! the same way. For one row under one state, every cell's key is known without the column
//! order: 0 for empty, the digit's label if it has one, and [`NEW`] (above every label) if
//! not — within a row each digit appears once, so the unlabelled ones are numbered in the
//! order they end up in, and comparing keys compares the relabelled values. The smallest row
//! is then a sort: each stack's columns within their cells, then the stacks within theirs by
//! their three keys. Cells whose keys are equal stay joined when the keys are empty (either
//! order gives the same string and the same labels), and are split into one state per order
//! when they are new digits (the same string, but different labels for the rows below).
//!
//! Sparse puzzles, whose first rows are nearly empty, therefore carry a handful of states
//! instead of hundreds of column permutations each.

use super::{CanonError, Cells, check, transposed};

/// The key of a digit that has no label yet: above every label, since it will receive the
/// next one.
const NEW: u8 = 15;

/// The sorted keys of a row, packed 4 bits a cell, first target cell highest, so that rows
/// compare as integers.
type RowKey = u64;

/// The three keys of a stack in target order, packed like [`RowKey`].
type StackKey = u32;

/// Bit `i` set: target positions `i` and `i + 1` (of stacks, or of columns within a stack)
/// are in one cell, interchangeable so far.
type Joins = u8;

/// A partial transformation: the rows placed so far and the set of column orders and the
/// labels that give the smallest prefix.
#[derive(Clone, Copy)]
struct State {
    /// 0 for the puzzle as given, 1 for its transpose.
    orientation: u8,
    /// Source bands not yet placed (bit per band).
    bands_left: u8,
    /// The source band being placed.
    band: u8,
    /// Rows of `band` not yet placed (bit per row within the band).
    rows_left: u8,
    /// The source row (0–8) placed last.
    row: u8,
    /// Source stacks in target order.
    stacks: [u8; 3],
    stack_joins: Joins,
    /// Per source stack, its column offsets (0–2) in target order.
    cols: [[u8; 3]; 3],
    col_joins: [Joins; 3],
    /// Per digit, its label (0: none yet).
    labels: [u8; 10],
    next_label: u8,
}

impl State {
    /// Nothing placed yet: every stack and column interchangeable.
    fn start(orientation: u8) -> State {
        State {
            orientation,
            bands_left: 0b111,
            band: 0,
            rows_left: 0,
            row: 0,
            stacks: [0, 1, 2],
            stack_joins: 0b11,
            cols: [[0, 1, 2]; 3],
            col_joins: [0b11; 3],
            labels: [0; 10],
            next_label: 1,
        }
    }

    /// The source columns in target order.
    fn columns(&self) -> impl Iterator<Item = usize> + '_ {
        self.stacks.iter().flat_map(move |&s| {
            self.cols[s as usize]
                .iter()
                .map(move |&offset| 3 * s as usize + offset as usize)
        })
    }
}

/// Target positions whose order is still open and decides labels: one state per order.
#[derive(Clone, Copy, Default)]
struct Run {
    /// The source stack whose columns these are, or 3 for the stacks themselves.
    stack: u8,
    start: u8,
    len: u8,
}

const ORDERS_2: [[u8; 3]; 2] = [[0, 1, 2], [1, 0, 2]];
const ORDERS_3: [[u8; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

/// The minlex search with its buffers, reusable from puzzle to puzzle so that canonicalizing
/// a file allocates only while the buffers grow.
#[derive(Default)]
pub struct Canonicalizer {
    current: Vec<State>,
    next: Vec<State>,
    /// The smallest row key found for the row being placed.
    best: RowKey,
}

impl Canonicalizer {
    /// A search with empty buffers.
    pub fn new() -> Canonicalizer {
        Canonicalizer::default()
    }

    /// The canonical (minlex) form of a 9×9 standard puzzle given as its cells: 0 for empty,
    /// 1–9 for a given. Fails, naming the cells, when a value is not a digit or a digit
    /// appears twice in a house.
    pub fn minlex(&mut self, cells: &Cells) -> Result<Cells, CanonError> {
        check(cells)?;
        let grids = [*cells, transposed(cells)];
        self.current.clear();
        self.current.extend([State::start(0), State::start(1)]);
        let mut out = [0u8; 81];
        for level in 0..9 {
            self.next.clear();
            self.best = RowKey::MAX;
            for i in 0..self.current.len() {
                let state = self.current[i];
                let grid = &grids[state.orientation as usize];
                if level % 3 == 0 {
                    for band in (0..3u8).filter(|b| state.bands_left & (1 << b) != 0) {
                        for r in 0..3u8 {
                            let mut placed = state;
                            placed.bands_left &= !(1 << band);
                            placed.band = band;
                            placed.rows_left = 0b111 & !(1 << r);
                            placed.row = band * 3 + r;
                            self.extend(&placed, grid);
                        }
                    }
                } else {
                    for r in (0..3u8).filter(|r| state.rows_left & (1 << r) != 0) {
                        let mut placed = state;
                        placed.rows_left &= !(1 << r);
                        placed.row = state.band * 3 + r;
                        self.extend(&placed, grid);
                    }
                }
            }
            // Every survivor spells the same row; read it from the first.
            let winner = &self.next[0];
            let grid = &grids[winner.orientation as usize];
            for (target, source) in winner.columns().enumerate() {
                let digit = grid[winner.row as usize * 9 + source];
                out[level * 9 + target] = winner.labels[digit as usize];
            }
            std::mem::swap(&mut self.current, &mut self.next);
        }
        Ok(out)
    }

    /// Places `state.row` under `state`'s column cells: finds its smallest keys and, if they
    /// tie or beat the best row so far, keeps the states that reach them.
    fn extend(&mut self, state: &State, grid: &Cells) {
        let row = &grid[state.row as usize * 9..state.row as usize * 9 + 9];
        let mut keys = [0u8; 9];
        for (key, &digit) in keys.iter_mut().zip(row) {
            *key = match (digit, state.labels[digit as usize]) {
                (0, _) => 0,
                (_, 0) => NEW,
                (_, label) => label,
            };
        }
        let mut placed = *state;
        let mut runs = [Run::default(); 4];
        let mut run_count = 0;
        let mut stack_keys: [StackKey; 3] = [0; 3];
        for s in 0..3 {
            let stack_cells = &keys[3 * s..3 * s + 3];
            let order = &mut placed.cols[s];
            sort_in_cells(order, state.col_joins[s], |offset| {
                stack_cells[offset as usize]
            });
            let sorted = order.map(|offset| stack_cells[offset as usize]);
            let (joins, ties) = split_cells(state.col_joins[s], sorted);
            placed.col_joins[s] = joins;
            if let Some(run) = run_of(ties, s as u8) {
                runs[run_count] = run;
                run_count += 1;
            }
            stack_keys[s] = sorted
                .iter()
                .fold(0, |packed, &key| packed << 4 | StackKey::from(key));
        }
        sort_in_cells(&mut placed.stacks, state.stack_joins, |s| {
            stack_keys[s as usize]
        });
        let sorted = placed.stacks.map(|s| stack_keys[s as usize]);
        let (joins, ties) = split_cells(state.stack_joins, sorted);
        placed.stack_joins = joins;
        if let Some(run) = run_of(ties, 3) {
            runs[run_count] = run;
            run_count += 1;
        }
        let row_key = sorted
            .iter()
            .fold(0, |packed, &key| packed << 12 | RowKey::from(key));
        if row_key > self.best {
            return;
        }
        if row_key < self.best {
            self.best = row_key;
            self.next.clear();
        }
        let runs = &runs[..run_count];
        let branches: usize = runs.iter().map(|run| orders(run.len).len()).product();
        for branch in 0..branches {
            let mut ordered = placed;
            let mut rest = branch;
            for run in runs {
                let choices = orders(run.len);
                let chosen = &choices[rest % choices.len()];
                rest /= choices.len();
                let positions = if run.stack == 3 {
                    &mut ordered.stacks
                } else {
                    &mut ordered.cols[run.stack as usize]
                };
                let start = run.start as usize;
                let before = *positions;
                for i in 0..run.len as usize {
                    positions[start + i] = before[start + chosen[i] as usize];
                }
            }
            label_row(&mut ordered, row);
            self.next.push(ordered);
        }
    }
}

/// Sorts `order` by `key` within its cells (contiguous positions joined by `joins`), leaving
/// positions in different cells where they are.
fn sort_in_cells<K: Ord>(order: &mut [u8; 3], joins: Joins, key: impl Fn(u8) -> K) {
    if joins & 1 != 0 && key(order[0]) > key(order[1]) {
        order.swap(0, 1);
    }
    if joins & 2 != 0 && key(order[1]) > key(order[2]) {
        order.swap(1, 2);
        if joins & 1 != 0 && key(order[0]) > key(order[1]) {
            order.swap(0, 1);
        }
    }
}

/// After sorting: the joins that remain (neighbours in one cell whose keys are both empty,
/// interchangeable for good) and the ties (equal keys holding new digits, whose order decides
/// labels). Labelled digits never tie: a row holds each digit once.
fn split_cells<K: PartialEq + Copy + From<u8>>(joins: Joins, sorted: [K; 3]) -> (Joins, Joins) {
    let mut kept = 0;
    let mut ties = 0;
    for i in 0..2 {
        if joins & (1 << i) != 0 && sorted[i] == sorted[i + 1] {
            if sorted[i] == K::from(0) {
                kept |= 1 << i;
            } else {
                ties |= 1 << i;
            }
        }
    }
    (kept, ties)
}

/// The run of tied positions that `ties` marks, if any (at most one among three positions).
fn run_of(ties: Joins, stack: u8) -> Option<Run> {
    let (start, len) = match ties {
        0 => return None,
        0b01 => (0, 2),
        0b10 => (1, 2),
        _ => (0, 3),
    };
    Some(Run { stack, start, len })
}

/// The orders of a run of `len` positions.
fn orders(len: u8) -> &'static [[u8; 3]] {
    if len == 2 { &ORDERS_2 } else { &ORDERS_3 }
}

/// Gives the row's unlabelled digits the next labels, in target order.
fn label_row(state: &mut State, row: &[u8]) {
    for s in state.stacks {
        for offset in state.cols[s as usize] {
            let digit = row[3 * s as usize + offset as usize] as usize;
            if digit != 0 && state.labels[digit] == 0 {
                state.labels[digit] = state.next_label;
                state.next_label += 1;
            }
        }
    }
}
