//! Puzzles that drill one technique: the logical path uses it at least once and nothing rated
//! above it.
//!
//! For a technique of our ladder, "nothing above it" is decided the way levels are (see
//! `tune`): the walk restricted to the techniques whose weight is at most the technique's
//! solves the puzzle. That walk takes the same steps the full rating takes (the full walk
//! always tries the easier techniques first, and one of them always applied), so the path a
//! player is shown is the drill. Along a masking's removal sequence, binary search finds the
//! last puzzle the restricted walk solves; it is kept when its walk used the technique. (One
//! exception: a skyscraper is also a sashimi X-Wing, rated lower, so its drill's walk leaves
//! the finned and sashimi X-Wings out, and a player's path may show the sashimi X-Wing.)
//!
//! Sudoku Explainer's rules our ladder lacks (unique rectangle types 2–4, BUG types, aligned
//! exclusions, SE's forcing chains) are drilled on SE's path instead (standard 9×9 only): the
//! puzzle's SE walk has a step of the rule, and none rated above the hardest such step (its ER
//! is that step's difficulty). The search uses SE's ceiling at the rule's highest difficulty.

use std::fmt;

use thiserror::Error;

use crate::grid::{Geometry, Grid, Puzzle};
use crate::logic::se::{self, Bounded};
use crate::logic::{Board, Technique, path, rating::base_weight};

use super::mask::prefix;
use super::stop::Stop;

/// A technique to drill.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Need {
    /// A technique of our ladder (any size and variant).
    Ours(Technique),
    /// A rule of Sudoku Explainer's ladder that ours lacks (standard 9×9 only).
    Se(&'static SeRuleSpec),
}

/// A Sudoku Explainer rule that can be drilled: its identifier (as `hint` writes SE steps),
/// the names its steps carry, and the highest difficulty (tenths) its steps take.
#[derive(Debug, PartialEq, Eq)]
pub struct SeRuleSpec {
    /// The identifier accepted by `--needs` (kebab-case, as `hint` writes it).
    pub id: &'static str,
    /// The identifiers of the SE steps that count as this rule.
    pub step_ids: &'static [&'static str],
    /// The most a step of the rule rates, in tenths (the search's ceiling).
    pub cap: u32,
}

/// SE's rules that our ladder lacks, with the step identifiers that count as each (a rule's
/// steps are named by their shape: "Unique Rectangle type 2", "Unique Loop 6 type 2").
pub const SE_RULES: [SeRuleSpec; 14] = [
    se_rule("unique-rectangle-type-2", &["unique-rectangle-type-2"], 46),
    se_rule("unique-rectangle-type-3", &["unique-rectangle-type-3"], 49),
    se_rule("unique-rectangle-type-4", &["unique-rectangle-type-4"], 46),
    se_rule("bug-type-1", &["bug-type-1"], 56),
    se_rule("bug-type-2", &["bug-type-2"], 57),
    se_rule("bug-type-3", &["bug-type-3"], 60),
    se_rule("bug-type-4", &["bug-type-4"], 57),
    se_rule("aligned-pair-exclusion", &["aligned-pair-exclusion"], 62),
    se_rule(
        "aligned-triplet-exclusion",
        &["aligned-triplet-exclusion"],
        75,
    ),
    se_rule(
        "bidirectional-cycle",
        &[
            "bidirectional-x-cycle",
            "bidirectional-y-cycle",
            "bidirectional-cycle",
        ],
        75,
    ),
    se_rule("forcing-x-chain", &["forcing-x-chain"], 72),
    se_rule("nishio-forcing-chain", &["nishio-forcing-chain"], 80),
    se_rule(
        "region-forcing-chains",
        &[
            "region-forcing-chains",
            "cell-forcing-chains",
            "double-forcing-chain",
            "contradiction-forcing-chain",
        ],
        85,
    ),
    se_rule(
        "dynamic-forcing-chain",
        &[
            "dynamic-double-forcing-chain",
            "dynamic-contradiction-forcing-chain",
            "dynamic-cell-forcing-chains",
            "dynamic-region-forcing-chains",
        ],
        90,
    ),
];

const fn se_rule(id: &'static str, step_ids: &'static [&'static str], cap: u32) -> SeRuleSpec {
    SeRuleSpec { id, step_ids, cap }
}

/// Why a technique name was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum NeedError {
    /// No technique has this name.
    #[error("unknown technique {name:?}; close names: {}", close.join(", "))]
    Unknown {
        /// The name given.
        name: String,
        /// The known names closest to it.
        close: Vec<String>,
    },
    /// A rule of SE's ladder asked for on a shape SE does not rate.
    #[error("{0} is a Sudoku Explainer rule: SE's path exists for standard 9x9 puzzles only")]
    SeOnly(String),
}

