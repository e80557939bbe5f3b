//! Keys to actions. The fixed keys of the CLI contract (arrows and `h j k l` move, digits enter,
//! `0 . Backspace Delete` clear, `?` help, `q` quit, `Ctrl-C` quits at once) plus everything
//! else, listed once in [`KEYS`] (with the keys of the hint card, the solver panel, the
//! dialogs and the overlays) so the help overlay and the guide's key table cannot drift apart.
//!
//! Commands use lower-case letters and punctuation, because upper-case `A`–`P` are the digits
//! 10–25 of 16×16 and 25×25 puzzles (`1-9A-P`); the only upper-case commands are beyond `P`.

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};

use super::panel_link::PanelMsg;

/// What a key asks for while playing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    Move(i32, i32),
    /// Jump by a whole box.
    MoveBox(i32, i32),
    NextEmpty,
    PrevEmpty,
    Digit(u8),
    Clear,
    ToggleNotes,
    FillCandidates,
    Undo,
    Redo,
    Hint,
    ApplyHint,
    /// Page the hint card's text down (+1) or up (−1) when it is taller than the card.
    ScrollHint(i8),
    Escape,
    PathView,
    Check,
    Reveal,
    RevealAll,
    Pause,
    NewGame,
    Open,
    Restart,
    /// Today's daily puzzle.
    Daily,
    /// The stats screen.
    Stats,
    /// The leaderboards.
    Boards,
    TogglePanel,
    Panel(PanelMsg),
    CopySolver,
    Help,
    Quit,
    ForceQuit,
}

impl Action {
    /// The actions that make sense before the first puzzle has arrived (the board is an
    /// empty placeholder then): choosing or opening a puzzle, help, quitting.
    pub fn works_without_a_puzzle(self) -> bool {
        matches!(
            self,
            Action::NewGame
                | Action::Open
                | Action::Daily
                | Action::Stats
                | Action::Boards
                | Action::Help
                | Action::Escape
                | Action::Quit
                | Action::ForceQuit
        )
    }
}

/// One row of the key tables: where it works, the keys, what they do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KeyHelp {
    pub section: &'static str,
    pub keys: &'static str,
    pub what: &'static str,
}

const fn key(section: &'static str, keys: &'static str, what: &'static str) -> KeyHelp {
    KeyHelp {
        section,
        keys,
        what,
    }
}

