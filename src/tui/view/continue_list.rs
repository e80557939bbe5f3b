//! The open dialog's continue list: the player's other unfinished games, each with its kind,
//! how far it got and when it was last played; the picked one is marked, and Enter resumes
//! it while nothing is typed.

use ratatui::text::{Line, Span};

use crate::store::{Unfinished, civil_date};
use crate::tui::app::App;

/// The list's lines (none when there is nothing to continue), for a dialog `width` columns
/// wide inside, with times said relative to `now_ms`.
pub fn lines(app: &App, now_ms: i64) -> Vec<Line<'static>> {
    let games = app.continue_games();
    if games.is_empty() {
        return Vec::new();
    }
    let theme = &app.theme;
    let mut lines = vec![Line::from(vec![
        Span::styled("Continue a game", theme.title),
        Span::raw(" (↑↓ choose, Enter resumes):"),
    ])];
    for (i, game) in games.iter().enumerate() {
        let picked = i == app.continue_pick();
        let text = format!(
            "{} {:<26} {:>9}  {}",
            if picked { "▸" } else { " " },
            kind(game),
            progress(game),
            when(game.updated_ms, now_ms)
        );
        let style = if picked { theme.entry } else { theme.dim };
        lines.push(Line::from(Span::styled(text, style)));
    }
    lines.push(Line::from(""));
    lines
}

fn kind(game: &Unfinished) -> String {
    let s = &game.summary;
    let level = s.level.as_deref().unwrap_or("any level");
    format!("{n}×{n} {} {level}", s.variant, n = s.size)
}

fn progress(game: &Unfinished) -> String {
    format!("{}/{}", game.summary.filled, game.summary.total)
}

/// `just now`, `12 min ago`, `5 h ago`, else the day (UTC).
pub fn when(then_ms: i64, now_ms: i64) -> String {
    let minutes = (now_ms - then_ms).max(0) / 60_000;
    match minutes {
        0 => "just now".to_string(),
        1..=59 => format!("{minutes} min ago"),
        60..=1439 => format!("{} h ago", minutes / 60),
        _ => {
            let (y, m, d) = civil_date(then_ms);
            format!("{y}-{m:02}-{d:02}")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_are_said_as_players_say_them() {
        let now = 1_795_824_000_000; // 2026-11-28 00:00 UTC
        assert_eq!(when(now - 5_000, now), "just now");
        assert_eq!(when(now - 12 * 60_000, now), "12 min ago");
        assert_eq!(when(now - 5 * 3_600_000, now), "5 h ago");
        assert_eq!(when(now - 3 * 86_400_000, now), "2026-11-25");
    }
}
