//! The daily puzzles: one 9×9 puzzle per UTC day and level, the same on every machine and on
//! every release.
//!
//! A puzzle made by the generator on the day would change whenever the generator changes, so
//! the dailies come from a bundled bank instead: `puzzles/daily/9x9-LEVEL.txt`, one puzzle per
//! line, made once by `sudoscope generate` and never edited. Day `d` (counted from
//! [`FIRST_DAY`]) takes line `d mod CYCLE` of its level's bank and dresses it in a disguise drawn
//! from a seeded stream of the engine's pinned ChaCha8 generator: the digits relabelled, the
//! bands and rows, the stacks and columns permuted in the ways that keep the bank's half-turn
//! symmetry, and the grid transposed or not. Every disguise keeps the puzzle's solution count,
//! its symmetry and its logical difficulty, and the 1,152 × 9! of them make a repeat of a bank
//! line, a [`CYCLE`] of days later, a different-looking puzzle.
//!
//! Both the cycle and the procedure are pinned by tests that hold the puzzles of a few dates.
//! New puzzles may be appended to a bank, but changing [`CYCLE`] or a line would change the
//! past and future dailies of every player, so neither is ever done.

use sudoscope_core::generate::Level;
use sudoscope_core::grid::{Puzzle, ReadOptions, parse_puzzle};
use sudoscope_core::rng::{GenRng, RandomSource};
use thiserror::Error;
use time::{Date, Month};

/// The first day of the dailies; every day is numbered from it (earlier days count
/// backwards and still have puzzles).
pub const FIRST_DAY: Date = match Date::from_calendar_date(2026, Month::November, 27) {
    Ok(date) => date,
    Err(_) => panic!("a valid calendar date"),
};

/// How many days pass before a bank line comes back (in a new disguise). Pinned: see the
/// module's documentation.
pub const CYCLE: usize = 366;

/// The levels a daily comes in, in the order the new-game dialog offers them.
pub const LEVELS: [Level; 4] = [Level::Easy, Level::Medium, Level::Hard, Level::Evil];

/// The seed of the disguises' stream; the stream number is the day and level.
const DISGUISE_SEED: u64 = 0x05D0_C0DA_11E5_u64;

/// One day's puzzle at one level.
#[derive(Clone, Debug, PartialEq)]
pub struct Daily {
    /// The UTC day the puzzle belongs to.
    pub date: Date,
    pub level: Level,
    /// The puzzle in the one-line form, 81 characters, `.` for an empty cell.
    pub line: String,
    /// Its Sudoku Explainer rating (ER), as the bank records it: a disguise does not change
    /// it, so it is not worked out again.
    pub se: Option<f32>,
}

impl Daily {
    /// The puzzle, parsed.
    pub fn puzzle(&self) -> Result<Puzzle, DailyError> {
        parse_puzzle(&self.line, ReadOptions::default()).map_err(|source| DailyError::Bank {
            level: self.level,
            source: Box::new(source),
        })
    }

    /// The title the game shows, e.g. `Daily 2026-11-28 · hard · SE 5.4`.
    pub fn title(&self) -> String {
        match self.se {
            Some(se) => format!("Daily {} · {} · SE {se:.1}", self.date, self.level.id()),
            None => format!("Daily {} · {}", self.date, self.level.id()),
        }
    }
}

/// Why a daily could not be had. Every case is a defect of the bundled bank, caught by the
/// tests, but it is reported rather than trusted.
#[derive(Debug, Error)]
pub enum DailyError {
    #[error("the daily bank of level {level} has {lines} puzzles, fewer than its cycle of {CYCLE}")]
    ShortBank { level: Level, lines: usize },
    #[error("the daily bank of level {level} holds a bad puzzle")]
    Bank {
        level: Level,
        #[source]
        source: Box<sudoscope_core::grid::ParseError>,
    },
    #[error("{level} has no daily puzzles (the dailies are easy, medium, hard and evil)")]
    NoSuchLevel { level: Level },
}

/// One line of a bank: the puzzle and, after it, `SE 7.2`.
#[derive(Clone, Copy, Debug)]
struct BankLine {
    puzzle: &'static str,
    se: Option<f32>,
}

