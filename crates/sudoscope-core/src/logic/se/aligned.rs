//! SE's aligned exclusion: aligned pair exclusion (6.2) and aligned triplet exclusion (7.5).
//!
//! Take two (three) cells and every combination of their candidates. A combination is
//! impossible when two of the cells that see each other would hold the same digit, or when a
//! small cell that sees them all (an *excluder*: two candidates for pairs, two or three for
//! triplets) would lose all its candidates to it. A candidate of one of the cells that appears
//! in no possible combination is false. SE walks the cells in a fixed order and takes the first
//! set with a removal; that order is reproduced here, since it decides the path.

use super::basic::{Scope, cell_list, digit_list};
use super::grid::{ALL_CELLS, SeGrid, bit, cell_name, cells_of, digits, tables};
use super::{SeHint, Shape};

/// The cells SE considers, in cell order, each with its excluders as a set over the 81 cells
/// (peers are in cell order, so walking the set ascending is SE's peer order): empty cells
/// with two or more candidates that see no naked single and at least one excluder.
fn candidates(grid: &SeGrid, degree: u32) -> Vec<(u8, u128)> {
    let t = tables();
    // The cells with one candidate, and those small enough to be excluders.
    let (mut singles, mut small) = (0u128, 0u128);
    for (cell, &m) in grid.cands.iter().enumerate() {
        let n = m.count_ones();
        singles |= u128::from(n == 1) << cell;
        small |= u128::from((2..=degree).contains(&n)) << cell;
    }
    let mut out = Vec::new();
    for cell in 0..81u8 {
        if grid.cands[cell as usize].count_ones() < 2 {
            continue;
        }
        let peers = t.peer_bits[cell as usize];
        let excluders = peers & small;
        if peers & singles == 0 && excluders != 0 {
            out.push((cell, excluders));
        }
    }
    out
}

/// The removals of one set of cells (two or three) given its common excluders: the digits of
/// each cell that occur in no possible combination. A combination is impossible when two
/// cells that see each other hold the same digit, or when an excluder's candidates are all
/// among the digits chosen.
fn exclusions(grid: &SeGrid, cells: &[u8], excluders: u128) -> Vec<(u8, u8)> {
    match *cells {
        [a, b] => pair_exclusions(grid, a, b, excluders),
        [a, b, c] => triplet_exclusions(grid, [a, b, c], excluders),
        _ => Vec::new(),
    }
}

/// [`exclusions`] for three cells, by masks: for each digit `d` of the first cell and `e` of the
/// second that may go together, the digits of the third that may join them are one mask (what
/// `d` and `e` do not clash with, and no three-candidate excluder holds exactly `d`, `e` and
/// it), so every possible combination is covered with at most 81 mask operations instead of
/// walking the candidates' product.
fn triplet_exclusions(grid: &SeGrid, cells: [u8; 3], excluders: u128) -> Vec<(u8, u8)> {
    let t = tables();
    let sees = |i: usize, j: usize| t.peer_bits[cells[i] as usize] >> cells[j] & 1 == 1;
    // pair_clash[d]: the digits f for which an excluder holds exactly {d, f}; triple_clash[d][e]:
    // those for which one holds exactly {d, e, f}.
    let mut pair_clash = [0u16; 10];
    let mut triple_clash = [[0u16; 10]; 10];
    for x in cells_of(excluders) {
        let m = grid.cands[x as usize];
        match m.count_ones() {
            2 => {
                for d in digits(m) {
                    pair_clash[d as usize] |= m & !bit(d);
                }
            }
            3 => {
                for d in digits(m) {
                    for e in digits(m & !bit(d)) {
                        triple_clash[d as usize][e as usize] |= m & !bit(d) & !bit(e);
                    }
                }
            }
            _ => {}
        }
    }
    let [first, second, third] = cells.map(|c| grid.cands[c as usize]);
    let (sees01, sees02, sees12) = (sees(0, 1), sees(0, 2), sees(1, 2));
    let mut allowed = [0u16; 3];
    for d in digits(first) {
        for e in digits(second) {
            if (d == e && sees01) || pair_clash[d as usize] & bit(e) != 0 {
                continue;
            }
            let mut clash = pair_clash[d as usize]
                | pair_clash[e as usize]
                | triple_clash[d as usize][e as usize];
            if sees02 {
                clash |= bit(d);
            }
            if sees12 {
                clash |= bit(e);
            }
            let joining = third & !clash;
            if joining != 0 {
                allowed[0] |= bit(d);
                allowed[1] |= bit(e);
                allowed[2] |= joining;
                // Every candidate has a combination already: nothing to remove (the usual end).
                if allowed == [first, second, third] {
                    return Vec::new();
                }
            }
        }
    }
    cells
        .iter()
        .zip(allowed)
        .flat_map(|(&c, a)| digits(grid.cands[c as usize] & !a).map(move |d| (c, d)))
        .collect()
}

