//! `sudoscope daily`: the day's puzzle at a level, printed for scripts or played.

use sudoscope::daily::{self, Daily};

use super::io::Failure;
use crate::cli::DailyArgs;

pub fn run(args: &DailyArgs) -> Result<u8, Failure> {
    let date = match &args.date {
        Some(text) => daily::parse_date(text).map_err(|e| Failure::usage(format!("--date {e}")))?,
        None => daily::today(),
    };
    let today: Daily =
        daily::daily(date, args.level.into()).map_err(|e| Failure::runtime(e.to_string()))?;
    if args.print {
        println!("{}", today.line);
        return Ok(0);
    }
    super::play::run_daily(&today, args.no_color, args.ascii)
}
