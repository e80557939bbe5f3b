//! Plays one of the hand-made killer and jigsaw boards in the terminal UI, for trying the
//! drawing and the game by hand before such puzzles can be generated or read from a file:
//! `cargo run --example shaped_play -- killer|killer-givens|killer-x|jigsaw [--ascii] [--no-color]`.
//! The store is `$SUDOSCOPE_DATA_DIR`'s, as `play` uses it.

#[path = "../tests/it/support/shapes.rs"]
mod shapes;

use sudoscope::tui::StartGame;
use sudoscope::tui::local_store::LocalStore;
use sudoscope::tui::run::{RunOptions, data_dir, run};
use sudoscope_core::generate::GenerateOptions;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let kind = args
        .iter()
        .find(|a| !a.starts_with("--"))
        .map_or("killer", String::as_str);
    let (puzzle, _solution) = match kind {
        "killer" => shapes::killer9(false, false),
        "killer-givens" => shapes::killer9(true, false),
        "killer-x" => shapes::killer9(false, true),
        "jigsaw" => shapes::jigsaw9(),
        other => {
            eprintln!(
                "shaped_play: unknown board {other:?} (killer, killer-givens, killer-x, jigsaw)"
            );
            std::process::exit(2);
        }
    };
    let color = !args.iter().any(|a| a == "--no-color")
        && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty());
    let store = LocalStore::open(data_dir().as_deref());
    let options = RunOptions {
        start: Some(StartGame::Puzzle(puzzle)),
        fresh: GenerateOptions::default(),
        color,
        ascii: args.iter().any(|a| a == "--ascii"),
    };
    if let Err(e) = run(options, store) {
        eprintln!("shaped_play: {e}");
        std::process::exit(1);
    }
}
