//! Simon Tatham's Solo game IDs, read and written: `3x3:…` (standard), `3x3x:…` (X),
//! `3x3k:…` (killer), `3x3xk:…` (killer-X), `9j:…` (jigsaw), `9jx:…` (jigsaw-X), and Solo's
//! rectangular boxes (`2x3:…`, a 6×6 whose regions are 2×3 blocks, read as a jigsaw of those
//! blocks).
//!
//! An ID is `PARAMS:DESCRIPTION`. The parameters are the box dimensions `CxR` (boxes of C rows
//! by R columns, N = C·R) or `Nj` for a jigsaw, then flags: `x` for the diagonals, `k` for
//! cages; Solo's full parameters also carry symmetry and difficulty (`r2`, `m4`, `a`, `dt`…
//! `du`), read and ignored here. The description is comma-separated fields:
//!
//! - the givens, row-major: a number is a cell's digit, a letter `a`–`z` is a run of 1–26
//!   empty cells, `_` separates two numbers;
//! - for a jigsaw, the regions; for a killer, then the cages: the borders between cells,
//!   every side-by-side pair of cells first across the rows (the N−1 inner vertical lines of
//!   row 1, then row 2, …) and then down the columns (the N−1 inner horizontal lines of column
//!   1, …). A letter `a`–`y` is 1–25 pairs of the same piece followed by a border, `_` a border
//!   alone, `z` 25 pairs with no border after; a last, virtual border closes the list;
//! - for a killer, the cage sums, written like the givens: each cage's sum in one of its
//!   cells (Solo puts it in the first).
//!
//! Reading knows nothing of [`super::board::Puzzle`]: it yields the shape and the givens, and
//! the callers build the puzzle, so this module stays below the ones that use it.

use super::error::{ParseErrorKind, WriteError};
use super::geometry::Geometry;
use super::shape_spec::{Cage, ShapeSpec};

/// The most symbols Solo handles.
const SOLO_MAX_SYMBOLS: usize = 31;

/// The largest killer Solo plays.
const SOLO_MAX_KILLER: usize = 9;

/// A decoded Solo ID: the shape to build and the givens (row-major, 0 for empty).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct SoloPuzzle {
    pub spec: ShapeSpec,
    pub givens: Vec<u8>,
}

/// Why an ID does not read, and where: `offset` is the 0-based character in the ID.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct SoloFault {
    pub offset: Option<usize>,
    pub kind: ParseErrorKind,
}

fn fault(offset: Option<usize>, message: String) -> SoloFault {
    SoloFault {
        offset,
        kind: ParseErrorKind::SoloId(message),
    }
}

/// What the parameters say.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Params {
    /// Rows of a box (Solo's `c`); N for a jigsaw.
    rows: usize,
    /// Columns of a box (Solo's `r`); 1 for a jigsaw.
    cols: usize,
    diagonals: bool,
    killer: bool,
}

impl Params {
    fn size(self) -> usize {
        self.rows * self.cols
    }

    fn jigsaw(self) -> bool {
        self.cols == 1
    }
}