/// Every key of every mode, in sections: playing (Move … App), then the hint card, the
/// solver panel, the dialogs and the overlays, whose keys `App::key` handles before the play
/// keys of [`action`]. The `?` overlay and the guide's key table are both made from this
/// list ([`markdown_table`]; a test keeps `docs/guide.md` equal to it).
pub const KEYS: &[KeyHelp] = &[
    key(
        "Move",
        "← →  h l",
        "left / right; at a row's end, on to the next row (reading order)",
    ),
    key(
        "Move",
        "↑ ↓  k j",
        "up / down; the cursor stops at the grid's edges (or click a cell)",
    ),
    key(
        "Move",
        "Ctrl + ← ↓ ↑ →",
        "jump a whole box, stopping at the edges",
    ),
    key("Move", "Tab  Shift-Tab", "next / previous empty cell"),
    key(
        "Enter",
        "1–9  A–P",
        "enter a digit (A–P are 10–25 on 16×16 and 25×25)",
    ),
    key("Enter", "0  .  x  Backspace  Delete", "clear the cell"),
    key(
        "Enter",
        "n",
        "notes mode on/off: digits toggle pencil marks",
    ),
    key(
        "Enter",
        "f",
        "fill in notes; a candidate you removed stays out",
    ),
    key("Enter", "u  Ctrl-z", "undo"),
    key("Enter", "Ctrl-r  Ctrl-y", "redo"),
    key(
        "Help",
        "i",
        "hint: technique → highlighted pattern → explanation",
    ),
    key(
        "Help",
        "a",
        "apply the hinted step (with no hint shown, the next one: one hint used)",
    ),
    key("Help", "v", "solution path: every remaining logical step"),
    key(
        "Help",
        "c",
        "check: mark entries that disagree with the solution",
    ),
    key(
        "Help",
        "r  /  R",
        "reveal the cursor cell / the whole solution",
    ),
    key("Game", "p", "pause (the grid hides) / resume"),
    key("Game", "g", "new game: level, size, variant, symmetry"),
    key(
        "Game",
        "d",
        "today's daily puzzle (UTC; the level last chosen, else medium)",
    ),
    key("Game", "o  or paste", "open a puzzle from pasted text"),
    key(
        "Game",
        "e",
        "restart (undoable); clock to 0:00, not on a daily",
    ),
    key("Game", "s", "show / hide the live solver panel"),
    key(
        "Game",
        "t",
        "your stats: best and median times, streak, last 30 times",
    ),
    key("Game", "w", "leaderboards of the daily (over SSH)"),
    key("App", "?", "this help"),
    key(
        "App",
        "Esc",
        "close a hint, a message or the banner; stop a generation",
    ),
    key(
        "App",
        "q",
        "quit (the game is saved; without an SSH key, asks first: it is not kept)",
    ),
    key("App", "Ctrl-c", "quit at once, from anywhere"),
    key(
        "Hint card",
        "i",
        "the next stage: where, then the pattern, then why; \
         then a nested chain's full proof, and its summary again",
    ),
    key("Hint card", "a", "apply the step"),
    key(
        "Hint card",
        "PageDown  PageUp",
        "page through an explanation longer than the card",
    ),
    key("Hint card", "Esc", "close the card"),
    key("Solver panel", "[  ]", "previous / next solver"),
    key("Solver panel", "Space", "start / pause the solver"),
    key("Solver panel", "Enter", "single step"),
    key("Solver panel", "+  -", "faster / slower"),
    key("Solver panel", "b", "reset the solver"),
    key("Solver panel", "#", "new seed"),
    key(
        "Solver panel",
        "y",
        "copy the solver's solution into the board",
    ),
    key("New-game dialog", "↑ ↓  j k  Tab", "choose a field"),
    key("New-game dialog", "← →  h l  Space", "change its value"),
    key(
        "New-game dialog",
        "Enter",
        "make the puzzle (Esc cancels while it is made)",
    ),
    key(
        "New-game dialog",
        "d",
        "today's daily puzzle at the chosen level",
    ),
    key(
        "New-game dialog",
        "r",
        "over SSH: open a race room for this level, size and variant",
    ),
    key(
        "New-game dialog",
        "c",
        "over SSH: join a race room by its code",
    ),
    key("New-game dialog", "Esc  q", "close the dialog"),
    key(
        "Open dialog",
        "type or paste",
        "the puzzle, in any format sudoscope reads",
    ),
    key("Open dialog", "Enter", "open it"),
    key(
        "Open dialog",
        "Backspace  Ctrl-u",
        "delete a character / everything",
    ),
    key("Open dialog", "Esc", "close the dialog"),
    key(
        "Question",
        "y  Enter",
        "yes: leave an unfinished game (g, o), reveal all (R)",
    ),
    key("Question", "any other key", "no: back to the game"),
    key("Help and path", "↓ ↑  j k", "scroll a line"),
    key("Help and path", "Space  PageDown", "a page down"),
    key("Help and path", "PageUp  b", "a page up"),
    key("Help and path", "Home  g  /  End  G", "the top / the end"),
    key("Help and path", "q  Esc", "close (as does any other key)"),
    key("Stats", "w", "the leaderboards"),
    key("Stats", "any other key", "close (q too)"),
    key("Leaderboards", "← →  h l", "another level of the same day"),
    key("Leaderboards", "n", "choose or change your name"),
    key("Leaderboards", "t", "your stats"),
    key("Leaderboards", "any other key", "close (q too)"),
    key(
        "Name",
        "Enter",
        "take the name: 3–20 letters, digits, - _ .",
    ),
    key("Name", "Esc", "not now"),
    key(
        "Join a race",
        "type",
        "the room's code: 5 letters and digits (no 0 O 1 I)",
    ),
    key("Join a race", "Enter  /  Esc", "join / close"),
    key(
        "Race room",
        "Enter",
        "the room's owner starts the race (3-2-1)",
    ),
    key(
        "Race room",
        "q  Esc",
        "leave the room (a racer can come back to their seat)",
    ),
    key(
        "Race room",
        "c",
        "while racing: check, counted as mistakes found for the others to see",
    ),
    key(
        "Race room",
        "Tab  Shift-Tab",
        "spectators: watch the next / previous racer",
    ),
    key(
        "Race room",
        "s",
        "spectators: the solver panel on the watched board",
    ),
    key("Paused", "p  Esc  Enter  Space", "resume"),
    key("Paused", "?  q", "help / quit"),
];

