//! Calibration of the rating against published difficulty labels.
//!
//! `cargo run --release -p sudoscope-lab --bin calibrate` prints Markdown (the tables of `docs/rating.md`):
//!
//! 1. per dataset and label: how many puzzles, our score and the WNEF (median, p10–p90), the
//!    levels we give, and the share logic solves;
//! 2. how well each label set is ordered by our score and by the WNEF (Spearman's ρ between the
//!    label's rank and the metric);
//! 3. the WNEF weight families (exponential with bases 1.5, 2, 3; squared; linear) on the
//!    initial candidates and after singles, by the same ρ — how the default was chosen;
//! 4. Pearson and Spearman correlation of our score (and the WNEF) with the Sudoku Explainer
//!    rating of the sudoku-exchange sample.
//!
//! Datasets come from `SUDOSCOPE_DATASETS` (default `<crate root>/../shared/datasets`); a missing
//! file is skipped with a message. `SUDOSCOPE_CALIBRATE_LIMIT=N` rates only the first N puzzles
//! of each file (quick runs).

use std::fs;
use std::time::Instant;

use sudoscope_core::grid::{ReadOptions, parse_puzzle};
use sudoscope_core::lab::logic::wnef::{self, Basis, WeightFamily};
use sudoscope_core::logic::rating::{self, Level, Rating};
use sudoscope_core::logic::{Board, Technique};
use sudoscope_testkit::datasets::location;

/// A labelled dataset: the file, which whitespace field holds the label, and the labels from
/// easiest to hardest.
struct Labelled {
    file: &'static str,
    field: usize,
    labels: &'static [&'static str],
}

const LABELLED: [Labelled; 4] = [
    Labelled {
        file: "nyt_graded_57.txt",
        field: 1,
        labels: &["Easy", "Medium", "Hard"],
    },
    Labelled {
        file: "krazydad_9x9_vol1-2_11200.txt",
        field: 1,
        labels: &["EZ", "NO", "IM", "CH", "TF", "ST", "IN"],
    },
    Labelled {
        file: "sudoq_standard9x9_labeled.txt",
        field: 2,
        labels: &["easy", "medium", "difficult", "infernal"],
    },
    Labelled {
        file: "kaggle3m_curated_5000.txt",
        field: 4,
        labels: &["Beginner", "Easy", "Medium", "Hard", "Expert"],
    },
];

const SE_FILE: &str = "sudoku_exchange_diabolical_se_first320.txt";

const FAMILIES: [WeightFamily; 5] = [
    WeightFamily::Exponential { base: 1.5 },
    WeightFamily::Exponential { base: 2.0 },
    WeightFamily::Exponential { base: 3.0 },
    WeightFamily::Squared,
    WeightFamily::Linear,
];

fn limit() -> usize {
    std::env::var("SUDOSCOPE_CALIBRATE_LIMIT")
        .ok()
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or(usize::MAX)
}

/// One rated puzzle: its label rank (or SE rating), our rating and the WNEF variants.
struct Row {
    label: f64,
    rating: Rating,
    /// WNEF per (family, basis), in the order of `variants()`.
    wnefs: Vec<f64>,
}

fn variants() -> Vec<(WeightFamily, Basis)> {
    let mut v = Vec::new();
    for basis in [Basis::Initial, Basis::AfterSingles] {
        for family in FAMILIES {
            v.push((family, basis));
        }
    }
    v
}

/// Reads a file's (puzzle, label field) pairs; `None` when the file is missing.
fn read(file: &str, field: usize) -> Option<Vec<(Board, String)>> {
    let path = location().join(file);
    let Ok(text) = fs::read_to_string(&path) else {
        eprintln!("skipping {file}: not found at {}", path.display());
        return None;
    };
    let mut out = Vec::new();
    for line in text.lines().take(limit()) {
        let fields: Vec<&str> = line.split_whitespace().collect();
        let (Some(puzzle), Some(label)) = (fields.first(), fields.get(field)) else {
            continue;
        };
        match parse_puzzle(puzzle, ReadOptions::default()) {
            Ok(p) => out.push((Board::from_puzzle(&p), (*label).to_owned())),
            Err(e) => eprintln!("{file}: skipping a line: {e}"),
        }
    }
    Some(out)
}

