//! The seam to the solver side panel (module `src/tui/panel/`): what the UI core
//! uses of it, in one place.

pub use super::panel::{ClockDisplay, PanelMsg, PanelTheme, SolverPanel, StepPool};

use sudoscope_core::game::Game;
use sudoscope_core::grid::Puzzle;

/// What the solver panel starts from, and the sentence that says so: the player's entries
/// when they are consistent (no clash, and none wrong when the solution is known), so the
/// panel continues the player's game instead of replacing it; otherwise the givens, saying
/// why.
pub fn start_point(game: &Game) -> (Puzzle, String) {
    let givens = game.puzzle();
    let entered = (0..game.entries().len())
        .filter(|&c| game.entry(c) != 0 && !game.is_given(c))
        .count();
    if entered == 0 {
        return (givens.clone(), "starts from the givens".to_string());
    }
    let clashes = game.conflicts().iter().filter(|&&c| c).count();
    let wrong = game.wrong_cells().len();
    let why = if clashes > 0 {
        Some(format!("{clashes} of your cells clash"))
    } else if wrong > 0 {
        Some(plural(
            wrong,
            "of your entries disagrees with the solution",
            "of your entries disagree with the solution",
        ))
    } else {
        None
    };
    match (why, game.entries_grid()) {
        (None, Some(grid)) => {
            let mut puzzle = Puzzle::from_grid(grid);
            puzzle.alphabet = givens.alphabet;
            let what = plural(entered, "entry", "entries");
            (puzzle, format!("starts from your {what}"))
        }
        (why, _) => {
            let why = why.unwrap_or_else(|| "your entries cannot be read".to_string());
            (givens.clone(), format!("starts from the givens: {why}"))
        }
    }
}

fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}
