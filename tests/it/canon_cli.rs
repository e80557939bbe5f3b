//! `sudoscope canon` and `generate --fresh` as a script uses them: equivalent puzzles print
//! the same line, other shapes are refused per record with exit code 2, and `--fresh` never
//! writes a puzzle equivalent to one in its file (or the datasets folder it is pointed at).

use assert_cmd::Command;
use predicates::prelude::*;
use sudoscope_core::canon::minlex;

fn sudoscope() -> Command {
    Command::cargo_bin("sudoscope").expect("the binary is built")
}

/// A 17-clue puzzle already in its canonical form.
const CANONICAL: &str =
    ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...";

fn cells_of(text: &str) -> [u8; 81] {
    let bytes = text.as_bytes();
    std::array::from_fn(|i| match bytes[i] {
        b'1'..=b'9' => bytes[i] - b'0',
        _ => 0,
    })
}

fn text_of(cells: &[u8; 81]) -> String {
    cells
        .iter()
        .map(|&d| if d == 0 { '.' } else { char::from(b'0' + d) })
        .collect()
}

/// A disguised copy: transposed, bands and stacks rotated, rows and columns swapped within
/// their chutes, digits relabelled.
fn disguise(text: &str) -> String {
    let cells = cells_of(text);
    let line = |target: usize| {
        let chute = [2, 0, 1][target / 3];
        let within = [[1, 0, 2], [2, 1, 0], [0, 2, 1]][target / 3][target % 3];
        chute * 3 + within
    };
    let digits = [0, 4, 9, 1, 7, 2, 8, 3, 6, 5];
    let moved: [u8; 81] = std::array::from_fn(|cell| {
        let (r, c) = (line(cell / 9), line(cell % 9));
        digits[cells[c * 9 + r] as usize]
    });
    text_of(&moved)
}

fn stdout_lines(output: &std::process::Output) -> Vec<String> {
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(str::to_owned)
        .collect()
}

#[test]
fn equivalent_puzzles_print_the_same_line() {
    let copy = disguise(CANONICAL);
    assert_ne!(copy, CANONICAL);
    let input = format!("{CANONICAL}\n{copy}\n{}\n", disguise(&copy));
    let output = sudoscope()
        .arg("canon")
        .write_stdin(input)
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    assert_eq!(stdout_lines(&output), vec![CANONICAL; 3]);
}

#[test]
fn a_puzzle_argument_and_a_grid_file_work_too() {
    sudoscope()
        .args(["canon", &disguise(CANONICAL)])
        .assert()
        .success()
        .stdout(format!("{CANONICAL}\n"));
    // A multi-line grid goes through the general reader, not the one-line fast lane.
    let grid: String = disguise(CANONICAL)
        .as_bytes()
        .chunks(9)
        .map(|row| format!("{}\n", String::from_utf8_lossy(row)))
        .collect();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("grid.txt");
    std::fs::write(&path, grid).unwrap();
    sudoscope()
        .arg("canon")
        .arg(&path)
        .assert()
        .success()
        .stdout(format!("{CANONICAL}\n"));
}

#[test]
fn json_records_carry_the_puzzle_and_its_form() {
    let copy = disguise(CANONICAL);
    let output = sudoscope()
        .args(["canon", "--format", "json", &copy])
        .output()
        .unwrap();
    assert!(output.status.success());
    let record: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(record["puzzle"], copy.as_str());
    assert_eq!(record["canon"], CANONICAL);
    assert_eq!(record["error"], serde_json::Value::Null);
}

