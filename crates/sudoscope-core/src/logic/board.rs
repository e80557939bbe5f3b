//! The board the techniques look at: placed digits and the candidates of the empty cells.

use thiserror::Error;

use crate::grid::{Alphabet, Digits, Geometry, Grid, Puzzle, Shape, Shown};

use super::step::Step;

/// Why a board cannot be worked on by logic. The digit is given as the puzzle's alphabet
/// writes it (`A` on a 16×16 in `1-9A-G`), as the message is for a player.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum BoardError {
    #[error("{cell} has no candidates left")]
    /// A cell with no candidate left.
    EmptyCell {
        /// The cell, by name.
        cell: String,
    },
    #[error("digit {digit} has no place left in {house}")]
    /// A digit with no place left in a house.
    DigitWithoutPlace {
        /// The digit, as the puzzle writes it.
        digit: char,
        /// The house, by name.
        house: String,
    },
    #[error("digit {digit} appears twice in {house}")]
    /// A digit placed twice in a house.
    Duplicate {
        /// The digit, as the puzzle writes it.
        digit: char,
        /// The house, by name.
        house: String,
    },
}

/// Placed digits plus the candidates of every empty cell, and the alphabet the puzzle is
/// written in, so that every explanation speaks in the puzzle's own symbols.
///
/// The conventions follow HoDoKu's, so that the regression library agrees: a placed cell has no
/// candidates; candidates are only ever removed, never re-added.
#[derive(Clone, PartialEq, Eq)]
pub struct Board {
    geometry: Shape,
    values: Vec<u8>,
    candidates: Vec<Digits>,
    alphabet: Alphabet,
}

impl Board {
    /// The board of a puzzle: its givens placed and, for the empty cells, the pencilmarks it
    /// came with, or else every digit no peer holds.
    pub fn from_puzzle(puzzle: &Puzzle) -> Board {
        let geometry = puzzle.geometry();
        let values = puzzle.givens.cells().to_vec();
        let mut candidates = puzzle.candidates();
        for (cell, &value) in values.iter().enumerate() {
            if value != 0 {
                candidates[cell] = Digits::EMPTY;
            }
        }
        Board {
            geometry: geometry.shape(),
            values,
            candidates,
            alphabet: puzzle.alphabet,
        }
    }

    /// A board of digits (0 = empty) and explicit candidates for the empty cells (candidates of
    /// filled cells are ignored), in the size's default alphabet ([`Board::with_alphabet`]
    /// changes it).
    pub fn from_parts(geometry: &Geometry, values: Vec<u8>, mut candidates: Vec<Digits>) -> Board {
        for (cell, &value) in values.iter().enumerate() {
            if value != 0 {
                candidates[cell] = Digits::EMPTY;
            }
        }
        Board {
            geometry: geometry.shape(),
            values,
            candidates,
            alphabet: Alphabet::default_for(geometry.size()),
        }
    }

    /// The same board, its digits written in `alphabet`.
    pub fn with_alphabet(mut self, alphabet: Alphabet) -> Board {
        self.alphabet = alphabet;
        self
    }

    /// The alphabet the board's digits are written in.
    pub fn alphabet(&self) -> Alphabet {
        self.alphabet
    }

    /// A digit as the board's alphabet writes it, for text ([`Alphabet::show`]).
    pub fn show(&self, digit: u8) -> Shown {
        self.alphabet.show(digit)
    }

    /// A board from digits alone: candidates are everything no peer rules out.
    pub fn from_grid(grid: &Grid) -> Board {
        Board::from_parts(grid.geometry(), grid.cells().to_vec(), grid.candidates())
    }

    /// The shape of the board.
    pub fn geometry(&self) -> &Geometry {
        &self.geometry
    }

    /// N, the number of digits.
    pub fn size(&self) -> usize {
        self.geometry.size()
    }

    /// The digit in a cell, 0 when empty.
    pub fn value(&self, cell: usize) -> u8 {
        self.values[cell]
    }

    /// Every cell's value, row-major, 0 for empty.
    pub fn values(&self) -> &[u8] {
        &self.values
    }

