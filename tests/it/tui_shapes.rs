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

fn key(app: &mut App, code: KeyCode) -> Vec<sudoscope::tui::Effect> {
    app.update(Msg::Event(Event::Key(KeyEvent::new(
        code,
        KeyModifiers::NONE,
    ))))
}

/// Does what a runner does with `Effect::Work`: runs each job and hands its answer back.
fn settle(app: &mut App, effects: Vec<sudoscope::tui::Effect>) {
    let mut queue = effects;
    while let Some(effect) = queue.pop() {
        if let sudoscope::tui::Effect::Work(job) = effect {
            queue.extend(app.update(Msg::Done(job.run())));
        }
    }
}

/// The dialog offers every variant, and asks the one generator for a killer: the answer is
/// a killer on the board, or the generator's reason in one line of the status bar.
#[test]
fn the_new_game_dialog_offers_killer_and_jigsaw() {
    let (puzzle, _) = shapes::jigsaw9();
    let mut a = app(puzzle, true, false);
    keys(&mut a, "g");
    key(&mut a, KeyCode::Down);
    key(&mut a, KeyCode::Down);
    let mut seen = Vec::new();
    for _ in 0..sudoscope_core::grid::Variant::ALL.len() {
        let screen = text(&draw(&a, 80, 24));
        let name = [
            "killer-x", "jigsaw-x", "killer", "jigsaw", "standard", "hyper",
        ]
        .into_iter()
        .find(|v| screen.contains(&format!(" {v} ")));
        seen.extend(name);
        key(&mut a, KeyCode::Right);
    }
    for v in ["killer", "killer-x", "jigsaw", "jigsaw-x"] {
        assert!(seen.contains(&v), "{v} not offered: {seen:?}");
    }
    let variant = |a: &App| match a.overlay() {
        sudoscope::tui::app::Overlay::NewGame(form) => form.variant_choice(),
        other => panic!("{other:?}"),
    };
    while variant(&a) != sudoscope_core::grid::Variant::Killer {
        key(&mut a, KeyCode::Right);
    }
    // 25×25 is not offered for a killer.
    key(&mut a, KeyCode::Up);
    for _ in 0..4 {
        key(&mut a, KeyCode::Right);
        assert!(!text(&draw(&a, 80, 24)).contains("25×25"));
    }
    // 9×9 again (4 → 9 → 16 → 4 → 9).
    let effects = key(&mut a, KeyCode::Enter);
    settle(&mut a, effects);
    if a.game().geometry().variant() != sudoscope_core::grid::Variant::Killer {
        let message = a.message().unwrap_or_default().to_string();
        assert!(
            message.starts_with("no puzzle:")
                && message.contains("killer")
                && !message.contains('\n'),
            "{message:?}"
        );
        let screen = text(&draw(&a, 80, 24));
        assert!(screen.contains("no puzzle:"), "{screen}");
    }
}

/// A cage over its sum marks its cells with the conflict glyph, not by colour alone; a
/// killer game saved and resumed keeps its cages.
#[test]
fn killer_conflicts_show_and_the_game_resumes() {
    let (puzzle, _) = shapes::killer9(false, false);
    let mut a = app(puzzle, false, true);
    // r1c6 and r1c7 make the cage of 7: 5 + 4 is over it (and neither clashes otherwise).
    keys(&mut a, "lllll5l");
    assert!(!text(&draw(&a, 80, 24)).contains("!5"));
    keys(&mut a, "4");
    let screen = text(&draw(&a, 80, 24));
    assert!(screen.contains("!5") && screen.contains("!4"), "{screen}");
    let save = a.snapshot();
    let resumed = App::new(AppConfig {
        start: StartGame::Resume(save),
        color: false,
        ascii: true,
        pool: Arc::new(StepPool::new(1)),
    })
    .expect("a killer resumes");
    assert_eq!(resumed.game().geometry(), a.game().geometry());
    assert_eq!(resumed.game().entries(), a.game().entries());
}

/// An outlined board never gets compact cells (they draw box lines only): a 9×9 jigsaw has
/// lines between all cells at 80×24, and a 16×16 one says what terminal it needs there.
#[test]
fn outlined_boards_always_have_lines_between_cells() {
    use ratatui::layout::Rect;
    use sudoscope::tui::layout::for_geometry;
    let (puzzle, _) = shapes::jigsaw9();
    let screen = for_geometry(Rect::new(0, 0, 80, 24), puzzle.geometry(), false);
    assert!(screen.board.expect("fits 80×24").inner_lines());
    let (killer, _) = shapes::killer9(false, false);
    let screen = for_geometry(Rect::new(0, 0, 80, 24), killer.geometry(), true);
    assert!(screen.board.expect("fits 80×24").inner_lines());
    let classic =
        sudoscope_core::grid::Geometry::get(16, sudoscope_core::grid::Variant::Standard).unwrap();
    let compact = for_geometry(Rect::new(0, 0, 80, 24), classic, false);
    assert!(
        compact.board.is_some_and(|b| !b.inner_lines()),
        "classic 16×16 stays compact"
    );
}

/// A race room is not opened for a killer or jigsaw (its stored form holds a classic board
/// only): the dialog stays open and says so in one line.
#[test]
fn a_race_is_not_opened_for_a_killer() {
    let (puzzle, _) = shapes::jigsaw9();
    let mut a = app(puzzle, true, false);
    a.offer_rooms();
    keys(&mut a, "g");
    key(&mut a, KeyCode::Down);
    key(&mut a, KeyCode::Down);
    let variant = |a: &App| match a.overlay() {
        sudoscope::tui::app::Overlay::NewGame(form) => form.variant_choice(),
        other => panic!("{other:?}"),
    };
    while variant(&a) != sudoscope_core::grid::Variant::Killer {
        key(&mut a, KeyCode::Right);
    }
    let effects = key(&mut a, KeyCode::Char('r'));
    assert!(effects.is_empty(), "no room is opened: {effects:?}");
    let message = a.message().unwrap_or_default().to_string();
    assert!(message.starts_with("races are for standard"), "{message:?}");
    assert!(matches!(
        a.overlay(),
        sudoscope::tui::app::Overlay::NewGame(_)
    ));
}
