//! sudoscope: a sudoku engine (any size from 4×4 to 36×36, standard, X and hyper variants)
//! with exact solvers, and the terminal application built on it.
//!
//! The library knows nothing about terminals: puzzle text flows into [`grid::Puzzle`], through
//! the engines, and out as text or JSON.

pub mod exact;
pub mod generate;
pub mod grid;
pub mod live;
pub mod logic;
pub mod serve;
pub mod tui;
