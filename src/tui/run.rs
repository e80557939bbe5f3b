//! The local runner: puts the terminal in raw mode on the alternate screen with mouse
//! capture and bracketed paste, feeds events and frame ticks to the `App`, draws on change
//! (about 30 fps only while something animates; otherwise it sleeps until the next event or
//! the next second of the clock), keeps every game in the store, and always restores the
//! terminal: on quit, on a panic (hook), on SIGTERM / SIGINT / SIGHUP, and when the terminal
//! itself goes away (see `terminal_watch`: the game is saved and the process leaves within a
//! second instead of spinning on a dead terminal).

use std::io;
use std::path::PathBuf;
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
use super::local_store::LocalStore;
use super::panel_link::StepPool;
use super::terminal::restore;
use super::terminal_out::TerminalOut;
use super::terminal_watch::{TerminalWatch, Wake};
use super::theme::{Background, Theme};
use crate::store::Request;
use sudoscope_core::generate::GenerateOptions;

/// The frame period while something animates.
const FRAME: Duration = Duration::from_millis(33);
/// The longest sleep when idle (also bounds how late a termination signal is noticed).
const IDLE_MAX: Duration = Duration::from_secs(1);

/// Workers for the app's slow jobs (generation, solution path, large hints): one is enough
/// for one player, and a second lets a new generation start while a cancelled one winds down.
const JOB_WORKERS: usize = 2;

#[derive(Debug, Error)]
pub enum RunError {
    #[error("terminal: {0}")]
    Io(#[from] io::Error),
    #[error("{0}")]
    Start(String),
}

/// How to start.
pub struct RunOptions {
    /// `None`: resume the most recent unfinished game if there is one, else generate with
    /// `fresh`.
    pub start: Option<StartGame>,
    pub fresh: GenerateOptions,
    pub color: bool,
    pub ascii: bool,
}

/// Where the store goes: `$SUDOSCOPE_DATA_DIR`, else the platform's data directory.
pub fn data_dir() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("SUDOSCOPE_DATA_DIR").filter(|d| !d.is_empty()) {
        return Some(PathBuf::from(dir));
    }
    dirs::data_dir().map(|d| d.join("sudoscope"))
}

/// Builds the first App: the requested game, or the most recent unfinished one (a damaged
/// one gives a message and a fresh game; it stays in the store), with the player's records
/// and whatever the store has to say.
pub fn build_app(options: RunOptions, store: &mut LocalStore) -> Result<App, RunError> {
    let pool = Arc::new(StepPool::new(
        std::thread::available_parallelism().map_or(1, |n| n.get()),
    ));
    let config = |start| AppConfig {
        start,
        color: options.color,
        ascii: options.ascii,
        pool: pool.clone(),
    };
    let fresh = || App::new(config(StartGame::Generate(options.fresh.clone())));
    let start_error = |e: super::app::AppError| RunError::Start(e.to_string());
    let mut notices = std::mem::take(&mut store.notices);
    let mut app = match options.start {
        Some(start) => App::new(config(start)).map_err(start_error)?,
        None => match store.take_up(1) {
            Ok(Some(json)) => match App::new(config(StartGame::Resume(json))) {
                Ok(mut app) => {
                    app.notify("welcome back: your last game is restored");
                    app
                }
                Err(e) => {
                    notices.push(format!("{e}; here is a new game"));
                    fresh().map_err(start_error)?
                }
            },
            Ok(None) => fresh().map_err(start_error)?,
            Err(e) => {
                notices.push(format!("{e}; here is a new game"));
                fresh().map_err(start_error)?
            }
        },
    };
    let records = store.answer(Request::Records);
    let _ = app.update(Msg::Stored(records));
    if !notices.is_empty() {
        app.notify(notices.join("; "));
    }
    if options.color {
        let bg = Background::from_colorfgbg(std::env::var("COLORFGBG").ok().as_deref());
        app.set_theme(Theme::colored(bg, options.ascii));
    }
    Ok(app)
}

/// Opens the UI and runs until the player quits. The terminal opens before any slow work:
/// the first puzzle is generated as a job, so "generating…" shows at once.
pub fn run(options: RunOptions, mut store: LocalStore) -> Result<(), RunError> {
    let mut app = build_app(options, &mut store)?;
    let watch = TerminalWatch::new()?;
    install_panic_hook();
    let mut terminal = setup()?;
    let jobs = JobPool::new(JOB_WORKERS)?;
    let first = app.start();
    let result = event_loop(&mut terminal, &mut app, &mut store, &watch, &jobs, first);
    // The game is saved once more on the way out (its clock), whatever ended the loop.
    if let Some(save) = app.save_request() {
        store.save(&save);
    }
    restore();
    let _ = terminal.show_cursor();
    result
}

fn setup() -> io::Result<Terminal<CrosstermBackend<TerminalOut>>> {
    enable_raw_mode()?;
    let mut out = TerminalOut::new();
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
    terminal: &mut Terminal<CrosstermBackend<TerminalOut>>,
    app: &mut App,
    store: &mut LocalStore,
    watch: &TerminalWatch,
    jobs: &JobPool,
    first: Vec<Effect>,
) -> Result<(), RunError> {
    let mut dirty = true;
    let mut last_tick = Instant::now();
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
                Effect::Save(save) => {
                    if let Some(failure) = store.save(&save) {
                        app.notify(failure);
                    }
                }
                Effect::Ask(request) => {
                    let answer = store.answer(request);
                    pending.extend(app.update(Msg::Stored(answer)));
                    dirty = true;
                }
                // Race rooms are offered over SSH only (`App::offer_rooms`).
                Effect::Race(_) => app.notify("race rooms are played over SSH (sudoscope serve)"),
            }
        }
    }
}
