//! `App::update` driven directly: every key of the key map, the mouse, paste, dialogs,
//! autosave snapshots, and a property test that 100,000 random events (keys, clicks, pastes,
//! renders into terminals down to 1×1) never panic.

use std::sync::Arc;
use std::time::{Duration, Instant};

use proptest::prelude::*;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{
    Event, KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use sudoscope::store::{Answer, Record};
use sudoscope::tui::app::{Confirm, Hint, Overlay};
use sudoscope::tui::{App, AppConfig, Effect, Hits, Msg, StartGame, StepPool};
use sudoscope_core::grid::{ReadOptions, parse_puzzle};

const EASY: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
const SOLUTION: &str =
    "483921657967345821251876493548132976729564138136798245372689514814253769695417382";

fn app() -> App {
    let puzzle = parse_puzzle(EASY, ReadOptions::default()).unwrap();
    app_from(StartGame::Puzzle(puzzle), true, false)
}

/// An app with its own one-thread step pool.
fn app_from(start: StartGame, color: bool, ascii: bool) -> App {
    App::new(AppConfig {
        start,
        color,
        ascii,
        pool: Arc::new(StepPool::new(1)),
    })
    .unwrap()
}

fn key_with(code: KeyCode, modifiers: KeyModifiers) -> Msg {
    Msg::Event(Event::Key(KeyEvent::new(code, modifiers)))
}

fn key(app: &mut App, code: KeyCode) -> Vec<Effect> {
    app.update(key_with(code, KeyModifiers::NONE))
}

fn ctrl(app: &mut App, c: char) -> Vec<Effect> {
    app.update(key_with(KeyCode::Char(c), KeyModifiers::CONTROL))
}

fn ch(app: &mut App, c: char) -> Vec<Effect> {
    key(app, KeyCode::Char(c))
}

/// Draws as a runner does, handing the layout back (so clicks land where they were drawn).
fn render(app: &mut App, w: u16, h: u16) -> String {
    let mut terminal = Terminal::new(TestBackend::new(w, h)).unwrap();
    let mut hits = Hits::default();
    terminal
        .draw(|f| hits = sudoscope::tui::view::render(app, f))
        .unwrap();
    app.update(Msg::Drawn(hits));
    let buf = terminal.backend().buffer().clone();
    buf.content().iter().map(|c| c.symbol()).collect()
}

/// Does what a runner does with `Effect::Work`: runs each job and hands its answer back;
/// returns the other effects.
fn settle(app: &mut App, effects: Vec<Effect>) -> Vec<Effect> {
    let mut queue = effects;
    let mut rest = Vec::new();
    while let Some(effect) = queue.pop() {
        match effect {
            Effect::Work(job) => queue.extend(app.update(Msg::Done(job.run()))),
            other => rest.push(other),
        }
    }
    rest
}

/// The threads of this process (to show that `update` starts none).
fn threads() -> usize {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|status| {
            status
                .lines()
                .find_map(|l| l.strip_prefix("Threads:"))
                .and_then(|n| n.trim().parse().ok())
        })
        .unwrap_or(0)
}

fn digit_at(cell: usize) -> u8 {
    SOLUTION.as_bytes()[cell] - b'0'
}

#[test]
fn app_is_send_for_the_ssh_server() {
    fn send<T: Send>() {}
    send::<App>();
}

#[test]
fn movement_keys_move_and_jump() {
    let mut a = app();
    assert_eq!(a.cursor(), 0);
    ch(&mut a, 'l');
    assert_eq!(a.cursor(), 1);
    ch(&mut a, 'h');
    ch(&mut a, 'h');
    assert_eq!(a.cursor(), 0, "left from r1c1 stays");
    ch(&mut a, 'j');
    assert_eq!(a.cursor(), 9);
    ch(&mut a, 'k');
    key(&mut a, KeyCode::Down);
    key(&mut a, KeyCode::Right);
    assert_eq!(a.cursor(), 10);
    key(&mut a, KeyCode::Up);
    key(&mut a, KeyCode::Left);
    assert_eq!(a.cursor(), 0);
    a.update(key_with(KeyCode::Right, KeyModifiers::CONTROL));
    assert_eq!(a.cursor(), 3, "a box to the right");
    a.update(key_with(KeyCode::Down, KeyModifiers::CONTROL));
    assert_eq!(a.cursor(), 30);
    a.update(key_with(KeyCode::Left, KeyModifiers::CONTROL));
    a.update(key_with(KeyCode::Up, KeyModifiers::CONTROL));
    assert_eq!(a.cursor(), 0);
    for _ in 0..8 {
        ch(&mut a, 'l');
    }
    assert_eq!(a.cursor(), 8);
    key(&mut a, KeyCode::Tab);
    assert_eq!(a.game().entry(a.cursor()), 0);
    assert!(a.cursor() > 8);
    let here = a.cursor();
    key(&mut a, KeyCode::BackTab);
    assert!(a.cursor() < here);
}

#[test]
fn digits_enter_clear_and_protect_givens() {
    let mut a = app();
    let effects = ch(&mut a, '4');
    assert_eq!(a.game().entry(0), 4);
    assert!(
        matches!(effects.as_slice(), [Effect::Save(_)]),
        "every change is saved"
    );
    assert!(
        ch(&mut a, '4').is_empty(),
        "the same digit again changes nothing"
    );
    assert_eq!(a.game().entry(0), 4, "the same digit again keeps the entry");
    for clear in [
        KeyCode::Char('0'),
        KeyCode::Char('.'),
        KeyCode::Char('x'),
        KeyCode::Backspace,
        KeyCode::Delete,
    ] {
        ch(&mut a, '7');
        assert_eq!(a.game().entry(0), 7);
        key(&mut a, clear);
        assert_eq!(a.game().entry(0), 0, "{clear:?} clears");
    }
    ch(&mut a, 'l');
    ch(&mut a, 'l');
    assert!(ch(&mut a, '5').is_empty(), "r1c3 is a given");
    assert_eq!(a.game().entry(2), 3);
    assert!(a.message().unwrap().contains("given"));
}

#[test]
fn notes_mode_fill_undo_redo() {
    let mut a = app();
    ch(&mut a, 'n');
    assert!(a.notes_mode());
    ch(&mut a, '4');
    ch(&mut a, '5');
    assert_eq!(a.game().notes(0).iter().collect::<Vec<_>>(), vec![4, 5]);
    ch(&mut a, '4');
    assert_eq!(a.game().notes(0).iter().collect::<Vec<_>>(), vec![5]);
    ch(&mut a, 'n');
    assert!(!a.notes_mode());
    ch(&mut a, 'f');
    // The player's own notes stay as they are; cells without notes get their candidates.
    assert_eq!(a.game().notes(0).iter().collect::<Vec<_>>(), vec![5]);
    assert_eq!(a.game().notes(1), a.game().implied(1));
    ch(&mut a, 'u');
    assert!(a.game().notes(1).is_empty());
    ctrl(&mut a, 'r');
    assert_eq!(a.game().notes(1), a.game().implied(1));
    ctrl(&mut a, 'z');
    ctrl(&mut a, 'y');
    assert_eq!(a.game().notes(1), a.game().implied(1));
    // Entering a digit removes it from the peers' notes.
    let peer_has_4 = a.game().notes(1).contains(4);
    assert!(peer_has_4);
    ch(&mut a, '4');
    assert!(!a.game().notes(1).contains(4));
}

