//! `sudoscope hint` and `sudoscope rate` as scripts see them: text and JSON shapes, `--all`,
//! `--technique`, `--path`, every kind of bad input (exit code and one-line error), and levels
//! that agree with published grades on a few known puzzles.

use assert_cmd::Command;
use serde_json::Value;

/// The first puzzle of the Kaggle 1M set: singles solve it.
const EASY: &str =
    "..43..2.9..5..9..1.7..6..43..6..2.8719...74...5..83...6.....1.5..35.869..4291.3..";
const EASY_SOLUTION: &str =
    "864371259325849761971265843436192587198657432257483916689734125713528694542916378";
/// Norvig's first top95 puzzle (17 givens).
const HARDER: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
/// tdoku's test puzzle with no solution whose candidates show no contradiction at a glance.
const NO_SOLUTION: &str =
    "1...5.2.9..7.......6.......2...........5.1..2....2.39.3.4.9...15...1...3...8...4.";
/// The empty grid: a puzzle with (very) many solutions.
const TWO_SOLUTIONS: &str =
    ".................................................................................";

fn sudoscope() -> Command {
    Command::cargo_bin("sudoscope").expect("the binary is built")
}

use sudoscope_testkit::datasets;
use sudoscope_testkit::symbols::stray_numbers;

/// The first `n` puzzles of a dataset (first field of each line).
fn dataset_puzzles(file: &str, n: usize) -> Option<Vec<String>> {
    let path = datasets()?.join(file);
    let Ok(text) = std::fs::read_to_string(&path) else {
        eprintln!("skipping: {} not found", path.display());
        return None;
    };
    Some(
        text.lines()
            .filter_map(|l| l.split_whitespace().next())
            .take(n)
            .map(str::to_owned)
            .collect(),
    )
}

fn run(args: &[&str]) -> std::process::Output {
    sudoscope().args(args).output().expect("runs")
}

fn stdout(output: &std::process::Output) -> String {
    String::from_utf8(output.stdout.clone()).expect("utf-8")
}

/// A failure on bad input: exit 2, no panic, and exactly one `sudoscope:` line on stderr that
/// contains `expected`.
fn assert_refused(output: &std::process::Output, expected: &str) {
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "exit code; stderr: {stderr}");
    assert!(!stderr.contains("panicked"), "no panic: {stderr}");
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(lines.len(), 1, "one line: {stderr}");
    assert!(lines[0].starts_with("sudoscope: "), "{stderr}");
    assert!(
        lines[0].contains(expected),
        "{stderr:?} mentions {expected:?}"
    );
}

/// The pencilmark line of a puzzle: a given keeps only its digit, an empty cell every digit.
fn pencilmarks(puzzle: &str) -> String {
    puzzle
        .chars()
        .map(|c| match c.to_digit(10) {
            Some(d) if d > 0 => (1..=9)
                .map(|k| if k == d { c } else { '.' })
                .collect::<String>(),
            _ => "123456789".to_owned(),
        })
        .collect()
}

fn json_array(text: &str) -> Vec<Value> {
    let value: Value = serde_json::from_str(text.trim()).expect("one JSON value");
    value.as_array().expect("a JSON array").clone()
}

#[test]
fn hint_text_is_one_technique_line() {
    let output = run(&["hint", EASY]);
    assert!(output.status.success());
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 1, "{text}");
    let (technique, explanation) = lines[0].split_once(": ").expect("technique: explanation");
    assert_eq!(technique, "hidden-single");
    assert!(explanation.contains("fits only in"), "{explanation}");
}

