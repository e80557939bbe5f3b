//! Symmetric clue patterns: the cells are split into orbits under the chosen symmetry, and the
//! masker removes or keeps whole orbits, so the givens form a symmetric pattern.

use serde::Serialize;

/// The symmetry of the pattern of givens.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Symmetry {
    /// No constraint on the pattern.
    None,
    /// 180° rotation about the centre (the newspaper convention).
    #[default]
    Rotational,
    /// Reflection in the main diagonal (r1c1 to rNcN).
    Diagonal,
    /// Reflection in the anti-diagonal (r1cN to rNc1).
    AntiDiagonal,
    /// Left–right reflection (about the middle column).
    Mirror,
    /// Top–bottom reflection (about the middle row).
    Flip,
    /// All eight symmetries of the square at once.
    Dihedral,
}

impl Symmetry {
    /// Every symmetry, in the order the CLI lists them.
    pub const ALL: [Symmetry; 7] = [
        Symmetry::None,
        Symmetry::Rotational,
        Symmetry::Diagonal,
        Symmetry::AntiDiagonal,
        Symmetry::Mirror,
        Symmetry::Flip,
        Symmetry::Dihedral,
    ];

    /// The name used on the command line and in JSON.
    pub fn name(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Rotational => "rotational",
            Symmetry::Diagonal => "diagonal",
            Symmetry::AntiDiagonal => "anti-diagonal",
            Symmetry::Mirror => "mirror",
            Symmetry::Flip => "flip",
            Symmetry::Dihedral => "dihedral",
        }
    }

    /// The images of (row, col) under the group this symmetry generates (the cell itself
    /// included) in an n×n grid.
    fn images(self, n: usize, r: usize, c: usize) -> Vec<(usize, usize)> {
        let m = n - 1;
        let mut out = vec![(r, c)];
        match self {
            Symmetry::None => {}
            Symmetry::Rotational => out.push((m - r, m - c)),
            Symmetry::Diagonal => out.push((c, r)),
            Symmetry::AntiDiagonal => out.push((m - c, m - r)),
            Symmetry::Mirror => out.push((r, m - c)),
            Symmetry::Flip => out.push((m - r, c)),
            Symmetry::Dihedral => out.extend([
                (c, m - r),
                (m - r, m - c),
                (m - c, r),
                (c, r),
                (m - c, m - r),
                (r, m - c),
                (m - r, c),
            ]),
        }
        out
    }
}

impl std::fmt::Display for Symmetry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// The orbits of the cells of an n×n grid (row-major indices), each sorted, in the order of
/// their smallest cell.
pub fn orbits(n: usize, symmetry: Symmetry) -> Vec<Vec<usize>> {
    let mut seen = vec![false; n * n];
    let mut out = Vec::new();
    for cell in 0..n * n {
        if seen[cell] {
            continue;
        }
        let mut orbit: Vec<usize> = symmetry
            .images(n, cell / n, cell % n)
            .into_iter()
            .map(|(r, c)| r * n + c)
            .collect();
        orbit.sort_unstable();
        orbit.dedup();
        for &c in &orbit {
            seen[c] = true;
        }
        out.push(orbit);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orbits_partition_the_grid_and_are_closed() {
        for n in [4, 9, 16] {
            for s in Symmetry::ALL {
                let orbits = orbits(n, s);
                let mut all: Vec<usize> = orbits.iter().flatten().copied().collect();
                all.sort_unstable();
                assert_eq!(all, (0..n * n).collect::<Vec<_>>(), "{s} {n}");
                for orbit in &orbits {
                    for &c in orbit {
                        for (r2, c2) in s.images(n, c / n, c % n) {
                            assert!(orbit.contains(&(r2 * n + c2)), "{s} {n}");
                        }
                    }
                }
            }
        }
        assert_eq!(orbits(9, Symmetry::None).len(), 81);
        assert_eq!(orbits(9, Symmetry::Rotational).len(), 41);
        assert_eq!(orbits(9, Symmetry::Dihedral).len(), 15);
    }
}
