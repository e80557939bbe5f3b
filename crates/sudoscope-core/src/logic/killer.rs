//! The killer techniques of one cage and of one house: cage combinations, a digit locked in
//! a cage, and killer pairs and triples.
//!
//! * Cage combinations: a cage of k cells adding up to s holds one of the sets of k distinct
//!   digits with sum s; only the sets whose digits the cells' candidates can take one each are
//!   left, and a candidate no remaining set puts in its cell goes.
//! * Cage-locked digit: a digit in every remaining set of a cage must be in the cage; when the
//!   cells of the cage that can hold it all see some other cell, that cell cannot hold it
//!   (typically: they lie in one row, column or region, which then has its digit in the cage).
//! * Killer pair / triple: in a house, k groups — cages lying wholly in the house, or single
//!   cells — that must each hold one of the same k digits: the k digits are all in the groups,
//!   so they leave every other cell of the house.

use crate::grid::Digits;

use super::board::Board;
use super::cage_sums::{self, SumGroup, analyse, cage_name, domains, set_text, sets_text};
use super::solving::Solving;
use super::step::{Elimination, Step, StepSink, cell_list, describe_eliminations};
use super::technique::Technique;

/// Each cage's analysis at this board (`None` for a cage the analysis skips).
fn cage_analyses(board: &Board) -> Vec<(SumGroup, Option<cage_sums::Analysis>)> {
    let g = board.geometry();
    cage_sums::cage_groups(g)
        .into_iter()
        .map(|group| {
            let a = analyse(g, &group, &domains(board, &group));
            (group, a)
        })
        .collect()
}

/// Cage combinations: candidates no digit set of the cage allows.
pub fn cage_combination(solving: &Solving, sink: &mut StepSink) {
    let board = solving.board();
    let g = board.geometry();
    if g.cages().is_empty() {
        return;
    }
    for (k, (group, analysis)) in cage_analyses(board).into_iter().enumerate() {
        let Some(a) = analysis else { continue };
        let eliminations = removals(board, &group, &a.allowed);
        if eliminations.is_empty() {
            continue;
        }
        let explanation = sink.text(|| {
            let what = describe_eliminations(g, board.alphabet(), &eliminations);
            let sets = if a.combos.len() == a.all_sets.len() {
                format!(
                    "{} different digits adding up to {} make {}",
                    group.cells.len(),
                    group.sum,
                    sets_text(board, &a.combos)
                )
            } else {
                format!(
                    "of the sets of {} different digits adding up to {} ({}), only {} fit the \
                     candidates of its cells",
                    group.cells.len(),
                    group.sum,
                    sets_text(board, &a.all_sets),
                    sets_text(board, &a.combos)
                )
            };
            format!(
                "Cage combination: in {}, {sets}; no remaining combination puts these digits \
                 in these cells: {what}",
                cage_name(g, k)
            )
        });
        let step = Step::eliminating(Technique::CageCombination, eliminations)
            .cells(group.cells.clone())
            .cages(vec![k])
            .digits(a.possible().iter().collect())
            .explained(explanation);
        if sink.push(step) {
            return;
        }
    }
}

/// The candidates of a group's empty cells outside what the analysis allows.
pub(crate) fn removals(board: &Board, group: &SumGroup, allowed: &[Digits]) -> Vec<Elimination> {
    let mut out = Vec::new();
    for (i, &cell) in group.cells.iter().enumerate() {
        if board.value(cell) != 0 {
            continue;
        }
        for digit in (board.candidates(cell) - allowed[i]).iter() {
            out.push(Elimination { cell, digit });
        }
    }
    out
}

