//! Percentiles and the lines the scenarios print.

use std::time::Duration;

pub fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let index = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[index.min(sorted.len() - 1)]
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

/// `N keystrokes: echo latency p50 …, p90 …, p99 …, max …` of sorted latencies.
pub fn latency_line(sorted: &[Duration]) -> String {
    format!(
        "{} keystrokes: echo latency p50 {:.1} ms, p90 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
        sorted.len(),
        ms(percentile(sorted, 0.5)),
        ms(percentile(sorted, 0.9)),
        ms(percentile(sorted, 0.99)),
        ms(percentile(sorted, 1.0)),
    )
}

/// `p50 … ms, p99 … ms, max … ms (N)` of sorted latencies.
pub fn spread(sorted: &[Duration]) -> String {
    if sorted.is_empty() {
        return "none measured".into();
    }
    format!(
        "p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms ({})",
        ms(percentile(sorted, 0.5)),
        ms(percentile(sorted, 0.99)),
        ms(percentile(sorted, 1.0)),
        sorted.len()
    )
}

pub fn memory_line(idle_kib: u64, busy_kib: u64, sessions: usize) -> String {
    format!(
        "server memory: {:.1} MB idle, {:.1} MB with {} sessions = {:.2} MB per session",
        idle_kib as f64 / 1024.0,
        busy_kib as f64 / 1024.0,
        sessions,
        (busy_kib.saturating_sub(idle_kib)) as f64 / 1024.0 / sessions.max(1) as f64
    )
}

/// Rates measured per session (sorted): their median and lowest.
pub fn rates(sorted: &[f64]) -> String {
    let (Some(lowest), Some(median)) = (sorted.first(), sorted.get(sorted.len() / 2)) else {
        return "none measured".into();
    };
    format!("median {median:.1}, lowest {lowest:.1} ({})", sorted.len())
}
