//! The advanced techniques: single-digit patterns, wings, simple colors, uniqueness and chains.
//!
//! * One hand-made board per technique (an empty 9×9 grid whose candidates are trimmed to
//!   make exactly the pattern), checking the step's eliminations and explanation.
//! * Variant handling: unique rectangles skipped when an X diagonal holds one corner, BUG+1
//!   skipped outside standard sudoku, a wing on 16×16.
//! * `advanced_steps_are_sound`: every puzzle of `magictour_top1465.txt` and
//!   `hodoku_exemplars_669.txt` is solved exactly, then walked with `all_steps`: no step of the
//!   advanced techniques may remove the true digit (full in `--release`, sampled in debug). It
//!   also reports how many magictour puzzles logic alone solves.
//! * `all_steps_timing` (ignored; run with `--release -- --ignored --nocapture`): the median
//!   time of `all_steps` over the boards met while solving magictour puzzles.

use std::collections::BTreeMap;
use std::time::Instant;

use sudoscope_core::exact::{self, Solution};
use sudoscope_core::grid::{Digits, Geometry, ReadOptions, Variant, parse_puzzle};
use sudoscope_core::logic::{self, Board, Elimination, Step, Technique};
use sudoscope_testkit::reglib::board as reglib_board;
use sudoscope_testkit::soundness::{self, Route};

// ---------------------------------------------------------------------------------------------
// Hand-made boards.
// ---------------------------------------------------------------------------------------------

/// `r1c1` → cell index on 9×9.
fn at(name: &str) -> usize {
    let b = name.as_bytes();
    let (r, c) = ((b[1] - b'1') as usize, (b[3] - b'1') as usize);
    r * 9 + c
}

/// An empty board of `geometry` with every candidate, trimmed by `cells` (exact candidate
/// sets) and `only` (digit, house cells where it stays, the house's other cells lose it).
struct Maker {
    geometry: &'static Geometry,
    cands: Vec<Digits>,
}

impl Maker {
    fn new(geometry: &'static Geometry) -> Maker {
        Maker {
            geometry,
            cands: vec![Digits::all(geometry.size()); geometry.cell_count()],
        }
    }

    fn nine() -> Maker {
        Maker::new(Geometry::standard9())
    }

    fn set(mut self, cell: &str, digits: &str) -> Maker {
        self.cands[at(cell)] = digits.bytes().map(|b| b - b'0').collect();
        self
    }

    /// In row `r` (1-based) digit `d` stays only in `keep`.
    fn row_only(mut self, r: usize, d: u8, keep: &[&str]) -> Maker {
        let keep: Vec<usize> = keep.iter().map(|c| at(c)).collect();
        for c in 0..9 {
            let cell = (r - 1) * 9 + c;
            if !keep.contains(&cell) {
                self.cands[cell].remove(d);
            }
        }
        self
    }

    fn col_only(mut self, c: usize, d: u8, keep: &[&str]) -> Maker {
        let keep: Vec<usize> = keep.iter().map(|c| at(c)).collect();
        for r in 0..9 {
            let cell = r * 9 + (c - 1);
            if !keep.contains(&cell) {
                self.cands[cell].remove(d);
            }
        }
        self
    }

    fn box_only(mut self, b: usize, d: u8, keep: &[&str]) -> Maker {
        let keep: Vec<usize> = keep.iter().map(|c| at(c)).collect();
        let house = &self.geometry.houses()[18 + b - 1];
        for &cell in &house.cells {
            if !keep.contains(&cell) {
                self.cands[cell].remove(d);
            }
        }
        self
    }

    fn board(self) -> Board {
        let values = vec![0u8; self.geometry.cell_count()];
        Board::from_parts(self.geometry, values, self.cands)
    }
}

fn el(list: &[(&str, u8)]) -> Vec<Elimination> {
    let mut v: Vec<Elimination> = list
        .iter()
        .map(|&(c, digit)| Elimination { cell: at(c), digit })
        .collect();
    v.sort_unstable();
    v
}

