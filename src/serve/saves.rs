//! One session's link to the store, for async code: every call runs on the blocking pool
//! (SQLite waits on disk and on other writers, PostgreSQL on the network) and the session
//! awaits it, so a session's saves are written in order and a move is in the store before
//! the frame that shows it is sent; a move's save on PostgreSQL is awaited without a
//! blocking thread (the store's own writer commits it). A failure is logged, never shown as
//! a crash to the player.
//!
//! When the database cannot be reached (PostgreSQL restarting), a save is kept in the
//! session's backlog instead, and the session goes on at once: a task writes the backlog in
//! order, with a growing pause between tries, as soon as the database answers again (also
//! after the session ended). While a backlog waits, later saves join it behind the others,
//! so the order is kept; a save of the same game as the last one waiting replaces it (a
//! snapshot holds the whole game). The backlog is bounded ([`BACKLOG_LIMIT`]).

use std::collections::VecDeque;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use crate::store::{Answer, Keeper, Request, Save, Seat, SharedStore, StoreError};

/// Saves one session keeps while the database is away. With a game's saves folded into one,
/// it takes that many games started or finished during one outage to reach it; beyond it the
/// oldest plain save (no finish) is dropped.
pub const BACKLOG_LIMIT: usize = 64;
/// The first pause before the backlog is tried again, and the longest.
const FIRST_RETRY: Duration = Duration::from_millis(100);
const LONGEST_RETRY: Duration = Duration::from_secs(2);
/// How long a screen waits for the store's answer (stats, leaderboards) before it says the
/// store cannot be reached: longer than a busy database takes, short enough to be waited.
pub const ANSWER_WAIT: Duration = Duration::from_secs(6);

/// A session's player in the store.
#[derive(Clone)]
pub struct Saves {
    keeper: Arc<Mutex<Keeper>>,
    owner: String,
    session: u64,
    backlog: Arc<Mutex<Backlog>>,
}

/// Saves waiting for the database, oldest first, and whether a task is writing them.
#[derive(Default)]
struct Backlog {
    waiting: VecDeque<Save>,
    writer: bool,
}

impl Backlog {
    /// Adds a save behind the others, folding it into the last one when both are plain saves
    /// of the same game.
    fn push(&mut self, save: Save, session: u64) {
        if let Some(last) = self.waiting.back_mut()
            && last.game == save.game
            && last.finish.is_none()
            && save.finish.is_none()
        {
            *last = save;
            return;
        }
        if self.waiting.len() >= BACKLOG_LIMIT {
            let plain = self.waiting.iter().position(|s| s.finish.is_none());
            let index = plain.unwrap_or(0);
            self.waiting.remove(index);
            tracing::warn!(
                session,
                "save backlog full: the oldest waiting save is dropped"
            );
        }
        self.waiting.push_back(save);
    }
}

impl Saves {
    /// The keeper of `owner`'s games and, for a player whose games outlive the session, the
    /// most recent unfinished one (which the session's first game continues).
    pub async fn open(
        store: SharedStore,
        owner: String,
        resumes: bool,
        session: u64,
    ) -> Option<(Saves, Option<String>)> {
        let name = owner.clone();
        let opened = tokio::task::spawn_blocking(move || {
            let seat = if resumes {
                Seat::Keyed
            } else {
                Seat::Anonymous
            };
            let mut keeper = Keeper::new(store, &name)?.with_seat(seat);
            let mut resumed = None;
            if resumes && let Some(game) = keeper.unfinished()?.into_iter().next() {
                keeper.take_up(game.id);
                resumed = Some(game.snapshot);
            }
            Ok::<_, crate::store::StoreError>((keeper, resumed))
        })
        .await;
        match opened {
            Ok(Ok((keeper, resumed))) => Some((
                Saves {
                    keeper: Arc::new(Mutex::new(keeper)),
                    owner,
                    session,
                    backlog: Arc::default(),
                },
                resumed,
            )),
            Ok(Err(e)) => {
                tracing::warn!(session, error = %e, "the player's games could not be read");
                None
            }
            Err(_) => None,
        }
    }

    /// Keeps what the app asked to keep: written now, or, while the database is away, kept
    /// in the backlog and written when it is back.
    pub async fn save(&self, save: Save) {
        {
            let mut backlog = lock(&self.backlog);
            if !backlog.waiting.is_empty() {
                backlog.push(save, self.session);
                return;
            }
        }
        match self.write(save.clone()).await {
            Ok(()) => {}
            Err(e) if e.is_transient() => {
                tracing::warn!(session = self.session, error = %e, "save kept until the store is back");
                let start = {
                    let mut backlog = lock(&self.backlog);
                    backlog.push(save, self.session);
                    !std::mem::replace(&mut backlog.writer, true)
                };
                if start {
                    tokio::spawn(self.clone().write_backlog());
                }
            }
            Err(e) => tracing::warn!(session = self.session, error = %e, "save failed"),
        }
    }

    /// Saves waiting for the database (0 when everything is written).
    pub fn waiting(&self) -> usize {
        lock(&self.backlog).waiting.len()
    }

