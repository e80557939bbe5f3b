//! Almost locked sets: ALS-XZ and ALS-XY-wing, in HoDoKu's definitions.
//!
//! An almost locked set (ALS) is a group of `k` unsolved cells of one house holding `k + 1`
//! candidates between them (a single bivalue cell is the smallest). Take away any one of its
//! digits and the rest is locked: the other `k` digits fill its `k` cells.
//!
//! Two ALSs that share no cell have a *restricted common candidate* (RCC) `x` when every cell
//! of one holding `x` sees every cell of the other holding `x`: `x` can then be true in at most
//! one of them, so at least one of them is locked without `x`.
//!
//! * ALS-XZ: ALSs A and B with RCC `x`. Whichever of A and B loses `x` is locked, so if `z` is
//!   another digit of both, one of them holds `z`: a cell that sees every `z` of A and of B
//!   cannot be `z`. With two RCCs (doubly linked), neither ALS can hold both RCCs, so both are
//!   locked sets on their other digits and each RCC is true in one of them: every non-RCC digit
//!   goes from the cells that see all its places in its ALS, and each RCC from the cells that
//!   see all its places in both.
//! * ALS-XY-wing: a pivot ALS C with RCC `x` to A and RCC `y` to B (`x ≠ y`), and a digit `z`
//!   of A and B that is no RCC. If A has no `z` it is locked on its other digits, so it holds
//!   `x`; then C has no `x` and is locked, so it holds `y`; then B has no `y` and holds `z`. So
//!   A or B holds `z`, and a cell that sees every `z` of both cannot be `z`.
//!
//! Like HoDoKu (default settings) the ALSs of one step share no cell, and one step is reported
//! per pair (ALS-XZ) or per pair of RCC links (ALS-XY-wing) with all its eliminations.
//! HoDoKu's "allow ALS overlap" option (`Overlap::Allowed`, used by its regression library's
//! `-2` cases) lets two sets share cells as long as no restricted common sits in the shared
//! cells: an RCC holder in both sets would have to see itself.

pub use super::als_sets::Overlap;
use super::als_sets::{Als, overlap, subset};
use super::bits::BitBoard;
use super::board::Board;
use super::solving::Solving;
use super::step::{Elimination, Step, StepSink, cell_list, describe_eliminations, digit_list};
use super::technique::Technique;
use crate::grid::Digits;

/// Eliminates `d` from the cells holding it that see every holder of `d` in all of `sets`
/// and belong to none of `spare`, in cell order.
fn push_targets(grid: &BitBoard, sets: &[&Als], spare: &[&Als], d: u8, out: &mut Vec<Elimination>) {
    // A stack buffer: a 36×36 grid needs 21 words.
    let mut buf = [0u64; 24];
    let t = &mut buf[..grid.w];
    t.copy_from_slice(grid.digit(d));
    for als in sets {
        for (x, s) in t.iter_mut().zip(als.see(d)) {
            *x &= s;
        }
    }
    for als in spare {
        for (x, s) in t.iter_mut().zip(als.set()) {
            *x &= !s;
        }
    }
    for (k, &word) in t.iter().enumerate() {
        let mut bits = word;
        while bits != 0 {
            out.push(Elimination {
                cell: k * 64 + bits.trailing_zeros() as usize,
                digit: d,
            });
            bits &= bits - 1;
        }
    }
}

fn describe(grid: &BitBoard, als: &Als) -> String {
    format!(
        "{{{}}} in {} ({})",
        cell_list(grid.geometry, &als.cells),
        grid.geometry.houses()[als.house],
        digit_list(
            grid.board.alphabet(),
            &als.digits.iter().collect::<Vec<_>>()
        )
    )
}

/// Every ALS-XZ or ALS-XY-wing step at `board` under `rule` (other techniques: none).
#[cfg_attr(not(feature = "lab"), allow(dead_code))]
pub fn find_all_with(board: &Board, technique: Technique, rule: Overlap) -> Vec<Step> {
    let solving = Solving::new(board);
    let mut sink = StepSink::new(false);
    match technique {
        Technique::AlsXz => als_xz_with(&solving, &mut sink, rule),
        Technique::AlsXyWing => als_xy_wing_with(&solving, &mut sink, rule),
        _ => {}
    }
    sink.into_steps()
}

fn sorted(mut e: Vec<Elimination>) -> Vec<Elimination> {
    e.sort_unstable();
    e.dedup();
    e
}

/// ALS-XZ, singly and doubly linked.
pub fn als_xz(solving: &Solving, sink: &mut StepSink) {
    als_xz_with(solving, sink, Overlap::Disjoint);
}

