//! Dropping a solver panel stops its worker thread, whatever the worker is doing: waiting for
//! a request, running flat out, or waiting for a pool permit that never comes. (One test in
//! its own binary, so the process's thread count belongs to it alone.)

use std::sync::Arc;
use std::time::{Duration, Instant};

use sudoscope::tui::panel::{PanelMsg, SolverPanel, Speed, StepPool, live_workers};
use sudoscope_core::grid::{ReadOptions, parse_puzzle};

/// A hard puzzle, so RFSS is still running when its panel is dropped.
const HARD: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

/// Threads of this process, where the OS tells (Linux).
fn os_threads() -> Option<usize> {
    std::fs::read_dir("/proc/self/task").ok().map(|d| d.count())
}

fn wait_for(condition: impl Fn() -> bool) -> bool {
    let deadline = Instant::now() + Duration::from_secs(30);
    while Instant::now() < deadline {
        if condition() {
            return true;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    condition()
}

#[test]
fn dropping_panels_leaks_no_thread() {
    let puzzle = parse_puzzle(HARD, ReadOptions::default()).expect("puzzle");
    let baseline = os_threads();
    assert_eq!(live_workers(), 0);

    let pool = Arc::new(StepPool::new(1));
    let mut panels: Vec<SolverPanel> = (0..12).map(|_| SolverPanel::new(pool.clone())).collect();
    assert_eq!(live_workers(), 12);
    // Some sandboxes (gVisor-like kernels) list only part of a process's threads in
    // /proc/self/task; the OS-level check below is used only where the OS count is exact.
    let os_counts_exactly = match (baseline, os_threads()) {
        (Some(base), Some(now)) if base > 0 && now == base + 12 => true,
        (base, now) => {
            eprintln!(
                "note: /proc/self/task does not count threads exactly here \
                 (baseline {base:?}, now {now:?} with 12 workers); checking the worker counter only"
            );
            false
        }
    };
    for (i, panel) in panels.iter_mut().enumerate() {
        panel.load(&puzzle);
        match i % 3 {
            // Running flat out, sharing one permit.
            0 => {
                panel.set_speed(Speed::new(Speed::MAX));
                panel.handle(PanelMsg::StartPause);
            }
            // Running slowly (pausing between frames).
            1 => panel.handle(PanelMsg::StartPause),
            // Idle, waiting for a request.
            _ => {}
        }
    }
    std::thread::sleep(Duration::from_millis(100));
    assert!(panels.iter_mut().any(|p| {
        p.poll();
        p.view().is_some_and(|v| v.iterations > 0)
    }));
    drop(panels);
    // Drop joins (a worker between steps of microseconds stops at once; a loaded machine may
    // need a moment to schedule it).
    assert!(
        wait_for(|| live_workers() == 0),
        "workers left: {}",
        live_workers()
    );

    // A worker waiting for a permit the pool never frees still stops.
    let starved = Arc::new(StepPool::new(1));
    let held = starved.acquire();
    let mut panel = SolverPanel::new(starved.clone());
    panel.load(&puzzle);
    panel.handle(PanelMsg::StartPause);
    std::thread::sleep(Duration::from_millis(50));
    assert!(panel.view().is_none(), "no work without a permit");
    drop(panel);
    drop(held);
    assert!(
        wait_for(|| live_workers() == 0),
        "workers left: {}",
        live_workers()
    );
    assert_eq!(starved.available(), 1);
    assert_eq!(pool.available(), 1);

    if let (true, Some(base)) = (os_counts_exactly, baseline) {
        // The OS may take a moment to reap a joined thread's entry.
        assert!(
            wait_for(|| os_threads() == Some(base)),
            "threads left: {:?} (baseline {base})",
            os_threads()
        );
    }
}
