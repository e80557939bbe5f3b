//! The links a chain step carries (`Step::links`, what a view draws over the board): at the
//! boards of `tests/data/hodoku_find_all.jsonl`, every step of a chain technique has links,
//! every link joins two candidates of the board by a link of the kind it claims, the links of
//! one chain follow each other, and the step's cells hold every linked candidate; the other
//! techniques carry none. Steps a text-less sink keeps (the rating's) carry none either.

use serde_json::Value;
use sudoscope_core::grid::{ReadOptions, parse_puzzle};
use sudoscope_core::lab::logic::{self, Board, Candidate, LinkKind, Step, StepSink, Technique};

const DATA: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/data/hodoku_find_all.jsonl"
);

/// The techniques whose steps follow a chain of links from one candidate to the next.
const CHAINS: &[Technique] = &[
    Technique::XChain,
    Technique::XyChain,
    Technique::Aic,
    Technique::DiscontinuousNiceLoop,
    Technique::ContinuousNiceLoop,
];

/// The techniques whose links are not one chain: a coloring cluster, forcing chains from
/// several assumptions.
const LINKED: &[Technique] = &[
    Technique::SimpleColors,
    Technique::ForcingChainContradiction,
    Technique::DigitForcingChain,
    Technique::CellForcingChain,
    Technique::HouseForcingChain,
];

fn boards() -> Vec<Board> {
    let text = std::fs::read_to_string(DATA).expect("the HoDoKu fixture is in the repository");
    text.lines()
        .map(|line| {
            let record: Value = serde_json::from_str(line).expect("a JSON record");
            let values = record["values"].as_str().expect("values");
            let puzzle = parse_puzzle(values, ReadOptions::default()).expect("digits parse");
            let mut board = Board::from_puzzle(&puzzle);
            let cands = record["cands"].as_str().expect("cands");
            for (cell, kept) in cands.split(',').enumerate() {
                for d in 1..=9u8 {
                    if board.value(cell) == 0 && !kept.contains(char::from(b'0' + d)) {
                        board.eliminate(cell, d);
                    }
                }
            }
            board
        })
        .collect()
}

fn present(board: &Board, c: Candidate) -> bool {
    board.value(c.cell) == 0 && board.candidates(c.cell).contains(c.digit)
}

/// Whether `a` false forces `b` true: the two candidates of a bivalue cell, or the two places
/// of a digit in a house.
fn strong(board: &Board, a: Candidate, b: Candidate) -> bool {
    if a.cell == b.cell {
        return a.digit != b.digit && board.candidates(a.cell).len() == 2;
    }
    let g = board.geometry();
    a.digit == b.digit
        && g.houses_of(a.cell)
            .iter()
            .any(|&h| g.houses_of(b.cell).contains(&h) && board.positions(h, a.digit).count() == 2)
}

/// Whether `a` true rules `b` out: two digits of one cell, or one digit in two cells that see
/// each other.
fn weak(board: &Board, a: Candidate, b: Candidate) -> bool {
    if a.cell == b.cell {
        return a.digit != b.digit;
    }
    a.digit == b.digit && board.geometry().sees(a.cell, b.cell)
}

fn check(board: &Board, step: &Step) {
    for link in &step.links {
        assert!(
            present(board, link.from) && present(board, link.to),
            "{:?}: a link to a candidate the board lacks: {link:?}",
            step.technique
        );
        let holds = match link.kind {
            LinkKind::Strong => strong(board, link.from, link.to),
            LinkKind::Weak => weak(board, link.from, link.to),
        };
        assert!(
            holds,
            "{:?} at {board:?}: {link:?} is no such link",
            step.technique
        );
        for c in [link.from, link.to] {
            assert!(
                step.cells.contains(&c.cell),
                "{:?}: linked cell {} is not among the step's cells {:?}",
                step.technique,
                c.cell,
                step.cells
            );
        }
    }
}

#[test]
fn chain_steps_carry_links_that_hold_on_the_board() {
    let boards = boards();
    let mut counted = [0usize; 3];
    for (i, board) in boards.iter().enumerate() {
        for technique in logic::available() {
            // The forcing chains are slow to list; a sample of boards is enough for them.
            if technique.spec().last_resort && i % 15 != 0 {
                continue;
            }
            for step in logic::find_all(board, technique) {
                if CHAINS.contains(&technique) {
                    assert!(!step.links.is_empty(), "{technique:?} without links");
                    for pair in step.links.windows(2) {
                        assert_eq!(pair[0].to, pair[1].from, "{technique:?}: a broken chain");
                        assert_ne!(pair[0].kind, pair[1].kind, "{technique:?}: links alternate");
                    }
                    counted[0] += 1;
                } else if LINKED.contains(&technique) {
                    assert!(!step.links.is_empty(), "{technique:?} without links");
                    counted[1] += 1;
                } else {
                    assert!(step.links.is_empty(), "{technique:?} has links");
                    counted[2] += 1;
                }
                check(board, &step);
            }
        }
    }
    eprintln!(
        "chain steps {}, other linked {}, unlinked {}",
        counted[0], counted[1], counted[2]
    );
    assert!(
        counted[0] > 100 && counted[1] > 20,
        "the fixture exercises the chains: {counted:?}"
    );
}

#[test]
fn a_text_less_sink_keeps_no_links() {
    let boards = boards();
    let mut seen = 0;
    for board in boards.iter().take(60) {
        let mut sink = StepSink::new(false).without_text();
        logic::finder(Technique::Aic).expect("AIC has a finder")(
            &logic::Solving::new(board),
            &mut sink,
        );
        for step in sink.into_steps() {
            assert!(step.links.is_empty() && step.explanation.is_empty());
            seen += 1;
        }
    }
    assert!(seen > 0, "some AIC among the first boards");
}

/// Where our ladder is stuck (Easter Monster), the Sudoku Explainer step that carries on is a
/// chain, and the engine's step made from it carries that chain's links — each joining two
/// candidates of the board, read "if true then the next is false" (weak) or "if false then
/// the next is true" (strong) — so the board view draws SE's chains as it draws ours.
#[test]
fn a_sudoku_explainer_chain_step_carries_its_links() {
    const EASTER_MONSTER: &str =
        "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1";
    let puzzle = parse_puzzle(EASTER_MONSTER, ReadOptions::default()).expect("a puzzle");
    let stuck = logic::path::solve(&Board::from_puzzle(&puzzle), &[]);
    assert!(!stuck.solved, "our ladder alone is stuck on Easter Monster");
    let step = logic::path::next_step_or_se(&stuck.board, &[], true, &Default::default())
        .expect("SE carries on");
    assert_eq!(step.technique, Technique::SeStep);
    assert!(
        !step.links.is_empty(),
        "an SE chain step has links: {step:?}"
    );
    for link in &step.links {
        for end in [link.from, link.to] {
            assert!(
                present(&stuck.board, end),
                "{end:?} is a candidate of the board ({link:?})"
            );
        }
    }
}