/// The steps of `technique` at `board`, checking each names a technique-consistent pattern.
fn steps(board: &Board, technique: Technique) -> Vec<Step> {
    let steps = logic::find_all(board, technique);
    for s in &steps {
        assert_eq!(s.technique, technique);
        assert!(s.is_productive());
        assert!(!s.explanation.is_empty());
    }
    steps
}

fn assert_has(steps: &[Step], expected: &[Elimination], mentions: &[&str]) {
    let step = steps
        .iter()
        .find(|s| s.eliminations == expected)
        .unwrap_or_else(|| panic!("no step with {expected:?}; found {steps:#?}"));
    for m in mentions {
        assert!(
            step.explanation.contains(m),
            "explanation should mention {m}: {}",
            step.explanation
        );
    }
}

#[test]
fn skyscraper_hand_made() {
    let board = Maker::nine()
        .row_only(1, 1, &["r1c1", "r1c5"])
        .row_only(5, 1, &["r5c1", "r5c4"])
        .board();
    let found = steps(&board, Technique::Skyscraper);
    assert_eq!(found.len(), 1, "{found:#?}");
    assert_has(
        &found,
        &el(&[("r2c4", 1), ("r3c4", 1), ("r4c5", 1), ("r6c5", 1)]),
        &["r1c5", "r5c4", "r1c1", "r5c1"],
    );
}

#[test]
fn two_string_kite_hand_made() {
    let board = Maker::nine()
        .row_only(1, 2, &["r1c2", "r1c7"])
        .col_only(1, 2, &["r3c1", "r8c1"])
        .board();
    let found = steps(&board, Technique::TwoStringKite);
    assert_has(&found, &el(&[("r8c7", 2)]), &["r1c7", "r8c1"]);
}

#[test]
fn empty_rectangle_hand_made() {
    let board = Maker::nine()
        .box_only(1, 1, &["r1c2", "r1c3", "r2c1"])
        .col_only(5, 1, &["r1c5", "r6c5"])
        .board();
    let found = steps(&board, Technique::EmptyRectangle);
    assert_has(&found, &el(&[("r6c1", 1)]), &["r1c5", "r6c5", "box 1"]);
}

#[test]
fn turbot_fish_hand_made() {
    // A strong link in box 1 (r1c1, r3c3), a weak link along row 3, a strong link in column 8:
    // (4)r1c1=(4)r3c3-(4)r3c8=(4)r7c8, so r7c1 (seeing r1c1 and r7c8) is not 4.
    let board = Maker::nine()
        .box_only(1, 4, &["r1c1", "r3c3"])
        .col_only(8, 4, &["r3c8", "r7c8"])
        .board();
    let found = steps(&board, Technique::TurbotFish);
    assert_has(
        &found,
        &el(&[("r7c1", 4)]),
        &["r1c1", "r3c3", "r3c8", "r7c8"],
    );
}

#[test]
fn xy_wing_hand_made() {
    let board = Maker::nine()
        .set("r1c1", "12")
        .set("r1c5", "13")
        .set("r5c1", "23")
        .board();
    let found = steps(&board, Technique::XyWing);
    assert_eq!(found.len(), 1);
    assert_has(
        &found,
        &el(&[("r5c5", 3)]),
        &["r1c1 (pivot, 1/2)", "r1c5 (1/3)", "r5c1 (2/3)"],
    );
}

#[test]
fn xyz_wing_hand_made() {
    let board = Maker::nine()
        .set("r1c1", "123")
        .set("r1c5", "13")
        .set("r2c2", "23")
        .board();
    let found = steps(&board, Technique::XyzWing);
    assert_has(
        &found,
        &el(&[("r1c2", 3), ("r1c3", 3)]),
        &["r1c1", "r1c5", "r2c2"],
    );
}

