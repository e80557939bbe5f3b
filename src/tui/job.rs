//! Work too slow for `App::update`: generating a puzzle, the whole solution path, a hint on a
//! large grid, rating a new game (Sudoku Explainer's rating of the hardest puzzles takes a
//! minute). `update` only describes the work (an `Effect::Work`); the runner carries it
//! out away from the screen — the local runner on its [`JobPool`], an SSH session on the
//! server's blocking pool — and hands the result back as `Msg::Done`. So `update` stays
//! quick, does no I/O and starts no thread, and over SSH a heavy request never holds one of
//! the async workers that echo other players' keys.
//!
//! Every job carries a cancellation flag: the generator polls it, so Esc (or a session that
//! ends) stops the worker instead of letting it run to its deadline.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Mutex};

use sudoscope_core::generate::{
    GenerateError, GenerateOptions, Generated, Measure, generate_cancellable,
    generate_measured_cancellable,
};
use sudoscope_core::grid::Puzzle;
use sudoscope_core::logic::rating::{self, Rating};
use sudoscope_core::logic::{self, Board, Step};

/// One piece of work and its identity (the app ignores answers to jobs it no longer waits
/// for).
#[derive(Clone, Debug)]
pub struct Job {
    pub id: u64,
    cancel: Arc<AtomicBool>,
    work: Work,
}

/// Two jobs are the same when they have the same id (effects compare in tests).
impl PartialEq for Job {
    fn eq(&self, other: &Job) -> bool {
        self.id == other.id
    }
}
impl Eq for Job {}

#[derive(Clone, Debug)]
enum Work {
    Generate(GenerateOptions),
    /// A puzzle to an SE band or for a technique to practise.
    GenerateMeasured(GenerateOptions, Measure),
    /// The solution path from a board; `unique` says the puzzle has one solution.
    Path {
        board: Board,
        unique: bool,
    },
    /// The next step at a board; `unique` says the puzzle has one solution.
    Hint {
        board: Board,
        unique: bool,
    },
    Rate {
        puzzle: Puzzle,
        engine: bool,
        se: bool,
    },
}

/// A finished job's answer.
#[derive(Clone, Debug)]
pub struct Done {
    pub id: u64,
    pub outcome: Outcome,
}

#[derive(Clone, Debug)]
pub enum Outcome {
    Generated(Result<Generated, GenerateError>),
    Path(logic::path::Path),
    Hint(Option<Step>),
    Rated(Rated),
}

/// A game's ratings, as far as they were asked for and could be made.
#[derive(Clone, Debug)]
pub struct Rated {
    /// The engine's rating (level and score), when the game came without one.
    pub engine: Option<Rating>,
    /// Sudoku Explainer's ER in tenths, when SE could rate the puzzle.
    pub se_er: Option<u32>,
}

impl Job {
    pub(crate) fn generate(id: u64, options: GenerateOptions) -> Job {
        Job::new(id, Work::Generate(options))
    }

    /// A puzzle made to measure (`generate --se` / `--needs`), cancellable like the others.
    pub(crate) fn generate_measured(id: u64, options: GenerateOptions, measure: Measure) -> Job {
        Job::new(id, Work::GenerateMeasured(options, measure))
    }

    /// The solution path: our ladder, and where it is stuck on a standard 9×9 puzzle with
    /// one solution, Sudoku Explainer's rules (as `hint --path` and the hints do).
    pub(crate) fn path(id: u64, board: Board, unique: bool) -> Job {
        Job::new(id, Work::Path { board, unique })
    }

    pub(crate) fn hint(id: u64, board: Board, unique: bool) -> Job {
        Job::new(id, Work::Hint { board, unique })
    }

    /// Rates a puzzle with one solution: the engine's rating when `engine`, SE's when `se`
    /// (a standard 9×9 puzzle). A cancelled SE rating stops after the step it is searching
    /// (seconds at most), and its answer is dropped.
    pub(crate) fn rate(id: u64, puzzle: Puzzle, engine: bool, se: bool) -> Job {
        Job::new(id, Work::Rate { puzzle, engine, se })
    }

