//! A session's typing: one move a second until the run ends, each timed from sending it to
//! the moment the header's "N to go" shows it. A lost connection is counted (a kill of its
//! instance, or a drop), and the session connects again on the same port and goes on from
//! where its game is: the store's board after a kill (the fault controller reads it), the
//! screen's count otherwise.

use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use super::Shared;
use super::session::{Role, Session};
use crate::LoadError;
use crate::client::{Entry, Player};
use crate::plan::Plan;
use crate::screen;

/// How long a move's echo is waited for before it counts as missing.
const ECHO_WAIT: Duration = Duration::from_secs(10);
/// How long a session keeps trying to connect after its connection was lost.
const RECONNECT_WAIT: Duration = Duration::from_secs(60);
/// How long a resumed game or a rejoined room may take to show.
const RESUME_WAIT: Duration = Duration::from_secs(20);

/// What one session measured and went through.
#[derive(Default)]
pub struct Outcome {
    /// Echo latency of every move.
    pub latencies: Vec<Duration>,
    /// Racers: when each move was sent and the count it made.
    pub moves: Vec<(Instant, usize)>,
    /// Connections lost while their instance was not being killed.
    pub dropped: u32,
    /// Connections lost to a kill of their instance.
    pub killed: u32,
    pub reconnects: u32,
    /// Moves whose echo did not come within [`ECHO_WAIT`] on a live connection.
    pub echo_missing: u32,
    /// A game or room that did not come back as it was left.
    pub resume_mismatch: u32,
    /// A racer whose room was gone when it came back (rooms of one instance die with it).
    pub room_gone: bool,
    /// Solvers that could not be started again after a reconnect (the session types on).
    pub solver_lost: u32,
    /// Times the solver's run ended (by [`Ended`]) and it was started again.
    pub solver_restarts: [u32; 3],
    /// Solvers: frames received a second while typing (on one connection throughout).
    pub frame_rate: Option<f64>,
    /// Why the session stopped early, if it did.
    pub failed: Option<String>,
}

/// How a solver panel's run ended.
#[derive(Clone, Copy, Debug)]
pub enum Ended {
    Solved,
    Stuck,
    Cap,
}

/// Whether the solver panel's run has ended, and how (its status line).
fn solver_ended(screen: &str) -> Option<Ended> {
    if screen.contains("✔ solved") {
        Some(Ended::Solved)
    } else if screen.contains("✖ stuck") {
        Some(Ended::Stuck)
    } else if screen.contains("■ cap reached") {
        Some(Ended::Cap)
    } else {
        None
    }
}

/// What a session asks for when it connects again: its room for a racer, else the game.
pub fn entry_of(session: &Session, shared: &Shared) -> Entry {
    match session.role {
        Role::Racer { room, .. } => Entry::Command(format!("join {}", shared.room_code(room))),
        _ => Entry::Shell,
    }
}

/// Types until the run ends. `phase` spreads the sessions' ticks over the second.
pub async fn type_moves(session: Arc<Session>, shared: Arc<Shared>, phase: Duration) -> Outcome {
    let mut out = Outcome::default();
    let Some(plan) = session.plan() else {
        out.failed = Some("no puzzle to type".into());
        return out;
    };
    let mut typing = Typing {
        k: session.acked.load(Ordering::SeqCst),
        cursor: None,
        epoch: shared.kills(session.instance),
        idle: false,
        player: session.player(),
    };
    let start = tokio::time::Instant::from_std(shared.typing_from + phase);
    let mut ticks = tokio::time::interval_at(start, Duration::from_secs(1));
    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    // The solver panel's frames are counted from the first tick to the last, on the
    // connection the session started with.
    let mut frames_from: Option<(Instant, u64)> = None;
    loop {
        ticks.tick().await;
        if Instant::now() >= shared.typing_until {
            break;
        }
        if session.role == Role::Solver
            && frames_from.is_none()
            && let Some(player) = &typing.player
        {
            frames_from = Some((Instant::now(), player.frames()));
        }
        let player = match typing.player.clone().filter(|p| !p.closed()) {
            Some(player) => player,
            None => {
                if let Err(e) = typing.come_back(&session, &shared, &plan, &mut out).await {
                    out.failed = Some(format!("session {}: {e}", session.index));
                    break;
                }
                continue;
            }
        };
        if typing.idle {
            continue;
        }
        if session.role == Role::Solver
            && let Some(ended) = solver_ended(&player.contents())
        {
            if player.send(" ").await.is_err() {
                continue;
            }
            out.solver_restarts[ended as usize] += 1;
        }
        typing.move_once(&session, &plan, &player, &mut out).await;
    }
    if let (Some((from, first)), Some(player)) = (frames_from, &typing.player)
        && out.reconnects == 0
        && !player.closed()
    {
        let seconds = from.elapsed().as_secs_f64();
        out.frame_rate = Some((player.frames() - first) as f64 / seconds.max(1.0));
    }
    session.set_player(typing.player.take());
    out
}

/// The typing loop's state.
struct Typing {
    /// Moves made (the board on screen is the plan's board after `k` moves).
    k: u64,
    /// Where the cursor is, when known.
    cursor: Option<usize>,
    /// Kills of the session's instance when it connected.
    epoch: u64,
    /// A racer with no room any more: stays connected, types nothing.
    idle: bool,
    player: Option<Arc<Player>>,
}

