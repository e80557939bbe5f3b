//! Mantere & Koljonen's permutation genetic algorithm for Sudoku (CEC 2007 / "Solving and
//! Analyzing Sudokus with Cultural Algorithms", 2008), as a live solver.
//! The cultural algorithm (`cultural`) is this same engine with a belief space switched on
//! ([`super::cultural`]).
//!
//! ## The algorithm, as published
//!
//! * **Chromosome.** N² digits read as N sub-blocks (the boxes) of N digits; each sub-block is
//!   a permutation of 1..N with the givens fixed in place (the paper's "help array"). The
//!   initial population fills each sub-block's free cells with its missing digits in random
//!   order, so boxes are always right and only rows and columns can clash.
//! * **Crossover** (ratio 100%): uniform with crossover points only between sub-blocks — the
//!   child takes each whole sub-block from one parent or the other.
//! * **Mutation**: a sequence of 1–5 swaps (probabilities 62.5 / 30.4 / 6.6 / 0.5 / 0.01 %,
//!   about 3.7% per location) of two free cells inside one sub-block. A swap is aborted if it
//!   would move a digit into a row or column where that digit is a given, or put too many
//!   identical digits in a row or column (limit "< 4", [`IDENTICAL_LIMIT`]).
//! * **Fitness** (minimised): P_x, the number of pairs of equal digits sharing a row or a
//!   column; plus *aging* — the best individual's value grows by 1 for every generation it
//!   stays best — plus P_g, the number of free cells holding a digit that is a given of their
//!   row or column, added only near the solution (P_x ≤ [`NEAR`]).
//! * **Population** 11, **elitism** 1; parents favour the best: for i from POP−1 down to ELIT,
//!   the child `ord[i]` is bred from `ord[⌊i·rand⌋]` and `ord[⌊i·rand⌋]` (ord = sorted by value).
//!   Stop at P_x = 0 (solved). One *trial* is one individual evaluated (the paper's unit).
//!
//! ## Our readings of what the paper leaves open (see docs/experiments/ga.md)
//!
//! * **"< 4 identical digits".** Read per line, the rule can never fire on 9×9: a row meets 3
//!   boxes and each box holds a digit once, so no row holds a digit more than 3 times — yet the
//!   paper measures "< 4" and "< 5" as very different. We therefore count the moved digit in
//!   its new row *and* column together (its new cell once): the swap is aborted when that count
//!   would reach the limit. [`GaOptions::identical_limit`] lets experiments try 3 and 5.
//! * **Aborted swaps are drawn again** (up to [`SWAP_ATTEMPTS`] attempts per swap): with one
//!   attempt the given abort rejects ~90% of swaps on puzzles with many givens and most
//!   children are unchanged copies (the paper reports 88.5% of children changed).
//! * **A start that respects the givens.** Each box's missing digits are placed so that no
//!   free cell starts on a digit given in its row or column, when such an order exists
//!   ([`GaOptions::legal_start`]); with a random start and the given abort, easy puzzles stall.
//! * **Aging belongs to the digits.** Every copy of the best individual carries its age;
//!   otherwise a fresh clone (age 0) displaces the aged best at once and aging never acts.
//! * **Re-initialisation.** The paper re-initialises the population but does not say when. Ours:
//!   when the best P_x of the current population run (an *epoch*) has not improved for
//!   [`GaOptions::restart_after`] generations, the population is drawn afresh (same rule for the
//!   GA and the CA, so that the belief space is the only difference between them).
//! * **Larger boxes and variants.** Everything is box-based, so 16×16 and 25×25 work as they
//!   are. In X and hyper puzzles the extra houses (diagonals, windows) are lines like rows and
//!   columns: they enter P_x, P_g and the given-abort check; the identical-digit limit stays on
//!   rows and columns as published.
//! * **Caps.** A puzzle whose givens clash is refused ([`LiveError::Invalid`]); one that
//!   propagation alone proves impossible (a cell without candidates, a digit without a place)
//!   ends `Stuck` at once; any other puzzle runs until solved or the trial cap
//!   ([`default_cap`]), then `CapReached`. A puzzle with several solutions ends with whichever
//!   solution is found first (the exact solver is the one that proves uniqueness).

use std::time::{Duration, Instant};

use super::belief::BeliefSpace;
use super::{LiveError, LiveSolver, Metric, Progress, Series, SolverView, Status};
use crate::grid::{Digits, Grid, HouseKind, Puzzle};
use crate::logic::Board;
use crate::rng::{FastRng, RandomSource};

