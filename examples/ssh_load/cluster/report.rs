//! What one backend's run measured, and the table that compares the backends beside the
//! goals.

use std::sync::Arc;
use std::time::Duration;

use super::ClusterOptions;
use super::faults::{FaultReport, Tally};
use super::race::Progress;
use super::session::{Role, Session};
use super::typing::Outcome;
use crate::stats::{rates, spread};

pub struct Report {
    pub label: String,
    pub sessions: usize,
    pub racers: usize,
    pub solvers: usize,
    pub instances: usize,
    pub connect_took: Duration,
    pub idle_before_kib: u64,
    pub idle_with_kib: u64,
    pub echo: Vec<Duration>,
    pub echo_solvers: Vec<Duration>,
    /// Frames a second each solver session received while typing.
    pub solver_frame_rates: Vec<f64>,
    pub echo_racers: Vec<Duration>,
    pub progress: Progress,
    pub dropped: u32,
    pub killed: u32,
    pub reconnects: u32,
    pub echo_missing: u32,
    pub resume_mismatch: u32,
    pub rooms_gone: u32,
    /// Solver runs that ended, solved, stuck or at their cap, and were started again.
    pub solver_restarts: [u32; 3],
    pub solver_lost: u32,
    pub failed: Vec<String>,
    pub typed_for: Duration,
    pub server_cpu_ms: u64,
    pub tool_cpu_ms: u64,
    /// Every PostgreSQL process of the machine, when the run used it.
    pub postgres_cpu_ms: Option<u64>,
    pub faults: Option<FaultReport>,
    pub at_end: Tally,
}

impl Report {
    pub fn new(
        label: &str,
        _options: &ClusterOptions,
        sessions: &[Arc<Session>],
        instances: usize,
    ) -> Report {
        Report {
            label: label.to_string(),
            sessions: sessions.len(),
            racers: sessions.iter().filter(|s| s.is_racer()).count(),
            solvers: sessions.iter().filter(|s| s.role == Role::Solver).count(),
            instances,
            connect_took: Duration::ZERO,
            idle_before_kib: 0,
            idle_with_kib: 0,
            echo: Vec::new(),
            echo_solvers: Vec::new(),
            solver_frame_rates: Vec::new(),
            echo_racers: Vec::new(),
            progress: Progress::default(),
            dropped: 0,
            killed: 0,
            reconnects: 0,
            echo_missing: 0,
            resume_mismatch: 0,
            rooms_gone: 0,
            solver_restarts: [0; 3],
            solver_lost: 0,
            failed: Vec::new(),
            typed_for: Duration::ZERO,
            server_cpu_ms: 0,
            tool_cpu_ms: 0,
            postgres_cpu_ms: None,
            faults: None,
            at_end: Tally::default(),
        }
    }

    /// Takes in the sessions' outcomes (in session order: racers, solvers, typists).
    pub fn take(&mut self, outcomes: Vec<Outcome>) {
        for (i, outcome) in outcomes.into_iter().enumerate() {
            if i < self.racers {
                self.echo_racers.extend(&outcome.latencies);
            } else if i < self.racers + self.solvers {
                self.echo_solvers.extend(&outcome.latencies);
                self.solver_frame_rates.extend(outcome.frame_rate);
            }
            self.echo.extend(outcome.latencies);
            self.dropped += outcome.dropped;
            self.killed += outcome.killed;
            self.reconnects += outcome.reconnects;
            self.echo_missing += outcome.echo_missing;
            self.resume_mismatch += outcome.resume_mismatch;
            self.rooms_gone += u32::from(outcome.room_gone);
            for (sum, n) in self.solver_restarts.iter_mut().zip(outcome.solver_restarts) {
                *sum += n;
            }
            self.solver_lost += outcome.solver_lost;
            if let Some(failed) = outcome.failed {
                self.failed.push(failed);
            }
        }
        self.echo.sort();
        self.echo_solvers.sort();
        self.solver_frame_rates.sort_by(f64::total_cmp);
        self.echo_racers.sort();
    }

    /// What went wrong beyond a figure missing its goal: lost sessions or moves.
    pub fn failures(&self) -> Vec<String> {
        let mut failures: Vec<String> = self.failed.clone();
        if self.dropped > 0 {
            failures.push(format!("{}: {} sessions dropped", self.label, self.dropped));
        }
        let lost = self.at_end.lost + self.faults.as_ref().map_or(0, |f| f.at_kills.lost);
        if lost > 0 {
            failures.push(format!(
                "{}: {lost} echoed moves not in the store",
                self.label
            ));
        }
        failures
    }

    fn idle_per_session_mb(&self) -> f64 {
        self.idle_with_kib.saturating_sub(self.idle_before_kib) as f64
            / 1024.0
            / self.sessions.max(1) as f64
    }
}

fn tally(t: &Tally) -> String {
    format!(
        "{} games checked: {} of their {} echoed moves stored, {} lost{}",
        t.checks,
        t.found,
        t.acknowledged,
        t.lost,
        if t.unknown_boards > 0 {
            format!(" ({} games not found)", t.unknown_boards)
        } else {
            String::new()
        }
    )
}