impl fmt::Display for Need {
    /// The technique's identifier.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Need::Ours(t) => f.write_str(t.id()),
            Need::Se(rule) => f.write_str(rule.id),
        }
    }
}

/// `name` in identifier form: lower case, words joined by `-`, `+` spelled `plus` (so the
/// key table's "X-Wing", "BUG+1" and "Unique Rectangle 1" read as `x-wing`, `bug-plus-1`…).
fn identifier(name: &str) -> String {
    crate::logic::SeRule {
        name: name.trim().into(),
        difficulty: 0,
    }
    .id()
}

/// Names that players write for techniques whose identifier differs.
const ALIASES: [(&str, &str); 6] = [
    ("2-string-kite", "two-string-kite"),
    ("unique-rectangle", "unique-rectangle-1"),
    ("ur-1", "unique-rectangle-1"),
    ("bug-1", "bug-plus-1"),
    ("nice-loop", "discontinuous-nice-loop"),
    ("forcing-chain", "forcing-chain-contradiction"),
];

impl Need {
    /// The technique a name means, for puzzles of this shape: our ladder's identifiers and
    /// titles (`x-wing`, "X-Wing"), or one of SE's rules our ladder lacks ([`SE_RULES`]).
    pub fn parse(name: &str, geometry: &Geometry) -> Result<Need, NeedError> {
        let id = identifier(name);
        let id = ALIASES
            .iter()
            .find(|(alias, _)| *alias == id)
            .map_or(id.as_str(), |(_, to)| to);
        let ours = Technique::ALL
            .into_iter()
            .find(|t| t.id() == id || identifier(t.title()) == id);
        if let Some(technique) = ours {
            return Ok(Need::Ours(technique));
        }
        if let Some(rule) = SE_RULES.iter().find(|r| r.id == id) {
            if !se::supports(geometry) {
                return Err(NeedError::SeOnly(rule.id.into()));
            }
            return Ok(Need::Se(rule));
        }
        Err(NeedError::Unknown {
            name: name.into(),
            close: close_names(id),
        })
    }
}

/// Every name `--needs` accepts, our ladder's first.
pub fn need_names() -> Vec<&'static str> {
    Technique::ALL
        .iter()
        .map(|t| t.id())
        .chain(SE_RULES.iter().map(|r| r.id))
        .collect()
}

/// The known names nearest to `id` (edit distance, then those sharing a word), at most five.
fn close_names(id: &str) -> Vec<String> {
    let mut scored: Vec<(usize, &str)> = need_names()
        .into_iter()
        .map(|name| {
            let shares_word = id
                .split('-')
                .any(|w| w.len() > 2 && name.split('-').any(|n| n == w));
            let distance = edit_distance(id, name);
            (if shares_word { distance / 2 } else { distance }, name)
        })
        .collect();
    scored.sort();
    scored
        .into_iter()
        .take(5)
        .map(|(_, name)| name.to_string())
        .collect()
}

/// Levenshtein distance between two identifiers.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let next = (diagonal + usize::from(ca != cb))
                .min(row[j] + 1)
                .min(row[j + 1] + 1);
            diagonal = row[j + 1];
            row[j + 1] = next;
        }
    }
    row[b.len()]
}

impl Need {
    /// Whether the drill's puzzles should come from maskings that take one digit's cells
    /// first (see `Attempts::digit_first`): the fishes of four lines, which need a digit
    /// placed at most once when they are used.
    pub(crate) fn wants_digit_first(&self) -> bool {
        matches!(
            self,
            Need::Ours(
                Technique::Jellyfish | Technique::FinnedJellyfish | Technique::SashimiJellyfish
            )
        )
    }
}

/// Whether `u`, rated lower, finds every instance of `t`, so that no path would ever use `t`
/// while `u` is allowed: a skyscraper is a sashimi X-Wing (3.8 against 4.0). Its drill leaves
/// the finned and sashimi X-Wings out.
fn subsumes(u: Technique, t: Technique) -> bool {
    use Technique::*;
    let forcing = |x: Technique| {
        matches!(
            x,
            ForcingChainContradiction | DigitForcingChain | CellForcingChain | HouseForcingChain
        )
    };
    matches!(t, Skyscraper | TurbotFish) && matches!(u, FinnedXWing | SashimiXWing)
        || t == TurbotFish && u == EmptyRectangle
        || t == ContinuousNiceLoop && matches!(u, Aic | DiscontinuousNiceLoop)
        || forcing(t) && forcing(u) && base_weight(u) < base_weight(t)
}

/// How a puzzle stands against a need.
enum Verdict {
    /// Its path needs something rated above the technique.
    Above,
    /// Its path stays at or below the technique; whether it used it.
    AtMost { used: bool },
}

/// Decides [`Verdict`]s for one need.
pub(crate) struct NeedCheck {
    need: Need,
    /// Our ladder's techniques rated at most the need's, easiest first.
    up_to: Vec<Technique>,
}

