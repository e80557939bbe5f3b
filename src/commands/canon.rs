//! `sudoscope canon`: each puzzle's canonical (minlex) form, one record per input puzzle, so
//! that equivalent puzzles print the same line (`sort -u` then deduplicates a collection).
//!
//! Only 9×9 standard puzzles of givens have one: any other record gets `invalid: REASON`
//! (JSON: its `error`), is reported on standard error with its line, and makes the exit code
//! 2, as text that is not a puzzle does.

use std::cell::{Cell, RefCell};

use serde::Serialize;
use sudoscope_core::canon::{CanonError, Canonicalizer, Cells, standard_cells};
use sudoscope_core::grid::{Alphabet, ParseError, Puzzle, Record};

use super::count::to_json;
use super::io::{self, Failure, Output};
use super::{MAX_REPORTED_ERRORS, for_each_item, invalid_text};
use crate::cli::{CanonArgs, OutputFormat};

/// The `canon --format json` record.
#[derive(Serialize)]
struct CanonRecord<'a> {
    puzzle: &'a str,
    /// The canonical form in the puzzle's alphabet; null when the record has none.
    canon: Option<&'a str>,
    error: Option<String>,
}

/// What the record callbacks share: the search and its buffers, and the count of puzzles
/// refused for their shape.
struct Run {
    search: RefCell<Canonicalizer>,
    refused: Cell<usize>,
    input: String,
    json: bool,
}

impl Run {
    /// The form of a puzzle's cells, written in `alphabet`.
    fn form(&self, cells: &Cells, alphabet: Alphabet) -> Result<String, CanonError> {
        let canon = self.search.borrow_mut().minlex(cells)?;
        Ok(canon.iter().map(|&d| alphabet.symbol(d)).collect())
    }

    /// Writes one record: the form, or why the puzzle on `line` has none.
    fn emit(
        &self,
        puzzle: &str,
        line: usize,
        form: Result<String, CanonError>,
        out: &mut Output,
    ) -> Result<(), Failure> {
        if let Err(error) = &form {
            self.refused.set(self.refused.get() + 1);
            if self.refused.get() <= MAX_REPORTED_ERRORS {
                io::report_bad_record(&self.input, &format!("line {line}: {error}"));
            }
        }
        if self.json {
            let (canon, error) = match &form {
                Ok(text) => (Some(text.as_str()), None),
                Err(error) => (None, Some(error.to_string())),
            };
            out.line(&to_json(&CanonRecord {
                puzzle,
                canon,
                error,
            }))
        } else {
            match form {
                Ok(text) => out.line(&text),
                Err(error) => out.line(&format!("invalid: {error}")),
            }
        }
    }
}

pub fn run(args: &CanonArgs) -> Result<u8, Failure> {
    let input = io::open(&args.input)?;
    let mut out = Output::new(&input);
    let run = Run {
        search: RefCell::new(Canonicalizer::new()),
        refused: Cell::new(0),
        input: input.name.clone(),
        json: args.format == OutputFormat::Json,
    };
    let code = for_each_item(
        input,
        &mut out,
        // One-line 9×9 puzzles in digits, already checked for clashes.
        |givens, out| {
            let puzzle: String = givens.iter().map(|&d| Alphabet::Digits.symbol(d)).collect();
            run.emit(&puzzle, 0, run.form(givens, Alphabet::Digits), out)
        },
        |record: &Record, puzzle: &Puzzle, out| {
            let form = standard_cells(puzzle).and_then(|cells| run.form(&cells, puzzle.alphabet));
            run.emit(&puzzle.to_line(), record.line, form, out)
        },
        |record: &Record, error: &ParseError, out| {
            if run.json {
                out.line(&to_json(&CanonRecord {
                    puzzle: &record.text,
                    canon: None,
                    error: Some(error.to_string()),
                }))
            } else {
                out.line(&invalid_text(error))
            }
        },
    )?;
    Ok(if run.refused.get() > 0 {
        code.max(2)
    } else {
        code
    })
}
