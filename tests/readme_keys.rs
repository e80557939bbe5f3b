//! The README's key table is the one the `?` overlay shows: both come from
//! `sudoscope::tui::keymap::KEYS`. This test fails when they differ; run it with
//! `SUDOSCOPE_UPDATE_README=1` to write the generated table into the README.

use sudoscope::tui::keymap::markdown_table;

const BEGIN: &str =
    "<!-- keys:begin (generated from src/tui/keymap.rs by tests/readme_keys.rs) -->\n";
const END: &str = "<!-- keys:end -->";

#[test]
fn the_readme_key_table_is_the_generated_one() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/README.md");
    let readme = std::fs::read_to_string(path).expect("README.md");
    let start = readme.find(BEGIN).expect("the README marks its key table") + BEGIN.len();
    let end = start
        + readme[start..]
            .find(END)
            .expect("the key table's end marker");
    let generated = markdown_table();
    if readme[start..end] == generated {
        return;
    }
    if std::env::var_os("SUDOSCOPE_UPDATE_README").is_some() {
        let updated = format!("{}{generated}{}", &readme[..start], &readme[end..]);
        std::fs::write(path, updated).expect("write README.md");
        return;
    }
    panic!(
        "README.md's key table differs from src/tui/keymap.rs; regenerate it with \
         `SUDOSCOPE_UPDATE_README=1 cargo test --release --test readme_keys`.\nGenerated:\n{generated}"
    );
}
