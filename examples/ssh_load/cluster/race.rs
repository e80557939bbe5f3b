//! Races in the cluster scenario: each room's owner opens it from the game (`g` then `r`),
//! the other racers join by its code (`join CODE`), the owner starts it; afterwards, how
//! long each racer's move took to show on the other racers' screens.

use std::sync::Arc;
use std::time::{Duration, Instant};

use super::session::Session;
use super::typing::Outcome;
use crate::LoadError;
use crate::client::{Entry, Player};
use crate::plan::{self, Plan};
use crate::screen;

const WAIT: Duration = Duration::from_secs(60);

/// Where racers go: all four on the owner's instance, or two on each instance.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Spread {
    Local,
    Cross,
}

impl Spread {
    pub fn name(self) -> &'static str {
        match self {
            Spread::Local => "local",
            Spread::Cross => "cross",
        }
    }

    /// The instance of member `j` (0 is the owner) of room `room`, with `instances` of them:
    /// rooms take turns at being owned by each instance; across instances, the owner and
    /// the next racer are on one, the other two on the next.
    pub fn instance(self, room: usize, j: usize, instances: usize) -> usize {
        match self {
            Spread::Local => room % instances,
            Spread::Cross => (room + j / 2) % instances,
        }
    }
}

/// The owner opens a room for the kind of puzzle it plays (the new-game dialog's `r`);
/// returns its code and the plan of moves on its puzzle, read from the owner's instance's
/// log (`race room opened room=CODE … puzzle=LINE`).
pub async fn open(player: &Player, log: impl Fn() -> String) -> Result<(String, Plan), LoadError> {
    player.send("g").await?;
    player.wait_for(WAIT, |s| s.contains("r Race")).await?;
    player.send("r").await?;
    player
        .wait_for(WAIT, |s| screen::room_code(s).is_some())
        .await?;
    let code = screen::room_code(&player.contents())
        .ok_or_else(|| LoadError::Screen("no room code".into()))?;
    let wanted = format!("room={code} ");
    let started = Instant::now();
    loop {
        let line = log()
            .lines()
            .find(|l| l.contains(&wanted) && l.contains("puzzle="))
            .and_then(|l| l.split("puzzle=").nth(1))
            .and_then(|rest| rest.split_whitespace().next())
            .map(|line| line.trim_matches('"').to_string());
        if let Some(line) = line {
            let puzzle = plan::parse(&line)?;
            return Ok((code, Plan::new(&puzzle.givens, &puzzle.solution)));
        }
        if started.elapsed() > WAIT {
            return Err(LoadError::Failed(format!(
                "room {code}: its puzzle is not in the server's log"
            )));
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// A racer joins by the code (`ssh host join CODE`) and waits in the lobby.
pub async fn join(session: &Session, port: u16, code: &str) -> Result<Arc<Player>, LoadError> {
    let player = session
        .connect(port, Entry::Command(format!("join {code}")))
        .await?;
    player
        .wait_for(WAIT, |s| {
            s.contains("Racers ") || s.contains("there is no room")
        })
        .await?;
    if player.contents().contains("there is no room") {
        return Err(LoadError::Failed(format!(
            "room {code} cannot be joined from this instance (a server whose rooms do not \
             cross instances?): --race-spread local keeps each room on one instance"
        )));
    }
    Ok(player)
}

/// The owner starts once every racer is in, and waits for the race to be on.
pub async fn start(owner: &Player, racers: usize) -> Result<(), LoadError> {
    owner
        .wait_for(WAIT, |s| screen::racers_in_lobby(s) == Some(racers))
        .await?;
    owner.send("\r").await
}

/// Whether a racer's screen shows the race (its board's count and the side list).
pub fn racing(screen: &str) -> bool {
    screen.contains(" filled") && screen::to_go(screen).is_some()
}

/// How long the racers' moves took to show on the other racers' screens, for racers on one
/// instance and on two.
#[derive(Default)]
pub struct Progress {
    pub same: Vec<Duration>,
    pub cross: Vec<Duration>,
    /// Moves another racer's screen never showed (it was reconnecting, or the change was
    /// overtaken by the next one).
    pub unseen: usize,
}

/// Matches every racer's moves (when sent, the count made) with the first time each other
/// racer of its room saw that count, after the move was sent.
pub fn progress(rooms: &[Vec<usize>], sessions: &[Arc<Session>], outcomes: &[Outcome]) -> Progress {
    let mut found = Progress::default();
    for members in rooms {
        for &x in members {
            let seat = sessions[x].seat.load(std::sync::atomic::Ordering::SeqCst);
            if seat == 0 {
                continue;
            }
            for &(sent, count) in &outcomes[x].moves {
                for &y in members.iter().filter(|&&y| y != x) {
                    let Ok(seen) = sessions[y].seen.lock() else {
                        continue;
                    };
                    let hit = seen.iter().find(|o| {
                        o.seat == seat
                            && o.filled == count
                            && o.at >= sent
                            && o.at < sent + Duration::from_secs(10)
                    });
                    match hit {
                        Some(o) if o.fresh => {}
                        Some(o) => {
                            let took = o.at - sent;
                            if sessions[x].instance == sessions[y].instance {
                                found.same.push(took);
                            } else {
                                found.cross.push(took);
                            }
                        }
                        None => found.unseen += 1,
                    }
                }
            }
        }
    }
    found.same.sort();
    found.cross.sort();
    found
}
