//! Simple colors (single-digit coloring): the conjugate pairs of one digit join its places into
//! clusters whose cells alternate between two colors; in each cluster all cells of one color
//! hold the digit and none of the other do.
//!
//! - Color trap: a cell outside the colors that sees a cell of each color cannot hold the digit.
//! - Color wrap: two cells of one color see each other, so that color is false everywhere.

use super::bits::{BitBoard, elims};
use super::solving::Solving;
use super::step::{Candidate, Link, LinkKind, Step, StepSink, cell_list, describe_eliminations};
use super::technique::Technique;

pub fn simple_colors(solving: &Solving, sink: &mut StepSink) {
    let board = solving.board();
    let grid = BitBoard::new(board);
    let g = grid.geometry;
    let cells = g.cell_count();
    // Conjugate links and colors of the current digit; the buffers serve every digit (a cell
    // list per cell, allocated once rather than per digit).
    let mut adj: Vec<Vec<usize>> = vec![Vec::new(); cells];
    let mut color: Vec<u8> = vec![0; cells];
    let mut pair_houses: Vec<(usize, usize)> = Vec::new();
    for digit in 1..=grid.n as u8 {
        if !sink.wants_digit(digit) {
            continue;
        }
        adj.iter_mut().for_each(Vec::clear);
        color.fill(0);
        pair_houses.clear();
        for h in 0..g.houses().len() {
            if let Some((a, b)) = board.conjugate(h, digit) {
                if !adj[a].contains(&b) {
                    adj[a].push(b);
                    adj[b].push(a);
                }
                pair_houses.push((h, a));
            }
        }
        for root in 0..cells {
            if adj[root].is_empty() || color[root] != 0 {
                continue;
            }
            // Breadth-first two-coloring (1 and 2) of the cluster.
            let mut members = vec![root];
            color[root] = 1;
            let mut head = 0;
            while head < members.len() {
                let c = members[head];
                head += 1;
                for &o in &adj[c] {
                    if color[o] == 0 {
                        color[o] = 3 - color[c];
                        members.push(o);
                    }
                }
            }
            let mut sets: [Vec<usize>; 2] = [Vec::new(), Vec::new()];
            for &m in &members {
                sets[color[m] as usize - 1].push(m);
            }
            sets[0].sort_unstable();
            sets[1].sort_unstable();
            if sets[0].is_empty() || sets[1].is_empty() {
                continue;
            }
            let houses: Vec<usize> = pair_houses
                .iter()
                .filter(|&&(_, a)| color[a] != 0 && members.contains(&a))
                .map(|&(h, _)| h)
                .collect();
            let names = |s: &[usize]| cell_list(g, s);
            // Every conjugate pair of the cluster is a strong link of the digit.
            let cluster_links = || {
                let candidate = |cell| Candidate { cell, digit };
                members
                    .iter()
                    .flat_map(|&a| adj[a].iter().filter(move |&&b| a < b).map(move |&b| (a, b)))
                    .map(|(a, b)| Link {
                        from: candidate(a),
                        to: candidate(b),
                        kind: LinkKind::Strong,
                    })
                    .collect()
            };
            // Wrap: a color that sees itself is false.
            let mut wrap = Vec::new();
            let mut wrapped = Vec::new();
            for (k, set) in sets.iter().enumerate() {
                let clash = set.iter().enumerate().find_map(|(i, &a)| {
                    set[i + 1..]
                        .iter()
                        .find(|&&b| grid.sees(a, b))
                        .map(|&b| (a, b))
                });
                if let Some((a, b)) = clash {
                    wrap.extend(set.iter().copied());
                    wrapped.push((k, a, b));
                }
            }
            if !wrap.is_empty() {
                let eliminations = elims(&wrap, digit);
                let why: Vec<String> = wrapped
                    .iter()
                    .map(|&(k, a, b)| {
                        format!(
                            "{} and {} both have color {} and see each other",
                            grid.name(a),
                            grid.name(b),
                            ["A", "B"][k]
                        )
                    })
                    .collect();
                let explanation = sink.text(|| format!(
                    "Simple colors (color wrap) on {digit}: following the conjugate pairs of \
                     {digit}, color A = {a} and color B = {b} alternate, so one color is all \
                     {digit} and the other has none. {why}, so that color cannot be {digit}: {what}", digit = board.show(digit),
                    a = names(&sets[0]),
                    b = names(&sets[1]),
                    why = why.join("; "),
                    what = describe_eliminations(g, board.alphabet(), &eliminations),
                ));
                let step = Step::eliminating(Technique::SimpleColors, eliminations)
                    .houses(houses.clone())
                    .cells(members.clone())
                    .digits(vec![digit])
                    .linked(sink.links(cluster_links))
                    .explained(explanation);
                if sink.push(step) {
                    return;
                }
            }
            // Trap: cells seeing both colors (a colored one only when its color also wraps).
            let w = grid.w;
            let mut bits = [vec![0u64; w], vec![0u64; w]];
            for (k, set) in sets.iter().enumerate() {
                for &c in set {
                    bits[k][c / 64] |= 1 << (c % 64);
                }
            }
            let mut trap = Vec::new();
            let digit_cells = grid.digit(digit);
            for (i, &cells) in digit_cells.iter().enumerate().take(w) {
                let mut word = cells;
                while word != 0 {
                    let t = i * 64 + word.trailing_zeros() as usize;
                    word &= word - 1;
                    let peers = grid.peers(t);
                    let sees = |k: usize| (0..w).any(|j| peers[j] & bits[k][j] != 0);
                    if sees(0) && sees(1) {
                        trap.push(t);
                    }
                }
            }
            if !trap.is_empty() {
                let eliminations = elims(&trap, digit);
                let explanation = sink.text(|| {
                    format!(
                        "Simple colors (color trap) on {digit}: following the conjugate pairs of \
                     {digit}, color A = {a} and color B = {b} alternate, so one color is all \
                     {digit}. A cell that sees both colors cannot be {digit}: {what}",
                        digit = board.show(digit),
                        a = names(&sets[0]),
                        b = names(&sets[1]),
                        what = describe_eliminations(g, board.alphabet(), &eliminations),
                    )
                });
                let step = Step::eliminating(Technique::SimpleColors, eliminations)
                    .houses(houses)
                    .cells(members.clone())
                    .digits(vec![digit])
                    .linked(sink.links(cluster_links))
                    .explained(explanation);
                if sink.push(step) {
                    return;
                }
            }
        }
    }
}
