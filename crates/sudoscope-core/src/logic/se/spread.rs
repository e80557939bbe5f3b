//! What one assumption implies over the links of one pass of the cycle and forcing-chain
//! search, worked out as sets of cells per digit rather than as a graph of potentials.
//!
//! The search for cycles and forcing chains runs three passes: house links only (X), cell
//! links only (Y; "on" still turns the digit off in the cell's houses) and both (XY). Before a
//! pass follows an assumption potential by potential — making nodes, parents and queues, about
//! a hundred potentials for each — it asks here, at a small fraction of the cost, whether the
//! pass can find a forcing chain from it: one from "on" needs "on" to imply "off" over the
//! pass's links, one from "off" needs "off" to imply "on". A chain that cannot come before the
//! best step already found — one too long — is not followed either. (The search walks here in
//! the X pass, whose house links never leave one digit, so a walk is two sets of cells; and in
//! the XY pass for the chains' sizes and, once a step is found, for the cycles short enough to
//! come before it. Otherwise whether a cycle through "on" can remove a candidate is judged by
//! the components of the pass's graph, found once per grid — see `Implications::over_pass`.)
//!
//! The links of every pass are symmetric under contraposition (if *a* implies *b*, then "not
//! *b*" implies "not *a*": a link through a house or a cell works both ways). The walks use it
//! to go half as far for a forcing chain, and to find what leads back to an assumption by a
//! walk from its opposite; the tests use it too: the literals on a cycle through "on" are
//! those "on" implies whose opposites "off" implies.

use super::grid::{Conjugates, SeGrid, bit, cells_of, digits, tables};

/// Literals as cells per digit (index 1–9) and state.
#[derive(Clone, Copy, Default)]
struct Literals {
    on: [u128; 10],
    off: [u128; 10],
}

/// The literals a walk met first at one level (all "on" or all "off": the two alternate
/// along every path), as cells per digit, with the digits that hold any.
#[derive(Clone, Copy)]
pub struct WalkLevel {
    cells: [u128; 10],
    digits: u16,
    on: bool,
}

/// What [`Spread::loop_hopes`] says can come from an assumption.
pub struct LoopHopes {
    /// A cycle short enough that may remove a candidate.
    pub cycle: bool,
    /// A forcing chain short enough from "on" to "off".
    pub chain_from_on: bool,
    /// A forcing chain short enough from "off" to "on".
    pub chain_from_off: bool,
}

/// Whether a walk that first met a literal and its opposite at `level` shows a forcing chain
/// of at most `max_links` links: when `level` is at most half of them, rounded up (see
/// [`Spread::chain_within`]).
fn met_within(level: u32, max_links: u32) -> bool {
    u64::from(level) * 2 <= u64::from(max_links) + 1
}

/// Room for the levels of the two walks of [`Spread::loop_hopes`], kept from one call to the
/// next.
#[derive(Default)]
pub struct CycleWalks {
    from_on: Vec<WalkLevel>,
    from_off: Vec<WalkLevel>,
}

/// Everything one literal implies over one pass's links, and when its opposite first appears.
pub struct Spread {
    /// Read by the tests, which compare a walk that went everywhere with a plain search.
    #[cfg_attr(not(test), allow(dead_code))]
    reached: Literals,
    /// Links from the assumption to its opposite along the shortest path (none: never), when
    /// the walk went everywhere (read by the tests).
    #[cfg_attr(not(test), allow(dead_code))]
    opposite_at: Option<u32>,
    /// The first level at which the walk met a literal whose opposite it had met before (see
    /// [`Spread::chain_within`]).
    met_at: Option<u32>,
}

/// How far a walk goes: to everything the assumption implies (what the tests compare with a
/// plain search), or only as far as [`Spread::chain_within`] needs for a chain of at most
/// `max_links` links (what the passes ask).
#[derive(Clone, Copy)]
pub enum Extent {
    /// Everything the assumption implies (what the tests compare with a plain search).
    #[cfg_attr(not(test), allow(dead_code))]
    Everything,
    /// Until it first meets a literal and its opposite, as far as that can show a chain of at
    /// most `max_links` links.
    ChainWithin { max_links: u32 },
    /// Every literal at most `max_links` links away (for [`Spread::loop_hopes`]).
    Within { max_links: u32 },
}

