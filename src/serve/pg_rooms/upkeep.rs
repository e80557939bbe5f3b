//! Time passing in the rooms this instance's sessions are in: countdowns end, racers who
//! stayed away are given up on, racers of an instance that is gone count as having left, and
//! rooms nobody has touched for hours are forgotten.
//!
//! Each instance looks at its own mirrors and queues a change only when the mirror says one
//! is due; the change itself is decided again on the stored version, so when two instances
//! notice the same moment the second finds nothing to do.

use std::collections::HashMap;
use std::sync::Weak;
use std::time::{Duration, Instant};

use super::queue::{Action, Queued};
use super::sql;
use super::{Shared, instance_of};

/// How often the mirrors are looked at.
const TICK: Duration = Duration::from_millis(200);
/// How often the other instances' liveness is asked for.
const LIVENESS_EVERY: Duration = Duration::from_secs(1);
/// How long an instance's liveness lock must stay missing before its racers count as having
/// left: longer than an instance takes to connect again after the database restarted.
pub const GONE_AFTER: Duration = Duration::from_secs(15);
/// How often rooms left behind are looked for, and how old they must be.
const SWEEP_EVERY: Duration = Duration::from_secs(600);
const LEFT_BEHIND_MS: u64 = 6 * 3_600_000;

/// Looks after the mirrored rooms until the hub is dropped.
pub async fn look_after(hub: Weak<Shared>) {
    let mut interval = tokio::time::interval(TICK);
    interval.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let mut missing_since: HashMap<u32, Instant> = HashMap::new();
    let mut liveness_at = Instant::now();
    let mut sweep_at = Instant::now();
    loop {
        interval.tick().await;
        let Some(shared) = hub.upgrade() else {
            return;
        };
        let now = crate::store::now_ms().max(0) as u64;
        let mirrored = shared.mirrored();
        for (code, room) in &mirrored {
            if (**room).clone().tick(now) {
                let _ = shared.queue.send(Queued {
                    code: code.clone(),
                    action: Action::Tick,
                });
            }
        }
        if liveness_at.elapsed() >= LIVENESS_EVERY {
            liveness_at = Instant::now();
            let others: Vec<u32> = mirrored
                .iter()
                .flat_map(|(_, room)| room.racers.iter().filter_map(|r| r.connection))
                .map(instance_of)
                .filter(|&instance| instance != shared.instance)
                .collect();
            if others.is_empty() {
                missing_since.clear();
            } else if let Ok(live) = sql::live_instances(&shared.pool).await {
                // Asked and answered: instances without their lock are missing from now (or
                // since they were first missed).
                missing_since.retain(|instance, _| !live.contains(instance));
                for instance in others.iter().filter(|i| !live.contains(i)) {
                    missing_since.entry(*instance).or_insert_with(Instant::now);
                }
                for (code, room) in &mirrored {
                    for racer in &room.racers {
                        let (Some(connection), None) = (racer.connection, racer.dropped_ms) else {
                            continue;
                        };
                        let gone = missing_since
                            .get(&instance_of(connection))
                            .is_some_and(|since| since.elapsed() >= GONE_AFTER);
                        if gone {
                            let _ = shared.queue.send(Queued {
                                code: code.clone(),
                                action: Action::InstanceGone {
                                    key: racer.key.clone(),
                                    connection,
                                },
                            });
                        }
                    }
                }
            }
        }
        if sweep_at.elapsed() >= SWEEP_EVERY {
            sweep_at = Instant::now();
            if let Ok(forgotten) =
                sql::sweep(&shared.pool, now.saturating_sub(LEFT_BEHIND_MS)).await
                && forgotten > 0
            {
                tracing::info!(rooms = forgotten, "race rooms left behind were forgotten");
            }
        }
    }
}
