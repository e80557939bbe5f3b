//! Alternating inference chains (AICs) and nice loops as steps: the chains and loops the search
//! of [`super::loop_search`] found at this board, each explained in words and drawn as links.

use super::chains::{capitalise, loop_notation};
use super::loop_search::{LoopKind, find_aics};
use super::solving::Solving;
use super::step::{Step, StepSink, alternating_links, describe_eliminations};
use super::technique::Technique;

/// Alternating inference chains: see `loop_search::find_aics`.
pub fn aic(solving: &Solving, sink: &mut StepSink) {
    let board = solving.board();
    let found = find_aics(solving.graph())
        .into_iter()
        .map(|f| (f.nodes, f.eliminations))
        .collect();
    super::chains::report(board, sink, Technique::Aic, found);
}

fn push_loops(solving: &Solving, sink: &mut StepSink, kind: LoopKind) {
    let board = solving.board();
    let geometry = board.geometry();
    let n = geometry.size();
    let all = solving.loops();
    let found = match kind {
        LoopKind::Discontinuous => &all.discontinuous,
        LoopKind::Continuous => &all.continuous,
    };
    for found in found {
        let nodes = &found.nodes;
        let mut cells: Vec<usize> = nodes.iter().map(|&v| v / n).collect();
        cells.sort_unstable();
        cells.dedup();
        let mut digits: Vec<u8> = nodes.iter().map(|&v| (v % n) as u8 + 1).collect();
        digits.sort_unstable();
        digits.dedup();
        let (first, last) = (nodes[0], nodes[nodes.len() - 1]);
        let explanation = sink.text(|| {
            let cell = geometry.cell_name(first / n);
            let (x, y) = (
                board.show((first % n) as u8 + 1),
                board.show((last % n) as u8 + 1),
            );
            let chain = loop_notation(geometry, board.alphabet(), nodes, n, found.start_on);
            let what = capitalise(&describe_eliminations(geometry, board.alphabet(), &found.eliminations));
            if kind == LoopKind::Continuous {
                return format!(
                    "Continuous nice loop: {chain}. The links alternate strong (=, if one is \
                     false the other is true) and weak (-, if one is true the other is false) all \
                     the way round: if {cell} were not {x} it would have to be {y}, so {cell} is \
                     {x} or {y}, and every weak link of the loop holds both ways (one of its two \
                     ends is true). So each digit of a weak link between two cells goes from the \
                     cells that see both, and each cell the loop enters and leaves by strong \
                     links keeps only those two digits. {what}"
                );
            }
            let why = if !found.start_on && x == y {
                format!("if {cell} were not {x} it would have to be {x}, so {cell} is {x}")
            } else if !found.start_on {
                format!("if {cell} were not {x} it would have to be not {y} either, so {cell} is not {y}")
            } else if x == y {
                format!("if {cell} were {x} it could not be {x}, so {cell} is not {x}")
            } else {
                format!("if {cell} were {x} it would also have to be {y}, so {cell} is not {x}")
            };
            format!(
                "Discontinuous nice loop: {chain}. The links alternate strong (=, if one is false \
                 the other is true) and weak (-, if one is true the other is false), and the loop \
                 comes back to the cell it started from: {why}. {what}"
            )
        });
        let technique = match kind {
            LoopKind::Discontinuous => Technique::DiscontinuousNiceLoop,
            LoopKind::Continuous => Technique::ContinuousNiceLoop,
        };
        // A start assumed false leaves by a strong link (as `loop_notation` writes it).
        let links = sink.links(|| alternating_links(nodes, n, !found.start_on));
        let step = Step::eliminating(technique, found.eliminations.clone())
            .cells(cells)
            .digits(digits)
            .linked(links)
            .explained(explanation);
        if sink.push(step) {
            return;
        }
    }
}

/// Discontinuous nice loops: see `loop_search::find_loops`.
pub fn discontinuous_nice_loop(solving: &Solving, sink: &mut StepSink) {
    push_loops(solving, sink, LoopKind::Discontinuous);
}

/// Continuous nice loops: see `loop_search::find_loops`.
pub fn continuous_nice_loop(solving: &Solving, sink: &mut StepSink) {
    push_loops(solving, sink, LoopKind::Continuous);
}
