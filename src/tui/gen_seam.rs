//! The generator seam: the UI codes against `generate(&GenerateOptions)` through
//! this one module, so the app and the play command name a single place.

pub use crate::generate::{
    GenerateError, GenerateOptions, Generated, Level, Symmetry, generate, generate_cancellable,
    reachable_levels,
};
