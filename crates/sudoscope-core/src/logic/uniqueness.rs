//! Uniqueness techniques: unique rectangle type 1 and BUG+1.
//!
//! **Both assume the puzzle has exactly one solution.** They rule out a candidate because
//! keeping it would lead to a pattern with zero or at least two solutions; on a puzzle with
//! several solutions they can remove a true candidate. Hints on proper puzzles (the generator's,
//! the datasets') are sound; callers working on arbitrary grids should leave these out.
//!
//! Variants: a unique rectangle relies on swapping its two digits in its four cells leaving
//! every house valid. Rows, columns and the two boxes always hold one cell of each digit; an
//! extra house (X diagonal, hyper window) holding exactly one corner would break the swap, so
//! such rectangles are skipped (a house holding two opposite corners makes the pattern
//! impossible outright, which is also a valid reason). The BUG argument (a grid where every
//! cell has two candidates and every digit two places per house has zero or at least two
//! solutions) is only applied to standard sudoku, where it is proven; BUG+1 is skipped for X
//! and hyper.

use crate::grid::{Digits, Variant};

use super::board::Board;
use super::solving::Solving;
use super::step::{Elimination, Step, StepSink, describe_eliminations};
use super::technique::Technique;

/// Whether swapping two digits between the corners of a rectangle keeps a solution valid, as
/// the uniqueness arguments assume. Not in a killer: the swap keeps every house complete but
/// can break the sum of a cage.
fn swaps_keep_solutions(g: &crate::grid::Geometry) -> bool {
    g.cages().is_empty()
}

/// Unique rectangle type 1: four cells in two rows, two columns and two boxes; three of them
/// hold exactly the candidates a and b; if the fourth were a or b too, a and b could be swapped in
/// the four cells and the puzzle would have two solutions. So it is neither.
pub fn unique_rectangle_1(solving: &Solving, sink: &mut StepSink) {
    let board = solving.board();
    let g = board.geometry();
    if !swaps_keep_solutions(g) {
        return;
    }
    let n = g.size();
    let houses = g.houses();
    let extra: Vec<usize> = (3 * n..houses.len()).collect();
    for r1 in 0..n {
        for r2 in r1 + 1..n {
            let cols: Vec<usize> = (0..n)
                .filter(|&c| {
                    let (a, b) = (g.cell(r1, c), g.cell(r2, c));
                    board.value(a) == 0
                        && board.value(b) == 0
                        && (board.candidates(a).len() <= 2 || board.candidates(b).len() <= 2)
                })
                .collect();
            for (i, &c1) in cols.iter().enumerate() {
                for &c2 in &cols[i + 1..] {
                    // Corners in the order A B / C D: A and D hold one digit, B and C the other.
                    let corners = [
                        g.cell(r1, c1),
                        g.cell(r1, c2),
                        g.cell(r2, c1),
                        g.cell(r2, c2),
                    ];
                    let mut boxes: Vec<usize> = corners.iter().map(|&c| g.region_of(c)).collect();
                    boxes.sort_unstable();
                    boxes.dedup();
                    if boxes.len() != 2 {
                        continue;
                    }
                    if !extra_houses_allow(board, &extra, &corners) {
                        continue;
                    }
                    for f in 0..4 {
                        let others: Vec<usize> =
                            (0..4).filter(|&k| k != f).map(|k| corners[k]).collect();
                        let mut union = Digits::EMPTY;
                        for &o in &others {
                            union |= board.candidates(o);
                        }
                        // The three hold only a and b, one of them both (the swap argument
                        // needs no more: with the fourth in {a, b} too, the four cells would
                        // alternate a and b). A corner down to one of them (a pending single)
                        // counts, as in HoDoKu, only where the placed digits still allow the
                        // other there — see `placed_digits_allow`.
                        if union.len() != 2
                            || !others.iter().any(|&o| board.candidates(o) == union)
                            || !corners
                                .iter()
                                .all(|&c| placed_digits_allow(board, c, union))
                        {
                            continue;
                        }
                        let fourth = corners[f];
                        let fc = board.candidates(fourth);
                        let remove = fc & union;
                        if remove.is_empty() || (fc - union).is_empty() {
                            continue;
                        }
                        let eliminations: Vec<Elimination> = remove
                            .iter()
                            .map(|digit| Elimination {
                                cell: fourth,
                                digit,
                            })
                            .collect();
                        let digits: Vec<u8> = union.iter().collect();
                        let (a, b) = (digits[0], digits[1]);
                        let names: Vec<String> = others.iter().map(|&c| g.cell_name(c)).collect();
                        let explanation = sink.text(|| format!(
                            "Unique rectangle type 1 on {a}/{b}: {cells} hold only {a} and {b}, and \
                             with {f} they form a rectangle in two rows, two columns and two boxes. \
                             If {f} were {a} or {b}, the four cells could swap {a} and {b} and the \
                             puzzle would have two solutions; it has one, so {f} is neither: {what}", a = board.show(a), b = board.show(b),
                            cells = names.join(", "),
                            f = g.cell_name(fourth),
                            what = describe_eliminations(g, board.alphabet(), &eliminations),
                        ));
                        let mut houses = vec![r1, r2, n + c1, n + c2];
                        houses.extend(boxes.iter().map(|&b| 2 * n + b));
                        let step = Step::eliminating(Technique::UniqueRectangle1, eliminations)
                            .houses(houses)
                            .cells(corners.to_vec())
                            .digits(digits)
                            .explained(explanation);
                        if sink.push(step) {
                            return;
                        }
                    }
                }
            }
        }
    }
}

