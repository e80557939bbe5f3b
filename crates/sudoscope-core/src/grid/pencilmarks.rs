//! Candidate text: the one-line N³ pencilmark form and the HoDoKu-style candidate grid, from
//! geometry and candidate sets alone, so both a puzzle and the format writer can use them.

use super::alphabet::Alphabet;
use super::digits::Digits;
use super::geometry::Geometry;

/// N³ characters: for every cell, position `d` holds digit `d`'s symbol if it is a candidate
/// and `.` if not.
pub fn pencilmark_line(geometry: &Geometry, marks: &[Digits], alphabet: Alphabet) -> String {
    let n = geometry.size() as u8;
    let mut out = String::with_capacity(marks.len() * n as usize);
    for &set in marks {
        for d in 1..=n {
            out.push(if set.contains(d) {
                alphabet.symbol(d)
            } else {
                '.'
            });
        }
    }
    out
}

/// A HoDoKu-style candidate grid: each cell lists its candidates, columns padded to line up.
pub fn pencilmark_grid(geometry: &Geometry, marks: &[Digits], alphabet: Alphabet) -> String {
    // A jigsaw's regions are not bands of boxes: its rows are one group, with no separators.
    let n = geometry.size();
    let k = geometry.box_size().unwrap_or(n);
    let groups = n / k;
    // A short candidate list (a caller's mistake) renders the missing cells empty.
    let token = |cell: usize| -> String {
        marks.get(cell).map_or_else(String::new, |m| {
            m.iter().map(|d| alphabet.symbol(d)).collect()
        })
    };
    let widths: Vec<usize> = (0..n)
        .map(|c| {
            (0..n)
                .map(|r| token(r * n + c).len())
                .max()
                .unwrap_or(1)
                .max(1)
        })
        .collect();
    let band_rule = |corner: char, cross: char| -> String {
        let mut line = String::new();
        line.push(corner);
        for b in 0..groups {
            let width: usize = widths[b * k..(b + 1) * k].iter().sum::<usize>() + k + 1;
            line.push_str(&"-".repeat(width));
            line.push(if b + 1 == groups { corner } else { cross });
        }
        line.push('\n');
        line
    };
    let mut out = band_rule('.', '.');
    for r in 0..n {
        if r > 0 && r % k == 0 {
            out.push_str(&band_rule(':', '+'));
        }
        out.push('|');
        for (c, &width) in widths.iter().enumerate() {
            out.push(' ');
            let t = token(r * n + c);
            out.push_str(&t);
            out.push_str(&" ".repeat(width.saturating_sub(t.len())));
            if (c + 1) % k == 0 {
                out.push_str(" |");
            }
        }
        out.push('\n');
    }
    out.push_str(&band_rule('\'', '\''));
    out
}
