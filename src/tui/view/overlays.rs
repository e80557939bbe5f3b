//! Popups over the board: help, solution path, new game, open, pause, and the message shown
//! when the terminal is too small.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};

use super::clock;
use crate::tui::app::{App, Confirm, NewGameForm, SIZE_CHOICES};
use crate::tui::keymap::KEYS;
use crate::tui::wrap::wrap_words;
use sudoscope_core::logic::Step;

/// A centred rectangle of at most `w`×`h` inside `area`.
pub fn centered(area: Rect, w: u16, h: u16) -> Rect {
    let w = w.min(area.width);
    let h = h.min(area.height);
    Rect::new(
        area.x + (area.width - w) / 2,
        area.y + (area.height - h) / 2,
        w,
        h,
    )
}

pub(super) fn popup(
    app: &App,
    frame: &mut Frame,
    area: Rect,
    title: String,
    lines: Vec<Line<'static>>,
    scroll: u16,
) {
    frame.render_widget(Clear, area);
    let g = &app.theme.glyphs;
    let block = Block::default()
        .borders(Borders::ALL)
        .border_set(g.border())
        .border_style(app.theme.title)
        .title(Span::styled(g.text(&title).into_owned(), app.theme.title));
    let lines: Vec<Line> = lines.into_iter().map(|l| g.line(l)).collect();
    frame.render_widget(
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .scroll((scroll, 0))
            .block(block),
        area,
    );
}

/// The help overlay: every section of [`KEYS`], each row wrapped to the popup's width by
/// hand (so the scroll limit counts the rows really drawn and the last row can be reached),
/// and the meaning of the variant's cell markers when the puzzle has extra houses. Returns
/// the rows it shows and how far it scrolls ([`crate::tui::app::Hits::overlay_pages`]).
pub fn help(app: &App, frame: &mut Frame, area: Rect, scroll: u16) -> (u16, u16) {
    let rect = centered(area, 84, area.height);
    let inner_w = rect.width.saturating_sub(2) as usize;
    let lines = help_lines(app, inner_w);
    let total = lines.len() as u16;
    let rect = centered(area, 84, total + 2);
    let inner = rect.height.saturating_sub(2);
    let max = total.saturating_sub(inner);
    let scroll = scroll.min(max);
    let title = if total > inner {
        format!(
            " Keys {}-{} of {total} · Space PgDn PgUp j k · q closes ",
            scroll + 1,
            scroll + inner
        )
    } else {
        " Keys — any key closes ".to_string()
    };
    let title = app.theme.glyphs.text(&title).into_owned();
    frame.render_widget(Clear, rect);
    let block = Block::default()
        .borders(Borders::ALL)
        .border_set(app.theme.glyphs.border())
        .border_style(app.theme.title)
        .title(Span::styled(title, app.theme.title));
    frame.render_widget(Paragraph::new(lines).scroll((scroll, 0)).block(block), rect);
    (inner, max)
}

/// The help's rows for an inner width of `width` columns.
pub fn help_lines(app: &App, width: usize) -> Vec<Line<'static>> {
    let theme = &app.theme;
    let g = &theme.glyphs;
    let keys_w = KEYS
        .iter()
        .map(|k| g.text(k.keys).chars().count())
        .max()
        .unwrap_or(0)
        .min(width / 2);
    let indent = 2 + keys_w + 2;
    let what_w = width.saturating_sub(indent).max(10);
    let mut lines = Vec::new();
    let mut section = "";
    for k in KEYS {
        if k.section != section {
            if !section.is_empty() {
                lines.push(Line::from(""));
            }
            lines.push(Line::from(Span::styled(k.section, theme.accent)));
            section = k.section;
        }
        let keys = g.text(k.keys).into_owned();
        let what = g.text(k.what).into_owned();
        let mut rows = wrap_words(&what, what_w).into_iter();
        let first = rows.next().unwrap_or_default();
        lines.push(Line::from(vec![
            Span::styled(format!("  {keys:<keys_w$}  "), theme.key),
            Span::raw(first),
        ]));
        for row in rows {
            lines.push(Line::from(format!("{}{row}", " ".repeat(indent))));
        }
    }
    if let Some(legend) = super::board::legend(app) {
        lines.push(Line::from(""));
        lines.push(Line::from(Span::styled("Marked cells", theme.accent)));
        for row in wrap_words(&legend, width.saturating_sub(2).max(10)) {
            lines.push(Line::from(format!("  {row}")));
        }
    }
    lines
}

