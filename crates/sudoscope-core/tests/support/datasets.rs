//! Where the tests find the public puzzle datasets — the one home of that knowledge for both
//! packages' tests (the app's tests include this file by path).
//!
//! The datasets live in `shared/datasets` beside the repository's root (or wherever
//! `SUDOSCOPE_DATASETS` points). On a developer machine without them a test skips with a
//! message; under CI (`CI=true`) their absence is a failure, so a green CI run proves the
//! dataset tests really ran.

use std::path::PathBuf;

/// The datasets folder, or `None` (after saying so on stderr) when it is absent outside CI.
///
/// # Panics
/// When the folder is absent and `CI=true`: there a skipped dataset test would be a false green.
#[allow(dead_code)] // each test binary uses only some of these helpers
pub fn datasets() -> Option<PathBuf> {
    let dir = std::env::var_os("SUDOSCOPE_DATASETS")
        .map(PathBuf::from)
        .unwrap_or_else(default_location);
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

/// `shared/datasets` beside the workspace root (the folder holding `Cargo.lock`).
fn default_location() -> PathBuf {
    let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let root = manifest
        .ancestors()
        .find(|dir| dir.join("Cargo.lock").is_file())
        .unwrap_or(&manifest);
    root.join("../shared/datasets")
}
