//! A progress bar on standard error for the long command-line runs (`rate`, `solve --solver`,
//! `generate --count`), drawn only when standard error is a terminal: a person waiting for a
//! 10-minute rating run wants to see it move, while a pipeline or a redirected log must get
//! exactly the bytes it got before, so anywhere else the bar does not exist at all.
//!
//! For a file the bar measures the bytes read (the number of puzzles in a file is unknown until
//! it has been read, and a puzzle may span several lines), so its percentage and its estimate
//! of the time left are real; the message beside it counts the records finished. For standard
//! input there is no end to measure against, so a spinner counts records instead.
//!
//! Messages written to standard error while a bar is shown go through [`eprint_line`], which
//! lifts the bar, prints the line above it and draws the bar again, so the two never mix.

use std::io::{BufRead, IsTerminal};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// The bar being drawn, if any, so that [`eprint_line`] can print above it from anywhere.
static ACTIVE: Mutex<Option<ProgressBar>> = Mutex::new(None);

/// How often the "N rated" message is rewritten: counting is per record, formatting is not.
const MESSAGE_EVERY: Duration = Duration::from_millis(100);

/// ASCII only, so the bar reads the same in any terminal and font.
const BAR_CHARS: &str = "=> ";
const SPINNER_CHARS: &str = "|/-\\ ";

/// The progress of one run: a bar on standard error, or nothing.
pub struct Progress {
    bar: Option<ProgressBar>,
    /// Whether the bar's position counts records (else it counts bytes read, or nothing).
    position_is_records: bool,
    /// What the message calls a finished record: "rated", "solved", "generated".
    verb: &'static str,
    done: u64,
    last_message: Instant,
}

impl Progress {
    /// No bar: standard error is not a terminal, or the run is not one that shows progress.
    pub fn none() -> Progress {
        Progress {
            bar: None,
            position_is_records: false,
            verb: "",
            done: 0,
            last_message: Instant::now(),
        }
    }

    /// A bar over the bytes of a file of `total_bytes`, when standard error is a terminal.
    pub fn over_bytes(total_bytes: u64, verb: &'static str) -> Progress {
        Progress::start(verb, false, || {
            let bar =
                ProgressBar::with_draw_target(Some(total_bytes), ProgressDrawTarget::stderr());
            bar.set_style(bar_style(
                "{spinner} {percent:>3}% [{wide_bar}] {msg} - {elapsed} (about {eta} left)",
            ));
            bar
        })
    }

    /// A bar over a known number of records (`generate --count N`).
    pub fn over_records(total: u64, verb: &'static str) -> Progress {
        Progress::start(verb, true, || {
            let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
            bar.set_style(bar_style(
                "{spinner} {pos}/{len} {msg} [{wide_bar}] {elapsed} (about {eta} left)",
            ));
            bar
        })
    }

    /// A spinner counting records, for input of unknown length (standard input).
    pub fn counting(verb: &'static str) -> Progress {
        Progress::start(verb, false, || {
            let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
            bar.set_style(bar_style("{spinner} {msg} - {elapsed}"));
            bar
        })
    }

    fn start(
        verb: &'static str,
        position_is_records: bool,
        make: impl FnOnce() -> ProgressBar,
    ) -> Progress {
        if !std::io::stderr().is_terminal() {
            return Progress::none();
        }
        let bar = make();
        bar.enable_steady_tick(Duration::from_millis(120));
        if let Ok(mut active) = ACTIVE.lock() {
            *active = Some(bar.clone());
        }
        let mut progress = Progress {
            bar: Some(bar),
            position_is_records,
            verb,
            done: 0,
            last_message: Instant::now(),
        };
        progress.show_message();
        progress
    }

    /// Wraps a file reader so that the bar advances with the bytes read.
    pub fn wrap_reader(&self, reader: Box<dyn BufRead>) -> Box<dyn BufRead> {
        match &self.bar {
            Some(bar) => Box::new(bar.wrap_read(reader)),
            None => reader,
        }
    }

    /// Counts one finished record; the message is rewritten at most every 100 ms.
    pub fn record_done(&mut self) {
        let Some(bar) = &self.bar else { return };
        self.done += 1;
        if self.position_is_records {
            bar.set_position(self.done);
        }
        if self.last_message.elapsed() >= MESSAGE_EVERY {
            self.show_message();
        }
    }

    fn show_message(&mut self) {
        if let Some(bar) = &self.bar {
            let noun = if self.done == 1 { "puzzle" } else { "puzzles" };
            bar.set_message(format!("{} {noun} {}", self.done, self.verb));
            self.last_message = Instant::now();
        }
    }
}

impl Drop for Progress {
    /// The bar disappears when the run ends, leaving standard error as it was.
    fn drop(&mut self) {
        if let Some(bar) = self.bar.take() {
            bar.finish_and_clear();
            if let Ok(mut active) = ACTIVE.lock() {
                *active = None;
            }
        }
    }
}

fn bar_style(template: &str) -> ProgressStyle {
    ProgressStyle::with_template(template)
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .progress_chars(BAR_CHARS)
        .tick_chars(SPINNER_CHARS)
}

/// Writes one line to standard error, above the progress bar when one is drawn.
pub fn eprint_line(line: &str) {
    let active = ACTIVE.lock().ok().and_then(|active| active.clone());
    match active {
        Some(bar) => bar.suspend(|| eprintln!("{line}")),
        None => eprintln!("{line}"),
    }
}