#[test]
fn w_wing_hand_made() {
    let board = Maker::nine()
        .set("r1c1", "12")
        .set("r5c9", "12")
        .row_only(9, 2, &["r9c1", "r9c9"])
        .board();
    let found = steps(&board, Technique::WWing);
    assert_has(
        &found,
        &el(&[("r1c9", 1), ("r5c1", 1)]),
        &["r9c1", "r9c9", "row 9"],
    );
}

#[test]
fn w_wing_link_end_seeing_both_cells_is_no_w_wing() {
    // r1c3 and r5c2 hold 3/9; in row 2, 3 is only in r2c3 and r2c2, but r2c2 sees both cells.
    // HoDoKu rejects the pattern (its only target would be the link's own end), and so do we.
    let board = Maker::nine()
        .set("r1c3", "39")
        .set("r5c2", "39")
        .row_only(2, 3, &["r2c3", "r2c2"])
        .board();
    let found = steps(&board, Technique::WWing);
    assert!(found.is_empty(), "{found:#?}");
}

#[test]
fn simple_colors_trap_and_wrap() {
    // Trap: r1c1 (A) = r1c5 (B) = r5c5 (A) = r5c2 (B).
    let board = Maker::nine()
        .row_only(1, 1, &["r1c1", "r1c5"])
        .col_only(5, 1, &["r1c5", "r5c5"])
        .row_only(5, 1, &["r5c5", "r5c2"])
        .board();
    let found = steps(&board, Technique::SimpleColors);
    assert_has(
        &found,
        &el(&[("r2c2", 1), ("r3c2", 1), ("r4c1", 1), ("r6c1", 1)]),
        &["color trap"],
    );
    // Wrap: r1c1 (A) = r1c5 (B) = r5c5 (A) = r5c2 (B) = r8c2 (A) = r8c1 (B) = r2c1?  Use a
    // cycle of odd length instead: r1c1 = r1c5 = r5c5 = r5c1 = r1c1 is even (a loop), so add
    // a box link r5c1 = r6c3 and a column link r6c3 = r2c3, which sees r1c1 (same color).
    let board = Maker::nine()
        .row_only(1, 7, &["r1c1", "r1c5"])
        .col_only(5, 7, &["r1c5", "r5c5"])
        .row_only(5, 7, &["r5c5", "r5c2"])
        .col_only(2, 7, &["r5c2", "r8c2"])
        .row_only(8, 7, &["r8c2", "r8c3"])
        .col_only(3, 7, &["r8c3", "r2c3"])
        .board();
    // Colors: A = r1c1, r5c5, r8c2, r2c3? r1c1 A, r1c5 B, r5c5 A, r5c2 B, r8c2 A, r8c3 B,
    // r2c3 A: r2c3 and r1c1 share box 1, both A: A is false.
    let found = steps(&board, Technique::SimpleColors);
    assert_has(
        &found,
        &el(&[("r1c1", 7), ("r2c3", 7), ("r5c5", 7), ("r8c2", 7)]),
        &["color wrap", "r1c1", "r2c3"],
    );
}

#[test]
fn unique_rectangle_1_hand_made() {
    let board = Maker::nine()
        .set("r1c1", "12")
        .set("r1c2", "12")
        .set("r4c1", "12")
        .board();
    let found = steps(&board, Technique::UniqueRectangle1);
    assert_has(
        &found,
        &el(&[("r4c2", 1), ("r4c2", 2)]),
        &["r4c2", "two solutions"],
    );
    // Four boxes: no rectangle.
    let board = Maker::nine()
        .set("r1c1", "12")
        .set("r1c5", "12")
        .set("r5c1", "12")
        .board();
    assert!(steps(&board, Technique::UniqueRectangle1).is_empty());
}

