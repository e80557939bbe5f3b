//! Potentials and the reasons they hold, in words, for the explanations of chain steps.

use super::{Cause, Node, Search};
use crate::logic::se::grid::{cell_name, house_name, tables};

/// A potential in words: "r1c2 is 4" / "r1c2 is not 4".
pub fn potential_text(n: &Node) -> String {
    format!(
        "{} is {}{}",
        cell_name(n.cell),
        if n.on { "" } else { "not " },
        n.digit
    )
}

/// Why a potential follows from its first parent, for a player.
pub fn reason_text(search: &Search, id: u32) -> String {
    let n = &search.nodes()[id as usize];
    let t = tables();
    match n.cause {
        Cause::Assumption => "suppose so".into(),
        Cause::NakedSingle if n.on => format!("the last candidate left in {}", cell_name(n.cell)),
        Cause::NakedSingle => format!("{} holds another digit", cell_name(n.cell)),
        Cause::Hidden(kind) => {
            let house = t.houses_of[n.cell as usize][kind as usize] as usize;
            if n.on {
                format!("the last place for {} in {}", n.digit, house_name(house))
            } else {
                format!("{} is already placed in {}", n.digit, house_name(house))
            }
        }
        Cause::Advanced => n
            .rule
            .as_ref()
            .map(|r| format!("by {}", r.description))
            .unwrap_or_default(),
    }
}
