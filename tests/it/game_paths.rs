//! Every way of starting a game keeps what came before: the app driven as the local runner
//! drives it (its effects carried out against a real store in a data directory), through
//! `sudoscope` (resume), `play --level`, `play PUZZLE`, `g`, `o`, a paste and the continue
//! list, with a finish in between. Records and unfinished games survive each of them, and the
//! previous release's save comes in first.

use std::sync::Arc;
use std::time::Duration;

use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use sudoscope::store::{Keeper, LOCAL_OWNER, SqliteStore, Store};
use sudoscope::tui::local_store::{LocalStore, STORE_FILE};
use sudoscope::tui::run::{RunOptions, build_app};
use sudoscope::tui::{App, Effect, Msg, StartGame};
use sudoscope_core::generate::GenerateOptions;
use sudoscope_core::grid::{ReadOptions, parse_puzzle};
use sudoscope_core::logic::rating::Level;

/// One cell short of solved; the cursor starts on it (r1c1, whose digit is 4).
const NEARLY: &str =
    ".83921657967345821251876493548132976729564138136798245372689514814253769695417382";
/// The Wikipedia puzzle.
const OTHER: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const OLD_SAVE: &str = include_str!("../data/store/game-before-store.json");

/// The local runner, without a terminal: an app and the store it saves to.
struct Runner {
    app: App,
    store: LocalStore,
}

impl Runner {
    /// What `run` does up to the first frame: build the app (as `play` asks) and start it.
    fn start(dir: &std::path::Path, start: Option<StartGame>) -> Runner {
        let mut store = LocalStore::open(Some(dir));
        let options = RunOptions {
            start,
            fresh: GenerateOptions {
                level: Some(Level::Easy),
                seed: 11,
                ..Default::default()
            },
            color: false,
            ascii: false,
        };
        let app = build_app(options, &mut store).expect("the app starts");
        let mut runner = Runner { app, store };
        let first = runner.app.start();
        runner.carry_out(first);
        runner
    }

    /// Carries out effects as the event loop does (jobs run at once).
    fn carry_out(&mut self, effects: Vec<Effect>) {
        let mut queue: std::collections::VecDeque<Effect> = effects.into();
        while let Some(effect) = queue.pop_front() {
            match effect {
                Effect::Work(job) => queue.extend(self.app.update(Msg::Done(job.run()))),
                Effect::Save(save) => {
                    assert_eq!(self.store.save(&save), None, "the save failed");
                }
                Effect::Ask(request) => {
                    let answer = self.store.answer(request);
                    queue.extend(self.app.update(Msg::Stored(answer)));
                }
                Effect::Quit | Effect::Race(_) => {}
            }
        }
    }

    fn key(&mut self, code: KeyCode) {
        let effects = self.app.update(Msg::Event(Event::Key(KeyEvent::new(
            code,
            KeyModifiers::NONE,
        ))));
        self.carry_out(effects);
    }

    fn type_text(&mut self, text: &str) {
        for c in text.chars() {
            self.key(KeyCode::Char(c));
        }
    }

    /// Enters the solution's digit in the first empty cell (a move worth keeping).
    fn move_once(&mut self) {
        let game = self.app.game();
        let cell = (0..game.entries().len())
            .find(|&c| game.entry(c) == 0)
            .expect("an empty cell");
        let digit = game.solution().expect("a solution").get(cell);
        while self.app.cursor() != cell {
            self.key(KeyCode::Tab);
        }
        self.type_text(&digit.to_string());
        assert_eq!(self.app.game().entry(cell), digit);
    }

    /// Quits as `q` (then `y` when asked) does, and the runner's save on the way out.
    fn quit(mut self) {
        self.key(KeyCode::Char('q'));
        self.key(KeyCode::Char('y'));
        if let Some(save) = self.app.save_request() {
            self.store.save(&save);
        }
    }

    /// Answers a "leave this game?" question with yes, when one is asked.
    fn yes_if_asked(&mut self) {
        if matches!(self.app.overlay(), sudoscope::tui::app::Overlay::Confirm(_)) {
            self.key(KeyCode::Char('y'));
        }
    }
}

/// The best time the previous release's save held, under the kind it had then.
const OLD_BEST: (&str, u64) = ("9x9 standard any level", 1984);

/// The store of a data directory: its unfinished games, the number of finishes in the
/// history, and the best time of a kind.
fn stored(dir: &std::path::Path, kind: &str) -> (Vec<String>, usize, Option<u64>) {
    let store = SqliteStore::open_as_is(&dir.join(STORE_FILE)).unwrap();
    let keeper = Keeper::new(Arc::new(store), LOCAL_OWNER).unwrap();
    let games = keeper
        .unfinished()
        .unwrap()
        .into_iter()
        .map(|g| g.snapshot)
        .collect();
    let history = keeper
        .store()
        .history(keeper.player(), None, 100)
        .unwrap()
        .len();
    let best = keeper
        .store()
        .records(keeper.player())
        .unwrap()
        .into_iter()
        .find(|r| r.kind.to_string() == kind)
        .map(|r| r.best_ms);
    (games, history, best)
}

fn givens_of(puzzle: &str) -> String {
    let p = parse_puzzle(puzzle, ReadOptions::default()).unwrap();
    serde_json::to_string(p.givens.cells()).unwrap()
}

fn holds_puzzle(games: &[String], puzzle: &str) -> bool {
    let givens = format!("\"givens\":{}", givens_of(puzzle));
    games.iter().any(|g| g.contains(&givens))
}

