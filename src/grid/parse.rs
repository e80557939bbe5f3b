//! Reading puzzles from text: one-line puzzles, multi-line grids (`.ss`, `.sdk` and plain),
//! and pencilmark grids in either form.
//!
//! [`PuzzleReader`] streams records from any `BufRead`: it holds at most one line (capped at
//! [`MAX_LINE_BYTES`]) and one partly read grid, so a 49,000-puzzle file or a 100 MB line costs
//! no more memory than a single puzzle. Every problem becomes a [`ParseError`] naming the line
//! and, where there is one, the column.

use std::collections::VecDeque;
use std::io::{self, BufRead};

use super::alphabet::{Alphabet, Symbol};
use super::board::{Grid, Puzzle};
use super::digits::Digits;
use super::error::{ParseError, ParseErrorKind};
use super::geometry::{Geometry, SIZES, Variant};

/// Longest line read; the rest of a longer line is skipped without being stored.
pub const MAX_LINE_BYTES: usize = 1 << 20;

/// What the reader is told rather than what it detects.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ReadOptions {
    pub variant: Variant,
    /// Forces the alphabet instead of detecting it.
    pub alphabet: Option<Alphabet>,
}

/// One puzzle of the input, or why its text is not one.
#[derive(Clone, Debug)]
pub struct Record {
    /// 1-based line where the puzzle starts.
    pub line: usize,
    /// The puzzle's text as written (its first line's first field), for echoing in output.
    pub text: String,
    pub result: Result<Puzzle, ParseError>,
}

/// Reads every puzzle of a text (a literal argument, a test string).
pub fn read_all(text: &str, options: ReadOptions) -> Vec<Record> {
    PuzzleReader::new(text.as_bytes(), options).collect()
}

/// Parses exactly one puzzle from a text, as for a literal command-line argument.
pub fn parse_puzzle(text: &str, options: ReadOptions) -> Result<Puzzle, ParseError> {
    let mut records = read_all(text, options).into_iter();
    match (records.next(), records.next()) {
        (Some(record), None) => record.result,
        (Some(_), Some(second)) => Err(ParseError::new(
            second.line,
            None,
            ParseErrorKind::BadCharacter {
                found: "a second puzzle".into(),
                allowed: "one puzzle".into(),
            },
        )),
        (None, _) => Err(ParseError::new(
            1,
            None,
            ParseErrorKind::Unreadable("no puzzle in the input".into()),
        )),
    }
}

/// A streaming reader of puzzle records.
pub struct PuzzleReader<R> {
    input: R,
    options: ReadOptions,
    line_no: usize,
    pending: Option<PendingGrid>,
    /// The alphabet of the previous puzzle, so ambiguous puzzles of a file read alike.
    last_alphabet: Option<Alphabet>,
    /// Inside a `.sdk` section other than `[Puzzle]` (such as `[State]`): its rows are skipped.
    skipping_section: bool,
    ready: VecDeque<Record>,
    finished: bool,
    line: Vec<u8>,
}

/// A multi-line grid being read, one row at a time.
struct PendingGrid {
    first_line: usize,
    size: usize,
    pencil: bool,
    /// One entry per cell: its text (one character, or a candidate list) and where it stood.
    cells: Vec<(Vec<char>, usize, usize)>,
    rows: usize,
    text: String,
}

/// A line's contents read as a grid row.
enum Row {
    /// One character per cell, with its column.
    Plain(Vec<(char, usize)>),
    /// One token of candidates per cell, with its starting column.
    Pencil(Vec<(Vec<char>, usize)>),
}

impl Row {
    fn len(&self) -> usize {
        match self {
            Row::Plain(cells) => cells.len(),
            Row::Pencil(cells) => cells.len(),
        }
    }
}

enum LineRead {
    Line,
    TooLong,
    Eof,
}

impl<R: BufRead> PuzzleReader<R> {
    pub fn new(input: R, options: ReadOptions) -> PuzzleReader<R> {
        PuzzleReader {
            input,
            options,
            line_no: 0,
            pending: None,
            last_alphabet: options.alphabet,
            skipping_section: false,
            ready: VecDeque::new(),
            finished: false,
            line: Vec::new(),
        }
    }

