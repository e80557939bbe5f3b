//! Finds import circles between the source files of Rust crates: file A uses an item defined in
//! file B while B, directly or through other files, uses an item defined in A.
//!
//! Usage: `import_cycles ROOT.rs...` (each a crate root such as `src/lib.rs`). Prints every
//! circle found and exits with 1 when there is one, 0 otherwise.
//!
//! It is a small name resolver, not a compiler: it follows `mod` declarations to files, reads
//! `use` trees and the paths written in code (`crate::…`, `super::…`, `self::…`, and paths that
//! start at a name the module imported or declared), and resolves them through modules and
//! re-exports to the file that defines the item. A path that ends at a module names a namespace
//! and ties no file to another; a `pub use` re-export is a facade, not a use, so a `mod.rs`
//! that re-exports its children does not thereby depend on them. Items reached through a glob
//! import count when their name appears in the importing module.
//!
//! Two kinds of use are not counted. A module's own file may use its submodules (a `mod.rs`
//! that dispatches to its children while they use the types it defines is one module, not a
//! circle); uses from a child up to its ancestors and between siblings and cousins all count.
//! And `#[cfg(test)]` modules are left out: tests may draw fixtures from anywhere.
//!
//! Standard library only, so CI compiles it with `rustc` alone.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Ident(String),
    Path,
    Punct(char),
}

/// Splits source text into identifiers, `::` and single punctuation characters, dropping
/// comments, string and character literals, lifetimes and numbers.
fn lex(src: &str) -> Vec<Tok> {
    let c: Vec<char> = src.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    let n = c.len();
    while i < n {
        let ch = c[i];
        if ch == '/' && i + 1 < n && c[i + 1] == '/' {
            while i < n && c[i] != '\n' {
                i += 1;
            }
        } else if ch == '/' && i + 1 < n && c[i + 1] == '*' {
            let mut depth = 1;
            i += 2;
            while i < n && depth > 0 {
                if c[i] == '/' && i + 1 < n && c[i + 1] == '*' {
                    depth += 1;
                    i += 2;
                } else if c[i] == '*' && i + 1 < n && c[i + 1] == '/' {
                    depth -= 1;
                    i += 2;
                } else {
                    i += 1;
                }
            }
        } else if ch == '"' {
            i = skip_string(&c, i + 1);
        } else if (ch == 'r' || ch == 'b' || ch == 'c') && raw_string_start(&c, i).is_some() {
            let (hashes, body) = raw_string_start(&c, i).unwrap_or((0, i));
            i = skip_raw_string(&c, body, hashes);
        } else if (ch == 'b' || ch == 'c') && i + 1 < n && c[i + 1] == '"' {
            i = skip_string(&c, i + 2);
        } else if ch == 'b' && i + 1 < n && c[i + 1] == '\'' {
            i = skip_char(&c, i + 2);
        } else if ch == '\'' {
            // A character literal, or a lifetime / label ('a, 'static) which is skipped too.
            if i + 2 < n && c[i + 1] != '\\' && c[i + 2] == '\'' {
                i += 3;
            } else if i + 1 < n && c[i + 1] == '\\' {
                i = skip_char(&c, i + 1);
            } else {
                i += 1;
                while i < n && (c[i].is_alphanumeric() || c[i] == '_') {
                    i += 1;
                }
            }
        } else if ch.is_ascii_digit() {
            while i < n && (c[i].is_alphanumeric() || c[i] == '_') {
                i += 1;
            }
        } else if ch.is_alphabetic() || ch == '_' {
            let start = if ch == 'r' && i + 2 < n && c[i + 1] == '#' && is_ident_start(c[i + 2]) {
                i + 2
            } else {
                i
            };
            i = start;
            while i < n && (c[i].is_alphanumeric() || c[i] == '_') {
                i += 1;
            }
            out.push(Tok::Ident(c[start..i].iter().collect()));
        } else if ch == ':' && i + 1 < n && c[i + 1] == ':' {
            out.push(Tok::Path);
            i += 2;
        } else if ch.is_whitespace() {
            i += 1;
        } else {
            out.push(Tok::Punct(ch));
            i += 1;
        }
    }
    out
}

