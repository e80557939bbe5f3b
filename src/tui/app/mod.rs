//! The application state and its update function (the Elm architecture): events in, state
//! changes and effects out, no I/O. The same `App` runs in the local terminal (`run.rs`) and
//! in every SSH session.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Duration;

use ratatui::crossterm::event::{
    Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use ratatui::layout::Rect;
use thiserror::Error;

use super::job::{Done, Job, Outcome, Rated};
use super::keymap::{self, Action};
use super::layout::BoardLayout;
use super::panel_link::{ClockDisplay, SolverPanel, StepPool, start_point};
use super::records::Finish;
use super::theme::{Background, Theme};
use crate::store::{Answer, GameId, Request, Save, Unfinished};
use sudoscope_core::game::{Game, GameError, Solvability};
use sudoscope_core::generate::{
    CLIMB_FROM, GenerateError, GenerateOptions, Generated, Level, Measure, Need, SeBand, Symmetry,
    reachable_levels,
};
use sudoscope_core::grid::{
    Geometry, JIGSAW_SIZES, MAX_KILLER_SIZE, ReadOptions, Variant, parse_puzzle,
};
use sudoscope_core::logic::se::summary_and_proof;
use sudoscope_core::logic::{self, Step, Technique};

mod actions;
mod daily_game;
mod keys;
mod saving;
mod screens;

pub use daily_game::{DailyTag, Today, daily_level, real_today};
pub use saving::Assists;

/// How the app starts and looks.
pub struct AppConfig {
    pub start: StartGame,
    pub color: bool,
    pub ascii: bool,
    pub pool: Arc<StepPool>,
}

/// The first game.
pub enum StartGame {
    /// A new puzzle, made as a job once the runner starts the app ([`App::start`]): the
    /// screen says "generating…" at once instead of staying blank while it is made.
    Generate(GenerateOptions),
    Puzzle(sudoscope_core::grid::Puzzle),
    /// A snapshot written by [`App::snapshot`] (autosave).
    Resume(String),
    /// A daily puzzle (`sudoscope daily`): the game knows its day and level.
    Daily(crate::daily::Daily),
}

/// What the app reacts to.
#[derive(Clone, Debug)]
pub enum Msg {
    Event(Event),
    /// The frame clock: timer, solver views, animations.
    Tick,
    /// The answer to an [`Effect::Work`].
    Done(Done),
    /// The store's answer to an [`Effect::Ask`] (the runner may also send records unasked,
    /// when the app starts).
    Stored(Answer),
    /// Where the last frame put the board, the palette and the hidden panel: what `render`
    /// returned. Mouse clicks and panel keys are read against it, so the runner hands it back
    /// after every draw and the drawing itself never writes into the app.
    Drawn(Hits),
}

/// What the app asks its runner to do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Effect {
    Quit,
    /// Keep the game (its snapshot, and its finish once solved); sent after every change.
    Save(Save),
    /// Ask the store something; the answer comes back as [`Msg::Stored`].
    Ask(Request),
    /// Carry out this job away from the screen and send back `Msg::Done` (see `job`).
    Work(Job),
    /// Open or join a race room (offered only where the runner has rooms: over SSH).
    Race(crate::race::RaceRequest),
}

/// The slow request the app waits for besides a generation (its job's id in
/// [`App::waiting`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Waiting {
    Path,
    Hint,
}

/// The largest grid whose hints `update` finds itself: a 9×9 next step takes milliseconds,
/// a 16×16 or 25×25 one can take seconds, so those go out as jobs.
const INLINE_HINT_MAX_SIZE: usize = 9;