#[test]
fn hints_progress_highlight_explain_and_apply() {
    let mut a = app();
    ch(&mut a, 'i');
    let Some(Hint::Step { step, stage: 1, .. }) = a.hint().cloned() else {
        panic!("a first hint names a technique: {:?}", a.hint());
    };
    ch(&mut a, 'i');
    assert!(matches!(a.hint(), Some(Hint::Step { stage: 2, .. })));
    ch(&mut a, 'i');
    ch(&mut a, 'i');
    assert!(
        matches!(a.hint(), Some(Hint::Step { stage: 3, .. })),
        "stage stops at 3"
    );
    let screen = render(&mut a, 120, 40);
    assert!(screen.contains("Hint 3/3"));
    let before = a.game().empty_count();
    ch(&mut a, 'a');
    assert!(a.hint().is_none());
    assert!(a.game().empty_count() < before || !step.eliminations.is_empty());
    for p in &step.placements {
        assert_eq!(a.game().entry(p.cell), p.digit);
    }
    ch(&mut a, 'i');
    key(&mut a, KeyCode::Esc);
    assert!(a.hint().is_none());
}

#[test]
fn a_hint_on_a_wrong_grid_says_so_first() {
    let mut a = app();
    let wrong = if digit_at(0) == 1 { 2 } else { 1 };
    ch(&mut a, char::from(b'0' + wrong));
    ch(&mut a, 'i');
    match a.hint() {
        Some(Hint::Wrong { cells }) => assert_eq!(cells, &vec![0]),
        other => panic!("expected the wrong-entry hint, got {other:?}"),
    }
    assert!(render(&mut a, 120, 40).contains("r1c1"));
}

#[test]
fn path_view_lists_the_remaining_steps() {
    let mut a = app();
    let effects = ch(&mut a, 'v');
    assert!(a.is_waiting(), "the path is a job, not work inside update");
    assert!(matches!(a.overlay(), Overlay::None));
    settle(&mut a, effects);
    assert!(!a.is_waiting());
    match a.overlay() {
        Overlay::Path { steps, solved, .. } => {
            assert!(*solved);
            assert!(steps.len() >= 40, "one step per line: {}", steps.len());
        }
        other => panic!("{other:?}"),
    }
    ch(&mut a, 'j');
    assert!(matches!(a.overlay(), Overlay::Path { scroll: 1, .. }));
    key(&mut a, KeyCode::Esc);
    assert!(matches!(a.overlay(), Overlay::None));
}

#[test]
fn check_reveal_and_completion() {
    let mut a = app();
    let wrong = if digit_at(0) == 1 { 2 } else { 1 };
    ch(&mut a, char::from(b'0' + wrong));
    ch(&mut a, 'c');
    assert!(a.game().checked());
    assert!(a.message().unwrap().contains("1 entry disagrees"));
    assert!(render(&mut a, 80, 24).contains('✗'));
    ch(&mut a, 'r');
    assert_eq!(a.game().entry(0), digit_at(0));
    ch(&mut a, 'R');
    assert!(a.game().completed().is_none(), "R asks first");
    ch(&mut a, 'y');
    assert!(a.game().completed().is_some());
    assert!(a.needs_frames(), "the celebration animates");
    for _ in 0..100 {
        a.update(Msg::Tick);
    }
    assert!(!a.needs_frames(), "and then stops");
    assert!(a.message().unwrap().contains("revealed"));
}

#[test]
fn pause_hides_the_grid_and_stops_the_clock() {
    let mut a = app();
    ch(&mut a, 'p');
    assert!(a.is_paused());
    assert!(a.next_timer_change().is_none());
    let screen = render(&mut a, 80, 24);
    assert!(screen.contains("Paused"));
    assert!(!screen.contains('╔'), "no grid while paused");
    ch(&mut a, '5');
    assert_eq!(a.game().entry(0), 0, "no play while paused");
    ch(&mut a, 'p');
    assert!(!a.is_paused());
}

#[test]
fn help_overlay_lists_every_key_and_closes() {
    let mut a = app();
    ch(&mut a, '?');
    // Scrolled through, the overlay shows every row.
    let mut seen = String::new();
    for _ in 0..80 {
        seen.push_str(&render(&mut a, 120, 60));
        ch(&mut a, 'j');
    }
    for k in sudoscope::tui::keymap::KEYS {
        assert!(seen.contains(k.keys), "help shows {}", k.keys);
    }
    ch(&mut a, 'z');
    assert!(matches!(a.overlay(), Overlay::None));
}

#[test]
fn quit_keys_save_then_quit() {
    let mut a = app();
    let effects = ch(&mut a, 'q');
    assert!(matches!(
        effects.as_slice(),
        [Effect::Save(_), Effect::Quit]
    ));
    let effects = ctrl(&mut a, 'c');
    assert!(effects.contains(&Effect::Quit));
    ch(&mut a, '?');
    assert!(
        ctrl(&mut a, 'c').contains(&Effect::Quit),
        "Ctrl-C quits from any overlay"
    );
}

/// A new game's saves: the game left behind (kept in the continue list), then the new one
/// (other effects, such as rating the new puzzle, may come between).
fn assert_left_and_new_game_saved(effects: &[Effect]) {
    let saves: Vec<&Effect> = effects
        .iter()
        .filter(|e| matches!(e, Effect::Save(_)))
        .collect();
    match saves.as_slice() {
        [Effect::Save(left), Effect::Save(new)] => {
            assert_ne!(left.game, new.game, "two different games");
            assert!(left.finish.is_none() && new.finish.is_none());
        }
        other => panic!("expected the left game's save and the new one's: {other:?}"),
    }
}

#[test]
fn open_dialog_typed_or_pasted() {
    let mut a = app();
    ch(&mut a, 'o');
    for c in "12345".chars() {
        ch(&mut a, c);
    }
    key(&mut a, KeyCode::Enter);
    match a.overlay() {
        Overlay::Open { error: Some(e), .. } => assert!(!e.is_empty()),
        other => panic!("bad text keeps the dialog with an error: {other:?}"),
    }
    key(&mut a, KeyCode::Esc);
    // Pasting while playing opens the pasted puzzle at once.
    let other = "4.....938.32.941...953..24.37.6.9..4529..16736.47.3.9.957..83....39..4..24..3.7.9";
    let effects = a.update(Msg::Event(Event::Paste(other.to_string())));
    assert!(matches!(a.overlay(), Overlay::None));
    assert_left_and_new_game_saved(&effects);
    assert_eq!(a.game().entry(0), 4);
    assert!(a.game().solution().is_some());
}

/// A puzzle other than `EASY`, for opening over it.
const OTHER: &str =
    "4.....938.32.941...953..24.37.6.9..4529..16736.47.3.9.957..83....39..4..24..3.7.9";

