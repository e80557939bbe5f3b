//! The screens of a player's history and standing: the stats screen (`t`), the leaderboards
//! (`w`, and after a daily finish over SSH) and the name prompt (a player's first ranked
//! finish, or `n` on the leaderboards). Each opens at once, says "…" until the store answers
//! ([`Effect::Ask`]), and is filled in by the answer.

use super::*;
use crate::daily;
use crate::store::{BoardsView, StatsReport, Unranked};
use crate::tui::records;

/// The longest name the prompt takes (the store refuses anything over 20 characters anyway;
/// this only stops a paste from growing without end).
const MAX_TYPED_NAME: usize = 64;

impl App {
    /// `t`: the stats screen, with the chart of the current game's kind.
    pub(super) fn open_stats(&mut self) -> Vec<Effect> {
        self.overlay = Overlay::Stats(None);
        let kind = (!self.placeholder).then(|| self.finish_kind());
        vec![Effect::Ask(Request::Stats(kind))]
    }

    /// `w`: the leaderboards of the daily on screen, or of today's at the chosen level.
    pub(super) fn open_boards(&mut self) -> Vec<Effect> {
        let (day, level) = self.boards_daily();
        self.ask_boards(day, level)
    }

    fn ask_boards(&mut self, day: String, level: String) -> Vec<Effect> {
        self.overlay = Overlay::Boards(None);
        vec![Effect::Ask(Request::Boards { day, level })]
    }

    /// The kind this game's finish is recorded under.
    pub(super) fn finish_kind(&self) -> crate::store::Kind {
        let mut kind = records::kind(&self.game);
        kind.daily = self.daily.as_ref().map(|tag| tag.date.clone());
        kind
    }

    /// The store's statistics arrived.
    pub(super) fn stats_arrived(&mut self, report: Box<StatsReport>) {
        if matches!(self.overlay, Overlay::Stats(None)) {
            self.overlay = Overlay::Stats(Some(report));
        }
    }

    /// The leaderboards arrived: after a finish they open by themselves over SSH (the name
    /// prompt first when this was the player's first ranked finish); locally a daily's
    /// finish only says where its streak and times are.
    pub(super) fn boards_arrived(&mut self, view: Box<BoardsView>) {
        if std::mem::take(&mut self.boards_after_finish) {
            if view.seat == Some(Unranked::Local) {
                self.say("daily solved: t shows your streak and times", Tone::Good);
                return;
            }
            if !matches!(self.overlay, Overlay::None) {
                return;
            }
            if view.wants_name() {
                self.overlay = Overlay::Name {
                    text: String::new(),
                    error: None,
                    first: true,
                };
                return;
            }
            self.overlay = Overlay::Boards(Some(view));
            return;
        }
        if matches!(self.overlay, Overlay::Boards(_)) {
            self.overlay = Overlay::Boards(Some(view));
        }
    }

    /// The store did not answer in time: a screen waiting on it closes and says so (the
    /// next `t` or `w` asks again), and a name being chosen stays open to be tried again.
    pub(super) fn store_unavailable(&mut self) {
        const SAID: &str = "the store cannot be reached just now: try again in a moment";
        match &mut self.overlay {
            Overlay::Stats(None) | Overlay::Boards(None) => {
                self.overlay = Overlay::None;
                self.say(SAID, Tone::Bad);
            }
            Overlay::Name { error, .. } => *error = Some(SAID.to_string()),
            _ => {}
        }
        self.boards_after_finish = false;
    }

    /// The store took the name, or said why not.
    pub(super) fn name_arrived(&mut self, answer: Result<String, String>) -> Vec<Effect> {
        match answer {
            Ok(name) => {
                let shown = crate::names::for_terminal(&name, self.theme.glyphs.ascii);
                self.say(format!("you are {shown} on the leaderboards"), Tone::Good);
                let (day, level) = self.boards_daily();
                self.ask_boards(day, level)
            }
            Err(why) => {
                if let Overlay::Name { error, .. } = &mut self.overlay {
                    *error = Some(why);
                } else {
                    self.say(why, Tone::Bad);
                }
                Vec::new()
            }
        }
    }

    /// The stats screen: `w` goes to the leaderboards, any other key (`q` too) closes.
    pub(super) fn stats_key(&mut self, key: KeyEvent) -> Vec<Effect> {
        match key.code {
            KeyCode::Char('w') => self.open_boards(),
            _ => {
                self.overlay = Overlay::None;
                Vec::new()
            }
        }
    }

    /// The leaderboards: another level, a name, the stats; any other key (`q` too) closes.
    pub(super) fn boards_key(&mut self, key: KeyEvent) -> Vec<Effect> {
        let shown = match &self.overlay {
            Overlay::Boards(Some(view)) => Some(view.clone()),
            _ => None,
        };
        match key.code {
            KeyCode::Left | KeyCode::Right | KeyCode::Char('h') | KeyCode::Char('l') => {
                let Some(view) = shown else {
                    return Vec::new();
                };
                let step = if matches!(key.code, KeyCode::Left | KeyCode::Char('h')) {
                    daily::LEVELS.len() - 1
                } else {
                    1
                };
                let at = daily::LEVELS
                    .iter()
                    .position(|l| l.id() == view.boards.level)
                    .unwrap_or(1);
                let level = daily::LEVELS[(at + step) % daily::LEVELS.len()];
                self.ask_boards(view.boards.day.clone(), level.id().to_string())
            }
            KeyCode::Char('n') => {
                match shown.and_then(|view| view.seat) {
                    Some(why) => self.say(why.to_string(), Tone::Info),
                    None => {
                        self.overlay = Overlay::Name {
                            text: String::new(),
                            error: None,
                            first: false,
                        }
                    }
                }
                Vec::new()
            }
            KeyCode::Char('t') => self.open_stats(),
            _ => {
                self.overlay = Overlay::None;
                Vec::new()
            }
        }
    }

    /// The name prompt: type, Enter takes it, Esc leaves it for later.
    pub(super) fn name_key(&mut self, key: KeyEvent) -> Vec<Effect> {
        let Overlay::Name { text, error, first } = &mut self.overlay else {
            return Vec::new();
        };
        match key.code {
            KeyCode::Esc => {
                let first = *first;
                self.overlay = Overlay::None;
                if first {
                    self.say(
                        "no name yet: your finishes are listed once you pick one (w, then n)",
                        Tone::Info,
                    );
                }
            }
            KeyCode::Enter => {
                let typed = text.clone();
                return vec![Effect::Ask(Request::Name(typed))];
            }
            KeyCode::Backspace => {
                text.pop();
                *error = None;
            }
            KeyCode::Char('u') if key.modifiers.contains(KeyModifiers::CONTROL) => text.clear(),
            KeyCode::Char(c) if text.chars().count() < MAX_TYPED_NAME => {
                text.push(c);
                *error = None;
            }
            _ => {}
        }
        Vec::new()
    }
}
