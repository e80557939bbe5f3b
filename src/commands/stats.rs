//! `sudoscope stats`: the local player's history from the store in the data directory, as
//! text or as one JSON object (the same report the stats screen draws).

use sudoscope::store::stats;
use sudoscope::tui::local_store::LocalStore;
use sudoscope::tui::run::data_dir;

use super::io::Failure;
use crate::cli::{OutputFormat, StatsArgs};

pub fn run(args: &StatsArgs) -> Result<u8, Failure> {
    let store = LocalStore::open(data_dir().as_deref());
    for notice in &store.notices {
        eprintln!("sudoscope: {notice}");
    }
    let report = store
        .stats()
        .map_err(|e| Failure::runtime(e.to_string()))?
        .unwrap_or_else(|| stats::report(&[], sudoscope::store::now_ms(), None));
    match args.format {
        OutputFormat::Text => print!("{}", stats::text(&report)),
        OutputFormat::Json => {
            let json =
                serde_json::to_string(&report).map_err(|e| Failure::runtime(e.to_string()))?;
            println!("{json}");
        }
    }
    Ok(0)
}
