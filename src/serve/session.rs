//! One player's game over an SSH channel: events in, frames out, saves to the store.
//!
//! The app draws into a ratatui `Terminal` whose backend writes into a byte buffer; after
//! each frame the buffer (ratatui sends only the cells that changed) goes out as one SSH data
//! packet. Awaiting that send is the backpressure: a slow link gets fewer frames, never a
//! growing queue. Frames come when something changed, at the animation rate while the app
//! says it animates, and once a second otherwise (the clock).

use std::collections::VecDeque;
use std::io::Write;
use std::time::Duration;

use ratatui::crossterm::{cursor, event, execute, terminal};
use ratatui::layout::{Alignment, Rect};
use ratatui::text::Line;
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};
use russh::ChannelId;
use russh::server::Handle;
use std::sync::Arc;

use tokio::sync::{Semaphore, mpsc, watch};
use tokio::time::Instant;

use super::app::{Answer, AppFactory, AppStart, SessionApp, SessionEffect, Work};
use super::input::InputParser;
use super::limits::{Admission, SessionSlot};
use super::pace::Pace;
use super::race::{RaceEntry, RaceSession, Racer};
use super::rooms::{Member, SharedRooms};
use super::saves::Saves;
use super::screen::Screen;
use crate::race::RaceRequest;
use crate::store::{Request, Save, SharedStore};
use crate::tui::panel::StepPool;

/// The frame interval when nothing animates (the clock ticks once a second).
const IDLE_FRAME: Duration = Duration::from_secs(1);
/// How many of one session's slow jobs run on the blocking pool at once; more wait their
/// turn, so one player cannot take every core.
pub const JOBS_PER_SESSION: usize = 1;

/// Runs a session's slow work on tokio's blocking pool, [`JOBS_PER_SESSION`] at a time, and
/// sends the answers back to the session's loop.
struct JobRunner {
    permits: Arc<Semaphore>,
    answers: mpsc::UnboundedSender<Answer>,
}

impl JobRunner {
    fn new() -> (JobRunner, mpsc::UnboundedReceiver<Answer>) {
        let (answers, received) = mpsc::unbounded_channel();
        let runner = JobRunner {
            permits: Arc::new(Semaphore::new(JOBS_PER_SESSION)),
            answers,
        };
        (runner, received)
    }

    fn start(&self, work: Work) {
        let permits = self.permits.clone();
        let answers = self.answers.clone();
        tokio::spawn(async move {
            let Ok(_permit) = permits.acquire_owned().await else {
                return;
            };
            if let Ok(answer) = tokio::task::spawn_blocking(move || work.run()).await {
                // The session may have ended meanwhile; then nobody needs the answer.
                let _ = answers.send(answer);
            }
        });
    }
}

/// What the connection handler passes to the session.
#[derive(Debug)]
pub enum SessionInput {
    Bytes(Vec<u8>),
    Resize(u16, u16),
    Closed,
}

/// Per-session time limits.
#[derive(Clone, Copy, Debug)]
pub struct SessionLimits {
    pub idle_timeout: Duration,
    pub max_session: Duration,
}

/// Everything a session task owns.
pub struct SessionContext {
    pub id: u64,
    /// The store key of this player's game.
    pub owner: String,
    /// Whether the game is kept after the session (public-key players) or dropped.
    pub resumable: bool,
    pub handle: Handle,
    pub channel: ChannelId,
    pub size: (u16, u16),
    pub input: mpsc::Receiver<SessionInput>,
    pub shutdown: watch::Receiver<bool>,
    pub store: SharedStore,
    pub factory: AppFactory,
    pub limits: SessionLimits,
    pub slot: SessionSlot,
    pub admission: Admission,
    /// The race rooms of the server.
    pub rooms: SharedRooms,
    /// Where race spectators' solver panels step (one pool for every race session).
    pub race_pool: Arc<StepPool>,
    /// How often animations are drawn (thinner while the server is busy).
    pub pace: Arc<Pace>,
    /// The session goes straight to a race room (`ssh host join CODE`), not to the game.
    pub race: Option<RaceEntry>,
    /// The player asked for plain ASCII drawing (`ssh host ascii`).
    pub ascii: bool,
}

