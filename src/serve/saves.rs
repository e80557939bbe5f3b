//! One session's link to the store, for async code: every call runs on the blocking pool
//! (SQLite waits on disk and on other writers) and the session awaits it, so a session's
//! saves are written in order. A failure is logged, never shown as a crash to the player.

use std::sync::{Arc, Mutex, MutexGuard};

use crate::store::{Answer, Keeper, Request, Save, Seat, SharedStore};

/// A session's player in the store.
#[derive(Clone)]
pub struct Saves {
    keeper: Arc<Mutex<Keeper>>,
    owner: String,
    session: u64,
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

    /// Keeps what the app asked to keep.
    pub async fn save(&self, save: Save) {
        let keeper = self.keeper.clone();
        match tokio::task::spawn_blocking(move || lock(&keeper).save(&save)).await {
            Ok(Ok(())) => {}
            Ok(Err(e)) => tracing::warn!(session = self.session, error = %e, "save failed"),
            Err(_) => tracing::warn!(session = self.session, "save task failed"),
        }
    }

    /// The store's answer to the app's question.
    pub async fn answer(&self, request: Request) -> Option<Answer> {
        let keeper = self.keeper.clone();
        match tokio::task::spawn_blocking(move || lock(&keeper).answer(request)).await {
            Ok(Ok(answer)) => Some(answer),
            Ok(Err(e)) => {
                tracing::warn!(session = self.session, error = %e, "a store query failed");
                None
            }
            Err(_) => None,
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

fn lock(keeper: &Mutex<Keeper>) -> MutexGuard<'_, Keeper> {
    // A panic while holding the lock leaves the store consistent (its transactions roll
    // back), so a poisoned lock is still safe to use.
    keeper
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}
