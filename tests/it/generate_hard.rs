//! The top of Sudoku Explainer's scale, fresh (`generate --se 10.0.. --fresh`): every puzzle
//! has exactly one solution (the exact solver counts to 2), `rate --se` gives it ER 10.0 or
//! more and the ER its record claims, and it is equivalent (canonical form) to none of the
//! puzzles it must avoid — the `--fresh` file's, the datasets', the `--from` file's and the
//! shipped starting puzzles' — nor to the other puzzles of its run. Without datasets the
//! climb starts from the shipped puzzles; with them, from theirs.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use assert_cmd::Command;
use serde_json::Value;

use crate::support::tools::json_records;
use sudoscope_core::canon::{Cells, minlex};
use sudoscope_core::exact;
use sudoscope_testkit::bench::one_line_9x9;
use sudoscope_testkit::datasets::datasets;

fn sudoscope() -> Command {
    Command::cargo_bin("sudoscope").expect("the binary is built")
}

/// The shipped starting puzzles (the data file the library embeds).
fn shipped() -> Vec<String> {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/sudoscope-core/data/hard_seeds.txt");
    std::fs::read_to_string(path)
        .expect("the shipped hard puzzles")
        .lines()
        .filter_map(|l| l.split_whitespace().next().map(str::to_string))
        .collect()
}

fn form(line: &str) -> Cells {
    minlex(&one_line_9x9(line).expect("a 9×9 line")).expect("a canonical form")
}

/// `generate ARGS --format json` with the datasets folder set to `datasets`: the records.
fn generate(datasets: &Path, args: &[&str]) -> Vec<Value> {
    let out = sudoscope()
        .env("SUDOSCOPE_DATASETS", datasets)
        .arg("generate")
        .args(args)
        .args(["--format", "json", "--timeout-ms", "120000"])
        .output()
        .expect("generate runs");
    json_records(out, &format!("generate {args:?}"))
}

/// Checks each record's puzzle: one solution, ER ≥ 10.0 by `rate --se` and as claimed, and a
/// canonical form outside `avoid` and unlike the others'.
fn check(records: &[Value], avoid: &HashSet<Cells>) {
    let lines: Vec<String> = records
        .iter()
        .map(|r| r["puzzle"].as_str().expect("a puzzle").to_string())
        .collect();
    let out = sudoscope()
        .args(["rate", "--se", "--format", "json", "-"])
        .write_stdin(lines.join("\n") + "\n")
        .output()
        .expect("rate runs");
    assert!(out.status.success());
    let rated: Vec<f64> = String::from_utf8(out.stdout)
        .expect("utf-8")
        .lines()
        .map(|l| {
            let v: Value = serde_json::from_str(l).expect("json");
            v["se"]["er"].as_f64().expect("an ER")
        })
        .collect();
    assert_eq!(rated.len(), lines.len());
    let mut seen = HashSet::new();
    for ((record, line), er) in records.iter().zip(&lines).zip(rated) {
        let cells = one_line_9x9(line).expect("a 9×9 puzzle");
        let mut solution = [0u8; 81];
        assert_eq!(exact::count_9x9(&cells, 2, &mut solution).0, 1, "{line}");
        assert!(er >= 10.0, "{line}: ER {er}");
        assert_eq!(record["se"]["er"].as_f64(), Some(er), "{line}");
        let form = form(line);
        assert!(
            !avoid.contains(&form),
            "{line} is equivalent to a known puzzle"
        );
        assert!(seen.insert(form), "{line} repeats a puzzle of its run");
    }
}

fn write_lines(dir: &Path, name: &str, lines: &[String]) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, lines.join("\n") + "\n").expect("written");
    path
}

#[test]
fn without_datasets_the_climb_starts_from_the_shipped_puzzles() {
    let shipped = shipped();
    assert!(shipped.len() >= 20);
    let empty = tempfile::tempdir().expect("a temp dir");
    let known = write_lines(empty.path(), "known.txt", &shipped[..3]);
    let records = generate(
        empty.path(),
        &["--se", "10.0..", "--count", "2", "--seed", "5", "--fresh"],
    );
    let records_known = generate(
        empty.path(),
        &[
            "--se",
            "10.0..",
            "--seed",
            "6",
            "--fresh",
            known.to_str().expect("a path"),
        ],
    );
    let avoid: HashSet<Cells> = shipped.iter().map(|l| form(l)).collect();
    check(&records, &avoid);
    check(&records_known, &avoid);
}

#[test]
fn from_a_file_the_climb_returns_none_of_its_puzzles() {
    let shipped = shipped();
    let dir = tempfile::tempdir().expect("a temp dir");
    let from = write_lines(dir.path(), "from.txt", &shipped[5..8]);
    let records = generate(
        dir.path(),
        &[
            "--se",
            "10.0..",
            "--seed",
            "8",
            "--from",
            from.to_str().expect("a path"),
        ],
    );
    let avoid: HashSet<Cells> = shipped[5..8].iter().map(|l| form(l)).collect();
    check(&records, &avoid);
}

#[test]
fn with_the_datasets_the_puzzle_is_equivalent_to_none_of_theirs() {
    let Some(dir) = datasets() else { return };
    let records = generate(&dir, &["--se", "10.0..", "--seed", "9", "--fresh"]);
    let mut avoid = HashSet::new();
    for entry in std::fs::read_dir(&dir).expect("the datasets folder") {
        let path = entry.expect("an entry").path();
        if path.extension().is_none_or(|e| e != "txt") {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("a dataset file");
        avoid.extend(
            text.lines()
                .filter_map(|l| one_line_9x9(l.split_whitespace().next()?))
                .filter_map(|cells| minlex(&cells).ok()),
        );
    }
    assert!(avoid.len() > 100_000, "{} forms", avoid.len());
    check(&records, &avoid);
}