/// [`exclusions`] for two cells, by masks instead of combinations. Two digits `d`, `e` (one in
/// each cell) are impossible together only when the cells see each other and `d == e`, or when
/// an excluder holds exactly `{d, e}` (one with more candidates always keeps one). So a digit
/// of one cell is excluded when every candidate of the other is among the digits it is
/// impossible with.
fn pair_exclusions(grid: &SeGrid, a: u8, b: u8, excluders: u128) -> Vec<(u8, u8)> {
    let seen = tables().peer_bits[a as usize] >> b & 1 == 1;
    let pairs = cells_of(excluders)
        .map(|e| grid.cands[e as usize])
        .filter(|m| m.count_ones() == 2);
    // Per digit, the digits it cannot go with in the other cell.
    let mut clashes = [0u16; 10];
    for m in pairs {
        for d in digits(m) {
            clashes[d as usize] |= m & !bit(d);
        }
    }
    if seen {
        for (d, clash) in clashes.iter_mut().enumerate().skip(1) {
            *clash |= bit(d as u8);
        }
    }
    let mut removals = Vec::new();
    for (cell, other) in [(a, b), (b, a)] {
        let partners = grid.cands[other as usize];
        for d in digits(grid.cands[cell as usize]) {
            if partners & !clashes[d as usize] == 0 {
                removals.push((cell, d));
            }
        }
    }
    removals
}

/// Per digit, the cells with two candidates, one of them the digit.
fn bivalue_cells_by_digit(grid: &SeGrid) -> [u128; 10] {
    let mut by_digit = [0u128; 10];
    for (cell, &m) in grid.cands.iter().enumerate() {
        if m.count_ones() == 2 {
            for d in digits(m) {
                by_digit[d as usize] |= 1 << cell;
            }
        }
    }
    by_digit
}

/// Whether [`pair_exclusions`] can remove anything from cells `a` and `b` with the common
/// excluders `excluders`, judged without looking at the excluders one by one: a digit of one
/// cell is excluded only when each other candidate of the other cell is held, with it, by an
/// excluder — and then the digit is held too (the other cell has another candidate). So
/// unless the excluders together hold every candidate of one of the cells, nothing is
/// removed.
/// `bivalue_with` is [`bivalue_cells_by_digit`].
fn pair_may_exclude(
    grid: &SeGrid,
    bivalue_with: &[u128; 10],
    a: u8,
    b: u8,
    excluders: u128,
) -> bool {
    let held = (1..=9u8).fold(0, |held, d| {
        held | u16::from(bivalue_with[d as usize] & excluders != 0) << d
    });
    grid.cands[a as usize] & !held == 0 || grid.cands[b as usize] & !held == 0
}