/// Reads the parameters before the `:`. Errors carry offsets within them.
fn parse_params(params: &str) -> Result<Params, SoloFault> {
    let bytes = params.as_bytes();
    let mut i = 0;
    let number = |i: &mut usize| -> Option<usize> {
        let start = *i;
        while *i < bytes.len() && bytes[*i].is_ascii_digit() {
            *i += 1;
        }
        (*i > start).then(|| {
            params[start..*i]
                .parse::<usize>()
                .unwrap_or(usize::MAX)
                .min(1 << 20)
        })
    };
    let Some(first) = number(&mut i) else {
        return Err(fault(
            Some(0),
            "the parameters start with the box size, such as 3x3 or 9j".into(),
        ));
    };
    let mut rows = first;
    let mut cols = first;
    let mut seen_cols = false;
    if i < bytes.len() && bytes[i] == b'x' && bytes.get(i + 1).is_some_and(u8::is_ascii_digit) {
        i += 1;
        cols = number(&mut i).unwrap_or(first);
        seen_cols = true;
    }
    let mut diagonals = false;
    let mut killer = false;
    while i < bytes.len() {
        let at = i;
        match bytes[i] {
            b'j' => {
                if seen_cols {
                    rows = rows.saturating_mul(cols);
                }
                cols = 1;
                i += 1;
            }
            b'x' => {
                diagonals = true;
                i += 1;
            }
            b'k' => {
                killer = true;
                i += 1;
            }
            // Symmetry (`r2`, `r4`, `m2`, `md4`, `m8`, `a`) and difficulty (`dt` … `du`):
            // how the puzzle was generated, not what it is.
            b'r' | b'm' => {
                i += 1;
                if bytes[at] == b'm' && bytes.get(i) == Some(&b'd') {
                    i += 1;
                }
                number(&mut i);
            }
            b'a' => i += 1,
            b'd' => {
                i += 1;
                if bytes.get(i).is_some_and(|b| b"tbiaeu".contains(b)) {
                    i += 1;
                }
            }
            other => {
                return Err(fault(
                    Some(at),
                    format!(
                        "unknown parameter '{}' (Solo's are j, x, k and the symmetry and difficulty letters)",
                        char::from(other)
                    ),
                ));
            }
        }
    }
    if rows < 2 {
        return Err(fault(
            Some(0),
            format!("a box of {rows} rows: Solo's dimensions are at least 2"),
        ));
    }
    let params = Params {
        rows,
        cols,
        diagonals,
        killer,
    };
    let n = params.size();
    if n > SOLO_MAX_SYMBOLS {
        return Err(fault(
            Some(0),
            format!("a {n}×{n} grid: Solo puzzles have at most {SOLO_MAX_SYMBOLS} symbols"),
        ));
    }
    Ok(params)
}

/// Whether a field of text is meant as a Solo ID: parameters Solo could have written (a size
/// of 4 to 31 symbols), a `:` and a description of Solo's characters only. Decides before any
/// reading, so that a grid row such as `12:34` (no Solo size) stays a grid row.
pub(crate) fn looks_like_solo_id(token: &str) -> bool {
    let Some((params, desc)) = token.split_once([':', '#']) else {
        return false;
    };
    if !params.starts_with(|c: char| c.is_ascii_digit())
        || !params
            .bytes()
            .all(|b| b.is_ascii_digit() || b.is_ascii_lowercase())
    {
        return false;
    }
    let Ok(p) = parse_params(params) else {
        return false;
    };
    let seed = token.as_bytes()[params.len()] == b'#';
    (4..=SOLO_MAX_SYMBOLS).contains(&p.size())
        && !desc.is_empty()
        && (seed
            || desc
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_' || b == b','))
}

/// Reads a whole Solo game ID.
pub(crate) fn decode(id: &str) -> Result<SoloPuzzle, SoloFault> {
    if let Some((params, _)) = id.split_once('#')
        && !params.contains(':')
    {
        return Err(fault(
            Some(params.len()),
            format!(
                "{params}#… is a random seed, from which only Solo itself can make the puzzle; copy the game ID (Game > Specific…, {params}:…) instead"
            ),
        ));
    }
    let Some((params_text, desc)) = id.split_once(':') else {
        return Err(fault(
            None,
            "no ':' between the parameters and the description".into(),
        ));
    };
    let params = parse_params(params_text)?;
    let n = params.size();
    let area = n * n;
    let start = params_text.len() + 1;
    let mut fields = Vec::new();
    let mut offset = start;
    for field in desc.split(',') {
        fields.push((field, offset));
        offset += field.len() + 1;
    }
    let names: Vec<&str> = {
        let mut names = vec!["givens"];
        if params.jigsaw() {
            names.push("jigsaw regions");
        }
        if params.killer {
            names.push("killer cages");
            names.push("cage sums");
        }
        names
    };
    if fields.len() != names.len() {
        let kind = kind_name(params);
        return Err(fault(
            fields.get(names.len()).map(|&(_, at)| at - 1),
            format!(
                "a {kind} ID has {} comma-separated fields ({}), this one has {}",
                names.len(),
                names.join(", "),
                fields.len()
            ),
        ));
    }
    let (givens_text, givens_at) = fields[0];
    let givens = decode_numbers(givens_text, givens_at, n as u32, area, "givens")?;
    let mut next = 1;
    let regions = if params.jigsaw() {
        let (text, at) = fields[next];
        next += 1;
        Some(decode_pieces(text, at, n, "jigsaw regions")?)
    } else if params.rows != params.cols {
        // Rectangular boxes: the regions are the C×R blocks, given to the engine as a map.
        let (c, r) = (params.rows, params.cols);
        Some(
            (0..area)
                .map(|cell| (cell / n / c) * c + (cell % n) / r)
                .collect(),
        )
    } else {
        None
    };
    let cages = if params.killer {
        let (text, at) = fields[next];
        let pieces = decode_pieces(text, at, n, "killer cages")?;
        let (sums_text, sums_at) = fields[next + 1];
        let max_sum = (n * area) as u32;
        let sums = decode_numbers(sums_text, sums_at, max_sum, area, "cage sums")?;
        cages_of(n, &pieces, &sums)?
    } else {
        Vec::new()
    };
    let spec = ShapeSpec {
        size: n,
        regions,
        diagonals: params.diagonals,
        windows: false,
        cages,
    };
    Ok(SoloPuzzle {
        spec,
        givens: givens.into_iter().map(|d| d as u8).collect(),
    })
}

fn kind_name(params: Params) -> &'static str {
    match (params.jigsaw(), params.killer) {
        (true, true) => "jigsaw killer",
        (true, false) => "jigsaw",
        (false, true) => "killer",
        (false, false) => "standard",
    }
}

