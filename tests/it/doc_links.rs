//! Every relative link in the documentation points at a file that exists, and every `#anchor`
//! into a Markdown page names one of its headings: README.md, CHANGELOG.md, CONTRIBUTING.md,
//! puzzles/README.md and everything under docs/. Links to other sites are not followed.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The Markdown files whose links are checked.
fn documents(root: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = ["README.md", "CHANGELOG.md", "CONTRIBUTING.md"]
        .iter()
        .chain(&["puzzles/README.md"])
        .map(|name| root.join(name))
        .collect();
    let mut dirs = vec![root.join("docs")];
    while let Some(dir) = dirs.pop() {
        let entries = std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
        for entry in entries {
            let path = entry.expect("a directory entry").path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "md") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// The lines of a Markdown text outside fenced code blocks, with their numbers (from 1).
fn prose_lines(text: &str) -> Vec<(usize, &str)> {
    let mut in_fence = false;
    let mut lines = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            in_fence = !in_fence;
            continue;
        }
        if !in_fence {
            lines.push((i + 1, line));
        }
    }
    lines
}

/// A line with its inline code spans taken out (a path in backticks is not a link).
fn without_code(line: &str) -> String {
    let mut out = String::new();
    for (i, part) in line.split('`').enumerate() {
        if i % 2 == 0 {
            out.push_str(part);
        }
    }
    out
}

/// The targets of the inline links and images of a line: what stands in `](…)`.
fn link_targets(line: &str) -> Vec<String> {
    let line = without_code(line);
    let mut targets = Vec::new();
    let mut rest = line.as_str();
    while let Some(at) = rest.find("](") {
        let after = &rest[at + 2..];
        let Some(end) = after.find(')') else { break };
        let target = after[..end].split_whitespace().next().unwrap_or("");
        targets.push(target.trim_matches(|c| c == '<' || c == '>').to_string());
        rest = &after[end..];
    }
    targets
}

/// The anchor GitHub gives a heading: its text lower-cased, punctuation and symbols dropped,
/// spaces made hyphens.
fn slug(heading: &str) -> String {
    let mut text = String::new();
    // A link in a heading contributes its text.
    let mut rest = heading;
    while let Some(open) = rest.find('[') {
        text.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        match (after.find("]("), after.find(')')) {
            (Some(close), Some(end)) if close < end => {
                text.push_str(&after[..close]);
                rest = &after[end + 1..];
            }
            _ => {
                text.push('[');
                rest = after;
            }
        }
    }
    text.push_str(rest);
    text.trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// Every anchor a Markdown text offers: its headings' (numbered `-1`, `-2` … when repeated)
/// and explicit `id="…"` attributes.
fn anchors(text: &str) -> HashSet<String> {
    let mut found = HashSet::new();
    for (_, line) in prose_lines(text) {
        let trimmed = line.trim_start();
        if trimmed.starts_with('#') {
            let heading = trimmed.trim_start_matches('#');
            if heading.starts_with(' ') {
                let base = slug(heading);
                let mut anchor = base.clone();
                let mut n = 0;
                while found.contains(&anchor) {
                    n += 1;
                    anchor = format!("{base}-{n}");
                }
                found.insert(anchor);
            }
        }
        let mut rest = line;
        while let Some(at) = rest.find("id=\"") {
            let after = &rest[at + 4..];
            let end = after.find('"').unwrap_or(after.len());
            found.insert(after[..end].to_string());
            rest = &after[end..];
        }
    }
    found
}

/// What is wrong with the links of `file`, one line each.
fn broken_links(file: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
    let dir = file.parent().expect("a file has a folder");
    let mut problems = Vec::new();
    for (number, line) in prose_lines(&text) {
        for target in link_targets(line) {
            if target.is_empty() || target.contains("://") || target.starts_with("mailto:") {
                continue;
            }
            let (path, anchor) = match target.split_once('#') {
                Some((path, anchor)) => (path, Some(anchor)),
                None => (target.as_str(), None),
            };
            let linked = if path.is_empty() {
                file.to_path_buf()
            } else {
                dir.join(path)
            };
            let place = format!("{}:{number}: {target}", file.display());
            if !linked.exists() {
                problems.push(format!("{place}: no such file"));
                continue;
            }
            if let Some(anchor) = anchor
                && linked.extension().is_some_and(|e| e == "md")
            {
                let page = std::fs::read_to_string(&linked).unwrap_or_default();
                if !anchors(&page).contains(anchor) {
                    problems.push(format!("{place}: no heading with that anchor"));
                }
            }
        }
    }
    problems
}

#[test]
fn every_link_in_the_documentation_points_at_something_that_exists() {
    let root = root();
    let files = documents(&root);
    assert!(
        files.iter().any(|f| f.ends_with("docs/guide.md")),
        "the guide is among the checked files"
    );
    let problems: Vec<String> = files.iter().flat_map(|f| broken_links(f)).collect();
    assert!(
        problems.is_empty(),
        "broken links in the documentation:\n{}",
        problems.join("\n")
    );
}

#[test]
fn a_missing_file_and_a_missing_anchor_are_reported() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    std::fs::write(
        dir.path().join("page.md"),
        "# Exact 9×9 solver\n\n## `serve`: over SSH\n\n```sh\n# not a heading\n```\n",
    )
    .expect("written");
    let doc = dir.path().join("doc.md");
    std::fs::write(
        &doc,
        "[ok](page.md) ![ok](page.md#exact-99-solver) [ok](page.md#serve-over-ssh)\n\
         [gone](missing.md) `[code](not-a-link.md)`\n\
         [bad anchor](page.md#not-a-heading) [ok](#a-heading)\n\n# A heading\n\
         [web](https://example.com/nothing)\n",
    )
    .expect("written");
    let problems = broken_links(&doc);
    assert_eq!(problems.len(), 2, "{problems:#?}");
    assert!(
        problems[0].ends_with("missing.md: no such file"),
        "{problems:#?}"
    );
    assert!(
        problems[1].ends_with("page.md#not-a-heading: no heading with that anchor"),
        "{problems:#?}"
    );
}
