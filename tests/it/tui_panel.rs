//! The solver side panel through its public API: the worker thread, the controls, and whole
//! renders of the panel per solver (insta snapshots through ratatui's TestBackend).
//!
//! Renders are made deterministic by stepping a fixed number of single iterations (`Step`
//! runs exactly one `step(0)`, one generation for RFSS, one LP solve for the LP solvers) and
//! by hiding the wall clock ([`ClockDisplay::Hidden`]).

use std::sync::Arc;
use std::time::Duration;

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::style::Color;
use sudoscope::tui::panel::{ClockDisplay, PanelMsg, PanelTheme, SolverPanel, Speed, StepPool};
use sudoscope::tui::theme::Theme;
use sudoscope_core::grid::{Geometry, Grid, Puzzle, ReadOptions, parse_puzzle};
use sudoscope_core::live::{self, Status};

const WIKIPEDIA: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
/// A hard one (the LP solvers need several rounds, so their charts have something to show).
const HARD: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
const SETTLE: Duration = Duration::from_secs(60);

fn puzzle(text: &str) -> Puzzle {
    parse_puzzle(text, ReadOptions::default()).expect("test puzzle parses")
}

fn panel() -> SolverPanel {
    SolverPanel::new(Arc::new(StepPool::new(2)))
}

/// A panel on the Wikipedia puzzle with `solver` chosen and `steps` single iterations done.
fn stepped(solver: &str, steps: usize) -> SolverPanel {
    stepped_on(WIKIPEDIA, solver, steps)
}

fn stepped_on(text: &str, solver: &str, steps: usize) -> SolverPanel {
    let mut panel = panel();
    panel.load(&puzzle(text));
    assert!(panel.select(solver), "{solver} is offered");
    for _ in 0..steps {
        panel.handle(PanelMsg::Step);
    }
    assert!(panel.settle(SETTLE), "the worker settles");
    panel.set_clock_display(ClockDisplay::Hidden);
    panel
}

fn draw(panel: &SolverPanel, width: u16, height: u16, theme: &PanelTheme) -> Buffer {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("test backend");
    terminal
        .draw(|frame| {
            let _ = panel.render(frame, frame.area(), theme);
        })
        .expect("draw");
    terminal.backend().buffer().clone()
}

fn text(buffer: &Buffer) -> String {
    let area = buffer.area;
    (0..area.height)
        .map(|y| {
            let line: String = (0..area.width)
                .map(|x| buffer[(x, y)].symbol().to_string())
                .collect();
            line.trim_end().to_string() + "\n"
        })
        .collect()
}

#[test]
fn the_panel_offers_every_live_solver() {
    let panel = panel();
    assert_eq!(panel.solver_names(), live::NAMES);
    for name in live::NAMES {
        let solver = live::by_name(name).expect("every listed name is a solver");
        assert_eq!(solver.name(), *name);
    }
    // The default is one that always finishes.
    assert_eq!(panel.solver_name(), "backtrack");
}

#[test]
fn rfss_solves_an_easy_puzzle_through_the_worker() {
    let mut panel = panel();
    let easy = puzzle(WIKIPEDIA);
    panel.load(&easy);
    assert!(panel.select("rfss"));
    panel.set_speed(Speed::new(Speed::MAX));
    panel.handle(PanelMsg::StartPause);
    assert!(panel.is_running());
    assert!(panel.settle(SETTLE), "RFSS finishes");
    assert!(!panel.is_playing());
    assert_eq!(panel.status(), Some(Status::Solved));
    let solution = panel.solution().expect("a solved panel has the solution");
    assert!(solution.is_solved());
    assert!(easy.givens.is_extended_by(&solution));
    let view = panel.view().expect("view");
    assert!(view.conflicts.is_empty());
    assert!(view.iterations > 0);
    // Start on a finished run runs it again from the start: RFSS is deterministic.
    let iterations = view.iterations;
    panel.handle(PanelMsg::StartPause);
    assert!(panel.settle(SETTLE));
    assert_eq!(panel.status(), Some(Status::Solved));
    assert_eq!(panel.view().map(|v| v.iterations), Some(iterations));
}

