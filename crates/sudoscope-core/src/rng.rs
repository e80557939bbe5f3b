//! The engine's random numbers, in one place: two seeded generators for two needs, and the
//! sampling both share.
//!
//! Every random choice in the engine must be reproducible from a seed on any machine and with
//! any later release of the `rand` crate (`generate --seed S` gives the same puzzles, `solve
//! --solver ga --seed S` the same run). So nothing here goes through `rand`'s distributions or
//! `StdRng`, both documented as free to change between versions: the streams are fixed by their
//! specifications and the sampling is written out below.
//!
//! - [`GenRng`] (ChaCha8) for the generator: addressable streams, so the `i`-th puzzle of a seed
//!   can be made without making those before it.
//! - [`FastRng`] (wyrand) for the stochastic live solvers, which draw several numbers per trial
//!   at a million trials a second: one multiply per draw.

use chacha20::ChaCha8Rng;
use rand::{Rng, SeedableRng};

/// What a seeded source gives: 64 random bits at a time, and the sampling built on them.
pub trait RandomSource {
    /// The next 64 random bits.
    fn next_u64(&mut self) -> u64;

    /// A uniform integer in `0..n` (`n` ≥ 1; 0 is read as 1).
    fn below(&mut self, n: usize) -> usize;

    /// A uniform float in `[0, 1)`, from the top 53 bits.
    fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }

    /// Fisher–Yates shuffle.
    fn shuffle<T>(&mut self, items: &mut [T])
    where
        Self: Sized,
    {
        for i in (1..items.len()).rev() {
            let j = self.below(i + 1);
            items.swap(i, j);
        }
    }
}

/// ChaCha8 from a 64-bit seed and a stream number. Stream `i` of seed `s` is the `i`-th puzzle
/// of `generate --seed s`.
pub struct GenRng(ChaCha8Rng);

impl GenRng {
    /// Stream `stream` of the ChaCha8 generator keyed by `seed`.
    pub fn new(seed: u64, stream: u64) -> GenRng {
        let mut key = [0u8; 32];
        key[..8].copy_from_slice(&seed.to_le_bytes());
        let mut rng = ChaCha8Rng::from_seed(key);
        rng.set_stream(stream);
        GenRng(rng)
    }
}

impl RandomSource for GenRng {
    fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
    }

    /// By rejection on `u64`, so no value is favoured and the result does not depend on the
    /// pointer width.
    fn below(&mut self, n: usize) -> usize {
        let n = n.max(1) as u64;
        let zone = u64::MAX - (u64::MAX % n);
        loop {
            let x = self.next_u64();
            if x < zone {
                return (x % n) as usize;
            }
        }
    }
}

/// wyrand (Wang Yi's generator, as in fastrand): one 64-bit state, one multiply per draw, good
/// statistical quality; seeded through SplitMix64 so that nearby seeds give unrelated streams.
#[derive(Clone, Debug)]
pub struct FastRng(u64);

impl FastRng {
    /// The wyrand generator started from `seed`.
    pub fn new(seed: u64) -> FastRng {
        let mut z = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        FastRng(z ^ (z >> 31))
    }
}

impl RandomSource for FastRng {
    #[inline]
    fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0xA076_1D64_78BD_642F);
        let t = u128::from(self.0) * u128::from(self.0 ^ 0xE703_7ED1_A0B4_28DB);
        ((t >> 64) ^ t) as u64
    }

    /// Lemire's multiply-shift: bias below 2⁻³² for the small `n` the solvers use, and no
    /// division.
    #[inline]
    fn below(&mut self, n: usize) -> usize {
        ((u128::from(self.next_u64()) * n.max(1) as u128) >> 64) as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn draws(rng: &mut impl RandomSource) -> Vec<u64> {
        (0..5).map(|_| rng.next_u64()).collect()
    }

    #[test]
    fn same_seed_same_numbers_and_seeds_and_streams_differ() {
        assert_eq!(draws(&mut GenRng::new(7, 0)), draws(&mut GenRng::new(7, 0)));
        assert_ne!(draws(&mut GenRng::new(7, 0)), draws(&mut GenRng::new(7, 1)));
        assert_eq!(draws(&mut FastRng::new(42)), draws(&mut FastRng::new(42)));
        assert_ne!(draws(&mut FastRng::new(42)), draws(&mut FastRng::new(43)));
    }

    fn check_below_and_unit(rng: &mut impl RandomSource) {
        let mut seen = [0usize; 11];
        for _ in 0..11_000 {
            seen[rng.below(11)] += 1;
        }
        assert!(seen.iter().all(|&c| c > 800 && c < 1200), "{seen:?}");
        for _ in 0..1000 {
            let u = rng.unit();
            assert!((0.0..1.0).contains(&u));
        }
        assert_eq!(rng.below(0), 0);
    }

    #[test]
    fn below_covers_its_range_evenly_and_unit_stays_in_it() {
        check_below_and_unit(&mut GenRng::new(1, 0));
        check_below_and_unit(&mut FastRng::new(7));
    }

    #[test]
    fn shuffle_permutes() {
        let mut v: Vec<usize> = (0..20).collect();
        GenRng::new(1, 0).shuffle(&mut v);
        let mut sorted = v.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, (0..20).collect::<Vec<_>>());
        assert_ne!(v, sorted);
    }
}
