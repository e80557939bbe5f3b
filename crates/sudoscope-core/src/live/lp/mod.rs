//! The linear-programming solvers: RFSS-LP / RFSS-IP (Horn's linear decision process on
//! M_RFS) and L1 sparse optimisation (Babu et al., the Math 110B report), all on one shared
//! *reduced* formulation and two LP backends.
//!
//! # The formulation
//!
//! Sudoku as exact cover: a variable x_{c,v} per placement "cell c holds digit v" (RFSS calls
//! it a *species*), a row per *resource*: every cell, and every (house, digit) pair. A solution
//! covers every resource exactly once: `A x = 1, x ∈ {0,1}`.
//!
//! **Reduced** ([`Formulation::reduced`]): a clue fixes its own placement to 1, every other
//! digit of its cell to 0, and its digit to 0 in every peer; its cell and its (house, digit)
//! rows are then satisfied. So we drop those variables and rows and keep only the candidates
//! of the empty cells that no clue eliminates (exactly RFSS's species set S) and the resources
//! no clue covers. A 17-clue 9×9 puzzle goes from 341×729 (the report's matrix, clue rows
//! included) to about 256×300. For Model B (x ≥ 0) this is exact: the clue rows force the
//! dropped variables to the values we fix. For Model A (free sign) it is a restriction — the
//! full model lets a given's cell carry +a and −a on two other digits — which only removes
//! non-grid points; we measured both (docs/experiments/lp.md). A resource no variable can
//! cover (a cell with no candidate, a digit with no place in a house) makes the puzzle
//! infeasible before any LP is built ([`Formulation::reduced`] returns `Err`).
//!
//! **Full** ([`Formulation::full`]): the report's formulation verbatim, N³ variables, every
//! resource row plus one row per clue. Kept for comparison only.
//!
//! # M_RFS and the resource form (RFSS-LP)
//!
//! Horn writes the LP as `M_RFS y = 1, y ≥ 0` with `M_RFS[x][y] = |res(x) ∩ res(y)| / |res(x)|`.
//! With B the species × resource incidence matrix and D = diag(|res(x)|), `M_RFS = D⁻¹ B Bᵀ`
//! (so `(M y)_x = (1/|res(x)|) Σ_{ρ ∈ res(x)} Σ_{y ∋ ρ} y`). Since `yᵀ B Bᵀ y = |Bᵀ y|²`,
//! `null(M_RFS) = null(Bᵀ)`, and every solution of `M y = 1` differs from any other by a vector
//! Bᵀ maps to zero. The exact cover y* of a solvable puzzle has `Bᵀ y* = 1` (every resource
//! once) and `M y* = D⁻¹ B 1 = 1`. Hence for every puzzle with a solution,
//! `{y : M_RFS y = 1} = {y : Bᵀ y = 1}` — the resource form, with |R| sparse rows of 4 ones
//! per column instead of a dense |S|×|S| matrix. We solve the resource form;
//! `tests/it/live_lp.rs` checks the equivalence on 4×4 puzzles against a dense M_RFS.
//!
//! The resource form with y ≥ 0 *is* L1 Model B on the reduced formulation: RFSS-LP and L1
//! differ in their decision process (reweighting schedule, warm restarts), not in the LP.
//!
//! # The backends, and why the interior point is the default
//!
//! On an exact-cover instance every feasible point has `1ᵀx` = the number of empty cells (sum
//! the cell rows), so the plain objective is constant: the LP answer is *whichever feasible
//! point the solver stops at*. A simplex ([`Backend::Simplex`], microlp) stops at a vertex;
//! an interior-point method ([`Backend::InteriorPoint`], clarabel) at (close to) the analytic
//! centre of the optimal face — here of the whole feasible polytope, which puts weight on
//! every candidate in proportion to how often it is used. Reweighting with
//! `W = 1/(|x| + ε)` and a large ε makes the next objective approximately `−⟨x_prev, x⟩`:
//! from the centre that is a sensible "round towards the likeliest vertex"; from a vertex it
//! asks for the vertex it already is, so reweighting from a simplex stalls. Measured on 100
//! magictour_top1465 puzzles (docs/experiments/lp.md): one plain solve, simplex 29% vs
//! interior point 25%; ten reweighted rounds (ε = 30), simplex 30% (it stops after 2 solves,
//! the point unchanged) vs interior point 39%; the full l1-weighted process, 81% vs 85%.
//! The reduced formulation made a solve 2× faster for the interior point and 8–12× for the
//! simplex on these puzzles (more on puzzles with many clues). The binary branch and bound
//! (RFSS-IP) uses microlp, which has it built in and can resume a search after a time slice.

