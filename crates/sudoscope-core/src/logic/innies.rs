//! The rule of 45 (innies and outies) for killers, and the law of leftovers for jigsaws: both
//! compare what a union of houses must hold with what the cages or regions around it hold.
//!
//! * Rule of 45: k consecutive rows, columns or regions (k = 1..3) hold each digit k times, so
//!   their digits add up to k·N(N+1)/2 (45 per house on 9×9). Take away the cages lying wholly
//!   inside: the cells inside of the cages that reach out (the innies) add up to the rest. Those
//!   cages' total less the innies' sum is the sum of their cells outside (the outies). Either
//!   set is a hidden cage with a known sum, and the cage-combination analysis of
//!   [`super::cage_sums`] says which digits its cells can still take.
//! * Law of leftovers: k consecutive rows (or columns) and the k regions that overlap them most
//!   hold the same digits k times each, so the cells of the rows outside those regions hold
//!   the same digits as the cells of the regions outside the rows; a digit that cannot be on
//!   one side is not on the other.

use crate::grid::{Digits, HouseKind};

use super::board::Board;
use super::cage_sums::{SumGroup, analyse, domain, domains, sets_text};
use super::killer::removals;
use super::solving::Solving;
use super::step::{Elimination, Step, StepSink, cell_list, describe_eliminations};
use super::technique::Technique;

/// The most houses a union may join.
const MAX_HOUSES: usize = 3;

/// The unions the two rules look at: runs of 1..=3 consecutive rows, columns or regions, as
/// house indices.
fn unions(board: &Board, kinds: &[fn(HouseKind) -> bool]) -> Vec<Vec<usize>> {
    let g = board.geometry();
    let n = g.size();
    let mut out = Vec::new();
    for kind in kinds {
        let houses: Vec<usize> = (0..3 * n).filter(|&h| kind(g.houses()[h].kind)).collect();
        for k in 1..=MAX_HOUSES.min(houses.len().saturating_sub(1)) {
            for start in 0..=houses.len() - k {
                out.push(houses[start..start + k].to_vec());
            }
        }
    }
    out
}

fn is_row(k: HouseKind) -> bool {
    k == HouseKind::Row
}
fn is_col(k: HouseKind) -> bool {
    k == HouseKind::Column
}
fn is_region(k: HouseKind) -> bool {
    k.is_region()
}

/// `rows 1–2`, `box 5`.
fn union_name(board: &Board, houses: &[usize]) -> String {
    let g = board.geometry();
    let first = &g.houses()[houses[0]];
    if houses.len() == 1 {
        return first.to_string();
    }
    let last = &g.houses()[houses[houses.len() - 1]];
    format!(
        "{}s {}–{}",
        first.kind.name(),
        first.index + 1,
        last.index + 1
    )
}

/// Rule of 45: innies and outies of a union of houses, as hidden cages.
pub fn innies_outies(solving: &Solving, sink: &mut StepSink) {
    let board = solving.board();
    let g = board.geometry();
    if g.cages().is_empty() {
        return;
    }
    let n = g.size() as u32;
    for houses in unions(board, &[is_row, is_col, is_region]) {
        let mut inside = vec![false; g.cell_count()];
        for &h in &houses {
            for &c in &g.houses()[h].cells {
                inside[c] = true;
            }
        }
        let total = houses.len() as u32 * n * (n + 1) / 2;
        let (mut whole, mut partial_sum) = (0u32, 0u32);
        let (mut innies, mut outies, mut partial) = (Vec::new(), Vec::new(), Vec::new());
        for (k, cage) in g.cages().iter().enumerate() {
            let count = cage.cells.iter().filter(|&&c| inside[c]).count();
            if count == cage.cells.len() {
                whole += cage.sum;
            } else if count > 0 {
                partial_sum += cage.sum;
                partial.push(k);
                for &c in &cage.cells {
                    if inside[c] {
                        innies.push(c);
                    } else {
                        outies.push(c);
                    }
                }
            }
        }
        // Cells in no cage (a killer with some cages only) are innies of unknown sum: the
        // outies' sum is then unknown.
        let mut loose = false;
        for (c, _) in inside.iter().enumerate().filter(|(_, in_u)| **in_u) {
            if g.cage_of(c).is_none() {
                innies.push(c);
                loose = true;
            }
        }
        if innies.is_empty() || total < whole {
            continue;
        }
        innies.sort_unstable();
        outies.sort_unstable();
        let innie_sum = total - whole;
        let mut sides = vec![(true, innies, innie_sum)];
        if !loose && partial_sum >= innie_sum && !outies.is_empty() {
            sides.push((false, outies, partial_sum - innie_sum));
        }
        for (is_innie, cells, sum) in sides {
            let group = SumGroup { cells, sum };
            // A side that is itself a cage says nothing the cage does not.
            if g.cages().iter().any(|c| c.cells == group.cells) {
                continue;
            }
            let Some(a) = analyse(g, &group, &domains(board, &group)) else {
                continue;
            };
            let eliminations = removals(board, &group, &a.allowed);
            if eliminations.is_empty() {
                continue;
            }
            let explanation = sink.text(|| {
                let name = union_name(board, &houses);
                let times = match houses.len() {
                    1 => "once".to_string(),
                    2 => "twice".to_string(),
                    k => format!("{k} times"),
                };
                let side = if is_innie {
                    format!(
                        "the cages wholly inside add up to {whole}, so the innies {} (the \
                         cells inside of the cages that reach out) add up to {total} − {whole} \
                         = {sum}",
                        cell_list(g, &group.cells)
                    )
                } else {
                    format!(
                        "the cages wholly inside add up to {whole}, so the innies add up to \
                         {innie_sum}; the cages that reach out add up to {partial_sum}, so their \
                         cells outside, the outies {}, add up to {partial_sum} − {innie_sum} = \
                         {sum}",
                        cell_list(g, &group.cells)
                    )
                };
                let fill = if a.distinct {
                    format!(
                        "as {} different digits they make {}",
                        group.cells.len(),
                        sets_text(board, &a.combos)
                    )
                } else {
                    "they need not all differ, and the fillings that keep to their \
                     candidates leave"
                        .to_string()
                };
                format!(
                    "Rule of 45: {name} holds each digit {times}, adding up to {total}; {side}. \
                     Taken as a hidden cage, {fill}: {}",
                    describe_eliminations(g, board.alphabet(), &eliminations)
                )
            });
            let step = Step::eliminating(Technique::InniesOuties, eliminations)
                .houses(houses.clone())
                .cells(group.cells.clone())
                .cages(partial.clone())
                .digits(a.possible().iter().collect())
                .explained(explanation);
            if sink.push(step) {
                return;
            }
        }
    }
}

