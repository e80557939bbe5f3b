//! Forcing chains, the last resort: assume a candidate true (or false), follow the single
//! implications it forces, and see what every assumption agrees on or which one breaks.
//!
//! The implications are those of the chains (HoDoKu's "forcing chains", not nets): a digit
//! placed in a cell rules itself out of the cell's peers and rules the cell's other digits out;
//! a digit ruled out of a bivalue cell puts the other digit there, and a digit ruled out of one
//! of its two places in a house puts it in the other. From each assumption the search follows
//! these implications breadth-first up to `MAX_LINKS` links, so every chain shown is a
//! shortest one and none is longer than that bound.
//!
//! * Forcing chain contradiction: assuming a candidate true leads to some candidate being both
//!   true and false, to a cell without candidates, or to a digit without a place in a house,
//!   so the candidate is false (assuming it false and breaking: it is true).
//! * Digit forcing chain: a candidate true and the same candidate false both lead to the same
//!   conclusion, so the conclusion holds.
//! * Cell forcing chain: every candidate of one cell leads to the same conclusion.
//! * House forcing chain: every place of a digit in one house leads to the same conclusion.
//!
//! These searches cost far more than every other technique, so the engine only tries them when
//! nothing else applies (see [`super::is_last_resort`]). They run on grids up to 16×16; the
//! implication tables of larger grids are too big for a hint. The table of one board is
//! computed once and shared by the four techniques.

use super::bits::BitBoard;
use super::board::Board;
use super::cage_sums::cage_name;
use super::forcing_table::{Broken, Closure, FALSE, Lit, MAX_SIZE, TRUE, Table};
use super::solving::Solving;
use super::step::{Candidate, Elimination, Link, LinkKind, Placement, Step, StepSink};
use super::technique::Technique;
use crate::grid::Shown;

/// The digit of a candidate node, as the puzzle writes it.
fn digit_of(grid: &BitBoard, node: usize) -> Shown {
    grid.board.show((node % grid.n) as u8 + 1)
}

/// `r1c2=5` or `r1c2≠5`.
fn lit_name(grid: &BitBoard, lit: Lit) -> String {
    let node = lit / 2;
    let sign = if lit % 2 == TRUE { "=" } else { "≠" };
    format!("{}{sign}{}", grid.name(node / grid.n), digit_of(grid, node))
}

/// The chain in words: `r1c1=3 ⇒ r1c2≠3`; a link that a killer cage gives (see
/// [`super::cage_links`]) names its cage: `⇒ r1c2=7 (the 10-cage r1c1, r1c2)`.
fn chain_text(grid: &BitBoard, table: &Table, chain: &[Lit]) -> String {
    let mut out = String::new();
    for (i, &l) in chain.iter().enumerate() {
        if i > 0 {
            out.push_str(" ⇒ ");
        }
        out.push_str(&lit_name(grid, l));
        if i > 0 && is_cage_only_link(grid, table, chain[i - 1], l) {
            let cell = l / 2 / grid.n;
            if let Some(k) = grid.geometry.cage_of(cell) {
                out.push_str(&format!(" ({})", cage_name(grid.geometry, k)));
            }
        }
    }
    out
}

/// Whether `a ⇒ b` holds by a cage's sum rather than by a house or a cell.
fn is_cage_only_link(grid: &BitBoard, table: &Table, a: Lit, b: Lit) -> bool {
    let Some(cages) = &table.cages else {
        return false;
    };
    if !cages.has(a, b) {
        return false;
    }
    let n = grid.n;
    let (na, nb) = (a / 2, b / 2);
    let (ca, cb) = (na / n, nb / n);
    // A true candidate rules out its own cell's others and its digit in its peers.
    let plain =
        a % 2 == TRUE && b % 2 == FALSE && (ca == cb || (na % n == nb % n && grid.sees(ca, cb)));
    !plain
}

/// [`RULES`], plus the cage rule on a board with cages.
fn rules(grid: &BitBoard) -> String {
    if grid.geometry.cages().is_empty() {
        RULES.to_string()
    } else {
        format!(
            "{}; in a killer cage, a digit placed in one cell rules out, and may force, in \
             the cage's other cells what no remaining combination of the cage allows with it, \
             and a digit the cage must hold with two places left in it goes to the other when \
             ruled out of one)",
            &RULES[..RULES.len() - 1]
        )
    }
}

const RULES: &str = "(each arrow is one forced consequence: a placed digit leaves its cell's other \
                     digits and its peers; a digit ruled out of a two-candidate cell, or out of \
                     one of its two places in a house, goes to the other)";

