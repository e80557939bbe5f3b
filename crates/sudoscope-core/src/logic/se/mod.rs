//! Sudoku Explainer's rating (SE 1.2.1, as SukakuExplainer's `serate` computes it with SE
//! 1.2.1's technique set): ER, EP and ED, and SE's steps as hints that are never stuck.
//!
//! SE solves a puzzle by always applying the first step of the first technique, in its fixed
//! ladder, that finds one; each step has a difficulty. ER is the hardest step of the whole
//! path, EP the hardest up to the first placed digit, ED the difficulty of the first step.
//! Its last techniques — dynamic and nested forcing chains — prove any deduction, so the walk
//! never gets stuck on a valid puzzle.
//!
//! Only standard 9×9 puzzles have an SE rating. The README lists the measured disagreements
//! with `serate` and their causes.

pub(crate) mod aligned;
pub(crate) mod basic;
pub(crate) mod chaining;
pub(crate) mod explain;
// The SE grid is reached from outside only through the `lab` module.
#[allow(missing_docs)]
pub(crate) mod grid;
pub(crate) mod implications;
pub(crate) mod new_links;
pub(crate) mod spread;
pub(crate) mod unique;

/// Grids the chain modules' tests share.
#[cfg(test)]
mod test_grids {
    use super::grid::SeGrid;
    use crate::grid::{ReadOptions, parse_puzzle};
    use crate::logic::Board;

    /// Puzzles whose grids have many candidates and links: Easter Monster, the first puzzle
    /// of the forum's SE ≥ 11 list (no cycle or forcing chain at the start), and an SE 7.2
    /// puzzle of the bank (many at the start, which an outer chain cannot use).
    pub const PUZZLES: [&str; 3] = [
        "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1",
        "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6",
        ".83.2..9....8..1...293....8....987...7.....6...674....3....698...2..5....1..3.54.",
    ];

    /// The SE grid of a puzzle's givens.
    pub fn start(puzzle: &str) -> SeGrid {
        let puzzle = parse_puzzle(puzzle, ReadOptions::default()).expect("a valid puzzle");
        SeGrid::from_board(&Board::from_puzzle(&puzzle))
    }

    /// `source` with the picked candidates struck (each cell keeps one): grids where bivalue
    /// cells and conjugate places appear and vanish.
    pub fn reduced(source: &SeGrid, picks: &[(u8, u8)]) -> SeGrid {
        let mut grid = *source;
        for &(cell, digit) in picks {
            if grid.has(cell, digit) && grid.cands[cell as usize].count_ones() > 1 {
                grid.remove(cell, digit);
            }
        }
        grid
    }
}

use std::fmt;

use thiserror::Error;

use crate::exact;
use crate::grid::{Geometry, Puzzle, Variant};
use crate::logic::{self, Board, BoardError, Technique};

pub use chaining::SeMemo;
use chaining::{Chaining, Search};
pub use explain::summary_and_proof;
use grid::{Mask, SeGrid, cell_name};

/// SE's three figures, in SE's tenths (1.0 … 11.9 and beyond).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeRating {
    /// Tenths of the hardest step of the whole path.
    pub er: u32,
    /// Tenths of the hardest step up to the first placement.
    pub ep: u32,
    /// Tenths of the first step.
    pub ed: u32,
}

impl SeRating {
    /// ER as SE writes it (tenths as a decimal).
    pub fn er(&self) -> f64 {
        self.er as f64 / 10.0
    }
    /// EP as SE writes it.
    pub fn ep(&self) -> f64 {
        self.ep as f64 / 10.0
    }
    /// ED as SE writes it.
    pub fn ed(&self) -> f64 {
        self.ed as f64 / 10.0
    }
}

impl fmt::Display for SeRating {
    /// `ER/EP/ED`, as forum lists and `serate` write it: `11.8/11.8/11.8`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:.1}/{:.1}/{:.1}", self.er(), self.ep(), self.ed())
    }
}

