//! Eight 16-bit lanes, the vector type the triad solver is written against.
//!
//! Two implementations of one trait, [`Lanes`]: [`Portable`] (a plain `[u16; 8]`, any target)
//! and, on x86-64 with SSSE3 and SSE4.1 enabled at compile time (the workspace's
//! `.cargo/config.toml` sets `target-cpu=x86-64-v2`), [`Sse`], one 128-bit register per value
//! through the `safe_arch` crate's safe wrappers. The solver is built for each (and the AVX2
//! build uses [`Sse`] for its bands), and the tests run every build.
//!
//! The lanes hold 9-bit digit sets, so every operation only has to be right for values below
//! 2^9 (the popcount, the signed comparison).

/// A lane-wise shuffle: output lane `i` takes input lane `lanes[i]`, or 0 when that is [`Z`].
/// Built once (`const`) in every form the implementations need: lane indices for
/// [`Portable`], the byte control of `pshufb` for [`Sse`], and that control twice over for a
/// 256-bit `vpshufb`, which shuffles each 128-bit half by its own half of the control.
#[derive(Clone, Copy, Debug)]
pub struct Shuffle {
    pub(super) lanes: [u8; 8],
    pub(super) bytes: [u8; 16],
    pub(super) bytes_twice: [u8; 32],
}

/// Two shuffles, one for each half of a 16-lane box matrix (lanes 0–7 and 8–15), each taking
/// its lanes from its own half only. `bytes` is the 256-bit `vpshufb` control of the pair.
#[derive(Clone, Copy, Debug)]
pub struct HalfShuffles {
    pub(super) lo: Shuffle,
    pub(super) hi: Shuffle,
    pub(super) bytes: [u8; 32],
}

impl HalfShuffles {
    pub const fn new(lo: [u8; 8], hi: [u8; 8]) -> HalfShuffles {
        let lo = Shuffle::new(lo);
        let hi = Shuffle::new(hi);
        let mut bytes = [0u8; 32];
        let mut i = 0;
        while i < 16 {
            bytes[i] = lo.bytes[i];
            bytes[16 + i] = hi.bytes[i];
            i += 1;
        }
        HalfShuffles { lo, hi, bytes }
    }
}

/// The "zero this lane" source index of a [`Shuffle`].
pub const Z: u8 = 0xFF;

impl Shuffle {
    pub const fn new(lanes: [u8; 8]) -> Shuffle {
        let mut bytes = [0u8; 16];
        let mut i = 0;
        while i < 8 {
            let src = lanes[i];
            if src == Z {
                // pshufb zeroes a byte whose control has its top bit set.
                bytes[2 * i] = 0x80;
                bytes[2 * i + 1] = 0x80;
            } else {
                bytes[2 * i] = 2 * (src & 7);
                bytes[2 * i + 1] = 2 * (src & 7) + 1;
            }
            i += 1;
        }
        let mut bytes_twice = [0u8; 32];
        let mut i = 0;
        while i < 16 {
            bytes_twice[i] = bytes[i];
            bytes_twice[16 + i] = bytes[i];
            i += 1;
        }
        Shuffle {
            lanes,
            bytes,
            bytes_twice,
        }
    }
}

/// Eight 16-bit lanes with the few operations the triad solver needs.
pub trait Lanes: Copy {
    fn from_array(lanes: [u16; 8]) -> Self;
    fn to_array(self) -> [u16; 8];
    /// The 128 bits as two little-endian halves (lanes 0–3, lanes 4–7).
    fn to_u64s(self) -> [u64; 2];
    fn splat(x: u16) -> Self {
        Self::from_array([x; 8])
    }
    fn zero() -> Self {
        Self::splat(0)
    }
    fn and(self, other: Self) -> Self;
    fn or(self, other: Self) -> Self;
    /// `self & !other`.
    fn and_not(self, other: Self) -> Self;
    fn shuffle(self, control: &Shuffle) -> Self;
    /// The number of set bits of each lane.
    fn popcounts(self) -> Self;
    /// All ones in the lanes where `self == other`, zero elsewhere.
    fn eq_mask(self, other: Self) -> Self;
    /// All ones in the lanes that are not zero.
    fn nonzero_mask(self) -> Self;
    /// Whether some lane of `self` is below the same lane of `other` (values < 2^15).
    fn any_lt(self, other: Self) -> bool;
    fn is_zero(self) -> bool;
    /// Lanes 4–7 of `low` followed by lanes 0–3 of `high`.
    fn join_halves(low: Self, high: Self) -> Self;
    /// Lanes 4–7 moved down to 0–3; the upper lanes become 0.
    fn upper_half_down(self) -> Self;

