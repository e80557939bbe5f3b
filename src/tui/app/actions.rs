//! Play actions (what a key means while playing, see `keymap::action`), one function per
//! group of the key table.

use super::*;

impl App {
    /// Carries out a play action: each group of the key table (`keymap::KEYS`: moving,
    /// entering, help, the game, the solver panel, the app) has a function of its own.
    pub fn act(&mut self, action: Action) -> Vec<Effect> {
        match action {
            Action::Move(..) | Action::MoveBox(..) | Action::NextEmpty | Action::PrevEmpty => {
                self.move_cursor(action)
            }
            Action::Digit(_)
            | Action::Clear
            | Action::ToggleNotes
            | Action::FillCandidates
            | Action::Undo
            | Action::Redo => self.edit_board(action),
            Action::Hint
            | Action::ApplyHint
            | Action::ScrollHint(_)
            | Action::PathView
            | Action::Check
            | Action::Reveal
            | Action::RevealAll => self.help_with(action),
            Action::Pause | Action::NewGame | Action::Open | Action::Restart => {
                self.manage_game(action)
            }
            Action::Daily => self.ask_daily(daily_level(self.options.level)),
            Action::Stats => self.open_stats(),
            Action::Boards => self.open_boards(),
            Action::TogglePanel | Action::Panel(_) | Action::CopySolver => self.drive_panel(action),
            Action::Escape | Action::Help | Action::Quit | Action::ForceQuit => {
                self.app_action(action)
            }
        }
    }

    /// Moves: the cursor, by a cell, a box, or to the next empty cell.
    ///
    /// Left and right go in reading order: past a row's end to the next row's start, so a
    /// solution can be typed a row after another with a digit and `l` each. Nothing wraps
    /// from one edge of the grid to the opposite one: up and down stop at the top and bottom
    /// rows, reading order at r1c1 and at the last cell, box jumps at the edges (a cursor
    /// that jumps across the grid is lost from sight).
    fn move_cursor(&mut self, action: Action) -> Vec<Effect> {
        let n = self.game.size() as i32;
        let k = self.game.geometry().box_size().unwrap_or(3) as i32;
        let (r, c) = (self.cursor as i32 / n, self.cursor as i32 % n);
        match action {
            Action::Move(0, dc) => {
                let to = (self.cursor as i32 + dc).clamp(0, n * n - 1);
                self.cursor = to as usize;
                Vec::new()
            }
            Action::Move(dr, dc) => {
                let (r, c) = ((r + dr).clamp(0, n - 1), (c + dc).clamp(0, n - 1));
                self.cursor = (r * n + c) as usize;
                Vec::new()
            }
            Action::MoveBox(dr, dc) => {
                let (r, c) = ((r + dr * k).clamp(0, n - 1), (c + dc * k).clamp(0, n - 1));
                self.cursor = (r * n + c) as usize;
                Vec::new()
            }
            Action::NextEmpty | Action::PrevEmpty => {
                let cells = self.game.entries().len();
                let forward = action == Action::NextEmpty;
                for i in 1..cells {
                    let c = if forward {
                        (self.cursor + i) % cells
                    } else {
                        (self.cursor + cells - i) % cells
                    };
                    if self.game.entry(c) == 0 {
                        self.cursor = c;
                        break;
                    }
                }
                Vec::new()
            }
            // `act` sends only this group's actions here.
            _ => Vec::new(),
        }
    }

    /// Entering: digits, clearing, notes, undo and redo.
    fn edit_board(&mut self, action: Action) -> Vec<Effect> {
        match action {
            Action::Digit(d) => {
                let cell = self.cursor;
                if self.game.is_given(cell) {
                    self.say(
                        format!("{} is a given", self.game.geometry().cell_name(cell)),
                        Tone::Info,
                    );
                    return Vec::new();
                }
                let changed = if self.notes_mode {
                    if self.game.entry(cell) != 0 {
                        self.say("clear the digit before writing notes here", Tone::Info);
                        return Vec::new();
                    }
                    self.game.toggle_note(cell, d)
                } else {
                    self.game.set_digit(cell, d)
                };
                self.changed(changed)
            }
            Action::Clear => {
                let changed = self.game.clear(self.cursor);
                self.changed(changed)
            }
            Action::ToggleNotes => {
                self.notes_mode = !self.notes_mode;
                let text = if self.notes_mode {
                    "notes mode: digits toggle pencil marks (n to leave)"
                } else {
                    "entry mode: digits fill the cell"
                };
                self.say(text, Tone::Info);
                Vec::new()
            }
            Action::FillCandidates => {
                let changed = self.game.fill_candidates();
                let effects = self.changed(changed);
                self.say(
                    "every empty cell holds its candidates (u undoes)",
                    Tone::Info,
                );
                effects
            }
            Action::Undo => {
                let changed = self.game.undo();
                if !changed {
                    self.say("nothing to undo", Tone::Info);
                }
                self.changed(changed)
            }
            Action::Redo => {
                let changed = self.game.redo();
                if !changed {
                    self.say("nothing to redo", Tone::Info);
                }
                self.changed(changed)
            }
            // `act` sends only this group's actions here.
            _ => Vec::new(),
        }
    }

