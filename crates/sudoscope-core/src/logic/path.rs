//! The step-by-step logical solve: take the easiest step, apply it, repeat until the grid is
//! solved or no technique finds anything.
//!
//! "Easiest" is by rating weight ([`difficulty::base_weight`]), so the path a player is shown, the
//! hint they get and the rating all follow the same order. Among the singles the cheapest
//! instance goes first (a hidden single in a box before one in a line), as Sudoku Explainer
//! does. For rating, [`walk`] may apply every instance of the cheapest kind in one pass: the
//! hardest step of the path is the same, and it is several times faster than searching all the
//! easier techniques again after every placement or elimination.

use super::board::Board;
use super::difficulty::{self, Level};
use super::solving::Solving;
use super::step::{Step, StepSink};
use super::technique::Technique;
use super::{available, finder, fish, is_last_resort, is_single_digit};
use crate::grid::Digits;

/// A logical solve, one step at a time.
#[derive(Clone, Debug)]
pub struct Path {
    /// Every step in the order it was applied.
    pub steps: Vec<Step>,
    /// Whether the steps solve the grid.
    pub solved: bool,
    /// Where in `steps` the heaviest step is (by [`difficulty::step_weight`]; a Sudoku
    /// Explainer step outweighs every step of ours, and the SE step of highest difficulty the
    /// other SE steps). See [`Path::hardest`].
    pub hardest_at: Option<usize>,
    /// The board after the last step.
    pub board: Board,
}

impl Path {
    /// The heaviest step: its technique (and, for an SE step, SE's rule) is what the path is
    /// rated by.
    pub fn hardest(&self) -> Option<&Step> {
        self.hardest_at.and_then(|i| self.steps.get(i))
    }
}

/// What [`walk`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Walk {
    /// Whether the walk solved the board.
    pub solved: bool,
    /// Steps applied (each single of a batch counts).
    pub steps: usize,
}

/// The engine's techniques among `techniques` (all of them when empty), easiest first by
/// rating weight; ties keep the engine's order.
pub fn order(techniques: &[Technique]) -> Vec<Technique> {
    let mut list: Vec<Technique> = available()
        .filter(|t| techniques.is_empty() || techniques.contains(t))
        .collect();
    list.sort_by(|a, b| difficulty::base_weight(*a).total_cmp(&difficulty::base_weight(*b)));
    list
}

/// Applies a step's placements and eliminations where they still make sense and reports
/// whether anything changed. A placement whose digit is no longer a candidate is skipped: in
/// a batch of singles an earlier one may have taken the cell, and on a puzzle without a
/// solution two singles may clash.
pub fn apply(board: &mut Board, step: &Step) -> bool {
    let mut changed = false;
    for p in &step.placements {
        if board.value(p.cell) == 0 && board.candidates(p.cell).contains(p.digit) {
            board.place(p.cell, p.digit);
            changed = true;
        }
    }
    for e in &step.eliminations {
        changed |= board.eliminate(e.cell, e.digit);
    }
    changed
}

/// Whether applying `step` would change `board` (what [`apply`] reports, without applying).
fn changes(board: &Board, step: &Step) -> bool {
    step.placements
        .iter()
        .any(|p| board.value(p.cell) == 0 && board.candidates(p.cell).contains(p.digit))
        || step
            .eliminations
            .iter()
            .any(|e| board.candidates(e.cell).contains(e.digit))
}

/// Every step of one technique, with the cheapest instances (by step weight) first among
/// equals in the technique's own order.
fn cheapest_first(solving: &Solving, technique: Technique) -> Vec<(Step, f64)> {
    cheapest_first_in(solving, technique, None, true)
}

