//! Drawing the panel: header (solver, seed, speed), status line, metrics, and charts of the
//! solver's history and, for RFSS, the species proportions of the paper's Figure 3.
//!
//! Wide panels get two metric columns and stacked charts; narrow or short ones a compact form
//! (the key metrics and a sparkline).

use std::time::Duration;

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Axis, Block, Chart, Dataset, GraphType, Paragraph, Sparkline};

use crate::tui::wrap::wrap_words;
use sudoscope_core::live::{Metric, Series, Status};

use super::ascii_chart::{ASCII_BARS, AsciiChart};
use super::{PanelTheme, SolverPanel};

/// How wall-clock figures (elapsed time, iterations per second, metrics measured in ms or per
/// second) are drawn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ClockDisplay {
    #[default]
    Live,
    /// Drawn as `--`, so a render depends only on the solver's iterations (snapshot tests,
    /// documentation screenshots).
    Hidden,
}

/// Below this width or height the panel uses its compact form. Any panel as wide as its
/// narrowest place beside a board (32 columns, so 30 inside) has the full form when it is
/// tall enough: charts with their axes read better than a sparkline.
const COMPACT_WIDTH: u16 = 30;
const COMPACT_HEIGHT: u16 = 18;
/// Two metric columns from this inner width.
const TWO_COLUMNS: u16 = 56;
/// Charts this wide get axis titles and full chart titles.
const WIDE_CHART: u16 = 50;
/// The smallest useful history chart: its title, three rows of plot, the axis and its labels.
const HISTORY_MIN_HEIGHT: u16 = 6;
/// A history chart that reads well (six rows of plot): more charts are shown only when each
/// gets this much, one taller chart reads better than several flat ones.
const HISTORY_GOOD_HEIGHT: u16 = 9;
/// The smallest useful bands chart: its title, three rows of plot, the axis and its labels.
const BANDS_MIN_HEIGHT: u16 = 6;
/// The compact form's chart with its axis labels: title, two rows of sparkline, x labels.
const SPARK_LABELLED: u16 = 4;

