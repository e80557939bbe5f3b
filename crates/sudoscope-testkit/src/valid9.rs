//! An independent check of a 9×9 solution, written without the engine so that a test or a
//! benchmark of a solver never trusts the solver (or its helpers) to judge its own answer.

/// `sol` is a complete grid, every row, column and box holds 1–9 once, and it agrees with the
/// givens.
pub fn is_valid_solution(givens: &[u8; 81], sol: &[u8; 81]) -> bool {
    for i in 0..81 {
        if !(1..=9).contains(&sol[i]) || (givens[i] != 0 && givens[i] != sol[i]) {
            return false;
        }
    }
    for unit in 0..9 {
        let (mut r, mut c, mut b) = (0u16, 0u16, 0u16);
        for k in 0..9 {
            r |= 1 << sol[unit * 9 + k];
            c |= 1 << sol[k * 9 + unit];
            b |= 1 << sol[(unit / 3 * 3 + k / 3) * 9 + unit % 3 * 3 + k % 3];
        }
        if r != 0x3FE || c != 0x3FE || b != 0x3FE {
            return false;
        }
    }
    true
}