/// The comparison as a Markdown table (what `scripts/bench.sh` puts in the benchmarks page),
/// then a line per backend of what the load tool and the servers cost.
pub fn print(options: &ClusterOptions, reports: &[Report]) {
    if reports.is_empty() {
        println!("no backend was measured");
        return;
    }
    let mut header = "| measure | goal |".to_string();
    let mut rule = "|---|---|".to_string();
    for r in reports {
        header += &format!(" {} |", r.label);
        rule += "---|";
    }
    println!("{header}");
    println!("{rule}");
    let row = |name: &str, goal: &str, cell: &dyn Fn(&Report) -> String| {
        let mut line = format!("| {name} | {goal} |");
        for r in reports {
            line += &format!(" {} |", cell(r));
        }
        println!("{line}");
    };
    row(
        "sessions (in races of 4, with a live solver)",
        "1,000 (100, 50)",
        &|r| format!("{} ({}, {})", r.sessions, r.racers, r.solvers),
    );
    row(
        &format!("keystroke echo, {} s of one move a second", options.seconds),
        "p99 < 100 ms",
        &|r| spread(&r.echo),
    );
    row("… of the sessions with a live solver", "", &|r| {
        spread(&r.echo_solvers)
    });
    row("… of the racers", "", &|r| spread(&r.echo_racers));
    row(
        "frames a second a live solver's player gets while typing (full speed 30)",
        "",
        &|r| rates(&r.solver_frame_rates),
    );
    row(
        "race progress seen by the other racers, same instance",
        "p99 < 250 ms",
        &|r| spread(&r.progress.same),
    );
    row(
        &format!(
            "race progress seen by the other racers, across instances (spread {})",
            options.spread.name()
        ),
        "p99 < 250 ms",
        &|r| {
            if r.instances > 1 {
                spread(&r.progress.cross)
            } else {
                "one instance".into()
            }
        },
    );
    row("race moves not seen by another racer", "", &|r| {
        r.progress.unseen.to_string()
    });
    row("sessions dropped", "0", &|r| r.dropped.to_string());
    row("echoes missing (none within 10 s)", "0", &|r| {
        r.echo_missing.to_string()
    });
    row("server memory per idle session", "≤ 1 MB", &|r| {
        format!(
            "{:.2} MB ({:.0} → {:.0} MB with {} sessions)",
            r.idle_per_session_mb(),
            r.idle_before_kib as f64 / 1024.0,
            r.idle_with_kib as f64 / 1024.0,
            r.sessions
        )
    });
    row("game moves in the store after the run", "all", &|r| {
        tally(&r.at_end)
    });
    if reports.iter().any(|r| r.faults.is_some()) {
        row("faults during the typing", "20 kill -9, 3 restarts", &|r| {
            r.faults.as_ref().map_or(String::new(), |f| {
                format!("{} kill -9, {} PostgreSQL restarts", f.kills, f.pg_restarts)
            })
        });
        row(
            "echoed moves in the store right after each kill",
            "all",
            &|r| {
                r.faults
                    .as_ref()
                    .map_or(String::new(), |f| tally(&f.at_kills))
            },
        );
        row("connections lost to the kills, reconnects", "", &|r| {
            format!("{}, {}", r.killed, r.reconnects)
        });
        row("killed instance back listening", "", &|r| {
            r.faults
                .as_ref()
                .map_or(String::new(), |f| spread(&sorted(&f.restart_took)))
        });
        row("PostgreSQL restart until it answered", "", &|r| {
            r.faults
                .as_ref()
                .map_or(String::new(), |f| spread(&sorted(&f.pg_restart_took)))
        });
        row("games or rooms not as left after a reconnect", "0", &|r| {
            r.resume_mismatch.to_string()
        });
        row("solvers not started again after a reconnect", "0", &|r| {
            r.solver_lost.to_string()
        });
        row("racers whose room died with its instance", "", &|r| {
            r.rooms_gone.to_string()
        });
    }
    row("connecting every session and opening the rooms", "", &|r| {
        format!("{:.1} s", r.connect_took.as_secs_f64())
    });
    row(
        &format!(
            "cores used while typing (of {}): the servers, PostgreSQL, the load tool",
            std::thread::available_parallelism().map_or(0, |n| n.get())
        ),
        "",
        &|r| {
            let typed = r.typed_for.as_secs_f64().max(0.001);
            let cores = |ms: u64| format!("{:.2}", ms as f64 / 1000.0 / typed);
            format!(
                "{}, {}, {}",
                cores(r.server_cpu_ms),
                r.postgres_cpu_ms.map_or("-".into(), cores),
                cores(r.tool_cpu_ms)
            )
        },
    );
    row(
        "solver runs that ended (solved, stuck, at their cap) and were started again",
        "",
        &|r| {
            let [solved, stuck, cap] = r.solver_restarts;
            format!("{solved}, {stuck}, {cap}")
        },
    );
}

fn sorted(durations: &[Duration]) -> Vec<Duration> {
    let mut sorted = durations.to_vec();
    sorted.sort();
    sorted
}
