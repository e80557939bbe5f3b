//! A player's session in a race room: the lobby, the countdown, their own board beside the
//! other racers' progress, the results; or, for a spectator, one racer's board read-only.
//!
//! The room itself is elsewhere ([`RoomHub`](super::rooms::RoomHub)): this app sends what its
//! player does and follows the room through its feed (the session wakes it whenever the room
//! changes, see [`SessionApp::woken`]). The board is the terminal UI's own `App`, restricted:
//! a racer may enter digits, take notes, undo and check, but not ask for hints, solvers or
//! the solution; a spectator may only move the cursor and run the solver panel. When the
//! connection ends, however it ends, dropping this app tells the hub the player left (a
//! racer keeps the seat for their return).

use std::sync::Arc;
use std::time::Duration;

use ratatui::Frame;
use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use ratatui::layout::Rect;
use sudoscope_core::game::Timer;
use sudoscope_core::generate::{GenerateOptions, Symmetry};

use super::app::{Answer, SessionApp, SessionEffect, Wake, Work};
use super::race_view::{self, RaceScreen};
use super::rooms::{HubError, Member, RoomFeed, SharedRooms};
use crate::race::{Joined, Phase, Progress, Room, RoomCode, Settings};
use crate::store::{self, Finished, Request};
use crate::tui::app::{App, AppConfig, Effect, Msg, Overlay, StartGame};
use crate::tui::keymap::{self, Action};
use crate::tui::panel::StepPool;
use crate::tui::records;

/// How a session comes to a room.
#[derive(Clone, Debug)]
pub enum RaceEntry {
    /// Open a room for a new puzzle made with these settings.
    Open(Settings),
    /// Join by code: race when there is a seat, else watch.
    Join(RoomCode),
    /// Watch by code.
    Watch(RoomCode),
}

/// Who the player is, for the room.
#[derive(Clone, Debug)]
pub struct Racer {
    pub member: Member,
    /// Known by an SSH key: their finish goes to their history, and they can come back to
    /// their seat.
    pub keyed: bool,
}

/// Where the session is with its room.
enum Stage {
    /// The room's puzzle is being made.
    Opening(Settings),
    In(Box<InRoom>),
    /// The room could not be opened or joined: the reason, until the player leaves.
    Failed(String),
}

struct InRoom {
    code: RoomCode,
    place: Joined,
    feed: RoomFeed,
    room: Arc<Room>,
    /// The board on screen: the racer's own, or the watched racer's.
    board: Option<App>,
    /// The seat a spectator watches.
    watched: usize,
    /// Mistakes the racer's checks found.
    mistakes: u32,
    /// The progress last sent.
    sent: Option<Progress>,
    /// The racer's finish went to their history.
    recorded: bool,
    /// A racer's board was just made: their best times are to be asked for.
    wants_records: bool,
}

/// One session's race.
pub struct RaceSession {
    hub: SharedRooms,
    racer: Racer,
    pool: Arc<StepPool>,
    stage: Stage,
    /// A line for the player (a refused start, a blocked key).
    notice: Option<String>,
    size: (u16, u16),
    /// Plain ASCII drawing, as the player asked.
    ascii: bool,
}

/// The width of the side list of racers beside the board.
const SIDE_WIDTH: u16 = 24;

impl RaceSession {
    pub fn new(hub: SharedRooms, racer: Racer, pool: Arc<StepPool>, entry: RaceEntry) -> Self {
        let mut session = RaceSession {
            hub,
            racer,
            pool,
            stage: Stage::Failed(String::new()),
            notice: None,
            size: (80, 24),
            ascii: false,
        };
        session.stage = match entry {
            RaceEntry::Open(settings) => Stage::Opening(settings),
            RaceEntry::Join(code) => session.enter(&code, false),
            RaceEntry::Watch(code) => session.enter(&code, true),
        };
        session
    }

    /// Draws with plain ASCII (`ssh host ascii join CODE`).
    pub fn with_ascii(mut self, ascii: bool) -> Self {
        self.ascii = ascii;
        // A board made on joining is drawn the other way: it is made again.
        let mut stage = std::mem::replace(&mut self.stage, Stage::Failed(String::new()));
        if let Stage::In(inside) = &mut stage {
            inside.board = None;
            self.refresh_board(inside);
        }
        self.stage = stage;
        self
    }