/// Defect: a move made, then a puzzle pasted (bracketed paste) and Enter: the game was
/// replaced without a question, and `u` had nothing to undo. A paste now asks first, with
/// the question `o` and `g` ask; no keeps the game, yes opens the pasted puzzle (no second
/// Enter), and the question does not say the game is lost: it stays in the continue list.
#[test]
fn pasting_over_an_unfinished_game_asks_first() {
    let mut a = app();
    ch(&mut a, char::from(b'0' + digit_at(0)));
    a.update(Msg::Event(Event::Paste(OTHER.to_string())));
    assert!(
        matches!(a.overlay(), Overlay::Confirm(Confirm::Paste)),
        "{:?}",
        a.overlay()
    );
    let screen = render(&mut a, 80, 24);
    assert!(
        screen.contains("unfinished") && screen.contains("pasted"),
        "{screen}"
    );
    assert!(!screen.contains("cannot be brought back"), "{screen}");
    assert!(screen.contains("continue list"), "{screen}");
    ch(&mut a, 'n');
    assert!(matches!(a.overlay(), Overlay::None));
    assert_eq!(a.game().entry(0), digit_at(0), "no keeps the game");
    // Asked again, Enter says yes: the pasted puzzle is the game at once.
    a.update(Msg::Event(Event::Paste(OTHER.to_string())));
    key(&mut a, KeyCode::Enter);
    assert!(matches!(a.overlay(), Overlay::None), "{:?}", a.overlay());
    assert_eq!(a.game().entry(0), 4, "the pasted puzzle is the game now");
    // Text that is not a puzzle stays in the dialog, saying why.
    a.update(Msg::Event(Event::Paste("not a puzzle".to_string())));
    if matches!(a.overlay(), Overlay::Confirm(_)) {
        ch(&mut a, 'y');
    }
    match a.overlay() {
        Overlay::Open { text, error } => {
            assert_eq!(text, "not a puzzle");
            assert!(error.is_some());
        }
        other => panic!("{other:?}"),
    }
    // At 80 columns a typed line longer than the dialog does not push its keys off it.
    let screen = render(&mut a, 80, 24);
    assert!(screen.contains("Ctrl-u"), "{screen}");
    for c in OTHER.chars() {
        ch(&mut a, c);
    }
    let screen = render(&mut a, 80, 24);
    assert!(screen.contains("Ctrl-u"), "the keys stay: {screen}");
    key(&mut a, KeyCode::Esc);
    // A paste that was declined is not kept for a later question.
    ch(&mut a, '1');
    a.update(Msg::Event(Event::Paste(EASY.to_string())));
    ch(&mut a, 'n');
    ch(&mut a, 'o');
    ch(&mut a, 'y');
    match a.overlay() {
        Overlay::Open { text, .. } => assert_eq!(text, "", "o opens an empty dialog"),
        other => panic!("{other:?}"),
    }
}

/// Defect: a puzzle opened with `o` was never rated: the title had no level and no SE, and
/// the solved banner no "level · score · SE" line, while the same puzzle given to `play` was
/// rated. Opening it now asks for the same ratings.
#[test]
fn an_opened_puzzle_is_rated_like_one_given_to_play() {
    let mut given = app_from(
        StartGame::Puzzle(parse_puzzle(OTHER, ReadOptions::default()).unwrap()),
        false,
        false,
    );
    let effects = given.start();
    settle(&mut given, effects);
    let mut a = app();
    ch(&mut a, 'o');
    for c in OTHER.chars() {
        ch(&mut a, c);
    }
    let effects = key(&mut a, KeyCode::Enter);
    assert!(
        effects.iter().any(|e| matches!(e, Effect::Work(_))),
        "opening asks for the rating: {effects:?}"
    );
    settle(&mut a, effects);
    assert!(given.game().level.is_some() && given.info().score.is_some());
    assert_eq!(a.game().level, given.game().level, "the level");
    assert_eq!(a.info(), given.info(), "the score and SE's rating");
    let level = a.game().level.map(|l| l.id()).unwrap_or_default();
    let screen = render(&mut a, 120, 40);
    assert!(
        screen.contains(&format!("· {level}")) && screen.contains("SE "),
        "the title names the level and SE's rating:\n{screen}"
    );
}

#[test]
fn new_game_dialog_generates_in_the_background() {
    let mut a = app();
    ch(&mut a, 'g');
    assert!(matches!(a.overlay(), Overlay::NewGame(_)));
    // Level: easy; size stays 9×9.
    key(&mut a, KeyCode::Left);
    let before = threads();
    let effects = key(&mut a, KeyCode::Enter);
    assert_eq!(threads(), before, "update started a thread");
    assert!(
        matches!(effects.as_slice(), [Effect::Work(_)]),
        "{effects:?}"
    );
    assert!(a.is_generating());
    assert!(a.needs_frames());
    assert!(render(&mut a, 80, 24).contains("generating"));
    let effects = settle(&mut a, effects);
    assert_left_and_new_game_saved(&effects);
    assert!(!a.is_generating());
    assert_ne!(a.game().puzzle().to_line(), EASY);
    assert_eq!(
        a.game().level,
        Some(sudoscope_core::logic::rating::Level::Easy)
    );
    // Esc leaves the dialog without a new game.
    ch(&mut a, 'g');
    key(&mut a, KeyCode::Esc);
    assert!(!a.is_generating());
}

#[test]
fn restart_is_undoable() {
    let mut a = app();
    ch(&mut a, '4');
    ch(&mut a, 'e');
    assert_eq!(a.game().entry(0), 0);
    ch(&mut a, 'u');
    assert_eq!(a.game().entry(0), 4);
}

#[test]
fn panel_toggles_and_takes_its_keys() {
    let mut a = app();
    ch(&mut a, 's');
    assert!(a.panel_open());
    // `]` goes to the panel only while it is open; it never changes the game.
    ch(&mut a, ']');
    ch(&mut a, 'y');
    assert!(a.message().unwrap().contains("no solver solution"));
    let screen = render(&mut a, 140, 40);
    assert!(screen.contains('╔') || screen.contains('┌'));
    ch(&mut a, 's');
    assert!(!a.panel_open());
}

#[test]
fn mouse_selects_cells_and_uses_the_palette() {
    let mut a = app();
    render(&mut a, 120, 40);
    let click = |a: &mut App, column: u16, row: u16| {
        a.update(Msg::Event(Event::Mouse(MouseEvent {
            kind: MouseEventKind::Down(MouseButton::Left),
            column,
            row,
            modifiers: KeyModifiers::NONE,
        })))
    };
    // Large layout at 120×40: board at (1, 1), cells 7×3 with lines between them.
    let (x, y) = (1 + 1 + 8 + 3, 1 + 1 + 4 + 1);
    click(&mut a, x, y);
    assert_eq!(a.cursor(), 10, "r2c2");
    // The palette starts one line below the sidebar's top; digit 7 is the seventh entry.
    let screen = render(&mut a, 120, 40);
    let lines: Vec<String> = screen
        .chars()
        .collect::<Vec<_>>()
        .chunks(120)
        .map(|c| c.iter().collect())
        .collect();
    let row = lines.iter().position(|l| l.contains(" 1   2   3")).unwrap();
    let chars: Vec<char> = lines[row].chars().collect();
    let start = (0..chars.len())
        .find(|&i| chars[i..].iter().take(10).collect::<String>() == " 1   2   3")
        .unwrap();
    let col = start + 6 * 4 + 1;
    assert_eq!(chars[col], '7');
    click(&mut a, col as u16, row as u16);
    assert_eq!(a.game().entry(10), 7);
}

