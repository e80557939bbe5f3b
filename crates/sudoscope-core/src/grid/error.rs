//! Typed errors of the grid model: every message names where the problem is.

use std::fmt;

use thiserror::Error;

/// A request the grid model cannot serve (as opposed to bad puzzle text).
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum GridError {
    #[error("unsupported size {0}×{0}: sizes are 4×4, 9×9, 16×16, 25×25 and 36×36")]
    UnsupportedSize(usize),
    #[error("{}, expected {expected}", cells(*.found))]
    CellCount { found: usize, expected: usize },
    #[error("{cell} holds {digit}, which is not a digit of a {size}×{size} sudoku")]
    DigitOutOfRange {
        cell: String,
        digit: u8,
        size: usize,
    },
}

/// What is wrong with a piece of puzzle text.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum ParseErrorKind {
    #[error("{}, expected {expected} for {}", cells(*.found), size_name(*.size, *.pencilmark))]
    WrongLength {
        found: usize,
        expected: usize,
        size: usize,
        pencilmark: bool,
    },
    #[error("grid row has {}, expected {expected}", cells(*.found))]
    WrongRowLength { found: usize, expected: usize },
    #[error("{} in a grid row: rows hold 4, 9, 16, 25 or 36 cells", cells(*.found))]
    UnknownRowLength { found: usize },
    #[error("incomplete grid: {rows} of {size} rows")]
    IncompleteGrid { rows: usize, size: usize },
    #[error("unexpected character {found} (expected {allowed})")]
    BadCharacter { found: String, allowed: String },
    #[error("digit {digit} appears twice in {house}: {first} and {second}")]
    DuplicateGiven {
        digit: String,
        house: String,
        first: String,
        second: String,
    },
    #[error("{cell} has no candidates")]
    NoCandidates { cell: String },
    #[error("the line is longer than {max} bytes")]
    LineTooLong { max: usize },
    #[error("{0}")]
    Unreadable(String),
    #[error("byte 0x{byte:02X} is not UTF-8 text")]
    NotUtf8 { byte: u8 },
    #[error("no puzzle in the input")]
    NoPuzzle,
    #[error("a second puzzle starts here, but only one was expected")]
    ExtraPuzzle,
    #[error("{0}")]
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
    pub kind: ParseErrorKind,
}

impl ParseError {
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