impl Extent {
    /// Whether a walk that has gone `depth` links, and has or has not met two opposites,
    /// goes on.
    fn goes_on(self, depth: u32, met_at: Option<u32>) -> bool {
        match self {
            Extent::Everything => true,
            Extent::ChainWithin { max_links } => {
                met_at.is_none() && met_within(depth + 1, max_links)
            }
            Extent::Within { max_links } => depth < max_links,
        }
    }
}

/// The links a pass follows: cell links (`y`: a cell's other candidates; a bivalue cell's other
/// candidate) and house links (`x`: the digit's other place in a house with two). "On" always
/// turns the digit off in the cell's houses.
#[derive(Clone, Copy, Debug)]
pub struct PassLinks {
    pub y: bool,
    pub x: bool,
}

impl Spread {
    /// What "`cell` is (`on`) / is not `digit`" implies over `links` at `grid`, as far as
    /// `extent` asks: a walk level by level, each level's new literals kept as cells per digit
    /// (the digits holding any listed in a mask, so that a level touches only what it holds).
    pub fn of(
        grid: &SeGrid,
        conjugates: &Conjugates,
        links: PassLinks,
        start: (u8, u8, bool),
        extent: Extent,
    ) -> Spread {
        if !links.y {
            return Spread::over_houses(grid, conjugates, start, extent);
        }
        Spread::over_cells_and_houses(grid, conjugates, links, start, extent, None)
    }

    /// Whether "`cell` is (`on`) / is not `digit`" implies its own opposite in at most
    /// `max_links` links: a forcing chain that short exists.
    ///
    /// The walk goes only half as far, by contraposition. If the shortest path from the
    /// assumption A to "not A" takes k links and passes through M after i of them, its last
    /// k − i links read backwards and negated are a path from A to "not M": A reaches both M
    /// and "not M", in i and k − i links. Conversely, paths from A to M and to "not M" make,
    /// the second read backwards, a path from A to "not A" as long as both together. So a
    /// chain of at most `max_links` links exists exactly when the walk, level by level, meets
    /// a literal whose opposite it met before within half of them, rounded up: the middle of
    /// the shortest chain is met there, and whatever pair is met first adds up to at most
    /// `max_links` (the later of the two lies at most half of them out, the earlier closer;
    /// the two lie an odd number of links apart, as "on" and "off" alternate along a path).
    pub fn chain_within(
        grid: &SeGrid,
        conjugates: &Conjugates,
        links: PassLinks,
        start: (u8, u8, bool),
        max_links: u32,
    ) -> bool {
        Spread::of(
            grid,
            conjugates,
            links,
            start,
            Extent::ChainWithin { max_links },
        )
        .met_at
        .is_some()
    }