pub mod l1;
pub mod l1_plus;
pub mod rfss_lp;

use std::time::{Duration, Instant};

use clarabel::algebra::CscMatrix;
use clarabel::solver::{
    DefaultSettingsBuilder, DefaultSolver, IPSolver, NonnegativeConeT, SolverStatus, ZeroConeT,
};

use crate::grid::{Digits, Geometry, Grid, Puzzle, Shape};

use super::{LiveError, LiveSolver};

// The whole set is what the `lab` harnesses configure; the engine itself uses part of it.
#[cfg_attr(not(feature = "lab"), allow(unused_imports))]
pub use l1::{L1Config, L1Model, L1Solver, Step3Pick};
#[cfg_attr(not(feature = "lab"), allow(unused_imports))]
pub use l1_plus::{L1Plus, PlusConfig, PlusPick};
#[cfg_attr(not(feature = "lab"), allow(unused_imports))]
pub use rfss_lp::{RfssIp, RfssIpConfig, rfss_lp, rfss_lp_config};

/// The solvers of this module by `--solver` name.
pub fn by_name(name: &str) -> Option<Box<dyn LiveSolver>> {
    match name {
        "rfss-lp" => Some(Box::new(rfss_lp())),
        "rfss-ip" => Some(Box::new(RfssIp::new(RfssIpConfig::default()))),
        "l1" => Some(Box::new(L1Solver::new("l1", L1Config::plain()))),
        "l1-weighted" => Some(Box::new(L1Solver::new("l1-weighted", L1Config::weighted()))),
        "l1-plus" => Some(Box::new(L1Plus::new(PlusConfig::default()))),
        _ => None,
    }
}

/// Which LP code solves the relaxations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    /// clarabel's primal-dual interior point: returns (near) the analytic centre of the optimal
    /// face, which is what reweighting needs. The default.
    InteriorPoint,
    /// microlp's dual simplex: returns a vertex.
    Simplex,
}

impl Backend {
    pub fn name(self) -> &'static str {
        match self {
            Backend::InteriorPoint => "interior-point",
            Backend::Simplex => "simplex",
        }
    }
}

/// The exact-cover LP of one clue set: `A x = 1` with 0/1 coefficients, stored by column.
#[derive(Clone, Debug)]
pub struct Formulation {
    /// The shape the formulation covers.
    pub geometry: Shape,
    /// The digits this formulation treats as fixed (0 = free).
    pub clues: Vec<u8>,
    /// Whether the clues' variables and rows were dropped.
    pub reduced: bool,
    /// (cell, digit) of every variable, ordered by cell then digit.
    pub vars: Vec<(u32, u8)>,
    /// `cell_start[c]..cell_start[c + 1]` are the variables of cell c.
    pub cell_start: Vec<u32>,
    /// Column j's rows are `row_idx[col_ptr[j]..col_ptr[j + 1]]`, ascending (coefficient 1).
    pub col_ptr: Vec<usize>,
    pub row_idx: Vec<u32>,
    pub rows: usize,
}

/// Why a formulation has no feasible point before any LP is solved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Infeasible(pub String);

impl Formulation {
    /// The reduced formulation of a clue set (module docs): candidates of the empty cells that
    /// no clue eliminates, resources no clue covers. `Err` when the clues clash or leave a
    /// resource nothing can cover.
    pub fn reduced(geometry: &Geometry, clues: &[u8]) -> Result<Formulation, Infeasible> {
        Formulation::restricted(geometry, clues, None)
    }