/// The bundled bank of a level: its puzzle lines, comments and blank lines skipped.
fn bank(level: Level) -> Result<Vec<BankLine>, DailyError> {
    let text = match level {
        Level::Easy => include_str!("../puzzles/daily/9x9-easy.txt"),
        Level::Medium => include_str!("../puzzles/daily/9x9-medium.txt"),
        Level::Hard => include_str!("../puzzles/daily/9x9-hard.txt"),
        Level::Evil => include_str!("../puzzles/daily/9x9-evil.txt"),
        #[allow(unreachable_patterns)]
        _ => return Err(DailyError::NoSuchLevel { level }),
    };
    let lines: Vec<BankLine> = text
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .map(|line| {
            let mut words = line.split_whitespace();
            let puzzle = words.next().unwrap_or(line);
            let se = match (words.next(), words.next()) {
                (Some("SE"), Some(er)) => er.parse().ok(),
                _ => None,
            };
            BankLine { puzzle, se }
        })
        .collect();
    if lines.len() < CYCLE {
        return Err(DailyError::ShortBank {
            level,
            lines: lines.len(),
        });
    }
    Ok(lines)
}

/// The number of `date` counted from [`FIRST_DAY`] (negative before it).
pub fn day_number(date: Date) -> i64 {
    i64::from(date.to_julian_day()) - i64::from(FIRST_DAY.to_julian_day())
}

/// The daily puzzle of `date` at `level`.
pub fn daily(date: Date, level: Level) -> Result<Daily, DailyError> {
    let lines = bank(level)?;
    let day = day_number(date);
    let index = day.rem_euclid(CYCLE as i64) as usize;
    let level_number = LEVELS.iter().position(|&l| l == level).unwrap_or(0) as u64;
    // One stream per day and level; days before the first are mapped past the positive ones.
    let stream = (day as u64).wrapping_mul(8).wrapping_add(level_number);
    let mut rng = GenRng::new(DISGUISE_SEED, stream);
    let BankLine { puzzle, se } = lines[index];
    let line = disguise(puzzle, &mut rng);
    Ok(Daily {
        date,
        level,
        line,
        se,
    })
}

/// Today's UTC date.
pub fn today() -> Date {
    time::OffsetDateTime::now_utc().date()
}

/// Reads a `YYYY-MM-DD` date, naming what is wrong with one that is not.
pub fn parse_date(text: &str) -> Result<Date, String> {
    let format = time::macros::format_description!("[year]-[month]-[day]");
    Date::parse(text.trim(), format)
        .map_err(|e| format!("{text:?} is not a date of the form YYYY-MM-DD ({e})"))
}

/// `line` (81 cells) relabelled and permuted by draws from `rng`; the order of the draws is
/// part of the pinned procedure.
fn disguise(line: &str, rng: &mut GenRng) -> String {
    let cells: Vec<u8> = line.bytes().collect();
    let mut digits: [u8; 9] = [1, 2, 3, 4, 5, 6, 7, 8, 9];
    rng.shuffle(&mut digits);
    let rows = line_order(rng);
    let cols = line_order(rng);
    let transpose = rng.below(2) == 1;
    let mut out = String::with_capacity(81);
    for r in 0..9 {
        for c in 0..9 {
            let (sr, sc) = if transpose {
                (rows[c], cols[r])
            } else {
                (rows[r], cols[c])
            };
            let cell = cells.get(sr * 9 + sc).copied().unwrap_or(b'.');
            out.push(match cell {
                b'1'..=b'9' => char::from(b'0' + digits[usize::from(cell - b'1')]),
                _ => '.',
            });
        }
    }
    out
}

