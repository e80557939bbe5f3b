//! Whole screens of the terminal UI rendered through ratatui's `TestBackend` and compared
//! with committed insta snapshots (`tests/it/snapshots/`), plus style assertions where a style
//! carries meaning. Review changes with `cargo insta review`, or regenerate with
//! `INSTA_UPDATE=always cargo test --release --test it tui_screens::`.

use std::sync::Arc;
use std::time::Duration;

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use ratatui::style::Color;
use ratatui::style::Modifier;
use sudoscope::tui::keymap::KEYS;
use sudoscope::tui::{App, AppConfig, Hits, Msg, StartGame, StepPool};
use sudoscope_core::grid::{ReadOptions, Variant, parse_puzzle};

const EASY: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
/// A puzzle whose first logical step is not a single (so hint stages show a pattern).
const PAIRS: &str =
    "4.....938.32.941...953..24.37.6.9..4529..16736.47.3.9.957..83....39..4..24..3.7.9";

/// An X-sudoku (generated: `puzzles/generated/9x9-x-easy.txt`, first line).
const X_EASY: &str =
    ".8.52.9....9.....742...3......4.2..92.4.9.3.51..8.6......2...545.....1....2.85.9.";

fn app_for(puzzle: &str, color: bool) -> App {
    app_with(puzzle, Variant::Standard, color, false)
}

