//! The documentation's pictures of the screens (`docs/img/*.svg`) are the app's own frames:
//! each is a real `App`, driven by keys, drawn into ratatui's `TestBackend` and turned into SVG
//! by `sudoscope::tui::svg`. The test draws them again and fails when a committed picture
//! differs, so the documentation never shows a screen the app no longer draws.
//!
//! Regenerate them with
//! `SUDOSCOPE_UPDATE_SCREENSHOTS=1 cargo test --release --test it screenshots::`.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use sudoscope::tui::app::Hint;
use sudoscope::tui::svg::buffer_to_svg;
use sudoscope::tui::{App, AppConfig, Hits, Msg, StartGame, StepPool};
use sudoscope_core::grid::{ReadOptions, parse_puzzle};
use sudoscope_core::live::Status;

const REGENERATE: &str =
    "SUDOSCOPE_UPDATE_SCREENSHOTS=1 cargo test --release --test it screenshots::";

/// An easy 9×9 puzzle (the one the screen snapshots use).
const EASY: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
/// From magictour's top 1465: its sixth step is a nice loop, reached after five simpler ones.
const CHAIN: &str =
    "6..1..7......7..8...9..8..37..4..5...3.....2...4..5..81..2..4.........5...6..9...";

fn app(puzzle: &str) -> App {
    let puzzle = parse_puzzle(puzzle, ReadOptions::default()).expect("a puzzle");
    let mut app = App::new(AppConfig {
        start: StartGame::Puzzle(puzzle),
        color: true,
        ascii: false,
        pool: Arc::new(StepPool::new(1)),
    })
    .expect("an app");
    app.freeze_clock(Duration::from_secs(754));
    app.hide_solver_clock();
    app
}

fn press(app: &mut App, code: KeyCode) {
    app.update(Msg::Event(Event::Key(KeyEvent::new(
        code,
        KeyModifiers::NONE,
    ))));
}

fn keys(app: &mut App, text: &str) {
    for c in text.chars() {
        press(app, KeyCode::Char(c));
    }
}

/// Draws as a runner does, handing the layout back (the panel's keys read it).
fn draw(app: &mut App, width: u16, height: u16) -> Buffer {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("a terminal");
    let mut hits = Hits::default();
    terminal
        .draw(|f| hits = sudoscope::tui::view::render(app, f))
        .expect("drawn");
    app.update(Msg::Drawn(hits));
    terminal.backend().buffer().clone()
}

/// The play screen: an entry, the notes filled in, the cursor's houses and digit shown.
fn play() -> Buffer {
    let mut app = app(EASY);
    keys(&mut app, "4f");
    press(&mut app, KeyCode::Right);
    keys(&mut app, "jj");
    draw(&mut app, 120, 40)
}

/// A hint card at its second stage with a chain drawn over the board.
fn hint_chain() -> Buffer {
    let mut app = app(CHAIN);
    for _ in 0..30 {
        keys(&mut app, "i");
        match app.hint() {
            Some(Hint::Step { step, .. }) if !step.links.is_empty() => {
                keys(&mut app, "i");
                return draw(&mut app, 120, 40);
            }
            Some(Hint::Step { .. }) => keys(&mut app, "a"),
            other => panic!("a step hint, got {other:?}"),
        }
    }
    panic!("no chain within 30 hints");
}

/// The solver panel beside the board, RFSS run to the solution (its charts filled).
fn solver_panel() -> Buffer {
    let mut app = app(EASY);
    draw(&mut app, 120, 40);
    keys(&mut app, "s");
    draw(&mut app, 120, 40);
    keys(&mut app, "]");
    press(&mut app, KeyCode::Char(' '));
    let deadline = Instant::now() + Duration::from_secs(60);
    while app.panel().status() != Some(Status::Solved) {
        assert!(Instant::now() < deadline, "RFSS solves the easy puzzle");
        app.update(Msg::Tick);
        std::thread::sleep(Duration::from_millis(2));
    }
    draw(&mut app, 120, 40)
}

/// A 25×25 puzzle in 120×40.
fn twenty_five() -> Buffer {
    let line = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/play25.txt"
    ))
    .expect("tests/data/play25.txt");
    let mut app = app(line.trim());
    draw(&mut app, 120, 40)
}

/// How a picture is drawn.
type Screen = fn() -> Buffer;

/// Every picture: its file name under `docs/img/` and how it is drawn.
const SCREENS: [(&str, Screen); 4] = [
    ("play", play),
    ("hint-chain", hint_chain),
    ("solver-panel", solver_panel),
    ("twenty-five", twenty_five),
];

fn image_path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("docs/img")
        .join(format!("{name}.svg"))
}

#[test]
fn the_committed_screenshots_are_the_app_s_own_frames() {
    let update = std::env::var_os("SUDOSCOPE_UPDATE_SCREENSHOTS").is_some();
    let mut stale = Vec::new();
    for (name, screen) in SCREENS {
        let svg = buffer_to_svg(&screen());
        let path = image_path(name);
        let committed = std::fs::read_to_string(&path).unwrap_or_default();
        if committed == svg {
            continue;
        }
        if update {
            std::fs::create_dir_all(path.parent().expect("docs/img")).expect("docs/img");
            std::fs::write(&path, svg).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        } else {
            stale.push(path.display().to_string());
        }
    }
    assert!(
        stale.is_empty(),
        "these screenshots differ from what the app draws now: {}\nregenerate them with\n  {REGENERATE}",
        stale.join(", ")
    );
}

#[test]
fn drawing_a_screen_twice_gives_the_same_picture() {
    assert_eq!(buffer_to_svg(&play()), buffer_to_svg(&play()));
}
