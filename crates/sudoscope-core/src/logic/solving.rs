//! The solving context of one board state: what the finders read, and the tables they share.
//!
//! Several techniques start from the same expensive table of a board: the four forcing chains
//! from one implication table, the discontinuous and continuous nice loops from one loop
//! search, ALS-XZ and ALS-XY-wing from one set of almost locked sets and their links, and the
//! chain and ALS finders from one bitset view of the candidates. A [`Solving`] borrows the
//! board, builds each table the first time a finder asks for it, and hands the same table to
//! every later finder at that board. Because it borrows the board, the board cannot change
//! while a context is alive: whoever drives the finders (the solving walk of
//! [`super::path`], "every step", the rating, the live logic solver) makes one context per
//! board state, searches with it, drops it, and only then applies the step it chose. No table
//! outlives the board state it describes, and none is looked up by comparing whole boards.
//!
//! This is the shape of HoDoKu's `SudokuStepFinder`, which owns the per-grid caches of its
//! solvers and throws them away when the grid changes.

use std::cell::OnceCell;

use super::als_sets::{AlsData, Overlap};
use super::bits::BitBoard;
use super::board::Board;
use super::forcing_table::Table;
use super::links::{self, Graph};
use super::loop_search::{self, Loops};

/// One board state and the tables its finders have built so far (see the module docs).
pub struct Solving<'b> {
    board: &'b Board,
    grid: OnceCell<BitBoard<'b>>,
    graph: OnceCell<Graph<'b>>,
    loops: OnceCell<Loops>,
    forcing: OnceCell<Table>,
    /// Per [`Overlap`] rule (disjoint, overlapping): the ALSs and their links.
    als: [OnceCell<AlsData>; 2],
}

impl<'b> Solving<'b> {
    /// A context for `board` with no table built yet.
    pub fn new(board: &'b Board) -> Solving<'b> {
        Solving {
            board,
            grid: OnceCell::new(),
            graph: OnceCell::new(),
            loops: OnceCell::new(),
            forcing: OnceCell::new(),
            als: [OnceCell::new(), OnceCell::new()],
        }
    }

    /// The board the finders search.
    pub fn board(&self) -> &'b Board {
        self.board
    }

    /// The candidates as bitsets, per digit, with every cell's peers.
    pub(crate) fn grid(&self) -> &BitBoard<'b> {
        self.grid.get_or_init(|| BitBoard::new(self.board))
    }

    /// The link graph the AICs and nice loops search.
    pub(crate) fn graph(&self) -> &Graph<'b> {
        self.graph.get_or_init(|| links::graph(self.board))
    }

    /// Both kinds of nice loop: one search finds them together.
    pub(crate) fn loops(&self) -> &Loops {
        self.loops
            .get_or_init(|| loop_search::find_loops(self.graph()))
    }

    /// The forcing chains' implication table: the expensive part of all four of them.
    pub(crate) fn forcing_table(&self) -> &Table {
        self.forcing.get_or_init(|| Table::build(self.grid()))
    }

    /// The almost locked sets and their restricted commons under `rule`.
    pub(crate) fn als(&self, rule: Overlap) -> &AlsData {
        let slot = match rule {
            Overlap::Disjoint => &self.als[0],
            Overlap::Allowed => &self.als[1],
        };
        slot.get_or_init(|| AlsData::build(self.grid(), rule))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{ReadOptions, parse_puzzle};
    use crate::logic::{Technique, available, find_all, find_all_in, path};

    /// Magictour top 1465, puzzle 1, after its singles: the ALS, loop and forcing finders all
    /// have work there.
    fn hard_board() -> Board {
        let text =
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
        let puzzle = parse_puzzle(text, ReadOptions::default()).expect("test puzzle parses");
        let mut board = Board::from_puzzle(&puzzle);
        path::place_singles(&mut board);
        board
    }

    #[test]
    fn each_table_is_built_once_per_context() {
        let board = hard_board();
        let solving = Solving::new(&board);
        assert!(std::ptr::eq(solving.grid(), solving.grid()));
        assert!(std::ptr::eq(solving.graph(), solving.graph()));
        assert!(std::ptr::eq(solving.loops(), solving.loops()));
        assert!(std::ptr::eq(
            solving.forcing_table(),
            solving.forcing_table()
        ));
        let disjoint = solving.als(Overlap::Disjoint);
        assert!(std::ptr::eq(disjoint, solving.als(Overlap::Disjoint)));
        assert!(!std::ptr::eq(disjoint, solving.als(Overlap::Allowed)));
    }

    /// Tables one technique built serve the next one unchanged: every technique finds the same
    /// steps in a context shared by all of them as in a fresh context of its own.
    #[test]
    fn a_shared_context_finds_what_fresh_ones_find() {
        let board = hard_board();
        let shared = Solving::new(&board);
        let mut found = 0;
        for technique in available().filter(|&t| t != Technique::SeStep) {
            let steps = find_all_in(&shared, technique);
            assert_eq!(steps, find_all(&board, technique), "{technique:?}");
            found += steps.len();
        }
        assert!(found > 0);
    }
}
