//! The techniques the hint engine knows, in the order a human tries them.

use std::fmt;

use serde::Serialize;

/// A solving technique. Ids are the kebab-case names of interfaces.md.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Technique {
    FullHouse,
    NakedSingle,
    HiddenSingle,
    Pointing,
    Claiming,
    MultiLine,
    LockedPair,
    LockedTriple,
    NakedPair,
    NakedTriple,
    NakedQuad,
    HiddenPair,
    HiddenTriple,
    HiddenQuad,
    XWing,
    Swordfish,
    Jellyfish,
    Skyscraper,
    TwoStringKite,
    XyWing,
    XyzWing,
    WWing,
    SimpleColors,
    UniqueRectangle1,
    BugPlus1,
    XChain,
    XyChain,
    Aic,
    DiscontinuousNiceLoop,
    ContinuousNiceLoop,
    EmptyRectangle,
    TurbotFish,
    FinnedXWing,
    FinnedSwordfish,
    FinnedJellyfish,
    SashimiXWing,
    SashimiSwordfish,
    SashimiJellyfish,
    AlsXz,
    AlsXyWing,
    ForcingChainContradiction,
    DigitForcingChain,
    CellForcingChain,
    HouseForcingChain,
    /// A step of Sudoku Explainer's ladder (see [`crate::logic::se`]), given when our own
    /// ladder finds nothing; not in [`Technique::ALL`], which is our ladder.
    SeStep,
}

impl Technique {
    /// Every technique, easiest first: the order the hint engine tries them in.
    pub const ALL: [Technique; 44] = [
        Technique::FullHouse,
        Technique::NakedSingle,
        Technique::HiddenSingle,
        Technique::Pointing,
        Technique::Claiming,
        Technique::MultiLine,
        Technique::LockedPair,
        Technique::LockedTriple,
        Technique::NakedPair,
        Technique::HiddenPair,
        Technique::NakedTriple,
        Technique::HiddenTriple,
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

    /// The kebab-case id used in JSON, on the command line and in text output.
    pub fn id(self) -> &'static str {
        match self {
            Technique::FullHouse => "full-house",
            Technique::NakedSingle => "naked-single",
            Technique::HiddenSingle => "hidden-single",
            Technique::Pointing => "pointing",
            Technique::Claiming => "claiming",
            Technique::MultiLine => "multi-line",
            Technique::LockedPair => "locked-pair",
            Technique::LockedTriple => "locked-triple",
            Technique::NakedPair => "naked-pair",
            Technique::NakedTriple => "naked-triple",
            Technique::NakedQuad => "naked-quad",
            Technique::HiddenPair => "hidden-pair",
            Technique::HiddenTriple => "hidden-triple",
            Technique::HiddenQuad => "hidden-quad",
            Technique::XWing => "x-wing",
            Technique::Swordfish => "swordfish",
            Technique::Jellyfish => "jellyfish",
            Technique::Skyscraper => "skyscraper",
            Technique::TwoStringKite => "two-string-kite",
            Technique::XyWing => "xy-wing",
            Technique::XyzWing => "xyz-wing",
            Technique::WWing => "w-wing",
            Technique::SimpleColors => "simple-colors",
            Technique::UniqueRectangle1 => "unique-rectangle-1",
            Technique::BugPlus1 => "bug-plus-1",
            Technique::XChain => "x-chain",
            Technique::XyChain => "xy-chain",
            Technique::Aic => "aic",
            Technique::DiscontinuousNiceLoop => "discontinuous-nice-loop",
            Technique::ContinuousNiceLoop => "continuous-nice-loop",
            Technique::EmptyRectangle => "empty-rectangle",
            Technique::TurbotFish => "turbot-fish",
            Technique::FinnedXWing => "finned-x-wing",
            Technique::FinnedSwordfish => "finned-swordfish",
            Technique::FinnedJellyfish => "finned-jellyfish",
            Technique::SashimiXWing => "sashimi-x-wing",
            Technique::SashimiSwordfish => "sashimi-swordfish",
            Technique::SashimiJellyfish => "sashimi-jellyfish",
            Technique::AlsXz => "als-xz",
            Technique::AlsXyWing => "als-xy-wing",
            Technique::ForcingChainContradiction => "forcing-chain-contradiction",
            Technique::DigitForcingChain => "digit-forcing-chain",
            Technique::CellForcingChain => "cell-forcing-chain",
            Technique::HouseForcingChain => "house-forcing-chain",
            Technique::SeStep => "se-step",
        }
    }

    /// The technique with this id.
    pub fn from_id(id: &str) -> Option<Technique> {
        Technique::ALL.into_iter().find(|t| t.id() == id)
    }

    /// A player-facing name: `Naked pair`.
    pub fn title(self) -> String {
        // The names players know, with their usual capitals and hyphens.
        let special = match self {
            Technique::XWing => Some("X-Wing"),
            Technique::XyWing => Some("XY-Wing"),
            Technique::XyzWing => Some("XYZ-Wing"),
            Technique::WWing => Some("W-Wing"),
            Technique::XChain => Some("X-Chain"),
            Technique::XyChain => Some("XY-Chain"),
            Technique::Aic => Some("AIC (alternating inference chain)"),
            Technique::BugPlus1 => Some("BUG+1"),
            Technique::UniqueRectangle1 => Some("Unique rectangle type 1"),
            Technique::MultiLine => Some("Multi-line"),
            Technique::TwoStringKite => Some("Two-string kite"),
            Technique::FinnedXWing => Some("Finned X-Wing"),
            Technique::SashimiXWing => Some("Sashimi X-Wing"),
            Technique::AlsXz => Some("ALS-XZ"),
            Technique::AlsXyWing => Some("ALS-XY-Wing"),
            Technique::SeStep => Some("Sudoku Explainer step"),
            _ => None,
        };
        if let Some(name) = special {
            return name.to_owned();
        }
        let id = self.id().replace('-', " ");
        let mut chars = id.chars();
        match chars.next() {
            Some(first) => first.to_uppercase().collect::<String>() + chars.as_str(),
            None => id,
        }
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}
