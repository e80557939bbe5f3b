//! What the store keeps beside a game snapshot, read from it: the app's snapshots and the
//! older saves brought in are summarised the same way.

use sudoscope_core::game::Snapshot;
use sudoscope_core::grid::Variant;

use super::GameSummary;

/// What the continue list shows of a game snapshot.
pub fn summary_of(snapshot: &Snapshot) -> GameSummary {
    let filled = snapshot.entries.iter().filter(|&&d| d != 0).count() as u32;
    let entered = snapshot.entries != snapshot.givens;
    let noted = snapshot.pencilmarks.is_none() && snapshot.notes.iter().any(|&n| n != 0);
    GameSummary {
        size: snapshot.size as u16,
        variant: variant_name(snapshot.variant),
        level: snapshot.level.clone(),
        filled,
        total: snapshot.entries.len() as u32,
        moved: entered || noted,
    }
}

/// The name a variant goes by in kinds and summaries.
pub fn variant_name(variant: Variant) -> String {
    variant.to_string()
}