    /// Which cycles and forcing chains of the XY pass can come from "`cell` is `digit`":
    /// whether a cycle of at most `cycle_links` links through it can remove a candidate, and
    /// whether a forcing chain of at most `chain_links` links goes from "on" to "off" or from
    /// "off" to "on" (as [`Spread::chain_within`] says, from the same two walks); `walks` is
    /// room for the walks' levels.
    ///
    /// A literal M lies on such a cycle only if "on" reaches M in i links and M leads back to
    /// "on" in j more, i + j ≤ `cycle_links`; read backwards and negated, the way back is a
    /// path of j links from "off" to "not M". So a walk from "on" and one from "off", each
    /// level by level, give a set of literals holding every literal of every such cycle. A
    /// cycle removes the digit from a cell off the cycle that sees one of its "on" literals and
    /// one of its "off" literals of that digit: when no cell but the assumption's own sees
    /// both among that set, none of those cycles removes anything. (Most cycles a search
    /// finds remove nothing — closed paths of conjugate places and bivalue cells — and the
    /// shorter the cycles that could still matter, the fewer literals they can pass through.)
    pub fn loop_hopes(
        grid: &SeGrid,
        conjugates: &Conjugates,
        (cell, digit): (u8, u8),
        (cycle_links, chain_links): (u32, u32),
        walks: &mut CycleWalks,
    ) -> LoopHopes {
        let t = tables();
        let links = PassLinks { y: true, x: true };
        // How far each walk goes. "On" and "off" alternate along a cycle, so it has an even
        // number of links. A literal M one link from "on" may lead back in the rest; one
        // further out cannot lead back in one link — only the "offs" that turn "on" on do,
        // and those lie one link from it — so the walk from "on" needs two links less than
        // the cycle, the walk from "off" one. The forcing chains need half their links.
        let cycle_links = cycle_links & !1;
        let chain_half = chain_links.div_ceil(2);
        let mut chains = [false; 2];
        for (on, levels) in [(true, &mut walks.from_on), (false, &mut walks.from_off)] {
            levels.clear();
            let start = (cell, digit, on);
            let short = if on { 2 } else { 1 };
            let extent = Extent::Within {
                max_links: cycle_links.saturating_sub(short).max(chain_half),
            };
            let spread =
                Spread::over_cells_and_houses(grid, conjugates, links, start, extent, Some(levels));
            chains[usize::from(!on)] = spread
                .met_at
                .is_some_and(|level| met_within(level, chain_links));
        }
        // Literals of the walk from "on" i links out, with their opposites among those of the
        // walk from "off" at most `cycle_links` − i links out (gathered as i falls).
        let mut back = Literals::default();
        back.off[digit as usize] = 1 << cell;
        let mut gathered = 0;
        let mut seen_on = [0u128; 10];
        let mut seen_off = [0u128; 10];
        seen_on[digit as usize] = t.peer_bits[cell as usize];
        for (i, level) in walks.from_on.iter().enumerate().rev() {
            let links_out = i as u32 + 1;
            while gathered < walks.from_off.len() && gathered as u32 + 1 + links_out <= cycle_links
            {
                let far = &walks.from_off[gathered];
                let into = if far.on { &mut back.on } else { &mut back.off };
                for d in digits(far.digits) {
                    into[d as usize] |= far.cells[d as usize];
                }
                gathered += 1;
            }
            let (opposites, seen) = if level.on {
                (&back.off, &mut seen_on)
            } else {
                (&back.on, &mut seen_off)
            };
            for d in digits(level.digits) {
                for c in cells_of(level.cells[d as usize] & opposites[d as usize]) {
                    seen[d as usize] |= t.peer_bits[c as usize];
                }
            }
        }
        let others = !(1u128 << cell);
        LoopHopes {
            cycle: (1..=9).any(|d| seen_on[d] & seen_off[d] & grid.digit_cells[d] & others != 0),
            chain_from_on: chains[0],
            chain_from_off: chains[1],
        }
    }

