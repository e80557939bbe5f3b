//! Wings: XY-wing, XYZ-wing and W-wing.
//!
//! Each is a short chain through bivalue cells: whatever the pivot (or the link) holds, one of
//! the wings holds digit z, so z goes from every cell that sees all the cells that might be z.

use super::bits::{BitBoard, elims};
use super::board::Board;
use super::solving::Solving;
use super::step::{Step, StepSink, describe_eliminations, digit_list};
use super::technique::Technique;
use crate::grid::Digits;

fn digits_of(d: Digits) -> Vec<u8> {
    d.iter().collect()
}

fn bivalue_cells(board: &Board) -> Vec<usize> {
    (0..board.geometry().cell_count())
        .filter(|&c| board.value(c) == 0 && board.candidates(c).len() == 2)
        .collect()
}

/// XY-wing: pivot {x,y} sees wings {x,z} and {y,z}: one wing is z.
pub fn xy_wing(solving: &Solving, sink: &mut StepSink) {
    let board = solving.board();
    let grid = BitBoard::new(board);
    let bi = bivalue_cells(board);
    for &pivot in &bi {
        let pc = board.candidates(pivot);
        let wings: Vec<usize> = bi
            .iter()
            .copied()
            .filter(|&w| w != pivot && grid.sees(pivot, w) && (board.candidates(w) & pc).len() == 1)
            .collect();
        for (i, &w1) in wings.iter().enumerate() {
            for &w2 in &wings[i + 1..] {
                let (c1, c2) = (board.candidates(w1), board.candidates(w2));
                // The wings share z, and take the pivot's two digits between them.
                if c1 == c2 || (c1 & pc) == (c2 & pc) || (c1 | c2 | pc).len() != 3 {
                    continue;
                }
                let Some(z) = (c1 & c2).single_digit() else {
                    continue;
                };
                if pc.contains(z) {
                    continue;
                }
                let targets = grid.common_peers(&[w1, w2], z);
                if targets.is_empty() {
                    continue;
                }
                let eliminations = elims(&targets, z);
                let n = |c| grid.name(c);
                let (x, y) = (
                    (c1 & pc).first().unwrap_or(0),
                    (c2 & pc).first().unwrap_or(0),
                );
                let explanation = sink.text(|| format!(
                    "XY-wing: {p} (pivot, {pd}) sees {a} ({ad}) and {b} ({bd}): if the pivot is \
                     {x}, {a} is {z}; if it is {y}, {b} is {z}. Whichever the pivot is, one wing \
                     is {z}, so cells that see both wings cannot be {z}: {what}", x = board.show(x), y = board.show(y), z = board.show(z),
                    p = n(pivot),
                    pd = digit_list(board.alphabet(), &digits_of(pc)),
                    a = n(w1),
                    ad = digit_list(board.alphabet(), &digits_of(c1)),
                    b = n(w2),
                    bd = digit_list(board.alphabet(), &digits_of(c2)),
                    what = describe_eliminations(grid.geometry, board.alphabet(), &eliminations),
                ));
                let step = Step::eliminating(Technique::XyWing, eliminations)
                    .cells(vec![pivot, w1, w2])
                    .digits(digits_of(c1 | c2 | pc))
                    .explained(explanation);
                if sink.push(step) {
                    return;
                }
            }
        }
    }
}

