//! Single-digit patterns: skyscraper, two-string kite, turbot fish and empty rectangle.
//!
//! All four are short chains of one digit built from conjugate pairs (a house where the digit
//! has exactly two places): whichever end of the pattern is true, the cells that see both ends
//! cannot hold the digit. Rows, columns and boxes come from the geometry, and "sees" is the
//! geometry's, so the extra houses of X and hyper sudoku add eliminations but never break one.

use std::collections::HashSet;

use crate::grid::HouseKind;

use super::bits::{BitBoard, elims};
use super::solving::Solving;
use super::step::{BuildFx, Elimination, Step, StepSink, describe_eliminations};
use super::technique::Technique;

/// A conjugate pair: digit `digit` has exactly the two places `a`, `b` in house `house`.
#[derive(Clone, Copy, Debug)]
struct Pair {
    house: usize,
    a: usize,
    b: usize,
}

fn pairs(grid: &BitBoard, digit: u8, kind: Option<HouseKind>) -> Vec<Pair> {
    let mut out = Vec::new();
    for (h, house) in grid.geometry.houses().iter().enumerate() {
        if kind.is_some_and(|k| k != house.kind) {
            continue;
        }
        if let Some((a, b)) = grid.board.conjugate(h, digit) {
            out.push(Pair { house: h, a, b });
        }
    }
    out
}

fn both_ways(p: Pair) -> [(usize, usize); 2] {
    [(p.a, p.b), (p.b, p.a)]
}

