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

/// The JSON records a sudoscope command printed, one per line; `what` names the command in
/// the failure message, which carries its standard error.
pub fn json_records(out: std::process::Output, what: &str) -> Vec<serde_json::Value> {
    assert!(
        out.status.success(),
        "{what}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .expect("utf-8")
        .lines()
        .map(|l| serde_json::from_str(l).expect("json"))
        .collect()
}