/// Why the app cannot start.
#[derive(Debug, Error)]
pub enum AppError {
    #[error(transparent)]
    Game(#[from] GameError),
    #[error("cannot generate a puzzle: {0}")]
    Generate(#[from] GenerateError),
    #[error("the saved game is not readable: {0}")]
    Snapshot(String),
    #[error("no such puzzle shape: {0}")]
    Geometry(#[source] sudoscope_core::grid::GridError),
}

/// How far a hint has been revealed.
#[derive(Clone, Debug)]
pub enum Hint {
    /// A logical step, shown in stages 1 (technique and house) to 3 (explanation); `scroll`
    /// is how many of its text lines the player has paged past (PageDown) when the text is
    /// taller than the card. A nested chain's explanation is its level-by-level summary
    /// until the player asks for the full `proof` (hundreds of lines for the hardest).
    Step {
        step: Box<Step>,
        stage: u8,
        scroll: u16,
        proof: bool,
    },
    /// The grid has entries that disagree with the solution: fix them first.
    Wrong { cells: Vec<usize> },
    /// No technique applies.
    Stuck,
}

/// The new-game dialog's choices.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewGameForm {
    pub field: usize,
    /// An index into [`LEVEL_CHOICES`], then into [`BAND_CHOICES`] after them.
    pub level: usize,
    pub size: usize,
    pub variant: usize,
    pub symmetric: bool,
    /// 0: no technique to practise; else an index + 1 into [`PRACTISE_CHOICES`].
    pub practise: usize,
}

/// The Sudoku Explainer bands the dialog offers after the levels (9×9 standard only), as
/// (tenths low, tenths high).
pub const BAND_CHOICES: [(u32, u32); 9] = [
    (20, 30),
    (30, 40),
    (40, 50),
    (50, 60),
    (60, 70),
    (70, 80),
    (80, 90),
    (90, 95),
    // 10 and up: climbed from the hard puzzles the engine ships, in about a second.
    (100, u32::MAX),
];

/// The techniques the dialog offers to practise (each generated in about a second or less
/// on 9×9; see `generate --needs` for all of them).
pub const PRACTISE_CHOICES: [Technique; 16] = [
    Technique::Pointing,
    Technique::NakedPair,
    Technique::HiddenPair,
    Technique::XWing,
    Technique::Swordfish,
    Technique::XyWing,
    Technique::XyzWing,
    Technique::WWing,
    Technique::Skyscraper,
    Technique::TwoStringKite,
    Technique::UniqueRectangle1,
    Technique::BugPlus1,
    Technique::XChain,
    Technique::XyChain,
    Technique::AlsXz,
    Technique::DiscontinuousNiceLoop,
];

pub const LEVEL_CHOICES: [Option<Level>; 5] = [
    Some(Level::Easy),
    Some(Level::Medium),
    Some(Level::Hard),
    Some(Level::Evil),
    None,
];
pub const SIZE_CHOICES: [usize; 4] = [4, 9, 16, 25];

impl NewGameForm {
    pub const FIELDS: usize = 5;

    /// The level chosen, `None` for "any" and for an SE band.
    pub fn level_choice(&self) -> Option<Level> {
        LEVEL_CHOICES.get(self.level).copied().flatten()
    }

    /// The SE band chosen, if the level field holds one.
    pub fn band_choice(&self) -> Option<SeBand> {
        let (min, max) = *BAND_CHOICES.get(self.level.checked_sub(LEVEL_CHOICES.len())?)?;
        Some(SeBand { min, max })
    }

    /// The technique chosen to practise.
    pub fn practise_choice(&self) -> Option<Technique> {
        PRACTISE_CHOICES.get(self.practise.checked_sub(1)?).copied()
    }

    /// What the puzzle is made to, beyond a level: a technique to practise first, else an SE
    /// band.
    pub fn measure(&self) -> Option<Measure> {
        if let Some(technique) = self.practise_choice() {
            return Some(Measure::Needs(Need::Ours(technique)));
        }
        self.band_choice().map(|band| Measure::Se {
            band,
            seeds: Vec::new(),
            avoid: Default::default(),
        })
    }

    /// Whether this size and variant is 9×9 standard, the only shape SE rates.
    fn se_shape(&self) -> bool {
        SIZE_CHOICES[self.size] == 9 && self.variant_choice() == Variant::Standard
    }

    /// Whether techniques can be practised at this size (4×4 puzzles all fall to singles;
    /// 25×25 walks take too long for a dialog).
    fn offers_practise(&self) -> bool {
        matches!(SIZE_CHOICES[self.size], 9 | 16) && self.variant_choice().is_classic()
    }

    /// The variant chosen: any of [`Variant::ALL`], killer and jigsaw included (the
    /// generator says in one line what it cannot make).
    pub fn variant_choice(&self) -> Variant {
        Variant::ALL
            .get(self.variant)
            .copied()
            .unwrap_or(Variant::Standard)
    }

    /// Whether the size at `choice` is one the chosen variant has: killer and jigsaw go up
    /// to 16×16 (a killer's cage table holds 2^N digit sets; a jigsaw's N regions of N cells).
    fn offers_size(&self, choice: usize) -> bool {
        let n = SIZE_CHOICES[choice];
        self.variant_choice().is_classic() || n <= MAX_KILLER_SIZE.min(*JIGSAW_SIZES.end())
    }

    fn from_options(o: &GenerateOptions) -> NewGameForm {
        let mut form = NewGameForm {
            field: 0,
            level: LEVEL_CHOICES
                .iter()
                .position(|&l| l == o.level)
                .unwrap_or(1),
            size: SIZE_CHOICES.iter().position(|&s| s == o.size).unwrap_or(1),
            variant: Variant::ALL
                .iter()
                .position(|&v| v == o.variant)
                .unwrap_or(0),
            symmetric: o.symmetry != Symmetry::None,
            practise: 0,
        };
        form.keep_level_reachable();
        form
    }

    /// Whether the generator can make the level at `choice` for the chosen size and variant
    /// ("any" always).
    pub fn offers_level(&self, choice: usize) -> bool {
        let Some(&level) = LEVEL_CHOICES.get(choice) else {
            return self.se_shape();
        };
        level.is_none_or(|level| {
            reachable_levels(SIZE_CHOICES[self.size], self.variant_choice()).contains(&level)
        })
    }

    /// A race room's puzzle, as chosen (race puzzles are not made symmetric on request).
    pub fn race_settings(&self) -> crate::race::Settings {
        crate::race::Settings {
            size: SIZE_CHOICES[self.size],
            variant: self.variant_choice(),
            level: LEVEL_CHOICES[self.level],
        }
    }

    /// After a size or variant change: a level it cannot reach becomes the hardest it can.
    fn keep_level_reachable(&mut self) {
        while self.size > 0 && !self.offers_size(self.size) {
            self.size -= 1;
        }
        while self.level > 0 && !self.offers_level(self.level) {
            self.level -= 1;
        }
        if !self.offers_practise() {
            self.practise = 0;
        }
    }

    fn change(&mut self, delta: i32) {
        let cycle = |v: usize, n: usize| (v as i32 + delta).rem_euclid(n as i32) as usize;
        match self.field {
            0 => {
                // Skip the levels this size and variant cannot produce.
                let choices = LEVEL_CHOICES.len() + BAND_CHOICES.len();
                self.level = cycle(self.level, choices);
                while !self.offers_level(self.level) {
                    self.level = cycle(self.level, choices);
                }
            }
            1 => {
                self.size = cycle(self.size, SIZE_CHOICES.len());
                while !self.offers_size(self.size) {
                    self.size = cycle(self.size, SIZE_CHOICES.len());
                }
            }
            2 => self.variant = cycle(self.variant, Variant::ALL.len()),
            3 => self.symmetric = !self.symmetric,
            _ if self.offers_practise() => {
                self.practise = cycle(self.practise, PRACTISE_CHOICES.len() + 1)
            }
            _ => {}
        }
        self.keep_level_reachable();
    }
}

/// What covers the board.
#[derive(Clone, Debug)]
pub enum Overlay {
    None,
    Help {
        scroll: u16,
    },
    /// The solution path's steps (the view words them) and whether they solve the grid.
    Path {
        steps: Vec<Step>,
        solved: bool,
        scroll: u16,
    },
    NewGame(NewGameForm),
    Open {
        text: String,
        error: Option<String>,
    },
    /// A question before something that cannot be taken back, or that takes the game away.
    Confirm(Confirm),
    /// The stats screen; `None` until the store answers.
    Stats(Option<Box<crate::store::StatsReport>>),
    /// The leaderboards; `None` until the store answers.
    Boards(Option<Box<crate::store::BoardsView>>),
    /// The name prompt: what is typed, why the last try was refused, and whether it came up
    /// by itself after a first ranked finish.
    Name {
        text: String,
        error: Option<String>,
        first: bool,
    },
    /// The race room code prompt: what is typed (only a code's characters), and why the
    /// last try was refused.
    JoinRoom {
        text: String,
        error: Option<String>,
    },
}

/// What a confirm prompt asks before doing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Confirm {
    /// Leave the unfinished game for the new-game dialog.
    NewGame,
    /// Leave the unfinished game for the open dialog.
    Open,
    /// Leave the unfinished game for the open dialog holding a pasted puzzle.
    Paste,
    /// Fill in the whole solution.
    RevealAll,
    /// Leave the unfinished game for today's puzzle at this level.
    Daily(Level),
    /// Quit where the game is not kept (an anonymous SSH session).
    Quit,
}

impl Confirm {
    /// The question, with the keys that answer it.
    pub fn question(self) -> &'static str {
        match self {
            Confirm::NewGame => {
                "Leave this unfinished game for a new one? It stays in the continue list (o)."
            }
            Confirm::Open => {
                "Leave this unfinished game to open another? It stays in the continue list (o)."
            }
            Confirm::Paste => {
                "Leave this unfinished game for the pasted puzzle? It stays in the continue list (o)."
            }
            Confirm::RevealAll => "Reveal the whole solution? This game then sets no best time.",
            Confirm::Daily(_) => {
                "Leave this unfinished game for today's puzzle? It stays in the continue list (o)."
            }
            Confirm::Quit => {
                "Quit? This game is not kept: a game played without an SSH key ends with the \
                 session."
            }
        }
    }
}

