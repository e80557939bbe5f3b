//! A counting semaphore that bounds how many solver slices run at once in a process.
//!
//! Every [`super::SolverPanel`] steps its solver on its own thread, one slice at a time, and
//! holds a permit for each slice. Locally the pool has one permit per core; the SSH server
//! shares one pool between every session, so a hundred panels running RFSS still leave the
//! input-handling threads room to run.

use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

/// A bounded pool of solver-stepping permits.
#[derive(Debug)]
pub struct StepPool {
    permits: usize,
    available: Mutex<usize>,
    freed: Condvar,
}

/// One permit; given back to the pool when dropped.
#[derive(Debug)]
pub struct Permit<'a> {
    pool: &'a StepPool,
}

impl StepPool {
    /// A pool of `permits` permits (at least one).
    pub fn new(permits: usize) -> StepPool {
        let permits = permits.max(1);
        StepPool {
            permits,
            available: Mutex::new(permits),
            freed: Condvar::new(),
        }
    }

    /// One permit per core the process may use.
    pub fn per_core() -> StepPool {
        StepPool::new(std::thread::available_parallelism().map_or(1, |n| n.get()))
    }

    /// How many permits the pool holds in all.
    pub fn permits(&self) -> usize {
        self.permits
    }

    /// How many permits are free right now.
    pub fn available(&self) -> usize {
        *self.lock()
    }

    /// Waits for a permit.
    pub fn acquire(&self) -> Permit<'_> {
        let mut available = self.lock();
        while *available == 0 {
            available = self
                .freed
                .wait(available)
                .unwrap_or_else(PoisonError::into_inner);
        }
        *available -= 1;
        Permit { pool: self }
    }

    /// Waits at most `timeout` for a permit (so a worker can notice it should stop).
    pub fn acquire_timeout(&self, timeout: Duration) -> Option<Permit<'_>> {
        let deadline = Instant::now() + timeout;
        let mut available = self.lock();
        while *available == 0 {
            let left = deadline.checked_duration_since(Instant::now())?;
            if left.is_zero() {
                return None;
            }
            available = self
                .freed
                .wait_timeout(available, left)
                .unwrap_or_else(PoisonError::into_inner)
                .0;
        }
        *available -= 1;
        Some(Permit { pool: self })
    }

    /// A permit if one is free now.
    pub fn try_acquire(&self) -> Option<Permit<'_>> {
        let mut available = self.lock();
        if *available == 0 {
            return None;
        }
        *available -= 1;
        Some(Permit { pool: self })
    }

    // The count stays consistent even if a holder panicked, so a poisoned lock is still usable.
    fn lock(&self) -> MutexGuard<'_, usize> {
        self.available
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }
}

impl Default for StepPool {
    fn default() -> StepPool {
        StepPool::per_core()
    }
}

impl Drop for Permit<'_> {
    fn drop(&mut self) {
        let mut available = self.pool.lock();
        *available = (*available + 1).min(self.pool.permits);
        drop(available);
        self.pool.freed.notify_one();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[test]
    fn permits_are_bounded_and_returned() {
        let pool = StepPool::new(2);
        let a = pool.acquire();
        let b = pool.try_acquire();
        assert!(b.is_some());
        assert!(pool.try_acquire().is_none());
        assert!(pool.acquire_timeout(Duration::from_millis(5)).is_none());
        drop(a);
        assert_eq!(pool.available(), 1);
        drop(b);
        assert_eq!(pool.available(), 2);
        assert_eq!(StepPool::new(0).permits(), 1);
    }

    #[test]
    fn never_more_holders_than_permits() {
        let pool = Arc::new(StepPool::new(2));
        let inside = Arc::new(AtomicUsize::new(0));
        let most = Arc::new(AtomicUsize::new(0));
        let threads: Vec<_> = (0..6)
            .map(|_| {
                let (pool, inside, most) = (pool.clone(), inside.clone(), most.clone());
                std::thread::spawn(move || {
                    for _ in 0..50 {
                        let _permit = pool.acquire();
                        let now = inside.fetch_add(1, Ordering::SeqCst) + 1;
                        most.fetch_max(now, Ordering::SeqCst);
                        std::thread::sleep(Duration::from_micros(50));
                        inside.fetch_sub(1, Ordering::SeqCst);
                    }
                })
            })
            .collect();
        for thread in threads {
            assert!(thread.join().is_ok());
        }
        assert_eq!(most.load(Ordering::SeqCst), 2);
        assert_eq!(pool.available(), 2);
    }
}
