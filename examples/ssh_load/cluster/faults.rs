//! Faults during the load, and what the store holds afterwards.
//!
//! A kill is `kill -9` of one instance: once every session of it has seen its connection go
//! (so that no echo is still on its way), each of its players' games is read from the store
//! and compared with the moves the player saw echoed; then the instance starts again on the
//! same port and its sessions connect again, resuming where the store has their game. A
//! PostgreSQL restart is `pg_ctlcluster restart` while the sessions type on. At the end of
//! the run (the servers stopped, every save written) every player's game is compared again.
//!
//! The comparison is exact: a player's board after `k` moves is known ([`Plan`]), so the
//! store's board says how many of the player's moves it holds; every move whose echo was
//! seen must be among them.

use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use sudoscope::store::{SharedStore, Store};

use super::Shared;
use super::session::Session;
use crate::LoadError;
use crate::plan::Plan;
use crate::server::Server;

/// The moves checked against the store.
#[derive(Default, Debug)]
pub struct Tally {
    /// Moves the players saw echoed (up to each check).
    pub acknowledged: u64,
    /// Of those, the ones the store held.
    pub found: u64,
    pub lost: u64,
    /// Players whose stored game was none of their boards (or missing).
    pub unknown_boards: u64,
    /// Checks made (one per player per kill of its instance, and one per player at the end).
    pub checks: u64,
}

impl Tally {
    fn add(&mut self, acknowledged: u64, stored: Option<u64>) {
        self.checks += 1;
        self.acknowledged += acknowledged;
        match stored {
            Some(k) if k >= acknowledged => self.found += acknowledged,
            Some(k) => {
                self.found += k;
                self.lost += acknowledged - k;
            }
            None => {
                self.unknown_boards += 1;
                self.lost += acknowledged;
            }
        }
    }
}

/// What the faults did.
#[derive(Default, Debug)]
pub struct FaultReport {
    pub kills: u32,
    pub pg_restarts: u32,
    /// How long the PostgreSQL restarts took, until it answered again.
    pub pg_restart_took: Vec<Duration>,
    /// How long the killed instances took to listen again.
    pub restart_took: Vec<Duration>,
    /// The checks made right after each kill.
    pub at_kills: Tally,
}

/// The board of the newest unfinished game of `owner` in the store, if it is a game of the
/// puzzle of `plan`'s givens.
fn stored_board(store: &dyn Store, owner: &str, givens: &[u8]) -> Option<Vec<u8>> {
    let player = store.player(owner).ok()?;
    let games = store.unfinished(player, 1).ok()?;
    let game = games.first()?;
    let snapshot: sudoscope_core::game::Snapshot = serde_json::from_str(&game.snapshot).ok()?;
    (snapshot.givens == givens).then_some(snapshot.entries)
}

/// How many moves of its plan the store holds of `session`'s game (none known: `None`).
fn stored_moves(store: &dyn Store, session: &Session, plan: &Plan, givens: &[u8]) -> Option<u64> {
    let board = stored_board(store, &session.owner, givens)?;
    plan.moves_in(&board, session.sent.load(Ordering::SeqCst))
}

/// Compares the store with every game player's echoed moves; `resume` also tells each of
/// them where its game is for when it connects again.
pub async fn check(
    store: SharedStore,
    sessions: Vec<Arc<Session>>,
    givens: Arc<Vec<u8>>,
    resume: bool,
) -> Result<Tally, LoadError> {
    tokio::task::spawn_blocking(move || {
        let mut tally = Tally::default();
        for session in sessions.iter().filter(|s| s.keeps_game()) {
            let Some(plan) = session.plan() else {
                continue;
            };
            let stored = stored_moves(store.as_ref(), session, &plan, &givens);
            tally.add(session.acked.load(Ordering::SeqCst), stored);
            if resume && let Ok(mut slot) = session.resume.lock() {
                *slot = stored;
            }
        }
        tally
    })
    .await
    .map_err(|e| LoadError::Failed(e.to_string()))
}