#[test]
fn hint_json_has_the_contract_shape() {
    let output = run(&["hint", "--format", "json", EASY]);
    assert!(output.status.success());
    let steps = json_array(&stdout(&output));
    assert_eq!(steps.len(), 1);
    let step = &steps[0];
    for key in [
        "technique",
        "houses",
        "cells",
        "digits",
        "placements",
        "eliminations",
        "explanation",
    ] {
        assert!(step.get(key).is_some(), "missing {key}: {step}");
    }
    assert_eq!(step["technique"], "hidden-single");
    let house = step["houses"][0].as_str().expect("house name");
    assert!(
        house.starts_with("box ") || house.starts_with("row ") || house.starts_with("column "),
        "{house}"
    );
    let placement = &step["placements"][0];
    let cell = placement["cell"].as_u64().expect("cell index") as usize;
    let digit = placement["digit"].as_u64().expect("digit");
    assert_eq!(
        EASY_SOLUTION.as_bytes()[cell] - b'0',
        digit as u8,
        "the hint agrees with the solution"
    );
}

#[test]
fn hint_all_lists_every_step() {
    let output = run(&["hint", "--all", EASY]);
    assert!(output.status.success());
    let text = stdout(&output);
    assert!(text.lines().count() > 5, "{text}");
    assert!(text.lines().all(|l| l.split_once(": ").is_some()));
    let json = stdout(&run(&["hint", "--all", "--format", "json", EASY]));
    let steps = json_array(&json);
    assert_eq!(steps.len(), text.lines().count());
    // Every placement of every hint agrees with the solution.
    for step in &steps {
        for p in step["placements"].as_array().expect("placements") {
            let cell = p["cell"].as_u64().expect("cell") as usize;
            assert_eq!(
                u64::from(EASY_SOLUTION.as_bytes()[cell] - b'0'),
                p["digit"].as_u64().expect("digit")
            );
        }
    }
}

#[test]
fn hint_technique_filters() {
    let output = run(&["hint", "--all", "--technique", "naked-single", EASY]);
    assert!(output.status.success());
    let text = stdout(&output);
    assert!(!text.is_empty());
    assert!(
        text.lines().all(|l| l.starts_with("naked-single: ")),
        "{text}"
    );
    // Repeated and comma-separated ids.
    let json = stdout(&run(&[
        "hint",
        "--all",
        "--technique",
        "full-house,naked-single",
        "--technique",
        "hidden-single",
        "--format",
        "json",
        EASY,
    ]));
    for step in json_array(&json) {
        let t = step["technique"].as_str().expect("technique");
        assert!(["full-house", "naked-single", "hidden-single"].contains(&t));
    }
}

#[test]
fn hint_unknown_technique_is_a_usage_error_listing_the_ids() {
    let output = run(&["hint", "--technique", "telepathy", EASY]);
    assert_refused(&output, "unknown technique 'telepathy'");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("full-house") && stderr.contains("hidden-single"));
}

#[test]
fn hint_path_numbers_every_step_and_solves() {
    let output = run(&["hint", "--path", EASY]);
    assert!(output.status.success());
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    let empty = EASY.chars().filter(|&c| c == '.').count();
    assert_eq!(lines.len(), empty + 1, "{text}");
    assert!(lines[0].trim_start().starts_with("1. "), "{}", lines[0]);
    assert!(lines[empty - 1].contains(&format!("{empty}. ")));
    assert!(
        lines[empty].starts_with(&format!("solved in {empty} steps")),
        "{}",
        lines[empty]
    );
    let json = stdout(&run(&["hint", "--path", "--format", "json", EASY]));
    let steps = json_array(&json);
    assert_eq!(steps.len(), empty);
    let mut grid: Vec<u8> = EASY.bytes().collect();
    for step in &steps {
        for p in step["placements"].as_array().expect("placements") {
            let cell = p["cell"].as_u64().expect("cell") as usize;
            grid[cell] = b'0' + p["digit"].as_u64().expect("digit") as u8;
        }
    }
    assert_eq!(String::from_utf8(grid).expect("ascii"), EASY_SOLUTION);
}

/// A 16×16 puzzle in `1-9A-G`, and the same puzzle in `A-P`.
const PLAY16: &str = include_str!("../data/play16.txt");

/// The explanations of `hint` text output: each line after its `N. ` and technique id.
fn explanations(text: &str) -> Vec<String> {
    text.lines()
        .filter_map(|line| line.split_once(": "))
        .filter(|(head, _)| !head.contains(' ') || head.trim_start().contains(". "))
        .map(|(_, rest)| rest.to_string())
        .collect()
}