    fn enter(&self, code: &RoomCode, watch_only: bool) -> Stage {
        match self.hub.join(code, &self.racer.member, watch_only) {
            Ok((place, feed)) => Stage::In(Box::new(self.in_room(code.clone(), place, feed))),
            Err(e) => Stage::Failed(e.to_string()),
        }
    }

    fn in_room(&self, code: RoomCode, place: Joined, feed: RoomFeed) -> InRoom {
        let room = feed.borrow().clone();
        let mut inside = InRoom {
            code,
            place,
            feed,
            room,
            board: None,
            watched: 0,
            mistakes: 0,
            sent: None,
            recorded: false,
            wants_records: false,
        };
        if let Joined::Racer(seat) = place {
            inside.mistakes = inside.room.racers.get(seat).map_or(0, |r| r.mistakes);
            inside.recorded = inside
                .room
                .racers
                .get(seat)
                .is_some_and(|r| r.finished_ms.is_some());
        }
        self.refresh_board(&mut inside);
        inside
    }

    /// The puzzle is made: open the room.
    fn opened(&mut self, settings: Settings, made: Result<sudoscope_core::grid::Puzzle, String>) {
        self.stage = match made {
            Ok(puzzle) => match self.hub.open(settings, puzzle.clone(), &self.racer.member) {
                Ok((code, place, feed)) => {
                    tracing::info!(
                        room = %code,
                        kind = %settings.describe(),
                        puzzle = %puzzle.to_line(),
                        "race room opened"
                    );
                    Stage::In(Box::new(self.in_room(code, place, feed)))
                }
                Err(e) => Stage::Failed(e.to_string()),
            },
            Err(e) => Stage::Failed(format!("the race puzzle could not be made: {e}")),
        };
    }

    /// Makes or updates the board for the room as it stands: a racer's own board once the
    /// race is on (rebuilt from the room after a reconnect), a spectator's view of the
    /// watched racer's digits.
    fn refresh_board(&self, inside: &mut InRoom) {
        let racing = matches!(inside.room.phase, Phase::Racing { .. } | Phase::Done { .. });
        if !racing {
            return;
        }
        let seat = match inside.place {
            Joined::Racer(seat) => seat,
            Joined::Spectator => {
                if inside.room.racers.is_empty() {
                    return;
                }
                inside.watched = inside.watched.min(inside.room.racers.len() - 1);
                inside.watched
            }
        };
        let Some(entries) = inside.room.racers.get(seat).map(|r| r.entries.clone()) else {
            return;
        };
        let now = self.hub.now_ms();
        let elapsed = Duration::from_millis(inside.room.race_time(now));
        match (&mut inside.board, inside.place) {
            (Some(board), Joined::Spectator) => {
                copy_entries(board, &entries);
                board.freeze_clock(elapsed);
            }
            (Some(_), Joined::Racer(_)) => {}
            (None, place) => {
                let Some(mut board) = self.board(&inside.room, place) else {
                    return;
                };
                copy_entries(&mut board, &entries);
                match place {
                    Joined::Racer(_) => {
                        // A racer back from a dropped connection: the race clock, and the
                        // cursor on the first cell still to fill.
                        board.game.timer = Timer::started(elapsed);
                        inside.wants_records = true;
                        let game = &board.game;
                        if let Some(cell) =
                            (0..entries.len()).find(|&c| !game.is_given(c) && game.entry(c) == 0)
                        {
                            board.cursor = cell;
                        }
                    }
                    Joined::Spectator => board.freeze_clock(elapsed),
                }
                inside.board = Some(board);
            }
        }
    }

    /// A fresh board of the room's puzzle, for a racer or a spectator.
    fn board(&self, room: &Room, place: Joined) -> Option<App> {
        let config = AppConfig {
            start: StartGame::Puzzle(room.puzzle.clone()),
            color: true,
            ascii: self.ascii,
            pool: self.pool.clone(),
        };
        let mut app = App::new(config).ok()?;
        app.in_race();
        app.game.level = room.settings.level;
        app.key_card = Some(match place {
            Joined::Spectator => SPECTATOR_KEYS,
            Joined::Racer(_) => RACER_KEYS,
        });
        Some(app)
    }

