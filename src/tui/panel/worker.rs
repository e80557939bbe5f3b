//! The panel's worker thread: it owns the solver, steps it in slices while holding a pool
//! permit, and publishes what the panel draws.
//!
//! The panel and the worker share one [`Shared`]: the panel writes requests into [`Control`]
//! and wakes the worker; the worker leaves its newest [`Snapshot`] in `published`, which the
//! panel takes on `poll`. Nothing here blocks the UI thread for longer than a lock.

use std::collections::VecDeque;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

use sudoscope_core::grid::{Grid, Puzzle};
use sudoscope_core::live::{self, LiveSolver, SolverView};

use super::pool::{Permit, StepPool};
use super::speed::{FRAME, MAX_SLICE, Speed, Work};

/// Worker threads alive in this process.
static LIVE_WORKERS: AtomicUsize = AtomicUsize::new(0);

/// How many panel worker threads are alive in this process (for tests and the server's
/// statistics).
pub fn live_workers() -> usize {
    LIVE_WORKERS.load(Ordering::SeqCst)
}

/// Start over: this solver, on this puzzle, with this seed.
#[derive(Clone, Debug)]
pub(super) struct Job {
    pub puzzle: Puzzle,
    pub solver: &'static str,
    pub seed: u64,
    pub epoch: u64,
}

/// What the panel asks of the worker.
#[derive(Debug)]
pub(super) struct Control {
    /// A pending restart; it cancels pending single steps.
    pub job: Option<Job>,
    /// Run frame after frame until the solver finishes.
    pub running: bool,
    /// Pending single iterations.
    pub steps: u32,
    pub speed: Speed,
    pub quit: bool,
    /// The worker is doing something (false only while it waits for a request).
    pub busy: bool,
    /// Bumped on every request, so a worker pausing between frames wakes at once.
    pub seq: u64,
}

impl Control {
    /// Work asked for and not done yet (the worker clears `running` when its solver
    /// finishes).
    fn has_work(&self) -> bool {
        self.busy || self.job.is_some() || self.steps > 0 || self.running
    }
}

/// What the worker publishes after each piece of work.
#[derive(Clone, Debug)]
pub(super) struct Snapshot {
    /// The job this belongs to (older ones are dropped by the panel).
    pub epoch: u64,
    pub view: Option<SolverView>,
    pub solution: Option<Grid>,
    /// Why the solver could not start or stopped abnormally.
    pub error: Option<String>,
    /// The solver has finished (or failed): running more does nothing.
    pub finished: bool,
    /// Time spent running (pauses excluded).
    pub elapsed: Duration,
    /// Iterations per second over the last second of running (the whole run once finished).
    pub rate: Option<f64>,
}

pub(super) struct Shared {
    pub control: Mutex<Control>,
    /// The worker waits on this for requests.
    pub wake: Condvar,
    /// Signalled whenever the worker runs out of requests.
    pub idle: Condvar,
    pub published: Mutex<Option<Snapshot>>,
    pub pool: Arc<StepPool>,
}

/// Locks ignoring poison: the worker catches solver panics, and every field stays meaningful.
pub(super) fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

impl Shared {
    pub fn new(pool: Arc<StepPool>) -> Shared {
        Shared {
            control: Mutex::new(Control {
                job: None,
                running: false,
                steps: 0,
                speed: Speed::DEFAULT,
                quit: false,
                busy: false,
                seq: 0,
            }),
            wake: Condvar::new(),
            idle: Condvar::new(),
            published: Mutex::new(None),
            pool,
        }
    }

    /// Changes the request and wakes the worker.
    pub fn request(&self, change: impl FnOnce(&mut Control)) {
        let mut control = lock(&self.control);
        change(&mut control);
        control.seq = control.seq.wrapping_add(1);
        drop(control);
        self.wake.notify_all();
    }

    /// Whether the worker has requests left or is working on one.
    pub fn pending(&self) -> bool {
        lock(&self.control).has_work()
    }

    /// Waits until the worker has nothing left to do, at most `timeout`.
    pub fn settle(&self, timeout: Duration) -> bool {
        let deadline = Instant::now() + timeout;
        let mut control = lock(&self.control);
        while control.has_work() {
            let Some(left) = deadline.checked_duration_since(Instant::now()) else {
                return false;
            };
            control = self
                .idle
                .wait_timeout(control, left)
                .unwrap_or_else(PoisonError::into_inner)
                .0;
        }
        true
    }
}

