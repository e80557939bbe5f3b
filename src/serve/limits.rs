//! Admission control: how many sessions in all and per source address.
//!
//! A slot is held by a [`SessionSlot`] guard for as long as a connection lives; dropping the
//! guard (on any exit path: normal end, error, panic in the task) gives the slot back, so the
//! counts always return to zero when everyone has left.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};

/// Why a connection was not admitted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    ServerFull,
    TooManyFromAddress,
}

#[derive(Debug, Default)]
struct Counts {
    total: usize,
    per_address: HashMap<IpAddr, usize>,
}

/// The shared counters.
#[derive(Clone, Debug)]
pub struct Admission {
    max_sessions: usize,
    max_per_address: usize,
    counts: Arc<Mutex<Counts>>,
}

impl Admission {
    pub fn new(max_sessions: usize, max_per_address: usize) -> Admission {
        Admission {
            max_sessions,
            max_per_address,
            counts: Arc::new(Mutex::new(Counts::default())),
        }
    }

    /// Takes a slot for a connection from `address`, or says why not.
    pub fn admit(&self, address: IpAddr) -> Result<SessionSlot, Refusal> {
        let mut counts = self.lock();
        if counts.total >= self.max_sessions {
            return Err(Refusal::ServerFull);
        }
        let from_address = counts.per_address.get(&address).copied().unwrap_or(0);
        if from_address >= self.max_per_address {
            return Err(Refusal::TooManyFromAddress);
        }
        counts.total += 1;
        counts.per_address.insert(address, from_address + 1);
        Ok(SessionSlot {
            admission: self.clone(),
            address,
        })
    }

    /// Sessions currently holding a slot.
    pub fn active(&self) -> usize {
        self.lock().total
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Counts> {
        self.counts
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

/// A held slot; released on drop.
#[derive(Debug)]
pub struct SessionSlot {
    admission: Admission,
    address: IpAddr,
}

impl Drop for SessionSlot {
    fn drop(&mut self) {
        let mut counts = self.admission.lock();
        counts.total = counts.total.saturating_sub(1);
        if let Some(n) = counts.per_address.get_mut(&self.address) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                counts.per_address.remove(&self.address);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::net::Ipv4Addr;

    #[test]
    fn limits_total_and_per_address_and_releases_on_drop() {
        let admission = Admission::new(3, 2);
        let a = IpAddr::V4(Ipv4Addr::new(10, 0, 0, 1));
        let b = IpAddr::V4(Ipv4Addr::new(10, 0, 0, 2));
        let first = admission.admit(a);
        let second = admission.admit(a);
        assert!(first.is_ok() && second.is_ok());
        assert_eq!(admission.admit(a).err(), Some(Refusal::TooManyFromAddress));
        let third = admission.admit(b);
        assert!(third.is_ok());
        assert_eq!(admission.admit(b).err(), Some(Refusal::ServerFull));
        drop(first);
        assert_eq!(admission.active(), 2);
        assert!(admission.admit(a).is_ok());
        drop((second, third));
        assert_eq!(admission.active(), 0);
    }
}
