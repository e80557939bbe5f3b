//! Whether the programs an end-to-end test drives (tmux, the OpenSSH client) are installed —
//! the one place that decides whether such a test runs or skips.
//!
//! On a developer machine without them the test skips with a message. Under CI (`CI=true`,
//! where `.ci/run` installs them) their absence is a failure, so a green CI run proves the
//! end-to-end tests really ran.

use std::process::Command;

/// True when every tool in `tools` is on the PATH. Otherwise says which are missing and returns
/// false, or panics when `CI=true`.
pub fn require(tools: &[&str]) -> bool {
    let missing: Vec<&str> = tools
        .iter()
        .copied()
        .filter(|tool| {
            !Command::new("sh")
                .args(["-c", &format!("command -v {tool}")])
                .output()
                .is_ok_and(|o| o.status.success())
        })
        .collect();
    if missing.is_empty() {
        return true;
    }
    let message = format!("{} not installed (.ci/run installs it)", missing.join(", "));
    if std::env::var("CI").is_ok_and(|v| v == "true") {
        panic!("{message}, and CI=true: the end-to-end tests must run in CI");
    }
    eprintln!("skipping: {message}");
    false
}
