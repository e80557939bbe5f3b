//! Typed errors of the grid model: every message names where the problem is.

use std::fmt;

use thiserror::Error;

/// A request the grid model cannot serve (as opposed to bad puzzle text).
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum GridError {
    #[error("unsupported size {0}×{0}: sizes are 4×4, 9×9, 16×16, 25×25 and 36×36")]
    /// A side length other than 4, 9, 16, 25 or 36.
    UnsupportedSize(usize),
    #[error("a {0} sudoku needs its regions or cages as well as its size")]
    /// A variant whose shape the size alone does not decide (killer, jigsaw).
    NeedsShape(super::shape_spec::Variant),
    #[error("{}, expected {expected}", cells(*.found))]
    /// A cell list of the wrong length for its geometry.
    CellCount {
        /// Cells found.
        found: usize,
        /// Cells the geometry has.
        expected: usize,
    },
    #[error("{cell} holds {digit}, which is not a digit of a {size}×{size} sudoku")]
    /// A digit beyond the grid's size.
    DigitOutOfRange {
        /// The cell, by name (`r1c2`).
        cell: String,
        /// The digit found.
        digit: u8,
        /// N, the side length.
        size: usize,
    },
}

/// What is wrong with a piece of puzzle text.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum ParseErrorKind {
    #[error("{}, expected {expected} for {}", cells(*.found), size_name(*.size, *.pencilmark))]
    /// A one-line puzzle whose length fits no size.
    WrongLength {
        /// Cells found.
        found: usize,
        /// Cells expected.
        expected: usize,
        /// N, the side length.
        size: usize,
        /// Whether the text was read as a pencilmark grid.
        pencilmark: bool,
    },
    #[error("grid row has {}, expected {expected}", cells(*.found))]
    /// A grid row with a different number of cells from the first row.
    WrongRowLength {
        /// Cells in this row.
        found: usize,
        /// Cells in the first row.
        expected: usize,
    },
    #[error("{} in a grid row: rows hold 4, 9, 16, 25 or 36 cells", cells(*.found))]
    /// A grid row whose cell count fits no size.
    UnknownRowLength {
        /// Cells in the row.
        found: usize,
    },
    #[error("incomplete grid: {rows} of {size} rows")]
    /// A grid that ended before its last row.
    IncompleteGrid {
        /// Rows read.
        rows: usize,
        /// Rows the grid needs.
        size: usize,
    },
    #[error("unexpected character {found} (expected {allowed})")]
    /// A character that is neither a digit of the alphabet nor an empty-cell mark.
    BadCharacter {
        /// The character, quoted.
        found: String,
        /// What the alphabet allows, in words.
        allowed: String,
    },
    #[error("digit {digit} appears twice in {house}: {first} and {second}")]
    /// A digit given twice in one house.
    DuplicateGiven {
        /// The digit, as written.
        digit: String,
        /// The house, by name (`row 3`).
        house: String,
        /// The first cell holding it.
        first: String,
        /// The second cell holding it.
        second: String,
    },
    #[error("{cell} has no candidates")]
    /// A pencilmark cell with no candidate.
    NoCandidates {
        /// The cell, by name.
        cell: String,
    },
    #[error("the line is longer than {max} bytes")]
    /// A line longer than [`MAX_LINE_BYTES`](crate::grid::MAX_LINE_BYTES).
    LineTooLong {
        /// The longest line read.
        max: usize,
    },
    #[error("{0}")]
    /// The input could not be read (said in words).
    Unreadable(String),
    #[error("byte 0x{byte:02X} is not UTF-8 text")]
    /// Bytes that are not UTF-8 text.
    NotUtf8 {
        /// The first byte that is not text.
        byte: u8,
    },
    #[error("no puzzle in the input")]
    /// The input holds no puzzle.
    NoPuzzle,
    #[error("a second puzzle starts here, but only one was expected")]
    /// A second puzzle where one was expected.
    ExtraPuzzle,
    #[error("{0}")]
    /// A grid that cannot be built (see [`GridError`]).
    Grid(#[from] GridError),
    #[error("{0}")]
    /// Regions or cages that make no sudoku (see [`ShapeError`]).
    Shape(#[from] ShapeError),
    #[error("Solo game ID: {0}")]
    /// A Simon Tatham's Solo game ID that is not one: the message names the field at fault.
    SoloId(String),
    #[error("{0}")]
    /// A killer or jigsaw written in the project's shape text that is not one: the message
    /// names the section and the label or row at fault.
    ShapeText(String),
}

/// "1 cell", "2 cells".
fn cells(n: usize) -> String {
    if n == 1 {
        "1 cell".into()
    } else {
        format!("{n} cells")
    }
}

fn size_name(size: usize, pencilmark: bool) -> String {
    if pencilmark {
        format!("a {size}×{size} pencilmark grid")
    } else {
        format!("{size}×{size}")
    }
}

/// Bad puzzle text, located: `line 3, column 17: unexpected character 'x' (...)`.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub struct ParseError {
    /// 1-based line of the input where the puzzle (or the bad row) starts.
    pub line: usize,
    /// 1-based column (in characters) of the offending character, when there is one.
    pub column: Option<usize>,
    /// What is wrong.
    pub kind: ParseErrorKind,
}

