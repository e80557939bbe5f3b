//! The engine stays an engine: its manifest names no terminal, async, SSH, database or
//! command-line crate, so every embedder (and every engine test binary) builds without them.
//! The application's crates belong in the root package.

const FORBIDDEN: &[&str] = &[
    "ratatui",
    "crossterm",
    "tokio",
    "russh",
    "rusqlite",
    "terminput",
    "terminput-crossterm",
    "signal-hook",
    "clap",
    "color-eyre",
    "tracing",
    "tracing-subscriber",
    "dirs",
    "sudoscope",
];

#[test]
fn the_engine_depends_on_no_application_crate() {
    let manifest = include_str!("../../Cargo.toml");
    let mut section = "";
    for line in manifest.lines().map(str::trim) {
        if line.starts_with('[') {
            section = line;
            continue;
        }
        if !section.contains("dependencies") || section.contains("dev-dependencies") {
            continue;
        }
        let Some(name) = line.split(['=', ' ']).next().filter(|n| !n.is_empty()) else {
            continue;
        };
        assert!(
            !FORBIDDEN.contains(&name),
            "sudoscope-core must not depend on `{name}` ({section}): it belongs to the application"
        );
    }
}
