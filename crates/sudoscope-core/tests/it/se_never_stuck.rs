//! Hints that are never stuck: on puzzles where our own ladder stops, the path with Sudoku
//! Explainer's steps (`path::solve_never_stuck`) reaches the solution, and no step — ours or
//! SE's — removes a true digit or places a wrong one (soundness of the SE techniques).

use std::path::Path;

use sudoscope_core::exact::{self, Solution};
use sudoscope_core::grid::{ReadOptions, parse_puzzle};
use sudoscope_core::logic::{Board, Technique, path};
use sudoscope_testkit::soundness::{self, Route};

/// Walks the never-stuck path, which must reach the solution, and checks every step against
/// the solution; returns the number of SE steps.
fn solves_soundly(line: &str) -> usize {
    let (solved, se_steps, steps) = walk_soundly(line);
    assert!(solved, "{line}: stuck after {steps} steps");
    se_steps
}

/// Walks the never-stuck path checking every step against the solution; returns whether it
/// reached the solution, its SE steps and all its steps.
fn walk_soundly(line: &str) -> (bool, usize, usize) {
    let puzzle = parse_puzzle(line, ReadOptions::default()).expect("a puzzle");
    let Solution::Unique(solution) = exact::solve(&puzzle) else {
        panic!("{line}: not a puzzle with one solution");
    };
    let board = Board::from_puzzle(&puzzle);
    let walked = soundness::walk(&board, solution.cells(), Route::NeverStuck);
    assert!(
        walked.violations.is_empty(),
        "{line}: {:#?}",
        walked.violations
    );
    let se_steps = walked
        .by_technique
        .get(&Technique::SeStep)
        .copied()
        .unwrap_or(0);
    (walked.solved, se_steps, walked.steps)
}

#[test]
fn forum_hardest_sample_is_solved_with_se_steps() {
    // Every forum-hardest puzzle serate rated for the agreement fixtures (ER 9.7 to 11.1).
    let mut se_steps = 0;
    for name in [
        "forum_hardest_1106_sample.txt",
        "forum_hardest_1106_stride15.txt",
        "forum_hardest_1106_stride15_long.txt",
    ] {
        let fixture = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/data/se/se121")
            .join(name);
        let text = std::fs::read_to_string(fixture).expect("fixture present");
        for line in text.lines().filter(|l| !l.starts_with('#')) {
            let puzzle = line.split_whitespace().next().expect("a puzzle");
            se_steps += solves_soundly(puzzle);
        }
    }
    // Our own ladder is stuck on these: SE's chains must have carried the path.
    assert!(se_steps > 0);
}

/// Walks every `stride`-th puzzle of a dataset file with the never-stuck path; returns (walked,
/// solved, SE steps, seconds). With `progress`, a line per puzzle on stderr, so a run stopped
/// before its end still says how far it got.
fn never_stuck_on(
    name: &str,
    stride: usize,
    limit: usize,
    progress: bool,
) -> Option<(usize, usize, usize, f64)> {
    let dir = sudoscope_testkit::datasets()?;
    let text = std::fs::read_to_string(dir.join(name)).expect("dataset readable");
    let start = std::time::Instant::now();
    let (mut walked, mut solved, mut se_steps) = (0, 0, 0);
    for line in text
        .lines()
        .filter(|l| l.len() >= 81 && !l.starts_with('#'))
        .step_by(stride)
        .take(limit)
    {
        let (done, se, steps) = walk_soundly(&line[..81]);
        walked += 1;
        solved += usize::from(done);
        se_steps += se;
        if progress {
            eprintln!(
                "{walked}: {} {} after {steps} steps ({se} SE); {solved}/{walked} solved, {:.1} s",
                &line[..81],
                if done { "solved" } else { "STUCK" },
                start.elapsed().as_secs_f64()
            );
        }
    }
    Some((walked, solved, se_steps, start.elapsed().as_secs_f64()))
}

/// A CI-sized sample of the datasets: every puzzle walked reaches "solved" with only sound
/// steps (`solves_soundly` fails the test otherwise).
#[test]
fn dataset_samples_are_never_stuck() {
    // Every 61st magictour puzzle, every 75th of the forum's hardest 1,106 and every 4,877th of
    // its SE >= 11 list (a few seconds each on two cores).
    let samples = [
        ("magictour_top1465.txt", 61, 25),
        ("forum_hardest_1106.txt", 75, 5),
        ("forum_hardest_1905_11plus.txt", 4877, 10),
    ];
    for (name, stride, limit) in samples {
        let Some((walked, solved, se, secs)) = never_stuck_on(name, stride, limit, false) else {
            return;
        };
        eprintln!("{name}: {solved}/{walked} solved, {se} SE steps, {secs:.1} s");
        assert_eq!(walked, limit, "{name}: the whole sample walked");
        assert_eq!(solved, walked, "{name}: every puzzle solved");
    }
}

