//! The command line as users and scripts see it: records, JSON fields, exit codes and
//! one-line errors (`docs/guide.md`).

use std::io::{BufRead, BufReader, Write};
use std::process::{Command as StdCommand, Stdio};
use std::time::Duration;

use assert_cmd::Command;
use predicates::prelude::*;

const PUZZLE: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
const SOLUTION: &str =
    "417369825632158947958724316825437169791586432346912758289643571573291684164875293";

fn sudoscope() -> Command {
    Command::cargo_bin("sudoscope").expect("the binary is built")
}

use sudoscope_testkit::datasets;

/// Runs a command expected to fail on bad input: exit 2, no panic, every stderr line one
/// `sudoscope:` error.
fn assert_clean_failure(output: &std::process::Output) -> String {
    assert_eq!(output.status.code(), Some(2), "exit code");
    let stderr = String::from_utf8_lossy(&output.stderr).to_string();
    assert!(!stderr.contains("panicked"), "no panic: {stderr}");
    assert!(!stderr.is_empty(), "an error is reported");
    for line in stderr.lines() {
        assert!(line.starts_with("sudoscope: "), "one-line error: {line:?}");
    }
    stderr
}

#[test]
fn solves_a_literal_puzzle() {
    sudoscope()
        .args(["solve", PUZZLE])
        .assert()
        .success()
        .stdout(format!("{SOLUTION}\n"));
}

#[test]
fn solves_from_stdin_and_dash() {
    for args in [vec!["solve"], vec!["solve", "-"]] {
        sudoscope()
            .args(&args)
            .write_stdin(format!(
                "# a comment\n\n{PUZZLE} trailing fields are ignored\n"
            ))
            .assert()
            .success()
            .stdout(format!("{SOLUTION}\n"));
    }
}

#[test]
fn solve_json_has_every_contract_field() {
    let output = sudoscope()
        .args(["solve", "--format", "json", PUZZLE])
        .output()
        .expect("runs");
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).expect("utf-8");
    let record: serde_json::Value = serde_json::from_str(text.trim()).expect("one JSON object");
    assert_eq!(record["puzzle"], PUZZLE);
    assert_eq!(record["solver"], "exact");
    assert_eq!(record["status"], "solved");
    assert_eq!(record["solution"], SOLUTION);
    assert_eq!(record["unique"], true);
    assert!(record["iterations"].is_u64());
    assert_eq!(record["iteration_unit"], "nodes");
    assert!(record["elapsed_ms"].is_f64());
    assert!(record["error"].is_null());
}

#[test]
fn statuses_for_no_solution_and_invalid() {
    // Two 1s in column 1 is not a clash of givens but leaves no solution... use a real dead end:
    // r1c1 can hold nothing because its row, column and box hold 1-9 between them.
    let dead = format!("..2345678.........9......1{}", ".".repeat(55));
    sudoscope()
        .args(["solve", &dead])
        .assert()
        .success()
        .stdout("no-solution\n");
    let output = sudoscope()
        .args(["solve", "--format", "json"])
        .write_stdin(format!("{PUZZLE}\n55{}\n", &PUZZLE[2..]))
        .output()
        .expect("runs");
    let stderr = assert_clean_failure(&output);
    assert!(stderr.contains("line 2: digit 5 appears twice in row 1: r1c1 and r1c2"));
    let lines: Vec<serde_json::Value> = String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON line"))
        .collect();
    assert_eq!(
        lines.len(),
        2,
        "one record per input puzzle, bad ones included"
    );
    assert_eq!(lines[0]["status"], "solved");
    assert_eq!(lines[1]["status"], "invalid");
    assert!(lines[1]["solution"].is_null());
    assert!(
        lines[1]["error"]
            .as_str()
            .is_some_and(|e| e.contains("appears twice"))
    );
}

#[test]
fn count_caps_at_the_limit() {
    let empty4 = "................";
    sudoscope()
        .args(["count", empty4])
        .assert()
        .success()
        .stdout("2+\n");
    sudoscope()
        .args(["count", "--limit", "1000", empty4])
        .assert()
        .success()
        .stdout("288\n");
    sudoscope()
        .args(["count", PUZZLE])
        .assert()
        .success()
        .stdout("1\n");
    let output = sudoscope()
        .args(["count", "--format", "json", "--limit", "5", empty4])
        .output()
        .expect("runs");
    let record: serde_json::Value =
        serde_json::from_slice(output.stdout.trim_ascii()).expect("JSON");
    assert_eq!(record["solutions"], 5);
    assert_eq!(record["capped"], true);
    sudoscope()
        .args(["count", "--limit", "0", PUZZLE])
        .assert()
        .code(2);
}

