//! A logical step: which technique, where, and what it places or eliminates.

use std::borrow::Cow;

use serde::Serialize;

use crate::grid::{Alphabet, Digits, Geometry};

use super::technique::Technique;

/// A digit placed in a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub struct Placement {
    /// The cell, row-major from 0.
    pub cell: usize,
    /// The digit placed.
    pub digit: u8,
}

/// A candidate removed from a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub struct Elimination {
    /// The cell, row-major from 0.
    pub cell: usize,
    /// The digit removed.
    pub digit: u8,
}

/// One candidate: a digit that may still go in a cell. The ends of a chain's links.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Candidate {
    /// The cell, row-major from 0.
    pub cell: usize,
    /// The digit.
    pub digit: u8,
}

/// How one candidate of a chain leads to the next.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum LinkKind {
    /// If `from` is false, `to` is true (a digit with two places in a house, a cell with two
    /// candidates); drawn as `=` in the explanations.
    Strong,
    /// If `from` is true, `to` is false (one digit in two cells that see each other, two
    /// digits of one cell); drawn as `-`.
    Weak,
}

/// One link of a chain, in the order the chain is read: enough for a view to draw the chain
/// over the board as arrows between candidates.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Link {
    /// Where the link starts.
    pub from: Candidate,
    /// Where it leads.
    pub to: Candidate,
    /// Strong or weak.
    pub kind: LinkKind,
}

/// The Sudoku Explainer rule a step was found by, for the steps our own ladder has no
/// technique for ([`Technique::SeStep`]): every place that names a step's technique (a hint, a
/// solution path, a rating) names SE's rule, not the fallback it came through.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SeRule {
    /// SE's name for the rule: "Dynamic Contradiction Forcing Chain", "Aligned Pair Exclusion".
    pub name: String,
    /// SE's difficulty of the step, in tenths (ER 9.4 is 94).
    pub difficulty: u32,
}

impl SeRule {
    /// The rule's identifier, in the style of the engine's own: lower case, words joined by
    /// `-`, a `+` spelled `plus` ("Dynamic Forcing Chain (+)" is `dynamic-forcing-chain-plus`).
    pub fn id(&self) -> String {
        let mut id = String::with_capacity(self.name.len() + 4);
        for c in self.name.chars() {
            if c.is_ascii_alphanumeric() {
                id.push(c.to_ascii_lowercase());
            } else {
                if !id.is_empty() && !id.ends_with('-') {
                    id.push('-');
                }
                if c == '+' {
                    id.push_str("plus-");
                }
            }
        }
        id.truncate(id.trim_end_matches('-').len());
        id
    }
}

/// One application of a technique. Only steps that place or eliminate something are reported.
///
/// Finders build steps with [`Step::placing`], [`Step::eliminating`] or [`Step::new`] and the
/// chained setters ([`Step::houses`], [`Step::cells`], [`Step::digits`], [`Step::linked`],
/// [`Step::explained`]), so that a field added here has one default rather than a line in
/// every finder.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Step {
    /// The technique applied.
    pub technique: Technique,
    /// The houses the pattern lives in (indices into [`Geometry::houses`]).
    pub houses: Vec<usize>,
    /// The cells that make the pattern (not the cells it changes).
    pub cells: Vec<usize>,
    /// The killer cages the pattern is about (indices into [`Geometry::cages`]); empty for
    /// the techniques that do not read cages.
    pub cages: Vec<usize>,
    /// The digits the pattern is about.
    pub digits: Vec<u8>,
    /// Digits the step places.
    pub placements: Vec<Placement>,
    /// Candidates the step removes.
    pub eliminations: Vec<Elimination>,
    /// The links of the chain the step follows, in reading order, for the chain techniques
    /// (X- and XY-chains, AICs, nice loops, simple colors, forcing chains); empty for the
    /// others. Like the explanation, it is presentation: a sink that keeps no text
    /// (`StepSink::without_text`) drops it, and it is not part of the JSON contract.
    pub links: Vec<Link>,
    /// What a player reads: the pattern, why it works, and what it changes.
    pub explanation: String,
    /// For a step of Sudoku Explainer's ([`Technique::SeStep`]): the rule that found it.
    pub se_rule: Option<SeRule>,
}

