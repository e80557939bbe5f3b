//! What the SSH server needs from the game: the seam between a session and the UI.
//!
//! The server knows nothing about sudoku; it feeds terminal events in, draws frames out and
//! hands what the app asks to keep to the player's [`Keeper`](crate::store::Keeper) (and the
//! store's answers back through [`SessionApp::work_done`]). The terminal UI's `App`
//! implements this (see `game.rs`); tests use small apps of their own.

use std::any::Any;

use ratatui::Frame;
use ratatui::crossterm::event::Event;
use ratatui::layout::Rect;

use crate::store::{Request, Save};

/// What the app asks the session to do.
#[derive(Debug)]
pub enum SessionEffect {
    /// The player quit: restore their terminal and close the channel.
    Quit,
    /// Keep the game (the app emits one after every change).
    Save(Box<Save>),
    /// Ask the store; the answer comes back boxed through [`SessionApp::work_done`] as a
    /// [`store::Answer`](crate::store::Answer). The store's records are sent that way,
    /// unasked, when the session starts.
    Ask(Request),
    /// Work that may take long (a puzzle to generate, a solution path): the session runs it
    /// on the server's blocking pool, never on the async workers that serve every player's
    /// keys, and hands the answer to [`SessionApp::work_done`].
    Work(Work),
    /// The player asked for a race room (opening one, or joining by code): the session
    /// puts a race in front of the game and comes back to the game when the player leaves.
    Race(crate::race::RaceRequest),
}

/// What a finished [`Work`] gives back; only the app that asked knows its type.
pub type Answer = Box<dyn Any + Send>;

/// A piece of slow work for the blocking pool.
pub struct Work(Box<dyn FnOnce() -> Answer + Send>);

impl Work {
    pub fn new(work: impl FnOnce() -> Answer + Send + 'static) -> Work {
        Work(Box::new(work))
    }

    /// Does the work (on a blocking-pool thread).
    pub fn run(self) -> Answer {
        (self.0)()
    }
}

impl std::fmt::Debug for Work {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Work")
    }
}

/// One player's game, driven by one SSH session.
pub trait SessionApp: Send {
    /// The session is up and its first frame is about to be drawn: the app's first work (a
    /// puzzle to generate) starts here. `keeps_game` tells whether the game outlives the
    /// connection (a player known by a public key) or ends with it (anonymous).
    fn start(&mut self, keeps_game: bool) -> Vec<SessionEffect> {
        let _ = keeps_game;
        Vec::new()
    }
    /// A key, mouse, paste or resize event from the player's terminal.
    fn event(&mut self, event: Event) -> Vec<SessionEffect>;
    /// Time passed: the clock, a running solver's newest view.
    fn tick(&mut self) -> Vec<SessionEffect>;
    /// The answer of a [`SessionEffect::Work`] this app asked for.
    fn work_done(&mut self, answer: Answer) -> Vec<SessionEffect> {
        let _ = answer;
        Vec::new()
    }
    /// Draws the whole screen (and keeps what it needs of where things landed, e.g. for
    /// mouse clicks).
    fn render(&mut self, frame: &mut Frame);
    /// Only time passed since the last [`SessionApp::render`]: the part of a `screen`-sized
    /// frame that time changes (the clock's line), or `None` when the whole screen must be
    /// drawn. A second's tick of every player's clock is most of a server's frames, and a
    /// whole frame costs many times the clock's line.
    fn clock_area(&self, screen: Rect) -> Option<Rect> {
        let _ = screen;
        None
    }
    /// Draws the [`SessionApp::clock_area`] anew, over the last frame (which `frame` holds).
    fn render_clock(&mut self, frame: &mut Frame, area: Rect) {
        let _ = (frame, area);
    }
    /// True while the screen changes by itself (a solver runs): the session then draws at
    /// the animation rate instead of once a second.
    fn needs_frames(&self) -> bool;
    /// The game as it stands, saved once more when the session ends however it ends: the
    /// clock has run since the last change was saved. `None` when there is nothing to save.
    fn final_save(&self) -> Option<Save> {
        None
    }
    /// Something outside the session may change the screen (a race room's other players):
    /// a future that completes when it did, after which the session calls
    /// [`SessionApp::tick`]. Asked again after every pass of the session's loop.
    fn woken(&self) -> Option<Wake> {
        None
    }
    /// The app goes behind another one (a race) until the player comes back to it: its
    /// clock should stop.
    fn suspend(&mut self) {}
}

/// What [`SessionApp::woken`] gives: completes when the app has news to take in.
pub type Wake = std::pin::Pin<Box<dyn std::future::Future<Output = ()> + Send>>;

/// Makes the app of a new session, from the player's most recent unfinished game if there is
/// one (a
/// snapshot that cannot be read gives a fresh game, not an error); an error is shown to the
/// player as one line before the session closes.
pub type AppFactory =
    std::sync::Arc<dyn Fn(AppStart) -> Result<Box<dyn SessionApp>, String> + Send + Sync>;

/// What a session's game starts from: the player's saved game, if any, and how to draw.
#[derive(Clone, Debug, Default)]
pub struct AppStart {
    pub saved: Option<String>,
    /// Plain ASCII instead of box drawing (`ssh host ascii`).
    pub ascii: bool,
}
