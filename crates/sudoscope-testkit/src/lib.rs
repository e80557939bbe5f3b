//! What the sudoscope tests, benchmarks and research harnesses share, so each piece has one
//! home: where the public datasets are ([`datasets`]), boards written as HoDoKu regression
//! library lines ([`reglib`]), the walk that checks a logical solution path against the known
//! solution ([`soundness`]), an engine-free check of a 9×9 solution ([`valid9`]), the finder of
//! digits written as numbers in a hint's text ([`symbols`]) and the measuring helpers of the
//! benchmarks ([`bench`]).
//!
//! Unpublished; a dev-dependency of the workspace's packages (and a dependency of the
//! unpublished `sudoscope-lab`).

pub mod bench;
pub mod datasets;
pub mod reglib;
pub mod solo;
pub mod soundness;
pub mod symbols;
pub mod valid9;

pub use datasets::datasets;
