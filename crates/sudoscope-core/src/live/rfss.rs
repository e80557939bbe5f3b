//! RFSS-Evolve: Horn's Resource-defined Fitness Sharing for Sudoku (J. Horn, "Minimum Richness
//! Equilibrium and Sudoku", 2015, and "Solving a Large Sudoku by
//! Co-evolving Numerals", GECCO 2017), as a live solver.
//!
//! Sudoku is read as an exact cover. A *species* is a placement ⟨v, r, c⟩ in an empty cell that
//! does not clash with a clue; it covers the *resources* cell (r,c), row-digit (r,v),
//! column-digit (c,v), box-digit (b,v) and, in a variant, one (house,v) resource per extra house
//! (X diagonal, hyper window) the cell lies in — so |res(x)| is 4, 5 or 6. Every species starts
//! at proportion 1/|S|; each generation applies proportionate selection on the shared fitness
//! f_sh(x) = 1/m(x), with the niche count m(x) = Σ_y p_y·|res(x) ∩ res(y)|/|res(x)|. Nothing
//! else happens: no crossover, no mutation, no randomness (the seed is ignored: the run is a
//! deterministic function of the puzzle).
//!
//! ## Choices the papers leave open (documented in `docs/experiments/rfss.md`)
//!
//! * **O(|S|) niche counts.** Because the overlap counts shared resources,
//!   m(x) = (1/|res(x)|)·Σ_{ρ ∈ res(x)} P_ρ with P_ρ = Σ_{y covers ρ} p_y: one scatter pass
//!   accumulates P, one gather pass reads it back. The |S|×|S| matrix is never built.
//! * **Termination.** After every generation (configurable: [`RfssOptions::check_every`]) every
//!   empty cell takes its species of largest proportion; if those placements clash nowhere, the
//!   grid is complete, valid and agrees with the givens (species never clash with a clue), and
//!   the run is `Solved` at that generation.
//! * **Underflow guard: extinction.** Proportions always sum to 1 (selection renormalises
//!   exactly), but losing species shrink geometrically and would sink into subnormal numbers
//!   (slow on x86) and then to zero. A species whose proportion falls below
//!   [`RfssOptions::extinction_floor`] (default 1e-30) is removed and the others renormalised.
//!   At 1e-30 a species changes every niche count by less than 1e-27 of its value — far below
//!   f64 precision — so the survivors' trajectory is unchanged to the last bit; only the dead
//!   species' own (astronomically unlikely) comeback is forgone. Extinction also makes the run
//!   faster as it goes, and lets the stuck rule fire.
//! * **Stuck.** The run is `Stuck` when (a) some resource that every solution must cover has no
//!   species left (a cell with no candidate, a digit with no place in a house — at reset or after
//!   extinctions), or (b) the population has converged off a solution: every living species's
//!   growth factor f_sh(x)/F lies within [`RfssOptions::stuck_tolerance`] (1e-10) of 1, so no
//!   proportion can move by a tenth of a percent in ten million generations.
//! * **Cap.** [`default_cap`]: 10,000 generations for 9×9 (the paper's slowest solved hard puzzle
//!   took 9,891), 1,000,000 for 25×25, scaled between; `CapReached` beyond it.
//! * **Acceleration (not the paper's dynamics, off by default).** One generation moves
//!   ln p_x by ln(f_sh(x)/F): an Euler step of length 1 of a flow whose fixed points are the
//!   equilibria (all living niche counts equal). [`RfssOptions::selection_power`] k takes a
//!   step of length k, p' ∝ p·(f_sh/F)^k, counted as k generations;
//!   [`RfssOptions::adaptive_step`] chooses k per update from how much the resource totals
//!   moved (doubling and halving, as an ODE step controller does). Same fixed points, far
//!   fewer passes on the long slow drift of large puzzles.

use std::time::{Duration, Instant};

use super::{LiveError, LiveSolver, Metric, Progress, Series, SolverView, Status};
use crate::grid::{Grid, Puzzle};

/// The `--solver` name.
pub const NAME: &str = "rfss";

/// How many species the Figure 3 bands follow.
const BAND_SAMPLE: usize = 48;

/// [`LiveSolver::step`] reads the clock about this many times per budget: it measures how long
/// a generation takes and spaces its looks accordingly, so the overrun is at most one
/// generation plus budget/16 whether the build is optimised or not (a 9×9 generation takes
/// ~1.5 µs optimised, ~0.5 ms in a debug build).
const CLOCK_CHECKS_PER_BUDGET: u32 = 16;

