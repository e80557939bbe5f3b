//! A chain hint drawn over the board: at stage 2 the chain's candidates are shown, those the
//! chain makes true in one style and those it makes false in another, even where the player
//! keeps no notes, and the card says what the two styles mean.

use std::sync::Arc;

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use ratatui::style::{Color, Modifier};
use sudoscope::tui::app::{Hint, Overlay};
use sudoscope::tui::{App, AppConfig, Effect, Msg, StartGame, StepPool};
use sudoscope_core::grid::{ReadOptions, parse_puzzle};
use sudoscope_core::logic::Technique;
use sudoscope_core::logic::{LinkKind, Step};

/// From magictour's top 1465: its sixth step is a nice loop, reached after five simpler ones.
const PUZZLE: &str =
    "6..1..7......7..8...9..8..37..4..5...3.....2...4..5..81..2..4.........5...6..9...";

fn app() -> App {
    app_with(PUZZLE)
}

fn app_with(line: &str) -> App {
    let puzzle = parse_puzzle(line, ReadOptions::default()).expect("a puzzle");
    let mut app = App::new(AppConfig {
        start: StartGame::Puzzle(puzzle),
        color: true,
        ascii: false,
        pool: Arc::new(StepPool::new(1)),
    })
    .expect("an app");
    // Screens drawn a second apart are compared: the clock must not tick between them.
    app.freeze_clock(std::time::Duration::from_secs(754));
    app
}

fn press(app: &mut App, c: char) -> Vec<Effect> {
    app.update(Msg::Event(Event::Key(KeyEvent::new(
        KeyCode::Char(c),
        KeyModifiers::NONE,
    ))))
}

fn draw(app: &App) -> Buffer {
    draw_at(app, 120, 40)
}

fn draw_at(app: &App, w: u16, h: u16) -> Buffer {
    let mut terminal = Terminal::new(TestBackend::new(w, h)).expect("a terminal");
    terminal
        .draw(|f| {
            let _ = sudoscope::tui::view::render(app, f);
        })
        .expect("drawn");
    terminal.backend().buffer().clone()
}

/// Applies hints until one follows a chain; returns that step at stage 1.
fn first_chain_hint(app: &mut App) -> Step {
    for _ in 0..30 {
        press(app, 'i');
        match app.hint() {
            Some(Hint::Step { step, .. }) if !step.links.is_empty() => return (**step).clone(),
            Some(Hint::Step { .. }) => {
                press(app, 'a');
            }
            other => panic!("a step hint, got {other:?}"),
        }
    }
    panic!("no chain within 30 hints");
}

/// The symbols of the board's cells drawn with `style`, sorted.
fn symbols_where(buf: &Buffer, style: impl Fn(&ratatui::buffer::Cell) -> bool) -> Vec<String> {
    let mut found: Vec<String> = buf
        .content()
        .iter()
        .filter(|c| style(c) && c.symbol().chars().all(|ch| ch.is_ascii_digit()))
        .map(|c| c.symbol().to_string())
        .collect();
    found.sort();
    found
}