/// The `--solver` name.
pub const NAME: &str = "ga";
/// The `--solver` name of the GA run as the cultural algorithm (the preset in [`super::cultural`]).
pub const CULTURAL_NAME: &str = "cultural";

/// The paper's population size.
pub const POPULATION: usize = 11;

/// The paper's elitism (individuals kept unchanged each generation).
pub const ELITISM: usize = 1;

/// Probability (in %) of a mutation sequence of 1, 2, 3, 4 or 5 swaps.
pub const SWAP_SEQUENCE: [f64; 5] = [62.5, 30.4, 6.6, 0.5, 0.01];

/// The paper's best identical-digit limit ("fewer than 4").
pub const IDENTICAL_LIMIT: u32 = 4;

/// Attempts per swap of a mutation sequence (an aborted attempt is drawn again).
pub const SWAP_ATTEMPTS: u32 = 16;

/// P_g enters the fitness when P_x is at most this (the near-solution region: two wrong
/// positions give P_x = 2).
pub const NEAR: u32 = 2;

/// A chart point every this many generations (and at every restart and at the end).
const RECORD_EVERY: u64 = 32;

/// The default trial cap for an N×N puzzle: about twice the paper's worst 9×9 run
/// (10,394,690 trials) for 9×9; larger puzzles cost more per trial, so fewer trials.
pub fn default_cap(size: usize) -> u64 {
    match size {
        0..=9 => 20_000_000,
        10..=16 => 10_000_000,
        _ => 4_000_000,
    }
}

/// The default restart period (generations without improvement of the epoch's best P_x):
/// 5,000 on 9×9 (measured better than 20,000 on the NYT Medium and Hard puzzles, see
/// docs/experiments/ga.md), 50,000 from 16×16 up.
pub fn default_restart(size: usize) -> u64 {
    match size {
        0..=9 => 5_000,
        _ => 50_000,
    }
}

/// Tunable parts of the run; [`Default`] is the paper's GA with our documented readings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GaOptions {
    /// Trial cap; `None` takes [`default_cap`].
    pub max_trials: Option<u64>,
    pub population: usize,
    pub elitism: usize,
    /// A swap is aborted when the moved digit would occur this often in its new row and
    /// column together.
    pub identical_limit: u32,
    /// The paper's aging of the best individual.
    pub aging: bool,
    /// Re-initialise after this many generations without improvement; `Some(0)` takes
    /// [`default_restart`], `None` never restarts.
    pub restart_after: Option<u64>,
    /// Cultural algorithm: keep a belief space and use its hidden givens on re-initialisation.
    pub cultural: bool,
    /// P_g enters the fitness when P_x is at most this ([`NEAR`]; `u32::MAX`: always).
    pub pg_threshold: u32,
    /// Draw the initial population so that no free cell holds a digit given on its lines
    /// (when such a filling of the box exists); swaps then keep it so.
    pub legal_start: bool,
    /// The paper's abort of a swap that moves a digit onto a line where it is given.
    pub given_abort: bool,
    /// Attempts per swap: an aborted attempt is drawn again this many times in all.
    pub swap_attempts: u32,
    /// Never take as a hidden given a cell that was in conflict in a recorded near solution
    /// (the wrong positions of a near solution are among its conflicting cells).
    pub untaint_conflicts: bool,
    /// Hidden givens are used only once the belief space holds this many near solutions.
    pub min_near_solutions: u64,
    /// ... and only once those near solutions come from at least this many epochs (population
    /// runs between re-initialisations); 1 = no condition.
    pub min_epochs: u64,
}

impl Default for GaOptions {
    fn default() -> GaOptions {
        GaOptions {
            max_trials: None,
            population: POPULATION,
            elitism: ELITISM,
            identical_limit: IDENTICAL_LIMIT,
            aging: true,
            swap_attempts: SWAP_ATTEMPTS,
            pg_threshold: NEAR,
            given_abort: true,
            legal_start: true,
            restart_after: Some(0),
            cultural: false,
            min_near_solutions: 2,
            min_epochs: 1,
            untaint_conflicts: false,
        }
    }
}

impl GaOptions {
    /// The cultural algorithm's options: the GA's plus the belief space, whose hidden givens
    /// wait for 40 near solutions (measured better than 2 or 10, docs/experiments/ga.md).
    pub fn cultural() -> GaOptions {
        GaOptions {
            cultural: true,
            min_near_solutions: 40,
            ..GaOptions::default()
        }
    }
}

