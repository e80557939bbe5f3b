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

pub mod canon;
pub mod exact;
pub mod game;
pub mod generate;
pub mod grid;
pub mod live;
pub mod logic;
pub mod rng;
