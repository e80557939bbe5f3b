//! How much solver work a panel does per frame.
//!
//! The slow levels count iterations (one generation, one LP solve...), so the board and the
//! charts can be watched changing one iteration at a time whatever the solver; the fast levels
//! give the solver a time budget per frame, and the last level runs flat out.

use std::time::Duration;

/// The frame the worker paces itself by (about 30 frames per second).
pub const FRAME: Duration = Duration::from_millis(33);

/// Work per frame at one speed level.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Work {
    /// `count` single iterations every `frames` frames.
    Iterations { count: u32, frames: u32 },
    /// Steps with this time budget once per frame.
    Budget(Duration),
    /// Back-to-back slices of [`MAX_SLICE`], no pause between frames.
    Flat,
}

/// The slice the flat-out level steps in (the worker hands its permit back between slices).
pub const MAX_SLICE: Duration = Duration::from_millis(8);

const LEVELS: [Work; 8] = [
    Work::Iterations {
        count: 1,
        frames: 8,
    },
    Work::Iterations {
        count: 1,
        frames: 1,
    },
    Work::Iterations {
        count: 4,
        frames: 1,
    },
    Work::Budget(Duration::from_micros(250)),
    Work::Budget(Duration::from_millis(1)),
    Work::Budget(Duration::from_millis(4)),
    Work::Budget(Duration::from_millis(16)),
    Work::Flat,
];

/// A speed level, 1 (slowest) to [`Speed::MAX`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Speed(u8);

impl Speed {
    pub const MAX: u8 = LEVELS.len() as u8;

    /// The level a panel starts at: four iterations per frame, so RFSS solves an easy 9×9 in
    /// about a second and its bands can be watched separating.
    pub const DEFAULT: Speed = Speed(3);

    /// Level `level`, clamped to 1..=MAX.
    pub fn new(level: u8) -> Speed {
        Speed(level.clamp(1, Speed::MAX))
    }

    pub fn level(self) -> u8 {
        self.0
    }

    pub fn faster(self) -> Speed {
        Speed::new(self.0.saturating_add(1))
    }

    pub fn slower(self) -> Speed {
        Speed::new(self.0.saturating_sub(1))
    }

    pub fn work(self) -> Work {
        LEVELS[usize::from(self.0 - 1)]
    }

    /// A short description in the solver's unit of work (`one` and `many`: `node`,
    /// `nodes`): `1 node/8 frames`, `4 nodes/frame`, `1 ms/frame`, `max`.
    pub fn describe(self, one: &str, many: &str) -> String {
        match self.work() {
            Work::Iterations { count: 1, frames } if frames > 1 => {
                format!("1 {one}/{frames} frames")
            }
            Work::Iterations { count: 1, .. } => format!("1 {one}/frame"),
            Work::Iterations { count, frames: 1 } => format!("{count} {many}/frame"),
            Work::Iterations { count, frames } => format!("{count} {many}/{frames} frames"),
            Work::Budget(budget) if budget < Duration::from_millis(1) => {
                format!("{} µs/frame", budget.as_micros())
            }
            Work::Budget(budget) => format!("{} ms/frame", budget.as_millis()),
            Work::Flat => "max".to_string(),
        }
    }
}

impl Default for Speed {
    fn default() -> Speed {
        Speed::DEFAULT
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_clamp_and_describe() {
        assert_eq!(Speed::new(0).level(), 1);
        assert_eq!(Speed::new(200).level(), Speed::MAX);
        assert_eq!(Speed::new(1).slower().level(), 1);
        assert_eq!(Speed::new(Speed::MAX).faster().level(), Speed::MAX);
        let describe = |speed: Speed| speed.describe("node", "nodes");
        assert_eq!(describe(Speed::new(1)), "1 node/8 frames");
        assert_eq!(describe(Speed::new(2)), "1 node/frame");
        assert_eq!(describe(Speed::DEFAULT), "4 nodes/frame");
        assert_eq!(describe(Speed::new(4)), "250 µs/frame");
        assert_eq!(describe(Speed::new(5)), "1 ms/frame");
        assert_eq!(describe(Speed::new(Speed::MAX)), "max");
    }
}