/// Draws the panel; returns the rows left empty below what it drew (the app lists the
/// panel's keys there).
pub(super) fn render(
    panel: &SolverPanel,
    frame: &mut Frame,
    area: Rect,
    theme: &PanelTheme,
) -> Option<Rect> {
    let position = format!(" {}/{} ", panel.index + 1, panel.names.len());
    let block = Block::bordered()
        .border_set(theme.glyphs.panel_border)
        .border_style(theme.border)
        .title(Line::from(vec![Span::styled(" Solver ", theme.title)]))
        .title(Line::from(Span::styled(position, theme.dim)).right_aligned());
    let inner = block.inner(area);
    frame.render_widget(block, area);
    if inner.width == 0 || inner.height == 0 {
        return None;
    }
    let compact = inner.width < COMPACT_WIDTH || inner.height < COMPACT_HEIGHT;
    let mut lines = header(panel, theme, inner.width);
    lines.extend(status_lines(panel, theme, inner.width));
    if let Some(origin) = &panel.origin {
        for line in wrap_words(&theme.glyphs.text(origin), inner.width as usize) {
            lines.push(Line::styled(line, theme.dim));
        }
    }
    if let Some((message, style)) = message(panel, theme) {
        for line in wrap_words(&theme.glyphs.text(&message), inner.width as usize) {
            lines.push(Line::styled(line, style));
        }
    }
    let metrics = shown_metrics(panel);
    let columns = if inner.width >= TWO_COLUMNS { 2 } else { 1 };
    let metric_rows = metrics.len().div_ceil(columns) as u16;
    let top = lines.len() as u16;
    let history = panel
        .current
        .view
        .as_ref()
        .map(|v| v.history.as_slice())
        .unwrap_or_default();
    let bands = panel
        .current
        .view
        .as_ref()
        .map(|v| v.bands.as_slice())
        .unwrap_or_default();
    let history: Vec<&Series> = history.iter().filter(|s| s.points.len() >= 2).collect();
    let bands: Vec<&Series> = bands.iter().filter(|s| s.points.len() >= 2).collect();

    if compact {
        // The chart keeps its axis labels while two metrics still fit beside it; else a
        // title and one row of sparkline.
        let spark = match history.is_empty() {
            true => 0,
            false if inner.height >= top + SPARK_LABELLED + 2 => SPARK_LABELLED,
            false if inner.height >= top + 3 => 2,
            false => 0,
        };
        let room = inner.height.saturating_sub(top + spark) as usize;
        let width = inner.width as usize;
        for metric in metrics.iter().take(room) {
            lines.push(metric_line(metric, panel, theme, width));
        }
        let text_height = (lines.len() as u16).min(inner.height - spark);
        let [text, rest] =
            Layout::vertical([Constraint::Length(text_height), Constraint::Fill(1)]).areas(inner);
        frame.render_widget(Paragraph::new(lines), text);
        if spark > 0 {
            sparkline(frame, rest, history[0], iteration_unit(panel), theme);
            return None;
        }
        return (rest.height > 0).then_some(rest);
    }

    // Charts get what the text leaves, but never squeeze the metrics below a few rows.
    let charts_wanted = if history.is_empty() {
        0
    } else {
        HISTORY_MIN_HEIGHT
    } + if bands.is_empty() {
        0
    } else {
        BANDS_MIN_HEIGHT
    };
    let max_metric_rows = inner
        .height
        .saturating_sub(top + charts_wanted)
        .max(3.min(inner.height.saturating_sub(top)));
    let metric_rows = metric_rows.min(max_metric_rows);
    let [text, metrics_area, charts] = Layout::vertical([
        Constraint::Length(top.min(inner.height)),
        Constraint::Length(metric_rows),
        Constraint::Fill(1),
    ])
    .areas(inner);
    frame.render_widget(Paragraph::new(lines), text);
    render_metrics(frame, metrics_area, &metrics, columns, panel, theme);

    let (plots, heights) = chart_plan(history, bands, charts.height);
    if plots.is_empty() {
        return (charts.height > 0).then_some(charts);
    }
    let constraints: Vec<Constraint> = heights.into_iter().map(Constraint::Length).collect();
    let areas = Layout::vertical(constraints).split(charts);
    for (plot, &area) in plots.iter().zip(areas.iter()) {
        match plot {
            Plot::History(series) => history_chart(frame, area, series, panel, theme),
            Plot::Bands(bands) => bands_chart(frame, area, bands, theme),
        }
    }
    None
}

enum Plot<'a> {
    History(&'a Series),
    Bands(Vec<&'a Series>),
}

/// Which charts go in `height` rows, and how tall each is: the bands (Figure 3) below, with
/// half the room when history charts share it (all of it when none fits), and above them
/// the history charts, as many as get [`HISTORY_GOOD_HEIGHT`] rows each (one at least when
/// it gets [`HISTORY_MIN_HEIGHT`]), sharing their part evenly.
fn chart_plan<'a>(
    history: Vec<&'a Series>,
    bands: Vec<&'a Series>,
    height: u16,
) -> (Vec<Plot<'a>>, Vec<u16>) {
    let bands_h = match (bands.is_empty(), history.is_empty()) {
        (true, _) => 0,
        _ if height < BANDS_MIN_HEIGHT => 0,
        (false, false) if height >= BANDS_MIN_HEIGHT + HISTORY_MIN_HEIGHT => {
            (height / 2).clamp(BANDS_MIN_HEIGHT, height - HISTORY_MIN_HEIGHT)
        }
        // The bands win when only one chart fits.
        (false, _) => height,
    };
    let history_h = height - bands_h;
    let shown = if history_h < HISTORY_MIN_HEIGHT {
        0
    } else {
        usize::from((history_h / HISTORY_GOOD_HEIGHT).max(1)).min(history.len())
    };
    let mut plots = Vec::new();
    let mut heights = Vec::new();
    for (i, series) in history.into_iter().take(shown).enumerate() {
        plots.push(Plot::History(series));
        // The first charts take the rows that do not divide evenly.
        let extra = u16::from((i as u16) < history_h % shown as u16);
        heights.push(history_h / shown as u16 + extra);
    }
    if bands_h > 0 {
        plots.push(Plot::Bands(bands));
        heights.push(bands_h);
    }
    (plots, heights)
}

