//! Typed errors of the grid model: every message names where the problem is.

use std::fmt;

use thiserror::Error;

/// A request the grid model cannot serve (as opposed to bad puzzle text).
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum GridError {
    #[error("unsupported size {0}×{0}: sizes are 4×4, 9×9, 16×16, 25×25 and 36×36")]
    /// A side length other than 4, 9, 16, 25 or 36.
    UnsupportedSize(usize),
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