/// What is known of the puzzle's difficulty: the engine's level and score, and Sudoku
/// Explainer's rating (worked out by a job when the game starts; SE rates standard 9×9
/// puzzles only).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PuzzleInfo {
    pub score: Option<f64>,
    pub se: SeInfo,
}

/// Sudoku Explainer's rating of the puzzle, as far as it is known.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum SeInfo {
    /// Not asked for (yet), or SE cannot rate this puzzle.
    #[default]
    None,
    /// The job is working on it.
    Rating,
    /// ER in tenths (SE's hardest step).
    Known(u32),
}

/// The kind of a status-line message.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tone {
    Info,
    Good,
    Bad,
}

/// Where things were drawn in the last frame: what a click lands on, and whether the solver
/// panel had room. Made by `render`, handed back as [`Msg::Drawn`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Hits {
    pub board: Option<BoardLayout>,
    /// The digit palette: its area and the width of one entry.
    pub palette: Option<(Rect, u16, u16)>,
    /// The solver panel is open but has no room: the window it needs, and the window's size.
    pub panel_hidden: Option<((u16, u16), (u16, u16))>,
    /// The hint card's text did not fit: how many rows of text the card shows, and how far
    /// it can be scrolled (the rows that are out of sight with the first line at the top).
    pub hint_pages: Option<(u16, u16)>,
    /// The help or the solution path: how many rows of it are shown, and how far it can be
    /// scrolled (the rows out of sight with its first line at the top).
    pub overlay_pages: Option<(u16, u16)>,
    /// The window is too small for the board: a message stands in its place (and the clock
    /// stops, as when paused).
    pub board_hidden: bool,
}

pub struct App {
    pub(crate) game: Game,
    pub(crate) cursor: usize,
    pub(crate) notes_mode: bool,
    pub(crate) paused: bool,
    pub(crate) overlay: Overlay,
    pub(crate) hint: Option<Hint>,
    pub(crate) message: Option<(String, Tone)>,
    pub(crate) theme: Theme,
    pub(crate) panel: SolverPanel,
    pub(crate) panel_open: bool,
    panel_loaded: bool,
    /// The entries the panel was loaded with (it reloads from newer ones when reopened).
    panel_entries: Vec<u8>,
    solver_offer_made: bool,
    /// Frames left of the completion celebration.
    pub(crate) celebration: u32,
    pub(crate) frame: u64,
    /// The generation under way: its job (to cancel it) and what the status line says.
    pub(crate) generating: Option<(Job, String)>,
    /// A path or hint job under way: its id and what it answers.
    waiting: Option<(u64, Waiting)>,
    /// The rating job of the current game (cancelled when another game starts).
    rating: Option<Job>,
    pub(crate) info: PuzzleInfo,
    /// The first puzzle to make, until [`App::start`] asks for it.
    first_generation: Option<GenerateOptions>,
    /// The new-game dialog's last SE band or technique choice (its level and practise
    /// fields), offered again when the dialog opens on a game of the same shape.
    last_measure: Option<(usize, usize)>,
    /// No puzzle yet: the board is an empty placeholder while the first one is made.
    pub(crate) placeholder: bool,
    /// A pasted puzzle held while [`Confirm::Paste`] asks whether to leave the game for it.
    pasted: Option<String>,
    /// The player's best times by kind of puzzle (see `records`), saved with every snapshot.
    best_ms: BTreeMap<String, u64>,
    /// How the finished game compares with the best time before it (the banner says).
    pub(crate) finish: Option<Finish>,
    /// The player closed the celebration banner (Esc).
    pub(crate) banner_closed: bool,
    /// The id of the next job.
    next_job: u64,
    /// The short key list beside the board, when the keys are not the game's own (a race
    /// board allows only some): key and what it does.
    pub(crate) key_card: Option<&'static [(&'static str, &'static str)]>,
    /// The stored game the current one was continued from (see `saving`).
    stored: Option<GameId>,
    /// The current game's finish went to the history (a game records one finish).
    finish_recorded: bool,
    /// What the player was given in the current game besides hint steps.
    assists: Assists,
    /// The save of a game just left for another, sent with the next effects.
    leaving: Option<Save>,
    /// The open dialog's continue list, and the entry Enter resumes.
    continue_games: Vec<Unfinished>,
    continue_pick: usize,
    options: GenerateOptions,
    games_started: u64,
    /// The last frame's layout (see [`Msg::Drawn`]).
    pub(crate) hits: Hits,
    /// The daily puzzle this game is, if it is one.
    daily: Option<DailyTag>,
    /// Today's date (for today's puzzle).
    today: Today,
    /// A daily was just finished: the leaderboards asked for come up by themselves.
    boards_after_finish: bool,
    /// A race's board (see [`App::in_race`]).
    race_board: bool,
    /// `a` asked for a step that a job is looking for: it is applied when it comes.
    apply_when_found: bool,
    /// Whether the runner keeps games past the session (not for an anonymous SSH player).
    games_kept: bool,
    /// The runner has race rooms (over SSH): the new-game dialog offers them.
    pub(crate) rooms: bool,
}

/// What the status line says once the panel's solver has solved the puzzle (and only while
/// it has, on screen: a reset, another solver or a window too small for the panel takes the
/// offer back).
pub(crate) const SOLVER_OFFER: &str = "the solver found a solution: y copies it into the board";

