//! A set of digits as a bitset.
//!
//! Candidates are the hot data of every solver, hint technique and generator step, so they are a
//! plain `u64` (bit `d - 1` set means digit `d` is possible): wide enough for 36×36 and cheap to
//! copy, intersect and count.

use std::fmt;

/// A set of digits 1..=N (N ≤ 64), bit `d - 1` standing for digit `d`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Digits(pub u64);

impl Digits {
    /// The empty set.
    pub const EMPTY: Digits = Digits(0);

    /// Every digit 1..=n.
    pub fn all(n: usize) -> Digits {
        debug_assert!(n <= 64);
        if n >= 64 {
            Digits(u64::MAX)
        } else {
            Digits((1u64 << n) - 1)
        }
    }

    /// The set holding only `digit` (1-based).
    pub fn single(digit: u8) -> Digits {
        debug_assert!((1..=64).contains(&digit));
        Digits(1u64 << (digit - 1))
    }

    /// Whether `digit` (1-based) is in the set.
    pub fn contains(self, digit: u8) -> bool {
        (1..=64).contains(&digit) && self.0 & (1u64 << (digit - 1)) != 0
    }

    /// Adds `digit` (1-based).
    pub fn insert(&mut self, digit: u8) {
        self.0 |= 1u64 << (digit - 1);
    }

    /// Removes `digit` (1-based).
    pub fn remove(&mut self, digit: u8) {
        self.0 &= !(1u64 << (digit - 1));
    }

    /// Number of digits in the set.
    pub fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set is empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The only digit of a one-element set, else `None`.
    pub fn single_digit(self) -> Option<u8> {
        if self.0 != 0 && self.0 & (self.0 - 1) == 0 {
            Some(self.0.trailing_zeros() as u8 + 1)
        } else {
            None
        }
    }

    /// The smallest digit in the set.
    pub fn first(self) -> Option<u8> {
        (self.0 != 0).then(|| self.0.trailing_zeros() as u8 + 1)
    }

    /// Iterates the digits in increasing order.
    pub fn iter(self) -> DigitsIter {
        DigitsIter(self.0)
    }
}

impl std::ops::BitOr for Digits {
    type Output = Digits;
    fn bitor(self, rhs: Digits) -> Digits {
        Digits(self.0 | rhs.0)
    }
}

impl std::ops::BitOrAssign for Digits {
    fn bitor_assign(&mut self, rhs: Digits) {
        self.0 |= rhs.0;
    }
}

impl std::ops::BitAnd for Digits {
    type Output = Digits;
    fn bitand(self, rhs: Digits) -> Digits {
        Digits(self.0 & rhs.0)
    }
}

impl std::ops::BitAndAssign for Digits {
    fn bitand_assign(&mut self, rhs: Digits) {
        self.0 &= rhs.0;
    }
}

impl std::ops::Not for Digits {
    type Output = Digits;
    fn not(self) -> Digits {
        Digits(!self.0)
    }
}

impl std::ops::Sub for Digits {
    type Output = Digits;
    fn sub(self, rhs: Digits) -> Digits {
        Digits(self.0 & !rhs.0)
    }
}

impl FromIterator<u8> for Digits {
    fn from_iter<I: IntoIterator<Item = u8>>(iter: I) -> Digits {
        let mut set = Digits::EMPTY;
        for digit in iter {
            set.insert(digit);
        }
        set
    }
}

impl IntoIterator for Digits {
    type Item = u8;
    type IntoIter = DigitsIter;
    fn into_iter(self) -> DigitsIter {
        self.iter()
    }
}

impl fmt::Debug for Digits {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

/// Iterator over the digits of a [`Digits`] set, smallest first.
#[derive(Clone)]
pub struct DigitsIter(u64);

impl Iterator for DigitsIter {
    type Item = u8;
    fn next(&mut self) -> Option<u8> {
        if self.0 == 0 {
            return None;
        }
        let digit = self.0.trailing_zeros() as u8 + 1;
        self.0 &= self.0 - 1;
        Some(digit)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for DigitsIter {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_operations() {
        let mut set = Digits::EMPTY;
        set.insert(3);
        set.insert(9);
        assert_eq!(set.len(), 2);
        assert!(set.contains(3) && set.contains(9) && !set.contains(4));
        assert_eq!(set.iter().collect::<Vec<_>>(), vec![3, 9]);
        set.remove(3);
        assert_eq!(set.single_digit(), Some(9));
        assert_eq!(Digits::all(36).len(), 36);
        assert_eq!(Digits::all(64).len(), 64);
        assert!(!Digits::all(9).contains(0));
        assert!(!Digits::all(9).contains(10));
    }
}