/// The puzzle in chromosome order (position = box·N + index inside the box).
#[derive(Clone, Debug, Default)]
struct Layout {
    n: usize,
    len: usize,
    /// Row-major cell → position.
    cell_pos: Vec<usize>,
    /// Every non-box house (rows, columns, diagonals, windows) as N positions, flattened.
    lines: Vec<u16>,
    /// Per position: its row and its column (line ids).
    row_col: Vec<[usize; 2]>,
    /// Per position: every line it lies on.
    lines_of: Vec<Vec<usize>>,
    /// Per position: the real given (0 = free).
    givens: Vec<u8>,
}

impl Layout {
    fn new(puzzle: &Puzzle) -> Layout {
        let geometry = puzzle.geometry();
        let n = geometry.size();
        let len = n * n;
        let mut pos_cell = vec![0; len];
        let mut cell_pos = vec![0; len];
        for house in geometry.houses() {
            if house.kind == HouseKind::Box {
                for (k, &cell) in house.cells.iter().enumerate() {
                    pos_cell[house.index * n + k] = cell;
                    cell_pos[cell] = house.index * n + k;
                }
            }
        }
        let mut lines = Vec::new();
        let mut row_col = vec![[0usize; 2]; len];
        let mut lines_of = vec![Vec::new(); len];
        let mut line = 0;
        for house in geometry.houses() {
            if house.kind == HouseKind::Box {
                continue;
            }
            for &cell in &house.cells {
                let p = cell_pos[cell];
                lines.push(p as u16);
                lines_of[p].push(line);
                match house.kind {
                    HouseKind::Row => row_col[p][0] = line,
                    HouseKind::Column => row_col[p][1] = line,
                    _ => {}
                }
            }
            line += 1;
        }
        let givens = pos_cell.iter().map(|&c| puzzle.givens.get(c)).collect();
        Layout {
            n,
            len,
            cell_pos,
            lines,
            row_col,
            lines_of,
            givens,
        }
    }

    fn line(&self, id: usize) -> &[u16] {
        &self.lines[id * self.n..(id + 1) * self.n]
    }

    /// P_x: pairs of equal digits sharing a line.
    fn clash_pairs(&self, individual: &[u8]) -> u32 {
        let mut counts = [0u8; 64];
        let mut pairs = 0u32;
        for line in self.lines.chunks_exact(self.n) {
            for &p in line {
                let d = usize::from(individual[usize::from(p)]);
                pairs += u32::from(counts[d]);
                counts[d] += 1;
            }
            for &p in line {
                counts[usize::from(individual[usize::from(p)])] = 0;
            }
        }
        pairs
    }

    /// Positions whose digit repeats on one of their lines.
    fn conflicting_positions(&self, individual: &[u8]) -> Vec<usize> {
        let mut out = Vec::new();
        let mut counts = [0u8; 64];
        for line in self.lines.chunks_exact(self.n) {
            for &p in line {
                counts[usize::from(individual[usize::from(p)])] += 1;
            }
            for &p in line {
                if counts[usize::from(individual[usize::from(p)])] > 1 {
                    out.push(usize::from(p));
                }
            }
            for &p in line {
                counts[usize::from(individual[usize::from(p)])] = 0;
            }
        }
        out
    }

    /// Row-major digits of an individual.
    fn to_cells(&self, individual: &[u8]) -> Vec<u8> {
        self.cell_pos.iter().map(|&p| individual[p]).collect()
    }
}

/// The fixed digits of an epoch (real givens plus any hidden givens) and what follows from them.
#[derive(Clone, Debug, Default)]
struct Epoch {
    /// Per position: fixed digit or 0.
    fixed: Vec<u8>,
    /// Per position: the digits fixed on its lines (a free cell must not take them).
    forbidden: Vec<Digits>,
    /// Per box: its free positions and its missing digits.
    free: Vec<Vec<usize>>,
    missing: Vec<Vec<u8>>,
    /// Every free position.
    all_free: Vec<usize>,
    /// Boxes with at least two free positions (where a swap is possible).
    mutable: Vec<usize>,
    /// How many hidden givens this epoch uses.
    hidden: usize,
}

