//! Drawing a race room: the lobby and countdown, the results, and the side list of racers
//! beside the board. Nothing here changes anything.
//!
//! Racers see each other's counts only (cells filled, mistakes their checks found, finish
//! time), never their digits. Every name is a player's text, so it goes through
//! [`names::for_terminal`] before it reaches a terminal; codes are drawn only once parsed.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};

use crate::names;
use crate::race::{MAX_RACERS, Phase, Room};

/// What a session's race screen shows.
pub struct RaceScreen<'a> {
    pub room: &'a Room,
    /// The viewer's own seat, when racing.
    pub seat: Option<usize>,
    /// The seat a spectator watches.
    pub watched: Option<usize>,
    /// The viewer owns the room (and starts the race).
    pub owner: bool,
    pub now_ms: u64,
    pub notice: Option<&'a str>,
    pub ascii: bool,
}

impl RaceScreen<'_> {
    fn name(&self, seat: usize) -> String {
        let label = names::for_terminal(&self.room.label(seat), self.ascii);
        clip(&label, 14)
    }
}

/// `m:ss`, or `h:mm:ss` from an hour.
pub fn clock(ms: u64) -> String {
    let s = ms / 1000;
    if s >= 3600 {
        format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
    } else {
        format!("{}:{:02}", s / 60, s % 60)
    }
}

fn clip(text: &str, width: usize) -> String {
    text.chars().take(width).collect()
}

fn bold() -> Style {
    Style::default().add_modifier(Modifier::BOLD)
}

fn dim() -> Style {
    Style::default().add_modifier(Modifier::DIM)
}

/// One line in the middle of the screen.
pub fn message(frame: &mut Frame, area: Rect, text: &str) {
    frame.render_widget(Clear, area);
    let y = area.y + area.height / 2;
    let paragraph = Paragraph::new(text.to_string())
        .alignment(ratatui::layout::Alignment::Center)
        .wrap(Wrap { trim: true });
    frame.render_widget(
        paragraph,
        Rect::new(area.x, y, area.width, area.height - (y - area.y)),
    );
}

/// The lobby, the countdown or the results, in a box in the middle of the screen.
pub fn room(frame: &mut Frame, area: Rect, screen: &RaceScreen) {
    frame.render_widget(Clear, area);
    let room = screen.room;
    let code = room.code.as_str();
    let mut lines = vec![
        Line::from(vec![
            Span::raw("Race room  "),
            Span::styled(code.to_string(), bold().add_modifier(Modifier::REVERSED)),
            Span::styled(format!("  {}", room.settings.describe()), dim()),
        ]),
        Line::from(""),
    ];
    match room.phase {
        Phase::Lobby | Phase::Countdown { .. } => {
            lines.push(Line::from(vec![
                Span::styled("race:  ", dim()),
                Span::raw(format!("ssh -t <this host> join {code}")),
            ]));
            lines.push(Line::from(vec![
                Span::styled("watch: ", dim()),
                Span::raw(format!("ssh -t <this host> watch {code}")),
            ]));
            lines.push(Line::from(""));
            lines.push(Line::styled(
                format!("Racers {}/{MAX_RACERS}", room.racers.len()),
                bold(),
            ));
            for seat in 0..room.racers.len() {
                let mut spans = vec![Span::raw(format!(" {}  {}", seat + 1, screen.name(seat)))];
                if room.racers[seat].key == room.owner {
                    spans.push(Span::styled("  (owner)", dim()));
                }
                if screen.seat == Some(seat) {
                    spans.push(Span::styled("  (you)", bold()));
                }
                lines.push(Line::from(spans));
            }
            lines.push(Line::styled(
                format!("Spectators: {}", room.spectators),
                dim(),
            ));
            lines.push(Line::from(""));
            if let Phase::Countdown { go_ms } = room.phase {
                let left = go_ms.saturating_sub(screen.now_ms).div_ceil(1000).max(1);
                lines.push(Line::styled(format!("The race starts in {left}…"), bold()));
            } else if screen.owner {
                lines.push(Line::from(vec![
                    Span::styled("Enter", bold()),
                    Span::raw(" starts the race · "),
                    Span::styled("q", bold()),
                    Span::raw(" leaves"),
                ]));
            } else {
                lines.push(Line::from(vec![
                    Span::raw("Waiting for the owner to start · "),
                    Span::styled("q", bold()),
                    Span::raw(" leaves"),
                ]));
            }
        }
        Phase::Racing { .. } | Phase::Done { .. } => {
            let over = matches!(room.phase, Phase::Done { .. });
            lines.push(Line::styled(
                if over {
                    "Results".to_string()
                } else {
                    format!("Racing · {}", clock(room.race_time(screen.now_ms)))
                },
                bold(),
            ));
            for standing in room.standings() {
                let racer = &room.racers[standing.seat];
                let place = standing
                    .place
                    .map_or(" -".to_string(), |p| format!("{p:>2}"));
                let result = match standing.time_ms {
                    Some(ms) => clock(ms),
                    None => format!("did not finish ({}/{})", racer.filled, room.to_fill),
                };
                let mut spans = vec![Span::raw(format!(
                    "{place}. {:<14}  {result}",
                    screen.name(standing.seat)
                ))];
                if racer.mistakes > 0 {
                    spans.push(Span::styled(
                        format!("  {} found by check", racer.mistakes),
                        dim(),
                    ));
                }
                if screen.seat == Some(standing.seat) {
                    spans.push(Span::styled("  (you)", bold()));
                }
                lines.push(Line::from(spans));
            }
            lines.push(Line::from(""));
            lines.push(Line::from(vec![
                Span::styled("q", bold()),
                Span::raw(" or "),
                Span::styled("Enter", bold()),
                Span::raw(" leaves the room"),
            ]));
        }
    }
    if let Some(notice) = screen.notice {
        lines.push(Line::from(""));
        lines.push(Line::raw(notice.to_string()));
    }
    let width = area.width.min(64);
    let paragraph = Paragraph::new(lines).wrap(Wrap { trim: false }).block(
        Block::default()
            .borders(Borders::ALL)
            .title(" sudoscope race "),
    );
    // As tall as the text once wrapped (a notice can take two lines).
    let height = (paragraph.line_count(width) as u16).min(area.height);
    let boxed = Rect::new(
        area.x + (area.width - width) / 2,
        area.y + (area.height - height) / 2,
        width,
        height,
    );
    frame.render_widget(paragraph, boxed);
}