#[test]
fn other_shapes_are_refused_per_record_with_exit_2() {
    let sixteen = ".".repeat(256);
    let input = format!("{CANONICAL}\n{sixteen}\nnot a puzzle at all, clearly\n{CANONICAL}\n");
    let output = sudoscope()
        .arg("canon")
        .write_stdin(input)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let lines = stdout_lines(&output);
    assert_eq!(lines.len(), 4, "one record per input puzzle: {lines:?}");
    assert_eq!(lines[0], CANONICAL);
    assert_eq!(
        lines[1],
        "invalid: the canonical form is for 9×9 standard puzzles, not 16×16 standard"
    );
    assert!(lines[2].starts_with("invalid: "), "{}", lines[2]);
    assert_eq!(lines[3], CANONICAL);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("line 2: the canonical form is for 9×9 standard puzzles"),
        "{stderr}"
    );
    assert!(!stderr.contains("panicked"), "{stderr}");

    let output = sudoscope()
        .args(["canon", "--variant", "x", "--format", "json", CANONICAL])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let record: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(record["canon"], serde_json::Value::Null);
    assert_eq!(
        record["error"],
        "the canonical form is for 9×9 standard puzzles, not 9×9 x"
    );
}

/// The first puzzle `generate --seed 7` writes.
fn generated_first() -> String {
    let output = sudoscope()
        .args(["generate", "--seed", "7", "--level", "any"])
        .output()
        .unwrap();
    assert!(output.status.success());
    stdout_lines(&output).remove(0)
}

#[test]
fn fresh_avoids_a_disguised_copy_in_its_file() {
    let first = generated_first();
    let dir = tempfile::tempdir().unwrap();
    let known = dir.path().join("known.txt");
    std::fs::write(&known, format!("{}\n{CANONICAL}\n", disguise(&first))).unwrap();
    let output = sudoscope()
        .args(["generate", "--seed", "7", "--level", "any", "--fresh"])
        .arg(&known)
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let fresh = stdout_lines(&output).remove(0);
    assert_ne!(fresh, first);
    let form = |text: &str| minlex(&cells_of(text)).unwrap();
    assert_ne!(form(&fresh), form(&first));

    // With nothing to avoid, --fresh changes nothing.
    std::fs::write(&known, format!("{CANONICAL}\n")).unwrap();
    let output = sudoscope()
        .args(["generate", "--seed", "7", "--level", "any", "--fresh"])
        .arg(&known)
        .output()
        .unwrap();
    assert_eq!(stdout_lines(&output), vec![first]);
}

#[test]
fn fresh_without_a_file_reads_the_datasets_folder() {
    let first = generated_first();
    let dir = tempfile::tempdir().unwrap();
    // A 16×16 file in the folder is passed over, not an error.
    std::fs::write(dir.path().join("big.txt"), ".".repeat(256) + "\n").unwrap();
    std::fs::write(dir.path().join("known.txt"), disguise(&first) + "\n").unwrap();
    let output = sudoscope()
        .env("SUDOSCOPE_DATASETS", dir.path())
        .args(["generate", "--seed", "7", "--level", "any", "--fresh"])
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    assert_ne!(stdout_lines(&output).remove(0), first);
}

#[test]
fn fresh_puzzles_of_one_run_are_inequivalent() {
    let dir = tempfile::tempdir().unwrap();
    let known = dir.path().join("known.txt");
    std::fs::write(&known, format!("{CANONICAL}\n")).unwrap();
    let output = sudoscope()
        .args(["generate", "--seed", "3", "--level", "easy", "--count", "4"])
        .arg("--fresh")
        .arg(&known)
        .output()
        .unwrap();
    assert!(output.status.success());
    let forms: std::collections::HashSet<_> = stdout_lines(&output)
        .iter()
        .map(|p| minlex(&cells_of(p)).unwrap())
        .collect();
    assert_eq!(forms.len(), 4);
}

#[test]
fn fresh_refuses_other_shapes_and_bad_files() {
    sudoscope()
        .args(["generate", "--size", "16", "--fresh", "nothing.txt"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "--fresh is for 9×9 standard puzzles",
        ));
    sudoscope()
        .args(["generate", "--fresh", "/no/such/file.txt"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("/no/such/file.txt: cannot read"));
    let dir = tempfile::tempdir().unwrap();
    let known = dir.path().join("known.txt");
    std::fs::write(&known, format!("{CANONICAL}\n{}\n", ".".repeat(256))).unwrap();
    sudoscope()
        .args(["generate", "--fresh"])
        .arg(&known)
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "line 2: the canonical form is for 9×9 standard puzzles",
        ));
}
