//! `sudoscope convert`: rewrites puzzles in another format, so every format sudoscope reads
//! can also be written.

use sudoscope_core::grid::{Grid, TextFormat};

use super::io::{self, Failure, Output};
use super::{for_each_record, invalid_text};
use crate::cli::{ConvertArgs, ConvertTo};

pub fn run(args: &ConvertArgs) -> Result<u8, Failure> {
    let input = io::open(&args.input)?;
    let mut out = Output::new(&input);
    let format = match args.to {
        ConvertTo::Line => TextFormat::Line,
        ConvertTo::Grid => TextFormat::Grid,
        ConvertTo::Ss => TextFormat::SimpleSudoku,
        ConvertTo::Sdk => TextFormat::SadMan,
        ConvertTo::Pencilmark => TextFormat::PencilmarkLine,
        ConvertTo::PencilmarkGrid => TextFormat::PencilmarkGrid,
    };
    let forced = args.output_alphabet.and_then(|a| a.forced());
    let mut first = true;
    for_each_record(
        input,
        &mut out,
        |_, puzzle, out| {
            let alphabet = forced.unwrap_or(puzzle.alphabet);
            if !alphabet.supports(puzzle.geometry().size()) {
                return Err(Failure::usage(format!(
                    "the {} alphabet cannot write a {n}×{n} puzzle",
                    alphabet.name(),
                    n = puzzle.geometry().size()
                )));
            }
            // One line holds digits only: a pencilmark cell with one candidate is that digit.
            let givens = match (&puzzle.pencilmarks, format) {
                (Some(marks), TextFormat::Line) => {
                    let singles = marks
                        .iter()
                        .map(|m| m.single_digit().unwrap_or(0))
                        .collect();
                    Grid::from_cells(puzzle.geometry(), singles)
                        .map_err(|e| Failure::runtime(e.to_string()))?
                }
                _ => puzzle.givens.clone(),
            };
            let text = format.render(&givens, puzzle.pencilmarks.as_deref(), alphabet);
            match format {
                TextFormat::Line | TextFormat::PencilmarkLine => out.line(&text),
                _ => {
                    // Multi-line records are separated by a blank line.
                    if !first {
                        out.text("\n")?;
                    }
                    first = false;
                    out.text(&text)
                }
            }
        },
        |_, error, out| out.line(&invalid_text(error)),
    )
}