/// A random order of the nine rows (or columns) that keeps bands (stacks) together and keeps
/// the bank's half-turn symmetry: row `8 - r` goes where the mirror of row `r`'s place is. So
/// the outer bands are kept or swapped, the rows of the first outer band are shuffled and the
/// other outer band's rows follow them mirrored, and the middle band is kept or reversed.
fn line_order(rng: &mut GenRng) -> [usize; 9] {
    let first_band = if rng.below(2) == 1 { 2 } else { 0 };
    let mut within = [0usize, 1, 2];
    rng.shuffle(&mut within);
    let middle_reversed = rng.below(2) == 1;
    let mut order = [0usize; 9];
    for i in 0..3 {
        order[i] = first_band * 3 + within[i];
        order[8 - i] = 8 - order[i];
    }
    for i in 0..3 {
        order[3 + i] = if middle_reversed { 5 - i } else { 3 + i };
    }
    order
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoscope_core::exact::count;
    use sudoscope_core::grid::Variant;

    #[test]
    fn every_bank_fills_its_cycle_with_unique_puzzles() {
        for level in LEVELS {
            let lines = bank(level).expect("bank");
            assert!(lines.len() >= CYCLE, "{level}: {} lines", lines.len());
            for BankLine { puzzle: line, se } in &lines[..CYCLE] {
                assert_eq!(line.len(), 81, "{level}: {line}");
                assert!(se.is_some(), "{level}: {line} has no SE rating");
                let puzzle = parse_puzzle(line, ReadOptions::default()).expect("parses");
                assert_eq!(count(&puzzle, 2).solutions, 1, "{level}: {line}");
            }
        }
    }

    #[test]
    fn a_disguise_keeps_the_puzzle_unique_and_its_clue_count() {
        for day in [-400i64, -1, 0, 1, 365, 366, 10_000] {
            let date = FIRST_DAY + time::Duration::days(day);
            for level in LEVELS {
                let daily = daily(date, level).expect("daily");
                let original =
                    bank(level).expect("bank")[day.rem_euclid(CYCLE as i64) as usize].puzzle;
                let clues = |s: &str| {
                    s.bytes()
                        .filter(|b| b.is_ascii_digit() && *b != b'0')
                        .count()
                };
                assert_eq!(clues(&daily.line), clues(original));
                let puzzle = daily.puzzle().expect("parses");
                assert_eq!(puzzle.givens.size(), 9);
                assert_eq!(count(&puzzle, 2).solutions, 1, "{date} {level}");
            }
        }
    }

    /// The dailies of these days, as every release must give them.
    #[test]
    fn pinned_days_keep_their_puzzles() {
        let pinned = [
            (
                "2026-11-27",
                Level::Easy,
                "19...3.6.8.....5.....5.18.....26..4..6.8.7.9..7..54.....31.5.....1.....6.5.4...83",
            ),
            (
                "2026-11-27",
                Level::Medium,
                ".....1.56..4..7.1.......24.9..23.78...........57.98..1.31.......6.7..8..72.9.....",
            ),
            (
                "2026-11-27",
                Level::Hard,
                "9.......2.7..5.3.......917.58.27....3..891..4....65.23.289.......5.2..1.4.......6",
            ),
            (
                "2026-11-27",
                Level::Evil,
                "9.35......1.....5...7.6...9....91..4.8.3.4.7.1..62....3...1.6...2.....8......54.1",
            ),
            (
                "2026-11-28",
                Level::Hard,
                ".2....36...5..4...6..3....7.61..9..5..72.16..3..6..81.5....2..4...7..9...73....8.",
            ),
            (
                "2027-06-01",
                Level::Evil,
                ".8..73....54....13....4.......4...3.6781.5249.3...8.......1....71....45....85..2.",
            ),
            (
                "2030-01-01",
                Level::Easy,
                "31..62..8972..8.46....1......3.....1.2.....7.4.....3......7....13.5..7695..68..23",
            ),
            (
                "2025-01-01",
                Level::Medium,
                ".71....2...53.7...9..5...7...7..8.6.6.......8.5.2..9...3...2..6...6.57...8....39.",
            ),
        ];
        for (date, level, line) in pinned {
            let date = parse_date(date).expect("date");
            assert_eq!(
                daily(date, level).expect("daily").line,
                line,
                "{date} {level}"
            );
        }
    }

    #[test]
    fn a_disguise_keeps_the_half_turn_symmetry() {
        for day in 0..40 {
            let date = FIRST_DAY + time::Duration::days(day);
            for level in LEVELS {
                let line = daily(date, level).expect("daily").line.into_bytes();
                for cell in 0..81 {
                    assert_eq!(
                        line[cell] == b'.',
                        line[80 - cell] == b'.',
                        "{date} {level}"
                    );
                }
            }
        }
    }

    #[test]
    fn a_day_and_its_cycle_twin_look_different() {
        let a = daily(FIRST_DAY, Level::Hard).expect("daily");
        let b = daily(FIRST_DAY + time::Duration::days(CYCLE as i64), Level::Hard).expect("daily");
        assert_ne!(a.line, b.line);
    }

    #[test]
    fn dates_parse_and_bad_ones_say_why() {
        assert_eq!(
            parse_date("2026-11-28"),
            Ok(FIRST_DAY + time::Duration::days(1))
        );
        let error = parse_date("2026-13-01").expect_err("month 13");
        assert!(error.contains("YYYY-MM-DD"), "{error}");
        assert!(parse_date("tomorrow").is_err());
    }

    #[test]
    fn title_names_the_date_and_level() {
        let daily = daily(FIRST_DAY, Level::Evil).expect("daily");
        assert!(
            daily.title().starts_with("Daily 2026-11-27 · evil · SE "),
            "{}",
            daily.title()
        );
    }

    #[test]
    fn variant_is_standard() {
        let daily = daily(FIRST_DAY, Level::Easy).expect("daily");
        assert_eq!(
            daily.puzzle().expect("parses").givens.variant(),
            Variant::Standard
        );
    }
}