/// Frames of the completion celebration (about two seconds at 30 fps).
const CELEBRATION_FRAMES: u32 = 60;

impl App {
    pub fn new(config: AppConfig) -> Result<App, AppError> {
        let mut first_generation = None;
        let mut cursor = None;
        let mut best_ms = BTreeMap::new();
        let mut assists = Assists::default();
        let mut daily = None;
        let (game, options) = match config.start {
            StartGame::Generate(options) => {
                // A killer's or jigsaw's shape comes with the puzzle: until then the empty
                // board shown is the plain one of its size.
                let geometry = Geometry::get(options.size, options.variant)
                    .or_else(|e| {
                        if options.variant.is_classic() {
                            Err(e)
                        } else {
                            Geometry::get(options.size, Variant::Standard)
                        }
                    })
                    .map_err(AppError::Geometry)?;
                first_generation = Some(options.clone());
                (Game::empty(geometry), options)
            }
            StartGame::Puzzle(puzzle) => {
                (Game::new(puzzle, None, None)?, GenerateOptions::default())
            }
            StartGame::Resume(json) => {
                let resumed = saving::resume(&json)?;
                cursor = resumed.cursor;
                best_ms = resumed.best_ms;
                assists = resumed.assists;
                daily = resumed.daily;
                (resumed.game, GenerateOptions::default())
            }
            StartGame::Daily(today) => {
                daily = Some(DailyTag::of(&today));
                let options = GenerateOptions {
                    level: Some(today.level),
                    ..GenerateOptions::default()
                };
                (App::daily_game(&today)?, options)
            }
        };
        let theme = if config.color {
            Theme::colored(Background::Dark, config.ascii)
        } else {
            Theme::plain(config.ascii)
        };
        let cursor = cursor.or_else(|| first_empty(&game)).unwrap_or(0);
        let placeholder = first_generation.is_some();
        Ok(App {
            game,
            cursor,
            notes_mode: false,
            paused: false,
            overlay: Overlay::None,
            hint: None,
            message: None,
            theme,
            panel: SolverPanel::new(config.pool),
            panel_open: false,
            panel_loaded: false,
            panel_entries: Vec::new(),
            solver_offer_made: false,
            celebration: 0,
            frame: 0,
            generating: None,
            waiting: None,
            rating: None,
            info: PuzzleInfo::default(),
            first_generation,
            last_measure: None,
            placeholder,
            pasted: None,
            best_ms,
            finish: None,
            banner_closed: false,
            next_job: 1,
            key_card: None,
            stored: None,
            finish_recorded: false,
            assists,
            leaving: None,
            continue_games: Vec::new(),
            continue_pick: 0,
            options,
            games_started: 0,
            hits: Hits::default(),
            daily,
            today: real_today(),
            boards_after_finish: false,
            games_kept: true,
            apply_when_found: false,
            race_board: false,
            rooms: false,
        })
    }

    /// Replaces the theme (the local runner picks the light palette from `COLORFGBG`).
    pub fn set_theme(&mut self, theme: Theme) {
        self.theme = theme;
    }

    /// Offers race rooms in the new-game dialog (the runner can carry them out).
    pub fn offer_rooms(&mut self) {
        self.rooms = true;
    }

    /// This board is a race's: one puzzle, no new game offered (its runner refuses them).
    pub fn in_race(&mut self) {
        self.race_board = true;
    }

    /// Whether this board is a race's.
    pub fn is_race_board(&self) -> bool {
        self.race_board
    }

    /// The runner keeps no game past the session (an anonymous SSH player): `q` asks before
    /// leaving an unfinished one.
    pub fn games_not_kept(&mut self) {
        self.games_kept = false;
    }

    /// `q`: quits, first asking when an unfinished game would be lost.
    pub(super) fn quit(&mut self) -> Vec<Effect> {
        self.ask_first(Confirm::Quit)
    }

    /// Shows a one-line message in the status bar (the runner reports a corrupt save here).
    pub fn notify(&mut self, text: impl Into<String>) {
        self.message = Some((text.into(), Tone::Bad));
    }

    /// Shows a neutral one-line message (a welcome, what an anonymous SSH game keeps).
    pub fn tell(&mut self, text: impl Into<String>) {
        self.message = Some((text.into(), Tone::Info));
    }

    /// The first effects, once the runner can carry them out (its screen is up): the first
    /// puzzle's generation, or the rating of the game already there.
    pub fn start(&mut self) -> Vec<Effect> {
        match self.first_generation.take() {
            Some(options) => self.generate_with(options, None),
            None => self.rate_game(),
        }
    }

    /// Best times carried over from an earlier save (a finished game's save is not resumed,
    /// but its records are kept).
    pub fn keep_best_times(&mut self, best_ms: BTreeMap<String, u64>) {
        for (kind, ms) in best_ms {
            let best = self.best_ms.entry(kind).or_insert(ms);
            *best = (*best).min(ms);
        }
    }

    pub fn info(&self) -> &PuzzleInfo {
        &self.info
    }

    /// True until the first puzzle has arrived.
    pub fn is_placeholder(&self) -> bool {
        self.placeholder
    }

    /// How the finished game compares with the player's best time.
    pub fn finish(&self) -> Option<&Finish> {
        self.finish.as_ref()
    }

    /// Stops the clock at a fixed reading, so test screens are reproducible.
    pub fn freeze_clock(&mut self, shown: Duration) {
        self.game.timer.freeze(shown);
    }

    /// Draws the solver panel's wall-clock figures (running time, rates) as `--`, so a screen
    /// with a solver that has run is reproducible (the documentation's screenshots).
    pub fn hide_solver_clock(&mut self) {
        self.panel.set_clock_display(ClockDisplay::Hidden);
    }

    pub fn game(&self) -> &Game {
        &self.game
    }
    pub fn cursor(&self) -> usize {
        self.cursor
    }
    pub fn notes_mode(&self) -> bool {
        self.notes_mode
    }
    pub fn is_paused(&self) -> bool {
        self.paused
    }
    pub fn overlay(&self) -> &Overlay {
        &self.overlay
    }
    pub fn hint(&self) -> Option<&Hint> {
        self.hint.as_ref()
    }
    pub fn message(&self) -> Option<&str> {
        self.message.as_ref().map(|(m, _)| m.as_str())
    }
    pub fn panel_open(&self) -> bool {
        self.panel_open
    }

