//! The techniques the hint engine knows, in the order a human tries them.

use std::fmt;

use serde::Serialize;

/// A solving technique. Its id ([`Technique::id`]) is the kebab-case name the command line
/// accepts (`hint --technique naked-pair`) and JSON output carries; ids are a public contract and
/// never change.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Technique {
    /// The last empty cell of a house.
    FullHouse,
    /// A cell with one candidate left.
    NakedSingle,
    /// A digit with one place left in a house.
    HiddenSingle,
    /// A box's places of a digit all in one line: the digit goes from the rest of the line.
    Pointing,
    /// A line's places of a digit all in one box: the digit goes from the rest of the box.
    Claiming,
    /// Several boxes' places of a digit confined to the same lines (multi-line intersection).
    MultiLine,
    /// A naked pair inside an intersection of a line and a box.
    LockedPair,
    /// A naked triple inside an intersection of a line and a box.
    LockedTriple,
    /// Two cells of a house holding the same two candidates.
    NakedPair,
    /// Three cells of a house holding three candidates between them.
    NakedTriple,
    /// Four cells of a house holding four candidates between them.
    NakedQuad,
    /// Two digits with the same two places in a house.
    HiddenPair,
    /// Three digits confined to three cells of a house.
    HiddenTriple,
    /// Four digits confined to four cells of a house.
    HiddenQuad,
    /// A digit's places in two lines confined to two cross lines.
    XWing,
    /// The three-line fish.
    Swordfish,
    /// The four-line fish.
    Jellyfish,
    /// Two conjugate pairs of a digit joined at one end, the other ends in parallel lines.
    Skyscraper,
    /// A row and a column conjugate pair of a digit joined through a box.
    TwoStringKite,
    /// A pivot cell `xy` with wings `xz` and `yz`.
    XyWing,
    /// A pivot cell `xyz` with wings `xz` and `yz`.
    XyzWing,
    /// Two cells with the same two candidates joined by a conjugate pair.
    WWing,
    /// Two-colouring the conjugate pairs of one digit.
    SimpleColors,
    /// A deadly rectangle with one extra candidate in one corner.
    UniqueRectangle1,
    /// Bivalue universal grave plus one cell with a third candidate.
    BugPlus1,
    /// A chain of one digit's links.
    XChain,
    /// A chain of bivalue cells.
    XyChain,
    /// An alternating inference chain.
    Aic,
    /// A nice loop that breaks at one candidate.
    DiscontinuousNiceLoop,
    /// A nice loop whose every weak link is a strong one in disguise.
    ContinuousNiceLoop,
    /// A box's places of a digit in one row and one column, with a conjugate pair.
    EmptyRectangle,
    /// A three-link chain of one digit with a strong link at each end.
    TurbotFish,
    /// An X-wing with a fin.
    FinnedXWing,
    /// A swordfish with a fin.
    FinnedSwordfish,
    /// A jellyfish with a fin.
    FinnedJellyfish,
    /// A finned X-wing missing a base cell.
    SashimiXWing,
    /// A finned swordfish missing a base cell.
    SashimiSwordfish,
    /// A finned jellyfish missing a base cell.
    SashimiJellyfish,
    /// Two almost locked sets joined by a restricted common candidate.
    AlsXz,
    /// Three almost locked sets linked in a wing.
    AlsXyWing,
    /// An assumption that breaks the grid is false.
    ForcingChainContradiction,
    /// Both states of a candidate lead to the same conclusion.
    DigitForcingChain,
    /// Every candidate of a cell leads to the same conclusion.
    CellForcingChain,
    /// Every place of a digit in a house leads to the same conclusion.
    HouseForcingChain,
    /// A killer cage's candidates that none of its remaining digit sets allows.
    CageCombination,
    /// A digit every remaining digit set of a cage holds leaves the cells that see all its
    /// places in the cage.
    CageLockedDigit,
    /// The rule of 45: the innies or outies of a union of houses as a hidden cage.
    InniesOuties,
    /// Two cages or cells of a house that must each hold one of the same two digits.
    KillerPair,
    /// Three cages or cells of a house that must each hold one of the same three digits.
    KillerTriple,
    /// Jigsaw: the cells of rows outside their regions hold what the regions hold outside
    /// the rows.
    LawOfLeftovers,
    /// A step of Sudoku Explainer's ladder (see [`crate::logic::se`]), given when our own
    /// ladder finds nothing; not in [`Technique::ALL`], which is our ladder.
    SeStep,
}