impl Typing {
    async fn move_once(
        &mut self,
        session: &Session,
        plan: &Plan,
        player: &Player,
        out: &mut Outcome,
    ) {
        let (keys, cell) = plan.keys(self.cursor, self.k);
        session.sent.store(self.k + 1, Ordering::SeqCst);
        let sent = Instant::now();
        if player.send(&keys).await.is_err() {
            self.cursor = None;
            return;
        }
        let want = plan.to_go_after(self.k + 1);
        match player
            .wait_for_header(ECHO_WAIT, |s| screen::to_go(s) == Some(want))
            .await
        {
            Ok(_) => {
                out.latencies.push(sent.elapsed());
                self.k += 1;
                session.acked.store(self.k, Ordering::SeqCst);
                self.cursor = Some(cell);
                if session.is_racer() {
                    out.moves.push((sent, plan.filled_after(self.k)));
                }
            }
            // The connection went: the move may or may not have landed; the next tick finds
            // out where the game is.
            Err(LoadError::Closed) => self.cursor = None,
            Err(_) => {
                out.echo_missing += 1;
                self.cursor = None;
                session.sent.store(self.k, Ordering::SeqCst);
            }
        }
    }

    /// After a lost connection: counts it, waits for a killed instance to be back, connects
    /// again and finds where the game or race resumed.
    async fn come_back(
        &mut self,
        session: &Session,
        shared: &Shared,
        plan: &Plan,
        out: &mut Outcome,
    ) -> Result<(), LoadError> {
        session.down.store(true, Ordering::SeqCst);
        // Counted once, not again when coming back failed and is tried anew.
        let lost = self.player.take().is_some();
        session.set_player(None);
        let instance = session.instance;
        let kills = shared.kills(instance);
        if kills > self.epoch {
            out.killed += u32::from(lost);
            shared.wait_up(instance, kills).await;
        } else {
            out.dropped += u32::from(lost);
        }
        let port = shared.ports[instance];
        let entry = entry_of(session, shared);
        let deadline = Instant::now() + RECONNECT_WAIT;
        let player = loop {
            match session.connect(port, entry.clone()).await {
                Ok(player) => break player,
                Err(e) if Instant::now() > deadline => return Err(e),
                Err(_) => tokio::time::sleep(Duration::from_millis(200)).await,
            }
        };
        out.reconnects += 1;
        self.epoch = shared.kills(instance);
        self.cursor = None;
        self.player = Some(player.clone());
        if session.is_racer() {
            self.rejoined(session, plan, &player, out).await;
        } else {
            self.resumed(session, plan, &player, shared, out).await?;
        }
        Ok(())
    }

    /// A game player's game is back: at the store's board after a kill (the controller
    /// read it), else at the last move seen or the one in flight.
    async fn resumed(
        &mut self,
        session: &Session,
        plan: &Plan,
        player: &Player,
        shared: &Shared,
        out: &mut Outcome,
    ) -> Result<(), LoadError> {
        let acked = session.acked.load(Ordering::SeqCst);
        let stored = session.resume.lock().ok().and_then(|mut r| r.take());
        let candidates: Vec<u64> = match stored {
            Some(k) => vec![k],
            None => vec![acked, acked + 1],
        };
        let shown = player
            .wait_for(RESUME_WAIT, |s| {
                screen::to_go(s)
                    .is_some_and(|n| candidates.iter().any(|&k| plan.to_go_after(k) == n))
            })
            .await;
        match shown {
            Ok(_) => {
                let n = screen::to_go(&player.contents());
                self.k = candidates
                    .iter()
                    .copied()
                    .find(|&k| Some(plan.to_go_after(k)) == n)
                    .unwrap_or(acked);
            }
            Err(LoadError::Closed) => return Ok(()),
            Err(_) => {
                out.resume_mismatch += 1;
                self.k = stored.unwrap_or(acked);
            }
        }
        session.acked.store(self.k, Ordering::SeqCst);
        session.sent.store(self.k, Ordering::SeqCst);
        if session.role == Role::Solver {
            match player.start_solver(&shared.solver).await {
                Ok(()) => {}
                Err(LoadError::Screen(_)) => out.solver_lost += 1,
                Err(e) => return Err(e),
            }
        }
        Ok(())
    }

    /// A racer back in its room: its seat and count from the room (the last count its screen
    /// showed may be one move short or long of it), or no room any more.
    async fn rejoined(
        &mut self,
        session: &Session,
        plan: &Plan,
        player: &Player,
        out: &mut Outcome,
    ) {
        let shown = player
            .wait_for(RESUME_WAIT, |s| {
                s.contains("there is no room")
                    || (s.contains(" filled") && screen::to_go(s).is_some())
            })
            .await;
        if shown.is_err() || player.contents().contains("there is no room") {
            if shown.is_err() {
                out.resume_mismatch += 1;
            }
            out.room_gone = true;
            self.idle = true;
            return;
        }
        let acked = session.acked.load(Ordering::SeqCst);
        let n = screen::to_go(&player.contents());
        // The latest move count at or below the one in flight whose board shows that count.
        let earliest = (acked + 1).saturating_sub(plan.cycle() - 1);
        match (earliest..=acked + 1)
            .rev()
            .find(|&k| Some(plan.to_go_after(k)) == n)
        {
            Some(k) => self.k = k,
            None => out.resume_mismatch += 1,
        }
        session.acked.store(self.k, Ordering::SeqCst);
        session.sent.store(self.k, Ordering::SeqCst);
    }
}
