//! Killer and jigsaw formats through the commands: Solo game IDs (checked against Solo itself
//! when `sgt-solo` is installed) and the shape form, and the one-line errors for bad shapes.

use std::path::{Path, PathBuf};
use std::process::Command as StdCommand;

use assert_cmd::Command;
use sudoscope_core::grid::{Grid, Puzzle};

use super::support::tools;

fn sudoscope() -> Command {
    Command::cargo_bin("sudoscope").expect("the binary is built")
}

fn solo_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/solo")
}

/// The Solo IDs of a fixture file (comment lines left out).
fn fixture(name: &str) -> Vec<String> {
    let text = std::fs::read_to_string(solo_dir().join(name)).expect("fixture");
    text.lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(str::to_owned)
        .collect()
}

const KINDS: [&str; 6] = [
    "standard.txt",
    "x.txt",
    "killer.txt",
    "killer-x.txt",
    "jigsaw.txt",
    "jigsaw-x.txt",
];

fn run(args: &[&str], stdin: Option<&str>) -> (Option<i32>, String, String) {
    let mut cmd = sudoscope();
    cmd.args(args);
    if let Some(input) = stdin {
        cmd.write_stdin(input.to_owned());
    }
    let out = cmd.output().expect("runs");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn solo_ids_of_every_kind_read_and_write_back_unchanged() {
    for kind in KINDS {
        for id in fixture(kind) {
            let (code, out, err) = run(&["convert", "--to", "solo", &id], None);
            assert_eq!(code, Some(0), "{kind}: {err}");
            assert_eq!(out.trim_end(), id, "{kind}: Solo's own ID comes back");
            let (code, out, err) = run(&["convert", "--to", "line", &id], None);
            assert_eq!(code, Some(0), "{kind}: {err}");
            let line = out.trim_end();
            let classic = ["3x3:", "2x2:", "3x3x:"].iter().any(|p| id.starts_with(p));
            if classic {
                let n = if id.starts_with("2x2") { 16 } else { 81 };
                assert_eq!(line.len(), n, "a classic puzzle's line is its digits");
            } else {
                assert_eq!(line, id, "{kind}: a shaped puzzle's line is its Solo ID");
            }
        }
    }
}

#[test]
fn the_shape_form_round_trips_through_the_commands() {
    for kind in ["killer.txt", "killer-x.txt", "jigsaw.txt", "jigsaw-x.txt"] {
        for id in fixture(kind) {
            let (code, shape, err) = run(&["convert", "--to", "shape", &id], None);
            assert_eq!(code, Some(0), "{kind}: {err}");
            let first = shape.lines().next().unwrap_or("");
            assert!(
                first.starts_with(kind.trim_end_matches(".txt")),
                "{kind}: header {first:?}"
            );
            let (code, back, err) = run(&["convert", "--to", "solo", "-"], Some(&shape));
            assert_eq!(code, Some(0), "{kind}: {err}\n{shape}");
            assert_eq!(
                back.trim_end(),
                id,
                "{kind}: the shape form means the same puzzle"
            );
        }
    }
    // Two records in one input, separated by a blank line.
    let killers = fixture("killer.txt");
    let mut both = String::new();
    for id in &killers[..2] {
        let (_, shape, _) = run(&["convert", "--to", "shape", id], None);
        both.push_str(&shape);
        both.push('\n');
    }
    let (code, back, err) = run(&["convert", "--to", "solo", "-"], Some(&both));
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(back.lines().collect::<Vec<_>>(), killers[..2].to_vec());
}

#[test]
fn jigsaws_solve_and_print_their_solution_with_the_shape_in_json() {
    for kind in ["jigsaw.txt", "jigsaw-x.txt", "x.txt"] {
        for id in fixture(kind) {
            let (code, out, err) = run(&["solve", "--format", "json", &id], None);
            assert_eq!(code, Some(0), "{kind}: {err}");
            let record: serde_json::Value = serde_json::from_str(out.trim()).expect("json");
            assert_eq!(record["status"], "solved", "{kind} {id}");
            assert_eq!(record["unique"], true, "Solo's puzzles are unique: {id}");
            if kind != "x.txt" {
                assert_eq!(record["puzzle"], id.as_str(), "the record names the puzzle");
            }
            let n = record["solution"].as_str().map_or(0, str::len);
            assert!(n == 81 || n == 36 || n == 49, "{kind}: {n} digits");
        }
    }
}

fn assert_one_line_error(args: &[&str], stdin: Option<&str>, expected: &str) {
    let (code, out, err) = run(args, stdin);
    assert_eq!(code, Some(2), "exit 2 for {args:?}: {out} {err}");
    assert!(!err.contains("panicked"), "no panic: {err}");
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 1, "one line: {err}");
    assert!(
        lines[0].contains(expected),
        "{:?} should say {expected:?}",
        lines[0]
    );
}

