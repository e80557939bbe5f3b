//! Agreement of `logic::se` with SukakuExplainer's `serate` on the committed fixtures
//! (tests/data/se/, made by docs/experiments/serate_fixture.sh), so CI checks it without Java.
//!
//! `se121/` was rated with SE 1.2.1's technique set (`--techs` without SukakuExplainer's
//! additions), which is the ladder `logic::se` implements; each file's agreement must stay at
//! or above its recorded figure (README, "Sudoku Explainer rating").

use std::path::Path;

use sudoscope_core::grid::{ReadOptions, parse_puzzle};
use sudoscope_core::logic::se;

struct Agreement {
    total: usize,
    er: usize,
    all: usize,
    differences: Vec<String>,
}

fn tenths(s: &str) -> u32 {
    (s.parse::<f64>().expect("a rating") * 10.0).round() as u32
}

fn agreement(name: &str, limit: usize) -> Agreement {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/se")
        .join(name);
    let text = std::fs::read_to_string(&path).expect("fixture present");
    let mut result = Agreement {
        total: 0,
        er: 0,
        all: 0,
        differences: Vec::new(),
    };
    for line in text.lines().filter(|l| !l.starts_with('#')).take(limit) {
        let f: Vec<&str> = line.split_whitespace().collect();
        let puzzle = parse_puzzle(f[0], ReadOptions::default()).expect("a puzzle");
        let want = (tenths(f[1]), tenths(f[2]), tenths(f[3]));
        let got = se::rate(&puzzle).expect("an SE rating");
        result.total += 1;
        if got.er == want.0 {
            result.er += 1;
        }
        if (got.er, got.ep, got.ed) == want {
            result.all += 1;
        } else {
            result.differences.push(format!(
                "{} serate {}/{}/{} ours {got}",
                f[0], f[1], f[2], f[3]
            ));
        }
    }
    result
}

/// Prints every difference and the counts (shown with `--nocapture` or on failure).
fn report(name: &str, a: &Agreement) {
    for d in &a.differences {
        eprintln!("{name}: {d}");
    }
    eprintln!(
        "{name}: {} puzzles, ER agrees on {}, ER/EP/ED on {}",
        a.total, a.er, a.all
    );
}

/// Asserts at least `er_min` ER agreements and `all_min` full-triple agreements.
fn check(name: &str, limit: usize, er_min: usize, all_min: usize) {
    let a = agreement(name, limit);
    report(name, &a);
    assert!(a.er >= er_min, "{name}: ER agrees on {} < {er_min}", a.er);
    assert!(
        a.all >= all_min,
        "{name}: ER/EP/ED agree on {} < {all_min}",
        a.all
    );
}

#[test]
fn generated_levels_agree_with_serate() {
    check("se121/generated_9x9_easy.txt", usize::MAX, 25, 25);
    check("se121/generated_9x9_medium.txt", usize::MAX, 25, 25);
    check("se121/generated_9x9_hard.txt", usize::MAX, 25, 25);
    check("se121/generated_9x9_evil.txt", usize::MAX, 25, 25);
}

#[test]
fn sudoku_exchange_sample_agrees_with_serate() {
    check("se121/sudoku_exchange_320.txt", usize::MAX, 320, 320);
}

/// QQWing's four levels (50 puzzles each, made by `qqwing --generate 50 --difficulty LEVEL
/// --one-line`): SE 1.2 to 7.3, the easy end of the scale the other fixtures leave thin.
#[test]
fn qqwing_levels_agree_with_serate() {
    check("se121/qqwing_simple.txt", usize::MAX, 50, 50);
    check("se121/qqwing_easy.txt", usize::MAX, 50, 50);
    // These three once differed (serate 2.5/2.6, ours 2.0): SE's direct pointing, claiming and
    // hidden sets place their single and remove nothing else.
    check("se121/qqwing_intermediate.txt", usize::MAX, 50, 50);
    check("se121/qqwing_expert.txt", usize::MAX, 50, 50);
}

/// The forum-hardest puzzles serate rated: the three of `forum_hardest_1106.txt`'s first six
/// that it finished, and every 15th puzzle of the file that it rated within 180 s (the others
/// are listed in the `.timedout` file beside it). Run by default since our rater takes well
/// under a second per puzzle there (about a minute once, when this test was ignored).
#[test]
fn forum_hardest_sample_agrees_with_serate() {
    check("se121/forum_hardest_1106_sample.txt", usize::MAX, 3, 3);
    check("se121/forum_hardest_1106_stride15.txt", usize::MAX, 4, 4);
    // The stride-15 puzzles that timed out at 180 s, given 300 s each: serate rated 10 of the
    // 19 (ER 10.6 to 11.1). Two once differed (serate 11.0, ours 10.9): at one step a chain
    // with multiple forcing chains nested met another contradiction than serate's, resting on
    // 60 distinct potentials where serate's rests on 64, because the intersections acting
    // inside chains were tried in another order than SE's (README, "Sudoku Explainer rating").
    check(
        "se121/forum_hardest_1106_stride15_long.txt",
        usize::MAX,
        10,
        10,
    );
}
