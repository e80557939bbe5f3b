//! Fish: x-wing, swordfish and jellyfish, row- and column-based, basic, finned and sashimi.
//!
//! For a digit, n base lines (rows, say) in which it fits only in cells of the same n cover
//! lines (columns): each base row needs the digit in a different cover column, so the n base
//! rows take the digit of all n cover columns, and no other cell of those columns can hold
//! it. Following HoDoKu, every base line has 2..=n places for the digit (a line with one
//! place is a hidden single, and HoDoKu names a fish with such a line sashimi).

use super::board::Board;
use super::step::{Elimination, Step, StepSink, describe_eliminations};
use super::technique::Technique;

pub fn x_wing(board: &Board, sink: &mut StepSink) {
    basic_fish(board, sink, 2);
}

pub fn swordfish(board: &Board, sink: &mut StepSink) {
    basic_fish(board, sink, 3);
}

pub fn jellyfish(board: &Board, sink: &mut StepSink) {
    basic_fish(board, sink, 4);
}

/// The fish's name as players write it: `X-Wing`, `Finned Swordfish`, `Sashimi Jellyfish`.
fn fish_name(size: usize, kind: &str) -> String {
    let base = match size {
        2 => "X-Wing",
        3 => "Swordfish",
        _ => "Jellyfish",
    };
    if kind.is_empty() {
        base.to_string()
    } else {
        format!("{kind} {base}")
    }
}