    /// Reads the room's newest state; says whether it changed.
    fn follow(&mut self) -> Vec<SessionEffect> {
        let Stage::In(inside) = &mut self.stage else {
            return Vec::new();
        };
        if !inside.feed.has_changed().unwrap_or(false) {
            return Vec::new();
        }
        inside.room = inside.feed.borrow_and_update().clone();
        if let Joined::Racer(_) = inside.place {
            // Seats move up when someone leaves the lobby: find ours again.
            let me = &self.racer.member;
            match inside.room.seat_of(&me.key) {
                Some(seat) if inside.room.racers[seat].connection == Some(me.connection) => {
                    inside.place = Joined::Racer(seat);
                }
                Some(seat) if matches!(inside.room.phase, Phase::Done { .. }) => {
                    inside.place = Joined::Racer(seat);
                }
                _ => {
                    // A newer connection of the same player took the seat: this one is done
                    // with the room (and has nothing to tell the hub when it goes).
                    self.stage =
                        Stage::Failed("your seat is now played from another connection".into());
                    return Vec::new();
                }
            }
        }
        let mut inside = match std::mem::replace(&mut self.stage, Stage::Failed(String::new())) {
            Stage::In(inside) => inside,
            other => {
                self.stage = other;
                return Vec::new();
            }
        };
        self.refresh_board(&mut inside);
        self.stage = Stage::In(inside);
        Vec::new()
    }

    fn leave(&mut self) -> Vec<SessionEffect> {
        self.depart();
        vec![SessionEffect::Quit]
    }

    /// Tells the hub the player left (once).
    fn depart(&mut self) {
        if let Stage::In(inside) = std::mem::replace(&mut self.stage, Stage::Failed(String::new()))
        {
            self.hub.leave(
                &inside.code,
                &self.racer.member.key,
                inside.place,
                self.racer.member.connection,
            );
        }
    }

    fn key(&mut self, key: KeyEvent) -> Vec<SessionEffect> {
        if key.kind == KeyEventKind::Release {
            return Vec::new();
        }
        if key.code == KeyCode::Char('c') && key.modifiers.contains(KeyModifiers::CONTROL) {
            return self.leave();
        }
        let quits = matches!(key.code, KeyCode::Char('q') | KeyCode::Esc);
        let racer = self.racer.member.key.clone();
        let hub = self.hub.clone();
        let inside = match &mut self.stage {
            Stage::Opening(_) | Stage::Failed(_) => {
                return if quits { self.leave() } else { Vec::new() };
            }
            Stage::In(inside) => inside,
        };
        match inside.room.phase {
            Phase::Lobby | Phase::Countdown { .. } => {
                if quits {
                    return self.leave();
                }
                if matches!(key.code, KeyCode::Enter | KeyCode::Char('s')) {
                    self.notice = match hub.start(&inside.code, &racer) {
                        Ok(()) => None,
                        Err(HubError::Room(e)) => Some(e.to_string()),
                        Err(e) => Some(e.to_string()),
                    };
                }
                Vec::new()
            }
            Phase::Done { .. } => {
                if quits || key.code == KeyCode::Enter {
                    return self.leave();
                }
                Vec::new()
            }
            Phase::Racing { .. } => self.board_key(key),
        }
    }

    /// A key while the board is on screen.
    fn board_key(&mut self, key: KeyEvent) -> Vec<SessionEffect> {
        let Stage::In(inside) = &mut self.stage else {
            return Vec::new();
        };
        let Some(board) = inside.board.as_mut() else {
            if matches!(key.code, KeyCode::Char('q') | KeyCode::Esc) {
                return self.leave();
            }
            return Vec::new();
        };
        // An open overlay (the help) takes its own keys.
        if !matches!(board.overlay(), Overlay::None) {
            let effects = board.update(Msg::Event(Event::Key(key)));
            return self.board_effects(effects);
        }
        let spectator = inside.place == Joined::Spectator;
        if spectator && matches!(key.code, KeyCode::Tab | KeyCode::BackTab) {
            let racers = inside.room.racers.len().max(1);
            inside.watched = if key.code == KeyCode::Tab {
                (inside.watched + 1) % racers
            } else {
                (inside.watched + racers - 1) % racers
            };
            inside.board = None;
            let mut inside = match std::mem::replace(&mut self.stage, Stage::Failed(String::new()))
            {
                Stage::In(inside) => inside,
                other => {
                    self.stage = other;
                    return Vec::new();
                }
            };
            self.refresh_board(&mut inside);
            self.stage = Stage::In(inside);
            return Vec::new();
        }
        let size = board.game().size();
        let Some(action) = keymap::action(key, size, board.panel_open()) else {
            return Vec::new();
        };
        if matches!(action, Action::Quit) {
            return self.leave();
        }
        if !allowed(action, spectator) {
            self.notice = Some(if spectator {
                "spectators watch: Tab switches racer, s opens the solver panel".into()
            } else {
                "not in a race: hints, solvers and reveals are off".into()
            });
            return Vec::new();
        }
        if action == Action::Check && board.game().solution().is_some() {
            inside.mistakes += board.game().wrong_cells().len() as u32;
        }
        self.notice = None;
        let effects = board.update(Msg::Event(Event::Key(key)));
        let effects = self.board_effects(effects);
        self.report();
        effects
    }