#[test]
fn a_chain_hint_marks_its_true_and_false_candidates() {
    let mut app = app();
    let step = first_chain_hint(&mut app);
    // What the chain makes true and false, from its links read in order.
    let mut on = std::collections::BTreeSet::new();
    let mut off = std::collections::BTreeSet::new();
    for link in &step.links {
        let (t, f) = match link.kind {
            LinkKind::Strong => (link.to, link.from),
            LinkKind::Weak => (link.from, link.to),
        };
        on.insert((t.cell, t.digit));
        off.insert((f.cell, f.digit));
    }
    let expect = |set: &std::collections::BTreeSet<(usize, u8)>,
                  exclude: &std::collections::BTreeSet<(usize, u8)>| {
        let mut digits: Vec<String> = set
            .iter()
            .filter(|c| !exclude.contains(c))
            .map(|&(_, d)| d.to_string())
            .collect();
        digits.sort();
        digits
    };
    // Stage 1 names the technique only: nothing of the chain is on the board yet.
    let buf = draw(&app);
    assert!(symbols_where(&buf, |c| c.modifier.contains(Modifier::ITALIC)).is_empty());

    press(&mut app, 'i');
    let buf = draw(&app);
    let text: String = buf.content().iter().map(|c| c.symbol()).collect();
    assert!(
        text.contains("The chain: green notes are true"),
        "the card explains the marks"
    );
    // A candidate that is both an "on" and an "off" end is drawn as "on"; one the step
    // eliminates is drawn as an elimination (its colour wins, its italic stays).
    let eliminated: std::collections::BTreeSet<(usize, u8)> = step
        .eliminations
        .iter()
        .map(|e| (e.cell, e.digit))
        .collect();
    assert_eq!(
        symbols_where(&buf, |c| c.modifier.contains(Modifier::ITALIC)),
        expect(&off, &on),
        "the false candidates, italic, in {:?}",
        step.links
    );
    assert_eq!(
        symbols_where(&buf, |c| c.fg == Color::Indexed(78)
            && c.modifier.contains(Modifier::BOLD)
            && !c.modifier.contains(Modifier::ITALIC)),
        expect(&on, &eliminated),
        "the true candidates, green, in {:?}",
        step.links
    );
}

/// Where our techniques are stuck (Easter Monster, from its first grid), a hint still comes:
/// Sudoku Explainer's chain, looked for off the UI thread, drawn like our own chains.
#[test]
fn a_stuck_ladder_hands_the_hint_to_sudoku_explainer() {
    const EASTER_MONSTER: &str =
        "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1";
    let mut app = app_with(EASTER_MONSTER);
    // Screens are compared across many frames: the clock must not tick between them.
    app.freeze_clock(std::time::Duration::ZERO);
    let effects = press(&mut app, 'i');
    assert!(app.hint().is_none(), "the answer is not there at once");
    let text: String = draw(&app).content().iter().map(|c| c.symbol()).collect();
    assert!(
        text.contains("Sudoku Explainer"),
        "the player is told what happens"
    );
    let mut jobs = 0;
    for effect in effects {
        if let Effect::Work(job) = effect {
            jobs += 1;
            app.update(Msg::Done(job.run()));
        }
    }
    assert_eq!(jobs, 1, "one job looks for the step");
    let Some(Hint::Step { step, .. }) = app.hint() else {
        panic!("a step, not stuck: {:?}", app.hint());
    };
    assert_eq!(step.technique, Technique::SeStep);
    assert!(!step.links.is_empty(), "SE's chain comes with its links");
    press(&mut app, 'i');
    let text: String = draw(&app).content().iter().map(|c| c.symbol()).collect();
    assert!(text.contains("The chain:"), "the chain is drawn at stage 2");
    // Stage 3 of a nested chain: its level-by-level summary, and the length of its full
    // proof (hundreds of lines, dozens of pages at 80×24), which i shows.
    press(&mut app, 'i');
    let summary: String = draw(&app).content().iter().map(|c| c.symbol()).collect();
    assert!(summary.contains("In short,"), "{summary}");
    let proof_lines = step_proof_lines(&app);
    assert!(
        proof_lines > 100,
        "Easter Monster's proof: {proof_lines} lines"
    );
    // Its length as the card's pager counts it: rows of the card, at least a row a line.
    let said: usize = summary
        .split("Full proof: ")
        .nth(1)
        .and_then(|rest| rest.split(" lines").next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("the proof's length is said: {summary}"));
    assert!(said >= proof_lines, "{said} rows for {proof_lines} lines");
    assert!(summary.contains("i full proof"), "{summary}");
    assert!(!summary.contains("In detail:"), "{summary}");
    // The chain's numbered implications each start a line of the card.
    press(&mut app, 'i');
    assert!(
        matches!(app.hint(), Some(Hint::Step { proof: true, .. })),
        "{:?}",
        app.hint()
    );
    let buf = draw(&app);
    let rows: Vec<String> = (0..buf.area.height)
        .map(|y| (0..buf.area.width).map(|x| buf[(x, y)].symbol()).collect())
        .collect();
    assert!(
        rows.iter().any(|row| row.contains("│2. ")),
        "'2.' begins a line of the card:\n{}",
        rows.join("\n")
    );
    // A nested chain's explanation is far taller than the card: the card keeps its key line
    // (it was cut off at 80×24, leaving the player no word on how to apply or close).
    for (w, h) in [(120, 40), (80, 24)] {
        let text: String = draw_at(&app, w, h)
            .content()
            .iter()
            .map(|c| c.symbol())
            .collect();
        assert!(text.contains("a apply  Esc close"), "{w}×{h}: {text}");
    }
    // And the player can read all of it: PageDown pages through the text to its last line,
    // PageUp back to the first (at 80×24 only the first lines were ever visible).
    let Some(Hint::Step { step, .. }) = app.hint().cloned() else {
        panic!("the step is still shown");
    };
    let last = step.explanation.lines().last().expect("an explanation");
    let last_words: String = last.trim().chars().take(12).collect();
    let first = draw_and_tell(&mut app, 80, 24);
    assert!(
        first.contains(" 1-"),
        "the card says where the player is: {first}"
    );
    assert!(
        !first.contains(&last_words),
        "the text does not fit at 80×24"
    );
    let mut seen = first.clone();
    for _ in 0..200 {
        if seen.contains(&last_words) {
            break;
        }
        page(&mut app, KeyCode::PageDown);
        seen = draw_and_tell(&mut app, 80, 24);
    }
    assert!(
        seen.contains(&last_words),
        "PageDown reaches {last_words:?}: {seen}"
    );
    assert!(
        seen.contains("PgUp "),
        "at the end the card offers PgUp: {seen}"
    );
    for _ in 0..200 {
        page(&mut app, KeyCode::PageUp);
    }
    assert_eq!(
        draw_and_tell(&mut app, 80, 24),
        first,
        "PageUp goes back to the top"
    );
    // i once more: back to the summary.
    press(&mut app, 'i');
    assert!(matches!(
        app.hint(),
        Some(Hint::Step {
            stage: 3,
            proof: false,
            ..
        })
    ));
}