/// A cell is *decided* when its leading species holds at least this share of the cell.
const DECIDED_SHARE: f64 = 0.99;

/// A cell is *unsettled* when its runner-up holds at least this fraction of the leader.
const UNSETTLED_RATIO: f64 = 0.5;

/// The stall rule never fires before this many generations.
pub const STALL_MIN_GENERATIONS: u64 = 2_000;

/// The largest k the adaptive step control may reach.
pub const MAX_POWER: u32 = 4096;

/// Tunable parts of the run; [`Default`] is Horn's algorithm with our documented rules.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RfssOptions {
    /// Generation cap; `None` takes [`default_cap`] for the puzzle's size.
    pub max_generations: Option<u64>,
    /// Look for a solution every this many updates (1: after every generation, so the
    /// reported generation count is exact; 0: never, to watch the bands of Figure 3 separate
    /// past the solution).
    pub check_every: u32,
    /// Species below this proportion go extinct (the underflow guard).
    pub extinction_floor: f64,
    /// Selection on (f_sh/F)^k: 1 is the paper's dynamics, k > 1 the accelerated variant (one
    /// update counts as k generations).
    pub selection_power: u32,
    /// Accelerated variant with step control: start at k = 1, then double k while no
    /// resource's total proportion P_ρ changes by more than δ/4 of the mean P per update, and
    /// halve it when one changes by more than δ (k ≤ [`MAX_POWER`]). `None`: k stays
    /// `selection_power`.
    pub adaptive_step: Option<f64>,
    /// Converged (and `Stuck` unless solved) when every living species's per-generation growth
    /// factor is within this of 1.
    pub stuck_tolerance: f64,
    /// Stall rule: `Stuck` once at least [`STALL_MIN_GENERATIONS`] generations have run and
    /// neither a cell's leader nor the set of living species has changed during the latter
    /// half of them (needs `check_every` ≠ 0). Off by default: see the docs for what it costs.
    pub stall_rule: bool,
}

impl Default for RfssOptions {
    fn default() -> RfssOptions {
        RfssOptions {
            max_generations: None,
            check_every: 1,
            extinction_floor: 1e-30,
            selection_power: 1,
            adaptive_step: None,
            stuck_tolerance: 1e-10,
            stall_rule: false,
        }
    }
}

/// The default generation cap for an N×N puzzle: 9×9 10,000 (Horn's slowest solved hard
/// puzzle took 9,891), 25×25 1,000,000 (his 25×25 run needed about 700,000); the other sizes
/// scaled from our measurements of the generations they need.
pub fn default_cap(size: usize) -> u64 {
    match size {
        0..=4 => 2_000,
        5..=9 => 10_000,
        10..=16 => 200_000,
        17..=25 => 1_000_000,
        _ => 4_000_000,
    }
}

/// What one look at the tentative grid found.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct Decision {
    /// Extra placements of a digit in a house already holding it (0 in a valid grid).
    clashes: usize,
    /// Empty cells whose leader holds at least [`DECIDED_SHARE`] of the cell.
    decided: usize,
    /// Whether every empty cell has a living species.
    complete: bool,
}

/// Summary of one generation's selection, for the stuck rule and the metrics.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Selection {
    /// max over living species of |f_sh(x)^k / F − 1|.
    growth: f64,
    /// Species that fell below the extinction floor.
    extinct: usize,
    /// The k used: this update counts as k generations.
    power: u32,
    /// Whether the arithmetic stayed finite.
    finite: bool,
}

