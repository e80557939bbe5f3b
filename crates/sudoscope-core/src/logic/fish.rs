//! Fish: x-wing, swordfish and jellyfish, row- and column-based, basic, finned and sashimi.
//!
//! For a digit, n base lines (rows, say) in which it fits only in cells of the same n cover
//! lines (columns): each base row needs the digit in a different cover column, so the n base
//! rows take the digit of all n cover columns, and no other cell of those columns can hold
//! it. Following HoDoKu, every base line has 2..=n places for the digit (a line with one
//! place is a hidden single, and HoDoKu names a fish with such a line sashimi).

use crate::grid::Variant;

use super::board::Board;
use super::solving::Solving;
use super::step::{Elimination, Step, StepSink, describe_eliminations};
use super::technique::Technique;

pub fn x_wing(solving: &Solving, sink: &mut StepSink) {
    basic_fish(solving.board(), sink, 2);
}

pub fn swordfish(solving: &Solving, sink: &mut StepSink) {
    basic_fish(solving.board(), sink, 3);
}

pub fn jellyfish(solving: &Solving, sink: &mut StepSink) {
    basic_fish(solving.board(), sink, 4);
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
        let digit = board.show(digit);
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
            describe_eliminations(geometry, board.alphabet(), &eliminations)
        )
    });
    // Houses: rows are 0..n, columns n..2n.
    let (base_offset, cover_offset) = if by_rows { (0, n) } else { (n, 0) };
    let mut houses: Vec<usize> = base.iter().map(|&l| base_offset + l).collect();
    houses.extend(cover_lines.iter().map(|&l| cover_offset + l));
    sink.push(
        Step::eliminating(technique, eliminations)
            .houses(houses)
            .cells(cells)
            .digits(vec![digit])
            .explained(explanation),
    )
}

/// Finned x-wing: an x-wing plus fins — extra places of the digit in the base lines, all in
/// one box. Either a fin holds the digit, or the x-wing stands; cells of the cover lines that
/// see every fin lose the digit either way.
pub fn finned_x_wing(solving: &Solving, sink: &mut StepSink) {
    finned_fish(solving.board(), sink, 2, false);
}

pub fn finned_swordfish(solving: &Solving, sink: &mut StepSink) {
    finned_fish(solving.board(), sink, 3, false);
}

pub fn finned_jellyfish(solving: &Solving, sink: &mut StepSink) {
    finned_fish(solving.board(), sink, 4, false);
}

/// Sashimi x-wing: a finned x-wing in which a base line, without its fins, keeps at most
/// one place (HoDoKu's definition): the x-wing itself is incomplete.
pub fn sashimi_x_wing(solving: &Solving, sink: &mut StepSink) {
    finned_fish(solving.board(), sink, 2, true);
}

pub fn sashimi_swordfish(solving: &Solving, sink: &mut StepSink) {
    finned_fish(solving.board(), sink, 3, true);
}

