//! Basic fish: x-wing, swordfish and jellyfish, row- and column-based.
//!
//! For a digit, n base lines (rows, say) in which it fits only in cells of the same n cover
//! lines (columns): each base row needs the digit in a different cover column, so the n base
//! rows take the digit of all n cover columns, and no other cell of those columns can hold
//! it. Following HoDoKu, every base line has 2..=n places for the digit (a line with one
//! place is a hidden single, and HoDoKu names a fish with such a line sashimi).

use super::board::Board;
use super::step::{Elimination, Step, StepSink, describe_eliminations};
use super::technique::Technique;

pub fn x_wing(board: &Board, sink: &mut StepSink) {
    basic_fish(board, sink, 2);
}

pub fn swordfish(board: &Board, sink: &mut StepSink) {
    basic_fish(board, sink, 3);
}

pub fn jellyfish(board: &Board, sink: &mut StepSink) {
    basic_fish(board, sink, 4);
}

fn technique_for(size: usize) -> Technique {
    match size {
        2 => Technique::XWing,
        3 => Technique::Swordfish,
        _ => Technique::Jellyfish,
    }
}

/// `a and b`, `a, b and c`.
fn join_and(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// The digit's places, line by line: `masks[line]` has bit `pos` set when the cell at
/// (`line`, `pos`) holds the digit as a candidate (rows when `by_rows`, else columns).
fn line_masks(board: &Board, digit: u8, by_rows: bool, masks: &mut Vec<u64>) {
    let geometry = board.geometry();
    let n = geometry.size();
    masks.clear();
    for line in 0..n {
        let mut mask = 0u64;
        for pos in 0..n {
            let cell = if by_rows {
                geometry.cell(line, pos)
            } else {
                geometry.cell(pos, line)
            };
            if board.candidates(cell).contains(digit) {
                mask |= 1 << pos;
            }
        }
        masks.push(mask);
    }
}

fn basic_fish(board: &Board, sink: &mut StepSink, size: usize) {
    let geometry = board.geometry();
    let n = geometry.size();
    if size * 2 > n {
        return;
    }
    let mut masks = Vec::with_capacity(n);
    let mut lines: Vec<usize> = Vec::with_capacity(n);
    let mut chosen: Vec<usize> = Vec::with_capacity(size);
    for by_rows in [true, false] {
        for digit in 1..=n as u8 {
            line_masks(board, digit, by_rows, &mut masks);
            lines.clear();
            lines
                .extend((0..n).filter(|&l| (2..=size).contains(&(masks[l].count_ones() as usize))));
            if lines.len() < size {
                continue;
            }
            chosen.clear();
            if search(
                board,
                sink,
                size,
                digit,
                by_rows,
                &masks,
                &lines,
                0,
                0,
                &mut chosen,
            ) {
                return;
            }
        }
    }
}

/// Depth-first choice of base lines with the union of their places kept at most `size`.
#[allow(clippy::too_many_arguments)]
fn search(
    board: &Board,
    sink: &mut StepSink,
    size: usize,
    digit: u8,
    by_rows: bool,
    masks: &[u64],
    lines: &[usize],
    start: usize,
    union: u64,
    chosen: &mut Vec<usize>,
) -> bool {
    if chosen.len() == size {
        return union.count_ones() as usize == size
            && report(board, sink, size, digit, by_rows, masks, chosen, union);
    }
    let need = size - chosen.len();
    for i in start..lines.len() {
        if lines.len() - i < need {
            break;
        }
        let next = union | masks[lines[i]];
        if next.count_ones() as usize > size {
            continue;
        }
        chosen.push(lines[i]);
        let stop = search(
            board,
            sink,
            size,
            digit,
            by_rows,
            masks,
            lines,
            i + 1,
            next,
            chosen,
        );
        chosen.pop();
        if stop {
            return true;
        }
    }
    false
}

#[allow(clippy::too_many_arguments)]
fn report(
    board: &Board,
    sink: &mut StepSink,
    size: usize,
    digit: u8,
    by_rows: bool,
    masks: &[u64],
    base: &[usize],
    cover: u64,
) -> bool {
    let geometry = board.geometry();
    let n = geometry.size();
    let at = |line: usize, pos: usize| {
        if by_rows {
            geometry.cell(line, pos)
        } else {
            geometry.cell(pos, line)
        }
    };
    let cover_lines: Vec<usize> = (0..n).filter(|&p| cover & (1 << p) != 0).collect();
    let mut eliminations = Vec::new();
    for line in (0..n).filter(|l| !base.contains(l)) {
        for &pos in &cover_lines {
            if masks[line] & (1 << pos) != 0 {
                eliminations.push(Elimination {
                    cell: at(line, pos),
                    digit,
                });
            }
        }
    }
    if eliminations.is_empty() {
        return false;
    }
    let mut cells = Vec::new();
    for &line in base {
        for &pos in &cover_lines {
            if masks[line] & (1 << pos) != 0 {
                cells.push(at(line, pos));
            }
        }
    }
    cells.sort_unstable();
    let (base_word, cover_word) = if by_rows {
        ("rows", "columns")
    } else {
        ("columns", "rows")
    };
    let base_names: Vec<String> = base.iter().map(|l| (l + 1).to_string()).collect();
    let cover_names: Vec<String> = cover_lines.iter().map(|l| (l + 1).to_string()).collect();
    let technique = technique_for(size);
    let explanation = format!(
        "{}: in {base_word} {}, {digit} can only go in {cover_word} {} ({}). Each of those \
         {base_word} needs its {digit} in a different one of those {cover_word}, so the \
         {base_word} take the {digit}s of {cover_word} {} and no other cell of those \
         {cover_word} can be {digit}: {}",
        technique.title(),
        join_and(&base_names),
        join_and(&cover_names),
        super::step::cell_list(geometry, &cells),
        join_and(&cover_names),
        describe_eliminations(geometry, &eliminations)
    );
    // Houses: rows are 0..n, columns n..2n.
    let (base_offset, cover_offset) = if by_rows { (0, n) } else { (n, 0) };
    let mut houses: Vec<usize> = base.iter().map(|&l| base_offset + l).collect();
    houses.extend(cover_lines.iter().map(|&l| cover_offset + l));
    sink.push(Step {
        technique,
        houses,
        cells,
        digits: vec![digit],
        placements: vec![],
        eliminations,
        explanation,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{Digits, Geometry};

    fn run(board: &Board, f: fn(&Board, &mut StepSink)) -> Vec<Step> {
        let mut sink = StepSink::new(false);
        f(board, &mut sink);
        sink.into_steps()
    }

    /// Every candidate everywhere, but digit `d` kept in the listed rows only in the listed
    /// columns.
    fn board_fish(d: u8, rows: &[usize], cols: &[usize]) -> Board {
        let g = Geometry::standard9();
        let mut candidates = vec![Digits::all(9); 81];
        for &r in rows {
            for c in 0..9 {
                if !cols.contains(&c) {
                    candidates[g.cell(r, c)].remove(d);
                }
            }
        }
        Board::from_parts(g, vec![0; 81], candidates)
    }

    #[test]
    fn x_wing_in_rows() {
        let board = board_fish(4, &[1, 6], &[2, 7]);
        let steps = run(&board, x_wing);
        assert_eq!(steps.len(), 1, "{steps:?}");
        let s = &steps[0];
        assert_eq!(s.technique, Technique::XWing);
        assert_eq!(s.eliminations.len(), 14);
        assert!(
            s.eliminations
                .iter()
                .all(|e| e.cell % 9 == 2 || e.cell % 9 == 7)
        );
        assert!(s.explanation.contains("rows 2 and 7"), "{}", s.explanation);
    }

    #[test]
    fn swordfish_and_jellyfish() {
        let board = board_fish(9, &[0, 4, 8], &[1, 3, 5]);
        let steps = run(&board, swordfish);
        assert_eq!(steps.len(), 1, "{steps:?}");
        assert_eq!(steps[0].eliminations.len(), 18);
        assert!(run(&board, x_wing).is_empty());
        let board = board_fish(1, &[0, 2, 4, 6], &[0, 3, 5, 8]);
        let steps = run(&board, jellyfish);
        assert_eq!(steps.len(), 1, "{steps:?}");
        assert_eq!(steps[0].eliminations.len(), 20);
    }
}
