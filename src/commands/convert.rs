//! `sudoscope convert`: rewrites puzzles in another format, so every format sudoscope reads
//! can also be written.

use sudoscope_core::grid::{Alphabet, Grid, Puzzle, Record, TextFormat};

use super::io::{self, Failure, Output};
use super::{for_each_record, invalid_text};
use crate::cli::{ConvertArgs, ConvertTo};

/// What a record is written as.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Target {
    Text(TextFormat),
    Solo,
    Shape,
}

pub fn run(args: &ConvertArgs) -> Result<u8, Failure> {
    let input = io::open(&args.input)?;
    let mut out = Output::new(&input);
    let target = match args.to {
        ConvertTo::Line => Target::Text(TextFormat::Line),
        ConvertTo::Grid => Target::Text(TextFormat::Grid),
        ConvertTo::Ss => Target::Text(TextFormat::SimpleSudoku),
        ConvertTo::Sdk => Target::Text(TextFormat::SadMan),
        ConvertTo::Pencilmark => Target::Text(TextFormat::PencilmarkLine),
        ConvertTo::PencilmarkGrid => Target::Text(TextFormat::PencilmarkGrid),
        ConvertTo::Solo => Target::Solo,
        ConvertTo::Shape => Target::Shape,
    };
    let forced = args.output_alphabet.and_then(|a| a.forced());
    let mut first = true;
    for_each_record(
        input,
        &mut out,
        |record, puzzle, out| {
            let alphabet = forced.unwrap_or(puzzle.alphabet);
            if !alphabet.supports(puzzle.geometry().size()) {
                return Err(Failure::usage(format!(
                    "the {} alphabet cannot write a {n}×{n} puzzle",
                    alphabet.name(),
                    n = puzzle.geometry().size()
                )));
            }
            let (text, multi_line) = render(record, puzzle, alphabet, target)?;
            if multi_line {
                // Multi-line records are separated by a blank line.
                if !first {
                    out.text("\n")?;
                }
                first = false;
                out.text(&text)
            } else {
                out.line(&text)
            }
        },
        |_, error, out| out.line(&invalid_text(error)),
    )
}

/// The record's text in the target format, and whether it spans several lines.
fn render(
    record: &Record,
    puzzle: &Puzzle,
    alphabet: Alphabet,
    target: Target,
) -> Result<(String, bool), Failure> {
    let cannot = |why: String| Failure::usage(format!("line {}: {why}", record.line));
    let format = match target {
        Target::Solo => {
            let id = puzzle
                .to_solo_id()
                .map_err(|e| cannot(format!("cannot write a Solo ID: {e}")))?;
            return Ok((id, false));
        }
        Target::Shape => {
            let text = puzzle
                .to_shape_text_in(alphabet)
                .map_err(|e| cannot(format!("cannot write the shape form: {e}")))?;
            return Ok((text, true));
        }
        Target::Text(format) => format,
    };
    if puzzle.is_shaped() {
        // A killer's or jigsaw's one line is its Solo ID; the grid formats have no room for
        // cages or regions.
        if format == TextFormat::Line {
            return Ok((puzzle.to_line(), false));
        }
        return Err(cannot(format!(
            "a {} puzzle's cages or regions do not fit that format: use --to solo, --to shape or --to line",
            puzzle.geometry().variant()
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
    let multi_line = !matches!(format, TextFormat::Line | TextFormat::PencilmarkLine);
    Ok((text, multi_line))
}