/// The solution path, one numbered line per step. Returns the rows it shows and how far it
/// scrolls, as [`help`] does.
pub fn path(
    app: &App,
    frame: &mut Frame,
    area: Rect,
    steps: &[Step],
    solved: bool,
    scroll: u16,
) -> (u16, u16) {
    let theme = &app.theme;
    let g = &theme.glyphs;
    let geometry = app.game.geometry();
    let mut text: Vec<Line> = steps
        .iter()
        .enumerate()
        .map(|(i, step)| {
            let line = format!("{:>3}. {}", i + 1, super::hint::summary(step, geometry));
            Line::from(g.text(&line).into_owned())
        })
        .collect();
    text.push(Line::from(""));
    text.push(Line::from(Span::styled(
        g.text(if solved {
            "…and the grid is solved."
        } else {
            "…then no technique applies: the rest needs guessing."
        })
        .into_owned(),
        if solved { theme.success } else { theme.error },
    )));
    let rect = centered(area, area.width.saturating_sub(4).max(20), area.height);
    let inner = rect.height.saturating_sub(2);
    let total = text.len() as u16;
    let max = total.saturating_sub(inner);
    let scroll = scroll.min(max);
    let title = if total > inner {
        format!(
            " Solution path: {} steps · {}-{} of {total} · Space PgDn PgUp j k · q closes ",
            steps.len(),
            scroll + 1,
            scroll + inner
        )
    } else {
        format!(" Solution path: {} steps · any key closes ", steps.len())
    };
    frame.render_widget(Clear, rect);
    let block = Block::default()
        .borders(Borders::ALL)
        .border_set(g.border())
        .border_style(theme.title)
        .title(Span::styled(g.text(&title).into_owned(), theme.title));
    frame.render_widget(Paragraph::new(text).scroll((scroll, 0)).block(block), rect);
    (inner, max)
}

pub fn new_game(app: &App, frame: &mut Frame, area: Rect, form: &NewGameForm) {
    let theme = &app.theme;
    let level = match (form.band_choice(), form.level_choice()) {
        // "SE 7–8", "SE 9–9.5", "SE 10+": a band of Sudoku Explainer's rating.
        (Some(band), _) if band.max == u32::MAX => format!("SE {}+", tenths(band.min)),
        (Some(band), _) => format!("SE {}–{}", tenths(band.min), tenths(band.max)),
        (None, level) => level.map_or("any".to_string(), |l| l.id().to_string()),
    };
    let practise = form
        .practise_choice()
        .map_or("none".to_string(), |t| t.title().to_string());
    let values = [
        level,
        {
            let n = SIZE_CHOICES[form.size];
            format!("{n}×{n}")
        },
        form.variant_choice().name().to_string(),
        if form.symmetric { "yes" } else { "no" }.to_string(),
        practise,
    ];
    let names = ["Level", "Size", "Variant", "Symmetric", "Practise"];
    let mut lines = vec![Line::from("")];
    for (i, (name, value)) in names.iter().zip(values).enumerate() {
        let selected = i == form.field;
        let style = if selected { theme.cursor } else { Style::new() };
        lines.push(Line::from(vec![
            Span::raw(if selected { " ▸ " } else { "   " }),
            Span::styled(format!("{name:<10}"), theme.accent),
            Span::styled(format!(" ‹ {value:^12} › "), style),
        ]));
    }
    lines.push(Line::from(""));
    // A drill is made to its technique (nothing rated above it): said before Enter, not
    // found out after.
    if form.practise_choice().is_some()
        && (form.level_choice().is_some() || form.band_choice().is_some())
    {
        lines.push(Line::from(Span::styled(
            " Practise sets the difficulty: Level is not used",
            theme.dim,
        )));
    }
    let daily = crate::tui::app::daily_level(form.level_choice());
    lines.push(Line::from(vec![
        Span::styled(" d", theme.key),
        Span::raw(format!(" Today's puzzle: the daily 9×9 at {}", daily.id())),
    ]));
    if app.rooms {
        lines.push(Line::from(vec![
            Span::styled(" r", theme.key),
            Span::raw(" Race: open a room for this puzzle kind"),
        ]));
        lines.push(Line::from(vec![
            Span::styled(" c", theme.key),
            Span::raw(" Join a race room by its code"),
        ]));
    }
    lines.push(Line::from(vec![
        Span::styled(" ↑↓", theme.key),
        Span::raw(" field  "),
        Span::styled("←→", theme.key),
        Span::raw(" change  "),
        Span::styled("Enter", theme.key),
        Span::raw(" start  "),
        Span::styled("Esc", theme.key),
        Span::raw(" cancel"),
    ]));
    let rect = centered(area, 52, lines.len() as u16 + 2);
    popup(app, frame, rect, " New game ".into(), lines, 0);
}