#[test]
fn unique_rectangle_respects_x_diagonals() {
    let x = Geometry::get(9, Variant::X).unwrap();
    // r1c1 is on the main diagonal, which holds no other corner: the swap could break it.
    let board = Maker::new(x)
        .set("r1c1", "12")
        .set("r1c2", "12")
        .set("r4c1", "12")
        .board();
    assert!(steps(&board, Technique::UniqueRectangle1).is_empty());
    // Rows 4/6, columns 2/8: no corner on a diagonal, the rectangle stands.
    let board = Maker::new(x)
        .set("r4c2", "12")
        .set("r4c8", "12")
        .set("r6c2", "12")
        .board();
    assert_has(
        &steps(&board, Technique::UniqueRectangle1),
        &el(&[("r6c8", 1), ("r6c8", 2)]),
        &[],
    );
}

#[test]
fn bug_plus_1_from_a_bivalue_grid() {
    // The first BUG+1 board of HoDoKu's regression library: every empty cell is bivalue but
    // r7c3 {3,4,6}, where 4 has three places in each house; 3 and 6 go.
    let grid = ".9.613.84...2571393.18492..9685714234379268151..384......192..8..943567151.768..2";
    let board = reglib_board(grid, "");
    let found = steps(&board, Technique::BugPlus1);
    assert_eq!(found.len(), 1, "{found:#?}");
    assert_eq!(found[0].eliminations, el(&[("r7c3", 3), ("r7c3", 6)]));
    assert!(
        found[0].explanation.contains("r7c3 = 4"),
        "{}",
        found[0].explanation
    );
    // The same grid under the X rule is left alone.
    let x = Geometry::get(9, Variant::X).unwrap();
    let values: Vec<u8> = board.values().to_vec();
    let xb = Board::from_parts(x, values, board.all_candidates().to_vec());
    assert!(steps(&xb, Technique::BugPlus1).is_empty());
}

#[test]
fn x_chain_hand_made() {
    // (1)r1c1=(1)r1c4-(1)r3c6=(1)r7c6-(1)r7c9=(1)r9c9 => r9c1<>1
    let board = Maker::nine()
        .row_only(1, 1, &["r1c1", "r1c4"])
        .col_only(6, 1, &["r3c6", "r7c6"])
        .col_only(9, 1, &["r7c9", "r9c9"])
        .board();
    let found = steps(&board, Technique::XChain);
    let step = found
        .iter()
        .find(|s| {
            s.eliminations.contains(&Elimination {
                cell: at("r9c1"),
                digit: 1,
            })
        })
        .unwrap_or_else(|| panic!("{found:#?}"));
    assert!(step.explanation.contains("=>"), "{}", step.explanation);
    // Shortest first.
    let lens: Vec<usize> = found.iter().map(|s| s.cells.len()).collect();
    assert!(lens.windows(2).all(|w| w[0] <= w[1]), "{lens:?}");
}

#[test]
fn xy_chain_hand_made() {
    let board = Maker::nine()
        .set("r1c1", "12")
        .set("r1c5", "23")
        .set("r5c5", "34")
        .set("r5c9", "14")
        .board();
    let found = steps(&board, Technique::XyChain);
    assert_has(
        &found,
        &el(&[("r1c9", 1), ("r5c1", 1)]),
        &["(1=2)r1c1-(2=3)r1c5-(3=4)r5c5-(4=1)r5c9"],
    );
}

#[test]
fn aic_hand_made() {
    // (1)r1c1=(1)r5c1-(1=3)r5c5-(3)r5c9=(3)r1c9: the ends see each other and each end's cell
    // holds the other end's digit, so r1c1<>3 and r1c9<>1.
    let board = Maker::nine()
        .col_only(1, 1, &["r1c1", "r5c1"])
        .set("r5c5", "13")
        .col_only(9, 3, &["r5c9", "r1c9"])
        .board();
    let found = steps(&board, Technique::Aic);
    let step = found
        .iter()
        .find(|s| s.eliminations == el(&[("r1c1", 3), ("r1c9", 1)]))
        .unwrap_or_else(|| panic!("{found:#?}"));
    assert!(step.explanation.contains("=>"), "{}", step.explanation);
}

