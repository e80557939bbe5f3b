//! The grid model: geometry (houses and peers for every size and variant), digit sets,
//! grids and puzzles, and every text format in and out.

pub mod alphabet;
pub mod board;
pub mod digits;
pub mod error;
pub mod filled;
pub mod format;
pub mod geometry;
pub mod parse;
pub mod pencilmarks;

pub use alphabet::{Alphabet, Shown};
pub use board::{Conflict, Grid, Puzzle};
pub use digits::Digits;
pub use error::{GridError, ParseError, ParseErrorKind};
pub use format::TextFormat;
pub use geometry::{Geometry, House, HouseKind, SIZES, Variant};
pub use parse::{PuzzleReader, ReadOptions, Record, parse_puzzle, read_all};