impl Technique {
    /// Every technique, easiest first: the order the hint engine tries them in.
    pub const ALL: [Technique; 50] = [
        Technique::FullHouse,
        Technique::NakedSingle,
        Technique::HiddenSingle,
        Technique::CageCombination,
        Technique::Pointing,
        Technique::Claiming,
        Technique::MultiLine,
        Technique::CageLockedDigit,
        Technique::InniesOuties,
        Technique::LawOfLeftovers,
        Technique::LockedPair,
        Technique::LockedTriple,
        Technique::NakedPair,
        Technique::HiddenPair,
        Technique::KillerPair,
        Technique::NakedTriple,
        Technique::HiddenTriple,
        Technique::KillerTriple,
        Technique::NakedQuad,
        Technique::HiddenQuad,
        Technique::XWing,
        Technique::Skyscraper,
        Technique::TwoStringKite,
        Technique::EmptyRectangle,
        Technique::TurbotFish,
        Technique::Swordfish,
        Technique::FinnedXWing,
        Technique::SashimiXWing,
        Technique::XyWing,
        Technique::XyzWing,
        Technique::WWing,
        Technique::SimpleColors,
        Technique::UniqueRectangle1,
        Technique::BugPlus1,
        Technique::FinnedSwordfish,
        Technique::SashimiSwordfish,
        Technique::Jellyfish,
        Technique::FinnedJellyfish,
        Technique::SashimiJellyfish,
        Technique::XChain,
        Technique::XyChain,
        Technique::Aic,
        Technique::AlsXz,
        Technique::AlsXyWing,
        Technique::DiscontinuousNiceLoop,
        Technique::ContinuousNiceLoop,
        Technique::ForcingChainContradiction,
        Technique::DigitForcingChain,
        Technique::CellForcingChain,
        Technique::HouseForcingChain,
    ];