/// Why a session ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ending {
    Quit,
    ClientGone,
    Idle,
    TimeLimit,
    Shutdown,
    LinkBroken,
}

impl Ending {
    fn goodbye(self) -> Option<&'static str> {
        match self {
            Ending::Quit | Ending::ClientGone | Ending::LinkBroken => None,
            Ending::Idle => Some("You were idle for a while, so the session was closed."),
            Ending::TimeLimit => Some("This session reached its time limit."),
            Ending::Shutdown => Some("sudoscope is shutting down for a moment."),
        }
    }
}

/// Runs a session to its end, then restores the player's terminal and closes the channel.
pub async fn run(mut context: SessionContext) {
    let started = Instant::now();
    let opened = Saves::open(
        context.store.clone(),
        context.owner.clone(),
        context.resumable,
        context.id,
    )
    .await;
    let (saves, saved) = match opened {
        Some((saves, saved)) => (Some(saves), saved),
        None => (None, None),
    };
    if let Some(entry) = context.race.take() {
        let mut app: Box<dyn SessionApp> =
            Box::new(race_session(&context, saves.as_ref(), entry).await);
        let ending = play(&mut context, &mut app, saves.as_ref(), started).await;
        drop(app); // leaves the room before the goodbye
        finish(&context, ending, saves.as_ref()).await;
        log_end(context, ending, started);
        return;
    }
    let factory = context.factory.clone();
    let ascii = context.ascii;
    let mut app =
        match tokio::task::spawn_blocking(move || factory(AppStart { saved, ascii })).await {
            Ok(Ok(app)) => app,
            failed => {
                let reason = match failed {
                    Ok(Err(reason)) => reason,
                    _ => "internal error".to_string(),
                };
                tracing::error!(session = context.id, %reason, "the game could not be created");
                let text = format!("sudoscope: could not start a game ({reason}), sorry.\r\n");
                close(&context, text.into_bytes()).await;
                return;
            }
        };
    let ending = play(&mut context, &mut app, saves.as_ref(), started).await;
    // Saved before the goodbye: once the channel closes, the client hangs up, and a server
    // that is shutting down may stop as soon as every connection is gone.
    if let Some(save) = app.final_save() {
        write(saves.as_ref(), Box::new(save)).await;
    }
    finish(&context, ending, saves.as_ref()).await;
    log_end(context, ending, started);
}

/// Gives the session's slot back and logs how the session ended.
fn log_end(context: SessionContext, ending: Ending, started: Instant) {
    let (id, admission) = (context.id, context.admission.clone());
    drop(context);
    let active = admission.active();
    tracing::info!(
        session = id,
        reason = ?ending,
        seconds = started.elapsed().as_secs(),
        active_sessions = active,
        "disconnected"
    );
}

/// The race app of this session's player: known by their key (or, anonymous, by the
/// session), shown by the name they chose.
async fn race_session(
    context: &SessionContext,
    saves: Option<&Saves>,
    entry: RaceEntry,
) -> RaceSession {
    let mut name = None;
    if context.resumable
        && let Some(saves) = saves
        && let crate::store::Answer::DisplayName(chosen) = saves.answer(Request::DisplayName).await
    {
        name = chosen;
    }
    let racer = Racer {
        member: Member {
            key: context.owner.clone(),
            name,
            connection: context.id,
        },
        keyed: context.resumable,
    };
    RaceSession::new(
        context.rooms.clone(),
        racer,
        context.race_pool.clone(),
        entry,
    )
    .with_ascii(context.ascii)
}

/// What the session does after a batch of the app's effects.
enum Flow {
    Quit,
    Race(RaceRequest),
}