fn rate_rows(rows: Vec<(Board, f64)>) -> Vec<Row> {
    let variants = variants();
    rows.into_iter()
        .map(|(board, label)| Row {
            label,
            rating: rating::rate_board(&board),
            wnefs: variants
                .iter()
                .map(|&(family, basis)| wnef::with(&board, family, basis))
                .collect(),
        })
        .collect()
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let i = ((sorted.len() - 1) as f64 * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

fn summary(mut values: Vec<f64>, decimals: usize) -> String {
    values.sort_by(|a, b| a.total_cmp(b));
    format!(
        "{:.d$} ({:.d$}–{:.d$})",
        percentile(&values, 0.5),
        percentile(&values, 0.1),
        percentile(&values, 0.9),
        d = decimals
    )
}

fn pearson(x: &[f64], y: &[f64]) -> f64 {
    let n = x.len() as f64;
    if x.len() < 2 {
        return f64::NAN;
    }
    let mx = x.iter().sum::<f64>() / n;
    let my = y.iter().sum::<f64>() / n;
    let (mut sxy, mut sxx, mut syy) = (0.0, 0.0, 0.0);
    for (a, b) in x.iter().zip(y) {
        sxy += (a - mx) * (b - my);
        sxx += (a - mx) * (a - mx);
        syy += (b - my) * (b - my);
    }
    if sxx == 0.0 || syy == 0.0 {
        return f64::NAN;
    }
    sxy / (sxx * syy).sqrt()
}

/// Ranks with ties sharing their average rank.
fn ranks(x: &[f64]) -> Vec<f64> {
    let mut idx: Vec<usize> = (0..x.len()).collect();
    idx.sort_by(|&a, &b| x[a].total_cmp(&x[b]));
    let mut r = vec![0.0; x.len()];
    let mut i = 0;
    while i < idx.len() {
        let mut j = i;
        while j + 1 < idx.len() && x[idx[j + 1]] == x[idx[i]] {
            j += 1;
        }
        let avg = (i + j) as f64 / 2.0 + 1.0;
        for &k in &idx[i..=j] {
            r[k] = avg;
        }
        i = j + 1;
    }
    r
}

fn spearman(x: &[f64], y: &[f64]) -> f64 {
    pearson(&ranks(x), &ranks(y))
}

fn level_counts(rows: &[&Row]) -> String {
    Level::ALL
        .iter()
        .map(|&l| {
            rows.iter()
                .filter(|r| r.rating.level == l)
                .count()
                .to_string()
        })
        .collect::<Vec<_>>()
        .join(" / ")
}

fn main() {
    println!("<!-- generated by `cargo run --release -p sudoscope-lab --bin calibrate` -->\n");
    println!("### Score, WNEF and levels by published label\n");
    println!(
        "| dataset | label | n | score median (p10–p90) | WNEF median (p10–p90) | easy / medium / hard / evil | logic solves |"
    );
    println!("|---|---|---:|---|---|---|---:|");
    let mut order_rows: Vec<String> = Vec::new();
    let mut variant_rho: Vec<Vec<f64>> = vec![Vec::new(); variants().len()];
    let mut seconds = 0.0;
    let mut rated = 0usize;
    let mut hardest_use: Vec<(Technique, usize)> = Vec::new();
    for set in &LABELLED {
        let Some(raw) = read(set.file, set.field) else {
            continue;
        };
        let rows: Vec<(Board, f64)> = raw
            .into_iter()
            .filter_map(|(board, label)| {
                let rank = set.labels.iter().position(|&l| l == label)?;
                Some((board, rank as f64))
            })
            .collect();
        let start = Instant::now();
        rated += rows.len();
        let rows = rate_rows(rows);
        seconds += start.elapsed().as_secs_f64();
        for row in &rows {
            if let Some(t) = row.rating.hardest {
                match hardest_use.iter_mut().find(|(h, _)| *h == t) {
                    Some((_, n)) => *n += 1,
                    None => hardest_use.push((t, 1)),
                }
            }
        }
        for (rank, label) in set.labels.iter().enumerate() {
            let group: Vec<&Row> = rows.iter().filter(|r| r.label == rank as f64).collect();
            if group.is_empty() {
                continue;
            }
            let solved = group.iter().filter(|r| r.rating.logic_solves).count();
            println!(
                "| {} | {label} | {} | {} | {} | {} | {:.0}% |",
                set.file,
                group.len(),
                summary(group.iter().map(|r| r.rating.score).collect(), 1),
                summary(group.iter().map(|r| r.rating.wnef).collect(), 3),
                level_counts(&group),
                100.0 * solved as f64 / group.len() as f64
            );
        }
        let labels: Vec<f64> = rows.iter().map(|r| r.label).collect();
        let scores: Vec<f64> = rows.iter().map(|r| r.rating.score).collect();
        let wnefs: Vec<f64> = rows.iter().map(|r| r.rating.wnef).collect();
        let levels: Vec<f64> = rows
            .iter()
            .map(|r| r.rating.level as usize as f64)
            .collect();
        order_rows.push(format!(
            "| {} | {} | {:.3} | {:.3} | {:.3} |",
            set.file,
            rows.len(),
            spearman(&labels, &scores),
            spearman(&labels, &levels),
            spearman(&labels, &wnefs),
        ));
        for (v, rho) in variant_rho.iter_mut().enumerate() {
            let w: Vec<f64> = rows.iter().map(|r| r.wnefs[v]).collect();
            rho.push(spearman(&labels, &w));
        }
    }

    println!("\n### How well each label set is ordered (Spearman ρ with the label's rank)\n");
    println!("| dataset | n | ρ(score) | ρ(level) | ρ(WNEF) |");
    println!("|---|---:|---:|---:|---:|");
    for line in &order_rows {
        println!("{line}");
    }

    let mut se_rho: Vec<f64> = Vec::new();
    let mut se_line = None;
    if let Some(raw) = read(SE_FILE, 1) {
        let rows: Vec<(Board, f64)> = raw
            .into_iter()
            .filter_map(|(board, se)| Some((board, se.parse::<f64>().ok()?)))
            .collect();
        let start = Instant::now();
        rated += rows.len();
        let rows = rate_rows(rows);
        seconds += start.elapsed().as_secs_f64();
        let se: Vec<f64> = rows.iter().map(|r| r.label).collect();
        let scores: Vec<f64> = rows.iter().map(|r| r.rating.score).collect();
        let wnefs: Vec<f64> = rows.iter().map(|r| r.rating.wnef).collect();
        let solved = rows
            .iter()
            .filter(|r| r.rating.logic_solves)
            .collect::<Vec<_>>();
        let se_solved: Vec<f64> = solved.iter().map(|r| r.label).collect();
        let sc_solved: Vec<f64> = solved.iter().map(|r| r.rating.score).collect();
        for v in 0..variants().len() {
            let w: Vec<f64> = rows.iter().map(|r| r.wnefs[v]).collect();
            se_rho.push(spearman(&se, &w));
        }
        let all: Vec<&Row> = rows.iter().collect();
        se_line = Some(format!(
            "| all | {} | {:.3} | {:.3} | {:.3} | {:.3} | {} |\n| logic solves | {} | {:.3} | {:.3} | | | |",
            rows.len(),
            pearson(&se, &scores),
            spearman(&se, &scores),
            pearson(&se, &wnefs),
            spearman(&se, &wnefs),
            level_counts(&all),
            solved.len(),
            pearson(&se_solved, &sc_solved),
            spearman(&se_solved, &sc_solved),
        ));
    }

    println!(
        "\n### WNEF weight families (Spearman ρ of the WNEF with the label rank; more negative separates better)\n"
    );
    let mut header = "| weights | basis |".to_string();
    let mut rule = "|---|---|".to_string();
    for set in &LABELLED {
        header.push_str(&format!(
            " {} |",
            set.file.split('_').next().unwrap_or(set.file)
        ));
        rule.push_str("---:|");
    }
    header.push_str(" mean | SE (ρ) |");
    rule.push_str("---:|---:|");
    println!("{header}\n{rule}");
    for (v, (family, basis)) in variants().iter().enumerate() {
        let rhos = &variant_rho[v];
        let mean = rhos.iter().sum::<f64>() / rhos.len().max(1) as f64;
        let cells: String = rhos.iter().map(|r| format!(" {r:.3} |")).collect();
        println!(
            "| {} | {} |{cells} {mean:.3} | {} |",
            family.name(),
            match basis {
                Basis::Initial => "initial",
                Basis::AfterSingles => "after singles",
            },
            se_rho
                .get(v)
                .map(|r| format!("{r:.3}"))
                .unwrap_or_else(|| "–".into())
        );
    }

    if let Some(line) = se_line {
        println!("\n### Against Sudoku Explainer ({SE_FILE})\n");
        println!(
            "| puzzles | n | Pearson(score, SE) | Spearman(score, SE) | Pearson(WNEF, SE) | Spearman(WNEF, SE) | easy / medium / hard / evil |"
        );
        println!("|---|---:|---:|---:|---:|---:|---|");
        println!("{line}");
    }

    hardest_use.sort_by(|a, b| {
        rating::base_weight(a.0)
            .total_cmp(&rating::base_weight(b.0))
            .then(a.0.cmp(&b.0))
    });
    println!("\n### Hardest technique over the labelled sets\n");
    println!("| technique | weight | level | puzzles |");
    println!("|---|---:|---|---:|");
    for (t, n) in &hardest_use {
        println!(
            "| {} | {:.1} | {} | {n} |",
            t.id(),
            rating::base_weight(*t),
            rating::technique_level(*t)
        );
    }
    println!(
        "\n{rated} puzzles rated in {seconds:.2} s (with every WNEF variant), {:.2} ms per puzzle.",
        if rated > 0 {
            1e3 * seconds / rated as f64
        } else {
            0.0
        }
    );
}