impl Epoch {
    fn new(layout: &Layout, fixed: Vec<u8>, hidden: usize) -> Epoch {
        let n = layout.n;
        let mut line_fixed = vec![Digits::EMPTY; layout.lines.len() / n.max(1)];
        for (id, set) in line_fixed.iter_mut().enumerate() {
            for &p in layout.line(id) {
                let d = fixed[usize::from(p)];
                if d != 0 {
                    set.insert(d);
                }
            }
        }
        let forbidden = (0..layout.len)
            .map(|p| {
                layout.lines_of[p]
                    .iter()
                    .fold(Digits::EMPTY, |acc, &l| acc | line_fixed[l])
            })
            .collect();
        let mut free = Vec::with_capacity(n);
        let mut missing = Vec::with_capacity(n);
        for b in 0..n {
            let block = &fixed[b * n..(b + 1) * n];
            free.push(
                (0..n)
                    .filter(|&k| block[k] == 0)
                    .map(|k| b * n + k)
                    .collect::<Vec<_>>(),
            );
            let present: Digits = block.iter().copied().filter(|&d| d != 0).collect();
            missing.push(
                (1..=n as u8)
                    .filter(|&d| !present.contains(d))
                    .collect::<Vec<_>>(),
            );
        }
        let all_free = (0..layout.len).filter(|&p| fixed[p] == 0).collect();
        let mutable = (0..n).filter(|&b| free[b].len() >= 2).collect();
        Epoch {
            fixed,
            forbidden,
            free,
            missing,
            all_free,
            mutable,
            hidden,
        }
    }

    /// P_g: free cells holding a digit fixed on one of their lines.
    fn given_clashes(&self, individual: &[u8]) -> u32 {
        self.all_free
            .iter()
            .filter(|&&p| self.forbidden[p].contains(individual[p]))
            .count() as u32
    }
}

/// Search nodes allowed per box when drawing a start that respects the givens.
const LEGAL_FILL_NODES: u32 = 20_000;

/// Fills a box's free positions with its missing digits (`digits`, already shuffled) so that
/// no free cell holds a digit given on one of its lines, by depth-first search trying digits
/// in their shuffled order (most constrained cell first). Returns false (and leaves `out` unspecified) when no such
/// filling exists or the node budget runs out; the caller then takes the random order.
fn legal_fill(free: &[usize], digits: &[u8], forbidden: &[Digits], out: &mut Vec<u8>) -> bool {
    fn search(
        free: &[usize],
        digits: &[u8],
        forbidden: &[Digits],
        used: &mut [bool],
        out: &mut [u8],
        nodes: &mut u32,
    ) -> bool {
        // The unfilled cell with the fewest usable digits.
        let mut pick: Option<(usize, usize)> = None;
        for (i, &p) in free.iter().enumerate() {
            if out[i] != 0 {
                continue;
            }
            let options = (0..digits.len())
                .filter(|&k| !used[k] && !forbidden[p].contains(digits[k]))
                .count();
            if pick.is_none_or(|(_, best)| options < best) {
                pick = Some((i, options));
            }
        }
        let Some((i, _)) = pick else {
            return true;
        };
        for k in 0..digits.len() {
            if used[k] || forbidden[free[i]].contains(digits[k]) {
                continue;
            }
            *nodes += 1;
            if *nodes > LEGAL_FILL_NODES {
                return false;
            }
            used[k] = true;
            out[i] = digits[k];
            if search(free, digits, forbidden, used, out, nodes) {
                return true;
            }
            used[k] = false;
            out[i] = 0;
        }
        false
    }
    out.clear();
    out.resize(free.len(), 0);
    let mut used = vec![false; digits.len()];
    let mut nodes = 0;
    search(free, digits, forbidden, &mut used, out, &mut nodes)
}

/// Mantere & Koljonen's GA (and, with [`GaOptions::cultural`], their cultural algorithm).
pub struct Ga {
    options: GaOptions,
    puzzle: Option<Puzzle>,
    layout: Layout,
    epoch: Epoch,
    /// The population, `population` individuals of `len` digits each, flattened.
    pop: Vec<u8>,
    /// P_x per individual.
    px: Vec<u32>,
    /// P_x plus P_g when near, per individual (the fitness before aging).
    raw: Vec<u32>,
    /// Aging added to each individual's value.
    age: Vec<u32>,
    /// Individuals by value (raw + age), best first.
    ord: Vec<usize>,
    /// The individual that was best after the previous generation.
    best_slot: usize,
    /// The best individual's digits and how many generations they have stayed best: aging
    /// belongs to the digits, so a clone of the best inherits its age (else a clone would
    /// displace the aged best at once and aging would never act).
    best_genome: Vec<u8>,
    best_age: u32,
    rng: FastRng,
    cap: u64,
    restart_after: Option<u64>,
    trials: u64,
    generation: u64,
    restarts: u64,
    /// Best raw fitness of the current epoch and the generation it was reached.
    epoch_best: u32,
    last_improvement: u64,
    best_ever: u32,
    swaps_tried: u64,
    swaps_aborted: u64,
    /// Children changed by mutation (the paper measured 88.5%).
    mutated: u64,
    belief: Option<BeliefSpace>,
    status: Status,
    reason: &'static str,
    solved: Option<Grid>,
    history: Vec<Series>,
    elapsed: Duration,
}