impl NeedCheck {
    pub(crate) fn new(need: &Need) -> NeedCheck {
        let up_to = match need {
            Need::Ours(t) => {
                let weight = base_weight(*t);
                path::order(&[])
                    .into_iter()
                    .filter(|&u| base_weight(u) <= weight && !subsumes(u, *t))
                    .collect()
            }
            Need::Se(_) => Vec::new(),
        };
        NeedCheck {
            need: need.clone(),
            up_to,
        }
    }

    /// The verdict on a puzzle with one solution; `None` when the stop came first.
    fn verdict(&self, givens: &Grid, stop: Stop<'_>) -> Option<Verdict> {
        let mut board = Board::from_puzzle(&Puzzle::from_grid(givens.clone()));
        match &self.need {
            Need::Ours(technique) => {
                let mut used = false;
                let walk = path::walk(&mut board, &self.up_to, true, |step, _| {
                    used |= step.technique == *technique;
                });
                Some(if walk.solved {
                    Verdict::AtMost { used }
                } else {
                    Verdict::Above
                })
            }
            Need::Se(rule) => {
                let mut hardest_use = 0;
                let rated = se::rate_board_below_with(
                    &board,
                    rule.cap,
                    |id, difficulty| {
                        if rule.step_ids.contains(&id) {
                            hardest_use = hardest_use.max(difficulty);
                        }
                    },
                    || stop.reached(),
                )
                .ok()?;
                Some(match rated {
                    Bounded::Above(_) => Verdict::Above,
                    Bounded::Rated(r) => Verdict::AtMost {
                        used: hardest_use > 0 && hardest_use == r.er,
                    },
                })
            }
        }
    }

    /// The puzzle along a masking's removal sequence that drills the technique.
    pub(crate) fn along_sequence(
        &self,
        solution: &Grid,
        orbits: &[Vec<usize>],
        removed: &[usize],
        only_last: bool,
        stop: Stop<'_>,
    ) -> Option<Grid> {
        let m = removed.len();
        let at = |k: usize| prefix(solution, orbits, removed, k);
        let last = at(m);
        let (chosen, used) = match self.verdict(&last, stop)? {
            Verdict::AtMost { used } => (last, used),
            Verdict::Above if only_last => return None,
            Verdict::Above => {
                // Any puzzle met on the way that drills the technique will do: it is one.
                let (mut lo, mut hi) = (0usize, m);
                while hi - lo > 1 {
                    let mid = lo + (hi - lo) / 2;
                    let givens = at(mid);
                    match self.verdict(&givens, stop)? {
                        Verdict::AtMost { used: true } => return Some(givens),
                        Verdict::AtMost { used: false } => lo = mid,
                        Verdict::Above => hi = mid,
                    }
                }
                return None;
            }
        };
        used.then_some(chosen)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Variant;

    fn geometry(size: usize) -> &'static Geometry {
        Geometry::get(size, Variant::Standard).expect("a geometry")
    }

    #[test]
    fn names_are_read_as_ids_titles_and_aliases() {
        let g = geometry(9);
        let ours = |name: &str| Need::parse(name, g);
        assert_eq!(ours("x-wing"), Ok(Need::Ours(Technique::XWing)));
        assert_eq!(ours("X-Wing"), Ok(Need::Ours(Technique::XWing)));
        assert_eq!(
            ours("2-String Kite"),
            Ok(Need::Ours(Technique::TwoStringKite))
        );
        assert_eq!(ours("BUG+1"), Ok(Need::Ours(Technique::BugPlus1)));
        assert_eq!(
            ours("unique-rectangle-type-2").map(|n| n.to_string()),
            Ok("unique-rectangle-type-2".into())
        );
    }

    #[test]
    fn an_unknown_name_lists_close_ones_and_se_rules_want_nine_by_nine() {
        let Err(NeedError::Unknown { close, .. }) = Need::parse("xwing", geometry(9)) else {
            panic!("xwing is not a name");
        };
        assert!(close.iter().any(|c| c == "x-wing"), "{close:?}");
        assert!(matches!(
            Need::parse("aligned-pair-exclusion", geometry(16)),
            Err(NeedError::SeOnly(_))
        ));
        let message = Need::parse("swordfsh", geometry(9))
            .expect_err("a misspelling")
            .to_string();
        assert!(message.contains("swordfish"), "{message}");
        assert!(!message.contains('\n'));
    }

    #[test]
    fn every_rule_of_ours_has_a_name_that_parses_back() {
        for t in Technique::ALL {
            assert_eq!(Need::parse(t.id(), geometry(9)), Ok(Need::Ours(t)));
        }
        for rule in &SE_RULES {
            assert_eq!(Need::parse(rule.id, geometry(9)), Ok(Need::Se(rule)));
        }
    }
}