fn header(panel: &SolverPanel, theme: &PanelTheme, width: u16) -> Vec<Line<'static>> {
    let (left, right) = if theme.glyphs.ascii {
        ("<", ">")
    } else {
        ("◂", "▸")
    };
    let name = Line::from(vec![
        Span::styled(left, theme.dim),
        Span::raw(" "),
        Span::styled(panel.solver_name().to_string(), theme.solver),
        Span::raw(" "),
        Span::styled(right, theme.dim),
    ]);
    let many = iteration_unit(panel);
    let seed = vec![
        Span::styled("seed ", theme.label),
        Span::styled(panel.seed.to_string(), theme.value),
    ];
    let speed = vec![
        Span::styled("speed ", theme.label),
        Span::styled(
            format!("{}/{}", panel.speed.level(), super::Speed::MAX),
            theme.value,
        ),
        Span::styled(
            format!(
                " ({})",
                theme
                    .glyphs
                    .text(&panel.speed.describe(unit(1, many), many))
            ),
            theme.dim,
        ),
    ];
    let one_line = name.width() + 2 + span_width(&seed) + 2 + span_width(&speed);
    if one_line <= width as usize {
        let mut spans = name.spans;
        spans.push(Span::raw("  "));
        spans.extend(seed);
        spans.push(Span::raw("  "));
        spans.extend(speed);
        vec![Line::from(spans)]
    } else {
        let mut second = seed;
        second.push(Span::raw("  "));
        second.extend(speed);
        if span_width(&second) > width as usize {
            // Without the speed's description.
            second.pop();
        }
        vec![name, Line::from(second)]
    }
}

fn span_width(spans: &[Span]) -> usize {
    spans.iter().map(Span::width).sum()
}

/// The state word with its own symbol, the iteration count, elapsed time and rate.
/// On one line if it fits `width`, else the timing on a second line.
fn status_lines(panel: &SolverPanel, theme: &PanelTheme, width: u16) -> Vec<Line<'static>> {
    let (mut state, timing) = status_spans(panel, theme);
    if timing.is_empty() {
        return vec![Line::from(state)];
    }
    if span_width(&state) + 2 + span_width(&timing) <= width as usize {
        state.push(Span::raw("  "));
        state.extend(timing);
        vec![Line::from(state)]
    } else {
        vec![Line::from(state), Line::from(timing)]
    }
}

/// The state (symbol, word, iterations) and the timing (elapsed, rate).
fn status_spans(
    panel: &SolverPanel,
    theme: &PanelTheme,
) -> (Vec<Span<'static>>, Vec<Span<'static>>) {
    let current = &panel.current;
    let view = current.view.as_ref();
    let g = &theme.glyphs.status;
    let (symbol, word, style) = if current.error.is_some() {
        (g.error, "error", theme.error)
    } else {
        match view.map(|v| v.status) {
            Some(Status::Solved) => (g.solved, "solved", theme.solved),
            Some(Status::Stuck) => (g.stuck, "stuck", theme.stuck),
            Some(Status::CapReached) => (g.cap, "cap reached", theme.cap),
            _ if panel.running => (g.running, "running", theme.running),
            // A single step or a restart still under way (one LP solve can take seconds).
            _ if panel.shared.pending() => (g.working, "working", theme.running),
            // A solver only reads "paused" once the player has run or stepped it: the work
            // it does on loading (propagation, a first LP) is not a pause.
            _ if panel.touched && view.is_some_and(|v| v.iterations > 0) => {
                (g.paused, "paused", theme.paused)
            }
            _ if panel.puzzle.is_some() => (g.ready, "ready", theme.paused),
            _ => (g.ready, "no puzzle", theme.dim),
        }
    };
    let mut spans = vec![Span::styled(format!("{symbol} {word}"), style)];
    let mut timing = Vec::new();
    if let Some(view) = view {
        spans.push(Span::raw("  "));
        spans.push(Span::styled(view.iterations.to_string(), theme.value));
        spans.push(Span::styled(
            format!(" {}", unit(view.iterations, view.iteration_unit)),
            theme.label,
        ));
    }
    if view.is_some_and(|v| v.iterations > 0) || panel.running {
        let (elapsed, rate) = match panel.clock {
            super::ClockDisplay::Live => (
                format_duration(current.elapsed),
                current.rate.map_or("--".to_string(), format_rate),
            ),
            super::ClockDisplay::Hidden => ("--".to_string(), "--".to_string()),
        };
        timing.push(Span::styled(elapsed, theme.value));
        timing.push(Span::raw("  "));
        timing.push(Span::styled(rate, theme.value));
        timing.push(Span::styled(
            format!(" {}/s", iteration_unit(panel)),
            theme.label,
        ));
    }
    (spans, timing)
}