    /// Sends the racer's progress when it changed.
    fn report(&mut self) {
        let Stage::In(inside) = &mut self.stage else {
            return;
        };
        let (Joined::Racer(_), Some(board)) = (inside.place, inside.board.as_ref()) else {
            return;
        };
        let game = board.game();
        let entries = game.entries().to_vec();
        let filled = (0..entries.len())
            .filter(|&c| !game.is_given(c) && entries[c] != 0)
            .count() as u32;
        let progress = Progress {
            entries,
            filled,
            mistakes: inside.mistakes,
            solved: game.completed().is_some(),
        };
        if inside.sent.as_ref() == Some(&progress) {
            return;
        }
        inside.sent = Some(progress.clone());
        self.hub.progress(
            &inside.code,
            &self.racer.member.key,
            self.racer.member.connection,
            progress,
        );
    }

    /// Carries the board's effects out: its own saves are not kept (the room keeps the
    /// board), its finish is recorded once with the race time.
    fn board_effects(&mut self, effects: Vec<Effect>) -> Vec<SessionEffect> {
        let mut out = Vec::new();
        for effect in effects {
            match effect {
                Effect::Quit => out.extend(self.leave()),
                Effect::Save(save) => {
                    if let Some(finish) = save.finish {
                        out.extend(self.record(finish));
                    }
                }
                // The board's own questions (records, stats) and new games are not for races.
                Effect::Ask(_) | Effect::Race(_) => {}
                Effect::Work(job) => {
                    out.push(SessionEffect::Work(Work::new(move || Box::new(job.run()))));
                }
            }
        }
        out
    }

    /// The racer's finish, for their history: timed by the room from the end of the
    /// countdown (a reconnect does not stop the race clock).
    fn record(&mut self, mut finish: Finished) -> Vec<SessionEffect> {
        let now = self.hub.now_ms();
        let Stage::In(inside) = &mut self.stage else {
            return Vec::new();
        };
        if inside.recorded || !self.racer.keyed || !matches!(inside.place, Joined::Racer(_)) {
            return Vec::new();
        }
        inside.recorded = true;
        finish.time_ms = inside.room.race_time(now);
        if let Some(board) = &inside.board {
            finish.kind = records::kind(board.game());
        }
        vec![SessionEffect::Ask(Request::RaceFinish(finish))]
    }

    fn screen(&self) -> Option<RaceScreen<'_>> {
        let Stage::In(inside) = &self.stage else {
            return None;
        };
        Some(RaceScreen {
            room: &inside.room,
            seat: match inside.place {
                Joined::Racer(seat) => Some(seat),
                Joined::Spectator => None,
            },
            watched: (inside.place == Joined::Spectator).then_some(inside.watched),
            owner: inside.room.owner == self.racer.member.key,
            now_ms: self.hub.now_ms(),
            notice: self.notice.as_deref(),
            ascii: self.ascii,
        })
    }
}

/// The short key list beside a racer's board: what [`allowed`] lets a racer do.
const RACER_KEYS: &[(&str, &str)] = &[
    ("Tab", "next empty cell"),
    ("n f", "notes · fill notes"),
    ("u ^r", "undo · redo"),
    ("c", "check (seen by all)"),
    ("?", "all keys"),
];

/// The short key list beside a spectator's board.
const SPECTATOR_KEYS: &[(&str, &str)] = &[
    ("Tab", "next racer"),
    ("s", "live solvers"),
    ("?", "all keys"),
];

