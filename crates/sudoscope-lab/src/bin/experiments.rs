//! One command for every experiment table of docs/experiments.md: RFSS, the LP solvers, the
//! GA and cultural algorithm, and the step budget. It runs the sections of the individual
//! programs (`experiments_rfss`, `experiments_lp`, `experiments_ga`, `step_budget`), which
//! remain runnable on their own for single sections.
//!
//! ```text
//! cargo run --release -p sudoscope-lab --bin experiments -- all            # every table (about an hour)
//! cargo run --release -p sudoscope-lab --bin experiments -- all --quick    # small samples (minutes)
//! cargo run --release -p sudoscope-lab --bin experiments -- ga budget      # some groups
//! ```
//!
//! Groups: `rfss`, `lp`, `ga`, `budget`. `--quick` takes small samples: the RFSS paper
//! puzzles, NYT table and speed; LP tables on 20 puzzles per set; GA/CA on 4 NYT puzzles per
//! level and 3 krazydad puzzles per level; 60 steps per solver for the budget. Output is
//! Markdown on standard output (redirect it to a file and paste the tables).

// The groups are the other programs' own files, so each also runs alone (its `main` is then
// unused here).
#[path = "experiments_ga.rs"]
#[allow(dead_code)]
mod ga;
#[path = "experiments_lp.rs"]
#[allow(dead_code)]
mod lp;
#[path = "experiments_rfss.rs"]
#[allow(dead_code)]
mod rfss;
#[path = "step_budget.rs"]
#[allow(dead_code)]
mod step_budget;

fn strings(items: &[&str]) -> Vec<String> {
    items.iter().map(|s| s.to_string()).collect()
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let quick = args.iter().any(|a| a == "--quick");
    let groups: Vec<&str> = args
        .iter()
        .filter(|a| !a.starts_with("--"))
        .map(String::as_str)
        .collect();
    if groups.is_empty() {
        eprintln!(
            "usage: cargo run --release -p sudoscope-lab --bin experiments -- all|rfss|lp|ga|budget... [--quick]"
        );
        std::process::exit(2);
    }
    let known = ["all", "rfss", "lp", "ga", "budget"];
    if let Some(bad) = groups.iter().find(|g| !known.contains(g)) {
        eprintln!(
            "experiments: unknown group '{bad}' (known: {})",
            known.join(", ")
        );
        std::process::exit(2);
    }
    let want = |g: &str| groups.contains(&"all") || groups.contains(&g);
    println!(
        "# sudoscope experiments ({})",
        if quick { "quick samples" } else { "full" }
    );
    if want("rfss") {
        if quick {
            rfss::run_sections(&strings(&["horn", "nyt", "speed"]));
        } else {
            rfss::run_sections(&[]);
        }
    }
    if want("lp") {
        println!("\n# LP solvers (cargo run --release -p sudoscope-lab --bin experiments_lp)\n");
        if quick {
            lp::run_sections(&strings(&[
                "formulation",
                "l1",
                "plus",
                "rfss",
                "--hard",
                "20",
                "--easy",
                "20",
                "--medium",
                "20",
            ]));
        } else {
            // The commands of docs/experiments/lp.md.
            lp::run_sections(&strings(&[
                "formulation",
                "backend",
                "tuning",
                "rfss",
                "--hard",
                "100",
            ]));
            lp::run_sections(&strings(&[
                "l1", "--hard", "100", "--easy", "150", "--medium", "150",
            ]));
            // l1-plus: ablations on the sample, then l1-weighted and l1-plus on all 1465.
            lp::run_sections(&strings(&["plus", "plus-full", "--hard", "100"]));
        }
    }
    if want("ga") {
        ga::run_sections(&if quick {
            strings(&["--quick"])
        } else {
            Vec::new()
        });
    }
    if want("budget") {
        step_budget::run(quick);
    }
}
