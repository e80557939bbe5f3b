//! `generate --fresh`: puzzles equivalent to none already known. The known puzzles are read
//! once into a set of canonical forms; a generated puzzle whose form is in the set is made
//! again from another seed, and every puzzle written joins the set, so a run's puzzles are
//! also inequivalent to each other.
//!
//! The known puzzles are those of `--fresh FILE`, or by default those of every file in the
//! shared datasets folder: `$SUDOSCOPE_DATASETS` when set, else `../shared/datasets` from the
//! current directory, else `../shared/datasets` beside the repository the binary was built in
//! (the folder above `target/` holding `Cargo.lock`). Only 9×9 standard puzzles count there;
//! other sizes and lines that are not puzzles are passed over.

use std::collections::HashSet;
use std::fs::File;
use std::io::BufReader;
use std::path::{Path, PathBuf};

use rayon::prelude::*;
use sudoscope_core::canon::{Canonicalizer, Cells, minlex, standard_cells};
use sudoscope_core::generate::{GenerateError, GenerateOptions, Generated};
use sudoscope_core::grid::Item;
use sudoscope_core::grid::{PuzzleReader, ReadOptions, Variant};

use super::io::{Failure, plain_io};
use super::progress;

/// Seeds tried for one puzzle before giving up: a collision needs the generator to hit a known
/// equivalence class, so even one retry is rare unless the known file holds this very seed's
/// puzzles.
const MAX_ATTEMPTS: u64 = 1000;

/// The canonical forms of the known puzzles.
pub struct Known {
    forms: HashSet<Cells>,
    /// Whether they are the shared datasets' (no `--fresh FILE`).
    from_datasets: bool,
}

impl Known {
    /// Reads the puzzles to avoid: `file`, or with `None` the shared datasets when present
    /// (saying on standard error when they are not, since then nothing is avoided).
    pub fn load(file: Option<&Path>) -> Result<Known, Failure> {
        let forms = match file {
            // A named file must be all puzzles.
            Some(path) => forms_of_files(&[path.to_owned()], true)?,
            None => match dataset_forms()? {
                Some(forms) => forms,
                None => {
                    progress::eprint_line(
                        "sudoscope: --fresh: no datasets folder found (set SUDOSCOPE_DATASETS or give --fresh FILE); nothing to avoid",
                    );
                    HashSet::new()
                }
            },
        };
        Ok(Known {
            forms,
            from_datasets: file.is_none(),
        })
    }

    /// The canonical forms, when they are the shared datasets' (`--fresh` without a file).
    pub fn dataset_forms(&self) -> Option<&HashSet<Cells>> {
        self.from_datasets.then_some(&self.forms)
    }

    /// The canonical forms.
    pub fn forms(&self) -> &HashSet<Cells> {
        &self.forms
    }

    /// The first puzzle `make` gives, for `options` and then for other seeds derived from it,
    /// that is equivalent to no known puzzle; it joins the known ones.
    pub fn first_fresh(
        &mut self,
        options: &GenerateOptions,
        mut make: impl FnMut(&GenerateOptions) -> Result<Generated, GenerateError>,
    ) -> Result<Generated, GenerateError> {
        let mut attempt_options = options.clone();
        for attempt in 0..MAX_ATTEMPTS {
            attempt_options.seed = attempt_seed(options.seed, attempt);
            let generated = make(&attempt_options)?;
            let form = standard_cells(&generated.puzzle)
                .and_then(|cells| minlex(&cells))
                .map_err(|e| GenerateError::Unsupported(format!("--fresh: {e}")))?;
            if self.forms.insert(form) {
                return Ok(generated);
            }
        }
        Err(GenerateError::Timeout(format!(
            "--fresh: {MAX_ATTEMPTS} puzzles in a row were equivalent to known ones"
        )))
    }
}

/// The seed of a retry: the run's own seed first, then seeds spread by a 64-bit odd
/// multiplier, so every retry draws a different puzzle and a run stays reproducible.
fn attempt_seed(seed: u64, attempt: u64) -> u64 {
    seed ^ attempt.wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// `--fresh` is defined through the 9×9 canonical form.
pub fn check_options(options: &GenerateOptions) -> Result<(), Failure> {
    if options.size != 9 || options.variant != Variant::Standard {
        return Err(Failure::usage(format!(
            "--fresh is for 9×9 standard puzzles (the canonical form's shape), not {}×{} {}",
            options.size,
            options.size,
            options.variant.name()
        )));
    }
    Ok(())
}

/// The shared datasets folder, if there is one (see the module documentation for where it is
/// looked for).
pub fn shared_datasets() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("SUDOSCOPE_DATASETS").filter(|d| !d.is_empty()) {
        return Some(PathBuf::from(dir));
    }
    let beside_cwd = PathBuf::from("../shared/datasets");
    if beside_cwd.is_dir() {
        return Some(beside_cwd);
    }
    let exe = std::env::current_exe().ok()?;
    exe.ancestors()
        .find(|dir| dir.join("Cargo.lock").is_file())
        .map(|repo| repo.join("../shared/datasets"))
        .filter(|dir| dir.is_dir())
}

/// The canonical forms of the shared datasets' 9×9 standard puzzles (other shapes and lines
/// that are not puzzles are passed over); `None` when there is no datasets folder.
pub fn dataset_forms() -> Result<Option<HashSet<Cells>>, Failure> {
    match shared_datasets() {
        Some(dir) => forms_of_files(&dataset_files(&dir)?, false).map(Some),
        None => Ok(None),
    }
}

/// The canonical forms of the files' puzzles, read in parallel (`strict`: see [`read_forms`]).
fn forms_of_files(files: &[PathBuf], strict: bool) -> Result<HashSet<Cells>, Failure> {
    let sets = files
        .par_iter()
        .map(|path| read_forms(path, strict))
        .collect::<Result<Vec<_>, Failure>>()?;
    let mut forms = HashSet::with_capacity(sets.iter().map(Vec::len).sum());
    forms.extend(sets.into_iter().flatten());
    Ok(forms)
}

/// The files of the datasets folder, in name order.
fn dataset_files(dir: &Path) -> Result<Vec<PathBuf>, Failure> {
    let entries = std::fs::read_dir(dir)
        .map_err(|e| Failure::usage(format!("{}: cannot read: {}", dir.display(), plain_io(&e))))?;
    let mut files: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "txt"))
        .collect();
    files.sort();
    Ok(files)
}

/// The canonical forms of a file's 9×9 standard puzzles. `strict`: any other record is an
/// error naming its line; otherwise it is passed over.
fn read_forms(path: &Path, strict: bool) -> Result<Vec<Cells>, Failure> {
    let name = path.display();
    let file = File::open(path)
        .map_err(|e| Failure::usage(format!("{name}: cannot read: {}", plain_io(&e))))?;
    let mut reader = PuzzleReader::new(BufReader::new(file), ReadOptions::default());
    let mut search = Canonicalizer::new();
    let mut forms = Vec::new();
    while let Some(item) = reader.next_item() {
        let form = match item {
            Item::Standard { givens, .. } => search.minlex(&givens).map_err(|e| e.to_string()),
            Item::Record(record) => match &record.result {
                Ok(puzzle) => standard_cells(puzzle)
                    .and_then(|cells| search.minlex(&cells))
                    .map_err(|e| format!("line {}: {e}", record.line)),
                Err(error) => Err(error.to_string()),
            },
        };
        match form {
            Ok(form) => forms.push(form),
            Err(error) if strict => {
                return Err(Failure::usage(format!("--fresh {name}: {error}")));
            }
            Err(_) => {}
        }
    }
    Ok(forms)
}