/// What happened, once there is something to say.
fn message(panel: &SolverPanel, theme: &PanelTheme) -> Option<(String, Style)> {
    if let Some(error) = &panel.current.error {
        return Some((error.clone(), theme.error));
    }
    let view = panel.current.view.as_ref()?;
    let text = match view.status {
        Status::Solved if panel.current.solution.is_some() => format!(
            "solved in {} {}: {}",
            view.iterations,
            unit(view.iterations, view.iteration_unit),
            panel
                .solved_hint
                .as_deref()
                .unwrap_or("its solution can go on the board")
        ),
        Status::Solved => format!(
            "solved in {} {}",
            view.iterations,
            unit(view.iterations, view.iteration_unit)
        ),
        Status::Stuck => format!(
            "stuck after {} {}: no further progress",
            view.iterations,
            unit(view.iterations, view.iteration_unit)
        ),
        Status::CapReached => format!(
            "stopped at the cap of {} {}",
            view.iterations,
            unit(view.iterations, view.iteration_unit)
        ),
        Status::Running => return None,
    };
    let style = match view.status {
        Status::Solved => theme.solved,
        Status::Stuck => theme.stuck,
        _ => theme.cap,
    };
    Some((text, style))
}

/// A solver's unit of work for a count: "1 generation", "2 generations" (units are plural
/// nouns: nodes, steps, trials, generations, lp-solves).
fn unit(count: u64, plural: &'static str) -> &'static str {
    if count == 1 {
        plural.strip_suffix('s').unwrap_or(plural)
    } else {
        plural
    }
}

/// What the solver counts as an iteration (`nodes`, `generations`…); `iterations` before
/// its first view.
fn iteration_unit(panel: &SolverPanel) -> &'static str {
    panel
        .current
        .view
        .as_ref()
        .map_or("iterations", |v| v.iteration_unit)
}

/// The name a metric is shown under. The solver's own rate (`nodes/s`) counts its iterations
/// over the time it spent computing, what it does flat out, so it says so: the status
/// line's rate, in the same unit, is the pace on screen at the chosen speed.
fn metric_name(metric: &Metric, panel: &SolverPanel) -> String {
    if metric.name.strip_suffix("/s") == Some(iteration_unit(panel)) {
        format!("{} flat out", metric.name)
    } else {
        metric.name.to_string()
    }
}

/// The view's metrics, less the one the status line already shows (`generation` beside
/// `N generations`).
fn shown_metrics(panel: &SolverPanel) -> Vec<Metric> {
    let Some(view) = panel.current.view.as_ref() else {
        return Vec::new();
    };
    view.metrics
        .iter()
        .filter(|m| {
            !(format!("{}s", m.name) == view.iteration_unit && m.value == view.iterations as f64)
        })
        .cloned()
        .collect()
}

/// Metrics measured on the wall clock (hidden with the clock).
fn wall_clock(name: &str) -> bool {
    name.ends_with("ms") || name.ends_with("/s")
}

fn metric_value(metric: &Metric, panel: &SolverPanel) -> String {
    if panel.clock == super::ClockDisplay::Hidden && wall_clock(metric.name) {
        "--".to_string()
    } else {
        format_value(metric.value)
    }
}

/// `name ........ value` in `width` columns.
fn metric_line(
    metric: &Metric,
    panel: &SolverPanel,
    theme: &PanelTheme,
    width: usize,
) -> Line<'static> {
    let value = metric_value(metric, panel);
    let room = width.saturating_sub(value.chars().count() + 1);
    let full = metric_name(metric, panel);
    let mut name: String = full.chars().take(room).collect();
    if name.len() < full.len() && name.chars().count() > 1 {
        // Mark the cut.
        name.pop();
        name.push(if theme.glyphs.ascii { '.' } else { '…' });
    }
    let pad = width.saturating_sub(name.chars().count() + value.chars().count());
    Line::from(vec![
        Span::styled(name, theme.label),
        Span::raw(" ".repeat(pad)),
        Span::styled(value, theme.value),
    ])
}

