//! SE's chain steps in words, for a player: each branch of a chain as a numbered list of
//! implications ("1. if r1c2 is 4", "2. then r1c5 is not 4 (since …)"), and a nested chain
//! (SE's "+ Forcing Chains", "+ Multiple Forcing Chains", "+ Dynamic Forcing Chains" levels)
//! summarised level by level: first one line per level — what the whole step shows, which
//! smaller chains it leaned on and what each of those shows — then every chain's numbered
//! proof, the step's own first.
//!
//! A search keeps only a description of the chains it nested (while rating it finds millions
//! of them), so their proofs are rebuilt here, for the one step a player asks about: the inner
//! search runs again on the step's grid without the candidates the outer chain had shown false
//! and the inner chain needed (the outer chain's links into it), and the chain it finds with
//! the same description is explained the same way, one level further down.

use std::sync::Arc;

use super::chaining::{
    Cause, ChainHint, Chaining, Kind, Rule, SeMemo, Search, potential_text, reason_text,
};
use super::grid::{SeGrid, cell_name, house_name};
use super::{CHAININGS, Implication, Potential, describe_removals};

/// A chain step's proof for a player: its explanation, one line each, and the cells and
/// implications of its outermost chain (what a board can draw: the inner chains reason about
/// other, hypothetical grids).
pub struct Explained {
    pub lines: Vec<String>,
    pub cells: Vec<u8>,
    pub links: Vec<Implication>,
}

/// The line that ends a nested chain's level-by-level summary and begins its full proof
/// (every chain's numbered implications, often hundreds of lines).
pub const IN_DETAIL: &str = "In detail:";

/// A step's explanation split into what to read first and, for a nested chain, its full
/// proof (from the `In detail:` line on); any other explanation is all read first.
pub fn summary_and_proof(explanation: &str) -> (&str, Option<&str>) {
    let mut at = 0;
    for line in explanation.split_inclusive('\n') {
        if line.trim_end() == IN_DETAIL {
            return (
                explanation[..at].trim_end_matches('\n'),
                Some(&explanation[at..]),
            );
        }
        at += line.len();
    }
    (explanation, None)
}

/// At most this many chains are explained for one step (the step's own included); the rest
/// are named in the summary only. The hardest steps lean on a handful; the bound keeps a
/// pathological step's explanation (and the searches that rebuild it) finite.
const MAX_PROOFS: usize = 40;

/// Explains a chain step found by `search` at `grid`.
pub fn chain(search: &Search, hint: &ChainHint, grid: &SeGrid) -> Explained {
    let (cells, links) = drawing(search, hint);
    let mut proofs = Vec::new();
    prove(
        search,
        hint,
        grid,
        String::new(),
        1,
        String::new(),
        &mut proofs,
    );
    Explained {
        lines: layout(&proofs),
        cells,
        links,
    }
}

/// One chain of a step: the step itself (depth 1) or a smaller chain it leans on.
struct Proof {
    /// "" for the step itself; "A", "B", … for the chains it leans on; "A.1", … below those.
    label: String,
    depth: usize,
    /// SE's name of the chain.
    name: String,
    /// How the chain reasons, in one phrase ("every candidate of r1c2 leads to r5c5 is not 3").
    gist: String,
    /// What it shows ("r5c5≠3", "r1c2 is 4").
    shows: String,
    /// For an inner chain: what the outer chain had established that it needs.
    given: String,
    /// Its numbered proof (empty when it could not be rebuilt).
    lines: Vec<String>,
    /// The labels of the smaller chains it leans on.
    leans_on: Vec<String>,
}

/// A smaller chain used by one link of a chain being explained.
struct Use {
    rule: Arc<Rule>,
    /// The grid the inner chain works on: the outer step's grid without the candidates the
    /// link needed gone (the link's parents).
    needs: SeGrid,
    /// The outer step's grid without every candidate the branch had shown false before the
    /// link: a second try when `needs` is not enough to find the chain again (a technique
    /// acting inside the inner chain may have relied on more of the outer chain's work).
    before: SeGrid,
    /// "r2c4, r2c5 are not 7 (steps 5, 6)": what the outer chain had shown that it needs.
    given: String,
    /// The candidate the outer chain took from it (the first, when it took several).
    removes: (u8, u8),
}

