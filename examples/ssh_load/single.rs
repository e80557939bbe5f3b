//! The one-server scenarios: `daily` (keyed players typing today's daily, their finishes
//! counted in the store afterwards) and `panel` (every session animating a solver while it
//! toggles the help).

use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::client::{Player, session_key};
use crate::server::Server;
use crate::stats::{latency_line, memory_line};
use crate::{LoadError, Options, tempdir};

/// Whether the help is on the screen: its title is "Keys — any key closes" when it fits and
/// "Keys 1-30 of 60 · …" when it pages.
fn help_shown(screen: &str) -> bool {
    screen.contains(" Keys — ") || screen.contains(" Keys 1-")
}

async fn script(
    player: Arc<Player>,
    toggles: usize,
    seed: u64,
) -> Result<Vec<Duration>, LoadError> {
    let mut latencies = Vec::with_capacity(toggles * 2);
    let mut state = seed.wrapping_mul(6364136223846793005).wrapping_add(1);
    for _ in 0..toggles {
        for opening in [true, false] {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            tokio::time::sleep(Duration::from_millis(100 + (state >> 33) % 200)).await;
            let sent = Instant::now();
            player.send("?").await?;
            player
                .wait_for(Duration::from_secs(10), |s| help_shown(s) == opening)
                .await?;
            latencies.push(sent.elapsed());
        }
    }
    Ok(latencies)
}

pub async fn run_panel(options: Options) -> Result<(), LoadError> {
    let dir = tempdir()?;
    let server = Server::start_alone(&options.binary, dir.path(), options.sessions())?;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let idle_rss = server.rss_kib();

    // 1. Bytes per second of one session animating a solver.
    let watcher = Player::connect(server.port(), None).await?;
    watcher
        .wait_for(Duration::from_secs(20), |s| !s.trim().is_empty())
        .await?;
    let before = watcher.bytes();
    watcher.start_solver(&options.solver).await?;
    let window = Duration::from_secs(10);
    tokio::time::sleep(window).await;
    let animated = watcher.bytes() - before;
    println!(
        "one session animating {} on 9×9: {} bytes in {:.0} s = {:.1} KB/s",
        options.solver,
        animated,
        window.as_secs_f64(),
        animated as f64 / window.as_secs_f64() / 1000.0
    );
    drop(watcher);

    // 2. Many sessions, every one running a solver, each toggling the help overlay.
    let mut players = Vec::new();
    for _ in 0..options.sessions() {
        let player = Player::connect(server.port(), None).await?;
        player
            .wait_for(Duration::from_secs(30), |s| !s.trim().is_empty())
            .await?;
        player.start_solver(&options.solver).await?;
        players.push(Arc::new(player));
    }
    tokio::time::sleep(Duration::from_secs(2)).await;
    let busy_rss = server.rss_kib();
    let tasks: Vec<_> = players
        .iter()
        .enumerate()
        .map(|(i, p)| tokio::spawn(script(p.clone(), options.toggles, i as u64 + 1)))
        .collect();
    let mut latencies = Vec::new();
    for task in tasks {
        latencies.extend(task.await.map_err(|e| LoadError::Failed(e.to_string()))??);
    }
    latencies.sort();
    println!(
        "{} sessions running {}, {}",
        options.sessions(),
        options.solver,
        latency_line(&latencies)
    );
    println!("{}", memory_line(idle_rss, busy_rss, options.sessions()));
    Ok(())
}

/// The digits to type into today's daily, in reading order of its empty cells (the order in
/// which Tab visits them, starting from the cursor's first cell).
fn daily_digits() -> Result<(String, Vec<u8>), LoadError> {
    let daily = crate::plan::daily()?;
    let digits = (0..daily.givens.len())
        .filter(|&cell| daily.givens[cell] == 0)
        .map(|cell| daily.solution[cell])
        .collect();
    Ok((daily.day, digits))
}

