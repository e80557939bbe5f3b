//! Singles: full house, naked single, hidden single — the techniques that place digits.

use crate::grid::Digits;

use super::solving::Solving;
use super::step::{Placement, Step, StepSink};
use super::technique::Technique;

/// A house with one empty cell left: it takes the one missing digit.
pub fn full_house(solving: &Solving, sink: &mut StepSink) {
    let board = solving.board();
    let geometry = board.geometry();
    for (h, house) in geometry.houses().iter().enumerate() {
        let mut empty = house.cells.iter().filter(|&&c| board.value(c) == 0);
        let (Some(&cell), None) = (empty.next(), empty.next()) else {
            continue;
        };
        let Some(digit) = board.candidates(cell).single_digit() else {
            continue;
        };
        let stop = sink.push(
            Step::placing(Technique::FullHouse, vec![Placement { cell, digit }])
                .houses(vec![h])
                .cells(vec![cell])
                .digits(vec![digit])
                .explained(sink.text(|| {
                    let (name, digit) = (geometry.cell_name(cell), board.show(digit));
                    format!(
                        "{name} is the last empty cell of {house}, so it takes the missing digit: \
                     {name} = {digit}"
                    )
                })),
        );
        if stop {
            return;
        }
    }
}

/// A cell with one candidate left.
pub fn naked_single(solving: &Solving, sink: &mut StepSink) {
    let board = solving.board();
    let geometry = board.geometry();
    for cell in 0..geometry.cell_count() {
        if board.value(cell) != 0 {
            continue;
        }
        let Some(digit) = board.candidates(cell).single_digit() else {
            continue;
        };
        let stop = sink.push(
            Step::placing(Technique::NakedSingle, vec![Placement { cell, digit }])
                .cells(vec![cell])
                .digits(vec![digit])
                .explained(sink.text(|| {
                    let (name, digit) = (geometry.cell_name(cell), board.show(digit));
                    format!(
                        "{name} sees every digit but {digit} in its row, column and box, so \
                     {name} = {digit}"
                    )
                })),
        );
        if stop {
            return;
        }
    }
}

/// A digit with one place left in a house.
pub fn hidden_single(solving: &Solving, sink: &mut StepSink) {
    let board = solving.board();
    let geometry = board.geometry();
    for (h, house) in geometry.houses().iter().enumerate() {
        // The digits with exactly one place in the house, in one pass over its cells.
        let (mut once, mut twice) = (Digits::EMPTY, Digits::EMPTY);
        for &c in &house.cells {
            let cands = board.candidates(c);
            twice |= once & cands;
            once |= cands;
        }
        for digit in (once - twice).iter() {
            if !sink.wants_digit(digit) {
                continue;
            }
            let Some(cell) = house
                .cells
                .iter()
                .copied()
                .find(|&c| board.candidates(c).contains(digit))
            else {
                continue;
            };
            // A cell whose only candidate is the digit is a naked single; HoDoKu reports
            // the hidden single all the same, so do we.
            let stop = sink.push(
                Step::placing(Technique::HiddenSingle, vec![Placement { cell, digit }])
                    .houses(vec![h])
                    .cells(vec![cell])
                    .digits(vec![digit])
                    .explained(sink.text(|| {
                        let (name, digit) = (geometry.cell_name(cell), board.show(digit));
                        format!("In {house}, {digit} fits only in {name}, so {name} = {digit}")
                    })),
            );
            if stop {
                return;
            }
        }
    }
}