/// The README's run: `NEVER_STUCK_FILE=magictour_top1465.txt NEVER_STUCK_STRIDE=1 cargo test
/// --release -p sudoscope-core --test it se_never_stuck::full_run -- --ignored --nocapture`
/// (optional `NEVER_STUCK_LIMIT`).
#[test]
#[ignore]
fn full_run() {
    let name = std::env::var("NEVER_STUCK_FILE").unwrap_or("forum_hardest_1106.txt".into());
    let stride = std::env::var("NEVER_STUCK_STRIDE")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1);
    let limit = std::env::var("NEVER_STUCK_LIMIT")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(usize::MAX);
    if let Some((walked, solved, se, secs)) = never_stuck_on(&name, stride, limit, true) {
        eprintln!("{name}: {solved}/{walked} solved, {se} SE steps, {secs:.1} s");
        assert_eq!(solved, walked, "{name}: some puzzles were stuck");
    }
}

/// A chain step carries its proof as data for a display: its implications link up from the
/// chain's assumptions — one cell's candidates, one digit's places in a house, or one
/// candidate's two states — to what it concludes.
#[test]
fn chain_steps_carry_their_links() {
    use sudoscope_core::logic::se;
    // The fixture's ER 9.7 forum-hardest puzzle: our ladder is stuck at once, SE's chains are not.
    let line = "..3.9....1...4..36..8..21...4..8..73...9................4.7..686........7.....5.4";
    let puzzle = parse_puzzle(line, ReadOptions::default()).expect("a puzzle");
    let mut board = Board::from_puzzle(&puzzle);
    let solved = path::solve(&board, &[]);
    board = solved.board;
    let hint = se::next_step(&board, true, &se::SeMemo::default()).expect("an SE step");
    assert!(!hint.links.is_empty(), "{}: no links", hint.name);
    let roots: Vec<se::Potential> = hint
        .links
        .iter()
        .map(|l| l.from)
        .filter(|p| !hint.links.iter().any(|l| l.to == *p))
        .collect();
    assert!(!roots.is_empty(), "{}: the chain has no start", hint.name);
    let one_cell = roots.iter().all(|p| p.cell == roots[0].cell);
    let one_digit = roots.iter().all(|p| p.digit == roots[0].digit);
    assert!(
        one_cell || one_digit,
        "{}: unrelated starts {roots:?}",
        hint.name
    );
    // Every potential of the proof is named in the explanation.
    let text = hint.explanation.join("\n");
    for l in &hint.links {
        let name = format!(
            "r{}c{} is {}{}",
            l.to.cell / 9 + 1,
            l.to.cell % 9 + 1,
            if l.to.on { "" } else { "not " },
            l.to.digit
        );
        assert!(text.contains(&name), "{name} missing from {text}");
    }
}

/// A rating nobody waits for any more (the player left the game) stops at the next step: at
/// once when cancelled from the start, right after the step where it was cancelled otherwise,
/// and with the same figures as `rate` when never cancelled.
#[test]
fn a_cancelled_rating_stops_between_steps() {
    use sudoscope_core::logic::se::{self, SeError};
    const EASTER_MONSTER: &str =
        "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1";
    const EASY: &str =
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
    let hard = parse_puzzle(EASTER_MONSTER, ReadOptions::default()).expect("a puzzle");
    assert!(matches!(
        se::rate_cancellable(&hard, || true),
        Err(SeError::Cancelled)
    ));
    let easy = parse_puzzle(EASY, ReadOptions::default()).expect("a puzzle");
    let asked = std::cell::Cell::new(0);
    let stopped = se::rate_cancellable(&easy, || {
        asked.set(asked.get() + 1);
        asked.get() > 3
    });
    assert!(matches!(stopped, Err(SeError::Cancelled)));
    assert_eq!(
        asked.get(),
        4,
        "asked before each step, stopped at the fourth"
    );
    assert_eq!(
        se::rate_cancellable(&easy, || false).expect("rated"),
        se::rate(&easy).expect("rated")
    );
}
