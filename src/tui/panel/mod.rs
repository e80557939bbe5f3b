//! The solver side panel: pick one of the live solvers, run it beside the puzzle, and watch
//! its metrics and charts while the board overlays its current grid.
//!
//! A [`SolverPanel`] owns a worker thread (see `worker.rs`) that steps the chosen
//! [`LiveSolver`](sudoscope_core::live::LiveSolver) in slices, each under a permit of a shared
//! [`StepPool`], and publishes [`SolverView`]s; the UI thread only sends requests and takes the
//! newest view on [`SolverPanel::poll`], so solver work never delays a keypress.

pub mod ascii_chart;
mod pool;
mod render;
mod speed;
mod worker;

use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;

use sudoscope_core::grid::{Grid, Puzzle};
use sudoscope_core::live::{self, SolverView, Status};

pub use crate::tui::theme::PanelTheme;
pub use pool::{Permit, StepPool};
pub use render::ClockDisplay;
pub use speed::{Speed, Work};
pub use worker::live_workers;

use worker::{Job, Shared, Snapshot, Worker, lock};

/// What the UI asks of the panel (its keymap decides which keys send these).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PanelMsg {
    /// Choose the next solver in the list (and reset on the puzzle).
    NextSolver,
    PrevSolver,
    /// Run or pause; on a finished run, run again from the start.
    StartPause,
    /// Pause and do a single iteration.
    Step,
    /// Back to the start of the run (same solver, same seed), paused.
    Reset,
    Faster,
    Slower,
    /// The next seed, from the start (keeps running if it was).
    NewSeed,
}

/// The solver chosen when a panel opens: the backtracking search, because it always
/// finishes (with the solution, or the proof there is none); the stochastic solvers may stop
/// at their cap on a hard puzzle, which is a poor first sight of the panel.
pub const DEFAULT_SOLVER: &str = "backtrack";

/// The seed a panel starts with (the next seeds count up from it, so a run seen in the panel
/// is reproduced by `sudoscope solve --solver NAME --seed S`).
pub const DEFAULT_SEED: u64 = 1;

/// The newest state taken from the worker.
#[derive(Clone, Debug, Default)]
struct Current {
    view: Option<SolverView>,
    solution: Option<Grid>,
    error: Option<String>,
    finished: bool,
    elapsed: Duration,
    rate: Option<f64>,
}

/// The side panel: a solver choice, a seed, a speed, and a worker thread running the solver.
pub struct SolverPanel {
    shared: Arc<Shared>,
    thread: Option<JoinHandle<()>>,
    names: &'static [&'static str],
    index: usize,
    seed: u64,
    speed: Speed,
    puzzle: Option<Puzzle>,
    epoch: u64,
    running: bool,
    /// Whether the player has run or stepped this run (until then it reads "ready").
    touched: bool,
    /// Where the run starts from, said under the status ("from your 12 entries").
    origin: Option<String>,
    current: Current,
    clock: ClockDisplay,
    solved_hint: Option<String>,
}

impl SolverPanel {
    /// A panel stepping its solvers under permits of `pool`; its worker thread starts now and
    /// waits for a puzzle.
    pub fn new(pool: Arc<StepPool>) -> SolverPanel {
        let shared = Arc::new(Shared::new(pool));
        let worker = Worker::new(shared.clone());
        let thread = std::thread::Builder::new()
            .name("sudoscope-solver".into())
            .spawn(move || worker.run())
            .ok();
        let names = live::NAMES;
        let current = Current {
            error: thread
                .is_none()
                .then(|| "could not start a solver thread".to_string()),
            ..Current::default()
        };
        SolverPanel {
            shared,
            thread,
            names,
            index: names.iter().position(|&n| n == DEFAULT_SOLVER).unwrap_or(0),
            seed: DEFAULT_SEED,
            speed: Speed::DEFAULT,
            puzzle: None,
            epoch: 0,
            running: false,
            touched: false,
            origin: None,
            current,
            clock: ClockDisplay::Live,
            solved_hint: None,
        }
    }

