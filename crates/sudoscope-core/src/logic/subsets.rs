//! Subsets: naked and hidden pairs, triples and quads, and locked pairs and triples.
//!
//! Conventions (HoDoKu's, so that its regression library agrees):
//! * a naked subset is k unsolved cells of one house, each with 1..=k candidates, holding k
//!   digits between them (a cell with one candidate, a naked single still pending, counts:
//!   HoDoKu lists such subsets, and `hint --all` at a board with singles pending must list
//!   what HoDoKu lists); those digits leave every other cell of every house the k cells
//!   share;
//! * a naked pair or triple whose cells share two houses (a box and a line, or any two houses
//!   of a variant) and which eliminates in both — not only in their intersection — is a
//!   *locked* pair/triple, reported as such and not as a naked one;
//! * a hidden subset is k digits that, within a house with more than k empty cells, fit only
//!   in k cells (each digit in 1..=k of them, so a hidden single still pending counts);
//!   those cells lose every other candidate;
//! * a step is reported only when it eliminates something.

use crate::grid::{Alphabet, Digits};

use super::board::Board;
use super::solving::Solving;
use super::step::{Elimination, Step, StepSink, cell_list_and, describe_eliminations};
use super::technique::Technique;

pub fn naked_pair(solving: &Solving, sink: &mut StepSink) {
    naked_subsets(solving.board(), sink, 2, false);
}

pub fn naked_triple(solving: &Solving, sink: &mut StepSink) {
    naked_subsets(solving.board(), sink, 3, false);
}

pub fn naked_quad(solving: &Solving, sink: &mut StepSink) {
    naked_subsets(solving.board(), sink, 4, false);
}

pub fn locked_pair(solving: &Solving, sink: &mut StepSink) {
    naked_subsets(solving.board(), sink, 2, true);
}

pub fn locked_triple(solving: &Solving, sink: &mut StepSink) {
    naked_subsets(solving.board(), sink, 3, true);
}

pub fn hidden_pair(solving: &Solving, sink: &mut StepSink) {
    hidden_subsets(solving.board(), sink, 2);
}

pub fn hidden_triple(solving: &Solving, sink: &mut StepSink) {
    hidden_subsets(solving.board(), sink, 3);
}

pub fn hidden_quad(solving: &Solving, sink: &mut StepSink) {
    hidden_subsets(solving.board(), sink, 4);
}