#[test]
fn bad_shapes_are_one_line_naming_what_and_where() {
    let killer = |cages: &str, sums: &str| format!("killer\n{cages}\nsums: {sums}\n");
    // Four cages of 2×2 cells plus 4×4 rows: r1c1 r1c2 r2c1 r2c2 is cage a, ...
    let map = "aabb\naabb\nccdd\nccdd";
    assert_one_line_error(
        &["check", "-"],
        Some(&killer(map, "a=9 b=11 c=30 d=-1")),
        "line 6, column 23: sums: '-1' after 'd=' is not a number",
    );
    assert_one_line_error(
        &["check", "-"],
        Some(&killer(map, "a=10 b=10 c=11 d=9")),
        "the cage at r3c1 cannot sum to 11: 4 different digits make 10 to 10",
    );
    assert_one_line_error(
        &["check", "-"],
        Some(&killer("aabb\naabb\nccdd\ncc.d", "a=10 b=10 c=10 d=7")),
        "r4c3 is in no cage",
    );
    assert_one_line_error(
        &["check", "-"],
        Some(&killer("abba\ncbbd\ncccd\neeed", "a=5 b=10 c=10 d=6 e=9")),
        "the cage at r1c1 is not connected: r1c4 is cut off from it",
    );
    assert_one_line_error(
        &["solve", "-"],
        Some(&killer(map, "a=10 b=10 c=10")),
        "sums: the cage 'd' (at r3c3) has no sum",
    );
    assert_one_line_error(
        &["count", "-"],
        Some("jigsaw\naabb\nabbb\nccdd\nccdd\n"),
        "the region at r1c1 has 3 cells, expected 4",
    );
    assert_one_line_error(
        &["rate", "-"],
        Some("jigsaw\naabb\nbbaa\nccdd\nccdd\n"),
        "the region at r1c1 is not connected: r2c3 is cut off from it",
    );
    // Solo IDs: overlapping cages cannot be written in one, but every field can be wrong.
    assert_one_line_error(
        &["check", "3x3k:zzzc,abc,5"],
        None,
        "column 14: Solo game ID: killer cages: fewer borders than the 144 of a 9×9 grid",
    );
    assert_one_line_error(
        &["hint", "3x3:zzz10b"],
        None,
        "column 8: Solo game ID: givens: 10 at r9c7 is more than 9",
    );
    assert_one_line_error(
        &["solve", "9j:zzzc,ab!"],
        None,
        "Solo game ID: jigsaw regions: unexpected character '!'",
    );
    assert_one_line_error(&["check", "3x3q:zzzc"], None, "unknown parameter 'q'");
    assert_one_line_error(&["check", "3x3k#1234"], None, "random seed");
    // What a Solo ID cannot hold is refused by name when writing one.
    let hyper = ".".repeat(80) + "1";
    assert_one_line_error(
        &["convert", "--to", "solo", "--variant", "hyper", &hyper],
        None,
        "Solo has no hyper",
    );
    let killer_id = &fixture("killer.txt")[0];
    assert_one_line_error(
        &["convert", "--to", "grid", killer_id],
        None,
        "use --to solo, --to shape or --to line",
    );
}