#[test]
fn an_aic_with_one_cross_elimination_is_left_to_the_nice_loops() {
    // (1)r1c1=(1)r1c5-(1=3)r5c5-(3)r5c9=(3)r1c9 proves r1c1<>3, but r1c9 cannot be 1: like
    // HoDoKu, the AIC search leaves a single elimination to the discontinuous nice loops.
    let board = Maker::nine()
        .row_only(1, 1, &["r1c1", "r1c5"])
        .set("r5c5", "13")
        .col_only(9, 3, &["r5c9", "r1c9"])
        .board();
    let target = el(&[("r1c1", 3)]);
    let aics = steps(&board, Technique::Aic);
    assert!(aics.iter().all(|s| s.eliminations != target), "{aics:#?}");
    let loops = steps(&board, Technique::DiscontinuousNiceLoop);
    assert!(loops.iter().any(|s| s.eliminations == target), "{loops:#?}");
}

#[test]
fn xy_wing_on_16x16() {
    let g = Geometry::get(16, Variant::Standard).unwrap();
    let mut cands = vec![Digits::all(16); 256];
    cands[0] = [1u8, 2].into_iter().collect(); // r1c1
    cands[7] = [1u8, 13].into_iter().collect(); // r1c8
    cands[7 * 16] = [2u8, 13].into_iter().collect(); // r8c1
    let board = Board::from_parts(g, vec![0; 256], cands);
    let found = steps(&board, Technique::XyWing);
    assert_eq!(found.len(), 1);
    assert_eq!(
        found[0].eliminations,
        vec![Elimination {
            cell: 7 * 16 + 7,
            digit: 13
        }]
    );
}

// ---------------------------------------------------------------------------------------------
// Dataset sweeps.
// ---------------------------------------------------------------------------------------------

use sudoscope_testkit::datasets;

const ADVANCED: &[Technique] = &[
    Technique::Skyscraper,
    Technique::TwoStringKite,
    Technique::EmptyRectangle,
    Technique::TurbotFish,
    Technique::XyWing,
    Technique::XyzWing,
    Technique::WWing,
    Technique::SimpleColors,
    Technique::UniqueRectangle1,
    Technique::BugPlus1,
    Technique::XChain,
    Technique::XyChain,
    Technique::Aic,
];

fn puzzles(file: &str) -> Vec<String> {
    let dir = datasets().expect("datasets");
    std::fs::read_to_string(dir.join(file))
        .expect("dataset readable")
        .lines()
        .filter_map(|l| l.split_whitespace().next().map(str::to_string))
        .collect()
}

fn solution_of(line: &str) -> (Board, Vec<u8>) {
    let puzzle = parse_puzzle(line, ReadOptions::default()).expect("puzzle parses");
    let Solution::Unique(grid) = exact::solve(&puzzle) else {
        panic!("{line}: not uniquely solvable");
    };
    (Board::from_puzzle(&puzzle), grid.cells().to_vec())
}

#[derive(Default)]
struct Sweep {
    /// Steps checked per technique.
    checked: BTreeMap<&'static str, usize>,
    violations: Vec<String>,
    solved: usize,
    puzzles: usize,
}

/// Walks one puzzle with the test kit's soundness walker, checking the advanced steps listed
/// at every board.
fn walk(line: &str, sweep: &mut Sweep) {
    let (board, solution) = solution_of(line);
    let walk = soundness::walk(&board, &solution, Route::EveryStep { checked: ADVANCED });
    sweep.puzzles += 1;
    sweep.solved += usize::from(walk.solved);
    for (technique, n) in walk.by_technique {
        *sweep.checked.entry(technique.id()).or_default() += n;
    }
    sweep
        .violations
        .extend(walk.violations.iter().map(|v| format!("{line}: {v}")));
}