#[test]
fn hints_on_16x16_speak_the_puzzles_symbols() {
    let puzzle = PLAY16.trim();
    for args in [&["hint", "--path"][..], &["hint", "--all"][..]] {
        let text = stdout(&run(&[args, &[puzzle]].concat()));
        let explained = explanations(&text);
        assert!(explained.len() > 5, "{text}");
        for line in &explained {
            let stray = stray_numbers(line);
            assert!(stray.iter().all(|n| n.len() == 1), "{stray:?} in {line}");
        }
        // The same puzzle written in letters: no number is left at all.
        let letters: String = puzzle
            .chars()
            .map(|c| match c.to_digit(36) {
                Some(d) if d > 0 => char::from(b'A' + d as u8 - 1),
                _ => c,
            })
            .collect();
        let text = stdout(&run(&[args, &["--alphabet", "letters", &letters]].concat()));
        let lettered = explanations(&text);
        assert_eq!(lettered.len(), explained.len(), "{text}");
        for line in &lettered {
            assert_eq!(stray_numbers(line), Vec::<String>::new(), "{line}");
        }
    }
    // JSON keeps digits as numbers (the CLI contract): 10 and up appear as such.
    let json = json_array(&stdout(&run(&[
        "hint", "--path", "--format", "json", puzzle,
    ])));
    let digits: Vec<u64> = json
        .iter()
        .flat_map(|s| s["placements"].as_array().expect("placements").clone())
        .map(|p| p["digit"].as_u64().expect("a number"))
        .collect();
    assert!(digits.iter().any(|&d| d >= 10), "{digits:?}");
}

#[test]
fn hint_works_on_pencilmarks() {
    let output = run(&["hint", &pencilmarks(EASY)]);
    assert!(output.status.success(), "{output:?}");
    assert!(!stdout(&output).is_empty());
}

#[test]
fn hint_refuses_bad_input_with_one_line() {
    // Two 1s in the first row: not a puzzle.
    let clash = format!("11{}", &EASY[2..]);
    assert_refused(&run(&["hint", &clash]), "line 1");
    // Digit 1 struck from every cell of row 1: it has nowhere to go.
    let mut marks: Vec<char> = pencilmarks(EASY).chars().collect();
    for cell in 0..9 {
        marks[cell * 9] = '.';
    }
    let marks: String = marks.into_iter().collect();
    assert_refused(&run(&["hint", &marks]), "contradictory pencilmarks");
    assert_refused(
        &run(&["hint", EASY_SOLUTION]),
        "already solved: nothing to hint",
    );
    assert_refused(
        &run(&["hint", NO_SOLUTION]),
        "no solution: hints need a solvable puzzle",
    );
    // The same refusals in JSON keep one (empty) array per record.
    let output = run(&["hint", "--format", "json", NO_SOLUTION]);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(stdout(&output).trim(), "[]");
}

#[test]
fn hint_on_several_records_separates_them() {
    let output = sudoscope()
        .args(["hint", "-"])
        .write_stdin(format!("{EASY}\n{HARDER}\n"))
        .output()
        .expect("runs");
    assert!(output.status.success());
    let text = stdout(&output);
    assert_eq!(text.split("\n\n").count(), 2, "{text}");
}

/// Friction: on the empty grid `hint` said "the techniques sudoscope knows find nothing", as
/// if they knew too little; the reason is that the puzzle has several solutions (as `rate`
/// says).
#[test]
fn hint_on_several_solutions_still_helps() {
    let output = run(&["hint", TWO_SOLUTIONS]);
    // An empty grid has many solutions and no logical step; nothing is refused.
    assert!(output.status.success(), "{output:?}");
    let text = stdout(&output);
    assert!(text.starts_with("no step"), "{text}");
    assert!(text.contains("several solutions"), "{text}");
    assert!(!text.contains("sudoscope knows"), "{text}");
}

/// Easter Monster: our own techniques find nothing in it, Sudoku Explainer's chains carry on.
const EASTER_MONSTER: &str =
    "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1";