    /// Whether the solver panel is on screen: open, and given room by the last frame. Its
    /// keys, its digits on the board and its solution (`y`) work only then.
    pub fn panel_shown(&self) -> bool {
        self.panel_open && self.hits.panel_hidden.is_none()
    }
    pub fn panel(&self) -> &SolverPanel {
        &self.panel
    }
    pub fn is_generating(&self) -> bool {
        self.generating.is_some()
    }

    /// True while a job other than a generation (solution path, large-grid hint) is out.
    pub fn is_waiting(&self) -> bool {
        self.waiting.is_some()
    }

    /// True while something animates: a solver runs, the celebration plays, a puzzle is
    /// being generated, a job is out.
    pub fn needs_frames(&self) -> bool {
        self.celebration > 0
            || self.generating.is_some()
            || self.waiting.is_some()
            || self.panel.is_running()
    }

    /// How long the runner may sleep when idle before the shown time changes.
    pub fn next_timer_change(&self) -> Option<Duration> {
        if self.paused {
            None
        } else {
            self.game.timer.until_next_second()
        }
    }

    pub fn update(&mut self, msg: Msg) -> Vec<Effect> {
        let mut effects = self.dispatch(msg);
        if let Some(left) = self.leaving.take() {
            effects.insert(0, Effect::Save(left));
        }
        effects
    }

    fn dispatch(&mut self, msg: Msg) -> Vec<Effect> {
        match msg {
            Msg::Tick => self.tick(),
            Msg::Event(Event::Key(key)) => self.key(key),
            Msg::Event(Event::Mouse(mouse)) => self.mouse(mouse),
            Msg::Event(Event::Paste(text)) => self.paste(text),
            Msg::Event(_) => Vec::new(),
            Msg::Done(done) => self.done(done),
            Msg::Stored(answer) => self.stored_answer(answer),
            Msg::Drawn(hits) => {
                self.hits = hits;
                self.keep_overlay_in_range();
                self.sync_clock();
                self.refresh_solver_offer();
                Vec::new()
            }
        }
    }

    fn job_id(&mut self) -> u64 {
        self.next_job += 1;
        self.next_job
    }

    /// Takes a job's answer; answers to jobs no longer awaited (cancelled, replaced) are
    /// dropped.
    fn done(&mut self, done: Done) -> Vec<Effect> {
        match done.outcome {
            Outcome::Generated(result) => {
                if self
                    .generating
                    .as_ref()
                    .is_none_or(|(job, _)| job.id != done.id)
                {
                    return Vec::new();
                }
                self.generating = None;
                self.generated(result)
            }
            Outcome::Path(path) => {
                if self.waiting != Some((done.id, Waiting::Path)) {
                    return Vec::new();
                }
                self.waiting = None;
                self.show_path(&path);
                Vec::new()
            }
            Outcome::Hint(step) => {
                if self.waiting != Some((done.id, Waiting::Hint)) {
                    return Vec::new();
                }
                self.waiting = None;
                self.message = None;
                self.hint = Some(self.new_hint(step));
                if std::mem::take(&mut self.apply_when_found) {
                    return self.apply_hint();
                }
                Vec::new()
            }
            Outcome::Rated(rated) => {
                if self.rating.as_ref().is_none_or(|job| job.id != done.id) {
                    return Vec::new();
                }
                self.rating = None;
                self.rated(rated)
            }
        }
    }

    /// A newly found hint step (counted in the hints used), or "stuck".
    fn new_hint(&mut self, step: Option<Step>) -> Hint {
        match step {
            Some(step) => {
                self.game.hints_used += 1;
                Hint::Step {
                    step: Box::new(step),
                    stage: 1,
                    scroll: 0,
                    proof: false,
                }
            }
            None => Hint::Stuck,
        }
    }

    /// Asks for the puzzle's ratings: SE's always (standard 9×9 with one solution), the
    /// engine's level and score when the game came without them.
    fn rate_game(&mut self) -> Vec<Effect> {
        if let Some(job) = self.rating.take() {
            job.cancel();
        }
        let geometry = self.game.geometry();
        let se = logic::se::supports(geometry) && self.game.solvability() == Solvability::Unique;
        let engine = self.info.score.is_none() && self.game.solution().is_some();
        if !se && !engine {
            return Vec::new();
        }
        if se {
            self.info.se = SeInfo::Rating;
        }
        let job = Job::rate(self.job_id(), self.game.puzzle().clone(), engine, se);
        self.rating = Some(job.clone());
        vec![Effect::Work(job)]
    }

    fn rated(&mut self, rated: Rated) -> Vec<Effect> {
        self.info.se = rated.se_er.map_or(SeInfo::None, SeInfo::Known);
        let Some(rating) = rated.engine else {
            return Vec::new();
        };
        self.info.score = Some(rating.score);
        if self.game.level.is_none() {
            self.game.level = Some(rating.level);
            return vec![self.save()];
        }
        Vec::new()
    }

    fn generated(&mut self, result: Result<Generated, GenerateError>) -> Vec<Effect> {
        match result {
            Ok(generated) => {
                let level = generated
                    .rating
                    .as_ref()
                    .map(|r| r.level)
                    .or(self.options.level);
                let score = generated.rating.as_ref().map(|r| r.score);
                match Game::new(generated.puzzle, Some(generated.solution), level) {
                    Ok(game) => {
                        self.start_game(game);
                        self.info.score = score;
                        let mut effects = self.rate_game();
                        effects.push(self.save());
                        effects
                    }
                    Err(e) => {
                        self.say(e.to_string(), Tone::Bad);
                        Vec::new()
                    }
                }
            }
            Err(GenerateError::Cancelled) => Vec::new(),
            Err(e) => {
                let then = if self.placeholder {
                    "; g chooses another kind, o opens one"
                } else {
                    ""
                };
                self.say(format!("no puzzle: {e}{then}"), Tone::Bad);
                Vec::new()
            }
        }
    }

    /// Stops the generation under way, if any (its worker sees the flag and ends).
    fn cancel_generation(&mut self) -> bool {
        match self.generating.take() {
            Some((job, _)) => {
                job.cancel();
                true
            }
            None => false,
        }
    }

    fn tick(&mut self) -> Vec<Effect> {
        self.frame = self.frame.wrapping_add(1);
        self.celebration = self.celebration.saturating_sub(1);
        self.panel.poll();
        self.refresh_solver_offer();
        Vec::new()
    }