/// Horn's RFSS-Evolve as a [`LiveSolver`].
#[derive(Clone, Debug)]
pub struct Rfss {
    options: RfssOptions,
    puzzle: Option<Puzzle>,
    cap: u64,
    /// Resources per species row in `res`, padded to 4, 6 or 8 with the dummy resource.
    width: usize,
    /// Living species, grouped by cell (ascending) then digit.
    cell: Vec<u32>,
    digit: Vec<u8>,
    /// Compact resource indices, `width` per species; padding points at `dummy`.
    res: Vec<u32>,
    /// |res(x)| as a float.
    len: Vec<f64>,
    /// Where each cell's species start in the species arrays, plus the end.
    starts: Vec<u32>,
    /// Unnormalised proportions q = Z·p (see [`Rfss::select`]).
    p: Vec<f64>,
    /// Z = Σ q.
    z: f64,
    /// The k of the next update (1 unless accelerated).
    power: u32,
    /// Selection passes done (equal to `generation` unless accelerated).
    updates: u64,
    /// The generation at which a leader last changed or a species last died.
    last_change: u64,
    /// P_ρ/Z of the previous update, for the adaptive step control.
    prev_share: Vec<f64>,
    /// Scratch: f_sh per species in an accelerated update.
    shared: Vec<f64>,
    /// Index of each living species in the initial set (for the bands).
    orig: Vec<u32>,
    /// For each initial species, its index among the living, or `u32::MAX` once extinct.
    now: Vec<u32>,
    initial_species: usize,
    /// P_ρ per compact resource, plus the dummy slot at the end.
    pres: Vec<f64>,
    dummy: usize,
    /// Scratch for the clash check: the last check that used each resource.
    stamp: Vec<u32>,
    epoch: u32,
    /// The tentative grid of the last check (givens included).
    tentative: Vec<u8>,
    /// The leading species of each empty cell, as found by the last check.
    winners: Vec<u32>,
    /// How many of the winners hold at least [`DECIDED_SHARE`] of their cell.
    decided: usize,
    empty_cells: usize,
    last: Decision,
    growth: f64,
    generation: u64,
    status: Status,
    /// Why the run stopped early, for the metrics panel.
    reason: &'static str,
    solved: Option<Grid>,
    elapsed: Duration,
    /// Record history and bands every `stride` generations (doubles as the series decimate).
    stride: u64,
    history: Vec<Series>,
    bands: Vec<Series>,
    band_ids: Vec<u32>,
}

impl Default for Rfss {
    fn default() -> Rfss {
        Rfss::new()
    }
}

impl Rfss {
    /// The solver with the default options (Horn's algorithm, our termination rules).
    pub fn new() -> Rfss {
        Rfss::with_options(RfssOptions::default())
    }

    pub fn with_options(options: RfssOptions) -> Rfss {
        Rfss {
            options,
            puzzle: None,
            cap: 0,
            width: 4,
            cell: Vec::new(),
            digit: Vec::new(),
            res: Vec::new(),
            len: Vec::new(),
            starts: Vec::new(),
            p: Vec::new(),
            z: 1.0,
            power: 1,
            updates: 0,
            last_change: 0,
            prev_share: Vec::new(),
            shared: Vec::new(),
            orig: Vec::new(),
            now: Vec::new(),
            initial_species: 0,
            pres: Vec::new(),
            dummy: 0,
            stamp: Vec::new(),
            epoch: 0,
            tentative: Vec::new(),
            winners: Vec::new(),
            decided: 0,
            empty_cells: 0,
            last: Decision::default(),
            growth: f64::INFINITY,
            generation: 0,
            status: Status::Stuck,
            reason: "no puzzle",
            solved: None,
            elapsed: Duration::ZERO,
            stride: 1,
            history: Vec::new(),
            bands: Vec::new(),
            band_ids: Vec::new(),
        }
    }

    pub fn options(&self) -> RfssOptions {
        self.options
    }

    /// Generations done so far.
    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// Selection passes done: equal to [`Rfss::generation`] unless accelerated, where one
    /// update counts as k generations.
    pub fn updates(&self) -> u64 {
        self.updates
    }

    /// The cap in force for the current puzzle.
    pub fn cap(&self) -> u64 {
        self.cap
    }

    pub fn status(&self) -> Status {
        self.status
    }

