//! One game: givens, the player's entries and notes, the solution, undo/redo of every change,
//! the timer and completion. Pure state; the App decides when things happen.

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::exact::{self, Solution};
use crate::grid::{Cage, Digits, Geometry, Grid, Puzzle, Shape, ShapeSpec, Variant};
use crate::logic::Board;
use crate::logic::Step;
use crate::logic::rating::Level;

/// Why a game cannot be set up.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum GameError {
    #[error("the puzzle's givens clash: {0}")]
    /// The givens put one digit twice in a house.
    Clash(String),
    #[error("the saved game is not readable: {0}")]
    /// A saved game that cannot be resumed (unreadable, or a different puzzle).
    Snapshot(String),
}

/// The previous state of every cell an edit changed: applying it swaps states back.
type Edit = Vec<(usize, u8, Digits)>;

/// At most this many edits are kept for undo (a 25×25 game stays small in memory).
const HISTORY_LIMIT: usize = 2000;

/// The play clock: stops while paused and once the puzzle is solved.
#[derive(Clone, Debug)]
pub struct Timer {
    accumulated: Duration,
    since: Option<Instant>,
    /// Tests freeze the clock so screens are reproducible.
    frozen: Option<Duration>,
}

impl Timer {
    /// A running clock that starts from `accumulated` (a resumed game's time).
    pub fn started(accumulated: Duration) -> Timer {
        Timer {
            accumulated,
            since: Some(Instant::now()),
            frozen: None,
        }
    }

    /// The time played so far (the frozen time, when frozen).
    pub fn elapsed(&self) -> Duration {
        if let Some(fixed) = self.frozen {
            return fixed;
        }
        self.accumulated + self.since.map_or(Duration::ZERO, |s| s.elapsed())
    }

    /// Whether the clock is running (not paused, not stopped at the finish).
    pub fn is_running(&self) -> bool {
        self.since.is_some()
    }

    /// Stops the clock, keeping the time played.
    pub fn pause(&mut self) {
        if let Some(since) = self.since.take() {
            self.accumulated += since.elapsed();
        }
    }

    /// Starts the clock again after a pause.
    pub fn resume(&mut self) {
        if self.since.is_none() {
            self.since = Some(Instant::now());
        }
    }

    /// Shows `shown` from now on, whatever the real time (for reproducible screens).
    pub fn freeze(&mut self, shown: Duration) {
        self.frozen = Some(shown);
    }

    /// Back to zero, running (a restarted game is timed from the restart).
    pub fn reset(&mut self) {
        self.accumulated = Duration::ZERO;
        self.since = Some(Instant::now());
    }

    /// Time until the shown seconds change (the runner sleeps this long when idle).
    pub fn until_next_second(&self) -> Option<Duration> {
        if !self.is_running() || self.frozen.is_some() {
            return None;
        }
        let ms = self.elapsed().subsec_millis() as u64;
        Some(Duration::from_millis(1000 - ms.min(999)))
    }
}

/// Whether the solution is known.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Solvability {
    /// Exactly one solution: it is known, and entries can be checked against it.
    Unique,
    /// Several solutions: none is the answer, so entries are checked only for clashes.
    Multiple,
    /// No solution: the givens cannot be completed.
    None,
}

#[derive(Clone, Debug)]
/// A game in progress: the puzzle, the player's entries and notes, undo and redo, the clock, and the solution when the puzzle has exactly one.
pub struct Game {
    geometry: Shape,
    puzzle: Puzzle,
    given: Vec<bool>,
    entries: Vec<u8>,
    notes: Vec<Digits>,
    solution: Option<Grid>,
    solvability: Solvability,
    undo: Vec<Edit>,
    redo: Vec<Edit>,
    /// The play clock.
    pub timer: Timer,
    completed: Option<Duration>,
    /// Wrong entries are shown after a check, until the next change.
    checked: bool,
    /// The level the puzzle was generated or rated at, when known.
    pub level: Option<Level>,
    /// Hint steps asked for and cells revealed: the celebration tells the player.
    pub hints_used: u32,
    /// The whole solution was filled in for the player (revealed, or a solver's copied): a
    /// finish that sets no best time.
    pub solution_shown: bool,
}