/// The side list beside the board: the race clock and every racer's progress. With no room
/// beside the board (`compact`), one line at the top of the area says the viewer's place.
pub fn standings(frame: &mut Frame, area: Rect, screen: &RaceScreen, compact: bool) {
    if compact || area.width < 8 || area.height < 3 {
        return;
    }
    frame.render_widget(Clear, area);
    let room = screen.room;
    let width = area.width.saturating_sub(2) as usize;
    let mut lines = vec![
        Line::from(vec![
            Span::styled(room.code.as_str().to_string(), bold()),
            Span::raw(format!("  {}", clock(room.race_time(screen.now_ms)))),
        ]),
        Line::styled(clip(&room.settings.describe(), width), dim()),
        Line::from(""),
    ];
    let pointer = if screen.ascii { ">" } else { "▶" };
    for standing in room.standings() {
        let seat = standing.seat;
        let racer = &room.racers[seat];
        let marked = screen.seat == Some(seat) || screen.watched == Some(seat);
        let mut first = vec![
            Span::raw(if marked { pointer } else { " " }),
            Span::raw(" "),
            Span::styled(
                screen.name(seat),
                if marked { bold() } else { Style::default() },
            ),
        ];
        if (racer.connection.is_none() || racer.dropped_ms.is_some()) && racer.finished_ms.is_none()
        {
            first.push(Span::styled(" (away)", dim()));
        }
        lines.push(Line::from(first));
        let state = match (standing.place, standing.time_ms) {
            (Some(place), Some(ms)) => format!("  #{place} in {}", clock(ms)),
            _ => format!("  {}/{} filled", racer.filled, room.to_fill),
        };
        if racer.mistakes == 0 {
            lines.push(Line::raw(state));
        } else {
            // The mistakes beside the count when they fit, else below it.
            let wrong = format!(" · {} wrong", racer.mistakes);
            if state.chars().count() + wrong.chars().count() <= width {
                lines.push(Line::from(vec![
                    Span::raw(state),
                    Span::styled(wrong, dim()),
                ]));
            } else {
                lines.push(Line::raw(state));
                lines.push(Line::styled(format!("  {} wrong", racer.mistakes), dim()));
            }
        }
    }
    lines.push(Line::from(""));
    if screen.watched.is_some() {
        lines.push(Line::styled("Tab: next racer", dim()));
    }
    if room.spectators > 0 {
        lines.push(Line::styled(format!("{} watching", room.spectators), dim()));
    }
    let paragraph = Paragraph::new(lines)
        .wrap(Wrap { trim: false })
        .block(Block::default().borders(Borders::LEFT));
    frame.render_widget(paragraph, area);
}

/// A line for the player over the board's status line (the bottom row of `area`).
pub fn notice(frame: &mut Frame, area: Rect, text: &str) {
    if area.height == 0 {
        return;
    }
    let row = Rect::new(area.x, area.y + area.height - 1, area.width, 1);
    frame.render_widget(Clear, row);
    frame.render_widget(
        Paragraph::new(Line::styled(format!(" {text}"), bold())),
        row,
    );
}