/// Cage-locked digit: a digit every remaining combination of a cage holds, removed from the
/// cells outside the cage that see all its places in the cage.
pub fn cage_locked_digit(solving: &Solving, sink: &mut StepSink) {
    let board = solving.board();
    let g = board.geometry();
    if g.cages().is_empty() {
        return;
    }
    for (k, (group, analysis)) in cage_analyses(board).into_iter().enumerate() {
        let Some(a) = analysis else { continue };
        for digit in a.required().iter() {
            if group.cells.iter().any(|&c| board.value(c) == digit) {
                continue;
            }
            let places: Vec<usize> = group
                .cells
                .iter()
                .enumerate()
                .filter(|&(i, &c)| board.value(c) == 0 && a.allowed[i].contains(digit))
                .map(|(_, &c)| c)
                .collect();
            let Some(&first) = places.first() else {
                continue;
            };
            let eliminations: Vec<Elimination> = g
                .peers(first)
                .iter()
                .copied()
                .filter(|&c| {
                    board.candidates(c).contains(digit)
                        && !group.cells.contains(&c)
                        && places.iter().all(|&p| g.sees(p, c))
                })
                .map(|cell| Elimination { cell, digit })
                .collect();
            if eliminations.is_empty() {
                continue;
            }
            // The houses that hold every place: what a player sees.
            let houses: Vec<usize> = g
                .houses_of(first)
                .iter()
                .copied()
                .filter(|&h| places.iter().all(|p| g.houses_of(*p).contains(&h)))
                .collect();
            let explanation = sink.text(|| {
                let d = board.show(digit);
                let within = match houses.first() {
                    Some(&h) => format!(", all in {}", g.houses()[h]),
                    None => String::new(),
                };
                format!(
                    "Cage-locked digit: every remaining combination of {} ({}) holds {d}, so \
                     the cage holds {d}, in {}{within}; a cell that sees all of them cannot be \
                     {d}: {}",
                    cage_name(g, k),
                    sets_text(board, &a.combos),
                    cell_list(g, &places),
                    describe_eliminations(g, board.alphabet(), &eliminations)
                )
            });
            let step = Step::eliminating(Technique::CageLockedDigit, eliminations)
                .houses(houses)
                .cells(places)
                .cages(vec![k])
                .digits(vec![digit])
                .explained(explanation);
            if sink.push(step) {
                return;
            }
        }
    }
}

/// Killer pair: two groups of a house that must each hold one of two digits.
pub fn killer_pair(solving: &Solving, sink: &mut StepSink) {
    killer_subset(solving, sink, 2);
}

/// Killer triple: three groups of a house that must each hold one of three digits.
pub fn killer_triple(solving: &Solving, sink: &mut StepSink) {
    killer_subset(solving, sink, 3);
}

/// A group of a house for the killer subsets: a cage wholly inside it or a single cell.
struct Group {
    cells: Vec<usize>,
    cage: Option<usize>,
    /// The digit sets it may hold (a cell: its candidates, one digit each).
    combos: Vec<Digits>,
}

