//! Which finishes are ranked on the leaderboards, and why the others are not (in words the
//! player is shown).
//!
//! A leaderboard is only fair when the server saw the whole game: over SSH it does (every
//! key goes through it), so a player known by an SSH key is ranked. Locally the game runs on
//! the player's own machine and there is no one to be ranked against; anonymous SSH players
//! cannot be told apart from one session to the next. Of the finishes that could be ranked,
//! only daily puzzles finished on their own day (UTC), without a revealed cell or a copied or
//! revealed solution, and only the player's first finish of that daily, are ranked; hints
//! are allowed and shown beside the time.

use std::fmt;

use super::Finished;
use super::streak::{day_of_date, day_of_ms};

/// Who plays, as the runner knows them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Seat {
    /// The local terminal: the player's own machine.
    #[default]
    Local,
    /// An SSH session without a key.
    Anonymous,
    /// An SSH session with a public key: the server saw every move.
    Keyed,
}

/// Why a finish is not ranked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unranked {
    Local,
    Anonymous,
    NotDaily,
    PastDay,
    Helped,
    Repeat,
}

impl fmt::Display for Unranked {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Unranked::Local => {
                "leaderboards are kept by `sudoscope serve`; a local game counts for your stats and streak"
            }
            Unranked::Anonymous => {
                "not ranked: you connected without an SSH key, so your finishes cannot be told apart from anyone else's (ssh-keygen makes a key)"
            }
            Unranked::NotDaily => "not ranked: only daily puzzles are ranked (d plays today's)",
            Unranked::PastDay => {
                "not ranked: a past day's daily counts neither for the leaderboard nor for streaks"
            }
            Unranked::Helped => "not ranked: cells were revealed or a solution was filled in",
            Unranked::Repeat => "not ranked: only your first finish of a daily is ranked",
        })
    }
}

/// Whether a finish is ranked: `Ok` when it is, else why not. `earlier` says whether the
/// player had finished this daily at this level before.
pub fn judge(seat: Seat, finished: &Finished, at_ms: i64, earlier: bool) -> Result<(), Unranked> {
    match seat {
        Seat::Local => return Err(Unranked::Local),
        Seat::Anonymous => return Err(Unranked::Anonymous),
        Seat::Keyed => {}
    }
    let Some(day) = finished.kind.daily.as_deref().and_then(day_of_date) else {
        return Err(Unranked::NotDaily);
    };
    if day != day_of_ms(at_ms) {
        return Err(Unranked::PastDay);
    }
    if !finished.counts() || finished.revealed_cells > 0 {
        return Err(Unranked::Helped);
    }
    if earlier {
        return Err(Unranked::Repeat);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::Kind;

    fn finish(daily: Option<&str>) -> Finished {
        Finished {
            kind: Kind {
                size: 9,
                variant: "standard".into(),
                level: Some("easy".into()),
                daily: daily.map(str::to_string),
            },
            time_ms: 1000,
            hint_steps: 3,
            revealed_cells: 0,
            solution_copied: false,
            solution_revealed: false,
        }
    }

    #[test]
    fn only_a_keyed_first_unaided_finish_on_its_day_is_ranked() {
        let day_ms = day_of_date("2026-11-28").unwrap_or_default() * 86_400_000;
        let today = finish(Some("2026-11-28"));
        assert_eq!(judge(Seat::Keyed, &today, day_ms + 5, false), Ok(()));
        assert_eq!(
            judge(Seat::Anonymous, &today, day_ms, false),
            Err(Unranked::Anonymous)
        );
        assert_eq!(
            judge(Seat::Local, &today, day_ms, false),
            Err(Unranked::Local)
        );
        assert_eq!(
            judge(Seat::Keyed, &today, day_ms + 86_400_000, false),
            Err(Unranked::PastDay)
        );
        assert_eq!(
            judge(Seat::Keyed, &today, day_ms, true),
            Err(Unranked::Repeat)
        );
        let revealed = Finished {
            revealed_cells: 1,
            ..today.clone()
        };
        assert_eq!(
            judge(Seat::Keyed, &revealed, day_ms, false),
            Err(Unranked::Helped)
        );
        assert_eq!(
            judge(Seat::Keyed, &finish(None), day_ms, false),
            Err(Unranked::NotDaily)
        );
    }
}