fn is_ident_start(ch: char) -> bool {
    ch.is_alphabetic() || ch == '_'
}

fn skip_string(c: &[char], mut i: usize) -> usize {
    while i < c.len() {
        match c[i] {
            '\\' => i += 2,
            '"' => return i + 1,
            _ => i += 1,
        }
    }
    i
}

fn skip_char(c: &[char], mut i: usize) -> usize {
    while i < c.len() {
        match c[i] {
            '\\' => i += 2,
            '\'' => return i + 1,
            _ => i += 1,
        }
    }
    i
}

/// `r"`, `r#"`, `br"`, `cr#"` …: the number of hashes and where the body starts.
fn raw_string_start(c: &[char], i: usize) -> Option<(usize, usize)> {
    if i > 0 && (c[i - 1].is_alphanumeric() || c[i - 1] == '_') {
        return None;
    }
    let mut j = i;
    if c[j] == 'b' || c[j] == 'c' {
        j += 1;
    }
    if j >= c.len() || c[j] != 'r' {
        return None;
    }
    j += 1;
    let mut hashes = 0;
    while j < c.len() && c[j] == '#' {
        hashes += 1;
        j += 1;
    }
    (j < c.len() && c[j] == '"').then_some((hashes, j + 1))
}

fn skip_raw_string(c: &[char], mut i: usize, hashes: usize) -> usize {
    while i < c.len() {
        if c[i] == '"'
            && c[i + 1..]
                .iter()
                .take(hashes)
                .filter(|&&h| h == '#')
                .count()
                == hashes
        {
            return i + 1 + hashes;
        }
        i += 1;
    }
    i
}

/// One `use` leaf: the name it binds (`None` for a glob) and the full path it imports.
#[derive(Debug)]
struct Import {
    name: Option<String>,
    path: Vec<String>,
    reexport: bool,
}

#[derive(Debug, Default)]
struct Module {
    file: usize,
    parent: Option<usize>,
    /// Compiled only for tests (`#[cfg(test)]`, or inside such a module).
    test: bool,
    children: HashMap<String, usize>,
    items: BTreeSet<String>,
    imports: Vec<Import>,
    /// Paths written in code (not in `use`), each with the module it was written in.
    paths: Vec<Vec<String>>,
    idents: BTreeSet<String>,
}

#[derive(Default)]
struct Crate {
    files: Vec<PathBuf>,
    modules: Vec<Module>,
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Target {
    Module(usize),
    Item(usize),
}

impl Crate {
    fn load(root: &Path) -> Result<Crate, String> {
        let mut krate = Crate::default();
        let root_module = krate.new_module(None, 0, false);
        krate.files.push(root.to_path_buf());
        krate.parse_file(root_module, root)?;
        Ok(krate)
    }

    fn new_module(&mut self, parent: Option<usize>, file: usize, test: bool) -> usize {
        let test = test || parent.is_some_and(|p| self.modules[p].test);
        self.modules.push(Module {
            file,
            parent,
            test,
            ..Module::default()
        });
        self.modules.len() - 1
    }

    /// The directory where `mod name;` inside `file` looks for its file.
    fn child_dir(file: &Path) -> PathBuf {
        let dir = file.parent().unwrap_or(Path::new(".")).to_path_buf();
        match file.file_name().and_then(|f| f.to_str()) {
            Some("lib.rs" | "main.rs" | "mod.rs") => dir,
            _ => dir.join(file.file_stem().unwrap_or_default()),
        }
    }