    fn intersects(self, other: Self) -> bool {
        !self.and(other).is_zero()
    }
}

/// The portable implementation: a plain array, lane by lane.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Portable([u16; 8]);

impl Portable {
    #[inline(always)]
    fn map2(self, other: Self, f: impl Fn(u16, u16) -> u16) -> Self {
        let mut out = [0u16; 8];
        for (o, (a, b)) in out.iter_mut().zip(self.0.iter().zip(other.0.iter())) {
            *o = f(*a, *b);
        }
        Portable(out)
    }
}

impl Lanes for Portable {
    #[inline(always)]
    fn from_array(lanes: [u16; 8]) -> Self {
        Portable(lanes)
    }
    #[inline(always)]
    fn to_array(self) -> [u16; 8] {
        self.0
    }
    #[inline(always)]
    fn to_u64s(self) -> [u64; 2] {
        let half = |h: &[u16]| {
            h.iter()
                .rev()
                .fold(0u64, |acc, &x| acc << 16 | u64::from(x))
        };
        [half(&self.0[..4]), half(&self.0[4..])]
    }
    #[inline(always)]
    fn and(self, other: Self) -> Self {
        self.map2(other, |a, b| a & b)
    }
    #[inline(always)]
    fn or(self, other: Self) -> Self {
        self.map2(other, |a, b| a | b)
    }
    #[inline(always)]
    fn and_not(self, other: Self) -> Self {
        self.map2(other, |a, b| a & !b)
    }
    #[inline(always)]
    fn shuffle(self, control: &Shuffle) -> Self {
        let mut out = [0u16; 8];
        for (o, &src) in out.iter_mut().zip(control.lanes.iter()) {
            if src != Z {
                *o = self.0[usize::from(src & 7)];
            }
        }
        Portable(out)
    }
    #[inline(always)]
    fn popcounts(self) -> Self {
        Portable(self.0.map(|x| x.count_ones() as u16))
    }
    #[inline(always)]
    fn eq_mask(self, other: Self) -> Self {
        self.map2(other, |a, b| if a == b { 0xFFFF } else { 0 })
    }
    #[inline(always)]
    fn nonzero_mask(self) -> Self {
        Portable(self.0.map(|x| if x != 0 { 0xFFFF } else { 0 }))
    }
    #[inline(always)]
    fn any_lt(self, other: Self) -> bool {
        self.0.iter().zip(other.0.iter()).any(|(a, b)| a < b)
    }
    #[inline(always)]
    fn is_zero(self) -> bool {
        self.0.iter().all(|&x| x == 0)
    }
    #[inline(always)]
    fn join_halves(low: Self, high: Self) -> Self {
        let (l, h) = (low.0, high.0);
        Portable([l[4], l[5], l[6], l[7], h[0], h[1], h[2], h[3]])
    }
    #[inline(always)]
    fn upper_half_down(self) -> Self {
        let l = self.0;
        Portable([l[4], l[5], l[6], l[7], 0, 0, 0, 0])
    }
}

#[cfg(all(
    target_arch = "x86_64",
    target_feature = "ssse3",
    target_feature = "sse4.1"
))]
mod sse {
    use super::{Lanes, Shuffle};
    use safe_arch::{
        add_i8_m128i, bitand_m128i, bitandnot_m128i, bitor_m128i, bitxor_m128i,
        byte_shr_imm_u128_m128i, cmp_eq_mask_i16_m128i, cmp_lt_mask_i16_m128i,
        combined_byte_shr_imm_m128i, m128i, mul_u8i8_add_horizontal_saturating_m128i,
        set_splat_i8_m128i, set_splat_i16_m128i, shr_imm_u16_m128i, shuffle_av_i8z_all_m128i,
        test_all_zeroes_m128i, zeroed_m128i,
    };

