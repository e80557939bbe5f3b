//! How fast the store records a finish and answers the leaderboard screen, in a store the
//! size of a busy server: 10,000 named players and 100,000 finishes over 60 days (dailies at
//! every level, first finishes ranked), with streaks.
//!
//! ```sh
//! cargo run --release --example store_bench
//! ```
//!
//! Measures, each many times in the same file-backed SQLite store (WAL, as `serve` runs it):
//! 1. recording a finish: a keyed player's daily finish through the `Keeper` (ranking,
//!    streak update and the unfinished game dropped, in one transaction);
//! 2. the leaderboard screen: the three boards' query for today's daily, and drawing them in
//!    a 120×40 frame, as the server does for a player who presses `w`.
//!
//! Prints the median, p99 and maximum of each.

use std::sync::Arc;
use std::time::{Duration, Instant};

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use sudoscope::store::streak::day_of_ms;
use sudoscope::store::{
    Answer, Finished, GameSummary, Keeper, Kind, Request, Save, Seat, SharedStore, SqliteStore,
    now_ms,
};
use sudoscope::tui::app::{App, AppConfig, Msg, StartGame};
use sudoscope::tui::panel::StepPool;
use sudoscope_core::generate::Level;

const PLAYERS: usize = 10_000;
const FINISHES: usize = 100_000;
const DAYS: i64 = 60;
const RUNS: usize = 500;
const DAY_MS: i64 = 86_400_000;
const LEVELS: [&str; 4] = ["easy", "medium", "hard", "evil"];

/// A small deterministic generator (xorshift64*), so every run fills the same store.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) % n
    }
}

fn date_of(day: i64) -> String {
    let (y, m, d) = sudoscope::store::civil_date(day * DAY_MS);
    format!("{y:04}-{m:02}-{d:02}")
}

/// Fills the store with players, finishes and streaks, in one transaction.
fn fill(path: &std::path::Path, today: i64) -> rusqlite::Result<()> {
    let mut db = rusqlite::Connection::open(path)?;
    let tx = db.transaction()?;
    for p in 0..PLAYERS {
        let name = format!("player_{p}");
        tx.execute(
            "INSERT INTO players (owner, created_ms, name, name_key, streak_run, streak_longest,
                                  streak_last)
             VALUES (?1, 0, ?2, ?2, ?3, ?4, ?5)",
            rusqlite::params![
                format!("key:{p}"),
                name,
                (p % 7) as i64,
                (p % 23) as i64,
                today - (p % 3) as i64
            ],
        )?;
    }
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut seen = std::collections::HashSet::new();
    {
        let mut insert = tx.prepare(
            "INSERT INTO finishes (player, at_ms, size, variant, level, daily, time_ms,
                 hint_steps, revealed_cells, solution_copied, solution_revealed, imported,
                 ranked)
             VALUES (?1, ?2, 9, 'standard', ?3, ?4, ?5, ?6, 0, 0, 0, 0, ?7)",
        )?;
        for _ in 0..FINISHES {
            let player = rng.below(PLAYERS as u64) as i64 + 1;
            let day = today - rng.below(DAYS as u64) as i64;
            let level = LEVELS[rng.below(4) as usize];
            let daily = rng.below(4) != 0;
            let at = day * DAY_MS + rng.below(DAY_MS as u64) as i64;
            let ranked = daily && seen.insert((player, day, level));
            insert.execute(rusqlite::params![
                player,
                at,
                level,
                daily.then(|| date_of(day)),
                60_000 + rng.below(1_800_000) as i64,
                rng.below(4) as i64,
                ranked
            ])?;
        }
    }
    // The weeks' totals, as recording each ranked finish keeps them.
    tx.execute_batch(
        "INSERT INTO week_totals (player, week_ms, dailies, time_ms, hint_steps)
         SELECT player, (at_ms / 86400000 - (at_ms / 86400000 + 3) % 7) * 86400000 AS week,
                COUNT(*), SUM(time_ms), SUM(hint_steps)
         FROM finishes WHERE ranked = 1 GROUP BY player, week",
    )?;
    tx.commit()
}

