//! Intersections: pointing, claiming and the multi-line technique of the MCM paper.
//!
//! All three rest on one fact: a house holds every digit exactly once. When the places left
//! for a digit in one house all lie inside a second house, the digit of the second house is
//! spoken for, so it leaves the rest of the second house.
//!
//! * Pointing (HoDoKu's Locked Candidates type 1): the confining house is a box (or a hyper
//!   window): the box "points" along the line (row, column, diagonal or other house) the
//!   digit is confined to.
//! * Claiming (Locked Candidates type 2): the confining house is a line (row, column or X
//!   diagonal): the line "claims" the digit for the box (or window) the places lie in.
//! * Multi-line: in a band (or stack) of k boxes, when the places of a digit in k − 1 of the
//!   boxes all lie in the same k − 1 rows (columns), those boxes take the digit of those rows
//!   between them, so in the remaining box the digit lies in the remaining row (column).
//!   Seen from the remaining row, the digit fits there only in the remaining box, so every
//!   multi-line step is also a claiming step (or a hidden single) with the same
//!   eliminations: the engine tries claiming first, and multi-line is there for players who
//!   think box by box (and for hints that ask for it by name).

use crate::grid::{Digits, Geometry, HouseKind};

use super::board::Board;
use super::solving::Solving;
use super::step::{Elimination, Step, StepSink, cell_list_and, describe_eliminations};
use super::technique::Technique;

/// Pointing: a digit confined, inside a box (or window), to one other house.
pub fn pointing(solving: &Solving, sink: &mut StepSink) {
    locked_candidates(solving.board(), sink, true);
}

/// Claiming: a digit confined, inside a line (row, column, diagonal), to one other house.
pub fn claiming(solving: &Solving, sink: &mut StepSink) {
    locked_candidates(solving.board(), sink, false);
}

/// Whether a confining house of this kind makes the step a pointing one (else claiming).
fn is_pointing_kind(kind: HouseKind) -> bool {
    kind.is_region() || kind == HouseKind::Window
}

fn locked_candidates(board: &Board, sink: &mut StepSink, pointing: bool) {
    let geometry = board.geometry();
    let houses = geometry.houses();
    let mut places: Vec<usize> = Vec::with_capacity(geometry.size());
    for (a, house) in houses.iter().enumerate() {
        if is_pointing_kind(house.kind) != pointing {
            continue;
        }
        // The digits with two places or more in the house, in one pass over its cells.
        let (mut once, mut twice) = (Digits::EMPTY, Digits::EMPTY);
        for &c in &house.cells {
            let cands = board.candidates(c);
            twice |= once & cands;
            once |= cands;
        }
        for digit in twice.iter() {
            if !sink.wants_digit(digit) {
                continue;
            }
            places.clear();
            places.extend(
                house
                    .cells
                    .iter()
                    .copied()
                    .filter(|&c| board.candidates(c).contains(digit)),
            );
            // One place is a hidden single; none means the digit is placed (or the board is
            // broken, which is not this technique's business).
            if places.len() < 2 {
                continue;
            }
            for &b in geometry.houses_of(places[0]) {
                if b == a || !places.iter().all(|&p| geometry.houses_of(p).contains(&b)) {
                    continue;
                }
                let eliminations: Vec<Elimination> = houses[b]
                    .cells
                    .iter()
                    .copied()
                    .filter(|&c| {
                        board.candidates(c).contains(digit) && !geometry.houses_of(c).contains(&a)
                    })
                    .map(|cell| Elimination { cell, digit })
                    .collect();
                if eliminations.is_empty() {
                    continue;
                }
                let (from, to) = (&houses[a], &houses[b]);
                let explanation = sink.text(|| {
                    let where_ = cell_list_and(geometry, &places);
                    let what = describe_eliminations(geometry, board.alphabet(), &eliminations);
                    let digit = board.show(digit);
                    if pointing {
                        format!(
                            "In {from}, {digit} can only go in {where_}, all of them in {to}; \
                         {from} needs its {digit} there, so no other cell of {to} can be \
                         {digit}: {what}"
                        )
                    } else {
                        format!(
                            "In {from}, {digit} can only go in {where_}, all of them in {to}; \
                         the {digit} of {from} is therefore the {digit} of {to}, so no other \
                         cell of {to} can be {digit}: {what}"
                        )
                    }
                });
                let stop = sink.push(
                    Step::eliminating(
                        if pointing {
                            Technique::Pointing
                        } else {
                            Technique::Claiming
                        },
                        eliminations,
                    )
                    .houses(vec![a, b])
                    .cells(places.clone())
                    .digits(vec![digit])
                    .explained(explanation),
                );
                if stop {
                    return;
                }
            }
        }
    }
}