pub fn sashimi_jellyfish(solving: &Solving, sink: &mut StepSink) {
    finned_fish(solving.board(), sink, 4, true);
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

/// The size and kind (sashimi or not) of a finned or sashimi fish technique.
pub fn finned_kind(technique: Technique) -> Option<(usize, bool)> {
    (2..=4)
        .flat_map(|size| [(size, false), (size, true)])
        .find(|&(size, sashimi)| finned_technique(size, sashimi) == technique)
}

/// The most bands of a grid (36×36).
const MAX_BANDS: usize = 6;

/// The most fins of a fish: its base lines (at most 4) within one box (at most 6 wide).
const MAX_FINS: usize = 4 * MAX_BANDS;

/// Slot of a (size, kind) in [`FinnedSinks`].
pub(crate) fn slot(size: usize, sashimi: bool) -> usize {
    (size - 2) * 2 + usize::from(sashimi)
}

/// Where the steps of a finned search go: for each size (2 to 4) and kind (finned or sashimi)
/// a sink, or none when that fish is not wanted. One enumeration of base lines serves them
/// all: a finned and a sashimi fish of the same size have the same base lines and covers
/// (only the places a base line keeps in the cover tell them apart), and the base lines of a
/// smaller fish are the first lines of a larger one. Each sink receives its steps in the
/// order a search of its technique alone would give.
#[derive(Default)]
pub struct FinnedSinks<'a> {
    sinks: [Option<&'a mut StepSink>; 6],
    /// The slots searched for the current digit (bit per slot).
    active: u8,
}

impl<'a> FinnedSinks<'a> {
    /// Sends the finned (or sashimi) fish of `size` to `sink`.
    pub fn with(mut self, size: usize, sashimi: bool, sink: &'a mut StepSink) -> Self {
        self.sinks[slot(size, sashimi)] = Some(sink);
        self
    }

    /// Chooses the slots searched for `digit`: those whose sink wants it, of a size the grid
    /// has room for (2 × size lines at most).
    fn start_digit(&mut self, digit: u8, n: usize) {
        self.active = 0;
        for (i, sink) in self.sinks.iter().enumerate() {
            let size = i / 2 + 2;
            if size * 2 <= n && sink.as_ref().is_some_and(|s| s.wants_digit(digit)) {
                self.active |= 1 << i;
            }
        }
    }

    /// Whether some slot of `size` is searched (a search one base line deep asks of size 1,
    /// which no fish has).
    fn wants_size(&self, size: usize) -> bool {
        (2..=4).contains(&size) && self.active & (0b11 << slot(size, false)) != 0
    }

    /// The largest size searched, if any.
    fn max_size(&self) -> Option<usize> {
        (self.active != 0).then(|| (7 - self.active.leading_zeros() as usize) / 2 + 2)
    }

    /// The smallest size searched from `size` up, if any.
    fn min_size_from(&self, size: usize) -> Option<usize> {
        (size..=4).find(|&s| self.wants_size(s))
    }

    /// The sink for a fish of `size` and kind, when searched.
    fn sink(&mut self, size: usize, sashimi: bool) -> Option<&mut StepSink> {
        let i = slot(size, sashimi);
        if self.active & (1 << i) == 0 {
            return None;
        }
        self.sinks[i].as_deref_mut()
    }

    /// A first-only sink got its step: it is searched no more. Returns whether no sink is
    /// left (the whole search stops).
    fn retire(&mut self, size: usize, sashimi: bool) -> bool {
        let i = slot(size, sashimi);
        self.sinks[i] = None;
        self.active &= !(1 << i);
        self.sinks.iter().all(Option::is_none)
    }
}

/// One finned or sashimi fish, searched alone.
fn finned_fish(board: &Board, sink: &mut StepSink, size: usize, sashimi: bool) {
    finned_fishes(board, &mut FinnedSinks::default().with(size, sashimi, sink));
}

/// What a finned search has fixed: the digit, the orientation and the digit's places.
struct FinnedSearch<'a> {
    board: &'a Board,
    k: usize,
    digit: u8,
    by_rows: bool,
    masks: &'a [u64],
    /// The positions of each stack of boxes across the lines.
    stacks: [u64; MAX_BANDS],
    /// Every cell's peers as a bitset, `w` words per cell.
    peers: &'a [u64],
    w: usize,
    /// Whether the only houses are rows, columns and boxes. Then a cell sees every fin only
    /// inside the fins' box: outside it, it would have to share a line with each fin, but
    /// it lies neither in a base line (as the fins do) nor outside the cover (as they do).
    plain: bool,
}

impl FinnedSearch<'_> {
    fn at(&self, line: usize, pos: usize) -> usize {
        let geometry = self.board.geometry();
        if self.by_rows {
            geometry.cell(line, pos)
        } else {
            geometry.cell(pos, line)
        }
    }

    /// Whether two cells share a house (as [`crate::grid::Geometry::sees`], by table).
    fn sees(&self, a: usize, b: usize) -> bool {
        self.peers[a * self.w + b / 64] & (1 << (b % 64)) != 0
    }
}