    /// [`Spread::of`] with cell links; each level's new literals are added to `levels` when
    /// given (the start is not).
    fn over_cells_and_houses(
        grid: &SeGrid,
        conjugates: &Conjugates,
        links: PassLinks,
        (cell, digit, on): (u8, u8, bool),
        extent: Extent,
        mut levels: Option<&mut Vec<WalkLevel>>,
    ) -> Spread {
        let t = tables();
        let mut reached = Literals::default();
        // The last level's literals, and which digits it holds them for; the next level's
        // links, and which digits they touch.
        let mut level = Literals::default();
        let (mut level_on, mut level_off) = (0u16, 0u16);
        let mut next = Literals::default();
        if on {
            level.on[digit as usize] = 1 << cell;
            level_on = 1 << digit;
        } else {
            level.off[digit as usize] = 1 << cell;
            level_off = 1 << digit;
        }
        reached.on[digit as usize] = level.on[digit as usize];
        reached.off[digit as usize] = level.off[digit as usize];
        let (mut opposite_at, mut met_at) = (None, None);
        let mut depth = 0;
        while level_on | level_off != 0 && extent.goes_on(depth, met_at) {
            depth += 1;
            let (mut next_on, mut next_off) = (0u16, 0u16);
            // "On" turns off the digit in its houses and, with cell links, the cell's other
            // candidates.
            for d in digits(level_on) {
                for c in cells_of(std::mem::take(&mut level.on[d as usize])) {
                    next.off[d as usize] |= t.peer_bits[c as usize];
                    next_off |= bit(d);
                    if links.y {
                        let others = grid.cands[c as usize] & !bit(d);
                        next_off |= others;
                        for e in digits(others) {
                            next.off[e as usize] |= 1 << c;
                        }
                    }
                }
            }
            // "Off" turns on a bivalue cell's other candidate (cell links) and the digit's
            // conjugate places (house links).
            // (Only bivalue cells and cells with a conjugate lead anywhere.)
            // One walk over the cells with either link, each link made without a branch (a
            // cell without it adds nothing): two walks would end twice, each end a branch
            // no predictor foresees.
            let bivalue = if links.y { conjugates.bivalue() } else { 0 };
            for d in digits(level_off) {
                let offs = std::mem::take(&mut level.off[d as usize]);
                let linked = if links.x { conjugates.linked(d) } else { 0 };
                for c in cells_of(offs & (bivalue | linked)) {
                    if links.y {
                        let cell_link = (bivalue >> c & 1) as u16;
                        let other = grid.cands[c as usize] & !bit(d);
                        next_on |= other * cell_link;
                        // (A cell of one candidate has no other: index 9, given nothing.)
                        let to = (other.trailing_zeros() as usize).min(9);
                        next.on[to] |= u128::from(cell_link) << c;
                    }
                    if links.x {
                        next.on[d as usize] |= conjugates.others(c, d);
                        next_on |= bit(d) * (linked >> c & 1) as u16;
                    }
                }
            }
            (level_on, level_off) = (0, 0);
            // (A level holds only "ons" or only "offs": the two alternate along every path.)
            let mut met = 0;
            for d in digits(next_on) {
                let new = std::mem::take(&mut next.on[d as usize]) & !reached.on[d as usize];
                level.on[d as usize] = new;
                reached.on[d as usize] |= new;
                level_on |= u16::from(new != 0) << d;
                met |= new & reached.off[d as usize];
            }
            for d in digits(next_off) {
                let new = std::mem::take(&mut next.off[d as usize])
                    & grid.digit_cells[d as usize]
                    & !reached.off[d as usize];
                level.off[d as usize] = new;
                reached.off[d as usize] |= new;
                level_off |= u16::from(new != 0) << d;
                met |= new & reached.on[d as usize];
            }
            if met != 0 && met_at.is_none() {
                met_at = Some(depth);
            }
            if let Some(levels) = levels.as_deref_mut() {
                levels.push(if level_on != 0 {
                    WalkLevel {
                        cells: level.on,
                        digits: level_on,
                        on: true,
                    }
                } else {
                    WalkLevel {
                        cells: level.off,
                        digits: level_off,
                        on: false,
                    }
                });
            }
            let opposite = if on { &level.off } else { &level.on };
            if opposite_at.is_none() && opposite[digit as usize] >> cell & 1 == 1 {
                opposite_at = Some(depth);
            }
        }
        Spread {
            reached,
            opposite_at,
            met_at,
        }
    }

    /// [`Spread::of`] over house links alone, which never leave the digit: two sets of cells.
    fn over_houses(
        grid: &SeGrid,
        conjugates: &Conjugates,
        (cell, digit, on): (u8, u8, bool),
        extent: Extent,
    ) -> Spread {
        let t = tables();
        let places = grid.digit_cells[digit as usize];
        let start = 1u128 << cell;
        let (mut level_on, mut level_off) = if on { (start, 0) } else { (0, start) };
        let (mut reached_on, mut reached_off) = (level_on, level_off);
        let (mut opposite_at, mut met_at) = (None, None);
        let mut depth = 0;
        while level_on | level_off != 0 && extent.goes_on(depth, met_at) {
            depth += 1;
            let mut next_off = 0;
            for c in cells_of(level_on) {
                next_off |= t.peer_bits[c as usize];
            }
            let mut next_on = 0;
            for c in cells_of(level_off & conjugates.linked(digit)) {
                next_on |= conjugates.others(c, digit);
            }
            level_off = next_off & places & !reached_off;
            level_on = next_on & !reached_on;
            reached_off |= level_off;
            reached_on |= level_on;
            if level_off & reached_on | level_on & reached_off != 0 && met_at.is_none() {
                met_at = Some(depth);
            }
            let opposite = if on { level_off } else { level_on };
            if opposite_at.is_none() && opposite & start != 0 {
                opposite_at = Some(depth);
            }
        }
        let mut reached = Literals::default();
        reached.on[digit as usize] = reached_on;
        reached.off[digit as usize] = reached_off;
        Spread {
            reached,
            opposite_at,
            met_at,
        }
    }