/// The fault schedule: `kills` kills (taking turns at the instances) and `restarts`
/// PostgreSQL restarts spread evenly over the typing, the restarts among the kills.
pub fn schedule(kills: u32, restarts: u32) -> Vec<Fault> {
    let total = kills + restarts;
    let mut faults = Vec::new();
    let mut killed = 0;
    for i in 0..total {
        // Restart j falls at position (2j+1)·total/(2·restarts): in the middle of its share.
        let restart_here = (0..restarts).any(|j| ((2 * j + 1) * total) / (2 * restarts) == i);
        if restart_here {
            faults.push(Fault::PgRestart);
        } else {
            faults.push(Fault::Kill(killed as usize));
            killed += 1;
        }
    }
    faults
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fault {
    /// The n-th kill (its instance is n modulo the instances).
    Kill(usize),
    PgRestart,
}

/// Runs the schedule over the typing window.
pub async fn run(
    faults: Vec<Fault>,
    shared: Arc<Shared>,
    servers: Arc<Vec<std::sync::Mutex<Server>>>,
    sessions: Vec<Arc<Session>>,
    store: SharedStore,
    givens: Arc<Vec<u8>>,
    cluster: Option<String>,
) -> Result<FaultReport, LoadError> {
    let mut report = FaultReport::default();
    let window = shared.typing_until - shared.typing_from;
    let step = window / (faults.len() as u32 + 1);
    for (i, fault) in faults.iter().enumerate() {
        let at = shared.typing_from + step * (i as u32 + 1);
        tokio::time::sleep_until(tokio::time::Instant::from_std(at)).await;
        match *fault {
            Fault::Kill(n) => {
                let instance = n % servers.len();
                let took = kill(
                    instance,
                    &shared,
                    &servers,
                    &sessions,
                    &store,
                    &givens,
                    &mut report.at_kills,
                )
                .await?;
                report.kills += 1;
                report.restart_took.push(took);
                eprintln!(
                    "ssh_load: kill -9 {} of instance {} ({} ms to listen again)",
                    report.kills,
                    instance,
                    took.as_millis()
                );
            }
            Fault::PgRestart => {
                let Some(cluster) = &cluster else {
                    return Err(LoadError::Failed(
                        "PostgreSQL restarts need pg_ctlcluster and one cluster in \
                         /etc/postgresql"
                            .into(),
                    ));
                };
                let took = crate::pg::restart(cluster).await?;
                report.pg_restarts += 1;
                report.pg_restart_took.push(took);
                eprintln!(
                    "ssh_load: PostgreSQL restart {} ({} ms until it answered)",
                    report.pg_restarts,
                    took.as_millis()
                );
            }
        }
    }
    Ok(report)
}

/// One kill: the instance dies, its sessions see it, the store is read, it starts again.
/// Returns how long it took to listen again after being started.
async fn kill(
    instance: usize,
    shared: &Arc<Shared>,
    servers: &Arc<Vec<std::sync::Mutex<Server>>>,
    sessions: &[Arc<Session>],
    store: &SharedStore,
    givens: &Arc<Vec<u8>>,
    tally: &mut Tally,
) -> Result<Duration, LoadError> {
    let kills = shared.killing(instance);
    {
        let servers = servers.clone();
        tokio::task::spawn_blocking(move || match servers[instance].lock() {
            Ok(mut server) => server.kill9(),
            Err(_) => Err(LoadError::Failed("a server lock was poisoned".into())),
        })
        .await
        .map_err(|e| LoadError::Failed(e.to_string()))??;
    }
    let mine: Vec<Arc<Session>> = sessions
        .iter()
        .filter(|s| s.instance == instance)
        .cloned()
        .collect();
    // Every session of it has taken in its last bytes and knows the connection is gone
    // (each notices at its next tick, within a second or two).
    let deadline = Instant::now() + Duration::from_secs(10);
    while Instant::now() < deadline && !mine.iter().all(|s| s.down.load(Ordering::SeqCst)) {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let found = check(store.clone(), mine, givens.clone(), true).await?;
    tally.checks += found.checks;
    tally.acknowledged += found.acknowledged;
    tally.found += found.found;
    tally.lost += found.lost;
    tally.unknown_boards += found.unknown_boards;
    let servers = servers.clone();
    let started = Instant::now();
    tokio::task::spawn_blocking(move || match servers[instance].lock() {
        Ok(mut server) => server.restart(),
        Err(_) => Err(LoadError::Failed("a server lock was poisoned".into())),
    })
    .await
    .map_err(|e| LoadError::Failed(e.to_string()))??;
    shared.back_up(instance, kills);
    Ok(started.elapsed())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_restarts_fall_among_the_kills() {
        let faults = schedule(20, 3);
        assert_eq!(faults.len(), 23);
        let restarts: Vec<usize> = (0..faults.len())
            .filter(|&i| faults[i] == Fault::PgRestart)
            .collect();
        assert_eq!(restarts, vec![3, 11, 19]);
        assert_eq!(faults[0], Fault::Kill(0));
        assert_eq!(faults[22], Fault::Kill(19));
    }
}