/// Every finned and sashimi fish `sinks` asks for, row- and column-based, digit by digit.
pub fn finned_fishes(board: &Board, sinks: &mut FinnedSinks) {
    let geometry = board.geometry();
    let n = geometry.size();
    // Fins are found through the stacks of boxes; a jigsaw's regions have none.
    let Some(k) = geometry.box_size() else {
        return;
    };
    let mut stacks = [0u64; MAX_BANDS];
    for (stack, mask) in stacks.iter_mut().enumerate().take(k) {
        *mask = ((1u64 << k) - 1) << (stack * k);
    }
    let mut all_masks = Vec::with_capacity(n * n);
    let mut lines: Vec<usize> = Vec::with_capacity(n);
    let mut chosen: Vec<usize> = Vec::with_capacity(4);
    for by_rows in [true, false] {
        line_masks(board, by_rows, &mut all_masks);
        for digit in 1..=n as u8 {
            sinks.start_digit(digit, n);
            let Some(max) = sinks.max_size() else {
                continue;
            };
            let masks = &all_masks[(digit as usize - 1) * n..digit as usize * n];
            // A base line keeps at most `size` places in the cover and at most k fins.
            lines.clear();
            lines.extend(
                (0..n).filter(|&l| (1..=max + k).contains(&(masks[l].count_ones() as usize))),
            );
            let search = FinnedSearch {
                board,
                k,
                digit,
                by_rows,
                masks,
                stacks,
                peers: super::bits::peer_bits(geometry),
                w: super::bits::words(geometry),
                plain: geometry.variant() == Variant::Standard,
            };
            chosen.clear();
            if finned_bases(
                &search,
                sinks,
                &lines,
                0,
                0,
                &[0; MAX_BANDS],
                0,
                &mut chosen,
            ) {
                return;
            }
        }
    }
}

/// Chooses base lines in increasing order; after each choice, the lines so far are the base
/// of a fish of their number when that size is searched, and the start of larger ones. The
/// union of their places may exceed the largest size searched by at most a box width.
/// `bands[band]` is the union of the chosen lines' places in that band of lines; `widest` is
/// the most places of a chosen line. Returns whether the search should stop.
#[allow(clippy::too_many_arguments)]
fn finned_bases(
    search: &FinnedSearch,
    sinks: &mut FinnedSinks,
    lines: &[usize],
    start: usize,
    union: u64,
    bands: &[u64; MAX_BANDS],
    widest: usize,
    chosen: &mut Vec<usize>,
) -> bool {
    let k = search.k;
    let depth = chosen.len() + 1;
    // The sizes searched; a first-only sink may retire during the loop, then look again
    // (`active` starts at no possible set of slots).
    let (mut active, mut max, mut min) = (u8::MAX, 0, 0);
    for i in start..lines.len() {
        if sinks.active != active {
            active = sinks.active;
            let (Some(most), Some(least)) = (sinks.max_size(), sinks.min_size_from(depth)) else {
                return false;
            };
            (max, min) = (most, least);
        }
        if lines.len() - i < min - chosen.len() {
            break;
        }
        let line = lines[i];
        let m = search.masks[line];
        let next = union | m;
        let count = next.count_ones() as usize;
        if count > max + k {
            continue;
        }
        let mut next_bands = *bands;
        next_bands[line / k] |= m;
        // The fins all sit in one box: for some box, the places outside it must already fit
        // in `max` cover lines. Adding lines only adds places, so a base that fails this for
        // every box can be dropped with all its extensions.
        if count > max && !fins_fit(&next_bands, k, &search.stacks, count - max) {
            continue;
        }
        let widest = widest.max(m.count_ones() as usize);
        chosen.push(line);
        let mut stop = false;
        if sinks.wants_size(depth) && count > depth && count <= depth + k && widest <= depth + k {
            stop = finned_covers(search, sinks, depth, chosen, &next_bands, next);
        }
        if !stop && depth < max {
            stop = finned_bases(
                search,
                sinks,
                lines,
                i + 1,
                next,
                &next_bands,
                widest,
                chosen,
            );
        }
        chosen.pop();
        if stop {
            return true;
        }
    }
    false
}

/// The places that lie in more than one band of lines.
fn multi_band(bands: &[u64; MAX_BANDS], k: usize) -> u64 {
    let (mut seen, mut multi) = (0u64, 0u64);
    for &m in &bands[..k] {
        multi |= seen & m;
        seen |= m;
    }
    multi
}

