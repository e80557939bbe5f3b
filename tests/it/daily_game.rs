//! A daily puzzle as a game: `d` starts today's (the date injected), the title names it, the
//! snapshot keeps it, its finish is recorded with its day and asks for the leaderboards; and
//! the stats screen and `sudoscope stats --format json` show the same recorded games.

use std::sync::Arc;

use assert_cmd::Command;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{Event, KeyCode, KeyEvent};
use sudoscope::store::stats::clock;
use sudoscope::store::{Finished, GameSummary, Kind, Request, Save};
use sudoscope::tui::app::{App, AppConfig, Effect, Msg, StartGame};
use sudoscope::tui::local_store::LocalStore;
use sudoscope::tui::panel::StepPool;
use sudoscope_core::generate::{GenerateOptions, Level};

fn app(start: StartGame) -> App {
    App::new(AppConfig {
        start,
        color: false,
        ascii: false,
        pool: Arc::new(StepPool::new(1)),
    })
    .expect("an app")
}

fn press(app: &mut App, code: KeyCode) -> Vec<Effect> {
    app.update(Msg::Event(Event::Key(KeyEvent::from(code))))
}

fn screen(app: &App, w: u16, h: u16) -> String {
    let mut terminal = Terminal::new(TestBackend::new(w, h)).expect("terminal");
    terminal
        .draw(|f| {
            let _ = sudoscope::tui::view::render(app, f);
        })
        .expect("drawn");
    let buffer = terminal.backend().buffer().clone();
    (0..h)
        .map(|y| (0..w).map(|x| buffer[(x, y)].symbol()).collect::<String>())
        .collect::<Vec<_>>()
        .join("\n")
}

fn date(text: &str) -> time::Date {
    sudoscope::daily::parse_date(text).expect("a date")
}

/// Types the solution into every empty cell, in order (the cursor starts on the first empty
/// cell and Tab goes to the next); returns every effect.
fn solve(app: &mut App) -> Vec<Effect> {
    let solution: Vec<u8> = app.game().solution().expect("a solution").cells().to_vec();
    let mut effects = Vec::new();
    while app.game().completed().is_none() {
        let cell = app.cursor();
        assert_eq!(app.game().entry(cell), 0, "the cursor is on an empty cell");
        let digit = char::from(b'0' + solution[cell]);
        effects.extend(press(app, KeyCode::Char(digit)));
        if app.game().completed().is_none() {
            effects.extend(press(app, KeyCode::Tab));
        }
    }
    effects
}

#[test]
fn d_plays_todays_daily_which_is_recorded_with_its_day() {
    let mut game = app(StartGame::Generate(GenerateOptions {
        level: Some(Level::Hard),
        ..GenerateOptions::default()
    }));
    game.set_today(Arc::new(|| date("2026-11-28")));
    // The start screen: the first puzzle is still being made; `d` does not wait for it.
    assert!(game.is_placeholder());
    let effects = press(&mut game, KeyCode::Char('d'));
    assert!(effects.iter().any(|e| matches!(e, Effect::Save(_))));
    let tag = game.daily().expect("a daily").clone();
    assert_eq!(
        (tag.date.as_str(), tag.level.as_str()),
        ("2026-11-28", "hard")
    );
    let expected = sudoscope::daily::daily(date("2026-11-28"), Level::Hard).expect("daily");
    assert_eq!(tag.title, expected.title());
    for (w, h) in [(80, 24), (120, 40)] {
        let shown = screen(&game, w, h);
        assert!(
            shown.contains("Daily 2026-11-28 · hard · SE "),
            "{w}x{h}:\n{shown}"
        );
    }

    // The snapshot keeps it a daily.
    let resumed = app(StartGame::Resume(game.snapshot()));
    assert_eq!(resumed.daily(), Some(&tag));

    let effects = solve(&mut game);
    let finish = effects
        .iter()
        .find_map(|e| match e {
            Effect::Save(save) => save.finish.clone(),
            _ => None,
        })
        .expect("the finish is recorded");
    assert_eq!(finish.kind.daily.as_deref(), Some("2026-11-28"));
    assert_eq!(finish.kind.level.as_deref(), Some("hard"));
    assert!(
        effects.contains(&Effect::Ask(Request::Boards {
            day: "2026-11-28".into(),
            level: "hard".into()
        })),
        "{effects:?}"
    );

    // Locally, the store's answer is that leaderboards are the server's: the banner stays.
    let dir = tempfile::tempdir().expect("dir");
    let mut store = LocalStore::open(Some(dir.path()));
    for effect in &effects {
        if let Effect::Save(save) = effect {
            store.save(save);
        }
    }
    let answer = store.answer(Request::Boards {
        day: "2026-11-28".into(),
        level: "hard".into(),
    });
    let _ = game.update(Msg::Stored(answer));
    assert!(game.banner_shown());
    assert!(game.message().is_some_and(|m| m.contains("streak")));
}