/// Two conjugate pairs in parallel lines with one end of each in a common cross line: one of
/// the two other ends holds the digit.
pub fn skyscraper(solving: &Solving, sink: &mut StepSink) {
    let board = solving.board();
    let grid = BitBoard::new(board);
    let g = grid.geometry;
    for digit in 1..=grid.n as u8 {
        if !sink.wants_digit(digit) {
            continue;
        }
        for (kind, cross) in [
            (HouseKind::Row, HouseKind::Column),
            (HouseKind::Column, HouseKind::Row),
        ] {
            let line = |c: usize| match cross {
                HouseKind::Column => g.col_of(c),
                _ => g.row_of(c),
            };
            let lines = pairs(&grid, digit, Some(kind));
            for (i, p) in lines.iter().enumerate() {
                for q in &lines[i + 1..] {
                    for (base1, top1) in both_ways(*p) {
                        for (base2, top2) in both_ways(*q) {
                            if line(base1) != line(base2) || line(top1) == line(top2) {
                                continue;
                            }
                            let targets = grid.common_peers(&[top1, top2], digit);
                            if targets.is_empty() {
                                continue;
                            }
                            let eliminations = elims(&targets, digit);
                            let n = |c| grid.name(c);
                            let explanation = sink.text(|| format!(
                                "Skyscraper on {digit}: in {h1} {digit} is only in {b1} and {t1}, in \
                                 {h2} only in {b2} and {t2}; {b1} and {b2} share a {cross_name}, so at \
                                 most one of them is {digit} and {t1} or {t2} must be {digit}. Cells \
                                 seeing both cannot be {digit}: {what}", digit = board.show(digit),
                                h1 = g.houses()[p.house],
                                h2 = g.houses()[q.house],
                                b1 = n(base1),
                                t1 = n(top1),
                                b2 = n(base2),
                                t2 = n(top2),
                                cross_name = cross.name(),
                                what = describe_eliminations(g, board.alphabet(), &eliminations),
                            ));
                            let step = Step::eliminating(Technique::Skyscraper, eliminations)
                                .houses(vec![p.house, q.house])
                                .cells(vec![base1, top1, base2, top2])
                                .digits(vec![digit])
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
}

/// A conjugate pair in a row and one in a column, one end of each in a common box: one of the
/// two other ends holds the digit.
pub fn two_string_kite(solving: &Solving, sink: &mut StepSink) {
    let board = solving.board();
    let grid = BitBoard::new(board);
    let g = grid.geometry;
    for digit in 1..=grid.n as u8 {
        if !sink.wants_digit(digit) {
            continue;
        }
        let rows = pairs(&grid, digit, Some(HouseKind::Row));
        let cols = pairs(&grid, digit, Some(HouseKind::Column));
        for r in &rows {
            for c in &cols {
                for (rb, rt) in both_ways(*r) {
                    for (cb, ct) in both_ways(*c) {
                        if g.region_of(rb) != g.region_of(cb) {
                            continue;
                        }
                        let cells = [rb, rt, cb, ct];
                        if (0..4).any(|i| (i + 1..4).any(|j| cells[i] == cells[j])) {
                            continue;
                        }
                        let targets = grid.common_peers(&[rt, ct], digit);
                        if targets.is_empty() {
                            continue;
                        }
                        let eliminations = elims(&targets, digit);
                        let n = |c| grid.name(c);
                        let explanation = sink.text(|| format!(
                            "Two-string kite on {digit}: in {row} {digit} is only in {rb} and {rt}, \
                             in {col} only in {cb} and {ct}; {rb} and {cb} share box {bx}, so at \
                             most one of them is {digit} and {rt} or {ct} must be {digit}. Cells \
                             seeing both cannot be {digit}: {what}", digit = board.show(digit),
                            row = g.houses()[r.house],
                            col = g.houses()[c.house],
                            rb = n(rb),
                            rt = n(rt),
                            cb = n(cb),
                            ct = n(ct),
                            bx = g.region_of(rb) + 1,
                            what = describe_eliminations(g, board.alphabet(), &eliminations),
                        ));
                        let step = Step::eliminating(Technique::TwoStringKite, eliminations)
                            .houses(vec![r.house, c.house, 2 * grid.n + g.region_of(rb)])
                            .cells(cells.to_vec())
                            .digits(vec![digit])
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

/// Turbot fish: any chain strong–weak–strong of one digit (a = b - c = d) that is not a
/// skyscraper or a two-string kite: a or d is the digit. When the chain closes on itself
/// (d is a, as HoDoKu allows), a is the digit.
pub fn turbot_fish(solving: &Solving, sink: &mut StepSink) {
    let board = solving.board();
    // The simpler shapes come first; their elimination sets are not repeated here.
    // Only their eliminations are read: no texts.
    let mut simpler = StepSink::for_digits(false, sink.digits()).without_text();
    skyscraper(solving, &mut simpler);
    two_string_kite(solving, &mut simpler);
    let mut seen: HashSet<Vec<Elimination>, BuildFx> = simpler
        .into_steps()
        .into_iter()
        .map(|s| s.eliminations)
        .collect();
    let grid = BitBoard::new(board);
    let g = grid.geometry;
    for digit in 1..=grid.n as u8 {
        if !sink.wants_digit(digit) {
            continue;
        }
        let mut links = pairs(&grid, digit, None);
        // One link per pair of cells (a pair can be conjugate in a line and a box at once).
        // Like HoDoKu, two cells of one line are linked by that line alone: a box holding the
        // digit only on one line is a pointing pattern, left to the locked candidates, and
        // the turbot fish is found once the line is cleared.
        let mut kept: Vec<Pair> = Vec::new();
        for p in links.drain(..) {
            let in_line = matches!(g.houses()[p.house].kind, HouseKind::Row | HouseKind::Column);
            let share_line = g.row_of(p.a) == g.row_of(p.b) || g.col_of(p.a) == g.col_of(p.b);
            if !in_line && share_line {
                continue;
            }
            if !kept.iter().any(|k| (k.a, k.b) == (p.a, p.b)) {
                kept.push(p);
            }
        }
        for (i, p) in kept.iter().enumerate() {
            for q in &kept[i + 1..] {
                for (a, b) in both_ways(*p) {
                    for (c, d) in both_ways(*q) {
                        let cells = [a, b, c, d];
                        // Four cells, or the loop a = b - c = a (the ends are one cell).
                        let loop_back = a == d;
                        let repeated = (0..4)
                            .any(|i| (i + 1..4).any(|j| cells[i] == cells[j] && (i, j) != (0, 3)));
                        if repeated || !grid.sees(b, c) {
                            continue;
                        }
                        let targets = grid.common_peers(&[a, d], digit);
                        if targets.is_empty() {
                            continue;
                        }
                        let mut eliminations = elims(&targets, digit);
                        eliminations.sort_unstable();
                        if !seen.insert(eliminations.clone()) {
                            continue;
                        }
                        let n = |c| grid.name(c);
                        let explanation = sink.text(|| {
 if loop_back {
                            format!(
                                "Turbot fish on {digit}: ({digit}){a}=({digit}){b}-({digit}){c}=({digit}){a}, \
                                 a loop. In {h1} {digit} is only in {a} and {b}, in {h2} only in {c} \
                                 and {a}, and {b} sees {c}: if {a} were not {digit}, {b} would be, \
                                 so {c} would not be, and {a} would be after all. So {a} is \
                                 {digit}, and the cells seeing it cannot be: {what}", digit = board.show(digit),
                                a = n(a),
                                b = n(b),
                                c = n(c),
                                h1 = g.houses()[p.house],
                                h2 = g.houses()[q.house],
                                what = describe_eliminations(g, board.alphabet(), &eliminations),
                            )
                        } else {
                            format!(
                                "Turbot fish on {digit}: ({digit}){a}=({digit}){b}-({digit}){c}=({digit}){d}. \
                             In {h1} {digit} is only in {a} and {b}, in {h2} only in {c} and {d}, \
                             and {b} sees {c}, so {a} or {d} must be {digit}. Cells seeing both \
                             cannot be {digit}: {what}", digit = board.show(digit),
                                a = n(a),
                                b = n(b),
                                c = n(c),
                                d = n(d),
                                h1 = g.houses()[p.house],
                                h2 = g.houses()[q.house],
                                what = describe_eliminations(g, board.alphabet(), &eliminations),
                            )
                        }
});
                        let step = Step::eliminating(Technique::TurbotFish, eliminations)
                            .houses(vec![p.house, q.house])
                            .cells(cells.to_vec())
                            .digits(vec![digit])
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

/// Empty rectangle: in a box the digit lies only on one row and one column of the box (a cross,
/// with places on both arms). A conjugate pair in a line outside the box with one end on the
/// cross's row (column) then rules the digit out where its other end's row (column) meets the
/// cross's column (row): if that end is not the digit, the near end is, which empties the
/// cross's row in the box and puts the digit on the cross's column.
pub fn empty_rectangle(solving: &Solving, sink: &mut StepSink) {
    let board = solving.board();
    let grid = BitBoard::new(board);
    let g = grid.geometry;
    let n = grid.n;
    // The rows and columns of each box, the same for every digit.
    let box_lines: Vec<(Vec<usize>, Vec<usize>)> = (0..n)
        .map(|b| {
            let box_cells = &g.houses()[2 * n + b].cells;
            let lines = |of: &dyn Fn(usize) -> usize| {
                let mut v: Vec<usize> = box_cells.iter().map(|&c| of(c)).collect();
                v.sort_unstable();
                v.dedup();
                v
            };
            (lines(&|c| g.row_of(c)), lines(&|c| g.col_of(c)))
        })
        .collect();
    let mut places: Vec<usize> = Vec::with_capacity(n);
    for digit in 1..=n as u8 {
        if !sink.wants_digit(digit) {
            continue;
        }
        let row_pairs = pairs(&grid, digit, Some(HouseKind::Row));
        let col_pairs = pairs(&grid, digit, Some(HouseKind::Column));
        for (b, (rows, cols)) in box_lines.iter().enumerate() {
            let bh = 2 * n + b;
            places.clear();
            places.extend(board.positions(bh, digit));
            if places.len() < 2 {
                continue;
            }
            for &er_row in rows {
                for &er_col in cols {
                    if !places
                        .iter()
                        .all(|&c| g.row_of(c) == er_row || g.col_of(c) == er_col)
                    {
                        continue;
                    }
                    // Places on both arms, off the crossing cell.
                    if !places
                        .iter()
                        .any(|&c| g.row_of(c) == er_row && g.col_of(c) != er_col)
                        || !places
                            .iter()
                            .any(|&c| g.col_of(c) == er_col && g.row_of(c) != er_row)
                    {
                        continue;
                    }
                    // Conjugate pair in a column with one end on the ER row (outside the box):
                    // eliminate where its other end's row meets the ER column; and transposed.
                    for (lines, along_row) in [(&col_pairs, true), (&row_pairs, false)] {
                        for p in lines.iter() {
                            for (near, far) in both_ways(*p) {
                                if g.region_of(near) == b || g.region_of(far) == b {
                                    continue;
                                }
                                let on_arm = if along_row {
                                    g.row_of(near) == er_row
                                } else {
                                    g.col_of(near) == er_col
                                };
                                if !on_arm {
                                    continue;
                                }
                                let target = if along_row {
                                    g.cell(g.row_of(far), er_col)
                                } else {
                                    g.cell(er_row, g.col_of(far))
                                };
                                if g.region_of(target) == b || !grid.has(target, digit) {
                                    continue;
                                }
                                let eliminations = vec![Elimination {
                                    cell: target,
                                    digit,
                                }];
                                let explanation = sink.text(|| format!(
                                    "Empty rectangle on {digit}: in box {bn} {digit} lies only on \
                                     row {r} and column {c}. In {line} {digit} is only in {near} \
                                     and {far}: if {far} is not {digit}, {near} is, which leaves \
                                     {digit} in box {bn} only on {arm}, so either way {t} cannot \
                                     be {digit}: {what}", digit = board.show(digit),
                                    bn = b + 1,
                                    r = er_row + 1,
                                    c = er_col + 1,
                                    line = g.houses()[p.house],
                                    near = grid.name(near),
                                    far = grid.name(far),
                                    arm = if along_row {
                                        format!("column {}", er_col + 1)
                                    } else {
                                        format!("row {}", er_row + 1)
                                    },
                                    t = grid.name(target),
                                    what = describe_eliminations(g, board.alphabet(), &eliminations),
                                ));
                                let mut cells = places.clone();
                                cells.push(near);
                                cells.push(far);
                                let step =
                                    Step::eliminating(Technique::EmptyRectangle, eliminations)
                                        .houses(vec![bh, p.house])
                                        .cells(cells)
                                        .digits(vec![digit])
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
    }
}