/// Whether some box holds at least `excess` places of the chosen lines that no line of
/// another band has: only those leave the union when the box's places are set aside as fins.
fn fins_fit(bands: &[u64; MAX_BANDS], k: usize, stacks: &[u64; MAX_BANDS], excess: usize) -> bool {
    let multi = multi_band(bands, k);
    bands[..k].iter().any(|&band| {
        let only = band & !multi;
        only != 0
            && stacks[..k]
                .iter()
                .any(|&stack| (only & stack).count_ones() as usize >= excess)
    })
}

/// For fixed base lines: every box that could hold the fins (band by band, stack by stack),
/// and every cover completing the places outside it.
fn finned_covers(
    search: &FinnedSearch,
    sinks: &mut FinnedSinks,
    size: usize,
    base: &[usize],
    bands: &[u64; MAX_BANDS],
    union: u64,
) -> bool {
    let k = search.k;
    let count = union.count_ones() as usize;
    let multi = multi_band(bands, k);
    let base_bits = base.iter().fold(0u64, |acc, &l| acc | 1 << l);
    for (band, &lines) in bands[..k].iter().enumerate() {
        if lines == 0 {
            continue;
        }
        let only = lines & !multi;
        // Where eliminations can be, when only the fins' box reaches them: the places of the
        // band's other lines.
        let rest = if search.plain {
            (band * k..(band + 1) * k)
                .filter(|l| base_bits & (1 << l) == 0)
                .fold(0, |acc, l| acc | search.masks[l])
        } else {
            u64::MAX
        };
        for &stack_mask in &search.stacks[..k] {
            // Places of the box no other band has leave the union when the box holds the
            // fins; every other place must be covered.
            let free = only & stack_mask;
            let have = count - free.count_ones() as usize;
            if have > size || lines & stack_mask == 0 || rest & stack_mask == 0 {
                continue;
            }
            let outside = union & !free;
            // Complete the cover with columns of the box (fewer fins, other eliminations):
            // every submask of the box-only columns with the missing number of columns.
            let need = size - have;
            let mut sub = free;
            loop {
                if sub.count_ones() as usize == need
                    && finned_report(
                        search,
                        sinks,
                        size,
                        base,
                        base_bits,
                        outside | sub,
                        band,
                        stack_mask,
                    )
                {
                    return true;
                }
                if sub == 0 {
                    break;
                }
                sub = (sub - 1) & free;
            }
        }
    }
    false
}

/// Reports the fish of `base` and `cover` to the sink of its kind, when searched. Returns
/// whether the search should stop.
#[allow(clippy::too_many_arguments)]
fn finned_report(
    search: &FinnedSearch,
    sinks: &mut FinnedSinks,
    size: usize,
    base: &[usize],
    base_bits: u64,
    cover: u64,
    band: usize,
    stack_mask: u64,
) -> bool {
    let k = search.k;
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
    if !any_fin || sinks.sink(size, sashimi).is_none() {
        return false;
    }
    let mut fins = [0usize; MAX_FINS];
    let mut fin_count = 0;
    for &l in base {
        for p in bits(search.masks[l] & !cover) {
            fins[fin_count] = search.at(l, p);
            fin_count += 1;
        }
    }
    let fins = &mut fins[..fin_count];
    let digit = search.digit;
    let mut eliminations = Vec::new();
    // Lines before positions, as the explanation lists them.
    let (reach, lines) = if search.plain {
        (stack_mask, band * k..(band + 1) * k)
    } else {
        (u64::MAX, 0..search.masks.len())
    };
    for line in lines {
        if base_bits & (1 << line) != 0 {
            continue;
        }
        for pos in bits(search.masks[line] & cover & reach) {
            let cell = search.at(line, pos);
            if fins.iter().all(|&f| search.sees(cell, f)) {
                eliminations.push(Elimination { cell, digit });
            }
        }
    }
    if eliminations.is_empty() {
        return false;
    }
    fins.sort_unstable();
    let Some(sink) = sinks.sink(size, sashimi) else {
        return false;
    };
    let text = sink.wants_text();
    let step = finned_step(search, size, sashimi, base, cover, fins, eliminations, text);
    sink.push(step) && sinks.retire(size, sashimi)
}

/// The positions of a mask's set bits, lowest first.
fn bits(mut mask: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let p = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            p
        })
    })
}

