//! The README's generated parts equal what they are generated from:
//!
//! * the key table is `sudoscope::tui::keymap::markdown_table()`, made from the same list as
//!   the `?` overlay;
//! * each screen marked `<!-- screen: NAME -->` is the insta snapshot
//!   `tests/snapshots/NAME.snap`, rendered from the real app through `TestBackend` by
//!   `tests/tui_screens.rs`.
//!
//! When they differ the test fails; `SUDOSCOPE_UPDATE_README=1 cargo test --release --test
//! readme_generated` writes the generated parts into the README instead.

use sudoscope::tui::keymap::markdown_table;

const KEYS_BEGIN: &str =
    "<!-- keys:begin (generated from src/tui/keymap.rs by tests/readme_generated.rs) -->\n";
const KEYS_END: &str = "<!-- keys:end -->";
const SCREEN: &str = "<!-- screen: ";
const FENCE: &str = "```text\n";

fn readme_path() -> String {
    concat!(env!("CARGO_MANIFEST_DIR"), "/README.md").to_string()
}

/// A snapshot's content: what follows its second `---` line.
fn snapshot_body(name: &str) -> String {
    let path = format!("{}/tests/snapshots/{name}.snap", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let body = text
        .splitn(3, "---\n")
        .nth(2)
        .unwrap_or_else(|| panic!("{path} has no snapshot header"));
    let mut body = body.trim_end_matches('\n').to_string();
    body.push('\n');
    body
}

/// The README with every generated part regenerated.
fn regenerated(readme: &str) -> String {
    let start = readme
        .find(KEYS_BEGIN)
        .expect("the README marks its key table")
        + KEYS_BEGIN.len();
    let end = start + readme[start..].find(KEYS_END).expect("the key table's end");
    let mut out = format!("{}{}", &readme[..start], markdown_table());
    let mut rest = &readme[end..];
    while let Some(at) = rest.find(SCREEN) {
        let name_start = at + SCREEN.len();
        let name_end = name_start + rest[name_start..].find(" -->").expect("a closed marker");
        let name = &rest[name_start..name_end];
        let fence = name_end + rest[name_end..].find(FENCE).expect("a text block") + FENCE.len();
        let close = fence + rest[fence..].find("```").expect("the block's end");
        out.push_str(&rest[..fence]);
        out.push_str(&snapshot_body(name));
        rest = &rest[close..];
    }
    out.push_str(rest);
    out
}

#[test]
fn the_readme_key_table_and_screens_are_the_generated_ones() {
    let path = readme_path();
    let readme = std::fs::read_to_string(&path).expect("README.md");
    let generated = regenerated(&readme);
    assert!(
        generated.matches(SCREEN).count() >= 4,
        "the README shows screens"
    );
    if generated == readme {
        return;
    }
    if std::env::var_os("SUDOSCOPE_UPDATE_README").is_some() {
        std::fs::write(&path, generated).expect("write README.md");
        return;
    }
    let line = readme
        .lines()
        .zip(generated.lines())
        .position(|(a, b)| a != b)
        .map_or(readme.lines().count(), |i| i + 1);
    panic!(
        "README.md differs from what it is generated from (first at line {line}); regenerate \
         it with `SUDOSCOPE_UPDATE_README=1 cargo test --release --test readme_generated`"
    );
}
