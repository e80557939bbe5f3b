//! Render time per frame of the terminal UI, drawn into ratatui's `TestBackend` (layout,
//! board, sidebar and the backend's diff): a 9×9 board with every note filled (large cells,
//! 120×40) and a 25×25 board with notes (120×40). Targets: median under 2 ms and 10 ms.
//!
//! A 9×9 killer with its cages outlined and every note filled is timed the same way (large
//! cells at 120×40, medium cells at 80×24); target: median under 2 ms.
//!
//! `cargo bench --bench render`

use std::hint::black_box;
use std::sync::Arc;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use ratatui::backend::{CrosstermBackend, TestBackend};
use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use ratatui::layout::Rect;
use ratatui::{Terminal, TerminalOptions, Viewport};
use sudoscope::tui::{App, AppConfig, Msg, StartGame, StepPool};
use sudoscope_core::grid::{Puzzle, ReadOptions, parse_puzzle};

#[path = "../tests/it/support/shapes.rs"]
#[allow(dead_code)]
mod shapes;

const EASY: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

fn app(puzzle: &str) -> App {
    app_of(parse_puzzle(puzzle, ReadOptions::default()).unwrap())
}

fn app_of(puzzle: Puzzle) -> App {
    let mut app = App::new(AppConfig {
        start: StartGame::Puzzle(puzzle),
        color: true,
        ascii: false,
        pool: Arc::new(StepPool::new(1)),
    })
    .unwrap();
    for c in ['f', 'i', 'i'] {
        app.update(Msg::Event(Event::Key(KeyEvent::new(
            KeyCode::Char(c),
            KeyModifiers::NONE,
        ))));
    }
    app.freeze_clock(Duration::from_secs(61));
    app
}

/// Times whole frames of `app` drawn by `terminal`.
fn frames<B: ratatui::backend::Backend>(
    group: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    name: &str,
    app: &App,
    terminal: &mut Terminal<B>,
) {
    group.bench_function(name, |b| {
        b.iter(|| {
            terminal
                .draw(|f| {
                    black_box(sudoscope::tui::view::render(app, f));
                })
                .unwrap();
        })
    });
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("render");
    let nine = app(EASY);
    let mut terminal = Terminal::new(TestBackend::new(120, 40)).unwrap();
    frames(&mut group, "9x9_notes_120x40", &nine, &mut terminal);
    let line = std::fs::read_to_string("tests/data/play25.txt").unwrap();
    let big = app(line.trim());
    let mut terminal = Terminal::new(TestBackend::new(120, 40)).unwrap();
    frames(&mut group, "25x25_notes_120x40", &big, &mut terminal);
    // A whole frame as a server draws it for one SSH player after a move: a 9×9 game at the
    // load tool's 100×32, through the crossterm backend into bytes.
    let mut terminal = Terminal::with_options(
        CrosstermBackend::new(std::io::sink()),
        TerminalOptions {
            viewport: Viewport::Fixed(Rect::new(0, 0, 100, 32)),
        },
    )
    .unwrap();
    frames(&mut group, "9x9_server_frame_100x32", &nine, &mut terminal);
    let killer = app_of(shapes::killer9(true, false).0);
    let mut terminal = Terminal::new(TestBackend::new(120, 40)).unwrap();
    frames(
        &mut group,
        "9x9_killer_notes_120x40",
        &killer,
        &mut terminal,
    );
    let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
    frames(&mut group, "9x9_killer_notes_80x24", &killer, &mut terminal);
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