    fn new(id: u64, work: Work) -> Job {
        Job {
            id,
            cancel: Arc::new(AtomicBool::new(false)),
            work,
        }
    }

    /// Asks the worker to stop; a generation ends with `GenerateError::Cancelled`.
    pub fn cancel(&self) {
        self.cancel.store(true, Ordering::Relaxed);
    }

    pub fn is_cancelled(&self) -> bool {
        cancelled(&self.cancel)
    }

    /// Does the work (on whatever thread the runner chose).
    pub fn run(self) -> Done {
        let outcome = match self.work {
            Work::Generate(options) => {
                Outcome::Generated(generate_cancellable(&options, &self.cancel))
            }
            Work::GenerateMeasured(options, measure) => Outcome::Generated(
                generate_measured_cancellable(&options, &measure, &self.cancel),
            ),
            Work::Path { board, unique } => {
                Outcome::Path(logic::path::solve_never_stuck(&board, &[], unique))
            }
            Work::Hint { board, unique } => {
                let order = logic::path::order(&[]);
                // One question, one memo: a player may take minutes before the next hint.
                let memo = logic::se::SeMemo::default();
                Outcome::Hint(logic::path::next_step_or_se(&board, &order, unique, &memo))
            }
            Work::Rate { puzzle, engine, se } => Outcome::Rated(Rated {
                engine: (engine && !cancelled(&self.cancel)).then(|| rating::rate(&puzzle)),
                se_er: (se && !cancelled(&self.cancel))
                    .then(|| {
                        logic::se::rate_cancellable(&puzzle, || cancelled(&self.cancel))
                            .ok()
                            .map(|r| r.er)
                    })
                    .flatten(),
            }),
        };
        Done {
            id: self.id,
            outcome,
        }
    }
}

fn cancelled(flag: &AtomicBool) -> bool {
    flag.load(Ordering::Relaxed)
}

/// The local runner's workers: a fixed number of threads take jobs in turn, so however
/// many requests come, at most that many cores work on them.
pub struct JobPool {
    jobs: Option<Sender<Job>>,
    done: Receiver<Done>,
    workers: Vec<std::thread::JoinHandle<()>>,
}

impl JobPool {
    pub fn new(workers: usize) -> std::io::Result<JobPool> {
        let (jobs, queue) = mpsc::channel::<Job>();
        let (finished, done) = mpsc::channel();
        let queue = Arc::new(Mutex::new(queue));
        let workers = (0..workers.max(1))
            .map(|i| {
                let queue = queue.clone();
                let finished = finished.clone();
                std::thread::Builder::new()
                    .name(format!("sudoscope-job-{i}"))
                    .spawn(move || {
                        loop {
                            let next = queue
                                .lock()
                                .unwrap_or_else(|poisoned| poisoned.into_inner())
                                .recv();
                            let Ok(job) = next else { return };
                            if finished.send(job.run()).is_err() {
                                return;
                            }
                        }
                    })
            })
            .collect::<std::io::Result<Vec<_>>>()?;
        Ok(JobPool {
            jobs: Some(jobs),
            done,
            workers,
        })
    }

    pub fn submit(&self, job: Job) {
        if let Some(jobs) = &self.jobs {
            let _ = jobs.send(job);
        }
    }

    /// The answers that arrived since the last call.
    pub fn finished(&self) -> Vec<Done> {
        self.done.try_iter().collect()
    }
}

impl Drop for JobPool {
    /// Closes the queue; workers finish their current job (cancelled by then: the app
    /// cancels what it waits for when it goes) and leave.
    fn drop(&mut self) {
        self.jobs = None;
        for worker in self.workers.drain(..) {
            drop(worker);
        }
    }
}