    /// How many links the shortest path from the assumption to its opposite takes, if there
    /// is one (a forcing chain then exists, and that many links plus one potentials long),
    /// after a walk that went everywhere.
    #[cfg(test)]
    pub fn opposite_at(&self) -> Option<u32> {
        self.opposite_at
    }

    /// Whether the walk reached "`cell` is (`on`) / is not `digit`" (everything the assumption
    /// implies, with [`Extent::Everything`]).
    #[cfg(test)]
    pub fn reached(&self, cell: u8, digit: u8, on: bool) -> bool {
        let set = if on {
            &self.reached.on
        } else {
            &self.reached.off
        };
        set[digit as usize] >> cell & 1 == 1
    }
}

#[cfg(test)]
mod tests {
    use std::collections::{HashMap, VecDeque};

    use proptest::prelude::*;

    use super::*;
    use crate::logic::se::implications::Implications;
    use crate::logic::se::test_grids::{PUZZLES, reduced, start};

    type Literal = (u8, u8, bool);

    /// A pass's links from one literal, listed the plain way: every rule on its own, places
    /// counted in each house.
    fn successors(grid: &SeGrid, links: PassLinks, (cell, digit, on): Literal) -> Vec<Literal> {
        let t = tables();
        let cands = grid.cands[cell as usize];
        let mut out = Vec::new();
        if on {
            if links.y {
                out.extend(digits(cands & !bit(digit)).map(|e| (cell, e, false)));
            }
            for peer in t.peers[cell as usize] {
                if grid.has(peer, digit) {
                    out.push((peer, digit, false));
                }
            }
        } else {
            if links.y && cands.count_ones() == 2 {
                out.push((cell, (cands & !bit(digit)).trailing_zeros() as u8, true));
            }
            if links.x {
                for &house in &t.houses_of[cell as usize] {
                    let others = grid.places(house as usize, digit) & !(1u128 << cell);
                    if others.count_ones() == 1 {
                        out.push((others.trailing_zeros() as u8, digit, true));
                    }
                }
            }
        }
        out
    }

    /// Every literal `from` implies, with its distance in links.
    fn distances(grid: &SeGrid, links: PassLinks, from: Literal) -> HashMap<Literal, u32> {
        let mut seen = HashMap::from([(from, 0)]);
        let mut queue = VecDeque::from([from]);
        while let Some(l) = queue.pop_front() {
            let depth = seen[&l];
            for next in successors(grid, links, l) {
                seen.entry(next).or_insert_with(|| {
                    queue.push_back(next);
                    depth + 1
                });
            }
        }
        seen
    }

    const PASSES: [PassLinks; 3] = [
        PassLinks { y: false, x: true },
        PassLinks { y: true, x: false },
        PassLinks { y: true, x: true },
    ];

    /// Each walk reaches exactly the literals the plain search reaches, finds the opposite at
    /// the same distance (or, limited, only within the limit), and says a cycle may remove
    /// something whenever one through the literals that lead back could.
    fn agrees_with_plain_search(grid: &SeGrid, conjugates: &Conjugates, max_links: u32) {
        let t = tables();
        let components =
            PASSES.map(|links| Implications::over_pass(grid, conjugates, links, false));
        for (pass, links) in PASSES.into_iter().enumerate() {
            for cell in 0..81u8 {
                for digit in digits(grid.cands[cell as usize]) {
                    let mut both = Vec::new();
                    for on in [true, false] {
                        let plain = distances(grid, links, (cell, digit, on));
                        let start = (cell, digit, on);
                        let spread = Spread::of(grid, conjugates, links, start, Extent::Everything);
                        for c in 0..81u8 {
                            for d in digits(grid.cands[c as usize]) {
                                for state in [true, false] {
                                    assert_eq!(
                                        spread.reached(c, d, state),
                                        plain.contains_key(&(c, d, state)),
                                        "{links:?} from {start:?}: ({c}, {d}, {state})"
                                    );
                                }
                            }
                        }
                        let opposite = plain.get(&(cell, digit, !on)).copied();
                        assert_eq!(spread.opposite_at(), opposite, "{links:?} {start:?}");
                        assert_eq!(
                            Spread::chain_within(grid, conjugates, links, start, max_links),
                            opposite.is_some_and(|n| n <= max_links),
                            "{links:?} {start:?} within {max_links}"
                        );
                        both.push((plain, spread));
                    }
                    // The literals on a cycle through "on": reached from it, and leading back
                    // to it (found by a walk from each).
                    let on = (cell, digit, true);
                    let cycle: Vec<Literal> = both[0]
                        .0
                        .keys()
                        .copied()
                        .filter(|&l| distances(grid, links, l).contains_key(&on))
                        .collect();
                    let sees = |d: u8, state: bool| {
                        cycle
                            .iter()
                            .filter(|l| l.1 == d && l.2 == state)
                            .fold(0u128, |s, l| s | t.peer_bits[l.0 as usize])
                    };
                    let may_remove = cycle.len() > 1
                        && (1..=9u8).any(|d| {
                            sees(d, true) & sees(d, false) & grid.digit_cells[d as usize] != 0
                        });
                    // The pass graph's components say the same.
                    assert_eq!(
                        components[pass].cycle_may_remove(cell, digit),
                        may_remove,
                        "{links:?} components, cycle through {on:?}"
                    );
                }
            }
        }
    }