/// The event loop of one session. A race asked for from the game runs in front of it; when
/// the player leaves the race, the game comes back.
async fn play(
    context: &mut SessionContext,
    app: &mut Box<dyn SessionApp>,
    saves: Option<&Saves>,
    started: Instant,
) -> Ending {
    // Enter the alternate screen, hide the cursor, ask for mouse reports and pastes.
    let mut setup = Vec::new();
    let _ = execute!(
        setup,
        terminal::EnterAlternateScreen,
        cursor::Hide,
        event::EnableMouseCapture,
        event::EnableBracketedPaste,
    );
    if send(context, setup).await.is_err() {
        return Ending::LinkBroken;
    }
    let mut behind: Vec<Box<dyn SessionApp>> = Vec::new();
    let mut fresh = true;
    loop {
        let flow = play_one(context, app.as_mut(), saves, started, fresh).await;
        fresh = true;
        match flow {
            Err(ending) => {
                // The game behind a race is the one to save as the session ends; the race
                // app goes (leaving its room).
                if let Some(game) = behind.into_iter().next() {
                    *app = game;
                }
                return ending;
            }
            Ok(Flow::Race(request)) => {
                let entry = match request {
                    RaceRequest::Open(settings) => RaceEntry::Open(settings),
                    RaceRequest::Join(code) => RaceEntry::Join(code),
                };
                let race: Box<dyn SessionApp> = Box::new(race_session(context, saves, entry).await);
                app.suspend();
                behind.push(std::mem::replace(app, race));
            }
            Ok(Flow::Quit) => match behind.pop() {
                Some(game) => {
                    *app = game;
                    fresh = false;
                }
                None => return Ending::Quit,
            },
        }
    }
}

/// Runs one app until it quits, asks for a race, or the session ends. `fresh`: the app has
/// not run yet (it is started); else it comes back from behind a race.
async fn play_one(
    context: &mut SessionContext,
    app: &mut dyn SessionApp,
    saves: Option<&Saves>,
    started: Instant,
    fresh: bool,
) -> Result<Flow, Ending> {
    let (cols, rows) = context.size;
    let Ok(mut screen) = Screen::new(cols, rows) else {
        return Err(Ending::LinkBroken);
    };
    let mut parser = InputParser::new();
    let (jobs, mut answers) = JobRunner::new();
    let mut last_input = Instant::now();
    let mut next_frame = Instant::now();
    // The new screen starts blank and ratatui sends only what differs from it: clear what
    // the app before this one left on the player's terminal.
    let mut clear = Vec::new();
    let _ = execute!(clear, terminal::Clear(terminal::ClearType::All));
    if send(context, clear).await.is_err() {
        return Err(Ending::LinkBroken);
    }
    app.event(event::Event::Resize(cols, rows));
    if fresh {
        let mut first = app.start(context.resumable);
        // The player's records, for the finish banner.
        if let Some(saves) = saves {
            let records = saves.answer(Request::Records).await;
            first.extend(app.work_done(Box::new(records)));
        }
        if let Some(flow) = apply(saves, &jobs, app, first).await {
            return Ok(flow);
        }
    }
    // Whether the last pass was only the clock's tick: then only the clock is drawn anew.
    let mut only_time = false;
    loop {
        // Every pass follows an input or a tick, so draw; ratatui sends only what changed.
        if draw(&mut screen, app, context, only_time).await.is_err() {
            return Err(Ending::LinkBroken);
        }
        only_time = false;
        let interval = if app.needs_frames() {
            context.pace.animation_frame()
        } else {
            IDLE_FRAME
        };
        if next_frame <= Instant::now() {
            next_frame = Instant::now() + interval;
        }
        let idle_deadline = last_input + context.limits.idle_timeout;
        let session_deadline = started + context.limits.max_session;
        let wake = app.woken();
        let woken = async move {
            match wake {
                Some(wake) => wake.await,
                None => std::future::pending().await,
            }
        };
        let effects = tokio::select! {
            input = context.input.recv() => {
                match input {
                    Some(SessionInput::Bytes(bytes)) => {
                        last_input = Instant::now();
                        let mut effects = Vec::new();
                        for event in parser.feed(&bytes) {
                            effects.extend(app.event(event));
                        }
                        effects
                    }
                    Some(SessionInput::Resize(cols, rows)) => {
                        context.size = (cols, rows);
                        if screen.resize(cols, rows).is_err() {
                            return Err(Ending::LinkBroken);
                        }
                        app.event(event::Event::Resize(cols, rows))
                    }
                    Some(SessionInput::Closed) | None => return Err(Ending::ClientGone),
                }
            }
            Some(answer) = answers.recv() => app.work_done(answer),
            _ = tokio::time::sleep_until(next_frame) => {
                next_frame = Instant::now() + interval;
                let effects = app.tick();
                only_time = interval == IDLE_FRAME && effects.is_empty();
                effects
            }
            // Someone else changed what this app shows (a race room's other players).
            () = woken => app.tick(),
            _ = tokio::time::sleep_until(idle_deadline) => return Err(Ending::Idle),
            _ = tokio::time::sleep_until(session_deadline) => return Err(Ending::TimeLimit),
            _ = context.shutdown.changed() => return Err(Ending::Shutdown),
        };
        if let Some(flow) = apply(saves, &jobs, app, effects).await {
            return Ok(flow);
        }
    }
}