#[test]
fn controls_step_reset_seed_speed_and_solver() {
    let mut panel = stepped("rfss", 5);
    assert_eq!(panel.view().map(|v| v.iterations), Some(5));
    assert!(!panel.is_playing());
    panel.handle(PanelMsg::Reset);
    assert!(panel.settle(SETTLE));
    assert_eq!(panel.view().map(|v| v.iterations), Some(0));
    assert_eq!(panel.status(), Some(Status::Running));

    let seed = panel.seed();
    panel.handle(PanelMsg::NewSeed);
    assert_eq!(panel.seed(), seed + 1);

    let speed = panel.speed();
    panel.handle(PanelMsg::Faster);
    assert_eq!(panel.speed().level(), speed.level() + 1);
    panel.handle(PanelMsg::Slower);
    panel.handle(PanelMsg::Slower);
    assert_eq!(panel.speed().level(), speed.level() - 1);

    let names = panel.solver_names();
    assert!(panel.select(names[0]));
    panel.handle(PanelMsg::NextSolver);
    assert_eq!(panel.solver_name(), names[1 % names.len()]);
    panel.handle(PanelMsg::PrevSolver);
    panel.handle(PanelMsg::PrevSolver);
    assert_eq!(panel.solver_name(), names[names.len() - 1]);

    // Step while running pauses, then does one iteration.
    assert!(panel.select("rfss"));
    panel.set_speed(Speed::new(1));
    panel.handle(PanelMsg::StartPause);
    assert!(panel.is_playing());
    panel.handle(PanelMsg::StartPause);
    assert!(!panel.is_playing());
    assert!(panel.settle(SETTLE));
    let before = panel.view().map_or(0, |v| v.iterations);
    panel.handle(PanelMsg::Step);
    assert!(panel.settle(SETTLE));
    assert_eq!(panel.view().map(|v| v.iterations), Some(before + 1));
}

#[test]
fn a_puzzle_the_solver_rejects_shows_why() {
    let mut panel = panel();
    // Two 5s in row 1 (the parser refuses such text, so build the grid directly).
    let mut cells = puzzle(WIKIPEDIA).givens.cells().to_vec();
    cells[1] = 5;
    let bad = Puzzle::from_grid(Grid::from_cells(Geometry::standard9(), cells).expect("grid"));
    panel.load(&bad);
    assert!(panel.settle(SETTLE));
    let error = panel.error().expect("an invalid puzzle is an error");
    assert!(!error.is_empty());
    panel.handle(PanelMsg::StartPause);
    assert!(!panel.is_playing());
    panel.set_clock_display(ClockDisplay::Hidden);
    let screen = text(&draw(&panel, 50, 20, &PanelTheme::plain()));
    assert!(screen.contains("error"), "{screen}");
}

#[test]
fn a_panel_without_a_puzzle_says_so() {
    let mut panel = panel();
    panel.handle(PanelMsg::StartPause);
    panel.handle(PanelMsg::Step);
    assert!(!panel.is_running());
    assert!(!panel.poll());
    let screen = text(&draw(&panel, 40, 10, &PanelTheme::plain()));
    assert!(screen.contains("no puzzle"), "{screen}");
}

#[test]
fn snapshot_rfss_running() {
    let panel = stepped("rfss", 60);
    insta::assert_snapshot!(text(&draw(&panel, 64, 44, &PanelTheme::plain())));
}

#[test]
fn snapshot_rfss_solved() {
    let panel = stepped("rfss", 200);
    assert_eq!(panel.status(), Some(Status::Solved));
    insta::assert_snapshot!(text(&draw(&panel, 64, 44, &PanelTheme::plain())));
}

#[test]
fn snapshot_rfss_compact() {
    let panel = stepped("rfss", 60);
    insta::assert_snapshot!(text(&draw(&panel, 30, 14, &PanelTheme::plain())));
}

#[test]
fn snapshot_rfss_narrow_tall() {
    let panel = stepped("rfss", 60);
    insta::assert_snapshot!(text(&draw(&panel, 40, 40, &PanelTheme::plain())));
}

#[test]
fn snapshot_rfss_beside_a_board_in_80x24() {
    // The room the panel has next to a compact 9×9 board in an 80×24 terminal.
    let panel = stepped("rfss", 60);
    insta::assert_snapshot!(text(&draw(&panel, 38, 22, &PanelTheme::plain())));
}