    /// Offers the panel's solution while it has one on screen, and takes the offer back when
    /// it has none or the panel lost its room.
    fn refresh_solver_offer(&mut self) {
        let solved = self.panel_shown() && self.panel.has_solution();
        if solved && !self.solver_offer_made {
            self.solver_offer_made = true;
            self.say(SOLVER_OFFER, Tone::Good);
        } else if !solved && self.solver_offer_made {
            // The solver was reset, another one chosen or the panel hidden: there is
            // nothing to copy any more.
            self.solver_offer_made = false;
            if self.message() == Some(SOLVER_OFFER) {
                self.message = None;
            }
        }
    }

    fn say(&mut self, text: impl Into<String>, tone: Tone) {
        self.message = Some((text.into(), tone));
    }

    /// Whether leaving this game loses work: it is not finished and the player has made
    /// entries or notes.
    fn has_unfinished_work(&self) -> bool {
        let entered = self.game.entries() != self.game.puzzle().givens.cells();
        let noted = self.game.puzzle().pencilmarks.is_none()
            && (0..self.game.entries().len()).any(|c| !self.game.notes(c).is_empty());
        !self.placeholder
            && self.game.completed().is_none()
            && (entered || noted || self.game.can_undo())
    }

    fn start_game(&mut self, game: Game) {
        // The game left behind is kept (it stays in the continue list).
        self.leaving = self.save_request();
        self.stored = None;
        self.finish_recorded = false;
        self.assists = Assists::default();
        self.daily = None;
        self.boards_after_finish = false;
        self.game = game;
        self.cursor = first_empty(&self.game).unwrap_or(0);
        self.hint = None;
        self.paused = false;
        self.overlay = Overlay::None;
        self.celebration = 0;
        self.finish = None;
        self.banner_closed = false;
        self.info = PuzzleInfo::default();
        self.games_started += 1;
        self.solver_offer_made = false;
        self.panel_loaded = false;
        if self.panel_open {
            self.load_panel();
        }
        let n = self.game.size();
        if self.placeholder && self.message.is_some() {
            // The first game: the runner's notice (a damaged save, what an anonymous SSH
            // game keeps) stays up.
        } else {
            self.say(format!("new {n}×{n} game: good luck"), Tone::Info);
        }
        self.placeholder = false;
    }

    fn load_panel(&mut self) {
        let (puzzle, origin) = start_point(&self.game);
        self.panel.load_from(&puzzle, origin);
        self.panel_entries = self.game.entries().to_vec();
        self.panel_loaded = true;
        self.solver_offer_made = false;
    }

    /// Bookkeeping after the game changed: hints and the status message are stale (an undo
    /// takes back whatever the message was about; the action that changed the board says
    /// its own line after this), completion may start the celebration, and the snapshot is
    /// saved.
    fn changed(&mut self, changed: bool) -> Vec<Effect> {
        if !changed {
            return Vec::new();
        }
        self.hint = None;
        self.message = None;
        match self.game.completed() {
            Some(time) => {
                if self.celebration == 0 {
                    self.celebration = CELEBRATION_FRAMES;
                    self.banner_closed = false;
                    self.finish = Some(self.record_finish(time));
                }
                let next = if self.race_board {
                    "Solved! q leaves the race"
                } else {
                    "Solved! g starts a new game"
                };
                self.say(next, Tone::Good);
                let save = self.finish_save(time);
                let first = matches!(&save, Effect::Save(s) if s.finish.is_some());
                let mut effects = vec![save];
                if first {
                    effects.extend(self.daily_finished());
                }
                return effects;
            }
            None => self.finish = None,
        }
        vec![self.save()]
    }

    /// Compares a finish with the best time for this kind of puzzle, and keeps it when it is
    /// better (a game whose solution was filled in for the player sets none).
    fn record_finish(&mut self, time: Duration) -> Finish {
        let kind = self.finish_kind().to_string();
        let previous = self.best_ms.get(&kind).map(|&ms| Duration::from_millis(ms));
        let counts = !self.game.solution_shown;
        let new_best = counts && previous.is_none_or(|best| time < best);
        if new_best {
            self.best_ms.insert(kind, time.as_millis() as u64);
        }
        Finish {
            time,
            previous,
            new_best,
            counts,
        }
    }

    /// Whether the celebration banner is over the board.
    pub fn banner_shown(&self) -> bool {
        self.finish.is_some() && !self.banner_closed && self.game.completed().is_some()
    }

    /// Does what the player confirmed.
    fn confirmed(&mut self, confirm: Confirm) -> Vec<Effect> {
        match confirm {
            Confirm::NewGame => self.open_new_game_dialog(),
            Confirm::Open => self.open_open_dialog(),
            // Opened at once; text that is not a puzzle stays in the dialog with why.
            Confirm::Paste => {
                let text = self.pasted.take().unwrap_or_default();
                self.overlay = Overlay::Open { text, error: None };
                self.open_text()
            }
            Confirm::RevealAll => self.reveal_all(),
            Confirm::Daily(level) => self.play_today(level),
            Confirm::Quit => self.save_and_quit(),
        }
    }

    /// Opens the new-game dialog on the current game's settings: its size, variant and
    /// level ("any" when that was the choice that made it), and the last symmetry chosen.
    fn open_new_game_dialog(&mut self) -> Vec<Effect> {
        let mut settings = self.options.clone();
        let size = self.game.size();
        let variant = self.game.geometry().variant();
        let made_from_these = settings.size == size && settings.variant == variant;
        if !(made_from_these && settings.level.is_none()) {
            settings.level = self.game.level.or(settings.level);
        }
        settings.size = size;
        settings.variant = variant;
        let mut form = NewGameForm::from_options(&settings);
        if made_from_these && let Some((level, practise)) = self.last_measure {
            form.level = level;
            form.practise = practise;
            form.keep_level_reachable();
        }
        self.overlay = Overlay::NewGame(form);
        Vec::new()
    }

    fn open_open_dialog(&mut self) -> Vec<Effect> {
        self.overlay = Overlay::Open {
            text: String::new(),
            error: None,
        };
        self.continue_pick = 0;
        vec![Effect::Ask(Request::Unfinished)]
    }

    fn reveal_all(&mut self) -> Vec<Effect> {
        let changed = self.game.reveal_all();
        self.assists.solution_revealed |= changed;
        let effects = self.changed(changed);
        if changed {
            self.say("the solution is revealed (u undoes)", Tone::Info);
        }
        effects
    }