fn cell_name(n: usize, cell: usize) -> String {
    format!("r{}c{}", cell / n + 1, cell % n + 1)
}

/// Reads a field of numbers and runs of empty cells (the givens, the cage sums): exactly
/// `area` cells, each number in 1..=`max`.
fn decode_numbers(
    text: &str,
    at: usize,
    max: u32,
    area: usize,
    field: &str,
) -> Result<Vec<u32>, SoloFault> {
    let bytes = text.as_bytes();
    let n = (area as f64).sqrt().round() as usize;
    let mut cells: Vec<u32> = Vec::with_capacity(area);
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        let here = Some(at + i);
        match b {
            b'a'..=b'z' => {
                let run = usize::from(b - b'a' + 1);
                if cells.len() + run > area {
                    return Err(fault(
                        here,
                        format!(
                            "the {field} run '{}' goes past the {area} cells of the grid",
                            char::from(b)
                        ),
                    ));
                }
                cells.resize(cells.len() + run, 0);
                i += 1;
            }
            b'_' => i += 1,
            b'1'..=b'9' => {
                let start = i;
                while i < bytes.len() && bytes[i].is_ascii_digit() {
                    i += 1;
                }
                let value: u64 = text[start..i].parse().unwrap_or(u64::MAX);
                if cells.len() >= area {
                    return Err(fault(
                        here,
                        format!("the {field} hold more than the {area} cells of the grid"),
                    ));
                }
                if value > u64::from(max) {
                    let cell = cell_name(n, cells.len());
                    return Err(fault(
                        here,
                        format!("{field}: {value} at {cell} is more than {max}"),
                    ));
                }
                cells.push(value as u32);
            }
            other => {
                return Err(fault(
                    here,
                    format!(
                        "{field}: unexpected character {} (expected a number, a run letter a-z or _)",
                        super::alphabet::describe_char(char::from(other))
                    ),
                ));
            }
        }
    }
    if cells.len() < area {
        return Err(fault(
            Some(at + text.len()),
            format!(
                "the {field} cover {} of the {area} cells of the grid",
                cells.len()
            ),
        ));
    }
    Ok(cells)
}