    /// Reads the next line into `self.line` without its newline, storing at most
    /// `MAX_LINE_BYTES`.
    fn read_line(&mut self) -> io::Result<LineRead> {
        self.line.clear();
        let mut too_long = false;
        let mut any = false;
        loop {
            let buf = match self.input.fill_buf() {
                Ok(buf) => buf,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if buf.is_empty() {
                break;
            }
            any = true;
            let (chunk, used, done) = match buf.iter().position(|&b| b == b'\n') {
                Some(i) => (&buf[..i], i + 1, true),
                None => (buf, buf.len(), false),
            };
            let room = MAX_LINE_BYTES.saturating_sub(self.line.len());
            if chunk.len() > room {
                too_long = true;
            }
            if !too_long {
                self.line.extend_from_slice(chunk);
            }
            self.input.consume(used);
            if done {
                break;
            }
        }
        if !any {
            return Ok(LineRead::Eof);
        }
        if self.line.last() == Some(&b'\r') {
            self.line.pop();
        }
        Ok(if too_long {
            self.line.clear();
            LineRead::TooLong
        } else {
            LineRead::Line
        })
    }

    fn push_error(
        &mut self,
        line: usize,
        column: Option<usize>,
        kind: ParseErrorKind,
        text: String,
    ) {
        self.ready.push_back(Record {
            line,
            text,
            result: Err(ParseError::new(line, column, kind)),
        });
    }

    /// Reports the grid under way as incomplete (another puzzle started, or the input ended).
    fn abandon_pending(&mut self) {
        if let Some(grid) = self.pending.take() {
            self.push_error(
                grid.first_line,
                None,
                ParseErrorKind::IncompleteGrid {
                    rows: grid.rows,
                    size: grid.size,
                },
                grid.text,
            );
        }
    }

    fn process_line(&mut self) {
        let line_no = self.line_no;
        let text = match std::str::from_utf8(&self.line) {
            Ok(text) => text.to_owned(),
            Err(e) => {
                let column = self.line[..e.valid_up_to()]
                    .iter()
                    .filter(|&&b| b & 0xC0 != 0x80)
                    .count()
                    + 1;
                let byte = self.line[e.valid_up_to()];
                self.abandon_pending();
                self.push_error(
                    line_no,
                    Some(column),
                    ParseErrorKind::BadCharacter {
                        found: format!("byte 0x{byte:02X} (not UTF-8 text)"),
                        allowed: "puzzle text".into(),
                    },
                    String::from_utf8_lossy(&self.line)
                        .chars()
                        .take(100)
                        .collect(),
                );
                return;
            }
        };
        let trimmed = text.trim();
        if trimmed.is_empty() {
            return;
        }
        if trimmed.starts_with('[') {
            let name = trimmed.trim_start_matches('[').trim_end_matches(']').trim();
            self.skipping_section = !name.eq_ignore_ascii_case("puzzle");
            return;
        }
        if trimmed.starts_with('#') || trimmed.starts_with(';') || self.skipping_section {
            return;
        }
        let indent = text.chars().take_while(|c| c.is_whitespace()).count();
        let token: Vec<char> = trimmed.chars().take_while(|c| !c.is_whitespace()).collect();
        let token_text: String = token.iter().collect();

        if self.pending.is_none()
            && let Some((size, pencil)) = one_line_shape(token.len())
        {
            let parsed = self.parse_one_line(&token, indent, size, pencil, line_no);
            // A 16-character line could be a 4×4 puzzle or the first row of a 16×16 grid: a
            // character a 4×4 cannot hold decides for the grid row.
            let is_grid_row = size == 4
                && !pencil
                && matches!(&parsed, Err(e) if matches!(e.kind, ParseErrorKind::BadCharacter { .. }));
            if !is_grid_row {
                if let Ok(puzzle) = &parsed {
                    self.last_alphabet = Some(puzzle.alphabet);
                }
                self.ready.push_back(Record {
                    line: line_no,
                    text: token_text,
                    result: parsed,
                });
                return;
            }
        }
        if self.pending.is_some() && one_line_shape(token.len()).is_some_and(|(n, _)| n != 4) {
            self.abandon_pending();
            return self.process_line();
        }
        if is_separator_line(trimmed) {
            return;
        }
        let row = split_row(&text);
        let expected = self.pending.as_ref().map(|p| (p.size, p.pencil));
        match expected {
            None if SIZES.contains(&row.len()) => {
                let pencil = matches!(row, Row::Pencil(_));
                self.pending = Some(PendingGrid {
                    first_line: line_no,
                    size: row.len(),
                    pencil,
                    cells: Vec::with_capacity(row.len() * row.len()),
                    rows: 0,
                    text: token_text,
                });
                self.add_row(row, line_no);
            }
            None => {
                let kind = if token.len() > 36 {
                    let (expected, size, pencilmark) = nearest_shape(token.len());
                    ParseErrorKind::WrongLength {
                        found: token.len(),
                        expected,
                        size,
                        pencilmark,
                    }
                } else {
                    ParseErrorKind::UnknownRowLength { found: row.len() }
                };
                self.push_error(line_no, None, kind, token_text);
            }
            Some((size, pencil)) => {
                let row = match (row, pencil) {
                    // A pencilmark grid row whose cells all hold one candidate reads as plain.
                    (Row::Plain(cells), true) if cells.len() == size => {
                        Row::Pencil(cells.into_iter().map(|(c, col)| (vec![c], col)).collect())
                    }
                    (row, _) => row,
                };
                let matches_kind = matches!(row, Row::Pencil(_)) == pencil;
                if row.len() != size || !matches_kind {
                    let pending = self.pending.take();
                    let text = pending.map(|p| p.text).unwrap_or_default();
                    self.push_error(
                        line_no,
                        None,
                        ParseErrorKind::WrongRowLength {
                            found: row.len(),
                            expected: size,
                        },
                        text,
                    );
                } else {
                    self.add_row(row, line_no);
                }
            }
        }
    }

    fn add_row(&mut self, row: Row, line_no: usize) {
        let Some(grid) = self.pending.as_mut() else {
            return;
        };
        match row {
            Row::Plain(cells) => grid
                .cells
                .extend(cells.into_iter().map(|(c, col)| (vec![c], line_no, col))),
            Row::Pencil(cells) => grid
                .cells
                .extend(cells.into_iter().map(|(t, col)| (t, line_no, col))),
        }
        grid.rows += 1;
        if grid.rows == grid.size
            && let Some(grid) = self.pending.take()
        {
            let result = self.finish_grid(&grid);
            if let Ok(puzzle) = &result {
                self.last_alphabet = Some(puzzle.alphabet);
            }
            self.ready.push_back(Record {
                line: grid.first_line,
                text: grid.text,
                result,
            });
        }
    }

    fn alphabet_for(&self, chars: &[char], size: usize) -> Alphabet {
        match self.options.alphabet {
            Some(forced) => forced,
            None => Alphabet::detect(chars, size, self.last_alphabet),
        }
    }

    fn geometry(&self, size: usize, line: usize) -> Result<&'static Geometry, ParseError> {
        Geometry::get(size, self.options.variant).map_err(|e| ParseError::new(line, None, e.into()))
    }

