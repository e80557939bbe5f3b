//! How often a server draws animations (a running solver panel, a countdown), set by how busy
//! it is. A keystroke's echo and an animation frame wait for the same worker threads; when
//! the machine is saturated, frames of animation are what a player misses least, so they
//! thin out before typing slows down.
//!
//! A task measures how late the runtime wakes a timer (the time a ready task waits for a
//! thread, which is what a keystroke waits too). While that lateness is high the animation
//! interval grows by half, up to [`SLOWEST`]; while it is low the interval shrinks back to
//! [`FASTEST`], the frame rate of local play. Every session reads the current interval before
//! it schedules its next frame.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use tokio::time::Instant;

/// The animation interval of an unhurried server (about 30 frames a second).
pub const FASTEST: Duration = Duration::from_millis(33);
/// The longest animation interval (4 frames a second): a panel still moves.
pub const SLOWEST: Duration = Duration::from_millis(250);
/// How often lateness is measured.
const SAMPLE: Duration = Duration::from_millis(50);
/// Average lateness above this thins animations; below [`CALM`] they come back.
const BUSY: Duration = Duration::from_millis(6);
const CALM: Duration = Duration::from_millis(2);

/// The current animation interval, shared by every session of a server.
pub struct Pace {
    interval_us: AtomicU64,
}

impl Pace {
    /// A pace at full speed that never changes (tests, and servers that do not measure).
    pub fn fixed() -> Arc<Pace> {
        Arc::new(Pace {
            interval_us: AtomicU64::new(micros(FASTEST)),
        })
    }

    /// A pace that follows the load of the current runtime, measured by a task that ends
    /// when the last holder of the pace lets it go.
    pub fn measured() -> Arc<Pace> {
        let pace = Pace::fixed();
        tokio::spawn(measure(Arc::downgrade(&pace)));
        pace
    }

    /// How long to wait between two frames of an animation now.
    pub fn animation_frame(&self) -> Duration {
        Duration::from_micros(self.interval_us.load(Ordering::Relaxed))
    }

    /// Takes one lateness average into account.
    fn adjust(&self, lateness: Duration) {
        let now = self.animation_frame();
        let next = if lateness > BUSY {
            now.mul_f32(1.5).min(SLOWEST)
        } else if lateness < CALM {
            now.mul_f32(0.8).max(FASTEST)
        } else {
            now
        };
        if next == now {
            return;
        }
        self.interval_us.store(micros(next), Ordering::Relaxed);
        let lateness_ms = lateness.as_secs_f32() * 1000.0;
        let frames_per_second = 1.0 / next.as_secs_f32();
        if now == FASTEST {
            tracing::info!(lateness_ms, "server busy: animations thinned");
        } else if next == FASTEST {
            tracing::info!(lateness_ms, "animations back to full speed");
        } else {
            tracing::debug!(lateness_ms, frames_per_second, "animation pace");
        }
    }
}

fn micros(duration: Duration) -> u64 {
    duration.as_micros().min(u128::from(u64::MAX)) as u64
}

/// Lateness as an exponential average (a fifth of each new sample), so one late wake-up
/// does not halve every panel's frame rate.
#[derive(Default)]
struct Average {
    micros: f64,
}

impl Average {
    fn add(&mut self, sample: Duration) -> Duration {
        self.micros = 0.8 * self.micros + 0.2 * sample.as_micros() as f64;
        Duration::from_micros(self.micros as u64)
    }
}

async fn measure(pace: std::sync::Weak<Pace>) {
    let mut average = Average::default();
    loop {
        let asked = Instant::now() + SAMPLE;
        tokio::time::sleep_until(asked).await;
        let late = Instant::now().saturating_duration_since(asked);
        let Some(pace) = pace.upgrade() else {
            return;
        };
        pace.adjust(average.add(late));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_busy_runtime_thins_animations_and_a_calm_one_restores_them() {
        let pace = Pace::fixed();
        assert_eq!(pace.animation_frame(), FASTEST);
        for _ in 0..20 {
            pace.adjust(Duration::from_millis(30));
        }
        assert_eq!(pace.animation_frame(), SLOWEST, "bounded when very busy");
        pace.adjust(Duration::from_millis(4));
        assert_eq!(
            pace.animation_frame(),
            SLOWEST,
            "held between the thresholds"
        );
        for _ in 0..20 {
            pace.adjust(Duration::ZERO);
        }
        assert_eq!(
            pace.animation_frame(),
            FASTEST,
            "back to full speed when calm"
        );
    }

    #[test]
    fn one_late_wake_up_is_not_busy() {
        let mut average = Average::default();
        let first = average.add(Duration::from_millis(20));
        assert!(first < BUSY, "{first:?}");
        for _ in 0..10 {
            average.add(Duration::from_millis(20));
        }
        assert!(average.add(Duration::from_millis(20)) > BUSY);
    }
}