/// [`cheapest_first`] for a single-digit technique limited to `digits` (`None`: all), with
/// explanation texts or without (`text`).
fn cheapest_first_in(
    solving: &Solving,
    technique: Technique,
    digits: Option<Digits>,
    text: bool,
) -> Vec<(Step, f64)> {
    let mut sink = StepSink::for_digits(false, digits);
    if !text {
        sink = sink.without_text();
    }
    if let Some(find) = finder(technique) {
        find(solving, &mut sink);
    }
    by_weight(solving.board(), sink.into_steps())
}

/// Steps with their weights, the cheapest first (a stable sort: equals keep their order).
fn by_weight(board: &Board, steps: Vec<Step>) -> Vec<(Step, f64)> {
    let mut steps: Vec<(Step, f64)> = steps
        .into_iter()
        .map(|s| {
            let w = difficulty::step_weight(&s, board);
            (s, w)
        })
        .collect();
    steps.sort_by(|a, b| a.1.total_cmp(&b.1));
    steps
}

/// The steps of the finned and sashimi fish among `order`, found in one search
/// ([`fish::FinnedSinks`]) rather than six, at [`fish::slot`] of their size and kind.
fn finned_fish_steps(board: &Board, order: &[Technique]) -> [Vec<Step>; 6] {
    let mut sinks: [StepSink; 6] = std::array::from_fn(|_| StepSink::new(false));
    let mut search = fish::FinnedSinks::default();
    for (kind, sink) in (2..=4)
        .flat_map(|size| [(size, false), (size, true)])
        .zip(sinks.iter_mut())
    {
        if order.iter().any(|&t| fish::finned_kind(t) == Some(kind)) {
            search = search.with(kind.0, kind.1, sink);
        }
    }
    fish::finned_fishes(board, &mut search);
    sinks.map(StepSink::into_steps)
}

/// The first step of a technique, if any.
fn first_step(solving: &Solving, technique: Technique) -> Option<Step> {
    first_step_in(solving, technique, None)
}

/// [`first_step`] for a single-digit technique limited to `digits` (`None`: all).
fn first_step_in(solving: &Solving, technique: Technique, digits: Option<Digits>) -> Option<Step> {
    let find = finder(technique)?;
    let mut sink = StepSink::for_digits(true, digits);
    find(solving, &mut sink);
    sink.into_steps().into_iter().next()
}

/// The easiest step at this board among `order` (as [`order`] gives it).
pub fn next_step(board: &Board, order: &[Technique]) -> Option<Step> {
    let solving = Solving::new(board);
    for &technique in order {
        if difficulty::technique_level(technique) == Level::Easy {
            if let Some((step, _)) = cheapest_first(&solving, technique).into_iter().next() {
                return Some(step);
            }
        } else if let Some(step) = first_step(&solving, technique) {
            return Some(step);
        }
    }
    None
}

/// Every instance of every technique in `order` at this board, easiest technique first. The
/// last-resort techniques ([`super::is_last_resort`]) are searched only when nothing else
/// applies, unless `order` holds nothing else.
pub fn all_steps(board: &Board, order: &[Technique]) -> Vec<Step> {
    let solving = Solving::new(board);
    let mut finned: Option<[Vec<Step>; 6]> = None;
    let mut steps: Vec<Step> = Vec::new();
    for &t in order.iter().filter(|&&t| !is_last_resort(t)) {
        let found = match fish::finned_kind(t) {
            Some((size, sashimi)) => {
                let all = finned.get_or_insert_with(|| finned_fish_steps(board, order));
                by_weight(board, std::mem::take(&mut all[fish::slot(size, sashimi)]))
            }
            None => cheapest_first(&solving, t),
        };
        steps.extend(found.into_iter().map(|(s, _)| s));
    }
    if steps.is_empty() {
        steps = order
            .iter()
            .filter(|&&t| is_last_resort(t))
            .flat_map(|&t| cheapest_first(&solving, t).into_iter().map(|(s, _)| s))
            .collect();
    }
    steps
}