/// What a racer (or a spectator) may do with the board.
fn allowed(action: Action, spectator: bool) -> bool {
    use Action::*;
    let looking = matches!(
        action,
        Move(..) | MoveBox(..) | Help | Escape | ForceQuit | Quit
    );
    if spectator {
        looking || matches!(action, TogglePanel | Panel(_))
    } else {
        looking
            || matches!(
                action,
                NextEmpty
                    | PrevEmpty
                    | Digit(_)
                    | Clear
                    | ToggleNotes
                    | FillCandidates
                    | Undo
                    | Redo
                    | Check
            )
    }
}

/// Puts a racer's digits into a board (what differs only, so a spectator's solver panel and
/// cursor stay).
fn copy_entries(board: &mut App, entries: &[u8]) {
    for (cell, &digit) in entries.iter().enumerate() {
        if board.game.is_given(cell) || board.game.entry(cell) == digit {
            continue;
        }
        if digit == 0 {
            board.game.clear(cell);
        } else {
            board.game.set_digit(cell, digit);
        }
    }
}

/// Makes the room's puzzle (on the blocking pool).
fn make_puzzle(settings: Settings) -> Result<sudoscope_core::grid::Puzzle, String> {
    let options = GenerateOptions {
        seed: rand::random(),
        size: settings.size,
        variant: settings.variant,
        level: settings.level,
        symmetry: Symmetry::default(),
        ..GenerateOptions::default()
    };
    sudoscope_core::generate::generate(&options)
        .map(|made| made.puzzle)
        .map_err(|e| e.to_string())
}

/// What the puzzle job hands back.
struct Made(Result<sudoscope_core::grid::Puzzle, String>);

impl SessionApp for RaceSession {
    fn start(&mut self, _keeps_game: bool) -> Vec<SessionEffect> {
        match &self.stage {
            Stage::Opening(settings) => {
                let settings = *settings;
                vec![SessionEffect::Work(Work::new(move || {
                    Box::new(Made(make_puzzle(settings)))
                }))]
            }
            _ => Vec::new(),
        }
    }

    fn event(&mut self, event: Event) -> Vec<SessionEffect> {
        match event {
            Event::Key(key) => self.key(key),
            Event::Resize(cols, rows) => {
                self.size = (cols, rows);
                Vec::new()
            }
            Event::Mouse(_) => {
                // Clicks work on a racer's own board only.
                let Stage::In(inside) = &mut self.stage else {
                    return Vec::new();
                };
                if !matches!(inside.place, Joined::Racer(_))
                    || !matches!(inside.room.phase, Phase::Racing { .. })
                {
                    return Vec::new();
                }
                let Some(board) = inside.board.as_mut() else {
                    return Vec::new();
                };
                let effects = board.update(Msg::Event(event));
                let effects = self.board_effects(effects);
                self.report();
                effects
            }
            // A paste would open another puzzle: not in a race.
            _ => Vec::new(),
        }
    }

    fn tick(&mut self) -> Vec<SessionEffect> {
        let mut effects = self.follow();
        if let Stage::In(inside) = &mut self.stage
            && std::mem::take(&mut inside.wants_records)
        {
            effects.push(SessionEffect::Ask(Request::Records));
        }
        let now = self.hub.now_ms();
        if let Stage::In(inside) = &mut self.stage
            && let Some(board) = inside.board.as_mut()
        {
            if inside.place == Joined::Spectator {
                board.freeze_clock(Duration::from_millis(inside.room.race_time(now)));
            }
            let done = board.update(Msg::Tick);
            effects.extend(self.board_effects(done));
        }
        effects
    }

    fn work_done(&mut self, answer: Answer) -> Vec<SessionEffect> {
        let answer = match answer.downcast::<Made>() {
            Ok(made) => {
                if let Stage::Opening(settings) = self.stage {
                    self.opened(settings, made.0);
                }
                return Vec::new();
            }
            Err(other) => other,
        };
        match answer.downcast::<store::Answer>() {
            Ok(stored) => {
                match *stored {
                    store::Answer::Recorded(standing) => {
                        self.notice = Some(match standing {
                            Err(store::Unranked::Anonymous) => {
                                "your finish is not kept: connect with an SSH key to keep it".into()
                            }
                            _ => "your finish is in your history (races are not ranked)".into(),
                        });
                    }
                    // The player's best times, for the board's finish banner.
                    answer @ store::Answer::Records(_) => {
                        if let Stage::In(inside) = &mut self.stage
                            && let Some(board) = inside.board.as_mut()
                        {
                            let _ = board.update(Msg::Stored(answer));
                        }
                    }
                    _ => {}
                }
                Vec::new()
            }
            Err(other) => {
                let Stage::In(inside) = &mut self.stage else {
                    return Vec::new();
                };
                let Some(board) = inside.board.as_mut() else {
                    return Vec::new();
                };
                match other.downcast::<crate::tui::job::Done>() {
                    Ok(done) => {
                        let effects = board.update(Msg::Done(*done));
                        self.board_effects(effects)
                    }
                    Err(_) => Vec::new(),
                }
            }
        }
    }

