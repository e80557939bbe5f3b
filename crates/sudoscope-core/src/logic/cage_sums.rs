//! Sum groups: cells whose digits add up to a known total — a killer cage, or the "hidden
//! cage" the rule of 45 finds — and what the candidates still allow of them.
//!
//! Every cage technique asks the same question of a group: which digit sets can it still hold,
//! and which digit can each cell still take in some filling of the group that keeps to the
//! candidates, the sum, and distinct digits wherever two cells see each other. One analysis
//! answers it for all of them (cage combinations, the rule of 45, killer subsets, the forcing
//! chains' cage links), so each states its deduction and this module proves it.

use crate::grid::{CageArithmetic, Digits, Geometry};

use super::board::Board;

/// The most cells of a group whose cells do not all see each other that the analysis
/// searches: beyond it a search could branch too widely for a hint, and such groups are
/// skipped (the cage techniques then say nothing about them, which is always sound).
pub(crate) const MAX_LOOSE_CELLS: usize = 7;

/// Cells whose digits add up to `sum`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct SumGroup {
    /// The cells, in increasing order (placed cells included).
    pub cells: Vec<usize>,
    /// What their digits add up to.
    pub sum: u32,
}

/// What the candidates still allow of a [`SumGroup`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Analysis {
    /// For a group of mutually distinct cells: the digit sets of the group's size and sum
    /// (placed digits included) that some filling of the cells realises. For a loose group:
    /// the sets of digits used by some filling (a digit may then fill two cells).
    pub combos: Vec<Digits>,
    /// Every digit set of the group's size and sum, whether it fits or not (distinct groups
    /// only; empty for a loose group).
    pub all_sets: Vec<Digits>,
    /// Per cell of the group (in its order): the digits it takes in some filling. A placed
    /// cell's own digit when it fits.
    pub allowed: Vec<Digits>,
    /// Whether every two cells of the group see each other (so the digits are distinct).
    pub distinct: bool,
}

impl Analysis {
    /// The digits every possible combination holds: the group must contain them.
    pub fn required(&self) -> Digits {
        match self.combos.split_first() {
            Some((first, rest)) => rest.iter().fold(*first, |acc, &s| acc & s),
            None => Digits::EMPTY,
        }
    }

    /// The digits some possible combination holds: the only ones the group's cells may take.
    pub fn possible(&self) -> Digits {
        self.combos.iter().fold(Digits::EMPTY, |acc, &s| acc | s)
    }
}

/// A cell's domain: its own digit when placed, else its candidates.
pub(crate) fn domain(board: &Board, cell: usize) -> Digits {
    match board.value(cell) {
        0 => board.candidates(cell),
        v => Digits::single(v),
    }
}

/// Analyses `group` with the board's candidates, or with `domains` overriding them (one per
/// cell of the group). `None` when the group is loose and larger than [`MAX_LOOSE_CELLS`]
/// empty cells, or its search grows past its bound.
pub(crate) fn analyse(
    geometry: &Geometry,
    group: &SumGroup,
    domains: &[Digits],
) -> Option<Analysis> {
    let cells = &group.cells;
    let distinct = cells
        .iter()
        .enumerate()
        .all(|(i, &a)| cells[i + 1..].iter().all(|&b| geometry.sees(a, b)));
    if distinct {
        Some(analyse_distinct(geometry, group, domains))
    } else {
        analyse_loose(geometry, group, domains)
    }
}

/// The domains of a group's cells at this board.
pub(crate) fn domains(board: &Board, group: &SumGroup) -> Vec<Digits> {
    group.cells.iter().map(|&c| domain(board, c)).collect()
}