/// Multi-line (MCM 2008, §2.1): k − 1 boxes of a band confine a digit to the same k − 1 rows,
/// so the last box of the band has it in the remaining row; the same for stacks and columns.
pub fn multi_line(solving: &Solving, sink: &mut StepSink) {
    let board = solving.board();
    let geometry = board.geometry();
    // Bands and stacks need boxes (a jigsaw's regions have neither); with 2×2 boxes the
    // pattern is a plain pointing step: leave it to that technique.
    let Some(k) = geometry.box_size().filter(|&k| k >= 3) else {
        return;
    };
    let n = geometry.size() as u8;
    for by_rows in [true, false] {
        for band in 0..k {
            for digit in 1..=n {
                if !sink.wants_digit(digit) {
                    continue;
                }
                if multi_line_band(board, sink, k, by_rows, band, digit) {
                    return;
                }
            }
        }
    }
}

/// The box of a band (`by_rows`) or stack at position `i` along it.
fn band_box(k: usize, by_rows: bool, band: usize, i: usize) -> usize {
    if by_rows { band * k + i } else { i * k + band }
}

/// The cell at line offset `line` (0..k within the band) and position `pos` (0..k) in box
/// `i` of a band or stack, for boxes of side `k`.
fn band_cell(
    geometry: &Geometry,
    k: usize,
    by_rows: bool,
    band: usize,
    i: usize,
    line: usize,
    pos: usize,
) -> usize {
    if by_rows {
        geometry.cell(band * k + line, i * k + pos)
    } else {
        geometry.cell(i * k + pos, band * k + line)
    }
}

