//! Keys by mode, as the key table lists them (`keymap::KEYS`): each overlay (help, solution
//! path, new-game dialog, open dialog, question), the pause, and play, whose keys become
//! actions (`keymap::action`, carried out by `actions`).

use super::*;

impl App {
    /// Routes a key to the mode the app is in.
    pub(super) fn key(&mut self, key: KeyEvent) -> Vec<Effect> {
        if key.kind == KeyEventKind::Release {
            return Vec::new();
        }
        if key.modifiers.contains(KeyModifiers::CONTROL) && key.code == KeyCode::Char('c') {
            return self.save_and_quit();
        }
        match &self.overlay {
            Overlay::None if self.paused => self.paused_key(key),
            Overlay::None => self.play_key(key),
            Overlay::Help { .. } | Overlay::Path { .. } => self.scroll_key(key),
            Overlay::NewGame(_) => self.new_game_key(key),
            Overlay::Open { .. } => self.open_key(key),
            Overlay::Confirm(confirm) => {
                let confirm = *confirm;
                self.question_key(key, confirm)
            }
            Overlay::Stats(_) => self.stats_key(key),
            Overlay::Boards(_) => self.boards_key(key),
            Overlay::Name { .. } => self.name_key(key),
            Overlay::JoinRoom { .. } => self.join_room_key(key),
        }
    }

    /// The help and the solution path page like `less`: a line (↓ ↑ j k), a page (Space,
    /// PageDown, PageUp, b), the top or the end (Home g, End G); `q`, Esc and any other key
    /// close it.
    fn scroll_key(&mut self, key: KeyEvent) -> Vec<Effect> {
        // The last frame's page; before the overlay's first frame, ten rows and no end
        // (the next frame brings the scroll back in range).
        let (rows, max) = self.hits.overlay_pages.unwrap_or((11, u16::MAX));
        let page = rows.saturating_sub(1).max(1);
        let (Overlay::Help { scroll } | Overlay::Path { scroll, .. }) = &mut self.overlay else {
            return Vec::new();
        };
        let to = match key.code {
            KeyCode::Down | KeyCode::Char('j') => scroll.saturating_add(1),
            KeyCode::Up | KeyCode::Char('k') => scroll.saturating_sub(1),
            KeyCode::PageDown | KeyCode::Char(' ') => scroll.saturating_add(page),
            KeyCode::PageUp | KeyCode::Char('b') => scroll.saturating_sub(page),
            KeyCode::Home | KeyCode::Char('g') => 0,
            KeyCode::End | KeyCode::Char('G') => max,
            _ => {
                self.overlay = Overlay::None;
                return Vec::new();
            }
        };
        *scroll = to.min(max);
        Vec::new()
    }

    /// The new-game dialog: choose a field, change its value, make the puzzle.
    fn new_game_key(&mut self, key: KeyEvent) -> Vec<Effect> {
        let Overlay::NewGame(form) = &mut self.overlay else {
            return Vec::new();
        };
        match key.code {
            KeyCode::Down | KeyCode::Char('j') | KeyCode::Tab => {
                form.field = (form.field + 1) % NewGameForm::FIELDS
            }
            KeyCode::Up | KeyCode::Char('k') | KeyCode::BackTab => {
                form.field = (form.field + NewGameForm::FIELDS - 1) % NewGameForm::FIELDS
            }
            KeyCode::Left | KeyCode::Char('h') => form.change(-1),
            KeyCode::Right | KeyCode::Char('l') | KeyCode::Char(' ') => form.change(1),
            KeyCode::Enter => {
                let form = form.clone();
                self.overlay = Overlay::None;
                return self.start_generating(&form);
            }
            KeyCode::Char('d') => {
                let level = daily_level(form.level_choice());
                self.overlay = Overlay::None;
                return self.play_today(level);
            }
            KeyCode::Char('r') if self.rooms => {
                let settings = form.race_settings();
                // A room's stored form rebuilds its board from size and variant alone, which
                // a killer's cages or a jigsaw's regions are not: races stay classic.
                if !settings.variant.is_classic() {
                    self.say(
                        "races are for standard, X and hyper puzzles: choose one of those to race",
                        Tone::Info,
                    );
                    return Vec::new();
                }
                self.overlay = Overlay::None;
                return vec![Effect::Race(crate::race::RaceRequest::Open(settings))];
            }
            KeyCode::Char('c') if self.rooms => {
                self.overlay = Overlay::JoinRoom {
                    text: String::new(),
                    error: None,
                };
            }
            KeyCode::Esc | KeyCode::Char('q') => self.overlay = Overlay::None,
            _ => {}
        }
        Vec::new()
    }