fn als_xz_with(solving: &Solving, sink: &mut StepSink, rule: Overlap) {
    let grid = solving.grid();
    let data = solving.als(rule);
    let alses = &data.alses;
    for &(i, j, r) in &data.links {
        let (a, b) = (&alses[i], &alses[j]);
        let mut eliminations = Vec::new();
        let doubly = r.len() >= 2;
        if doubly {
            let rc: Digits = r.iter().take(2).collect();
            // Like HoDoKu, the cells of the other set are left alone (their digits are
            // already accounted for by the pattern).
            for als in [a, b] {
                for z in ((als.digits - rc) & als.reach).iter() {
                    push_targets(grid, &[als], &[a, b], z, &mut eliminations);
                }
            }
            for x in (rc & a.reach & b.reach).iter() {
                push_targets(grid, &[a, b], &[], x, &mut eliminations);
            }
        } else {
            for z in ((a.digits & b.digits & a.reach & b.reach) - r).iter() {
                push_targets(grid, &[a, b], &[], z, &mut eliminations);
            }
        }
        if eliminations.is_empty() {
            continue;
        }
        let eliminations = sorted(eliminations);
        let rc = digit_list(grid.board.alphabet(), &r.iter().take(2).collect::<Vec<_>>());
        let explanation = sink.text(|| if doubly {
            format!(
                "ALS-XZ (doubly linked): A = {sa} and B = {sb} are almost locked sets (one more \
                 digit than cells). {rc} are restricted common: each can be true in only one of \
                 them, and neither can lose both, so A and B are both locked without them and each \
                 of {rc} is in A or B. Every other digit is locked in its set, and each of {rc} \
                 sits in A or B: {what}",
                sa = describe(grid, a),
                sb = describe(grid, b),
                what = describe_eliminations(grid.geometry, grid.board.alphabet(), &eliminations),
            )
        } else {
            let z = digit_list(grid.board.alphabet(), &((a.digits & b.digits) - r).iter().collect::<Vec<_>>());
            format!(
                "ALS-XZ: A = {sa} and B = {sb} are almost locked sets (one more digit than \
                 cells). Every {rc} of A sees every {rc} of B, so at most one of them holds {rc} \
                 and the other is locked on its remaining digits. Then A or B holds {z}: cells \
                 that see every {z} of both cannot be {z}: {what}",
                sa = describe(grid, a),
                sb = describe(grid, b),
                what = describe_eliminations(grid.geometry, grid.board.alphabet(), &eliminations),
            )
        });
        let mut cells: Vec<usize> = a.cells.iter().chain(&b.cells).copied().collect();
        cells.sort_unstable();
        let step = Step::eliminating(Technique::AlsXz, eliminations)
            .houses(vec![a.house, b.house])
            .cells(cells)
            .digits((a.digits | b.digits).iter().collect())
            .explained(explanation);
        if sink.push(step) {
            return;
        }
    }
}

/// ALS-XY-wing: pivot C linked to A by one RCC and to B by another.
pub fn als_xy_wing(solving: &Solving, sink: &mut StepSink) {
    als_xy_wing_with(solving, sink, Overlap::Disjoint);
}

fn als_xy_wing_with(solving: &Solving, sink: &mut StepSink, rule: Overlap) {
    let grid = solving.grid();
    let data = solving.als(rule);
    let (alses, links) = (&data.alses, &data.links);
    // Links by ALS: (other ALS, rccs).
    let mut by_als: Vec<Vec<(usize, Digits)>> = vec![Vec::new(); alses.len()];
    for &(i, j, r) in links {
        by_als[i].push((j, r));
        by_als[j].push((i, r));
    }
    for (c, around) in by_als.iter().enumerate() {
        for (k, &(ia, ra)) in around.iter().enumerate() {
            for &(ib, rb) in &around[k + 1..] {
                // Two different digits are needed for the two links.
                if ra.len() == 1 && rb.len() == 1 && ra == rb {
                    continue;
                }
                let (a, b, pivot) = (&alses[ia], &alses[ib], &alses[c]);
                // Like HoDoKu, the two wings share no cell unless overlap is allowed; even then
                // one may not contain the other.
                let nested = subset(a.set(), b.set()) || subset(b.set(), a.set());
                if nested || (rule == Overlap::Disjoint && overlap(a.set(), b.set())) {
                    continue;
                }
                let zs = (a.digits & b.digits) - ra - rb;
                let reach = zs & a.reach & b.reach;
                if reach.is_empty() {
                    continue;
                }
                let mut eliminations = Vec::new();
                for z in reach.iter() {
                    // The pivot's own cells are fair targets: "A or B holds z" does not
                    // depend on what C holds.
                    push_targets(grid, &[a, b], &[], z, &mut eliminations);
                }
                if eliminations.is_empty() {
                    continue;
                }
                let eliminations = sorted(eliminations);
                let (x, y) = (
                    digit_list(grid.board.alphabet(), &ra.iter().collect::<Vec<_>>()),
                    digit_list(grid.board.alphabet(), &rb.iter().collect::<Vec<_>>()),
                );
                let z = digit_list(grid.board.alphabet(), &zs.iter().collect::<Vec<_>>());
                let explanation = sink.text(|| {
                    format!(
                        "ALS-XY-wing: the almost locked set C = {sc} shares the restricted common \
                     {x} with A = {sa} and {y} with B = {sb} (each can be true in only one of the \
                     two sets it links; an almost locked set has one digit more than cells, so \
                     without one digit it is locked on the others). Take z, any of {z}: if A had \
                     no z, it would be locked and hold {x}; then C would have no {x} and hold {y}; \
                     then B would have no {y} and hold z. So A or B holds z, and cells that see \
                     every z of both cannot be z: {what}",
                        sc = describe(grid, pivot),
                        sa = describe(grid, a),
                        sb = describe(grid, b),
                        what = describe_eliminations(
                            grid.geometry,
                            grid.board.alphabet(),
                            &eliminations
                        ),
                    )
                });
                let mut cells: Vec<usize> = a
                    .cells
                    .iter()
                    .chain(&b.cells)
                    .chain(&pivot.cells)
                    .copied()
                    .collect();
                cells.sort_unstable();
                let step = Step::eliminating(Technique::AlsXyWing, eliminations)
                    .houses(vec![pivot.house, a.house, b.house])
                    .cells(cells)
                    .digits((a.digits | b.digits | pivot.digits).iter().collect())
                    .explained(explanation);
                if sink.push(step) {
                    return;
                }
            }
        }
    }
}