/// The step of a finned or sashimi fish with its (sorted) fins and eliminations; its
/// explanation only when `text` (see [`StepSink::without_text`]).
#[allow(clippy::too_many_arguments)]
fn finned_step(
    search: &FinnedSearch,
    size: usize,
    sashimi: bool,
    base: &[usize],
    cover: u64,
    fins: &[usize],
    eliminations: Vec<Elimination>,
    text: bool,
) -> Step {
    let geometry = search.board.geometry();
    let n = geometry.size();
    let (digit, by_rows) = (search.digit, search.by_rows);
    let mut cells = Vec::new();
    for &line in base {
        for pos in bits(search.masks[line] & cover) {
            cells.push(search.at(line, pos));
        }
    }
    cells.sort_unstable();
    let (base_word, cover_word) = if by_rows {
        ("rows", "columns")
    } else {
        ("columns", "rows")
    };
    let (fin_word, either, sees) = if fins.len() == 1 {
        ("the fin", "the fin is", "sees the fin")
    } else {
        ("the fins", "one of the fins is", "sees every fin")
    };
    let explanation = if !text {
        String::new()
    } else {
        let digit = search.board.show(digit);
        let base_names: Vec<String> = base.iter().map(|l| (l + 1).to_string()).collect();
        let cover_names: Vec<String> = bits(cover).map(|l| (l + 1).to_string()).collect();
        format!(
            "{}: in {base_word} {}, {digit} can only go in {cover_word} {} ({}) or in {fin_word} \
         {}. Either {either} {digit}, or the {base_word} take the {digit}s of {cover_word} \
         {}; in both cases no cell of those {cover_word} that {sees} can be {digit}: {}",
            fish_name(size, if sashimi { "Sashimi" } else { "Finned" }),
            join_and(&base_names),
            join_and(&cover_names),
            super::step::cell_list(geometry, &cells),
            super::step::cell_list(geometry, fins),
            join_and(&cover_names),
            describe_eliminations(geometry, search.board.alphabet(), &eliminations)
        )
    };
    let (base_offset, cover_offset) = if by_rows { (0, n) } else { (n, 0) };
    let mut houses: Vec<usize> = base.iter().map(|&l| base_offset + l).collect();
    houses.extend(bits(cover).map(|l| cover_offset + l));
    let mut pattern = cells;
    pattern.extend_from_slice(fins);
    pattern.sort_unstable();
    Step::eliminating(finned_technique(size, sashimi), eliminations)
        .houses(houses)
        .cells(pattern)
        .digits(vec![digit])
        .explained(explanation)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{Digits, Geometry};

    fn run(board: &Board, f: fn(&Solving, &mut StepSink)) -> Vec<Step> {
        let mut sink = StepSink::new(false);
        f(&Solving::new(board), &mut sink);
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

    /// One search for all six finned and sashimi fish gives each technique the steps, in the
    /// order, of its own search.
    #[test]
    fn shared_finned_search_matches_separate_searches() {
        use crate::grid::{ReadOptions, parse_puzzle};
        let singles: [fn(&Solving, &mut StepSink); 6] = [
            finned_x_wing,
            sashimi_x_wing,
            finned_swordfish,
            sashimi_swordfish,
            finned_jellyfish,
            sashimi_jellyfish,
        ];
        for text in [
            // Magictour top 1465, puzzles 32 and 58: all six kinds at the initial board.
            ".8.....63....4.2............1.8.35..7.....9.....6.....2.9.7...........354........",
            "2.8.5.......7...4.3........5...2.9.......1......6......7.1.4.6.......3.2.1.......",
        ] {
            let puzzle = parse_puzzle(text, ReadOptions::default()).expect("test puzzle");
            let board = Board::from_puzzle(&puzzle);
            let mut sinks: [StepSink; 6] = std::array::from_fn(|_| StepSink::new(false));
            let mut shared = FinnedSinks::default();
            for (i, sink) in sinks.iter_mut().enumerate() {
                shared = shared.with(i / 2 + 2, i % 2 == 1, sink);
            }
            finned_fishes(&board, &mut shared);
            for (sink, single) in sinks.into_iter().zip(singles) {
                let steps = sink.into_steps();
                assert!(!steps.is_empty());
                assert_eq!(steps, run(&board, single));
            }
        }
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