impl Step {
    /// A step of `technique` that places and eliminates the given candidates, with no pattern
    /// and no text yet.
    pub fn new(
        technique: Technique,
        placements: Vec<Placement>,
        eliminations: Vec<Elimination>,
    ) -> Step {
        Step {
            technique,
            houses: Vec::new(),
            cells: Vec::new(),
            cages: Vec::new(),
            digits: Vec::new(),
            placements,
            eliminations,
            links: Vec::new(),
            explanation: String::new(),
            se_rule: None,
        }
    }

    /// A step that places digits and eliminates nothing.
    pub fn placing(technique: Technique, placements: Vec<Placement>) -> Step {
        Step::new(technique, placements, Vec::new())
    }

    /// A step that eliminates candidates and places nothing.
    pub fn eliminating(technique: Technique, eliminations: Vec<Elimination>) -> Step {
        Step::new(technique, Vec::new(), eliminations)
    }

    /// The houses the pattern lives in.
    pub fn houses(mut self, houses: Vec<usize>) -> Step {
        self.houses = houses;
        self
    }

    /// The cells that make the pattern.
    pub fn cells(mut self, cells: Vec<usize>) -> Step {
        self.cells = cells;
        self
    }

    /// The killer cages the pattern is about.
    pub fn cages(mut self, cages: Vec<usize>) -> Step {
        self.cages = cages;
        self
    }

    /// The digits the pattern is about.
    pub fn digits(mut self, digits: Vec<u8>) -> Step {
        self.digits = digits;
        self
    }

    /// The chain's links (see [`Step::links`](struct.Step.html#structfield.links)).
    pub fn linked(mut self, links: Vec<Link>) -> Step {
        self.links = links;
        self
    }

    /// What a player reads.
    pub fn explained(mut self, explanation: String) -> Step {
        self.explanation = explanation;
        self
    }

    /// The Sudoku Explainer rule that found the step.
    pub fn se_rule(mut self, rule: SeRule) -> Step {
        self.se_rule = Some(rule);
        self
    }

    /// The name of the step's technique for a player: SE's rule for an SE step, else the
    /// technique's title.
    pub fn title(&self) -> &str {
        match &self.se_rule {
            Some(rule) => &rule.name,
            None => self.technique.title(),
        }
    }

    /// The identifier of the step's technique (JSON, text output): SE's rule for an SE step
    /// (see [`SeRule::id`]), else the technique's.
    pub fn technique_id(&self) -> Cow<'static, str> {
        match &self.se_rule {
            Some(rule) => Cow::Owned(rule.id()),
            None => Cow::Borrowed(self.technique.id()),
        }
    }
}

/// The links of an alternating chain given as candidate nodes (`cell * n + digit - 1`):
/// between node `i` and `i + 1` the link is strong when `i` is even if `strong_first`, when
/// `i` is odd otherwise. The node form is the one the chain searches use.
pub fn alternating_links(nodes: &[usize], n: usize, strong_first: bool) -> Vec<Link> {
    let candidate = |v: usize| Candidate {
        cell: v / n,
        digit: (v % n) as u8 + 1,
    };
    nodes
        .windows(2)
        .enumerate()
        .map(|(i, pair)| Link {
            from: candidate(pair[0]),
            to: candidate(pair[1]),
            kind: if (i % 2 == 0) == strong_first {
                LinkKind::Strong
            } else {
                LinkKind::Weak
            },
        })
        .collect()
}

/// The JSON form of a step, as `hint --format json` prints it (a public contract): houses by
/// name (`row 1`, `box 3`), everything else by number.
#[derive(Serialize)]
pub struct StepJson<'a> {
    /// The technique's id (`naked-pair`).
    pub technique: Cow<'static, str>,
    /// The houses of the pattern, by name.
    pub houses: Vec<String>,
    /// The cells of the pattern, row-major from 0.
    pub cells: &'a [usize],
    /// The digits the pattern is about.
    pub digits: &'a [u8],
    /// Digits placed.
    pub placements: &'a [Placement],
    /// Candidates removed.
    pub eliminations: &'a [Elimination],
    /// The step in words.
    pub explanation: &'a str,
}

