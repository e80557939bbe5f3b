//! The grid model: geometry (houses and peers for every size and variant), digit sets,
//! grids and puzzles, and every text format in and out.

pub(crate) mod alphabet;
pub(crate) mod board;
pub(crate) mod digits;
pub(crate) mod error;
pub(crate) mod filled;
pub(crate) mod format;
pub(crate) mod geometry;
pub(crate) mod parse;
pub(crate) mod pencilmarks;

pub use alphabet::{Alphabet, Shown};
pub use board::{Conflict, Grid, Puzzle};
pub use digits::Digits;
pub use error::{GridError, ParseError, ParseErrorKind};
pub use format::{TextFormat, digits_line_9x9};
pub use geometry::{BOX_SIZES, Geometry, House, HouseKind, SIZES, Variant};
pub use parse::{Item, MAX_LINE_BYTES, PuzzleReader, ReadOptions, Record, parse_puzzle, read_all};
