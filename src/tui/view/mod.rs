//! Drawing: `render(&App, &mut Frame)` lays out the screen and draws every part. Nothing
//! here changes the app: where things were drawn (for mouse clicks) is returned as [`Hits`],
//! which the runner hands back to the app as a message.

pub mod board;
pub mod continue_list;
pub mod hint;
pub mod history;
pub mod outlines;
pub mod overlays;
pub mod side;

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use std::time::Duration;

use super::app::{App, Hits, Overlay, SOLVER_OFFER, SeInfo, Tone, panel_hidden_text};

/// Spinner frames while a puzzle is generated.
const SPINNER: [&str; 4] = ["|", "/", "-", "\\"];

/// Draws the screen for `app` and says where things landed; the runner passes that back as
/// [`Msg::Drawn`](crate::tui::app::Msg::Drawn).
#[must_use = "the layout goes back to the app as Msg::Drawn"]
pub fn render(app: &App, frame: &mut Frame) -> Hits {
    let area = frame.area();
    render_in(app, frame, area)
}

/// Draws the screen for `app` into `area` of the frame only (a race draws a racer's board
/// beside the standings this way, straight into its own frame).
#[must_use = "the layout goes back to the app as Msg::Drawn"]
pub fn render_in(app: &App, frame: &mut Frame, area: Rect) -> Hits {
    let screen = crate::tui::layout::for_geometry(area, app.game.geometry(), app.panel_open);
    let mut hits = Hits {
        panel_hidden: screen
            .panel_needs
            .map(|needs| (needs, (area.width, area.height))),
        ..Hits::default()
    };
    title_bar(app, frame, screen.title);
    status_bar(app, frame, area, screen.status, hits.panel_hidden);
    match screen.board {
        None => {
            hits.board_hidden = true;
            let needs = screen.needs.unwrap_or((0, 0));
            overlays::too_small(app, frame, screen.body, needs, (area.width, area.height));
        }
        Some(board) => {
            if app.placeholder {
                overlays::first_puzzle(app, frame, board.area());
            } else if app.paused {
                overlays::paused(app, frame, board.area());
            } else {
                let solver_shown = app.panel_open && screen.side.is_some();
                board::draw(app, frame.buffer_mut(), &board, solver_shown);
                hits.board = Some(board);
            }
            if let Some(side) = screen.side {
                if app.panel_open {
                    let hint_h = if app.hint.is_some() {
                        9.min(side.height / 2)
                    } else {
                        0
                    };
                    let panel_area = Rect::new(side.x, side.y, side.width, side.height - hint_h);
                    if let Some(free) = app.panel.render(frame, panel_area, &app.theme.panel) {
                        side::panel_keys(app, frame, free);
                    }
                    if let Some(h) = &app.hint {
                        let r =
                            Rect::new(side.x, side.y + side.height - hint_h, side.width, hint_h);
                        hits.hint_pages = side::draw_hint(app, frame, r, h);
                    }
                } else if !app.paused {
                    side::draw(app, frame, side, &mut hits);
                }
            } else if let Some(h) = &app.hint {
                // No sidebar: the hint card goes over the bottom of the board.
                let b = board.area();
                let hgt = 8.min(screen.body.height);
                let r = Rect::new(b.x, screen.body.y + screen.body.height - hgt, b.width, hgt);
                frame.render_widget(ratatui::widgets::Clear, r);
                hits.hint_pages = side::draw_hint(app, frame, r, h);
            }
        }
    }
    match &app.overlay {
        Overlay::None => {
            if app.banner_shown()
                && let Some(board) = screen.board
            {
                overlays::banner(app, frame, board.area());
            }
        }
        Overlay::Confirm(confirm) => overlays::confirm(app, frame, screen.body, *confirm),
        Overlay::Help { scroll } => {
            hits.overlay_pages = Some(overlays::help(app, frame, screen.body, *scroll));
        }
        Overlay::Path {
            steps,
            solved,
            scroll,
        } => {
            hits.overlay_pages = Some(overlays::path(
                app,
                frame,
                screen.body,
                steps,
                *solved,
                *scroll,
            ));
        }
        Overlay::NewGame(form) => overlays::new_game(app, frame, screen.body, form),
        Overlay::Open { text, error } => {
            overlays::open(app, frame, screen.body, text, error.as_deref())
        }
        Overlay::Stats(report) => history::stats(app, frame, screen.body, report.as_deref()),
        Overlay::Boards(view) => history::boards(app, frame, screen.body, view.as_deref()),
        Overlay::Name { text, error, first } => {
            history::name_prompt(app, frame, screen.body, text, error.as_deref(), *first)
        }
        Overlay::JoinRoom { text, error } => {
            overlays::join_room(app, frame, screen.body, text, error.as_deref())
        }
    }
    hits
}

