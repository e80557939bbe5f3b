//! The screens of a player's history and standing: stats (records, games per week, streak,
//! a chart of the last times of the current kind), the leaderboards, and the name prompt.
//!
//! Every name that came from a player goes through [`names::for_terminal`] before it is
//! drawn: the store refuses control characters, but a row written another way must still not
//! reach anyone's terminal as an escape sequence.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

use super::overlays::{TextPrompt, centered, popup, text_prompt};
use crate::names;
use crate::store::BoardsView;
use crate::store::stats::{StatsReport, clock};
use crate::tui::app::App;
use crate::tui::panel::ascii_chart::ASCII_BARS;

/// How many kinds the stats screen lists (the most played).
const KINDS_SHOWN: usize = 5;
/// The chart's height in rows.
const CHART_ROWS: usize = 4;
/// The leaderboards' width with three columns side by side (a margin, 40 + 34 + 34, borders).
const WIDE: u16 = 111;
/// The widest a name is drawn.
const NAME_WIDTH: usize = 20;

/// The stats screen; "…" until the store answered.
pub fn stats(app: &App, frame: &mut Frame, area: Rect, report: Option<&StatsReport>) {
    let lines = match report {
        Some(report) => stats_lines(app, report),
        None => vec![Line::from(" reading your games…")],
    };
    let rect = centered(area, 64, lines.len() as u16 + 2);
    popup(app, frame, rect, " Your games ".into(), lines, 0);
}

/// The stats screen's text (also what tests compare with `sudoscope stats`).
pub fn stats_lines(app: &App, report: &StatsReport) -> Vec<Line<'static>> {
    let theme = &app.theme;
    let mut lines = vec![Line::from(vec![
        Span::styled(
            match report.games {
                1 => " 1 game".to_string(),
                n => format!(" {n} games"),
            },
            theme.accent,
        ),
        Span::raw(format!(
            " · daily streak {} (longest {})",
            report.streak.current, report.streak.longest
        )),
    ])];
    lines.push(Line::from(""));
    if report.records.is_empty() {
        lines.push(Line::from(" no finished games yet"));
    } else {
        lines.push(Line::from(Span::styled(
            format!(
                " {:<32} {:>5} {:>7} {:>7}",
                "kind", "games", "best", "median"
            ),
            theme.dim,
        )));
        for r in report.records.iter().take(KINDS_SHOWN) {
            let time = |t: Option<u64>| t.map_or_else(|| "-".to_string(), clock);
            lines.push(Line::from(format!(
                " {:<32} {:>5} {:>7} {:>7}",
                r.kind,
                r.games,
                time(r.best_ms),
                time(r.median_ms)
            )));
        }
    }
    lines.push(Line::from(""));
    let weeks: Vec<String> = report.weeks.iter().map(|w| w.games.to_string()).collect();
    lines.push(Line::from(vec![
        Span::styled(" games per week ", theme.dim),
        Span::raw(weeks.join(" ")),
        Span::styled(" (this week last)", theme.dim),
    ]));
    if let Some(recent) = &report.recent {
        lines.push(Line::from(""));
        let best = recent.times_ms.iter().min().copied();
        let worst = recent.times_ms.iter().max().copied();
        let title = match (best, worst) {
            (Some(best), Some(worst)) => format!(
                " latest {} of {}: best {}, slowest {}",
                recent.times_ms.len(),
                recent.kind,
                clock(best),
                clock(worst)
            ),
            _ => format!(" no times yet of {}", recent.kind),
        };
        lines.push(Line::from(Span::styled(title, theme.dim)));
        // No chart of nothing: an empty one would be blank rows.
        let rows = if recent.times_ms.is_empty() {
            0
        } else {
            CHART_ROWS
        };
        for row in bars(&recent.times_ms, rows, theme.glyphs.ascii) {
            lines.push(Line::from(Span::styled(format!(" {row}"), theme.accent)));
        }
    }
    lines.push(Line::from(""));
    lines.push(Line::from(vec![
        Span::styled(" w", theme.key),
        Span::raw(" leaderboards   "),
        Span::styled("any key", theme.key),
        Span::raw(" closes"),
    ]));
    lines
}