impl Default for Ga {
    fn default() -> Ga {
        Ga::new()
    }
}

impl Ga {
    /// The paper's GA.
    pub fn new() -> Ga {
        Ga::with_options(GaOptions::default())
    }

    pub fn with_options(options: GaOptions) -> Ga {
        Ga {
            options,
            puzzle: None,
            layout: Layout::default(),
            epoch: Epoch::default(),
            pop: Vec::new(),
            px: Vec::new(),
            raw: Vec::new(),
            age: Vec::new(),
            ord: Vec::new(),
            best_slot: 0,
            best_genome: Vec::new(),
            best_age: 0,
            rng: FastRng::new(0),
            cap: 0,
            restart_after: None,
            trials: 0,
            generation: 0,
            restarts: 0,
            epoch_best: u32::MAX,
            last_improvement: 0,
            best_ever: u32::MAX,
            swaps_tried: 0,
            swaps_aborted: 0,
            mutated: 0,
            belief: None,
            status: Status::Stuck,
            reason: "no puzzle",
            solved: None,
            history: Vec::new(),
            elapsed: Duration::ZERO,
        }
    }

    pub fn options(&self) -> GaOptions {
        self.options
    }

    pub fn trials(&self) -> u64 {
        self.trials
    }

    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// Population re-initialisations so far.
    pub fn restarts(&self) -> u64 {
        self.restarts
    }

    pub fn status(&self) -> Status {
        self.status
    }