/// Draws the app's next frame: only its clock when only time passed (and the app can say
/// where the clock is), else the whole screen.
fn draw_frame(
    screen: &mut Screen,
    app: &mut dyn SessionApp,
    only_time: bool,
) -> std::io::Result<()> {
    if only_time && let Some(area) = app.clock_area(screen.area()) {
        return screen.draw_over(area, |frame| app.render_clock(frame, area));
    }
    screen.draw(|frame| app.render(frame))
}

async fn draw(
    screen: &mut Screen,
    app: &mut dyn SessionApp,
    context: &SessionContext,
    only_time: bool,
) -> Result<(), ()> {
    draw_frame(screen, app, only_time).map_err(|_| ())?;
    let bytes = screen.take_output();
    if bytes.is_empty() {
        return Ok(());
    }
    send(context, bytes).await
}

async fn send(context: &SessionContext, bytes: Vec<u8>) -> Result<(), ()> {
    context
        .handle
        .data(context.channel, bytes)
        .await
        .map_err(|_| ())
}

/// Carries out the app's effects; says when the app is done (the player quit, or asked for
/// a race: whatever comes after it in the batch is dropped). Saves of the same game in a
/// batch are written once, the newest (a packet of pasted or flooded keys costs one
/// transaction, not one each); a save that records a finish, or leaves a game for another,
/// is always written, and written before whatever follows it.
async fn apply(
    saves: Option<&Saves>,
    jobs: &JobRunner,
    app: &mut dyn SessionApp,
    effects: Vec<SessionEffect>,
) -> Option<Flow> {
    let mut flow = None;
    let mut pending: Option<Box<Save>> = None;
    let mut queue = VecDeque::from(effects);
    while let Some(effect) = queue.pop_front() {
        match effect {
            SessionEffect::Quit => flow = Some(Flow::Quit),
            SessionEffect::Race(request) => {
                if flow.is_none() {
                    flow = Some(Flow::Race(request));
                }
            }
            SessionEffect::Save(save) => {
                let replaces = pending
                    .as_ref()
                    .is_some_and(|p| p.game == save.game && p.finish.is_none());
                if !replaces && let Some(earlier) = pending.take() {
                    write(saves, earlier).await;
                }
                pending = Some(save);
            }
            SessionEffect::Ask(request) => {
                if let Some(earlier) = pending.take() {
                    write(saves, earlier).await;
                }
                if let Some(saves) = saves {
                    let answer = saves.answer(request).await;
                    queue.extend(app.work_done(Box::new(answer)));
                }
            }
            SessionEffect::Work(work) => jobs.start(work),
        }
    }
    if let Some(save) = pending {
        write(saves, save).await;
    }
    flow
}