/// ER tenths as the dialog writes them: `7`, `9.5`.
fn tenths(t: u32) -> String {
    if t.is_multiple_of(10) {
        (t / 10).to_string()
    } else {
        format!("{:.1}", t as f64 / 10.0)
    }
}

pub fn open(app: &App, frame: &mut Frame, area: Rect, text: &str, error: Option<&str>) {
    let theme = &app.theme;
    // While nothing is typed, the unfinished games come first.
    let mut lines = if text.is_empty() {
        super::continue_list::lines(app, crate::store::now_ms())
    } else {
        Vec::new()
    };
    lines.extend([
        Line::from("Paste a puzzle in any format sudoscope reads (one line, a grid,"),
        Line::from(".ss/.sdk, pencilmarks), or type it; Enter opens it."),
        Line::from(""),
    ]);
    // Each line of the text on one row of the dialog (its end, where typing goes): a line
    // wrapped onto more rows would push the keys out of the box.
    let width = 96.min(area.width);
    let room = usize::from(width.saturating_sub(4)).max(1);
    let shown: Vec<&str> = text.lines().collect();
    let start = shown.len().saturating_sub(9);
    for l in &shown[start..] {
        let count = l.chars().count();
        let l: String = if count > room {
            std::iter::once('…')
                .chain(l.chars().skip(count + 1 - room))
                .collect()
        } else {
            l.to_string()
        };
        lines.push(Line::from(Span::styled(l, theme.entry)));
    }
    if text.is_empty() {
        lines.push(Line::from(Span::styled("(nothing yet)", theme.dim)));
    } else if !app.continue_games().is_empty() {
        lines.push(Line::from(Span::styled(
            "(Ctrl-u clears the text: the unfinished games are listed again)",
            theme.dim,
        )));
    }
    lines.push(Line::from(""));
    if let Some(e) = error {
        lines.push(Line::from(Span::styled(e.to_string(), theme.error)));
    }
    lines.push(Line::from(vec![
        Span::styled("Enter", theme.key),
        Span::raw(" open  "),
        Span::styled("Ctrl-u", theme.key),
        Span::raw(" clear  "),
        Span::styled("Esc", theme.key),
        Span::raw(" cancel"),
    ]));
    let rect = centered(area, width, lines.len() as u16 + 2);
    popup(app, frame, rect, " Open a puzzle ".into(), lines, 0);
}

pub fn paused(app: &App, frame: &mut Frame, area: Rect) {
    let lines = vec![
        Line::from(""),
        Line::from(Span::styled("Paused", app.theme.title)),
        Line::from(""),
        Line::from(vec![
            Span::raw("the grid is hidden; "),
            Span::styled("p", app.theme.key),
            Span::raw(" resumes"),
        ]),
    ];
    notice(app, frame, centered(area, 34, 6), lines);
}

