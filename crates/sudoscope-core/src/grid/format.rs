//! Writing puzzles in every text format sudoscope reads (one-line, grid, `.ss`, `.sdk`,
//! pencilmarks), so that any output can be fed back in.

use super::alphabet::Alphabet;
use super::board::Grid;
use super::digits::Digits;
use super::pencilmarks::{pencilmark_grid, pencilmark_line};

/// Output formats for a grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TextFormat {
    /// One line, one character per cell.
    Line,
    /// One row per line, cells spaced, boxes separated by `|` and `-+-` lines.
    Grid,
    /// Simple Sudoku `.ss`: `53.|.7.|...` rows and `-----------` band separators.
    SimpleSudoku,
    /// SadMan `.sdk`: a `[Puzzle]` header and one unseparated row per line.
    SadMan,
    /// Pencilmarks on one line: N characters per cell, candidate `d` at position `d`.
    PencilmarkLine,
    /// Pencilmarks as a grid: every cell's candidates listed, columns aligned.
    PencilmarkGrid,
}

impl TextFormat {
    /// Renders a grid (and its candidates, for the pencilmark formats; derived from the digits
    /// when `candidates` is `None`). Multi-line formats end with a newline; `Line` does not.
    pub fn render(self, grid: &Grid, candidates: Option<&[Digits]>, alphabet: Alphabet) -> String {
        let derived;
        let marks = match candidates {
            Some(marks) => marks,
            None => {
                derived = grid.candidates();
                &derived
            }
        };
        match self {
            TextFormat::Line => grid.to_line(alphabet),
            TextFormat::Grid => boxed_rows(grid, alphabet, " ", " | ", "-+-", true),
            TextFormat::SimpleSudoku => boxed_rows(grid, alphabet, "", "|", "-", false),
            TextFormat::SadMan => {
                let mut out = String::from("[Puzzle]\n");
                for row in grid.cells().chunks(grid.size()) {
                    out.extend(row.iter().map(|&d| alphabet.symbol(d)));
                    out.push('\n');
                }
                out
            }
            TextFormat::PencilmarkLine => pencilmark_line(grid.geometry(), marks, alphabet),
            TextFormat::PencilmarkGrid => pencilmark_grid(grid.geometry(), marks, alphabet),
        }
    }
}

/// Rows with box separators: `cell_sep` between cells, `box_sep` between boxes, and a line of
/// dashes (joined by `cross` under box separators when `crossed`) between bands.
fn boxed_rows(
    grid: &Grid,
    alphabet: Alphabet,
    cell_sep: &str,
    box_sep: &str,
    cross: &str,
    crossed: bool,
) -> String {
    let geometry = grid.geometry();
    // A jigsaw's regions are not bands of boxes: its rows are one group, with no separators.
    let n = geometry.size();
    let k = geometry.box_size().unwrap_or(n);
    let groups = n / k;
    let mut out = String::new();
    let mut rule = String::new();
    for r in 0..n {
        if r > 0 && r % k == 0 {
            if rule.is_empty() {
                let group = "-".repeat(k + (k - 1) * cell_sep.len());
                rule = if crossed {
                    vec![group; groups].join(cross)
                } else {
                    "-".repeat(n + (groups - 1) * box_sep.len())
                };
            }
            out.push_str(&rule);
            out.push('\n');
        }
        let cells: Vec<String> = (0..groups)
            .map(|b| {
                (0..k)
                    .map(|i| alphabet.symbol(grid.get(r * n + b * k + i)).to_string())
                    .collect::<Vec<_>>()
                    .join(cell_sep)
            })
            .collect();
        out.push_str(&cells.join(box_sep));
        out.push('\n');
    }
    out
}

/// A solved standard 9×9 grid (digits 1..=9, row-major) as its one-line text in digits, the
/// same text as `Grid::to_line(Alphabet::Digits)` gives, without allocating: the streaming
/// output of `sudoscope solve`.
pub fn digits_line_9x9(cells: &[u8; 81]) -> [u8; 81] {
    cells.map(|d| match d {
        1..=9 => b'0' + d,
        _ => b'.',
    })
}