enum Action {
    Load(Job),
    Step,
    Frame { speed: Speed, seq: u64 },
}

/// The worker's own state.
pub(super) struct Worker {
    shared: Arc<Shared>,
    solver: Option<Box<dyn LiveSolver>>,
    solver_name: &'static str,
    epoch: u64,
    finished: bool,
    error: Option<String>,
    elapsed: Duration,
    iterations: u64,
    /// `(elapsed, iterations)` samples for the rate, the last second or so.
    samples: VecDeque<(Duration, u64)>,
    /// Frames since the last iteration, for the slowest speeds.
    idle_frames: u32,
    /// Whether the solver moved on since the last view was published.
    unpublished: bool,
    /// Counted from the worker's creation (before its thread is spawned, so the count is
    /// exact as soon as the panel exists) to the end of its thread, panics included.
    _alive: Alive,
}

/// One live worker in `LIVE_WORKERS` while it exists.
struct Alive;

impl Alive {
    fn new() -> Alive {
        LIVE_WORKERS.fetch_add(1, Ordering::SeqCst);
        Alive
    }
}

impl Drop for Alive {
    fn drop(&mut self) {
        LIVE_WORKERS.fetch_sub(1, Ordering::SeqCst);
    }
}

impl Worker {
    pub fn new(shared: Arc<Shared>) -> Worker {
        Worker {
            shared,
            solver: None,
            solver_name: "",
            epoch: 0,
            finished: false,
            error: None,
            elapsed: Duration::ZERO,
            iterations: 0,
            samples: VecDeque::new(),
            idle_frames: 0,
            unpublished: false,
            _alive: Alive::new(),
        }
    }

    /// The thread's body: serve requests until told to quit.
    pub fn run(mut self) {
        while let Some(action) = self.next_action() {
            match action {
                Action::Load(job) => self.load(job),
                Action::Step => {
                    let shared = self.shared.clone();
                    if let Some(_permit) = self.permit(&shared) {
                        self.step(Duration::ZERO);
                        self.publish();
                    }
                }
                Action::Frame { speed, seq } => self.frame(speed, seq),
            }
        }
    }

    fn next_action(&mut self) -> Option<Action> {
        let shared = self.shared.clone();
        let mut control = lock(&shared.control);
        loop {
            if control.quit {
                control.busy = false;
                shared.idle.notify_all();
                return None;
            }
            if let Some(job) = control.job.take() {
                control.busy = true;
                return Some(Action::Load(job));
            }
            let can_work = self.solver.is_some() && !self.finished;
            if !can_work {
                control.steps = 0;
                control.running = false;
            }
            if control.steps > 0 {
                control.steps -= 1;
                control.busy = true;
                return Some(Action::Step);
            }
            if control.running {
                control.busy = true;
                return Some(Action::Frame {
                    speed: control.speed,
                    seq: control.seq,
                });
            }
            if self.unpublished {
                // Paused with a frame the UI has not seen: it sees where the run stopped.
                drop(control);
                self.publish();
                control = lock(&shared.control);
                continue;
            }
            control.busy = false;
            shared.idle.notify_all();
            control = shared
                .wake
                .wait(control)
                .unwrap_or_else(PoisonError::into_inner);
        }
    }