    fn parse_one_line(
        &self,
        token: &[char],
        indent: usize,
        size: usize,
        pencil: bool,
        line: usize,
    ) -> Result<Puzzle, ParseError> {
        let geometry = self.geometry(size, line)?;
        let alphabet = self.alphabet_for(token, size);
        check_alphabet(alphabet, size, line)?;
        if pencil {
            let mut marks = Vec::with_capacity(size * size);
            for (cell, block) in token.chunks(size).enumerate() {
                let mut set = Digits::EMPTY;
                for (i, &c) in block.iter().enumerate() {
                    let column = cell * size + i + indent + 1;
                    match alphabet.read(c, size) {
                        Symbol::Empty => {}
                        Symbol::Digit(d) if d as usize == i + 1 => set.insert(d),
                        _ => {
                            return Err(ParseError::new(
                                line,
                                Some(column),
                                ParseErrorKind::BadCharacter {
                                    found: super::alphabet::describe_char(c),
                                    allowed: format!(
                                        "'{}' at this position of the cell, or '.'",
                                        alphabet.symbol(i as u8 + 1)
                                    ),
                                },
                            ));
                        }
                    }
                }
                marks.push(set);
            }
            finish_pencilmarks(geometry, marks, alphabet, line)
        } else {
            if let Some((i, kind)) = alphabet.first_invalid(token, size) {
                return Err(ParseError::new(line, Some(i + indent + 1), kind));
            }
            let cells = token
                .iter()
                .map(|&c| match alphabet.read(c, size) {
                    Symbol::Digit(d) => d,
                    _ => 0,
                })
                .collect();
            finish_givens(geometry, cells, alphabet, line)
        }
    }