fn render_metrics(
    frame: &mut Frame,
    area: Rect,
    metrics: &[Metric],
    columns: usize,
    panel: &SolverPanel,
    theme: &PanelTheme,
) {
    if area.height == 0 || metrics.is_empty() {
        return;
    }
    let rows = area.height as usize;
    let areas: Vec<Rect> = if columns == 2 {
        let [a, _, b] = Layout::horizontal([
            Constraint::Fill(1),
            Constraint::Length(3),
            Constraint::Fill(1),
        ])
        .areas(area);
        vec![a, b]
    } else {
        vec![area]
    };
    let per_column = metrics.len().div_ceil(columns).min(rows);
    for (column, &rect) in areas.iter().enumerate() {
        let lines: Vec<Line> = metrics
            .iter()
            .skip(column * per_column)
            .take(per_column)
            .map(|m| metric_line(m, panel, theme, rect.width as usize))
            .collect();
        frame.render_widget(Paragraph::new(lines), rect);
    }
}

fn bounds(points: impl Iterator<Item = (f64, f64)>) -> Option<([f64; 2], [f64; 2])> {
    let mut x = [f64::INFINITY, f64::NEG_INFINITY];
    let mut y = [f64::INFINITY, f64::NEG_INFINITY];
    for (px, py) in points.filter(|(a, b)| a.is_finite() && b.is_finite()) {
        x = [x[0].min(px), x[1].max(px)];
        y = [y[0].min(py), y[1].max(py)];
    }
    if !x[0].is_finite() {
        return None;
    }
    if x[1] <= x[0] {
        x[1] = x[0] + 1.0;
    }
    if y[1] <= y[0] {
        y = [y[0] - 0.5, y[1] + 0.5];
    }
    Some((x, y))
}

fn finite_points(series: &Series) -> Vec<(f64, f64)> {
    series
        .points
        .iter()
        .copied()
        .filter(|(x, y)| x.is_finite() && y.is_finite())
        .collect()
}

fn history_chart(
    frame: &mut Frame,
    area: Rect,
    series: &Series,
    panel: &SolverPanel,
    theme: &PanelTheme,
) {
    let points = finite_points(series);
    let Some((x, mut y)) = bounds(points.iter().copied()) else {
        return;
    };
    // Counts read best from zero.
    if y[0] > 0.0 {
        y[0] = 0.0;
    }
    let last = points.last().map_or(0.0, |p| p.1);
    let unit = iteration_unit(panel);
    let title = Line::from(vec![
        Span::styled(format!(" {} ", series.name), theme.title),
        Span::styled(format!("now {} ", format_value(last)), theme.dim),
    ]);
    if theme.glyphs.ascii {
        ascii_chart(
            frame,
            area,
            title,
            x,
            y,
            vec![(&points, theme.series_style(0))],
            theme,
        );
        return;
    }
    let dataset = Dataset::default()
        .marker(theme.glyphs.chart_marker)
        .graph_type(GraphType::Line)
        .style(theme.series_style(0))
        .data(&points);
    let chart = Chart::new(vec![dataset])
        .block(Block::new().title(title))
        .x_axis(x_axis(x, unit, area, theme))
        .y_axis(
            Axis::default()
                .style(theme.axis)
                .bounds(y)
                .labels(axis_labels(y, theme.dim)),
        );
    frame.render_widget(chart, area);
}