/// A bar chart of `values` (one column each, oldest first), `rows` high, the longest time
/// the tallest bar.
pub fn bars(values: &[u64], rows: usize, ascii: bool) -> Vec<String> {
    let max = values.iter().copied().max().unwrap_or(0).max(1);
    let set = if ascii {
        ASCII_BARS
    } else {
        ratatui::symbols::bar::NINE_LEVELS
    };
    let eighths = [
        set.empty,
        set.one_eighth,
        set.one_quarter,
        set.three_eighths,
        set.half,
        set.five_eighths,
        set.three_quarters,
        set.seven_eighths,
        set.full,
    ];
    let heights: Vec<usize> = values
        .iter()
        .map(|&v| ((v as u128 * (rows * 8) as u128).div_ceil(max as u128)) as usize)
        .collect();
    (0..rows)
        .rev()
        .map(|row| {
            heights
                .iter()
                .map(|&h| eighths[h.saturating_sub(row * 8).min(8)])
                .collect()
        })
        .collect()
}

/// A name as it may be drawn: made safe, and cut to [`NAME_WIDTH`] characters.
fn shown(name: &str, ascii: bool) -> String {
    names::for_terminal(name, ascii)
        .chars()
        .take(NAME_WIDTH)
        .collect()
}

fn hints(n: u32) -> String {
    match n {
        1 => "1 hint".to_string(),
        n => format!("{n} hints"),
    }
}

/// The leaderboards; "…" until the store answered.
pub fn boards(app: &App, frame: &mut Frame, area: Rect, view: Option<&BoardsView>) {
    let Some(view) = view else {
        let rect = centered(area, 40, 3);
        popup(
            app,
            frame,
            rect,
            " Leaderboards ".into(),
            vec![Line::from(" reading the leaderboards…")],
            0,
        );
        return;
    };
    let wide = area.width >= WIDE;
    let lines = board_lines(app, view, wide);
    let width = if wide { WIDE } else { 80 };
    let rect = centered(area, width, lines.len() as u16 + 2);
    let title = format!(
        " Leaderboards · Daily {} · {} ",
        view.boards.day, view.boards.level
    );
    popup(app, frame, rect, title, lines, 0);
}

