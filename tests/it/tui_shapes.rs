//! Killer and jigsaw boards in the terminal UI: whole screens through ratatui's `TestBackend`
//! compared with insta snapshots (80×24 and 120×40, Unicode and `--ascii`), and what the
//! outlines must say without colour.

use std::sync::Arc;
use std::time::Duration;

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use sudoscope::tui::{App, AppConfig, Msg, StartGame, StepPool};
use sudoscope_core::grid::Puzzle;

use crate::support::shapes;

fn app(puzzle: Puzzle, color: bool, ascii: bool) -> App {
    let mut app = App::new(AppConfig {
        start: StartGame::Puzzle(puzzle),
        color,
        ascii,
        pool: Arc::new(StepPool::new(1)),
    })
    .expect("the fixture opens");
    app.freeze_clock(Duration::from_secs(754));
    app
}

fn keys(app: &mut App, text: &str) {
    for c in text.chars() {
        app.update(Msg::Event(Event::Key(KeyEvent::new(
            KeyCode::Char(c),
            KeyModifiers::NONE,
        ))));
    }
}

fn draw(app: &App, w: u16, h: u16) -> Buffer {
    let mut terminal = Terminal::new(TestBackend::new(w, h)).unwrap();
    terminal
        .draw(|f| {
            let _ = sudoscope::tui::view::render(app, f);
        })
        .unwrap();
    terminal.backend().buffer().clone()
}

fn text(buf: &Buffer) -> String {
    let area = buf.area;
    let mut out = String::new();
    for y in 0..area.height {
        let mut line = String::new();
        for x in 0..area.width {
            line.push_str(buf[(x, y)].symbol());
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

#[test]
fn killer_80x24() {
    let (puzzle, _) = shapes::killer9(false, false);
    let app = app(puzzle, true, false);
    let screen = text(&draw(&app, 80, 24));
    println!("{screen}");
    insta::assert_snapshot!("killer_80x24", screen);
}

#[test]
fn killer_ascii_80x24() {
    let (puzzle, _) = shapes::killer9(false, false);
    let app = app(puzzle, false, true);
    let screen = text(&draw(&app, 80, 24));
    println!("{screen}");
    assert!(screen.is_ascii(), "{screen}");
    insta::assert_snapshot!("killer_ascii_80x24", screen);
}

#[test]
fn killer_120x40() {
    let (puzzle, _) = shapes::killer9(true, false);
    let mut app = app(puzzle, true, false);
    keys(&mut app, "f");
    let screen = text(&draw(&app, 120, 40));
    println!("{screen}");
    insta::assert_snapshot!("killer_notes_120x40", screen);
}

#[test]
fn jigsaw_80x24() {
    let (puzzle, _) = shapes::jigsaw9();
    let app = app(puzzle, true, false);
    let screen = text(&draw(&app, 80, 24));
    println!("{screen}");
    insta::assert_snapshot!("jigsaw_80x24", screen);
}

#[test]
fn jigsaw_ascii_80x24() {
    let (puzzle, _) = shapes::jigsaw9();
    let app = app(puzzle, false, true);
    let screen = text(&draw(&app, 80, 24));
    println!("{screen}");
    assert!(screen.is_ascii(), "{screen}");
    insta::assert_snapshot!("jigsaw_ascii_80x24", screen);
}
