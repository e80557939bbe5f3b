//! The guide's generated parts (`docs/guide.md`) equal what they are generated from:
//!
//! * the key table is `sudoscope::tui::keymap::markdown_table()`, made from the same list as
//!   the `?` overlay;
//! * each screen marked `<!-- screen: NAME -->` is the insta snapshot
//!   `tests/it/snapshots/it__NAME.snap`, rendered from the real app through `TestBackend` by
//!   the `tui_screens` and `tui_panel` tests.
//!
//! When they differ the test fails; `SUDOSCOPE_UPDATE_GUIDE=1 cargo test --release --test it
//! guide_generated::` writes the generated parts into the guide instead.

use sudoscope::tui::keymap::markdown_table;

const KEYS_BEGIN: &str =
    "<!-- keys:begin (generated from src/tui/keymap.rs by tests/it/guide_generated.rs) -->\n";
const KEYS_END: &str = "<!-- keys:end -->";
const SCREEN: &str = "<!-- screen: ";
const FENCE: &str = "```text\n";

fn guide_path() -> String {
    concat!(env!("CARGO_MANIFEST_DIR"), "/docs/guide.md").to_string()
}

/// A snapshot's content: what follows its second `---` line.
fn snapshot_body(name: &str) -> String {
    let path = format!(
        "{}/tests/it/snapshots/it__{name}.snap",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let body = text
        .splitn(3, "---\n")
        .nth(2)
        .unwrap_or_else(|| panic!("{path} has no snapshot header"));
    let mut body = body.trim_end_matches('\n').to_string();
    body.push('\n');
    body
}

/// The guide with every generated part regenerated.
fn regenerated(guide: &str) -> String {
    let start = guide
        .find(KEYS_BEGIN)
        .expect("the guide marks its key table")
        + KEYS_BEGIN.len();
    let end = start + guide[start..].find(KEYS_END).expect("the key table's end");
    let mut out = format!("{}{}", &guide[..start], markdown_table());
    let mut rest = &guide[end..];
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
fn the_guide_key_table_and_screens_are_the_generated_ones() {
    let path = guide_path();
    let guide = std::fs::read_to_string(&path).expect("docs/guide.md");
    let generated = regenerated(&guide);
    assert!(
        generated.matches(SCREEN).count() >= 4,
        "the guide shows screens"
    );
    if generated == guide {
        return;
    }
    if std::env::var_os("SUDOSCOPE_UPDATE_GUIDE").is_some() {
        std::fs::write(&path, generated).expect("write docs/guide.md");
        return;
    }
    let line = guide
        .lines()
        .zip(generated.lines())
        .position(|(a, b)| a != b)
        .map_or(guide.lines().count(), |i| i + 1);
    panic!(
        "docs/guide.md differs from what it is generated from (first at line {line}); \
         regenerate it with `SUDOSCOPE_UPDATE_GUIDE=1 cargo test --release --test it guide_generated::`"
    );
}
