//! Calendar days from Unix time (UTC), without a date library: what the continue list, the
//! history and the weekly counts show.

/// Milliseconds in a day.
const DAY_MS: i64 = 86_400_000;

/// The UTC calendar date `(year, month, day)` of a time in milliseconds since the epoch
/// (Howard Hinnant's `civil_from_days`).
pub fn civil_date(ms: i64) -> (i64, u32, u32) {
    let days = ms.div_euclid(DAY_MS);
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

/// The start (Monday 00:00 UTC, in ms since the epoch) of the week holding `ms`.
pub fn week_start(ms: i64) -> i64 {
    let days = ms.div_euclid(DAY_MS);
    // 1970-01-01 was a Thursday: three days after a Monday.
    let monday = days - (days + 3).rem_euclid(7);
    monday * DAY_MS
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_dates() {
        assert_eq!(civil_date(0), (1970, 1, 1));
        // 2000-02-29 12:00 UTC
        assert_eq!(civil_date(951_825_600_000), (2000, 2, 29));
        // 2026-11-28 00:00 UTC
        assert_eq!(civil_date(1_795_824_000_000), (2026, 11, 28));
        assert_eq!(civil_date(-1), (1969, 12, 31));
    }

    #[test]
    fn weeks_start_on_monday() {
        // 1970-01-05 was a Monday.
        assert_eq!(week_start(0), -3 * DAY_MS);
        assert_eq!(week_start(4 * DAY_MS + 5), 4 * DAY_MS);
        assert_eq!(week_start(10 * DAY_MS + 5), 4 * DAY_MS);
        assert_eq!(week_start(11 * DAY_MS), 11 * DAY_MS);
    }
}
