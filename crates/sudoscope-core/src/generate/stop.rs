//! When a generation gives up: at its deadline, or as soon as the caller cancels it (the
//! game's Esc, a player who left). The searches poll [`Stop::reached`] where they used to
//! look at the clock, so a cancelled worker stops within one search step instead of running
//! on to its deadline.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

#[derive(Clone, Copy, Debug)]
pub struct Stop<'a> {
    deadline: Instant,
    cancel: Option<&'a AtomicBool>,
}

impl<'a> Stop<'a> {
    /// Stops at `deadline` only.
    pub fn at(deadline: Instant) -> Stop<'static> {
        Stop {
            deadline,
            cancel: None,
        }
    }

    /// Stops at `deadline`, or once `cancel` is set.
    pub fn at_or_cancelled(deadline: Instant, cancel: &'a AtomicBool) -> Stop<'a> {
        Stop {
            deadline,
            cancel: Some(cancel),
        }
    }

    /// Whether the caller cancelled.
    pub fn cancelled(&self) -> bool {
        self.cancel.is_some_and(|c| c.load(Ordering::Relaxed))
    }

    /// Whether the search must stop now.
    pub fn reached(&self) -> bool {
        self.cancelled() || Instant::now() > self.deadline
    }
}