    /// Asks first when the action would lose unfinished work.
    fn ask_first(&mut self, confirm: Confirm) -> Vec<Effect> {
        let ask = match confirm {
            Confirm::NewGame | Confirm::Open | Confirm::Paste | Confirm::Daily(_) => {
                self.has_unfinished_work()
            }
            Confirm::RevealAll => self.game.completed().is_none(),
            Confirm::Quit => !self.games_kept && self.has_unfinished_work(),
        };
        if ask {
            self.overlay = Overlay::Confirm(confirm);
            Vec::new()
        } else {
            self.confirmed(confirm)
        }
    }

    fn no_solution_text(&self) -> String {
        match self.game.solvability() {
            Solvability::Multiple => "this puzzle has more than one solution".into(),
            _ => "this puzzle has no solution".into(),
        }
    }

    fn toggle_pause(&mut self) -> Vec<Effect> {
        if self.game.completed().is_some() || self.placeholder {
            return Vec::new();
        }
        self.paused = !self.paused;
        self.sync_clock();
        vec![self.save()]
    }

    /// Brings the help's or the path's scroll back within what the last frame showed (the
    /// window grew, or End came before the overlay's first frame).
    fn keep_overlay_in_range(&mut self) {
        if let Some((_, max)) = self.hits.overlay_pages
            && let Overlay::Help { scroll } | Overlay::Path { scroll, .. } = &mut self.overlay
        {
            *scroll = (*scroll).min(max);
        }
    }

    /// The clock runs only while the player can see the board: not paused, and not hidden by
    /// a window too small for it (what the last frame found). A finished game's clock stays
    /// stopped.
    fn sync_clock(&mut self) {
        if self.game.completed().is_some() || self.placeholder {
            return;
        }
        if self.paused || self.hits.board_hidden {
            self.game.timer.pause();
        } else {
            self.game.timer.resume();
        }
    }

    fn check(&mut self) {
        if self.game.solution().is_none() {
            let conflicts = self.game.conflicts().iter().filter(|&&c| c).count();
            self.say(
                format!("{}; {conflicts} cells clash", self.no_solution_text()),
                Tone::Bad,
            );
            return;
        }
        let wrong = self.game.wrong_cells().len();
        self.game.set_checked();
        if wrong == 0 {
            let left = self.game.empty_count();
            self.say(
                format!("no mistakes so far ({left} cells to go)"),
                Tone::Good,
            );
        } else {
            let s = if wrong == 1 {
                "entry disagrees"
            } else {
                "entries disagree"
            };
            let mark = self.theme.glyphs.wrong;
            self.say(
                format!("{wrong} {s} with the solution (marked {mark})"),
                Tone::Bad,
            );
        }
    }

    fn advance_hint(&mut self) -> Vec<Effect> {
        if self.game.completed().is_some() {
            self.say("solved already: g starts a new game", Tone::Info);
            return Vec::new();
        }
        match &mut self.hint {
            Some(Hint::Step {
                step,
                stage,
                scroll,
                proof,
            }) => {
                // After the last stage, `i` shows a nested chain's full proof, and again its
                // summary.
                if *stage < 3 {
                    *stage += 1;
                } else if summary_and_proof(&step.explanation).1.is_some() {
                    *proof = !*proof;
                }
                *scroll = 0;
                return Vec::new();
            }
            Some(Hint::Wrong { .. }) => {
                self.game.set_checked();
                return Vec::new();
            }
            _ => {}
        }
        let wrong = self.game.wrong_cells();
        if !wrong.is_empty() {
            self.hint = Some(Hint::Wrong { cells: wrong });
            return Vec::new();
        }
        let board = self.game.hint_board();
        // Only a puzzle with one solution may be reasoned about with uniqueness techniques.
        let unique = self.game.solvability() == Solvability::Unique;
        if self.game.size() > INLINE_HINT_MAX_SIZE {
            return self.hint_job(board, unique, "looking for the next step…");
        }
        let order = logic::path::order(&[]);
        let step = logic::path::next_step(&board, &order);
        // Where our own techniques are stuck, Sudoku Explainer's chains carry on (standard
        // 9×9): they can take seconds on the hardest puzzles, so they run as a job.
        if step.is_none() && unique && logic::se::supports(self.game.geometry()) {
            return self.hint_job(
                board,
                unique,
                "our techniques are stuck here: looking for a Sudoku Explainer chain…",
            );
        }
        let hint = self.new_hint(step);
        self.hint = Some(hint);
        Vec::new()
    }

    /// Looks for the next step off the UI thread (our ladder, then SE's chains), once.
    fn hint_job(&mut self, board: logic::Board, unique: bool, note: &str) -> Vec<Effect> {
        if self.waiting.is_some_and(|(_, w)| w == Waiting::Hint) {
            return Vec::new();
        }
        let id = self.job_id();
        self.waiting = Some((id, Waiting::Hint));
        self.apply_when_found = false;
        self.say(note, Tone::Info);
        vec![Effect::Work(Job::hint(id, board, unique))]
    }

    /// Pages the hint card's text by the rows the card showed in the last frame (less one, so
    /// a line of context stays), within what is out of sight; nothing when the text fits.
    fn scroll_hint(&mut self, pages: i8) {
        let Some((rows, max)) = self.hits.hint_pages else {
            return;
        };
        if let Some(Hint::Step { scroll, .. }) = &mut self.hint {
            let page = i32::from(rows.saturating_sub(1).max(1));
            let to = i32::from(*scroll) + i32::from(pages) * page;
            *scroll = to.clamp(0, i32::from(max)) as u16;
        }
    }

    fn apply_hint(&mut self) -> Vec<Effect> {
        let step = match &self.hint {
            Some(Hint::Step { step, .. }) => step.clone(),
            _ => {
                let effects = self.advance_hint();
                match &self.hint {
                    Some(Hint::Step { step, .. }) => step.clone(),
                    _ => {
                        // Found by a job: applied when it comes, as a step found at once is.
                        self.apply_when_found =
                            self.waiting.is_some_and(|(_, w)| w == Waiting::Hint);
                        return effects;
                    }
                }
            }
        };
        let changed = self.game.apply_step(&step);
        let effects = self.changed(changed);
        if self.game.completed().is_none() {
            self.say(format!("applied: {}", step.title()), Tone::Info);
        }
        effects
    }