    fn parse_file(&mut self, module: usize, path: &Path) -> Result<(), String> {
        let src = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let toks = lex(&src);
        let file = self.modules[module].file;
        let dir = Crate::child_dir(path);
        // (module, brace depth of its body, directory for its `mod x;` files)
        let mut stack: Vec<(usize, usize, PathBuf)> = vec![(module, 0, dir)];
        let mut depth = 0usize;
        let mut i = 0;
        while i < toks.len() {
            let (current, body_depth, cur_dir) =
                stack.last().cloned().unwrap_or((module, 0, PathBuf::new()));
            let ident = |k: usize| match toks.get(k) {
                Some(Tok::Ident(s)) => Some(s.as_str()),
                _ => None,
            };
            match &toks[i] {
                Tok::Punct('{') => depth += 1,
                Tok::Punct('}') => {
                    depth = depth.saturating_sub(1);
                    if stack.len() > 1 && depth < body_depth {
                        stack.pop();
                    }
                }
                Tok::Ident(word) if word == "mod" && ident(i + 1).is_some() => {
                    let name = ident(i + 1).unwrap_or_default().to_string();
                    let test = cfg_test_before(&toks, i);
                    match toks.get(i + 2) {
                        Some(Tok::Punct('{')) => {
                            let child = self.new_module(Some(current), file, test);
                            self.modules[current].children.insert(name.clone(), child);
                            depth += 1;
                            stack.push((child, depth, cur_dir.join(&name)));
                            i += 3;
                            continue;
                        }
                        Some(Tok::Punct(';')) => {
                            let flat = cur_dir.join(format!("{name}.rs"));
                            let nested = cur_dir.join(&name).join("mod.rs");
                            let child_path = if flat.exists() { flat } else { nested };
                            self.files.push(child_path.clone());
                            let child_file = self.files.len() - 1;
                            let child = self.new_module(Some(current), child_file, test);
                            self.modules[current].children.insert(name, child);
                            if child_path.exists() {
                                self.parse_file(child, &child_path)?;
                            }
                            i += 3;
                            continue;
                        }
                        _ => {}
                    }
                }
                Tok::Ident(word) if word == "use" => {
                    let reexport = i > 0
                        && (toks[i - 1] == Tok::Ident("pub".into())
                            || (toks[i - 1] == Tok::Punct(')')
                                && toks[..i]
                                    .iter()
                                    .rev()
                                    .take(6)
                                    .any(|t| *t == Tok::Ident("pub".into()))));
                    let end = toks[i..]
                        .iter()
                        .position(|t| *t == Tok::Punct(';'))
                        .map_or(toks.len(), |p| i + p);
                    let mut leaves = Vec::new();
                    parse_use_tree(&toks[i + 1..end], &[], &mut leaves);
                    for (name, path) in leaves {
                        self.modules[current].imports.push(Import {
                            name,
                            path,
                            reexport,
                        });
                    }
                    i = end + 1;
                    continue;
                }
                Tok::Ident(word)
                    if depth == body_depth
                        && matches!(
                            word.as_str(),
                            "fn" | "struct"
                                | "enum"
                                | "trait"
                                | "type"
                                | "const"
                                | "static"
                                | "union"
                        ) =>
                {
                    if let Some(name) = ident(i + 1) {
                        if name != "fn" {
                            self.modules[current].items.insert(name.to_string());
                        }
                    }
                }
                Tok::Ident(word) if word == "macro_rules" => {
                    if let Some(name) = ident(i + 2) {
                        self.modules[current].items.insert(name.to_string());
                    }
                }
                Tok::Ident(first) => {
                    self.modules[current].idents.insert(first.clone());
                    let after_path = i > 0 && toks[i - 1] == Tok::Path;
                    if !after_path && toks.get(i + 1) == Some(&Tok::Path) {
                        let mut path = vec![first.clone()];
                        let mut k = i + 1;
                        while toks.get(k) == Some(&Tok::Path) {
                            match ident(k + 1) {
                                Some(s) => path.push(s.to_string()),
                                None => break,
                            }
                            k += 2;
                        }
                        self.modules[current].paths.push(path);
                        i = k;
                        continue;
                    }
                }
                _ => {}
            }
            i += 1;
        }
        Ok(())
    }

