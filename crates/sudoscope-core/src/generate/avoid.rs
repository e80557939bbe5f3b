//! Puzzles a search must not return: a set of canonical (minlex) forms, so a puzzle is
//! refused when it is *equivalent* to a known one, not only when it is equal to it.
//!
//! `generate --fresh` promises puzzles equivalent to none in a file or the shared datasets.
//! The search above SE 9.5 starts from known hard puzzles, and a puzzle one move away from a
//! known one is often known too (the field's hardest lists were found by the same moves), so
//! the search itself must pass over known puzzles — checking only its final answer would throw
//! the whole climb away. One canonical form costs microseconds, far less than a rating.

use std::collections::HashSet;
use std::fmt;
use std::sync::Arc;

use crate::canon::{Cells, minlex};
use crate::grid::Grid;

/// A shared, read-only set of canonical forms (cheap to clone: the set is behind an `Arc`).
#[derive(Clone, Default)]
pub struct Avoid {
    forms: Arc<HashSet<Cells>>,
}

impl Avoid {
    /// The set of these canonical forms.
    pub fn new(forms: HashSet<Cells>) -> Avoid {
        Avoid {
            forms: Arc::new(forms),
        }
    }

    /// How many forms the set holds.
    pub fn len(&self) -> usize {
        self.forms.len()
    }

    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.forms.is_empty()
    }

    /// Whether a canonical form is in the set.
    pub fn contains_form(&self, form: &Cells) -> bool {
        self.forms.contains(form)
    }
}

/// The canonical form of standard 9×9 givens; `None` for anything else (a clash, another
/// shape), which no search here produces.
pub(crate) fn form_of(givens: &Grid) -> Option<Cells> {
    let cells: &Cells = givens.cells().try_into().ok()?;
    minlex(cells).ok()
}

impl PartialEq for Avoid {
    /// The same set (by identity, or both empty): comparing the contents of two large sets
    /// would cost as much as building them.
    fn eq(&self, other: &Avoid) -> bool {
        Arc::ptr_eq(&self.forms, &other.forms) || (self.is_empty() && other.is_empty())
    }
}

impl fmt::Debug for Avoid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Avoid({} forms)", self.forms.len())
    }
}