/// Explains one chain (and, depth first, the chains it leans on) into `proofs`.
fn prove(
    search: &Search,
    hint: &ChainHint,
    grid: &SeGrid,
    label: String,
    depth: usize,
    given: String,
    proofs: &mut Vec<Proof>,
) {
    let (lines, uses) = numbered(search, hint, grid, &label);
    let at = proofs.len();
    proofs.push(Proof {
        label: label.clone(),
        depth,
        name: search.cfg.name(hint.kind),
        gist: gist(search, hint),
        shows: conclusion(hint),
        given,
        lines,
        leans_on: Vec::new(),
    });
    for (i, u) in uses.into_iter().enumerate() {
        let inner_label = if label.is_empty() {
            letter(i)
        } else {
            format!("{label}.{}", i + 1)
        };
        proofs[at].leans_on.push(inner_label.clone());
        let found = (proofs.len() < MAX_PROOFS)
            .then(|| inner_config(&u.rule))
            .flatten()
            .and_then(|cfg| {
                [u.needs, u.before].into_iter().find_map(|g| {
                    find_inner(search.memo(), cfg, &g, &u.rule, u.removes).map(|(s, h)| (s, h, g))
                })
            });
        match found {
            Some((inner, h, g)) => prove(&inner, &h, &g, inner_label, depth + 1, u.given, proofs),
            None => proofs.push(Proof {
                label: inner_label,
                depth: depth + 1,
                name: u
                    .rule
                    .description
                    .split(" (")
                    .next()
                    .unwrap_or_default()
                    .to_string(),
                gist: String::new(),
                shows: u
                    .rule
                    .description
                    .rsplit_once(" (")
                    .map(|(_, r)| r.trim_end_matches(')').to_string())
                    .unwrap_or_default(),
                given: u.given,
                lines: Vec::new(),
                leans_on: Vec::new(),
            }),
        }
    }
}

/// "A", "B", … "Z", then "A2", "B2", …: the labels of a step's smaller chains.
fn letter(i: usize) -> String {
    let c = (b'A' + (i % 26) as u8) as char;
    if i < 26 {
        c.to_string()
    } else {
        format!("{c}{}", i / 26 + 1)
    }
}

/// The configuration of the search that found a nested chain, from the name in its
/// description: among SE's chaining searches, the one with the longest name that begins it
/// (so "Dynamic Cell Forcing Chains (+) (…)" is the "plus" search, not the plain dynamic one).
fn inner_config(rule: &Rule) -> Option<Chaining> {
    let kinds = [
        Kind::Cycle { x: true, y: true },
        Kind::Cycle { x: false, y: true },
        Kind::Cycle { x: true, y: false },
        Kind::ForcingChain { x: true, y: true },
        Kind::ForcingChain { x: true, y: false },
        Kind::Double,
        Kind::Contradiction,
        Kind::CellForcing,
        Kind::RegionForcing { house: 0, digit: 1 },
    ];
    let mut best: Option<(usize, Chaining)> = None;
    for cfg in CHAININGS.into_iter().filter(|c| !c.nishio) {
        for kind in kinds {
            let name = cfg.name(kind);
            let begins = rule
                .description
                .strip_prefix(&name)
                .is_some_and(|rest| rest.starts_with(" ("));
            if begins && best.is_none_or(|(len, _)| name.len() > len) {
                best = Some((name.len(), cfg));
            }
        }
    }
    best.map(|(_, cfg)| cfg)
}