fn technique_for(size: usize) -> Technique {
    match size {
        2 => Technique::XWing,
        3 => Technique::Swordfish,
        _ => Technique::Jellyfish,
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

/// Every digit's places, line by line, in one pass over the grid: `masks[(d - 1) * n + line]`
/// has bit `pos` set when the cell at (`line`, `pos`) holds `d` as a candidate (rows when
/// `by_rows`, else columns).
fn line_masks(board: &Board, by_rows: bool, masks: &mut Vec<u64>) {
    let geometry = board.geometry();
    let n = geometry.size();
    masks.clear();
    masks.resize(n * n, 0);
    for line in 0..n {
        for pos in 0..n {
            let cell = if by_rows {
                geometry.cell(line, pos)
            } else {
                geometry.cell(pos, line)
            };
            for d in board.candidates(cell).iter() {
                masks[(d as usize - 1) * n + line] |= 1 << pos;
            }
        }
    }
}

fn basic_fish(board: &Board, sink: &mut StepSink, size: usize) {
    let geometry = board.geometry();
    let n = geometry.size();
    if size * 2 > n {
        return;
    }
    let mut all_masks = Vec::with_capacity(n * n);
    let mut lines: Vec<usize> = Vec::with_capacity(n);
    let mut chosen: Vec<usize> = Vec::with_capacity(size);
    for by_rows in [true, false] {
        line_masks(board, by_rows, &mut all_masks);
        for digit in 1..=n as u8 {
            if !sink.wants_digit(digit) {
                continue;
            }
            let masks = &all_masks[(digit as usize - 1) * n..digit as usize * n];
            lines.clear();
            lines
                .extend((0..n).filter(|&l| (2..=size).contains(&(masks[l].count_ones() as usize))));
            if lines.len() < size {
                continue;
            }
            chosen.clear();
            if search(
                board,
                sink,
                size,
                digit,
                by_rows,
                masks,
                &lines,
                0,
                0,
                &mut chosen,
            ) {
                return;
            }
        }
    }
}

/// Depth-first choice of base lines with the union of their places kept at most `size`.
#[allow(clippy::too_many_arguments)]
fn search(
    board: &Board,
    sink: &mut StepSink,
    size: usize,
    digit: u8,
    by_rows: bool,
    masks: &[u64],
    lines: &[usize],
    start: usize,
    union: u64,
    chosen: &mut Vec<usize>,
) -> bool {
    if chosen.len() == size {
        return union.count_ones() as usize == size
            && report(board, sink, size, digit, by_rows, masks, chosen, union);
    }
    let need = size - chosen.len();
    for i in start..lines.len() {
        if lines.len() - i < need {
            break;
        }
        let next = union | masks[lines[i]];
        if next.count_ones() as usize > size {
            continue;
        }
        chosen.push(lines[i]);
        let stop = search(
            board,
            sink,
            size,
            digit,
            by_rows,
            masks,
            lines,
            i + 1,
            next,
            chosen,
        );
        chosen.pop();
        if stop {
            return true;
        }
    }
    false
}

#[allow(clippy::too_many_arguments)]
fn report(
    board: &Board,
    sink: &mut StepSink,
    size: usize,
    digit: u8,
    by_rows: bool,
    masks: &[u64],
    base: &[usize],
    cover: u64,
) -> bool {
    let geometry = board.geometry();
    let n = geometry.size();
    let at = |line: usize, pos: usize| {
        if by_rows {
            geometry.cell(line, pos)
        } else {
            geometry.cell(pos, line)
        }
    };
    let cover_lines: Vec<usize> = (0..n).filter(|&p| cover & (1 << p) != 0).collect();
    let mut eliminations = Vec::new();
    for line in (0..n).filter(|l| !base.contains(l)) {
        for &pos in &cover_lines {
            if masks[line] & (1 << pos) != 0 {
                eliminations.push(Elimination {
                    cell: at(line, pos),
                    digit,
                });
            }
        }
    }
    if eliminations.is_empty() {
        return false;
    }
    let mut cells = Vec::new();
    for &line in base {
        for &pos in &cover_lines {
            if masks[line] & (1 << pos) != 0 {
                cells.push(at(line, pos));
            }
        }
    }
    cells.sort_unstable();
    let (base_word, cover_word) = if by_rows {
        ("rows", "columns")
    } else {
        ("columns", "rows")
    };
    let technique = technique_for(size);
    let explanation = sink.text(|| {
        let base_names: Vec<String> = base.iter().map(|l| (l + 1).to_string()).collect();
        let cover_names: Vec<String> = cover_lines.iter().map(|l| (l + 1).to_string()).collect();
        format!(
            "{}: in {base_word} {}, {digit} can only go in {cover_word} {} ({}). Each of those \
         {base_word} needs its {digit} in a different one of those {cover_word}, so the \
         {base_word} take the {digit}s of {cover_word} {} and no other cell of those \
         {cover_word} can be {digit}: {}",
            fish_name(size, ""),
            join_and(&base_names),
            join_and(&cover_names),
            super::step::cell_list(geometry, &cells),
            join_and(&cover_names),
            describe_eliminations(geometry, &eliminations)
        )
    });
    // Houses: rows are 0..n, columns n..2n.
    let (base_offset, cover_offset) = if by_rows { (0, n) } else { (n, 0) };
    let mut houses: Vec<usize> = base.iter().map(|&l| base_offset + l).collect();
    houses.extend(cover_lines.iter().map(|&l| cover_offset + l));
    sink.push(Step {
        technique,
        houses,
        cells,
        digits: vec![digit],
        placements: vec![],
        eliminations,
        explanation,
    })
}

/// Finned x-wing: an x-wing plus fins — extra places of the digit in the base lines, all in
/// one box. Either a fin holds the digit, or the x-wing stands; cells of the cover lines that
/// see every fin lose the digit either way.
pub fn finned_x_wing(board: &Board, sink: &mut StepSink) {
    finned_fish(board, sink, 2, false);
}

pub fn finned_swordfish(board: &Board, sink: &mut StepSink) {
    finned_fish(board, sink, 3, false);
}

pub fn finned_jellyfish(board: &Board, sink: &mut StepSink) {
    finned_fish(board, sink, 4, false);
}

/// Sashimi x-wing: a finned x-wing in which a base line, without its fins, keeps at most
/// one place (HoDoKu's definition): the x-wing itself is incomplete.
pub fn sashimi_x_wing(board: &Board, sink: &mut StepSink) {
    finned_fish(board, sink, 2, true);
}

pub fn sashimi_swordfish(board: &Board, sink: &mut StepSink) {
    finned_fish(board, sink, 3, true);
}

pub fn sashimi_jellyfish(board: &Board, sink: &mut StepSink) {
    finned_fish(board, sink, 4, true);
}

fn finned_technique(size: usize, sashimi: bool) -> Technique {
    match (size, sashimi) {
        (2, false) => Technique::FinnedXWing,
        (3, false) => Technique::FinnedSwordfish,
        (_, false) => Technique::FinnedJellyfish,
        (2, true) => Technique::SashimiXWing,
        (3, true) => Technique::SashimiSwordfish,
        (_, true) => Technique::SashimiJellyfish,
    }
}

/// The most bands of a grid (36×36).
const MAX_BANDS: usize = 6;

/// What a finned search has fixed so far.
struct FinnedSearch<'a> {
    board: &'a Board,
    size: usize,
    sashimi: bool,
    digit: u8,
    by_rows: bool,
    masks: &'a [u64],
}

fn finned_fish(board: &Board, sink: &mut StepSink, size: usize, sashimi: bool) {
    let geometry = board.geometry();
    let n = geometry.size();
    let k = geometry.box_size();
    if size * 2 > n {
        return;
    }
    let mut all_masks = Vec::with_capacity(n * n);
    let mut lines: Vec<usize> = Vec::with_capacity(n);
    let mut chosen: Vec<usize> = Vec::with_capacity(size);
    for by_rows in [true, false] {
        line_masks(board, by_rows, &mut all_masks);
        for digit in 1..=n as u8 {
            if !sink.wants_digit(digit) {
                continue;
            }
            let masks = &all_masks[(digit as usize - 1) * n..digit as usize * n];
            // A base line keeps at most `size` places in the cover and at most k fins.
            lines.clear();
            lines.extend(
                (0..n).filter(|&l| (1..=size + k).contains(&(masks[l].count_ones() as usize))),
            );
            if lines.len() < size {
                continue;
            }
            let search = FinnedSearch {
                board,
                size,
                sashimi,
                digit,
                by_rows,
                masks,
            };
            chosen.clear();
            if finned_bases(&search, sink, &lines, 0, 0, &[0; MAX_BANDS], &mut chosen) {
                return;
            }
        }
    }
}

/// Chooses base lines; the union of their places may exceed `size` by at most a box width.
/// `bands[band]` is the union of the chosen lines' places in that band of lines.
fn finned_bases(
    search: &FinnedSearch,
    sink: &mut StepSink,
    lines: &[usize],
    start: usize,
    union: u64,
    bands: &[u64; MAX_BANDS],
    chosen: &mut Vec<usize>,
) -> bool {
    let k = search.board.geometry().box_size();
    if chosen.len() == search.size {
        return union.count_ones() as usize > search.size
            && finned_covers(search, sink, chosen, bands);
    }
    let need = search.size - chosen.len();
    for i in start..lines.len() {
        if lines.len() - i < need {
            break;
        }
        let line = lines[i];
        let m = search.masks[line];
        let next = union | m;
        let count = next.count_ones() as usize;
        if count > search.size + k {
            continue;
        }
        let mut next_bands = *bands;
        next_bands[line / k] |= m;
        // The fins all sit in one box: for some band and stack, the places outside that box
        // must already fit in `size` cover lines. Adding lines only adds places, so a base
        // that fails this for every box can be dropped with all its extensions. Outside the
        // box at (band, stack) lie the places of the other bands' lines and those of the
        // band's lines outside the stack; a band without chosen lines leaves all `next`
        // places outside, more than `size` here.
        if count > search.size && !fins_fit(&next_bands, k, search.size) {
            continue;
        }
        chosen.push(line);
        let stop = finned_bases(search, sink, lines, i + 1, next, &next_bands, chosen);
        chosen.pop();
        if stop {
            return true;
        }
    }
    false
}

/// Every box that could hold the fins, as (band, stack mask, places outside the box, places
/// inside it): the boxes of the bands holding chosen lines (`bands[band]` is empty exactly
/// when no chosen line lies in the band).
fn fin_boxes(
    bands: &[u64; MAX_BANDS],
    k: usize,
) -> impl Iterator<Item = (usize, u64, u64, u64)> + '_ {
    (0..k)
        .filter(move |&band| bands[band] != 0)
        .flat_map(move |band| {
            let others = bands[..k]
                .iter()
                .enumerate()
                .filter(|&(b, _)| b != band)
                .fold(0u64, |acc, (_, &m)| acc | m);
            (0..k).map(move |stack| {
                let stack_mask: u64 = ((1u64 << k) - 1) << (stack * k);
                let outside = others | (bands[band] & !stack_mask);
                (band, stack_mask, outside, bands[band] & stack_mask)
            })
        })
}

