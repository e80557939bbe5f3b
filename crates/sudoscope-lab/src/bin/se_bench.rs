//! SE rating speed against `serate` in the same run: rates the first N puzzles of a file with
//! `logic::se` (one thread, time per puzzle), then — given a serate jar — has `serate` rate the
//! same puzzles in one JVM (one thread, SE 1.2.1's technique set; each puzzle timed from the
//! line before its own in serate's output, so JVM start-up is not counted), and prints both
//! medians and their ratio.
//!
//! `cargo run --release -p sudoscope-lab --bin se_bench -- FILE N [SERATE_JAR]`; with `SE_BENCH_STRIDE=K`
//! in the environment, every K-th puzzle of the file instead of the first N (a sample spread
//! over a file sorted by rating). Each puzzle's time and rating is printed as it is done.
//!
//! With `SE_BENCH_REPS=R`, the puzzles are rated R times round after round and each keeps its
//! fastest time: steadier, for comparing two builds of ours (built from two trees with this
//! same file), and against serate, which then rates them R times over in its one JVM, each
//! keeping its fastest time too.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::time::Instant;

use sudoscope_core::grid::{ReadOptions, parse_puzzle};
use sudoscope_core::logic::se;

/// SE 1.2.1's technique set for serate's `--techs` (SukakuExplainer's additions off).
const SE121: &str = "1111111111010111011011011011000010100010111111";

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.total_cmp(b));
    v.get(v.len() / 2).copied().unwrap_or(0.0)
}

/// serate's `%e`: `8.08s`, or `1m05s` past a minute.
fn serate_seconds(s: &str) -> Option<f64> {
    let s = s.trim().strip_suffix('s')?;
    match s.split_once('m') {
        Some((m, sec)) => Some(m.parse::<f64>().ok()? * 60.0 + sec.parse::<f64>().ok()?),
        None => s.parse().ok(),
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let file = args.next().expect("usage: se_bench FILE N [SERATE_JAR]");
    let n: usize = args.next().and_then(|v| v.parse().ok()).unwrap_or(100);
    let jar = args.next();
    let stride: usize = std::env::var("SE_BENCH_STRIDE")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1)
        .max(1);
    let text = std::fs::read_to_string(&file).expect("readable file");
    let lines: Vec<String> = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| l.split_whitespace().next())
        .step_by(stride)
        .take(n)
        .map(str::to_owned)
        .collect();
    let reps: usize = std::env::var("SE_BENCH_REPS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1)
        .max(1);
    let puzzles: Vec<_> = lines
        .iter()
        .map(|line| parse_puzzle(line, ReadOptions::default()).expect("a puzzle"))
        .collect();
    let mut ours = vec![f64::MAX; lines.len()];
    let mut ratings = vec![String::new(); lines.len()];
    for round in 1..=reps {
        for (i, puzzle) in puzzles.iter().enumerate() {
            let t = Instant::now();
            let r = se::rate(puzzle);
            ours[i] = ours[i].min(t.elapsed().as_secs_f64());
            ratings[i] = r.map(|r| r.to_string()).unwrap_or_else(|e| e.to_string());
            if round == reps {
                eprintln!("{} {} {:.3} ms", lines[i], ratings[i], ours[i] * 1e3);
            }
        }
    }
    let ours_median = median(ours.clone());
    println!(
        "sudoscope: {} puzzles, median {:.2} ms, max {:.2} ms, total {:.2} s",
        lines.len(),
        ours_median * 1e3,
        ours.iter().copied().fold(0.0, f64::max) * 1e3,
        ours.iter().sum::<f64>()
    );
    let Some(jar) = jar else { return };
    // serate gets the same rounds, in one JVM: the puzzles R times over, each keeping its
    // fastest time; first one puzzle more, uncounted, whose line marks the end of the JVM's
    // start-up.
    let input = std::env::temp_dir().join(format!("se_bench_{}.txt", std::process::id()));
    let mut f = std::fs::File::create(&input).expect("temp file");
    writeln!(f, "{}", lines.first().map_or("", String::as_str)).expect("temp file");
    for _ in 0..reps {
        for line in &lines {
            writeln!(f, "{line}").expect("temp file");
        }
    }
    drop(f);
    let mut child = Command::new("java")
        .args([
            "-Xmx1g",
            "-cp",
            &jar,
            "diuf.sudoku.test.serate",
            "--threads=1",
        ])
        .arg(format!("--techs={SE121}"))
        .arg("--format=%r/%p/%d %e")
        .arg(format!("--input={}", input.display()))
        .stdout(Stdio::piped())
        .spawn()
        .expect("java runs");
    // serate's own timer (`%e`) counts whole hundredths of a second, rounded down: a puzzle
    // rated in 59 ms reads 0.05s. Each puzzle's time is taken instead from when its line
    // arrives after the one before (serate writes and flushes a line as each puzzle is
    // done); `%e` is kept to check it against.
    let stdout = BufReader::new(child.stdout.take().expect("piped stdout"));
    let mut arrivals = Vec::new();
    for line in stdout.lines() {
        let Ok(line) = line else { break };
        arrivals.push((Instant::now(), line));
    }
    let _ = child.wait();
    let _ = std::fs::remove_file(&input);
    let mut theirs = vec![f64::MAX; lines.len()];
    let mut floored = vec![f64::MAX; lines.len()];
    let mut same = 0;
    for (k, pair) in arrivals.windows(2).take(reps * lines.len()).enumerate() {
        let [(before, _), (at, line)] = pair else {
            continue;
        };
        let (round, i) = (k / lines.len().max(1), k % lines.len().max(1));
        let mut parts = line.split_whitespace();
        let rating = parts.next().unwrap_or("");
        if round + 1 == reps && ratings.get(i).is_some_and(|r| r == rating) {
            same += 1;
        }
        if let Some(secs) = parts.next().and_then(serate_seconds) {
            floored[i] = floored[i].min(secs);
            theirs[i] = theirs[i].min(at.duration_since(*before).as_secs_f64());
        }
    }
    floored.retain(|&t| t < f64::MAX);
    theirs.retain(|&t| t < f64::MAX);
    let theirs_median = median(theirs.clone());
    println!(
        "serate:    {} puzzles, median {:.2} ms, max {:.2} ms, total {:.2} s (ER/EP/ED equal to ours on {same})",
        theirs.len(),
        theirs_median * 1e3,
        theirs.iter().copied().fold(0.0, f64::max) * 1e3,
        theirs.iter().sum::<f64>()
    );
    println!(
        "serate's own timer (floored to 10 ms): median {:.2} ms",
        median(floored) * 1e3
    );
    println!(
        "ratio of medians (serate / sudoscope): {:.1}x",
        theirs_median / ours_median.max(1e-9)
    );
}
