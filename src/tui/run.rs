//! The local runner: puts the terminal in raw mode on the alternate screen with mouse
//! capture and bracketed paste, feeds events and frame ticks to the `App`, draws on change
//! (about 30 fps only while something animates; otherwise it sleeps until the next event or
//! the next second of the clock), writes autosaves atomically, and always restores the
//! terminal: on quit, on a panic (hook), on SIGTERM / SIGINT / SIGHUP, and when the terminal
//! itself goes away (see `terminal_watch`: the game is saved and the process leaves within a
//! second instead of spinning on a dead terminal).

use std::io::{self, Stdout, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use ratatui::Terminal;
use ratatui::backend::CrosstermBackend;
use ratatui::crossterm::event::{self, EnableBracketedPaste, EnableMouseCapture};
use ratatui::crossterm::execute;
use ratatui::crossterm::terminal::{EnterAlternateScreen, enable_raw_mode};
use thiserror::Error;

use super::app::{App, AppConfig, Effect, Hits, Msg, StartGame};
use super::job::JobPool;
use super::panel_link::StepPool;
use super::terminal::restore;
use super::terminal_watch::{TerminalWatch, Wake};
use super::theme::{Background, Theme};
use sudoscope_core::game::Snapshot;
use sudoscope_core::generate::GenerateOptions;

/// The frame period while something animates.
const FRAME: Duration = Duration::from_millis(33);
/// The longest sleep when idle (also bounds how late a termination signal is noticed).
const IDLE_MAX: Duration = Duration::from_secs(1);

/// Workers for the app's slow jobs (generation, solution path, large hints): one is enough
/// for one player, and a second lets a new generation start while a cancelled one winds down.
const JOB_WORKERS: usize = 2;

/// The autosave file name inside the data directory.
pub const SAVE_FILE: &str = "game.json";

#[derive(Debug, Error)]
pub enum RunError {
    #[error("terminal: {0}")]
    Io(#[from] io::Error),
    #[error("{0}")]
    Start(String),
}

/// How to start.
pub struct RunOptions {
    /// `None`: resume the autosaved game if there is an unfinished one, else generate with
    /// `fresh`.
    pub start: Option<StartGame>,
    pub fresh: GenerateOptions,
    pub color: bool,
    pub ascii: bool,
}

/// Where autosaves go: `$SUDOSCOPE_DATA_DIR`, else the platform's data directory.
pub fn data_dir() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("SUDOSCOPE_DATA_DIR").filter(|d| !d.is_empty()) {
        return Some(PathBuf::from(dir));
    }
    dirs::data_dir().map(|d| d.join("sudoscope"))
}

/// Writes a file atomically: a temporary file in the same directory, flushed, then renamed.
pub fn write_atomic(path: &Path, contents: &str) -> io::Result<()> {
    let dir = path.parent().unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir)?;
    let tmp = dir.join(format!(
        ".{}.{}.tmp",
        path.file_name().and_then(|n| n.to_str()).unwrap_or("save"),
        std::process::id()
    ));
    {
        let mut file = std::fs::File::create(&tmp)?;
        file.write_all(contents.as_bytes())?;
        file.sync_all()?;
    }
    std::fs::rename(&tmp, path)
}

/// Builds the first App: the requested game, or the autosave (a damaged one gives a
/// message and a fresh game).
pub fn build_app(options: RunOptions, save: Option<&Path>) -> Result<App, RunError> {
    let pool = Arc::new(StepPool::new(
        std::thread::available_parallelism().map_or(1, |n| n.get()),
    ));
    let config = |start| AppConfig {
        start,
        color: options.color,
        ascii: options.ascii,
        pool: pool.clone(),
    };
    let fresh = |notice: Option<String>| -> Result<App, RunError> {
        let mut app = App::new(config(StartGame::Generate(options.fresh.clone())))
            .map_err(|e| RunError::Start(e.to_string()))?;
        if let Some(n) = notice {
            app.notify(n);
        }
        Ok(app)
    };
    let mut app = match options.start {
        Some(start) => App::new(config(start)).map_err(|e| RunError::Start(e.to_string()))?,
        None => match save.map(std::fs::read_to_string) {
            Some(Ok(json)) => {
                let finished = serde_json::from_str::<Snapshot>(&json)
                    .map(|s| s.completed_ms.is_some())
                    .unwrap_or(false);
                if finished {
                    // A finished game is not resumed, but the best times in its save are.
                    let mut app = fresh(None)?;
                    if let Ok(snapshot) = serde_json::from_str::<Snapshot>(&json) {
                        app.keep_best_times(snapshot.best_ms);
                    }
                    app
                } else {
                    match App::new(config(StartGame::Resume(json))) {
                        Ok(mut app) => {
                            app.notify("welcome back: your last game is restored");
                            app
                        }
                        Err(e) => fresh(Some(format!("{e}; here is a new game")))?,
                    }
                }
            }
            Some(Err(e)) if e.kind() != io::ErrorKind::NotFound => {
                fresh(Some(format!("{e}; here is a new game")))?
            }
            _ => fresh(None)?,
        },
    };
    if options.color {
        let bg = Background::from_colorfgbg(std::env::var("COLORFGBG").ok().as_deref());
        app.set_theme(Theme::colored(bg, options.ascii));
    }
    Ok(app)
}