/// How many lines the hinted step's full proof has (from "In detail:" on).
fn step_proof_lines(app: &App) -> usize {
    let Some(Hint::Step { step, .. }) = app.hint() else {
        panic!("a step: {:?}", app.hint());
    };
    let (_, proof) = sudoscope_core::logic::se::summary_and_proof(&step.explanation);
    proof.expect("a nested chain's proof").lines().count()
}

/// Draws at `w`×`h` and hands the layout back to the app, as the runner does.
fn draw_and_tell(app: &mut App, w: u16, h: u16) -> String {
    let mut terminal = Terminal::new(TestBackend::new(w, h)).expect("a terminal");
    let mut hits = None;
    terminal
        .draw(|f| hits = Some(sudoscope::tui::view::render(app, f)))
        .expect("drawn");
    if let Some(hits) = hits {
        app.update(Msg::Drawn(hits));
    }
    terminal
        .backend()
        .buffer()
        .content()
        .iter()
        .map(|c| c.symbol())
        .collect()
}

fn page(app: &mut App, code: KeyCode) {
    app.update(Msg::Event(Event::Key(KeyEvent::new(
        code,
        KeyModifiers::NONE,
    ))));
}

/// `--ascii` shows every hint in plain ASCII: each symbol the hint engine writes (our own
/// techniques' explanations and Sudoku Explainer's chains) has an ASCII form, rather than
/// becoming a `?` (`r4c1≠8` was drawn as `r4c1?8`).
#[test]
fn every_symbol_of_a_hint_has_an_ascii_form() {
    use sudoscope::tui::theme::Glyphs;
    use sudoscope_core::logic::{self, Board, path, se};
    const EASTER_MONSTER: &str =
        "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1";
    let mut texts: Vec<String> = Vec::new();
    for line in [PUZZLE, EASTER_MONSTER] {
        let puzzle = parse_puzzle(line, ReadOptions::default()).expect("a puzzle");
        let board = path::solve(&Board::from_puzzle(&puzzle), &[]).board;
        for technique in logic::available() {
            for step in logic::find_all(&board, technique) {
                texts.push(technique.title().to_string());
                texts.push(step.explanation);
            }
        }
        if let Some(hint) = se::next_step(&board, true, &se::SeMemo::default()) {
            texts.push(hint.name);
            texts.extend(hint.explanation);
        }
    }
    assert!(
        texts.iter().any(|t| t.contains('≠')),
        "the texts include a chain's \"is not\" sign"
    );
    let glyphs = Glyphs::ascii();
    for text in &texts {
        let ascii = glyphs.text(text);
        assert_eq!(
            ascii.matches('?').count(),
            text.matches('?').count(),
            "a symbol without an ASCII form in {text:?} -> {ascii:?}"
        );
    }
}