#[test]
fn snapshots_resume_and_corrupt_ones_fail_cleanly() {
    let mut a = app();
    ch(&mut a, '4');
    ch(&mut a, 'l');
    ch(&mut a, 'n');
    ch(&mut a, '8');
    let json = a.snapshot();
    let b = app_from(StartGame::Resume(json.clone()), false, true);
    assert_eq!(b.game().entries(), a.game().entries());
    assert_eq!(b.game().notes(1), a.game().notes(1));
    for bad in [
        "".to_string(),
        "{".to_string(),
        json.replace("\"size\":9", "\"size\":10"),
        json.replace("\"entries\":[4", "\"entries\":[40"),
    ] {
        let result = App::new(AppConfig {
            start: StartGame::Resume(bad),
            color: false,
            ascii: false,
            pool: Arc::new(StepPool::new(1)),
        });
        assert!(result.is_err());
    }
}

/// Keys the fuzz draws from: every command, digits, letters, specials.
fn fuzz_key() -> impl Strategy<Value = Msg> {
    let chars: Vec<char> = "hjkl0123456789.xnfuiavcrRpgoesy?qb[]+-=# ABGPZ"
        .chars()
        .collect();
    let codes = vec![
        KeyCode::Up,
        KeyCode::Down,
        KeyCode::Left,
        KeyCode::Right,
        KeyCode::Tab,
        KeyCode::BackTab,
        KeyCode::Enter,
        KeyCode::Esc,
        KeyCode::Backspace,
        KeyCode::Delete,
        KeyCode::PageUp,
        KeyCode::PageDown,
        KeyCode::F(5),
    ];
    prop_oneof![
        8 => proptest::sample::select(chars).prop_map(|c| key_with(KeyCode::Char(c), KeyModifiers::NONE)),
        2 => proptest::sample::select(codes).prop_map(|c| key_with(c, KeyModifiers::NONE)),
        1 => proptest::sample::select(vec!['z', 'r', 'y', 'u', 'a', 'c'])
            .prop_map(|c| key_with(KeyCode::Char(c), KeyModifiers::CONTROL)),
        1 => (0u16..200, 0u16..60).prop_map(|(column, row)| Msg::Event(Event::Mouse(MouseEvent {
            kind: MouseEventKind::Down(MouseButton::Left),
            column,
            row,
            modifiers: KeyModifiers::NONE,
        }))),
        1 => (0u16..300, 0u16..100).prop_map(|(w, h)| Msg::Event(Event::Resize(w, h))),
        1 => "[.1-9\n]{0,100}".prop_map(|s| Msg::Event(Event::Paste(s))),
        1 => Just(Msg::Tick),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 100, failure_persistence: None, ..ProptestConfig::default() })]

    /// 100 runs × 1,000 events = 100,000 events; every 50th event the screen is drawn into a
    /// terminal of random size, down to 1×1.
    #[test]
    fn random_events_never_panic(
        events in proptest::collection::vec(fuzz_key(), 1000),
        sizes in proptest::collection::vec((1u16..140, 1u16..45), 20),
    ) {
        let mut a = app();
        for (i, msg) in events.into_iter().enumerate() {
            // Jobs (generation, path) are not run here: `update` only asks for them.
            let quit = a.update(msg).contains(&Effect::Quit);
            if i % 50 == 0 || quit {
                let (w, h) = sizes[(i / 50) % sizes.len()];
                render(&mut a, w, h);
            }
        }
        render(&mut a, 80, 24);
    }
}

/// Esc while a puzzle is generated cancels the job and its worker stops at once (a 25×25
/// puzzle takes seconds to make; its worker used to run on to the end); the late answer
/// changes nothing.
#[test]
fn esc_cancels_a_generation_and_its_worker_stops() {
    let mut a = app();
    ch(&mut a, 'g');
    let form = match a.overlay() {
        Overlay::NewGame(form) => form.clone(),
        other => panic!("{other:?}"),
    };
    assert_eq!(form.field, 0);
    // Size: 25×25 (field 1, two steps right of 9×9).
    key(&mut a, KeyCode::Down);
    key(&mut a, KeyCode::Right);
    key(&mut a, KeyCode::Right);
    let effects = key(&mut a, KeyCode::Enter);
    let Some(Effect::Work(job)) = effects.into_iter().next() else {
        panic!("no generation job");
    };
    assert!(a.is_generating());
    let worker = job.clone();
    let started = Instant::now();
    let handle = std::thread::spawn(move || worker.run());
    std::thread::sleep(Duration::from_millis(200));
    key(&mut a, KeyCode::Esc);
    assert!(!a.is_generating());
    assert_eq!(a.message(), Some("new game cancelled"));
    let done = handle.join().expect("the worker ends");
    assert!(
        started.elapsed() < Duration::from_secs(2),
        "the worker ran on for {:?} after Esc",
        started.elapsed()
    );
    let board = a.game().puzzle().to_line();
    assert!(a.update(Msg::Done(done)).is_empty());
    assert_eq!(
        a.game().puzzle().to_line(),
        board,
        "a cancelled answer was used"
    );
}

/// Defect: the dialog offered 4×4 at medium, which no 4×4 puzzle is (they all fall to
/// singles): 10 s of CPU and an error. Now 4×4 offers easy and any only, whatever the
/// level was, and cycling the level never lands on one it cannot make.
#[test]
fn the_new_game_dialog_offers_only_levels_the_size_can_reach() {
    let mut a = app();
    ch(&mut a, 'g');
    let level_of = |a: &App| match a.overlay() {
        Overlay::NewGame(form) => sudoscope::tui::app::LEVEL_CHOICES[form.level],
        other => panic!("{other:?}"),
    };
    assert_eq!(
        level_of(&a),
        Some(sudoscope_core::logic::rating::Level::Medium)
    );
    key(&mut a, KeyCode::Down);
    key(&mut a, KeyCode::Left); // 9×9 → 4×4
    assert_eq!(
        level_of(&a),
        Some(sudoscope_core::logic::rating::Level::Easy)
    );
    key(&mut a, KeyCode::Up);
    let mut seen = Vec::new();
    for _ in 0..6 {
        key(&mut a, KeyCode::Right);
        seen.push(level_of(&a));
    }
    assert!(
        seen.iter()
            .all(|l| matches!(l, None | Some(sudoscope_core::logic::rating::Level::Easy))),
        "4×4 offered {seen:?}"
    );
    assert!(seen.contains(&None));
}

