//! Measuring helpers shared by the benchmarks and the research harnesses: the thread's CPU
//! time, quantiles, reading one-line 9×9 puzzles and a seeded sampler.

use std::time::Duration;

/// CPU time of the calling thread (Linux `CLOCK_THREAD_CPUTIME_ID`, nanosecond resolution):
/// on a shared machine the wall clock mostly measures the other processes.
pub fn thread_cpu() -> Duration {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime writes one timespec through a valid pointer to a local.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    if rc != 0 {
        return Duration::ZERO;
    }
    Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32)
}

/// The `q`-quantile of sorted values (nearest rank).
pub fn quantile(sorted: &[f64], q: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() - 1) as f64 * q).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

/// The givens of a line whose first field is a one-line 9×9 puzzle (`1`–`9`, `.` or `0`
/// empty), None for any other line: how the solver benchmarks read a puzzle file.
pub fn one_line_9x9(line: &str) -> Option<[u8; 81]> {
    let field = line.split_whitespace().next()?;
    if field.len() != 81 {
        return None;
    }
    let mut grid = [0u8; 81];
    for (slot, ch) in grid.iter_mut().zip(field.bytes()) {
        *slot = match ch {
            b'1'..=b'9' => ch - b'0',
            b'.' | b'0' => 0,
            _ => return None,
        };
    }
    Some(grid)
}

/// SplitMix64: a tiny seeded generator for reproducible samples.
pub struct SplitMix(pub u64);

impl SplitMix {
    /// The next 64 random bits.
    #[allow(clippy::should_implement_trait)] // not an iterator: it never ends
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// `k` distinct indices of `0..n`, in increasing order (a partial Fisher–Yates).
    pub fn sample(&mut self, n: usize, k: usize) -> Vec<usize> {
        let mut idx: Vec<usize> = (0..n).collect();
        let k = k.min(n);
        for i in 0..k {
            let j = i + (self.next() % (n - i) as u64) as usize;
            idx.swap(i, j);
        }
        let mut chosen = idx[..k].to_vec();
        chosen.sort_unstable();
        chosen
    }
}