/// Defect: on Easter Monster the hint card's first stage said "Look at r5c9, …: Sudoku
/// Explainer step.", applying it "applied: Sudoku Explainer step", and the solution path
/// stopped with "no technique applies" while the hints carried on; only the third stage named
/// the rule ("Dynamic Contradiction Forcing Chain"). Every stage, the status line and the path
/// name the rule.
#[test]
fn a_sudoku_explainer_hint_is_named_by_its_rule_everywhere() {
    const EASTER_MONSTER: &str =
        "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1";
    let mut app = app_with(EASTER_MONSTER);
    for effect in press(&mut app, 'i') {
        if let Effect::Work(job) = effect {
            app.update(Msg::Done(job.run()));
        }
    }
    let Some(Hint::Step { step, .. }) = app.hint().cloned() else {
        panic!("a step: {:?}", app.hint());
    };
    let rule = step
        .se_rule
        .as_ref()
        .map(|r| r.name.clone())
        .expect("SE's rule");
    assert!(rule.contains("Forcing Chain"), "{rule}");
    let hint = app.hint().expect("the hint");
    let (_, lines) = sudoscope::tui::view::hint::card(
        hint,
        app.game().geometry(),
        &sudoscope::tui::theme::Theme::plain(false),
        40,
    );
    let first: String = lines[0].spans.iter().map(|s| s.content.as_ref()).collect();
    assert!(
        first.ends_with(&format!(": {rule}.")),
        "stage 1 names {rule:?}: {first}"
    );
    let screen = draw_and_tell(&mut app, 120, 40);
    assert!(!screen.contains("Sudoku Explainer step"), "{screen}");
    press(&mut app, 'a');
    assert_eq!(app.message(), Some(format!("applied: {rule}").as_str()));
    // The solution path carries on the way the hints do, and names the rules it used.
    let mut opened = false;
    for effect in press(&mut app, 'v') {
        if let Effect::Work(job) = effect {
            app.update(Msg::Done(job.run()));
            opened = true;
        }
    }
    assert!(opened, "the path is worked out as a job");
    let Overlay::Path { steps, solved, .. } = app.overlay() else {
        panic!("the path: {:?}", app.overlay());
    };
    assert!(*solved, "the path solves the puzzle");
    assert!(
        steps.iter().any(|s| s.se_rule.is_some()),
        "it needs SE's rules again"
    );
    let path = draw_and_tell(&mut app, 120, 40);
    assert!(!path.contains("Sudoku Explainer step"), "{path}");
    assert!(!path.contains("needs guessing"), "{path}");
}