    /// Help: hints, the solution path, checking and revealing.
    fn help_with(&mut self, action: Action) -> Vec<Effect> {
        match action {
            Action::Hint => self.advance_hint(),
            Action::ApplyHint => self.apply_hint(),
            Action::ScrollHint(pages) => {
                self.scroll_hint(pages);
                Vec::new()
            }
            Action::PathView => self.open_path(),
            Action::Check => {
                self.check();
                Vec::new()
            }
            Action::Reveal => {
                if self.game.solution().is_none() {
                    self.say(self.no_solution_text(), Tone::Bad);
                    return Vec::new();
                }
                let changed = self.game.reveal(self.cursor);
                self.assists.revealed_cells += u32::from(changed);
                self.changed(changed)
            }
            Action::RevealAll => {
                if self.game.solution().is_none() {
                    self.say(self.no_solution_text(), Tone::Bad);
                    return Vec::new();
                }
                self.ask_first(Confirm::RevealAll)
            }
            // `act` sends only this group's actions here.
            _ => Vec::new(),
        }
    }

    /// The game: pause, new, open, restart.
    fn manage_game(&mut self, action: Action) -> Vec<Effect> {
        match action {
            Action::Pause => self.toggle_pause(),
            Action::NewGame => self.ask_first(Confirm::NewGame),
            Action::Open => self.ask_first(Confirm::Open),
            Action::Restart => {
                // A daily's time is ranked: its clock keeps running, so that a look at the
                // puzzle before a restart wins nothing.
                let daily = self.daily.is_some();
                let changed = if daily {
                    self.game.clear_to_givens()
                } else {
                    self.game.restart()
                };
                let effects = self.changed(changed);
                if changed {
                    self.say(
                        if daily {
                            "back to the givens; a daily's clock keeps running (u brings your work back)"
                        } else {
                            "restarted from the givens, clock at 0:00 (u brings your work back)"
                        },
                        Tone::Info,
                    );
                    if self.panel_open {
                        self.load_panel();
                    }
                }
                effects
            }
            // `act` sends only this group's actions here.
            _ => Vec::new(),
        }
    }

    /// The solver panel: open or close it, its own keys, copying its solution.
    fn drive_panel(&mut self, action: Action) -> Vec<Effect> {
        match action {
            Action::TogglePanel => {
                self.panel_open = !self.panel_open;
                let stale = self.panel_entries != self.game.entries();
                if self.panel_open && (!self.panel_loaded || stale && !self.panel.is_playing()) {
                    self.load_panel();
                }
                Vec::new()
            }
            Action::Panel(msg) => {
                // Keys never drive a panel the player cannot see.
                if let Some((needs, now)) = self.hits.panel_hidden {
                    self.say(panel_hidden_text(needs, now), Tone::Info);
                } else {
                    self.panel.handle(msg);
                }
                Vec::new()
            }
            Action::CopySolver => {
                if let Some((needs, now)) = self.hits.panel_hidden.filter(|_| self.panel_open) {
                    // A solution the player cannot see is not copied.
                    self.say(panel_hidden_text(needs, now), Tone::Info);
                    return Vec::new();
                }
                match self.panel.solution() {
                    Some(grid) if self.panel_open => {
                        let changed = self.game.fill_from(&grid);
                        self.assists.solution_copied |= changed;
                        let effects = self.changed(changed);
                        self.say(
                            "copied the solver's solution into the board (u undoes)",
                            Tone::Info,
                        );
                        return effects;
                    }
                    _ if self.panel_open => self.say(
                        "no solver solution to copy yet (Space runs the solver)",
                        Tone::Info,
                    ),
                    _ => self.say(
                        "no solver solution to copy yet (s opens the solver panel)",
                        Tone::Info,
                    ),
                }
                Vec::new()
            }
            // `act` sends only this group's actions here.
            _ => Vec::new(),
        }
    }

    /// The app: Esc, help, quitting.
    fn app_action(&mut self, action: Action) -> Vec<Effect> {
        match action {
            Action::Escape => {
                if self.hint.take().is_none() {
                    self.message = None;
                }
                Vec::new()
            }
            Action::Help => {
                self.overlay = Overlay::Help { scroll: 0 };
                Vec::new()
            }
            Action::Quit => self.quit(),
            Action::ForceQuit => self.save_and_quit(),

            // `act` sends only this group's actions here.
            _ => Vec::new(),
        }
    }
}