#[test]
fn every_way_of_starting_a_game_keeps_records_and_unfinished_games() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("game.json"), OLD_SAVE).unwrap();

    // `sudoscope`: the previous release's unfinished game comes back.
    let mut r = Runner::start(dir.path(), None);
    assert_eq!(
        r.app.game().entries().iter().filter(|&&d| d != 0).count(),
        34
    );
    r.move_once();
    // `o`: a nearly solved puzzle, finished in 4:10.
    r.key(KeyCode::Char('o'));
    r.yes_if_asked();
    r.type_text(NEARLY);
    r.key(KeyCode::Enter);
    assert_eq!(r.app.game().empty_count(), 1, "the opened puzzle");
    r.app.freeze_clock(Duration::from_secs(250));
    r.type_text("4");
    let finish = *r.app.finish().expect("solved");
    // The kind of the finish (an opened puzzle's level may not be known yet).
    let kind = sudoscope::tui::records::kind(r.app.game()).to_string();
    let old = (kind == OLD_BEST.0).then_some(OLD_BEST.1);
    assert_eq!(finish.previous, old.map(Duration::from_millis), "{kind}");
    let best_now = old.map_or(250_000, |ms| ms.min(250_000));
    r.quit();
    let (games, history, best) = stored(dir.path(), &kind);
    assert_eq!(history, 2, "the imported best time and the finish");
    assert_eq!(best, Some(best_now));
    assert_eq!(games.len(), 1, "the old game, with its new move");

    // `play --level easy`: the record and the old game are still there.
    let level = StartGame::Generate(GenerateOptions {
        level: Some(Level::Easy),
        seed: 5,
        ..Default::default()
    });
    let mut r = Runner::start(dir.path(), Some(level));
    r.move_once();
    // `g`: a new game from the dialog.
    r.key(KeyCode::Char('g'));
    r.yes_if_asked();
    r.key(KeyCode::Enter);
    assert!(!r.app.is_generating());
    r.move_once();
    // A paste opens the puzzle (asking first, as the game has a move).
    let effects = r.app.update(Msg::Event(Event::Paste(OTHER.to_string())));
    r.carry_out(effects);
    r.yes_if_asked();
    assert_eq!(
        r.app.game().puzzle().givens.cells(),
        parse_puzzle(OTHER, ReadOptions::default())
            .unwrap()
            .givens
            .cells()
    );
    r.move_once();
    r.quit();
    let (games, history, best) = stored(dir.path(), &kind);
    assert_eq!(
        games.len(),
        4,
        "the old game, the easy one, g's and the pasted one"
    );
    assert!(holds_puzzle(&games, OTHER));
    assert_eq!((history, best), (2, Some(best_now)));

    // `play PUZZLE`: one more game; nothing goes.
    let puzzle = parse_puzzle(NEARLY, ReadOptions::default()).unwrap();
    let mut r = Runner::start(dir.path(), Some(StartGame::Puzzle(puzzle)));
    // The continue list offers the four others; the second one is resumed.
    r.key(KeyCode::Char('o'));
    r.yes_if_asked();
    assert_eq!(r.app.continue_games().len(), 4);
    let picked = r.app.continue_games()[1].snapshot.clone();
    r.key(KeyCode::Down);
    r.key(KeyCode::Enter);
    let resumed: serde_json::Value = serde_json::from_str(&r.app.snapshot()).unwrap();
    let expected: serde_json::Value = serde_json::from_str(&picked).unwrap();
    assert_eq!(resumed["givens"], expected["givens"]);
    assert_eq!(resumed["entries"], expected["entries"]);
    r.move_once();
    // The nearly solved puzzle, left by the continue, is still in the list: back to it.
    r.key(KeyCode::Char('o'));
    r.yes_if_asked();
    let back = r
        .app
        .continue_games()
        .iter()
        .position(|g| holds_puzzle(std::slice::from_ref(&g.snapshot), NEARLY))
        .expect("the game left for the continued one");
    for _ in 0..back {
        r.key(KeyCode::Down);
    }
    r.key(KeyCode::Enter);
    assert_eq!(r.app.game().empty_count(), 1);
    // Finished again, slower: the banner knows the record from the history (the continued
    // game has been rated meanwhile, so its kind may now name its level).
    let kind = sudoscope::tui::records::kind(r.app.game()).to_string();
    let (_, _, before) = stored(dir.path(), &kind);
    r.app.freeze_clock(Duration::from_secs(300));
    r.type_text("4");
    let finish = *r.app.finish().expect("solved");
    assert_eq!(finish.previous, before.map(Duration::from_millis));
    r.quit();
    let (games, history, best) = stored(dir.path(), &kind);
    assert_eq!(history, 3);
    assert_eq!(best, Some(before.map_or(300_000, |b| b.min(300_000))));
    assert_eq!(
        games.len(),
        4,
        "the finished game left the list; the others stay"
    );
    assert!(!holds_puzzle(&games, NEARLY));
}

/// The continue list does not offer the game on screen, and continuing a game does not make a
/// second copy of it.
#[test]
fn continuing_a_game_saves_to_that_game() {
    let dir = tempfile::tempdir().unwrap();
    let first = parse_puzzle(OTHER, ReadOptions::default()).unwrap();
    let mut r = Runner::start(dir.path(), Some(StartGame::Puzzle(first)));
    r.move_once();
    r.quit();
    let mut r = Runner::start(dir.path(), None);
    r.move_once();
    r.key(KeyCode::Char('o'));
    r.yes_if_asked();
    assert!(
        r.app.continue_games().is_empty(),
        "the game on screen is not offered"
    );
    r.key(KeyCode::Esc);
    r.quit();
    let store = SqliteStore::open_as_is(&dir.path().join(STORE_FILE)).unwrap();
    let player = store.player(LOCAL_OWNER).unwrap();
    let games = store.unfinished(player, 100).unwrap();
    assert_eq!(games.len(), 1);
    assert_eq!(
        games[0].summary.filled,
        30 + 2,
        "both moves in the one game"
    );
}