#[test]
fn check_reports_validity_uniqueness_and_givens() {
    sudoscope()
        .args(["check", PUZZLE])
        .assert()
        .success()
        .stdout("valid unique 17 givens\n");
    sudoscope()
        .args(["check", "................"])
        .assert()
        .success()
        .stdout("valid multiple 0 givens\n");
    let output = sudoscope()
        .args(["check", "--format", "json", PUZZLE])
        .output()
        .expect("runs");
    let record: serde_json::Value =
        serde_json::from_slice(output.stdout.trim_ascii()).expect("JSON");
    assert_eq!(record["valid"], true);
    assert_eq!(record["solutions"], "unique");
    assert_eq!(record["givens"], 17);
    assert_eq!(record["size"], 9);
}

#[test]
fn variants_change_the_answer() {
    // An empty X-sudoku and hyper-sudoku still have many solutions; a standard puzzle that
    // violates a diagonal is invalid as X.
    let diagonal_clash =
        "1...............................................................................1";
    sudoscope()
        .args(["check", diagonal_clash])
        .assert()
        .success();
    let output = sudoscope()
        .args(["check", "--variant", "x", diagonal_clash])
        .output()
        .expect("runs");
    let stderr = assert_clean_failure(&output);
    assert!(
        stderr.contains("digit 1 appears twice in diagonal 1: r1c1 and r9c9"),
        "{stderr}"
    );
}

#[test]
fn bad_input_gives_one_line_errors_and_exit_2() {
    let cases: Vec<(&str, Vec<u8>, &str)> = vec![
        (
            "short line",
            format!("{PUZZLE}\n{PUZZLE}\n{}\n", &PUZZLE[1..]).into_bytes(),
            "line 3: 80 cells, expected 81 for 9×9",
        ),
        (
            "letter",
            format!("{}x{}\n", &PUZZLE[..16], &PUZZLE[17..]).into_bytes(),
            "line 1, column 17: unexpected character 'x'",
        ),
        (
            "duplicate",
            format!("{}4{}\n", &PUZZLE[..8], &PUZZLE[9..]).into_bytes(),
            "digit 4 appears twice in row 1: r1c1 and r1c9",
        ),
        ("empty", Vec::new(), "no puzzle found"),
        (
            "blank lines",
            b"\n\n# nothing\n".to_vec(),
            "no puzzle found",
        ),
        (
            "binary",
            (0..4096u32)
                .map(|i| (i.wrapping_mul(2654435761) >> 13) as u8)
                .collect(),
            "line 1",
        ),
        ("nul", b"\0\0\0".to_vec(), "line 1"),
    ];
    for (name, input, expected) in cases {
        let output = sudoscope()
            .arg("solve")
            .write_stdin(input)
            .output()
            .expect("runs");
        let stderr = assert_clean_failure(&output);
        assert!(stderr.contains(expected), "{name}: {stderr}");
    }
}

#[test]
fn a_100_mb_line_is_refused_without_holding_it() {
    let mut input = vec![b'1'; 100 << 20];
    input.push(b'\n');
    input.extend_from_slice(PUZZLE.as_bytes());
    input.push(b'\n');
    let output = sudoscope()
        .arg("solve")
        .write_stdin(input)
        .output()
        .expect("runs");
    let stderr = assert_clean_failure(&output);
    assert!(
        stderr.contains("line 1: the line is longer than"),
        "{stderr}"
    );
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(
        stdout.lines().nth(1),
        Some(SOLUTION),
        "the next line still solves"
    );
}

#[test]
fn usage_errors_are_one_line_with_exit_2() {
    for args in [
        vec!["solve", "--bogus"],
        vec!["frobnicate"],
        vec!["solve", "--format", "xml", PUZZLE],
        vec!["solve", "--variant", "samurai", PUZZLE],
        vec!["solve", "missing-file.txt"],
        vec!["solve", "/nonexistent/dir/puzzles.txt"],
    ] {
        let output = sudoscope().args(&args).output().expect("runs");
        let stderr = assert_clean_failure(&output);
        assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
    }
}