    fn render(&mut self, frame: &mut Frame) {
        let area = frame.area();
        let screen = self.screen();
        let Some(screen) = screen else {
            let text = match &self.stage {
                Stage::Opening(settings) => {
                    format!("making a {} puzzle for the race…", settings.describe())
                }
                Stage::Failed(reason) => format!("{reason}  (q leaves)"),
                Stage::In(_) => String::new(),
            };
            race_view::message(frame, area, &text, self.ascii);
            return;
        };
        let screen_spectator = screen.watched.is_some();
        if !matches!(screen.room.phase, Phase::Racing { .. }) {
            race_view::room(frame, area, &screen);
            return;
        }
        let side = if area.width >= 50 + SIDE_WIDTH {
            SIDE_WIDTH
        } else {
            0
        };
        let board_area = Rect::new(area.x, area.y, area.width - side, area.height);
        let side_area = Rect::new(area.x + area.width - side, area.y, side, area.height);
        race_view::standings(frame, side_area, &screen, side == 0);
        if let Stage::In(inside) = &mut self.stage
            && let Some(board) = inside.board.as_mut()
        {
            draw_board(board, frame, board_area);
        }
        // The board's own key line lists keys a race does not take: the race's instead,
        // unless the board has something to say (a check's result) or the race has.
        let arrows = if self.ascii { "arrows" } else { "←↓↑→" };
        let size = match &self.stage {
            Stage::In(inside) => inside.board.as_ref().map_or(9, |b| b.game().size()),
            _ => 9,
        };
        let keys = if screen_spectator {
            format!("Tab next racer  s solver  {arrows} move  ? help  q leave")
        } else {
            let digits = crate::tui::view::digit_keys(size);
            format!("{arrows} move  {digits} enter  n notes  u undo  c check  q leave")
        };
        let board_says = matches!(&self.stage, Stage::In(inside)
            if inside.board.as_ref().is_some_and(|b| b.message().is_some()));
        match &self.notice {
            Some(text) => race_view::notice(frame, board_area, text, self.ascii),
            None if !board_says => race_view::notice(frame, board_area, &keys, self.ascii),
            None => {}
        }
    }

    fn needs_frames(&self) -> bool {
        match &self.stage {
            Stage::In(inside) => {
                matches!(inside.room.phase, Phase::Countdown { .. })
                    || inside.board.as_ref().is_some_and(|b| b.needs_frames())
            }
            Stage::Opening(_) => true,
            Stage::Failed(_) => false,
        }
    }

    fn woken(&self) -> Option<Wake> {
        let Stage::In(inside) = &self.stage else {
            return None;
        };
        let mut feed = inside.feed.clone();
        Some(Box::pin(async move {
            if feed.changed().await.is_err() {
                // The room is gone: nothing will change again.
                std::future::pending::<()>().await;
            }
        }))
    }
}

impl Drop for RaceSession {
    fn drop(&mut self) {
        self.depart();
    }
}

