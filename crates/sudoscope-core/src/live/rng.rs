//! A small, fast, seeded random generator for the stochastic live solvers.
//!
//! The GA draws several random numbers per trial at a million trials per second, so the
//! generator must cost a few nanoseconds; and `--seed S` must give the same run on every build,
//! whatever version of the `rand` crate is in the lock file. wyrand (Wang Yi's generator, used
//! by fastrand) does both: one 64-bit state, one multiply per draw, good statistical quality.

/// wyrand: 64-bit state, seeded through SplitMix64 so that nearby seeds give unrelated streams.
#[derive(Clone, Debug)]
pub struct FastRng(u64);

impl FastRng {
    pub fn new(seed: u64) -> FastRng {
        // SplitMix64 finaliser of the seed.
        let mut z = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        FastRng(z ^ (z >> 31))
    }

    /// The next 64 random bits.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0xA076_1D64_78BD_642F);
        let t = u128::from(self.0) * u128::from(self.0 ^ 0xE703_7ED1_A0B4_28DB);
        ((t >> 64) ^ t) as u64
    }

    /// A uniform integer in `0..n` (`n` ≥ 1), by Lemire's multiply-shift (bias below 2⁻³²
    /// for the small `n` used here).
    #[inline]
    pub fn below(&mut self, n: usize) -> usize {
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }

    /// Shuffles a slice (Fisher–Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i + 1);
            items.swap(i, j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::FastRng;

    #[test]
    fn below_stays_in_range_and_covers_it() {
        let mut rng = FastRng::new(7);
        let mut seen = [0usize; 11];
        for _ in 0..11_000 {
            let v = rng.below(11);
            seen[v] += 1;
        }
        assert!(seen.iter().all(|&c| c > 800 && c < 1200), "{seen:?}");
    }

    #[test]
    fn same_seed_same_stream() {
        let a: Vec<u64> = {
            let mut r = FastRng::new(42);
            (0..5).map(|_| r.next_u64()).collect()
        };
        let b: Vec<u64> = {
            let mut r = FastRng::new(42);
            (0..5).map(|_| r.next_u64()).collect()
        };
        assert_eq!(a, b);
        assert_ne!(a, {
            let mut r = FastRng::new(43);
            (0..5).map(|_| r.next_u64()).collect::<Vec<_>>()
        });
    }
}