    /// Why the run is where it is (`solved`, `trial cap reached`, ...).
    pub fn reason(&self) -> &'static str {
        self.reason
    }

    /// The lowest P_x (+P_g) seen in the run.
    pub fn best_fitness(&self) -> u32 {
        self.best_ever
    }

    /// The share of children that mutation changed (the paper measured 88.5%).
    pub fn mutated_share(&self) -> f64 {
        let children = self.trials.saturating_sub(self.options.population as u64);
        if children == 0 {
            0.0
        } else {
            self.mutated as f64 / children as f64
        }
    }

    /// Near solutions recorded in the belief space (cultural only).
    pub fn near_solutions(&self) -> u64 {
        self.belief.as_ref().map_or(0, BeliefSpace::updates)
    }

    /// Hidden givens in use in the current epoch.
    pub fn hidden_givens(&self) -> usize {
        self.epoch.hidden
    }

    /// Runs whole generations until the run ends or `trials` more trials are done (no clock
    /// reads: for benchmarks and experiments).
    pub fn run_trials(&mut self, trials: u64) -> Status {
        let start = Instant::now();
        let stop = self.trials.saturating_add(trials);
        while self.status == Status::Running && self.trials < stop {
            self.advance();
        }
        self.elapsed += start.elapsed();
        self.status
    }

    fn finish(&mut self, status: Status, reason: &'static str) {
        self.status = status;
        self.reason = reason;
        self.record();
    }

    fn individual(&self, slot: usize) -> &[u8] {
        &self.pop[slot * self.layout.len..(slot + 1) * self.layout.len]
    }

    /// The individual with the lowest raw fitness (ties: the first by value).
    fn best_raw_slot(&self) -> usize {
        let mut best = self.ord.first().copied().unwrap_or(0);
        for &slot in &self.ord {
            if self.raw[slot] < self.raw[best] {
                best = slot;
            }
        }
        best
    }

    /// Draws a fresh population on the epoch's fixed digits.
    fn populate(&mut self) {
        let len = self.layout.len;
        let size = self.options.population.max(2);
        self.pop.resize(size * len, 0);
        self.px = vec![0; size];
        self.raw = vec![0; size];
        self.age = vec![0; size];
        let mut digits = Vec::new();
        let mut assignment = Vec::new();
        for slot in 0..size {
            self.pop[slot * len..(slot + 1) * len].copy_from_slice(&self.epoch.fixed);
            for b in 0..self.layout.n {
                digits.clear();
                digits.extend_from_slice(&self.epoch.missing[b]);
                self.rng.shuffle(&mut digits);
                let free = &self.epoch.free[b];
                let legal = self.options.legal_start
                    && legal_fill(free, &digits, &self.epoch.forbidden, &mut assignment);
                if legal {
                    for (&p, &d) in free.iter().zip(&assignment) {
                        self.pop[slot * len + p] = d;
                    }
                } else {
                    for (&p, &d) in free.iter().zip(&digits) {
                        self.pop[slot * len + p] = d;
                    }
                }
            }
            self.evaluate(slot);
        }
        self.ord = (0..size).collect();
        self.sort();
        self.best_slot = self.ord[0];
        self.best_genome.clear();
        self.best_age = 0;
        self.epoch_best = self.raw[self.best_raw_slot()];
        self.last_improvement = self.generation;
        self.note_best();
    }

    fn evaluate(&mut self, slot: usize) {
        let individual = &self.pop[slot * self.layout.len..(slot + 1) * self.layout.len];
        let px = self.layout.clash_pairs(individual);
        let pg = if px <= self.options.pg_threshold {
            self.epoch.given_clashes(individual)
        } else {
            0
        };
        self.px[slot] = px;
        self.raw[slot] = px + pg;
        self.age[slot] = if self.options.aging && individual == self.best_genome.as_slice() {
            self.best_age
        } else {
            0
        };
        self.trials += 1;
    }

    /// Insertion sort of `ord` by value (the population is tiny).
    fn sort(&mut self) {
        let value = |s: usize| self.raw[s] + self.age[s];
        let mut ord = std::mem::take(&mut self.ord);
        for i in 1..ord.len() {
            let mut j = i;
            while j > 0 && value(ord[j]) < value(ord[j - 1]) {
                ord.swap(j, j - 1);
                j -= 1;
            }
        }
        self.ord = ord;
    }

    /// Child `child` takes each whole box from `p1` or `p2`.
    fn crossover(&mut self, child: usize, p1: usize, p2: usize) {
        let (n, len) = (self.layout.n, self.layout.len);
        let mut bits = self.rng.next_u64();
        for b in 0..n {
            let parent = if bits & 1 == 0 { p1 } else { p2 };
            bits >>= 1;
            self.pop.copy_within(
                parent * len + b * n..parent * len + (b + 1) * n,
                child * len + b * n,
            );
        }
    }

    /// How many swaps this child's mutation sequence has.
    fn swap_count(&mut self) -> usize {
        let total: f64 = SWAP_SEQUENCE.iter().sum();
        let mut u = (self.rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64 * total;
        for (i, &p) in SWAP_SEQUENCE.iter().enumerate() {
            if u < p {
                return i + 1;
            }
            u -= p;
        }
        SWAP_SEQUENCE.len()
    }

    /// Cells holding `digit` in the row and column of `dest` once `digit` has moved there
    /// from `src` (the new cell counted once).
    fn identical_after(&self, individual: &[u8], dest: usize, src: usize, digit: u8) -> u32 {
        let mut count = 1;
        for line in self.layout.row_col[dest] {
            for &p in self.layout.line(line) {
                let p = usize::from(p);
                if p != dest && p != src && individual[p] == digit {
                    count += 1;
                }
            }
        }
        count
    }

    /// The swap-mutation sequence, with the paper's two aborts: an aborted swap attempt is
    /// drawn again, up to [`GaOptions::swap_attempts`] attempts per swap. Returns whether the
    /// child changed.
    fn mutate(&mut self, child: usize) -> bool {
        if self.epoch.mutable.is_empty() {
            return false;
        }
        let len = self.layout.len;
        let limit = self.options.identical_limit;
        let mut changed = false;
        for _ in 0..self.swap_count() {
            for _ in 0..self.options.swap_attempts.max(1) {
                let b = self.epoch.mutable[self.rng.below(self.epoch.mutable.len())];
                let free = &self.epoch.free[b];
                let i = self.rng.below(free.len());
                let mut j = self.rng.below(free.len() - 1);
                if j >= i {
                    j += 1;
                }
                let (a, c) = (free[i], free[j]);
                self.swaps_tried += 1;
                let individual = &self.pop[child * len..(child + 1) * len];
                let (x, y) = (individual[a], individual[c]);
                if (self.options.given_abort
                    && (self.epoch.forbidden[c].contains(x) || self.epoch.forbidden[a].contains(y)))
                    || self.identical_after(individual, c, a, x) >= limit
                    || self.identical_after(individual, a, c, y) >= limit
                {
                    self.swaps_aborted += 1;
                    continue;
                }
                self.pop.swap(child * len + a, child * len + c);
                changed = true;
                break;
            }
        }
        changed
    }

    /// One generation: POP − ELIT children, then sorting, aging, belief update, restart.
    fn advance(&mut self) {
        let size = self.ord.len();
        let elit = self.options.elitism.clamp(1, size - 1);
        for i in (elit..size).rev() {
            let child = self.ord[i];
            let p1 = self.ord[self.rng.below(i)];
            let p2 = self.ord[self.rng.below(i)];
            self.crossover(child, p1, p2);
            if self.mutate(child) {
                self.mutated += 1;
            }
            self.evaluate(child);
            if self.px[child] == 0 {
                self.generation += 1;
                self.best_ever = 0;
                let cells = self.layout.to_cells(self.individual(child));
                self.solved = self
                    .puzzle
                    .as_ref()
                    .and_then(|p| Grid::from_cells(p.geometry(), cells).ok());
                self.best_slot = child;
                self.finish(Status::Solved, "solved");
                return;
            }
        }
        self.sort();
        if self.options.aging {
            self.age_best();
        }
        self.best_slot = self.ord[0];
        self.generation += 1;
        self.note_best();
        if self.generation.is_multiple_of(RECORD_EVERY) {
            self.record();
        }
        if self.trials >= self.cap {
            self.finish(Status::CapReached, "trial cap reached");
            return;
        }
        if let Some(period) = self.restart_after
            && self.generation - self.last_improvement >= period
        {
            self.restart();
        }
    }

    /// Aging: if the best digits are those that were best last generation, every copy of them
    /// in the population grows one older; otherwise the new best starts at age 0.
    fn age_best(&mut self) {
        let len = self.layout.len;
        let top = self.ord[0];
        if self.pop[top * len..(top + 1) * len] == self.best_genome[..] {
            self.best_age += 1;
            for slot in 0..self.ord.len() {
                if self.pop[slot * len..(slot + 1) * len] == self.best_genome[..] {
                    self.age[slot] = self.best_age;
                }
            }
            self.sort();
        } else {
            self.best_genome.clear();
            self.best_genome
                .extend_from_slice(&self.pop[top * len..(top + 1) * len]);
            self.best_age = 0;
        }
    }

    /// Tracks the epoch's best and feeds the belief space with near solutions.
    fn note_best(&mut self) {
        let slot = self.best_raw_slot();
        let raw = self.raw[slot];
        if raw < self.epoch_best {
            self.epoch_best = raw;
            self.last_improvement = self.generation;
        }
        self.best_ever = self.best_ever.min(raw);
        if raw == 2
            && let Some(belief) = &mut self.belief
        {
            let len = self.layout.len;
            let individual = &self.pop[slot * len..(slot + 1) * len];
            if belief.update(individual) {
                belief.note_epoch(self.restarts);
                if self.options.untaint_conflicts {
                    belief.taint(&self.layout.conflicting_positions(individual));
                }
            }
        }
    }

    /// Re-initialisation: a fresh population; for the CA, on every other restart (once the
    /// belief space holds enough near solutions) with the hidden givens fixed too.
    fn restart(&mut self) {
        self.restarts += 1;
        self.record();
        let mut fixed = self.layout.givens.clone();
        let mut hidden = 0;
        if let Some(belief) = &self.belief
            && self.restarts % 2 == 1
            && belief.updates() >= self.options.min_near_solutions
            && belief.epochs() >= self.options.min_epochs
        {
            hidden = belief.apply_hidden_givens(
                &self.layout.lines_of,
                &self.layout.lines,
                self.layout.n,
                &mut fixed,
            );
        }
        self.epoch = Epoch::new(&self.layout, fixed, hidden);
        self.populate();
    }

    fn record(&mut self) {
        if self.ord.is_empty() || self.history.len() < 3 {
            return;
        }
        let x = self.trials as f64;
        let best = self.raw[self.best_raw_slot()];
        let mean = self
            .ord
            .iter()
            .map(|&s| f64::from(self.raw[s]))
            .sum::<f64>()
            / self.ord.len() as f64;
        self.history[0].push(x, f64::from(best));
        self.history[1].push(x, mean);
        let third = if self.belief.is_some() {
            self.epoch.hidden as f64
        } else {
            self.restarts as f64
        };
        self.history[2].push(x, third);
    }
}