#[test]
fn every_solver_name_solves_or_says_it_is_not_yet_available() {
    // An easy puzzle every implemented solver finishes quickly.
    let easy = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    let solution =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
    for solver in [
        "exact",
        "logic",
        "backtrack",
        "rfss",
        "rfss-lp",
        "rfss-ip",
        "l1",
        "l1-weighted",
        "l1-plus",
        "ga",
        "cultural",
    ] {
        let output = sudoscope()
            .args(["solve", "--solver", solver, "--timeout-ms", "60000", easy])
            .output()
            .expect("runs");
        if output.status.success() {
            assert_eq!(
                String::from_utf8_lossy(&output.stdout).trim(),
                solution,
                "{solver}"
            );
        } else {
            let stderr = assert_clean_failure(&output);
            assert!(stderr.contains("not yet available"), "{solver}: {stderr}");
        }
    }
}

#[test]
fn help_and_version() {
    sudoscope()
        .arg("--version")
        .assert()
        .success()
        .stdout(predicate::str::starts_with("sudoscope "));
    for command in ["solve", "count", "check", "convert"] {
        sudoscope().args([command, "--help"]).assert().success();
    }
    // Without arguments sudoscope opens the terminal UI, which needs a terminal.
    sudoscope()
        .assert()
        .code(2)
        .stderr(predicate::str::contains("play needs a terminal"));
}

#[test]
fn convert_round_trips_through_every_format() {
    for to in ["grid", "ss", "sdk", "pencilmark", "pencilmark-grid", "line"] {
        let converted = sudoscope()
            .args(["convert", "--to", to, PUZZLE])
            .output()
            .expect("runs");
        assert!(converted.status.success(), "{to}");
        sudoscope()
            .arg("solve")
            .write_stdin(converted.stdout)
            .assert()
            .success()
            .stdout(format!("{SOLUTION}\n"));
    }
}

#[test]
fn output_streams_while_input_is_still_open() {
    let mut child = StdCommand::new(assert_cmd::cargo::cargo_bin("sudoscope"))
        .arg("solve")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("starts");
    let mut stdin = child.stdin.take().expect("stdin");
    writeln!(stdin, "{PUZZLE}").expect("write");
    stdin.flush().expect("flush");
    let stdout = child.stdout.take().expect("stdout");
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut line = String::new();
        let _ = BufReader::new(stdout).read_line(&mut line);
        let _ = tx.send(line);
    });
    // The answer arrives before the input is closed (generous timeout: machines are shared).
    let line = rx
        .recv_timeout(Duration::from_secs(30))
        .expect("a record before EOF");
    assert_eq!(line.trim(), SOLUTION);
    drop(stdin);
    assert!(child.wait().expect("exits").success());
}

/// A slow run over a file shows its records as they come (flushed at least every 100 ms), not
/// all at the end: the first, quick record arrives long before the process ends. The slow part
/// is `rate --se` on eight forum-hardest puzzles (a few tenths of a second each), so the check
/// is a proportion, not a time limit.
#[test]
fn a_slow_run_over_a_file_shows_records_as_they_come() {
    let fixture = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/crates/sudoscope-core/tests/data/se/se121/forum_hardest_1106_stride15.txt"
    );
    let hard: Vec<String> = std::fs::read_to_string(fixture)
        .expect("fixture present")
        .lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| l.split_whitespace().next().map(str::to_owned))
        .collect();
    assert!(!hard.is_empty());
    let mut text = format!("{PUZZLE}\n");
    for _ in 0..2 {
        for puzzle in &hard {
            text.push_str(puzzle);
            text.push('\n');
        }
    }
    let dir = tempfile::tempdir().expect("a temporary folder");
    let file = dir.path().join("slow.txt");
    std::fs::write(&file, text).expect("written");
    let started = std::time::Instant::now();
    let mut child = StdCommand::new(assert_cmd::cargo::cargo_bin("sudoscope"))
        .args(["rate", "--se", "--jobs", "1"])
        .arg(&file)
        .stdout(Stdio::piped())
        .spawn()
        .expect("starts");
    let stdout = child.stdout.take().expect("stdout");
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut lines = BufReader::new(stdout).lines();
        let first = lines.next();
        let _ = tx.send(started.elapsed());
        drop(first);
        lines.count()
    });
    let first_record = rx
        .recv_timeout(Duration::from_secs(300))
        .expect("a first record");
    assert!(child.wait().expect("exits").success());
    let total = started.elapsed();
    assert!(
        first_record.as_secs_f64() < 0.5 * total.as_secs_f64(),
        "the first record came at {first_record:?} of {total:?}"
    );
}