/// Whether no placed digit among `cell`'s peers rules out either digit of `pair` there.
///
/// A rectangle's corner may have lost one of its two digits to an earlier elimination and so
/// be a pending single; the rectangle's argument still holds (its cells can only alternate
/// the two digits), and HoDoKu, whose default is to accept candidates removed by earlier
/// steps ("allow uniqueness missing candidates"), reports it. Where a placed digit rules the
/// lost one out, HoDoKu does not consider the rectangle at all, and neither do we: then the
/// single is plain to see and is the step to take.
fn placed_digits_allow(board: &Board, cell: usize, pair: Digits) -> bool {
    board
        .geometry()
        .peers(cell)
        .iter()
        .all(|&peer| !pair.contains(board.value(peer)))
}

/// Whether the extra houses (diagonals, windows) keep the swap argument: each holds no corner,
/// or one corner of each digit, or two corners that would need the same digit.
fn extra_houses_allow(board: &Board, extra: &[usize], corners: &[usize; 4]) -> bool {
    let houses = board.geometry().houses();
    extra.iter().all(|&h| {
        let cells = &houses[h].cells;
        let na = [corners[0], corners[3]]
            .iter()
            .filter(|c| cells.contains(c))
            .count();
        let nb = [corners[1], corners[2]]
            .iter()
            .filter(|c| cells.contains(c))
            .count();
        na == nb || na >= 2 || nb >= 2
    })
}

/// BUG+1: every empty cell has two candidates but one, which has three; every digit has two
/// places in every house except one digit of that cell, which has three in each of its houses.
/// Without that digit the grid would be a "bivalue universal grave", which has zero or several
/// solutions; so the cell takes that digit (its other candidates are removed).
pub fn bug_plus_1(solving: &Solving, sink: &mut StepSink) {
    let board = solving.board();
    let g = board.geometry();
    if g.variant() != Variant::Standard {
        return;
    }
    let n = g.size();
    let mut tri = None;
    for cell in 0..g.cell_count() {
        if board.value(cell) != 0 {
            continue;
        }
        match board.candidates(cell).len() {
            2 => {}
            3 if tri.is_none() => tri = Some(cell),
            _ => return,
        }
    }
    let Some(tri) = tri else {
        return;
    };
    let mut extra: Option<u8> = None;
    for (h, house) in g.houses().iter().enumerate() {
        let holds = house.cells.contains(&tri);
        for digit in 1..=n as u8 {
            let count = board.positions(h, digit).count();
            match count {
                0 | 2 => {}
                3 if holds && board.candidates(tri).contains(digit) => {
                    if extra.is_some_and(|x| x != digit) {
                        return;
                    }
                    extra = Some(digit);
                }
                _ => return,
            }
        }
    }
    let Some(x) = extra else {
        return;
    };
    // The digit must have three places in every house of the cell.
    if g.houses_of(tri)
        .iter()
        .any(|&h| board.positions(h, x).count() != 3)
    {
        return;
    }
    let eliminations: Vec<Elimination> = (board.candidates(tri) - Digits::single(x))
        .iter()
        .map(|digit| Elimination { cell: tri, digit })
        .collect();
    let name = g.cell_name(tri);
    let explanation = sink.text(|| {
        format!(
            "BUG+1: every empty cell has two candidates except {name}, and every digit has two \
         places in each house except {x}, which has three in {name}'s row, column and box. If \
         {name} were not {x}, every cell and house would be bivalue, a pattern with no unique \
         solution; so {name} = {x}: {what}",
            x = board.show(x),
            what = describe_eliminations(g, board.alphabet(), &eliminations),
        )
    });
    sink.push(
        Step::eliminating(Technique::BugPlus1, eliminations)
            .houses(g.houses_of(tri).to_vec())
            .cells(vec![tri])
            .digits(vec![x])
            .explained(explanation),
    );
}
