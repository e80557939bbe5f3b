//! The solver panel's cost on the UI thread, printed as a Markdown table.
//!
//! Run with `cargo bench --bench panel`. Measured:
//! * `render`: drawing the panel (RFSS after 60 generations, 64×44, colour theme) into a
//!   ratatui `TestBackend`, per frame;
//! * `key to frame`: while the panel's worker runs RFSS flat out on a 25×25 puzzle (Dürr's
//!   example from `../shared/datasets`; the 9×9 Wikipedia puzzle when absent), the time from a
//!   key's panel message (`Faster`/`Slower`, alternating) through `poll` to the drawn frame
//!   that shows it. The target is under one frame (33 ms).
//!
//! `SUDOSCOPE_DATASETS` overrides the datasets folder.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use sudoscope::tui::panel::{PanelMsg, PanelTheme, SolverPanel, Speed, StepPool};
use sudoscope_core::grid::{Puzzle, ReadOptions, parse_puzzle, read_all};

const WIKIPEDIA: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

fn datasets() -> PathBuf {
    sudoscope_testkit::datasets::location()
}

fn big_puzzle() -> (String, Puzzle) {
    let path = datasets().join("durr_example_25x25.txt");
    let first = std::fs::read_to_string(&path).ok().and_then(|text| {
        read_all(&text, ReadOptions::default())
            .into_iter()
            .next()
            .and_then(|r| r.result.ok())
    });
    if let Some(puzzle) = first {
        return ("25×25 (Dürr)".into(), puzzle);
    }
    eprintln!(
        "{} not found: using the 9×9 Wikipedia puzzle",
        path.display()
    );
    (
        "9×9 (Wikipedia)".into(),
        parse_puzzle(WIKIPEDIA, ReadOptions::default()).expect("puzzle"),
    )
}

fn stats(mut samples: Vec<Duration>) -> (Duration, Duration, Duration) {
    samples.sort();
    let at = |q: f64| samples[((samples.len() - 1) as f64 * q) as usize];
    (at(0.5), at(0.99), at(1.0))
}

fn main() {
    let pool = Arc::new(StepPool::per_core());
    let theme = PanelTheme::colored();
    let mut terminal = Terminal::new(TestBackend::new(64, 44)).expect("backend");

    let mut panel = SolverPanel::new(pool.clone());
    panel.load(&parse_puzzle(WIKIPEDIA, ReadOptions::default()).expect("puzzle"));
    for _ in 0..60 {
        panel.handle(PanelMsg::Step);
    }
    panel.settle(Duration::from_secs(60));
    let mut render = Vec::new();
    for _ in 0..2000 {
        let start = Instant::now();
        terminal
            .draw(|frame| {
                let _ = panel.render(frame, frame.area(), &theme);
            })
            .expect("draw");
        render.push(start.elapsed());
    }

    let (name, big) = big_puzzle();
    let mut running = SolverPanel::new(pool);
    running.load(&big);
    running.set_speed(Speed::new(Speed::MAX));
    running.handle(PanelMsg::StartPause);
    std::thread::sleep(Duration::from_millis(300));
    let mut key = Vec::new();
    for i in 0..300 {
        let start = Instant::now();
        running.handle(if i % 2 == 0 {
            PanelMsg::Slower
        } else {
            PanelMsg::Faster
        });
        running.poll();
        terminal
            .draw(|frame| {
                let _ = running.render(frame, frame.area(), &theme);
            })
            .expect("draw");
        key.push(start.elapsed());
        std::thread::sleep(Duration::from_millis(10));
    }
    let iterations = running.view().map_or(0, |v| v.iterations);

    println!("| measurement | median | p99 | max |");
    println!("|---|---|---|---|");
    let row = |what: &str, s: (Duration, Duration, Duration)| {
        println!(
            "| {what} | {:.3} ms | {:.3} ms | {:.3} ms |",
            s.0.as_secs_f64() * 1e3,
            s.1.as_secs_f64() * 1e3,
            s.2.as_secs_f64() * 1e3
        );
    };
    row("render RFSS panel 64×44", stats(render));
    row(&format!("key to frame, RFSS running on {name}"), stats(key));
    println!("(RFSS reached {iterations} generations meanwhile)");
}