    /// One SSE register of eight `u16` lanes.
    #[derive(Clone, Copy, Debug)]
    pub struct Sse(pub(crate) m128i);

    /// Set bits of each nibble value 0..16, the lookup table of the lane popcount.
    const NIBBLE_POPCOUNT: [u8; 16] = [0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4];

    impl Lanes for Sse {
        #[inline(always)]
        fn from_array(lanes: [u16; 8]) -> Self {
            Sse(m128i::from(lanes))
        }
        #[inline(always)]
        fn to_array(self) -> [u16; 8] {
            <[u16; 8]>::from(self.0)
        }
        #[inline(always)]
        fn to_u64s(self) -> [u64; 2] {
            <[u64; 2]>::from(self.0)
        }
        #[inline(always)]
        fn splat(x: u16) -> Self {
            Sse(set_splat_i16_m128i(x as i16))
        }
        #[inline(always)]
        fn zero() -> Self {
            Sse(zeroed_m128i())
        }
        #[inline(always)]
        fn and(self, other: Self) -> Self {
            Sse(bitand_m128i(self.0, other.0))
        }
        #[inline(always)]
        fn or(self, other: Self) -> Self {
            Sse(bitor_m128i(self.0, other.0))
        }
        #[inline(always)]
        fn and_not(self, other: Self) -> Self {
            // andnot(a, b) computes !a & b.
            Sse(bitandnot_m128i(other.0, self.0))
        }
        #[inline(always)]
        fn shuffle(self, control: &Shuffle) -> Self {
            Sse(shuffle_av_i8z_all_m128i(self.0, m128i::from(control.bytes)))
        }
        #[inline(always)]
        fn popcounts(self) -> Self {
            let table = m128i::from(NIBBLE_POPCOUNT);
            let nibbles = set_splat_i8_m128i(0x0F);
            let low = bitand_m128i(self.0, nibbles);
            let high = bitand_m128i(shr_imm_u16_m128i::<4>(self.0), nibbles);
            let per_byte = add_i8_m128i(
                shuffle_av_i8z_all_m128i(table, low),
                shuffle_av_i8z_all_m128i(table, high),
            );
            // Sum the two byte counts of each 16-bit lane (multiply by 1 and add pairs).
            Sse(mul_u8i8_add_horizontal_saturating_m128i(
                per_byte,
                set_splat_i8_m128i(1),
            ))
        }
        #[inline(always)]
        fn eq_mask(self, other: Self) -> Self {
            Sse(cmp_eq_mask_i16_m128i(self.0, other.0))
        }
        #[inline(always)]
        fn nonzero_mask(self) -> Self {
            let is_zero = cmp_eq_mask_i16_m128i(self.0, zeroed_m128i());
            Sse(bitxor_m128i(is_zero, set_splat_i16_m128i(-1)))
        }
        #[inline(always)]
        fn any_lt(self, other: Self) -> bool {
            let lt = cmp_lt_mask_i16_m128i(self.0, other.0);
            test_all_zeroes_m128i(lt, lt) == 0
        }
        #[inline(always)]
        fn is_zero(self) -> bool {
            test_all_zeroes_m128i(self.0, self.0) != 0
        }
        #[inline(always)]
        fn intersects(self, other: Self) -> bool {
            test_all_zeroes_m128i(self.0, other.0) == 0
        }
        #[inline(always)]
        fn join_halves(low: Self, high: Self) -> Self {
            // palignr: `high` as the upper 16 bytes, `low` as the lower, shifted right by 8.
            Sse(combined_byte_shr_imm_m128i::<8>(high.0, low.0))
        }
        #[inline(always)]
        fn upper_half_down(self) -> Self {
            Sse(byte_shr_imm_u128_m128i::<8>(self.0))
        }
    }
}