fn summary(times: &mut [Duration]) -> String {
    times.sort();
    let at = |q: f64| times[((times.len() - 1) as f64 * q) as usize];
    format!(
        "median {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        at(0.5).as_secs_f64() * 1e3,
        at(0.99).as_secs_f64() * 1e3,
        times[times.len() - 1].as_secs_f64() * 1e3
    )
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let dir = tempfile::tempdir()?;
    let path = dir.path().join("saves.sqlite3");
    let today = day_of_ms(now_ms());
    let store: SharedStore = Arc::new(SqliteStore::open_as_is(&path)?);
    let started = Instant::now();
    fill(&path, today)?;
    println!(
        "store: {PLAYERS} players, {FINISHES} finishes over {DAYS} days (filled in {:.1} s)",
        started.elapsed().as_secs_f64()
    );

    // 1. Recording finishes: fresh keyed players finish today's daily.
    let mut recording = Vec::with_capacity(RUNS);
    for run in 0..RUNS {
        let mut keeper =
            Keeper::new(store.clone(), &format!("key:bench{run}"))?.with_seat(Seat::Keyed);
        keeper.save(&Save {
            game: 0,
            stored: None,
            summary: GameSummary::default(),
            snapshot: "{}".into(),
            completed: false,
            finish: None,
        })?;
        let save = Save {
            game: 0,
            stored: None,
            summary: GameSummary::default(),
            snapshot: "{}".into(),
            completed: true,
            finish: Some(Finished {
                kind: Kind {
                    size: 9,
                    variant: "standard".into(),
                    level: Some("medium".into()),
                    daily: Some(date_of(today)),
                },
                time_ms: 300_000 + run as u64,
                hint_steps: 1,
                revealed_cells: 0,
                solution_copied: false,
                solution_revealed: false,
            }),
        };
        let t = Instant::now();
        keeper.save(&save)?;
        recording.push(t.elapsed());
    }
    println!("record a finish: {}", summary(&mut recording));

    // 2. The leaderboard screen: query and draw.
    let daily = sudoscope::daily::daily(sudoscope::daily::today(), Level::Medium)?;
    let mut app = App::new(AppConfig {
        start: StartGame::Daily(daily),
        color: true,
        ascii: false,
        pool: Arc::new(StepPool::new(1)),
    })?;
    let keeper = Keeper::new(store.clone(), "key:42")?.with_seat(Seat::Keyed);
    let mut terminal = Terminal::new(TestBackend::new(120, 40))?;
    let request = Request::Boards {
        day: date_of(today),
        level: "medium".into(),
    };
    let (mut query, mut screen) = (Vec::new(), Vec::new());
    for _ in 0..RUNS {
        let t = Instant::now();
        let answer = keeper.answer(request.clone())?;
        let queried = t.elapsed();
        let Answer::Boards(view) = &answer else {
            return Err("no boards".into());
        };
        assert!(view.boards.daily.len() == 10 && view.boards.week.len() == 10);
        let _ = app.update(Msg::Event(ratatui::crossterm::event::Event::Key(
            ratatui::crossterm::event::KeyEvent::from(ratatui::crossterm::event::KeyCode::Char(
                'w',
            )),
        )));
        let _ = app.update(Msg::Stored(answer));
        terminal.draw(|f| {
            let _ = sudoscope::tui::view::render(&app, f);
        })?;
        query.push(queried);
        screen.push(t.elapsed());
        let _ = app.update(Msg::Event(ratatui::crossterm::event::Event::Key(
            ratatui::crossterm::event::KeyEvent::from(ratatui::crossterm::event::KeyCode::Esc),
        )));
    }
    println!("leaderboard query: {}", summary(&mut query));
    println!("leaderboard query + render: {}", summary(&mut screen));
    Ok(())
}