    /// Starts over on `puzzle` (a new game or a restart), paused, keeping the solver, seed and
    /// speed.
    pub fn load(&mut self, puzzle: &Puzzle) {
        self.puzzle = Some(puzzle.clone());
        self.origin = None;
        self.restart(false);
    }

    /// Like [`SolverPanel::load`], with a sentence saying where the run starts from (the
    /// player's entries, or the givens and why), shown under the status line.
    pub fn load_from(&mut self, puzzle: &Puzzle, origin: impl Into<String>) {
        self.load(puzzle);
        self.origin = Some(origin.into());
    }

    /// Where the current run starts from, if the UI said.
    pub fn origin(&self) -> Option<&str> {
        self.origin.as_deref()
    }

    pub fn handle(&mut self, msg: PanelMsg) {
        match msg {
            PanelMsg::NextSolver | PanelMsg::PrevSolver => {
                let n = self.names.len().max(1);
                self.index = if msg == PanelMsg::NextSolver {
                    (self.index + 1) % n
                } else {
                    (self.index + n - 1) % n
                };
                self.restart(false);
            }
            PanelMsg::StartPause => {
                if self.puzzle.is_none() {
                } else if self.running {
                    self.set_running(false);
                } else if self.current.finished {
                    // Nothing more to do on this run (or it failed to start): run it again.
                    if self.current.view.is_some() {
                        self.restart(true);
                    }
                } else {
                    self.touched = true;
                    self.set_running(true);
                }
            }
            PanelMsg::Step => {
                if self.puzzle.is_some() && !self.current.finished {
                    self.touched = true;
                    self.running = false;
                    self.shared.request(|c| {
                        c.running = false;
                        c.steps = c.steps.saturating_add(1);
                    });
                }
            }
            PanelMsg::Reset => self.restart(false),
            PanelMsg::Faster | PanelMsg::Slower => {
                self.speed = if msg == PanelMsg::Faster {
                    self.speed.faster()
                } else {
                    self.speed.slower()
                };
                let speed = self.speed;
                self.shared.request(|c| c.speed = speed);
            }
            PanelMsg::NewSeed => {
                self.seed = self.seed.wrapping_add(1);
                let running = self.running;
                self.restart(running);
            }
        }
    }

    /// Takes the newest view from the worker; true if anything shown changed.
    pub fn poll(&mut self) -> bool {
        let Some(snapshot) = lock(&self.shared.published).take() else {
            return false;
        };
        if snapshot.epoch != self.epoch {
            return false;
        }
        self.take(snapshot);
        true
    }

    fn take(&mut self, snapshot: Snapshot) {
        if snapshot.finished {
            self.running = false;
        }
        self.current = Current {
            view: snapshot.view,
            solution: snapshot.solution,
            error: snapshot.error,
            finished: snapshot.finished,
            elapsed: snapshot.elapsed,
            rate: snapshot.rate,
        };
    }

    /// True while the solver runs or the worker still owes a view for a request (a step, a
    /// reset): the UI keeps drawing frames (and polling) while this holds.
    pub fn is_running(&self) -> bool {
        self.running || self.shared.pending() || lock(&self.shared.published).is_some()
    }

    /// Whether the solver is set to run (false while paused or once finished).
    pub fn is_playing(&self) -> bool {
        self.running
    }

    /// The solver's newest view (for the board overlay), once it has one.
    pub fn view(&self) -> Option<&SolverView> {
        self.current.view.as_ref()
    }

    /// The solver's solution, once it has solved the puzzle.
    /// Whether the chosen solver's last view has a solution (without copying it).
    pub fn has_solution(&self) -> bool {
        self.current.solution.is_some()
    }

    pub fn solution(&self) -> Option<Grid> {
        self.current.solution.clone()
    }