/// The title line, where the clock is, of a screen of size `area`: all that a second's
/// passing changes while the player is simply playing. `None` in every other state (a
/// dialog, a pause, a finished game, a puzzle being made, a board too big for the window),
/// where the whole screen is drawn instead.
pub fn clock_area(app: &App, area: Rect) -> Option<Rect> {
    if !matches!(app.overlay, Overlay::None)
        || app.paused
        || app.placeholder
        || app.generating.is_some()
        || app.game.completed().is_some()
    {
        return None;
    }
    let screen = crate::tui::layout::for_geometry(area, app.game.geometry(), app.panel_open);
    screen.board.map(|_| screen.title)
}

/// Redraws the title line (the [`clock_area`]) over the last frame.
pub fn render_clock(app: &App, frame: &mut Frame, area: Rect) {
    frame.render_widget(ratatui::widgets::Clear, area);
    title_bar(app, frame, area);
}

/// The keys that enter digits on a board of side `size` (letters from 10 on).
pub fn digit_keys(size: usize) -> &'static str {
    if size > 9 { "1-9 A-P" } else { "1-9" }
}

/// The title line: the game on the left (name, level, SE rating, clock, cells to go,
/// modes), `? help  q quit` on the right. When both do not fit, the left part is made
/// shorter first, a step at a time ([`title_spans`]); the help hint goes only from a
/// terminal too narrow for the shortest title beside it.
fn title_bar(app: &App, frame: &mut Frame, area: Rect) {
    if area.height == 0 {
        return;
    }
    let theme = &app.theme;
    let right = Line::from(vec![
        Span::styled("?", theme.key),
        Span::styled(" help  ", theme.dim),
        Span::styled("q", theme.key),
        Span::styled(" quit ", theme.dim),
    ]);
    let w = right.width() as u16;
    let fitting = (0..=TITLE_SQUEEZES)
        .map(|squeeze| Line::from(title_spans(app, squeeze)))
        .find(|left| left.width() as u16 + 1 + w <= area.width);
    match fitting {
        Some(left) => {
            frame.render_widget(Paragraph::new(left), area);
            frame.render_widget(
                Paragraph::new(right),
                Rect::new(area.x + area.width - w, area.y, w, 1),
            );
        }
        None => {
            let left = Line::from(title_spans(app, TITLE_SQUEEZES));
            frame.render_widget(Paragraph::new(left), area);
        }
    }
}

/// How many steps shorter the title can be made (see [`title_spans`]).
const TITLE_SQUEEZES: u8 = 3;

/// The title's left part, `squeeze` steps shorter than in full: 1 tightens the gaps and
/// says `51 left` for `51 to go`, 2 leaves out the ` sudoscope ` badge, 3 the variant's name
/// when it is the standard one. What tells this game from another (size, variant, level,
/// rating, clock, modes) always stays.
fn title_spans(app: &App, squeeze: u8) -> Vec<Span<'static>> {
    let theme = &app.theme;
    let game = &app.game;
    let gap = if squeeze >= 1 { "  " } else { "   " };
    let mut spans = Vec::new();
    if squeeze < 2 {
        spans.push(Span::styled(
            " sudoscope ",
            theme.title.add_modifier(Modifier::REVERSED),
        ));
    }
    spans.push(Span::raw(" "));
    if let Some(daily) = app.daily() {
        // A daily's title names its day, level and rating: "Daily 2026-11-28 · hard · SE 5.4".
        spans.push(Span::raw(theme.glyphs.text(&daily.title).into_owned()));
    } else {
        spans.push(Span::raw(board_name(app, squeeze < 3)));
    }
    if let Some(level) = game.level.filter(|_| app.daily().is_none()) {
        spans.push(Span::styled(
            theme
                .glyphs
                .text(&format!(" · {}", level.id()))
                .into_owned(),
            theme.dim,
        ));
    }
    if let Some(se) = se_text(app).filter(|_| app.daily().is_none()) {
        spans.push(Span::styled(
            theme.glyphs.text(&format!(" · {se}")).into_owned(),
            theme.dim,
        ));
    }
    let time = match game.completed() {
        Some(t) => clock(t),
        None => clock(game.timer.elapsed()),
    };
    // No clock or count for the empty board shown while the first puzzle is made.
    if !app.placeholder {
        spans.push(Span::raw(gap));
        spans.push(Span::styled(
            theme.glyphs.text(&format!("⏱ {time}")).into_owned(),
            theme.accent,
        ));
        let to_go = if squeeze >= 1 { "left" } else { "to go" };
        spans.push(Span::styled(
            format!("{gap}{} {to_go}", game.empty_count()),
            theme.dim,
        ));
    }
    let badge = |spans: &mut Vec<Span<'static>>, text: &'static str, style: Style| {
        spans.push(Span::raw("  "));
        spans.push(Span::styled(text, style.add_modifier(Modifier::REVERSED)));
    };
    if app.notes_mode {
        badge(&mut spans, " NOTES ", theme.accent);
    }
    if app.paused {
        badge(&mut spans, " PAUSED ", theme.error);
    }
    if game.completed().is_some() {
        badge(&mut spans, " SOLVED ", theme.success);
    }
    spans
}