/// What the single-digit techniques ([`is_single_digit`]) found nothing for: per technique of
/// the walk's order and per digit, the digit's places (candidates and placed cells) at that
/// time. While a digit's places stay the same the technique finds nothing for it again, so
/// the walk searches only the digits that changed: after an elimination of one or two digits,
/// the fish and single-digit patterns of the other digits are not searched again.
struct DigitMemo {
    /// Words per digit: candidate cells then placed cells, `w` words each.
    stride: usize,
    w: usize,
    n: usize,
    /// The current board's places, digit `d` at `[(d - 1) * stride ..]`.
    now: Vec<u64>,
    /// Per technique index: the places at the last empty search, and which digits are valid.
    empty: Vec<(Vec<u64>, Digits)>,
}

impl DigitMemo {
    fn new(board: &Board, techniques: usize) -> DigitMemo {
        let n = board.size();
        let w = board.geometry().cell_count().div_ceil(64);
        let stride = 2 * w;
        DigitMemo {
            stride,
            w,
            n,
            now: vec![0; n * stride],
            empty: vec![(vec![0; n * stride], Digits::EMPTY); techniques],
        }
    }

    /// Takes the board's places as they are now.
    fn observe(&mut self, board: &Board) {
        self.now.fill(0);
        let (stride, w) = (self.stride, self.w);
        for (cell, &value) in board.values().iter().enumerate() {
            let bit = 1u64 << (cell % 64);
            if value != 0 {
                self.now[(value as usize - 1) * stride + w + cell / 64] |= bit;
            } else {
                for d in board.candidates(cell).iter() {
                    self.now[(d as usize - 1) * stride + cell / 64] |= bit;
                }
            }
        }
    }

    fn block(&self, d: u8) -> std::ops::Range<usize> {
        let start = (d as usize - 1) * self.stride;
        start..start + self.stride
    }

    /// The digits technique `k` must search now (`None`: all of them).
    fn wanted(&self, k: usize) -> Option<Digits> {
        let (places, valid) = &self.empty[k];
        let mut want = Digits::EMPTY;
        for d in 1..=self.n as u8 {
            let r = self.block(d);
            if !(valid.contains(d) && places[r.clone()] == self.now[r]) {
                want.insert(d);
            }
        }
        if want == Digits::all(self.n) {
            None
        } else {
            Some(want)
        }
    }

    /// Technique `k` searched `searched` (`None`: all digits) and found steps for `found`.
    fn record(&mut self, k: usize, searched: Option<Digits>, found: Digits) {
        let searched = searched.unwrap_or(Digits::all(self.n));
        for d in 1..=self.n as u8 {
            if !searched.contains(d) {
                continue;
            }
            let r = self.block(d);
            let (places, valid) = &mut self.empty[k];
            if found.contains(d) {
                valid.remove(d);
            } else {
                places[r.clone()].copy_from_slice(&self.now[r]);
                valid.insert(d);
            }
        }
    }
}

/// The digits a step is about (what a single-digit technique found steps for).
fn step_digits<'a>(steps: impl Iterator<Item = &'a Step>) -> Digits {
    let mut out = Digits::EMPTY;
    for s in steps {
        for &d in &s.digits {
            out.insert(d);
        }
        for p in &s.placements {
            out.insert(p.digit);
        }
        for e in &s.eliminations {
            out.insert(e.digit);
        }
    }
    out
}