    /// The chosen solver's `--solver` name.
    pub fn solver_name(&self) -> &'static str {
        self.names.get(self.index).copied().unwrap_or("")
    }

    /// Every solver the panel offers, in order.
    pub fn solver_names(&self) -> &'static [&'static str] {
        self.names
    }

    /// Chooses a solver by name (and resets on the puzzle); false if there is none by that
    /// name.
    pub fn select(&mut self, name: &str) -> bool {
        match self.names.iter().position(|&n| n == name) {
            Some(index) => {
                self.index = index;
                self.restart(false);
                true
            }
            None => false,
        }
    }

    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Sets the seed and starts over (paused).
    pub fn set_seed(&mut self, seed: u64) {
        self.seed = seed;
        self.restart(false);
    }

    pub fn speed(&self) -> Speed {
        self.speed
    }

    pub fn set_speed(&mut self, speed: Speed) {
        self.speed = speed;
        self.shared.request(|c| c.speed = speed);
    }

    /// The solver's status, if it has started on a puzzle.
    pub fn status(&self) -> Option<Status> {
        self.current.view.as_ref().map(|v| v.status)
    }

    /// Why the solver could not start or stopped abnormally.
    pub fn error(&self) -> Option<&str> {
        self.current.error.as_deref()
    }

    /// Running time so far (pauses excluded).
    pub fn elapsed(&self) -> Duration {
        self.current.elapsed
    }

    /// Iterations per second over the last second of running (the whole run once finished).
    pub fn rate(&self) -> Option<f64> {
        self.current.rate
    }

    /// How elapsed time and rates are drawn: [`ClockDisplay::Hidden`] makes renders
    /// independent of the wall clock (snapshot tests, screenshots).
    pub fn set_clock_display(&mut self, clock: ClockDisplay) {
        self.clock = clock;
    }

    /// What the panel adds after "solved in N generations:" (the UI names its key, e.g.
    /// "y copies it into the board"); by default "its solution can go on the board".
    pub fn set_solved_hint(&mut self, hint: impl Into<String>) {
        self.solved_hint = Some(hint.into());
    }

    /// Blocks until the worker has done everything asked of it (or, while running, until the
    /// solver finishes), at most `timeout`, then polls. For tests and headless use; the UI
    /// polls instead. False on timeout.
    pub fn settle(&mut self, timeout: Duration) -> bool {
        let done = self.shared.settle(timeout);
        self.poll();
        done
    }

    /// Draws the panel into `area`; returns the rows it left empty inside its border (no
    /// chart yet, say), for the caller to use.
    pub fn render(
        &self,
        frame: &mut ratatui::Frame,
        area: ratatui::layout::Rect,
        theme: &PanelTheme,
    ) -> Option<ratatui::layout::Rect> {
        render::render(self, frame, area, theme)
    }

    fn set_running(&mut self, running: bool) {
        self.running = running;
        self.shared.request(|c| c.running = running);
    }

    /// A new job for the worker: the current solver, puzzle and seed, from the start.
    fn restart(&mut self, running: bool) {
        let Some(puzzle) = self.puzzle.clone() else {
            return;
        };
        self.epoch += 1;
        self.running = running;
        self.touched = running;
        self.current = Current::default();
        let job = Job {
            puzzle,
            solver: self.solver_name(),
            seed: self.seed,
            epoch: self.epoch,
        };
        let speed = self.speed;
        self.shared.request(move |c| {
            c.job = Some(job);
            c.steps = 0;
            c.running = running;
            c.speed = speed;
        });
    }
}

/// How long dropping a panel waits for its worker before leaving it to finish alone.
const DROP_WAIT: Duration = Duration::from_millis(200);

impl Drop for SolverPanel {
    /// Tells the worker to stop and joins it. A worker inside one long solver step (a 25×25
    /// LP solve takes seconds) cannot be interrupted: after [`DROP_WAIT`] the panel stops
    /// waiting, so quitting never hangs, and the worker exits as soon as that step returns
    /// (it checks for the stop request between steps and never takes another).
    fn drop(&mut self) {
        self.shared.request(|c| c.quit = true);
        let Some(thread) = self.thread.take() else {
            return;
        };
        let deadline = std::time::Instant::now() + DROP_WAIT;
        while !thread.is_finished() && std::time::Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(1));
        }
        if thread.is_finished() {
            // A worker that panicked outside the solver has nothing left to clean up.
            let _ = thread.join();
        }
    }
}
