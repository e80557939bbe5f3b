//! Only the solver side panel, on one puzzle, for trying it by hand:
//! `cargo run --release --example panel_demo [PUZZLE]`.
//!
//! Keys (the game's): Space run/pause, Enter one step, `b` reset, `[`/`]` previous/next
//! solver, `+`/`-` speed, `#` new seed, `q` quit. The left side prints the solver's current grid (`*` marks a
//! conflicting cell), the right side is the panel itself.

use std::sync::Arc;
use std::time::Duration;

use ratatui::crossterm::event::{self, Event, KeyCode, KeyEventKind};
use ratatui::layout::{Constraint, Layout};
use ratatui::text::Line;
use ratatui::widgets::{Block, Paragraph};
use sudoscope::tui::panel::{PanelMsg, PanelTheme, SolverPanel, StepPool};
use sudoscope_core::grid::{ReadOptions, parse_puzzle};

const DEFAULT: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

fn main() -> std::io::Result<()> {
    let text = std::env::args()
        .nth(1)
        .unwrap_or_else(|| DEFAULT.to_string());
    let puzzle = match parse_puzzle(&text, ReadOptions::default()) {
        Ok(puzzle) => puzzle,
        Err(error) => {
            eprintln!("panel_demo: {error}");
            std::process::exit(2);
        }
    };
    let theme = if std::env::var_os("NO_COLOR").is_some() {
        PanelTheme::plain()
    } else {
        PanelTheme::colored()
    };
    let mut panel = SolverPanel::new(Arc::new(StepPool::per_core()));
    panel.load(&puzzle);
    let mut terminal = ratatui::init();
    let result = (|| -> std::io::Result<()> {
        loop {
            panel.poll();
            terminal.draw(|frame| {
                let [board, side] =
                    Layout::horizontal([Constraint::Length(2 * 9 + 4), Constraint::Fill(1)])
                        .areas(frame.area());
                let size = puzzle.geometry().size();
                let lines: Vec<Line> = match panel.view() {
                    Some(view) if view.digits.len() == size * size => view
                        .digits
                        .chunks(size)
                        .enumerate()
                        .map(|(r, row)| {
                            Line::from(
                                row.iter()
                                    .enumerate()
                                    .map(|(c, &d)| {
                                        let mark = if view.conflicts.contains(&(r * size + c)) {
                                            '*'
                                        } else {
                                            ' '
                                        };
                                        let digit = if d == 0 {
                                            '.'
                                        } else {
                                            puzzle.alphabet.symbol(d)
                                        };
                                        format!("{digit}{mark}")
                                    })
                                    .collect::<String>(),
                            )
                        })
                        .collect(),
                    _ => vec![Line::from(puzzle.givens.to_line(puzzle.alphabet))],
                };
                frame.render_widget(Paragraph::new(lines).block(Block::bordered()), board);
                panel.render(frame, side, &theme);
            })?;
            let wait = if panel.is_running() {
                Duration::from_millis(33)
            } else {
                Duration::from_secs(1)
            };
            if !event::poll(wait)? {
                continue;
            }
            if let Event::Key(key) = event::read()? {
                if key.kind != KeyEventKind::Press {
                    continue;
                }
                let msg = match key.code {
                    KeyCode::Char('q') | KeyCode::Esc => return Ok(()),
                    KeyCode::Char(' ') => PanelMsg::StartPause,
                    KeyCode::Enter => PanelMsg::Step,
                    KeyCode::Char('b') => PanelMsg::Reset,
                    KeyCode::Char(']') => PanelMsg::NextSolver,
                    KeyCode::Char('[') => PanelMsg::PrevSolver,
                    KeyCode::Char('+' | '=') => PanelMsg::Faster,
                    KeyCode::Char('-') => PanelMsg::Slower,
                    KeyCode::Char('#') => PanelMsg::NewSeed,
                    _ => continue,
                };
                panel.handle(msg);
            }
        }
    })();
    ratatui::restore();
    result
}