/// The chain a `cfg` search finds at `grid` whose description is the rule's — or, failing
/// that, one of the same name that removes `removes`, the candidate the outer chain needed
/// gone (on a grid with more candidates a cycle can remove more) — with the search that holds
/// its proof.
fn find_inner<'m>(
    memo: &'m SeMemo,
    cfg: Chaining,
    grid: &SeGrid,
    rule: &Rule,
    removes: (u8, u8),
) -> Option<(Search<'m>, ChainHint)> {
    let mut search = Search::new(cfg, memo);
    let hints = search.hints(grid);
    let described =
        |h: &ChainHint| format!("{} ({})", cfg.name(h.kind), describe_removals(&h.removals));
    let at = hints
        .iter()
        .position(|h| described(h) == rule.description)
        .or_else(|| {
            hints.iter().position(|h| {
                rule.description
                    .starts_with(&format!("{} (", cfg.name(h.kind)))
                    && h.removals.contains(&removes)
            })
        })?;
    let found = hints.into_iter().nth(at)?;
    Some((search, found))
}

/// Every potential a chain's conclusion rests on, in the order the search found them.
fn ancestors(search: &Search, targets: &[u32]) -> Vec<u32> {
    let mut seen = std::collections::HashSet::new();
    let mut todo: Vec<u32> = targets.to_vec();
    let mut out = Vec::new();
    while let Some(id) = todo.pop() {
        if seen.insert(id) {
            out.push(id);
            todo.extend(search.parents(id).iter().copied());
        }
    }
    out.sort_unstable();
    out
}

fn potential(search: &Search, id: u32) -> Potential {
    let n = &search.nodes()[id as usize];
    Potential {
        cell: n.cell,
        digit: n.digit,
        on: n.on,
    }
}

/// The outer chain's cells and implications, for the board's drawing.
fn drawing(search: &Search, hint: &ChainHint) -> (Vec<u8>, Vec<Implication>) {
    let mut cells = Vec::new();
    let mut links = Vec::new();
    for id in ancestors(search, &hint.targets) {
        let cell = search.nodes()[id as usize].cell;
        if !cells.contains(&cell) {
            cells.push(cell);
        }
        for &p in search.parents(id) {
            let link = Implication {
                from: potential(search, p),
                to: potential(search, id),
            };
            if !links.contains(&link) {
                links.push(link);
            }
        }
    }
    (cells, links)
}

/// The branches of a chain: each a list of node ids in the order found, the first being its
/// assumption. A contradiction is one branch (both of its ends follow from one assumption).
fn branches(search: &Search, hint: &ChainHint) -> Vec<Vec<u32>> {
    match hint.kind {
        Kind::Contradiction => vec![ancestors(search, &hint.targets)],
        _ => hint
            .targets
            .iter()
            .map(|&t| ancestors(search, &[t]))
            .collect(),
    }
}

/// What a step shows: "r5c5≠3" or "r1c2 is 4".
fn conclusion(hint: &ChainHint) -> String {
    match hint.placement {
        Some((c, d)) => format!("{} is {d}", cell_name(c)),
        None => describe_removals(&hint.removals),
    }
}

/// How a chain reasons, in one phrase.
fn gist(search: &Search, hint: &ChainHint) -> String {
    let text = |id: u32| potential_text(&search.nodes()[id as usize]);
    let root = |t: u32| ancestors(search, &[t]).first().map(|&r| text(r));
    let first = hint.targets.first().copied();
    let target = first.map(text).unwrap_or_default();
    match hint.kind {
        Kind::Contradiction => format!(
            "assuming {} leads to a contradiction",
            hint.source.map(text).unwrap_or_default()
        ),
        Kind::Double => format!(
            "{} and its opposite both lead to {target}",
            hint.source.map(text).unwrap_or_default()
        ),
        Kind::CellForcing => {
            let cell = first.map(|t| {
                let r = ancestors(search, &[t])[0];
                cell_name(search.nodes()[r as usize].cell)
            });
            format!(
                "every candidate of {} leads to {target}",
                cell.unwrap_or_default()
            )
        }
        Kind::RegionForcing { house, digit } => format!(
            "every place for {digit} in {} leads to {target}",
            house_name(house)
        ),
        Kind::ForcingChain { .. } => format!(
            "assuming {} leads to {target}",
            first.and_then(root).unwrap_or_default()
        ),
        Kind::Cycle { .. } => "a loop of implications holds either way round".into(),
    }
}