/// Mutually distinct cells: every digit set of the size and sum, kept when the cells can take
/// its digits one each (a matching, found by a forward and a backward pass over the subsets
/// of the set).
fn analyse_distinct(geometry: &Geometry, group: &SumGroup, domains: &[Digits]) -> Analysis {
    let k = group.cells.len();
    let arith = CageArithmetic::of(geometry.size());
    let all_sets = arith.sets(k, group.sum).to_vec();
    let mut combos = Vec::new();
    let mut allowed = vec![Digits::EMPTY; k];
    let union = domains.iter().fold(Digits::EMPTY, |acc, &d| acc | d);
    for &set in &all_sets {
        if (set - union) != Digits::EMPTY || domains.iter().any(|&d| (d & set).is_empty()) {
            continue;
        }
        let digits: Vec<u8> = set.iter().collect();
        let local = |dom: Digits| -> u32 {
            digits
                .iter()
                .enumerate()
                .filter(|(_, d)| dom.contains(**d))
                .fold(0u32, |acc, (i, _)| acc | 1 << i)
        };
        let full = (1u32 << k) - 1;
        let locals: Vec<u32> = domains.iter().map(|&d| local(d)).collect();
        // forward[i]: the digit subsets cells 0..i can take; backward[i]: cells i..k.
        let size = 1usize << k;
        let mut forward = vec![vec![false; size]; k + 1];
        forward[0][0] = true;
        for i in 0..k {
            let (now, next) = forward.split_at_mut(i + 1);
            for m in 0..size {
                if now[i][m] {
                    let mut free = locals[i] & !(m as u32);
                    while free != 0 {
                        let b = free & free.wrapping_neg();
                        next[0][m | b as usize] = true;
                        free &= free - 1;
                    }
                }
            }
        }
        if !forward[k][full as usize] {
            continue;
        }
        let mut backward = vec![vec![false; size]; k + 1];
        backward[k][0] = true;
        for i in (0..k).rev() {
            let (now, next) = backward.split_at_mut(i + 1);
            for m in 0..size {
                if next[0][m] {
                    let mut free = locals[i] & !(m as u32);
                    while free != 0 {
                        let b = free & free.wrapping_neg();
                        now[i][m | b as usize] = true;
                        free &= free - 1;
                    }
                }
            }
        }
        combos.push(set);
        for i in 0..k {
            for (j, &d) in digits.iter().enumerate() {
                let b = 1u32 << j;
                if locals[i] & b == 0 || allowed[i].contains(d) {
                    continue;
                }
                let fits = (0..size).any(|m| {
                    forward[i][m]
                        && m as u32 & b == 0
                        && backward[i + 1][(full & !(m as u32) & !b) as usize]
                });
                if fits {
                    allowed[i].insert(d);
                }
            }
        }
    }
    Analysis {
        combos,
        all_sets,
        allowed,
        distinct: true,
    }
}

/// A loose group (some cells may repeat a digit): a depth-first search over its fillings,
/// pruned by the smallest and largest sums the cells left can still make.
fn analyse_loose(geometry: &Geometry, group: &SumGroup, domains: &[Digits]) -> Option<Analysis> {
    let k = group.cells.len();
    let empty = domains.iter().filter(|d| d.len() != 1).count();
    if empty > MAX_LOOSE_CELLS {
        return None;
    }
    // Cells with the fewest digits first: the search branches least.
    let mut order: Vec<usize> = (0..k).collect();
    order.sort_by_key(|&i| domains[i].len());
    let lo: Vec<u32> = order
        .iter()
        .map(|&i| domains[i].first().map_or(0, u32::from))
        .collect();
    let hi: Vec<u32> = order
        .iter()
        .map(|&i| domains[i].iter().last().map_or(0, u32::from))
        .collect();
    // Suffix sums of the bounds.
    let mut lo_rest = vec![0u32; k + 1];
    let mut hi_rest = vec![0u32; k + 1];
    for i in (0..k).rev() {
        lo_rest[i] = lo_rest[i + 1] + lo[i];
        hi_rest[i] = hi_rest[i + 1] + hi[i];
    }
    struct Search<'a> {
        geometry: &'a Geometry,
        cells: Vec<usize>,
        domains: Vec<Digits>,
        lo_rest: Vec<u32>,
        hi_rest: Vec<u32>,
        values: Vec<u8>,
        allowed: Vec<Digits>,
        combos: Vec<Digits>,
        nodes: usize,
    }
    const MAX_NODES: usize = 200_000;
    fn go(s: &mut Search, i: usize, left: u32) -> bool {
        s.nodes += 1;
        if s.nodes > MAX_NODES {
            return false;
        }
        if i == s.cells.len() {
            if left == 0 {
                let mut used = Digits::EMPTY;
                for (j, &v) in s.values.iter().enumerate() {
                    s.allowed[j].insert(v);
                    used.insert(v);
                }
                if !s.combos.contains(&used) {
                    s.combos.push(used);
                }
            }
            return true;
        }
        if left < s.lo_rest[i] || left > s.hi_rest[i] {
            return true;
        }
        for d in s.domains[i].iter() {
            let clash = (0..i).any(|j| s.values[j] == d && s.geometry.sees(s.cells[j], s.cells[i]));
            if clash || u32::from(d) > left {
                continue;
            }
            s.values[i] = d;
            if !go(s, i + 1, left - u32::from(d)) {
                return false;
            }
        }
        true
    }
    let mut s = Search {
        geometry,
        cells: order.iter().map(|&i| group.cells[i]).collect(),
        domains: order.iter().map(|&i| domains[i]).collect(),
        lo_rest,
        hi_rest,
        values: vec![0; k],
        allowed: vec![Digits::EMPTY; k],
        combos: Vec::new(),
        nodes: 0,
    };
    if !go(&mut s, 0, group.sum) {
        return None;
    }
    let mut allowed = vec![Digits::EMPTY; k];
    for (j, &i) in order.iter().enumerate() {
        allowed[i] = s.allowed[j];
    }
    s.combos.sort_by_key(|d| d.0);
    Some(Analysis {
        combos: s.combos,
        all_sets: Vec::new(),
        allowed,
        distinct: false,
    })
}