/// Which literals a set of closures all imply: true candidates (placements) and false ones
/// (eliminations), in node order.
fn common(table: &Table, closures: &[&Closure], skip: &[Lit]) -> Vec<Lit> {
    let (n, w) = (table.n, table.w);
    let mut on = vec![u64::MAX; n * w];
    let mut off = vec![u64::MAX; n * w];
    for c in closures {
        for k in 0..n * w {
            on[k] &= c.on[k];
            off[k] &= c.off[k];
        }
    }
    let mut out = Vec::new();
    for (pol, bits) in [(TRUE, &on), (FALSE, &off)] {
        for (k, &word) in bits.iter().enumerate() {
            let mut word = word;
            while word != 0 {
                let cell = (k % w) * 64 + word.trailing_zeros() as usize;
                let lit = (cell * n + k / w) * 2 + pol;
                if !skip.contains(&lit) {
                    out.push(lit);
                }
                word &= word - 1;
            }
        }
    }
    out.sort_unstable_by_key(|&l| (l / 2, 1 - l % 2));
    out
}

/// The step that sets `conclusion`, with the chains that prove it.
fn step(
    grid: &BitBoard,
    technique: Technique,
    conclusion: Lit,
    chains: &[Vec<Lit>],
    houses: Vec<usize>,
    explanation: String,
) -> Step {
    let n = grid.n;
    let node = conclusion / 2;
    let (cell, digit) = (node / n, (node % n) as u8 + 1);
    let (placements, eliminations) = if conclusion % 2 == TRUE {
        (vec![Placement { cell, digit }], vec![])
    } else {
        (vec![], vec![Elimination { cell, digit }])
    };
    let mut cells: Vec<usize> = chains.iter().flatten().map(|&l| l / 2 / n).collect();
    cells.sort_unstable();
    cells.dedup();
    let mut digits: Vec<u8> = chains
        .iter()
        .flatten()
        .map(|&l| (l / 2 % n) as u8 + 1)
        .collect();
    digits.sort_unstable();
    digits.dedup();
    // Each implication is a link: a true candidate rules the next out (weak), a false one
    // forces the next in (strong).
    let link = |a: Lit, b: Lit| Link {
        from: candidate(n, a),
        to: candidate(n, b),
        kind: if a % 2 == TRUE {
            LinkKind::Weak
        } else {
            LinkKind::Strong
        },
    };
    let links = chains
        .iter()
        .flat_map(|chain| chain.windows(2).map(|pair| link(pair[0], pair[1])))
        .collect();
    Step::new(technique, placements, eliminations)
        .linked(links)
        .houses(houses)
        .cells(cells)
        .digits(digits)
        .explained(explanation)
}

/// The candidate a literal is about, whatever its truth.
fn candidate(n: usize, lit: Lit) -> Candidate {
    let node = lit / 2;
    Candidate {
        cell: node / n,
        digit: (node % n) as u8 + 1,
    }
}

fn conclusion_text(grid: &BitBoard, lit: Lit) -> String {
    let n = grid.n;
    let node = lit / 2;
    let (cell, d) = (grid.name(node / n), digit_of(grid, node));
    if lit % 2 == TRUE {
        format!("{cell} is {d}")
    } else {
        format!("{cell} is not {d}")
    }
}

fn usable(board: &Board) -> bool {
    board.size() <= MAX_SIZE && !board.is_solved()
}

/// Forcing chain contradiction: an assumption that breaks the grid is wrong.
pub fn contradiction(solving: &Solving, sink: &mut StepSink) {
    let board = solving.board();
    if !usable(board) {
        return;
    }
    let (t, grid) = (solving.forcing_table(), solving.grid());
    let n = t.n;
    for &node in &t.nodes {
        for pol in [TRUE, FALSE] {
            let lit = node * 2 + pol;
            let Some(closure) = t.closure(lit) else {
                continue;
            };
            let Some(broken) = closure.broken else {
                continue;
            };
            let (chains, what, houses) = match broken {
                Broken::Both(v) => (
                    vec![
                        t.chain(grid, lit, v * 2 + TRUE),
                        t.chain(grid, lit, v * 2 + FALSE),
                    ],
                    format!(
                        "{} would be both {d} and not {d}",
                        grid.name(v / n),
                        d = digit_of(grid, v),
                    ),
                    vec![],
                ),
                Broken::Cell(cell) => (
                    board
                        .candidates(cell)
                        .iter()
                        .map(|d| t.chain(grid, lit, (cell * n + d as usize - 1) * 2 + FALSE))
                        .collect(),
                    format!("{} would have no candidate left", grid.name(cell)),
                    vec![],
                ),
                Broken::House(h, d) => (
                    board
                        .positions(h, d)
                        .map(|c| t.chain(grid, lit, (c * n + d as usize - 1) * 2 + FALSE))
                        .collect(),
                    format!(
                        "{} would have no place left in {}",
                        board.show(d),
                        grid.geometry.houses()[h]
                    ),
                    vec![h],
                ),
            };
            let conclusion = lit ^ 1;
            let explanation = sink.text(|| {
                format!(
                    "Forcing chain contradiction: suppose {assume}. Then {what}: {chains}. The \
                 assumption is impossible, so {conclusion} {rules}.",
                    rules = rules(grid),
                    assume = lit_name(grid, lit)
                        .replace('=', " is ")
                        .replace('≠', " is not "),
                    chains = chains
                        .iter()
                        .map(|c| chain_text(grid, t, c))
                        .collect::<Vec<_>>()
                        .join("; "),
                    conclusion = conclusion_text(grid, conclusion),
                )
            });
            let s = step(
                grid,
                Technique::ForcingChainContradiction,
                conclusion,
                &chains,
                houses,
                explanation,
            );
            if sink.push(s) {
                return;
            }
        }
    }
}