/// Reads a field of borders (jigsaw regions, killer cages) into a piece label per cell: the
/// smallest cell of its piece.
fn decode_pieces(text: &str, at: usize, n: usize, field: &str) -> Result<Vec<usize>, SoloFault> {
    let edges = 2 * n * (n - 1);
    let mut parent: Vec<usize> = (0..n * n).collect();
    let mut pos = 0;
    for (i, b) in text.bytes().enumerate() {
        let joined = match b {
            b'_' => 0,
            b'a'..=b'z' => usize::from(b - b'a' + 1),
            other => {
                return Err(fault(
                    Some(at + i),
                    format!(
                        "{field}: unexpected character {} (expected a run letter a-z or _)",
                        super::alphabet::describe_char(char::from(other))
                    ),
                ));
            }
        };
        for _ in 0..joined {
            if pos >= edges {
                return Err(fault(
                    Some(at + i),
                    format!("{field}: more borders than the {edges} of a {n}×{n} grid"),
                ));
            }
            let (a, b) = edge_cells(n, pos);
            union(&mut parent, a, b);
            pos += 1;
        }
        if b != b'z' {
            pos += 1;
        }
    }
    if pos != edges + 1 {
        let what = if pos < edges + 1 { "fewer" } else { "more" };
        return Err(fault(
            Some(at + text.len()),
            format!("{field}: {what} borders than the {edges} of a {n}×{n} grid"),
        ));
    }
    Ok((0..n * n).map(|c| find(&mut parent, c)).collect())
}

/// The two cells on either side of border `pos`: first the vertical borders row by row, then
/// the horizontal ones column by column.
fn edge_cells(n: usize, pos: usize) -> (usize, usize) {
    let half = n * (n - 1);
    if pos < half {
        let (y, x) = (pos / (n - 1), pos % (n - 1));
        (y * n + x, y * n + x + 1)
    } else {
        let (x, y) = (pos / (n - 1) - n, pos % (n - 1));
        (y * n + x, (y + 1) * n + x)
    }
}

fn find(parent: &mut [usize], mut x: usize) -> usize {
    while parent[x] != x {
        parent[x] = parent[parent[x]];
        x = parent[x];
    }
    x
}

/// Joins two pieces, keeping the smaller cell as the label (so a label is its piece's first
/// cell).
fn union(parent: &mut [usize], a: usize, b: usize) {
    let (ra, rb) = (find(parent, a), find(parent, b));
    if ra != rb {
        let (low, high) = if ra < rb { (ra, rb) } else { (rb, ra) };
        parent[high] = low;
    }
}

/// The cages of a killer: its pieces, each with the one sum written in its cells.
fn cages_of(n: usize, pieces: &[usize], sums: &[u32]) -> Result<Vec<Cage>, SoloFault> {
    let mut cages: Vec<Cage> = Vec::new();
    let mut index_of = vec![usize::MAX; pieces.len()];
    let mut sum_at: Vec<Option<usize>> = Vec::new();
    for (cell, &piece) in pieces.iter().enumerate() {
        if index_of[piece] == usize::MAX {
            index_of[piece] = cages.len();
            cages.push(Cage {
                cells: Vec::new(),
                sum: 0,
            });
            sum_at.push(None);
        }
        let i = index_of[piece];
        cages[i].cells.push(cell);
        if sums[cell] != 0 {
            if let Some(first) = sum_at[i] {
                return Err(fault(
                    None,
                    format!(
                        "the cage at {} has two sums: {} at {} and {} at {}",
                        cell_name(n, cages[i].cells[0]),
                        sums[first],
                        cell_name(n, first),
                        sums[cell],
                        cell_name(n, cell)
                    ),
                ));
            }
            sum_at[i] = Some(cell);
            cages[i].sum = sums[cell];
        }
    }
    if let Some(i) = sum_at.iter().position(Option::is_none) {
        return Err(fault(
            None,
            format!(
                "the cage at {} has no sum in the cage sums field",
                cell_name(n, cages[i].cells[0])
            ),
        ));
    }
    Ok(cages)
}