/// Why a puzzle has no SE rating.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum SeError {
    #[error("Sudoku Explainer rates standard 9x9 puzzles only")]
    /// Not a standard 9×9 puzzle.
    NotStandard,
    #[error("contradiction: {0}")]
    /// The givens contradict each other.
    Contradiction(#[from] BoardError),
    #[error("no solution: only a solvable puzzle has a rating")]
    /// The puzzle has no solution.
    NoSolution,
    #[error("multiple solutions: only a puzzle with one solution has a rating")]
    /// The puzzle has several solutions.
    MultipleSolutions,
    #[error("no SE step applies at this grid")]
    /// No SE technique applies (cannot happen on a valid puzzle).
    Stuck,
    #[error("the rating was cancelled")]
    /// Stopped on request.
    Cancelled,
}

/// What a technique's instance looks like, for the techniques that can act inside chains:
/// which candidates it needs gone to apply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Shape {
    None,
    /// A digit's places in a house, all inside another house (or all seen by the victims).
    Locked {
        house: usize,
        digit: u8,
    },
    HiddenSet {
        house: usize,
        digits: Mask,
    },
    NakedSet {
        cells: Vec<u8>,
        digits: Mask,
    },
    Fish {
        base: Vec<usize>,
        digit: u8,
    },
}

/// A potential of a chain: "`cell` is `digit`" (`on`) or "`cell` is not `digit`".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Potential {
    /// The cell, 0..81 row-major.
    pub cell: u8,
    /// The digit.
    pub digit: u8,
    /// "Is" (`true`) or "is not" (`false`).
    pub on: bool,
}

/// One link of a chain's proof: `from` implies `to` (for a display that draws the chain over
/// the board: cells, digits and arrows).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Implication {
    /// The premise.
    pub from: Potential,
    /// What it implies.
    pub to: Potential,
}

impl Implication {
    /// The implication as a link of the engine's chains, for the views that draw a chain:
    /// "if A then not B" is a weak link, "if not A then B" a strong one. Other shapes (an
    /// implication between two truths or two falsehoods) have no link kind and are left out.
    fn as_link(&self) -> Option<logic::Link> {
        let candidate = |p: Potential| logic::Candidate {
            cell: p.cell as usize,
            digit: p.digit,
        };
        let kind = match (self.from.on, self.to.on) {
            (true, false) => logic::LinkKind::Weak,
            (false, true) => logic::LinkKind::Strong,
            _ => return None,
        };
        Some(logic::Link {
            from: candidate(self.from),
            to: candidate(self.to),
            kind,
        })
    }
}

/// One SE step.
#[derive(Clone, Debug)]
pub struct SeHint {
    /// SE's difficulty in tenths.
    pub difficulty: u32,
    /// SE's name for the technique.
    pub name: String,
    /// The candidates the step removes, as (cell, digit).
    pub removals: Vec<(u8, u8)>,
    /// The digit it places, as (cell, digit).
    pub placement: Option<(u8, u8)>,
    /// The cells of the pattern (for a chain: every cell its proof passes through).
    pub cells: Vec<u8>,
    /// The step for a player, one line each; a chain as numbered implications.
    pub explanation: Vec<String>,
    pub(crate) shape: Shape,
    /// For a chain step found with explanations: every implication of its proof, each branch's
    /// from its assumption to its conclusion (empty for the other techniques).
    pub links: Vec<Implication>,
}

impl SeHint {
    fn apply(&self, grid: &mut SeGrid) {
        for &(c, d) in &self.removals {
            grid.remove(c, d);
        }
        if let Some((c, d)) = self.placement {
            grid.place(c, d);
        }
    }

    /// The step as the engine's [`logic::Step`] (technique [`Technique::SeStep`] for SE's
    /// chains and the techniques our own ladder lacks).
    pub fn to_step(&self) -> logic::Step {
        let placements = self
            .placement
            .iter()
            .map(|&(c, d)| logic::Placement {
                cell: c as usize,
                digit: d,
            })
            .collect();
        let eliminations = self
            .removals
            .iter()
            .filter(|&&(c, _)| self.placement.is_none_or(|(pc, _)| pc != c))
            .map(|&(c, d)| logic::Elimination {
                cell: c as usize,
                digit: d,
            })
            .collect();
        let mut step = logic::Step::new(Technique::SeStep, placements, eliminations)
            .cells(self.cells.iter().map(|&c| c as usize).collect())
            .linked(self.links.iter().filter_map(Implication::as_link).collect())
            .se_rule(logic::step::SeRule {
                name: self.name.clone(),
                difficulty: self.difficulty,
            })
            .explained(format!(
                "{} (SE {:.1}): {}",
                self.name,
                self.difficulty as f64 / 10.0,
                self.explanation.join("\n")
            ));
        step.normalize();
        step
    }
}