/// Today's daily at `level`, ten minutes into its clock, as a resumed game on `today`.
fn daily_ten_minutes_in(level: Level, today: &'static str) -> App {
    let mut game = app(StartGame::Generate(GenerateOptions {
        level: Some(level),
        ..GenerateOptions::default()
    }));
    game.set_today(Arc::new(|| date("2026-11-28")));
    press(&mut game, KeyCode::Char('d'));
    let mut json: serde_json::Value = serde_json::from_str(&game.snapshot()).expect("json");
    json["elapsed_ms"] = 600_000.into();
    let mut game = app(StartGame::Resume(json.to_string()));
    game.set_today(Arc::new(move || date(today)));
    assert!(game.daily().is_some());
    game
}

#[test]
fn a_dailys_restart_keeps_its_clock_running() {
    let ten_minutes = std::time::Duration::from_secs(600);
    let mut game = daily_ten_minutes_in(Level::Medium, "2026-11-28");
    let cell = game.cursor();
    let digit = game.game().solution().expect("solution").cells()[cell];
    press(&mut game, KeyCode::Char(char::from(b'0' + digit)));
    press(&mut game, KeyCode::Char('e'));
    assert_eq!(game.game().entry(cell), 0, "the entry is gone");
    assert!(game.game().timer.elapsed() >= ten_minutes);
    assert!(
        game.message()
            .is_some_and(|m| m.contains("clock keeps running")),
        "{:?}",
        game.message()
    );

    // Any other game starts its clock again: the restart is a fresh attempt.
    let mut json: serde_json::Value = serde_json::from_str(&game.snapshot()).expect("json");
    json["elapsed_ms"] = 600_000.into();
    json.as_object_mut().expect("an object").remove("daily");
    let mut other = app(StartGame::Resume(json.to_string()));
    assert!(other.daily().is_none());
    let cell = other.cursor();
    let digit = other.game().solution().expect("solution").cells()[cell];
    press(&mut other, KeyCode::Char(char::from(b'0' + digit)));
    press(&mut other, KeyCode::Char('e'));
    assert!(other.game().timer.elapsed() < ten_minutes);
}

#[test]
fn a_dailys_first_finish_says_whether_it_counts_for_the_streak() {
    for (today, expected) in [
        ("2026-11-28", "counts for today's streak"),
        ("2026-11-30", "a past day: no streak"),
    ] {
        let mut game = daily_ten_minutes_in(Level::Easy, today);
        solve(&mut game);
        assert!(game.banner_shown());
        let shown = screen(&game, 80, 24);
        assert!(shown.contains(expected), "{today}:\n{shown}");
        assert!(!shown.contains("first finish of this kind"), "{shown}");
    }
}

#[test]
fn the_new_game_dialog_offers_todays_puzzle_at_its_level() {
    let puzzle = sudoscope::daily::daily(date("2026-11-27"), Level::Easy).expect("daily");
    let mut game = app(StartGame::Daily(puzzle));
    game.set_today(Arc::new(|| date("2026-12-25")));
    press(&mut game, KeyCode::Char('g'));
    assert!(screen(&game, 80, 24).contains("Today's puzzle"));
    // Level field: easy → medium → hard → evil.
    press(&mut game, KeyCode::Right);
    press(&mut game, KeyCode::Char('d'));
    let tag = game.daily().expect("a daily");
    assert_eq!(
        (tag.date.as_str(), tag.level.as_str()),
        ("2026-12-25", "medium")
    );
}

