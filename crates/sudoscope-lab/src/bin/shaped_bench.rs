//! Times the killer and jigsaw generator per puzzle (median and p90 over seeds 0..N, each
//! puzzle's uniqueness checked with the exact solver) next to Simon Tatham's Solo generating
//! the kind it maps to in the same run (`sgt-solo --generate N PARAMS`, wall time / N).
//!
//! ```text
//! cargo run --release -p sudoscope-lab --bin shaped_bench [-- N]
//! ```

use std::process::Command;
use std::time::{Duration, Instant};

use sudoscope_core::exact;
use sudoscope_core::generate::{Level, ShapedOptions, generate_shaped};
use sudoscope_core::grid::Variant;
use sudoscope_testkit::bench::quantile;

fn main() {
    let n: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(20);
    let rows: [(Variant, Option<Level>, &str); 8] = [
        (Variant::Killer, Some(Level::Easy), "3x3kdb"),
        (Variant::Killer, Some(Level::Medium), "3x3kdi"),
        (Variant::Killer, Some(Level::Hard), "3x3kda"),
        (Variant::Killer, Some(Level::Evil), "3x3kde"),
        (Variant::KillerX, None, "3x3xkdu"),
        (Variant::Jigsaw, None, "9jdu"),
        (Variant::Jigsaw, Some(Level::Hard), "9jda"),
        (Variant::JigsawX, None, "9jxdu"),
    ];
    println!("| ours | median | p90 | Solo | Solo per puzzle |");
    println!("|---|---:|---:|---|---:|");
    for (variant, level, solo) in rows {
        let mut times = Vec::new();
        let mut failed = 0;
        for seed in 0..n {
            let options = ShapedOptions {
                variant,
                size: 9,
                level,
                givens: false,
                seed,
                timeout: Duration::from_secs(20),
            };
            let start = Instant::now();
            match generate_shaped(&options, 0) {
                Ok(made) => {
                    times.push(start.elapsed().as_secs_f64());
                    assert_eq!(
                        exact::count(&made.puzzle, 2).solutions,
                        1,
                        "{variant} {seed}"
                    );
                }
                Err(e) => {
                    failed += 1;
                    eprintln!("{variant} {level:?} seed {seed}: {e}");
                }
            }
        }
        times.sort_by(f64::total_cmp);
        let solo_n = if solo.contains("kde") { n.min(5) } else { n };
        let start = Instant::now();
        let ok = Command::new("/usr/games/sgt-solo")
            .args(["--generate", &solo_n.to_string(), solo])
            .output()
            .is_ok_and(|o| o.status.success());
        let solo_ms = start.elapsed().as_secs_f64() * 1e3 / solo_n as f64;
        let level = level.map_or("any".to_string(), |l| l.to_string());
        println!(
            "| {variant} {level} ({} ok, {failed} failed) | {:.2} ms | {:.2} ms | {solo} ({solo_n}) | {} |",
            times.len(),
            quantile(&times, 0.5) * 1e3,
            quantile(&times, 0.9) * 1e3,
            if ok {
                format!("{solo_ms:.1} ms")
            } else {
                "not run".into()
            },
        );
    }
}