    /// Why the run stopped (`"solved"`, `"converged off a solution"`, ...), or `"running"`.
    pub fn reason(&self) -> &'static str {
        self.reason
    }

    /// Number of species in the initial set S.
    pub fn initial_species(&self) -> usize {
        self.initial_species
    }

    /// Number of species not yet extinct.
    pub fn living_species(&self) -> usize {
        self.p.len()
    }

    /// Proportions of the initial species (0 for the extinct), indexed as in the initial set.
    pub fn proportions(&self) -> Vec<f64> {
        self.now
            .iter()
            .map(|&i| self.p.get(i as usize).map_or(0.0, |&q| q / self.z))
            .collect()
    }

    /// Runs generations until the run finishes or `generations` more have been done, without
    /// looking at the clock (for experiments).
    pub fn run_generations(&mut self, generations: u64) -> Status {
        let start = Instant::now();
        let target = self.generation.saturating_add(generations);
        while self.status == Status::Running && self.generation < target {
            self.advance();
        }
        self.elapsed += start.elapsed();
        self.status
    }

    /// Builds S, the resources and the initial proportions.
    fn build(&mut self, puzzle: &Puzzle) -> Result<(), LiveError> {
        let geometry = puzzle.geometry();
        let n = geometry.size();
        let houses = geometry.houses().len();
        let givens = puzzle.givens.cells();
        let mut candidates = puzzle.givens.candidates();
        if let Some(marks) = &puzzle.pencilmarks {
            for (set, &mark) in candidates.iter_mut().zip(marks) {
                *set &= mark;
            }
        }
        // Full resource ids: (house h, digit v) is h·N + v − 1, cell c is H·N + c.
        let full = houses * n + geometry.cell_count();
        let mut required = vec![false; full];
        for (cell, &d) in givens.iter().enumerate() {
            if d == 0 {
                required[houses * n + cell] = true;
            }
        }
        for (h, house) in geometry.houses().iter().enumerate() {
            let mut present = vec![false; n + 1];
            for &cell in &house.cells {
                present[givens[cell] as usize] = true;
            }
            for v in 1..=n {
                if !present[v] {
                    required[h * n + v - 1] = true;
                }
            }
        }
        let mut species_res: Vec<Vec<usize>> = Vec::new();
        self.cell.clear();
        self.digit.clear();
        for (cell, &d) in givens.iter().enumerate() {
            if d != 0 {
                continue;
            }
            for v in candidates[cell].iter() {
                let mut r = vec![houses * n + cell];
                r.extend(
                    geometry
                        .houses_of(cell)
                        .iter()
                        .map(|&h| h * n + v as usize - 1),
                );
                species_res.push(r);
                self.cell.push(cell as u32);
                self.digit.push(v);
            }
        }
        let widest = species_res.iter().map(Vec::len).max().unwrap_or(4);
        self.width = match widest {
            0..=4 => 4,
            5..=6 => 6,
            7..=8 => 8,
            _ => {
                return Err(LiveError::UnsupportedVariant {
                    solver: NAME,
                    variant: geometry.variant().name(),
                });
            }
        };
        // Compact the resources the species use; a required one nobody covers is unsolvable.
        let mut compact = vec![u32::MAX; full];
        let mut count = 0u32;
        for r in species_res.iter().flatten() {
            if compact[*r] == u32::MAX {
                compact[*r] = count;
                count += 1;
            }
        }
        self.dummy = count as usize;
        self.res.clear();
        self.len.clear();
        for r in &species_res {
            self.len.push(r.len() as f64);
            self.res.extend(r.iter().map(|&x| compact[x]));
            self.res
                .extend(std::iter::repeat_n(self.dummy as u32, self.width - r.len()));
        }
        let uncovered = required
            .iter()
            .zip(&compact)
            .any(|(&req, &c)| req && c == u32::MAX);
        let s = self.cell.len();
        self.initial_species = s;
        self.p = vec![if s > 0 { 1.0 / s as f64 } else { 0.0 }; s];
        self.z = 1.0;
        self.index_cells();
        self.empty_cells = givens.iter().filter(|&&d| d == 0).count();
        self.orig = (0..s as u32).collect();
        self.now = (0..s as u32).collect();
        // A power-of-two length lets the hot loops index `pres[r & mask]`, which the compiler
        // proves in bounds (no bounds check, no `unsafe`); every r is at most `dummy` anyway.
        self.pres = vec![0.0; (self.dummy + 1).next_power_of_two()];
        self.stamp = vec![0; self.dummy + 1];
        self.epoch = 0;
        self.tentative = givens.to_vec();
        if uncovered {
            self.finish(
                Status::Stuck,
                "a cell or a house digit has no species at all",
            );
        }
        Ok(())
    }

    fn finish(&mut self, status: Status, reason: &'static str) {
        self.status = status;
        self.reason = reason;
        self.record(true);
    }

    /// One generation, then the termination rules.
    fn advance(&mut self) {
        if self.generation >= self.cap {
            self.finish(Status::CapReached, "generation cap reached");
            return;
        }
        let every = u64::from(self.options.check_every);
        let check = every != 0 && (self.updates + 1).is_multiple_of(every);
        let selection = match self.width {
            4 => self.select::<4>(),
            6 => self.select::<6>(),
            _ => self.select::<8>(),
        };
        self.generation = self.generation.saturating_add(u64::from(selection.power));
        self.updates += 1;
        self.growth = selection.growth;
        if !selection.finite {
            self.finish(Status::Stuck, "proportions left the range of f64");
            return;
        }
        let converged = self.growth < self.options.stuck_tolerance;
        if check || converged {
            // The clash count only changes when some cell's leader does.
            if self.scan_winners() {
                self.last_change = self.generation;
                self.last = self.judge();
            } else {
                self.last.decided = self.decided;
            }
            if self.last.complete && self.last.clashes == 0 {
                self.solved = self
                    .puzzle
                    .as_ref()
                    .and_then(|p| Grid::from_cells(p.geometry(), self.tentative.clone()).ok());
                self.finish(Status::Solved, "solved");
                return;
            }
        }
        if selection.extinct > 0 {
            self.last_change = self.generation;
        }
        if selection.extinct > 0 && !self.go_extinct() {
            self.finish(
                Status::Stuck,
                "a cell or a house digit lost all its species",
            );
            return;
        }
        if converged {
            self.finish(Status::Stuck, "converged off a solution");
            return;
        }
        if self.options.stall_rule
            && every != 0
            && self.generation >= STALL_MIN_GENERATIONS
            && self.generation - self.last_change >= self.generation / 2
        {
            self.finish(
                Status::Stuck,
                "stalled: no leader changed in the last half of the run",
            );
            return;
        }
        if self.generation.is_multiple_of(self.stride) {
            self.record(false);
        }
    }

    /// Proportionate selection on shared fitness in two O(|S|) passes: scatter P_ρ, then gather
    /// m(x) and update. `self.p` holds unnormalised proportions q = Z·p with Z = `self.z`:
    /// since m(x) scales with Z, the k = 1 update q' = q·f_sh(x)/Z = q/m_q(x) needs no separate
    /// normalisation pass, and the new Z is Σq' = F, the mean shared fitness.
    fn select<const W: usize>(&mut self) -> Selection {
        let floor = self.options.extinction_floor.max(f64::MIN_POSITIVE) * self.z;
        let z = self.z;
        let mask = self.pres.len() - 1;
        let pres = &mut self.pres[..=mask];
        pres.fill(0.0);
        let mut extinct = 0usize;
        for (&q, r) in self.p.iter().zip(self.res.chunks_exact(W)) {
            extinct += usize::from(q < floor);
            for &ri in r {
                pres[ri as usize & mask] += q;
            }
        }
        pres[self.dummy] = 0.0;
        if let Some(delta) = self.options.adaptive_step {
            self.control_step(delta);
        }
        let pres = &self.pres[..=mask];
        let power = self.power.max(1);
        let (mut total, mut fmin, mut fmax) = (0.0f64, f64::INFINITY, 0.0f64);
        let inv_z = 1.0 / z;
        if power == 1 {
            for ((q, r), &len) in self
                .p
                .iter_mut()
                .zip(self.res.chunks_exact(W))
                .zip(&self.len)
            {
                let mut m = 0.0;
                for &ri in r {
                    m += pres[ri as usize & mask];
                }
                // f_sh(x) = 1 / m_p(x) = Z·|res(x)| / Σ_ρ P^q_ρ.
                let f = z * len / m;
                // Plain comparisons (minsd/maxsd): f is finite and positive here.
                fmin = if f < fmin { f } else { fmin };
                fmax = if f > fmax { f } else { fmax };
                *q *= f * inv_z;
                total += *q;
            }
        } else {
            // Accelerated: p' ∝ p·(f_sh/F)^k with F = Σ p·f_sh of this generation, so the
            // power stays near 1 for the species that matter and cannot overflow.
            self.shared.clear();
            let mut mean = 0.0;
            for ((&q, r), &len) in self.p.iter().zip(self.res.chunks_exact(W)).zip(&self.len) {
                let mut m = 0.0;
                for &ri in r {
                    m += pres[ri as usize & mask];
                }
                let f = z * len / m;
                mean += q * inv_z * f;
                self.shared.push(f);
            }
            let inv_mean = 1.0 / mean;
            for (q, &f) in self.p.iter_mut().zip(&self.shared) {
                let f = (f * inv_mean).powi(power as i32);
                fmin = if f < fmin { f } else { fmin };
                fmax = if f > fmax { f } else { fmax };
                *q *= f * inv_z;
                total += *q;
            }
        }
        let finite = total.is_finite() && total > 0.0;
        if finite {
            self.z = total;
        }
        let inv = 1.0 / total;
        Selection {
            growth: (fmax * inv - 1.0).max(1.0 - fmin * inv),
            extinct,
            power,
            finite: finite || self.p.is_empty(),
        }
    }

    /// The adaptive step control: compares every resource's share P_ρ/Z with the previous
    /// update's and doubles or halves k (see [`RfssOptions::adaptive_step`]). The change is
    /// measured against the mean share, so resources whose total is already negligible (their
    /// species dying out) do not hold k down.
    fn control_step(&mut self, delta: f64) {
        let inv_z = 1.0 / self.z;
        let n = self.dummy;
        let mut change = 0.0f64;
        if self.prev_share.len() == n && n > 0 {
            let mut sum = 0.0;
            for (prev, &now) in self.prev_share.iter_mut().zip(&self.pres[..n]) {
                let share = now * inv_z;
                change = change.max((share - *prev).abs());
                sum += share;
                *prev = share;
            }
            change /= sum / n as f64;
        } else {
            self.prev_share = self.pres[..n].iter().map(|&x| x * inv_z).collect();
            change = f64::INFINITY;
        }
        if change > delta {
            self.power = (self.power / 2).max(1);
        } else if change < delta / 4.0 {
            self.power = self.power.saturating_mul(2).min(MAX_POWER);
        }
    }

    /// Removes the species below the floor and renormalises (Z = 1 again); false if some
    /// resource lost its last species (the puzzle can no longer be covered).
    fn go_extinct(&mut self) -> bool {
        let floor = self.options.extinction_floor.max(f64::MIN_POSITIVE) * self.z;
        let w = self.width;
        let mut kept = 0;
        for s in 0..self.p.len() {
            if self.p[s] < floor {
                self.now[self.orig[s] as usize] = u32::MAX;
                continue;
            }
            self.p[kept] = self.p[s];
            self.cell[kept] = self.cell[s];
            self.digit[kept] = self.digit[s];
            self.len[kept] = self.len[s];
            self.orig[kept] = self.orig[s];
            self.now[self.orig[s] as usize] = kept as u32;
            self.res.copy_within(s * w..(s + 1) * w, kept * w);
            kept += 1;
        }
        self.p.truncate(kept);
        self.cell.truncate(kept);
        self.digit.truncate(kept);
        self.len.truncate(kept);
        self.orig.truncate(kept);
        self.res.truncate(kept * w);
        self.index_cells();
        // Species indices moved: the next check must judge afresh.
        self.winners.clear();
        let total: f64 = self.p.iter().sum();
        if total > 0.0 {
            let inv = 1.0 / total;
            self.p.iter_mut().for_each(|p| *p *= inv);
        }
        self.z = 1.0;
        // Every compact resource is required: each must keep at least one species.
        self.pres.fill(0.0);
        for &r in &self.res {
            self.pres[r as usize] = 1.0;
        }
        self.pres[..self.dummy].iter().all(|&c| c > 0.0)
    }

    /// Recomputes `starts` from `cell`.
    fn index_cells(&mut self) {
        self.starts.clear();
        for (s, pair) in self.cell.windows(2).enumerate() {
            if pair[0] != pair[1] {
                self.starts.push(s as u32 + 1);
            }
        }
        if !self.cell.is_empty() {
            self.starts.insert(0, 0);
            self.starts.push(self.cell.len() as u32);
        }
    }

    /// Picks every cell's leading species into `winners` (species are grouped by cell);
    /// true if some leader changed since the last call (or the species were compacted).
    fn scan_winners(&mut self) -> bool {
        let cells = self.starts.len().saturating_sub(1);
        let mut changed = self.winners.len() != cells;
        self.winners.resize(cells, u32::MAX);
        self.decided = 0;
        for (range, winner) in self.starts.windows(2).zip(&mut self.winners) {
            let (a, b) = (range[0] as usize, range[1] as usize);
            let (mut best, mut best_q, mut total) = (a, 0.0f64, 0.0f64);
            for (s, &q) in (a..b).zip(&self.p[a..b]) {
                total += q;
                if q > best_q {
                    (best, best_q) = (s, q);
                }
            }
            self.decided += usize::from(best_q >= DECIDED_SHARE * total);
            if *winner != best as u32 {
                *winner = best as u32;
                changed = true;
            }
        }
        changed
    }

    /// Writes the winners into `tentative` and counts their clashes: a digit placed twice in
    /// one house shows up as a (house, digit) resource used twice.
    fn judge(&mut self) -> Decision {
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            self.stamp.fill(0);
            self.epoch = 1;
        }
        if let Some(puzzle) = &self.puzzle {
            self.tentative.copy_from_slice(puzzle.givens.cells());
        }
        let mut clashes = 0;
        let w = self.width;
        for &best in &self.winners {
            let best = best as usize;
            self.tentative[self.cell[best] as usize] = self.digit[best];
            // The first resource is the cell itself; the others are (house, digit).
            for &r in &self.res[best * w + 1..(best + 1) * w] {
                let r = r as usize;
                if r == self.dummy {
                    continue;
                }
                if self.stamp[r] == self.epoch {
                    clashes += 1;
                } else {
                    self.stamp[r] = self.epoch;
                }
            }
        }
        Decision {
            clashes,
            decided: self.decided,
            complete: self.winners.len() == self.empty_cells,
        }
    }

    /// Appends the current state to the history and band series (every `stride` generations;
    /// `last` forces a final point).
    fn record(&mut self, last: bool) {
        if self.history.is_empty() {
            return;
        }
        let full = self.history[0].points.len() >= super::SERIES_POINTS;
        let x = self.generation as f64;
        if last
            && self
                .history
                .first()
                .and_then(|s| s.points.back())
                .is_some_and(|&(px, _)| px == x)
        {
            return;
        }
        if !last && !self.generation.is_multiple_of(self.stride) {
            return;
        }
        let d = self.last;
        let values = [d.clashes as f64, d.decided as f64, self.p.len() as f64];
        for (series, v) in self.history.iter_mut().zip(values) {
            series.push(x, v);
        }
        let floor = self.options.extinction_floor.max(f64::MIN_POSITIVE).log10();
        for (series, &id) in self.bands.iter_mut().zip(&self.band_ids) {
            let now = self.now[id as usize];
            let y = self
                .p
                .get(now as usize)
                .map_or(floor, |&q| (q / self.z).max(f64::MIN_POSITIVE).log10());
            series.push(x, y);
        }
        if full && !last {
            self.stride = self.stride.saturating_mul(2);
        }
    }

    /// Leader, runner-up and total proportion of each empty cell, and the cell's entropy.
    fn cell_summaries(&self) -> Vec<CellSummary> {
        let mut out = Vec::new();
        let mut s = 0;
        while s < self.p.len() {
            let cell = self.cell[s];
            let mut summary = CellSummary {
                cell: cell as usize,
                digit: 0,
                top: 0.0,
                second: 0.0,
                total: 0.0,
                entropy: 0.0,
            };
            let mut e = s;
            while e < self.p.len() && self.cell[e] == cell {
                let p = self.p[e];
                summary.total += p;
                if p > summary.top {
                    summary.second = summary.top;
                    summary.top = p;
                    summary.digit = self.digit[e];
                } else if p > summary.second {
                    summary.second = p;
                }
                e += 1;
            }
            if summary.total > 0.0 {
                summary.entropy = self.p[s..e]
                    .iter()
                    .map(|&p| p / summary.total)
                    .filter(|&q| q > 0.0)
                    .map(|q| -q * q.log2())
                    .sum();
            }
            out.push(summary);
            s = e;
        }
        out
    }
}

