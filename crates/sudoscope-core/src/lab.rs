//! Engine internals for research harnesses (the unpublished `sudoscope-lab` crate's solver
//! benches, rater comparisons, experiments and calibration) and for the engine's own tests of
//! its parts. Not part of the API: nothing here
//! is kept stable, and it exists only with the `lab` feature.
//!
//! Each module re-exports one internal module whole, so a harness names the part it measures
//! (`lab::fast9::count_solutions`) rather than the engine's choice between parts.

/// The bit-parallel 9×9 exact solver, on its own.
pub mod fast9 {
    pub use crate::exact::fast9::*;
}

/// The band-configuration SIMD 9×9 exact solver, on its own.
pub mod triad {
    pub use crate::exact::triad::*;
}

/// The generic exact solver for every size and variant, on its own.
pub mod generic {
    pub use crate::exact::generic::*;
}

/// The backtracking live solver.
pub mod backtrack {
    pub use crate::live::backtrack::*;
}

/// The logical live solver.
pub mod logical {
    pub use crate::live::logical::*;
}

/// The genetic-algorithm live solver and its options.
pub mod ga {
    pub use crate::live::ga::*;
}

/// The linear-programming live solvers, their options and the LP layer under them.
pub mod lp {
    pub use crate::live::lp::*;
}

/// The RFSS live solver and its options.
pub mod rfss {
    pub use crate::live::rfss::*;
}

/// The hint engine with the parts its tests drive directly: every finder by technique, the
/// per-board context and the step sink, the ALS finders under either overlap rule, and the
/// weighted-WNEF experiments' weights. Everything `logic` exports is here too.
pub mod logic {
    pub use crate::logic::solving::Solving;
    pub use crate::logic::step::StepSink;
    pub use crate::logic::*;

    /// The ALS finders under either overlap rule.
    pub mod als {
        pub use crate::logic::als::*;
    }

    /// The weighted-WNEF experiments' weights.
    pub mod wnef {
        pub use crate::logic::wnef::*;
    }

    /// The function that finds a technique's steps (`None` for SE's steps).
    pub fn finder(technique: Technique) -> Option<fn(&Solving, &mut StepSink)> {
        crate::logic::finder(technique)
    }
}

/// Sudoku Explainer's rater with its own grid and the steps it takes on it. Everything
/// `logic::se` exports is here too.
pub mod se {
    pub use crate::logic::se::grid::*;
    pub use crate::logic::se::*;

    /// SE's next step at `grid` (see `logic::se::next_step`, which starts from a board).
    pub fn next_hint(memo: &SeMemo, grid: &SeGrid, explain: bool, unique: bool) -> Option<SeHint> {
        crate::logic::se::next_hint(memo, grid, explain, unique)
    }

    /// SE's path from a grid (each step reported), and its rating.
    pub fn rate_grid(grid: SeGrid, on_step: impl FnMut(&SeHint)) -> Result<SeRating, SeError> {
        crate::logic::se::rate_grid(grid, on_step)
    }
}
