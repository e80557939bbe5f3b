//! The grid model: geometry (houses and peers for every size and variant), digit sets,
//! grids and puzzles, and every text format in and out.

pub(crate) mod alphabet;
pub(crate) mod board;
pub(crate) mod cages;
pub(crate) mod digits;
pub(crate) mod error;
pub(crate) mod filled;
pub(crate) mod format;
pub(crate) mod geometry;
pub(crate) mod parse;
pub(crate) mod pencilmarks;
mod shape_check;
pub(crate) mod shape_spec;
pub(crate) mod shape_text;
pub(crate) mod solo;

pub use alphabet::{Alphabet, Shown};
pub use board::{Conflict, Grid, Group, Puzzle};
pub use cages::{CageArithmetic, MAX_KILLER_SIZE};
pub use digits::Digits;
pub use error::{GridError, ParseError, ParseErrorKind, ShapeError, WriteError};
pub use format::{TextFormat, digits_line_9x9};
pub use geometry::{Geometry, House, HouseKind, Shape, live_shapes};
pub use parse::{Item, MAX_LINE_BYTES, PuzzleReader, ReadOptions, Record, parse_puzzle, read_all};
pub(crate) use shape_spec::side_neighbours;
pub use shape_spec::{BOX_SIZES, Cage, JIGSAW_SIZES, SIZES, ShapeSpec, Variant};