/// The real cages of the board's shape as sum groups.
pub(crate) fn cage_groups(geometry: &Geometry) -> Vec<SumGroup> {
    geometry
        .cages()
        .iter()
        .map(|cage| SumGroup {
            cells: cage.cells.clone(),
            sum: cage.sum,
        })
        .collect()
}

/// `{1,2,4}`, in the board's alphabet.
pub(crate) fn set_text(board: &Board, set: Digits) -> String {
    let digits: Vec<String> = set.iter().map(|d| board.show(d).to_string()).collect();
    format!("{{{}}}", digits.join(","))
}

/// `{1,2,4} or {1,3,5}`; "no set" when empty.
pub(crate) fn sets_text(board: &Board, sets: &[Digits]) -> String {
    if sets.is_empty() {
        return "no set".into();
    }
    sets.iter()
        .map(|&s| set_text(board, s))
        .collect::<Vec<_>>()
        .join(" or ")
}

/// How a cage is named in the explanations: `the 10-cage r1c1, r1c2`.
pub(crate) fn cage_name(geometry: &Geometry, cage: usize) -> String {
    let c = &geometry.cages()[cage];
    format!(
        "the {}-cage {}",
        c.sum,
        super::step::cell_list(geometry, &c.cells)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{Cage, ShapeSpec};

    fn killer(cages: Vec<Cage>) -> crate::grid::Shape {
        // Fill the rest of the grid with single-cell cages of a consistent solution
        // (row r, col c holds (3r + r/3 + c) % 9 + 1), so the shape is a full killer.
        let value = |cell: usize| {
            let (r, c) = (cell / 9, cell % 9);
            ((3 * r + r / 3 + c) % 9 + 1) as u32
        };
        let mut all = cages.clone();
        let used: Vec<usize> = cages.iter().flat_map(|c| c.cells.clone()).collect();
        for cell in 0..81 {
            if !used.contains(&cell) {
                all.push(Cage {
                    cells: vec![cell],
                    sum: value(cell),
                });
            }
        }
        crate::grid::Geometry::shaped(ShapeSpec {
            size: 9,
            cages: all,
            ..ShapeSpec::default()
        })
        .expect("test killer")
    }

    #[test]
    fn distinct_groups_keep_the_sets_that_fit() {
        // r1c1 + r1c2 = 10 (value 1 + 2 in the filler would be 3; any sum works for the
        // analysis, which does not look at the rest of the grid).
        let g = killer(vec![Cage {
            cells: vec![0, 1],
            sum: 3,
        }]);
        let group = SumGroup {
            cells: vec![0, 1, 2],
            sum: 10,
        };
        let all = Digits::all(9);
        let a = analyse(&g, &group, &[all, all, all]).expect("distinct");
        assert!(a.distinct);
        assert_eq!(a.combos.len(), 4); // 127 136 145 235
        let no_one = all - Digits::single(1);
        let a = analyse(&g, &group, &[no_one, no_one, Digits::single(5)]).expect("distinct");
        // With 5 placed and no 1 elsewhere: {2,3,5} only.
        assert_eq!(
            a.combos,
            vec![Digits::single(2) | Digits::single(3) | Digits::single(5)]
        );
        assert_eq!(a.allowed[0], Digits::single(2) | Digits::single(3));
        assert_eq!(a.required(), a.combos[0]);
    }

    #[test]
    fn loose_groups_may_repeat_digits_in_cells_that_do_not_see_each_other() {
        let g = killer(vec![]);
        // r1c1 and r2c4 see each other not: 2+2 = 4 is allowed.
        let group = SumGroup {
            cells: vec![0, 12],
            sum: 4,
        };
        let all = Digits::all(9);
        let a = analyse(&g, &group, &[all, all]).expect("small");
        assert!(!a.distinct);
        assert!(a.allowed[0].contains(2) && !a.allowed[0].contains(4));
        assert_eq!(
            a.allowed[0],
            Digits::single(1) | Digits::single(2) | Digits::single(3)
        );
    }
}