/// Reports each conclusion once: the first group of assumptions that proves it.
fn report_verity(
    grid: &BitBoard,
    t: &Table,
    sink: &mut StepSink,
    technique: Technique,
    groups: Vec<(Vec<Lit>, Vec<usize>, String)>,
) {
    let mut done = vec![false; t.closures.len()];
    for (premises, houses, intro) in groups {
        let closures: Option<Vec<&Closure>> = premises
            .iter()
            .map(|&p| t.closure(p).filter(|c| c.broken.is_none()))
            .collect();
        let Some(closures) = closures else {
            continue;
        };
        for conclusion in common(t, &closures, &premises) {
            if std::mem::replace(&mut done[conclusion], true) {
                continue;
            }
            let chains: Vec<Vec<Lit>> = premises
                .iter()
                .map(|&p| t.chain(grid, p, conclusion))
                .collect();
            let explanation = sink.text(|| format!(
                "{title}: {intro}, and each leads to the same result: {chains}. Whichever holds, \
                 {conclusion} {rules}.",
                rules = rules(grid),
                title = technique.title(),
                chains = chains
                    .iter()
                    .map(|c| chain_text(grid, t, c))
                    .collect::<Vec<_>>()
                    .join("; "),
                conclusion = conclusion_text(grid, conclusion),
            ));
            let s = step(
                grid,
                technique,
                conclusion,
                &chains,
                houses.clone(),
                explanation,
            );
            if sink.push(s) {
                return;
            }
        }
    }
}

/// Digit forcing chain: a candidate true and the same candidate false imply the same thing.
pub fn digit_forcing_chain(solving: &Solving, sink: &mut StepSink) {
    let board = solving.board();
    if !usable(board) {
        return;
    }
    let (t, grid) = (solving.forcing_table(), solving.grid());
    let n = t.n;
    let groups = t
        .nodes
        .iter()
        .map(|&node| {
            let intro = sink.text(|| {
                format!(
                    "{cell} is {d} or it is not",
                    cell = grid.name(node / n),
                    d = digit_of(grid, node)
                )
            });
            (vec![node * 2 + TRUE, node * 2 + FALSE], vec![], intro)
        })
        .collect();
    report_verity(grid, t, sink, Technique::DigitForcingChain, groups);
}

/// Cell forcing chain: every candidate of a cell implies the same thing.
pub fn cell_forcing_chain(solving: &Solving, sink: &mut StepSink) {
    let board = solving.board();
    if !usable(board) {
        return;
    }
    let (t, grid) = (solving.forcing_table(), solving.grid());
    let n = t.n;
    let groups = (0..grid.geometry.cell_count())
        .filter(|&c| board.value(c) == 0 && board.candidates(c).len() >= 2)
        .map(|cell| {
            let cands: Vec<u8> = board.candidates(cell).iter().collect();
            let premises = cands
                .iter()
                .map(|&d| (cell * n + d as usize - 1) * 2 + TRUE)
                .collect();
            let intro = sink.text(|| {
                format!(
                    "{} can only be {}",
                    grid.name(cell),
                    cands
                        .iter()
                        .map(|&d| board.show(d).to_string())
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            });
            (premises, vec![], intro)
        })
        .collect();
    report_verity(grid, t, sink, Technique::CellForcingChain, groups);
}

/// House forcing chain: every place of a digit in a house implies the same thing.
pub fn house_forcing_chain(solving: &Solving, sink: &mut StepSink) {
    let board = solving.board();
    if !usable(board) {
        return;
    }
    let (t, grid) = (solving.forcing_table(), solving.grid());
    let n = t.n;
    let mut groups = Vec::new();
    for (h, house) in grid.geometry.houses().iter().enumerate() {
        for d in 1..=n as u8 {
            let places: Vec<usize> = board.positions(h, d).collect();
            if places.len() < 2 {
                continue;
            }
            let premises = places
                .iter()
                .map(|&c| (c * n + d as usize - 1) * 2 + TRUE)
                .collect();
            let intro = sink.text(|| {
                format!(
                    "in {house}, {} can only go in {}",
                    board.show(d),
                    places
                        .iter()
                        .map(|&c| grid.name(c))
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            });
            groups.push((premises, vec![h], intro));
        }
    }
    report_verity(grid, t, sink, Technique::HouseForcingChain, groups);
}