/// The most cells on one side of a law-of-leftovers comparison.
const MAX_LEFTOVERS: usize = 6;

/// Law of leftovers: rows (columns) and the regions overlapping them most hold the same
/// digits, so their leftover cells do.
pub fn law_of_leftovers(solving: &Solving, sink: &mut StepSink) {
    let board = solving.board();
    let g = board.geometry();
    if g.box_size().is_some() {
        // Boxes line up with rows and columns: nothing is left over.
        return;
    }
    let n = g.size();
    let regions: Vec<usize> = (0..3 * n)
        .filter(|&h| g.houses()[h].kind.is_region())
        .collect();
    for lines in unions(board, &[is_row, is_col]) {
        let mut inside = vec![false; g.cell_count()];
        for &h in &lines {
            for &c in &g.houses()[h].cells {
                inside[c] = true;
            }
        }
        // The k regions with most cells inside (ties: lower index).
        let mut overlap: Vec<(usize, usize)> = regions
            .iter()
            .map(|&r| {
                let k = g.houses()[r].cells.iter().filter(|&&c| inside[c]).count();
                (k, r)
            })
            .collect();
        overlap.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        let mut chosen: Vec<usize> = overlap[..lines.len()].iter().map(|&(_, r)| r).collect();
        chosen.sort_unstable();
        let mut in_regions = vec![false; g.cell_count()];
        for &r in &chosen {
            for &c in &g.houses()[r].cells {
                in_regions[c] = true;
            }
        }
        let outside: Vec<usize> = (0..g.cell_count())
            .filter(|&c| inside[c] && !in_regions[c])
            .collect();
        let beyond: Vec<usize> = (0..g.cell_count())
            .filter(|&c| in_regions[c] && !inside[c])
            .collect();
        if outside.is_empty() || outside.len() > MAX_LEFTOVERS {
            continue;
        }
        let reach = |cells: &[usize]| {
            cells
                .iter()
                .fold(Digits::EMPTY, |acc, &c| acc | domain(board, c))
        };
        let (from_lines, from_regions) = (reach(&outside), reach(&beyond));
        let mut eliminations: Vec<Elimination> = Vec::new();
        for (side, other) in [(&outside, from_regions), (&beyond, from_lines)] {
            for &cell in side.iter() {
                for digit in (board.candidates(cell) - other).iter() {
                    eliminations.push(Elimination { cell, digit });
                }
            }
        }
        if eliminations.is_empty() {
            continue;
        }
        let mut houses = lines.clone();
        houses.extend(&chosen);
        let explanation = sink.text(|| {
            let region_names: Vec<String> =
                chosen.iter().map(|&r| g.houses()[r].to_string()).collect();
            format!(
                "Law of leftovers: {} and {} each hold every digit {} time(s), so the cells of \
                 the lines outside the regions ({}) hold the same digits as the cells of the \
                 regions outside the lines ({}). The first can only hold {}, the second {}; a \
                 digit one side cannot hold is not on the other: {}",
                union_name(board, &lines),
                region_names.join(", "),
                lines.len(),
                cell_list(g, &outside),
                cell_list(g, &beyond),
                sets_text(board, &[from_lines]),
                sets_text(board, &[from_regions]),
                describe_eliminations(g, board.alphabet(), &eliminations)
            )
        });
        let mut cells = outside.clone();
        cells.extend(&beyond);
        cells.sort_unstable();
        let step = Step::eliminating(Technique::LawOfLeftovers, eliminations)
            .houses(houses)
            .cells(cells)
            .explained(explanation);
        if sink.push(step) {
            return;
        }
    }
}
