//! Where the tests, benchmarks and research harnesses find the public puzzle datasets — the one
//! home of that knowledge.
//!
//! The datasets live in `shared/datasets` beside the workspace root (or wherever
//! `SUDOSCOPE_DATASETS` points). On a developer machine without them a test skips with a
//! message; under CI (`CI=true`) their absence is a failure, so a green CI run proves the
//! dataset tests really ran.

use std::path::PathBuf;

/// The datasets folder for a test, or `None` (after saying so on stderr) when it is absent
/// outside CI.
///
/// # Panics
/// When the folder is absent and `CI=true`: there a skipped dataset test would be a false green.
pub fn datasets() -> Option<PathBuf> {
    let dir = location();
    if dir.is_dir() {
        return Some(dir);
    }
    if std::env::var("CI").is_ok_and(|v| v == "true") {
        panic!(
            "{} not found, and CI=true: the dataset tests must run in CI",
            dir.display()
        );
    }
    eprintln!("skipping: {} not found", dir.display());
    None
}

/// The datasets folder when it exists, silently `None` otherwise: for benchmarks and harnesses,
/// which say themselves what they leave out.
pub fn present() -> Option<PathBuf> {
    let dir = location();
    dir.is_dir().then_some(dir)
}

/// Where the datasets are expected, whether or not they are there: `$SUDOSCOPE_DATASETS`, else
/// `shared/datasets` beside the workspace root (the folder holding `Cargo.lock`).
pub fn location() -> PathBuf {
    if let Some(dir) = std::env::var_os("SUDOSCOPE_DATASETS") {
        return PathBuf::from(dir);
    }
    let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let root = manifest
        .ancestors()
        .find(|dir| dir.join("Cargo.lock").is_file())
        .unwrap_or(&manifest);
    root.join("../shared/datasets")
}
