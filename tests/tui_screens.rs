//! Whole screens of the terminal UI rendered through ratatui's `TestBackend` and compared
//! with committed insta snapshots (`tests/snapshots/`), plus style assertions where a style
//! carries meaning. Review changes with `cargo insta review`, or regenerate with
//! `INSTA_UPDATE=always cargo test --release --test tui_screens`.

use std::sync::Arc;
use std::time::Duration;

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use ratatui::style::Modifier;
use sudoscope::grid::{ReadOptions, parse_puzzle};
use sudoscope::tui::{App, AppConfig, Msg, StartGame, StepPool};

const EASY: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
/// A puzzle whose first logical step is not a single (so hint stages show a pattern).
const PAIRS: &str =
    "4.....938.32.941...953..24.37.6.9..4529..16736.47.3.9.957..83....39..4..24..3.7.9";

fn app_for(puzzle: &str, color: bool) -> App {
    let puzzle = parse_puzzle(puzzle, ReadOptions::default()).unwrap();
    let mut app = App::new(AppConfig {
        start: StartGame::Puzzle(puzzle),
        color,
        ascii: false,
        pool: Arc::new(StepPool::new(1)),
    })
    .unwrap();
    app.freeze_clock(Duration::from_secs(754));
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

fn draw(app: &App, w: u16, h: u16) -> Buffer {
    let mut terminal = Terminal::new(TestBackend::new(w, h)).unwrap();
    terminal.draw(|f| app.render(f)).unwrap();
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

/// Where a board cell's symbol is drawn, found by searching for its text in the screen.
fn find(buf: &Buffer, needle: &str) -> Option<(u16, u16)> {
    let area = buf.area;
    for y in 0..area.height {
        for x in 0..area.width {
            if buf[(x, y)].symbol() == needle {
                return Some((x, y));
            }
        }
    }
    None
}

#[test]
fn play_screen_large() {
    let mut app = app_for(EASY, true);
    keys(&mut app, "4l");
    insta::assert_snapshot!("play_120x40", text(&draw(&app, 120, 40)));
}

#[test]
fn play_screen_80x24_compact() {
    let mut app = app_for(EASY, true);
    keys(&mut app, "4");
    insta::assert_snapshot!("play_80x24", text(&draw(&app, 80, 24)));
}

#[test]
fn notes_screens() {
    let mut app = app_for(EASY, true);
    keys(&mut app, "f");
    insta::assert_snapshot!("notes_120x40", text(&draw(&app, 120, 40)));
    insta::assert_snapshot!("notes_80x24", text(&draw(&app, 80, 24)));
}

#[test]
fn hint_stages() {
    let mut app = app_for(PAIRS, true);
    keys(&mut app, "f");
    keys(&mut app, "i");
    insta::assert_snapshot!("hint_stage1", text(&draw(&app, 120, 40)));
    keys(&mut app, "i");
    let stage2 = draw(&app, 120, 40);
    insta::assert_snapshot!("hint_stage2", text(&stage2));
    keys(&mut app, "i");
    insta::assert_snapshot!("hint_stage3", text(&draw(&app, 120, 40)));
}

#[test]
fn hint_stage_two_styles_pattern_and_eliminations_distinctly() {
    let mut app = app_for(PAIRS, true);
    keys(&mut app, "fii");
    let buf = draw(&app, 120, 40);
    let mut crossed = 0;
    let mut pattern_bg = 0;
    let area = buf.area;
    for y in 0..area.height {
        for x in 0..area.width {
            let cell = &buf[(x, y)];
            if cell.modifier.contains(Modifier::CROSSED_OUT) {
                crossed += 1;
            }
            if cell.bg == ratatui::style::Color::Indexed(25) {
                pattern_bg += 1;
            }
        }
    }
    assert!(crossed > 0, "eliminated candidates are crossed out");
    assert!(pattern_bg > 0, "pattern cells have the pattern background");
}

#[test]
fn conflicts_are_marked_by_style_and_glyph() {
    let mut app = app_for(EASY, true);
    // r1c1 = 3 clashes with the given 3 in r1c3.
    keys(&mut app, "3");
    let buf = draw(&app, 80, 24);
    let screen = text(&buf);
    assert!(
        screen.contains("!3"),
        "conflict marker next to the digit:\n{screen}"
    );
    let (x, y) = find(&buf, "!").unwrap();
    let digit = &buf[(x + 1, y)];
    assert!(digit.modifier.contains(Modifier::UNDERLINED));
    assert!(digit.modifier.contains(Modifier::BOLD));
    // The plain theme keeps the marker and the modifiers without any colour.
    let mut plain = app_for(EASY, false);
    keys(&mut plain, "3");
    let buf = draw(&plain, 80, 24);
    let (x, y) = find(&buf, "!").unwrap();
    let digit = &buf[(x + 1, y)];
    assert!(digit.modifier.contains(Modifier::UNDERLINED));
    assert_eq!(digit.fg, ratatui::style::Color::Reset);
}

#[test]
fn small_terminal_says_what_it_needs() {
    let app = app_for(EASY, true);
    insta::assert_snapshot!("too_small_30x10", text(&draw(&app, 30, 10)));
}

#[test]
fn sixteen_fits_120x40() {
    let line = std::fs::read_to_string("tests/data/play16.txt").unwrap();
    let mut app = app_for(line.trim(), true);
    keys(&mut app, "f");
    let screen = text(&draw(&app, 120, 40));
    assert!(!screen.contains("needs a terminal"));
    insta::assert_snapshot!("sixteen_120x40", screen);
}

#[test]
fn twenty_five_fits_120x40_and_asks_for_more_at_80x24() {
    let line = std::fs::read_to_string("tests/data/play25.txt").unwrap();
    let app = app_for(line.trim(), true);
    let screen = text(&draw(&app, 120, 40));
    assert!(!screen.contains("needs a terminal"));
    insta::assert_snapshot!("twentyfive_120x40", screen);
    let small = text(&draw(&app, 80, 24));
    assert!(small.contains("needs a terminal of at least"), "{small}");
}

#[test]
fn help_overlay() {
    let mut app = app_for(EASY, true);
    keys(&mut app, "?");
    insta::assert_snapshot!("help_120x40", text(&draw(&app, 120, 40)));
}

#[test]
fn paused_hides_the_grid() {
    let mut app = app_for(EASY, true);
    keys(&mut app, "p");
    let screen = text(&draw(&app, 80, 24));
    assert!(!screen.contains('3'.to_string().as_str()) || screen.contains("Paused"));
    insta::assert_snapshot!("paused_80x24", screen);
}