/// `SE 7.2` once Sudoku Explainer's rating is known, `SE …` while it is worked out.
pub fn se_text(app: &App) -> Option<String> {
    match app.info.se {
        SeInfo::None => None,
        SeInfo::Rating => Some("SE …".to_string()),
        SeInfo::Known(er) => Some(format!("SE {}.{}", er / 10, er % 10)),
    }
}

/// `9×9 standard` (`9x9` in ASCII); `9×9` without the variant's name when it is the
/// standard one and `standard` is false.
fn board_name(app: &App, standard: bool) -> String {
    let n = app.game.size();
    let variant = app.game.geometry().variant();
    let name = if standard || variant != sudoscope_core::grid::Variant::Standard {
        format!("{n}×{n} {variant}")
    } else {
        format!("{n}×{n}")
    };
    app.theme.glyphs.text(&name).into_owned()
}

fn status_bar(
    app: &App,
    frame: &mut Frame,
    screen: Rect,
    area: Rect,
    panel_hidden: Option<((u16, u16), (u16, u16))>,
) {
    // A screen of one line keeps it for the title.
    if area.height == 0 || area.y == screen.y && screen.height < 2 {
        return;
    }
    let theme = &app.theme;
    let line = if let Some((_, label)) = &app.generating {
        let spin = SPINNER[(app.frame / 3 % 4) as usize];
        Line::from(vec![
            Span::styled(format!(" {spin} "), theme.accent),
            Span::raw(theme.glyphs.text(label).into_owned()),
        ])
    } else if let Some((text, tone)) = shown_message(app, panel_hidden) {
        Line::from(Span::styled(
            format!(" {}", theme.glyphs.text(text)),
            tone_style(app, *tone),
        ))
    } else if let Some((needs, now)) = panel_hidden {
        Line::from(Span::styled(
            format!(" {}", theme.glyphs.text(&panel_hidden_text(needs, now))),
            theme.error,
        ))
    } else {
        let k = |key: &'static str| Span::styled(key, theme.key);
        let d = |what: &'static str| Span::styled(what, theme.dim);
        let mut spans = vec![
            Span::raw(" "),
            k(if theme.glyphs.ascii {
                "arrows/hjkl"
            } else {
                "←↓↑→/hjkl"
            }),
            d(" move  "),
            k(digit_keys(app.game.size())),
            d(" enter  "),
            k("n"),
            d(" notes  "),
            k("i"),
            d(" hint  "),
            k("u"),
            d(" undo  "),
        ];
        if app.panel_open {
            spans.extend([k("Space"), d(" run  "), k("[ ]"), d(" solver  ")]);
        } else {
            spans.extend([k("p"), d(" pause  "), k("s"), d(" solvers  ")]);
        }
        Line::from(spans)
    };
    frame.render_widget(Paragraph::new(line).style(Style::new()), area);
    long_message(app, frame, area, panel_hidden);
}

/// The status message to show: any but the offer of a solver's solution while the panel
/// has no room (the line says why the panel is not shown instead, the frame the window
/// shrinks, before the app takes the offer back).
fn shown_message(
    app: &App,
    panel_hidden: Option<((u16, u16), (u16, u16))>,
) -> Option<&(String, Tone)> {
    app.message
        .as_ref()
        .filter(|(text, _)| panel_hidden.is_none() || text != SOLVER_OFFER)
}

fn tone_style(app: &App, tone: Tone) -> Style {
    match tone {
        Tone::Info => app.theme.message,
        Tone::Good => app.theme.success,
        Tone::Bad => app.theme.error,
    }
}

/// A message wider than the status line grows upwards over the screen, word-wrapped, so no
/// message (an error above all) is ever cut off at the edge. While a puzzle is generated the
/// status line shows that, and a message (a damaged save, what an anonymous SSH game keeps)
/// goes just above it.
fn long_message(
    app: &App,
    frame: &mut Frame,
    status: Rect,
    panel_hidden: Option<((u16, u16), (u16, u16))>,
) {
    let Some((text, tone)) = shown_message(app, panel_hidden) else {
        return;
    };
    let lines = crate::tui::wrap::wrap_words(text, usize::from(status.width.saturating_sub(2)));
    let above = app.generating.is_some();
    if lines.len() < 2 && !above {
        return;
    }
    let bottom = if above { status.y } else { status.y + 1 };
    let rows = (lines.len() as u16).min(bottom);
    if rows == 0 {
        return;
    }
    let area = Rect::new(status.x, bottom - rows, status.width, rows);
    let style = tone_style(app, *tone);
    let lines: Vec<Line> = lines
        .into_iter()
        .map(|l| Line::from(format!(" {}", app.theme.glyphs.text(&l))))
        .collect();
    frame.render_widget(ratatui::widgets::Clear, area);
    frame.render_widget(Paragraph::new(lines).style(style), area);
}

/// A duration on the clock: `m:ss`, or `h:mm:ss` from an hour.
pub fn clock(d: Duration) -> String {
    let s = d.as_secs();
    if s >= 3600 {
        format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
    } else {
        format!("{}:{:02}", s / 60, s % 60)
    }
}