#[test]
fn snapshot_rfss_beside_a_board_in_100x40() {
    // The room the panel has next to a 9×9 board in a 100×40 terminal: the charts fill it.
    let panel = stepped("rfss", 60);
    insta::assert_snapshot!(text(&draw(&panel, 59, 38, &PanelTheme::plain())));
}

#[test]
fn snapshot_rfss_beside_a_25x25_board_in_120x40() {
    // The narrowest panel there is, beside a 25×25 board: charts with their axes all the same.
    let panel = stepped("rfss", 60);
    insta::assert_snapshot!(text(&draw(&panel, 35, 38, &PanelTheme::plain())));
}

/// The rows between a chart's title and its x axis.
fn plot_rows(screen: &str, title: &str) -> usize {
    screen
        .lines()
        .skip_while(|l| !l.contains(title))
        .skip(1)
        .take_while(|l| !l.contains('└'))
        .count()
}

/// Friction: RFSS's clashes chart was squashed to one row beside a 9×9 board at 100×40 (four
/// charts shared the room), and the narrow panel beside a 25×25 board drew a sparkline with
/// no axis labels. Every chart shown has three rows of plot at least, the panels of 100×40
/// and 120×40 give it six, and the compact form's sparkline says its ranges.
#[test]
fn charts_have_rows_to_read_and_labelled_axes() {
    let mut panel = panel();
    // As the app loads it: the origin line takes a row too.
    panel.load_from(&puzzle(WIKIPEDIA), "starts from the givens");
    assert!(panel.select("rfss"));
    for _ in 0..60 {
        panel.handle(PanelMsg::Step);
    }
    assert!(panel.settle(SETTLE));
    panel.set_clock_display(ClockDisplay::Hidden);
    // Beside a board at 80×24, 100×40 and 120×40 (9×9 and 25×25), and a few more.
    for (w, h, least) in [
        (38, 22, 3),
        (59, 38, 6),
        (35, 38, 6),
        (64, 44, 6),
        (40, 40, 6),
    ] {
        let screen = text(&draw(&panel, w, h, &PanelTheme::plain()));
        assert!(screen.contains("clashes now"), "{w}×{h}:\n{screen}");
        let rows = plot_rows(&screen, "clashes now");
        assert!(rows >= least, "{w}×{h}: clashes in {rows} rows:\n{screen}");
        // Axis labels: the value range and the generations.
        assert!(screen.contains("83│") && screen.contains(" 60"), "{screen}");
    }
    let compact = text(&draw(&panel, 30, 14, &PanelTheme::plain()));
    assert!(compact.contains("60 generations"), "{compact}");
    assert!(
        compact.lines().any(|l| l.starts_with("│83")),
        "the top of the range:\n{compact}"
    );
}

/// Friction: the status line said "83 it/s" while the metrics said "nodes/s 95582". The
/// rates are in the solver's unit, and the solver's own one says it is its flat-out rate.
#[test]
fn rates_name_the_solvers_unit() {
    for (solver, unit) in [("backtrack", "nodes"), ("rfss", "generations")] {
        let panel = stepped_on(HARD, solver, 10);
        let screen = text(&draw(&panel, 64, 44, &PanelTheme::plain()));
        assert!(
            !screen.contains("it/s") && !screen.contains("it/frame"),
            "{screen}"
        );
        assert!(screen.contains(&format!("-- {unit}/s")), "{screen}");
        assert!(screen.contains(&format!("{unit}/frame")), "{screen}");
        assert!(screen.contains(&format!("{unit}/s flat out")), "{screen}");
    }
}

#[test]
fn snapshot_l1() {
    let panel = stepped_on(HARD, "l1", 6);
    insta::assert_snapshot!(text(&draw(&panel, 64, 30, &PanelTheme::plain())));
}

#[test]
fn snapshot_l1_weighted() {
    let panel = stepped_on(HARD, "l1-weighted", 6);
    insta::assert_snapshot!(text(&draw(&panel, 64, 30, &PanelTheme::plain())));
}