impl Game {
    /// A new game; finds the solution with the exact solver when none is given.
    pub fn new(
        puzzle: Puzzle,
        solution: Option<Grid>,
        level: Option<Level>,
    ) -> Result<Game, GameError> {
        if let Some(conflict) = puzzle.givens.first_conflict() {
            let g = puzzle.geometry();
            return Err(GameError::Clash(format!(
                "{} appears twice in {} ({} and {})",
                puzzle.alphabet.show(conflict.digit),
                conflict.group.name(g),
                g.cell_name(conflict.first),
                g.cell_name(conflict.second)
            )));
        }
        let (solution, solvability) = match solution {
            Some(grid) => (Some(grid), Solvability::Unique),
            None => match exact::solve(&puzzle) {
                Solution::Unique(grid) => (Some(grid), Solvability::Unique),
                Solution::Multiple(_) => (None, Solvability::Multiple),
                Solution::None => (None, Solvability::None),
            },
        };
        let geometry = puzzle.geometry();
        let entries = puzzle.givens.cells().to_vec();
        let given = entries.iter().map(|&d| d != 0).collect();
        let notes = initial_notes(&puzzle);
        Ok(Game {
            geometry: geometry.shape(),
            puzzle,
            given,
            entries,
            notes,
            solution,
            solvability,
            undo: Vec::new(),
            redo: Vec::new(),
            timer: Timer::started(Duration::ZERO),
            completed: None,
            checked: false,
            level,
            hints_used: 0,
            solution_shown: false,
        })
    }

    /// A board with no givens and no known solution: what shows while the first puzzle is
    /// still being made (no solver runs on it).
    pub fn empty(geometry: &Geometry) -> Game {
        let puzzle = Puzzle::from_grid(Grid::empty(geometry));
        let cells = geometry.cell_count();
        Game {
            geometry: geometry.shape(),
            given: vec![false; cells],
            entries: vec![0; cells],
            notes: vec![Digits::EMPTY; cells],
            puzzle,
            solution: None,
            solvability: Solvability::Multiple,
            undo: Vec::new(),
            redo: Vec::new(),
            timer: Timer::started(Duration::ZERO),
            completed: None,
            checked: false,
            level: None,
            hints_used: 0,
            solution_shown: false,
        }
    }