/// Writes a shape and its givens as a Solo game ID. Any shape with a Solo kind is written,
/// including ones Solo itself would refuse to open (a killer above 9×9, a one-cell cage):
/// this is also the one-line form of a killer or jigsaw in sudoscope's own output.
/// [`check_solo_opens`] says whether Solo would take it.
pub(crate) fn encode(geometry: &Geometry, givens: &[u8]) -> Result<String, WriteError> {
    let n = geometry.size();
    let area = n * n;
    if geometry.variant().has_windows() {
        return Err(WriteError::Solo(
            "Solo has no hyper (windoku) sudoku".into(),
        ));
    }
    let mut out = String::new();
    let rect = match geometry.box_size() {
        Some(k) => Some((k, k)),
        None => rectangular_boxes(geometry),
    };
    match rect {
        Some((rows, cols)) => out.push_str(&format!("{rows}x{cols}")),
        None => out.push_str(&format!("{n}j")),
    }
    if geometry.variant().has_diagonals() {
        out.push('x');
    }
    let killer = !geometry.cages().is_empty();
    if killer {
        out.push('k');
    }
    out.push(':');
    encode_numbers(&mut out, givens.iter().map(|&d| u32::from(d)));
    if rect.is_none() {
        out.push(',');
        let regions: Vec<usize> = (0..area).map(|c| geometry.region_of(c)).collect();
        encode_pieces(&mut out, n, &regions);
    }
    if killer {
        out.push(',');
        let cages: Vec<usize> = (0..area)
            .map(|c| geometry.cage_of(c).unwrap_or(usize::MAX))
            .collect();
        encode_pieces(&mut out, n, &cages);
        out.push(',');
        let mut sums = vec![0u32; area];
        for cage in geometry.cages() {
            if let Some(&first) = cage.cells.first() {
                sums[first] = cage.sum;
            }
        }
        encode_numbers(&mut out, sums.into_iter());
    }
    Ok(out)
}

/// Whether Solo itself opens the ID [`encode`] writes for this shape: the reason when not.
pub(crate) fn check_solo_opens(geometry: &Geometry) -> Result<(), WriteError> {
    let n = geometry.size();
    let refuse = |why: String| Err(WriteError::Solo(why));
    if geometry.variant().has_windows() {
        return refuse("Solo has no hyper (windoku) sudoku".into());
    }
    if n > SOLO_MAX_SYMBOLS {
        return refuse(format!(
            "Solo plays at most {SOLO_MAX_SYMBOLS} symbols, not {n}×{n}"
        ));
    }
    let cages = geometry.cages();
    if !cages.is_empty() {
        if n > SOLO_MAX_KILLER {
            return refuse(format!(
                "Solo plays killers up to {SOLO_MAX_KILLER}×{SOLO_MAX_KILLER}, not {n}×{n}"
            ));
        }
        if let Some(cage) = cages.iter().find(|c| c.cells.len() < 2) {
            return refuse(format!(
                "Solo's cages have at least 2 cells; the cage at {} has 1",
                geometry.cell_name(cage.cells[0])
            ));
        }
    }
    Ok(())
}

/// A jigsaw whose regions are Solo's rectangular boxes: (rows, columns) of a box.
fn rectangular_boxes(geometry: &Geometry) -> Option<(usize, usize)> {
    let n = geometry.size();
    (2..n).filter(|c| n % c == 0).find_map(|c| {
        let r = n / c;
        let mut region_of_box = vec![usize::MAX; n];
        let fits = (0..n * n).all(|cell| {
            let b = (cell / n / c) * c + (cell % n) / r;
            let region = geometry.region_of(cell);
            let slot = &mut region_of_box[b];
            if *slot == usize::MAX {
                *slot = region;
            }
            *slot == region
        });
        (fits && r >= 2).then_some((c, r))
    })
}

/// Writes numbers with runs of zeros as letters, as Solo does: `_` only between two numbers.
fn encode_numbers(out: &mut String, values: impl Iterator<Item = u32>) {
    let mut run = 0usize;
    let mut any = false;
    for value in values {
        if value == 0 {
            run += 1;
            continue;
        }
        if run > 0 {
            push_run(out, run);
        } else if any {
            out.push('_');
        }
        out.push_str(&value.to_string());
        run = 0;
        any = true;
    }
    if run > 0 {
        push_run(out, run);
    }
}

fn push_run(out: &mut String, mut run: usize) {
    while run > 0 {
        let step = run.min(26);
        out.push(char::from(b'a' + step as u8 - 1));
        run -= step;
    }
}