    /// Resolves `path` as written in module `from`.
    fn resolve(&self, from: usize, path: &[String], budget: usize) -> Option<Target> {
        if budget == 0 || path.is_empty() {
            return None;
        }
        let (start, rest) = match path[0].as_str() {
            "crate" => (Target::Module(0), &path[1..]),
            "self" => (Target::Module(from), &path[1..]),
            "super" => (Target::Module(self.modules[from].parent?), &path[1..]),
            _ => (self.lookup(from, &path[0], budget - 1)?, &path[1..]),
        };
        let mut at = start;
        for seg in rest {
            let Target::Module(m) = at else {
                return Some(at);
            };
            at = if seg == "super" {
                Target::Module(self.modules[m].parent?)
            } else {
                self.lookup(m, seg, budget - 1)?
            };
        }
        Some(at)
    }

    /// What `name` means inside module `m`: a child module, an item, or an import.
    fn lookup(&self, m: usize, name: &str, budget: usize) -> Option<Target> {
        let module = &self.modules[m];
        if let Some(&child) = module.children.get(name) {
            return Some(Target::Module(child));
        }
        if module.items.contains(name) {
            return Some(Target::Item(module.file));
        }
        for import in &module.imports {
            if import.name.as_deref() == Some(name) {
                if let Some(t) = self.resolve(m, &import.path, budget) {
                    return Some(t);
                }
            }
        }
        for import in module.imports.iter().filter(|i| i.name.is_none()) {
            if let Some(Target::Module(g)) = self.resolve(m, &import.path, budget) {
                if g != m {
                    if let Some(t) = self.lookup(g, name, budget.saturating_sub(1)) {
                        return Some(t);
                    }
                }
            }
        }
        None
    }

    /// The module a file holds at its top.
    fn file_module(&self, file: usize) -> usize {
        self.modules
            .iter()
            .position(|m| m.file == file)
            .unwrap_or(0)
    }

    /// Whether file `a`'s module contains file `b`'s.
    fn contains(&self, a: usize, b: usize) -> bool {
        let outer = self.file_module(a);
        let mut m = self.modules[self.file_module(b)].parent;
        while let Some(p) = m {
            if p == outer {
                return true;
            }
            m = self.modules[p].parent;
        }
        false
    }