    /// [`Formulation::reduced`] with the candidates of each cell further limited to
    /// `allowed[cell]` (variables fixed to 0 by earlier reasoning are dropped). `Err` as for
    /// `reduced`, and also when the limits leave a resource nothing can cover.
    pub fn restricted(
        geometry: &Geometry,
        clues: &[u8],
        allowed: Option<&[Digits]>,
    ) -> Result<Formulation, Infeasible> {
        let n = geometry.size();
        let cells = geometry.cell_count();
        if clues.len() != cells {
            return Err(Infeasible(format!(
                "{} cells given for a {}-cell grid",
                clues.len(),
                cells
            )));
        }
        let grid = Grid::from_cells(geometry, clues.to_vec())
            .map_err(|e| Infeasible(format!("bad clues: {e}")))?;
        if let Some(conflict) = grid.first_conflict() {
            return Err(Infeasible(format!(
                "clue {} repeated in {}",
                conflict.digit,
                conflict.group.name(geometry)
            )));
        }
        let houses = geometry.houses();
        // Row numbers: cells first, then (house, digit) pairs no clue covers.
        let mut rows = 0usize;
        let mut cell_row = vec![u32::MAX; cells];
        for (cell, &d) in clues.iter().enumerate() {
            if d == 0 {
                cell_row[cell] = rows as u32;
                rows += 1;
            }
        }
        let mut house_digit_row = vec![u32::MAX; houses.len() * n];
        for (h, house) in houses.iter().enumerate() {
            let mut placed = vec![false; n + 1];
            for &cell in &house.cells {
                placed[clues[cell] as usize] = true;
            }
            for v in 1..=n {
                if !placed[v] {
                    house_digit_row[h * n + v - 1] = rows as u32;
                    rows += 1;
                }
            }
        }
        let candidates = grid.candidates();
        let mut form = Formulation::empty(geometry, clues, true, rows);
        let mut row_used = vec![false; rows];
        for cell in 0..cells {
            if clues[cell] == 0 {
                let mut cands = candidates[cell];
                if let Some(limit) = allowed.and_then(|a| a.get(cell)) {
                    cands &= *limit;
                }
                for v in cands.iter() {
                    let mut col = vec![cell_row[cell]];
                    for &h in geometry.houses_of(cell) {
                        col.push(house_digit_row[h * n + v as usize - 1]);
                    }
                    col.sort_unstable();
                    for &r in &col {
                        row_used[r as usize] = true;
                    }
                    form.push_var(cell, v, &col);
                }
            }
            form.cell_start.push(form.vars.len() as u32);
        }
        if let Some(r) = row_used.iter().position(|&used| !used) {
            let what = match cell_row.iter().position(|&cr| cr as usize == r) {
                Some(cell) => format!("{} has no candidate", geometry.cell_name(cell)),
                None => match house_digit_row.iter().position(|&hr| hr as usize == r) {
                    Some(i) => format!("digit {} has no place in {}", i % n + 1, houses[i / n]),
                    None => "an uncoverable resource".to_string(),
                },
            };
            return Err(Infeasible(what));
        }
        Ok(form)
    }

    /// The report's full formulation: N³ variables, every resource row and one row per clue.
    /// Never fails: clashing clues simply make the LP infeasible.
    pub fn full(geometry: &Geometry, clues: &[u8]) -> Formulation {
        let n = geometry.size();
        let cells = geometry.cell_count();
        let houses = geometry.houses();
        let resources = cells + houses.len() * n;
        let mut clue_row = vec![u32::MAX; cells];
        let mut rows = resources;
        for (cell, &d) in clues.iter().enumerate().take(cells) {
            if d != 0 && d as usize <= n {
                clue_row[cell] = rows as u32;
                rows += 1;
            }
        }
        let mut form = Formulation::empty(geometry, clues, false, rows);
        for (cell, &clue_row_of_cell) in clue_row.iter().enumerate() {
            for v in 1..=n as u8 {
                let mut col = vec![cell as u32];
                for &h in geometry.houses_of(cell) {
                    col.push((cells + h * n + v as usize - 1) as u32);
                }
                if clues.get(cell) == Some(&v) {
                    col.push(clue_row_of_cell);
                }
                col.sort_unstable();
                form.push_var(cell, v, &col);
            }
            form.cell_start.push(form.vars.len() as u32);
        }
        form
    }

    fn empty(geometry: &Geometry, clues: &[u8], reduced: bool, rows: usize) -> Formulation {
        Formulation {
            geometry: geometry.shape(),
            clues: clues.to_vec(),
            reduced,
            vars: Vec::new(),
            cell_start: vec![0],
            col_ptr: vec![0],
            row_idx: Vec::new(),
            rows,
        }
    }

    fn push_var(&mut self, cell: usize, digit: u8, col: &[u32]) {
        self.vars.push((cell as u32, digit));
        self.row_idx.extend_from_slice(col);
        self.col_ptr.push(self.row_idx.len());
    }