/// A small bordered box of centred lines in place of the board (pause, waiting for the first
/// puzzle).
fn notice(app: &App, frame: &mut Frame, rect: Rect, lines: Vec<Line>) {
    frame.render_widget(Clear, rect);
    frame.render_widget(
        Paragraph::new(lines)
            .alignment(ratatui::layout::Alignment::Center)
            .block(
                Block::default()
                    .borders(Borders::ALL)
                    .border_set(app.theme.glyphs.border()),
            ),
        rect,
    );
}

/// Says the board does not fit: the size it needs against the window's whole size (not the
/// area between the title and status lines, which is not what a player can measure).
pub fn too_small(app: &App, frame: &mut Frame, area: Rect, needs: (u16, u16), window: (u16, u16)) {
    let n = app.game.size();
    let text = format!(
        "This {n}×{n} puzzle needs a terminal of at least {}×{} (now {}×{}); the clock waits. Enlarge the window or use a smaller font; q quits.",
        needs.0, needs.1, window.0, window.1
    );
    let text = app.theme.glyphs.text(&text).into_owned();
    frame.render_widget(
        Paragraph::new(text)
            .style(app.theme.error)
            .wrap(Wrap { trim: true }),
        area,
    );
}

/// What stands in for the board while the first puzzle is made.
pub fn first_puzzle(app: &App, frame: &mut Frame, area: Rect) {
    let line = if app.generating.is_some() {
        "making your puzzle…"
    } else {
        "no puzzle yet: g new game, o open"
    };
    let lines = vec![
        Line::from(""),
        Line::from(Span::styled(
            app.theme.glyphs.text(line).into_owned(),
            app.theme.title,
        )),
        Line::from(vec![
            Span::raw("or "),
            Span::styled("d", app.theme.key),
            Span::raw(": today's daily puzzle"),
        ]),
    ];
    notice(app, frame, centered(area, 38, 5), lines);
}

/// A yes/no question before something that loses the game or gives it away.
pub fn confirm(app: &App, frame: &mut Frame, area: Rect, confirm: Confirm) {
    let theme = &app.theme;
    let width = area.width.min(60);
    let mut lines: Vec<Line> = wrap_words(confirm.question(), usize::from(width.saturating_sub(4)))
        .into_iter()
        .map(|row| Line::from(format!(" {row}")))
        .collect();
    lines.push(Line::from(""));
    lines.push(Line::from(vec![
        Span::raw(" "),
        Span::styled("y", theme.key),
        Span::raw(" yes   "),
        Span::styled("any other key", theme.key),
        Span::raw(" no"),
    ]));
    let rect = centered(area, width, lines.len() as u16 + 2);
    popup(app, frame, rect, " Are you sure? ".into(), lines, 0);
}