    /// The room code prompt: only a code's characters are taken (upper-cased), so nothing
    /// typed here can reach a terminal as anything but a code.
    fn join_room_key(&mut self, key: KeyEvent) -> Vec<Effect> {
        let Overlay::JoinRoom { text, error } = &mut self.overlay else {
            return Vec::new();
        };
        match key.code {
            KeyCode::Esc => self.overlay = Overlay::None,
            KeyCode::Enter => match crate::race::RoomCode::parse(text) {
                Ok(code) => {
                    self.overlay = Overlay::None;
                    return vec![Effect::Race(crate::race::RaceRequest::Join(code))];
                }
                Err(e) => *error = Some(e.to_string()),
            },
            KeyCode::Backspace => {
                text.pop();
                *error = None;
            }
            KeyCode::Char(c)
                if crate::race::RoomCode::takes(c) && text.len() < crate::race::code::CODE_LEN =>
            {
                text.push(c.to_ascii_uppercase());
                *error = None;
            }
            KeyCode::Char(_) => {
                *error = Some(format!(
                    "a room code has only {}",
                    crate::race::code::ALPHABET
                ));
            }
            _ => {}
        }
        Vec::new()
    }

    /// The open dialog: typing, deleting, opening.
    fn open_key(&mut self, key: KeyEvent) -> Vec<Effect> {
        let Overlay::Open { text, error } = &mut self.overlay else {
            return Vec::new();
        };
        match key.code {
            KeyCode::Esc => self.overlay = Overlay::None,
            KeyCode::Enter if text.trim().is_empty() && !self.continue_games.is_empty() => {
                return self.continue_picked();
            }
            KeyCode::Enter => return self.open_text(),
            KeyCode::Up => self.move_continue_pick(-1),
            KeyCode::Down => self.move_continue_pick(1),
            KeyCode::Backspace => {
                text.pop();
                *error = None;
            }
            KeyCode::Char('u') if key.modifiers.contains(KeyModifiers::CONTROL) => {
                text.clear();
            }
            KeyCode::Char(c) if text.len() < MAX_PASTE => {
                text.push(c);
                *error = None;
            }
            _ => {}
        }
        Vec::new()
    }

    /// A question: `y` or Enter does it, any other key keeps the game as it is.
    fn question_key(&mut self, key: KeyEvent, confirm: Confirm) -> Vec<Effect> {
        self.overlay = Overlay::None;
        match key.code {
            KeyCode::Char('y') | KeyCode::Enter => self.confirmed(confirm),
            _ => {
                self.pasted = None;
                Vec::new()
            }
        }
    }

    /// Paused: resume, help or quit; the board stays hidden.
    fn paused_key(&mut self, key: KeyEvent) -> Vec<Effect> {
        match key.code {
            KeyCode::Char('q') => self.quit(),
            KeyCode::Char('?') => {
                self.overlay = Overlay::Help { scroll: 0 };
                Vec::new()
            }
            KeyCode::Char('p') | KeyCode::Esc | KeyCode::Enter | KeyCode::Char(' ') => {
                self.toggle_pause()
            }
            _ => Vec::new(),
        }
    }

    /// Playing: Esc first stops a generation or closes the banner; every other key is an
    /// action of the key map (only choosing, opening, help and quitting before the first
    /// puzzle has come).
    fn play_key(&mut self, key: KeyEvent) -> Vec<Effect> {
        if key.code == KeyCode::Esc && self.cancel_generation() {
            let text = if self.placeholder {
                "new game cancelled: g chooses another, o opens one, q quits"
            } else {
                "new game cancelled"
            };
            self.say(text, Tone::Info);
            return Vec::new();
        }
        let Some(action) = keymap::action(key, self.game.size(), self.panel_open) else {
            return Vec::new();
        };
        if self.placeholder && !action.works_without_a_puzzle() {
            return Vec::new();
        }
        if action == Action::Escape && self.banner_shown() {
            self.banner_closed = true;
            return Vec::new();
        }
        self.act(action)
    }
}