impl LiveSolver for Ga {
    fn name(&self) -> &'static str {
        if self.options.cultural {
            CULTURAL_NAME
        } else {
            NAME
        }
    }

    fn iteration_unit(&self) -> &'static str {
        "trials"
    }

    fn reset(&mut self, puzzle: &Puzzle, seed: u64) -> Result<(), LiveError> {
        if puzzle.pencilmarks.is_some() {
            return Err(LiveError::NeedsGivens {
                solver: self.name(),
            });
        }
        super::validate(puzzle)?;
        let size = puzzle.geometry().size();
        self.puzzle = Some(puzzle.clone());
        self.layout = Layout::new(puzzle);
        self.rng = FastRng::new(seed);
        self.cap = self.options.max_trials.unwrap_or_else(|| default_cap(size));
        self.restart_after = match self.options.restart_after {
            Some(0) => Some(default_restart(size)),
            other => other,
        };
        self.trials = 0;
        self.generation = 0;
        self.restarts = 0;
        self.best_ever = u32::MAX;
        self.swaps_tried = 0;
        self.swaps_aborted = 0;
        self.mutated = 0;
        self.solved = None;
        self.elapsed = Duration::ZERO;
        self.belief = self
            .options
            .cultural
            .then(|| BeliefSpace::new(self.layout.len, size));
        let (a, b) = if self.options.cultural {
            ("hidden givens", "best fitness")
        } else {
            ("restarts", "best fitness")
        };
        self.history = vec![
            Series::new(b, super::SERIES_POINTS),
            Series::new("mean fitness", super::SERIES_POINTS),
            Series::new(a, super::SERIES_POINTS),
        ];
        self.status = Status::Running;
        self.reason = "running";
        self.epoch = Epoch::new(&self.layout, self.layout.givens.clone(), 0);
        self.populate();
        if Board::from_puzzle(puzzle).contradiction().is_some() {
            self.finish(
                Status::Stuck,
                "no solution: propagation finds a contradiction",
            );
            return Ok(());
        }
        if let Some(&slot) = self.ord.iter().find(|&&s| self.px[s] == 0) {
            let cells = self.layout.to_cells(self.individual(slot));
            self.solved = Grid::from_cells(puzzle.geometry(), cells).ok();
            self.best_slot = slot;
            self.best_ever = 0;
            self.finish(Status::Solved, "solved");
            return Ok(());
        }
        self.record();
        Ok(())
    }

    /// Whole generations until `budget` has elapsed (the clock is read every few
    /// generations, spaced from the measured time per generation).
    fn step(&mut self, budget: Duration) -> Progress {
        let spent = super::run_slice(budget, 16, 4096, || {
            if self.status == Status::Running {
                self.advance();
            }
            self.status == Status::Running
        });
        self.elapsed += spent;
        Progress {
            status: self.status,
            iterations: self.trials,
        }
    }

    fn view(&self) -> SolverView {
        let Some(puzzle) = &self.puzzle else {
            return SolverView::empty(self.status, self.trials, "trials");
        };
        if self.ord.is_empty() {
            return SolverView::empty(self.status, self.trials, "trials");
        }
        let best = if self.status == Status::Solved {
            self.best_slot
        } else {
            self.best_raw_slot()
        };
        let digits = self.layout.to_cells(self.individual(best));
        let size = self.ord.len();
        let mut confidence = vec![1.0f32; digits.len()];
        let mut unsettled = Vec::new();
        for (cell, &d) in digits.iter().enumerate() {
            let p = self.layout.cell_pos[cell];
            if self.layout.givens[p] != 0 {
                continue;
            }
            let agree = (0..size)
                .filter(|&s| self.pop[s * self.layout.len + p] == d)
                .count();
            confidence[cell] = match &self.belief {
                // The CA also shows how sure its belief space is of the digit.
                Some(belief) if belief.updates() > 0 => {
                    0.5 * agree as f32 / size as f32 + 0.5 * belief.share(p, d)
                }
                _ => agree as f32 / size as f32,
            };
            if agree < size {
                unsettled.push(cell);
            }
        }
        let conflicts = super::conflicting_cells(puzzle, &digits);
        let mut metrics = vec![
            Metric::new("trials", self.trials as f64),
            Metric::new("generation", self.generation as f64),
            Metric::new("best fitness (Px+Pg)", f64::from(self.raw[best])),
            Metric::new("best ever", f64::from(self.best_ever)),
            Metric::new("elite age", f64::from(self.best_age)),
            Metric::new("restarts", self.restarts as f64),
            Metric::new(
                "swaps aborted %",
                if self.swaps_tried > 0 {
                    100.0 * self.swaps_aborted as f64 / self.swaps_tried as f64
                } else {
                    0.0
                },
            ),
            Metric::new("children mutated %", 100.0 * self.mutated_share()),
            Metric::new("conflicting cells", conflicts.len() as f64),
            Metric::new("unsettled cells", unsettled.len() as f64),
            super::rate_metric("trials/s", self.trials, self.elapsed),
        ];
        if self.belief.is_some() {
            metrics.push(Metric::new("near solutions", self.near_solutions() as f64));
            metrics.push(Metric::new("hidden givens", self.epoch.hidden as f64));
        }
        SolverView {
            digits,
            confidence,
            conflicts,
            unsettled,
            metrics,
            history: self.history.clone(),
            bands: Vec::new(),
            status: self.status,
            iterations: self.trials,
            iteration_unit: "trials",
        }
    }

    fn solution(&self) -> Option<Grid> {
        if self.status == Status::Solved {
            self.solved.clone()
        } else {
            None
        }
    }
}