/// The leaderboards' text: what the player's finish counts for, then today's daily, this
/// week and the longest streaks (in three columns when `wide`, else the daily beside the
/// other two).
pub fn board_lines(app: &App, view: &BoardsView, wide: bool) -> Vec<Line<'static>> {
    let theme = &app.theme;
    let ascii = theme.glyphs.ascii;
    let mut lines = Vec::new();
    // The player's place on the board shown: a ranked finish of another level is not here.
    let ranked_here = view
        .boards
        .daily
        .iter()
        .chain(view.boards.my_daily.iter())
        .find(|r| r.me)
        .map(|r| r.rank);
    let standing = match (view.seat, view.last_finish) {
        (Some(why), _) => Some((why.to_string(), theme.error)),
        (None, Some(Ok(()))) if view.name.is_none() => Some((
            "your finish is ranked: pick a name (n) to be listed".to_string(),
            theme.success,
        )),
        (None, Some(Ok(()))) if ranked_here.is_some() => Some((
            format!("your finish is ranked #{}", ranked_here.unwrap_or_default()),
            theme.success,
        )),
        (None, Some(Err(why))) => Some((why.to_string(), theme.error)),
        // No finish, or a ranked one of another level's board: only who the player is.
        (None, _) => view.name.as_ref().map(|name| {
            (
                format!("you are {} (n changes it)", shown(name, ascii)),
                theme.dim,
            )
        }),
    };
    if let Some((text, style)) = standing {
        for row in crate::tui::wrap::wrap_words(&text, 76) {
            lines.push(Line::from(Span::styled(format!(" {row}"), style)));
        }
        lines.push(Line::from(""));
    }
    let mut daily = vec![format!("{:<38}", "Today's daily")];
    if view.boards.daily.is_empty() {
        daily.push("  no ranked finish yet".to_string());
    }
    for row in view.boards.daily.iter().chain(view.boards.my_daily.iter()) {
        daily.push(format!(
            "{}{:>3} {:<20} {:>7} {:<8}",
            if row.me { ">" } else { " " },
            row.rank,
            shown(&row.name, ascii),
            clock(row.time_ms),
            hints(row.hint_steps)
        ));
    }
    let mut week = vec![format!("{:<32}", "This week (dailies, time)")];
    for row in &view.boards.week {
        week.push(format!(
            "{}{:>2} {:<20} {:>2} {:>6}",
            if row.me { ">" } else { " " },
            row.rank,
            shown(&row.name, ascii),
            row.dailies,
            clock(row.time_ms)
        ));
    }
    let mut streaks = vec![format!("{:<32}", "Longest streaks (now)")];
    for row in &view.boards.streaks {
        streaks.push(format!(
            "{}{:>2} {:<20} {:>3} ({})",
            if row.me { ">" } else { " " },
            row.rank,
            shown(&row.name, ascii),
            row.longest,
            row.current
        ));
    }
    let columns: Vec<Vec<String>> = if wide {
        vec![daily, week, streaks]
    } else {
        let half = |mut rows: Vec<String>| {
            rows.truncate(6);
            rows
        };
        let mut right = half(week);
        right.push(String::new());
        right.extend(half(streaks));
        vec![daily, right]
    };
    let height = columns.iter().map(Vec::len).max().unwrap_or(0);
    for i in 0..height {
        let mut spans = vec![Span::raw(" ")];
        for (c, column) in columns.iter().enumerate() {
            let width = if c == 0 { 40 } else { 34 };
            let cell = column.get(i).cloned().unwrap_or_default();
            // The last column is not padded: trailing blanks would wrap onto a line of their own.
            let padded = if c + 1 == columns.len() {
                cell.clone()
            } else {
                format!("{cell:<width$}")
            };
            let style = if i == 0 {
                theme.accent
            } else if cell.starts_with('>') {
                theme.success
            } else {
                ratatui::style::Style::new()
            };
            spans.push(Span::styled(padded, style));
        }
        lines.push(Line::from(spans));
    }
    lines.push(Line::from(""));
    let mut keys = vec![Span::styled(" ← →", theme.key), Span::raw(" level   ")];
    if view.seat.is_none() {
        keys.push(Span::styled("n", theme.key));
        keys.push(Span::raw(" name   "));
    }
    keys.extend([
        Span::styled("t", theme.key),
        Span::raw(" stats   "),
        Span::styled("any key", theme.key),
        Span::raw(" closes"),
    ]);
    lines.push(Line::from(keys));
    lines
}

/// The name prompt.
pub fn name_prompt(
    app: &App,
    frame: &mut Frame,
    area: Rect,
    text: &str,
    error: Option<&str>,
    first: bool,
) {
    let ask = if first {
        "Your finish is ranked! Pick the name other players see:"
    } else {
        "The name other players see on the leaderboards:"
    };
    text_prompt(
        app,
        frame,
        area,
        TextPrompt {
            title: " Your name ",
            ask,
            text,
            hint: Some("3–20 letters, digits, - _ . (unique, whatever the case)"),
            error,
            enter: "take it",
            esc: "not now",
        },
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bars_grow_with_the_time_and_the_longest_fills_the_chart() {
        let rows = bars(&[1, 2, 4], 2, true);
        assert_eq!(rows.len(), 2);
        assert_eq!(rows[0].chars().nth(2), Some('#'));
        assert_eq!(rows[1].chars().nth(2), Some('#'));
        assert_eq!(rows[0].chars().next(), Some(' '), "a short time is low");
        assert!(bars(&[], 3, false).iter().all(String::is_empty));
    }
}
