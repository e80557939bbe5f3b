//! The implications killer cages add to the forcing chains' graph.
//!
//! Houses give the chains their links (a placed digit leaves its peers; a digit's last two
//! places in a house are a strong pair). A cage adds its own, read off the cage-combination
//! analysis of [`super::cage_sums`] at the current candidates:
//!
//! * a digit placed in a cell of a cage rules out, in the cage's other cells, every candidate
//!   that no filling of the cage with that digit there allows (`r1c1=3 ⇒ r1c2≠9` in a 10-cage
//!   of two cells), and when only one candidate of another cell is left, that candidate is
//!   forced (`r1c1=3 ⇒ r1c2=7`; read backwards, `r1c2≠7 ⇒ r1c1≠3`);
//! * a digit every remaining combination of a cage holds, with two places left in the cage, is
//!   a strong pair there, as in a house.
//!
//! Each is a one-step consequence of the cage's rule, so the chains stay chains of single
//! implications a player can follow.

use super::board::Board;
use super::cage_sums::{SumGroup, analyse, cage_groups, domains};
use super::forcing_table::{FALSE, Lit, TRUE};

/// The cage links of a board: per literal (`(cell * n + digit - 1) * 2 + truth`), the literals
/// it implies; and the strong pairs of candidate nodes. Empty for a board without cages.
pub(crate) struct CageLinks {
    /// Implications, indexed by literal.
    pub implies: Vec<Vec<Lit>>,
    /// Candidate node pairs with a strong link (false one ⇒ true other).
    pub strong: Vec<(usize, usize)>,
}

impl CageLinks {
    /// Whether `from ⇒ to` is a cage link.
    pub fn has(&self, from: Lit, to: Lit) -> bool {
        self.implies.get(from).is_some_and(|v| v.contains(&to))
    }
}

/// The cage links at this board (`None` when the shape has no cages).
pub(crate) fn build(board: &Board) -> Option<CageLinks> {
    let g = board.geometry();
    if g.cages().is_empty() {
        return None;
    }
    let n = g.size();
    let lit = |cell: usize, d: u8, truth: usize| (cell * n + d as usize - 1) * 2 + truth;
    let mut implies: Vec<Vec<Lit>> = vec![Vec::new(); g.cell_count() * n * 2];
    let mut strong = Vec::new();
    for group in cage_groups(g) {
        let base = domains(board, &group);
        let Some(all) = analyse(g, &group, &base) else {
            continue;
        };
        let empty: Vec<usize> = (0..group.cells.len())
            .filter(|&i| board.value(group.cells[i]) == 0)
            .collect();
        for digit in all.required().iter() {
            let places: Vec<usize> = empty
                .iter()
                .copied()
                .filter(|&i| base[i].contains(digit))
                .collect();
            if let [a, b] = places[..] {
                let node = |i: usize| group.cells[i] * n + digit as usize - 1;
                strong.push((node(a), node(b)));
            }
        }
        for &i in &empty {
            for d in base[i].iter() {
                let mut doms = base.clone();
                doms[i] = crate::grid::Digits::single(d);
                let Some(a) = analyse(g, &SumGroup { ..group.clone() }, &doms) else {
                    continue;
                };
                if a.combos.is_empty() {
                    continue;
                }
                let from = lit(group.cells[i], d, TRUE);
                for &j in &empty {
                    if j == i {
                        continue;
                    }
                    let cell = group.cells[j];
                    let left = base[j] & a.allowed[j];
                    for e in (base[j] - a.allowed[j]).iter() {
                        // The same digit in a cage-mate is a peer link already.
                        if e != d {
                            implies[from].push(lit(cell, e, FALSE));
                        }
                    }
                    if let Some(e) = left.single_digit().filter(|_| base[j].len() > 1) {
                        implies[from].push(lit(cell, e, TRUE));
                        implies[lit(cell, e, FALSE)].push(lit(group.cells[i], d, FALSE));
                    }
                }
            }
        }
    }
    for v in &mut implies {
        v.sort_unstable();
        v.dedup();
    }
    Some(CageLinks { implies, strong })
}