    /// Everything the engine knows about this technique, from the one table below.
    pub const fn spec(self) -> Spec {
        // One exhaustive match: a new technique does not compile until its row is written, so
        // no technique can fall back silently to another one's weight or name.
        match self {
            Technique::FullHouse => Spec {
                id: "full-house",
                title: "Full house",
                family: Family::Singles,
                weight: 1.0,
                last_resort: false,
                single_digit: false,
            },
            Technique::NakedSingle => Spec {
                id: "naked-single",
                title: "Naked single",
                family: Family::Singles,
                weight: 2.3,
                last_resort: false,
                single_digit: false,
            },
            Technique::HiddenSingle => Spec {
                id: "hidden-single",
                title: "Hidden single",
                family: Family::Singles,
                weight: 1.5,
                last_resort: false,
                single_digit: true,
            },
            Technique::Pointing => Spec {
                id: "pointing",
                title: "Pointing",
                family: Family::Intersections,
                weight: 2.6,
                last_resort: false,
                single_digit: true,
            },
            Technique::Claiming => Spec {
                id: "claiming",
                title: "Claiming",
                family: Family::Intersections,
                weight: 2.8,
                last_resort: false,
                single_digit: true,
            },
            Technique::MultiLine => Spec {
                id: "multi-line",
                title: "Multi-line",
                family: Family::Intersections,
                weight: 2.9,
                last_resort: false,
                single_digit: true,
            },
            Technique::LockedPair => Spec {
                id: "locked-pair",
                title: "Locked pair",
                family: Family::Subsets,
                weight: 3.0,
                last_resort: false,
                single_digit: false,
            },
            Technique::LockedTriple => Spec {
                id: "locked-triple",
                title: "Locked triple",
                family: Family::Subsets,
                weight: 3.6,
                last_resort: false,
                single_digit: false,
            },
            Technique::NakedPair => Spec {
                id: "naked-pair",
                title: "Naked pair",
                family: Family::Subsets,
                weight: 3.0,
                last_resort: false,
                single_digit: false,
            },
            Technique::NakedTriple => Spec {
                id: "naked-triple",
                title: "Naked triple",
                family: Family::Subsets,
                weight: 3.6,
                last_resort: false,
                single_digit: false,
            },
            Technique::NakedQuad => Spec {
                id: "naked-quad",
                title: "Naked quad",
                family: Family::Subsets,
                weight: 5.0,
                last_resort: false,
                single_digit: false,
            },
            Technique::HiddenPair => Spec {
                id: "hidden-pair",
                title: "Hidden pair",
                family: Family::Subsets,
                weight: 3.4,
                last_resort: false,
                single_digit: false,
            },
            Technique::HiddenTriple => Spec {
                id: "hidden-triple",
                title: "Hidden triple",
                family: Family::Subsets,
                weight: 4.0,
                last_resort: false,
                single_digit: false,
            },
            Technique::HiddenQuad => Spec {
                id: "hidden-quad",
                title: "Hidden quad",
                family: Family::Subsets,
                weight: 5.4,
                last_resort: false,
                single_digit: false,
            },
            Technique::XWing => Spec {
                id: "x-wing",
                title: "X-Wing",
                family: Family::BasicFish,
                weight: 3.5,
                last_resort: false,
                single_digit: true,
            },
            Technique::Swordfish => Spec {
                id: "swordfish",
                title: "Swordfish",
                family: Family::BasicFish,
                weight: 3.8,
                last_resort: false,
                single_digit: true,
            },
            Technique::Jellyfish => Spec {
                id: "jellyfish",
                title: "Jellyfish",
                family: Family::BasicFish,
                weight: 5.2,
                last_resort: false,
                single_digit: true,
            },
            Technique::Skyscraper => Spec {
                id: "skyscraper",
                title: "Skyscraper",
                family: Family::SingleDigitPatterns,
                weight: 4.0,
                last_resort: false,
                single_digit: true,
            },
            Technique::TwoStringKite => Spec {
                id: "two-string-kite",
                title: "Two-string kite",
                family: Family::SingleDigitPatterns,
                weight: 4.1,
                last_resort: false,
                single_digit: true,
            },
            Technique::XyWing => Spec {
                id: "xy-wing",
                title: "XY-Wing",
                family: Family::Wings,
                weight: 4.2,
                last_resort: false,
                single_digit: false,
            },
            Technique::XyzWing => Spec {
                id: "xyz-wing",
                title: "XYZ-Wing",
                family: Family::Wings,
                weight: 4.4,
                last_resort: false,
                single_digit: false,
            },
            Technique::WWing => Spec {
                id: "w-wing",
                title: "W-Wing",
                family: Family::Wings,
                weight: 4.4,
                last_resort: false,
                single_digit: false,
            },
            Technique::SimpleColors => Spec {
                id: "simple-colors",
                title: "Simple colors",
                family: Family::Coloring,
                weight: 4.6,
                last_resort: false,
                single_digit: true,
            },
            Technique::UniqueRectangle1 => Spec {
                id: "unique-rectangle-1",
                title: "Unique rectangle type 1",
                family: Family::Uniqueness,
                weight: 4.5,
                last_resort: false,
                single_digit: false,
            },
            Technique::BugPlus1 => Spec {
                id: "bug-plus-1",
                title: "BUG+1",
                family: Family::Uniqueness,
                weight: 5.6,
                last_resort: false,
                single_digit: false,
            },
            Technique::XChain => Spec {
                id: "x-chain",
                title: "X-Chain",
                family: Family::Chains,
                weight: 6.6,
                last_resort: false,
                single_digit: true,
            },
            Technique::XyChain => Spec {
                id: "xy-chain",
                title: "XY-Chain",
                family: Family::Chains,
                weight: 6.8,
                last_resort: false,
                single_digit: false,
            },
            Technique::Aic => Spec {
                id: "aic",
                title: "AIC (alternating inference chain)",
                family: Family::Chains,
                weight: 7.0,
                last_resort: false,
                single_digit: false,
            },
            Technique::DiscontinuousNiceLoop => Spec {
                id: "discontinuous-nice-loop",
                title: "Discontinuous nice loop",
                family: Family::Chains,
                weight: 7.4,
                last_resort: true,
                single_digit: false,
            },
            Technique::ContinuousNiceLoop => Spec {
                id: "continuous-nice-loop",
                title: "Continuous nice loop",
                family: Family::Chains,
                weight: 7.4,
                last_resort: true,
                single_digit: false,
            },
            Technique::EmptyRectangle => Spec {
                id: "empty-rectangle",
                title: "Empty rectangle",
                family: Family::SingleDigitPatterns,
                weight: 4.2,
                last_resort: false,
                single_digit: true,
            },
            Technique::TurbotFish => Spec {
                id: "turbot-fish",
                title: "Turbot fish",
                family: Family::SingleDigitPatterns,
                weight: 4.2,
                last_resort: false,
                single_digit: true,
            },
            Technique::FinnedXWing => Spec {
                id: "finned-x-wing",
                title: "Finned X-Wing",
                family: Family::FinnedFish,
                weight: 3.7,
                last_resort: false,
                single_digit: true,
            },
            Technique::FinnedSwordfish => Spec {
                id: "finned-swordfish",
                title: "Finned swordfish",
                family: Family::FinnedFish,
                weight: 4.0,
                last_resort: false,
                single_digit: true,
            },
            Technique::FinnedJellyfish => Spec {
                id: "finned-jellyfish",
                title: "Finned jellyfish",
                family: Family::FinnedFish,
                weight: 5.3,
                last_resort: false,
                single_digit: true,
            },
            Technique::SashimiXWing => Spec {
                id: "sashimi-x-wing",
                title: "Sashimi X-Wing",
                family: Family::FinnedFish,
                weight: 3.8,
                last_resort: false,
                single_digit: true,
            },
            Technique::SashimiSwordfish => Spec {
                id: "sashimi-swordfish",
                title: "Sashimi swordfish",
                family: Family::FinnedFish,
                weight: 4.1,
                last_resort: false,
                single_digit: true,
            },
            Technique::SashimiJellyfish => Spec {
                id: "sashimi-jellyfish",
                title: "Sashimi jellyfish",
                family: Family::FinnedFish,
                weight: 5.4,
                last_resort: false,
                single_digit: true,
            },
            Technique::AlsXz => Spec {
                id: "als-xz",
                title: "ALS-XZ",
                family: Family::Als,
                weight: 7.1,
                last_resort: true,
                single_digit: false,
            },
            Technique::AlsXyWing => Spec {
                id: "als-xy-wing",
                title: "ALS-XY-Wing",
                family: Family::Als,
                weight: 7.3,
                last_resort: true,
                single_digit: false,
            },
            Technique::ForcingChainContradiction => Spec {
                id: "forcing-chain-contradiction",
                title: "Forcing chain contradiction",
                family: Family::ForcingChains,
                weight: 8.0,
                last_resort: true,
                single_digit: false,
            },
            Technique::DigitForcingChain => Spec {
                id: "digit-forcing-chain",
                title: "Digit forcing chain",
                family: Family::ForcingChains,
                weight: 8.1,
                last_resort: true,
                single_digit: false,
            },
            Technique::CellForcingChain => Spec {
                id: "cell-forcing-chain",
                title: "Cell forcing chain",
                family: Family::ForcingChains,
                weight: 8.2,
                last_resort: true,
                single_digit: false,
            },
            Technique::HouseForcingChain => Spec {
                id: "house-forcing-chain",
                title: "House forcing chain",
                family: Family::ForcingChains,
                weight: 8.3,
                last_resort: true,
                single_digit: false,
            },
            Technique::CageCombination => Spec {
                id: "cage-combination",
                title: "Cage combination",
                family: Family::Killer,
                weight: 2.0,
                last_resort: false,
                single_digit: false,
            },
            Technique::CageLockedDigit => Spec {
                id: "cage-locked-digit",
                title: "Cage-locked digit",
                family: Family::Killer,
                weight: 2.7,
                last_resort: false,
                single_digit: false,
            },
            Technique::InniesOuties => Spec {
                id: "innies-outies",
                title: "Rule of 45 (innies and outies)",
                family: Family::Killer,
                weight: 2.9,
                last_resort: false,
                single_digit: false,
            },
            Technique::KillerPair => Spec {
                id: "killer-pair",
                title: "Killer pair",
                family: Family::Killer,
                weight: 3.3,
                last_resort: false,
                single_digit: false,
            },
            Technique::KillerTriple => Spec {
                id: "killer-triple",
                title: "Killer triple",
                family: Family::Killer,
                weight: 3.8,
                last_resort: false,
                single_digit: false,
            },
            Technique::LawOfLeftovers => Spec {
                id: "law-of-leftovers",
                title: "Law of leftovers",
                family: Family::Jigsaw,
                weight: 3.0,
                last_resort: false,
                single_digit: false,
            },
            Technique::SeStep => Spec {
                id: "se-step",
                title: "Sudoku Explainer step",
                family: Family::SudokuExplainer,
                // Beyond our ladder: above every technique of ours, below "logic is stuck".
                weight: 9.0,
                last_resort: false,
                single_digit: false,
            },
        }
    }