/// The name of a subset of `k` things.
fn subset_word(k: usize) -> &'static str {
    match k {
        2 => "pair",
        3 => "triple",
        _ => "quad",
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

/// `2 or 8`, `1, 2 or 7`, in the puzzle's alphabet.
fn join_or(alphabet: Alphabet, digits: &[u8]) -> String {
    let items: Vec<String> = digits
        .iter()
        .map(|&d| alphabet.show(d).to_string())
        .collect();
    match items.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

/// Calls `found` with every k-subset (as indices into `sets`, in increasing order) whose
/// union has exactly k elements; the union is pruned as it grows.
fn for_each_subset(sets: &[u64], k: usize, found: &mut dyn FnMut(&[usize], u64) -> bool) -> bool {
    fn go(
        sets: &[u64],
        k: usize,
        start: usize,
        union: u64,
        chosen: &mut Vec<usize>,
        found: &mut dyn FnMut(&[usize], u64) -> bool,
    ) -> bool {
        if chosen.len() == k {
            return union.count_ones() as usize == k && found(chosen, union);
        }
        let need = k - chosen.len();
        for i in start..sets.len() {
            if sets.len() - i < need {
                break;
            }
            let next = union | sets[i];
            if next.count_ones() as usize > k {
                continue;
            }
            chosen.push(i);
            let stop = go(sets, k, i + 1, next, chosen, found);
            chosen.pop();
            if stop {
                return true;
            }
        }
        false
    }
    let mut chosen = Vec::with_capacity(k);
    go(sets, k, 0, 0, &mut chosen, found)
}

fn naked_subsets(board: &Board, sink: &mut StepSink, k: usize, locked_wanted: bool) {
    let geometry = board.geometry();
    let houses = geometry.houses();
    let mut cells: Vec<usize> = Vec::with_capacity(geometry.size());
    let mut masks: Vec<u64> = Vec::with_capacity(geometry.size());
    for (h, house) in houses.iter().enumerate() {
        cells.clear();
        masks.clear();
        for &c in &house.cells {
            let cands = board.candidates(c);
            let len = cands.len() as usize;
            if board.value(c) == 0 && (1..=k).contains(&len) {
                cells.push(c);
                masks.push(cands.0);
            }
        }
        if cells.len() < k {
            continue;
        }
        let stop = for_each_subset(&masks, k, &mut |chosen, union| {
            let subset: Vec<usize> = chosen.iter().map(|&i| cells[i]).collect();
            // The houses all k cells share; the subset is reported from the first of them.
            let common: Vec<usize> = geometry
                .houses_of(subset[0])
                .iter()
                .copied()
                .filter(|&s| subset.iter().all(|&c| geometry.houses_of(c).contains(&s)))
                .collect();
            if common.first() != Some(&h) {
                return false;
            }
            let digits = Digits(union);
            let mut eliminations = Vec::new();
            for &s in &common {
                for &c in &houses[s].cells {
                    if subset.contains(&c) {
                        continue;
                    }
                    for digit in (board.candidates(c) & digits).iter() {
                        eliminations.push(Elimination { cell: c, digit });
                    }
                }
            }
            eliminations.sort_unstable();
            eliminations.dedup();
            if eliminations.is_empty() {
                return false;
            }
            // Locked: the eliminations reach beyond any single one of the shared houses.
            let locked = k <= 3
                && common.len() >= 2
                && !common.iter().any(|&s| {
                    eliminations
                        .iter()
                        .all(|e| geometry.houses_of(e.cell).contains(&s))
                });
            if locked != locked_wanted {
                return false;
            }
            let technique = match (k, locked) {
                (2, true) => Technique::LockedPair,
                (3, true) => Technique::LockedTriple,
                (2, false) => Technique::NakedPair,
                (3, false) => Technique::NakedTriple,
                _ => Technique::NakedQuad,
            };
            let digit_vec: Vec<u8> = digits.iter().collect();
            let between = if k == 2 { "" } else { " between them" };
            let explanation = sink.text(|| {
                let house_names: Vec<String> =
                    common.iter().map(|&s| houses[s].to_string()).collect();
                let cell_names = cell_list_and(geometry, &subset);
                if locked {
                    format!(
                        "{} can only be {}{between}, and they share {}; they take those digits \
                     in all of those houses, so no other cell of {} can be {}: {}",
                        cell_names,
                        join_or(board.alphabet(), &digit_vec),
                        join_and(&house_names),
                        join_and(&house_names),
                        join_or(board.alphabet(), &digit_vec),
                        describe_eliminations(geometry, board.alphabet(), &eliminations)
                    )
                } else {
                    let also = if common.len() > 1 {
                        format!(
                            " (nor of {}, which they share too)",
                            join_and(&house_names[1..])
                        )
                    } else {
                        String::new()
                    };
                    format!(
                        "In {}, {} can only be {}{between}, so no other cell of {}{also} can be \
                     {}: {}",
                        house_names[0],
                        cell_names,
                        join_or(board.alphabet(), &digit_vec),
                        house_names[0],
                        join_or(board.alphabet(), &digit_vec),
                        describe_eliminations(geometry, board.alphabet(), &eliminations)
                    )
                }
            });
            sink.push(
                Step::eliminating(technique, eliminations)
                    .houses(common)
                    .cells(subset)
                    .digits(digit_vec)
                    .explained(explanation),
            )
        });
        if stop {
            return;
        }
    }
}

fn hidden_subsets(board: &Board, sink: &mut StepSink, k: usize) {
    let geometry = board.geometry();
    let houses = geometry.houses();
    let n = geometry.size() as u8;
    let mut digits: Vec<u8> = Vec::with_capacity(geometry.size());
    let mut masks: Vec<u64> = Vec::with_capacity(geometry.size());
    for (h, house) in houses.iter().enumerate() {
        let empty = house.cells.iter().filter(|&&c| board.value(c) == 0).count();
        if empty <= k {
            continue;
        }
        digits.clear();
        masks.clear();
        // Each digit's places in the house, in one pass over its cells.
        let mut by_digit = [0u64; 64];
        for (i, &c) in house.cells.iter().enumerate() {
            for digit in board.candidates(c).iter() {
                by_digit[digit as usize] |= 1 << i;
            }
        }
        for digit in 1..=n {
            let mask = by_digit[digit as usize];
            if (1..=k).contains(&(mask.count_ones() as usize)) {
                digits.push(digit);
                masks.push(mask);
            }
        }
        if digits.len() < k {
            continue;
        }
        let stop = for_each_subset(&masks, k, &mut |chosen, union| {
            let subset_digits: Vec<u8> = chosen.iter().map(|&i| digits[i]).collect();
            let keep: Digits = subset_digits.iter().copied().collect();
            let cells: Vec<usize> = (0..house.cells.len())
                .filter(|&i| union & (1 << i) != 0)
                .map(|i| house.cells[i])
                .collect();
            let mut eliminations = Vec::new();
            for &c in &cells {
                for digit in (board.candidates(c) - keep).iter() {
                    eliminations.push(Elimination { cell: c, digit });
                }
            }
            if eliminations.is_empty() {
                return false;
            }
            let technique = match k {
                2 => Technique::HiddenPair,
                3 => Technique::HiddenTriple,
                _ => Technique::HiddenQuad,
            };
            let digit_names: Vec<String> = subset_digits
                .iter()
                .map(|&d| board.show(d).to_string())
                .collect();
            let count = match k {
                2 => "two",
                3 => "three",
                _ => "four",
            };
            let explanation = sink.text(|| {
                format!(
                    "In {house}, {} fit only in {}, so those {count} cells hold exactly those \
                 digits (a hidden {}) and can hold nothing else: {}",
                    join_and(&digit_names),
                    cell_list_and(geometry, &cells),
                    subset_word(k),
                    describe_eliminations(geometry, board.alphabet(), &eliminations)
                )
            });
            sink.push(
                Step::eliminating(technique, eliminations)
                    .houses(vec![h])
                    .cells(cells)
                    .digits(subset_digits)
                    .explained(explanation),
            )
        });
        if stop {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Geometry;

    fn board_with(cands: &[(usize, usize, &[u8])]) -> Board {
        let g = Geometry::standard9();
        let mut candidates = vec![Digits::all(9); 81];
        for &(r, c, ds) in cands {
            candidates[g.cell(r - 1, c - 1)] = ds.iter().copied().collect();
        }
        Board::from_parts(g, vec![0; 81], candidates)
    }

    fn run(board: &Board, f: fn(&Solving, &mut StepSink)) -> Vec<Step> {
        let mut sink = StepSink::new(false);
        f(&Solving::new(board), &mut sink);
        sink.into_steps()
    }

    #[test]
    fn naked_pair_in_a_row() {
        let board = board_with(&[(3, 2, &[2, 8]), (3, 7, &[2, 8])]);
        let steps = run(&board, naked_pair);
        assert_eq!(steps.len(), 1, "{steps:?}");
        let s = &steps[0];
        assert_eq!(s.technique, Technique::NakedPair);
        assert_eq!(s.digits, vec![2, 8]);
        assert_eq!(s.eliminations.len(), 14);
        assert!(
            s.explanation
                .starts_with("In row 3, r3c2 and r3c7 can only be 2 or 8"),
            "{}",
            s.explanation
        );
        assert!(run(&board, locked_pair).is_empty());
    }

    #[test]
    fn locked_pair_in_box_and_row() {
        let board = board_with(&[(1, 1, &[4, 7]), (1, 2, &[4, 7])]);
        assert!(run(&board, naked_pair).is_empty());
        let steps = run(&board, locked_pair);
        assert_eq!(steps.len(), 1, "{steps:?}");
        // 7 other cells in row 1 and 7 in box 1, r1c3 in both: 13 cells, two digits each.
        assert_eq!(steps[0].eliminations.len(), 26);
        assert_eq!(steps[0].houses.len(), 2);
    }

    #[test]
    fn naked_triple_and_quad() {
        let board = board_with(&[(5, 1, &[1, 2]), (5, 4, &[2, 3]), (5, 9, &[1, 3])]);
        let steps = run(&board, naked_triple);
        assert_eq!(steps.len(), 1, "{steps:?}");
        assert_eq!(steps[0].digits, vec![1, 2, 3]);
        let board = board_with(&[
            (1, 5, &[1, 2]),
            (4, 5, &[2, 3]),
            (7, 5, &[3, 4]),
            (9, 5, &[4, 1]),
        ]);
        let steps = run(&board, naked_quad);
        assert_eq!(steps.len(), 1, "{steps:?}");
        assert_eq!(steps[0].eliminations.len(), 5 * 4);
    }

    #[test]
    fn hidden_pair_in_a_column() {
        // In column 4, 3 and 6 fit only in r2c4 and r7c4.
        let g = Geometry::standard9();
        let mut candidates = vec![Digits::all(9); 81];
        for r in 0..9 {
            if r != 1 && r != 6 {
                candidates[g.cell(r, 3)].remove(3);
                candidates[g.cell(r, 3)].remove(6);
            }
        }
        let board = Board::from_parts(g, vec![0; 81], candidates);
        let steps = run(&board, hidden_pair);
        assert_eq!(steps.len(), 1, "{steps:?}");
        assert_eq!(steps[0].digits, vec![3, 6]);
        assert_eq!(steps[0].eliminations.len(), 14);
        assert!(run(&board, hidden_triple).is_empty());
    }
}
