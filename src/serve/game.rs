//! The terminal UI's `App` as a session's game: the same App as local play, one per session.

use std::sync::Arc;

use ratatui::Frame;
use ratatui::crossterm::event::Event;
use ratatui::layout::Rect;

use super::app::{Answer, AppFactory, AppStart, SessionApp, SessionEffect, Work};
use crate::store::{self, Save};
use crate::tui::app::{App, AppConfig, Effect, Msg, StartGame};
use crate::tui::job::Done;
use crate::tui::panel::StepPool;
use sudoscope_core::generate::GenerateOptions;

/// One session's game.
pub struct GameSession {
    app: App,
}

impl GameSession {
    /// A session's game around `app` (the factory's way in, and tests').
    pub(crate) fn new(app: App) -> GameSession {
        GameSession { app }
    }

    /// The game's app, for tests that set it up.
    #[cfg(test)]
    pub(crate) fn app_mut(&mut self) -> &mut App {
        &mut self.app
    }
}

fn effects(effects: Vec<Effect>) -> Vec<SessionEffect> {
    effects
        .into_iter()
        .map(|effect| match effect {
            Effect::Quit => SessionEffect::Quit,
            Effect::Save(save) => SessionEffect::Save(Box::new(save)),
            Effect::Ask(request) => SessionEffect::Ask(request),
            Effect::Work(job) => SessionEffect::Work(Work::new(move || Box::new(job.run()))),
            Effect::Race(request) => SessionEffect::Race(request),
        })
        .collect()
}

/// What a player with a key is told when the session starts (unless their game came back).
pub const WELCOME: &str = "welcome: d plays today's daily, w leaderboards, g then r races";

/// What an anonymous player is told when the session starts.
pub const ANONYMOUS_NOTICE: &str = "this game lasts only for this connection: to keep it and your best times, connect with an SSH key (ssh-keygen makes one)";

impl SessionApp for GameSession {
    fn start(&mut self, keeps_game: bool) -> Vec<SessionEffect> {
        if !keeps_game {
            self.app.games_not_kept();
            self.app.tell(ANONYMOUS_NOTICE);
        } else if self.app.message().is_none() {
            self.app.tell(WELCOME);
        }
        effects(self.app.start())
    }

    fn event(&mut self, event: Event) -> Vec<SessionEffect> {
        effects(self.app.update(Msg::Event(event)))
    }

    fn tick(&mut self) -> Vec<SessionEffect> {
        effects(self.app.update(Msg::Tick))
    }

    fn work_done(&mut self, answer: Answer) -> Vec<SessionEffect> {
        let answer = match answer.downcast::<Done>() {
            Ok(done) => return effects(self.app.update(Msg::Done(*done))),
            Err(other) => other,
        };
        match answer.downcast::<store::Answer>() {
            Ok(stored) => effects(self.app.update(Msg::Stored(*stored))),
            Err(_) => Vec::new(),
        }
    }

    fn render(&mut self, frame: &mut Frame) {
        let hits = crate::tui::view::render(&self.app, frame);
        let effects = self.app.update(Msg::Drawn(hits));
        debug_assert!(effects.is_empty(), "taking a layout asks for no work");
    }

    fn clock_area(&self, screen: Rect) -> Option<Rect> {
        crate::tui::view::clock_area(&self.app, screen)
    }

    fn render_clock(&mut self, frame: &mut Frame, area: Rect) {
        crate::tui::view::render_clock(&self.app, frame, area);
    }

    fn needs_frames(&self) -> bool {
        self.app.needs_frames()
    }

    fn final_save(&self) -> Option<Save> {
        self.app.save_request()
    }

    /// Pauses the game while a race runs in front of it (the player sees it paused when
    /// they come back, and `p` resumes).
    fn suspend(&mut self) {
        if !self.app.is_paused()
            && !self.app.is_placeholder()
            && self.app.game().completed().is_none()
        {
            let _ = self.app.act(crate::tui::keymap::Action::Pause);
        }
    }
}

/// Games for sessions: a saved game when the player has one (an unreadable save gives a
/// fresh game and says so), else a freshly generated medium 9×9. Every session's solver
/// panel steps on the shared `pool`, so the number of cores busy with solvers is bounded
/// however many sessions run them.
pub fn factory(pool: Arc<StepPool>) -> AppFactory {
    Arc::new(move |AppStart { saved, ascii }: AppStart| {
        let config = |start| AppConfig {
            start,
            color: true,
            ascii,
            pool: pool.clone(),
        };
        let fresh = || {
            let options = GenerateOptions {
                seed: rand::random(),
                ..GenerateOptions::default()
            };
            App::new(config(StartGame::Generate(options))).map_err(|e| e.to_string())
        };
        let app = match saved {
            Some(snapshot) => match App::new(config(StartGame::Resume(snapshot))) {
                Ok(mut app) => {
                    app.notify("welcome back: your game is restored");
                    app
                }
                Err(e) => {
                    let mut app = fresh()?;
                    app.notify(format!(
                        "your saved game could not be read ({e}); a new one"
                    ));
                    app
                }
            },
            None => fresh()?,
        };
        let mut app = app;
        app.offer_rooms();
        Ok(Box::new(GameSession::new(app)) as Box<dyn SessionApp>)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;

    fn screen(app: &mut dyn SessionApp, w: u16, h: u16) -> String {
        let mut terminal = Terminal::new(TestBackend::new(w, h)).expect("a test terminal");
        terminal.draw(|f| app.render(f)).expect("drawn");
        let buffer = terminal.backend().buffer().clone();
        let rows: Vec<String> = (0..h)
            .map(|y| (0..w).map(|x| buffer[(x, y)].symbol()).collect())
            .collect();
        rows.join(" ")
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// Friction: an anonymous player learned only at the goodbye that nothing was kept. The
    /// notice is on screen from the start, whole at 80 columns, and stays once the first
    /// puzzle arrives; a player with a key is not told.
    #[test]
    fn anonymous_players_are_told_their_game_ends_with_the_connection() {
        let make = factory(Arc::new(StepPool::new(1)));
        let mut anonymous = make(AppStart::default()).expect("a game");
        let jobs = anonymous.start(false);
        assert!(screen(anonymous.as_mut(), 80, 24).contains(ANONYMOUS_NOTICE));
        for effect in jobs {
            if let SessionEffect::Work(work) = effect {
                anonymous.work_done(work.run());
            }
        }
        assert!(screen(anonymous.as_mut(), 80, 24).contains(ANONYMOUS_NOTICE));
        let mut keyed = make(AppStart::default()).expect("a game");
        keyed.start(true);
        assert!(!screen(keyed.as_mut(), 80, 24).contains("only for this connection"));
    }

    /// `ssh host ascii`: the game is drawn with ASCII only, like `play --ascii`.
    #[test]
    fn a_player_who_asks_for_ascii_gets_no_other_character() {
        let make = factory(Arc::new(StepPool::new(1)));
        let mut app = make(AppStart {
            saved: None,
            ascii: true,
        })
        .expect("a game");
        for effect in app.start(true) {
            if let SessionEffect::Work(work) = effect {
                app.work_done(work.run());
            }
        }
        let drawn = screen(app.as_mut(), 80, 24);
        assert!(drawn.contains("q quit"), "{drawn}");
        assert!(drawn.is_ascii(), "{drawn}");
        let mut plain = make(AppStart::default()).expect("a game");
        plain.start(true);
        assert!(
            !screen(plain.as_mut(), 80, 24).is_ascii(),
            "box drawing by default"
        );
    }
}