/// The technique id the closing line of `hint --path` names as the hardest.
fn path_hardest(text: &str) -> String {
    text.lines()
        .find_map(|l| l.split("hardest technique: ").nth(1))
        .and_then(|rest| rest.split_whitespace().next())
        .unwrap_or_else(|| panic!("no hardest technique in:\n{text}"))
        .to_string()
}

/// Defect: where Sudoku Explainer's rules carry on, every surface called the step
/// "Sudoku Explainer step" / `se-step` while its explanation named the real rule; and `rate`
/// said `hardest=none logic_solves=false` for a puzzle `hint --path` solves by logic. The
/// step is named by its rule everywhere, and `rate` tells the story `hint --path` tells.
#[test]
fn sudoku_explainer_steps_are_named_by_their_rule_and_rate_agrees_with_the_path() {
    let output = run(&["hint", EASTER_MONSTER]);
    assert!(output.status.success(), "{output:?}");
    let text = stdout(&output);
    let (id, explanation) = text.trim().split_once(": ").expect("id: explanation");
    assert_ne!(id, "se-step", "{text}");
    // The explanation starts with SE's name for its rule: the id is that name's.
    let rule = explanation.split(" (SE ").next().expect("the rule's name");
    let expected: String = rule
        .to_lowercase()
        .replace('+', " plus ")
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join("-");
    assert_eq!(id, expected, "{text}");
    assert!(id.contains("forcing-chain"), "{id}");

    let output = run(&["hint", "--format", "json", EASTER_MONSTER]);
    let steps = json_array(&stdout(&output));
    assert_eq!(steps[0]["technique"], id, "JSON names it the same way");

    let output = run(&["hint", "--path", EASTER_MONSTER]);
    assert!(output.status.success(), "{output:?}");
    let path = stdout(&output);
    assert!(path.contains("\nsolved in "), "{path}");
    let hardest = path_hardest(&path);
    assert!(!path.contains("se-step"), "{path}");
    assert!(hardest.contains("forcing-chain"), "{hardest}");

    let output = run(&["rate", EASTER_MONSTER]);
    let rated = stdout(&output);
    assert!(rated.contains(&format!("hardest={hardest} ")), "{rated}");
    assert!(rated.contains("logic_solves=true"), "{rated}");
    let output = run(&["rate", "--format", "json", EASTER_MONSTER]);
    let record: Value = serde_json::from_str(stdout(&output).trim()).expect("one JSON object");
    assert_eq!(record["hardest"], hardest.as_str());
    assert_eq!(record["logic_solves"], true);
    assert_eq!(record["remaining"], 0);
}

#[test]
fn rate_text_and_json() {
    let output = run(&["rate", EASY]);
    assert!(output.status.success());
    let text = stdout(&output);
    assert!(text.starts_with("easy score="), "{text}");
    assert!(text.contains("hardest=hidden-single"), "{text}");
    assert!(text.contains("logic_solves=true"), "{text}");

    let output = run(&["rate", "--format", "json", HARDER]);
    assert!(output.status.success());
    let record: Value = serde_json::from_str(stdout(&output).trim()).expect("one JSON object");
    assert_eq!(record["puzzle"], HARDER);
    let level = record["level"].as_str().expect("level");
    assert!(["easy", "medium", "hard", "evil"].contains(&level));
    assert!(record["score"].as_f64().expect("score") > 1.0);
    assert!(record["hardest"].is_string());
    let wnef = record["wnef"].as_f64().expect("wnef");
    assert!(wnef > 0.0 && wnef <= 1.0);
    assert!(record["logic_solves"].is_boolean());
    assert!(record["error"].is_null());
}