/// What a finished game adds to the history.
fn finish(level: &str, daily: Option<String>, time_ms: u64, revealed: bool) -> Save {
    Save {
        game: 0,
        stored: None,
        summary: GameSummary::default(),
        snapshot: String::new(),
        completed: true,
        finish: Some(Finished {
            kind: Kind {
                size: 9,
                variant: "standard".into(),
                level: Some(level.into()),
                daily,
            },
            time_ms,
            hint_steps: 1,
            revealed_cells: 0,
            solution_copied: false,
            solution_revealed: revealed,
        }),
    }
}

#[test]
fn the_stats_screen_and_stats_json_agree_with_the_recorded_games() {
    let dir = tempfile::tempdir().expect("dir");
    let today = sudoscope::daily::today();
    {
        let mut store = LocalStore::open(Some(dir.path()));
        for save in [
            finish("medium", None, 300_000, false),
            finish("medium", None, 200_000, false),
            finish("medium", None, 250_000, false),
            finish("medium", None, 1_000, true),
            finish("hard", Some(today.to_string()), 500_000, false),
        ] {
            assert_eq!(store.save(&save), None, "saved");
        }
    }
    let output = Command::cargo_bin("sudoscope")
        .expect("binary")
        .env("SUDOSCOPE_DATA_DIR", dir.path())
        .args(["stats", "--format", "json"])
        .output()
        .expect("runs");
    assert!(output.status.success(), "{output:?}");
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).expect("json");
    assert_eq!(json["games"], 5);
    assert_eq!(json["streak"]["current"], 1);
    assert_eq!(json["streak"]["longest"], 1);
    let records = json["records"].as_array().expect("records");
    let medium = records
        .iter()
        .find(|r| r["kind"] == "9x9 standard medium")
        .expect("medium");
    assert_eq!(
        (medium["games"].as_u64(), medium["counted"].as_u64()),
        (Some(4), Some(3))
    );
    assert_eq!(medium["best_ms"], 200_000);
    assert_eq!(medium["median_ms"], 250_000);
    let daily = records
        .iter()
        .find(|r| r["kind"] == "9x9 standard hard daily")
        .expect("the daily");
    assert_eq!(daily["best_ms"], 500_000);

    // The stats screen of a hard daily game shows the same, and charts the hard dailies.
    let puzzle = sudoscope::daily::daily(today, Level::Hard).expect("daily");
    let mut game = app(StartGame::Daily(puzzle));
    let asked = press(&mut game, KeyCode::Char('t'));
    let Some(Effect::Ask(request)) = asked.into_iter().next() else {
        panic!("t asks the store");
    };
    let mut store = LocalStore::open(Some(dir.path()));
    let _ = game.update(Msg::Stored(store.answer(request)));
    let shown = screen(&game, 80, 24);
    assert!(shown.contains("5 games"), "{shown}");
    assert!(shown.contains("daily streak 1 (longest 1)"), "{shown}");
    let row = shown
        .lines()
        .find(|l| l.contains("9x9 standard medium "))
        .expect("the medium row");
    let words: Vec<&str> = row.split_whitespace().collect();
    assert!(
        words
            .windows(3)
            .any(|w| w == ["4", clock(200_000).as_str(), clock(250_000).as_str()]),
        "{row}"
    );
    assert!(
        shown.contains("latest 1 of 9x9 standard hard daily: best 8:20, slowest 8:20"),
        "{shown}"
    );
    // And the text form says the same.
    let text = Command::cargo_bin("sudoscope")
        .expect("binary")
        .env("SUDOSCOPE_DATA_DIR", dir.path())
        .arg("stats")
        .output()
        .expect("runs");
    let text = String::from_utf8_lossy(&text.stdout);
    assert!(
        text.contains("daily streak: 1 current, 1 longest"),
        "{text}"
    );
}