/// Writes a partition (a label per cell) as Solo's list of borders.
fn encode_pieces(out: &mut String, n: usize, label: &[usize]) {
    let edges = 2 * n * (n - 1);
    let mut run = 0usize;
    for pos in 0..=edges {
        let border = pos == edges || {
            let (a, b) = edge_cells(n, pos);
            label[a] != label[b]
        };
        if border {
            while run > 25 {
                out.push('z');
                run -= 25;
            }
            if run > 0 {
                out.push(char::from(b'a' + run as u8 - 1));
            } else {
                out.push('_');
            }
            run = 0;
        } else {
            run += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Generated by `sgt-solo --generate 1 3x3kdb`.
    const KILLER: &str = "3x3k:zzzc,__a______a_____a______a_____b_____aa_____a_a___aaa_aa_da__aa________________aaaaaa_caa_aaaaaaaabba_,15_10_10a7_16_6_11_15b12f5_5a11_15a12_6b17c14b14_15b6_10a10_16a8d11c12_10a19b12_11_13a8g11a13b19c";
    /// Generated by `sgt-solo --generate 1 9jdu`.
    const JIGSAW: &str = "9j:e6c2e8_1e2g6b4_9a1a7c9a6a6_8b7g7e5_2e1c8e,bcccbc_aabc_ca_a_ad___a_cabcd_acbaaabb_aa_a_c_a_a_ab__fb_cd";

    fn round_trip(id: &str) {
        let read = decode(id).expect("a Solo ID");
        let geometry = Geometry::shaped(read.spec.clone()).expect("a valid shape");
        let written = encode(&geometry, &read.givens).expect("writable");
        assert_eq!(written, id, "Solo's own ID comes back byte for byte");
    }

    #[test]
    fn solo_ids_round_trip_byte_for_byte() {
        round_trip(KILLER);
        round_trip(JIGSAW);
        // `sgt-solo --generate 1 3x3db` and `2x2`.
        round_trip("3x3:6c4a3g8d7_2_5c1a5a9a7b2_1i1_6b2a8a5a1c2_9_5d8g3a1c7");
        round_trip("2x2:a4c1d1c3a");
    }

    #[test]
    fn a_killer_has_its_cages_and_sums() {
        let read = decode(KILLER).expect("reads");
        assert_eq!(read.spec.size, 9);
        assert!(read.givens.iter().all(|&d| d == 0));
        let total: u32 = read.spec.cages.iter().map(|c| c.sum).sum();
        assert_eq!(total, 405);
        let first = &read.spec.cages[0];
        assert_eq!(first.sum, 15);
        assert!(first.cells.contains(&0));
    }

    #[test]
    fn rectangular_boxes_read_as_their_blocks_and_write_back() {
        // A 6×6 with 2×3 boxes and no givens.
        let id = "2x3:zj";
        let read = decode(id).expect("reads");
        let regions = read.spec.regions.clone().expect("blocks");
        assert_eq!(regions[0], regions[2]);
        assert_ne!(regions[2], regions[3]);
        assert_eq!(regions[6], regions[0], "two rows per box");
        assert_ne!(regions[12], regions[0]);
        round_trip(id);
    }

    #[test]
    fn bad_fields_are_named() {
        let err = |id: &str| decode(id).err().map(|f| f.kind.to_string());
        assert_eq!(
            err("3x3:zzzc,aa"),
            Some(
                "Solo game ID: a standard ID has 1 comma-separated fields (givens), this one has 2"
                    .into()
            )
        );
        assert!(
            err("3x3:zzzb").is_some_and(|e| e.contains("cover 80 of the 81")),
            "{:?}",
            err("3x3:zzzb")
        );
        assert!(err("3x3:zzz10b").is_some_and(|e| e.contains("10 at r9c7 is more than 9")));
        assert!(err("3x3q:zzzc").is_some_and(|e| e.contains("unknown parameter 'q'")));
        assert!(err("3x3#12345").is_some_and(|e| e.contains("random seed")));
        assert!(err("9j:zzzc,abc").is_some_and(|e| e.contains("fewer borders")));
        assert!(err("9j:zzzc,ab!").is_some_and(|e| e.contains("'!'")));
    }

    #[test]
    fn detection_leaves_grid_rows_alone() {
        assert!(looks_like_solo_id(KILLER));
        assert!(looks_like_solo_id("3x3#123"));
        assert!(!looks_like_solo_id("12:34"));
        assert!(!looks_like_solo_id("123:456:789"));
        assert!(!looks_like_solo_id("53.:.7.:..."));
    }
}