    pub fn var_count(&self) -> usize {
        self.vars.len()
    }

    /// Rows of column j.
    pub fn column(&self, j: usize) -> &[u32] {
        &self.row_idx[self.col_ptr[j]..self.col_ptr[j + 1]]
    }

    /// The variables of each row (the transpose), for row-wise backends.
    pub fn row_lists(&self) -> Vec<Vec<usize>> {
        let mut lists = vec![Vec::new(); self.rows];
        for j in 0..self.var_count() {
            for &r in self.column(j) {
                lists[r as usize].push(j);
            }
        }
        lists
    }

    /// Reads a grid off a point: in every free cell the digit of its largest variable, with
    /// that value (clamped to 0..1) as the confidence; fixed cells keep their clue at 1.0.
    pub fn decode(&self, x: &[f64]) -> Decoded {
        let cells = self.geometry.cell_count();
        let mut digits = vec![0u8; cells];
        let mut confidence = vec![0f32; cells];
        for cell in 0..cells {
            let range = self.cell_start[cell] as usize..self.cell_start[cell + 1] as usize;
            let best = range
                .filter(|&j| j < x.len())
                .max_by(|&a, &b| x[a].total_cmp(&x[b]));
            match best {
                Some(j) => {
                    digits[cell] = self.vars[j].1;
                    confidence[cell] = x[j].clamp(0.0, 1.0) as f32;
                }
                None => {
                    digits[cell] = self.clues.get(cell).copied().unwrap_or(0);
                    confidence[cell] = if digits[cell] != 0 { 1.0 } else { 0.0 };
                }
            }
        }
        Decoded { digits, confidence }
    }
}

/// A grid read off an LP point.
#[derive(Clone, Debug, PartialEq)]
pub struct Decoded {
    pub digits: Vec<u8>,
    pub confidence: Vec<f32>,
}

/// The sign model of the LP (the report's Models A and B).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SignModel {
    /// Model A: x = x̂ − x̌ free, minimise Σ w (x̂ + x̌).
    Free,
    /// Model B: x ≥ 0, minimise Σ w x.
    NonNegative,
}

/// What one LP solve gave.
#[derive(Clone, Debug, PartialEq)]
pub enum LpStatus {
    /// An optimal point (x per variable of the formulation).
    Optimal(Vec<f64>),
    /// The constraints have no solution.
    Infeasible,
    /// The backend gave up (iteration limit, numerical trouble).
    Failed(String),
}

/// One LP solve with its cost.
#[derive(Clone, Debug, PartialEq)]
pub struct LpOutcome {
    pub status: LpStatus,
    pub objective: f64,
    pub elapsed: Duration,
    /// Backend iterations (interior-point iterations or simplex pivots).
    pub iterations: u64,
}

/// Repeated solves of one formulation with changing costs (the reweighting rounds of a
/// phase). The interior point keeps its solver and only swaps the cost vector, which skips
/// the setup (equilibration, KKT assembly, ordering, symbolic factorisation) after the first
/// round.
pub struct LpSession {
    model: SignModel,
    backend: Backend,
    clarabel: Option<DefaultSolver<f64>>,
}

impl LpSession {
    pub fn new(model: SignModel, backend: Backend) -> LpSession {
        LpSession {
            model,
            backend,
            clarabel: None,
        }
    }

    /// Solves `form` (the same one on every call of a session) under `cost`.
    pub fn solve(&mut self, form: &Formulation, cost: &[f64]) -> LpOutcome {
        if self.backend == Backend::Simplex {
            return solve_lp(form, cost, self.model, self.backend);
        }
        let start = Instant::now();
        let q = lp_cost(form, cost, self.model);
        let reused = match &mut self.clarabel {
            Some(solver) => solver.update_q(&q).is_ok(),
            None => false,
        };
        if !reused {
            match clarabel_solver(form, &q, self.model) {
                Ok(solver) => self.clarabel = Some(solver),
                Err(out) => return out,
            }
        }
        let mut outcome = match &mut self.clarabel {
            Some(solver) => {
                solver.solve();
                clarabel_outcome(solver, form.var_count(), self.model)
            }
            None => failed("clarabel: no solver".into()),
        };
        outcome.elapsed = start.elapsed();
        outcome
    }
}