/// XYZ-wing: pivot {x,y,z} sees wings {x,z} and {y,z}: one of the three is z.
pub fn xyz_wing(solving: &Solving, sink: &mut StepSink) {
    let board = solving.board();
    let grid = BitBoard::new(board);
    let bi = bivalue_cells(board);
    for pivot in 0..grid.geometry.cell_count() {
        let pc = board.candidates(pivot);
        if board.value(pivot) != 0 || pc.len() != 3 {
            continue;
        }
        let wings: Vec<usize> = bi
            .iter()
            .copied()
            .filter(|&w| grid.sees(pivot, w) && (board.candidates(w) - pc).is_empty())
            .collect();
        for (i, &w1) in wings.iter().enumerate() {
            for &w2 in &wings[i + 1..] {
                let (c1, c2) = (board.candidates(w1), board.candidates(w2));
                if c1 == c2 {
                    continue;
                }
                let Some(z) = (c1 & c2).single_digit() else {
                    continue;
                };
                let targets = grid.common_peers(&[pivot, w1, w2], z);
                if targets.is_empty() {
                    continue;
                }
                let eliminations = elims(&targets, z);
                let n = |c| grid.name(c);
                let explanation = sink.text(|| {
                    format!(
                        "XYZ-wing: {p} (pivot, {pd}) sees {a} ({ad}) and {b} ({bd}): whatever the \
                     pivot is, it or one of the wings is {z}, so cells that see all three cannot \
                     be {z}: {what}",
                        z = board.show(z),
                        p = n(pivot),
                        pd = digit_list(board.alphabet(), &digits_of(pc)),
                        a = n(w1),
                        ad = digit_list(board.alphabet(), &digits_of(c1)),
                        b = n(w2),
                        bd = digit_list(board.alphabet(), &digits_of(c2)),
                        what =
                            describe_eliminations(grid.geometry, board.alphabet(), &eliminations),
                    )
                });
                let step = Step::eliminating(Technique::XyzWing, eliminations)
                    .cells(vec![pivot, w1, w2])
                    .digits(digits_of(pc))
                    .explained(explanation);
                if sink.push(step) {
                    return;
                }
            }
        }
    }
}

/// W-wing: two cells {x,y} joined by a conjugate pair on y (one end sees each cell): one of the
/// two cells is x.
pub fn w_wing(solving: &Solving, sink: &mut StepSink) {
    let board = solving.board();
    let grid = BitBoard::new(board);
    let g = grid.geometry;
    let bi = bivalue_cells(board);
    for (i, &c1) in bi.iter().enumerate() {
        let cands = board.candidates(c1);
        for &c2 in &bi[i + 1..] {
            if board.candidates(c2) != cands {
                continue;
            }
            for (x, y) in [
                (cands.first().unwrap(), slash_second(cands)),
                (slash_second(cands), cands.first().unwrap()),
            ] {
                let targets = grid.common_peers(&[c1, c2], x);
                if targets.is_empty() {
                    continue;
                }
                for h in 0..g.houses().len() {
                    let places = grid.places(h, y);
                    if places.len() != 2 || places.contains(&c1) || places.contains(&c2) {
                        continue;
                    }
                    let (p, q) = (places[0], places[1]);
                    // Like HoDoKu, an end of the link that sees both cells spoils the pattern
                    // (it would be its own target).
                    if [p, q].iter().any(|&e| grid.sees(e, c1) && grid.sees(e, c2)) {
                        continue;
                    }
                    let (e1, e2) = if grid.sees(p, c1) && grid.sees(q, c2) {
                        (p, q)
                    } else if grid.sees(q, c1) && grid.sees(p, c2) {
                        (q, p)
                    } else {
                        continue;
                    };
                    let eliminations = elims(&targets, x);
                    let n = |c| grid.name(c);
                    let explanation = sink.text(|| {
                        format!(
                            "W-wing: {a} and {b} both hold {x}/{y}, and in {house} {y} is only in \
                         {e1} (which sees {a}) and {e2} (which sees {b}). One of {e1}, {e2} is \
                         {y}, so {a} or {b} is not {y} and is {x}: cells that see both cannot be \
                         {x}: {what}",
                            x = board.show(x),
                            y = board.show(y),
                            a = n(c1),
                            b = n(c2),
                            house = g.houses()[h],
                            e1 = n(e1),
                            e2 = n(e2),
                            what = describe_eliminations(g, board.alphabet(), &eliminations),
                        )
                    });
                    let step = Step::eliminating(Technique::WWing, eliminations)
                        .houses(vec![h])
                        .cells(vec![c1, c2, e1, e2])
                        .digits(vec![x, y])
                        .explained(explanation);
                    if sink.push(step) {
                        return;
                    }
                }
            }
        }
    }
}

fn slash_second(d: Digits) -> u8 {
    d.iter().nth(1).unwrap_or(0)
}
