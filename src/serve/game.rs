//! The terminal UI's `App` as a session's game: the same App as local play, one per session.

use std::sync::Arc;

use ratatui::Frame;
use ratatui::crossterm::event::Event;

use super::app::{Answer, AppFactory, SessionApp, SessionEffect, Work};
use crate::generate::GenerateOptions;
use crate::tui::app::{App, AppConfig, Effect, Msg, StartGame};
use crate::tui::job::Done;
use crate::tui::panel::StepPool;

/// One session's game.
pub struct GameSession {
    app: App,
}

fn effects(effects: Vec<Effect>) -> Vec<SessionEffect> {
    effects
        .into_iter()
        .map(|effect| match effect {
            Effect::Quit => SessionEffect::Quit,
            Effect::Save(snapshot) => SessionEffect::Save(snapshot),
            Effect::Work(job) => SessionEffect::Work(Work::new(move || Box::new(job.run()))),
        })
        .collect()
}

impl SessionApp for GameSession {
    fn event(&mut self, event: Event) -> Vec<SessionEffect> {
        effects(self.app.update(Msg::Event(event)))
    }

    fn tick(&mut self) -> Vec<SessionEffect> {
        effects(self.app.update(Msg::Tick))
    }

    fn work_done(&mut self, answer: Answer) -> Vec<SessionEffect> {
        match answer.downcast::<Done>() {
            Ok(done) => effects(self.app.update(Msg::Done(*done))),
            Err(_) => Vec::new(),
        }
    }

    fn render(&self, frame: &mut Frame) {
        self.app.render(frame);
    }

    fn needs_frames(&self) -> bool {
        self.app.needs_frames()
    }
}

/// Games for sessions: a saved game when the player has one (an unreadable save gives a
/// fresh game and says so), else a freshly generated medium 9×9. Every session's solver
/// panel steps on the shared `pool`, so the number of cores busy with solvers is bounded
/// however many sessions run them.
pub fn factory(pool: Arc<StepPool>) -> AppFactory {
    Arc::new(move |saved: Option<String>| {
        let config = |start| AppConfig {
            start,
            color: true,
            ascii: false,
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
        Ok(Box::new(GameSession { app }) as Box<dyn SessionApp>)
    })
}
