//! The hint card's text at each stage, and one-line step summaries for the solution path.

use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Wrap};

use crate::tui::app::Hint;
use crate::tui::theme::Theme;
use sudoscope_core::grid::Geometry;
use sudoscope_core::logic::Step;
use sudoscope_core::logic::describe_eliminations;
use sudoscope_core::logic::se::summary_and_proof;

use super::board::symbol;

/// "row 3", "row 3 and box 2", or the pattern's cells when it names no house.
fn where_to_look(step: &Step, geometry: &Geometry) -> String {
    let names: Vec<String> = step
        .houses
        .iter()
        .take(3)
        .map(|&h| geometry.houses()[h].to_string())
        .collect();
    if !names.is_empty() {
        return names.join(" and ");
    }
    let cells: Vec<String> = step
        .cells
        .iter()
        .take(4)
        .map(|&c| geometry.cell_name(c))
        .collect();
    if cells.is_empty() {
        "the whole grid".into()
    } else {
        cells.join(", ")
    }
}

/// What a step changes: `r1c2 = 4; removes 5 from r2c3, r2c4`.
pub fn effect(step: &Step, geometry: &Geometry) -> String {
    let mut parts = Vec::new();
    if !step.placements.is_empty() {
        parts.push(
            step.placements
                .iter()
                .map(|p| format!("{} = {}", geometry.cell_name(p.cell), symbol(p.digit)))
                .collect::<Vec<_>>()
                .join(", "),
        );
    }
    if !step.eliminations.is_empty() {
        parts.push(describe_eliminations(
            geometry,
            sudoscope_core::grid::Alphabet::default_for(geometry.size()),
            &step.eliminations,
        ));
    }
    parts.join("; ")
}

/// One line of the solution path.
pub fn summary(step: &Step, geometry: &Geometry) -> String {
    format!(
        "{} ({}): {}",
        step.title(),
        where_to_look(step, geometry),
        effect(step, geometry)
    )
}

/// How the board shows a chain's candidates: the link kinds alternate, so each candidate is
/// either made true or made false by the chain (see `board::mark_chain`).
fn chain_legend(theme: &Theme) -> &'static str {
    if theme.color {
        "The chain: green notes are true along it, purple ones false."
    } else {
        "The chain: underlined notes are true along it, italic ones false."
    }
}

/// The card's title and lines, for a card `width` columns wide inside (a proof's length is
/// said in the rows it takes there, as the card's pager counts them).
pub fn card(
    hint: &Hint,
    geometry: &Geometry,
    theme: &Theme,
    width: u16,
) -> (String, Vec<Line<'static>>) {
    let key = |k: &'static str| Span::styled(k, theme.key);
    let plain = |t: String| Span::raw(t);
    match hint {
        Hint::Step {
            step, stage, proof, ..
        } => {
            let mut lines = vec![Line::from(vec![
                plain("Look at ".into()),
                Span::styled(where_to_look(step, geometry), theme.accent),
                plain(format!(": {}.", step.title())),
            ])];
            if *stage >= 2 {
                lines.push(Line::from(Span::styled(
                    "Highlighted: the pattern's cells; crossed-out notes can go.".to_string(),
                    theme.dim,
                )));
                if !step.links.is_empty() {
                    lines.push(Line::from(Span::styled(
                        chain_legend(theme).to_string(),
                        theme.dim,
                    )));
                }
                lines.push(Line::from(plain(effect(step, geometry))));
            }
            // What `i` does next: the next stage, or at the last one (for a nested chain)
            // the full proof or its summary again.
            let mut next = (*stage < 3).then_some(" more  ");
            if *stage >= 3 {
                lines.push(Line::from(""));
                let (summary, detail) = summary_and_proof(&step.explanation);
                let shown = if *proof {
                    step.explanation.as_str()
                } else {
                    summary
                };
                // A chain's explanation is a numbered list, one implication per line.
                for line in shown.lines() {
                    lines.push(Line::from(plain(line.to_string())));
                }
                match detail {
                    Some(detail) if !*proof => {
                        let detail: Vec<Line> = detail
                            .lines()
                            .map(|l| Line::raw(theme.glyphs.text(l).into_owned()))
                            .collect();
                        let n = Paragraph::new(detail)
                            .wrap(Wrap { trim: true })
                            .line_count(width);
                        lines.push(Line::from(vec![
                            plain(format!("Full proof: {n} lines — ")),
                            key("i"),
                            plain(" shows it.".into()),
                        ]));
                        next = Some(" full proof  ");
                    }
                    Some(_) => next = Some(" summary  "),
                    None => {}
                }
            }
            lines.push(Line::from(""));
            let mut keys = Vec::new();
            if let Some(next) = next {
                keys.extend([key("i"), plain(next.into())]);
            }
            keys.extend([
                key("a"),
                plain(" apply  ".into()),
                key("Esc"),
                plain(" close".into()),
            ]);
            lines.push(Line::from(keys));
            (format!(" Hint {stage}/3 "), lines)
        }
        Hint::Wrong { cells } => {
            let names: Vec<String> = cells
                .iter()
                .take(6)
                .map(|&c| geometry.cell_name(c))
                .collect();
            let more = if cells.len() > 6 { ", …" } else { "" };
            let lines = vec![
                Line::from(plain(format!(
                    "{} not right: logic from here would mislead you.",
                    if cells.len() == 1 {
                        "One entry is"
                    } else {
                        "Some entries are"
                    },
                ))),
                Line::from(Span::styled(
                    format!("{}{more}", names.join(", ")),
                    theme.accent,
                )),
                Line::from(""),
                Line::from(vec![
                    key("i"),
                    plain(" mark them  ".into()),
                    key("u"),
                    plain(" undo  ".into()),
                    key("Esc"),
                    plain(" close".into()),
                ]),
            ];
            (" Hint: fix first ".into(), lines)
        }
        Hint::Stuck => (
            " Hint ".into(),
            vec![
                Line::from(plain(
                    "No logical technique applies here: this grid needs guessing.".into(),
                )),
                Line::from(vec![
                    plain("Try the solver panel (".into()),
                    key("s"),
                    plain(") or reveal a cell (".into()),
                    key("r"),
                    plain(").".into()),
                ]),
            ],
        ),
    }
}