/// Solves `board` in place with the techniques of `order`, calling `on_step` with every step
/// applied and its weight.
///
/// Without `batch`, one step at a time: the easiest technique's first step (for singles, the
/// cheapest one), then look again from the easiest technique. With `batch` (rating), every
/// instance of the easiest technique that has the lowest weight is applied before looking
/// again: all are valid deductions from the same board, the heaviest step of the walk is the
/// same technique at the same weight, and the techniques before it are not searched again
/// after every single instance.
///
/// The steps of a batched walk come without explanation text (an empty `explanation`): it is
/// for rating, which never shows them.
///
/// Each round has two phases: `choose` searches one board state through a `Solving`
/// context (which borrows the board, so the tables the finders share cannot go stale), then
/// the context is dropped and the chosen steps are applied.
///
/// Stops when the grid is solved or no technique changes anything. Every applied step removes
/// at least one candidate or places a digit, so the walk always ends.
pub fn walk(
    board: &mut Board,
    order: &[Technique],
    batch: bool,
    mut on_step: impl FnMut(&Step, f64),
) -> Walk {
    let mut steps = 0usize;
    let mut memo = DigitMemo::new(board, order.len());
    loop {
        if board.is_solved() {
            return Walk {
                solved: true,
                steps,
            };
        }
        memo.observe(board);
        let chosen = choose(&Solving::new(board), order, batch, &mut memo);
        if chosen.is_empty() {
            return Walk {
                solved: false,
                steps,
            };
        }
        // A step of a batch that an earlier one made moot (its cell taken, its candidate
        // gone) changes nothing and is not reported.
        for (step, weight) in &chosen {
            if apply(board, step) {
                on_step(step, *weight);
                steps += 1;
            }
        }
    }
}

/// The find phase of one [`walk`] round: the steps to apply next at the context's board, with
/// their weights, in the order to apply them; empty when no technique of `order` changes
/// anything. At least one of them changes the board.
///
/// The first technique (in `order`) with a step that changes something gives the steps: with
/// `batch`, or for the singles, its cheapest instances (every one of them with `batch`, else
/// the first that changes something); otherwise its first step. A technique whose steps would
/// change nothing is passed over for the next one.
fn choose(
    solving: &Solving,
    order: &[Technique],
    batch: bool,
    memo: &mut DigitMemo,
) -> Vec<(Step, f64)> {
    let board = solving.board();
    for (k, &technique) in order.iter().enumerate() {
        let single_digit = is_single_digit(technique);
        let digits = if single_digit { memo.wanted(k) } else { None };
        if digits == Some(Digits::EMPTY) {
            continue;
        }
        if batch || difficulty::technique_level(technique) == Level::Easy {
            // A batched walk (rating) never shows its steps: no explanation texts.
            let found = cheapest_first_in(solving, technique, digits, !batch);
            if single_digit {
                memo.record(k, digits, step_digits(found.iter().map(|(s, _)| s)));
            }
            let Some(cheapest) = found.first().map(|(_, w)| *w) else {
                continue;
            };
            let mut cheapest: Vec<(Step, f64)> = found
                .into_iter()
                .take_while(|(_, w)| *w <= cheapest)
                .collect();
            if !batch {
                // One step at a time: the first that changes something.
                if let Some(at) = cheapest.iter().position(|(s, _)| changes(board, s)) {
                    return vec![cheapest.swap_remove(at)];
                }
            } else if cheapest.iter().any(|(s, _)| changes(board, s)) {
                return cheapest;
            }
        } else {
            let step = first_step_in(solving, technique, digits);
            // A first-only search that found a step stopped early: it says nothing about the
            // digits after it.
            if single_digit && step.is_none() {
                memo.record(k, digits, Digits::EMPTY);
            }
            // A step that changes nothing would be found again: try the next technique.
            if let Some(step) = step.filter(|s| changes(board, s)) {
                let weight = difficulty::step_weight(&step, board);
                return vec![(step, weight)];
            }
        }
    }
    Vec::new()
}

/// The path a player is shown: one step at a time with the techniques among `techniques`
/// (all when empty).
pub fn solve(board: &Board, techniques: &[Technique]) -> Path {
    let order = order(techniques);
    let mut work = board.clone();
    let mut steps = Vec::new();
    let mut hardest: Option<(usize, f64)> = None;
    let walk = walk(&mut work, &order, false, |step, weight| {
        if hardest.is_none_or(|(_, w)| weight > w) {
            hardest = Some((steps.len(), weight));
        }
        steps.push(step.clone());
    });
    Path {
        steps,
        solved: walk.solved,
        hardest_at: hardest.map(|(at, _)| at),
        board: work,
    }
}