/// Whether some box (band, stack) of a band holding chosen lines leaves at most `size`
/// places outside it.
fn fins_fit(bands: &[u64; MAX_BANDS], k: usize, size: usize) -> bool {
    fin_boxes(bands, k).any(|(_, _, outside, _)| outside.count_ones() as usize <= size)
}

/// For fixed base lines: every box that could hold the fins, and every cover completing the
/// places outside it.
fn finned_covers(
    search: &FinnedSearch,
    sink: &mut StepSink,
    base: &[usize],
    bands: &[u64; MAX_BANDS],
) -> bool {
    let geometry = search.board.geometry();
    let k = geometry.box_size();
    let size = search.size;
    for (band, stack_mask, outside, inside) in fin_boxes(bands, k) {
        // Places outside the fin box must all be covered.
        let have = outside.count_ones() as usize;
        if have > size || inside == 0 {
            continue;
        }
        // Complete the cover with columns of the box (fewer fins, other eliminations):
        // every submask of the box-only columns with the missing number of columns.
        let free = inside & !outside;
        let need = size - have;
        if (free.count_ones() as usize) < need {
            continue;
        }
        let mut sub = free;
        loop {
            if sub.count_ones() as usize == need
                && finned_report(search, sink, base, outside | sub, band, stack_mask)
            {
                return true;
            }
            if sub == 0 {
                break;
            }
            sub = (sub - 1) & free;
        }
    }
    false
}