impl Step {
    /// Whether the step changes the board.
    pub fn is_productive(&self) -> bool {
        !self.placements.is_empty() || !self.eliminations.is_empty()
    }

    /// Sorts placements and eliminations and removes repeats, so that steps compare equal
    /// whatever order a technique found them in.
    pub fn normalize(&mut self) {
        self.placements.sort_unstable();
        self.placements.dedup();
        self.eliminations.sort_unstable();
        self.eliminations.dedup();
    }

    /// The step as the JSON contract writes it (cell names, technique id).
    pub fn to_json<'a>(&'a self, geometry: &Geometry) -> StepJson<'a> {
        StepJson {
            technique: self.technique_id(),
            houses: self
                .houses
                .iter()
                .map(|&h| geometry.houses()[h].to_string())
                .collect(),
            cells: &self.cells,
            digits: &self.digits,
            placements: &self.placements,
            eliminations: &self.eliminations,
            explanation: &self.explanation,
        }
    }
}

/// Lists cells the way the explanations do: `r3c2, r3c7`.
pub fn cell_list(geometry: &Geometry, cells: &[usize]) -> String {
    let mut out = String::with_capacity(cells.len() * 6);
    push_cell_list(&mut out, geometry, cells.iter().copied());
    out
}

/// Lists cells as a sentence does: `r3c2`, `r3c2 and r3c7`, `r3c2, r3c5 and r3c7`.
pub fn cell_list_and(geometry: &Geometry, cells: &[usize]) -> String {
    let mut out = String::with_capacity(cells.len() * 7);
    for (i, &cell) in cells.iter().enumerate() {
        if i > 0 {
            out.push_str(if i + 1 == cells.len() { " and " } else { ", " });
        }
        push_cell_name(&mut out, geometry, cell);
    }
    out
}

/// Appends cells as [`cell_list`] writes them, straight into `out`: explanations list many
/// cells, and a string per cell name cost more than the rest of most techniques.
fn push_cell_list(out: &mut String, geometry: &Geometry, cells: impl Iterator<Item = usize>) {
    for (i, cell) in cells.enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        push_cell_name(out, geometry, cell);
    }
}

/// Appends [`Geometry::cell_name`] of a cell: `r3c7`.
fn push_cell_name(out: &mut String, geometry: &Geometry, cell: usize) {
    out.push('r');
    push_number(out, geometry.row_of(cell) + 1);
    out.push('c');
    push_number(out, geometry.col_of(cell) + 1);
}

/// Appends a number in decimal.
fn push_number(out: &mut String, n: usize) {
    if n >= 10 {
        push_number(out, n / 10);
    }
    out.push(char::from(b'0' + (n % 10) as u8));
}

/// Lists digits as `2/8`, in the puzzle's alphabet.
pub fn digit_list(alphabet: Alphabet, digits: &[u8]) -> String {
    digits
        .iter()
        .map(|&d| alphabet.show(d).to_string())
        .collect::<Vec<_>>()
        .join("/")
}

/// Describes eliminations grouped by digit, digits in increasing order (written in the
/// puzzle's alphabet) and cells in the order given: `remove 2 from r3c4, r3c5; remove 8 from
/// r3c9`.
pub fn describe_eliminations(
    geometry: &Geometry,
    alphabet: Alphabet,
    eliminations: &[Elimination],
) -> String {
    // Digits go up to 36: one bit each.
    let digits = eliminations
        .iter()
        .fold(0u64, |acc, e| acc | 1 << (e.digit - 1));
    let mut out = String::with_capacity(16 + eliminations.len() * 6);
    let mut rest = digits;
    while rest != 0 {
        let d = rest.trailing_zeros() as u8 + 1;
        rest &= rest - 1;
        if !out.is_empty() {
            out.push_str("; ");
        }
        out.push_str("remove ");
        out.push(alphabet.symbol(d));
        out.push_str(" from ");
        let cells = eliminations.iter().filter(|e| e.digit == d).map(|e| e.cell);
        push_cell_list(&mut out, geometry, cells);
    }
    out
}