/// The celebration: a banner over the board with the time, the best time for this kind of
/// puzzle, the hints used and what the puzzle was rated.
pub fn banner(app: &App, frame: &mut Frame, board: Rect) {
    let Some(finish) = app.finish() else {
        return;
    };
    let theme = &app.theme;
    let game = &app.game;
    let mut lines = vec![Line::from(Span::styled(
        format!("Solved in {}", clock(finish.time)),
        theme.success,
    ))];
    let best = if !finish.counts {
        "solution filled in: no record".to_string()
    } else if finish.new_best {
        match finish.previous {
            Some(before) => format!("a new best time! (was {})", clock(before)),
            None => match app.daily_is_today() {
                // Every daily is a kind of its own, so its first finish says what it counts for.
                Some(true) => "counts for today's streak".to_string(),
                Some(false) => "a past day: no streak".to_string(),
                None => "first finish of this kind".to_string(),
            },
        }
    } else {
        format!("best {}", finish.best().map_or_else(String::new, clock))
    };
    lines.push(Line::from(Span::styled(
        best,
        if finish.new_best {
            theme.success
        } else {
            theme.dim
        },
    )));
    let hints = match game.hints_used {
        0 => "no hints".to_string(),
        1 => "1 hint".to_string(),
        n => format!("{n} hints"),
    };
    lines.push(Line::from(hints));
    let mut rated = Vec::new();
    if let Some(level) = game.level {
        rated.push(level.id().to_string());
    }
    if let Some(score) = app.info.score {
        rated.push(format!("score {score:.1}"));
    }
    if let Some(se) = super::se_text(app) {
        rated.push(se);
    }
    if !rated.is_empty() {
        lines.push(Line::from(rated.join(" · ")));
    }
    lines.push(Line::from(""));
    let (again, what) = if app.is_race_board() {
        ("q", " leave the race   ")
    } else {
        ("g", " new game   ")
    };
    lines.push(Line::from(vec![
        Span::styled(again, theme.key),
        Span::raw(what),
        Span::styled("Esc", theme.key),
        Span::raw(" close"),
    ]));
    let lines: Vec<Line> = lines
        .into_iter()
        .map(|l| {
            theme
                .glyphs
                .line(l.alignment(ratatui::layout::Alignment::Center))
        })
        .collect();
    let width = lines
        .iter()
        .map(|l| l.width() as u16 + 4)
        .max()
        .unwrap_or(20)
        .min(board.width);
    let rect = centered(board, width, lines.len() as u16 + 2);
    frame.render_widget(Clear, rect);
    let g = &theme.glyphs;
    let block = Block::default()
        .borders(Borders::ALL)
        .border_set(g.border())
        .border_style(theme.success)
        .title(Span::styled(
            g.text(" Solved! ").into_owned(),
            theme.success,
        ));
    frame.render_widget(
        Paragraph::new(lines).wrap(Wrap { trim: true }).block(block),
        rect,
    );
}

/// What a one-line text prompt asks and shows.
pub struct TextPrompt<'a> {
    /// The popup's title, e.g. ` Your name `.
    pub title: &'a str,
    /// The question above the typed text.
    pub ask: &'a str,
    /// What the player has typed so far (drawn escaped: it may come from anyone).
    pub text: &'a str,
    /// A dim line under the text saying what it may hold.
    pub hint: Option<&'a str>,
    /// Why the last Enter was refused.
    pub error: Option<&'a str>,
    /// What Enter and Esc do.
    pub enter: &'a str,
    pub esc: &'a str,
}

/// A one-line text prompt in a popup: the question, the typed text, its hint, the error of
/// the last try and what Enter and Esc do.
pub fn text_prompt(app: &App, frame: &mut Frame, area: Rect, prompt: TextPrompt) {
    let theme = &app.theme;
    let mut lines = vec![
        Line::from(""),
        Line::from(format!(" {}", prompt.ask)),
        Line::from(vec![
            Span::styled(" > ", theme.key),
            Span::styled(
                format!(
                    "{}_",
                    crate::names::for_terminal(prompt.text, theme.glyphs.ascii)
                ),
                theme.accent,
            ),
        ]),
    ];
    if let Some(hint) = prompt.hint {
        lines.push(Line::from(Span::styled(format!(" {hint}"), theme.dim)));
    }
    if let Some(error) = prompt.error {
        for row in wrap_words(error, 58) {
            lines.push(Line::from(Span::styled(format!(" {row}"), theme.error)));
        }
    }
    lines.push(Line::from(""));
    lines.push(Line::from(vec![
        Span::styled(" Enter", theme.key),
        Span::raw(format!(" {}   ", prompt.enter)),
        Span::styled("Esc", theme.key),
        Span::raw(format!(" {}", prompt.esc)),
    ]));
    let rect = centered(area, 62, lines.len() as u16 + 2);
    popup(app, frame, rect, prompt.title.into(), lines, 0);
}

/// The race room code prompt. Only a code's characters are ever taken into `text`.
pub fn join_room(app: &App, frame: &mut Frame, area: Rect, text: &str, error: Option<&str>) {
    text_prompt(
        app,
        frame,
        area,
        TextPrompt {
            title: " Join a race ",
            ask: "The code of the room (the player who opened it has it):",
            text,
            hint: None,
            error,
            enter: "join",
            esc: "cancel",
        },
    );
}