    async fn write(&self, save: Save) -> Result<(), StoreError> {
        // A move's save of a stored game goes straight to the backend's writer where it has
        // one, without holding a blocking thread while the database commits.
        let direct = {
            let keeper = lock(&self.keeper);
            keeper.store().move_saves().zip(keeper.move_save(&save))
        };
        if let Some((writer, move_save)) = direct {
            let id = move_save.id;
            if writer.write_async(move_save).await? {
                lock(&self.keeper).saved(save.game, id);
                return Ok(());
            }
            // The game is no longer stored (forgotten meanwhile): the keeper adds it anew.
        }
        let keeper = self.keeper.clone();
        match tokio::task::spawn_blocking(move || lock(&keeper).save(&save)).await {
            Ok(result) => result,
            Err(_) => {
                tracing::warn!(session = self.session, "save task failed");
                Ok(())
            }
        }
    }

    /// Writes the backlog in order until it is empty, pausing longer after each failure.
    async fn write_backlog(self) {
        let mut pause = FIRST_RETRY;
        loop {
            tokio::time::sleep(pause).await;
            loop {
                let next = {
                    let mut backlog = lock(&self.backlog);
                    match backlog.waiting.front() {
                        Some(save) => save.clone(),
                        None => {
                            backlog.writer = false;
                            tracing::info!(
                                session = self.session,
                                "saves kept meanwhile are written"
                            );
                            return;
                        }
                    }
                };
                match self.write(next).await {
                    Ok(()) => {
                        lock(&self.backlog).waiting.pop_front();
                        pause = FIRST_RETRY;
                    }
                    Err(e) if e.is_transient() => {
                        tracing::debug!(session = self.session, error = %e, "store still away");
                        break;
                    }
                    Err(e) => {
                        tracing::warn!(session = self.session, error = %e, "a kept save failed");
                        lock(&self.backlog).waiting.pop_front();
                    }
                }
            }
            pause = (pause * 2).min(LONGEST_RETRY);
        }
    }

    /// The store's answer to the app's question, within [`ANSWER_WAIT`]: when the store
    /// fails or takes longer, [`Answer::Unavailable`], so the screen that asked says so
    /// instead of waiting on "reading…" (the session itself waits for nothing longer).
    pub async fn answer(&self, request: Request) -> Answer {
        let keeper = self.keeper.clone();
        let asked = tokio::task::spawn_blocking(move || lock(&keeper).answer(request));
        match tokio::time::timeout(ANSWER_WAIT, asked).await {
            Ok(Ok(Ok(answer))) => answer,
            Ok(Ok(Err(e))) => {
                tracing::warn!(session = self.session, error = %e, "a store query failed");
                Answer::Unavailable
            }
            Ok(Err(_)) => Answer::Unavailable,
            Err(_) => {
                tracing::warn!(session = self.session, "a store query took too long");
                Answer::Unavailable
            }
        }
    }

    /// Forgets the player and their games (an anonymous session that ended).
    pub async fn forget(&self) {
        let keeper = self.keeper.clone();
        let owner = self.owner.clone();
        let forgotten = tokio::task::spawn_blocking(move || {
            let store = lock(&keeper).store().clone();
            store.forget_player(&owner)
        })
        .await;
        if let Ok(Err(e)) = forgotten {
            tracing::warn!(session = self.session, error = %e, "an anonymous game was not forgotten");
        }
    }
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    // A panic while holding the lock leaves the store consistent (its transactions roll
    // back) and the backlog whole (it changes in single steps), so a poisoned lock is still
    // safe to use.
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::{Finished, Kind};

    fn save(game: u64, snapshot: &str, finish: bool) -> Save {
        let mut save = Save::single(snapshot.into());
        save.game = game;
        save.finish = finish.then(|| Finished {
            kind: Kind {
                size: 9,
                variant: "standard".into(),
                level: None,
                daily: None,
            },
            time_ms: 1,
            hint_steps: 0,
            revealed_cells: 0,
            solution_copied: false,
            solution_revealed: false,
        });
        save
    }

    #[test]
    fn saves_of_one_game_fold_and_finishes_keep_their_place() {
        let mut backlog = Backlog::default();
        backlog.push(save(0, "a", false), 1);
        backlog.push(save(0, "b", false), 1);
        backlog.push(save(0, "c", true), 1);
        backlog.push(save(1, "d", false), 1);
        backlog.push(save(1, "e", false), 1);
        let kept: Vec<&str> = backlog
            .waiting
            .iter()
            .map(|s| s.snapshot.as_str())
            .collect();
        assert_eq!(kept, ["b", "c", "e"]);
    }

    #[test]
    fn a_full_backlog_drops_the_oldest_plain_save_never_a_finish() {
        let mut backlog = Backlog::default();
        backlog.push(save(0, "finish", true), 1);
        for game in 1..=BACKLOG_LIMIT as u64 {
            backlog.push(save(game, &game.to_string(), false), 1);
        }
        assert_eq!(backlog.waiting.len(), BACKLOG_LIMIT);
        assert_eq!(backlog.waiting[0].snapshot, "finish");
        assert_eq!(backlog.waiting[1].snapshot, "2", "game 1's save made room");
    }
}