/// Potentials in words, those of one digit and state together: "r4c8, r4c9 are not 6; r8c7
/// is not 5".
fn grouped(search: &Search, ids: &[u32]) -> String {
    let mut groups: Vec<((u8, bool), Vec<String>)> = Vec::new();
    for &id in ids {
        let n = &search.nodes()[id as usize];
        let name = cell_name(n.cell);
        match groups.iter_mut().find(|(k, _)| *k == (n.digit, n.on)) {
            Some((_, cells)) => cells.push(name),
            None => groups.push(((n.digit, n.on), vec![name])),
        }
    }
    groups
        .iter()
        .map(|((digit, on), cells)| {
            let verb = if cells.len() == 1 { "is" } else { "are" };
            let not = if *on { "" } else { "not " };
            format!("{} {verb} {not}{digit}", cells.join(", "))
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// A chain's numbered proof, and the smaller chains its links lean on (each once, in the
/// order first met; `label` is the chain's own, the inner ones' labels follow from it).
fn numbered(
    search: &Search,
    hint: &ChainHint,
    grid: &SeGrid,
    label: &str,
) -> (Vec<String>, Vec<Use>) {
    let mut lines = Vec::new();
    let mut uses: Vec<Use> = Vec::new();
    let all = branches(search, hint);
    let many = all.len() > 1;
    for (b, ids) in all.iter().enumerate() {
        if many {
            lines.push(format!(
                "branch {} of {} (if {}):",
                b + 1,
                all.len(),
                ids.first()
                    .map(|&r| potential_text(&search.nodes()[r as usize]))
                    .unwrap_or_default()
            ));
        }
        // Step numbers of this branch's potentials, to refer back to them.
        let step_of = |id: u32| ids.iter().position(|&x| x == id).map(|i| i + 1);
        let steps = |of: &[u32]| {
            let mut n: Vec<usize> = of.iter().filter_map(|&p| step_of(p)).collect();
            n.sort_unstable();
            let n: Vec<String> = n.iter().map(usize::to_string).collect();
            let branch = if many {
                format!(" of branch {}", b + 1)
            } else {
                String::new()
            };
            match n.len() {
                0 => String::new(),
                1 => format!("step {}{branch}", n[0]),
                _ => format!("steps {}{branch}", n.join(", ")),
            }
        };
        for (i, &id) in ids.iter().enumerate() {
            let n = &search.nodes()[id as usize];
            let text = potential_text(n);
            let parents = search.parents(id);
            let nested = n.rule.as_ref().filter(|r| r.complexity > 0);
            let line = if i == 0 || parents.is_empty() {
                format!("{}. if {text}", i + 1)
            } else if let (Cause::Advanced, Some(rule)) = (n.cause, nested) {
                let k = match uses.iter().position(|u| Arc::ptr_eq(&u.rule, rule)) {
                    Some(k) => k,
                    None => {
                        let mut needs = *grid;
                        for &p in parents {
                            let q = &search.nodes()[p as usize];
                            if !q.on {
                                needs.remove(q.cell, q.digit);
                            }
                        }
                        let mut before = *grid;
                        for &e in ids.iter().take_while(|&&e| e < id) {
                            let q = &search.nodes()[e as usize];
                            if !q.on && before.has(q.cell, q.digit) {
                                before.remove(q.cell, q.digit);
                            }
                        }
                        uses.push(Use {
                            removes: (n.cell, n.digit),
                            rule: rule.clone(),
                            needs,
                            before,
                            given: format!("{} ({})", grouped(search, parents), steps(parents)),
                        });
                        uses.len() - 1
                    }
                };
                let inner = if label.is_empty() {
                    letter(k)
                } else {
                    format!("{label}.{}", k + 1)
                };
                format!(
                    "{}. then {text} (chain {inner} below shows it, given {})",
                    i + 1,
                    steps(parents)
                )
            } else {
                let from = potential_text(&search.nodes()[parents[0] as usize]);
                format!(
                    "{}. then {text} (since {from}: {})",
                    i + 1,
                    reason_text(search, id)
                )
            };
            lines.push(line);
        }
    }
    let what = match hint.placement {
        Some((c, d)) => format!("so {} is {d}", cell_name(c)),
        None => format!("so {}", describe_removals(&hint.removals)),
    };
    lines.push(match hint.kind {
        Kind::Contradiction => {
            let end = hint
                .targets
                .first()
                .map(|&t| {
                    let n = &search.nodes()[t as usize];
                    format!(
                        "{} would be both {} and not {}",
                        cell_name(n.cell),
                        n.digit,
                        n.digit
                    )
                })
                .unwrap_or_default();
            format!("{end}, which is impossible: the assumption is false, {what}")
        }
        Kind::Cycle { .. } => format!("the loop holds either way round, {what}"),
        _ if many => format!("every branch agrees, {what}"),
        _ => what,
    });
    (lines, uses)
}

/// A step's explanation: a flat chain as its numbered proof; a nested one as a summary line
/// per level, then every chain's proof (the step's own first, then each smaller chain, depth
/// first, headed by what it shows and what it was given).
fn layout(proofs: &[Proof]) -> Vec<String> {
    let Some(top) = proofs.first() else {
        return Vec::new();
    };
    if proofs.len() == 1 {
        return top.lines.clone();
    }
    let levels = proofs.iter().map(|p| p.depth).max().unwrap_or(1);
    let leaning = |p: &Proof| match p.leans_on.len() {
        0 => String::new(),
        1 => format!(" (leaning on chain {})", p.leans_on[0]),
        n => format!(" (leaning on {n} chains: {})", p.leans_on.join(", ")),
    };
    let mut lines = vec![format!("In short, {levels} levels of chains:")];
    lines.push(format!(
        "level 1, the step: {}, so {}{}.",
        top.gist,
        top.shows,
        leaning(top)
    ));
    // A level's line names its kinds of chain once, then each chain by what it shows: a step
    // can lean on a dozen chains, and the line should stay a few lines long on a hint card.
    for depth in 2..=levels {
        let at: Vec<&Proof> = proofs.iter().filter(|p| p.depth == depth).collect();
        let mut names: Vec<&str> = Vec::new();
        for p in &at {
            if !names.contains(&p.name.as_str()) {
                names.push(&p.name);
            }
        }
        let parts: Vec<String> = at
            .iter()
            .map(|p| format!("{}: {}{}", p.label, p.shows, leaning(p)))
            .collect();
        let count = match at.len() {
            1 => "1 chain".to_string(),
            n => format!("{n} chains"),
        };
        lines.push(format!(
            "level {depth}, {count} ({}), showing {}.",
            names.join(", "),
            parts.join("; ")
        ));
    }
    lines.push(IN_DETAIL.into());
    for p in proofs {
        if p.depth == 1 {
            lines.push(format!("the step ({}):", p.name));
        } else {
            lines.push(format!(
                "chain {} (level {}, a {}): to see that {}, given {}:",
                p.label, p.depth, p.name, p.shows, p.given
            ));
        }
        if p.lines.is_empty() {
            lines.push("(its own steps could not be rebuilt here)".into());
        }
        lines.extend(p.lines.iter().cloned());
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_nested_explanation_splits_at_its_detail_and_a_simple_one_does_not() {
        let nested = "In short, 2 levels of chains:\nlevel 1 …\nIn detail:\nthe step (x):\n1. if";
        assert_eq!(
            summary_and_proof(nested),
            (
                "In short, 2 levels of chains:\nlevel 1 …",
                Some("In detail:\nthe step (x):\n1. if")
            )
        );
        let simple = "1. if r1c2 is 4\n2. then r1c5 is not 4";
        assert_eq!(summary_and_proof(simple), (simple, None));
    }
}