/// Solves `min Σ cost·|x|` (Model A) or `min cost·x, x ≥ 0` (Model B) subject to `A x = 1`.
pub fn solve_lp(form: &Formulation, cost: &[f64], model: SignModel, backend: Backend) -> LpOutcome {
    let start = Instant::now();
    let mut outcome = match backend {
        Backend::InteriorPoint => solve_clarabel(form, cost, model),
        Backend::Simplex => solve_microlp(form, cost, model),
    };
    outcome.elapsed = start.elapsed();
    outcome
}

fn failed(message: String) -> LpOutcome {
    LpOutcome {
        status: LpStatus::Failed(message),
        objective: f64::NAN,
        elapsed: Duration::ZERO,
        iterations: 0,
    }
}

/// Columns of the LP: every variable once (Model B) or as x̂ then x̌ (Model A).
fn lp_columns(form: &Formulation, model: SignModel) -> usize {
    match model {
        SignModel::NonNegative => form.var_count(),
        SignModel::Free => 2 * form.var_count(),
    }
}

/// The LP cost vector: `cost` per variable, twice over for Model A (x̂ then x̌).
fn lp_cost(form: &Formulation, cost: &[f64], model: SignModel) -> Vec<f64> {
    let n = form.var_count();
    (0..lp_columns(form, model))
        .map(|k| cost.get(k % n.max(1)).copied().unwrap_or(1.0))
        .collect()
}

/// clarabel's problem: `[A_eq; −I]` with cones `[zero(m), nonnegative(cols)]`, i.e.
/// `A_eq x + s = 1, s = 0` and `−x + s = 0, s ≥ 0`.
///
/// Tolerances are 1e-7 instead of the default 1e-8: the grid is read by an argmax per cell
/// and the reweighting only needs the point to about 1e-6, and the looser stop saves a few
/// interior-point iterations per solve.
fn clarabel_solver(
    form: &Formulation,
    q: &[f64],
    model: SignModel,
) -> Result<DefaultSolver<f64>, LpOutcome> {
    let n = form.var_count();
    let m = form.rows;
    let cols = lp_columns(form, model);
    if q.len() != cols {
        return Err(failed(format!("{} costs for {} columns", q.len(), cols)));
    }
    let mut colptr = Vec::with_capacity(cols + 1);
    let mut rowval = Vec::with_capacity(form.row_idx.len() * cols / n.max(1) + cols);
    let mut nzval = Vec::with_capacity(rowval.capacity());
    colptr.push(0);
    for k in 0..cols {
        let (j, sign) = if k < n { (k, 1.0) } else { (k - n, -1.0) };
        for &r in form.column(j) {
            rowval.push(r as usize);
            nzval.push(sign);
        }
        rowval.push(m + k);
        nzval.push(-1.0);
        colptr.push(rowval.len());
    }
    let a = CscMatrix::new(m + cols, cols, colptr, rowval, nzval);
    let p = CscMatrix::<f64>::zeros((cols, cols));
    let mut b = vec![1.0; m];
    b.resize(m + cols, 0.0);
    let cones = [ZeroConeT(m), NonnegativeConeT(cols)];
    let settings = DefaultSettingsBuilder::default()
        .verbose(false)
        .max_iter(100)
        .tol_gap_abs(1e-7)
        .tol_gap_rel(1e-7)
        .tol_feas(1e-7)
        .build()
        .map_err(|e| failed(format!("clarabel settings: {e}")))?;
    DefaultSolver::new(&p, q, &a, &b, &cones, settings)
        .map_err(|e| failed(format!("clarabel: {e}")))
}

fn clarabel_outcome(solver: &DefaultSolver<f64>, n: usize, model: SignModel) -> LpOutcome {
    let sol = &solver.solution;
    let status = match sol.status {
        SolverStatus::Solved | SolverStatus::AlmostSolved => {
            let x: Vec<f64> = match model {
                SignModel::NonNegative => sol.x.clone(),
                SignModel::Free => (0..n).map(|j| sol.x[j] - sol.x[j + n]).collect(),
            };
            LpStatus::Optimal(x)
        }
        SolverStatus::PrimalInfeasible | SolverStatus::AlmostPrimalInfeasible => {
            LpStatus::Infeasible
        }
        other => LpStatus::Failed(format!("clarabel: {other:?}")),
    };
    LpOutcome {
        status,
        objective: sol.obj_val,
        elapsed: Duration::ZERO,
        iterations: sol.iterations as u64,
    }
}