#[cfg(all(
    target_arch = "x86_64",
    target_feature = "ssse3",
    target_feature = "sse4.1"
))]
pub use sse::Sse;

#[cfg(test)]
mod tests {
    use super::*;

    /// A fixed pseudo-random stream of 9-bit lanes (with zeros and full sets mixed in).
    fn samples() -> Vec<[u16; 8]> {
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        (0..400)
            .map(|i| {
                let mut lanes = [0u16; 8];
                for l in &mut lanes {
                    x ^= x << 13;
                    x ^= x >> 7;
                    x ^= x << 17;
                    *l = match (x >> 40) % 8 {
                        0 => 0,
                        1 => 0x1FF,
                        _ => (x & 0x1FF) as u16,
                    };
                }
                if i == 0 {
                    lanes = [0; 8];
                }
                lanes
            })
            .collect()
    }

    /// Every operation of `V` gives the lane-by-lane answer computed here directly.
    fn check_against_scalar<V: Lanes>() {
        let controls = [
            Shuffle::new([0, 1, 2, 3, 4, 5, 6, 7]),
            Shuffle::new([3, 7, Z, Z, 1, 1, 6, Z]),
            Shuffle::new([Z; 8]),
            Shuffle::new([7, 6, 5, 4, 3, 2, 1, 0]),
        ];
        let all = samples();
        for pair in all.windows(2) {
            let (a, b) = (pair[0], pair[1]);
            let (va, vb) = (V::from_array(a), V::from_array(b));
            assert_eq!(va.to_array(), a);
            let lanewise = |f: &dyn Fn(u16, u16) -> u16| -> [u16; 8] {
                std::array::from_fn(|i| f(a[i], b[i]))
            };
            assert_eq!(va.and(vb).to_array(), lanewise(&|x, y| x & y));
            assert_eq!(va.or(vb).to_array(), lanewise(&|x, y| x | y));
            assert_eq!(va.and_not(vb).to_array(), lanewise(&|x, y| x & !y));
            assert_eq!(va.popcounts().to_array(), a.map(|x| x.count_ones() as u16));
            assert_eq!(
                va.eq_mask(vb).to_array(),
                lanewise(&|x, y| if x == y { 0xFFFF } else { 0 })
            );
            assert_eq!(
                va.nonzero_mask().to_array(),
                a.map(|x| if x != 0 { 0xFFFF } else { 0 })
            );
            assert_eq!(va.any_lt(vb), a.iter().zip(&b).any(|(x, y)| x < y));
            assert_eq!(va.is_zero(), a.iter().all(|&x| x == 0));
            assert_eq!(va.intersects(vb), a.iter().zip(&b).any(|(x, y)| x & y != 0));
            assert_eq!(
                V::join_halves(va, vb).to_array(),
                [a[4], a[5], a[6], a[7], b[0], b[1], b[2], b[3]]
            );
            assert_eq!(
                va.upper_half_down().to_array(),
                [a[4], a[5], a[6], a[7], 0, 0, 0, 0]
            );
            let words = va.to_u64s();
            for i in 0..8 {
                assert_eq!((words[i / 4] >> (16 * (i % 4))) as u16, a[i]);
            }
            for c in &controls {
                let expected: [u16; 8] = std::array::from_fn(|i| {
                    let src = c.lanes[i];
                    if src == Z { 0 } else { a[usize::from(src)] }
                });
                assert_eq!(va.shuffle(c).to_array(), expected);
            }
        }
        assert_eq!(V::splat(0x1FF).to_array(), [0x1FF; 8]);
        assert!(V::zero().is_zero());
    }

    #[test]
    fn portable_lanes_match_scalar() {
        check_against_scalar::<Portable>();
    }

    #[cfg(all(
        target_arch = "x86_64",
        target_feature = "ssse3",
        target_feature = "sse4.1"
    ))]
    #[test]
    fn sse_lanes_match_scalar() {
        check_against_scalar::<Sse>();
    }
}