    /// The kebab-case id used in JSON, on the command line and in text output.
    pub const fn id(self) -> &'static str {
        self.spec().id
    }

    /// The technique with this id.
    pub fn from_id(id: &str) -> Option<Technique> {
        Technique::ALL.into_iter().find(|t| t.id() == id)
    }

    /// A player-facing name, with the capitals and hyphens players know: `Naked pair`, `X-Wing`.
    pub const fn title(self) -> &'static str {
        self.spec().title
    }

    /// The technique's family: the engine module that finds it.
    pub const fn family(self) -> Family {
        self.spec().family
    }

    /// The technique's base weight on the difficulty scale (see [`crate::logic::rating`]).
    pub const fn weight(self) -> f64 {
        self.spec().weight
    }
}

/// What the engine knows about one technique. Every field is read from [`Technique::spec`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Spec {
    /// The kebab-case id of JSON output and the command line (`naked-pair`).
    pub id: &'static str,
    /// The name a player reads (`Naked pair`).
    pub title: &'static str,
    /// Which family (engine module) finds it.
    pub family: Family,
    /// Its base weight on the difficulty scale. The weights of one level lie in one band, so
    /// the level follows from the weight (`difficulty::Level::from_score`); a chain's length
    /// and a hidden single's house adjust it per step (`difficulty::step_weight`).
    pub weight: f64,
    /// A last resort (almost locked sets, nice loops, forcing chains): far more expensive than
    /// the others — a busy board holds hundreds of ALSs, a nice-loop search runs two chain
    /// searches from every candidate, a forcing search follows every candidate — so "every
    /// step" lists them only when nothing else applies or when they are asked for by name.
    pub last_resort: bool,
    /// Looks at one digit at a time: its steps for a digit depend only on where that digit is
    /// placed and still a candidate, and it honours `StepSink::wants_digit`, so the solving walk
    /// skips it for digits whose places have not changed since it last found nothing.
    pub single_digit: bool,
}