impl ParseError {
    /// An error at `line` (and `column`, when one character is at fault).
    pub fn new(line: usize, column: Option<usize>, kind: ParseErrorKind) -> ParseError {
        ParseError { line, column, kind }
    }
}

impl fmt::Display for ParseError {
    /// Always one line: control characters that slipped into a message (an I/O error's text,
    /// say) are written as `U+000A`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.column {
            Some(column) => write!(f, "line {}, column {}: ", self.line, column)?,
            None => write!(f, "line {}: ", self.line)?,
        }
        let message = self.kind.to_string();
        if message.chars().any(char::is_control) {
            for c in message.chars() {
                if c.is_control() {
                    write!(f, "U+{:04X}", c as u32)?;
                } else {
                    write!(f, "{c}")?;
                }
            }
            Ok(())
        } else {
            f.write_str(&message)
        }
    }
}

/// What is wrong with a shape: its regions or its cages ([`super::Geometry::shaped`]). Every
/// message names the cell or region where the problem is.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum ShapeError {
    #[error(transparent)]
    /// The size has no boxes, or another grid-model refusal.
    Grid(GridError),
    #[error("a jigsaw is 4×4 to 16×16, not {0}×{0}")]
    /// A jigsaw side length out of range.
    JigsawSize(usize),
    #[error("the region map has {found} cells, expected {expected}")]
    /// A region map of the wrong length.
    RegionMapLength {
        /// Cells in the map.
        found: usize,
        /// Cells the grid has.
        expected: usize,
    },
    #[error("the grid has {found} regions, expected {expected}")]
    /// Not N regions.
    RegionCount {
        /// Regions found.
        found: usize,
        /// N.
        expected: usize,
    },
    #[error("the region at {cell} has {found} cells, expected {expected}")]
    /// A region of other than N cells.
    RegionSize {
        /// The region's first cell, by name.
        cell: String,
        /// Its cells.
        found: usize,
        /// N.
        expected: usize,
    },
    #[error("the region at {cell} is not connected: {apart} is cut off from it")]
    /// A region whose cells are not joined side to side.
    RegionNotConnected {
        /// The region's first cell.
        cell: String,
        /// A cell of the region not reached from the first.
        apart: String,
    },
    #[error("hyper windows need boxes, and a jigsaw has irregular regions")]
    /// Windows asked for on irregular regions.
    WindowsWithoutBoxes,
    #[error("a puzzle cannot have both the X diagonals and hyper windows")]
    /// Diagonals and windows together.
    DiagonalsAndWindows,
    #[error("killer cages on irregular regions are not supported")]
    /// Cages and jigsaw regions together.
    CagesOnJigsaw,
    #[error("a killer is at most {max}×{max}, not {size}×{size}")]
    /// A killer too large for the cage arithmetic table.
    KillerSize {
        /// N.
        size: usize,
        /// The largest N.
        max: usize,
    },
    #[error("a cage lists cell {cell}, beyond the {count} cells of the grid")]
    /// A cage cell out of range.
    CageCellOutOfRange {
        /// The index given.
        cell: usize,
        /// Cells in the grid.
        count: usize,
    },
    #[error("the cage at {cell} is empty")]
    /// A cage without cells (named by where it was declared, when known).
    EmptyCage {
        /// Where the cage was declared.
        cell: String,
    },
    #[error("{cell} is in two cages")]
    /// Overlapping cages.
    CageOverlap {
        /// The shared cell.
        cell: String,
    },
    #[error("{cell} is in no cage: a killer's cages cover the grid")]
    /// A cell left out of every cage.
    Uncaged {
        /// The cell.
        cell: String,
    },
    #[error("the cage at {cell} has {len} cells, more than the {size} digits")]
    /// A cage larger than N.
    CageTooLarge {
        /// The cage's first cell.
        cell: String,
        /// Its cells.
        len: usize,
        /// N.
        size: usize,
    },
    #[error("the cage at {cell} cannot sum to {sum}: {len} different digits make {min} to {max}")]
    /// A sum no set of distinct digits makes.
    ImpossibleSum {
        /// The cage's first cell.
        cell: String,
        /// The sum given.
        sum: u32,
        /// Its cells.
        len: usize,
        /// The smallest possible sum.
        min: u32,
        /// The largest possible sum.
        max: u32,
    },
    #[error("the cage at {cell} is not connected: {apart} is cut off from it")]
    /// A cage whose cells are not joined side to side.
    CageNotConnected {
        /// The cage's first cell.
        cell: String,
        /// A cell of the cage not reached from the first.
        apart: String,
    },
    #[error("the cages add up to {found}, but a {size}×{size} grid adds up to {expected}")]
    /// Cage sums whose total is not the grid's.
    CageTotal {
        /// The sum of the cage sums.
        found: u32,
        /// N × N(N+1)/2.
        expected: u32,
        /// N.
        size: usize,
    },
}

/// Why a puzzle cannot be written in a format: the format has no room for its kind.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum WriteError {
    #[error("{0}")]
    /// Simon Tatham's Solo has no such puzzle, or would refuse this one.
    Solo(String),
    #[error("{0}")]
    /// The format cannot carry this kind of puzzle (cages or irregular regions in a plain grid).
    Unsupported(String),
}