/// The PostScript `sgt-solo --print` writes, read back: the digits drawn on each page at the
/// givens' font size, by cell.
fn printed_digits(ps: &str, n: usize) -> Vec<Vec<u8>> {
    let mut pages = Vec::new();
    for page in ps.split("%%Page:").skip(1) {
        let mut grid = vec![0u8; n * n];
        let lines: Vec<&str> = page.lines().collect();
        for (i, line) in lines.iter().enumerate() {
            // `… 513 exch sub 4608 exch moveto pop pop` then `(3) dup stringwidth … show`.
            let Some(text) = line.strip_prefix('(') else {
                continue;
            };
            if !line.contains("stringwidth") {
                continue;
            }
            let digit: String = text.chars().take_while(|c| c.is_ascii_digit()).collect();
            let Some(prev) = i.checked_sub(1).map(|p| lines[p]) else {
                continue;
            };
            let words: Vec<&str> = prev.split_whitespace().collect();
            let (Some(y), Some(x)) = (
                words
                    .iter()
                    .position(|w| *w == "exch")
                    .and_then(|p| words.get(p - 1)),
                words
                    .iter()
                    .position(|w| *w == "sub")
                    .and_then(|p| words.get(p + 1)),
            ) else {
                continue;
            };
            let (Ok(y), Ok(x), Ok(d)) = (y.parse::<i64>(), x.parse::<i64>(), digit.parse::<u8>())
            else {
                continue;
            };
            // Cells are 512 units from a border of 256: centres at 512 + 512·k.
            let col = ((x - 512) / 512) as usize;
            let row = n - 1 - ((y - 513) / 512) as usize;
            if row < n && col < n {
                grid[row * n + col] = d;
            }
        }
        pages.push(grid);
    }
    pages
}

fn sgt_solo() -> Option<PathBuf> {
    let games = PathBuf::from("/usr/games/sgt-solo");
    if games.exists() {
        return Some(games);
    }
    tools::require(&["sgt-solo"]).then(|| PathBuf::from("sgt-solo"))
}

#[test]
fn ids_written_by_sudoscope_open_in_solo_and_solve_the_same() {
    let Some(solo) = sgt_solo() else {
        return;
    };
    // Puzzles written by sudoscope from the shape form (not copied from Solo), so Solo reads
    // an ID it did not write.
    for kind in ["jigsaw.txt", "jigsaw-x.txt", "killer.txt", "killer-x.txt"] {
        for id in fixture(kind) {
            let (_, shape, _) = run(&["convert", "--to", "shape", &id], None);
            let (code, written, err) = run(&["convert", "--to", "solo", "-"], Some(&shape));
            assert_eq!(code, Some(0), "{err}");
            let written = written.trim_end().to_owned();
            let out = StdCommand::new(&solo)
                .args([
                    "--generate",
                    "1",
                    "--print",
                    "1x1",
                    "--with-solutions",
                    &written,
                ])
                .output()
                .expect("sgt-solo runs");
            let ps = String::from_utf8_lossy(&out.stdout);
            assert!(
                out.status.success(),
                "Solo refused {written}: {}",
                String::from_utf8_lossy(&out.stderr)
            );
            let puzzle = Puzzle::from_solo_id(&written).expect("sudoscope reads its own ID");
            let n = puzzle.geometry().size();
            let pages = printed_digits(&ps, n);
            assert_eq!(pages.len(), 2, "puzzle and solution pages for {written}");
            let solution = &pages[1];
            assert!(solution.iter().all(|&d| d != 0), "Solo solved {written}");
            // Solo's solution keeps every rule of the puzzle as sudoscope read it: houses,
            // regions, diagonals and every cage sum.
            let grid = Grid::from_cells(puzzle.geometry(), solution.clone()).expect("digits");
            assert!(
                grid.is_solved(),
                "Solo's solution solves our reading of {written}"
            );
            assert!(puzzle.givens.is_extended_by(&grid));
            if kind.starts_with("jigsaw") {
                let (_, ours, err) = run(&["solve", &written], None);
                let ours: Vec<u8> = ours.trim().bytes().map(|b| b - b'0').collect();
                assert_eq!(
                    &ours, solution,
                    "same solution as Solo for {written}: {err}"
                );
            }
        }
    }
}

/// A generated killer or jigsaw is printed as one Solo game ID (no trailing fields), which the
/// other commands read back as the same unique puzzle.
#[test]
fn generated_killers_and_jigsaws_print_a_solo_id_that_reads_back() {
    for (variant, prefix) in [
        ("killer", "3x3k:"),
        ("killer-x", "3x3xk:"),
        ("jigsaw", "9j:"),
    ] {
        let (code, out, err) = run(
            &[
                "generate",
                "--variant",
                variant,
                "--level",
                "easy",
                "--seed",
                "11",
            ],
            None,
        );
        assert_eq!(code, Some(0), "{variant}: {err}");
        let line = out.trim();
        assert!(line.starts_with(prefix), "{variant}: {line}");
        assert!(!line.contains(' '), "{variant}: one field only: {line}");
        let (code, out, err) = run(&["count", line], None);
        assert_eq!(code, Some(0), "{variant}: {err}");
        assert_eq!(out.trim(), "1", "{variant}: unique");
    }
}