/// Defect: a long error was cut at the screen's edge ("…levels reached: ea"). A message
/// wider than the status line is wrapped upwards, every word on screen.
#[test]
fn a_long_message_is_never_cut_off() {
    let mut a = app();
    let text = "the saved game is not readable: missing field `entries` at line 1 column 811; \
                here is a new game, and the damaged file stays where it was";
    a.notify(text);
    for (w, h) in [(80, 24), (60, 24), (120, 40)] {
        let mut terminal = Terminal::new(TestBackend::new(w, h)).unwrap();
        terminal
            .draw(|f| {
                let _ = sudoscope::tui::view::render(&a, f);
            })
            .unwrap();
        let buffer = terminal.backend().buffer().clone();
        let rows: Vec<String> = (0..h)
            .map(|y| (0..w).map(|x| buffer[(x, y)].symbol()).collect())
            .collect();
        let screen = rows.join(" ");
        let words: String = screen.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(
            words.contains(text),
            "{w}×{h}: cut off:\n{}",
            rows.join("\n")
        );
    }
}

/// Defect: after `u` the lines "1 entry disagrees…", "restarted from the givens…" and "the
/// solution is revealed…" stayed. Each status message about the board clears once the board
/// changes under it.
#[test]
fn status_messages_clear_once_stale() {
    // "N entries disagree" (check) clears when the board changes.
    let mut a = app();
    let wrong = if digit_at(0) == 1 { 2 } else { 1 };
    a.act(sudoscope::tui::keymap::Action::Move(0, 0));
    ch(&mut a, char::from(b'0' + wrong));
    ch(&mut a, 'c');
    assert!(
        a.message().is_some_and(|m| m.contains("disagree")),
        "{:?}",
        a.message()
    );
    ch(&mut a, 'u');
    assert_eq!(a.message(), None, "stale after u");

    // "restarted from the givens" clears on undo.
    let mut a = app();
    let right = digit_at(a.cursor());
    ch(&mut a, char::from(b'0' + right));
    ch(&mut a, 'e');
    assert!(a.message().is_some_and(|m| m.starts_with("restarted")));
    ch(&mut a, 'u');
    assert_eq!(a.message(), None, "stale after u");

    // "the solution is revealed" clears on undo.
    let mut a = app();
    ch(&mut a, 'R');
    ch(&mut a, 'y');
    assert!(a.message().is_some_and(|m| m.contains("revealed")));
    ch(&mut a, 'u');
    assert_eq!(a.message(), None, "stale after u");

    // "every empty cell holds its candidates" clears on undo.
    let mut a = app();
    ch(&mut a, 'f');
    assert!(a.message().is_some_and(|m| m.contains("candidates")));
    ch(&mut a, 'u');
    assert_eq!(a.message(), None, "stale after u");
}

/// Defect: `y` with the panel open said "(s opens the solver panel)".
#[test]
fn copy_without_a_solution_says_what_to_press() {
    let mut a = app();
    ch(&mut a, 'y');
    assert!(a.message().is_some_and(|m| m.contains("s opens")));
    ch(&mut a, 's');
    ch(&mut a, 'y');
    let said = a.message().unwrap_or_default().to_string();
    assert!(
        said.contains("Space runs") && !said.contains("s opens"),
        "{said}"
    );
}