/// The key table as Markdown (the "Keys" table of `docs/guide.md`), one row per [`KEYS`] entry.
pub fn markdown_table() -> String {
    let mut out = String::from("| where | keys | what they do |\n|---|---|---|\n");
    for k in KEYS {
        out.push_str(&format!("| {} | `{}` | {} |\n", k.section, k.keys, k.what));
    }
    out
}

/// The digit an upper-case letter stands for (`A` = 10 ... `Y` = 34) on a board of `size`.
pub fn letter_digit(ch: char, size: usize) -> Option<u8> {
    if ch.is_ascii_uppercase() {
        let d = 10 + (ch as u8 - b'A');
        (d as usize <= size).then_some(d)
    } else {
        None
    }
}

/// Maps a key press while playing to an action. `panel_open` enables the solver keys.
pub fn action(key: KeyEvent, size: usize, panel_open: bool) -> Option<Action> {
    if key.kind == KeyEventKind::Release {
        return None;
    }
    let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
    use Action::*;
    if ctrl {
        return match key.code {
            KeyCode::Char('c') => Some(ForceQuit),
            KeyCode::Char('z') => Some(Undo),
            KeyCode::Char('r') | KeyCode::Char('y') => Some(Redo),
            KeyCode::Left => Some(MoveBox(0, -1)),
            KeyCode::Right => Some(MoveBox(0, 1)),
            KeyCode::Up => Some(MoveBox(-1, 0)),
            KeyCode::Down => Some(MoveBox(1, 0)),
            _ => None,
        };
    }
    Some(match key.code {
        KeyCode::Left | KeyCode::Char('h') => Move(0, -1),
        KeyCode::Right | KeyCode::Char('l') => Move(0, 1),
        KeyCode::Up | KeyCode::Char('k') => Move(-1, 0),
        KeyCode::Down | KeyCode::Char('j') => Move(1, 0),
        KeyCode::Char(c) if letter_digit(c, size).is_some() => Digit(letter_digit(c, size)?),
        KeyCode::Tab => NextEmpty,
        KeyCode::BackTab => PrevEmpty,
        KeyCode::Char(c @ '1'..='9') => {
            let d = c as u8 - b'0';
            if d as usize > size {
                return None;
            }
            Digit(d)
        }
        KeyCode::Char('0' | '.' | 'x') | KeyCode::Backspace | KeyCode::Delete => Clear,
        KeyCode::Char('n') => ToggleNotes,
        KeyCode::Char('f') => FillCandidates,
        KeyCode::Char('u') => Undo,
        KeyCode::Char('i') => Hint,
        KeyCode::Char('a') => ApplyHint,
        KeyCode::PageDown => ScrollHint(1),
        KeyCode::PageUp => ScrollHint(-1),
        KeyCode::Esc => Escape,
        KeyCode::Char('v') => PathView,
        KeyCode::Char('c') => Check,
        KeyCode::Char('r') => Reveal,
        KeyCode::Char('R') => RevealAll,
        KeyCode::Char('p') => Pause,
        KeyCode::Char('g') => NewGame,
        KeyCode::Char('o') => Open,
        KeyCode::Char('e') => Restart,
        KeyCode::Char('d') => Daily,
        KeyCode::Char('t') => Stats,
        KeyCode::Char('w') => Boards,
        KeyCode::Char('s') => TogglePanel,
        KeyCode::Char('y') => CopySolver,
        KeyCode::Char('?') => Help,
        KeyCode::Char('q') => Quit,
        _ if panel_open => Panel(panel_msg(key.code)?),
        _ => return None,
    })
}