/// One empty cell's species at a glance.
struct CellSummary {
    cell: usize,
    digit: u8,
    top: f64,
    second: f64,
    total: f64,
    entropy: f64,
}

impl LiveSolver for Rfss {
    fn name(&self) -> &'static str {
        NAME
    }

    fn iteration_unit(&self) -> &'static str {
        "generations"
    }

    /// Builds the species set of the puzzle; `seed` is ignored (RFSS-Evolve is deterministic).
    fn reset(&mut self, puzzle: &Puzzle, seed: u64) -> Result<(), LiveError> {
        let _ = seed;
        super::validate(puzzle)?;
        self.puzzle = Some(puzzle.clone());
        self.cap = self
            .options
            .max_generations
            .unwrap_or_else(|| default_cap(puzzle.geometry().size()));
        self.generation = 0;
        self.updates = 0;
        self.last_change = 0;
        self.power = match self.options.adaptive_step {
            Some(_) => 1,
            None => self.options.selection_power.max(1),
        };
        self.prev_share.clear();
        self.status = Status::Running;
        self.reason = "running";
        self.solved = None;
        self.elapsed = Duration::ZERO;
        self.growth = f64::INFINITY;
        self.last = Decision::default();
        self.stride = 1;
        self.history = vec![
            Series::new("clashes", super::SERIES_POINTS),
            Series::new("decided cells", super::SERIES_POINTS),
            Series::new("species alive", super::SERIES_POINTS),
        ];
        self.build(puzzle)?;
        let s = self.initial_species;
        let sample = BAND_SAMPLE.min(s);
        self.band_ids = (0..sample).map(|i| (i * s / sample) as u32).collect();
        self.bands = (0..sample)
            .map(|_| Series::new("log10 proportion", super::SERIES_POINTS))
            .collect();
        if self.status == Status::Running {
            self.winners.clear();
            self.scan_winners();
            self.last = self.judge();
            if self.last.complete && self.last.clashes == 0 {
                self.solved = Grid::from_cells(puzzle.geometry(), self.tentative.clone()).ok();
                self.finish(Status::Solved, "solved");
                return Ok(());
            }
            self.record(false);
        }
        Ok(())
    }

    /// Whole generations until `budget` has elapsed; at least one generation per call. The
    /// clock is read after the first generation, then every `interval` generations, with
    /// `interval` chosen from the measured time per generation so that there are about
    /// `CLOCK_CHECKS_PER_BUDGET` looks per budget.
    fn step(&mut self, budget: Duration) -> Progress {
        let spent = super::run_slice(budget, CLOCK_CHECKS_PER_BUDGET, 4096, || {
            if self.status == Status::Running {
                self.advance();
            }
            self.status == Status::Running
        });
        self.elapsed += spent;
        Progress {
            status: self.status,
            iterations: self.generation,
        }
    }

    fn view(&self) -> SolverView {
        let Some(puzzle) = &self.puzzle else {
            return SolverView::empty(self.status, self.generation, "generations");
        };
        let givens = puzzle.givens.cells();
        let mut digits = givens.to_vec();
        let mut confidence: Vec<f32> = givens
            .iter()
            .map(|&d| if d != 0 { 1.0 } else { 0.0 })
            .collect();
        let mut unsettled = Vec::new();
        let (mut decided, mut entropy) = (0usize, 0.0f64);
        let summaries = self.cell_summaries();
        for c in &summaries {
            digits[c.cell] = c.digit;
            let share = if c.total > 0.0 { c.top / c.total } else { 0.0 };
            confidence[c.cell] = share.clamp(0.0, 1.0) as f32;
            decided += usize::from(share >= DECIDED_SHARE);
            if c.second >= UNSETTLED_RATIO * c.top && c.second > 0.0 {
                unsettled.push(c.cell);
            }
            entropy += c.entropy;
        }
        let empty = givens.iter().filter(|&&d| d == 0).count();
        let conflicts = super::conflicting_cells(puzzle, &digits);
        let max_p = self.p.iter().copied().fold(0.0, f64::max) / self.z;
        let min_p = self.p.iter().copied().fold(f64::INFINITY, f64::min) / self.z;
        let secs = self.elapsed.as_secs_f64();
        let metrics = vec![
            Metric::new("generation", self.generation as f64),
            Metric::new("species (initial)", self.initial_species as f64),
            Metric::new("species alive", self.p.len() as f64),
            Metric::new("max proportion", max_p),
            Metric::new(
                "min proportion",
                if min_p.is_finite() { min_p } else { 0.0 },
            ),
            Metric::new("decided cells", decided as f64),
            Metric::new("empty cells", empty as f64),
            Metric::new("unsettled cells", unsettled.len() as f64),
            Metric::new("conflicting cells", conflicts.len() as f64),
            Metric::new(
                "mean cell entropy (bits)",
                if summaries.is_empty() {
                    0.0
                } else {
                    entropy / summaries.len() as f64
                },
            ),
            Metric::new(
                "max growth |f/F-1|",
                if self.growth.is_finite() {
                    self.growth
                } else {
                    0.0
                },
            ),
            Metric::new("updates (k generations each)", self.updates as f64),
            Metric::new("k", f64::from(self.power)),
            Metric::new(
                "generations/s",
                if secs > 0.0 {
                    self.generation as f64 / secs
                } else {
                    0.0
                },
            ),
        ];
        SolverView {
            digits,
            confidence,
            conflicts,
            unsettled,
            metrics,
            history: self.history.clone(),
            bands: self.bands.clone(),
            status: self.status,
            iterations: self.generation,
            iteration_unit: "generations",
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
