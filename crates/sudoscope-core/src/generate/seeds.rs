//! Complete hyper grids above 9×9, for which random search does not finish.
//!
//! With windows one cell in from each box edge, an empty 16×16 hyper grid defeats both the
//! generic exact solver and the generator's randomised search (neither filled one in 15
//! minutes), yet grids exist: a SAT solver (CaDiCaL, on the plain one-hot encoding) finds one
//! in well under a minute. That grid is stored here and every generated grid is a random
//! image of it under the transformations that keep every house a house:
//!
//! * relabelling the digits (N! ways), so no cell favours a digit;
//! * permuting rows that lie in the same box band and the same window band (for 16×16: rows
//!   2–4, 7–8, 9–10 and 13–15, 1-based, giving 3!·2!·2!·3! = 144 orders), the same for columns;
//! * transposing, and reversing the row order and the column order (the windows sit
//!   symmetrically, so both reversals keep them).
//!
//! So hyper 16×16 grids come from one family of 144²·8·16! grids rather than from all hyper
//! grids; the puzzles still differ in digits, layout and clue pattern, but this is a known
//! limit, documented in the README. The seed was found with
//! `cadical -q hyper16.cnf` on the CNF that `docs/hyper_cnf.py` writes.

use crate::grid::{Geometry, Grid, HouseKind, Variant};

use crate::rng::{GenRng, RandomSource};

/// A 16×16 hyper grid found by CaDiCaL (row-major, digits `1-9A-G`).
const HYPER16: &str = "123456789ABCDEFG567923ABGDFEC841DGAC14FE23876B59EBF8DG9C456123A7B35E4C67812G9FDA786DG25FCEA914B39AC2B813F4D5G7E6GF41EAD9673B82C525D76FEGB8143A9C49G38B2A5C7DF16E8EBFC541369A7G2DAC16973DEFG2B584348BA9C61G5FED726DE5F1B472C3A9G8F72G3D85A9E64C1BC19A7EG2DB48563F";

/// A 25×25 hyper grid found by CaDiCaL (row-major, digits `1-9A-P`).
const HYPER25: &str = "123456789ABCDEFGHIJKLMNOPLAG9JND3MFH6K2IE7OP145B8CF8PIMHOKC2JL5AGB694NED731H6OK71JE5B9N34PLDC8MFGI2ANECDBLIG4P1O78MF352A6JKH9B453F2GDAI87MN1JKHECOL9P62NDL8P3HK16IBOJ9A7MGCF54EEPHGI7CM6JLK9D5O423F1NAB8JOA6KFL9E83P4HCIB1N572DGM71MC945BONG2AFEPL8D6KI3JH658NEDB71H4A2JK3GMFP9OLCIGJ2BL3P5FCIDO7NA9614MH8EK97FHAO4JLME5G18C2KID3BP6N4C1M39EIGKPH6LB8JN7O2AFD5DIKPO82AN6FMC93H5EBLG147JIBL54JF279C816ADOPH3NKEMG8D7F6AK4BEO3NM21IG9JHPC5LOHNE2GM1DL5JPK47CFAB896I3KM91CI8P3ODGHBL5N46EJ72AF3GJAPCN6H57FEI92MLK8B4O1DA9I2DK1LPGMEFCH483O756JNBM368HB9OIDK1J57NFAC2PEGL45LEONM6CJ4298PDK1BGIA3HF7PF4715HN83ABIGO6EJL9DCMK2CKBJGEAF27N4L36MPD5HI819O";

/// The stored grid for this geometry, if there is one.
fn stored(geometry: &Geometry) -> Option<Grid> {
    let text = match (geometry.size(), geometry.variant()) {
        (16, Variant::Hyper) => HYPER16,
        (25, Variant::Hyper) => HYPER25,
        _ => return None,
    };
    // `1`-`9` then `A`-`P`: exactly the base-36 values 1..=25.
    let cells = text
        .chars()
        .map(|c| c.to_digit(36).map(|d| d as u8))
        .collect::<Option<Vec<u8>>>()?;
    Grid::from_cells(geometry, cells).ok()
}

/// Whether random search is replaced by a stored grid for this geometry.
pub fn has_seed(geometry: &Geometry) -> bool {
    geometry.size() > 9 && geometry.variant() == Variant::Hyper
}

/// Whether grids of this geometry can be made: by random search, or from a stored grid.
pub fn supported(geometry: &Geometry) -> bool {
    !has_seed(geometry) || stored(geometry).is_some()
}

/// A random image of the stored grid; `None` when there is no stored grid for this geometry.
pub fn random_image(geometry: &Geometry, rng: &mut GenRng) -> Option<Grid> {
    let base = stored(geometry)?;
    let n = geometry.size();
    let k = geometry.box_size()?;
    // Rows (and, by the square layout, columns) in the same box band and window band.
    let window_of = window_bands(geometry);
    let mut rows: Vec<usize> = (0..n).collect();
    let mut cols: Vec<usize> = (0..n).collect();
    for order in [&mut rows, &mut cols] {
        let mut start = 0;
        while start < n {
            let key = (start / k, window_of[start]);
            let mut end = start + 1;
            while end < n && (end / k, window_of[end]) == key {
                end += 1;
            }
            rng.shuffle(&mut order[start..end]);
            start = end;
        }
        if rng.below(2) == 1 {
            order.reverse();
        }
    }
    let transpose = rng.below(2) == 1;
    let mut relabel: Vec<u8> = (1..=n as u8).collect();
    rng.shuffle(&mut relabel);
    let mut cells = vec![0u8; n * n];
    for r in 0..n {
        for c in 0..n {
            let (sr, sc) = if transpose {
                (cols[c], rows[r])
            } else {
                (rows[r], cols[c])
            };
            cells[r * n + c] = relabel[base.get(sr * n + sc) as usize - 1];
        }
    }
    Grid::from_cells(geometry, cells).ok()
}

/// For each row, the index of the window band it lies in (`usize::MAX` for none).
fn window_bands(geometry: &Geometry) -> Vec<usize> {
    let n = geometry.size();
    let mut tops: Vec<usize> = geometry
        .houses()
        .iter()
        .filter(|h| h.kind == HouseKind::Window)
        .filter_map(|h| h.cells.first().map(|&c| c / n))
        .collect();
    tops.sort_unstable();
    tops.dedup();
    let Some(k) = geometry.box_size() else {
        return vec![usize::MAX; n];
    };
    (0..n)
        .map(|r| {
            tops.iter()
                .position(|&t| r >= t && r < t + k)
                .unwrap_or(usize::MAX)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_stored_grid_is_valid_and_its_images_too() {
        let geometry = Geometry::get(16, Variant::Hyper).unwrap();
        assert!(stored(geometry).unwrap().is_solved());
        let mut rng = GenRng::new(9, 0);
        let a = random_image(geometry, &mut rng).unwrap();
        let b = random_image(geometry, &mut rng).unwrap();
        assert!(a.is_solved() && b.is_solved());
        assert_ne!(a, b);
        let geometry = Geometry::get(25, Variant::Hyper).unwrap();
        assert!(random_image(geometry, &mut rng).unwrap().is_solved());
    }
}