async fn write(saves: Option<&Saves>, save: Box<Save>) {
    if let Some(saves) = saves {
        saves.save(*save).await;
    }
}

/// Shows a goodbye screen where there is one, restores the terminal, closes the channel and
/// forgets anonymous games.
async fn finish(context: &SessionContext, ending: Ending, saves: Option<&Saves>) {
    if ending != Ending::LinkBroken && ending != Ending::ClientGone {
        // The box stays a moment for a player who was away; a server that is stopping says
        // its goodbye as the line after the restored screen and lets the player go at once.
        if let Some(text) = ending.goodbye()
            && ending != Ending::Shutdown
        {
            let _ = send(
                context,
                goodbye_screen(context.size, text, context.resumable),
            )
            .await;
            tokio::time::sleep(Duration::from_millis(1500)).await;
        }
        let mut bytes = Vec::new();
        let _ = execute!(
            bytes,
            event::DisableBracketedPaste,
            event::DisableMouseCapture,
            cursor::Show,
            terminal::LeaveAlternateScreen
        );
        if let Some(text) = ending.goodbye() {
            let _ = write!(bytes, "{text}\r\n");
        }
        close(context, bytes).await;
    }
    if !context.resumable
        && let Some(saves) = saves
    {
        saves.forget().await;
    }
}

async fn close(context: &SessionContext, bytes: Vec<u8>) {
    let _ = send(context, bytes).await;
    let _ = context.handle.exit_status_request(context.channel, 0).await;
    let _ = context.handle.eof(context.channel).await;
    let _ = context.handle.close(context.channel).await;
}

/// The bytes that replace the player's screen with the goodbye box.
fn goodbye_screen(size: (u16, u16), text: &str, resumable: bool) -> Vec<u8> {
    let mut bytes = Vec::new();
    let Ok(mut screen) = Screen::new(size.0, size.1) else {
        return bytes;
    };
    // The new screen starts blank, so ratatui sends only the box's own cells: clear the
    // player's screen first, or the board shows through the box's blanks.
    let _ = execute!(bytes, terminal::Clear(terminal::ClearType::All));
    let _ = screen.draw(|frame| goodbye(frame, text, resumable));
    bytes.extend(screen.take_output());
    bytes
}