    fn finish_grid(&self, grid: &PendingGrid) -> Result<Puzzle, ParseError> {
        let size = grid.size;
        let geometry = self.geometry(size, grid.first_line)?;
        let all: Vec<char> = grid
            .cells
            .iter()
            .flat_map(|(t, _, _)| t.iter().copied())
            .collect();
        let alphabet = self.alphabet_for(&all, size);
        check_alphabet(alphabet, size, grid.first_line)?;
        let read = |c: char, line: usize, column: usize| match alphabet.read(c, size) {
            Symbol::Invalid => Err(ParseError::new(
                line,
                Some(column),
                ParseErrorKind::BadCharacter {
                    found: super::alphabet::describe_char(c),
                    allowed: alphabet.describe(size),
                },
            )),
            symbol => Ok(symbol),
        };
        if grid.pencil {
            let mut marks = Vec::with_capacity(size * size);
            for (token, line, column) in &grid.cells {
                let mut set = Digits::EMPTY;
                for (i, &c) in token.iter().enumerate() {
                    if let Symbol::Digit(d) = read(c, *line, column + i)? {
                        set.insert(d);
                    }
                }
                marks.push(set);
            }
            finish_pencilmarks(geometry, marks, alphabet, grid.first_line)
        } else {
            let mut cells = Vec::with_capacity(size * size);
            for (token, line, column) in &grid.cells {
                let digit = match token.first() {
                    Some(&c) => match read(c, *line, *column)? {
                        Symbol::Digit(d) => d,
                        _ => 0,
                    },
                    None => 0,
                };
                cells.push(digit);
            }
            finish_givens(geometry, cells, alphabet, grid.first_line)
        }
    }
}

fn check_alphabet(alphabet: Alphabet, size: usize, line: usize) -> Result<(), ParseError> {
    if alphabet.supports(size) {
        Ok(())
    } else {
        Err(ParseError::new(
            line,
            None,
            ParseErrorKind::Unreadable(format!(
                "the {} alphabet has too few symbols for {size}×{size}",
                alphabet.name()
            )),
        ))
    }
}

fn finish_givens(
    geometry: &'static Geometry,
    cells: Vec<u8>,
    alphabet: Alphabet,
    line: usize,
) -> Result<Puzzle, ParseError> {
    let givens =
        Grid::from_cells(geometry, cells).map_err(|e| ParseError::new(line, None, e.into()))?;
    let puzzle = Puzzle {
        givens,
        pencilmarks: None,
        alphabet,
    };
    puzzle
        .validate()
        .map_err(|kind| ParseError::new(line, None, kind))?;
    Ok(puzzle)
}

fn finish_pencilmarks(
    geometry: &'static Geometry,
    marks: Vec<Digits>,
    alphabet: Alphabet,
    line: usize,
) -> Result<Puzzle, ParseError> {
    let puzzle = Puzzle {
        givens: Grid::empty(geometry),
        pencilmarks: Some(marks),
        alphabet,
    };
    puzzle
        .validate()
        .map_err(|kind| ParseError::new(line, None, kind))?;
    Ok(puzzle)
}