fn finned_report(
    search: &FinnedSearch,
    sink: &mut StepSink,
    base: &[usize],
    cover: u64,
    band: usize,
    stack_mask: u64,
) -> bool {
    let board = search.board;
    let geometry = board.geometry();
    let (n, k) = (geometry.size(), geometry.box_size());
    let (size, digit, by_rows) = (search.size, search.digit, search.by_rows);
    let at = |line: usize, pos: usize| {
        if by_rows {
            geometry.cell(line, pos)
        } else {
            geometry.cell(pos, line)
        }
    };
    let mut sashimi = false;
    let mut any_fin = false;
    for &l in base {
        let covered = search.masks[l] & cover;
        // HoDoKu: a base line left with at most one place once the fins are gone.
        // A line whose places are all fins counts too, as in HoDoKu (its eliminations are
        // then also those of claiming, so the rating's walk never needs it).
        if covered.count_ones() <= 1 {
            sashimi = true;
        }
        let fin_mask = search.masks[l] & !cover;
        debug_assert!(l / k == band && fin_mask & !stack_mask == 0 || fin_mask == 0);
        any_fin |= fin_mask != 0;
    }
    if !any_fin || sashimi != search.sashimi {
        return false;
    }
    let mut fins = Vec::new();
    for &l in base {
        let fin_mask = search.masks[l] & !cover;
        for p in (0..n).filter(|&p| fin_mask & (1 << p) != 0) {
            fins.push(at(l, p));
        }
    }
    let cover_lines: Vec<usize> = (0..n).filter(|&p| cover & (1 << p) != 0).collect();
    let mut eliminations = Vec::new();
    for line in (0..n).filter(|l| !base.contains(l)) {
        for &pos in &cover_lines {
            let cell = at(line, pos);
            if search.masks[line] & (1 << pos) != 0 && fins.iter().all(|&f| geometry.sees(cell, f))
            {
                eliminations.push(Elimination { cell, digit });
            }
        }
    }
    if eliminations.is_empty() {
        return false;
    }
    let mut cells = Vec::new();
    for &line in base {
        for &pos in &cover_lines {
            if search.masks[line] & (1 << pos) != 0 {
                cells.push(at(line, pos));
            }
        }
    }
    cells.sort_unstable();
    fins.sort_unstable();
    let (base_word, cover_word) = if by_rows {
        ("rows", "columns")
    } else {
        ("columns", "rows")
    };
    let technique = finned_technique(size, search.sashimi);
    let (fin_word, either, sees) = if fins.len() == 1 {
        ("the fin", "the fin is", "sees the fin")
    } else {
        ("the fins", "one of the fins is", "sees every fin")
    };
    let explanation = sink.text(|| {
        let base_names: Vec<String> = base.iter().map(|l| (l + 1).to_string()).collect();
        let cover_names: Vec<String> = cover_lines.iter().map(|l| (l + 1).to_string()).collect();
        format!(
            "{}: in {base_word} {}, {digit} can only go in {cover_word} {} ({}) or in {fin_word} \
         {}. Either {either} {digit}, or the {base_word} take the {digit}s of {cover_word} \
         {}; in both cases no cell of those {cover_word} that {sees} can be {digit}: {}",
            fish_name(size, if search.sashimi { "Sashimi" } else { "Finned" }),
            join_and(&base_names),
            join_and(&cover_names),
            super::step::cell_list(geometry, &cells),
            super::step::cell_list(geometry, &fins),
            join_and(&cover_names),
            describe_eliminations(geometry, &eliminations)
        )
    });
    let (base_offset, cover_offset) = if by_rows { (0, n) } else { (n, 0) };
    let mut houses: Vec<usize> = base.iter().map(|&l| base_offset + l).collect();
    houses.extend(cover_lines.iter().map(|&l| cover_offset + l));
    let mut pattern = cells;
    pattern.extend(fins);
    pattern.sort_unstable();
    sink.push(Step {
        technique,
        houses,
        cells: pattern,
        digits: vec![digit],
        placements: vec![],
        eliminations,
        explanation,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{Digits, Geometry};

    fn run(board: &Board, f: fn(&Board, &mut StepSink)) -> Vec<Step> {
        let mut sink = StepSink::new(false);
        f(board, &mut sink);
        sink.into_steps()
    }

    /// Every candidate everywhere, but digit `d` kept in the listed rows only in the listed
    /// columns.
    fn board_fish(d: u8, rows: &[usize], cols: &[usize]) -> Board {
        let g = Geometry::standard9();
        let mut candidates = vec![Digits::all(9); 81];
        for &r in rows {
            for c in 0..9 {
                if !cols.contains(&c) {
                    candidates[g.cell(r, c)].remove(d);
                }
            }
        }
        Board::from_parts(g, vec![0; 81], candidates)
    }

    #[test]
    fn x_wing_in_rows() {
        let board = board_fish(4, &[1, 6], &[2, 7]);
        let steps = run(&board, x_wing);
        assert_eq!(steps.len(), 1, "{steps:?}");
        let s = &steps[0];
        assert_eq!(s.technique, Technique::XWing);
        assert_eq!(s.eliminations.len(), 14);
        assert!(
            s.eliminations
                .iter()
                .all(|e| e.cell % 9 == 2 || e.cell % 9 == 7)
        );
        assert!(s.explanation.contains("rows 2 and 7"), "{}", s.explanation);
    }

    #[test]
    fn finned_and_sashimi_x_wing() {
        // Digit 4: row 2 only in c3, c8; row 7 in c3, c8 and the fin r7c9 (box 9).
        let g = Geometry::standard9();
        let mut candidates = vec![Digits::all(9); 81];
        for c in 0..9 {
            if ![2, 7].contains(&c) {
                candidates[g.cell(1, c)].remove(4);
            }
            if ![2, 7, 8].contains(&c) {
                candidates[g.cell(6, c)].remove(4);
            }
        }
        let board = Board::from_parts(g, vec![0; 81], candidates.clone());
        assert!(run(&board, x_wing).is_empty());
        let steps = run(&board, finned_x_wing);
        assert_eq!(steps.len(), 1, "{steps:?}");
        // Column 8 cells of box 9 outside row 7: r8c8, r9c8.
        let cells: Vec<usize> = steps[0].eliminations.iter().map(|e| e.cell).collect();
        assert_eq!(cells, vec![g.cell(7, 7), g.cell(8, 7)]);
        assert!(
            steps[0].explanation.contains("the fin r7c9"),
            "{}",
            steps[0].explanation
        );
        assert!(run(&board, sashimi_x_wing).is_empty());
        // Without r7c8 the base row 7 keeps one covered place: sashimi.
        candidates[g.cell(6, 7)].remove(4);
        let board = Board::from_parts(g, vec![0; 81], candidates);
        assert!(run(&board, finned_x_wing).is_empty());
        let steps = run(&board, sashimi_x_wing);
        assert!(
            steps.iter().any(
                |s| s.eliminations.iter().map(|e| e.cell).collect::<Vec<_>>()
                    == vec![g.cell(7, 7), g.cell(8, 7)]
            ),
            "{steps:?}"
        );
    }

    #[test]
    fn swordfish_and_jellyfish() {
        let board = board_fish(9, &[0, 4, 8], &[1, 3, 5]);
        let steps = run(&board, swordfish);
        assert_eq!(steps.len(), 1, "{steps:?}");
        assert_eq!(steps[0].eliminations.len(), 18);
        assert!(run(&board, x_wing).is_empty());
        let board = board_fish(1, &[0, 2, 4, 6], &[0, 3, 5, 8]);
        let steps = run(&board, jellyfish);
        assert_eq!(steps.len(), 1, "{steps:?}");
        assert_eq!(steps[0].eliminations.len(), 20);
    }
}