fn solve_clarabel(form: &Formulation, cost: &[f64], model: SignModel) -> LpOutcome {
    if cost.len() != form.var_count() {
        return failed(format!(
            "{} costs for {} variables",
            cost.len(),
            form.var_count()
        ));
    }
    let q = lp_cost(form, cost, model);
    match clarabel_solver(form, &q, model) {
        Ok(mut solver) => {
            solver.solve();
            clarabel_outcome(&solver, form.var_count(), model)
        }
        Err(out) => out,
    }
}

fn solve_microlp(form: &Formulation, cost: &[f64], model: SignModel) -> LpOutcome {
    use microlp::{ComparisonOp, Error, OptimizationDirection, Problem};
    let n = form.var_count();
    if cost.len() != n {
        return failed(format!("{} costs for {} variables", cost.len(), n));
    }
    let mut problem = Problem::new(OptimizationDirection::Minimize);
    let plus: Vec<_> = cost
        .iter()
        .map(|&c| problem.add_var(c, (0.0, f64::INFINITY)))
        .collect();
    let minus: Vec<_> = match model {
        SignModel::NonNegative => Vec::new(),
        SignModel::Free => cost
            .iter()
            .map(|&c| problem.add_var(c, (0.0, f64::INFINITY)))
            .collect(),
    };
    for row in form.row_lists() {
        let mut terms: Vec<(microlp::Variable, f64)> =
            row.iter().map(|&j| (plus[j], 1.0)).collect();
        terms.extend(row.iter().filter_map(|&j| minus.get(j).map(|&v| (v, -1.0))));
        problem.add_constraint(terms.as_slice(), ComparisonOp::Eq, 1.0);
    }
    match problem.solve() {
        Ok(outcome) => {
            let iterations = outcome.stats().lp_iterations;
            match outcome.into_solution() {
                Ok(solution) => {
                    let x = (0..n)
                        .map(|j| {
                            solution.var_value(plus[j])
                                - minus.get(j).map_or(0.0, |&v| solution.var_value(v))
                        })
                        .collect();
                    LpOutcome {
                        status: LpStatus::Optimal(x),
                        objective: solution.objective(),
                        elapsed: Duration::ZERO,
                        iterations,
                    }
                }
                Err(_) => failed("microlp: interrupted".into()),
            }
        }
        Err(Error::Infeasible) => LpOutcome {
            status: LpStatus::Infeasible,
            objective: f64::NAN,
            elapsed: Duration::ZERO,
            iterations: 0,
        },
        Err(e) => failed(format!("microlp: {e}")),
    }
}

/// Report step 1: blank every value repeated in one of its houses, then put back any original
/// clue that was blanked. The survivors are conflict-free (every member of a repeat is blanked)
/// and agree with the original clues.
pub fn blank_repeats(geometry: &Geometry, digits: &[u8], original: &[u8]) -> Vec<u8> {
    let mut out = digits.to_vec();
    if let Ok(grid) = Grid::from_cells(geometry, digits.to_vec()) {
        for cell in grid.conflicting_cells() {
            out[cell] = 0;
        }
    }
    for (cell, &clue) in original.iter().enumerate() {
        if clue != 0 && cell < out.len() {
            out[cell] = clue;
        }
    }
    out
}

/// Whether `digits` is a complete valid grid keeping every given of `puzzle`.
pub fn is_solution(puzzle: &Puzzle, digits: &[u8]) -> bool {
    Grid::from_cells(puzzle.geometry(), digits.to_vec())
        .is_ok_and(|grid| grid.is_solved() && puzzle.givens.is_extended_by(&grid))
}

/// The checks every LP solver makes on a puzzle before starting.
pub(crate) fn check_puzzle(solver: &'static str, puzzle: &Puzzle) -> Result<(), LiveError> {
    if puzzle.pencilmarks.is_some() {
        return Err(LiveError::NeedsGivens { solver });
    }
    Ok(())
}

/// Cells whose largest value is fractional (below 0.99): the LP has not decided them.
pub(crate) fn fractional_cells(decoded: &Decoded, clues: &[u8]) -> Vec<usize> {
    decoded
        .confidence
        .iter()
        .enumerate()
        .filter(|&(cell, &c)| clues.get(cell).is_some_and(|&d| d == 0) && c < 0.99)
        .map(|(cell, _)| cell)
        .collect()
}