#[test]
fn advanced_steps_are_sound() {
    if datasets().is_none() {
        return;
    }
    // Every 10th puzzle in release keeps CI to about a minute; LOGIC_SWEEP_EVERY=1 checks
    // them all (the full sweep found no violation; see the README).
    let every = std::env::var("LOGIC_SWEEP_EVERY")
        .ok()
        .and_then(|v| v.parse::<usize>().ok())
        .unwrap_or(if cfg!(debug_assertions) { 40 } else { 10 })
        .max(1);
    let mut report = Vec::new();
    let mut violations = Vec::new();
    for file in ["magictour_top1465.txt", "hodoku_exemplars_669.txt"] {
        let mut sweep = Sweep::default();
        for line in puzzles(file).iter().step_by(every) {
            walk(line, &mut sweep);
        }
        report.push(format!(
            "{file}: {} puzzles, {} solved by logic alone ({:.1}%); advanced steps checked: {:?}",
            sweep.puzzles,
            sweep.solved,
            100.0 * sweep.solved as f64 / sweep.puzzles.max(1) as f64,
            sweep.checked
        ));
        violations.extend(sweep.violations);
    }
    for r in &report {
        println!("{r}");
    }
    for v in violations.iter().take(10) {
        println!("VIOLATION {v}");
    }
    assert!(violations.is_empty(), "{} unsound steps", violations.len());
}

/// Median `all_steps` time over the boards met while solving magictour puzzles step by step
/// (every 5th puzzle, every board until solved or stuck).
#[test]
#[ignore]
fn all_steps_timing() {
    if datasets().is_none() {
        return;
    }
    let mut boards = Vec::new();
    for line in puzzles("magictour_top1465.txt").iter().step_by(5) {
        let (mut board, _) = solution_of(line);
        while !board.is_solved() {
            let Some(step) = logic::next_step(&board, &[]) else {
                break;
            };
            boards.push(board.clone());
            board.apply(&step);
        }
    }
    // The machine may be shared: per board, the best wall time of five runs sheds most
    // preemptions; the per-technique means use the thread's CPU time where Linux reports it
    // (schedstat is too coarse for one call, fine over thousands).
    let mut times = Vec::with_capacity(boards.len());
    for board in &boards {
        let mut best = f64::MAX;
        for _ in 0..5 {
            let start = Instant::now();
            let steps = logic::all_steps(board, &[]);
            best = best.min(start.elapsed().as_secs_f64() * 1e6);
            std::hint::black_box(steps);
        }
        times.push(best);
    }
    let mut per_technique: BTreeMap<&'static str, f64> = BTreeMap::new();
    for technique in logic::available() {
        let clock = Clock::start();
        for board in &boards {
            std::hint::black_box(logic::find_all(board, technique));
        }
        *per_technique.entry(technique.id()).or_default() += clock.micros() / boards.len() as f64;
    }
    println!("per-technique clock: {}", Clock::kind());
    times.sort_by(|a, b| a.partial_cmp(b).unwrap());
    let pct = |p: f64| times[((times.len() - 1) as f64 * p) as usize];
    println!(
        "all_steps over {} boards (best of 5, wall): median {:.0} µs, p90 {:.0} µs, max {:.0} µs",
        times.len(),
        pct(0.5),
        pct(0.9),
        pct(1.0)
    );
    println!("mean µs per technique: {per_technique:.1?}");
}

/// Thread CPU time from `/proc/thread-self/schedstat` when readable, else wall time.
struct Clock {
    cpu: Option<u64>,
    wall: Instant,
}

impl Clock {
    fn cpu_ns() -> Option<u64> {
        let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
        text.split_whitespace().next()?.parse().ok()
    }

    fn kind() -> &'static str {
        if Clock::cpu_ns().is_some() {
            "thread CPU time (schedstat)"
        } else {
            "wall time"
        }
    }

    fn start() -> Clock {
        Clock {
            cpu: Clock::cpu_ns(),
            wall: Instant::now(),
        }
    }

    fn micros(&self) -> f64 {
        match (self.cpu, Clock::cpu_ns()) {
            (Some(a), Some(b)) => (b - a) as f64 / 1000.0,
            _ => self.wall.elapsed().as_secs_f64() * 1e6,
        }
    }
}
