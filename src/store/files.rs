//! Store files moved aside: a damaged or newer store, an old save brought in. Nothing is
//! deleted; each gets a free name beside the original.

use std::path::{Path, PathBuf};

use super::{Result, StoreError};

/// `path.SUFFIX`, or `path.SUFFIX-2`, `-3`, … when that is taken.
pub fn free_name(path: &Path, suffix: &str) -> PathBuf {
    let with = |tail: String| {
        let mut name = path.as_os_str().to_owned();
        name.push(tail);
        PathBuf::from(name)
    };
    let mut candidate = with(format!(".{suffix}"));
    let mut n = 2;
    while candidate.exists() {
        candidate = with(format!(".{suffix}-{n}"));
        n += 1;
    }
    candidate
}

/// Renames a store file and its WAL companions aside; returns the store file's new name.
pub fn move_aside(path: &Path, suffix: &str) -> Result<PathBuf> {
    let kept = free_name(path, suffix);
    let io = |source| StoreError::Io {
        path: path.display().to_string(),
        source,
    };
    std::fs::rename(path, &kept).map_err(io)?;
    for companion in ["-wal", "-shm"] {
        let mut from = path.as_os_str().to_owned();
        from.push(companion);
        let mut to = kept.as_os_str().to_owned();
        to.push(companion);
        if Path::new(&from).exists() {
            std::fs::rename(&from, &to).map_err(io)?;
        }
    }
    Ok(kept)
}
