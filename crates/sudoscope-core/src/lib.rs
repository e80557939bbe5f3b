//! sudoscope-core: the sudoku engine behind sudoscope — any size from 4×4 to 36×36, the
//! standard, X and hyper variants, exact solvers and solution counting, human-style hints and
//! rating, a puzzle generator, the live solvers that can be watched step by step, and the
//! UI-free game model (moves, notes, undo/redo, timer, saves).
//!
//! It knows nothing about terminals, async runtimes, SSH or databases: puzzle text flows into
//! [`grid::Puzzle`], through the engines, and out as values, text or JSON-ready structs.
//!
//! The crate README, whose example is compiled and run as a doc test:
#![doc = include_str!("../README.md")]
#![warn(missing_docs)]

pub mod canon;
pub mod exact;
pub mod game;
pub mod generate;
pub mod grid;
pub mod live;
pub mod logic;
pub mod rng;

#[cfg(feature = "lab")]
#[doc(hidden)]
pub mod lab;

pub use exact::{Solution, count, solve};
pub use game::Game;
pub use generate::{GenerateOptions, Generated, generate};
pub use grid::{Grid, Puzzle, ReadOptions, Variant, parse_puzzle, read_all};
pub use live::{LiveSolver, NAMES as LIVE_SOLVERS, by_name as live_solver};
pub use logic::path::{Path, solve as solve_path};
pub use logic::rating::{Level, Rating, rate};
pub use logic::se::{SeRating, rate as rate_se};
pub use logic::{Board, Step, Technique, next_step};