/// Draws the board app into part of the frame (it lays itself out in whatever area it is
/// given) and hands it back where things landed, for its mouse clicks.
fn draw_board(board: &mut App, frame: &mut Frame, area: Rect) {
    if area.width == 0 || area.height == 0 {
        return;
    }
    let hits = crate::tui::view::render_in(board, frame, area);
    let _ = board.update(Msg::Drawn(hits));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::serve::rooms::LocalRooms;
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;
    use ratatui::crossterm::event::KeyEventState;
    use std::sync::atomic::{AtomicU64, Ordering};
    use sudoscope_core::generate::Level;
    use sudoscope_core::grid::Variant;

    fn screen(app: &mut dyn SessionApp, w: u16, h: u16) -> String {
        let mut terminal = Terminal::new(TestBackend::new(w, h)).expect("a test terminal");
        app.event(Event::Resize(w, h));
        terminal.draw(|f| app.render(f)).expect("drawn");
        let buffer = terminal.backend().buffer().clone();
        (0..h)
            .map(|y| (0..w).map(|x| buffer[(x, y)].symbol()).collect::<String>())
            .collect::<Vec<_>>()
            .join("\n")
    }

    fn press(app: &mut RaceSession, code: KeyCode) {
        app.event(Event::Key(KeyEvent {
            code,
            modifiers: KeyModifiers::NONE,
            kind: KeyEventKind::Press,
            state: KeyEventState::NONE,
        }));
    }

    fn player(key: &str, connection: u64, name: Option<&str>) -> Racer {
        Racer {
            member: Member {
                key: key.into(),
                name: name.map(str::to_string),
                connection,
            },
            keyed: true,
        }
    }

    /// A room opened by alice (whose name, as if a store had let it through, holds an
    /// escape sequence and a bidi override) and joined by bob, racing.
    fn race() -> (
        LocalRooms,
        Arc<AtomicU64>,
        RaceSession,
        RaceSession,
        RoomCode,
    ) {
        race_of(9)
    }

    /// The same race on a board of side `size`.
    fn race_of(
        size: usize,
    ) -> (
        LocalRooms,
        Arc<AtomicU64>,
        RaceSession,
        RaceSession,
        RoomCode,
    ) {
        let now = Arc::new(AtomicU64::new(0));
        let clock = now.clone();
        let rooms = LocalRooms::with_clock(Arc::new(move || clock.load(Ordering::SeqCst)));
        let hub: SharedRooms = Arc::new(rooms.clone());
        let pool = Arc::new(StepPool::new(1));
        let settings = Settings {
            size,
            variant: Variant::Standard,
            level: Some(Level::Easy),
        };
        let alice_name = Some("Al\u{1b}[2Jice\u{202e}");
        let mut alice = RaceSession::new(
            hub.clone(),
            player("alice", 1, alice_name),
            pool.clone(),
            RaceEntry::Open(settings),
        );
        for effect in alice.start(true) {
            if let SessionEffect::Work(work) = effect {
                alice.work_done(work.run());
            }
        }
        let Stage::In(inside) = &alice.stage else {
            panic!("alice has no room");
        };
        let code = inside.code.clone();
        let mut bob = RaceSession::new(
            hub,
            player("bob", 2, None),
            pool,
            RaceEntry::Join(code.clone()),
        );
        bob.tick();
        alice.tick();
        assert!(screen(&mut alice, 80, 24).contains("Racers 2/8"));
        press(&mut alice, KeyCode::Enter);
        now.fetch_add(crate::race::COUNTDOWN_MS, Ordering::SeqCst);
        rooms.tick();
        alice.tick();
        bob.tick();
        (rooms, now, alice, bob, code)
    }

    /// The digit in the puzzle's first empty cell on the board on screen.
    fn first_entry(inside: &InRoom) -> Option<u8> {
        let cell = inside
            .room
            .puzzle
            .givens
            .cells()
            .iter()
            .position(|&d| d == 0)?;
        inside.board.as_ref().map(|b| b.game().entry(cell))
    }

    #[test]
    fn racers_see_each_others_counts_beside_their_boards_at_80x24() {
        let (_rooms, _now, mut alice, mut bob, _) = race();
        // Bob fills the first empty cell (the cursor starts there) with whatever digit.
        press(&mut bob, KeyCode::Char('5'));
        alice.tick();
        let seen = screen(&mut alice, 80, 24);
        assert!(seen.contains("racer 2"), "{seen}");
        assert!(seen.contains(" 1/"), "bob's count:\n{seen}");
        assert!(
            seen.contains("Al\u{fffd}[2Jice\u{fffd}") && seen.contains("c check"),
            "alice's name, made harmless:\n{seen}"
        );
        assert!(
            !seen
                .chars()
                .any(|c| c.is_control() && c != '\n' || c == '\u{202e}'),
            "a control character reached the screen:\n{seen}"
        );
        // At 120×40 too, and the board is whole beside the list.
        let wide = screen(&mut alice, 120, 40);
        assert!(wide.contains("racer 2") && wide.contains(" 1/"), "{wide}");
    }

    /// The race's key line names the keys that enter digits on its board: letters too from
    /// 16×16 on.
    #[test]
    fn the_race_key_line_names_the_boards_digit_keys() {
        let (_rooms, _now, mut alice, _bob, _) = race();
        let nine = screen(&mut alice, 120, 40);
        assert!(nine.contains("1-9 enter"), "{nine}");
        let (_rooms, _now, mut alice, _bob, _) = race_of(16);
        let sixteen = screen(&mut alice, 120, 40);
        assert!(sixteen.contains("1-9 A-P enter"), "{sixteen}");
    }

    #[test]
    fn racers_get_no_hints_and_a_spectator_no_digits() {
        let (rooms, _now, _alice, mut bob, code) = race();
        // The keys beside the board are the ones a racer has.
        let keys = screen(&mut bob, 120, 40);
        assert!(keys.contains("check (seen by all)"), "{keys}");
        for gone in ["hint (again", "live solvers", "new game"] {
            assert!(!keys.contains(gone), "{gone} offered to a racer:\n{keys}");
        }
        press(&mut bob, KeyCode::Char('i'));
        assert!(
            screen(&mut bob, 120, 40).contains("hints, solvers and reveals are off"),
            "a hint in a race"
        );
        press(&mut bob, KeyCode::Char('7'));
        let hub: SharedRooms = Arc::new(rooms);
        let mut carol = RaceSession::new(
            hub,
            player("carol", 3, None),
            Arc::new(StepPool::new(1)),
            RaceEntry::Watch(code),
        );
        carol.tick();
        // Carol watches alice's empty board, then Tab: bob's, with his 7.
        let Stage::In(inside) = &carol.stage else {
            panic!("carol is not in the room");
        };
        assert_eq!(inside.watched, 0);
        press(&mut carol, KeyCode::Tab);
        let Stage::In(inside) = &carol.stage else {
            panic!("carol left the room");
        };
        assert_eq!(inside.watched, 1);
        assert_eq!(first_entry(inside), Some(7), "bob's digit");
        press(&mut carol, KeyCode::Char('3'));
        let watching = screen(&mut carol, 120, 40);
        assert!(watching.contains("spectators watch"));
        assert!(watching.contains("live solvers"), "{watching}");
        assert!(!watching.contains("hint (again"), "{watching}");
    }

    #[test]
    fn a_player_who_asks_for_ascii_sees_only_ascii() {
        let (rooms, _now, _alice, _bob, code) = race();
        let hub: SharedRooms = Arc::new(rooms);
        let mut carol = RaceSession::new(
            hub,
            player("carol", 3, None),
            Arc::new(StepPool::new(1)),
            RaceEntry::Watch(code),
        )
        .with_ascii(true);
        carol.tick();
        for (w, h) in [(80, 24), (120, 40)] {
            let drawn = screen(&mut carol, w, h);
            assert!(drawn.contains("racer 2"), "{drawn}");
            assert!(drawn.is_ascii(), "{w}x{h}: {drawn}");
        }
    }

    #[test]
    fn a_newer_connection_takes_the_seat_and_the_older_one_is_told() {
        let (rooms, _now, _alice, mut bob, code) = race();
        let hub: SharedRooms = Arc::new(rooms);
        let mut again = RaceSession::new(
            hub,
            player("bob", 9, None),
            Arc::new(StepPool::new(1)),
            RaceEntry::Join(code),
        );
        again.tick();
        bob.tick();
        assert!(matches!(&bob.stage, Stage::Failed(why) if why.contains("another connection")));
        drop(bob);
        let Stage::In(inside) = &again.stage else {
            panic!("bob's new connection has no seat");
        };
        assert_eq!(inside.place, Joined::Racer(1));
        assert_eq!(inside.room.racers[1].connection, Some(9));
        assert_eq!(inside.room.spectators, 0);
    }

    #[test]
    fn a_racer_who_drops_comes_back_to_their_digits() {
        let (rooms, _now, mut alice, mut bob, code) = race();
        press(&mut bob, KeyCode::Char('4'));
        drop(bob);
        alice.tick();
        assert!(screen(&mut alice, 120, 40).contains("(away)"));
        let hub: SharedRooms = Arc::new(rooms);
        let mut back = RaceSession::new(
            hub,
            player("bob", 9, None),
            Arc::new(StepPool::new(1)),
            RaceEntry::Join(code),
        );
        back.tick();
        let Stage::In(inside) = &back.stage else {
            panic!("bob is not back");
        };
        assert_eq!(inside.place, Joined::Racer(1));
        assert_eq!(first_entry(inside), Some(4), "bob's digit is back");
        alice.tick();
        assert!(!screen(&mut alice, 120, 40).contains("(away)"));
    }
}