/// Looks at one band and digit; returns true when the sink wants no more steps.
fn multi_line_band(
    board: &Board,
    sink: &mut StepSink,
    k: usize,
    by_rows: bool,
    band: usize,
    digit: u8,
) -> bool {
    let geometry = board.geometry();
    let box_house = 2 * geometry.size();
    // For each box of the band: which of its k lines may (or do) hold the digit.
    let mut masks = [0u64; 8];
    for (i, mask) in masks.iter_mut().enumerate().take(k) {
        for line in 0..k {
            for pos in 0..k {
                let cell = band_cell(geometry, k, by_rows, band, i, line, pos);
                if board.value(cell) == digit || board.candidates(cell).contains(digit) {
                    *mask |= 1 << line;
                }
            }
        }
    }
    for target in 0..k {
        let mut union = 0u64;
        let mut all_present = true;
        for (i, &mask) in masks.iter().enumerate().take(k) {
            if i != target {
                all_present &= mask != 0;
                union |= mask;
            }
        }
        if !all_present || union.count_ones() as usize != k - 1 {
            continue;
        }
        // When every source box but one already holds the digit, the one left confines it to
        // a single line by itself: that is a pointing (reported as such by `pointing`, or,
        // with one place left, a hidden single), not a multi-line.
        let holding = (0..k)
            .filter(|&i| i != target)
            .filter(|&i| {
                (0..k).any(|line| {
                    (0..k).any(|pos| {
                        board.value(band_cell(geometry, k, by_rows, band, i, line, pos)) == digit
                    })
                })
            })
            .count();
        if holding + 1 >= k - 1 {
            continue;
        }
        // The source boxes hold the digit only as candidates in at least one of them, or
        // the step would be about placed digits only (then singles have it covered).
        let mut cells = Vec::new();
        for i in (0..k).filter(|&i| i != target) {
            for line in 0..k {
                for pos in 0..k {
                    let cell = band_cell(geometry, k, by_rows, band, i, line, pos);
                    if board.candidates(cell).contains(digit) {
                        cells.push(cell);
                    }
                }
            }
        }
        let mut eliminations = Vec::new();
        for line in (0..k).filter(|&l| union & (1 << l) != 0) {
            for pos in 0..k {
                let cell = band_cell(geometry, k, by_rows, band, target, line, pos);
                if board.candidates(cell).contains(digit) {
                    eliminations.push(Elimination { cell, digit });
                }
            }
        }
        if eliminations.is_empty() || cells.is_empty() {
            continue;
        }
        let line_kind = if by_rows { "row" } else { "column" };
        let line_word = if by_rows { "rows" } else { "columns" };
        let first_line = band * k;
        let lines: Vec<String> = (0..k)
            .filter(|&l| union & (1 << l) != 0)
            .map(|l| (first_line + l + 1).to_string())
            .collect();
        let rest = (0..k)
            .find(|&l| union & (1 << l) == 0)
            .map(|l| first_line + l + 1)
            .unwrap_or(0);
        let sources: Vec<usize> = (0..k)
            .filter(|&i| i != target)
            .map(|i| band_box(k, by_rows, band, i))
            .collect();
        let source_names: Vec<String> = sources.iter().map(|&b| format!("box {}", b + 1)).collect();
        let target_box = band_box(k, by_rows, band, target);
        // Where the digit stands or may go in the source boxes: candidates, and placed
        // digits marked as such.
        let mut places: Vec<String> = cells.iter().map(|&c| geometry.cell_name(c)).collect();
        for i in (0..k).filter(|&i| i != target) {
            for line in 0..k {
                for pos in 0..k {
                    let cell = band_cell(geometry, k, by_rows, band, i, line, pos);
                    if board.value(cell) == digit {
                        places.push(format!(
                            "{} (holds {} already)",
                            geometry.cell_name(cell),
                            board.show(digit)
                        ));
                    }
                }
            }
        }
        let explanation = sink.text(|| {
            let digit = board.show(digit);
            format!(
                "In {}, {digit} is confined to {line_word} {} ({}); each of those boxes needs \
             its own {digit} in a different {line_kind}, so between them they take the \
             {digit}s of {line_word} {}, and in box {} the {digit} must be in {line_kind} \
             {rest}: {}",
                join_and(&source_names),
                join_and(&lines),
                join_and(&places),
                join_and(&lines),
                target_box + 1,
                describe_eliminations(geometry, board.alphabet(), &eliminations),
            )
        });
        let mut houses: Vec<usize> = sources.iter().map(|&b| box_house + b).collect();
        houses.push(box_house + target_box);
        let stop = sink.push(
            Step::eliminating(Technique::MultiLine, eliminations)
                .houses(houses)
                .cells(cells)
                .digits(vec![digit])
                .explained(explanation),
        );
        if stop {
            return true;
        }
    }
    false
}

