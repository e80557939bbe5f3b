//! Grids of values and puzzles (a grid plus what the input said about it).

use std::fmt;

use super::alphabet::Alphabet;
use super::digits::Digits;
use super::error::{GridError, ParseErrorKind, WriteError};
use super::geometry::{Geometry, Shape};
use super::shape_spec::Variant;

/// The digits of an N×N sudoku, row-major, 0 for an empty cell.
#[derive(Clone, PartialEq, Eq)]
pub struct Grid {
    geometry: Shape,
    cells: Vec<u8>,
}

/// Two cells of one house holding the same digit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Conflict {
    /// The digit both cells hold.
    pub digit: u8,
    /// Where the digit is repeated.
    pub group: Group,
    /// The earlier of the two cells.
    pub first: usize,
    /// The later of the two cells.
    pub second: usize,
}

/// A group of cells that must hold distinct digits: a house, or a killer cage.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Group {
    /// Index into [`Geometry::houses`].
    House(usize),
    /// Index into [`Geometry::cages`].
    Cage(usize),
}

impl Group {
    /// `row 3`, `box 5`, `the cage at r1c1`: the group in words.
    pub fn name(self, geometry: &Geometry) -> String {
        match self {
            Group::House(h) => geometry.houses()[h].to_string(),
            Group::Cage(c) => format!(
                "the cage at {}",
                geometry.cell_name(geometry.cages()[c].cells[0])
            ),
        }
    }
}

impl Grid {
    /// An empty grid.
    pub fn empty(geometry: &Geometry) -> Grid {
        Grid {
            geometry: geometry.shape(),
            cells: vec![0; geometry.cell_count()],
        }
    }

    /// A grid from row-major digits (0 = empty); checks the count and the digit range.
    pub fn from_cells(geometry: &Geometry, cells: Vec<u8>) -> Result<Grid, GridError> {
        if cells.len() != geometry.cell_count() {
            return Err(GridError::CellCount {
                found: cells.len(),
                expected: geometry.cell_count(),
            });
        }
        if let Some((cell, &digit)) = cells
            .iter()
            .enumerate()
            .find(|&(_, &d)| d as usize > geometry.size())
        {
            return Err(GridError::DigitOutOfRange {
                cell: geometry.cell_name(cell),
                digit,
                size: geometry.size(),
            });
        }
        Ok(Grid {
            geometry: geometry.shape(),
            cells,
        })
    }

    /// The shape of the grid: size, variant, houses, cages.
    pub fn geometry(&self) -> &Geometry {
        &self.geometry
    }

    /// The grid's owned handle on its shape, for what outlives a borrow of the grid.
    pub fn shape(&self) -> &Shape {
        &self.geometry
    }

    /// N, the side length.
    pub fn size(&self) -> usize {
        self.geometry.size()
    }

    /// The variant's extra houses.
    pub fn variant(&self) -> Variant {
        self.geometry.variant()
    }

    /// The row-major digits, 0 for empty.
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// The digit in `cell`, 0 for empty.
    pub fn get(&self, cell: usize) -> u8 {
        self.cells[cell]
    }

    /// Sets a cell (0 clears it). `digit` must be at most N.
    pub fn set(&mut self, cell: usize, digit: u8) {
        debug_assert!(digit as usize <= self.size());
        self.cells[cell] = digit;
    }

    /// How many cells hold a digit.
    pub fn filled_count(&self) -> usize {
        self.cells.iter().filter(|&&d| d != 0).count()
    }

    /// Whether every cell holds a digit.
    pub fn is_complete(&self) -> bool {
        self.cells.iter().all(|&d| d != 0)
    }

