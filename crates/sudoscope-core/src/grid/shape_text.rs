//! The shape form: a killer or jigsaw written so a person can type it by hand and read it
//! back at a glance (documented with examples in the guide).
//!
//! ```text
//! killer 9x9
//! cages:
//! aabbbcdde
//! ...            (N rows: one label per cell, the same label for one cage)
//! sums: a=3 b=15 c=22 ...
//! givens:        (optional: N rows, `.` for an empty cell)
//! ```
//!
//! A jigsaw has `jigsaw` (or `jigsaw-x`) and a `regions:` map instead of cages and sums, and
//! usually givens. The header names the kind (`killer`, `killer-x`, `jigsaw`, `jigsaw-x`) and
//! optionally the size; a row is one character per cell, or one whitespace-separated label per
//! cell (for more labels than letters); `|` may separate groups anywhere in a row. `#` starts a
//! comment line. The record ends at the first blank line once it is complete (or at the next
//! header, or the end of the input), so a file holds many.
//!
//! This module knows nothing of [`super::board::Puzzle`]: it reads and writes the shape and
//! the givens, and the callers build the puzzle.

use std::collections::HashMap;

use super::alphabet::{Alphabet, Symbol};
use super::error::{ParseError, ParseErrorKind, WriteError};
use super::geometry::Geometry;
use super::shape_spec::{Cage, ShapeSpec, Variant};

/// The kind a header line names, and the size if it gives one.
pub(crate) fn header(line: &str) -> Option<(Variant, Option<usize>)> {
    let mut words = line.split_whitespace();
    let kind = match words.next()?.to_ascii_lowercase().as_str() {
        "killer" => Variant::Killer,
        "killer-x" => Variant::KillerX,
        "jigsaw" => Variant::Jigsaw,
        "jigsaw-x" => Variant::JigsawX,
        _ => return None,
    };
    let size = match words.next() {
        None => None,
        Some(word) => {
            let (a, b) = word.split_once(['x', 'X', '×']).unwrap_or((word, word));
            match (a.parse::<usize>(), b.parse::<usize>()) {
                (Ok(a), Ok(b)) if a == b => Some(a),
                _ => return None,
            }
        }
    };
    if words.next().is_some() {
        return None;
    }
    Some((kind, size))
}

/// Which grid the next rows fill.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Section {
    /// The cage map (killer) or the region map (jigsaw).
    Map,
    Givens,
}

/// One row as read: its cells' labels and where each stood (1-based column).
type Row = Vec<(String, usize)>;

/// A shape-form record being read, one line at a time.
pub(crate) struct ShapeTextReader {
    pub first_line: usize,
    pub text: String,
    variant: Variant,
    size: Option<usize>,
    section: Section,
    map: Vec<(Row, usize)>,
    givens: Vec<(Row, usize)>,
    /// Label, sum, line and column of each `label=sum`.
    sums: Vec<(String, u32, usize, usize)>,
    alphabet: Alphabet,
    /// An error was reported: the rest of the record is read and dropped.
    pub failed: bool,
}

fn text_error(line: usize, column: Option<usize>, message: String) -> ParseError {
    ParseError::new(line, column, ParseErrorKind::ShapeText(message))
}

impl ShapeTextReader {
    /// A record started by a header line.
    pub fn new(
        variant: Variant,
        size: Option<usize>,
        line: usize,
        text: &str,
        alphabet: Option<Alphabet>,
    ) -> ShapeTextReader {
        ShapeTextReader {
            first_line: line,
            text: text.to_owned(),
            variant,
            size,
            section: Section::Map,
            map: Vec::new(),
            givens: Vec::new(),
            sums: Vec::new(),
            alphabet: alphabet.unwrap_or(Alphabet::Digits),
            failed: false,
        }
    }