fn killer_subset(solving: &Solving, sink: &mut StepSink, size: usize) {
    let board = solving.board();
    let g = board.geometry();
    if g.cages().is_empty() {
        return;
    }
    let analyses = cage_analyses(board);
    let n = g.size();
    let technique = if size == 2 {
        Technique::KillerPair
    } else {
        Technique::KillerTriple
    };
    for (h, house) in g.houses().iter().enumerate() {
        let mut placed = Digits::EMPTY;
        for &c in &house.cells {
            if board.value(c) != 0 {
                placed.insert(board.value(c));
            }
        }
        let open = Digits::all(n) - placed;
        if (open.len() as usize) <= size {
            continue;
        }
        let mut groups: Vec<Group> = Vec::new();
        let mut in_cage = vec![false; g.cell_count()];
        for (k, (group, a)) in analyses.iter().enumerate() {
            let Some(a) = a else { continue };
            let inside = group.cells.iter().all(|c| house.cells.contains(c));
            let empty = group.cells.iter().any(|&c| board.value(c) == 0);
            if inside && empty && group.cells.len() > 1 {
                for &c in &group.cells {
                    in_cage[c] = true;
                }
                let placed_here: Digits = group
                    .cells
                    .iter()
                    .map(|&c| board.value(c))
                    .filter(|&v| v != 0)
                    .collect();
                groups.push(Group {
                    cells: group.cells.clone(),
                    cage: Some(k),
                    combos: a.combos.iter().map(|&s| s - placed_here).collect(),
                });
            }
        }
        if groups.is_empty() {
            continue;
        }
        for &c in &house.cells {
            if board.value(c) == 0 && !in_cage[c] {
                groups.push(Group {
                    cells: vec![c],
                    cage: None,
                    combos: board.candidates(c).iter().map(Digits::single).collect(),
                });
            }
        }
        let digits: Vec<u8> = open.iter().collect();
        for set in subsets(&digits, size) {
            let set: Digits = set.into_iter().collect();
            let fits: Vec<usize> = (0..groups.len())
                .filter(|&i| groups[i].combos.iter().all(|&s| !(s & set).is_empty()))
                .collect();
            if fits.len() < size {
                continue;
            }
            for pick in subsets(&fits, size) {
                if !pick.iter().any(|&i| groups[i].cage.is_some()) {
                    continue;
                }
                let disjoint = pick.iter().enumerate().all(|(x, &i)| {
                    pick[x + 1..]
                        .iter()
                        .all(|&j| groups[i].cells.iter().all(|c| !groups[j].cells.contains(c)))
                });
                if !disjoint {
                    continue;
                }
                let cells: Vec<usize> =
                    pick.iter().flat_map(|&i| groups[i].cells.clone()).collect();
                let eliminations: Vec<Elimination> = house
                    .cells
                    .iter()
                    .copied()
                    .filter(|c| !cells.contains(c))
                    .flat_map(|cell| {
                        (board.candidates(cell) & set)
                            .iter()
                            .map(move |digit| Elimination { cell, digit })
                    })
                    .collect();
                if eliminations.is_empty() {
                    continue;
                }
                let cages: Vec<usize> = pick.iter().filter_map(|&i| groups[i].cage).collect();
                let explanation = sink.text(|| {
                    let parts: Vec<String> = pick
                        .iter()
                        .map(|&i| match groups[i].cage {
                            Some(k) => format!(
                                "{} (combinations {})",
                                cage_name(g, k),
                                sets_text(
                                    board,
                                    &analyses[k]
                                        .1
                                        .as_ref()
                                        .map_or(Vec::new(), |a| a.combos.clone())
                                )
                            ),
                            None => format!(
                                "{} (candidates {})",
                                g.cell_name(groups[i].cells[0]),
                                set_text(board, board.candidates(groups[i].cells[0]))
                            ),
                        })
                        .collect();
                    format!(
                        "{}: in {house}, {} each must hold one of {}; {} digits for {} groups, \
                         so these digits are all in them and in no other cell of {house}: {}",
                        technique.title(),
                        parts.join(", "),
                        set_text(board, set),
                        size,
                        size,
                        describe_eliminations(g, board.alphabet(), &eliminations)
                    )
                });
                let step = Step::eliminating(technique, eliminations)
                    .houses(vec![h])
                    .cells(cells)
                    .cages(cages)
                    .digits(set.iter().collect())
                    .explained(explanation);
                if sink.push(step) {
                    return;
                }
            }
        }
    }
}

/// The subsets of `items` of size `k`, in lexicographic order.
pub(crate) fn subsets<T: Copy>(items: &[T], k: usize) -> Vec<Vec<T>> {
    let mut out = Vec::new();
    let mut pick = Vec::with_capacity(k);
    fn go<T: Copy>(items: &[T], k: usize, from: usize, pick: &mut Vec<T>, out: &mut Vec<Vec<T>>) {
        if pick.len() == k {
            out.push(pick.clone());
            return;
        }
        for i in from..items.len() {
            if items.len() - i < k - pick.len() {
                break;
            }
            pick.push(items[i]);
            go(items, k, i + 1, pick, out);
            pick.pop();
        }
    }
    go(items, k, 0, &mut pick, &mut out);
    out
}