    /// [`Spread::loop_hopes`] says what plain searches from "on" and from "off" say: a cycle
    /// may remove something when some cell but the assumption's sees an "on" and an "off"
    /// literal of one of its digits among the literals M that "on" reaches in i links and
    /// whose opposite "off" reaches in j, i + j within the cycle's limit; a forcing chain
    /// exists when the opposite lies within the chain's limit.
    fn loop_hopes_agree_with_plain_search(
        grid: &SeGrid,
        conjugates: &Conjugates,
        limits: (u32, u32),
    ) {
        let t = tables();
        let (cycle_links, chain_links) = limits;
        let links = PASSES[2];
        let mut walks = CycleWalks::default();
        for cell in 0..81u8 {
            for digit in digits(grid.cands[cell as usize]) {
                let from_on = distances(grid, links, (cell, digit, true));
                let from_off = distances(grid, links, (cell, digit, false));
                let mut seen = [[0u128; 10]; 2];
                for (&(c, d, on), &i) in &from_on {
                    if from_off
                        .get(&(c, d, !on))
                        .is_some_and(|&j| i + j <= cycle_links)
                    {
                        seen[usize::from(on)][d as usize] |= t.peer_bits[c as usize];
                    }
                }
                let others = !(1u128 << cell);
                let cycle =
                    (1..=9).any(|d| seen[0][d] & seen[1][d] & grid.digit_cells[d] & others != 0);
                let within = |plain: &HashMap<Literal, u32>, to: Literal| {
                    plain.get(&to).is_some_and(|&n| n <= chain_links)
                };
                let hopes = Spread::loop_hopes(grid, conjugates, (cell, digit), limits, &mut walks);
                let at = (cell, digit, limits);
                assert_eq!(hopes.cycle, cycle, "cycle through {at:?}");
                assert_eq!(
                    hopes.chain_from_on,
                    within(&from_on, (cell, digit, false)),
                    "{at:?}"
                );
                assert_eq!(
                    hopes.chain_from_off,
                    within(&from_off, (cell, digit, true)),
                    "{at:?}"
                );
            }
        }
    }

    #[test]
    fn start_grids_agree_with_plain_search() {
        for puzzle in PUZZLES {
            let grid = start(puzzle);
            let conjugates = Conjugates::of(&grid);
            agrees_with_plain_search(&grid, &conjugates, 5);
            for limits in [(4, 3), (6, 5), (9, 8)] {
                loop_hopes_agree_with_plain_search(&grid, &conjugates, limits);
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(24))]

        #[test]
        fn reduced_grids_agree_with_plain_search(
            which in 0..PUZZLES.len(),
            picks in proptest::collection::vec((0u8..81, 1u8..=9), 0..120),
            max_links in 0u32..12,
        ) {
            let grid = reduced(&start(PUZZLES[which]), &picks);
            let conjugates = Conjugates::of(&grid);
            agrees_with_plain_search(&grid, &conjugates, max_links);
            loop_hopes_agree_with_plain_search(&grid, &conjugates, (max_links + 1, max_links));
        }
    }
}