/// Figure 3: log10 proportion of each sampled species over generations; the bands separate
/// as the species of the solution take over and the others die out.
fn bands_chart(frame: &mut Frame, area: Rect, bands: &[&Series], theme: &PanelTheme) {
    let data: Vec<Vec<(f64, f64)>> = bands.iter().map(|s| finite_points(s)).collect();
    let Some((x, mut y)) = bounds(data.iter().flatten().copied()) else {
        return;
    };
    // Whole powers of ten at the ends of the log axis.
    y = [y[0].floor(), y[1].max(0.0).ceil()];
    if y[1] <= y[0] {
        y[0] = y[1] - 1.0;
    }
    let title = Line::from(vec![
        Span::styled(" species proportions ", theme.title),
        Span::styled(
            if area.width >= WIDE_CHART {
                format!("log10, {} sampled ", bands.len())
            } else {
                "log10 ".to_string()
            },
            theme.dim,
        ),
    ]);
    if theme.glyphs.ascii {
        let series = data
            .iter()
            .enumerate()
            .map(|(i, points)| (points.as_slice(), theme.series_style(i)))
            .collect();
        ascii_chart(frame, area, title, x, y, series, theme);
        return;
    }
    let datasets: Vec<Dataset> = data
        .iter()
        .enumerate()
        .map(|(i, points)| {
            Dataset::default()
                .marker(theme.glyphs.chart_marker)
                .graph_type(GraphType::Line)
                .style(theme.series_style(i))
                .data(points)
        })
        .collect();
    let chart = Chart::new(datasets)
        .block(Block::new().title(title))
        .x_axis(x_axis(x, "generations", area, theme))
        .y_axis(
            Axis::default()
                .style(theme.axis)
                .bounds(y)
                .labels(axis_labels(y, theme.dim)),
        );
    frame.render_widget(chart, area);
}

/// A chart drawn in ASCII (`--ascii`): the same bounds and labels as the Unicode one.
fn ascii_chart(
    frame: &mut Frame,
    area: Rect,
    title: Line<'_>,
    x: [f64; 2],
    y: [f64; 2],
    series: Vec<(&[(f64, f64)], Style)>,
    theme: &PanelTheme,
) {
    AsciiChart {
        title,
        x,
        y,
        labels: (
            [format_value(x[0]), format_value(x[1])],
            [format_value(y[0]), format_value(y[1])],
        ),
        series,
        axis: theme.axis,
        label: theme.dim,
    }
    .draw(frame.buffer_mut(), area);
}

/// The x axis, titled with the iteration unit where the title does not cover the plot.
fn x_axis(bounds: [f64; 2], unit: &'static str, area: Rect, theme: &PanelTheme) -> Axis<'static> {
    let axis = Axis::default()
        .style(theme.axis)
        .bounds(bounds)
        .labels(axis_labels(bounds, theme.dim));
    if area.width >= WIDE_CHART {
        axis.title(Span::styled(unit, theme.dim))
    } else {
        axis
    }
}

fn axis_labels(bounds: [f64; 2], style: Style) -> Vec<Span<'static>> {
    vec![
        Span::styled(format_value(bounds[0]), style),
        Span::styled(format_value(bounds[1]), style),
    ]
}

/// The compact form's chart: the first history series as a sparkline, scaled to its range.
/// With room for them ([`SPARK_LABELLED`] rows), its axes are labelled as the full charts'
/// are: the value's range at the left, the iterations it covers below.
fn sparkline(frame: &mut Frame, area: Rect, series: &Series, unit: &str, theme: &PanelTheme) {
    let points = finite_points(series);
    let Some((x, mut y)) = bounds(points.iter().copied()) else {
        return;
    };
    // Counts read best from zero, as in the full charts.
    if y[0] > 0.0 {
        y[0] = 0.0;
    }
    let last = points.last().map_or(0.0, |p| p.1);
    let [label, body] = Layout::vertical([Constraint::Length(1), Constraint::Fill(1)]).areas(area);
    frame.render_widget(
        Paragraph::new(Line::from(vec![
            Span::styled(series.name, theme.label),
            Span::styled(format!(" {}", format_value(last)), theme.value),
        ])),
        label,
    );
    let (spark, shown_x) = if body.height >= SPARK_LABELLED - 1 {
        // The y range in a gutter at the left, the x range on the bottom row.
        let (top, bottom) = (format_value(y[1]), format_value(y[0]));
        let gutter =
            (top.chars().count().max(bottom.chars().count()) as u16 + 1).min(body.width / 3);
        let [rows, xs] = Layout::vertical([Constraint::Fill(1), Constraint::Length(1)]).areas(body);
        let [left, spark] =
            Layout::horizontal([Constraint::Length(gutter), Constraint::Fill(1)]).areas(rows);
        let buf = frame.buffer_mut();
        buf.set_stringn(left.x, left.y, &top, usize::from(gutter), theme.label);
        buf.set_stringn(
            left.x,
            left.bottom() - 1,
            &bottom,
            usize::from(gutter),
            theme.label,
        );
        (spark, Some((xs, gutter)))
    } else {
        (body, None)
    };
    // The whole run, a column per bar (the newest point of each column's share), scaled to
    // 0..=100.
    let width = usize::from(spark.width).min(points.len());
    let data: Vec<u64> = (1..=width)
        .map(|column| points[column * points.len() / width - 1].1)
        .map(|v| {
            ((v - y[0]) / (y[1] - y[0]) * 100.0)
                .round()
                .clamp(0.0, 100.0) as u64
        })
        .collect();
    if let Some((xs, gutter)) = shown_x {
        let from = format_value(x[0]);
        let to = format!("{} {unit}", format_value(x[1]));
        let buf = frame.buffer_mut();
        let room = usize::from(xs.width.saturating_sub(gutter));
        buf.set_stringn(xs.x + gutter, xs.y, &from, room, theme.label);
        let to_w = to.chars().count() as u16;
        let from_w = from.chars().count() as u16;
        if gutter + from_w + 1 + to_w <= xs.width {
            buf.set_string(xs.right() - to_w, xs.y, &to, theme.label);
        }
    }
    frame.render_widget(
        Sparkline::default()
            .bar_set(if theme.glyphs.ascii {
                ASCII_BARS
            } else {
                ratatui::symbols::bar::NINE_LEVELS
            })
            .data(&data)
            .max(100)
            .style(theme.series_style(0)),
        spark,
    );
}