#[test]
fn rate_reports_unsolvable_and_invalid_records() {
    let output = run(&["rate", NO_SOLUTION]);
    assert!(
        output.status.success(),
        "no solution is a status, not bad input"
    );
    assert_eq!(stdout(&output).trim(), "no-solution");
    let output = run(&["rate", "--format", "json", NO_SOLUTION]);
    let record: Value = serde_json::from_str(stdout(&output).trim()).expect("JSON");
    assert!(record["level"].is_null());
    assert!(
        record["error"]
            .as_str()
            .expect("error")
            .starts_with("no solution")
    );
    assert_eq!(
        stdout(&run(&["rate", TWO_SOLUTIONS])).trim(),
        "multiple-solutions"
    );
    let clash = format!("11{}", &EASY[2..]);
    let output = run(&["rate", &clash]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stdout(&output).starts_with("invalid: "));
}

#[test]
fn levels_follow_published_grades() {
    let Some(easy) = dataset_puzzles("kaggle1m_first20000.txt", 20) else {
        return;
    };
    let Some(hard) = dataset_puzzles("magictour_top1465.txt", 1) else {
        return;
    };
    let input = easy.join("\n");
    let output = sudoscope()
        .args(["rate", "-"])
        .write_stdin(input)
        .output()
        .expect("runs");
    assert!(output.status.success());
    for line in stdout(&output).lines() {
        assert!(
            line.starts_with("easy "),
            "kaggle 1M is singles only: {line}"
        );
        assert!(
            line.contains("wnef=1.0000"),
            "singles leave nothing: {line}"
        );
    }
    let output = run(&["rate", &hard[0]]);
    let text = stdout(&output);
    assert!(
        text.starts_with("hard ") || text.starts_with("evil "),
        "magictour #1: {text}"
    );
    // Published grades in order give scores in order (medians of a few per grade).
    let Some(graded) = datasets().map(|d| d.join("krazydad_9x9_vol1-2_11200.txt")) else {
        return;
    };
    let Ok(text) = std::fs::read_to_string(&graded) else {
        eprintln!("skipping: {} not found", graded.display());
        return;
    };
    let mut medians = Vec::new();
    for label in ["EZ", "IM", "TF", "IN"] {
        let puzzles: Vec<&str> = text
            .lines()
            .filter(|l| l.split_whitespace().nth(1) == Some(label))
            .filter_map(|l| l.split_whitespace().next())
            .take(15)
            .collect();
        let output = sudoscope()
            .args(["rate", "--format", "json", "-"])
            .write_stdin(puzzles.join("\n"))
            .output()
            .expect("runs");
        let mut scores: Vec<f64> = stdout(&output)
            .lines()
            .filter_map(|l| serde_json::from_str::<Value>(l).ok()?["score"].as_f64())
            .collect();
        scores.sort_by(f64::total_cmp);
        medians.push(scores[scores.len() / 2]);
    }
    for pair in medians.windows(2) {
        assert!(pair[0] <= pair[1], "medians by grade: {medians:?}");
    }
    assert!(medians[0] < medians[3], "{medians:?}");
}

/// `rate` on several threads writes exactly what one thread writes: the same records in input
/// order, the same messages on standard error, the same exit code — over more than one batch
/// of work and with every kind of record mixed in.
#[test]
fn rate_on_several_threads_matches_one_thread() {
    let clash = format!("11{}", &EASY[2..]);
    let kinds = [EASY, HARDER, NO_SOLUTION, TWO_SOLUTIONS, &clash, "12x"];
    let lines: Vec<&str> = (0..260)
        .map(|i| kinds[(i * 7 + i / 5) % kinds.len()])
        .collect();
    let dir = tempfile::tempdir().expect("temp dir");
    let file = dir.path().join("mixed.txt");
    std::fs::write(&file, lines.join("\n")).expect("written");
    let file = file.to_str().expect("utf-8 path");
    for format in ["text", "json"] {
        let one = run(&["rate", "--format", format, "--jobs", "1", file]);
        let three = run(&["rate", "--format", format, "--jobs", "3", file]);
        assert_eq!(one.status.code(), Some(2), "invalid records → exit 2");
        assert_eq!(one.status.code(), three.status.code());
        assert_eq!(stdout(&one).lines().count(), lines.len());
        assert_eq!(stdout(&one), stdout(&three), "{format} records");
        assert_eq!(one.stderr, three.stderr, "{format} messages");
    }
}