    /// The candidates of a cell (empty for a placed cell).
    pub fn candidates(&self, cell: usize) -> Digits {
        self.candidates[cell]
    }

    /// Every cell's candidates, row-major (empty for a placed cell).
    pub fn all_candidates(&self) -> &[Digits] {
        &self.candidates
    }

    /// The placed digits as a grid.
    pub fn grid(&self) -> Grid {
        Grid::from_cells(&self.geometry, self.values.clone())
            .unwrap_or_else(|_| Grid::empty(&self.geometry))
    }

    /// The empty cells of a house holding `digit` as a candidate.
    pub fn positions(&self, house: usize, digit: u8) -> impl Iterator<Item = usize> + '_ {
        self.geometry.houses()[house]
            .cells
            .iter()
            .copied()
            .filter(move |&cell| self.candidates[cell].contains(digit))
    }

    /// The two places of `digit` in `house` when it has exactly two (a conjugate pair), in
    /// the house's cell order; without collecting the places, as the single-digit techniques
    /// ask this of every house and digit.
    pub fn conjugate(&self, house: usize, digit: u8) -> Option<(usize, usize)> {
        let mut found = [0usize; 2];
        let mut count = 0;
        for cell in self.positions(house, digit) {
            if count == 2 {
                return None;
            }
            found[count] = cell;
            count += 1;
        }
        (count == 2).then_some((found[0], found[1]))
    }

    /// Whether `digit` is already placed in `house`.
    pub fn house_has_value(&self, house: usize, digit: u8) -> bool {
        self.geometry.houses()[house]
            .cells
            .iter()
            .any(|&cell| self.values[cell] == digit)
    }

    /// The number of empty cells.
    pub fn empty_count(&self) -> usize {
        self.values.iter().filter(|&&v| v == 0).count()
    }

    /// Whether every cell holds a value.
    pub fn is_solved(&self) -> bool {
        self.values.iter().all(|&v| v != 0)
    }

    /// Places a digit and removes it from the candidates of the cell's peers.
    pub fn place(&mut self, cell: usize, digit: u8) {
        self.values[cell] = digit;
        self.candidates[cell] = Digits::EMPTY;
        for &peer in self.geometry.peers(cell) {
            self.candidates[peer].remove(digit);
        }
    }

    /// Removes a candidate; returns whether it was there.
    pub fn eliminate(&mut self, cell: usize, digit: u8) -> bool {
        let had = self.candidates[cell].contains(digit);
        self.candidates[cell].remove(digit);
        had
    }

    /// Applies a step's placements and eliminations.
    pub fn apply(&mut self, step: &Step) {
        for p in &step.placements {
            if self.values[p.cell] == 0 {
                self.place(p.cell, p.digit);
            }
        }
        for e in &step.eliminations {
            self.eliminate(e.cell, e.digit);
        }
    }

    /// The first reason the board cannot lead to a solution that logic alone can see at a
    /// glance: a clash, an empty cell without candidates, or a digit with no place in a house.
    pub fn contradiction(&self) -> Option<BoardError> {
        let geometry = &self.geometry;
        for (cell, &value) in self.values.iter().enumerate() {
            if value == 0 && self.candidates[cell].is_empty() {
                return Some(BoardError::EmptyCell {
                    cell: geometry.cell_name(cell),
                });
            }
        }
        for house in geometry.houses() {
            let mut placed = Digits::EMPTY;
            let mut possible = Digits::EMPTY;
            for &cell in &house.cells {
                let value = self.values[cell];
                if value != 0 {
                    if placed.contains(value) {
                        return Some(BoardError::Duplicate {
                            digit: self.alphabet.symbol(value),
                            house: house.to_string(),
                        });
                    }
                    placed.insert(value);
                } else {
                    possible |= self.candidates[cell];
                }
            }
            let missing = Digits::all(geometry.size()) - placed - possible;
            if let Some(digit) = missing.first() {
                return Some(BoardError::DigitWithoutPlace {
                    digit: self.alphabet.symbol(digit),
                    house: house.to_string(),
                });
            }
        }
        None
    }
}

impl std::fmt::Debug for Board {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Board({})", self.grid().to_line(self.alphabet))
    }
}