    /// The shape of the grid.
    pub fn geometry(&self) -> &Geometry {
        &self.geometry
    }
    /// N, the side length.
    pub fn size(&self) -> usize {
        self.geometry.size()
    }
    /// The puzzle as given.
    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }
    /// The digit in `cell` (a given or the player's entry), 0 when empty.
    pub fn entry(&self, cell: usize) -> u8 {
        self.entries[cell]
    }
    /// Every cell's digit, row-major, 0 for empty.
    pub fn entries(&self) -> &[u8] {
        &self.entries
    }
    /// The player's notes (pencil marks) in `cell`.
    pub fn notes(&self, cell: usize) -> Digits {
        self.notes[cell]
    }
    /// Whether `cell` holds a given, which the player cannot change.
    pub fn is_given(&self, cell: usize) -> bool {
        self.given[cell]
    }
    /// The solution, when the puzzle has exactly one.
    pub fn solution(&self) -> Option<&Grid> {
        self.solution.as_ref()
    }
    /// Whether the solution is known.
    pub fn solvability(&self) -> Solvability {
        self.solvability
    }
    /// The time the puzzle took, once it is solved.
    pub fn completed(&self) -> Option<Duration> {
        self.completed
    }
    /// Whether there is a move to undo.
    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }
    /// Whether there is an undone move to redo.
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }
    /// Whether wrong entries are being shown (after a check, until the next change).
    pub fn checked(&self) -> bool {
        self.checked
    }
    /// Shows wrong entries until the next change.
    pub fn set_checked(&mut self) {
        self.checked = true;
    }

    /// Digits no peer holds (the candidates implied by the entries).
    pub fn implied(&self, cell: usize) -> Digits {
        let mut set = Digits::all(self.size());
        for &p in self.geometry.peers(cell) {
            if self.entries[p] != 0 {
                set.remove(self.entries[p]);
            }
        }
        set
    }

    /// The digits a cell can take: [`Game::implied`], narrowed in a killer to the digits of
    /// the combinations its cage can still hold (distinct digits, not used in the cage yet,
    /// adding up to what the cage's sum leaves). A cage that already breaks its rules
    /// narrows nothing: the conflict shows instead.
    pub fn candidates(&self, cell: usize) -> Digits {
        let implied = self.implied(cell);
        let Some(cage) = self.geometry.cage_of(cell) else {
            return implied;
        };
        let cage = &self.geometry.cages()[cage];
        let mut used = Digits::EMPTY;
        let mut total = 0u32;
        let mut open = 0usize;
        for &c in &cage.cells {
            match self.entries[c] {
                0 => open += 1,
                d if used.contains(d) => return implied,
                d => {
                    used.insert(d);
                    total += u32::from(d);
                }
            }
        }
        let Some(left) = cage.sum.checked_sub(total) else {
            return implied;
        };
        let combos = self
            .geometry
            .cage_arithmetic()
            .sets(open, left)
            .iter()
            .filter(|set| (**set & used).is_empty())
            .fold(Digits::EMPTY, |acc, &set| acc | set);
        if combos.is_empty() {
            return implied;
        }
        implied & combos
    }

    /// Cells whose digit is repeated in one of their houses or their cage, and the entered
    /// cells of a cage whose digits add up to more than its sum, or, all filled in, to
    /// another sum.
    pub fn conflicts(&self) -> Vec<bool> {
        let mut out = vec![false; self.entries.len()];
        for (cell, &d) in self.entries.iter().enumerate() {
            if d != 0
                && self
                    .geometry
                    .peers(cell)
                    .iter()
                    .any(|&p| self.entries[p] == d)
            {
                out[cell] = true;
            }
        }
        for cage in self.geometry.cages() {
            let digits = cage.cells.iter().map(|&c| self.entries[c]);
            let total: u32 = digits.clone().map(u32::from).sum();
            let full = digits.clone().all(|d| d != 0);
            if total > cage.sum || full && total != cage.sum {
                for &c in &cage.cells {
                    out[c] |= self.entries[c] != 0;
                }
            }
        }
        out
    }

    /// Entered cells that disagree with the solution (empty when the solution is unknown).
    pub fn wrong_cells(&self) -> Vec<usize> {
        let Some(solution) = &self.solution else {
            return Vec::new();
        };
        (0..self.entries.len())
            .filter(|&c| {
                !self.given[c] && self.entries[c] != 0 && self.entries[c] != solution.get(c)
            })
            .collect()
    }

    /// How many cells hold each digit (index 0 unused).
    pub fn digit_counts(&self) -> Vec<usize> {
        let mut counts = vec![0; self.size() + 1];
        for &d in &self.entries {
            counts[d as usize] += 1;
        }
        counts
    }

    /// How many cells are still empty.
    pub fn empty_count(&self) -> usize {
        self.entries.iter().filter(|&&d| d == 0).count()
    }

    /// Records an edit (the new states of some cells); returns whether anything changed.
    fn edit(&mut self, changes: impl IntoIterator<Item = (usize, u8, Digits)>) -> bool {
        let mut previous: Edit = Vec::new();
        for (cell, entry, notes) in changes {
            if self.given[cell] {
                continue;
            }
            if self.entries[cell] != entry || self.notes[cell] != notes {
                previous.push((cell, self.entries[cell], self.notes[cell]));
                self.entries[cell] = entry;
                self.notes[cell] = notes;
            }
        }
        if previous.is_empty() {
            return false;
        }
        self.undo.push(previous);
        if self.undo.len() > HISTORY_LIMIT {
            self.undo.remove(0);
        }
        self.redo.clear();
        self.after_change();
        true
    }

    fn after_change(&mut self) {
        self.checked = false;
        let grid = Grid::from_cells(&self.geometry, self.entries.clone());
        let solved = grid.is_ok_and(|g| g.is_solved());
        if solved && self.completed.is_none() {
            self.timer.pause();
            self.completed = Some(self.timer.elapsed());
        } else if !solved && self.completed.is_some() {
            self.completed = None;
            self.timer.resume();
        }
    }

    /// Enters a digit and removes it from the notes of every peer. The digit the cell already
    /// holds changes nothing (a second press must not wipe an entry; clearing is its own
    /// key); 0 clears.
    pub fn set_digit(&mut self, cell: usize, digit: u8) -> bool {
        if self.given[cell] || digit as usize > self.size() || self.entries[cell] == digit {
            return false;
        }
        if digit == 0 {
            return self.edit([(cell, 0, Digits::EMPTY)]);
        }
        let mut changes = vec![(cell, digit, Digits::EMPTY)];
        changes.extend(self.peer_note_removals(cell, digit));
        self.edit(changes)
    }

    fn peer_note_removals(&self, cell: usize, digit: u8) -> Vec<(usize, u8, Digits)> {
        self.geometry
            .peers(cell)
            .iter()
            .filter(|&&p| self.notes[p].contains(digit))
            .map(|&p| {
                let mut n = self.notes[p];
                n.remove(digit);
                (p, self.entries[p], n)
            })
            .collect()
    }

    /// Empties `cell` (its entry and notes); whether anything changed.
    pub fn clear(&mut self, cell: usize) -> bool {
        self.edit([(cell, 0, Digits::EMPTY)])
    }

    /// Adds or removes a note in an empty cell.
    pub fn toggle_note(&mut self, cell: usize, digit: u8) -> bool {
        if self.given[cell] || self.entries[cell] != 0 || digit == 0 || digit as usize > self.size()
        {
            return false;
        }
        let mut n = self.notes[cell];
        if n.contains(digit) {
            n.remove(digit);
        } else {
            n.insert(digit);
        }
        self.edit([(cell, 0, n)])
    }

    /// Fills the notes of every empty cell that has none with its [`Game::candidates`] (the
    /// digits no peer holds and, in a killer, that its cage's sum allows), and narrows the
    /// notes a cell has to those digits. It never adds a digit back to a cell that has
    /// notes: a candidate the player or an applied hint removed stays removed.
    pub fn fill_candidates(&mut self) -> bool {
        let changes: Vec<_> = (0..self.entries.len())
            .filter(|&c| self.entries[c] == 0)
            .map(|c| {
                let implied = self.candidates(c);
                let notes = self.notes[c];
                (
                    c,
                    0,
                    if notes.is_empty() {
                        implied
                    } else {
                        notes & implied
                    },
                )
            })
            .collect();
        self.edit(changes)
    }

    /// Applies a hint step: its placements are entered, its eliminations removed from the
    /// notes (a cell without notes first gets its implied candidates, so the effect shows).
    pub fn apply_step(&mut self, step: &Step) -> bool {
        let mut entries = self.entries.clone();
        let mut notes = self.notes.clone();
        for p in &step.placements {
            if entries[p.cell] == 0 {
                entries[p.cell] = p.digit;
                notes[p.cell] = Digits::EMPTY;
                for &q in self.geometry.peers(p.cell) {
                    notes[q].remove(p.digit);
                }
            }
        }
        for e in &step.eliminations {
            if entries[e.cell] == 0 {
                if notes[e.cell].is_empty() {
                    notes[e.cell] = self.implied(e.cell);
                }
                notes[e.cell].remove(e.digit);
            }
        }
        let changes: Vec<_> = (0..entries.len())
            .map(|c| (c, entries[c], notes[c]))
            .collect();
        self.edit(changes)
    }

    /// Puts the solution's digit in a cell (counted as a hint).
    pub fn reveal(&mut self, cell: usize) -> bool {
        match self.solution.as_ref().map(|s| s.get(cell)) {
            Some(d) if d != 0 && self.entries[cell] != d => {
                let mut changes = vec![(cell, d, Digits::EMPTY)];
                changes.extend(self.peer_note_removals(cell, d));
                let changed = self.edit(changes);
                self.hints_used += u32::from(changed);
                changed
            }
            _ => false,
        }
    }

    /// Fills the board with a solution grid (the solution, or a solver's); the finish that
    /// follows sets no best time.
    pub fn fill_from(&mut self, grid: &Grid) -> bool {
        if *grid.geometry() != *self.geometry {
            return false;
        }
        let changes: Vec<_> = (0..self.entries.len())
            .map(|c| (c, grid.get(c), Digits::EMPTY))
            .collect();
        let changed = self.edit(changes);
        self.solution_shown |= changed;
        changed
    }

    /// Fills in the whole solution for the player; whether anything changed.
    pub fn reveal_all(&mut self) -> bool {
        match self.solution.clone() {
            Some(s) => self.fill_from(&s),
            None => false,
        }
    }

    /// Back to the givens (the board is undoable) with the clock at zero: a restart is a
    /// fresh attempt, timed from now.
    pub fn restart(&mut self) -> bool {
        let changed = self.clear_to_givens();
        if changed {
            self.timer.reset();
        }
        changed
    }

    /// Takes the grid back to the givens (and the starting notes) as one undoable move, and
    /// leaves the clock as it is: a restart of a puzzle whose time is ranked, so that looking
    /// at the puzzle first and restarting wins no time. Whether anything changed.
    pub fn clear_to_givens(&mut self) -> bool {
        let start = initial_notes(&self.puzzle);
        let changes: Vec<_> = (0..self.entries.len())
            .map(|c| (c, self.puzzle.givens.get(c), start[c]))
            .collect();
        self.edit(changes)
    }

    fn swap_back(&mut self, edit: Edit) -> Edit {
        let mut inverse = Vec::with_capacity(edit.len());
        for (cell, entry, notes) in edit {
            inverse.push((cell, self.entries[cell], self.notes[cell]));
            self.entries[cell] = entry;
            self.notes[cell] = notes;
        }
        self.after_change();
        inverse
    }

    /// Takes back the last move; whether there was one.
    pub fn undo(&mut self) -> bool {
        let Some(edit) = self.undo.pop() else {
            return false;
        };
        let inverse = self.swap_back(edit);
        self.redo.push(inverse);
        true
    }

    /// Makes the last undone move again; whether there was one.
    pub fn redo(&mut self) -> bool {
        let Some(edit) = self.redo.pop() else {
            return false;
        };
        let inverse = self.swap_back(edit);
        self.undo.push(inverse);
        true
    }

    /// The board a hint is computed on: the entries, and for each empty cell its implied
    /// candidates narrowed by the player's notes when those notes still hold the solution's
    /// digit (so applied eliminations stick, and wrong notes cannot mislead the engine).
    pub fn hint_board(&self) -> Board {
        let candidates = (0..self.entries.len())
            .map(|c| {
                let implied = self.implied(c);
                let notes = self.notes[c];
                let keeps_truth = self
                    .solution
                    .as_ref()
                    .is_none_or(|s| notes.contains(s.get(c)));
                if self.entries[c] == 0
                    && !notes.is_empty()
                    && keeps_truth
                    && !(implied & notes).is_empty()
                {
                    implied & notes
                } else {
                    implied
                }
            })
            .collect();
        Board::from_parts(&self.geometry, self.entries.clone(), candidates)
            .with_alphabet(self.puzzle.alphabet)
    }

    /// The player's grid as a puzzle (their entries as givens) for the solver panel.
    pub fn entries_grid(&self) -> Option<Grid> {
        Grid::from_cells(&self.geometry, self.entries.clone()).ok()
    }

    /// Everything needed to resume the game later (not the undo history).
    pub fn snapshot(&self) -> Snapshot {
        let spec = self.geometry.spec();
        Snapshot {
            version: SNAPSHOT_VERSION,
            size: self.size(),
            variant: self.geometry.variant(),
            givens: self.puzzle.givens.cells().to_vec(),
            pencilmarks: self
                .puzzle
                .pencilmarks
                .as_ref()
                .map(|m| m.iter().map(|d| d.0).collect()),
            entries: self.entries.clone(),
            notes: self.notes.iter().map(|d| d.0).collect(),
            solution: self.solution.as_ref().map(|s| s.cells().to_vec()),
            elapsed_ms: self.timer.elapsed().as_millis() as u64,
            completed_ms: self.completed.map(|d| d.as_millis() as u64),
            level: self.level.map(|l| l.id().to_string()),
            hints_used: self.hints_used,
            solution_shown: self.solution_shown,
            cursor: None,
            best_ms: BTreeMap::new(),
            regions: spec.regions,
            cages: spec.cages,
        }
    }

    /// Rebuilds a game from a snapshot, checking everything a damaged file could get wrong.
    pub fn from_snapshot(s: &Snapshot) -> Result<Game, GameError> {
        let bad = |why: String| GameError::Snapshot(why);
        if s.version != SNAPSHOT_VERSION {
            return Err(bad(format!("unknown version {}", s.version)));
        }
        let shape = if s.variant.is_classic() {
            Geometry::get(s.size, s.variant)
                .map_err(|e| bad(e.to_string()))?
                .shape()
        } else {
            Geometry::shaped(ShapeSpec {
                size: s.size,
                regions: s.regions.clone(),
                diagonals: s.variant.has_diagonals(),
                windows: s.variant.has_windows(),
                cages: s.cages.clone(),
            })
            .map_err(|e| bad(e.to_string()))?
        };
        if shape.variant() != s.variant {
            return Err(bad(format!(
                "the shape stored is a {}, not a {}",
                shape.variant(),
                s.variant
            )));
        }
        let geometry: &Geometry = &shape;
        let cells = geometry.cell_count();
        let full = Digits::all(s.size).0;
        let givens =
            Grid::from_cells(geometry, s.givens.clone()).map_err(|e| bad(e.to_string()))?;
        let entries =
            Grid::from_cells(geometry, s.entries.clone()).map_err(|e| bad(e.to_string()))?;
        if s.notes.len() != cells || s.notes.iter().any(|&n| n & !full != 0) {
            return Err(bad("notes do not fit the grid".into()));
        }
        let pencilmarks = match &s.pencilmarks {
            Some(m) if m.len() != cells || m.iter().any(|&n| n & !full != 0) => {
                return Err(bad("pencilmarks do not fit the grid".into()));
            }
            Some(m) => Some(m.iter().map(|&n| Digits(n)).collect()),
            None => None,
        };
        let solution = match &s.solution {
            Some(cells) => {
                let grid =
                    Grid::from_cells(geometry, cells.clone()).map_err(|e| bad(e.to_string()))?;
                if !grid.is_solved() || !givens.is_extended_by(&grid) {
                    return Err(bad("the stored solution does not solve the puzzle".into()));
                }
                Some(grid)
            }
            None => None,
        };
        if (0..cells).any(|c| givens.get(c) != 0 && entries.get(c) != givens.get(c)) {
            return Err(bad("entries overwrite givens".into()));
        }
        let level = s
            .level
            .as_deref()
            .and_then(|id| Level::ALL.into_iter().find(|l| l.id() == id));
        let mut puzzle = Puzzle::from_grid(givens);
        puzzle.pencilmarks = pencilmarks;
        let mut game = Game::new(puzzle, solution, level)?;
        game.entries = s.entries.clone();
        game.notes = s.notes.iter().map(|&n| Digits(n)).collect();
        game.hints_used = s.hints_used;
        game.solution_shown = s.solution_shown;
        game.timer = Timer::started(Duration::from_millis(s.elapsed_ms.min(u64::MAX / 4)));
        if let Some(ms) = s.completed_ms {
            game.timer.pause();
            game.completed = Some(Duration::from_millis(ms.min(u64::MAX / 4)));
        }
        Ok(game)
    }
}