/// "r1c2≠4, r3c5≠7" — what a step removes.
pub fn describe_removals(removals: &[(u8, u8)]) -> String {
    removals
        .iter()
        .map(|&(c, d)| format!("{}≠{d}", cell_name(c)))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The chaining searches of SE's ladder, in its order, after the techniques of `basic`.
const CHAININGS: [Chaining; 11] = {
    const fn c(
        multiple: bool,
        dynamic: bool,
        nishio: bool,
        level: u8,
        nesting_limit: u8,
    ) -> Chaining {
        Chaining {
            multiple,
            dynamic,
            nishio,
            level,
            nesting_limit,
        }
    }
    [
        c(false, false, false, 0, 0),
        c(false, true, true, 0, 0),
        c(true, false, false, 0, 0),
        c(true, true, false, 0, 0),
        c(true, true, false, 1, 0),
        c(true, true, false, 2, 0),
        c(true, true, false, 3, 0),
        c(true, true, false, 4, 0),
        c(true, true, false, 4, 1),
        c(true, true, false, 4, 2),
        c(true, true, false, 4, 3),
    ]
};

/// SE's techniques below the chains, in its ladder's order, each with its place in the ladder
/// (unique loops at [`UNIQUE_LOOP`] apply to puzzles with one solution only; BUG comes before
/// [`ALIGNED_PAIR`], and aligned triplets, at [`ALIGNED_TRIPLET`], after the first chains).
const BASIC_LADDER: [basic::Finder; 20] = {
    use basic::*;
    [
        |g, s, k| hidden_single(g, s, k),
        |g, s, k| locking(g, true, s, k),
        |g, s, k| hidden_set_in(g, 2, true, s.houses(), k),
        |g, _, k| naked_single(g, k),
        |g, s, k| hidden_set_in(g, 3, true, s.houses(), k),
        |g, s, k| locking(g, false, s, k),
        |g, s, k| naked_set_in(g, 2, s.houses(), k),
        |g, s, k| fish_in(g, 2, s.digits(), k),
        |g, s, k| hidden_set_in(g, 2, false, s.houses(), k),
        |g, s, k| naked_set_in(g, 3, s.houses(), k),
        |g, s, k| fish_in(g, 3, s.digits(), k),
        |g, s, k| hidden_set_in(g, 3, false, s.houses(), k),
        |g, s, k| xy_wing(g, false, s, k),
        |g, s, k| xy_wing(g, true, s, k),
        |g, s, k| unique::unique_loop(g, s).is_some_and(|h| k.send(h)),
        |g, s, k| naked_set_in(g, 4, s.houses(), k),
        |g, s, k| fish_in(g, 4, s.digits(), k),
        |g, s, k| hidden_set_in(g, 4, false, s.houses(), k),
        |g, s, k| aligned::aligned_exclusion(g, 2, s).is_some_and(|h| k.send(h)),
        |g, s, k| aligned::aligned_exclusion(g, 3, s).is_some_and(|h| k.send(h)),
    ]
};
const UNIQUE_LOOP: usize = 14;
const ALIGNED_PAIR: usize = 18;
const ALIGNED_TRIPLET: usize = 19;

/// SE's next step at a grid: the first instance of the first technique of its ladder that has
/// one. With `explain`, chain steps carry their numbered implications. Without `unique` (a
/// puzzle that may have several solutions) the uniqueness techniques are left out. `memo`
/// keeps what nested chain searches found for the next steps of the same puzzle.
pub(crate) fn next_hint(
    memo: &SeMemo,
    grid: &SeGrid,
    explain: bool,
    unique: bool,
) -> Option<SeHint> {
    match next_hint_below(memo, grid, explain, unique, u32::MAX) {
        Next::Step(h) => Some(h),
        Next::Above(_) | Next::Stuck => None,
    }
}

/// What SE's next step is, as far as a caller with a ceiling needs to know.
pub(crate) enum Next {
    /// The step (its difficulty may exceed the ceiling when the technique that found it has
    /// instances on both sides of it).
    Step(SeHint),
    /// No technique whose steps can rate at most the ceiling applies, and every technique
    /// after them rates at least this much: the next step is harder than the ceiling, and
    /// which one it is was not worked out.
    Above(u32),
    /// No technique applies (cannot happen on a valid puzzle).
    Stuck,
}

/// The lowest difficulty (tenths) any step of each stage of [`next_hint_below`] can have, in
/// the order the stages are tried: the unique loops (4.5), naked quads to hidden quads (5.0),
/// BUG (5.6), aligned pairs (6.2), the chaining searches of [`CHAININGS`] (cycles 6.5, nishio
/// 7.5, multiple 8.0, dynamic 8.5, then 9.0, 9.5, 10.0 and 10.5 for each nesting) with the
/// aligned triplets (7.5) before the second. A chain's length only adds to its base.
const STAGE_FLOOR: [u32; 16] = [
    45, 50, 56, 62, 65, 75, 75, 80, 85, 90, 95, 100, 105, 105, 105, 105,
];

/// Whether every stage from `stage` on rates above `ceiling`, and the least it can rate.
fn stages_above(stage: usize, ceiling: u32) -> Option<u32> {
    let least = STAGE_FLOOR[stage..].iter().copied().min()?;
    (least > ceiling).then_some(least)
}

/// [`next_hint`] for a caller that only needs to know whether the next step rates at most
/// `ceiling`: once nothing cheaper applies and every technique still to try rates above the
/// ceiling, it answers [`Next::Above`] without running them — the expensive chain searches of
/// a hard puzzle are skipped. The ladder, and so every step it does return, is SE's.
pub(crate) fn next_hint_below(
    memo: &SeMemo,
    grid: &SeGrid,
    explain: bool,
    unique: bool,
    ceiling: u32,
) -> Next {
    let mut found: Option<SeHint> = None;
    let mut take = |h: SeHint| {
        found = Some(h);
        true
    };
    let mut sink = basic::Sink {
        explain,
        take: &mut take,
    };
    let mut ladder = basic::Ladder::new(&BASIC_LADDER, &memo.basic, grid);
    let found_step = |found: &mut Option<SeHint>| found.take().map_or(Next::Stuck, Next::Step);
    if ladder.run(0..UNIQUE_LOOP, &mut sink) {
        return found_step(&mut found);
    }
    if let Some(least) = stages_above(0, ceiling) {
        return Next::Above(least);
    }
    if unique && ladder.run(UNIQUE_LOOP..UNIQUE_LOOP + 1, &mut sink) {
        return found_step(&mut found);
    }
    if let Some(least) = stages_above(1, ceiling) {
        return Next::Above(least);
    }
    if ladder.run(UNIQUE_LOOP + 1..ALIGNED_PAIR, &mut sink) {
        return found_step(&mut found);
    }
    if let Some(least) = stages_above(2, ceiling) {
        return Next::Above(least);
    }
    if unique && let Some(h) = unique::bug(grid) {
        return Next::Step(h);
    }
    if let Some(least) = stages_above(3, ceiling) {
        return Next::Above(least);
    }
    if ladder.run(ALIGNED_PAIR..ALIGNED_TRIPLET, &mut sink) {
        return found_step(&mut found);
    }
    for (i, cfg) in CHAININGS.into_iter().enumerate() {
        // SE looks for aligned triplets after its cycles and forcing X-/XY-chains.
        if i == 1 {
            if let Some(least) = stages_above(5, ceiling) {
                return Next::Above(least);
            }
            if ladder.run(ALIGNED_TRIPLET..BASIC_LADDER.len(), &mut sink) {
                return found_step(&mut found);
            }
        }
        let stage = if i == 0 { 4 } else { 5 + i };
        if let Some(least) = stages_above(stage, ceiling) {
            return Next::Above(least);
        }
        let mut search = if explain {
            Search::cheapest(cfg, memo)
        } else {
            Search::cheapest_unproved(cfg, memo)
        };
        let hints = search.hints(grid);
        if let Some(h) = hints.into_iter().next() {
            return Next::Step(chain_hint(&search, &h, grid, explain));
        }
    }
    Next::Stuck
}

/// A chain step as an SE step, with its proof in words when asked (see [`explain`]).
fn chain_hint(search: &Search, h: &chaining::ChainHint, grid: &SeGrid, explain: bool) -> SeHint {
    let explained = explain.then(|| explain::chain(search, h, grid));
    let (explanation, cells, links) = explained
        .map(|e| (e.lines, e.cells, e.links))
        .unwrap_or_default();
    SeHint {
        difficulty: h.difficulty,
        name: search.cfg.name(h.kind),
        removals: h.removals.clone(),
        placement: h.placement,
        cells,
        explanation,
        shape: Shape::None,
        links,
    }
}

/// Whether SE's rules apply to puzzles of this shape: SE is defined for standard 9×9 only.
pub fn supports(geometry: &Geometry) -> bool {
    geometry.size() == 9 && geometry.variant() == Variant::Standard
}

/// Checks that a puzzle can be rated: standard 9×9, consistent, exactly one solution.
fn check(puzzle: &Puzzle) -> Result<Board, SeError> {
    if !supports(puzzle.geometry()) {
        return Err(SeError::NotStandard);
    }
    let board = Board::from_puzzle(puzzle);
    if let Some(err) = board.contradiction() {
        return Err(err.into());
    }
    match exact::count(puzzle, 2).solutions {
        0 => Err(SeError::NoSolution),
        1 => Ok(board),
        _ => Err(SeError::MultipleSolutions),
    }
}

/// SE's rating of a puzzle.
pub fn rate(puzzle: &Puzzle) -> Result<SeRating, SeError> {
    let board = check(puzzle)?;
    rate_grid(SeGrid::from_board(&board), |_| {})
}

/// SE's rating of a board the caller knows to have exactly one solution (SE's uniqueness
/// techniques assume it).
pub fn rate_board(board: &Board) -> Result<SeRating, SeError> {
    if !supports(board.geometry()) {
        return Err(SeError::NotStandard);
    }
    rate_grid(SeGrid::from_board(board), |_| {})
}

/// [`rate`] for a caller that may stop wanting the answer (a game the player has left): the
/// rating ends with [`SeError::Cancelled`] at the first step after `cancelled` says so, so it
/// holds a worker for at most one step's search (seconds on the hardest puzzles, where a whole
/// rating takes a minute or more).
pub fn rate_cancellable(
    puzzle: &Puzzle,
    cancelled: impl Fn() -> bool,
) -> Result<SeRating, SeError> {
    let board = check(puzzle)?;
    rate_grid_until(SeGrid::from_board(&board), |_| {}, cancelled)
}

/// SE's path from a grid (each step reported), and its rating.
pub(crate) fn rate_grid(grid: SeGrid, on_step: impl FnMut(&SeHint)) -> Result<SeRating, SeError> {
    rate_grid_until(grid, on_step, || false)
}

/// [`rate_grid`] that gives up between two steps once `cancelled` says so.
fn rate_grid_until(
    grid: SeGrid,
    on_step: impl FnMut(&SeHint),
    cancelled: impl Fn() -> bool,
) -> Result<SeRating, SeError> {
    match rate_grid_below(grid, u32::MAX, on_step, cancelled)? {
        Bounded::Rated(rating) => Ok(rating),
        // Nothing rates above `u32::MAX`.
        Bounded::Above(_) => Err(SeError::Stuck),
    }
}

/// A rating with a ceiling: the rating, or the news that ER is above the ceiling.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bounded {
    /// ER is at most the ceiling, and this is the rating `rate` gives.
    Rated(SeRating),
    /// ER is above the ceiling: at least this many tenths (a lower bound only).
    Above(u32),
}