/// The families of techniques, one per engine module that finds them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Family {
    /// Full house, naked and hidden singles.
    Singles,
    /// Pointing, claiming, multi-line.
    Intersections,
    /// Naked and hidden subsets, locked pairs and triples.
    Subsets,
    /// X-wing, swordfish, jellyfish.
    BasicFish,
    /// Finned and sashimi fish.
    FinnedFish,
    /// Skyscraper, two-string kite, empty rectangle, turbot fish.
    SingleDigitPatterns,
    /// XY-, XYZ- and W-wings.
    Wings,
    /// Simple colours.
    Coloring,
    /// Unique rectangles, BUG+1.
    Uniqueness,
    /// X- and XY-chains, AICs, nice loops.
    Chains,
    /// Almost locked sets.
    Als,
    /// Forcing chains.
    ForcingChains,
    /// Sudoku Explainer's ladder (`logic::se`), used only where ours finds nothing.
    SudokuExplainer,
    /// Killer cages: combinations, cage-locked digits, the rule of 45, killer subsets.
    Killer,
    /// Jigsaw regions: the law of leftovers.
    Jigsaw,
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn every_technique_has_one_row_with_a_unique_id_and_title() {
        let ids: HashSet<&str> = Technique::ALL.iter().map(|t| t.id()).collect();
        let titles: HashSet<&str> = Technique::ALL.iter().map(|t| t.title()).collect();
        assert_eq!(ids.len(), Technique::ALL.len(), "ids are unique");
        assert_eq!(titles.len(), Technique::ALL.len(), "titles are unique");
        for t in Technique::ALL {
            assert_eq!(Technique::from_id(t.id()), Some(t));
            assert!(t.weight() > 0.0, "{t}");
            assert!(
                t.title().chars().next().is_some_and(char::is_uppercase),
                "{t}"
            );
        }
    }

    #[test]
    fn last_resorts_are_the_als_nice_loop_and_forcing_families() {
        for t in Technique::ALL {
            let expensive = matches!(t.family(), Family::Als | Family::ForcingChains)
                || matches!(
                    t,
                    Technique::DiscontinuousNiceLoop | Technique::ContinuousNiceLoop
                );
            assert_eq!(t.spec().last_resort, expensive, "{t}");
        }
    }
}