#[test]
fn larger_sizes_keep_their_alphabet() {
    let Some(dir) = datasets() else { return };
    let line = std::fs::read_to_string(dir.join("krazydad_16x16_vol1-2_6400.txt")).expect("read");
    let puzzle = line.split_whitespace().next().expect("a puzzle");
    let output = sudoscope().args(["solve", puzzle]).output().expect("runs");
    assert!(output.status.success());
    let solution = String::from_utf8_lossy(&output.stdout).trim().to_string();
    assert_eq!(solution.len(), 256);
    assert!(solution.contains('0'), "0-F alphabet kept: {solution}");
    assert!(!solution.contains('G'));
}

#[test]
fn every_dataset_file_runs_through_check() {
    let Some(dir) = datasets() else { return };
    let quick = cfg!(debug_assertions);
    for entry in std::fs::read_dir(&dir).expect("list") {
        let path = entry.expect("entry").path();
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default()
            .to_owned();
        if !name.ends_with(".txt")
            || (quick && std::fs::metadata(&path).map(|m| m.len()).unwrap_or(0) > 200_000)
        {
            continue;
        }
        // The slowest-to-check files are the hard 16×16 and 25×25 ones; they have their own
        // solver tests. Everything else must come out as valid records.
        if name.starts_with("tarek_206") || name.contains("25x25") {
            continue;
        }
        let variant = if name.contains("xsudoku") {
            "x"
        } else if name.contains("hypersudoku") {
            "hyper"
        } else {
            "standard"
        };
        let output = sudoscope()
            .args(["check", "--variant", variant])
            .arg(&path)
            .output()
            .expect("runs");
        assert!(
            output.status.success(),
            "{name}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        let stdout = String::from_utf8_lossy(&output.stdout);
        let expected = if name.starts_with("serg") {
            "valid multiple"
        } else if name.starts_with("tdoku") || name.starts_with("hodoku_reglib") {
            "valid"
        } else {
            "valid unique"
        };
        for (i, line) in stdout.lines().enumerate() {
            assert!(
                line.starts_with(expected),
                "{name} record {}: {line}",
                i + 1
            );
        }
    }
}

/// Runs `command` with `options` on `input` (from standard input) twice, as text and as JSON,
/// for the fast-lane tests: an input holding invalid records, so both exit with 2 and report
/// the same errors on standard error.
fn text_and_json(
    command: &str,
    options: &[&str],
    input: &str,
) -> (std::process::Output, std::process::Output) {
    let run = |format: &[&str]| {
        sudoscope()
            .arg(command)
            .args(format)
            .args(options)
            .arg("-")
            .write_stdin(input.to_owned())
            .output()
            .expect("runs")
    };
    let (text, json) = (run(&[]), run(&["--format", "json"]));
    assert_eq!(text.status.code(), Some(2), "invalid records give exit 2");
    assert_eq!(json.status.code(), Some(2));
    assert_eq!(text.stderr, json.stderr, "the same errors are reported");
    (text, json)
}

/// `solve` streams one-line 9×9 puzzles on a fast lane that skips building a `Puzzle`; every
/// other kind of record goes the general way. Whatever the mix (a byte-order mark, comments,
/// clashing givens, indented lines with extra fields, a multi-line grid, bad rows, an empty
/// grid, an overlong line), the text records must be exactly the ones the general path gives,
/// which the JSON output (never on the fast lane) spells out.
#[test]
fn solve_fast_lane_matches_the_general_path() {
    let grid = "53..7....\n6..195...\n.98....6.\n8...6...3\n4..8.3..1\n7...2...6\n.6....28.\n...419..5\n....8..79\n";
    let input = format!(
        "\u{FEFF}{PUZZLE}\n# comment\n44{}\n  {PUZZLE}  extra field\n{grid}123\n{}\n{PUZZLE}x\n\t{PUZZLE}\n",
        &PUZZLE[2..],
        ".".repeat(81),
    );
    let (text, json) = text_and_json("solve", &[], &input);
    let expected: Vec<String> = String::from_utf8_lossy(&json.stdout)
        .lines()
        .map(|line| {
            let record: serde_json::Value = serde_json::from_str(line).expect("JSON record");
            match (record["solution"].as_str(), record["status"].as_str()) {
                (Some(solution), _) => solution.to_owned(),
                (None, Some("invalid")) => {
                    format!("invalid: {}", record["error"].as_str().unwrap_or_default())
                }
                (None, status) => status.unwrap_or_default().to_owned(),
            }
        })
        .collect();
    let got: Vec<String> = String::from_utf8_lossy(&text.stdout)
        .lines()
        .map(str::to_owned)
        .collect();
    assert_eq!(got, expected);
    assert_eq!(got.len(), 8, "{got:?}");
    assert_eq!(got[0], SOLUTION);
    assert!(got[1].starts_with("invalid: line 3: digit 4 appears twice"));
}

/// `count` takes the same fast lane for text output: whatever the mix of records and the
/// limit (1, 2 or large; puzzles with one solution, several, none), its text records are
/// the ones the general path's JSON records spell out.
#[test]
fn count_fast_lane_matches_the_general_path() {
    let grid = "53..7....\n6..195...\n.98....6.\n8...6...3\n4..8.3..1\n7...2...6\n.6....28.\n...419..5\n....8..79\n";
    // PUZZLE without its first two givens has several solutions; with a 9 in r1c9 none.
    let several = format!("..{}", &PUZZLE[2..]);
    let none = format!("{}9", &PUZZLE[..80]);
    let input = format!(
        "{PUZZLE}\n# comment\n44{}\n  {PUZZLE}  extra field\n{grid}{several}\n{none}\n123\n{}\n{PUZZLE}x\n",
        &PUZZLE[2..],
        ".".repeat(81),
    );
    for limit in ["1", "2", "1000"] {
        let (text, json) = text_and_json("count", &["--limit", limit], &input);
        let expected: Vec<String> = String::from_utf8_lossy(&json.stdout)
            .lines()
            .map(|line| {
                let record: serde_json::Value = serde_json::from_str(line).expect("JSON record");
                match record["solutions"].as_u64() {
                    Some(n) if record["capped"] == true => format!("{n}+"),
                    Some(n) => n.to_string(),
                    None => format!("invalid: {}", record["error"].as_str().unwrap_or_default()),
                }
            })
            .collect();
        let got: Vec<String> = String::from_utf8_lossy(&text.stdout)
            .lines()
            .map(str::to_owned)
            .collect();
        assert_eq!(got, expected, "--limit {limit}");
        assert_eq!(got.len(), 9, "{got:?}");
    }
}

/// On a whole dataset the fast lane's text output equals the solutions the JSON path gives.
#[test]
fn solve_fast_lane_matches_json_on_a_dataset() {
    let Some(dir) = datasets() else {
        return;
    };
    let path = dir.join("magictour_top1465.txt");
    let path = path.to_str().expect("UTF-8 path");
    let text = sudoscope().args(["solve", path]).output().expect("runs");
    let json = sudoscope()
        .args(["solve", "--format", "json", path])
        .output()
        .expect("runs");
    assert!(text.status.success() && json.status.success());
    let solutions: Vec<String> = String::from_utf8_lossy(&json.stdout)
        .lines()
        .map(|line| {
            let record: serde_json::Value = serde_json::from_str(line).expect("JSON record");
            record["solution"].as_str().expect("solved").to_owned()
        })
        .collect();
    let lines: Vec<&str> = std::str::from_utf8(&text.stdout)
        .expect("UTF-8")
        .lines()
        .collect();
    assert_eq!(lines.len(), 1465);
    assert_eq!(lines, solutions);
}

/// Defect: "1 puzzles". A count of one takes the singular, more the plural.
#[test]
fn solve_stats_count_puzzles_in_the_right_number() {
    let one = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    sudoscope()
        .args(["solve", "--stats", one])
        .assert()
        .success()
        .stderr(predicate::str::contains("sudoscope: 1 puzzle:"));
    sudoscope()
        .args(["solve", "--stats"])
        .write_stdin(format!("{one}\n{one}\n"))
        .assert()
        .success()
        .stderr(predicate::str::contains("sudoscope: 2 puzzles:"));
}

/// Defect: `--level extreme` and `--solver foo` did not say which values exist.
#[test]
fn a_bad_choice_names_the_valid_values() {
    let level = sudoscope()
        .args(["generate", "--level", "extreme"])
        .output()
        .expect("runs");
    let stderr = assert_clean_failure(&level);
    assert!(
        stderr.contains("expected one of: easy, medium, hard, evil"),
        "{stderr}"
    );
    let solver = sudoscope()
        .args(["solve", "--solver", "foo", PUZZLE])
        .output()
        .expect("runs");
    let stderr = assert_clean_failure(&solver);
    assert!(
        stderr.contains("expected one of:") && stderr.contains("rfss"),
        "{stderr}"
    );
}

/// Defect: `check hello` (a missing file) was read as a puzzle ("5 cells in a grid row").
#[test]
fn a_short_missing_file_name_is_not_read_as_a_puzzle() {
    let output = sudoscope().args(["check", "hello"]).output().expect("runs");
    let stderr = assert_clean_failure(&output);
    assert!(
        stderr.contains("hello: no such file, and not a puzzle"),
        "{stderr}"
    );
    // A 4×4 puzzle written out (16 cells) is still read as one.
    sudoscope()
        .args(["check", "1...............".replace('.', "0").as_str()])
        .assert()
        .code(predicate::ne(2));
}

/// A `--store` whose scheme is not understood is refused before anything is created: it
/// never becomes a SQLite file named after the URL, which would split players that several
/// instances were meant to share.
#[test]
fn serve_refuses_a_store_it_does_not_understand() {
    for url in ["mysql://root@127.0.0.1/test", "redis:x", "SQLITE3:saves.db"] {
        let cwd = tempfile::tempdir().expect("a temporary folder");
        let data = tempfile::tempdir().expect("a temporary folder");
        let output = sudoscope()
            .current_dir(cwd.path())
            .args([
                "serve",
                "--listen",
                "127.0.0.1:0",
                "--store",
                url,
                "--data-dir",
            ])
            .arg(data.path())
            .timeout(Duration::from_secs(20))
            .output()
            .expect("the command runs");
        let stderr = assert_clean_failure(&output);
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(stderr.contains("--store"), "names the option: {stderr}");
        let left: Vec<_> = std::fs::read_dir(cwd.path()).expect("read").collect();
        assert!(
            left.is_empty(),
            "{url}: nothing created in the current folder"
        );
    }
}

/// Schemes are case-insensitive: `Postgres://` and `SQLite:` mean what their lower-case
/// forms mean.
#[test]
fn serve_reads_store_schemes_in_any_case() {
    let cwd = tempfile::tempdir().expect("a temporary folder");
    let data = tempfile::tempdir().expect("a temporary folder");
    // Nothing listens on port 1: a PostgreSQL store fails to connect, and says so.
    let output = sudoscope()
        .current_dir(cwd.path())
        .args(["serve", "--listen", "127.0.0.1:0", "--store"])
        .arg("Postgres://root@127.0.0.1:1/test?connect_timeout=1")
        .arg("--data-dir")
        .arg(data.path())
        .timeout(Duration::from_secs(30))
        .output()
        .expect("the command runs");
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("PostgreSQL"),
        "read as PostgreSQL: {stderr}"
    );
    let left: Vec<_> = std::fs::read_dir(cwd.path()).expect("read").collect();
    assert!(left.is_empty(), "nothing created in the current folder");
    // `SQLite:PATH` is the file PATH.
    let mut child = StdCommand::new(assert_cmd::cargo::cargo_bin("sudoscope"))
        .current_dir(cwd.path())
        .args([
            "serve",
            "--listen",
            "127.0.0.1:0",
            "--store",
            "SQLite:mine.db",
            "--data-dir",
        ])
        .arg(data.path())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the server starts");
    let mut lines = BufReader::new(child.stderr.take().expect("stderr"));
    let mut line = String::new();
    while lines.read_line(&mut line).expect("read") > 0 && !line.contains("serving on") {
        line.clear();
    }
    let _ = child.kill();
    let _ = child.wait();
    assert!(line.contains("serving on"), "the server started");
    assert!(
        cwd.path().join("mine.db").exists(),
        "SQLite:mine.db is the file mine.db"
    );
}
