//! The logical-technique engine: human solving techniques over a candidate board, steps that
//! explain themselves, the step-by-step solver, and difficulty rating.
//!
//! Every technique is a function `fn(&Solving, &mut StepSink)` that reports each instance that
//! places or eliminates something; the engine tries them in [`Technique::ALL`] order. The
//! `Solving` context holds the board and the tables several finders share, built once per
//! board state.

pub(crate) mod als;
pub(crate) mod als_sets;
pub(crate) mod bits;
pub(crate) mod board;
pub(crate) mod cage_links;
pub(crate) mod cage_sums;
pub(crate) mod chains;
pub(crate) mod coloring;
pub(crate) mod difficulty;
pub(crate) mod fish;
pub(crate) mod forcing;
pub(crate) mod forcing_table;
pub(crate) mod innies;
pub(crate) mod intersections;
pub(crate) mod killer;
pub(crate) mod links;
pub(crate) mod loop_search;
pub(crate) mod nice_loops;
pub mod path;
pub mod rating;
pub mod se;
pub(crate) mod single_digit;
pub(crate) mod singles;
pub(crate) mod solving;
pub(crate) mod step;
pub(crate) mod subsets;
pub(crate) mod technique;
pub(crate) mod uniqueness;
pub(crate) mod wings;
#[cfg_attr(not(feature = "lab"), allow(dead_code))]
#[allow(missing_docs)]
pub(crate) mod wnef;

pub use board::{Board, BoardError};
pub(crate) use solving::Solving;
pub(crate) use step::StepSink;
pub use step::{
    Candidate, Elimination, Link, LinkKind, Placement, SeRule, Step, StepJson,
    describe_eliminations,
};
pub use technique::{Family, Spec, Technique};

/// The function that finds a technique's steps, or `None` while it is not implemented.
pub(crate) fn finder(technique: Technique) -> Option<fn(&Solving, &mut StepSink)> {
    Some(match technique {
        Technique::FullHouse => singles::full_house,
        Technique::NakedSingle => singles::naked_single,
        Technique::HiddenSingle => singles::hidden_single,
        Technique::Pointing => intersections::pointing,
        Technique::Claiming => intersections::claiming,
        Technique::MultiLine => intersections::multi_line,
        Technique::LockedPair => subsets::locked_pair,
        Technique::LockedTriple => subsets::locked_triple,
        Technique::NakedPair => subsets::naked_pair,
        Technique::NakedTriple => subsets::naked_triple,
        Technique::NakedQuad => subsets::naked_quad,
        Technique::HiddenPair => subsets::hidden_pair,
        Technique::HiddenTriple => subsets::hidden_triple,
        Technique::HiddenQuad => subsets::hidden_quad,
        Technique::XWing => fish::x_wing,
        Technique::Swordfish => fish::swordfish,
        Technique::Jellyfish => fish::jellyfish,
        Technique::FinnedXWing => fish::finned_x_wing,
        Technique::FinnedSwordfish => fish::finned_swordfish,
        Technique::FinnedJellyfish => fish::finned_jellyfish,
        Technique::SashimiXWing => fish::sashimi_x_wing,
        Technique::SashimiSwordfish => fish::sashimi_swordfish,
        Technique::SashimiJellyfish => fish::sashimi_jellyfish,
        Technique::Skyscraper => single_digit::skyscraper,
        Technique::TwoStringKite => single_digit::two_string_kite,
        Technique::EmptyRectangle => single_digit::empty_rectangle,
        Technique::TurbotFish => single_digit::turbot_fish,
        Technique::XyWing => wings::xy_wing,
        Technique::XyzWing => wings::xyz_wing,
        Technique::WWing => wings::w_wing,
        Technique::SimpleColors => coloring::simple_colors,
        Technique::UniqueRectangle1 => uniqueness::unique_rectangle_1,
        Technique::BugPlus1 => uniqueness::bug_plus_1,
        Technique::XChain => chains::x_chain,
        Technique::XyChain => chains::xy_chain,
        Technique::Aic => nice_loops::aic,
        Technique::DiscontinuousNiceLoop => nice_loops::discontinuous_nice_loop,
        Technique::ContinuousNiceLoop => nice_loops::continuous_nice_loop,
        Technique::AlsXz => als::als_xz,
        Technique::AlsXyWing => als::als_xy_wing,
        Technique::ForcingChainContradiction => forcing::contradiction,
        Technique::DigitForcingChain => forcing::digit_forcing_chain,
        Technique::CellForcingChain => forcing::cell_forcing_chain,
        Technique::HouseForcingChain => forcing::house_forcing_chain,
        Technique::CageCombination => killer::cage_combination,
        Technique::CageLockedDigit => killer::cage_locked_digit,
        Technique::InniesOuties => innies::innies_outies,
        Technique::KillerPair => killer::killer_pair,
        Technique::KillerTriple => killer::killer_triple,
        Technique::LawOfLeftovers => innies::law_of_leftovers,
        // Not a finder of our ladder: `logic::se` gives these steps itself.
        Technique::SeStep => return None,
    })
}