fn goodbye(frame: &mut ratatui::Frame, text: &str, resumable: bool) {
    let area = frame.area();
    frame.render_widget(Clear, area);
    let saved = if resumable {
        "Your game is saved: connect again with the same key to continue."
    } else {
        "Thanks for playing."
    };
    let width = area.width.min(60);
    let height = area.height.min(7);
    let boxed = Rect::new(
        area.x + (area.width - width) / 2,
        area.y + (area.height - height) / 2,
        width,
        height,
    );
    let paragraph = Paragraph::new(vec![
        Line::from(""),
        Line::from(text),
        Line::from(""),
        Line::from(saved),
    ])
    .alignment(Alignment::Center)
    .wrap(Wrap { trim: true })
    .block(Block::default().borders(Borders::ALL).title(" sudoscope "));
    frame.render_widget(paragraph, boxed);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(puzzle: &str) -> crate::serve::game::GameSession {
        use crate::tui::app::{App, AppConfig, StartGame};
        let puzzle =
            sudoscope_core::grid::parse_puzzle(puzzle, Default::default()).expect("a puzzle");
        let app = App::new(AppConfig {
            start: StartGame::Puzzle(puzzle),
            color: true,
            ascii: false,
            pool: Arc::new(StepPool::new(1)),
        })
        .expect("an app");
        crate::serve::game::GameSession::new(app)
    }

    /// Every cell of a vt100 screen of 100×32, in character and colours (a blank may have
    /// been written or never touched; the hidden cursor may rest anywhere).
    fn cells(parser: &vt100::Parser) -> Vec<String> {
        let screen = parser.screen();
        let mut cells = Vec::new();
        for row in 0..32 {
            for col in 0..100 {
                if let Some(cell) = screen.cell(row, col) {
                    let text = match cell.contents() {
                        "" => " ",
                        text => text,
                    };
                    cells.push(format!(
                        "{row},{col} {text:?} {:?} {:?} {} {}",
                        cell.fgcolor(),
                        cell.bgcolor(),
                        cell.bold(),
                        cell.inverse()
                    ));
                }
            }
        }
        cells
    }

    fn parser() -> vt100::Parser {
        let size = |n: u16| std::num::NonZeroU16::new(n).expect("not zero");
        vt100::Parser::new(size(32), size(100), 0)
    }

    /// What a player who connected now would see of `session`.
    fn fresh_view(session: &mut dyn SessionApp) -> vt100::Parser {
        let mut screen = Screen::new(100, 32).expect("a screen");
        let mut player = parser();
        draw_frame(&mut screen, session, false).expect("drawn");
        player.process(&screen.take_output());
        player
    }

    fn key(session: &mut dyn SessionApp, code: event::KeyCode) {
        session.event(event::Event::Key(event::KeyEvent::new(
            code,
            event::KeyModifiers::NONE,
        )));
    }

    /// A clock-only frame must leave the player's terminal exactly as a whole frame would,
    /// and so must every whole frame after clock-only ones (they are compared with what the
    /// player really sees): the clock grows a digit (9:59 to 10:00), ticks on, and then the
    /// game is paused, which blanks the board.
    #[test]
    fn clock_only_frames_show_what_whole_frames_would() {
        const EASY: &str =
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
        let mut session = game(EASY);
        let mut screen = Screen::new(100, 32).expect("a screen");
        let mut player = parser();
        session.app_mut().freeze_clock(Duration::from_secs(599));
        draw_frame(&mut screen, &mut session, false).expect("drawn");
        player.process(&screen.take_output());
        assert!(player.screen().contents().contains("9:59"));

        session.app_mut().freeze_clock(Duration::from_secs(600));
        assert!(session.clock_area(screen.area()).is_some());
        draw_frame(&mut screen, &mut session, true).expect("drawn");
        let sent = screen.take_output();
        player.process(&sent);
        assert!(
            sent.len() < 400,
            "the title line only: {} bytes",
            sent.len()
        );
        let reference = fresh_view(&mut session);
        assert!(reference.screen().contents().contains("10:00"));
        assert_eq!(cells(&player), cells(&reference));

        for second in [601, 611] {
            session.app_mut().freeze_clock(Duration::from_secs(second));
            draw_frame(&mut screen, &mut session, true).expect("drawn");
            player.process(&screen.take_output());
        }
        // 10:00 would be the stale title of a screen that forgot the clock-only frames:
        // its last digit matches 10:20's, so nothing would be sent there.
        session.app_mut().freeze_clock(Duration::from_secs(620));
        key(&mut session, event::KeyCode::Char('p'));
        assert!(session.clock_area(screen.area()).is_none(), "paused");
        draw_frame(&mut screen, &mut session, true).expect("drawn");
        player.process(&screen.take_output());
        let reference = fresh_view(&mut session);
        assert!(reference.screen().contents().contains("10:20"));
        assert_eq!(cells(&player), cells(&reference));
    }

    /// Defect: the box was drawn over the board without clearing it ("sudoscope┼is─shutting
    /// down forta(moment.more)"): nothing of the old screen may show once it is drawn.
    #[test]
    fn the_goodbye_box_hides_the_board_under_it() {
        let mut player = vt100::Parser::default(); // 80×24
        let board: String = (0..24).map(|_| "┼─x".repeat(26) + "\r\n").collect();
        player.process(board.as_bytes());
        let text = Ending::Shutdown.goodbye().unwrap_or_default();
        player.process(&goodbye_screen((80, 24), text, true));
        let screen = player.screen().contents();
        assert!(screen.contains(text), "no goodbye text:\n{screen}");
        assert!(
            !screen.contains('x') && !screen.contains('┼'),
            "the board shows through:\n{screen}"
        );
    }
}