/// Numbers as a person reads them: integers plainly, others to about four significant
/// digits, tiny ones in scientific notation.
pub fn format_value(v: f64) -> String {
    if !v.is_finite() {
        return "--".to_string();
    }
    let a = v.abs();
    if (v == v.trunc() && a < 1e15) || a >= 1000.0 {
        format!("{v:.0}")
    } else if a >= 1.0 {
        trim(format!("{v:.3}"))
    } else if a >= 1e-3 {
        trim(format!("{v:.4}"))
    } else {
        format!("{v:.2e}")
    }
}

fn trim(s: String) -> String {
    if s.contains('.') {
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        s
    }
}

/// `0.8 s`, `12.3 s`, `2:05`, `1:02:05`.
pub fn format_duration(d: Duration) -> String {
    let secs = d.as_secs_f64();
    if secs < 60.0 {
        format!("{secs:.1} s")
    } else {
        let total = d.as_secs();
        let (h, m, s) = (total / 3600, total / 60 % 60, total % 60);
        if h > 0 {
            format!("{h}:{m:02}:{s:02}")
        } else {
            format!("{m}:{s:02}")
        }
    }
}

/// `87`, `1.2k`, `3.4M`.
pub fn format_rate(rate: f64) -> String {
    if rate >= 1e6 {
        format!("{:.1}M", rate / 1e6)
    } else if rate >= 1e4 {
        format!("{:.0}k", rate / 1e3)
    } else if rate >= 1e3 {
        format!("{:.1}k", rate / 1e3)
    } else {
        format!("{rate:.0}")
    }
}

#[cfg(test)]
mod tests {

    #[test]
    fn a_count_of_one_takes_the_singular() {
        assert_eq!(unit(1, "generations"), "generation");
        assert_eq!(unit(1, "lp-solves"), "lp-solve");
        assert_eq!(unit(0, "nodes"), "nodes");
        assert_eq!(unit(2, "steps"), "steps");
    }

    use super::*;

    #[test]
    fn numbers_read_well() {
        assert_eq!(format_value(114.0), "114");
        assert_eq!(format_value(0.5), "0.5");
        assert_eq!(format_value(12.34567), "12.346");
        assert_eq!(format_value(1.0e-7), "1.00e-7");
        assert_eq!(format_value(f64::NAN), "--");
        assert_eq!(format_duration(Duration::from_millis(1250)), "1.2 s");
        assert_eq!(format_duration(Duration::from_secs(125)), "2:05");
        assert_eq!(format_duration(Duration::from_secs(3725)), "1:02:05");
        assert_eq!(format_rate(87.4), "87");
        assert_eq!(format_rate(1234.0), "1.2k");
        assert_eq!(format_rate(3.4e6), "3.4M");
        assert!(wall_clock("last solve ms") && wall_clock("generations/s"));
        assert!(!wall_clock("species alive"));
    }
}