    /// The first pair of equal digits sharing a house (scanning houses in order), then a cage.
    pub fn first_conflict(&self) -> Option<Conflict> {
        let n = self.size();
        let mut seen = vec![usize::MAX; n + 1];
        let houses = self.geometry.houses().iter().map(|h| &h.cells[..]);
        let cages = self.geometry.cages().iter().map(|c| &c.cells[..]);
        let house_count = self.geometry.houses().len();
        for (g, cells) in houses.chain(cages).enumerate() {
            seen.iter_mut().for_each(|s| *s = usize::MAX);
            for &cell in cells {
                let digit = self.cells[cell];
                if digit == 0 {
                    continue;
                }
                let earlier = seen[digit as usize];
                if earlier != usize::MAX {
                    let group = if g < house_count {
                        Group::House(g)
                    } else {
                        Group::Cage(g - house_count)
                    };
                    return Some(Conflict {
                        digit,
                        group,
                        first: earlier,
                        second: cell,
                    });
                }
                seen[digit as usize] = cell;
            }
        }
        None
    }

    /// The first cage (index into [`Geometry::cages`]) whose digits break its sum: more than
    /// the sum already, or all filled in and less.
    pub fn first_wrong_sum(&self) -> Option<usize> {
        self.geometry.cages().iter().position(|cage| {
            let digits = cage.cells.iter().map(|&c| self.cells[c]);
            let total: u32 = digits.clone().map(u32::from).sum();
            let full = digits.clone().all(|d| d != 0);
            total > cage.sum || full && total != cage.sum
        })
    }

    /// Every cell whose digit is repeated in one of its houses or its cage (for highlighting).
    pub fn conflicting_cells(&self) -> Vec<usize> {
        (0..self.cells.len())
            .filter(|&cell| {
                let digit = self.cells[cell];
                digit != 0
                    && self
                        .geometry
                        .peers(cell)
                        .iter()
                        .any(|&p| self.cells[p] == digit)
            })
            .collect()
    }

    /// Complete, free of conflicts, and every cage adding up to its sum.
    pub fn is_solved(&self) -> bool {
        self.is_complete() && self.first_conflict().is_none() && self.first_wrong_sum().is_none()
    }

    /// Whether `other` keeps every digit of `self` (a solution agrees with its puzzle).
    pub fn is_extended_by(&self, other: &Grid) -> bool {
        self.geometry.size() == other.geometry.size()
            && self
                .cells
                .iter()
                .zip(&other.cells)
                .all(|(&a, &b)| a == 0 || a == b)
    }

    /// Candidates implied by the digits alone: a filled cell holds its digit, an empty cell
    /// every digit no peer holds.
    pub fn candidates(&self) -> Vec<Digits> {
        let all = Digits::all(self.size());
        (0..self.cells.len())
            .map(|cell| match self.cells[cell] {
                0 => {
                    let mut set = all;
                    for &p in self.geometry.peers(cell) {
                        if self.cells[p] != 0 {
                            set.remove(self.cells[p]);
                        }
                    }
                    set
                }
                digit => Digits::single(digit),
            })
            .collect()
    }

    /// The one-line form in `alphabet`.
    pub fn to_line(&self, alphabet: Alphabet) -> String {
        self.cells.iter().map(|&d| alphabet.symbol(d)).collect()
    }
}

impl Conflict {
    /// The same conflict as a parse error: `digit 5 appears twice in row 1: r1c2 and r1c7`.
    pub fn to_error(self, geometry: &Geometry, alphabet: Alphabet) -> ParseErrorKind {
        ParseErrorKind::DuplicateGiven {
            digit: alphabet.symbol(self.digit).to_string(),
            house: self.group.name(geometry),
            first: geometry.cell_name(self.first),
            second: geometry.cell_name(self.second),
        }
    }
}

impl fmt::Debug for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Grid({}×{} {}, {})",
            self.size(),
            self.size(),
            self.variant(),
            self.to_line(Alphabet::default_for(self.size()))
        )
    }
}

/// A puzzle as read from input: its givens, the pencilmarks if the input had them, and the
/// alphabet it was written in (output uses the same one).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// The given digits.
    pub givens: Grid,
    /// Candidates per cell, present when the input was a pencilmark grid.
    pub pencilmarks: Option<Vec<Digits>>,
    /// The symbols the puzzle was written in; output uses the same ones.
    pub alphabet: Alphabet,
}