    /// Asks for the solution path from the current board (a job: a hard puzzle's path takes
    /// a while); [`App::show_path`] opens it when it comes.
    fn open_path(&mut self) -> Vec<Effect> {
        if self.waiting.is_some_and(|(_, w)| w == Waiting::Path) {
            return Vec::new();
        }
        let id = self.job_id();
        self.waiting = Some((id, Waiting::Path));
        self.say("working out the solution path…", Tone::Info);
        let unique = self.game.solvability() == Solvability::Unique;
        vec![Effect::Work(Job::path(id, self.game.hint_board(), unique))]
    }

    fn show_path(&mut self, path: &logic::path::Path) {
        self.message = None;
        self.overlay = Overlay::Path {
            steps: path.steps.clone(),
            solved: path.solved,
            scroll: 0,
        };
    }

    fn start_generating(&mut self, form: &NewGameForm) -> Vec<Effect> {
        let mut options = self.options.clone();
        options.level = form.level_choice();
        options.size = SIZE_CHOICES[form.size];
        options.variant = form.variant_choice();
        options.symmetry = if form.symmetric {
            Symmetry::Rotational
        } else {
            Symmetry::None
        };
        let measure = form.measure();
        self.last_measure = measure.is_some().then_some((form.level, form.practise));
        let hardest_band = form.band_choice().is_some_and(|b| b.min >= CLIMB_FROM);
        options.timeout = Duration::from_secs(match options.size {
            25 => 60,
            16 => 30,
            _ if hardest_band || measure.is_some() && options.size > 9 => 60,
            _ => 10,
        });
        options.seed = self
            .options
            .seed
            .wrapping_add((self.games_started + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15));
        self.generate_with(options, measure)
    }

    /// Sends out the generation of a puzzle made with `options`, and to `measure` when given
    /// (replacing one under way).
    fn generate_with(&mut self, options: GenerateOptions, measure: Option<Measure>) -> Vec<Effect> {
        self.options = options.clone();
        let n = options.size;
        let what = match &measure {
            Some(Measure::Se { band, .. }) => format!("an SE {band}"),
            Some(Measure::Needs(need)) => format!("a {need} practice"),
            None => format!("a {}", options.level.map_or("random", |l| l.id())),
        };
        let label = format!(
            "generating {what} {n}×{n} {} puzzle… (Esc cancels)",
            options.variant
        );
        self.cancel_generation();
        let job = match measure {
            Some(measure) => Job::generate_measured(self.job_id(), options, measure),
            None => Job::generate(self.job_id(), options),
        };
        self.generating = Some((job.clone(), label));
        vec![Effect::Work(job)]
    }

    fn open_text(&mut self) -> Vec<Effect> {
        let Overlay::Open { text, error } = &mut self.overlay else {
            return Vec::new();
        };
        let parsed = parse_puzzle(text, ReadOptions::default());
        match parsed {
            Ok(puzzle) => match Game::new(puzzle, None, None) {
                Ok(game) => {
                    let note = match game.solvability() {
                        Solvability::Unique => None,
                        Solvability::Multiple => {
                            Some("note: this puzzle has more than one solution")
                        }
                        Solvability::None => Some("note: this puzzle has no solution"),
                    };
                    self.start_game(game);
                    if let Some(note) = note {
                        self.say(note, Tone::Bad);
                    }
                    // Rated as a puzzle given on the command line is: level, score and SE.
                    let mut effects = self.rate_game();
                    effects.push(self.save());
                    effects
                }
                Err(e) => {
                    *error = Some(e.to_string());
                    Vec::new()
                }
            },
            Err(e) => {
                *error = Some(e.to_string());
                Vec::new()
            }
        }
    }

    fn paste(&mut self, pasted: String) -> Vec<Effect> {
        let mut pasted = pasted;
        pasted.truncate(MAX_PASTE);
        match &mut self.overlay {
            Overlay::Open { text, error } => {
                let room = MAX_PASTE.saturating_sub(text.len());
                let mut cut = room.min(pasted.len());
                while !pasted.is_char_boundary(cut) {
                    cut -= 1;
                }
                text.push_str(&pasted[..cut]);
                *error = None;
            }
            // A paste while playing opens the pasted puzzle, asking first (as `o` does) when
            // that leaves unfinished work.
            Overlay::None => {
                self.pasted = Some(pasted);
                return self.ask_first(Confirm::Paste);
            }
            _ => {}
        }
        Vec::new()
    }

    fn mouse(&mut self, mouse: MouseEvent) -> Vec<Effect> {
        if !matches!(mouse.kind, MouseEventKind::Down(MouseButton::Left)) {
            return Vec::new();
        }
        if !matches!(self.overlay, Overlay::None) || self.paused || self.placeholder {
            return Vec::new();
        }
        let hits = self.hits;
        if let Some(board) = hits.board
            && let Some(cell) = board.cell_at(mouse.column, mouse.row)
            && cell < self.game.entries().len()
        {
            self.cursor = cell;
            return Vec::new();
        }
        if let Some((area, entry_w, per_row)) = hits.palette
            && area.contains(ratatui::layout::Position::new(mouse.column, mouse.row))
            && entry_w > 0
            && per_row > 0
        {
            let col = (mouse.column - area.x) / entry_w;
            let row = (mouse.row - area.y) / 2;
            if col < per_row {
                let d = (row * per_row + col + 1) as usize;
                if d <= self.game.size() {
                    return self.act(Action::Digit(d as u8));
                }
                if d == self.game.size() + 1 {
                    return self.act(Action::Clear);
                }
            }
        }
        Vec::new()
    }
}

impl Drop for App {
    /// A game that goes (a player quits or disconnects) stops its generation and its rating
    /// (which ends after the step it is searching).
    fn drop(&mut self) {
        self.cancel_generation();
        if let Some(job) = self.rating.take() {
            job.cancel();
        }
    }
}

/// The longest pasted or typed puzzle text kept (a 36×36 pencilmark grid fits).
const MAX_PASTE: usize = 64 * 1024;

fn first_empty(game: &Game) -> Option<usize> {
    game.entries().iter().position(|&d| d == 0)
}

/// Why the open solver panel is not on screen, and what would show it.
pub fn panel_hidden_text(needs: (u16, u16), now: (u16, u16)) -> String {
    format!(
        "the solver panel needs a window of {}×{} (now {}×{}); s closes it",
        needs.0, needs.1, now.0, now.1
    )
}