/// The next step: our ladder's (`order`), or — when it finds nothing — Sudoku Explainer's
/// ([`super::se`], standard 9×9 only), whose forcing chains prove a step at every grid of a
/// puzzle with a solution. `unique` says the puzzle has one solution: only then may SE use its
/// uniqueness techniques. `memo` holds what SE's nested searches found, for the next steps of
/// the same puzzle.
pub fn next_step_or_se(
    board: &Board,
    order: &[Technique],
    unique: bool,
    memo: &super::se::SeMemo,
) -> Option<Step> {
    next_step(board, order)
        .or_else(|| super::se::next_step(board, unique, memo).map(|h| h.to_step()))
}

/// [`solve`], never stuck on a standard 9×9 puzzle with a solution: wherever our ladder finds
/// nothing, one SE step carries on, then our ladder again.
pub fn solve_never_stuck(board: &Board, techniques: &[Technique], unique: bool) -> Path {
    let mut path = solve(board, techniques);
    let memo = super::se::SeMemo::default();
    while !path.solved {
        let Some(hint) = super::se::next_step(&path.board, unique, &memo) else {
            break;
        };
        let step = hint.to_step();
        if !apply(&mut path.board, &step) {
            break;
        }
        // An SE step is beyond our ladder: it is the hardest of the path unless an earlier SE
        // step was harder.
        let harder = path
            .hardest()
            .and_then(|h| h.se_rule.as_ref())
            .is_none_or(|rule| hint.difficulty > rule.difficulty);
        if harder {
            path.hardest_at = Some(path.steps.len());
        }
        path.steps.push(step);
        let rest = solve(&path.board, techniques);
        path.steps.extend(rest.steps);
        path.board = rest.board;
        path.solved = rest.solved;
    }
    path
}

/// Places every single (the easy-level techniques) until none is left; returns whether that
/// solved the grid.
pub fn place_singles(board: &mut Board) -> bool {
    let singles: Vec<Technique> = order(&[])
        .into_iter()
        .filter(|&t| difficulty::technique_level(t) == Level::Easy)
        .collect();
    walk(board, &singles, true, |_, _| {}).solved
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{ReadOptions, parse_puzzle};

    fn board(text: &str) -> Board {
        let puzzle = parse_puzzle(text, ReadOptions::default()).expect("test puzzle parses");
        Board::from_puzzle(&puzzle)
    }

    /// The first puzzle of the Kaggle 1M set: singles solve it.
    const EASY: &str =
        "..43..2.9..5..9..1.7..6..43..6..2.8719...74...5..83...6.....1.5..35.869..4291.3..";
    const EASY_SOLUTION: &str =
        "864371259325849761971265843436192587198657432257483916689734125713528694542916378";

    #[test]
    fn singles_solve_an_easy_puzzle_one_step_at_a_time() {
        let b = board(EASY);
        let path = solve(&b, &[]);
        assert!(path.solved);
        assert_eq!(path.steps.len(), b.empty_count());
        let line: String = path.board.values().iter().map(|v| v.to_string()).collect();
        assert_eq!(line, EASY_SOLUTION);
        assert!(path.steps.iter().all(|s| s.placements.len() == 1));
    }

    #[test]
    fn batched_walk_reaches_the_same_grid() {
        let b = board(EASY);
        let mut batched = b.clone();
        let walk = walk(&mut batched, &order(&[]), true, |_, _| {});
        assert!(walk.solved);
        assert_eq!(walk.steps, b.empty_count());
        let line: String = batched.values().iter().map(|v| v.to_string()).collect();
        assert_eq!(line, EASY_SOLUTION);
    }

    #[test]
    fn order_is_by_weight() {
        let order = order(&[]);
        for pair in order.windows(2) {
            assert!(difficulty::base_weight(pair[0]) <= difficulty::base_weight(pair[1]));
        }
    }
}