impl Puzzle {
    /// A puzzle of givens only, in its size's default alphabet.
    pub fn from_grid(givens: Grid) -> Puzzle {
        let alphabet = Alphabet::default_for(givens.size());
        Puzzle {
            givens,
            pencilmarks: None,
            alphabet,
        }
    }

    /// The shape of the puzzle's grid.
    pub fn geometry(&self) -> &Geometry {
        self.givens.geometry()
    }

    /// The candidates to start from: the pencilmarks when given, else those implied by the
    /// givens.
    pub fn candidates(&self) -> Vec<Digits> {
        match &self.pencilmarks {
            Some(marks) => marks.clone(),
            None => self.givens.candidates(),
        }
    }

    /// Checks the puzzle can be worked on: no digit twice in a house, no cell without
    /// candidates in a pencilmark grid.
    pub fn validate(&self) -> Result<(), ParseErrorKind> {
        let geometry = self.geometry();
        if let Some(conflict) = self.givens.first_conflict() {
            return Err(conflict.to_error(geometry, self.alphabet));
        }
        if let Some(marks) = &self.pencilmarks {
            if let Some(cell) = marks.iter().position(|m| m.is_empty()) {
                return Err(ParseErrorKind::NoCandidates {
                    cell: geometry.cell_name(cell),
                });
            }
            // A cell whose only candidate is d fixes d for its peers: two such peers clash.
            let fixed: Vec<u8> = marks
                .iter()
                .map(|m| m.single_digit().unwrap_or(0))
                .collect();
            if let Ok(grid) = Grid::from_cells(geometry, fixed)
                && let Some(conflict) = grid.first_conflict()
            {
                return Err(conflict.to_error(geometry, self.alphabet));
            }
        }
        Ok(())
    }

    /// Whether the puzzle's shape is more than its size and variant (killer cages, jigsaw
    /// regions): the one-line digit formats cannot carry it.
    pub fn is_shaped(&self) -> bool {
        !self.geometry().variant().is_classic()
    }

    /// The one-line form of the givens (or the N³ pencilmark line when there are pencilmarks).
    /// A killer or jigsaw is written as its Solo game ID, the one line that carries its cages
    /// or regions (and not its pencilmarks), which every reader of sudoscope's takes back.
    pub fn to_line(&self) -> String {
        if self.is_shaped() {
            // Every killer and jigsaw shape has a Solo kind; only hyper has none, and hyper
            // is classic.
            if let Ok(id) = super::solo::encode(self.geometry(), self.givens.cells()) {
                return id;
            }
        }
        match &self.pencilmarks {
            Some(marks) => {
                super::pencilmarks::pencilmark_line(self.geometry(), marks, self.alphabet)
            }
            None => self.givens.to_line(self.alphabet),
        }
    }
}

impl Puzzle {
    /// The puzzle as a Simon Tatham's Solo game ID that Solo itself opens (`3x3:…`, `3x3xk:…`,
    /// `9j:…`): refused for what Solo lacks (hyper windows, pencilmarks, a killer above 9×9 or
    /// with a one-cell cage, more than 31 symbols).
    pub fn to_solo_id(&self) -> Result<String, WriteError> {
        super::solo::check_solo_opens(self.geometry())?;
        if self.pencilmarks.is_some() {
            return Err(WriteError::Solo(
                "a Solo ID holds givens, not pencilmarks".into(),
            ));
        }
        super::solo::encode(self.geometry(), self.givens.cells())
    }

    /// The puzzle in the shape form, the hand-writable killer/jigsaw text (cage or region
    /// map, sums, givens), in the puzzle's alphabet; classic puzzles have the grid formats.
    pub fn to_shape_text(&self) -> Result<String, WriteError> {
        self.to_shape_text_in(self.alphabet)
    }

    /// [`Puzzle::to_shape_text`] with the givens in another alphabet.
    pub fn to_shape_text_in(&self, alphabet: Alphabet) -> Result<String, WriteError> {
        if self.pencilmarks.is_some() {
            return Err(WriteError::Unsupported(
                "the shape form holds givens, not pencilmarks".into(),
            ));
        }
        super::shape_text::write(self.geometry(), self.givens.cells(), alphabet)
    }
}