impl<R: BufRead> Iterator for PuzzleReader<R> {
    type Item = Record;

    fn next(&mut self) -> Option<Record> {
        while self.ready.is_empty() && !self.finished {
            self.line_no += 1;
            match self.read_line() {
                Ok(LineRead::Line) => self.process_line(),
                Ok(LineRead::TooLong) => {
                    self.abandon_pending();
                    let line = self.line_no;
                    self.push_error(
                        line,
                        None,
                        ParseErrorKind::LineTooLong {
                            max: MAX_LINE_BYTES,
                        },
                        String::new(),
                    );
                }
                Ok(LineRead::Eof) => {
                    self.abandon_pending();
                    self.finished = true;
                }
                Err(e) => {
                    self.abandon_pending();
                    let line = self.line_no;
                    self.push_error(
                        line,
                        None,
                        ParseErrorKind::Unreadable(e.to_string()),
                        String::new(),
                    );
                    self.finished = true;
                }
            }
        }
        self.ready.pop_front()
    }
}

/// The size and kind of a one-line puzzle of `len` characters: N² plain or N³ pencilmarks.
fn one_line_shape(len: usize) -> Option<(usize, bool)> {
    SIZES.iter().find_map(|&n| {
        if len == n * n {
            Some((n, false))
        } else if len == n * n * n {
            Some((n, true))
        } else {
            None
        }
    })
}

/// The one-line shape closest to a wrong length, for the error message: (cells, N, pencilmark).
fn nearest_shape(len: usize) -> (usize, usize, bool) {
    SIZES
        .iter()
        .filter(|&&n| n > 4)
        .flat_map(|&n| [(n * n, n, false), (n * n * n, n, true)])
        .min_by_key(|&(expected, _, _)| expected.abs_diff(len))
        .unwrap_or((81, 9, false))
}

/// Box-drawing characters (U+2500–U+257F) are borders in pretty-printed grids.
fn is_box_drawing(c: char) -> bool {
    ('\u{2500}'..='\u{257F}').contains(&c)
}

/// A border line: only rule characters, with at least one horizontal rule in it.
fn is_separator_line(line: &str) -> bool {
    line.chars()
        .all(|c| c.is_whitespace() || "-=+|.:*'".contains(c) || is_box_drawing(c))
        && line
            .chars()
            .any(|c| c == '-' || c == '=' || is_box_drawing(c))
}

/// Characters inside a row that only separate boxes.
fn is_row_separator(c: char) -> bool {
    c == '|' || c == ':' || c == '+' || c == '-' || c == '*' || is_box_drawing(c)
}

/// Reads a line as a grid row: one character per cell, or (when whitespace separates multi-
/// character tokens, as in a candidate grid) one token of candidates per cell.
fn split_row(line: &str) -> Row {
    let mut tokens: Vec<(Vec<char>, usize)> = Vec::new();
    let mut current: Vec<char> = Vec::new();
    let mut start = 0;
    for (i, c) in line.chars().enumerate() {
        if c.is_whitespace() || is_row_separator(c) {
            if !current.is_empty() {
                tokens.push((std::mem::take(&mut current), start));
            }
        } else {
            if current.is_empty() {
                start = i + 1;
            }
            current.push(c);
        }
    }
    if !current.is_empty() {
        tokens.push((current, start));
    }
    let total: usize = tokens.iter().map(|(t, _)| t.len()).sum();
    let all_single = tokens.iter().all(|(t, _)| t.len() == 1);
    let plain = all_single
        || (SIZES.contains(&total)
            && (!SIZES.contains(&tokens.len()) || total == tokens.len() * tokens.len()))
        || !SIZES.contains(&tokens.len());
    if plain {
        Row::Plain(
            tokens
                .into_iter()
                .flat_map(|(t, start)| t.into_iter().enumerate().map(move |(i, c)| (c, start + i)))
                .collect(),
        )
    } else {
        Row::Pencil(tokens)
    }
}