/// Defect: "the solver found a solution: y copies it" stayed while another solver ran
/// unsolved. The offer shows while the panel has a solution and goes when it has none.
#[test]
fn the_solver_offer_goes_when_the_solution_does() {
    let mut a = app();
    ch(&mut a, 's');
    ch(&mut a, ' ');
    let deadline = Instant::now() + Duration::from_secs(60);
    while !a.message().is_some_and(|m| m.contains("found a solution")) {
        assert!(
            Instant::now() < deadline,
            "no solution offered: {:?}",
            a.message()
        );
        a.update(Msg::Tick);
        std::thread::sleep(Duration::from_millis(10));
    }
    ch(&mut a, ']');
    let deadline = Instant::now() + Duration::from_secs(10);
    while a.message().is_some_and(|m| m.contains("found a solution")) {
        assert!(
            Instant::now() < deadline,
            "the offer stayed after choosing another solver"
        );
        a.update(Msg::Tick);
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// Plays the puzzle to the end by typing the solution's digits (Tab to the next empty cell).
fn solve_by_hand(a: &mut App) {
    for _ in 0..81 {
        if a.game().completed().is_some() {
            return;
        }
        if a.game().entry(a.cursor()) == 0 {
            let right = digit_at(a.cursor());
            ch(a, char::from(b'0' + right));
        }
        key(a, KeyCode::Tab);
    }
}

/// Friction: `f` brought back candidates a hint or the player had removed.
#[test]
fn fill_notes_keeps_removed_candidates_removed() {
    let mut a = app();
    ch(&mut a, 'f');
    let before = a.game().notes(0);
    let removed = before.first().unwrap();
    ch(&mut a, 'n');
    ch(&mut a, char::from(b'0' + removed));
    ch(&mut a, 'n');
    assert!(!a.game().notes(0).contains(removed));
    ch(&mut a, 'f');
    assert!(
        !a.game().notes(0).contains(removed),
        "f brought back the removed {removed}"
    );
    // A hint's elimination sticks too (a medium puzzle: its steps remove candidates).
    let generated =
        sudoscope_core::generate::generate(&sudoscope_core::generate::GenerateOptions {
            level: Some(sudoscope_core::logic::rating::Level::Medium),
            seed: 11,
            ..Default::default()
        })
        .unwrap();
    let mut a = app_from(StartGame::Puzzle(generated.puzzle), true, false);
    ch(&mut a, 'f');
    for _ in 0..40 {
        let Some(Hint::Step { step, .. }) = ({
            ch(&mut a, 'i');
            a.hint().cloned()
        }) else {
            break;
        };
        ch(&mut a, 'a');
        if let Some(e) = step.eliminations.first() {
            assert!(!a.game().notes(e.cell).contains(e.digit));
            ch(&mut a, 'f');
            assert!(
                !a.game().notes(e.cell).contains(e.digit),
                "f undid the hint's elimination of {} at cell {}",
                e.digit,
                e.cell
            );
            return;
        }
    }
    panic!("no hint with an elimination on this puzzle");
}

/// Friction: `g` and `o` on an unfinished game started over without a word; `R` gave the
/// solution away at one key. Each asks first; any key but `y`/Enter keeps the game.
#[test]
fn leaving_an_unfinished_game_or_revealing_it_asks_first() {
    let mut a = app();
    // Nothing entered yet: nothing to lose, no question.
    ch(&mut a, 'g');
    assert!(matches!(a.overlay(), Overlay::NewGame(_)));
    key(&mut a, KeyCode::Esc);
    ch(&mut a, char::from(b'0' + digit_at(0)));
    for (press, dialog) in [('g', "new game"), ('o', "open")] {
        ch(&mut a, press);
        assert!(
            matches!(a.overlay(), Overlay::Confirm(_)),
            "{dialog}: {:?}",
            a.overlay()
        );
        let screen = render(&mut a, 80, 24);
        assert!(screen.contains("unfinished"), "{screen}");
        assert!(screen.contains("continue list"), "{screen}");
        ch(&mut a, 'n');
        assert!(matches!(a.overlay(), Overlay::None));
        assert_eq!(a.game().entry(0), digit_at(0), "the game stays");
        ch(&mut a, press);
        ch(&mut a, 'y');
        match dialog {
            "new game" => assert!(matches!(a.overlay(), Overlay::NewGame(_))),
            _ => assert!(matches!(a.overlay(), Overlay::Open { .. })),
        }
        key(&mut a, KeyCode::Esc);
    }
    ch(&mut a, 'R');
    assert!(matches!(a.overlay(), Overlay::Confirm(_)));
    key(&mut a, KeyCode::Esc);
    assert!(a.game().completed().is_none(), "Esc says no");
    ch(&mut a, 'R');
    key(&mut a, KeyCode::Enter);
    assert!(a.game().completed().is_some(), "Enter says yes");
    // A finished game is left without a question.
    ch(&mut a, 'g');
    assert!(matches!(a.overlay(), Overlay::NewGame(_)));
}

/// Friction: `e` (restart) kept the clock running from the first attempt.
#[test]
fn restart_resets_the_clock() {
    let mut snapshot: serde_json::Value = serde_json::from_str(&app().snapshot()).unwrap();
    snapshot["elapsed_ms"] = 600_000.into();
    let json = snapshot.to_string();
    let mut a = app_from(StartGame::Resume(json), false, false);
    assert!(a.game().timer.elapsed() >= Duration::from_secs(600));
    let right = digit_at(a.cursor());
    ch(&mut a, char::from(b'0' + right));
    ch(&mut a, 'e');
    assert!(a.game().timer.elapsed() < Duration::from_secs(5));
    assert!(render(&mut a, 80, 24).contains("0:00"));
}

/// Friction: resuming put the cursor back on the first empty cell.
#[test]
fn resume_restores_the_cursor() {
    let mut a = app();
    for _ in 0..4 {
        ch(&mut a, 'j');
        ch(&mut a, 'l');
    }
    let cursor = a.cursor();
    assert_ne!(cursor, 0);
    let b = app_from(StartGame::Resume(a.snapshot()), false, false);
    assert_eq!(b.cursor(), cursor);
}

/// Friction: the finish was a status line. Now a banner over the board gives the time, the
/// hints used, the level, score and SE rating, and the best time for this kind of puzzle,
/// which the next game's snapshot carries on.
#[test]
fn solving_shows_a_banner_with_time_hints_rating_and_best_time() {
    let mut a = app();
    let effects = a.start();
    settle(&mut a, effects);
    assert_eq!(
        a.info().se,
        sudoscope::tui::app::SeInfo::Known(12),
        "SE rates this puzzle 1.2"
    );
    assert!(a.info().score.is_some(), "the engine's score");
    assert!(a.game().level.is_some(), "the level of an opened puzzle");
    ch(&mut a, 'i');
    key(&mut a, KeyCode::Esc);
    a.freeze_clock(Duration::from_secs(250));
    solve_by_hand(&mut a);
    assert!(a.game().completed().is_some());
    let screen = render(&mut a, 80, 24);
    for expected in [
        "Solved in 4:10",
        "1 hint",
        "SE 1.2",
        "first finish",
        "score",
    ] {
        assert!(screen.contains(expected), "no {expected:?}:\n{screen}");
    }
    let big = render(&mut a, 120, 40);
    assert!(big.contains("Solved in 4:10"), "{big}");
    // Esc closes the banner; the board is still solved.
    key(&mut a, KeyCode::Esc);
    assert!(!render(&mut a, 80, 24).contains("first finish"));
    assert!(a.game().completed().is_some());
    // The best time comes back from the store's history (the runner sends the records) into
    // the next game of the same kind.
    let mut b = app_from(StartGame::Resume(a.snapshot()), false, true);
    b.update(Msg::Stored(Answer::Records(vec![Record {
        kind: sudoscope::tui::records::kind(a.game()),
        games: 1,
        best_ms: 250_000,
        median_ms: 250_000,
    }])));
    let effects = b.start();
    settle(&mut b, effects);
    ch(&mut b, 'e');
    b.freeze_clock(Duration::from_secs(300));
    solve_by_hand(&mut b);
    let screen = render(&mut b, 80, 24);
    assert!(screen.contains("best 4:10"), "{screen}");
    assert!(screen.is_ascii(), "the banner is ASCII with --ascii");
    // A revealed solution sets no record.
    let mut c = app();
    ch(&mut c, 'R');
    ch(&mut c, 'y');
    assert!(render(&mut c, 80, 24).contains("no record"));
}

/// Friction: `play --size 25 --level hard` showed a blank screen for a second while the first
/// puzzle was made before the terminal opened. The app now starts with a placeholder and
/// asks for the first puzzle as a job, like every other generation.
#[test]
fn the_first_puzzle_is_generated_as_a_job() {
    let options = sudoscope_core::generate::GenerateOptions {
        level: Some(sudoscope_core::logic::rating::Level::Easy),
        seed: 7,
        ..Default::default()
    };
    let started = Instant::now();
    let mut a = app_from(StartGame::Generate(options), true, false);
    assert!(started.elapsed() < Duration::from_millis(200));
    assert!(a.is_placeholder());
    let before = threads();
    let effects = a.start();
    assert_eq!(threads(), before, "start started a thread");
    assert!(
        matches!(effects.as_slice(), [Effect::Work(_)]),
        "{effects:?}"
    );
    let screen = render(&mut a, 80, 24);
    assert!(screen.contains("generating"), "{screen}");
    // No play on the placeholder: digits do nothing.
    ch(&mut a, '5');
    assert_eq!(a.game().entry(a.cursor()), 0);
    settle(&mut a, effects);
    assert!(!a.is_placeholder());
    assert_eq!(
        a.game().level,
        Some(sudoscope_core::logic::rating::Level::Easy)
    );
    assert!(a.game().empty_count() > 0);
}

/// Defect: the damaged-save message was cut at 80 columns. The real start-up path
/// (a damaged autosave, a fresh game made as a job) shows every word of it at 80×24.
#[test]
fn the_damaged_save_message_is_whole_at_80_columns() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("game.json");
    let damaged = app()
        .snapshot()
        .replace("\"entries\":[", "\"entries\":[\"x\",");
    std::fs::write(&save, damaged).unwrap();
    let options = sudoscope::tui::run::RunOptions {
        start: None,
        fresh: sudoscope_core::generate::GenerateOptions {
            level: Some(sudoscope_core::logic::rating::Level::Easy),
            ..Default::default()
        },
        color: true,
        ascii: false,
    };
    let mut store = sudoscope::tui::local_store::LocalStore::open(Some(dir.path()));
    let mut a = sudoscope::tui::run::build_app(options, &mut store).unwrap();
    let effects = a.start();
    settle(&mut a, effects);
    let message = a
        .message()
        .expect("the damaged save is reported")
        .to_string();
    assert!(message.contains("not readable"), "{message}");
    assert!(
        message.chars().count() > 78,
        "a message that needs wrapping: {message}"
    );
    let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
    terminal
        .draw(|f| {
            let _ = sudoscope::tui::view::render(&a, f);
        })
        .unwrap();
    let buffer = terminal.backend().buffer().clone();
    let rows: Vec<String> = (0..24)
        .map(|y| (0..80).map(|x| buffer[(x, y)].symbol()).collect())
        .collect();
    let words = rows
        .join(" ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    let wanted = message.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(words.contains(&wanted), "cut off:\n{}", rows.join("\n"));
}

/// Friction: the cursor wrapped at the grid's edges (`h` at c1 went to c9 of the same row),
/// which broke typing a solution in row order. Left and right now go in reading order,
/// nothing jumps from one edge of the grid to the other.
#[test]
fn the_cursor_reads_rows_in_order_and_stops_at_the_grids_edges() {
    let mut a = app();
    // Home: r1c1.
    for _ in 0..9 {
        ch(&mut a, 'k');
        ch(&mut a, 'h');
    }
    assert_eq!(a.cursor(), 0);
    ch(&mut a, 'h');
    assert_eq!(a.cursor(), 0, "h at r1c1 stays");
    ch(&mut a, 'k');
    assert_eq!(a.cursor(), 0, "k at the top stays");
    key(&mut a, KeyCode::Left);
    assert_eq!(a.cursor(), 0);
    // Across a row's end to the next row, and back.
    for _ in 0..8 {
        ch(&mut a, 'l');
    }
    assert_eq!(a.cursor(), 8, "r1c9");
    ch(&mut a, 'l');
    assert_eq!(a.cursor(), 9, "l at r1c9 goes on to r2c1");
    key(&mut a, KeyCode::Left);
    assert_eq!(a.cursor(), 8, "← at r2c1 goes back to r1c9");
    // Down to the bottom, where j stops.
    for _ in 0..12 {
        ch(&mut a, 'j');
    }
    assert_eq!(a.cursor(), 80, "r9c9");
    ch(&mut a, 'j');
    ch(&mut a, 'l');
    key(&mut a, KeyCode::Right);
    assert_eq!(a.cursor(), 80, "the last cell stops l and j");
    // Box jumps stop at the edge too.
    a.update(key_with(KeyCode::Right, KeyModifiers::CONTROL));
    assert_eq!(a.cursor(), 80);
    a.update(key_with(KeyCode::Up, KeyModifiers::CONTROL));
    assert_eq!(a.cursor(), 53, "r6c9");
    // Typing row 1's missing digits in reading order: a digit and l for each cell.
    let mut b = app();
    for _ in 0..9 {
        ch(&mut b, 'k');
        ch(&mut b, 'h');
    }
    for cell in 0..18 {
        if b.game().entry(cell) == 0 {
            ch(&mut b, char::from(b'0' + digit_at(cell)));
        }
        ch(&mut b, 'l');
    }
    for cell in 0..18 {
        assert_eq!(b.game().entry(cell), digit_at(cell), "cell {cell}");
    }
}

/// Friction: the new-game dialog always opened on medium 9×9 standard. It opens on the
/// current game's size, variant and level.
#[test]
fn the_new_game_dialog_opens_on_the_current_games_settings() {
    use sudoscope::tui::app::{LEVEL_CHOICES, SIZE_CHOICES};
    use sudoscope_core::grid::Variant;
    use sudoscope_core::logic::rating::Level;
    let form_of = |a: &App| match a.overlay() {
        Overlay::NewGame(form) => (
            SIZE_CHOICES[form.size],
            Variant::CLASSIC[form.variant],
            LEVEL_CHOICES[form.level],
        ),
        other => panic!("{other:?}"),
    };
    // An easy X-sudoku, rated when it starts.
    const X_EASY: &str =
        ".8.52.9....9.....742...3......4.2..92.4.9.3.51..8.6......2...545.....1....2.85.9.";
    let options = ReadOptions {
        variant: Variant::X,
        ..ReadOptions::default()
    };
    let mut a = app_from(
        StartGame::Puzzle(parse_puzzle(X_EASY, options).unwrap()),
        true,
        false,
    );
    let effects = a.start();
    settle(&mut a, effects);
    assert_eq!(a.game().level, Some(Level::Easy));
    ch(&mut a, 'g');
    assert_eq!(form_of(&a), (9, Variant::X, Some(Level::Easy)));
    // A 16×16 game.
    let line = std::fs::read_to_string("tests/data/play16.txt").unwrap();
    let puzzle = parse_puzzle(line.trim(), ReadOptions::default()).unwrap();
    let mut a = app_from(StartGame::Puzzle(puzzle), true, false);
    ch(&mut a, 'g');
    let (size, variant, _) = form_of(&a);
    assert_eq!((size, variant), (16, Variant::Standard));
}

/// Friction: the clock ran while "this puzzle needs a terminal of at least …" hid the board.
/// It stops while the board is hidden and runs again once it is back.
#[test]
fn the_clock_stops_while_the_window_is_too_small_for_the_board() {
    let line = std::fs::read_to_string("tests/data/play25.txt").unwrap();
    let puzzle = parse_puzzle(line.trim(), ReadOptions::default()).unwrap();
    let mut a = app_from(StartGame::Puzzle(puzzle), true, false);
    assert!(a.game().timer.is_running());
    let screen = render(&mut a, 80, 24);
    assert!(screen.contains("needs a terminal of at least"), "{screen}");
    assert!(
        !a.game().timer.is_running(),
        "the clock runs behind the message"
    );
    let stopped = a.game().timer.elapsed();
    std::thread::sleep(Duration::from_millis(30));
    assert_eq!(a.game().timer.elapsed(), stopped);
    // Pausing and resuming while the board is hidden keeps the clock stopped.
    ch(&mut a, 'p');
    ch(&mut a, 'p');
    assert!(!a.is_paused());
    render(&mut a, 80, 24);
    assert!(!a.game().timer.is_running());
    // Room again: the clock runs from where it stopped.
    render(&mut a, 120, 40);
    assert!(a.game().timer.is_running());
    assert!(a.game().timer.elapsed() >= stopped);
    // A pause outlasts the window growing.
    ch(&mut a, 'p');
    render(&mut a, 80, 24);
    render(&mut a, 120, 40);
    assert!(
        !a.game().timer.is_running(),
        "a paused game's clock started"
    );
}

/// Friction: the help (79 rows at 80×24) scrolled only with j/k, and PgDn, PgUp, Space and End
/// closed it. It pages like `less`; q and Esc close it.
#[test]
fn the_help_pages_like_less() {
    let mut a = app();
    ch(&mut a, '?');
    let first = render(&mut a, 80, 24);
    assert!(first.contains("Keys 1-20 of"), "{first}");
    let last_row = sudoscope::tui::keymap::KEYS.last().unwrap().what;
    assert!(!first.contains(last_row));
    let scroll = |a: &App| match a.overlay() {
        Overlay::Help { scroll } => *scroll,
        other => panic!("the help closed: {other:?}"),
    };
    key(&mut a, KeyCode::PageDown);
    assert_eq!(scroll(&a), 19, "a page less one row of context");
    assert!(render(&mut a, 80, 24).contains("Keys 20-39 of"));
    ch(&mut a, ' ');
    assert_eq!(scroll(&a), 38);
    key(&mut a, KeyCode::PageUp);
    assert_eq!(scroll(&a), 19);
    ch(&mut a, 'b');
    assert_eq!(scroll(&a), 0);
    key(&mut a, KeyCode::End);
    let end = render(&mut a, 80, 24);
    assert!(end.contains(last_row), "End shows the last row: {end}");
    let max = scroll(&a);
    ch(&mut a, ' ');
    assert_eq!(scroll(&a), max, "no paging past the end");
    ch(&mut a, 'k');
    assert_eq!(scroll(&a), max - 1, "k moves up at once from the end");
    key(&mut a, KeyCode::Home);
    assert_eq!(scroll(&a), 0);
    ch(&mut a, 'G');
    assert_eq!(scroll(&a), max);
    ch(&mut a, 'g');
    assert_eq!(scroll(&a), 0);
    key(&mut a, KeyCode::Down);
    ch(&mut a, 'j');
    assert_eq!(scroll(&a), 2);
    // q closes the help, it does not quit.
    let effects = ch(&mut a, 'q');
    assert!(!effects.contains(&Effect::Quit));
    assert!(matches!(a.overlay(), Overlay::None));
    ch(&mut a, '?');
    key(&mut a, KeyCode::Esc);
    assert!(matches!(a.overlay(), Overlay::None));
    // End before the first frame of the help: the next frame brings it into range.
    ch(&mut a, '?');
    key(&mut a, KeyCode::End);
    let screen = render(&mut a, 80, 24);
    assert!(screen.contains(last_row));
    ch(&mut a, 'k');
    assert_eq!(scroll(&a), max - 1);
}

/// The new-game dialog's Level field ends at "SE 10+": a puzzle rated 10.0 or more by Sudoku
/// Explainer's scale, made (from the hard puzzles the engine ships) while the player waits.
#[test]
fn the_new_game_dialog_offers_se_10_and_up() {
    use sudoscope::tui::app::SeInfo;
    let mut a = app();
    ch(&mut a, 'g');
    // Left goes down the levels and wraps round to the last choice.
    let mut dialog = render(&mut a, 80, 24);
    for _ in 0..20 {
        if dialog.contains("SE 10+") {
            break;
        }
        key(&mut a, KeyCode::Left);
        dialog = render(&mut a, 80, 24);
    }
    assert!(dialog.contains("SE 10+"), "{dialog}");
    let effects = key(&mut a, KeyCode::Enter);
    assert!(render(&mut a, 80, 24).contains("generating an SE 10.0.."));
    settle(&mut a, effects);
    assert!(!a.is_generating());
    let puzzle = a.game().puzzle().clone();
    let count = sudoscope_core::exact::count(&puzzle, 2);
    assert_eq!(count.solutions, 1, "{}", puzzle.to_line());
    match a.info().se {
        SeInfo::Known(er) => assert!(er >= 100, "SE {er} for {}", puzzle.to_line()),
        ref other => panic!("no SE rating: {other:?}"),
    }
}

/// `q` closes the stats and the leaderboards like any other key (their footer says so),
/// and where games are not kept (an anonymous SSH session) quitting an unfinished game asks
/// first; Ctrl-C still quits at once.
#[test]
fn q_closes_screens_and_asks_before_losing_a_game_not_kept() {
    for screen in ['t', 'w'] {
        let mut a = app();
        ch(&mut a, screen);
        let effects = ch(&mut a, 'q');
        assert!(
            !effects.contains(&Effect::Quit),
            "{screen} then q: {effects:?}"
        );
        assert!(
            matches!(a.overlay(), Overlay::None),
            "{screen} then q closes"
        );
    }
    let mut a = app();
    a.games_not_kept();
    ch(&mut a, '5');
    let effects = ch(&mut a, 'q');
    assert!(!effects.contains(&Effect::Quit), "asks first: {effects:?}");
    assert!(matches!(a.overlay(), Overlay::Confirm(Confirm::Quit)));
    let question = Confirm::Quit.question();
    assert!(question.contains("not kept"), "{question}");
    assert!(!ch(&mut a, 'n').contains(&Effect::Quit), "n keeps playing");
    ch(&mut a, 'q');
    assert!(ch(&mut a, 'y').contains(&Effect::Quit), "y quits");
    let mut a = app();
    a.games_not_kept();
    assert!(ctrl(&mut a, 'c').contains(&Effect::Quit), "Ctrl-C at once");
    // A kept game quits at once, saved.
    let mut a = app();
    ch(&mut a, '5');
    assert!(ch(&mut a, 'q').contains(&Effect::Quit));
    // The key table no longer promises a save where there is none.
    for k in sudoscope::tui::keymap::KEYS {
        if k.keys == "q" {
            assert!(
                !k.what.ends_with("(the game is saved)"),
                "{}: {}",
                k.section,
                k.what
            );
        }
    }
}

/// `a` with no hint card finds the next step and applies it, whether the step is found at
/// once (a 9×9 single) or by a job (a 16×16 board, a Sudoku Explainer chain): one behaviour,
/// counted as one hint either way.
#[test]
fn apply_without_a_card_applies_the_step_however_it_is_found() {
    let mut a = app();
    let before = a.game().entries().to_vec();
    let effects = ch(&mut a, 'a');
    settle(&mut a, effects);
    assert_ne!(a.game().entries(), &before[..], "9×9: applied");
    assert_eq!(a.game().hints_used, 1);
    let sixteen = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("puzzles/generated/16x16-easy.txt"),
    )
    .expect("the 16×16 puzzles");
    let line = sixteen
        .lines()
        .find(|l| !l.starts_with('#'))
        .and_then(|l| l.split_whitespace().next())
        .expect("a puzzle");
    let puzzle = parse_puzzle(line, ReadOptions::default()).unwrap();
    let mut a = app_from(StartGame::Puzzle(puzzle), false, false);
    let before = a.game().entries().to_vec();
    let effects = ch(&mut a, 'a');
    settle(&mut a, effects);
    assert_ne!(a.game().entries(), &before[..], "16×16: applied when found");
    assert_eq!(a.game().hints_used, 1);
}

/// A race's board offers no new game (a race is one puzzle): its solved banner names the key
/// that leaves the room instead of `g`, which a race refuses.
#[test]
fn a_race_boards_banner_offers_leaving_not_a_new_game() {
    for racing in [false, true] {
        let mut a = app();
        if racing {
            a.in_race();
        }
        solve_by_hand(&mut a);
        let screen = render(&mut a, 80, 24);
        assert_eq!(screen.contains("g new game"), !racing, "{screen}");
        assert_eq!(screen.contains("g starts a new game"), !racing, "{screen}");
        assert_eq!(screen.contains("leave the race"), racing, "{screen}");
    }
}