/// The techniques the engine can use, easiest first.
pub fn available() -> impl Iterator<Item = Technique> {
    Technique::ALL.into_iter().filter(|&t| finder(t).is_some())
}

/// Every step of one technique at this board.
pub fn find_all(board: &Board, technique: Technique) -> Vec<Step> {
    find_all_in(&Solving::new(board), technique)
}

/// [`find_all`] in a context that may already hold the tables other techniques built at this
/// board.
pub(crate) fn find_all_in(solving: &Solving, technique: Technique) -> Vec<Step> {
    let mut sink = StepSink::new(false);
    if let Some(find) = finder(technique) {
        find(solving, &mut sink);
    }
    sink.into_steps()
}

/// The easiest step among `techniques` (all available ones when empty).
pub fn next_step(board: &Board, techniques: &[Technique]) -> Option<Step> {
    let solving = Solving::new(board);
    let mut sink = StepSink::new(true);
    for technique in order(techniques) {
        if let Some(find) = finder(technique) {
            find(&solving, &mut sink);
            if sink.is_full() {
                break;
            }
        }
    }
    sink.into_steps().into_iter().next()
}

/// Whether a technique is a last resort ([`Spec::last_resort`]): "every step" lists it only
/// when no other technique applies, or when it is asked for by name. The step-by-step solve
/// tries them in weight order as usual.
pub fn is_last_resort(technique: Technique) -> bool {
    technique.spec().last_resort
}

/// Whether a technique looks at one digit at a time ([`Spec::single_digit`]). The solving walk
/// skips such a technique for the digits whose places have not changed since it last found
/// nothing for them.
pub fn is_single_digit(technique: Technique) -> bool {
    technique.spec().single_digit
}

/// Every instance of every technique among `techniques` (all when empty) at this board. The
/// last-resort techniques ([`is_last_resort`]) run only when named in `techniques` or when
/// nothing else finds a step.
pub fn all_steps(board: &Board, techniques: &[Technique]) -> Vec<Step> {
    let solving = Solving::new(board);
    let mut sink = StepSink::new(false);
    let order = order(techniques);
    for &technique in order.iter().filter(|&&t| !is_last_resort(t)) {
        if let Some(find) = finder(technique) {
            find(&solving, &mut sink);
        }
    }
    for &technique in order.iter().filter(|&&t| is_last_resort(t)) {
        if !sink.is_empty() && techniques.is_empty() {
            break;
        }
        if let Some(find) = finder(technique) {
            find(&solving, &mut sink);
        }
    }
    sink.into_steps()
}

fn order(techniques: &[Technique]) -> Vec<Technique> {
    available()
        .filter(|t| techniques.is_empty() || techniques.contains(t))
        .collect()
}