    fn map_name(&self) -> &'static str {
        if self.variant.has_cages() {
            "cage map"
        } else {
            "region map"
        }
    }

    /// Takes one non-blank line of the record.
    pub fn push(&mut self, line: &str, line_no: usize) -> Result<(), ParseError> {
        let trimmed = line.trim();
        if trimmed.starts_with('#') {
            return Ok(());
        }
        let (word, rest) = match trimmed.split_once(|c: char| c.is_whitespace() || c == ':') {
            Some((w, r)) => (w, r.trim_start_matches(':').trim()),
            None => (trimmed.trim_end_matches(':'), ""),
        };
        let keyword = word.to_ascii_lowercase();
        let indent = line.chars().take_while(|c| c.is_whitespace()).count();
        match keyword.as_str() {
            "cages" | "regions" => {
                let wanted = if self.variant.has_cages() {
                    "cages"
                } else {
                    "regions"
                };
                if keyword != wanted {
                    return Err(text_error(
                        line_no,
                        Some(indent + 1),
                        format!(
                            "a {} has {wanted}, not {keyword}",
                            self.variant.name().trim_end_matches("-x")
                        ),
                    ));
                }
                self.section = Section::Map;
                return self.trailing_row(rest, line, line_no);
            }
            "givens" => {
                self.section = Section::Givens;
                return self.trailing_row(rest, line, line_no);
            }
            "sums" => {
                if !self.variant.has_cages() {
                    return Err(text_error(
                        line_no,
                        Some(indent + 1),
                        "a jigsaw has no cage sums".into(),
                    ));
                }
                return self.push_sums(line, line_no);
            }
            _ => {}
        }
        if trimmed.contains('=') {
            if !self.variant.has_cages() {
                return Err(text_error(
                    line_no,
                    Some(indent + 1),
                    "a jigsaw has no cage sums".into(),
                ));
            }
            return self.push_sums(line, line_no);
        }
        self.push_row(line, line_no)
    }

    /// A row written on a section's keyword line (`givens: 5.3...`), if any.
    fn trailing_row(&mut self, rest: &str, line: &str, line_no: usize) -> Result<(), ParseError> {
        if rest.is_empty() {
            return Ok(());
        }
        let start = line.rfind(rest).unwrap_or(0);
        let padded = format!("{}{}", " ".repeat(line[..start].chars().count()), rest);
        self.push_row(&padded, line_no)
    }

    /// Reads a line of `label=sum` pairs separated by whitespace or commas, after an optional
    /// `sums:`.
    fn push_sums(&mut self, line: &str, line_no: usize) -> Result<(), ParseError> {
        let chars: Vec<char> = line.chars().collect();
        let mut tokens = Vec::new();
        let mut start: Option<usize> = None;
        for (i, &c) in chars.iter().enumerate() {
            let separator = c.is_whitespace() || c == ',' || c == ';';
            match (separator, start) {
                (true, Some(s)) => {
                    tokens.push((s, i));
                    start = None;
                }
                (false, None) => start = Some(i),
                _ => {}
            }
        }
        if let Some(s) = start {
            tokens.push((s, chars.len()));
        }
        for (from, to) in tokens {
            let mut token: String = chars[from..to].iter().collect();
            let mut col = from + 1;
            if token.to_ascii_lowercase().starts_with("sums") {
                let rest = token[4..].trim_start_matches(':').to_owned();
                col += token.chars().count() - rest.chars().count();
                if rest.is_empty() {
                    continue;
                }
                token = rest;
            }
            let Some((label, sum)) = token.split_once('=') else {
                return Err(text_error(
                    line_no,
                    Some(col),
                    format!("sums: '{token}' is not label=sum"),
                ));
            };
            if label.is_empty() {
                return Err(text_error(
                    line_no,
                    Some(col),
                    format!("sums: '={sum}' has no cage label"),
                ));
            }
            let Ok(sum) = sum.parse::<u32>() else {
                return Err(text_error(
                    line_no,
                    Some(col + label.chars().count() + 1),
                    format!("sums: '{sum}' after '{label}=' is not a number"),
                ));
            };
            if let Some(&(_, _, l, c)) = self.sums.iter().find(|(x, ..)| x == label) {
                return Err(text_error(
                    line_no,
                    Some(col),
                    format!(
                        "sums: cage '{label}' has a second sum (the first is at line {l}, column {c})"
                    ),
                ));
            }
            self.sums.push((label.to_owned(), sum, line_no, col));
        }
        Ok(())
    }

    /// Reads a row of the current section.
    fn push_row(&mut self, line: &str, line_no: usize) -> Result<(), ParseError> {
        let row = split_cells(line);
        let total: usize = row.iter().map(|(t, _)| t.chars().count()).sum();
        let n = match self.size {
            Some(n) => n,
            None => {
                let valid = |k: usize| (4..=16).contains(&k);
                let n = if total == row.len() || !valid(total) && valid(row.len()) {
                    row.len()
                } else {
                    total
                };
                self.size = Some(n);
                n
            }
        };
        let cells: Row = if row.len() == n {
            row
        } else if total == n {
            row.into_iter()
                .flat_map(|(t, col)| {
                    t.chars()
                        .enumerate()
                        .map(move |(i, c)| (c.to_string(), col + i))
                        .collect::<Vec<_>>()
                })
                .collect()
        } else {
            let section = match self.section {
                Section::Map => self.map_name(),
                Section::Givens => "givens",
            };
            return Err(text_error(
                line_no,
                None,
                format!(
                    "{section}: a row of {} cells, expected {n}",
                    if row.len() > 1 && total != row.len() {
                        format!("{} labels or {total}", row.len())
                    } else {
                        total.to_string()
                    }
                ),
            ));
        };
        let rows = match self.section {
            Section::Map => &mut self.map,
            Section::Givens => &mut self.givens,
        };
        if rows.len() == n {
            let section = match self.section {
                Section::Map => self.map_name(),
                Section::Givens => "givens",
            };
            return Err(text_error(
                line_no,
                None,
                format!("{section}: more than {n} rows"),
            ));
        }
        rows.push((cells, line_no));
        Ok(())
    }

    /// Whether the record holds everything it needs: the whole map, every cage's sum, and
    /// the givens either absent or whole.
    pub fn is_complete(&self) -> bool {
        let Some(n) = self.size else {
            return false;
        };
        let map_done = self.map.len() == n;
        let givens_done = self.givens.is_empty() || self.givens.len() == n;
        let sums_done = !self.variant.has_cages() || {
            let labels = self.labels();
            labels
                .iter()
                .all(|l| self.sums.iter().any(|(s, ..)| s == l))
        };
        map_done && givens_done && sums_done
    }

    /// Whether nothing more can belong to the record: complete, with its givens read.
    pub fn is_closed(&self) -> bool {
        self.is_complete() && self.size.is_some_and(|n| self.givens.len() == n)
    }

    /// The labels of the map, `.` (no cage) left out.
    fn labels(&self) -> Vec<&str> {
        let mut seen: Vec<&str> = Vec::new();
        for (row, _) in &self.map {
            for (label, _) in row {
                if label != "." && !seen.contains(&label.as_str()) {
                    seen.push(label);
                }
            }
        }
        seen
    }

    /// The shape, the givens and the alphabet, once the record is over.
    pub fn finish(&self) -> Result<(ShapeSpec, Vec<u8>, Alphabet), ParseError> {
        let line = self.first_line;
        let Some(n) = self.size.filter(|_| !self.map.is_empty()) else {
            return Err(text_error(
                line,
                None,
                format!("a {} without its {}", self.variant, self.map_name()),
            ));
        };
        if self.map.len() < n {
            return Err(text_error(
                line,
                None,
                format!("{}: {} of {n} rows", self.map_name(), self.map.len()),
            ));
        }
        if !self.givens.is_empty() && self.givens.len() < n {
            return Err(text_error(
                line,
                None,
                format!("givens: {} of {n} rows", self.givens.len()),
            ));
        }
        let cells: Vec<(&str, usize, usize)> = self
            .map
            .iter()
            .flat_map(|(row, l)| row.iter().map(move |(label, c)| (label.as_str(), *l, *c)))
            .collect();
        let mut spec = ShapeSpec {
            size: n,
            diagonals: self.variant.has_diagonals(),
            ..ShapeSpec::default()
        };
        if self.variant.has_cages() {
            let mut cage_of: HashMap<&str, usize> = HashMap::new();
            for (cell, &(label, _, _)) in cells.iter().enumerate() {
                if label == "." {
                    continue;
                }
                let next = spec.cages.len();
                let i = *cage_of.entry(label).or_insert(next);
                if i == next {
                    let Some(&(_, sum, _, _)) = self.sums.iter().find(|(s, ..)| s == label) else {
                        return Err(text_error(
                            line,
                            None,
                            format!(
                                "sums: the cage '{label}' (at r{}c{}) has no sum",
                                cell / n + 1,
                                cell % n + 1
                            ),
                        ));
                    };
                    spec.cages.push(Cage {
                        cells: Vec::new(),
                        sum,
                    });
                }
                spec.cages[i].cells.push(cell);
            }
            if let Some((label, _, l, c)) = self
                .sums
                .iter()
                .find(|(s, ..)| !cage_of.contains_key(s.as_str()))
            {
                return Err(text_error(
                    *l,
                    Some(*c),
                    format!("sums: no cage '{label}' in the cage map"),
                ));
            }
        } else {
            let mut region_of: HashMap<&str, usize> = HashMap::new();
            let mut regions = Vec::with_capacity(n * n);
            for &(label, l, c) in &cells {
                if label == "." {
                    return Err(text_error(
                        l,
                        Some(c),
                        "region map: every cell needs a region ('.' is none)".into(),
                    ));
                }
                let next = region_of.len();
                regions.push(*region_of.entry(label).or_insert(next));
            }
            spec.regions = Some(regions);
        }
        let mut givens = vec![0u8; n * n];
        for (r, (row, l)) in self.givens.iter().enumerate() {
            for (c, (token, col)) in row.iter().enumerate() {
                givens[r * n + c] = self.given(token, n, *l, *col)?;
            }
        }
        Ok((spec, givens, self.alphabet))
    }

    /// A given: one symbol of the alphabet, or a decimal number (for spaced rows of 10+).
    fn given(&self, token: &str, n: usize, line: usize, column: usize) -> Result<u8, ParseError> {
        let mut chars = token.chars();
        let bad = |allowed: String| {
            text_error(
                line,
                Some(column),
                format!("givens: '{token}' is not a digit ({allowed})"),
            )
        };
        match (chars.next(), chars.next()) {
            (Some(c), None) => match self.alphabet.read(c, n) {
                Symbol::Empty => Ok(0),
                Symbol::Digit(d) => Ok(d),
                Symbol::Invalid => Err(bad(self.alphabet.describe(n))),
            },
            _ => match token.parse::<usize>() {
                Ok(d) if (1..=n).contains(&d) => Ok(d as u8),
                _ => Err(bad(format!("1 to {n}, or '.'"))),
            },
        }
    }
}