    /// A pool permit, or `None` if the panel is dropped while waiting for one.
    fn permit<'a>(&self, shared: &'a Shared) -> Option<Permit<'a>> {
        loop {
            if let Some(permit) = shared.pool.acquire_timeout(Duration::from_millis(20)) {
                return Some(permit);
            }
            if lock(&shared.control).quit {
                return None;
            }
        }
    }

    fn load(&mut self, job: Job) {
        self.solver = None;
        self.solver_name = job.solver;
        self.epoch = job.epoch;
        self.finished = false;
        self.error = None;
        self.elapsed = Duration::ZERO;
        self.iterations = 0;
        self.samples.clear();
        self.idle_frames = 0;
        let shared = self.shared.clone();
        let Some(_permit) = self.permit(&shared) else {
            return;
        };
        match live::by_name(job.solver) {
            None => self.error = Some(format!("{} is not available", job.solver)),
            Some(mut solver) => {
                let reset = catch_unwind(AssertUnwindSafe(|| solver.reset(&job.puzzle, job.seed)));
                match reset {
                    Ok(Ok(())) => self.solver = Some(solver),
                    Ok(Err(error)) => self.error = Some(error.to_string()),
                    Err(_) => self.error = Some(self.crashed()),
                }
            }
        }
        self.finished = self.error.is_some();
        self.publish();
    }

    fn crashed(&self) -> String {
        format!("{} stopped on an internal error", self.solver_name)
    }

    /// One `step` call; a panicking solver is dropped and reported.
    fn step(&mut self, budget: Duration) {
        let Some(solver) = self.solver.as_mut() else {
            return;
        };
        match catch_unwind(AssertUnwindSafe(|| solver.step(budget))) {
            Ok(progress) => {
                self.iterations = progress.iterations;
                self.finished |= progress.status.is_finished();
            }
            Err(_) => {
                self.error = Some(self.crashed());
                self.solver = None;
                self.finished = true;
            }
        }
    }

    /// One frame of running at `speed`: the work, a publish, then a pause until the frame's
    /// end (cut short by any new request).
    fn frame(&mut self, speed: Speed, seq: u64) {
        let start = Instant::now();
        let shared = self.shared.clone();
        let mut worked = false;
        match speed.work() {
            Work::Iterations { count, frames } => {
                self.idle_frames += 1;
                if self.idle_frames >= frames {
                    self.idle_frames = 0;
                    if let Some(_permit) = self.permit(&shared) {
                        for _ in 0..count {
                            self.step(Duration::ZERO);
                            worked = true;
                            if self.finished || start.elapsed() >= FRAME {
                                break;
                            }
                        }
                    }
                }
            }
            Work::Budget(budget) => {
                if let Some(_permit) = self.permit(&shared) {
                    self.step(budget);
                    worked = true;
                }
            }
            Work::Flat => loop {
                let Some(_permit) = self.permit(&shared) else {
                    break;
                };
                self.step(MAX_SLICE);
                worked = true;
                if self.finished || start.elapsed() >= FRAME || lock(&shared.control).seq != seq {
                    break;
                }
            },
        }
        self.elapsed += start.elapsed();
        self.sample();
        // A view is built only for a UI that took the last one (a view copies the solver's
        // charts, which costs more than a frame of solving): the UI's frame rate, not the
        // worker's, sets how many are made. The last view of a run always goes out.
        if worked {
            if self.finished || lock(&shared.published).is_none() {
                self.publish();
            } else {
                self.unpublished = true;
            }
        }
        if !self.finished && speed.work() != Work::Flat {
            let paused = Instant::now();
            self.pause_until(start + FRAME, seq);
            self.elapsed += paused.elapsed();
        }
    }

    /// Waits until `deadline` unless a request comes first.
    fn pause_until(&self, deadline: Instant, seq: u64) {
        let shared = &self.shared;
        let mut control = lock(&shared.control);
        while control.seq == seq && !control.quit {
            let Some(left) = deadline.checked_duration_since(Instant::now()) else {
                return;
            };
            control = shared
                .wake
                .wait_timeout(control, left)
                .unwrap_or_else(PoisonError::into_inner)
                .0;
        }
    }

    fn sample(&mut self) {
        self.samples.push_back((self.elapsed, self.iterations));
        while self.samples.len() > 2 && self.samples[1].0 + Duration::from_secs(1) <= self.elapsed {
            self.samples.pop_front();
        }
    }

    fn rate(&self) -> Option<f64> {
        if self.finished {
            let secs = self.elapsed.as_secs_f64();
            return (secs > 0.0).then(|| self.iterations as f64 / secs);
        }
        let (&(t0, i0), &(t1, i1)) = (self.samples.front()?, self.samples.back()?);
        let secs = (t1 - t0).as_secs_f64();
        (secs > 0.0).then(|| i1.saturating_sub(i0) as f64 / secs)
    }

    fn publish(&mut self) {
        self.unpublished = false;
        let mut view = None;
        let mut solution = None;
        if let Some(solver) = self.solver.as_ref() {
            match catch_unwind(AssertUnwindSafe(|| (solver.view(), solver.solution()))) {
                Ok((v, s)) => {
                    self.finished |= v.status.is_finished();
                    view = Some(v);
                    solution = s;
                }
                Err(_) => {
                    self.error = Some(self.crashed());
                    self.solver = None;
                    self.finished = true;
                }
            }
        }
        let snapshot = Snapshot {
            epoch: self.epoch,
            view,
            solution,
            error: self.error.clone(),
            finished: self.finished,
            elapsed: self.elapsed,
            rate: self.rate(),
        };
        *lock(&self.shared.published) = Some(snapshot);
    }
}