/// One player through today's daily: `d`, then each digit (timed until the screen shows it)
/// and Tab to the next empty cell, about one digit a second after a random start.
async fn type_daily(
    player: Arc<Player>,
    digits: Arc<Vec<u8>>,
    seed: u64,
) -> Result<Vec<Duration>, LoadError> {
    let mut state = seed.wrapping_mul(6364136223846793005).wrapping_add(1);
    let mut next = || {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        state >> 33
    };
    tokio::time::sleep(Duration::from_millis(next() % 1000)).await;
    let mut latencies = Vec::with_capacity(digits.len() + 1);
    let before = player.contents();
    let sent = Instant::now();
    player.send("d").await?;
    player
        .wait_for(Duration::from_secs(30), |s| {
            s != before && s.contains("Daily ")
        })
        .await?;
    latencies.push(sent.elapsed());
    for &digit in digits.iter() {
        tokio::time::sleep(Duration::from_millis(700 + next() % 500)).await;
        let before = player.contents();
        let sent = Instant::now();
        player.send(&char::from(b'0' + digit).to_string()).await?;
        player
            .wait_for(Duration::from_secs(30), |s| s != before)
            .await?;
        latencies.push(sent.elapsed());
        player.send("\t").await?;
    }
    player
        // The title says so (the banner may be under the name prompt of a first ranked finish).
        .wait_for(Duration::from_secs(30), |s| s.contains("SOLVED"))
        .await?;
    Ok(latencies)
}

/// How many finishes of `day`'s daily the store holds, and how many of them are ranked.
fn count_finishes(store: &std::path::Path, day: &str) -> Result<(i64, i64), LoadError> {
    let db =
        rusqlite::Connection::open_with_flags(store, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY)
            .map_err(|e| LoadError::Failed(format!("{}: {e}", store.display())))?;
    db.query_row(
        "SELECT COUNT(*), COALESCE(SUM(ranked), 0) FROM finishes WHERE daily = ?1",
        [day],
        |row| Ok((row.get(0)?, row.get(1)?)),
    )
    .map_err(|e| LoadError::Failed(format!("{}: {e}", store.display())))
}

pub async fn run_daily(options: Options) -> Result<(), LoadError> {
    let (day, digits) = daily_digits()?;
    let digits = Arc::new(digits);
    let dir = tempdir()?;
    let mut server = Server::start_alone(&options.binary, dir.path(), options.sessions())?;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let idle_rss = server.rss_kib();
    let mut players = Vec::with_capacity(options.sessions());
    for i in 0..options.sessions() {
        let player = Player::connect(server.port(), Some(session_key(i))).await?;
        player
            .wait_for(Duration::from_secs(30), |s| !s.trim().is_empty())
            .await?;
        players.push(Arc::new(player));
    }
    let connected_rss = server.rss_kib();
    println!(
        "{} keyed sessions connected; each types {} digits of the {day} {} daily",
        players.len(),
        digits.len(),
        crate::plan::DAILY_LEVEL.id()
    );
    let started = Instant::now();
    let tasks: Vec<_> = players
        .iter()
        .enumerate()
        .map(|(i, p)| tokio::spawn(type_daily(p.clone(), digits.clone(), i as u64 + 1)))
        .collect();
    let mut latencies = Vec::new();
    let mut failed = 0;
    for task in tasks {
        match task.await.map_err(|e| LoadError::Failed(e.to_string()))? {
            Ok(times) => latencies.extend(times),
            Err(e) => {
                failed += 1;
                eprintln!("ssh_load: a session failed: {e}");
            }
        }
    }
    let took = started.elapsed();
    latencies.sort();
    println!(
        "{} sessions finished in {:.1} s, {}",
        options.sessions() - failed,
        took.as_secs_f64(),
        latency_line(&latencies)
    );
    println!(
        "{}",
        memory_line(idle_rss, connected_rss, options.sessions())
    );
    drop(players);
    server.stop()?;
    let (recorded, ranked) = count_finishes(&server.sqlite_path(), &day)?;
    println!(
        "finishes in the store after the run: {recorded} of {} ({ranked} ranked)",
        options.sessions()
    );
    if failed > 0 || recorded != options.sessions() as i64 || ranked != recorded {
        return Err(LoadError::Failed(
            "some finishes were lost or not ranked".into(),
        ));
    }
    Ok(())
}