/// SE's rating of a board the caller knows to have exactly one solution, or
/// [`Bounded::Above`] as soon as ER is known to exceed `ceiling` (tenths): when a step above
/// the ceiling is required, the walk stops there, without searching which one — the chain
/// searches a harder puzzle would need are never run. A rating at most the ceiling is the
/// one [`rate`] gives (the walk is SE's, step for step).
pub fn rate_board_below(
    board: &Board,
    ceiling: u32,
    cancelled: impl Fn() -> bool,
) -> Result<Bounded, SeError> {
    if !supports(board.geometry()) {
        return Err(SeError::NotStandard);
    }
    rate_grid_below(SeGrid::from_board(board), ceiling, |_| {}, cancelled)
}

/// [`rate_board_below`] that tells `on_step` each step's rule (its identifier, as
/// [`logic::SeRule::id`] writes it) and difficulty, for a caller that wants to know which
/// rules the path used.
pub fn rate_board_below_with(
    board: &Board,
    ceiling: u32,
    mut on_step: impl FnMut(&str, u32),
    cancelled: impl Fn() -> bool,
) -> Result<Bounded, SeError> {
    if !supports(board.geometry()) {
        return Err(SeError::NotStandard);
    }
    let report = |h: &SeHint| {
        let rule = logic::SeRule {
            name: h.name.clone(),
            difficulty: h.difficulty,
        };
        on_step(&rule.id(), h.difficulty);
    };
    rate_grid_below(SeGrid::from_board(board), ceiling, report, cancelled)
}