fn app_with(puzzle: &str, variant: Variant, color: bool, ascii: bool) -> App {
    let options = ReadOptions {
        variant,
        ..ReadOptions::default()
    };
    let puzzle = parse_puzzle(puzzle, options).unwrap();
    let mut app = App::new(AppConfig {
        start: StartGame::Puzzle(puzzle),
        color,
        ascii,
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
    terminal
        .draw(|f| {
            let _ = sudoscope::tui::view::render(app, f);
        })
        .unwrap();
    terminal.backend().buffer().clone()
}

/// Draws as a runner does, handing the layout back: keys that depend on what is on screen
/// (the solver panel's) read it.
fn draw_and_tell(app: &mut App, w: u16, h: u16) -> Buffer {
    let mut terminal = Terminal::new(TestBackend::new(w, h)).unwrap();
    let mut hits = Hits::default();
    terminal
        .draw(|f| hits = sudoscope::tui::view::render(app, f))
        .unwrap();
    app.update(Msg::Drawn(hits));
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

/// The first non-ASCII character of a screen, with its position.
fn first_non_ascii(buf: &Buffer) -> Option<(u16, u16, String)> {
    let area = buf.area;
    for y in 0..area.height {
        for x in 0..area.width {
            let symbol = buf[(x, y)].symbol();
            if !symbol.is_ascii() {
                return Some((x, y, symbol.to_string()));
            }
        }
    }
    None
}

/// Ticks the app (the frame clock) until `done` holds, at most ten seconds.
fn tick_until(app: &mut App, done: impl Fn(&App) -> bool) {
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    while !done(app) && std::time::Instant::now() < deadline {
        app.update(Msg::Tick);
        std::thread::sleep(Duration::from_millis(5));
    }
}

#[test]
fn x_diagonals_are_marked_with_and_without_colour() {
    for color in [true, false] {
        let standard = text(&draw(
            &app_with(X_EASY, Variant::Standard, color, false),
            80,
            24,
        ));
        let x_app = app_with(X_EASY, Variant::X, color, false);
        let x_buf = draw(&x_app, 80, 24);
        let x = text(&x_buf);
        assert_ne!(standard, x, "X renders differently from standard");
        assert!(!standard.contains('╲') && !standard.contains('╱'));
        // r1c1 is on the main diagonal, r1c9 on the anti-diagonal, r5c5 on both.
        let rows: Vec<&str> = x.lines().collect();
        assert!(rows[3].contains('╲') && rows[3].contains('╱'), "{x}");
        assert!(x.contains('╳'), "{x}");
        assert!(x.contains("mark the two diagonals"), "the legend:\n{x}");
        if color {
            // A diagonal cell away from the cursor's houses has the extra-house shade.
            let (mx, my) = find(&x_buf, "╲").unwrap();
            let shaded = (0..rows.len() as u16)
                .flat_map(|y| (0..80u16).map(move |x| (x, y)))
                .filter(|&(cx, cy)| x_buf[(cx, cy)].symbol() == "╱")
                .any(|(cx, cy)| x_buf[(cx, cy)].bg == Color::Indexed(238));
            assert!(shaded, "anti-diagonal cells are shaded");
            assert_ne!(x_buf[(mx, my)].bg, Color::Reset);
        } else {
            assert_eq!(x_buf[find(&x_buf, "╲").unwrap()].bg, Color::Reset);
        }
    }
    insta::assert_snapshot!(
        "x_80x24",
        text(&draw(&app_with(X_EASY, Variant::X, true, false), 80, 24))
    );
}

#[test]
fn hyper_windows_are_marked_in_ascii_too() {
    let app = app_with(X_EASY, Variant::Hyper, false, true);
    let buf = draw(&app, 80, 24);
    let screen = text(&buf);
    // r2c2 is in the first window: its cell ends with the window marker.
    assert!(screen.lines().nth(5).unwrap().contains('#'), "{screen}");
    assert!(screen.contains("marks the extra windows"), "{screen}");
    assert_eq!(first_non_ascii(&buf), None, "{screen}");
    insta::assert_snapshot!("hyper_ascii_80x24", screen);
}

#[test]
fn the_cursor_highlight_covers_its_diagonal() {
    // The cursor starts on r1c1 (the first empty cell): r9c9 shares only the diagonal.
    let x_app = app_with(X_EASY, Variant::X, true, false);
    assert_eq!(x_app.cursor(), 0);
    let standard = app_with(X_EASY, Variant::Standard, true, false);
    let r9c9 = |app: &App| {
        let buf = draw(app, 120, 40);
        let board = app_board(app, &buf);
        let (x, y) = board;
        buf[(x, y)].bg
    };
    assert_eq!(
        r9c9(&x_app),
        Color::Indexed(236),
        "shaded as the cursor's house"
    );
    assert_eq!(r9c9(&standard), Color::Reset);
}

/// The top-left character of r9c9 in a 120×40 large-cell board (found from the board's
/// bottom-right corner).
fn app_board(_app: &App, buf: &Buffer) -> (u16, u16) {
    let (x, y) = find(buf, "╝").expect("the board's corner");
    // Large 9×9 cells are 7×3 characters.
    (x - 7, y - 3)
}

#[test]
fn ascii_reaches_every_cell_with_the_panel_running() {
    for (w, h) in [(80u16, 24u16), (120, 40)] {
        let mut app = app_with(X_EASY, Variant::X, true, true);
        keys(&mut app, "f");
        keys(&mut app, "s]");
        press(&mut app, KeyCode::Char(' '));
        // RFSS (after backtrack) runs until its charts have points.
        tick_until(&mut app, |a| {
            let screen = text(&draw(a, w, h));
            screen.contains("running") && screen.contains("clashes") || screen.contains("solved")
        });
        let buf = draw(&app, w, h);
        let screen = text(&buf);
        assert!(screen.contains("rfss"), "{screen}");
        assert_eq!(first_non_ascii(&buf), None, "{w}x{h}:\n{screen}");
        assert!(screen.contains("9x9"), "{screen}");
        // Every overlay and the hint card too.
        for k in ["?", "v", "g"] {
            let mut app = app_with(X_EASY, Variant::X, true, true);
            keys(&mut app, k);
            let buf = draw(&app, w, h);
            assert_eq!(first_non_ascii(&buf), None, "{k}:\n{}", text(&buf));
        }
        let mut app = app_with(PAIRS, Variant::Standard, true, true);
        keys(&mut app, "fiii");
        let buf = draw(&app, w, h);
        assert_eq!(first_non_ascii(&buf), None, "hint:\n{}", text(&buf));
    }
}

#[test]
fn ascii_notes_are_digits_never_counts() {
    let mut app = app_with(EASY, Variant::Standard, false, true);
    keys(&mut app, "f");
    let screen = text(&draw(&app, 80, 24));
    let board: String = screen.lines().skip(2).take(19).collect();
    assert!(
        !board
            .as_bytes()
            .windows(2)
            .any(|w| w[0] == b'+' && w[1].is_ascii_digit()),
        "{screen}"
    );
    // r1c1's notes are 4 and 5 (see the sidebar); the cell shows them.
    assert!(
        screen.lines().nth(3).unwrap().starts_with(" |45 :"),
        "{screen}"
    );
}

#[test]
fn notes_are_large_from_100x40() {
    let mut app = app_for(EASY, true);
    keys(&mut app, "f");
    let screen = text(&draw(&app, 100, 40));
    assert!(
        !screen
            .chars()
            .any(|c| ('\u{2800}'..='\u{28ff}').contains(&c)),
        "no braille at 100×40:\n{screen}"
    );
    assert!(screen.contains("Digits"), "the sidebar stays:\n{screen}");
}

#[test]
fn help_reaches_its_last_row_at_80x24_without_run_together_rows() {
    let mut app = app_for(EASY, true);
    keys(&mut app, "?");
    for _ in 0..200 {
        keys(&mut app, "j");
    }
    let screen = text(&draw(&app, 80, 24));
    let last = KEYS.last().unwrap();
    assert!(screen.contains(last.what), "the last row:\n{screen}");
    // Every row's keys and description are apart.
    let mut app = app_for(EASY, true);
    keys(&mut app, "?");
    let mut seen = String::new();
    for _ in 0..KEYS.len() * 2 {
        seen.push_str(&text(&draw(&app, 80, 24)));
        keys(&mut app, "j");
    }
    for k in KEYS {
        let glued = format!("{}{}", k.keys, k.what.split(' ').next().unwrap());
        assert!(!seen.contains(&glued), "{glued:?} runs together");
        assert!(seen.contains(k.keys), "{:?} is shown", k.keys);
    }
    assert!(!seen.contains("Deleteclear"));
}

#[test]
fn too_small_reports_the_window() {
    let line = std::fs::read_to_string("tests/data/play25.txt").unwrap();
    let app = app_for(line.trim(), true);
    let screen = text(&draw(&app, 80, 30));
    assert!(screen.contains("(now 80×30)"), "{screen}");
}

#[test]
fn twenty_five_keeps_its_panel_at_120x40_and_says_why_not_below() {
    let line = std::fs::read_to_string("tests/data/play25.txt").unwrap();
    let mut app = app_for(line.trim(), true);
    keys(&mut app, "s");
    tick_until(&mut app, |a| a.panel().status().is_some());
    let screen = text(&draw(&app, 120, 40));
    assert!(screen.contains("Solver"), "{screen}");
    assert!(screen.contains("backtrack"), "{screen}");
    // Until the solver has charts, the panel's room lists its keys.
    assert!(
        screen.contains("Space  start / pause the solver"),
        "{screen}"
    );
    insta::assert_snapshot!("twentyfive_panel_120x40", screen);
    // In 100×40 the panel has no room: the screen says so and its keys do nothing.
    let screen = text(&draw_and_tell(&mut app, 100, 40));
    assert!(!screen.contains("Solver"), "{screen}");
    assert!(
        screen.contains("the solver panel needs a window of 116×33"),
        "{screen}"
    );
    press(&mut app, KeyCode::Char(' '));
    assert!(!app.panel().is_playing(), "Space drove an invisible panel");
    assert!(app.message().unwrap_or("").contains("needs a window"));
}

#[test]
fn the_panel_keeps_the_players_notes_and_starts_from_their_entries() {
    let mut app = app_for(EASY, true);
    // r1c1 (the cursor) is 4 in the solution.
    let solution = app.game().solution().unwrap().get(0);
    keys(&mut app, &solution.to_string());
    keys(&mut app, "f");
    // Braille notes on the board (its 38 columns; the panel's charts are braille too).
    let braille = |s: &str| {
        s.lines()
            .flat_map(|l| l.chars().take(40))
            .filter(|c| ('\u{2800}'..='\u{28ff}').contains(c))
            .count()
    };
    let before = braille(&text(&draw(&app, 80, 24)));
    assert!(before > 0);
    keys(&mut app, "s");
    tick_until(&mut app, |a| a.panel().status().is_some());
    let opened = text(&draw(&app, 80, 24));
    assert!(opened.contains("starts from your 1 entry"), "{opened}");
    // A newly chosen solver reads "ready" (RFSS's set-up is no pause).
    keys(&mut app, "]");
    tick_until(&mut app, |a| a.panel().status().is_some());
    let chosen = text(&draw(&app, 80, 24));
    assert!(chosen.contains("rfss"), "{chosen}");
    assert!(
        chosen.contains("ready") && !chosen.contains("paused"),
        "{chosen}"
    );
    press(&mut app, KeyCode::Char(' '));
    tick_until(&mut app, |a| {
        a.panel().view().is_some_and(|v| v.iterations > 5)
    });
    let running = text(&draw(&app, 80, 24));
    assert_eq!(braille(&running), before, "the notes stay:\n{running}");
}

#[test]
fn a_wrong_entry_makes_the_panel_start_from_the_givens_and_say_so() {
    let mut app = app_for(EASY, true);
    let solution = app.game().solution().unwrap().get(0);
    let wrong = (1..=9u8)
        .find(|&d| {
            d != solution
                && !app
                    .game()
                    .geometry()
                    .peers(0)
                    .iter()
                    .any(|&p| app.game().entry(p) == d)
        })
        .unwrap();
    keys(&mut app, &wrong.to_string());
    keys(&mut app, "s");
    let screen = text(&draw(&app, 120, 40));
    assert!(
        screen.contains("starts from the givens: 1 of your entries disagrees"),
        "{screen}"
    );
}

/// Runs the app's first jobs (its rating) as a runner would.
fn start(app: &mut App) {
    let mut queue = app.start();
    while let Some(effect) = queue.pop() {
        if let sudoscope::tui::Effect::Work(job) = effect {
            queue.extend(app.update(Msg::Done(job.run())));
        }
    }
}

/// The banner over a board solved by hand: time, best time, hints, level, score and SE.
#[test]
fn solved_banner() {
    let mut app = app_for(EASY, false);
    start(&mut app);
    const SOLUTION: &str =
        "483921657967345821251876493548132976729564138136798245372689514814253769695417382";
    for _ in 0..81 {
        if app.game().completed().is_some() {
            break;
        }
        let cell = app.cursor();
        if app.game().entry(cell) == 0 {
            keys(&mut app, &SOLUTION[cell..cell + 1]);
        }
        press(&mut app, KeyCode::Tab);
    }
    assert!(app.game().completed().is_some());
    insta::assert_snapshot!("solved_banner_80x24", text(&draw(&app, 80, 24)));
}

/// The question before an unfinished game is left.
#[test]
fn leaving_an_unfinished_game_asks() {
    let mut app = app_for(EASY, false);
    keys(&mut app, "4g");
    insta::assert_snapshot!("confirm_new_game_80x24", text(&draw(&app, 80, 24)));
}

/// The screen without its status line (the last row), which says different things with and
/// without the solver panel.
fn above_status(screen: &str) -> String {
    let lines: Vec<&str> = screen.lines().collect();
    lines[..lines.len().saturating_sub(1)].join("\n")
}

/// Defect: a 16×16 game at 100×40 with the panel's solver done, then the window shrunk to
/// 80×24: the panel went, but its solution stayed drawn on the board, the status line still
/// said "y copies it", and `y` copied it. A panel without room shows and gives nothing.
#[test]
fn a_panel_without_room_leaves_no_solution_on_the_board_and_none_to_copy() {
    let line = std::fs::read_to_string("tests/data/play16.txt").unwrap();
    let mut app = app_for(line.trim(), true);
    let plain = above_status(&text(&draw(&app_for(line.trim(), true), 80, 24)));
    keys(&mut app, "s");
    draw_and_tell(&mut app, 100, 40);
    // Flat out, then run.
    keys(&mut app, "+++++++");
    press(&mut app, KeyCode::Char(' '));
    tick_until(&mut app, |a| a.panel().solution().is_some());
    assert!(app.panel().solution().is_some(), "the solver solved it");
    let wide = text(&draw_and_tell(&mut app, 100, 40));
    assert!(wide.contains("Solver"), "{wide}");
    assert!(
        app.message().is_some_and(|m| m.contains("y copies it")),
        "{:?}",
        app.message()
    );
    // The window shrinks: the very first frame drawn at 80×24 shows neither the solver's
    // digits nor its offer.
    let small = text(&draw_and_tell(&mut app, 80, 24));
    assert!(!small.contains("Solver"), "{small}");
    assert_eq!(
        above_status(&small),
        plain,
        "the board shows the player's grid only"
    );
    assert!(!small.contains("y copies"), "{small}");
    assert!(small.contains("the solver panel needs a window"), "{small}");
    assert!(!app.message().is_some_and(|m| m.contains("y copies")));
    let before = app.game().entries().to_vec();
    keys(&mut app, "y");
    assert_eq!(
        app.game().entries(),
        before.as_slice(),
        "y copied a hidden solution"
    );
    assert!(
        app.message().is_some_and(|m| m.contains("needs a window")),
        "{:?}",
        app.message()
    );
    // Room again: the offer and the copy come back.
    draw_and_tell(&mut app, 100, 40);
    app.update(Msg::Tick);
    assert!(app.message().is_some_and(|m| m.contains("y copies it")));
    keys(&mut app, "y");
    assert!(
        app.game().completed().is_some(),
        "y copies the shown solution"
    );
}

/// Defect: at 80 columns the title's "? help  q quit" went once the SE rating arrived. The
/// title shortens its other parts first, in notes mode and once solved too.
#[test]
fn the_help_hint_stays_in_the_title_at_80_columns() {
    let mut app = app_for(EASY, true);
    start(&mut app);
    let screen = text(&draw(&app, 80, 24));
    let title = screen.lines().next().unwrap();
    assert!(title.contains("SE "), "the rating came: {title}");
    assert!(title.contains("? help  q quit"), "{title}");
    insta::assert_snapshot!("rated_80x24", screen);
    keys(&mut app, "n");
    let title = text(&draw(&app, 80, 24))
        .lines()
        .next()
        .unwrap()
        .to_string();
    assert!(
        title.contains("NOTES") && title.contains("? help  q quit"),
        "{title}"
    );
    keys(&mut app, "n");
    keys(&mut app, "R");
    keys(&mut app, "y");
    assert!(app.game().completed().is_some());
    let title = text(&draw(&app, 80, 24))
        .lines()
        .next()
        .unwrap()
        .to_string();
    assert!(
        title.contains("SOLVED") && title.contains("SE ") && title.contains("? help  q quit"),
        "{title}"
    );
}

/// A store that does not answer in time closes the stats and the leaderboards with one line
/// saying so, instead of "reading…" for ever; the next `t` asks again.
#[test]
fn a_store_that_cannot_answer_is_said_not_waited_on() {
    use sudoscope::store::Answer;
    for key in ['t', 'w'] {
        let mut app = app_for(EASY, false);
        keys(&mut app, &key.to_string());
        assert!(text(&draw(&app, 100, 30)).contains("reading"), "{key}");
        app.update(Msg::Stored(Answer::Unavailable));
        let screen = text(&draw(&app, 100, 30));
        assert!(!screen.contains("reading"), "{key}: {screen}");
        assert!(
            screen.contains("the store cannot be reached just now"),
            "{key}: {screen}"
        );
        keys(&mut app, &key.to_string());
        assert!(
            text(&draw(&app, 100, 30)).contains("reading"),
            "asked again"
        );
    }
}

/// A technique to practise decides the puzzle's difficulty, so the dialog says the Level is
/// not used before Enter; and `d` names the level its daily is played at, which an SE band
/// has none of.
#[test]
fn the_new_game_dialog_says_which_choice_wins() {
    let mut app = app_for(EASY, false);
    keys(&mut app, "g");
    press(&mut app, KeyCode::Left);
    press(&mut app, KeyCode::Left);
    let screen = text(&draw(&app, 100, 30));
    assert!(screen.contains("SE 10+"), "{screen}");
    assert!(
        screen.contains("daily 9×9 at medium"),
        "d names its level: {screen}"
    );
    assert!(!screen.contains("not used"), "{screen}");
    press(&mut app, KeyCode::Up);
    press(&mut app, KeyCode::Right);
    let screen = text(&draw(&app, 100, 30));
    assert!(screen.contains("Pointing"), "{screen}");
    assert!(
        screen.contains("Practise sets the difficulty: Level is not used"),
        "{screen}"
    );
    // Back to the first level: the daily is at that level.
    press(&mut app, KeyCode::Down);
    press(&mut app, KeyCode::Right);
    let screen = text(&draw(&app, 100, 30));
    assert!(screen.contains("daily 9×9 at easy"), "{screen}");
}

/// One game is "1 game" on the stats screen.
#[test]
fn one_game_is_said_in_the_singular() {
    let app = app_for(EASY, false);
    let mut report = sudoscope::store::stats::report(&[], 0, None);
    report.games = 1;
    let text: String = sudoscope::tui::view::history::stats_lines(&app, &report)
        .iter()
        .map(|l| l.to_string())
        .collect();
    assert!(text.contains(" 1 game ·"), "{text}");
}
