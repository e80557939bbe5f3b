//! Cage arithmetic: which sets of distinct digits a killer cage of a given size and sum can
//! hold.
//!
//! Every part of the engine that reasons about cages (the exact solver's pruning, the hint
//! techniques, the generator, the parser's checks) asks the same question — "which digit sets
//! of `len` distinct digits of 1..=N add up to `sum`?" — so the answer is one table per N,
//! built once from the 2^N subsets of the digits and shared for the life of the process.

use std::sync::OnceLock;

use super::digits::Digits;

/// The largest side length a killer may have: the table holds every subset of the digits,
/// 2^N of them (65,536 for 16×16).
pub const MAX_KILLER_SIZE: usize = 16;

/// The digit sets of every (cage size, sum) for one N ([`CageArithmetic::of`]).
pub struct CageArithmetic {
    size: usize,
    /// `start[len * (max_sum + 2) + sum]..start[... + 1]` indexes `sets` for that cage.
    start: Vec<u32>,
    sets: Vec<Digits>,
    max_sum: usize,
}

static TABLES: [OnceLock<CageArithmetic>; MAX_KILLER_SIZE + 1] =
    [const { OnceLock::new() }; MAX_KILLER_SIZE + 1];

impl CageArithmetic {
    /// The shared table of digits 1..=`size` (`size` at most [`MAX_KILLER_SIZE`]).
    pub fn of(size: usize) -> &'static CageArithmetic {
        let size = size.min(MAX_KILLER_SIZE);
        TABLES[size].get_or_init(|| CageArithmetic::build(size))
    }

    fn build(size: usize) -> CageArithmetic {
        let max_sum = size * (size + 1) / 2;
        let stride = max_sum + 2;
        let mut buckets: Vec<Vec<Digits>> = vec![Vec::new(); (size + 1) * stride];
        for mask in 0u64..(1u64 << size) {
            let set = Digits(mask);
            let sum: usize = set.iter().map(usize::from).sum();
            buckets[set.len() as usize * stride + sum].push(set);
        }
        let mut start = Vec::with_capacity(buckets.len() + 1);
        let mut sets = Vec::new();
        for bucket in &buckets {
            start.push(sets.len() as u32);
            sets.extend_from_slice(bucket);
        }
        start.push(sets.len() as u32);
        CageArithmetic {
            size,
            start,
            sets,
            max_sum,
        }
    }

    /// N, the number of digits.
    pub fn size(&self) -> usize {
        self.size
    }

    /// Every set of `len` distinct digits adding up to `sum`, in increasing order of their bit
    /// masks; empty when there is none.
    pub fn sets(&self, len: usize, sum: u32) -> &[Digits] {
        let sum = sum as usize;
        if len > self.size || sum > self.max_sum {
            return &[];
        }
        let i = len * (self.max_sum + 2) + sum;
        &self.sets[self.start[i] as usize..self.start[i + 1] as usize]
    }

    /// The digits that appear in at least one of [`CageArithmetic::sets`].
    pub fn union(&self, len: usize, sum: u32) -> Digits {
        self.sets(len, sum)
            .iter()
            .fold(Digits::EMPTY, |acc, &s| Digits(acc.0 | s.0))
    }

    /// The digits that appear in every one of [`CageArithmetic::sets`] (empty when there is no
    /// set).
    pub fn intersection(&self, len: usize, sum: u32) -> Digits {
        let sets = self.sets(len, sum);
        if sets.is_empty() {
            return Digits::EMPTY;
        }
        sets.iter()
            .fold(Digits::all(self.size), |acc, &s| Digits(acc.0 & s.0))
    }

    /// The smallest and largest sums of `len` distinct digits of 1..=N.
    pub fn sum_range(&self, len: usize) -> (u32, u32) {
        let len = len.min(self.size) as u32;
        let n = self.size as u32;
        (len * (len + 1) / 2, len * (2 * n + 1 - len) / 2)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nine_by_nine_combinations_are_the_known_ones() {
        let t = CageArithmetic::of(9);
        // The classic unique combinations: 3 in two cells is {1,2}, 17 is {8,9}, 6 in three
        // is {1,2,3}, 24 in three is {7,8,9}.
        assert_eq!(t.sets(2, 3), &[Digits(0b11)]);
        assert_eq!(t.sets(2, 17), &[Digits(0b1_1000_0000)]);
        assert_eq!(t.sets(3, 6).len(), 1);
        assert_eq!(t.sets(3, 24).len(), 1);
        // 10 in two cells: 1+9, 2+8, 3+7, 4+6 (not 5+5).
        assert_eq!(t.sets(2, 10).len(), 4);
        assert!(!t.union(2, 10).contains(5));
        assert_eq!(t.sets(9, 45).len(), 1);
        assert!(t.sets(2, 18).is_empty() && t.sets(10, 45).is_empty());
        assert_eq!(t.sum_range(3), (6, 24));
        // 12 in four: {1,2,3,6} or {1,2,4,5}, so 1 and 2 are certain.
        assert_eq!(t.intersection(4, 12), Digits::single(1) | Digits::single(2));
    }

    #[test]
    fn every_sum_in_range_has_a_set() {
        for n in [4, 6, 9, 16] {
            let t = CageArithmetic::of(n);
            for len in 1..=n {
                let (lo, hi) = t.sum_range(len);
                for sum in 0..=hi + 1 {
                    assert_eq!(!t.sets(len, sum).is_empty(), (lo..=hi).contains(&sum));
                }
            }
        }
    }
}
