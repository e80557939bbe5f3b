//! The cultural algorithm's belief space (Mantere & Koljonen, "Solving and Analyzing Sudokus
//! with Cultural Algorithms", 2008): an N×N×N table of counts, one per (cell, digit), fed with
//! the GA's near solutions and read back as *hidden givens* when the population restarts. The
//! GA owns one when it runs as the cultural algorithm ([`super::ga::GaOptions::cultural`]); the
//! rules of when it is fed and used are in [`super::cultural`].

/// The belief space: counts per (chromosome position, digit), from near solutions.
#[derive(Clone, Debug)]
pub struct BeliefSpace {
    n: usize,
    counts: Vec<u32>,
    /// The individual that updated the belief space last.
    last: Vec<u8>,
    /// Positions that were in conflict in some recorded near solution.
    tainted: Vec<bool>,
    updates: u64,
    /// Distinct epochs that contributed near solutions, and the last one.
    epochs: u64,
    last_epoch: Option<u64>,
}

impl BeliefSpace {
    /// An empty belief space for `len` positions and digits 1..=`n`.
    pub fn new(len: usize, n: usize) -> BeliefSpace {
        BeliefSpace {
            n,
            counts: vec![0; len * n],
            last: Vec::new(),
            tainted: vec![false; len],
            updates: 0,
            epochs: 0,
            last_epoch: None,
        }
    }

    /// Near solutions recorded.
    pub fn updates(&self) -> u64 {
        self.updates
    }

    /// Epochs (population runs) that contributed near solutions.
    pub fn epochs(&self) -> u64 {
        self.epochs
    }

    /// Notes that the near solution just recorded came from epoch `epoch`.
    pub fn note_epoch(&mut self, epoch: u64) {
        if self.last_epoch != Some(epoch) {
            self.last_epoch = Some(epoch);
            self.epochs += 1;
        }
    }

    /// Records a near solution unless it is the one recorded last; returns whether it did.
    pub fn update(&mut self, individual: &[u8]) -> bool {
        if self.last == individual {
            return false;
        }
        for (p, &d) in individual.iter().enumerate() {
            if d != 0 {
                self.counts[p * self.n + usize::from(d) - 1] += 1;
            }
        }
        self.last.clear();
        self.last.extend_from_slice(individual);
        self.updates += 1;
        true
    }

    /// Marks positions that were in conflict in a recorded near solution: they are never
    /// hidden givens.
    pub fn taint(&mut self, positions: &[usize]) {
        for &p in positions {
            if let Some(t) = self.tainted.get_mut(p) {
                *t = true;
            }
        }
    }

    /// The share of the near solutions that put `digit` at `position` (0 when there are none).
    pub fn share(&self, position: usize, digit: u8) -> f32 {
        if self.updates == 0 || digit == 0 {
            return 0.0;
        }
        self.counts[position * self.n + usize::from(digit) - 1] as f32 / self.updates as f32
    }

    /// The one digit the belief space has ever seen at `position`, if exactly one.
    pub fn single_digit(&self, position: usize) -> Option<u8> {
        let row = &self.counts[position * self.n..(position + 1) * self.n];
        let mut seen = row.iter().enumerate().filter(|&(_, &c)| c > 0);
        let (d, _) = seen.next()?;
        seen.next().is_none().then_some(d as u8 + 1)
    }

    /// Writes the hidden givens into `fixed` (per position, 0 = free) and returns how many.
    /// `lines_of[p]` lists the lines of position p, `lines` holds each line's `n` positions;
    /// hidden givens clashing on a line with a given or another hidden given are dropped.
    pub fn apply_hidden_givens(
        &self,
        lines_of: &[Vec<usize>],
        lines: &[u16],
        n: usize,
        fixed: &mut [u8],
    ) -> usize {
        let givens = fixed.to_vec();
        let candidates: Vec<(usize, u8)> = (0..fixed.len())
            .filter(|&p| givens[p] == 0 && !self.tainted[p])
            .filter_map(|p| self.single_digit(p).map(|d| (p, d)))
            .collect();
        let mut proposed = givens.clone();
        for &(p, d) in &candidates {
            proposed[p] = d;
        }
        let mut count = 0;
        for &(p, d) in &candidates {
            let clash = lines_of[p].iter().any(|&l| {
                lines[l * n..(l + 1) * n]
                    .iter()
                    .any(|&q| usize::from(q) != p && proposed[usize::from(q)] == d)
            });
            if !clash {
                fixed[p] = d;
                count += 1;
            }
        }
        count
    }
}

#[cfg(test)]
mod tests {
    use super::BeliefSpace;

    #[test]
    fn update_counts_once_per_distinct_near_solution() {
        let mut belief = BeliefSpace::new(4, 2);
        assert!(belief.update(&[1, 2, 2, 1]));
        assert!(!belief.update(&[1, 2, 2, 1]), "the same individual twice");
        assert!(belief.update(&[2, 1, 2, 1]));
        assert_eq!(belief.updates(), 2);
        assert_eq!(belief.single_digit(0), None);
        assert_eq!(belief.single_digit(2), Some(2));
        assert_eq!(belief.share(3, 1), 1.0);
    }

    #[test]
    fn clashing_hidden_givens_are_dropped() {
        // Two lines: positions {0,1} and {2,3}; n = 2.
        let lines = [0u16, 1, 2, 3];
        let lines_of = vec![vec![0], vec![0], vec![1], vec![1]];
        let mut belief = BeliefSpace::new(4, 2);
        belief.update(&[1, 1, 2, 1]);
        let mut fixed = vec![0, 0, 0, 1];
        let hidden = belief.apply_hidden_givens(&lines_of, &lines, 2, &mut fixed);
        // 0 and 1 clash (both 1); 2 takes 2 next to the given 1.
        assert_eq!(fixed, vec![0, 0, 2, 1]);
        assert_eq!(hidden, 1);
    }
}