/// A row's tokens at whitespace and `|`, with their 1-based columns.
fn split_cells(line: &str) -> Row {
    let mut cells = Vec::new();
    let mut current = String::new();
    let mut start = 0;
    for (i, c) in line.chars().enumerate() {
        if c.is_whitespace() || c == '|' {
            if !current.is_empty() {
                cells.push((std::mem::take(&mut current), start));
            }
        } else {
            if current.is_empty() {
                start = i + 1;
            }
            current.push(c);
        }
    }
    if !current.is_empty() {
        cells.push((current, start));
    }
    cells
}

/// The labels the writer gives: `a`–`z`, then `A`–`Z`, single characters while they last.
fn label(i: usize, count: usize) -> String {
    const LETTERS: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
    if count <= LETTERS.len() {
        char::from(LETTERS[i]).to_string()
    } else {
        // More pieces than letters: two letters each, cells spaced.
        let k = LETTERS.len();
        format!(
            "{}{}",
            char::from(LETTERS[(i / k) % k]),
            char::from(LETTERS[i % k])
        )
    }
}

/// Writes a killer or jigsaw in the shape form (ending with a newline).
pub(crate) fn write(
    geometry: &Geometry,
    givens: &[u8],
    alphabet: Alphabet,
) -> Result<String, WriteError> {
    let variant = geometry.variant();
    if variant.is_classic() {
        return Err(WriteError::Unsupported(format!(
            "the shape form is for killer and jigsaw puzzles, and this is a {variant} sudoku: use --to grid"
        )));
    }
    let n = geometry.size();
    let mut out = format!("{variant} {n}x{n}\n");
    let killer = variant.has_cages();
    let (pieces, count): (Vec<usize>, usize) = if killer {
        let cages = geometry.cages();
        (
            (0..n * n)
                .map(|c| geometry.cage_of(c).unwrap_or(0))
                .collect(),
            cages.len(),
        )
    } else {
        ((0..n * n).map(|c| geometry.region_of(c)).collect(), n)
    };
    out.push_str(if killer { "cages:\n" } else { "regions:\n" });
    let spaced = count > 52;
    for row in pieces.chunks(n) {
        let labels: Vec<String> = row.iter().map(|&p| label(p, count)).collect();
        out.push_str(&labels.join(if spaced { " " } else { "" }));
        out.push('\n');
    }
    if killer {
        let mut line = String::from("sums:");
        for (i, cage) in geometry.cages().iter().enumerate() {
            let pair = format!(" {}={}", label(i, count), cage.sum);
            if line.len() + pair.len() > 80 {
                out.push_str(&line);
                out.push('\n');
                line = String::from("sums:");
            }
            line.push_str(&pair);
        }
        out.push_str(&line);
        out.push('\n');
    }
    if !killer || givens.iter().any(|&d| d != 0) {
        out.push_str("givens:\n");
        for row in givens.chunks(n) {
            out.extend(row.iter().map(|&d| alphabet.symbol(d)));
            out.push('\n');
        }
    }
    Ok(out)
}