/// A small fast hasher (FxHash's multiply-rotate) for the engine's maps and sets of small
/// keys, where the standard library's DoS-resistant SipHash costs more than the work it
/// serves.
#[derive(Default, Clone, Copy)]
pub(crate) struct Fx(u64);

impl std::hash::Hasher for Fx {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(b as u64);
        }
    }
    fn write_u8(&mut self, i: u8) {
        self.write_u64(i as u64);
    }
    fn write_u32(&mut self, i: u32) {
        self.write_u64(i as u64);
    }
    fn write_usize(&mut self, i: usize) {
        self.write_u64(i as u64);
    }
    fn write_u64(&mut self, i: u64) {
        self.0 = (self.0.rotate_left(5) ^ i).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

pub(crate) type BuildFx = std::hash::BuildHasherDefault<Fx>;

/// Where steps go while techniques search: all of them, or stop at the first.
pub struct StepSink {
    steps: Vec<Step>,
    /// Step key hash → index of the first kept step with that hash; `same_hash[i]` links to
    /// the next kept step with step `i`'s hash (`u32::MAX`: none). Repeats are found in
    /// constant time (a busy board yields hundreds of steps; a linear scan made `all_steps`
    /// quadratic).
    seen: std::collections::HashMap<u64, u32, BuildFx>,
    same_hash: Vec<u32>,
    first_only: bool,
    /// The digits a single-digit technique ([`super::is_single_digit`]) should search (`None`:
    /// all of them).
    digits: Option<Digits>,
    /// Whether steps get their explanation text (see [`StepSink::without_text`]).
    text: bool,
}

impl StepSink {
    /// A sink that keeps every step, or (`first_only`) only the first.
    pub fn new(first_only: bool) -> StepSink {
        StepSink {
            steps: Vec::new(),
            seen: Default::default(),
            same_hash: Vec::new(),
            first_only,
            digits: None,
            text: true,
        }
    }

    /// A sink for a single-digit technique that needs to look at `digits` only: the caller
    /// knows the others find nothing (see [`super::path::walk`]).
    pub fn for_digits(first_only: bool, digits: Option<Digits>) -> StepSink {
        StepSink {
            digits,
            ..StepSink::new(first_only)
        }
    }

    /// The same sink, but the steps it receives have an empty explanation: for callers that
    /// never read it (the rating's batched walk), so that techniques skip formatting text for
    /// steps nobody shows. Steps that differ only in their text are then kept once.
    pub fn without_text(mut self) -> StepSink {
        self.text = false;
        self
    }

    /// Whether steps should carry their explanation text (and their chain's links).
    pub fn wants_text(&self) -> bool {
        self.text
    }

    /// The explanation `make` builds, or an empty string when this sink keeps no text.
    pub fn text(&self, make: impl FnOnce() -> String) -> String {
        if self.text { make() } else { String::new() }
    }

    /// The links `make` builds, or none when this sink keeps no text: links, like the text,
    /// are for a player to read.
    pub fn links(&self, make: impl FnOnce() -> Vec<Link>) -> Vec<Link> {
        if self.text { make() } else { Vec::new() }
    }

    /// The digits to search (`None`: all).
    pub fn digits(&self) -> Option<Digits> {
        self.digits
    }

    /// Whether a single-digit technique should search `digit`.
    pub fn wants_digit(&self, digit: u8) -> bool {
        self.digits.is_none_or(|d| d.contains(digit))
    }

    /// Records a step if it changes something; returns true when the search should stop.
    pub fn push(&mut self, mut step: Step) -> bool {
        if step.is_productive() {
            step.normalize();
            if !self.text {
                // Links are presentation, like the text: without them, steps that differ
                // only in the chain that proves them are kept once, as before links existed.
                step.links = Vec::new();
            }
            // The hash leaves out the text and the pattern: steps with the same conclusions
            // are rare and compared in full anyway.
            let key = {
                use std::hash::{BuildHasher, Hash, Hasher};
                let mut hasher = BuildFx::default().build_hasher();
                step.technique.hash(&mut hasher);
                step.placements.hash(&mut hasher);
                step.eliminations.hash(&mut hasher);
                hasher.finish()
            };
            let index = self.steps.len() as u32;
            match self.seen.entry(key) {
                std::collections::hash_map::Entry::Vacant(slot) => {
                    slot.insert(index);
                }
                std::collections::hash_map::Entry::Occupied(slot) => {
                    let mut at = *slot.get();
                    loop {
                        if self.steps[at as usize] == step {
                            return self.is_full();
                        }
                        let next = self.same_hash[at as usize];
                        if next == u32::MAX {
                            self.same_hash[at as usize] = index;
                            break;
                        }
                        at = next;
                    }
                }
            }
            self.same_hash.push(u32::MAX);
            self.steps.push(step);
        }
        self.is_full()
    }

    /// Whether a first-only search has what it wants.
    pub fn is_full(&self) -> bool {
        self.first_only && !self.steps.is_empty()
    }

    /// The steps found, in the order found.
    pub fn into_steps(self) -> Vec<Step> {
        self.steps
    }

    /// How many steps were found.
    #[cfg_attr(not(feature = "lab"), allow(dead_code))]
    pub fn len(&self) -> usize {
        self.steps.len()
    }

    /// Whether no step was found.
    pub fn is_empty(&self) -> bool {
        self.steps.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// SE's rule names become identifiers in the style of the engine's own.
    #[test]
    fn se_rule_ids_are_kebab_case() {
        let id = |name: &str| {
            SeRule {
                name: name.into(),
                difficulty: 0,
            }
            .id()
        };
        assert_eq!(
            id("Dynamic Contradiction Forcing Chain"),
            "dynamic-contradiction-forcing-chain"
        );
        assert_eq!(
            id("Dynamic Forcing Chain (+)"),
            "dynamic-forcing-chain-plus"
        );
        assert_eq!(
            id("Dynamic Region Forcing Chains (+ Forcing Chains)"),
            "dynamic-region-forcing-chains-plus-forcing-chains"
        );
        assert_eq!(id("Forcing X-Chain"), "forcing-x-chain");
        assert_eq!(id("Unique Loop 6 type 2"), "unique-loop-6-type-2");
        let step = Step::new(Technique::SeStep, Vec::new(), Vec::new()).se_rule(SeRule {
            name: "Aligned Pair Exclusion".into(),
            difficulty: 62,
        });
        assert_eq!(step.title(), "Aligned Pair Exclusion");
        assert_eq!(step.technique_id(), "aligned-pair-exclusion");
        let ours = Step::new(Technique::XWing, Vec::new(), Vec::new());
        assert_eq!(ours.title(), Technique::XWing.title());
        assert_eq!(ours.technique_id(), "x-wing");
    }

    /// The direct writers give what the geometry's names and `format!` gave: digits in
    /// increasing order and in the puzzle's alphabet, cells in the order given, two-digit rows
    /// and columns.
    #[test]
    fn eliminations_described_as_before() {
        let g = Geometry::get(16, crate::grid::Variant::Standard).expect("16×16");
        let e = |cell, digit| Elimination { cell, digit };
        let eliminations = [
            e(g.cell(11, 3), 12),
            e(g.cell(0, 15), 2),
            e(g.cell(9, 9), 12),
        ];
        assert_eq!(
            describe_eliminations(g, Alphabet::Digits, &eliminations),
            "remove 2 from r1c16; remove C from r12c4, r10c10"
        );
        assert_eq!(
            describe_eliminations(g, Alphabet::ZeroBased, &eliminations),
            "remove 1 from r1c16; remove B from r12c4, r10c10"
        );
        let cells = [g.cell(15, 0), g.cell(2, 13)];
        let expected: Vec<String> = cells.iter().map(|&c| g.cell_name(c)).collect();
        assert_eq!(cell_list(g, &cells), expected.join(", "));
        assert_eq!(cell_list(g, &[]), "");
        assert_eq!(cell_list_and(g, &cells[..1]), expected[0]);
        assert_eq!(
            cell_list_and(g, &[cells[0], cells[1], 0]),
            format!("{}, {} and r1c1", expected[0], expected[1])
        );
    }
}