fn hint(
    grid: &SeGrid,
    degree: u32,
    cells: &[u8],
    excluders: &[u8],
    removals: Vec<(u8, u8)>,
) -> SeHint {
    let (difficulty, name) = if degree == 2 {
        (62, "Aligned Pair Exclusion")
    } else {
        (75, "Aligned Triplet Exclusion")
    };
    let removed = removals
        .iter()
        .map(|&(c, d)| format!("{}≠{d}", cell_name(c)))
        .collect::<Vec<_>>()
        .join(", ");
    SeHint {
        difficulty,
        name: name.into(),
        explanation: vec![
            format!(
                "the cells {} see the cells {} ({}): no combination of digits may empty one of \
                 them, nor repeat a digit in cells that see each other",
                cell_list(cells),
                cell_list(excluders),
                excluders
                    .iter()
                    .map(|&e| format!(
                        "{} {{{}}}",
                        cell_name(e),
                        digit_list(grid.cands[e as usize])
                    ))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            format!("no possible combination uses {removed}"),
        ],
        removals,
        placement: None,
        cells: cells.to_vec(),
        shape: Shape::None,
        links: Vec::new(),
    }
}

/// The first aligned pair (`degree` 2) or triplet (3) exclusion in SE's order, looking only at
/// the sets of cells where one can be new in `scope` (see [`Scope`]).
///
/// When the grid is an earlier one at which this found nothing, minus candidates, a set of
/// cells none of which lost a candidate, whose common excluders lost none either, and none of
/// whose cells sees a cell emptied since (placed, most often), reads as it did then: its cells
/// were on the list then too (the same candidates; the cells with one candidate they see now
/// had one then, as every cell that changed has lost one; their excluders now but for those
/// that lost a candidate were excluders then), and every excluder it has now it had then, so
/// every combination possible then is possible now, and it removes nothing now either. So only
/// the sets that lost something can be the first with a removal.
pub fn aligned_exclusion(grid: &SeGrid, degree: u32, scope: &Scope) -> Option<SeHint> {
    let list = candidates(grid, degree);
    if list.len() < degree as usize {
        return None;
    }
    let t = tables();
    let changed = scope.cells();
    // The cells whose own reading changed: they lost a candidate, or see a cell that has none
    // left (which may have been the cell with one candidate that kept them off the list).
    let touched = if changed == ALL_CELLS {
        ALL_CELLS
    } else {
        let emptied = cells_of(changed).filter(|&c| grid.cands[c as usize] == 0);
        changed | emptied.fold(0u128, |all, c| all | t.peer_bits[c as usize])
    };
    let mut excluders_of = [0u128; 81];
    let mut in_list = 0u128;
    for &(cell, excluders) in &list {
        excluders_of[cell as usize] = excluders;
        in_list |= 1 << cell;
    }
    let bivalue_with = if degree == 2 {
        bivalue_cells_by_digit(grid)
    } else {
        [0; 10]
    };
    // SE's pair order: (0,1), (0,2), (1,2), (0,3), …
    let mut firsts = vec![0; list.len()];
    for second in 1..list.len() {
        let (c1, ex1) = list[second];
        // A set needs two common excluders, and a third cell only narrows them: the first
        // cells that share two with the second are sifted without a branch each, then walked.
        let mut count = 0;
        for (first, &(_, ex0)) in list[..second].iter().enumerate() {
            firsts[count] = first;
            count += usize::from((ex0 & ex1).count_ones() >= 2);
        }
        for &first in &firsts[..count] {
            let (c0, ex0) = list[first];
            let common01 = ex0 & ex1;
            let pair_touched = touched & (1u128 << c0 | 1u128 << c1) != 0;
            if degree == 2 {
                if !pair_touched && common01 & changed == 0 {
                    continue;
                }
                if !pair_may_exclude(grid, &bivalue_with, c0, c1, common01) {
                    continue;
                }
                let removals = exclusions(grid, &[c0, c1], common01);
                if !removals.is_empty() {
                    let common: Vec<u8> = cells_of(common01).collect();
                    return Some(hint(grid, degree, &[c0, c1], &common, removals));
                }
                continue;
            }
            // The third cell: an excluder of the first, then of the second, in the list.
            let pair = 1u128 << c0 | 1u128 << c1;
            let from0 = ex0 & in_list & !pair;
            let from1 = ex1 & in_list & !pair & !from0;
            for c2 in cells_of(from0).chain(cells_of(from1)) {
                let common = common01 & excluders_of[c2 as usize];
                if common.count_ones() < 2
                    || !pair_touched && touched >> c2 & 1 == 0 && common & changed == 0
                {
                    continue;
                }
                let cells = [c0, c1, c2];
                let removals = exclusions(grid, &cells, common);
                if !removals.is_empty() {
                    let common: Vec<u8> = cells_of(common).collect();
                    return Some(hint(grid, degree, &cells, &common, removals));
                }
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use proptest::collection::vec;
    use proptest::prelude::*;

    use super::*;
    use crate::logic::se::test_grids::{PUZZLES, reduced, start};

    /// A step's cells and removals, to compare two searches by.
    type Summary = (Vec<u8>, Vec<(u8, u8)>);

    fn summary(hint: Option<SeHint>) -> Option<Summary> {
        hint.map(|h| (h.cells, h.removals))
    }

    /// The definition, plainly: every combination of the cells' candidates, and the digits of
    /// each cell that occur in one no rule forbids.
    fn by_every_combination(grid: &SeGrid, cells: &[u8], excluders: &[u8]) -> Vec<(u8, u8)> {
        let t = tables();
        let lists: Vec<Vec<u8>> = cells
            .iter()
            .map(|&c| digits(grid.cands[c as usize]).collect())
            .collect();
        let total: usize = lists.iter().map(Vec::len).product();
        let mut allowed = vec![0u16; cells.len()];
        for mut number in 0..total {
            let pick: Vec<u8> = lists
                .iter()
                .map(|list| {
                    let d = list[number % list.len()];
                    number /= list.len();
                    d
                })
                .collect();
            let repeats = (0..cells.len()).any(|a| {
                (a + 1..cells.len()).any(|b| {
                    pick[a] == pick[b] && t.peer_bits[cells[a] as usize] >> cells[b] & 1 == 1
                })
            });
            let chosen = pick.iter().fold(0, |m, &d| m | bit(d));
            let empties = excluders
                .iter()
                .any(|&e| grid.cands[e as usize] & !chosen == 0);
            if !repeats && !empties {
                for (a, &d) in pick.iter().enumerate() {
                    allowed[a] |= bit(d);
                }
            }
        }
        cells
            .iter()
            .zip(&allowed)
            .flat_map(|(&c, &a)| digits(grid.cands[c as usize] & !a).map(move |d| (c, d)))
            .collect()
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(1024))]

        /// At a grid that is an earlier one where nothing was found, with candidates struck and
        /// cells placed since, the search in the scope of what changed finds the first set a
        /// search everywhere finds. Strikes leave cells two candidates (the excluders), but for
        /// a few cells left one, which keep their peers off the list until they are placed.
        #[test]
        fn the_search_looks_only_where_the_grid_changed_since_it_found_nothing(
            which in 0..PUZZLES.len(),
            before in vec((0u8..81, 1u8..=9), 0..200),
            singles in vec(0u8..81, 0..3),
            since in vec((0u8..81, 1u8..=9), 1..12),
            placed in proptest::bool::ANY,
        ) {
            let strike = |grid: &mut SeGrid, picks: &[(u8, u8)]| {
                for &(cell, digit) in picks {
                    if grid.has(cell, digit) && grid.cands[cell as usize].count_ones() > 2 {
                        grid.remove(cell, digit);
                    }
                }
            };
            let mut quiet = start(PUZZLES[which]);
            strike(&mut quiet, &before);
            for &cell in &singles {
                // A given's cell has no candidates: nothing to reduce to a single.
                if quiet.cands[cell as usize] == 0 {
                    continue;
                }
                let keep = quiet.cands[cell as usize].trailing_zeros() as u8;
                let others: Vec<(u8, u8)> = digits(quiet.cands[cell as usize] & !bit(keep))
                    .map(|d| (cell, d))
                    .collect();
                quiet = reduced(&quiet, &others);
            }
            let mut grid = quiet;
            strike(&mut grid, &since);
            for &cell in singles.iter().filter(|_| placed) {
                let m = grid.cands[cell as usize];
                if m.count_ones() == 1 {
                    grid.place(cell, m.trailing_zeros() as u8);
                }
            }
            let scope = Scope::since(&quiet, &grid);
            for degree in [2, 3] {
                if aligned_exclusion(&quiet, degree, &Scope::EVERYWHERE).is_none() {
                    let everywhere = summary(aligned_exclusion(&grid, degree, &Scope::EVERYWHERE));
                    prop_assert_eq!(summary(aligned_exclusion(&grid, degree, &scope)), everywhere);
                }
            }
        }
    }

    proptest::proptest! {
        /// The search for a witness per candidate removes exactly what walking every
        /// combination does: pairs and triplets, cells that see each other or not, excluders
        /// of two or three candidates.
        #[test]
        fn exclusions_match_every_combination(
            masks in proptest::collection::vec(3u16..512, 3),
            excluder_masks in proptest::collection::vec((0u8..9, 0u8..9, 0u8..9, proptest::bool::ANY), 0..5),
            layout in 0usize..4,
            triplet in proptest::bool::ANY,
        ) {
            // Cells 0, 1, 2 see each other (row 1, box 1); 13 sees 12 but neither 0 nor 1;
            // the excluders are in row 1 from column 4 on (they see 0, 1 and 2).
            let sets: [[u8; 3]; 4] = [[0, 1, 2], [0, 1, 13], [0, 40, 80], [0, 2, 9]];
            let cells = &sets[layout][..if triplet { 3 } else { 2 }];
            let mut grid = SeGrid {
                values: [0; 81],
                cands: [0; 81],
                digit_cells: [0; 10],
            };
            for (&cell, &mask) in cells.iter().zip(&masks) {
                // Digits 1–9 (bit 0 is no digit), at least two, as the cells SE considers have.
                let mask = mask & !1;
                grid.cands[cell as usize] = if mask.count_ones() >= 2 { mask } else { mask | 0b110 };
            }
            let mut excluders = Vec::new();
            for (i, &(a, b, c, three)) in excluder_masks.iter().enumerate() {
                let mut mask = bit(a + 1) | bit(b + 1);
                if three {
                    mask |= bit(c + 1);
                }
                if mask.count_ones() >= 2 {
                    let cell = 3 + i as u8;
                    grid.cands[cell as usize] = mask;
                    excluders.push(cell);
                }
            }
            let common = excluders.iter().fold(0, |set, &e| set | 1 << e);
            let removed = by_every_combination(&grid, cells, &excluders);
            proptest::prop_assert_eq!(exclusions(&grid, cells, common), removed.clone());
            // A pair passed over removes nothing.
            let by_digit = bivalue_cells_by_digit(&grid);
            if !triplet && !pair_may_exclude(&grid, &by_digit, cells[0], cells[1], common) {
                proptest::prop_assert!(removed.is_empty(), "{:?}", removed);
            }
        }
    }
}