/// The walk of [`rate_grid_until`] with a ceiling (see [`rate_board_below`]).
fn rate_grid_below(
    mut grid: SeGrid,
    ceiling: u32,
    mut on_step: impl FnMut(&SeHint),
    cancelled: impl Fn() -> bool,
) -> Result<Bounded, SeError> {
    let (mut er, mut ep, mut ed) = (0, 0, 0);
    let memo = SeMemo::default();
    while !grid.is_solved() {
        if cancelled() {
            return Err(SeError::Cancelled);
        }
        let hint = match next_hint_below(&memo, &grid, false, true, ceiling) {
            Next::Step(hint) if hint.difficulty > ceiling => {
                return Ok(Bounded::Above(hint.difficulty));
            }
            Next::Step(hint) => hint,
            Next::Above(least) => return Ok(Bounded::Above(least)),
            Next::Stuck => return Err(SeError::Stuck),
        };
        er = er.max(hint.difficulty);
        hint.apply(&mut grid);
        on_step(&hint);
        if ep == 0 {
            if ed == 0 {
                ed = er;
            }
            if hint.placement.is_some() {
                ep = er;
            }
        }
    }
    Ok(Bounded::Rated(SeRating { er, ep, ed }))
}

/// SE's next step at a board, explained for a player: standard 9×9 puzzles with one solution
/// only (`unique`), where SE's chains always find a step; on a puzzle with several solutions
/// its nested chains could search for minutes without one. `memo` is kept across the steps of
/// one puzzle (a fresh one serves a single question).
pub fn next_step(board: &Board, unique: bool, memo: &SeMemo) -> Option<SeHint> {
    if !unique || !supports(board.geometry()) {
        return None;
    }
    next_hint(memo, &SeGrid::from_board(board), true, true)
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::test_grids::{PUZZLES, reduced, start};
    use super::*;

    /// The first instance `finder` reports at `grid` within `scope`, as what a step does.
    fn first(finder: basic::Finder, grid: &SeGrid, scope: &basic::Scope) -> Option<String> {
        let mut found = None;
        let mut take = |h: SeHint| {
            found = Some(format!(
                "{} {} {:?} {:?} {:?}",
                h.name, h.difficulty, h.removals, h.placement, h.cells
            ));
            true
        };
        let mut sink = basic::Sink {
            explain: false,
            take: &mut take,
        };
        finder(grid, scope, &mut sink);
        found
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        /// A technique that found nothing at a grid finds, at the same grid with fewer
        /// candidates, in the scope of what was lost, the same first instance as everywhere.
        /// (The first two puzzles' starts are grids where every technique below the chains
        /// finds nothing; a few removals leave most of them so.)
        #[test]
        fn a_technique_looks_only_where_the_grid_changed_since_it_found_nothing(
            which in 0..2usize,
            before in proptest::collection::vec((0u8..81, 1u8..=9), 0..4),
            since in proptest::collection::vec((0u8..81, 1u8..=9), 1..16),
        ) {
            let quiet = reduced(&start(PUZZLES[which]), &before);
            let grid = reduced(&quiet, &since);
            let scope = basic::Scope::since(&quiet, &grid);
            for &finder in &BASIC_LADDER {
                if first(finder, &quiet, &basic::Scope::EVERYWHERE).is_none() {
                    prop_assert_eq!(
                        first(finder, &grid, &scope),
                        first(finder, &grid, &basic::Scope::EVERYWHERE)
                    );
                }
            }
        }
    }

    /// A rating's walk, whose X pass takes what it found for each digit at an earlier step
    /// when the digit's places are unchanged, takes the same steps as the walk that explains
    /// them, which searches every pass afresh at every grid.
    #[test]
    fn remembered_x_passes_take_the_steps_a_fresh_search_takes() {
        // (Puzzles whose walks meet X-pass steps of equal difficulty and size in several
        // digits, where SE's order among equals picks one.)
        let puzzles = [
            PUZZLES[2],
            ".9612.5....8.49....45............7....2.7..9...1.9...4.1...795...92...6.......42.",
            "..58...4.9...46.......75..9.316.8..5.86...49.2..4.136.8..51.......28...7.1...35..",
            "....5...2..21.43......36.9.....1..3.3..895.2..85..26....6.....8.......56.4.9.....",
        ];
        let mut chain_steps = 0;
        for puzzle in puzzles {
            let mut grid = start(puzzle);
            let (rating, proving) = (SeMemo::default(), SeMemo::default());
            while !grid.is_solved() {
                let rated = next_hint(&rating, &grid, false, true).expect("a step");
                let proved = next_hint(&proving, &grid, true, true).expect("a step");
                assert_eq!(
                    (
                        &rated.name,
                        rated.difficulty,
                        &rated.removals,
                        rated.placement
                    ),
                    (
                        &proved.name,
                        proved.difficulty,
                        &proved.removals,
                        proved.placement
                    ),
                    "{puzzle}"
                );
                chain_steps += usize::from(!proved.links.is_empty());
                rated.apply(&mut grid);
            }
        }
        // The walks reach the chains often enough to use what was remembered.
        assert!(chain_steps >= 8, "{chain_steps} chain steps");
    }

    /// A rating with a ceiling is the full rating when ER is at most the ceiling, and
    /// otherwise says "above" with a lower bound that is above the ceiling and at most ER.
    #[test]
    fn a_ceiling_changes_no_rating_under_it_and_proves_the_ones_above() {
        let puzzles = [
            PUZZLES[2],
            ".9612.5....8.49....45............7....2.7..9...1.9...4.1...795...92...6.......42.",
            "..58...4.9...46.......75..9.316.8..5.86...49.2..4.136.8..51.......28...7.1...35..",
            "....5...2..21.43......36.9.....1..3.3..895.2..85..26....6.....8.......56.4.9.....",
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        ];
        let mut above = 0;
        for puzzle in puzzles {
            let parsed = crate::grid::parse_puzzle(puzzle, Default::default()).expect("valid");
            let board = Board::from_puzzle(&parsed);
            let full = rate(&parsed).expect("rated");
            for ceiling in [
                0,
                15,
                23,
                30,
                45,
                56,
                62,
                66,
                72,
                75,
                80,
                85,
                90,
                100,
                u32::MAX,
            ] {
                match rate_board_below(&board, ceiling, || false).expect("rated") {
                    Bounded::Rated(r) => {
                        assert!(full.er <= ceiling, "{puzzle} at {ceiling}");
                        assert_eq!(r, full, "{puzzle} at {ceiling}");
                    }
                    Bounded::Above(least) => {
                        above += 1;
                        assert!(full.er > ceiling, "{puzzle} at {ceiling}");
                        assert!(least > ceiling && least <= full.er, "{puzzle}: {least}");
                    }
                }
            }
        }
        assert!(above >= 20, "{above}");
    }

    /// A step is explained in words when asked (hints), and not when rating.
    #[test]
    fn steps_are_explained_only_when_asked() {
        let grid = start(PUZZLES[2]);
        let explained = next_hint(&SeMemo::default(), &grid, true, true).expect("a step");
        let bare = next_hint(&SeMemo::default(), &grid, false, true).expect("a step");
        assert!(!explained.explanation.is_empty());
        assert!(bare.explanation.is_empty());
        assert_eq!(
            (
                explained.difficulty,
                explained.removals,
                explained.placement
            ),
            (bare.difficulty, bare.removals, bare.placement)
        );
    }

    /// A grid that is not the quiet one with candidates gone is searched everywhere.
    #[test]
    fn a_grid_with_more_candidates_is_searched_everywhere() {
        let puzzle = start(PUZZLES[2]);
        let fewer = reduced(&puzzle, &[(0, 1), (0, 4), (1, 7), (9, 5)]);
        let scope = basic::Scope::since(&fewer, &puzzle);
        assert_eq!(scope.houses(), basic::ALL_HOUSES);
        assert_eq!(scope.digits(), basic::ALL_DIGITS);
        let same = basic::Scope::since(&puzzle, &puzzle);
        assert_eq!((same.houses(), same.digits()), (0, 0));
    }
}