/// Opens the UI and runs until the player quits. The terminal opens before any slow work:
/// the first puzzle is generated as a job, so "generating…" shows at once.
pub fn run(options: RunOptions) -> Result<(), RunError> {
    let save = data_dir().map(|d| d.join(SAVE_FILE));
    let mut app = build_app(options, save.as_deref())?;
    let watch = TerminalWatch::new()?;
    install_panic_hook();
    let mut terminal = setup()?;
    let jobs = JobPool::new(JOB_WORKERS)?;
    let first = app.start();
    let result = event_loop(
        &mut terminal,
        &mut app,
        save.as_deref(),
        &watch,
        &jobs,
        first,
    );
    // The game is saved once more on the way out, whatever ended the loop.
    if let Some(path) = &save {
        let _ = write_atomic(path, &app.snapshot());
    }
    restore();
    let _ = terminal.show_cursor();
    result
}

fn setup() -> io::Result<Terminal<CrosstermBackend<Stdout>>> {
    enable_raw_mode()?;
    let mut out = io::stdout();
    if let Err(e) = execute!(
        out,
        EnterAlternateScreen,
        EnableMouseCapture,
        EnableBracketedPaste
    ) {
        restore();
        return Err(e);
    }
    let mut terminal = Terminal::new(CrosstermBackend::new(out))?;
    terminal.hide_cursor()?;
    terminal.clear()?;
    Ok(terminal)
}

/// Restores the terminal before the report of a panic is printed (the previous hook, from
/// color-eyre, prints it).
fn install_panic_hook() {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        restore();
        previous(info);
    }));
}

fn event_loop(
    terminal: &mut Terminal<CrosstermBackend<Stdout>>,
    app: &mut App,
    save: Option<&Path>,
    watch: &TerminalWatch,
    jobs: &JobPool,
    first: Vec<Effect>,
) -> Result<(), RunError> {
    let mut dirty = true;
    let mut last_tick = Instant::now();
    let mut save_failed = false;
    let mut pending = first;
    loop {
        if watch.stop_requested() {
            return Ok(());
        }
        if dirty {
            let mut hits = Hits::default();
            terminal.draw(|frame| hits = super::view::render(app, frame))?;
            pending.extend(app.update(Msg::Drawn(hits)));
            dirty = false;
        }
        let timeout = if app.needs_frames() {
            FRAME.saturating_sub(last_tick.elapsed())
        } else {
            app.next_timer_change().unwrap_or(IDLE_MAX).min(IDLE_MAX)
        };
        let mut effects = std::mem::take(&mut pending);
        match watch.wait(timeout)? {
            Wake::Gone => return Ok(()),
            Wake::Timeout => {}
            // Input, or a signal: a resize reaches crossterm's own signal pipe, so ask it too.
            Wake::Input | Wake::Signal => {
                if watch.stop_requested() {
                    return Ok(());
                }
                // Take every pending event before drawing again, so a burst of keys costs
                // one frame.
                while event::poll(Duration::ZERO)? {
                    effects.extend(app.update(Msg::Event(event::read()?)));
                    dirty = true;
                }
            }
        }
        for done in jobs.finished() {
            effects.extend(app.update(Msg::Done(done)));
            dirty = true;
        }
        if last_tick.elapsed() >= FRAME || !app.needs_frames() && !dirty {
            effects.extend(app.update(Msg::Tick));
            last_tick = Instant::now();
            dirty = true;
        }
        for effect in effects {
            match effect {
                Effect::Quit => return Ok(()),
                Effect::Work(job) => jobs.submit(job),
                Effect::Save(json) => {
                    if let Some(path) = save
                        && let Err(e) = write_atomic(path, &json)
                        && !save_failed
                    {
                        save_failed = true;
                        app.notify(format!("autosave to {} failed: {e}", path.display()));
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn atomic_write_replaces_the_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("sub").join("game.json");
        write_atomic(&path, "one").unwrap();
        write_atomic(&path, "two").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "two");
        let leftovers = std::fs::read_dir(path.parent().unwrap()).unwrap().count();
        assert_eq!(leftovers, 1);
    }
}