    /// Every counted file-to-file use: (from, to) file indices.
    fn edges(&self) -> BTreeSet<(usize, usize)> {
        let mut edges = BTreeSet::new();
        let mut add = |from: usize, t: Option<Target>| {
            if let Some(Target::Item(to)) = t {
                if to != from && !self.contains(from, to) {
                    edges.insert((from, to));
                }
            }
        };
        for (m, module) in self.modules.iter().enumerate().filter(|(_, m)| !m.test) {
            for import in &module.imports {
                if import.reexport {
                    continue;
                }
                match (&import.name, self.resolve(m, &import.path, 32)) {
                    (None, Some(Target::Module(g))) => {
                        for name in &module.idents {
                            add(module.file, self.lookup(g, name, 32));
                        }
                    }
                    (_, t) => add(module.file, t),
                }
            }
            for path in &module.paths {
                add(module.file, self.resolve(m, path, 32));
            }
        }
        edges
    }
}

/// Whether the `mod` at `at` carries `#[cfg(test)]`.
fn cfg_test_before(toks: &[Tok], at: usize) -> bool {
    let mut k = at;
    // Step back over a visibility (`pub`, `pub(crate)`, `pub(super)`).
    if k >= 4 && toks[k - 1] == Tok::Punct(')') && toks[k - 4] == Tok::Ident("pub".into()) {
        k -= 4;
    } else if k >= 1 && toks[k - 1] == Tok::Ident("pub".into()) {
        k -= 1;
    }
    let want = [
        Tok::Punct('#'),
        Tok::Punct('['),
        Tok::Ident("cfg".into()),
        Tok::Punct('('),
        Tok::Ident("test".into()),
        Tok::Punct(')'),
        Tok::Punct(']'),
    ];
    k >= want.len() && toks[k - want.len()..k] == want
}

/// Expands a `use` tree (the tokens after `use`) into (bound name, full path) leaves.
fn parse_use_tree(toks: &[Tok], prefix: &[String], out: &mut Vec<(Option<String>, Vec<String>)>) {
    let mut path = prefix.to_vec();
    let mut i = 0;
    if toks.first() == Some(&Tok::Path) {
        i = 1; // a leading `::` names an external crate; the path stays unresolved
        path.push(String::from("::"));
    }
    while i < toks.len() {
        match &toks[i] {
            Tok::Ident(s) if s == "as" => {
                let alias = match toks.get(i + 1) {
                    Some(Tok::Ident(a)) if a != "_" => Some(a.clone()),
                    _ => None,
                };
                if alias.is_some() {
                    out.push((alias, path.clone()));
                }
                return;
            }
            Tok::Ident(s) => {
                path.push(s.clone());
                i += 1;
            }
            Tok::Path => i += 1,
            Tok::Punct('*') => {
                out.push((None, path.clone()));
                return;
            }
            Tok::Punct('{') => {
                // Split the group's contents at top-level commas.
                let mut depth = 0;
                let mut start = i + 1;
                for k in i + 1..toks.len() {
                    match toks[k] {
                        Tok::Punct('{') => depth += 1,
                        Tok::Punct('}') if depth == 0 => {
                            if start < k {
                                parse_use_tree(&toks[start..k], &path, out);
                            }
                            return;
                        }
                        Tok::Punct('}') => depth -= 1,
                        Tok::Punct(',') if depth == 0 => {
                            if start < k {
                                parse_use_tree(&toks[start..k], &path, out);
                            }
                            start = k + 1;
                        }
                        _ => {}
                    }
                }
                return;
            }
            _ => i += 1,
        }
    }
    if let Some(last) = path.last() {
        if last == "self" {
            path.pop();
        }
        let name = path.last().cloned();
        out.push((name, path));
    }
}

/// The strongly connected components with more than one file (Tarjan's algorithm).
fn circles(nodes: usize, edges: &BTreeSet<(usize, usize)>) -> Vec<Vec<usize>> {
    let mut adj = vec![Vec::new(); nodes];
    for &(a, b) in edges {
        adj[a].push(b);
    }
    struct State {
        index: Vec<Option<usize>>,
        low: Vec<usize>,
        on: Vec<bool>,
        stack: Vec<usize>,
        next: usize,
        out: Vec<Vec<usize>>,
    }
    fn visit(v: usize, adj: &[Vec<usize>], s: &mut State) {
        s.index[v] = Some(s.next);
        s.low[v] = s.next;
        s.next += 1;
        s.stack.push(v);
        s.on[v] = true;
        for &w in &adj[v] {
            match s.index[w] {
                None => {
                    visit(w, adj, s);
                    s.low[v] = s.low[v].min(s.low[w]);
                }
                Some(iw) if s.on[w] => s.low[v] = s.low[v].min(iw),
                _ => {}
            }
        }
        if Some(s.low[v]) == s.index[v] {
            let mut comp = Vec::new();
            while let Some(w) = s.stack.pop() {
                s.on[w] = false;
                comp.push(w);
                if w == v {
                    break;
                }
            }
            if comp.len() > 1 {
                comp.sort();
                s.out.push(comp);
            }
        }
    }
    let mut s = State {
        index: vec![None; nodes],
        low: vec![0; nodes],
        on: vec![false; nodes],
        stack: Vec::new(),
        next: 0,
        out: Vec::new(),
    };
    for v in 0..nodes {
        if s.index[v].is_none() {
            visit(v, &adj, &mut s);
        }
    }
    s.out
}

/// The circles in one crate, each as its files and the uses between them.
fn crate_circles(root: &Path) -> Result<Vec<Vec<String>>, String> {
    let krate = Crate::load(root)?;
    let edges = krate.edges();
    let name = |f: usize| krate.files[f].display().to_string();
    let mut report = Vec::new();
    for comp in circles(krate.files.len(), &edges) {
        let set: BTreeSet<usize> = comp.iter().copied().collect();
        let mut lines: BTreeMap<String, Vec<String>> = BTreeMap::new();
        for &(a, b) in edges
            .iter()
            .filter(|(a, b)| set.contains(a) && set.contains(b))
        {
            lines.entry(name(a)).or_default().push(name(b));
        }
        report.push(
            lines
                .into_iter()
                .map(|(a, bs)| format!("{a} -> {}", bs.join(", ")))
                .collect(),
        );
    }
    Ok(report)
}

fn main() -> ExitCode {
    let roots: Vec<String> = std::env::args().skip(1).collect();
    if roots.is_empty() {
        eprintln!("usage: import_cycles CRATE_ROOT.rs...");
        return ExitCode::from(2);
    }
    let mut found = 0;
    for root in &roots {
        match crate_circles(Path::new(root)) {
            Ok(report) => {
                for circle in report {
                    found += 1;
                    println!("import circle in {root}:");
                    for line in circle {
                        println!("  {line}");
                    }
                }
            }
            Err(e) => {
                eprintln!("import_cycles: {e}");
                return ExitCode::from(2);
            }
        }
    }
    if found > 0 {
        println!("{found} import circle(s)");
        ExitCode::from(1)
    } else {
        println!("no import circles in {}", roots.join(", "));
        ExitCode::SUCCESS
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Writes a small crate into a fresh directory and returns its root file.
    fn write_crate(name: &str, files: &[(&str, &str)]) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("import_cycles_{name}_{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        for (path, text) in files {
            let p = dir.join(path);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(p, text).unwrap();
        }
        dir.join("lib.rs")
    }

    #[test]
    fn a_use_and_a_path_in_code_make_a_circle() {
        let root = write_crate(
            "circle",
            &[
                ("lib.rs", "pub mod a;\npub mod b;\n"),
                ("a.rs", "use crate::b::B;\npub struct A(B);\n"),
                (
                    "b.rs",
                    "pub struct B;\nfn f() { let _ = super::a::A(B); }\n",
                ),
            ],
        );
        let report = crate_circles(&root).unwrap();
        assert_eq!(report.len(), 1, "{report:?}");
        assert_eq!(report[0].len(), 2);
    }

    #[test]
    fn reexports_and_module_paths_are_not_uses() {
        let root = write_crate(
            "facade",
            &[
                ("lib.rs", "pub mod grid;\n"),
                ("grid/mod.rs", "mod board;\nmod format;\npub use board::Grid;\npub use format::show;\n"),
                ("grid/board.rs", "pub struct Grid;\n// super::format::show is only a comment\n"),
                ("grid/format.rs", "use super::Grid;\npub fn show(_: &Grid) -> &'static str { \"super::board\" }\n"),
            ],
        );
        assert!(crate_circles(&root).unwrap().is_empty());
    }

    #[test]
    fn a_module_may_use_its_children_and_tests_are_left_out() {
        let root = write_crate(
            "children",
            &[
                ("lib.rs", "pub mod live;\npub mod grid;\n"),
                ("live/mod.rs", "mod ga;\npub trait Solver {}\npub fn by_name() -> ga::Ga { ga::Ga }\n"),
                ("live/ga.rs", "pub struct Ga;\nimpl super::Solver for Ga {}\n"),
                ("grid.rs", "pub struct Grid;\n#[cfg(test)]\nmod tests {\n    use crate::live::by_name;\n}\n"),
            ],
        );
        assert!(crate_circles(&root).unwrap().is_empty());
    }

    #[test]
    fn a_circle_through_a_reexport_and_a_glob_is_found() {
        let root = write_crate(
            "glob",
            &[
                ("lib.rs", "pub mod grid;\n"),
                (
                    "grid/mod.rs",
                    "mod board;\nmod format;\npub use board::*;\npub use format::show;\n",
                ),
                (
                    "grid/board.rs",
                    "pub struct Grid;\nimpl Grid { fn s(&self) { super::show(self) } }\n",
                ),
                (
                    "grid/format.rs",
                    "use super::*;\npub fn show(_: &Grid) {}\n",
                ),
            ],
        );
        let report = crate_circles(&root).unwrap();
        assert_eq!(report.len(), 1, "{report:?}");
    }
}
