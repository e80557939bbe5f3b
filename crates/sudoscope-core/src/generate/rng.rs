//! The generator's random numbers: ChaCha8 from a 64-bit seed, with range sampling and
//! shuffling written out here.
//!
//! `--seed S` must give the same puzzles on any machine and with any later `rand` release, so
//! nothing here goes through `rand`'s distributions (which may change between versions) or
//! `StdRng` (documented as not portable): the ChaCha8 stream is fixed by its specification, and
//! `below` is plain rejection sampling on `u64`, independent of the pointer width.

use chacha20::ChaCha8Rng;
use rand::{Rng, SeedableRng};

/// A portable seeded random source. Stream `i` of seed `s` is the `i`-th puzzle of
/// `generate --seed s`, so one puzzle can be reproduced without generating those before it.
pub struct GenRng(ChaCha8Rng);

impl GenRng {
    pub fn new(seed: u64, stream: u64) -> GenRng {
        let mut key = [0u8; 32];
        key[..8].copy_from_slice(&seed.to_le_bytes());
        let mut rng = ChaCha8Rng::from_seed(key);
        rng.set_stream(stream);
        GenRng(rng)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
    }

    /// A uniform integer in `0..n` (`n >= 1`), by rejection, so no value is favoured.
    pub fn below(&mut self, n: usize) -> usize {
        let n = n.max(1) as u64;
        let zone = u64::MAX - (u64::MAX % n);
        loop {
            let x = self.next_u64();
            if x < zone {
                return (x % n) as usize;
            }
        }
    }

    /// Fisher–Yates shuffle.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i + 1);
            items.swap(i, j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_and_stream_same_numbers_and_streams_differ() {
        let a: Vec<u64> = (0..4).map(|_| GenRng::new(7, 0).next_u64()).collect();
        assert!(a.windows(2).all(|w| w[0] == w[1]));
        let mut s0 = GenRng::new(7, 0);
        let mut s1 = GenRng::new(7, 1);
        assert_ne!(s0.next_u64(), s1.next_u64());
    }

    #[test]
    fn below_stays_in_range_and_shuffle_permutes() {
        let mut rng = GenRng::new(1, 0);
        let mut seen = [false; 5];
        for _ in 0..200 {
            seen[rng.below(5)] = true;
        }
        assert!(seen.iter().all(|&s| s));
        let mut v: Vec<usize> = (0..20).collect();
        rng.shuffle(&mut v);
        let mut sorted = v.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, (0..20).collect::<Vec<_>>());
        assert_ne!(v, sorted);
    }
}