#[test]
fn snapshot_rfss_lp() {
    let panel = stepped_on(HARD, "rfss-lp", 6);
    insta::assert_snapshot!(text(&draw(&panel, 64, 30, &PanelTheme::plain())));
}

#[test]
fn snapshot_rfss_ip_root() {
    // Only the root relaxation: the branch and bound after it works to a time budget.
    let panel = stepped_on(HARD, "rfss-ip", 1);
    insta::assert_snapshot!(text(&draw(&panel, 64, 30, &PanelTheme::plain())));
}

#[test]
fn snapshot_logic() {
    let panel = stepped_on(HARD, "logic", 12);
    insta::assert_snapshot!(text(&draw(&panel, 64, 30, &PanelTheme::plain())));
}

#[test]
fn snapshot_backtrack() {
    let panel = stepped_on(HARD, "backtrack", 12);
    insta::assert_snapshot!(text(&draw(&panel, 64, 30, &PanelTheme::plain())));
}

#[test]
fn snapshot_ga() {
    let panel = stepped_on(HARD, "ga", 12);
    insta::assert_snapshot!(text(&draw(&panel, 64, 36, &PanelTheme::plain())));
}

#[test]
fn snapshot_cultural() {
    let panel = stepped_on(HARD, "cultural", 12);
    insta::assert_snapshot!(text(&draw(&panel, 64, 36, &PanelTheme::plain())));
}

#[test]
fn every_solver_renders_in_every_layout() {
    for name in live::NAMES {
        let panel = stepped(name, 1);
        for (w, h) in [(64, 44), (40, 24), (28, 12), (12, 4), (2, 2)] {
            for theme in [PanelTheme::colored(), Theme::plain(true).panel] {
                let screen = text(&draw(&panel, w, h, &theme));
                if w >= 28 {
                    assert!(screen.contains(name), "{name} at {w}×{h}:\n{screen}");
                }
            }
        }
    }
}

#[test]
fn status_carries_colour_and_a_word() {
    let panel = stepped("rfss", 200);
    let buffer = draw(&panel, 64, 44, &PanelTheme::colored());
    let screen = text(&buffer);
    let (y, line) = screen
        .lines()
        .enumerate()
        .find(|(_, l)| l.contains("✔ solved"))
        .expect("a solved status line");
    let x = line.chars().position(|c| c == '✔').expect("symbol") as u16;
    assert_eq!(buffer[(x, y as u16)].fg, Color::Green);
    let ascii = text(&draw(&panel, 64, 44, &Theme::plain(true).panel));
    assert!(ascii.contains("* solved"), "{ascii}");
    assert!(ascii.is_ascii() || !ascii.contains('✔'));
}

#[test]
fn the_bands_are_drawn_in_several_colours() {
    let panel = stepped("rfss", 60);
    let buffer = draw(&panel, 64, 44, &PanelTheme::colored());
    let screen = text(&buffer);
    let top = screen
        .lines()
        .position(|l| l.contains("species proportions"))
        .expect("the bands chart") as u16;
    let mut colours = std::collections::HashSet::new();
    for y in top..buffer.area.height {
        for x in 0..buffer.area.width {
            let cell = &buffer[(x, y)];
            if cell
                .symbol()
                .chars()
                .any(|c| ('\u{2801}'..='\u{28ff}').contains(&c))
            {
                colours.insert(cell.fg);
            }
        }
    }
    assert!(colours.len() >= 4, "band colours: {colours:?}");
}

#[test]
fn the_live_clock_shows_time_and_rate() {
    let mut panel = panel();
    panel.load(&puzzle(WIKIPEDIA));
    assert!(panel.select("rfss"));
    panel.handle(PanelMsg::StartPause);
    assert!(panel.settle(SETTLE));
    assert_eq!(panel.status(), Some(Status::Solved));
    assert!(panel.elapsed() > Duration::ZERO);
    let rate = panel.rate().expect("a finished run has a rate");
    assert!(rate > 0.0);
    let screen = text(&draw(&panel, 64, 44, &PanelTheme::plain()));
    let status = screen
        .lines()
        .find(|l| l.contains("solved  "))
        .expect("status line");
    assert!(
        status.contains(" s  ") && status.contains(" generations/s"),
        "{status}"
    );
    assert!(!status.contains("--"), "{status}");
}