/// `a`, `a and b`, `a, b and c`.
fn join_and(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{Digits, Geometry};

    /// A 9×9 board with every candidate everywhere except the ones listed as `(row, col,
    /// digit)` (1-based) removed.
    fn board_without(removed: &[(usize, usize, u8)]) -> Board {
        let g = Geometry::standard9();
        let mut candidates = vec![Digits::all(9); 81];
        for &(r, c, d) in removed {
            candidates[g.cell(r - 1, c - 1)].remove(d);
        }
        Board::from_parts(g, vec![0; 81], candidates)
    }

    fn run(board: &Board, f: fn(&Solving, &mut StepSink)) -> Vec<Step> {
        let mut sink = StepSink::new(false);
        f(&Solving::new(board), &mut sink);
        sink.into_steps()
    }

    #[test]
    fn pointing_in_box_1_along_row_1() {
        // In box 1, digit 5 only in row 1.
        let board = board_without(&[
            (2, 1, 5),
            (2, 2, 5),
            (2, 3, 5),
            (3, 1, 5),
            (3, 2, 5),
            (3, 3, 5),
        ]);
        let steps = run(&board, pointing);
        assert_eq!(steps.len(), 1, "{steps:?}");
        let step = &steps[0];
        assert_eq!(step.technique, Technique::Pointing);
        assert_eq!(step.digits, vec![5]);
        assert_eq!(step.eliminations.len(), 6);
        assert!(
            step.eliminations
                .iter()
                .all(|e| e.cell / 9 == 0 && e.cell % 9 >= 3)
        );
        assert!(step.explanation.contains("box 1"), "{}", step.explanation);
    }

    #[test]
    fn claiming_in_row_1_for_box_1() {
        // In row 1, digit 5 only in box 1.
        let removed: Vec<_> = (4..=9).map(|c| (1, c, 5)).collect();
        let board = board_without(&removed);
        let steps = run(&board, claiming);
        assert_eq!(steps.len(), 1, "{steps:?}");
        assert_eq!(steps[0].eliminations.len(), 6);
        assert!(
            steps[0]
                .eliminations
                .iter()
                .all(|e| e.cell / 9 != 0 && e.cell % 9 < 3)
        );
        // The other direction (box 1 points at row 1) is not there: rows 2 and 3 still hold 5.
        assert!(run(&board, pointing).is_empty());
    }

    #[test]
    fn multi_line_in_top_band() {
        // Boxes 1 and 2 hold 7 only in rows 1 and 2 (in two columns each, so no pointing):
        // box 3 loses 7 from rows 1 and 2.
        let mut removed = Vec::new();
        for c in 1..=6 {
            removed.push((3, c, 7));
        }
        let board = board_without(&removed);
        let steps = run(&board, multi_line);
        assert_eq!(steps.len(), 1, "{steps:?}");
        let step = &steps[0];
        assert_eq!(step.technique, Technique::MultiLine);
        assert_eq!(step.eliminations.len(), 6);
        assert!(
            step.eliminations
                .iter()
                .all(|e| e.cell / 9 < 2 && e.cell % 9 >= 6)
        );
        assert!(step.explanation.contains("row 3"), "{}", step.explanation);
        // Seen from the remaining row it is a claiming step (row 3 holds 7 only in box 3)
        // with the same eliminations; no box points anywhere.
        assert!(run(&board, pointing).is_empty());
        let claims = run(&board, claiming);
        assert_eq!(claims.len(), 1);
        assert_eq!(claims[0].eliminations, step.eliminations);
    }

    #[test]
    fn variant_houses_take_part() {
        // X-sudoku: in box 1, 4 only on the main diagonal (r1c1, r2c2, r3c3) → pointing along
        // the diagonal.
        let g = Geometry::get(9, crate::grid::Variant::X).unwrap();
        let mut candidates = vec![Digits::all(9); 81];
        for r in 0..3 {
            for c in 0..3 {
                if r != c {
                    candidates[g.cell(r, c)].remove(4);
                }
            }
        }
        let board = Board::from_parts(g, vec![0; 81], candidates);
        let steps = run(&board, pointing);
        assert!(
            steps.iter().any(|s| s.eliminations.len() == 6
                && s.eliminations.iter().all(|e| e.cell / 9 == e.cell % 9)),
            "{steps:?}"
        );
    }
}