fn panel_msg(code: KeyCode) -> Option<PanelMsg> {
    Some(match code {
        KeyCode::Char('[') => PanelMsg::PrevSolver,
        KeyCode::Char(']') => PanelMsg::NextSolver,
        KeyCode::Char(' ') => PanelMsg::StartPause,
        KeyCode::Enter => PanelMsg::Step,
        KeyCode::Char('+' | '=') => PanelMsg::Faster,
        KeyCode::Char('-') => PanelMsg::Slower,
        KeyCode::Char('b') => PanelMsg::Reset,
        KeyCode::Char('#') => PanelMsg::NewSeed,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(code: KeyCode) -> KeyEvent {
        KeyEvent::new(code, KeyModifiers::NONE)
    }

    #[test]
    fn fixed_keys_of_the_contract() {
        assert_eq!(
            action(key(KeyCode::Char('h')), 9, false),
            Some(Action::Move(0, -1))
        );
        assert_eq!(
            action(key(KeyCode::Char('j')), 9, false),
            Some(Action::Move(1, 0))
        );
        assert_eq!(
            action(key(KeyCode::Up), 9, false),
            Some(Action::Move(-1, 0))
        );
        assert_eq!(
            action(key(KeyCode::Char('7')), 9, false),
            Some(Action::Digit(7))
        );
        assert_eq!(action(key(KeyCode::Char('5')), 4, false), None);
        for code in [
            KeyCode::Char('0'),
            KeyCode::Char('.'),
            KeyCode::Backspace,
            KeyCode::Delete,
        ] {
            assert_eq!(action(key(code), 9, false), Some(Action::Clear));
        }
        assert_eq!(
            action(key(KeyCode::Char('?')), 9, false),
            Some(Action::Help)
        );
        assert_eq!(
            action(key(KeyCode::Char('q')), 9, false),
            Some(Action::Quit)
        );
        let ctrl_c = KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL);
        assert_eq!(action(ctrl_c, 9, false), Some(Action::ForceQuit));
    }

    #[test]
    fn letters_are_digits_only_where_the_size_has_them() {
        assert_eq!(
            action(key(KeyCode::Char('G')), 16, false),
            Some(Action::Digit(16))
        );
        assert_eq!(
            action(key(KeyCode::Char('P')), 25, false),
            Some(Action::Digit(25))
        );
        assert_eq!(action(key(KeyCode::Char('H')), 16, false), None);
        assert_eq!(action(key(KeyCode::Char('A')), 9, false), None);
        assert_eq!(
            action(key(KeyCode::Char('R')), 25, false),
            Some(Action::RevealAll)
        );
    }

    #[test]
    fn panel_keys_only_with_the_panel() {
        assert_eq!(action(key(KeyCode::Char(' ')), 9, false), None);
        assert_eq!(
            action(key(KeyCode::Char(' ')), 9, true),
            Some(Action::Panel(PanelMsg::StartPause))
        );
        assert_eq!(
            action(key(KeyCode::Char(']')), 9, true),
            Some(Action::Panel(PanelMsg::NextSolver))
        );
    }
}
