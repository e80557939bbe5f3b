//! Mantere & Koljonen's cultural algorithm ("Solving and Analyzing Sudokus with Cultural
//! Algorithms", 2008): their GA ([`super::ga::Ga`], the same engine) plus a *belief space*.
//!
//! The belief space is an N×N×N table of counts, one per (cell, digit) (the paper's 9×9×9 cube,
//! generalised to 16×16 and 25×25). After a generation whose best individual has fitness 2 —
//! a *near solution*, two positions wrong — and differs from the individual that updated the
//! belief space last, every cell's digit in it gets +1. The belief space is used only when the
//! population is re-initialised: a free cell whose counts have exactly one non-zero digit is
//! then treated as a given (a *hidden given*).
//!
//! ## Our re-initialisation rule (the paper does not give one)
//!
//! * The population is re-initialised when the best fitness of the current epoch has not
//!   improved for [`super::ga::GaOptions::restart_after`] generations — the same rule as the
//!   GA, so the belief space is the only difference between the two.
//! * Hidden givens are used on odd-numbered restarts only, and only once the belief space
//!   holds [`super::ga::GaOptions::min_near_solutions`] near solutions. A near solution can be
//!   far from the solution (the paper shows ones with 42 wrong positions), so hidden givens can
//!   be wrong; an epoch built on a wrong one can never solve the puzzle, and its own near
//!   solutions would only confirm it. Every other epoch starts from the real givens alone, so a
//!   wrong hidden given costs one epoch and fresh near solutions keep arriving.
//! * Hidden givens that clash with a given or with each other on a row, column (or variant
//!   house) are dropped, both of a clashing pair.

use super::ga::{Ga, GaOptions};

/// The `--solver` name.
pub const NAME: &str = super::ga::CULTURAL_NAME;

/// The cultural algorithm with the paper's parameters and our re-initialisation rule.
pub fn new() -> Ga {
    Ga::with_options(GaOptions::cultural())
}