fn initial_notes(puzzle: &Puzzle) -> Vec<Digits> {
    match &puzzle.pencilmarks {
        Some(marks) => marks
            .iter()
            .zip(puzzle.givens.cells())
            .map(|(&m, &d)| if d == 0 { m } else { Digits::EMPTY })
            .collect(),
        None => vec![Digits::EMPTY; puzzle.geometry().cell_count()],
    }
}

/// The format version [`Snapshot::version`] is written with.
pub const SNAPSHOT_VERSION: u32 = 1;

/// What autosave writes: everything needed to resume (not the undo history).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Snapshot {
    /// [`SNAPSHOT_VERSION`] when written; a save of another version is refused.
    pub version: u32,
    /// N, the side length.
    pub size: usize,
    /// The variant's extra houses.
    pub variant: Variant,
    /// The givens, row-major, 0 for empty.
    pub givens: Vec<u8>,
    /// The candidates per cell as bit sets (bit `d` for digit `d`), when the puzzle was a pencilmark grid.
    pub pencilmarks: Option<Vec<u64>>,
    /// The player's entries, row-major, 0 for empty.
    pub entries: Vec<u8>,
    /// The player's notes per cell as bit sets (bit `d` for digit `d`).
    pub notes: Vec<u64>,
    /// The solution, row-major, when the puzzle has exactly one.
    pub solution: Option<Vec<u8>>,
    /// Time played, in milliseconds.
    pub elapsed_ms: u64,
    /// The time the puzzle took, once solved.
    pub completed_ms: Option<u64>,
    /// The level's id (`easy` … `evil`), when known.
    pub level: Option<String>,
    /// The fields below came later; a save without them reads as "none yet".
    #[serde(default)]
    pub hints_used: u32,
    #[serde(default)]
    /// Whether the whole solution was filled in for the player.
    pub solution_shown: bool,
    /// Where the player's cursor was (the app fills it in; resume puts it back).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cursor: Option<usize>,
    /// The player's best times in milliseconds, by kind of puzzle (the app's key, e.g.
    /// `9x9 standard hard`): kept with the save, so they follow the player from game to game.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub best_ms: BTreeMap<String, u64>,
    /// A jigsaw's regions (each cell's, row-major); absent for boxes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub regions: Option<Vec<usize>>,
    /// A killer's cages; absent without cages.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cages: Vec<Cage>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{ReadOptions, parse_puzzle};

    const EASY: &str =
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

    fn game() -> Game {
        let p = parse_puzzle(EASY, ReadOptions::default()).unwrap();
        Game::new(p, None, None).unwrap()
    }

    #[test]
    fn entering_removes_peer_notes_and_undo_restores_them() {
        let mut g = game();
        assert!(g.fill_candidates());
        let cell = 0;
        let d = g.notes(cell).first().unwrap();
        let peer = *g
            .geometry()
            .peers(cell)
            .iter()
            .find(|&&p| g.notes(p).contains(d))
            .unwrap();
        assert!(g.set_digit(cell, d));
        assert!(!g.notes(peer).contains(d));
        assert!(g.undo());
        assert!(g.notes(peer).contains(d));
        assert_eq!(g.entry(cell), 0);
        assert!(g.redo());
        assert_eq!(g.entry(cell), d);
    }

    #[test]
    fn givens_cannot_change_and_conflicts_are_found() {
        let mut g = game();
        assert!(!g.set_digit(2, 5));
        assert!(g.set_digit(0, 3));
        assert!(g.conflicts()[0]);
        assert!(g.conflicts()[2]);
    }

    #[test]
    fn solving_completes_and_stops_the_timer() {
        let mut g = game();
        assert!(g.reveal_all());
        assert!(g.completed().is_some());
        assert!(!g.timer.is_running());
        assert!(g.undo());
        assert!(g.completed().is_none());
    }

    #[test]
    fn the_same_digit_again_keeps_the_entry() {
        let mut g = game();
        assert!(g.set_digit(0, 4));
        assert!(!g.set_digit(0, 4), "a second press changes nothing");
        assert_eq!(g.entry(0), 4);
        assert!(g.set_digit(0, 0), "0 clears");
        assert_eq!(g.entry(0), 0);
    }

    #[test]
    fn filling_notes_never_brings_back_a_removed_candidate() {
        let mut g = game();
        assert!(g.fill_candidates());
        let d = g.notes(0).first().unwrap();
        assert!(g.toggle_note(0, d), "the player removes a candidate");
        let kept = g.notes(0);
        g.fill_candidates();
        assert_eq!(g.notes(0), kept, "f does not bring it back");
        // A cell whose notes were never filled still gets every implied candidate.
        let mut fresh = game();
        fresh.fill_candidates();
        assert_eq!(fresh.notes(0), fresh.implied(0));
        // A note that a peer's digit rules out is dropped.
        let mut g = game();
        let given = g.entry(2);
        assert!(given != 0 && g.toggle_note(0, given), "r1c3 holds a given");
        g.fill_candidates();
        assert!(!g.notes(0).contains(given));
    }

    #[test]
    fn clearing_to_the_givens_keeps_the_clock() {
        let mut g = game();
        g.timer = Timer::started(Duration::from_secs(600));
        assert!(g.set_digit(0, 4));
        assert!(g.clear_to_givens());
        assert!(g.timer.elapsed() >= Duration::from_secs(600));
        assert!(g.timer.is_running());
        assert_eq!(g.entries(), g.puzzle.givens.cells());
        assert!(!g.clear_to_givens(), "nothing left to clear");
    }

    #[test]
    fn restart_resets_the_clock() {
        let mut g = game();
        g.timer = Timer::started(Duration::from_secs(600));
        assert!(g.set_digit(0, 4));
        assert!(g.restart());
        assert!(g.timer.elapsed() < Duration::from_secs(5));
        assert!(g.timer.is_running());
    }

    #[test]
    fn snapshot_round_trips_and_rejects_damage() {
        let mut g = game();
        g.set_digit(0, 4);
        g.toggle_note(1, 7);
        let s = g.snapshot();
        let back = Game::from_snapshot(&s).unwrap();
        assert_eq!(back.entries(), g.entries());
        assert_eq!(back.notes(1), g.notes(1));
        let mut bad = s.clone();
        bad.entries[2] = 9;
        assert!(Game::from_snapshot(&bad).is_err());
        let mut bad = s.clone();
        bad.size = 7;
        assert!(Game::from_snapshot(&bad).is_err());
        let mut bad = s;
        bad.notes.pop();
        assert!(Game::from_snapshot(&bad).is_err());
    }

    #[test]
    fn a_jigsaw_resumes_with_its_regions() {
        // `sgt-solo --generate 1 9jdb`.
        let id = "9j:a5a7d6_8_7b9a5b6_4d1c8_9u4_5c4d1_3b7a6b2_9_4d7a9a,_abbabb_b_ba_da__a___d__dbabb_eld_a_abb_ca__baa_c_aabbab_d";
        let puzzle = Puzzle::from_solo_id(id).expect("a Solo jigsaw");
        let mut game = Game::new(puzzle, None, None).expect("a game");
        assert!(game.set_digit(0, 2));
        let saved = game.snapshot();
        assert!(saved.regions.is_some(), "the regions are kept");
        let json = serde_json::to_string(&saved).expect("serialises");
        let back: Snapshot = serde_json::from_str(&json).expect("deserialises");
        let resumed = Game::from_snapshot(&back).expect("resumes");
        assert_eq!(resumed.geometry(), game.geometry(), "the same regions");
        assert_eq!(resumed.entry(0), 2);
        let mut broken = back;
        broken.regions = Some(vec![0; 81]);
        assert!(
            Game::from_snapshot(&broken).is_err(),
            "a damaged shape is refused"
        );
    }

    /// A 4×4 killer of two-cell cages over the solution 1234/3412/2143/4321, without givens.
    fn killer4() -> Game {
        let solution = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
        let pairs = [
            (0, 4),
            (1, 2),
            (3, 7),
            (5, 6),
            (8, 12),
            (9, 10),
            (11, 15),
            (13, 14),
        ];
        let cages = pairs
            .iter()
            .map(|&(a, b)| Cage {
                cells: vec![a, b],
                sum: u32::from(solution[a] + solution[b]),
            })
            .collect();
        let shape = Geometry::shaped(ShapeSpec {
            size: 4,
            regions: None,
            diagonals: false,
            windows: false,
            cages,
        })
        .unwrap();
        let puzzle = Puzzle::from_grid(Grid::empty(&shape));
        let solution = Grid::from_cells(&shape, solution.to_vec()).unwrap();
        Game::new(puzzle, Some(solution), None).unwrap()
    }

    #[test]
    fn a_cage_over_its_sum_or_repeating_a_digit_is_a_conflict() {
        let mut g = killer4();
        // Cage r1c1+r2c1 adds up to 4.
        assert!(g.set_digit(0, 3));
        assert!(!g.conflicts()[0]);
        assert!(g.set_digit(4, 2));
        let c = g.conflicts();
        assert!(c[0] && c[4], "3 + 2 is not 4");
        assert!(g.set_digit(4, 1));
        assert!(!g.conflicts()[0] && !g.conflicts()[4], "3 + 1 is 4");
        g.clear(0);
        g.clear(4);
        // Cage r3c1+r4c1 adds up to 6.
        assert!(g.set_digit(8, 4));
        assert!(g.set_digit(12, 4));
        assert!(g.conflicts()[8] && g.conflicts()[12], "4 twice in a cage");
        let mut g = killer4();
        // Cage r1c4+r2c4 adds up to 6, and both cells are filled.
        assert!(g.set_digit(3, 4));
        assert!(g.set_digit(7, 3));
        assert!(g.conflicts()[3] && g.conflicts()[7], "4 + 3 is 7, not 6");
    }

    #[test]
    fn filled_candidates_respect_the_cage_sums() {
        let mut g = killer4();
        assert!(g.fill_candidates());
        // r1c4+r2c4 = 6 of two distinct digits of 1..4: {2, 4}.
        let two_four: Digits = [2u8, 4].into_iter().collect();
        assert_eq!(g.notes(3), two_four);
        assert_eq!(g.notes(7), two_four);
        // r1c1+r2c1 = 4: {1, 3}.
        let one_three: Digits = [1u8, 3].into_iter().collect();
        assert_eq!(g.notes(0), one_three);
        // An entry leaves its cage-mate the one digit that completes the sum.
        let mut g = killer4();
        assert!(g.set_digit(0, 1));
        assert_eq!(g.candidates(4), Digits::single(3));
    }

    #[test]
    fn a_killer_is_finished_when_its_cages_add_up() {
        let mut g = killer4();
        let solution = g.solution().unwrap().clone();
        for cell in 0..16 {
            assert!(g.completed().is_none());
            g.set_digit(cell, solution.get(cell));
        }
        assert!(g.completed().is_some());
        assert!(g.conflicts().iter().all(|&c| !c));
    }

    #[test]
    fn a_killer_and_a_jigsaw_resume_from_their_snapshots() {
        let mut g = killer4();
        g.set_digit(0, 1);
        let s = g.snapshot();
        assert_eq!(s.cages.len(), 8);
        let back = Game::from_snapshot(&s).unwrap();
        assert_eq!(back.geometry(), g.geometry());
        assert_eq!(back.entries(), g.entries());
        let json = serde_json::to_string(&s).unwrap();
        let read: Snapshot = serde_json::from_str(&json).unwrap();
        assert_eq!(read, s);
        let mut bad = s.clone();
        bad.cages.pop();
        assert!(Game::from_snapshot(&bad).is_err(), "a cell in no cage");
        // A jigsaw: regions that are not boxes.
        let regions = vec![0, 0, 0, 1, 2, 0, 1, 1, 2, 2, 3, 1, 2, 3, 3, 3];
        let shape = Geometry::shaped(ShapeSpec {
            size: 4,
            regions: Some(regions),
            ..ShapeSpec::default()
        })
        .unwrap();
        let g = Game::empty(&shape);
        let s = g.snapshot();
        assert!(s.regions.is_some());
        assert_eq!(Game::from_snapshot(&s).unwrap().geometry(), &*shape);
        // The classic save has neither field.
        let classic = serde_json::to_string(&game().snapshot()).unwrap();
        assert!(!classic.contains("regions") && !classic.contains("cages"));
    }
}
